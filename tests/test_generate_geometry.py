"""Generation on every geometry (issue #13): X, windoku, anti-knight, anti-king, disjoint,
jigsaws, small grids.

Every generated puzzle is re-checked by engines other than the generator's own check:
sudokit's propagate through the public API, and an exact-cover count built here from the
geometry's units and pairs (sudokit.engine.exact_cover: Algorithm X knows nothing of Sudoku), plus
backtrack on grids up to 6x6 (row-major backtracking is too slow on 9x9 minimal puzzles to
run by default; test_backtrack_agrees_on_9x9 does it, marked slow).  Solutions are checked
by Geometry.is_solution, symmetric patterns by cell maps written out here.
"""

from __future__ import annotations

import argparse
import io

import pytest

import sudokit
from sudokit.engine import _backend, exact_cover
from sudokit import geometry
from sudokit.cli.generate import add_parser as add_cli, parse_regions, run_cli
from sudokit.errors import ParseError
from sudokit.generate import GenerationError, generate, orbits, remake, symmetries
from sudokit.geometry import GeometryError

# boxes with seven pairs of equal-valued cells (in a classic solution) traded between regions
JIGSAW9 = ("AAABBBBCC"
           "AAABBBCCC"
           "AAABECCCC"
           "DDDEEBFFF"
           "DDDEEEFFF"
           "DDGHHEFFF"
           "DGGHEEIII"
           "GGGHHHIII"
           "GGGHHHIII")
JIGSAW6 = ("AAAAAB"
           "ABBBBB"
           "CCCCDD"
           "CCDDDF"
           "EEEDFF"
           "EEEFFF")
# region maps that rot180 maps onto themselves (and no other symmetry)
JIGSAW6_ROT180 = ("AAABCB"
                  "AADBBB"
                  "DDACBC"
                  "DEDFCC"
                  "EEECFF"
                  "EDEFFF")
JIGSAW9_ROT180 = ("AAABBBCCC"
                  "AABABCCBC"
                  "AAABBBCCC"
                  "DDDEEEFFF"
                  "DDDEEEFFF"
                  "DDDEEEFFF"
                  "GGGHHHIII"
                  "GHGGHIHII"
                  "GGGHHHIII")
# the one-diagonal rule (whatever geometry.RULES calls it): the main diagonal only
ONE_DIAGONAL = next(r for r in geometry.RULES if r != "x" and "diag" in r
                    and geometry.boxes(3, 3).with_rules(r).units[27][0] == 0)


def _geom(spec) -> geometry.Geometry:
    if isinstance(spec, str) and spec.startswith("jigsaw:"):
        return geometry.jigsaw(globals()[spec[len("jigsaw:"):]])
    return geometry.as_geometry(spec)


# --- independent checks ---------------------------------------------------------------------


def _cover_count(grid, limit: int = 2):
    """(count up to limit, first solution values or None) by exact cover on grid's geometry.

    Items: every cell and every (unit of N cells, value) primary; (smaller unit, value) and
    (pair, value) secondary.  Options: (cell, value) for each value a cell may hold (only its
    given, if it has one), covering its cell, its units' and its pairs' (., value) items.
    """
    geom = grid.geometry
    assert not geom.links, "the cover here knows units and pairs only"
    n, ncells = geom.size, geom.ncells
    full = [u for u in geom.units if len(u) == n]
    small = [u for u in geom.units if len(u) < n]
    n_primary = ncells + len(full) * n
    n_secondary = (len(small) + len(geom.pairs)) * n
    groups: list[list[int]] = [[] for _ in range(ncells)]  # item base of each group of a cell
    for k, unit in enumerate(full):
        for c in unit:
            groups[c].append(ncells + k * n)
    for k, unit in enumerate(small):
        for c in unit:
            groups[c].append(n_primary + k * n)
    for k, pair in enumerate(geom.pairs):
        for c in pair:
            groups[c].append(n_primary + (len(small) + k) * n)
    starts, items, meaning = [0], [], []
    for cell, given in enumerate(grid.values):
        for v in ([given] if given else range(1, n + 1)):
            items += [cell] + [base + v - 1 for base in groups[cell]]
            starts.append(len(items))
            meaning.append((cell, v))
    count_fn = _backend.C.dlx_count if _backend.C is not None else exact_cover.dlx_count
    count, first, _, stopped = count_fn(n_primary, n_secondary, starts, items, limit, 0)
    assert not stopped
    if first is None:
        return count, None
    values = [0] * ncells
    for option in first:
        cell, v = meaning[option]
        values[cell] = v
    return count, tuple(values)


