"""The logic engine's core: the candidates state, steps, the ladder, singles, locked
candidates and subsets (issue #15).  Hand-built pencil-mark states pin each technique's
exact step and text; shared-data puzzles check that no step is ever wrong."""

from __future__ import annotations

import json
import random

import pytest

import sudokit
from sudokit import logic
from sudokit.geometry import jigsaw, parse
from sudokit.logic import InconsistentState, State, Step
from sudokit.logic.techniques import intersections, singles, subsets

from conftest import shared_file

PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def open_state(size: int = 9) -> State:
    """An empty grid with every candidate in every cell (a blank pencil-mark sheet)."""
    grid = sudokit.Grid([0] * size * size)
    return State.from_marks(grid, [(1 << size) - 1] * size * size)


def without(state: State, value: int, cells) -> State:
    return state.eliminate([(c, value) for c in cells])


def cell(r: int, c: int, n: int = 9) -> int:
    return (r - 1) * n + (c - 1)


def assert_sound(path_or_steps, solution) -> int:
    """Every placement is the solution's value, no elimination removes it; the count."""
    sol = solution.values
    n = 0
    for step in path_or_steps:
        for c, v in step.placements:
            assert sol[c] == v, f"{step}: placed {v} at {c}, the solution has {sol[c]}"
        for c, v in step.eliminations:
            assert sol[c] != v, f"{step}: removed {v} from {c}, the solution needs it"
        assert step.placements or step.eliminations
        n += 1
    return n


# --- the state ---------------------------------------------------------------------------


def test_state_of_a_grid_has_the_grid_candidates():
    grid = sudokit.Grid(PUZZLE)
    state = State.of(PUZZLE)
    for c in range(81):
        want = set() if grid.values[c] else grid.candidates(c)
        got = {v for v in range(1, 10) if state.candidates[c] >> (v - 1) & 1}
        assert got == want
    assert state.givens == grid.values and state.values == grid.values


def test_place_and_eliminate_return_new_states():
    state = State.of(PUZZLE)
    c = PUZZLE.index(".")
    v = min(v for v in range(1, 10) if state.candidates[c] >> (v - 1) & 1)
    after = state.place(c, v)
    assert after.values[c] == v and state.values[c] == 0 and after.candidates[c] == 0
    for p in parse("3x3").peers[c]:
        assert not after.candidates[p] >> (v - 1) & 1
    assert after.givens == state.givens
    fewer = state.eliminate([(c, v)])
    assert not fewer.candidates[c] >> (v - 1) & 1 and state.candidates[c] >> (v - 1) & 1
    with pytest.raises(AttributeError):
        state.values = ()


def test_pencilmark_line_round_trip():
    state = State.of(PUZZLE)
    state = state.eliminate([(0, v) for v in range(1, 10) if v not in (4, 5)])
    line = state.to_pencilmarks()
    assert len(line) == 729
    back = State.from_pencilmarks(line)
    assert State.of(line) == back
    # the line cannot tell a cell with one candidate from a placed value: it reads as placed
    singles = {c: m.bit_length() for c, m in enumerate(state.candidates) if m and not m & (m - 1)}
    assert singles  # this puzzle has naked singles at the start
    for c in range(81):
        if c in singles:
            assert back.values[c] == singles[c] and back.candidates[c] == 0
        else:
            assert back.values[c] == state.values[c] and back.candidates[c] == state.candidates[c]


def test_json_round_trip_and_errors():
    state = State.of(PUZZLE).place(PUZZLE.index("."), 4)
    obj = json.loads(json.dumps(state.to_json()))
    back = State.from_json(obj)
    assert back == state and back.givens == state.givens
    geom = parse("3x3+x")
    x = State.from_grid(sudokit.Grid([0] * 81, geometry=geom))
    assert State.from_json(x.to_json()).geometry is geom
    bad = dict(obj, values=obj["values"][:80])
    with pytest.raises(ValueError, match='"values" must be a list of 81'):
        State.from_json(bad)
    with pytest.raises(ValueError, match=r'"candidates"\[3\]'):
        State.from_json(dict(obj, candidates=obj["candidates"][:3] + [[10]] + obj["candidates"][4:]))
    with pytest.raises(ValueError, match="needs the key 'values'"):
        State.from_json({"size": 9, "candidates": []})


