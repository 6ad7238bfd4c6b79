"""Whole files of 9x9 puzzles: verify, dedupe, augment and stats (``sudokit verify`` ...).

    add_parsers                   defines the four subcommands (wired by sudokit.cli)
    run_verify                    each (puzzle, solution) pair checked exactly (symmetry.verify)
    run_dedupe                    drop puzzles equivalent to an earlier one (canonical forms)
    run_augment                   K random transforms of each puzzle (and its solution)
    run_stats                     clues, solution count and search effort of each puzzle

The input is the 9x9 line format, one record a line:

    puzzle[<sep>solution[<sep>anything]][ # comment]    sep: ',' ':' TAB or space (a run is one)

so ``puzzle,solution`` (Kaggle CSV), ``puzzle solution``, tdoku's ``puzzle:count:solution``
(a short number after ':' is a count and is skipped) and the output of ``sudokit augment``
(``puzzle[,solution],{transform}``: a field starting with '{' ends the record) all read.
Cells are 1-9 with '.' or '0' for a blank; the text is never re-spelled on the way through,
so ``0`` blanks keep their leading zeros.  Inputs are opened once (a pipe or FIFO such as
``<(cat f)`` reads whole), UTF-8 or UTF-16 by its BOM, and '\n', '\r\n' and a lone '\r' all
end a line.

Blank lines and '#' comment lines are dropped, as every record command (solve, check,
canon ...) drops them; every other line gives one output line (dedupe drops its duplicates;
augment writes K lines per record):

    a header (the first non-comment   copied, with a note on stderr ("quizzes,solutions");
      line, a word where the puzzle     never an error
      should be)
    a line that does not read         ``<line><TAB>error`` on stdout, ``line L, column C: why``
                                      on stderr; exit status 1.  No record is ever dropped.

Exit status: 0 ok, 1 some record had a data problem (a bad line, a wrong solution), 3 I/O
error (EXIT_IO).  Core functions stay in symmetry.py and solver.py (imported when a
command runs); this module is the edge that reads files and prints.
"""

from __future__ import annotations

import itertools
import json
import random as _random
import re
import sys
from typing import Iterator

from ..errors import ParseError, describe
from ..formats._open import UTF16_BOMS, peek_head, text_of
from ..formats import format_line, open_text, parse_line
from ..grid import Grid
from ..solver import Verdict, search

__all__ = ["add_parsers", "run_verify", "run_dedupe", "run_augment", "run_stats", "pack_key", "line_rng"]

EXIT_OK, EXIT_DATA, EXIT_IO = 0, 1, 3
CHUNK = 4096  # dedupe: records canonicalised per canonical_lines call (one C call when built)

_FIELD = re.compile(r"[^,:\t ]+")              # one field of a record line
_TRAILING_COMMENT = re.compile(r"[ \t]#")       # ``puzzle solution  # name``: a comment
_HEADER = re.compile(r"[A-Za-z_][A-Za-z0-9_ -]*")  # a column name, never a 9x9 puzzle


# --- reading records ------------------------------------------------------------------------

class _Line:
    """One input line: kind 'pass' (copy it), 'error' (echo + TAB error) or 'record'."""

    __slots__ = ("no", "text", "kind", "puzzle", "solution", "field", "error")

    def __init__(self, no: int, text: str, kind: str, puzzle: "Grid | None" = None,
                 solution: "Grid | None" = None, field: str = "", error: "ParseError | None" = None):
        self.no, self.text, self.kind = no, text, kind
        self.puzzle, self.solution, self.field, self.error = puzzle, solution, field, error


def _grid(field: str, start: int, no: int) -> Grid:
    """Return the 9x9 grid spelled by field (at 0-based column start of line no); ParseError."""
    try:
        return parse_line(field, box="3x3")
    except ParseError as exc:
        col = start + (exc.column or 1)
        raise ParseError(exc.reason, line=no, column=col, char=exc.char) from None