def _maps(symmetry: str, n: int):
    """The symmetry's generators as (r, c) maps, written out independently of generate.py."""
    m = n - 1
    table = {
        "rot180": [lambda r, c: (m - r, m - c)],
        "rot90": [lambda r, c: (c, m - r)],
        "mirror-h": [lambda r, c: (m - r, c)],
        "mirror-v": [lambda r, c: (r, m - c)],
        "diagonal": [lambda r, c: (c, r)],
        "antidiagonal": [lambda r, c: (m - c, m - r)],
        "none": [],
    }
    table["dihedral"] = table["rot90"] + table["diagonal"]
    return table[symmetry]


def _assert_unique(g, geom) -> None:
    """g's puzzle has exactly one solution, g.solution, by two engines of different kinds."""
    puzzle, solution = g.puzzle, g.solution
    assert puzzle.geometry is geom and solution.geometry is geom
    assert geom.is_solution(solution.values, puzzle.values)
    assert sudokit.is_solution(solution, puzzle)
    assert puzzle.givens == g.clues
    assert sudokit.count_solutions(puzzle, engine="propagate", limit=2) == 1
    count, first = _cover_count(puzzle)
    assert count == 1 and first == solution.values
    if geom.size <= 6:
        assert sudokit.count_solutions(puzzle, engine="backtrack", limit=2) == 1


def _assert_symmetric(g) -> None:
    n = g.puzzle.geometry.size
    given = {i for i, v in enumerate(g.puzzle.values) if v}
    for f in _maps(g.symmetry, n):
        image = {f(*divmod(i, n))[0] * n + f(*divmod(i, n))[1] for i in given}
        assert image == given, f"pattern not {g.symmetry}-symmetric: {g.puzzle.to_line()}"


def _assert_minimal(g) -> None:
    """Removing any orbit of givens leaves a second solution (checked by exact cover)."""
    vals = list(g.puzzle.values)
    for orbit in orbits(g.puzzle.geometry, g.symmetry):
        if not vals[orbit[0]]:
            assert not any(vals[c] for c in orbit), "an orbit is only partly given"
            continue
        fewer = vals[:]
        for c in orbit:
            fewer[c] = 0
        assert _cover_count(g.puzzle.with_values(fewer))[0] == 2, \
            f"orbit {orbit} of {g.puzzle.to_line()} can be removed"


# --- generation ---------------------------------------------------------------------------

CASES = [  # geometry, symmetry, minimal, count
    ("3x3+x", "rot180", True, 2),
    ("3x3+x", "mirror-h", False, 2),
    ("3x3+windoku", "dihedral", True, 1),
    ("3x3+antiknight", "none", True, 2),
    ("3x3+antiking", "mirror-v", True, 2),
    ("3x3+disjoint", "rot90", True, 2),
    ("jigsaw:JIGSAW9", "none", True, 2),
    ("jigsaw:JIGSAW9_ROT180", "rot180", True, 1),
    ("2x2+x", "none", True, 12),
    ("2x2+x", "diagonal", True, 6),
    ("2x2+windoku", "rot90", True, 6),
    ("jigsaw:JIGSAW6", "none", True, 8),
    ("jigsaw:JIGSAW6_ROT180", "rot180", True, 6),
    ("2x3+antiking", "rot180", True, 6),
    ("2x3+x", "mirror-h", False, 6),
    ("3x2+antiknight", "mirror-v", True, 6),
    ("2x3+disjoint", "none", True, 6),
]


@pytest.mark.parametrize("spec,symmetry,minimal,count", CASES)
def test_generated_puzzles_are_unique_symmetric_minimal(spec, symmetry, minimal, count):
    geom = _geom(spec)
    out = generate(geometry=geom, symmetry=symmetry, minimal=minimal, count=count,
                   seed=f"g-{spec}")
    assert [g.index for g in out] == list(range(count))
    for g in out:
        assert g.symmetry == symmetry and g.minimal == minimal and g.engine == "propagate"
        _assert_unique(g, geom)
        _assert_symmetric(g)
        if minimal:
            _assert_minimal(g)


