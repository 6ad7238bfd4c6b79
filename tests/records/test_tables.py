"""sudokit.records.tables: .npy, Parquet and Arrow IPC datasets read in blocks and written back."""

from __future__ import annotations

import subprocess
import sys

import pytest

import sudokit
from sudokit.records import batch
from sudokit.shape import Shape
from sudokit.records.tables import ArrowWriter, NpyWriter, TableError, kind_of, open_npy, open_table

PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
]
# the same puzzles with '0' blanks: the leading zeros are part of the puzzle
ZERO_PUZZLES = [p.replace(".", "0") for p in PUZZLES]


def values_of(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line]


# --- kind_of --------------------------------------------------------------------------------


@pytest.mark.parametrize("name, kind", [
    ("a.npy", "npy"), ("A.NPY", "npy"), ("x/y.parquet", "parquet"), ("d.PQ", "parquet"),
    ("d.arrow", "arrow"), ("d.Feather", "arrow"), ("d.ipc", "arrow"), ("d.csv", None),
    ("d.txt", None), ("parquet", None), ("d.npz", None), ("d.parquet.gz", None),
])
def test_kind_of(name, kind, tmp_path):
    assert kind_of(name) == kind
    assert kind_of(tmp_path / name) == kind


def test_import_needs_only_the_standard_library():
    code = ("import sys; import sudokit.records.tables; "
            "assert 'numpy' not in sys.modules and 'pyarrow' not in sys.modules, "
            "sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'pyarrow'))")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_table_error_parts():
    err = TableError("column 'q' has type int64; why", path="data.parquet", column="q")
    assert isinstance(err, ValueError)
    assert str(err) == "data.parquet: column 'q' has type int64; why"
    assert (err.path, err.column) == ("data.parquet", "q")
    assert err.reason == "column 'q' has type int64; why"


# --- .npy reading -------------------------------------------------------------------------------


def random_values(np, n, size=9, seed=0):
    rng = np.random.default_rng(seed)
    return rng.integers(0, size + 1, size=(n, size * size), dtype=np.uint8)


@pytest.mark.parametrize("rows_per_block", [1, 3, 7, 10, 11, 65536])
def test_npy_round_trip_flat(tmp_path, rows_per_block):
    np = pytest.importorskip("numpy")
    arr = random_values(np, 10)
    path = tmp_path / "p.npy"
    np.save(path, arr)
    src = open_npy(path, rows_per_block=rows_per_block)
    assert (src.n, src.tail, src.dtype, src.shape) == (10, (81,), np.dtype(np.uint8), Shape(3, 3))
    assert len(src) == 10
    starts, out = [], b""
    for start, values, bad in src.blocks():
        assert isinstance(values, bytes) and bad == {}
        assert len(values) % 81 == 0 and len(values) // 81 <= rows_per_block
        starts.append(start)
        out += values
    assert starts == list(range(0, 10, rows_per_block))
    assert out == arr.tobytes()


def test_npy_round_trip_square_tail(tmp_path):
    np = pytest.importorskip("numpy")
    arr = random_values(np, 13, seed=1).reshape(13, 9, 9)
    path = tmp_path / "p.npy"
    np.save(path, arr)
    src = open_npy(path, rows_per_block=4)
    assert (src.n, src.tail, src.shape) == (13, (9, 9), Shape(3, 3))
    blocks = list(src.blocks())
    assert [b[0] for b in blocks] == [0, 4, 8, 12]
    assert b"".join(b[1] for b in blocks) == arr.tobytes()


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int16", "int32", "int64", "uint64", ">i4"])
def test_npy_other_integer_dtypes(tmp_path, dtype):
    np = pytest.importorskip("numpy")
    arr = random_values(np, 9, seed=2)
    path = tmp_path / "p.npy"
    np.save(path, arr.astype(dtype))
    src = open_npy(path, rows_per_block=4)
    assert src.dtype == np.dtype(dtype)
    assert b"".join(v for _, v, _ in src.blocks()) == arr.tobytes()


