"""Thermometers, kropki dots, XV, whispers, palindromes and the negative rules.

The rules are checked against their plain meaning, written here independently of the weak
links they become: every 4x4 grid (all 288) is tested against each constraint set by those
predicates, and every engine must count exactly the grids that pass.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import subprocess
import sys

import pytest

import sudokit
from sudokit import formats, geometry, logic
from sudokit.errors import GeometryError, ParseError
from sudokit.generate import generate

ENGINES = [e for e in sudokit.ENGINES if e not in ("auto", "fast9")]


# --- the rules in their plain meaning -------------------------------------------------------


def holds(kind, cells, value, v, n):
    """True when the values v (a full grid) keep one constraint."""
    xs = [v[c] for c in cells]
    if kind == "thermo":
        return all(a < b for a, b in zip(xs, xs[1:]))
    if kind == "diff":
        return abs(xs[0] - xs[1]) == value
    if kind == "ratio":
        return xs[0] == value * xs[1] or xs[1] == value * xs[0]
    if kind == "sum":
        return xs[0] + xs[1] == value
    if kind == "whisper":
        return all(abs(a - b) >= value for a, b in zip(xs, xs[1:]))
    if kind == "palindrome":
        return xs == xs[::-1]
    raise AssertionError(kind)


def neighbours(n):
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield r * n + c, r * n + c + 1
            if r + 1 < n:
                yield r * n + c, (r + 1) * n + c


def keeps(geom, v):
    """True when a full grid keeps every constraint and negative rule of geom (the units
    are the grid generator's business)."""
    n = geom.size
    cons = geom.constraints
    if not all(holds(k, cells, val, v, n) for k, cells, val in cons):
        return False
    dotted = {kind: {tuple(sorted(c)) for k, c, val in cons if k == kind and
                     (kind != "diff" or val == 1)} for kind in ("diff", "ratio", "sum")}
    for i, j in neighbours(n):
        a, b = v[i], v[j]
        if "nonconsecutive" in geom.rules and (i, j) not in dotted["diff"] and abs(a - b) == 1:
            return False
        if "negative-ratio" in geom.rules and (i, j) not in dotted["ratio"] and \
                (a == 2 * b or b == 2 * a):
            return False
        if "negative-xv" in geom.rules and (i, j) not in dotted["sum"] and a + b in (5, 10):
            return False
    return True


def all_4x4():
    """Every 4x4 sudoku grid with 2x2 boxes, by brute force (288 of them)."""
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        if all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4)) and all(
                len({grid[r][c] for r in range(br, br + 2) for c in range(bc, bc + 2)}) == 4
                for br in (0, 2) for bc in (0, 2)):
            out.append(tuple(x for row in grid for x in row))
    return out


GRIDS_4 = all_4x4()


def random_constraints(rng, n):
    """A few constraints of random kinds on random adjacent or nearby cells."""
    out = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["thermo", "diff", "ratio", "sum", "whisper", "palindrome", "white",
                           "black", "v"] + (["x"] if n >= 5 else []))
        if kind in ("thermo", "whisper", "palindrome"):
            cells = [rng.randrange(n * n)]
            for _ in range(rng.randint(1, 3)):
                r, c = divmod(cells[-1], n)
                options = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                           if 0 <= r + dr < n and 0 <= c + dc < n
                           and (r + dr) * n + c + dc not in cells]
                if not options:
                    break
                cells.append(rng.choice(options))
            if len(cells) < 2:
                continue
            value = rng.choice([None, 1, 2]) if kind == "whisper" else None
        else:
            i, j = rng.choice(list(neighbours(n)))
            cells = [i, j]
            value = {"diff": rng.choice([1, 2]), "ratio": 2, "sum": rng.choice([3, 4, 5, 6, 7])
                     }.get(kind)
        out.append((kind, cells, value) if value is not None else (kind, cells))
    return out


# --- every engine counts what the rules allow --------------------------------------------------


def test_the_4x4_grids_are_288():
    assert len(GRIDS_4) == 288 == len(set(GRIDS_4))


