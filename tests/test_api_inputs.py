"""Inputs of the API that are not text: numpy arrays and scalars, buffers, odd arguments.

Issue #18 items 9 and 12: no NumPy value may be cast silently (265 -> 9, 256 -> blank,
7.9 -> 7, NaN -> 0), no buffer of wide items may be read as bytes, an empty array is an empty
batch, numpy integers work wherever ints do.  One rule for out-of-range values in a batch:
the record gets FLAG_BAD_INPUT (and its status word), with an error naming the record, the
cell and the value, and every other record gets its usual answer.  Runs on both backends.
"""

from __future__ import annotations

import array
import subprocess
import sys

import pytest

from sudokit import Grid, check, count_solutions, is_solution, search, solve
from sudokit.records import batch
from sudokit.errors import ShapeError

from conftest import TESTDATA, read_golden

np = pytest.importorskip("numpy")

# unique 9x9 puzzles (count 1) from the golden file, with their solutions
UNIQUE = [(p, s) for _, box, p, c, s in read_golden(TESTDATA / "golden_tdoku.txt")
          if box is None and c == 1][:4]


def _values(line: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in line]


def _rows(dtype=np.uint8):
    return np.array([_values(p) for p, _ in UNIQUE], dtype=dtype)


def bad_records(res) -> list[int]:
    """The records flagged FLAG_BAD_INPUT (checked by flag: the status word may change)."""
    return [i for i in range(res.n) if res.flags[i] & batch.FLAG_BAD_INPUT]


def _clean_answer():
    """The answers for the clean puzzles from bytes input: (counts, solutions, statuses)."""
    res = batch.solve_many(_rows().tobytes(), limit=2)
    return list(res.counts), [res.solution(i) for i in range(res.n)], res.statuses()


# --- batch: numpy arrays ----------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64,
                                   np.uint64, np.float32, np.float64, ">i4"])
def test_every_integer_or_whole_float_dtype_gives_the_bytes_answer(dtype):
    counts, sols, statuses = _clean_answer()
    for arr in (_rows(dtype), _rows(dtype).reshape(-1, 9, 9), _rows(dtype)[::-1][::-1]):
        res = batch.solve_many(arr, limit=2)
        assert list(res.counts) == counts and res.statuses() == statuses == ["unique"] * 4
        assert [res.solution(i) for i in range(res.n)] == sols
        assert res.errors == {}
    assert [bytes(s) for s in sols] == [bytes(_values(s)) for _, s in UNIQUE]


@pytest.mark.parametrize("bad", [265, 256, 10, -1, -256, 2**40])
def test_out_of_range_integers_make_one_invalid_record(bad):
    rows = _rows(np.int64)
    rows[1, 5] = bad
    rows[3, 80] = bad
    res = batch.solve_many(rows, limit=2)
    assert bad_records(res) == [1, 3]
    assert [res.statuses()[i] for i in (0, 2)] == ["unique", "unique"]
    assert sorted(res.errors) == [1, 3]
    assert res.errors[1].reason == (f"record 1, cell 5 (row 1, column 6): value {bad} is not a "
                                    "whole number from 0 to 9")
    assert "record 3, cell 80 (row 9, column 9)" in str(res.errors[3])
    assert res.counts[1] == 0 and not res.solutions[1].any()  # no search, no solution
    for i in (0, 2):
        assert res.solution(i) == bytes(_values(UNIQUE[i][1]))


@pytest.mark.parametrize("bad", [7.9, 0.5, -0.0 - 1, float("nan"), float("inf"), 9.000001])
def test_fractions_nan_and_inf_make_one_invalid_record(bad):
    rows = _rows(np.float64)
    rows[2, 7] = bad
    res = batch.solve_many(rows, limit=2)
    assert bad_records(res) == [2]
    assert [res.statuses()[i] for i in (0, 1, 3)] == ["unique"] * 3
    assert list(res.errors) == [2]
    assert res.errors[2].reason.startswith("record 2, cell 7 (row 1, column 8): value ")
    assert repr(bad) in res.errors[2].reason


