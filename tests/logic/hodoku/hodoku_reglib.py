"""HoDoKu's technique regression library (../shared/data/ratings/hodoku_reglib-1.3.txt) as
boards for the finders of sudokit.logic.hodoku.

A case line is ``:<code>[-<variant>]:<candidates>:<givens>:<deleted>:<eliminations>:
<placements>:<extra>:`` (the file's header documents it): the board is the givens (a ``+``
before a digit: placed, not given), then the deleted candidates removed; the technique
must find exactly the listed eliminations or placements, or (variant ``x``) nothing.
Candidates are written ``<value><row><col>``.
"""

from __future__ import annotations

from conftest import shared_file

from sudokit.logic.hodoku.board import HodokuBoard


class Case:
    __slots__ = ("line", "code", "variant", "givens", "placed", "deleted", "eliminations",
                 "placements")

    def __repr__(self):
        return f"Case(line {self.line}: {self.code}-{self.variant})"

    def board(self) -> HodokuBoard:
        b = HodokuBoard(self.givens)
        for cell, v in self.placed:
            b.place(cell, v)
        for cell, v in self.deleted:
            b.delete(cell, v)
        return b


def _candidates(text: str) -> list:
    """[(cell, value)] of 'vrc vrc ...' (row and column from 1)."""
    out = []
    for word in text.split():
        v, r, c = int(word[0]), int(word[1]), int(word[2])
        out.append(((r - 1) * 9 + c - 1, v))
    return out


def cases(*codes: str) -> list:
    """The cases of the technique codes (e.g. "0800"), in file order."""
    out = []
    with open(shared_file("ratings", "hodoku_reglib-1.3.txt"), newline="") as fh:
        for number, text in enumerate(fh, 1):
            if not text.startswith(":"):
                continue
            fields = text.rstrip("\r\n").split(":")
            code, _, variant = fields[1].partition("-")
            if code not in codes:
                continue
            case = Case()
            case.line, case.code, case.variant = number, code, variant
            givens, placed, k, plus = [], [], 0, False
            for ch in fields[3]:
                if ch == "+":
                    plus = True
                    continue
                if plus:
                    placed.append((k, int(ch)))
                    givens.append(".")
                else:
                    givens.append(ch if ch in "123456789" else ".")
                plus = False
                k += 1
            assert k == 81, (number, k)
            case.givens, case.placed = "".join(givens), placed
            case.deleted = _candidates(fields[4])
            case.eliminations = _candidates(fields[5])
            case.placements = _candidates(fields[6])
            out.append(case)
    return out


def _solution(case):
    """The solution of the case's givens and placed cells (None: not exactly one)."""
    from sudokit.solver import count_solutions, solve
    line = list(case.givens)
    for cell, v in case.placed:
        line[cell] = str(v)
    line = "".join(line)
    if count_solutions(line, limit=2) != 1:
        return None
    return solve(line).values


def agreement(find, *codes) -> tuple:
    """(agreeing, cases) of find(board) -> [(cell, value)] or None on the library's cases
    of codes: a case agrees when find returns exactly its eliminations (or placements), or
    None on a fail case.  Every (cell, value) find returns must also be sound against the
    solution: a deletion never removes the solution's value (asserted here)."""
    agree = total = 0
    for case in cases(*codes):
        got = find(case.board())
        total += 1
        if case.variant == "x":
            agree += not got
        else:
            want = case.eliminations or case.placements
            agree += got is not None and sorted(set(got)) == sorted(set(want))
        if got and not case.placements:
            solution = _solution(case)
            if solution is not None:
                bad = [(c, v) for c, v in got if solution[c] == v]
                assert not bad, (case, bad)
    return agree, total
