"""engine='auto' off the 9x9 C kernel: propagate and learn in turn with growing budgets.

propagate turns are fresh searches; learn turns resume one search, and resuming is exact:
a learn search resumed until it has made D decisions is the fresh learn search with node
limit D.  So every figure here follows from the kernels themselves: the tests recompute
each turn with a kernel call and compare.
"""

from __future__ import annotations

import itertools

import pytest

from sudokit import Shape, Verdict, check, count_solutions, is_solution, search, solve
from sudokit.records import batch
from sudokit.engine import _backend
from sudokit import geometry, solver
from sudokit.errors import SearchLimitReached

from conftest import shared_file

# goomii 16x16 line 2018: propagate needs about 35,000 nodes, learn fewer than 100 decisions
HARD16 = ("............9.6B3...1.9D.....C..G..62...D.75...F....CG.7..E.......58....GB..A.7....."
          "GE.4...2..F.6..A...18.9D...2...2....F....856.14..8G5AC.E....A.....F...5.D2...D.G...6"
          "47.1F.C..69..4.23...8....9...C.G....EB..B.......CG1..D4..3.56.....A...1......FE.653B"
          "..9.")
FIRST = solver._PORTFOLIO_FIRST


def _values(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch, 36) for ch in line)


def _replay(values: bytes, box, limit: int, node_limit: int = 0, turns=None):
    """What the turns must give, from fresh kernel calls (learn: with the decisions so far)."""
    used = learned = 0
    for name, budget in turns or solver.portfolio_turns():
        if node_limit:
            budget = min(budget, node_limit - used)
            if budget <= 0:
                return None, used
        if name == "learn":
            count, first, total, stopped = _backend.KERNELS["learn"](values, *box, limit,
                                                                     learned + budget)
            nodes, learned = total - learned, total
        else:
            count, first, nodes, stopped = _backend.KERNELS[name](values, *box, limit, budget)
        used += nodes
        if not stopped:
            return (name, count, first), used


def test_turns_alternate_and_grow():
    turns = list(itertools.islice(solver.portfolio_turns(), 7))
    assert [t[0] for t in turns] == ["propagate", "learn", "propagate", "learn", "propagate",
                                     "learn", "propagate"]
    assert turns[0][1] == FIRST
    learn = [b for name, b in turns if name == "learn"]
    prop = [b for name, b in turns[1:] if name == "propagate"]
    assert all(b2 == 4 * b1 for b1, b2 in zip(learn, learn[1:]))
    assert all(p == 4 * b for p, b in zip(prop, learn))


def test_hard16_is_finished_by_learn_and_counted_exactly():
    values = _values(HARD16)
    want, used = _replay(values, (4, 4), 2)
    assert want[0] == "learn"
    result = search(HARD16, limit=2)
    assert (result.engine, result.count, result.nodes, result.stopped) == ("learn", 1, used, False)
    assert bytes(result.solution.values) == want[2]
    assert is_solution(result.solution, HARD16)
    assert result.verdict is Verdict.UNIQUE
    # the first turn is propagate with its budget, stopped: learn's decisions come on top
    count, _, nodes, stopped = _backend.KERNELS["propagate"](values, 4, 4, 2, FIRST)
    assert stopped and nodes == FIRST and used > FIRST


def test_easy_puzzles_stay_with_propagate():
    puzzle = "." * 36  # the empty 6x6 grid with 2x3 boxes
    grid_result = search(puzzle, box=(2, 3), limit=1)
    direct = _backend.KERNELS["propagate"](bytes(36), 2, 3, 1, 0)
    assert grid_result.engine == "propagate"
    assert (grid_result.count, grid_result.nodes) == (direct[0], direct[2])
    assert bytes(grid_result.solution.values) == direct[1]


@pytest.mark.parametrize("box", [(7, 7), (7, 9)])
def test_empty_large_rectangles_are_filled(box):
    """learn alone fails these within 200,000 decisions; the turns give them to propagate."""
    if _backend.C is None:
        pytest.skip("too slow in pure Python: a 49x49 / 63x63 grid takes minutes")
    n = box[0] * box[1]
    result = search("." * (n * n), box=box, limit=1)
    assert result.count == 1 and not result.stopped
    assert result.engine == "propagate"
    assert is_solution(result.solution)
    want, used = _replay(bytes(n * n), box, 1)
    assert result.nodes == used and bytes(result.solution.values) == want[2]


