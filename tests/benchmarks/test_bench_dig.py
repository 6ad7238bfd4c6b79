"""benchmarks/bench_dig.py runs and counts what it says: the 6x6 levels add up to the
puzzles asked, and a dig count is within the digs made."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from _paths import ROOT

SCRIPT = ROOT / "benchmarks" / "bench_dig.py"


def _run(*argv):
    proc = subprocess.run([sys.executable, str(SCRIPT), *argv], capture_output=True, text=True,
                          timeout=600, env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_six_counts_every_puzzle():
    out = _run("six", "--count", "12", "--seed", "5")
    counts = {k: int(v) for k, v in re.findall(r"'(\w+)': (\d+)", out)}
    assert sum(counts.values()) == 12 and set(counts) <= {"easy", "medium", "hard", "expert",
                                                          "extreme", "stuck", "limit"}


def test_digs_report_hits_out_of_the_digs_made():
    out = _run("digs", "--rules", "x", "--level", "easy", "--seeds", "1", "--digs", "2")
    hits, made = map(int, re.search(r"(\d+) of (\d+) digs at easy", out).groups())
    assert made == 2 and hits == 2  # (a full grid with one orbit out is easy already)
