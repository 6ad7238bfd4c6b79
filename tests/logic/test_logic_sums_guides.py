"""Worked examples from public killer-solving guides (issue #29): sudokit's sum step makes
the guide's deduction and its sentence names the guide's cells and totals.

Each test cites its source (the page and the example) and says in a few words what the guide
deduces; the expected cells and values are the guide's (or worked out by hand from the
guide's cages), never read off sudokit.  Most guides draw only a part of a grid, or draw it in
a picture whose cage shapes the text does not give: the test then builds that part, with cage
shapes that fit the guide's totals and cell counts, and says so.  Two whole puzzles are given
in the guides' own text (a SumoCue code and a sudokuwiki link); they are read here by small
readers of their own, not by sudokit's formats.

Sudokuwiki names cells by a row letter (A-H, J: no I) and a column number: "C7" is r3c7.

(Five deductions sudokit first lacked -- two boxes as one block, some of the cages across a
block, a cage wholly inside a unit that must hold the unit's value, the cage's total in the
Must Contain sentence -- were added for these examples.)
"""

from __future__ import annotations

import pytest

from sudokit import Grid, geometry
from sudokit.logic import State
from sudokit.logic.techniques import sums

G9 = geometry.boxes(3, 3)


# --- building positions ----------------------------------------------------------------------


def _cell(name: str) -> int:
    """'r3c7' -> 20 (9x9)."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def _cells(*names: str) -> list[int]:
    return [_cell(x) for x in names]


def _cage(total: int, *names: str) -> str:
    return f"killer({total}:{'-'.join(names)})"


def _state(*rules: str, givens: "dict[str, int] | None" = None, geom=G9) -> State:
    n = geom.size
    line = ["."] * (n * n)
    for name, v in (givens or {}).items():
        r, c = name[1:].split("c")
        line[(int(r) - 1) * n + int(c) - 1] = str(v)
    return State.from_grid(Grid("".join(line), geometry=geom.with_rules(*rules)))


def _marks(state: State, marks: "dict[str, str]") -> State:
    """state with the candidates of some cells set: {'r8c1': '2345789'}."""
    cands = list(state.candidates)
    for name, values in marks.items():
        cands[_cell(name)] = sum(1 << (int(v) - 1) for v in values)
    return State(state.geometry, state.values, cands)


def _steps(state: State, *finders) -> list:
    return [s for f in finders for s in f(state)]


def _placing(state: State, name: str, value: int) -> list:
    """The single innie/outie steps that place value in the named cell."""
    return [s for s in sums.find_innie_outie(state) if s.placements == ((_cell(name), value),)]


def _summing(state: State, names, total: int, finder=None) -> list:
    """The innies-outies steps about exactly these cells and this total."""
    want = set(_cells(*names))
    finder = finder or sums.find_innies_outies
    return [s for s in finder(state)
            if set(s.evidence["cells"]) == want and abs(s.evidence["total"]) == total]


def _pairs(names, values) -> set:
    return {(_cell(x), v) for x in names for v in values}


def _only(names, keep, n=9) -> set:
    """Every (cell, value) of the named cells but the values in keep."""
    return _pairs(names, [v for v in range(1, n + 1) if v not in keep])


# --- readers of the two whole puzzles the guides give ----------------------------------------


def _sumocue(code: str) -> list[str]:
    """The cages of a SumoCue killer code '3x3::k:4609:4098:...': per cell total*256 + cage."""
    nums = [int(x) for x in code.split("k:", 1)[1].strip(":").split(":")]
    assert len(nums) == 81
    cages: dict[int, tuple[int, list[int]]] = {}
    for c, x in enumerate(nums):
        total, key = divmod(x, 256)
        cages.setdefault(key, (total, []))[1].append(c)
    return [_cage(t, *(f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells))
            for t, cells in cages.values()]


def _sudokuwiki(colors: str, clues: str) -> list[str]:
    """The cages of a sudokuwiki killer link (bd=colors,clues): cells of one colour that touch
    form a cage; the cage's total is the two-digit clue of one of its cells."""
    owner = [-1] * 81
    out = []
    for start in range(81):
        if owner[start] >= 0:
            continue
        owner[start] = start
        cells, todo = [start], [start]
        while todo:
            c = todo.pop()
            r, k = divmod(c, 9)
            for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                d = rr * 9 + kk
                if 0 <= rr < 9 and 0 <= kk < 9 and owner[d] < 0 and colors[d] == colors[c]:
                    owner[d] = start
                    cells.append(d)
                    todo.append(d)
        totals = [int(clues[2 * c:2 * c + 2]) for c in cells if int(clues[2 * c:2 * c + 2])]
        assert len(totals) == 1
        out.append(_cage(totals[0], *(f"r{c // 9 + 1}c{c % 9 + 1}" for c in sorted(cells))))
    return out


# Afmob's walkthrough of Jean-Christophe's "Yet Another Killer #94", sudocue.net forum
# (http://sudocue.net/forum/viewtopic.php?t=918): the puzzle as posted there.
YAK94 = ("3x3::k:4609:4098:4098:5891:5891:5380:5380:3845:3845:4609:4098:5891:5891:5380:5380:3845:"
         "3845:5126:4609:3335:2056:2569:2569:5642:1803:1803:5126:4609:3335:2056:2569:2572:5642:"
         "5642:8205:5126:4622:4622:4622:4622:2572:8205:8205:8205:8205:4623:4622:3088:3088:2572:"
         "4369:1042:3091:3604:4623:3349:3349:3088:4369:4369:1042:3091:3604:4623:4886:4886:5911:"
         "5911:5656:5656:4633:3604:4886:4886:5911:5911:5656:5656:4633:4633:3604:")

