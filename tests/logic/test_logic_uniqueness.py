"""Uniqueness techniques (issue #15): unique rectangles 1-4, hidden rectangle, BUG+1.

Each technique's step is pinned on a pencil-mark state (HoDoKu exemplars after singles,
checked by hand: the rectangle, its two boxes, the candidates that make the step).  They
rest on the puzzle having one solution: they never fire when the givens have several, never
use a given, and refuse geometries where swapping the rectangle's values could break a rule.
"""

from __future__ import annotations

import pytest

import sudokit
from sudokit import logic
from sudokit.geometry import jigsaw, parse
from sudokit.logic import State
from sudokit.logic.techniques import uniqueness
from sudokit.logic.techniques.uniqueness import (
    find_bug_plus_1, find_hidden_rectangle, find_unique_rectangle_1, find_unique_rectangle_2,
    find_unique_rectangle_3, find_unique_rectangle_4)

from _logic_families import check_path, hit_rate, sample
from conftest import TESTDATA

FINDERS = (find_unique_rectangle_1, find_unique_rectangle_2, find_unique_rectangle_3,
           find_unique_rectangle_4, find_hidden_rectangle, find_bug_plus_1)
IDS = ("unique-rectangle-1", "unique-rectangle-2", "unique-rectangle-3", "unique-rectangle-4",
       "hidden-rectangle", "bug-plus-1")

# HoDoKu exemplars (#0600 ...) after singles, as pencil-mark lines
UR1 = ("...4...........7...2...6.....3.......2......9....5...91.........2..56..........8."
       ".......8.....5....12...6......4......2....7..1.....7...23..6...........9.23......"
       "..3..............912..............8......6...1...5.......4......2..5..........7.."
       "1..........3.........4......2..............8......67......5.........67..........9"
       ".2..............8.....5....1..............7.9.....67.9.....67....3.........4....."
       "........9.....6.........7......5......3.........4......2.....8..2.....8.1........"
       ".....6....2..............8.......7..1..........3..............9...4.........5...."
       "....5....1..........3..............9...4......2.............78.......78......6..."
       "......7.....4.............9.....6.......5...........8..23......1.........23......")
UR2 = ("....5..8....4......2.......1................9..3....8......6.....3.5..........7.."
       "....5..8......6...........9...4.......3....8.......7..1.........2.........3.5...."
       "......7..1..........3.......2...........5.........6......4............8.........9"
       "...4.............9.....678...3...........6.8.....5..........78.1.........2......."
       "1..........3...........6.8.......7...2..........4...8.........9....56......45...."
       ".2...........5.........678.........91....6.8.1..4...8.......78...3..6.....34....."
       ".....6.........7.....4.........5....1.3......1.3.......2...............9.......8."
       "..3.......2.......1...............8....4.............9....5..........7.......6..."
       "........9.......8.....5.........6.........7...2.........3.........4.....1........")
UR3 = ("1...............8......6....2.45.7...2..5.7....34......23.........4..7..........9"
       "..3...7...2.4.........5............9.....6..........8..23.........4..7..1........"
       "..3...7...2.4.............9.2.4..7..12....7..1.34............8.....5.........6..."
       ".......8.....5.......4..........6...........9......7..1..........3.......2......."
       ".....6...1..............7.........8...3.......2..........4.............9....5...."
       "........9..3.......2.......1...........4.........5.........6..........8.......7.."
       ".2.............7..1..........3.............8.........9....5.........6......4....."
       "...4.............9.......8..2..5.....2..5.........6.........7..1..........3......"
       "....5.........6.....3.........4..7..1.....7..1..4.............9.2..............8.")
UR4 = ("12..5....1.....7..........9...4.....12..5.........6.....3.............8..2....7.."
       "12.....8.1..4..78.1..4..7....3......12...............9....5.........6....2....7.."
       ".23.5.........6.....3.5...........8..2..5..........7..1...........4.............9"
       "....5..8.......78.....5.7...2...............9...4..........6.....3......1........"
       "1.3.......2.......1.3..........5.........6..........8.........9......7.....4....."
       "...4.............9.....6...1..............7....3.......2...........5...........8."
       "........9....5...........8.......7....3.......2..........4.....1.............6..."
       "......7....3.......2............6......4.....1...............8.........9....5...."
       ".....6...1..4.....1..4.............9.......8.....5..........7...2.........3......")
