"""Driving the inputs of the record commands: streams, and blocks answered in worker processes.

    Writer              the output of a run: whole records, Ctrl-C held, timely flushes
    run_inputs          every input of a run in turn: the one call of the command line
    answer_input        one input, by the route that fits it (below, else the streaming
                        reader)
    run_blocks          a line-per-record file or pipe through the pool (sudokit.records.pipeline)
    run_text_table      CSV/TSV/JSON Lines: layout from the first lines, rows in blocks
    run_binary_table    NPY/Parquet/Arrow: rows read here in blocks, answered in the workers

Each block is answered by _commands.work_block (tables: _tablerows.work_rows), in this
process or a worker; the texts are written in input order (or as done, --unordered) to the
command's output (a Writer).  Nothing here parses arguments or calls back into the command
line: sudokit.cli builds the command and its Writer, calls run_inputs once, and prints.
"""

from __future__ import annotations

import functools
import io
import itertools
import sys
import time
from typing import Callable, Iterable, TextIO

from ..errors import UsageError as _UsageError, WriteError as _WriteError
from . import _commands as records
from ._commands import MULTILINE
from ._input import PER_LINE, _Input, _reading_format
from . import TEXT_KINDS


FLUSH_SECONDS = 0.25  # flush the output when this long has passed since the last flush


def _stdin_is_tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _sigint_held():
    from .pipeline import sigint_held  # (imported when the first record is written)
    return sigint_held()


