"""The logic commands: hint and explain (argument parsing only; sudokit.records._logic answers)."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..records import LOGIC_OUTPUTS
from ._common import HelpFormatter, _input_options, _para, _UsageError
from .records import _rules_options, run_records

_STATUS_HELP = """statuses (these are answers: exit status 0 unless a record is unreadable):
  solved        already solved, or logic reached the solution
  stuck         no enabled technique applies (try more techniques)
  limit         --max-steps reached
  time-limit    --time-limit ran out (explain keeps the steps found so far)
  illegal       the givens clash (a value repeats in a unit)
  impossible    the givens have no solution
  ambiguous     the givens have several solutions (logic needs a unique puzzle)
  inconsistent  the pencil marks or placed values contradict the puzzle (the message names
                the cell: a needed candidate removed, a wrong value, a cell with no candidate)
  error         the record could not be read (reason on stderr)"""


def _ids(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _common(p: argparse.ArgumentParser) -> None:
    _input_options(p, engine=False)
    _rules_options(p)
    p.add_argument("-t", "--to", choices=LOGIC_OUTPUTS, default="text",
                   help="text (default: one line per puzzle for hint) or json (one object "
                        "per line)")
    p.add_argument("--techniques", type=_ids, metavar="IDS",
                   help="use only these technique ids, comma-separated (see 'sudokit hint "
                        "--list')")
    p.add_argument("--exclude", type=_ids, default=[], metavar="IDS",
                   help="do not use these technique ids, e.g. --exclude x-wing,xy-chain")
    p.add_argument("--list", action="store_true",
                   help="list the techniques in the order they are tried, and stop")
    p.add_argument("--time-limit", type=_seconds, default=None, metavar="SECONDS",
                   help="give up on a record after SECONDS (status 'time-limit'; explain "
                        "keeps the steps found so far); default: no limit")
    p.set_defaults(run=run_logic)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a positive number of seconds, not {text!r}")
    return value


def add_parsers(sub) -> None:
    """Define hint and explain on an argparse subparsers object."""
    fmt = HelpFormatter
    p = sub.add_parser(
        "hint", formatter_class=fmt, help="the next logical step of each puzzle",
        description=_para("Write the next step a person would take for each puzzle or "
                          "pencil-mark state (e.g. a 729-character pencil-mark line): the "
                          "easiest technique that applies, what it proves and why.  One line "
                          "per input record: the puzzle, a TAB, the technique id, a TAB and "
                          "the explanation; or the puzzle, a TAB and a status."),
        epilog=_STATUS_HELP + """

examples:
  sudokit hint examples/puzzles.txt
  sudokit hint --to json --all < marks.txt          every step of the easiest kind
  sudokit hint --exclude x-wing,swordfish puzzle.txt
""")
    _common(p)
    p.add_argument("--all", dest="all_steps", action="store_true",
                   help="every step of the easiest technique that finds one")

    p = sub.add_parser(
        "explain", formatter_class=fmt, help="the whole logical path of each puzzle",
        description=_para("Write the logical path of each puzzle, one step a line: the "
                          "technique, what it proves and why, until the puzzle is solved or no "
                          "enabled technique applies.  --to json writes one object per "
                          "puzzle: {\"puzzle\", \"status\", \"steps\": [...]}."),
        epilog=_STATUS_HELP + """

examples:
  sudokit explain examples/puzzles.txt
  sudokit explain --grid-before x-wing,xy-wing puzzle.txt     the grid before those steps
  sudokit explain --to json big.txt --jobs 2 > paths.jsonl
""")
    _common(p)
    p.add_argument("--grid-before", type=_ids, default=[], metavar="IDS",
                   help="draw the pencil-mark grid before the steps of these technique ids "
                        "('all': before every step)")
    p.add_argument("--max-steps", type=int, default=None, metavar="N",
                   help="stop after N steps (status 'limit')")


def run_logic(args, out_stream: TextIO, err: TextIO) -> int:
    """Run hint or explain: check the logic options, then the record machinery."""
    from ..records._logic import LogicOptions
    if args.list:
        from ..logic import ladder
        for t in ladder():
            out_stream.write(f"{t.id}\t{t.name}\tSE {t.se:.1f}\t{t.level} {t.score}\n")
        return 0
    try:
        args.logic = LogicOptions(techniques=args.techniques, exclude=args.exclude,
                                  all_steps=getattr(args, "all_steps", False),
                                  grid_before=getattr(args, "grid_before", ()),
                                  max_steps=getattr(args, "max_steps", None),
                                  time_limit=args.time_limit)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    return run_records(args, out_stream, err)
