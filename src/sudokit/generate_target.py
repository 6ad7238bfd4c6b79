"""Generation aimed at a difficulty: Sudoku Explainer's ER / EP / ED ranges, HoDoKu's level,
or a technique the logical path must use (issue #17).  ``aimed(rating="8.0-9.0", count=20)``
(or ``generate(target=Target(...))``) and ``sudokit generate --rating 8.0-9.0`` come here;
sudokit.generate knows a target only as an object with ``check_geometry`` and ``make``.

The search.  Most random minimal puzzles are easy (ER 9.0-10.0 is about 1 in 650 of them),
so drawing puzzles until one lands in a hard range wastes most of its work.  Instead each
puzzle is a walk through the neighbourhood of a minimal puzzle: the closest to the target of
``START_DRAWS`` fresh minimal puzzles of the ordinary generator, or the first of them that
meets it (for a common target the walk is generate-and-filter).  A move takes one clue out
(a whole symmetry orbit); with chance ``DRIFT``, when the puzzle now has another solution,
that one becomes the aim (so the solution grid moves too); clues of the aimed solution go in
until one solution is left (each where another solution differs from it: propagate's first,
or its first with the values relabelled, ``_Checks.rival``), and the puzzle is made minimal
again (every clue needed).  A neighbour is accepted when it is no farther from the target
than the current puzzle (a tie walks the plateau), so the walk climbs towards the target:
neighbours of a hard puzzle are often hard (of a 9.x puzzle, 1 in 25 is 9.x).  After
``MOVES`` moves without coming closer the walk restarts from new draws; after ``WALKS``
walks GenerationError says so.

The walk measures puzzles with ``Target.walk_distance``: a *screen* first (SE's path with
its first producers only, in C a fraction of a millisecond) that settles most puzzles
without the costly chains or the whole logical path -- a puzzle it solves gets its exact
distance, one that looks too easy (many steps before it is stuck, a quick propagate search)
an estimate above 0 -- and the distance itself for the rest; only ``distance`` decides
that a puzzle is kept.  Ratings are remembered (``CACHE``): walks come back to puzzles.
docs/generate.md lists what was measured, and what was tried and dropped.

Distance to the target (0: the puzzle is in it):

    rating / pearl / diamond   how far ER / EP / ED lie outside their ranges, summed.  The SE
                               path is cut at the producers whose lowest rating is above the
                               ER range (from aligned pair exclusion on SE's producers come in
                               rising order of their lowest rating): a path that needs them
                               has its ER above the range, and the costly nested chains are
                               never run for a puzzle that is too hard anyway.
    level                      how many HoDoKu levels lie between the puzzle's and the target.
    technique                  the logical path (sudokit.logic) with the techniques up to the
                               target's rank only: 0 when it uses the technique (the path with
                               every technique is the same up to there, so it uses it too);
                               otherwise a number that falls as the hardest technique used
                               comes closer to the target's rank.

Reproducible: puzzle i depends only on (seed, i, options) -- never on time, jobs or backend
(the C and pure-Python kernels and raters give the same answers).  The puzzles are minimal.
"""

from __future__ import annotations

import random

from .engine import _backend
from .generate import GenerationError, Generated, _label, _make, orbits
from .geometry import Geometry
from .grid import Grid

__all__ = ["Target", "aimed", "iter_aimed", "make_aimed"]

MOVES = 60   # moves of one walk without coming closer before it restarts
WALKS = 40   # walks per puzzle before GenerationError
ADDS = 8     # clue orbits a move may put in to get back to one solution
START_DRAWS = 16  # fresh minimal puzzles a walk draws: the first in the target ends it
DRIFT = 0.5  # chance a move aims at another solution of the puzzle with one clue out
RIVAL_TRIES = 3  # relabellings a move tries to find a solution other than the aimed one
CACHE = 4096  # distances a search remembers

