"""The ladder's C probe (sudokit/_c/logic_probe.c, issue #15 speed): it may skip a finder
only when that finder finds nothing, so the steps never change.

The contract, checked both ways on every state along many paths (top1465 and hardest-1106
puzzles, 9x9 jigsaw and X, 4x4-8x8 jigsaws, classic states read with anti-knight, windoku
and X rules, and states with random candidates removed): for each probed technique, the
probe says "fires" exactly when the Python finder yields a step.  The uniqueness probes
assume the givens have one solution (the finders check it), so the exact comparison runs
with that check answering yes, and without it only "the finder fires => the probe fires"
must hold.  Then whole paths and hint(all=True) are the same with and without the probe.
In pure mode (SUDOKIT_PUREPYTHON=1) there is no probe: the ladder runs every finder.
"""

from __future__ import annotations

import collections
import json
import random

import pytest

from sudokit import geometry, logic
from sudokit.logic import State, _cfast
from sudokit.logic.techniques import uniqueness

from test_logic_c import _fresh, _lines, _states, _variants

needs_c = pytest.mark.skipif(not _cfast.available(),
                             reason="C kernels only: pure-Python backend: no probe to compare")

# a top1465 puzzle whose path ends with a BUG+1 step (the rarest probed technique)
BUG_PUZZLE = "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5..........."


def _perturbed(s: State, rng: random.Random) -> State:
    """s with up to 30 random candidates removed (never a cell's last): a player's marks,
    often wrong, which the finders and the probe must read alike."""
    cands = list(s.candidates)
    for _ in range(rng.randrange(1, 30)):
        cell = rng.randrange(len(cands))
        m = cands[cell]
        if m.bit_count() > 1:
            cands[cell] &= ~(1 << rng.choice([b for b in range(s.size) if m >> b & 1]))
    return State(s.geometry, s.values, cands, s.givens)


@pytest.fixture(scope="module")
def states():
    out = []
    for p in _lines("puzzles3_magictour_top1465", 5, 5):
        out += _states(p)
    for p in _lines("puzzles6_forum_hardest_1106", 2, 5):
        out += _states(p, every=2)
    out += _states(BUG_PUZZLE)
    for name, size, k in (("sgt_jigsaw.txt", 9, 3), ("sgt_x.txt", 9, 3),
                          ("janko_chaos.txt", 4, 4), ("janko_chaos.txt", 5, 2),
                          ("janko_chaos.txt", 6, 4), ("janko_chaos.txt", 7, 2),
                          ("janko_chaos.txt", 8, 3)):
        for puzzle, g in _variants(name, size, k):
            out += _states(puzzle, g)
    classic = [s for s in out if s.size == 9 and s.geometry.is_classic]
    for rule in ("antiknight", "windoku", "x"):
        g = geometry.parse("9").with_rules(rule)
        out += [State(g, s.values, s.candidates, s.givens) for s in classic[::6]]
    rng = random.Random(1)
    out += [_perturbed(s, rng) for s in out[::3]]
    return out


def _verdicts(states):
    """{id: [(probe fires, finder fires)] per state} for every probed technique."""
    out = collections.defaultdict(list)
    for s in states:
        for tid in _cfast.PROBES:
            tech = logic.technique(tid)
            fresh = _fresh(s)
            plan = _cfast.probe_plan(fresh, (tech,))
            if plan is None:
                continue
            fires = _cfast.probe(fresh, plan, 0) == 0
            out[tid].append((fires, next(iter(tech.find(_fresh(s))), None) is not None))
    return out


CHAIN_KINDS = {"x-chain": "x", "xy-chain": "xy"}


@needs_c
def test_probe_fires_iff_finder_fires(states, monkeypatch):
    """Exact, both ways, on every state (uniqueness: givens taken as unique); the chain
    probes only one way (a finder that fires is never skipped): they answer whether the
    closure of their kind proves something false (next test)."""
    monkeypatch.setattr(uniqueness, "_one_solution", lambda state: True)
    found = _verdicts(states)
    assert set(found) == set(_cfast.PROBES)
    for tid, pairs in found.items():
        if tid in CHAIN_KINDS:
            assert all(probe for probe, finder in pairs if finder), tid
            continue
        wrong = [k for k, (probe, finder) in enumerate(pairs) if probe != finder]
        assert not wrong, (tid, len(wrong), len(pairs))
        fires = sum(finder for _, finder in pairs)
        assert fires > 0 and fires < len(pairs), (tid, fires)  # both answers checked


@needs_c
def test_chain_probes_answer_the_closure(states):
    """The X-Chain and XY-Chain probes: closure(state, kind).false is not empty."""
    from sudokit.logic.core.links import closure
    for tid, kind in CHAIN_KINDS.items():
        tech, yes = logic.technique(tid), 0
        for s in states[::2]:
            plan = _cfast.probe_plan(s, (tech,))
            if plan is None:
                continue
            fires = _cfast.probe(s, plan, 0) == 0
            assert fires == bool(closure(_fresh(s), kind).false), (tid, s.to_pencilmarks())
            yes += fires
        assert yes > 0, tid


@needs_c
def test_probe_never_misses_a_step(states):
    """With the real uniqueness check: a finder that fires is never skipped."""
    for tid, pairs in _verdicts(states[::2]).items():
        assert all(probe for probe, finder in pairs if finder), tid


