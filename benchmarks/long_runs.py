"""The long evidence runs of the logic engine: soundness and completeness, in bounded parts.

    python benchmarks/long_runs.py --backend c --jobs 2 --write        # the whole evidence, C
    python benchmarks/long_runs.py --backend python --only top1465      # one set, pure Python
    python benchmarks/long_runs.py --list                               # the cases

Two suites, each over the public sets in ../shared/data (and generated puzzles), with the
techniques `sudokit explain` uses by default (the whole ladder, `logic.steps(puzzle)`):

- *soundness*: every step of every puzzle's whole path is checked against the solution: a
  placement is the solution's value, an elimination never removes it, no step is empty.
  The cases are those of issue #15 (50,375 puzzles): samples of the shared sets drawn with
  seed 15, and puzzles generated with seed 2026 in nine sizes and variants.
- *completeness*: the same checks, and the path must end solved (logic alone, no guess).
  top1465, hardest-1106 and the 10,000-puzzle sample of forum-hardest-1905 (seed 15).

The solution each step is checked against comes from the solver (`sudokit.solve`), and is
itself checked by the geometry's own rules (`Geometry.is_solution`, no solver), so neither
engine vouches for itself.

Each case is cut into interleaved parts of at most --part-size puzzles; each part runs in a
fresh process (`SUDOKIT_PUREPYTHON=1` for --backend python) with a wall-clock limit
(--part-timeout), at most --jobs at a time.  A part that fails, crashes or runs out of time
fails its case: the run reports it, and the exit status is 1.

--write appends the run to benchmarks/results/long-runs.json and regenerates from it
docs/long-runs.md (every run, newest first) and the table between the `long-runs` markers
of docs/logic.md (the newest result of each suite, set and backend).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
RESULTS = ROOT / "benchmarks" / "results" / "long-runs.json"
REPORT = ROOT / "docs" / "long-runs.md"
LOGIC_DOC = ROOT / "docs" / "logic.md"
BEGIN, END = "<!-- long-runs:begin -->", "<!-- long-runs:end -->"

# (suite, name, source, count): source is a shared file (a sample of `count` with seed 15, or
# all of it when count is None) or "generate:SPEC" (count puzzles generated with seed 2026)
CASES = [
    ("soundness", "top1465", "puzzles3_magictour_top1465", 1465),
    ("soundness", "17-clue", "puzzles2_17_clue", 47000),
    ("soundness", "hardest-1106", "puzzles6_forum_hardest_1106", 300),
    ("soundness", "forum-1905", "puzzles5_forum_hardest_1905_11+", 300),
    ("soundness", "generated 2x2", "generate:2x2", 300),
    ("soundness", "generated 2x3", "generate:2x3", 300),
    ("soundness", "generated 3x2", "generate:3x2", 200),
    ("soundness", "generated 2x4", "generate:2x4", 200),
    ("soundness", "generated 3x3+x", "generate:3x3+x", 60),
    ("soundness", "generated 3x3+windoku", "generate:3x3+windoku", 100),
    ("soundness", "generated 3x3+antiknight", "generate:3x3+antiknight", 30),
    ("soundness", "generated 2x3+antiking", "generate:2x3+antiking", 100),
    ("soundness", "generated 4x4", "generate:4x4", 20),
    ("completeness", "top1465", "puzzles3_magictour_top1465", None),
    ("completeness", "hardest-1106", "puzzles6_forum_hardest_1106", None),
    ("completeness", "forum-1905 sample", "puzzles5_forum_hardest_1905_11+", 10000),
]


def case_key(suite: str, name: str) -> str:
    return f"{suite}/{name}"


# --- one part, in its own process ----------------------------------------------------------


def _puzzles(source: str, count: "int | None", sample: "int | None"):
    """[(puzzle line, geometry name)] of a case, in its fixed order (sample: the first n)."""
    if source.startswith("generate:"):
        import sudokit
        from sudokit.geometry import parse
        spec = source.split(":", 1)[1]
        geom = parse(spec)
        out = [(g.puzzle.to_line(), spec)
               for g in sudokit.generate(geometry=geom, count=count, seed=2026)]
    else:
        text = (SHARED / source).read_text()
        lines = [ln.split()[0] for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
        if count is not None:
            lines = random.Random(15).sample(lines, min(count, len(lines)))
        out = [(ln, "3x3") for ln in lines]
    return out[:sample] if sample else out


def _check_one(line: str, spec: str, complete: bool):
    """(steps checked, problem or None, CPU seconds) of one puzzle's whole path."""
    import sudokit
    from sudokit import logic
    from sudokit.geometry import parse
    geom = parse(spec)
    puzzle = sudokit.Grid(line, geometry=geom)
    solution = sudokit.solve(puzzle)
    if solution is None or not geom.is_solution(solution.values) or any(
            v and v != s for v, s in zip(puzzle.values, solution.values)):
        return 0, "the solver's solution does not check", 0.0
    sol = solution.values
    t0 = time.process_time()
    path = logic.steps(puzzle)
    seconds = time.process_time() - t0
    for n, step in enumerate(path.steps, 1):
        if not (step.placements or step.eliminations):
            return n, f"step {n} ({step.technique}) changes nothing", seconds
        for c, v in step.placements:
            if sol[c] != v:
                return n, f"step {n} ({step.technique}) places {v} at cell {c}: wrong", seconds
        for c, v in step.eliminations:
            if sol[c] == v:
                return n, f"step {n} ({step.technique}) removes {v} from cell {c}: needed", seconds
    if complete:
        if path.status != "solved":
            return len(path.steps), f"not solved by logic ({path.status})", seconds
        if tuple(path.state.values) != tuple(sol):
            return len(path.steps), "the solved grid is not the solution", seconds
    elif path.status not in ("solved", "stuck"):
        return len(path.steps), f"path ended {path.status}", seconds
    return len(path.steps), None, seconds


