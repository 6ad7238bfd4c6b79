"""Docstring examples run as tests (only modules that have examples are collected)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import sudokit

SRC = Path(sudokit.__file__).parent
MODULES = ["sudokit"] + sorted(
    m.name for m in pkgutil.iter_modules(sudokit.__path__, "sudokit.")
    if (SRC / (m.name.split(".")[-1] + ".py")).is_file()
    and ">>> " in (SRC / (m.name.split(".")[-1] + ".py")).read_text())


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_readme_examples():
    import re
    readme = (SRC.parents[1] / "README.md")
    if not readme.is_file():
        pytest.skip("README.md not found beside the sources (installed package)")
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README.md", str(readme), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_ci_runs_the_readmes_test_command():
    """.ci/run runs the README's test command (python for python3: the venv's), with -rs so
    each run shows its skips and why, and stops under CI=true when the public data is absent."""
    import re
    root = SRC.parents[1]
    readme, ci = root / "README.md", root / ".ci" / "run"
    if not (readme.is_file() and ci.is_file()):
        pytest.skip("README.md or .ci/run not found beside the sources (installed package)")
    commands = re.findall(r"^(python3 -m pip install -e '\.\[test\]' && .*)$",
                          readme.read_text(), re.M)
    assert len(commands) == 1 and commands[0].count("-rs") == 2
    script = ci.read_text()
    ours = commands[0].replace("python3 ", "python ").replace("install -e", "install -q -e")
    assert ours in script.splitlines()
    assert "shared/data" in script and 'CI:-}" = "true"' in script


def test_ci_without_the_public_data_fails_at_once(tmp_path):
    """A clone with no ../shared beside it: under CI=true .ci/run stops before installing
    anything, with a message naming the missing folder (CI=false: it goes on)."""
    import subprocess
    ci = SRC.parents[1] / ".ci" / "run"
    if not ci.is_file():
        pytest.skip(".ci/run not found beside the sources (installed package)")
    clone = tmp_path / "clone"
    (clone / ".ci").mkdir(parents=True)
    (clone / ".ci" / "run").write_text(ci.read_text())
    proc = subprocess.run(["bash", str(clone / ".ci" / "run")], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "CI": "true"}, timeout=60)
    assert proc.returncode == 1
    assert f"public data is missing: {tmp_path}/shared/data" in proc.stderr
    assert not (clone / ".venv-ci").exists()
