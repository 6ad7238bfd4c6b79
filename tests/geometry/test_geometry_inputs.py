"""Geometry carried by every input of the record commands, nothing lost (issue #13).

Tables (CSV, TSV, JSON Lines, NPY, Parquet, Arrow) under --rules/--regions; JSON Lines rows
and JSON records with their own "geometry"; f-puzzles rows and streams (--format fpuzzles);
solve --to fpuzzles; geometries that do not fit the record or the alphabet.  End to end
through the command line.  The X puzzles are generated here and chosen so that their first
classic solution breaks the X rule: a test fails if the geometry is dropped anywhere.
"""

from __future__ import annotations

from _paths import TESTS
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from sudokit import formats, geometry
from sudokit.grid import Grid

VARIANTS = TESTS / "data" / "variants"
X = geometry.parse("3x3+x")
WINDOKU = geometry.parse("3x3+windoku")


def _env(backend: str | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "SUDOKIT_PUREPYTHON"}
    if backend == "python":
        env["SUDOKIT_PUREPYTHON"] = "1"
    elif backend is None and "SUDOKIT_PUREPYTHON" in os.environ:
        env["SUDOKIT_PUREPYTHON"] = os.environ["SUDOKIT_PUREPYTHON"]
    return env


@pytest.fixture(params=["c", "python"])
def backend(request) -> str:
    """Both kernels, whatever the suite runs on (C skipped where it is not built)."""
    if request.param == "c" and importlib.util.find_spec("sudokit._ckernels") is None:
        pytest.skip("C kernels only: the C extension is not built")
    return request.param


def _run(*argv, stdin: str | None = None, backend: str | None = None):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *map(str, argv)], input=stdin,
                          capture_output=True, text=True, env=_env(backend))
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _values(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch, 36) for ch in line)


@pytest.fixture(scope="module")
def x_puzzles() -> list[str]:
    """Four X puzzles (unique under X) whose first classic solution breaks the X rule."""
    out = []
    for seed in range(1, 60):
        puzzle = sudokit.generate(geometry="3x3+x", seed=seed, minimal=True)[0].puzzle
        classic = sudokit.solve(Grid(puzzle.values))
        if classic is not None and not X.is_solution(classic.values):
            out.append(puzzle.to_line())
        if len(out) == 4:
            return out
    raise AssertionError("no X puzzle with another classic solution")


@pytest.fixture(scope="module")
def classic_breaking_x() -> str:
    """A complete classic grid that breaks the X rule: unique as classic, illegal under X."""
    grid = sudokit.solve("." * 81)
    assert not X.is_solution(grid.values)
    return grid.to_line()


