"""Uniqueness: deductions that hold only because the puzzle has one solution.

    unique rectangle   four empty cells in two rows, two columns and two boxes, all holding
                       candidates a and b.  If they held only a and b, a and b could swap
                       places in them and the puzzle would have two solutions; so one of the
                       four holds another value.
      type 1           three cells hold only a and b: the fourth loses a and b
      type 2           the other cells (two or three) hold one extra value c, the same in
                       each: c goes in one of them, so it leaves every cell that sees them all
                       (HoDoKu calls the diagonal and three-cell forms type 5)
      type 3           the two cells of one side hold extra values E: with k-1 other cells of
                       a unit they share, whose candidates lie in a set V of k values holding
                       E, they make a naked set: V leaves the rest of that unit
      type 4           the two cells of one side: a can only go there in a unit they share,
                       so one holds a; the other cannot hold b: b leaves both
    hidden rectangle   one cell holds only a and b; in the row and the column of the
                       opposite cell, b can only go in the rectangle: that cell loses a
    BUG+1              every empty cell holds two candidates but one, which holds three:
                       without its extra value every value would have two places in each
                       unit, a pattern with no or several solutions; so it holds that value

Why the deadly pattern proves something (and where it does not).  In a solution S where the
four cells hold a, b, b, a (in rectangle order), swapping a and b in them gives another
filling S'.  S' keeps every rule when (1) no cell of the four is a given (givens are fixed),
(2) every unit meets the four cells in none of them or in two cells of one side (a row pair
or a column pair: one a and one b, so the unit keeps its values), and (3) no extra pair or
link (anti-knight, anti-king, later binary constraints) touches the four cells.  On a
classic grid (2) is "two boxes"; on a jigsaw, "two regions"; on X or windoku it rules out
rectangles a diagonal or window crosses in one cell or on a diagonal.  Rectangles that fail
(1)-(3) are never used (``_rectangles``), so these techniques yield nothing where the
argument does not hold.  (3) also keeps out the cells of arrows, little killers, sandwiches
and even/odd cells (a swap can break them); cages and renban lines are units, so (2) already
lets a rectangle meet them only in a row or column pair, whose swap keeps their values.
BUG+1 needs every unit to be full (the complement filling of a bivalue grave keeps a full
unit's values, not a smaller unit's) and no pairs, links or rules over many cells:
otherwise it yields nothing.

Every technique here first checks that the givens have exactly one solution (cached per
givens) and yields nothing otherwise; its text says that it rests on that.

SE ratings: unique rectangles 4.5 (Sudoku Explainer's unique loop base rating), type 3 plus
0.1 per value of the naked set beyond one (pair 4.6, triple 4.7, quad 4.8: SE's
UniqueLoopType3Naked); hidden rectangle: SE has none, estimated 4.5 (a strong-link form of
type 4); BUG+1 5.6 (SE's BUG type 1).  HoDoKu: all hard, 100.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from .. import _cfast
from ..core.bits import cells_of, values_of
from ..core.tables import join, tables
from ..ladder import Technique
from ..step import Step
from .als import removed_words

_RELIES = "the puzzle has one solution"


# --- the geometry: rectangles where the argument holds -------------------------------------

@lru_cache(maxsize=32)
def _rectangles(geometry) -> tuple:
    """Every rectangle of the geometry where the deadly-pattern swap keeps every rule:
    tuples (a, b, c, d) of cells, a = (r1, c1), b = (r1, c2), c = (r2, c1), d = (r2, c2),
    r1 < r2, c1 < c2, in increasing order of a, then d (see the module docstring)."""
    t = tables(geometry)
    n = t.n
    cell_units, unit_bits = t.cell_units, t.unit_bits
    pair_peers, links = geometry.pair_peers, geometry.cell_links
    ruled = {c for kind, cells, _ in geometry.propagators if kind != "sets" for c in cells}
    free = [not pair_peers[c] and not links[c] and c not in ruled for c in range(t.ncells)]
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                a, c = r1 * n + c1, r2 * n + c1
                if not (free[a] and free[c]):
                    continue
                for c2 in range(c1 + 1, n):
                    b, d = r1 * n + c2, r2 * n + c2
                    if not (free[b] and free[d]):
                        continue
                    rect = (1 << a) | (1 << b) | (1 << c) | (1 << d)
                    sides = ((1 << a) | (1 << b), (1 << c) | (1 << d),
                             (1 << a) | (1 << c), (1 << b) | (1 << d))
                    ok = True
                    for u in {*cell_units[a], *cell_units[b], *cell_units[c], *cell_units[d]}:
                        if unit_bits[u] & rect not in sides:
                            ok = False
                            break
                    if ok:
                        out.append((a, b, c, d))
    out.sort()
    return tuple(out)


_KNOWN: dict = {}  # (geometry, givens): State._solution()'s answer, for states built anew


def _one_solution(state) -> bool:
    """True when the state's givens have exactly one solution.  The proof is the state's
    own (State._solution: bounded by the time limit of the logic call, cached in the state
    and the states after it, so diagnosing the state afterwards costs nothing)."""
    known = state._cache.get("solution")
    if known is None:
        key = (state.geometry, state.givens)
        known = _KNOWN.get(key)
        if known is None:
            known = state._solution()
            if len(_KNOWN) >= 256:
                _KNOWN.clear()
            _KNOWN[key] = known
        else:
            state._cache["solution"] = known
    return isinstance(known, tuple)


def _candidates(state) -> list:
    """[(rect, a, b)] of every usable rectangle of empty, non-given cells that all hold
    values a < b, at least one of them holding only a and b (every type needs one);
    cached on the state.  Empty when the givens have not exactly one solution."""
    got = state._cache.get("uniqueness.rects")
    if got is not None:
        return got
    out = []
    cands, givens = state.candidates, state.givens
    h = _cfast.handle(state)
    if h is not None:   # the same loop in C (sudokit/_c/logic_probe2.c)
        rects = _rectangles(state.geometry)
        found = _cfast.C.logic_ur_candidates(h, _rectangle_bytes(state.geometry),
                                            bytes(givens))
        out = [(rects[i], x, y) for i, x, y in found]
    else:
        out = _candidates_py(state, cands, givens)
    if out and not _one_solution(state):  # the solver runs only when a rectangle is there
        out = []
    state._cache["uniqueness.rects"] = out
    return out


@lru_cache(maxsize=64)
def _rectangle_bytes(geometry) -> bytes:
    """_rectangles(geometry) as bytes, 4 cells a rectangle (grids of at most 255 cells:
    those the C finders take)."""
    return bytes(c for rect in _rectangles(geometry) for c in rect)


def _candidates_py(state, cands, givens) -> list:
    out = []
    for rect in _rectangles(state.geometry):
        a, b, c, d = rect
        ma, mb, mc, md = cands[a], cands[b], cands[c], cands[d]
        common = ma & mb & mc & md
        if common.bit_count() < 2 or givens[a] or givens[b] or givens[c] or givens[d]:
            continue
        pairs = set()
        for m in (ma, mb, mc, md):
            if m.bit_count() == 2 and m & common == m:
                pairs.add(m)
        for m in sorted(pairs):
            x, y = values_of(m)
            out.append((rect, x, y))
    return out


# --- text ---------------------------------------------------------------------------------

def _rect_words(t, rect, x, y) -> str:
    return f"Unique rectangle {t.names(sorted(rect))} on {t.value(x)} and {t.value(y)}"


def _evidence(rect, x, y, **more) -> dict:
    ev = {"cells": sorted(rect), "values": [x, y], "unique": True}
    ev.update(more)
    return ev


# --- unique rectangles --------------------------------------------------------------------

def _rects(state, extras) -> Iterator[tuple]:
    """(rect, a, b, mask of a and b, the cells holding more than a and b in rectangle
    order) of every rectangle of _candidates with len(extra) in extras."""
    cands = state.candidates
    for rect, x, y in _candidates(state):
        ab = (1 << (x - 1)) | (1 << (y - 1))
        extra = [c for c in rect if cands[c] & ~ab]
        if len(extra) in extras:
            yield rect, x, y, ab, extra


def find_unique_rectangle_1(state) -> Iterator[Step]:
    """Type 1: three cells hold only a and b, the fourth loses them (rectangles in order)."""
    t = state.tables
    for rect, x, y, _ab, extra in _rects(state, (1,)):
        cell = extra[0]
        gone = [(cell, x), (cell, y)]
        yield Step("unique-rectangle-1", eliminations=gone,
                   evidence=_evidence(rect, x, y, extra=[cell]),
                   text=f"{_rect_words(t, rect, x, y)}: if {t.name(cell)} held {t.value(x)} or "
                        f"{t.value(y)}, the four cells could swap them and the puzzle would "
                        f"have two solutions; as {_RELIES}, {t.values([x, y])} are removed "
                        f"from {t.name(cell)}.", se=4.5)


def find_unique_rectangle_2(state) -> Iterator[Step]:
    """Type 2 (and HoDoKu's type 5): the two or three cells with more than a and b hold one
    extra value c, the same in each; c leaves every cell that sees them all."""
    t = state.tables
    cands, peers = state.candidates, t.peer_bits
    for rect, x, y, ab, extra in _rects(state, (2, 3)):
        more, sees = 0, -1
        for c in extra:
            more |= cands[c] & ~ab
            sees &= peers[c]
        if more.bit_count() != 1:
            continue
        v = more.bit_length()
        targets = [c for c in cells_of(sees) if cands[c] & more and c not in rect]
        if not targets:
            continue
        yield Step("unique-rectangle-2", eliminations=[(c, v) for c in targets],
                   evidence=_evidence(rect, x, y, extra=extra, value=v),
                   text=f"{_rect_words(t, rect, x, y)}: one of {t.names(extra)} must hold "
                        f"{t.value(v)}, or the four cells could swap {t.value(x)} and "
                        f"{t.value(y)} and the puzzle would have two solutions (it has one); "
                        f"so {t.value(v)} is removed from {t.names(targets)}.", se=4.5)


def _shared_units(t, p, q) -> list:
    """The full units p and q share: only there must each value be somewhere (a killer cage
    or any unit of fewer than N cells need not hold a value, so "a can only go in p or q"
    there proves nothing)."""
    return sorted(set(t.cell_full[p]) & set(t.cell_full[q]))


def _subsets(pool, cands, base: int, limit: int):
    """Every (cells, mask) of 1..limit cells of pool whose candidates together with base
    make len(cells) + 1 values (pool in order, smaller sets first within a branch)."""
    out = []

    def grow(start, chosen, mask):
        for i in range(start, len(pool)):
            m = mask | cands[pool[i]]
            k = len(chosen) + 1
            if m.bit_count() > limit + 1:
                continue
            now = chosen + [pool[i]]
            if m.bit_count() == k + 1:
                out.append((now, m))
            if k < limit:
                grow(i + 1, now, m)

    grow(0, [], base)
    return out


def find_unique_rectangle_3(state) -> Iterator[Step]:
    """Type 3: the two cells of one side, as one cell holding their extra values, make a
    naked set with other cells of a unit they share (sets of up to 4 values)."""
    t = state.tables
    cands, values, peers = state.candidates, state.values, t.peer_bits
    for rect, x, y, ab, extra in _rects(state, (2,)):
        p, q = extra
        more = (cands[p] | cands[q]) & ~ab
        if more.bit_count() < 2:
            continue
        seen = set()
        for u in _shared_units(t, p, q):
            pool = [c for c in t.units[u]
                    if not values[c] and c not in rect and not cands[c] & ab]
            for group, mask in _subsets(pool, cands, more, 3):
                key = (tuple(group), mask)
                if key in seen:
                    continue
                seen.add(key)
                sees = peers[p] & peers[q]
                for c in group:
                    sees &= peers[c]
                gone = [(c, v) for c in cells_of(sees) if c not in rect
                        for v in values_of(cands[c] & mask)]
                if not gone:
                    continue
                vals = values_of(mask)
                size = len(vals)
                word = {2: "pair", 3: "triple", 4: "quad"}[size]
                members = [p, q] + group
                where = [w for w in t.cell_units[p]
                         if all(w in t.cell_units[c] for c in members[1:])]
                units = " and ".join(t.unit_name(w) for w in where)
                yield Step("unique-rectangle-3", eliminations=gone,
                           evidence=_evidence(rect, x, y, extra=extra, unit=u, units=where,
                                              subset=group, subset_values=vals),
                           text=f"{_rect_words(t, rect, x, y)}: {t.name(p)} or {t.name(q)} "
                                f"must hold {join([t.value(v) for v in values_of(more)], ' or ')}"
                                f" (else a second solution; {_RELIES}), so with "
                                f"{t.names(group)} they make a naked {word} of "
                                f"{t.values(vals)} in {units}: {removed_words(t, gone)} removed.",
                           se=round(4.5 + 0.1 * (size - 1), 1))


def find_unique_rectangle_4(state) -> Iterator[Step]:
    """Type 4: the two cells of one side; in a unit they share, a (or b) can only go there,
    so the other value leaves both."""
    t = state.tables
    for rect, x, y, _ab, extra in _rects(state, (2,)):
        p, q = extra
        pq = (1 << p) | (1 << q)
        for u in _shared_units(t, p, q):
            for keep, drop in ((x, y), (y, x)):
                if state.where(u, keep) & ~pq:
                    continue
                yield Step("unique-rectangle-4", eliminations=[(p, drop), (q, drop)],
                           evidence=_evidence(rect, x, y, extra=extra, unit=u, value=keep),
                           text=f"{_rect_words(t, rect, x, y)}: in {t.unit_name(u)}, "
                                f"{t.value(keep)} can only go in {t.name(p)} or {t.name(q)}; "
                                f"with {t.value(drop)} in the other the four cells could "
                                f"swap {t.value(x)} and {t.value(y)} and the puzzle would "
                                f"have two solutions (it has one), so {t.value(drop)} is "
                                f"removed from {t.name(p)} and {t.name(q)}.", se=4.5)
                break
            else:
                continue
            break


def find_hidden_rectangle(state) -> Iterator[Step]:
    """A cell holding only a and b, and in a unit through each side of the opposite cell,
    b can only go in the rectangle: the opposite cell loses a (corners in rectangle order)."""
    t = state.tables
    cands = state.candidates
    done = set()
    for rect, x, y in _candidates(state):
        ab = (1 << (x - 1)) | (1 << (y - 1))
        a, b, c, d = rect
        for corner, far, side1, side2 in ((a, d, c, b), (b, c, d, a), (c, b, a, d),
                                           (d, a, b, c)):
            if cands[corner] != ab:
                continue
            for keep, drop in ((x, y), (y, x)):
                if not cands[far] >> (drop - 1) & 1 or (far, drop) in done:
                    continue
                found = []
                for other in (side1, side2):
                    pair = (1 << far) | (1 << other)
                    unit = next((u for u in _shared_units(t, far, other)
                                 if not state.where(u, keep) & ~pair), None)
                    if unit is None:
                        break
                    found.append(unit)
                if len(found) != 2:
                    continue
                done.add((far, drop))
                u1, u2 = found
                yield Step("hidden-rectangle", eliminations=[(far, drop)],
                           evidence=_evidence(rect, x, y, corner=corner, units=found,
                                              value=keep),
                           text=f"Hidden rectangle {t.names(sorted(rect))} on {t.value(x)} and "
                                f"{t.value(y)}: {t.name(corner)} holds only those two, and "
                                f"{t.value(keep)} can only go in the rectangle in "
                                f"{t.unit_name(u1)} and {t.unit_name(u2)}; {t.value(drop)} in "
                                f"{t.name(far)} would force the swappable pattern and a "
                                f"second solution ({_RELIES}), so {t.value(drop)} is removed "
                                f"from {t.name(far)}.", se=4.5)


# --- BUG+1 ------------------------------------------------------------------------------------

def _bug_geometry(t) -> bool:
    """True when every unit is full and no pair or link joins cells (see the docstring)."""
    g = t.geometry
    return len(t.full) == len(t.units) and not g.pairs and not g.links and not g.propagators


def find_bug_plus_1(state) -> Iterator[Step]:
    """Bivalue universal grave plus one: the three-candidate cell holds the value that
    has three places in each of its units (at most one step)."""
    t = state.tables
    if not _bug_geometry(t):
        return
    cands = state.candidates
    plus = -1
    for cell, m in enumerate(cands):
        k = m.bit_count()
        if k == 0 and not state.values[cell]:
            return
        if k == 1 or k > 3:
            return
        if k == 3:
            if plus >= 0:
                return
            plus = cell
    if plus < 0 or not _one_solution(state):
        return
    mine = set(t.cell_units[plus])
    extra = 0
    for u in range(len(t.units)):
        for v in range(1, t.n + 1):
            count = state.where(u, v).bit_count()
            if u in mine and count == 3 and cands[plus] >> (v - 1) & 1:
                if extra and extra != v:
                    return
                extra = v
            elif count not in (0, 2):
                return
    if not extra:
        return
    for u in mine:
        if state.where(u, extra).bit_count() != 3:
            return
    yield Step("bug-plus-1", placements=[(plus, extra)],
               evidence={"cells": [plus], "value": extra, "units": sorted(mine), "unique": True},
               text=f"Every empty cell but {t.name(plus)} holds two candidates: if "
                    f"{t.name(plus)} were not {t.value(extra)}, every value would have two "
                    f"places in each unit, a pattern with no or several solutions; as "
                    f"{_RELIES}, {t.name(plus)} holds {t.value(extra)}.", se=5.6)


TECHNIQUES = (
    Technique("unique-rectangle-1", "Unique Rectangle Type 1", find_unique_rectangle_1,
              rank=140, se=4.5, level="hard", score=100, needs_unique=True),
    Technique("unique-rectangle-2", "Unique Rectangle Type 2", find_unique_rectangle_2,
              rank=141, se=4.5, level="hard", score=100, needs_unique=True),
    Technique("unique-rectangle-3", "Unique Rectangle Type 3", find_unique_rectangle_3,
              rank=142, se=4.6, level="hard", score=100, needs_unique=True),
    Technique("unique-rectangle-4", "Unique Rectangle Type 4", find_unique_rectangle_4,
              rank=143, se=4.5, level="hard", score=100, needs_unique=True),
    Technique("hidden-rectangle", "Hidden Rectangle", find_hidden_rectangle, rank=144,
              se=4.5, level="hard", score=100, needs_unique=True),
    Technique("bug-plus-1", "BUG+1", find_bug_plus_1, rank=180, se=5.6, level="hard",
              score=100, needs_unique=True),
)

__all__ = ["find_unique_rectangle_1", "find_unique_rectangle_2", "find_unique_rectangle_3",
           "find_unique_rectangle_4", "find_hidden_rectangle", "find_bug_plus_1", "TECHNIQUES"]
