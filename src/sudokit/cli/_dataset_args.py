"""The parsers of verify, dedupe, augment and stats, without the machinery behind them.

``sudokit --help`` defines every command; this module lets it do so without importing
sudokit.cli.dataset (formats, the solver, symmetry ...): sudokit.cli gives each command a
``run`` that imports that module when the command runs.
"""

from __future__ import annotations

from ._argtypes import positive_int as _positive
from ..engine import ENGINES
from ._common import add_batch_options, declare_files

_INPUT = ("Input: one 9x9 puzzle per line (81 of 1-9, '.' or '0'), optionally followed by its "
          "solution after ',' ':' TAB or space; '#' comment lines and blank lines are "
          "dropped (as solve drops them), a header line passes through.  A bad line is echoed with TAB 'error' and explained on stderr; the "
          "exit status is then 1 (3 for an I/O error).")


def define(subparsers, runs: dict) -> None:
    """Define ``sudokit verify``, ``dedupe``, ``augment`` and ``stats``; runs: name -> run."""
    p = subparsers.add_parser(
        "verify", help="check each puzzle's solution exactly",
        description="Print 'puzzle<TAB>ok' or 'puzzle<TAB>bad: <reason>' for each puzzle,solution "
                    "line (Kaggle CSV 'quizzes,solutions' with its header reads too).  " + _INPUT)
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    add_batch_options(p, columns=False)
    p.set_defaults(run=runs["verify"])
    declare_files(p, reads=("file",), writes=())

    p = subparsers.add_parser(
        "dedupe", help="drop puzzles equivalent to an earlier one",
        description="Print the lines whose puzzle is not a symmetry transform (relabelling, "
                    "transposition, row/col/band/stack swaps) of an earlier one, in input order; "
                    "'kept K of N (D duplicates)' on stderr.  " + _INPUT)
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    p.set_defaults(run=runs["dedupe"])
    declare_files(p, reads=("file",), writes=())

    p = subparsers.add_parser(
        "augment", help="random symmetry transforms of each puzzle (and solution)",
        description="Print COUNT lines 'puzzle[,solution],<transform JSON>' per input line: "
                    "random transforms, the solution moved with its puzzle.  Reproducible: line "
                    "L draws from a stream seeded by (SEED, L).  " + _INPUT)
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    p.add_argument("--count", type=_positive, default=1, metavar="K",
                   help="transforms per puzzle (default 1)")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="random seed (default: drawn, and printed on stderr)")
    p.set_defaults(run=runs["augment"])
    declare_files(p, reads=("file",), writes=())

    p = subparsers.add_parser(
        "stats", help="clues, solution count and search effort per puzzle",
        description="Print a TSV table 'line clues count guesses verdict' (count up to 2; "
                    "guesses = search nodes of the engine) and a summary on stderr naming the "
                    "engine.  Each engine counts its own nodes: 'auto' is fast9 with the C "
                    "kernels (few guesses, its own heuristics) and propagate in pure Python, so "
                    "the column differs between the two backends; --engine propagate (or "
                    "backtrack, dlx) gives the same figures on both.  " + _INPUT)
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="the engine whose search nodes fill 'guesses' (default auto)")
    p.add_argument("--node-limit", type=_positive, default=None, metavar="N",
                   help="stop each search after N nodes (verdict 'limit')")
    p.set_defaults(run=runs["stats"])
    declare_files(p, reads=("file",), writes=())
