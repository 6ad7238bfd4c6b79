"""Generation aimed at a level of the sudokit scale (sudokit.rate.scale), for every geometry.

    >>> from sudokit.generate_level import at_level
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

Killers have no givens to walk with: puzzle i is the first of KILLER_TRIES killers (cut as
``generate(killer=...)`` cuts them, from the seeds ``f"{seed}:level:{k}"``) whose label is
the level.

Every puzzle kept has been rated again whole by ``rate_scale`` (the distance is that
rating), so its label is the level asked for.  Reproducible: puzzle i depends only on
(seed, i, options), as in generate_target.  Bounded: besides the walk's own budget (WALKS
walks of MOVES idle moves), each puzzle has ``seconds`` (default SECONDS) of logic; when
they run out a GenerationError says so (a faster machine may find the puzzle: the puzzle it
finds is the same).
"""

from __future__ import annotations

import dataclasses

from .generate import GenerationError, _label
from .geometry import Geometry
from .logic import _budget
from .rate.scale import LABELS, TIERS, rate_scale

__all__ = ["Level", "at_level", "iter_level", "SECONDS", "KILLER_TRIES"]

SECONDS = 120.0     # logic time per puzzle (every rating of its search) before giving up
KILLER_TRIES = 40   # killers cut per puzzle before giving up
_STUCK = 6.0        # a stuck puzzle's place on the scale's numbers (above every label)


class Level:
    """A level of the sudokit scale to aim at: 'easy', 'medium', 'hard', 'expert' or
    'extreme'.  seconds: logic time per puzzle (None: SECONDS); killer: a killer spec
    (geometry._cages.spec: (lo, hi, cages)) to cut killers instead of walking givens."""

    __slots__ = ("level", "seconds", "killer")

    def __init__(self, level: str, *, seconds=None, killer=None):
        if level not in LABELS:
            raise GenerationError(f"level {level!r}: the sudokit scale's levels are "
                                  f"{', '.join(LABELS)}")
        if seconds is not None and not (isinstance(seconds, (int, float))
                                        and not isinstance(seconds, bool) and seconds > 0):
            raise GenerationError(f"seconds must be a positive number, not {seconds!r}")
        self.level, self.seconds, self.killer = level, seconds, killer

    @property
    def tier(self) -> int:
        return LABELS.index(self.level) + 1

    def key(self) -> tuple:
        return (self.level, self.seconds, self.killer)

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
        """GenerationError for grids beyond 9x9 (the walk's uniqueness checks are too slow
        there; the logical path too)."""
        if geom.size > 9:
            raise GenerationError(f"puzzles aimed at a level are made up to 9x9, not "
                                  f"{_label(geom)}")

    def distance(self, puzzle) -> float:
        """0.0 when the puzzle's sudokit label is the level; else how far its number lies
        outside [tier, tier + 1) (see the module doc).  GenerationError when the time of
        the puzzle's search has run out."""
        r = rate_scale(puzzle)
        if r.status == "limit":
            raise GenerationError(f"no {_label(puzzle.geometry)} puzzle at {self} within "
                                  f"{self._seconds():g} s of logic; give more time "
                                  f"(--time-limit) or choose another level")
        if r.status == "rated":
            if r.level == self.level:
                return 0.0
            x = r.number
        elif r.status == "stuck":
            x = _STUCK
        else:  # (a walk's puzzles are unique and legal)
            return 10.0
        d = max(0.0, self.tier - x) + max(0.0, x - (self.tier + 0.99))
        return max(round(d, 2), 0.01)

    walk_distance = distance

    def _seconds(self) -> float:
        return SECONDS if self.seconds is None else float(self.seconds)

    def make(self, geom: Geometry, symmetry: str, clues, seed, index: int, engine: str):
        """Puzzle number index of the stream named by seed at the level (a Generated)."""
        from .generate_target import make_aimed
        with _budget.time_limit(self._seconds()):
            if self.killer is not None:
                return self._make_killer(geom, seed, index, engine)
            return make_aimed(geom, symmetry, clues, seed, index, engine, self)

    def _make_killer(self, geom: Geometry, seed, index: int, engine: str):
        from .generate import _make_killer
        from .geometry import _cages
        base = _cages.base_of(geom)  # (remake hands back the killer's own geometry)
        for k in range(KILLER_TRIES):
            got = _make_killer(base, self.killer, f"{seed}:level:{k}", index, engine)
            if self.distance(got.puzzle) == 0:
                return dataclasses.replace(got, seed=seed, index=index, target=self,
                                           killer=None)
        raise GenerationError(f"no {_label(base)} killer at {self} in {KILLER_TRIES} cuts; "
                              f"choose another level")


def iter_level(level: str, *, killer=None, seconds=None, **options):
    """Yield puzzles at a level of the sudokit scale, lazily: generate()'s options (count,
    seed, jobs, symmetry, clues, box, geometry, engine); killer: True or a dict as
    generate's (then no symmetry, minimal or clues).  GenerationError names a bad option,
    or a level not reached within the walk's budget or seconds of logic per puzzle."""
    from .generate import _geometry_of, iter_generate
    target = Level(level, seconds=seconds)
    if killer is not None:
        from .errors import GeometryError
        from .geometry import _cages
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
