"""The "learn" engine (CDCL on the Sudoku exactly-one groups): counts, solutions, limits, twins.

The C kernel (_ckernels.learn, learn.c) must make exactly the decisions of the pure-Python
specification (_kernels.learn): same count, first solution, node (decision) count and
stopped flag.  C-vs-Python tests skip when the C extension is not active.
"""

from __future__ import annotations

import random

import pytest

import sudokit
from sudokit import Grid, SearchLimitReached, Shape, Verdict, check, count_solutions, is_solution, search, solutions, solve
from sudokit.records import batch
from sudokit.engine import _backend, _kernels, _learn

from conftest import TESTDATA, read_golden, shared_file
from test_ckernels import random_puzzle

C = _backend.C
PY = sudokit.backend() == "python"

needs_c = pytest.mark.skipif(
    C is None, reason="C kernels only: sudokit._ckernels is not active: "
                      f"{_backend.backend_reason() or 'not built'}")

GOLDEN = [pytest.param(box, puzzle, count, sol, id=f"{name}:{no}")
          for name in ("golden_tdoku.txt", "golden_shapes.txt")
          for no, box, puzzle, count, sol in read_golden(TESTDATA / name)]

HARD9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _values(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch, 36) for ch in line.strip())


# --- golden counts ---------------------------------------------------------------------


def test_learn_is_registered():
    assert "learn" in sudokit.ENGINES and "learn" in sudokit.engines()
    assert "learn" in batch.ENGINES
    if C is None:
        assert _backend.KERNELS["learn"] is _kernels.learn
    else:  # C learn in steps (Ctrl-C between them): the answers of the one C call
        for puzzle in (HARD9, "." * 81):
            assert _backend.KERNELS["learn"](_values(puzzle), 3, 3, 2, 0) == \
                C.learn(_values(puzzle), 3, 3, 2, 0)


@pytest.mark.parametrize("box,puzzle,count,sol", GOLDEN)
def test_golden(box, puzzle, count, sol):
    grid = Grid(puzzle, box)
    result = search(grid, limit=None, engine="learn")
    assert not result.stopped and result.engine == "learn"
    assert result.count == count
    if count == 0:
        assert result.solution is None and solve(grid, engine="learn") is None
        return
    assert is_solution(result.solution, grid)
    if count == 1 and sol is not None:
        assert result.solution == Grid(sol, box)
    assert count_solutions(grid, engine="learn") == min(count, 2)
    assert count_solutions(grid, engine="learn", limit=None) == count


@pytest.mark.parametrize("box,puzzle,count,sol", [p for p in GOLDEN if 1 < p.values[2] <= 2100])
def test_every_solution_is_checked_and_distinct(box, puzzle, count, sol):
    grid = Grid(puzzle, box)
    found = list(solutions(grid, engine="learn"))
    assert len(found) == count
    assert len({g.values for g in found}) == count
    assert all(is_solution(g, grid) for g in found)
    # the iterator and the kernel agree on the first solution and on prefixes
    assert found[0] == search(grid, limit=1, engine="learn").solution
    assert list(solutions(grid, engine="learn", limit=3)) == found[:3]


def test_empty_small_grids():
    assert count_solutions("." * 16, engine="learn", limit=None) == 288
    assert count_solutions(".", box=(1, 1), engine="learn", limit=None) == 1
    assert count_solutions("....", box=(1, 2), engine="learn", limit=None) == 2
    assert count_solutions("." * 9, box=(1, 3), engine="learn", limit=None) == 12
    assert count_solutions("." * 9, box=(3, 1), engine="learn", limit=None) == 12


def test_verdicts_and_illegal():
    assert check(HARD9, engine="learn") is Verdict.UNIQUE
    clash = "11" + "." * 79
    assert check(clash, engine="learn") is Verdict.ILLEGAL
    assert search(clash, engine="learn").count == 0
    assert check("." * 81, engine="learn") is Verdict.AMBIGUOUS


# --- node limit ------------------------------------------------------------------------


def test_node_limit_never_gives_a_wrong_answer():
    result = search(HARD9, engine="learn", node_limit=3)
    assert result.stopped and result.count == 0 and result.nodes == 3
    assert result.verdict is Verdict.LIMIT
    with pytest.raises(SearchLimitReached) as info:
        solve(HARD9, engine="learn", node_limit=3)
    assert info.value.nodes == 3 and info.value.found == 0
    with pytest.raises(SearchLimitReached):
        count_solutions(HARD9, engine="learn", node_limit=3)
    assert check(HARD9, engine="learn", node_limit=3) is Verdict.LIMIT
    with pytest.raises(SearchLimitReached):
        list(solutions(HARD9, engine="learn", node_limit=3))


