"""Fish (issue #15): hand-checked steps of every fish technique, 16x16 and jigsaw cases.

The soundness runs and the exemplar hit rates of the fish, pattern, wing and colouring
families are in test_logic_families.py.

Each hand-made state below puts one value in a few cells only; the expected step was
worked out by hand from the pattern (which lines hold the value where), and the test asks
the technique for every step it finds: exactly that one (or the ones listed).
"""

from __future__ import annotations

import pytest

from logic_marks import found, marks
from sudokit import logic
from sudokit.geometry import jigsaw, parse
from sudokit.logic.techniques import fish


def test_x_wing_rows():
    # 7 in rows 2 and 8 only in columns 4 and 9: the other 7s of those columns go
    state = marks({7: "r2c4 r2c9 r8c4 r8c9 r5c4 r6c9"})
    assert found(fish.find_x_wing, state) == [
        ([("r5c4", 7), ("r6c9", 7)],
         "In rows 2 and 8, 7 can only go in columns 4 and 9 (X-Wing), so 7 is removed from "
         "r5c4 and r6c9.")]


def test_swordfish_columns():
    # 5 in columns 1, 5, 8 only in rows 1, 4, 9 (rows 1/4, 4/9, 1/9): r1c3 and r9c6 lose 5
    state = marks({5: "r1c1 r4c1 r4c5 r9c5 r1c8 r9c8 r1c3 r9c6"})
    assert found(fish.find_swordfish, state) == [
        ([("r1c3", 5), ("r9c6", 5)],
         "In columns 1, 5 and 8, 5 can only go in rows 1, 4 and 9 (Swordfish), so 5 is removed "
         "from r1c3 and r9c6.")]
    step = next(fish.find_swordfish(state))
    assert step.evidence["base"] == [9, 13, 16] and step.evidence["cover"] == [0, 3, 8]
    assert step.se == 3.8 and step.level == "hard" and step.score == 150


def test_jellyfish_rows():
    # rows 1, 3, 6, 7 hold 4 in columns 2/4, 4/6, 6/8, 2/8: r5c2 and r9c6 lose 4
    state = marks({4: "r1c2 r1c4 r3c4 r3c6 r6c6 r6c8 r7c2 r7c8 r5c2 r9c6"})
    assert found(fish.find_jellyfish, state) == [
        ([("r5c2", 4), ("r9c6", 4)],
         "In rows 1, 3, 6 and 7, 4 can only go in columns 2, 4, 6 and 8 (Jellyfish), so 4 is "
         "removed from r5c2 and r9c6.")]
    assert list(fish.find_x_wing(state)) == [] and list(fish.find_swordfish(state)) == []


def test_finned_x_wing():
    # rows 2 and 8 in columns 4 and 9, plus the fin r8c7 in box 9: if the fin is not 3 the
    # X-Wing holds; if it is, box 9 has its 3.  Either way r7c9 and r9c9 lose 3 (r5c9,
    # outside box 9, keeps it).
    state = marks({3: "r2c4 r2c9 r8c4 r8c9 r8c7 r7c9 r9c9 r5c9 r1c4"})
    assert found(fish.find_finned_x_wing, state) == [
        ([("r7c9", 3), ("r9c9", 3)],
         "In rows 2 and 8, 3 can only go in columns 4 and 9, apart from the fin r8c7 (Finned "
         "X-Wing); either way 3 is removed from r7c9 and r9c9, in box 9 with the fin.")]
    assert list(fish.find_sashimi_x_wing(state)) == []
    assert list(fish.find_x_wing(state)) == []
    step = next(fish.find_finned_x_wing(state))
    assert step.evidence["fins"] == [69] and step.evidence["unit"] == 26


