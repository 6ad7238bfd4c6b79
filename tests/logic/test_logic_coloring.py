"""Colouring (issue #15): hand-checked simple-colors (wrap and trap) and multi-colors steps.

Each state puts one value in a few cells; its strong links (units with exactly two cells
for the value) and their colouring were worked out by hand.
"""

from __future__ import annotations

from logic_marks import found, marks
from sudokit import logic
from sudokit.logic.techniques import coloring


def test_simple_colors_wrap():
    # links: row 1 r1c1-r1c5, column 5 r1c5-r4c5, row 4 r4c5-r4c2, box 4 r4c2-r6c1;
    # colours (r1c1, r4c5, r6c1) / (r1c5, r4c2); r1c1 and r6c1 share column 1: wrap
    state = marks({5: "r1c1 r1c5 r4c5 r4c2 r6c1 r8c1"})
    steps = list(coloring.find_simple_colors(state))
    assert [s.evidence["kind"] for s in steps] == ["wrap"]
    assert found(coloring.find_simple_colors, state) == [
        ([("r1c1", 5), ("r4c5", 5), ("r6c1", 5)],
         "Colouring the cells where 5 has two places in a unit alternately gives (r1c1, r4c5, "
         "r6c1) one colour and (r1c5, r4c2) the other; one colour holds 5. r1c1 and r6c1 share "
         "a colour but see each other (Simple Colors, colour wrap), so that colour holds no 5: "
         "5 is removed from r1c1, r4c5 and r6c1.")]
    assert steps[0].evidence["clash"] == [0, 45]


def test_simple_colors_trap():
    # links: row 1 r1c1-r1c5, box 2 r1c5-r3c6, column 6 r3c6-r8c6; colours (r1c1, r3c6) /
    # (r1c5, r8c6); r8c1 sees r1c1 (column 1) and r8c6 (row 8): trap
    state = marks({5: "r1c1 r1c5 r3c6 r8c6 r8c1 r8c9 r5c1"})
    assert found(coloring.find_simple_colors, state) == [
        ([("r8c1", 5)],
         "Colouring the cells where 5 has two places in a unit alternately gives (r1c1, r3c6) "
         "one colour and (r1c5, r8c6) the other; one colour holds 5. r8c1 sees both colours "
         "(Simple Colors, colour trap), so 5 is removed from it.")]
    step = next(coloring.find_simple_colors(state))
    assert step.evidence["kind"] == "trap"
    assert step.evidence["colors"] == [[0, 23], [4, 68]]
    assert step.evidence["links"] == [[0, 4, 0], [23, 68, 14], [4, 23, 19]]


def test_simple_colors_skip_a_lone_strong_link():
    # r1c1-r1c2 alone: its "trap" (box 1 cells) is what claiming removes
    state = marks({5: "r1c1 r1c2 r2c2 r3c1"})
    assert list(coloring.find_simple_colors(state)) == []


def test_multi_colors_type_1():
    # cluster (r1c1, r7c5) / (r1c5, r7c1) (rows... row 1, columns 1 and 5) and cluster
    # (r2c2) / (r2c8) (row 2).  r1c1 sees r2c2 (box 1): they are not both 3, so
    # (r1c5, r7c1) or (r2c8) holds 3, and r7c8 (row 7, column 8) sees both
    state = marks({3: "r1c1 r1c5 r7c1 r7c5 r2c2 r2c8 r7c8 r5c8 r3c3"})
    assert found(coloring.find_multi_colors, state) == [
        ([("r7c8", 3)],
         "Colouring the cells where 3 has two places in a unit alternately gives two clusters, "
         "(r1c1, r7c5) against (r1c5, r7c1) and (r2c2) against (r2c8); in each, one colour "
         "holds 3. (r1c1, r7c5) and (r2c2) see each other, so they cannot both hold 3 and "
         "(r1c5, r7c1) or (r2c8) does (Multi-Colors): 3 is removed from r7c8, which sees "
         "both.")]


def test_multi_colors_type_2():
    # cluster (r1c1, r5c8) / (r1c8) (row 1, column 8), cluster (r2c2) / (r5c2) (column 2):
    # r1c1 sees r2c2 (box 1) and r5c8 sees r5c2 (row 5), so (r1c1, r5c8) holds no 6
    state = marks({6: "r1c1 r1c8 r5c8 r2c2 r5c2 r5c5 r3c3"})
    steps = list(coloring.find_multi_colors(state))
    assert [s.evidence["kind"] for s in steps] == ["type-2"]
    assert found(coloring.find_multi_colors, state) == [
        ([("r1c1", 6), ("r5c8", 6)],
         "Colouring the cells where 6 has two places in a unit alternately gives two clusters, "
         "(r1c1, r5c8) against (r1c8) and (r2c2) against (r5c2); in each, one colour holds 6. "
         "(r1c1, r5c8) see both colours of the other cluster, so that colour holds no 6 "
         "(Multi-Colors): 6 is removed from r1c1 and r5c8.")]


def test_coloring_skips_a_cluster_that_cannot_be_two_coloured():
    # the wrap state without r8c1: column 1 now links r1c1-r6c1 too, closing a cycle of five
    # strong links (rows 1 and 4, columns 5 and 1, box 4).  No two-colouring exists (the
    # marks contradict the rules), so colouring says nothing rather than something wrong.
    state = marks({5: "r1c1 r1c5 r4c5 r4c2 r6c1"})
    assert coloring.clusters(state, 5) == []
    assert list(coloring.find_simple_colors(state)) == []
    ok = marks({5: "r1c1 r1c5 r4c5 r4c2 r6c1 r8c1"})
    assert [len(c[2]) for c in coloring.clusters(ok, 5)] == [4]
    assert coloring.clusters(ok, 5) is coloring.clusters(ok, 5)  # cached per state


def test_coloring_ladder_ranks():
    ranks = {t.id: (t.rank, t.se, t.level, t.score) for t in logic.ladder()
             if t.family == "coloring"}
    assert ranks == {"simple-colors": (240, 6.6, "hard", 150),
                     "multi-colors": (242, 6.8, "hard", 200)}