@pytest.mark.parametrize("seed", range(40))
def test_every_engine_counts_what_the_rules_allow(seed):
    rng = random.Random(seed)
    geom = geometry.boxes(2, 2).with_constraints(*random_constraints(rng, 4))
    if seed % 4 == 1:
        geom = geom.with_rules("nonconsecutive")
    if seed % 4 == 2:
        geom = geom.with_rules("negative-ratio", "negative-xv")
    expected = [g for g in GRIDS_4 if keeps(geom, g)]
    empty = sudokit.Grid([0] * 16, geometry=geom)
    for engine in ENGINES:
        assert sudokit.count_solutions(empty, limit=None, engine=engine) == len(expected), \
            (engine, geom.name)
    found = set()
    for s in sudokit.solutions(empty, engine="dlx"):
        assert geom.is_solution(s.values) and keeps(geom, s.values)
        found.add(s.values)
    assert found == set(expected)
    for g in GRIDS_4:
        assert geom.is_solution(g) == (g in found)


def test_givens_and_constraints_together():
    rng = random.Random(5)
    for _ in range(30):
        geom = geometry.boxes(2, 2).with_constraints(*random_constraints(rng, 4))
        target = rng.choice(GRIDS_4)
        puzzle = [x if rng.random() < 0.3 else 0 for x in target]
        expected = sum(1 for g in GRIDS_4 if keeps(geom, g) and
                       all(p in (0, x) for p, x in zip(puzzle, g)))
        grid = sudokit.Grid(puzzle, geometry=geom)
        for engine in ENGINES:
            assert sudokit.count_solutions(grid, limit=None, engine=engine) == expected, engine


def test_a_thermometer_links_every_two_of_its_cells():
    geom = geometry.boxes(3, 3).with_constraints(("thermo", (0, 1, 2, 3)))
    masks = dict(((i, j), m) for i, j, m in geom.links)
    # r1c1 = 7 leaves r1c4 nothing (it needs 10 or more); r1c4 = 3 leaves r1c1 nothing
    assert masks[(0, 3)][6] == 0b111111111
    assert masks[(3, 0)][2] == 0b111111111
    assert (0, 2) in masks and (1, 3) in masks


@pytest.mark.parametrize("rules", ["nonconsecutive", "nonconsecutive,negative-ratio",
                                   "negative-xv"])
def test_a_9x9_with_a_negative_rule_solves_on_every_engine(rules):
    geom = geometry.parse("3x3+" + rules.replace(",", "+"))
    empty = sudokit.Grid("." * 81, geometry=geom)
    for engine in ENGINES:
        s = sudokit.solve(empty, engine=engine)
        if s is None:        # negative-ratio and nonconsecutive together may leave nothing
            assert sudokit.check(empty, engine="learn") == sudokit.Verdict.IMPOSSIBLE
            continue
        assert geom.is_solution(s.values) and keeps(geom, s.values), engine


def test_a_6x6_puzzle_made_of_its_solutions_constraints():
    rng = random.Random(11)
    relabel = [0] + rng.sample(range(1, 7), 6)
    solution = tuple(relabel[v] for v in sudokit.solve(sudokit.Grid.empty("2x3")).values)
    n = 6
    cons = []
    for i, j in neighbours(n):       # every dot the solution has (1-2: white and black)
        a, b = solution[i], solution[j]
        if abs(a - b) == 1:
            cons.append(("white", (i, j)))
        if a == 2 * b or b == 2 * a:
            cons.append(("black", (i, j)))
    row = [solution[c] for c in range(6)]
    order = sorted(range(6), key=row.__getitem__)
    cons.append(("thermo", order[:3]))
    geom = geometry.boxes(2, 3).with_constraints(*cons).with_rules("nonconsecutive",
                                                                    "negative-ratio")
    assert geom.is_solution(solution) and keeps(geom, solution)
    puzzle = sudokit.Grid([v if rng.random() < 0.15 else 0 for v in solution], geometry=geom)
    for engine in ENGINES:
        got = sudokit.solve(puzzle, engine=engine)
        assert got is not None and keeps(geom, got.values) and sudokit.is_solution(got, puzzle)


# --- names, JSON, pickling, errors -------------------------------------------------------------


