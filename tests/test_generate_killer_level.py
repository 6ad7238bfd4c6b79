"""Killers made to a level of the sudokit scale (rate.level's walk over cages; issue #29).

Each killer is checked here without the generator: its cages by their plain meaning (the
helper of test_generate_killer: every cell in one connected cage, values different and
summing to the total, sizes kept), one solution counted by another engine, and a fresh
``rate_scale`` path that gives the level asked for.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from sudokit import formats
from sudokit.generate import GenerationError
from sudokit.rate.level import at_level
from sudokit.rate.scale import rate_scale
from test_generate_killer import _check_killer, on_both_backends

JIGSAW = ("jigsaw(111111233144122233142222333444255533464457555668777595668877799666887799"
          "688889999)")


def _checked(g, level):
    _check_killer(g, 2, min(5, g.puzzle.size))
    again = rate_scale(g.puzzle)
    assert again.status == "rated" and again.level == level and again.scale == "sudokit", again
    assert g.target.level == level and g.clues == 0
    assert g.solution.geometry == g.puzzle.geometry   # (the walked cages, not the first cut)


@pytest.mark.parametrize("geometry,level,seed", [
    ("3x3", "easy", 1), ("3x3", "medium", 2), ("3x3+x", "expert", 1), (JIGSAW, "easy", 1),
    (JIGSAW, "hard", 1), ("2x3", "medium", 1), ("2x2", "easy", 1),
    ("3x3", "extreme", 1),   # (forcing chains that follow the cages: 1 s when measured)
    pytest.param("3x3", "hard", 1, marks=pytest.mark.slow),
    pytest.param("3x3", "extreme", 4, marks=pytest.mark.slow),
    pytest.param("3x3", "expert", 3, marks=pytest.mark.slow)])
def test_killers_rate_again_at_the_level(geometry, level, seed):
    [g] = at_level(level, geometry=geometry, seed=seed, killer=True)
    _checked(g, level)


def test_the_same_seed_makes_the_same_killers_on_both_backends():
    out = on_both_backends("from sudokit.rate.level import at_level; print([g.puzzle."
                           "geometry.name for g in at_level('medium', box='2x3', killer=True, "
                           "seed=4, count=2)])")
    assert out[0] == out[1] and out[0].count("killer(") >= 2
    here = [g.puzzle.geometry.name for g in at_level("medium", box="2x3", killer=True, seed=4,
                                                      count=2)]
    assert repr(here) == out[0].strip()


def test_cage_sizes_asked_for_are_kept_by_the_walk():
    [g] = at_level("easy", box="3x3", killer={"sizes": (2, 4)}, seed=7)
    _check_killer(g, 2, 4)
    assert rate_scale(g.puzzle).level == "easy"


def _run(*argv, timeout=300):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *argv], capture_output=True,
                          text=True, timeout=timeout)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_cli_writes_killers_at_the_level_that_read_back():
    proc = _run("generate", "--rules", "killer", "--level", "medium", "--count", "2",
                "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2
    for line in lines:
        grid = formats.parse_json(line)
        assert not any(grid.values) and any(k[0] == "killer" for k in grid.geometry.constraints)
        assert rate_scale(grid).level == "medium"


def test_an_extreme_killer_is_rated_extreme_or_a_clear_error_in_bounded_time():
    """Extreme killers need forcing chains (seeds 1-6 took 1 to 5 s when measured): within
    a short time limit the command either writes a killer that rates extreme again, or
    stops, writes nothing and says why."""
    for seed in ("1", "2"):
        began = time.monotonic()
        proc = _run("generate", "--rules", "killer", "--level", "extreme", "--time-limit",
                    "3", "--seed", seed)
        assert time.monotonic() - began < 60
        if proc.returncode == 0:
            grid = formats.parse_json(proc.stdout.strip())
            assert rate_scale(grid).level == "extreme"
        else:
            assert proc.returncode == 1 and proc.stdout == ""
            assert "killer at the sudokit scale's level extreme within 3 s" in proc.stderr


def test_a_generation_error_names_the_level():
    with pytest.raises(GenerationError, match="level"):
        at_level("impossible", box="3x3", killer=True, seed=1)
