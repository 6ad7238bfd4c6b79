"""What every command of the command line shares: exit codes, option types, output writing."""

from __future__ import annotations

import argparse
import io
import os
import sys
from typing import TextIO

from ._argtypes import int_at_least, positive_int
from ..errors import ShapeError
from ..engine import ENGINES
from ..records import BINARY_KINDS, OUTPUT_FORMATS, TEXT_KINDS
from ..errors import WriteError as _WriteError
from ..shape import Shape


EXIT_OK, EXIT_DATA, EXIT_USAGE, EXIT_IO, EXIT_INTERRUPT = 0, 1, 2, 3, 130

TABLE_FORMATS = TEXT_KINDS + BINARY_KINDS
_TABLE_EXTENSIONS = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".jsonl": "jsonl",
                     ".ndjson": "jsonl", ".npy": "npy", ".parquet": "parquet", ".pq": "parquet",
                     ".arrow": "arrow", ".feather": "arrow", ".ipc": "arrow"}
INPUT_FORMATS = ("auto",) + OUTPUT_FORMATS + TABLE_FORMATS


from ..errors import UsageError as _UsageError  # noqa: E402 (raised by records._drive too)


STATUS_HELP = """\
statuses (one per record that fails; line output: the input line, a TAB, the word):
  illegal     the givens clash (a value repeats in a row, column or box)
  impossible  legal givens, but no solution
  ambiguous   several solutions (solve reports it only with --unique)
  limit       --node-limit stopped the search before it could answer
  error       the record could not be read (the reason, with line and column, on stderr)
In block-like output (block, tokens, sdk, ss) records are separated by a blank line and a
failed record is a '# <status>' comment line followed by the puzzle (or its raw text as
'#' lines); in JSON output every object has a "status" key."""


# --- argument parsing --------------------------------------------------------------------


