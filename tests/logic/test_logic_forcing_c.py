"""The forcing chains' C searches against their pure-Python specification (issue #15, speed).

sudokit/_c/logic_static.c searches the cell and unit forcing chains (graph, reach, order,
shortest paths) and sudokit/_c/logic_dyn_rec.c runs the Nishio and dynamic contradiction
loops, records singles branches and reads a contradiction's proof from them; forcing.py
builds every step from those records with the pure helpers.  On every state along the
paths of a few dozen puzzles (top1465, hardest-1106, 9x9 jigsaw and X, 4x4-8x8 jigsaws,
classic states read with anti-knight, windoku and X rules): the records equal what the
pure code computes, piece by piece, and the finders yield exactly the pure steps, with
either backend running first on a shared state.  Pure mode (SUDOKIT_PUREPYTHON=1): skipped,
nothing to compare.
"""

from __future__ import annotations

import collections
import sys
from itertools import islice

import pytest

from sudokit import geometry, logic
from sudokit.logic import State, _cfast
from sudokit.logic.core import propagate as dyn
from sudokit.logic.core.bits import cells_of
from sudokit.logic.techniques import forcing

from test_logic_c import _fresh, _key, _lines, _states, _variants

pytestmark = pytest.mark.skipif(
    not _cfast.available(),
    reason="C kernels only: pure-Python backend (SUDOKIT_PUREPYTHON=1 or no C extension): no C twin to compare")

C = _cfast.C
STATIC = ("cell-forcing-chain", "unit-forcing-chain")
DYNAMIC = ("nishio", "dynamic-forcing-chain", "dynamic-forcing-chain-plus")


def _classic(k_top: int, k_hard: int, every: int) -> list:
    out = []
    for p in _lines("puzzles3_magictour_top1465", k_top, 41):
        out += _states(p, every=every)
    for p in _lines("puzzles6_forum_hardest_1106", k_hard, 41):
        out += _states(p, every=2 * every)
    return out


@pytest.fixture(scope="module")
def classic_states():
    """About 560 states: 12 top1465 puzzles (every other state), 2 of hardest-1106."""
    return _classic(12, 2, 2)


@pytest.fixture(scope="module")
def other_states(classic_states):
    """States of other sizes and variants (grids up to 128 cells, where C runs)."""
    out = []
    for name, size, k in (("sgt_jigsaw.txt", 9, 4), ("sgt_x.txt", 9, 3),
                          ("janko_chaos.txt", 4, 3), ("janko_chaos.txt", 5, 3),
                          ("janko_chaos.txt", 6, 3), ("janko_chaos.txt", 7, 2),
                          ("janko_chaos.txt", 8, 2)):
        for puzzle, g in _variants(name, size, k):
            out += _states(puzzle, g)
    for rule in ("antiknight", "windoku", "x"):
        g = geometry.parse("9").with_rules(rule)
        out += [State(g, s.values, s.candidates, s.givens) for s in classic_states[::15]]
    return [s for s in out if _cfast.handle(s) is not None and not s.geometry.links]


# --- the finders: the same steps -----------------------------------------------------------

def _compare(states, ids, counts, limit, shared_every: int = 0) -> None:
    """Each finder yields the same steps on both backends, on fresh states, and on every
    shared_every-th state on one state shared by both (C first, then pure first)."""
    for k, s in enumerate(states):
        for tid in ids:
            find = logic.technique(tid).find
            got_c = [_key(x) for x in islice(find(_fresh(s)), limit)]
            with _cfast.pure():
                got_p = [_key(x) for x in islice(find(_fresh(s)), limit)]
            assert got_c == got_p, (tid, s.to_pencilmarks())
            counts[tid] += bool(got_c)
            if not shared_every or k % shared_every:
                continue
            shared = _fresh(s)
            assert [_key(x) for x in islice(find(shared), limit)] == got_c
            with _cfast.pure():
                assert [_key(x) for x in islice(find(shared), limit)] == got_c
            shared = _fresh(s)
            with _cfast.pure():
                assert [_key(x) for x in islice(find(shared), limit)] == got_c
            assert [_key(x) for x in islice(find(shared), limit)] == got_c


def test_static_finders_identical(classic_states, other_states):
    counts = collections.Counter()
    _compare(classic_states[::5], STATIC, counts, limit=3, shared_every=5)
    for tid in STATIC:
        assert counts[tid] > 20, counts
    other = collections.Counter()
    _compare(other_states[::3], STATIC, other, limit=3, shared_every=5)
    assert sum(other.values()) > 0, other


def test_dynamic_finders_identical(classic_states, other_states):
    counts = collections.Counter()
    _compare(classic_states[::6], DYNAMIC, counts, limit=2, shared_every=4)
    _compare(other_states[::3], DYNAMIC, counts, limit=1)
    for tid in ("nishio", "dynamic-forcing-chain"):
        assert counts[tid] > 5, counts


