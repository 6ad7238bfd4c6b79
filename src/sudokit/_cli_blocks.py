"""The command line's big-input machinery: blocks of lines answered in worker processes.

    answer_lines(command, lines, options)   one block answered in this process (public;
                                             the unit of work of --jobs and of Dask)
    notation(command, first_lines, options) how an input reads, decided once for all blocks
    _run_blocks                             a line-per-record file or pipe through the pool
    _run_text_table / _run_binary_table     CSV/TSV/JSONL, and NPY/Parquet/Arrow inputs

Split from cli.py (argument parsing and the per-record commands), which re-exports the
public names; see sudokit.pipeline for the blocks, the pool, order and Ctrl-C.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import sys
from typing import Callable, Iterable, TextIO

from . import formats
from .cli import (_COMMANDS, _MULTILINE, _Command, _Input, _UsageError, _stdin_is_tty,
                  build_parser)
from .errors import ParseError
from .shape import Shape


# --- big inputs: blocks of lines, shared among worker processes ---------------------------
#
# A file (or a pipe) whose records are one per line is read in blocks of whole lines
# (sudokit.pipeline); each block is read, answered and written out as text by _work, in this
# process or in a worker, and the texts are written in input order.  The notation (format,
# alphabet) is decided once, from the first lines, exactly as the streaming reader would.

_PER_LINE = {"line", "json", "pencilmarks"}  # formats whose records never span lines
_WORK_CHUNK = 256                            # records between two looks at the stop flag


class _BlockResult:
    """What _work returns: output text, counts, stderr notes, --errors lines."""

    __slots__ = ("text", "records", "problems", "notes", "log", "partial")

    def __init__(self, text, records, problems, notes, log, partial=False):
        self.text, self.records, self.problems = text, records, problems
        self.notes, self.log, self.partial = notes, log, partial


def _work(spec: tuple, block) -> _BlockResult:
    """Answer the records of one block of lines (see _run_blocks); picklable for workers."""
    from . import pipeline
    options, name, reading, hint, fmt, alphabet = spec
    args = argparse.Namespace(**options)
    notes = io.StringIO()
    command = _COMMANDS[args.command](args, None, notes)
    log = io.StringIO() if args.errors else None
    command.errors = log
    lines = block.data.decode("utf-8", "surrogateescape").split("\n")
    if lines and not lines[-1]:
        lines.pop()
    src = _Input(name, lines, args)
    src.reading, src.first_line, src.hint = reading, block.first_line, hint
    src.format, src.alphabet = fmt, alphabet
    texts: list[str] = []
    command.texts = texts
    bad = block.bad or {}
    try:
        fast = _fast9(command, src)
        if fast is None:
            partial = _work_records(command, src, bad)
        else:
            partial = _work_fast9(command, src, lines, block, fast)
    except KeyboardInterrupt:  # (in this process only: workers ignore SIGINT)
        raise pipeline.Interrupted(_BlockResult("".join(texts), command.records, command.problems,
                                                notes.getvalue(), log.getvalue() if log else "",
                                                True)) from None
    return _BlockResult("".join(texts), command.records, command.problems, notes.getvalue(),
                        log.getvalue() if log else "", partial)


def _work_records(command: _Command, src: _Input, bad: dict) -> bool:
    """Answer every record src reads, in chunks; True if stopped early (partial)."""
    from . import pipeline
    for chunk in _record_chunks(src, bad):
        command.handle(src, chunk)
        if len(chunk) == _WORK_CHUNK and pipeline.stopping():
            return True
    return False


# --- the 9x9 fast path -------------------------------------------------------------------
#
# Most big inputs are files of plain 81-character lines.  For those, reading a record, a
# Grid and a formatted answer per line cost about 7 us in Python against about 2 us for
# the fast9 kernel itself.  _work_fast9 takes every *plain* line of a block (exactly 81
# symbols of the default 9x9 alphabet, nothing around them but an optional CR) straight
# from bytes to one C batch call and writes the answers from the output buffer; any other
# line (comment, blank, spaces, another size, a bad character) and any plain line whose
# answer is not a plain success (illegal, impossible, ambiguous, node limit) goes through
# the ordinary record path, in order, with its own line number.  The output is the same
# byte for byte (tests/test_cli_fast9.py compares the two on mixed inputs).
#
# Rejected: a C parser and printer of whole blocks -- the byte table, one bulk translate
# per window and C format_lines already bring the Python side to about 0.3 us a line
# (cProfile on 100,000 lines), against 2-3 us of kernel and checker.

_FAST9_WINDOW = 2048  # lines per C call: the stop flag is looked at between windows


def _fast9(command: _Command, src: _Input):
    """(mode, limit) of the fast path for this command and notation; None: it does not apply."""
    from .cli import _Check, _Count, _Solve, _batch_usable
    args = command.args
    kind = type(command)
    if kind not in (_Solve, _Check, _Count) or src.reading != "line":
        return None
    if not _batch_usable(args) or args.alphabet is not None or src.alphabet is not None:
        return None
    if args.box is not None and (args.box.box_rows, args.box.box_cols) != (3, 3):
        return None
    if src.format not in ("line", "sdm"):
        return None
    if kind is _Solve:
        if (args.to or src.format) not in ("line", "sdm"):
            return None
        return ("solve", 2 if args.unique else 1)
    if kind is _Count:
        limit = args.limit or None
        if limit is None or limit > _Count.BATCH_MAX_LIMIT:
            return None
        return ("count", limit)
    return ("check", 2)


def _plain9(raw: list[bytes], start: int, stop: int, read: bytes, bad: dict, first: int):
    """(indices of the plain lines among raw[start:stop], their values, 81 bytes each).

    A whole window of plain lines, with or without CRs (the usual case), is checked and
    translated in one piece; anything else line by line.
    """
    seg = raw[start:stop]
    if not bad:
        lengths = set(map(len, seg))
        joined = b"".join(seg)
        values = None
        if lengths == {81}:
            values = joined.translate(read)
        elif lengths == {82} and joined[81::82] == b"\r" * len(seg):
            values = joined.translate(read, b"\r")
        if values is not None and len(values) == 81 * len(seg) and values.find(255) < 0:
            return range(start, stop), values
    plain: list[int] = []
    parts: list[bytes] = []
    for k in range(start, stop):
        line = raw[k]
        if len(line) == 82 and line[81] == 13:  # CR LF
            line = line[:81]
        if len(line) == 81 and first + k not in bad:
            b = line.translate(read)
            if b.find(255) < 0:
                plain.append(k)
                parts.append(b)
    return plain, b"".join(parts)


def _work_fast9(command: _Command, src: _Input, lines: list[str], block, fast) -> bool:
    """Answer a block's lines with the fast path where it applies; True if stopped early."""
    from . import _backend, pipeline
    from .cli import (_FLAG_STOPPED, _SPELL9, _c_batch9_values, _count_word, _solve_status9,
                      _verdict9)
    from .solver import Verdict
    from .symbols import DEFAULT
    mode, limit = fast
    node_limit = command.args.node_limit or 0
    read = formats._byte_table(DEFAULT, 9)  # the reader's own table: symbol -> value, else 255
    raw = block.data.split(b"\n")
    if raw and not raw[-1]:
        raw.pop()
    bad = block.bad or {}
    first = block.first_line
    texts = command.texts
    for start in range(0, len(raw), _FAST9_WINDOW):
        stop = min(start + _FAST9_WINDOW, len(raw))
        plain, values = _plain9(raw, start, stop, read, bad, first)
        # per plain line answered here: its text; the other lines take the record path,
        # which also reports every status that is a problem (same words, same notes)
        answers: dict[int, str] = {}
        whole = None  # every line of the window plain and solved: one text, spelled in C
        if plain:
            sols, counts, flags = _c_batch9_values(values, len(plain), limit, node_limit)
            if mode == "solve":
                # _solve_status9 is "solved" for every line when all counts are >= 1 and,
                # counting to 2, exactly 1 with no node limit hit: checked in bulk first
                if isinstance(plain, range) and min(counts) >= 1 and (
                        limit == 1 or (max(counts) == 1
                                       and not any(f & _FLAG_STOPPED for f in flags))):
                    whole = _backend.C.format_lines(sols, 9).decode("ascii")
                else:
                    spelled = bytes(sols).translate(_SPELL9).decode("ascii")
                    answers = {k: spelled[81 * p:81 * p + 81] + "\n" for p, k in enumerate(plain)
                               if _solve_status9(counts[p], flags[p], limit) == "solved"}
            else:
                for p, k in enumerate(plain):
                    count, flag = counts[p], flags[p]
                    if mode == "check":
                        verdict = _verdict9(count, flag)
                        if verdict is Verdict.LIMIT:
                            continue
                        word = verdict.value
                    elif flag & _FLAG_STOPPED:
                        continue
                    else:
                        word = _count_word(count, limit)
                    answers[k] = lines[k].rstrip("\r") + "\t" + word + "\n"
        if whole is not None:
            texts.append(whole)
            command.records += len(plain)
        k = stop if whole is not None else start
        while k < stop:
            text = answers.get(k)
            if text is not None:
                texts.append(text)
                command.records += 1
                k += 1
                continue
            end = k + 1
            while end < stop and end not in answers:
                end += 1
            src.handle, src.first_line = lines[k:end], first + k
            for rec_chunk in _record_chunks(src, bad):
                command.handle(src, rec_chunk)
            k = end
        if pipeline.stopping() and stop < len(raw):
            return True
    return False