def _box(text: str) -> Shape:
    try:
        return Shape.parse(text)
    except (ShapeError, ValueError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_positive = positive_int


_count_limit = int_at_least(0, "(no limit)")


def _alphabet(text: str) -> str:
    from ..symbols import get_alphabet
    try:
        get_alphabet(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _input_options(p: argparse.ArgumentParser, *, engine: bool = True) -> None:
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="puzzle files ('-' or none: stdin); many puzzles per file")
    declare_files(p)
    p.add_argument("-f", "--format", choices=INPUT_FORMATS, default="auto", metavar="FORMAT",
                   help="input format: " + ", ".join(INPUT_FORMATS[1:]) + " (default: "
                        "detected from the first lines; tables from the file extension)")
    p.add_argument("--box", type=_box, metavar="RxC",
                   help="box shape when the size cannot tell, e.g. 2x3 (6x6), 4x4 (16x16)")
    p.add_argument("--alphabet", type=_alphabet, metavar="NAME",
                   help="how values are spelled when detection cannot tell: default (1-9A-Z), "
                        "letters (A-Z), hex (0-F)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write results to FILE, not stdout (under a temporary name, renamed "
                        "to FILE when the run ends; never one of the inputs)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no per-record diagnostics on stderr (the exit status still tells)")
    p.add_argument("--errors", metavar="FILE.jsonl",
                   help="also write one JSON object per problem record to FILE (source, line, "
                        "column, char, status, reason); like -o, in place when the run ends")
    add_batch_options(p)
    if engine:
        p.add_argument("--engine", choices=ENGINES, default="auto",
                       help="search engine (default auto: the C 9x9 kernel when built; "
                            "otherwise propagate and learn in turn with growing budgets)")
        p.add_argument("--node-limit", type=_positive, metavar="N",
                       help="give up on a puzzle after N search nodes (status 'limit')")


def add_batch_options(p: argparse.ArgumentParser, *, columns: bool = True) -> None:
    """--jobs, --unordered and --progress: how a big input is shared among worker processes."""
    p.add_argument("-j", "--jobs", type=_positive, default=None, metavar="N",
                   help="worker processes (default: the CPUs this process may use, started "
                        "only when the input is big or slow enough to be worth it)")
    p.add_argument("--unordered", action="store_true",
                   help="with several workers, write each block of results as soon as it is "
                        "done rather than in input order")
    if columns:
        p.add_argument("--col", metavar="NAME|INDEX",
                       help="the puzzle column of a CSV/TSV, JSON Lines, Parquet or Arrow input "
                            "(default: puzzle, quizzes, sudoku ... else the first); always read "
                            "as text; the answers are added as new columns")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress line (records, rate, percent, ETA) on stderr (default: "
                        "when stderr is a terminal)")


class _Para(str):
    """A description paragraph, filled to 78 columns when help is shown (HelpFormatter)."""


def _para(text: str) -> str:
    """Mark text as a paragraph of help: filled (textwrap, 78 columns) only if help is shown.

    Filling at definition cost every run textwrap's import and its patterns (~2.5 ms).
    """
    return _Para(text)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written, but _para paragraphs filled to 78 columns."""

    def _fill_text(self, text, width, indent):
        if isinstance(text, _Para):
            import textwrap
            text = textwrap.fill(" ".join(text.split()), width=78)
        return super()._fill_text(text, width, indent)



# --- output -----------------------------------------------------------------------------


def _open_output(path: str | None, command: str | None = None, pending=None) -> TextIO:
    """The record stream of a run: stdout, or -o's file written atomically (its Pending
    appended to pending: the caller commits or discards it when the run ends)."""
    if path is None or path == "-":
        return sys.stdout
    if command in ("solve", "check", "count", "rate", "hint", "explain") and _table_output(path):
        return _NoText(path)  # written by the table writer (_run_binary_table)
    return open_pending(path, pending, encoding="utf-8", errors="surrogateescape",
                        newline="\n")


def open_pending(path: str, pending, mode: str = "w", **open_args):
    """Open an output of the run atomically (sudokit.records._atomic): it is written under a
    temporary name and renamed over path when the run ends.  pending: the run's list of
    such files (``args.pending``, kept by cli.main), where its Pending goes."""
    from ..records._atomic import Pending
    item = Pending(path, mode, **open_args)
    pending.append(item)
    return item.file


def finish_pending(pending, keep: bool) -> None:
    """Commit (keep) or discard every output file of a run.  Every file is flushed and
    closed before any is renamed: if one cannot be (disk full), all are discarded and its
    OSError raised, so the outputs of a run land together or not at all."""
    items, pending[:] = list(pending), []
    try:
        if keep:
            for item in items:
                item.close()
            for item in items:
                item.commit()
    finally:
        for item in items:
            item.discard()  # (nothing for those committed)


def table_kind(name: str, args) -> "str | None":
    """Return the table kind of an input (by -f, else by extension), or None for text records."""
    fmt = getattr(args, "format", "auto")
    if fmt in TABLE_FORMATS:
        return fmt
    if fmt != "auto":
        return None
    kind = None if name == "-" else _TABLE_EXTENSIONS.get(os.path.splitext(name)[1].lower())
    if kind is None and getattr(args, "col", None) is not None:
        return "csv"  # --col names a column: a CSV without the extension (or on stdin)
    return kind


def _table_output(path: str) -> bool:
    return os.path.splitext(path)[1].lower() in (".npy", ".parquet", ".pq", ".arrow", ".feather",
                                                 ".ipc")


class _NoText(io.StringIO):
    """The text stream of a run whose -o names a table file: nothing may be written to it."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def write(self, text: str) -> int:
        if text:
            raise _UsageError(f"-o {self.path}: a table output needs an .npy, Parquet or Arrow "
                              "input (text and CSV inputs write text)")
        return 0


