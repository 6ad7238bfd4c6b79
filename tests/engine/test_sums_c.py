"""The C twins of the rules over many cells (solve/rules.c, learn's rule groups and clauses).

Random sum geometries from sums_oracle (killer cages, arrows, little killers, sandwiches,
even/odd, renban, true of a random solution or with a total moved by one) on 4x4, 6x6 and
9x9 grids with givens: every C kernel (propagate, backtrack, learn, learn_start/resume, batch)
gives the (count, first solution, nodes, stopped) of the pure-Python specification, with
limits 1, 2 and 0 and with node limits.  Counts are also checked against the oracle's brute
force (both backends), and the C checker and the refusals (dlx_sudoku, malformed tables).
C-vs-Python tests skip without the C extension.
"""

from __future__ import annotations

import random
from array import array

import pytest

from sums_oracle import brute_count, holds, random_rules, random_solution
from sudokit import geometry as G
from sudokit.engine import _backend, _kernels, _learn, sudoku_cover
from sudokit.engine._propagators import learn_rules
from sudokit.errors import GeometryError
from sudokit.records import batch

C = _backend.C
KERNELS = _backend.KERNELS

needs_c = pytest.mark.skipif(
    C is None, reason="C kernels only: sudokit._ckernels is not active: "
                      f"{_backend.backend_reason() or 'not built'}")

PY = {"propagate": _kernels.propagate, "backtrack": _kernels.backtrack, "learn": _learn.learn}


def _cases(br: int, bc: int, seed: int, count: int):
    """count random (geometry, puzzle, rules, solution) with rules over many cells."""
    rng = random.Random(seed)
    n = br * bc
    out = []
    while len(out) < count:
        sol = random_solution(br, bc, rng)
        rules = random_rules(sol, br, bc, rng, rng.randint(1, 7))
        if not rules:
            continue
        try:
            geom = G.boxes(br, bc).with_constraints(*rules)
        except GeometryError:      # a total moved out of reach: not a geometry
            continue
        if not geom.propagators:
            continue
        low, high = {4: (0, 5), 6: (8, 16), 9: (22, 32)}[n]
        values = bytearray(n * n)
        for c in rng.sample(range(n * n), rng.randint(low, high)):
            values[c] = sol[c]
        out.append((geom, bytes(values), rules, sol))
    return out


def _limits(n: int):
    """(limit, node_limit) pairs: 1, 2 and 0, and node limits (on 9x9 always some: plain
    backtracking may need millions of nodes there, seconds in Python)."""
    if n == 9:
        return ((1, 20000), (2, 20000), (0, 400), (1, 1), (2, 6), (0, 25))
    return ((1, 0), (2, 0), (0, 0), (1, 1), (2, 6), (0, 25))


@needs_c
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3)], ids=["4x4", "6x6", "9x9"])
@pytest.mark.parametrize("name", ["propagate", "backtrack", "learn"])
def test_c_kernels_equal_python_on_random_sum_geometries(box, name):
    n = box[0] * box[1]
    kernel = KERNELS[name]
    runs = solved = 0
    for geom, values, _, _ in _cases(*box, seed=281 + n, count={4: 40, 6: 30, 9: 20}[n]):
        tables = _backend.tables(geom)
        for limit, node_limit in _limits(n):
            want = PY[name](values, geom, limit, node_limit)
            got = kernel(values, tables, limit, node_limit)
            assert tuple(got) == tuple(want), (name, geom, values.hex(), limit, node_limit)
            runs += 1
            solved += want[0] > 0
    assert runs and solved       # (the cases are not all unsolvable)


@needs_c
@pytest.mark.parametrize("box", [(2, 3), (3, 3)], ids=["6x6", "9x9"])
def test_c_learn_runs_resume_as_python_on_sum_geometries(box):
    """learn_start/learn_resume in steps of a few decisions: the Python LearnRun's answers."""
    for geom, values, _, _ in _cases(*box, seed=7, count=6):
        c_run = _backend.LearnRun(values, _backend.tables(geom))
        py_run = _learn.LearnRun(values, geom)
        for limit, more in ((1, 2), (1, 0), (3, 1), (3, 5), (0, 3), (0, 0)):
            assert tuple(c_run.resume(limit, more)) == tuple(py_run.resume(limit, more))
            assert c_run.last() == py_run.last()   # (the solution it stopped at, or None)


