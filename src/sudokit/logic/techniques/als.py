"""Almost locked sets: n empty cells of one unit holding n + 1 values between them.

An almost locked set (ALS) holds all its values but one: its cells take n different values
(they share a unit) out of n + 1.  Two ALSs A and B (no cell in common) have a *restricted
common* value x when every cell of A holding x sees every cell of B holding x: x cannot be
in both.

    ALS-XZ (singly linked)  A and B with a restricted common x: one of them lacks x, so it
                            holds all its other values; any other value z of both goes in A
                            or in B, and leaves every cell that sees all the z-cells of both
    ALS-XZ (doubly linked)  two restricted commons x and y: each ALS lacks one of them, so
                            A holds every value but x or y, and so does B; x and y each go in
                            A or B; every other value of A leaves the cells that see all its
                            cells in A holding it (and the same for B)
    ALS-XY-Wing             A and B each share a restricted common with a third ALS C, x
                            with A and y with B (x != y): C holds x or y, so A or B holds all
                            its values but one, and a value z (not x, not y) of both A and B
                            goes in A or B

The argument only uses "cells of one unit hold different values" and "cells that see each
other hold different values" (Tables.peer_bits, extra pairs included), so it holds on every
geometry, units smaller than N included.  An ALS has 1 to min(m - 1, 8) cells, m the empty
cells of its unit (a bivalue cell is an ALS of one cell); the cap keeps 16x16 and 25x25
enumeration bounded.  ALSs that would be the same cells in two units are kept once (the
first unit).  Order: ALSs by size, then unit, then cells; pairs and triples in that order.

SE has no ALS technique; the ratings are estimates, placed where SE rates the chains it
needs for the same eliminations (7.5 for ALS-XZ, 7.8 for ALS-XY-Wing).  HoDoKu: unfair,
300 and 320.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Iterator

from ..core.bits import cells_of, values_of
from ..ladder import Technique
from ..step import Step
from .. import _cfast

MAX_CELLS = 8


class Als:
    """One almost locked set: cells (bitset), mask (values), unit, and per value v in mask
    where[v] (its cells holding v) and sees[v] (cells outside it that see all of where[v])."""

    __slots__ = ("cells", "mask", "unit", "where", "sees", "size")

    def __init__(self, cells: int, mask: int, unit: int, cands, peers):
        self.cells, self.mask, self.unit = cells, mask, unit
        self.size = cells.bit_count()
        self.where, self.sees = {}, {}
        members = cells_of(cells)
        for v in values_of(mask):
            bit = 1 << (v - 1)
            w, s = 0, -1
            for c in members:
                if cands[c] & bit:
                    w |= 1 << c
                    s &= peers[c]
            self.where[v] = w
            self.sees[v] = s & ~cells

    @classmethod
    def of_value_cells(cls, cells: int, mask: int, unit: int, vcells, peers):
        """The same Als, its where[v] read from vcells[v] (the cell set of the cells holding
        v as a candidate) instead of from every member's candidates."""
        a = cls.__new__(cls)
        a.cells, a.mask, a.unit = cells, mask, unit
        a.size = cells.bit_count()
        a.where, a.sees = where, sees = {}, {}
        m = mask
        while m:                        # values ascending, as values_of gives them
            low = m & -m
            m ^= low
            v = low.bit_length()
            w = x = cells & vcells[v]
            s = -1
            while x:
                lb = x & -x
                x ^= lb
                s &= peers[lb.bit_length() - 1]
            where[v] = w
            sees[v] = s & ~cells
        return a

    def __repr__(self) -> str:
        return f"Als(cells={cells_of(self.cells)}, values={values_of(self.mask)}, unit={self.unit})"


