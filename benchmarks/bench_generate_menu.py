"""The page's Generate menu, measured: which (variant, difficulty) pairs the server makes in time.

    python3 benchmarks/bench_generate_menu.py                 # every candidate pair, 3 seeds
    python3 benchmarks/bench_generate_menu.py --seeds 5 --only x,killer

Each pair is asked of the generate route (serve._api.run, the work a worker does, given the
server's generate budget: --budget, default the server's 60 s, of which the route spends
serve._api.GENERATE_SHARE on the level) with the seeds 1..--seeds and the symmetry the page
sends (rot180; none for the rules drawn at random: jigsaw, kropki, XV, thermo, sums, arrows,
lines, killer); a row says how many puzzles came at the level asked ('matched') and the
slowest request.  The server offers a pair (serve._offers.OFFERS) when every seed matched
within 40 s; the levels over 3 s are in serve._offers.SECONDS.  Levels: HoDoKu's on classic
9x9, the sudokit scale's elsewhere; grids over 16x16 get no level from the server ('any' only),
so only 'any' is timed there.  --only and --levels pick the pairs.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

HODOKU = ("easy", "medium", "hard", "unfair", "extreme")
SUDOKIT = ("easy", "medium", "hard", "expert", "extreme")
CANDIDATES = [("2x2", None), ("2x3", None), ("3x3", None), ("3x4", None), ("4x4", None),
              ("5x5", None), ("3x3", "x"), ("3x3", "windoku"), ("3x3", "antiknight"),
              ("3x3", "antiking"), ("3x3", "disjoint"), ("3x3", "nonconsecutive"),
              ("3x3", "negative-xv"), ("3x3", "negative-ratio"), ("3x3", "killer"),
              ("3x3", "jigsaw"), ("3x3", "kropki"), ("3x3", "xv"), ("3x3", "thermo"),
              ("2x3", "jigsaw"), ("3x3", "sandwich"), ("3x3", "littlekiller"), ("3x3", "arrow"),
              ("3x3", "whisper"), ("3x3", "renban"), ("3x3", "palindrome")]
# drawn at random (regions, dots, markers, thermometers, sums, arrows, lines; a killer's
# cages): no symmetry
UNSYMMETRIC = ("killer", "jigsaw", "kropki", "xv", "thermo", "sandwich", "littlekiller",
               "arrow", "whisper", "renban", "palindrome")


def levels_of(box, rule):
    r, c = map(int, box.split("x"))
    if r * c > 16:  # (levels are made up to 16x16: rate.level.BIG_SIZE)
        return ("any",)
    return ("any",) + (HODOKU if r * c == 9 and rule is None else SUDOKIT)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--only", default=None, help="comma-separated variants (box or rule)")
    ap.add_argument("--levels", default=None, help="comma-separated levels (default: all)")
    ap.add_argument("--budget", type=float, default=None,
                    help="the server's generate budget in seconds (default: the server's, "
                         "serve._pool.WorkerPool's generate_budget); the route's logic gets "
                         "serve._api.GENERATE_SHARE of it")
    args = ap.parse_args(argv)
    import inspect

    import sudokit
    from sudokit.serve import _api
    from sudokit.serve._pool import WorkerPool
    budget = args.budget if args.budget is not None else \
        inspect.signature(WorkerPool).parameters["generate_budget"].default
    print(f"# {platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}, "
          f"backend {sudokit.backend()}, seeds 1..{args.seeds}, generate budget {budget:g} s "
          f"(logic {_api.GENERATE_SHARE * budget:g} s)")
    print("| box | rule | level | matched | got | slowest s |")
    print("|---|---|---|---|---|---|")
    only = set(args.only.split(",")) if args.only else None
    for box, rule in CANDIDATES:
        if only and box not in only and rule not in only:
            continue
        for level in levels_of(box, rule):
            if args.levels and level not in args.levels.split(","):
                continue
            got, worst, matched = [], 0.0, 0
            for seed in range(1, args.seeds + 1):
                body = {"box": box, "difficulty": level, "seed": seed}
                if rule not in UNSYMMETRIC:
                    body["symmetry"] = "rot180"
                if rule:
                    body["rules"] = [rule]
                began = time.perf_counter()
                d = _api.run("generate", body, budget)
                worst = max(worst, time.perf_counter() - began)
                got.append(d["difficulty"] or "-")
                matched += level == "any" or d["difficulty"] == level
            print(f"| {box} | {rule or 'classic'} | {level} | {matched}/{args.seeds} | "
                  f"{' '.join(got)} | {worst:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
