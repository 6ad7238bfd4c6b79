"""The record commands met as a demanding user meets them: odd rows in tables, odd inputs and
outputs, signals (the adversarial pass of session 23 on the many-puzzles layer).

Every solution read back is checked here by an independent checker (_valid: rows, columns
and boxes by hand), never by sudokit's own.
"""

from __future__ import annotations

import csv
import io
import math

from sudokit import cli

P1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
DIGITS = "123456789ABCDEFGHIJKLMNOP"


def _valid(puzzle: str, solution: str) -> bool:
    """True if solution fills every unit of an N x N grid with square boxes with 1..N and
    keeps every given of puzzle (written '.'/'0' for blanks, 1-9 then A-P)."""
    n = math.isqrt(len(solution))
    b = math.isqrt(n)
    if n * n != len(solution) or b * b != n or len(puzzle) != len(solution):
        return False
    vals = [DIGITS.find(c.upper()) + 1 for c in solution]
    if any(p not in ".0" and DIGITS.find(p.upper()) + 1 != v for p, v in zip(puzzle, vals)):
        return False
    units = []
    for k in range(n):
        units.append(vals[k * n:(k + 1) * n])
        units.append(vals[k::n])
        r0, c0 = (k // b) * b, (k % b) * b
        units.append([vals[(r0 + r) * n + c0 + c] for r in range(b) for c in range(b)])
    return all(sorted(u) == list(range(1, n + 1)) for u in units)


def test_the_checker_refuses_broken_grids():
    good = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    assert _valid(P1, good)
    assert not _valid(P1, good[1:] + good[0])          # every row shifted
    assert not _valid(P1, "5" + good[1:])              # a given changed
    swapped = good[:9] + good[10] + good[9] + good[11:]  # two cells of a row swapped
    assert not _valid("." * 81, swapped)


def test_ragged_csv_rows_keep_answers_under_their_names(tmp_path, capsys):
    """A row shorter than the header used to get its answers one column to the left (the
    solution under 'note', the status under 'solution'); a row longer than the header put
    them one column to the right.  Now a short row is padded and a long one is an error
    row saying why."""
    src = tmp_path / "ragged.csv"
    src.write_text(f"id,puzzle,note\n1,{P1},a\n2,{P1}\n3,{P1},x,extra\n4,{P1},b\n")
    code = cli.main(["solve", str(src)])
    out, err = capsys.readouterr()
    assert code == 1
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["id"] for r in rows] == ["1", "2", "3", "4"]
    for r in rows:
        if r["id"] == "3":
            continue
        assert r["status"] == "solved" and _valid(P1, r["solution"]), r
    assert rows[1]["note"] == "" and rows[1].get(None) is None
    assert "line 4: the row has 4 fields, the header 3" in err
    # the long row: kept whole, its status error (no answer under a wrong name)
    assert out.splitlines()[3].startswith(f"3,{P1},x,extra,")
    assert out.splitlines()[3].endswith(",error")
    code = cli.main(["check", str(src)])
    out, _ = capsys.readouterr()
    verdicts = [r["verdict"] for r in csv.DictReader(io.StringIO(out))]
    assert verdicts[:2] == ["unique", "unique"] and verdicts[3] == "unique"


def test_canon_passes_a_header_through_as_dedupe_does(tmp_path, capsys):
    """canon called the 'quizzes,solutions' header of a Kaggle CSV a bad puzzle (exit 1),
    where verify, dedupe, augment and stats pass it through with a note."""
    body = f"{P1},417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
    with_header = tmp_path / "pairs.csv"
    with_header.write_text("quizzes,solutions\n" + body)
    bare = tmp_path / "bare.csv"
    bare.write_text(body)
    assert cli.main(["canon", str(bare)]) == 0
    want = capsys.readouterr().out
    assert cli.main(["canon", str(with_header)]) == 0
    out, err = capsys.readouterr()
    assert out == "quizzes,solutions\n" + want
    assert "line 1: header 'quizzes,solutions' passed through" in err
    assert cli.main(["dedupe", str(with_header)]) == 0  # the same rule
    assert capsys.readouterr().out.startswith("quizzes,solutions\n")
    # a header only on the first content line: further on, a word is a bad line
    with_header.write_text("quizzes,solutions\n" + body + "more,words\n")
    assert cli.main(["canon", str(with_header)]) == 1
    assert capsys.readouterr().out.endswith("more,words\terror\n")


def test_an_errors_file_that_cannot_be_opened_keeps_the_old_output(tmp_path, capsys):
    """-o was opened (atomically) before --errors; when --errors could not be opened the
    run stopped with status 3 but still renamed -o's empty temporary over the old output:
    the old file was lost.  Now nothing is written and the old file stays."""
    src = tmp_path / "in.txt"
    src.write_text(P1 + "\n")
    out = tmp_path / "out.txt"
    out.write_text("old answers\n")
    missing = tmp_path / "no" / "such" / "errors.jsonl"
    for command in ("solve", "check", "rate"):
        assert cli.main([command, str(src), "-o", str(out), "--errors", str(missing)]) == 3
        assert "cannot write" in capsys.readouterr().err
        assert out.read_text() == "old answers\n"
    fresh = tmp_path / "fresh.txt"
    assert cli.main(["solve", str(src), "-o", str(fresh), "--errors", str(missing)]) == 3
    assert not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]  # no temporary
    # and with a directory that exists, the same run writes both
    errors = tmp_path / "errors.jsonl"
    assert cli.main(["solve", str(src), "-o", str(out), "--errors", str(errors)]) == 0
    assert _valid(P1, out.read_text().strip()) and errors.read_text() == ""
