"""The ``sudokit`` command: argument parsing and printing only; the work is the public API.

    sudokit solve   [FILE ...]      a solution per puzzle, in the input's notation (or --to)
    sudokit check   [FILE ...]      a verdict per puzzle
    sudokit count   [FILE ...]      a solution count per puzzle (up to --limit)
    sudokit convert [FILE ...] --to FORMAT
    sudokit judge   DIALECT [FILE]  a judge's input in, exactly its expected output out

Conventions: stdin when no FILE or ``-``; results on stdout in input order, exactly one
output record per input record (never dropped: a record that fails carries a status);
diagnostics on stderr, naming the source, line and column.  Exit status: 0 all fine,
1 some record had a data problem, 2 usage, 3 I/O error, 130 interrupted (after writing
what was done).  A closed output pipe (``| head -1``) ends the run quietly with status 0.

Output is written in chunks (one join per chunk of records; chunks grow 1, 2, 4 ... up to
CHUNK so the first answers appear at once; one record per chunk when stdin is a terminal).
Records are solved a chunk at a time by ``_solve_chunk``, the seam where a batch kernel
(``sudokit.batch``) can take over plain 9x9 input -- see ``_batch_solver``.  Files and
pipes with one record per line, and dataset tables, are read in blocks of lines that
``--jobs`` worker processes answer (``_cli_blocks``, ``_cli_tables``, ``pipeline``); the
streaming reader here keeps multi-line formats and terminals.
"""

from __future__ import annotations

import argparse
import array
import io
import itertools
import json
import os
import sys
import textwrap
import time
from typing import Callable, Iterable, Iterator, TextIO

from ._argtypes import int_at_least, positive_int
from . import __version__, formats
from . import judge as judges
from .errors import ParseError, ShapeError
from .grid import Grid
from .pipeline import WorkerError, sigint_held as _sigint_held
from .shape import Shape
from .solver import ENGINES, Verdict, check, engines, search
from .symbols import get_alphabet

__all__ = ["main", "build_parser", "answer_lines", "notation", "LinesAnswer"]

CHUNK = 4096          # records per output write, at most
_S9 = Shape(3, 3)
FLUSH_SECONDS = 0.25  # flush stdout when this long has passed since the last flush

EXIT_OK, EXIT_DATA, EXIT_USAGE, EXIT_IO, EXIT_INTERRUPT = 0, 1, 2, 3, 130

# --to / --format names; sdm is the line format, sdk and ss single-puzzle layouts of block
OUTPUT_FORMATS = ("line", "block", "tokens", "json", "sdk", "ss", "sdm", "pencilmarks")
TABLE_FORMATS = ("csv", "tsv", "jsonl", "npy", "parquet", "arrow")
INPUT_FORMATS = ("auto",) + OUTPUT_FORMATS + TABLE_FORMATS
_MULTILINE = {"block", "tokens", "sdk", "ss"}

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

EPILOG_MAIN = """\
examples:
  sudokit solve examples/puzzles.txt            one solution line per puzzle line
  sudokit solve --to block < puzzle.sdk          any format in, 9 rows out
  sudokit solve --box 2x3 six.txt                6x6 grids with 2-row, 3-column boxes
  sudokit check examples/puzzles.txt | cut -f2 | sort | uniq -c
  sudokit count --limit 10 puzzle.txt
  sudokit convert --to json examples/16x16.txt
  sudokit judge poj3074 < input.txt > output.txt

exit status: 0 all fine, 1 some record had a data problem, 2 usage error,
3 I/O error (e.g. a missing file), 130 interrupted.
Run 'sudokit COMMAND --help' for the options of a command."""


class _UsageError(Exception):
    """A problem with the command line found after parsing (exit status 2)."""


# --- argument parsing --------------------------------------------------------------------


