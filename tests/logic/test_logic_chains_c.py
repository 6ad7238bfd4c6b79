"""The chains' C finders (src/sudokit/_c/logic_aic.c, logic/links.c; issue #15, speed):
the same steps as the pure-Python specification.

chains._aic (x-chain, xy-chain, aic) asks C.logic_aic for the closure's verdict sets and
the search's first layer with a find, each chain already walked; graph() takes its fields
from C.logic_links_graph; find_remote_pair asks C.logic_remote_pair whether any component
proves something before searching.

On the states along the paths of puzzles of several sizes and variants (every third state;
all of them for 40 puzzles in the slow test): 9x9 top1465 and hardest-1106, 9x9 jigsaw and
X, 4x4-8x8 jigsaws, classic states read with anti-knight, windoku and X rules, states with
random candidates removed or with many bivalue cells of one pair, and classic states with
weak links between cells (where only the remote pairs use C), each must agree with the
pure code: the verdict sets with _links._closure, the records with the pure search's
steps, the graph with _build_py, the remote-pair verdict with the pure finder.  In pure
mode (SUDOKIT_PUREPYTHON=1) the C path must not run at all (test_pure_mode_never_calls_c).
"""

from __future__ import annotations

import collections
import random
from itertools import islice

import pytest

from sudokit import geometry, logic
from sudokit.logic import State, _cfast
from sudokit.logic.core import links as _links
from sudokit.logic.techniques import chains

from test_logic_c import _fresh, _key, _lines, _states, _variants

needs_c = pytest.mark.skipif(not _cfast.available(),
                             reason="C kernels only: pure-Python backend: no C finder to compare")

KINDS = ("x", "xy", "aic", "group")
AIC_IDS = {"x-chain": "x", "xy-chain": "xy", "aic": "group"}


def _perturbed(s: State, rng: random.Random) -> State:
    """s with up to 30 random candidates removed (never a cell's last)."""
    cands = list(s.candidates)
    for _ in range(rng.randrange(1, 30)):
        cell = rng.randrange(len(cands))
        m = cands[cell]
        if m.bit_count() > 1:
            cands[cell] &= ~(1 << rng.choice([b for b in range(s.size) if m >> b & 1]))
    return State(s.geometry, s.values, cands, s.givens)


def _pairs_planted(s: State, rng: random.Random) -> State:
    """s with 4 to 14 empty cells given the same two candidates: remote-pair material
    (chains, odd cycles, several components), consistent or not."""
    empty = [c for c, m in enumerate(s.candidates) if m]
    if len(empty) < 4:
        return s
    a, b = rng.sample(range(s.size), 2)
    cands = list(s.candidates)
    for c in rng.sample(empty, min(len(empty), rng.randrange(4, 15))):
        cands[c] = 1 << a | 1 << b
    return State(s.geometry, s.values, cands, s.givens)


def _consecutive_links() -> list:
    """Weak links between candidates of cells that are not peers (r1c1 - r5c5, r2c8 -
    r9c3): a value there excludes its neighbours 1 up and 1 down in the other cell."""
    masks = [(1 << a - 1 if a > 0 else 0) | (1 << a + 1 if a < 8 else 0) for a in range(9)]
    return [(0, 40, masks), (16, 75, masks)]