def test_npy_empty_file(tmp_path):
    np = pytest.importorskip("numpy")
    path = tmp_path / "e.npy"
    np.save(path, np.zeros((0, 81), np.uint8))
    src = open_npy(path)
    assert src.n == 0 and list(src.blocks()) == []


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int64"])
def test_npy_out_of_range_rows(tmp_path, dtype):
    np = pytest.importorskip("numpy")
    arr = random_values(np, 23, seed=3).astype(dtype)
    arr[17, 5] = 12                      # row 17, grid row 1, column 6
    arr[17, 70] = 200                    # a second bad cell: the first one is named
    arr[3, 80] = 10
    if dtype != "uint8":
        arr[20, 9] = -1                  # grid row 2, column 1
    path = tmp_path / "bad.npy"
    np.save(path, arr)
    src = open_npy(path, rows_per_block=4)
    bad_all, out = {}, b""
    for start, values, bad in src.blocks():
        assert all(start <= r < start + 4 for r in bad)
        bad_all.update(bad)
        out += values
    want = {
        3: "row 3, cell 80 (row 9, column 9): value 10 is outside 0-9",
        17: "row 17, cell 5 (row 1, column 6): value 12 is outside 0-9",
    }
    if dtype != "uint8":
        want[20] = "row 20, cell 9 (row 2, column 1): value -1 is outside 0-9"
    assert bad_all == want
    got = np.frombuffer(out, np.uint8).reshape(23, 81)
    good = [r for r in range(23) if r not in want]
    assert not got[sorted(want)].any()                       # bad rows zeroed
    assert (got[good] == arr[good]).all()                    # the others untouched


def test_npy_bad_rows_fill_marks_them_for_the_batch(tmp_path):
    np = pytest.importorskip("numpy")
    arr = np.array([values_of(p) for p in PUZZLES], dtype=np.int16)
    arr[2, 0] = 99
    path = tmp_path / "p.npy"
    np.save(path, arr)
    [(start, values, bad)] = list(open_npy(path).blocks(fill=255))
    assert list(bad) == [2]
    assert values[2 * 81:3 * 81] == b"\xff" * 81
    res = batch.solve_many(values)
    assert res.statuses() == ["solved", "solved", "error", "solved", "solved"]


@pytest.mark.parametrize("dtype, word", [
    ("float64", "floating-point"), ("float32", "floating-point"), ("bool", "booleans"),
    ("complex64", "complex"), ("<U81", "text"), ("S81", "bytes"),
])
def test_npy_rejected_dtypes(tmp_path, dtype, word):
    np = pytest.importorskip("numpy")
    path = tmp_path / "f.npy"
    np.save(path, np.zeros((4, 81), dtype=dtype))
    with pytest.raises(TableError) as info:
        open_npy(path)
    msg = str(info.value)
    assert msg.startswith(f"{path}: dtype {np.dtype(dtype)} holds")
    assert word in msg
    assert "expected an integer array" in msg and "(n, 81) or (n, 9, 9)" in msg


def test_npy_object_dtype_rejected(tmp_path):
    np = pytest.importorskip("numpy")
    path = tmp_path / "o.npy"
    np.save(path, np.array([[1] * 81, [2] * 81], dtype=object), allow_pickle=True)
    with pytest.raises(TableError, match="Python objects.*expected an integer array"):
        open_npy(path)


@pytest.mark.parametrize("dims", [(10,), (10, 80), (10, 9, 8), (10, 9, 9, 1), (10, 65 * 65),
                                  (10, 65, 65), (10, 0)])
def test_npy_rejected_shapes(tmp_path, dims):
    np = pytest.importorskip("numpy")
    path = tmp_path / "s.npy"
    np.save(path, np.zeros(dims, dtype=np.uint8))
    with pytest.raises(TableError) as info:
        open_npy(path)
    msg = str(info.value)
    assert msg.startswith(f"{path}: an array of shape {dims} is not a list of puzzles")
    assert "(n, N*N) or (n, N, N)" in msg


def test_npy_box_shapes(tmp_path):
    np = pytest.importorskip("numpy")
    path = tmp_path / "six.npy"
    np.save(path, np.zeros((3, 36), np.uint8))
    assert open_npy(path).shape == Shape(2, 3)
    assert open_npy(path, box="3x2").shape == Shape(3, 2)
    assert open_npy(path, box=Shape(3, 2)).shape == Shape(3, 2)
    assert open_npy(path, box=(3, 2)).shape == Shape(3, 2)
    with pytest.raises(TableError, match="box 3x3 makes 9x9 grids"):
        open_npy(path, box="3x3")
    with pytest.raises(TableError, match="bad box shape"):
        open_npy(path, box="banana")
    seven = tmp_path / "seven.npy"
    np.save(seven, np.zeros((3, 7, 7), np.uint8))
    with pytest.raises(TableError, match="box"):
        open_npy(seven)
    src = open_npy(seven, box="1x7")
    assert src.shape == Shape(1, 7) and src.tail == (7, 7)
    big = tmp_path / "sixteen.npy"
    np.save(big, np.full((2, 256), 17, np.uint8))
    [(_, _, bad)] = list(open_npy(big).blocks())
    assert bad[0] == "row 0, cell 0 (row 1, column 1): value 17 is outside 0-16"


