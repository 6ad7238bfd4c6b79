"""Canonical forms per second (sudokit.symmetry), C twin and pure Python, on the public data sets.

    PYTHONPATH=src python benchmarks/bench_canon.py [--repeat 3] [--n17 1000] [--grids 50]

Sets: puzzles3_magictour_top1465 (all) and the first --n17 lines of puzzles2_17_clue, plus
--grids solution grids (complete grids are the slow case: every column order ties on row 1).
A warm-up pass (which also fills the per-mask tables) precedes the timed passes; the best of
--repeat passes is printed with the machine and the Python build.  Kernels, in one run:

    python      canonical_line per line, pure-Python search (symmetry._C_CANON switched off)
    c/line      canonical_line per line, C search (canon.c) + the Python call per line
    c/batch     canonical_lines on the whole set: one parse_lines + one C call
The C rows are skipped when the extension has no canon_lines; the last column is the speed-up
over python in the same run.
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


def _time(lines: list[str], repeat: int, kernel: str) -> float:
    saved = symmetry._C_CANON
    if kernel == "python":
        symmetry._C_CANON = None
    try:
        if kernel == "c/batch":
            text = "\n".join(lines)

            def run():
                symmetry.canonical_lines(text)
        else:
            canon = symmetry.canonical_line

            def run():
                for line in lines:
                    canon(line)
        for line in lines[: min(len(lines), 200)]:  # warm-up (fills the per-mask tables)
            symmetry.canonical_line(line)
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - t0)
        return best
    finally:
        symmetry._C_CANON = saved


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
    kernels = ["python"]
    if symmetry._C_CANON is not None:
        kernels += ["c/line", "c/batch"]
    from sudokit import backend
    print(f"# canonical forms, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.machine()}, {platform.processor() or '?'}"
          f", backend {backend()}, C canon_lines {'yes' if symmetry._C_CANON else 'no'}")
    print("| set | kernel | puzzles | seconds | canonical forms/s | µs/puzzle | vs python |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, lines in sets:
        if not lines:
            continue
        base = None
        for kernel in kernels:
            sec = _time(lines, args.repeat, kernel)
            base = base or sec
            print(f"| {name} | {kernel} | {len(lines)} | {sec:.3f} | {len(lines) / sec:,.0f} | "
                  f"{1e6 * sec / len(lines):,.1f} | {base / sec:.1f}x |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