def _box(text: str) -> Shape:
    try:
        return Shape.parse(text)
    except (ShapeError, ValueError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_positive = positive_int


_count_limit = int_at_least(0, "(no limit)")


def _alphabet(text: str) -> str:
    try:
        get_alphabet(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _dialect(text: str) -> judges.Dialect:
    try:
        return judges.dialect(text)
    except KeyError as exc:
        raise argparse.ArgumentTypeError(exc.args[0]) from None


def _input_options(p: argparse.ArgumentParser, *, engine: bool = True) -> None:
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="puzzle files ('-' or none: stdin); many puzzles per file")
    p.add_argument("-f", "--format", choices=INPUT_FORMATS, default="auto", metavar="FORMAT",
                   help="input format: " + ", ".join(INPUT_FORMATS[1:]) + " (default: "
                        "detected from the first lines; tables from the file extension)")
    p.add_argument("--box", type=_box, metavar="RxC",
                   help="box shape when the size cannot tell, e.g. 2x3 (6x6), 4x4 (16x16)")
    p.add_argument("--alphabet", type=_alphabet, metavar="NAME",
                   help="how values are spelled when detection cannot tell: default (1-9A-Z), "
                        "letters (A-Z), hex (0-F)")
    p.add_argument("-o", "--output", metavar="FILE", help="write results to FILE, not stdout")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no per-record diagnostics on stderr (the exit status still tells)")
    p.add_argument("--errors", metavar="FILE.jsonl",
                   help="also write one JSON object per problem record to FILE (source, line, "
                        "column, char, status, reason), as the run goes on")
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


def _para(text: str) -> str:
    return textwrap.fill(" ".join(text.split()), width=78)


def _dialect_table() -> str:
    rows = []
    for name, d in judges.DIALECTS.items():
        if name == d.name:
            alias = f" (alias: {', '.join(d.aliases)})" if d.aliases else ""
            rows.append(f"  {name:<13} {d.title}{alias}")
    return "\n".join(rows)


def build_parser() -> argparse.ArgumentParser:
    """Return the argparse parser of the sudokit command."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="sudokit", formatter_class=fmt, epilog=EPILOG_MAIN,
        description=_para("Solve, check, count and convert Sudoku puzzles of every size."))
    parser.add_argument("--version", action="version", version=f"sudokit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

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
  sudokit solve --box 2x3 --to tokens six.txt
  sudokit solve --unique --node-limit 100000 big.txt | awk -F'\\t' 'NF > 1'   # failures
""")
    _input_options(p)
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
  sudokit check --box 2x3 six.txt
""")
    _input_options(p)

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
    p.add_argument("-l", "--limit", type=_count_limit, default=1000, metavar="N",
                   help="stop counting at N solutions (default 1000; 0: count them all)")

    p = sub.add_parser(
        "convert", formatter_class=fmt, help="rewrite puzzles in another format",
        description=_para("Rewrite every puzzle in the format named by --to.  An unreadable "
                          "record is "
                    "kept in its place with the status 'error'."),
        epilog="""formats: line (one puzzle per line), block (N rows), tokens (N rows of integers),
json (one object per line), sdk, ss (Simple Sudoku), sdm (= line), pencilmarks
(N*N*N candidates per line).

examples:
  sudokit convert --to block examples/puzzles.txt
  sudokit convert --to line < puzzle.sdk
  sudokit convert --to tokens --box 2x3 six.txt
""")
    _input_options(p, engine=False)
    p.add_argument("-t", "--to", choices=OUTPUT_FORMATS, required=True, help="output format")
    p.add_argument("--blank", default=None, metavar="CHAR",
                   help="how empty cells are written (default '.', '0' for tokens)")

    p = sub.add_parser(
        "judge", formatter_class=fmt, help="answer an online judge's input exactly",
        description=_para("Read a judge problem's input (stdin, or FILE) and write exactly the "
                          "output "
                    "that judge expects.  A case that cannot be read or has no solution keeps its "
                    "place in the output (a marker such as ERROR or NO SOLUTION, see "
                    "sudokit.judge) and its reason goes to stderr; the exit status is then 1."),
        epilog=f"""dialects:
{_dialect_table()}

examples:
  sudokit judge poj3074 < input.txt
  printf '1\\n0\\n' | sudokit judge uva989
  sudokit judge uva10957 --engine dlx < grids.txt
