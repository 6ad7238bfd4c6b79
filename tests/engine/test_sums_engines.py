"""Every engine on rules over many cells: counts against a brute force, and engines agreeing.

The brute force (sums_oracle) enumerates the classic completions of a small grid with a plain
search and keeps those that the rules allow in their plain meaning; it shares no code with
the propagators, the geometry's checker or the kernels.  The suite runs on both backends,
so the C kernels are checked against it too.
"""

from __future__ import annotations

import random

import pytest

import sudokit
from sudokit import geometry
from sudokit.engine import _backend
from sudokit.errors import GeometryError

from sums_oracle import brute_count, holds, random_rules, random_solution

ENGINES = ("propagate", "backtrack", "dlx", "learn")


def _cases(seed: int, count: int, shapes, density=0.3):
    """(geometry, givens, rules, box) of random rule sets true of a random solution (mostly)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        br, bc = rng.choice(shapes)
        n = br * bc
        sol = random_solution(br, bc, rng)
        rules = random_rules(sol, br, bc, rng, rng.randint(1, 7))
        try:
            g = geometry.boxes(br, bc).with_constraints(*rules)
        except GeometryError:
            continue                       # a moved total that cannot hold at all
        # (9x9 keeps more givens: backtrack, the plain row-major search, is in the race)
        keep = 0 if n == 4 else density if n < 9 else max(density, 0.55)
        givens = [v if rng.random() < keep else 0 for v in sol]
        out.append((g, givens, rules, (br, bc)))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_every_engine_counts_what_the_rules_allow(seed):
    seen = set()
    for g, givens, rules, (br, bc) in _cases(seed, 40, [(2, 2), (2, 3), (3, 2)]):
        want = brute_count(givens, br, bc, rules)
        seen.add(min(want, 2))
        for engine in ENGINES:
            got = sudokit.count_solutions(bytes(givens), geometry=g, engine=engine, limit=None)
            assert got == want, (engine, g.name, givens)
    assert seen == {0, 1, 2}               # none, one and many solutions all came up


def test_first_solutions_keep_the_rules_in_their_plain_meaning():
    for g, givens, rules, _ in _cases(11, 60, [(2, 3), (3, 2), (3, 3)], density=0.45):
        for engine in ENGINES:
            sol = sudokit.solve(bytes(givens), geometry=g, engine=engine)
            if sol is None:
                continue
            v = sol.values
            assert all(holds(r, v, g.size) for r in rules), (engine, g.name)
            assert all(a in (0, b) for a, b in zip(givens, v))


def _agree(cases, python: bool = False):
    """Every engine gives the same count (to 2) and, when there is one solution, the same
    solution; python: the pure-Python propagate (the specification) gives them too, nodes
    included, beside the C kernels."""
    from sudokit.engine import _kernels
    kernels = _backend.KERNELS
    for g, givens, _, _ in cases:
        t = _backend.tables(g)
        if python:
            want = _kernels.propagate(bytes(givens), g, 2, 0)
            assert tuple(kernels["propagate"](bytes(givens), t, 2, 0)) == tuple(want), g.name
        answers = {}
        for engine in ENGINES:
            count, first, nodes, stopped = kernels[engine](bytes(givens), t, 2, 0)
            assert not stopped
            answers[engine] = (count, first)
            if first is not None:
                assert g.is_solution(first, givens)
        counts = {a[0] for a in answers.values()}
        assert len(counts) == 1, (g.name, answers)
        if counts == {1}:                  # one solution: every engine found the same
            assert len({a[1] for a in answers.values()}) == 1


def test_engines_agree_on_random_sum_puzzles():
    _agree(_cases(21, 120, [(2, 2), (2, 3), (3, 3)], density=0.4))


# With the C kernels the 5,000 take about a minute and run by default (and C's propagate is
# checked against the Python specification on each); on the Python kernels, with the slow
# tests only.
@pytest.mark.parametrize("backend", [pytest.param(
    _backend.C is not None, id="c" if _backend.C is not None else "python",
    marks=[] if _backend.C is not None else [pytest.mark.slow])])
def test_engines_agree_on_5000_random_sum_puzzles(backend):
    _agree(_cases(22, 5000, [(2, 2), (2, 3), (3, 2), (3, 3)], density=0.4), python=backend)


def test_node_limits_stop_every_engine_on_sums():
    g = geometry.boxes(3, 3).with_rules("killer(10:r1c1-r1c2)", "sandwich(20:r5)",
                                         "littlekiller(40:r1c9-r2c8-r3c7-r4c6-r5c5-r6c4-r7c3-r8c2-r9c1)")
    for engine in ENGINES:
        count, first, nodes, stopped = _backend.KERNELS[engine](bytes(81), _backend.tables(g), 0, 5)
        assert stopped and nodes <= 5 + 1, engine