def test_names_read_back():
    text = ("3x3+nonconsecutive+thermo(r1c1-r1c2-r1c3)+white(r5c5-r5c6)+black(r6c6-r7c6)"
            "+x(r9c1-r9c2)+v(r8c8-r8c9)+diff3(r2c2-r2c3)+whisper(r4c3-r3c2-r2c1)"
            "+palindrome(r7c3-r7c2-r7c1)")
    g = geometry.parse(text)
    assert g.name == ("3x3+nonconsecutive+thermo(r1c1-r1c2-r1c3)+diff3(r2c2-r2c3)+diff(r5c5-r5c6)"
                      "+ratio(r6c6-r7c6)+sum5(r8c8-r8c9)+sum10(r9c1-r9c2)"
                      "+whisper(r2c1-r3c2-r4c3)+palindrome(r7c1-r7c2-r7c3)")
    assert geometry.parse(g.name) is g
    assert eval(repr(g), {"geometry": geometry}) is g
    assert geometry.Geometry.from_json(json.loads(json.dumps(g.to_json()))) is g
    import pickle
    assert pickle.loads(pickle.dumps(g)) is g
    # a thermometer has a direction; a kropki pair does not
    assert geometry.parse("3x3+thermo(r1c2-r1c1)") is not geometry.parse("3x3+thermo(r1c1-r1c2)")
    assert geometry.parse("3x3+white(r1c2-r1c1)") is geometry.parse("3x3+white(r1c1-r1c2)")
    # the same constraint twice is one constraint
    assert geometry.parse("3x3+x(r1c1-r1c2)+sum10(r1c2-r1c1)").constraints == \
        (("sum", (0, 1), 10),)


def test_a_constraint_geometry_is_not_classic_and_keeps_explicit_links_apart():
    g = geometry.parse("2x2+diff(r1c1-r1c2)")
    assert not g.is_classic and g.links and not g.extra_links
    both = g.with_links((5, 6, (0b10, 0, 0, 0)))
    assert both.extra_links and len(both.links) == len(g.links) + 2
    assert both.name is None and eval(repr(both), {"Geometry": geometry.Geometry}) is both


@pytest.mark.parametrize("text, words", [
    ("3x3+thermo(r1c1)", "two cells or more"),
    ("3x3+thermo(r1c1-r1c1)", "appears twice"),
    ("3x3+diff(r1c1-r1c2-r1c3)", "joins two cells"),
    ("3x3+sum20(r1c1-r1c2)", "cannot hold"),
    ("3x3+sum(r1c1-r1c2)", "needs its total"),
    ("3x3+diff9(r1c1-r1c2)", "cannot hold"),
    ("3x3+ratio1(r1c1-r1c2)", "cannot hold"),
    ("3x3+ratio0(r1c1-r1c2)", "ratio: a value of 0 cannot hold on a 9x9 grid (2..9)"),
    ("3x3+diff0(r1c1-r1c2)", "diff: a value of 0 cannot hold on a 9x9 grid (1..8)"),
    ("3x3+sum0(r1c1-r1c2)", "sum: a sum of 0 cannot hold"),
    ("3x3+whisper0(r1c1-r1c2)", "whisper: a value of 0 cannot hold"),
    ("3x3+diff-1(r1c1-r1c2)", "bad constraint"),
    ("2x2+thermo(r1c1-r1c2-r1c3-r1c4-r2c4)",
     "a thermo line of 5 cells cannot hold on a 4x4 grid (its values increase: at most 4"),
    ("3x3+quadruple(r1c1-r1c2)", "unknown constraint 'quadruple'"),
    ("3x3+thermo(r1c1-r10c1)", "outside a 9x9 grid"),
    ("3x3+thermo(r1c1-a2)", "not a cell name"),
    ("3x3+thermo(r1c1-r1c2", "bad constraint"),
    ("3x3+nonconsecutiv", "unknown rule"),
])
def test_bad_constraints_are_named(text, words):
    with pytest.raises(GeometryError, match=re.escape(words)):
        geometry.parse(text)


def test_bad_constraint_tuples_are_named():
    base = geometry.boxes(2, 2)
    with pytest.raises(GeometryError, match="outside the grid"):
        base.with_constraints(("thermo", (0, 16)))
    with pytest.raises(GeometryError, match="kind, cells"):
        base.with_constraints(("thermo",))
    with pytest.raises(GeometryError, match="cells are cell numbers"):
        base.with_constraints(("diff", ("a", 1)))
    with pytest.raises(GeometryError, match="unknown geometry field"):
        geometry.Geometry.from_json({"size": 4, "thermos": []})


