"""Shape tables and the Grid value type."""

from __future__ import annotations

import pickle

import pytest

from sudokit import Grid, Shape, ShapeError
from sudokit.symbols import DEFAULT, HEX, LETTERS, detect_alphabet, get_alphabet

SHAPES = [(1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 4), (5, 5),
          (6, 6), (7, 7), (8, 8), (4, 5)]

PUZZLE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."


@pytest.mark.parametrize("br,bc", SHAPES)
def test_shape_tables(br, bc):
    shape = Shape(br, bc)
    n = shape.size
    assert n == br * bc and shape.ncells == n * n
    assert Shape(br, bc) is shape  # interned
    assert len(shape.units) == 3 * n
    for unit in shape.units:
        assert len(unit) == n and len(set(unit)) == n
    # every cell is in exactly one row, one col, one box
    for kind in range(3):
        cells = sorted(c for unit in shape.units[kind * n:(kind + 1) * n] for c in unit)
        assert cells == list(range(n * n))
    # each box is a br x bc rectangle
    for unit in shape.units[2 * n:]:
        rows = {c // n for c in unit}
        cols = {c % n for c in unit}
        assert len(rows) == br and len(cols) == bc
    expected_peers = 2 * (n - 1) + (n - br - bc + 1)
    for cell, peers in enumerate(shape.peers):
        assert cell not in peers
        assert len(peers) == expected_peers
        for p in peers:
            assert cell in shape.peers[p]
    assert pickle.loads(pickle.dumps(shape)) is shape


def test_shape_parse_and_defaults():
    assert Shape.parse("2x3") is Shape(2, 3)
    assert Shape.parse("3") is Shape(3, 3)
    assert Shape.for_size(6) is Shape(2, 3)
    assert Shape.for_size(12) is Shape(3, 4)
    assert Shape.for_size(16) is Shape(4, 4)
    assert Shape.for_size(8) is Shape(2, 4)
    assert Shape.for_cells(36) is Shape(2, 3)
    assert Shape.for_cells(35) is None
    assert str(Shape(2, 3)) == "2x3" and repr(Shape(2, 3)) == "Shape(2, 3)"
    for bad in ("x", "2x3x4", "0x3", "9x9"):
        with pytest.raises(ShapeError):
            Shape.parse(bad)
    with pytest.raises(ShapeError):
        Shape.for_size(7)  # prime: only 1x7 boxes, which must be asked for explicitly
    assert Shape(1, 7).size == 7


def test_grid_value_semantics():
    g = Grid(PUZZLE)
    assert g.shape is Shape(3, 3) and len(g) == 81
    assert g == Grid(PUZZLE) and hash(g) == hash(Grid(PUZZLE))
    assert g != g.replace(0, 5)
    assert g.replace(0, 5)[0] == 5 and g[0] == 0
    assert eval(repr(g), {"Grid": Grid}) == g
    assert pickle.loads(pickle.dumps(g)) == g
    assert g.givens == sum(1 for ch in PUZZLE if ch != ".")
    assert g.given_cells()[0] == 1 and g.at(0, 1) == 2
    with pytest.raises(AttributeError):
        g.values = ()
    assert g.to_line() == PUZZLE
    assert g.to_line(blank="0") == PUZZLE.replace(".", "0")
    assert len({g, Grid(PUZZLE), g.replace(0, 5)}) == 2


def test_grid_repr_other_shapes():
    g = Grid.empty("3x2").replace(0, 4)
    assert g.shape is Shape(3, 2)
    assert eval(repr(g), {"Grid": Grid}) == g
    big = Grid.empty("6x6").replace(5, 36)
    assert eval(repr(big), {"Grid": Grid}) == big


def test_grid_rejects_bad_values():
    with pytest.raises(ValueError, match="cell 3"):
        Grid([0, 0, 0, 5] + [0] * 12)
    with pytest.raises(ShapeError):
        Grid([0] * 15)
    with pytest.raises(ShapeError):
        Grid([0] * 16, "3x3")


def test_candidates_and_status():
    g = Grid(PUZZLE)
    assert g.candidates(1) == {2}
    # cell 0: row has 2,7,3,8,1; col has 6,9; box has 2,7,3,1
    assert g.candidates(0) == {4, 5}
    st = g.status()
    assert st.is_legal and not st.is_complete and not st.is_solved
    bad = g.replace(0, 7)  # 7 already in row 1 and box 1
    st = bad.status()
    assert not st.is_legal and not bad.is_legal()
    units = sorted(c.unit for c in st.conflicts)
    assert units == ["box 1", "row 1"]
    assert all(c.value == 7 and 0 in c.cells for c in st.conflicts)
    assert "value 7 repeats in row 1" in str(st)


def test_alphabets():
    assert DEFAULT.symbol(10) == "A" and DEFAULT.symbol(16) == "G" and DEFAULT.symbol(25) == "P"
    assert LETTERS.symbol(1) == "A" and LETTERS.symbol(16) == "P"
    assert HEX.symbol(1) == "0" and HEX.symbol(16) == "F"
    assert get_alphabet("A-P") is LETTERS and get_alphabet("0-F") is HEX
    assert get_alphabet(None) is DEFAULT
    with pytest.raises(ValueError):
        get_alphabet("klingon")
    assert DEFAULT.value_of(".", 16) == 0 and DEFAULT.value_of("g", 16) == 16
    assert DEFAULT.value_of("H", 16) == -1
    assert detect_alphabet(set("ABCDEFGHIJKLMNOP"), 16) is LETTERS
    assert detect_alphabet(set("123456789ABCDEFG"), 16) is DEFAULT
    assert detect_alphabet(set("0123456789ABCDEF"), 16) is HEX


def test_cells_off_the_grid_are_refused_not_wrapped():
    """at(0, 9) was cell 9 (row 2), at(-1, 0) and replace(-1, v) wrapped to the last row:
    a silently wrong cell.  Now an IndexError names the grid's range."""
    g = Grid(PUZZLE)
    rows = [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    assert g.at(4, 7) == (0 if rows[4][7] == "." else int(rows[4][7]))
    for row, col in [(0, 9), (9, 0), (-1, 0), (0, -1)]:
        with pytest.raises(IndexError, match="off the 9x9 grid"):
            g.at(row, col)
    for cell in (81, -1):
        with pytest.raises(IndexError, match="cells run from 0 to 80"):
            g.candidates(cell)
        with pytest.raises(IndexError, match="cells run from 0 to 80"):
            g.replace(cell, 1)
    for value in (10, -1, 2.0, "3"):
        with pytest.raises(ValueError, match="out of range 0..9"):
            g.replace(3, value)


def test_with_values_checks_what_it_is_given():
    """with_values trusted its input: a dict gave a 1x1-sized grid of 9x9 shape, 80 values a
    grid of 80 cells.  Now it checks like Grid() does and keeps the geometry."""
    g = Grid(PUZZLE)
    values = [0 if ch == "." else int(ch) for ch in PUZZLE]
    values[1] = 9 - values[0] if values[0] else 4
    changed = g.with_values(values)
    assert changed.values == tuple(values) and changed.shape is g.shape
    rows = [values[r * 9:r * 9 + 9] for r in range(9)]
    assert g.with_values(rows) == changed
    with pytest.raises(TypeError, match="replace"):
        g.with_values({0: 1})
    with pytest.raises(ShapeError, match="81 cells, not 80"):
        g.with_values(values[:80])
    with pytest.raises(ValueError, match=r"cell 5 \(row 1, col 6\) holds 10"):
        g.with_values(values[:5] + [10] + values[6:])
    x = Grid(PUZZLE, geometry="3x3+x")
    assert x.with_values(values).geometry is x.geometry
