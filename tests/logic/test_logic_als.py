"""Almost locked sets (issue #15): ALS-XZ (singly and doubly linked) and ALS-XY-Wing.

Hand-checked steps on HoDoKu exemplars and on pencil-mark sheets built for the purpose
(9x9, 16x16); an independent enumeration (every subset of every unit, restricted commons
cell by cell) must find exactly the eliminations the technique finds; every step on shared
puzzles agrees with the solution.
"""

from __future__ import annotations

from itertools import combinations

import pytest

import sudokit
from sudokit import logic
from sudokit.geometry import jigsaw
from sudokit.logic import State
from sudokit.logic.techniques.als import (almost_locked_sets, find_als_xy_wing, find_als_xz,
                                          restricted_commons)

from _logic_families import SIMPLE, check_path, hit_rate, run, sample
from conftest import TESTDATA

# HoDoKu exemplars #0901 (after singles) and #0902 (after singles, locked candidates, subsets)
ALS_XZ = ("1.3....89.2..........4.....1.3.5..8......6...1...5..........7....3....89....5..89"
          "....5......3..6.8.......7.....4......23....8.........9.23..6.8.1.........2.....8."
          "1.3..6.891.3..6.891.3.....9123.5..8.......7..12..5.....234.6.89.23....89.2.45..89"
          "123..6...1.3..6.......5....123..............9...4......2.....8.......7..12.....8."
          "...4...........7..12......9.....6...12..............8.....5.....2......9..3......"
          "123.....91.3.....9.......8.123.5....123.5..........7...2.4....9.....6...12.4....9"
          "......7..1.3....89123.....912..5..8912..5..8.12..5.....23....89...4..........6..."
          "12.....89...4..........6...12.....8912.....8...3.......2.....89....5..........7.."
          ".23....89....5.....23.....9......7.....4..........6...1.........23....89.2.....89")
ALS_XY = (".......8.....56........6..9.2...6..9...4.......3.......2..567......5.7.91........"
          "...4.6..9..3......1.........2...6..9....5..........7...2.4.6......4....9.......8."
          "...456..9......7...2.......1...............89.....6.8...3456.....345...9..3.56..9"
          ".2...67..........9..3..........5....1.........2.4.6.8....4.678....4..78..2...6..."
          ".2...67...2.4.6.......5.........6..9......789.2.4.6.8...34.678.1.........23..6..9"
          "1...............8....4.6.....3............7.9.2.4.6......4567.....45.7.9.2..56..9"
          ".2..5...9.2.45.......4....9...4...8..23......1..........3.5..8......6.........7.."
          ".2..56....2.456.........7.....4...8..23..............91..........3.5..8...3.5...."
          "..3......1...............8.......7.......6.......5............9.2..........4.....")


def _marks(size: int, marks: dict) -> State:
    """An empty grid where every cell holds every value but the cells of marks."""
    full = (1 << size) - 1
    masks = [full] * (size * size)
    for cell, values in marks.items():
        masks[cell] = sum(1 << (v - 1) for v in values)
    return State.from_marks(sudokit.Grid([0] * size * size, {9: "3x3", 16: "4x4"}[size]), masks)


# --- hand-checked steps ------------------------------------------------------------------------


def test_als_xz_singly_linked():
    # A = r4c7 {2,8}, r5c8 {2,9} (box 6); B = r1c8 {3,8,9}, r2c9 {2,8}, r3c8 {2,3,8,9} (box 3).
    # 9 of A (r5c8) sees every 9 of B (col 8): one of them lacks 9, so 8 is in A or B;
    # r2c7 and r3c7 see r4c7 (col 7) and every 8 of B (box 3)
    step = logic.hint(State.from_pencilmarks(ALS_XZ), techniques=["als-xz"])
    assert step.eliminations == ((15, 8), (24, 8)) and step.se == 7.5
    assert step.evidence["als"] == [[33, 43], [7, 17, 25]]
    assert step.evidence["values"] == [9] and step.evidence["z"] == [8]
    assert not step.evidence["doubly"]
    assert step.text == (
        "Almost locked sets {r4c7, r5c8} in box 6 (2, 8 and 9) and {r1c8, r2c9, r3c8} in box 3 "
        "(2, 3, 8 and 9) cannot both hold 9 (every 9 of one sees every 9 of the other), so one "
        "of them is locked without it and 8 goes in one of them: 8 from r2c7 and r3c7 removed.")
    assert (step.level, step.score) == ("unfair", 300)