def _jigsaws(count: int, size: int = 81):
    """(region map, puzzle, solution) of the first jigsaw corpus records (no extra rules)."""
    out = []
    for line in (VARIANTS / "sgt_jigsaw.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, rules, regions, puzzle, solution = line.split(";")
        if rules == "-" and regions != "-" and len(puzzle) == size:
            out.append((regions, puzzle, solution))
        if len(out) == count:
            break
    assert len(out) == count
    return out


def _check_x(puzzle: str, solution: str) -> None:
    assert X.is_solution(_values(solution), _values(puzzle)), (puzzle, solution)


# --- 1. tables under --rules / --regions -------------------------------------------------


def _table(kind: str, puzzles: list[str]) -> str:
    if kind == "jsonl":
        return "".join(json.dumps({"id": k, "puzzle": p}) + "\n" for k, p in enumerate(puzzles))
    sep = "," if kind == "csv" else "\t"
    return "id" + sep + "puzzle\n" + "".join(f"{k}{sep}{p}\n" for k, p in enumerate(puzzles))


def _answers(kind: str, text: str) -> list[dict]:
    if kind == "jsonl":
        return [json.loads(line) for line in text.splitlines()]
    sep = "," if kind == "csv" else "\t"
    lines = text.splitlines()
    head = lines[0].split(sep)
    return [dict(zip(head, line.split(sep))) for line in lines[1:]]


@pytest.mark.parametrize("kind", ["csv", "tsv", "jsonl"])
def test_text_tables_take_rules(tmp_path, kind, backend, x_puzzles, classic_breaking_x):
    rows = x_puzzles + [classic_breaking_x, "." * 80, x_puzzles[0]]
    path = tmp_path / f"p.{kind}"
    path.write_text(_table(kind, rows))
    proc = _run("solve", "--rules", "x", path, backend=backend)
    got = _answers(kind, proc.stdout)
    assert [str(r["id"]) for r in got] == [str(k) for k in range(len(rows))]  # nothing lost
    assert [r["status"] for r in got] == ["solved"] * 4 + ["illegal", "error", "solved"]
    for row, puzzle in zip(got, rows):
        assert row["puzzle"] == puzzle
        if row["status"] == "solved":
            _check_x(puzzle, row["solution"])
        else:
            assert row["solution"] == ""
    assert proc.returncode == 1 and "line" in proc.stderr and "found 80" in proc.stderr
    # the classic reading of the same table gives other solutions (the rule is what counts)
    classic = _answers(kind, _run("solve", path, backend=backend).stdout)
    assert all(not X.is_solution(_values(r["solution"])) for r in classic[:4])
    checked = _answers(kind, _run("check", "--rules", "x", "--jobs", "2", path,
                                  backend=backend).stdout)
    assert [r["verdict"] for r in checked] == ["unique"] * 4 + ["illegal", "error", "unique"]
    counted = _answers(kind, _run("count", "--rules", "x", path, backend=backend).stdout)
    # (JSON Lines writes an exact count as a JSON number, the text tables as text)
    one, zero = (1, 0) if kind == "jsonl" else ("1", "0")
    assert [r["count"] for r in counted] == [one] * 4 + [zero, "error", one]


def test_csv_under_rules_one_and_two_jobs_agree(tmp_path, x_puzzles, classic_breaking_x):
    rows = (x_puzzles + [classic_breaking_x, "bad"]) * 150
    path = tmp_path / "p.csv"
    path.write_text(_table("csv", rows))
    one = _run("solve", "--rules", "x", "--jobs", "1", path)
    two = _run("solve", "--rules", "x", "--jobs", "2", path)
    assert one.stdout == two.stdout and one.returncode == two.returncode == 1
    got = _answers("csv", one.stdout)
    assert len(got) == len(rows)
    for row, puzzle in zip(got, rows):
        if row["status"] == "solved":
            _check_x(puzzle, row["solution"])
    assert [r["status"] for r in got[:6]] == ["solved"] * 4 + ["illegal", "error"]


def test_regions_apply_to_every_table_row(tmp_path, backend):
    (regions, puzzle, solution), = _jigsaws(1)
    jig = geometry.jigsaw(regions)
    mapfile = tmp_path / "map.txt"
    mapfile.write_text(formats.format_regions(jig))
    path = tmp_path / "p.csv"
    path.write_text(_table("csv", [puzzle, "1" * 81, puzzle]))
    got = _answers("csv", _run("solve", "--regions", mapfile, path, backend=backend).stdout)
    assert [r["status"] for r in got] == ["solved", "illegal", "solved"]
    assert got[0]["solution"] == got[2]["solution"] == solution
    assert jig.is_solution(_values(solution), _values(puzzle))


def test_binary_tables_take_rules(tmp_path, backend, x_puzzles, classic_breaking_x):
    np = pytest.importorskip("numpy")
    rows = x_puzzles + [classic_breaking_x]
    arr = np.array([list(_values(p)) for p in rows], dtype=np.uint8)
    np.save(tmp_path / "p.npy", arr)
    proc = _run("solve", "--rules", "x", tmp_path / "p.npy", backend=backend)
    lines = proc.stdout.splitlines()
    assert len(lines) == 5 and lines[4].endswith("\tillegal") and proc.returncode == 1
    for puzzle, line in zip(rows, lines[:4]):
        _check_x(puzzle, line)
    proc = _run("solve", "--rules", "x", "-o", tmp_path / "s.npy", tmp_path / "p.npy",
                backend=backend)
    out = np.load(tmp_path / "s.npy")
    for puzzle, solution in zip(rows[:4], out[:4]):
        assert X.is_solution(bytes(solution.tolist()), _values(puzzle))
    assert not out[4].any()  # no solution: a row of zeros
    # rows of another size than the rules: a usage error naming both sizes
    np.save(tmp_path / "p16.npy", np.zeros((2, 256), dtype=np.uint8))
    proc = _run("solve", "--rules", "x", tmp_path / "p16.npy", backend=backend)
    assert proc.returncode == 2 and "16x16" in proc.stderr and "3x3+x" in proc.stderr


@pytest.mark.parametrize("ext", ["parquet", "arrow"])
def test_parquet_and_arrow_take_rules(tmp_path, ext, x_puzzles, classic_breaking_x):
    pa = pytest.importorskip("pyarrow")
    rows = x_puzzles + [classic_breaking_x, "." * 80]
    table = pa.table({"id": list(range(len(rows))), "puzzle": rows})
    path = tmp_path / f"p.{ext}"
    if ext == "parquet":
        import pyarrow.parquet as pq
        pq.write_table(table, path)
    else:
        import pyarrow.feather as feather
        feather.write_feather(table, path)
    lines = _run("solve", "--rules", "x", path).stdout.splitlines()
    assert len(lines) == 6 and lines[4].endswith("\tillegal") and lines[5].endswith("\terror")
    for puzzle, line in zip(rows, lines[:4]):
        _check_x(puzzle, line)
    out = tmp_path / f"out.{ext}"
    assert _run("check", "--rules", "x", "-o", out, path).returncode == 1
    if ext == "parquet":
        import pyarrow.parquet as pq
        result = pq.read_table(out).to_pydict()
    else:
        import pyarrow.feather as feather
        result = feather.read_table(out).to_pydict()
    assert result["id"] == list(range(6))
    assert result["verdict"] == ["unique"] * 4 + ["illegal", "error"]
    # --format names the kind whatever the file's name
    other = tmp_path / "p.data"
    other.write_bytes(path.read_bytes())
    named = _run("solve", "--format", ext, "--rules", "x", other).stdout.splitlines()
    assert named == lines


# --- 2. JSON Lines rows with their own geometry, f-puzzles rows --------------------------


def _fpuzzles_row(puzzle: Grid, **extra) -> dict:
    obj = json.loads(formats.format_fpuzzles(puzzle))
    obj.update(extra)
    return obj


@pytest.fixture(scope="module")
def mixed_rows(x_puzzles, classic_breaking_x):
    """(row objects, expected status, the row's geometry or None) of a mixed JSON Lines table."""
    jigsaws = _jigsaws(3)
    plain = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    rows = [
        ({"id": "x", "puzzle": x_puzzles[0], "geometry": "3x3+x"}, "solved", X),
        ({"id": "classic", "puzzle": plain}, "solved", None),
        ({"id": "xjson", "puzzle": x_puzzles[1], "geometry": X.to_json()}, "solved", X),
        ({"id": "illegal", "puzzle": classic_breaking_x, "geometry": "3x3+x"}, "illegal", X),
    ]
    for k, (regions, puzzle, _) in enumerate(jigsaws):  # each row its own region map
        jig = geometry.jigsaw(regions)
        rows.append(({"id": f"jig{k}", "puzzle": puzzle, "geometry": jig.name}, "solved", jig))
    fp_x = Grid(x_puzzles[2], geometry=X)
    fp_jig = Grid(jigsaws[0][1], geometry=geometry.jigsaw(jigsaws[0][0]))
    rows += [
        (_fpuzzles_row(fp_x, title="an X"), "solved", X),
        (_fpuzzles_row(fp_jig), "solved", fp_jig.geometry),
        ({"id": "badrule", "puzzle": "." * 81, "geometry": "3x3+sandwich"}, "error", None),
        ({"id": "badsize", "puzzle": "." * 16, "geometry": "3x3+x"}, "error", None),
        (_fpuzzles_row(fp_x, betweenline=[{"lines": [["R1C1", "R1C2", "R1C3"]]}]), "error",
         None),
        ({"id": "x2", "puzzle": x_puzzles[3], "geometry": "3x3+x"}, "solved", X),
        ({"id": "rows", "values": [list(_values(x_puzzles[3])[r * 9:r * 9 + 9])
                                   for r in range(9)], "geometry": "3x3+x"}, "solved", X),
        ({"id": "plain80", "puzzle": "." * 80}, "error", None),
    ]
    return rows


def _write_rows(path: Path, rows) -> None:
    path.write_text("".join(json.dumps(obj) + "\n" for obj, _, _ in rows))


def _verify(obj: dict, answer: dict, status: str, geom) -> None:
    assert answer["status"] == status, (obj, answer)
    for key, value in obj.items():  # the row's keys kept as they were
        assert answer[key] == value
    if status != "solved":
        assert answer["solution"] == ""
        return
    solution = _values(answer["solution"])
    if "puzzle" in obj:
        puzzle = _values(obj["puzzle"])
    elif "values" in obj:
        puzzle = bytes(v for row in obj["values"] for v in row)
    else:
        puzzle = formats.parse_fpuzzles(json.dumps(obj)).values
    rules = geom if geom is not None else geometry.boxes(3, 3)
    assert rules.is_solution(solution, bytes(puzzle))


def test_jsonl_rows_carry_their_geometry(tmp_path, backend, mixed_rows):
    path = tmp_path / "rows.jsonl"
    _write_rows(path, mixed_rows)
    errors = tmp_path / "errors.jsonl"
    proc = _run("solve", "--errors", errors, path, backend=backend)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(mixed_rows)
    for (obj, status, geom), answer in zip(mixed_rows, answers):
        _verify(obj, answer, status, geom)
    assert proc.returncode == 1
    # each bad row named in a note and in --errors, by line, with what is wrong
    logged = {e["line"]: e for e in map(json.loads, errors.read_text().splitlines())}
    bad = {k + 1 for k, (_, status, _) in enumerate(mixed_rows) if status in ("error", "illegal")}
    assert set(logged) == bad
    words = {"badrule": "unknown rule 'sandwich'", "badsize": "found 16",
             "plain80": "found 80"}
    for k, (obj, status, _) in enumerate(mixed_rows, 1):
        if status == "error":
            word = words.get(obj.get("id"), "betweenline")
            assert word in logged[k]["reason"] and word in proc.stderr
            assert f"line {k}" in proc.stderr


def test_jsonl_rows_check_and_count_under_their_geometry(tmp_path, mixed_rows):
    path = tmp_path / "rows.jsonl"
    _write_rows(path, mixed_rows)
    verdicts = [json.loads(line)["verdict"] for line in _run("check", path).stdout.splitlines()]
    expected = {"solved": "unique", "illegal": "illegal", "error": "error"}
    assert verdicts == [expected[status] for _, status, _ in mixed_rows]
    counts = [json.loads(line)["count"] for line in _run("count", path).stdout.splitlines()]
    assert counts == [{"solved": 1, "illegal": 0, "error": "error"}[s]  # (exact: numbers)
                      for _, s, _ in mixed_rows]


def test_jsonl_rows_in_blocks_and_workers(tmp_path, mixed_rows):
    # many blocks, the 9x9 fast path on for the classic rows beside the rows with rules
    rows = mixed_rows * 40
    path = tmp_path / "rows.jsonl"
    _write_rows(path, rows)
    one = _run("solve", "-q", "--jobs", "1", path)
    two = _run("solve", "-q", "--jobs", "2", path)
    assert one.stdout == two.stdout and one.returncode == two.returncode == 1
    answers = [json.loads(line) for line in one.stdout.splitlines()]
    assert len(answers) == len(rows)
    for (obj, status, geom), answer in zip(rows, answers):
        _verify(obj, answer, status, geom)


def test_fpuzzles_rows_alone(tmp_path, x_puzzles):
    # a table of f-puzzles objects only: no puzzle key to find, no "size" column of numbers
    path = tmp_path / "fp.jsonl"
    path.write_text("".join(formats.format_fpuzzles(Grid(p, geometry=X)) + "\n"
                            for p in x_puzzles))
    proc = _run("solve", path)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["status"] for a in answers] == ["solved"] * 4 and proc.returncode == 0
    for puzzle, answer in zip(x_puzzles, answers):
        assert answer["diagonal+"] is True and answer["size"] == 9
        _check_x(puzzle, answer["solution"])