class Writer:
    """The output of a run: lists of record texts written with one join each; flushed when
    asked, or when FLUSH_SECONDS have passed (every record at once when interactive).

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
            self._pieces(text, self.stream.write, self.stream.flush, "\n")
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _WriteError(exc) from exc

    def write_bytes(self, data: bytes) -> None:
        """Write record texts already encoded (UTF-8, surrogateescape), as a worker hands
        them back: straight to the byte stream under the text layer, with no decoding."""
        buffer = getattr(self.stream, "buffer", None)
        encoding = (getattr(self.stream, "encoding", "") or "").lower().replace("-", "")
        if buffer is None or encoding != "utf8" or \
                getattr(self.stream, "errors", "") != "surrogateescape":
            self.write([data.decode("utf-8", "surrogateescape")])
            return
        try:
            with _sigint_held():
                self.stream.flush()  # what was written as text goes first
            self._pieces(data, buffer.write, buffer.flush, b"\n")
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _WriteError(exc) from exc

    def _pieces(self, data, write, flush, newline) -> None:
        """write(data) in pieces of whole records, each with SIGINT held; flush when due."""
        start = 0
        while start < len(data):
            end = len(data)
            if end - start > self.PIECE:
                end = data.rfind(newline, start, start + self.PIECE) + 1 or end
            with _sigint_held():
                write(data[start:end])
                if end - start >= self.PIECE // 4:
                    flush()
            start = end
        now = time.monotonic()
        if self.interactive or now - self.last_flush > FLUSH_SECONDS:
            self.flush()
            self.last_flush = now

    def flush(self) -> None:
        try:
            with _sigint_held():
                self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _WriteError(exc) from exc


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


def run_inputs(command: "records._Command", inputs, args, err: TextIO) -> bool:
    """Answer every (name, table kind or None) of inputs in turn, then flush the output and
    the --errors file; True if an I/O error stopped an input (said on err)."""
    io_error = False
    try:
        for name, kind in inputs:
            io_error |= answer_input(command, name, kind, args, err)
    finally:  # (the --errors file is committed or discarded by cli.main with the output)
        if command.errors is not None:
            try:
                command.errors.flush()
            except (OSError, ValueError):
                pass  # (the commit fails the same way and says so)
        command.out.flush()
    return io_error


def answer_input(command: "records._Command", name: str, kind: "str | None", args,
                 err: TextIO) -> bool:
    """Answer every record of the input name (kind: its table kind, or None); True if an
    I/O error stopped it (said on err)."""
    try:  # tables, and one-record-per-line inputs, go by blocks (workers)
        if kind in TEXT_KINDS:
            run_text_table(command, name, kind, args, err)
            return False
        if kind is not None:
            run_binary_table(command, name, kind, args, err)
            return False
        if args.format in ("auto", "line", "sdm", "json", "pencilmarks") and \
                run_blocks(command, name, args, err):
            return False
    except UnicodeError as exc:
        err.write(f"sudokit: {name}: cannot decode: {exc}\n")
        return True
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        err.write(f"sudokit: cannot read {name!r}: {exc.strerror or exc}\n")
        return True
    from .. import formats
    try:
        handle = formats.open_text(name)
    except OSError as exc:
        err.write(f"sudokit: cannot read {name!r}: {exc.strerror or exc}\n")
        return True
    src = _Input(name, handle, command.args, interactive=name == "-" and _stdin_is_tty())
    try:
        command.run_input(src)
    except UnicodeError as exc:  # e.g. a UTF-16 file with a broken tail
        err.write(f"sudokit: {src.display}: cannot decode: {exc}\n")
        return True
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        err.write(f"sudokit: {src.display}: read error: {exc.strerror or exc}\n")
        return True
    finally:
        if name != "-":
            handle.close()
        else:
            try:
                handle.close()  # detaches from stdin, leaves it open
            except Exception:  # noqa: BLE001
                pass
    return False


def run_blocks(command: "records._Command", name: str, args, err: TextIO) -> bool:
    """Run one input through blocks and workers; False (nothing read) when it does not fit.

    It fits when the records are one per line (line, json, pencil marks), the input is
    UTF-8 and not a terminal.  Otherwise the input is handed back, whole, to the streaming
    reader (command.run_input), which reads any format one record at a time.
    """
    from . import pipeline
    opts = command.args
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
        head, whole = pipeline.read_head(blocks)  # enough lines to detect the format as the reader
        data = b"".join(b.data for b in head)
        bom = data.startswith(b"\xef\xbb\xbf")
        lines = data[3 if bom else 0:].decode("utf-8", "surrogateescape").split("\n")
        reading, hint = _reading_format(lines, opts)
        if (data[:2] in (b"\xff\xfe", b"\xfe\xff") or reading not in PER_LINE
                or (b"\r" in data and b"\r\n" not in data)):
            rest = itertools.chain([data], (b.data for b in blocks))
            text = io.TextIOWrapper(io.BufferedReader(_Chained(rest)),
                                    encoding="utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff")
                                    else "utf-8-sig", errors="surrogateescape", newline=None)
            try:
                command.run_input(_Input(name, text, opts))
            finally:
                text.detach()
            return True
        if bom:  # (offset 3: the answers' place in an output written in place)
            head[0] = pipeline.Block(0, 1, head[0].data[3:], offset=3)
        spec = records.learn_notation(lines, opts, name, reading, hint)
        fmt = opts.to or spec.format
        # an input read whole (one puzzle on stdin) goes to run() as a list: worked here,
        # so nothing is written in place (nor _inplace imported: start-up of one puzzle)
        _feed_blocks(command, args, err, head if whole else itertools.chain(head, blocks),
                     functools.partial(records.work_block_bytes, spec), jobs, total, display,
                     multiline=fmt in MULTILINE, in_place=None if whole else 3 if bom else 0)
        return True
    finally:
        if name != "-":
            stream.close()


def _feed_blocks(command: "records._Command", args, err: TextIO, blocks, work, jobs: int,
                 total: int | None, display: str, *, multiline: bool = False,
                 write: Callable | None = None, in_place: int | None = None,
                 fork: bool = True) -> None:
    """Run the blocks through pipeline.run; write texts (or call write), notes, --errors.

    in_place: the input offset of the first block, when the workers may write their
    answers in place (sudokit.records._inplace; solve and convert of line records, in order, to a
    regular file); fork: the workers may be forked (no thread of a C library runs here).
    """
    from . import pipeline
    progress = pipeline.Progress(err, label=f"sudokit {args.command} {display}",
                                 total_bytes=total, force=bool(args.progress))
    if args.progress is False or command.quiet and args.progress is None:
        progress.on = False
    wrote = [command.records > 0 and multiline]
    placed = None
    if in_place is not None and jobs > 1 and not args.unordered and not multiline \
            and write is None and args.command in ("solve", "convert"):
        from . import _inplace
        command.out.flush()
        placed = _inplace.Placed.open(command.out.stream, in_place, avoid=(err, command.errors))
        if placed is not None:
            work = functools.partial(_inplace.work_placed, work, placed.target)

    def on_result(block, result: records.BlockResult) -> None:
        if write is not None:
            write(block, result)
        elif placed is not None:
            placed.deliver(block, result.text, command.out.write_bytes)
        else:
            text = result.text
            binary = isinstance(text, bytes)
            if multiline and text:
                if wrote[0]:
                    text = (b"\n" if binary else "\n") + text
                wrote[0] = True
            if binary:
                command.out.write_bytes(text)
            else:
                command.out.write([text])
        once = []  # the reading notes of the run: each written the first time it comes
        for note, line in result.once:
            if note not in command.noted:
                command.noted.add(note)
                once.append(line)
        if once or result.notes:
            progress.clear()
            if not command.quiet:
                err.write("".join(once) + result.notes)
        if result.log and command.errors is not None:
            try:
                command.errors.write(result.log)
            except OSError as exc:  # (a write error, not one of the input)
                raise _WriteError(exc) from exc
        command.records += result.records
        command.problems += result.problems
        progress.advance(result.records, len(block.data) if total else 0)

    def idle() -> None:
        command.out.flush()
        if progress.on:
            progress.draw()

    try:
        pipeline.run(blocks, work, on_result, jobs=jobs, ordered=not args.unordered,
                     eager=args.jobs is not None, idle=idle, fork=fork,
                     gate=placed.gate if placed is not None else None)
    finally:
        if placed is not None:
            placed.finish()
        progress.close()


def _table_key(args) -> str:
    """The added columns' key of _tablerows.ADDED: the command, or what it set for tables
    (rate: 'rate' or 'rate+hodoku')."""
    return getattr(args, "table_key", None) or args.command


def run_text_table(command: "records._Command", name: str, kind: str, args, err: TextIO) -> None:
    """A CSV/TSV/JSONL input: layout from the first lines, rows answered in blocks."""
    from . import _tablerows as tables, pipeline
    key = _table_key(args)
    if key not in tables.ADDED:
        raise _UsageError(f"{args.command} does not take {kind} tables (solve, check, count, "
                          "rate, hint and explain do)")
    stream = sys.stdin.buffer if name == "-" else open(name, "rb")
    display = "<stdin>" if name == "-" else name
    try:
        jobs = args.jobs or pipeline.usable_cpus()
        # (CSV/TSV blocks end outside quoted fields: a field may hold a newline)
        total, blocks = pipeline.blocks_of(stream, name, jobs,
                                           quote=None if kind == "jsonl" else b'"')
        head = pipeline.head_blocks(blocks, 65)  # the header and rows to judge the puzzle column
        if head and head[0].data.startswith(b"\xef\xbb\xbf"):
            head[0] = pipeline.Block(0, 1, head[0].data[3:])
        data = b"".join(b.data for b in head)
        lines = data.decode("utf-8", "surrogateescape").split("\n")
        lines = [t[:-1] if t.endswith("\r") else t for t in lines]
        try:
            layout = tables.text_layout(kind, lines[:200], args, display, tables.ADDED[key])
        except tables.TableUsageError as exc:
            raise _UsageError(str(exc)) from None
        filled = [a for a, at in zip(tables.ADDED[key], layout["places"]) if at is not None]
        if filled and not command.quiet:
            err.write(f"sudokit: {display}: the column{'s' if len(filled) > 1 else ''} "
                      f"{', '.join(filled)} already there {'are' if len(filled) > 1 else 'is'} "
                      f"filled with the answers (the old values replaced)\n")
        inner = command.args.replace(format="line", to=tables.inner_output(key))
        probe = []
        for no, t in enumerate(lines[:200], 1):
            if no != layout["header_line"] and t.strip():
                puzzle, _, why, _ = tables._row_puzzle(kind, t, layout["delimiter"], layout["col"])
                if why is None:
                    probe.append(puzzle)
        spec = records.learn_notation(probe, inner, name, "line", None)
        work = functools.partial(tables.work_text_rows, (spec, layout, key))
        _feed_blocks(command, args, err, itertools.chain(head, blocks), work, jobs, total,
                     display)
    finally:
        if name != "-":
            stream.close()


def run_binary_table(command: "records._Command", name: str, kind: str, args, err: TextIO) -> None:
    """An NPY/Parquet/Arrow input: rows read here in blocks, answered in the workers."""
    from . import _tablerows as ctables, pipeline, tables
    key = _table_key(args)
    if key not in ctables.ADDED:
        raise _UsageError(f"{args.command} does not take {kind} files (solve, check, count, "
                          "rate, hint and explain do)")
    if name == "-":
        article = "an" if kind in ("npy", "arrow") else "a"
        raise _UsageError(f"{article} {kind} input must be a file, not stdin")
    out_kind = tables.kind_of(args.output) if args.output and args.output != "-" else None
    if out_kind == "npy" and args.command != "solve":
        raise _UsageError(f"{args.command} writes text, Parquet or Arrow; .npy output holds "
                          "solutions (solve)")
    jobs = args.jobs or pipeline.usable_cpus()
    try:
        if kind == "npy":
            source = tables.open_npy(name, box=args.box)
        else:
            source = tables.open_table(name, col=args.col, kind=kind)
        # about 8 blocks per worker, so a short file of hard puzzles is shared too
        source.rows_per_block = max(1, min(source.rows_per_block, source.n // (8 * jobs)))
    except tables.TableError as exc:
        raise _UsageError(str(exc)) from None
    if kind == "npy" and source.shape.size > 61:  # rows are written as lines: 61 symbols at most
        source.close()
        raise _UsageError(f"{name}: {source.shape.size}x{source.shape.size} grids are beyond the "
                          "line notation the answers are written in (61 values at most): "
                          "convert them to tokens or JSON first")
    geom = command.args.geometry
    if kind == "npy" and geom is not None and geom.size != source.shape.size:
        source.close()
        raise _UsageError(f"{name}: the rows are {source.shape.size}x{source.shape.size} grids; "
                          f"the geometry of --rules/--regions ({records.describe(geom)}) is "
                          f"{geom.size}x{geom.size}")
    pending: dict = {}
    # (text output: the command's own, hint and explain in their --to; a table output:
    # the line or JSON answers result_fields splits into columns)
    to = ctables.inner_output(key) if out_kind is not None or key not in ctables.LOGIC \
        else command.args.to
    inner = command.args.replace(format="line", to=to)
    if kind == "npy":
        inner = inner.replace(box=source.shape)
    spec = records.Spec(inner, name, "line", None, "line", inner.alphabet)
    work = functools.partial(ctables.work_rows, spec)  # (rows as values or strings)
    added = ctables.ADDED[key]
    if out_kind in ("parquet", "arrow") and kind != "npy" and source.col in added:
        source.close()
        raise _UsageError(f"{name}: the puzzle column {source.col!r} has the name of a column "
                          f"this command writes ({', '.join(added)}): its puzzles would be "
                          "written over; rename it")
    sink = _table_sink(command, args, source, kind, out_kind, added, pending)
    try:
        try:
            _feed_blocks(command, args, err, ctables.binary_blocks(source, kind, pending), work,
                         jobs, None, name, write=sink.write if sink else None, fork=False)
        except BaseException:
            if sink is not None:  # a table file is written whole or not at all (Ctrl-C too:
                sink.discard()    # its header or footer would not match the rows done)
            raise
        if sink is not None:
            sink.close()
    finally:
        source.close()


def _table_sink(command: "records._Command", args, source, kind: str, out_kind, added, pending: dict):
    """The writer of a table output (-o X.npy / X.parquet / X.arrow), or None for text."""
    from . import _tablerows as ctables, tables
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
        return _Sink(write, writer.close, writer.discard)
    if out_kind in ("parquet", "arrow"):
        import pyarrow as pa
        if kind == "npy":
            schema = pa.schema([pa.field("puzzle", pa.string())])
        else:
            schema = source.schema
        key = _table_key(args)
        types = {name: pa.float64() if ctables.TYPED[name] is float else pa.int64()
                 for name in added if key.startswith("rate") and name in ctables.TYPED}
        if key == "explain":
            types["steps"] = pa.int64()
        writer = tables.ArrowWriter(out_path, schema, added, types)

        def write(block, result) -> None:
            answers = [[ctables.typed(key, name, f, columnar=True) for name, f in
                        zip(added, ctables.result_fields(key, t))]
                       for t in result.text.split("\n")[:result.records]]
            batch = pending.pop(block.seq, None)
            if batch is None:
                lines = block.lines()[:len(answers)]
                batch = pa.RecordBatch.from_arrays([pa.array(lines, pa.string())], schema=schema)
            elif batch.num_rows != len(answers):
                batch = batch.slice(0, len(answers))
            writer.write(batch, {name: [a[k] for a in answers] for k, name in enumerate(added)})
        return _Sink(write, writer.close, writer.discard)
    raise _UsageError(f"cannot write a {out_kind} table from a {kind} input")


class _Sink:
    """A table writer's write, close and discard; an OSError of write or close is a write
    error (_WriteError), not a problem of the input being read."""

    __slots__ = ("_write", "_close", "discard")

    def __init__(self, write, close, discard):
        self._write, self._close, self.discard = write, close, discard

    def write(self, *args) -> None:
        try:
            self._write(*args)
        except OSError as exc:
            raise _WriteError(exc) from exc

    def close(self) -> None:
        try:
            self._close()
        except OSError as exc:
            raise _WriteError(exc) from exc