def run_part(suite: str, name: str, part: int, parts: int, sample: "int | None") -> dict:
    """Check the part-th of `parts` interleaved parts of a case; the result as a dict."""
    import sudokit
    (_, _, source, count), = [c for c in CASES if c[0] == suite and c[1] == name]
    items = _puzzles(source, count, sample)[part - 1::parts]
    steps, times, failures = 0, [], []
    for line, spec in items:
        try:
            n, problem, seconds = _check_one(line, spec, suite == "completeness")
        except Exception as exc:  # noqa: BLE001 - any crash is a finding, reported with its puzzle
            n, problem, seconds = 0, f"{type(exc).__name__}: {exc}", 0.0
        steps += n
        times.append(seconds)
        if problem:
            failures.append({"puzzle": line, "geometry": spec, "problem": problem})
    return {"suite": suite, "set": name, "part": part, "parts": parts, "backend": sudokit.backend(),
            "puzzles": len(items), "steps": steps, "times": times, "failures": failures}


# --- the driver ------------------------------------------------------------------------------


def _case_size(source: str, count: "int | None", sample: "int | None") -> int:
    if count is None:
        n = sum(1 for ln in (SHARED / source).read_text().splitlines()
                if ln.strip() and not ln.startswith("#"))
    else:
        n = count
    return min(n, sample) if sample else n


