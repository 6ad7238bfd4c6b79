"""The C twins of the logic engine's hot finders (issue #15, speed): identical steps.

sudokit/logic/_cfast.py hands the search of the two-strong-link patterns, ALS-XZ, ALS-XY-Wing, the finned and sashimi
fish, aligned pair exclusion and Sue de Coq to C (src/sudokit/_c/logic_*.c), the verdict
sets of the chains' closure (x-chain, xy-chain, AIC, nice loops) and the reach of the
static forcing chains, the chains' graphs themselves, the verdicts of the
forcing chains' dynamic branches, and State's where table.  The pure-Python code is the
specification: on many states (along the paths of top1465 and hardest-1106 puzzles, 9x9
jigsaw and X puzzles, 4x4-8x8 jigsaws, classic states read with anti-knight, windoku and X
rules), every twinned finder must yield exactly the steps (technique, placements,
eliminations, evidence, text, rating) of its pure twin (``_cfast.pure()``), and must
yield some (no vacuous comparison).  In pure mode (SUDOKIT_PUREPYTHON=1) there is
nothing to compare: the module is skipped.
"""

from __future__ import annotations

import collections
import json
import math
import random
from itertools import islice

import pytest

from sudokit import geometry, logic
from sudokit.logic import State, _cfast
from sudokit.logic.core import propagate as dyn
from sudokit.logic.core import links as _links
from sudokit.logic.techniques import forcing

from conftest import TESTDATA, shared_file

pytestmark = pytest.mark.skipif(
    not _cfast.available(),
    reason="C kernels only: pure-Python backend (SUDOKIT_PUREPYTHON=1 or no C extension): no C twin to compare")

C = _cfast.C

PATTERNS = ("skyscraper", "two-string-kite", "turbot-fish")
FINDERS = ("als-xz", "als-xy-wing", "finned-x-wing", "sashimi-x-wing", "finned-swordfish",
           "sashimi-swordfish", "finned-jellyfish", "sashimi-jellyfish",
           "aligned-pair-exclusion", "sue-de-coq")
CHAINS = ("x-chain", "xy-chain", "aic", "discontinuous-nice-loop", "continuous-nice-loop")
STATIC = ("cell-forcing-chain", "unit-forcing-chain")
FORCING = ("nishio", "dynamic-forcing-chain", "dynamic-forcing-chain-plus")


def _fresh(s: State) -> State:
    """The same state with an empty cache (nothing computed by the other backend)."""
    return State(s.geometry, s.values, s.candidates, s.givens)


def _key(step) -> tuple:
    return (step.technique, step.placements, step.eliminations,
            json.dumps(step.to_json()["evidence"], sort_keys=True), step.text, step.se)


def _states(puzzle, geom=None, every: int = 1, max_steps: "int | None" = 400) -> list:
    """The unsolved states along the logical path of a puzzle (every k-th; max_steps None:
    the whole path)."""
    start = State.of(puzzle, geometry=geom)
    path = logic.steps(start, max_steps=max_steps)
    out, s = [start], start
    for step in path.steps:
        s = s.apply(step)
        out.append(s)
    return [s for s in out[::every] if not s.is_solved()]


def _lines(name: str, k: int, seed: int) -> list:
    path = shared_file(name)
    rows = [r.split()[0] for r in path.read_text().splitlines()
            if r.strip() and not r.startswith("#")]
    return random.Random(seed).sample(rows, k)


def _variants(name: str, size: int, k: int) -> list:
    """(puzzle, geometry) of the first k records of size x size of a variants corpus."""
    out = []
    for raw in (TESTDATA / "variants" / name).read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        _, rules, regions, puzzle, _ = raw.strip().split(";")
        n = math.isqrt(len(puzzle))
        if n != size:
            continue
        g = geometry.jigsaw(regions) if regions != "-" else geometry.parse(str(n))
        if rules != "-":
            g = g.with_rules(*rules.split("+"))
        out.append((puzzle, g))
    return out[:k]


def _compare(states, ids, counts, limit=25) -> None:
    """Each finder of ids yields the same steps (the first limit of them) on both
    backends on every state; counts[id] += 1 for each state where it yields some."""
    for s in states:
        for tid in ids:
            find = logic.technique(tid).find
            got_c = [_key(x) for x in islice(find(_fresh(s)), limit)]
            with _cfast.pure():
                got_p = [_key(x) for x in islice(find(_fresh(s)), limit)]
            assert got_c == got_p, (tid, s.to_pencilmarks())
            counts[tid] += bool(got_c)


@pytest.fixture(scope="module")
def top_states():
    out = []
    for p in _lines("puzzles3_magictour_top1465", 4, 15):
        out += _states(p, every=4)
    return out


