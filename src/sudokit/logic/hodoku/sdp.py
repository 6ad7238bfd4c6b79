"""HoDoKu 2.2.0's single-digit patterns: skyscraper (3000), 2-string kite (3100) and empty
rectangle (3170), found in the order HoDoKu's single digit pattern solver finds them
(docs/se-rating.md section 10).  HoDoKu's default options: no dual kites / rectangles,
no empty rectangles with only two candidates in the box.

[HD] `src/solver/SingleDigitPatternSolver.java` (`findSkyscraper`, `findTwoStringKite`,
`findEmptyRectanglesForCandidate`, `checkEmptyRectangle`).  The first instance is taken:

* Skyscraper: rows first, then columns; per value (ascending) the lines holding it exactly
  twice (their two cells in line order); pairs of such lines i < j whose first (else
  second) cells share a column (row) while the other cells do not; the value is deleted
  from the cells seeing both other cells.
* 2-string kite: per value, the rows then columns holding it twice; a row and a column
  with one cell each in a common box (cells all different): the value is deleted from
  the cell in the other row cell's column and the other column cell's row.
* Empty rectangle: per value, per box holding it 2-5 times, per excluded 2x2 corner of the
  box (HoDoKu's nine patterns): the value must be in the box's remaining row and column
  (at least two cells in one of them) and outside the crossing cell; then a conjugate
  pair in a column (row) through a cell of that row (column) outside the box deletes
  the value where its other end's row (column) meets the box's column (row).
"""

from __future__ import annotations

from ..core.bits import cells_of
from ..core.tables import HODOKU

_CELL_UNITS = HODOKU.cell_units
_UNIT_CELLS = HODOKU.unit_cells
_UNIT_BITS = HODOKU.unit_bits
_PEER_BITS = HODOKU.peer_bits

__all__ = ["skyscraper", "two_string_kite", "empty_rectangle"]

_ER_OFFSETS = ((0, 1, 9, 10), (0, 2, 9, 11), (1, 2, 10, 11), (0, 1, 18, 19), (0, 2, 18, 20),
               (1, 2, 19, 20), (9, 10, 18, 19), (9, 11, 18, 20), (10, 11, 19, 20))
_ER_LINE = (2, 2, 2, 1, 1, 1, 0, 0, 0)
_ER_COL = (2, 1, 0, 2, 1, 0, 2, 1, 0)


def _pairs(where, free, v, units):
    """[(cell a, cell b)] of the units holding v exactly twice, in unit order."""
    return [tuple(cells_of(_UNIT_BITS[u] & where[v])) for u in units if free[u][v] == 2]


def skyscraper(board):
    """HoDoKu's first skyscraper deletions [(cell, value)] or None."""
    free, where = board.free, board.where
    for lines in (True, False):
        key = (lambda c: c % 9) if lines else (lambda c: c // 9)
        for v in range(1, 10):
            pairs = _pairs(where, free, v, range(9) if lines else range(9, 18))
            for i in range(len(pairs)):
                for j in range(i + 1, len(pairs)):
                    a, b = pairs[i], pairs[j]
                    if key(a[0]) == key(b[0]):
                        other = 1
                    elif key(a[1]) == key(b[1]):
                        other = 0
                    else:
                        continue
                    if key(a[other]) == key(b[other]):
                        continue
                    m = where[v] & _PEER_BITS[a[other]] & _PEER_BITS[b[other]]
                    if m:
                        return [(c, v) for c in cells_of(m)]
    return None


def two_string_kite(board):
    """HoDoKu's first 2-string kite deletion or None."""
    cands, free, where = board.cands, board.free, board.where
    for v in range(1, 10):
        rows = _pairs(where, free, v, range(9))
        cols = _pairs(where, free, v, range(9, 18))
        rows = [list(p) for p in rows]
        cols = [list(p) for p in cols]
        box = lambda c: _CELL_UNITS[c][2]  # noqa: E731
        for a in rows:
            for b in cols:
                if box(a[0]) == box(b[0]):
                    pass
                elif box(a[0]) == box(b[1]):
                    b[0], b[1] = b[1], b[0]
                elif box(a[1]) == box(b[0]):
                    a[0], a[1] = a[1], a[0]
                elif box(a[1]) == box(b[1]):
                    b[0], b[1] = b[1], b[0]
                    a[0], a[1] = a[1], a[0]
                else:
                    continue
                if a[0] in b or a[1] in b:
                    continue
                cross = (b[1] // 9) * 9 + a[1] % 9
                if cands[cross] >> (v - 1) & 1:
                    return [(cross, v)]
    return None


def empty_rectangle(board):
    """HoDoKu's first empty rectangle deletion or None."""
    cands, free, where = board.cands, board.free, board.where
    for v in range(1, 10):
        for b in range(9):
            if not 2 <= free[18 + b][v] <= 5:
                continue
            in_box = where[v] & _UNIT_BITS[18 + b]
            base = (b // 3) * 27 + (b % 3) * 3
            for j in range(9):
                hole = sum(1 << (base + o) for o in _ER_OFFSETS[j])
                if in_box & hole:
                    continue
                line, col = (b // 3) * 3 + _ER_LINE[j], (b % 3) * 3 + _ER_COL[j]
                on_line = in_box & _UNIT_BITS[line]
                on_col = in_box & _UNIT_BITS[9 + col]
                enough = bin(on_line).count("1") >= 2 or bin(on_col).count("1") >= 2
                if not on_line & ~_UNIT_BITS[9 + col] or not on_col & ~_UNIT_BITS[line]:
                    continue
                if not enough:
                    continue
                for unit, reversed_ in ((line, False), (9 + col, True)):
                    first = col if not reversed_ else line
                    dels = _er_check(cands, where, v, b, _UNIT_CELLS[unit], first, reversed_)
                    if dels:
                        return dels
    return None


def _er_check(cands, where, v, b, cells, first, reversed_):
    for index in cells:
        if not cands[index] or _CELL_UNITS[index][2] == 18 + b or not cands[index] >> (v - 1) & 1:
            continue
        cross = _UNIT_BITS[index // 9] if reversed_ else _UNIT_BITS[9 + index % 9]
        pair = where[v] & cross
        if bin(pair).count("1") != 2:
            continue
        index2 = (pair & ~(1 << index)).bit_length() - 1
        far = _UNIT_BITS[9 + index2 % 9] if reversed_ else _UNIT_BITS[index2 // 9]
        for d in cells_of(where[v] & far):
            if _CELL_UNITS[d][2] == 18 + b:
                continue
            if (d // 9 if reversed_ else d % 9) == first:
                return [(d, v)]
    return None