def test_rules_against_a_row_geometry(tmp_path, x_puzzles):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({"puzzle": x_puzzles[0], "geometry": "3x3+x"}) + "\n"
                    + json.dumps({"puzzle": x_puzzles[1], "geometry": "3x3+windoku"}) + "\n"
                    + json.dumps({"puzzle": x_puzzles[2]}) + "\n")
    proc = _run("solve", "--rules", "x", path)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["status"] for a in answers] == ["solved", "error", "solved"]
    _check_x(x_puzzles[0], answers[0]["solution"])
    _check_x(x_puzzles[2], answers[2]["solution"])
    assert "line 2" in proc.stderr and "3x3+windoku" in proc.stderr and "3x3+x" in proc.stderr


def test_json_records_and_rules_that_do_not_fit(tmp_path, x_puzzles):
    # text records (not tables): a record's own geometry against --rules/--regions
    four = formats.format_fpuzzles(Grid([0] * 16, geometry=geometry.boxes(2, 2).with_rules("x")))
    nine = formats.format_fpuzzles(Grid(x_puzzles[0], geometry=X))
    windoku = json.dumps({"puzzle": x_puzzles[1], "geometry": "3x3+windoku"})
    path = tmp_path / "records.json"
    path.write_text(four + "\n" + nine + "\n" + windoku + "\n")
    proc = _run("check", "--format", "json", "--rules", "x", path)
    assert [line.rsplit("\t", 1)[1] for line in proc.stdout.splitlines()] == \
        ["error", "unique", "error"]
    assert "line 1" in proc.stderr and "2x2+x" in proc.stderr and "3x3+windoku" in proc.stderr
    mapfile = tmp_path / "map16.txt"
    regions16 = list(geometry.boxes(4, 4).regions)
    regions16[3], regions16[4] = regions16[4], regions16[3]
    mapfile.write_text(formats.format_regions(geometry.jigsaw(regions16, size=16)))
    proc = _run("solve", "--regions", mapfile, "--format", "json", tmp_path / "records.json")
    assert proc.returncode == 1 and proc.stdout.count('"status": "error"') == 3
    assert "16x16 jigsaw" in proc.stderr