def test_sashimi_x_wing():
    # as above without r8c9: row 8 keeps one cell (r8c4) in the cover, a sashimi X-Wing.
    # Seen from columns 4 and 9 it is another sashimi X-Wing, with fins r7c9 and r9c9 and
    # r8c7 (box 9, column 7: r2c9 false -> r2c4 -> r8c4 ...) removed.
    state = marks({3: "r2c4 r2c9 r8c4 r8c7 r7c9 r9c9"})
    assert found(fish.find_sashimi_x_wing, state) == [
        ([("r7c9", 3), ("r9c9", 3)],
         "In rows 2 and 8, 3 can only go in columns 4 and 9, apart from the fin r8c7 (Sashimi "
         "X-Wing); either way 3 is removed from r7c9 and r9c9, in box 9 with the fin."),
        ([("r8c7", 3)],
         "In columns 4 and 9, 3 can only go in rows 2 and 8, apart from the fins r7c9 and r9c9 "
         "(Sashimi X-Wing); either way 3 is removed from r8c7, in box 9 with the fins.")]
    assert list(fish.find_finned_x_wing(state)) == []


def test_finned_swordfish():
    # rows 1, 5, 8 in columns 1, 4, 7 (1/4, 4/7, 1/7) with the fin r8c8 (box 9)
    state = marks({6: "r1c1 r1c4 r5c4 r5c7 r8c1 r8c7 r8c8 r7c7 r9c7 r3c7"})
    assert found(fish.find_finned_swordfish, state) == [
        ([("r7c7", 6), ("r9c7", 6)],
         "In rows 1, 5 and 8, 6 can only go in columns 1, 4 and 7, apart from the fin r8c8 "
         "(Finned Swordfish); either way 6 is removed from r7c7 and r9c7, in box 9 with the "
         "fin.")]
    assert list(fish.find_sashimi_swordfish(state)) == []


def test_sashimi_swordfish():
    # the same without r8c7: row 8 keeps only r8c1 in the cover
    state = marks({6: "r1c1 r1c4 r5c4 r5c7 r8c1 r8c8 r7c7 r9c7 r3c7"})
    assert found(fish.find_sashimi_swordfish, state) == [
        ([("r7c7", 6), ("r9c7", 6)],
         "In rows 1, 5 and 8, 6 can only go in columns 1, 4 and 7, apart from the fin r8c8 "
         "(Sashimi Swordfish); either way 6 is removed from r7c7 and r9c7, in box 9 with the "
         "fin.")]
    assert list(fish.find_finned_swordfish(state)) == []


def test_finned_jellyfish():
    # the jellyfish above with the fin r7c9 (box 9): r8c8 and r9c8 lose 4, r5c2 keeps it
    state = marks({4: "r1c2 r1c4 r3c4 r3c6 r6c6 r6c8 r7c2 r7c8 r7c9 r8c8 r9c8 r5c2"})
    assert found(fish.find_finned_jellyfish, state) == [
        ([("r8c8", 4), ("r9c8", 4)],
         "In rows 1, 3, 6 and 7, 4 can only go in columns 2, 4, 6 and 8, apart from the fin "
         "r7c9 (Finned Jellyfish); either way 4 is removed from r8c8 and r9c8, in box 9 with "
         "the fin.")]
    assert list(fish.find_sashimi_jellyfish(state)) == []


def test_sashimi_jellyfish():
    state = marks({4: "r1c2 r1c4 r3c4 r3c6 r6c6 r6c8 r7c2 r7c9 r8c8 r9c8 r5c2"})
    assert found(fish.find_sashimi_jellyfish, state) == [
        ([("r8c8", 4), ("r9c8", 4)],
         "In rows 1, 3, 6 and 7, 4 can only go in columns 2, 4, 6 and 8, apart from the fin "
         "r7c9 (Sashimi Jellyfish); either way 4 is removed from r8c8 and r9c8, in box 9 with "
         "the fin.")]
    assert list(fish.find_finned_jellyfish(state)) == []


def test_fish_ignore_a_line_where_the_value_is_placed():
    # a player's stray marks: 7 is placed in row 2, yet marked in r2c4 and r2c9.  Row 2 is
    # no base (its 7 is found), so no X-Wing on rows 2 and 8.
    state = marks({7: "r2c4 r2c9 r8c4 r8c9 r5c4 r6c9"})
    values = list(state.values)
    values[9] = 7  # r2c1 holds 7
    cands = list(state.candidates)
    cands[9] = 0
    placed = logic.State(state.geometry, values, cands)
    assert list(fish.find_x_wing(placed)) == []


