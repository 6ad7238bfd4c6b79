"""Solving under pencil marks: the ``candidates=`` keyword of the solving API (issue #18 item 10).

Marks restrict each cell to a set of values (bit v-1 of the cell's mask).  The answers are
checked against brute force independent of the route the solver takes (dlx on the exact-cover
matrix without the options the marks rule out): every solution of the puzzle without marks is
enumerated by the propagate generator, and those that keep every value within its marks are
the solutions under the marks.  Runs on both backends; the C route (_ckernels.dlx_count) must
take exactly the nodes of the pure-Python one.
"""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, SearchLimitReached, Verdict, check, count_solutions, formats, search, solutions, solve, solver
from sudokit.engine import sudoku_cover

from conftest import TESTDATA, read_golden

GOLDEN = [(Grid(p, box), c, s) for name in ("golden_tdoku.txt", "golden_shapes.txt")
          for _, box, p, c, s in read_golden(TESTDATA / name)]
UNIQUE9 = [(g, Grid(s)) for g, c, s in GOLDEN if c == 1 and g.size == 9][:6]
# puzzles with a few hundred solutions at most: brute force lists them all
SMALL_MANY = [g for g, c, _ in GOLDEN if 2 <= c <= 800 and g.size <= 8] + [Grid.empty("2x2")]


def implied(grid: Grid) -> list[int]:
    """The marks the givens imply: a given's own value, else the values no peer holds."""
    return [1 << (v - 1) if v else sum(1 << (c - 1) for c in grid.candidates(cell))
            for cell, v in enumerate(grid.values)]


def keeps(solution: Grid, masks) -> bool:
    return all(m >> (v - 1) & 1 for v, m in zip(solution.values, masks))


def brute(grid: Grid, masks) -> set[Grid]:
    """The solutions of grid under masks, by filtering every solution found without marks."""
    return {s for s in solutions(grid, engine="propagate") if keeps(s, masks)}


def through_text(grid: Grid, masks, layout: str = "line"):
    """Write the state as pencil marks and read it back: (grid, masks) as the CLI gets them."""
    text = formats.format_pencilmarks(grid, masks, layout=layout)
    return formats.parse_pencilmarks(text, box=grid.shape)


# --- marks that say nothing new --------------------------------------------------------------

@pytest.mark.parametrize("grid,count,_", GOLDEN[:12] + [g for g in GOLDEN if g[0].size != 9][:12],
                         ids=lambda x: f"{x.shape}:{x.givens}" if isinstance(x, Grid) else "")
def test_implied_marks_change_nothing(grid, count, _):
    plain = search(grid, engine="dlx", limit=None)
    marked = search(grid, limit=None, candidates=implied(grid))
    assert (marked.count, marked.solution, marked.nodes, marked.stopped) == \
        (plain.count, plain.solution, plain.nodes, False) and marked.count == count
    assert marked.engine == "dlx"
    assert check(grid, candidates=implied(grid)) == check(grid)


def test_full_marks_change_nothing():
    for grid, count, _ in GOLDEN[:8]:
        full = [(1 << grid.size) - 1] * len(grid)
        assert count_solutions(grid, limit=None, candidates=full) == count


# --- marks that decide -----------------------------------------------------------------------

def test_a_mark_without_the_solution_value_leaves_no_solution():
    for grid, sol in UNIQUE9:
        masks = implied(grid)
        # a cell left with two candidates or more (a single would be read back as a given)
        cell = next(c for c, m in enumerate(masks) if bin(m).count("1") >= 3)
        masks[cell] &= ~(1 << (sol[cell] - 1))
        g, m = through_text(grid, masks)
        assert list(m) == masks and g[cell] == 0
        assert solve(g) == sol                    # without the marks: the plain answer
        assert solve(g, candidates=m) is None     # with them: it is ruled out
        assert check(g, candidates=m) == Verdict.IMPOSSIBLE
        assert count_solutions(g, limit=None, candidates=m) == 0
        assert list(solutions(g, candidates=m)) == []


def test_a_mark_of_the_true_value_keeps_the_solution():
    for grid, sol in UNIQUE9:
        masks = implied(grid)
        for cell in [c for c, v in enumerate(grid.values) if not v][:5]:
            masks[cell] = 1 << (sol[cell] - 1)
        g, m = through_text(grid, masks, layout="grid")
        assert solve(g, candidates=m) == sol
        assert check(g, candidates=m) == Verdict.UNIQUE
        assert list(solutions(g, candidates=m)) == [sol]


def test_the_two_three_example():
    """A cell limited to {2, 3} never gets a 1 (the issue's report), with many solutions around."""
    empty = Grid.empty()
    plain = solve(empty)
    cell = plain.values.index(1)
    masks = [511] * 81
    masks[cell] = 0b110
    g, m = through_text(empty, masks)
    answer = solve(g, candidates=m)
    assert answer[cell] in (2, 3) and plain[cell] == 1
    assert check(g, candidates=m) == Verdict.AMBIGUOUS
    first = list(solutions(g, candidates=m, limit=50))
    assert len(first) == 50 and all(s[cell] in (2, 3) for s in first)


