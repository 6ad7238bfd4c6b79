"""The C twins of SE's producers 1-22 and of the rating loop (sudokit._ckernels.se_*).

Each C producer must give the hint its Python twin (sudokit/logic/se/basic.py, unique.py,
chains.py) gives, on the grid states of the SE path of se_cb_public puzzles; the C loop
must give the ER / EP / ED / hardest technique / step count of the pure-Python loop.  The
comparisons need the C kernels (skipped in pure mode); the loop's boundary checks run on
both backends.
"""

from __future__ import annotations

import pytest

from sudokit.engine._backend import C
from sudokit.logic.se import path as _se
from sudokit.logic.se.chains import static_chains
from sudokit.logic.se import read_board
from sudokit.logic.se.path import producers, se_path

from conftest import shared_file

HAVE_C = C is not None and hasattr(C, "se_path_run") and hasattr(C, "se_producer")
needs_c = pytest.mark.skipif(not HAVE_C, reason="C kernels only: pure-Python backend")


def _rows() -> list:
    """(line number, puzzle, ER, EP, ED) of se_cb_public.txt (skips when absent)."""
    path = shared_file("ratings", "se_cb_public.txt")
    out = []
    for i, line in enumerate(path.read_text().splitlines(), 1):
        p, er, ep, ed = line.split()
        out.append((i, p, float(er), float(ep), float(ed)))
    return out


def _norm_py(h):
    if h is None:
        return None
    return (h.rating, {c: m for c, m in h.elims.items() if m}, h.place, h.name,
            h.complexity, h.key)


def _norm_c(t):
    if t is None:
        return None
    rating, elims, place, name, complexity, key = t
    return (rating, elims, place, name, complexity, key)


def _compare_path(puzzle: str, fires: list, static_budget: list, every: int = 1) -> int:
    """Walk the SE path of puzzle with the Python producers 1-22 (stops where they find
    nothing), comparing every C producer with its twin on every state; fires[p] counts the
    states where producer p has a hint.  Producer 21 (pure Python is slow) is compared on
    the states where 1-20 find nothing, while static_budget[0] > 0; 15 and 22 on every
    every-th state and where no earlier producer applies.  Returns the states."""
    board = read_board(puzzle)
    prods = producers()[:22]
    states = 0
    while not board.is_solved():
        values, cands = bytes(board.values), list(board.cands)
        applied = None
        for p, (name, produce) in enumerate(prods, 1):
            if p == 21:
                if applied is not None:
                    continue
                if static_budget[0] <= 0:  # compared enough: the C twin leads on
                    applied = _se._Static()(board)
                    continue
                static_budget[0] -= 1
                want = _norm_py(static_chains(board))
            elif p in (15, 22) and applied is not None and states % every:
                continue  # slow in pure Python: every few states, and where they apply
            else:
                want = _norm_py(produce(board))
            got = _norm_c(C.se_producer(p, values, cands))
            assert got == want, (puzzle, board.line(), p, name, got, want)
            assert board.cands == cands  # producers never change the grid
            if want is not None:
                fires[p] += 1
                if applied is None:
                    applied = produce(board)
        states += 1
        if applied is None:
            break
        applied.apply(board)
    return states


@needs_c
def test_c_producers_twins_of_python():
    # the first puzzle of every ER value up to 7.5 (each technique's own stratum) and a
    # few random ones: every producer 1-22 fires on some state, and the C twin gives the
    # same hint (rating, eliminations, placement, name, complexity, key) on every state
    rows = _rows()
    first = {}
    for r in rows[:1090]:
        first.setdefault(r[2], r)
    sample = [r for er, r in sorted(first.items()) if er <= 7.5] + rows[1090::125]
    fires = [0] * 23
    budget = [12]
    states = sum(_compare_path(r[1], fires, budget, 4) for r in sample)
    assert states > 1000 and budget[0] <= 0
    missing = [p for p in range(1, 23) if not fires[p]]
    assert not missing, (missing, fires)


@needs_c
@pytest.mark.slow
def test_c_producers_twins_on_every_puzzle():
    fires = [0] * 23
    budget = [200]
    states = sum(_compare_path(r[1], fires, budget, 3) for r in _rows())
    assert states > 30000 and all(fires[1:]), fires