""")
    p.add_argument("dialect", type=_dialect, metavar="DIALECT", help="a judge problem (list below)")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    p.add_argument("--engine", choices=ENGINES, default=None,
                   help="replace the dialect's technique by this engine")
    p.add_argument("-o", "--output", metavar="FILE", help="write the answers to FILE")

    # commands defined by their own modules: each sets ``run(args, out, err) -> status``
    from .dataset import add_cli as add_dataset
    from .generate import add_cli as add_generate
    from .symmetry import add_cli as add_canon
    add_generate(sub)
    add_canon(sub)
    add_dataset(sub)
    return parser


# --- output -----------------------------------------------------------------------------


class _Writer:
    """Writes lists of record texts with one join each; flushes when asked or when it is time.

    Ctrl-C never cuts a record in two: each piece of whole records (at most PIECE bytes) is
    written and flushed with SIGINT held back, and the interrupt is taken between pieces.
    """

    PIECE = 1 << 18

    def __init__(self, stream: TextIO, interactive: bool):
        self.stream = stream
        self.interactive = interactive
        self.last_flush = time.monotonic()

    def write(self, texts: list[str]) -> None:
        if not texts:
            return
        text = "".join(texts)
        try:
            start = 0
            while start < len(text):
                end = len(text)
                if end - start > self.PIECE:
                    end = text.rfind("\n", start, start + self.PIECE) + 1 or end
                with _sigint_held():
                    self.stream.write(text[start:end])
                    if end - start >= self.PIECE // 4:
                        self.stream.flush()
                start = end
            now = time.monotonic()
            if self.interactive or now - self.last_flush > FLUSH_SECONDS:
                self.flush()
                self.last_flush = now
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _WriteError(exc) from exc

    def flush(self) -> None:
        try:
            with _sigint_held():
                self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _WriteError(exc) from exc


class _WriteError(Exception):
    """Writing the results failed (disk full, ...): exit status 3, not a read error."""


def _render(grid: Grid, fmt: str, alphabet, blank: str | None) -> str:
    """Return grid in format fmt, without a trailing newline."""
    if fmt in ("line", "sdm"):
        return formats.format_line(grid, alphabet=alphabet, blank=blank or ".")
    if fmt == "block":
        return formats.format_block(grid, alphabet=alphabet, blank=blank or ".")
    if fmt == "tokens":
        return formats.format_tokens(grid, blank=blank or "0")
    if fmt == "json":
        return formats.format_json(grid)
    if fmt == "sdk":
        return formats.format_sdk(grid, alphabet=alphabet)
    if fmt == "ss":
        return formats.format_ss(grid, alphabet=alphabet, blank=blank or ".")
    if fmt == "block+":  # block with bars and ---+--- lines, as some inputs are written
        return formats.format_block(grid, alphabet=alphabet, blank=blank or ".", separators=True)
    if fmt == "pencilmarks":
        return formats.format_pencilmarks(grid, alphabet=alphabet, blank=blank or ".")
    raise ValueError(f"unknown output format {fmt!r}")


def _one_line(text: str) -> str:
    """The raw text of a record squeezed onto one line (for TAB-separated output)."""
    return " / ".join(part.strip() for part in text.replace("\t", " ").splitlines() if part.strip())


# --- reading ----------------------------------------------------------------------------


class _Input:
    """One input source: its records and what its notation is (format, alphabet)."""

    def __init__(self, name: str, handle, args):
        self.name = name
        self.display = "<stdin>" if name == "-" else name
        self.handle = handle
        self.args = args
        self.format: str | None = None     # the input's own notation, for output
        self.alphabet = args.alphabet
        self.interactive = name == "-" and _stdin_is_tty()
        self.reading: str | None = None  # set: the format to read (a block of a bigger input)
        self.first_line = 1              # the number of the first line of handle
        self.hint: Shape | None = None   # the shape of the input's first good line record

    def records(self) -> Iterator[formats.Record]:
        fmt = self.args.format
        lines, box = self.handle, self.args.box
        if self.reading is not None:
            if self.reading == "pencilmarks":
                return self._pencil_records(lines)
            return formats.read_records(lines, format=self.reading, box=box,
                                        alphabet=self.args.alphabet, source_name=self.display,
                                        _first_line=self.first_line, _hint=self.hint)
        if fmt == "auto":
            fmt = None
            lines, first = self._peek()
            if formats.detect_format(first, box=box) == "pencilmarks":
                fmt = "pencilmarks"  # (read_records would take N*N*N cells for a line puzzle)
            elif self.interactive:
                fmt, box = self._first_line_decides(first)
        elif fmt in ("sdk", "ss"):
            fmt = "block"
        if fmt == "pencilmarks":
            return self._pencil_records(lines)
        return formats.read_records(lines, format=fmt, box=box, alphabet=self.args.alphabet,
                                    source_name=self.display)

    def _peek(self) -> tuple[Iterable[str], str]:
        """Return (every line, the first line that is not blank nor a '#' comment)."""
        seen = []
        first = ""
        for raw in self.handle:
            seen.append(raw)
            first = raw.strip()
            if first and not first.startswith("#"):
                break
        return itertools.chain(seen, self.handle), first

    def _first_line_decides(self, first: str) -> tuple[str, Shape | None]:
        """On a terminal, detect the format from the first puzzle line alone.

        read_records detects from a window of 64 lines, which would wait for 64 lines typed
        before answering the first; a terminal user types one puzzle and waits.
        """
        box = self.args.box
        if not first or first[0] in "{[":
            return ("json" if first else "line"), box
        field = first.split()[0]
        if formats.detect_format(first, box=box) == "line" and (
                len(field) >= 16 or (box is not None and len(field) == box.ncells)):
            return "line", box  # (9 characters: a 9x9 row, not a 3x3 line puzzle)
        tokens = first.replace("|", " ").split()
        size = len(tokens) if len(tokens) > 1 else len(first.replace("|", ""))
        if box is None:
            try:
                box = Shape.for_size(size)
            except (ShapeError, ValueError):
                return "line", None  # its error will say what a line should hold
        return ("tokens" if len(tokens) > 1 else "block"), box

    def _pencil_records(self, lines: Iterable[str]) -> Iterator[formats.Record]:
        """Pencil marks, one puzzle per line (N*N*N characters)."""
        index = 0
        for lineno, raw in enumerate(lines, self.first_line):
            raw = raw.rstrip("\r\n")
            s = raw.strip()
            if not s or s.startswith("#"):
                continue
            try:
                grid = formats.parse_pencilmarks(s, box=self.args.box,
                                                 alphabet=self.args.alphabet)[0]
            except ParseError as exc:
                column = None if exc.column is None else exc.column + len(raw) - len(raw.lstrip())
                error = ParseError(exc.reason, line=lineno, column=column, char=exc.char,
                                   source=self.display)
                yield formats.Record(index, lineno, None, error, raw, None)
            else:
                yield formats.Record(index, lineno, grid, None, raw, None)
            index += 1

    def learn(self, rec: formats.Record) -> None:
        """Learn the notation (format, alphabet) from the first readable record."""
        if self.format is not None:
            return
        fmt = self.args.format
        if fmt == "auto":
            ext = os.path.splitext(self.name)[1].lower().lstrip(".")
            fmt = formats.detect_format(rec.text, box=self.args.box)
            if fmt == "block" and "|" in rec.text:
                fmt = "block+" if "+" in rec.text else "ss"
            if ext in ("sdk", "ss") and fmt in ("block", "block+", "ss"):
                fmt = ext
        self.format = fmt
        grid = rec.grid
        if self.alphabet is None and grid is not None and grid.size > 9 and fmt != "tokens":
            for name in ("default", "letters", "hex"):
                try:
                    if formats.parse(rec.text, format=fmt if fmt in formats.FORMATS else None,
                                     box=grid.shape, alphabet=name) == grid:
                        self.alphabet = name
                        break
                except (ParseError, ValueError):
                    continue


def _chunks(records: Iterable, interactive: bool) -> Iterator[list]:
    """Group records in lists of 1, 2, 4 ... CHUNK (always 1 on a terminal)."""
    size = 1
    chunk: list = []
    for rec in records:
        chunk.append(rec)
        if len(chunk) >= size:
            yield chunk
            chunk = []
            if not interactive and size < CHUNK:
                size *= 2
    if chunk:
        yield chunk


# --- the commands -----------------------------------------------------------------------


class _Command:
    """Shared driver: read every input, turn chunks of records into output texts."""

    def __init__(self, args, out: _Writer, err: TextIO):
        self.args = args
        self.out = out
        self.err = err
        self.problems = 0
        self.records = 0
        self.quiet = getattr(args, "quiet", False)
        self.errors: TextIO | None = None  # the --errors JSON Lines file

    def note(self, message: str) -> None:
        if not self.quiet:
            self.err.write(f"sudokit: {message}\n")

    def where(self, src: _Input, rec) -> str:
        return f"{src.display}, line {rec.line}"

    def run_input(self, src: _Input) -> None:
        for chunk in _chunks(src.records(), self.out.interactive):
            self.texts: list[str] = []
            try:
                self.handle(src, chunk)
            finally:  # on Ctrl-C too: the records answered so far are written
                if not isinstance(sys.exc_info()[1], (BrokenPipeError, _WriteError)):
                    self.out.write(self.texts)

    def handle(self, src: _Input, chunk: list) -> list[str]:
        raise NotImplementedError

    def bad_record(self, src: _Input, rec) -> None:
        self.problems += 1
        self.note(str(rec.error) if rec.error.source else f"{src.display}: {rec.error}")
        err = rec.error
        self.log(src, rec.line, "error", err.reason, column=err.column, char=err.char)

    def problem(self, src: _Input, rec, status: str, message: str) -> None:
        """Count and report a record that was read but could not be answered."""
        self.problems += 1
        self.note(f"{self.where(src, rec)}: {message}")
        self.log(src, rec.line, status, message)

    def log(self, src: _Input, line, status: str, reason: str, *, column=None, char=None) -> None:
        """Append one problem record to the --errors file, if one was asked for."""
        if self.errors is None:
            return
        self.errors.write(json.dumps({"source": src.display, "line": line, "column": column,
                                      "char": char, "status": status, "reason": reason}) + "\n")


class _Solve(_Command):
    """solve: one solution (or a status) per record."""

    def __init__(self, args, out, err):
        super().__init__(args, out, err)
        self.batch = _batch_solver(args)  # takes over chunks of 9x9 grids when available
        self.first = True

    def handle(self, src: _Input, chunk: list) -> list[str]:
        for rec in chunk:
            if rec.grid is not None:
                src.learn(rec)
                break
        good = [rec.grid for rec in chunk if rec.grid is not None]
        solver = self.batch if self.batch and all(g.shape is _S9 for g in good) else _solve_chunk
        results = iter(solver(good, self.args) if good else ())
        fmt = self.args.to or src.format or "line"
        texts = self.texts
        for rec in chunk:
            self.records += 1
            if rec.grid is None:
                self.bad_record(src, rec)
                texts.append(self.failure(src, rec, fmt, "error", str(rec.error)))
                continue
            status, solution = next(results)
            if status == "solved":
                texts.append(self.success(src, solution, fmt))
            else:
                detail = ""
                if status == "illegal":
                    detail = " (" + "; ".join(str(c) for c in rec.grid.status().conflicts) + ")"
                self.problem(src, rec, status, f"{status}{detail}")
                texts.append(self.failure(src, rec, fmt, status, None))
        return texts

    def sep(self, fmt: str) -> str:
        """The blank line between multi-line records (none before the first)."""
        if fmt in _MULTILINE or fmt == "block+":
            if self.first:
                self.first = False
                return ""
            return "\n"
        return ""

    def success(self, src: _Input, grid: Grid, fmt: str) -> str:
        text = _render(grid, fmt, src.alphabet, None)
        if fmt == "json":
            return '{"status": "solved", ' + text[1:] + "\n"
        return self.sep(fmt) + text + "\n"

    def failure(self, src: _Input, rec, fmt: str, status: str, reason: str | None) -> str:
        if fmt in ("line", "sdm", "pencilmarks"):
            return f"{_one_line(rec.text)}\t{status}\n"
        if fmt == "json":
            obj = {"status": status, "line": rec.line}
            if reason:
                obj["error"] = reason
            if rec.grid is not None:
                obj.update(json.loads(formats.format_json(rec.grid)))
            else:
                obj["text"] = rec.text
            return json.dumps(obj) + "\n"
        head = f"# {status}" + (f": {reason}" if reason else "") + "\n"
        if rec.grid is not None:
            body = _render(rec.grid, fmt, src.alphabet, None) + "\n"
        else:
            body = "".join(f"# {line}\n" for line in rec.text.splitlines()) or "#\n"
        return self.sep(fmt) + head + body


def _solve_chunk(grids: list[Grid], args) -> Iterator[tuple[str, Grid | None]]:
    """Yield (status, solution) per grid: solved, illegal, impossible, ambiguous or limit."""
    limit = 2 if args.unique else 1
    engine, node_limit = args.engine, args.node_limit
    for grid in grids:
        r = search(grid, limit=limit, engine=engine, node_limit=node_limit)
        if r.count == 0:
            if r.stopped:
                yield "limit", None
            else:
                yield "impossible" if grid.is_legal() else "illegal", None
        elif limit == 2 and r.count >= 2:
            yield "ambiguous", None
        elif limit == 2 and r.stopped:
            yield "limit", None  # one solution found, uniqueness unknown
        else:
            yield "solved", r.solution


def _c_batch9(grids: list[Grid], limit: int, node_limit: int):
    """One C batch call of fast9 on 9x9 grids: (solutions, counts, flags), every solution
    already checked by the batch loop's independent checker (a wrong one is a bug: raised)."""
    return _c_batch9_values(b"".join([bytes(g.values) for g in grids]), len(grids), limit,
                            node_limit)