# A reader's comment (PeteTy) on sudokuwiki.org/Innies_and_Outies: the killer linked there.
PETETY = ("122111122113322212122113311332122212313313332213212113212212443231331211331131233",
          "25090026000000130000000700100000200000060020000900000019000000170000001500151800"
          "1209000000150000210008040014000000000000080000000920130011150700000000000000001000")


def _yak94() -> State:
    return _state(*_sumocue(YAK94))


def _petety() -> State:
    return _state(*_sudokuwiki(*PETETY))


def test_the_two_whole_puzzles_read_as_killers():
    # every cell in one cage, the totals make 9 x 45
    for rules in (_sumocue(YAK94), _sudokuwiki(*PETETY)):
        cells = [c for r in rules for c in r[r.index(":") + 1:-1].split("-")]
        assert sorted(_cells(*cells)) == list(range(81))
        assert sum(int(r[len("killer("):r.index(":")]) for r in rules) == 405


def _solution(state: State) -> list[int]:
    """The puzzle's solution, checked here rule by rule (not trusted from the solver)."""
    import sudokit
    values = list(sudokit.solve(state.puzzle()).values)
    for unit in state.geometry.units:
        assert len({values[c] for c in unit}) == len(unit)
    for kind, cells, total in state.geometry.constraints:
        assert kind != "killer" or sum(values[c] for c in cells) == total
    assert sorted(values) == sorted(list(range(1, 10)) * 9)
    return values


def test_the_guides_deductions_hold_in_the_two_puzzles_solutions():
    # A check of our reading of the two puzzles: what the guides say holds in each one's
    # solution (both have one: count_solutions).
    import sudokit
    for state in (_yak94(), _petety()):
        assert sudokit.count_solutions(state.puzzle(), limit=2) == 1
    v = _solution(_yak94())
    at = {name: v[_cell(name)] for name in ("r8c1", "r8c9", "r9c9", "r4c5", "r4c8", "r1c7",
                                            "r2c9", "r3c9", "r2c5", "r7c5", "r9c5", "r5c1",
                                            "r9c1", "r6c1", "r9c3", "r6c7", "r7c7")}
    assert at["r8c1"] + at["r8c9"] + at["r9c9"] == 8                      # 1a
    assert {at["r6c7"], at["r7c7"]} == {1, 3}                             # 1c
    assert at["r6c1"] - at["r9c3"] == 5                                   # 1f
    assert at["r4c5"] + at["r4c8"] == 7                                   # 2b
    assert {at["r1c7"], at["r2c9"], at["r3c9"]} == {6, 8, 9}              # 2c
    assert {at["r2c5"], at["r7c5"], at["r9c5"]} == {7, 8, 9}              # 3b
    assert at["r5c1"] + at["r9c1"] == 9                                   # 4a
    v = _solution(_petety())
    assert v[_cell("r7c9")] == 5
    assert {v[_cell("r5c1")], v[_cell("r5c9")]} == {7, 9}
    assert v[_cell("r2c4")] == v[_cell("r4c3")] == 1


# --- cage combinations -----------------------------------------------------------------------


def test_sudokutiger_a_cage_of_4_in_two_cells_is_1_and_3():
    # http://www.sudokutiger.com/D5_Combination_Culling.htm, first example: a two-cell cage
    # of 4 holds only 1 and 3 (2+2 repeats).  Part of a grid: the cage alone.
    step = next(sums.find_cage_combination(_state(_cage(4, "r1c1", "r1c2"))))
    assert set(step.eliminations) == _only(["r1c1", "r1c2"], (1, 3))
    assert step.evidence["combinations"] == [[1, 3]]
    assert "r1c1-r1c2 sums to 4 in 2 cells" in step.text and "{1,3}" in step.text


def test_sudokutiger_a_cage_with_two_cells_placed_keeps_5_and_6():
    # http://www.sudokutiger.com/D5_Combination_Culling.htm, second example: an 18 cage
    # (four cells) already holds 3 and 4, so its two empty cells make 11; not 3 or 4 (the
    # cage), not 2 (their box has one): only {5,6}, so 7, 8 and 9 go.  Part of a grid: the
    # cage in box 7, the 2 placed at r9c3.
    state = _state(_cage(18, "r7c1", "r7c2", "r8c1", "r8c2"),
                   givens={"r7c1": 3, "r7c2": 4, "r9c3": 2})
    step = next(s for s in sums.find_cage_combination(state)
                if _cell("r8c1") in s.evidence["cells"])
    assert _pairs(["r8c1", "r8c2"], (7, 8, 9)) <= set(step.eliminations)
    assert all(v not in (5, 6) for _, v in step.eliminations)
    assert "sums to 18 in 4 cells" in step.text and "{3,4,5,6}" in step.text
    assert "r8c1" in step.text and "r8c2" in step.text


def test_alice_jones_a_cage_of_5_with_3_in_its_box_is_1_and_4():
    # https://sarahrubinbooks.com/puzzle-corner/killer-sudoku/ ("Alice Jones' Top Tips",
    # basic rules): a two-cell 5 is 1+4 or 2+3, but with a 3 already in the box it is 1+4.
    # Part of a grid: the cage r1c1-r1c2, a 3 placed at r3c3.
    state = _state(_cage(5, "r1c1", "r1c2"), givens={"r3c3": 3})
    step = next(sums.find_cage_combination(state))
    assert step.evidence["combinations"] == [[1, 4]]
    assert _pairs(["r1c1", "r1c2"], (2,)) <= set(step.eliminations)
    assert "sums to 5 in 2 cells" in step.text and "{1,4}" in step.text


