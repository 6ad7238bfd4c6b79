"""Pictures of the rules over many cells: killer cages (one dashed inset outline each, the
total in the corner), arrows, little killers and sandwiches outside the grid, even and odd
cells, renban lines -- in SVG (structure), PDF and booklets (their content), and PNG from both
rasterisers (pixels where the drawing must be, and none where it must not)."""

from __future__ import annotations

import random
import re
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

from sudokit import geometry, render
from sudokit.grid import Grid
from sudokit.render import _sums
from sudokit.render._draw import COLORS, _Layout

from conftest import missing, need_tool
from render_helpers import Png, dark, light

SVG = "{http://www.w3.org/2000/svg}"
SCALE = 2.0
F = _sums.INSET

# a solution of CLASSIC (tests/render/test_render.py) and rules whose totals were read off it
#   4 1 7 | 3 6 9 | 8 2 5      cage r1c1-r1c2-r2c1: 4+1+6 = 11
#   6 3 2 | 1 5 8 | 9 4 7      renban r2c2-r2c4: 3 2 1
#   9 5 8 | 7 2 4 | 3 1 6      sandwich r3: between 9 and 1: 5+8+7+2+4+3 = 29
#   8 2 5 | 4 3 7 | 1 6 9      cage r4c4-r4c6 + r5c5: 4+3+7+8 = 22; pill r4c7-r4c8 reads 16
#   7 9 1 | 5 8 6 | 4 3 2      arrow r5c1 (7) = r6c1 + r6c2 = 3 + 4; r5c8 3 + r6c8 5 + r6c9 8 = 16
#   3 4 6 | 9 1 2 | 7 5 8      even r5c9 (2), r6c9 (8)
#   2 8 9 | 6 4 3 | 5 7 1      cage r7c7-r8c8: 5+7+6+8 = 26; odd r7c9 (1)
#   5 7 3 | 2 9 1 | 6 8 4      sandwich c5: 6 5 2 3 8 1 4 9 7: between 1 and 9: 4
#   1 6 4 | 8 7 5 | 2 9 3      little killer from above r1c2 down-right: 1+2+7+3+6+7+7+4 = 37
SOLUTION = [int(ch) for ch in "417369825632158947958724316825437169791586432346912758"
                              "289643571573291684164875293"]
RULES = ["killer(11:r1c1-r1c2-r2c1)", "killer(22:r4c4-r4c5-r4c6-r5c5)",
         "killer(26:r7c7-r7c8-r8c7-r8c8)", "killer(r9c7-r9c8)",
         "littlekiller(37:r1c2-r2c3-r3c4-r4c5-r5c6-r6c7-r7c8-r8c9)",
         "littlekiller(53:r9c1-r8c2-r7c3-r6c4-r5c5-r4c6-r3c7-r2c8-r1c9)",
         "sandwich(29:r3)", "sandwich(4:c5)", "even(r5c9-r6c9)", "odd(r7c9)",
         "arrow(r5c1:r6c1-r6c2)", "arrow(r4c7-r4c8:r5c8-r6c8-r6c9)", "renban(r2c2-r2c3-r2c4)"]
CAGES = [((0, 1, 9), 11), ((30, 31, 32, 40), 22), ((60, 61, 69, 70), 26), ((78, 79), 0)]


def _check_rules_by_hand():
    """The totals above, summed again from the solution (not by the library)."""
    s = SOLUTION
    assert sum(s[c] for c in (0, 1, 9)) == 11 and sum(s[c] for c in (30, 31, 32, 40)) == 22
    assert sum(s[c] for c in (60, 61, 69, 70)) == 26
    assert sum(s[r * 9 + r + 1] for r in range(8)) == 37
    assert sum(s[(8 - k) * 9 + k] for k in range(9)) == 53
    row3 = s[18:27]
    a, b = sorted((row3.index(1), row3.index(9)))
    assert sum(row3[a + 1:b]) == 29
    col5 = s[4::9]
    a, b = sorted((col5.index(1), col5.index(9)))
    assert sum(col5[a + 1:b]) == 4
    assert s[36] == s[45] + s[46] and 10 * s[33] + s[34] == s[43] + s[52] + s[53]
    assert s[44] % 2 == 0 and s[53] % 2 == 0 and s[62] % 2 == 1
    assert sorted(s[10:13]) == [1, 2, 3]


_check_rules_by_hand()
GEOM = geometry.boxes(3, 3).with_rules(*RULES)
GIVENS = [v if k % 5 == 0 else 0 for k, v in enumerate(SOLUTION)]   # a unique puzzle
GRID = Grid(GIVENS, geometry=GEOM)


def _layout(geom=GEOM, coordinates=False):
    return _Layout(geom.size, coordinates=coordinates, title=None, caption=[],
                   outside=_sums.margins(geom))