def _c_batch9_values(data: bytes, n: int, limit: int, node_limit: int):
    """_c_batch9 on n puzzles given as 81 value bytes each (0 = empty), values trusted."""
    from . import _backend
    sols = bytearray(len(data))
    counts = array.array("q", bytes(8 * n))
    flags = bytearray(n)
    _backend.C.batch(data, n, 3, 3, "fast9", limit, node_limit, sols, counts, None, flags)
    for i, flag in enumerate(flags):
        if flag & _FLAG_BAD_SOLUTION:
            line = bytes(data[81 * i:81 * i + 81]).translate(_SPELL9)
            raise AssertionError(f"the C kernel returned a wrong solution for {line.decode()}; "
                                 "please report this bug")
    return sols, counts, flags


def _batch_usable(args) -> bool:
    """True when 9x9 chunks may go to the C batch call (C built, engine auto or fast9)."""
    from . import _backend
    return _backend.C is not None and getattr(args, "engine", None) in ("auto", "fast9")


def _batch_solver(args) -> Callable | None:
    """Return the C batch chunk solver when it fits these options, else None.

    It has the contract of ``_solve_chunk`` (one (status, solution) per grid, same statuses,
    same order) and is given only chunks whose grids are all 9x9: the whole chunk goes to
    the C kernel in one call, with the GIL released and no Python object per puzzle inside.
    """
    if not _batch_usable(args):
        return None
    limit = 2 if args.unique else 1
    node_limit = args.node_limit or 0

    def solve_chunk(grids: list[Grid], _args) -> Iterator[tuple[str, Grid | None]]:
        sols, counts, flags = _c_batch9(grids, limit, node_limit)
        for i in range(len(grids)):
            status = _solve_status9(counts[i], flags[i], limit)
            yield status, (Grid._trusted(tuple(sols[i * 81:(i + 1) * 81]), _S9)
                           if status == "solved" else None)
    return solve_chunk


