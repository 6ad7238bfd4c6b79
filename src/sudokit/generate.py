"""Puzzle generation: a random solution grid, then clue removal that keeps the solution unique.

    >>> import sudokit
    >>> from sudokit.generate import generate
    >>> [p] = generate(box="2x2", symmetry="rot180", minimal=True, seed=7)
    >>> sudokit.count_solutions(p.puzzle, engine="dlx"), p.solution == sudokit.solve(p.puzzle)
    (1, True)
    >>> [x] = generate(geometry="2x2+x", minimal=True, seed=7)
    >>> x.puzzle.geometry.name, sudokit.count_solutions(x.puzzle, engine="backtrack")
    ('2x2+x', 1)

Every geometry (geometry.py: jigsaw regions, X, windoku, anti-knight, ...) is generated the
same way; the classic boxes keep their own fill and unchanged code path, so a classic seed
gives the same puzzles as before variants existed.

How one puzzle is made (``_make``), from its own random stream ``Random(f"sudokit:{seed}:{index}")``
(so the output is the same on every run, for any ``jobs``, and either backend):

    1. fill   box 1 gets a random permutation, the rest of row 1 and of col 1 random
              arrangements of the values they may still take; ``propagate`` completes it (a
              retry on the rare dead end), then a random relabelling, random row / col
              permutations within bands / stacks, band / stack permutations and (square boxes)
              a random transposition.  Other geometries: ``_fill_any`` (random values in random
              cells, completed by propagate, then a relabelling unless links or rules over many
              cells tell values apart, and a symmetry of the geometry).
    2. orbits the cells grouped by the symmetry: every cell with all its images
              (rot180: pairs, rot90: fours, dihedral: up to eights).  Clues are removed a whole
              orbit at a time, so the givens keep the symmetry.  A geometry must have the
              symmetry (every unit, pair and weak link mapped onto one): ``symmetries``.
    3. remove the orbits in random order, by group testing: try removing a batch of k orbits
              at once; unique -> keep them removed and double k; not unique -> put them back,
              halve k; at k = 1 a failed orbit stays.  Uniqueness is a count-to-2 search on
              bytes with the kernel of ``engine`` (fast9 for 9x9 with C, else propagate).  A
              check stopped by its node limit is a failure: an unverified removal is never made.
              Variants: every check has a node limit (``_node_limit``); a removal leaving two
              values without a given is refused unchecked (a swap of the two solves it too)
              unless weak links or rules over many cells (sums, renban) tell values apart.
              One pass is enough for minimality: removing clues never makes a later removal
              possible that was impossible before (fewer givens, more solutions).
    4. minimal=True: orbits refused only because a check hit the node limit are tried again
              with a much larger limit; if one still cannot be decided the attempt starts over
              (GenerationError after MAX_UNDECIDED such attempts).  Practical up to 16x16
              (about 5/s with C); on 25x25 many checks need millions of nodes (minutes).
              *Minimal* is within the symmetry: no single orbit can be removed (with
              symmetry='none', no single clue).
    5. clues=(lo, hi): removal never goes below lo (minimal=False); a puzzle outside the range
              is thrown away; after ``MAX_ATTEMPTS`` a GenerationError says what was reached.

(Rejected: shuffling one fixed solution grid: only grids equivalent to it.  Not tried: half
the clues at random, repaired where a second solution differs: group testing does as well.)
"""

from __future__ import annotations

import random
import secrets
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from .engine import _backend
from . import solver
from .errors import GeometryError
from .geometry import Geometry, _cages, as_geometry, boxes
from .grid import Grid
from .shape import Shape

__all__ = ["Generated", "GenerationError", "SYMMETRIES", "generate", "iter_generate", "remake",
           "orbits", "symmetries"]

SYMMETRIES = ("none", "rot180", "rot90", "mirror-h", "mirror-v", "diagonal", "antidiagonal",
              "dihedral")
_SQUARE_ONLY = frozenset(("rot90", "diagonal", "antidiagonal", "dihedral"))
MAX_ATTEMPTS = 200        # attempts per puzzle to land in the clues range
FILL_NODE_LIMIT = 20_000  # per fill attempt; a dead end starts a new random fill
VARIANT_NODE_LIMIT = 5_000  # removal checks of variant grids up to 9x9 (see _node_limit)
FILL_STAGE_TRIES = 8      # variant fill: attempts per (cells, nodes) stage (see _fill_any)
FILL_MAX_NODES = 4_000_000  # variant fill: nodes of all its attempts together
FILL_LEARN_DECISIONS = 400_000  # variant fill, when propagate runs out: learn's decisions
MINIMAL_NODE_LIMIT = 2_000_000  # second chance for orbits refused at the node limit
MAX_UNDECIDED = 3         # attempts whose minimality stayed undecided before giving up


