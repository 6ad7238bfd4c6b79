"""The package's import graph: no circle but grid <-> formats, and quick start-up imports.

Every ``import``/``from ... import`` of a sudokit module counts, at module level or inside a
function (a lazy import still ties the two modules together).  Run it on its own with
``python3 -m pytest tests/test_imports.py`` or see the graph with ``python3 tests/test_imports.py``.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit

PACKAGE = Path(sudokit.__file__).resolve().parent
ALLOWED = {frozenset({"sudokit.grid", "sudokit.formats"})}


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(current: str, is_package: bool, level: int, module: str | None) -> str:
    base = current.split(".") if is_package else current.split(".")[:-1]
    if level > 1:
        base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def import_graph() -> dict[str, set[str]]:
    """{module: the sudokit modules it imports}, from the source files."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = (_resolve(name, is_package, node.level, node.module) if node.level
                        else node.module or "")
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                if t in modules and t != name:
                    graph[name].add(t)
    # a package's __init__ importing its own submodules is not a circle of the design
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _is_parent(a: str, b: str) -> bool:
    return b.startswith(a + ".") or a.startswith(b + ".")


def test_no_import_circles():
    graph = import_graph()
    # a package's __init__ and its own submodules: the package re-exports, not a circle
    for m, targets in graph.items():
        graph[m] = {t for t in targets if not _is_parent(m, t)}
    bad = [c for c in cycles(graph) if frozenset(c) not in ALLOWED]
    assert not bad, f"import circles: {bad}"


LINE_LIMIT = 800


def _over_limit(paths) -> dict[str, int]:
    """Return {path relative to the package: line count} of the files over LINE_LIMIT lines."""
    return {str(p.relative_to(PACKAGE)): n for p in paths
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LINE_LIMIT}


def test_modules_stay_small():
    big = _over_limit(PACKAGE.rglob("*.py"))
    assert not big, f"modules over {LINE_LIMIT} lines: {big}"


def test_c_sources_stay_small():
    """Issue #14: the C extension's files (src/sudokit/_c/**/*.c and *.h) keep the same limit."""
    sources = sorted((PACKAGE / "_c").rglob("*.[ch]"))
    if not sources:
        pytest.skip("no C sources beside this sudokit (installed without them)")
    assert {p.suffix for p in sources} == {".c", ".h"}
    big = _over_limit(sources)
    assert not big, f"C files over {LINE_LIMIT} lines: {big}"


