"""benchmarks/long_runs.py: the long evidence script runs, checks for real, and reports.

The script's full runs take an hour or more (benchmarks/long_runs.py --help); here it runs on
three puzzles of a set, and its checker is shown to catch a wrong step."""

from __future__ import annotations

from _paths import ROOT
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from sudokit import logic

ROOT = ROOT
SCRIPT = ROOT / "benchmarks" / "long_runs.py"


def _module():
    spec = importlib.util.spec_from_file_location("long_runs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_small_run_in_parts_reports_every_puzzle(shared_data, tmp_path):
    backend = "python" if sudokit.backend() == "python" else "c"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--backend", backend, "--only",
                           "soundness/top1465", "completeness/top1465", "--sample", "3",
                           "--part-size", "2", "--jobs", "2"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    rows = [ln for ln in proc.stdout.splitlines() if ln.startswith("| soundness")
            or ln.startswith("| completeness")]
    assert len(rows) == 2
    assert "| soundness | top1465 | " + backend + " | 3 |" in rows[0] and "no wrong step" in rows[0]
    assert "| completeness | top1465 | " + backend + " | 3 |" in rows[1] and "all solved" in rows[1]
    assert proc.stderr.count(" ok\n") == 4  # two parts of two puzzles at most, per set


def test_the_checker_catches_a_wrong_step(shared_data, monkeypatch):
    module = _module()
    puzzle = (ROOT / "examples" / "puzzles.txt").read_text().split("\n")[1].strip()
    solution = sudokit.solve(puzzle).values
    real = logic.steps

    def wrong_placement(p, **options):
        path = real(p, **options)
        c = (path.steps[0].placements or path.steps[0].eliminations)[0][0]
        bad = path.steps[0].replace(placements=((c, solution[c] % 9 + 1),), eliminations=())
        return path.replace(steps=(bad,) + path.steps[1:])

    monkeypatch.setattr(logic, "steps", wrong_placement)
    n, problem, _ = module._check_one(puzzle, "3x3", True)
    assert n == 1 and "wrong" in problem


def test_write_regenerates_the_report_and_the_table(tmp_path, monkeypatch):
    module = _module()
    doc = tmp_path / "logic.md"
    doc.write_text(f"before\n{module.BEGIN}\nold table\n{module.END}\nafter\n")
    monkeypatch.setattr(module, "RESULTS", tmp_path / "runs.json")
    monkeypatch.setattr(module, "REPORT", tmp_path / "long-runs.md")
    monkeypatch.setattr(module, "LOGIC_DOC", doc)
    case = {"suite": "completeness", "set": "top1465", "backend": "c", "parts": 1,
            "puzzles": 3, "steps": 300, "failures": [], "part_errors": [], "wall": 1.0,
            "ok": True, "cpu": {"mean": 0.1, "p50": 0.1, "p99": 0.2, "max": 0.2, "total": 0.3}}
    record = {"date": "2026-12-01", "tree": "abc", "machine": "m", "command": "c", "jobs": 2,
              "sample": None, "wall": 60.0, "cases": [case]}
    module.write(record)
    module.write({**record, "date": "2026-12-02", "cases": [{**case, "ok": False,
                  "failures": [{"puzzle": "p", "problem": "x"}]}]})
    assert len(json.loads((tmp_path / "runs.json").read_text())) == 2
    report = (tmp_path / "long-runs.md").read_text()
    assert report.index("2026-12-02") < report.index("2026-12-01") and "**FAILED**" in report
    text = doc.read_text()
    assert text.startswith("before\n") and text.endswith("after\n") and "old table" not in text
    rows = [ln for ln in text.splitlines() if ln.startswith("| completeness")]
    assert len(rows) == 1 and "2026-12-02" in rows[0] and "FAILED" in rows[0]


@pytest.mark.parametrize("argv", [["--list"]])
def test_list_names_every_case(argv):
    proc = subprocess.run([sys.executable, str(SCRIPT)] + argv, capture_output=True, text=True,
                          timeout=60)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0 and len(lines) == 16
    assert sum(int(ln.split("\t")[3]) for ln in lines if ln.startswith("soundness")) == 50375
