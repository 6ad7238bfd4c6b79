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
