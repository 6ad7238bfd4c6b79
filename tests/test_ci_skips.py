"""The skip rule of tests/conftest.py: under CI=true a missing resource fails, not skips.

Each case runs pytest for real, in a subprocess, on a small test file beside a copy of our
conftest.py, with CI and the backend set as CI sets them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = Path(__file__).resolve().parent / "conftest.py"

CASES = '''
import pytest
from conftest import missing

def test_public_data_absent():
    pytest.skip("public data not found at /nowhere")

def test_a_tool_absent():
    missing("sgt-solo is not installed (apt-get install sgt-puzzles)")

def test_c_only():
    pytest.skip("C kernels only: a C twin to compare")

def test_slow_in_pure():
    pytest.skip("too slow in pure Python: hours")

@pytest.mark.skipif(True, reason="C kernels only: a marker")
def test_marked():
    pass

def test_runs():
    assert True
'''


def _run(tmp_path, ci: bool, pure: bool, text: str = CASES) -> dict:
    (tmp_path / "conftest.py").write_text(CONFTEST.read_text())
    (tmp_path / "test_cases.py").write_text(text)
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "SUDOKIT_PUREPYTHON")}
    if ci:
        env["CI"] = "true"
    if pure:
        env["SUDOKIT_PUREPYTHON"] = "1"
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "-rfs", str(tmp_path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|skipped|error)",
                                                     proc.stdout.splitlines()[-1])}
    return {"counts": counts, "out": proc.stdout}


def test_without_ci_everything_skips_that_asks_to(tmp_path):
    r = _run(tmp_path, ci=False, pure=True)
    assert r["counts"] == {"passed": 1, "skipped": 5}, r["out"]


def test_ci_pure_run_skips_only_the_justified_reasons(tmp_path):
    r = _run(tmp_path, ci=True, pure=True)
    assert r["counts"] == {"passed": 1, "failed": 2, "skipped": 3}, r["out"]
    assert "public data not found" in r["out"] and "sgt-solo is not installed" in r["out"]
    assert "a missing resource is a failure" in r["out"]


def test_ci_c_run_skips_nothing(tmp_path):
    r = _run(tmp_path, ci=True, pure=False)
    counts = r["counts"]
    assert counts.get("failed", 0) + counts.get("error", 0) == 5, r["out"]  # (a skipif marker
    assert counts["passed"] == 1 and "skipped" not in counts, r["out"]    # fails in setup)


def test_ci_fails_a_module_that_skips_when_collected(tmp_path):
    text = 'import pytest\npytest.importorskip("no_such_module_sudokit")\n\ndef test_x():\n    pass\n'
    r = _run(tmp_path, ci=True, pure=True, text=text)
    assert "no_such_module_sudokit" in r["out"] and "skipped" not in r["counts"], r["out"]
    assert r["counts"].get("error", 0) + r["counts"].get("failed", 0) >= 1, r["out"]
