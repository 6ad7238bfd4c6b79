"""Command-line details (issue #31), each in a real process: convert under --rules and
--regions, the box-shape note once a run, count's JSON number, '#' comments dropped by every
record command, render's ratings without HoDoKu unless asked, and a table's own
``solution`` column filled in place."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
import zlib

import pytest

from _paths import ROOT
from conftest import missing
import sudokit

SRC = sudokit.__file__.rsplit("/sudokit/", 1)[0]
ENV_PATH = {"PYTHONPATH": SRC}
EXAMPLES = ROOT / "examples"

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
S1 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SIX = "..3..62....3.5........3.4....15..4.."                       # 2x3 boxes, one solution
SIX_NOTE = "6x6 grid read with 2x3 boxes"


def sudokit_run(*args, stdin: str = "", cwd=None, timeout=300):
    """Run ``python -m sudokit ARGS`` of the tree under test; CompletedProcess (text)."""
    import os
    env = dict(os.environ, **ENV_PATH)
    proc = subprocess.run([sys.executable, "-m", "sudokit", *map(str, args)], input=stdin,
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def solves(solution: str, puzzle: str, units) -> bool:
    """solution keeps puzzle's givens and every unit holds distinct values (no blank)."""
    return (len(solution) == len(puzzle) and "." not in solution
            and all(p in ".0" or p == s for p, s in zip(puzzle, solution))
            and all(len({solution[k] for k in u}) == len(u) for u in units))


def classic_units(n=9, br=3, bc=3):
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(t + r) * n + left + c for r in range(br) for c in range(bc)]
             for t in range(0, n, br) for left in range(0, n, bc)]
    return rows + cols + boxes


# --- convert takes --rules and --regions ------------------------------------------------------


def test_convert_takes_rules_and_regions(tmp_path):
    proc = sudokit_run("convert", "--to", "fpuzzles", "--rules", "x,antiknight", stdin=P1 + "\n")
    assert proc.returncode == 0, proc.stderr
    obj = json.loads(proc.stdout)
    assert obj["diagonal+"] is True and obj["diagonal-"] is True and obj["antiknight"] is True
    givens = "".join(str(c.get("value", ".")) for row in obj["grid"] for c in row)
    assert givens == P1
    # JSON keeps the rules too, and reads back to them
    proc = sudokit_run("convert", "--to", "json", "--rules", "x", stdin=P1 + "\n")
    assert json.loads(proc.stdout)["geometry"]["rules"] == ["x"]
    # --regions: a jigsaw's map replaces the boxes
    regions = (EXAMPLES / "jigsaw-map.txt").read_text().split()
    proc = sudokit_run("convert", "--to", "json", "--regions", EXAMPLES / "jigsaw-map.txt",
                       EXAMPLES / "jigsaws.txt")
    assert proc.returncode == 0, proc.stderr
    order = list(dict.fromkeys("".join(regions)))
    for line in proc.stdout.splitlines():
        got = [k for row in json.loads(line)["geometry"]["regions"] for k in row]
        assert got == [order.index(ch) for ch in "".join(regions)]
    # a bad rule is a usage error naming it; a grid of another size an error record
    proc = sudokit_run("convert", "--to", "json", "--rules", "sideways", stdin=P1 + "\n")
    assert proc.returncode == 2 and "sideways" in proc.stderr
    proc = sudokit_run("convert", "--to", "line", "--regions", EXAMPLES / "jigsaw-map.txt",
                       stdin=SIX + "\n")
    assert proc.returncode == 1 and proc.stdout == f"{SIX}\terror\n"


@pytest.mark.parametrize("to", ["line", "block", "tokens", "sdk", "ss", "sdm", "pencilmarks"])
def test_convert_never_drops_a_records_own_rules(to):
    """A killer read from a Solo id, an f-puzzles jigsaw or a JSON row with its geometry,
    written where no rule can go, is an error record naming what would be lost (it was
    written as the plain puzzle of its givens: another puzzle).  The same rules from
    --rules are the user's, who gives them again on reading."""
    killer = "2x2k:p,ba_____a__aa_aaa,9b5_6a4a6b5a5b"
    row = json.dumps({"puzzle": P1, "geometry": "3x3+x"})
    jigsaw = sudokit_run("convert", "--to", "fpuzzles", "--regions",
                         EXAMPLES / "jigsaw-map.txt", EXAMPLES / "jigsaws.txt").stdout
    jigsaw = jigsaw.splitlines()[0]
    for record, words in [(killer, "killer cages"), (row, "x"), (jigsaw, "jigsaw regions")]:
        proc = sudokit_run("convert", "--to", to, stdin=record + "\n")
        assert proc.returncode == 1, proc.stderr
        assert f"cannot write the puzzle: --to {to} cannot carry its {words}" in proc.stderr
        assert "error" in proc.stdout
    # formats that carry rules keep them; rules given on the command line may go
    for to_ok in ("json", "fpuzzles"):
        proc = sudokit_run("convert", "--to", to_ok, stdin=killer + "\n")
        assert proc.returncode == 0 and "killer" in proc.stdout, proc.stderr
    proc = sudokit_run("convert", "--to", to, "--rules", "x", stdin=P1 + "\n")
    assert proc.returncode == 0, proc.stderr