@pytest.mark.slow
def test_forcing_identical_every_state_larger_sample():
    """The full comparison: 36 top1465 puzzles and 4 of hardest-1106, every state; every
    record of the static search, every static step on every 4th state."""
    states = _classic(36, 4, 1)
    test_static_records_match_the_pure_search(states, [])
    counts = collections.Counter()
    _compare(states[::4], STATIC, counts, limit=None, shared_every=3)
    _compare(states[::8], DYNAMIC, counts, limit=3)
    assert all(counts[tid] for tid in STATIC + ("nishio", "dynamic-forcing-chain")), counts


# --- the static search, record by record --------------------------------------------------

def _pure_tests(s, mode):
    """(pos, kind, data) of every test of the pure search that finds something, in order:
    ("contra", x, y) or ("verity", lits, found)."""
    n = s.size
    reaches = forcing._reaches(s)
    if mode == 0:
        groups = [(c * (n + 1), forcing._cell_lits(s, c)) for c in forcing._cells_order(s)]
    else:
        pos = {(u, v): (f * n + v - 1) * (n + 1) for f, u in enumerate(s.tables.full)
               for v in range(1, n + 1)}
        groups = [(pos[u, v], lits) for u, v, lits in forcing._unit_cases(s)]
    for base, lits in groups:
        for j, x in enumerate(lits):
            on, off = reaches[x]
            both = on & off
            if both:
                yield base + j, "contra", (x, (both & -both).bit_length() - 1)
        on_all = off_all = -1
        for x in lits:
            on_all &= reaches[x][0]
            off_all &= reaches[x][1]
        for x in lits:
            on_all &= ~(1 << x)
        if on_all or off_all:
            found = [(y, True) for y in cells_of(on_all)] + \
                [(y, False) for y in cells_of(off_all)]
            yield base + len(lits), "verity", (lits, found)


def test_static_records_match_the_pure_search(classic_states, other_states):
    """Every record of logic_static_next (position, assumption, conclusions, paths, group
    nodes) is the pure search's, and the C search skips nothing it finds."""
    seen = collections.Counter()
    for s0 in classic_states[::4] + other_states[::6]:
        s = _fresh(s0)
        with _cfast.pure():
            g = forcing.graph(s, "group")
            want = {mode: list(_pure_tests(s, mode)) for mode in (0, 1)}
        st = C.logic_static(_cfast.handle(s))
        nl = s.size * s.tables.ncells
        assert [tuple(x) for x in C.logic_static_groups(st)] == \
            [(cells_of(cells), v) for cells, v in g.groups]
        for mode in (0, 1):
            got, pos = [], 0
            while (rec := C.logic_static_next(st, mode, pos)) is not None:
                pos = rec[0] + 1
                got.append(rec)
            assert [r[0] for r in got] == [w[0] for w in want[mode]], mode
            for rec, (_, kind, data) in zip(got, want[mode]):
                seen[kind] += 1
                with _cfast.pure():
                    if kind == "contra":
                        x, y = data
                        assert rec[1:3] == (x, y)
                        assert rec[3] == forcing._static_path(s, x, y, True)
                        assert rec[4] == forcing._static_path(s, x, y, False)
                    else:
                        lits, found = data
                        assert rec[1] == lits and rec[3] == found
                        assert rec[4] == [forcing._static_path(s, x, *found[0]) for x in lits]
                        seen["group nodes"] += any(z >= nl for p in rec[4] for z, _ in p)
    assert seen["contra"] > 5 and seen["verity"] > 5, seen


# --- the dynamic loops, branches and proofs ------------------------------------------------

def _cands(s) -> list:
    nc = s.tables.ncells
    return [b * nc + c for c in range(nc) for b in range(s.size) if s.candidates[c] >> b & 1]