@pytest.mark.parametrize("spec,rules,count", [
    ("2x2", ("windoku", "antiknight"), 6), ("jigsaw:JIGSAW6", (ONE_DIAGONAL,), 4),
    ("3x3", ("x", "antiking"), 1), ("3x3", ("windoku", "x"), 1), ("jigsaw:JIGSAW9", ("x",), 1),
])
def test_combined_rules(spec, rules, count):
    """A jigsaw or boxes with one or two rules on top."""
    geom = _geom(spec).with_rules(*rules)
    for g in generate(geometry=geom, minimal=True, count=count, seed=5):
        _assert_unique(g, geom)
        _assert_minimal(g)


def test_clue_range_on_a_variant():
    for g in generate(geometry="3x3+antiking", clues=(26, 30), count=3, seed=4):
        assert 26 <= g.clues <= 30
        _assert_unique(g, _geom("3x3+antiking"))


def test_weak_links_geometry():
    """A geometry with general weak links (no relabelling then): still unique puzzles."""
    # r1c1 and r1c2 may not hold consecutive values (a non-consecutive pair of cells)
    masks = [(1 << (a - 2) if a > 1 else 0) | (1 << a if a < 4 else 0) for a in range(1, 5)]
    geom = geometry.boxes(2, 2).with_links((0, 1, masks), (4, 8, masks))
    for g in generate(geometry=geom, minimal=True, count=6, seed=2):
        assert g.puzzle.geometry is geom
        assert geom.is_solution(g.solution.values, g.puzzle.values)
        for engine in ("propagate", "backtrack"):
            assert sudokit.count_solutions(g.puzzle, engine=engine) == 1
        assert abs(g.solution.values[0] - g.solution.values[1]) != 1


def test_variant_fills_differ():
    out = generate(geometry="3x3+x", count=12, seed=1)
    assert len({g.puzzle for g in out}) == 12
    assert len({g.solution for g in out}) == 12


def test_unsolvable_geometry_is_reported():
    with pytest.raises(GenerationError, match="2x2\\+antiking geometry has no solution grid"):
        generate(geometry="2x2+antiking", seed=1)
    with pytest.raises(GenerationError, match="jigsaw\\+x geometry has no solution grid"):
        generate(geometry=geometry.jigsaw(JIGSAW6).with_rules("x"), seed=1)
    code, out, err = _run(["--rules", "antiking", "--box", "2x2"])
    assert code == 1 and out == "" and "has no solution grid" in err


# --- symmetries ---------------------------------------------------------------------------

ALL = ("none", "rot180", "rot90", "mirror-h", "mirror-v", "diagonal", "antidiagonal", "dihedral")
RECT = ("none", "rot180", "mirror-h", "mirror-v")


@pytest.mark.parametrize("spec,expected", [
    ("3x3", ALL), ("2x3", RECT), ("3x3+x", ALL), ("3x3+windoku", ALL), ("3x3+antiknight", ALL),
    ("3x3+antiking", ALL), ("3x3+disjoint", ALL), ("2x3+x", RECT), ("2x3+disjoint", RECT),
    ("2x3+antiking", RECT), (f"3x3+{ONE_DIAGONAL}", ("none", "rot180", "diagonal", "antidiagonal")),
    ("jigsaw:JIGSAW9", ("none",)), ("jigsaw:JIGSAW6_ROT180", ("none", "rot180")),
])
def test_symmetries_of_geometries(spec, expected):
    assert symmetries(_geom(spec)) == expected


def test_the_other_diagonal_has_the_same_symmetries():
    other = next(r for r in geometry.RULES if r not in ("x", ONE_DIAGONAL) and "diag" in r)
    geom = geometry.boxes(3, 3).with_rules(other)
    assert symmetries(geom) == ("none", "rot180", "diagonal", "antidiagonal")


REFUSED = [  # geometry, symmetry, words the message must hold
    (f"3x3+{ONE_DIAGONAL}", "mirror-h", [f"the {ONE_DIAGONAL} rule", "rot180, diagonal"]),
    (f"3x3+{ONE_DIAGONAL}", "rot90", [f"the {ONE_DIAGONAL} rule"]),
    (f"3x3+{ONE_DIAGONAL}", "dihedral", [f"the {ONE_DIAGONAL} rule"]),
    ("jigsaw:JIGSAW9", "rot180", ["jigsaw regions", "symmetries this geometry has: none"]),
    ("jigsaw:JIGSAW6_ROT180", "mirror-v", ["jigsaw regions", "none, rot180"]),
    ("2x3+x", "rot90", ["square boxes"]),
    ("2x3+antiking", "diagonal", ["square boxes"]),
]


