"""How hard is this puzzle?  Sudoku Explainer's ER / EP / ED and HoDoKu's level and score
for classic 9x9 puzzles; the sudokit scale (sudokit.rate.scale) for every other one.

    >>> from sudokit.rate import rate
    >>> r = rate("1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7.")
    >>> r.er, r.ep, r.ed, r.status
    (1.2, 1.2, 1.2, 'rated')

The SE numbers are those of Sudoku Explainer 1.2.1 as run by gsf's serate 1.2.1.3 (every
technique on, uniqueness techniques included), reproduced rule by rule from
docs/se-rating.md in sudokit.logic.se: SE's producers in SE's fixed order, the first hint
found applied, SE's scan orders, ratings and chain-length penalties.  The puzzle is rated
exactly as written: SE's ratings change under the Sudoku symmetries, so nothing is
canonicalised.

Statuses: 'rated' (one solution, the SE path reached it), 'impossible' (no solution: ER
20.0 as serate prints it), 'ambiguous' (several solutions), 'illegal' (givens clash),
'solved' (no empty cell), 'stuck' (one solution but SE's techniques stop: ER 20.0), 'limit'
(time_limit passed).  Ratings SE does not define for a status are None.

Every other puzzle (another size, jigsaw regions, X, killer cages, any variant rule) gets
the sudokit scale instead: a ``scale.ScaleRating`` (label easy .. extreme and a number, from
sudokit's own ladder; its ``scale`` field is 'sudokit').  SE and HoDoKu define nothing there.
"""

from __future__ import annotations

import time

from .._value import Value

__all__ = ["Rating", "rate", "STATUSES", "ScaleRating", "rate_scale"]

STATUSES = ("rated", "impossible", "ambiguous", "illegal", "solved", "stuck", "limit")


def _expand(spec: str, field) -> str:
    """spec with each '%x' replaced by field('x') (serate's format strings; a lone '%' at the
    end stays as it is).  Rating and the sudokit scale's ScaleRating format through it."""
    out, i = [], 0
    while i < len(spec):
        ch = spec[i]
        if ch == "%" and i + 1 < len(spec):
            out.append(field(spec[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class Rating(Value):
    """A puzzle's difficulty.

    er, ep, ed   SE's ratings as serate prints them (floats with one decimal), or None
    level        HoDoKu 2.2.0's level ('easy', 'medium', 'hard', 'unfair', 'extreme') or None
    score        HoDoKu's score (sum of its steps' scores) or None
    hardest      the name of the SE technique that set ER ('' if none)
    steps        the number of SE steps applied
    status       one of STATUSES
    """

    __slots__ = ("er", "ep", "ed", "level", "score", "hardest", "steps", "status")

    def __init__(self, er, ep, ed, level=None, score=None, hardest="", steps=0,
                 status="rated"):
        if status not in STATUSES:
            raise ValueError(f"status is one of {STATUSES}, not {status!r}")
        _set = object.__setattr__
        for name, value in (("er", er), ("ep", ep), ("ed", ed), ("level", level),
                            ("score", score), ("hardest", hardest), ("steps", steps),
                            ("status", status)):
            _set(self, name, value)

    def format(self, spec: str = "%g ED=%r/%p/%d", puzzle: str = "") -> str:
        """serate-style formatting: %g puzzle, %r ER, %p EP, %d ED, %l HoDoKu level,
        %s HoDoKu score, %t status, %h hardest technique, %n steps, %c the rating in its
        scale's form ('ED=7.1/1.2/1.2' or the status, as serate prints it; the sudokit
        scale's 'sudokit-scale=hard/3.42' for other grids), %% a percent sign."""
        return _expand(spec, lambda code: self._field(code, puzzle))

    def _field(self, code: str, puzzle: str) -> str:
        def num(x):
            return "-" if x is None else f"{x:.1f}"
        if code == "g":
            return puzzle
        if code in "rpd":
            return num({"r": self.er, "p": self.ep, "d": self.ed}[code])
        if code == "l":
            return self.level or "-"
        if code == "s":
            return "-" if self.score is None else str(self.score)
        if code == "t":
            return self.status
        if code == "h":
            return self.hardest or "-"
        if code == "n":
            return str(self.steps)
        if code == "c":  # the rating in its scale's own form (the sudokit scale has its own)
            if self.status in ("rated", "stuck", "impossible"):
                return f"ED={num(self.er)}/{num(self.ep)}/{num(self.ed)}"
            return self.status
        if code == "%":
            return "%"
        raise ValueError(f"unknown format field %{code}")


def _grid_of(puzzle):
    """The Grid of a puzzle (str or Grid); ParseError for text that is no grid."""
    from ..grid import Grid
    return puzzle if isinstance(puzzle, Grid) else Grid(puzzle)


def _is_classic9(grid) -> bool:
    """Whether SE and HoDoKu define ratings for grid: classic 9x9 (3x3 boxes, no rule)."""
    return grid.size == 9 and grid.geometry.is_classic


def rate(puzzle, *, time_limit: float | None = None, hodoku: bool = True):
    """Rate a classic 9x9 puzzle (a line or a Grid) as serate and HoDoKu 2.2.0 do; any other
    puzzle (a Grid of another size or geometry) on the sudokit scale (a ScaleRating).

    time_limit: seconds for the SE path, or the logical path of the sudokit scale (status
    'limit' when passed).  hodoku: also compute HoDoKu's level and score (classic 9x9).
    Raises ParseError for text that is no grid; every other outcome is a Rating (or a
    ScaleRating) with a status (see the module doc).
    """
    from ..solver import Verdict, check
    from ..logic._budget import TimeLimitReached, seconds_of
    from ..logic.se.path import format_rating, se_path
    time_limit = seconds_of(time_limit)
    grid = _grid_of(puzzle)
    if not _is_classic9(grid):
        from .scale import rate_scale
        return rate_scale(grid, time_limit=time_limit)
    line = grid.to_line()
    if not grid.is_legal():
        return Rating(None, None, None, status="illegal")
    if all(ch != "." for ch in line):
        return Rating(None, None, None, status="solved")
    verdict = check(grid)
    if verdict == Verdict.IMPOSSIBLE:
        return Rating(20.0, 0.0, 0.0, status="impossible")
    if verdict != Verdict.UNIQUE:
        return Rating(None, None, None, status="ambiguous")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        path = se_path(line, deadline=deadline)
    except TimeLimitReached:
        return Rating(None, None, None, status="limit")
    level = score = None
    if hodoku:
        from ..logic.hodoku import hodoku_rating
        level, score = hodoku_rating(line)

    def tenth(x):
        return float(format_rating(x))
    return Rating(tenth(path.er), tenth(path.ep), tenth(path.ed), level, score,
                  path.hardest, path.steps, "stuck" if path.stuck else "rated")


def __getattr__(name):
    if name in ("ScaleRating", "rate_scale"):  # (sudokit.rate.scale, imported when used)
        from . import scale
        return getattr(scale, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _callable_package() -> None:
    """Make this package callable as rate(): ``import sudokit.rate`` binds the name
    sudokit.rate to the package (the import system does, after this module runs), and
    sudokit.rate(puzzle) must keep working then."""
    import sys
    import types

    class _RatePackage(types.ModuleType):
        def __call__(self, puzzle, **options):
            return rate(puzzle, **options)

    sys.modules[__name__].__class__ = _RatePackage


_callable_package()
