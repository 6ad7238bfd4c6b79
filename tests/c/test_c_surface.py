"""The C extension's surface equals src/sudokit/_ckernels.pyi.

The .pyi is read as text (ast), independently of the extension; the extension is asked by
inspect (every function carries a text signature: "name(a, b, /)\\n--\\n\\n...").  The set of
public names, each function's parameters (names, kinds, defaults) and docstring must agree.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
from pathlib import Path

import pytest

from _paths import ROOT
from conftest import C_ONLY, missing

PYI = ROOT / "src" / "sudokit" / "_ckernels.pyi"


def _extension():
    """sudokit._ckernels, or a skip in the pure-Python run (a failure under CI=true in the C run)."""
    if os.environ.get("SUDOKIT_PUREPYTHON", "") not in ("", "0"):
        pytest.skip(C_ONLY + "the pure-Python run does not load the extension")
    try:
        return importlib.import_module("sudokit._ckernels")
    except ImportError as exc:
        missing(f"sudokit._ckernels is not built ({exc}): python3 -m pip install -e .")


def _stub():
    """(constants, functions) of the .pyi: names, and per function (params, docstring)."""
    tree = ast.parse(PYI.read_text(encoding="utf-8"))
    constants, functions = set(), {}
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            constants.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            a = node.args
            positional = a.posonlyargs + a.args
            defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
            params = []
            for i, arg in enumerate(positional):
                kind = "positional-only" if i < len(a.posonlyargs) else "positional-or-keyword"
                default = ast.literal_eval(defaults[i]) if defaults[i] is not None else inspect.Parameter.empty
                params.append((arg.arg, kind, default))
            functions[node.name] = (params, ast.get_docstring(node))
    return constants, functions


def _runtime_params(func):
    kinds = {inspect.Parameter.POSITIONAL_ONLY: "positional-only",
             inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional-or-keyword"}
    return [(p.name, kinds.get(p.kind, str(p.kind)), p.default)
            for p in inspect.signature(func).parameters.values()]


def test_public_names_equal_the_stub():
    ext = _extension()
    constants, functions = _stub()
    public = {name for name in dir(ext) if not name.startswith("_")}
    assert public == constants | functions.keys()
    assert {name for name in public if callable(getattr(ext, name))} == functions.keys()
    assert all(isinstance(getattr(ext, name), int) for name in constants)


def test_every_signature_and_docstring_equals_the_stub():
    ext = _extension()
    _, functions = _stub()
    assert len(functions) == 56  # every kernel and finder the C side exports today
    for name, (params, doc) in sorted(functions.items()):
        func = getattr(ext, name)
        assert _runtime_params(func) == params, name
        assert " ".join(func.__doc__.split()) == " ".join(doc.split()), name


def test_a_wrong_call_is_refused_as_the_stub_says():
    """The signatures are the real ones: a positional-only parameter refuses its keyword."""
    ext = _extension()
    with pytest.raises(TypeError):
        ext.canon_lines(data=b"", n=0)
    assert ext.canon_lines(b"", 0) == b""
    with pytest.raises(TypeError):
        ext.logic_where()