def _flush_quietly(stream) -> None:
    if stream is None:
        return
    try:
        stream.flush()
    except (OSError, ValueError):
        if stream is sys.stdout:
            _silence_stdout()


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass



# --- guarding the input -------------------------------------------------------------------
#
# Every command declares the files it reads and writes (declare_files, in its parser); one
# rule (refuse_overlaps) compares them before anything is opened: no output is an input, and
# no two outputs are one file.  Files are compared by device and inode (so ./f, a symlink
# or a hard link to f are f); an output that does not exist yet by its resolved path.


def declare_files(p: argparse.ArgumentParser, *, reads=("files", "regions"),
                  writes=("output", "errors"), stdout: bool = True) -> None:
    """Say which options of a command name files it reads and files it writes (argparse
    dests); stdout: whether records go to standard output when no -o is given."""
    p.set_defaults(file_reads=tuple(reads), file_writes=tuple(writes), file_stdout=stdout)


_FLAGS = {"output": "-o", "target": "-o", "errors": "--errors", "regions": "--regions"}


def files_of(args) -> "tuple[list, list]":
    """(reads, writes) of a run as declared by its command: lists of (words, path), where
    words name the file as the command line does ('the input p.txt', '-o out.txt') and
    path '-' is stdin or stdout."""
    reads, writes = [], []
    for dest in getattr(args, "file_reads", ()):
        value = getattr(args, dest, None)
        if dest in ("files", "file"):
            names = (value if isinstance(value, list) else [value or "-"]) or ["-"]
            for name in names:
                reads.append((f"the input {'stdin' if name == '-' else name}", name))
        elif value is not None:
            reads.append((f"the {_FLAGS.get(dest, '--' + dest)} file {value}", value))
    to_stdout = getattr(args, "file_stdout", False)
    for dest in getattr(args, "file_writes", ()):
        value = getattr(args, dest, None)
        if dest == "output" and value in (None, "-"):
            continue  # (standard output, below)
        if value is not None:
            writes.append((f"{_FLAGS.get(dest, '--' + dest)} {value}", value))
    if to_stdout and getattr(args, "output", None) in (None, "-"):
        writes.append(("standard output", "-"))
    return reads, writes


def _fd_identity(fd: int):
    """(device, inode) of an open regular file descriptor, or None (terminal, pipe ...)."""
    import stat
    try:
        st = os.fstat(fd)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _key(path: str, *, output: bool):
    """What makes two names one file: (device, inode) of a regular file; for an output not
    there yet, its resolved path; None for what cannot be overwritten (a terminal, a
    pipe, /dev/null)."""
    import stat
    if path == "-":
        return _fd_identity(1 if output else 0)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return ("path", os.path.realpath(path)) if output else None
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def refuse_overlaps(reads, writes) -> None:
    """Raise _UsageError when a written file is a read one or two written files are one.

    reads, writes: (words, path) pairs as files_of gives them.  Opening an output truncates
    it: an input would be lost before it is read (-o, --errors, a picture), and appending
    to an input being read (``sudokit check f >> f``) never ends.
    """
    inputs = {}
    for words, path in reads:
        key = _key(path, output=False)
        if key is not None:
            inputs.setdefault(key, words)
    outputs = {}
    for words, path in writes:
        key = _key(path, output=True)
        if key is None:
            continue
        if key in inputs:
            if path == "-":
                raise _UsageError(f"standard output is {inputs[key]}: reading and writing the "
                                  "same file would destroy it or never end (write to another "
                                  "file)")
            raise _UsageError(f"{words} is {inputs[key]}: writing it would destroy it (write "
                              "to another file, then rename)")
        if key in outputs:
            raise _UsageError(f"{words} and {outputs[key]} are the same file: one would "
                              "destroy the other (give each its own file)")
        outputs[key] = words


def refuse_output_over_input(args) -> None:
    """The rule of refuse_overlaps on the files a run's command declares (files_of)."""
    refuse_overlaps(*files_of(args))
