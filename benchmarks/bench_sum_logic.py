"""Speed of hints and whole paths on 9x9 killers (issue #29: a hint under 50 ms at the
median, a whole path under 1 s).

    python3 benchmarks/bench_sum_logic.py [--count 100]

The puzzles: the KrazyDad killers of tests/data/sums (no givens, cages only).  For each: the
time of ``logic.hint`` on the puzzle as written (the uniqueness check included, as the hint
command and the page pay it), of a hint on the state halfway along its path (a player's
position: values and candidates), and of the whole path (``logic.steps``).  Prints the
median and the 90th percentile of each, in ms, and the backend.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sudokit  # noqa: E402
from sudokit.logic import hint, steps  # noqa: E402


def killers(count: int):
    """count killers spread over the KrazyDad sets (sum_logic_sound's reader)."""
    from sum_logic_sound import krazydad
    out = [grid for grid, _ in krazydad()]
    step = max(1, len(out) // count)
    return out[::step][:count]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100)
    a = ap.parse_args()
    first, middle, paths = [], [], []
    for grid in killers(a.count):
        t = time.perf_counter()
        hint(grid)
        first.append(time.perf_counter() - t)
        t = time.perf_counter()
        path = steps(grid)
        paths.append(time.perf_counter() - t)
        state = path.start
        for s in path.steps[:len(path.steps) // 2]:
            state = state.apply(s)
        t = time.perf_counter()
        hint(state)
        middle.append(time.perf_counter() - t)

    def row(name, xs):
        xs = sorted(xs)
        return f"{name:24} median {1000 * statistics.median(xs):7.1f} ms   " \
               f"p90 {1000 * xs[int(0.9 * (len(xs) - 1))]:7.1f} ms"
    print(f"backend {sudokit.backend()}, {len(paths)} killers (KrazyDad, 9x9, no givens)")
    print(row("hint, puzzle as written", first))
    print(row("hint, halfway", middle))
    print(row("whole path", paths))


if __name__ == "__main__":
    main()
