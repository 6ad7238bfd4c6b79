"""fast9 on 9x9 values: the one home of sudokit's answers for classic 9x9 grids in C.

    solve9(values, n, limit=1, node_limit=0) -> (solutions, counts, flags)   many puzzles
    solve9_one(values) -> 81 value bytes of the first solution, or None        one puzzle

Every 9x9 answer of fast9 outside the search API's kernel table comes from here:

    the record commands         a window of plain 81-character lines (records._fastpath)
    solve_many / count_many     every record, engine fast9 (records.batch._run)
    sudokit.solve(puzzle)       one plain 9x9 line or Grid (solver._solve9): solve9_one

The batch loop checks each solution with its own checker, independent of the solver, and
records the check in the flags (records.batch describes them).  A rejected solution is a bug:
solve9 raises AssertionError naming the puzzle, unless ``strict=False`` (the batch API, which
reports it as the status 'wrong').  C kernels only: callers ask ``_backend.C`` first.

Rejected: solve9 for one puzzle too (n = 1) -- measured 1.1 us slower per ``sudokit.solve``
than the one-puzzle kernel and checker (bench_overhead.py, solve() 6.6 -> 7.7 us), so one
puzzle keeps them (solve9_one); the answer and the check are the same.
"""

from __future__ import annotations

import array

from . import _backend

__all__ = ["solve9", "solve9_one", "FLAG_STOPPED", "FLAG_VERIFIED", "FLAG_BAD_SOLUTION",
           "FLAG_CLASH"]

# flags of the C batch call (_c/bind/solve.c); FLAG_BAD_INPUT (8) cannot happen for values
# read by a 9x9 table, and is the batch API's own business otherwise
FLAG_STOPPED, FLAG_VERIFIED, FLAG_BAD_SOLUTION, FLAG_CLASH = 1, 2, 4, 16
_BAD = bytes(1 if b & FLAG_BAD_SOLUTION else 0 for b in range(256))  # flag -> 0/1
_SPELL9 = b".123456789" + b"?" * 246  # values 0..9 -> '.', '1'..'9'


def solve9(values, n: int, limit: int = 1, node_limit: int = 0, *, solutions=None,
           counts=None, nodes=None, flags=None, strict: bool = True):
    """fast9 on n 9x9 puzzles of values (81 bytes each, 0 = empty), in one C batch call.

    Return (solutions, counts, flags): the buffers given, else new ones (bytearray of 81*n,
    array('q') of n, bytearray of n); nodes (n uint64) is filled only if given.  A solution
    rejected by the independent checker raises AssertionError (strict) or stays flagged.
    """
    if solutions is None:
        solutions = bytearray(81 * n)
    if counts is None:
        counts = array.array("q", bytes(8 * n))
    if flags is None:
        flags = bytearray(n)
    _backend.C.batch(values, n, 3, 3, "fast9", limit, node_limit, solutions, counts, nodes,
                     flags)
    if strict:
        i = flags.translate(_BAD).find(1)  # (one pass in C over the flags)
        if i >= 0:
            _wrong(bytes(memoryview(values)[81 * i:81 * i + 81]))
    return solutions, counts, flags


def solve9_one(values: bytes):
    """fast9 on one 9x9 puzzle (81 value bytes, trusted): the first solution's 81 value
    bytes, checked by the independent checker (AssertionError if it fails), or None."""
    C = _backend.C
    first = C.fast9(values, 3, 3, 1, 0)[1]
    if first is not None and not C.is_solution(first, 3, 3, values):
        _wrong(values)
    return first


def _wrong(values: bytes):
    """Raise the AssertionError of a wrong solution of fast9 for the puzzle of values."""
    raise AssertionError(f"the C kernel returned a wrong solution for "
                         f"{values.translate(_SPELL9).decode()}; please report this bug")