class GenerationError(ValueError):
    """The requested puzzles cannot be made (bad options, or a clues range never reached)."""


@dataclass(frozen=True)
class Generated:
    """One generated puzzle: its unique solution, clue count, search effort, and how to remake it.

    ``guesses`` is the node count of a count-to-2 search of the puzzle by ``engine`` (for
    rating: 0 means singles alone solve it).  ``generate(seed=seed, ...)`` with the same
    options remakes it as item ``index``.  puzzle and solution are Grids of the geometry
    generated for (``puzzle.geometry``).
    """

    puzzle: Grid
    solution: Grid
    clues: int
    guesses: int
    seed: int | str
    index: int
    symmetry: str
    minimal: bool
    engine: str
    clue_range: tuple[int, int] | None = None
    target: object = None  # the generate_target.Target an aimed puzzle meets (minimal)
    killer: tuple | None = None  # a killer's (lo, hi, cages): its cages are its clues


# --- symmetry ---------------------------------------------------------------------------


def _maps(symmetry: str, n: int):
    m = n - 1
    ident = lambda r, c: (r, c)  # noqa: E731
    rot90 = lambda r, c: (c, m - r)  # noqa: E731
    rot180 = lambda r, c: (m - r, m - c)  # noqa: E731
    rot270 = lambda r, c: (m - c, r)  # noqa: E731
    mh = lambda r, c: (m - r, c)  # noqa: E731
    mv = lambda r, c: (r, m - c)  # noqa: E731
    dg = lambda r, c: (c, r)  # noqa: E731
    ad = lambda r, c: (m - c, m - r)  # noqa: E731
    return {"none": [ident], "rot180": [ident, rot180], "rot90": [ident, rot90, rot180, rot270],
            "mirror-h": [ident, mh], "mirror-v": [ident, mv], "diagonal": [ident, dg],
            "antidiagonal": [ident, ad],
            "dihedral": [ident, rot90, rot180, rot270, mh, mv, dg, ad]}[symmetry]


def _unknown_symmetry(symmetry) -> str:
    return f"unknown symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}"


def _check_symmetry(symmetry: str, shape: Shape) -> None:
    if symmetry not in SYMMETRIES:
        raise GenerationError(_unknown_symmetry(symmetry))
    if symmetry in _SQUARE_ONLY and shape.box_rows != shape.box_cols:
        raise GenerationError(
            f"symmetry {symmetry!r} needs square boxes: it would turn the {shape} boxes into "
            f"{shape.box_cols}x{shape.box_rows} ones; with {shape} boxes use none, rot180, "
            f"mirror-h or mirror-v")


def _permutations(symmetry: str, n: int) -> list[tuple[int, ...]]:
    """The symmetry's group elements as cell permutations: perm[cell] = image of cell."""
    out = []
    for f in _maps(symmetry, n):
        perm = []
        for cell in range(n * n):
            r, c = f(*divmod(cell, n))
            perm.append(r * n + c)
        out.append(tuple(perm))
    return out


@lru_cache(maxsize=None)
def _fits(geom: Geometry, symmetry: str) -> bool:
    """True if every element of the symmetry maps each unit, pair, weak link (value masks
    kept) and rule over many cells (cell for cell: never looser) onto one of the geometry's."""
    units, pairs, links, props = (set(geom.units), set(geom.pairs), set(geom.links),
                                  set(geom.propagators))
    for p in _permutations(symmetry, geom.size):
        if any((k, tuple(p[c] for c in cells), d) not in props
               for k, cells, d in geom.propagators):
            return False
        if any(tuple(sorted(p[c] for c in u)) not in units for u in geom.units):
            return False
        if any((min(p[i], p[j]), max(p[i], p[j])) not in pairs for i, j in geom.pairs):
            return False
        if any((p[i], p[j], m) not in links for i, j, m in geom.links):
            return False
    return True


def symmetries(geometry) -> tuple[str, ...]:
    """Return the names (of SYMMETRIES, in that order) of the symmetries the geometry has.

    A geometry has a symmetry when each of its cell maps sends every unit onto a unit, every
    pair onto a pair and every weak link onto a weak link.  'none' always; rectangular boxes
    only none, rot180 and the mirrors; X all that its boxes have (a mirror or rot90 swaps
    the two diagonals), one diagonal only none, rot180, diagonal and antidiagonal; a jigsaw
    only those of its region map; anti-knight and anti-king all that their boxes have.
    """
    geom = as_geometry(geometry)
    return tuple(s for s in SYMMETRIES if _fits(geom, s))


