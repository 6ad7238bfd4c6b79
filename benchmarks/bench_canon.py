"""Canonical forms per second (sudokit.symmetry.canonical_line) on the public data sets.

    PYTHONPATH=src python benchmarks/bench_canon.py [--repeat 3] [--n17 1000]

Sets: puzzles3_magictour_top1465 (all) and the first --n17 lines of puzzles2_17_clue, plus
--grids solution grids (complete grids are the slow case: every column order ties on row 1).
A warm-up pass (which also fills the per-mask tables) precedes the timed passes; the best of
--repeat passes is printed with the machine and the Python build.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT / "src"))

from sudokit import symmetry  # noqa: E402


def _lines(name: str, limit: int | None) -> list[str]:
    path = DATA / name
    if not path.is_file():
        print(f"skip {name}: not found at {path}", file=sys.stderr)
        return []
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    return lines[:limit] if limit else lines


def _time(lines: list[str], repeat: int) -> float:
    canon = symmetry.canonical_line
    for line in lines[: min(len(lines), 200)]:
        canon(line)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for line in lines:
            canon(line)
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--n17", type=int, default=1000)
    ap.add_argument("--grids", type=int, default=50, help="solution grids to time (0: none)")
    args = ap.parse_args(argv)
    sets = [("top1465", _lines("puzzles3_magictour_top1465", None)),
            ("17clue", _lines("puzzles2_17_clue", args.n17))]
    if args.grids:
        from sudokit import solve
        grids = [solve(p).to_line() for p in sets[0][1][: args.grids]]
        sets.append(("grids", grids))
    print(f"# canonical forms, pure Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, {platform.processor() or '?'}")
    print("| set | puzzles | seconds | canonical forms/s | µs/puzzle |")
    print("|---|---:|---:|---:|---:|")
    for name, lines in sets:
        if not lines:
            continue
        sec = _time(lines, args.repeat)
        print(f"| {name} | {len(lines)} | {sec:.3f} | {len(lines) / sec:,.0f} | "
              f"{1e6 * sec / len(lines):,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
