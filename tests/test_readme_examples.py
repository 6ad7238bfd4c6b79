"""Every shell example of README.md runs as written, from the repository root.

The commands are read from README.md itself: each line of a ```sh (bash, shell, console)
block, split at ``&&``, and each inline `sudokit ...` code span of the prose.  Each one is
either run here, in a real shell and a real process, and its output checked against an
answer found without sudokit (a solution is checked cell by cell against its puzzle and
its units; a count against a small counter of this file), or excluded in EXCLUDED with the
reason.  Inline spans holding a placeholder (FILE, MAP, ...) are syntax, not commands.  A
new example without a check, or a check whose command left the README, fails the test.

Each command runs in a temporary copy of examples/ (what it writes lands there, never in
the repository), ``../shared/data`` reached through a link beside the copy, with a
``sudokit`` on PATH that runs ``python -m sudokit`` of the tree under test (what
``pip install -e .`` puts there).  docs/*.md's shell blocks are read the same way.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import sudokit
from conftest import PURE_SLOW, missing
from _paths import ROOT, SHARED

SRC = Path(sudokit.__file__).resolve().parents[1]   # the tree under test (its src/)
README = ROOT / "README.md"
SHELL_LANGS = ("sh", "bash", "shell", "console")
PLACEHOLDERS = re.compile(r"\bFILE\b|\bMAP\b|\.\.\.")


# --- reading the commands -------------------------------------------------------------------


def shell_commands(text: str) -> list[str]:
    """The commands of text's shell examples, in order (see the module doc).  A command's
    trailing ``# comment`` is dropped; a ``$ `` prompt too."""
    found = []
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
        if lang not in SHELL_LANGS:
            continue
        for line in body.replace("\\\n", " ").splitlines():
            line = re.sub(r"(^|\s)#\s.*$", "", line).strip()
            line = line[2:] if line.startswith("$ ") else line
            found.extend(part.strip() for part in line.split(" && ") if part.strip())
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    for span in re.findall(r"`(sudokit [^`]+)`", prose):
        found.append(" ".join(span.split()))
    return found


def readme_commands() -> list[str]:
    if not README.is_file():
        missing("README.md not found beside the sources (installed package)")
    return shell_commands(README.read_text(encoding="utf-8"))


def docs_commands() -> list[str]:
    """The commands of docs/*.md's shell blocks (their inline spans name commands in prose)."""
    out = []
    for path in sorted((ROOT / "docs").glob("*.md")):
        text = re.sub(r"`(sudokit [^`]+)`", "", path.read_text(encoding="utf-8"))
        out.extend(shell_commands(text))
    return out


# --- answers found without sudokit ----------------------------------------------------------


def units_of(n: int = 9, box=(3, 3), rules=(), regions: str | None = None) -> list[list[int]]:
    """The units (cells whose values all differ) of an n x n grid: rows, columns, boxes
    (or regions: n*n region names), and the rules' units (x: both diagonals; windoku: the
    four windows of a 9x9)."""
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    if regions is not None:
        names = sorted(set(regions))
        boxes = [[k for k, ch in enumerate(regions) if ch == name] for name in names]
    else:
        br, bc = box
        boxes = [[(top + r) * n + left + c for r in range(br) for c in range(bc)]
                 for top in range(0, n, br) for left in range(0, n, bc)]
    out = rows + cols + boxes
    if "x" in rules:
        out += [[k * n + k for k in range(n)], [k * n + n - 1 - k for k in range(n)]]
    if "windoku" in rules:
        out += [[(top + r) * n + left + c for r in range(3) for c in range(3)]
                for top in (1, 5) for left in (1, 5)]
    return out