def test_node_limit_while_counting():
    # golden_shapes: 2x4 puzzle with 2006 solutions
    puzzle = next(p for p in GOLDEN if p.values[2] == 2006)
    box, text, count = puzzle.values[:3]
    full = search(Grid(text, box), limit=None, engine="learn")
    assert full.count == count and not full.stopped
    for budget in (1, 10, full.nodes // 2, full.nodes - 1):
        part = search(Grid(text, box), limit=None, engine="learn", node_limit=budget)
        assert part.stopped and part.nodes == budget and part.count < count
        assert part.verdict is Verdict.AMBIGUOUS if part.count >= 2 else Verdict.LIMIT
    exact = search(Grid(text, box), limit=None, engine="learn", node_limit=full.nodes)
    assert not exact.stopped and exact.count == count


# --- C twin == Python specification ------------------------------------------------------

SHAPES = [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4),
          (4, 3), (4, 4), (5, 5)]


@needs_c
@pytest.mark.parametrize("br,bc", SHAPES)
def test_c_equals_python_random(br, bc):
    rng = random.Random(br * 100 + bc)
    n = br * bc
    trials = 12 if n <= 9 else 4
    for t in range(trials):
        keep = rng.choice([0.35, 0.5, 0.7]) if n > 4 else rng.choice([0.0, 0.3, 0.6])
        puzzle = random_puzzle(rng, br, bc, keep, noise=t % 3)
        for limit, node_limit in ((1, 0), (2, 0), (40, 0), (5, 7)):
            c = C.learn(puzzle, br, bc, limit, node_limit)
            p = _kernels.learn(puzzle, br, bc, limit, node_limit)
            assert c == p, (br, bc, puzzle, limit, node_limit)
            if c[1] is not None:
                assert C.is_solution(c[1], br, bc, puzzle)


@needs_c
@pytest.mark.parametrize("box,puzzle,count,sol", GOLDEN)
def test_c_equals_python_golden(box, puzzle, count, sol):
    grid = Grid(puzzle, box)
    values, br, bc = bytes(grid.values), grid.shape.box_rows, grid.shape.box_cols
    for limit in (1, 0):
        assert C.learn(values, br, bc, limit, 0) == _kernels.learn(values, br, bc, limit, 0)


@needs_c
def test_c_equals_python_25x25_with_learning():
    """Line 17 of gecode_25x25: 625 decisions, 402 conflicts (learned clauses)."""
    lines = [ln.strip() for ln in shared_file("gecode_25x25.txt").read_text().splitlines()
             if ln.strip()]
    values = _values(lines[16])
    c = C.learn(values, 5, 5, 1, 0)
    assert c == _kernels.learn(values, 5, 5, 1, 0)
    assert c[0] == 1 and c[2] == 625 and C.is_solution(c[1], 5, 5, values)
    assert C.learn(values, 5, 5, 1, 100) == _kernels.learn(values, 5, 5, 1, 100)


@needs_c
@pytest.mark.slow
@pytest.mark.parametrize("line_no", [3])
def test_c_equals_python_25x25_reduction(line_no):
    """Line 3: 5,658 decisions, 3,943 conflicts, so clause-database reduction runs (~10 s Python)."""
    lines = [ln.strip() for ln in shared_file("gecode_25x25.txt").read_text().splitlines()
             if ln.strip()]
    values = _values(lines[line_no - 1])
    c = C.learn(values, 5, 5, 1, 0)
    assert c == _kernels.learn(values, 5, 5, 1, 0)
    assert c[2] == 5658


# --- the Python engine (_learn.py): structure, invariants, the generator ---------------------

MULTI = [p for p in GOLDEN if 10 <= p.values[2] <= 130]


def test_kernels_reexports_the_learn_module():
    assert _kernels.learn is _learn.learn and _kernels.LearnRun is _learn.LearnRun
    if C is None:
        assert _backend.LearnRun is _learn.LearnRun
    # every Python name in the module's table of twins (method -> learn.c function) exists
    import re
    names = re.findall(r"^(LearnContext|LearnRun)\.(\w+) ", _learn.__doc__, re.M)
    assert len(names) >= 15
    for cls, name in names:
        assert callable(getattr(getattr(_learn, cls), name)), (cls, name)


def _solve_in_steps(values, br, bc, step):
    """Resume a Python LearnRun `step` decisions at a time to the end; sanity() at every pause."""
    run = _learn.LearnRun(values, br, bc)
    assert run.s.sanity() == []
    pauses = 0
    while True:
        count, first, decisions, stopped = run.resume(0, step)
        assert run.s.sanity() == [], (pauses, decisions)
        if not stopped:
            return run, pauses
        pauses += 1


