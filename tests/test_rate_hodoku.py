"""HoDoKu 2.2.0 levels and scores (sudokit.rate(...).level / .score) against the values the
HoDoKu 2.2.0 JAR gave for ../shared/data/ratings (issue #17).

Singles, locked candidates, subsets, wings, chains, uniqueness, ALS steps, nice loops and
forcing chains follow HoDoKu's own scan orders and step sorting (src/sudokit/rate/_hodoku*.py);
fish, single-digit patterns, Sue de Coq, colouring and forcing nets still come from
sudokit.logic's finders (docs/se-rating.md sections 10 and 13.2).
"""

from __future__ import annotations

import csv

import pytest

from sudokit.rate._hodoku import LEVELS, MAX_SCORE, hodoku_path, hodoku_rating
from sudokit.rate._hodoku_tabling import _compare as tabling_compare
from sudokit.rate._hodoku_chains import _compare as chain_compare
from sudokit.solver import solve

from conftest import shared_file


def _rows(name: str, level_col: str = "level", score_col: str = "score") -> list:
    with open(shared_file("ratings", name), newline="") as fh:
        return [(r["puzzle"], r[level_col].lower(), int(r[score_col]))
                for r in csv.DictReader(fh)]


def _agreement(rows):
    level = score = 0
    for puzzle, want_level, want_score in rows:
        got_level, got_score = hodoku_rating(puzzle)
        level += got_level == want_level
        score += got_score == want_score
    return level, score


def test_easy_and_medium_sample_exact():
    rows = _rows("hodoku220_cb_public.csv")
    sample = [r for r in rows if r[1] in ("easy", "medium")][::12]
    assert len(sample) >= 30
    bad = [(p, lv, sc, hodoku_rating(p)) for p, lv, sc in sample if hodoku_rating(p) != (lv, sc)]
    assert not bad, bad


def test_levels_sample():
    rows = _rows("hodoku220_cb_public.csv")[::40]
    level, score = _agreement(rows)
    assert level >= 0.95 * len(rows) and score >= 0.85 * len(rows), (level, score)


def _check_path(puzzle):
    """Replay hodoku_path: every placement is the solution's value, no deletion removes it,
    the path ends solved, and level / score follow from the steps."""
    solution = solve(puzzle).values
    filled = {c for c, ch in enumerate(puzzle) if ch in "123456789"}
    level, score, kinds = 0, 0, set()
    for index, lvl, pts, places, dels in hodoku_path(puzzle):
        for cell, v in places:
            assert solution[cell] == v and cell not in filled, (puzzle, index, cell, v)
            filled.add(cell)
        for cell, v in dels:
            assert solution[cell] != v, (puzzle, index, cell, v)
        assert places or dels, (puzzle, index)
        score += pts
        level = max(level, LEVELS.index(lvl))
        kinds.add(index)
    assert len(filled) == 81, puzzle
    name = LEVELS[level]
    while name in MAX_SCORE and score > MAX_SCORE[name]:
        name = LEVELS[LEVELS.index(name) + 1]
    assert hodoku_rating(puzzle) == (name, score)
    return kinds


def test_paths_are_sound_sample():
    # every 25th puzzle: covers wings, chains, uniqueness, ALS, nice loops, forcing chains
    rows = _rows("hodoku220_cb_public.csv")[::25]
    kinds = set()
    for puzzle, _level, _score in rows:
        kinds |= _check_path(puzzle)
    assert {300, 1200, 5600, 8500} <= kinds, sorted(kinds)


def test_tabling_order_rule():
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
    # the chain solver's steps add the values as the last key
    assert chain_compare(("x-chain", ((5, 3),), 6, (3,)), ("x-chain", ((5, 3),), 6, (4,))) < 0


@pytest.mark.slow
def test_cb_file_agreement():
    # measured 1590 / 1590 levels and 1582 / 1590 scores (docs/se-rating.md section 13.2);
    # the issue asks for level >= 95% and score >= 90%, the floors guard what is reached
    rows = _rows("hodoku220_cb_public.csv")
    level, score = _agreement(rows)
    assert level >= 0.995 * len(rows) and score >= 0.99 * len(rows), (level, score)


@pytest.mark.slow
def test_levels_file_agreement():
    rows = _rows("hodoku_levels_public.csv", "hodoku220_level", "hodoku220_score")
    level, score = _agreement(rows)  # measured 407 / 407 levels, 404 / 407 scores
    assert level >= 0.995 * len(rows) and score >= 0.99 * len(rows), (level, score)
