"""Big inputs from the command line: --jobs workers, order, garbage, Ctrl-C, progress, tables.

Every test runs the installed command in a subprocess, as a user would, and checks every
output record independently (is_solution, the puzzle's givens), never against stored answers.
"""

from __future__ import annotations

import csv
import io
import json
import random
import signal
import subprocess
import time

import pytest

from sudokit import is_solution
from test_cli import COMMAND, S1, default_sigint, sudokit


def _puzzles(n: int, seed: int = 1, blanks: int = 30) -> list[str]:
    """n distinct easy 9x9 puzzles: relabelled copies of S1 with `blanks` random cells emptied."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        perm = list("123456789")
        rng.shuffle(perm)
        cells = [perm[int(c) - 1] for c in S1]
        for k in rng.sample(range(81), blanks):
            cells[k] = "."
        out.append("".join(cells))
    return out


def _fits(puzzle: str, solution: str) -> bool:
    """The solution is a valid grid that keeps every given of the puzzle."""
    return is_solution(solution) and all(p in ".0" or p == s for p, s in zip(puzzle, solution))


def test_jobs_keep_input_order(tmp_path):
    puzzles = _puzzles(6000)
    src = tmp_path / "many.txt"
    src.write_text("\n".join(puzzles) + "\n")
    one = sudokit("solve", "--jobs", "1", str(src))
    three = sudokit("solve", "--jobs", "3", str(src))
    assert one.returncode == three.returncode == 0
    assert three.stdout == one.stdout
    rows = three.stdout.splitlines()
    assert len(rows) == len(puzzles)
    assert all(_fits(p, s) for p, s in zip(puzzles, rows))


def test_unordered_gives_the_same_records(tmp_path):
    puzzles = _puzzles(3000, seed=2)
    src = tmp_path / "many.txt"
    src.write_text("\n".join(puzzles) + "\n")
    r = sudokit("check", "--jobs", "2", "--unordered", str(src))
    one = sudokit("check", "--jobs", "1", str(src))
    assert r.returncode == one.returncode == 0
    assert sorted(r.stdout.splitlines()) == sorted(one.stdout.splitlines())
    assert [row.split("\t")[0] for row in one.stdout.splitlines()] == puzzles


def test_garbage_one_record_per_line_with_workers(tmp_path):
    rng = random.Random(5)
    good = _puzzles(4000, seed=3)
    lines, bad = [], []
    for i, p in enumerate(good):
        if rng.random() < 0.01:
            lines.append(rng.choice([p[:40], p[:40] + "!" + p[41:], "\x01\x02 garbage", p + "9"]))
            bad.append(i + 1)
        else:
            lines.append(p)
    assert bad
    src = tmp_path / "mixed.txt"
    src.write_text("\n".join(lines) + "\n")
    errors = tmp_path / "errors.jsonl"
    r = sudokit("solve", "--jobs", "2", str(src), "--errors", str(errors))
    assert r.returncode == 1
    out = r.stdout.splitlines()
    assert len(out) == len(lines)
    assert [i + 1 for i, row in enumerate(out) if row.endswith("\terror")] == bad
    assert all(_fits(p, s) for p, s in zip(lines, out) if not s.endswith("\terror"))
    logged = [json.loads(row) for row in errors.read_text().splitlines()]
    assert [e["line"] for e in logged] == bad
    assert all(e["status"] == "error" and e["reason"] for e in logged)
    assert f"{len(bad)} of {len(lines)} records had a problem" in r.stderr
    # the same run in one process says exactly the same, on stdout and on stderr
    single = sudokit("solve", "--jobs", "1", str(src))
    assert (single.stdout, single.stderr) == (r.stdout, r.stderr)


def test_progress_line_when_asked(tmp_path):
    src = tmp_path / "p.txt"
    src.write_text("\n".join(_puzzles(2000, seed=4)) + "\n")
    r = sudokit("solve", "--jobs", "2", "--progress", str(src), "-o", str(tmp_path / "out.txt"))
    assert r.returncode == 0
    assert "2,000 records" in r.stderr and "/s" in r.stderr and "100%" in r.stderr
    quiet = sudokit("solve", str(src), "-o", str(tmp_path / "out2.txt"))
    assert quiet.stderr == ""  # stderr is not a terminal: no progress by default


def test_interrupt_with_workers_writes_a_prefix_and_exits_130(tmp_path):
    puzzles = _puzzles(60000, seed=6, blanks=55)
    src = tmp_path / "big.txt"
    src.write_text("\n".join(puzzles) + "\n")
    proc = subprocess.Popen(COMMAND + ["solve", "--jobs", "2", "--engine", "dlx", str(src)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=default_sigint)
    first = proc.stdout.raw.readline()  # answers are coming: the workers are running
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted" in err
    rows = (first + out).decode().splitlines()
    assert 1 <= len(rows) < len(puzzles)
    # in input order, whole records only: row i answers puzzle i
    assert all(_fits(p, s) for p, s in zip(puzzles, rows))


def test_verify_with_workers(tmp_path):
    puzzles = _puzzles(3000, seed=7)
    solved = sudokit("solve", "-", stdin="\n".join(puzzles) + "\n").stdout.splitlines()
    pairs = [f"{p.replace('.', '0')},{s}" for p, s in zip(puzzles, solved)]
    pairs[10] = pairs[10][:-2] + pairs[10][-1] + pairs[10][-2]  # a wrong solution
    src = tmp_path / "pairs.csv"
    src.write_text("quizzes,solutions\n" + "\n".join(pairs) + "\n")
    r1 = sudokit("verify", "--jobs", "1", str(src))
    r2 = sudokit("verify", "--jobs", "2", str(src))
    assert r1.returncode == r2.returncode == 1
    assert r1.stdout == r2.stdout
    rows = r2.stdout.splitlines()
    assert rows[0] == "quizzes,solutions" and len(rows) == len(pairs) + 1
    assert [i for i, row in enumerate(rows[1:]) if not row.endswith("\tok")] == [10]


# --- tables -------------------------------------------------------------------------------


def _kaggle(tmp_path, n=400):
    puzzles = _puzzles(n, seed=8)
    solved = sudokit("solve", "-", stdin="\n".join(puzzles) + "\n").stdout.splitlines()
    zeros = [p.replace(".", "0") for p in puzzles]
    zeros[0] = "0" + zeros[0][1:]  # leading zeros are the point
    path = tmp_path / "kaggle.csv"
    path.write_text("quizzes,solutions\n" + "".join(f"{q},{s}\n" for q, s in zip(zeros, solved)))
    return path, zeros, solved


def test_kaggle_csv_round_trip_keeps_leading_zeros(tmp_path):
    path, zeros, solved = _kaggle(tmp_path)
    for jobs in ("1", "2"):
        r = sudokit("solve", "--jobs", jobs, str(path))
        assert r.returncode == 0, r.stderr
        rows = list(csv.reader(io.StringIO(r.stdout)))
        assert rows[0] == ["quizzes", "solutions", "solution", "status"]
        assert [row[0] for row in rows[1:]] == zeros  # text in, same text out
        assert all(row[0].startswith("0") for row in rows[1:2])
        assert [row[2] for row in rows[1:]] == [row[1] for row in rows[1:]]
        assert {row[3] for row in rows[1:]} == {"solved"}
    out = tmp_path / "solved.csv"
    out.write_text(r.stdout)
    again = sudokit("check", str(out), "--col", "quizzes")
    rows = list(csv.reader(io.StringIO(again.stdout)))
    lines = sudokit("check", "-", stdin="\n".join(zeros) + "\n").stdout.splitlines()
    assert [row[0] for row in rows[1:]] == zeros
    assert [row[-1] for row in rows[1:]] == [line.split("\t")[1] for line in lines]
    assert sudokit("verify", str(path)).returncode == 0


def test_csv_column_choice_and_numeric_column_rejected(tmp_path):
    path = tmp_path / "t.csv"
    puzzles = _puzzles(3, seed=9)
    path.write_text("id,grid\n" + "".join(f"{k},{p}\n" for k, p in enumerate(puzzles)))
    counts = [line.split("\t")[1] for line in
              sudokit("count", "-", stdin="\n".join(puzzles) + "\n").stdout.splitlines()]
    r = sudokit("count", str(path), "--col", "grid")
    assert [row[-1] for row in csv.reader(io.StringIO(r.stdout))] == ["count"] + counts
    r = sudokit("count", str(path), "--col", "1")
    assert r.returncode == 0 and r.stdout.splitlines()[1].endswith("," + counts[0])
    r = sudokit("count", str(path), "--col", "id")
    assert r.returncode == 2 and "holds numbers" in r.stderr and "as text" in r.stderr
    r = sudokit("count", str(path), "--col", "nope")
    assert r.returncode == 2 and "'id', 'grid'" in r.stderr
    lost = tmp_path / "lost.csv"
    lost.write_text("quizzes\n" + "".join(str(int(p.replace(".", "0"))) + "\n" for p in
                                          ["0" + q[1:] for q in puzzles]))
    r = sudokit("solve", str(lost))
    assert r.returncode == 2 and "leading zeros" in r.stderr


def test_csv_bad_rows_keep_their_place(tmp_path):
    path = tmp_path / "t.csv"
    good = _puzzles(3, seed=10)
    path.write_text(f"puzzle,note\n{good[0]},a\n,empty\n\"x\ny,b\n{good[1]},c\n")
    errors = tmp_path / "e.jsonl"
    r = sudokit("solve", str(path), "--errors", str(errors))
    assert r.returncode == 1
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == ["puzzle", "note", "solution", "status"]
    statuses = [row[-1] for row in rows[1:]]
    assert statuses[0] == "solved" and statuses[-1] == "solved"
    assert statuses.count("error") == 3  # empty field, and the two halves of a broken quote
    assert [json.loads(x)["line"] for x in errors.read_text().splitlines()] == [3, 4, 5]


def test_jsonl_keys_added(tmp_path):
    puzzles = _puzzles(5, seed=11)
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps({"id": k, "quiz": p}) + "\n" for k, p in enumerate(puzzles))
                    + '{"id": 9, "quiz": 123}\n')
    r = sudokit("solve", str(path))
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o["id"] for o in objs] == [0, 1, 2, 3, 4, 9]
    assert all(_fits(o["quiz"], o["solution"]) and o["status"] == "solved" for o in objs[:5])
    assert objs[5]["status"] == "error" and "number" in r.stderr


def test_npy_in_and_out(tmp_path):
    np = pytest.importorskip("numpy")
    puzzles = _puzzles(300, seed=12)
    arr = np.array([[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=np.uint8)
    arr[7, 4] = 42
    src = tmp_path / "p.npy"
    np.save(src, arr.reshape(-1, 9, 9))
    out = tmp_path / "s.npy"
    r = sudokit("solve", "--jobs", "2", str(src), "-o", str(out))
    assert r.returncode == 1 and "value 42 is outside 0-9" in r.stderr
    sols = np.load(out)
    assert sols.shape == (300, 9, 9) and sols.dtype == np.uint8
    assert not sols[7].any()
    for k, p in enumerate(puzzles):
        if k != 7:
            assert _fits(p, "".join(map(str, sols[k].ravel())))
    text = sudokit("check", str(src))
    rows = text.stdout.splitlines()
    assert len(rows) == 300 and rows[7].endswith("\terror")
    lines = sudokit("check", "-", stdin="\n".join(puzzles) + "\n").stdout.splitlines()
    assert [row.split("\t")[1] for k, row in enumerate(rows) if k != 7] == \
        [line.split("\t")[1] for k, line in enumerate(lines) if k != 7]


def test_parquet_in_and_out(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    puzzles = [p.replace(".", "0") for p in _puzzles(200, seed=13)]
    puzzles[0] = "0" + puzzles[0][1:]
    table = pa.table({"id": list(range(200)), "quizzes": puzzles[:199] + [None]})
    src = tmp_path / "p.parquet"
    pq.write_table(table, src)
    out = tmp_path / "out.parquet"
    r = sudokit("solve", "--jobs", "2", str(src), "-o", str(out))
    assert r.returncode == 1 and "null" in r.stderr
    got = pq.read_table(out).to_pylist()
    assert [row["id"] for row in got] == list(range(200))
    assert [row["quizzes"] for row in got[:199]] == puzzles[:199]
    assert all(_fits(row["quizzes"], row["solution"]) and row["status"] == "solved"
               for row in got[:199])
    assert got[199]["status"] == "error" and got[199]["solution"] == ""
    numeric = tmp_path / "n.parquet"
    pq.write_table(pa.table({"quizzes": [1, 2]}), numeric)
    r = sudokit("solve", str(numeric))
    assert r.returncode == 2 and "leading zeros" in r.stderr


def test_progress_on_a_terminal_by_default(tmp_path):
    pty = pytest.importorskip("pty")
    import os
    src = tmp_path / "p.txt"
    src.write_text("\n".join(_puzzles(3000, seed=14)) + "\n")
    master, slave = pty.openpty()
    proc = subprocess.Popen(COMMAND + ["solve", str(src), "-o", str(tmp_path / "out.txt")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal is gone: the command has ended
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.wait(timeout=60) == 0
    text = seen.decode()
    assert "3,000 records" in text and "/s" in text and "100%" in text and "\r" in text


def test_check_verdicts_agree_across_engines(tmp_path):
    """check answers 9x9 chunks with one C batch call (auto); the verdicts are check()'s."""
    from conftest import TESTDATA, read_golden
    lines = [puzzle for _, box, puzzle, _, _ in read_golden(TESTDATA / "golden_tdoku.txt")
             if box is None]
    lines += ["55" + S1[2:], "12345678." + "........9" + "." * 63, "." * 81, "1" * 40]
    src = tmp_path / "mixed.txt"
    src.write_text("\n".join(lines) + "\n")
    auto = sudokit("check", str(src))
    slow = sudokit("check", "--engine", "propagate", str(src))
    assert (auto.returncode, auto.stdout, auto.stderr) == (slow.returncode, slow.stdout,
                                                           slow.stderr)
    verdicts = {row.split("\t")[1] for row in auto.stdout.splitlines()}
    assert {"unique", "ambiguous", "impossible", "illegal", "error"} <= verdicts


