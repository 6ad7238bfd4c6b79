"""benchmarks/tree_report.py: the numbers of the source tree's layout, run as a process."""

from _paths import ROOT
import json
import os
import subprocess
import sys

ROOT = str(ROOT)
SCRIPT = os.path.join(ROOT, "benchmarks", "tree_report.py")
SRC = os.path.join(ROOT, "src", "sudokit")


def _run(*args) -> str:
    proc = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_json_report_counts_what_is_on_disk():
    r = json.loads(_run("--json"))
    roots = sorted(f for f in os.listdir(SRC) if f.endswith(".py"))
    assert r["root_modules"] == {"count": len(roots), "names": roots}
    assert r["root_modules"]["count"] <= 12  # issue #30: at most 12 modules at the root
    assert "records" in r["lines_per_package"] and "engine" in r["lines_per_package"]
    with open(os.path.join(SRC, "solver.py"), encoding="utf-8") as f:
        assert r["lines_per_package"]["sudokit"] >= f.read().count("\n")
    assert "logic/core/board.py:Board" in r["candidate_boards"]["boards"]
    assert r["bit_helpers"]["lowest_bit_idiom"] == sum(r["bit_helpers"]["idiom_files"].values())


def test_table_and_a_made_up_tree(tmp_path):
    src = tmp_path / "pkg"
    (src / "_c").mkdir(parents=True)
    (src / "sub").mkdir()
    (src / "a.py").write_text("def cells_of(x):\n    return x & -x\n\n\n"
                              "def members(x):\n    out = []\n    while x:\n"
                              "        low = x & -x\n        out.append(low.bit_length() - 1)\n"
                              "        x ^= low\n    return out\n")
    (src / "sub" / "b.py").write_text("class B:\n    def __init__(self):\n"
                                      "        self.cands = [0] * 81\n")
    (src / "_c" / "x.h").write_text('#include "y.h"\n')
    (src / "_c" / "y.h").write_text('#include "x.h"\nPyObject *f(void);\n')
    r = json.loads(_run("--json", "--src", str(src)))
    assert r["root_modules"] == {"count": 1, "names": ["a.py"]}
    assert r["lines_per_package"] == {"sub": 3, "sudokit": 11}
    assert r["c_files_on_python_api"] == {"count": 1, "files": ["y.h"]}
    assert [sorted(set(c)) for c in r["include_cycles"]] == [["x.h", "y.h"]]
    assert r["bit_helpers"]["lowest_bit_idiom"] == 2
    assert r["bit_helpers"]["named_functions"] == ["a.py:cells_of"]
    assert r["bit_helpers"]["copies"] == ["a.py:members"]
    assert r["candidate_boards"] == {"boards": [], "other_classes_with_cands": ["sub/b.py:B"]}
    table = _run("--src", str(src))
    assert "root modules            1: a.py" in table and "other classes with cands 1" in table
