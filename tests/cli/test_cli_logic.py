"""sudokit hint and sudokit explain: Unix filters over the logic engine (issue #15)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import sudokit
from sudokit import logic
from sudokit.logic import State

from conftest import shared_file

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _run(*argv, stdin: str | None = None):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *argv], input=stdin,
                          capture_output=True, text=True)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_hint_one_line_per_record_with_statuses():
    start = State.of(EASY)
    cell = min(c for c, m in enumerate(start.candidates) if m.bit_count() >= 3)
    bad_marks = start.eliminate([(cell, sudokit.solve(EASY).values[cell])]).to_pencilmarks()
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    lines = [EASY, "11" + "." * 79, "." * 81, "not a puzzle", sudokit.solve(EASY).to_line()]
    proc = _run("hint", stdin="\n".join(lines) + "\n")
    out = proc.stdout.splitlines()
    assert len(out) == len(lines)
    step = logic.hint(EASY)
    assert out[0] == f"{EASY}\t{step.technique}\t{step.text}"
    assert out[1].split("\t")[1] == "illegal" and "placed twice in row 1" in out[1]
    assert out[2].split("\t")[1] == "ambiguous"
    assert out[3].split("\t")[1] == "error"
    assert out[4].split("\t")[1] == "solved"
    assert proc.returncode == 1 and "line 4" in proc.stderr  # only the unreadable record
    # a pencil-mark line (an input has one notation: marks in their own input)
    good_marks = start.to_pencilmarks()
    proc = _run("hint", stdin=bad_marks + "\n" + good_marks + "\n")
    out = proc.stdout.splitlines()
    assert out[0].split("\t")[1:] == ["inconsistent", f"{sudokit.solve(EASY).values[cell]} was removed "
                                      f"from {name} but the solution needs it there"]
    assert out[1].split("\t")[1] == logic.hint(start).technique and proc.returncode == 0


def test_hint_json_and_all():
    proc = _run("hint", "--to", "json", "--all", stdin=EASY + "\n")
    obj = json.loads(proc.stdout)
    assert obj["status"] == "hint" and obj["puzzle"] == EASY
    want = logic.hint(EASY, all=True)
    assert [s["placements"] for s in obj["steps"]] == [[list(p) for p in s.placements] for s in want]
    assert all(set(s) >= {"technique", "placements", "eliminations", "evidence", "text"}
               for s in obj["steps"])
    one = json.loads(_run("hint", "--to", "json", stdin=EASY + "\n").stdout)
    assert one["step"]["technique"] == want[0].technique


def test_techniques_and_exclude():
    proc = _run("hint", "--exclude", "hidden-single,full-house", stdin=EASY + "\n")
    assert proc.stdout.split("\t")[1] not in ("hidden-single", "full-house")
    proc = _run("hint", "--techniques", "full-house", stdin=EASY + "\n")
    assert proc.stdout.split("\t")[1].strip() in ("full-house", "stuck")
    proc = _run("hint", "--techniques", "zz-top", stdin=EASY + "\n")
    assert proc.returncode == 2 and "unknown technique 'zz-top'" in proc.stderr
    listed = _run("hint", "--list").stdout.splitlines()
    assert [line.split("\t")[0] for line in listed] == [t.id for t in logic.ladder()]


def test_explain_text_and_grid_before():
    proc = _run("explain", "--grid-before", "pointing", stdin=HARD + "\n" + EASY + "\n")
    assert proc.returncode == 0
    text = proc.stdout
    path = logic.steps(HARD)
    head = text.splitlines()[0]
    assert head.startswith(f"{HARD}\tsolved\t{len(path.steps)} steps, hardest: ")
    numbered = [line for line in text.split("\n\n")[0].splitlines() if line.strip()[:1].isdigit()
                and ". " in line and ":" in line]
    assert len(numbered) == len(path.steps)
    assert numbered[0].strip() == f"1. {path.steps[0].name}: {path.steps[0].text}"
    pointing = sum(1 for s in path.steps if s.technique == "pointing")
    assert text.count("    +") >= pointing or text.count("| ") > 0  # a grid before each
    assert "\n\n" in text  # a blank line between the two puzzles


def test_explain_json_verified():
    proc = _run("explain", "--to", "json", stdin=HARD + "\n")
    obj = json.loads(proc.stdout)
    assert obj["status"] == "solved"
    sol = sudokit.solve(HARD).values
    for s in obj["steps"]:
        assert all(sol[c] == v for c, v in s["placements"])
        assert all(sol[c] != v for c, v in s["eliminations"])
    limited = json.loads(_run("explain", "--to", "json", "--max-steps", "2", stdin=HARD + "\n").stdout)
    assert limited["status"] == "limit" and len(limited["steps"]) == 2


def test_explain_under_rules_x():
    g = sudokit.generate(geometry="3x3+x", seed=4, minimal=True)[0]
    proc = _run("explain", "--rules", "x", "--to", "json", stdin=g.puzzle.to_line() + "\n")
    obj = json.loads(proc.stdout)
    assert obj["status"] in ("solved", "stuck")
    for s in obj["steps"]:
        assert all(g.solution.values[c] == v for c, v in s["placements"])
        assert all(g.solution.values[c] != v for c, v in s["eliminations"])


def test_tables_are_read(tmp_path):
    """Tables are read like solve's (issue #33: they were refused); the columns are added."""
    f = tmp_path / "t.csv"
    f.write_text("puzzle\n" + EASY + "\n")
    proc = _run("hint", str(f))
    step = logic.hint(EASY)
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == ["puzzle,status,technique,hint",
                                        f'{EASY},hint,{step.technique},"{step.text}"']


def test_jobs_give_the_same_output(tmp_path):
    lines = shared_file("puzzles2_17_clue").read_text().split()
    sample = random.Random(3).sample(lines, 16)
    f = tmp_path / "p.txt"
    f.write_text("\n".join(sample) + "\n")
    one = _run("explain", "--to", "json", "--jobs", "1", str(f))
    two = _run("explain", "--to", "json", "--jobs", "2", str(f))
    assert one.stdout == two.stdout and len(one.stdout.splitlines()) == 16
