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
    sandwich the sandwich total of every row and column of a random solution grid
    littlekiller  the totals of N-3 to N+1 random diagonals (``random_little_killers``)
    arrow    about N/2 arrows: a circle cell and a shaft of 1 to 3 cells summing to it
    whisper, renban, palindrome   about N/2 lines of 3 to 6 cells each (``random_lines``):
             neighbours differ by (N+1)//2 or more; a set of consecutive values; the same
             values read both ways

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

__all__ = ["DRAWN", "random_regions", "solution_constraints", "sandwiches",
           "random_little_killers", "random_arrows", "random_lines", "draw", "split_drawn"]

DRAWN = ("jigsaw", "kropki", "xv", "thermo", "sandwich", "littlekiller", "arrow", "whisper",
         "renban", "palindrome")
THERMO_CELLS = (3, 5)   # cells a thermometer drawn at random has, at least and at most
LINE_CELLS = (3, 6)     # cells a whisper, renban or palindrome line has, at least and at most
ARROW_SHAFT = (1, 3)    # cells an arrow's shaft has after its circle, at least and at most
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


def _around(cell: int, size: int):
    """The cells of the 8 around cell, ascending."""
    r, c = divmod(cell, size)
    return [x * size + y for x in (r - 1, r, r + 1) for y in (c - 1, c, c + 1)
            if 0 <= x < size and 0 <= y < size and (x, y) != (r, c)]


def sandwiches(values, size: int) -> list:
    """('sandwich', row or column cells, total): the sum of the values between the 1 and
    the N of every row and column of a solution grid."""
    out = []
    lines = [tuple(range(r * size, (r + 1) * size)) for r in range(size)] + \
        [tuple(range(c, size * size, size)) for c in range(size)]
    for line in lines:
        row = [values[i] for i in line]
        a, b = sorted((row.index(1), row.index(size)))
        out.append(("sandwich", line, sum(row[a + 1:b])))
    return out


def _diagonals(size: int) -> list:
    """Every diagonal of 2 cells or more, once each (from its clue at the top edge, or the
    left or right edge below it), cells in order from the clue."""
    out, seen = [], set()
    for start in range(size * size):
        r, c = divmod(start, size)
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            if 0 <= r - dr < size and 0 <= c - dc < size:
                continue     # the cell before is inside: not the diagonal's first cell
            cells, x, y = [], r, c
            while 0 <= x < size and 0 <= y < size:
                cells.append(x * size + y)
                x, y = x + dr, y + dc
            if len(cells) >= 2 and frozenset(cells) not in seen:
                seen.add(frozenset(cells))
                out.append(tuple(cells))
    return out


def random_little_killers(values, size: int, seed) -> list:
    """('littlekiller', diagonal cells, their total) for N-3 to N+1 random diagonals of a
    solution grid (at least 2); the same seed gives the same ones."""
    rng = random.Random(f"sudokit:littlekiller:{size}:{seed}")
    diagonals = _diagonals(size)
    count = min(len(diagonals), rng.randint(max(2, size - 3), size + 1))
    return [("littlekiller", cells, sum(values[i] for i in cells))
            for cells in rng.sample(diagonals, count)]


def random_arrows(values, size: int, seed, used: "set | None" = None) -> list:
    """('arrow', circle then shaft, 1): about N/2 arrows of a solution grid, no two sharing
    a cell: a circle cell and a shaft of ARROW_SHAFT cells, each step to one of the 8 cells
    around, whose values sum to the circle's; the same seed gives the same ones."""
    rng = random.Random(f"sudokit:arrow:{size}:{seed}")
    used = set() if used is None else used
    lo, hi = ARROW_SHAFT
    out = []
    count = size // 2 + 1
    for circle in rng.sample(range(size * size), size * size):
        if len(out) == count:
            break
        if circle in used:
            continue
        found = []

        def walk(cells, total):
            if total == values[circle] and len(cells) > 1 + lo - 1:
                found.append(tuple(cells))
            if len(cells) > hi or total >= values[circle]:
                return
            for nb in _around(cells[-1], size):
                if nb not in used and nb not in cells:
                    walk(cells + [nb], total + values[nb])

        walk([circle], 0)
        if found:
            arrow = rng.choice(found)
            used.update(arrow)
            out.append(("arrow", arrow, 1))
    return out