def test_count_agrees_across_engines(tmp_path):
    """count answers 9x9 chunks with one C batch call (auto, a finite --limit); its counts,
    '+' marks, errors and exit status are those of the per-record search (propagate)."""
    from conftest import TESTDATA, read_golden
    golden = [(puzzle, count) for _, box, puzzle, count, _ in
              read_golden(TESTDATA / "golden_tdoku.txt") if box is None]
    lines = [p for p, _ in golden] + ["55" + S1[2:], "." * 81, "1" * 40]
    src = tmp_path / "mixed.txt"
    src.write_text("\n".join(lines) + "\n")
    for limit in ("1", "3", "1000"):
        auto = sudokit("count", "--limit", limit, str(src))
        slow = sudokit("count", "--limit", limit, "--engine", "propagate", str(src))
        assert (auto.returncode, auto.stdout, auto.stderr) == (slow.returncode, slow.stdout,
                                                               slow.stderr)
    words = [row.split("\t")[1] for row in auto.stdout.splitlines()]
    lim = 1000
    expected = [f"{c}+" if c >= lim else str(c) for _, c in golden] + ["0", f"{lim}+", "error"]
    assert words == expected


def test_count_node_limit_matches_search(tmp_path):
    """With a node limit the batch path stops where search() stops, record by record."""
    nodes = 100
    import sudokit as lib
    from conftest import shared_file
    from sudokit.formats import parse_line
    path = shared_file("puzzles5_forum_hardest_1905_11+")
    lines = [ln.strip() for ln in path.read_text().splitlines()[:120] if len(ln.strip()) == 81]
    src = tmp_path / "hard.txt"
    src.write_text("\n".join(lines) + "\n")
    r = sudokit("count", "--limit", "3", "--node-limit", str(nodes), str(src))
    expected = []
    for line in lines:
        res = lib.search(parse_line(line), limit=3, node_limit=nodes)
        expected.append("limit" if res.stopped else f"{res.count}+" if res.count >= 3
                        else str(res.count))
    assert [row.split("\t")[1] for row in r.stdout.splitlines()] == expected
    assert "limit" in expected and len(set(expected)) > 1
    assert r.returncode == 1  # some record stopped at the node limit
