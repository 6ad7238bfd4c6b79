"""The record commands: solve, check, count, convert (argument parsing and driving only).

The answering is sudokit.records: one Options and one command per run (records._commands),
its output a records._drive.Writer, and one call, records._drive.run_inputs, that answers
every input (blocks of lines, tables, worker processes, or the streaming reader).
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ..records import OUTPUT_FORMATS
from ._common import (BINARY_KINDS, EXIT_DATA, EXIT_IO, EXIT_OK, STATUS_HELP, TEXT_KINDS,
                      HelpFormatter, _count_limit, _input_options, _NoText, _para, _UsageError,
                      finish_pending, open_pending, table_kind)

_FIELDS = ("format", "box", "alphabet", "engine", "node_limit", "unique", "limit", "to", "blank",
           "quiet", "logic")


def options_of(args: argparse.Namespace):
    """The records.Options of a parsed record command line."""
    from ..records._commands import Options
    given = {name: getattr(args, name) for name in _FIELDS if getattr(args, name, None) is not None}
    geom = geometry_of(args)
    if geom is not None:
        given["geometry"] = geom
    return Options(args.command, log=bool(getattr(args, "errors", None)), **given)


def _rules_options(p: argparse.ArgumentParser) -> None:
    from ..geometry import RULES
    p.add_argument("--rules", action="append", default=None, metavar="RULES",
                   help=f"variant rules added to the boxes, comma-separated: {', '.join(RULES)}"
                        f"; and constraints such as thermo(r1c1-r1c2-r1c3), white(r1c1-r1c2), "
                        f"black(..), x(..), v(..), whisper(..), palindrome(..)")
    p.add_argument("--regions", default=None, metavar="FILE",
                   help="a jigsaw's region map (N lines of N symbols naming each cell's "
                        "region): it replaces the boxes")


def geometry_of(args: argparse.Namespace):
    """The Geometry of --box, --rules and --regions, or None (the classic boxes).

    ValueError (GeometryError, ParseError) says what is wrong; OSError if FILE cannot be read.
    """
    rules = [r for item in (getattr(args, "rules", None) or []) for r in item.split(",")
             if r.strip()]
    path = getattr(args, "regions", None)
    if path is None and not rules:
        return None
    from .. import formats
    from ..geometry import boxes
    if path is not None:
        if args.box is not None:
            raise ValueError("--regions and --box both give the regions; give one of them")
        with open(path, encoding="utf-8") as f:
            base = formats.parse_regions(f.read())
    else:
        box = args.box
        base = boxes(box.box_rows, box.box_cols) if box is not None else boxes(3, 3)
    return base.with_rules(*rules)


def options_for(command: str, argv=()):
    """The records.Options that ``sudokit COMMAND ARGV`` would use (ValueError if they are bad)."""
    import contextlib
    import io
    from . import COMMAND_FAMILIES, build_parser
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            parser = build_parser(command=command if command in COMMAND_FAMILIES else None)
            args = parser.parse_args([command, *argv])
    except SystemExit:
        lines = said.getvalue().strip().splitlines()
        raise ValueError(lines[-1] if lines else f"bad options for {command}: {list(argv)}") from None
    if getattr(args, "run", None) is not run_records:
        raise ValueError(f"{command!r} is not a record command (solve, check, count, convert)")
    return options_of(args)


def add_parsers(sub) -> None:
    """Define solve, check, count and convert on an argparse subparsers object."""
    fmt = HelpFormatter
    p = sub.add_parser(
        "solve", formatter_class=fmt, help="solve each puzzle",
        description=_para("Write one solution per puzzle, in the input's own notation unless --to "
                    "names another.  A puzzle with several solutions gets the first one found "
                    "(use --unique to refuse it with status 'ambiguous')."),
        epilog=STATUS_HELP + """

examples:
  sudokit solve examples/puzzles.txt
  sudokit solve - < puzzles.txt > solutions.txt
  echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... \
    | sudokit solve
  sudokit solve --to block examples/16x16.txt
  sudokit solve --box 2x3 --to tokens examples/six.txt
  sudokit solve --unique --node-limit 100000 big.txt | awk -F'\\t' 'NF > 1'   # failures
""")
    _input_options(p)
    _rules_options(p)
    p.set_defaults(run=run_records)
    p.add_argument("-t", "--to", choices=OUTPUT_FORMATS,
                   help="output format (default: the input's format)")
    p.add_argument("--unique", action="store_true",
                   help="count to 2 and give an ambiguous puzzle the status 'ambiguous'")

    p = sub.add_parser(
        "check", formatter_class=fmt, help="the verdict of each puzzle",
        description=_para("Write one line per puzzle: the puzzle on one line, a TAB, and its "
                          "verdict: "
                    "illegal, unique, ambiguous, impossible, limit (node limit reached) or "
                    "error (unreadable; reason on stderr).  Exit status 1 only for error or "
                    "limit records: the other verdicts are answers."),
        epilog="""examples:
  sudokit check examples/puzzles.txt
  sudokit check examples/puzzles.txt | cut -f2 | sort | uniq -c
  sudokit check --box 2x3 examples/six.txt
  sudokit check --rules x,antiknight variants.txt   (X + anti-knight 9x9 puzzles)
  sudokit check --regions examples/jigsaw-map.txt examples/jigsaws.txt   (irregular regions)
  sudokit check --rules x examples/x.csv   (tables too: every row under X)
  sudokit check examples/rows.jsonl    (rows with their own "geometry", or f-puzzles rows)