def _pure(puzzle: str, **kw):
    return se_path(puzzle, keep_names=True, **kw)  # keep_names: the pure-Python loop


def _same_paths(rows) -> int:
    asked = 0
    for r in rows:
        a, b = se_path(r[1]), _pure(r[1])
        assert (a.er, a.ep, a.ed, a.hardest, a.steps, a.stuck) == \
            (b.er, b.ep, b.ed, b.hardest, b.steps, b.stuck), r
        assert _se.format_rating(a.er) == f"{r[2]:.1f}"
        asked += any(rating >= 7.5 and "forcing chain" in name.lower()
                     and "X-chain" not in name for name, rating in b.names)
    return asked


@needs_c
def test_c_loop_same_as_pure_loop():
    # a sample over the ER values (1.2 up to 8.4): the C loop, handing the grid back to
    # the Python producers 23-30 where 1-22 find nothing, gives the pure loop's numbers
    rows = _rows()
    first = {}
    for r in rows[:1090]:
        first.setdefault(r[2], r)
    sample = [r for er, r in sorted(first.items()) if er <= 7.3 or er in (7.6, 8.0, 8.4)]
    sample += [r for r in rows[1090::40] if r[2] < 7.6]
    asked = _same_paths(sample)
    assert asked >= 2  # the hand-back to producers 23-30 was exercised


@needs_c
@pytest.mark.slow
def test_c_loop_same_as_pure_loop_on_every_puzzle():
    assert _same_paths(_rows()) > 100


@needs_c
def test_c_loop_max_producer_and_time_limit():
    rows = [r for r in _rows() if 6.6 <= r[2] <= 7.2][:3]
    for r in rows:
        for top in (4, 14, 20, 21):
            a, b = se_path(r[1], max_producer=top), _pure(r[1], max_producer=top)
            assert (a.er, a.ep, a.ed, a.hardest, a.steps, a.stuck) == \
                (b.er, b.ep, b.ed, b.hardest, b.steps, b.stuck), (r, top)
    assert se_path(rows[0][1], max_producer=4).stuck  # no chains: SE's techniques stop
    import time
    with pytest.raises(_se.TimeLimitReached):
        se_path(rows[0][1], deadline=time.monotonic() - 1.0)


@needs_c
def test_c_loop_resumes_from_a_given_state():
    # the hand-back state (values, cands, er/ep/ed, hardest, steps) resumes exactly: run
    # the pure loop for 5 steps, then the C loop from there
    puzzle = _rows()[1100][1]
    board = read_board(puzzle)
    state = [float("-inf"), 0.0, 0.0, "", 0]
    prods = producers()[:22]
    for _ in range(5):
        hint = _se._first_hint(prods, board, None)
        _se._record(state, hint, board)
    got = C.se_path_run(bytes(board.values), board.cands, tuple(state), 0.0, 30)
    whole = _pure(puzzle)
    assert got[0] == 0 and got[1:6] == (whole.er, whole.ep, whole.ed, whole.hardest,
                                        whole.steps)


def test_se_path_boundary():
    # both backends: a short line is refused; characters other than 1-9 are empty cells,
    # non-ASCII ones included
    with pytest.raises(ValueError):
        se_path("1" * 80)
    line = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7."
    odd = line.replace(".", "\u00e9", 5)
    a, b = se_path(line), se_path(odd)
    assert (a.er, a.ep, a.ed, a.steps) == (b.er, b.ep, b.ed, b.steps) == (1.2, 1.2, 1.2, a.steps)
    assert a.steps == line.count(".")


@needs_c
def test_se_producer_boundary():
    with pytest.raises(ValueError):
        C.se_producer(23, bytes(81), [0] * 81)
    with pytest.raises(ValueError):
        C.se_producer(1, bytes(80), [0] * 81)
    with pytest.raises(ValueError):
        C.se_producer(1, bytes(81), [0] * 80)
    with pytest.raises(ValueError):
        C.se_producer(1, bytes(81), [512] + [0] * 80)
    with pytest.raises(ValueError):
        C.se_producer(1, bytes([10]) + bytes(80), [0] * 81)
    with pytest.raises(ValueError):
        C.se_path_run("1" * 80)
    assert C.se_producer(4, bytes(81), [0] * 80 + [4]) == (2.3, {}, (80, 3), "naked single", 0, 0)
