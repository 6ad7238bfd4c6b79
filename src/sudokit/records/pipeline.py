"""Streaming batch runs: input in blocks of whole lines, work in worker processes, output in order.

    usable_cpus() -> int                   the CPUs this process may run on (the --jobs default)
    read_blocks(stream, ...) -> blocks     Block(seq, first_line, data): whole lines of bytes
    read_head(blocks) -> (head, whole)     the first blocks (format detection), and whether
                                           they are the whole input
    run(blocks, work, on_result, ...)      work(block) in `jobs` processes; on_result in order
    Progress                               a one-line progress report (rate, percent, ETA)
    Gate, through_gate                     a door the workers pass one at a time until the
                                           main process shuts it (answers written in place)

Data flow of one run (``jobs`` = 2)::

    reader thread --Block--> main loop --submit--> worker 1: work(block) -> result
       (bounded by a            |       --submit--> worker 2: work(block) -> result
        window of blocks)       <--------- results (any order) ---------------+
                                |
                                +--> on_result(block, result) in block order (or as they
                                     come with ordered=False), then the block's slot is freed

Memory stays bounded whatever the input size: at most ``window`` blocks (each at most
``max_bytes`` of input, plus its result) exist at a time.  The reader runs in a thread so
the main loop can write results while the input is slow (a pipe fed one puzzle at a time),
and output is flushed whenever the loop has nothing to do.

Ctrl-C: workers ignore SIGINT; the main loop hands every finished result that can be
written (in order: the finished prefix) to ``on_result``, kills the workers and re-raises
KeyboardInterrupt for the caller to exit with status 130.
"""

from __future__ import annotations

import os
import stat
import sys
import time
import zlib
from typing import Any, BinaryIO, Callable, Iterable, Iterator, TextIO

from .._value import Value
from ._atomic import _held

__all__ = ["Block", "usable_cpus", "read_blocks", "block_size_for", "run", "Progress", "read_head",
           "WorkerError", "Interrupted", "stopping", "sigint_held", "Gate", "through_gate",
           "MIN_BYTES", "MAX_BYTES", "MAX_LINE_BYTES", "TOO_LONG_LINE"]

MIN_BYTES = 1024           # the first block: answers start coming at once
MAX_BYTES = 1 << 20        # no block is larger than this, unless one line is
BLOCKS_PER_WORKER = 4      # blocks in flight per worker (the memory bound)
IDLE_SECONDS = 0.05        # how long the main loop waits before it flushes and redraws
MAX_LINE_BYTES = 1 << 20   # a longer line is one error record (a 64x64 pencil-mark line is 262,144)
TOO_LONG_LINE = b"!"       # what stands for such a line in its Block (listed in Block.bad)
STOP_GRACE_SECONDS = 3.0   # after Ctrl-C, how long workers may take to return what they did


class Block(Value):
    """Whole lines of the input: ``data`` holds lines first_line, first_line + 1, ...

    ``bad`` is {line: reason} for lines known to be bad before reading them, or None.
    A block of a regular file knows where it lies (``path``, ``offset``): sent to a
    worker, it travels as those two numbers and a CRC, and the worker reads the bytes
    itself (half the traffic through the main process).
    """

    __slots__ = __match_args__ = ("seq", "first_line", "data", "bad", "path", "offset")

    def __init__(self, seq: int, first_line: int, data: bytes, bad: dict | None = None,
                 path: str | None = None, offset: int = 0):
        _set = object.__setattr__  # (frozen: __setattr__ refuses)
        _set(self, "seq", seq)
        _set(self, "first_line", first_line)
        _set(self, "data", data)
        _set(self, "bad", bad)
        _set(self, "path", path)
        _set(self, "offset", offset)

    def __reduce__(self):
        if self.path is None:
            return (Block, (self.seq, self.first_line, self.data, self.bad, None, self.offset))
        return (_read_block, (self.seq, self.first_line, self.path, self.offset,
                              len(self.data), zlib.crc32(self.data), self.bad))