""")
    _input_options(p)
    _rules_options(p)
    p.set_defaults(run=run_records)

    p = sub.add_parser(
        "count", formatter_class=fmt, help="count the solutions of each puzzle",
        description=_para("Write one line per puzzle: the puzzle on one line, a TAB, and the "
                          "number "
                    "of solutions.  Counting stops at --limit: a count that reached it is "
                    "written N+ (at least N).  'limit' means --node-limit stopped the search, "
                    "'error' that the record could not be read."),
        epilog="""examples:
  sudokit count examples/puzzles.txt
  echo ................ | sudokit count --limit 0          # empty 4x4: 288
  sudokit count --limit 2 --node-limit 1000000 big.txt
""")
    _input_options(p)
    _rules_options(p)
    p.set_defaults(run=run_records)
    p.add_argument("-l", "--limit", type=_count_limit, default=1000, metavar="N",
                   help="stop counting at N solutions (default 1000; 0: count them all)")

    p = sub.add_parser(
        "convert", formatter_class=fmt, help="rewrite puzzles in another format",
        description=_para("Rewrite every puzzle in the format named by --to.  An unreadable "
                          "record is "
                    "kept in its place with the status 'error', and so is a puzzle whose own "
                    "regions or rules (an f-puzzles, SudokuPad, Solo or killer record's, a "
                    "JSON record's geometry) the format cannot write: only json and fpuzzles "
                    "carry them."),
        epilog="""formats: line (one puzzle per line), block (N rows), tokens (N rows of integers),
json (one object per line), sdk, ss (Simple Sudoku), sdm (= line), pencilmarks
(N*N*N candidates per line), fpuzzles (f-puzzles JSON with its regions and rules, one
object per line; read: also indented objects, f-puzzles links and their lz-string text).

examples:
  sudokit convert --to block examples/puzzles.txt
  sudokit convert --to line < examples/puzzle.sdk
  sudokit convert --to tokens --box 2x3 examples/six.txt
  sudokit convert --to fpuzzles --regions examples/jigsaw-map.txt examples/jigsaws.txt
""")
    _input_options(p, engine=False)
    _rules_options(p)
    p.set_defaults(run=run_records)
    p.add_argument("-t", "--to", choices=OUTPUT_FORMATS, required=True, help="output format")
    p.add_argument("--blank", default=None, metavar="CHAR",
                   help="how empty cells are written (default '.', '0' for tokens)")



def run_records(args, out_stream: TextIO, err: TextIO) -> int:
    """Run solve, check, count or convert on every input; return the exit status."""
    from ..records._commands import command_for
    from ..records._drive import Writer, _stdin_is_tty, run_inputs
    from ..solver import engines
    interactive = _stdin_is_tty() and (not args.files or "-" in args.files)
    writer = Writer(out_stream, interactive)
    if getattr(args, "engine", None) and args.engine not in engines():
        raise _UsageError(f"engine {args.engine!r} is not available here "
                          f"(choose one of {', '.join(engines())})")
    try:
        options = options_of(args)
        if options.blank is not None:
            from ..symbols import check_blank
            check_blank(options.blank)  # (against the values too, record by record)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    except OSError as exc:
        err.write(f"sudokit: cannot read {args.regions!r}: {exc.strerror or exc}\n")
        return EXIT_IO
    command = command_for(options, writer, err)
    errors_path = getattr(args, "errors", None)
    if errors_path:
        try:  # line-buffered: each problem is in the (temporary) file as soon as it is found
            command.errors = open_pending(errors_path, args.pending, encoding="utf-8",
                                          buffering=1)
        except OSError as exc:  # nothing written yet: -o's file is dropped, the old one kept
            finish_pending(args.pending, keep=False)
            err.write(f"sudokit: cannot write {errors_path!r}: {exc.strerror or exc}\n")
            return EXIT_IO
    inputs = [(name, table_kind(name, args)) for name in args.files or ["-"]]
    if isinstance(out_stream, _NoText):
        for name, kind in inputs:
            if kind not in BINARY_KINDS:
                raise _UsageError(f"-o {out_stream.path}: a table output needs .npy, Parquet or "
                                  f"Arrow inputs; {name!r} is not one (write text instead)")
    io_error = run_inputs(command, inputs, args, err)
    if command.problems and not command.quiet and command.records > 1:
        err.write(f"sudokit: {command.problems} of {command.records} records had a problem\n")
    if io_error:
        return EXIT_IO
    return EXIT_DATA if command.problems else EXIT_OK


