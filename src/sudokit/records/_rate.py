"""The record command ``sudokit rate``: one rating line per input record (sudokit.records
drives it, so --jobs, --errors and the per-record diagnostics work as for solve).

    default      <puzzle> ED=<ER>/<EP>/<ED>            as serate prints it (rated, stuck,
                                                        impossible: 20.0/0.0/0.0)
                 <puzzle> <status>                      ambiguous, illegal, solved, limit
    --format F   F with %g puzzle, %r ER, %p EP, %d ED, %l HoDoKu level, %s HoDoKu score,
                 %t status, %h hardest technique, %n steps, %% ('-' for a missing number)
    --to json    {"puzzle", "status", "er", "ep", "ed", "level", "score", "hardest", "steps"}
    tables       CSV/TSV/JSON Lines/NPY/Parquet/Arrow inputs (sudokit.records._tablerows): the
                 columns er, ep, ed, status (and level, score with --hodoku) added to each
                 row; here each record answers as ``ER<TAB>EP<TAB>ED<TAB>status[...]``

Any other grid (size, jigsaw, X, killer, any rule) is rated on the sudokit scale
(sudokit.rate.scale), named in every answer: ``<puzzle> sudokit-scale=<level>/<number>``
(``sudokit-scale=<status>`` for stuck, limit, ambiguous ...); %c in --format gives that
field, %l the level and %s the number; JSON adds "scale": "sudokit", "number", "rank",
"hard_steps", "at_least" (for a limit: what its number is at least); a table row's level
and score columns (--hodoku) hold "sudokit:<level>" and the number.  Its logical path gets
SCALE_SECONDS unless --time-limit says otherwise.
"""

from __future__ import annotations

import json

from .._value import Value
from ._commands import _Command, one_line

__all__ = ["RateOptions", "RateCommand", "DEFAULT_FORMAT", "HODOKU_FORMAT", "TABLE_FORMAT"]

DEFAULT_FORMAT = "%g ED=%r/%p/%d"
HODOKU_FORMAT = DEFAULT_FORMAT + " %l %s"  # --hodoku on lines
TABLE_FORMAT = "%r\t%p\t%d\t%t"  # a table row's added columns (and \t%l\t%s: HoDoKu)
_RATED = ("rated", "stuck", "impossible")
SCALE_SECONDS = 60.0  # the sudokit scale's default time limit per puzzle (status 'limit')


class RateOptions(Value):
    """Options of a rate run: fmt (the --format string or None: serate's), time_limit
    (seconds per puzzle or None), json (one object per record), table (None, or 'rate' /
    'rate+hodoku': answer as the added columns of a table input, _tablerows.ADDED)."""

    __slots__ = __match_args__ = ("fmt", "time_limit", "json", "table")

    def __init__(self, fmt=None, time_limit=None, json=False, table=None):
        _set = object.__setattr__
        if table is not None:
            if table not in ("rate", "rate+hodoku"):
                raise ValueError(f"table is 'rate' or 'rate+hodoku', not {table!r}")
            if fmt is not None or json:
                raise ValueError("table inputs get the columns er, ep, ed, status (and level, "
                                 "score with --hodoku): --format fields and --to json are for "
                                 "text inputs")
        _set(self, "fmt", fmt)
        _set(self, "time_limit", time_limit)
        _set(self, "json", bool(json))
        _set(self, "table", table)
        if fmt is not None:
            from ..rate import Rating
            Rating(1.0, 1.0, 1.0).format(fmt)  # ValueError for an unknown field
        if time_limit is not None and not (isinstance(time_limit, (int, float))
                                           and time_limit > 0):
            raise ValueError(f"time_limit must be a positive number of seconds, "
                             f"not {time_limit!r}")

    @property
    def fields(self) -> str:
        """The format each rated record is written in (fmt, a table's columns, or serate's)."""
        if self.table is not None:
            return TABLE_FORMAT + ("\t%l\t%s" if self.table == "rate+hodoku" else "")
        return self.fmt or DEFAULT_FORMAT

    @property
    def hodoku(self) -> bool:
        """Whether HoDoKu's level and score are asked for (they cost a second path)."""
        return self.json or "%l" in self.fields or "%s" in self.fields

    def command(self, options, out, err):
        """The command object of a rate run (records.command_for asks here)."""
        return RateCommand(options, out, err)