def test_als_xz_doubly_linked():
    # A = r1c1 {1,4}, r1c2 {2,4}; B = r5c1 {1,5}, r5c2 {2,5}: 1 (col 1) and 2 (col 2) are both
    # restricted commons, so A holds 4 and B holds 5, and 1 and 2 are each in A or B
    state = _marks(9, {0: (1, 4), 1: (2, 4), 36: (1, 5), 37: (2, 5)})
    step = next(s for s in find_als_xz(state) if s.evidence["als"] == [[0, 1], [36, 37]])
    assert step.evidence["doubly"] and step.evidence["values"] == [1, 2]
    col1, col2 = [9, 18, 27, 45, 54, 63, 72], [10, 19, 28, 46, 55, 64, 73]
    row1_box1 = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20]
    row5_box4 = [27, 28, 29, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47]
    want = {(c, 1) for c in col1} | {(c, 2) for c in col2} | {(c, 4) for c in row1_box1} | \
        {(c, 5) for c in row5_box4}
    assert set(step.eliminations) == want
    assert step.text.startswith(
        "Almost locked sets {r1c1, r1c2} in row 1 (1, 2 and 4) and {r5c1, r5c2} in row 5 (1, 2 "
        "and 5) cannot both hold 1, nor both hold 2, so each is locked without one of them and "
        "holds all its other values: 1 from r2c1, r3c1, r4c1, r6c1, r7c1, r8c1 and r9c1, ")


def test_als_xy_wing():
    # C = r3c6 {6,8}; A = r3c5 {8,9}, r6c5 {7,9} (col 5) shares 8 with C (row 3); B = r1c8,
    # r2c8, r3c7, r3c8, r3c9 (box 3, 3 4 5 6 7 9) shares 6 with C (row 3).  C holds 8 or 6, so
    # A or B is locked and holds 7: r6c8 sees r6c5 (row 6) and r1c8 (col 8), the 7s of A and B
    step = logic.hint(State.from_pencilmarks(ALS_XY), techniques=["als-xy-wing"])
    assert step.eliminations == ((52, 7),) and step.se == 7.8
    assert step.evidence["als"] == [[22, 49], [7, 16, 24, 25, 26], [23]]
    assert step.evidence["values"] == [8, 6] and step.evidence["z"] == [7]
    assert step.text == (
        "Almost locked set r3c6 (6 and 8) holds 8 or 6; {r3c5, r6c5} in col 5 (7, 8 and 9) "
        "cannot share its 8 and {r1c8, r2c8, r3c7, r3c8, r3c9} in box 3 (3, 4, 5, 6, 7 and 9) "
        "cannot share its 6, so one of those two is locked and 7 goes in one of them: 7 from "
        "r6c8 removed.")
    assert (step.level, step.score) == ("unfair", 320)


def test_als_xz_on_16x16():
    # A = r1c1 {1,2}; B = r1c5 {1,3}, r2c6 {2,3} (box 2 of 4x4 boxes); 1 links them (row 1);
    # 2 is in A or B: it leaves the cells that see r1c1 and r2c6
    state = _marks(16, {0: (1, 2), 4: (1, 3), 21: (2, 3)})
    step = next(s for s in find_als_xz(state) if s.evidence["als"] == [[0], [4, 21]])
    assert step.eliminations == tuple((c, 2) for c in (5, 6, 7, 16, 17, 18, 19))
    assert step.text == (
        "Almost locked sets r1c1 (1 and 2) and {r1c5, r2c6} in box 2 (1, 2 and 3) cannot both "
        "hold 1 (every 1 of one sees every 1 of the other), so one of them is locked without "
        "it and 2 goes in one of them: 2 from r1c6, r1c7, r1c8, r2c1, r2c2, r2c3 and r2c4 "
        "removed.")


