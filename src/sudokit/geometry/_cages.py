"""Killer cages laid over a solution grid: how ``generate --rules killer`` makes a puzzle.

A killer puzzle here is a solution's grid cut into cages (orthogonally connected, values all
different in the solution), each with the sum of its values, and no givens.  The cut starts
from one cage per cell and merges a random cage with a random neighbour (the smaller cages
first) until the wanted number of cages is left or no merge keeps the rules (at most ``hi``
cells, values all different); cages under ``lo`` cells then merge with a neighbour.

Uniqueness is reached by *refining*: while the puzzle has a second solution, a cell where the
two solutions differ moves into a neighbouring cage.  That cage summed alike in both
solutions before, so with the cell it no longer does: the second solution is gone (others
may remain), and the search runs again; when no move is left, the cut starts over.  The
caller supplies the search (``count`` in ``killer``): geometry knows no search engine.

A killer aimed at a difficulty (``rate.level``) is then walked by two moves: ``split`` cuts a
cage in two (more sums: still one solution, and easier), ``merges`` lists the neighbouring
cages that may join (fewer sums: harder, and the caller checks that one solution is left).
"""

from __future__ import annotations

import random

from ..errors import GeometryError

__all__ = ["cut", "killer", "spec", "base_of", "cages_of", "split", "merges"]


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


def cut(solution, n: int, rng: random.Random, lo: int, hi: int, count: int):
    """Cut the grid into about ``count`` cages of lo..hi cells (see the module doc); None when
    a cage under lo cells is left."""
    owner = list(range(n * n))
    cages = {c: [c] for c in range(n * n)}
    while len(cages) > count:
        keys = sorted(cages, key=lambda k: (len(cages[k]), rng.random()))
        if not _merge_one(owner, cages, solution, n, rng, hi, keys):
            break
    for k in sorted(cages):
        if k in cages and len(cages[k]) < lo:
            _merge_one(owner, cages, solution, n, rng, hi, [k])
    if any(len(cells) < lo for cells in cages.values()):
        return None                # a small cage found no neighbour to merge with
    return [sorted(cells) for _, cells in sorted(cages.items())]


def _connected(cells, n: int) -> bool:
    """True when the cells (a set) are orthogonally connected (or empty)."""
    if not cells:
        return True
    todo, seen = [next(iter(cells))], set()
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo += [d for d in _neighbours(c, n) if d in cells and d not in seen]
    return len(seen) == len(cells)


def _move_one(cages: list, solution, other, n: int, rng: random.Random, lo: int, hi: int) -> bool:
    """Move one cell where ``other`` differs from ``solution`` into a neighbouring cage.  The
    cage it joins then sums differently in ``other`` (it held the same sum before), so
    ``other`` is no longer a solution.  Every cage stays within lo..hi cells; False when no
    such move is left."""
    owner = {c: k for k, cells in enumerate(cages) for c in cells}
    differ = [c for c in range(n * n) if other[c] != solution[c]]
    rng.shuffle(differ)
    for d in differ:
        a = cages[owner[d]]
        rest = set(a) - {d}
        if (rest and len(rest) < lo) or not _connected(rest, n):
            continue
        near = sorted({owner[x] for x in _neighbours(d, n)} - {owner[d]})
        rng.shuffle(near)
        for k in near:
            b = cages[k]
            if len(b) < hi and solution[d] not in {solution[c] for c in b}:
                cages[k] = sorted(b + [d])
                cages[owner[d]] = sorted(rest)
                if not rest:
                    del cages[owner[d]]
                return True
    return False


def killer(base, solution, rng: random.Random, count, lo: int, hi: int, cages: int,
           attempts: int = 20):
    """(a killer geometry over ``base`` whose only solution is ``solution``, its search's
    nodes), as the module doc says.

    count(geometry) -> (solutions up to 2, a solution other than ``solution`` or None, nodes)
    of the empty grid.  GeometryError when ``attempts`` cuts all keep several solutions.
    """
    n = base.size
    for _ in range(attempts):
        cut_cages = cut(solution, n, rng, lo, hi, cages)
        for _ in range(4 * n * n if cut_cages else 0):
            geom = base.with_constraints(*[("killer", cells, sum(solution[c] for c in cells))
                                           for cells in cut_cages])
            found, other, nodes = count(geom)
            if found == 1:
                return geom, nodes
            if other is None:       # no solution at all: cannot happen over a solution
                raise AssertionError("a killer cut from a solution has no solution")
            if not _move_one(cut_cages, solution, other, n, rng, lo, hi):
                break              # no move left: cut again
    raise GeometryError(f"no unique killer cut with cages of {lo}-{hi} cells in {attempts} "
                        f"attempts; allow larger cages")


