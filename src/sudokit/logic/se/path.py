"""Sudoku Explainer's rating loop (serate's Solver.getDifficulty): producers in SE's fixed
order, the first hint found is applied, ER / EP / ED kept as SE keeps them.

See docs/se-rating.md section 3 (rules R1-R9).  A passed deadline raises the ladder's
``TimeLimitReached`` (logic/_budget.py): the same meaning, one exception.
"""

from __future__ import annotations

import time

from .._budget import TimeLimitReached
from ..core.board import Board
from . import PEERS, basic as B, read_board
from .basic import Hint
from .chains import Chaining, static_chains
from .nested import advanced_nodes
from .unique import bug, unique_loops

__all__ = ["producers", "se_path", "PathResult", "format_rating"]


def producers() -> list:
    """SE's 30 producers, in order: (name, callable(board) -> Hint | None).  The chaining
    producers are objects with state (SE caches the last grid's hints), so each rating run
    gets fresh ones."""
    return [
        ("hidden single", B.hidden_single),
        ("direct locking", B.direct_locking),
        ("direct hidden pair", lambda b: B.direct_hidden(b, 2)),
        ("naked single", B.naked_single),
        ("direct hidden triple", lambda b: B.direct_hidden(b, 3)),
        ("locking", B.locking),
        ("naked pair", lambda b: B.naked_set(b, 2)),
        ("x-wing", lambda b: B.fish(b, 2)),
        ("hidden pair", lambda b: B.hidden_set(b, 2)),
        ("naked triple", lambda b: B.naked_set(b, 3)),
        ("swordfish", lambda b: B.fish(b, 3)),
        ("hidden triple", lambda b: B.hidden_set(b, 3)),
        ("xy-wing", lambda b: B.wing(b, False)),
        ("xyz-wing", lambda b: B.wing(b, True)),
        ("unique loops", unique_loops),
        ("naked quad", lambda b: B.naked_set(b, 4)),
        ("jellyfish", lambda b: B.fish(b, 4)),
        ("hidden quad", lambda b: B.hidden_set(b, 4)),
        ("bug", bug),
        ("aligned pair exclusion", B.aligned_pair),
        ("forcing chains and cycles", _Static()),
        ("aligned triple exclusion", B.aligned_triple),
        ("nishio", Chaining(False, True, True, 0)),
        ("multiple forcing chains", Chaining(True, False, False, 0)),
        ("dynamic forcing chains", Chaining(True, True, False, 0)),
        ("dynamic forcing chains (+)", Chaining(True, True, False, 1, advanced_nodes)),
        ("nested forcing chains 2", Chaining(True, True, False, 2, advanced_nodes)),
        ("nested forcing chains 3", Chaining(True, True, False, 3, advanced_nodes)),
        ("nested forcing chains 4", Chaining(True, True, False, 4, advanced_nodes)),
        ("nested forcing chains 5", Chaining(True, True, False, 5, advanced_nodes)),
    ]


class _Static:
    """Producer 21 with a deadline (checked per start cell); the C twin of static_chains
    (sudokit._ckernels.se_static_chains) when the C kernels are active."""

    def __init__(self):
        self.deadline = None
        from ...engine._backend import C
        self.c = getattr(C, "se_static_chains", None)

    def __call__(self, board):
        if self.c is None:
            return static_chains(board, deadline=self.deadline)
        got = self.c(board.cands)
        if got is None:
            return None
        rating, complexity, key, y, x, kind, elims, place = got
        if kind == 0:
            name = "XY cycle" if x and y else ("Y cycle" if y else "X cycle")
        else:
            name = "forcing chain" if y else "forcing X-chain"
        return Hint(rating, elims, place, name, complexity, key)


class PathResult:
    """What the SE loop gives: er, ep, ed (floats as SE keeps them), the hardest hint's name,
    the number of steps, and whether it got stuck (er 20.0)."""

    __slots__ = ("er", "ep", "ed", "hardest", "steps", "stuck", "names")

    def __init__(self, er, ep, ed, hardest, steps, stuck, names):
        self.er, self.ep, self.ed, self.hardest = er, ep, ed, hardest
        self.steps, self.stuck, self.names = steps, stuck, names