def test_npy_not_npy_and_truncated(tmp_path):
    np = pytest.importorskip("numpy")
    junk = tmp_path / "junk.npy"
    junk.write_bytes(b"4.....8.5.3..........7......\n")
    with pytest.raises(TableError, match="not a NumPy .npy file"):
        open_npy(junk)
    path = tmp_path / "short.npy"
    np.save(path, np.zeros((100, 81), np.uint8))
    data = path.read_bytes()
    path.write_bytes(data[:len(data) - 500])
    with pytest.raises(TableError, match="shorter than its .npy header"):
        open_npy(path)
    with pytest.raises(FileNotFoundError):
        open_npy(tmp_path / "missing.npy")
    with pytest.raises(ValueError, match="rows_per_block"):
        open_npy(path, rows_per_block=0)


def test_npy_large_file_read_in_blocks_through_a_memory_map(tmp_path):
    np = pytest.importorskip("numpy")
    import tracemalloc
    n = 200_000
    path = tmp_path / "big.npy"
    arr = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint8, shape=(n, 81))
    arr[:] = np.arange(81, dtype=np.uint8) % 10
    arr[123_456, 40] = 11
    arr.flush()
    del arr
    src = open_npy(path, rows_per_block=10_000)
    assert isinstance(src.array, np.memmap)          # mapped, not loaded
    tracemalloc.start()
    try:
        rows, bads, nblocks = 0, {}, 0
        for start, values, bad in src.blocks():
            assert start == rows
            rows += len(values) // 81
            bads.update(bad)
            nblocks += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert rows == n and nblocks == 20
    assert list(bads) == [123_456]
    assert peak < 8 * 1024 * 1024, f"peak {peak} bytes: the 16 MB file was loaded whole?"
    src.close()
    assert src.array is None


def test_npy_blocks_feed_the_batch_solver(tmp_path):
    np = pytest.importorskip("numpy")
    arr = np.array([values_of(p) for p in PUZZLES], dtype=np.uint8).reshape(-1, 9, 9)
    path = tmp_path / "p.npy"
    np.save(path, arr)
    src = open_npy(path, rows_per_block=2)
    solved = 0
    for start, values, bad in src.blocks():
        assert bad == {}
        res = batch.solve_many(values, box=src.shape)
        for i in range(res.n):
            sol = res.solution(i)
            assert sol is not None and res.status(i) == "solved"
            assert sudokit.is_solution(sudokit.Grid(sol), sudokit.Grid(PUZZLES[start + i]))
            solved += 1
    assert solved == len(PUZZLES)


def test_npy_six_by_six_blocks_feed_the_batch_solver(tmp_path):
    np = pytest.importorskip("numpy")
    full = sudokit.solve(sudokit.Grid.empty("2x3")).values
    puzzles = []
    for k in range(4):
        vals = list(full)
        for cell in range(k, 36, 3):
            vals[cell] = 0
        puzzles.append(vals)
    path = tmp_path / "six.npy"
    np.save(path, np.array(puzzles, dtype=np.int32).reshape(4, 6, 6))
    src = open_npy(path, rows_per_block=3)
    assert src.shape == Shape(2, 3)
    for start, values, bad in src.blocks():
        res = batch.solve_many(values, box=src.shape)
        for i in range(res.n):
            puzzle = sudokit.Grid(puzzles[start + i], Shape(2, 3))
            assert sudokit.is_solution(sudokit.Grid(res.solution(i), Shape(2, 3)), puzzle)


# --- .npy writing -------------------------------------------------------------------------------