@pytest.mark.parametrize("box", [(2, 2), (2, 3)], ids=["4x4", "6x6"])
def test_learn_last_is_the_latest_solution_and_solver_finds_another(box):
    """LearnRun.last (the backend's) is the solution a resume stopped at: the limit-th of
    learn's solutions, each a solution by the oracle; solver.other_solution hands back a
    solution other than the known one whenever there are two (both backends)."""
    from sudokit import solver
    seen = 0
    for geom, values, rules, sol in _cases(*box, seed=19, count=12):
        run = _backend.LearnRun(values, _backend.tables(geom))
        got = []
        for limit in (1, 2, 3):
            count, first, _, _ = run.resume(limit)
            last = run.last()
            if count < limit:
                assert last is None        # (the search ended: not paused at a solution)
                break
            assert all(holds(r, last, geom.size) for r in rules)
            assert geom.is_solution(last, values)
            assert last not in got and (limit > 1 or last == first)
            got.append(last)
        known = bytes(sol)
        found, other, _ = solver.other_solution(values, geom, "learn", known)
        if found >= 2:
            assert other != known and geom.is_solution(other, values)
            seen += 1
        else:
            assert other is None
    assert seen                                   # (some cases have two solutions)


def _big_groups_case(seed: int):
    """A 16x16 puzzle whose sandwich and cage make learn groups of more than 64 members."""
    rng = random.Random(seed)
    base = G.boxes(4, 4)
    _, first, _, _ = C.propagate(bytes(256), _backend.tables(base), 1, 0)
    perm = list(range(1, 17))     # (a 16x16 solution from C at once, its values shuffled)
    rng.shuffle(perm)
    sol = [perm[v - 1] for v in first]
    row = sol[:16]
    i, j = sorted((row.index(1), row.index(16)))
    cage = (16, 17, 32, 33, 48)
    rules = [("sandwich", tuple(range(16)), sum(row[i + 1:j]))]
    if len({sol[c] for c in cage}) == len(cage):
        rules.append(("killer", cage, sum(sol[c] for c in cage)))
    geom = base.with_constraints(*rules)
    values = bytearray(sol)
    for c in rng.sample(range(256), 130) + list(range(16)) + list(cage):
        values[c] = 0
    return geom, bytes(values), rules, sol


@needs_c
@pytest.mark.parametrize("seed", [2, 3])
def test_c_learn_takes_groups_of_more_than_64_members(seed):
    geom, values, _, _ = _big_groups_case(seed)
    _, groups, _, _ = learn_rules(geom.propagators, geom.size)
    assert max(len(g) for g in groups) > 64
    tables = _backend.tables(geom)
    for limit, node_limit in ((1, 0), (2, 0), (0, 300), (2, 5)):
        assert tuple(C.learn(values, tables, limit, node_limit)) == \
            tuple(_learn.learn(values, geom, limit, node_limit))
        for name in ("propagate", "backtrack"):
            assert tuple(KERNELS[name](values, tables, limit, node_limit or 2000)) == \
                tuple(PY[name](values, geom, limit, node_limit or 2000))


@pytest.mark.parametrize("name", ["propagate", "backtrack", "learn", "dlx"])
def test_every_engine_counts_as_the_brute_force_on_4x4(name):
    """Both backends: counts up to 3 equal the oracle's, written from the rules' meaning."""
    for geom, values, rules, _ in _cases(2, 2, seed=3, count=15):
        want = brute_count(values, 2, 2, rules, limit=3)
        count, first, _, stopped = KERNELS[name](values, _backend.tables(geom), 3, 0)
        assert (count, stopped) == (want, False), (geom, values.hex())
        if first is not None:
            assert all(holds(r, first, 4) for r in rules)


