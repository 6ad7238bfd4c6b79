"""Rules drawn at random for the generator: jigsaw regions, and kropki dots, XV markers or
thermometers read off a random solution grid.

    >>> from sudokit.geometry._random import random_regions, draw
    >>> regions = random_regions(9, "demo")
    >>> sorted(regions.count(r) for r in set(regions)) == [9] * 9
    True
    >>> draw("3x3", ["jigsaw"], "demo").regions == regions
    True

Words (``DRAWN``), as ``sudokit generate --rules`` and the page's Generate menu send them:

    jigsaw   N connected regions of N cells each replace the boxes (``random_regions``)
    kropki   every white dot (two neighbours differ by 1) and black dot (one is twice the
             other) of a random solution grid; no negative rule: a pair without a dot
             may still differ by 1 or be 1:2
    xv       every X (two neighbours sum to 10) and V (sum 5) of a random solution grid;
             no negative rule either
    thermo   about N thermometers of 3 to 5 cells (``random_thermos``) along rising values
             of a random solution grid, each step to one of the 8 cells around

Regions: start from the boxes of the size (2x3 for 6, 2x4 for 8, 3x3 for 9) and make random
swaps: a cell a of region A next to region B goes to B, and a cell b of B next to A (not
only at a) goes to A; a swap is kept when both regions stay connected (a flood fill), so
every region always has N cells.  A map is kept when its empty grid has a solution (a few
jigsaws have none).
(Rejected: growing N regions from N random seeds -- regions get stuck short of N cells and
the repair is longer than the swaps.)

Dots, markers and thermometers are read off a solution of the base geometry (jigsaw
regions and other rules included) made by the generator from the same seed, so they always
leave a solution; the puzzle's one solution may be another grid that fits them.

Reproducible: the same (words, base, seed) give the same geometry on either backend.
"""

from __future__ import annotations

import random

from . import Geometry, as_geometry, boxes, jigsaw
from ..errors import GeometryError

__all__ = ["DRAWN", "random_regions", "solution_constraints", "draw", "split_drawn"]

DRAWN = ("jigsaw", "kropki", "xv", "thermo")
THERMO_CELLS = (3, 5)   # cells a thermometer drawn at random has, at least and at most
SWAPS_PER_CELL = 4      # swaps kept per cell of the grid (81 cells: 324 swaps)
MAX_MAPS = 20           # region maps drawn before giving up (one without a solution is rare)
_BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}


def _neighbours(cell: int, n: int):
    r, c = divmod(cell, n)
    if r:
        yield cell - n
    if r < n - 1:
        yield cell + n
    if c:
        yield cell - 1
    if c < n - 1:
        yield cell + 1


def _connected(cells: set, n: int) -> bool:
    """Whether the cells form one orthogonally connected piece (a flood fill)."""
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for nb in _neighbours(todo.pop(), n):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def _swapped(regions: list, n: int, rng: random.Random) -> list:
    """regions after SWAPS_PER_CELL * N*N random swaps that keep every region connected."""
    members = [set() for _ in range(n)]
    for cell, r in enumerate(regions):
        members[r].add(cell)
    borders = [(a, b) for a in range(n * n) for b in _neighbours(a, n) if a < b]
    kept = 0
    for _ in range(SWAPS_PER_CELL * n * n * 20):  # (at most 20 tries per swap kept)
        if kept == SWAPS_PER_CELL * n * n:
            break
        a, x = rng.choice(borders)
        if rng.random() < 0.5:
            a, x = x, a
        ra, rb = regions[a], regions[x]
        if ra == rb:
            continue
        # b: a cell of x's region touching a's region elsewhere than at a
        choices = sorted(c for c in members[rb]
                         if any(regions[nb] == ra and nb != a for nb in _neighbours(c, n)))
        if not choices:
            continue
        b = rng.choice(choices)
        members[ra].discard(a)
        members[rb].discard(b)
        members[ra].add(b)
        members[rb].add(a)
        if _connected(members[ra], n) and _connected(members[rb], n):
            regions[a], regions[b] = rb, ra
            kept += 1
        else:
            members[ra].discard(b)
            members[rb].discard(a)
            members[ra].add(a)
            members[rb].add(b)
    return regions


