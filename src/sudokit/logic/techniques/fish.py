"""Fish: a value confined, in k base lines, to k cover lines (X-Wing, Swordfish, Jellyfish),
and their finned and sashimi forms.

    basic fish     in k rows (the base), value v can only go in k columns (the cover): the
                   k copies of v in those rows fill the k columns, so v leaves every other
                   cell of the cover columns.  The same with columns as base and rows as
                   cover.  k = 2 X-Wing, 3 Swordfish, 4 Jellyfish.
    finned fish    the same, except for some extra candidates of the base rows (the fins),
                   all in one box (jigsaw: region).  Either a fin holds v, or the fish
                   holds and v leaves its cover columns; so v leaves the cells of the cover
                   columns that lie in the fins' box (outside the base rows), which see
                   every fin.
    sashimi fish   a finned fish where some base row keeps only one cell in the cover
                   without its fins (the fish without fins would be degenerate).  Finned
                   and sashimi are told apart this way and have their own ids.

Valid on every geometry: rows and columns are always full units (each value exactly once),
and the fin's box or jigsaw region is a unit too; the eliminations of a finned fish see all
its fins through that one unit (extra units such as diagonals or windows are not used).
On 16x16 and 25x25 the same three sizes are searched (larger fish are rare and slow).

Order of the steps of one technique: by value, rows as base before columns as base, (finned
fish: the fins' box or region in unit order,) base lines in increasing order (combinations
in lexicographic order), then (finned) the cover lines in lexicographic order.

basic_fish() is also SE's search (logic/se/basic.py fish: its values and order).

Ratings: Sudoku Explainer rates X-Wing 3.2, Swordfish 3.8 and Jellyfish 5.2; it has no
finned fish (it finds their eliminations as Turbot Fish or X-Cycles, 6.6 and up), so the
finned and sashimi forms get 6.6 here.  HoDoKu: X-Wing hard 140, Swordfish hard 150,
Jellyfish hard 160, Finned X-Wing hard 130, Sashimi X-Wing hard 150, Finned Swordfish
unfair 200, Sashimi Swordfish unfair 240, Finned Jellyfish unfair 250, Sashimi Jellyfish
unfair 260.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from itertools import combinations
from typing import Iterator

from .. import _cfast
from ..core.bits import cells_of
from ..ladder import Technique
from ..step import Step
from ._lines import line_masks, line_word

_SIZE_NAME = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_SIZE_ID = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
_SE_BASIC = {2: 3.2, 3: 3.8, 4: 5.2}
_SE_FINNED = 6.6


def _combos(lines, masks, k: int, limit: int):
    """(lines, union) for every k-combination (k = 2, 3 or 4) of lines, in lexicographic
    order, whose masks together cover at most limit positions (pruned as it grows)."""
    size = len(lines)
    for a in range(size - k + 1):
        la = lines[a]
        ua = masks[la]
        for b in range(a + 1, size - k + 2):
            lb = lines[b]
            ub = ua | masks[lb]
            if ub.bit_count() > limit:
                continue
            if k == 2:
                yield (la, lb), ub
                continue
            for c in range(b + 1, size - k + 3):
                lc = lines[c]
                uc = ub | masks[lc]
                if uc.bit_count() > limit:
                    continue
                if k == 3:
                    yield (la, lb, lc), uc
                    continue
                for d in range(c + 1, size):
                    ld = lines[d]
                    ud = uc | masks[ld]
                    if ud.bit_count() <= limit:
                        yield (la, lb, lc, ld), ud


def _views(state):
    """(o, masks by value, base units, cover units): rows as base, then columns as base."""
    t = state.tables
    rows, cols = line_masks(state)
    return ((0, rows, t.rows, t.cols), (1, cols, t.cols, t.rows))


def _cell(o: int, i: int, j: int, n: int) -> int:
    """The cell of base line i and cover line j (o = 0: rows as base)."""
    return i * n + j if o == 0 else j * n + i


def basic_fish(views, k: int, values) -> Iterator[tuple]:
    """(value, o, base lines, cover mask, cells losing the value) of every basic fish of
    size k: the one search of sudokit and SE.  For each value of values, each view (o,
    line masks by value) in the order given, the base lines (those with 2..k places) in
    lexicographic order."""
    for v in values:
        for o, by_value in views:
            m = by_value[v]
            n = len(m)
            lines = [i for i in range(n) if 2 <= m[i].bit_count() <= k]
            for combo, union in _combos(lines, m, k, k):
                if union.bit_count() != k:
                    continue  # fewer cover lines than base lines: problems() reports it
                gone = [_cell(o, i, j, n) for i in range(n) if i not in combo
                        for j in cells_of(m[i] & union)]
                if gone:
                    yield v, o, combo, union, gone


def _basic(state, k: int) -> Iterator[Step]:
    t = state.tables
    name = _SIZE_NAME[k]
    views = _views(state)
    for v, o, combo, union, gone in basic_fish([w[:2] for w in views], k, range(1, t.n + 1)):
        _, m, base_units, cover_units = views[o]
        m = m[v]
        base = [base_units[i] for i in combo]
        cover = [cover_units[j] for j in cells_of(union)]
        body = sorted(_cell(o, i, j, t.n) for i in combo for j in cells_of(m[i]))
        gone.sort()
        yield Step(_SIZE_ID[k], eliminations=[(c, v) for c in gone],
                   evidence={"value": v, "base": base, "cover": cover, "cells": body,
                             "units": base + cover},
                   text=f"In {line_word(t, base)}, {t.value(v)} can only go in "
                        f"{line_word(t, cover)} ({name}), so {t.value(v)} is removed "
                        f"from {t.names(gone)}.", se=_SE_BASIC[k])


@lru_cache(maxsize=64)
def _box_lines(t, o: int) -> tuple:
    """For each box (region) of t, in t.boxes order: (unit, masks) where masks[i] is the
    mask of the cover lines of the box's cells on base line i (o = 0: rows as base)."""
    n = t.n
    out = []
    for u in t.boxes:
        masks = [0] * n
        for c in t.units[u]:
            r, k = divmod(c, n)
            if o == 0:
                masks[r] |= 1 << k
            else:
                masks[k] |= 1 << r
        out.append((u, tuple(masks)))
    return tuple(out)


