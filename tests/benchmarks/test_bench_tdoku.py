"""benchmarks/bench_tdoku.py: sudokit and tdoku side by side, every answer checked.

This is a benchmark, not a product need: tdoku is not part of sudokit, and neither its code
nor a script that builds it is in the repository.  Its library is found only where a
developer built it (TDOKU_LIB, or /tmp/sudokit-peers/tdoku/libtdoku_shared.so); under CI it
is absent, and then the test of the real thing checks the path that says so (one clear
line, exit status 2) instead of failing or skipping.  The rest of the machinery -- our
harness, the interleaved rounds, the checker, the comparison of counts, the table -- is
tested everywhere with a stand-in library: a plain backtracking solver written here with
tdoku's C signature, and a variant of it that returns a wrong grid, which the run must
refuse.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _paths import ROOT
from conftest import missing

SCRIPT = ROOT / "benchmarks" / "bench_tdoku.py"
SETS = ("17clue", "top1465", "hardest1905", "hardest1106", "serg")

# A stand-in for tdoku's library: its entry point's signature, a plain backtracking search
# (fewest candidates first).  -DWRONG swaps two cells of every solution it returns, -DSILENT
# returns none, -DONE never counts past 1.
STAND_IN = r"""
#include <stddef.h>
#include <stdint.h>
#include <string.h>
static unsigned rows[9], cols[9], boxes[9];
static char grid[81], first[81];
static size_t limit_, found, guesses;
static void search(void)
{
    int best = -1, fewest = 10;
    unsigned free_best = 0;
    for (int i = 0; i < 81 && fewest > 1; i++) {
        if (grid[i])
            continue;
        unsigned free = ~(rows[i / 9] | cols[i % 9] | boxes[i / 27 * 3 + i % 9 / 3]) & 0x3FE;
        if (__builtin_popcount(free) < fewest) {
            fewest = __builtin_popcount(free);
            best = i;
            free_best = free;
        }
    }
    if (best < 0) {
        if (found++ == 0)
            memcpy(first, grid, 81);
        return;
    }
    int r = best / 9, c = best % 9, b = r / 3 * 3 + c / 3;
    for (int v = 1; v <= 9 && found < limit_; v++) {
        if (!(free_best >> v & 1))
            continue;
        guesses++;
        grid[best] = (char)v;
        rows[r] ^= 1u << v, cols[c] ^= 1u << v, boxes[b] ^= 1u << v;
        search();
        rows[r] ^= 1u << v, cols[c] ^= 1u << v, boxes[b] ^= 1u << v;
        grid[best] = 0;
    }
}
size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t config,
                                char *solution, size_t *num_guesses)
{
    (void)config;
    memset(rows, 0, sizeof rows), memset(cols, 0, sizeof cols), memset(boxes, 0, sizeof boxes);
    limit_ = limit, found = 0, guesses = 0;
    for (int i = 0; i < 81; i++) {
        int v = puzzle[i] == '.' ? 0 : puzzle[i] - '0';
        unsigned bit = 1u << v;
        grid[i] = (char)v;
        if (!v)
            continue;
        int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
        if ((rows[r] | cols[c] | boxes[b]) & bit)
            return *num_guesses = 0, 0;
        rows[r] |= bit, cols[c] |= bit, boxes[b] |= bit;
    }
    search();
#ifdef ONE
    found = found > 1 ? 1 : found;  /* a count that stops at 1 */
#endif
#ifndef SILENT
    if (found && limit == 1) {
        for (int i = 0; i < 81; i++)
            solution[i] = (char)('0' + first[i]);
#ifdef WRONG
        char t = solution[0];
        solution[0] = solution[1], solution[1] = t;
#endif
    }
#endif
    *num_guesses = guesses;
    return found;
}
"""


def _module():
    spec = importlib.util.spec_from_file_location("bench_tdoku", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _stand_in(tmp_path: Path, *defines: str) -> Path:
    """Compile the stand-in library; missing() without a C compiler."""
    cc = _module().c_compiler()
    if cc is None:
        missing("no C compiler (cc, gcc or clang) for the stand-in library")
    src = tmp_path / "stand_in.c"
    src.write_text(STAND_IN)
    lib = tmp_path / ("stand_in%s.so" % "".join(d.lower() for d in defines))
    subprocess.run([cc, "-O2", "-shared", "-fPIC", *[f"-D{d}" for d in defines], "-o",
                    str(lib), str(src)], check=True)
    return lib


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, str(SCRIPT), "--build-dir", str(tmp_path / "build"),
                           *args], capture_output=True, text=True, env=env, timeout=600)


def _rows(table: str) -> dict:
    """{(set, mode): cells} of the main table's rows."""
    out = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) > 6 and cells[0] in SETS:
            out[(cells[0], cells[1])] = cells
    return out


