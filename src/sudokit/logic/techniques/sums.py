"""Sums: killer cages, the rule of 45, arrows, little killers, sandwiches, even/odd, renban.

The rules over many cells (sudokit.geometry._sums) as a person reasons about them, from the
candidates left:

    parity            an even (odd) cell holds no odd (even) value
    cage-combination  a cage's values are one of the sets of distinct values that sum to
                      its total (a renban line's: a run of consecutive values); only the sets
                      its cells can still take one each fit, and each cell keeps the values
                      some fitting set can give it
    sum-bounds        an arrow or a little killer: each cell keeps the values with which the
                      rest can still meet the sum (cells sharing a unit take different values)
    sandwich          the 1 and the N of a row or column go where the cells between can sum
                      to the clue; the rest follows
    innie-outie       the rule of 45: rows, columns and boxes hold 1..N once each, so the
                      cells of a block of them that the cages wholly inside leave (innies), or
                      the cells that the cages crossing it add outside (outies), sum to a
                      known total; one such cell is placed
    innies-outies     the same with two to four cells: their sum (innies and outies may
                      mix, an innie counting plus and an outie minus) is known; each keeps
                      the values that some assignment to the others meets (outies that do
                      not share a unit may repeat a value)
    cage-required     a value every fitting set of a cage has, confined within the cage to
                      cells of one unit, is removed from that unit's other cells
    cage-overlap      a value that a full unit can only place inside one cage is in that
                      cage, so the cage's other cells lose it

Cages, renban lines and the rows, columns and boxes are units of the geometry, so a step names
them with their unit indices (``units``); the web page draws those.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from ...geometry import _sums
from ..core.bits import bits_of, cells_of, values_of
from ..core.fit import fitting as _fitting, memo as _memo
from ..ladder import Technique
from ..step import Step

_MAX_INNIES = 4        # innies-outies reasons about sums of at most this many empty cells


# --- the rules of a geometry, once -----------------------------------------------------------


class _Rules:
    """The sum rules of one geometry as the finders read them."""

    __slots__ = ("cages", "sets", "sums", "sandwiches", "masks", "blocks", "parts")

    def __init__(self, geom):
        n = geom.size
        unit_of = {cells: u for u, cells in enumerate(geom.units)}
        # (unit, cells, total) of every cage with a total
        self.cages = []
        self.sets, self.sums, self.sandwiches, self.masks = [], [], [], []
        for con in geom.constraints:
            kind, cells, value = con
            if kind not in _sums.KINDS:
                continue
            props = _sums.propagators(n, (con,), geom.units)
            if not props:
                continue                          # a cage without a total: a unit only
            prop = props[0]
            if kind == "killer":
                self.cages.append((unit_of[tuple(sorted(cells))], cells, value))
            if prop[0] == "sets":
                self.sets.append((con, unit_of[tuple(sorted(cells))], prop))
            elif prop[0] == "sum":
                self.sums.append((con, prop))
            elif prop[0] == "sandwich":
                self.sandwiches.append((con, prop))
            else:
                self.masks.append((con, prop))
        # the rule of 45 adds cage totals: only cages that share no cell with another count
        seen: dict[int, int] = {}
        for _, cells, _ in self.cages:
            for c in cells:
                seen[c] = seen.get(c, 0) + 1
        self.cages = [cage for cage in self.cages if all(seen[c] == 1 for c in cage[1])]
        self.blocks = _blocks(geom) if self.cages else ()
        # each block's (name, cells, k, cages inside, cages across, cells in no cage inside,
        # the totals inside): what the rule of 45 reads of it that no placement changes
        cages = [(u, bits_of(cells), total) for u, cells, total in self.cages]
        self.parts = []
        for name, block, k in self.blocks:
            inside = [(u, b, t) for u, b, t in cages if not b & ~block]
            crossing = [(u, b, t) for u, b, t in cages if b & block and b & ~block]
            covered = 0
            for _, b, _ in inside:
                covered |= b
            self.parts.append((name, block, k, inside, crossing, block & ~covered,
                               sum(t for _, _, t in inside)))


def _blocks(geom) -> tuple:
    """(name, cell set, how many full units) of the blocks the rule of 45 reads: each row,
    column and box (or region), two boxes (regions) side by side, then runs of 2 to N-1
    consecutive rows and columns."""
    n = geom.size
    out = []
    names = geom.unit_names
    for u, cells in enumerate(geom.units):
        if len(cells) == n and names[u].split(" ", 1)[0] in ("row", "col", "box", "region"):
            out.append((names[u], bits_of(cells), 1))
    regions = [(names[u], cells) for u, cells in enumerate(geom.units)
               if len(cells) == n and names[u].split(" ", 1)[0] in ("box", "region")]
    for a in range(len(regions)):              # two regions side by side
        for b in range(a + 1, len(regions)):
            (na, ca), (nb, cb) = regions[a], regions[b]
            inb = set(cb)
            if any((c % n and c - 1 in inb) or (c % n < n - 1 and c + 1 in inb)
                   or c - n in inb or c + n in inb for c in ca):
                word = na.split(" ", 1)[0]
                out.append((f"{word}es {na.split(' ', 1)[1]} and {nb.split(' ', 1)[1]}"
                            if word == "box" else f"{word}s {na.split(' ', 1)[1]} and "
                            f"{nb.split(' ', 1)[1]}", bits_of(ca) | bits_of(cb), 2))
    for word, line in (("rows", lambda i: range(i * n, i * n + n)),
                       ("columns", lambda i: range(i, n * n, n))):
        for k in range(2, n):
            for first in range(n - k + 1):
                cells = bits_of(c for i in range(first, first + k) for c in line(i))
                out.append((f"{word} {first + 1}-{first + k}", cells, k))
    return tuple(out)


@lru_cache(maxsize=64)
def _rules(geom) -> _Rules:
    return _Rules(geom)


def _rules_of(state) -> "_Rules | None":
    geom = state.geometry
    if not geom.propagators:
        return None
    return _rules(geom)


def _doms(state) -> list[int]:
    """Every cell's possible values: its candidates, or its value when placed."""
    return [1 << (v - 1) if v else m for v, m in zip(state.values, state.candidates)]