def test_alice_jones_cages_with_one_combination():
    # Same page ("Start small"): three cells of 24 are 7, 8, 9; three cells of 6 are 1, 2, 3;
    # two cells of 17 are 8 and 9.  Part of a grid: three such cages apart.
    state = _state(_cage(24, "r1c1", "r1c2", "r1c3"), _cage(6, "r5c5", "r5c6", "r5c7"),
                   _cage(17, "r9c8", "r9c9"))
    got = {tuple(s.evidence["cells"]): s for s in sums.find_cage_combination(state)}
    for names, total, keep in ((("r1c1", "r1c2", "r1c3"), 24, (7, 8, 9)),
                               (("r5c5", "r5c6", "r5c7"), 6, (1, 2, 3)),
                               (("r9c8", "r9c9"), 17, (8, 9))):
        step = got[tuple(_cells(*names))]
        assert set(step.eliminations) == _only(names, keep)
        assert f"sums to {total} in {len(names)} cells" in step.text
        assert "{" + ",".join(map(str, keep)) + "}" in step.text


def test_exercism_killer_sudoku_helper_examples():
    # exercism/problem-specifications, exercises/killer-sudoku-helper/description.md
    # (examples 1-3): 7 in three cells is only 1+2+4; 10 in two cells is
    # 1+9, 2+8, 3+7 or 4+6; with a 1 and a 4 already in the cage's column, only 2+8 and 3+7.
    # Parts of a grid, one cage each (in column 5 as in the pictures' descriptions).
    step = next(sums.find_cage_combination(_state(_cage(7, "r1c5", "r2c5", "r3c5"))))
    assert step.evidence["combinations"] == [[1, 2, 4]]
    assert "sums to 7 in 3 cells" in step.text and "{1,2,4}" in step.text
    step = next(sums.find_cage_combination(_state(_cage(10, "r1c5", "r2c5"))))
    assert step.evidence["combinations"] == [[1, 9], [2, 8], [3, 7], [4, 6]]
    assert set(step.eliminations) == _pairs(["r1c5", "r2c5"], (5,))
    assert "{1,9} or {2,8} or {3,7} or {4,6}" in step.text
    state = _state(_cage(10, "r8c5", "r9c5"), givens={"r1c5": 4, "r3c5": 1})
    step = next(sums.find_cage_combination(state))
    assert step.evidence["combinations"] == [[2, 8], [3, 7]]
    assert "sums to 10 in 2 cells" in step.text and "{2,8} or {3,7}" in step.text


def test_sudokuwiki_killer_cage_combination_example():
    # http://sudokuwiki.com/Killer_Cage_Combination_Example: a three-cell 15 over D1, D2, D3
    # loses 7 in D3 but not in D1.  With a 7 the cage is {2,6,7} or {3,5,7}; the cage has no
    # 3, so {2,6,7}, which fits only as D1=7, D2=6, D3=2: D1 and D2 cannot hold 2 and 6
    # between them when D3 is 7.  Part of a grid: the cage on r4c1-r4c3; its candidates are
    # ours, chosen to say what the page says (no 3; no 2 in D1 or D2; 7 in D1 and D3).
    state = _marks(_state(_cage(15, "r4c1", "r4c2", "r4c3")),
                   {"r4c1": "1456789", "r4c2": "145689", "r4c3": "12456789"})
    step = next(sums.find_cage_combination(state))
    assert (_cell("r4c3"), 7) in step.eliminations
    assert (_cell("r4c1"), 7) not in step.eliminations
    assert "r4c1-r4c3 sums to 15 in 3 cells" in step.text and "r4c3 cannot be" in step.text


# --- values a cage must hold -----------------------------------------------------------------


def test_sudokutiger_a_7_9_cage_clears_its_box_and_row():
    # http://www.sudokutiger.com/D6_Superset_Culling.htm, first example: a cage whose only
    # combination is {7,9}, in the bottom-left box and the bottom row: 7 and 9 leave both.
    # Part of a grid: a two-cell 16 at r9c1-r9c2.
    state = _state(_cage(16, "r9c1", "r9c2"))
    gone = {e for s in sums.find_cage_required(state) for e in s.eliminations}
    others = [f"r9c{c}" for c in range(3, 10)] + ["r7c1", "r7c2", "r7c3", "r8c1", "r8c2",
                                                  "r8c3", "r9c3"]
    assert _pairs(others, (7, 9)) <= gone
    texts = [s.text for s in sums.find_cage_required(state)]
    assert any("killer cage r9c1-r9c2 has 7" in t and "row 9" in t for t in texts)
    assert any("killer cage r9c1-r9c2 has 9" in t and "box 7" in t for t in texts)


def test_sudokutiger_a_value_in_every_combination_clears_the_cage_unit():
    # Same page, second example: a cage whose combinations are {5,8,9} and {6,7,9} holds a 9
    # whichever it is, so the other cells of its unit lose 9.  Part of a grid: a three-cell
    # 22 (exactly those two sets) down r1c1-r3c1, in column 1 and box 1.
    state = _state(_cage(22, "r1c1", "r2c1", "r3c1"))
    steps = [s for s in sums.find_cage_required(state) if s.evidence["value"] == 9]
    gone = {e for s in steps for e in s.eliminations}
    assert _pairs([f"r{r}c1" for r in range(4, 10)], (9,)) <= gone
    assert _pairs(["r1c2", "r1c3", "r2c2", "r2c3", "r3c2", "r3c3"], (9,)) <= gone
    assert all("killer cage r1c1-r3c1 has 9" in s.text for s in steps)


def test_yak94_the_4_cage_is_1_and_3_locked_in_column_7():
    # Afmob's YAK 94 walkthrough (see YAK94), step 1c: "4(2) = {13} locked for C7".
    state = _yak94()
    cage = _cells("r6c7", "r7c7")
    combo = next(s for s in sums.find_cage_combination(state) if s.evidence["cells"] == cage)
    assert combo.evidence["combinations"] == [[1, 3]]
    assert "sums to 4 in 2 cells" in combo.text
    column = [f"r{r}c7" for r in (1, 2, 3, 4, 5, 8, 9)]
    gone = {e for s in sums.find_cage_required(state) for e in s.eliminations}
    assert _pairs(column, (1, 3)) <= gone


