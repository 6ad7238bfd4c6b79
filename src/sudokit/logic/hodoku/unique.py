"""HoDoKu 2.2.0's uniqueness steps: BUG+1 (2900), uniqueness tests 1-6 (3500-4000) and
hidden rectangles (4010), found as HoDoKu's uniqueness solver finds them.

[HD] `src/solver/UniquenessSolver.java` (`getBugPlus1`, `getUniqueness`,
`findUniquenessForStartCell`, `checkURForStep`, `checkUniqueness3Recursive`,
`checkHiddenRectangle`, `checkRect`).

Unique rectangles, in our words: the start cells are the bivalue cells (ascending) with
their two values; the second corner is another cell of the start cell's box in its row or
column (box order) where both values are still allowed (no placed peer holds them: HoDoKu
allows missing candidates); the other two corners are the cells of the two crossing lines,
outside the box, line order, where the values are allowed (HoDoKu checks the first of them
for the first value only).  A rectangle is examined once per grid (HoDoKu's key
((a*10+b)*10+c)*10+d of the sorted corners, which can confuse two rectangles, and at most
400 of them).  For each rectangle the tests run in the order type 1, 2/5, 3 (row, column,
box), 4, 6, hidden rectangle; the first step found of the type asked for is taken, the
others are remembered for the later types of the same grid (HoDoKu's cache).

HoDoKu's BUG+1 does not place
the value: it deletes the other candidates of the one cell with three candidates (the
placement then comes as a naked single, a separate step of 4 points).  It applies when
every unsolved cell but one is bivalue, that cell has three candidates, no unit holds a
value more than three times, and the units holding a value three times are, one per
unit kind, the row, column and box of that cell, all for one value that the cell holds.
"""

from __future__ import annotations

from ..core.bits import POPCOUNT9, VALUES_OF9, cells_of
from ..core.tables import HODOKU
from ..techniques.uniqueness import _subsets

_CELL_UNITS = HODOKU.cell_units
_UNIT_CELLS = HODOKU.unit_cells
_UNIT_BITS = HODOKU.unit_bits
_PEER_BITS = HODOKU.peer_bits

__all__ = ["bug_plus_1"]


