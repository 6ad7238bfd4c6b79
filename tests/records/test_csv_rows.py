"""CSV/TSV rows without quotes skip the csv module (_tablerows._plain_row): same fields in,
same text out as csv.reader and csv.writer, and the same command output end to end."""

from __future__ import annotations

import csv
import io
import random

import pytest

from sudokit import cli
from sudokit.records import _tablerows

import sudokit
from conftest import TESTDATA

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _reader(line: str, delimiter: str):
    try:
        rows = list(csv.reader([line], delimiter=delimiter, strict=True))
    except csv.Error:
        return None
    return rows[0] if rows else []


def _random_line(rng: random.Random, alphabet: str) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))


@pytest.mark.parametrize("delimiter", [",", "\t"])
def test_split_equals_csv_reader(delimiter):
    rng = random.Random(7)
    alphabet = "ab0. ;" + delimiter * 3 + '"\r\x00\\'
    lines = [_random_line(rng, alphabet) for _ in range(5000)]
    plain = sum(1 for line in lines if _tablerows._plain_row(line))
    assert 500 < plain < 4500  # both paths are exercised
    for line in lines:
        assert _tablerows._split(line, delimiter) == _reader(line, delimiter), repr(line)


@pytest.mark.parametrize("delimiter", [",", "\t"])
def test_plain_rows_join_as_csv_writer_writes_them(delimiter):
    rng = random.Random(11)
    for _ in range(3000):
        line = _random_line(rng, "ab0. ;'\\" + delimiter * 4)
        row = line.split(delimiter) + ["123", "solved"]
        out = io.StringIO()
        csv.writer(out, delimiter=delimiter, lineterminator="\n").writerow(row)
        assert out.getvalue() == delimiter.join(row) + "\n", repr(row)


def _run(tmp_path, name: str, text: str, args: list[str]) -> tuple[int, str, str]:
    src = tmp_path / name
    src.write_bytes(text.encode())
    out = tmp_path / ("out-" + name)
    errors = tmp_path / "errors.jsonl"
    code = cli.main(["solve", str(src), "-o", str(out), "--jobs", "1", "--errors", str(errors),
                     "--quiet", *args])
    return code, out.read_text(), errors.read_text()


@pytest.mark.parametrize("name,delimiter", [("rows.csv", ","), ("rows.tsv", "\t")])
def test_command_output_with_and_without_the_plain_row_path(tmp_path, monkeypatch, name,
                                                            delimiter):
    d = delimiter
    zero = P1.replace(".", "0")
    rows = [f"id{d}quizzes{d}note",
            f"1{d}{zero}{d}plain",
            f'2{d}"{zero}"{d}"quoted, with the delimiter{d}inside"',
            f"3{d}{zero}{d}crlf\r",
            f"4{d}{zero[:80]}{d}too short",
            f"5{d}{zero}",
            f'6{d}"{zero}{d}unbalanced',
            f"7{d}{'1' * 81}{d}illegal",
            f"8{d}{zero}{d}a 'single' quote and a \\ backslash",
            ""]
    text = "\n".join(rows) + "\n"
    real, plain_calls, asked = _tablerows._plain_row, [], []
    monkeypatch.setattr(_tablerows, "_plain_row",
                        lambda text: plain_calls.append(real(text)) or plain_calls[-1])
    fast = _run(tmp_path, name, text, ["--col", "quizzes"])
    monkeypatch.setattr(_tablerows, "_plain_row",
                        lambda text: asked.append(text) or False)  # the csv module only
    slow = _run(tmp_path, name, text, ["--col", "quizzes"])
    assert plain_calls.count(True) >= 10 and asked  # both ways ran, in this process
    assert fast == slow
    assert fast[0] == 1 and fast[2]  # the bad rows were reported
    assert fast[1].count("\tsolved\n" if d == "\t" else ",solved\n") == 5  # rows 1, 2, 3, 5, 8


# --- quoted fields holding newlines (issue #18 item 8) -----------------------------------------


def test_blocks_are_cut_outside_quoted_fields():
    import io as _io
    from sudokit.records import pipeline
    rng = random.Random(8)
    parts = []
    for i in range(3000):
        note = "".join(rng.choice(['a', ' ', '\n', '""', ',']) for _ in range(rng.randrange(12)))
        parts.append(f'{i},"{note}",x\n' if rng.random() < 0.5 else f"{i},plain,x\n")
    data = "".join(parts).encode()
    blocks = list(pipeline.read_blocks(_io.BytesIO(data), size=256, limit=4096, quote=b'"'))
    assert b"".join(b.data for b in blocks) == data and len(blocks) > 10
    line = 1
    for b in blocks:
        assert b.data.count(b'"') % 2 == 0  # never inside a quoted field
        assert b.first_line == line
        line += b.data.count(b"\n")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_quoted_newlines_read_as_the_csv_module_reads_them(tmp_path, jobs):
    rng = random.Random(int(jobs))
    lines = [line for line in (TESTDATA / "golden_tdoku.txt").read_text().splitlines()
             if line and not line.startswith("#") and len(line.split(":")[0]) == 81]
    rows = [["id", "puzzle", "note"]]
    # mostly solved grids (answered at once on either backend: the test is about reading
    # quoted fields across blocks, not about search), one row in forty a real puzzle
    solved = [line.split(":")[2] for line in lines if line.count(":") >= 2]
    for i in range(4000):
        note = rng.choice(["plain", "two\nlines", "a, \"quoted\"\r\nthing", ""])
        pool = lines if i % 40 == 0 else solved
        rows.append([str(i), rng.choice(pool).split(":")[0], note])
    src = tmp_path / "in.csv"
    with open(src, "w", newline="") as f:
        csv.writer(f).writerows(rows)
    out = tmp_path / "out.csv"
    code = cli.main(["check", str(src), "-o", str(out), "--jobs", jobs, "-q"])
    assert code == 0
    with open(out, newline="") as f:
        got = list(csv.reader(f))
    assert [r[:3] for r in got] == rows  # every field back as the csv module reads it
    assert got[0][3] == "verdict" and {r[3] for r in got[1:]} <= {"unique", "ambiguous", "impossible"}
    want = [sudokit.check(r[1]).value for r in rows[1:50]]
    assert [r[3] for r in got[1:50]] == want