def test_cage_must_contain_sentences_name_the_total():
    # The guides say "the 16 cage" (sudokutiger, Superset Culling) and "4(2)" (YAK 94): the
    # total is how a person finds the cage.
    state = _state(_cage(16, "r9c1", "r9c2"))
    assert all("16" in s.text for s in sums.find_cage_required(state))


# --- single innies and outies (rule of 45) ---------------------------------------------------


def test_sudopedia_an_innie_of_nonet_1():
    # http://sudopedia.enjoysudoku.com/Innie.html: r3c3 is the innie of nonet 1:
    # 45 - (3 + 12 + 9 + 15) = 6.  Part of a grid: box 1 cut into those four cages (shapes
    # ours, the picture is not in the text); r3c3 in no cage of the box.
    state = _state(_cage(3, "r1c1", "r1c2"), _cage(12, "r1c3", "r2c3"),
                   _cage(9, "r2c1", "r2c2"), _cage(15, "r3c1", "r3c2"))
    (step,) = [s for s in _placing(state, "r3c3", 6) if s.evidence["block"] == "box 1"]
    assert "box 1 holds 45, the cages wholly inside 39" in step.text
    assert "the innie r3c3 is 6" in step.text


def test_sudopedia_an_outie_of_nonet_3():
    # http://sudopedia.enjoysudoku.com/Outie.html: r2c6 is the outie of nonet 3:
    # 13 + 15 + 18 - 45 = 1.  Part of a grid: box 3 covered by the three cages, the 13
    # reaching out to r2c6 (shapes ours).
    state = _state(_cage(13, "r1c7", "r2c7", "r2c6"),
                   _cage(15, "r1c8", "r1c9", "r2c8", "r2c9"),
                   _cage(18, "r3c7", "r3c8", "r3c9"))
    (step,) = [s for s in _placing(state, "r2c6", 1) if s.evidence["block"] == "box 3"]
    assert "box 3 holds 45, the cages in and across 46" in step.text
    assert "the outie r2c6 is 1" in step.text


def test_sudopedia_45_rule_an_outie_of_nonet_9():
    # https://www.sudopedia.org/index.php?title=45_rule: on N9, 24 + 16 + 13 - 45 = 8, so
    # R6C8 = 8.  Part of a grid: box 9 and the 13 reaching up to r6c8 (shapes ours).
    state = _state(_cage(24, "r7c7", "r8c7", "r9c7"),
                   _cage(16, "r7c9", "r8c8", "r8c9", "r9c8", "r9c9"),
                   _cage(13, "r6c8", "r7c8"))
    (step,) = [s for s in _placing(state, "r6c8", 8) if s.evidence["block"] == "box 9"]
    assert "box 9 holds 45, the cages in and across 53" in step.text
    assert "the outie r6c8 is 8" in step.text


def test_sudopedia_45_rule_an_innie_of_nonet_8():
    # Same page: on N8 the innie R7C4 is 45 - (20 + 7 + 11) = 7.  Part of a grid: box 8
    # less r7c4 cut into those three cages (shapes ours).
    state = _state(_cage(20, "r7c5", "r7c6", "r8c6"), _cage(7, "r8c4", "r8c5"),
                   _cage(11, "r9c4", "r9c5", "r9c6"))
    (step,) = [s for s in _placing(state, "r7c4", 7) if s.evidence["block"] == "box 8"]
    assert "box 8 holds 45, the cages wholly inside 38" in step.text
    assert "the innie r7c4 is 7" in step.text


def test_sudopedia_45_rule_an_outie_of_a_row():
    # Same page: "on any house, not just nonets": R2C9 = 13 + 15 + 19 - 45 = 2.  The page
    # does not say which house; we take row 1, cut into the three cages, the 19 reaching
    # down to r2c9 (shapes ours).
    state = _state(_cage(13, "r1c1", "r1c2", "r1c3"), _cage(15, "r1c4", "r1c5", "r1c6"),
                   _cage(19, "r1c7", "r1c8", "r1c9", "r2c9"))
    (step,) = [s for s in _placing(state, "r2c9", 2) if s.evidence["block"] == "row 1"]
    assert "row 1 holds 45, the cages in and across 47" in step.text
    assert "the outie r2c9 is 2" in step.text


def test_djape_an_innie_of_a_box():
    # https://djape.net/more-math-tip-3-2 (Samunamupure solving tip 3): the innie is
    # 45 - (13 + 13 + 11) = 8.  Part of a grid: box 5 cut into the three cages (which box,
    # and the shapes, are ours).
    state = _state(_cage(13, "r4c4", "r4c5", "r4c6"), _cage(13, "r5c4", "r6c4", "r6c5"),
                   _cage(11, "r5c5", "r5c6"))
    (step,) = [s for s in _placing(state, "r6c6", 8) if s.evidence["block"] == "box 5"]
    assert "the cages wholly inside 37" in step.text and "the innie r6c6 is 8" in step.text


def test_sudokutiger_an_innie_of_a_group():
    # http://www.sudokutiger.com/D9_Innies_and_Outies.htm, the innie: cages of 14 and 24
    # cover eight cells of a group, so the ninth is 45 - 38 = 7.  Part of a grid: row 5 as
    # the group, a 14 and a 24 of four cells each (shapes ours).
    state = _state(_cage(14, "r5c1", "r5c2", "r5c3", "r5c4"),
                   _cage(24, "r5c5", "r5c6", "r5c7", "r5c8"))
    (step,) = [s for s in _placing(state, "r5c9", 7) if s.evidence["block"] == "row 5"]
    assert "row 5 holds 45, the cages wholly inside 38" in step.text
    assert "the innie r5c9 is 7" in step.text


