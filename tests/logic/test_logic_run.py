"""The ladder's easy stretch in C (sudokit/_c/logic_run.c, logic._easy.easy_run; issue #15 speed).

easy_run takes, in one C call, the steps first_step would take one after the other while
each is a single, locked candidates or a naked or hidden subset.  Its contract, checked on
every state along many paths (classic, jigsaw, X, 4x4 to 8x8 jigsaws, anti-knight and
windoku rules, random pencil marks) against the plain Python ladder (the probe off, every
finder run in Python):
  - its steps are the plain ladder's next steps, in order, field for field;
  - the state it reaches is the steps applied one by one;
  - ``stop``: the plain ladder's next step from there is first_step(start=stop)'s, and
    every technique before stop finds nothing.
Then whole paths (with techniques enabled or excluded, and max_steps) are the same with and
without it.  In pure mode there is no C run: easy_run answers None.
"""

from __future__ import annotations

import random

import pytest

from sudokit import geometry, logic
from sudokit.logic import State, _cfast
from sudokit.logic._easy import easy_run
from sudokit.logic.ladder import first_step

from test_logic_c import _fresh, _key, _lines, _states, _variants
from test_logic_probe import BUG_PUZZLE, _perturbed

needs_c = pytest.mark.skipif(not _cfast.available(), reason="C kernels only: pure-Python backend: no C run")

EASY = ("full-house", "hidden-single", "naked-single", "pointing", "claiming", "naked-pair",
        "naked-triple", "naked-quad", "hidden-pair", "hidden-triple", "hidden-quad")


@pytest.fixture(scope="module")
def states():
    out = []
    for p in _lines("puzzles3_magictour_top1465", 4, 21):
        out += _states(p, every=3)
    out += _states(BUG_PUZZLE, every=4)
    for name, size, k in (("sgt_jigsaw.txt", 9, 2), ("sgt_x.txt", 9, 2),
                          ("janko_chaos.txt", 4, 3), ("janko_chaos.txt", 6, 3),
                          ("janko_chaos.txt", 8, 2)):
        for puzzle, g in _variants(name, size, k):
            out += _states(puzzle, g, every=2)
    classic = [s for s in out if s.size == 9 and s.geometry.is_classic]
    for rule in ("antiknight", "windoku"):
        g = geometry.parse("9").with_rules(rule)
        out += [State(g, s.values, s.candidates, s.givens) for s in classic[::5]]
    rng = random.Random(3)
    out += [_perturbed(s, rng) for s in out[::3]]
    return out


def _plain(fn):
    """fn() with the probe (and so the C run) off: every finder runs in Python."""
    was = _cfast.PROBE
    try:
        _cfast.PROBE = False
        return fn()
    finally:
        _cfast.PROBE = was


def _replayed(s, enabled, limit: int = 40):
    """easy_run's (steps, reached, stop) on s, each step checked to be the plain ladder's
    first step from where the one before left it (an easy one), and reached to be where
    they lead."""
    got = easy_run(_fresh(s), enabled, limit)
    assert got is not None
    steps, reached, stop = got
    state = _fresh(s)
    for step in steps:
        plain = _plain(lambda: first_step(state, enabled))
        assert plain is not None and _key(plain) == _key(step), s.to_pencilmarks()
        assert step.technique in EASY
        state = state.apply(step)
    assert (reached.values, reached.candidates) == (state.values, state.candidates)
    return steps, reached, stop


@needs_c
@pytest.mark.parametrize("which", ["all", "no-hidden-single", "subsets-first"])
def test_run_takes_the_plain_ladders_steps(states, which):
    enabled = logic.ladder()
    if which == "no-hidden-single":
        enabled = tuple(t for t in enabled if t.id != "hidden-single")
    elif which == "subsets-first":   # no singles at all: the run starts at the subsets
        enabled = tuple(t for t in enabled if t.family != "singles")
    taken = stops = 0
    for s in states:
        steps, reached, stop = _replayed(s, enabled)
        taken += len(steps)
        if len(steps) == 40 or reached.is_solved():
            assert stop == 0
            continue
        nxt = _plain(lambda: first_step(_fresh(reached), enabled))
        fast = first_step(_fresh(reached), enabled, start=stop)
        assert (nxt and _key(nxt)) == (fast and _key(fast))
        assert nxt is None or nxt.technique not in EASY
        for tech in enabled[:stop]:
            assert next(iter(tech.find(_fresh(reached))), None) is None, tech.id
        stops += stop > 0
    assert taken > 200 and stops > 20