def _imported_by(code: str) -> set[str]:
    """The modules loaded once code has run in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\n"
                          "print(' '.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


PUZZLE = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
HEAVY = {"sudokit.symmetry", "sudokit.generate", "sudokit.judge", "multiprocessing",
         "concurrent.futures", "sudokit.records.tables", "sudokit.records.batch", "sudokit.records.distributed"}
# what a one-puzzle run imported before issue #14, at 1-10 ms each: dataclasses (and the
# inspect/ast/dis/tokenize it pulls in), json, csv, queue, textwrap (help paragraphs filled
# when help is shown), the table machinery and the other commands' modules
ONE_PUZZLE_NEVER = HEAVY | {
    "dataclasses", "inspect", "ast", "dis", "tokenize", "json", "csv", "queue", "textwrap",
    "sudokit.records._tablerows", "sudokit.cli.dataset", "sudokit.cli._dataset_args",
    "sudokit.cli.judge", "sudokit.cli.generate", "sudokit.cli.canon"}


def _cli_run(argv: list[str], stdin: str = PUZZLE + "\n") -> tuple[set[str], str]:
    """(the modules loaded, stdout) of sudokit.cli.main(argv) in a fresh interpreter."""
    code = ("import io, sys, contextlib\nfrom sudokit.cli import main\n"
            f"sys.stdin = io.TextIOWrapper(io.BytesIO({stdin.encode()!r}))\n"
            "said = io.StringIO()\n"
            "with contextlib.redirect_stdout(said):\n"
            "    try:\n"
            f"        main({argv!r})\n"
            "    except SystemExit:\n"
            "        pass\n"
            "print(said.getvalue().replace('\\n', '|'))\n"
            "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return set(out[-1].split()), out[-2]


def test_help_and_one_puzzle_import_little():
    """``sudokit --help`` and a one-puzzle solve import no dataset, symmetry, generate,
    judge or multiprocessing machinery."""
    for argv in (["--help"], ["solve", "-"]):
        loaded, _ = _cli_run(argv)
        assert not loaded & HEAVY, f"sudokit {' '.join(argv)} imported {sorted(loaded & HEAVY)}"


@pytest.mark.parametrize("argv", [["solve"], ["solve", "-"], ["check"], ["count"],
                                  ["solve", "--to", "block"], ["solve", "--jobs", "1"]])
def test_one_puzzle_imports_only_what_it_uses(argv):
    """One puzzle on stdin (the one-puzzle path of issue #14: under 40 ms over a bare python
    start) answers right and imports none of ONE_PUZZLE_NEVER: the gains are kept by what is
    imported, not by a timing."""
    loaded, out = _cli_run(argv)
    assert "sudokit.records._commands" in loaded and "sudokit.solver" in loaded  # it did run
    assert out.split("\t")[0] and out.split("|")[0] != ""
    if argv[0] == "solve":
        assert "417369825632158947958724316825437169791586432346912758289643571573291684164875293" \
            in out.replace("|", "")
    bad = loaded & ONE_PUZZLE_NEVER
    assert not bad, f"sudokit {' '.join(argv)} of one puzzle imported {sorted(bad)}"


def test_help_imports_no_dataclasses_nor_json():
    loaded, out = _cli_run(["--help"])
    assert "solve" in out and "verify" in out  # every command is listed
    bad = loaded & {"dataclasses", "inspect", "json", "csv", "queue", "sudokit.records._commands",
                    "sudokit.formats", "sudokit.solver"}
    assert not bad, f"sudokit --help imported {sorted(bad)}"


def test_library_values_import_no_dataclasses():
    """The value classes of the core (Grid status, SearchResult, Record, Options, Block) are
    plain frozen classes: importing the core and solving imports no dataclasses."""
    loaded = _imported_by("import sudokit, sudokit.records._commands, sudokit.records.pipeline\n"
                          f"sudokit.solve({PUZZLE!r}); sudokit.Grid({PUZZLE!r}).status()")
    bad = loaded & {"dataclasses", "inspect", "json", "csv"}
    assert not bad, f"the core imported {sorted(bad)}"


# the documented dotted names of the modules that moved into packages
OLD_PATHS = {
    "sudokit.batch": "sudokit.records.batch", "sudokit.tables": "sudokit.records.tables",
    "sudokit.distributed": "sudokit.records.distributed",
    "sudokit.pipeline": "sudokit.records.pipeline",
    "sudokit.exact_cover": "sudokit.engine.exact_cover",
    "sudokit.sudoku_cover": "sudokit.engine.sudoku_cover",
}


def test_old_module_paths_import_the_moved_modules():
    """Each old dotted name imports the moved module object itself (one module, one state),
    in a fresh process, whichever of the two names comes first; and the documented names
    of sudokit.records are the record commands' own objects."""
    code = ("import importlib, sys\n"
            f"pairs = {sorted(OLD_PATHS.items())!r}\n"
            "for k, (old, new) in enumerate(pairs):\n"
            "    a, b = (old, new) if k % 2 else (new, old)\n"
            "    first = importlib.import_module(a)\n"
            "    assert importlib.import_module(b) is first, (old, new)\n"
            "    assert sys.modules[old] is sys.modules[new] and first.__name__ == new\n"
            "    assert first.__spec__.name == new, first.__spec__\n"
            "from sudokit import batch, distributed, tables, exact_cover\n"
            "import sudokit.records.batch as b, sudokit.records._commands as c\n"
            "assert batch is b and batch.solve_many is b.solve_many\n"
            "from sudokit.records import Options, answer_lines, notation, LinesAnswer\n"
            "assert (Options, answer_lines, notation, LinesAnswer) == "
            "(c.Options, c.answer_lines, c.notation, c.LinesAnswer)\n"
            "from sudokit.distributed import run_file, map_bag\n"
            "from sudokit.shape import Shape\n"
            "import sudokit\n"
            "assert Shape is sudokit.Shape\n"
            "print('ok')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and proc.stdout == "ok\n", proc.stderr


def test_at_most_twelve_modules_at_the_root():
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "src", "sudokit")
    modules = sorted(f for f in os.listdir(root) if f.endswith(".py"))
    assert len(modules) <= 12, modules


if __name__ == "__main__":  # pragma: no cover
    g = import_graph()
    for m in sorted(g):
        print(m, "->", ", ".join(sorted(g[m])))
    print("circles:", cycles({m: {t for t in ts if not _is_parent(m, t)} for m, ts in g.items()}))


def test_subpackages_load_on_first_use():
    """``import sudokit`` then ``sudokit.logic.steps(...)``: a public subpackage is imported
    when first named (not before: the import stays small), and an unknown name is still an
    AttributeError."""
    code = ("import sys, sudokit\n"
            "names = ('logic', 'render', 'formats', 'geometry', 'records', 'serve')\n"
            "assert not [n for n in names if 'sudokit.' + n in sys.modules], sys.modules\n"
            "line = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.'\n"
            "assert sudokit.logic.steps(line).status == 'solved'\n"
            "assert sudokit.formats.parse(line) == sudokit.Grid(line)\n"
            "import sudokit.render as r\n"
            "assert sudokit.render is r and sudokit.records.batch.solve_many\n"
            "try:\n"
            "    sudokit.nothing\n"
            "except AttributeError as e:\n"
            "    assert 'nothing' in str(e)\n"
            "else:\n"
            "    raise AssertionError('sudokit.nothing')\n"
            "print('ok')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0 and proc.stdout == "ok\n", proc.stderr
