"""Table rows reach the answering code as values or strings, never as a block of puzzle text.

NPY rows go to the kernels as bytes of cell values (sudokit.records._tablerows.Rows.values); the
puzzle strings of CSV/TSV/JSONL/Parquet/Arrow rows are parsed once, each where it is
answered, with error columns counted from the start of its line.  The oracle of every
comparison here is the way rows went before: their puzzles written as lines (padded to
their column) and answered by records._commands.work_block, which must give the same BlockResult.
"""

from __future__ import annotations

import random

import pytest

import sudokit
from sudokit.engine import _backend
from sudokit.records import _fastpath, _tablerows
from sudokit import formats
from sudokit.records import _commands as records
from sudokit.records.batch import format_lines
from sudokit.cli import options_for
from sudokit.records.pipeline import Block
from sudokit.shape import Shape

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _spec(command: str, argv=(), shape: Shape | None = None) -> records.Spec:
    opts = options_for(command, list(argv)).replace(format="line", to=None, log=True)
    if shape is not None:
        opts = opts.replace(box=shape)
    return records.Spec(opts, "t.npy", "line", None, "line", opts.alphabet)


def _fields(result) -> tuple:
    return (result.text, result.records, result.problems, result.notes, result.log,
            bool(result.partial))


def _grid_values(shape: Shape, rng: random.Random, blanks: float) -> list[int]:
    """A solved grid of shape (a relabelled, shuffled pattern) with some cells emptied."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    base = [[(bc * (r % br) + r // br + c) % n + 1 for c in range(n)] for r in range(n)]
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    cells = [labels[v - 1] for row in base for v in row]
    return [0 if rng.random() < blanks else v for v in cells]


def _npy_rows(shape: Shape, count: int, seed: int):
    """(values bytes, bad {line: reason}) with solvable, ambiguous, illegal and bad rows."""
    rng = random.Random(seed)
    rows, bad = [], {}
    for k in range(count):
        kind = rng.random()
        if kind < 0.1:
            row = [0] * shape.ncells  # many solutions
        elif kind < 0.2:
            row = _grid_values(shape, rng, 0.3)
            row[0] = row[1] = 1  # two givens clash
        elif kind < 0.25:
            row = [0] * shape.ncells  # stands for a row with a value out of range
            bad[k + 1] = f"row {k}, cell 0 (row 1, column 1): value 99 is outside 0-{shape.size}"
        else:
            row = _grid_values(shape, rng, rng.choice([0.2, 0.5, 0.7]))
        rows.append(bytes(row))
    return b"".join(rows), bad


def _old_values(spec, rows: _tablerows.Rows):
    """The way NPY rows went before: spelled as lines, read back by records.work_block."""
    text = format_lines(rows.values, rows.shape.size, blank=".")
    return records.work_block(spec, Block(rows.seq, rows.first_line, bytes(text), rows.bad))


@pytest.mark.parametrize("box", ["2x2", "2x3", "3x3", "4x4"])
@pytest.mark.parametrize("command,argv", [
    ("solve", []), ("solve", ["--unique"]), ("check", []), ("count", ["--limit", "3"]),
    ("solve", ["--engine", "dlx"]), ("check", ["--node-limit", "1"])])
def test_npy_values_answer_as_their_lines_did(box, command, argv):
    shape = Shape.parse(box)
    if shape.size == 16 and command == "count" and sudokit.backend() != "c":
        pytest.skip("too slow in pure Python: counting empty 16x16 grids to 3")
    values, bad = _npy_rows(shape, 60 if shape.size < 16 else 24, seed=shape.size)
    spec = _spec(command, argv, shape)
    rows = _tablerows.Rows(0, 41, values=values, shape=shape, bad={k + 40: v for k, v in bad.items()})
    assert _fields(_tablerows.work_rows(spec, rows)) == _fields(_old_values(spec, rows))


def _padded_block(rows: _tablerows.Rows) -> Block:
    probe = [" " * (rows.starts[k] if rows.starts else 0) + p for k, p in enumerate(rows.puzzles)]
    data = ("\n".join(probe) + "\n").encode("utf-8", "surrogateescape")
    return Block(rows.seq, rows.first_line, data, rows.bad)


def _odd_puzzles(count: int, seed: int) -> list[str]:
    """Puzzle strings of every kind a column may hold: good, bad characters, short, long,
    other sizes, spaces around, comments after, blanks (lines without a puzzle)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        p = P1 if rng.random() < 0.9 else HARD
        kind = rng.randrange(12)
        if kind == 0:
            k = rng.randrange(81)
            p = p[:k] + rng.choice("x!é\x01z") + p[k + 1:]
        elif kind == 1:
            p = p[:rng.randrange(1, 81)]
        elif kind == 2:
            p = p + "7"
        elif kind == 3:
            p = "  " + p + "  "
        elif kind == 4:
            p = p + " # a note"
        elif kind == 5:
            p = ""
        elif kind == 6:
            p = "1234" + "." * 12  # 4x4
        elif kind == 7:
            p = p.replace(".", "0")
        elif kind == 8:
            p = "55" + p[2:]  # illegal
        elif kind == 9:
            p = "." * 81
        out.append(p)
    return out


@pytest.mark.parametrize("command,argv", [
    ("solve", []), ("check", []), ("count", ["--limit", "2"]), ("solve", ["--engine", "dlx"]),
    ("solve", ["--unique", "--node-limit", "50"])])