# the lowest rating of each SE producer, in SE's order (logic.se.path.producers); from producer
# 20 (aligned pair exclusion) on they rise, so a cut there is a lower bound on ER
_SE_FLOOR = (1.0, 1.7, 2.0, 2.3, 2.5, 2.6, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 4.4, 4.5, 5.0,
             5.2, 5.4, 5.6, 6.2, 6.5, 7.5, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0)
_RISING_FROM = 19
# the walk's screen (Target.walk_distance): for ER ranges from lo up, (the most steps the SE
# path with producers 1-19 takes before it is stuck, the fewest nodes of propagate's
# count-to-2 search).  On 20,000 random minimal puzzles these keep 93 % of the 9.0-10.0 ones
# (31), 93 % of 8.0-9.0 (643) and 99 % of 7.5-8.5 (687), and turn away 95 %, 86 % and 80 %
# of all puzzles; on se_cb_public.txt they keep 60 / 60, 228 / 230 and 232 / 232.  For 9.0:
# (15, 8) and (12, 8) walked as fast (139 puzzles / CPU minute), (17, 6) at 114, (15, 12) 104.
_SCREEN = ((9.0, (16, 8)), (8.0, (22, 4)), (7.5, (25, 2)))

# the technique screen: for goals of rank lo and up, (lo, SE producers, the highest rank of
# the easier techniques they stand for).  SE's first 7 producers (singles, locking, direct
# hidden pair / triple, naked pair) and first 19 (to BUG) solve 59 % and 68 % of random
# minimal puzzles; of 1,500 such puzzles, 3 of the 103 whose logical path uses x-wing are
# solved by the 7, none of those using xy-wing, swordfish, w-wing, aic or als-xz
_TECHNIQUE_SCREEN = ((190, 19, 180), (70, 7, 60))


def _nodes(puzzle: Grid) -> int:
    """Nodes of the count-to-2 search of the propagate kernel (the same on both backends)."""
    a, b = puzzle.shape.box_rows, puzzle.shape.box_cols
    return _backend.KERNELS["propagate"](bytes(puzzle.values), a, b, 2, 0)[2]


def _range(name: str, value):
    """(lo, hi) floats of a rating range ('7.0-8.0', '8.5', (lo, hi)); GenerationError."""
    if value is None:
        return None
    if isinstance(value, str):
        parts = value.replace(":", "-").split("-")
        if len(parts) == 1:
            parts = parts * 2
        try:
            lo, hi = (float(p) for p in parts)
        except ValueError:
            raise GenerationError(f"{name}: expected LO-HI or a number such as 7.0-8.0, "
                                  f"not {value!r}") from None
    else:
        try:
            lo, hi = (float(x) for x in value)
        except (TypeError, ValueError):
            raise GenerationError(f"{name}: expected a (lo, hi) pair, not {value!r}") from None
    if not 1.0 <= lo <= hi <= 20.0:
        raise GenerationError(f"{name} {lo:g}-{hi:g}: SE ratings run from 1.0 to 20.0, low "
                              f"end first")
    return lo, hi


