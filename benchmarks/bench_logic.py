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


def _lines(name: str) -> list[str]:
    with open(os.path.join(DATA, SETS[name]), encoding="utf-8") as f:
        return [line.split()[0] for line in f if line.strip() and not line.startswith("#")]


def _pct(sorted_values: list[float], q: float) -> float:
    k = min(len(sorted_values) - 1, int(round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


def _summary(label: str, times: list[float], t_solve: float) -> None:
    ms = sorted(x * 1e3 for x in times)
    print(f"{label}: mean {statistics.fmean(ms):.2f} ms, p50 {_pct(ms, .5):.2f}, "
          f"p99 {_pct(ms, .99):.2f}, max {ms[-1]:.2f} ms per puzzle "
          f"(sudokit.solve, same puzzles: {t_solve * 1e6:.1f} us)")


def bench_set(name: str, sample: int | None, seed: int, digest: bool = False,
              noprobe: bool = False) -> None:
    import sudokit
    from sudokit import logic
    puzzles = _lines(name)
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
            path = logic.steps(p)
            times.append(time.process_time() - t)
        if noprobe:
            _cfast.PROBE = False
            t = time.process_time()
            path0 = logic.steps(p)
            plain.append(time.process_time() - t)
            _cfast.PROBE = True
            if digest:
                for s in path0.steps:
                    h0.update(json.dumps(s.to_json(), sort_keys=True).encode())
                h0.update(path0.status.encode())
        if not (noprobe and k % 2):
            t = time.process_time()
            path = logic.steps(p)
            times.append(time.process_time() - t)
        status[path.status] += 1
        nsteps.append(len(path.steps))
        used.update({s.technique for s in path.steps})
        if digest:
            for s in path.steps:
                h.update(json.dumps(s.to_json(), sort_keys=True).encode())
            h.update(path.status.encode())
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
    args = ap.parse_args(argv)
    import platform
    import sudokit
    print(f"# sudokit.logic, backend {sudokit.backend()}, python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    for name in args.sets.split(","):
        bench_set(name.strip(), args.sample, args.seed, args.hash, args.noprobe)
    bench_hint(args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
