"""Single-puzzle overhead of the public API over the bare kernel call.

    python3 benchmarks/bench_overhead.py [--rounds 20000]

Times ``sudokit.solve(grid)`` and the kernel it calls (``_backend.KERNELS[engine]``) on the
same puzzles, interleaved, best of 5; the difference is what parsing-free validation,
engine choice, the Grid result and the independent verification of the answer cost.
"""

from __future__ import annotations

import argparse
import time

import sudokit
from sudokit import Grid
from sudokit.engine import _backend

PUZZLES = [  # two hard ones and an easy one, so kernel time is not all of it
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
]


def best_of(fn, rounds: int, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(rounds)
        best = min(best, time.perf_counter() - t0)
    return best / rounds * 1e6


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=20000)
    args = p.parse_args(argv)
    grids = [Grid(s) for s in PUZZLES]
    engine = "fast9" if "fast9" in _backend.KERNELS else "propagate"
    kernel = _backend.KERNELS[engine]
    raw = [bytes(g.values) for g in grids]

    def kernel_loop(n):
        for i in range(n):
            kernel(raw[i % 3], 3, 3, 1, 0)

    def solve_loop(n):
        for i in range(n):
            sudokit.solve(grids[i % 3])

    k = best_of(kernel_loop, args.rounds)
    s = best_of(solve_loop, args.rounds)
    print(f"backend {sudokit.backend()}, engine {engine}: kernel {k:.2f} µs, solve() {s:.2f} µs, "
          f"overhead {s - k:.2f} µs per puzzle")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
