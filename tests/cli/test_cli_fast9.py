"""The 9x9 fast path of the line commands (sudokit.records._fastpath) against the record path.

Plain 81-character lines go straight from bytes to one C batch call; every other line, and
every plain line whose answer is not a plain success, goes through the ordinary record
path.  The two must agree byte for byte: output text, record and problem counts, stderr
notes (with line numbers) and --errors entries.  The reference run turns the fast path off.
"""

from __future__ import annotations

from _paths import ROOT
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from sudokit.records import _fastpath
from sudokit.cli import options_for
from sudokit.records import answer_lines

ROOT = ROOT
GOLDEN = ROOT / "tests" / "data" / "golden_tdoku.txt"

pytestmark = pytest.mark.skipif(sudokit.backend() != "c",
                                reason="C kernels only: the fast path runs only with the C kernels")

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SIXTEEN = (ROOT / "examples" / "16x16.txt").read_text().splitlines()[1]


def _golden_puzzles() -> list[str]:
    out = []
    for raw in GOLDEN.read_text().splitlines():
        line = raw.strip()
        if line and not line.startswith("#") and len(line.split(":")[0]) == 81:
            out.append(line.split(":")[0])
    return out


def mixed_lines() -> list[str]:
    """Plain lines in every blank spelling, and around them everything that is not plain."""
    golden = _golden_puzzles()
    lines = [P1, P1.replace(".", "0"), P1.replace(".", "-"), P1.replace(".", "_"),
             P1.replace(".", "*"), P1.replace(".", "?"), P1 + "\r", HARD]
    lines += golden[:40]
    lines += ["# a comment", "", "   ", " " + P1, P1 + " ", P1 + "  # with a note",
              P1 + ",extra", P1[:80], P1 + "1", P1[:40] + "x" + P1[41:],
              P1[:40] + "\u00e9" + P1[41:],
              "55" + P1[2:],                                    # illegal: the givens clash
              "12345678." + "........9" + "." * 63,              # impossible
              "." * 81,                                          # ambiguous
              SIXTEEN, "1..." * 4]
    lines += golden[40:80]
    lines += [P1] * 3
    return lines


def _answers(command, lines, options, monkeypatch, *, fast: bool):
    with monkeypatch.context() as m:
        calls = []
        real = _fastpath.solve9

        def spy(*args):
            calls.append(args[1])
            return real(*args)

        m.setattr(_fastpath, "solve9", spy)
        if not fast:
            m.setattr(_fastpath, "mode", lambda command, src: None)
        a = answer_lines(lines, options_for(command, options), first_line=7, source="in.txt")
    return (a.text, a.records, a.problems, a.notes, a.log), calls


OPTIONS = [
    ("solve", []), ("solve", ["--unique"]), ("solve", ["--box", "3x3"]),
    ("check", []), ("count", []), ("count", ["--limit", "1"]), ("count", ["--limit", "5"]),
]


@pytest.mark.parametrize("command,options", OPTIONS)
def test_fast_path_equals_record_path(command, options, monkeypatch):
    lines = mixed_lines()
    want, _ = _answers(command, lines, options, monkeypatch, fast=False)
    got, calls = _answers(command, lines, options, monkeypatch, fast=True)
    assert got == want
    assert want[2] > 0 and want[3]           # the bad lines were reported, with line numbers
    # the fast path took the plain lines in one call: one record per plain line
    assert calls and calls[0] >= 55


@pytest.mark.parametrize("command,options", [
    ("solve", ["--to", "block"]), ("solve", ["--alphabet", "1-9"]),
    ("count", ["--limit", "0"]), ("solve", ["--engine", "propagate"]),
    # a node limit: auto is the portfolio on both backends (solver.choose_engine)
    ("solve", ["--node-limit", "1"]), ("solve", ["--unique", "--node-limit", "3"]),
    ("check", ["--node-limit", "1"]), ("count", ["--limit", "3", "--node-limit", "2"])])
def test_fast_path_stays_out_where_it_does_not_apply(command, options, monkeypatch):
    # (no grid with more solutions than can be counted: --limit 0 counts them all)
    lines = [line for line in mixed_lines() if line.count(".") < 60]
    want, _ = _answers(command, lines, options, monkeypatch, fast=False)
    got, calls = _answers(command, lines, options, monkeypatch, fast=True)
    assert got == want
    assert all(n < 55 for n in calls)  # no block-wide call: the record path answered


@pytest.mark.parametrize("command,options",
                         [("solve", []), ("check", []), ("count", ["--limit", "3"])])