def random_regions(size: int, seed) -> tuple:
    """Region numbers of a random jigsaw of size N (4, 6, 8 or 9): N orthogonally connected
    regions of N cells each, with a solution grid; the same seed gives the same map.
    GeometryError for another size."""
    if size not in _BOXES:
        raise GeometryError(f"random jigsaw regions are drawn for 4x4, 6x6, 8x8 and 9x9 grids, "
                            f"not {size}x{size}")
    from .. import solver
    from ..grid import Grid
    br, bc = _BOXES[size]
    rng = random.Random(f"sudokit:regions:{size}:{seed}")
    start = list(boxes(br, bc).regions)
    for _ in range(MAX_MAPS):
        geom = jigsaw(_swapped(list(start), size, rng), size=size)
        try:
            found = solver.solve(Grid((0,) * size * size, geometry=geom), node_limit=200_000)
        except solver.SearchLimitReached:
            found = None
        if found is not None:
            return geom.regions
    raise GeometryError(f"no {size}x{size} region map with a solution grid in {MAX_MAPS} draws")


def solution_constraints(values, size: int, word: str) -> list:
    """The constraints a solution grid shows between orthogonal neighbours: word 'kropki',
    every white dot (differ by 1: ('diff', (i, j), 1)) and black dot (one twice the other:
    ('ratio', (i, j), 2)); 'xv', every X (sum 10) and V (sum 5): ('sum', (i, j), s).
    A pair that is both white and black (1 and 2) gets the white dot."""
    out = []
    for i in range(size * size):
        for j in (i + 1, i + size):
            if j >= size * size or (j == i + 1 and j % size == 0):
                continue
            a, b = values[i], values[j]
            if word == "kropki":
                if abs(a - b) == 1:
                    out.append(("diff", (i, j), 1))
                elif a == 2 * b or b == 2 * a:
                    out.append(("ratio", (i, j), 2))
            elif word == "xv":
                if a + b in (5, 10):
                    out.append(("sum", (i, j), a + b))
            else:
                raise GeometryError(f"no clues are drawn for {word!r}; words: kropki, xv")
    return out


def random_thermos(values, size: int, seed, count: "int | None" = None) -> list:
    """Thermometers ('thermo', cells from bulb to tip) along rising values of a solution
    grid, no two sharing a cell: count of them (default N) as far as the grid allows, each
    of THERMO_CELLS cells, each step to one of the 8 cells around; the same seed gives the
    same ones."""
    rng = random.Random(f"sudokit:thermo:{size}:{seed}")
    count = size if count is None else count
    lo, hi = THERMO_CELLS
    used: set = set()
    out = []
    for _ in range(count * 20):
        if len(out) == count:
            break
        free = [c for c in range(size * size) if c not in used]
        if not free:
            break
        cells = [rng.choice(free)]
        want = rng.randint(lo, hi)
        while len(cells) < want:
            r, c = divmod(cells[-1], size)
            up = [x * size + y for x in (r - 1, r, r + 1) for y in (c - 1, c, c + 1)
                  if 0 <= x < size and 0 <= y < size and (x * size + y) not in used
                  and (x * size + y) not in cells
                  and values[x * size + y] > values[cells[-1]]]
            if not up:
                break
            cells.append(rng.choice(sorted(up)))
        if len(cells) >= lo:
            used.update(cells)
            out.append(("thermo", tuple(cells)))
    return out


def split_drawn(rules) -> tuple:
    """(the words of DRAWN among rules, the other rules), rules comma-separated words."""
    words = [w.strip() for item in rules or () for w in str(item).split(",") if w.strip()]
    drawn = [w.lower() for w in words if w.lower() in DRAWN]
    return drawn, [w for w in words if w.lower() not in DRAWN]


def draw(base, words, seed) -> Geometry:
    """base (a Geometry, or its name such as '3x3') with the rules of words (DRAWN) drawn from
    seed: 'jigsaw' replaces its boxes by random regions (its other rules kept); 'kropki',
    'xv' and 'thermo' add the dots, markers or thermometers of a random solution of it.
    GeometryError for a word not in DRAWN, or jigsaw on a base that is itself a jigsaw or of
    another size."""
    geom = as_geometry(base)
    words = [w.lower() for w in words]
    for w in words:
        if w not in DRAWN:
            raise GeometryError(f"{w!r} is not drawn at random; words: {', '.join(DRAWN)}")
    if "jigsaw" in words:
        if geom.box is None:
            raise GeometryError("jigsaw regions are drawn in place of boxes; this grid has "
                                "regions already")
        regions = random_regions(geom.size, seed)
        plain = Geometry(geom.size, regions, geom.rules, geom.extra_units, geom.extra_pairs,
                         geom.extra_links, constraints=geom.constraints)
        geom = plain
    clues = [w for w in DRAWN[1:] if w in words]
    if clues:
        from ..generate import generate
        [made] = generate(geometry=geom, seed=f"draw:{seed}")
        found = []
        for w in clues:
            if w == "thermo":
                found += random_thermos(made.solution.values, geom.size, seed)
            else:
                found += solution_constraints(made.solution.values, geom.size, w)
        geom = geom.with_constraints(*found)
    return geom
