"""``sudokit rate`` on tables (issue #17): CSV/TSV/JSON Lines rows gain er, ep, ed, status (and
level, score with --hodoku); Parquet/Arrow inputs write typed columns with -o, lines without.

Each added value is checked against sudokit.rate called on the row's puzzle, and no row is
ever lost: rows that do not read keep their place with the status 'error'.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from sudokit.rate import rate

EASY = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7."
# a puzzle whose path needs more than singles (ER 4.2: an XY-wing)
WING = ".....2.9.....4..5...9.....8....3.........1..2..85.97..1.53..94.2..7.....7....81.."
EMPTY = "." * 81
SHORT = "1" * 80


def _run(*argv, stdin=None):
    return subprocess.run([sys.executable, "-m", "sudokit", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300)


def _figures(puzzle: str, hodoku: bool = False) -> list:
    r = rate(puzzle, hodoku=hodoku)

    def num(x):
        return "" if x is None else f"{x:.1f}"
    row = [num(r.er), num(r.ep), num(r.ed), r.status]
    if hodoku:
        row += [r.level or "", "" if r.score is None else str(r.score)]
    return row


@pytest.mark.parametrize("delimiter, suffix", [(",", ".csv"), ("\t", ".tsv")])
def test_csv_and_tsv_rows_gain_the_columns(tmp_path, delimiter, suffix):
    path = tmp_path / f"set{suffix}"
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh, delimiter=delimiter, lineterminator="\n")
        w.writerow(["id", "quizzes", "note"])
        w.writerow(["1", EASY, "plain"])
        w.writerow(["2", WING, 'a "quoted", note'])
        w.writerow(["3", SHORT, "too short"])
        w.writerow(["4", EMPTY, "many solutions"])
    proc = _run("rate", "--hodoku", str(path), "--jobs", "2")
    assert proc.returncode == 1, proc.stderr  # a row had a problem (SHORT)
    rows = list(csv.reader(io.StringIO(proc.stdout), delimiter=delimiter))
    assert rows[0] == ["id", "quizzes", "note", "er", "ep", "ed", "status", "level", "score"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]  # every row, in order
    assert rows[1][3:] == _figures(EASY, True)
    assert rows[2][2] == 'a "quoted", note' and rows[2][3:] == _figures(WING, True)
    assert float(rows[2][3]) > 2.0  # the wing puzzle is not a singles puzzle
    assert rows[3][3:] == ["", "", "", "error", "", ""]
    assert rows[4][3:] == ["", "", "", "ambiguous", "", ""]
    assert "line 4" in proc.stderr and "expected 81 cells" in proc.stderr


def test_jsonl_numbers_are_numbers(tmp_path):
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in
                            ({"puzzle": WING, "k": 1}, {"puzzle": EMPTY, "k": 2})))
    proc = _run("rate", str(path))
    assert proc.returncode == 0, proc.stderr
    objs = [json.loads(line) for line in proc.stdout.splitlines()]
    r = rate(WING, hodoku=False)
    assert objs[0] == {"puzzle": WING, "k": 1, "er": r.er, "ep": r.ep, "ed": r.ed,
                       "status": "rated"}
    assert objs[1]["status"] == "ambiguous" and objs[1]["er"] is None


def test_parquet_to_parquet_typed_and_to_lines(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    src, out = tmp_path / "in.parquet", tmp_path / "out.parquet"
    pq.write_table(pa.table({"puzzle": [EASY, WING, EMPTY], "n": [1, 2, 3]}), src)
    proc = _run("rate", "--hodoku", str(src), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    table = pq.read_table(out)
    assert table.schema.field("er").type == pa.float64()
    assert table.schema.field("score").type == pa.int64()
    rows = table.to_pylist()
    assert [r["n"] for r in rows] == [1, 2, 3]
    w = rate(WING)
    assert (rows[1]["er"], rows[1]["ep"], rows[1]["ed"], rows[1]["level"], rows[1]["score"]) \
        == (w.er, w.ep, w.ed, w.level, w.score)
    assert rows[2]["status"] == "ambiguous" and rows[2]["er"] is None
    lines = _run("rate", str(src)).stdout.splitlines()  # no -o: serate's lines
    assert lines == [f"{EASY} ED=1.2/1.2/1.2", f"{WING} ED={w.er}/{w.ep}/{w.ed}",
                     f"{EMPTY} ambiguous"]


def test_hodoku_on_lines_and_usage_errors(tmp_path):
    proc = _run("rate", "--hodoku", stdin=f"{WING}\n{EMPTY}\n")
    w = rate(WING)
    assert proc.stdout.splitlines() == [f"{WING} ED={w.er}/{w.ep}/{w.ed} {w.level} {w.score}",
                                        f"{EMPTY} ambiguous"]
    # a --format that places the HoDoKu fields itself gets them once, where it put them
    proc = _run("rate", "--hodoku", "--format", "%l|%s|%r", stdin=f"{WING}\n")
    assert proc.stdout.splitlines() == [f"{w.level}|{w.score}|{w.er}"]
    proc = _run("rate", "--hodoku", "--format", "%r", stdin=f"{WING}\n")
    assert proc.stdout.splitlines() == [f"{w.er} {w.level} {w.score}"]
    table = tmp_path / "t.csv"
    table.write_text(f"puzzle\n{EASY}\n")
    text = tmp_path / "t.txt"
    text.write_text(EASY + "\n")
    for argv, words in ((["rate", str(table), str(text)], "separate runs"),
                        (["rate", "--format", "%r", str(table)], "--format fields"),
                        (["rate", "--to", "json", str(table)], "--to json")):
        proc = _run(*argv)
        assert proc.returncode == 2 and words in proc.stderr, (argv, proc.stderr)
