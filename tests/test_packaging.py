"""What the wheel promises, read from the sources: an SPDX license with its file, the typing
files shipped, and the CI step that builds the wheel and runs it where no compiler is.

The wheel itself is built, repaired, installed and run by .ci/run (its METADATA, tags, files
and output are checked there); these quick tests keep the sources that step relies on.
"""

from __future__ import annotations

import re

import pytest

from _paths import ROOT

tomllib = pytest.importorskip("tomllib")  # Python >= 3.11


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_an_spdx_string_with_its_file():
    meta = _pyproject()
    project = meta["project"]
    assert project["license"] == "MIT"  # PEP 639: a string, not the old table
    assert project["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in project.get("classifiers", []))
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 the sudokit authors" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text
    # setuptools reads license-files and the SPDX string from version 77 on
    requires = meta["build-system"]["requires"]
    setuptools = [r for r in requires if r.startswith("setuptools")]
    assert len(setuptools) == 1
    low = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools[0])
    assert low and int(low.group(1)) >= 77


def test_the_typing_files_are_package_data():
    data = _pyproject()["tool"]["setuptools"]["package-data"]["sudokit"]
    package = ROOT / "src" / "sudokit"
    for name in ("py.typed", "_ckernels.pyi"):
        assert name in data
        assert (package / name).is_file()


def test_ci_builds_and_runs_the_wheel_before_the_tests():
    """.ci/run: the wheel is built, repaired by auditwheel, installed with no compiler and only
    binaries, and `sudokit solve` runs from it, before the README's test command."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    start = script.index("# --- the wheel")
    end = script.index("# --- the README's test command")
    step = script[start:end]
    assert start < end
    for needed in ("pip wheel", "auditwheel repair", "python -m venv", "CC=false",
                   "--only-binary=:all:", "--no-index", 'PATH="$nocc_path"',
                   'sudokit solve "$repo/examples/puzzles.txt"', 'sudokit.backend() != "c"',
                   'meta["License-Expression"] != "MIT"', '"py.typed", "_ckernels.pyi"'):
        assert needed in step, needed
    assert "|| true" not in step  # a failure of the step fails the run