@pytest.mark.parametrize("spec,symmetry,words", REFUSED)
def test_refused_symmetries_say_why(spec, symmetry, words):
    geom = _geom(spec)
    for call in (lambda: generate(geometry=geom, symmetry=symmetry, seed=1),
                 lambda: orbits(geom, symmetry)):
        with pytest.raises(GenerationError) as info:
            call()
        message = str(info.value)
        assert repr(symmetry) in message
        for word in words:
            assert word in message, message
    assert isinstance(info.value, ValueError)


def test_refused_extra_units_and_pairs():
    units = geometry.boxes(3, 3).with_units((0, 1, 2, 3))
    with pytest.raises(GenerationError, match="rot180 does not map the extra units"):
        generate(geometry=units, symmetry="rot180")
    pairs = geometry.boxes(3, 3).with_pairs((0, 12))
    with pytest.raises(GenerationError, match="mirror-v does not map the extra pairs"):
        generate(geometry=pairs, symmetry="mirror-v")
    with pytest.raises(GenerationError, match="unknown symmetry"):
        generate(geometry=geometry.jigsaw(JIGSAW6), symmetry="spiral")


def test_orbits_of_a_geometry_partition_the_cells():
    for spec in ("3x3+x", "jigsaw:JIGSAW6_ROT180", "2x3+antiking", "3x3+windoku"):
        geom = _geom(spec)
        for sym in symmetries(geom):
            cells = sorted(c for o in orbits(geom, sym) for c in o)
            assert cells == list(range(geom.ncells))
    assert orbits("3x3+x", "rot180") == orbits("3x3", "rot180")


# --- reproducibility and options ----------------------------------------------------------


def test_same_seed_same_puzzles():
    geom = geometry.jigsaw(JIGSAW6).with_rules(ONE_DIAGONAL)
    one = generate(geometry=geom, count=4, seed=11, minimal=True)
    assert generate(geometry=geom, count=4, seed=11, minimal=True) == one
    assert generate(geometry=geom, count=4, seed=11, minimal=True, jobs=2) == one
    assert generate(geometry=geom, count=4, seed=12, minimal=True) != one
    assert remake(one[3]) == one[3]
    same_name = generate(geometry=geom.name, count=4, seed=11, minimal=True)
    assert same_name == one


def test_golden_output_is_the_same_on_every_backend():
    """Seeded variant output is fixed: the same on C and pure Python, on every run."""
    out = generate(geometry="3x3+x", symmetry="rot180", minimal=True, count=2, seed=2026)
    lines = [g.puzzle.to_line() for g in out]
    assert lines == GOLDEN_X
    out = generate(geometry=geometry.jigsaw(JIGSAW6), count=2, seed=2026)
    assert [g.puzzle.to_line() for g in out] == GOLDEN_JIGSAW6
    for line in GOLDEN_X:
        assert _cover_count(sudokit.Grid(line, geometry="3x3+x"))[0] == 1


GOLDEN_X = [
    "5....7.2.9.....8...2.............6..6..8.3..4..5.............9...2.....7.1.6....8",
    "..3....6.8.......3...25..9..69.1.................2.85..8..97...7.......9.3....4.."]
GOLDEN_JIGSAW6 = [".2....3.1...6.3..........6.......4.2", ".5..6...3...4.....3................1"]


def test_classic_geometry_takes_the_classic_path():
    """geometry='3x3' (or boxes(2, 3)) gives exactly the puzzles of box='3x3' ('2x3')."""
    assert generate(geometry="3x3", count=3, seed=7, symmetry="rot180") == \
        generate(box="3x3", count=3, seed=7, symmetry="rot180")
    assert generate(geometry=geometry.boxes(2, 3), box="2x3", count=3, seed=7) == \
        generate(box="2x3", count=3, seed=7)
    [g] = generate(geometry="3x3", seed=7)
    assert g.puzzle.geometry is geometry.boxes(3, 3) and g.puzzle._geom is None