def test_status_names_the_broken_constraint():
    g = sudokit.Grid("21" + "." * 14, geometry="2x2+thermo(r1c1-r1c2)")
    status = g.status()
    assert not status.is_legal
    assert any("thermometer r1c1-r1c2" in str(c.where if hasattr(c, "where") else c)
               for c in status.conflicts)
    near = sudokit.Grid("12" + "." * 14, geometry="2x2+nonconsecutive")
    assert any("nonconsecutive r1c1=1 r1c2=2" in str(c) for c in near.status().conflicts)
    assert sudokit.check(g) == sudokit.Verdict.ILLEGAL


# --- f-puzzles -------------------------------------------------------------------------------


def _fpuzzles(size=4, **keys):
    obj = {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)]}
    obj.update(keys)
    return json.dumps(obj)


def test_fpuzzles_reads_thermometers_dots_and_lines():
    text = _fpuzzles(thermometer=[{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"]]}],
                     difference=[{"cells": ["R3C3", "R3C4"]}, {"cells": ["R4C1", "R4C2"],
                                                               "value": "2"}],
                     ratio=[{"cells": ["R2C3", "R2C4"]}],
                     xv=[{"cells": ["R4C3", "R4C4"], "value": "V"}],
                     palindrome=[{"lines": [["R3C1", "R3C2"]]}],
                     nonconsecutive=True, negative=["ratio"])
    g = formats.parse_fpuzzles(text).geometry
    assert set(g.constraints) == {("thermo", (0, 1, 2), 0), ("thermo", (0, 4), 0),
                                  ("diff", (10, 11), 1), ("diff", (12, 13), 2),
                                  ("ratio", (6, 7), 2), ("sum", (14, 15), 5),
                                  ("palindrome", (8, 9), 0)}
    assert set(g.rules) == {"nonconsecutive", "negative-ratio"}
    grid = sudokit.Grid([0] * 16, geometry=g)
    assert formats.parse_fpuzzles(formats.format_fpuzzles(grid)) == grid


@pytest.mark.parametrize("keys, words", [
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, 'value is "X" or "V"'),
    ({"difference": [{"cells": ["R1C1"]}]}, "two cells"),
    ({"thermometer": [{"lines": "R1C1"}]}, "thermometer 1"),
    ({"thermometer": [{"lines": [["R1C1", "R9C9"]]}]}, "not a cell"),
    ({"negative": ["arrow"]}, '"negative" lists'),
    ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "one"}]}, "whole number"),
    ({"arrow": [{"cells": ["R1C1"], "lines": []}]}, "'arrow'"),
])
def test_fpuzzles_bad_constraints_are_named(keys, words):
    with pytest.raises(ParseError, match=words):
        formats.parse_fpuzzles(_fpuzzles(**keys))


def test_a_value_of_zero_or_less_is_refused_like_ratio1():
    """diff0/ratio0 (and f-puzzles dots with value 0) are refused with the reason ratio1 gets,
    not read as the default dot (issue #33, finding 13); no value at all is the default."""
    base = geometry.boxes(3, 3)
    for kind, value in (("diff", 0), ("ratio", 0), ("sum", 0), ("whisper", 0), ("diff", -1),
                        ("ratio", -2), ("ratio", "0"), ("ratio", 1)):
        with pytest.raises(GeometryError, match=f"{kind}: a (value|sum) of {value} cannot hold"):
            base.with_constraints((kind, (0, 1), value))
    assert base.with_constraints(("diff", (0, 1))).constraints == (("diff", (0, 1), 1),)
    assert base.with_constraints(("ratio", (0, 1), None)).constraints == (("ratio", (0, 1), 2),)
    assert base.with_constraints(("thermo", (0, 1), 0)).constraints == (("thermo", (0, 1), 0),)
    for key in ("ratio", "difference"):
        for value in ("0", 0, "-3"):
            text = _fpuzzles(**{key: [{"cells": ["R1C1", "R1C2"], "value": value}]})
            with pytest.raises(ParseError, match=f"a value of {int(value)} cannot hold on a "
                                                 "4x4 grid"):
                formats.parse_fpuzzles(text)
        text = _fpuzzles(**{key: [{"cells": ["R1C1", "R1C2"], "value": ""}]})
        assert formats.parse_fpuzzles(text).geometry.constraints[0][2] == \
            {"ratio": 2, "difference": 1}[key]