def test_no_candidate_anywhere_is_impossible():
    for text in ("." * 729,
                 formats.format_pencilmarks(Grid.empty(), [0] * 81, layout="grid")):
        g, m = formats.parse_pencilmarks(text)
        assert m == (0,) * 81 and g == Grid.empty()
        assert check(g, candidates=m) == Verdict.IMPOSSIBLE
        assert solve(g, candidates=m) is None
        assert count_solutions(g, candidates=m, limit=None) == 0
        assert search(g, candidates=m).nodes == 0
    assert check(Grid.empty("2x2"), candidates=[15] * 15 + [0]) == Verdict.IMPOSSIBLE


def test_a_given_outside_its_marks_is_impossible_and_a_clash_stays_illegal():
    grid, sol = UNIQUE9[0]
    cell = grid.given_cells()[0]
    masks = implied(grid)
    masks[cell] = ((1 << 9) - 1) & ~(1 << (grid[cell] - 1))
    assert check(grid, candidates=masks) == Verdict.IMPOSSIBLE
    assert solve(grid, candidates=masks) is None
    clash = Grid("11" + "." * 79)
    assert check(clash, candidates=[511] * 81) == Verdict.ILLEGAL
    assert count_solutions(clash, candidates=[511] * 81) == 0


# --- brute force ------------------------------------------------------------------------------

def _random_masks(rng: random.Random, grid: Grid, keep: float) -> list[int]:
    n = grid.size
    out = []
    for v in grid.values:
        m = sum(1 << k for k in range(n) if rng.random() < keep)
        if v and rng.random() < 0.98:
            m |= 1 << (v - 1)  # most givens inside their marks; a few not
        out.append(m)
    return out


@pytest.mark.parametrize("grid", SMALL_MANY, ids=lambda g: f"{g.shape}:{g.givens}")
def test_counts_under_marks_match_brute_force(grid):
    rng = random.Random(f"{grid.to_line()}")
    every = set(solutions(grid, engine="propagate"))
    assert len(every) == count_solutions(grid, limit=None)
    for trial in range(12):
        masks = _random_masks(rng, grid, keep=(0.95, 0.9, 0.8)[trial % 3])
        want = {s for s in every if keeps(s, masks)}
        result = search(grid, limit=None, candidates=masks)
        assert result.count == len(want) and not result.stopped
        assert (result.solution in want) if want else result.solution is None
        assert set(solutions(grid, candidates=masks)) == want
        verdict = {0: Verdict.IMPOSSIBLE, 1: Verdict.UNIQUE}.get(len(want), Verdict.AMBIGUOUS)
        assert check(grid, candidates=masks) == verdict
        assert count_solutions(grid, candidates=masks) == min(len(want), 2)


def test_empty_4x4_under_marks_by_brute_force():
    """All 288 solutions of the empty 4x4 grid, filtered by random marks."""
    grid = Grid.empty("2x2")
    every = list(solutions(grid, engine="propagate"))
    assert len(set(every)) == 288
    rng = random.Random(18)
    seen = set()
    for _ in range(150):
        masks = [rng.choice([15, 15, 14, 13, 11, 7, 3, 12, 5, 10]) for _ in range(16)]
        want = {s for s in every if keeps(s, masks)}
        assert count_solutions(grid, limit=None, candidates=masks) == len(want)
        assert set(solutions(grid, candidates=masks, engine="dlx")) == want
        seen.add(min(len(want), 3))
    assert seen == {0, 1, 2, 3}  # the trials covered impossible, unique and ambiguous states


# --- the route: engines, nodes, limits, arguments -----------------------------------------------

def test_nodes_are_those_of_the_pure_python_cover():
    rng = random.Random(5)
    for grid, _, _ in GOLDEN[::7]:
        masks = _random_masks(rng, grid, keep=0.95)
        result = search(grid, limit=None, candidates=masks)
        spec = sudoku_cover.dlx(bytes(grid.values), grid.shape.box_rows, grid.shape.box_cols,
                                0, 0, candidates=masks)  # exact_cover.dlx_count, pure Python
        assert (result.count, result.nodes, result.stopped) == (spec[0], spec[2], spec[3])
        assert (result.solution.to_bytes() if result.solution else None) == spec[1]


def test_node_limit_under_marks():
    grid = Grid.empty()
    masks = [511] * 81
    result = search(grid, limit=None, node_limit=100, candidates=masks)
    assert result.stopped and result.nodes == 100 and result.verdict in (Verdict.LIMIT,
                                                                          Verdict.AMBIGUOUS)
    with pytest.raises(SearchLimitReached):
        count_solutions(grid, limit=None, node_limit=100, candidates=masks)
    with pytest.raises(SearchLimitReached):
        list(solutions(grid, node_limit=50, limit=None, candidates=masks))
    hard = Grid("." * 80 + "1")
    masks = [0b1111111] * 81  # values 8 and 9 nowhere: no solution, found out only by search
    masks[80] = 1
    assert check(hard, candidates=masks, node_limit=1) in (Verdict.LIMIT, Verdict.IMPOSSIBLE)
    assert check(hard, candidates=masks) == Verdict.IMPOSSIBLE


