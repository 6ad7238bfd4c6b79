"""Benchmark and agreement of sudokit.rate against the published SE ratings (issue #17).

    python benchmarks/bench_rate.py                      the 500 random se_cb_public puzzles
    python benchmarks/bench_rate.py --part stratified    the 1,090 stratified ones
    python benchmarks/bench_rate.py --part all --hodoku  all 1,590, HoDoKu columns too
    python benchmarks/bench_rate.py --limit 50           the first 50 of the part
    python benchmarks/bench_rate.py --baseline           also the pure-Python loop, same run
    python benchmarks/bench_rate.py --part hard --time-limit 60 --out hard.tsv
                                                         se_hard_public.txt (ER 10.6-11.9)
    python benchmarks/bench_rate.py --part stratified --band 9 --pure-chaining
                                                         the 9.x puzzles, C chaining against
                                                         the pure-Python Chaining in this run

Only the SE triple is timed (rate(..., hodoku=False)); --hodoku adds HoDoKu's columns,
computed outside the timing.  --baseline rates every puzzle a second time with SE's loop
and producers 1-22 in pure Python (sudokit.logic.se.path without its C loop; the C kernels of
producer 21 stay on) and prints its table and the speed ratio.

Prints puzzles/s, mean / p50 / p99 / max seconds per ER band, and a markdown table of
agreement per published ER value (ER, EP, ED exact; HoDoKu level and score exact with
--hodoku, against hodoku220_cb_public.csv).  --out FILE keeps one TSV line per puzzle
(line, published, got, seconds) so a long run can be summarised again (--from FILE).
One process, puzzles as written (no canonicalisation), a warm-up puzzle first.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

DATA = HERE.parent.parent / "shared" / "data" / "ratings"


def load(part: str):
    """[(line_no, puzzle, er, ep, ed, hodoku_level, hodoku_score)] of the chosen part."""
    rows = []
    hd = {}
    hpath = DATA / "hodoku220_cb_public.csv"
    if hpath.exists():
        with open(hpath, newline="") as fh:
            for i, r in enumerate(csv.DictReader(fh), 1):
                hd[i] = (r["level"].lower(), int(r["score"]))
    if part == "hard":
        for i, line in enumerate((DATA / "se_hard_public.txt").read_text().splitlines(), 1):
            p, er, ep, ed = line.split()
            rows.append((i, p, er, ep, ed, None, None))
        return rows
    for i, line in enumerate((DATA / "se_cb_public.txt").read_text().splitlines(), 1):
        if part == "random" and i <= 1090 or part == "stratified" and i > 1090:
            continue
        p, er, ep, ed = line.split()
        lv, sc = hd.get(i, (None, None))
        rows.append((i, p, er, ep, ed, lv, sc))
    return rows


def band(er: str) -> str:
    return er.split(".")[0] + ".x"


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summarise(results, hodoku: bool, out=sys.stdout, timing_only: bool = False) -> None:
    """Print the timing table per ER band and (unless timing_only) the agreement table per
    ER value."""
    bands = defaultdict(list)
    for r in results:
        bands[band(r["er"])].append(r["secs"])
    total = sum(r["secs"] for r in results)
    out.write(f"\n{len(results)} puzzles in {total:.1f} s: {len(results) / total:.2f} puzzles/s\n\n")
    out.write("| ER band | puzzles | mean ms | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|\n")
    for b in sorted(bands, key=lambda s: float(s[:-2])):
        v = bands[b]
        ms = lambda x: f"{1000 * x:.2f}"  # noqa: E731
        out.write(f"| {b} | {len(v)} | {ms(statistics.mean(v))} | {ms(pct(v, .5))} | "
                  f"{ms(pct(v, .99))} | {ms(max(v))} |\n")
    if timing_only:
        return
    per = defaultdict(list)
    for r in results:
        per[r["er"]].append(r)
    head = "| ER | puzzles | ER exact | EP exact | ED exact |"
    rule = "|---:|---:|---:|---:|---:|"
    if hodoku:
        head += " level exact | score exact |"
        rule += "---:|---:|"
    out.write("\n" + head + "\n" + rule + "\n")
    sums = defaultdict(int)
    for er in sorted(per, key=float):
        rs = per[er]
        row = [sum(r["got_er"] == r["er"] for r in rs), sum(r["got_ep"] == r["ep"] for r in rs),
               sum(r["got_ed"] == r["ed"] for r in rs)]
        if hodoku:
            row += [sum(r["got_level"] == r["level"] for r in rs),
                    sum(r["got_score"] == r["score"] for r in rs)]
        for k, v in enumerate(row):
            sums[k] += v
        out.write(f"| {er} | {len(rs)} | " + " | ".join(str(v) for v in row) + " |\n")
    n = len(results)
    out.write(f"| **all** | {n} | " + " | ".join(
        f"{sums[k]} ({100 * sums[k] / n:.1f}%)" for k in range(5 if hodoku else 3)) + " |\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("random", "stratified", "all", "hard"), default="random")
    ap.add_argument("--band", help="only puzzles whose published ER starts with this, e.g. 9 or 8")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds per puzzle (a puzzle over it counts as rated '-')")
    ap.add_argument("--pure-chaining", action="store_true",
                    help="also time each puzzle with the pure-Python Chaining (producers "
                         "23-30) in this process; prints the ratio")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--every", type=int, default=1, help="take every k-th puzzle")
    ap.add_argument("--hodoku", action="store_true")
    ap.add_argument("--baseline", action="store_true",
                    help="also time the pure-Python loop (producers 1-22 in Python)")
    ap.add_argument("--cpu", action="store_true",
                    help="time with this process's CPU seconds (time.process_time) instead of "
                         "the wall clock: steadier on a shared, loaded machine")
    ap.add_argument("--out", help="write one TSV line per puzzle here")
    ap.add_argument("--from", dest="source", help="summarise a --out file instead of rating")
    args = ap.parse_args(argv)
    fields = ("line", "er", "ep", "ed", "got_er", "got_ep", "got_ed", "level", "score",
              "got_level", "got_score", "secs")
    if args.source:
        with open(args.source) as fh:
            results = [dict(zip(fields, ln.rstrip("\n").split("\t"))) for ln in fh]
        for r in results:
            r["secs"] = float(r["secs"])
        summarise(results, args.hodoku)
        return 0
    from sudokit import backend
    from sudokit.rate import rate
    from sudokit.logic.hodoku import hodoku_rating
    rows = load(args.part)
    if args.band:
        rows = [r for r in rows if r[2].split(".")[0] == args.band]
    rows = rows[::args.every]
    if args.limit:
        rows = rows[:args.limit]
    rate(rows[0][1], hodoku=False)  # warm-up (imports, tables)
    print(f"sudokit.rate on {len(rows)} puzzles ({args.part}); kernels {backend()}; "
          f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    out = open(args.out, "w") if args.out else None
    from sudokit.logic.se import path as _se
    c_run = _se._C_RUN
    clock = time.process_time if args.cpu else time.perf_counter
    if args.cpu:
        print("times are CPU seconds of this process (--cpu)")
    results, base, pures = [], [], []
    for i, p, er, ep, ed, lv, sc in rows:
        t = clock()
        got = rate(p, hodoku=False, time_limit=args.time_limit)
        secs = clock() - t
        if args.baseline:
            _se._C_RUN = None
            t = time.perf_counter()
            pure = rate(p, hodoku=False)
            base.append({"er": er, "secs": time.perf_counter() - t})
            _se._C_RUN = c_run
            assert (pure.er, pure.ep, pure.ed) == (got.er, got.ep, got.ed), (i, p)
        if args.pure_chaining:
            pure = _pure_seconds(p, got)
            print(f"line {i}: C chaining {secs:.3f} s, pure Chaining {pure:.3f} s", flush=True)
            pures.append((secs, pure))
        g = lambda x: "-" if x is None else f"{x:.1f}"  # noqa: E731
        r = {"line": str(i), "er": er, "ep": ep, "ed": ed, "got_er": g(got.er),
             "got_ep": g(got.ep), "got_ed": g(got.ed), "level": lv or "-",
             "score": str(sc) if sc is not None else "-", "got_level": "-", "got_score": "-",
             "secs": secs}
        if args.hodoku:
            level, score = hodoku_rating(p)
            r["got_level"], r["got_score"] = level, str(score)
        results.append(r)
        if out:
            out.write("\t".join(str(r[f]) for f in fields) + "\n")
            out.flush()
    if args.baseline:
        print("\nbaseline: the pure-Python loop (producers 1-22 in Python)", end="")
        summarise(base, False, timing_only=True)
        fast, slow = sum(r["secs"] for r in results), sum(r["secs"] for r in base)
        print(f"\nC loop: {fast:.2f} s, pure loop: {slow:.2f} s, ratio {slow / fast:.1f}x")
    print("\nC loop" if args.baseline else "", end="")
    summarise(results, args.hodoku)
    if pures:
        c = [a for a, _ in pures]
        py = [b for _, b in pures]
        print(f"\nC chaining: mean {statistics.mean(c):.3f} s, p50 {pct(c, .5):.3f}, "
              f"p99 {pct(c, .99):.3f}, max {max(c):.3f}; pure Chaining: mean "
              f"{statistics.mean(py):.3f} s, p50 {pct(py, .5):.3f}, p99 {pct(py, .99):.3f}, "
              f"max {max(py):.3f}; ratio of means {statistics.mean(py) / statistics.mean(c):.1f}")
    return 0


def _pure_seconds(puzzle: str, want) -> float:
    """Seconds of SE's path with the pure-Python Chaining (the C one switched off); checks
    that the ratings agree."""
    from sudokit.logic.se import path as _se
    from sudokit.logic.se.chains import Chaining
    orig = _se.producers

    def pure_producers():
        prods = orig()
        for _name, prod in prods:
            if isinstance(prod, Chaining):
                prod._c = None
        return prods
    _se.producers = pure_producers
    try:
        t = time.perf_counter()
        path = _se.se_path(puzzle)
        secs = time.perf_counter() - t
    finally:
        _se.producers = orig
    got = float(_se.format_rating(path.er))
    if want.er is not None and got != want.er:
        print(f"  pure Chaining ER {got} differs from the C one {want.er}", flush=True)
    return secs


if __name__ == "__main__":
    sys.exit(main())