class _Shared:
    """One enumeration of the finned fish of a size, read by the finned and the sashimi
    technique alike: each reader walks its own kind's list and pulls more from the common
    generator when it runs out (sashimi steps found on the way wait in their list).  Kept
    in the state's cache, so the search runs once per state and size, and stays lazy."""

    __slots__ = ("gen", "done", "found")

    def __init__(self, gen):
        self.gen, self.done, self.found = gen, False, {False: [], True: []}

    def read(self, sashimi: bool) -> Iterator[Step]:
        mine = self.found[sashimi]
        k = 0
        while True:
            if k < len(mine):
                yield mine[k]
                k += 1
            elif self.done:
                return
            else:
                try:
                    kind, step = next(self.gen)
                except StopIteration:
                    self.done = True
                else:
                    self.found[kind].append(step)


def _finned(state, k: int, sashimi: bool) -> Iterator[Step]:
    """The finned (sashimi=False) or sashimi fish of size k, from the shared search."""
    key = ("finned-fish", k)
    shared = state._cache.get(key)
    if shared is None:
        shared = state._cache[key] = _Shared(_finned_all(state, k))
    return shared.read(sashimi)


def _finned_all(state, k: int) -> Iterator[tuple]:
    """(is sashimi, step) of every finned fish of size k, in the documented order."""
    found = _cfast.call(state, "logic_finned", k)
    if found is not None:
        yield from _finned_from_c(state, k, found)
        return
    t = state.tables
    n = t.n
    for v in range(1, n + 1):
        for o, by_value, base_units, cover_units in _views(state):
            m = by_value[v]
            lines = [i for i in range(n) if m[i].bit_count() >= 2]
            if len(lines) < k:
                continue
            for b, in_box in _box_lines(t, o):
                inside = [m[i] & in_box[i] for i in range(n)]
                touched = [i for i in range(n) if inside[i]]
                if len(touched) < 2:
                    continue  # fins and eliminations need two lines of the box
                out = [m[i] & ~in_box[i] for i in range(n)]
                usable = [i for i in lines if out[i].bit_count() <= k]
                for combo, must in _combos(usable, out, k, k):
                    free = 0
                    reach = 0  # the cover lines where the box could lose v
                    for i in touched:
                        if i in combo:
                            free |= inside[i]
                        else:
                            reach |= inside[i]
                    free &= ~must
                    if not free or not reach & (must | free):
                        continue  # no fin (a basic fish), or nothing to remove
                    for extra in combinations(cells_of(free), k - must.bit_count()):
                        cover = must
                        for j in extra:
                            cover |= 1 << j
                        found = _finned_step(t, o, v, m, inside, combo, cover, b, k,
                                             base_units, cover_units)
                        if found is not None:
                            yield found


def _finned_from_c(state, k: int, found: bytes) -> Iterator[tuple]:
    """(is sashimi, step) of the C search's records (sudokit/_c/logic_fish.c: value,
    orientation, box index, base lines, cover mask), built as the pure search builds them."""
    if not found:
        return
    t = state.tables
    n = t.n
    views = _views(state)
    boxes = (_box_lines(t, 0), _box_lines(t, 1))
    for v, o, bi, l0, l1, l2, l3, lo, hi in struct.iter_unpack("9B", found):
        _, by_value, base_units, cover_units = views[o]
        m = by_value[v]
        b, in_box = boxes[o][bi]
        inside = [m[i] & in_box[i] for i in range(n)]
        combo = (l0, l1, l2, l3)[:k]
        step = _finned_step(t, o, v, m, inside, combo, lo | hi << 8, b, k, base_units,
                            cover_units)
        if step is not None:
            yield step


