"""sudokit and tdoku side by side on the five public 9x9 sets (issue #32), in one run.

    PYTHONPATH=src python3 benchmarks/bench_tdoku.py [--rounds 5] [--cpu baseline,avx2,avx512]
        [--call api,kernel] [--tdoku-lib PATH] [--sets 17clue,...] [--modes first,count2]
        [--limit N] [--core N] [--base DIR] [--json FILE]

What runs.  tdoku is not part of sudokit and sudokit ships none of it: this script loads a
shared library of tdoku's solver that tdoku's own build made (its CMake target
``tdoku_shared``: clang++ -O3 -march=native, tdoku's defaults).  Where it is comes from
``--tdoku-lib``, else the environment variable TDOKU_LIB, else
/tmp/sudokit-peers/tdoku/libtdoku_shared.so.  Without it, or without a C compiler for our
harness, the script says which in one line and exits with status 2.  The harness,
benchmarks/peers/tdoku_harness.c, is sudokit's code: it is compiled here with the system C
compiler (into --build-dir, outside the repository) and loads the library at run time.

How it is measured.
- Sets: 17clue, top1465, hardest1905 (forum hardest 1905_11+), hardest1106, serg (every
  puzzle has 2 or more solutions); modes: first solution (limit 1) and count up to 2.
- sudokit runs in its own subprocess per instruction level (SUDOKIT_CPU=level, as
  ``bench.py --cpu``; ``_ckernels.cpu_level()`` reports the level chosen), through its
  public batch API, ``sudokit.records.batch.solve_many``, on values read beforehand
  (bench.py's ``load``): the solving alone.  The cost of reading the lines into values
  (``batch.parse_lines`` on the set's text) is timed apart, in the "read" table.
  ``--call kernel`` (or ``api,kernel``: a column each) times the C batch loop alone on
  result buffers made once, as bench.py does, instead of solve_many, which makes new
  ones every call.
- ``--base DIR`` adds a second sudokit tree (DIR holds its ``sudokit`` package with its
  extension built, e.g. ``pip install --target DIR`` of main), one more column per level
  and call, named "base ...", measured in the same rounds and checked the same way: a
  change against the tree it came from, under the same load.  Each worker checks that
  ``sudokit`` came from its own tree (exit status 2 otherwise: an installed copy would be
  measured instead).
- tdoku runs in the harness, one puzzle string at a time (its API takes the characters
  directly: it has no separate reading step).
- Every process is pinned to one core (the last one this process may use, or --core).
  Both sides time with the thread's CPU clock, which does not count time preempted on a
  shared machine.  A measurement is REPS passes over the set, REPS chosen so that a pass
  covers at least --min-solves puzzles (top1465 and hardest1106 are small), the same for
  both sides.  --rounds rounds, interleaved: in each round every (set, mode) is run by
  every side in turn, the order rotated from round to round.  A figure is the best
  round's µs/puzzle; the ratio tdoku µs / sudokit µs (> 1: sudokit is faster) is given
  twice, best round over best round and the median of the rounds' own ratios (the two
  sides of a round ran one after the other, under the same load), with the range of the
  rounds' ratios, so that a disturbed round shows.
- Every answer is checked before the timing, on a first untimed pass (also the warm-up):
  every solution either side returns is checked by this script's own checker (rows,
  columns and boxes each hold 1..9, the givens kept; written here, not sudokit's), and the
  counts of every puzzle must be equal between tdoku and every sudokit level.  Any
  mismatch ends the run with status 1 and names the puzzle.
- Guesses per puzzle are each solver's own count, and they count different things
  (benchmarks/README.md, "sudokit and tdoku side by side"): tdoku counts one guess per
  binary branch (a band configuration of a value tried first, the rest kept for the
  second branch, which is not counted); sudokit's fast9 counts every value tried at a
  branching cell, the last one included, so a bivalue cell fully explored is 2 guesses.
"""

from __future__ import annotations

import argparse
import array
import itertools
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bench  # noqa: E402  (the sets, their reading into values, the machine's description)

