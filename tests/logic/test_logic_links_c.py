"""Logic on link-heavy variants (issue #32): thermometers, kropki dots, nonconsecutive.

The C twins of the chains' graph (_c/logic/links.c) and of the dynamic branches
(_c/logic/propagate.c) know the geometry's weak links between cells (Geometry.cell_links),
so the AIC, the static and dynamic forcing chains, the nesting rule and the easy stretch
(_c/logic/run.c) run in C on these geometries too; the pure-Python code stays the
specification.  Checked here:

- whole paths of puzzles made by ``sudokit generate --minimal`` (tests/data/links, see its
  README): the SHA-256 of every step is the one the tree before this change gave (written
  below, computed at commit 6cdd200 with benchmarks/bench_logic.py's digest), on either
  backend;
- on states along those paths, each forcing and chain finder yields the same steps with C
  and in pure Python, the nesting rule's C names the same candidates as the pure rule;
- every step of those paths agrees with the solution (found by the solver, not by logic).
"""

from __future__ import annotations

import hashlib
import json
from itertools import islice

import pytest

from _paths import TESTS
import sudokit
from sudokit import formats, logic
from sudokit.logic import _cfast
from sudokit.logic.core import propagate as dyn
from sudokit.logic.techniques import forcing

from test_logic_c import _fresh, _key
from test_logic_c import _states as _path_states

LINKS = TESTS / "data" / "links"
C_ONLY = pytest.mark.skipif(
    not _cfast.available(),
    reason="C kernels only: pure-Python backend (SUDOKIT_PUREPYTHON=1 or no C extension): "
           "no C twin to compare")

# The digest of each path (bench_logic.py --hash's, per puzzle) from the tree before the
# C twins knew the links (commit 6cdd200, C backend): (file, record) -> (steps, sha256)
GOLDEN = {
    ("thermo.json", 0): (110, "131bc63982ab234613f2f48c8a079f9223ad495d2205e6d6ff15e4d442537eb0"),
    ("thermo.json", 1): (99, "b07e6552e952cd6283c8f9d5fa002eb828e01e406c3574535565707e25cca069"),
    ("thermo.json", 5): (93, "d664c6301c2670f9f12840466f7127bea19f0729b7878e58ea077d642284de0e"),
    ("kropki.json", 8): (136, "85a451de536fb831564d1943d90f8acade6916618267ceb1273418fe8bef8545"),
    ("kropki.json", 4): (174, "ad9f39fd336eeec704f48a920a5c19ac745d4a92af6e0994571faa878d5d356d"),
}
SLOW = {("kropki.json", 4)}       # over 10 s in pure Python on the shared machine


def _record(name: str, k: int):
    return formats.parse((LINKS / name).read_text().splitlines()[k], format="json")


def _digest(path) -> str:
    h = hashlib.sha256()
    for s in path.steps:
        h.update(json.dumps(s.to_json(), sort_keys=True).encode())
    h.update(path.status.encode())
    return h.hexdigest()


def _check_sound(grid, path) -> None:
    """Every placement and elimination of the path agrees with the one solution."""
    solution = sudokit.solve(grid).values
    state = logic.State.of(grid)
    for step in path.steps:
        for c, v in step.eliminations:
            assert state.candidates[c] >> (v - 1) & 1, f"{step}: {v} not a candidate"
            assert solution[c] != v, f"unsound {step}"
        for c, v in step.placements:
            assert solution[c] == v, f"unsound {step}"
        state = state.apply(step)
    assert state.is_solved() and list(state.values) == list(solution)


@pytest.mark.parametrize("name,k", [
    pytest.param(*key, marks=pytest.mark.slow) if key in SLOW else key for key in GOLDEN])
def test_paths_as_before_and_sound(name, k):
    grid = _record(name, k)
    path = logic.steps(grid)
    assert path.status == "solved"
    assert (len(path.steps), _digest(path)) == GOLDEN[(name, k)]
    _check_sound(grid, path)


def test_the_sets_are_link_heavy_and_minimal():
    """The files hold what the README says: 9x9 puzzles of the rules, one solution each,
    with weak links between cells (the reason for these sets)."""
    for name, count, word in (("nonconsecutive.json", 20, "nonconsecutive"),
                              ("thermo.json", 10, "thermo"), ("kropki.json", 10, "diff")):
        lines = (LINKS / name).read_text().splitlines()
        assert len(lines) == count
        for line in lines[::4]:
            grid = formats.parse(line, format="json")
            assert grid.size == 9 and word in line and grid.geometry.links
            assert sudokit.count_solutions(grid, limit=2) == 1


def _states(grid, every: int, max_steps: "int | None" = None) -> list:
    """The unsolved states along the whole logical path (or its first max_steps steps)."""
    return _path_states(grid, every=every, max_steps=max_steps)


FINDERS = ("aic", "grouped-aic", "cell-forcing-chain", "unit-forcing-chain", "nishio",
           "dynamic-forcing-chain", "dynamic-forcing-chain-plus")