class Target:
    """What a generated puzzle must meet: SE ranges (rating = ER, pearl = EP, diamond = ED,
    each (lo, hi) inclusive at one decimal, as serate prints), a HoDoKu level, a technique
    id of sudokit.logic.  Validated here: GenerationError names the bad option."""

    __slots__ = ("rating", "pearl", "diamond", "level", "technique")

    def __init__(self, rating=None, pearl=None, diamond=None, level=None, technique=None):
        self.rating = _range("rating", rating)
        self.pearl = _range("pearl", pearl)
        self.diamond = _range("diamond", diamond)
        self.level = None
        if level is not None:
            from .logic.hodoku import LEVELS
            if level not in LEVELS:
                raise GenerationError(f"level {level!r}: choose from {', '.join(LEVELS)}")
            self.level = level
        self.technique = None
        if technique is not None:
            from .logic.ladder import technique as find
            try:
                self.technique = find(technique).id
            except ValueError as exc:
                raise GenerationError(str(exc)) from None

    def __bool__(self) -> bool:
        return any(getattr(self, k) is not None for k in self.__slots__)

    def __eq__(self, other) -> bool:
        return isinstance(other, Target) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def key(self) -> tuple:
        return tuple(getattr(self, k) for k in self.__slots__)

    def __repr__(self) -> str:
        parts = [f"{k}={getattr(self, k)!r}" for k in self.__slots__ if getattr(self, k)]
        return f"Target({', '.join(parts)})"

    def make(self, geom: Geometry, symmetry: str, clues, seed, index: int,
             engine: str) -> Generated:
        """Puzzle number index of the stream named by seed (make_aimed)."""
        return make_aimed(geom, symmetry, clues, seed, index, engine, self)

    @property
    def needs_se(self) -> bool:
        return any(r is not None for r in (self.rating, self.pearl, self.diamond))

    def check_geometry(self, geom: Geometry) -> None:
        """GenerationError when a target is not defined for geometry (SE and HoDoKu: 9x9;
        techniques: grids up to 9x9, where the walk's uniqueness checks are quick)."""
        if geom.size > 9:
            raise GenerationError(f"aimed puzzles are made up to 9x9, not {_label(geom)}: "
                                  f"the walk's thousands of uniqueness checks are too slow "
                                  f"beyond")
        if (self.needs_se or self.level) and not (geom.size == 9 and geom.is_classic):
            raise GenerationError(f"SE ratings and HoDoKu levels are defined for classic 9x9 "
                                  f"grids, not {_label(geom)}; --technique works on any grid")

    def distance(self, puzzle: Grid) -> float:
        """0.0 when puzzle meets every part of the target; else how far it is (see the
        module doc)."""
        d = 0.0
        if self.needs_se:
            d += self._se_distance(puzzle.to_line())
        if self.level is not None:
            from .logic.hodoku import LEVELS, hodoku_rating
            level, _ = hodoku_rating(puzzle.to_line())
            d += abs(LEVELS.index(level) - LEVELS.index(self.level))
        if self.technique is not None:
            d += self._technique_distance(puzzle)
        return d

    def walk_distance(self, puzzle: Grid) -> float:
        """distance(puzzle), or a cheap estimate of it (never 0) for a puzzle the screen
        turns away (the walk's measure; only distance decides what is kept).  The screen
        runs SE's path with its first producers only (in C, a fraction of a millisecond):

        - an ER range from 7.5 up, alone: a puzzle whose path with producers 1-19 (singles
          to BUG) gets stuck after more steps, or whose count-to-2 propagate search takes
          fewer nodes, than all but a few puzzles of the range in a sample of 20,000 random
          minimal ones (_SCREEN) is given "ER at least 6.2" without the costly chains;
        - a technique from x-wing up, alone, on the classic grid: a puzzle that SE's first
          producers solve (_TECHNIQUE_SCREEN: techniques easier than the goal) is given
          "solved by easier techniques" without the logical path."""
        cheap = self.screen(puzzle)
        return self.distance(puzzle) if cheap is None else cheap

    def screen(self, puzzle: Grid) -> "float | None":
        """walk_distance's cheap part: the distance when SE's first producers settle it
        (exact when they solve the puzzle, an estimate above 0 when the screen turns it
        away), None when the full distance is needed."""
        if self.technique is not None:
            return self._technique_estimate(puzzle)
        screen = self._screen()
        if screen is None:
            return None
        from .logic.se.path import format_rating, se_path
        max_steps, min_nodes = screen
        path = se_path(puzzle.to_line(), max_producer=_RISING_FROM)
        if not path.stuck:  # the whole path: ER exact
            return _outside(self.rating, float(format_rating(path.er)))
        if path.steps > max_steps or _nodes(puzzle) < min_nodes:
            return round(self.rating[0] - _SE_FLOOR[_RISING_FROM] + 0.05, 2)
        return None

    def _screen(self):
        """(max steps, min nodes) of walk_distance's screen, or None (no screen)."""
        if (self.rating is None or self.pearl or self.diamond or self.level
                or self.technique):
            return None
        return next((s for lo, s in _SCREEN if self.rating[0] >= lo), None)

    def _technique_estimate(self, puzzle: Grid) -> "float | None":
        """screen for a technique target (see walk_distance)."""
        from .logic.ladder import technique
        rank = technique(self.technique).rank
        cut = next((c for c in _TECHNIQUE_SCREEN if rank >= c[0]), None)
        if (cut is None or self.needs_se or self.level or puzzle.size != 9
                or not puzzle.geometry.is_classic):
            return None
        from .logic.se.path import se_path
        _, producers, top = cut
        if se_path(puzzle.to_line(), max_producer=producers).stuck:
            return None
        return 1.0 + (rank - top) / rank

    def _se_distance(self, line: str) -> float:
        from .logic.se.path import format_rating, se_path
        if self.rating is None:  # EP and ED only: the path up to its first placement
            ep, ed = _se_prefix(line)
            er = None
        else:
            hi = self.rating[1]
            cut = next((i for i in range(_RISING_FROM, 30) if _SE_FLOOR[i] > hi), 30)
            path = se_path(line, max_producer=cut)
            if path.stuck and cut < 30:
                er = _SE_FLOOR[cut]  # a lower bound: the path needs a producer rated above hi
            else:
                er = float(format_rating(path.er))
            ep, ed = float(format_rating(path.ep)), float(format_rating(path.ed))
        return round(sum(_outside(rng, x) for rng, x in ((self.rating, er),
                         (self.pearl, ep), (self.diamond, ed)) if rng is not None), 1)

    def _technique_distance(self, puzzle: Grid) -> float:
        from .logic import steps
        from .logic.ladder import ladder, technique
        goal = technique(self.technique)
        upto = [t.id for t in ladder() if t.rank <= goal.rank]
        path = steps(puzzle, techniques=upto)
        used = {s.technique for s in path.steps}
        if goal.id in used:
            return 0.0
        if path.status != "solved":  # needs something harder before the goal shows
            return 0.5
        top = max((technique(t).rank for t in used), default=0)
        return 1.0 + (goal.rank - top) / goal.rank


