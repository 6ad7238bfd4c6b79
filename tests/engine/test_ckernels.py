"""Differential tests: the C kernels (sudokit._ckernels) against the pure-Python specification.

C-vs-Python tests skip (with the reason) when the extension is not built or when
SUDOKIT_PUREPYTHON=1; the batch tests run in both modes (then they test the pure-Python
fallback of sudokit.records.batch).  Data sets come from /work/shared/data (skipped if absent).
"""

from __future__ import annotations

from _paths import SHARED
import array
import os
import random
from pathlib import Path

import pytest

from sudokit.engine import _backend, _kernels, exact_cover, sudoku_cover
from sudokit.records import batch
from sudokit.shape import Shape

C = _backend.C
DATA = SHARED

needs_c = pytest.mark.skipif(
    C is None, reason="C kernels only: sudokit._ckernels is not active: "
                      f"{_backend.backend_reason() or 'not built'}")

SHAPES = [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3), (4, 4),
          (5, 5)]

PY = {"propagate": _kernels.propagate, "backtrack": _kernels.backtrack, "dlx": sudoku_cover.dlx}


def c_kernels():
    return {"propagate": C.propagate, "backtrack": C.backtrack,
            "dlx": lambda v, br, bc, limit=1, node_limit=0: sudoku_cover.dlx(
                v, br, bc, limit, node_limit, engine=C.dlx_count),
            "dlx_sudoku": C.dlx_sudoku}


def parse(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch, 36) for ch in line.strip())


def load(name: str, count: int | None = None) -> list[bytes]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"data set {path} is absent")
    out = []
    with open(path) as fh:
        for line in fh:
            if line.strip():
                out.append(parse(line))
                if count is not None and len(out) >= count:
                    break
    return out


