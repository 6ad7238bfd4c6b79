"""The page's hint on the 18 minimal 25x25 puzzles of gecode_25x25.txt, as the page asks it.

    python3 benchmarks/bench_hint_25x25.py                  # all 18, 12 hints each
    python3 benchmarks/bench_hint_25x25.py --hints 3 --puzzles 4
    SUDOKIT_PUREPYTHON=1 python3 benchmarks/bench_hint_25x25.py

For each puzzle, in a fresh worker process (nothing kept from another puzzle): the hint
route of ``sudokit serve`` (serve._api.run, the work a worker does) with the body the
page sends (the puzzle, the player's values, the centre marks), first on the puzzle as
loaded, then after each hint is applied as the page's "Apply hint" applies it (its
placements as values, its eliminations as centre marks), --hints times.  Each answer is
checked against the solution (found first by ``sudokit solve`` on the C kernels, outside
the timing): a placement of the solution's value, an elimination of a value the solution
does not have there.

Prints one row per puzzle (the first hint, the second: the first on a player's state,
the slowest of the rest, the techniques) and the totals: the slowest hint against the
page's budget (serve._api.HINT_SECONDS of logic, the server's 10 s per request).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "gecode_25x25.txt"


def _solutions(puzzles: list) -> list:
    """The solutions, found by `sudokit solve` on the C kernels in a subprocess (a pure-
    Python search of a minimal 25x25 takes minutes): the checker's, not the timed code's."""
    import subprocess
    import tempfile
    from sudokit.grid import as_grid
    env = {k: v for k, v in os.environ.items() if k != "SUDOKIT_PUREPYTHON"}
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
    try:
        out = subprocess.run([sys.executable, "-m", "sudokit", "solve", f.name], env=env,
                             capture_output=True, text=True, check=True).stdout.split()
    finally:
        os.unlink(f.name)
    assert len(out) == len(puzzles)
    return [as_grid(line).values for line in out]


def _one(args):
    text, hints, solution = args
    from sudokit.serve._api import decode, run
    grid, _, _ = decode(text)
    n = grid.size
    values = list(grid.values)
    centre = [[] for _ in range(n * n)]
    times, names = [], []
    for _ in range(hints + 1):
        body = {"puzzle": text, "values": list(values),
                "candidates": [list(c) if not values[k] else [] for k, c in enumerate(centre)]}
        began = time.perf_counter()
        d = run("hint", body)
        times.append(time.perf_counter() - began)
        if d["status"] != "step":
            names.append(d["status"])
            break
        step = d["step"]
        names.append(step["technique"])
        for cell, v in step["placements"]:
            assert solution[cell] == v, ("wrong placement", cell, v)
        for cell, v in step["eliminations"]:
            assert solution[cell] != v, ("wrong elimination", cell, v)
        # the page's applyStep: eliminations from the centre marks (all candidates when
        # the cell has none), then the placements
        state_marks = None
        for cell, v in step["eliminations"]:
            if values[cell]:
                continue
            if not centre[cell]:
                if state_marks is None:
                    from sudokit.logic import State
                    state_marks = State.from_grid(grid.with_values(values)).candidates
                centre[cell] = [x for x in range(1, n + 1) if state_marks[cell] >> (x - 1) & 1]
            centre[cell] = [x for x in centre[cell] if x != v]
        for cell, v in step["placements"]:
            values[cell] = v
    return times, names


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=DATA)
    ap.add_argument("--puzzles", type=int, default=18, help="the first N puzzles")
    ap.add_argument("--hints", type=int, default=12, help="hints applied after the first")
    args = ap.parse_args(argv)
    import sudokit
    from sudokit.serve._api import HINT_SECONDS
    puzzles = args.file.read_text().split()[:args.puzzles]
    print(f"# {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpus, "
          f"Python {platform.python_version()}, backend {sudokit.backend()}, "
          f"{len(puzzles)} puzzles of {args.file.name}, {args.hints} hints applied each")
    print("| # | first hint s | on the player's state s | slowest later s | steps |")
    print("|---|---|---|---|---|")
    solutions = _solutions(puzzles)
    worst, firsts, seconds_ = 0.0, [], []
    ctx = multiprocessing.get_context("spawn")
    for k, text in enumerate(puzzles):
        with ctx.Pool(1) as pool:  # a fresh process: no closure kept from another puzzle
            times, names = pool.apply(_one, ((text, args.hints, solutions[k]),))
        later = max(times[2:], default=0.0)
        worst = max(worst, *times)
        firsts.append(times[0])
        if len(times) > 1:
            seconds_.append(times[1])
        kinds = sorted(set(names))
        print(f"| {k} | {times[0]:.3f} | {times[1] if len(times) > 1 else float('nan'):.3f} "
              f"| {later:.3f} | {len(names)}: {', '.join(kinds)} |", flush=True)
    print(f"\nslowest hint {worst:.3f} s (the hint's logic limit {HINT_SECONDS:g} s); first "
          f"hints: median {sorted(firsts)[len(firsts) // 2]:.3f} s; first on a player's "
          f"state: median {sorted(seconds_)[len(seconds_) // 2]:.3f} s, max "
          f"{max(seconds_):.3f} s")
    return 0 if worst < HINT_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