def unit_als(free: list, cands, limit: int) -> list:
    """[(cells, mask)] of every set of 1..limit cells of free (a unit's empty cells, in
    order) whose candidates number one more than its cells: depth-first order (a set, then
    the sets that extend it, then the next cell), the order HoDoKu's checkAlsRecursive
    finds them in."""
    out = []
    top, most = len(free), limit + 1

    def grow(start, bits, mask, k):
        for i in range(start, top):
            c = free[i]
            m = mask | cands[c]
            count = m.bit_count()
            if count > most:
                continue
            b = bits | (1 << c)
            if count == k + 2:
                out.append((b, m))
            if k + 1 < limit:
                grow(i + 1, b, m, k + 1)

    grow(0, 0, 0, 0)
    return out


def almost_locked_sets(state, max_cells: int = MAX_CELLS) -> list:
    """Every ALS of the state (a list of Als, in the module's order; cached on the state)."""
    key = ("als.sets", max_cells)
    got = state._cache.get(key)
    if got is not None:
        return got
    t = state.tables
    cands, values, peers = state.candidates, state.values, t.peer_bits
    found: dict = {}
    for u, unit in enumerate(t.units):
        empty = [c for c in unit if not values[c] and cands[c]]
        for b, m in unit_als(empty, cands, min(len(empty) - 1, max_cells)):
            if b not in found:
                found[b] = (u, m)
    out = [Als(b, m, u, cands, peers) for b, (u, m) in found.items()]
    out.sort(key=lambda a: (a.size, a.unit, a.cells))
    state._cache[key] = out
    return out


def restricted_commons(a: Als, b: Als) -> list:
    """The restricted common values of two ALSs without a common cell, ascending."""
    if a.cells & b.cells:
        return []
    return [x for x in values_of(a.mask & b.mask) if not b.where[x] & ~a.sees[x]]


def _links(state) -> list:
    """links_of(almost_locked_sets(state)), cached on the state."""
    got = state._cache.get("als.links")
    if got is None:
        got = state._cache["als.links"] = links_of(almost_locked_sets(state))
    return got


def links_of(sets: list) -> list:
    """[(i, j, rccs)] for every pair i < j of the ALSs sets (indexes) without a common cell
    and with at least one restricted common, rccs ascending; i, then j ascending.

    Not every pair is tried: for each value x the ALSs holding x are grouped by where[x]
    (their cells holding x), and the groups by the first of those cells.  B's x is a
    restricted common with A when where_B[x] lies inside sees_A[x], so only the groups whose
    first cell is in sees_A[x] are read, and each group is checked once for all its ALSs."""
    groups: dict = {}  # x -> first cell -> where mask -> [ALS indexes, ascending]
    firsts: dict = {}  # x -> the cell set of those first cells
    for j, b in enumerate(sets):
        for x, w in b.where.items():
            by_first = groups.setdefault(x, {})
            low = w & -w
            firsts[x] = firsts.get(x, 0) | low
            by_first.setdefault(low.bit_length() - 1, {}).setdefault(w, []).append(j)
    cells = [b.cells for b in sets]
    out = []
    for i, a in enumerate(sets):
        acells = a.cells
        found: dict = {}
        for x, s in a.sees.items():     # the values of a, ascending
            m = s & firsts.get(x, 0)
            if not m:
                continue
            by_first = groups[x]
            outside = ~s
            while m:
                low = m & -m
                m ^= low
                for w, js in by_first[low.bit_length() - 1].items():
                    if w & outside or js[-1] <= i:
                        continue
                    for j in js[bisect_right(js, i):]:
                        if not acells & cells[j]:
                            found.setdefault(j, []).append(x)
        for j in sorted(found):
            out.append((i, j, found[j]))
    return out


# --- text ---------------------------------------------------------------------------------

def als_words(t, als: Als) -> str:
    """'{r1c1, r1c2} in row 1 (1, 4 and 7)' or, for one cell, 'r5c2 (4 and 7)'."""
    cells = cells_of(als.cells)
    if len(cells) == 1:
        return f"{t.name(cells[0])} ({t.values(als.mask)})"
    return f"{{{', '.join(t.name(c) for c in cells)}}} in {t.unit_name(als.unit)} " \
           f"({t.values(als.mask)})"


