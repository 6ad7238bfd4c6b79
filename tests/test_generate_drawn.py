"""Rules drawn at random for the generator (geometry._random): jigsaw regions, kropki dots,
XV markers, thermometers; and ``sudokit generate --rules jigsaw|kropki|xv|thermo`` in a
real process.

Regions are checked by their plain meaning here (N cells each, connected by this file's own
flood fill); a puzzle's solution by its rows, columns and regions read off directly, and by
each dot's or marker's arithmetic; uniqueness by two engines.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import sudokit
from sudokit import formats
from _grids import connected
from sudokit.errors import GeometryError
from sudokit.geometry import boxes
from sudokit.geometry._random import draw, random_regions, solution_constraints


def _check_regions(regions, n):
    groups = {}
    for cell, r in enumerate(regions):
        groups.setdefault(r, []).append(cell)
    assert len(regions) == n * n and len(groups) == n
    for cells in groups.values():
        assert len(cells) == n and connected(cells, n), cells


def _check_solution(solution, regions, n):
    full = set(range(1, n + 1))
    rows = [solution[r * n:(r + 1) * n] for r in range(n)]
    cols = [solution[c::n] for c in range(n)]
    groups = {}
    for cell, r in enumerate(regions):
        groups.setdefault(r, []).append(solution[cell])
    for unit in rows + cols + list(groups.values()):
        assert set(unit) == full


@pytest.mark.parametrize("n", [4, 6, 8, 9])
def test_random_regions_are_n_connected_regions_of_n_cells(n):
    for seed in range(1, 6):
        regions = random_regions(n, seed)
        _check_regions(regions, n)
        assert regions != boxes(*{4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}[n]).regions


def test_random_regions_come_again_from_their_seed():
    assert random_regions(9, "a") == random_regions(9, "a")
    assert random_regions(9, "a") != random_regions(9, "b")
    with pytest.raises(GeometryError, match="4x4, 6x6, 8x8 and 9x9"):
        random_regions(12, 1)


def test_solution_constraints_are_every_dot_and_marker():
    solution = sudokit.solve("." * 81).values  # (any solution grid)
    dots = solution_constraints(solution, 9, "kropki")
    xv = solution_constraints(solution, 9, "xv")
    pairs = [(i, i + 1) for i in range(81) if i % 9 < 8] + [(i, i + 9) for i in range(72)]
    for i, j in pairs:
        a, b = solution[i], solution[j]
        white = abs(a - b) == 1
        black = not white and (a == 2 * b or b == 2 * a)
        assert (("diff", (i, j), 1) in dots) == white
        assert (("ratio", (i, j), 2) in dots) == black
        assert (("sum", (i, j), a + b) in xv) == (a + b in (5, 10))
    assert len(dots) + len(xv) > 20


def test_draw_keeps_other_rules_and_refuses_a_jigsaw_base():
    geom = draw("3x3+x", ["jigsaw", "xv"], 5)
    assert geom.box is None and geom.rules == ("x",)
    assert geom.constraints and all(k == "sum" for k, _, _ in geom.constraints)
    assert draw("3x3+x", ["jigsaw", "xv"], 5) is geom  # (geometries are interned)
    with pytest.raises(GeometryError, match="regions already"):
        draw(geom, ["jigsaw"], 1)
    with pytest.raises(GeometryError, match="not drawn at random"):
        draw("3x3", ["windoku"], 1)


def _generate(*args, pure=None):
    """sudokit generate in a process: on this run's backend, or pure (True) or not (False)."""
    env = dict(os.environ)
    if pure is not None:
        env["SUDOKIT_PUREPYTHON"] = "1" if pure else ""
    return subprocess.run([sys.executable, "-m", "sudokit", "generate", *args],
                          capture_output=True, text=True, env=env, timeout=300)