def spec(killer, geom, givens: bool = False) -> tuple[int, int, int]:
    """(lo, hi, cages) of killer=True or {"sizes": (lo, hi), "cages": count} on geom; givens:
    options that place givens were asked for too (refused)."""
    if givens:
        raise GeometryError("a killer is made of cages alone (no givens): symmetry, minimal, "
                            "clues and a difficulty target do not apply")
    n = geom.size
    given = {} if killer is True else killer
    if not isinstance(given, dict) or set(given) - {"sizes", "cages"}:
        raise GeometryError(f"killer is True or a dict of 'sizes' (lo, hi) and 'cages', "
                            f"not {killer!r}")
    lo, hi = given.get("sizes") or (2, min(5, n))
    if not (isinstance(lo, int) and isinstance(hi, int) and 1 <= lo <= hi <= n):
        raise GeometryError(f"cage sizes {lo}-{hi}: whole numbers with 1 <= lo <= hi <= {n}")
    # (no count asked for: cells/3.2, or the nearest count the sizes can cover the grid with;
    # 11 cages of 1 cell on 6x6 was refused though no count was asked for)
    cages = given.get("cages") or min(max(round(geom.ncells / 3.2), -(-geom.ncells // hi)),
                                      geom.ncells // lo)
    if not (isinstance(cages, int) and -(-geom.ncells // hi) <= cages <= geom.ncells // lo):
        raise GeometryError(f"{cages} cages of {lo}-{hi} cells cannot cover the "
                            f"{geom.ncells} cells")
    return (lo, hi, cages)


def base_of(geom):
    """geom without its killer cages (what a killer was cut over)."""
    from . import Geometry
    return Geometry(geom.size, geom.regions, geom.rules, geom.extra_units, geom.extra_pairs,
                    geom.extra_links, constraints=[c for c in geom.constraints
                                                   if c[0] != "killer"])


def cages_of(geom) -> list:
    """The killer cages of geom as sorted cell lists, in the geometry's order."""
    return [sorted(c[1]) for c in geom.constraints if c[0] == "killer"]


def _grow(cells: list, size: int, n: int, rng: random.Random):
    """A connected part of ``size`` cells of the cage ``cells`` whose rest is connected too,
    grown from a random cell; None when the tries find none."""
    inside = set(cells)
    for _ in range(2 * len(cells)):
        part = {rng.choice(cells)}
        while len(part) < size:
            edge = sorted({d for c in part for d in _neighbours(c, n) if d in inside} - part)
            if not edge:
                break
            part.add(rng.choice(edge))
        if len(part) == size and _connected(inside - part, n):
            return sorted(part)
    return None


def split(cages: list, n: int, rng: random.Random, lo: int, prefer=()) -> "list | None":
    """The cages with one of them cut in two connected cages of at least ``lo`` cells (one
    solution stays one: each half's sum says more than the whole's), a cage holding a cell
    of ``prefer`` first (where logic stopped); None when no cage can be cut."""
    lo = max(lo, 1)
    want = set(prefer)
    order = [k for k in range(len(cages)) if len(cages[k]) >= 2 * lo]
    rng.shuffle(order)
    order.sort(key=lambda k: not want & set(cages[k]))
    for k in order:
        cells = cages[k]
        part = _grow(cells, rng.randint(lo, len(cells) - lo), n, rng)
        if part is not None:
            rest = sorted(set(cells) - set(part))
            return cages[:k] + [part, rest] + cages[k + 1:]
    return None


def merges(cages: list, solution, n: int, hi: int, rng: random.Random) -> list:
    """The pairs (i, j) of neighbouring cages that may join into one cage (at most ``hi``
    cells, values all different in the solution), in a random order."""
    owner = {c: k for k, cells in enumerate(cages) for c in cells}
    pairs = set()
    for k, cells in enumerate(cages):
        for c in cells:
            for d in _neighbours(c, n):
                j = owner.get(d, -1)
                if j > k:
                    pairs.add((k, j))
    out = [(i, j) for i, j in sorted(pairs) if len(cages[i]) + len(cages[j]) <= hi
           and not {solution[c] for c in cages[i]} & {solution[c] for c in cages[j]}]
    rng.shuffle(out)
    return out