def test_sudokumountain_an_innie_of_row_5():
    # https://sudokumountain.com/en/glossary/innies-and-outies ("The innie"): three cages
    # wholly inside row 5 make 7 + 14 + 21 = 42, so the row's last cell is 3.  Part of a
    # grid: row 5 (shapes ours).
    state = _state(_cage(7, "r5c1", "r5c2"), _cage(14, "r5c3", "r5c4", "r5c5"),
                   _cage(21, "r5c6", "r5c7", "r5c8"))
    (step,) = [s for s in _placing(state, "r5c9", 3) if s.evidence["block"] == "row 5"]
    assert "row 5 holds 45, the cages wholly inside 42" in step.text
    assert "the innie r5c9 is 3" in step.text


def test_sudokutiger_an_outie_of_a_box():
    # Same page, the outie: three cages over a box add 11 + 18 + 20 = 49, so the cell outside
    # is 49 - 45 = 4.  Part of a grid: box 5, the 11 reaching down to r7c6 (shapes ours).
    state = _state(_cage(20, "r4c4", "r4c5", "r4c6"), _cage(18, "r5c4", "r5c5", "r5c6"),
                   _cage(11, "r6c4", "r6c5", "r6c6", "r7c6"))
    (step,) = [s for s in _placing(state, "r7c6", 4) if s.evidence["block"] == "box 5"]
    assert "box 5 holds 45, the cages in and across 49" in step.text
    assert "the outie r7c6 is 4" in step.text


def _sudokuwiki_box3_box7() -> State:
    # Box 3: 22 + 14 + 6 and the innie C7 (r3c7); box 7, its mirror image (the puzzle is
    # symmetric): 6 + 16 + 18 and the innie G3 (r7c3).  The innies' own two-cell cages reach
    # out of the boxes; their totals are not in the text, so they are left out.
    return _state(_cage(22, "r1c8", "r1c9", "r2c9"), _cage(14, "r1c7", "r2c7", "r2c8"),
                  _cage(6, "r3c8", "r3c9"),
                  _cage(18, "r9c2", "r9c1", "r8c1"), _cage(16, "r9c3", "r8c3", "r8c2"),
                  _cage(6, "r7c2", "r7c1"))


def test_sudokuwiki_innies_example_1_box_3():
    # https://www.sudokuwiki.org/Innies_and_Outies, example 1: box 3 = 22 + 14 + 6 = 42, so
    # the 3 it lacks goes in C7.  Part of a grid (shapes ours).
    (step,) = [s for s in _placing(_sudokuwiki_box3_box7(), "r3c7", 3)
               if s.evidence["block"] == "box 3"]
    assert "box 3 holds 45, the cages wholly inside 42" in step.text
    assert "the innie r3c7 is 3" in step.text


def test_sudokuwiki_innies_example_1_box_7():
    # Same example: box 7 = 6 + 16 + 18 = 40, so the 5 it lacks goes in G3.
    (step,) = [s for s in _placing(_sudokuwiki_box3_box7(), "r7c3", 5)
               if s.evidence["block"] == "box 7"]
    assert "box 7 holds 45, the cages wholly inside 40" in step.text
    assert "the innie r7c3 is 5" in step.text


def test_sudokuwiki_innies_example_2_two_columns():
    # Same page, example 2: over two columns (90) the cages wholly inside make
    # 9 + 12 + 9 + 15 + 14 + 6 + 16 = 81, so the 3-cell 18 gives 9 to the two columns and its
    # outie J3 (r9c3) is 9.  Part of a grid: columns 1-2 (shapes ours).
    state = _state(_cage(9, "r1c1", "r1c2"), _cage(12, "r2c1", "r2c2"),
                   _cage(9, "r3c1", "r3c2"), _cage(15, "r4c1", "r4c2"),
                   _cage(14, "r5c1", "r5c2"), _cage(6, "r6c1", "r6c2"),
                   _cage(16, "r7c1", "r7c2", "r8c1", "r8c2"),
                   _cage(18, "r9c1", "r9c2", "r9c3"))
    (step,) = [s for s in _placing(state, "r9c3", 9) if s.evidence["block"] == "columns 1-2"]
    assert "columns 1-2 hold 90, the cages in and across 99" in step.text
    assert "the outie r9c3 is 9" in step.text


def test_rule_of_21_on_a_6x6():
    # http://www.thepuzzleclub.com/hints/killer-sudoku-tips.php ("4 - The rule of 21 or 45"):
    # on a 6x6 the top row holds 21; its other four cells make 14, so the two cells of the
    # three-cell 9 in the row make 7 and its cell on the second row is 2.  Part of a grid:
    # the top row (the four cells as one cage of 14: the text gives only their sum).
    g6 = geometry.boxes(2, 3)
    state = _state("killer(14:r1c1-r1c2-r1c3-r1c4)", "killer(9:r1c5-r1c6-r2c6)", geom=g6)
    found = [s for s in sums.find_innie_outie(state) if s.placements == ((11, 2),)]
    assert found and found[0].evidence["block"] == "row 1"
    assert "Rule of 21: row 1 holds 21, the cages in and across 23" in found[0].text
    assert "the outie r2c6 is 2" in found[0].text


def test_petety_single_innie_of_nonet_9():
    # sudokuwiki.org/Innies_and_Outies, reader comment by PeteTy on the killer he links
    # (PETETY): "n9 single innie".  By hand from its cages: box 9 holds 8 + 15 + 7 + 10 = 40
    # wholly inside, so r7c9 (in the 14 with r6c9) is 5.
    (step,) = [s for s in _placing(_petety(), "r7c9", 5) if s.evidence["block"] == "box 9"]
    assert "the cages wholly inside 40" in step.text and "the innie r7c9 is 5" in step.text