def test_the_command_line_refuses_a_ratio_of_zero(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(_fpuzzles(ratio=[{"cells": ["R1C1", "R1C2"], "value": "0"}]) + "\n")
    out = _cli("check", "--format", "fpuzzles", str(path))
    assert out.returncode != 0 and "ratio: a value of 0 cannot hold" in out.stderr, out


def test_fpuzzles_cannot_write_other_sums():
    grid = sudokit.Grid([0] * 16, geometry="2x2+sum6(r1c1-r1c2)")
    with pytest.raises(GeometryError, match="X.*V"):
        formats.format_fpuzzles(grid)


# --- every tool: generate, logic, the command line --------------------------------------------


def test_generated_puzzles_keep_their_constraints_and_are_unique():
    geom = geometry.parse("3x3+thermo(r1c1-r1c2-r1c3-r1c4)+white(r5c5-r5c6)+black(r9c8-r9c9)"
                          "+x(r2c8-r3c8)+palindrome(r7c1-r7c4-r6c5)")
    for g in generate(geometry=geom, count=2, seed=3, minimal=True):
        assert g.puzzle.geometry is geom
        assert sudokit.count_solutions(g.puzzle) == 1
        assert keeps(geom, g.solution.values) and sudokit.is_solution(g.solution, g.puzzle)


@pytest.mark.parametrize("name", ["2x3+nonconsecutive+thermo(r1c1-r2c2-r3c3)",
                                  "3x3+thermo(r1c1-r1c2-r1c3)+white(r4c4-r4c5)"])
def test_logic_solves_constraint_puzzles_soundly(name):
    geom = geometry.parse(name)
    [g] = generate(geometry=geom, count=1, seed=8)
    path = logic.steps(g.puzzle)
    solution = g.solution.values
    state = path.start
    for step in path.steps:
        for c, v in step.placements:
            assert solution[c] == v, step
        for c, v in step.eliminations:
            assert solution[c] != v, step
        state = state.apply(step)
    assert path.status == "solved" and state.values == solution
    # a wrong pencil mark is reported, never hinted from
    cell = next(c for c in range(geom.ncells) if not g.puzzle.values[c])
    bad = logic.State.of(g.puzzle).eliminate([(cell, solution[cell])])
    assert logic.steps(bad).problems


def _cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "sudokit", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_the_command_line_takes_constraints_in_rules(tmp_path):
    geom = geometry.parse("3x3+thermo(r1c1-r1c2-r1c3)+white(r4c4-r4c5)+negative-ratio")
    [g] = generate(geometry=geom, count=1, seed=8)
    path = tmp_path / "p.txt"
    path.write_text(g.puzzle.to_line() + "\n")
    out = _cli("solve", "--rules", "thermo(r1c1-r1c2-r1c3),white(r4c4-r4c5)",
               "--rules", "negative-ratio", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == g.solution.to_line()
    bad = _cli("solve", "--rules", "thermo(r1c1)", str(path))
    assert bad.returncode == 2 and "two cells or more" in bad.stderr


def test_the_command_line_reads_and_writes_fpuzzles_constraints(tmp_path):
    geom = geometry.parse("3x3+thermo(r1c1-r1c2-r1c3)+x(r4c4-r4c5)+negative-xv")
    [g] = generate(geometry=geom, count=1, seed=4)
    path = tmp_path / "p.json"
    path.write_text(formats.format_fpuzzles(g.puzzle) + "\n")
    out = _cli("solve", "--to", "fpuzzles", str(path))
    assert out.returncode == 0, out.stderr
    back = json.loads(out.stdout)
    assert back["thermometer"] == [{"lines": [["R1C1", "R1C2", "R1C3"]]}]
    assert back["negative"] == ["xv"]
    assert formats.parse_fpuzzles(out.stdout).geometry is geom
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"puzzle": g.puzzle.to_line(), "geometry": geom.name}) + "\n")
    out = _cli("check", str(rows))
    assert out.returncode == 0 and '"unique"' in out.stdout, out.stdout + out.stderr


def test_fpuzzles_ignore_drops_constraint_keys_knowingly():
    text = _fpuzzles(thermometer=[{"lines": [["R1C1", "R1C2"]]}], nonconsecutive=True,
                     negative=["xv"], xv=[{"cells": ["R1C1", "R1C2"], "value": "V"}])
    g = formats.parse_fpuzzles(text, ignore=["thermometer", "nonconsecutive", "negative"]).geometry
    assert g.constraints == (("sum", (0, 1), 5),) and g.rules == ()


# --- pictures --------------------------------------------------------------------------------