@pytest.mark.parametrize("engine", ["propagate", "backtrack", "fast9", "learn"])
def test_other_engines_refuse_marks(engine):
    grid = UNIQUE9[0][0]
    for call in (solve, check, count_solutions, search):
        with pytest.raises(ValueError, match="cannot search under candidates"):
            call(grid, engine=engine, candidates=implied(grid))
    with pytest.raises(ValueError, match="cannot search under candidates"):
        solutions(grid, engine=engine, candidates=implied(grid))
    with pytest.raises(ValueError, match="unknown engine"):
        solve(grid, engine="nope", candidates=implied(grid))
    assert solve(grid, engine="dlx", candidates=implied(grid)) == UNIQUE9[0][1]


@pytest.mark.parametrize("bad,error,match", [
    ([511] * 80, ValueError, "80 candidate masks for a grid of 81 cells"),
    ([511] * 80 + [512], ValueError, r"cell 80 \(row 9, col 9\): mask 512"),
    ([-1] + [511] * 80, ValueError, r"cell 0 \(row 1, col 1\): mask -1"),
    ([511.0] * 81, TypeError, r"cell 0 .* not an int bitmask"),
    ("1" * 81, TypeError, "candidates must be"),
    (511, TypeError, "candidates must be"),
])
def test_bad_marks_are_refused(bad, error, match):
    for call in (solve, check, count_solutions, search):
        with pytest.raises(error, match=match):
            call(Grid.empty(), candidates=bad)
    with pytest.raises(error, match=match):
        solutions(Grid.empty(), candidates=bad)


def test_numpy_marks():
    np = pytest.importorskip("numpy")
    grid, sol = UNIQUE9[1]
    masks = implied(grid)
    for dtype in (np.uint16, np.int64, np.uint64):
        arr = np.array(masks, dtype=dtype)
        assert solve(grid, candidates=arr) == sol
        assert solve(grid, candidates=arr.reshape(9, 9)) == sol
        assert solve(grid, candidates=list(arr)) == sol


def test_a_solution_outside_the_marks_is_a_bug(monkeypatch):
    grid, sol = UNIQUE9[0]
    masks = implied(grid)
    cell = grid.values.index(0)
    masks[cell] &= ~(1 << (sol[cell] - 1))

    def lying_dlx(values, box_rows, box_cols, limit, node_limit, **kw):
        return 1, sol.to_bytes(), 1, False
    monkeypatch.setattr(sudoku_cover, "dlx", lying_dlx)
    with pytest.raises(AssertionError, match="outside its candidates"):
        solve(grid, candidates=masks)
    monkeypatch.setattr(sudoku_cover, "dlx_solutions",
                        lambda *a, **kw: iter([sol.to_bytes()]))
    with pytest.raises(AssertionError, match="outside its candidates"):
        list(solutions(grid, candidates=masks))


def test_marks_and_givens_keep_the_fast_path_free():
    """candidates=None takes the unchanged route: the same engine and nodes as before."""
    grid = UNIQUE9[0][0]
    assert search(grid, candidates=None) == search(grid)
    assert solver.search(grid, engine="propagate", candidates=None).engine == "propagate"


# --- pencil-mark text given straight to the API ------------------------------------------------

def test_pencil_mark_text_brings_its_marks():
    """The issue's two reports through the API: 729 dots, and a cell limited to {2, 3}."""
    assert check("." * 729) == Verdict.IMPOSSIBLE
    assert solve("." * 729) is None and count_solutions("." * 729, limit=None) == 0
    assert list(solutions("." * 729)) == []
    empty = Grid.empty()
    plain = solve(empty)
    cell = plain.values.index(1)
    masks = [511] * 81
    masks[cell] = 0b110
    text = formats.format_pencilmarks(empty, masks)
    assert solve(text)[cell] in (2, 3) and search(text).engine == "dlx"
    assert all(s[cell] in (2, 3) for s in solutions(text, limit=20))
    with pytest.raises(ValueError, match="cannot search under candidates"):
        solve(text, engine="propagate")
    # a clash stays illegal whatever the engine
    clash = formats.format_pencilmarks(Grid("11" + "." * 79), [1, 1] + [511] * 79)
    assert check(clash) == Verdict.ILLEGAL and check(clash, engine="propagate") == Verdict.ILLEGAL


def test_pencil_mark_text_that_says_nothing_new_keeps_the_usual_route():
    for grid, sol in UNIQUE9[:3]:
        text = formats.format_pencilmarks(grid)  # the givens' own implications
        read = formats.parse_pencilmarks(text)[0]  # (naked singles read back as givens)
        for engine in ("propagate", "backtrack", None):
            assert search(text, engine=engine) == search(read, engine=engine)
        assert solve(text) == sol and check(text) == Verdict.UNIQUE
        # with box= the text is not read as pencil marks at all (formats.detect_format)
        with pytest.raises(ValueError):
            solve(text, box="3x3")
