"""The instruction levels of the C kernels side by side, in one process (issue #32).

    PYTHONPATH=src python3 benchmarks/bench_levels.py [--rounds 11] [--levels baseline,avx2,avx512]
                                                      [--json FILE]

The hot files are compiled for baseline x86-64, AVX2 and AVX-512 (src/sudokit/_c/isa/isa.h);
``_ckernels.cpu_level(name)`` switches the level in use, so every level runs here on the
same buffers, interleaved: each round runs every job once at every level, the order of the
levels rotated from round to round, and a figure is the median over the rounds of CPU
µs/puzzle.  The ratio base/level is the median of the per-round ratios (> 1: the level is
faster); on a shared machine that is the figure to read, since noise hits the levels of a
round alike.  Warm-up: one pass of every job at every level first.

Jobs (whole public sets from ../shared/data, as bench.py reads them):
  fast9 batch       17-clue, top1465, forum hardest 1905_11+, hardest 1106, serg; first
                    solution (limit 1) and count up to 2; guesses/puzzle beside
  propagate batch   top1465 (first 300) and gecode 16x16, first solution
  parse_lines       the 17-clue file read into values (the batch reader), per line
  logic.steps       the whole logical path of 30 top1465 puzzles (the probe), per puzzle
The answers are the same at every level (tests/c/test_isa.py checks it); the guesses here
are compared too.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
SETS = {"17clue": "puzzles2_17_clue", "top1465": "puzzles3_magictour_top1465",
        "hardest1905": "puzzles5_forum_hardest_1905_11+",
        "hardest1106": "puzzles6_forum_hardest_1106",
        "serg": "puzzles7_serg_benchmark"}


def load(fname: str, size: int = 9, limit: int | None = None) -> tuple[bytes, int]:
    """(values, count) of the lines of exactly size*size characters of a data set."""
    from sudokit.symbols import DEFAULT
    table = {ch: DEFAULT.value_of(ch, size) for ch in DEFAULT.symbols[:size] + ".0"}
    out, n = bytearray(), 0
    with open(DATA / fname) as fh:
        for line in fh:
            line = line.strip()
            if len(line) == size * size:
                out += bytes(table[ch] for ch in line)
                n += 1
                if limit and n >= limit:
                    break
    return bytes(out), n


def jobs() -> dict:
    """{name: (run, puzzles, guesses of the last run)}: each run does one whole pass."""
    from sudokit import _ckernels as C, logic
    from sudokit.symbols import DEFAULT, reading_table
    out = {}

    def batch_job(data, n, side, engine, limit):
        sols, counts, nodes = bytearray(len(data)), bytearray(8 * n), bytearray(8 * n)
        flags = bytearray(n)

        def run():
            C.batch(data, n, side, side, engine, limit, 0, sols, counts, nodes, flags)
            if any(f & 4 for f in flags):
                raise SystemExit(f"{engine}: a solution failed the checker")

        def guesses():
            return sum(memoryview(nodes).cast("Q")) / n
        return run, n, guesses

    for name, fname in SETS.items():
        data, n = load(fname)
        for mode, limit in (("first", 1), ("count2", 2)):
            out[f"fast9 {name} {mode}"] = batch_job(data, n, 3, "fast9", limit)
    data, n = load(SETS["top1465"], limit=300)
    out["propagate top1465[:300] first"] = batch_job(data, n, 3, "propagate", 1)
    data, n = load("gecode_16x16.txt", size=16)
    out["propagate gecode16 first"] = batch_job(data, n, 4, "propagate", 1)
    text = (DATA / SETS["17clue"]).read_bytes()
    table = reading_table(DEFAULT, 9)
    lines = text.count(b"\n")
    out["parse_lines 17clue"] = (lambda: C.parse_lines(text, 9, table), lines, lambda: None)
    puzzles = [ln.strip() for ln in (DATA / SETS["top1465"]).read_text().splitlines()
               if len(ln.strip()) == 81][:30]

    def steps():
        for p in puzzles:
            logic.steps(p)
    out["logic.steps top1465[:30]"] = (steps, len(puzzles), lambda: None)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--levels", help="comma-separated (default: every level this CPU runs)")
    ap.add_argument("--only", help="run the jobs whose name contains this text")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    os.environ.pop("SUDOKIT_PUREPYTHON", None)
    from sudokit import _ckernels as C
    levels = args.levels.split(",") if args.levels else list(C.cpu_levels())
    for level in levels:
        if C.cpu_level(level) != level:
            raise SystemExit(f"this CPU does not run {level} (it runs {', '.join(C.cpu_levels())})")
    work = {k: v for k, v in jobs().items() if not args.only or args.only in k}
    figures = {k: {level: [] for level in levels} for k in work}
    guesses = {k: {} for k in work}
    for k, (run, _, nodes) in work.items():   # warm-up, and the guesses of every level
        for level in levels:
            C.cpu_level(level)
            run()
            guesses[k][level] = nodes()
    for r in range(args.rounds):
        for k, (run, n, _) in work.items():
            for level in levels[r % len(levels):] + levels[:r % len(levels)]:
                C.cpu_level(level)
                t = time.process_time()
                run()
                figures[k][level].append((time.process_time() - t) / n * 1e6)
    C.cpu_level("auto")
    rows = []
    for k, (run, n, _) in work.items():
        base = figures[k][levels[0]]
        g = set(guesses[k].values())
        rows.append({"job": k, "puzzles": n,
                     "guesses": None if g == {None} else guesses[k][levels[0]],
                     "same_guesses": len(g) == 1,
                     "us": {lv: statistics.median(figures[k][lv]) for lv in levels},
                     "ratio": {lv: statistics.median(b / x for b, x in zip(base, figures[k][lv]))
                               for lv in levels[1:]},
                     "runs": figures[k]})
    info = {"python": platform.python_version(), "machine": platform.machine(),
            "cpu": _cpu_name(), "rounds": args.rounds, "levels": levels,
            "load": os.getloadavg()[0]}
    print(report(rows, info))
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "rows": rows}, indent=1))
    return 0


def report(rows: list[dict], info: dict) -> str:
    levels = info["levels"]
    out = [f"CPU {info['cpu']}, Python {info['python']}, {info['rounds']} rounds, load average "
           f"{info['load']:.1f}; CPU µs/puzzle (median of the rounds), {levels[0]}/level = the "
           "median of the per-round ratios (> 1: faster than the baseline)", "",
           "| job | puzzles | guesses/puzzle | " + " | ".join(f"{lv} µs" for lv in levels)
           + "".join(f" | {levels[0]}/{lv}" for lv in levels[1:]) + " |",
           "|---|---:|---:|" + "---:|" * (2 * len(levels) - 1)]
    for r in rows:
        g = "" if r["guesses"] is None else f"{r['guesses']:.2f}"
        if not r["same_guesses"]:
            g += " (differ!)"
        out.append(f"| {r['job']} | {r['puzzles']} | {g} | "
                   + " | ".join(f"{r['us'][lv]:,.3f}" for lv in levels)
                   + "".join(f" | {r['ratio'][lv]:.3f}" for lv in levels[1:]) + " |")
    return "\n".join(out)


def _cpu_name() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


if __name__ == "__main__":
    sys.exit(main())