@pytest.mark.parametrize("tail", [(81,), (9, 9), 81])
def test_npy_writer_round_trip(tmp_path, tail):
    np = pytest.importorskip("numpy")
    arr = random_values(np, 10, seed=4)
    path = tmp_path / "w.npy"
    with NpyWriter(path, 10, tail) as w:
        assert w.write(arr[:4].tobytes()) == 4
        assert w.write(bytearray(arr[4:7].tobytes())) == 3
        assert w.write(arr[7:]) == 3
        assert w.rows == 10
    back = np.load(path)
    want_tail = (tail,) if isinstance(tail, int) else tail
    assert back.shape == (10, *want_tail) and back.dtype == np.uint8
    assert back.tobytes() == arr.tobytes()
    # and the reader takes it back
    assert b"".join(v for _, v, _ in open_npy(path, rows_per_block=3).blocks()) == arr.tobytes()


def test_npy_writer_other_dtype(tmp_path):
    np = pytest.importorskip("numpy")
    arr = random_values(np, 5, seed=5)
    path = tmp_path / "w16.npy"
    w = NpyWriter(path, 5, (9, 9), dtype=np.int16)
    w.write(arr.tobytes())
    w.close()
    back = np.load(path)
    assert back.dtype == np.int16 and back.shape == (5, 9, 9)
    assert (back.reshape(5, 81) == arr).all()


def test_npy_writer_row_count_checks(tmp_path):
    np = pytest.importorskip("numpy")
    path = tmp_path / "w.npy"
    w = NpyWriter(path, 3, (81,))
    w.write(bytes(81 * 2))
    with pytest.raises(ValueError, match="not whole rows"):
        w.write(bytes(80))
    with pytest.raises(ValueError, match="would make 4, but the file holds 3"):
        w.write(bytes(81 * 2))
    with pytest.raises(TableError, match="2 rows were written but the header promises 3"):
        w.close()
    w.close()                                        # closing twice is harmless
    with pytest.raises(ValueError, match="closed"):
        w.write(bytes(81))
    # an exception inside `with` is not masked by the row-count check
    with pytest.raises(KeyError):
        with NpyWriter(tmp_path / "x.npy", 5, (81,)) as w2:
            w2.write(bytes(81))
            raise KeyError("boom")
    with pytest.raises(ValueError, match="integer dtypes"):
        NpyWriter(tmp_path / "f.npy", 1, (81,), dtype="float32")
    # zero rows is a valid file
    NpyWriter(tmp_path / "z.npy", 0, (81,)).close()
    assert np.load(tmp_path / "z.npy").shape == (0, 81)


# --- Parquet and Arrow ------------------------------------------------------------------------


def write_parquet(path, table, **kw):
    import pyarrow.parquet as pq
    pq.write_table(table, path, **kw)


def test_parquet_zero_blank_puzzles_keep_their_leading_zeros(tmp_path):
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "data.parquet"
    ids = list(range(len(ZERO_PUZZLES)))
    write_parquet(path, pa.table({"id": ids, "Quizzes": ZERO_PUZZLES}), row_group_size=2)
    src = open_table(path, rows_per_block=3)
    assert (src.n, src.columns, src.col, src.kind) == (5, ["id", "Quizzes"], "Quizzes", "parquet")
    got, starts = [], []
    for start, puzzles, rb in src.blocks():
        assert rb.num_rows == len(puzzles) <= 3
        assert rb.column(0).to_pylist() == ids[start:start + len(puzzles)]
        starts.append(start)
        got += puzzles
    assert got == ZERO_PUZZLES
    assert got[1].startswith("52000")
    assert starts[0] == 0 and len(got) == 5


def test_parquet_int_column_is_rejected_with_the_leading_zeros_explanation(tmp_path):
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "data.parquet"
    # what a CSV reader makes of 0-blank puzzles: numbers, the leading zeros gone
    write_parquet(path, pa.table({"quizzes": [7, 8], "solutions": ["a", "b"]}))
    with pytest.raises(TableError) as info:
        open_table(path)
    assert str(info.value) == (
        f"{path}: column 'quizzes' has type int64; puzzles must be stored as text (strings), "
        "because a number drops the leading zeros of a 0-blank puzzle; choose a text column "
        "with --col or re-export it as strings")
    assert info.value.column == "quizzes"
    # a float or decimal column too; another text column may be chosen explicitly
    assert open_table(path, col="solutions").col == "solutions"
    import decimal
    for values in ([1.5, 2.0], [decimal.Decimal("12.0"), decimal.Decimal("3.0")]):
        write_parquet(path, pa.table({"puzzle": values}))
        with pytest.raises(TableError, match="drops the leading zeros"):
            open_table(path)
    write_parquet(path, pa.table({"a": [1, 2], "b": [True, False]}))
    with pytest.raises(TableError, match=r"no text column .*'a' \(int64\), 'b' \(bool\).*"
                                         "leading zeros"):
        open_table(path)
    with pytest.raises(TableError, match="column 'b' has type bool; puzzles must be stored as "
                                         "text"):
        open_table(path, col="b")


