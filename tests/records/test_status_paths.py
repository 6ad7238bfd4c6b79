"""One vocabulary: every path that reports on a puzzle gives the same word for it.

The paths: the API (solver.check), sudokit.records.batch, the command line on line files (the record
path and the 9x9 fast path), CSV, NPY, Parquet, and Dask (map_bag).  The words: unique,
ambiguous, impossible, illegal, limit (a node limit stopped the search), error (the record
cannot be read).  Also: with the C kernels, each 9x9 line reaches a kernel exactly once.
"""

from __future__ import annotations

import csv
import io

import pytest

import sudokit
from sudokit.engine import _backend
from sudokit.records import _fastpath, batch
from sudokit import cli
from sudokit.cli import options_for
from sudokit.errors import ParseError
from sudokit.records import answer_lines

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CASES = {  # puzzle line -> the word every path must give
    P1: "unique",
    "." * 81: "ambiguous",
    "12345678." + "........9" + "." * 63: "impossible",
    "55" + P1[2:]: "illegal",
    P1[:80]: "error",
}
LIMIT = 1  # nodes: too few for HARD (the portfolio's first turn stops), on either backend


def _api(line: str, node_limit=None) -> str:
    try:
        return sudokit.check(line, node_limit=node_limit).value
    except ParseError:
        return "error"


def _cli(tmp_path, argv, name="in.txt", text=None, monkeypatch=None, fast=True) -> list[str]:
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    out = tmp_path / "out.txt"
    if monkeypatch is not None and not fast:
        monkeypatch.setattr(_fastpath, "mode", lambda command, src: None)
    code = cli.main(["check", str(path), "-o", str(out), "-q", "--jobs", "1", *argv])
    assert code in (0, 1)
    return out.read_text().splitlines()


def test_api_and_batch():
    lines = list(CASES)
    assert [_api(p) for p in lines] == list(CASES.values())
    assert batch.count_many(lines, limit=2).statuses() == list(CASES.values())
    assert _api(HARD, LIMIT) == "limit"
    assert batch.count_many([HARD], limit=2, node_limit=LIMIT).statuses() == ["limit"]


@pytest.mark.parametrize("fast", [True, False])
def test_cli_line_paths(tmp_path, monkeypatch, fast):
    text = "".join(p + "\n" for p in CASES)
    got = [line.rsplit("\t", 1)[1] for line in _cli(tmp_path, [], text=text,
                                                      monkeypatch=monkeypatch, fast=fast)]
    assert got == list(CASES.values())
    got = _cli(tmp_path, ["--node-limit", str(LIMIT)], text=HARD + "\n")
    assert got == [HARD + "\tlimit"]


def test_csv_npy_parquet(tmp_path):
    np = pytest.importorskip("numpy")
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq
    rows = list(CASES) + [HARD]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["puzzle"])
    for p in rows:
        w.writerow([p])
    want = list(CASES.values())
    got = [r[-1] for r in csv.reader(_cli(tmp_path, [], "in.csv", buf.getvalue()))][1:]
    assert got[:-1] == want
    got = [r[-1] for r in csv.reader(_cli(tmp_path, ["--node-limit", str(LIMIT)], "in.csv"))][1:]
    assert got[-1] == "limit"
    # NPY holds values: the unreadable record is a value out of range
    values = [[0 if c == "." else int(c) for c in p] for p in rows if len(p) == 81]
    bad = [10] + [0] * 80
    arr = np.array(values[:4] + [bad] + values[4:], dtype=np.uint8)
    np.save(tmp_path / "in.npy", arr)
    got = [line.rsplit("\t", 1)[1] for line in _cli(tmp_path, [], "in.npy")]
    assert got[:5] == want
    assert _cli(tmp_path, ["--node-limit", str(LIMIT)], "in.npy")[-1].endswith("\tlimit")
    pq.write_table(pa.table({"puzzle": rows}), tmp_path / "in.parquet")
    got = [line.rsplit("\t", 1)[1] for line in _cli(tmp_path, [], "in.parquet")]
    assert got[:5] == want
    assert _cli(tmp_path, ["--node-limit", str(LIMIT)], "in.parquet")[-1].endswith("\tlimit")


def test_dask_map_bag():
    db = pytest.importorskip("dask.bag")
    lines = list(CASES) + [HARD]
    got = db.from_sequence(lines, npartitions=2)
    from sudokit.records.distributed import map_bag
    out = map_bag(got, "check").compute(scheduler="sync")
    assert [t.rsplit("\t", 1)[1] for t in out][:5] == list(CASES.values())
    out = map_bag(db.from_sequence([HARD]), "check", {"node_limit": LIMIT}).compute(
        scheduler="sync")
    assert out == [HARD + "\tlimit"]


# --- each 9x9 line reaches a kernel once (C only) ------------------------------------------


class _Spy:
    """Stands in for the C module: counts the puzzles handed to its kernels."""

    def __init__(self, real):
        self.real, self.puzzles = real, 0

    def batch(self, data, n, *args, **kwargs):
        self.puzzles += n
        return self.real.batch(data, n, *args, **kwargs)

    def __getattr__(self, name):
        attr = getattr(self.real, name)
        if name in ("fast9", "propagate", "backtrack", "dlx_sudoku", "learn", "learn_start"):
            def counted(*args, **kwargs):
                self.puzzles += 1
                return attr(*args, **kwargs)
            return counted
        return attr


@pytest.mark.skipif(sudokit.backend() != "c", reason="C kernels only: the 9x9 fast path")
@pytest.mark.parametrize("command,argv", [("solve", []), ("solve", ["--unique"]),
                                          ("check", []), ("count", ["--limit", "3"])])
def test_each_line_reaches_the_kernel_once(monkeypatch, command, argv):
    lines = list(CASES) * 3 + [HARD, " " + P1, "# note", ""]
    spy = _Spy(_backend.C)
    monkeypatch.setattr(_backend, "C", spy)
    monkeypatch.setitem(_backend.KERNELS, "fast9", spy.fast9)
    a = answer_lines(lines, options_for(command, argv))
    readable = sum(1 for t in lines if t.strip() and not t.startswith("#") and len(t.strip()) == 81)
    assert a.records == len(lines) - 2
    assert spy.puzzles == readable