def test_first_contradiction_loop_matches(classic_states, other_states):
    """logic_dyn_first, called on from each find, lists exactly the candidates the pure
    loops would test and refute (with the solution, without, with a wrong one)."""
    hits = collections.Counter()
    for s in classic_states[::30] + other_states[::12]:
        a = _fresh(s)
        cd = C.logic_dyn(_cfast.handle(a))
        ctx = dyn.context(a)
        n, nc = a.size, a.tables.ncells
        sol = forcing._solve(a.geometry, a.givens) or tuple([0] * nc)
        wrong = bytes((v % n) + 1 for v in sol)
        verdicts = {}                           # x -> (nishio, singles, plus) contradict
        for x in _cands(a):
            br = dyn.propagate(ctx, [(x, True)])
            plus = br if br.contra else dyn.resume(ctx, br, plus=True)
            verdicts[x] = (dyn.nishio(ctx, x), bool(br.contra), bool(plus.contra))
        for given, keep in ((bytes(sol), True), (b"", False), (wrong, False)):
            lits = [x for x in _cands(a) if not keep or sol[x % nc] != x // nc + 1]
            for test in (0, 1, 2):
                got, pos = [], 0
                while (pos := C.logic_dyn_first(cd, test, given, pos)) >= 0:
                    got.append((pos % n) * nc + pos // n)
                    pos += 1
                assert got == [x for x in lits if verdicts[x][test]], (test, keep)
                hits[test] += len(got)
    assert all(hits[t] > 0 for t in (0, 1, 2)), hits
    assert C.logic_dyn_first(cd, 0, b"", 0) >= -1      # the last state: no solution given


def test_recorded_branches_equal_python_branches(classic_states, other_states):
    """Every candidate: the branch recorded in C is the pure branch (records, their order,
    reasons, contradiction; without one the arrays too, and plus resumes alike)."""
    contra = 0
    for s in classic_states[::30] + other_states[::12]:
        a = _fresh(s)
        cd = C.logic_dyn(_cfast.handle(a))
        ctx = dyn.context(a)
        for x in _cands(a):
            got = dyn.from_record(ctx, C.logic_dyn_branch(cd, x))
            want = dyn.propagate(ctx, [(x, True)])
            assert list(got.on.items()) == list(want.on.items()), x
            assert list(got.off.items()) == list(want.off.items()), x
            assert (got.contra, got.seq, got.oncells) == (want.contra, want.seq, want.oncells)
            if want.contra:
                contra += 1
                continue
            assert (got.cands, got.vcells, got.where) == (want.cands, want.vcells, want.where)
            assert sorted(set(got.pend)) == sorted(set(want.pend))
            p1, p2 = dyn.resume(ctx, got, plus=True), dyn.resume(ctx, want, plus=True)
            assert (p1.on, p1.off, p1.contra) == (p2.on, p2.off, p2.contra), x
    assert contra > 0


def test_contradiction_proofs_match(classic_states, other_states):
    """Every candidate whose singles branch contradicts: the step built from the C proof is
    the step built from the pure branch; the others have no proof."""
    steps = 0
    for s in classic_states[::20] + other_states[::8]:
        a = _fresh(s)
        cd = C.logic_dyn(_cfast.handle(a))
        ctx = dyn.context(a)
        for x in _cands(a):
            got = forcing._c_contradiction_step(a, cd, x, "dynamic-forcing-chain", "dynamic",
                                                8.5)
            br = dyn.propagate(ctx, [(x, True)])
            if not br.contra:
                assert got is None
                continue
            want = forcing._contradiction_step(a, ctx, br, x, "dynamic-forcing-chain",
                                               "dynamic", 8.5)
            assert _key(got) == _key(want), x
            steps += 1
    assert steps > 20


# --- boundaries ------------------------------------------------------------------------------

def test_bad_input_is_refused():
    s = State.of("1" + "." * 80)
    h = _cfast.handle(s)
    st = C.logic_static(h)
    cd = C.logic_dyn(h)
    with pytest.raises(ValueError, match="mode"):
        C.logic_static_next(st, 2, 0)
    with pytest.raises(ValueError, match="negative"):
        C.logic_static_next(st, 0, -1)
    with pytest.raises(ValueError):
        C.logic_static_next(cd, 0, 0)           # a dyn capsule is not a static one
    with pytest.raises(ValueError):
        C.logic_static(st)                      # nor a state
    with pytest.raises(ValueError):
        C.logic_static_groups(h)
    with pytest.raises(ValueError, match="test"):
        C.logic_dyn_first(cd, 3, b"", 0)
    with pytest.raises(ValueError, match="solution"):
        C.logic_dyn_first(cd, 0, b"\x01" * 80, 0)
    with pytest.raises(ValueError, match="negative"):
        C.logic_dyn_first(cd, 0, b"", -5)
    with pytest.raises(ValueError, match="not a candidate"):
        C.logic_dyn_branch(cd, 0)               # r1c1 holds 1: no candidate there
    with pytest.raises(ValueError, match="not a candidate"):
        C.logic_dyn_proof(cd, 10_000)
    assert C.logic_static_next(st, 0, 10 ** 6) is None
    assert C.logic_dyn_first(cd, 0, b"", 10 ** 6) == -1


def test_capsules_release_their_state():
    """The static and dyn capsules hold the state capsule and release it when freed."""
    s = State.of("." * 81)
    h = _cfast.handle(s)
    before = sys.getrefcount(h)
    st, cd = C.logic_static(h), C.logic_dyn(h)
    assert sys.getrefcount(h) == before + 2
    C.logic_static_next(st, 0, 0)
    C.logic_dyn_first(cd, 1, b"", 0)
    del st, cd
    assert sys.getrefcount(h) == before
