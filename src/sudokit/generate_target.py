"""Generation aimed at a difficulty: Sudoku Explainer's ER / EP / ED ranges, HoDoKu's level,
or a technique the logical path must use (issue #17).  ``aimed(rating="8.0-9.0", count=20)``
(or ``generate(target=Target(...))``) and ``sudokit generate --rating 8.0-9.0`` come here;
sudokit.generate knows a target only as an object with ``check_geometry`` and ``make``.

The search.  Most random minimal puzzles are easy (ER 8 or more is about 1 in 15 of them),
so drawing puzzles until one lands in a hard range wastes most of its work.  Instead each
puzzle is a walk through the neighbourhood of a minimal puzzle (the closest to the target of
``START_DRAWS`` fresh minimal puzzles of the ordinary generator).  A move takes one clue out
(a whole symmetry orbit), puts clues of the same solution in until one solution is left
(each where another solution differs from it, so one or two clues usually do),
and makes the puzzle minimal again (every clue needed).  A neighbour is accepted when it is
no farther from the target than the current puzzle (a tie walks the plateau), so the walk
climbs towards the target: neighbours of a hard puzzle are often hard.  After ``MOVES``
moves without coming closer the walk restarts from new draws; after ``WALKS`` walks
GenerationError says so.  (Tried and dropped: counting a technique that applies somewhere
on the path, though an easier step was taken there, as nearly met -- no faster.)

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

from . import _backend
from .generate import GenerationError, Generated, _label, _make, orbits
from .geometry import Geometry
from .grid import Grid

__all__ = ["Target", "aimed", "iter_aimed", "make_aimed"]

MOVES = 30   # moves of one walk without coming closer before it restarts
WALKS = 40   # walks per puzzle before GenerationError
ADDS = 8     # clue orbits a move may put in to get back to one solution
START_DRAWS = 4  # fresh minimal puzzles a walk starts from the closest of

# the lowest rating of each SE producer, in SE's order (rate._se.producers); from producer
# 20 (aligned pair exclusion) on they rise, so a cut there is a lower bound on ER
_SE_FLOOR = (1.0, 1.7, 2.0, 2.3, 2.5, 2.6, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.2, 4.4, 4.5, 5.0,
             5.2, 5.4, 5.6, 6.2, 6.5, 7.5, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0)
_RISING_FROM = 19


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
            from .rate._hodoku import LEVELS
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
            from .rate._hodoku import LEVELS, hodoku_rating
            level, _ = hodoku_rating(puzzle.to_line())
            d += abs(LEVELS.index(level) - LEVELS.index(self.level))
        if self.technique is not None:
            d += self._technique_distance(puzzle)
        return d

    def _se_distance(self, line: str) -> float:
        from .rate._se import format_rating, se_path
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
        d = 0.0
        for rng, x in ((self.rating, er), (self.pearl, ep), (self.diamond, ed)):
            if rng is not None:
                lo, hi = rng
                d += lo - x if x < lo else (x - hi if x > hi else 0.0)
        return round(d, 1)

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


def _se_prefix(line: str) -> tuple:
    """(EP, ED) as serate prints them, from SE's path cut at its first placement (rate._se
    se_path's loop and bookkeeping: ED is the first hint's rating, EP the highest up to
    and including the first hint that places a value)."""
    from .rate._grid import Board
    from .rate._se import format_rating, producers
    board, prods = Board.from_line(line), producers()
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


def _neighbour(values: bytes, sol: bytes, cells: list, checks: _Checks, rng, clue_range):
    """A random unique minimal neighbour of values, or None (this try failed): one clue orbit
    out, then clue orbits of sol in until one solution is left (each chosen where another
    solution differs from sol, when propagate finds one other than sol), then minimal
    again."""
    given = [o for o in cells if values[o[0]]]
    if not given:
        return None
    out = rng.choice(given)
    new = bytearray(values)
    for c in out:
        new[c] = 0
    for _ in range(ADDS):
        unique = checks.unique(new)
        if unique is None:
            return None
        if unique:
            break
        empty = [o for o in cells if not new[o[0]] and o is not out]
        first = checks.other(new)
        if first is not None and bytes(first) != sol:
            killing = [o for o in empty if any(first[c] != sol[c] for c in o)]
            empty = killing or empty
        if not empty:
            return None
        for c in rng.choice(empty):
            new[c] = sol[c]
    else:
        return None
    if not _minimise(new, cells, checks, rng):
        return None
    if clue_range is not None:
        n = sum(1 for v in new if v)
        if not clue_range[0] <= n <= clue_range[1]:
            return None
    return bytes(new)


def make_aimed(geom: Geometry, symmetry: str, clues, seed, index: int, engine: str,
               target: Target) -> Generated:
    """Puzzle number index of the stream named by seed that meets target (see the module
    doc); GenerationError after WALKS walks without one."""
    rng = random.Random(f"sudokit:aim:{seed}:{index}")
    checks = _Checks(geom, engine)
    cells = orbits(geom if not geom.is_classic else geom.shape, symmetry)
    shape = geom.shape if geom.is_classic else geom.display_shape
    variant = None if geom.is_classic else geom
    closest = None
    for walk in range(WALKS):
        # the walk starts from the closest of START_DRAWS fresh minimal puzzles
        d, start = min(((target.distance(g.puzzle), k, g) for k, g in enumerate(
            _make(geom, symmetry, True, clues, f"{seed}:{index}:{walk}", k, engine)
            for k in range(START_DRAWS))), key=lambda t: t[:2])[0::2]
        values = bytes(start.puzzle.values)
        sol = bytes(start.solution.values)
        idle = 0
        while d > 0 and idle < MOVES:
            idle += 1
            new = _neighbour(values, sol, cells, checks, rng, clues)
            if new is None or new == values:
                continue
            dn = target.distance(Grid._trusted(tuple(new), shape, variant))
            if dn < d:
                idle = 0
            if dn <= d:
                values, d = new, dn
        closest = d if closest is None else min(closest, d)
        if d == 0:
            puzzle = Grid._trusted(tuple(values), shape, variant)
            if checks.unique(values) is not True:
                raise AssertionError(f"an aimed puzzle is not verified unique: {values!r}; "
                                     "please report this bug")
            return Generated(puzzle, start.solution, sum(1 for v in values if v),
                             checks.guesses(values),
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
