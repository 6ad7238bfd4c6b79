"""Locked candidates (a value confined to the cells two units share) and the law of leftovers.

    pointing   in a box (or jigsaw region), value v only in cells it shares with a line (or
               another unit): v goes there, so it is removed from the rest of that line
    claiming   in a line (or any non-box unit), v only in cells it shares with a box: v is
               removed from the rest of the box

Works on every pair of full units that share two cells or more (Tables.crossings): box and
line on classic grids, region and line on jigsaws, box and diagonal on X-Sudoku.

    leftovers  (jigsaw) k consecutive rows (columns) and k regions each hold every value k
               times, so the cells of the rows outside the regions hold the same values as
               the cells of the regions outside the rows, as many times: a value neither
               placed nor a candidate on one side leaves the other.  The k regions are those
               with the most cells in the rows; used when each side has one to four cells.
               Sudokit's own rung (SE and HoDoKu have no such technique).
"""

from __future__ import annotations

from typing import Iterator

from ..core.bits import cells_of
from ..core.tables import join
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


_LEFTOVER_MAX = 4      # cells on each side of a law-of-leftovers step


def _leftover_blocks(t) -> tuple:
    """(band name, unit indices of its lines, of its regions, cells in, cells out) of every
    band of k consecutive rows or columns (k = 1..N-1) whose k regions with the most cells
    in it (any k regions would do: these leave the fewest) leave 1 to 4 cells on each side.
    None on classic boxes (a band of boxes leaves nothing over)."""
    got = _LEFTOVERS.get(t.geometry)
    if got is not None:
        return got
    if len(_LEFTOVERS) >= 64:           # (a batch of many jigsaws: keep the cache small)
        _LEFTOVERS.clear()
    out = []
    regions = t.boxes
    if len(t.rows) == t.n and len(t.cols) == t.n and len(regions) == t.n:
        for word, lines in (("row", t.rows), ("column", t.cols)):
            for k in range(1, t.n):
                for first in range(t.n - k + 1):
                    band = 0
                    for u in lines[first:first + k]:
                        band |= t.unit_bits[u]
                    chosen = sorted(regions, key=lambda r: (-(t.unit_bits[r] & band).bit_count(),
                                                            r))[:k]
                    union = 0
                    for r in chosen:
                        union |= t.unit_bits[r]
                    cin, cout = band & ~union, union & ~band
                    if 1 <= cin.bit_count() <= _LEFTOVER_MAX:
                        name = f"{word} {first + 1}" if k == 1 else \
                            f"{word}s {first + 1}-{first + k}"
                        out.append((name, list(lines[first:first + k]), sorted(chosen), cin, cout))
    got = _LEFTOVERS[t.geometry] = tuple(out)
    return got


_LEFTOVERS: dict = {}


def has_leftovers(t) -> bool:
    """True when the law of leftovers has a band to work on (jigsaw regions)."""
    return bool(_leftover_blocks(t))


def find_leftovers(state) -> Iterator[Step]:
    """The law of leftovers (jigsaw): the module docstring."""
    t = state.tables
    values, cands = state.values, state.candidates
    for name, lines, regions, cin, cout in _leftover_blocks(t):
        for here, there in ((cin, cout), (cout, cin)):
            avail = 0
            for c in cells_of(there):
                avail |= (1 << (values[c] - 1)) if values[c] else cands[c]
            gone = [(c, v) for c in cells_of(here) if not values[c]
                    for v in range(1, t.n + 1)
                    if cands[c] >> (v - 1) & 1 and not avail >> (v - 1) & 1]
            if not gone:
                continue
            k = len(lines)
            lines_word = name.split(" ")[0]
            region_word = "region" if k == 1 else "regions"
            times = {1: "once", 2: "twice"}.get(k, f"{k} times")
            yield Step("leftovers", eliminations=gone,
                       evidence={"units": lines + regions, "cells": cells_of(cin | cout)},
                       text=f"Law of leftovers: {name} and {_regions_name(t, regions)} each "
                            f"hold every value {times}, so the cells of the {lines_word} "
                            f"outside the {region_word} ({t.names(cin)}) hold the same values "
                            f"as the cells of the {region_word} outside the {lines_word} "
                            f"({t.names(cout)}); {t.names(there)} cannot hold "
                            f"{join([t.value(v) for v in sorted({v for _, v in gone})], ' or ')}, so "
                            f"{t.names(sorted({c for c, _ in gone}))} cannot either.", se=3.0)


def _regions_name(t, regions) -> str:
    """'region 3', 'regions 3 and 8' (or the units' own names when they are not alike)."""
    names = [t.unit_name(r) for r in regions]
    if len(names) == 1:
        return names[0]
    word = names[0].split(" ")[0]
    if all(x.split(" ")[0] == word for x in names):
        numbers = [x.split(" ", 1)[1] for x in names]
        return f"{word}s " + ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return ", ".join(names[:-1]) + " and " + names[-1]


TECHNIQUES = (
    Technique("pointing", "Locked Candidates (Pointing)", find_pointing, rank=40, se=2.6,
              level="medium", score=50),
    Technique("claiming", "Locked Candidates (Claiming)", find_claiming, rank=50, se=2.8,
              level="medium", score=50),
    Technique("leftovers", "Law of Leftovers", find_leftovers, rank=175, se=5.5,
              level="hard", score=150, own=True, applies=has_leftovers),
)

__all__ = ["find_pointing", "find_claiming", "find_leftovers", "locked_step", "TECHNIQUES"]