def _read(line):
    grid = formats.parse_json(line)
    n = grid.size
    assert sudokit.count_solutions(grid, engine="propagate", limit=2) == 1
    assert sudokit.count_solutions(grid, engine="dlx", limit=2) == 1
    solution = sudokit.solve(grid, engine="propagate").values
    assert all(g in (0, s) for g, s in zip(grid.values, solution))
    _check_solution(solution, grid.geometry.regions, n)
    return grid, solution


def test_the_command_line_makes_jigsaws_on_random_regions(tmp_path):
    out = tmp_path / "j.json"
    run = _generate("--rules", "jigsaw", "--seed", "3", "--count", "2", "-o", str(out))
    assert run.returncode == 0 and "writing --to json" in run.stderr, run.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 2
    for line in lines:
        grid, _ = _read(line)
        _check_regions(grid.geometry.regions, 9)
        assert grid.geometry.box is None
    again = _generate("--regions", "random", "--seed", "3", "--count", "2", "--to", "json")
    assert again.stdout.splitlines() == lines  # (the same seed, the same map and puzzles)
    small = _generate("--rules", "jigsaw", "--box", "2x3", "--seed", "1", "--to", "fpuzzles")
    assert small.returncode == 0, small.stderr
    grid = formats.parse_fpuzzles(small.stdout.strip())
    _check_regions(grid.geometry.regions, 6)
    assert sudokit.count_solutions(grid, engine="dlx", limit=2) == 1


def test_a_line_cannot_carry_drawn_regions():
    run = _generate("--rules", "jigsaw", "--to", "line")
    assert run.returncode == 2 and "cannot carry the jigsaw regions" in run.stderr