def _label(geom: Geometry) -> str:
    """A short name of a geometry for messages: '3x3+x', 'jigsaw+antiknight' (without its
    N*N-symbol map), '3x3 with extra units'."""
    if geom.is_classic:
        return str(geom.shape)
    base = "jigsaw" if geom.box is None else str(geom.shape)
    extras = [name for name, part in (("extra units", geom.extra_units),
                                      ("extra pairs", geom.extra_pairs),
                                      ("constraints", geom.constraints),
                                      ("weak links", geom.extra_links)) if part]
    text = "+".join((base,) + geom.rules)
    return text + (" with " + ", ".join(extras) if extras else "")


def _culprit(geom: Geometry, symmetry: str) -> str:
    """Name the part of geom that the symmetry does not map onto itself ('the x rule onto
    itself', 'the jigsaw regions onto themselves')."""
    n, regions = geom.size, geom.regions
    if not _fits(Geometry(n, regions), symmetry):
        return ("the jigsaw regions" if geom.box is None else f"the {geom.shape} boxes") + \
            " onto themselves"
    for rule in geom.rules:
        if not _fits(Geometry(n, regions, (rule,)), symmetry):
            return f"the {rule} rule onto itself"
    parts = (("the extra units", Geometry(n, regions, (), geom.extra_units)),
             ("the extra pairs", Geometry(n, regions, (), (), geom.extra_pairs)),
             ("the thermometers, dots and lines", Geometry(n, regions, (), (), (), (),
                                                           constraints=geom.constraints)),
             ("the weak links", Geometry(n, regions, (), (), (), geom.extra_links)))
    for name, part in parts:
        if not _fits(part, symmetry):
            return name + " onto themselves"
    return "its rules, taken together, onto themselves"


def _check_geometry_symmetry(symmetry: str, geom: Geometry) -> None:
    """Raise GenerationError unless geom has the symmetry (see ``symmetries``)."""
    if geom.box is not None:
        _check_symmetry(symmetry, geom.shape)  # the classic checks and messages
    elif symmetry not in SYMMETRIES:
        raise GenerationError(_unknown_symmetry(symmetry))
    if geom.is_classic or _fits(geom, symmetry):
        return
    raise GenerationError(
        f"symmetry {symmetry!r} does not fit the {_label(geom)} geometry: {symmetry} does not "
        f"map {_culprit(geom, symmetry)}; symmetries this geometry has: "
        f"{', '.join(symmetries(geom))}")


def orbits(shape, symmetry: str = "none") -> list[tuple[int, ...]]:
    """Return the cells grouped into orbits of the symmetry (sorted tuples, by first cell).

    shape: a Shape or 'RxC', or a Geometry (or a geometry name such as '3x3+x'), which must
    have the symmetry (see ``symmetries``; GenerationError names the rule it breaks).
    mirror-h mirrors top to bottom (row r <-> row N-1-r), mirror-v left to right (col c <->
    col N-1-c); diagonal is the main diagonal (r, c) <-> (c, r), antidiagonal (r, c) <->
    (N-1-c, N-1-r); dihedral is all eight symmetries of the square.
    """
    if isinstance(shape, str) and ("+" in shape or "(" in shape):
        shape = as_geometry(shape)
    if isinstance(shape, Geometry):
        _check_geometry_symmetry(symmetry, shape)
        n = shape.size
    else:
        shape = Shape.parse(shape) if isinstance(shape, str) else shape
        _check_symmetry(symmetry, shape)
        n = shape.size
    maps = _maps(symmetry, n)
    seen = [False] * (n * n)
    out = []
    for cell in range(n * n):
        if seen[cell]:
            continue
        r, c = divmod(cell, n)
        orbit = sorted({rr * n + cc for rr, cc in (f(r, c) for f in maps)})
        for x in orbit:
            seen[x] = True
        out.append(tuple(orbit))
    return out


# --- one puzzle ---------------------------------------------------------------------------


