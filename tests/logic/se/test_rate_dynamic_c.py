"""The C twin of SE's producers 23-30 (sudokit._ckernels.se_chaining) against the
pure-Python specification (sudokit.logic.se.chains.Chaining with nested.advanced_nodes).

The C-only comparisons skip on the pure-Python backend (nothing to compare); the deadline
and rating tests run on both.  The published ratings come from ../shared/data/ratings
(skipped when absent).  Nested levels 2-5 are slow in pure Python (minutes per hint list),
so their comparison and the se_hard_public ratings are marked slow.
"""

from __future__ import annotations

import time

import pytest

from sudokit.engine._backend import C
from sudokit.logic import TimeLimitReached
from sudokit.logic.se import read_board
from sudokit.logic.se.chains import Chaining
from sudokit.logic.se.nested import advanced_nodes
from sudokit.logic.se.path import producers

from conftest import shared_file

need_c = pytest.mark.skipif(C is None or not hasattr(C, "se_chaining"),
                            reason="C kernels only: pure-Python backend: no C chaining to compare with")


def _rows(name: str) -> list:
    """(puzzle, ER) of a rated file of ../shared/data/ratings."""
    out = []
    for line in shared_file("ratings", name).read_text().splitlines():
        puzzle, er, _ep, _ed = line.split()
        out.append((puzzle, float(er)))
    return out


def _python(producer: int) -> Chaining:
    """A fresh pure-Python Chaining for SE's producer 23..30 (the C twin switched off)."""
    if producer == 23:
        ch = Chaining(False, True, True, 0)
    elif producer == 24:
        ch = Chaining(True, False, False, 0)
    elif producer == 25:
        ch = Chaining(True, True, False, 0)
    else:
        ch = Chaining(True, True, False, producer - 25, advanced_nodes)
    ch._c = None
    return ch


def _states(puzzle: str, producer: int, limit: int = 10**9) -> list:
    """Copies of the grid at every step of SE's path where `producer` is asked (producers
    1 .. producer-1 found nothing), at most limit of them."""
    board = read_board(puzzle)
    prods = producers()
    out = []
    while not board.is_solved() and len(out) < limit:
        hint = None
        for i, (_name, produce) in enumerate(prods):
            if i == producer - 1:
                out.append(board.copy())
            hint = produce(board)
            if hint is not None:
                break
        if hint is None:
            break
        hint.apply(board)
    return out


def _same(board, producer: int) -> int:
    """Assert that C and Python give the same hint list (sorted, merged: rating, complexity,
    sort key, eliminations, placement, name) and the same first hint; return its length."""
    want = [(h.rating, h.complexity, h.key, h.elims, h.place, h.name)
            for h in _python(producer).hints(board.values, board.cands)]
    got = C.se_chaining(board.values, board.cands, producer, 0.0, True)
    assert got == want, (board.line(), producer)
    first = C.se_chaining(board.values, board.cands, producer)
    assert first == (want[0] if want else None)
    return len(want)


@need_c
def test_c_chaining_levels_0_twin_of_python():
    # producers 23-25 on the grid states where SE asks producer 23, along the path of a
    # sample of puzzles rated 7.5-9.2
    rows = [r for r in _rows("se_cb_public.txt") if 7.5 <= r[1] <= 9.2][::40]
    found = {23: 0, 24: 0, 25: 0}
    states = 0
    for puzzle, _er in rows:
        for board in _states(puzzle, 23, limit=3):
            states += 1
            for producer in found:
                found[producer] += _same(board, producer) > 0
    assert states >= 10
    assert all(found.values()), found  # each producer really found hints somewhere


@need_c
def test_c_chaining_level_1_twin_of_python():
    # producer 26 (dynamic (+): pointing/claiming, hidden and naked pairs, X-wings as
    # nested rules) asked on grid states where SE asks producer 23, along the path of
    # puzzles rated 9.0+ (SE itself rarely needs it below 9.3)
    rows = [r for r in _rows("se_cb_public.txt") if r[1] >= 9.0][::25]
    found = states = 0
    for puzzle, _er in rows:
        for board in _states(puzzle, 23, limit=1):
            states += 1
            found += _same(board, 26) > 0
    assert states >= 2 and found >= 1


@need_c
@pytest.mark.slow
def test_c_chaining_nested_levels_twin_of_python():
    # levels 2 and 3 (producers 27, 28: producer 21 and producer 24 as nested rules) on a
    # state of se_hard_public puzzles where SE asks them; minutes in pure Python
    rows = _rows("se_hard_public.txt")
    board = _states(rows[0][0], 27, limit=1)[0]
    assert _same(board, 27) > 0
    board = _states(rows[99][0], 28, limit=8)[-1]
    assert _same(board, 28) > 0


@need_c
def test_c_chaining_checks_its_arguments():
    board = read_board("." * 81)
    with pytest.raises(ValueError, match="23..30"):
        C.se_chaining(board.values, board.cands, 22)
    with pytest.raises(ValueError, match="81"):
        C.se_chaining(board.values[:80], board.cands, 25)
    bad = list(board.cands)
    bad[5] = 512
    with pytest.raises(ValueError, match=r"cands\[5\]"):
        C.se_chaining(board.values, bad, 25)
    with pytest.raises(TimeoutError):
        C.se_chaining(board.values, board.cands, 25, time.monotonic() - 1.0)


def test_chaining_past_deadline_raises_time_limit():
    # both backends: a Chaining whose deadline has passed stops with TimeLimitReached
    puzzle = next(p for p, er in _rows("se_cb_public.txt") if er >= 9.0)
    board = _states(puzzle, 23, limit=1)[0]  # producer 25 not asked on it yet (no cache)
    chaining = producers()[24][1]
    chaining.deadline = time.monotonic() - 1.0
    with pytest.raises(TimeLimitReached):
        chaining(board)


def test_c_and_python_chaining_rate_a_9_x_puzzle_alike():
    # both backends: the rating of puzzles that need producers 23-26 is the published one
    from sudokit.rate import rate
    rows = [r for r in _rows("se_cb_public.txt") if r[1] >= 9.0][::60]
    for puzzle, er in rows:
        assert rate(puzzle, hodoku=False).er == er


@need_c
@pytest.mark.slow
def test_se_hard_public_er():
    # all of se_hard_public.txt (ER 10.6-11.9, nested levels 2-5) with the whole C rating:
    # ER exact on at least 80% (the floor; measured 195 / 200), each puzzle within
    # the 60 s (measured: mean 4.0 s, max 13.7 s of CPU, docs/se-rating.md 13.6)
    from sudokit.rate import rate
    rows = _rows("se_hard_public.txt")
    assert len(rows) == 200
    exact = 0
    for puzzle, er in rows:
        got = rate(puzzle, hodoku=False, time_limit=60.0)
        assert got.status != "limit", puzzle
        exact += got.er == er
    assert exact >= 0.8 * len(rows), (exact, len(rows))
