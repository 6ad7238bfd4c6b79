"""HoDoKu 2.2.0 levels and scores (sudokit.rate(...).level / .score, the path of
sudokit.logic.hodoku) against the values the HoDoKu 2.2.0 JAR gave for ../shared/data/ratings
(issue #17).  Every step follows HoDoKu's own scan orders and step sorting
(src/sudokit/logic/hodoku/), except the fish, sudokit's own (docs/se-rating.md sections 10
and 13.2); the finders have their own test modules here.
"""

from __future__ import annotations

import pytest
from hodoku_paths import rows as _rows

from sudokit.logic.hodoku import LEVELS, MAX_SCORE, hodoku_path, hodoku_rating
from sudokit.solver import solve


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