def _solve_status9(count: int, flag: int, limit: int) -> str:
    """The solve status of one answer of the C batch call (limit 1 or 2)."""
    if count == 0:
        if flag & _FLAG_STOPPED:
            return "limit"
        return "illegal" if flag & _FLAG_CLASH else "impossible"
    if limit == 2 and count >= 2:
        return "ambiguous"
    if limit == 2 and flag & _FLAG_STOPPED:
        return "limit"  # one solution found, uniqueness unknown
    return "solved"


# flags of the C batch call (see _c/module.c)
_FLAG_STOPPED, _FLAG_BAD_SOLUTION, _FLAG_CLASH = 1, 4, 16
# 9x9 values 0..9 -> '.', '1'..'9' (values are bytes; anything else was never a value)
_SPELL9 = b".123456789" + b"?" * 246


class _Check(_Command):
    """check: the puzzle on one line, TAB, the verdict."""

    def __init__(self, args, out, err):
        super().__init__(args, out, err)
        self.batch = _batch_counter(args)  # takes over chunks of 9x9 grids when available

    def handle(self, src: _Input, chunk: list) -> list[str]:
        texts = self.texts
        good = [rec.grid for rec in chunk if rec.grid is not None]
        if self.batch is not None and good and all(g.shape is _S9 for g in good):
            verdicts = iter(self.batch(good))
        else:
            engine, node_limit = self.args.engine, self.args.node_limit
            verdicts = (check(g, engine=engine, node_limit=node_limit) for g in good)
        for rec in chunk:
            self.records += 1
            if rec.grid is None:
                self.bad_record(src, rec)
                texts.append(f"{_one_line(rec.text)}\terror\n")
                continue
            src.learn(rec)
            verdict = next(verdicts)
            if verdict is Verdict.LIMIT:
                self.problem(src, rec, "limit", "node limit reached")
            texts.append(f"{_puzzle_field(src, rec)}\t{verdict.value}\n")
        return texts


