"""sudokit.records.distributed on a real (local) Dask cluster: two worker processes, one thread each."""

from __future__ import annotations

import json

import pytest

dask = pytest.importorskip("dask")
pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")

import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402

import sudokit  # noqa: E402
from sudokit.records import Options, answer_lines as _answer_lines  # noqa: E402
from sudokit.records.distributed import answers_bag, map_bag, map_dataframe, run_file  # noqa: E402

from conftest import TESTDATA, read_golden  # noqa: E402

# 26 golden puzzles, repeated to a few hundred lines, with bad lines, blanks and comments
# (the quick ones, so that the pure-Python kernels take seconds too: unique, impossible and
# many-solution puzzles)
_QUICK = [*range(9), 18, 21, *range(28, 43)]
GOLDEN = [(puzzle, solution, count) for k, (_, _, puzzle, count, solution)
          in enumerate(read_golden(TESTDATA / "golden_tdoku.txt")) if k in _QUICK]
BAD = {9: "12345", 40: "", 41: "# a comment", 77: "1234567", 150: "1" * 81, 201: "4" + "." * 79}


def _lines() -> list[str]:
    lines = [g[0] for g in GOLDEN] * 10  # 260 lines
    for i, text in BAD.items():
        lines[i] = text
    return lines


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           dashboard_address=":0", silence_logs=40)
    c = Client(cluster)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def answer_lines(command, lines, options=None, **kw):
    return _answer_lines(lines, Options(command, **(options or {})), **kw)