def _read(handle, *, want_solution: bool, notes: list, first_line: int = 1,
          header_line: "int | None" = None) -> Iterator[_Line]:
    """Yield a _Line per line of handle but blank and '#' comment lines (dropped, as the
    record commands drop them); notes collects (line no, text) of headers passed through.

    Lines are numbered from first_line.  A header may stand on the first content line; for
    a block of a bigger input, header_line names that line (0: it is not in this block).
    """
    seen_content = header_line is not None
    for no, raw in enumerate(handle, first_line):
        text = raw.rstrip("\r\n")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        cut = _TRAILING_COMMENT.search(text)
        fields = [(m.start(), m.group()) for m in _FIELD.finditer(text, 0, cut.start() if cut else len(text))]
        for k, (_, f) in enumerate(fields):
            if f.startswith("{"):  # augment's transform JSON ends the record
                del fields[k:]
                break
        first = not seen_content or no == header_line
        seen_content = True
        if not fields:
            col = len(text) - len(text.lstrip())
            yield _Line(no, text, "error", error=ParseError(
                "no puzzle on the line", line=no, column=col + 1, char=text[col]))
            continue
        start, field = fields[0]
        if first and _HEADER.fullmatch(field):
            notes.append((no, text))
            yield _Line(no, text, "pass")
            continue
        try:
            puzzle = _grid(field, start, no)
            solution = None
            if want_solution and len(fields) > 1:
                k = 1
                s1, f1 = fields[1]
                if text[s1 - 1] == ":" and f1.isdigit() and len(f1) <= 3:
                    k = 2  # tdoku's puzzle:count:solution
                if k < len(fields):
                    s, f = fields[k]
                    solution = _grid(f, s, no)
        except ParseError as exc:
            yield _Line(no, text, "error", error=exc)
            continue
        yield _Line(no, text, "record", puzzle, solution, field)


def _open(args, cmd: str, err):
    """Return (handle, display name), or (None, None) after an I/O message on err."""
    name = getattr(args, "file", "-") or "-"
    try:
        handle = open_text(name)
    except OSError as exc:
        err.write(f"sudokit {cmd}: cannot read {name!r}: {exc.strerror or exc}\n")
        return None, None
    return handle, "<stdin>" if name == "-" else name


def _close(handle) -> None:
    if handle is not sys.stdin:
        handle.close()


def _report_error(cmd: str, display: str, line: _Line, out, err) -> None:
    """Echo a bad line with TAB 'error' and name its line and column on err."""
    exc = line.error
    where = f"{display}: line {line.no}" + (f", column {exc.column}" if exc.column else "")
    char = f" ({describe(exc.char)})" if exc.char is not None and "character" not in exc.reason \
        and "byte" not in exc.reason else ""
    err.write(f"sudokit {cmd}: {where}: {exc.reason}{char}\n")
    out.write(line.text + "\terror\n")


def _notes(cmd: str, display: str, notes: list, err) -> None:
    for no, text in notes:
        err.write(f"sudokit {cmd}: {display}: line {no}: header {text!r} passed through\n")
    notes.clear()


def _run(cmd: str, args, out, err, body) -> int:
    """Open args.file, run body(lines, display, notes) -> status; 3 on an I/O error."""
    handle, display = _open(args, cmd, err)
    if handle is None:
        return EXIT_IO
    try:
        return body(handle, display)
    except BrokenPipeError:  # a closed output pipe (| head -1): main ends quietly with 0
        raise
    except OSError as exc:
        err.write(f"sudokit {cmd}: {display}: {exc.strerror or exc}\n")
        return EXIT_IO
    finally:
        _close(handle)


# --- verify ---------------------------------------------------------------------------------

def _verify_lines(lines, display: str, out, err, *, first_line: int = 1,
                  header_line: "int | None" = None) -> tuple[int, int]:
    """Verify the records of lines, writing to out and err; return (exit status, records)."""
    status = EXIT_OK
    records = 0
    notes: list = []
    for line in _read(lines, want_solution=True, notes=notes, first_line=first_line,
                      header_line=header_line):
        _notes("verify", display, notes, err)
        if line.kind == "pass":
            out.write(line.text + "\n")
            continue
        records += 1
        if line.kind == "error":
            status = EXIT_DATA
            _report_error("verify", display, line, out, err)
        else:
            if line.solution is None:
                ok, reason = False, "no solution on the line"
            else:
                from ..symmetry import verify
                ok, reason = verify(line.puzzle, line.solution)
            if ok:
                out.write(f"{line.field}\tok\n")
            else:
                status = EXIT_DATA
                out.write(f"{line.field}\tbad: {reason}\n")
    return status, records


