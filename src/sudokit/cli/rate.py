"""The rate command: Sudoku Explainer ratings, the sudokit scale for every other grid
(argument parsing only; sudokit.rate answers)."""

from __future__ import annotations

import argparse
from typing import TextIO

from ._common import (BINARY_KINDS, INPUT_FORMATS, TEXT_KINDS, HelpFormatter, _input_options,
                      _para, _table_output, _UsageError, table_kind)
from .records import _rules_options, run_records

_HELP = """output (one line per input record, in input order):
  <puzzle> ED=ER/EP/ED      serate's form, e.g. '... ED=7.1/1.2/1.2'; 20.0 for no solution
  <puzzle> STATUS           ambiguous (several solutions), illegal (givens clash), solved
                            (no empty cell), limit (--time-limit passed), error (unreadable)

every other grid (another size, --rules, --regions, X, jigsaw, killer, JSON or f-puzzles
with rules) is rated on the sudokit scale, sudokit's own (SE and HoDoKu rate classic 9x9
only): the hardest technique of sudokit's logical path and how often its tier is needed:
  <puzzle> sudokit-scale=LEVEL/NUMBER   LEVEL easy, medium, hard, expert, extreme; NUMBER
                            in [1, 6), larger is harder (docs/difficulty.md)
  <puzzle> sudokit-scale=STATUS         stuck (logic alone stops; one solution), limit,
                            ambiguous, impossible, illegal, solved
each such puzzle gets 60 s unless --time-limit says otherwise (then status limit).

--format fields: %g puzzle, %r ER, %p EP, %d ED, %l HoDoKu level, %s HoDoKu score,
%t status, %h hardest technique, %n steps, %c the rating as its scale writes it
('ED=7.1/1.2/1.2', 'sudokit-scale=hard/3.42'), %% a percent sign ('-' when not defined);
on the sudokit scale %l is its level and %s its number.

tables (CSV, TSV, JSON Lines, NPY, Parquet, Arrow; --col names the puzzle column):
each row keeps its fields and gains er, ep, ed, status (and level, score with --hodoku);
-o out.parquet / out.arrow writes a table (er, ep, ed as numbers, null when not rated).

examples:
  sudokit rate puzzles.txt
  sudokit rate --format '%r %p %d %l %s' --jobs 2 big.txt > ratings.txt
  sudokit rate --time-limit 60 hardest.txt --errors problems.jsonl
  sudokit rate --hodoku dataset.csv > rated.csv
  sudokit rate dataset.parquet -o rated.parquet --jobs 2
  sudokit rate --rules x x-puzzles.txt
  sudokit rate --to json killers.jsonl"""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text!r}")
    return value


def add_parser(sub) -> None:
    """Define rate on an argparse subparsers object."""
    p = sub.add_parser(
        "rate", formatter_class=HelpFormatter,
        help="Sudoku Explainer ratings (ER/EP/ED) and HoDoKu levels of each puzzle; the "
             "sudokit scale for variants",
        description=_para("Rate each classic 9x9 puzzle as Sudoku Explainer 1.2.1 (serate "
                          "1.2.1.3) does: ER, the hardest step of its path; EP, the hardest "
                          "up to the first placed value; ED, the first step.  HoDoKu 2.2.0's "
                          "level and score on demand (%l, %s).  Puzzles are rated exactly as "
                          "written (SE ratings change under symmetries).  Every other grid (size, "
                          "variant rules, jigsaw, killer) gets the sudokit scale instead."),
        epilog=_HELP)
    _input_options(p, engine=False)
    _rules_options(p)
    # serate's --format names output fields; the other commands' --format names the input
    # format: here a value with a '%' is the former, any other value the latter
    action = p._option_string_actions["--format"]
    action.choices, action.metavar = None, "FORMAT"
    action.help = ("output fields, serate-style (default '%%g ED=%%r/%%p/%%d'); a value "
                   "without '%%' names the input format instead: " + ", ".join(INPUT_FORMATS[1:]))
    p.add_argument("-t", "--to", dest="rate_to", choices=("text", "json"), default="text",
                   help="text (default) or json (one object per line)")
    p.add_argument("--hodoku", action="store_true",
                   help="add HoDoKu's level and score: columns of a table, or ' %%l %%s' at "
                        "the end of each line (unless --format places %%l or %%s itself)")
    p.add_argument("--time-limit", type=_seconds, default=None, metavar="SECONDS",
                   help="give up on a puzzle after SECONDS (status 'limit')")
    p.set_defaults(run=run_rate)


def run_rate(args, out_stream: TextIO, err: TextIO) -> int:
    """Run rate: check its options, then the record machinery."""
    from ..records._rate import RateOptions
    fmt = None
    if "%" in args.format:
        fmt, args.format = args.format, "auto"
    elif args.format not in INPUT_FORMATS:
        raise _UsageError(f"--format {args.format!r} is neither output fields (with '%') nor "
                          f"an input format ({', '.join(INPUT_FORMATS)})")
    names = args.files or ["-"]
    kinds = {table_kind(name, args) for name in names}
    table = None
    if kinds != {None}:
        if None in kinds or (kinds & set(TEXT_KINDS) and kinds & set(BINARY_KINDS)):
            raise _UsageError("rate answers CSV/TSV/JSON Lines tables with columns, and text "
                              "and NPY/Parquet/Arrow tables with lines (or -o a table): give "
                              "them in separate runs")
        args.table_key = "rate+hodoku" if args.hodoku else "rate"
        to_table = args.output not in (None, "-") and _table_output(args.output)
        if kinds <= set(TEXT_KINDS) or to_table:
            table = args.table_key
    if table is None and args.hodoku and args.rate_to != "json":
        from ..records._rate import HODOKU_FORMAT
        if fmt is None:
            fmt = HODOKU_FORMAT
        elif "%l" not in fmt and "%s" not in fmt:  # a format naming them places them itself
            fmt += " %l %s"
    try:
        args.logic = RateOptions(fmt=fmt, time_limit=args.time_limit,
                                 json=args.rate_to == "json", table=table)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    return run_records(args, out_stream, err)
