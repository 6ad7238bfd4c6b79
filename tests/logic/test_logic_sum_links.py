"""A weak link from a sum is a weak link: the chains (AIC, nice loops, static forcing
chains) follow the cages' sums (issue #29, "sum-aware versions of the existing chains").

core.links adds, for the aic and group graphs, a weak link between two candidates of two
open cells of a cage (or renban line) that no value set fitting the cells' candidates holds
together.  Checked here against an oracle that knows nothing of fitting sets: every
assignment of the cage's cells from their candidates, all different, summing to the total
(itertools.product); a pair linked must never appear in one.  And on a killer whose path
needs them (sudokit's killer of seed 4), AIC steps cross such links, and every step of the
path is true to the killer's solution.
"""

from __future__ import annotations

from itertools import product

import pytest

import sudokit
from sudokit.logic import steps
from sudokit.logic.core.bits import values_of
from sudokit.logic.core.links import graph


@pytest.fixture(scope="module")
def killer():
    """(the killer of seed 4, its logic path)."""
    made, = sudokit.generate(box="3x3", killer=True, seed=4)
    return made, steps(made.puzzle, time_limit=60)


def _pairs_in_assignments(cands, values, cells, total):
    """{(cell, value, cell, value)} of the pairs of open cells that some full assignment of
    the cage (candidates or placed values, all different, sum = total) holds."""
    doms = [values_of(cands[c]) if cands[c] else [values[c]] for c in cells]
    seen = set()
    for vals in product(*doms):
        if len(set(vals)) == len(vals) and sum(vals) == total:
            for i, ci in enumerate(cells):
                for j, cj in enumerate(cells):
                    if i != j:
                        seen.add((ci, vals[i], cj, vals[j]))
    return seen


def test_every_sum_link_is_a_weak_link_by_enumeration(killer):
    made, path = killer
    cages = [k for k in made.puzzle.geometry.constraints if k[0] == "killer"]
    checked, state = 0, path.start
    for k, step in enumerate(path.steps):
        state = state.apply(step)
        if k % 12:
            continue
        g = graph(state, "aic")
        nc = state.tables.ncells
        for _, cells, total in cages:
            cells = list(cells)
            ok = _pairs_in_assignments(state.candidates, state.values, cells, total)
            for ci in cells:
                for a in values_of(state.candidates[ci]):
                    x = (a - 1) * nc + ci
                    for cj in cells:
                        if cj == ci or not state.candidates[cj]:
                            continue
                        for b in values_of(state.candidates[cj]):
                            if b == a:
                                continue
                            linked = g.weak[x] >> ((b - 1) * nc + cj) & 1
                            if linked:
                                assert (ci, a, cj, b) not in ok, (k, ci, a, cj, b)
                                checked += 1
    assert checked > 100  # (links were there to check)


def test_aic_crosses_sum_links_on_a_killer_and_every_step_is_true(killer):
    made, path = killer
    solution = made.solution.values
    crossing = 0
    for step in path.steps:
        for c, v in step.placements:
            assert solution[c] == v, step
        for c, v in step.eliminations:
            assert solution[c] != v, step
        ev = step.to_json().get("evidence", {})
        chain, links = ev.get("chain") or [], ev.get("links") or []
        for i, kind in enumerate(links[:len(chain) - 1]):
            (c1, v1), (c2, v2) = chain[i][:2], chain[i + 1][:2]
            if kind == "weak" and isinstance(c1, int) and isinstance(c2, int) and \
                    c1 != c2 and v1 != v2:  # (two cells, two values: only a sum links them)
                crossing += 1
    assert path.status == "solved"
    assert crossing >= 3
