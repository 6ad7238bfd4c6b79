"""The record commands under variant rules: --rules and --regions (solve, check, count)."""

from __future__ import annotations

from _paths import TESTS
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from sudokit import geometry

VARIANTS = TESTS / "data" / "variants"


def _run(*argv, stdin: str | None = None):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *argv], input=stdin,
                          capture_output=True, text=True)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _records(name: str, rules: str, regions: str, count: int):
    """(regions, puzzle, solution) of the corpus records with these rules and regions kind."""
    out = []
    for line in (VARIANTS / name).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, r, reg, puzzle, solution = line.split(";")
        if r == rules and (reg == "-") == (regions == "-") and len(puzzle) == 81:
            out.append((reg, puzzle, solution))
        if len(out) == count:
            break
    return out


def test_rules_x_solves_and_checks(tmp_path):
    records = _records("sgt_x.txt", "x", "-", 20)
    assert len(records) == 20
    path = tmp_path / "x.txt"
    path.write_text("".join(p + "\n" for _, p, _ in records))
    solved = _run("solve", "--rules", "x", str(path))
    assert solved.returncode == 0
    assert solved.stdout.split() == [s for _, _, s in records]
    checked = _run("check", "--rules", "x", str(path))
    assert [line.split("\t")[1] for line in checked.stdout.splitlines()] == ["unique"] * 20
    # the same lines as classic puzzles: the X rule is what makes them unique
    classic = _run("check", str(path))
    assert "ambiguous" in classic.stdout
    counted = _run("count", "--rules", "x", "--jobs", "2", str(path))
    assert [line.split("\t")[1] for line in counted.stdout.splitlines()] == ["1"] * 20


def test_regions_file_gives_a_jigsaw(tmp_path):
    reg, puzzle, solution = _records("sgt_jigsaw.txt", "-", "jigsaw", 1)[0]
    regions = tmp_path / "map.txt"
    regions.write_text("".join(reg[r * 9:r * 9 + 9] + "\n" for r in range(9)))
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(puzzle + "\n" + puzzle[:-1] + "\n" + "1" * 81 + "\n")
    solved = _run("solve", "--regions", str(regions), str(puzzles))
    lines = solved.stdout.splitlines()
    assert lines[0] == solution
    assert lines[1].endswith("error") and lines[2].endswith("illegal")  # nothing lost
    assert solved.returncode != 0
    jig = geometry.jigsaw(reg)
    assert jig.is_solution(bytes(int(c) for c in lines[0]), bytes(int(c) if c != "." else 0
                                                                   for c in puzzle))


def test_one_and_two_jobs_agree(tmp_path):
    records = _records("sgt_x.txt", "x", "-", 40)
    path = tmp_path / "x.txt"
    path.write_text("".join(p + "\n" for _, p, _ in records * 30))
    one = _run("solve", "--rules", "x", "--jobs", "1", str(path))
    two = _run("solve", "--rules", "x", "--jobs", "2", str(path))
    assert one.stdout == two.stdout and one.returncode == two.returncode == 0


@pytest.mark.parametrize("argv, words", [
    (["--rules", "sandwich"], "unknown rule 'sandwich'"),
    (["--rules", "disjoint", "--regions", "MAP"], "--regions and --box"),
    (["--regions", "MISSING"], "cannot read"),
    (["--regions", "BADMAP"], "has 8 cells"),
])
def test_bad_rules_are_clear_errors(tmp_path, argv, words):
    good = tmp_path / "map.txt"
    good.write_text("".join("123456789"[r // 3 * 3:r // 3 * 3 + 3] * 3 + "\n" for r in range(9)))
    bad = tmp_path / "bad.txt"
    rows = ["111222333"] * 2 + ["111223333"] + ["444555666"] * 3 + ["777888999"] * 3
    bad.write_text("\n".join(rows) + "\n")
    argv = [{"MAP": str(good), "BADMAP": str(bad), "MISSING": str(tmp_path / "none")}.get(a, a)
            for a in argv]
    if "--regions" in argv and "disjoint" in argv:
        argv += ["--box", "3x3"]
    proc = _run("check", *argv, stdin="." * 81 + "\n")
    assert proc.returncode != 0 and words in proc.stderr, proc.stderr


def test_tables_take_rules(tmp_path):
    # a complete classic grid that breaks the X rule: unique as classic, illegal under X
    grid = sudokit.solve("." * 81)
    assert not geometry.parse("3x3+x").is_solution(grid.values)
    path = tmp_path / "p.csv"
    path.write_text("puzzle\n" + grid.to_line() + "\n")
    proc = _run("check", "--rules", "x", str(path))
    assert proc.returncode == 0 and proc.stdout.splitlines()[1].endswith(",illegal")
    assert _run("check", str(path)).stdout.splitlines()[1].endswith(",unique")


def test_options_carry_the_geometry():
    from sudokit.cli import options_for
    opts = options_for("check", ["--rules", "x,antiknight"])
    assert opts.geometry is geometry.parse("3x3+x+antiknight")
    assert opts.box is sudokit.Shape(3, 3)
    from sudokit.records import answer_lines
    # a complete classic grid that breaks the anti-knight rule: legal classic, illegal here
    grid = sudokit.solve("." * 81)
    assert not geometry.parse("3x3+x+antiknight").is_solution(grid.values)
    (line,) = answer_lines([grid.to_line()], opts).lines()
    assert line.endswith("\tillegal")
    (line,) = answer_lines([grid.to_line()], options_for("check", [])).lines()
    assert line.endswith("\tunique")
