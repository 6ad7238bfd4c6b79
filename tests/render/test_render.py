"""sudokit.render: SVG well-formed and deterministic for every size and geometry, steps
drawn from their evidence, golden SVGs, the PDF writer's structure, Jupyter reprs, options
refused clearly, and a lazy import."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

import pytest

from sudokit import geometry, logic, render
from sudokit.grid import Grid
from sudokit.logic import State, Step

from conftest import TESTDATA
from render_helpers import XWING_PUZZLE, state_before, xchain_step

SVG = "{http://www.w3.org/2000/svg}"
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def parse(svg: str):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert len(root.get("viewBox").split()) == 4
    return root


def texts(root) -> list[str]:
    return [t.text for t in root.iter(SVG + "text")]


def janko(size: int, rules: str = "-", count: int = 3) -> list[Grid]:
    out = []
    for line in (TESTDATA / "variants" / "janko_chaos.txt").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        _, r, regions, puzzle, _ = line.split(";")
        if r == rules and len(puzzle) == size * size:
            geom = geometry.jigsaw(regions)
            if rules != "-":
                geom = geom.with_rules(*rules.split("+"))
            out.append(Grid([0 if ch == "." else int(ch) for ch in puzzle], geometry=geom))
            if len(out) == count:
                break
    assert out, f"no {size}x{size} jigsaw with rules {rules} in janko_chaos.txt"
    return out


# --- every size and geometry --------------------------------------------------------------

@pytest.mark.parametrize("box", ["2x2", "2x3", "2x4", "3x3", "3x4", "4x4", "5x5"])
def test_every_size_is_well_formed_and_deterministic(box):
    from sudokit import generate
    puzzle = generate(box=box, seed=7)[0].puzzle if box in ("2x2", "2x3", "2x4", "3x3") \
        else Grid.empty(box).replace(0, 1).replace(Grid.empty(box).size + 2, 2)
    n = puzzle.size
    for obj, cands in ((puzzle, False), (State.of(puzzle), True)):
        first = render.svg(obj, coordinates=True)
        assert first == render.svg(obj, coordinates=True)  # same bytes
        root = parse(first)
        words = texts(root)
        assert f"r{n}" in words and f"c{n}" in words
        values = [t for t in words if not re.fullmatch(r"[rc]\d+", t)]
        givens = sum(1 for v in puzzle.values if v)
        if cands:
            assert len(values) > givens  # candidates drawn
        else:
            assert len(values) == givens
        w = float(root.get("width"))
        cell = 40 if n <= 9 else 32
        assert w == 12 + cell * 0.5 + n * cell


def test_thick_lines_follow_the_boxes_of_rectangular_grids():
    root = parse(render.svg(Grid.empty("2x3")))
    thick = [ln for ln in root.iter(SVG + "line") if ln.get("stroke-width") == "3"]
    # 2x3 boxes: 2 vertical box borders (after columns 3) x 1 run... merged runs:
    verticals = {ln.get("x1") for ln in thick if ln.get("x1") == ln.get("x2")}
    horizontals = {ln.get("y1") for ln in thick if ln.get("y1") == ln.get("y2")}
    assert verticals == {str(6 + 3 * 40)}
    assert horizontals == {str(6 + 2 * 40), str(6 + 4 * 40)}


@pytest.mark.parametrize("size", [4, 6, 9])
def test_jigsaw_borders_are_the_region_borders(size):
    for grid in janko(size):
        root = parse(render.svg(grid))
        regions = grid.geometry.regions
        n, c = size, 40
        # every thick segment lies on an edge between two cells of different regions
        drawn = 0
        for ln in root.iter(SVG + "line"):
            if ln.get("stroke-width") != "3":
                continue
            x1, y1, x2, y2 = (float(ln.get(k)) for k in ("x1", "y1", "x2", "y2"))
            if x1 == x2:
                k = round((x1 - 6) / c)
                for r in range(round((y1 - 6) / c), round((y2 - 6) / c)):
                    assert regions[r * n + k - 1] != regions[r * n + k]
                    drawn += 1
            else:
                k = round((y1 - 6) / c)
                for col in range(round((x1 - 6) / c), round((x2 - 6) / c)):
                    assert regions[(k - 1) * n + col] != regions[k * n + col]
                    drawn += 1
        want = sum(1 for r in range(n) for k in range(1, n) if regions[r * n + k - 1] !=
                   regions[r * n + k]) + sum(1 for k in range(1, n) for col in range(n)
                                              if regions[(k - 1) * n + col] != regions[k * n + col])
        assert drawn == want


def test_x_windoku_antiknight_geometries():
    for grid in janko(6, "x", 2):
        root = parse(render.svg(grid))
        diag = [ln for ln in root.iter(SVG + "line") if ln.get("stroke") == render.COLORS["diagonal"]]
        assert len(diag) == 2
    g = Grid(CLASSIC, geometry="3x3+windoku+antiknight")
    svg = render.svg(g)
    assert svg == render.svg(g)
    root = parse(svg)
    shaded = [r for r in root.iter(SVG + "rect") if r.get("fill") == render.COLORS["extra"]]
    assert len(shaded) == 4 * 9
    assert any("Anti-knight" in t for t in texts(root))
    assert any("Anti-king" in t for t in texts(parse(render.svg(
        Grid(CLASSIC, geometry="3x3+antiking")))))


def test_cages_of_small_extra_units_are_dashed():
    geom = geometry.boxes(3, 3).with_units((0, 1, 9), (40,))
    root = parse(render.svg(Grid(CLASSIC, geometry=geom)))
    dashed = [p.get("d") for p in root.iter(SVG + "path") if p.get("stroke-dasharray")]
    assert len(dashed) == 2      # one closed path round each unit
    corners = sorted(d.count("L") + 1 for d in dashed)
    assert corners == [4, 6]     # a cell has 4 corners, an L of three cells 6


# --- values, candidates, highlight --------------------------------------------------------

def test_givens_and_placed_values_differ():
    state = State.of(CLASSIC).place(1, 9)
    root = parse(render.svg(state, candidates=False))
    nine = [t for t in root.iter(SVG + "text") if t.text == "9"]
    assert len(nine) == 1 and nine[0].get("fill") == render.COLORS["placed"]
    four = [t for t in root.iter(SVG + "text") if t.text == "4"]
    assert all(t.get("font-weight") == "bold" and t.get("fill") == render.COLORS["given"]
               for t in four)


def test_candidates_given_as_pairs_or_dict():
    a = render.svg(CLASSIC, candidates=[(1, 2), (1, 3)])
    b = render.svg(CLASSIC, candidates={1: [2, 3]})
    assert a == b
    assert texts(parse(a)).count("2") == texts(parse(render.svg(CLASSIC))).count("2") + 1


def test_highlight_shades_cells():
    root = parse(render.svg(CLASSIC, highlight=[0, 80]))
    assert len([r for r in root.iter(SVG + "rect")
                if r.get("fill") == render.COLORS["highlight"]]) == 2


@pytest.mark.parametrize("kwargs, error", [
    ({"highlight": [81]}, ValueError), ({"candidates": [(0, 10)]}, ValueError),
    ({"candidates": 5}, TypeError), ({"colors": {"nope": "#000"}}, ValueError),
    ({"colors": {"given": "red"}}, ValueError), ({"size": -3}, ValueError),
    ({"step": "x-wing"}, TypeError), ({"title": 5}, TypeError)])
def test_bad_options_are_refused_clearly(kwargs, error):
    with pytest.raises(error):
        render.svg(CLASSIC, **kwargs)


def test_bad_objects_are_refused():
    with pytest.raises(TypeError, match="Grid"):
        render.svg(3.5)
    with pytest.raises(ValueError):
        render.svg("12x")


def test_colors_and_size_options():
    svg = render.svg(CLASSIC, colors={"given": "#a0b"}, size=200)
    root = parse(svg)
    assert root.get("width") == "200"
    assert any(t.get("fill") == "#aa00bb" for t in root.iter(SVG + "text"))


def test_text_forms_read_like_solve():
    block = "\n".join(CLASSIC[i:i + 9] for i in range(0, 81, 9))
    assert render.svg(block) == render.svg(CLASSIC) == render.svg(Grid(CLASSIC))
    marks = State.of(CLASSIC).to_pencilmarks()
    assert render.svg(marks) == render.svg(State.of(CLASSIC))


# --- steps ----------------------------------------------------------------------------------

def test_xwing_step_marks_pattern_and_eliminations():
    state, step = state_before(XWING_PUZZLE, "x-wing")
    svg = render.svg(state, step=step)
    assert svg == render.svg(state, step=step)
    root = parse(svg)
    circles = root.findall(f"{SVG}circle")
    struck = [c for c in circles if c.get("stroke") == render.COLORS["eliminated"]]
    assert len(struck) == len(step.eliminations)
    pattern = [c for c in circles if c.get("fill") == render.COLORS["mark"]]
    assert len(pattern) == 4  # the X-Wing's four corners
    shaded = [r for r in root.iter(SVG + "rect") if r.get("fill") == render.COLORS["pattern"]]
    assert len(shaded) == len(step.evidence["cells"])


def test_chain_links_are_arrows_strong_solid_weak_dashed():
    state, step = xchain_step()
    root = parse(render.svg(state, step=step))
    paths = root.findall(f"{SVG}path")
    heads = [p for p in root.findall(f"{SVG}polygon") if p.get("fill") == render.COLORS["link"]]
    kinds = step.evidence["links"]
    assert len(paths) == len(heads) == len(kinds)
    assert [("dash" if p.get("stroke-dasharray") else "solid") for p in paths] == \
        ["dash" if k == "weak" else "solid" for k in kinds]


def test_placement_drawn_green_even_without_candidates():
    state = State.of(CLASSIC)
    step = logic.hint(state)
    assert step.placements
    root = parse(render.svg(Grid(CLASSIC), step=step, candidates=False))
    green = [t for t in root.iter(SVG + "text") if t.get("fill") == render.COLORS["placement"]]
    assert len(green) == len(step.placements)


def test_every_technique_family_draws(sample_steps):
    for state, step in sample_steps:
        svg = render.svg(state, step=step)
        parse(svg)
        assert svg == render.svg(state, step=step)


@pytest.fixture(scope="module")
def sample_steps():
    """Steps of several techniques along two logical paths (singles, subsets, fish,
    wings, uniqueness, chains ...)."""
    out, seen = [], set()
    for puzzle in (XWING_PUZZLE, ".......9476.91..5..9...2.81.7..5..1....7.9....8..31.6724.1...7..1..9..459.....1.."):
        path = logic.steps(puzzle)
        state = path.start
        for step in path.steps:
            if step.technique not in seen:
                seen.add(step.technique)
                out.append((state, step))
            state = state.apply(step)
    assert len(seen) >= 8
    return out


def test_step_with_foreign_evidence_is_skipped_not_crashed():
    step = Step("x-wing", eliminations=[(3, 1)],
                evidence={"cells": [1, 999, "x"], "units": [500], "chain": [[1, 2], "bad"],
                          "links": [[0, 1000, 3]], "branches": [{"nodes": [[0, 1, "on"]],
                                                                 "parents": [[5]]}]})
    parse(render.svg(CLASSIC, step=step))
    with pytest.raises(ValueError, match="outside"):
        render.svg(CLASSIC, step=Step("x-wing", eliminations=[(81, 1)]))


# --- golden files ----------------------------------------------------------------------------

def _golden_cases():
    spec = importlib.util.spec_from_file_location("make_golden_render",
                                                  TESTDATA / "make_golden_render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.cases()


def test_golden_svgs_byte_for_byte():
    cases = _golden_cases()
    assert len(cases) >= 5
    for name, picture in cases.items():
        want = (TESTDATA / "render" / name).read_bytes()
        assert picture.encode("utf-8") == want, f"{name} differs: run tests/data/make_golden_render.py " \
                                                f"if the change is meant"


# --- PDF structure ---------------------------------------------------------------------------

def test_pdf_is_deterministic_with_a_correct_xref():
    data = render.pdf(CLASSIC, title="T")
    assert data == render.pdf(CLASSIC, title="T")
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    start = int(data[data.rindex(b"startxref") + 10:].split()[0])
    assert data[start:start + 4] == b"xref"
    lines = data[start:].split(b"\n")
    count = int(lines[1].split()[1])
    for k in range(1, count):
        offset = int(lines[2 + k][:10])
        assert data[offset:].startswith(f"{k} 0 obj".encode())
    stream = data[data.index(b"stream\n") + 7:data.index(b"\nendstream")]
    content = zlib.decompress(stream).decode("latin-1")
    assert "/F2" in content and "Tj" in content and " re f" in content


def test_booklet_options_refused():
    with pytest.raises(ValueError, match="per_page"):
        render.booklet([CLASSIC], per_page=3)
    with pytest.raises(ValueError, match="paper"):
        render.booklet([CLASSIC], paper="a5")
    with pytest.raises(ValueError, match="ratings"):
        render.booklet([CLASSIC], ratings=["a", "b"])
    with pytest.raises(ValueError, match="at least one"):
        render.booklet([])


def test_booklet_says_no_solution_and_not_unique():
    illegal = "11" + "." * 79
    impossible = "12345678." + "........9" + "." * 63  # r1c9 must be 9, and col 9 has a 9
    ambiguous = "." * 81
    pdf = render.booklet([illegal, impossible, ambiguous, CLASSIC], solutions=True, per_page=4)
    body = b"".join(zlib.decompress(pdf[m.end():pdf.index(b"\nendstream", m.end())])
                    for m in re.finditer(rb">>\nstream\n", pdf))
    assert b"illegal givens" in body and b"no solution" in body and b"not unique" in body
    assert b"Solution 4" in body


# --- Jupyter and imports -----------------------------------------------------------------------

def test_reprs():
    grid = Grid(CLASSIC)
    assert grid._repr_svg_() == render.svg(grid)
    state = State.of(CLASSIC)
    assert state._repr_svg_() == render.svg(state)
    step = logic.hint(state)
    html = step._repr_html_()
    assert step.name in html and "placements: r" in html
    path = logic.steps(CLASSIC, max_steps=3)
    html = path._repr_html_()
    assert html.count("<svg") == 3 and path.steps[2].name in html
    assert render.svg(CLASSIC)._repr_svg_() == render.svg(CLASSIC)


def test_render_is_imported_lazily():
    code = ("import sys, sudokit\ng = sudokit.Grid('1...' * 4)\nsudokit.solve(g)\n"
            "print(any(m.startswith('sudokit.render') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"


def test_package_docstring_example():
    import doctest
    result = doctest.testmod(render, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
