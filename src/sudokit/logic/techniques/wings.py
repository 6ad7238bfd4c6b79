"""Wings: a few bivalue cells that leave a value in one of two (or three) cells.

    xy-wing    a pivot with candidates {x, y} and two wings it sees, {x, z} and {y, z}:
               whichever value the pivot takes, one wing holds z, so z leaves every cell
               that sees both wings
    xyz-wing   a pivot with candidates {x, y, z} and two wings it sees, {x, z} and {y, z}:
               one of the three holds z, so z leaves every cell that sees all three
    w-wing     two cells with the same two candidates {x, y} that do not see each other,
               and a strong link of x (a unit where x has exactly two cells) with one end
               seeing each cell: the two cells cannot both be x, so one of them is y, and
               y leaves every cell that sees both

"Sees": cannot hold the same value (Tables.peer_bits: shared units and extra pairs such as
anti-knight), so the wings are valid on every geometry.

Order of the steps of one technique: xy- and xyz-wings by pivot cell, then the first wing,
then the second (cell order; xy_wings() is also SE's and HoDoKu's search, with their
order of the wings); w-wings by the first cell, the second cell, then the linked
value, each with the first strong link (in unit order) that joins the two cells.

Ratings: Sudoku Explainer XY-Wing 4.2, XYZ-Wing 4.4; it has no W-Wing (it finds it as a
chain, 6.6 and up), so W-Wing gets 6.6.  HoDoKu: XY-Wing hard 160, XYZ-Wing hard 180,
W-Wing hard 150.
"""

from __future__ import annotations

from typing import Iterator

from ..core.bits import cells_of, values_of
from ..ladder import Technique
from ..step import Step
from ..core.links import strong_links


def _bivalue_bits(state) -> int:
    """The cell set of the cells with exactly two candidates."""
    found = state._cache.get("bivalue")
    if found is None:
        found = 0
        for c, m in enumerate(state.candidates):
            if m and m.bit_count() == 2:
                found |= 1 << c
        state._cache["bivalue"] = found
    return found


def _holds(t, cell, mask) -> str:
    """'r1c5 (3 or 9)'."""
    return f"{t.name(cell)} ({t.values(mask).replace(' and ', ' or ')})"


def xy_wings(cands, peers, xyz: bool, bivalue: int = 0, near=None):
    """Every XY-Wing (xyz False) or XYZ-Wing of the candidates cands: (pivot, wing a, wing
    b, z bit, cells losing z).  The one search of the three policies: pivots in cell order,
    then the pairs of wings a, b (a before b) in the order of near[pivot], each cell's
    peers (SE: its own peer order), or else in cell order among the cell set bivalue of
    the cells with two candidates (sudokit, HoDoKu).  peers: each cell's peer set."""
    size = 3 if xyz else 2
    for pivot, pm in enumerate(cands):
        if pm.bit_count() != size:
            continue
        wings = cells_of(peers[pivot] & bivalue) if near is None else near[pivot]
        if xyz:
            wings = [c for c in wings if cands[c] & ~pm == 0 and cands[c].bit_count() == 2]
        else:
            wings = [c for c in wings
                     if (cands[c] & pm).bit_count() == 1 and cands[c].bit_count() == 2]
        for i, a in enumerate(wings):
            ma = cands[a]
            for b in wings[i + 1:]:
                mb = cands[b]
                z = ma & mb
                if z.bit_count() != 1 or (ma | mb != pm if xyz else (ma | mb) & pm != pm):
                    continue
                sees = peers[a] & peers[b] & (peers[pivot] if xyz else ~(1 << pivot))
                gone = [c for c in cells_of(sees) if cands[c] & z]
                if gone:
                    yield pivot, a, b, z, gone


def find_xy_wing(state) -> Iterator[Step]:
    """XY-Wings (see the module docstring)."""
    return _wings(state, False)


def find_xyz_wing(state) -> Iterator[Step]:
    """XYZ-Wings (see the module docstring)."""
    return _wings(state, True)


def _wings(state, xyz: bool) -> Iterator[Step]:
    t = state.tables
    cands = state.candidates
    name, tech, se = ("XYZ-Wing", "xyz-wing", 4.4) if xyz else ("XY-Wing", "xy-wing", 4.2)
    for pivot, a, b, z, gone in xy_wings(cands, t.peer_bits, xyz, _bivalue_bits(state)):
        pm, ma, mb = cands[pivot], cands[a], cands[b]
        v = z.bit_length()
        why = "one of the three holds" if xyz else \
            "whichever value the pivot takes, a wing holds"
        yield Step(tech, eliminations=[(c, v) for c in gone],
                   evidence={"value": v, "cells": [pivot, a, b], "pivot": pivot,
                             "wings": [a, b], "values": values_of(pm | z)},
                   text=f"The pivot {_holds(t, pivot, pm)} sees the wings {_holds(t, a, ma)} "
                        f"and {_holds(t, b, mb)}: {why} {t.value(v)} ({name}), so "
                        f"{t.value(v)} is removed from {t.names(gone)}.", se=se)


def find_w_wing(state) -> Iterator[Step]:
    """W-Wings (see the module docstring)."""
    t = state.tables
    cands = state.candidates
    peers = t.peer_bits
    bivalue = cells_of(_bivalue_bits(state))
    for i, a in enumerate(bivalue):
        m = cands[a]
        for b in bivalue[i + 1:]:
            if cands[b] != m or peers[a] >> b & 1:
                continue
            sees = peers[a] & peers[b]
            for x in values_of(m):
                y = (m & ~(1 << (x - 1))).bit_length()
                gone = [c for c in cells_of(sees) if cands[c] >> (y - 1) & 1]
                if not gone:
                    continue
                for u, p, q in strong_links(state, x):
                    if p in (a, b) or q in (a, b):
                        continue
                    if peers[p] >> a & 1 and peers[q] >> b & 1:
                        pa, pb = p, q
                    elif peers[q] >> a & 1 and peers[p] >> b & 1:
                        pa, pb = q, p
                    else:
                        continue
                    yield Step("w-wing", eliminations=[(c, y) for c in gone],
                               evidence={"value": y, "values": [x, y], "cells": [a, b],
                                         "units": [u], "links": [[pa, pb, u]],
                                         "chain": [[a, y, "off"], [a, x, "on"], [pa, x, "off"],
                                                   [pb, x, "on"], [b, x, "off"], [b, y, "on"]]},
                               text=f"{t.name(a)} and {t.name(b)} both hold only "
                                    f"{t.values(m)}, and in {t.unit_name(u)}, "
                                    f"{t.value(x)} can only go in {t.name(pa)} (seen by "
                                    f"{t.name(a)}) or {t.name(pb)} (seen by {t.name(b)}), so "
                                    f"{t.name(a)} and {t.name(b)} cannot both be "
                                    f"{t.value(x)} and one of them is {t.value(y)} (W-Wing): "
                                    f"{t.value(y)} is removed from {t.names(gone)}.", se=6.6)
                    break  # one strong link proves it; the next value or pair


TECHNIQUES = (
    Technique("xy-wing", "XY-Wing", find_xy_wing, rank=120, se=4.2, level="hard", score=160),
    Technique("xyz-wing", "XYZ-Wing", find_xyz_wing, rank=130, se=4.4, level="hard", score=180),
    Technique("w-wing", "W-Wing", find_w_wing, rank=235, se=6.6, level="hard", score=150),
)

__all__ = ["find_xy_wing", "find_xyz_wing", "find_w_wing", "xy_wings", "TECHNIQUES"]
