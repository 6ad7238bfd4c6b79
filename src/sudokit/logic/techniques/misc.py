"""Aligned pair exclusion and Sue de Coq.

    aligned pair exclusion   two empty cells P and Q (anywhere) and the cells that see both
                             and hold at most two candidates (the excluders).  A combination
                             (p, q) of their values is impossible when p = q and P sees Q, or
                             when it takes every candidate of an excluder.  A value of P that
                             is in no possible combination is removed (and the same for Q).
                             Like Sudoku Explainer, a pair is tried when it has two excluders
                             or more (with one, the eliminations are a naked pair's).
    Sue de Coq               two units u and v crossing in cells I.  C: two or more empty
                             cells of I holding values V, at least |C| + 2 of them.  L: cells
                             of u outside v, B: cells of v outside u, holding values VL and VB
                             that share no value of V; XL, XB: their values outside V.  When
                             (|L| - |XL|) + (|B| - |XB|) = |V| - |C| (each at least 1), the
                             values of V are all used by C, L and B, L holds all of XL and B all
                             of XB; so XL and the values of V outside VB leave the rest of u,
                             XB and the values of V outside VL leave the rest of v (HoDoKu's
                             rule, extra values shared by L and B included).

Both use only "one unit, different values" and "peers hold different values", so they run
on every geometry (Sue de Coq on every pair of full units sharing two cells or more:
Tables.crossings).  Limits: Sue de Coq sets L and B of up to 6 cells on grids up to 9x9,
3 beyond (the search grows as 2^cells).

Order: aligned pairs by the first cell, then the second; Sue de Coq by crossing, then C,
L and B in cell order.  SE rates aligned pair exclusion 6.2; it has no Sue de Coq (estimate
7.9: after the ALS rules, as the ladder orders them).  HoDoKu: Sue de Coq unfair 250; HoDoKu
has no aligned pair exclusion (estimate: hard 200, between Multi Colors and the chains).
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from ..core.bits import cells_of, values_of
from .. import _budget, _cfast
from ..ladder import Technique
from ..step import Step
from .als import removed_words


# --- aligned pair exclusion ------------------------------------------------------------------

def find_aligned_pair_exclusion(state) -> Iterator[Step]:
    """Every aligned pair exclusion that removes something (pairs in cell order)."""
    t = state.tables
    cands, peers = state.candidates, t.peer_bits
    found = _cfast.call(state, "logic_ape")
    if found is not None and not found:
        return
    small = 0  # cells with one or two candidates: the possible excluders
    for c, m in enumerate(cands):
        if m and m.bit_count() <= 2:
            small |= 1 << c
    if found is not None:   # the pairs the C search found (sudokit/_c/logic_misc.c)
        for k in range(0, len(found), 2):
            p, q = found[k], found[k + 1]
            step = _aligned(t, cands, p, q, peers[p] & peers[q] & small,
                            bool(peers[p] >> q & 1))
            if step is not None:
                yield step
        return
    bases = [c for c, m in enumerate(cands) if m.bit_count() >= 2]
    near = {c: peers[c] & small for c in bases}
    for i, p in enumerate(bases):
        np_ = near[p]
        if not np_:
            continue
        for q in bases[i + 1:]:
            common = np_ & near[q]
            if common.bit_count() < 2:
                continue
            step = _aligned(t, cands, p, q, common, bool(peers[p] >> q & 1))
            if step is not None:
                yield step


def _aligned(t, cands, p: int, q: int, common: int, see: bool):
    """The step of base cells p and q with excluders common, or None."""
    excluders = cells_of(common)
    # (x, y) is excluded when some excluder's candidates lie inside {x, y}: its candidates
    # are one value (then every pair holding it is out) or exactly the pair x, y.
    pairs, dead = set(), 0
    for e in excluders:
        m = cands[e]
        if m & (m - 1):
            pairs.add(m)
        else:
            dead |= m
    mp, mq = cands[p] & ~dead, cands[q] & ~dead
    ok_p = ok_q = 0
    for x in values_of(mp):
        bx = 1 << (x - 1)
        for y in values_of(mq):
            if x == y and see:
                continue
            by = 1 << (y - 1)
            if (bx | by) in pairs:
                continue
            ok_p |= bx
            ok_q |= by
    gone = [(p, v) for v in values_of(cands[p] & ~ok_p)] + \
           [(q, v) for v in values_of(cands[q] & ~ok_q)]
    if not gone:
        return None
    ex_words = " or ".join(f"{t.name(e)} ({t.values(cands[e])})" for e in excluders)
    same = " or put one value in both (they see each other)" if see else ""
    tried = " (or ".join(f"{t.value(v)} in {t.name(c)}" for c, v in gone) + ")" * (len(gone) - 1)
    return Step("aligned-pair-exclusion", eliminations=gone,
                evidence={"cells": [p, q], "excluders": excluders, "see": see},
                text=f"Aligned pair {t.name(p)} and {t.name(q)}: with {tried}, every value "
                     f"left for the other cell would take both candidates of {ex_words}, "
                     f"which see both cells{same}; so {removed_words(t, gone)} removed.",
                se=6.2)


# --- Sue de Coq --------------------------------------------------------------------------------

def _subsets(state, cells: list, limit: int) -> list:
    """[(cells, values)] for every subset of 1..limit of the cells, in DFS order (each
    subset before its extensions); cached on the state, as every group of a crossing reads
    the same sides."""
    key = ("sdc.subsets", tuple(cells), limit)
    got = state._cache.get(key)
    if got is not None:
        return got
    cands = state.candidates
    out = []

    def grow(start, chosen, mask):
        for i in range(start, len(cells)):
            now = chosen + [cells[i]]
            m = mask | cands[cells[i]]
            out.append((now, m))
            if len(now) < limit:
                grow(i + 1, now, m)

    grow(0, [], 0)
    state._cache[key] = out
    return out


def _side_sets(state, cells, inner: int, limit: int, need: int) -> list:
    """[(cells, values, extra values, slack)] for the subsets of cells (1..limit of them)
    holding a value of inner, slack = cells - extra values, 1 <= slack < need; DFS order."""
    out = []
    for now, m in _subsets(state, cells, limit):
        if m & inner:
            extra = m & ~inner
            slack = len(now) - extra.bit_count()
            if 1 <= slack < need:
                out.append((now, m, extra, slack))
    return out


def find_sue_de_coq(state) -> Iterator[Step]:
    """Every Sue de Coq that removes something (see the module docstring for the order)."""
    t = state.tables
    cands, values = state.candidates, state.values
    limit = 6 if t.n <= 9 else 3
    found = _cfast.call(state, "logic_sdc", limit)
    if found is not None:
        yield from _sdc_from_c(t, state, found)
        return
    for u, v, inter in t.crossings:
        core = [c for c in cells_of(inter) if not values[c]]
        if len(core) < 2:
            continue
        rest_u = [c for c in t.units[u] if not values[c] and not inter >> c & 1]
        rest_v = [c for c in t.units[v] if not values[c] and not inter >> c & 1]
        if not rest_u or not rest_v:
            continue
        for k in range(2, len(core) + 1):
            for group in combinations(core, k):
                _budget.check()  # (a near-empty 25x25 has minutes of groups: the time limit)
                vmask = 0
                for c in group:
                    vmask |= cands[c]
                need = vmask.bit_count() - k
                if need < 2:
                    continue
                yield from _sue_de_coq(t, state, u, v, group, vmask, need, rest_u, rest_v,
                                       limit)


def _sue_de_coq(t, state, u, v, group, vmask, need, rest_u, rest_v, limit):
    sides_u = _side_sets(state, rest_u, vmask, limit, need)
    if not sides_u:
        return
    sides_v = _side_sets(state, rest_v, vmask, limit, need)
    for lcells, lmask, lextra, lslack in sides_u:
        _budget.check()
        for bcells, bmask, bextra, bslack in sides_v:
            if lslack + bslack != need or lmask & bmask & vmask:
                continue
            step = _sdc_step(t, state, u, v, group, vmask, lcells, lmask, lextra, bcells,
                             bmask, bextra)
            if step is not None:
                yield step


def _sdc_from_c(t, state, found: bytes) -> Iterator[Step]:
    """The steps of the C search's records (sudokit/_c/logic_misc.c: crossing index, core
    cells, line side, other side), built as the pure search builds them."""
    cands = state.candidates
    k = 0
    while k < len(found):
        x = found[k] | found[k + 1] << 8
        u, v, _ = t.crossings[x]
        k += 2
        sides = []
        for _ in range(3):
            size = found[k]
            sides.append(list(found[k + 1:k + 1 + size]))
            k += 1 + size
        group, lcells, bcells = sides
        vmask = lmask = bmask = 0
        for c in group:
            vmask |= cands[c]
        for c in lcells:
            lmask |= cands[c]
        for c in bcells:
            bmask |= cands[c]
        step = _sdc_step(t, state, u, v, tuple(group), vmask, lcells, lmask, lmask & ~vmask,
                         bcells, bmask, bmask & ~vmask)
        if step is not None:
            yield step


def _sdc_step(t, state, u, v, group, vmask, lcells, lmask, lextra, bcells, bmask, bextra):
    """The Sue de Coq step of core group (values vmask) with sides lcells in u and bcells
    in v, or None when it removes nothing."""
    cands = state.candidates
    drop_u = lextra | (vmask & ~bmask)
    drop_v = bextra | (vmask & ~lmask)
    used = set(group) | set(lcells) | set(bcells)
    gone = []
    for unit, drop in ((u, drop_u), (v, drop_v)):
        for c in t.units[unit]:
            if c not in used and cands[c] & drop:
                gone.extend((c, x) for x in values_of(cands[c] & drop))
    if not gone:
        return None
    gone = sorted(set(gone))
    un, vn = t.unit_name(u), t.unit_name(v)
    return Step("sue-de-coq", eliminations=gone,
                evidence={"cells": list(group), "values": values_of(vmask),
                          "units": [u, v], "sets": [list(group), lcells, bcells]},
                text=f"Sue de Coq where {un} meets {vn}: {t.names(group)} hold "
                     f"{t.values(vmask)}; {t.names(lcells)} ({t.values(lmask)}) in {un} "
                     f"and {t.names(bcells)} ({t.values(bmask)}) in {vn} have none of "
                     f"those values in common, so together these cells hold all of "
                     f"them: {removed_words(t, gone)} removed.", se=7.9)


TECHNIQUES = (
    Technique("aligned-pair-exclusion", "Aligned Pair Exclusion", find_aligned_pair_exclusion,
              rank=190, se=6.2, level="hard", score=200),
    Technique("sue-de-coq", "Sue de Coq", find_sue_de_coq, rank=320, se=7.9, level="unfair",
              score=250),
)

__all__ = ["find_aligned_pair_exclusion", "find_sue_de_coq", "TECHNIQUES"]
