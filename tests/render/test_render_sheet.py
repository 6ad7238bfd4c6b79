"""render.sheet (one puzzle on A4 or Letter, what the page's Print makes) and marks= (a
player's corner and centre marks, drawn as the page draws them)."""

from __future__ import annotations

import re

import pytest

from sudokit import Grid, render
from sudokit.logic import State

PUZZLE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
BLUE = render.COLORS["placed"]


def _media_box(pdf: bytes) -> tuple:
    found = set(re.findall(rb"/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]", pdf))
    assert len(found) == 1
    (w, h), = found
    return float(w), float(h)


@pytest.mark.parametrize("paper,size", [("a4", (595.0, 842.0)), ("letter", (612.0, 792.0))])
def test_a_sheet_is_one_page_of_paper(paper, size):
    pdf = render.sheet(PUZZLE, paper=paper)
    assert pdf.startswith(b"%PDF-") and pdf.count(b"/Type /Page ") == 1
    assert _media_box(pdf) == size


def test_marks_are_drawn_in_empty_cells_only_in_the_placed_colour():
    grid = Grid(PUZZLE)
    corner = [[] for _ in range(81)]
    centre = [[] for _ in range(81)]
    corner[0] = [1, 4]          # empty: drawn
    centre[18] = [2, 3, 5]      # empty: drawn, as one line
    corner[1] = [9]             # a given's cell: not drawn
    plain = str(render.svg(grid))
    marked = str(render.svg(grid, marks=(corner, centre)))
    assert plain.count(BLUE) == 0
    texts = re.findall(rf'fill="{BLUE}"[^>]*>([^<]*)<', marked)
    assert sorted(texts) == ["1", "235", "4"]


def test_a_state_shows_the_players_values_blue_and_no_candidates():
    state = State.from_grid(Grid(PUZZLE)).place(0, 5)
    svg = str(render.svg(state, candidates=False))
    assert re.findall(rf'fill="{BLUE}"[^>]*>([^<]*)<', svg) == ["5"]
    assert render.sheet(state, paper="letter").startswith(b"%PDF-")


@pytest.mark.parametrize("marks,error,words", [
    (([[]] * 80, None), ValueError, "80 entries"),
    (([[10]] + [[]] * 80, None), ValueError, "row 1, col 1"),
    ("corner", TypeError, "(corner, centre)"),
])
def test_bad_marks_are_refused_naming_the_cell(marks, error, words):
    with pytest.raises(error) as info:
        render.svg(PUZZLE, marks=marks)
    assert words in str(info.value)


def test_bad_paper_is_refused():
    with pytest.raises(ValueError, match="a4"):
        render.sheet(PUZZLE, paper="a3")