def se_path(line: str, *, deadline: float | None = None, max_producer: int = 30,
            keep_names: bool = False) -> PathResult:
    """Run SE's rating loop on the first 81 characters of line (read as serate reads them).

    deadline: a time.monotonic() value; raises TimeLimitReached once passed (checked between
    producers).  max_producer: use only the first producers (tests).  keep_names: record
    (name, rating) per step (pure Python loop).  Returns a PathResult; er is 20.0 when no
    producer has a hint (R8).  With the C kernels active, producers 1-22 and the loop run in
    C (sudokit._ckernels.se_path_run) and give the same result.
    """
    if len(line) < 81:
        raise ValueError(f"se_path: a line of at least 81 characters, not {len(line)}")
    if _C_RUN is not None and not keep_names:
        return _se_path_c(line[:81], deadline, max_producer)
    board = read_board(line)
    prods = producers()[:max_producer]
    for _name, produce in prods:
        if hasattr(produce, "deadline"):
            produce.deadline = deadline
    state = [float("-inf"), 0.0, 0.0, "", 0]
    names = []
    while not board.is_solved():
        hint = _first_hint(prods, board, deadline)
        if hint is None:
            return _result(state, True, names)
        if keep_names:
            names.append((hint.name, hint.rating))
        if _record(state, hint, board):
            return _result(state, True, names)
    return _result(state, False, names)


def _first_hint(prods, board, deadline):
    """The first hint of the producers in order (R3), or None; TimeLimitReached once the deadline
    passed (checked before every producer)."""
    for _name, produce in prods:
        if deadline is not None and time.monotonic() > deadline:
            raise TimeLimitReached()
        hint = produce(board)
        if hint is not None:
            return hint
    return None


def _record(state: list, hint, board) -> bool:
    """Apply hint and keep ER / EP / ED as SE does (R5-R7); state is [er, ep, ed, hardest,
    steps].  Returns True when the board did not change (SE would repeat the hint forever)."""
    if hint.rating > state[0]:
        state[0], state[3] = hint.rating, hint.name
    before = (list(board.values), list(board.cands))
    hint.apply(board)
    state[4] += 1
    if state[1] == 0.0:
        if state[2] == 0.0:
            state[2] = state[0]
        if hint.place is not None:
            state[1] = state[0]
    return (board.values, board.cands) == before


def _result(state: list, stuck: bool, names: list) -> PathResult:
    er = 20.0 if stuck else state[0]
    return PathResult(er, state[1], state[2], state[3], state[4], stuck, names)


# codes of sudokit._ckernels.se_path_run (the C loop)
_RUN_DONE, _RUN_STUCK, _RUN_ASK, _RUN_LIMIT = 0, 1, 2, 3


def _c_run():
    from ...engine._backend import C
    return getattr(C, "se_path_run", None)


_C_RUN = _c_run()


def _se_path_c(line: str, deadline, max_producer: int) -> PathResult:
    """se_path with producers 1-22 and the loop in C.  When they find nothing the C loop
    hands the grid back (_RUN_ASK): the Python producers 23-30 (kept for the whole path, so
    that their cache of the last grid's hints behaves as in the pure loop) give one step,
    applied here with the same bookkeeping, and the C loop goes on."""
    if not line.isascii():  # serate reads characters: anything but 1-9 is an empty cell
        line = "".join(ch if ch.isascii() else "." for ch in line)
    limit = 0.0 if deadline is None else max(deadline, 1e-9)
    got = _C_RUN(line, None, None, limit, max_producer)
    chaining = None
    while True:
        code, er, ep, ed, hardest, steps, values, cands = got
        if code == _RUN_LIMIT:
            raise TimeLimitReached()
        if code != _RUN_ASK:
            return PathResult(er, ep, ed, hardest, steps, code == _RUN_STUCK, [])
        if chaining is None:
            chaining = producers()[22:max_producer]
            for _name, produce in chaining:
                produce.deadline = deadline
        board = Board(list(values), cands, PEERS)
        state = [er, ep, ed, hardest, steps]
        hint = _first_hint(chaining, board, deadline)
        if hint is None or _record(state, hint, board):
            return _result(state, True, [])
        if board.is_solved():
            return _result(state, False, [])
        got = _C_RUN(bytes(board.values), board.cands, tuple(state), limit, max_producer)


def format_rating(x: float) -> str:
    """serate's printing: the tenths digit is floor((x + 0.05) * 10) (Java int truncation)."""
    if x == float("-inf"):
        return "0.0"
    tenths = int((x + 0.05) * 10)
    return f"{tenths // 10}.{tenths % 10}"