def test_fast_path_on_random_lines(command, options, monkeypatch):
    """Random lines over the plain symbols and a few others, dense and sparse."""
    rng = random.Random(20261124)
    golden = _golden_puzzles()
    lines = []
    for _ in range(400):
        kind = rng.random()
        if kind < 0.5:  # a real puzzle with one cell changed at random
            p = list(rng.choice(golden))
            p[rng.randrange(81)] = rng.choice("123456789.0-_*?x ")
            lines.append("".join(p))
        else:  # random givens
            density = rng.choice((0.05, 0.2, 0.35))
            lines.append("".join(rng.choice("123456789") if rng.random() < density
                                 else rng.choice(".0") for _ in range(81)))
    want, _ = _answers(command, lines, options, monkeypatch, fast=False)
    got, calls = _answers(command, lines, options, monkeypatch, fast=True)
    assert got == want and sum(calls) >= 300


def test_every_answer_of_the_fast_path_is_a_solution(monkeypatch):
    """Golden puzzles (unique, several solutions, none): solutions verified without a solver."""
    golden = _golden_puzzles()
    counts = {line.split(":")[0]: int(line.split(":")[1])
              for line in GOLDEN.read_text().splitlines() if line[:1] not in ("#", "")}
    (text, records, _, _, _), calls = _answers("solve", golden, [], monkeypatch, fast=True)
    assert records == len(golden) and calls[0] == len(golden)
    answers = text.splitlines()
    assert len(answers) == len(golden)
    for puzzle, answer in zip(golden, answers):
        if counts[puzzle] == 0:
            assert answer.split("\t")[1] in ("impossible", "illegal")
        else:
            assert sudokit.is_solution(answer, puzzle)


def test_command_line_uses_the_fast_path_and_matches(tmp_path, monkeypatch):
    """sudokit solve FILE (one process, then 2 workers) writes the record path's answers."""
    lines = mixed_lines() * 30
    path = tmp_path / "mixed.txt"
    path.write_bytes(("\n".join(lines) + "\n").encode())
    want, _ = _answers("solve", lines, [], monkeypatch, fast=False)
    for jobs in ("1", "2"):
        errors = tmp_path / f"errors{jobs}.jsonl"
        proc = subprocess.run([sys.executable, "-m", "sudokit", "solve", str(path), "--jobs", jobs,
                               "--errors", str(errors), "--no-progress"],
                              capture_output=True, timeout=300)
        assert proc.returncode == 1  # some records had a data problem
        assert proc.stdout.decode() == want[0]
        *notes, summary = proc.stderr.decode().splitlines()
        assert len(notes) == want[2] and all(f"{path}, line " in note for note in notes)
        assert summary == f"sudokit: {want[2]} of {want[1]} records had a problem"
        logged = [json.loads(x) for x in errors.read_text().splitlines()]
        assert [e["line"] for e in logged] == [e["line"] - 6 for e in want[4]]


@pytest.mark.parametrize("ending", ["", "\r"])
@pytest.mark.parametrize("options", [[], ["--unique"]])
def test_whole_windows_of_plain_lines(ending, options, monkeypatch):
    """Windows where every line is plain and solved take the one-piece path (LF and CRLF)."""
    counts = [line.split(":") for line in GOLDEN.read_text().splitlines()
              if line[:1] not in ("#", "")]
    unique = [f[0] for f in counts if len(f[0]) == 81 and f[1] == "1"]
    lines = [unique[k % len(unique)] + ending for k in range(5000)]  # 3 windows, the last short
    want, _ = _answers("solve", lines, options, monkeypatch, fast=False)
    got, calls = _answers("solve", lines, options, monkeypatch, fast=True)
    assert got == want and calls == [2048, 2048, 904]
    # a CR in place of a cell (the line keeps its length): not plain, the reader's error
    lines[3000] = unique[0][:40] + "\r" + unique[0][41:] + ending
    want, _ = _answers("solve", lines, options, monkeypatch, fast=False)
    got, calls = _answers("solve", lines, options, monkeypatch, fast=True)
    assert got == want and want[2] == 1 and calls == [2048, 2047, 904]


def test_every_fast9_route_goes_through_engine_fast9(monkeypatch):
    """The record fast path, the batch API and sudokit.solve all reach fast9 by engine._fast9
    (solve9 for many puzzles, solve9_one for one), with the answers an independent check
    accepts."""
    from sudokit import solve, is_solution, Grid
    from sudokit.engine import _fast9
    from sudokit.records import batch
    seen = []
    for name in ("solve9", "solve9_one"):
        real = getattr(_fast9, name)
        monkeypatch.setattr(_fast9, name, lambda *a, _real=real, _name=name, **k: (
            seen.append(_name), _real(*a, **k))[1])
    monkeypatch.setattr(_fastpath, "solve9", _fast9.solve9)  # (its own name for the function)
    lines = [P1, "55" + P1[2:]]
    text = answer_lines(lines, options_for("solve", [])).text
    assert seen == ["solve9"]
    result = batch.solve_many(lines, engine="fast9")
    assert seen == ["solve9", "solve9"] and result.statuses() == ["solved", "illegal"]
    one = solve(Grid(P1)).to_line()
    assert seen == ["solve9", "solve9", "solve9_one"]
    assert text.splitlines()[0] == one == result.solution_lines()[0]
    assert is_solution(Grid(one), Grid(P1))