# --- the box-shape note: once a run -----------------------------------------------------------


@pytest.mark.parametrize("args", [["solve"], ["solve", "--jobs", "2"], ["check", "--jobs", "2"],
                                  ["count"], ["convert", "--to", "json"], ["hint", "--jobs", "2"],
                                  ["rate", "--jobs", "2"]],
                         ids=" ".join)
def test_box_shape_note_once_a_run(tmp_path, args):
    """A 6x6 file read in many blocks (the first is 1 KB), by workers or not, and twice on
    the command line: the guess of its box shape is named once."""
    path = tmp_path / "six.txt"
    path.write_text(f"{SIX}\n" * 300)             # 11 KB: a dozen blocks
    proc = sudokit_run(*args, path, path)
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.splitlines()) == 600
    assert proc.stderr.count(SIX_NOTE) == 1, proc.stderr
    assert "--box" in proc.stderr
    quiet = sudokit_run(*args, "--box", "2x3", path)   # no guess: no note
    assert quiet.returncode == 0 and SIX_NOTE not in quiet.stderr


def test_box_shape_note_of_render_once(tmp_path):
    path = tmp_path / "six.txt"
    path.write_text(f"{SIX}\n" * 3)
    proc = sudokit_run("render", path, path, "-o", tmp_path / "six.pdf")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count(SIX_NOTE) == 1 and (tmp_path / "six.pdf").is_file()