def _outside(rng: tuple, x: float) -> float:
    """How far x lies outside the range (lo, hi): 0.0 inside."""
    lo, hi = rng
    return round(lo - x if x < lo else (x - hi if x > hi else 0.0), 1)


def _se_prefix(line: str) -> tuple:
    """(EP, ED) as serate prints them, from SE's path cut at its first placement (logic.se.path
    se_path's loop and bookkeeping: ED is the first hint's rating, EP the highest up to
    and including the first hint that places a value)."""
    from .logic.se import read_board
    from .logic.se.path import format_rating, producers
    board, prods = read_board(line), producers()
    ed = None
    top = float("-inf")
    while not board.is_solved():
        hint = next((h for h in (produce(board) for _, produce in prods) if h is not None),
                    None)
        if hint is None:
            return 20.0, (20.0 if ed is None else ed)
        top = max(top, hint.rating)
        if ed is None:
            ed = float(format_rating(top))
        if hint.place is not None:
            return float(format_rating(top)), ed
        before = list(board.cands)
        hint.apply(board)
        if board.cands == before:  # SE would repeat this hint forever: stuck (R8)
            return 20.0, ed
    return float(format_rating(top)), (0.0 if ed is None else ed)


# --- the walk -------------------------------------------------------------------------------


class _Checks:
    """The uniqueness checks of one geometry: unique(values) -> True / False / None (the node
    limit stopped it), and second(values) -> a solution propagate finds first (the same on
    both backends: the twins agree; fast9, the classic check with C, may find another)."""

    def __init__(self, geom: Geometry, engine: str):
        from .generate import MINIMAL_NODE_LIMIT, _variant_check
        kernel, prop = _backend.KERNELS[engine], _backend.KERNELS["propagate"]
        self._n, self._relabel = geom.size, not geom.links
        if geom.is_classic:
            a, b = geom.shape.box_rows, geom.shape.box_cols
            self._check = lambda v: kernel(v, a, b, 2, 0)
            self._first = lambda v: prop(v, a, b, 2, 0)[1]
        else:  # variants: the generator's check (a quick 'no' when values are missing)
            tables = _backend.tables(geom)
            check = _variant_check(kernel, 0 if geom.links else geom.size - 1)
            self._check = lambda v: check(v, tables, 0, 2, MINIMAL_NODE_LIMIT)
            self._first = lambda v: prop(v, tables, 2, MINIMAL_NODE_LIMIT)[1]

    def unique(self, values) -> "bool | None":
        count, _, _, stopped = self._check(bytes(values))
        return None if stopped else count == 1

    def guesses(self, values) -> int:
        return self._check(bytes(values))[2]

    def other(self, values):
        return self._first(bytes(values))

    def rival(self, values, aim: bytes, rng) -> "bytes | None":
        """A solution of values other than aim, or None: propagate's first, else its first
        with the values relabelled (the search then tries them in another order), up to
        RIVAL_TRIES times (not on grids with weak links: they may tell values apart)."""
        first = self._first(bytes(values))
        if first is not None and bytes(first) != aim:
            return bytes(first)
        for _ in range(RIVAL_TRIES if self._relabel else 0):
            perm = list(range(1, self._n + 1))
            rng.shuffle(perm)
            back = {p: v for v, p in enumerate(perm, 1)}
            first = self._first(bytes(perm[v - 1] if v else 0 for v in values))
            if first is None:
                return None
            first = bytes(back[v] for v in first)
            if first != aim:
                return first
        return None