# --- two to four cells: innies, outies, split cages ------------------------------------------


def test_sudopedia_columns_1_to_3_split_a_two_cell_cage():
    # https://www.sudopedia.org/index.php?title=45_rule: on N147 (columns 1-3) the cages make
    # 13 + 26 + 15 + 14 + 9 + 16 + 20 + 17 + 17 = 147, less 135: R45C4 = 12, a hidden
    # two-cell cage.  Part of a grid: columns 1-3 cut row by row, the 26 and the 20 reaching
    # r4c4 and r5c4 (shapes ours).  In one column they differ: {3,9}, {4,8} or {5,7}.
    rows = {1: 13, 2: 15, 3: 14, 4: 26, 5: 20, 6: 9, 7: 16, 8: 17, 9: 17}
    cages = [_cage(t, f"r{r}c1", f"r{r}c2", f"r{r}c3", *([f"r{r}c4"] if r in (4, 5) else []))
             for r, t in rows.items()]
    (step,) = [s for s in _summing(_state(*cages), ["r4c4", "r5c4"], 12)
               if s.evidence["block"] == "columns 1-3"]
    assert set(step.eliminations) == _pairs(["r4c4", "r5c4"], (1, 2, 6))
    assert "columns 1-3 hold 135, the cages in and across 147" in step.text
    assert "r4c4 and r5c4 sum to 12" in step.text


def test_sudopedia_hidden_cage_of_two_outies_of_a_row():
    # http://www.sudopedia.org/wiki/Hidden_cage: a row whose cages make 12 + 19 + 19 + 4 = 54,
    # two of them jutting below: the two outies make 54 - 45 = 9, a hidden cage 9[2].  Part
    # of a grid: row 1, outies r2c4 and r2c9 (shapes ours); in one row they differ, so not 9.
    state = _state(_cage(4, "r1c1", "r1c2"), _cage(12, "r1c3", "r1c4", "r2c4"),
                   _cage(19, "r1c5", "r1c6", "r1c7"), _cage(19, "r1c8", "r1c9", "r2c9"))
    (step,) = [s for s in _summing(state, ["r2c4", "r2c9"], 9)
               if s.evidence["block"] == "row 1"]
    assert _pairs(["r2c4", "r2c9"], (9,)) <= set(step.eliminations)
    assert "row 1 holds 45, the cages in and across 54" in step.text
    assert "r2c4 and r2c9 sum to 9" in step.text


def test_sudokutiger_extended_innies_of_a_box():
    # http://www.sudokutiger.com/D10_Extended_Innies_and_Outies.htm, first example: cages of
    # 29 over seven cells of a box leave two cells that make 16: 7 and 9, so not 6 or 8.
    # Part of a grid: box 9, a 12 and a 17 wholly inside (shapes ours).
    state = _state(_cage(12, "r7c7", "r7c8", "r7c9"), _cage(17, "r8c7", "r8c8", "r9c7", "r9c8"))
    (step,) = [s for s in _summing(state, ["r8c9", "r9c9"], 16)
               if s.evidence["block"] == "box 9"]
    assert _pairs(["r8c9", "r9c9"], (6, 8)) <= set(step.eliminations)
    assert set(step.eliminations) == _only(["r8c9", "r9c9"], (7, 9))
    assert "box 9 holds 45, the cages wholly inside 29" in step.text
    assert "r8c9 and r9c9 sum to 16" in step.text


def test_sudokutiger_extended_outies_of_a_box():
    # Same page, second example: three cages over a box make 19 + 17 + 26 = 62, so the two
    # cells outside make 17: 8 and 9.  Part of a grid: box 1, the 17 and the 26 reaching
    # r2c4 and r3c4 (one column, so they differ; shapes ours).
    state = _state(_cage(19, "r1c1", "r1c2", "r1c3"),
                   _cage(17, "r2c1", "r2c2", "r2c3", "r2c4"),
                   _cage(26, "r3c1", "r3c2", "r3c3", "r3c4"))
    (step,) = [s for s in _summing(state, ["r2c4", "r3c4"], 17)
               if s.evidence["block"] == "box 1"]
    assert set(step.eliminations) == _only(["r2c4", "r3c4"], (8, 9))
    assert "box 1 holds 45, the cages in and across 62" in step.text
    assert "r2c4 and r3c4 sum to 17" in step.text


def test_sudokutiger_multi_group_outies_of_two_rows():
    # http://www.sudokutiger.com/D11_Multi_Group_Innies_and_Outies.htm, second example: the
    # cages over two rows make 104, so the two outies make 14; their row already has the 9
    # and the 5, so they are 6 and 8 (2, 4 and 7 go).  Part of a grid: rows 1-2 cut in
    # columns, two cages reaching r3c1 and r3c9; a 5 and a 9 placed in row 3 (shapes ours).
    totals = {1: 16, 2: 10, 3: 11, 4: 12, 5: 9, 6: 10, 7: 11, 8: 9, 9: 16}
    cages = [_cage(t, f"r1c{c}", f"r2c{c}", *([f"r3c{c}"] if c in (1, 9) else []))
             for c, t in totals.items()]
    state = _state(*cages, givens={"r3c4": 5, "r3c5": 9})
    (step,) = [s for s in _summing(state, ["r3c1", "r3c9"], 14)
               if s.evidence["block"] == "rows 1-2"]
    assert _pairs(["r3c1", "r3c9"], (2, 4, 7)) <= set(step.eliminations)
    # (5 and 9 are gone already: the row has them)
    assert set(step.eliminations) == _pairs(["r3c1", "r3c9"], (1, 2, 3, 4, 7))
    assert "rows 1-2 hold 90, the cages in and across 104" in step.text
    assert "r3c1 and r3c9 sum to 14" in step.text


