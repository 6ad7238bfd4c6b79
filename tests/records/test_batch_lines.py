"""batch.solve_many on a list of str lines: one record per line, whatever the line holds.

The list path parses the joined lines first and looks for blank or '#' lines only when the
records do not match the lines (#32: the line path back to 0.2 us a puzzle); these cases
check that every line still gets its own record, and its answer is the one of solving the
line alone (sudokit.solve, another path), on both backends.
"""

from __future__ import annotations

import pytest

from sudokit import ParseError, solve
from sudokit.records import batch

UNIQUE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "22" + UNIQUE[2:]


@pytest.mark.parametrize("lines", [
    [UNIQUE, OTHER],
    [UNIQUE, "", OTHER],
    ["# a comment", UNIQUE, "   ", OTHER, "  # indented comment"],
    ["", ""],
    [UNIQUE, UNIQUE[:80], OTHER, CLASH],
    [UNIQUE + " # a comment after the puzzle", "\t" + OTHER],
    [],
])
def test_every_line_has_its_record(lines):
    res = batch.solve_many(lines)
    assert len(res) == len(lines)
    for k, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            assert res.status(k) == "error" and "blank or comment" in str(res.errors[k])
            assert res.errors[k].line == k + 1
            continue
        try:
            want = solve(stripped.split()[0])
        except ParseError:
            assert res.status(k) == "error" and k in res.errors
            continue
        if want is None:  # (a clash of givens: 'illegal'; else none: 'impossible')
            assert res.status(k) in ("illegal", "impossible"), (k, res.status(k))
            assert (res.status(k) == "illegal") == (line == CLASH)
        else:
            assert res.status(k) == "solved" and res.solution(k) == bytes(want.values)


def test_a_line_with_a_newline_or_a_non_str_is_refused():
    with pytest.raises(ValueError, match="newline"):
        batch.solve_many([UNIQUE, OTHER + "\n" + UNIQUE, ""])
    with pytest.raises(ValueError, match="newline"):
        batch.solve_many([UNIQUE + "\n"])
    with pytest.raises(TypeError, match="list of str lines"):
        batch.solve_many([UNIQUE, 5])
