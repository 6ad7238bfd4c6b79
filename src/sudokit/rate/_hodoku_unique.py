"""HoDoKu 2.2.0's uniqueness steps that sudokit.logic has in another form: BUG+1 (2900).

[HD] `src/solver/UniquenessSolver.java` (`getBugPlus1`).  HoDoKu's BUG+1 does not place
the value: it deletes the other candidates of the one cell with three candidates (the
placement then comes as a naked single, a separate step of 4 points).  It applies when
every unsolved cell but one is bivalue, that cell has three candidates, no house holds a
value more than three times, and the houses holding a value three times are, one per
house kind, the row, column and box of that cell, all for one value that the cell holds.
"""

from __future__ import annotations

__all__ = ["bug_plus_1"]

_CONSTR = tuple((c // 9, 9 + c % 9, 18 + 3 * (c // 27) + (c % 9) // 3) for c in range(81))
_POP = tuple(bin(m).count("1") for m in range(512))


def bug_plus_1(cands, free):
    """HoDoKu's BUG+1 deletions [(cell, value)] for the grid, or None."""
    index3 = -1
    for c in range(81):
        n = _POP[cands[c]]
        if n > 3:
            return None
        if n == 3:
            if index3 != -1:
                return None
            index3 = c
    if index3 == -1:
        return None
    cand3 = -1
    bug = [-1, -1, -1]
    for constr in range(27):
        for v in range(1, 10):
            n = free[constr][v]
            if n > 3:
                return None
            if n == 3:
                if bug[constr // 9] != -1 or (cand3 != -1 and cand3 != v):
                    return None
                cand3 = v
                bug[constr // 9] = constr
    if cand3 == -1 or not cands[index3] >> (cand3 - 1) & 1:
        return None
    if list(_CONSTR[index3]) != bug:
        return None
    return [(index3, v) for v in range(1, 10) if cands[index3] >> (v - 1) & 1 and v != cand3]
