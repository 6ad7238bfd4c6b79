"""Generation at a level of the sudokit scale (sudokit.rate.level; issue #29): every
puzzle rates again at the level asked, on several variants and seeds; the same seed gives
the same puzzles; a level that cannot be reached is a clear error in bounded time.

Each puzzle is checked here independently of the generator: one solution (counted by the
dlx or learn engine), its givens agree with that solution, and ``rate_scale`` (a fresh
logical path) gives the level.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from sudokit import Grid, count_solutions, formats
from sudokit.generate import GenerationError
from sudokit.rate.level import Level, at_level
from sudokit.rate.scale import rate_scale

JIGSAW = ("jigsaw(111111233144122233142222333444255533464457555668777595668877799666887799"
          "688889999)")
THERMO = "3x3+thermo(r1c1-r1c2-r1c3-r1c4)+white(r5c5-r5c6)+black(r9c1-r9c2)"


def _run(*argv, stdin=None, timeout=300):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *argv], input=stdin,
                          capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _checked(g, level: str) -> None:
    """g is a unique puzzle of its geometry whose sudokit label is level."""
    puzzle, solution = g.puzzle, g.solution
    assert all(v in (0, s) for v, s in zip(puzzle.values, solution.values))
    assert puzzle.geometry.is_solution(solution.values, puzzle.values)
    engine = "dlx" if puzzle.geometry.is_classic else "learn"
    assert count_solutions(puzzle, limit=2, engine=engine) == 1
    again = rate_scale(puzzle)
    assert again.status == "rated" and again.level == level and again.scale == "sudokit", again
    assert g.clues == sum(1 for v in puzzle.values if v)


@pytest.mark.parametrize("geometry,level,seed", [
    ("3x3+x", "easy", 1), ("3x3+x", "medium", 1), ("3x3+x", "hard", 2),
    ("3x3+x", "expert", 2), ("3x3+windoku", "extreme", 1), (JIGSAW, "easy", 3),
    (JIGSAW, "hard", 1), ("2x3", "medium", 1), ("2x3+x", "hard", 4), (THERMO, "hard", 1),
    ("3x3+antiking", "medium", 2), ("3x3+nonconsecutive", "easy", 1)])
def test_puzzles_rate_again_at_the_level(geometry, level, seed):
    [g] = at_level(level, geometry=geometry, seed=seed)
    _checked(g, level)
    assert g.target.level == level


@pytest.mark.parametrize("box,level,seed", [("3x4", "hard", 1), ("3x4", "extreme", 2),
                                            ("4x4", "medium", 1)])
def test_12x12_and_16x16_come_at_a_level(box, level, seed):
    """Above 9x9 the fill and the dig alone make the level (no walk over minimal puzzles):
    unique (counted by dlx), rated again at the level by a fresh path."""
    [g] = at_level(level, box=box, seed=seed, symmetry="rot180")
    _checked(g, level)
    assert not g.minimal and g.puzzle.size == int(box[0]) * int(box[2])


@pytest.mark.parametrize("geometry,level,seed", [("3x3+x", "expert", 2), ("2x3", "medium", 1)])
def test_minimal_puzzles_come_from_the_walk(geometry, level, seed):
    [g] = at_level(level, geometry=geometry, seed=seed, minimal=True)
    _checked(g, level)
    assert g.minimal
    # minimal: no single given can go without a second solution
    values = list(g.puzzle.values)
    for c in [c for c, v in enumerate(values) if v][:6]:
        fewer = values[:c] + [0] + values[c + 1:]
        grid = Grid(fewer, geometry=g.puzzle.geometry)
        assert count_solutions(grid, limit=2, engine="dlx") == 2


def test_the_same_seed_gives_the_same_puzzles():
    first = at_level("hard", geometry="3x3+x", seed="s", count=3)
    again = at_level("hard", geometry="3x3+x", seed="s", count=3)
    assert [g.puzzle for g in first] == [g.puzzle for g in again]
    assert len({g.puzzle for g in first}) == 3
    pooled = at_level("hard", geometry="3x3+x", seed="s", count=3, jobs=2)
    assert [g.puzzle for g in pooled] == [g.puzzle for g in first]  # any --jobs
    from sudokit.generate import remake
    assert remake(first[1]).puzzle == first[1].puzzle


def test_bad_levels_and_grids_are_refused():
    with pytest.raises(GenerationError, match="easy, medium, hard, expert, extreme"):
        Level("unfair")
    with pytest.raises(GenerationError, match="up to 16x16"):
        at_level("easy", box="5x5")
    with pytest.raises(GenerationError, match="minimal puzzles .* up to 9x9"):
        at_level("easy", box="3x4", minimal=True)


def test_an_unreachable_level_is_a_clear_error_in_bounded_time():
    """A 4x4 never needs forcing chains: extreme cannot be reached; the walk gives up with
    a GenerationError (its budget of walks, or the seconds of logic), never a hang."""
    began = time.monotonic()
    with pytest.raises(GenerationError, match="sudokit scale's level extreme"):
        at_level("extreme", box="2x2", seed=1, seconds=3)
    assert time.monotonic() - began < 120


def test_without_the_walk_an_unreachable_level_fails_fast():
    """walk=False (the page's drawn variants, which draw their rules again instead): when
    adding givens finds no puzzle at the level, GenerationError comes at once, not after the
    walk's seconds; a reachable level is made as with the walk, rated again."""
    from sudokit.generate import generate
    began = time.monotonic()
    with pytest.raises(GenerationError, match="walk=False"):
        generate(box="2x2", seed=1, target=Level("extreme", seconds=60, minimal=False,
                                                 walk=False))
    assert time.monotonic() - began < 20
    [g] = generate(geometry="3x3+x", seed=2, target=Level("expert", minimal=False, walk=False))
    _checked(g, "expert")


@pytest.mark.parametrize("geometry,seed", [
    ("3x3+negative-xv", 2), pytest.param("3x3+nonconsecutive", 2, marks=pytest.mark.slow)])
def test_the_dig_finds_hard_puzzles_where_the_tier_is_narrow(geometry, seed):
    """Nonconsecutive and negative XV 'hard': one given more often turns an expert puzzle
    medium, so the fill (givens added to a nearly minimal puzzle) finds none; the dig takes
    givens out of a full grid while the puzzle stays at or below the level.  The dig alone
    (no fill, no walk) makes a unique puzzle that rates hard again, from the rot180 orbits
    the page uses, and the same again from the same seed."""
    from sudokit.generate import Generated, orbits
    from sudokit.generate_target import _Checks
    from sudokit.geometry import parse
    geom = parse(geometry)
    level = Level("hard", seconds=60, minimal=False, walk=False)
    cells = orbits(geom, "rot180")
    made = []
    for _ in range(2):
        got = None
        for attempt in range(8):
            got = level._dig_once(geom, "rot180", seed, 0, "propagate", attempt, cells,
                                  geom.display_shape, geom, _Checks(geom, "propagate"))
            if got is not None:
                break
        assert got is not None, "no dig reached 'hard' in 8 attempts"
        start, values = got
        made.append(values)
    assert made[0] == made[1]
    values = made[0]
    for o in cells:  # the givens keep the rot180 symmetry
        assert len({bool(values[c]) for c in o}) == 1
    puzzle = Grid(values, geometry=geom)
    g = Generated(puzzle=puzzle, solution=start.solution, clues=sum(1 for v in values if v),
                  guesses=0, seed=seed, index=0, symmetry="rot180", minimal=False,
                  engine="propagate")
    _checked(g, "hard")


# --- the command ------------------------------------------------------------------------------

def test_cli_generates_x_at_a_level_and_rate_agrees(tmp_path):
    proc = _run("generate", "--rules", "x", "--level", "expert", "--seed", "1", "-n", "2")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    again = _run("generate", "--rules", "x", "--level", "expert", "--seed", "1", "-n", "2")
    assert again.stdout.splitlines() == lines           # reproducible by seed
    rated = _run("rate", "--rules", "x", stdin=proc.stdout)
    assert [x.split()[1].split("/")[0] for x in rated.stdout.splitlines()] == \
        ["sudokit-scale=expert"] * 2


def test_cli_generates_a_jigsaw_at_a_level(tmp_path):
    regions = tmp_path / "jigsaw.txt"
    labels = JIGSAW[len("jigsaw("):-1]
    regions.write_text("\n".join(labels[r * 9:r * 9 + 9] for r in range(9)) + "\n")
    proc = _run("generate", "--regions", str(regions), "--level", "medium", "--seed", "2",
                "--to", "json")
    assert proc.returncode == 0, proc.stderr
    grid = formats.parse_json(proc.stdout.strip())
    assert grid.geometry.box is None and rate_scale(grid).level == "medium"
    rated = _run("rate", "--to", "json", stdin=proc.stdout)
    obj = json.loads(rated.stdout)
    assert (obj["scale"], obj["level"]) == ("sudokit", "medium")


def test_cli_classic_9x9_keeps_hodokus_levels():
    proc = _run("generate", "--level", "expert", "--seed", "1")
    assert proc.returncode == 2 and "HoDoKu's levels" in proc.stderr
    proc = _run("generate", "--rules", "x", "--level", "unfair")
    assert proc.returncode == 2 and "easy, medium, hard, expert, extreme" in proc.stderr
    proc = _run("generate", "--rules", "x", "--level", "hard", "--rating", "7.0-8.0")
    assert proc.returncode == 2 and "--rating" in proc.stderr
    proc = _run("generate", "--level", "hard", "--time-limit", "5")
    assert proc.returncode == 2 and "--time-limit" in proc.stderr


def test_cli_killer_at_a_level_rates_again():
    """A killer of cages alone at a level: its cages walk to the level (rate.level), so the
    command writes it, and a fresh rating gives that level."""
    began = time.monotonic()
    proc = _run("generate", "--rules", "killer", "--box", "2x2", "--level", "easy",
                "--time-limit", "30", "--seed", "1")
    assert time.monotonic() - began < 120
    assert proc.returncode == 0, proc.stderr
    grid = formats.parse_json(proc.stdout.strip())
    assert not any(grid.values) and rate_scale(grid).level == "easy"
    assert count_solutions(grid, limit=2) == 1


@pytest.mark.slow
@pytest.mark.parametrize("geometry,minimal", [
    (g, m) for g in ("3x3+x", JIGSAW, THERMO, "3x3+antiknight", "3x3+nonconsecutive",
                     "2x3+antiking") for m in (False, True)
    if not (m and g == "3x3+nonconsecutive")])  # (minimal ones: all extreme, see the doc)
def test_every_level_on_variants_and_seeds(geometry, minimal):
    """Every level, three seeds, more givens and minimal: each puzzle made rates again at
    its level; a level a geometry cannot reach is a GenerationError (reported).
    Measured (C, load 4): every pair reached but nonconsecutive hard seed 1 (more givens)
    and anti-knight easy seed 3 (minimal)."""
    missed = []
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        for seed in (1, 2, 3):
            try:
                [g] = at_level(level, geometry=geometry, seed=seed, minimal=minimal,
                               seconds=120)
            except GenerationError as exc:
                missed.append((level, seed, str(exc)[:60]))
                continue
            _checked(g, level)
    print(f"\n{geometry[:24]} minimal={minimal}: not reached {missed}")
    assert len(missed) <= 6
