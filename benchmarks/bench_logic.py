"""The logic engine's speed: the whole logical path per puzzle, and one hint (issue #15).

    PYTHONPATH=src python3 benchmarks/bench_logic.py [--sets top1465,hardest1106] [--sample N]

For each set, ``logic.steps(puzzle)`` on every puzzle (or a seeded --sample of them): CPU
time per puzzle as mean, p50, p99 and max, the share solved by logic alone, steps per
puzzle, and the techniques used most.  Then ``logic.hint`` on 9x9 puzzles that need only
singles (the first puzzles of the 17-clue set whose path is singles only), per call.

--noprobe: also time each path with the ladder's C probe switched off (every finder runs,
as before the probe), puzzle by puzzle in the same run, and print both (the ratio is the
probe's gain; the steps are the same, --hash checks it).

--hash: also print a SHA-256 of every step of every path (technique, placements,
eliminations, evidence, text, rating) per set, to check that two trees (or the two
backends) take exactly the same paths: run the script with each tree's PYTHONPATH.

Targets (issue #15, one process): top1465 < 10 ms a puzzle on average, hardest-1106 < 1 s,
hint on a singles-only 9x9 < 1 ms.  CPU time, not wall time: the machine is shared.
Baseline to compare with in the same run: ``sudokit.solve`` of the same puzzles (printed).

Link-heavy variants (issue #32): the sets nonconsecutive (20), thermo and kropki (10 each),
minimal 9x9 puzzles made by ``sudokit generate --minimal`` (tests/data/links: the files,
seeds and command), read with their rules.  Target: every path <= 1 s, the step hashes
unchanged.  For them:

--time-limit S   seconds (wall, as logic.steps counts them) per path: a path cut there has
                 status 'time-limit' (counted apart; its steps so far are hashed)
--max-steps N    only the first N steps of each path (status 'limit'): to compare the
                 hashes of a tree whose whole paths take too long
--each           one line per puzzle: CPU time, status, steps, the path's own SHA-256
--rounds 0       no hint timing (it needs the public 17-clue set)

    PYTHONPATH=src python3 benchmarks/bench_logic.py --sets nonconsecutive,thermo,kropki \
        --time-limit 60 --hash --each --rounds 0
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "data")
SETS = {
    "top1465": "puzzles3_magictour_top1465",
    "hardest1106": "puzzles6_forum_hardest_1106",
    "hardest1905": "puzzles5_forum_hardest_1905_11+",
    "17clue": "puzzles2_17_clue",
}


LINKS = os.path.join(HERE, "..", "tests", "data", "links")
LINK_SETS = ("nonconsecutive", "thermo", "kropki")   # tests/data/links/<name>.json


def _lines(name: str) -> list:
    """The puzzles of a set: lines of 81 characters, or for a link-heavy set the grids of
    its JSON records (each with its rules)."""
    if name in LINK_SETS:
        from sudokit import formats
        with open(os.path.join(LINKS, name + ".json"), encoding="utf-8") as f:
            return [formats.parse(line, format="json") for line in f if line.strip()]
    with open(os.path.join(DATA, SETS[name]), encoding="utf-8") as f:
        return [line.split()[0] for line in f if line.strip() and not line.startswith("#")]


def _digest(path, h=None):
    """The SHA-256 of a path's steps and status (into h when given)."""
    h = h or hashlib.sha256()
    for s in path.steps:
        h.update(json.dumps(s.to_json(), sort_keys=True).encode())
    h.update(path.status.encode())
    return h


