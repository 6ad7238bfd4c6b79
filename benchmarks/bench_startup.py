"""Start-up cost of the command line: what ``sudokit`` adds to a bare Python start.

    python3 benchmarks/bench_startup.py [--rounds 30]

Runs, interleaved and in the same run, ``python3 -c pass`` (the baseline), ``python3 -m
sudokit --help`` and ``python3 -m sudokit solve`` of one puzzle on stdin, ``--rounds`` times
each, and reports the median and best wall time of each and the median difference to the
baseline.  The target (issue #14): under 40 ms more than the baseline for both.  .pyc files
are written by a first untimed round.  The machine is shared: compare the differences, not
the absolute times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

PUZZLE = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
CASES = {
    "python3 -c pass": ([sys.executable, "-c", "pass"], b""),
    "sudokit --help": ([sys.executable, "-m", "sudokit", "--help"], b""),
    "sudokit solve (1 puzzle)": ([sys.executable, "-m", "sudokit", "solve"], PUZZLE),
}


def run_once(argv, data: bytes) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run of argv."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
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
    args = p.parse_args(argv)
    env_note = os.environ.get("SUDOKIT_PUREPYTHON", "")
    for cmd, data in CASES.values():  # warm-up: .pyc files, page cache
        run_once(cmd, data)
    walls: dict[str, list[float]] = {k: [] for k in CASES}
    cpus: dict[str, list[float]] = {k: [] for k in CASES}
    for _ in range(args.rounds):
        for name, (cmd, data) in CASES.items():
            wall, cpu = run_once(cmd, data)
            walls[name].append(wall)
            cpus[name].append(cpu)
    base_wall = statistics.median(walls["python3 -c pass"])
    base_cpu = statistics.median(cpus["python3 -c pass"])
    print(f"{args.rounds} rounds, interleaved; SUDOKIT_PUREPYTHON={env_note or 'unset'}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"  {'':<26} {'wall median':>12} {'wall best':>10} {'CPU median':>11}   over bare "
          "(wall, CPU)")
    for name in CASES:
        w, c = statistics.median(walls[name]), statistics.median(cpus[name])
        extra = "" if name.startswith("python3") else \
            f"   +{(w - base_wall) * 1e3:.1f} ms, +{(c - base_cpu) * 1e3:.1f} ms"
        print(f"  {name:<26} {w * 1e3:9.1f} ms {min(walls[name]) * 1e3:7.1f} ms "
              f"{c * 1e3:8.1f} ms{extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
