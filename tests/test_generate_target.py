"""Generation aimed at a difficulty (issue #17): aimed(rating=, pearl=, diamond=, level=,
technique=) and ``sudokit generate --rating ...``.

Every puzzle is checked independently of the generator: one solution by another engine
(dlx), minimal (each clue out gives a second solution), and its difficulty by
sudokit.rate / the whole logical path of sudokit.logic (every technique on), not by the
walk's own cut path.
"""

from __future__ import annotations

import time

import pytest

from sudokit import solver
from sudokit.generate import GenerationError, orbits, remake
from sudokit.generate_target import Target, aimed, iter_aimed
from sudokit.grid import Grid
from sudokit.logic import steps
from sudokit.rate import rate


def _unique_and_minimal(puzzle: Grid, symmetry: str = "none") -> None:
    """One solution (dlx), and each clue orbit of the symmetry needed."""
    assert solver.count_solutions(puzzle, limit=2, engine="dlx") == 1
    values = list(puzzle.values)
    for orbit in orbits(puzzle.shape, symmetry):
        if values[orbit[0]]:
            fewer = [0 if c in orbit else v for c, v in enumerate(values)]
            fewer = Grid._trusted(tuple(fewer), puzzle.shape, puzzle._geom)
            assert solver.count_solutions(fewer, limit=2, engine="dlx") == 2, \
                f"the clues of cells {orbit} are not needed"


def _in(x: float, rng) -> bool:
    return rng[0] <= x <= rng[1]


def test_rating_range_is_met_unique_and_minimal():
    got = aimed(rating="4.0-5.0", count=3, seed=11)
    assert len(got) == 3
    for g in got:
        r = rate(g.puzzle, hodoku=False)
        assert r.status == "rated" and 4.0 <= r.er <= 5.0, r
        _unique_and_minimal(g.puzzle)
        assert g.target == Target(rating="4.0-5.0") and g.minimal
        assert g.clues == sum(1 for v in g.puzzle.values if v)
        assert solver.search(g.puzzle).solution == g.solution


def test_pearl_and_diamond_ranges():
    for g in aimed(diamond="2.0-3.0", rating="2.0-4.5", count=1, seed=4):
        r = rate(g.puzzle, hodoku=False)
        assert 2.0 <= r.ed <= 3.0 and r.er <= 4.5, r  # the first step: no hidden single
    for g in aimed(diamond="1.5-1.5", count=1, seed=4):  # EP/ED alone: a cut path
        assert rate(g.puzzle, hodoku=False).ed == 1.5
    for g in aimed(pearl="2.0-3.0", rating="2.0-4.5", count=1, seed=5):
        r = rate(g.puzzle, hodoku=False)
        assert 2.0 <= r.ep <= 3.0 and 2.0 <= r.er <= 4.5, r


def test_hodoku_level():
    for g in aimed(level="medium", count=2, seed=2):
        assert rate(g.puzzle).level == "medium"


def test_technique_is_on_the_whole_path():
    got = aimed(technique="x-wing", count=4, seed=9, symmetry="rot180")
    for g in got:
        path = steps(g.puzzle)
        assert path.status == "solved"
        assert "x-wing" in {s.technique for s in path.steps}
        _unique_and_minimal(g.puzzle, "rot180")
    # the symmetry of the givens' pattern is kept
    for g in got:
        v = g.puzzle.values
        assert all(bool(v[c]) == bool(v[80 - c]) for c in range(81))


def test_technique_on_other_grids():
    for g in aimed(technique="pointing", box="2x3", count=2, seed=1):
        assert g.puzzle.size == 6
        assert "pointing" in {s.technique for s in steps(g.puzzle).steps}
        _unique_and_minimal(g.puzzle)
    for g in aimed(technique="naked-pair", geometry="3x3+x", count=1, seed=1):
        assert g.puzzle.geometry.name == "3x3+x" or "x" in str(g.puzzle.geometry)
        assert "naked-pair" in {s.technique for s in steps(g.puzzle).steps}
        assert solver.count_solutions(g.puzzle, limit=2) == 1


def test_reproducible_and_jobs_independent():
    one = aimed(technique="x-wing", count=2, seed="s", jobs=1)
    two = aimed(technique="x-wing", count=2, seed="s", jobs=2)
    assert [g.puzzle for g in one] == [g.puzzle for g in two]
    assert remake(one[1]).puzzle == one[1].puzzle
    lazy = list(iter_aimed(technique="x-wing", count=2, seed="s"))
    assert [g.puzzle for g in lazy] == [g.puzzle for g in one[:2]]


