"""`sudokit serve` under slow clients and a burst of hints: does the page still answer at once?

    PYTHONPATH=src python3 benchmarks/bench_serve_load.py [--slow 200] [--seconds 60]
        [--hints 1000] [--hint-threads 8] [--no-pace] [--probe-every 0.05] [--workers 2]
        [--json]

Starts ``python -m sudokit serve --port 0`` (a real server process on a free loopback port),
then, at the same time and for ``--seconds``:
- ``--slow`` connections that each send a request head one byte every 2-3 s (a slow-loris
  client); when the server closes one (its 408 after the head deadline) it connects again,
  so the number of slow connections stays the same;
- ``--hints`` POST /api/hint requests on the 9x9 puzzles of examples/puzzles.txt, from
  ``--hint-threads`` threads, spread evenly over ``--seconds`` (hint k is sent no sooner
  than k * seconds / hints after the start; ``--no-pace``: each thread sends its next one
  as soon as the last is answered, a burst);
- a probe every ``--probe-every`` seconds, GET / and GET /api/info in turn, each on a new
  connection, timed from connect to the last byte of the answer.
The slow clients and the hints run in a second process (this script with ``--role
load``), so the probes are timed by a process that does nothing else.  The probes go on
until the slow clients' time is over and the hints are all answered.
Prints, for the probes: count, p50, p99, max and how many took over 100 ms (any answer
but 200 is counted and shown); for the hints: answers by status and their p50/max; for
the slow clients: connections opened and how they ended; the server's threads and RSS.
``--json``: one JSON line with every figure, last.

Bounded: loopback only, every socket has a timeout, and the run stops by itself (at the
latest ``--seconds`` + 120 s); the server is stopped (Ctrl-C, then kill) at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW_HEAD = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-client\r\n"
             + b"X-Slow: " + b"a" * 200 + b"\r\n\r\n")


def puzzles() -> list[str]:
    lines = (ROOT / "examples" / "puzzles.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def start_server(workers: int) -> "tuple[subprocess.Popen, str, int]":
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + (os.pathsep + env["PYTHONPATH"]
                                             if env.get("PYTHONPATH") else "")
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0",
                             "--workers", str(workers)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    if not line.startswith("serving on http://"):
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r} {proc.stderr.read()[:2000]}")
    host, port = line.split("//", 1)[1].strip().rstrip("/").rsplit(":", 1)
    return proc, host, int(port)


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def proc_status(pid: int) -> dict:
    """Threads and VmRSS (kB) of a process, from /proc (empty elsewhere)."""
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("Threads:", "VmRSS:")):
                    out[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        pass
    return out


class SlowClients(threading.Thread):
    """n connections that send SLOW_HEAD a byte every 2-3 s, reconnecting when closed."""

    def __init__(self, address, n: int, until: float):
        super().__init__(daemon=True, name="slow-clients")
        self.address, self.n, self.until = address, n, until
        self.opened = 0
        self.ended = {}           # how connections ended: '408', 'closed', 'other ...'
        self.lifetimes = []       # seconds each ended connection lived
        self.open_now = []        # (time, open connections) samples
        self.stopped = threading.Event()

    def _open(self, sel, rng) -> None:
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(self.address)
        now = time.monotonic()
        sel.register(s, selectors.EVENT_READ, {"sent": 0, "next": now + rng.uniform(0, 2.5),
                                              "born": now, "reply": b""})
        self.opened += 1

    def _end(self, sel, key, how: str) -> None:
        sel.unregister(key.fileobj)
        key.fileobj.close()
        self.ended[how] = self.ended.get(how, 0) + 1
        self.lifetimes.append(time.monotonic() - key.data["born"])

    def run(self) -> None:
        rng = random.Random(1)
        sel = selectors.DefaultSelector()
        for _ in range(self.n):
            self._open(sel, rng)
        while time.monotonic() < self.until:
            for key, _ in sel.select(timeout=0.1):
                try:
                    chunk = key.fileobj.recv(65536)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError as exc:
                    self._end(sel, key, f"other {type(exc).__name__}")
                    if time.monotonic() < self.until:
                        self._open(sel, rng)
                    continue
                if chunk:
                    key.data["reply"] += chunk[:200]
                    continue
                reply = key.data["reply"]
                self._end(sel, key, reply[9:12].decode("latin-1") if reply.startswith(b"HTTP/")
                          else "closed")
                if time.monotonic() < self.until:
                    self._open(sel, rng)
            now = time.monotonic()
            for key in list(sel.get_map().values()):
                data = key.data
                if now >= data["next"] and data["sent"] < len(SLOW_HEAD):
                    try:
                        key.fileobj.send(SLOW_HEAD[data["sent"]:data["sent"] + 1])
                        data["sent"] += 1
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError as exc:
                        self._end(sel, key, f"other {type(exc).__name__}")
                        if now < self.until:
                            self._open(sel, rng)
                        continue
                    data["next"] = now + rng.uniform(2.0, 3.0)
            self.open_now.append((now, len(sel.get_map())))
        for key in list(sel.get_map().values()):
            key.fileobj.close()
        sel.close()
        self.stopped.set()


def fetch(host: str, port: int, method: str, path: str, body: "bytes | None" = None,
          timeout: float = 30.0) -> "tuple[int, float]":
    """(status, seconds from connect to the answer's last byte); status 0: no answer."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        resp.read()
        status = resp.status
    except (OSError, http.client.HTTPException):
        status = 0
    finally:
        conn.close()
    return status, time.perf_counter() - started


def run_hints(host, port, total: int, threads: int, results: list,
              pace: "float | None" = None) -> None:
    """total hint requests from threads threads (hint k not before start + k * pace
    seconds, when pace is given); results gets (status, seconds) each."""
    lines = puzzles()
    start = time.monotonic()
    counter = iter(range(total))
    lock = threading.Lock()

    def one_thread():
        while True:
            with lock:
                k = next(counter, None)
            if k is None:
                return
            if pace:
                time.sleep(max(0.0, start + k * pace - time.monotonic()))
            body = json.dumps({"puzzle": lines[k % len(lines)]}).encode()
            results.append(fetch(host, port, "POST", "/api/hint", body, timeout=60))
    pool = [threading.Thread(target=one_thread, daemon=True) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()


def run_load(args) -> int:
    """(--role load) The slow clients and the hints on --port; one JSON line of what came."""
    started = time.monotonic()
    slow = SlowClients((args.host, args.port), args.slow, started + args.seconds)
    slow.start()
    results: list = []
    run_hints(args.host, args.port, args.hints, args.hint_threads, results,
              args.seconds / args.hints if args.pace and args.hints else None)
    hints_seconds = time.monotonic() - started
    slow.join(args.seconds + 10)
    statuses = {}
    for status, _ in results:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    times = [s for status, s in results if status == 200]
    counts = [n for _, n in slow.open_now]
    print(json.dumps({
        "hint_answers": statuses, "hints_seconds": round(hints_seconds, 1),
        "hint_p50_ms": round(1000 * percentile(times, 0.5), 1),
        "hint_max_ms": round(1000 * max(times, default=float("nan")), 1),
        "slow_clients": {"opened": slow.opened, "ended": slow.ended,
                         "open_min": min(counts, default=0), "open_max": max(counts, default=0),
                         "lifetime_max_s": round(max(slow.lifetimes, default=0.0), 1)}}))
    return 0


def percentile(values: list, q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--slow", type=int, default=200, help="slow connections (default 200)")
    ap.add_argument("--seconds", type=float, default=60.0,
                    help="how long the slow clients keep at it (default 60)")
    ap.add_argument("--hints", type=int, default=1000, help="hint requests (default 1000)")
    ap.add_argument("--hint-threads", type=int, default=8, help="threads sending hints")
    ap.add_argument("--pace", action=argparse.BooleanOptionalAction, default=True,
                    help="spread the hints over --seconds (default), or send them at once")
    ap.add_argument("--probe-every", type=float, default=0.05, help="seconds between probes")
    ap.add_argument("--workers", type=int, default=2, help="the server's --workers")
    ap.add_argument("--json", action="store_true", help="print every figure as a JSON line")
    ap.add_argument("--role", choices=["probe", "load"], default="probe", help=argparse.SUPPRESS)
    ap.add_argument("--host", default="127.0.0.1", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if not (0 <= args.slow <= 900 and 0 <= args.hints <= 100_000 and 0 < args.seconds <= 600):
        ap.error("--slow 0..900, --hints 0..100000, --seconds up to 600")
    if args.role == "load":
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            ap.error("loopback only")
        return run_load(args)

    proc, host, port = start_server(args.workers)
    try:
        # the workers are ready when a hint is answered (not timed)
        for _ in range(100):
            if fetch(host, port, "POST", "/api/hint",
                     json.dumps({"puzzle": puzzles()[0]}).encode())[0] == 200:
                break
            time.sleep(0.1)
        before = proc_status(proc.pid)
        started = time.monotonic()
        hard_stop = started + args.seconds + 120
        load = subprocess.Popen(
            [sys.executable, __file__, "--role", "load", "--host", host, "--port", str(port),
             "--slow", str(args.slow), "--seconds", str(args.seconds), "--hints",
             str(args.hints), "--hint-threads", str(args.hint_threads),
             "--pace" if args.pace else "--no-pace"], stdout=subprocess.PIPE, text=True)
        probes = {"/": [], "/api/info": []}
        failures = []
        peak = {}
        k = 0
        while load.poll() is None and time.monotonic() < hard_stop:
            path = "/" if k % 2 == 0 else "/api/info"
            status, seconds = fetch(host, port, "GET", path, timeout=10)
            probes[path].append(seconds)
            if status != 200:
                failures.append((round(time.monotonic() - started, 2), path, status))
            if k % 40 == 0:
                now = proc_status(proc.pid)
                for name, value in now.items():
                    peak[name] = max(peak.get(name, 0), value)
            k += 1
            time.sleep(max(0.0, args.probe_every - seconds))
        elapsed = time.monotonic() - started
        if load.poll() is None:
            load.kill()
            raise SystemExit(f"the load did not finish within {args.seconds + 120:g} s")
        lines = load.communicate(timeout=30)[0].strip().splitlines()
        if load.returncode != 0 or not lines:
            raise SystemExit(f"the load process failed (exit {load.returncode})")
        loaded = json.loads(lines[-1])
        after = proc_status(proc.pid)
    finally:
        stop_server(proc)

    every = probes["/"] + probes["/api/info"]
    statuses = loaded["hint_answers"]
    result = {
        "command": "benchmarks/bench_serve_load.py " + " ".join(argv or sys.argv[1:]),
        "slow": args.slow, "seconds": args.seconds, "hints": args.hints,
        "hint_threads": args.hint_threads, "paced": args.pace, "workers": args.workers,
        "backend": os.environ.get("SUDOKIT_PUREPYTHON") and "pure" or "default",
        "elapsed": round(elapsed, 1), "hints_seconds": loaded["hints_seconds"],
        "probes": {"count": len(every), "failed": len(failures), "failures": failures[:10],
                   "over_100ms": sum(1 for s in every if s > 0.1),
                   "p50_ms": round(1000 * percentile(every, 0.5), 2),
                   "p99_ms": round(1000 * percentile(every, 0.99), 2),
                   "max_ms": round(1000 * max(every, default=float("nan")), 2),
                   "by_path": {p: {"count": len(v),
                                   "p50_ms": round(1000 * percentile(v, 0.5), 2),
                                   "p99_ms": round(1000 * percentile(v, 0.99), 2),
                                   "max_ms": round(1000 * max(v, default=float("nan")), 2)}
                               for p, v in probes.items()}},
        "hint_answers": statuses, "hint_p50_ms": loaded["hint_p50_ms"],
        "hint_max_ms": loaded["hint_max_ms"], "slow_clients": loaded["slow_clients"],
        "server": {"before": before, "peak": peak, "after": after},
    }
    p = result["probes"]
    print(f"{args.slow} slow connections for {args.seconds:g} s, {args.hints} hints from "
          f"{args.hint_threads} threads ({'spread over the run' if args.pace else 'at once'}), "
          f"{args.workers} workers, backend {result['backend']}: {result['elapsed']} s")
    print(f"probes (GET / and /api/info): {p['count']}, p50 {p['p50_ms']} ms, p99 "
          f"{p['p99_ms']} ms, max {p['max_ms']} ms, over 100 ms: {p['over_100ms']}, "
          f"not 200: {p['failed']} {p['failures']}")
    print(f"hints: {statuses}, p50 {result['hint_p50_ms']} ms, max {result['hint_max_ms']} ms")
    sc = result["slow_clients"]
    print(f"slow clients: {sc['opened']} connections opened, ended {sc['ended']}, open "
          f"{sc['open_min']}..{sc['open_max']}, longest {sc['lifetime_max_s']} s")
    print(f"server: {before} before, peak {peak}, {after} after")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
