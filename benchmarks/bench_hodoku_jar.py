"""HoDoKu level + score: sudokit against the HoDoKu 2.2.0 JAR on the same 200 rows (issue #32).

    python benchmarks/bench_hodoku_jar.py --jar /tmp/hodoku.jar
    python benchmarks/bench_hodoku_jar.py --jar /tmp/hodoku.jar --rounds 5 --cpu 1 \\
        --src /tmp/base/src                     also time another tree (the "before")

The rows: 40 of each HoDoKu level (easy ... extreme) drawn from
../shared/data/ratings/hodoku220_cb_public.csv with random.Random(20261202), kept in file
order (--rows N changes the count, N/5 a level).  That file's level and score are the JAR's
own (its README), so every answer, sudokit's and the JAR's, is checked against them.

One round times, each in a fresh process:

* sudokit: ``sudokit.logic.hodoku.hodoku_rating`` (what ``sudokit rate --hodoku`` prints)
  on the rows, after one warm-up puzzle, as the child's CPU seconds (time.process_time);
  with --src, every other tree the same way; with --se, also the SE half of ``rate``
  (``rate(p, hodoku=False)``) on the same rows.
* the JAR: ``java -jar hodoku.jar /o stdout /bs FILE`` (its batch solve; default options, a
  fresh java.io.tmpdir so no saved hodoku.hcfg is read), as the process's CPU seconds
  (user + sys of the JVM and its JIT and GC threads) and wall seconds; and the same on a
  one-puzzle file, the JVM's start-up, subtracted.  The ratio uses CPU seconds: the
  machine is shared, so wall time measures the neighbours too.

Rounds interleave (JAR, sudokit, other trees); the best and the median of the rounds are
printed, and ratio = JAR CPU (start-up subtracted) / sudokit CPU, > 1 when sudokit is
faster.  --cpu K pins every process to core K.  The first round also hashes every step of
sudokit's path on the rows (hodoku_path, outside the timing): the same hash on two trees
means the same steps.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "shared" / "data" / "ratings"
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
SEED = 20261202


def sample(n: int = 200):
    """[(puzzle, level, score)]: n // 5 rows of each level, seeded, in file order."""
    with open(DATA / "hodoku220_cb_public.csv", newline="") as fh:
        rows = [(r["puzzle"], r["level"].lower(), int(r["score"])) for r in csv.DictReader(fh)]
    rng = random.Random(SEED)
    picked = []
    for level in LEVELS:
        picked += rng.sample([i for i, r in enumerate(rows) if r[1] == level], n // 5)
    return [rows[i] for i in sorted(picked)]


# The child: rates the rows in one process and prints one JSON line.
_CHILD = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from sudokit import backend
from sudokit.logic.hodoku import hodoku_path, hodoku_rating
lines = open(sys.argv[2]).read().split()
hodoku_rating(lines[0])
t = time.process_time()
got = [hodoku_rating(p) for p in lines]
cpu = time.process_time() - t
se = None
if sys.argv[4] == "1":
    from sudokit.rate import rate
    t = time.process_time()
    for p in lines:
        rate(p, hodoku=False)
    se = time.process_time() - t
digest = None
if sys.argv[3] == "1":
    h = hashlib.sha256()
    for p in lines:
        for step in hodoku_path(p):
            h.update(repr(step).encode())
        h.update(b"\n")
    digest = h.hexdigest()[:16]
print(json.dumps({"cpu": cpu, "got": got, "hash": digest, "backend": backend(), "se": se}))
"""


def _pin(cpu):
    if cpu is None:
        return None
    return lambda: os.sched_setaffinity(0, {cpu})


def run_sudokit(src: str, path: str, hash_steps: bool, cpu, se: bool = False):
    out = subprocess.run([sys.executable, "-c", _CHILD, src, path, "1" if hash_steps else "0",
                          "1" if se else "0"],
                         capture_output=True, text=True, check=True, preexec_fn=_pin(cpu))
    return json.loads(out.stdout.strip().splitlines()[-1])


_LINE = re.compile(r"^([.0-9]{81}) #\d+ (\w+) \((\d+)\)")


def run_jar(java: str, jar: str, path: str, cpu):
    """(cpu seconds, wall seconds, {puzzle: (level, score)}) of one JVM batch run."""
    tmp = tempfile.mkdtemp(prefix="hodoku-jar-")
    try:
        shutil.copy(path, os.path.join(tmp, "in.txt"))
        t = time.perf_counter()
        proc = subprocess.Popen([java, f"-Djava.io.tmpdir={tmp}", "-jar", jar, "/o", "stdout",
                                 "/bs", "in.txt"], cwd=tmp, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, preexec_fn=_pin(cpu))
        text = proc.stdout.read()
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    got = {}
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            got[m.group(1)] = (m.group(2).lower(), int(m.group(3)))
    return usage.ru_utime + usage.ru_stime, wall, got


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jar", default=os.environ.get("HODOKU_JAR"),
                    help="hodoku.jar (alexdej/hodoku-py ships it as hodoku/hodoku.jar)")
    ap.add_argument("--java", default=shutil.which("java"))
    ap.add_argument("--rows", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cpu", type=int, default=None, help="pin every process to this core")
    ap.add_argument("--se", action="store_true",
                    help="also time the SE half of rate (rate(p, hodoku=False)) in each child")
    ap.add_argument("--src", action="append", default=[],
                    help="another tree's src/ to time beside this one (repeatable)")
    args = ap.parse_args(argv)
    rows = sample(args.rows)
    want = {p: (lv, sc) for p, lv, sc in rows}
    jar = args.jar if args.jar and os.path.exists(args.jar) and args.java else None
    if jar is None:
        print("no JAR or no java: timing sudokit only (give --jar PATH and have java on PATH)")
    work = tempfile.mkdtemp(prefix="bench-hodoku-")
    path, one = os.path.join(work, "rows.txt"), os.path.join(work, "one.txt")
    Path(path).write_text("".join(p + "\n" for p, _, _ in rows))
    Path(one).write_text(rows[0][0] + "\n")
    trees = [("this tree", str(HERE.parent / "src"))] + [(s, s) for s in args.src]
    per = {name: [] for name, _ in trees}
    jar_runs, start_runs = [], []
    print(f"{len(rows)} rows ({args.rows // 5} a level, seed {SEED}), {args.rounds} rounds"
          + (f", pinned to core {args.cpu}" if args.cpu is not None else ""))
    for r in range(args.rounds):
        if jar:
            cpu1, wall1, _ = run_jar(args.java, jar, one, args.cpu)
            cpu, wall, got = run_jar(args.java, jar, path, args.cpu)
            bad = [p for p in want if got.get(p) != want[p]]
            jar_runs.append((cpu, wall))
            start_runs.append((cpu1, wall1))
            print(f"round {r + 1}: JAR cpu {cpu:.2f} s wall {wall:.2f} s (one puzzle: cpu "
                  f"{cpu1:.2f} s wall {wall1:.2f} s); {len(want) - len(bad)}/{len(want)} "
                  "answers as the CSV", flush=True)
        for name, src in trees:
            res = run_sudokit(src, path, r == 0, args.cpu, args.se)
            got = {p: tuple(g) for p, g in zip(want, res["got"])}
            bad = [(p, want[p], got[p]) for p in want if got[p] != want[p]]
            per[name].append(res["cpu"])
            print(f"round {r + 1}: sudokit ({name}, {res['backend']}) cpu {res['cpu']:.2f} s; "
                  f"{len(want) - len(bad)}/{len(want)} answers as the CSV"
                  + (f"; step hash {res['hash']}" if res["hash"] else "")
                  + (f"; SE half cpu {res['se']:.2f} s (HoDoKu / SE {res['cpu'] / res['se']:.1f}x)"
                     if res["se"] else ""), flush=True)
            if r == 0:
                for p, w, g in bad:
                    print(f"    differs: {p} CSV {w[0]} {w[1]}, sudokit {g[0]} {g[1]}")
    shutil.rmtree(work, ignore_errors=True)
    print("\n| program | best s | median s | ms / puzzle (best) |\n|---|---:|---:|---:|")
    n = len(rows)

    def line(name, vals):
        print(f"| {name} | {min(vals):.2f} | {statistics.median(vals):.2f} | "
              f"{1000 * min(vals) / n:.1f} |")
    jar_net = []
    if jar:
        jar_net = [c - c1 for (c, _), (c1, _) in zip(jar_runs, start_runs)]
        line("JAR, CPU", [c for c, _ in jar_runs])
        line("JAR, CPU less the one-puzzle run", jar_net)
        line("JAR, wall", [w for _, w in jar_runs])
        line("JAR, wall less the one-puzzle run",
             [w - w1 for (_, w), (_, w1) in zip(jar_runs, start_runs)])
    for name, vals in per.items():
        line(f"sudokit ({name}), CPU", vals)
    if jar:
        print()
        for name, vals in per.items():
            print(f"ratio JAR / sudokit ({name}), CPU less start-up: best "
                  f"{min(jar_net) / min(vals):.2f}, median "
                  f"{statistics.median(jar_net) / statistics.median(vals):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
