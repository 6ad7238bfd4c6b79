"""HoDoKu 2.2.0's locked candidates and naked / hidden subsets (1000-2100), in its scan
orders.

[HD] `src/solver/SimpleSolver.java` (`findAllLockedCandidates`, `findNakedXle`,
`findHiddenXle`, `createSubsetStep`).  Each finder takes a ``HodokuBoard`` and returns the
first step's deletions [(cell, value)] in HoDoKu's order, or None:

* locked pair / triple: naked pairs / triples of a box whose cells also share a row or
  column, and whose deletions reach both that line and the box;
* pointing (boxes) and claiming (rows, then columns): a value with two or three cells in
  a unit, all in one crossing unit that holds the value elsewhere too;
* naked subsets: boxes, rows, columns; combinations of the cells with 1..n candidates;
* hidden subsets: boxes, rows, columns; combinations of the values with 1..n cells.
"""

from __future__ import annotations

from ..core.bits import POPCOUNT9, VALUES_OF9, cells_of, closed_sets
from ..core.tables import HODOKU

__all__ = ["naked", "hidden", "locked_candidates"]

_CELL_UNITS = HODOKU.cell_units
_UNIT_CELLS, _UNIT_BITS = HODOKU.unit_cells, HODOKU.unit_bits
_BOXES, _ROWS, _COLS = _UNIT_CELLS[18:27], _UNIT_CELLS[0:9], _UNIT_CELLS[9:18]


def _subset_step(cands, cells, mask, hidden):
    """(deletions, locked) of the subset of cells with values mask, or (None, False)."""
    first = _CELL_UNITS[cells[0]]
    same = [all(_CELL_UNITS[c][j] == first[j] for c in cells) for j in range(3)]
    dels, found = [], 0
    if hidden:
        for c in cells:
            dels.extend((c, v) for v in VALUES_OF9[cands[c] & ~mask])
    else:
        for j in range(3):
            if not same[j]:
                continue
            hit = False
            for c in _UNIT_CELLS[first[j]]:
                if c in cells or not cands[c] & mask:
                    continue
                dels.extend((c, v) for v in VALUES_OF9[cands[c] & mask])
                if not hit and (j == 2 or _CELL_UNITS[c][2] != first[2]):
                    hit = True
                    found += 1
    if not dels:
        return None, False
    locked = (len(cells) < 4 and found > 1 and not hidden
              and same[2] and (same[0] or same[1]))
    return dels, locked


def naked(b, size: int, locked: bool):
    """The first naked subset of size values (locked: the locked pair / triple)."""
    cands = b.cands
    for units in ((_BOXES,) if locked else (_BOXES, _ROWS, _COLS)):
        for unit in units:
            cells = [c for c in unit if 0 < POPCOUNT9[cands[c]] <= size]
            for group, mask in closed_sets(cells, cands, size):
                dels, is_locked = _subset_step(cands, group, mask, False)
                if dels is not None and is_locked == locked:
                    return dels
    return None


def hidden(b, size: int):
    """The first hidden subset of size values."""
    cands = b.cands
    for base, units in ((18, _BOXES), (0, _ROWS), (9, _COLS)):
        for k, unit in enumerate(units):
            if sum(1 for c in unit if cands[c]) <= size:
                continue
            free = b.free[base + k]
            vals = [v for v in range(1, 10) if 0 < free[v] <= size]
            ub = _UNIT_BITS[base + k]
            pos = [w & ub for w in b.where]
            for group, where in closed_sets(vals, pos, size):
                mask = sum(1 << (v - 1) for v in group)
                dels, _ = _subset_step(cands, cells_of(where), mask, True)
                if dels is not None:
                    return dels
    return None


def locked_candidates(b, kind: int):
    """kind 1: pointing (boxes); 2: claiming (rows, then columns)."""
    cands, free = b.cands, b.free
    searches = ((18, _BOXES),) if kind == 1 else ((0, _ROWS), (9, _COLS))
    for base, units in searches:
        for k, unit in enumerate(units):
            for v in range(1, 10):
                n = free[base + k][v]
                if n not in (2, 3):
                    continue
                bit = 1 << (v - 1)
                cells = [c for c in unit if cands[c] & bit]
                first = _CELL_UNITS[cells[0]]
                same = [all(_CELL_UNITS[c][j] == first[j] for c in cells) for j in range(3)]
                target = None
                if base == 18:
                    if same[0] and free[first[0]][v] > n:
                        target = first[0]
                    elif same[1] and free[first[1]][v] > n:
                        target = first[1]
                elif same[2] and free[first[2]][v] > n:
                    target = first[2]
                if target is None:
                    continue
                skip = base + k
                return [(c, v) for c in _UNIT_CELLS[target]
                        if cands[c] & bit and skip not in _CELL_UNITS[c]]
    return None
