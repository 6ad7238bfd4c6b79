"""Dask (sudokit.records.distributed.run_file, 2 local workers) against `sudokit solve --jobs 2`.

    python3 benchmarks/bench_dask.py                      # makes a 1,000,000-line file
    python3 benchmarks/bench_dask.py --file big.txt --repeat 3 --blocksize 4MiB,8MiB,16MiB

The input (unless --file): 1,000,000 9x9 puzzles made from ../shared/data/puzzles2_17_clue
(the first 81 characters of each line), cycling through the set, each copy under one of 64
seeded random symmetries (digit relabelling, rows within bands, bands, columns within
stacks, stacks, transpose), written to a temporary folder.  Timed, in the same run and
alternating: `sudokit solve FILE --jobs 2 -o OUT` (a subprocess) and run_file on a
LocalCluster of 2 single-threaded worker processes (cluster start-up timed separately;
the ratio is given with and without it).  The outputs must be equal byte for byte.
Results: benchmarks/results/dask-YYYY-MM-DD.{md,json} (--out-dir).
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import operator
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCE = ROOT.parent / "shared" / "data" / "puzzles2_17_clue"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def transforms(count: int, seed: int) -> list[tuple]:
    """Seeded random symmetries of the 9x9 grid: (cell permutation getter, digit table)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        bands = rng.sample(range(3), 3)
        rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
        stacks = rng.sample(range(3), 3)
        cols = [3 * s + c for s in stacks for c in rng.sample(range(3), 3)]
        transpose = rng.random() < 0.5
        cells = [(c * 9 + r) if transpose else (r * 9 + c) for r in rows for c in cols]
        digits = rng.sample("123456789", 9)
        table = str.maketrans("123456789", "".join(digits))
        out.append((operator.itemgetter(*cells), table))
    return out