def test_uint8_above_n_is_named_too():
    rows = _rows()
    rows[0, 40] = 200
    res = batch.solve_many(rows)
    assert bad_records(res) == [0]
    assert "cell 40 (row 5, column 5): value 200" in str(res.errors[0])


@pytest.mark.parametrize("arr", [np.zeros((2, 81), dtype=bool), np.zeros((2, 81), dtype=complex),
                                 np.zeros((2, 81), dtype="U1"), np.zeros((2, 81), dtype=object)])
def test_non_number_dtypes_are_refused(arr):
    with pytest.raises(TypeError, match="does not hold puzzle values"):
        batch.solve_many(arr)


@pytest.mark.parametrize("dims", [(81,), (2, 80), (2, 9, 8), (2, 3, 3, 9), ()])
def test_other_array_shapes_are_refused(dims):
    with pytest.raises(ValueError):
        batch.solve_many(np.zeros(dims, dtype=np.uint8))


@pytest.mark.parametrize("empty", [np.zeros((0, 81)), np.zeros((0, 81), dtype=np.uint8),
                                   np.zeros((0, 9, 9), dtype=np.int64), b"", bytearray(),
                                   memoryview(b""), array.array("B")])
def test_an_empty_batch_is_an_empty_result(empty):
    for engine in ("auto", "propagate", "dlx"):
        res = batch.solve_many(empty, engine=engine)
        assert res.n == 0 and len(res) == 0 and res.statuses() == [] and res.errors == {}
        assert len(res.counts) == 0 and len(res.flags) == 0


# --- batch: buffers -----------------------------------------------------------------------

def test_buffers_of_wide_items_are_refused():
    rows = _rows(np.int64)
    for buf in (memoryview(rows), memoryview(array.array("q", rows.ravel().tolist())),
                array.array("q", rows.ravel().tolist()), array.array("H", [0] * 81),
                memoryview(np.zeros(81, dtype=np.float64))):
        with pytest.raises(TypeError, match="one value per byte"):
            batch.solve_many(buf)


def test_byte_buffers_of_every_kind_agree():
    counts, sols, _ = _clean_answer()
    raw = _rows().tobytes()
    for buf in (raw, bytearray(raw), memoryview(raw), array.array("B", raw),
                memoryview(_rows()),                         # 2-D, format 'B'
                memoryview(bytearray(raw)).cast("c")):
        res = batch.solve_many(buf, limit=2)
        assert list(res.counts) == counts and [res.solution(i) for i in range(res.n)] == sols


def test_an_explicit_cast_is_taken_as_asked():
    wide = array.array("Q", [0] * 81)  # 81 * 8 zero bytes: 8 empty 9x9 puzzles, as the cast says
    res = batch.solve_many(memoryview(wide).cast("B"))
    assert res.n == 8 and res.statuses() == ["solved"] * 8


def test_bytes_above_n_are_invalid_with_an_error():
    raw = bytearray(_rows().tobytes())
    raw[81 + 3] = 10
    raw[3 * 81 + 77] = 255
    res = batch.solve_many(raw, limit=2)
    assert bad_records(res) == [1, 3]
    assert [res.statuses()[i] for i in (0, 2)] == ["unique", "unique"]
    assert str(res.errors[1]).startswith("record 1, cell 3 (row 1, column 4): value 10 ")
    assert str(res.errors[3]).startswith("record 3, cell 77 (row 9, column 6): value 255 ")


def test_non_contiguous_buffers_are_refused():
    with pytest.raises(ValueError, match="C-contiguous"):
        batch.solve_many(memoryview(_rows()[::2]))


# --- numpy integers as arguments ------------------------------------------------------------

def test_numpy_integers_work_as_limits():
    puzzle = UNIQUE[0][0]
    for kind in (np.int64, np.uint8, np.int32):
        assert count_solutions(puzzle, limit=kind(2)) == 1
        assert count_solutions(puzzle, limit=kind(2), node_limit=kind(100)) == 1
        assert search(puzzle, limit=kind(1)).limit == 1
        assert solve(puzzle, node_limit=kind(100)) is not None
        res = batch.solve_many(_rows(), limit=kind(2), node_limit=kind(100))
        assert list(res.counts) == [1] * 4
    assert count_solutions(Grid.empty("2x2"), limit=np.int64(300)) == 288