def _minimise(values: bytearray, cells: list, checks: _Checks, rng: random.Random) -> bool:
    """Take out every clue orbit (in random order) whose removal keeps one solution; False
    when a check was stopped by its node limit (minimality not proved)."""
    order = [o for o in cells if values[o[0]]]
    rng.shuffle(order)
    for o in order:
        keep = [values[c] for c in o]
        for c in o:
            values[c] = 0
        unique = checks.unique(values)
        if unique is None:
            return False
        if not unique:
            for c, v in zip(o, keep):
                values[c] = v
    return True


def _neighbour(values: bytes, sol: bytes, cells: list, checks: _Checks, rng, clue_range,
               drift: float = 0.0):
    """A random unique minimal neighbour of values: (values, its solution), or None (this
    try failed).  One clue orbit out; then, with probability drift and when the puzzle now
    has another solution, that one becomes the aim (the solution grid drifts); clue orbits
    of the aimed solution go in until one solution is left (each where another known
    solution differs from it), then minimal again."""
    given = [o for o in cells if values[o[0]]]
    if not given:
        return None
    out = rng.choice(given)
    new = bytearray(values)
    for c in out:
        new[c] = 0
    aim, others = sol, []
    if drift:
        first = checks.other(new)
        if first is not None and bytes(first) != sol and rng.random() < drift:
            aim, others = bytes(first), [sol]
    for _ in range(ADDS):
        unique = checks.unique(new)
        if unique is None:
            return None
        if unique:
            break
        empty = [o for o in cells if not new[o[0]] and o is not out]
        rival = checks.rival(new, aim, rng) or next(
            (s for s in others if all(v == 0 or v == s[c] for c, v in enumerate(new))), None)
        if rival is not None:
            killing = [o for o in empty if any(rival[c] != aim[c] for c in o)]
            empty = killing or empty
        if not empty:
            return None
        for c in rng.choice(empty):
            new[c] = aim[c]
    else:
        return None
    if not _minimise(new, cells, checks, rng):
        return None
    if clue_range is not None:
        n = sum(1 for v in new if v)
        if not clue_range[0] <= n <= clue_range[1]:
            return None
    return bytes(new), aim


