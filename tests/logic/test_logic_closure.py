"""A player's state checked against the closure of logic from the givens (logic._closure):
sound answers without a uniqueness proof, so a hint on a big grid does not pay for one
(issue #31, 'Big grids').  Every answer is compared with the solution found here by search."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

import sudokit
from sudokit import logic, solve
from sudokit.logic import State, _budget
from sudokit.logic import _closure
from sudokit.solver import search

from conftest import shared_file

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.fixture(autouse=True)
def _fresh_cache():
    _closure._CACHE.clear()
    yield
    _closure._CACHE.clear()


def _first_empty(grid_values):
    return next(c for c, v in enumerate(grid_values) if not v)


def test_right_values_and_marks_are_sound_wrong_ones_are_named():
    """The closure's answer is the check against the solution (State.problems(solution=))."""
    start = State.of(EASY)
    sol = solve(EASY).values
    cell = _first_empty(start.values)
    right = start.place(cell, sol[cell])
    assert _closure.check_against_closure(right) == [] == right.problems(solution=sol)
    # a wrong value that clashes with nothing: one of the cell's candidates (its peers
    # lose it as candidate too: named as the solution check names them)
    wrong_value = next(v for v in range(1, 10) if v != sol[cell] and
                       start.candidates[cell] >> (v - 1) & 1)
    wrong = start.place(cell, wrong_value)
    problems = _closure.check_against_closure(wrong)
    assert problems == wrong.problems(solution=sol)
    assert ("wrong-value", cell, wrong_value) in [(p.kind, p.cell, p.value) for p in problems]
    # marks: dropping values that are not the solution's is fine, dropping it is named
    other = next(c for c in range(81) if not start.values[c] and c != cell)
    keep = start.eliminate([(other, v) for v in range(1, 10)
                            if v != sol[other] and start.candidates[other] >> (v - 1) & 1])
    assert _closure.check_against_closure(keep) == []
    dropped = start.eliminate([(other, sol[other])])
    problems = _closure.check_against_closure(dropped)
    assert problems == dropped.problems(solution=sol)
    assert [(p.kind, p.cell, p.value) for p in problems] == \
        [("removed-candidate", other, sol[other])]


def _p25(k: int) -> str:
    return shared_file("gecode_25x25.txt").read_text().split()[k]


def _solution(text: str) -> tuple:
    """The solution, by search: on the pure-Python backend from `sudokit solve` on the C
    kernels in a subprocess (the checker's; a pure-Python search of these takes seconds)."""
    if sudokit.backend() == "c":
        return search(text, limit=1).solution.values
    env = {k: v for k, v in os.environ.items() if k != "SUDOKIT_PUREPYTHON"}
    out = subprocess.run([sys.executable, "-m", "sudokit", "solve"], input=text + "\n",
                         env=env, capture_output=True, text=True, timeout=120, check=True)
    from sudokit.grid import as_grid
    return as_grid(out.stdout.split()[0]).values


@pytest.mark.parametrize("k", [16, 17])
def test_a_hint_on_a_players_25x25_state_is_quick_and_true(k):
    """After the player applied the first hint, the next comes without the uniqueness proof
    (seconds to minutes on these puzzles) and agrees with the solution."""
    text = _p25(k)
    sol = _solution(text)
    start = State.of(text)
    state = start
    for _ in range(3):  # three hints applied, as the page's Apply hint does
        began = time.monotonic()
        status, step, problems = logic.hint_status(state, time_limit=5.0)
        took = time.monotonic() - began
        assert status == "hint" and not problems, (status, problems)
        assert took < 3.0, took  # (measured: 0.25 s for the first on a player's state)
        assert all(sol[c] == v for c, v in step.placements)
        assert all(sol[c] != v for c, v in step.eliminations)
        state = state.apply(step)


def test_a_wrong_value_on_a_25x25_is_named_without_the_proof():
    text = _p25(16)
    sol = _solution(text)
    start = State.of(text)
    reached, _ = _closure.closure(start)
    # a wrong value where the closure knows the solution's, that breaks no unit at once
    wrong = next(w for c in range(625) if reached.values[c] and not start.values[c]
                 for x in range(1, 26) if x != sol[c] and start.candidates[c] >> (x - 1) & 1
                 for w in [start.place(c, x)] if not w.plain_problems())
    began = time.monotonic()
    status, _, problems = logic.hint_status(wrong, time_limit=5.0)
    assert time.monotonic() - began < 3.0
    assert status == "inconsistent"
    # what the solution says, word for word (the cells the closure reaches: a wrong value
    # removes itself from its peers' candidates, some of which the closure has not settled)
    assert set(problems) <= set(wrong.problems(solution=sol))
    assert problems[0].kind == "wrong-value" and problems[0] in wrong.problems(solution=sol)


def test_a_state_beyond_the_closure_is_not_known_and_the_hint_says_so_in_time():
    """A right value where the closure has not reached: not known (None), and the hint
    falls back to the proof, ended by its time limit with a clear status."""
    text = _p25(16)
    start = State.of(text)
    with _budget.time_limit(0.5):
        reached, whole = _closure.closure(start, 0.3)
    assert not whole
    cell = next(c for c in range(625) if not reached.values[c])
    sol = _solution(text)
    state = start.place(cell, sol[cell])
    with _budget.time_limit(0.8):
        assert _closure.check_against_closure(state) is None
    began = time.monotonic()
    status, _, _ = logic.hint_status(state, time_limit=1.0)
    assert status in ("time-limit", "hint") and time.monotonic() - began < 3.0