def _batch_counter(args) -> Callable | None:
    """Return a C batch verdict function for chunks of 9x9 grids (check), else None.

    Same verdicts as solver.check, one C call per chunk: count up to 2 with fast9; a clash
    of givens (flag) is ILLEGAL before any search, as check decides it.
    """
    if not _batch_usable(args):
        return None
    node_limit = args.node_limit or 0

    def verdicts(grids: list[Grid]) -> Iterator[Verdict]:
        _, counts, flags = _c_batch9(grids, 2, node_limit)
        for count, flag in zip(counts, flags):
            yield _verdict9(count, flag)
    return verdicts


def _verdict9(count: int, flag: int) -> Verdict:
    """The check verdict of one answer of the C batch call counting up to 2."""
    if flag & _FLAG_CLASH:
        return Verdict.ILLEGAL
    if count >= 2:
        return Verdict.AMBIGUOUS
    if flag & _FLAG_STOPPED:
        return Verdict.LIMIT
    return Verdict.UNIQUE if count == 1 else Verdict.IMPOSSIBLE


def _puzzle_field(src: _Input, rec) -> str:
    """The puzzle of a record on one line: the input line itself for line input."""
    if src.format in ("line", "sdm"):
        return _one_line(rec.text)
    try:
        return formats.format_line(rec.grid, alphabet=src.alphabet)
    except ValueError:
        return _one_line(rec.text)