HR = ("..3..............9...4..........6..........8..2.......1............5..........7.."
      ".....6...1...............8.......7....3..........5.......4......2...............9"
      "....5.....2.............7.....4.....1.......91.......9..3...........6..........8."
      "1............5......3.......2......9...4...........7...2.....89.......89.....6..."
      "...4...........7...2......9....5.........6..........8..2......9..3......1........"
      ".......8......6....2......9123.....912......91.3.....9......7.....4.........5...."
      "......7....3...........6..........8.1...5...9...4.........5...91.......9.2......."
      "........9...4.........5....12.......12....7..1....6........6.8.1.....78...3......"
      ".2..............8.1..........3.....9....5.7.9..3..6..9....56..9......7.9...4.....")
BUG = (".2....7..........9.2..5.........6...1..........3..........5.7.........8....4....."
       ".....6.8....4...8....4.6....2...........5..........7..1..........3..............9"
       "..3..........5.7..1...............8....4.............9.2...........56........67.."
       "........9.....6..........8.....5..........7..1...........4......2.........3......"
       "...4.......3............7..........9.2............6..........8.1............5...."
       "1.........2..5.....2..5......3.............8....4...........7.9.....6..9.....67.."
       ".....67.....4..7....34.6...1................9.2.........3.5.......45...........8."
       ".2.....8..2.....8.........9...4.......3..........5.........6.........7..1........"
       "....5....1..........34...........7.......6..........8...3.....9...4....9.2.......")


def _hint(line: str, technique: str):
    """The first step of technique on a pencil-mark state (consistency checked)."""
    return logic.hint(State.from_pencilmarks(line), techniques=[technique])


# --- hand-checked steps ---------------------------------------------------------------------


def test_pencil_mark_lines_are_whole():
    for line in (UR1, UR2, UR3, UR4, HR, BUG):
        assert len(line) == 729


def test_unique_rectangle_1():
    # r2c7 {2,3,6}, r2c9 {2,3}, r9c7 {2,3}, r9c9 {2,3}: rows 2 and 9, boxes 3 and 9
    step = _hint(UR1, "unique-rectangle-1")
    assert step.technique == "unique-rectangle-1" and step.se == 4.5
    assert step.eliminations == ((15, 2), (15, 3)) and step.placements == ()
    assert step.evidence["cells"] == [15, 17, 78, 80] and step.evidence["values"] == [2, 3]
    assert step.text == (
        "Unique rectangle r2c7, r2c9, r9c7 and r9c9 on 2 and 3: if r2c7 held 2 or 3, the four "
        "cells could swap them and the puzzle would have two solutions; as the puzzle has one "
        "solution, 2 and 3 are removed from r2c7.")
    assert step.level == "hard" and step.score == 100


def test_unique_rectangle_2():
    # r4c3 {6,7,8}, r6c3 {6,7,8}, r4c7 {7,8}, r6c7 {7,8}: 6 is in r4c3 or r6c3; r5c3 sees both
    step = _hint(UR2, "unique-rectangle-2")
    assert step.eliminations == ((38, 6),)
    assert step.evidence["extra"] == [29, 47] and step.evidence["value"] == 6
    assert step.text == (
        "Unique rectangle r4c3, r4c7, r6c3 and r6c7 on 7 and 8: one of r4c3 and r6c3 must hold "
        "6, or the four cells could swap 7 and 8 and the puzzle would have two solutions (it "
        "has one); so 6 is removed from r5c3.")


def test_unique_rectangle_3():
    # r1c4 {2,4,5,7} and r1c5 {2,5,7} (over r8c4, r8c5 {2,5}) act as one cell {4,7}; with
    # r1c6 {3,4} and r1c8 {4,7} a naked triple 3, 4, 7 in row 1: 3 leaves r1c7 {2,3}
    step = _hint(UR3, "unique-rectangle-3")
    assert step.eliminations == ((6, 3),) and step.se == 4.7
    assert step.evidence["subset"] == [5, 7] and step.evidence["subset_values"] == [3, 4, 7]
    assert step.text == (
        "Unique rectangle r1c4, r1c5, r8c4 and r8c5 on 2 and 5: r1c4 or r1c5 must hold 4 or 7 "
        "(else a second solution; the puzzle has one solution), so with r1c6 and r1c8 they "
        "make a naked triple of 3, 4 and 7 in row 1: 3 from r1c7 removed.")
    pair = [s for s in find_unique_rectangle_3(State.from_pencilmarks(UR3))
            if s.evidence["subset"] == [7]]
    assert pair and pair[0].eliminations == ((5, 4),) and pair[0].se == 4.6


