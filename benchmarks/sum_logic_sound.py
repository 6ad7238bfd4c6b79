"""Soundness and reach of the sum techniques at scale (issue #29): every step of the logic path
of many sum puzzles checked against the puzzle's one solution.

    python3 benchmarks/sum_logic_sound.py --solo 200 --generated 200 --random 400 [--limit 2]

Sources (each puzzle's solution comes from its source, never from the logic engine):
  krazydad   tests/data/sums/krazydad_killers.csv and krazydad_hardest.csv (published
             solutions; 350 puzzles)
  solo       Simon Tatham's Solo (sgt-solo --generate N KIND) killers of each kind:
             2x2k, 2x3k, 3x3k, 3x3xk (killer X), 9jk (killer jigsaw); the solution is
             sudokit's count-checked solve (the Solo id carries none)
  generated  sudokit's own killers (sudokit.generate(killer=True), 9x9 and 6x6): the solution
             the cages were cut from
  random     arrows, little killers, sandwiches, even/odd, renban and cages true of a random
             6x6 or 9x9 solution (tests/engine/sums_oracle.random_rules), givens added from
             the solution until it is the one solution

Prints one line per source: puzzles, paths solved / stuck / out of time, steps checked, wrong
steps (must be 0), and the share solved by logic alone.  --limit: seconds per path (the
steps found before it runs out are checked too).
"""

from __future__ import annotations

import argparse
import csv
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

import sudokit  # noqa: E402
from sudokit import Grid, geometry  # noqa: E402
from sudokit.formats import parse  # noqa: E402
from sudokit.logic import steps  # noqa: E402


def krazydad():
    g9 = geometry.boxes(3, 3)
    for name in ("krazydad_killers.csv", "krazydad_hardest.csv"):
        with open(ROOT / "tests" / "data" / "sums" / name, newline="") as f:
            for row in csv.DictReader(f):
                color = row["puzz_color"][1:]
                totals = [int(x) for x in row["puzz_hint"].split(",")]
                order = list(dict.fromkeys(color))
                cages = [("killer", [i for i, x in enumerate(color) if x == ch], totals[k])
                         for k, ch in enumerate(order)]
                yield Grid("." * 81, geometry=g9.with_constraints(*cages)), \
                    [int(ch) for ch in row["solved"]]


def solo(count: int):
    for kind in ("2x2k", "2x3k", "3x3k", "3x3xk", "9jk"):
        ids = subprocess.run(["/usr/games/sgt-solo", "--generate", str(count // 5), kind],
                             capture_output=True, text=True, check=True).stdout.split()
        for gid in ids:
            grid = parse(gid)
            assert sudokit.count_solutions(grid, limit=2) == 1
            yield grid, list(sudokit.solve(grid).values)


def generated(count: int, seed: int):
    for k in range(count):
        box = "3x3" if k % 2 == 0 else "2x3"
        g, = sudokit.generate(box=box, killer=True, seed=seed + k)
        yield g.puzzle, list(g.solution.values)


def random_sums(count: int, seed: int):
    from sums_oracle import random_rules, random_solution
    from sudokit.errors import GeometryError
    rng = random.Random(seed)
    made = 0
    while made < count:
        br, bc = (3, 3) if rng.random() < 0.5 else (2, 3)
        n = br * bc
        sol = random_solution(br, bc, rng)
        rules = random_rules(sol, br, bc, rng, rng.randint(3, 10), lie=0.0)
        try:
            geom = geometry.boxes(br, bc).with_constraints(*rules)
        except GeometryError:
            continue
        values = [0] * (n * n)
        order = list(range(n * n))
        rng.shuffle(order)
        grid = Grid(values, geometry=geom)
        for c in order:
            if sudokit.count_solutions(grid, limit=2) == 1:
                break
            values[c] = sol[c]
            grid = Grid(values, geometry=geom)
        made += 1
        yield grid, list(sol)


def check(source: str, puzzles, limit: float) -> None:
    status, wrong, checked, fired = Counter(), 0, 0, Counter()
    start = time.perf_counter()
    for grid, solution in puzzles:
        path = steps(grid, time_limit=limit)
        status[path.status] += 1
        for step in path.steps:
            checked += 1
            fired[step.technique] += 1
            wrong += sum(solution[c] != v for c, v in step.placements)
            wrong += sum(solution[c] == v for c, v in step.eliminations)
    total = sum(status.values())
    sums = {k: v for k, v in fired.items() if k in (
        "parity", "cage-combination", "innie-outie", "sum-bounds", "sandwich",
        "cage-required", "cage-overlap", "innies-outies")}
    print(f"{source:10} puzzles {total:5}  solved {status['solved']:5} "
          f"({100 * status['solved'] / max(total, 1):5.1f}%)  stuck {status['stuck']:4}  "
          f"time-limit {status['time-limit']:4}  steps {checked:7}  wrong {wrong}  "
          f"{time.perf_counter() - start:6.0f} s  sum steps {sums}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--solo", type=int, default=200)
    ap.add_argument("--generated", type=int, default=200)
    ap.add_argument("--random", type=int, default=400)
    ap.add_argument("--limit", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="krazydad,solo,generated,random")
    a = ap.parse_args()
    print(f"backend {sudokit.backend()}, {a.limit:g} s a path", flush=True)
    only = a.only.split(",")
    if "krazydad" in only:
        check("krazydad", krazydad(), a.limit)
    if "solo" in only:
        check("solo", solo(a.solo), a.limit)
    if "generated" in only:
        check("generated", generated(a.generated, a.seed), a.limit)
    if "random" in only:
        check("random", random_sums(a.random, a.seed), a.limit)


if __name__ == "__main__":
    main()