def _record_chunks(src: _Input, bad: dict):
    """src's records in chunks of _WORK_CHUNK (bad lines turned into errors)."""
    chunk: list = []
    for rec in src.records():
        if rec.line in bad:
            rec = formats.Record(rec.index, rec.line, None,
                                 ParseError(bad[rec.line], line=rec.line, source=src.display),
                                 rec.text, None)
        chunk.append(rec)
        if len(chunk) >= _WORK_CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class LinesAnswer:
    """The answer of answer_lines: output text, and what went wrong (if anything)."""

    __slots__ = ("text", "records", "problems", "notes", "log")

    def __init__(self, text: str, records: int, problems: int, notes: str, log: list[dict]):
        self.text, self.records, self.problems, self.notes, self.log = (
            text, records, problems, notes, log)

    def lines(self) -> list[str]:
        """The output as a list of lines (without their newlines)."""
        return self.text.splitlines()


def notation(command: str, lines: Iterable[str], options: Iterable[str] = ()) -> tuple:
    """Return how the first lines of an input read: pass it to answer_lines for the rest.

    The command line decides the notation (format, grid size hint, alphabet) once, from the
    first lines of the whole input; a piece of a bigger input answered on its own must be
    given the same notation, or a piece that starts with a bad line could read differently.
    """
    args = _answer_args(command, options)
    rows = [t[:-1] if t.endswith("\n") else t for t in lines]
    if rows and rows[0].startswith("\ufeff"):
        rows[0] = rows[0][1:]
    reading, hint = _reading_format(rows, args)
    if reading not in _PER_LINE:
        raise ValueError(f"answer_lines needs one record per line, not {reading!r} records")
    src = _Input("<lines>", rows, args)
    src.reading, src.hint = reading, hint
    for rec in src.records():
        if rec.grid is not None:
            src.learn(rec)
            break
    return (reading, hint, src.format, src.alphabet)


