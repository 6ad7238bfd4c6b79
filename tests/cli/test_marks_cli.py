"""The command line solves pencil-mark records under their marks (issue #18 item 10)."""

from __future__ import annotations

import sudokit
from sudokit import formats

from test_cli import P1, S1, sudokit as run


def _lines():
    g = sudokit.Grid(P1)
    sol = sudokit.Grid(S1)
    full = [(1 << 9) - 1 if not v else 1 << (v - 1) for v in g.values]
    wrong = list(full)
    wrong[2] &= ~(1 << (sol.values[2] - 1))        # the solution's value ruled out
    narrow = list(full)
    narrow[2] = 1 << (sol.values[2] - 1) | 1 << 0  # {1, the true value}: still S1
    return [formats.format_pencilmarks(g, candidates=m) for m in (wrong, full, narrow)] + ["." * 729]


def test_check_and_solve_under_marks(tmp_path):
    src = tmp_path / "pm.txt"
    src.write_text("".join(line + "\n" for line in _lines()))
    r = run("check", str(src))
    assert [t.rsplit("\t", 1)[1] for t in r.stdout.splitlines()] == [
        "impossible", "unique", "unique", "impossible"]
    r = run("solve", str(src), "--to", "line")
    out = r.stdout.splitlines()
    assert out[0].endswith("\timpossible") and out[3].endswith("\timpossible")
    assert out[1] == out[2] == S1
    r = run("count", str(src), "--limit", "0")
    assert [t.rsplit("\t", 1)[1] for t in r.stdout.splitlines()] == ["0", "1", "1", "0"]


def test_engine_that_cannot_use_marks_is_an_error_record(tmp_path):
    src = tmp_path / "pm.txt"
    src.write_text(_lines()[0] + "\n")
    r = run("check", "--engine", "propagate", str(src))
    assert r.returncode == 1 and r.stdout.endswith("\terror\n") and "candidates" in r.stderr