# --- 3. every --format choice: no traceback; --format fpuzzles reads streams --------------


def test_format_fpuzzles_reads_objects_links_and_indented_json(tmp_path, x_puzzles):
    grids = [Grid(p, geometry=X) for p in x_puzzles]
    one_line = formats.format_fpuzzles(grids[0])
    indented = json.dumps(json.loads(formats.format_fpuzzles(grids[1])), indent=2)
    link = "https://f-puzzles.com/?load=" + formats.format_fpuzzles(grids[2], compress=True)
    bare = formats.format_fpuzzles(grids[3], compress=True)
    killer = json.loads(one_line)
    killer["betweenline"] = [{"lines": [["R1C1", "R1C2", "R1C3"]]}]
    path = tmp_path / "fp.txt"
    path.write_text("# f-puzzles\n" + one_line + "\n\n" + indented + "\n" + link + "\n" + bare
                    + "\n" + json.dumps(killer) + "\n")
    proc = _run("solve", "--format", "fpuzzles", path)
    lines = proc.stdout.splitlines()
    assert len(lines) == 6 and proc.returncode == 1  # (an error record: '# error' + the JSON)
    solved = [formats.parse_fpuzzles(line) for line in lines[:4]]
    for puzzle, answer in zip(x_puzzles, lines[:4]):
        obj = json.loads(answer)
        values = bytes(c["value"] for row in obj["grid"] for c in row)
        _check_x(puzzle, "".join(map(str, values)))
    assert [s.to_line() for s in solved] == x_puzzles  # the givens stay the givens
    assert lines[4].startswith("# error") and "betweenline" in proc.stderr
    # auto detection: an indented object and a link are f-puzzles too
    for text in (indented, link):
        path.write_text(text + "\n")
        got = _run("solve", path)
        assert got.returncode == 0
        assert formats.parse_fpuzzles(got.stdout).geometry is X
    # an object left open is one error record, named where it starts
    path.write_text(one_line + "\n" + indented[:40] + "\n")
    got = _run("check", "--format", "fpuzzles", path)
    assert got.stdout.splitlines()[0].endswith("\tunique") and got.returncode == 1
    assert "line 2" in got.stderr and "not closed" in got.stderr


