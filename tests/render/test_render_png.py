"""PNG pictures checked pixel by pixel (both rasterisers), and booklets opened with poppler.

The PNGs are kept in pytest's tmp path (``--basetemp`` to keep them somewhere known); they
were also looked at by eye when this test was written (see docs/render.md).
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from sudokit import geometry, render
from sudokit.grid import Grid
from sudokit.render._draw import _Layout

from conftest import TESTDATA
from render_helpers import XWING_PUZZLE, Png, dark, light, red, state_before

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TOOLS = render.tools()
SCALE = 2.0


def _tool(name):
    if not TOOLS[name]:
        pytest.skip(f"{name} is not installed (PNG needs pdftoppm from poppler-utils or "
                    f"Chromium; CI installs both with apt)")
    return name


@pytest.fixture(params=["pdftoppm", "chromium"])
def tool(request):
    return _tool(request.param)


def _jigsaw9() -> Grid:
    for line in (TESTDATA / "variants" / "janko_chaos.txt").read_text().splitlines():
        _, rules, regions, puzzle, _ = line.split(";")
        if rules == "-" and len(puzzle) == 81:
            return Grid([0 if ch == "." else int(ch) for ch in puzzle],
                        geometry=geometry.jigsaw(regions))
    raise AssertionError("no 9x9 jigsaw")


def _cell_box(lay, cell, inset):
    x, y = lay.corner(cell)
    return ((x + inset) * SCALE, (y + inset) * SCALE, (x + lay.c - inset) * SCALE,
            (y + lay.c - inset) * SCALE)


def _check_values(png: Png, grid: Grid) -> None:
    """Every given cell has dark pixels at its centre; every empty cell is all light."""
    lay = _Layout(grid.size, coordinates=False, title=None, caption=[])
    assert png.width == round(lay.width * SCALE) and png.height == round(lay.height * SCALE)
    for cell, v in enumerate(grid.values):
        pixels = png.box(*_cell_box(lay, cell, lay.c * 0.2))
        if v:
            assert sum(map(dark, pixels)) > len(pixels) * 0.05, f"given at cell {cell} not dark"
        else:
            assert all(map(light, pixels)), f"empty cell {cell} not light"


def _save(tmp_path, name, data) -> None:
    (tmp_path / name).write_bytes(data)


def test_classic_9x9(tool, tmp_path):
    data = render.png(CLASSIC, scale=SCALE, tool=tool)
    _save(tmp_path, f"classic-{tool}.png", data)
    _check_values(Png(data), Grid(CLASSIC))


def test_16x16(tool, tmp_path):
    grid = Grid.empty("4x4")
    for cell, v in ((0, 1), (17, 2), (100, 16), (255, 10), (128, 5)):
        grid = grid.replace(cell, v)
    data = render.png(grid, scale=SCALE, tool=tool)
    _save(tmp_path, f"16x16-{tool}.png", data)
    _check_values(Png(data), grid)


def test_jigsaw_regions(tool, tmp_path):
    grid = _jigsaw9()
    data = render.png(grid, scale=SCALE, tool=tool)
    _save(tmp_path, f"jigsaw-{tool}.png", data)
    png = Png(data)
    _check_values(png, grid)
    lay = _Layout(9, coordinates=False, title=None, caption=[])
    regions = grid.geometry.regions
    for r in range(9):
        for k in range(1, 9):  # the middle of the edge between (r, k-1) and (r, k)
            x = (lay.left + k * lay.c) * SCALE
            y = (lay.top + (r + 0.5) * lay.c) * SCALE
            px = png.pixel(int(x), int(y))
            if regions[r * 9 + k - 1] != regions[r * 9 + k]:
                assert dark(px), f"no region border right of r{r + 1}c{k}"
            else:
                assert not dark(px), f"a thick line inside a region right of r{r + 1}c{k}"


def test_xwing_step_eliminations_are_red(tool, tmp_path):
    state, step = state_before(XWING_PUZZLE, "x-wing")
    data = render.png(state, step=step, scale=SCALE, tool=tool)
    _save(tmp_path, f"xwing-{tool}.png", data)
    png = Png(data)
    lay = _Layout(9, coordinates=False, title=None, caption=[])
    r = lay.c / lay.mc * 0.45
    for cell, v in step.eliminations:
        x, y = lay.mark(cell, v)
        pixels = png.box((x - r) * SCALE, (y - r) * SCALE, (x + r) * SCALE, (y + r) * SCALE)
        assert sum(map(red, pixels)) > 10, f"eliminated {v} at cell {cell} not marked red"
    # a candidate the step leaves alone is not red
    keep = next((c, v) for c, m in enumerate(state.candidates) for v in range(1, 10)
                if m >> (v - 1) & 1 and (c, v) not in step.eliminations)
    x, y = lay.mark(*keep)
    assert not any(map(red, png.box((x - r) * SCALE, (y - r) * SCALE, (x + r) * SCALE,
                                    (y + r) * SCALE)))


def test_no_rasteriser_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(render.RenderError, match="poppler-utils"):
        render.png(CLASSIC)
    with pytest.raises(render.RenderError, match="not installed"):
        render.png(CLASSIC, tool="chromium")
    with pytest.raises(ValueError, match="unknown PNG tool"):
        render.png(CLASSIC, tool="gimp")


# --- booklets through poppler ----------------------------------------------------------------

def _pdfinfo(path) -> dict:
    _tool("pdftoppm")
    if not shutil.which("pdfinfo"):
        pytest.skip("pdfinfo (poppler-utils) is not installed")
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return dict(line.split(":", 1) for line in out.stdout.splitlines() if ":" in line)


@pytest.fixture(scope="module")
def twelve():
    from sudokit import generate
    return [g.puzzle for g in generate(count=12, seed=2024)]


@pytest.mark.parametrize("paper, size", [("a4", "595 x 842"), ("letter", "612 x 792")])
def test_booklet_of_twelve_with_solutions(twelve, paper, size, tmp_path):
    path = tmp_path / f"booklet-{paper}.pdf"
    path.write_bytes(render.booklet(twelve, per_page=4, paper=paper, solutions=True,
                                    title="Twelve", ratings=[f"{sum(1 for v in g.values if v)} "
                                                             f"clues" for g in twelve]))
    info = _pdfinfo(path)
    assert int(info["Pages"]) == 3 + 3
    assert info["Page size"].strip().startswith(size)
    for page in (1, 6):
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", str(page), "-l", str(page),
                        "-singlefile", str(path), str(tmp_path / f"page{page}")], check=True)
        png = Png((tmp_path / f"page{page}.png").read_bytes())
        pixels = png.box(0, 0, png.width, png.height)
        assert sum(map(dark, pixels)) > len(pixels) * 0.01, f"page {page} is blank"


@pytest.mark.parametrize("per_page, pages", [(1, 3), (2, 2), (6, 1)])
def test_booklet_pages_per_layout(per_page, pages, tmp_path):
    path = tmp_path / "b.pdf"
    path.write_bytes(render.booklet([CLASSIC] * 3, per_page=per_page))
    assert int(_pdfinfo(path)["Pages"]) == pages


def test_booklet_with_steps(tmp_path):
    from sudokit import logic
    path = tmp_path / "steps.pdf"
    path.write_bytes(render.booklet([XWING_PUZZLE], per_page=6, steps=True))
    nsteps = len(logic.steps(XWING_PUZZLE).steps)
    assert int(_pdfinfo(path)["Pages"]) == 1 + -(-nsteps // 6)


def test_png_size_is_its_width_in_pixels(tool):
    """png(size=W): exactly W pixels wide (not a resolution rounded by the tool), the height
    in proportion, the picture drawn as at the default scale (values dark at the centres)."""
    for size in (300, 333, 1000):
        png = Png(render.png(CLASSIC, size=size, tool=tool))
        assert (png.width, png.height) == (size, size)
    lay = _Layout(9, coordinates=False, title="T", caption=[])
    png = Png(render.png(CLASSIC, size=500, tool=tool, title="T"))
    assert png.width == 500 and png.height == round(lay.height * 500 / lay.width)
    png = Png(render.png(CLASSIC, size=round(_Layout(9, coordinates=False, title=None,
                                                     caption=[]).width * SCALE), tool=tool))
    _check_values(png, Grid(CLASSIC))
    for bad in (0, -5, 20001, True, "300"):
        with pytest.raises(ValueError, match="size= takes a width from 1 to 20,000 px"):
            render.png(CLASSIC, size=bad, tool=tool)


def test_pdf_takes_no_size():
    with pytest.raises(ValueError, match="size= is svg"):
        render.pdf(CLASSIC, size=300)
