"""Tests of sudokit.generate: every puzzle re-verified by an engine other than the generator's."""

from __future__ import annotations

import argparse
import io

import pytest

import sudokit
from sudokit import Grid, Shape, count_solutions, is_solution
from sudokit.cli import generate as cli_generate
from sudokit.cli.generate import add_parser as add_cli, run_cli
from sudokit.generate import SYMMETRIES, Generated, GenerationError, generate, orbits, remake

VERIFY = "dlx"  # generation uses fast9 or propagate; dlx shares no code with either


def _maps(symmetry: str, n: int):
    """The symmetry's cell maps, written out independently of generate.py."""
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
    table["dihedral"] = table["rot90"] + table["diagonal"]  # generators of the group
    return table[symmetry]


def _assert_symmetric(g: Generated) -> None:
    n = g.puzzle.shape.size
    given = {i for i, v in enumerate(g.puzzle.values) if v}
    for f in _maps(g.symmetry, n):
        image = {f(*divmod(i, n))[0] * n + f(*divmod(i, n))[1] for i in given}
        assert image == given, f"pattern not {g.symmetry}-symmetric: {g.puzzle.to_line()}"


def _assert_unique(g: Generated) -> None:
    assert g.puzzle.givens == g.clues
    assert is_solution(g.solution, g.puzzle)
    assert count_solutions(g.puzzle, engine=VERIFY, limit=2) == 1
    assert sudokit.solve(g.puzzle, engine=VERIFY) == g.solution
    assert g.guesses >= 0


def _assert_minimal(g: Generated) -> None:
    """Removing any single orbit of the givens gives a second solution (checked by dlx)."""
    vals = list(g.puzzle.values)
    for orbit in orbits(g.puzzle.shape, g.symmetry):
        if not vals[orbit[0]]:
            assert not any(vals[c] for c in orbit), "an orbit is only partly given"
            continue
        fewer = vals[:]
        for c in orbit:
            fewer[c] = 0
        assert count_solutions(Grid(fewer, g.puzzle.shape), engine=VERIFY, limit=2) == 2, \
            f"orbit {orbit} of {g.puzzle.to_line()} can be removed"


CASES = [  # box, symmetry, minimal, count
    ("2x2", "none", True, 20),
    ("2x2", "dihedral", True, 10),
    ("2x3", "rot180", True, 8),
    ("3x2", "mirror-v", True, 8),
    ("2x3", "mirror-h", False, 8),
    ("3x3", "none", True, 6),
    ("3x3", "rot180", True, 6),
    ("3x3", "rot90", True, 4),
    ("3x3", "diagonal", True, 4),
    ("3x3", "antidiagonal", True, 4),
    ("3x3", "dihedral", True, 4),
    ("3x3", "mirror-h", False, 4),
    ("2x4", "rot180", True, 3),
    ("3x4", "none", False, 2),
    ("4x4", "rot180", False, 1),
]


@pytest.mark.parametrize("box,symmetry,minimal,count", CASES)
def test_generated_puzzles_are_unique_symmetric_minimal(box, symmetry, minimal, count):
    out = generate(box=box, symmetry=symmetry, minimal=minimal, count=count, seed=f"t-{box}")
    assert len(out) == count
    assert [g.index for g in out] == list(range(count))
    for g in out:
        assert g.puzzle.shape is Shape.parse(box)
        assert g.symmetry == symmetry and g.minimal == minimal
        _assert_unique(g)
        _assert_symmetric(g)
        if minimal:
            _assert_minimal(g)


@pytest.mark.slow
@pytest.mark.parametrize("box,symmetry", [("4x4", "none"), ("4x4", "rot180"), ("3x4", "mirror-v"),
                                          ("4x3", "rot180")])
def test_bigger_minimal(box, symmetry):
    for g in generate(box=box, symmetry=symmetry, minimal=True, count=2, seed=3):
        _assert_unique(g)
        _assert_symmetric(g)
        _assert_minimal(g)


@pytest.mark.slow
def test_25x25_unique():
    [g] = generate(box="5x5", seed=1)
    _assert_unique(g)