@pytest.mark.parametrize("engine", ["propagate", "backtrack", "dlx"])
def test_batch_answers_each_record_as_the_python_kernel(engine):
    """solve_many on a sum geometry (C.batch with C): each record's count, first solution,
    nodes and status are those of the Python kernel, one puzzle at a time."""
    geom, _, _, sol = _cases(2, 3, seed=11, count=1)[0]
    rng = random.Random(5)
    puzzles = []
    for _ in range(12):
        values = bytearray(36)
        for c in rng.sample(range(36), rng.randint(6, 14)):
            values[c] = sol[c]
        puzzles.append(bytes(values))
    clash = bytearray(puzzles[0])
    clash[0], clash[1] = 1, 1          # two givens clash in a row
    puzzles.append(bytes(clash))
    result = batch.solve_many(b"".join(puzzles), geometry=geom, engine=engine, limit=2,
                              node_limit=500)
    spec = {"propagate": _kernels.propagate, "backtrack": _kernels.backtrack,
            "dlx": sudoku_cover.dlx}[engine]
    for i, values in enumerate(puzzles):
        count, first, nodes, stopped = spec(values, geom, 2, 500)
        assert (result.counts[i], result.solution(i), result.nodes[i]) == (count, first, nodes)
        assert bool(result.flags[i] & batch.FLAG_STOPPED) == stopped
        assert bool(result.flags[i] & batch.FLAG_CLASH) == bool(geom.conflicts(values))
        if first is not None:
            assert result.flags[i] & batch.FLAG_VERIFIED
    assert result.flags[len(puzzles) - 1] & batch.FLAG_CLASH


@needs_c
def test_c_checker_reads_the_rules():
    """C.is_solution checks the rules over many cells too, not only units."""
    sol = bytes(random_solution(3, 3, random.Random(4)))
    cage = (0, 1, 10)
    good = G.boxes(3, 3).with_constraints(("killer", cage, sum(sol[c] for c in cage)))
    bad = G.boxes(3, 3).with_constraints(("killer", cage, sum(sol[c] for c in cage) + 1))
    assert C.is_solution(sol, _backend.tables(good))
    assert not C.is_solution(sol, _backend.tables(bad))
    assert C.is_solution(sol, 3, 3)


@needs_c
def test_dlx_sudoku_refuses_rules_over_many_cells():
    geom = G.boxes(2, 2).with_rules("killer(3:r1c1-r1c2)")
    tables = _backend.tables(geom)
    with pytest.raises(ValueError, match="rules over many cells"):
        C.dlx_sudoku(bytes(16), tables, 1, 0)
    with pytest.raises(ValueError, match="rules over many cells"):
        C.batch(bytes(16), 1, tables, "dlx")
    # the kernel table's dlx builds that cover in Python and searches it in C
    assert KERNELS["dlx"](bytes(16), tables, 0, 0) == sudoku_cover.dlx(bytes(16), geom, 0, 0)


@needs_c
def test_c_geometry_refuses_malformed_rules():
    geom = G.boxes(2, 2).with_rules("killer(3:r1c1-r1c2)")
    start, cells = array("i", [0]), array("h")
    for unit in geom.units:
        cells.extend(unit)
        start.append(len(cells))
    args = (4, 0, 0, 0, start, cells, array("h"), array("h"), array("Q"))
    props, rules = _backend._c_rules(geom)
    C.geometry(*args, props, rules)                    # well formed
    with pytest.raises(ValueError, match="learn rules"):
        C.geometry(*args, props)
    bad_cell = array("q", props)
    bad_cell[2] = 16                                   # a cell outside the 4x4 grid
    with pytest.raises(ValueError, match="malformed"):
        C.geometry(*args, bad_cell, rules)
    with pytest.raises(ValueError, match="malformed"):
        C.geometry(*args, props, array("i", list(rules) + [0]))   # a word too many
    with pytest.raises(ValueError, match="int64"):
        C.geometry(*args, array("i", props), rules)
    arrow = G.boxes(2, 2).with_rules("arrow(r1c1:r2c2-r2c1)")
    props, rules = _backend._c_rules(arrow)           # kind m c0 c1 c2 nd w0 w1 w2 t g0 g1 g2
    assert list(props[:3]) == [0, 3, 0] and props[5] == 7 and list(props[10:]) == [1, 0, 0]
    C.geometry(*args, props, rules)
    for at, x in ((11, 3), (11, -1), (10, 0)):          # a group out of range; two weights
        bad = array("q", props)
        bad[at] = x
        with pytest.raises(ValueError, match="malformed"):
            C.geometry(*args, bad, rules)
