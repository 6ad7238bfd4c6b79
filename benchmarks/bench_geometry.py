"""Geometry: classic speed before/after, and variant puzzles/s, in one run.

    python benchmarks/bench_geometry.py --baseline /tmp/wt-b04/src      # both parts
    python benchmarks/bench_geometry.py --part variants                  # variants only

Part ``classic``: the C kernels (propagate, backtrack, dlx, learn) on classic sets (9x9
top1465, 16x16, 25x25 prefixes from ../shared/data), each timed in a fresh subprocess
running this tree and the baseline tree (``--baseline SRC``: a checkout of the commit before
the geometry work, built in place), alternating A/B/A/B ``--rounds`` times; reported: the
median CPU seconds of each side and after/before.  Every call is the per-puzzle kernel
``kernel(values, box_rows, box_cols, 2, 0)`` (the classic form both trees have).

Part ``variants``: puzzles/s and nodes/puzzle of each engine on random 9x9 variant puzzles
(X, windoku, anti-knight, anti-king, disjoint, a jigsaw, nonconsecutive, thermometers with
kropki dots and XV) made here from a fixed seed, next to
classic 9x9 puzzles made the same way (same number of givens): the "any-size kernel" speed
the variants should match.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
CLASSIC = {  # name: (file, box side, puzzles)
    "top1465": ("puzzles3_magictour_top1465", 3, 400),
    "qqwing-easy": ("judge-cases/collections/qqwing_easy.sdm", 3, 200),
    "gecode16": ("gecode_16x16.txt", 4, 20),
    "gecode25": ("gecode_25x25.txt", 5, 3),
}
CLASSIC_KERNELS = {"top1465": ("propagate", "dlx", "learn"), "qqwing-easy": ("backtrack",),
                   "gecode16": ("propagate", "dlx", "learn"), "gecode25": ("propagate",)}
CONSTRAINTS = ("3x3+thermo(r1c1-r1c2-r1c3-r1c4)+thermo(r9c9-r8c9-r7c9-r6c9)+white(r5c4-r5c5)"
               "+black(r5c5-r5c6)+x(r2c2-r3c2)+v(r7c7-r7c8)")
VARIANTS = ["3x3", "3x3+x", "3x3+windoku", "3x3+antiknight", "3x3+antiking", "3x3+disjoint",
            "jigsaw(111222333111222333114223233441555666445455666444558666777885999777888999"
            "777888999)", "3x3+nonconsecutive", CONSTRAINTS]
LABELS = {VARIANTS[6]: "jigsaw 9x9", CONSTRAINTS: "3x3+thermos, dots, X, V"}


def _read_set(name: str) -> list[bytes]:
    """The first puzzles of a classic set as N*N bytes (blank: 0)."""
    file, side, count = CLASSIC[name]
    n = side * side
    symbols = {ch: v for v, ch in enumerate("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1) if v <= n}
    out = []
    for line in (DATA / file).read_text().splitlines():
        cells = line.strip().split()
        if len(cells) == n * n and all(c.isdigit() for c in cells):  # tokens (gecode files)
            out.append(bytes(int(c) for c in cells))
        else:
            text = line.strip()[: n * n]
            if len(text) == n * n:
                out.append(bytes(symbols.get(ch, 0) for ch in text))
        if len(out) == count:
            break
    return out


def _time_classic(name: str, kernel: str) -> float:
    """CPU seconds of one pass of kernel over the set (run inside the subprocess)."""
    from sudokit import _ckernels as C
    side = CLASSIC[name][1]
    fn = getattr(C, kernel if kernel != "dlx" else "dlx_sudoku")
    puzzles = _read_set(name)
    fn(puzzles[0], side, side, 2, 0)  # warm-up
    start = time.process_time()
    for values in puzzles:
        fn(values, side, side, 2, 0)
    return time.process_time() - start


def classic(baseline: str, rounds: int, sets: list[str]) -> list[dict]:
    rows = []
    for name, kernels in CLASSIC_KERNELS.items():
        if name not in sets or not (DATA / CLASSIC[name][0]).exists():
            continue
        for kernel in kernels:
            times = {"after": [], "before": []}
            for _ in range(rounds):
                for side, src in (("after", str(ROOT / "src")), ("before", baseline)):
                    env = dict(os.environ, PYTHONPATH=src)
                    out = subprocess.run([sys.executable, __file__, "--one", name, kernel],
                                         env=env, capture_output=True, text=True, check=True)
                    times[side].append(float(out.stdout))
            after, before = statistics.median(times["after"]), statistics.median(times["before"])
            rows.append({"set": name, "kernel": kernel, "puzzles": CLASSIC[name][2],
                         "before_s": before, "after_s": after, "ratio": after / before})
            print(f"| {name} | {kernel} | {before:.3f} | {after:.3f} | {after / before:.2f} |",
                  flush=True)
    return rows


def _variant_puzzles(name: str, count: int, keep: int, seed: int) -> list[bytes]:
    from sudokit.engine import _backend
    from sudokit import geometry
    g = geometry.parse(name)
    rng = random.Random(seed)
    tables = _backend.tables(g)
    out = []
    while len(out) < count:
        vals = bytearray(81)
        for c in rng.sample(range(81), 5):
            vals[c] = rng.randint(1, 9)
        _, sol, _, _ = _backend.KERNELS["propagate"](bytes(vals), tables, 1, 5000)
        if sol is None:
            continue
        if not g.links:                  # constraints tie values: no relabelling then
            perm = rng.sample(range(1, 10), 9)
            sol = bytes(perm[v - 1] for v in sol)
        puzzle = bytearray(81)
        for c in rng.sample(range(81), keep):
            puzzle[c] = sol[c]
        out.append(bytes(puzzle))
    return out


def variants(count: int, keep: int, names=VARIANTS) -> list[dict]:
    from sudokit.engine import _backend
    from sudokit import geometry
    rows = []
    for name in names:
        g = geometry.parse(name)
        tables = _backend.tables(g)
        puzzles = _variant_puzzles(name, count, keep, seed=7)
        for engine in ("propagate", "backtrack", "dlx", "learn"):
            kernel = _backend.KERNELS[engine]
            try:
                kernel(puzzles[0], tables, 2, 0)
            except NotImplementedError:
                continue
            nodes = 0
            start = time.process_time()
            for values in puzzles:
                nodes += kernel(values, tables, 2, 0)[2]
            spent = time.process_time() - start
            label = LABELS.get(name, g.name)
            rows.append({"geometry": label, "engine": engine, "puzzles": len(puzzles),
                         "per_s": len(puzzles) / spent, "us": 1e6 * spent / len(puzzles),
                         "nodes": nodes / len(puzzles)})
            print(f"| {label} | {engine} | {len(puzzles) / spent:,.0f} | "
                  f"{1e6 * spent / len(puzzles):.1f} | {nodes / len(puzzles):.1f} |", flush=True)
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--baseline", help="src/ of the baseline tree (for --part classic)")
    p.add_argument("--part", default="classic,variants")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--count", type=int, default=300, help="variant puzzles per geometry")
    p.add_argument("--keep", type=int, default=26, help="givens per variant puzzle")
    p.add_argument("--variants", default=None, help="';'-separated geometry names or labels "
                   "(default: all); 3x3 first for the baseline")
    p.add_argument("--sets", default=",".join(CLASSIC), help="classic sets to time")
    p.add_argument("--json")
    p.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        print(_time_classic(*args.one))
        return 0
    result = {}
    parts = args.part.split(",")
    if "classic" in parts:
        if not args.baseline:
            p.error("--part classic needs --baseline SRC")
        print("| set | kernel | before CPU s | after CPU s | after/before |\n|---|---|---|---|---|")
        result["classic"] = classic(args.baseline, args.rounds, args.sets.split(","))
    if "variants" in parts:
        print(f"\n{args.keep} givens, {args.count} puzzles per geometry, count up to 2, C kernels\n")
        print("| geometry | engine | puzzles/s | µs/puzzle | nodes/puzzle |\n|---|---|---|---|---|")
        by_label = {LABELS.get(v, v): v for v in VARIANTS}
        names = VARIANTS if args.variants is None else \
            [by_label.get(w.strip(), w.strip()) for w in args.variants.split(";") if w.strip()]
        result["variants"] = variants(args.count, args.keep, names)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