def _cage_split_columns(first: int, totals: list[int], split: list[str]) -> list[str]:
    """Two columns (first, first+1) cut into two-cell row cages, the rows of the split
    cage's two cells inside joined across the two columns instead."""
    a, b = first, first + 1
    rows_in = sorted({int(x[1:].split("c")[0]) for x in split if int(x.split("c")[1]) in (a, b)})
    other = b if any(int(x.split("c")[1]) == a for x in split) else a
    cages, t = [], iter(totals)
    cages.append(_cage(next(t), *(f"r{r}c{other}" for r in rows_in)))
    for r in range(1, 10):
        if r not in rows_in:
            cages.append(_cage(next(t), f"r{r}c{a}", f"r{r}c{b}"))
    return cages


def test_sudokuwiki_cage_splitting_yellow_block():
    # https://www.sudokuwiki.org/Cage_Splitting, the yellow block (columns 8-9): its cages
    # less the one that pokes out make 75, so C8 + D8 make 90 - 75 = 15 and the rest of that
    # 21 cage, C6 + C7, make 6: 1-5 go from C8 and D8, 3, 6, 7, 8, 9 from C6 and C7.  Part
    # of a grid: columns 8-9 cut into two-cell cages of 75 in all (their totals ours).
    split = ["r3c6", "r3c7", "r3c8", "r4c8"]
    state = _state(_cage(21, *split),
                   *_cage_split_columns(8, [9, 10, 11, 8, 12, 7, 10, 8], split))
    (inn,) = [s for s in _summing(state, ["r3c8", "r4c8"], 15)
              if s.evidence["block"] == "columns 8-9"]
    assert set(inn.eliminations) == _pairs(["r3c8", "r4c8"], (1, 2, 3, 4, 5))
    assert "columns 8-9 hold 90, the cages wholly inside 75" in inn.text
    assert "r3c8 and r4c8 sum to 15" in inn.text
    (out,) = [s for s in _summing(state, ["r3c6", "r3c7"], 6)
              if s.evidence["block"] == "columns 8-9"]
    assert set(out.eliminations) == _pairs(["r3c6", "r3c7"], (3, 6, 7, 8, 9))
    assert "the cages in and across 96" in out.text and "r3c6 and r3c7 sum to 6" in out.text


def test_sudokuwiki_cage_splitting_blue_block():
    # Same page, the blue block (columns 1-2, the mirror image): the 11 cage over four cells
    # splits into 6 inside (F2, G2) and 5 outside (G3, G4).  Part of a grid: columns 1-2 cut
    # into two-cell cages of 90 - 6 = 84 (their totals ours).
    split = ["r6c2", "r7c2", "r7c3", "r7c4"]
    state = _state(_cage(11, *split),
                   *_cage_split_columns(1, [9, 11, 10, 12, 9, 11, 10, 12], split))
    (inn,) = [s for s in _summing(state, ["r6c2", "r7c2"], 6)
              if s.evidence["block"] == "columns 1-2"]
    assert set(inn.eliminations) == _only(["r6c2", "r7c2"], (1, 2, 4, 5))
    assert "r6c2 and r7c2 sum to 6" in inn.text and "wholly inside 84" in inn.text
    (out,) = [s for s in _summing(state, ["r7c3", "r7c4"], 5)
              if s.evidence["block"] == "columns 1-2"]
    assert set(out.eliminations) == _only(["r7c3", "r7c4"], (1, 2, 3, 4))
    assert "r7c3 and r7c4 sum to 5" in out.text and "in and across 95" in out.text


def test_yak94_innies_of_rows_8_and_9():
    # YAK 94 walkthrough, step 1a: "Innies R89 = 8(2+1) <> 7,8,9; R8C1 <> 6": r8c1, r8c9
    # and r9c9 make 8.
    (step,) = [s for s in _summing(_yak94(), ["r8c1", "r8c9", "r9c9"], 8)
               if s.evidence["block"] == "rows 8-9"]
    assert _pairs(["r8c1", "r8c9", "r9c9"], (7, 8, 9)) | {(_cell("r8c1"), 6)} \
        <= set(step.eliminations)
    assert "rows 8-9 hold 90, the cages wholly inside 82" in step.text
    assert "r8c1, r8c9 and r9c9 sum to 8" in step.text


def test_yak94_innies_of_rows_1_to_4():
    # Step 2b: "Innies = 7(2) <> 7,8,9" (rows 1-4): r4c5 + r4c8 = 7.
    (step,) = [s for s in _summing(_yak94(), ["r4c5", "r4c8"], 7)
               if s.evidence["block"] == "rows 1-4"]
    assert _pairs(["r4c5", "r4c8"], (7, 8, 9)) <= set(step.eliminations)
    assert "rows 1-4 hold 180" in step.text and "r4c5 and r4c8 sum to 7" in step.text


def test_yak94_innies_of_nonet_3():
    # Step 2c: "Innies N3 = 23(3) = {689}": r1c7, r2c9, r3c9.
    cells = ["r1c7", "r2c9", "r3c9"]
    (step,) = [s for s in _summing(_yak94(), cells, 23) if s.evidence["block"] == "box 3"]
    assert set(step.eliminations) == _only(cells, (6, 8, 9))
    assert "box 3 holds 45, the cages wholly inside 22" in step.text
    assert "r1c7, r2c9 and r3c9 sum to 23" in step.text


def test_yak94_outies_of_columns_6_to_9():
    # Step 3b: "Outies = 24(3) = {789}" (columns 6-9): r2c5, r7c5, r9c5.
    cells = ["r2c5", "r7c5", "r9c5"]
    (step,) = [s for s in _summing(_yak94(), cells, 24) if s.evidence["block"] == "columns 6-9"]
    assert set(step.eliminations) == _only(cells, (7, 8, 9))
    assert "columns 6-9 hold 180, the cages in and across 204" in step.text
    assert "r2c5, r7c5 and r9c5 sum to 24" in step.text


