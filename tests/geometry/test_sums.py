"""Rules over many cells in the geometry: names, JSON, bad input and the checker's words.

The engines' counts against a brute force are in tests/engine/test_sums_engines.py.
"""

from __future__ import annotations

import pytest

from sudokit import Grid, geometry
from sudokit.errors import GeometryError

G9 = geometry.boxes(3, 3)

NAMES = [
    "killer(15:r1c1-r1c2-r2c1)", "killer(r1c1-r2c2)", "arrow(r5c5:r4c4-r3c3)",
    "arrow(r1c1-r1c2:r2c1-r3c1-r4c1-r5c1)", "littlekiller(45:r1c1-r2c2-r3c3-r4c4-r5c5-r6c6-r7c7-r8c8-r9c9)",
    "littlekiller(6:r9c2-r8c1)", "sandwich(12:r3)", "sandwich(0:c9)", "even(r1c1-r9c9)",
    "odd(r5c5)", "renban(r2c2-r2c3-r2c4)",
]


@pytest.mark.parametrize("name", NAMES)
def test_names_and_json_read_back(name):
    g = G9.with_rules(name)
    assert g.name == f"3x3+{name}"
    assert geometry.parse(g.name) is g
    assert geometry.Geometry.from_json(g.to_json()) is g
    assert not g.is_classic and g.propagators or name.startswith("killer(r")


def test_aliases_and_value_forms_are_one_rule():
    cage = G9.with_rules("killer(15:r1c1-r1c2-r2c1)")
    assert G9.with_rules("killer15(r2c1-r1c2-r1c1)") is cage
    assert G9.with_rules("cage(15:r1c1-r1c2-r2c1)") is cage
    assert G9.with_constraints(("killercage", [9, 1, 0], 15)) is cage
    assert G9.with_constraints(("sandwichsum", range(18, 27), 12)) is G9.with_rules("sandwich(12:r3)")
    assert G9.with_constraints(("littlekillersum", [1, 9], 10)) is \
        G9.with_rules("littlekiller(10:r1c2-r2c1)")


def test_cages_and_renban_lines_are_units_sums_are_propagators():
    g = G9.with_rules("killer(15:r1c1-r1c2-r2c1)", "renban(r5c1-r5c2-r5c3)", "killer(r9c9-r8c9)")
    names = dict(zip(g.unit_names, g.units))
    assert names["killer cage r1c1-r2c1"] == (0, 1, 9)
    assert names["renban line r5c1-r5c3"] == (36, 37, 38)
    assert names["killer cage r8c9-r9c9"] == (71, 80)
    kinds = sorted(p[0] for p in g.propagators)
    assert kinds == ["sets", "sets"]           # the cage without a total is a unit only
    sets = {p[1]: p[2] for p in g.propagators}
    # 15 in three different values from 1..9, as value sets (independent of the table)
    want = sorted(sum(1 << (v - 1) for v in (a, b, c)) for a in range(1, 10)
                  for b in range(a + 1, 10) for c in range(b + 1, 10) if a + b + c == 15)
    assert list(sets[(0, 1, 9)]) == want
    assert [bin(m).count("1") for m in sets[(36, 37, 38)]] == [3] * 7


def test_a_sums_cells_that_share_a_unit_are_one_group():
    """A 2-digit circle below a whole row: the row sums to 45 whatever its order, so the
    circle is 45, which propagation finds at once only by knowing the row's values differ
    (cell by cell, the row could sum to anything from 9 to 81)."""
    from sudokit.engine._propagators import prune
    g = G9.with_rules("arrow(r2c1-r2c2:" + "-".join(f"r1c{c}" for c in range(1, 10)) + ")")
    (kind, cells, (weights, total, groups)), = g.propagators
    assert kind == "sum" and cells == (9, 10) + tuple(range(9)) and total == 0
    assert weights == (10, 1) + (-1,) * 9
    assert groups[2:] == (groups[2],) * 9 and len(set(groups)) == 3   # the row, two alone
    cand = [(1 << 9) - 1] * 81
    assert prune(g.propagators[0], cand, 9) == 1
    assert cand[9] == 1 << 3 and cand[10] == 1 << 4                  # 4, 5
    assert cand[:9] == [(1 << 9) - 1] * 9


def test_groups_are_cells_of_one_unit_and_one_weight():
    """Greedy, the unit with the most ungrouped cells of one weight first; the rest alone."""
    g = G9.with_rules("littlekiller(40:r1c2-r2c3-r3c4-r4c5-r5c6-r6c7-r7c8-r8c9)",
                      "arrow(r5c5:r4c4-r4c3-r5c3-r6c3)")
    lk, arrow = (p[2][2] for p in sorted(g.propagators, key=lambda p: -len(p[1])))
    # boxes 1, 5 and 9 hold two cells of the diagonal each (in unit order), r3c4 and r6c7
    # are alone
    assert lk == (0, 0, 3, 1, 1, 4, 2, 2)
    # r4c3 r5c3 r6c3 share column 3; r4c4 (box 5) and the circle (another weight) alone
    assert arrow == (1, 2, 0, 0, 0)