def removed_words(t, pairs) -> str:
    """'2, 3 and 9 from r9c2, 8 from r5c3 and r6c3' of (cell, value) pairs: values that
    leave the same cells share a clause, clauses in order of their first value."""
    by_value: dict = {}
    for c, v in sorted(pairs, key=lambda p: (p[1], p[0])):
        by_value.setdefault(v, []).append(c)
    by_cells: dict = {}
    for v, cs in by_value.items():
        by_cells.setdefault(tuple(cs), []).append(v)
    return ", ".join(f"{t.values(vs)} from {t.names(list(cs))}" for cs, vs in by_cells.items())


# --- ALS-XZ -------------------------------------------------------------------------------

def common_eliminations(a: Als, b: Als, skip: int, vcells) -> list:
    """[(cell, value)] for every value of both ALSs but those of the mask skip, from every
    cell holding it that sees all its cells in both (value, then cell ascending)."""
    return [(c, z) for z in values_of(a.mask & b.mask & ~skip)
            for c in cells_of(a.sees[z] & b.sees[z] & vcells[z])]


def xz_eliminations(a: Als, b: Als, rcc: list, vcells, inside: bool = True) -> list:
    """The (cell, value) pairs an ALS-XZ of a and b removes, rcc its restricted commons (one
    or two): the common values but one restricted common, for each of them; when doubly
    linked, also every other value of each ALS from the cells seeing all its cells of that
    value (inside: the other ALS's cells too; HoDoKu's checkDoublyLinkedAls leaves them).
    In HoDoKu's order, repeats kept."""
    gone = []
    for x in rcc:
        gone += common_eliminations(a, b, 1 << (x - 1), vcells)
    if len(rcc) == 2:
        skip = (1 << (rcc[0] - 1)) | (1 << (rcc[1] - 1))
        for s, o in ((a, b), (b, a)):
            keep = -1 if inside else ~o.cells
            gone += [(c, z) for z in values_of(s.mask & ~skip)
                     for c in cells_of(s.sees[z] & vcells[z] & keep)]
    return gone


class _Named:
    """An ALS as the C finders name it: cells (bitset), mask, unit (what the text uses)."""

    __slots__ = ("cells", "mask", "unit")

    def __init__(self, raw: tuple):
        cells, self.mask, self.unit = raw
        b = 0
        for c in cells:
            b |= 1 << c
        self.cells = b


def _c_als(state):
    """The C twin's result (sudokit/_c/logic_als.c: the sets and links, read step by step
    with logic_als_xz / logic_als_xy), or None (pure Python)."""
    return _cfast.call(state, "logic_als", MAX_CELLS)


def find_als_xz(state) -> Iterator[Step]:
    """Every ALS-XZ (singly or doubly linked) that removes something, pairs in order."""
    t = state.tables
    res = _c_als(state)
    if res is not None:
        pos = 0
        while True:
            got = _cfast.C.logic_als_xz(res, pos)
            if got is None:
                return
            pos, a, b, rcc, gone = got
            yield _xz_step(t, _Named(a), _Named(b), values_of(rcc), gone)
    sets = almost_locked_sets(state)
    vcells = state.value_cells()
    for i, j, rcc in _links(state):
        a, b = sets[i], sets[j]
        if len(rcc) == 1 and (a.mask & b.mask).bit_count() < 2:
            continue
        if len(rcc) > 2:  # three restricted commons: no solution, nothing to say
            continue
        gone = sorted(set(xz_eliminations(a, b, rcc, vcells)))
        if gone:
            yield _xz_step(t, a, b, rcc, gone)