def _answer_args(command: str, options: Iterable[str]) -> argparse.Namespace:
    if command not in _COMMANDS:
        raise ValueError(f"answer_lines runs {', '.join(_COMMANDS)}, not {command!r}")
    return build_parser().parse_args([command, *options, "--errors", os.devnull])


def answer_lines(command: str, lines: Iterable[str], options: Iterable[str] = (), *,
                 first_line: int = 1, source: str = "<lines>",
                 notation: tuple | None = None) -> LinesAnswer:
    """Run a record command (solve, check, count, convert) on lines, in this process.

    ``options`` are that command's command-line options (e.g. ``["--unique"]`` or
    ``["--to", "json"]``); the output is exactly what ``sudokit COMMAND`` writes for those
    lines, with line numbers counted from ``first_line``.  For a piece of a bigger input,
    pass ``notation=notation(command, first_lines_of_the_input, options)``.  This is the
    unit of work of ``--jobs`` and of the Dask mapping (sudokit.distributed).  ``log``
    holds one dict per problem record (source, line, column, char, status, reason), as
    ``--errors`` writes.
    """
    from .pipeline import Block
    options = list(options)
    args = _answer_args(command, options)
    lines = list(lines)
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    if notation is None:
        notation = globals()["notation"](command, text.split("\n")[:-1], options)
    reading, hint, fmt, alphabet = notation
    options_ = {k: v for k, v in vars(args).items() if k != "run"}
    spec = (options_, source, reading, hint, fmt, alphabet)
    result = _work(spec, Block(0, first_line, text.encode("utf-8", "surrogateescape")))
    log = [json.loads(line) for line in result.log.splitlines()]
    return LinesAnswer(result.text, result.records, result.problems, result.notes, log)