def _removed(state, cells, doms) -> list[tuple[int, int]]:
    """The (cell, value) candidates of the empty cells among cells that doms no longer has."""
    out = []
    values, cands = state.values, state.candidates
    for c in cells:
        if not values[c]:
            for v in values_of(cands[c] & ~doms[c]):
                out.append((c, v))
    return sorted(set(out))


def _cannot(t, removed) -> str:
    """'r1c1 cannot be 3 or 6, r2c2 cannot be 7'."""
    by_cell: dict[int, list[int]] = {}
    for c, v in removed:
        by_cell.setdefault(c, []).append(v)
    return ", ".join(f"{t.name(c)} cannot be {_or(t, vs)}" for c, vs in sorted(by_cell.items()))


def _or(t, values) -> str:
    words = [t.value(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _set_text(t, mask: int) -> str:
    return "{" + ",".join(t.value(v) for v in values_of(mask)) + "}"


# --- parity ----------------------------------------------------------------------------------


def find_parity(state) -> Iterator[Step]:
    """Even and odd cells: each drops the values of the other parity."""
    rules = _rules_of(state)
    if rules is None:
        return
    t = state.tables
    for con, (_, cells, mask) in rules.masks:
        removed = [(c, v) for c in cells if not state.values[c]
                   for v in values_of(state.candidates[c] & ~mask)]
        if removed:
            kind = con[0]
            yield Step("parity", eliminations=removed,
                       evidence={"cells": sorted({c for c, _ in removed}), "rule": kind},
                       text=f"{t.names(sorted({c for c, _ in removed}))} "
                            f"{'is' if len({c for c, _ in removed}) == 1 else 'are'} {kind}: "
                            f"{_cannot(t, removed)}.", se=1.0)


# --- cage combinations -----------------------------------------------------------------------


def find_cage_combination(state) -> Iterator[Step]:
    """Each cage (renban line) keeps the values of the sets that fit its candidates."""
    rules = _rules_of(state)
    if rules is None:
        return
    t = state.tables
    doms = _doms(state)
    for con, u, (_, cells, masks) in rules.sets:
        if all(state.values[c] for c in cells):
            continue
        fit, keep = _fitting([doms[c] for c in cells], masks)
        new = list(doms)
        for c, k in zip(cells, keep):
            new[c] = k
        removed = _removed(state, cells, new)
        if not removed or not fit:
            continue                  # (no fitting set: a contradiction problems() names)
        kind, _, total = con
        if kind == "killer":
            what = f"{t.unit_name(u)} sums to {total} in {len(cells)} cells"
            sets = " or ".join(_set_text(t, s) for s in fit)
            text = f"{what}; with the candidates left its values can only be {sets}"
        else:
            sets = " or ".join(_set_text(t, s) for s in fit)
            text = f"{t.unit_name(u)} holds a run of {len(cells)} consecutive values; with " \
                   f"the candidates left only {sets} fit"
        yield Step("cage-combination", eliminations=removed,
                   evidence={"units": [u], "cells": list(cells), "total": total,
                             "combinations": [values_of(s) for s in fit]},
                   text=f"{text}: {_cannot(t, removed)}.", se=2.0)


# --- arrows and little killers ---------------------------------------------------------------


def _sum_text(t, con, n) -> str:
    kind, cells, value = con
    if kind == "arrow":
        circle = cells[:value]
        return f"The arrow from {t.names(circle)}: the circle equals the sum of " \
               f"{t.names(cells[value:])}"
    return f"The little killer {t.name(cells[0])}-{t.name(cells[-1])}: " \
           f"{t.names(cells)} sum to {value}"


def _pruned(state, rules):
    """(constraint, removed) of each rule of ``rules`` whose propagator, run on the candidates
    left (the engines' own pruning: engine._propagators.prune), removes some."""
    from ...engine._propagators import prune
    t = state.tables
    for con, prop in rules:
        cells = prop[1]
        if all(state.values[c] for c in cells):
            continue
        doms = _doms(state)
        if prune(prop, doms, t.n) <= 0:
            continue                  # nothing, or a contradiction problems() names
        removed = _removed(state, cells, doms)
        if removed:
            yield con, removed


def find_sum_bounds(state) -> Iterator[Step]:
    """Arrows and little killers: each cell keeps the values with which the rest of the sum
    can still be met (bounds; cells sharing a unit take different values)."""
    rules = _rules_of(state)
    if rules is None:
        return
    t = state.tables
    for con, removed in _pruned(state, rules.sums):
        yield Step("sum-bounds", eliminations=removed,
                   evidence={"cells": list(con[1]), "rule": con[0]},
                   text=f"{_sum_text(t, con, t.n)}; with the candidates left (values differ "
                        f"where cells share a unit): {_cannot(t, removed)}.", se=2.5)


def find_sandwich(state) -> Iterator[Step]:
    """Sandwiches: the 1 and the N go where the cells between can sum to the clue."""
    rules = _rules_of(state)
    if rules is None:
        return
    t = state.tables
    for con, removed in _pruned(state, rules.sandwiches):
        where = _sums.describe(t.n, con).split(" ", 1)[1]
        yield Step("sandwich", eliminations=removed,
                   evidence={"cells": list(con[1]), "rule": "sandwich", "total": con[2]},
                   text=f"In {where} the values between the 1 and the {t.value(t.n)} sum to "
                        f"{con[2]}; only placements of them whose cells between can make that "
                        f"sum are left: {_cannot(t, removed)}.", se=2.5)


# --- the rule of 45 --------------------------------------------------------------------------


def _ways(cells, weights, target, doms, peers) -> "tuple[int, ...] | None":
    """For cells with weights (+1/-1) whose weighted sum is target: the values each can hold
    in some assignment within doms where cells that are peers differ; None when none."""
    key = ("ways", tuple(cells), tuple(weights), target, tuple(doms[c] for c in cells),
           tuple(peers[c] for c in cells))
    return _memo(key, lambda: _ways_now(cells, weights, target, doms, peers))


def _ways_now(cells, weights, target, doms, peers) -> "tuple[int, ...] | None":
    m = len(cells)
    keep = [0] * m
    vals = [0] * m

    def go(i: int, rest: int) -> bool:
        if i == m:
            if rest:
                return False
            for j in range(m):
                keep[j] |= 1 << (vals[j] - 1)
            return True
        c, w = cells[i], weights[i]
        found = False
        for v in values_of(doms[c]):
            if any(vals[j] == v and peers[c] >> cells[j] & 1 for j in range(i)):
                continue
            vals[i] = v
            if go(i + 1, rest - w * v):
                found = True
        vals[i] = 0
        return found

    return tuple(keep) if go(0, target) else None


def _innies(state, rules, single: bool) -> Iterator[Step]:
    """The rule of 45 on each block: for each choice S of the cages that cross it, the
    block's cells in no cage wholly inside and in no cage of S (innies) less the cells of S
    outside the block (outies) sum to k*45 - the totals inside - the totals of S.  S empty is
    the plain innie count, S all of them the plain outie count; the others mix the two.  Only
    the choices that leave one cell (single) or two to four cells (not single) are read."""
    t = state.tables
    n = t.n
    whole = n * (n + 1) // 2
    values = state.values
    empty = bits_of(c for c, v in enumerate(values) if not v)
    doms = _doms(state)
    want = (1, 1) if single else (2, _MAX_INNIES)
    for name, block, k, inside, crossing, base, inner in rules.parts:
        # (unknown cells) = popcount(base & empty) - sum over S of (in - out) of each cage
        delta = [((b & block & empty).bit_count() - (b & ~block & empty).bit_count())
                 for _, b, _ in crossing]
        if len(crossing) > _MAX_CROSSING:
            choices = [(), tuple(range(len(crossing)))]
        else:
            choices = _choices(delta, (base & empty).bit_count(), want)
        for chosen in choices:
            sb = 0
            for i in chosen:
                sb |= crossing[i][1]
            plus, minus = base & ~sb, sb & ~block
            m = ((plus | minus) & empty).bit_count()
            if not want[0] <= m <= want[1]:
                continue
            across = [crossing[i] for i in chosen]
            target = k * whole - inner - sum(s for _, _, s in across)
            yield from _block_step(state, name, k, inside, across, len(across) == len(crossing),
                                   plus, minus, target, doms, single)


_MAX_CROSSING = 8      # more cages across a block: only none or all of them are counted


def _choices(delta, base: int, want) -> list[tuple[int, ...]]:
    """The sets S of indexes (ascending; the empty set first) with base - sum(delta[S]) in
    want (a depth-first walk, cut where the cages left cannot bring the count into it)."""
    out = []
    m = len(delta)
    best_down = [0] * (m + 1)          # the most the cages from i on can take off (delta > 0)
    best_up = [0] * (m + 1)            # ... and add (delta < 0)
    for i in range(m - 1, -1, -1):
        best_down[i] = best_down[i + 1] + max(delta[i], 0)
        best_up[i] = best_up[i + 1] + max(-delta[i], 0)

    def go(i: int, count: int, chosen: list) -> None:
        if count - best_down[i] > want[1] or count + best_up[i] < want[0]:
            return
        if i == m:
            out.append(tuple(chosen))
            return
        go(i + 1, count, chosen)
        chosen.append(i)
        go(i + 1, count - delta[i], chosen)
        chosen.pop()

    go(0, base, [])
    out.sort(key=lambda x: (len(x), x))
    return out


def _block_step(state, name, k, inside, across, all_across, plus, minus, target, doms,
                single) -> Iterator[Step]:
    """The step of one block: the cells of ``plus`` less those of ``minus`` sum to target."""
    t = state.tables
    values = state.values
    placed = 0
    for c in cells_of(plus):
        placed += values[c]
    for c in cells_of(minus):
        placed -= values[c]
    target -= placed
    pcells = [c for c in cells_of(plus) if not values[c]]
    mcells = [c for c in cells_of(minus) if not values[c]]
    cells = pcells + mcells
    weights = [1] * len(pcells) + [-1] * len(mcells)
    units = [u for u, _, _ in inside + across]
    head = _block_text(t, name, k, inside, across, all_across, placed)
    if single:
        c = cells[0]
        v = target * weights[0]
        if not 1 <= v <= t.n or not state.candidates[c] >> (v - 1) & 1:
            return                    # a contradiction: problems() names it
        role = "innie" if weights[0] > 0 else "outie"
        yield Step("innie-outie", placements=[(c, v)],
                   evidence={"cells": [c], "units": units, "value": v, "block": name},
                   text=f"{head}, so the {role} {t.name(c)} is {t.value(v)}.", se=2.0)
        return
    keep = _ways(cells, weights, target, doms, t.peer_bits)
    if keep is None:
        return
    removed = [(c, v) for c, kv in zip(cells, keep) for v in values_of(state.candidates[c] & ~kv)]
    if not removed:
        return
    if mcells and pcells:
        what = f"{t.names(pcells)} less {t.names(mcells)} make {target}" if target >= 0 else \
            f"{t.names(mcells)} less {t.names(pcells)} make {-target}"
    else:
        what = f"{t.names(cells)} sum to {abs(target)}"
    yield Step("innies-outies", eliminations=sorted(removed),
               evidence={"cells": cells, "units": units, "total": target, "block": name},
               text=f"{head}, so {what}: {_cannot(t, sorted(removed))}.", se=3.0)


def _block_text(t, name, k, inside, across, all_across, placed) -> str:
    """'Rule of 45: row 1 holds 45, the cages wholly inside 36' and its variants."""
    n = t.n
    whole = k * n * (n + 1) // 2
    inner = sum(s for _, _, s in inside)
    text = f"Rule of {n * (n + 1) // 2}: {name} hold{'s' if k == 1 else ''} {whole}, "
    known = inner
    if not across:
        text += f"the cages wholly inside {inner}"
    else:
        known += sum(s for _, _, s in across)
        text += f"the cages in and across {known}"
        if not all_across:
            text += f" (across: {', '.join(t.unit_name(u) for u, _, _ in across)})"
    if placed:
        text += f", the values placed {placed} ({known + placed} in all)"
    return text


def find_innie_outie(state) -> Iterator[Step]:
    """The rule of 45 with one cell: an innie or an outie placed."""
    rules = _rules_of(state)
    if rules is None or not rules.cages:
        return
    yield from _innies(state, rules, True)


def find_innies_outies(state) -> Iterator[Step]:
    """The rule of 45 with two to four cells: their candidates cut by the sum they make."""
    rules = _rules_of(state)
    if rules is None or not rules.cages:
        return
    yield from _innies(state, rules, False)


# --- values a cage must hold -----------------------------------------------------------------


def find_cage_required(state) -> Iterator[Step]:
    """A value every fitting set of a cage holds, confined within the cage to one unit's
    cells: it leaves the rest of that unit."""
    rules = _rules_of(state)
    if rules is None:
        return
    t = state.tables
    values, cands = state.values, state.candidates
    doms = _doms(state)
    for con, u, (_, cells, masks) in rules.sets:
        if con[0] != "killer":
            continue
        fit, _ = _fitting([doms[c] for c in cells], masks)
        if not fit:
            continue
        must = fit[0]
        for s in fit[1:]:
            must &= s
        cage = bits_of(cells)
        for v in values_of(must):
            if any(values[c] == v for c in cells):
                continue
            where = bits_of(c for c in cells if not values[c] and cands[c] >> (v - 1) & 1)
            if not where:
                continue
            for w in t.full:
                ub = t.unit_bits[w]
                if where & ~ub:
                    continue
                gone = [c for c in cells_of(ub & ~cage) if not values[c]
                        and cands[c] >> (v - 1) & 1]
                if gone:
                    yield Step("cage-required", eliminations=[(c, v) for c in gone],
                               evidence={"units": [u, w], "cells": cells_of(where), "value": v},
                               text=f"Every set of values left for {t.unit_name(u)} has "
                                    f"{t.value(v)} (the cage: {con[2]} in {len(cells)} "
                                    f"cells), and within it {t.value(v)} can only go in "
                                    f"{t.names(where)}, all in {t.unit_name(w)}; so "
                                    f"{t.value(v)} is removed from the rest of "
                                    f"{t.unit_name(w)}: {t.names(gone)}.", se=2.8)


def find_cage_overlap(state) -> Iterator[Step]:
    """A full unit's value whose places are all in one cage is in that cage: the cage's cells
    outside the unit lose it; a cage wholly inside the unit keeps only its sets with it."""
    rules = _rules_of(state)
    if rules is None:
        return
    t = state.tables
    values, cands = state.values, state.candidates
    table = state.where_table()
    placed_in = state.placed_masks()
    doms = None
    for con, u, (_, cells, masks) in rules.sets:
        cage = bits_of(cells)
        for w in t.full:
            ub = t.unit_bits[w]
            if not ub & cage:
                continue
            for v in range(1, t.n + 1):
                if placed_in[w] >> (v - 1) & 1:
                    continue
                where = table[w][v]
                if not where or where & ~cage:
                    continue
                head = f"In {t.unit_name(w)}, {t.value(v)} can only go in {t.names(where)}, " \
                       f"all in {t.unit_name(u)}"
                if cage & ~ub:
                    gone = [c for c in cells_of(cage & ~ub) if not values[c]
                            and cands[c] >> (v - 1) & 1]
                    if gone:
                        yield Step("cage-overlap", eliminations=[(c, v) for c in gone],
                                   evidence={"units": [w, u], "cells": cells_of(where),
                                             "value": v},
                                   text=f"{head}; so {t.value(v)} is removed from the rest "
                                        f"of {t.unit_name(u)}: {t.names(gone)}.", se=2.8)
                    continue
                # the cage lies in the unit: its values include v
                if doms is None:
                    doms = _doms(state)
                bit = 1 << (v - 1)
                fit, keep = _fitting([doms[c] for c in cells], [m for m in masks if m & bit])
                if not fit:
                    continue
                new = list(doms)
                for c, kk in zip(cells, keep):
                    new[c] = kk
                removed = _removed(state, cells, new)
                if removed:
                    sets = " or ".join(_set_text(t, m) for m in fit)
                    what = f" ({con[2]} in {len(cells)} cells)" if con[0] == "killer" else ""
                    yield Step("cage-overlap", eliminations=removed,
                               evidence={"units": [w, u], "cells": cells_of(where), "value": v,
                                         "combinations": [values_of(m) for m in fit]},
                               text=f"{head}{what}, so the cage holds {t.value(v)}: only "
                                    f"{sets} are left: {_cannot(t, removed)}.", se=2.8)


def _applies(t) -> bool:
    """True when the geometry has rules over many cells (else no sum technique can fire)."""
    return bool(t.geometry.propagators)


TECHNIQUES = (
    Technique("parity", "Even/Odd", find_parity, rank=31, se=1.0, level="easy", score=4, own=True, applies=_applies),
    Technique("cage-combination", "Cage Combinations", find_cage_combination, rank=32,
              se=2.0, level="easy", score=20, own=True, applies=_applies),
    Technique("innie-outie", "Innie/Outie (Rule of 45)", find_innie_outie, rank=34, se=2.0,
              level="easy", score=25, own=True, applies=_applies),
    Technique("sum-bounds", "Sum Bounds (Arrows, Little Killers)", find_sum_bounds, rank=36,
              se=2.5, level="easy", score=30, own=True, applies=_applies),
    Technique("sandwich", "Sandwich Placements", find_sandwich, rank=38, se=2.5,
              level="medium", score=40, own=True, applies=_applies),
    Technique("cage-required", "Cage Must Contain", find_cage_required, rank=45, se=2.8,
              level="medium", score=50, own=True, applies=_applies),
    Technique("cage-overlap", "Cage/Unit Overlap", find_cage_overlap, rank=55, se=2.8,
              level="medium", score=50, own=True, applies=_applies),
    Technique("innies-outies", "Innies and Outies (several cells)", find_innies_outies,
              rank=65, se=3.0, level="medium", score=70, own=True, applies=_applies),
)

__all__ = ["find_parity", "find_cage_combination", "find_innie_outie", "find_sum_bounds",
           "find_sandwich", "find_cage_required", "find_cage_overlap", "find_innies_outies",
           "TECHNIQUES"]
