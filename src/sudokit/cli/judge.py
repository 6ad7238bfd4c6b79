"""sudokit judge DIALECT [FILE]: a judge problem's input in, exactly its expected output out."""

from __future__ import annotations

import argparse
from typing import TextIO

from ._common import EXIT_IO, HelpFormatter, _para, _UsageError, declare_files


def _dialect(text: str):
    from .. import judge as judges
    try:
        return judges.dialect(text)
    except KeyError as exc:
        raise argparse.ArgumentTypeError(exc.args[0]) from None


def _dialect_table() -> str:
    from .. import judge as judges
    rows = []
    for name, d in judges.DIALECTS.items():
        if name == d.name:
            alias = f" (alias: {', '.join(d.aliases)})" if d.aliases else ""
            rows.append(f"  {name:<13} {d.title}{alias}")
    return "\n".join(rows)



class _Intermixed(argparse.ArgumentParser):
    """A subcommand parser that takes its positionals anywhere among the options.

    Plain argparse gives ``judge poj3074 -o out in.txt`` no place for in.txt (the optional
    FILE is settled, empty, with DIALECT, before -o is seen); parse_known_intermixed_args
    reads options first, then the positionals.  It calls parse_known_args itself, hence the
    guard.  The parser of ``sudokit`` calls this one through its subparsers action.
    """

    _mixing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def add_parser(sub) -> None:
    """Define ``sudokit judge`` on an argparse subparsers object."""
    from ..engine import ENGINES
    fmt = HelpFormatter
    p = sub.add_parser(
        "judge", formatter_class=fmt, help="answer an online judge's input exactly",
        description=_para("Read a judge problem's input (stdin, or FILE) and write exactly the "
                          "output "
                    "that judge expects.  A case that cannot be read or has no solution keeps its "
                    "place in the output (a marker such as ERROR or NO SOLUTION, see "
                    "sudokit.judge) and its reason goes to stderr; the exit status is then 1."),
        epilog=None)
    p.add_argument("dialect", type=_dialect, metavar="DIALECT", help="a judge problem (list below)")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    p.add_argument("--engine", choices=ENGINES, default=None,
                   help="replace the dialect's technique by this engine")
    p.add_argument("-o", "--output", metavar="FILE", help="write the answers to FILE")
    p.set_defaults(run=run)
    declare_files(p, reads=("file",), writes=("output",))
    p.__class__ = _Intermixed  # FILE may follow the options (judge D -o out FILE)
    real = p.format_help

    def format_help() -> str:  # the dialect table needs sudokit.judge: built when shown
        if p.epilog is None:
            p.epilog = _EPILOG.format(table=_dialect_table())
        return real()
    p.format_help = format_help


_EPILOG = """dialects:
{table}

examples:
  sudokit judge poj3074 < input.txt
  printf '1\\n0\\n' | sudokit judge uva989
  sudokit judge uva10957 --engine dlx < grids.txt
"""


def run(args, out_stream: TextIO, err: TextIO) -> int:
    """Answer the judge input of args.file; return the exit status."""
    from .. import formats, judge as judges
    problem = judges.engine_problem(args.dialect, args.engine)
    if problem is not None:  # before any case is read
        raise _UsageError(problem)
    try:
        handle = formats.open_text(args.file)
    except OSError as exc:
        err.write(f"sudokit: cannot read {args.file!r}: {exc.strerror or exc}\n")
        return EXIT_IO
    try:
        return judges.run(args.dialect, handle, out_stream, err, engine=args.engine)
    finally:
        if args.file != "-":
            handle.close()
