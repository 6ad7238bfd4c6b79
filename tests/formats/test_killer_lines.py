"""Killers as killer forums write them (format 'killer', formats._killer): SudoCue's numbers
``3x3:d:k:...`` and the 81-character cage arrows.  The published solutions in
tests/data/sums/forum_killers.txt are the check that the cages are read right: the puzzle as
read must have exactly that one solution.  Runs on whichever kernels are active."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import sudokit
from _paths import ROOT, TESTS
from sudokit import ParseError
from sudokit.formats import detect_format, parse, read_records

FILE = TESTS / "data" / "sums" / "forum_killers.txt"


def _published(named: bool = True) -> list:
    """(puzzle line, published solution) pairs of the file (a '# ... solution DIGITS' line
    just above its puzzle).  named=False leaves out the named extreme killers (Wecoc #1...:
    a solver takes seconds to a minute on them)."""
    out, pending, name = [], None, False
    for line in FILE.read_text().splitlines():
        m = re.search(r"solution (\d{81})", line)
        if m:
            pending, name = m.group(1), ": solution" in line
        elif line and not line.startswith("#"):
            if named or not name:
                out.append((line, pending))
            pending, name = None, False
    return out


def test_the_file_is_read_as_killer_lines_one_record_each():
    lines = _published()
    assert len(lines) == 68
    with open(FILE, encoding="utf-8") as f:
        records = list(read_records(f))
    assert len(records) == 68 and all(r.error is None for r in records)
    for (line, _), rec in zip(lines, records):
        assert detect_format(line) == "killer"
        cages = [c for c in rec.grid.geometry.constraints if c[0] == "killer"]
        # no cell in two cages; a cage's total is one its cells can make (1+2+.. to ..+8+9)
        covered = sum(len(c[1]) for c in cages)
        assert cages and len({i for c in cages for i in c[1]}) == covered
        for _, cells, total in cages:
            k = len(cells)
            assert k * (k + 1) // 2 <= total <= k * (19 - k) // 2


PURE = sudokit.backend() != "c"  # (the Python kernels take 5-45 s on most of them: slow)


def _cheap(p) -> bool:
    quick = [q for q in _published(named=False) if q[1]]
    return p in (quick[1:2] if PURE else quick)


@pytest.mark.parametrize("line,solution", [
    p if _cheap(p) else pytest.param(*p, marks=pytest.mark.slow)
    for p in _published() if p[1]], ids=lambda v: v[:12] if isinstance(v, str) else None)
def test_published_solutions_are_the_one_solution_of_the_puzzle_as_read(line, solution):
    grid = parse(line)
    assert sudokit.count_solutions(grid, limit=2) == 1
    assert "".join(map(str, sudokit.solve(grid).values)) == solution


def test_sudocue_d_flag_means_the_diagonals():
    with_d = next(line for line, sol in _published() if line.startswith("3x3:d:"))
    assert "x" in parse(with_d).geometry.rules
    assert "x" not in parse(with_d.replace("3x3:d:", "3x3::", 1)).geometry.rules


def test_a_lone_zero_total_is_a_cell_in_no_cage():
    line = next(line for line, _ in _published() if "0" in line and "<" in line)
    grid = parse(line)
    zero = line.index("0")
    assert all(zero not in c[1] for c in grid.geometry.constraints if c[0] == "killer")


ARROWS = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"


@pytest.mark.parametrize("text,column,char,words", [
    ("3x3:d:k:1:2", 11, "2", "81 cell numbers, not 2"),
    ("3x3:q:k:" + ":".join(["256"] * 81), 5, "q", "unknown SudoCue flags"),
    ("<" + ARROWS[1:], 1, "<", "leaves the grid"),
    (ARROWS[:79] + "><", 80, ">", "round in a circle"),
    (ARROWS[:5] + "%" + ARROWS[6:], 6, "%", "neither a cage total"),
    ("3x3::k:" + ":".join(["2560"] * 81) + ":", 8, "", "the cages break the rules"),
])
def test_errors_name_the_column(text, column, char, words):
    with pytest.raises(ParseError) as info:
        parse(text, format="killer")
    err = info.value
    assert (err.line, err.column) == (1, column) and words in str(err)
    if char:
        assert err.char == char


def test_sudokit_solve_reads_killer_lines_in_a_real_process(tmp_path):
    # the human-solvable ones with a published solution (others take a solver minutes)
    pairs = [(line, sol) for line, sol in _published(named=False) if sol]
    pairs = pairs[1:2] if PURE else pairs
    src = tmp_path / "killers.txt"
    src.write_text("# forum killers\n" + "\n".join(line for line, _ in pairs) + "\n")
    out = subprocess.run([sys.executable, "-m", "sudokit", "solve", str(src), "--to", "line"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT, check=True)
    got = [line for line in out.stdout.splitlines() if line and not line.startswith("#")]
    assert [answer[:81] for answer in got] == [sol for _, sol in pairs]
