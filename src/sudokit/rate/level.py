"""Generation aimed at a level of the sudokit scale (sudokit.rate.scale), for every geometry.

    >>> from sudokit.rate.level import at_level
    >>> [g] = at_level("medium", geometry="3x3+x", seed=1)
    >>> from sudokit.rate.scale import rate_scale
    >>> rate_scale(g.puzzle).level
    'medium'

``sudokit generate --level LEVEL`` comes here for every grid that is not classic 9x9 (X,
jigsaw, windoku, anti-knight, thermo, kropki, killer..., other sizes); classic 9x9 keeps
HoDoKu's levels (generate_target.Target).  A ``Level`` is a target as generate_target's
walk knows one (``check_geometry``, ``make``, ``walk_distance``), so the walk of
generate_target.make_aimed does the search: minimal puzzles, neighbours one clue orbit
apart, each step no farther from the level.  Its distance reads the sudokit scale's number:
0 when the puzzle's label is the level, else how far the number lies outside the level's
[tier, tier + 1); a 'stuck' puzzle counts as 6.0 (harder than every label).

Unless the puzzles must be minimal, two ways with more givens come first, in turn
(``Level._by_givens``): *fill* a nearly minimal puzzle of the plain generator (while logic
with the techniques up to the level's tier is stuck, a given of the solution goes in where
it stopped; ``Level._fill_once``) and *dig* a full grid (givens come out while the puzzle
stays unique and at or below the level; ``Level._dig_once``); a puzzle is kept when it
rates at the level.  Minimal puzzles of some rules (nonconsecutive: about 10 givens) all
need forcing chains; only more givens make them easy.  The fill comes from above, the dig
from below: where the level's tier is narrow (nonconsecutive, negative XV and sandwich
'hard') one given more often turns an expert puzzle medium, and the dig, which takes
givens out one orbit at a time and never keeps a puzzle above the level, finds the
puzzles in between.  Then the walk.

Killers have no givens to walk with: their cages walk instead (``Level._walk_killer``).
Puzzle i is the first of up to KILLER_TRIES killers (cut as ``generate(killer=...)`` cuts
them, from the seeds ``f"{seed}:level:{k}"``) whose walk reaches the level: cages cut in two
while it is too hard, neighbouring cages joined while it is too easy.

Every puzzle kept is rated again whole by ``rate_scale`` before it is handed out (the
walk's distance runs the techniques up to the level's tier only), so its label is the
level asked for.  Reproducible: puzzle i depends only on (seed, i, options), as in
generate_target.  Bounded: besides the walk's own budget (WALKS
walks of MOVES idle moves), each puzzle has ``seconds`` (default SECONDS) of logic; when
they run out a GenerationError says so (a faster machine may find the puzzle: the puzzle it
finds is the same).
"""

from __future__ import annotations

import dataclasses
import random

from ..generate import GenerationError, _label
from ..geometry import Geometry
from ..logic import _budget
from .scale import LABELS, rate_scale

__all__ = ["Level", "at_level", "iter_level", "SECONDS", "KILLER_TRIES"]

SECONDS = 120.0     # logic time per puzzle (every rating of its search) before giving up
KILLER_TRIES = 40   # killers cut per puzzle before giving up
KILLER_MERGES = 12  # joins of two cages tried per move of a killer's walk
KILLER_CAP_SECONDS = 2.0  # logic per killer of an extreme walk: one not rated in it is too
                          # hard (nested forcing chains on a killer can take minutes)
FILL_TRIES = 8      # minimal puzzles given more givens (minimal=False) before the walk
FILL_CHOICES = 6    # orbits tried in turn where one more given makes a puzzle too easy
DIGS_PER_FILL = 5   # digs tried after each fill (a dig costs about a fifth of a fill: 0.15 s of
                    # CPU on a nonconsecutive 9x9, where 1 in 7 reached 'hard')
DIG_ROUNDS = 3      # digs of one full grid: each after the first starts DIG_BACK orbits back
DIG_BACK = 4        # from where the last one stopped (measured: later rounds rarely hit)
BIG_SIZE = 16       # the largest grid made at a level (by the fill and the dig alone above 9x9)
_STUCK = 6.0        # a stuck puzzle's place on the scale's numbers (above every label)