def test_unique_rectangle_4():
    # r2c2 {1,4,7,8}, r2c3 {1,4,7} over r9c2, r9c3 {1,4}: in row 2, 4 only in r2c2 and r2c3
    step = _hint(UR4, "unique-rectangle-4")
    assert step.eliminations == ((10, 1), (11, 1))
    assert step.evidence["unit"] == 1 and step.evidence["value"] == 4
    assert step.text == (
        "Unique rectangle r2c2, r2c3, r9c2 and r9c3 on 1 and 4: in row 2, 4 can only go in "
        "r2c2 or r2c3; with 1 in the other the four cells could swap 1 and 4 and the puzzle "
        "would have two solutions (it has one), so 1 is removed from r2c2 and r2c3.")


def test_hidden_rectangle():
    # r9c4 {3,9}; in row 6 and col 6, 3 only in the rectangle: 9 in r6c6 forces r6c4 = 3,
    # r9c6 = 3, r9c4 = 9, the swappable pattern
    step = _hint(HR, "hidden-rectangle")
    assert step.eliminations == ((50, 9),)
    assert step.evidence["corner"] == 75 and step.evidence["value"] == 3
    assert step.text == (
        "Hidden rectangle r6c4, r6c6, r9c4 and r9c6 on 3 and 9: r9c4 holds only those two, and "
        "3 can only go in the rectangle in row 6 and col 6; 9 in r6c6 would force the "
        "swappable pattern and a second solution (the puzzle has one solution), so 9 is "
        "removed from r6c6.")


def test_bug_plus_1():
    # every empty cell bivalue but r7c3 {3,4,6}; 4 has three places in row 7, col 3, box 7
    step = _hint(BUG, "bug-plus-1")
    assert step.placements == ((56, 4),) and step.eliminations == () and step.se == 5.6
    assert step.text == (
        "Every empty cell but r7c3 holds two candidates: if r7c3 were not 4, every value would "
        "have two places in each unit, a pattern with no or several solutions; as the puzzle "
        "has one solution, r7c3 holds 4.")


def test_ladder_ranks_and_flags():
    for tid, rank in zip(IDS, (140, 141, 142, 143, 144, 180)):
        t = logic.technique(tid)
        assert t.rank == rank and t.needs_unique and t.family == "uniqueness"
        assert (t.level, t.score) == ("hard", 100)


# --- one solution, no givens -------------------------------------------------------------------


def _with_givens(state: State, givens) -> State:
    return State(state.geometry, state.values, state.candidates, givens)


def test_nothing_when_the_givens_have_several_solutions():
    puzzle = "...3..1.8.5.4...9.39..6...7.342..............96..3...1..871...5.....2....4.6.8..."
    state = State.from_pencilmarks(UR1)
    assert list(find_unique_rectangle_1(state))
    loose = list(sudokit.Grid(puzzle).values)
    for c in range(81):  # drop givens until the puzzle has several solutions
        if loose[c]:
            loose[c] = 0
            if sudokit.count_solutions(sudokit.Grid(loose), limit=2) > 1:
                break
    assert sudokit.count_solutions(sudokit.Grid(loose), limit=2) == 2
    ambiguous = _with_givens(state, loose)
    for find in FINDERS:
        assert list(find(ambiguous)) == []
    assert logic.hint(ambiguous, techniques=list(IDS), check=False) is None
    assert logic.steps(sudokit.Grid(loose)).status == "ambiguous"