@pytest.mark.parametrize("word", ["kropki", "xv", "thermo"])
def test_the_command_line_makes_kropki_xv_and_thermo_puzzles(word):
    # 6x6: quick on the pure-Python kernels too (a 9x9 XV took 53 s there; 9x9: the slow test)
    run = _generate("--rules", word, "--box", "2x3", "--seed", "7", "--to", "json")
    assert run.returncode == 0, run.stderr
    grid, solution = _read(run.stdout.strip())
    n = grid.size
    assert n == 6
    kinds = {"kropki": {"diff", "ratio"}, "xv": {"sum"}, "thermo": {"thermo"}}[word]
    marks = grid.geometry.constraints
    assert marks and {k for k, _, _ in marks} <= kinds
    if word == "thermo":
        cells = [c for _, line, _ in marks for c in line]
        assert len(cells) == len(set(cells))  # no two share a cell
        for _, line, _ in marks:
            assert 3 <= len(line) <= 5
            for p, q in zip(line, line[1:]):  # a step to one of the 8 cells around, rising
                assert max(abs(p // n - q // n), abs(p % n - q % n)) == 1
                assert solution[p] < solution[q]
        return
    for kind, (i, j), value in marks:  # each dot or marker holds in the solution
        a, b = solution[i], solution[j]
        assert abs(i - j) in (1, n)
        if kind == "diff":
            assert abs(a - b) == 1
        elif kind == "ratio":
            assert a == 2 * b or b == 2 * a
        else:
            assert a + b == value and value in (5, 10)
    assert not grid.geometry.rules  # (no negative rule is claimed)


def _king_path(cells, n):
    return len(set(cells)) == len(cells) and all(
        max(abs(p // n - q // n), abs(p % n - q % n)) == 1 for p, q in zip(cells, cells[1:]))


def _check_sums_and_lines(marks, solution, n):
    """Each drawn sum, arrow or line holds in the solution, by its plain meaning."""
    for kind, cells, value in marks:
        vals = [solution[c] for c in cells]
        if kind == "sandwich":   # a whole row or column; the values between its 1 and its N
            assert len(cells) == n and (len({c // n for c in cells}) == 1
                                        or len({c % n for c in cells}) == 1)
            a, b = sorted((vals.index(1), vals.index(n)))
            assert sum(vals[a + 1:b]) == value
        elif kind == "littlekiller":   # a whole diagonal, edge to edge
            rc = [divmod(c, n) for c in cells]
            dr, dc = rc[1][0] - rc[0][0], rc[1][1] - rc[0][1]
            assert abs(dr) == abs(dc) == 1
            assert all((y[0] - x[0], y[1] - x[1]) == (dr, dc) for x, y in zip(rc, rc[1:]))
            assert not (0 <= rc[0][0] - dr < n and 0 <= rc[0][1] - dc < n)
            assert not (0 <= rc[-1][0] + dr < n and 0 <= rc[-1][1] + dc < n)
            assert sum(vals) == value
        elif kind == "arrow":   # one circle cell, a shaft of 1 to 3 cells summing to it
            assert value == 1 and 2 <= len(cells) <= 4 and _king_path(cells, n)
            assert sum(vals[1:]) == vals[0]
        elif kind == "whisper":
            assert 3 <= len(cells) <= 6 and _king_path(cells, n)
            assert all(abs(x - y) >= (n + 1) // 2 for x, y in zip(vals, vals[1:]))
        elif kind == "renban":
            assert 3 <= len(cells) <= 6 and _king_path(cells, n)
            assert sorted(vals) == list(range(min(vals), min(vals) + len(vals)))
        elif kind == "palindrome":
            assert 3 <= len(cells) <= 6 and _king_path(cells, n)
            assert vals == vals[::-1]
        else:
            raise AssertionError(kind)


@pytest.mark.parametrize("word", ["sandwich", "littlekiller", "arrow", "whisper", "renban",
                                  "palindrome"])
def test_the_command_line_makes_sums_arrows_and_lines(word):
    # 6x6: quick on either backend
    run = _generate("--rules", word, "--box", "2x3", "--seed", "7", "--to", "json")
    assert run.returncode == 0, run.stderr
    grid, solution = _read(run.stdout.strip())
    n = grid.size
    marks = grid.geometry.constraints
    assert n == 6 and marks and {k for k, _, _ in marks} == {word}
    if word == "sandwich":
        assert len(marks) == 2 * n   # every row and column
    if word in ("arrow", "whisper", "renban", "palindrome"):
        cells = [c for _, line, _ in marks for c in line]
        assert len(cells) == len(set(cells))  # no two share a cell
    _check_sums_and_lines(marks, solution, n)


def test_sums_arrows_and_lines_are_read_off_the_drawn_solution():
    from sudokit.generate import generate
    for word in ("sandwich", "littlekiller", "arrow", "whisper", "renban", "palindrome"):
        geom = draw("3x3", [word], 4)
        [made] = generate(geometry=boxes(3, 3), seed="draw:4")   # the grid draw() reads
        _check_sums_and_lines(geom.constraints, made.solution.values, 9)
        assert draw("3x3", [word], 4) is geom


def test_both_backends_draw_and_make_the_same_puzzle():
    out = [_generate("--rules", "jigsaw,kropki", "--seed", "11", "--to", "json", pure=p)
           for p in (False, True)]
    assert out[0].returncode == out[1].returncode == 0, out[1].stderr
    assert out[0].stdout == out[1].stdout
    _read(out[0].stdout.strip())


@pytest.mark.slow
@pytest.mark.parametrize("rule,box,level", [("jigsaw", "3x3", "hard"), ("kropki", "2x3", "medium"),
                                            ("xv", "3x3", "expert"), ("thermo", "3x3", "hard")])
def test_levels_of_drawn_rules_rate_again(rule, box, level):
    # (a 9x9 kropki at medium: 2.5 s on C, not within 120 s of logic on pure Python)
    from sudokit.rate.scale import rate_scale
    run = _generate("--rules", rule, "--box", box, "--seed", "2", "--level", level, "--to",
                    "json")
    assert run.returncode == 0, run.stderr
    grid, _ = _read(run.stdout.strip())
    assert rate_scale(grid).level == level


def test_docstring_examples():
    import doctest
    from sudokit.geometry import _random
    result = doctest.testmod(_random)
    assert result.attempted > 0 and result.failed == 0