def _reading_format(lines: list[str], args) -> tuple[str, Shape | None]:
    """Return (the format the streaming reader would read these first lines as, line hint)."""
    from . import _formats_stream as fs
    fmt = args.format
    if fmt in ("sdk", "ss"):
        return "block", None
    if fmt == "sdm":
        return "line", None
    if fmt != "auto":
        return fmt, None
    window: list[tuple[int, str]] = []
    for no, raw in enumerate(lines, 1):
        window.append((no, raw))
        if sum(1 for _, t in window if t.strip() and not t.strip().startswith("#")) >= fs.WINDOW:
            break
    first = next((t.strip() for _, t in window if t.strip() and not t.strip().startswith("#")), "")
    if formats.detect_format(first, box=args.box) == "pencilmarks":
        return "pencilmarks", None
    name, _ = fs._detect(window, args.box)
    return name, (fs._line_hint(window, args.box, args.alphabet) if name == "line" else None)


class _Chained(io.RawIOBase):
    """A raw stream reading the byte strings of an iterable in turn (to re-read a peek)."""

    def __init__(self, parts: Iterable[bytes]):
        self.parts = iter(parts)
        self.head = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        while not self.head:
            self.head = next(self.parts, None)
            if self.head is None:
                self.head = b""
                return 0
        n = min(len(buf), len(self.head))
        buf[:n] = self.head[:n]
        self.head = self.head[n:]
        return n


def _run_blocks(command: _Command, name: str, args, err: TextIO) -> bool:
    """Run one input through blocks and workers; False (nothing read) when it does not fit.

    It fits when the records are one per line (line, json, pencil marks), the input is
    UTF-8 and not a terminal.  Otherwise the input is handed back, whole, to the streaming
    reader (command.run_input), which reads any format one record at a time.
    """
    from . import pipeline
    if name == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None or _stdin_is_tty():
            return False
        display = "<stdin>"
    else:
        stream = open(name, "rb")
        display = name
    try:
        jobs = args.jobs or pipeline.usable_cpus()
        total, blocks = pipeline.blocks_of(stream, name, jobs)
        head = pipeline.head_blocks(blocks)  # enough lines to detect the format as the reader
        data = b"".join(b.data for b in head)
        bom = data.startswith(b"\xef\xbb\xbf")
        lines = data[3 if bom else 0:].decode("utf-8", "surrogateescape").split("\n")
        reading, hint = _reading_format(lines, args)
        if (data[:2] in (b"\xff\xfe", b"\xfe\xff") or reading not in _PER_LINE
                or (b"\r" in data and b"\r\n" not in data)):
            rest = itertools.chain([data], (b.data for b in blocks))
            text = io.TextIOWrapper(io.BufferedReader(_Chained(rest)),
                                    encoding="utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff")
                                    else "utf-8-sig", errors="surrogateescape", newline=None)
            try:
                command.run_input(_Input(name, text, args))
            finally:
                text.detach()
            return True
        if bom:
            head[0] = pipeline.Block(0, 1, head[0].data[3:])
        src = _Input(name, lines, args)
        src.reading, src.hint = reading, hint
        for rec in src.records():  # learn the notation from the first good record
            if rec.grid is not None:
                src.learn(rec)
                break
        import functools
        options = {k: v for k, v in vars(args).items() if k != "run"}
        spec = (options, name, reading, hint, src.format, src.alphabet)
        fmt = args.to if getattr(args, "to", None) else src.format
        _feed_blocks(command, args, err, itertools.chain(head, blocks),
                     functools.partial(_work, spec), jobs, total, display,
                     multiline=fmt in _MULTILINE or fmt == "block+")
        return True
    finally:
        if name != "-":
            stream.close()