@pytest.mark.parametrize("text, words", [
    ("killer(3:r1c1-r1c1)", "a cell appears twice"),
    ("killer(18:r1c1-r1c2)", "no 2 different values from 1 to 9 sum to 18"),
    ("killer(3:r1c1-r10c1)", "r10c1 is outside a 9x9 grid"),
    ("arrow(r5c5)", "arrow from r5c5: an arrow needs a shaft"),
    ("arrow(r5c5:)", "arrow from r5c5: an arrow needs a shaft"),
    ("arrow(r1c1:r1c2-r1c3-r1c4-r1c5-r1c6-r1c7-r1c8-r1c9-r2c9-r3c9)", "shaft of 10 cells"),
    ("sandwich(36:r1)", "sandwich row 1: the values between 1 and 9 sum to 0..35, not 36"),
    ("littlekiller(5:r1c1-r2c3)", "little killer r1c1-r2c3: its cells are a whole diagonal"),
    ("littlekiller(5:r2c2-r3c3-r4c4-r5c5-r6c6-r7c7-r8c8-r9c9)", "a whole diagonal"),
    ("littlekiller(99:r1c2-r2c1)", "2 cells sum to 2..18, not 99"),
    ("renban(r1c1)", "a renban line needs two cells or more"),
    ("killer(45:r1c1-r1c2-r1c3-r1c4-r1c5-r1c6-r1c7-r1c8-r1c9-r2c1)", "10 cells cannot all differ"),
    ("killer(r1c1-r1c2", "no closing"),
    # a value written where none is read is refused, not dropped (killer(0:...) was a cage
    # without a total, renban(3:...) a renban line)
    ("killer(0:r1c1-r1c2)", "a cage total is a positive number"),
    ("killer0(r1c1-r1c2)", "a cage total is a positive number"),
    ("cage(00:r1c1-r1c2)", "a cage total is a positive number"),
    ("renban(3:r1c1-r1c2)", "a renban rule takes no value"),
    ("even(5:r1c1)", "an even rule takes no value"),
    ("odd1(r1c1)", "an odd rule takes no value"),
    ("thermometer2(r1c1-r1c2)", "a thermo rule takes no value"),
    # a circle of 2 or 3 cells is a pill read left to right or top to bottom, as f-puzzles
    # and SudokuPad read it (backwards, it was written to f-puzzles as another puzzle)
    ("arrow(r1c2-r1c1:r2c1-r3c1-r4c1-r5c1)", "circle r1c2-r1c1 is not a pill"),
    ("arrow(r2c1-r1c1:r2c2-r3c2-r4c2-r5c2)", "circle r2c1-r1c1 is not a pill"),
    ("arrow(r1c1-r2c2:r3c3-r4c4-r5c5-r6c6-r7c7)", "read left to right or top to bottom"),
    ("arrow(r1c9-r2c1:r3c1-r4c1-r5c1-r6c1)", "circle r1c9-r2c1 is not a pill"),
    ("arrow(r1c1-r1c2-r2c2:r3c1-r4c1-r5c1-r6c1-r7c1-r8c1-r9c1-r9c2-r9c3-r9c4-r9c5-r9c6)",
     "3-cell circle r1c1-r1c2-r2c2 is not a pill"),
])
def test_bad_rules_are_named(text, words):
    with pytest.raises(GeometryError) as info:
        G9.with_rules(text)
    assert words in str(info.value) or (words == "no closing" and "bad constraint" in str(info.value))


def test_spaces_inside_a_rules_parentheses_are_dropped():
    """'killer(15: r1c1 - r1c2)' is the cage (it was split at its spaces: 'unknown rule
    r1c1'); spaces between rules still separate them."""
    cage = G9.with_rules("killer(15:r1c1-r1c2)", "x")
    assert G9.with_rules("killer( 15 : r1c1 - r1c2 ) x") is cage
    assert geometry.parse("3x3+killer(15: r1c1-r1c2)+x") is cage


def test_pills_read_left_to_right_or_top_to_bottom_are_kept():
    across = G9.with_rules("arrow(r1c1-r1c2:r2c1-r3c1)")
    down = G9.with_rules("arrow(r1c1-r2c1-r3c1:" + "-".join(f"r{r}c1" for r in range(4, 10))
                         + "-" + "-".join(f"r9c{c}" for c in range(2, 9)) + ")")
    assert across.constraints[0][1][:2] == (0, 1) and down.constraints[0][1][:3] == (0, 9, 18)


def test_even_and_odd_cells_are_one_rule_of_each_kind():
    """Even (odd) is a rule of each cell: the cells of several even rules make one, so
    overlapping ones are one geometry, and f-puzzles' list of cells reads back as it."""
    one = G9.with_rules("even(r1c1-r2c2-r3c3)", "odd(r5c5-r9c9)")
    assert G9.with_rules("even(r1c1)", "even(r2c2-r1c1)", "even(r3c3)", "odd(r9c9)",
                         "odd(r5c5)") is one
    assert [c[:2] for c in one.constraints] == [("even", (0, 10, 20)), ("odd", (40, 80))]
    assert geometry.parse(one.name) is one


