"""fast9 on 9x9 values: the one way sudokit solves classic 9x9 grids with the C kernels.

    solve9(values, n, limit=1, node_limit=0) -> (solutions, counts, flags)

Every 9x9 answer of fast9 comes from here, one C batch call (``_ckernels.batch``) per call:

    sudokit.solve(puzzle)       one plain 9x9 line or Grid (solver._solve9), n = 1
    the record commands         a window of plain 81-character lines (records._fastpath)
    solve_many / count_many     every record, engine fast9 (records.batch._run)

The batch loop checks each solution with its own checker, independent of the solver, and
records the check in the flags (records.batch describes them).  A rejected solution is a bug:
solve9 raises AssertionError naming the puzzle, unless ``strict=False`` (the batch API, which
reports it as the status 'wrong').  C kernels only: callers ask ``_backend.C`` first.

Rejected: the one-puzzle kernel (``_ckernels.fast9``) plus ``is_solution`` for n = 1 -- a
second route to the same answer; the batch call costs about 0.15 us more per call than it
(bench_overhead.py: within its noise), and no counts array is made for one puzzle.
"""

from __future__ import annotations

import array

from . import _backend

__all__ = ["solve9", "FLAG_STOPPED", "FLAG_VERIFIED", "FLAG_BAD_SOLUTION", "FLAG_CLASH"]

# flags of the C batch call (_c/bind_solve.c); FLAG_BAD_INPUT (8) cannot happen for values
# read by a 9x9 table, and is the batch API's own business otherwise
FLAG_STOPPED, FLAG_VERIFIED, FLAG_BAD_SOLUTION, FLAG_CLASH = 1, 2, 4, 16
_BAD = bytes(1 if b & FLAG_BAD_SOLUTION else 0 for b in range(256))  # flag -> 0/1
_SPELL9 = b".123456789" + b"?" * 246  # values 0..9 -> '.', '1'..'9'


def solve9(values, n: int, limit: int = 1, node_limit: int = 0, *, solutions=None,
           counts=None, nodes=None, flags=None, strict: bool = True):
    """fast9 on n 9x9 puzzles of values (81 bytes each, 0 = empty), in one C batch call.

    Return (solutions, counts, flags): the buffers given, else new ones (bytearray of 81*n,
    array('q') of n, bytearray of n); counts=False: none wanted (None in its place; with
    limit 1, flag FLAG_VERIFIED tells a solution); nodes (n uint64) is filled only if given.
    A solution rejected by the independent checker raises AssertionError (strict) or stays
    flagged.
    """
    if solutions is None:
        solutions = bytearray(81 * n)
    if counts is None:
        counts = array.array("q", bytes(8 * n))
    elif counts is False:
        counts = None
    if flags is None:
        flags = bytearray(n)
    _backend.C.batch(values, n, 3, 3, "fast9", limit, node_limit, solutions, counts, nodes,
                     flags)
    if strict and flags.translate(_BAD).find(1) >= 0:  # (one pass in C over the flags)
        i = flags.translate(_BAD).find(1)
        line = bytes(memoryview(values)[81 * i:81 * i + 81]).translate(_SPELL9).decode()
        raise AssertionError(f"the C kernel returned a wrong solution for {line}; "
                             "please report this bug")
    return solutions, counts, flags