def _pct(sorted_values: list[float], q: float) -> float:
    k = min(len(sorted_values) - 1, int(round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


def _summary(label: str, times: list[float], t_solve: float) -> None:
    ms = sorted(x * 1e3 for x in times)
    over = sum(1 for x in ms if x > 1000)
    print(f"{label}: mean {statistics.fmean(ms):.2f} ms, p50 {_pct(ms, .5):.2f}, "
          f"p99 {_pct(ms, .99):.2f}, max {ms[-1]:.2f} ms per puzzle, {over} over 1 s "
          f"(sudokit.solve, same puzzles: {t_solve * 1e6:.1f} us)")


def bench_set(name: str, sample: int | None, seed: int, digest: bool = False,
              noprobe: bool = False, time_limit: "float | None" = None,
              max_steps: "int | None" = None, each: bool = False) -> None:
    import sudokit
    from sudokit import logic
    puzzles = _lines(name)
    limits = {"time_limit": time_limit, "max_steps": max_steps}
    if sample and sample < len(puzzles):
        puzzles = random.Random(seed).sample(puzzles, sample)
    times, nsteps, status, used = [], [], collections.Counter(), collections.Counter()
    h = hashlib.sha256()
    t_solve = time.process_time()
    for p in puzzles:
        sudokit.solve(p)
    t_solve = (time.process_time() - t_solve) / len(puzzles)
    from sudokit.logic import _cfast
    plain, h0 = [], hashlib.sha256()
    for k, p in enumerate(puzzles):
        if noprobe and k % 2:   # the two timings alternate which runs first (warm caches)
            t = time.process_time()
            path = logic.steps(p, **limits)
            times.append(time.process_time() - t)
        if noprobe:
            _cfast.PROBE = False
            t = time.process_time()
            path0 = logic.steps(p, **limits)
            plain.append(time.process_time() - t)
            _cfast.PROBE = True
            if digest:
                _digest(path0, h0)
        if not (noprobe and k % 2):
            t = time.process_time()
            path = logic.steps(p, **limits)
            times.append(time.process_time() - t)
        status[path.status] += 1
        nsteps.append(len(path.steps))
        used.update({s.technique for s in path.steps})
        if digest:
            _digest(path, h)
        if each:
            kinds = collections.Counter(s.technique for s in path.steps)
            print(f"  {name}[{k}]: {times[-1]:.3f} s, {path.status}, {len(path.steps)} steps "
                  f"({kinds['nested-forcing-chain']} nested, "
                  f"{kinds['dynamic-forcing-chain'] + kinds['dynamic-forcing-chain-plus']} "
                  f"dynamic), sha256 {_digest(path).hexdigest()[:16]}", flush=True)
    print(f"## {name} ({len(puzzles)} puzzles)")
    _summary("steps()", times, t_solve)
    if noprobe:
        _summary("steps() without the probe", plain, t_solve)
        print(f"probe gain: x{sum(plain) / sum(times):.2f}")
    print(f"status: {dict(status)}; steps per puzzle: mean {statistics.fmean(nsteps):.1f}")
    print("puzzles using each technique: " + ", ".join(f"{k} {v}" for k, v in used.most_common()))
    if digest:
        print(f"steps sha256: {h.hexdigest()}")
        if noprobe:
            print(f"steps sha256 without the probe: {h0.hexdigest()}")


def bench_hint(rounds: int) -> None:
    from sudokit import logic
    singles = {t.id for t in logic.ladder() if t.family == "singles"}
    chosen = []
    for p in _lines("17clue")[:400]:
        path = logic.steps(p, techniques=sorted(singles))
        if path.status == "solved":
            chosen.append(logic.State.of(p))
        if len(chosen) == 100:
            break
    best = None
    for _ in range(rounds):
        t = time.process_time()
        for s in chosen:
            logic.hint(s)
        per = (time.process_time() - t) / len(chosen)
        best = per if best is None else min(best, per)
    t = time.process_time()
    for s in chosen:
        logic.hint(s, check=False)
    unchecked = (time.process_time() - t) / len(chosen)
    print(f"## hint on {len(chosen)} singles-only 9x9 puzzles (best of {rounds})")
    print(f"hint(): {best * 1e3:.3f} ms per call with the consistency check "
          f"(a solve), {unchecked * 1e3:.3f} ms without")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default="top1465,hardest1106")
    ap.add_argument("--sample", type=int, default=None, help="a seeded sample of each set")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hash", action="store_true", help="print a SHA-256 of every step")
    ap.add_argument("--noprobe", action="store_true",
                    help="also time each path without the ladder's C probe (same run)")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds per path (status 'time-limit' past them)")
    ap.add_argument("--max-steps", type=int, default=None, help="the first N steps only")
    ap.add_argument("--each", action="store_true", help="one line per puzzle")
    args = ap.parse_args(argv)
    import platform
    import sudokit
    print(f"# sudokit.logic, backend {sudokit.backend()}, python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    for name in args.sets.split(","):
        bench_set(name.strip(), args.sample, args.seed, args.hash, args.noprobe,
                  args.time_limit, args.max_steps, args.each)
    if args.rounds > 0:
        bench_hint(args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