@pytest.fixture(scope="module")
def hard_states():
    out = []
    for p in _lines("puzzles6_forum_hardest_1106", 2, 15):
        out += _states(p, every=6)
    return out


@pytest.fixture(scope="module")
def variant_states():
    out = []
    for name, size, k in (("sgt_jigsaw.txt", 9, 3), ("sgt_x.txt", 9, 2),
                          ("janko_chaos.txt", 6, 3), ("janko_chaos.txt", 8, 2),
                          ("janko_chaos.txt", 4, 2)):
        for puzzle, g in _variants(name, size, k):
            out += _states(puzzle, g, every=4)
    return out


@pytest.fixture(scope="module")
def ruled_states(top_states):
    """Classic states read with extra rules (the finders need no unique solution)."""
    out = []
    for rule in ("antiknight", "windoku", "x"):
        g = geometry.parse("9").with_rules(rule)
        out += [State(g, s.values, s.candidates, s.givens) for s in top_states[::8]]
    return out


def test_finders_identical_on_top1465(top_states):
    counts = collections.Counter()
    _compare(top_states, FINDERS + CHAINS, counts)
    for tid in FINDERS + CHAINS:
        assert counts[tid] > 0, (tid, counts)


def test_patterns_identical_on_top1465():
    counts = collections.Counter()
    for p in _lines("puzzles3_magictour_top1465", 8, 21):
        _compare(_states(p), PATTERNS, counts)
    for tid in PATTERNS:
        assert counts[tid] > 0, (tid, counts)


def test_finders_identical_on_hardest(hard_states):
    counts = collections.Counter()
    _compare(hard_states, FINDERS + CHAINS, counts)
    _compare(hard_states, FORCING + STATIC, counts, limit=2)
    for tid in ("als-xz", "als-xy-wing", "aligned-pair-exclusion") + FORCING + STATIC:
        assert counts[tid] > 0, (tid, counts)


def test_nested_forcing_identical(hard_states):
    counts = collections.Counter()
    _compare(hard_states[::4], ("nested-forcing-chain",), counts, limit=1)
    assert counts["nested-forcing-chain"] > 0


def test_finders_identical_on_variants(variant_states, ruled_states):
    counts = collections.Counter()
    _compare(variant_states, PATTERNS + FINDERS + CHAINS, counts)
    _compare(ruled_states, PATTERNS + FINDERS + CHAINS, counts)
    _compare(variant_states[::3] + ruled_states[::3], FORCING, counts, limit=1)
    for tid in ("turbot-fish", "als-xz", "als-xy-wing", "finned-x-wing",
                "aligned-pair-exclusion", "sue-de-coq", "x-chain", "aic"):
        assert counts[tid] > 0, (tid, counts)


def test_paths_identical():
    puzzles = [(p, None) for p in _lines("puzzles3_magictour_top1465", 2, 7)]
    puzzles += _variants("sgt_jigsaw.txt", 9, 1) + _variants("sgt_x.txt", 9, 1)
    for p, g in puzzles:
        got_c = [_key(s) for s in logic.steps(State.of(p, geometry=g)).steps]
        with _cfast.pure():
            got_p = [_key(s) for s in logic.steps(State.of(p, geometry=g)).steps]
        assert got_c == got_p and got_c


@pytest.mark.slow
def test_finders_identical_every_step_larger_sample():
    """Every step of every finder (no limit) on a larger sample: the full comparison."""
    counts = collections.Counter()
    states = []
    for p in _lines("puzzles3_magictour_top1465", 12, 3):
        states += _states(p, every=2)
    for puzzle, g in _variants("sgt_jigsaw.txt", 9, 6) + _variants("sgt_x.txt", 9, 4):
        states += _states(puzzle, g, every=2)
    _compare(states, PATTERNS + FINDERS + CHAINS, counts, limit=None)
    for tid in PATTERNS + FINDERS + CHAINS:
        assert counts[tid] > 0, (tid, counts)


# --- the kernels against their Python twins, piece by piece -------------------------------

