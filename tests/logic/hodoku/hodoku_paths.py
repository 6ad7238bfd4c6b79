"""HoDoKu paths on the rated puzzles of ../shared/data/ratings, for the tests of
sudokit.logic.hodoku: the rows of a rating file and the steps of one kind along a path,
each checked against the solution."""

from __future__ import annotations

import csv

from conftest import shared_file

from sudokit.logic.hodoku import hodoku_path
from sudokit.solver import solve


def rows(name: str, level_col: str = "level", score_col: str = "score") -> list:
    """[(puzzle, level, score)] of a HoDoKu rating file (levels in lower case)."""
    with open(shared_file("ratings", name), newline="") as fh:
        return [(r["puzzle"], r[level_col].lower(), int(r[score_col]))
                for r in csv.DictReader(fh)]


def checked_path(row: int) -> list:
    """The steps (index, level, score, placements, deletions) of the HoDoKu path of row (0 =
    first puzzle) of hodoku220_cb_public.csv; asserts each is the solution's: a placement
    puts the solution's value, a deletion never removes it."""
    puzzle = rows("hodoku220_cb_public.csv")[row][0]
    solution = solve(puzzle).values
    path = list(hodoku_path(puzzle))
    for index, _lvl, _pts, places, dels in path:
        assert all(solution[c] == v for c, v in places), (row, index, places)
        assert all(solution[c] != v for c, v in dels), (row, index, dels)
    return path