def verify_block(spec: tuple, block):
    """Verify one block of lines (pipeline work; picklable): a records BlockResult whose
    problems is the block's exit status."""
    import io
    from ..records._commands import BlockResult
    display, header_line = spec
    lines = _LINE_END.split(block.data.decode("utf-8", "surrogateescape"))
    if lines and not lines[-1]:
        lines.pop()
    out, err = io.StringIO(), io.StringIO()
    status, records = _verify_lines(lines, display, out, err, first_line=block.first_line,
                                    header_line=header_line)
    return BlockResult(out.getvalue(), records, status, err.getvalue(), "")


def run_verify(args, out, err) -> int:
    """Write ``puzzle<TAB>ok`` or ``puzzle<TAB>bad: <reason>`` per record; return the exit status.

    A file or a pipe is read in blocks of lines shared among --jobs worker processes
    (sudokit.records.pipeline), output in input order; a terminal is read line by line.
    """
    name = getattr(args, "file", "-") or "-"
    if name == "-" and (getattr(sys.stdin, "buffer", None) is None or sys.stdin.isatty()):
        def body(handle, display):
            return _verify_lines(handle, display, out, err)[0]
        return _run("verify", args, out, err, body)
    try:
        stream = sys.stdin.buffer if name == "-" else open(name, "rb")
    except OSError as exc:
        err.write(f"sudokit verify: cannot read {name!r}: {exc.strerror or exc}\n")
        return EXIT_IO
    display = "<stdin>" if name == "-" else name
    try:
        stream, text_only = _text_only(stream, borrowed=name == "-")
        if text_only:  # UTF-16 or old Mac line ends: decoded as text, in this process
            return _verify_lines(text_of(stream, borrowed=name == "-"), display, out, err)[0]
        return _verify_blocks(args, stream, name, display, out, err)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        err.write(f"sudokit verify: {display}: {exc.strerror or exc}\n")
        return EXIT_IO
    finally:
        if name != "-":
            stream.close()


_LINE_END = re.compile(r"\r\n|\r|\n")  # universal newlines, as open_text reads text
_LONE_CR = re.compile(rb"\r(?!\n)")
PEEK = 1 << 13  # bytes looked at for lone CR line ends


def _text_only(stream, *, borrowed: bool):
    """Return (stream', True) when the input must be read as text, not in byte blocks.

    That is when it starts with a UTF-16 BOM, or when its first bytes end lines with a
    lone CR (old Mac files: byte blocks are cut at LF, so a CR-only file would be one
    block).  Nothing is consumed: stream' reads from the start (see peek_head).  A lone
    CR further in still ends a line (verify_block splits like open_text) but the line
    numbers of the blocks after it then count LF only.
    """
    stream, head = peek_head(stream, borrowed=borrowed)
    if head in UTF16_BOMS:
        return stream, True
    peek = getattr(stream, "peek", None)
    if peek is None:
        return stream, False
    window = peek(PEEK)[:PEEK]
    if window.endswith(b"\r"):
        window = window[:-1]  # its LF may be just beyond the window
    return stream, _LONE_CR.search(window) is not None