def _joined(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


@pytest.mark.parametrize("command,options", [
    ("solve", {}), ("check", {}), ("count", {"limit": 2}),
    ("solve", {"to": "json"}), ("solve", {"to": "block"}),
])
def test_map_bag_equals_answer_lines(client, command, options):
    lines = _lines()
    bag = db.from_sequence(lines, partition_size=29)  # 9 partitions
    assert bag.npartitions > 4
    got = map_bag(bag, command, options).compute()
    want = answer_lines(command, lines, options, source="<bag>")
    if options.get("to") == "block":
        assert _joined(got) == want.text
        return
    # one output item per input item: the records' answers in order, and blank or '#'
    # items (no record to the command line) marked as errors in their places
    assert len(got) == len(lines)
    records = [t for t, line in zip(got, lines) if line.strip() and not line.startswith("#")]
    assert _joined(records) == want.text
    for t, line in zip(got, lines):
        if not line.strip() or line.startswith("#"):
            assert t.endswith("\terror") or '"status": "error"' in t


def test_bad_lines_keep_place_and_global_line_numbers(client):
    lines = _lines()
    bag = db.from_sequence([t + "\n" for t in lines], partition_size=29)
    out = map_bag(bag, "solve").compute()
    assert len(out) == len(lines)  # one item out per item in: they line up
    for i, (text, line) in enumerate(zip(lines, out)):
        if i in (40, 41):
            assert line == f"{text}\terror"
        elif i in (9, 77, 201):
            assert line == f"{text}\terror"
        elif i == 150:
            assert line == f"{text}\tillegal"
        else:
            assert "\t" not in line or line.endswith("\timpossible")
    answers = answers_bag(bag, "solve").compute()
    assert [a["partition"] for a in answers] == list(range(bag.npartitions))
    assert [a["first_line"] for a in answers] == [1 + 29 * k for k in range(bag.npartitions)]
    log = [e for a in answers for e in a["log"]]
    assert log == answer_lines("solve", lines, source="<bag>").log
    assert {e["line"] for e in log if e["status"] == "error"} == {10, 78, 202}
    notes = "".join(a["notes"] for a in answers)
    assert "<bag>, line 10, column 6: expected 81 cells" in notes
    assert "<bag>, line 151: illegal" in notes


def test_run_file_parts_in_order(client, tmp_path):
    lines = _lines()
    src = tmp_path / "in.txt"
    src.write_text(_joined(lines))
    errors = tmp_path / "errors.jsonl"
    names = run_file(str(src), str(tmp_path / "out" / "part-*.txt"), "solve",
                     blocksize=2048, client=client, errors=str(errors))
    assert len(names) > 5 and names == sorted(names)
    parts = [open(n, encoding="utf-8").read() for n in names]
    assert all(p.endswith("\n") for p in parts)
    want = answer_lines("solve", lines, source=str(src))
    assert "".join(parts) == want.text
    assert [json.loads(t) for t in errors.read_text().splitlines()] == want.log
    # part 0 holds the first lines
    assert parts[0].split("\n")[0] == answer_lines("solve", lines[:1]).text.rstrip("\n")


def test_run_file_default_scheduler_and_multiline(client, tmp_path):
    lines = _lines()[:60]
    src = tmp_path / "in.txt"
    src.write_text(_joined(lines))
    names = run_file(str(src), str(tmp_path / "b-*.sdk"), "solve", {"to": "block"},
                     blocksize=1500)
    assert len(names) > 2
    text = "".join(open(n).read() for n in names)
    assert text == answer_lines("solve", lines, {"to": "block"}, source=str(src)).text


def test_map_dataframe_rows_aligned(client):
    puzzles = [g[0] for g in GOLDEN] * 3
    puzzles[5], puzzles[17], puzzles[33], puzzles[60] = None, "", "123", "# not a puzzle"
    pdf = pd.DataFrame({"id": range(len(puzzles)), "puzzle": pd.Series(puzzles, dtype=object)})
    df = dd.from_pandas(pdf, npartitions=5)
    out = map_dataframe(df, "solve", "puzzle").compute()
    assert list(out["id"]) == list(range(len(puzzles)))
    for i, (puzzle, result) in enumerate(zip(out["puzzle"], out["solution"])):
        if i in (5, 17, 33, 60):
            assert result == "error"
            continue
        _, solution, count = GOLDEN[i % len(GOLDEN)]
        if count == 0:
            assert result == "impossible"
        else:  # (a puzzle with several solutions gets one of them)
            assert sudokit.is_solution(result, puzzle), i
            assert solution is None or result == solution
    checked = map_dataframe(df, "check", "puzzle").compute()
    assert checked["verdict"].iloc[0] == "unique" and checked["verdict"].iloc[5] == "error"
    counted = map_dataframe(df, "count", "puzzle", {"limit": 2}, out_column="n").compute()
    assert counted["n"].iloc[0] == "1"


def test_map_dataframe_rejects_numbers():
    # what read_csv infers for puzzles written with 0 for empty cells
    for values in ([4000080005, 52000600], [4.0e80, 5.2e79]):
        pdf = pd.DataFrame({"puzzle": values})
        with pytest.raises(TypeError, match="dtype=str"):
            map_dataframe(dd.from_pandas(pdf, npartitions=1), "solve", "puzzle")
    with pytest.raises(ValueError, match="one output line"):
        pdf = pd.DataFrame({"puzzle": [GOLDEN[0][0]]})
        map_dataframe(dd.from_pandas(pdf, npartitions=1), "solve", "puzzle",
                      {"to": "block"}).compute(scheduler="sync")


def test_bad_command_and_options():
    bag = db.from_sequence([GOLDEN[0][0]])
    with pytest.raises(ValueError, match="not 'judge'"):
        map_bag(bag, "judge")
    with pytest.raises(TypeError, match="jobs"):
        map_bag(bag, "solve", {"jobs": 2})
    with pytest.raises(TypeError, match="a dict of its fields"):
        map_bag(bag, "solve", ["--unique"])
    with pytest.raises(ValueError, match="unknown engine"):
        map_bag(bag, "solve", {"engine": "bogus"})


def test_missing_dask_message(monkeypatch):
    import builtins
    import sudokit.records.distributed as dist
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "dask" or name.startswith("dask."):
            raise ImportError("No module named 'dask'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    with pytest.raises(ImportError, match=r"pip install 'sudokit\[dask\]'"):
        dist.map_bag(None, "solve")


def test_a_partition_that_starts_with_a_bad_line_reads_as_the_whole(client):
    lines = _lines()
    lines[29] = "12345"  # the first line of the second partition (partition_size=29)
    bag = db.from_sequence(lines, partition_size=29)
    answers = answers_bag(bag, "check").compute()
    want = answer_lines("check", lines, source="<bag>")
    assert "".join(a["notes"] for a in answers) == want.notes
    assert "line 30" in want.notes and "81 cells" in want.notes.split("line 30")[1].split("\n")[0]