def _finned_step(t, o, v, m, inside, combo, cover, b, k, base_units, cover_units):
    """(is sashimi, step) of one finned fish candidate, or None (no fin, no elimination)."""
    n = t.n
    if any(not m[i] & cover for i in combo):
        return None  # a base line without a body cell: a smaller fish
    fins = sorted(_cell(o, i, j, n) for i in combo for j in cells_of(inside[i] & ~cover))
    if not fins:
        return None
    sashimi = any((m[i] & cover).bit_count() == 1 for i in combo)
    tech = ("sashimi-" if sashimi else "finned-") + _SIZE_ID[k]
    name = ("Sashimi " if sashimi else "Finned ") + _SIZE_NAME[k]
    gone = sorted(_cell(o, i, j, n) for i in range(n) if i not in combo
                  for j in cells_of(inside[i] & cover))
    if not gone:
        return None
    base = [base_units[i] for i in combo]
    cov = [cover_units[j] for j in cells_of(cover)]
    body = sorted(_cell(o, i, j, n) for i in combo for j in cells_of(m[i] & cover))
    fin_word = "fin" if len(fins) == 1 else "fins"
    step = Step(tech, eliminations=[(c, v) for c in gone],
                evidence={"value": v, "base": base, "cover": cov, "cells": body, "fins": fins,
                          "unit": b, "units": base + cov + [b]},
                text=f"In {line_word(t, base)}, {t.value(v)} can only go in "
                     f"{line_word(t, cov)}, apart from the {fin_word} {t.names(fins)} "
                     f"({name}); either way {t.value(v)} is removed from {t.names(gone)}, "
                     f"in {t.unit_name(b)} with the {fin_word}.", se=_SE_FINNED)
    return sashimi, step


def find_x_wing(state) -> Iterator[Step]:
    """X-Wings on rows, then on columns (see the module docstring for the order)."""
    return _basic(state, 2)


def find_swordfish(state) -> Iterator[Step]:
    return _basic(state, 3)


def find_jellyfish(state) -> Iterator[Step]:
    return _basic(state, 4)


def find_finned_x_wing(state) -> Iterator[Step]:
    """Finned (not sashimi) X-Wings: fins in one box with the eliminations."""
    return _finned(state, 2, False)


def find_sashimi_x_wing(state) -> Iterator[Step]:
    return _finned(state, 2, True)


def find_finned_swordfish(state) -> Iterator[Step]:
    return _finned(state, 3, False)


def find_sashimi_swordfish(state) -> Iterator[Step]:
    return _finned(state, 3, True)


def find_finned_jellyfish(state) -> Iterator[Step]:
    return _finned(state, 4, False)


def find_sashimi_jellyfish(state) -> Iterator[Step]:
    return _finned(state, 4, True)


TECHNIQUES = (
    Technique("x-wing", "X-Wing", find_x_wing, rank=70, se=3.2, level="hard", score=140),
    Technique("swordfish", "Swordfish", find_swordfish, rank=100, se=3.8, level="hard",
              score=150),
    Technique("jellyfish", "Jellyfish", find_jellyfish, rank=160, se=5.2, level="hard",
              score=160),
    Technique("finned-x-wing", "Finned X-Wing", find_finned_x_wing, rank=220, se=_SE_FINNED,
              level="hard", score=130),
    Technique("sashimi-x-wing", "Sashimi X-Wing", find_sashimi_x_wing, rank=222, se=_SE_FINNED,
              level="hard", score=150),
    Technique("finned-swordfish", "Finned Swordfish", find_finned_swordfish, rank=224,
              se=_SE_FINNED, level="unfair", score=200),
    Technique("sashimi-swordfish", "Sashimi Swordfish", find_sashimi_swordfish, rank=226,
              se=_SE_FINNED, level="unfair", score=240),
    Technique("finned-jellyfish", "Finned Jellyfish", find_finned_jellyfish, rank=228,
              se=_SE_FINNED, level="unfair", score=250),
    Technique("sashimi-jellyfish", "Sashimi Jellyfish", find_sashimi_jellyfish, rank=230,
              se=_SE_FINNED, level="unfair", score=260),
)

__all__ = ["basic_fish", "find_x_wing", "find_swordfish", "find_jellyfish", "find_finned_x_wing",
           "find_sashimi_x_wing", "find_finned_swordfish", "find_sashimi_swordfish",
           "find_finned_jellyfish", "find_sashimi_jellyfish", "TECHNIQUES"]
