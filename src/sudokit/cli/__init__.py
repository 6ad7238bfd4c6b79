"""The ``sudokit`` command: argument parsing and printing only; the work is the library.

    sudokit solve   [FILE ...]      a solution per puzzle, in the input's notation (or --to)
    sudokit check   [FILE ...]      a verdict per puzzle
    sudokit count   [FILE ...]      a solution count per puzzle (up to --limit)
    sudokit convert [FILE ...] --to FORMAT
    sudokit judge   DIALECT [FILE]  a judge's input in, exactly its expected output out
    sudokit hint    [FILE ...]      the next logical step of each puzzle (or pencil marks)
    sudokit explain [FILE ...]      the whole logical path, one step a line
    sudokit rate    [FILE ...]      Sudoku Explainer ratings (ER/EP/ED), HoDoKu levels
    sudokit generate | canon | verify | dedupe | augment | stats
    sudokit render  [FILE ...] -o OUT.svg|OUT.png|OUT.pdf   pictures, or a PDF booklet
    sudokit serve                   a local web page to play, check, solve and get hints

One module per command family: records (solve, check, count, convert; big inputs and tables
in big), logic (hint, explain), rate, judge, generate, canon, dataset (verify, dedupe,
augment, stats), render (pictures and booklets), serve (the web page); _common holds what
they share.  Each family defines its parser and a ``run(args, out, err) -> status``;
the machinery behind a family is imported only when that family runs, so ``sudokit --help``
and one puzzle stay quick.

Conventions: stdin when no FILE or ``-``; results on stdout in input order, exactly one
output record per input record (never dropped: a record that fails carries a status);
diagnostics on stderr, naming the source, line and column.  Exit status: 0 all fine,
1 some record had a data problem, 2 usage, 3 I/O error, 130 interrupted (after writing
what was done).  No output is one of the inputs (refused before anything is opened, exit
status 2), and every output file is written under a temporary name and renamed into place
when the run ends: a failed run leaves the old file as it was (see _common.refuse_overlaps
and sudokit.records._atomic).  A closed output pipe (``| head -1``) ends the run quietly with status 0.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__
from ..errors import WorkerError
from .records import options_for
from ._common import (EXIT_INTERRUPT, EXIT_IO, EXIT_OK, EXIT_USAGE, HelpFormatter,
                      _flush_quietly, _open_output, _para, _silence_stdout, _UsageError,
                      _WriteError, finish_pending, refuse_output_over_input)

__all__ = ["main", "build_parser", "options_for"]

EPILOG_MAIN = """\
examples:
  sudokit solve examples/puzzles.txt            one solution line per puzzle line
  sudokit solve --to block < examples/puzzle.sdk   any format in, 9 rows out
  sudokit solve --box 2x3 examples/six.txt       6x6 grids with 2-row, 3-column boxes
  sudokit check examples/puzzles.txt | cut -f2 | sort | uniq -c
  sudokit count --limit 10 examples/counts.txt
  sudokit convert --to json examples/16x16.txt
  sudokit judge poj3074 < examples/poj3074.txt > output.txt

