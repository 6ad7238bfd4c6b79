"""The sum techniques (sudokit.logic.techniques.sums, issue #29): each on a small state whose
deduction is worked out here by hand, then soundness and completeness on real killers.

Real killers: tests/data/sums/krazydad_killers.csv (300 published puzzles with their
solutions) and krazydad_hardest.csv (50), read here with a reader of their own (not
sudokit's formats).  Every step of each path is checked against the published solution: no
placement differs from it, no elimination removes its value.  A sample runs by default, all
of them with the slow tests.  Both backends (the suite runs under each).
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

import sudokit
from _paths import TESTS
from sudokit import Grid, geometry
from sudokit.logic import State, steps
from sudokit.logic.techniques import sums

G9 = geometry.boxes(3, 3)
SUMS = TESTS / "data" / "sums"
ALL = (1 << 9) - 1


def _cell(name: str) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def _state(*rules, givens="." * 81):
    return State.from_grid(Grid(givens, geometry=G9.with_rules(*rules)))


def _first(finder, state):
    return next(iter(finder(state)), None)


# --- one state each, worked out by hand --------------------------------------------------


def test_parity_drops_the_other_parity():
    step = _first(sums.find_parity, _state("even(r1c1)"))
    assert step.eliminations == tuple((0, v) for v in (1, 3, 5, 7, 9))
    assert step.text == "r1c1 is even: r1c1 cannot be 1, 3, 5, 7 or 9."


def test_a_cage_of_3_in_two_cells_is_1_and_2():
    step = _first(sums.find_cage_combination, _state("killer(3:r1c1-r1c2)"))
    assert step.eliminations == tuple((c, v) for c in (0, 1) for v in range(3, 10))
    assert step.evidence["combinations"] == [[1, 2]]
    assert step.text.startswith("killer cage r1c1-r1c2 sums to 3 in 2 cells; with the "
                                "candidates left its values can only be {1,2}: r1c1 cannot "
                                "be 3, 4, 5, 6, 7, 8 or 9")


def test_combinations_follow_the_candidates_and_the_cells_one_each():
    # 15 in 3 cells: without 7, 8 or 9 in any cell only {1,5,... } sets of 1..6 fit:
    # {1,5,9} {1,6,8} {2,4,9} {2,5,8} {2,6,7} {3,4,8} {3,5,7} {4,5,6}, and without 7-9
    # only {4,5,6}; so every cell is 4, 5 or 6
    state = _state("killer(15:r1c1-r1c2-r1c3)")
    cands = list(state.candidates)
    for c in (0, 1, 2):
        cands[c] = 0b000111111                                   # 1..6
    state = State(state.geometry, state.values, cands)
    step = _first(sums.find_cage_combination, state)
    assert step.evidence["combinations"] == [[4, 5, 6]]
    assert step.eliminations == tuple((c, v) for c in (0, 1, 2) for v in (1, 2, 3))


def _row1_cages(last: str) -> list[str]:
    """Row 1 cut into four 2-cell cages, 36 in all, and ``last``."""
    return ["killer(3:r1c1-r1c2)", "killer(7:r1c3-r1c4)", "killer(11:r1c5-r1c6)",
            "killer(15:r1c7-r1c8)", last]


def test_an_innie_is_what_the_unit_lacks():
    # row 1 holds 45; the cages wholly inside hold 36; r1c9 (in a cage across rows 1-2,
    # so not itself inside) is 9
    state = _state(*_row1_cages("killer(12:r1c9-r2c9)"))
    step = _first(sums.find_innie_outie, state)
    assert step.placements == ((8, 9),)
    assert step.text == "Rule of 45: row 1 holds 45, the cages wholly inside 36, so the " \
                        "innie r1c9 is 9."


def test_an_outie_is_what_the_cages_add_outside():
    # the cages over row 1: 36 + 12 = 48, row 1 holds 45, so r2c9 (outside) is 3 (r1c9 is
    # then 9: the innie, found first in the ladder's order of blocks)
    state = _state(*_row1_cages("killer(12:r1c9-r2c9)"))
    found = [s for s in sums.find_innie_outie(state) if s.placements == ((17, 3),)]
    assert found and "the outie r2c9 is 3" in found[0].text


def test_two_innies_make_their_sum():
    # three cages of 7 + 11 + 24 = 42 cover r1c1-r1c7 and leave r1c8 and r1c9 (each in a
    # cage across rows 1-2), which sum to 45 - 42 = 3: 1 and 2
    cages = ["killer(7:r1c1-r1c2)", "killer(11:r1c3-r1c4)", "killer(24:r1c5-r1c6-r1c7)",
             "killer(8:r1c8-r2c8)", "killer(10:r1c9-r2c9)"]
    step = _first(sums.find_innies_outies, _state(*cages))
    assert step.evidence["cells"] == [7, 8] and step.evidence["total"] == 3
    assert step.eliminations == tuple((c, v) for c in (7, 8) for v in range(3, 10))
    assert "r1c8 and r1c9 sum to 3" in step.text


def test_a_cage_must_hold_its_values_so_the_unit_does_not():
    # 17 in two cells is {8,9}: both in column 1 and box 1, so neither elsewhere in column 1
    step = _first(sums.find_cage_required, _state("killer(17:r1c1-r2c1)"))
    assert step.evidence["value"] == 8
    assert step.eliminations == tuple((c, 8) for c in range(18, 81, 9))
    assert "Every set of values left for killer cage r1c1-r2c1 has 8" in step.text


def test_a_value_of_a_unit_confined_to_a_cage_leaves_the_cage():
    # in row 1, 5 can only go in r1c1 (the marks say so), which is in the cage r1c1-r2c1:
    # so r2c1 is not 5
    state = _state("killer(r1c1-r2c1)", "killer(10:r1c1-r2c1)")
    cands = list(state.candidates)
    for c in range(1, 9):
        cands[c] &= ~(1 << 4)
    state = State(state.geometry, state.values, cands)
    steps_ = [s for s in sums.find_cage_overlap(state) if s.evidence["value"] == 5]
    assert steps_ and steps_[0].eliminations == ((9, 5),)


def test_an_arrow_bounds_its_circle_and_its_shaft():
    # r4c4 and r3c3 share no unit: the shaft sums to 2..18, so the circle is not 1, and each
    # shaft cell is at most 9 - 1 = 8
    step = _first(sums.find_sum_bounds, _state("arrow(r5c5:r4c4-r3c3)"))
    assert step.eliminations == ((_cell("r3c3"), 9), (_cell("r4c4"), 9), (_cell("r5c5"), 1))


def test_an_arrow_on_cells_of_one_box_counts_them_distinct():
    # r4c4 and r4c5 share row 4: their sum is at least 1 + 2 = 3
    step = _first(sums.find_sum_bounds, _state("arrow(r5c5:r4c4-r4c5)"))
    assert {v for c, v in step.eliminations if c == _cell("r5c5")} == {1, 2}


def test_a_sandwich_of_35_puts_1_and_9_at_the_ends():
    # 2+3+...+8 = 35: seven cells between, so the 1 and the 9 are r1c1 and r1c9
    step = _first(sums.find_sandwich, _state("sandwich(35:r1)"))
    want = [(0, v) for v in range(2, 9)] + [(c, v) for c in range(1, 8) for v in (1, 9)] \
        + [(8, v) for v in range(2, 9)]
    assert step.eliminations == tuple(sorted(want))


def test_classic_puzzles_see_none_of_them():
    state = State.of("1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8..............."
                     "62..3...8.7.")
    for tech in sums.TECHNIQUES:
        assert next(iter(tech.find(state)), None) is None


# --- real killers: every step true, and the share solved -----------------------------------


def _killers(name: str):
    """(title, geometry, solution) of each KrazyDad killer (tests/data/sums/README.md)."""
    out = []
    with open(SUMS / name, newline="") as f:
        for row in csv.DictReader(f):
            color, totals = row["puzz_color"][1:], [int(x) for x in row["puzz_hint"].split(",")]
            order = list(dict.fromkeys(color))
            cages = [("killer", [i for i, x in enumerate(color) if x == ch], totals[k])
                     for k, ch in enumerate(order)]
            out.append((row["ptitle"], G9.with_constraints(*cages),
                        [int(ch) for ch in row["solved"]]))
    return out


def _check_path(geom, solution, time_limit):
    path = steps(Grid("." * 81, geometry=geom), time_limit=time_limit)
    for step in path.steps:
        for c, v in step.placements:
            assert solution[c] == v, step.text
        for c, v in step.eliminations:
            assert solution[c] != v, step.text
    return path


def test_every_step_on_a_sample_of_real_killers_is_true():
    sample = _killers("krazydad_killers.csv")[::30]
    solved = 0
    for title, geom, solution in sample:
        path = _check_path(geom, solution, 30)
        solved += path.status == "solved"
        if path.status == "solved":
            assert path.state.values == tuple(solution), title
    assert solved == len(sample)                    # these ten are solved by logic alone


@pytest.mark.slow
@pytest.mark.parametrize("name", ["krazydad_killers.csv", "krazydad_hardest.csv"])
def test_every_step_on_every_real_killer_is_true(name):
    statuses, fired = Counter(), Counter()
    puzzles = _killers(name)
    for title, geom, solution in puzzles:
        path = _check_path(geom, solution, 30)
        statuses[path.status] += 1
        fired.update(s.technique for s in path.steps)
    # the share solved by logic alone (docs/logic.md reports it per set)
    assert statuses["solved"] >= 0.95 * len(puzzles), statuses
    assert fired["cage-combination"] and fired["innie-outie"] and fired["innies-outies"]


def test_explain_solves_solo_killers_of_every_kind_in_a_real_process(tmp_path):
    """``sudokit explain --to json`` on Simon Tatham's Solo killers (4x4, 6x6, 9x9, killer X,
    killer jigsaw: tests/data/sums/solo_killers.txt), each step checked against Solo's own
    solution, every path solved by logic."""
    import json
    import os
    import subprocess
    import sys

    lines = (SUMS / "solo_killers.txt").read_text().splitlines()
    ids = [x for x in lines if x and not x.startswith("#")]
    solutions = [[int(v) for v in x[len("# solution "):].split(",")] for x in lines
                 if x.startswith("# solution ")]
    src = tmp_path / "killers.txt"
    src.write_text("\n".join(ids) + "\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sudokit.__file__).resolve().parents[1])
    proc = subprocess.run([sys.executable, "-m", "sudokit", "explain", "--to", "json", str(src)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    paths = [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]
    assert len(paths) == len(ids) == len(solutions) == 5
    for path, solution in zip(paths, solutions):
        assert path["status"] == "solved"
        used = set()
        for step in path["steps"]:
            used.add(step["technique"])
            assert all(solution[c] == v for c, v in step["placements"]), step["text"]
            assert all(solution[c] != v for c, v in step["eliminations"]), step["text"]
        assert "cage-combination" in used


def test_the_law_of_leftovers_on_a_jigsaw():
    """Regions  A A A B / A B B B / C C D D / C C D D.  Row 1 and region A each hold every
    value once; they share r1c1-r1c3, so r1c4 (the row's leftover) equals r2c1 (the
    region's).  With r2c1 down to 1 or 2, r1c4 loses 3 and 4."""
    from sudokit.logic.techniques.intersections import find_leftovers
    geom = geometry.jigsaw("AAABABBBCCDDCCDD")
    state = State.from_grid(Grid("." * 16, geometry=geom))
    cands = list(state.candidates)
    cands[4] = 0b0011                                   # r2c1: 1 or 2
    state = State(geom, state.values, cands)
    step = next(s for s in find_leftovers(state) if s.evidence["cells"] == [3, 4])
    assert step.eliminations == ((3, 3), (3, 4))
    assert step.text == ("Law of leftovers: row 1 and region 1 each hold every value once, so "
                         "the cells of the row outside the region (r1c4) hold the same values "
                         "as the cells of the region outside the row (r2c1); r2c1 cannot hold "
                         "3 or 4, so r1c4 cannot either.")


def test_the_law_of_leftovers_is_sound_on_solo_jigsaws():
    """On every state of the paths of ten Solo jigsaws (advanced), every step the law finds
    (not only those the ladder takes) is checked against the solution sudokit's search
    finds (counted unique)."""
    import subprocess
    from conftest import need_tool
    from sudokit.formats import parse
    from sudokit.logic.techniques.intersections import find_leftovers
    solo = need_tool("sgt-solo")
    ids = subprocess.run([solo, "--generate", "10", "9jda"], capture_output=True, text=True,
                         check=True, timeout=300).stdout.split()
    fired = 0
    for gid in ids:
        grid = parse(gid)
        assert sudokit.count_solutions(grid, limit=2) == 1
        solution = sudokit.solve(grid).values
        path = steps(grid, time_limit=30)
        state = path.start
        for step in path.steps:
            for found in find_leftovers(state):
                fired += 1
                assert all(solution[c] != v for c, v in found.eliminations), found.text
            assert all(solution[c] != v for c, v in step.eliminations), step.text
            state = state.apply(step)
    assert fired


@pytest.mark.parametrize("seed", [91, 427])
def test_a_killer_cage_is_no_strong_link_for_a_unique_rectangle(seed):
    """A killer cage is a unit of fewer than N cells: a value need not be in it, so "in this
    cage a can only go in p or q" proves nothing.  Unique Rectangle type 4 once read it as a
    strong link and removed the solution's value on these two generated killers."""
    g, = sudokit.generate(box="3x3", killer=True, seed=seed)
    solution = list(g.solution.values)
    path = steps(g.puzzle, time_limit=3)
    for step in path.steps:
        assert all(solution[c] == v for c, v in step.placements), step.text
        assert all(solution[c] != v for c, v in step.eliminations), step.text
    assert len(path.steps) > 40