class Level:
    """A level of the sudokit scale to aim at: 'easy', 'medium', 'hard', 'expert' or
    'extreme'.  seconds: logic time per puzzle (None: SECONDS); killer: a killer spec
    (geometry._cages.spec: (lo, hi, cages)) to cut killers instead of walking givens.
    walk=False: when adding givens (minimal=False) finds no puzzle, GenerationError at once
    instead of the walk over minimal puzzles (the page's drawn variants: a new drawing of
    the rules is likelier to have a puzzle at the level than a long walk on this one)."""

    __slots__ = ("level", "seconds", "killer", "minimal", "walk")

    def __init__(self, level: str, *, seconds=None, killer=None, minimal: bool = True,
                 walk: bool = True):
        if level not in LABELS:
            raise GenerationError(f"level {level!r}: the sudokit scale's levels are "
                                  f"{', '.join(LABELS)}")
        if seconds is not None and not (isinstance(seconds, (int, float))
                                        and not isinstance(seconds, bool) and seconds > 0):
            raise GenerationError(f"seconds must be a positive number, not {seconds!r}")
        self.level, self.seconds, self.killer = level, seconds, killer
        self.minimal = bool(minimal)
        self.walk = bool(walk)

    @property
    def tier(self) -> int:
        return LABELS.index(self.level) + 1

    def key(self) -> tuple:
        return (self.level, self.seconds, self.killer, self.minimal, self.walk)

    def __eq__(self, other) -> bool:
        return isinstance(other, Level) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"Level({self.level!r})"

    def __str__(self) -> str:
        return f"the sudokit scale's level {self.level}"

    def check_geometry(self, geom: Geometry) -> None:
        """GenerationError for grids beyond BIG_SIZE (16x16), and for minimal puzzles and
        killers beyond 9x9: the walk over minimal puzzles (thousands of uniqueness checks)
        and a killer's cage walk are too slow there.  12x12 and 16x16 come by the fill and
        the dig alone (measured: 12x12 at every level in 0.1-11 s, 16x16 easy to hard in
        0.3-4 s, expert up to 37 s, extreme for 1 seed of 3 in 36 s; benchmarks/README.md)."""
        if geom.size > BIG_SIZE:
            raise GenerationError(f"puzzles aimed at a level are made up to 16x16, not "
                                  f"{_label(geom)}")
        if geom.size > 9 and (self.minimal or self.killer is not None):
            what = "killers" if self.killer is not None else "minimal puzzles"
            raise GenerationError(f"{what} aimed at a level are made up to 9x9, not "
                                  f"{_label(geom)}; 12x12 and 16x16 puzzles at a level have "
                                  f"more givens than they need (leave out --minimal)")

    def distance(self, puzzle) -> float:
        """0.0 when the puzzle's sudokit label is the level; else how far its number lies
        outside [tier, tier + 1) (see the module doc).  GenerationError when the time of
        the puzzle's search has run out.

        The logical path runs with the techniques up to the level's tier only (below
        extreme): it is the whole path as far as it goes (the ladder tries the easiest
        first), so a path it solves is rated exactly, and a path it cannot finish needs a
        harder tier: the distance is then 0.01 plus up to 0.49 for the share of empty cells
        it leaves (the walk goes towards puzzles it nearly solves), never a costly forcing
        chain for a goal below extreme."""
        return self._measure(puzzle)[0]

    walk_distance = distance

    def _measure(self, puzzle, solution=None, cap=None):
        """(distance, the logical path with the techniques up to the level's tier);
        solution: the puzzle's one solution when known (spares logic its proof); cap:
        seconds for this path (a killer walk's candidate at extreme), after which the
        puzzle counts as too hard (distance 1.0, a path of status 'time-limit')."""
        from ..logic import State, steps
        from ..logic.ladder import ladder
        from .scale import rating_of, tier_of
        upto = None if self.tier == len(LABELS) else \
            [t.id for t in ladder() if tier_of(t.rank) <= self.tier]
        if not puzzle.is_legal():
            return 10.0, None
        state = State.of(puzzle)
        if solution is not None:
            state._cache["solution"] = tuple(solution)
        path = steps(state, techniques=upto, time_limit=cap)
        r = rating_of(path)
        if r.status == "limit" and cap is not None:
            left = _budget.remaining()
            if left is None or left > 0:
                return 1.0, path  # (the cap ran out, not the puzzle's time: too hard)
        if r.status == "limit":
            what = "killer" if self.killer is not None else "puzzle"
            raise GenerationError(f"no {_label(puzzle.geometry)} {what} at {self} within "
                                  f"{self._seconds():g} s of logic; give more time "
                                  f"(--time-limit) or choose another level")
        if r.status == "rated":
            if r.level == self.level:
                return 0.0, path
            x = r.number
        elif r.status == "stuck":
            if upto is None:
                x = _STUCK
            else:  # needs a tier above the level's
                empty = sum(1 for v in puzzle.values if not v) or 1
                left = sum(1 for v in path.state.values if not v)
                return round(0.01 + 0.49 * left / empty, 3), path
        else:  # (a walk's puzzles are unique and legal)
            return 10.0, path
        d = max(0.0, self.tier - x) + max(0.0, x - (self.tier + 0.99))
        return max(round(d, 2), 0.01), path

    def _seconds(self) -> float:
        return SECONDS if self.seconds is None else float(self.seconds)

    def make(self, geom: Geometry, symmetry: str, clues, seed, index: int, engine: str):
        """Puzzle number index of the stream named by seed at the level (a Generated)."""
        from ..generate_target import make_aimed
        with _budget.time_limit(self._seconds()):
            if self.killer is not None:
                made = self._make_killer(geom, seed, index, engine)
            else:
                made = None if self.minimal else \
                    self._by_givens(geom, symmetry, clues, seed, index, engine)
                if made is None and not self.walk and not self.minimal:
                    raise GenerationError(f"no {_label(geom)} puzzle at {self} by adding "
                                          f"givens (walk=False)")
                if made is None and geom.size > 9:
                    raise GenerationError(f"no {_label(geom)} puzzle at {self} by adding or "
                                          f"taking out givens (the walk over minimal puzzles "
                                          f"is for grids up to 9x9); give more time "
                                          f"(--time-limit) or choose another level")
                if made is None:
                    made = make_aimed(geom, symmetry, clues, seed, index, engine, self)
            again = rate_scale(made.puzzle)  # rated again, whole: the label is the level
            if again.status == "limit":
                self.distance(made.puzzle)  # (GenerationError: the time ran out)
            if again.level != self.level:
                raise AssertionError(f"a puzzle made at {self} rates {again}: please report "
                                     f"this bug")
            return made

    def _by_givens(self, geom: Geometry, symmetry: str, clues, seed, index: int,
                   engine: str):
        """A puzzle at the level, not minimal, or None: FILL_TRIES times, a fill
        (_fill_once) then DIGS_PER_FILL digs (_dig_once), each from its own seed; the
        first kept."""
        from ..generate import orbits
        from ..generate_target import _Checks
        from ..grid import Grid
        shape = geom.shape if geom.is_classic else geom.display_shape
        variant = None if geom.is_classic else geom
        cells = orbits(geom if not geom.is_classic else geom.shape, symmetry)
        checks = _Checks(geom, engine)
        tries = []
        for k in range(FILL_TRIES):
            tries.append((self._fill_once, k))
            tries.extend((self._dig_once, k * DIGS_PER_FILL + j) for j in range(DIGS_PER_FILL))
        for way, attempt in tries:
            got = way(geom, symmetry, seed, index, engine, attempt, cells, shape, variant,
                      checks)
            if got is None:
                continue
            start, values = got
            n = sum(1 for v in values if v)
            if clues is not None and not clues[0] <= n <= clues[1]:
                continue
            return dataclasses.replace(
                start, puzzle=Grid._trusted(tuple(values), shape, variant), clues=n,
                seed=seed, index=index, minimal=False, clue_range=clues, target=self,
                guesses=checks.guesses(bytes(values)))
        return None

    def _fill_once(self, geom, symmetry, seed, index, engine, attempt, cells, shape, variant,
                   checks):
        """(the generated puzzle, its values at the level) or None: from a puzzle of the
        plain generator (minimal=False: nearly minimal), while logic with the techniques up
        to the level's tier is stuck, the solution's values go in at a random clue orbit
        among the cells it left empty (where one makes the puzzle too easy, it goes out
        again and the next of up to FILL_CHOICES orbits is tried: adding givens only makes
        a puzzle easier)."""
        from ..generate import _make
        from ..grid import Grid
        start = _make(geom, symmetry, False, None, f"{seed}:{index}:fill:{attempt}", 0,
                      engine)
        rng = random.Random(f"sudokit:level:{seed}:{index}:{attempt}")
        values, sol = list(start.puzzle.values), start.solution.values
        d, path = self._measure(Grid._trusted(tuple(values), shape, variant), sol)
        while d != 0:
            if path is None or path.status != "stuck" or d >= 10:
                return None  # below the level (or no path): more givens cannot help
            left = [o for o in cells if any(not path.state.values[c] for c in o)]
            rng.shuffle(left)
            for o in left[:FILL_CHOICES]:  # one orbit in; one that overshoots goes out
                for c in o:
                    values[c] = sol[c]
                d, after = self._measure(Grid._trusted(tuple(values), shape, variant), sol)
                if d == 0 or (after is not None and after.status == "stuck" and d < 10):
                    path = after
                    break
                for c in o:
                    values[c] = 0
            else:
                return None
        return start, values

    def _dig_once(self, geom, symmetry, seed, index, engine, attempt, cells, shape, variant,
                  checks):
        """(the generated grid, its values at the level) or None: from a random full grid of
        the geometry, clue orbits come out in a random order, each kept out when the puzzle
        keeps one solution and its path with the techniques up to the level's tier is not
        stuck (at or below the level; once at the level, only at it).  Where no orbit can
        come out and the level was not reached, the last DIG_BACK orbits taken go back in
        and another order is tried, DIG_ROUNDS digs in all.  Removing givens never makes a
        path easier, so each dig ends."""
        from ..engine import _backend
        from ..generate import Generated, _fill_any
        from ..grid import Grid
        rng = random.Random(f"sudokit:level:{seed}:{index}:dig:{attempt}")
        sol = _fill_any(geom, rng, _backend.tables(geom))
        values, taken = list(sol), []
        for _ in range(DIG_ROUNDS):
            order = [o for o in cells if values[o[0]]]
            rng.shuffle(order)
            at = False
            for o in order:
                for c in o:
                    values[c] = 0
                keep = checks.unique(values)
                if keep:
                    d, path = self._measure(Grid._trusted(tuple(values), shape, variant), sol)
                    if d == 0:
                        at = True
                    elif at or path is None or path.status == "stuck" or d >= 10:
                        keep = False  # (above the level, or left it)
                if keep:
                    taken.append(o)
                else:
                    for c in o:
                        values[c] = sol[c]
            if at:
                solution = Grid._trusted(tuple(sol), shape, variant)
                start = Generated(puzzle=solution, solution=solution, clues=0, guesses=0,
                                  seed=seed, index=index, symmetry=symmetry, minimal=False,
                                  engine=engine)
                return start, values
            for o in taken[-DIG_BACK:]:
                for c in o:
                    values[c] = sol[c]
            del taken[-DIG_BACK:]
        return None

    def _make_killer(self, geom: Geometry, seed, index: int, engine: str):
        """Killer number index at the level: cut (generate's _make_killer), then walked
        (_walk_killer); the next cut when a walk ends elsewhere."""
        from ..generate import _make_killer
        from ..geometry import _cages
        base = _cages.base_of(geom)  # (remake hands back the killer's own geometry)
        for k in range(KILLER_TRIES):
            try:
                got = _make_killer(base, self.killer, f"{seed}:level:{k}", index, engine)
            except GenerationError:  # (no unique cut from this solution: the next one)
                continue
            rng = random.Random(f"sudokit:level:{seed}:{index}:{k}:walk")
            puzzle = self._walk_killer(base, got, rng, engine)
            if puzzle is not None:  # (guesses: the walked killer's own count-to-2 search)
                from ..generate import solver
                guesses = solver.other_solution(bytes(base.ncells), puzzle.geometry, engine,
                                                bytes(got.solution.values))[2]
                from ..grid import Grid
                solution = Grid._trusted(got.solution.values, got.solution.shape,
                                         puzzle.geometry)  # (of the walked cages)
                return dataclasses.replace(got, puzzle=puzzle, solution=solution, seed=seed,
                                           index=index, target=self, killer=None,
                                           guesses=guesses)
        raise GenerationError(f"no {_label(base)} killer at {self} in {KILLER_TRIES} cuts; "
                              f"choose another level")

    def _walk_killer(self, base: Geometry, got, rng, engine: str):
        """The killer walked to the level, or None.  While it is too hard (logic up to the
        level's tier stuck, or a number above it) a cage is cut in two, one holding a cell
        logic left empty if it can: more sums, one solution still, never harder.  While it
        is too easy, two neighbouring cages join (fewer sums), kept when one solution is left
        and it is not too hard; of KILLER_MERGES joins tried, the first so kept is taken.
        As a classic generator takes givens out while the puzzle stays at or below its
        level: each move only goes one way, so the walk ends."""
        from ..generate import solver
        from ..geometry import _cages
        from ..grid import Grid
        lo, hi, _ = self.killer
        n, sol = base.size, bytes(got.solution.values)
        empty, shape = bytes(base.ncells), got.puzzle.shape

        def puzzle_of(cages):
            geom = base.with_constraints(*[("killer", tuple(c), sum(sol[x] for x in c))
                                           for c in cages])
            return Grid._trusted(tuple(empty), shape, geom)

        cages = _cages.cages_of(got.puzzle.geometry)
        puzzle = got.puzzle
        cap = KILLER_CAP_SECONDS if self.tier == len(LABELS) else None
        d, path = self._measure(puzzle, sol, cap)
        while d != 0:
            if self._too_hard(path):
                left = [c for c, v in enumerate(path.state.values) if not v]
                cages = _cages.split(cages, n, rng, lo, left)
                if cages is None:
                    return None
                puzzle = puzzle_of(cages)
                d, path = self._measure(puzzle, sol, cap)
                continue
            for i, j in _cages.merges(cages, sol, n, hi, rng)[:KILLER_MERGES]:
                joined = cages[:i] + cages[i + 1:j] + cages[j + 1:] + \
                    [sorted(cages[i] + cages[j])]
                candidate = puzzle_of(joined)
                if solver.other_solution(empty, candidate.geometry, engine, sol)[0] != 1:
                    continue
                d2, path2 = self._measure(candidate, sol, cap)
                if d2 == 0 or not self._too_hard(path2):
                    cages, puzzle, d, path = joined, candidate, d2, path2
                    break
            else:
                return None
        return puzzle

    def _too_hard(self, path) -> bool:
        """True when a measured path needs more than the level: stuck with the techniques
        up to the level's tier, or rated above it."""
        from .scale import rating_of
        if path is None:
            return False
        if path.status in ("stuck", "time-limit"):
            return True
        r = rating_of(path)
        return r.number is not None and r.number >= self.tier + 1


