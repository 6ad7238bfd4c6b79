"""HoDoKu's forcing nets (sudokit.logic.hodoku.nets, step 8600): HoDoKu's library has no net
case, so the nets of HoDoKu paths are checked against the solution, and the scores of the
puzzles that take them against the HoDoKu 2.2.0 JAR's
(../shared/data/ratings/hodoku220_cb_public.csv).
"""

from __future__ import annotations

from hodoku_paths import checked_path, rows


def test_forcing_nets():
    table = rows("hodoku220_cb_public.csv")
    nets = 0
    for row in (1012, 1032, 1037):  # rows whose paths take forcing nets
        path = checked_path(row)
        nets += sum(1 for step in path if step[0] == 8600)
        assert sum(step[2] for step in path) == table[row][2], row
    assert nets >= 3