class _Count(_Command):
    """count: the puzzle on one line, TAB, the number of solutions (N+ at the limit)."""

    # counts up to this limit go to the C batch call for chunks of 9x9 grids (its counts are
    # 64-bit; an unlimited count stays with search())
    BATCH_MAX_LIMIT = (1 << 63) - 1

    def handle(self, src: _Input, chunk: list) -> list[str]:
        texts = self.texts
        limit = self.args.limit or None
        engine, node_limit = self.args.engine, self.args.node_limit
        good = [rec.grid for rec in chunk if rec.grid is not None]
        if (limit is not None and limit <= self.BATCH_MAX_LIMIT and good
                and _batch_usable(self.args) and all(g.shape is _S9 for g in good)):
            _, counts, flags = _c_batch9(good, limit, node_limit or 0)
            answers = iter([(c, bool(f & _FLAG_STOPPED)) for c, f in zip(counts, flags)])
        else:
            answers = ((r.count, r.stopped) for r in (
                search(g, limit=limit, engine=engine, node_limit=node_limit) for g in good))
        for rec in chunk:
            self.records += 1
            if rec.grid is None:
                self.bad_record(src, rec)
                texts.append(f"{_one_line(rec.text)}\terror\n")
                continue
            src.learn(rec)
            count, stopped = next(answers)
            if stopped:
                self.problem(src, rec, "limit", f"node limit reached after {count} solution(s)")
                word = "limit"
            else:
                word = _count_word(count, limit)
            texts.append(f"{_puzzle_field(src, rec)}\t{word}\n")
        return texts


def _count_word(count: int, limit: int | None) -> str:
    """A count as count writes it: N, or N+ when the count reached the limit."""
    return f"{count}+" if limit is not None and count >= limit else str(count)


class _Convert(_Solve):
    """convert: each record rewritten in --to; unreadable records keep their place."""

    def handle(self, src: _Input, chunk: list) -> list[str]:
        texts = self.texts
        fmt = self.args.to
        blank = self.args.blank
        for rec in chunk:
            self.records += 1
            if rec.grid is None:
                self.bad_record(src, rec)
                texts.append(self.failure(src, rec, fmt, "error", str(rec.error)))
                continue
            src.learn(rec)
            text = _render(rec.grid, fmt, src.alphabet, blank)
            texts.append(text + "\n" if fmt == "json" else self.sep(fmt) + text + "\n")
        return texts


_COMMANDS = {"solve": _Solve, "check": _Check, "count": _Count, "convert": _Convert}


# --- main -------------------------------------------------------------------------------


def _open_output(path: str | None, command: str | None = None) -> TextIO:
    if path is None or path == "-":
        return sys.stdout
    if command in ("solve", "check", "count") and _table_output(path):
        return _NoText(path)  # written by the table writer (_run_binary_table)
    return open(path, "w", encoding="utf-8", errors="surrogateescape", newline="\n")


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


