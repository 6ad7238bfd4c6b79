"""Start-up cost of the command line: what ``sudokit`` adds to a bare Python start.

    PYTHONPATH=src python3 benchmarks/bench_startup.py [--rounds 30] [--against OTHER/src]

Runs, interleaved and in the same run, ``python3 -c pass`` (the baseline), ``python3 -m
sudokit --help`` and ``python3 -m sudokit solve`` of one puzzle on stdin, ``--rounds`` times
each, and reports the median and best wall time of each and the median difference to the
baseline.  The target (issue #14): under 40 ms more than the baseline for both.  Also
``sudokit solve --jobs 1 FILE`` and ``--jobs 2 FILE`` of a one-line file (issue #32: within
5 ms of each other: no worker starts for one line).
``--against DIR`` runs the two sudokit commands of a second tree too (PYTHONPATH=DIR, e.g.
an older commit unpacked and built in /tmp), in the same rounds: a before/after comparison.

.pyc files are written by a first untimed round, even under PYTHONDONTWRITEBYTECODE=1 (set
here in the environment of the agents: without .pyc files each run compiles every module,
~85 ms more); the timed rounds only read them.  The header names the sudokit each tree
imports: check that it is the tree you mean.  The machine is shared: compare the
differences, not the absolute times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

PUZZLE = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
BARE = "python3 -c pass"


def cases(against: str | None, one_line: str) -> dict[str, tuple[list[str], bytes, dict | None]]:
    """{name: (argv, stdin bytes, environment or None: inherited)} of every timed command;
    one_line: a file holding PUZZLE."""
    out = {BARE: ([sys.executable, "-c", "pass"], b"", None)}
    trees = [("", None)]
    if against:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(against))
        trees.append((" [against]", env))
    for label, env in trees:
        out["sudokit --help" + label] = ([sys.executable, "-m", "sudokit", "--help"], b"", env)
        out["sudokit solve (1 puzzle)" + label] = ([sys.executable, "-m", "sudokit", "solve"],
                                                   PUZZLE, env)
        for jobs in ("1", "2"):
            out[f"solve --jobs {jobs} FILE (1 line)" + label] = (
                [sys.executable, "-m", "sudokit", "solve", "--jobs", jobs, one_line], b"", env)
    return out


def sudokit_file(env: dict | None) -> str:
    """The sudokit package a run with this environment imports."""
    return subprocess.run([sys.executable, "-c", "import sudokit; print(sudokit.__file__)"],
                          env=env, capture_output=True, text=True, check=True).stdout.strip()


def run_once(argv, data: bytes, env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run of argv."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env)
    proc.stdin.write(data)
    proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{argv} exited with {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--against", metavar="DIR", default=None,
                   help="a second tree's src directory, measured in the same rounds")
    args = p.parse_args(argv)
    env_note = os.environ.get("SUDOKIT_PUREPYTHON", "")
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        one_line = os.path.join(tmp, "one.txt")
        with open(one_line, "wb") as f:
            f.write(PUZZLE)
        return _measure(args, env_note, cases(args.against, one_line))


def _measure(args, env_note: str, todo: dict) -> int:
    for cmd, data, env in todo.values():  # warm-up: .pyc files written, page cache
        writing = dict(os.environ if env is None else env)
        writing.pop("PYTHONDONTWRITEBYTECODE", None)
        run_once(cmd, data, writing)
    walls: dict[str, list[float]] = {k: [] for k in todo}
    cpus: dict[str, list[float]] = {k: [] for k in todo}
    for _ in range(args.rounds):
        for name, (cmd, data, env) in todo.items():
            wall, cpu = run_once(cmd, data, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    base_wall = statistics.median(walls[BARE])
    base_cpu = statistics.median(cpus[BARE])
    print(f"{args.rounds} rounds, interleaved; SUDOKIT_PUREPYTHON={env_note or 'unset'}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"  sudokit: {sudokit_file(None)}")
    if args.against:
        print(f"  [against]: {sudokit_file(todo['sudokit --help [against]'][2])}")
    print(f"  {'':<36} {'wall median':>12} {'wall best':>10} {'CPU median':>11}   over bare "
          "(wall, CPU)")
    for name in todo:
        w, c = statistics.median(walls[name]), statistics.median(cpus[name])
        extra = "" if name == BARE else \
            f"   +{(w - base_wall) * 1e3:.1f} ms, +{(c - base_cpu) * 1e3:.1f} ms"
        print(f"  {name:<36} {w * 1e3:9.1f} ms {min(walls[name]) * 1e3:7.1f} ms "
              f"{c * 1e3:8.1f} ms{extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