# --- inconsistent states: each named, never a hint -----------------------------------------


def test_a_removed_needed_candidate_is_named():
    sol = sudokit.solve(PUZZLE)
    state = State.of(PUZZLE)
    c = PUZZLE.index(".")
    bad = state.eliminate([(c, sol.values[c])])
    problems = bad.problems()
    assert [p.kind for p in problems] == ["removed-candidate"]
    assert problems[0].cell == c and f"r{c // 9 + 1}c{c % 9 + 1}" in problems[0].message
    with pytest.raises(InconsistentState, match=f"r{c // 9 + 1}c{c % 9 + 1}"):
        logic.hint(bad)
    assert logic.steps(bad).status == "inconsistent"


def test_a_wrong_placed_value_is_named():
    sol = sudokit.solve(PUZZLE)
    state = State.of(PUZZLE)
    for c in range(81):
        wrong = [v for v in range(1, 10) if state.candidates[c] >> (v - 1) & 1 and v != sol.values[c]]
        if wrong:
            break
    bad = state.place(c, wrong[0])
    kinds = {p.kind for p in bad.problems()}
    assert "wrong-value" in kinds or "no-candidates" in kinds or "missing-value" in kinds
    name = f"r{c // 9 + 1}c{c % 9 + 1}"
    msgs = " ".join(p.message for p in bad.problems())
    if "wrong-value" in kinds:
        assert f"{name} holds {wrong[0]}" in msgs
    with pytest.raises(InconsistentState):
        logic.hint(bad)


def test_an_empty_cell_without_candidates_is_named():
    state = State.of(PUZZLE)
    c = PUZZLE.index(".")
    bad = state.eliminate([(c, v) for v in range(1, 10)])
    problems = bad.problems()
    assert problems[0].kind == "no-candidates" and problems[0].cell == c
    assert "has no candidate left" in problems[0].message


def test_clashing_impossible_and_ambiguous_puzzles():
    clash = "11" + "." * 79
    path = logic.steps(clash)
    assert path.status == "illegal" and "placed twice in row 1" in path.problems[0].message
    assert logic.steps("." * 81).status == "ambiguous"
    # legal givens, no solution: r1c9 can hold nothing (1-8 in its row, 9 in its column)
    impossible = "12345678." + "." * 8 + "9" + "." * 63
    assert logic.steps(impossible).status == "impossible"
    with pytest.raises(InconsistentState):
        logic.hint("." * 81)


# --- singles --------------------------------------------------------------------------------


def test_full_house_step_and_text():
    state = State.of("12345678." + "." * 72)
    step = next(singles.find_full_house(state))
    assert step.technique == "full-house" and step.placements == ((8, 9),)
    assert step.text == "r1c9 is the last empty cell of row 1, so it holds 9."
    assert step.se == 1.0 and step.level == "easy" and step.score == 4