def _feed_blocks(command: _Command, args, err: TextIO, blocks, work, jobs: int,
                 total: int | None, display: str, *, multiline: bool = False,
                 write: Callable | None = None) -> None:
    """Run the blocks through pipeline.run; write texts (or call write), notes, --errors."""
    from . import pipeline
    progress = pipeline.Progress(err, label=f"sudokit {args.command} {display}",
                                 total_bytes=total, force=bool(args.progress))
    if args.progress is False or command.quiet and args.progress is None:
        progress.on = False
    wrote = [command.records > 0 and multiline]

    def on_result(block, result: _BlockResult) -> None:
        if write is not None:
            write(block, result)
        else:
            text = result.text
            if multiline and text:
                if wrote[0]:
                    text = "\n" + text
                wrote[0] = True
            command.out.write([text])
        if result.notes:
            progress.clear()
            if not command.quiet:
                err.write(result.notes)
        if result.log and command.errors is not None:
            command.errors.write(result.log)
        command.records += result.records
        command.problems += result.problems
        progress.advance(result.records, len(block.data) if total else 0)

    def idle() -> None:
        command.out.flush()
        if progress.on:
            progress.draw()

    try:
        pipeline.run(blocks, work, on_result, jobs=jobs, ordered=not args.unordered,
                     eager=args.jobs is not None, idle=idle)
    finally:
        progress.close()


def _run_text_table(command: _Command, name: str, kind: str, args, err: TextIO) -> None:
    """A CSV/TSV/JSONL input: layout from the first lines, rows answered in blocks."""
    import functools
    from . import _cli_tables as tables, pipeline
    if args.command not in tables.ADDED:
        raise _UsageError(f"{args.command} does not take {kind} tables (solve, check and "
                          "count do)")
    stream = sys.stdin.buffer if name == "-" else open(name, "rb")
    display = "<stdin>" if name == "-" else name
    try:
        jobs = args.jobs or pipeline.usable_cpus()
        total, blocks = pipeline.blocks_of(stream, name, jobs)
        head = pipeline.head_blocks(blocks, 65)  # the header and rows to judge the puzzle column
        if head and head[0].data.startswith(b"\xef\xbb\xbf"):
            head[0] = pipeline.Block(0, 1, head[0].data[3:])
        data = b"".join(b.data for b in head)
        lines = data.decode("utf-8", "surrogateescape").split("\n")
        lines = [t[:-1] if t.endswith("\r") else t for t in lines]
        try:
            layout = tables.text_layout(kind, lines[:200], args, display)
        except tables.TableUsageError as exc:
            raise _UsageError(str(exc)) from None
        inner_args = argparse.Namespace(**{k: v for k, v in vars(args).items() if k != "run"})
        inner_args.format, inner_args.to = "line", None
        probe = []
        for no, t in enumerate(lines[:200], 1):
            if no != layout["header_line"] and t.strip():
                puzzle, _, why, _ = tables._row_puzzle(kind, t, layout["delimiter"], layout["col"])
                if why is None:
                    probe.append(puzzle)
        src = _Input(name, probe, inner_args)
        src.reading = "line"
        for rec in src.records():
            if rec.grid is not None:
                src.learn(rec)
                break
        inner = (vars(inner_args), name, "line", None, src.format, src.alphabet)
        work = functools.partial(tables.work_text_rows, (inner, layout, args.command))
        _feed_blocks(command, args, err, itertools.chain(head, blocks), work, jobs, total,
                     display)
    finally:
        if name != "-":
            stream.close()