class RateCommand(_Command):
    """rate: SE's ER/EP/ED (and HoDoKu's level/score on demand) per record."""

    name = "rate"
    limit = 1

    def __init__(self, options, out, err):
        super().__init__(options, out, err)
        self.rate_options = options.logic

    def handle(self, src, chunk: list, known: dict | None = None) -> None:
        from ..rate import rate
        from ..errors import ParseError
        ro = self.rate_options
        for rec in self.readable(src, self.fit(src, chunk)):  # (--rules, --regions)
            self.reading_note(src, rec)
            puzzle = one_line(rec.text)
            seconds = ro.time_limit
            if seconds is None and not (rec.grid.size == 9 and rec.grid.geometry.is_classic):
                seconds = SCALE_SECONDS  # (the sudokit scale: never a hang on a variant)
            try:
                rating = rate(rec.grid, time_limit=seconds, hodoku=ro.hodoku)
            except ParseError as exc:
                self.problem(src, rec, "error", str(exc))
                self.texts.append(self.failure(src, rec, "error", str(exc)))
                continue
            if rating.status == "limit":
                self.log(src, rec.line, "limit", f"no rating within {seconds:g} s")
            self.texts.append(self.reply(puzzle, rating))

    def reply(self, puzzle: str, rating) -> str:
        ro = self.rate_options
        if getattr(rating, "scale", None) == "sudokit":
            return self._reply_scale(puzzle, rating)
        if ro.json:
            obj = {"puzzle": puzzle, "status": rating.status, "er": rating.er,
                   "ep": rating.ep, "ed": rating.ed, "level": rating.level,
                   "score": rating.score, "hardest": rating.hardest, "steps": rating.steps}
            return json.dumps(obj) + "\n"
        if ro.fmt in (None, HODOKU_FORMAT) and ro.table is None and rating.status not in _RATED:
            return f"{puzzle} {rating.status}\n"
        return rating.format(ro.fields, puzzle) + "\n"

    def _reply_scale(self, puzzle: str, rating) -> str:
        """A sudokit-scale rating's line (see the module doc)."""
        ro = self.rate_options
        if ro.json:
            obj = {"puzzle": puzzle, "status": rating.status, "scale": rating.scale,
                   "level": rating.level, "number": rating.number, "hardest": rating.hardest,
                   "rank": rating.rank, "steps": rating.steps, "hard_steps": rating.hard_steps,
                   "at_least": rating.at_least, "er": None, "ep": None, "ed": None, "score": None}
            return json.dumps(obj) + "\n"
        if ro.table is not None:
            extra = ""
            if ro.table == "rate+hodoku":
                level = f"sudokit:{rating.level}" if rating.level else "-"
                extra = f"\t{level}\t{rating.format('%s')}"
            return f"-\t-\t-\t{rating.status}{extra}\n"
        if ro.fmt in (None, HODOKU_FORMAT):
            return f"{puzzle} {rating.text()}\n"
        return rating.format(ro.fmt, puzzle) + "\n"

    def failure(self, src, rec, status: str, reason) -> str:
        if self.rate_options.table is not None:  # no numbers: '-' (an empty column)
            extra = "\t-\t-" if self.rate_options.table == "rate+hodoku" else ""
            return f"-\t-\t-\t{status}{extra}\n"
        if self.rate_options.json:
            obj = {"puzzle": one_line(rec.text), "status": status, "line": rec.line}
            if reason:
                obj["error"] = reason
            return json.dumps(obj) + "\n"
        return f"{one_line(rec.text)} {status}\n"
