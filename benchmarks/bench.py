"""Benchmark every kernel, C and pure Python, on the public data sets.

    python benchmarks/bench.py                         # all sets, all kernels, both modes
    python benchmarks/bench.py --sets top1465 --kernels c:fast9,py:propagate --py-max 200
    python benchmarks/bench.py --sets gecode25 --kernels c:learn,c:propagate --repeat 1
    python benchmarks/bench.py --sets gecode16,goomii16,gecode25 --kernels c:auto,c:learn

Each (kernel, set, mode) runs in a fresh subprocess so that its peak resident memory is its
own.  Modes: ``first`` (first solution, limit 1) and ``count2`` (count up to 2: the uniqueness
check).  C kernels go through the batch API (one call per set, GIL released, no Python object
per puzzle); pure-Python kernels loop over the puzzles.  Pure Python takes only the first
``--py-max`` puzzles of each set, and every C kernel is also timed on that same prefix so the
ratio column compares like with like.  A warm-up pass precedes every timed pass; the best of
``--repeat`` passes is reported.  Every solution is verified by the independent checker.

Reports puzzles/s, µs/puzzle, guesses (nodes) per puzzle and peak RSS, plus the machine and
compiler, as a Markdown table (stdout) and JSON (``--json FILE``).  Rates are wall-clock; the
JSON also holds process CPU time (``cpu_per_s``), the steadier figure on a shared machine.
``--table FILE.json`` re-prints the Markdown table of an earlier run.

``--cpu LEVEL`` runs every C kernel at that instruction level (SUDOKIT_CPU=LEVEL in the
subprocesses: baseline, avx2, avx512, auto); each row records the level its kernels ran at
(``cpu`` in the JSON).  ``bench_levels.py`` compares the levels in one process, interleaved.

``c:learn`` / ``py:learn`` (the CDCL engine, opt-in: not in the default kernel list) are not
in the C batch loop: both call the per-puzzle kernel in a Python loop (the C call releases
the GIL), and their rows also give the slowest puzzle of the best pass (``max_s`` wall,
``max_cpu_s`` process CPU: the steadier one on a shared machine).
``c:auto`` is the default engine off 9x9 (``sudokit.solver.portfolio``: propagate and learn in
turn with growing budgets, C kernels), timed the same way and without a node limit; on 9x9
sets ``auto`` is ``c:fast9``, so it is skipped there.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"

SETS = {  # name: (file, box side, modes)
    "17clue": ("puzzles2_17_clue", 3, ("first", "count2")),
    "top1465": ("puzzles3_magictour_top1465", 3, ("first", "count2")),
    "hardest1905": ("puzzles5_forum_hardest_1905_11+", 3, ("first", "count2")),
    "hardest1106": ("puzzles6_forum_hardest_1106", 3, ("first", "count2")),
    "serg": ("puzzles7_serg_benchmark", 3, ("first", "count2")),
    "gecode16": ("gecode_16x16.txt", 4, ("first", "count2")),
    "goomii16": ("16x16_goomii17_puzzles.txt", 4, ("first", "count2")),
    "gecode25": ("gecode_25x25.txt", 5, ("first",)),
}
# Sets whose hardest puzzles this engine cannot finish get a node budget per puzzle; the
# report then counts the puzzles stopped by it ("limit" column) instead of hanging.
NODE_LIMITS = {"gecode25": 2_000_000}
KERNELS = ["c:fast9", "c:propagate", "c:dlx", "c:backtrack", "py:propagate", "py:dlx"]
PER_PUZZLE = ("c:learn", "py:learn", "c:auto")  # timed puzzle by puzzle (not in C.batch)


def load(name: str, limit: int | None) -> tuple[bytes, int, int]:
    """Return (values buffer, count, box side) for a data set (first `limit` puzzles)."""
    sys.path.insert(0, str(ROOT / "src"))
    from sudokit.symbols import DEFAULT
    fname, side, _ = SETS[name]
    size = side * side
    table = {ch: DEFAULT.value_of(ch, size) for ch in "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.0"}
    out = bytearray()
    n = 0
    with open(DATA / fname) as fh:
        for line in fh:
            line = line.strip()
            if len(line) != size * size:
                continue
            out += bytes(table[ch] for ch in line)
            n += 1
            if limit is not None and n >= limit:
                break
    return bytes(out), n, side


def run_one(kernel: str, name: str, mode: str, limit: int | None, repeat: int) -> dict:
    """Time one kernel on one set in this process; return the figures."""
    sys.path.insert(0, str(ROOT / "src"))
    os.environ.pop("SUDOKIT_PUREPYTHON", None)
    data, n, side = load(name, limit)
    from sudokit.engine import _backend
    level = _backend.cpu_level() if where_of(kernel) == "c" else ""
    ncells = side ** 4
    lim = 1 if mode == "first" else 2
    where, engine = kernel.split(":")
    node_limit = NODE_LIMITS.get(name, 0) if kernel != "c:auto" else 0
    per_puzzle: list[float] = []
    per_puzzle_cpu: list[float] = []
    if kernel in PER_PUZZLE:
        from sudokit import _ckernels as C, solver
        from sudokit.engine import _kernels
        if kernel == "c:auto":
            from sudokit.engine import _backend
            from sudokit import geometry

            def fn(values, br, bc, limit, nlim):
                return solver.portfolio(values, _backend.tables(geometry.boxes(br, bc)), limit,
                                        nlim)[1:]
        else:
            fn = C.learn if where == "c" else _kernels.learn
        results = []

        def once():
            results.clear()
            per_puzzle.clear()
            per_puzzle_cpu.clear()
            for i in range(n):
                t, c = time.perf_counter(), time.process_time()
                results.append(fn(data[i * ncells:(i + 1) * ncells], side, side, lim, node_limit))
                per_puzzle.append(time.perf_counter() - t)
                per_puzzle_cpu.append(time.process_time() - c)
    elif where == "c":
        from sudokit import _ckernels as C
        sols = bytearray(len(data))
        counts = bytearray(8 * n)  # int64 per puzzle (the batch kernel's out_counts)
        nodes = bytearray(8 * n)
        flags = bytearray(n)

        def once():
            C.batch(data, n, side, side, engine, lim, node_limit, sols, counts, nodes, flags)
    else:
        from sudokit.engine import _kernels, sudoku_cover
        fn = {"propagate": _kernels.propagate, "backtrack": _kernels.backtrack,
              "dlx": sudoku_cover.dlx}[engine]
        results = []

        def once():
            results.clear()
            for i in range(n):
                results.append(fn(data[i * ncells:(i + 1) * ncells], side, side, lim, node_limit))
    if name not in NODE_LIMITS:
        once()  # warm-up (skipped where one pass takes minutes)
    best = best_cpu = float("inf")
    max_s = max_cpu_s = None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        once()
        if time.perf_counter() - t0 < best:
            max_s = max(per_puzzle, default=None)
            max_cpu_s = max(per_puzzle_cpu, default=None)
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    # figures and verification (outside the timing)
    from sudokit import is_solution, Grid, Shape
    shape = Shape(side, side)
    if where == "c" and kernel not in PER_PUZZLE:
        import array
        cnt = array.array("q", bytes(counts))
        nd = array.array("Q", bytes(nodes))
        total_nodes = sum(nd)
        stopped = sum(1 for f in flags if f & 1)
        solved = sum(1 for c in cnt if c >= 1)
        two = sum(1 for c in cnt if c >= 2)
        bad = sum(1 for i in range(n) if cnt[i] >= 1 and not is_solution(
            Grid._trusted(tuple(sols[i * ncells:(i + 1) * ncells]), shape),
            Grid._trusted(tuple(data[i * ncells:(i + 1) * ncells]), shape)))
    else:
        total_nodes = sum(r[2] for r in results)
        stopped = sum(1 for r in results if r[3])
        solved = sum(1 for r in results if r[0] >= 1)
        two = sum(1 for r in results if r[0] >= 2)
        bad = sum(1 for i, r in enumerate(results) if r[0] >= 1 and not is_solution(
            Grid._trusted(tuple(r[1]), shape), Grid._trusted(tuple(data[i * ncells:(i + 1) * ncells]), shape)))
    return {"kernel": kernel, "set": name, "mode": mode, "puzzles": n, "seconds": best,
            "cpu_seconds": best_cpu, "cpu_per_s": n / best_cpu if best_cpu else float("inf"),
            "per_s": n / best if best else float("inf"), "us": best / n * 1e6,
            "nodes_per": total_nodes / n, "solved": solved, "multi": two, "bad": bad,
            "stopped": stopped, "node_limit": node_limit, "max_s": max_s, "max_cpu_s": max_cpu_s,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "cpu": level}


def where_of(kernel: str) -> str:
    return kernel.split(":")[0]


def machine() -> dict:
    cc = sysconfig.get_config_var("CC") or "cc"
    try:
        ver = subprocess.run([cc.split()[0], "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        ver = cc
    cpu = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"python": platform.python_version(), "compiler": ver, "cpu": cpu,
            "nproc": os.cpu_count(), "cflags": "-O3 (setup.py)", "load": os.getloadavg()[0]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sets", default=",".join(SETS))
    p.add_argument("--kernels", default=",".join(KERNELS))
    p.add_argument("--modes", default="first,count2")
    p.add_argument("--py-max", type=int, default=200, help="puzzles per set for pure Python")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--cpu", help="the C kernels' instruction level (SUDOKIT_CPU): baseline, "
                                  "avx2, avx512 or auto (default: SUDOKIT_CPU as set, else auto)")
    p.add_argument("--json")
    p.add_argument("--table", help="print the table of an earlier --json run and exit")
    p.add_argument("--one", nargs=4, metavar=("KERNEL", "SET", "MODE", "LIMIT"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one:
        k, s, m, lim = args.one
        print(json.dumps(run_one(k, s, m, None if lim == "all" else int(lim), args.repeat)))
        return 0
    if args.table:
        saved = json.loads(Path(args.table).read_text())
        print(report(saved["rows"], saved["machine"]))
        return 0
    if not DATA.is_dir():
        print(f"data sets not found at {DATA}", file=sys.stderr)
        return 2
    if args.cpu:
        os.environ["SUDOKIT_CPU"] = args.cpu   # read by each subprocess's import
    rows = []
    info = machine()
    info["cpu_level_asked"] = os.environ.get("SUDOKIT_CPU", "") or "auto"
    print(f"machine: {info}", file=sys.stderr)
    for name in args.sets.split(","):
        for mode in args.modes.split(","):
            if mode not in SETS[name][2]:
                continue
            for kernel in args.kernels.split(","):
                if kernel == "c:fast9" and SETS[name][1] != 3:
                    continue
                if kernel == "c:auto" and SETS[name][1] == 3:
                    continue  # auto is c:fast9 on 9x9
                if kernel.endswith("backtrack") and SETS[name][1] != 3:
                    continue  # plain DFS does not finish big hard grids
                if name in NODE_LIMITS and kernel not in ("c:propagate", "c:learn", "c:auto"):
                    continue  # seconds per puzzle in C: only the propagate and learn kernels, in C
                limits = ["all", str(args.py_max)] if kernel.startswith("c:") else [str(args.py_max)]
                if kernel.startswith("c:") and kernel != "c:fast9" and name in ("17clue", "hardest1905", "serg", "goomii16"):
                    limits = ["5000", str(args.py_max)]
                if name in NODE_LIMITS:
                    limits = ["all"]
                for lim in limits:
                    cmd = [sys.executable, __file__, "--repeat", str(args.repeat), "--one", kernel, name, mode, lim]
                    proc = subprocess.run(cmd, capture_output=True, text=True)
                    if proc.returncode:
                        print(f"{kernel} {name} {mode}: failed\n{proc.stderr}", file=sys.stderr)
                        continue
                    row = json.loads(proc.stdout)
                    row["prefix"] = lim
                    rows.append(row)
                    print(f"{kernel:13} {name:12} {mode:6} {row.get('cpu') or '-':8} "
                          f"n={row['puzzles']:6} {row['per_s']:12.1f}/s "
                          f"{row['us']:10.1f} us {row['nodes_per']:9.1f} nodes  rss {row['peak_rss_mb']:.0f} MB"
                          f"  bad={row['bad']}"
                          + (f"  max {row['max_s']:.3f} s (CPU {row['max_cpu_s']:.3f} s)"
                             if row.get("max_s") is not None else ""),
                          file=sys.stderr, flush=True)
    print(report(rows, info))
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "rows": rows}, indent=1))
    return 0


def report(rows: list[dict], info: dict) -> str:
    levels = sorted({r.get("cpu") for r in rows if r.get("cpu")})
    out = [f"Machine: {info['cpu']}, {info['nproc']} cores, Python {info['python']}, {info['compiler']}, "
           f"load {info['load']:.1f}" + (f"; C kernels at {', '.join(levels)}" if levels else ""), "",
           "| set | mode | kernel | puzzles | puzzles/s (wall) | puzzles/s (CPU) | µs/puzzle (wall) | guesses/puzzle | limit | peak RSS MB | x pure-Python propagate (wall) | slowest puzzle s (wall / CPU) |",
           "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    base = {(r["set"], r["mode"], r["prefix"]): r for r in rows if r["kernel"] == "py:propagate"}
    for r in rows:
        b = base.get((r["set"], r["mode"], r["prefix"]))
        ratio = ""
        if b:
            x = r["per_s"] / b["per_s"]
            ratio = f"{x:.0f}x" if x >= 10 else f"{x:.2f}x"
        cpu = f"{r['cpu_per_s']:,.0f}" if "cpu_per_s" in r else ""
        out.append(f"| {r['set']} | {r['mode']} | {r['kernel']} | {r['puzzles']} | {r['per_s']:,.0f} | {cpu} | "
                   f"{r['us']:,.1f} | {r['nodes_per']:.2f} | {r.get('stopped', 0)} | {r['peak_rss_mb']:.0f} | {ratio} | "
                   + (f"{r['max_s']:.4f}" + (f" / {r['max_cpu_s']:.4f}" if r.get("max_cpu_s") is not None
                                             else "") + " |" if r.get("max_s") is not None else " |"))
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