@C_ONLY
def test_finders_identical_on_link_states():
    """On states along thermo and kropki paths, the chain and forcing finders yield the
    same first steps with the C twins and in pure Python."""
    states = _states(_record("thermo.json", 7), 6) + _states(_record("kropki.json", 0), 12)
    ids = [t for t in FINDERS if t in {x.id for x in logic.ladder()}]
    fired = set()
    for s in states:
        assert _cfast.links_known(s)
        for tid in ids:
            find = logic.technique(tid).find
            got_c = [_key(x) for x in islice(find(_fresh(s)), 2)]
            with _cfast.pure():
                got_p = [_key(x) for x in islice(find(_fresh(s)), 2)]
            assert got_c == got_p, (tid, s.to_pencilmarks())
            if got_c:
                fired.add(tid)
    assert {"aic", "cell-forcing-chain", "dynamic-forcing-chain"} <= fired, fired


@C_ONLY
def test_easy_run_takes_the_plain_ladders_steps_with_links():
    """The easy stretch in C (logic_run: singles, locked candidates, subsets) places values
    with the geometry's links as State.place does: the plain ladder's steps, the same state
    reached."""
    from test_logic_run import _replayed
    states = (_states(_record("thermo.json", 0), 5) + _states(_record("kropki.json", 2), 9)
              + _states(_record("nonconsecutive.json", 2), 4, max_steps=40))
    enabled = logic.ladder()
    taken = 0
    for s in states:
        steps, _, _ = _replayed(s, enabled)
        taken += len(steps)
    assert taken > 100, taken


@C_ONLY
def test_links_in_the_c_graph_and_branches():
    """The C graph's weak links and a recorded branch's "link" reasons are the pure ones."""
    from sudokit.logic.core import links as core_links
    s = _states(_record("nonconsecutive.json", 2), 1, max_steps=1)[0]
    for kind in ("aic", "group"):
        got = core_links._from_c(s, kind, _cfast.C.logic_links_graph(_cfast.handle(s),
                                                                     core_links._KINDS[kind]))
        want = core_links._build_py(_fresh(s), kind)
        assert (got.weak, got.strong, got.starts) == (want.weak, want.strong, want.starts)
    cd = forcing._verdicts(s)
    assert cd is not None
    ctx = dyn.context(_fresh(s))
    linked = 0
    for x in forcing._candidates(s)[::7]:
        rec = dyn.from_record(ctx, _cfast.C.logic_dyn_branch(cd, x))
        br = dyn.propagate(ctx, [(x, True)])
        assert (rec.on, rec.off, rec.contra) == (br.on, br.off, br.contra)
        linked += any(why[0] == "link" for _, why in br.off.values())
    assert linked


@C_ONLY
@pytest.mark.parametrize("depth,every", [(1, 41), pytest.param(2, 61, marks=pytest.mark.slow)])
def test_nesting_rule_names_what_the_pure_rule_finds(depth, every):
    """logic_dyn_nested (the C nesting rule on a Python branch) names the candidates the
    pure rule removes, on plus branches of nonconsecutive states."""
    states = _states(_record("nonconsecutive.json", 2), 25, max_steps=50)
    checked = found = 0
    for s in states:
        cd = forcing._verdicts(s)
        ctx = dyn.context(_fresh(s))
        ctx.oracle = False                   # the pure rule
        for x in forcing._candidates(s)[::every]:
            br = dyn.propagate(ctx, [(x, True)], plus=True)
            if br.contra:
                continue
            named = _cfast.C.logic_dyn_nested(cd, br.cands, br.oncells.to_bytes(16, "little"),
                                              True, depth)
            before = set(br.off)
            dyn._nested(ctx, br, True, True, depth)
            pure = [y for y, (_, why) in br.off.items() if y not in before and why[0] == "nested"]
            # (a contradiction on the way stops the removals: then a prefix)
            assert named == pure or (br.contra and named[:len(pure)] == pure), (x, depth)
            checked += 1
            found += bool(named)
    assert checked >= 4 and found, (checked, found)


@pytest.mark.slow
@C_ONLY
def test_nested_steps_identical_on_nonconsecutive():
    """The first nested forcing chain steps of a nonconsecutive path: C (the nesting rule
    asked first) and pure Python give the same steps."""
    grid = _record("nonconsecutive.json", 2)
    path = logic.steps(grid, max_steps=40)
    state, done = logic.State.of(grid), 0
    for step in path.steps:
        s, state = state, state.apply(step)
        if step.technique != "nested-forcing-chain":
            continue
        got = [_key(x) for x in islice(forcing.find_nested_forcing_chain(_fresh(s)), 1)]
        if not got:
            continue
        with _cfast.pure():
            want = [_key(x) for x in islice(forcing.find_nested_forcing_chain(_fresh(s)), 1)]
        assert got == want
        done += 1
        if done == 2:
            break
    assert done == 2