def bug_plus_1(board):
    """HoDoKu's BUG+1 deletions [(cell, value)] on board, or None."""
    cands, free = board.cands, board.free
    index3 = -1
    for c in range(81):
        n = POPCOUNT9[cands[c]]
        if n > 3:
            return None
        if n == 3:
            if index3 != -1:
                return None
            index3 = c
    if index3 == -1:
        return None
    cand3 = -1
    bug = [-1, -1, -1]
    for unit in range(27):
        for v in range(1, 10):
            n = free[unit][v]
            if n > 3:
                return None
            if n == 3:
                if bug[unit // 9] != -1 or (cand3 != -1 and cand3 != v):
                    return None
                cand3 = v
                bug[unit // 9] = unit
    if cand3 == -1 or not cands[index3] >> (cand3 - 1) & 1:
        return None
    if list(_CELL_UNITS[index3]) != bug:
        return None
    return [(index3, v) for v in VALUES_OF9[cands[index3]] if v != cand3]


UR_TYPES = ("u1", "u2", "u3", "u4", "u5", "u6", "hr")
_CACHE = {}


def uniqueness(board, kind: str):
    """HoDoKu's first uniqueness step of kind ("u1" .. "u6", "hr") on board: deletions
    [(cell, value)] or None.  All rectangles are examined once per grid; the steps found
    are kept per grid, in the order found."""
    key = (tuple(board.cands), tuple(board.values))
    found = _CACHE.get(key)
    if found is None:
        _CACHE.clear()
        found = _CACHE[key] = _all_rectangle_steps(board)
    for k, dels in found:
        if k == kind:
            return dels
    return None


def _all_rectangle_steps(board):
    """Every uniqueness step of the board in HoDoKu's discovery order: [(type, deletions)]."""
    cands = board.cands
    allowed = board.allowed()
    out, rects = [], []
    for i in range(81):
        if POPCOUNT9[cands[i]] != 2:
            continue
        c1, c2 = VALUES_OF9[cands[i]]
        _start_cell(board, allowed, i, c1, c2, rects, out)
    return out


def _crossings(i11):
    """[(i12, [(i21, i22)])]: the rectangles from start cell i11 (see the module docstring)."""
    row11, col11, box11 = i11 // 9, i11 % 9, _CELL_UNITS[i11][2]
    out = []
    for i12 in _UNIT_CELLS[box11]:
        if i12 != i11 and (row11 == i12 // 9 or col11 == i12 % 9):
            lines = row11 == i12 // 9
            unit11 = _UNIT_CELLS[9 + col11] if lines else _UNIT_CELLS[row11]
            unit12 = _UNIT_CELLS[9 + i12 % 9] if lines else _UNIT_CELLS[i12 // 9]
            out.append((i12, [(unit11[j], unit12[j]) for j in range(9)
                              if _CELL_UNITS[unit11[j]][2] != box11]))
    return out


_CROSSINGS = [_crossings(c) for c in range(81)]


def _first_time(rects, corners) -> bool:
    """False when HoDoKu has seen the rectangle (its key, at most 400 kept; see above)."""
    a, b, c, d = sorted(corners)
    rect = ((a * 10 + b) * 10 + c) * 10 + d
    if rect in rects:
        return False
    if len(rects) < 400:
        rects.append(rect)
    return True


def _start_cell(g, allowed, i11, c1, c2, rects, out):
    a1, a2 = allowed[c1], allowed[c2]
    for i12, pairs in _CROSSINGS[i11]:
        if g.values[i12] or not (a1 >> i12 & 1 and a2 >> i12 & 1):
            continue
        for i21, i22 in pairs:
            if a1 >> i21 & 1 and a1 >> i22 & 1 and a2 >> i22 & 1 \
                    and _first_time(rects, (i11, i12, i21, i22)):
                _check_rectangle(g, (i11, i12, i21, i22), c1, c2, out)


def _check_rectangle(g, corners, c1, c2, out):
    """checkURForStep: append every step of this rectangle to out, in HoDoKu's order."""
    cands, where = g.cands, g.where
    ur = (1 << (c1 - 1)) | (1 << (c2 - 1))
    two = sorted(c for c in corners if not cands[c] & ~ur)
    extra = sorted(c for c in corners if cands[c] & ~ur)
    n2 = len(two)
    if n2 == 3:
        d = extra[0]
        dels = [(d, v) for v in (c1, c2) if cands[d] >> (v - 1) & 1]
        if dels:
            out.append(("u1", dels))
    if n2 in (1, 2):
        add, seen = 0, (1 << 81) - 1
        for c in extra:
            add |= cands[c] & ~ur
            if POPCOUNT9[add] > 1:
                break
            seen &= _PEER_BITS[c]
        if POPCOUNT9[add] == 1:
            v = add.bit_length()
            m = seen & where[v]
            if m:
                i1, i2 = extra[0], extra[1]
                kind = "u2"
                if len(extra) == 3 or (i1 // 9 != i2 // 9 and i1 % 9 != i2 % 9):
                    kind = "u5"
                out.append((kind, [(c, v) for c in cells_of(m)]))
    if n2 == 2:
        i1, i2 = extra
        u3 = 0
        for c in extra:
            u3 |= cands[c] & ~ur
        if i1 // 9 == i2 // 9:
            _type3(g, "line", i1 // 9, u3, ur, two, extra, out)
        if i1 % 9 == i2 % 9:
            _type3(g, "col", 9 + i1 % 9, u3, ur, two, extra, out)
        if _CELL_UNITS[i1][2] == _CELL_UNITS[i2][2]:
            _type3(g, "box", _CELL_UNITS[i1][2], u3, ur, two, extra, out)
        if i1 // 9 == i2 // 9 or i1 % 9 == i2 % 9:
            both = _PEER_BITS[i1] & _PEER_BITS[i2]
            delc = -1
            if not both & where[c1]:
                delc = c2
            elif not both & where[c2]:
                delc = c1
            if delc != -1:
                dels = [(c, delc) for c in (i1, i2) if cands[c] >> (delc - 1) & 1]
                if dels:
                    out.append(("u4", dels))
        else:
            lines = (_UNIT_BITS[i1 // 9] | _UNIT_BITS[9 + i1 % 9] | _UNIT_BITS[i2 // 9] | _UNIT_BITS[9 + i2 % 9])
            for c in corners:
                lines &= ~(1 << c)
            delc = -1
            if not lines & where[c1]:
                delc = c1
            elif not lines & where[c2]:
                delc = c2
            if delc != -1:
                dels = [(c, delc) for c in (i1, i2) if cands[c] >> (delc - 1) & 1]
                if dels:
                    out.append(("u6", dels))
    if n2 in (1, 2):
        i1 = two[0]
        do = not (n2 == 2 and (two[0] // 9 == two[1] // 9 or two[0] % 9 == two[1] % 9))
        if do:
            _hidden_rectangle(g, i1, corners, c1, c2, extra, out)
            if n2 == 2:
                _hidden_rectangle(g, two[1], corners, c1, c2, extra, out)


def _hidden_rectangle(g, corner, corners, c1, c2, extra, out):
    i1, i2 = extra[0], extra[1]
    line = i1 // 9 if i1 // 9 != corner // 9 else i2 // 9
    col = i1 % 9 if i1 % 9 != corner % 9 else i2 % 9
    rect = 0
    for c in corners:
        rect |= 1 << c
    for a, b in ((c1, c2), (c2, c1)):
        if g.where[a] & _UNIT_BITS[line] & ~rect or g.where[a] & _UNIT_BITS[9 + col] & ~rect:
            continue
        d = line * 9 + col
        if g.cands[d] >> (b - 1) & 1:
            out.append(("hr", [(d, b)]))


def _type3(g, kind, unit_index, u3, ur, two, extra, out):
    """checkUniqueness3: naked subsets of the unit with the two extra cells as one (grown
    as the ladder's type 3 grows them; a box set may not lie in one row or column)."""
    cands, values = g.cands, g.values
    unit = _UNIT_CELLS[unit_index]
    rect = set(two) | set(extra)
    pool = sorted(c for c in unit if cands[c] and not cands[c] & ur and c not in rect)
    for group, mask in _subsets(pool, cands, u3, len(pool)):
        now_cells = extra + group
        if kind == "box" and (len({c // 9 for c in now_cells}) == 1
                              or len({c % 9 for c in now_cells}) == 1):
            continue
        dels = []
        for c in unit:
            if not values[c] and c not in now_cells:
                dels.extend((c, v) for v in VALUES_OF9[cands[c] & mask])
        if dels:
            if kind in ("line", "col"):
                boxes = {_CELL_UNITS[c][2] for c in now_cells}
                if len(boxes) == 1:
                    for c in _UNIT_CELLS[boxes.pop()]:
                        if not values[c] and c not in now_cells:
                            dels.extend((c, v) for v in VALUES_OF9[cands[c] & mask])
            out.append(("u3", dels))


def avoidable_rectangle(board, kind: str):
    """HoDoKu's first avoidable rectangle of kind ("ar1" 4020, "ar2" 4030): deletions or None.

    [HD] UniquenessSolver.getAllAvoidableRectangles / checkAvoidableRectangle: the start
    cells are the placed, non-given cells (ascending) with their value v1; the second
    corner a placed non-given cell of the box in the start cell's row or column (value v2);
    the other corners, on the crossing lines outside the box, are (v2 placed non-given,
    empty bivalue with v1), (empty bivalue with v2, v1 placed non-given) or two empty
    bivalue cells with v2 and v1.  Type 1 (a corner placed) deletes v1 / v2 from the empty
    corner; type 2 deletes the bivalue corners' common other value from the cells seeing
    both.  Steps found while searching type 1 are remembered for type 2 (same grid)."""
    key = ("ar", tuple(board.cands), tuple(board.values))
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _all_avoidable(board)
    for k, dels in found:
        if k == kind:
            return dels
    return None


def _all_avoidable(board):
    cands, values, where, givens = board.cands, board.values, board.where, board.givens
    out, rects = [], []
    placed = [values[c] != 0 and not givens >> c & 1 for c in range(81)]
    for i11 in range(81):
        if not placed[i11]:
            continue
        v1 = values[i11]
        for i12, pairs in _CROSSINGS[i11]:
            if not placed[i12]:
                continue
            v2 = values[i12]
            for i21, i22 in pairs:
                bi21 = not values[i21] and cands[i21] >> (v2 - 1) & 1 and POPCOUNT9[cands[i21]] == 2
                bi22 = not values[i22] and cands[i22] >> (v1 - 1) & 1 and POPCOUNT9[cands[i22]] == 2
                if not ((values[i21] == v2 and placed[i21] and bi22)
                        or (values[i22] == v1 and placed[i22] and bi21) or (bi21 and bi22)) \
                        or not _first_time(rects, (i11, i12, i21, i22)):
                    continue
                if values[i21] or values[i22]:
                    if values[i21]:
                        dels = [(i22, v1)] if cands[i22] >> (v1 - 1) & 1 else []
                    else:
                        dels = [(i21, v2)] if cands[i21] >> (v2 - 1) & 1 else []
                    if dels:
                        out.append(("ar1", dels))
                else:
                    other = cands[i21] & ~(1 << (v2 - 1))
                    add = other.bit_length()
                    if not cands[i22] >> (add - 1) & 1:
                        continue
                    m = _PEER_BITS[i21] & _PEER_BITS[i22] & where[add]
                    if m:
                        out.append(("ar2", [(c, add) for c in cells_of(m)]))
    return out