def test_box_and_geometry_must_agree():
    with pytest.raises(GenerationError, match="box 2x3 does not match the 3x3\\+x geometry"):
        generate(box="2x3", geometry="3x3+x")
    with pytest.raises(GenerationError, match="jigsaw"):
        generate(box="3x3", geometry=geometry.jigsaw(JIGSAW9))
    with pytest.raises(GeometryError, match="unknown rule"):
        generate(geometry="3x3+spiral")


def test_engines_on_variants():
    """Every engine either makes unique minimal puzzles (not always the same ones: variant
    checks have a node limit, and engines count nodes differently) or is refused by name
    before any work."""
    geom = geometry.parse("2x3+x")
    for engine in sudokit.engines():
        try:
            out = generate(geometry=geom, count=3, seed=9, minimal=True, engine=engine)
        except GenerationError as exc:
            assert engine in ("fast9", "dlx", "learn") and repr(engine) in str(exc)
            continue
        for g in out:
            assert g.engine == (engine if engine != "auto" else "propagate")
            _assert_unique(g, geom)
            _assert_minimal(g)


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["3x3+x", "3x3+windoku", "3x3+antiknight", "3x3+antiking",
                                  "3x3+disjoint", "jigsaw:JIGSAW9"])
def test_backtrack_agrees_on_9x9(spec):
    geom = _geom(spec)
    for g in generate(geometry=geom, minimal=True, count=2, seed=f"g-{spec}"):
        assert sudokit.count_solutions(g.puzzle, engine="backtrack") == 1


@pytest.mark.slow
def test_16x16_variant_unique():
    geom = _geom("4x4+x").with_rules("antiking")
    [g] = generate(geometry=geom, seed=1)
    assert geom.is_solution(g.solution.values, g.puzzle.values)
    assert sudokit.count_solutions(g.puzzle, engine="propagate") == 1
    assert _cover_count(g.puzzle) == (1, g.solution.values)


# --- command line -------------------------------------------------------------------------