ROOT = bench.ROOT
DATA = bench.DATA
SET_NAMES = ("17clue", "top1465", "hardest1905", "hardest1106", "serg")
MODES = {"first": 1, "count2": 2}
HARNESS_SRC = HERE / "peers" / "tdoku_harness.c"
PEERS = Path("/tmp/sudokit-peers")
DEFAULT_LIB = PEERS / "tdoku" / "libtdoku_shared.so"
DIGITS = bytes(range(256)).translate(bytes(b".123456789" + b"?" * 246))  # values -> chars


class Stop(Exception):
    """A reason to stop with one clear line (and its exit status)."""

    def __init__(self, line: str, status: int = 2):
        super().__init__(line)
        self.status = status


# ------------------------------------------------------------------ the checker --

ROWS = [list(range(9 * r, 9 * r + 9)) for r in range(9)]
COLS = [list(range(c, 81, 9)) for c in range(9)]
BOXES = [[(3 * (b // 3) + i // 3) * 9 + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)]
UNITS = ROWS + COLS + BOXES


def is_valid_solution(puzzle: str, solution: str) -> bool:
    """True if solution (81 characters '1'..'9') fills every unit with 1..9 and keeps the
    givens of puzzle (81 characters, '.' or '0' empty).  Independent of both solvers."""
    if len(solution) != 81 or len(puzzle) != 81:
        return False
    for p, s in zip(puzzle, solution):
        if p not in ".0" and p != s:
            return False
    for unit in UNITS:
        if "".join(sorted(solution[i] for i in unit)) != "123456789":
            return False
    return True


def read_puzzles(path: Path, limit: int | None) -> list[str]:
    """The puzzle lines of a set as bench.load and the harness read them: stripped lines of
    81 characters (this script's own reading, used by the checker)."""
    out = []
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if len(line) == 81:
                out.append(line)
                if limit is not None and len(out) >= limit:
                    break
    return out


def check_answers(side: str, mode: str, puzzles: list[str], answer: dict, expect: bool,
                  problems: list[str]) -> int:
    """Check every solution a side returned (one for each count >= 1 when expect; tdoku
    returns none when counting); add the problems found; return the number checked."""
    counts, sols = answer["counts"], answer["solutions"]
    checked = 0
    for i, p in enumerate(puzzles):
        s = sols[81 * i:81 * i + 81]
        if counts[i] == "0" or (s == "." * 81 and not expect):
            continue
        checked += 1
        if not is_valid_solution(p, s):
            problems.append(f"{side} {mode}: puzzle {i + 1} {p}: wrong solution {s}")
    return checked


# --------------------------------------------------------------- the two sides --

def c_compiler() -> str | None:
    """The C compiler for the harness: $CC, else cc, gcc or clang."""
    for name in filter(None, [os.environ.get("CC"), "cc", "gcc", "clang"]):
        path = shutil.which(name.split()[0])
        if path:
            return path
    return None


def build_harness(build_dir: Path) -> Path:
    """Compile the harness into build_dir (again only if the source is newer)."""
    exe = build_dir / "tdoku_harness"
    if exe.exists() and exe.stat().st_mtime >= HARNESS_SRC.stat().st_mtime:
        return exe
    cc = c_compiler()
    if cc is None:
        raise Stop("no C compiler found (CC, cc, gcc, clang) to build the harness "
                   f"{HARNESS_SRC.relative_to(ROOT)}")
    build_dir.mkdir(parents=True, exist_ok=True)
    cmd = [cc, "-O2", "-std=c99", "-Wall", "-o", str(exe), str(HARNESS_SRC), "-ldl"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise Stop(f"the harness did not compile ({' '.join(cmd)}): {proc.stderr.strip()}")
    return exe


def library_compiler(lib: Path) -> str:
    """The compiler named in the library's .comment section: clang's if it is there (the C
    runtime's start files, linked in by any build, name the system's GCC too)."""
    data = lib.read_bytes()
    found = re.findall(rb"clang version [ -~]+", data) or re.findall(rb"GCC: \([ -~]+", data)
    return "; ".join(sorted({f.decode() for f in found})) or "unknown"


class Side:
    """One solver process answering the line protocol of tdoku_harness.c (run, answers)."""

    def __init__(self, name: str, cmd: list[str], env: dict | None = None):
        self.name = name
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env)
        self.ready = self.answer(None)

    def answer(self, command: str | None) -> dict:
        if command is not None:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read().strip().splitlines()
            raise Stop(f"{self.name} stopped: {err[-1] if err else 'no message'}")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass
            self.proc.wait(timeout=30)


def worker(limit: int | None, names: list[str], call: str, src: str) -> int:
    """The sudokit side, at the level SUDOKIT_CPU names: the harness's protocol on
    stdin/stdout, plus 'read NAME REPS' (parse_lines on the set's text).  call 'api':
    batch.solve_many; 'kernel': the C batch loop alone on buffers made once (bench.py's
    way), to tell the kernel's time from the call's (new result buffers every call)."""
    os.environ.pop("SUDOKIT_PUREPYTHON", None)  # (a benchmark of the C kernels)
    sys.path.insert(0, src)
    import sudokit
    from sudokit import _ckernels as C
    from sudokit.records import batch
    if not Path(sudokit.__file__).resolve().is_relative_to(Path(src).resolve()):
        print(f"sudokit came from {Path(sudokit.__file__).parent}, not from {src}",
              file=sys.stderr)
        return 2
    if sudokit.backend() != "c":
        print(f"sudokit's C kernels are not available ({sudokit.backend_reason()})",
              file=sys.stderr)
        return 2
    sets = {name: bench.load(name, limit)[:2] for name in names}
    texts = {name: "".join(p + "\n" for p in read_puzzles(DATA / bench.SETS[name][0], limit))
             .encode() for name in names}
    buffers = {}

    def solve(name: str, values: bytes, n: int, lim: int):
        """(engine, solutions, counts, nodes) of one pass."""
        if call == "api":
            r = batch.solve_many(values, limit=lim)
            return r.engine, r.solutions, r.counts, r.nodes
        if (name, lim) not in buffers:
            buffers[(name, lim)] = (bytearray(81 * n), array.array("q", bytes(8 * n)),
                                    array.array("Q", bytes(8 * n)), bytearray(n))
        sols, counts, nodes, flags = buffers[(name, lim)]
        return C.batch(values, n, 3, 3, "fast9", lim, 0, sols, counts, nodes, flags), \
            sols, counts, nodes

    print(json.dumps({"ready": "sudokit", "level": C.cpu_level(),
                      "sets": {k: v[1] for k, v in sets.items()}}), flush=True)
    for line in sys.stdin:
        cmd, name, *rest = line.split()
        if cmd == "quit":
            break
        values, n = sets[name]
        if cmd == "read":
            reps = int(rest[0])
            t = time.thread_time()
            for _ in range(reps):
                got, errors = batch.parse_lines(texts[name], 9)
            seconds = time.thread_time() - t
            if len(got) != len(values) or errors:
                print(f"parse_lines read {len(got) // 81} puzzles of {name}, not {n}",
                      file=sys.stderr)
                return 2
            print(json.dumps({"set": name, "puzzles": n, "reps": reps, "seconds": seconds}))
        elif cmd == "run":
            lim, reps = int(rest[0]), int(rest[1])
            t = time.thread_time()
            for _ in range(reps):
                engine, sols, counts, nodes = solve(name, values, n, lim)
            seconds = time.thread_time() - t
            if engine != "fast9":
                print(f"solve_many chose {engine}, not fast9", file=sys.stderr)
                return 2
            print(json.dumps({"set": name, "limit": lim, "puzzles": n, "reps": reps,
                              "seconds": seconds, "guesses": sum(nodes),
                              "found": sum(counts) * reps}))
        else:  # answers
            engine, sols, counts, nodes = solve(name, values, n, int(rest[0]))
            print(json.dumps({"set": name, "limit": int(rest[0]), "puzzles": n,
                              "counts": "".join(str(min(c, 9)) for c in counts),
                              "solutions": bytes(sols).translate(DIGITS).decode()}))
        sys.stdout.flush()
    return 0


# ------------------------------------------------------------------- the run --

def start_sides(args, names: list[str]) -> tuple[Side, dict]:
    """Start the tdoku harness and one sudokit worker per level asked; check that each
    reads the same puzzles."""
    lib = Path(args.tdoku_lib)
    exe = build_harness(Path(args.build_dir))
    specs = [f"{n}={DATA / bench.SETS[n][0]}" for n in names]
    tdoku = Side("tdoku", [str(exe), str(lib), str(args.limit or 0)] + specs)
    levels = {}
    trees = [("", str(ROOT / "src"))] + ([("base ", args.base)] if args.base else [])
    for (tag, src), level, call in itertools.product(trees, args.cpu.split(","),
                                                     args.call.split(",")):
        env = dict(os.environ, SUDOKIT_CPU=level, PYTHONPATH=src)
        env.pop("SUDOKIT_PUREPYTHON", None)
        side = Side(f"sudokit {tag}{level}", [sys.executable, __file__, "--worker",
                                              "--limit", str(args.limit or 0), "--sets",
                                              ",".join(names), "--call", call,
                                              "--src", src], env)
        chosen = side.ready["level"]
        if level != "auto" and chosen != level:
            print(f"this CPU does not run {level} (sudokit chose {chosen}): column "
                  "dropped", file=sys.stderr)
            side.close()
            continue
        if side.ready["sets"] != tdoku.ready["sets"]:
            raise Stop(f"the two sides read different puzzle counts: "
                       f"{side.ready['sets']} against {tdoku.ready['sets']}")
        label = tag + (level if level != "auto" else f"auto={chosen}")
        levels[label + (" kernel" if call == "kernel" else "")] = side
    if not levels:
        raise Stop("no sudokit level left to measure")
    return tdoku, levels


def check_all(tdoku: Side, levels: dict, puzzles: dict, modes: list[str]) -> dict:
    """The untimed first pass of every side: check every answer; return the figures."""
    problems, checked, compared = [], 0, 0
    for name, plist in puzzles.items():
        for mode in modes:
            lim = MODES[mode]
            t = tdoku.answer(f"answers {name} {lim}")
            checked += check_answers("tdoku", mode, plist, t, lim == 1, problems)
            for level, side in levels.items():
                s = side.answer(f"answers {name} {lim}")
                checked += check_answers(f"sudokit {level}", mode, plist, s, True, problems)
                for i, (a, b) in enumerate(zip(t["counts"], s["counts"])):
                    compared += 1
                    if a != b:
                        problems.append(f"{name} {mode}: puzzle {i + 1} {plist[i]}: tdoku "
                                        f"counts {a}, sudokit {level} {b}")
            if mode == "count2" and name == "serg" and set(t["counts"]) - {"2"}:
                problems.append("serg count2: tdoku finds fewer than 2 solutions somewhere")
    if problems:
        for p in problems[:20]:
            print(p, file=sys.stderr)
        raise Stop(f"{len(problems)} answers failed the check", status=1)
    return {"solutions_checked": checked, "counts_compared": compared}


def measure(args, tdoku: Side, levels: dict, sizes: dict, modes: list[str]) -> list[dict]:
    """The timed rounds, interleaved; return one row per (set, mode)."""
    sides = {"tdoku": tdoku, **{f"sudokit {lv}": s for lv, s in levels.items()}}
    order = list(sides)
    cells = [(name, mode) for name in sizes for mode in modes]
    runs = {(c, k): [] for c in cells for k in order}
    reads = {(name, lv): [] for name in sizes for lv in levels}
    guesses = {}
    for r in range(args.rounds):
        turn = order[r % len(order):] + order[:r % len(order)]
        for name, mode in cells:
            n = sizes[name]
            reps = max(1, math.ceil(args.min_solves / n)) if n else 1
            for key in turn:
                got = sides[key].answer(f"run {name} {MODES[mode]} {reps}")
                runs[((name, mode), key)].append(got["seconds"] / (n * reps) * 1e6)
                guesses[((name, mode), key)] = got["guesses"] / n
        for name in sizes:  # the reading, once a round
            n = sizes[name]
            reps = max(1, math.ceil(args.min_solves / n))
            for lv, side in levels.items():
                got = side.answer(f"read {name} {reps}")
                reads[(name, lv)].append(got["seconds"] / (n * reps) * 1e6)
        print(f"round {r + 1}/{args.rounds} done, load {os.getloadavg()[0]:.2f}",
              file=sys.stderr, flush=True)
    rows = []
    for cell in cells:
        t_runs = runs[(cell, "tdoku")]
        row = {"set": cell[0], "mode": cell[1], "puzzles": sizes[cell[0]],
               "tdoku_us": min(t_runs), "tdoku_guesses": guesses[(cell, "tdoku")],
               "tdoku_runs": t_runs, "sudokit": {}}
        for lv in levels:
            s_runs = runs[(cell, f"sudokit {lv}")]
            per_round = [t / s for t, s in zip(t_runs, s_runs)]
            row["sudokit"][lv] = {"us": min(s_runs), "guesses": guesses[(cell, f"sudokit {lv}")],
                                  "ratio": min(t_runs) / min(s_runs),
                                  "ratio_median": statistics.median(per_round),
                                  "ratio_range": [min(per_round), max(per_round)],
                                  "runs": s_runs,
                                  "read_us": min(reads[(cell[0], lv)]),
                                  "read_runs": reads[(cell[0], lv)]}
        rows.append(row)
    return rows


def _ratio(tdoku_runs: list[float], figures: dict) -> str:
    """'best / median (low-high)' of the ratios tdoku µs / sudokit µs of a cell."""
    per_round = [t / s for t, s in zip(tdoku_runs, figures["runs"])]
    return (f"{min(tdoku_runs) / min(figures['runs']):.2f} / {statistics.median(per_round):.2f} "
            f"({min(per_round):.2f}-{max(per_round):.2f})")


def report(rows: list[dict], info: dict) -> str:
    """The Markdown tables of a run."""
    levels = list(rows[0]["sudokit"]) if rows else []
    out = [f"Machine: {info['cpu']}, {info['nproc']} cores, pinned to core {info['core']}; "
           f"load average {info['load_before']:.2f} before, {info['load_after']:.2f} after; "
           f"{info['rounds']} rounds; sudokit's extension: {info['compiler']} -O3 (setup.py); "
           f"tdoku's library: {info['tdoku_compiler']}.",
           f"Checked: {info['solutions_checked']:,} solutions valid and holding their givens, "
           f"{info['counts_compared']:,} counts equal between tdoku and sudokit.", "",
           "µs/puzzle: best round, thread CPU time. ratio: tdoku µs / sudokit µs (> 1: sudokit "
           "is faster): best round over best round / the median of the rounds' ratios (each "
           "round's tdoku and sudokit ran one after the other), their range in brackets.", "",
           "| set | mode | puzzles | tdoku µs | tdoku guesses | sudokit guesses | "
           + " | ".join(f"{lv} µs" for lv in levels) + " | "
           + " | ".join(f"ratio {lv}" for lv in levels) + " |",
           "|---|---|---:|---:|---:|---:|" + "---:|" * (2 * len(levels))]
    for r in rows:
        g = {round(r["sudokit"][lv]["guesses"], 6) for lv in levels}
        sg = f"{r['sudokit'][levels[0]]['guesses']:.2f}" + ("" if len(g) == 1 else " (differ!)")
        out.append(f"| {r['set']} | {r['mode']} | {r['puzzles']:,} | {r['tdoku_us']:.2f} | "
                   f"{r['tdoku_guesses']:.2f} | {sg} | "
                   + " | ".join(f"{r['sudokit'][lv]['us']:.2f}" for lv in levels) + " | "
                   + " | ".join(_ratio(r["tdoku_runs"], r["sudokit"][lv]) for lv in levels)
                   + " |")
    out += ["", "Reading the lines into values apart (sudokit `batch.parse_lines` on the set's "
            "text, µs/puzzle, best round; tdoku reads the characters inside its solve):", "",
            "| set | " + " | ".join(levels) + " |", "|---|" + "---:|" * len(levels)]
    seen = set()
    for r in rows:
        if r["set"] not in seen:
            seen.add(r["set"])
            out.append(f"| {r['set']} | "
                       + " | ".join(f"{r['sudokit'][lv]['read_us']:.3f}" for lv in levels)
                       + " |")
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sets", default=",".join(SET_NAMES), help="comma-separated, of "
                   + ", ".join(SET_NAMES))
    p.add_argument("--modes", default=",".join(MODES), help="first (limit 1), count2 "
                   "(count up to 2), or both")
    p.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    p.add_argument("--cpu", default="auto", help="sudokit's levels, comma-separated: baseline, "
                   "avx2, avx512, auto (one column each; a level this CPU lacks is dropped)")
    p.add_argument("--call", default="api", help="how sudokit is called: api (batch."
                   "solve_many), kernel (the C batch loop on buffers made once) or both, "
                   "comma-separated (one column each)")
    p.add_argument("--limit", type=int, help="the first N puzzles of each set (default all)")
    p.add_argument("--min-solves", type=int, default=20000,
                   help="repeat a set in a measurement until it covers this many puzzles")
    p.add_argument("--tdoku-lib", default=os.environ.get("TDOKU_LIB") or str(DEFAULT_LIB),
                   help="tdoku's shared library (its own tdoku_shared target; default "
                   f"TDOKU_LIB, else {DEFAULT_LIB})")
    p.add_argument("--build-dir", default=str(PEERS / "harness"),
                   help="where the harness is compiled (outside the repository)")
    p.add_argument("--core", type=int, help="the core to pin to (default: the last allowed)")
    p.add_argument("--json", help="write every figure and run here")
    p.add_argument("--table", help="print the tables of an earlier --json run and exit")
    p.add_argument("--base", help="a second sudokit tree to measure in the same run (the "
                   "directory holding its `sudokit` package with its extension built, e.g. a "
                   "`pip install --target` of main): one more column per level and call, "
                   "named 'base ...', to tell a change's effect from the machine's noise")
    p.add_argument("--src", default=str(ROOT / "src"), help=argparse.SUPPRESS)
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    names = args.sets.split(",")
    modes = args.modes.split(",")
    if args.worker:
        return worker(args.limit or None, names, args.call, args.src)
    if args.table:
        saved = json.loads(Path(args.table).read_text())
        print(report(saved["rows"], saved["machine"]))
        return 0
    tdoku, levels = None, {}
    try:
        for name in names:
            if name not in SET_NAMES:
                raise Stop(f"unknown set {name!r} (sets: {', '.join(SET_NAMES)})")
        for mode in modes:
            if mode not in MODES:
                raise Stop(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
        if not Path(args.tdoku_lib).is_file():
            raise Stop(f"tdoku's library not found at {args.tdoku_lib}: build tdoku's own "
                       "`tdoku_shared` target (from its public repository) and pass "
                       "--tdoku-lib or TDOKU_LIB; sudokit ships no copy of tdoku and no "
                       "script that builds it")
        if not DATA.is_dir():
            raise Stop(f"the public data sets are not at {DATA}")
        core = args.core if args.core is not None else max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})  # (the sides started below inherit it)
        load_before = os.getloadavg()[0]
        tdoku, levels = start_sides(args, names)
        puzzles = {n: read_puzzles(DATA / bench.SETS[n][0], args.limit) for n in names}
        for n in names:
            if len(puzzles[n]) != tdoku.ready["sets"][n]:
                raise Stop(f"{n}: the checker read {len(puzzles[n])} puzzles, the sides "
                           f"{tdoku.ready['sets'][n]}")
        checks = check_all(tdoku, levels, puzzles, modes)
        print(f"checked: {checks['solutions_checked']:,} solutions, "
              f"{checks['counts_compared']:,} counts", file=sys.stderr, flush=True)
        rows = measure(args, tdoku, levels, {n: len(puzzles[n]) for n in names}, modes)
    except Stop as stop:
        print(f"bench_tdoku: {stop}", file=sys.stderr)
        return stop.status
    finally:
        for side in [tdoku, *levels.values()]:
            if side is not None:
                side.close()
    m = bench.machine()
    info = {**m, "core": core, "load_before": load_before, "load_after": os.getloadavg()[0],
            "rounds": args.rounds, "limit": args.limit, "min_solves": args.min_solves,
            "tdoku_lib": args.tdoku_lib, "tdoku_compiler": library_compiler(Path(args.tdoku_lib)),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "command": " ".join([Path(sys.argv[0]).name] + (argv if argv is not None
                                                            else sys.argv[1:])), **checks}
    print(report(rows, info))
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
