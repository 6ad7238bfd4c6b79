"""Killer (and other sum) puzzles: sudokit's engines against a SAT solver, in one run.

    python3 benchmarks/bench_sums.py [--limit 1|2] [--count N] [--sets a,b] [--engines ...]

Sets (9x9, no givens unless the set has them):
    krazydad   tests/data/sums/krazydad_killers.csv: 300 published KrazyDad killers
    hardest    tests/data/sums/krazydad_hardest.csv: the 50 of KrazyDad's 8,000 killers that
               took propagate the most nodes (see tests/data/sums/README.md)
    solo       killers of `sgt-solo --generate N 3x3k` (made at the start of the run, not timed)

The peer: python-sat's CaDiCaL 1.9.5 (pip install 'python-sat[pb]') on the standard one-hot
encoding: a variable per (cell, value); exactly one value per cell and per (unit, value)
(a clause and pairwise "not both"); a cage's values differ (pairwise) and sum to its total
(pysat.pb.PBEnc.equals over value * variable).  Its time is the solve calls only (the CNF is
built beforehand, untimed: the figure most favourable to the peer); --limit 2 adds the
clause that blocks the first solution and solves again, as sudokit's count to 2 does.
sudokit's time is the whole call (sudokit.search: search and verify), the kernel tables of
each puzzle's geometry built beforehand and timed on their own row, "(tables)".  Reported:
puzzles/s, mean ms/puzzle and mean nodes (decisions for SAT), each engine's ratio to SAT.
"""

from __future__ import annotations

import argparse
import csv
import string
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import sudokit  # noqa: E402
from sudokit import formats, geometry  # noqa: E402

SUMS = ROOT / "tests" / "data" / "sums"


def _krazydad(path: Path) -> list:
    letters = string.ascii_uppercase + string.ascii_lowercase
    out = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            cells: dict = {}
            for cell, letter in enumerate(row["puzz_color"][1:]):
                cells.setdefault(letter, []).append(cell)
            totals = [int(x) for x in row["puzz_hint"].split(",")]
            cages = [(cells[k], t) for k, t in zip(sorted(cells, key=letters.index), totals)]
            geom = geometry.boxes(3, 3).with_constraints(*[("killer", c, t) for c, t in cages])
            out.append((sudokit.Grid("." * 81, geometry=geom), cages))
    return out


def _solo(count: int) -> list:
    tool = "/usr/games/sgt-solo"
    ids = subprocess.run([tool, "--generate", str(count), "3x3k"], capture_output=True,
                         text=True, check=True).stdout.split()
    out = []
    for text in ids:
        grid = formats.parse(text)
        cages = [(list(c[1]), c[2]) for c in grid.geometry.constraints if c[0] == "killer"]
        out.append((grid, cages))
    return out


def _cnf(grid, cages):
    """The one-hot CNF of a classic 9x9 killer (module doc) and the variable of (cell, v)."""
    from pysat.formula import IDPool
    from pysat.pb import PBEnc
    pool = IDPool()
    var = [[pool.id((c, v)) for v in range(1, 10)] for c in range(81)]
    clauses = []

    def exactly_one(lits):
        clauses.append(list(lits))
        clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])

    for c in range(81):
        exactly_one(var[c])
    for unit in grid.geometry.units[:27]:
        for v in range(9):
            exactly_one([var[c][v] for c in unit])
    for cells, total in cages:
        for v in range(9):
            lits = [var[c][v] for c in cells]
            clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:])
        lits = [var[c][v] for c in cells for v in range(9)]
        weights = [v + 1 for _ in cells for v in range(9)]
        clauses.extend(PBEnc.equals(lits=lits, weights=weights, bound=total, vpool=pool).clauses)
    for c, v in enumerate(grid.values):
        if v:
            clauses.append([var[c][v - 1]])
    return clauses, var


def _sat(puzzles, limit: int):
    from pysat.solvers import Solver
    cnfs = [_cnf(g, cages) for g, cages in puzzles]
    spent = decisions = 0.0
    for (grid, _), (clauses, var) in zip(puzzles, cnfs):
        with Solver(name="cadical195", bootstrap_with=clauses) as s:
            t = time.perf_counter()
            found = 0
            while found < limit and s.solve():
                found += 1
                model = set(x for x in s.get_model() if x > 0)
                s.add_clause([-var[c][v] for c in range(81) for v in range(9)
                              if var[c][v] in model])
            spent += time.perf_counter() - t
            decisions += s.accum_stats().get("decisions", 0)
            assert found >= 1
    return spent, decisions / len(puzzles)


def _tables(puzzles) -> float:
    """Build every puzzle's kernel tables (cached per geometry) and return the time taken:
    reported on its own row, as the SAT side's CNF building is left out."""
    from sudokit.engine import _backend
    t = time.perf_counter()
    for grid, _ in puzzles:
        _backend.tables(grid.geometry)
    return time.perf_counter() - t


def _sudokit(puzzles, engine: str, limit: int):
    spent = nodes = 0.0
    for grid, _ in puzzles:
        t = time.perf_counter()
        r = sudokit.search(grid, engine=engine, limit=limit)
        spent += time.perf_counter() - t
        nodes += r.nodes
        assert r.count >= 1
    return spent, nodes / len(puzzles)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--limit", type=int, default=1, help="solutions to find (1, or 2: prove unique)")
    p.add_argument("--count", type=int, default=0, help="puzzles per set (0: all)")
    p.add_argument("--sets", default="krazydad,hardest,solo")
    p.add_argument("--solo", type=int, default=100, help="Solo killers to make")
    p.add_argument("--engines", default="auto,propagate,learn,dlx")
    a = p.parse_args(argv)
    sets = {}
    for name in a.sets.split(","):
        if name == "krazydad":
            sets[name] = _krazydad(SUMS / "krazydad_killers.csv")
        elif name == "hardest":
            sets[name] = _krazydad(SUMS / "krazydad_hardest.csv")
        elif name == "solo":
            sets[name] = _solo(a.solo)
        if a.count:
            sets[name] = sets[name][:a.count]
    print(f"backend {sudokit.backend()}, limit {a.limit}")
    print(f"{'set':10} {'engine':10} {'puzzles':>7} {'puzzles/s':>10} {'ms/puzzle':>10} "
          f"{'nodes':>9} {'vs SAT':>8}")
    for name, puzzles in sets.items():
        sat, sat_nodes = _sat(puzzles, a.limit)
        rows = [("SAT", sat, sat_nodes), ("(tables)", _tables(puzzles), 0.0)]
        for engine in a.engines.split(","):
            spent, nodes = _sudokit(puzzles, engine, a.limit)
            rows.append((engine, spent, nodes))
        for engine, spent, nodes in rows:
            print(f"{name:10} {engine:10} {len(puzzles):7d} {len(puzzles) / spent:10.1f} "
                  f"{1000 * spent / len(puzzles):10.2f} {nodes:9.1f} {sat / spent:7.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