def test_hidden_single_boxes_first():
    state = without(open_state(), 7, [c for c in range(81) if c // 27 == 0 and c % 9 < 3 and c != cell(2, 2)])
    step = next(singles.find_hidden_single(state))
    assert step.placements == ((cell(2, 2), 7),)
    assert step.text == "In box 1, 7 can only go in r2c2." and step.se == 1.2
    row = without(open_state(), 3, [cell(5, c) for c in range(1, 10) if c != 6])
    step = next(singles.find_hidden_single(row))
    assert step.placements == ((cell(5, 6), 3),) and step.se == 1.5
    assert step.text == "In row 5, 3 can only go in r5c6."


def test_naked_single_step():
    state = open_state().eliminate([(40, v) for v in range(1, 10) if v != 6])
    steps = list(singles.find_naked_single(state))
    assert [s.placements for s in steps] == [((40, 6),)]
    assert steps[0].text == "r5c5 can only hold 6: every other value is ruled out by its peers."


# --- locked candidates ----------------------------------------------------------------------


def test_pointing_removes_from_the_rest_of_the_line():
    box1 = [cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    state = without(open_state(), 5, [c for c in box1 if c not in (cell(1, 1), cell(1, 2))])
    steps = [s for s in intersections.find_pointing(state) if s.evidence["value"] == 5]
    assert len(steps) == 1
    step = steps[0]
    assert step.eliminations == tuple((cell(1, c), 5) for c in range(4, 10))
    assert step.text == ("In box 1, 5 can only go in r1c1 and r1c2, all in row 1; so 5 is "
                         "removed from the rest of row 1: r1c4, r1c5, r1c6, r1c7, r1c8 and r1c9.")
    assert step.se == 2.6 and step.name == "Locked Candidates (Pointing)"


def test_claiming_removes_from_the_rest_of_the_box():
    state = without(open_state(), 4, [cell(3, c) for c in range(4, 10)])
    steps = [s for s in intersections.find_claiming(state) if s.evidence["value"] == 4]
    assert len(steps) == 1
    assert steps[0].eliminations == tuple((cell(r, c), 4) for r in (1, 2) for c in (1, 2, 3))
    assert steps[0].evidence["units"] == [2, 18]  # row 3, box 1


# --- subsets --------------------------------------------------------------------------------


def test_naked_pair_in_a_row_and_box():
    state = open_state()
    a, b = cell(1, 1), cell(1, 2)
    state = state.eliminate([(c, v) for c in (a, b) for v in range(1, 10) if v not in (2, 8)])
    step = next(subsets.find_naked_pair(state))
    removed = {c for c, _ in step.eliminations}
    # the pair shares row 1 and box 1: both lose 2 and 8
    assert removed == ({cell(1, c) for c in range(3, 10)} | {cell(r, c) for r in (2, 3) for c in (1, 2, 3)})
    assert {v for _, v in step.eliminations} == {2, 8}
    assert step.text.startswith("In row 1, r1c1 and r1c2 hold only 2 and 8 between them")


def test_hidden_pair_and_triple():
    state = open_state()
    keep = [cell(9, 3), cell(9, 7)]
    state = state.eliminate([(c, v) for c in range(72, 81) if c not in keep for v in (1, 9)])
    step = next(subsets.find_hidden_pair(state))
    assert step.evidence["cells"] == keep and step.evidence["values"] == [1, 9]
    assert set(step.eliminations) == {(c, v) for c in keep for v in range(2, 9)}
    assert step.text.startswith("In row 9, 1 and 9 can only go in r9c3 and r9c7")
    three = [cell(1, 5), cell(4, 5), cell(8, 5)]
    state = open_state().eliminate([(cell(r, 5), v) for r in range(1, 10) if cell(r, 5) not in three
                                    for v in (3, 5, 7)])
    step = next(subsets.find_hidden_triple(state))
    assert step.evidence["cells"] == three and step.evidence["values"] == [3, 5, 7]


def test_naked_and_hidden_quads():
    four = [cell(2, c) for c in (1, 3, 5, 9)]
    state = open_state().eliminate([(c, v) for c in four for v in range(1, 10) if v not in (1, 2, 3, 4)])
    step = next(subsets.find_naked_quad(state))
    assert step.evidence["cells"] == four and step.evidence["values"] == [1, 2, 3, 4]
    assert {c for c, _ in step.eliminations} == {cell(2, c) for c in (2, 4, 6, 7, 8)}
    state = open_state().eliminate([(c, v) for c in range(9, 18) if c not in four for v in (5, 6, 7, 8)])
    step = next(subsets.find_hidden_quad(state))
    assert step.evidence["cells"] == four and step.evidence["values"] == [5, 6, 7, 8]


# --- steps as data, the ladder, the API -------------------------------------------------------


def test_closed_sets_against_a_set_count():
    """core.bits.closed_sets, the one subset search of the three policies, against sets of
    values counted directly, in both orders it is asked with."""
    from itertools import combinations

    from sudokit.logic.core.bits import closed_sets, in_colex, values_of

    rng = random.Random(30)
    found = 0
    for _ in range(300):
        masks = [rng.choice((0, 1, 3, 5, 6, 7, 12, 20, 48, 96, 257, 511)) for _ in range(9)]
        items = [i for i in range(9) if masks[i]]
        for k in (2, 3, 4):
            want = [(g, sum(1 << (v - 1) for v in set().union(*(values_of(masks[i]) for i in g))))
                    for g in combinations(items, k)
                    if len(set().union(*(values_of(masks[i]) for i in g))) == k]
            assert closed_sets(items, masks, k) == want
            pool = [masks[i] for i in items]
            got = closed_sets(range(len(pool)), pool, k, in_colex)
            assert sorted((tuple(items[j] for j in g), u) for g, u in got) == sorted(want)
            keys = [sum(1 << j for j in g) for g, _ in got]
            assert keys == sorted(keys)  # SE's order: increasing bit mask
            found += len(want)
    assert found > 100


def test_step_json_round_trip_and_frozen_evidence():
    step = logic.hint(PUZZLE)
    obj = json.loads(json.dumps(step.to_json()))
    assert obj["technique"] == step.technique and obj["placements"] == [list(p) for p in step.placements]
    assert set(obj) >= {"technique", "name", "placements", "eliminations", "evidence", "text", "se",
                        "level", "score"}
    assert Step.from_json(obj) == step
    with pytest.raises(TypeError):
        step.evidence["cells"] = []
    with pytest.raises(ValueError, match="unknown technique 'zz'"):
        Step.from_json(dict(obj, technique="zz"))


def test_ladder_order_and_ids():
    ids = [t.id for t in logic.ladder()]
    assert ids[:3] == ["full-house", "hidden-single", "naked-single"]
    assert ids.index("pointing") < ids.index("claiming") < ids.index("naked-pair")
    assert ids.index("naked-pair") < ids.index("hidden-pair") < ids.index("naked-triple")
    ranks = [t.rank for t in logic.ladder()]
    assert ranks == sorted(ranks) and len(set(ids)) == len(ids)
    for t in logic.ladder():
        assert t.level in logic.LEVELS and t.score > 0 and t.se > 0


def test_techniques_chosen_by_id():
    all_steps = logic.hint(PUZZLE, all=True)
    assert all_steps and {s.technique for s in all_steps} == {all_steps[0].technique}
    only = logic.hint(PUZZLE, techniques=["naked-single"])
    assert only is None or only.technique == "naked-single"
    without_hidden = logic.hint(PUZZLE, exclude=["hidden-single", "full-house"])
    assert without_hidden.technique not in ("hidden-single", "full-house")
    with pytest.raises(ValueError, match="unknown technique 'x-wingz'"):
        logic.hint(PUZZLE, techniques=["x-wingz"])
    with pytest.raises(TypeError):
        logic.hint(PUZZLE, techniques="naked-single")


def test_path_statuses():
    path = logic.steps(PUZZLE)
    assert path.status == "solved" and path.state.is_solved()
    assert path.state.values == sudokit.solve(PUZZLE).values
    assert assert_sound(path.steps, sudokit.solve(PUZZLE)) == len(path.steps)
    assert logic.steps(PUZZLE, max_steps=3).status == "limit"
    stuck = logic.steps(PUZZLE, techniques=["naked-single"])
    assert stuck.status in ("stuck", "solved")
    assert logic.apply(PUZZLE, path.steps[0]) == State.of(PUZZLE).apply(path.steps[0])
    assert path.hardest.se == max(s.se for s in path.steps)
    assert json.loads(json.dumps(path.to_json()))["status"] == "solved"


# --- soundness on many puzzles -----------------------------------------------------------------


def _sample(name: str, k: int, seed: int = 15):
    path = shared_file(name)
    lines = [l.split()[0] for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return random.Random(seed).sample(lines, min(k, len(lines)))


@pytest.mark.parametrize("name,k", [("puzzles3_magictour_top1465", 15), ("puzzles2_17_clue", 25)])
def test_no_step_is_ever_wrong(name, k):
    checked = 0
    for p in _sample(name, k):
        path = logic.steps(p)
        assert path.status in ("solved", "stuck")
        checked += assert_sound(path.steps, sudokit.solve(p))
    assert checked > k * 20  # (the whole ladder: the slow test below takes thousands)


# The large-scale soundness run of issue #15: 50,375 puzzles in all, every step of each
# whole path checked against the solution (1,465 + 47,000 + 300 + 300 from the shared
# sets, 1,310 generated ones of the sizes and rules the techniques support).  About an
# hour of CPU: the forum-hardest puzzles need forcing chains (seconds each).
#     python -m pytest -m slow -k "ever_wrong_many or generated_many" tests/logic/core/test_logic_core.py
@pytest.mark.slow
@pytest.mark.parametrize("name,k", [("puzzles3_magictour_top1465", 1465), ("puzzles2_17_clue", 47000),
                                    ("puzzles6_forum_hardest_1106", 300),
                                    ("puzzles5_forum_hardest_1905_11+", 300)])
def test_no_step_is_ever_wrong_many(name, k):
    puzzles = _sample(name, k)
    assert len(puzzles) == k
    steps = 0
    for p in puzzles:
        steps += assert_sound(logic.steps(p).steps, sudokit.solve(p))
    assert steps >= k


@pytest.mark.slow
@pytest.mark.parametrize("spec,k", [("2x2", 300), ("2x3", 300), ("3x2", 200), ("2x4", 200),
                                    ("3x3+x", 60), ("3x3+windoku", 100), ("3x3+antiknight", 30),
                                    ("2x3+antiking", 100), ("4x4", 20)])
def test_no_step_is_ever_wrong_generated_many(spec, k):
    geom = parse(spec)
    done = 0
    for g in sudokit.generate(geometry=geom, count=k, seed=2026):
        assert_sound(logic.steps(g.puzzle).steps, g.solution)
        done += 1
    assert done == k


@pytest.mark.parametrize("spec", ["2x2", "2x3", "3x2", "2x4", "4x4", "3x3+x", "3x3+windoku",
                                  "3x3+antiknight", "2x3+antiking"])
def test_every_size_and_variant_is_sound(spec):
    geom = parse(spec)
    for g in sudokit.generate(geometry=geom, count=1 if geom.size == 9 else 2, seed=7):
        path = logic.steps(g.puzzle)
        assert path.status in ("solved", "stuck")
        assert assert_sound(path.steps, g.solution) == len(path.steps) > 0
        if path.status == "solved":
            assert path.state.values == g.solution.values


def test_jigsaw_hints_use_regions():
    from conftest import TESTDATA
    rows = (TESTDATA / "variants" / "sgt_jigsaw.txt").read_text().splitlines()[:8]
    kinds = set()
    for line in rows:
        _, _, regions, puzzle, solution = line.split(";")
        geom = jigsaw(regions)
        path = logic.steps(sudokit.Grid(puzzle, geometry=geom))
        assert path.status in ("solved", "stuck")
        sol = sudokit.Grid(solution, geometry=geom)
        assert assert_sound(path.steps, sol) == len(path.steps) > 0
        kinds |= {path.start.tables.kind[s.evidence["unit"]] for s in path.steps if "unit" in s.evidence}
    assert "region" in kinds and "box" not in kinds


def test_16x16_hint_and_path():
    g = sudokit.generate(box="4x4", seed=5)[0]
    path = logic.steps(g.puzzle)
    assert assert_sound(path.steps, g.solution) == len(path.steps) > 0
    step = path.steps[0]
    assert step.text and all(0 <= c < 256 and 1 <= v <= 16 for c, v in step.placements)