def test_pictures_draw_the_constraints_and_explain_them(tmp_path):
    from sudokit import render
    name = ("3x3+nonconsecutive+thermo(r1c1-r1c2-r1c3)+white(r5c5-r5c6)+black(r6c6-r7c6)"
            "+diff3(r2c1-r2c2)+x(r9c1-r9c2)+v(r8c8-r8c9)+whisper(r4c7-r5c8)+palindrome(r7c2-r8c3)")
    grid = sudokit.Grid("." * 81, geometry=name)
    svg = str(render.svg(grid))
    # the thermometer's bulb: a disc 0.38 of a 40-unit cell at r1c1's centre (6 + 20 = 26)
    assert 'cx="26" cy="26" r="15.2"' in svg
    assert svg.count('stroke-linecap="round"') == 2 + 1 + 1      # stem, whisper, palindrome
    assert ">X</text>" in svg and ">V</text>" in svg and ">3</text>" in svg
    for words in ("Thermometers: values rise from the bulb.", "White dots:", "Black dots:",
                  "X: the two values sum to 10", "Green lines:", "Purple lines",
                  "Nonconsecutive: side-by-side cells without a white dot"):
        assert words in svg, words
    assert "Weak links" not in svg                      # their links are drawn as what they are
    pdf = render.pdf(grid)
    assert pdf.startswith(b"%PDF")
    import re
    import zlib
    streams = re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S)
    content = b"".join(zlib.decompress(s) if s[:1] == b"x" else s for s in streams)
    assert b" 1 J" in content                           # round caps in the PDF too
    recoloured = str(render.svg(grid, colors={"thermo": "#ff0000", "dot": "#00ff00"}))
    assert "#ff0000" in recoloured and "#00ff00" in recoloured
    out = _cli("render", "--rules", "thermo(r1c1-r1c2-r1c3),x(r9c1-r9c2)", "-o",
               str(tmp_path / "p.svg"), stdin="." * 81 + "\n")
    assert out.returncode == 0, out.stderr
    assert ">X</text>" in (tmp_path / "p.svg").read_text()


def test_the_web_api_generates_and_lays_out_a_nonconsecutive_puzzle():
    from sudokit.serve import _api
    made = _api._generate({"box": "3x3", "rules": ["nonconsecutive"], "symmetry": "rot180",
                           "seed": 5})
    lay = made["layout"]
    assert lay["rules"] == ["nonconsecutive"] and lay["links"] and lay["constraints"] == []
    geom = geometry.Geometry.from_json(made["puzzle"]["geometry"])
    puzzle = sudokit.Grid(made["puzzle"]["givens"], geometry=geom)
    assert sudokit.count_solutions(puzzle) == 1
    # the page checks the links it is given: every one is a pair of side-by-side cells
    # that may not hold consecutive values
    for i, j, masks in lay["links"]:
        assert abs(i - j) in (1, 9)
        assert all(masks[a - 1] == sum(1 << (b - 1) for b in (a - 1, a + 1) if 1 <= b <= 9)
                   for a in range(1, 10))


def test_a_fill_that_propagate_cannot_finish_goes_on_with_learn(monkeypatch):
    import sudokit.generate as gen
    geom = geometry.parse("2x3+nonconsecutive+thermo(r1c1-r1c2-r1c3)")
    monkeypatch.setattr(gen, "FILL_MAX_NODES", 1)          # propagate gives up at once
    [g] = generate(geometry=geom, count=1, seed=6)
    assert keeps(geom, g.solution.values) and sudokit.count_solutions(g.puzzle) == 1
    monkeypatch.setattr(gen, "FILL_LEARN_DECISIONS", 1)    # and learn too: a clear error
    with pytest.raises(gen.GenerationError, match="propagate found none in 1 nodes, learn none"):
        list(generate(geometry=geom, count=1, seed=6))


def test_undecided_minimality_on_linked_grids_suggests_learn(monkeypatch):
    import sudokit.generate as gen
    monkeypatch.setattr(gen, "MINIMAL_NODE_LIMIT", 1)
    monkeypatch.setattr(gen, "VARIANT_NODE_LIMIT", 1)
    with pytest.raises(gen.GenerationError, match=r"try engine='learn' \(--engine learn\)"):
        list(generate(geometry="2x3+nonconsecutive", count=1, seed=1, minimal=True,
                      engine="propagate"))
