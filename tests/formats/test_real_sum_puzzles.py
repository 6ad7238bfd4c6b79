"""Real published arrow, little-killer and sandwich puzzles (#28), with their published
solutions: tests/data/sums/real_*.jsonl (sources in tests/data/sums/README.md).

Each line is an f-puzzles object as its source gives it, with the source's own solution in
"solution".  For every puzzle: the published solution passes a checker written here from
the f-puzzles rules' plain meaning, reading the JSON itself (not sudokit's geometry); sudokit
reads the line as f-puzzles without options, the default engine solves it to the published
solution, another engine (learn; propagate for the longest sums) counts it unique, and the
solution also passes the checker over the constraints sudokit read.  (One puzzle, sandwich
clues without givens, has two solutions by the rules' own symmetry: ``TWINS``.)  ``python3 -m sudokit solve FILE`` runs on the files in a
real process.  The slowest puzzles run only with the slow tests.  Runs on whichever kernels
are active (the suite runs under both).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from _paths import TESTS
from sums_oracle import SUM_KINDS, holds
from sudokit.formats import detect_format, parse, read_records

SUMS = TESTS / "data" / "sums"
FILES = sorted(SUMS.glob("real_*.jsonl"))
SUM_KEYS = ("arrow", "littlekillersum", "sandwichsum")

# Puzzles that take more than a few seconds to solve or count on either backend: the slow
# tests only.
SLOW = {
    "Four Corner Shots", "What's the difference?",
    "Bowser's Castle by Emmettcito (problem019.yaml)",          # (on the Python kernels)
    "The Barbed Cross", "I Bet Someone Did This Already", "Hailstone - little killer",
    "Sandwich snipe 18",
}
# learn counts most puzzles; a sum of 30 cells or more (ISS's "long sums") is beyond its
# clauses in minutes, and propagate (bounds over groups of distinct cells) counts them.
COUNT_WITH = {"Long sums 1": "propagate", "Long sums 2": "propagate",
              "Long sums 3": "propagate"}
# Sandwich clues and no givens: swapping 1 and N throughout keeps every sandwich (the values
# between the 1 and the N stay the same), so such a puzzle has its published solution and
# that solution with 1 and N swapped ("snipes" are published up to that swap).
TWINS = {"Sandwich snipe 18"}


def _twin(values: list[int], n: int) -> list[int]:
    """values with 1 and n swapped."""
    return [n if v == 1 else 1 if v == n else v for v in values]


def _records() -> list[tuple[str, int, str]]:
    out = []
    for path in FILES:
        for k, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip():
                out.append((path.name, k, line))
    return out


RECORDS = _records()


def _title(line: str) -> str:
    return json.loads(line)["title"]


def _id(rec) -> str:
    return f"{rec[0][5:-6]}:{rec[1]}"


FAST = [pytest.param(r, id=_id(r)) for r in RECORDS if _title(r[2]) not in SLOW]
SLOWS = [pytest.param(r, id=_id(r), marks=pytest.mark.slow) for r in RECORDS
         if _title(r[2]) in SLOW]


# --- a checker written from the f-puzzles rules' plain meaning -----------------------------

METADATA = {"size", "grid", "title", "author", "ruleset", "solution", "activeConstraints",
            "disabledlogic", "truecandidatesoptions", "negative"}


def _rc(pos: str) -> tuple[int, int]:
    r, c = pos.upper().lstrip("R").split("C")
    return int(r) - 1, int(c) - 1


def check_fpuzzles(obj: dict, solution: list[int]) -> None:
    """Assert that solution (N*N values, row after row) keeps every rule of the f-puzzles
    object obj, as a person reads them; a rule not known here fails the check."""
    n = obj["size"]
    at = {(r, c): solution[r * n + c] for r in range(n) for c in range(n)}
    assert sorted(set(solution)) == list(range(1, n + 1))

    def val(pos):
        return at[_rc(pos)]

    def distinct(cells):
        vals = [at[c] for c in cells]
        assert len(set(vals)) == len(vals), cells

    # givens, rows, columns, regions (f-puzzles' default boxes: as tall as the largest
    # divisor of N up to its square root; a cell's "region" moves it)
    height = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    width = n // height
    regions: dict = {}
    for r, row in enumerate(obj["grid"]):
        for c, cell in enumerate(row):
            if cell.get("given"):
                assert at[r, c] == cell["value"], (r, c)
            label = cell.get("region", (r // height) * (n // width) + c // width)
            regions.setdefault(label, []).append((r, c))
    units = list(regions.values())
    units += [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    for unit in units:
        assert sorted(at[c] for c in unit) == list(range(1, n + 1)), unit

    unknown = [k for k, v in obj.items() if v and k not in METADATA and k not in CHECKS]
    assert not unknown, f"no plain checker for {unknown}"
    for key, check in CHECKS.items():
        if obj.get(key):
            check(obj[key], n, at, val, distinct, obj)


def _killercage(entries, n, at, val, distinct, obj):
    for e in entries:
        cells = [_rc(p) for p in e["cells"]]
        distinct(cells)
        if str(e.get("value", "")).strip():
            assert sum(at[c] for c in cells) == int(e["value"]), e


def _arrow(entries, n, at, val, distinct, obj):
    for e in entries:
        circle = sorted(_rc(p) for p in e["cells"])  # a pill reads left to right, top down
        number = int("".join(str(at[c]) for c in circle))
        for line in e["lines"]:
            shaft = [_rc(p) for p in line if _rc(p) not in circle]
            assert sum(at[c] for c in shaft) == number, e


def _littlekiller(entries, n, at, val, distinct, obj):
    steps = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
    for e in entries:
        if not str(e.get("value", "")).strip():
            continue  # an arrow drawn without a total is no rule
        (r, c), (dr, dc) = _rc(e["cell"]), steps[e["direction"]]
        total = 0
        r, c = r + dr, c + dc
        while 0 <= r < n and 0 <= c < n:
            total += at[r, c]
            r, c = r + dr, c + dc
        assert total == int(e["value"]), e


def _sandwich(entries, n, at, val, distinct, obj):
    for e in entries:
        if not str(e.get("value", "")).strip():
            continue
        r, c = _rc(e["cell"])
        line = [at[r, k] for k in range(n)] if c in (-1, n) else [at[k, c] for k in range(n)]
        a, b = sorted((line.index(1), line.index(n)))
        assert sum(line[a + 1:b]) == int(e["value"]), e


def _thermometer(entries, n, at, val, distinct, obj):
    for e in entries:
        for line in e["lines"]:
            vals = [val(p) for p in line]
            assert all(x < y for x, y in zip(vals, vals[1:])), line


def _renban(entries, n, at, val, distinct, obj):
    for e in entries:
        for line in e["lines"]:
            vals = sorted(val(p) for p in line)
            assert vals == list(range(vals[0], vals[0] + len(vals))), line


def _whispers(entries, n, at, val, distinct, obj):
    for e in entries:
        for line in e["lines"]:
            vals = [val(p) for p in line]
            assert all(abs(x - y) >= (n + 1) // 2 for x, y in zip(vals, vals[1:])), line


def _palindrome(entries, n, at, val, distinct, obj):
    for e in entries:
        for line in e["lines"]:
            vals = [val(p) for p in line]
            assert vals == vals[::-1], line


def _parity(odd):
    def check(entries, n, at, val, distinct, obj):
        for e in entries:
            assert val(e["cell"]) % 2 == odd, e
    return check


def _neighbours(n):
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield (r, c), (r, c + 1)
            if r + 1 < n:
                yield (r, c), (r + 1, c)


def _pairs(key):
    """Kropki dots and X/V, with the negative rules of the object (a pair without a mark
    is not of that kind)."""
    def check(entries, n, at, val, distinct, obj):
        marked = set()
        for e in entries:
            a, b = sorted(_rc(p) for p in e["cells"])
            marked.add((a, b))
            x, y = at[a], at[b]
            if key == "difference":
                assert abs(x - y) == int(e.get("value") or 1), e
            elif key == "ratio":
                k = int(e.get("value") or 2)
                assert x == k * y or y == k * x, e
            else:
                assert x + y == {"X": 10, "V": 5}[e["value"]], e
        if key in (obj.get("negative") or []):
            for a, b in _neighbours(n):
                if (a, b) not in marked:
                    x, y = at[a], at[b]
                    bad = x + y in (5, 10) if key == "xv" else (x == 2 * y or y == 2 * x)
                    assert not bad, (a, b)
    return check


def _flag_rule(kind):
    def check(flag, n, at, val, distinct, obj):
        if kind == "diagonal+":
            distinct([(n - 1 - k, k) for k in range(n)])
        elif kind == "diagonal-":
            distinct([(k, k) for k in range(n)])
        elif kind in ("antiknight", "antiking"):
            moves = ([(1, 2), (2, 1), (1, -2), (2, -1)] if kind == "antiknight"
                     else [(1, 1), (1, -1)])
            for (r, c), v in at.items():
                for dr, dc in moves:
                    if (r + dr, c + dc) in at:
                        assert at[r + dr, c + dc] != v, ((r, c), (r + dr, c + dc))
        elif kind == "nonconsecutive":
            white = {tuple(sorted(_rc(p) for p in e["cells"]))
                     for e in obj.get("difference") or []}
            for a, b in _neighbours(n):
                if (a, b) not in white:
                    assert abs(at[a] - at[b]) != 1, (a, b)
        elif kind == "disjointgroups":
            h = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
            w = n // h
            for dr in range(h):
                for dc in range(w):
                    distinct([(br + dr, bc + dc) for br in range(0, n, h)
                              for bc in range(0, n, w)])
    return check


def _extraregion(entries, n, at, val, distinct, obj):
    for e in entries:
        distinct([_rc(p) for p in e["cells"]])


CHECKS = {
    "killercage": _killercage, "arrow": _arrow, "littlekillersum": _littlekiller,
    "sandwichsum": _sandwich, "thermometer": _thermometer, "renban": _renban,
    "whispers": _whispers, "palindrome": _palindrome, "odd": _parity(1), "even": _parity(0),
    "difference": _pairs("difference"), "ratio": _pairs("ratio"), "xv": _pairs("xv"),
    "extraregion": _extraregion,
    **{k: _flag_rule(k) for k in ("diagonal+", "diagonal-", "antiknight", "antiking",
                                  "nonconsecutive", "disjointgroups")},
}


def check_geometry(grid, values) -> None:
    """The same rules over the constraints sudokit read (its geometry's units and its
    (kind, cells, value) sums), again from their plain meaning."""
    n = grid.size
    values = list(values)
    for unit in grid.geometry.units:
        cells = list(unit)
        assert len({values[k] for k in cells}) == len(cells)
    for rule in grid.geometry.constraints:
        if rule[0] in SUM_KINDS:
            assert holds(rule, values, n), rule


# --- the tests -----------------------------------------------------------------------------


def _bench() -> list[tuple[str, str, str]]:
    """(title, solution, SudokuPad id) of real_sudokubench.txt."""
    out, title, solution = [], None, None
    for line in (SUMS / "real_sudokubench.txt").read_text().splitlines():
        if line.startswith("# solution "):
            solution = line[len("# solution "):]
        elif line.startswith("# "):
            title = line[2:].split(" by ")[0]
        elif line.strip():
            out.append((title, solution, line.strip()))
            title = solution = None
    return out


BENCH = _bench()


def test_the_files_hold_at_least_fifty_sum_puzzles():
    assert len(RECORDS) + len(BENCH) >= 50
    assert {_title(r[2]) for r in RECORDS} >= (SLOW - {b[0] for b in BENCH}) | TWINS \
        | set(COUNT_WITH)
    assert len(FAST) + len(SLOWS) == len(RECORDS)   # every one is solved, by one test
    assert len(BENCH) == 4 and all(t and s and len(s) in (16, 81) for t, s, _ in BENCH)
    for name, k, line in RECORDS:
        obj = json.loads(line)
        assert any(obj.get(key) for key in SUM_KEYS), (name, k)
        assert len(obj["solution"]) == obj["size"] ** 2


@pytest.mark.parametrize("rec", [pytest.param(r, id=_id(r)) for r in RECORDS])
def test_published_solution_keeps_the_rules_as_written(rec):
    obj = json.loads(rec[2])
    check_fpuzzles(obj, obj["solution"])


def _solve_and_count(rec):
    obj = json.loads(rec[2])
    assert detect_format(rec[2]) == "fpuzzles"
    grid = parse(rec[2])
    assert grid.geometry.constraints
    solution = sudokit.solve(grid)
    assert solution is not None
    title = obj["title"]
    published = [obj["solution"]]
    if title in TWINS:
        assert not any(cell.get("value") for row in obj["grid"] for cell in row)
        assert set(obj) - METADATA == {"sandwichsum"}
        published.append(_twin(obj["solution"], obj["size"]))
    assert list(solution.values) in published
    check_geometry(grid, solution.values)
    check_fpuzzles(obj, list(solution.values))
    engine = COUNT_WITH.get(title, "learn")
    assert sudokit.count_solutions(grid, limit=3, engine=engine) == len(published)


@pytest.mark.parametrize("rec", FAST)
def test_sudokit_solves_to_the_published_solution(rec):
    _solve_and_count(rec)


@pytest.mark.parametrize("rec", SLOWS)
def test_sudokit_solves_the_slow_ones_to_the_published_solution(rec):
    _solve_and_count(rec)


@pytest.mark.parametrize("bench", [
    pytest.param(b, id=b[0], marks=[pytest.mark.slow] if b[0] in SLOW else [])
    for b in BENCH])
def test_sudokit_solves_sudoku_bench_puzzles_to_their_solution(bench):
    """SudokuPad ids: the rules are the ones sudokit read (checked from their plain meaning);
    the one f-puzzles id (fpuz...) is also checked from its own JSON."""
    title, published, text = bench
    assert detect_format(text) == "sudokupad"
    grid = parse(text)
    assert {k for k, _, _ in grid.geometry.constraints} & {"arrow", "littlekiller"}
    solution = sudokit.solve(grid)
    assert solution is not None and "".join(map(str, solution.values)) == published
    check_geometry(grid, solution.values)
    if text.startswith("fpuz"):
        from sudokit.formats._lzstring import decompress_base64
        obj = json.loads(decompress_base64(text[4:]))
        check_fpuzzles(obj, list(solution.values))
        assert [int(v) for v in obj["solution"]] == list(solution.values)  # the setter's own
    assert sudokit.count_solutions(grid, limit=2, engine="learn") == 1


# --- the command line ----------------------------------------------------------------------


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sudokit.__file__).resolve().parents[1])
    return env


def _cli(path: Path, lines: list[str]) -> None:
    proc = subprocess.run([sys.executable, "-m", "sudokit", "solve", str(path)],
                          capture_output=True, text=True, env=_env(), timeout=1800)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    answers = [json.loads(a) for a in proc.stdout.splitlines() if a.strip()]
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers):
        # a .jsonl file is a table: each row comes back with sudokit's "solution" (over the
        # published one) and a "status"
        obj = json.loads(line)
        assert answer["status"] == "solved", answer["title"]
        published = [obj["solution"]] + ([_twin(obj["solution"], obj["size"])]
                                         if obj["title"] in TWINS else [])
        assert answer["solution"] in ["".join(map(str, p)) for p in published], answer["title"]
        assert answer["grid"] == obj["grid"]


def test_cli_solves_a_file_of_real_puzzles(tmp_path):
    """A file of the quick puzzles, a few from each source."""
    lines = []
    for path in FILES:
        lines += [rec[2] for rec in RECORDS if rec[0] == path.name
                  and _title(rec[2]) not in SLOW][:3]
    path = tmp_path / "real.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert all(r.error is None for r in read_records(path))
    _cli(path, lines)


def test_cli_solves_the_sudoku_bench_file():
    """The SudokuPad ids, read from the shipped file as a stream."""
    path = SUMS / "real_sudokubench.txt"
    proc = subprocess.run([sys.executable, "-m", "sudokit", "solve", str(path)],
                          capture_output=True, text=True, env=_env(), timeout=1800)
    assert proc.returncode == 0, proc.stderr
    answers = [a for a in proc.stdout.splitlines() if a.strip()]
    assert len(answers) == len(BENCH)
    for (title, published, text), answer in zip(BENCH, answers):
        values = [c["value"] for row in json.loads(answer)["grid"] for c in row]
        assert "".join(map(str, values)) == published, title


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_cli_solves_each_shipped_file(path):
    """The shipped file itself, every puzzle in it."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    _cli(path, lines)


