"""sudokit rate: a Unix filter over sudokit.rate (issue #17)."""

from __future__ import annotations

import json
import subprocess
import sys

from sudokit.rate import rate

from conftest import shared_file

IMPOSSIBLE = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.71"


def _run(*argv, stdin: str | None = None):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *argv], input=stdin,
                          capture_output=True, text=True)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _puzzles(n: int) -> list:
    path = shared_file("ratings", "se_cb_public.txt")
    return [line.split() for line in path.read_text().splitlines()[1090:1090 + n]
            if float(line.split()[1]) < 6.0]


def test_one_line_per_record_like_serate(tmp_path):
    rows = _puzzles(12)
    lines = [r[0] for r in rows] + [IMPOSSIBLE, "." * 81, "11" + "." * 79, "nonsense"]
    proc = _run("rate", stdin="\n".join(lines) + "\n")
    out = proc.stdout.splitlines()
    assert len(out) == len(lines)
    for (puzzle, er, ep, ed), got in zip(rows, out):
        assert got == f"{puzzle} ED={er}/{ep}/{ed}"
    assert out[len(rows)] == f"{IMPOSSIBLE} ED=20.0/0.0/0.0"
    assert out[len(rows) + 1:len(rows) + 3] == ["." * 81 + " ambiguous",
                                                "11" + "." * 79 + " illegal"]
    assert out[-1] == "nonsense error"
    assert proc.returncode == 1  # an unreadable record
    assert f"line {len(lines)}, column 9" in proc.stderr


def test_format_fields_and_json(tmp_path):
    rows = _puzzles(6)
    src = tmp_path / "p.txt"
    src.write_text("".join(r[0] + "\n" for r in rows))
    proc = _run("rate", "--format", "%r|%p|%d|%l|%s|%t", str(src))
    assert proc.returncode == 0
    for (puzzle, er, ep, ed), got in zip(rows, proc.stdout.splitlines()):
        want = rate(puzzle)
        assert got == f"{er}|{ep}|{ed}|{want.level}|{want.score}|rated"
    proc = _run("rate", "--to", "json", str(src))
    objs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [o["er"] for o in objs] == [float(r[1]) for r in rows]
    assert all(o["status"] == "rated" and o["level"] for o in objs)


def test_time_limit_and_errors_file(tmp_path):
    path = shared_file("ratings", "se_cb_public.txt")
    hard = next(line.split()[0] for line in path.read_text().splitlines()
                if float(line.split()[1]) >= 8.5)
    errors = tmp_path / "errors.jsonl"
    proc = _run("rate", "--time-limit", "0.01", "--errors", str(errors), stdin=hard + "\n")
    assert proc.stdout == f"{hard} limit\n"
    logged = [json.loads(line) for line in errors.read_text().splitlines()]
    assert logged and logged[0]["status"] == "limit" and logged[0]["line"] == 1


def test_usage_errors():
    assert _run("rate", "--time-limit", "0", stdin="").returncode == 2
    assert _run("rate", "--format", "%q", stdin="").returncode == 2
    assert _run("rate", "--format", "nonsense", stdin="").returncode == 2


def test_jobs_keep_input_order(tmp_path):
    rows = _puzzles(30)
    src = tmp_path / "p.txt"
    src.write_text("".join(r[0] + "\n" for r in rows))
    one = _run("rate", str(src)).stdout
    two = _run("rate", "--jobs", "2", str(src)).stdout
    assert one == two and len(one.splitlines()) == len(rows)
