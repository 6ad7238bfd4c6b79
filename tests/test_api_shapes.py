"""The shapes a puzzle may come in through the API besides a line of text: rows of values,
text in pieces, and what is not a puzzle at all (a clear TypeError naming what was given).
Runs on both backends."""

from __future__ import annotations

import pytest

from sudokit import Grid, check, solve

from conftest import TESTDATA, read_golden

# unique 9x9 puzzles and their solutions, from the golden file (not from sudokit)
UNIQUE = [(p, s) for _, box, p, c, s in read_golden(TESTDATA / "golden_tdoku.txt")
          if box is None and c == 1][:3]


def _values(line: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in line]


@pytest.mark.parametrize("puzzle,want", UNIQUE)
def test_rows_of_values_are_a_grid(puzzle, want):
    flat = _values(puzzle)
    for rows in ([flat[r * 9:r * 9 + 9] for r in range(9)],
                 tuple(tuple(flat[r * 9:r * 9 + 9]) for r in range(9))):
        assert Grid(rows).values == tuple(flat)
        assert solve(rows).to_line() == want


@pytest.mark.parametrize("puzzle,want", UNIQUE)
def test_text_in_pieces_is_a_grid(puzzle, want):
    rows = [puzzle[r * 9:r * 9 + 9] for r in range(9)]
    assert solve(rows).to_line() == want
    assert solve(list(puzzle)).to_line() == want
    assert Grid(rows) == Grid(puzzle)


def test_rows_of_a_four_by_four():
    rows = [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]
    g = solve(rows)
    v = g.values
    units = [[r * 4 + c for c in range(4)] for r in range(4)] + \
        [[r * 4 + c for r in range(4)] for c in range(4)] + \
        [[(br + r) * 4 + bc + c for r in range(2) for c in range(2)]
         for br in (0, 2) for bc in (0, 2)]
    assert g.size == 4 and all(sorted(v[i] for i in u) == [1, 2, 3, 4] for u in units)
    assert [g.values[r * 4 + c] for r, row in enumerate(rows) for c, v in enumerate(row) if v] == \
        [v for row in rows for v in row if v]


@pytest.mark.parametrize("thing", [None, 5, 3.5, {"a": 1}, {1, 2, 3}, object()])
def test_what_is_not_a_puzzle_is_named(thing):
    for call in (Grid, solve, check):
        with pytest.raises(TypeError, match=f"not {type(thing).__name__}$"):
            call(thing)


def test_bytes_of_text_get_a_hint():
    line = UNIQUE[0][0]
    with pytest.raises(ValueError, match=r"holds \d+; values run from 0 \(empty\) to 9 "
                                         r"\(the byte of '.+': bytes are read as values"):
        solve(line.encode())
    assert solve(bytes(_values(line))).to_line() == UNIQUE[0][1]      # bytes of values: fine


def test_ragged_rows_are_not_a_grid():
    with pytest.raises((ValueError, TypeError)):
        Grid([[0] * 9] * 8 + [[0] * 8])


def test_a_grid_size_given_as_a_box_shape_gets_a_hint():
    from sudokit import Shape, ShapeError
    with pytest.raises(ShapeError, match=r"a 9x9 grid has 3x3 boxes\)$"):
        Grid.empty("9x9")
    with pytest.raises(ShapeError, match=r"a 12x12 grid has 3x4 boxes\)$"):
        Shape.parse("12x12")
    assert Grid.empty("3x3").size == 9


def test_odd_arguments_are_named():
    from sudokit import GenerationError, generate, logic
    with pytest.raises(GenerationError, match="target must be a generate_target.Target, not 'hard'"):
        generate(target="hard", seed=1)
    for bad in (-1, 2.5, "3"):
        with pytest.raises(ValueError, match="max_steps must be a non-negative integer"):
            logic.steps(UNIQUE[0][0], max_steps=bad)
    assert len(logic.steps(UNIQUE[0][0], max_steps=0).steps) == 0


@pytest.mark.parametrize("puzzle,want", UNIQUE[:1])
def test_a_logical_path_iterates_over_its_steps(puzzle, want):
    """``for step in logic.steps(p)`` walks the steps; their placements fill the golden
    solution's values into exactly the blank cells."""
    from sudokit import logic

    path = logic.steps(puzzle)
    placed = {}
    for step in path:
        for cell, value in step.placements:
            assert cell not in placed and puzzle[cell] == "."
            placed[cell] = value
    if path.status == "solved":
        assert placed == {k: int(want[k]) for k in range(81) if puzzle[k] == "."}
    else:
        assert all(int(want[k]) == v for k, v in placed.items())
    assert len(list(path)) == len(path.steps) > 0
