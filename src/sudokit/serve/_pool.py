"""A small pool of worker processes with an admission limit and a wall-clock budget per call.

    requests ──admit (workers + queue slots, else Busy -> 503)──> wait for an idle worker
             ──send (route, body) on its pipe──> worker process: ack, _api.answer ──> reply
             no reply within the budget: the worker is killed and replaced (TimedOut -> 504)
             cancel(ticket): the worker doing that job is killed and replaced (Cancelled)

A worker that dies while idle (killed from outside, out of memory) costs no request: its
reader thread sees its pipe close and a new worker takes its place at once; a request
that still meets a dead worker (it died an instant before) is sent to a new one.  The
worker acknowledges each job as soon as it has read it, so a death *before* the ack means
the job never started (it is given to a new worker: no request fails because of an
earlier death) and a death *after* it means the job itself ran (504, not retried: a job
that kills its worker must not kill a second one).

A job may carry a ticket (the page's Generate sends one): ``cancel(ticket)`` stops that job
at once, whether it is running (its worker is killed and replaced) or still waiting for a
worker (it never starts), and the call raises Cancelled.  The page's Cancel button uses it:
a level that takes seconds to make must not hold a worker after the player gave up.  The
generate route has its own, longer budget (``generate_budget``): a puzzle made to a level
can take tens of seconds, an answer to anything else must not.

Why processes, not threads: the work is CPU-bound Python (the pure-Python kernels, the
logic techniques), so a thread doing it holds the GIL and the server's other threads (the
static page, the next request) would only get slices of it; and a thread cannot be stopped,
so a request with no node limit (a logic hint on a big grid) could run for ever.  A worker
process runs beside the server and is killed when its budget runs out.  Why not
concurrent.futures.ProcessPoolExecutor: killing one of its workers breaks the whole executor
(BrokenProcessPool) and it has no per-task time limit; this pool is short.

Each worker is a fresh interpreter (``python -m sudokit.serve._pool``) that imports the
solver and the logic once and answers length-prefixed JSON jobs on its stdin/stdout.  A
worker exits when its stdin closes, so a server killed without cleanup leaves none behind.
Workers run niced (WORKER_NICE, POSIX): when they use every core, the server's loop still
gets the CPU first, so the page answers at once.
"""

from __future__ import annotations

import json
import queue
import struct
import sys
import threading
import time

__all__ = ["WorkerPool", "Busy", "TimedOut", "Cancelled"]

WORKER_NICE = 5  # workers run at a lower CPU priority than the server (POSIX)
_ACK = "ack"  # (the reader thread's item for a worker's acknowledgement of a job)


class Busy(Exception):
    """Every worker is busy and the waiting slots are full (or the wait was too long)."""


class TimedOut(Exception):
    """The work ran past its wall-clock budget; its worker was stopped and replaced."""


class Cancelled(Exception):
    """The job's ticket was cancelled; its worker (if it had one) was stopped and replaced."""