def _plan(args):
    """[(suite, name, part, parts)] of the run, biggest cases first (they finish last)."""
    jobs = []
    for suite, name, source, count in CASES:
        if args.suite and suite != args.suite:
            continue
        if args.only and not any(o == name or o == case_key(suite, name) for o in args.only):
            continue
        size = _case_size(source, count, args.sample)
        parts = 1 if source.startswith("generate:") else max(1, -(-size // args.part_size))
        jobs += [(suite, name, i, parts) for i in range(1, parts + 1)]
    return jobs


def _spawn(job, args):
    suite, name, part, parts = job
    env = dict(os.environ)
    env.pop("SUDOKIT_PUREPYTHON", None)
    if args.backend == "python":
        env["SUDOKIT_PUREPYTHON"] = "1"
    argv = [sys.executable, str(Path(__file__).resolve()), "--part", suite, name, str(part),
            str(parts)]
    if args.sample:
        argv += ["--sample", str(args.sample)]
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


def _percentile(sorted_times, q):
    return sorted_times[min(len(sorted_times) - 1, int(len(sorted_times) * q))]


def run_all(args) -> dict:
    """Run every part of the plan, --jobs at a time; the run's record (cases and their figures)."""
    plan = _plan(args)
    if not plan:
        raise SystemExit("long_runs: no case matches --suite/--only (see --list)")
    results: dict = {}
    for suite, name, _, parts in plan:
        results.setdefault(case_key(suite, name), {
            "suite": suite, "set": name, "parts": parts, "puzzles": 0, "steps": 0, "times": [],
            "failures": [], "part_errors": [], "wall": 0.0, "started": None})
    pending, running = list(plan), []
    tree = _tree()  # (the code the parts run: taken before the first starts)
    started = time.monotonic()
    done = 0
    while pending or running:
        while pending and len(running) < args.jobs:
            job = pending.pop(0)
            running.append((job, _spawn(job, args), time.monotonic()))
        time.sleep(0.2)
        for entry in list(running):
            job, proc, t0 = entry
            key = case_key(job[0], job[1])
            timed_out = proc.poll() is None and time.monotonic() - t0 > args.part_timeout
            if timed_out:
                os.killpg(proc.pid, 9)
                proc.wait()
                results[key]["part_errors"].append(
                    f"part {job[2]}/{job[3]} ran out of its {args.part_timeout:.0f} s")
            if proc.poll() is None:
                continue
            running.remove(entry)
            out, err = proc.communicate()
            results[key]["wall"] += time.monotonic() - t0
            done += 1
            if proc.returncode == 0:
                part = json.loads(out)
                r = results[key]
                r["puzzles"] += part["puzzles"]
                r["steps"] += part["steps"]
                r["times"] += part["times"]
                r["failures"] += part["failures"]
                r["backend"] = part["backend"]
            elif not timed_out:
                results[key]["part_errors"].append(
                    f"part {job[2]}/{job[3]} exited {proc.returncode}: {err.strip()[-500:]}")
            print(f"[{time.monotonic() - started:7.0f} s] {done}/{len(plan)} parts: {key} "
                  f"{job[2]}/{job[3]} {'ok' if proc.returncode == 0 else 'FAILED'}",
                  file=sys.stderr, flush=True)
    cases = []
    for key, r in results.items():
        times = sorted(r.pop("times"))
        r["ok"] = not r["failures"] and not r["part_errors"] and r["puzzles"] > 0
        if times:
            r["cpu"] = {"mean": sum(times) / len(times), "p50": _percentile(times, 0.5),
                        "p99": _percentile(times, 0.99), "max": times[-1], "total": sum(times)}
        r.pop("started")
        r.setdefault("backend", "python" if args.backend == "python" else "c")
        cases.append(r)
    return {"date": datetime.date.today().isoformat(), "tree": tree, "machine": _machine(),
            "command": " ".join(["python", "benchmarks/long_runs.py"] + sys.argv[1:]),
            "jobs": args.jobs, "sample": args.sample, "wall": time.monotonic() - started,
            "cases": cases}


def _tree() -> str:
    try:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=10", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return rev + (" (src/ changed since)" if dirty else "")


def _machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


# --- the reports ------------------------------------------------------------------------------


def _ms(seconds: float) -> str:
    """Milliseconds, three significant digits at most (0.31, 4.2, 151, 1,079)."""
    ms = seconds * 1000
    return f"{ms:,.0f}" if ms >= 100 else f"{ms:.2g}" if ms < 1 else f"{ms:.3g}"


def _row(case: dict) -> str:
    cpu = case.get("cpu")
    figures = " / ".join(_ms(cpu[k]) for k in ("mean", "p50", "p99", "max")) if cpu else "-"
    if case["ok"]:
        verdict = "all solved" if case["suite"] == "completeness" else "no wrong step"
    else:
        verdict = f"**FAILED**: {len(case['failures'])} puzzles, {len(case['part_errors'])} parts"
    return (f"| {case['suite']} | {case['set']} | {case['backend']} | {case['puzzles']:,} | "
            f"{case['steps']:,} | {verdict} | {figures} |")


HEADER = ("| suite | set | backend | puzzles | steps checked | result | "
          "CPU ms a puzzle: mean / p50 / p99 / max |\n|---|---|---|---:|---:|---|---|")


def render_report(runs: list) -> str:
    out = ["# The long evidence runs",
           "",
           "Written by `benchmarks/long_runs.py --write` (do not edit by hand): every run, newest "
           "first.  Soundness: every step of each whole path checked against the solution; "
           "completeness: the same, and the path ends solved by logic alone.  Techniques: "
           "`explain`'s default set (the whole ladder).  Each solution is checked by the "
           "geometry's own rules before it is used.", ""]
    for run in reversed(runs):
        out += [f"## {run['date']}: tree {run['tree']}, {run['cases'][0]['backend']}", "",
                f"`{run['command']}` on {run['machine']}; {run['jobs']} parts at a time, "
                f"{run['wall'] / 60:.1f} minutes of wall time"
                + (f"; the first {run['sample']} puzzles of each set only" if run["sample"] else "")
                + ".", "", HEADER]
        out += [_row(c) for c in run["cases"]]
        problems = [(c, f) for c in run["cases"] for f in c["failures"][:5]]
        problems += [(c, {"problem": e, "puzzle": "-"}) for c in run["cases"]
                     for e in c["part_errors"]]
        if problems:
            out += ["", "Failures (at most five a set):", ""]
            out += [f"- {c['suite']} {c['set']}: `{f['puzzle']}`: {f['problem']}"
                    for c, f in problems]
        out.append("")
    return "\n".join(out)


def render_table(runs: list) -> str:
    """The newest result of each suite, set and backend, in CASES order."""
    latest: dict = {}
    for run in runs:
        for case in run["cases"]:
            latest[(case["suite"], case["set"], case["backend"])] = (run, case)
    rows = [("| suite | set | backend | puzzles | steps checked | result | "
             "CPU ms a puzzle: mean / p50 / p99 / max | when, tree |\n"
             "|---|---|---|---:|---:|---|---|---|")]
    for suite, name, _, _ in CASES:
        for backend in ("c", "python"):
            if (suite, name, backend) in latest:
                run, case = latest[(suite, name, backend)]
                sample = f", first {run['sample']}" if run["sample"] else ""
                rows.append(_row(case) + f" {run['date']}, {run['tree']}{sample} |")
    return "\n".join(rows)


def write(record: dict) -> None:
    """Append the run to the results file; write the two reports again from it."""
    runs = json.loads(RESULTS.read_text()) if RESULTS.is_file() else []
    runs.append(record)
    _replace(RESULTS, json.dumps(runs, indent=1) + "\n")
    render_files(runs)


def render_files(runs: list) -> None:
    _replace(REPORT, render_report(runs))
    text = LOGIC_DOC.read_text()
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        _replace(LOGIC_DOC, head + BEGIN + "\n" + render_table(runs) + "\n" + END + tail)
    else:
        print(f"long_runs: no {BEGIN} ... {END} markers in {LOGIC_DOC}: its table not written",
              file=sys.stderr)


def _replace(path: Path, text: str) -> None:
    """Write a file whole or not at all (a temporary file renamed over it)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text if text.endswith("\n") else text + "\n")
    os.replace(tmp, path)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--backend", choices=("c", "python"), default="c")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="parts run at once (default: the cores)")
    p.add_argument("--suite", choices=("soundness", "completeness"))
    p.add_argument("--only", nargs="+", metavar="SET",
                   help="only these sets (a name, or suite/name)")
    p.add_argument("--sample", type=int, metavar="N", help="only the first N puzzles of each set")
    p.add_argument("--part-size", type=int, default=1000, metavar="N",
                   help="puzzles a part at most (default 1000)")
    p.add_argument("--part-timeout", type=float, default=3 * 3600, metavar="S",
                   help="wall seconds a part may run (default 3 hours)")
    p.add_argument("--write", action="store_true",
                   help="record the run in benchmarks/results and docs/")
    p.add_argument("--list", action="store_true", help="print the cases and stop")
    p.add_argument("--render", action="store_true",
                   help="only write docs/long-runs.md and docs/logic.md's table again from "
                        "benchmarks/results/long-runs.json (no run)")
    p.add_argument("--part", nargs=4, metavar=("SUITE", "SET", "I", "K"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.part:
        suite, name, i, k = args.part
        print(json.dumps(run_part(suite, name, int(i), int(k), args.sample)))
        return 0
    if args.render:
        render_files(json.loads(RESULTS.read_text()))
        return 0
    if args.list:
        for suite, name, source, count in CASES:
            print(f"{suite}\t{name}\t{source}\t{count if count else 'all'}")
        return 0
    if not SHARED.is_dir():
        print(f"long_runs: the public data is not at {SHARED}", file=sys.stderr)
        return 2
    record = run_all(args)
    print(render_report([record]))
    if args.write:
        write(record)
    return 0 if all(c["ok"] for c in record["cases"]) else 1


if __name__ == "__main__":
    sys.exit(main())
