"""How the source tree is laid out, in numbers: run it before and after a change of layout.

    python3 benchmarks/tree_report.py [--json] [--src DIR]

It prints:
    root modules         the .py modules directly in src/sudokit (count and names)
    lines per package    Python lines per package (the root counts as 'sudokit')
    C files on the Python API
                         C files outside _c/bind/ that use the Python API (PyObject, PyArg_,
                         Py_ ...): the kernels should take plain buffers
    include cycles       cycles in the #include graph of _c/ (a depth-first search)
    bit helpers          the x & -x idiom (lowest set bit) across src/, functions named like
                         cells_of / bits_of / values_of / *_cells / *_bits, and the COPIES:
                         Python functions outside logic/core/bits.py (the one home) whose
                         loop takes a set apart bit by bit (x & -x with bit_length)
    candidate boards     the board types (BOARDS below: State, the public value; Board, the
                         mutable board with undo; Branch, a propagation branch) and their
                         subclasses; then the other classes that assign self.cands /
                         self.candidates in __init__, for a person to look at

Standard library only; reads files, imports nothing of sudokit.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(HERE), "src", "sudokit")

# classes known to hold per-cell candidate masks (module path, class name)
BOARDS = (("logic/core/board.py", "Board"), ("logic/state.py", "State"),
          ("logic/core/propagate.py", "Branch"))
BITS_HOME = os.path.join("logic", "core", "bits.py")
_CAND_ATTRS = ("cands", "candidates")
_PY_API = re.compile(r"\b(PyObject|PyArg_\w+|Py_\w+)\b")
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
_LOWEST_BIT = re.compile(r"\b(\w+)\s*&\s*-\s*\(?\s*\1\b")  # x & -x, x & -(x ...
_BIT_NAME = re.compile(r"^(cells_of|bits_of|values_of|\w*_cells|\w*_bits)$")
_C_FUNC = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;{]*\)\s*\{", re.M)


def _files(root: str, ext: tuple) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__pycache__")))
        out.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(ext))
    return out


def _read(path: str) -> str:
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def root_modules(src: str) -> list[str]:
    """The .py modules directly in src (packages do not count)."""
    return sorted(f for f in os.listdir(src) if f.endswith(".py")
                  and os.path.isfile(os.path.join(src, f)))


def lines_per_package(src: str) -> dict[str, int]:
    """Python lines per package: the top-level folder of each file ('sudokit' for the root;
    logic's subpackages on their own, e.g. 'logic/se')."""
    out: dict[str, int] = {}
    for path in _files(src, (".py",)):
        rel = os.path.relpath(path, src)
        parts = rel.split(os.sep)
        package = "sudokit" if len(parts) == 1 else parts[0]
        if parts[0] == "logic" and len(parts) > 2:
            package = "/".join(parts[:2])
        out[package] = out.get(package, 0) + _read(path).count("\n")
    return dict(sorted(out.items()))


def c_on_python_api(src: str) -> list[str]:
    """C files outside _c/bind/ that use the Python API."""
    c_dir = os.path.join(src, "_c")
    out = []
    for path in _files(c_dir, (".c", ".h")):
        rel = os.path.relpath(path, c_dir)
        if rel.startswith("bind" + os.sep):
            continue
        if _PY_API.search(_read(path)):
            out.append(rel)
    return out


def include_cycles(src: str) -> list[list[str]]:
    """Cycles of the #include "..." graph among the files of _c/ (each cycle once)."""
    c_dir = os.path.join(src, "_c")
    paths = _files(c_dir, (".c", ".h"))
    by_name = {os.path.relpath(p, c_dir): p for p in paths}
    base = {os.path.basename(k): k for k in by_name}
    graph: dict[str, list[str]] = {}
    for rel, path in by_name.items():
        targets = []
        for inc in _INCLUDE.findall(_read(path)):
            here = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            target = here if here in by_name else base.get(os.path.basename(inc))
            if target is not None:
                targets.append(target)
        graph[rel] = targets
    cycles, seen = [], set()
    state: dict[str, int] = {}  # 1: on the path, 2: done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):]
                key = frozenset(cycle)
                if key not in seen:
                    seen.add(key)
                    cycles.append(cycle + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return cycles


def bit_helpers(src: str) -> dict:
    """Occurrences of the x & -x idiom, and functions named like bit helpers, across src."""
    idiom: dict[str, int] = {}
    named: list[str] = []
    copies: list[str] = []
    for path in _files(src, (".py", ".c", ".h")):
        rel = os.path.relpath(path, src)
        text = _read(path)
        n = len(_LOWEST_BIT.findall(text))
        if n:
            idiom[rel] = n
        if path.endswith(".py"):
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue
            functions = [node for node in ast.walk(tree)
                         if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
            named += [f"{rel}:{node.name}" for node in functions if _BIT_NAME.match(node.name)]
            if rel != BITS_HOME:
                copies += [f"{rel}:{node.name}" for node in functions if _takes_bits_apart(node)]
        else:
            named += [f"{rel}:{name}" for name in _C_FUNC.findall(text)
                      if _BIT_NAME.match(name)]
    return {"lowest_bit_idiom": sum(idiom.values()), "idiom_files": idiom,
            "named_functions": sorted(named), "copies": sorted(copies)}


def _takes_bits_apart(fn) -> bool:
    """A short function (at most 15 lines) whose while loop pops the lowest set bit (x & -x)
    and turns it into an index (bit_length): a copy of cells_of / values_of.  Longer
    functions that walk a set inline use the idiom; they are counted with it."""
    if fn.end_lineno - fn.lineno + 1 > 15:
        return False
    for node in ast.walk(fn):
        if isinstance(node, ast.While):
            text = ast.unparse(node)
            if _LOWEST_BIT.search(text) and "bit_length" in text:
                return True
    return False


def candidate_boards(src: str) -> dict:
    """The board types: the classes of BOARDS and their subclasses (one type per purpose);
    and, for a person to look at, the other classes that assign self.cands /
    self.candidates in __init__ (a snapshot or an ALS's union is not a board)."""
    known = {name for _, name in BOARDS}
    boards, others = set(), set()
    for rel, name in BOARDS:
        path = os.path.join(src, rel)
        if os.path.exists(path) and re.search(rf"^\s*class {name}\b", _read(path), re.M):
            boards.add(f"{rel}:{name}")
    for path in _files(src, (".py",)):
        rel = os.path.relpath(path, src)
        try:
            tree = ast.parse(_read(path))
        except SyntaxError:
            continue
        for cls in ast.walk(tree):
            if not isinstance(cls, ast.ClassDef):
                continue
            bases = {b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "")
                     for b in cls.bases}
            if bases & known:
                boards.add(f"{rel}:{cls.name}")
                continue
            if _assigns_candidates(cls) and f"{rel}:{cls.name}" not in boards:
                others.add(f"{rel}:{cls.name}")
    return {"boards": sorted(boards), "other_classes_with_cands": sorted(others)}


def _assigns_candidates(cls) -> bool:
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
            for node in ast.walk(fn):
                targets = node.targets if isinstance(node, ast.Assign) else \
                    [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
                for t in targets:
                    for el in (t.elts if isinstance(t, ast.Tuple) else [t]):
                        if isinstance(el, ast.Attribute) and el.attr in _CAND_ATTRS \
                                and isinstance(el.value, ast.Name) and el.value.id == "self":
                            return True
    return False


def report(src: str) -> dict:
    roots = root_modules(src)
    bits = bit_helpers(src)
    c_api = c_on_python_api(src)
    return {"src": src, "root_modules": {"count": len(roots), "names": roots},
            "lines_per_package": lines_per_package(src),
            "c_files_on_python_api": {"count": len(c_api), "files": c_api},
            "include_cycles": include_cycles(src), "bit_helpers": bits,
            "candidate_boards": candidate_boards(src)}


def _table(r: dict) -> str:
    out = []
    roots = r["root_modules"]
    out.append(f"root modules            {roots['count']}: {', '.join(roots['names'])}")
    out.append("python lines per package")
    for package, n in r["lines_per_package"].items():
        out.append(f"  {package:<22}{n:>7}")
    out.append(f"  {'total':<22}{sum(r['lines_per_package'].values()):>7}")
    api = r["c_files_on_python_api"]
    out.append(f"C files on the Python API outside _c/bind/  {api['count']}"
               + (f": {', '.join(api['files'])}" if api["files"] else ""))
    cycles = r["include_cycles"]
    out.append(f"include cycles in _c/   {len(cycles)}")
    out.extend("  " + " -> ".join(c) for c in cycles)
    bits = r["bit_helpers"]
    out.append(f"x & -x idiom            {bits['lowest_bit_idiom']} in "
               f"{len(bits['idiom_files'])} files")
    out.append(f"bit helper functions    {len(bits['named_functions'])} named like one")
    out.append(f"bit helper copies       {len(bits['copies'])} (outside {BITS_HOME})")
    out.extend("  " + name for name in bits["copies"])
    boards = r["candidate_boards"]
    out.append(f"candidate boards        {len(boards['boards'])} (BOARDS and their subclasses)")
    out.extend("  " + name for name in boards["boards"])
    out.append(f"other classes with cands {len(boards['other_classes_with_cands'])} (look: "
               "snapshots, sets)")
    out.extend("  " + name for name in boards["other_classes_with_cands"])
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    p.add_argument("--src", default=SRC, help="the package folder (default: src/sudokit)")
    args = p.parse_args(argv)
    r = report(args.src)
    sys.stdout.write(json.dumps(r, indent=1) + "\n" if args.json else _table(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