def make_input(path: Path, lines: int, seed: int) -> None:
    puzzles = []
    with open(SOURCE, encoding="ascii") as f:
        for raw in f:
            p = raw[:81]
            if len(p) == 81 and not raw.startswith("#"):
                puzzles.append(p)
    ts = transforms(64, seed)
    n = len(puzzles)
    with open(path, "w", encoding="ascii") as out:
        batch = []
        for i in range(lines):
            take, table = ts[(i // n + 17 * (i % n)) % len(ts)]
            batch.append("".join(take(puzzles[i % n])).translate(table))
            if len(batch) == 65536:
                out.write("\n".join(batch) + "\n")
                batch = []
        if batch:
            out.write("\n".join(batch) + "\n")


def digest(paths: list[str]) -> str:
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as f:
            while chunk := f.read(1 << 22):
                h.update(chunk)
    return h.hexdigest()


def run_jobs(path: Path, out: Path) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sudokit", "solve", str(path), "--jobs", "2",
                    "-o", str(out)], check=True)
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", help="a puzzle file to use (default: make one)")
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--blocksize", default="8MiB",
                    help="run_file blocksize(s), comma-separated (the first is the headline)")
    ap.add_argument("--out-dir", default=str(HERE / "results"))
    ap.add_argument("--no-save", action="store_true")
    args = ap.parse_args()

    from dask.distributed import Client, LocalCluster

    import sudokit
    from sudokit.records.distributed import run_file

    tmp = Path(tempfile.mkdtemp(prefix="bench-dask-"))
    try:
        if args.file:
            path = Path(args.file)
        else:
            path = tmp / "puzzles.txt"
            t = time.perf_counter()
            make_input(path, args.lines, args.seed)
            print(f"made {path} ({args.lines:,} lines) in {time.perf_counter() - t:.1f} s")
        with open(path, "rb") as f:
            nlines = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 22), b""))
        size = path.stat().st_size
        print(f"input: {nlines:,} lines, {size / 1e6:.1f} MB; kernels {sudokit.backend()}; "
              f"load {load()}")

        load_before = load()
        t = time.perf_counter()
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=40)
        client = Client(cluster)
        client.run(lambda: __import__("sudokit.cli"))  # (workers import sudokit once)
        startup = time.perf_counter() - t
        print(f"LocalCluster(2 workers x 1 thread) start-up: {startup:.2f} s")

        blocksizes = args.blocksize.split(",")
        jobs_times: list[float] = []
        dask_times: dict[str, list[float]] = {b: [] for b in blocksizes}
        parts_count: dict[str, int] = {}
        want = None
        for r in range(args.repeat):
            out = tmp / "jobs.txt"
            jobs_times.append(run_jobs(path, out))
            want = digest([str(out)])
            print(f"[{r + 1}] --jobs 2: {jobs_times[-1]:.2f} s  (load {load()})")
            for b in blocksizes:
                outdir = tmp / f"parts-{b}"
                shutil.rmtree(outdir, ignore_errors=True)
                t = time.perf_counter()
                names = run_file(str(path), str(outdir / "part-*.txt"), "solve", blocksize=b,
                                 client=client)
                dask_times[b].append(time.perf_counter() - t)
                parts_count[b] = len(names)
                same = digest(names) == want
                print(f"[{r + 1}] dask blocksize {b} ({len(names)} parts): "
                      f"{dask_times[b][-1]:.2f} s  same output: {same}  (load {load()})")
                if not same:
                    raise SystemExit(f"outputs differ (blocksize {b})")
        client.close()
        cluster.close()
        load_after = load()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    best_jobs = min(jobs_times)
    head = blocksizes[0]
    rows = []
    for b in blocksizes:
        best = min(dask_times[b])
        rows.append({"blocksize": b, "parts": parts_count[b], "times": dask_times[b],
                     "best": best, "median": statistics.median(dask_times[b]),
                     "puzzles_per_s": nlines / best,
                     "ratio_to_jobs2": best / best_jobs,
                     "median_ratio_to_jobs2": statistics.median(dask_times[b])
                     / statistics.median(jobs_times),
                     "ratio_to_jobs2_with_startup": (best + startup) / best_jobs})
    result = {
        "date": datetime.date.today().isoformat(),
        "command": "python3 " + " ".join([os.path.relpath(__file__, ROOT), *sys.argv[1:]]),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "kernels": sudokit.backend(),
        "input": {"file": args.file or f"generated from puzzles2_17_clue, seed {args.seed}",
                  "lines": nlines, "bytes": size},
        "load_before": load_before, "load_after": load_after,
        "cluster_startup_s": startup,
        "jobs2": {"times": jobs_times, "best": best_jobs, "median": statistics.median(jobs_times),
                  "puzzles_per_s": nlines / best_jobs},
        "dask": rows,
        "outputs_equal": True,
    }
    lines = [
        f"# Dask vs --jobs 2, {result['date']}",
        "",
        f"Command: `{result['command']}`  ",
        f"Machine: {result['machine']}; kernels: {result['kernels']}; load average "
        f"(1/5/15 min) {load_before} before, {load_after} after.  ",
        f"Input: {nlines:,} lines ({size / 1e6:.1f} MB), {result['input']['file']}.  ",
        f"LocalCluster start-up (2 worker processes x 1 thread): {startup:.2f} s.  ",
        "Outputs equal (concatenated part files == `--jobs 2` output): yes.",
        "",
        "Ratios: best to best, median to median, and best plus the cluster start-up to best.",
        "",
        "| run | blocksize | parts | best s | median s | puzzles/s (best) | ratio to --jobs 2 | "
        "median ratio | ratio with start-up |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
        f"| `sudokit solve --jobs 2` | 1 MiB blocks | — | {best_jobs:.2f} | "
        f"{statistics.median(jobs_times):.2f} | {nlines / best_jobs:,.0f} | 1.00 | 1.00 | — |",
    ]
    for row in rows:
        lines.append(f"| dask run_file | {row['blocksize']} | {row['parts']} | {row['best']:.2f} | "
                     f"{row['median']:.2f} | {row['puzzles_per_s']:,.0f} | "
                     f"{row['ratio_to_jobs2']:.2f} | {row['median_ratio_to_jobs2']:.2f} | "
                     f"{row['ratio_to_jobs2_with_startup']:.2f} |")
    md = "\n".join(lines) + "\n"
    print()
    print(md)
    if not args.no_save:
        out = Path(args.out_dir)
        out.mkdir(parents=True, exist_ok=True)
        stem = out / f"dask-{result['date']}"
        stem.with_suffix(".md").write_text(md)
        stem.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
        print(f"wrote {stem}.md and .json")
    headline = next(r for r in rows if r["blocksize"] == head)
    return 0 if headline["median_ratio_to_jobs2"] <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
