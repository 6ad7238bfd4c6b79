"""The "learn" engine on variant geometries: groups from the geometry, answers, twins.

learn builds its exactly-one groups (cells, full units x values) and at-most-one groups
(smaller units x values, pairs x values, weak links) from a Geometry (_learn.learn_tables,
learn_groups.c's sk_learn_ctx_init).  Here: the groups say exactly what the geometry says; learn agrees
with propagate and backtrack (counts, first solutions checked by Geometry.is_solution) on
small geometries and random 9x9 variant puzzles; the C kernel makes the decisions of the
Python specification; resumable searches work on variants.  Both backends run every test
through _backend (C-vs-Python tests skip without the C extension).
"""

from __future__ import annotations

import itertools
import random

import pytest

from sudokit.engine import _backend, _kernels, _learn
from sudokit import geometry as G

C = _backend.C
KERNELS = _backend.KERNELS

needs_c = pytest.mark.skipif(
    C is None, reason="C kernels only: sudokit._ckernels is not active: "
                      f"{_backend.backend_reason() or 'not built'}")


def _orth_links(n: int, step: int) -> list:
    """Weak links between orthogonal neighbours: i = a excludes j = a + step."""
    links = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for other in ([cell + 1] if c + 1 < n else []) + ([cell + n] if r + 1 < n else []):
            masks = [1 << (a + step) if 0 <= a + step < n else 0 for a in range(n)]
            links.append((cell, other, masks))
    return links


JIG6 = ("111223141123442223456333456666455556", "112333122344125334125444125666555666",
        "111111222223444323544333546666555566")
JIG9 = ("111223333111222233144552333114552666444552666447555668747999688777999888777999888",
        "111122333112222333111222343555566344555566444576666844777699884777799988799998888")

# small geometries: every count is exactly computed by three engines
SMALL = {
    "2x2+x": G.boxes(2, 2).with_rules("x"),
    "2x2+antiking": G.boxes(2, 2).with_rules("antiking"),
    "2x2+antiknight": G.boxes(2, 2).with_rules("antiknight"),
    "2x2+disjoint": G.boxes(2, 2).with_rules("disjoint"),
    "2x2+windoku": G.boxes(2, 2).with_rules("windoku"),
    "2x2+links+1": G.boxes(2, 2).with_links(*_orth_links(4, 1)),
    "2x2+links-2": G.boxes(2, 2).with_links(*_orth_links(4, -2)),
    "2x2+units": G.boxes(2, 2).with_units((0, 5, 10), (3, 6), (12, 9, 15)),
    "2x2+units+pairs": G.boxes(2, 2).with_units((0, 5, 15)).with_pairs((1, 11), (4, 14)),
    "1x4+x": G.boxes(1, 4).with_rules("x"),
    "jigsaw4": G.jigsaw("1112122233343444"),
    "jigsaw4+diag": G.jigsaw("1112122233343444").with_rules("diagonal+"),
    "2x3+antiking": G.boxes(2, 3).with_rules("antiking"),
    "2x3+x": G.boxes(2, 3).with_rules("x"),
    "3x2+antiking": G.boxes(3, 2).with_rules("antiking"),
    "jig6a": G.jigsaw(JIG6[0]),
    "jig6b+diag": G.jigsaw(JIG6[1]).with_rules("diagonal-"),
    "jig6c+diag": G.jigsaw(JIG6[2]).with_rules("diagonal-"),
    "2x3+links": G.boxes(2, 3).with_links(*_orth_links(6, 1)).with_units((0, 7, 14)),
}
FOUR = [k for k, g in SMALL.items() if g.size == 4]
SIX = [k for k, g in SMALL.items() if g.size == 6]

VARIANT9 = {
    "x": G.boxes(3, 3).with_rules("x"),
    "windoku": G.boxes(3, 3).with_rules("windoku"),
    "antiknight": G.boxes(3, 3).with_rules("antiknight"),
    "antiking": G.boxes(3, 3).with_rules("antiking"),
    "disjoint": G.boxes(3, 3).with_rules("disjoint"),
    "jigsaw": G.jigsaw(JIG9[0]),
    "jigsaw+x": G.jigsaw(JIG9[1]).with_rules("x"),
    "x+antiknight": G.boxes(3, 3).with_rules("x", "antiknight"),
    "windoku+cage": G.boxes(3, 3).with_rules("windoku").with_units((0, 1, 9, 10, 20)),
}


