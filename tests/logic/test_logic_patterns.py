"""Single-digit patterns (issue #15): hand-checked skyscraper, 2-string kite, turbot fish and
empty rectangle steps.

Each state puts one value in a few cells only; the expected step was worked out by hand
(which units hold the value in exactly two cells, which ends see each other).
"""

from __future__ import annotations

from logic_marks import found, marks
from sudokit import logic
from sudokit.geometry import parse
from sudokit.logic.techniques import patterns


def test_skyscraper():
    # rows 2 and 6 hold 1 twice each; r2c2 and r6c2 share column 2, so r2c6 or r6c5 is 1:
    # the cells that see both (box 2 in column 5, box 5 in column 6) lose it
    state = marks({1: "r2c2 r2c6 r6c2 r6c5 r1c5 r3c5 r4c6 r5c6 r8c6"})
    assert found(patterns.find_skyscraper, state) == [
        ([("r1c5", 1), ("r3c5", 1), ("r4c6", 1), ("r5c6", 1)],
         "In row 2, 1 can only go in r2c2 or r2c6, and in row 6 only in r6c2 or r6c5; r2c2 and "
         "r6c2 cannot both hold 1, so r2c6 or r6c5 does (Skyscraper): 1 is removed from r1c5, "
         "r3c5, r4c6 and r5c6.")]
    step = next(patterns.find_skyscraper(state))
    assert step.evidence["links"] == [[10, 14, 1], [46, 49, 5]]
    assert step.se == 6.6 and step.score == 130


def test_two_string_kite():
    # row 1: r1c1/r1c7, column 2: r3c2/r8c2, r1c1 and r3c2 in box 1: r8c7 sees r1c7 and r8c2
    state = marks({8: "r1c1 r1c7 r3c2 r8c2 r8c7 r8c5 r5c7"})
    assert found(patterns.find_two_string_kite, state) == [
        ([("r8c7", 8)],
         "In row 1, 8 can only go in r1c1 or r1c7, and in col 2 only in r3c2 or r8c2; r1c1 and "
         "r3c2 cannot both hold 8, so r1c7 or r8c2 does (2-String Kite): 8 is removed from "
         "r8c7.")]
    assert list(patterns.find_skyscraper(state)) == []
    assert list(patterns.find_turbot_fish(state)) == []


def test_turbot_fish():
    # row 7: r7c1/r7c8, box 1: r1c1/r3c3, r7c1 and r1c1 in column 1: r3c8 sees r7c8 and r3c3
    state = marks({9: "r1c1 r3c3 r7c1 r7c8 r3c8 r5c1 r4c8 r3c5"})
    assert found(patterns.find_turbot_fish, state) == [
        ([("r3c8", 9)],
         "In row 7, 9 can only go in r7c1 or r7c8, and in box 1 only in r1c1 or r3c3; r7c1 and "
         "r1c1 cannot both hold 9, so r7c8 or r3c3 does (Turbot Fish): 9 is removed from "
         "r3c8.")]
    assert list(patterns.find_skyscraper(state)) == []
    assert list(patterns.find_two_string_kite(state)) == []


def test_empty_rectangle():
    # box 5 holds 2 only in row 5 and column 5; column 8 only in r5c8 and r9c8.  r9c5 = 2
    # would put box 5's 2 in row 5, so column 8's in r9c8, beside r9c5.
    state = marks({2: "r5c4 r5c6 r4c5 r6c5 r5c8 r9c8 r9c5 r9c1"})
    assert found(patterns.find_empty_rectangle, state) == [
        ([("r9c5", 2)],
         "In box 5, 2 can only go in row 5 or col 5, and in col 8 only in r5c8 or r9c8 (Empty "
         "Rectangle): if r9c5 held 2, box 5 would need it in row 5, so col 8 would need it in "
         "r9c8, which sees r9c5. So 2 is removed from r9c5.")]


def test_patterns_ignore_units_where_the_value_is_placed():
    # the skyscraper above, but 1 is placed in r2c9 with stray marks left in row 2: row 2 is
    # no strong link any more, so no skyscraper
    state = marks({1: "r2c2 r2c6 r6c2 r6c5 r1c5 r3c5 r4c6 r5c6 r8c6"})
    values = list(state.values)
    values[17] = 1
    placed = logic.State(state.geometry, values, state.candidates)
    assert list(patterns.find_skyscraper(placed)) == []


def test_turbot_fish_through_an_anti_knight_pair():
    # on an anti-knight grid two cells a knight's move apart cannot hold the same value:
    # r3c3 and r4c5 share no unit, but they are such a pair (a weak link)
    g = parse("3x3+antiknight")
    # row 3: r3c3/r3c8, row 4: r4c5/r4c9 (r3c3 and r4c5 a knight's move apart, no shared
    # unit): r3c8 or r4c9 holds 6, and the cells that see both lose it: r3c9? it is in row 3
    # (no candidate there); box 3 cells in column 9 that see r3c8 and r4c9: r1c9, r2c9
    state = marks({6: "r3c3 r3c8 r4c5 r4c9 r1c9 r2c9 r7c9 r8c3"}, geometry=g)
    steps = list(patterns.find_turbot_fish(state))
    assert [s.eliminations for s in steps] == [((8, 6), (17, 6))]
    assert steps[0].evidence["cells"] == [20, 25, 31, 35]