def _run_binary_table(command: _Command, name: str, kind: str, args, err: TextIO) -> None:
    """An NPY/Parquet/Arrow input: rows read here in blocks, answered in the workers."""
    import functools
    from . import _cli_tables as ctables, pipeline, tables
    if args.command not in ctables.ADDED:
        raise _UsageError(f"{args.command} does not take {kind} files (solve, check and "
                          "count do)")
    if name == "-":
        raise _UsageError(f"a {kind} input must be a file, not stdin")
    out_kind = tables.kind_of(args.output) if args.output and args.output != "-" else None
    if out_kind == "npy" and args.command != "solve":
        raise _UsageError(f"{args.command} writes text, Parquet or Arrow; .npy output holds "
                          "solutions (solve)")
    jobs = args.jobs or pipeline.usable_cpus()
    try:
        if kind == "npy":
            source = tables.open_npy(name, box=args.box)
        else:
            source = tables.open_table(name, col=args.col)
        # about 8 blocks per worker, so a short file of hard puzzles is shared too
        source.rows_per_block = max(1, min(source.rows_per_block, source.n // (8 * jobs)))
    except tables.TableError as exc:
        raise _UsageError(str(exc)) from None
    pending: dict = {}
    inner_args = argparse.Namespace(**{k: v for k, v in vars(args).items() if k != "run"})
    inner_args.format, inner_args.to = "line", None
    if kind == "npy":
        inner_args.box = source.shape
    inner = (vars(inner_args), name, "line", None, "line", inner_args.alphabet)
    work = functools.partial(_work, inner)
    added = ctables.ADDED[args.command]
    sink = _table_sink(command, args, source, kind, out_kind, added, pending)
    try:
        _feed_blocks(command, args, err, ctables.binary_blocks(source, kind, pending), work,
                     jobs, None, name, write=sink.write if sink else None)
        if sink is not None:
            sink.close()
    finally:
        source.close()


def _table_sink(command: _Command, args, source, kind: str, out_kind, added, pending: dict):
    """The writer of a table output (-o X.npy / X.parquet / X.arrow), or None for text."""
    from . import _cli_tables as ctables, tables
    if out_kind is None:
        return None
    out_path = args.output
    # -o names a table: the record stream (stdout) stays empty; the file is written here
    if kind == "npy" and out_kind == "npy":
        writer = tables.NpyWriter(out_path, source.n, source.tail)
        size = source.shape.size

        def write(block, result) -> None:
            from .batch import parse_lines
            rows = [ctables.result_fields("solve", t)[0] or "0" * source.shape.ncells
                    for t in result.text.split("\n")[:result.records]]
            values, _ = parse_lines(("\n".join(rows) + "\n").encode(), size)
            writer.write(bytes(values))
            pending.pop(block.seq, None)
        return _Sink(write, writer.close)
    if out_kind in ("parquet", "arrow"):
        import pyarrow as pa
        if kind == "npy":
            schema = pa.schema([pa.field("puzzle", pa.string())])
        else:
            schema = source.schema
        writer = tables.ArrowWriter(out_path, schema, added)

        def write(block, result) -> None:
            answers = [ctables.result_fields(args.command, t)
                       for t in result.text.split("\n")[:result.records]]
            batch = pending.pop(block.seq, None)
            if batch is None:
                lines = block.data.decode("utf-8", "surrogateescape").split("\n")[:len(answers)]
                batch = pa.RecordBatch.from_arrays([pa.array(lines, pa.string())], schema=schema)
            elif batch.num_rows != len(answers):
                batch = batch.slice(0, len(answers))
            writer.write(batch, {name: [a[k] for a in answers] for k, name in enumerate(added)})
        return _Sink(write, writer.close)
    raise _UsageError(f"cannot write a {out_kind} table from a {kind} input")


class _Sink:
    __slots__ = ("write", "close")

    def __init__(self, write, close):
        self.write, self.close = write, close