exit status: 0 all fine, 1 some record had a data problem, 2 usage error,
3 I/O error (e.g. a missing file), 130 interrupted.
Run 'sudokit COMMAND --help' for the options of a command."""




# every command and the family (module) that defines it (tests/test_imports.py checks them)
COMMAND_FAMILIES = {"solve": "records", "check": "records", "count": "records",
                    "convert": "records", "judge": "judge", "generate": "generate",
                    "canon": "canon", "verify": "dataset", "dedupe": "dataset",
                    "augment": "dataset", "stats": "dataset", "hint": "logic",
                    "explain": "logic", "rate": "rate", "render": "render", "serve": "serve"}


# the families whose module defines their commands, in the order --help lists them, and
# the function each does it with (the dataset family's parsers are in _dataset_args, below)
_DEFINERS = (("records", "add_parsers"), ("logic", "add_parsers"), ("rate", "add_parser"),
             ("judge", "add_parser"), ("generate", "add_parser"), ("canon", "add_parser"),
             ("render", "add_parser"), ("serve", "add_parser"))


def build_parser(*, command: str | None = None) -> argparse.ArgumentParser:
    """Return the argparse parser of the sudokit command.

    command: define that command only (what a run of it parses, the same way: its options,
    usage and errors do not depend on the other commands); None defines them all.  Every
    parser defined costs its argparse set-up (~0.5 ms each), which a one-puzzle run need
    not pay eleven times.
    """
    fmt = HelpFormatter
    parser = argparse.ArgumentParser(
        prog="sudokit", formatter_class=fmt, epilog=EPILOG_MAIN,
        description=_para("Solve, check, count and convert Sudoku puzzles of every size."))
    parser.add_argument("--version", action="version", version=f"sudokit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    family = None  # all
    if command is not None:
        if command not in COMMAND_FAMILIES:
            raise ValueError(f"no sudokit command {command!r}")
        sub = _OnlyOne(sub, command)
        family = COMMAND_FAMILIES[command]
    for name, define in _DEFINERS:
        if family in (None, name):
            getattr(importlib.import_module(f".{name}", __name__), define)(sub)
    if family in (None, "dataset"):
        from . import _dataset_args
        _dataset_args.define(sub, {name: _dataset_run(name)
                                   for name in ("verify", "dedupe", "augment", "stats")})
    return parser


class _Skipped:
    """A parser build_parser(command=...) does not define: every call on it does nothing."""

    def __getattr__(self, name):
        return self._nothing

    def _nothing(self, *args, **kwargs):
        return self


class _OnlyOne:
    """The subparsers of build_parser(command=...): defines that command, skips the others."""

    def __init__(self, sub, command: str):
        self.sub, self.command = sub, command

    def add_parser(self, name: str, **kwargs):
        return self.sub.add_parser(name, **kwargs) if name == self.command else _Skipped()


def _dataset_run(name: str):
    """The run function of a dataset command, importing sudokit.cli.dataset when called."""
    def run(args, out, err) -> int:
        from . import dataset
        return getattr(dataset, f"run_{name}")(args, out, err)
    return run


def main(argv: list[str] | None = None) -> int:
    """Run the sudokit command line; return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    # `sudokit COMMAND ...` parses as the full parser would with that command alone defined
    parser = build_parser(command=argv[0] if argv and argv[0] in COMMAND_FAMILIES else None)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    err = sys.stderr
    out_stream = None
    args.pending = pending = []  # the run's output files, written under temporary names
    keep = False                 # ... renamed into place when it ends (or is interrupted)
    code = EXIT_IO
    previous = _on_sigterm()
    try:
        _cap_jobs(args, err)
        refuse_output_over_input(args)
        try:
            out_stream = sys.stdout if getattr(args, "opens_output", False) else \
                _open_output(getattr(args, "output", None), args.command, pending)
        except OSError as exc:
            err.write(f"sudokit: cannot write {args.output!r}: {exc.strerror or exc}\n")
            return EXIT_IO
        if out_stream is sys.stdout:
            try:
                sys.stdout.reconfigure(errors="surrogateescape")
            except (AttributeError, ValueError):
                pass
        code = args.run(args, out_stream, err)
        keep = True
    except _UsageError as exc:
        parser.exit(EXIT_USAGE, f"sudokit {args.command}: error: {exc}\n")
    except WorkerError as exc:
        _flush_quietly(out_stream)
        err.write(f"sudokit: {exc}\n")
        return EXIT_IO
    except Terminated:  # (what was done is written: the partial output is kept)
        _flush_quietly(out_stream)
        err.write("sudokit: terminated\n")
        keep, code = True, EXIT_TERMINATED
    except KeyboardInterrupt:
        _flush_quietly(out_stream)
        err.write("sudokit: interrupted\n")
        keep, code = True, EXIT_INTERRUPT
    except BrokenPipeError:
        _silence_stdout()
        keep, code = True, EXIT_OK
    except (_WriteError, OSError) as exc:  # writing failed: disk full, ...
        exc = exc.args[0] if isinstance(exc, _WriteError) else exc
        err.write(f"sudokit: write error: {exc.strerror or exc}\n")
        _silence_stdout()
        return EXIT_IO
    finally:
        if out_stream is not None and out_stream is not sys.stdout and \
                all(out_stream is not p.file for p in pending):
            try:
                out_stream.close()
            except OSError:
                pass
        try:  # kept: renamed over the targets; otherwise removed, the targets untouched
            finish_pending(pending, keep)
        except OSError as exc:
            if keep:
                err.write(f"sudokit: write error: {exc.strerror or exc}\n")
                keep, code = False, EXIT_IO
        _restore_sigterm(previous)
    if code in (EXIT_INTERRUPT, EXIT_TERMINATED):
        return code
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:
        err.write(f"sudokit: write error: {exc.strerror or exc}\n")
        _silence_stdout()
        return EXIT_IO
    return code


class Terminated(KeyboardInterrupt):
    """SIGTERM: stop like Ctrl-C (workers stopped, finished records written), exit 143."""


EXIT_TERMINATED = 128 + 15


def _raise_terminated(signum, frame):
    raise Terminated()


def _on_sigterm():
    """Turn SIGTERM into Terminated for this run (main thread only); return what was there."""
    import signal
    try:
        return signal.signal(signal.SIGTERM, _raise_terminated)
    except (ValueError, OSError, AttributeError):  # not the main thread, or no SIGTERM
        return None


def _restore_sigterm(previous) -> None:
    if previous is not None:
        import signal
        try:
            signal.signal(signal.SIGTERM, previous)
        except (ValueError, OSError):
            pass


def _cap_jobs(args, err) -> None:
    """--jobs beyond the CPUs this process may use only costs memory: cap it, with a note."""
    jobs = getattr(args, "jobs", None)
    if not isinstance(jobs, int) or jobs <= 1:
        return
    from ..records.pipeline import usable_cpus
    cpus = usable_cpus()
    if jobs > cpus:
        if not getattr(args, "quiet", False):
            err.write(f"sudokit: --jobs {jobs} is more than the {cpus} CPU(s) this process may "
                      f"use: running {cpus} worker(s)\n")
        args.jobs = cpus


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