def test_every_engine_generates_the_same_puzzles():
    """Without node limits (9x9 and smaller) the engine changes only the guesses."""
    base = generate(box="2x3", count=3, seed=9, minimal=True)
    for engine in sudokit.engines():
        if engine == "fast9":
            continue
        other = generate(box="2x3", count=3, seed=9, minimal=True, engine=engine)
        assert [g.puzzle for g in other] == [g.puzzle for g in base]
        assert all(g.engine == (engine if engine != "auto" else "propagate") for g in other)


def test_golden_output_is_the_same_on_every_backend():
    """Seeded output is fixed: the same on C and pure Python, on every run."""
    out = generate(box="3x3", symmetry="rot180", minimal=True, count=2, seed=2026)
    assert [g.puzzle.to_line() for g in out] == [
        "....65.72...47.3...5....8..2....6..5...2.9...1..5....4..7....2...6.28...42.73....",
        "....91.7.34.....1...54..9.....1....8.569.824.9....4.....4..96...6.....39.9.21....",
    ]
    out = generate(box="2x3", symmetry="mirror-h", count=2, seed=2026)
    assert [g.puzzle.to_line() for g in out] == [
        "5...2...245.4..3..2..1....123.3...1.", ".3.......14.15.2..24.3.....65..1...."]


def test_same_seed_same_output_for_any_jobs():
    one = generate(box="3x3", symmetry="rot180", count=6, seed=11, jobs=1)
    two = generate(box="3x3", symmetry="rot180", count=6, seed=11, jobs=2)
    assert one == two
    assert generate(box="3x3", symmetry="rot180", count=6, seed=11) == one
    assert generate(box="3x3", count=2, seed=12) != generate(box="3x3", count=2, seed=11)


def test_remake_gives_the_same_puzzle():
    out = generate(box="2x3", count=3, seed="abc", clues=(14, 18))
    assert remake(out[2]) == out[2]
    assert out[2].clue_range == (14, 18)


def test_unseeded_calls_differ():
    a = generate(box="3x3", count=3)
    b = generate(box="3x3", count=3)
    assert [g.puzzle for g in a] != [g.puzzle for g in b]
    assert a[0].seed != b[0].seed
    again = generate(box="3x3", count=3, seed=a[0].seed)
    assert again == a


def test_puzzles_in_one_call_differ():
    out = generate(box="3x3", count=20, seed=1)
    assert len({g.puzzle for g in out}) == 20
    assert len({g.solution for g in out}) == 20


@pytest.mark.parametrize("box,lo,hi,minimal", [("3x3", 30, 34, False), ("3x3", 24, 26, True),
                                                ("2x3", 16, 16, False), ("2x2", 6, 8, False)])
def test_clue_range_honoured(box, lo, hi, minimal):
    for g in generate(box=box, count=4, clues=(lo, hi), minimal=minimal, seed=4):
        assert lo <= g.clues <= hi
        _assert_unique(g)
        if minimal:
            _assert_minimal(g)


def test_clue_range_int():
    [g] = generate(box="3x3", clues=40, seed=1)
    assert g.clues == 40
    _assert_unique(g)


def test_unreachable_clue_range_is_reported():
    with pytest.raises(GenerationError, match="closest"):
        generate(box="2x2", clues=(1, 2), seed=1)


@pytest.mark.parametrize("clues,msg", [((30, 20), "greater"), ((0, 82), "0 to 81"), ((-1, 5), "0 to 81"),
                                       ("many", "pair"), ((1.5, 3), "integers")])
def test_bad_clue_ranges(clues, msg):
    with pytest.raises(GenerationError, match=msg):
        generate(box="3x3", clues=clues)


@pytest.mark.parametrize("symmetry", ["rot90", "diagonal", "antidiagonal", "dihedral"])
@pytest.mark.parametrize("box", ["2x3", "3x2", "3x4"])
def test_square_only_symmetries_on_rectangular_boxes(box, symmetry):
    with pytest.raises(GenerationError, match="square boxes"):
        generate(box=box, symmetry=symmetry)


def test_bad_options():
    with pytest.raises(GenerationError, match="unknown symmetry"):
        generate(symmetry="spiral")
    with pytest.raises(GenerationError, match="count"):
        generate(count=-1)
    with pytest.raises(GenerationError, match="jobs"):
        generate(jobs=0)
    with pytest.raises(GenerationError):
        generate(box="2x2", engine="fast9")
    with pytest.raises(GenerationError):
        generate(engine="quantum")
    assert generate(count=0) == []


