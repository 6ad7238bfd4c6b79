"""Benchmark puzzle generation, single process (jobs=1), on the active backend.

    python benchmarks/bench_generate.py                 # all cases
    python benchmarks/bench_generate.py --cases 9x9-minimal-rot180,16x16-unique
    SUDOKIT_PUREPYTHON=1 python benchmarks/bench_generate.py --scale 0.05

Each case generates a fixed seeded batch after a one-puzzle warm-up and reports puzzles/s,
mean clues and mean guesses (nodes of the count-to-2 search of the finished puzzle), plus
the CPU time.  Targets (C backend): 9x9 minimal rot180 >= 1000/s, 16x16 unique >= 20/s,
16x16 minimal >= 2/s, 25x25 unique >= 1/s.  Every puzzle is also re-checked unique by dlx
(outside the timing; see _unique where dlx does not take the geometry) unless --no-verify.

Variant cases (X, anti-knight, windoku, a jigsaw) pass geometry=; the classic ones pass only
box=, so the script also runs on a tree from before geometries (for before/after ratios:
--cases with classic names only).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import sudokit
from sudokit.generate import generate

# a 9x9 jigsaw: boxes with seven pairs of equal-valued cells traded between regions
JIGSAW9 = "AAABBBBCCAAABBBCCCAAABECCCCDDDEEBFFFDDDEEEFFFDDGHHEFFFDGGHEEIIIGGGHHHIIIGGGHHHIII"

CASES = {  # name: (box or geometry name, symmetry, minimal, count, target puzzles/s with C)
    "9x9-minimal-rot180": ("3x3", "rot180", True, 2000, 1000.0),
    "9x9-minimal": ("3x3", "none", True, 2000, None),
    "9x9-unique": ("3x3", "none", False, 2000, None),
    "16x16-unique": ("4x4", "none", False, 100, 20.0),
    "16x16-minimal": ("4x4", "none", True, 20, 2.0),
    "25x25-unique": ("5x5", "none", False, 5, 1.0),
    "9x9-x-minimal-rot180": ("3x3+x", "rot180", True, 200, None),
    "9x9-antiknight-minimal": ("3x3+antiknight", "none", True, 200, None),
    "9x9-windoku-minimal": ("3x3+windoku", "none", True, 200, None),
    "9x9-jigsaw-minimal": (f"jigsaw({JIGSAW9})", "none", True, 200, None),
    "16x16-x-unique": ("4x4+x", "none", False, 20, None),
}


def _options(spec: str) -> dict:
    """generate()'s keywords for a case: box= for a classic shape, else geometry=."""
    return {"geometry": spec} if "+" in spec or "(" in spec else {"box": spec}


def _unique(g) -> bool:
    """The puzzle re-checked by dlx; where dlx does not take the geometry, by backtrack up
    to 9x9 and by propagate (the generator's own kind) beyond, where backtrack is too slow."""
    try:
        return sudokit.count_solutions(g.puzzle, engine="dlx") == 1
    except (ValueError, NotImplementedError):
        other = "backtrack" if g.puzzle.size <= 9 else "propagate"
        return sudokit.count_solutions(g.puzzle, engine=other) == 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", default=",".join(CASES), help="comma-separated case names")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every count (min 1)")
    ap.add_argument("--seed", default="bench")
    ap.add_argument("--no-verify", action="store_true")
    args = ap.parse_args(argv)
    print(f"# sudokit {sudokit.__version__} backend={sudokit.backend()} python={platform.python_version()} "
          f"machine={platform.machine()} {platform.processor() or ''}".rstrip())
    print("| case | puzzles | puzzles/s | cpu puzzles/s | mean clues | mean guesses | target | ok |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name in args.cases.split(","):
        spec, sym, minimal, count, target = CASES[name]
        count = max(1, int(count * args.scale))
        where = _options(spec)
        generate(**where, symmetry=sym, minimal=minimal, count=1, seed="warm-up")
        t0, c0 = time.perf_counter(), time.process_time()
        out = generate(**where, symmetry=sym, minimal=minimal, count=count, seed=args.seed)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if not args.no_verify:
            for g in out:
                assert _unique(g)
        rate = count / wall
        ok = "" if target is None or sudokit.backend() != "c" else ("yes" if rate >= target else "NO")
        print(f"| {name} | {count} | {rate:,.1f} | {count / cpu:,.1f} | "
              f"{sum(g.clues for g in out) / count:.1f} | {sum(g.guesses for g in out) / count:.1f} | "
              f"{target or ''} | {ok} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