def _verify_blocks(args, stream, name: str, display: str, out, err) -> int:
    import functools
    from ..records import pipeline
    from types import SimpleNamespace
    from ..records._drive import Writer, _feed_blocks
    args = SimpleNamespace(command="verify", jobs=getattr(args, "jobs", None),  # (or fewer)
                           unordered=getattr(args, "unordered", False),
                           progress=getattr(args, "progress", None))
    jobs = args.jobs or pipeline.usable_cpus()
    total, blocks = pipeline.blocks_of(stream, name, jobs)
    head = []
    header_line = 0
    for block in blocks:  # find the first content line: the only place for a header
        data = block.data[3:] if block.seq == 0 and block.data.startswith(b"\xef\xbb\xbf") \
            else block.data
        head.append(pipeline.Block(block.seq, block.first_line, data))
        for k, raw in enumerate(data.split(b"\n")):
            t = raw.strip()
            if t and not t.startswith(b"#"):
                header_line = block.first_line + k
                break
        if header_line:
            break
    # (the blocks machinery of the record commands; a block's problems: its exit status)
    command = SimpleNamespace(out=Writer(out, False), quiet=False, errors=None, records=0,
                              problems=0)
    _feed_blocks(command, args, err, itertools.chain(head, blocks),
                 functools.partial(verify_block, (display, header_line)), jobs, total, display,
                 fork=False)
    return EXIT_DATA if command.problems else EXIT_OK


# --- dedupe ---------------------------------------------------------------------------------

def pack_key(canon: str) -> bytes:
    """Return the 81-character canonical line packed two cells a byte (41 bytes, blank = 0).

    Exact (one-to-one), so equal keys mean equal canonical forms.  About 75 bytes per key in
    a set, versus ~130 for the 81-character str.  Rejected alternative: a 64-bit hash with
    the full forms kept for an exact compare on a hit (smaller still, but two stores).
    """
    b = canon.encode("ascii").translate(_NIBBLE) + b"\x00"
    return bytes([b[i] << 4 | b[i + 1] for i in range(0, 82, 2)])


_NIBBLE = bytes.maketrans(b".0123456789", b"\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09")


def run_dedupe(args, out, err) -> int:
    """Write the lines whose puzzle is not equivalent to an earlier one, in input order.

    Lines are read CHUNK at a time and their puzzles canonicalised with one canonical_lines
    call per chunk; memory holds one packed 41-byte key per distinct puzzle (pack_key).
    ``kept K of N (D duplicates)`` goes to err (N counts the puzzles read).
    """
    def body(handle, display):
        status = EXIT_OK
        notes: list = []
        seen: set[bytes] = set()
        kept = total = 0

        def flush(chunk):
            nonlocal status, kept, total
            records = [ln for ln in chunk if ln.kind == "record"]
            from ..symmetry import canonical_lines
            canon = iter(canonical_lines([format_line(ln.puzzle) for ln in records]) if records else [])
            for ln in chunk:
                if ln.kind == "pass":
                    out.write(ln.text + "\n")
                elif ln.kind == "error":
                    status = EXIT_DATA
                    _report_error("dedupe", display, ln, out, err)
                else:
                    total += 1
                    key = pack_key(next(canon))
                    if key not in seen:
                        seen.add(key)
                        kept += 1
                        out.write(ln.text + "\n")

        chunk = []
        for line in _read(handle, want_solution=False, notes=notes):
            _notes("dedupe", display, notes, err)
            chunk.append(line)
            if len(chunk) >= CHUNK:
                flush(chunk)
                chunk = []
        flush(chunk)
        err.write(f"kept {kept} of {total} ({total - kept} duplicates)\n")
        return status
    return _run("dedupe", args, out, err, body)


# --- augment --------------------------------------------------------------------------------

def line_rng(seed: int, line_no: int) -> _random.Random:
    """Return the random stream of input line line_no: the same (seed, line) gives the same stream.

    A str seed is hashed with SHA-512 by random.Random (not by hash()), so it does not depend on
    PYTHONHASHSEED, the platform or the other lines of the file.
    """
    return _random.Random(f"sudokit-augment:{seed}:{line_no}")


