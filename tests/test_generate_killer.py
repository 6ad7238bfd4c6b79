"""Killer generation: cages over a random solution, no givens, one solution, by seed.

Cages are checked by their plain meaning here (values differ, sum to the total, every cell in
one cage, connected); uniqueness by engines other than the one that made the puzzle.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import sudokit
from sudokit import formats
from _grids import connected
from sudokit.generate import GenerationError, generate, remake


def _check_killer(g, lo, hi):
    geom = g.puzzle.geometry
    n = geom.size
    sol = g.solution.values
    assert not any(g.puzzle.values)                      # no givens
    cages = [c for c in geom.constraints if c[0] == "killer"]
    covered = sorted(c for _, cells, _ in cages for c in cells)
    assert covered == list(range(n * n))                 # every cell in exactly one cage
    for _, cells, total in cages:
        values = [sol[c] for c in cells]
        assert len(set(values)) == len(values) and sum(values) == total
        assert lo <= len(cells) <= hi and connected(cells, n)
    # (dlx in pure Python takes minutes on a 9x9 killer without givens: small grids only)
    for engine in ("propagate", "dlx") if n <= 6 else ("propagate",):
        assert sudokit.count_solutions(g.puzzle, engine=engine, limit=2) == 1


@pytest.mark.parametrize("box", ["2x2", "2x3", "3x3"])
def test_killers_are_unique_and_made_of_cages_alone(box):
    for g in generate(box=box, killer=True, seed=5, count=2 if box != "3x3" else 1):
        _check_killer(g, 2, min(5, g.puzzle.size))
        assert g.killer == (2, min(5, g.puzzle.size), round(g.puzzle.size ** 2 / 3.2))


def test_cage_sizes_and_count_are_kept():
    [g] = generate(box="2x3", killer={"sizes": (2, 3), "cages": 15}, seed=9)
    _check_killer(g, 2, 3)


@pytest.mark.parametrize("sizes, cages", [((1, 1), 36), ((1, 2), 18), ((2, 5), 11),
                                          ((4, 6), 9), ((6, 6), 6)])
def test_cage_sizes_alone_choose_a_number_of_cages_they_allow(sizes, cages):
    """--cage-sizes without --cages on 6x6: the default number (36 / 3.2 = 11) moves to the
    nearest one the sizes can cover the 36 cells with (it was refused: '11 cages of 1-1
    cells cannot cover the 36 cells')."""
    from sudokit.geometry import _cages
    assert _cages.spec({"sizes": sizes}, sudokit.geometry.boxes(2, 3)) == (*sizes, cages)
    if sizes[1] <= 2:
        [g] = generate(box="2x3", killer={"sizes": sizes}, seed=2)
        _check_killer(g, *sizes)
        assert g.killer == (*sizes, cages)


def test_the_same_seed_makes_the_same_killer_and_remake_agrees():
    a = generate(box="2x3", killer=True, seed="k", count=2)
    b = generate(box="2x3", killer=True, seed="k", count=2)
    assert [x.puzzle.geometry for x in a] == [x.puzzle.geometry for x in b]
    assert remake(a[1]) == a[1]
    assert a[0].puzzle.geometry != a[1].puzzle.geometry


def on_both_backends(code: str) -> list:
    """The stdout of python -c code with the C kernels, then with SUDOKIT_PUREPYTHON=1."""
    out = []
    for pure in ("", "1"):
        env = dict(os.environ, SUDOKIT_PUREPYTHON=pure)
        out.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                  text=True, check=True).stdout)
    return out


def test_both_backends_make_the_same_killers():
    out = on_both_backends("import sudokit.generate as G; print([g.puzzle.geometry.name for "
                           "g in G.generate(box='2x3', killer=True, seed=3, count=2)])")
    assert out[0] == out[1] and "killer(" in out[0]


@pytest.mark.parametrize("options, words", [
    ({"minimal": True}, "cages alone"), ({"symmetry": "rot180"}, "cages alone"),
    ({"clues": (10, 20)}, "cages alone"), ({"killer": {"sizes": (3, 2)}}, "cage sizes 3-2"),
    ({"killer": {"cages": 2}}, "2 cages of 2-5 cells cannot cover"),
    ({"killer": {"colour": 1}}, "killer is True or a dict"),
])
def test_bad_killer_options_are_named(options, words):
    kwargs = {"box": "2x3", "killer": True, **options}
    with pytest.raises(GenerationError, match=words):
        generate(**kwargs)


def test_the_command_line_writes_killers_that_read_back(tmp_path):
    out = tmp_path / "k.json"
    run = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--rules", "killer",
                          "--box", "2x3", "--seed", "4", "--count", "3", "--cage-sizes", "2-4",
                          "--to", "fpuzzles", "-o", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    for line in lines:
        assert "killercage" in json.loads(line)
        grid = formats.parse_fpuzzles(line)
        cages = [c for c in grid.geometry.constraints if c[0] == "killer"]
        assert cages and all(2 <= len(c[1]) <= 4 for c in cages)
        assert sudokit.count_solutions(grid, engine="propagate", limit=2) == 1
    run = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--rules", "killer",
                          "--to", "line"], capture_output=True, text=True)
    assert run.returncode == 2 and "cannot carry a killer's cages" in run.stderr
    run = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--rules", "killer",
                          "--box", "2x2", "--seed", "1"], capture_output=True, text=True)
    assert run.returncode == 0 and "writing --to json" in run.stderr
    grid = formats.parse_json(run.stdout.strip()) if hasattr(formats, "parse_json") else None
    assert grid is None or sudokit.count_solutions(grid, limit=2) == 1
