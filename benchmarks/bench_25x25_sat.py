"""25x25 against SAT solvers: the 18 puzzles of gecode_25x25.txt, sudokit.solve (the default
engine, ``auto``; and ``learn`` alone) against Kissat and CaDiCaL through python-sat, in one run.

    python3 -m pip install python-sat          # the peers (not a sudokit dependency)
    python3 benchmarks/bench_25x25_sat.py [--rounds 1] [--lines 1-18] [--solvers ...] [--json F]

Each puzzle is given to every solver in turn (interleaved, ``--rounds`` times; the best
round per solver and puzzle is kept), and every answer is checked here: a complete grid
whose rows, columns and boxes hold each value once, with the givens in place (the checker is
this file's own, not sudokit's).

What is timed is the solve alone, in CPU seconds of this process (``time.process_time``:
the machine is shared, wall time is not steady): for sudokit, ``sudokit.solve(grid,
engine=...)`` on a Grid built before the clock starts; for the SAT solvers, ``solve()`` on
a solver that already holds the clauses (building the CNF and loading it are not counted;
the issue asks for "solve time only").  The encoding is the standard one-hot one:
x(r, c, v) for each cell and value; each cell has at least one value and at most one
(pairwise); each row, column and box holds each value at least once and at most once
(pairwise); a given is a unit clause.  Kissat is python-sat's ``kissat404`` (Kissat 4.0.4),
CaDiCaL ``cadical195`` (CaDiCaL 1.9.5).

Prints a Markdown table (per line, then total and slowest per solver) and the ratios
sudokit / peer of the totals and of the slowest puzzles (> 1: sudokit takes longer).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
DATA = os.path.join(HERE, "..", "..", "shared", "data", "gecode_25x25.txt")
N, B = 25, 5
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
PEERS = {"kissat": "kissat404", "cadical": "cadical195"}


def read(path: str) -> list[list[int]]:
    """The puzzles of the file: 625 characters a line, '.' or '0' empty, 1-9 A-P values."""
    out = []
    with open(path) as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if len(line) != N * N:
                raise SystemExit(f"{path}:{lineno}: {len(line)} characters, not {N * N}")
            out.append([0 if ch in ".0" else SYMBOLS.index(ch) + 1 for ch in line])
    return out


def units() -> list[list[int]]:
    rows = [[r * N + c for c in range(N)] for r in range(N)]
    cols = [[r * N + c for r in range(N)] for c in range(N)]
    boxes = [[(br * B + r) * N + bc * B + c for r in range(B) for c in range(B)]
             for br in range(B) for bc in range(B)]
    return rows + cols + boxes


def is_solution(grid: list[int], givens: list[int]) -> bool:
    """The independent check: a full grid, every unit a permutation of 1..25, givens kept."""
    if len(grid) != N * N or any(g and g != v for g, v in zip(givens, grid)):
        return False
    want = set(range(1, N + 1))
    return all({grid[c] for c in u} == want for u in units())


def cnf(givens: list[int]) -> list[list[int]]:
    """The one-hot encoding (see the module doc); variable (cell * N + v - 1) + 1."""
    def x(cell: int, v: int) -> int:
        return cell * N + v

    clauses = []
    for cell in range(N * N):
        lits = [x(cell, v) for v in range(1, N + 1)]
        clauses.append(lits)
        clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
    for u in units():
        for v in range(1, N + 1):
            lits = [x(cell, v) for cell in u]
            clauses.append(lits)
            clauses.extend([-a, -b] for a, b in itertools.combinations(lits, 2))
    clauses.extend([x(cell, v)] for cell, v in enumerate(givens) if v)
    return clauses


def run_sat(name: str, clauses) -> tuple[float, list[int]]:
    from pysat.solvers import Solver
    with Solver(name=name, bootstrap_with=clauses) as s:
        began = time.process_time()
        ok = s.solve()
        took = time.process_time() - began
        model = s.get_model() if ok else None
    grid = [0] * (N * N)
    for lit in model or ():
        if lit > 0:
            cell, v = divmod(lit - 1, N)
            grid[cell] = v + 1
    return took, grid


def run_sudokit(engine: str, givens: list[int]) -> tuple[float, list[int]]:
    import sudokit
    from sudokit import Grid
    grid = Grid(givens, "5x5")
    began = time.process_time()
    sol = sudokit.solve(grid) if engine == "auto" else sudokit.solve(grid, engine=engine)
    took = time.process_time() - began
    return took, list(sol.values) if sol is not None else []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--lines", default=None, help="e.g. 1-18 or 9,10 (1-based)")
    ap.add_argument("--solvers", default="sudokit,learn,kissat,cadical",
                    help="sudokit (the default engine), learn, kissat, cadical")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    puzzles = read(DATA)
    lines = list(range(1, len(puzzles) + 1))
    if args.lines:
        lines = []
        for part in args.lines.split(","):
            a, _, b = part.partition("-")
            lines += list(range(int(a), int(b or a) + 1))
    solvers = args.solvers.split(",")
    try:
        import pysat  # noqa: F401
    except ImportError:
        if any(s in PEERS for s in solvers):
            raise SystemExit("python-sat is not installed: python3 -m pip install python-sat "
                             "(or --solvers sudokit,learn)")
    import sudokit
    best: dict = {s: {} for s in solvers}
    for rnd in range(args.rounds):
        for line in lines:
            givens = puzzles[line - 1]
            clauses = cnf(givens) if any(s in PEERS for s in solvers) else None
            for s in solvers:
                if s in PEERS:
                    took, grid = run_sat(PEERS[s], clauses)
                else:
                    took, grid = run_sudokit("auto" if s == "sudokit" else s, givens)
                if not is_solution(grid, givens):
                    raise SystemExit(f"line {line}: {s} gave no valid solution")
                old = best[s].get(line)
                best[s][line] = took if old is None else min(old, took)
                print(f"round {rnd + 1} line {line:2d} {s:8s} {took:8.3f} s", file=sys.stderr,
                      flush=True)
    print(f"# {platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}, "
          f"sudokit backend {sudokit.backend()}, rounds {args.rounds}, CPU seconds of the "
          f"solve alone, best round")
    print("| line | " + " | ".join(solvers) + " |")
    print("|---:|" + "---:|" * len(solvers))
    for line in lines:
        print(f"| {line} | " + " | ".join(f"{best[s][line]:.2f}" for s in solvers) + " |")
    totals = {s: sum(best[s].values()) for s in solvers}
    slowest = {s: max(best[s].values()) for s in solvers}
    print("| **total** | " + " | ".join(f"**{totals[s]:.1f}**" for s in solvers) + " |")
    print("| **slowest** | " + " | ".join(
        f"**{slowest[s]:.2f}** (line {max(best[s], key=best[s].get)})" for s in solvers) + " |")
    for s in solvers:
        if s in PEERS:
            continue
        for p in solvers:
            if p in PEERS:
                print(f"{s} / {p}: total {totals[s] / totals[p]:.2f}, slowest "
                      f"{slowest[s] / slowest[p]:.2f}  (> 1: sudokit slower)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"lines": lines, "seconds": best, "totals": totals,
                       "slowest": slowest, "rounds": args.rounds,
                       "machine": platform.machine()}, fh, indent=1)


if __name__ == "__main__":
    main()