def _collect(sample: int, seed: int, every: int = 1) -> list:
    """States along the paths of sample top1465 puzzles (every k-th), a few hardest-1106
    ones, the variants, the ruled, perturbed and planted states (see the docstring)."""
    out = []
    for p in _lines("puzzles3_magictour_top1465", sample, seed):
        out += _states(p, every=every)
    for p in _lines("puzzles6_forum_hardest_1106", max(1, sample // 4), seed):
        out += _states(p, every=3 * every)
    for name, size, k in (("sgt_jigsaw.txt", 9, 3), ("sgt_x.txt", 9, 3),
                          ("janko_chaos.txt", 4, 2), ("janko_chaos.txt", 5, 2),
                          ("janko_chaos.txt", 6, 3), ("janko_chaos.txt", 7, 2),
                          ("janko_chaos.txt", 8, 3)):
        for puzzle, g in _variants(name, size, k):
            out += _states(puzzle, g, every=every * (3 if size == 9 else 1))
    classic = [s for s in out if s.geometry.size == 9 and s.tables.classic][::6]
    for rule in ("antiknight", "windoku", "x"):
        g = geometry.parse("9").with_rules(rule)
        out += [State(g, s.values, s.candidates, s.givens) for s in classic]
    linked = geometry.parse("9").with_links(*_consecutive_links())
    out += [State(linked, s.values, s.candidates, s.givens) for s in classic[::2]]
    rng = random.Random(seed)
    out += [_perturbed(s, rng) for s in out[::8]]
    out += [_pairs_planted(s, rng) for s in out[::5]]
    return out


@pytest.fixture(scope="module")
def states():
    return _collect(8, 15, every=3)


def _check(states, limit=3):
    """Every comparison on every state; the counts of what was exercised."""
    seen = collections.Counter()
    for s in states:
        if _cfast.handle(_fresh(s)) is None:
            seen["python only"] += 1
            continue
        if s.geometry.links:                # the chains stay in Python; remote pairs in C
            seen["links"] += 1
            _check_remote_pair(s, seen)
            for tid in AIC_IDS:
                find = logic.technique(tid).find
                got = [_key(x) for x in islice(find(_fresh(s)), limit)]
                with _cfast.pure():
                    assert [_key(x) for x in islice(find(_fresh(s)), limit)] == got
            continue
        for k, kind in enumerate(KINDS):
            a = _fresh(s)
            f, t, lo, layer, found, groups = _cfast.C.logic_aic(_cfast.handle(a), k)
            with _cfast.pure():
                cl = _links._closure(_fresh(s), kind)
                want = _links._build_py(_fresh(s), kind)
            got = _links._build(_fresh(s), kind)
            assert (got.weak, got.strong, got.groups, got.starts, got.cands) == \
                (want.weak, want.strong, want.groups, want.starts, want.cands), kind
            assert [int.from_bytes(b, "little") for b in (f, t, lo)] == \
                [cl.false, cl.true, cl.looped & want.cands], (kind, s.to_pencilmarks())
            assert bool(found) == (layer > 0)
            for ids, pairs in found:        # a chain from "a off" to "z on", links real
                assert len(ids) == layer + 1 and pairs
                for j in range(layer):
                    link = want.strong if j % 2 == 0 else want.weak
                    assert link[ids[j]] >> ids[j + 1] & 1
                assert all(x in groups for x in ids if x >= s.size * s.tables.ncells)
            seen[kind + " false"] += bool(cl.false)
            seen[kind + " found"] += bool(found)
            seen["group nodes on a chain"] += bool(groups)
        for tid in AIC_IDS:
            find = logic.technique(tid).find
            got = [_key(x) for x in islice(find(_fresh(s)), limit)]
            with _cfast.pure():
                want = [_key(x) for x in islice(find(_fresh(s)), limit)]
            assert got == want, (tid, s.to_pencilmarks())
            seen[tid] += bool(got)
        _check_remote_pair(s, seen)
    return seen


def _check_remote_pair(s, seen) -> None:
    fires = _cfast.C.logic_remote_pair(_cfast.handle(_fresh(s)))
    with _cfast.pure():
        want = [_key(x) for x in chains.find_remote_pair(_fresh(s))]
    assert fires == bool(want), s.to_pencilmarks()
    assert [_key(x) for x in chains.find_remote_pair(_fresh(s))] == want
    seen["remote-pair"] += fires
    seen["remote-pair silent"] += not fires


@needs_c
def test_c_chains_match_pure(states):
    seen = _check(states)
    for key in ("x found", "xy found", "aic found", "group found", "x-chain", "xy-chain",
                "aic", "group nodes on a chain", "remote-pair", "remote-pair silent", "links"):
        assert seen[key] > 0, (key, seen)     # nothing vacuous
    sizes = {s.geometry.size for s in states}
    assert {4, 5, 6, 7, 8, 9} <= sizes


@needs_c
@pytest.mark.slow
def test_c_chains_match_pure_larger_sample():
    seen = _check(_collect(40, 1465), limit=10)   # every state of 40 puzzles
    assert seen["aic"] > 100 and seen["remote-pair"] > 0


@needs_c
def test_aic_continues_past_the_c_layer_in_python(states):
    """Asked for every step, the finders give the C layer's then the pure search's, as a
    pure run does (all=True hints and forcing-free paths read them all)."""
    longer = 0
    for s in states[::40]:
        for tid in AIC_IDS:
            find = logic.technique(tid).find
            got = [_key(x) for x in find(_fresh(s))]
            with _cfast.pure():
                want = [_key(x) for x in find(_fresh(s))]
            assert got == want, (tid, s.to_pencilmarks())
            if got:
                raw = _cfast.C.logic_aic(_cfast.handle(_fresh(s)), _links._KINDS[AIC_IDS[tid]])
                longer += len(got) > len(raw[4])
    assert longer > 0


@needs_c
def test_aic_caches_the_closure_for_the_nice_loops(states):
    """After find_aic, closure(state, 'group') is the C verdicts (no second closure) and
    equals the pure one; the nice loops read it and give the pure steps."""
    checked = 0
    for s in states[::15]:
        if _cfast.handle(_fresh(s)) is None or s.geometry.links:
            continue
        a = _fresh(s)
        list(islice(chains.find_aic(a), 1))
        assert ("closure", "group") in a._cache
        with _cfast.pure():
            want = _links._closure(_fresh(s), "group")
        got = _links.closure(a, "group")
        assert (got.false, got.true) == (want.false, want.true)
        for tid in ("discontinuous-nice-loop", "continuous-nice-loop"):
            find = logic.technique(tid).find
            with _cfast.pure():
                pure = [_key(x) for x in islice(find(_fresh(s)), 3)]
            assert [_key(x) for x in islice(find(a), 3)] == pure
        checked += 1
    assert checked > 10


def test_remote_pair_hand_checked_in_c():
    """The hand-checked remote pair of test_logic_chains: C says it fires, the step is the
    pure one; with the pair broken (r6c7 loses its 5), C says nothing fires."""
    st = logic.steps("..845...6..3..1.........87........48.2.1.37...6..9....9...14.3.1.7.2..5"
                     ".2........", techniques=["full-house", "hidden-single", "naked-single"]
                     ).state
    step = next(iter(chains.find_remote_pair(_fresh(st))))
    assert step.eliminations == ((51, 5),)
    with _cfast.pure():
        assert next(iter(chains.find_remote_pair(_fresh(st)))) == step
    broken = st.eliminate([(51, 5)])
    assert list(chains.find_remote_pair(_fresh(broken))) == []
    if _cfast.available():
        assert _cfast.C.logic_remote_pair(_cfast.handle(_fresh(st))) is True
        assert _cfast.C.logic_remote_pair(_cfast.handle(_fresh(broken))) is False


def test_pure_mode_never_calls_c(monkeypatch):
    """With the C finders off (SUDOKIT_PUREPYTHON=1 or _cfast.pure()), the chains run the
    pure code: the new C entry points are never called."""
    st = logic.steps("..845...6..3..1.........87........48.2.1.37...6..9....9...14.3.1.7.2..5"
                     ".2........", techniques=["full-house", "hidden-single", "naked-single"]
                     ).state
    if _cfast.C is not None:
        def boom(*args):
            raise AssertionError("C called in pure mode")
        for name in ("logic_aic", "logic_remote_pair", "logic_links_graph"):
            if hasattr(_cfast.C, name):
                monkeypatch.setattr(_cfast.C, name, boom)
    with _cfast.pure():
        s = _fresh(st)
        assert list(islice(chains.find_aic(s), 1))
        assert list(chains.find_remote_pair(s))
        assert _links.graph(s, "group").starts
        assert logic.hint(_fresh(st)) is not None


@needs_c
def test_bad_input_is_refused():
    h = _cfast.handle(State.of("." * 81))
    geo = _cfast._geometry(State.of("." * 81).tables)
    for name in ("logic_aic", "logic_links_graph"):
        f = getattr(_cfast.C, name)
        with pytest.raises(ValueError, match="outside 0..3"):
            f(h, 4)
        with pytest.raises(ValueError, match="outside 0..3"):
            f(h, -1)
        with pytest.raises(ValueError):
            f(geo, 3)                       # a geometry capsule is not a state
        with pytest.raises(TypeError):
            f(h)
        with pytest.raises(TypeError):
            f(h, "3")
    with pytest.raises(ValueError):
        _cfast.C.logic_remote_pair(geo)
    with pytest.raises((TypeError, ValueError)):
        _cfast.C.logic_remote_pair(None)


@needs_c
def test_empty_and_solved_states():
    """A solved grid (no candidates) and an empty 4x4: no chains, empty verdicts."""
    solved = State.of("1234341221434321")
    h = _cfast.handle(solved)
    f, t, lo, k, found, groups = _cfast.C.logic_aic(h, 3)
    assert (k, found, groups) == (0, [], {})
    assert not any(f + t + lo)
    g = _links.graph(solved, "group")
    assert g.starts == [] and g.cands == 0 and not any(g.weak)
    assert _cfast.C.logic_remote_pair(h) is False
    empty = State.of("." * 16)
    f, t, lo, k, found, groups = _cfast.C.logic_aic(_cfast.handle(empty), 3)
    with _cfast.pure():
        cl = _links._closure(_fresh(empty), "group")
    assert int.from_bytes(f, "little") == cl.false