def test_table_column_choice(tmp_path):
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "t.parquet"
    write_parquet(path, pa.table({"n": [1], "note": ["x"], "Sudoku": [PUZZLES[0]],
                                  "other": ["y"]}))
    assert open_table(path).col == "Sudoku"
    assert open_table(path, col="note").col == "note"
    assert open_table(path, col="NOTE").col == "note"      # case-insensitive fallback
    assert open_table(path, col=3).col == "other"
    assert open_table(path, col="3").col == "other"        # a digit string from --col
    with pytest.raises(TableError) as info:
        open_table(path, col="quizzes")
    msg = str(info.value)
    assert msg == (f"{path}: there is no column 'quizzes'; the columns are 'n' (int64), "
                   "'note' (string), 'Sudoku' (string), 'other' (string)")
    with pytest.raises(TableError, match="there is no column 9 .*4 column"):
        open_table(path, col=9)
    # no puzzle-like name: the first text column
    write_parquet(path, pa.table({"n": [1], "text": [PUZZLES[0]], "more": ["z"]}))
    assert open_table(path).col == "text"


def test_table_string_kinds_and_nulls(tmp_path):
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "t.parquet"
    values = [ZERO_PUZZLES[0], None, ZERO_PUZZLES[1]]
    for arr in (pa.array(values, pa.string()), pa.array(values, pa.large_string()),
                pa.array(values, pa.string()).dictionary_encode()):
        write_parquet(path, pa.table({"puzzle": arr}))
        [(start, puzzles, rb)] = list(open_table(path).blocks())
        assert start == 0 and puzzles == values
    arrow = tmp_path / "t.arrow"
    schema = pa.schema([("puzzle", pa.dictionary(pa.int32(), pa.string()))])
    with pa.ipc.new_file(arrow, schema) as w:
        w.write_batch(pa.record_batch([pa.array(values).dictionary_encode()], names=["puzzle"]))
    assert [p for _, ps, _ in open_table(arrow).blocks() for p in ps] == values


@pytest.mark.parametrize("name, fmt", [("d.arrow", "file"), ("d.feather", "feather"),
                                       ("d.ipc", "stream"), ("d.arrow", "stream")])
def test_arrow_ipc_round_trip(tmp_path, name, fmt):
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / name
    table = pa.table({"id": list(range(7)), "puzzle": ZERO_PUZZLES + [None, ZERO_PUZZLES[0]]})
    if fmt == "feather":
        import pyarrow.feather as feather
        feather.write_feather(table, path, chunksize=3)
    else:
        opener = pa.ipc.new_file if fmt == "file" else pa.ipc.new_stream
        with opener(path, table.schema) as w:
            for rb in table.to_batches(max_chunksize=4):      # batches of 4 and 3
                w.write_batch(rb)
    src = open_table(path, rows_per_block=2)
    assert (src.n, src.col, src.kind) == (7, "puzzle", "arrow")
    starts, got, ids = [], [], []
    for start, puzzles, rb in src.blocks():
        assert len(puzzles) <= 2
        starts.append(start)
        got += puzzles
        ids += rb.column(0).to_pylist()
    assert got == table.column("puzzle").to_pylist() and ids == list(range(7))
    assert starts == sorted(starts) and starts[0] == 0
    assert list(src.blocks())[-1][0] + len(list(src.blocks())[-1][1]) == 7   # re-iterable
    # write it back with two added columns, to both kinds
    for out_name in ("out.arrow", "out.parquet"):
        out = tmp_path / out_name
        with ArrowWriter(out, src.schema, ["solution", "status"]) as w:
            for start, puzzles, rb in src.blocks():
                w.write(rb, {"solution": [p and p.replace("0", "1") for p in puzzles],
                             "status": ["ok" if p else "error" for p in puzzles]})
            assert w.rows == 7
        back = open_table(out)
        assert back.columns == ["id", "puzzle", "solution", "status"]
        rows = [r for _, _, rb in back.blocks() for r in rb.to_pylist()]
        assert [r["puzzle"] for r in rows] == got
        assert rows[1]["solution"] == ZERO_PUZZLES[1].replace("0", "1")
        assert [r["status"] for r in rows] == ["ok"] * 5 + ["error", "ok"]


