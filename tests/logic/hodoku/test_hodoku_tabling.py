"""HoDoKu's tabling solver (sudokit.logic.hodoku.tabling): the step order rule, nice loops and
AICs on the cases of HoDoKu's technique library (../shared/data/ratings/hodoku_reglib-1.3.txt,
codes 0706-0711), and the forcing chains (8500) of HoDoKu paths checked against the
solution.  The floors are the measured agreements: each finder returns the first instance in
HoDoKu's order, and the library lists the one instance it tests for its candidates,
so a grid holding another instance earlier in that order does not agree (it must still
be sound).
"""

from __future__ import annotations

import pytest

import hodoku_reglib as reglib
from hodoku_paths import checked_path

from sudokit.logic.hodoku import tabling
from sudokit.logic.hodoku.board import step_order as tabling_compare


def test_order_rule():
    # HoDoKu's SolutionStep.compareTo: more deletions first; then (different deletions) the
    # lower index sum, sum of cell * (1 + 80 k) + value over the k-th deletion; then (same
    # type and deletions) the shorter chain
    many = ("aic", ((3, 5), (4, 5)), 9)
    few = ("aic", ((0, 1),), 4)
    assert tabling_compare(many, few) < 0 < tabling_compare(few, many)
    low = ("discontinuous-nice-loop", ((10, 2),), 12)
    high = ("discontinuous-nice-loop", ((20, 1),), 6)
    assert tabling_compare(low, high) < 0 < tabling_compare(high, low)
    pair_a = ("aic", ((1, 5), (2, 5)), 8)      # 1 + 5 + 2 * 81 + 5 = 173
    pair_b = ("aic", ((0, 9), (3, 1)), 4)      # 0 + 9 + 3 * 81 + 1 = 253
    assert tabling_compare(pair_a, pair_b) < 0
    short = ("discontinuous-nice-loop", ((10, 2),), 6)
    assert tabling_compare(short, low) < 0 < tabling_compare(low, short)
    # different types with the same deletions tie: the one found first stays first
    assert tabling_compare(("aic", ((10, 2),), 6), low) == 0


def _loops(groups):
    def find(b):
        step = tabling.nice_loop_step(b, groups)
        return None if step is None else list(step[1])
    return find


@pytest.mark.parametrize("code, count, floor", [
    ("0706", 18, 11), ("0707", 27, 14), ("0708", 34, 7)])
def test_nice_loops(code, count, floor):  # continuous, discontinuous, AIC
    agree, total = reglib.agreement(_loops(False), code)
    assert total == count and agree >= floor, agree


@pytest.mark.parametrize("code, count, floor", [
    ("0709", 16, 8), ("0710", 38, 11), ("0711", 42, 11)])
def test_grouped_nice_loops(code, count, floor):
    agree, total = reglib.agreement(_loops(True), code)
    assert total == count and agree >= floor, agree


def test_forcing_chains():
    # puzzles of hodoku220_cb_public.csv (rows 1012, 1032, 1037) whose paths take forcing
    # chains: every step is the solution's (hodoku_paths.checked_path checks it)
    found = [s for row in (1012, 1032, 1037) for s in checked_path(row) if s[0] == 8500]
    assert len(found) >= 3