def random_puzzle(rng: random.Random, br: int, bc: int, keep: float, noise: int = 0) -> bytes:
    """A random puzzle of the shape: a relabelled first solution of the empty grid, thinned."""
    shape = Shape(br, bc)
    n = shape.size
    # a pattern solution, then symmetries: bands, rows in a band, stacks, cols in a stack
    rows = [b * br + r for b in rng.sample(range(bc), bc) for r in rng.sample(range(br), br)]
    cols = [s * bc + c for s in rng.sample(range(br), br) for c in rng.sample(range(bc), bc)]
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    sol = [perm[((r % br) * bc + r // br + c) % n] for r in rows for c in cols]
    vals = bytearray(v if rng.random() < keep else 0 for v in sol)
    for _ in range(noise):  # stray givens: may clash, may make the puzzle unsolvable
        vals[rng.randrange(shape.ncells)] = rng.randint(0, n)
    return bytes(vals)


# --- kernels: C twin == Python specification --------------------------------------------


@needs_c
@pytest.mark.parametrize("name", ["propagate", "backtrack", "dlx", "dlx_sudoku"])
def test_empty_4x4_has_288_solutions(name):
    ck = c_kernels()[name]
    count, first, nodes, stopped = ck(bytes(16), 2, 2, 0, 0)
    assert (count, stopped) == (288, False)
    spec = PY.get(name, sudoku_cover.dlx)(bytes(16), 2, 2, 0, 0)
    assert (count, first, nodes, stopped) == spec


@pytest.mark.parametrize("name", ["propagate", "backtrack", "dlx"])
def test_empty_4x4_python(name):
    assert PY[name](bytes(16), 2, 2, 0, 0)[0] == 288


@needs_c
@pytest.mark.parametrize("br,bc", SHAPES)
def test_random_puzzles_all_shapes(br, bc):
    rng = random.Random(br * 100 + bc)
    ck = c_kernels()
    n = br * bc
    trials = 12 if n <= 12 else 4
    kernels = ["propagate", "backtrack", "dlx"] if n <= 12 else ["propagate"]
    for t in range(trials):
        keep = rng.choice([0.3, 0.5, 0.7, 0.9])
        puzzle = random_puzzle(rng, br, bc, keep, noise=t % 3)
        for name in kernels:
            for limit, node_limit in [(1, 0), (2, 0), (3, 40), (0, 25), (1, 1)]:
                if n > 12 and node_limit == 0:
                    node_limit = 60
                if name == "backtrack" and node_limit == 0:
                    node_limit = 20000
                spec = PY[name](puzzle, br, bc, limit, node_limit)
                got = ck[name](puzzle, br, bc, limit, node_limit)
                assert got == spec, (name, br, bc, puzzle, limit, node_limit)


@needs_c
@pytest.mark.parametrize("name", ["propagate", "backtrack"])
def test_values_as_list_and_bytearray(name):
    puzzle = random_puzzle(random.Random(5), 2, 3, 0.4)
    ck = c_kernels()[name]
    expected = PY[name](puzzle, 2, 3, 0, 0)
    assert ck(list(puzzle), 2, 3, 0, 0) == expected
    assert ck(bytearray(puzzle), 2, 3, limit=0, node_limit=0) == expected
    assert ck(memoryview(puzzle), box_rows=2, box_cols=3, limit=0) == expected


@needs_c
def test_clashing_givens_count_zero_without_nodes():
    for br, bc in [(2, 2), (3, 3), (2, 3), (4, 4)]:
        n = br * bc
        vals = bytearray(n * n)
        vals[0] = vals[n - 1] = 1                      # same row
        for name, ck in c_kernels().items():
            got = ck(bytes(vals), br, bc, 1, 0)
            spec = PY.get(name, sudoku_cover.dlx)(bytes(vals), br, bc, 1, 0)
            assert got == spec
            assert got[0] == 0 and got[1] is None and got[3] is False
        if (br, bc) == (3, 3):
            assert C.fast9(bytes(vals), 3, 3)[0] == 0


@needs_c
def test_node_limits_and_stopped():
    puzzles = load("norvig_hardest.txt")[:4]
    ck = c_kernels()
    for puzzle in puzzles:
        for name in ["propagate", "dlx", "backtrack"]:
            for node_limit in [1, 2, 3, 5, 8, 13, 50]:
                spec = PY[name](puzzle, 3, 3, 1, node_limit)
                assert ck[name](puzzle, 3, 3, 1, node_limit) == spec
            full = PY[name](puzzle, 3, 3, 0, 0) if name != "backtrack" else None
            if full:
                # exactly as many nodes as the full search needs: not "stopped"
                assert ck[name](puzzle, 3, 3, 0, full[2]) == full
                assert ck[name](puzzle, 3, 3, 0, full[2] - 1)[3] is True


@needs_c
@pytest.mark.parametrize("name,count", [("norvig_top95.txt", 95), ("plb_hard20.txt", 20),
                                        ("puzzles6_forum_hardest_1106", 40)])
def test_hard_9x9_datasets(name, count):
    ck = c_kernels()
    for puzzle in load(name, count):
        for kern in ["propagate", "dlx"]:
            assert ck[kern](puzzle, 3, 3, 2, 0) == PY[kern](puzzle, 3, 3, 2, 0)
        sol = C.propagate(puzzle, 3, 3, 1, 0)[1]
        assert C.is_solution(sol, 3, 3, puzzle)
        fast = C.fast9(puzzle, 3, 3, 2, 0)
        assert fast[0] == 1 and fast[1] == sol and fast[3] is False


@needs_c
def test_multi_solution_dataset_counts():
    for puzzle in load("puzzles7_serg_benchmark", 60):
        spec = _kernels.propagate(puzzle, 3, 3, 5, 0)
        assert C.propagate(puzzle, 3, 3, 5, 0) == spec
        assert C.dlx_sudoku(puzzle, 3, 3, 5, 0)[0] == spec[0]
        assert C.fast9(puzzle, 3, 3, 5, 0)[0] == spec[0]


@needs_c
def test_16x16_datasets():
    puzzles = load("gecode_16x16.txt") + load("16x16_goomii17_puzzles.txt", 15)
    for puzzle in puzzles:
        spec = _kernels.propagate(puzzle, 4, 4, 2, 300)
        assert C.propagate(puzzle, 4, 4, 2, 300) == spec
        assert C.dlx_sudoku(puzzle, 4, 4, 1, 300) == sudoku_cover.dlx(puzzle, 4, 4, 1, 300)


@needs_c
def test_25x25_with_node_limits():
    for puzzle in load("gecode_25x25.txt")[:3] + load("gecode_25x25.txt")[16:]:
        for node_limit in [1, 7, 30]:
            assert C.propagate(puzzle, 5, 5, 1, node_limit) == \
                _kernels.propagate(puzzle, 5, 5, 1, node_limit)


@needs_c
def test_binding_validates_input():
    with pytest.raises(ValueError, match="N\\*N"):
        C.propagate(bytes(80), 3, 3)
    with pytest.raises(ValueError, match="outside 0..9"):
        C.backtrack(bytes([10]) + bytes(80), 3, 3)
    with pytest.raises(ValueError, match="box shape"):
        C.propagate(bytes(81), 9, 9)
    with pytest.raises(ValueError, match="box shape"):
        C.propagate(bytes(81), 0, 3)
    with pytest.raises(ValueError, match="3x3 boxes"):
        C.fast9(bytes(36), 2, 3)
    with pytest.raises(TypeError):
        C.propagate(3.5, 3, 3)
    with pytest.raises(TypeError):
        C.propagate(bytes(81), 3, 3, 1, 0, 7)
    with pytest.raises(TypeError):
        C.propagate(bytes(81), 3, 3, limitt=1)
    assert C.propagate(bytes(81), 3, 3, limit=10**30, node_limit=5)[2] == 5  # huge ints clamp


@needs_c
def test_is_solution_checker():
    puzzle = load("norvig_top95.txt", 1)[0]
    sol = C.propagate(puzzle, 3, 3)[1]
    assert C.is_solution(sol, 3, 3) and C.is_solution(sol, 3, 3, puzzle)
    bad = bytearray(sol)
    bad[0], bad[1] = bad[1], bad[0]
    assert not C.is_solution(bytes(bad), 3, 3)
    other = bytearray(puzzle)
    k = next(i for i, v in enumerate(puzzle) if v)
    other[k] = other[k] % 9 + 1
    assert not C.is_solution(sol, 3, 3, bytes(other))
    assert not C.is_solution(bytes(80), 3, 3)


def _grid_ok(grid: bytes, givens: bytes | None) -> bool:
    """The test's own 9x9 verdict (not the C checker's): every unit holds 1..9 once, givens kept."""
    units = [[9 * r + c for c in range(9)] for r in range(9)] + \
        [[9 * r + c for r in range(9)] for c in range(9)] + \
        [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)]
    if any(sorted(grid[x] for x in u) != list(range(1, 10)) for u in units):
        return False
    return givens is None or all(g == 0 or g == v for g, v in zip(givens, grid))


@needs_c
def test_is_solution_9x9_against_a_plain_check():
    """sk_is_solution has a 9x9 form of its own (no branch, one bit a value, units OR-ed):
    every corruption of valid grids gives the verdict of the plain check above -- one cell
    changed to every other byte (0, 10..15 and 16, 17, 255 included: the bit of a value is
    taken modulo 16), two cells swapped (in a row, a column, a box or none), rows or columns
    swapped, the givens touched -- and grids right in two kinds of unit and wrong in the
    third are refused."""
    rng = random.Random(1106)
    grids = []
    for line in load("norvig_top95.txt", 6):
        grids.append((bytes(line), bytes(C.propagate(line, 3, 3)[1])))
    seen = {True: 0, False: 0}
    for puzzle, sol in grids:
        cases = [(sol, None), (sol, puzzle)]
        for x in rng.sample(range(81), 12):
            for v in list(range(0, 18)) + [255]:
                if v != sol[x]:
                    bad = bytearray(sol)
                    bad[x] = v
                    cases.append((bytes(bad), None))
        for _ in range(60):
            x, y = rng.sample(range(81), 2)
            bad = bytearray(sol)
            bad[x], bad[y] = bad[y], bad[x]
            cases.append((bytes(bad), None))
        for a, b in ((0, 1), (0, 3), (2, 8)):
            rows = bytearray(sol)
            rows[9 * a:9 * a + 9], rows[9 * b:9 * b + 9] = sol[9 * b:9 * b + 9], sol[9 * a:9 * a + 9]
            cols = bytearray(sol)
            for r in range(9):
                cols[9 * r + a], cols[9 * r + b] = sol[9 * r + b], sol[9 * r + a]
            cases += [(bytes(rows), None), (bytes(cols), None), (bytes(rows), puzzle)]
        k = next(i for i, v in enumerate(puzzle) if v)
        other = bytearray(puzzle)
        other[k] = other[k] % 9 + 1
        cases.append((sol, bytes(other)))
        for grid, givens in cases:
            want = _grid_ok(grid, givens)
            seen[want] += 1
            got = C.is_solution(grid, 3, 3, givens) if givens else C.is_solution(grid, 3, 3)
            assert bool(got) == want, (grid.hex(), givens)
    assert seen[True] >= 2 * len(grids) and seen[False] > 1000
    latin = bytes((c + r) % 9 + 1 for r in range(9) for c in range(9))       # boxes wrong
    shifted = bytes((c + 3 * (r % 3) + r // 3) % 9 + 1 for r in range(9) for c in range(9))
    assert _grid_ok(shifted, None) and C.is_solution(shifted, 3, 3)
    rows_boxes = bytearray(shifted)     # columns wrong: a row's first 3 cells rotated
    rows_boxes[0:3] = shifted[1:3] + shifted[0:1]
    cols_boxes = bytearray(shifted)     # rows wrong: a column's first 3 cells rotated
    cols_boxes[0], cols_boxes[9], cols_boxes[18] = shifted[9], shifted[18], shifted[0]
    for grid in (latin, bytes(rows_boxes), bytes(cols_boxes)):
        assert not _grid_ok(grid, None) and not C.is_solution(grid, 3, 3)


# --- exact cover -----------------------------------------------------------------------


def random_cover(rng: random.Random):
    n_primary = rng.randint(0, 8)
    n_secondary = rng.randint(0, 3)
    n = n_primary + n_secondary
    starts, items = [0], []
    for _ in range(rng.randint(0, 14)):
        if n:
            items += sorted(rng.sample(range(n), rng.randint(0 if rng.random() < 0.1 else 1,
                                                             min(n, 4))))
        starts.append(len(items))
    return n_primary, n_secondary, starts, items


@needs_c
def test_dlx_count_random_covers():
    rng = random.Random(1)
    for _ in range(400):
        np_, ns, starts, items = random_cover(rng)
        if rng.random() < 0.5:  # item order inside an option matters to the dance
            for k in range(len(starts) - 1):
                seg = items[starts[k]:starts[k + 1]]
                rng.shuffle(seg)
                items[starts[k]:starts[k + 1]] = seg
        for limit, node_limit in [(0, 0), (1, 0), (2, 3), (0, 1)]:
            spec = exact_cover.dlx_count(np_, ns, starts, items, limit, node_limit)
            assert C.dlx_count(np_, ns, starts, items, limit, node_limit) == spec
            assert C.dlx_count(np_, ns, array.array("i", starts), array.array("q", items),
                               limit=limit, node_limit=node_limit) == spec


@needs_c
def test_dlx_count_validates():
    with pytest.raises(ValueError, match="outside"):
        C.dlx_count(2, 0, [0, 2], [0, 2])
    with pytest.raises(ValueError, match="twice"):
        C.dlx_count(2, 0, [0, 2], [1, 1])
    with pytest.raises(ValueError, match="begin with 0"):
        C.dlx_count(2, 0, [1, 2], [1, 1])
    with pytest.raises(ValueError, match="end with"):
        C.dlx_count(2, 0, [0, 1], [0, 1])
    with pytest.raises(ValueError, match="decreases"):
        C.dlx_count(2, 0, [0, 2, 1, 2], [0, 1])
    assert C.dlx_count(0, 0, [0], []) == exact_cover.dlx_count(0, 0, [0], [])


# --- batch API (C path, or the pure-Python fallback) -------------------------------------


NORVIG = ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
          "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."]


def test_solve_many_list_of_strings():
    lines = NORVIG + ["1" * 81, "12.", "!" + "." * 80, "", "." * 81]
    res = batch.solve_many(lines, engine="propagate", limit=2)
    assert res.n == len(lines)
    assert res.statuses() == ["unique", "unique", "illegal", "error", "error", "error",
                              "ambiguous"]
    assert res.errors[3].line == 4 and "81 characters" in str(res.errors[3])
    assert res.errors[4].column == 1 and res.errors[4].char == "!"
    for i in (0, 1):
        sol = res.solution(i)
        spec = _kernels.propagate(parse(lines[i]), 3, 3, 2, 0)
        assert sol == spec[1] and res.counts[i] == spec[0] and res.nodes[i] == spec[2]
        assert res.flags[i] & batch.FLAG_VERIFIED
    assert res.solution(2) is None and res.solution_lines()[3] is None
    assert res.solution_lines()[0] == "".join(str(v) for v in res.solution(0))


@pytest.mark.parametrize("engine", ["propagate", "backtrack", "dlx"])
def test_solve_many_bytes_matches_kernels(engine):
    rng = random.Random(7)
    puzzles = [random_puzzle(rng, 2, 3, rng.choice([0.3, 0.5, 0.8]), noise=k % 2)
               for k in range(30)]
    res = batch.solve_many(b"".join(puzzles), box=(2, 3), engine=engine, limit=3,
                           node_limit=500)
    for i, p in enumerate(puzzles):
        count, first, nodes, stopped = PY[engine](p, 2, 3, 3, 500)
        assert (res.counts[i], res.solution(i), res.nodes[i]) == (count, first, nodes)
        assert bool(res.flags[i] & batch.FLAG_STOPPED) == stopped
        assert bool(res.flags[i] & batch.FLAG_VERIFIED) == (first is not None)
        assert not res.flags[i] & batch.FLAG_BAD_SOLUTION


def test_solve_many_numpy():
    np = pytest.importorskip("numpy")
    puzzles = np.array([list(parse(p)) for p in NORVIG], dtype=np.uint8)
    res = batch.solve_many(puzzles.reshape(2, 9, 9), engine="propagate")
    assert isinstance(res.solutions, np.ndarray) and res.solutions.shape == (2, 81)
    assert res.counts.dtype == np.int64 and res.nodes.dtype == np.uint64
    for i, p in enumerate(NORVIG):
        assert bytes(res.solutions[i]) == _kernels.propagate(parse(p), 3, 3)[1]
    bad = puzzles.copy()
    bad[0, 0] = 10
    assert batch.solve_many(bad, engine="propagate").statuses()[0] == "error"


def test_solve_text_and_format_round_trip():
    text = "# comment\n" + "\n".join(NORVIG) + "\r\n\n"
    res = batch.solve_text(text)
    assert res.n == 2 and res.statuses() == ["solved", "solved"]
    out = batch.format_lines(res.solutions, 9).decode().split("\n")
    assert out[:2] == res.solution_lines() and out[2] == ""
    values, errors = batch.parse_lines(out[0] + "\n", 9)
    assert bytes(values) == res.solution(0) and errors == []


def test_parse_lines_matches_python_fallback():
    data = ("\n".join(NORVIG) + "\n12\n" + "-" * 16 + "\n  " + "Q" * 81 + "\n").encode()
    expected = batch._parse_lines_py(data, 9)
    assert batch.parse_lines(data, 9) == (bytearray(expected[0]), expected[1])
    assert batch.parse_lines(b"1234" * 4 + b"\n" + b"." * 16 + b"\nG" + b"." * 15, 4)[1] == [
        (2, 3, 1, "G", "character 'G' is not a value of a 4x4 grid")]


@needs_c
def test_batch_c_equals_python_fallback_all_engines():
    rng = random.Random(3)
    for br, bc in [(2, 2), (2, 3), (3, 3)]:
        shape = Shape(br, bc)
        puzzles = b"".join(random_puzzle(rng, br, bc, rng.choice([0.2, 0.5, 0.9]), noise=k % 3)
                           for k in range(40))
        n = len(puzzles) // shape.ncells
        for engine in ["propagate", "backtrack", "dlx"]:
            outs = []
            for impl in ("c", "py"):
                sols, counts = bytearray(n * shape.ncells), array.array("q", bytes(8 * n))
                nodes, flags = array.array("Q", bytes(8 * n)), bytearray(n)
                if impl == "c":
                    C.batch(puzzles, n, br, bc, engine, 2, 300, sols, counts, nodes, flags)
                else:
                    batch._batch_py(puzzles, n, shape, engine, 2, 300, sols, counts, nodes, flags)
                outs.append((sols, counts, nodes, flags))
            assert outs[0] == outs[1], (br, bc, engine)


@needs_c
def test_batch_fast9_and_validation():
    puzzles = load("puzzles2_17_clue", 500)
    res = batch.solve_many(b"".join(puzzles))
    assert res.engine == "fast9"
    assert all(s == "solved" for s in res.statuses())
    for i in range(0, 500, 50):
        assert res.solution(i) == C.propagate(puzzles[i], 3, 3)[1]
    with pytest.raises(ValueError, match="needs at least"):
        C.batch(bytes(81), 1, 3, 3, "propagate", 1, 0, bytearray(80))
    with pytest.raises(ValueError, match="unknown engine"):
        C.batch(bytes(81), 1, 3, 3, "magic", 1, 0)
    with pytest.raises(ValueError, match="3x3 boxes"):
        C.batch(bytes(36), 1, 2, 3, "fast9", 1, 0)
    with pytest.raises(ValueError, match="data holds"):
        C.batch(bytes(81), 2, 3, 3, "propagate", 1, 0)
    assert C.batch(bytes(81), 1, 3, 3, "auto", 1, 0) == "fast9"


def test_batch_engine_choice():
    res = batch.solve_many(["." * 16], engine="auto", limit=None)
    assert res.engine == "propagate" and res.counts[0] == 288 and res.status(0) == "ambiguous"
    if C is None:
        with pytest.raises(ValueError, match="C extension"):
            batch.solve_many([NORVIG[0]], engine="fast9")
    with pytest.raises(ValueError, match="unknown engine"):
        batch.solve_many([NORVIG[0]], engine="magic")


# --- slow: a large differential run -------------------------------------------------------


@needs_c
@pytest.mark.slow
def test_slow_differential_10000_puzzles():
    puzzles = load("puzzles2_17_clue", 8000) + load("puzzles5_forum_hardest_1905_11+", 1500) \
        + load("puzzles7_serg_benchmark", 500)
    assert len(puzzles) >= 10000
    res = batch.solve_many(b"".join(puzzles), engine="propagate", limit=2)
    for i, p in enumerate(puzzles):
        count, first, nodes, stopped = _kernels.propagate(p, 3, 3, 2, 0)
        assert (res.counts[i], res.solution(i), res.nodes[i]) == (count, first, nodes), i
        assert res.flags[i] == (batch.FLAG_VERIFIED if first else 0)


@needs_c
@pytest.mark.slow
def test_slow_empty_6x6_count():
    # 28,200,960 solutions (DESIGN.md habit 7)
    assert C.propagate(bytes(36), 2, 3, 0, 0)[0] == 28_200_960


@needs_c
@pytest.mark.slow
def test_slow_dlx_and_backtrack_differential():
    puzzles = load("norvig_top95.txt") + load("puzzles3_magictour_top1465", 300)
    for p in puzzles:
        assert C.dlx_sudoku(p, 3, 3, 2, 0) == sudoku_cover.dlx(p, 3, 3, 2, 0)
    for p in puzzles[:40]:
        assert C.backtrack(p, 3, 3, 2, 100_000) == _kernels.backtrack(p, 3, 3, 2, 100_000)


def test_environment_switch_is_respected():
    forced = os.environ.get("SUDOKIT_PUREPYTHON", "").strip() not in ("", "0")
    if forced:
        assert C is None and _backend.backend() == "python"