def _fill(shape: Shape, rng: random.Random) -> bytes:
    """Return a random complete grid (bytes, row-major)."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    prop = _backend.KERNELS["propagate"]
    values = list(range(1, n + 1))
    box0 = shape.units[2 * n]
    while True:
        vals = bytearray(n * n)
        for cell, v in zip(box0, rng.sample(values, n)):
            vals[cell] = v
        row_rest = [v for v in values if v not in vals[0:bc]]
        rng.shuffle(row_rest)
        vals[bc:n] = bytes(row_rest)
        col_used = {vals[r * n] for r in range(br)}
        col_rest = [v for v in values if v not in col_used]
        rng.shuffle(col_rest)
        for r, v in zip(range(br, n), col_rest):
            vals[r * n] = v
        count, first, _, _ = prop(bytes(vals), br, bc, 1, FILL_NODE_LIMIT)
        if count:
            break
    # randomize further by the validity-preserving transformations
    relabel = [0] + rng.sample(values, n)
    bands = rng.sample(range(bc), bc)     # bc bands of br rows
    stacks = rng.sample(range(br), br)    # br stacks of bc cols
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    grid = [relabel[first[r * n + c]] for r in rows for c in cols]
    if br == bc and rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    return bytes(grid)


def _fill_any(geom: Geometry, rng: random.Random, tables) -> bytes:
    """Return a random complete grid of any geometry (bytes, row-major); GenerationError if
    the geometry has no solution grid, or none is found within the budgets.

    K random cells get a random value each that their placed peers and links allow, then
    ``propagate`` completes the grid.  Stages: up to FILL_STAGE_TRIES attempts with K cells
    and a node limit, then half as many cells and 4x the nodes (a tight geometry such as
    X + anti-knight needs both), down to the empty grid (one try: its search is the same
    every time), all within FILL_MAX_NODES nodes in total.  When propagate runs out, the
    same stages run again with ``learn`` (clause learning, FILL_LEARN_DECISIONS decisions):
    many constraints at once (thermometers, dots, a negative rule) leave few grids, and the
    random cells then often hide a contradiction that propagate takes long to prove.  Then a
    random relabelling (when no weak link ties values to each other) and a random symmetry
    of the geometry (see ``symmetries``).  (Rejected: band / stack shuffles: they break
    diagonals, windows and jigsaw regions.)"""
    n, ncells = geom.size, geom.ncells
    first = _fill_stages(geom, rng, tables, _backend.KERNELS["propagate"], FILL_NODE_LIMIT,
                         FILL_MAX_NODES)
    if first is None:
        first = _fill_stages(geom, rng, tables, _backend.KERNELS["learn"],
                             FILL_NODE_LIMIT // 10, FILL_LEARN_DECISIONS)
    if first is None:
        raise GenerationError(
            f"cannot find a solution grid of the {_label(geom)} geometry: propagate found none "
            f"in {FILL_MAX_NODES:,} nodes, learn none in {FILL_LEARN_DECISIONS:,} decisions "
            f"(it may have none)")
    grid = bytes(first)
    if not geom.links and not geom.propagators:  # (sums, renban: values are not alike)
        relabel = [0] + rng.sample(range(1, n + 1), n)
        grid = bytes(relabel[v] for v in grid)
    perm = rng.choice(_automorphisms(geom))
    out = bytearray(ncells)
    for cell, image in enumerate(perm):
        out[image] = grid[cell]
    return bytes(out)


def _fill_stages(geom: Geometry, rng: random.Random, tables, kernel, limit: int, left: int):
    """The stages of ``_fill_any`` with one kernel: a complete grid, or None when its budget
    (``left`` nodes) runs out; GenerationError when it proves there is none, or once a
    level's deadline (logic._budget) passed (every kropki dot of one grid: minutes)."""
    from .logic import _budget
    ncells, peers, links = geom.ncells, geom.peers, geom.cell_links
    full, k = frozenset(range(1, geom.size + 1)), geom.size + geom.size // 2
    while True:
        for _ in range(FILL_STAGE_TRIES if k else 1):
            vals = _random_cells(rng, k, ncells, peers, links, full)
            if vals is None:
                continue
            count, first, used, stopped = kernel(vals, tables, 1, min(limit, left) if k else left)
            left -= used
            if count:
                return first
            if (_budget.remaining() or 0) < 0:
                raise GenerationError(f"no {_label(geom)} solution grid before the time limit")
            if k == 0 and not stopped:
                raise GenerationError(f"the {_label(geom)} geometry has no solution grid")
            if left <= 0 or k == 0:
                return None
        k, limit = k // 2, limit * 4


def _random_cells(rng: random.Random, k: int, ncells: int, peers, links, full):
    """k random cells holding random values their placed peers and links allow (bytes), or
    None when a cell is left without a value."""
    vals = bytearray(ncells)
    for cell in rng.sample(range(ncells), k):
        allowed = full - {vals[p] for p in peers[cell]}
        for other, masks in links[cell]:
            b = vals[other]
            if b:
                allowed = {a for a in allowed if not masks[a - 1] >> (b - 1) & 1}
        if not allowed:
            return None
        vals[cell] = rng.choice(sorted(allowed))
    return bytes(vals)