def test_same_puzzles_on_the_other_backend():
    """Puzzle i depends on (seed, i, options) only: the other backend makes the same."""
    import os
    import subprocess
    import sys
    from sudokit.engine import _backend
    here = [g.puzzle.to_line() for g in aimed(rating="3.0-4.0", count=2, seed="b")]
    env = dict(os.environ)
    if _backend.C is None:
        env.pop("SUDOKIT_PUREPYTHON", None)
    else:
        env["SUDOKIT_PUREPYTHON"] = "1"
    other = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--rating", "3.0-4.0",
                            "--count", "2", "--seed", "b"], capture_output=True, text=True,
                           env=env, timeout=600)
    assert other.returncode == 0, other.stderr
    assert other.stdout.split() == here


@pytest.mark.parametrize("kwargs, words", [
    (dict(rating="9-5"), "low end first"),
    (dict(rating="0.5-1.0"), "1.0 to 20.0"),
    (dict(rating="hard"), "LO-HI"),
    (dict(pearl=(1, 2, 3)), "pair"),
    (dict(level="fiendish"), "easy, medium, hard"),
    (dict(technique="x-wingz"), "unknown technique"),
    (dict(rating="5-6", box="2x3"), "classic 9x9"),
    (dict(level="hard", geometry="3x3+x"), "classic 9x9"),
    (dict(technique="x-wing", box="4x4"), "up to 9x9"),
])
def test_bad_targets_name_the_option(kwargs, words):
    with pytest.raises(GenerationError, match=words):
        aimed(count=1, seed=1, **kwargs)


def test_unreachable_target_stops_with_a_clear_error(monkeypatch):
    import sudokit.generate_target as gt
    monkeypatch.setattr(gt, "WALKS", 2)
    monkeypatch.setattr(gt, "MOVES", 3)
    with pytest.raises(GenerationError, match="no 3x3 puzzle meeting .* in 2 walks"):
        aimed(rating="11.5-12.0", count=1, seed=1)


def test_cli_generate_rating_then_rate():
    """A real pipe of two processes: generate --rating | rate, each rating in range."""
    import subprocess
    import sys
    gen = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--rating", "3.0-4.4",
                          "--count", "2", "--seed", "7"], capture_output=True, text=True,
                         timeout=300)
    assert gen.returncode == 0, gen.stderr
    assert len(gen.stdout.split()) == 2
    rated = subprocess.run([sys.executable, "-m", "sudokit", "rate", "--format", "%r"],
                           input=gen.stdout, capture_output=True, text=True, timeout=300)
    assert rated.returncode == 0, rated.stderr
    ers = [float(x) for x in rated.stdout.split()]
    assert len(ers) == 2 and all(3.0 <= er <= 4.4 for er in ers), ers
    bad = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--level", "nope"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "choose from easy" in bad.stderr


def test_walk_screen_keeps_the_public_hard_puzzles():
    """The walk's screen (Target.walk_distance) must not turn away puzzles of the range: on
    the published SE ratings (se_cb_public.txt, not the sample its thresholds came from),
    every 9.0-10.0 puzzle and all but 2 % of 8.0-9.0 ones pass it (Target.screen: None,
    the full distance is asked)."""
    from conftest import shared_file
    rows = [line.split() for line in shared_file("ratings", "se_cb_public.txt").read_text()
            .splitlines() if line.strip() and not line.startswith("#")]
    for rng, lost in (((9.0, 10.0), 0.0), ((8.0, 9.0), 0.02)):
        target = Target(rating=rng)
        inside = [Grid(r[0]) for r in rows if _in(float(r[1]), rng)]
        assert len(inside) >= 50
        turned = sum(1 for p in inside if target.screen(p) is not None)
        assert turned <= lost * len(inside), (rng, turned)


def test_walk_distance_is_distance_or_a_positive_estimate():
    """walk_distance is 0 only where distance is; where the screen rates the whole path (a
    puzzle SE's first producers solve) it is distance itself."""
    from sudokit.generate import generate
    from sudokit.logic.se.path import se_path
    targets = [Target(rating="8.0-9.0"), Target(rating="9.0-10.0"),
               Target(technique="x-wing"), Target(technique="als-xz")]
    screened = 0
    for g in generate(count=30, minimal=True, seed="screen"):
        easy = not se_path(g.puzzle.to_line(), max_producer=7).stuck
        for t in targets:
            d, w = t.distance(g.puzzle), t.walk_distance(g.puzzle)
            assert w > 0 or d == 0, (t, g.puzzle.to_line())
            if t.rating and easy:
                assert w == d
            screened += w != d
    assert screened > 0  # the screen did turn some away