def _read_block(seq: int, first_line: int, path: str, offset: int, length: int, crc: int,
                bad) -> Block:
    """Rebuild a Block in a worker from its place in the file (see Block.__reduce__)."""
    try:
        with open(path, "rb") as fh:
            data = os.pread(fh.fileno(), length, offset)
    except OSError:  # (gone: as changed)
        data = b""
    if len(data) != length or zlib.crc32(data) != crc:
        return _InputChanged(f"{path} changed while it was being read (bytes {offset}-"
                             f"{offset + length}, from line {first_line})")
    return Block(seq, first_line, data, bad, None, offset)


class _InputChanged(OSError):
    """The input changed under a run: a block's bytes are not what the reader saw.  Raised
    in the task (_work_on), not while the worker unpickles it (that kills the worker)."""


def _work_on(work, block):
    """work(block) in a worker, or the _InputChanged its block was read as, raised."""
    if isinstance(block, _InputChanged):
        raise block
    return work(block)


from ..errors import WorkerError  # noqa: E402 (defined there: the CLI catches it unimported)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C inside work() run in this process; ``partial`` is what it finished, ``cause``
    the interrupt itself (KeyboardInterrupt, or the command line's SIGTERM subclass of it),
    re-raised once partial is delivered so the exit status tells which signal it was."""

    def __init__(self, partial: Any, cause: "KeyboardInterrupt | None" = None):
        super().__init__()
        self.partial = partial
        self.cause = cause

    def reraise(self):
        """Raise the interrupt that stopped the work (a plain KeyboardInterrupt if unknown)."""
        raise (self.cause if self.cause is not None else KeyboardInterrupt()) from None


_STOP = None  # in a worker: the run's stop Event (set when the user pressed Ctrl-C)


def stopping() -> bool:
    """True in a worker whose run is being stopped: return what is done (partial) now."""
    return _STOP is not None and _STOP.is_set()


def usable_cpus() -> int:
    """Return the number of CPUs this process may run on (affinity, then the CPU count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def block_size_for(total: int | None, jobs: int) -> int:
    """Return the largest block for an input of total bytes (None: unknown) and jobs workers.

    Small inputs are cut in about 8 blocks per worker, so a short file of hard puzzles is
    still shared among the workers; big inputs (and pipes) grow to MAX_BYTES blocks.
    """
    if total is None:
        return MAX_BYTES
    return max(1, min(MAX_BYTES, total // (8 * max(1, jobs))))


def read_blocks(stream: BinaryIO, *, first: bytes = b"", size: int = MIN_BYTES,
                limit: int = MAX_BYTES, grow: bool = True,
                path: str | None = None, max_line: int = MAX_LINE_BYTES,
                quote: bytes | None = None) -> Iterator[Block]:
    """Yield Blocks of whole lines from a binary stream (the last may lack its newline).

    ``first`` is data already read from the stream (it comes first).  Blocks are about
    ``size`` bytes, doubling up to ``limit`` when ``grow`` (small first blocks: the first
    answers come at once); a read returns what is available (read1), so a slow pipe yields
    its lines as they come.  ``path``: the stream is this regular file, read from its
    start (blocks then know their offsets, see Block).

    Time is linear in the input and memory bounded by ``limit`` + ``max_line``: a line
    longer than ``max_line`` bytes is read on and dropped as it comes (an endless line
    from a pipe holds no memory), and stands in its block as the one-character line
    ``TOO_LONG_LINE`` listed in ``Block.bad`` ("line too long: N bytes"), so that it
    becomes one error record and the lines after it keep their numbers.

    ``quote`` (CSV: b'"'): blocks are cut only at a newline outside a quoted field (an even
    number of quote bytes before it), so a quoted field holding a newline stays in one
    block; an input without quote bytes costs one search per block.
    """
    read = getattr(stream, "read1", None) or stream.read
    fast = _stream_is_fast(stream)
    seq, line, offset = 0, 1, 0
    buf = bytearray(first)
    scan = 0      # buf[:scan] has been searched for newlines ...
    last = -1     # ... and its last newline is at buf[last] (-1: none)
    bad: dict[int, str] = {}  # line number -> reason, for placeholders in buf
    eof = False
    while True:
        while True:
            k = buf.rfind(b"\n", scan)
            if k >= 0:
                last = k
            scan = len(buf)
            if len(buf) - (last + 1) > max_line:
                eof = _drop_long_line(buf, last + 1, read, line, bad) or eof
                path = None  # blocks no longer match the file's bytes
                scan = last + 1
                continue
            if eof or (last >= 0 and (len(buf) >= size or not fast)):
                break
            more = read(max(size - len(buf), 65536))
            if not more:
                eof = True
            buf += more
        if not buf:
            return
        if eof:
            cut = len(buf)
        else:
            cut = buf.rfind(b"\n", 0, size) + 1 or buf.find(b"\n") + 1
            if quote is not None and buf.find(quote, 0, cut) >= 0:
                cut = _outside_quotes(buf, cut, quote)
                if not cut:  # every newline so far is inside a quoted field: read on
                    more = read(max(size, 65536))
                    if not more:
                        eof = True
                    buf += more
                    scan = len(buf) - len(more)
                    continue
        with memoryview(buf) as view:
            data = bytes(view[:cut])  # (one copy: buf[:cut] would make two)
        del buf[:cut]
        scan, last = 0, -1
        newlines = data.count(b"\n")
        nlines = newlines + (0 if data.endswith(b"\n") else 1)
        mine = {k: v for k, v in bad.items() if k < line + nlines} if bad else None
        for k in mine or ():
            del bad[k]
        yield Block(seq, line, data, mine or None, path, offset)
        offset += len(data)
        seq += 1
        line += newlines
        if grow and size < limit:
            size = min(limit, size * 2)


def _outside_quotes(buf: bytearray, cut: int, quote: bytes) -> int:
    """The largest cut <= cut just after a newline with an even number of quote bytes
    before it (outside a quoted field), else the first such cut after it, else 0."""
    k = cut
    odd = buf.count(quote, 0, k) & 1
    while k > 0 and odd:  # step back a line at a time, dropping its quotes
        prev = buf.rfind(b"\n", 0, k - 1) + 1
        odd ^= buf.count(quote, prev, k) & 1
        k = prev
    if k > 0:
        return k
    odd = buf.count(quote, 0, cut) & 1
    k = cut
    while odd:
        nxt = buf.find(b"\n", k)
        if nxt < 0:
            return 0
        odd ^= buf.count(quote, k, nxt + 1) & 1
        k = nxt + 1
    return k


def _drop_long_line(buf: bytearray, start: int, read, first_line: int, bad: dict) -> bool:
    """Replace the too-long line that starts at buf[start] by TOO_LONG_LINE, reading (and
    dropping) the stream up to the line's end; note it in bad; return True at end of input."""
    lineno = first_line + buf.count(b"\n", 0, start)
    length = len(buf) - start
    del buf[start:]
    rest, eof = b"", False
    while True:
        more = read(1 << 16)
        if not more:
            eof = True
            break
        k = more.find(b"\n")
        if k >= 0:
            length += k
            rest = more[k:]
            break
        length += len(more)
    buf += TOO_LONG_LINE + rest
    bad[lineno] = (f"line too long: {length} bytes (the limit is {MAX_LINE_BYTES}; "
                   "no puzzle is that long)")
    return eof


def blocks_of(stream: BinaryIO, name: str, jobs: int,
              quote: bytes | None = None) -> tuple[int | None, Iterator[Block]]:
    """Return (the size of a regular file or None, the Blocks of an open binary input).

    name is the input's file name ('-' for stdin): blocks of a named regular file know
    their place in it (see Block).  Blocks start small and grow to block_size_for().
    """
    total = file_size(stream)
    limit = block_size_for(total, jobs)
    path = os.path.abspath(name) if name != "-" and total is not None else None
    return total, read_blocks(stream, size=min(limit, MIN_BYTES), limit=limit, path=path,
                              quote=quote)


def head_blocks(blocks: Iterator[Block], content: int = 64) -> list[Block]:
    """Take blocks until they hold `content` lines that are not blank nor '#' comments."""
    return read_head(blocks, content)[0]


def read_head(blocks: Iterator[Block], content: int = 64) -> tuple[list[Block], bool]:
    """Return (head_blocks(blocks, content), True if that was every block: the input ended)."""
    head: list[Block] = []
    seen = 0
    for block in blocks:
        head.append(block)
        seen += sum(1 for t in block.data.split(b"\n") if t.strip()
                    and not t.lstrip().startswith(b"#"))
        if seen >= content:
            return head, False
    return head, True


def _stream_is_fast(stream) -> bool:
    """True for regular files and in-memory streams (a read returns all that was asked)."""
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return True
    return file_size(stream) is not None


class Progress:
    """One line on a terminal: records done, rate, percent and ETA (when the size is known).

    ``stream`` is written only when it is a terminal (or ``force``); redrawn at most every
    0.2 s; ``close()`` leaves a final summary line.
    """

    def __init__(self, stream: TextIO, *, label: str, total_bytes: int | None = None,
                 force: bool = False):
        self.stream = stream
        self.label = label
        self.total = total_bytes or None
        self.on = force or _isatty(stream)
        self.start = time.monotonic()
        self.last = 0.0
        self.records = 0
        self.bytes = 0
        self.drawn = False

    def advance(self, records: int, nbytes: int) -> None:
        self.records += records
        self.bytes += nbytes
        if self.on and time.monotonic() - self.last >= 0.2:
            self.draw()

    def text(self) -> str:
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.records / elapsed
        parts = [f"{self.label}: {self.records:,} records", f"{_si(rate)}/s"]
        if self.total:
            frac = min(1.0, self.bytes / self.total)
            parts.append(f"{100 * frac:.0f}%")
            if 0 < frac < 1:
                parts.append("ETA " + _clock(elapsed * (1 - frac) / frac))
        parts.append(_clock(elapsed))
        return "  ".join(parts)

    def draw(self) -> None:
        self.last = time.monotonic()
        try:
            self.stream.write("\r" + self.text() + "\x1b[K")
            self.stream.flush()
            self.drawn = True
        except (OSError, ValueError):
            self.on = False

    def clear(self) -> None:
        """Erase the line (before other messages go to the same terminal)."""
        if self.drawn:
            try:
                self.stream.write("\r\x1b[K")
                self.drawn = False
            except (OSError, ValueError):
                self.on = False

    def close(self) -> None:
        if self.on:
            self.draw()
            try:
                self.stream.write("\n")
                self.stream.flush()
            except (OSError, ValueError):
                pass


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _si(rate: float) -> str:
    for limit, div, suffix in ((1e6, 1e6, "M"), (1e4, 1e3, "k")):
        if rate >= limit:
            return f"{rate / div:.1f}{suffix}"
    return f"{rate:.0f}"


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


# --- the run --------------------------------------------------------------------------------


class sigint_held(_held):
    """Put Ctrl-C off (in the main thread) until the with block ends, then take it.

    A piece of output is never cut in two, and a worker process is never left half
    started (its parent gone, it would fail).  The handler is swapped for one that only
    takes note: a signal mask would not do, as another thread may receive the signal and
    Python runs the handler in the main thread at once.
    """

    SIGNALS = ("SIGINT",)


def _init_worker(stop, gate=None) -> None:
    """Worker initializer: Ctrl-C is the main process's business; it sets `stop` instead.

    SIGTERM is put back to its default (a forked worker would otherwise inherit the
    handler of the command line, which turns it into an exception).
    """
    global _STOP, _GATE
    worker_signals()
    _STOP = stop
    _GATE = gate


def worker_signals() -> None:
    """In a worker process: ignore SIGINT (Ctrl-C reaches the whole process group; the main
    process decides and stops the workers) and take SIGTERM's default (die at once).

    Every pool of sudokit (the record commands' and generate's) starts its workers so; the
    main process stops them with ``stop_pool``.
    """
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    except (AttributeError, ValueError, OSError):  # pragma: no cover - no SIGTERM
        pass


def _context(fork: bool = False):
    """The start method of the workers: fork when asked and safe, else forkserver where it
    exists, else spawn (Windows).

    fork (Linux only, and only while this process runs no other Python thread) costs
    nothing: the workers start with every module the main process has imported, where a
    forkserver is one more interpreter importing sudokit (about 0.2 s of CPU).  The caller
    asks for it only when it knows no C library of this process runs threads (pyarrow does).
    """
    import multiprocessing  # (here: a run that needs no pool never imports it)
    import threading
    methods = multiprocessing.get_all_start_methods()
    if fork and sys.platform.startswith("linux") and "fork" in methods \
            and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["sudokit", "sudokit.records._commands"])
        return ctx
    return multiprocessing.get_context("spawn")


_GATE = None  # in a worker: the run's Gate as (lock, shut flag), or None


class Gate:
    """A door the workers of a run pass one at a time, until the main process shuts it.

    In a worker, ``through_gate(action)`` runs action() under a lock shared by the run's
    processes, only while the gate is open, and returns whether it ran; in the main process
    (or with no gate) it runs nothing.  ``close()`` shuts the gate: once it returns, no
    action runs again, and every action that ran has finished.  sudokit.records._inplace uses it:
    a worker writes its block's answers at their place in the output file only while no
    block before it has changed length.
    """

    def __init__(self):
        self.closed = False
        self._shared = None   # (multiprocessing Lock, RawValue flag): made with the pool
        self._pool = None

    def _make(self, ctx):
        """The (lock, flag) pair the workers get, made in the pool's context (None: shut)."""
        if self.closed:
            return None
        self._shared = (ctx.Lock(), ctx.RawValue("b", 0))
        return self._shared

    def close(self) -> None:
        """Shut the gate (waiting for an action under way); WorkerError if a worker died
        holding the lock."""
        if self.closed:
            return
        self.closed = True
        if self._shared is None:
            return
        lock, shut = self._shared
        while not lock.acquire(timeout=0.2):
            procs = (getattr(self._pool, "_processes", None) or {}).values()
            if getattr(self._pool, "_broken", False) or any(
                    not p.is_alive() for p in list(procs)):
                raise WorkerError("a worker process died while writing its answers")
        try:
            shut.value = 1
        finally:
            lock.release()


def through_gate(action: Callable[[], Any]) -> bool:
    """In a worker of a run with an open Gate: run action() under the gate's lock, True;
    otherwise run nothing, False."""
    if _GATE is None:
        return False
    lock, shut = _GATE
    with lock:
        if shut.value:
            return False
        action()
        return True


def run(blocks: Iterable[Block], work: Callable[[Block], Any],
        on_result: Callable[[Block, Any], None], *, jobs: int = 1, ordered: bool = True,
        eager: bool = True, idle: Callable[[], None] | None = None, fork: bool = False,
        gate: Gate | None = None) -> None:
    """Call on_result(block, work(block)) for every block; work runs in `jobs` processes.

    jobs == 1 runs work in this process (no pool).  With eager=False the pool is started
    only once the blocks done in this process have taken WORTH_SECONDS (small, easy inputs
    never pay for starting workers).  ``work`` must be picklable (a module function or a
    partial of one); a result with a true ``partial`` attribute was cut short by Ctrl-C.  ``idle()`` is
    called whenever the loop waits (flush output, redraw progress).  A failing worker
    raises WorkerError.  Ctrl-C: the workers finish the record they are on (see
    stopping()), every finished result that can be written is handed to on_result (in
    order: up to the first incomplete block), and KeyboardInterrupt is re-raised.  A list
    of blocks (the input already read) that needs no pool (jobs == 1, or one block) is
    worked here, without the reader thread (_run_here).

    fork: the workers may be forked from this process (see _context), which the caller
    knows runs no threads of its own; an eager pool is then started before the reader
    thread.  gate: a Gate the workers can pass (see through_gate) until it is closed.
    """
    if isinstance(blocks, list) and (jobs == 1 or len(blocks) <= 1):  # (one block: no pool
        # can share it, so none is started, eager or not: `--jobs 2` on one line costs
        # what `--jobs 1` does, not a worker's start-up)
        _run_here(blocks, work, on_result, ordered, idle)
        return
    import queue  # (here: a run of blocks already read, e.g. one puzzle, never imports it)
    import threading
    window = max(2, BLOCKS_PER_WORKER * jobs)
    slots = threading.Semaphore(window)
    events: queue.SimpleQueue = queue.SimpleQueue()
    halt = threading.Event()

    def reader() -> None:
        try:
            for block in blocks:
                while not slots.acquire(timeout=0.1):
                    if halt.is_set():
                        return
                if halt.is_set():
                    return
                events.put(("block", block, None))
        except BaseException as exc:  # noqa: BLE001 - handed to the main loop
            events.put(("error", None, exc))
            return
        events.put(("eof", None, None))

    state = _RunState(ordered, on_result, slots)
    pool = None
    stop_flag = None
    running: dict[int, tuple[Block, Any]] = {}
    eof = False
    worked = 0.0  # seconds of work done in this process
    thread = threading.Thread(target=reader, name="sudokit-reader", daemon=True)
    try:
        if jobs > 1 and eager and fork:
            with sigint_held():  # forked now, while this process has no other thread
                pool, stop_flag = _start_pool(jobs, fork, gate)
        thread.start()
        while not (eof and not running):
            try:
                kind, block, payload = events.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                if idle is not None:
                    idle()
                continue
            if kind == "block":
                if pool is None and jobs > 1 and eager:
                    with sigint_held():
                        pool, stop_flag = _start_pool(jobs, fork, gate)
                if pool is None:
                    began = time.monotonic()
                    try:
                        result = work(block)
                    except Interrupted as exc:
                        state.deliver(block, exc.partial)
                        exc.reraise()
                    state.deliver(block, result)
                    worked += time.monotonic() - began
                    if jobs > 1 and worked >= WORTH_SECONDS:
                        eager = True  # the work is big enough: share the rest
                else:
                    with sigint_held():  # submit may start a worker process
                        future = pool.submit(_work_on, work, block)
                    running[block.seq] = (block, future)
                    future.add_done_callback(lambda f, b=block: events.put(("done", b, f)))
            elif kind == "done":
                running.pop(block.seq, None)
                state.deliver(block, _result_of(block, payload))
            elif kind == "eof":
                eof = True
            else:
                raise payload
        if idle is not None:
            idle()
    except KeyboardInterrupt:
        halt.set()
        if pool is not None:
            _wind_down(pool, stop_flag, running, events, state)
            pool = None
        raise
    except BaseException:
        halt.set()
        _terminate(pool)
        pool = None
        raise
    finally:
        halt.set()
        if pool is not None:
            pool.shutdown(wait=True)


WORTH_SECONDS = 0.25  # work done in-process before the worker pool is worth starting


def _run_here(blocks: list, work, on_result, ordered: bool, idle) -> None:
    """run() of blocks already read when no pool is wanted: each worked here, in order.

    No reader thread (the input is read) and no pool: jobs == 1, no block, or one block
    (which no pool could share).  Same results as run()'s loop.
    """
    for block in blocks:
        try:
            result = work(block)
        except Interrupted as exc:
            on_result(block, exc.partial)
            exc.reraise()
        on_result(block, result)
        if ordered and getattr(result, "partial", False):
            break  # cut short: nothing after it may be written (as _RunState does)
    if idle is not None:
        idle()


class _RunState:
    """Hands results to on_result in block order (or as they come), freeing their slots."""

    def __init__(self, ordered: bool, on_result, slots: threading.Semaphore):
        self.ordered = ordered
        self.on_result = on_result
        self.slots = slots
        self.finished: dict[int, tuple[Block, Any]] = {}
        self.next_seq = 0
        self.cut = False  # an incomplete block was written: nothing after it may be

    def deliver(self, block: Block, result: Any) -> None:
        if self.cut:
            return
        if not self.ordered:
            self._give(block, result)
            return
        self.finished[block.seq] = (block, result)
        while self.next_seq in self.finished and not self.cut:
            b, r = self.finished.pop(self.next_seq)
            self.next_seq += 1
            self._give(b, r)

    def _give(self, block: Block, result: Any) -> None:
        try:
            self.on_result(block, result)
        except KeyboardInterrupt:  # mid-block: what follows it may not be written
            self.cut = True
            raise
        self.slots.release()
        if getattr(result, "partial", False) and self.ordered:
            self.cut = True


def _result_of(block: Block, future) -> Any:
    from concurrent.futures.process import BrokenProcessPool
    try:
        return future.result()
    except BrokenProcessPool as exc:
        raise WorkerError("a worker process died (killed, or out of memory?) while on the "
                          f"block starting at line {block.first_line}") from exc
    except _InputChanged as exc:  # the input could not be read again (_work_on): say why
        raise WorkerError(str(exc)) from exc
    except Exception as exc:
        raise WorkerError(f"a worker failed on the block starting at line {block.first_line}: "
                          f"{type(exc).__name__}: {exc}") from exc


def _start_pool(jobs: int, fork: bool = False, gate: Gate | None = None):
    """Start the worker pool: (pool, its stop Event).  With fork, the workers are forked at
    once (before any thread of the run starts): fork must not happen later."""
    from concurrent.futures import ProcessPoolExecutor
    ctx = _context(fork)
    stop_flag = ctx.Event()
    shared = gate._make(ctx) if gate is not None else None
    pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_init_worker,
                               initargs=(stop_flag, shared))
    if gate is not None:
        gate._pool = pool
    if ctx.get_start_method() == "fork":
        for stream in (sys.stdout, sys.stderr):  # (a forked worker flushes them on exit)
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        pool.submit(int)  # the first submit forks every worker, now
    return pool, stop_flag


def _wind_down(pool, stop_flag, running: dict, events: queue.SimpleQueue, state: _RunState,
               grace: float = STOP_GRACE_SECONDS):
    """After Ctrl-C: let running blocks return what they finished, deliver, stop the pool."""
    stop_flag.set()
    for _, future in running.values():
        future.cancel()  # not started yet: never will
    deadline = time.monotonic() + grace
    try:
        while any(not f.done() for _, f in running.values()) and time.monotonic() < deadline:
            time.sleep(0.02)
    except KeyboardInterrupt:
        pass  # a second Ctrl-C: stop waiting
    try:
        for seq in sorted(running):
            block, future = running[seq]
            if future.done() and not future.cancelled() and future.exception() is None:
                state.deliver(block, future.result())
            elif state.ordered:
                break  # a gap: nothing after it can be written in order
    except KeyboardInterrupt:
        state.cut = True  # a second Ctrl-C while writing: stop here
    finally:
        _terminate(pool)


def stop_pool(pool) -> None:
    """Stop a ProcessPoolExecutor now (Ctrl-C, SIGTERM): kill its workers, wait for them."""
    _terminate(pool)


def _terminate(pool) -> None:
    """Stop a pool now: kill the workers, cancel what has not started, wait for the dead.

    The worker list is taken first: shutdown() forgets it.  Waiting for the workers to be
    gone matters: one still starting up would otherwise find the run's stop Event already
    released by this process and print a traceback.  So does waiting for the pool's manager
    thread: while it closes its wake-up pipe, CPython 3.11's exit hook may write to that
    pipe unlocked and print "Bad file descriptor" (seen once in a CI run of `generate
    --jobs 2` under Ctrl-C).
    """
    if pool is None:
        return
    from ._quiet import quiet_manager
    manager = getattr(pool, "_executor_manager_thread", None)
    quiet_manager(manager)
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        try:
            proc.terminate()
        except Exception:  # noqa: BLE001
            pass
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        try:
            proc.join(timeout=2)
        except Exception:  # noqa: BLE001
            pass
    if manager is not None and manager.is_alive():
        manager.join(timeout=2)


def file_size(stream) -> int | None:
    """Return the size of a regular file stream, else None."""
    try:
        st = os.fstat(stream.fileno())
        return st.st_size if stat.S_ISREG(st.st_mode) else None
    except (AttributeError, OSError, ValueError):
        return None