def knight_pairs(n: int = 9) -> list[tuple[int, int]]:
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((1, 2), (2, 1), (1, -2), (2, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    out.append((r * n + c, (r + dr) * n + c + dc))
    return out


def is_solution(solution: str, puzzle: str, units, pairs=()) -> bool:
    """True when solution fills puzzle (same length, its givens kept, no blank) and every
    unit holds distinct symbols, every pair two different ones."""
    blanks = ".0"
    if len(solution) != len(puzzle) or any(ch in blanks for ch in solution):
        return False
    if any(p not in blanks and p != s for p, s in zip(puzzle, solution)):
        return False
    if len(set(solution)) != len(units[0]):
        return False
    return (all(len({solution[k] for k in unit}) == len(unit) for unit in units)
            and all(solution[a] != solution[b] for a, b in pairs))


def count_solutions(puzzle: str, limit: int, units) -> int:
    """The number of solutions of a 9x9 (or smaller) puzzle, counting stops at limit: a
    plain backtracking count on the cell with the fewest values left."""
    n = len(units[0])
    peers = [set() for _ in range(n * n)]
    for unit in units:
        for a in unit:
            peers[a].update(b for b in unit if b != a)
    values = [0 if ch in ".0" else int(ch, 36) for ch in puzzle]
    full = (1 << (n + 1)) - 2
    found = 0

    def search() -> bool:
        nonlocal found
        best, best_mask, best_count = None, 0, n + 1
        for k in range(n * n):
            if values[k] == 0:
                mask = full
                for p in peers[k]:
                    mask &= ~(1 << values[p])
                count = bin(mask).count("1")
                if count < best_count:
                    best, best_mask, best_count = k, mask, count
                    if count <= 1:
                        break
        if best is None:
            found += 1
            return found >= limit
        while best_mask:
            low = best_mask & -best_mask
            best_mask ^= low
            values[best] = low.bit_length() - 1
            if search():
                values[best] = 0
                return True
        values[best] = 0
        return False

    search()
    return found


def lines_of(path: Path) -> list[str]:
    """The puzzle lines of a file (blank and '#' lines left out)."""
    return [t.strip() for t in path.read_text().splitlines()
            if t.strip() and not t.lstrip().startswith("#")]


def rot180(puzzle: str) -> bool:
    return all((a in ".0") == (b in ".0") for a, b in zip(puzzle, reversed(puzzle)))


# --- running a command ------------------------------------------------------------------------


@pytest.fixture
def workdir(tmp_path):
    """A repository root of examples/ only (a copy), with ../shared/data linked beside it and
    a ``sudokit`` on PATH that runs the tree under test; returns (root, env)."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "examples", root / "examples")
    if SHARED.is_dir():
        (tmp_path / "shared").mkdir()
        (tmp_path / "shared" / "data").symlink_to(SHARED)
    shim = tmp_path / "bin" / "sudokit"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sudokit "$@"\n')
    shim.chmod(0o755)
    return root, env_of(root)


def env_of(root: Path) -> dict:
    """The environment of the commands run in root (workdir): its ``sudokit`` first on PATH."""
    return dict(os.environ, PATH=f"{root.parent / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
                PYTHONPATH=str(SRC))


def shell(command: str, root: Path, env: dict, timeout: float = 300):
    """Run command as the README shows it (bash, pipefail) in root; the CompletedProcess."""
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=root, env=env,
                          capture_output=True, text=True, timeout=timeout)


# --- the checks: one per command, (proc, root) -> None ---------------------------------------

EX = ROOT / "examples"
PUZZLES = lines_of(EX / "puzzles.txt")
CLASSIC = units_of()


def _solutions_of(out: str, puzzles: list[str], units=CLASSIC) -> None:
    got = out.split()
    assert len(got) == len(puzzles)
    for solution, puzzle in zip(got, puzzles):
        assert is_solution(solution, puzzle, units), (puzzle, solution)


def check_solve_puzzles(proc, root):
    _solutions_of(proc.stdout, PUZZLES)


def check_rows_jsonl(proc, root):
    rows = [json.loads(t) for t in proc.stdout.splitlines()]
    given = [json.loads(t) for t in (EX / "rows.jsonl").read_text().splitlines()]
    assert len(rows) == len(given) == 3 and all(r["status"] == "solved" for r in rows)
    assert is_solution(rows[0]["solution"], given[0]["puzzle"], units_of(rules=("x",)))
    assert is_solution(rows[1]["solution"], given[1]["puzzle"], units_of(rules=("windoku",)))
    fp = given[2]                        # an f-puzzles object: anti-knight, givens in its grid
    assert fp["antiknight"] is True
    puzzle = "".join(str(cell.get("value", ".")) for row in fp["grid"] for cell in row)
    assert is_solution(rows[2]["solution"], puzzle, CLASSIC, knight_pairs())


def check_x_csv(proc, root):
    table = list(csv.reader(io.StringIO(proc.stdout)))
    assert table[0] == ["id", "quiz", "verdict"] and len(table) == 5
    x = units_of(rules=("x",))
    for _, quiz, verdict in table[1:]:
        assert verdict == "unique" and count_solutions(quiz, 2, x) == 1


def check_links(proc, root):
    objects = [json.loads(t) for t in proc.stdout.splitlines()]
    assert len(objects) == 2
    for obj in objects:
        assert obj["diagonal+"] is True and obj["diagonal-"] is True
        cells = [cell for row in obj["grid"] for cell in row]
        solution = "".join(str(cell["value"]) for cell in cells)
        puzzle = "".join(str(cell["value"]) if cell.get("given") else "." for cell in cells)
        assert 17 <= sum(ch != "." for ch in puzzle) < 81
        assert is_solution(solution, puzzle, units_of(rules=("x",)))


def check_convert_regions(proc, root):
    rows = [json.loads(t) for t in proc.stdout.splitlines()]
    want = lines_of(EX / "jigsaws.txt")
    regions = "".join(lines_of(EX / "jigsaw-map.txt"))
    assert [r["puzzle"] for r in rows] == want
    for r in rows:  # the map's regions, numbered in order of first appearance
        got = [cell for line in r["geometry"]["regions"] for cell in line]
        order = list(dict.fromkeys(regions))
        assert got == [order.index(ch) for ch in regions]


def check_block_from_sdk(proc, root):
    puzzle = "".join(lines_of(EX / "puzzle.sdk"))
    rows = proc.stdout.split()
    assert len(rows) == 9 and all(len(r) == 9 for r in rows)
    assert is_solution("".join(rows), puzzle, CLASSIC)


def check_six(proc, root):
    _solutions_of(proc.stdout, lines_of(EX / "six.txt"), units_of(6, (2, 3)))


def check_verdict_counts(proc, root):
    # the puzzles come from published sets of puzzles with one solution each
    assert proc.stdout.split() == [str(len(PUZZLES)), "unique"]


def _counts_answer(path_lines, limit):
    """The count words of sudokit count: N, or N+ when the count reached limit."""
    out = []
    for line in path_lines:
        n = count_solutions(line, limit, CLASSIC)
        out.append(f"{limit}+" if n >= limit else str(n))
    return out


def check_count_limit(proc, root):
    lines = lines_of(EX / "counts.txt")
    rows = [t.split("\t") for t in proc.stdout.splitlines()]
    assert [r[0] for r in rows] == lines
    assert [r[1] for r in rows] == _counts_answer(lines, 10)
    assert "10+" in [r[1] for r in rows]  # (the example shows a count stopped by --limit)


def check_convert_16(proc, root):
    rows = [json.loads(t) for t in proc.stdout.splitlines()]
    assert [r["puzzle"] for r in rows] == lines_of(EX / "16x16.txt")
    assert all(r["size"] == 16 and r["box"] == "4x4" for r in rows)


def check_judge_poj3074(proc, root):
    assert proc.stdout == ""
    puzzles = [t for t in lines_of(root / "examples" / "poj3074.txt") if t != "end"]
    _solutions_of((root / "output.txt").read_text(), puzzles)


def check_generate_rot180(proc, root):
    lines = proc.stdout.split()
    assert len(lines) == len(set(lines)) == 100
    assert all(len(t) == 81 and rot180(t) for t in lines)


def _kaggle_rows():
    rows = list(csv.reader((EX / "pairs.csv").open()))
    assert rows[0] == ["quizzes", "solutions"]
    return rows[1:]


def check_verify(proc, root):
    pairs = _kaggle_rows()
    assert all(is_solution(s, p, CLASSIC) for p, s in pairs)  # so each must be 'ok'
    lines = proc.stdout.splitlines()
    assert lines == ["quizzes,solutions"] + [f"{p}\tok" for p, _ in pairs]


def relabel(puzzle: str, values: str) -> str:
    return puzzle.translate(str.maketrans("123456789", values))


def transpose(puzzle: str) -> str:
    return "".join(puzzle[c * 9 + r] for r in range(9) for c in range(9))


def check_canon(proc, root):
    forms = proc.stdout.split()
    assert len(forms) == len(PUZZLES)  # (the '#' line of puzzles.txt dropped)
    for form, puzzle in zip(forms, PUZZLES):
        assert len(form) == 81 and form.count(".") == puzzle.count(".")
        # the smallest relabelling names the values in the order they first appear
        firsts = list(dict.fromkeys(ch for ch in form if ch != "."))
        assert firsts == [str(v) for v in range(1, len(firsts) + 1)]
    # the same forms for the puzzles renamed and transposed
    images = "".join(transpose(relabel(p, "987654321")) + "\n" for p in PUZZLES)
    again = subprocess.run(["sudokit", "canon"], input=images, capture_output=True, text=True,
                           cwd=root, env=env_of(root), check=True)
    assert again.stdout.split() == forms


def check_dedupe(proc, root):
    assert proc.stdout == ""
    kept = lines_of(root / "distinct.txt")
    twins = lines_of(root / "examples" / "twins.txt")
    a, b = twins[:2]   # 17 and 18 givens: not equivalent; the others are copies of them
    assert (81 - a.count("."), 81 - b.count(".")) == (17, 18)
    assert twins[2:] == [relabel(a, "912345678"), transpose(b),
                         relabel(transpose(b), "987654321"), transpose(relabel(a, "234567891"))]
    assert kept == [a, b] and "kept 2 of 6 (4 duplicates)" in proc.stderr


def check_augment(proc, root):
    pairs = _kaggle_rows()
    lines = proc.stdout.splitlines()
    assert lines[0] == "quizzes,solutions" and len(lines) == 1 + 4 * len(pairs)
    for k, line in enumerate(lines[1:]):
        puzzle, solution, transform = line.split(",", 2)
        assert is_solution(solution, puzzle, CLASSIC)
        assert puzzle.count(".") == pairs[k // 4][0].count(".")
        assert isinstance(json.loads(transform), dict)


def check_stats(proc, root):
    rows = [t.split("\t") for t in proc.stdout.splitlines()]
    assert rows[0] == ["line", "clues", "count", "guesses", "verdict"]
    assert len(rows) == 1 + len(PUZZLES)
    for (line, clues, count, guesses, verdict), puzzle in zip(rows[1:], PUZZLES):
        assert int(clues) == 81 - puzzle.count(".") and (count, verdict) == ("1", "unique")
        assert int(guesses) >= 0
    assert [int(r[0]) for r in rows[1:]] == list(range(2, 2 + len(PUZZLES)))  # input lines


def check_solve_to_file(proc, root):
    assert proc.stdout == ""
    _solutions_of((root / "solutions.txt").read_text(), PUZZLES)


def check_check_unordered(proc, root):
    rows = [t.split("\t") for t in proc.stdout.splitlines()]
    assert sorted(r[0] for r in rows) == sorted(PUZZLES)
    assert {r[1] for r in rows} == {"unique"}


def check_solve_csv(proc, root):
    table = list(csv.reader((root / "solved.csv").open()))
    assert table[0] == ["quizzes", "solutions", "solution", "status"]
    assert len(table) == 1 + len(PUZZLES)
    for quizzes, solutions, solution, status in table[1:]:
        assert status == "solved" and is_solution(solution, quizzes, CLASSIC)
        assert solution == solutions   # (each has one solution: the file's own)


def check_count_jsonl(proc, root):
    rows = [json.loads(t) for t in proc.stdout.splitlines()]
    lines = lines_of(EX / "counts.txt")
    assert [r["quiz"] for r in rows] == lines and [r["id"] for r in rows] == [1, 2, 3, 4]
    want = _counts_answer(lines, 1000)   # (the default --limit)
    assert [str(r["count"]) for r in rows] == want
    for r in rows:  # an exact count is a JSON number; N+ stays a word
        assert isinstance(r["count"], int) != str(r["count"]).endswith("+")


def check_npy(proc, root):
    try:
        import numpy as np
    except ImportError:
        missing("numpy is not installed (pip install numpy)")
    puzzles = np.load(root / "examples" / "puzzles.npy")
    solved = np.load(root / "solutions.npy")
    assert solved.shape[0] == puzzles.shape[0] == len(PUZZLES)
    for row, puzzle in zip(solved.reshape(len(PUZZLES), 81), puzzles.reshape(-1, 81)):
        assert is_solution("".join(map(str, row)), "".join(map(str, puzzle)), CLASSIC)


def _parquet(path):
    try:
        import pyarrow.parquet as pq
    except ImportError:
        missing("pyarrow is not installed (pip install pyarrow)")
    return pq.read_table(path).to_pydict()


def check_parquet_verdicts(proc, root):
    table = _parquet(root / "out.parquet")
    assert table["quizzes"] == PUZZLES and table["id"] == list(range(1, 13))
    assert table["verdict"] == ["unique"] * len(PUZZLES)


def check_hdu4069(proc, root):
    cases = (root / "examples" / "hdu4069.txt").read_text().split("\n")
    numbers = [list(map(int, t.split())) for t in cases[1:] if t.strip()]
    regions = "".join(lines_of(EX / "jigsaw-map.txt"))
    units = units_of(regions=regions)
    out = proc.stdout.splitlines()
    assert out[0] == "Case 1:" and out[10] == "Case 2:" and len(out) == 20
    for k in range(2):
        puzzle = "".join(str(v & 15 or ".") for row in numbers[9 * k:9 * k + 9] for v in row)
        assert is_solution("".join(out[10 * k + 1:10 * k + 10]), puzzle, units)


def check_gecode_25(proc, root):
    puzzles = lines_of(root.parent / "shared" / "data" / "gecode_25x25.txt")
    _solutions_of(proc.stdout, puzzles, units_of(25, (5, 5)))


def check_killer(proc, root):
    obj = json.loads(proc.stdout)
    assert obj["puzzle"] == "." * 81          # the cages are the clues
    cages = obj["geometry"]["constraints"]
    assert {c[0] for c in cages} == {"killer"}
    cells = sorted(cell for c in cages for cell in c[1])
    assert cells == list(range(81))           # the cages cut the whole grid ...
    assert sum(c[2] for c in cages) == 9 * 45  # ... so their totals add up to 9 x 45


def check_rate_csv(proc, root):
    table = list(csv.DictReader((root / "rated.csv").open()))
    assert len(table) == len(PUZZLES)
    assert [r["quizzes"] for r in table] == PUZZLES
    for r in table:  # SE: ED (first step) <= EP (to the first value) <= ER (hardest step)
        assert r["status"] == "rated"
        assert 1.0 <= float(r["ed"]) <= float(r["ep"]) <= float(r["er"]) <= 12.0


def check_rate_parquet(proc, root):
    table = _parquet(root / "rated.parquet")
    assert table["quizzes"] == PUZZLES and table["status"] == ["rated"] * len(PUZZLES)
    assert all(isinstance(v, float) and 1.0 <= v <= 12.0 for v in table["er"])


def check_x_level(proc, root):
    lines = proc.stdout.split()
    assert len(lines) == 1 and len(lines[0]) == 81
    assert count_solutions(lines[0], 2, units_of(rules=("x",))) == 1


def check_judge_help(proc, root):
    for name in ("poj3074", "acwing166", "acwing1613", "poj2676", "poj3076", "uva1309",
                 "spoj-sudoku", "uva10957", "hdu1426", "poj2918", "uva989", "luogu-p1784",
                 "hdu4069"):   # the dialects README names
        assert name in proc.stdout, name


def check_generate_six(proc, root):
    lines = proc.stdout.split()
    assert len(lines) == len(set(lines)) == 100
    six = units_of(6, (2, 3))
    for t in lines:
        assert len(t) == 36 and rot180(t) and count_solutions(t, 2, six) == 1


def _distinct_legal_puzzles(proc, count):
    lines = proc.stdout.split()
    assert len(lines) == len(set(lines)) == count
    for t in lines:  # legal givens: no value twice in a unit
        assert len(t) == 81 and all(
            len([t[k] for k in u if t[k] != "."]) == len({t[k] for k in u if t[k] != "."})
            for u in CLASSIC)


def check_generate_rating(proc, root):
    _distinct_legal_puzzles(proc, 20)


def check_generate_xwing(proc, root):
    _distinct_legal_puzzles(proc, 100)


def check_render_booklet(proc, root):
    data = (root / "book.pdf").read_bytes()
    assert data.startswith(b"%PDF-")
    pdfinfo = shutil.which("pdfinfo")
    if pdfinfo:  # 12 puzzles, 4 a page, then their solutions 4 a page
        info = subprocess.run([pdfinfo, str(root / "book.pdf")], capture_output=True,
                              text=True, check=True).stdout
        assert re.search(r"^Pages:\s+6$", info, re.M), info


CHECKS = {
    "sudokit solve examples/puzzles.txt": check_solve_puzzles,
    "sudokit solve examples/rows.jsonl": check_rows_jsonl,
    "sudokit check --rules x --col quiz examples/x.csv": check_x_csv,
    "sudokit solve --format fpuzzles --to fpuzzles examples/links.txt": check_links,
    "sudokit convert --to json --regions examples/jigsaw-map.txt examples/jigsaws.txt":
        check_convert_regions,
    "sudokit solve --to block < examples/puzzle.sdk": check_block_from_sdk,
    "sudokit solve --box 2x3 examples/six.txt": check_six,
    "sudokit check examples/puzzles.txt | cut -f2 | sort | uniq -c": check_verdict_counts,
    "sudokit count --limit 10 examples/counts.txt": check_count_limit,
    "sudokit convert --to json examples/16x16.txt": check_convert_16,
    "sudokit judge poj3074 < examples/poj3074.txt > output.txt": check_judge_poj3074,
    "sudokit generate --count 100 --symmetry rot180 --minimal --seed 1": check_generate_rot180,
    "sudokit verify examples/pairs.csv": check_verify,
    "sudokit canon examples/puzzles.txt": check_canon,
    "sudokit dedupe examples/twins.txt > distinct.txt": check_dedupe,
    "sudokit augment --count 4 --seed 1 examples/pairs.csv": check_augment,
    "sudokit stats examples/puzzles.txt": check_stats,
    "sudokit solve examples/puzzles.txt -o solutions.txt": check_solve_to_file,
    "sudokit check examples/puzzles.txt --jobs 2 --unordered --progress": check_check_unordered,
    "sudokit solve examples/pairs.csv -o solved.csv": check_solve_csv,
    "sudokit count examples/data.jsonl --col quiz": check_count_jsonl,
    "sudokit solve examples/puzzles.npy -o solutions.npy": check_npy,
    "sudokit check examples/puzzles.parquet --col quizzes -o out.parquet": check_parquet_verdicts,
    "sudokit verify examples/pairs.csv --jobs 2": check_verify,
    "sudokit judge hdu4069 < examples/hdu4069.txt": check_hdu4069,
    "sudokit solve ../shared/data/gecode_25x25.txt": check_gecode_25,
    "sudokit generate --rules killer": check_killer,
    "sudokit rate examples/pairs.csv > rated.csv": check_rate_csv,
    "sudokit rate examples/puzzles.parquet -o rated.parquet": check_rate_parquet,
    "sudokit generate --rules x --level expert": check_x_level,
    "sudokit judge --help": check_judge_help,
    "sudokit generate --count 100 --box 2x3 --symmetry rot180 --minimal --seed 1 --jobs 2":
        check_generate_six,
    "sudokit generate --rating 8.0-9.0 --count 20 --seed 1": check_generate_rating,
    "sudokit generate --technique x-wing --count 100 --jobs 2": check_generate_xwing,
    "sudokit render examples/puzzles.txt -o book.pdf --per-page 4 --solutions":
        check_render_booklet,
}

# commands run only in the C run (the same command; minutes in pure Python)
PURE_SKIP = {
    "sudokit generate --rating 8.0-9.0 --count 20 --seed 1": "SE-rated generation, 85 s",
    "sudokit generate --technique x-wing --count 100 --jobs 2": "over 2 minutes",
}
SLOW = {"sudokit solve ../shared/data/gecode_25x25.txt"}   # seconds a puzzle, 18 puzzles
NEEDS_SHARED = {"sudokit solve ../shared/data/gecode_25x25.txt"}

RUN_APART = {"sudokit serve": "test_serve_example"}   # a server: started, asked, stopped

EXCLUDED = {
    "python3 -m pip install .": "installs the package; this test runs the tree under test "
                                "through the same `sudokit` command",
    "python3 -m pip install -e '.[test]'": "installs the package and the test tools",
    "python3 -m pytest -n auto -rs": "runs the whole suite, this test included",
    "SUDOKIT_PUREPYTHON=1 python3 -m pytest -n auto -rs": "runs the whole suite, this test "
                                                          "included",
    "sudokit serve --port 8000 --open": "a fixed port another program may hold, and it opens "
                                        "a browser: `sudokit serve` is run instead",
    "sudokit explain": "the command's name in a sentence, not a command line",
    "python3 -m pip install 'sudokit[dask]'": "installs packages (docs/distributed.md)",
}


def _is_template(command: str) -> bool:
    return command.startswith("sudokit ") and PLACEHOLDERS.search(command) is not None


def test_every_shell_example_is_run_or_excluded():
    """Every command of README.md (and docs/*.md's shell blocks) has a check or a stated
    reason; every check and exclusion names a command that is still there."""
    commands = readme_commands() + docs_commands()
    assert len(commands) >= 30
    unknown = [c for c in commands if c not in CHECKS and c not in RUN_APART
               and c not in EXCLUDED and not _is_template(c)]
    assert not unknown, f"shell examples without a check or a reason: {unknown}"
    gone = [c for c in [*CHECKS, *RUN_APART, *EXCLUDED] if c not in commands]
    assert not gone, f"checks of commands no longer in the README: {gone}"
    files = re.findall(r"(?:<\s*|\s)(examples/[\w./-]+)", " ".join(commands))
    assert files and all((ROOT / f).is_file() for f in files), files


def test_shell_commands_reads_blocks_spans_and_prompts():
    text = ("Run `sudokit solve FILE` or `sudokit check\na.txt`.\n\n```sh\n$ sudokit x  # why\n"
            "pip install . && sudokit y\n```\n\n```python\n>>> 1\n```\n")
    assert shell_commands(text) == ["sudokit x", "pip install .", "sudokit y",
                                    "sudokit solve FILE", "sudokit check a.txt"]


def _params():
    out = []
    for command in CHECKS:
        marks = [pytest.mark.slow] if command in SLOW else []
        out.append(pytest.param(command, marks=marks, id=command[8:48]))
    return out


@pytest.mark.parametrize("command", _params())
def test_readme_command(command, workdir):
    if command not in readme_commands():
        pytest.fail(f"{command!r} is no longer in README.md")
    if command in PURE_SKIP and sudokit.backend() == "python":
        pytest.skip(PURE_SLOW + f"{command}: {PURE_SKIP[command]}; the C run runs it")
    if command in NEEDS_SHARED and not SHARED.is_dir():
        missing(f"public data not found at {SHARED}")
    root, env = workdir
    before = sorted(p.name for p in (ROOT / "examples").iterdir())
    proc = shell(command, root, env)
    assert proc.returncode == 0, (command, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    CHECKS[command](proc, root)
    assert sorted(p.name for p in (ROOT / "examples").iterdir()) == before  # nothing written


def test_serve_example(workdir):
    """`sudokit serve`: it says where it serves, the page answers GET /, Ctrl-C stops it."""
    assert "sudokit serve" in readme_commands()
    root, env = workdir
    proc = subprocess.Popen(["bash", "-c", "exec sudokit serve"], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        import select
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "sudokit serve said nothing in 60 s"
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, (line, proc.poll())
        with urllib.request.urlopen(match.group(0), timeout=30) as page:
            body = page.read().decode("utf-8")
            assert page.status == 200 and "<html" in body.lower()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