def _pattern() -> str:
    """A valid solution grid by a known construction (each row the previous one shifted by
    3, by 1 at a band's edge), independent of any solver."""
    return "".join(str((r * 3 + r // 3 + c) % 9 + 1) for r in range(9) for c in range(9))


def test_the_checker_accepts_a_valid_grid_and_refuses_broken_ones():
    check = _module().is_valid_solution
    grid = _pattern()
    puzzle = "".join(ch if i % 4 == 0 else "." for i, ch in enumerate(grid))
    assert check(puzzle, grid)
    assert check("." * 81, grid)
    swapped = grid[1] + grid[0] + grid[2:]  # the row still holds 1..9, two columns do not
    assert not check("." * 81, swapped)
    other = grid[:80] + ("1" if grid[80] != "1" else "2")
    assert not check("." * 81, other)
    given_changed = "".join(("1" if ch != "1" else "2") if i == 0 else "." for i, ch
                            in enumerate(grid))
    assert not check(given_changed, grid)  # a valid grid, but not this puzzle's
    assert not check(puzzle, grid[:80])


def test_without_the_library_it_says_so_in_one_line(tmp_path):
    absent = tmp_path / "absent" / "libtdoku_shared.so"
    proc = _run(tmp_path, "--tdoku-lib", str(absent), "--limit", "5")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "not found at" in lines[0] and str(absent) in lines[0]
    assert proc.stdout == ""


def test_a_small_run_checks_every_answer_and_reports_every_set(tmp_path, shared_data):
    lib = _stand_in(tmp_path)
    out = tmp_path / "run.json"
    proc = _run(tmp_path, "--tdoku-lib", str(lib), "--limit", "6", "--rounds", "2",
                "--min-solves", "0", "--cpu", "baseline,auto", "--call", "api,kernel",
                "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    rows = _rows(proc.stdout)
    assert set(rows) == {(s, m) for s in SETS for m in ("first", "count2")}
    header = next(ln for ln in proc.stdout.splitlines() if ln.startswith("| set | mode |"))
    assert "| baseline µs | baseline kernel µs | auto=" in header
    # every solution returned was checked: 6 puzzles a set, tdoku's in the first-solution
    # mode, sudokit's in both, four sudokit sides (two levels, two ways of calling); every
    # count compared: 5 sets, two modes, four sides
    assert "Checked: 270 solutions" in proc.stdout and "240 counts equal" in proc.stdout
    saved = json.loads(out.read_text())
    assert len(saved["rows"]) == 10 and saved["machine"]["rounds"] == 2
    for row in saved["rows"]:
        assert len(row["tdoku_runs"]) == 2
        for figures in row["sudokit"].values():
            assert len(figures["runs"]) == 2 and figures["us"] > 0 and figures["read_us"] > 0
    assert proc.stdout.splitlines()[0] in _run(tmp_path, "--table", str(out)).stdout


def test_base_adds_a_second_tree_checked_and_timed_like_the_first(tmp_path, shared_data):
    """--base: a second sudokit tree (here a copy of this one's package) in the same run, one
    more column per level, its answers checked and its counts compared like the first's."""
    lib = _stand_in(tmp_path)
    base = tmp_path / "base"
    shutil.copytree(ROOT / "src" / "sudokit", base / "sudokit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    proc = _run(tmp_path, "--tdoku-lib", str(lib), "--limit", "4", "--rounds", "1",
                "--min-solves", "0", "--sets", "serg,top1465", "--base", str(base))
    assert proc.returncode == 0, proc.stderr
    header = next(ln for ln in proc.stdout.splitlines() if ln.startswith("| set | mode |"))
    assert "| base auto=" in header and "| ratio base auto=" in header
    # 4 puzzles, 2 sets: tdoku's solutions in the first-solution mode (8), each sudokit tree's
    # in both modes (16 each); counts: 2 sets, 2 modes, 2 trees, 4 puzzles
    assert "Checked: 40 solutions" in proc.stdout and "32 counts equal" in proc.stdout
    missing_tree = _run(tmp_path, "--tdoku-lib", str(lib), "--limit", "2", "--rounds", "1",
                        "--sets", "serg", "--base", str(tmp_path / "nowhere"))
    # a tree without the package: the worker would import some other sudokit; it says so
    assert missing_tree.returncode == 2 and "not from" in missing_tree.stderr


@pytest.mark.parametrize("fault", ["WRONG", "SILENT"])
def test_a_wrong_or_missing_solution_stops_the_run(tmp_path, shared_data, fault):
    lib = _stand_in(tmp_path, fault)
    proc = _run(tmp_path, "--tdoku-lib", str(lib), "--limit", "3", "--rounds", "1",
                "--sets", "top1465", "--modes", "first")
    assert proc.returncode == 1
    assert "tdoku first: puzzle 1 " in proc.stderr and "wrong solution" in proc.stderr
    assert "3 answers failed the check" in proc.stderr
    assert proc.stdout == ""


def test_a_count_that_differs_stops_the_run(tmp_path, shared_data):
    lib = _stand_in(tmp_path, "ONE")  # serg's puzzles have 2 solutions or more
    proc = _run(tmp_path, "--tdoku-lib", str(lib), "--limit", "4", "--rounds", "1",
                "--sets", "serg", "--modes", "count2")
    assert proc.returncode == 1
    assert "serg count2: puzzle 1 " in proc.stderr and "tdoku counts 1, sudokit auto=" \
        in proc.stderr and " 2\n" in proc.stderr
    assert "5 answers failed the check" in proc.stderr  # 4 puzzles, and serg's own rule


def test_tdoku_itself_when_built_here_else_the_run_says_so(tmp_path, shared_data):
    """With tdoku's library built on this machine: 50 puzzles of every set, one round, all
    answers checked.  Without it (CI): the default run says so and stops."""
    lib = Path(os.environ.get("TDOKU_LIB") or "/tmp/sudokit-peers/tdoku/libtdoku_shared.so")
    proc = _run(tmp_path, "--tdoku-lib", str(lib), "--limit", "50", "--rounds", "1",
                "--min-solves", "0")
    if not lib.is_file():
        assert proc.returncode == 2 and "tdoku's library not found" in proc.stderr
        return
    assert proc.returncode == 0, proc.stderr
    assert set(_rows(proc.stdout)) == {(s, m) for s in SETS for m in ("first", "count2")}
    assert "Checked: 750 solutions" in proc.stdout and "500 counts equal" in proc.stdout
    assert "clang version" in proc.stdout.splitlines()[0]
