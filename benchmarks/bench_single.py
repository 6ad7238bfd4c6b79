"""One puzzle at a time vs a batch: the cost of the Python path around the kernel (#14).

    PYTHONPATH=src python3 benchmarks/bench_single.py [FILE] [--rounds 7]

Measures, in the same run and on the same puzzles (default: top1465 from ../shared/data):

    batch      batch.solve_many(lines) per puzzle (one C call for all; parsing included)
    values     batch.solve_many(buffer) per puzzle (the same, the values read beforehand)
    solve      sudokit.solve(line) per puzzle (parse the str, run the kernel, verify, Grid)
    grid       sudokit.solve(grid) per puzzle (the str already parsed)
    parse      sudokit.Grid(line) per puzzle (parsing alone)
    count2     batch.count_many(lines) per puzzle (count up to 2, one C call for all)
    check      sudokit.check(line) per puzzle (the verdict of counting to 2)

Each figure is the median of --rounds rounds (a warm-up round first); the report gives
solve - batch, the overhead of the single call (the #14 target: within 5 us), and check -
count2 (the #32 target: within 3 us), and batch - values, what reading a list of lines costs
(the #32 target: 0.2 us or less).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "..", "..", "shared", "data", "puzzles3_magictour_top1465")


def per_puzzle(func, n: int) -> float:
    """CPU time of func() per puzzle, in us (CPU time: the machine is shared, and time spent
    waiting for a core is not the code's cost)."""
    t = time.process_time()
    func()
    return (time.process_time() - t) / n * 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?", default=DEFAULT)
    ap.add_argument("--rounds", type=int, default=11)
    args = ap.parse_args(argv)
    import sudokit
    from sudokit.engine import _backend
    from sudokit.records import batch
    with open(args.file) as fh:
        lines = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    n = len(lines)
    grids = [sudokit.Grid(line) for line in lines]
    values = b"".join(bytes(g.values) for g in grids)
    solve, check, Grid = sudokit.solve, sudokit.check, sudokit.Grid
    runs = {
        "batch": lambda: batch.solve_many(lines),
        "values": lambda: batch.solve_many(values),
        "solve": lambda: [solve(line) for line in lines],
        "grid": lambda: [solve(g) for g in grids],
        "parse": lambda: [Grid(line) for line in lines],
        "count2": lambda: batch.count_many(lines),
        "check": lambda: [check(line) for line in lines],
    }
    for run in runs.values():  # warm-up (plans, caches)
        run()
    figures = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():  # interleaved: machine noise hits all alike
            figures[name].append(per_puzzle(run, n))
    med = {name: statistics.median(v) for name, v in figures.items()}
    low = {name: min(v) for name, v in figures.items()}
    diff = statistics.median(s - b for s, b in zip(figures["solve"], figures["batch"]))
    print(f"# {os.path.basename(args.file)}: {n} puzzles, backend {_backend.backend()}, "
          f"python {platform.python_version()}, {platform.machine()}, {args.rounds} rounds, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'':6s} {'median':>8s} {'min':>8s}  us/puzzle")
    for name in runs:
        print(f"{name:6s} {med[name]:8.2f} {low[name]:8.2f}")
    print(f"solve - batch: {med['solve'] - med['batch']:.2f} us (medians), "
          f"{low['solve'] - low['batch']:.2f} us (minima), {diff:.2f} us (median of the "
          "per-round differences); target <= 5")
    diff = statistics.median(s - b for s, b in zip(figures["check"], figures["count2"]))
    print(f"check - count2: {med['check'] - med['count2']:.2f} us (medians), "
          f"{low['check'] - low['count2']:.2f} us (minima), {diff:.2f} us (median of the "
          "per-round differences); target <= 3")
    diff = statistics.median(s - b for s, b in zip(figures["batch"], figures["values"]))
    print(f"batch - values: {med['batch'] - med['values']:.2f} us (medians), "
          f"{low['batch'] - low['values']:.2f} us (minima), {diff:.2f} us (median of the "
          "per-round differences); target <= 0.2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