def test_dynamic_verdicts_match_branches(hard_states, variant_states):
    """Every candidate: the C verdict (contradiction, what the branch decides) is the
    end of a fresh Python branch, singles and plus; depth 1 on a few states."""
    contra = nested = 0
    for k, s in enumerate(hard_states[::4] + variant_states[::8]):
        a = _fresh(s)
        cd = C.logic_dyn(_cfast.handle(a))
        ctx = dyn.context(a)
        nc = a.tables.ncells
        cands = a.candidates
        for x in [b * nc + c for c in range(nc) for b in range(a.size) if cands[c] >> b & 1]:
            assert C.logic_dyn_nishio(cd, x) == dyn.nishio(ctx, x), x
            for plus in (False, True):
                br = dyn.propagate(ctx, [(x, True)])
                if plus and not br.contra:
                    br = dyn.resume(ctx, br, plus=True)
                assert C.logic_dyn_contra(cd, x, plus, 0) == bool(br.contra), (x, plus)
                if br.contra:
                    contra += 1
                    continue
                want = sorted((y, True) for y in br.on
                              if cands[y % nc] >> (y // nc) & 1 and y != x) + \
                    sorted((y, False) for y in br.off if cands[y % nc] >> (y // nc) & 1)
                assert C.logic_dyn_common(cd, [x], plus) == want
            if k < 1 and x % 4 == 0:
                br = dyn.propagate(ctx, [(x, True)], plus=True)
                if not br.contra:
                    br = dyn.resume(ctx, br, plus=True, depth=1)
                    assert C.logic_dyn_contra(cd, x, True, 1) == bool(br.contra), x
                    nested += bool(br.contra)
    assert contra > 0 and nested > 0


def test_closure_sets_match(top_states, variant_states, ruled_states):
    nonempty = collections.Counter()
    for s in top_states[::3] + variant_states[::3] + ruled_states[::2]:
        for k, kind in enumerate(("x", "xy", "aic", "group")):
            a = _fresh(s)
            f, t, lo = (int.from_bytes(b, "little")
                        for b in C.logic_closure(_cfast.handle(a), k))
            cl = _links._closure(a, kind)
            lits = _links.graph(a, kind).cands
            assert (f, t, lo) == (cl.false, cl.true, cl.looped & lits), (kind, s.to_pencilmarks())
            nonempty[kind] += bool(f)
            got, want = _links._build(a, kind), _links._build_py(a, kind)
            assert (got.weak, got.strong, got.groups, got.starts, got.cands) == \
                (want.weak, want.strong, want.groups, want.starts, want.cands), kind
        a, b = _fresh(s), _fresh(s)
        with _cfast.pure():
            want = forcing._reaches(b)
        assert forcing._reaches(a) == want          # the static forcing chains' reach
    assert all(nonempty[k] for k in ("x", "xy", "aic", "group")), nonempty


def test_where_table_matches(top_states, variant_states, ruled_states):
    for s in top_states[::5] + variant_states[::4] + ruled_states[::4]:
        a, b = _fresh(s), _fresh(s)
        with _cfast.pure():
            want = b.where_table()
        assert a.where_table() == want


def test_uniqueness_rectangles_match(top_states, variant_states, ruled_states):
    """uniqueness._candidates: the rectangles C lists are the pure loop's, in order."""
    from sudokit.logic.techniques import uniqueness
    found = 0
    for s in top_states + variant_states + ruled_states[::2]:
        a, b = _fresh(s), _fresh(s)
        with _cfast.pure():
            want = uniqueness._candidates(b)
        got = uniqueness._candidates(a)
        assert got == want, s.to_pencilmarks()
        found += bool(got)
    assert found > 5


# --- boundaries ------------------------------------------------------------------------------

def test_large_grids_stay_in_python():
    s = State.of("1" + "." * 255)          # 16x16: over the C finders' 128 cells
    assert _cfast.handle(s) is None
    assert _cfast.handle(State.of("." * 81)) is not None


def test_bad_input_is_refused():
    s = State.of("." * 81)
    h = _cfast.handle(s)
    geo = _cfast._geometry(s.tables)
    with pytest.raises(ValueError, match="values"):
        C.logic_state(geo, [0] * 80, [511] * 81)
    with pytest.raises(ValueError, match="candidate mask"):
        C.logic_state(geo, [0] * 81, [512] * 81)
    with pytest.raises(ValueError, match="outside"):
        C.logic_state(geo, [10] * 81, [0] * 81)
    with pytest.raises(ValueError, match="size"):
        C.logic_geometry(12, [], [], [], [], [], [], [], [], [])
    with pytest.raises(ValueError):
        C.logic_finned(h, 5)
    with pytest.raises(ValueError, match="rectangle"):
        C.logic_ur_candidates(h, bytes([0, 1, 9, 81]), bytes(81))
    with pytest.raises(ValueError, match="given"):
        C.logic_ur_candidates(h, b"", bytes(80))
    with pytest.raises(ValueError):
        C.logic_als(geo, 8)                 # a geometry capsule is not a state
    cd = C.logic_dyn(h)
    with pytest.raises(ValueError, match="not a candidate"):
        C.logic_dyn_contra(cd, 10_000, False, 0)