def test_every_format_choice_is_clean(tmp_path, x_puzzles):
    from sudokit.cli._common import INPUT_FORMATS
    fp = tmp_path / "fp.json"
    fp.write_text(formats.format_fpuzzles(Grid(x_puzzles[0], geometry=X)) + "\n")
    lines = tmp_path / "x.txt"
    lines.write_text("\n".join(x_puzzles) + "\n")
    for name in INPUT_FORMATS:
        for path in (fp, lines):
            proc = _run("check", "--format", name, path)  # (_run: no traceback)
            assert proc.returncode in (0, 1, 2), (name, path, proc.stderr)
            assert proc.returncode != 2 or "error:" in proc.stderr


# --- 4. solve --to fpuzzles ---------------------------------------------------------------


def test_solve_to_fpuzzles_keeps_the_givens_given(tmp_path, x_puzzles):
    path = tmp_path / "x.txt"
    path.write_text("\n".join(x_puzzles) + "\n")
    proc = _run("solve", "--rules", "x", "--to", "fpuzzles", path)
    lines = proc.stdout.splitlines()
    assert len(lines) == 4 and proc.returncode == 0
    for puzzle, line in zip(x_puzzles, lines):
        obj = json.loads(line)
        cells = [c for row in obj["grid"] for c in row]
        assert [c.get("given", False) for c in cells] == [ch != "." for ch in puzzle]
        assert all(isinstance(c.get("value"), int) for c in cells)
        _check_x(puzzle, "".join(str(c["value"]) for c in cells))
        back = formats.parse_fpuzzles(line)
        assert back.to_line() == puzzle and back.geometry is X