def _cached(target: "Target", shape, variant):
    """target.distance on puzzle values, remembering the last CACHE puzzles' distances (a
    walk comes back to puzzles it has seen)."""
    memo: dict = {}

    def distance(values: bytes) -> float:
        d = memo.get(values)
        if d is None:
            if len(memo) >= CACHE:
                memo.clear()
            puzzle = Grid._trusted(tuple(values), shape, variant)
            d = memo[values] = target.walk_distance(puzzle)
        return d
    return distance


def _start(geom: Geometry, symmetry: str, clues, seed: str, engine: str, distance):
    """(distance, Generated): the first of up to START_DRAWS fresh minimal puzzles that meets
    the target, else the closest (the first of the closest)."""
    best = None
    for k in range(START_DRAWS):
        g = _make(geom, symmetry, True, clues, seed, k, engine)
        d = distance(bytes(g.puzzle.values))
        if best is None or d < best[0]:
            best = (d, g)
        if d == 0:
            break
    return best


def make_aimed(geom: Geometry, symmetry: str, clues, seed, index: int, engine: str,
               target: Target) -> Generated:
    """Puzzle number index of the stream named by seed that meets target (see the module
    doc); GenerationError after WALKS walks without one."""
    rng = random.Random(f"sudokit:aim:{seed}:{index}")
    checks = _Checks(geom, engine)
    cells = orbits(geom if not geom.is_classic else geom.shape, symmetry)
    shape = geom.shape if geom.is_classic else geom.display_shape
    variant = None if geom.is_classic else geom
    distance = _cached(target, shape, variant)
    closest = None
    for walk in range(WALKS):
        d, start = _start(geom, symmetry, clues, f"{seed}:{index}:{walk}", engine, distance)
        values, sol = bytes(start.puzzle.values), bytes(start.solution.values)
        idle = 0
        while d > 0 and idle < MOVES:
            idle += 1
            got = _neighbour(values, sol, cells, checks, rng, clues, DRIFT)
            if got is None or got[0] == values:
                continue
            dn = distance(got[0])
            if dn < d:
                idle = 0
            if dn <= d:
                (values, sol), d = got, dn
        closest = d if closest is None else min(closest, d)
        if d == 0:
            if checks.unique(values) is not True:
                raise AssertionError(f"an aimed puzzle is not verified unique: {values!r}; "
                                     "please report this bug")
            return Generated(Grid._trusted(tuple(values), shape, variant),
                             Grid._trusted(tuple(sol), shape, variant),
                             sum(1 for v in values if v), checks.guesses(values),
                             seed, index, symmetry, True, engine, clues, target)
    raise GenerationError(f"no {_label(geom)} puzzle meeting {target} in {WALKS} walks of "
                          f"{MOVES} idle moves (closest distance {closest:g}); widen the "
                          f"range or choose another target")


def iter_aimed(*, rating=None, pearl=None, diamond=None, level=None, technique=None,
               **options):
    """Yield aimed puzzles lazily: iter_generate(target=Target(...), **options)."""
    from .generate import iter_generate
    return iter_generate(target=Target(rating, pearl, diamond, level, technique), **options)


def aimed(*, rating=None, pearl=None, diamond=None, level=None, technique=None,
          **options) -> list:
    """Generated puzzles that meet the target: rating / pearl / diamond (SE ER / EP / ED
    ranges such as '7.0-8.0', a number, or (lo, hi); classic 9x9), level (HoDoKu's),
    technique (a sudokit.logic id; grids up to 9x9); the other options are generate()'s
    (count, seed, jobs, symmetry, clues, box, geometry, engine).  GenerationError names a
    bad option or a target not met after WALKS walks."""
    return list(iter_aimed(rating=rating, pearl=pearl, diamond=diamond, level=level,
                           technique=technique, **options))