def test_almost_locked_sets_and_restricted_commons():
    state = _marks(9, {0: (1, 4), 1: (2, 4), 36: (1, 5), 37: (2, 5)})
    sets = almost_locked_sets(state)
    cells = [sum(1 << c for c in cs) for cs in ([0], [1], [36], [37], [0, 1], [36, 37])]
    assert all(any(a.cells == b for a in sets) for b in cells)
    assert sets == sorted(sets, key=lambda a: (a.size, a.unit, a.cells))
    assert len({a.cells for a in sets}) == len(sets)  # a set in a row and a box: once
    a = next(s for s in sets if s.cells == 0b11)
    b = next(s for s in sets if s.cells == (1 << 36) | (1 << 37))
    assert restricted_commons(a, b) == [1, 2] and restricted_commons(a, a) == []


# --- an independent enumeration --------------------------------------------------------------


def _reference_sets(state):
    """{frozenset(cells): mask} of every ALS, by brute force over every unit's subsets."""
    out = {}
    for unit in state.geometry.units:
        empty = [c for c in unit if not state.values[c]]
        for k in range(1, len(empty)):
            for combo in combinations(empty, k):
                mask = 0
                for c in combo:
                    mask |= state.candidates[c]
                if bin(mask).count("1") == k + 1:
                    out.setdefault(frozenset(combo), mask)
    return out


def _holding(state, cells, v):
    return [c for c in cells if state.candidates[c] >> (v - 1) & 1]


def _seeing_all(state, group, v, outside):
    """Cells not in outside, holding v, that see every cell of group."""
    peers = [set(state.geometry.peers[c]) for c in group]
    return {c for c in range(len(state.values)) if c not in outside and
            state.candidates[c] >> (v - 1) & 1 and all(c in p for p in peers)}


def _rcc(state, a, am, b, bm):
    peers = state.geometry.peers
    return [v for v in range(1, state.size + 1) if am & bm & 1 << (v - 1) and
            all(q in peers[p] for p in _holding(state, a, v) for q in _holding(state, b, v))]


def _reference_xz(state, sets):
    gone = set()
    items = list(sets.items())
    for i, (a, am) in enumerate(items):
        for b, bm in items[i + 1:]:
            if a & b:
                continue
            rcc = _rcc(state, a, am, b, bm)
            both = a | b
            if len(rcc) == 1:
                for z in range(1, state.size + 1):
                    if z != rcc[0] and am & bm & 1 << (z - 1):
                        group = _holding(state, a, z) + _holding(state, b, z)
                        gone |= {(c, z) for c in _seeing_all(state, group, z, both)}
            elif len(rcc) == 2:
                for x in rcc:
                    group = _holding(state, a, x) + _holding(state, b, x)
                    gone |= {(c, x) for c in _seeing_all(state, group, x, both)}
                for s, m in ((a, am), (b, bm)):
                    for z in range(1, state.size + 1):
                        if m & 1 << (z - 1) and z not in rcc:
                            gone |= {(c, z) for c in _seeing_all(state, _holding(state, s, z), z, s)}
    return gone


def _reference_xy(state, sets):
    gone = set()
    items = list(sets.items())
    links = {i: [] for i in range(len(items))}
    for i, (a, am) in enumerate(items):
        for j in range(i + 1, len(items)):
            b, bm = items[j]
            if not a & b:
                for x in _rcc(state, a, am, b, bm):
                    links[i].append((j, x))
                    links[j].append((i, x))
    for k, mates in links.items():
        for (i, x), (j, y) in combinations(mates, 2):
            (a, am), (b, bm) = items[i], items[j]
            if i == j or x == y or a & b:
                continue
            for z in range(1, state.size + 1):
                if z not in (x, y) and am & bm & 1 << (z - 1):
                    group = _holding(state, a, z) + _holding(state, b, z)
                    gone |= {(c, z) for c in _seeing_all(state, group, z, a | b)}
    return gone