def iter_level(level: str, *, killer=None, seconds=None, **options):
    """Yield puzzles at a level of the sudokit scale, lazily: generate()'s options (count,
    seed, jobs, symmetry, minimal, clues, box, geometry, engine); minimal=False (the
    default) lets a puzzle have more givens than it needs, True keeps to minimal ones (the
    walk alone); killer: True or a dict as generate's (then no symmetry, minimal or
    clues).  GenerationError names a bad option,
    or a level not reached within the walk's budget or seconds of logic per puzzle."""
    from ..generate import _geometry_of, iter_generate
    target = Level(level, seconds=seconds, minimal=bool(options.get("minimal")))
    if killer is not None:
        from ..errors import GeometryError
        from ..geometry import _cages
        geom = _geometry_of(options.get("box"), options.get("geometry"))
        placed = (options.get("symmetry", "none") != "none" or options.get("minimal")
                  or options.get("clues") is not None)
        try:
            spec = _cages.spec(killer, geom, placed)
        except GeometryError as exc:
            raise GenerationError(str(exc)) from None
        target = Level(level, seconds=seconds, killer=spec)
        if options.get("engine") in (None, "auto"):
            options["engine"] = "learn"  # (as generate's killers)
    return iter_generate(target=target, **options)


def at_level(level: str, **options) -> list:
    """The list of iter_level(level, **options)."""
    return list(iter_level(level, **options))