@pytest.mark.parametrize("padded", [False, True])
def test_string_rows_answer_as_their_padded_lines_did(command, argv, padded):
    puzzles = _odd_puzzles(250, seed=7)
    rng = random.Random(8)
    starts = [rng.randrange(0, 30) for _ in puzzles] if padded else None
    bad = {50: "no puzzle (null)", 51: "empty puzzle field"}
    for line in bad:
        puzzles[line - 1] = "0"
        if starts:
            starts[line - 1] = 0
    spec = _spec(command, argv).replace(source="t.csv")
    rows = _tablerows.Rows(0, 1, puzzles=puzzles, starts=starts, bad=bad)
    new = _tablerows.work_rows(spec, rows)
    old = records.work_block(spec, _padded_block(rows))
    assert _fields(new) == _fields(old)
    assert "column" in new.notes  # (errors name their column: counted from the line's start)


def test_a_bom_inside_the_first_line_stays_an_error():
    spec = _spec("check")
    rows = _tablerows.Rows(0, 1, puzzles=["\ufeff" + P1, P1], starts=[4, 0])
    new = _tablerows.work_rows(spec, rows)
    assert _fields(new) == _fields(records.work_block(spec, _padded_block(rows)))
    assert new.text.splitlines()[0].endswith("\terror")


# --- no text round trip --------------------------------------------------------------------


def _forbid(monkeypatch, *names):
    def boom(*args, **kwargs):
        raise AssertionError("a table row went through text")
    for module, name in names:
        monkeypatch.setattr(module, name, boom)


def test_npy_rows_are_never_parsed_from_text(monkeypatch):
    shape = Shape(3, 3)
    values, bad = _npy_rows(shape, 80, seed=3)
    want = {}
    for command, argv in [("solve", []), ("check", []), ("solve", ["--engine", "dlx"])]:
        spec = _spec(command, argv, shape)
        want[command, tuple(argv)] = _fields(_old_values(spec, _tablerows.Rows(
            0, 1, values=values, shape=shape, bad=bad)))
    from sudokit.formats import _stream
    _forbid(monkeypatch, (formats, "read_records"), (_stream, "read_records"),
            (formats, "_parse_line"), (_fastpath, "_plain9"), (records, "work_block"))
    for (command, argv), fields in want.items():
        spec = _spec(command, list(argv), shape)
        rows = _tablerows.Rows(0, 1, values=values, shape=shape, bad=bad)
        assert _fields(_tablerows.work_rows(spec, rows)) == fields


def test_string_rows_are_read_as_they_are(monkeypatch):
    """The line reader gets each row's own string (no padding, no joined block)."""
    puzzles = _odd_puzzles(200, seed=9)
    starts = [3] * len(puzzles)
    seen = []
    real = formats.read_records

    def spy(lines, **kwargs):
        lines = list(lines)
        seen.extend(lines)
        return real(lines, **kwargs)
    from sudokit.records import _input as _recinput
    monkeypatch.setattr(_recinput.formats, "read_records", spy)
    _forbid(monkeypatch, (records, "work_block"))
    spec = _spec("check", ["--engine", "dlx"])
    _tablerows.work_rows(spec, _tablerows.Rows(0, 1, puzzles=puzzles, starts=starts))
    assert seen == puzzles


@pytest.mark.skipif(sudokit.backend() != "c", reason="C kernels only: the C batch kernel")
def test_npy_values_go_to_the_batch_kernel_as_they_are(tmp_path, monkeypatch):
    np = pytest.importorskip("numpy")
    from sudokit import cli
    shape = Shape(3, 3)
    values, _ = _npy_rows(shape, 300, seed=4)
    arr = np.frombuffer(values, dtype=np.uint8).reshape(-1, 81).copy()
    arr[17, 5] = 42  # a bad row: never handed to the kernel
    np.save(tmp_path / "p.npy", arr)
    handed = []
    real = _backend.C

    class Spy:
        def batch(self, data, n, *args):
            handed.append(bytes(data))
            return real.batch(data, n, *args)

        def __getattr__(self, name):
            return getattr(real, name)
    monkeypatch.setattr(_backend, "C", Spy())
    _forbid(monkeypatch, (formats, "read_records"), (formats, "_parse_line"))
    out = tmp_path / "out.txt"
    assert cli.main(["check", str(tmp_path / "p.npy"), "--jobs", "1", "-q", "-o", str(out)]) == 1
    rows = [r.tobytes() for k, r in enumerate(arr) if k != 17]
    assert b"".join(handed) == b"".join(rows)
    got = out.read_text().splitlines()
    assert len(got) == 300 and got[17] == "." * 81 + "\terror"


def test_rows_travel_to_workers_as_they_are():
    import pickle
    rows = _tablerows.Rows(3, 7, values=bytes(81), shape=Shape(3, 3), bad={7: "why"})
    back = pickle.loads(pickle.dumps(rows))
    assert (back.seq, back.first_line, back.values, back.shape, back.bad) == \
        (3, 7, bytes(81), Shape(3, 3), {7: "why"})
    assert back.lines() == ["." * 81] and len(back) == 1
    text = _tablerows.Rows(0, 1, puzzles=["a", "b"])
    assert pickle.loads(pickle.dumps(text)).lines() == ["a", "b"]