def _args(argv):
    parser = argparse.ArgumentParser(prog="sudokit")
    add_cli(parser.add_subparsers(dest="command"))
    return parser.parse_args(["generate"] + argv)


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(_args(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_rules_x_minimal():
    code, out, err = _run(["--rules", "x", "--minimal", "--seed", "31", "-n", "2"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    expect = generate(geometry="3x3+x", minimal=True, seed=31, count=2)
    assert lines == [g.puzzle.to_line() for g in expect]
    geom = geometry.parse("3x3+x")
    for g, line in zip(expect, lines):
        puzzle = sudokit.Grid(line, geometry=geom)
        assert sudokit.count_solutions(puzzle, engine="propagate") == 1
        assert _cover_count(puzzle)[0] == 1
        _assert_minimal(g)


def test_cli_rules_antiknight_with_solution():
    code, out, err = _run(["--rules", "antiknight", "--seed", "32", "-n", "2", "--solution"])
    assert code == 0 and err == ""
    geom = geometry.parse("3x3+antiknight")
    for line in out.splitlines():
        puzzle, solution = (sudokit.Grid(t, geometry=geom) for t in line.split("\t"))
        assert geom.is_solution(solution.values, puzzle.values)
        assert _cover_count(puzzle) == (1, solution.values)
        assert sudokit.count_solutions(puzzle, engine="propagate") == 1


def test_cli_rules_combine_and_box():
    code, out, err = _run(["--rules", "x", "--rules", "antiking", "--box", "3x3", "--seed", "1",
                           "--symmetry", "rot180", "--minimal"])
    assert code == 0 and err == ""
    geom = geometry.boxes(3, 3).with_rules("x", "antiking")
    puzzle = sudokit.Grid(out.strip(), geometry=geom)
    assert _cover_count(puzzle)[0] == 1
    assert sudokit.count_solutions(puzzle, engine="propagate") == 1
    code, out, err = _run(["--rules", "x", "--box", "2x3", "--seed", "1", "--to", "tokens"])
    assert code == 0 and err == ""
    puzzle = sudokit.Grid(sudokit.formats.parse_tokens(out, box="2x3").values,
                          geometry=geometry.boxes(2, 3).with_rules("x"))
    assert sudokit.count_solutions(puzzle, engine="backtrack") == 1
    assert _cover_count(puzzle)[0] == 1


def _region_file(tmp_path, text: str):
    path = tmp_path / "regions.txt"
    path.write_text(text)
    return str(path)


def test_cli_regions_file(tmp_path):
    rows = [JIGSAW9[r * 9:r * 9 + 9] for r in range(9)]
    path = _region_file(tmp_path, "# a jigsaw\n" + "\n".join(rows) + "\n")
    code, out, err = _run(["--regions", path, "--seed", "33", "-n", "2", "--minimal"])
    assert code == 0 and err == ""
    geom = geometry.jigsaw(JIGSAW9)
    expect = generate(geometry=geom, minimal=True, seed=33, count=2)
    assert out.splitlines() == [g.puzzle.to_line() for g in expect]
    for line in out.splitlines():
        puzzle = sudokit.Grid(line, geometry=geom)
        assert sudokit.count_solutions(puzzle, engine="propagate") == 1
        assert _cover_count(puzzle)[0] == 1


def test_cli_regions_with_rules_and_symmetry(tmp_path):
    rows = [" ".join(JIGSAW9_ROT180[r * 9:r * 9 + 9]) for r in range(9)]  # spaced symbols
    path = _region_file(tmp_path, "\n".join(rows) + "\n\n")
    code, out, err = _run(["--regions", path, "--rules", "x", "--symmetry", "rot180",
                           "--seed", "3", "-n", "2", "--to", "block"])
    assert code == 0 and err == ""
    geom = geometry.jigsaw(JIGSAW9_ROT180).with_rules("x")
    for block in out.split("\n\n"):
        puzzle = sudokit.Grid(sudokit.formats.parse_block(block).values, geometry=geom)
        assert _cover_count(puzzle)[0] == 1
        assert sudokit.count_solutions(puzzle, engine="propagate") == 1
        given = {i for i, v in enumerate(puzzle.values) if v}
        assert given == {80 - i for i in given}


@pytest.mark.parametrize("text,words", [
    ("AAAB\nABBB\nCCDD\nCDD\n", ["line 4", "3 symbols, expected 4"]),
    ("AABB\nAABB\nC.DD\nCCDD\n", ["line 3", "column 2", "no region"]),
    ("AAAABBBBB\n" * 9, ["needs 9 regions"]),
    ("AAAAB\nAABBB\nCCBDD\nCCDDE\nCEEEE\n", ["region 'A' has 6 cells", "has 5"]),
    ("# only a comment\n\n", ["none"]),
])
def test_cli_bad_region_files(tmp_path, text, words):
    path = _region_file(tmp_path, text)
    code, out, err = _run(["--regions", path, "--seed", "1"])
    assert code == 2 and out == ""
    assert err.startswith("sudokit generate: error: ")
    for word in words:
        assert word in err, err


def test_cli_region_file_errors_name_the_file(tmp_path):
    path = _region_file(tmp_path, "AAAB\nABBB\nCCDD\nCDD\n")
    with pytest.raises(ParseError) as info:
        parse_regions(open(path).read(), path)
    assert info.value.line == 4 and path in str(info.value)
    spaced = parse_regions("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n")
    assert spaced is geometry.boxes(2, 2)


def test_cli_usage_errors(tmp_path):
    path = _region_file(tmp_path, JIGSAW6)
    code, _, err = _run(["--regions", path, "--box", "2x3"])
    assert code == 2 and "--regions and --box" in err
    code, _, err = _run(["--regions", str(tmp_path / "missing.txt")])
    assert code == 3 and "cannot read" in err
    code, _, err = _run(["--rules", "x,spiral"])
    assert code == 2 and "unknown rule 'spiral'" in err
    code, _, err = _run(["--rules", "windoku", "--box", "2x3"])
    assert code == 2 and "windoku" in err
    code, _, err = _run(["--rules", ONE_DIAGONAL, "--symmetry", "mirror-v"])
    assert code == 2 and f"the {ONE_DIAGONAL} rule" in err and "'mirror-v'" in err
    path = _region_file(tmp_path, "\n".join(JIGSAW9[r * 9:r * 9 + 9] for r in range(9)))
    code, _, err = _run(["--regions", path, "--symmetry", "rot180"])
    assert code == 2 and "jigsaw regions" in err


def test_cli_rules_match_the_geometry_module():
    text = _args(["--rules", "x"]).rules
    assert text == ["x"]
    parser = argparse.ArgumentParser(prog="sudokit")
    sub = add_cli(parser.add_subparsers(dest="command"))
    assert all(rule in sub.format_help() for rule in geometry.RULES)