def test_16x16_x_wing_and_finned_x_wing():
    g = parse("4x4")
    state = marks({12: "r2c3 r2c14 r11c3 r11c14 r5c3 r16c14"}, geometry=g)
    assert found(fish.find_x_wing, state) == [
        ([("r5c3", 12), ("r16c14", 12)],
         "In rows 2 and 11, C can only go in columns 3 and 14 (X-Wing), so C is removed from "
         "r5c3 and r16c14.")]
    # the fin r11c16 lies in box 12 (rows 9-12, columns 13-16) with r9c14 and r12c14
    state = marks({12: "r2c3 r2c14 r11c3 r11c14 r11c16 r12c14 r9c14 r5c3"}, geometry=g)
    assert found(fish.find_finned_x_wing, state) == [
        ([("r9c14", 12), ("r12c14", 12)],
         "In rows 2 and 11, C can only go in columns 3 and 14, apart from the fin r11c16 "
         "(Finned X-Wing); either way C is removed from r9c14 and r12c14, in box 12 with the "
         "fin.")]


# a 9x9 jigsaw whose region 1 is r1c1-r1c3 plus r2c1-r2c3 plus r3c1-r3c2 and r4c1
# (and so on: sgt-puzzles' first jigsaw of tests/data/variants/sgt_jigsaw.txt)
JIGSAW = ("111222333112242233112444433112444553666455553666667755868777795888777999"
          "888899999")


def test_jigsaw_finned_x_wing_uses_the_region():
    g = jigsaw(JIGSAW)
    # rows 1 and 5 hold 2 in columns 2 and 6, the fin r5c1 lies in region 6 (r5c1 r5c2
    # r5c3 r6c1 ... r4c1 is region 1).  With boxes, r5c1 and r6c2 would share box 4; here
    # the fin's region is region 6: r6c2 (region 6) loses 2, r4c2 (region 1) keeps it.
    state = marks({2: "r1c2 r1c6 r5c1 r5c2 r5c6 r6c2 r4c2"}, geometry=g)
    region_of = {c: u for u in state.tables.boxes for c in state.tables.units[u]}
    r5c1, r6c2, r4c2 = 36, 46, 28
    assert region_of[r5c1] == region_of[r6c2] != region_of[r4c2]
    steps = list(fish.find_finned_x_wing(state))
    assert [(s.eliminations, s.evidence["fins"]) for s in steps] == [(((46, 2),), [36])]
    assert steps[0].text.endswith(f"in {state.tables.unit_name(region_of[r5c1])} with the fin.")


def test_fish_on_x_sudoku_use_rows_and_columns():
    # the diagonals of X-Sudoku change nothing for fish: the same X-Wing as on classic
    g = parse("3x3+x")
    state = marks({7: "r2c4 r2c9 r8c4 r8c9 r5c4 r6c9"}, geometry=g)
    assert [s.eliminations for s in fish.find_x_wing(state)] == [((39, 7), (53, 7))]


def test_fish_ladder_ranks_and_ratings():
    ranks = {t.id: (t.rank, t.se, t.level, t.score) for t in logic.ladder() if t.family == "fish"}
    assert ranks == {
        "x-wing": (70, 3.2, "hard", 140), "swordfish": (100, 3.8, "hard", 150),
        "jellyfish": (160, 5.2, "hard", 160), "finned-x-wing": (220, 6.6, "hard", 130),
        "sashimi-x-wing": (222, 6.6, "hard", 150),
        "finned-swordfish": (224, 6.6, "unfair", 200),
        "sashimi-swordfish": (226, 6.6, "unfair", 240),
        "finned-jellyfish": (228, 6.6, "unfair", 250),
        "sashimi-jellyfish": (230, 6.6, "unfair", 260)}


@pytest.mark.parametrize("find", [fish.find_x_wing, fish.find_finned_jellyfish])
def test_fish_steps_round_trip_json(find):
    state = marks({4: "r1c2 r1c4 r3c4 r3c6 r6c6 r6c8 r7c2 r7c8 r7c9 r8c8 r9c8 r5c2 r2c9 "
                      "r9c9"})
    for step in find(state):
        assert logic.Step.from_json(step.to_json()) == step