def _key(step) -> str:
    return json.dumps(step.to_json(), sort_keys=True)


def _both(fn):
    """fn() with the probe, then without it."""
    was = _cfast.PROBE
    try:
        _cfast.PROBE = True
        first = fn()
        _cfast.PROBE = False
        return first, fn()
    finally:
        _cfast.PROBE = was


@needs_c
def test_paths_same_with_and_without_probe():
    puzzles = [(p, None) for p in _lines("puzzles3_magictour_top1465", 3, 11)]
    puzzles += [(BUG_PUZZLE, None)]
    puzzles += _variants("sgt_jigsaw.txt", 9, 1) + _variants("sgt_x.txt", 9, 1)
    puzzles += _variants("janko_chaos.txt", 6, 1)
    for p, g in puzzles:
        with_probe, without = _both(
            lambda: [_key(s) for s in logic.steps(State.of(p, geometry=g)).steps])
        assert with_probe == without and with_probe


@needs_c
def test_hint_all_and_filters_same_with_and_without_probe():
    """hint(all=True) and techniques=/exclude= choose the same steps either way."""
    states = []
    for p in _lines("puzzles3_magictour_top1465", 2, 13):
        states += _states(p, every=5)
    no_singles = [t.id for t in logic.ladder() if t.family != "singles"]
    for s in states:
        for kw in ({"all": True}, {"exclude": ["hidden-single", "naked-single"]},
                   {"techniques": no_singles, "all": True}, {"techniques": ["x-wing", "aic"]}):
            a, b = _both(lambda: logic.hint(_fresh(s), check=False, **kw))
            a = [_key(x) for x in a] if isinstance(a, list) else (a and _key(a))
            b = [_key(x) for x in b] if isinstance(b, list) else (b and _key(b))
            assert a == b, (kw, s.to_pencilmarks())


@needs_c
def test_probe_rejects_bad_input():
    s = State.of(BUG_PUZZLE)
    h = _cfast.handle(s)
    rects = b""
    with pytest.raises(ValueError, match="code"):
        _cfast.C.logic_probe(h, bytes([200]), 0, bytes(s.givens), rects, 0)
    with pytest.raises(ValueError, match="given"):
        _cfast.C.logic_probe(h, bytes([0]), 0, bytes(80), rects, 0)
    with pytest.raises(ValueError, match="rectangle"):
        _cfast.C.logic_probe(h, bytes([0]), 0, bytes(s.givens), bytes([1, 2, 3, 81]), 0)
    with pytest.raises((TypeError, ValueError)):  # not a state capsule
        _cfast.C.logic_probe(None, bytes([0]), 0, bytes(s.givens), rects, 0)
    # an index past the codes: nothing probed, the length comes back
    assert _cfast.C.logic_probe(h, bytes([0, 255]), 5, bytes(s.givens), rects, 0) == 2


def test_no_probe_when_pure_or_too_large():
    """Pure mode and grids over 128 cells: no plan, the ladder runs every finder."""
    s = State.of(BUG_PUZZLE)
    with _cfast.pure():
        assert _cfast.probe_plan(s, logic.ladder()) is None
        assert logic.hint(s).technique == logic.hint(s, all=True)[0].technique
    big = State.of("." * 256)
    assert _cfast.probe_plan(big, logic.ladder()) is None
    if not _cfast.available():
        assert _cfast.probe_plan(s, logic.ladder()) is None


def test_placed_masks_match_placed_in():
    """State.placed_masks (C when built) is placed_in of every unit."""
    for p, g in [(BUG_PUZZLE, None)] + _variants("janko_chaos.txt", 6, 1):
        s = State.of(p, geometry=g)
        for s in (s, s.apply(logic.hint(s))):
            s = _fresh(s)
            assert s.placed_masks() == [s.placed_in(u) for u in range(len(s.geometry.units))]


# the probes that remember their verdict per value pattern (logic/probe_memo.c lp_each_value)
PER_VALUE = ("x-wing", "swordfish", "jellyfish", "finned-x-wing", "sashimi-x-wing",
             "finned-swordfish", "sashimi-swordfish", "finned-jellyfish", "sashimi-jellyfish",
             "skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle", "simple-colors",
             "multi-colors")


@needs_c
def test_per_value_memo_tells_patterns_apart():
    """A value's remembered verdict is reused only for the same pattern: the same states
    probed in another order, and again with candidates left in filled cells (marks a
    State may hold), agree with the finders each time."""
    states = []
    for p in _lines("puzzles3_magictour_top1465", 3, 17):
        states += _states(p, every=2)
    rng = random.Random(5)
    odd = []
    for s in states[::2]:
        cands = list(s.candidates)
        for c in rng.sample([c for c, v in enumerate(s.values) if v], 3):
            cands[c] = rng.randrange(1, 1 << s.size)
        odd.append(State(s.geometry, s.values, cands, s.givens))
    shuffled = states[:]
    rng.shuffle(shuffled)
    checked = 0
    for s in states + shuffled + odd:
        for tid in PER_VALUE:
            tech = logic.technique(tid)
            plan = _cfast.probe_plan(s, (tech,))
            fires = _cfast.probe(_fresh(s), plan, 0) == 0
            assert fires == (next(iter(tech.find(_fresh(s))), None) is not None), \
                (tid, s.to_pencilmarks())
            checked += fires
    assert checked > 0
