"""Naked and hidden subsets (pairs, triples, quads).

    naked subset    k empty cells of a unit whose candidates together are k values: those
                    values go in those cells, so they leave every cell that sees all k cells
                    (the rest of the unit, and of a second unit the k cells share)
    hidden subset   k values of a full unit with k places left between them: those cells
                    hold those values, so every other candidate leaves them
"""

from __future__ import annotations

from typing import Iterator

from ..core.bits import cells_of, closed_sets, mask_of, values_of
from ..ladder import Technique
from ..step import Step

_WORDS = {2: "pair", 3: "triple", 4: "quad"}
_SE_NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
_SE_HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}


def _naked(state, k: int) -> Iterator[Step]:
    t = state.tables
    cands = state.candidates
    seen = set()
    for u, cells in enumerate(t.units):
        pool = [c for c in cells if cands[c] and cands[c].bit_count() <= k]
        for group, mask in closed_sets(pool, cands, k):
            key = (frozenset(group), mask)
            if key in seen:
                continue
            seen.add(key)
            sees = -1
            for c in group:
                sees &= t.peer_bits[c]
            gone = []
            for c in cells_of(sees):
                hit = cands[c] & mask
                if hit:
                    gone.extend((c, v) for v in values_of(hit))
            if gone:
                yield naked_step(t, u, list(group), values_of(mask), gone)


def _hidden(state, k: int) -> Iterator[Step]:
    t = state.tables
    cands = state.candidates
    table, placed_in = state.where_table(), state.placed_masks()
    for u in t.full:
        placed = placed_in[u]
        row = table[u]
        open_values = [v for v in range(1, t.n + 1)
                       if not placed >> (v - 1) & 1 and 0 < row[v].bit_count() <= k]
        for group, where in closed_sets(open_values, row, k):
            keep = mask_of(group)
            cells = cells_of(where)
            gone = [(c, v) for c in cells for v in values_of(cands[c] & ~keep)]
            if gone:
                yield hidden_step(t, u, cells, list(group), gone)


def naked_step(t, u: int, cells: list, vals: list, gone) -> Step:
    """The naked subset step of cells (in unit u's order) holding only vals, removing the
    (cell, value) pairs gone."""
    k = len(cells)
    return Step(f"naked-{_WORDS[k]}", eliminations=gone,
                evidence={"unit": u, "cells": cells, "values": vals},
                text=f"In {t.unit_name(u)}, {t.names(cells)} hold only {t.values(vals)} "
                     f"between them, so {t.values(vals)} go there and leave "
                     f"{t.names(sorted({c for c, _ in gone}))}.", se=_SE_NAKED[k])


def hidden_step(t, u: int, cells: list, vals: list, gone) -> Step:
    """The hidden subset step of vals, whose places left in unit u are cells (increasing),
    removing the (cell, value) pairs gone."""
    k = len(vals)
    return Step(f"hidden-{_WORDS[k]}", eliminations=gone,
                evidence={"unit": u, "cells": cells, "values": vals},
                text=f"In {t.unit_name(u)}, {t.values(vals)} can only go in "
                     f"{t.names(cells)}, so those cells hold nothing else: "
                     f"{_removed(t, gone)} removed.", se=_SE_HIDDEN[k])


def _removed(t, pairs) -> str:
    """'4 and 7 from r1c1, 9 from r2c3' of (cell, value) pairs grouped by cell."""
    by_cell = {}
    for c, v in pairs:
        by_cell.setdefault(c, []).append(v)
    return ", ".join(f"{t.values(vs)} from {t.name(c)}" for c, vs in sorted(by_cell.items()))


def find_naked_pair(state):
    return _naked(state, 2)


def find_naked_triple(state):
    return _naked(state, 3)


def find_naked_quad(state):
    return _naked(state, 4)


def find_hidden_pair(state):
    return _hidden(state, 2)


def find_hidden_triple(state):
    return _hidden(state, 3)


def find_hidden_quad(state):
    return _hidden(state, 4)


TECHNIQUES = (
    Technique("naked-pair", "Naked Pair", find_naked_pair, rank=60, se=3.0, level="medium", score=60),
    Technique("hidden-pair", "Hidden Pair", find_hidden_pair, rank=80, se=3.4, level="medium",
              score=70),
    Technique("naked-triple", "Naked Triple", find_naked_triple, rank=90, se=3.6, level="medium",
              score=80),
    Technique("hidden-triple", "Hidden Triple", find_hidden_triple, rank=110, se=4.0,
              level="medium", score=100),
    Technique("naked-quad", "Naked Quad", find_naked_quad, rank=150, se=5.0, level="hard",
              score=120),
    Technique("hidden-quad", "Hidden Quad", find_hidden_quad, rank=170, se=5.4, level="hard",
              score=150),
)

__all__ = ["find_naked_pair", "find_naked_triple", "find_naked_quad", "find_hidden_pair",
           "find_hidden_triple", "find_hidden_quad", "naked_step", "hidden_step", "TECHNIQUES"]