def _run_records(args, out_stream: TextIO, err: TextIO) -> int:
    interactive = _stdin_is_tty() and (not args.files or "-" in args.files)
    writer = _Writer(out_stream, interactive)
    command = _COMMANDS[args.command](args, writer, err)
    if getattr(args, "engine", None) and args.engine not in engines():
        raise _UsageError(f"engine {args.engine!r} is not available here "
                          f"(choose one of {', '.join(engines())})")
    io_error = False
    errors_path = getattr(args, "errors", None)
    if errors_path:
        try:  # line-buffered: each problem is on disk as soon as it is found
            command.errors = open(errors_path, "w", encoding="utf-8", buffering=1)
        except OSError as exc:
            err.write(f"sudokit: cannot write {errors_path!r}: {exc.strerror or exc}\n")
            return EXIT_IO
    from ._cli_tables import BINARY_KINDS, TEXT_KINDS, table_kind
    if isinstance(out_stream, _NoText):
        for name in args.files or ["-"]:
            if table_kind(name, args) not in BINARY_KINDS:
                raise _UsageError(f"-o {out_stream.path}: a table output needs .npy, Parquet or "
                                  f"Arrow inputs; {name!r} is not one (write text instead)")
    try:
        for name in args.files or ["-"]:
            kind = table_kind(name, args)
            try:  # tables, and one-record-per-line inputs, go by blocks (workers)
                if kind in TEXT_KINDS:
                    _run_text_table(command, name, kind, args, err)
                    continue
                if kind is not None:
                    _run_binary_table(command, name, kind, args, err)
                    continue
                if args.format in ("auto", "line", "sdm", "json", "pencilmarks") and \
                        _run_blocks(command, name, args, err):
                    continue
            except UnicodeError as exc:
                err.write(f"sudokit: {name}: cannot decode: {exc}\n")
                io_error = True
                continue
            except OSError as exc:
                if isinstance(exc, BrokenPipeError):
                    raise
                err.write(f"sudokit: cannot read {name!r}: {exc.strerror or exc}\n")
                io_error = True
                continue
            try:
                handle = formats.open_text(name)
            except OSError as exc:
                err.write(f"sudokit: cannot read {name!r}: {exc.strerror or exc}\n")
                io_error = True
                continue
            src = _Input(name, handle, args)
            try:
                command.run_input(src)
            except UnicodeError as exc:  # e.g. a UTF-16 file with a broken tail
                err.write(f"sudokit: {src.display}: cannot decode: {exc}\n")
                io_error = True
            except OSError as exc:
                if isinstance(exc, BrokenPipeError):
                    raise
                err.write(f"sudokit: {src.display}: read error: {exc.strerror or exc}\n")
                io_error = True
            finally:
                if name != "-":
                    handle.close()
                else:
                    try:
                        handle.close()  # detaches from stdin, leaves it open
                    except Exception:  # noqa: BLE001
                        pass
    finally:
        if command.errors is not None:
            command.errors.close()
        writer.flush()
    if command.problems and not command.quiet and command.records > 1:
        err.write(f"sudokit: {command.problems} of {command.records} records had a problem\n")
    if io_error:
        return EXIT_IO
    return EXIT_DATA if command.problems else EXIT_OK


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _run_judge(args, out_stream: TextIO, err: TextIO) -> int:
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


def main(argv: list[str] | None = None) -> int:
    """Run the sudokit command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    err = sys.stderr
    out_stream = None
    try:
        try:
            out_stream = _open_output(getattr(args, "output", None), args.command)
        except OSError as exc:
            err.write(f"sudokit: cannot write {args.output!r}: {exc.strerror or exc}\n")
            return EXIT_IO
        if out_stream is sys.stdout:
            try:
                sys.stdout.reconfigure(errors="surrogateescape")
            except (AttributeError, ValueError):
                pass
        if args.command == "judge":
            code = _run_judge(args, out_stream, err)
        elif getattr(args, "run", None) is not None:
            code = args.run(args, out_stream, err)
        else:
            code = _run_records(args, out_stream, err)
    except _UsageError as exc:
        parser.exit(EXIT_USAGE, f"sudokit {args.command}: error: {exc}\n")
    except WorkerError as exc:
        _flush_quietly(out_stream)
        err.write(f"sudokit: {exc}\n")
        return EXIT_IO
    except KeyboardInterrupt:
        _flush_quietly(out_stream)
        err.write("sudokit: interrupted\n")
        return EXIT_INTERRUPT
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except (_WriteError, OSError) as exc:  # writing failed: disk full, ...
        exc = exc.args[0] if isinstance(exc, _WriteError) else exc
        err.write(f"sudokit: write error: {exc.strerror or exc}\n")
        _silence_stdout()
        return EXIT_IO
    finally:
        if out_stream is not None and out_stream is not sys.stdout:
            try:
                out_stream.close()
            except OSError:
                pass
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


# the block machinery lives in _cli_blocks (it needs the names above)
from ._cli_blocks import (  # noqa: E402
    LinesAnswer, _run_binary_table, _run_blocks, _run_text_table, answer_lines, notation)

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