@lru_cache(maxsize=None)
def _automorphisms(geom: Geometry) -> list[tuple[int, ...]]:
    """The cell permutations of every symmetry the geometry has (identity first, no repeats)."""
    out = []
    for name in symmetries(geom):
        for perm in _permutations(name, geom.size):
            if perm not in out:
                out.append(perm)
    return out


def _node_limit(size: int, minimal: bool, variant: bool = False) -> int:
    """Node limit of a removal check: none up to 9x9 (always quick), else a cap.

    Variants up to 9x9: VARIANT_NODE_LIMIT.  Their checks are not always quick: propagate
    on a nearly empty jigsaw or X + anti-knight grid can run for millions of nodes (the
    empty jigsaw of the tests: 850,000 to a first solution), while 99 % of the checks of
    a generation need under 6,000 (3x3+antiknight: median 69, max 13,647).

    Measured on 16x16 (C): limit 16 gives 121 unique puzzles/s at 94.5 clues, 800 gives
    14/s at 95.2 clues -- hard checks are rare but costly and barely change the clue count.
    For minimal puzzles every refusal at the limit is retried with MINIMAL_NODE_LIMIT, so a
    middle value (200 on 16x16) is fastest.
    """
    if size <= 9:
        return VARIANT_NODE_LIMIT if variant else 0
    return 12 * size if minimal else size