def test_yak94_innies_of_column_1():
    # Step 4a: "Innies C1 = 9(2) <> 9": r5c1 + r9c1 = 9.
    (step,) = [s for s in _summing(_yak94(), ["r5c1", "r9c1"], 9)
               if s.evidence["block"] == "col 1"]
    assert _pairs(["r5c1", "r9c1"], (9,)) <= set(step.eliminations)
    assert "col 1 holds 45, the cages wholly inside 36" in step.text
    assert "r5c1 and r9c1 sum to 9" in step.text


def test_petety_two_outies_of_rows_1_to_4_are_7_and_9():
    # PeteTy's comment (PETETY): "row 1-4 has dual outie 16 for a 7 9 pair": r5c1 + r5c9.
    (step,) = [s for s in _summing(_petety(), ["r5c1", "r5c9"], 16)
               if s.evidence["block"] == "rows 1-4"]
    assert set(step.eliminations) == _only(["r5c1", "r5c9"], (7, 9))
    assert "rows 1-4 hold 180" in step.text and "r5c1 and r5c9 sum to 16" in step.text


def test_petety_two_outies_of_box_1_that_repeat():
    # Same comment: "box1 has a dual outie of 2" (which sudokuwiki's solver missed).  By hand:
    # 25 + 9 + 7 + 6 = 47 over box 1, so r2c4 + r4c3 = 2; they share no unit, so both are 1.
    (step,) = [s for s in _summing(_petety(), ["r2c4", "r4c3"], 2)
               if s.evidence["block"] == "box 1"]
    assert set(step.eliminations) == _only(["r2c4", "r4c3"], (1,))
    assert "box 1 holds 45, the cages in and across 47" in step.text
    assert "r2c4 and r4c3 sum to 2" in step.text


# --- what sudokit lacks ----------------------------------------------------------------------


_SUM_FINDERS = (sums.find_cage_combination, sums.find_innie_outie, sums.find_innies_outies,
                sums.find_cage_required, sums.find_cage_overlap)


def test_djape_an_outie_of_two_boxes():
    # https://djape.net/more-math-tip-3-2: over two boxes the cages make
    # 9 + 22 + 11 + 17 + 10 + 3 + 13 + 8 = 93, so the outie is 93 - 90 = 3.  Part of a grid:
    # boxes 1 and 4 (one above the other), the 8 reaching r7c3 (shapes ours).
    state = _state(_cage(9, "r1c1", "r1c2"), _cage(22, "r1c3", "r2c3", "r3c3"),
                   _cage(11, "r2c1", "r2c2"), _cage(17, "r3c1", "r3c2", "r4c1"),
                   _cage(10, "r4c2", "r4c3"), _cage(3, "r5c1", "r5c2"),
                   _cage(13, "r6c1", "r6c2"), _cage(8, "r5c3", "r6c3", "r7c3"))
    found = [s for s in _steps(state, *_SUM_FINDERS)
             if (_cell("r7c3"), 3) in s.placements and "93" in s.text]
    assert found


def test_sudokutiger_an_innie_of_two_boxes():
    # http://www.sudokutiger.com/D11_Multi_Group_Innies_and_Outies.htm, first example: over
    # two boxes the cages and filled cells make 89, so the cell left is 1.  Part of a grid:
    # boxes 1 and 2, cages across their border so neither box alone gives it, a 3 placed at
    # r3c5, the innie r3c6 (shapes and totals ours, adding to 89).
    state = _state(_cage(3, "r1c1", "r1c2"), _cage(7, "r1c3", "r1c4"),
                   _cage(11, "r1c5", "r1c6"), _cage(9, "r2c1", "r2c2"),
                   _cage(13, "r2c3", "r2c4"), _cage(17, "r2c5", "r2c6"),
                   _cage(15, "r3c1", "r3c2"), _cage(11, "r3c3", "r3c4"), givens={"r3c5": 3})
    found = [s for s in _steps(state, *_SUM_FINDERS)
             if (_cell("r3c6"), 1) in s.placements and "89" in s.text]
    assert found


def test_yak94_an_innie_less_an_outie_of_nonet_7():
    # YAK 94 walkthrough, step 1f: "Innies+Outies N7: 5 = R6C1 - R9C3 -> R6C1 <> 4,5;
    # R9C3 = (1234)": box 7 counting the 18 across it (its outie r6c1) but not the 23 (its
    # innie r9c3).  (The walkthrough had removed 1, 2, 3 from r6c1 earlier: 1b.)
    state = _marks(_yak94(), {"r6c1": "456789"})
    found = [s for s in _steps(state, *_SUM_FINDERS)
             if {(_cell("r6c1"), 4), (_cell("r6c1"), 5)} <= set(s.eliminations)
             and _pairs(["r9c3"], (5, 6, 7, 8, 9)) <= set(s.eliminations)]
    assert found and "r6c1" in found[0].text and "r9c3" in found[0].text


def test_sudokuwiki_cage_unit_overlap_type_1():
    # https://www.sudokuwiki.org/Cage_Unit_Overlap, first example: a three-cell 19 in row H
    # (row 8) has five combinations; the 9 of row H can only go in that cage, so {4,7,8} and
    # {5,6,8} go, and with them the 5s.  Part of a grid: the cage r8c1-r8c3, 9 struck from
    # the rest of row 8 (the candidates ours).
    state = _state(_cage(19, "r8c1", "r8c2", "r8c3"))
    state = _marks(state, {f"r8c{c}": "12345678" for c in range(4, 10)})
    gone = {e for s in _steps(state, *_SUM_FINDERS) for e in s.eliminations}
    assert _pairs(["r8c1", "r8c2", "r8c3"], (5,)) <= gone