def test_nothing_on_a_deadly_pattern_with_two_solutions():
    # a solution with a rectangle a b / b a in two boxes: blank those four cells and mark them
    # as a unique rectangle 1 would need; the puzzle has two solutions, nothing may fire
    sol = sudokit.solve(sample("puzzles3_magictour_top1465", 1, seed=3)[0]).values
    rect = None
    for a, b, c, d in uniqueness._rectangles(parse("3x3")):
        if sol[a] == sol[d] and sol[b] == sol[c]:
            rect = (a, b, c, d)
            break
    assert rect is not None
    x, y = sol[rect[0]], sol[rect[1]]
    values = [0 if i in rect else v for i, v in enumerate(sol)]
    assert sudokit.count_solutions(sudokit.Grid(values), limit=3) == 2
    spare = next(v for v in range(1, 10) if v not in (x, y))
    masks = [0] * 81
    for i in rect:
        masks[i] = (1 << (x - 1)) | (1 << (y - 1))
    masks[rect[3]] |= 1 << (spare - 1)
    state = State.from_marks(sudokit.Grid(values), masks)
    for find in FINDERS:
        assert list(find(state)) == []


def test_givens_are_never_part_of_a_rectangle():
    state = State.from_pencilmarks(UR1)
    givens = list(state.givens)
    givens[15] = 6  # r2c7's value, as if it were a given (a state read from JSON may say so)
    assert list(find_unique_rectangle_1(_with_givens(state, givens))) == []


# --- geometries ------------------------------------------------------------------------------


def _rectangles_by_regions(geometry):
    """Rectangles of four cells in two rows, two cols and two regions (sides in regions)."""
    n, reg = geometry.size, geometry.regions
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    a, b, c, d = r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2
                    if (reg[a] == reg[b] and reg[c] == reg[d] and reg[a] != reg[c]) or \
                            (reg[a] == reg[c] and reg[b] == reg[d] and reg[a] != reg[b]):
                        out.append((a, b, c, d))
    return out


def test_rectangles_on_classic_and_variant_geometries():
    assert len(uniqueness._rectangles(parse("3x3"))) == 486
    assert sorted(uniqueness._rectangles(parse("4x4"))) == sorted(_rectangles_by_regions(parse("4x4")))
    assert uniqueness._rectangles(parse("3x3+antiknight")) == ()  # every cell has knight pairs
    for spec in ("3x3+x", "3x3+windoku"):
        geom = parse(spec)
        rects = uniqueness._rectangles(geom)
        assert 0 < len(rects) < 486
        for rect in rects:  # every unit meets the rectangle in nothing or one side
            for cells in geom.units:
                inside = [c for c in rect if c in cells]
                assert len(inside) in (0, 2)
                if inside:
                    p, q = inside
                    assert p // 9 == q // 9 or p % 9 == q % 9


def _ur1_case(puzzle, solution, geometry):
    """(state, rect, x, y): the solution placed but for a usable rectangle with no given whose
    cells b and c hold the same value; a, b, c hold {x, y}, d also its own value."""
    sol, givens = solution.values, puzzle.values
    for a, b, c, d in _rectangles_by_regions(geometry):
        if sol[b] == sol[c] and not (givens[a] or givens[b] or givens[c] or givens[d]):
            x, y = sorted((sol[a], sol[b]))
            pair = (1 << (x - 1)) | (1 << (y - 1))
            values = [0 if i in (a, b, c, d) else v for i, v in enumerate(sol)]
            masks = [0] * len(sol)
            masks[a] = masks[b] = masks[c] = pair
            masks[d] = pair | 1 << (sol[d] - 1)
            state = State(geometry, values, masks, givens)
            return state, (a, b, c, d), x, y
    raise AssertionError("no rectangle found")


def test_unique_rectangle_on_16x16():
    g = sudokit.generate(box="4x4", seed=5)[0]
    state, rect, x, y = _ur1_case(g.puzzle, g.solution, parse("4x4"))
    assert state.problems() == []
    step = logic.hint(state, techniques=["unique-rectangle-1"])
    assert step.eliminations == ((rect[3], x), (rect[3], y))
    assert step.evidence["cells"] == sorted(rect)


def _jigsaw_rows(k: int):
    rows = (TESTDATA / "variants" / "sgt_jigsaw.txt").read_text().splitlines()
    for line in rows[:k]:
        _, rules, regions, puzzle, solution = line.split(";")
        if rules == "-":
            geom = jigsaw(regions)
            yield geom, sudokit.Grid(puzzle, geometry=geom), sudokit.Grid(solution, geometry=geom)