def test_rival_solution_by_relabelling():
    """_Checks.rival gives a solution other than the aimed one (found by propagate, or after
    relabelling the values), or None when the puzzle has one solution."""
    import random
    from sudokit import solutions
    from sudokit.generate import generate
    from sudokit.generate_target import _Checks
    from sudokit.geometry import boxes
    checks = _Checks(boxes(3, 3), "propagate")
    g = generate(count=1, minimal=True, seed="rival")[0]
    sol = bytes(g.solution.values)
    assert checks.rival(bytes(g.puzzle.values), sol, random.Random(1)) is None
    found = 0
    for cell in [c for c, v in enumerate(g.puzzle.values) if v][:8]:
        fewer = list(g.puzzle.values)
        fewer[cell] = 0
        every = {bytes(s.values) for s in solutions(Grid._trusted(tuple(fewer), g.puzzle.shape))}
        for aim in every:
            got = checks.rival(bytes(fewer), aim, random.Random(cell))
            if got is not None:
                assert got != aim and got in every
                found += 1
    assert found > 0


def test_moves_keep_puzzles_unique_minimal_and_may_change_the_solution():
    """A walk move gives a unique minimal puzzle and its solution; with drift the solution
    grid moves too (not only the givens)."""
    import random
    from sudokit.generate import generate
    from sudokit.generate_target import _Checks, _neighbour
    from sudokit.geometry import boxes
    checks = _Checks(boxes(3, 3), "propagate")
    cells = orbits(boxes(3, 3).shape, "none")
    rng, moved = random.Random(3), 0
    for g in generate(count=4, minimal=True, seed="moves"):
        values, sol = bytes(g.puzzle.values), bytes(g.solution.values)
        for _ in range(5):
            got = _neighbour(values, sol, cells, checks, rng, None, drift=1.0)
            if got is None:
                continue
            puzzle = Grid._trusted(tuple(got[0]), g.puzzle.shape)
            _unique_and_minimal(puzzle)
            assert solver.solve(puzzle).values == tuple(got[1])
            moved += got[1] != sol
    assert moved > 0


def test_screened_targets_same_on_the_other_backend():
    """The screen (SE's first producers, propagate's node count) and the relabelled rival
    search are the same on both backends: --technique x-wing gives the same puzzles."""
    import os
    import subprocess
    import sys
    from sudokit.engine import _backend
    here = [g.puzzle.to_line() for g in aimed(technique="x-wing", count=2, seed="xb")]
    env = dict(os.environ)
    if _backend.C is None:
        env.pop("SUDOKIT_PUREPYTHON", None)
    else:
        env["SUDOKIT_PUREPYTHON"] = "1"
    other = subprocess.run([sys.executable, "-m", "sudokit", "generate", "--technique",
                            "x-wing", "--count", "2", "--seed", "xb"], capture_output=True,
                           text=True, env=env, timeout=900)
    assert other.returncode == 0, other.stderr
    assert other.stdout.split() == here


@pytest.mark.slow
def test_issue_counts_rating_8_to_9_and_x_wing(capsys):
    """The issue's figures: --rating 8.0-9.0 --count 20 and --technique x-wing --count 100,
    each puzzle in range / using the technique and unique; the rates are printed."""
    t = time.perf_counter()
    hard = aimed(rating="8.0-9.0", count=20, seed=2026)
    t_hard = time.perf_counter() - t
    for g in hard:
        r = rate(g.puzzle, hodoku=False)
        assert 8.0 <= r.er <= 9.0, r
        assert solver.count_solutions(g.puzzle, limit=2, engine="dlx") == 1
    t = time.perf_counter()
    wings = aimed(technique="x-wing", count=100, seed=2026)
    t_wing = time.perf_counter() - t
    for g in wings:
        assert "x-wing" in {s.technique for s in steps(g.puzzle).steps}
        assert solver.count_solutions(g.puzzle, limit=2, engine="dlx") == 1
    with capsys.disabled():
        print(f"\nrating 8.0-9.0: {20 / t_hard * 60:.1f} puzzles/min; "
              f"x-wing: {100 / t_wing * 60:.1f} puzzles/min")
