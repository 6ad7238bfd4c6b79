"""What the command line promises beyond the answers: the README's "Guarantees" section.

Each test here is named there.  They run the installed command in a subprocess, as a user
would, with real files, real pipes and real signals.
"""

from __future__ import annotations

from _paths import ROOT
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_cli import COMMAND, P1, sudokit

ROOT = ROOT
EXAMPLES = ROOT / "examples"


# --- an output is never an input ------------------------------------------------------------


def _puzzles(tmp_path, name="s.txt") -> Path:
    path = tmp_path / name
    path.write_text((EXAMPLES / "puzzles.txt").read_text())
    return path


@pytest.mark.parametrize("argv", [
    ["solve", "{f}", "-o", "{f}"],
    ["solve", "{f}", "-o", "{dot}"],
    ["check", "{f}", "-o", "{link}"],
    ["count", "{f}", "--errors", "{f}"],
    ["solve", "{f}", "--jobs", "2", "-o", "{f}"],
    ["convert", "--to", "block", "{f}", "-o", "{f}"],
    ["judge", "poj3074", "{f}", "-o", "{f}"],
])
def test_output_over_input_is_refused(tmp_path, argv):
    f = _puzzles(tmp_path)
    before = f.read_bytes()
    (tmp_path / "link.txt").symlink_to(f)
    fill = {"f": str(f), "dot": "./s.txt", "link": str(tmp_path / "link.txt")}
    r = sudokit(*[a.format(**fill) for a in argv], cwd=tmp_path, timeout=60)
    assert r.returncode == 2 and "destroy" in r.stderr, r.stderr
    assert f.read_bytes() == before


def test_output_over_input_tables(tmp_path):
    np = pytest.importorskip("numpy")
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq
    csv = tmp_path / "in.csv"
    csv.write_text("puzzle\n" + P1 + "\n")
    npy = tmp_path / "in.npy"
    np.save(npy, np.array([[0 if c == "." else int(c) for c in P1]], dtype=np.uint8))
    parquet = tmp_path / "in.parquet"
    pq.write_table(pa.table({"puzzle": [P1]}), parquet)
    for path in (csv, npy, parquet):
        before = path.read_bytes()
        r = sudokit("solve", str(path), "-o", str(path))
        assert r.returncode == 2 and "destroy" in r.stderr
        assert path.read_bytes() == before


def test_stdout_appending_to_the_input_is_refused(tmp_path):
    f = _puzzles(tmp_path)
    before = f.read_bytes()
    for argv in (["check", str(f)], ["check"], ["canon", str(f)], ["stats", str(f)]):
        with open(f, "ab") as out, open(f, "rb") as inp:
            proc = subprocess.run(COMMAND + argv, stdin=inp, stdout=out,
                                  stderr=subprocess.PIPE, timeout=60)
        assert proc.returncode == 2 and b"standard output is the input" in proc.stderr
    assert f.read_bytes() == before


# --- signals: nothing left behind -------------------------------------------------------------


def _session_processes(sid: int) -> list[str]:
    """Live (not zombie) processes of a session, as 'pid state args' lines."""
    out = subprocess.run(["ps", "-eo", "pid,sid,stat,args"], capture_output=True,
                         text=True).stdout
    rows = [line.split(None, 3) for line in out.splitlines()[1:]]
    return [" ".join(r) for r in rows if len(r) > 2 and r[1] == str(sid) and not r[2].startswith("Z")]


def _big_hard_file(tmp_path) -> Path:
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    path = tmp_path / "big.txt"
    path.write_text((hard + "\n") * 20000)
    return path


@pytest.mark.parametrize("sig,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_signal_stops_workers_and_leaves_no_process(tmp_path, sig, code):
    src = _big_hard_file(tmp_path)
    out = tmp_path / "out.txt"
    proc = subprocess.Popen(COMMAND + ["solve", "--jobs", "2", "--engine", "dlx", str(src),
                                       "-o", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(_session_processes(proc.pid)) < 3:
        time.sleep(0.1)  # the main process, the forkserver and a worker at least
    assert len(_session_processes(proc.pid)) >= 3
    os.kill(proc.pid, sig)
    assert proc.wait(timeout=30) == code
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _session_processes(proc.pid):
        time.sleep(0.1)
    assert _session_processes(proc.pid) == []
    lines = out.read_text().splitlines()
    assert all(len(line) == 81 for line in lines)  # every record written is whole


def test_jobs_beyond_the_cpus_are_capped(tmp_path):
    f = _puzzles(tmp_path)
    r = sudokit("solve", str(f), "--jobs", "999")
    assert r.returncode == 0 and "running" in r.stderr and "worker" in r.stderr
    records = [t for t in f.read_text().splitlines() if t.strip() and not t.startswith("#")]
    assert len(r.stdout.splitlines()) == len(records)


# --- nothing crashes the stream: a record that cannot be written is an error record -----------


def test_64x64_in_a_line_notation_is_an_error_record(tmp_path):
    from sudokit import Grid, formats
    grid = Grid.empty("8x8").replace(0, 64)
    src = tmp_path / "t64.txt"
    src.write_text(formats.format_tokens(grid) + "\n\n" + formats.format_tokens(grid) + "\n")
    r = sudokit("convert", "--to", "line", "--box", "8x8", str(src))
    assert r.returncode == 1 and r.stdout.count("\terror\n") == 2
    assert "tokens" in r.stderr  # the message says which notation can write it
    r = sudokit("convert", "--to", "json", "--box", "8x8", str(src))
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 2


def test_64x64_npy_is_a_usage_error(tmp_path):
    np = pytest.importorskip("numpy")
    np.save(tmp_path / "t.npy", np.zeros((1, 4096), dtype=np.uint8))
    r = sudokit("solve", str(tmp_path / "t.npy"), "-o", str(tmp_path / "o.npy"))
    assert r.returncode == 2 and "64x64" in r.stderr


def test_json_lines_nested_too_deep_is_one_error_row(tmp_path):
    import json
    deep = "[" * 5000 + "]" * 5000
    good = json.dumps({"puzzle": P1})
    src = tmp_path / "deep.jsonl"
    src.write_text("\n".join([good, '{"puzzle": ' + deep + "}", deep, good]) + "\n")
    r = sudokit("check", str(src))
    rows = [json.loads(t) for t in r.stdout.splitlines()]
    assert r.returncode == 1 and [row["verdict"] for row in rows] == ["unique", "error", "error",
                                                                        "unique"]
