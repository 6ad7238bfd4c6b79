"""Locked candidates: a value confined to the cells two units share.

    pointing   in a box (or jigsaw region), value v only in cells it shares with a line (or
               another unit): v goes there, so it is removed from the rest of that line
    claiming   in a line (or any non-box unit), v only in cells it shares with a box: v is
               removed from the rest of the box

Works on every pair of full units that share two cells or more (Tables.crossings): box and
line on classic grids, region and line on jigsaws, box and diagonal on X-Sudoku.
"""

from __future__ import annotations

from typing import Iterator

from ..core.bits import cells_of
from ..ladder import Technique
from ..step import Step

_BOXLIKE = ("box", "region")


def _locked(state, pointing: bool) -> Iterator[Step]:
    t = state.tables
    table, placed_in = state.where_table(), state.placed_masks()
    for u, v, common in t.crossings:
        for src, dst in ((u, v), (v, u)):
            if (t.kind[src] in _BOXLIKE) != pointing:
                continue
            placed = placed_in[src]
            row, other = table[src], table[dst]
            for x in range(1, t.n + 1):
                if placed >> (x - 1) & 1:
                    continue
                where = row[x]
                if not where or where & ~common:
                    continue
                gone = other[x] & ~common
                if gone:
                    yield locked_step(t, pointing, src, dst, x, cells_of(where), cells_of(gone))


def locked_step(t, pointing: bool, src: int, dst: int, x: int, cells, removed) -> Step:
    """The locked candidates step of value x, whose places in unit src (cells) are all in
    unit dst, removed from dst's other cells (removed)."""
    return Step("pointing" if pointing else "claiming", eliminations=[(c, x) for c in removed],
                evidence={"value": x, "units": [src, dst], "cells": cells},
                text=f"In {t.unit_name(src)}, {t.value(x)} can only go in "
                     f"{t.names(cells)}, all in {t.unit_name(dst)}; so "
                     f"{t.value(x)} is removed from the rest of {t.unit_name(dst)}: "
                     f"{t.names(removed)}.", se=2.6 if pointing else 2.8)


def find_pointing(state) -> Iterator[Step]:
    """Locked candidates type 1: a box's value confined to one line (or other unit)."""
    return _locked(state, True)


def find_claiming(state) -> Iterator[Step]:
    """Locked candidates type 2: a line's value confined to one box."""
    return _locked(state, False)


TECHNIQUES = (
    Technique("pointing", "Locked Candidates (Pointing)", find_pointing, rank=40, se=2.6,
              level="medium", score=50),
    Technique("claiming", "Locked Candidates (Claiming)", find_claiming, rank=50, se=2.8,
              level="medium", score=50),
)

__all__ = ["find_pointing", "find_claiming", "locked_step", "TECHNIQUES"]