def test_parquet_blocks_solve_and_write_back(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq
    path = tmp_path / "kaggle.parquet"
    write_parquet(path, pa.table({"quizzes": ZERO_PUZZLES + ["not a puzzle", None],
                                  "difficulty": [1.5] * 7}), row_group_size=3)
    src = open_table(path, rows_per_block=2)
    out = tmp_path / "solved.parquet"
    with ArrowWriter(out, src.schema, ["solution", "status"]) as w:
        for start, puzzles, rb in src.blocks():
            res = batch.solve_many([p if p is not None else "" for p in puzzles], box="3x3")
            w.write(rb, {"solution": res.solution_lines(), "status": res.statuses()})
    table = pq.read_table(out)
    assert table.column_names == ["quizzes", "difficulty", "solution", "status"]
    assert table.column("status").to_pylist() == ["solved"] * 5 + ["error", "error"]
    for puzzle, sol in zip(ZERO_PUZZLES, table.column("solution").to_pylist()):
        assert sudokit.is_solution(sol, puzzle)
    assert table.column("solution").to_pylist()[5:] == [None, None]
    assert table.column("difficulty").to_pylist() == [1.5] * 7


def test_arrow_writer_checks_and_replaces(tmp_path):
    pa = pytest.importorskip("pyarrow")
    schema = pa.schema([("puzzle", pa.string()), ("status", pa.int64())])
    rb = pa.record_batch([pa.array(["a", "b"]), pa.array([1, 2])], schema=schema)
    out = tmp_path / "o.parquet"
    w = ArrowWriter(out, schema, ["solution", "status"])
    assert w.schema.names == ["puzzle", "status", "solution"]      # status replaced in place
    with pytest.raises(ValueError, match="missing \\['status'\\]"):
        w.write(rb, {"solution": ["x", "y"]})
    with pytest.raises(ValueError, match="unknown \\['extra'\\]"):
        w.write(rb, {"solution": ["x", "y"], "status": ["s", "t"], "extra": [1, 2]})
    with pytest.raises(ValueError, match="'solution' has 1 values for a batch of 2 rows"):
        w.write(rb, {"solution": ["x"], "status": ["s", "t"]})
    w.write(rb, {"solution": ["x", None], "status": pa.array(["s", "t"])})
    w.close()
    w.close()
    import pyarrow.parquet as pq
    assert pq.read_table(out).to_pylist() == [
        {"puzzle": "a", "status": "s", "solution": "x"},
        {"puzzle": "b", "status": "t", "solution": None}]
    with pytest.raises(TableError, match="writes .parquet"):
        ArrowWriter(tmp_path / "o.csv", schema, ["solution"])
    # nothing written: a valid empty file with the schema
    empty = tmp_path / "e.arrow"
    ArrowWriter(empty, schema, ["solution"]).close()
    src = open_table(empty)
    assert src.n == 0 and src.columns == ["puzzle", "status", "solution"]
    assert list(src.blocks()) == []


def test_table_bad_files(tmp_path):
    pytest.importorskip("pyarrow")
    for name in ("junk.parquet", "junk.arrow"):
        path = tmp_path / name
        path.write_bytes(b"quizzes,solutions\n0043,1243\n" * 10)
        with pytest.raises(TableError, match="not a readable"):
            open_table(path)
    with pytest.raises(TableError, match="not a Parquet or Arrow file name"):
        open_table(tmp_path / "data.csv")
    with pytest.raises(FileNotFoundError):
        open_table(tmp_path / "missing.parquet")


def test_missing_optional_packages(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(TableError, match=r"pip install 'sudokit\[parquet\]'"):
        open_table(tmp_path / "x.parquet")
    with pytest.raises(TableError, match=r"pip install 'sudokit\[parquet\]'"):
        ArrowWriter(tmp_path / "x.arrow", None, ["solution"])
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(TableError, match=r"pip install 'sudokit\[numpy\]'"):
        open_npy(tmp_path / "x.npy")