def test_unique_rectangle_on_a_jigsaw():
    geom, puzzle, solution = next(_jigsaw_rows(1))
    state, rect, x, y = _ur1_case(puzzle, solution, geom)
    assert state.problems() == []
    step = logic.hint(state, techniques=["unique-rectangle-1"])
    assert step.eliminations == ((rect[3], x), (rect[3], y))
    kinds = {state.tables.kind[u] for c in rect for u in state.tables.cell_units[c]}
    assert kinds == {"row", "col", "region"}


def test_a_unit_through_one_corner_refuses_the_rectangle():
    state = State.from_pencilmarks(UR1)
    sol = sudokit.solve(state.puzzle()).values
    corner, outside = 15, 0  # r2c7 and r1c1: they hold different values in the solution
    assert sol[corner] != sol[outside]
    crossed = state.geometry.with_units((corner, outside))
    side = state.geometry.with_units((15, 17))  # r2c7, r2c9: one side of the rectangle
    again = lambda g: State(g, state.values, state.candidates, state.givens)  # noqa: E731
    assert list(find_unique_rectangle_1(again(crossed))) == []
    assert [s.eliminations for s in find_unique_rectangle_1(again(side))] == [((15, 2), (15, 3))]


def test_bug_plus_1_needs_full_units_and_no_pairs():
    state = State.from_pencilmarks(BUG)
    sol = sudokit.solve(state.puzzle()).values
    pair = next((p, q) for p in range(81) for q in range(p + 1, 81)
                if sol[p] != sol[q] and not set(state.tables.cell_units[p]) & set(state.tables.cell_units[q]))
    small = State(state.geometry.with_units(pair), state.values, state.candidates, state.givens)
    paired = State(state.geometry.with_pairs(pair), state.values, state.candidates, state.givens)
    assert [s.placements for s in find_bug_plus_1(state)] == [((56, 4),)]
    assert list(find_bug_plus_1(small)) == [] and list(find_bug_plus_1(paired)) == []


# --- exemplars and soundness -------------------------------------------------------------------

# section -> (technique, hits measured when the family was written, puzzles, ids it needs)
SECTIONS = {
    "0600": ("unique-rectangle-1", 8, 8, ()),
    "0601": ("unique-rectangle-2", 25, 25, ()),
    "0602": ("unique-rectangle-3", 26, 26, ()),
    "0603": ("unique-rectangle-4", 6, 6, ()),
    # type 5 (unique-rectangle-2 here): HoDoKu's simple set first, X-Wing and XY-Wing included
    "0604": ("unique-rectangle-2", 5, 5, ("x-wing", "xy-wing")),
    "0606": ("hidden-rectangle", 4, 4, ()),
    "0610": ("bug-plus-1", 5, 5, ()),
}


@pytest.mark.parametrize("code", sorted(SECTIONS))
def test_exemplar_hit_rate(code, capsys):
    target, floor, total, needs = SECTIONS[code]
    missing = [i for i in needs if i not in {t.id for t in logic.ladder()}]
    if missing:
        pytest.skip(f"#{code} needs {', '.join(missing)} in the ladder")
    hits, count = hit_rate(code, target)
    with capsys.disabled():
        print(f"\n#{code} {target}: {hits}/{count}")
    assert count == total and hits >= floor


def _uniqueness_steps_are_sound(puzzles):
    used = set()
    for p in puzzles:
        path, pairs = check_path(p)
        for state, step in pairs:
            if step.technique in IDS:
                used.add(step.technique)
                for c in step.evidence["cells"]:
                    assert not state.values[c] and not state.givens[c]
    return used


def test_no_uniqueness_step_is_wrong():
    used = _uniqueness_steps_are_sound(sample("puzzles2_17_clue", 40) +
                                       sample("puzzles3_magictour_top1465", 12))
    assert "unique-rectangle-1" in used


def test_generated_variants_are_sound():
    for spec in ("3x3+x", "3x3+windoku", "2x3", "4x4"):
        for g in sudokit.generate(geometry=parse(spec), count=1, seed=11):
            check_path(g.puzzle, g.solution)
    for geom, puzzle, solution in _jigsaw_rows(6):
        check_path(puzzle, solution)


@pytest.mark.slow
def test_no_uniqueness_step_is_wrong_many():
    used = _uniqueness_steps_are_sound(sample("puzzles2_17_clue", 1500) +
                                       sample("puzzles3_magictour_top1465", 400))
    assert set(IDS) - used <= {"bug-plus-1", "unique-rectangle-3"}