def test_orbits_partition_the_cells():
    for box in ("2x2", "2x3", "3x3", "4x4"):
        shape = Shape.parse(box)
        for sym in SYMMETRIES:
            if sym in ("rot90", "diagonal", "antidiagonal", "dihedral") and shape.box_rows != shape.box_cols:
                continue
            cells = sorted(c for o in orbits(shape, sym) for c in o)
            assert cells == list(range(shape.ncells))
    assert len(orbits("3x3", "rot180")) == 41
    assert len(orbits("3x3", "dihedral")) == 15


# --- command line ------------------------------------------------------------------------


def _args(argv):
    parser = argparse.ArgumentParser(prog="sudokit")
    add_cli(parser.add_subparsers(dest="command"))
    return parser.parse_args(["generate"] + argv)


def test_cli_lines():
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(_args(["--count", "3", "--symmetry", "rot180", "--minimal", "--seed", "5"]), out, err)
    assert code == 0 and err.getvalue() == ""
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    expect = generate(count=3, symmetry="rot180", minimal=True, seed=5)
    assert lines == [g.puzzle.to_line() for g in expect]
    for line in lines:
        assert count_solutions(line, engine=VERIFY) == 1


def test_cli_box_clues_block_and_file(tmp_path):
    path = tmp_path / "out.txt"
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(_args(["--box", "2x3", "--count", "2", "--clues", "14-18", "--seed", "x",
                          "--to", "block", "-o", str(path)]), out, err)
    assert code == 0 and out.getvalue() == ""
    blocks = path.read_text().split("\n\n")
    assert len(blocks) == 2
    for block in blocks:
        grid = sudokit.formats.parse_block(block, box="2x3")
        assert 14 <= grid.givens <= 18
        assert count_solutions(grid, engine=VERIFY) == 1


def test_cli_solution_column():
    out, err = io.StringIO(), io.StringIO()
    assert run_cli(_args(["--box", "2x2", "--seed", "1", "--solution"]), out, err) == 0
    puzzle, solution = out.getvalue().rstrip("\n").split("\t")
    assert is_solution(Grid(solution), Grid(puzzle))


def test_cli_errors():
    out, err = io.StringIO(), io.StringIO()
    assert run_cli(_args(["--box", "2x3", "--symmetry", "rot90"]), out, err) == 2
    assert "square boxes" in err.getvalue() and out.getvalue() == ""
    err = io.StringIO()
    assert run_cli(_args(["--clues", "40-30"]), out, err) == 2
    assert "greater" in err.getvalue()
    err = io.StringIO()
    assert run_cli(_args(["--box", "2x2", "--clues", "1-2", "--seed", "1"]), out, err) == 1
    assert "closest" in err.getvalue()
    with pytest.raises(SystemExit):
        _args(["--clues", "a-b"])


def test_cli_symmetries_match_the_library():
    """The command line keeps its own copy of the names (no import of generate for --help)."""
    assert cli_generate.SYMMETRIES == SYMMETRIES


@pytest.mark.parametrize("argv, words", [
    (["--cages", "5"], "--cages cut a killer's cages: add --rules killer"),
    (["--cage-sizes", "2-3", "--cages", "4"], "--cages and --cage-sizes cut"),
    (["--solution", "--to", "json"], "--to json has no place for it"),
    (["--solution", "--to", "block"], "--to block has no place for it"),
    (["--rules", "killer", "--solution"], "--to json has no place for it"),  # (json by default)
])
def test_cli_an_option_that_would_change_nothing_is_a_usage_error(argv, words):
    """Before: exit 0 with the option silently dropped (session 23's adversarial pass)."""
    out, err = io.StringIO(), io.StringIO()
    assert run_cli(_args(["--box", "2x2", "--seed", "1"] + argv), out, err) == 2
    assert words in err.getvalue() and out.getvalue() == ""


def test_cli_solution_column_in_sdm():
    out, err = io.StringIO(), io.StringIO()
    assert run_cli(_args(["--box", "2x2", "--seed", "1", "--solution", "--to", "sdm"]),
                   out, err) == 0
    puzzle, solution = out.getvalue().rstrip("\n").split("\t")
    assert is_solution(Grid(solution), Grid(puzzle))
