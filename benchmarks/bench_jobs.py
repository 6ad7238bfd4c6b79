"""Worker processes on a big file: `sudokit solve FILE --jobs N`, rate and peak memory.

    python3 benchmarks/bench_jobs.py                       # 1,000,000 puzzles, --jobs 1 vs 2
    python3 benchmarks/bench_jobs.py --rss-lines 10000000  # also: peak RSS on 10M lines
    python3 benchmarks/bench_jobs.py --lines 200000 --repeat 1 --no-save   # a quick look
    python3 benchmarks/bench_jobs.py --baseline /tmp/old/src   # against another build

--baseline SRC runs every --jobs value a second time with PYTHONPATH=SRC (another checkout's
src/ with its C extension built in place, e.g. `git worktree add /tmp/old COMMIT && cd
/tmp/old && python3 setup.py build_ext --inplace`), interleaved with this build's runs;
speed-ups are then against the baseline's run with the same --jobs.

The input is built (once, in a temporary directory, or --dir) from the 17-clue set of
../shared/data: line i is puzzle (i mod 49,151) under a random symmetry (relabelled values,
rows permuted within bands, columns within stacks, bands, stacks), seeded, so the file is
the same on every run and no puzzle repeats before its transforms do.

Each configuration runs `sudokit solve FILE --jobs N -o OUT` as a subprocess (--to pipe:
stdout into a pipe this script drains, where the workers cannot write in place), start-up
included; runs are interleaved (1, 2, 1, 2, ...) and the best of --repeat is kept, because
the machine is shared.  Peak memory is the largest sum of VmRSS over the whole process tree
(the main process, the fork server and the workers), sampled every 50 ms from /proc.  The
outputs of every configuration must be byte-identical.  Results: benchmarks/results/jobs-DATE.*
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"


def _transforms(rng: random.Random) -> list[int]:
    """A random cell permutation of the 9x9 symmetry group (without transposition)."""
    def within(groups):
        order = []
        bands = [0, 1, 2]
        rng.shuffle(bands)
        for b in bands:
            rows = [0, 1, 2]
            rng.shuffle(rows)
            order += [3 * b + r for r in rows]
        return order
    rows, cols = within(3), within(3)
    return [9 * rows[r] + cols[c] for r in range(9) for c in range(9)]


def build(path: Path, lines: int, seed: int = 2026) -> None:
    """Write `lines` transformed 17-clue puzzles to path (one per line)."""
    source = [line[:81] for line in (DATA / "puzzles2_17_clue").read_text().splitlines()
              if len(line) >= 81 and not line.startswith("#")]
    rng = random.Random(seed)
    perms = [_transforms(rng) for _ in range(64)]
    labels = []
    for _ in range(64):
        digits = list("123456789")
        rng.shuffle(digits)
        labels.append(str.maketrans("123456789", "".join(digits)))
    with open(path, "w") as out:
        batch = []
        for i in range(lines):
            p = source[i % len(source)]
            k = (i // len(source) * 7 + i) % 64
            perm = perms[k]
            batch.append("".join([p[j] for j in perm]).translate(labels[(k * 5 + i) % 64]))
            if len(batch) == 10000:
                out.write("\n".join(batch) + "\n")
                batch = []
        if batch:
            out.write("\n".join(batch) + "\n")


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(name))
    return kids


def tree_rss_kb(pid: int) -> int:
    """Sum of VmRSS (kB) of pid and all its descendants."""
    kids = _children()
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo += kids.get(p, [])
        try:
            with open(f"/proc/{p}/status") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
                        break
        except OSError:
            pass
    return total


def run(cmd: list[str], pythonpath: str | None = None,
        pipe_to: Path | None = None) -> tuple[float, int]:
    """Run cmd (PYTHONPATH set when given); return (wall seconds, peak tree RSS in kB).

    pipe_to: cmd writes to stdout, a pipe this process drains into that file (the output
    then cannot be written in place by the workers)."""
    env = dict(os.environ, PYTHONPATH=pythonpath) if pythonpath else None
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE if pipe_to else subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    peak = 0
    done = threading.Event()
    drain = None
    if pipe_to is not None:
        def copy():
            with open(pipe_to, "wb") as fh:
                for chunk in iter(lambda: proc.stdout.read(1 << 20), b""):
                    fh.write(chunk)
        drain = threading.Thread(target=copy, daemon=True)
        drain.start()

    def sample():
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_rss_kb(proc.pid))
            done.wait(0.05)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    if drain is not None:
        drain.join()
    _, err = proc.communicate()
    wall = time.perf_counter() - start
    done.set()
    t.join()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode()[-500:]}")
    return wall, peak


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--jobs", default="1,2", help="comma-separated --jobs values (default 1,2)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rss-lines", type=int, default=0,
                    help="also run --jobs 2 on a file of this many lines for peak memory")
    ap.add_argument("--dir", help="where the big files go (default: a temporary directory)")
    ap.add_argument("--no-save", action="store_true")
    ap.add_argument("--baseline", metavar="SRC",
                    help="another build's src/ directory, run interleaved as the baseline")
    ap.add_argument("--to", choices=("file", "pipe"), default="file",
                    help="where the answers go: -o FILE (default; the workers may write them "
                         "in place) or stdout into a pipe this script drains")
    args = ap.parse_args()
    if not (DATA / "puzzles2_17_clue").exists():
        raise SystemExit(f"needs {DATA / 'puzzles2_17_clue'}")
    exe = [sys.executable, "-m", "sudokit"]
    tmp = Path(args.dir or tempfile.mkdtemp(prefix="sudokit-bench-"))
    tmp.mkdir(parents=True, exist_ok=True)
    src = tmp / f"puzzles-{args.lines}.txt"
    if not src.exists():
        t = time.perf_counter()
        build(src, args.lines)
        print(f"built {src} ({src.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - t:.1f} s")
    jobs = [int(j) for j in args.jobs.split(",")]
    builds = [("base", args.baseline), ("this", None)] if args.baseline else [("this", None)]
    configs = [(b, path, j) for j in jobs for b, path in builds]
    best: dict[tuple, tuple[float, int]] = {}
    digests = {}
    load = os.getloadavg()
    for r in range(args.repeat):
        for build_name, path, j in configs:
            out = tmp / f"out-{build_name}-{j}.txt"
            if args.to == "pipe":
                wall, peak = run(exe + ["solve", str(src), "--jobs", str(j)], path, pipe_to=out)
            else:
                wall, peak = run(exe + ["solve", str(src), "--jobs", str(j), "-o", str(out)],
                                 path)
            print(f"run {r + 1}: {build_name} --jobs {j}: {wall:.2f} s, "
                  f"{args.lines / wall:,.0f} puzzles/s, peak RSS {peak / 1024:.0f} MB", flush=True)
            key = (build_name, j)
            if key not in best or wall < best[key][0]:
                best[key] = (wall, max(peak, best.get(key, (0, 0))[1]))
            digests[key] = digest(out)
    assert len(set(digests.values())) == 1, f"outputs differ: {digests}"
    rows = []
    for build_name, path, j in configs:
        wall, peak = best[(build_name, j)]
        base = best[("base", j)][0] if args.baseline else best[("this", jobs[0])][0]
        rows.append({"build": build_name, "jobs": j, "seconds": round(wall, 3),
                     "puzzles_per_s": round(args.lines / wall),
                     "speedup": round(base / wall, 3), "peak_rss_mb": round(peak / 1024, 1)})
    rss = None
    if args.rss_lines:
        big = tmp / f"puzzles-{args.rss_lines}.txt"
        if not big.exists():
            with open(big, "wb") as out:  # the 1M file again and again (the rate is not measured)
                written = 0
                while written < args.rss_lines:
                    with open(src, "rb") as fh:
                        for line in fh:
                            out.write(line)
                            written += 1
                            if written == args.rss_lines:
                                break
        wall, peak = run(exe + ["solve", str(big), "--jobs", "2", "-o", os.devnull])
        rss = {"lines": args.rss_lines, "seconds": round(wall, 1),
               "peak_rss_mb": round(peak / 1024, 1)}
        print(f"{args.rss_lines:,} lines --jobs 2: {wall:.1f} s, peak RSS {peak / 1024:.0f} MB")
    result = {"date": datetime.date.today().isoformat(), "machine": platform.machine(),
              "cpus": os.cpu_count(), "python": platform.python_version(),
              "load_before": [round(x, 2) for x in load], "lines": args.lines,
              "repeat": args.repeat, "to": args.to, "runs": rows, "rss": rss,
              "baseline": args.baseline,
              "command": "python3 benchmarks/bench_jobs.py " + " ".join(sys.argv[1:])}
    lines = [f"# `sudokit solve --jobs` on {args.lines:,} puzzles ({result['date']})", "",
             f"Command: `{result['command']}`; Python {result['python']}, {result['cpus']} CPUs, "
             f"load before {result['load_before']}, output to a {args.to}.  Best of "
             f"{args.repeat} interleaved runs, "
             "start-up included; outputs byte-identical.", "",
             "Speed-up: against " + ("the baseline build with the same --jobs"
                                     if args.baseline else f"--jobs {jobs[0]}") + ".", "",
             "| build | --jobs | seconds | puzzles/s | speed-up | peak RSS (tree) |",
             "|---|---|---:|---:|---:|---:|"]
    for row in rows:
        lines.append(f"| {row['build']} | {row['jobs']} | {row['seconds']:.2f} | "
                     f"{row['puzzles_per_s']:,} | {row['speedup']:.2f}x | "
                     f"{row['peak_rss_mb']:.0f} MB |")
    if len(jobs) > 1:  # the scaling of each build: its --jobs N against its --jobs 1
        lines.append("")
        for build_name, _ in builds:
            first = best[(build_name, jobs[0])][0]
            lines.append(f"{build_name}: " + ", ".join(
                f"--jobs {j} / --jobs {jobs[0]} = {first / best[(build_name, j)][0]:.2f}x"
                for j in jobs[1:]))
    if rss:
        lines += ["", f"{rss['lines']:,} lines with --jobs 2: {rss['seconds']} s, peak RSS of the "
                  f"process tree {rss['peak_rss_mb']:.0f} MB."]
    print("\n".join(lines))
    if not args.no_save:
        out = ROOT / "benchmarks" / "results" / f"jobs-{result['date']}"
        out.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
        out.with_suffix(".md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
