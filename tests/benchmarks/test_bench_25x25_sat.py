"""benchmarks/bench_25x25_sat.py: its own checker and encoding are right (checked against
hand-made grids and a brute count, not against sudokit), and a run of the sudokit columns
alone (python-sat is not a sudokit dependency: without it the peers' columns are refused in
one line) solves, checks and tabulates the easy line 18."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_25x25_sat.py"
DATA = ROOT.parent / "shared" / "data" / "gecode_25x25.txt"


def _module():
    spec = importlib.util.spec_from_file_location("bench_25x25_sat", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _latin_grid():
    """A valid 25x25 sudoku grid by the pattern (5 * (r % 5) + r // 5 + c) % 25 + 1."""
    return [(5 * (r % 5) + r // 5 + c) % 25 + 1 for r in range(25) for c in range(25)]


def test_the_checker_accepts_a_valid_grid_and_refuses_broken_ones():
    b = _module()
    grid = _latin_grid()
    assert b.is_solution(grid, [0] * 625)
    assert b.is_solution(grid, [v if i % 7 == 0 else 0 for i, v in enumerate(grid)])
    swapped = grid[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]      # two cells of a row swapped
    assert not b.is_solution(swapped, [0] * 625)          # (columns break)
    assert not b.is_solution(grid, [grid[0] % 25 + 1] + [0] * 624)  # a given not kept
    assert not b.is_solution(grid[:-1], [0] * 625)


def test_the_encoding_is_one_hot_and_holds_the_givens():
    b = _module()
    grid = _latin_grid()
    givens = [v if i % 3 == 0 else 0 for i, v in enumerate(grid)]
    clauses = b.cnf(givens)
    # the valid grid satisfies every clause; a grid with one cell changed does not
    true = {cell * 25 + v for cell, v in enumerate(grid)}

    def sat(t):
        return all(any((lit > 0) == (abs(lit) in t) for lit in c) for c in clauses)
    assert sat(true)
    broken = set(true) - {0 * 25 + grid[0]} | {0 * 25 + grid[0] % 25 + 1}
    assert not sat(broken)
    units = [c for c in clauses if len(c) == 1]
    assert len(units) == sum(1 for v in givens if v)
    # per cell: 1 at-least-one + 300 pairs; per unit and value the same: 75 units
    assert len(clauses) == (625 + 75 * 25) * (1 + 300) + len(units)


def test_the_sudokit_columns_run_on_the_easy_lines(tmp_path):
    assert DATA.exists(), DATA
    out = tmp_path / "r.json"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--lines", "18", "--solvers",
                           "sudokit,learn", "--json", str(out)], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "| 18 |" in proc.stdout and "**total**" in proc.stdout
    import json
    got = json.loads(out.read_text())
    assert got["lines"] == [18] and set(got["seconds"]) == {"sudokit", "learn"}