@pytest.mark.parametrize("box,puzzle,count,sol", MULTI[:4])
def test_sanity_between_resumes(box, puzzle, count, sol):
    grid = Grid(puzzle, box)
    br, bc = grid.shape.box_rows, grid.shape.box_cols
    run, pauses = _solve_in_steps(bytes(grid.values), br, bc, 2)
    assert run.count == count and pauses > 0 and run.done
    # sanity() is not vacuous: a broken counter, trail entry or watch is reported
    run.s.cnt[5] += 1
    assert any("group 5" in problem for problem in run.s.sanity())
    run.s.cnt[5] -= 1
    run.s.tpos[run.s.trail[-1]] += 1
    assert run.s.sanity()


def test_sanity_through_clause_reductions(monkeypatch):
    """A tiny reduction schedule (every 20 conflicts, then 5 more each time): clauses are
    deleted while counting all 2,006 solutions, and the invariants and the count hold."""
    monkeypatch.setattr(_learn, "REDUCE_FIRST", 20)
    monkeypatch.setattr(_learn, "REDUCE_INC", 5)
    box, puzzle, count = next(p.values[:3] for p in GOLDEN if p.values[2] == 2006)
    grid = Grid(puzzle, box)
    values, br, bc = bytes(grid.values), grid.shape.box_rows, grid.shape.box_cols
    run, _ = _solve_in_steps(values, br, bc, 25)
    assert run.count == count and any(run.s.cdel)
    # locked clauses survive: every reason clause of an assigned literal is still there
    for v in run.s.trail:
        rsn = run.s.reason[v]
        if rsn & 7 == _learn.R_CLAUSE:
            assert not run.s.cdel[rsn >> 3]
    first = run.first
    assert first is not None and is_solution(Grid._trusted(tuple(first), grid.shape), grid)


@pytest.mark.parametrize("box,puzzle,count,sol", MULTI)
def test_learn_solutions_is_learn_one_solution_at_a_time(box, puzzle, count, sol):
    grid = Grid(puzzle, box)
    values, br, bc = bytes(grid.values), grid.shape.box_rows, grid.shape.box_cols
    counter = [0]
    found = list(_kernels.learn_solutions(values, br, bc, 0, counter))
    total, first, nodes, stopped = _kernels.learn(values, br, bc, 0, 0)
    assert len(found) == total == count and len(set(found)) == count and not stopped
    assert found[0] == first and counter[0] == nodes
    # a node limit: a prefix of the same solutions, then KernelStop at exactly the limit
    for budget in (1, nodes // 2, nodes - 1):
        got, counter = [], [0]
        with pytest.raises(_kernels.KernelStop) as stop:
            for solution in _kernels.learn_solutions(values, br, bc, budget, counter):
                got.append(solution)
        assert stop.value.nodes == budget == counter[0]
        assert got == found[:len(got)]
        assert _kernels.learn(values, br, bc, 0, budget)[:3] == \
            (len(got), got[0] if got else None, budget)


# --- batch ---------------------------------------------------------------------------------


def test_batch_learn_uses_the_kernel():
    rng = random.Random(7)
    shape = Shape(2, 3)
    puzzles = [random_puzzle(rng, 2, 3, rng.choice([0.3, 0.5, 0.8]), noise=k % 2)
               for k in range(20)]
    res = batch.count_many(b"".join(puzzles), box=(2, 3), engine="learn", limit=3, node_limit=500)
    assert res.engine == "learn" and res.n == 20
    kernel = _backend.KERNELS["learn"]
    for i, puzzle in enumerate(puzzles):
        count, first, nodes, stopped = kernel(puzzle, 2, 3, 3, 500)
        assert res.counts[i] == count and res.nodes[i] == nodes
        assert res.solution(i) == first
        assert bool(res.flags[i] & batch.FLAG_STOPPED) == stopped
        if first is not None:
            assert res.flags[i] & batch.FLAG_VERIFIED
            assert is_solution(Grid._trusted(tuple(first), shape),
                               Grid._trusted(tuple(puzzle), shape))
    assert "wrong" not in res.statuses()


# --- the minimal 25x25 puzzles ---------------------------------------------------------------


@pytest.mark.slow
def test_gecode_25x25_all_by_learn():
    """All 18 lines (about 100 s in C; line 9 needs 337,821 decisions)."""
    if PY:
        pytest.skip("too slow in pure Python: 1.1 million conflicts in all: hours in pure Python")
    lines = [ln.strip() for ln in shared_file("gecode_25x25.txt").read_text().splitlines()
             if ln.strip()]
    assert len(lines) == 18
    for no, line in enumerate(lines, 1):
        grid = Grid(line)
        assert grid.shape is Shape(5, 5)
        result = search(grid, limit=1, engine="learn")
        assert result.count == 1 and not result.stopped, no
        assert is_solution(result.solution, grid), no