def _frame(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _read_frame(stream) -> bytes:
    """One length-prefixed frame from a binary stream; EOFError when it ends first."""
    head = stream.read(4)
    if len(head) < 4:
        raise EOFError("the pipe closed")
    (length,) = struct.unpack(">I", head)
    data = stream.read(length)
    if len(data) < length:
        raise EOFError("the pipe closed inside a frame")
    return data


def _worker_main() -> None:
    """A worker process: answer framed [route, body] jobs on stdin until it closes.

    The protocol owns the real stdout; anything else printing goes to stderr.
    """
    import os
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    if hasattr(os, "nice"):  # the page first: the server's loop wins the CPU over the work
        try:
            os.nice(WORKER_NICE)
        except OSError:
            pass
    channel = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    jobs = sys.stdin.buffer
    from . import _api
    from .. import logic, solver  # noqa: F401  (imported once, not on the first request)
    while True:
        try:
            route, body, limits = json.loads(_read_frame(jobs))
        except EOFError:
            return
        try:
            channel.write(_frame(b""))  # the ack: the job was read (see the module doc)
        except OSError:
            return
        status, ctype, data = _api.answer(route, body, budget=limits.get("budget"))
        try:
            channel.write(_frame(json.dumps([status, ctype]).encode()) + _frame(data))
        except OSError:
            return


class _Worker:
    """One worker process (``python -m sudokit.serve._pool``), its pipes and a reader thread.

    A fresh interpreter, not multiprocessing: no copy of the server's threads and locks, and
    no re-import of the caller's __main__ (which spawn does, and which fails for a script
    read from stdin or re-runs an unguarded one).  The reader thread turns replies into
    queue items, so a call waits with a timeout on every platform; when the pipe closes it
    marks the worker dead and calls ``on_exit(worker)``.
    """

    def __init__(self, on_exit=None):
        import os
        import subprocess
        env = dict(os.environ)
        home = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env["PYTHONPATH"] = home + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.process = subprocess.Popen([sys.executable, "-m", "sudokit.serve._pool"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.replies: queue.Queue = queue.Queue()
        self.dead = False       # its pipe closed: it exited or was killed
        self.busy = False       # handed to a call (set by the pool under its lock)
        self._on_exit = on_exit
        threading.Thread(target=self._read, daemon=True, name="sudokit-serve-reader").start()

    def _read(self) -> None:
        stream = self.process.stdout
        try:
            while True:
                head = _read_frame(stream)
                if not head:  # the ack of a job
                    self.replies.put(_ACK)
                    continue
                status, ctype = json.loads(head)
                self.replies.put((status, ctype, _read_frame(stream)))
        except (EOFError, OSError, ValueError):
            self.dead = True
            self.replies.put(None)
            if self._on_exit is not None:
                self._on_exit(self)

    @property
    def alive(self) -> bool:
        return not self.dead and self.process.poll() is None

    def send(self, job) -> None:
        """Write job on the worker's pipe (OSError when the worker is gone)."""
        self.process.stdin.write(_frame(json.dumps(job).encode()))
        self.process.stdin.flush()

    def acked(self, budget: float) -> bool:
        """True when the worker acknowledged the job sent; False when it died first."""
        try:
            reply = self.replies.get(timeout=budget)
        except queue.Empty:
            raise TimedOut(f"the work took longer than its {budget:g} s budget") from None
        return reply is _ACK

    def reply(self, budget: float):
        """The worker's answer to the job it acknowledged; TimedOut when none comes within
        budget seconds, EOFError when the worker died."""
        try:
            reply = self.replies.get(timeout=max(0.0, budget))
        except queue.Empty:
            raise TimedOut(f"the work took longer than its budget") from None
        if reply is None:
            raise EOFError("the worker stopped")
        return reply

    def stop(self) -> None:
        try:
            self.process.kill()
        except OSError:
            pass
        self.process.wait(5)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


class WorkerPool:
    """``workers`` processes; at most ``workers + queue`` calls admitted at once.

    ``call(route, body)`` returns the worker's (status, content type, bytes); raises Busy
    when no slot is free (or no worker became idle within the budget) and TimedOut when the
    work itself ran past the budget (the worker is killed and a new one started).
    """

    CANCELS_KEPT = 256  # tickets cancelled before their job reached the pool, remembered

    def __init__(self, workers: int = 2, *, queue_slots: int = 8, budget: float = 10.0,
                 generate_budget: float = 60.0):
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers, self.queue_slots, self.budget = workers, queue_slots, budget
        self.generate_budget = generate_budget
        self._tickets: dict = {}     # ticket -> the worker doing its job (None: waiting)
        self._cancelled: dict = {}   # ticket -> None, oldest first (CANCELS_KEPT at most)
        self._idle: queue.Queue = queue.Queue()
        self._admitted = threading.BoundedSemaphore(workers + queue_slots)
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        self._last_eager = 0.0   # when an idle worker's death last started a new one
        self.stats = {"answered": 0, "busy": 0, "timed_out": 0, "restarted": 0,
                      "died_idle": 0, "resent": 0, "cancelled": 0}
        for _ in range(workers):
            self._idle.put(self._start())

    def _start(self) -> _Worker:
        worker = _Worker(on_exit=self._exited)
        with self._lock:
            self._all.append(worker)
        return worker

    def _replace(self, worker: _Worker) -> _Worker:
        worker.stop()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
            self.stats["restarted"] += 1
        return self._start()

    def _exited(self, worker: _Worker) -> None:
        """(a worker's reader thread) Its pipe closed.  An idle worker is replaced at once,
        so the next request finds a live one; a busy one is left to the call that holds it."""
        with self._lock:
            now = time.monotonic()
            if self._closed or worker.busy or worker not in self._all or \
                    now - self._last_eager < 1.0:  # (a worker that cannot start: no spin)
                return
            self._last_eager = now
            self._all.remove(worker)
            self.stats["restarted"] += 1
            self.stats["died_idle"] += 1
        worker.stop()
        if not self._closed:
            self._idle.put(self._start())

    def _take(self, budget: float) -> _Worker:
        """An idle, live worker (a dead one found on the way is replaced); Busy when none
        comes within budget seconds."""
        deadline = time.monotonic() + budget
        while True:
            try:
                worker = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._count("busy")
                raise Busy(f"no worker became free within {budget:g} s") from None
            with self._lock:
                usable = worker.alive and worker in self._all
                if usable:
                    worker.busy = True
                elif worker in self._all:  # died idle, not replaced yet: replaced here
                    self._all.remove(worker)
                    self.stats["restarted"] += 1
                    self.stats["died_idle"] += 1
                else:  # already replaced (its replacement is in the idle queue)
                    continue
            if usable:
                return worker
            worker.stop()
            fresh = self._start()
            fresh.busy = True
            return fresh

    def _release(self, worker: _Worker) -> None:
        worker.busy = False
        self._idle.put(worker)

    def budget_of(self, route: str) -> float:
        """The wall-clock seconds a job of this route may take."""
        return self.generate_budget if route == "generate" else self.budget

    def call(self, route: str, body: dict, budget: "float | None" = None,
             ticket: "str | None" = None):
        """The answer of one job (see the class docstring); Cancelled when cancel(ticket)
        stopped it."""
        budget = self.budget_of(route) if budget is None else budget
        if self._closed or not self._admitted.acquire(blocking=False):
            self._count("busy")
            raise Busy("every worker is busy and the queue is full")
        try:
            if ticket is not None:
                self._hold(ticket, None)
            worker = self._take(budget)
            if ticket is not None:
                try:
                    self._hold(ticket, worker)
                except Cancelled:  # (cancelled while it waited: the worker did nothing)
                    self._release(worker)
                    raise
            deadline = time.monotonic() + budget
            try:
                for attempt in (1, 2):
                    if ticket is not None and attempt == 2:
                        self._hold(ticket, worker)
                    try:
                        worker.send((route, body, {"budget": budget}))
                        if worker.acked(max(0.0, deadline - time.monotonic())):
                            break
                    except OSError:  # the pipe is closed: it died before the job reached it
                        pass
                    if attempt == 2:
                        raise EOFError("two workers stopped before they read the job")
                    # dead before it read the job: the job never ran; a new worker takes it
                    worker = self._replace(worker)
                    worker.busy = True
                    self._count("resent")
                result = worker.reply(deadline - time.monotonic())
            except Cancelled:
                worker = self._replace(worker)
                raise
            except TimedOut:
                self._count("timed_out")
                worker = self._replace(worker)
                raise TimedOut(f"the work took longer than its {budget:g} s budget") from None
            except (EOFError, OSError):  # it died doing the job (out of memory, killed)
                worker = self._replace(worker)
                if ticket is not None and self._was_cancelled(ticket):
                    raise Cancelled("the job was cancelled") from None
                raise TimedOut("the worker stopped before it answered; it was replaced") from None
            finally:
                if ticket is not None:  # (before the worker is free: no cancel kills it then)
                    with self._lock:
                        self._tickets.pop(ticket, None)
                self._release(worker)
            self._count("answered")
            return result
        finally:
            if ticket is not None:
                with self._lock:
                    self._tickets.pop(ticket, None)
            self._admitted.release()

    def _hold(self, ticket: str, worker) -> None:
        """(call) Note which worker does the ticket's job; Cancelled when it was cancelled
        already (before it started, or while it waited for a worker)."""
        with self._lock:
            if ticket in self._cancelled:
                del self._cancelled[ticket]
                self.stats["cancelled"] += 1
                raise Cancelled("the job was cancelled before it started")
            self._tickets[ticket] = worker

    def _was_cancelled(self, ticket: str) -> bool:
        with self._lock:
            if ticket in self._cancelled:
                del self._cancelled[ticket]
                self.stats["cancelled"] += 1
                return True
            return False

    def cancel(self, ticket: str) -> bool:
        """Stop the job of this ticket: its worker is killed (the call raises Cancelled and
        a new worker takes the place); a job not started yet never starts.  True when a job
        of that ticket was running or waiting; a ticket not seen yet is remembered (its job
        may still be on its way), the CANCELS_KEPT newest of them."""
        with self._lock:  # (the kill under the lock: the worker cannot be free and reused)
            known = ticket in self._tickets
            worker = self._tickets.get(ticket)
            self._cancelled[ticket] = None
            while len(self._cancelled) > self.CANCELS_KEPT:
                del self._cancelled[next(iter(self._cancelled))]
            if worker is not None:
                try:
                    worker.process.kill()  # (its reader sees the pipe close: the call ends)
                except OSError:
                    pass
        return known

    def _count(self, key: str) -> None:
        with self._lock:
            self.stats[key] += 1

    def close(self) -> None:
        """Stop every worker (calls in progress get TimedOut or Busy)."""
        self._closed = True
        with self._lock:
            workers, self._all = self._all, []
        for worker in workers:
            worker.stop()

    def pids(self) -> list[int]:
        """The process ids of the live workers (for tests and the log)."""
        with self._lock:
            return [w.process.pid for w in self._all]



def wait_ready(pool: WorkerPool, timeout: float = 30.0) -> bool:
    """True once every worker has answered a trivial job (start-up done), within timeout."""
    deadline = time.monotonic() + timeout
    for _ in range(pool.workers):
        try:
            pool.call("parse", {"text": "1..." * 4}, budget=max(0.1, deadline - time.monotonic()))
        except (Busy, TimedOut):
            return False
    return True


if __name__ == "__main__":
    _worker_main()