def _xz_step(t, a, b, rcc: list, gone: list) -> Step:
    """The ALS-XZ step of ALSs a and b (restricted commons rcc) removing gone (sorted)."""
    zs = sorted({v for _, v in gone} - set(rcc)) if len(rcc) == 1 else []
    wa, wb = als_words(t, a), als_words(t, b)
    if len(rcc) == 1:
        x = rcc[0]
        text = (f"Almost locked sets {wa} and {wb} cannot both hold {t.value(x)} (every "
                f"{t.value(x)} of one sees every {t.value(x)} of the other), so one of "
                f"them is locked without it and {t.values(zs)} go"
                f"{'es' if len(zs) == 1 else ''} in one of them: "
                f"{removed_words(t, gone)} removed.")
    else:
        text = (f"Almost locked sets {wa} and {wb} cannot both hold {t.value(rcc[0])}, nor "
                f"both hold {t.value(rcc[1])}, so each is locked without one of them and "
                f"holds all its other values: {removed_words(t, gone)} removed.")
    return Step("als-xz", eliminations=gone,
                evidence={"als": [cells_of(a.cells), cells_of(b.cells)],
                          "units": [a.unit, b.unit], "values": list(rcc), "z": zs,
                          "doubly": len(rcc) == 2,
                          "cells": sorted(cells_of(a.cells | b.cells))},
                text=text, se=7.5)


# --- ALS-XY-Wing --------------------------------------------------------------------------

def find_als_xy_wing(state) -> Iterator[Step]:
    """Every ALS-XY-Wing that removes something: pivot C in ALS order, then its partners
    A, B (A before B) and their restricted commons x (A-C) and y (B-C), x != y."""
    t = state.tables
    res = _c_als(state)
    if res is not None:
        pos = 0
        while True:
            got = _cfast.C.logic_als_xy(res, pos)
            if got is None:
                return
            pos += 1
            c, a, b, x, y, gone = got
            yield _xy_step(t, _Named(a), _Named(b), _Named(c), x, y, gone)
    sets = almost_locked_sets(state)
    vcells = state.value_cells()
    partners: dict = {}
    for i, j, rcc in _links(state):
        partners.setdefault(i, []).append((j, rcc))
        partners.setdefault(j, []).append((i, rcc))
    seen = set()
    for k in sorted(partners):
        mates = sorted(partners[k])
        if len(mates) < 2:
            continue
        c = sets[k]
        for p in range(len(mates)):
            ia, rxs = mates[p]
            a = sets[ia]
            for q in range(p + 1, len(mates)):
                ib, rys = mates[q]
                b = sets[ib]
                if a.cells & b.cells:
                    continue
                common = a.mask & b.mask
                if not common:
                    continue
                for x in rxs:
                    for y in rys:
                        if x == y:
                            continue
                        gone = common_eliminations(a, b, (1 << (x - 1)) | (1 << (y - 1)),
                                                   vcells)
                        if not gone:
                            continue
                        key = (ia, ib, tuple(sorted(gone)))
                        if key in seen:
                            continue
                        seen.add(key)
                        yield _xy_step(t, a, b, c, x, y, gone)


def _xy_step(t, a, b, c, x: int, y: int, gone: list) -> Step:
    """The ALS-XY-Wing step of pivot c and partners a (common x), b (common y)."""
    zs = sorted({v for _, v in gone})
    return Step(
        "als-xy-wing", eliminations=gone,
        evidence={"als": [cells_of(a.cells), cells_of(b.cells), cells_of(c.cells)],
                  "units": [a.unit, b.unit, c.unit], "values": [x, y], "z": zs,
                  "cells": sorted(cells_of(a.cells | b.cells | c.cells))},
        text=f"Almost locked set {als_words(t, c)} holds {t.value(x)} or "
             f"{t.value(y)}; {als_words(t, a)} cannot share its "
             f"{t.value(x)} and {als_words(t, b)} cannot share its "
             f"{t.value(y)}, so one of those two is locked and "
             f"{t.values(zs)} go{'es' if len(zs) == 1 else ''} in one "
             f"of them: {removed_words(t, gone)} removed.", se=7.8)


TECHNIQUES = (
    Technique("als-xz", "ALS-XZ", find_als_xz, rank=300, se=7.5, level="unfair", score=300),
    Technique("als-xy-wing", "ALS-XY-Wing", find_als_xy_wing, rank=310, se=7.8, level="unfair",
              score=320),
)

__all__ = ["Als", "unit_als", "almost_locked_sets", "restricted_commons", "links_of",
           "common_eliminations", "xz_eliminations", "find_als_xz",
           "find_als_xy_wing", "TECHNIQUES"]