@pytest.mark.parametrize("node_limit", [1, FIRST - 1, FIRST, FIRST + 1, FIRST + 37])
def test_node_limit_caps_the_sum_of_the_turns(node_limit):
    result = search(HARD16, limit=2, node_limit=node_limit)
    assert result.stopped and result.nodes == node_limit
    assert result.verdict is Verdict.LIMIT
    assert check(HARD16, node_limit=node_limit) is Verdict.LIMIT
    with pytest.raises(SearchLimitReached):
        solve(HARD16, node_limit=node_limit)
    res = batch.count_many([HARD16], limit=2, node_limit=node_limit)
    assert res.flags[0] & batch.FLAG_STOPPED and int(res.nodes[0]) == node_limit


def test_counting_further_than_two_is_propagate_alone():
    puzzle = "." * 16
    result = search(puzzle, box=(2, 2), limit=None)
    assert result.engine == "propagate" and result.count == 288
    assert count_solutions(puzzle, box=(2, 2), limit=3) == 3
    res = batch.count_many(["." * 16], box=(2, 2), limit=None)
    assert res.engine == "propagate" and res.counts[0] == 288


def test_batch_auto_equals_search_record_by_record():
    easy = _values(HARD16)
    easy = bytes(v if i % 3 else 0 for i, v in enumerate(easy))  # fewer givens: many solutions
    clash = bytearray(_values(HARD16))
    clash[0], clash[1] = 5, 5
    records = [HARD16, "." * 256, "".join("." if v == 0 else "0123456789ABCDEFG"[v] for v in clash),
               "".join("." if v == 0 else "0123456789ABCDEFG"[v] for v in easy), "xyz"]
    for limit in (1, 2):
        res = batch.solve_many(records, limit=limit)
        assert res.engine == "auto"
        for i, line in enumerate(records[:4]):
            one = search(line, limit=limit)
            assert (int(res.counts[i]), int(res.nodes[i])) == (one.count, one.nodes), (i, limit)
            assert bool(res.flags[i] & batch.FLAG_STOPPED) == one.stopped
            sol = bytes(res.solutions[i * 256:(i + 1) * 256])
            if one.solution is not None:
                assert sol == bytes(one.solution.values)
                assert res.flags[i] & batch.FLAG_VERIFIED
        assert res.flags[2] & batch.FLAG_CLASH and res.counts[2] == 0
        assert res.flags[4] & batch.FLAG_BAD_INPUT


def test_numpy_batch_takes_the_same_turns():
    np = pytest.importorskip("numpy")
    arr = np.frombuffer(_values(HARD16) * 2, dtype=np.uint8).reshape(2, 16, 16)
    res = batch.solve_many(arr, limit=2)
    one = search(HARD16, limit=2)
    assert list(res.counts) == [1, 1] and [int(x) for x in res.nodes] == [one.nodes] * 2
    assert bytes(res.solutions[1]) == bytes(one.solution.values)


def test_9x9_with_c_is_still_the_9x9_kernel():
    if "fast9" not in _backend.KERNELS:
        pytest.skip("C kernels only: the 9x9 C kernel fast9")
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert search(puzzle).engine == "fast9"
    assert batch.solve_many([puzzle]).engine == "fast9"


def test_gecode_25x25_line_17_by_default():
    if _backend.C is None:
        pytest.skip("too slow in pure Python: 25x25 by the turns takes minutes")
    line = shared_file("gecode_25x25.txt").read_text().splitlines()[16].strip()
    result = search(line, limit=2)
    assert result.verdict is Verdict.UNIQUE and result.engine == "learn"
    assert is_solution(result.solution, line)
    assert Shape.for_cells(len(line)).size == 25


@pytest.mark.parametrize("step", [1, 7, 50])
@pytest.mark.parametrize("limit", [1, 2, 0])
def test_learn_resumed_in_steps_is_one_learn_search(step, limit):
    """LearnRun paused every `step` decisions ends exactly where one learn call ends."""
    values, box = _values(HARD16), (4, 4)
    if limit == 0:  # count every solution: the 4x4 grids with first row 1 2 3 4 (12 of them)
        values, box = bytes([1, 2, 3, 4] + [0] * 12), (2, 2)
    want = _backend.KERNELS["learn"](values, *box, limit, 0)
    if limit == 0:
        assert want[0] == 12
    run = _backend.LearnRun(values, *box)
    calls, last = 0, -1
    while True:
        count, first, nodes, stopped = run.resume(limit, step)
        calls += 1
        assert nodes <= last + 1 + step if last >= 0 else nodes <= step
        # paused after d decisions: the fresh search with node limit d says the same
        if stopped:
            assert (count, first, nodes, True) == _backend.KERNELS["learn"](values, *box, limit,
                                                                           nodes)
        last = nodes
        if not stopped:
            break
    assert (count, first, nodes) == want[:3] and not want[3]
    assert calls >= want[2] // step
    assert run.resume(limit, step) == (count, first, nodes, False)  # over: stays over