def _remove(sol: bytes, kargs: tuple, order: list, check, lo: int, node_limit: int):
    """One group-testing pass; return (puzzle bytearray, clues, orbits refused at the node limit).

    check(values, *kargs, limit, node_limit): a kernel and its geometry arguments, the
    classic (box_rows, box_cols) or a ``_variant_check`` and (tables, 0).  (Two arguments
    always: a call with *kargs cost the classic 9x9 path 4 % of its time.)
    """
    a, b = kargs
    vals = bytearray(sol)
    clues = len(sol)
    refused = []
    total = len(order)
    i = 0
    k = max(1, total // 4)
    while i < total:
        k = min(k, total - i)
        batch = order[i:i + k]
        removed = sum(len(o) for o in batch)
        if clues - removed < lo:
            if k > 1:
                k //= 2
            else:
                i += 1
            continue
        for o in batch:
            for c in o:
                vals[c] = 0
        count, _, _, stopped = check(bytes(vals), a, b, 2, node_limit)
        if count == 1 and not stopped:
            clues -= removed
            i += k
            k *= 2
            continue
        for o in batch:
            for c in o:
                vals[c] = sol[c]
        if k > 1:
            k //= 2
        else:
            if stopped and count <= 1:
                refused.append(batch[0])
            i += 1
    return vals, clues, refused


def _retry_refused(vals: bytearray, sol: bytes, kargs: tuple, refused: list, check, clues: int):
    """Try the refused orbits again with a large node limit; return (clues, all decided)."""
    decided = True
    for o in refused:
        for c in o:
            vals[c] = 0
        count, _, _, stopped = check(bytes(vals), kargs[0], kargs[1], 2, MINIMAL_NODE_LIMIT)
        if count == 1 and not stopped:
            clues -= len(o)
            continue
        for c in o:
            vals[c] = sol[c]
        if stopped and count <= 1:
            decided = False
    return clues, decided


def _variant_check(kernel, floor: int):
    """kernel(values, tables, limit, node_limit) as a removal check(values, tables, 0, limit,
    node_limit) that answers 'not unique' (2 solutions, 0 nodes) at once when the givens
    hold fewer than floor distinct values (0: never)."""
    def check(values: bytes, tables, _, limit: int, node_limit: int):
        if floor and len(set(values)) - (0 in values) < floor:
            return 2, None, 0, False
        return kernel(values, tables, limit, node_limit)
    return check


def _make(geom: Geometry, symmetry: str, minimal: bool, clues, seed, index: int,
          engine: str) -> Generated:
    """Make puzzle number index of the stream named by seed."""
    rng = random.Random(f"sudokit:{seed}:{index}")
    check = _backend.KERNELS[engine]
    if geom.is_classic:  # the classic path, unchanged: same puzzles for the same seed
        shape = geom.shape
        kargs, label, variant = (shape.box_rows, shape.box_cols), str(shape), None
        cells = orbits(shape, symmetry)
    else:
        shape = geom.display_shape
        kargs, label, variant = (_backend.tables(geom), 0), _label(geom), geom
        # a puzzle missing two values is not unique (swap them) when values relabel freely
        check = _variant_check(check, 0 if geom.links or geom.propagators else geom.size - 1)
        cells = orbits(geom, symmetry)
    lo, hi = clues if clues is not None else (0, geom.ncells)
    nlim = _node_limit(geom.size, minimal, variant is not None)
    best = None
    undecided = 0
    for _ in range(MAX_ATTEMPTS):
        sol = _fill(shape, rng) if variant is None else _fill_any(geom, rng, kargs[0])
        order = cells[:]
        rng.shuffle(order)
        vals, count, refused = _remove(sol, kargs, order, check, 0 if minimal else lo, nlim)
        if minimal and refused:
            count, decided = _retry_refused(vals, sol, kargs, refused, check, count)
            if not decided:
                undecided += 1
                if undecided >= MAX_UNDECIDED:
                    advice = ("; with this many weak links, try engine='learn' (--engine learn)"
                              if geom.links and engine != "learn" else
                              "; minimal puzzles are practical up to 16x16")
                    raise GenerationError(
                        f"cannot prove a {label} puzzle minimal: removal checks stay undecided "
                        f"after {MINIMAL_NODE_LIMIT:,} nodes ({undecided} attempts){advice}")
                continue
        if best is None or abs(count - (lo + hi) / 2) < abs(best - (lo + hi) / 2):
            best = count
        if lo <= count <= hi:
            break
    else:
        raise GenerationError(
            f"no {'minimal ' if minimal else ''}{label} puzzle with symmetry {symmetry!r} and "
            f"{lo}-{hi} clues in {MAX_ATTEMPTS} attempts (closest: {best} clues)")
    puzzle = bytes(vals)
    n_found, _, guesses, stopped = check(puzzle, kargs[0], kargs[1], 2,
                                         MINIMAL_NODE_LIMIT if nlim else 0)
    if n_found != 1 or stopped:  # the last accepted check saw exactly this puzzle
        raise AssertionError(f"generated a puzzle that is not verified unique: {puzzle!r}; "
                             "please report this bug")
    return Generated(Grid._trusted(tuple(puzzle), shape, variant),
                     Grid._trusted(tuple(sol), shape, variant),
                     count, guesses, seed, index, symmetry, minimal, engine, clues)


def remake(generated: Generated) -> Generated:
    """Return the same Generated again, made from its seed, index and options."""
    g = generated
    geom, at = g.puzzle.geometry, (g.seed, g.index, g.engine)
    if g.killer is not None:
        return _make_killer(_cages.base_of(geom), g.killer, *at)
    if g.target is not None:
        return g.target.make(geom, g.symmetry, g.clue_range, *at)
    return _make(geom, g.symmetry, g.minimal, g.clue_range, *at)


# --- public entry ------------------------------------------------------------------------


def _engine(engine: str | None, geom: Geometry) -> str:
    """The kernel of the uniqueness checks; GenerationError if it cannot check this geometry."""
    try:  # the uniqueness checks count to 2 (their node limits, none up to 9x9, are ours)
        name = solver.choose_engine(engine, geom.shape if geom.is_classic else geom, 2)
    except ValueError as exc:
        raise GenerationError(str(exc)) from None
    name = "propagate" if name == "portfolio" else name
    if not geom.is_classic:  # not every kernel takes every geometry yet: ask it once
        try:
            _backend.KERNELS[name](bytes(geom.ncells), _backend.tables(geom), 1, 1)
        except (ValueError, NotImplementedError) as exc:
            raise GenerationError(f"engine {name!r} cannot check {_label(geom)} puzzles "
                                  f"({exc}); use propagate or backtrack") from None
    return name


def _clue_range(clues, ncells: int, label: str):
    if clues is None:
        return None
    if isinstance(clues, int) and not isinstance(clues, bool):
        clues = (clues, clues)
    try:
        lo, hi = clues
    except (TypeError, ValueError):
        raise GenerationError(f"clues must be a (lo, hi) pair or an int, not {clues!r}") from None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)):
        raise GenerationError(f"clues must be integers, not {clues!r}")
    if lo > hi:
        raise GenerationError(f"bad clues range {lo}-{hi}: lo is greater than hi")
    if lo < 0 or hi > ncells:
        raise GenerationError(f"bad clues range {lo}-{hi}: a {label} grid has 0 to "
                              f"{ncells} clues")
    return lo, hi


def _geometry_of(box, geometry) -> Geometry:
    """The geometry that box= and geometry= name together (box alone: classic boxes)."""
    shape = None
    if box is not None:
        shape = box if isinstance(box, Shape) else Shape.parse(box)
    if geometry is None:
        shape = shape or Shape(3, 3)
        return boxes(shape.box_rows, shape.box_cols)
    geom = as_geometry(geometry)
    if shape is not None and geom.box != (shape.box_rows, shape.box_cols):
        raise GenerationError(f"box {shape} does not match the {_label(geom)} geometry "
                              f"({'a jigsaw' if geom.box is None else f'{geom.shape} boxes'}); "
                              f"give box= or geometry=, or both alike")
    return geom