def run_augment(args, out, err) -> int:
    """Write --count lines ``puzzle[,solution],<transform JSON>`` per record; return the status.

    Images keep the input's blank (0 if the puzzle field has a 0, else '.').  A record whose
    solution fails symmetry.verify is an error line (never augmented into wrong pairs).
    """
    count = args.count
    seed = args.seed
    if seed is None:
        seed = _random.SystemRandom().randrange(2 ** 32)
        err.write(f"sudokit augment: --seed {seed}\n")

    def body(handle, display):
        status = EXIT_OK
        notes: list = []
        for line in _read(handle, want_solution=True, notes=notes):
            _notes("augment", display, notes, err)
            if line.kind == "record" and line.solution is not None:
                from ..symmetry import verify
                ok, reason = verify(line.puzzle, line.solution)
                if not ok:
                    line.kind = "error"
                    line.error = ParseError(f"the solution does not solve the puzzle: {reason}",
                                            line=line.no)
            if line.kind == "pass":
                out.write(line.text + "\n")
            elif line.kind == "error":
                status = EXIT_DATA
                _report_error("augment", display, line, out, err)
            else:
                blank = "0" if "0" in line.field else "."
                rng = line_rng(seed, line.no)
                what = line.puzzle if line.solution is None else (line.puzzle, line.solution)
                from ..symmetry import augment
                for image, tr in augment(what, count=count, rng=rng):
                    grids = (image,) if line.solution is None else image
                    cells = ",".join(format_line(g, blank=blank) for g in grids)
                    out.write(f"{cells},{json.dumps(tr.to_dict(), separators=(',', ':'))}\n")
        return status
    return _run("augment", args, out, err, body)


# --- stats ----------------------------------------------------------------------------------

STATS_HEADER = "line\tclues\tcount\tguesses\tverdict"


def run_stats(args, out, err) -> int:
    """Write a TSV row ``line clues count guesses verdict`` per record, a summary on err.

    line: the input line number; count: solutions found, counting to 2 (2 means 2 or more);
    guesses: search nodes of the engine (--engine; auto is fast9 with the C kernels and
    propagate in pure Python, whose node counts differ: a fixed engine counts the same on both
    backends); verdict: unique, ambiguous, impossible, illegal (givens clash: no search,
    count 0, guesses 0) or limit (--node-limit reached).
    """
    node_limit = getattr(args, "node_limit", None)
    engine = getattr(args, "engine", "auto")

    def body(handle, display):
        status = EXIT_OK
        notes: list = []
        out.write(STATS_HEADER + "\n")
        verdicts = {str(v): 0 for v in (Verdict.UNIQUE, Verdict.AMBIGUOUS, Verdict.IMPOSSIBLE,
                                         Verdict.ILLEGAL, Verdict.LIMIT)}
        clues: list[int] = []
        guesses = 0
        max_guesses = 0
        errors = 0
        engines: set = set()
        for line in _read(handle, want_solution=False, notes=notes):
            _notes("stats", display, notes, err)
            if line.kind == "pass":
                out.write(line.text + "\n")
                continue
            if line.kind == "error":
                status = EXIT_DATA
                errors += 1
                _report_error("stats", display, line, out, err)
                continue
            grid = line.puzzle
            n_clues = grid.givens
            if not grid.is_legal():
                count, nodes, verdict = 0, 0, str(Verdict.ILLEGAL)
            else:
                result = search(grid, limit=2, node_limit=node_limit, engine=engine)
                count, nodes, verdict = result.count, result.nodes, str(result.verdict)
                engines.add(result.engine)
            verdicts[verdict] += 1
            clues.append(n_clues)
            guesses += nodes
            max_guesses = max(max_guesses, nodes)
            out.write(f"{line.no}\t{n_clues}\t{count}\t{nodes}\t{verdict}\n")
        n = len(clues)
        parts = ", ".join(f"{v} {k}" for k, v in verdicts.items())
        summary = f"stats: {n} puzzles ({parts}); {errors} bad lines"
        if n:
            summary += (f"; clues min {min(clues)} mean {sum(clues) / n:.1f} max {max(clues)}"
                        f"; guesses mean {guesses / n:.1f} max {max_guesses}")
            if engines:
                summary += f" (search nodes of {', '.join(sorted(engines))})"
        err.write(summary + "\n")
        return status
    return _run("stats", args, out, err, body)


# --- command line ---------------------------------------------------------------------------


def add_parsers(subparsers) -> None:
    """Define ``sudokit verify``, ``dedupe``, ``augment`` and ``stats`` on argparse subparsers."""
    from ._dataset_args import define
    define(subparsers, {"verify": run_verify, "dedupe": run_dedupe, "augment": run_augment,
                        "stats": run_stats})
