"""HoDoKu 2.2.0's wings: W-wing (3200), XY-wing (3300) and XYZ-wing (3400), found in the
order HoDoKu's wing solver finds them (docs/se-rating.md section 10).

[HD] `src/solver/WingSolver.java` (`getWing`, `getWWing`, `checkLink`).  The first wing
found is taken (XY and XYZ: from the ladder's search, logic/techniques/wings.py):

* XY-wing / XYZ-wing: over the bivalue cells (for XYZ the cells with three candidates
  first) i < j < k in cell order (XYZ: any bivalue j, k > j), three different cells whose
  candidates together are three values; each of the three cells is tried as the pivot (the
  first, the second, the third: XYZ only the trivalue cell) that must see the other two;
  the two wings share exactly one value z, deleted from the cells seeing both wings (XYZ:
  and the pivot).
* W-wing: bivalue cells i < j with the same two values; for the first value x and then the
  second: the cells seeing both with x are the deletions, if some unit (rows, columns,
  boxes) holds the other value y exactly twice, one seeing i and the other seeing j.
"""

from __future__ import annotations

from ..core.bits import POPCOUNT9, VALUES_OF9, cells_of
from ..core.tables import HODOKU
from ..techniques.wings import xy_wings

_UNIT_CELLS = HODOKU.unit_cells
_PEER_BITS = HODOKU.peer_bits
_NEAR = tuple(cells_of(p) for p in _PEER_BITS)  # each cell's peers in cell order

__all__ = ["w_wing", "xy_wing"]


def xy_wing(b, xyz: bool):
    """HoDoKu's first XY-wing (xyz False) or XYZ-wing deletions [(cell, value)] on board
    b, or None: the ladder's search (logic/techniques/wings.py), whose first XYZ-wing is
    HoDoKu's; for XY-wings HoDoKu's first is the least by its three cells in order, then
    the pivot's place among them."""
    found = xy_wings(b.cands, _PEER_BITS, xyz, near=_NEAR)
    if not xyz:
        found = sorted(found, key=lambda w: (sorted(w[:3]), sorted(w[:3]).index(w[0])))
    for _, _, _, z, gone in found:
        z = z.bit_length()
        return [(c, z) for c in gone]
    return None


def w_wing(b):
    """HoDoKu's first W-wing deletions on board b, or None."""
    cands, free, where = b.cands, b.free, b.where
    for i in range(81):
        m = cands[i]
        if POPCOUNT9[m] != 2:
            continue
        c1, c2 = VALUES_OF9[m]
        pre1, pre2 = _PEER_BITS[i] & where[c1], _PEER_BITS[i] & where[c2]
        for j in range(i + 1, 81):
            if cands[j] != m:
                continue
            for x, y, pre in ((c1, c2, pre1), (c2, c1, pre2)):
                elim = pre & _PEER_BITS[j]
                if elim and _linked(cands, free, y, i, j):
                    return [(c, x) for c in cells_of(elim)]
    return None


def _linked(cands, free, y, i, j) -> bool:
    """checkLink: a unit with y exactly twice, one cell seeing i, the other seeing j."""
    bit = 1 << (y - 1)
    for unit in range(27):
        if free[unit][y] != 2:
            continue
        sees1 = sees2 = False
        for c in _UNIT_CELLS[unit]:
            if c != i and c != j and cands[c] & bit:
                if _PEER_BITS[c] >> i & 1:
                    sees1 = True
                elif _PEER_BITS[c] >> j & 1:
                    sees2 = True
            if sees1 and sees2:
                break
        if sees1 and sees2:
            return True
    return False