def _points(d: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+) (-?[\d.]+)", d)]


# --- the outline of a cage ------------------------------------------------------------------

def test_outline_of_one_cell_and_an_l():
    assert _sums.outline([40], 9) == [[(4 + F, 4 + F), (5 - F, 4 + F), (5 - F, 5 - F),
                                       (4 + F, 5 - F)]]
    # r1c1, r1c2, r2c1: an L, six corners, clockwise from the top left
    assert _sums.outline([0, 1, 9], 9) == [[(F, F), (2 - F, F), (2 - F, 1 - F), (1 - F, 1 - F),
                                            (1 - F, 2 - F), (F, 2 - F)]]


def test_outline_of_a_ring_has_its_hole():
    ring = [r * 9 + c for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    outer, inner = _sums.outline(ring, 9)
    assert outer == [(F, F), (3 - F, F), (3 - F, 3 - F), (F, 3 - F)]
    assert sorted(inner) == sorted([(1 - F, 1 - F), (2 + F, 1 - F), (2 + F, 2 + F),
                                    (1 - F, 2 + F)])


def _inside(point, loops) -> bool:
    """Even-odd rule over every loop (a hole's loop takes its points out again)."""
    x, y = point
    hit = False
    for loop in loops:
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


@pytest.mark.parametrize("seed", range(12))
def test_outline_keeps_the_cage_in_and_its_edges_out(seed):
    """Random cages grown cell by cell on a 6x6: every cage cell's centre is inside the
    outline and every other centre outside; a point just inside a cage cell's side on the
    cage's edge lies outside the outline (in the inset), a point past the inset inside."""
    rnd = random.Random(seed)
    n = 6
    cage = {rnd.randrange(n * n)}
    for _ in range(rnd.randrange(1, 12)):
        r, c = divmod(rnd.choice(sorted(cage)), n)
        dr, dc = rnd.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < n and 0 <= c + dc < n:
            cage.add((r + dr) * n + c + dc)
    loops = _sums.outline(cage, n)
    for cell in range(n * n):
        r, c = divmod(cell, n)
        assert _inside((c + 0.5, r + 0.5), loops) == (cell in cage)
        if cell not in cage:
            continue
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and rr * n + cc in cage:
                continue  # not on the cage's edge
            for depth, want in ((F / 2, False), (2 * F, True)):
                x = c + 0.5 + dc * (0.5 - depth)
                y = r + 0.5 + dr * (0.5 - depth)
                assert _inside((x, y), loops) is want, (sorted(cage), cell, dr, dc, depth)


# --- SVG structure --------------------------------------------------------------------------

def test_svg_draws_every_rule():
    root = ET.fromstring(render.svg(GRID))
    lay = _layout()
    c = lay.c
    dashed = [p for p in root.iter(SVG + "path") if p.get("stroke-dasharray")]
    assert len(dashed) == len(CAGES)
    for p in dashed:
        assert p.get("d").endswith("Z") and p.get("stroke") == COLORS["cage"]
        assert p.get("fill") == "none"
    texts = {(t.text, float(t.get("x")), float(t.get("y"))) for t in root.iter(SVG + "text")}
    for cells, total in CAGES:
        x, y = lay.corner(min(cells))
        # the dashed path of the cage starts at its top-left cell's inset corner
        assert any(_points(p.get("d"))[0] == pytest.approx((x + F * c, y + F * c))
                   for p in dashed)
        found = [(tx, ty) for word, tx, ty in texts if word == str(total)
                 and x < tx < x + 0.3 * c and y < ty < y + 0.35 * c]
        assert bool(found) == bool(total), (cells, total)
    # outside the grid: little killers and sandwiches
    top, left, side = lay.top, lay.left, lay.side
    where = {word: (tx, ty) for word, tx, ty in texts            # the texts outside the grid
             if not (left < tx < left + side and top < ty < top + side)}
    x, y = where["37"]
    assert left < x < left + c and top - c < y < top          # above r1c1 (the clue before r1c2)
    x, y = where["53"]
    assert left - c < x < left and top + side < y < top + side + c   # below left of r9c1
    x, y = where["29"]
    assert x < left and top + 2 * c < y < top + 3 * c         # left of row 3
    x, y = where["4"]
    assert left + 4 * c < x < left + 5 * c and y < top        # above column 5
    # the little killers' small arrows: a filled head pointing along the diagonal
    heads = [p for p in root.iter(SVG + "polygon") if p.get("fill") == COLORS["clue"]]
    assert len(heads) == 2
    # arrows: a circle at r5c1, a pill round r4c7-r4c8, two shafts and two heads
    circles = [(float(e.get("cx")), float(e.get("cy"))) for e in root.iter(SVG + "circle")
               if e.get("stroke") == COLORS["arrow"]]
    x, y = lay.corner(36)
    assert circles == [pytest.approx((x + c / 2, y + c / 2))]
    grey = [_points(p.get("d")) for p in root.iter(SVG + "path")
            if p.get("stroke") == COLORS["arrow"]]
    assert len(grey) == 1 + 2 + 2       # the pill, two shafts, two heads
    pill = max(grey, key=len)
    xs, ys = [x for x, _ in pill], [y for _, y in pill]
    x33, y33 = lay.corner(33)
    assert min(xs) == pytest.approx(x33 + 0.1 * c, abs=0.02)
    assert max(xs) == pytest.approx(x33 + 1.9 * c, abs=0.02)
    assert min(ys) == pytest.approx(y33 + 0.1 * c, abs=0.02)
    ends = [pts[1] for pts in grey if len(pts) == 3]       # the heads' tips
    for cell in (46, 53):
        x, y = lay.corner(cell)
        assert (x + c / 2, y + c / 2) in [pytest.approx(e) for e in ends]
    # even squares, odd circle, renban line
    parity = COLORS["parity"]
    squares = [e for e in root.iter(SVG + "rect") if e.get("fill") == parity]
    assert len(squares) == 2
    assert [e for e in root.iter(SVG + "circle") if e.get("fill") == parity]
    pink = [e for e in root.iter(SVG + "line") if e.get("stroke") == COLORS["renban"]]
    assert len(pink) == 2
    notes = " ".join(t for t, _, _ in texts)
    for word in ("Cages", "Arrows", "Little killers", "Sandwiches", "even", "odd", "Pink"):
        assert word in notes


def test_outside_clues_make_a_margin_only_where_needed():
    plain = ET.fromstring(render.svg(Grid([0] * 81, geometry=geometry.boxes(3, 3))))
    pw = float(plain.get("width"))
    sandwich_row = geometry.boxes(3, 3).with_rules("sandwich(10:r2)")
    root = ET.fromstring(render.svg(Grid([0] * 81, geometry=sandwich_row)))
    assert float(root.get("width")) == pw + 0.75 * 40     # a column of room on the left

    def border(svg):              # (x, y) of the grid's outer border
        rect = next(r for r in svg.iter(SVG + "rect") if r.get("stroke") == COLORS["region"])
        return float(rect.get("x")), float(rect.get("y"))
    assert border(root) == (border(plain)[0] + 30, border(plain)[1])   # none above
    cage_only = geometry.boxes(3, 3).with_rules("killer(3:r1c1-r1c2)")
    root = ET.fromstring(render.svg(Grid([0] * 81, geometry=cage_only)))
    assert float(root.get("width")) == pw                 # no outside clue, no margin
    assert _layout(sandwich_row).left == _layout(geometry.boxes(3, 3)).left + 30
    # with coordinates the labels stay outside the clues
    root = ET.fromstring(render.svg(Grid([0] * 81, geometry=sandwich_row), coordinates=True))
    label = next(t for t in root.iter(SVG + "text") if t.text == "r2")
    clue = next(t for t in root.iter(SVG + "text") if t.text == "10")
    assert float(label.get("x")) < float(clue.get("x")) - 10
    assert abs(float(label.get("y")) - float(clue.get("y"))) < 3


def test_a_cage_total_keeps_the_cell_highlight_under_it():
    root = ET.fromstring(render.svg(GRID, highlight=[0]))
    patch = [e for e in root.iter(SVG + "rect") if e.get("fill") == COLORS["highlight"]]
    assert len(patch) == 2      # the cell and the patch under its cage's total


def test_pdf_and_booklet_carry_the_dashed_outlines():
    def streams(data):
        return [zlib.decompress(m.group(1)).decode("latin-1") for m in
                re.finditer(rb"stream\n(.*?)\nendstream", data, re.S)]
    page = streams(render.pdf(GRID))[0]
    assert page.count("[3 2] 0 d") == len(CAGES)
    assert page.count(" h S") >= len(CAGES) + 1   # the cages and the pill, closed paths
    assert "(29) Tj" in page and "(37) Tj" in page and "(11) Tj" in page
    book = streams(render.booklet([GRID, GRID], per_page=2))
    assert len(book) == 1
    assert len(re.findall(r"\[[\d.]+ [\d.]+\] 0 d", book[0])) == 2 * len(CAGES)
    assert book[0].count("(26) Tj") == 2


# --- pixels ---------------------------------------------------------------------------------

TOOLS = render.tools()


@pytest.fixture(params=["pdftoppm", "chromium"])
def tool(request):
    if not TOOLS[request.param]:
        missing(f"{request.param} is not installed (CI installs poppler-utils and chromium)")
    return request.param


def _grey(px) -> bool:
    return max(px) - min(px) < 25 and 80 < px[0] < 235


def _pink(px) -> bool:
    return px[0] > 190 and px[2] > 190 and px[1] < 180


def test_png_pixels_of_every_rule(tool, tmp_path):
    data = render.png(GRID, scale=SCALE, tool=tool)
    (tmp_path / f"sums-{tool}.png").write_bytes(data)
    png = Png(data)
    lay = _layout()
    c = lay.c
    assert png.width == round(lay.width * SCALE)

    def column(x, y0, y1):          # a strip 3 px wide round x (picture units)
        return png.box(x * SCALE - 1, y0 * SCALE, x * SCALE + 2, y1 * SCALE)

    def row(y, x0, x1):
        return png.box(x0 * SCALE, y * SCALE - 1, x1 * SCALE, y * SCALE + 2)

    def inked(pixels):
        return sum(1 for p in pixels if not light(p)) / len(pixels)
    # cage r4c4-r4c6 + r5c5: its left side (inset in r4c4) is dashed; the inset line inside
    # the cage where r4c4 meets r4c5 has no ink
    x, y = lay.corner(30)
    assert 0.35 < inked(column(x + F * c, y + 0.3 * c, y + 0.7 * c)) < 0.9
    assert inked(column(x + c - F * c, y + 0.3 * c, y + 0.7 * c)) == 0
    # its bottom: under r4c4 (inset), then the step down round r5c5
    assert inked(row(y + c - F * c, x + 0.3 * c, x + 0.7 * c)) > 0.35
    assert inked(row(y + c - F * c, x + 1.3 * c, x + 1.7 * c)) == 0       # r4c5 into r5c5
    x5, y5 = lay.corner(40)
    assert inked(row(y5 + c - F * c, x5 + 0.3 * c, x5 + 0.7 * c)) > 0.35  # r5c5's foot
    assert inked(column(x5 + F * c, y5 + 0.3 * c, y5 + 0.7 * c)) > 0.35
    # the total 22 in r4c4's top-left corner
    assert sum(map(dark, png.box((x + 0.08 * c) * SCALE, (y + 0.06 * c) * SCALE,
                                 (x + 0.4 * c) * SCALE, (y + 0.3 * c) * SCALE))) > 8
    # outside: the sandwich 29 left of row 3, the little killer 37 above r1c1
    x, y = lay.left - 0.7 * c, lay.top + 2.25 * c
    assert sum(map(dark, png.box(x * SCALE, y * SCALE, (x + 0.65 * c) * SCALE,
                                 (y + 0.5 * c) * SCALE))) > 20
    x, y = lay.left, lay.top - 0.75 * c
    assert sum(map(dark, png.box(x * SCALE, y * SCALE, (x + c) * SCALE,
                                 lay.top * SCALE))) > 20
    # the even square at r5c9 is grey at its centre; the odd circle at r7c9 too, not its corner
    for cell in (44, 62):
        x, y = lay.corner(cell)
        assert all(map(_grey, png.box((x + 0.4 * c) * SCALE, (y + 0.4 * c) * SCALE,
                                      (x + 0.6 * c) * SCALE, (y + 0.6 * c) * SCALE)))
    x, y = lay.corner(62)
    assert all(map(light, png.box((x + 0.05 * c) * SCALE, (y + 0.05 * c) * SCALE,
                                  (x + 0.15 * c) * SCALE, (y + 0.15 * c) * SCALE)))
    # the renban line is pink through r2c3's centre; the arrow's circle round r5c1 is grey at
    # its edge and white at its centre (the cell is empty)
    x, y = lay.corner(11)
    assert all(map(_pink, png.box((x + 0.4 * c) * SCALE, (y + 0.45 * c) * SCALE,
                                  (x + 0.6 * c) * SCALE, (y + 0.55 * c) * SCALE)))
    x, y = lay.corner(36)
    assert any(map(_grey, png.box((x + 0.07 * c) * SCALE, (y + 0.45 * c) * SCALE,
                                  (x + 0.13 * c) * SCALE, (y + 0.55 * c) * SCALE)))
    assert all(map(light, png.box((x + 0.4 * c) * SCALE, (y + 0.4 * c) * SCALE,
                                  (x + 0.6 * c) * SCALE, (y + 0.6 * c) * SCALE)))


def test_booklet_page_of_a_killer_opens_in_poppler(tmp_path):
    need_tool("pdftoppm")
    need_tool("pdfinfo")
    path = tmp_path / "killer.pdf"
    path.write_bytes(render.booklet([GRID], per_page=1, solutions=True))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+2\n", info.stdout)
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "2", "-l", "2", "-singlefile",
                    str(path), str(tmp_path / "p2")], check=True)
    png = Png((tmp_path / "p2.png").read_bytes())
    pixels = png.box(0, 0, png.width, png.height)
    assert sum(map(dark, pixels)) > len(pixels) * 0.01  # the solution page is drawn