def test_a_sandwich_on_a_grid_too_small_and_a_pill_on_16x16_are_refused():
    with pytest.raises(GeometryError, match="a sandwich needs a grid of size 3 or more"):
        geometry.parse("1x2+sandwich(0:r1)")
    with pytest.raises(GeometryError, match="only on grids up to 9x9"):
        geometry.boxes(4, 4).with_rules("arrow(r1c1-r1c2:r2c1-r3c1)")


def test_json_names_the_bad_field():
    with pytest.raises(GeometryError, match="constraints.*no 2 different values"):
        geometry.Geometry.from_json({"size": 9, "box": "3x3",
                                     "constraints": [["killer", [0, 1], 18]]})


# --- the checker ----------------------------------------------------------------------------

SOLUTION = ("534678912672195348198342567859761423426853791"
            "713924856961537284287419635345286179")


def _grid(text, *rules):
    return Grid(text, geometry=G9.with_rules(*rules))


def test_a_solution_keeps_rules_made_from_it():
    v = [int(ch) for ch in SOLUTION]
    row3 = v[18:27]
    i, j = sorted((row3.index(1), row3.index(9)))
    rules = [f"killer({v[0] + v[1] + v[9]}:r1c1-r1c2-r2c1)", f"arrow(r5c5:r4c4)" if v[40] == v[30]
             else f"littlekiller({v[1] + v[9]}:r1c2-r2c1)", f"sandwich({sum(row3[i + 1:j])}:r3)",
             "even(r1c2)" if v[1] % 2 == 0 else "odd(r1c2)"]
    g = _grid(SOLUTION, *rules)
    assert g.status().is_solved and g.geometry.is_solution(v)


def test_status_names_each_broken_rule():
    v = [int(ch) for ch in SOLUTION]
    wrong = v[0] + v[1] + 1
    g = _grid(SOLUTION, f"killer({wrong}:r1c1-r1c2)", "odd(r1c2)" if v[1] % 2 == 0 else "even(r1c2)",
              f"sandwich({(sum(v[27:36]) % 30) + 1}:r4)")
    text = str(g.status())
    assert f"cage r1c1-r1c2: sum {v[0] + v[1]}, not {wrong}" in text
    assert "cell r1c2:" in text
    assert "sandwich row 4" in text
    assert not g.geometry.is_solution(v)


def test_an_arrow_and_a_repeat_in_a_cage_are_named():
    text = "12" + "." * 79
    g = Grid("5.3" + "." * 78, geometry=G9.with_rules("arrow(r1c1:r1c2-r1c3)"))
    assert g.status().is_legal                    # the arrow is not complete yet
    g = Grid("573" + "." * 78, geometry=G9.with_rules("arrow(r1c1:r1c2-r1c3)"))
    assert "arrow from r1c1: circle 5, arrow sum 10" in str(g.status())
    g = Grid(text, geometry=G9.with_rules("killer(r1c1-r2c2)"))
    assert g.status().is_legal
    g = Grid("1" + "." * 9 + "1" + "." * 70, geometry=G9.with_rules("killer(r1c1-r2c2)"))
    assert "repeats in killer cage r1c1-r2c2" in str(g.status())


def test_a_partial_cage_past_its_total_is_already_a_conflict():
    g = Grid("98" + "." * 79, geometry=G9.with_rules("killer(10:r1c1-r1c2-r1c3)"))
    assert "cage r1c1-r1c3: sum 17, not 10" in str(g.status())


def test_batch_mode_answers_every_record_and_names_each_bad_rule(tmp_path):
    import json
    import subprocess
    import sys
    good = {"puzzle": "." * 81, "geometry": "3x3+killer(10:r1c1-r1c2)+sandwich(0:r9)"}
    rows = [good, {"puzzle": "." * 81, "geometry": "3x3+killer(18:r1c1-r1c2)"}, good,
            {"puzzle": "." * 81, "geometry": {"size": 9, "box": "3x3",
                                              "constraints": [["arrow", [40], 1]]}},
            {"puzzle": "." * 81, "geometry": "3x3+littlekiller(5:r1c1-r2c3)"},
            {"puzzle": "." * 16, "geometry": "2x2+killer(3:r1c1-r5c1)"}]
    path = tmp_path / "sums.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    run = subprocess.run([sys.executable, "-m", "sudokit", "solve", str(path)],
                         capture_output=True, text=True)
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["status"] for r in out] == ["solved", "error", "solved", "error", "error", "error"]
    for line, words in ((2, "killer cage r1c1-r1c2: no 2 different values"),
                        (4, "arrow from r5c5: an arrow needs a shaft"),
                        (5, "little killer r1c1-r2c3"), (6, "r5c1 is outside a 4x4 grid")):
        assert f"line {line}: " in run.stderr and words in run.stderr
    solved = [int(ch) for ch in out[0]["solution"]]
    assert solved[0] + solved[1] == 10 and run.returncode == 1