def test_box_shape_note_of_a_csv_table_once(tmp_path):
    path = tmp_path / "six.csv"
    path.write_text("id,puzzle\n" + "".join(f"{k},{SIX}\n" for k in range(300)))
    proc = sudokit_run("solve", "--jobs", "2", path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count(SIX_NOTE) == 1, proc.stderr
    units = classic_units(6, 2, 3)
    rows = list(csv.reader(io.StringIO(proc.stdout)))
    assert rows[0] == ["id", "puzzle", "solution", "status"] and len(rows) == 301
    assert all(solves(r[2], SIX, units) and r[3] == "solved" for r in rows[1:])


# --- count: a JSON number in JSON Lines -------------------------------------------------------


def test_count_writes_json_numbers_in_json_lines(tmp_path):
    empty4 = "." * 16               # 288 solutions (the known count of an empty 4x4)
    path = tmp_path / "c.jsonl"
    rows = [{"id": 1, "quiz": P1}, {"id": 2, "quiz": empty4}, {"id": 3, "quiz": "12"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    proc = sudokit_run("count", "--limit", "0", "--col", "quiz", path)
    assert proc.returncode == 1  # the unreadable row
    got = [json.loads(t) for t in proc.stdout.splitlines()]
    assert [g["count"] for g in got] == [1, 288, "error"]
    assert [type(g["count"]) for g in got[:2]] == [int, int]
    assert [g["id"] for g in got] == [1, 2, 3]
    # a count stopped by --limit keeps its word: N+ (a string), in JSON Lines as in text
    proc = sudokit_run("count", "--limit", "10", "--col", "quiz", path)
    assert [json.loads(t)["count"] for t in proc.stdout.splitlines()] == [1, "10+", "error"]
    # CSV holds text: the same words as the line output
    csv_path = tmp_path / "c.csv"
    csv_path.write_text(f"quiz\n{P1}\n{empty4}\n")
    proc = sudokit_run("count", "--limit", "0", csv_path)
    assert proc.stdout.splitlines() == ["quiz,count", f"{P1},1", f"{empty4},288"]


def test_count_column_in_parquet_is_text(tmp_path):
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        missing("pyarrow is not installed (pip install pyarrow)")
    src, out = tmp_path / "c.parquet", tmp_path / "out.parquet"
    pq.write_table(pa.table({"quiz": [P1, "." * 16]}), src)
    proc = sudokit_run("count", "--limit", "10", "--col", "quiz", src, "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert pq.read_table(out).to_pydict()["count"] == ["1", "10+"]  # one type a column


# --- '#' comments: dropped by every record command -------------------------------------------


@pytest.mark.parametrize("args", [["solve"], ["check"], ["count"], ["convert", "--to", "line"],
                                  ["canon"], ["stats"], ["dedupe"], ["verify"],
                                  ["augment", "--seed", "1"], ["hint"], ["rate"]],
                         ids=lambda a: a[0])
def test_comment_lines_are_dropped_by_every_record_command(tmp_path, args):
    pair = f"{P1},{S1}" if args[0] in ("verify", "augment") else P1
    path = tmp_path / "in.txt"
    path.write_text(f"# a comment\n{pair}\n\n   # indented\n{pair}\n")
    proc = sudokit_run(*args, path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert not any("#" in t for t in lines) and all(t.strip() for t in lines), lines
    records = [t for t in lines if not t.startswith("line\t")]   # (stats' header)
    assert len(records) == (1 if args[0] == "dedupe" else 2)
    if args[0] == "stats":  # the line numbers still name the input's lines
        assert [t.split("\t")[0] for t in records] == ["2", "5"]


# --- render --ratings: SE alone unless --hodoku -----------------------------------------------


def _pdf_text(data: bytes) -> bytes:
    """The page streams of a PDF, inflated."""
    out = []
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            out.append(zlib.decompress(raw))
        except zlib.error:
            out.append(raw)
    return b"\n".join(out)


def test_render_ratings_give_se_alone_unless_hodoku_is_asked(tmp_path):
    easy = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7."
    path = tmp_path / "p.txt"
    path.write_text(f"{easy}\n")
    proc = sudokit_run("render", path, "--ratings", "-o", tmp_path / "se.pdf")
    assert proc.returncode == 0, proc.stderr
    text = _pdf_text((tmp_path / "se.pdf").read_bytes())
    assert b"SE 1.2/1.2/1.2" in text and b"HoDoKu" not in text  # (SE's published rating)
    proc = sudokit_run("render", path, "--ratings", "--hodoku", "-o", tmp_path / "both.pdf")
    assert proc.returncode == 0, proc.stderr
    text = _pdf_text((tmp_path / "both.pdf").read_bytes())
    assert re.search(rb"SE 1\.2/1\.2/1\.2, HoDoKu (easy|medium|hard|unfair|extreme)", text)
    proc = sudokit_run("render", path, "--hodoku", "-o", tmp_path / "no.pdf")
    assert proc.returncode == 2 and "--ratings" in proc.stderr
    assert not (tmp_path / "no.pdf").exists()


# --- solve on a table that has a solution column ----------------------------------------------


def test_solve_fills_a_solution_column_in_place(tmp_path):
    units = classic_units()
    path = tmp_path / "t.csv"
    path.write_text(f"id,puzzle,solution,note\n1,{P1},,first\n2,{P1},wrong,second\n3,{P1}\n")
    proc = sudokit_run("solve", path)
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.reader(io.StringIO(proc.stdout)))
    assert rows[0] == ["id", "puzzle", "solution", "note", "status"]   # one 'solution'
    assert [r[0] for r in rows[1:]] == ["1", "2", "3"]
    assert all(solves(r[2], P1, units) and r[4] == "solved" for r in rows[1:])
    assert [r[3] for r in rows[1:]] == ["first", "second", ""]   # (a short row is padded)
    assert "solution already there is filled" in proc.stderr
    # solving the output again gives the same table: solution and status replaced
    again = sudokit_run("solve", "-f", "csv", stdin=proc.stdout)
    assert again.returncode == 0 and again.stdout == proc.stdout
    assert "solution, status already there are filled" in again.stderr
    # TSV and JSON Lines alike
    tsv = tmp_path / "t.tsv"
    tsv.write_text(f"puzzle\tsolution\n{P1}\told\n")
    proc = sudokit_run("solve", tsv)
    assert proc.stdout.splitlines()[0].split("\t") == ["puzzle", "solution", "status"]
    jsonl = tmp_path / "t.jsonl"
    jsonl.write_text(json.dumps({"puzzle": P1, "solution": "old", "id": 7}) + "\n")
    obj = json.loads(sudokit_run("solve", jsonl).stdout)
    assert list(obj) == ["puzzle", "solution", "id", "status"] and obj["solution"] == S1


def test_a_puzzle_column_named_like_an_answer_is_refused(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(f"solution\n{P1}\n")
    proc = sudokit_run("solve", "--col", "solution", path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "puzzle column 'solution'" in proc.stderr and "rename it" in proc.stderr
    proc = sudokit_run("check", "--col", "verdict", "-f", "csv", stdin=f"verdict\n{P1}\n")
    assert proc.returncode == 2 and "puzzle column 'verdict'" in proc.stderr
