"""Wings (issue #15): hand-checked XY-Wing, XYZ-Wing and W-Wing steps.

Every cell not named holds every value (so no other pattern interferes); the named cells
hold the candidates given.  The expected steps were worked out by hand.
"""

from __future__ import annotations

from logic_marks import FULL, cell, found, marks
from sudokit import logic
from sudokit.geometry import parse
from sudokit.logic.techniques import wings


def test_xy_wing():
    # pivot r5c5 {1,2}, wings r5c1 {1,3} (row 5) and r2c5 {2,3} (column 5): one wing is 3,
    # so r2c1 (row 2 with r2c5, column 1 with r5c1) loses 3
    state = marks(masks={"r5c5": [1, 2], "r5c1": [1, 3], "r2c5": [2, 3]}, default=FULL)
    assert found(wings.find_xy_wing, state) == [
        ([("r2c1", 3)],
         "The pivot r5c5 (1 or 2) sees the wings r2c5 (2 or 3) and r5c1 (1 or 3): whichever "
         "value the pivot takes, a wing holds 3 (XY-Wing), so 3 is removed from r2c1.")]
    step = next(wings.find_xy_wing(state))
    assert step.evidence["pivot"] == cell("r5c5") and step.evidence["wings"] == [13, 36]
    assert step.se == 4.2 and step.score == 160


def test_xyz_wing():
    # pivot r5c5 {1,2,3}, wings r5c2 {1,3} (row 5) and r4c6 {2,3} (box 5): the cells seeing
    # all three are r5c4 and r5c6
    state = marks(masks={"r5c5": [1, 2, 3], "r5c2": [1, 3], "r4c6": [2, 3]}, default=FULL)
    assert found(wings.find_xyz_wing, state) == [
        ([("r5c4", 3), ("r5c6", 3)],
         "The pivot r5c5 (1, 2 or 3) sees the wings r4c6 (2 or 3) and r5c2 (1 or 3): one of "
         "the three holds 3 (XYZ-Wing), so 3 is removed from r5c4 and r5c6.")]
    assert list(wings.find_xy_wing(state)) == []


def test_w_wing():
    # r2c2 and r8c8 hold {4,7}; row 5 holds 4 only in r5c2 (column 2 with r2c2) and r5c8
    # (column 8 with r8c8): r2c2 and r8c8 are not both 4, so one is 7: r2c8 and r8c2 lose 7
    state = marks(masks={"r2c2": [4, 7], "r8c8": [4, 7]}, default=FULL)
    cands = list(state.candidates)
    for k in range(9):
        if k not in (1, 7):
            cands[36 + k] &= ~(1 << 3)
    state = logic.State(state.geometry, state.values, cands)
    assert found(wings.find_w_wing, state) == [
        ([("r2c8", 7), ("r8c2", 7)],
         "r2c2 and r8c8 both hold only 4 and 7, and in row 5, 4 can only go in r5c2 (seen by "
         "r2c2) or r5c8 (seen by r8c8), so r2c2 and r8c8 cannot both be 4 and one of them is 7 "
         "(W-Wing): 7 is removed from r2c8 and r8c2.")]
    step = next(wings.find_w_wing(state))
    assert step.evidence["links"] == [[cell("r5c2"), cell("r5c8"), 4]]


def test_xy_wing_sees_through_extra_pairs():
    # anti-knight: r5c5 and r3c4 are a knight's move apart, so r3c4 is a wing of r5c5
    g = parse("3x3+antiknight")
    state = marks(masks={"r5c5": [1, 2], "r5c1": [1, 3], "r3c4": [2, 3]}, default=FULL,
                  geometry=g)
    steps = list(wings.find_xy_wing(state))
    assert steps and all(s.evidence["pivot"] == cell("r5c5") for s in steps)
    t = state.tables
    for s in steps:
        for c, v in s.eliminations:
            assert v == 3
            assert t.peer_bits[c] >> cell("r5c1") & 1 and t.peer_bits[c] >> cell("r3c4") & 1
    # classic: r3c4 does not see r5c5, so no XY-Wing
    classic = marks(masks={"r5c5": [1, 2], "r5c1": [1, 3], "r3c4": [2, 3]}, default=FULL)
    assert list(wings.find_xy_wing(classic)) == []


def test_wings_ladder_ranks():
    ranks = {t.id: (t.rank, t.se, t.level, t.score) for t in logic.ladder() if t.family == "wings"}
    assert ranks == {"xy-wing": (120, 4.2, "hard", 160), "xyz-wing": (130, 4.4, "hard", 180),
                     "w-wing": (235, 6.6, "hard", 150)}
