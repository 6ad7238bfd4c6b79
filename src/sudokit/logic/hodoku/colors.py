"""HoDoKu 2.2.0's colouring: simple colors (5330) and multi colors (5360), found in the
order HoDoKu's colouring solver finds them (docs/se-rating.md section 10).

[HD] `src/solver/ColoringSolver.java` (`doColoring`, `doColoringForColorRecursive`,
`findSimpleColorStepsForCandidate`, `findMultiColorStepsForCandidate`).  The first step is
taken.  Per value (ascending), the cells of the value lying in a unit that holds it
exactly twice are coloured: from the lowest uncoloured such cell, depth-first along the
conjugate pairs of its row, column and box (in that order), alternating two colours; a
cluster with only one colour is dropped.

* Simple colors, per cluster: a colour with two cells seeing each other is deleted
  (wrap); else the cells seeing a cell of each colour lose the value (trap).
* Multi colors, per ordered pair of clusters (i, j): a colour of i with cells seeing both
  colours of j is deleted (HoDoKu's type "2"); else, for each pair of colours of i and j
  with cells seeing each other, the cells seeing the other colour of i and the other
  colour of j lose the value (HoDoKu's type "1").
"""

from __future__ import annotations

from ..core.bits import cells_of
from ..core.tables import HODOKU
from ..techniques.coloring import sees_some

_CELL_UNITS = HODOKU.cell_units
_UNIT_BITS = HODOKU.unit_bits
_PEER_BITS = HODOKU.peer_bits

__all__ = ["simple_colors", "multi_colors"]


def _clusters(board, v):
    """([(colour 1 cells, colour 2 cells)], cells of v) of the value, HoDoKu's doColoring."""
    free, where = board.free, board.where[v]
    start = 0
    for c in cells_of(where):
        if any(free[u][v] == 2 for u in _CELL_UNITS[c]):
            start |= 1 << c
    out = []
    while start:
        sets = [0, 0]
        first = (start & -start).bit_length() - 1

        def colour(index, on):
            nonlocal start
            if index == -1 or not start >> index & 1:
                return
            sets[on] |= 1 << index
            start &= ~(1 << index)
            for u in _CELL_UNITS[index]:
                other = -1
                if free[u][v] == 2:
                    other = (_UNIT_BITS[u] & where & ~(1 << index)).bit_length() - 1
                colour(other, 1 - on)

        colour(first, 0)
        if sets[0] and sets[1]:
            out.append((sets[0], sets[1]))
    return out, where


def _sees(cells: int) -> int:
    """The cells that see a cell of the mask (the ladder's helper on HoDoKu's grid)."""
    return sees_some(_PEER_BITS, cells)


def _trap(a, b, where):
    """The cells of where seeing a cell of a and a cell of b."""
    return _sees(a) & _sees(b) & where


def simple_colors(board):
    """HoDoKu's first simple colors step on board: deletions [(cell, value)] or None."""
    for v in range(1, 10):
        clusters, where = _clusters(board, v)
        for s1, s2 in clusters:
            dels = []
            for s in (s1, s2):
                if _sees(s) & s:
                    dels.extend((c, v) for c in cells_of(s))
            if dels:
                return dels
            m = _trap(s1, s2, where)
            if m:
                return [(c, v) for c in cells_of(m)]
    return None


def multi_colors(board):
    """HoDoKu's first multi colors step on board: deletions or None."""
    for v in range(1, 10):
        clusters, where = _clusters(board, v)
        for i, (s11, s12) in enumerate(clusters):
            for j, (s21, s22) in enumerate(clusters):
                if i == j:
                    continue
                dels = []
                for s in (s11, s12):
                    if _sees(s) & s21 and _sees(s) & s22:
                        dels.extend((c, v) for c in cells_of(s))
                if dels:
                    return dels
                for a, b, rest_a, rest_b in ((s11, s21, s12, s22), (s11, s22, s12, s21),
                                             (s12, s21, s11, s22), (s12, s22, s11, s21)):
                    if _sees(a) & b:
                        dels.extend((c, v) for c in cells_of(_trap(rest_a, rest_b, where)))
                if dels:
                    return dels
    return None
