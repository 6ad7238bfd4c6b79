"""Aimed generation (issue #17): the walk of sudokit.generate_target against generate-and-filter.

    python benchmarks/bench_generate_target.py                       both targets below
    python benchmarks/bench_generate_target.py --rating 8.0-9.0 --count 20
    python benchmarks/bench_generate_target.py --technique x-wing --count 100

For each target, in the same run and one process:
  walk     generate(rating=... | technique=..., count=N, seed=S): puzzles per minute
  filter   random minimal puzzles of the ordinary generator (generate(minimal=True)), each
           tested with the same Target.distance (== 0: kept), until N are kept or the walk's
           time has passed three times: puzzles per minute, and how many were drawn
Both use the same cut SE path / cut logical path, so the ratio is the search's alone.
Each kept puzzle is re-checked: one solution (dlx) and, for ratings, sudokit.rate in range.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sudokit import _backend, solver  # noqa: E402
from sudokit.generate import generate  # noqa: E402
from sudokit.generate_target import Target, aimed  # noqa: E402


def walk(kw: dict, count: int, seed: str):
    t = time.perf_counter()
    got = aimed(count=count, seed=seed, **kw)
    return got, time.perf_counter() - t


def filtered(kw: dict, count: int, seed: str, budget: float):
    target = Target(**kw)
    t, kept, drawn, i = time.perf_counter(), [], 0, 0
    while len(kept) < count and time.perf_counter() - t < budget:
        for g in generate(count=1, minimal=True, seed=f"{seed}:filter:{i}"):
            drawn += 1
            if target.distance(g.puzzle) == 0:
                kept.append(g)
        i += 1
    return kept, time.perf_counter() - t, drawn


def verify(kw: dict, puzzles) -> None:
    from sudokit.rate import rate
    from sudokit.logic import steps
    for g in puzzles:
        assert solver.count_solutions(g.puzzle, limit=2, engine="dlx") == 1
        if "rating" in kw:
            lo, hi = Target(**kw).rating
            assert lo <= rate(g.puzzle, hodoku=False).er <= hi
        if "technique" in kw:
            assert kw["technique"] in {s.technique for s in steps(g.puzzle).steps}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rating", default=None)
    ap.add_argument("--technique", default=None)
    ap.add_argument("--count", type=int, default=None)
    ap.add_argument("--seed", default="bench")
    args = ap.parse_args()
    runs = []
    if args.rating:
        runs.append(({"rating": args.rating}, args.count or 20))
    if args.technique:
        runs.append(({"technique": args.technique}, args.count or 100))
    if not runs:
        runs = [({"rating": "8.0-9.0"}, 20), ({"technique": "x-wing"}, 100)]
    print(f"backend: {'C' if _backend.C is not None else 'pure Python'}")
    print("| target | count | walk puzzles/min | filter puzzles/min (kept/drawn) | ratio |")
    print("|---|---:|---:|---:|---:|")
    for kw, count in runs:
        got, tw = walk(kw, count, args.seed)
        verify(kw, got)
        kept, tf, drawn = filtered(kw, count, args.seed, 3 * tw)
        verify(kw, kept)
        pw, pf = count / tw * 60, len(kept) / tf * 60
        name = ", ".join(f"{k} {v}" for k, v in kw.items())
        ratio = f"{pw / pf:.1f}x" if pf else "n/a (filter kept none)"
        print(f"| {name} | {count} | {pw:.1f} | {pf:.1f} ({len(kept)}/{drawn}) | {ratio} |",
              flush=True)


if __name__ == "__main__":
    main()