def test_c_learn_run_equals_python_learn_run():
    if _backend.C is None:
        pytest.skip("C kernels only: the C learn kernel")
    from sudokit.engine import _kernels
    values = _values(HARD16)
    c_run, py_run = _backend.LearnRun(values, 4, 4), _kernels.LearnRun(values, 4, 4)
    for step in (3, 5, 11, 0):
        assert c_run.resume(2, step) == py_run.resume(2, step)


def test_learn_run_rejects_bad_handles():
    if _backend.C is None:
        pytest.skip("C kernels only: the C learn kernel")
    with pytest.raises((TypeError, ValueError)):
        _backend.C.learn_resume(object(), 1, 0)


def test_many_learn_turns_resume_one_search():
    """Tiny turns: learn is paused and resumed many times, propagate restarted each time."""
    values = _values(HARD16)
    turns = [("propagate", 50), ("learn", 3)] * 200
    want, used = _replay(values, (4, 4), 2, turns=turns)
    name, count, first, nodes, stopped = solver.portfolio(values, _backend.tables(geometry.boxes(4, 4)), 2, 0,
                                                        turns=iter(turns))
    assert (name, count, first, nodes, stopped) == (want[0], want[1], want[2], used, False)
    assert name == "learn"
    one = _backend.KERNELS["learn"](values, 4, 4, 2, 0)
    learn_turns = -(-one[2] // 3)  # the learn search needed this many turns of 3 decisions
    assert nodes == one[2] + 50 * learn_turns


@pytest.mark.parametrize("engine", ["learn", "auto"])
def test_ctrl_c_stops_a_long_25x25_search(engine, tmp_path):
    """A C learn search runs in steps, so Ctrl-C is seen within a step, not at the end."""
    import signal
    import subprocess
    import sys
    import time
    from test_cli import COMMAND, default_sigint
    line = shared_file("gecode_25x25.txt").read_text().splitlines()[8].strip()  # line 9
    puzzle = tmp_path / "hard25.txt"
    puzzle.write_text(line + "\n")
    proc = subprocess.Popen(COMMAND + ["solve", "--engine", engine, str(puzzle)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=default_sigint)
    time.sleep(3.0)  # start-up, then well into the search (which takes 20 s or more)
    assert proc.poll() is None, "the search ended before it could be interrupted"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    waited = time.monotonic() - sent
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert out == b""  # no answer was finished
    assert waited < 10, f"Ctrl-C took {waited:.1f} s to stop the search"


@pytest.mark.parametrize("limit,node_limit", [(1, 0), (2, 0), (2, 40), (2, 41)])
def test_steps_of_the_learn_kernel_change_nothing(monkeypatch, limit, node_limit):
    values = _values(HARD16)
    want = _backend.LearnRun(values, 4, 4).resume(limit, node_limit)
    monkeypatch.setattr(_backend, "LEARN_STEP", 3)
    run = _backend.LearnRun(values, 4, 4)
    assert _backend.resume_in_steps(run, limit, node_limit) == want
    assert _backend.KERNELS["learn"](values, 4, 4, limit, node_limit) == want
    assert search(HARD16, limit=limit, engine="learn", node_limit=node_limit or None).nodes == want[2]


@pytest.mark.slow
def test_gecode_25x25_all_by_default_through_the_batch_api():
    """The default engine solves all 18 lines (about 90 s in C): what `sudokit solve` does."""
    if _backend.C is None:
        pytest.skip("too slow in pure Python: 1.1 million conflicts in all: hours in pure Python")
    lines = [ln.strip() for ln in shared_file("gecode_25x25.txt").read_text().splitlines()
             if ln.strip()]
    res = batch.solve_many(lines, limit=1)
    assert res.engine == "auto" and len(lines) == 18
    for i, line in enumerate(lines):
        assert res.counts[i] == 1 and not res.flags[i] & batch.FLAG_STOPPED, i + 1
        assert res.flags[i] & batch.FLAG_VERIFIED, i + 1
        solution = "".join("123456789ABCDEFGHIJKLMNOP"[v - 1]
                           for v in res.solutions[i * 625:(i + 1) * 625])
        assert is_solution(solution, line), i + 1