# --- a reading gap real puzzles showed: SudokuPad keeps only a line's corners ------------


def test_sudokupad_straight_stretches_go_through_the_cells_between():
    """Real SudokuPad puzzles (Sudoku-Bench's challenge_100) draw a straight arrow or thermo
    with its two ends only: the cells between are on it, as SudokuPad draws it."""
    from _scl_drawing import draw
    from sudokit import Grid, ParseError, geometry
    from sudokit.formats import format_fpuzzles, parse_sudokupad
    from sudokit.formats._lzstring import compress_base64

    rules = ("arrow(r1c1:r1c2-r1c3-r1c4-r2c5-r3c5-r4c5)", "thermo(r9c1-r8c2-r7c3-r6c4)")
    puzzle = Grid("." * 81, geometry=geometry.boxes(3, 3).with_rules(*rules))
    obj = json.loads(format_fpuzzles(puzzle))
    scl = draw(obj)
    arrow = scl["arrows"][0]["wayPoints"]  # the circle's edge, r1c2 ... r4c5
    scl["arrows"][0]["wayPoints"] = [arrow[0], [0.5, 3.5], [0.5, 3.5], [1.5, 4.5],
                                     [3.5, 4.5]]  # corners only (a repeated point too)
    thermo = scl["lines"][0]["wayPoints"]
    scl["lines"][0]["wayPoints"] = [thermo[0], thermo[-1]]
    assert parse_sudokupad("scl" + compress_base64(json.dumps(scl))) == puzzle
    scl["lines"][0]["wayPoints"] = [[8.5, 0.5], [6.5, 1.5]]  # no straight line of cells
    with pytest.raises(ParseError, match="it jumps from r9c1 to r7c2"):
        parse_sudokupad("scl" + compress_base64(json.dumps(scl)))