def iter_generate(*, box=None, count: int = 1, symmetry: str = "none", minimal: bool = False,
                  clues=None, seed=None, jobs: int = 1, engine: str = "auto",
                  geometry=None, target=None, killer=None) -> Iterator[Generated]:
    """Yield ``count`` Generated puzzles in index order (lazily; see ``generate``)."""
    geom = _geometry_of(box, geometry)
    if killer is not None:   # (cages alone: no givens to place by symmetry, clues, target)
        try:
            killer = _cages.spec(killer, geom, symmetry != "none" or minimal or
                                 clues is not None or target is not None)
        except GeometryError as exc:
            raise GenerationError(str(exc)) from None
        engine = "learn" if engine in (None, "auto") else engine
    _check_geometry_symmetry(symmetry, geom)
    if not (isinstance(count, int) and count >= 0):
        raise GenerationError(f"count must be a non-negative integer, not {count!r}")
    if not (isinstance(jobs, int) and jobs >= 1):
        raise GenerationError(f"jobs must be a positive integer, not {jobs!r}")
    name = _engine(engine, geom)
    rng = _clue_range(clues, geom.ncells, _label(geom))
    if seed is None:
        seed = secrets.randbits(64)
    if killer is not None:
        params = ("killer", geom, killer, seed)
    elif target is not None:
        if not hasattr(target, "check_geometry"):
            raise GenerationError(f"target must be a generate_target.Target, not {target!r}")
        target.check_geometry(geom)
        params = ("aim", geom, symmetry, rng, seed, target)
    else:
        params = (geom, symmetry, bool(minimal), rng, seed)
    if jobs == 1 or count <= 1:  # lazily, one puzzle at a time: memory stays flat
        return (_one(params, i, name) for i in range(count))
    return _pooled(params, name, count, jobs)


AHEAD = 4       # chunks in flight per worker process (the memory bound of _pooled)
MAX_CHUNK = 64  # puzzles per chunk, reached by doubling from 1 (first puzzles at once)


def _one(params, index: int, engine: str) -> Generated:
    """Puzzle number index: params are _make's, ("aim", geom, symmetry, clues, seed, target)
    for a puzzle aimed at a difficulty (target.make: generate_target.Target), or ("killer",
    geom, (lo, hi, cages), seed) for a killer (_make_killer)."""
    if params[0] == "aim":  # ("aim", geom, symmetry, clues, seed, target)
        return params[5].make(*params[1:5], index, engine)
    return _make_killer(*params[1:], index, engine) if params[0] == "killer" else \
        _make(*params, index, engine)


def _make_killer(geom: Geometry, spec: tuple, seed, index: int, engine: str) -> Generated:
    """Killer number index: cages over a random solution, no givens (geometry._cages)."""
    rng = random.Random(f"sudokit:{seed}:{index}:killer")
    shape, empty = geom.display_shape, bytes(geom.ncells)
    sol = _fill(shape, rng) if geom.is_classic else _fill_any(geom, rng, _backend.tables(geom))
    try:
        killer, guesses = _cages.killer(
            geom, sol, rng, lambda g: solver.other_solution(empty, g, engine, sol), *spec)
    except GeometryError as exc:
        raise GenerationError(str(exc)) from None
    return Generated(Grid._trusted(tuple(empty), shape, killer),
                     Grid._trusted(tuple(sol), shape, killer),
                     0, guesses, seed, index, "none", False, engine, killer=spec)


def _make_range(params, engine: str, start: int, stop: int) -> list[Generated]:
    """Make puzzles start..stop-1 (one task for a worker process)."""
    return [_one(params, i, engine) for i in range(start, stop)]


