"""Killer cages laid over a solution grid: how ``generate --rules killer`` makes a puzzle.

A killer puzzle here is a solution's grid cut into cages (orthogonally connected, values all
different in the solution), each with the sum of its values, and no givens.  The cut starts
from one cage per cell and merges a random cage with a random neighbour (the smaller cages
first) until the wanted number of cages is left or no merge keeps the rules (at most ``hi``
cells, values all different); cages under ``lo`` cells then merge with a neighbour.

Uniqueness is reached by *refining*: while the puzzle has a second solution, a cell where the
two solutions differ has its cage merged with a neighbouring one (a larger cage allows fewer
fillings), and the search runs again; when no such merge is left, the cut starts over.  The
caller supplies ``second(geometry) -> bytes | None`` (a second solution, or None when the
solution is unique): geometry knows no search engine.
"""

from __future__ import annotations

import random

from ..errors import GeometryError

__all__ = ["cut", "killer"]


def _neighbours(cell: int, n: int):
    r, c = divmod(cell, n)
    if c + 1 < n:
        yield cell + 1
    if r + 1 < n:
        yield cell + n
    if c:
        yield cell - 1
    if r:
        yield cell - n


def _merge_one(owner: list, cages: dict, solution, n: int, rng: random.Random, hi: int,
               keys) -> bool:
    """Merge one cage of ``keys`` (tried in order) with a random neighbouring cage; False when
    none can merge."""
    for k in keys:
        cells = cages[k]
        values = {solution[c] for c in cells}
        near = sorted({owner[d] for c in cells for d in _neighbours(c, n)} - {k})
        rng.shuffle(near)
        for j in near:
            other = cages[j]
            if len(cells) + len(other) <= hi and not values & {solution[c] for c in other}:
                cells += other
                for c in other:
                    owner[c] = k
                del cages[j]
                return True
    return False


def cut(solution, n: int, rng: random.Random, lo: int, hi: int, count: int) -> list[list[int]]:
    """Cut the grid into about ``count`` cages of lo..hi cells (see the module doc)."""
    owner = list(range(n * n))
    cages = {c: [c] for c in range(n * n)}
    while len(cages) > count:
        keys = sorted(cages, key=lambda k: (len(cages[k]), rng.random()))
        if not _merge_one(owner, cages, solution, n, rng, hi, keys):
            break
    for k in sorted(cages):
        if k in cages and len(cages[k]) < lo:
            _merge_one(owner, cages, solution, n, rng, hi, [k])
    return [sorted(cells) for _, cells in sorted(cages.items())]


def killer(base, solution, rng: random.Random, second, lo: int, hi: int, count: int,
           attempts: int = 20):
    """A killer geometry over ``base`` whose only solution is ``solution`` (module doc).

    second(geometry): a second solution of the empty grid, or None when it has one solution.
    Raises GeometryError when ``attempts`` cuts all end with several solutions.
    """
    n = base.size
    for _ in range(attempts):
        cages = cut(solution, n, rng, lo, hi, count)
        while True:
            geom = base.with_constraints(*[("killer", cells, sum(solution[c] for c in cells))
                                           for cells in cages])
            other = second(geom)
            if other is None:
                return geom
            differ = [c for c in range(n * n) if other[c] != solution[c]]
            rng.shuffle(differ)
            owner = {c: k for k, cells in enumerate(cages) for c in cells}
            table = dict(enumerate(cages))
            keys = list(dict.fromkeys(owner[c] for c in differ))
            if not _merge_one([owner[c] for c in range(n * n)], table, solution, n, rng,
                              max(hi, 1), keys):
                break              # no merge left: cut again
            cages = [sorted(cells) for _, cells in sorted(table.items())]
    raise GeometryError(f"no unique killer cut with cages of {lo}-{hi} cells in {attempts} "
                        f"attempts; allow larger cages")