def _stuck_states(k: int):
    """States of shared puzzles where singles, locked candidates and subsets are stuck."""
    ids = [t.id for t in logic.ladder() if t.family in SIMPLE]
    out = []
    for p in sample("puzzles3_magictour_top1465", 4 * k, seed=41):
        state = run(State.of(p), ids)
        if not state.is_solved():
            out.append(state)
        if len(out) == k:
            break
    return out


def test_als_xz_finds_what_an_independent_enumeration_finds():
    found_any = False
    for state in _stuck_states(8):
        sets = _reference_sets(state)
        assert {a.cells for a in almost_locked_sets(state)} == \
            {sum(1 << c for c in s) for s in sets}
        mine = {e for s in find_als_xz(state) for e in s.eliminations}
        assert mine == _reference_xz(state, sets)
        found_any |= bool(mine)
    assert found_any


def test_als_xy_wing_finds_what_an_independent_enumeration_finds():
    for state in _stuck_states(3):
        mine = {e for s in find_als_xy_wing(state) for e in s.eliminations}
        assert mine == _reference_xy(state, _reference_sets(state))


def test_als_on_a_jigsaw_matches_the_enumeration():
    rows = (TESTDATA / "variants" / "sgt_jigsaw.txt").read_text().splitlines()
    checked = 0
    ids = [t.id for t in logic.ladder() if t.family in SIMPLE]
    for line in rows[88:]:  # the earlier ones fall to singles, locked candidates, subsets
        _, rules, regions, puzzle, solution = line.split(";")
        if rules != "-":
            continue
        geom = jigsaw(regions)
        state = run(State.of(sudokit.Grid(puzzle, geometry=geom)), ids)
        if state.is_solved():
            continue
        sets = _reference_sets(state)
        mine = {e for s in find_als_xz(state) for e in s.eliminations}
        assert mine == _reference_xz(state, sets)
        sol = sudokit.Grid(solution, geometry=geom).values
        assert all(sol[c] != v for c, v in mine)
        checked += bool(mine)
        if checked >= 2:
            break
    assert checked >= 1


# --- exemplars and soundness -------------------------------------------------------------------

SECTIONS = {"0901": ("als-xz", 9, 13), "0902": ("als-xy-wing", 9, 10)}  # floors measured with
# every family in the ladder (with chains in, one #0901 exemplar is reached past its ALS)


@pytest.mark.parametrize("code", sorted(SECTIONS))
def test_exemplar_hit_rate(code, capsys):
    target, floor, total = SECTIONS[code]
    hits, count = hit_rate(code, target)
    with capsys.disabled():
        print(f"\n#{code} {target}: {hits}/{count}")
    assert count == total and hits >= floor


def test_no_als_step_is_wrong():
    used = set()
    for p in sample("puzzles3_magictour_top1465", 14, seed=5) + sample("puzzles2_17_clue", 20, seed=5):
        _, pairs = check_path(p)
        used |= {step.technique for _, step in pairs}
    assert {"als-xz", "als-xy-wing"} <= used


def test_16x16_path_is_sound():
    g = sudokit.generate(box="4x4", seed=6)[0]
    no_chains = [t.id for t in logic.ladder() if t.family in ("chains", "forcing")]
    path, pairs = check_path(g.puzzle, g.solution, exclude=no_chains)  # (chains rank lower)
    assert "als-xz" in {step.technique for _, step in pairs}


@pytest.mark.slow
def test_no_als_step_is_wrong_many():
    for p in sample("puzzles3_magictour_top1465", 400, seed=6) + \
            sample("puzzles6_forum_hardest_1106", 60, seed=6):
        check_path(p)