def _line_step(word: str, size: int, values):
    """Whether a line of word may go on from its cells to cell nb (renban: different
    values within a run of at most LINE_CELLS[1])."""
    k = (size + 1) // 2
    if word == "whisper":
        return lambda cells, nb: abs(values[nb] - values[cells[-1]]) >= k
    def renban(cells, nb):
        seen = [values[i] for i in cells] + [values[nb]]
        return len(set(seen)) == len(seen) and max(seen) - min(seen) < LINE_CELLS[1]
    return renban


def _is_run(vals) -> bool:
    return len(set(vals)) == len(vals) and max(vals) - min(vals) == len(vals) - 1


def random_lines(values, size: int, word: str, seed, used: "set | None" = None) -> list:
    """(word, cells): about N/2 lines of LINE_CELLS cells of a solution grid, no two sharing
    a cell, each step to one of the 8 cells around: word 'whisper' (neighbours differ by
    (N+1)//2 or more), 'renban' (different consecutive values, any order) or 'palindrome'
    (the values read the same both ways; grown from its middle outwards); the same seed
    gives the same ones."""
    rng = random.Random(f"sudokit:{word}:{size}:{seed}")
    used = set() if used is None else used
    lo, hi = LINE_CELLS
    count = size // 2 + 1
    out = []
    for _ in range(count * 30):
        if len(out) == count:
            break
        free = [c for c in range(size * size) if c not in used]
        if not free:
            break
        want = rng.randint(lo, hi)
        if word == "palindrome":
            cells = _palindrome(values, size, rng, want, used, free)
        else:
            step = _line_step(word, size, values)
            cells = [rng.choice(free)]
            while len(cells) < want:
                nexts = [nb for nb in _around(cells[-1], size)
                         if nb not in used and nb not in cells and step(cells, nb)]
                if not nexts:
                    break
                cells.append(rng.choice(nexts))
            if word == "renban":   # the longest first part that is a run
                while len(cells) >= lo and not _is_run([values[i] for i in cells]):
                    cells.pop()
        if cells and len(cells) >= lo:
            used.update(cells)
            out.append((word, tuple(cells)))
    return out


def _palindrome(values, size: int, rng: random.Random, want: int, used: set, free: list):
    """A line of about want cells whose values read the same both ways, grown from a
    middle cell (or two cells of the same value) by a pair of equal values at each end."""
    mid = rng.choice(free)
    cells = [mid]
    if want % 2 == 0:
        twins = [nb for nb in _around(mid, size)
                 if nb not in used and values[nb] == values[mid]]
        if not twins:
            return None
        cells.append(rng.choice(twins))
    while len(cells) < want:
        pairs = [(a, b) for a in _around(cells[0], size) for b in _around(cells[-1], size)
                 if a != b and a not in used and b not in used and a not in cells
                 and b not in cells and values[a] == values[b]]
        if not pairs:
            break
        a, b = rng.choice(pairs)
        cells = [a] + cells + [b]
    return cells


def split_drawn(rules) -> tuple:
    """(the words of DRAWN among rules, the other rules), rules comma-separated words."""
    words = [w.strip() for item in rules or () for w in str(item).split(",") if w.strip()]
    drawn = [w.lower() for w in words if w.lower() in DRAWN]
    return drawn, [w for w in words if w.lower() not in DRAWN]


def draw(base, words, seed) -> Geometry:
    """base (a Geometry, or its name such as '3x3') with the rules of words (DRAWN) drawn from
    seed: 'jigsaw' replaces its boxes by random regions (its other rules kept); the other
    words add the dots, markers, thermometers, sums, arrows or lines of a random solution.
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
        found, used = [], set()
        values, size = made.solution.values, geom.size
        for w in clues:
            if w == "thermo":
                found += random_thermos(values, size, seed)
            elif w == "sandwich":
                found += sandwiches(values, size)
            elif w == "littlekiller":
                found += random_little_killers(values, size, seed)
            elif w == "arrow":
                found += random_arrows(values, size, seed, used)
            elif w in ("whisper", "renban", "palindrome"):
                found += random_lines(values, size, w, seed, used)
            else:
                found += solution_constraints(values, size, w)
        geom = geom.with_constraints(*found)
    return geom