def symmetric_links(geom) -> bool:
    """True when every weak link excludes the same pairs of values both ways (or none)."""
    table = {(i, j): m for i, j, m in geom.links}
    return all(table[(j, i)] == m for (i, j), m in table.items())


def reference(geom) -> str:
    """The engine learn is checked against first: backtrack, or propagate when a weak link
    is one-way (backtrack reads those the wrong way round: test_backtrack_one_way_links)."""
    return "backtrack" if symmetric_links(geom) else "propagate"


def run(name: str, values: bytes, geom, limit: int = 1, node_limit: int = 0):
    """The active backend's kernel `name` on geom (its tables)."""
    return KERNELS[name](values, _backend.tables(geom), limit, node_limit)


def candidates_clash(geom, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when the geometry forbids cell a[0] = a[1] together with cell b[0] = b[1]."""
    (i, x), (j, y) = a, b
    if i == j:
        return x != y
    if x == y and j in geom.peers[i]:
        return True
    return any(k == j and masks[x - 1] >> (y - 1) & 1 for k, masks in geom.cell_links[i])


def puzzle_of(geom, rng: random.Random, keep: float, seeds: int = 2) -> bytes | None:
    """A puzzle: a solution found by propagate from a grid of `seeds` random givens, thinned
    to `keep` of its cells; None when propagate finds none within 3000 nodes."""
    vals = bytearray(geom.ncells)
    for _ in range(seeds):
        vals[rng.randrange(geom.ncells)] = rng.randint(1, geom.size)
    count, sol, _, stopped = run("propagate", bytes(vals), geom, 1, 3000)
    if not count:
        return None
    return bytes(v if rng.random() < keep else 0 for v in sol)


def make_puzzles(geom, rng: random.Random, k: int, keeps, seeds=(2,)) -> list[bytes]:
    """k puzzles of puzzle_of (keep and seeds drawn from keeps and seeds)."""
    out: list[bytes] = []
    for _ in range(100 * k):
        if len(out) == k:
            break
        puzzle = puzzle_of(geom, rng, rng.choice(keeps), rng.choice(seeds))
        if puzzle is not None:
            out.append(puzzle)
    assert len(out) == k, f"{geom}: no solution from random givens"
    return out


# --- the groups say what the geometry says ----------------------------------------------------


def test_classic_groups_are_the_box_groups():
    """The classic groups: cells, rows, cols, boxes x values, in the classic-only order."""
    for br, bc in ((2, 2), (2, 3), (3, 3), (4, 2)):
        n = br * bc
        groups, occ, occ_eo, neo, _ = _learn.learn_tables(G.boxes(br, bc))
        assert neo == len(groups) == 4 * n * n and occ_eo is not occ and occ_eo == occ
        expect = [[cell * n + d for d in range(n)] for cell in range(n * n)]
        expect += [[(r * n + c) * n + d for c in range(n)] for r in range(n) for d in range(n)]
        expect += [[(r * n + c) * n + d for r in range(n)] for c in range(n) for d in range(n)]
        for b in range(n):
            r0, c0 = b // (n // bc) * br, b % (n // bc) * bc
            expect += [[((r0 + i // bc) * n + c0 + i % bc) * n + d for i in range(n)]
                       for d in range(n)]
        assert groups == expect
        assert _learn.learn_tables(br, bc) is _learn.learn_tables(G.boxes(br, bc))


@pytest.mark.parametrize("name", FOUR + ["2x3+antiking", "jig6b+diag", "2x3+links"])
def test_groups_are_exactly_the_rules(name):
    """Two candidates share a group iff the geometry forbids them together; exactly-one
    groups are the cells and the (full unit, value) pairs."""
    geom = SMALL[name]
    n = geom.size
    groups, occ, occ_eo, neo, _ = _learn.learn_tables(geom)
    assert neo == n * n + geom.nfull * n
    assert sorted(map(sorted, groups[n * n:neo])) == sorted(
        sorted(c * n + d for c in unit) for unit in geom.units[:geom.nfull] for d in range(n))
    together = set()
    for members in groups:
        together.update(itertools.combinations(sorted(members), 2))
    for v, w in itertools.combinations(range(n ** 3), 2):
        a, b = (v // n, v % n + 1), (w // n, w % n + 1)
        assert ((v, w) in together) == candidates_clash(geom, a, b), (a, b)
    for v in range(n ** 3):
        assert occ[v] == sorted(g for g, m in enumerate(groups) if v in m)
        assert occ_eo[v] == [g for g in occ[v] if g < neo]


# --- learn agrees with propagate and backtrack ------------------------------------------------


@pytest.mark.parametrize("name", FOUR)
def test_small_4x4_all_counts(name):
    geom = SMALL[name]
    empty = bytes(16)
    want = run(reference(geom), empty, geom, 0)
    assert run("propagate", empty, geom, 0)[0] == want[0]
    got = run("learn", empty, geom, 0)
    assert got[0] == want[0] and not got[3]
    if want[0]:
        assert geom.is_solution(got[1])
        # every solution, each once and each checked, through the generator
        found = list(_kernels.learn_solutions(empty, geom))
        assert len(found) == len(set(found)) == want[0]
        assert all(geom.is_solution(s) for s in found)
        assert set(found) == set(_kernels.propagate_solutions(empty, geom))
    else:
        assert got[1] is None


def test_known_small_counts():
    """Counts with a second derivation: 4x4 X has 48 (of 288), 4x4 anti-king none, and
    "i = a excludes j = a+1" between neighbours keeps exactly the classic grids with no
    neighbour one above another (counted here by brute force over the 288)."""
    empty = bytes(16)
    assert run("learn", empty, SMALL["2x2+x"], 0)[0] == 48
    assert run("learn", empty, SMALL["2x2+antiking"], 0)[0] == 0
    classic = list(_kernels.backtrack_solutions(empty, G.boxes(2, 2)))
    assert len(classic) == 288
    ok = [s for s in classic if not any(
        s[j] == s[i] + 1 for i in range(16) for j in (i + 1, i + 4)
        if j < 16 and (j == i + 4 or j % 4))]
    assert run("learn", empty, SMALL["2x2+links+1"], 0)[0] == len(ok)


@pytest.mark.parametrize("name", SIX)
def test_small_6x6(name):
    """Count up to 2 on the empty grid; all counts on puzzles made from a solution."""
    geom = SMALL[name]
    rng = random.Random(name)
    empty = bytes(36)
    want = run("propagate", empty, geom, 2)
    got = run("learn", empty, geom, 2)
    assert got[0] == want[0] == run(reference(geom), empty, geom, 2)[0]
    if got[0]:
        assert geom.is_solution(got[1])
    for puzzle in make_puzzles(geom, rng, 6, [0.35, 0.45, 0.55]):
        want = run(reference(geom), puzzle, geom, 0)
        got = run("learn", puzzle, geom, 0)
        assert got[0] == want[0] == run("propagate", puzzle, geom, 0)[0] >= 1
        assert geom.is_solution(got[1], puzzle)


@pytest.mark.parametrize("name", list(VARIANT9))
def test_random_9x9_variant_puzzles(name):
    geom = VARIANT9[name]
    rng = random.Random(f"9x9 {name}")
    for puzzle in make_puzzles(geom, rng, 8, [0.3, 0.4, 0.55]):
        want = run("propagate", puzzle, geom, 2)
        got = run("learn", puzzle, geom, 2)
        assert got[0] == want[0] >= 1 and not got[3], (name, puzzle)
        assert geom.is_solution(got[1], puzzle)
        if got[0] == 1:
            assert got[1] == want[1]
    # givens that break a pair or a unit: no solution
    bad = bytearray(81)
    i, j = (geom.pairs[0] if geom.pairs else geom.units[-1][:2])
    bad[i] = bad[j] = 5
    assert run("learn", bytes(bad), geom, 2)[:2] == (0, None)


@pytest.mark.parametrize("name", ["2x2+links+1", "2x3+links"])
def test_backtrack_one_way_links(name):
    """backtrack reads a one-way weak link the right way round (it once read it backwards)."""
    geom = SMALL[name]
    assert not symmetric_links(geom)
    count, first, _, _ = run("backtrack", bytes(geom.ncells), geom, 1)
    assert count == 1 and geom.is_solution(first)


# --- C twin == Python specification -----------------------------------------------------------


def _twin_cases():
    for name, geom in list(SMALL.items()) + [(f"9x9 {k}", g) for k, g in VARIANT9.items()]:
        yield pytest.param(name, geom, id=name)


@needs_c
@pytest.mark.parametrize("name,geom", list(_twin_cases()))
def test_c_equals_python(name, geom):
    rng = random.Random(f"twin {name}")
    tables = _backend.tables(geom)
    cases = [bytes(geom.ncells)] if geom.size == 4 else []  # 6x6: up to millions of solutions
    if run("propagate", bytes(geom.ncells), geom, 1)[0]:
        keeps = [0.15, 0.3, 0.45] if geom.size == 4 else [0.3, 0.4, 0.5]
        cases += make_puzzles(geom, rng, 6 - len(cases), keeps, seeds=(1, 2))
    noisy = bytearray(cases[-1] if cases else bytes(geom.ncells))  # stray givens: may clash
    for _ in range(3):
        noisy[rng.randrange(geom.ncells)] = rng.randint(0, geom.size)
    cases.append(bytes(noisy))
    limits = ((1, 0), (2, 0), (0, 0), (3, 5)) if geom.size < 9 else ((1, 0), (2, 0), (0, 7))
    for puzzle in cases:
        for limit, node_limit in limits:
            c = C.learn(puzzle, tables, limit, node_limit)
            p = _kernels.learn(puzzle, geom, limit, node_limit)
            assert c == p, (name, puzzle, limit, node_limit)
            if c[1] is not None:
                assert geom.is_solution(c[1], puzzle)


@needs_c
def test_c_learn_accepts_variants_through_every_door():
    """C.learn, C.learn_start/learn_resume and the _backend wrappers take a variant's tables."""
    geom = VARIANT9["x"]
    puzzle = make_puzzles(geom, random.Random(5), 1, [0.35])[0]
    tables = _backend.tables(geom)
    one = C.learn(puzzle, tables, 2, 0)
    assert KERNELS["learn"](puzzle, tables, 2, 0) == one
    run_c = _backend.LearnRun(puzzle, tables)
    assert _backend.resume_in_steps(run_c, 2, 0) == one
    assert one[0] >= 1 and geom.is_solution(one[1], puzzle)


# --- resumable searches on variants -----------------------------------------------------------


@pytest.mark.parametrize("name", ["2x2+links+1", "2x3+antiking", "jig6c+diag", "2x2+units"])
def test_resumable_runs_on_variants(name):
    """A LearnRun resumed a few decisions at a time: sanity() at every pause, and the same
    answers as one search; learn_solutions yields learn's solutions in learn's order."""
    geom = SMALL[name]
    rng = random.Random(f"resume {name}")
    puzzle = bytes(16) if geom.size == 4 else make_puzzles(geom, rng, 1, [0.3])[0]
    whole = _kernels.learn(puzzle, geom, 0, 0)
    run_py = _learn.LearnRun(puzzle, geom)
    while True:
        result = run_py.resume(0, 3)
        assert run_py.s.sanity() == []
        if not result[3]:
            break
    assert result == whole
    run_b = _backend.LearnRun(puzzle, _backend.tables(geom))
    steps = [run_b.resume(k // 2 + 1, 2) for k in range(6)]
    assert all(s[2] <= whole[2] for s in steps)
    assert run_b.resume(0, 0) == whole
    counter = [0]
    found = list(_kernels.learn_solutions(puzzle, geom, 0, counter))
    assert len(found) == len(set(found)) == whole[0] and counter[0] == whole[2]
    assert found[0] == whole[1] and all(geom.is_solution(s, puzzle) for s in found)
    for budget in [b for b in (1, whole[2] // 2) if 1 <= b < whole[2]]:
        with pytest.raises(_kernels.KernelStop):
            list(_kernels.learn_solutions(puzzle, geom, budget))