def test_format_fpuzzles_solution_keyword(x_puzzles):
    puzzle = Grid(x_puzzles[0], geometry=X)
    solution = sudokit.solve(puzzle)
    text = formats.format_fpuzzles(puzzle, solution=solution)
    assert formats.parse_fpuzzles(text) == puzzle
    cells = [c for row in json.loads(text)["grid"] for c in row]
    assert bytes(c["value"] for c in cells) == bytes(solution.values)
    assert formats.format_fpuzzles(puzzle) == formats.format_fpuzzles(puzzle, solution=None)
    wrong = list(solution.values)
    k = next(i for i, v in enumerate(puzzle.values) if v)
    wrong[k] = wrong[k] % 9 + 1
    with pytest.raises(ValueError, match="changes the given"):
        formats.format_fpuzzles(puzzle, solution=Grid(wrong))
    with pytest.raises(ValueError, match="size"):
        formats.format_fpuzzles(puzzle, solution=Grid([0] * 16))


# --- 5. a geometry that does not fit the alphabet -----------------------------------------


def test_rules_beyond_the_alphabet_are_usage_errors(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("." * 1296 + "\n")
    proc = _run("check", "--box", "6x6", "--rules", "x", "--alphabet", "letters", path)
    assert proc.returncode == 2
    assert "'letters'" in proc.stderr and "26" in proc.stderr and "6x6+x" in proc.stderr
    regions = list(geometry.boxes(6, 6).regions)
    regions[5], regions[6] = regions[6], regions[5]
    mapfile = tmp_path / "map36.txt"
    mapfile.write_text(formats.format_regions(geometry.jigsaw(regions, size=36)))
    csv = tmp_path / "p.csv"
    csv.write_text("puzzle\n" + "." * 1296 + "\n")
    proc = _run("check", "--regions", mapfile, "--alphabet", "letters", csv)
    assert proc.returncode == 2 and "36x36 jigsaw" in proc.stderr and "26" in proc.stderr


def test_record_alphabet_too_short_is_a_record_error(tmp_path, x_puzzles):
    big = {"puzzle": "." * 1296, "alphabet": "letters", "geometry": "6x6+x"}
    good = {"puzzle": x_puzzles[0], "geometry": "3x3+x"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(big) + "\n" + json.dumps(good) + "\n")
    proc = _run("check", path)
    assert [line.rsplit("\t", 1)[1] for line in proc.stdout.splitlines()] == ["error", "unique"]
    assert '"alphabet"' in proc.stderr and "6x6+x" in proc.stderr and "line 1" in proc.stderr
    # the same rows in a JSON Lines table
    table = tmp_path / "r.jsonl"
    table.write_text(path.read_text())
    answers = [json.loads(line) for line in _run("check", table).stdout.splitlines()]
    assert [a["verdict"] for a in answers] == ["error", "unique"]
    # --alphabet against a record's own geometry (no --rules): that record only
    small = {"puzzle": "." * 1296, "geometry": "6x6+x"}
    lettered = {"puzzle": x_puzzles[0].translate(str.maketrans("123456789", "ABCDEFGHI")),
                "geometry": "3x3+x"}
    path.write_text(json.dumps(small) + "\n" + json.dumps(lettered) + "\n")
    proc = _run("check", "--alphabet", "letters", path)
    assert [line.rsplit("\t", 1)[1] for line in proc.stdout.splitlines()] == ["error", "unique"]
    assert "letters" in proc.stderr and "36" in proc.stderr