@pytest.mark.parametrize("bad", [True, 2.0, np.float64(2), "2", np.int64(0), -1])
def test_non_integer_limits_are_refused(bad):
    with pytest.raises(ValueError, match="limit"):
        count_solutions(UNIQUE[0][0], limit=bad)


def test_alphabet_must_be_a_name():
    puzzle = UNIQUE[0][0]
    for bad in (123, 1.5, ["hex"]):
        with pytest.raises(TypeError, match="alphabet must be"):
            solve(puzzle, alphabet=bad)
        with pytest.raises(TypeError, match="alphabet must be"):
            Grid(puzzle, alphabet=bad)
        with pytest.raises(TypeError, match="alphabet must be"):
            check(puzzle, alphabet=bad)


# --- Grid, is_solution, solve ---------------------------------------------------------------

def test_grid_takes_numpy_arrays_and_scalars():
    puzzle, sol = UNIQUE[0]
    want = Grid(puzzle)
    for dtype in (np.uint8, np.int64, np.uint64, np.float64):
        arr = np.array(_values(puzzle), dtype=dtype)
        assert Grid(arr) == want and Grid(arr.reshape(9, 9)) == want
        if arr.dtype.kind != "f":
            assert Grid(list(arr)) == want  # a list of numpy integers
        else:  # a list of floats (numpy's or Python's) is not a list of values
            with pytest.raises(ValueError, match="cell 0 "):
                Grid(list(arr))
        assert all(type(v) is int for v in Grid(arr).values)
        assert solve(arr) == Grid(sol) and check(arr.reshape(9, 9)) == "unique"
    assert Grid(np.zeros(16, dtype=np.int8), "2x2") == Grid.empty("2x2")


def test_is_solution_takes_numpy_arrays():
    puzzle, sol = UNIQUE[0]
    good = np.array(_values(sol))
    assert is_solution(good) and is_solution(good.reshape(9, 9), puzzle)
    assert is_solution(good.astype(np.uint8), np.array(_values(puzzle), dtype=np.uint8))
    assert is_solution(Grid(good), Grid(puzzle))
    wrong = good.copy()
    wrong[[0, 1]] = wrong[[1, 0]]
    assert not is_solution(wrong)
    assert not is_solution(good, UNIQUE[1][0])


@pytest.mark.parametrize("bad,cell", [(7.5, 3), (float("nan"), 3), (10, 3), (-1, 3)])
def test_grid_names_the_bad_cell(bad, cell):
    arr = np.array(_values(UNIQUE[0][0]), dtype=np.float64 if isinstance(bad, float) else np.int64)
    arr[cell] = bad
    with pytest.raises(ValueError, match=rf"cell {cell} \(row 1, col 4\) holds {bad!r}"):
        Grid(arr)
    with pytest.raises(ValueError, match=rf"cell {cell} "):
        solve(arr)


def test_grid_refuses_other_numpy_arrays():
    with pytest.raises(TypeError, match="does not hold puzzle values"):
        Grid(np.zeros(81, dtype=bool))
    with pytest.raises(TypeError):
        Grid(np.array(["1"] * 81))
    for dims in ((9, 8), (3, 3, 9)):
        with pytest.raises(ShapeError):
            Grid(np.zeros(dims, dtype=np.uint8))
    with pytest.raises(ValueError):
        Grid([1.0] + [0] * 80)  # Python floats in a list stay refused
    assert Grid([True] + [0] * 15) == Grid("1" + "." * 15)  # bools are ints


def test_no_numpy_import_without_numpy_input():
    code = ("import sys; import sudokit; from sudokit import batch, Grid, solve, is_solution; "
            "g = Grid([0] * 16); solve(g); is_solution(solve('.' * 81)); "
            "batch.solve_many(bytes(81)); batch.solve_many(['.' * 81]); "
            "solve(g, candidates=[15] * 16); "
            "assert 'numpy' not in sys.modules, 'numpy imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