def _chunks(count: int, jobs: int) -> Iterator[tuple[int, int]]:
    """Yield (start, stop) index ranges covering range(count): 1, 2, 4 ... up to MAX_CHUNK
    puzzles, and no more than count / (AHEAD * jobs) once that is smaller (small counts
    still keep every worker busy)."""
    cap = max(1, min(MAX_CHUNK, count // (AHEAD * jobs)))
    start, size = 0, 1
    while start < count:
        stop = min(count, start + size)
        yield start, stop
        start, size = stop, min(cap, size * 2)


def _watch_parent() -> None:
    """In a worker process: exit as soon as the process that started it is gone.

    A killed main process (even by SIGKILL, which it cannot catch) would otherwise leave
    its workers waiting for tasks for good; its death shows as a new parent process id.
    """
    import os
    import threading
    import time

    from .records.pipeline import worker_signals
    worker_signals()  # Ctrl-C is the main process's business: it stops the workers
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="sudokit-watch-parent", daemon=True).start()


def _pooled(params, engine: str, count: int, jobs: int) -> Iterator[Generated]:
    """Yield the puzzles in index order, made by jobs worker processes.

    Tasks are made lazily and at most AHEAD * jobs chunks are submitted and not yet
    yielded, so memory stays flat for any count (a list of every task was 3.5 GB for
    10**12 puzzles) and the first puzzles come at once.  Each puzzle depends only on
    (seed, index), so the chunking never changes the output.  Closing the generator early
    cancels the chunks not yet started.  Ctrl-C or SIGTERM (an exception in the consumer or
    here) kills the workers at once (pipeline.stop_pool) rather than waiting for their
    chunks: an aimed chunk can take minutes.
    """
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from .records.pipeline import stop_pool
    window: deque = deque()
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_watch_parent)
    try:
        for start, stop in _chunks(count, jobs):
            window.append(pool.submit(_make_range, params, engine, start, stop))
            if len(window) >= AHEAD * jobs:
                yield from window.popleft().result()
        while window:
            yield from window.popleft().result()
    except BaseException:  # KeyboardInterrupt, SIGTERM's Terminated, GeneratorExit, errors
        stop_pool(pool)
        raise
    finally:
        for future in window:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def generate(*, box=None, count: int = 1, symmetry: str = "none", minimal: bool = False,
             clues=None, seed=None, jobs: int = 1, engine: str = "auto",
             geometry=None, target=None, killer=None) -> list[Generated]:
    """Return a list of ``count`` Generated puzzles, each with a unique solution.

    box       shape 'RxC' (or a Shape): 2x2 to 8x8 boxes, rectangular included (default
              3x3, or the geometry's).
    geometry  the rules (a Geometry, a name such as '3x3+x' or 'jigsaw(...)+antiknight', or
              its JSON dict); None: the classic boxes of box.  With box= as well, the two
              must agree.  Puzzles and solutions are Grids of this geometry.
    symmetry  none, rot180, rot90, mirror-h, mirror-v, diagonal, antidiagonal, dihedral
              (see ``orbits``); rot90, diagonal, antidiagonal and dihedral need square boxes,
              and a geometry must have the symmetry (``symmetries``: e.g. a jigsaw only those
              of its region map); GenerationError names the boxes or rule otherwise.  The
              givens' pattern keeps the symmetry.
    minimal   True: no single clue can be removed without losing uniqueness; with a
              symmetry, removal is by orbit: no single orbit can be removed.  False: unique,
              and nearly minimal -- up to 9x9 the checks have no node limit, so the one
              removal pass leaves no removable orbit anyway (unless clues= stopped it); from
              16x16 on a check is capped at N nodes and an orbit it cannot decide stays.
    clues     (lo, hi) or an int: every puzzle has lo..hi clues, or GenerationError says the
              range was not reached.
    seed      any int or str (1 and '1' are the same seed): the same seed and options give
              the same puzzles on every run, for any jobs, on either backend.  None: a fresh
              random seed (recorded in each Generated.seed).
    jobs      worker processes (results still in index order).
    engine    kernel of the uniqueness checks: auto (fast9 for classic 9x9 with C, else
              propagate), propagate, dlx, backtrack, fast9 (classic 9x9 only); for other
              geometries, the kernels that take them (GenerationError otherwise).

    target    a difficulty to aim at: a sudokit.generate_target.Target (SE ER / EP / ED
              ranges, HoDoKu level, a technique the logical path uses); the puzzles are then
              found by a walk through neighbours of minimal puzzles and are always minimal;
              each Generated keeps its target.  ``generate_target.aimed(rating=...)`` is the
              short form.
    killer    True or {"sizes": (lo, hi), "cages": count}: a killer, cages without givens
              (geometry._cages: defaults 2-5 cells, ncells/3.2 cages; learn checks it).

    Raises GenerationError (a ValueError) for impossible options, GeometryError for a bad
    geometry.
    """
    return list(iter_generate(box=box, count=count, symmetry=symmetry, minimal=minimal,
                              clues=clues, seed=seed, jobs=jobs, engine=engine,
                              geometry=geometry, target=target, killer=killer))


class _CallableModule(type(sys)):
    """This module, callable as the function it is named after.

    ``sudokit.generate`` is a function (the package exports it) and a module; the package
    imports this module lazily, and ``import sudokit.generate`` anywhere binds the package's
    name to the module.  A call of either does the same thing.
    """

    def __call__(self, *args, **kwargs):
        return generate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
