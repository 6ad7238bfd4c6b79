"""Singles: full house, hidden single, naked single (the placements).

    full house      the last empty cell of a unit takes the one value the unit lacks
    hidden single   a value that has one place left in a unit (boxes first: SE rates a box
                    hidden single 1.2 and a row or column one 1.5)
    naked single    a cell with one candidate left
"""

from __future__ import annotations

from typing import Iterator

from ..ladder import Technique
from ..step import Step

_SE_HIDDEN = {"box": 1.2, "region": 1.2}  # rows, columns and other units: 1.5


def find_full_house(state) -> Iterator[Step]:
    """The last empty cell of each full unit (units in order)."""
    t = state.tables
    values, cands = state.values, state.candidates
    seen = set()
    for u in t.full:
        empty = [c for c in t.units[u] if not values[c]]
        if len(empty) != 1 or empty[0] in seen:
            continue
        cell = empty[0]
        missing = ((1 << t.n) - 1) & ~state.placed_in(u)
        if missing.bit_count() != 1 or not cands[cell] & missing:
            continue  # a clash, or the value was removed: problems() reports those
        seen.add(cell)
        yield full_house_step(t, cell, missing.bit_length(), u)


def full_house_step(t, cell: int, v: int, u: int) -> Step:
    """The full house step of cell, the last empty cell of unit u, holding v."""
    return Step("full-house", placements=[(cell, v)],
                evidence={"unit": u, "cells": [cell], "value": v},
                text=f"{t.name(cell)} is the last empty cell of {t.unit_name(u)}, "
                     f"so it holds {t.value(v)}.", se=1.0)


def _hidden_order(t) -> list[int]:
    """Full units, boxes and regions first, then rows, columns and the others."""
    first = [u for u in t.full if t.kind[u] in ("box", "region")]
    return first + [u for u in t.full if t.kind[u] not in ("box", "region")]


def find_hidden_single(state) -> Iterator[Step]:
    """Each value with one place left in a full unit (boxes first), once per cell."""
    t = state.tables
    seen = set()
    table, placed_in = state.where_table(), state.placed_masks()
    for u in _hidden_order(t):
        placed = placed_in[u]
        row = table[u]
        for v in range(1, t.n + 1):
            if placed >> (v - 1) & 1:
                continue
            where = row[v]
            if where and not where & (where - 1):
                cell = where.bit_length() - 1
                if (cell, v) in seen:
                    continue
                seen.add((cell, v))
                yield hidden_single_step(t, cell, v, u)


def hidden_single_step(t, cell: int, v: int, u: int) -> Step:
    """The hidden single step of v, whose one place left in unit u is cell."""
    return Step("hidden-single", placements=[(cell, v)],
                evidence={"unit": u, "cells": [cell], "value": v},
                text=f"In {t.unit_name(u)}, {t.value(v)} can only go in {t.name(cell)}.",
                se=_SE_HIDDEN.get(t.kind[u], 1.5))


def find_naked_single(state) -> Iterator[Step]:
    """Each empty cell with one candidate left."""
    t = state.tables
    for cell, m in enumerate(state.candidates):
        if m and not m & (m - 1):
            yield naked_single_step(t, cell, m.bit_length())


def naked_single_step(t, cell: int, v: int, unit: int = -1) -> Step:
    """The naked single step of cell, whose one candidate left is v (unit: unused, the
    signature of the other singles)."""
    why = "its peers and the constraints" if t.geometry.links else "its peers"
    return Step("naked-single", placements=[(cell, v)], evidence={"cells": [cell], "value": v},
                text=f"{t.name(cell)} can only hold {t.value(v)}: every other value "
                     f"is ruled out by {why}.", se=2.3)


TECHNIQUES = (
    Technique("full-house", "Full House", find_full_house, rank=10, se=1.0, level="easy", score=4),
    Technique("hidden-single", "Hidden Single", find_hidden_single, rank=20, se=1.2,
              level="easy", score=14),
    Technique("naked-single", "Naked Single", find_naked_single, rank=30, se=2.3, level="easy",
              score=4),
)

__all__ = ["find_full_house", "find_hidden_single", "find_naked_single", "full_house_step",
           "hidden_single_step", "naked_single_step", "TECHNIQUES"]