@needs_c
def test_paths_same_with_and_without_the_run():
    puzzles = [(p, None) for p in _lines("puzzles3_magictour_top1465", 3, 31)]
    puzzles += _variants("sgt_jigsaw.txt", 9, 1) + _variants("janko_chaos.txt", 5, 1)
    no_hidden = [t.id for t in logic.ladder() if t.id != "hidden-single"]
    for p, g in puzzles:
        for kw in ({}, {"max_steps": 17}, {"techniques": no_hidden},
                   {"exclude": ["pointing", "naked-pair"]}):
            run = logic.steps(State.of(p, geometry=g), **kw)
            plain = _plain(lambda: logic.steps(State.of(p, geometry=g), **kw))
            assert run.status == plain.status
            assert [_key(x) for x in run.steps] == [_key(x) for x in plain.steps]
            assert run.state.candidates == plain.state.candidates
            if "max_steps" in kw:
                assert len(run.steps) <= kw["max_steps"]


@needs_c
def test_run_knows_the_solution_it_started_with():
    """The state reached keeps the start's solution (State._inherit), as apply() does."""
    s = State.of(BUG_PUZZLE)
    s.problems()                      # computes and caches the solution
    steps, reached, _ = easy_run(s, logic.ladder(), 10)
    assert steps and reached._cache.get("solution") == s._cache.get("solution") is not None


@needs_c
def test_run_rejects_bad_input():
    s = State.of(BUG_PUZZLE)
    h = _cfast.handle(s)
    with pytest.raises(ValueError, match="code"):
        _cfast.C.logic_run(h, bytes([200]), bytes(s.givens), b"", 0, 5)
    with pytest.raises(ValueError, match="given"):
        _cfast.C.logic_run(h, bytes([0]), bytes(80), b"", 0, 5)
    with pytest.raises(ValueError, match="rectangle"):
        _cfast.C.logic_run(h, bytes([0]), bytes(s.givens), bytes([1, 2, 3, 81]), 0, 5)
    with pytest.raises((TypeError, ValueError)):
        _cfast.C.logic_run(None, bytes([0]), bytes(s.givens), b"", 0, 5)
    records, values, cands, stop = _cfast.C.logic_run(h, bytes([0, 1]), bytes(s.givens), b"", 0, 0)
    assert records == [] and values == bytes(s.values) and list(cands) == list(s.candidates)


def test_no_run_when_pure_or_with_links_c_lacks():
    """No C run in pure Python, nor with more weak links between cells than the C tables
    hold; with a few links the run goes on (issue #32: it places values with them,
    tests/logic/test_logic_links_c.py compares its steps with the plain ladder's)."""
    s = State.of(BUG_PUZZLE)
    with _cfast.pure():
        assert easy_run(s, logic.ladder(), 10) is None
    linked = geometry.parse("9").with_links((0, 1, (1,) * 9))
    t = State.of(BUG_PUZZLE, geometry=linked)
    assert (easy_run(t, logic.ladder(), 10) is None) == (not _cfast.available())
    many = geometry.parse("9").with_links(*[(i, j, (1,) * 9) for i in range(81)
                                            for j in range(i + 1, 81)])
    assert len(many.links) > _cfast.MAX_LINKS
    t = State.of(BUG_PUZZLE, geometry=many)
    assert not _cfast.links_known(t)
    assert easy_run(t, logic.ladder(), 10) is None
    if not _cfast.available():
        assert easy_run(s, logic.ladder(), 10) is None
