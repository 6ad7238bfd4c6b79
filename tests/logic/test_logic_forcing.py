"""Forcing chains (sudokit.logic.techniques.forcing) and their propagation engine (_dynamic).

Hand-checked steps: Nishio, cell and unit forcing chains and the dynamic chain were followed
node by node against the pencil marks (the conjugate pairs, bivalue cells and singles they
name); the "plus" and nested steps are checked by structure (the rule or the nested
contradiction they need is in their evidence) and against the solution.  Then: the engine
against itself (Nishio on bitsets, resumed branches), the completeness guarantee, soundness
and completeness on the shared sets (a sample by default, everything with -m slow), 16x16
and jigsaw/X grids, HoDoKu's forcing-chain exemplars (#12xx).
"""

from __future__ import annotations

import os
import random
import re
import time

import pytest

import sudokit
from sudokit import logic
from sudokit.logic import State, Step
from sudokit.logic.ladder import ladder, technique
from sudokit.logic.core import propagate as dyn
from sudokit.logic.techniques import forcing

from conftest import shared_file
from test_logic_chains import (CHAIN_IDS, HEX, SIMPLE, SINGLES, _variant_records,
                               _variant_state, check_path, exemplars)

FORCING_IDS = ["nishio", "cell-forcing-chain", "unit-forcing-chain", "dynamic-forcing-chain",
               "dynamic-forcing-chain-plus", "nested-forcing-chain"]
# the whole ladder as this branch has it (other families come with their own tests)
OURS = SIMPLE + CHAIN_IDS + FORCING_IDS


def before(tid: str, puzzle: str) -> State:
    """The state of puzzle after every technique of OURS ranked below tid."""
    low = SIMPLE + CHAIN_IDS + FORCING_IDS[:FORCING_IDS.index(tid)]
    return logic.steps(puzzle, techniques=low).state


def first(tid: str, state: State) -> Step:
    return next(iter(technique(tid).find(state)))


# --- hand-checked steps ------------------------------------------------------------------

def test_nishio_hand_checked():
    # 4 at r9c5: col 3 keeps 4 only in r1c3 (r9c3 gone), so r1c3=4 and row 1 loses 4; box 2
    # keeps 4 only in r1c6 (col 5 and r1c4 gone): r1c6 would be 4 and not 4.
    puzzle = ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4.........."
    step = first("nishio", before("nishio", puzzle))
    assert step.technique == "nishio"
    assert step.eliminations == ((76, 4),) and step.placements == ()
    assert step.text == ("If r9c5 is 4, then r1c6 would be both 4 and not 4 (Nishio Forcing "
                         "Chain: r9c5=4 -> r9c3<>4 -> r1c3=4 -> r1c4<>4 -> r1c6=4; r9c5=4 -> "
                         "r9c3<>4 -> r1c3=4 -> r1c6<>4), so 4 is removed from r9c5.")
    branch, = step.evidence["branches"]
    assert branch["assume"] == [76, 4, "on"]
    assert branch["result"] == "r1c6 would be both 4 and not 4"
    assert {n[1] for n in branch["nodes"]} == {4}             # one value only
    assert set(branch["reasons"]) == {"assumed", "peer", "hidden single in col 3",
                                      "hidden single in box 2"}
    assert step.se == 7.8


def test_cell_forcing_chain_hand_checked():
    # r1c7 {3,5,9}: 3 -> r3c8 {3,9} is 9 -> box 9 keeps 9 in r9c7 (with r7c8) -> col 7 loses
    # 9; 5 -> r9c7 {5,9} is 9 -> same; 9 -> col 7 loses 9 at once.
    puzzle = "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7......."
    step = first("cell-forcing-chain", before("cell-forcing-chain", puzzle))
    assert step.eliminations == ((33, 9), (42, 9))
    assert step.text == ("Whichever value r1c7 takes (3, 5 or 9), r4c7 is not 9 (Cell Forcing "
                         "Chains: r1c7=3 -> r3c8<>3 -> r3c8=9 -> r7c8<>9 -> r9c7=9 -> r4c7<>9; "
                         "r1c7=5 -> r9c7<>5 -> r9c7=9 -> r4c7<>9; r1c7=9 -> r4c7<>9), so 9 is "
                         "removed from r4c7 and r5c7.")
    assert [b["assume"] for b in step.evidence["branches"]] == [[6, 3, "on"], [6, 5, "on"],
                                                                 [6, 9, "on"]]
    assert all(b["result"] == [33, 9, "off"] for b in step.evidence["branches"])
    assert step.se == 8.3                   # 8.0 + length 12 - 2


def test_unit_forcing_chain_hand_checked():
    # 5 in row 2: r2c5 -> r4c5 {5,9} is 9 -> col 1 keeps 9 in r2c1 only -> r2c9 not 9;
    # r2c8 -> row 2 keeps 8 in r2c9 only; r2c9 -> itself.
    puzzle = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
    step = first("unit-forcing-chain", before("unit-forcing-chain", puzzle))
    assert step.eliminations == ((17, 9),)
    assert step.text == ("Whichever place 5 takes in row 2 (r2c5, r2c8 or r2c9), r2c9 is not 9 "
                         "(Unit Forcing Chains: r2c5=5 -> r4c5<>5 -> r4c5=9 -> r4c1<>9 -> "
                         "r2c1=9 -> r2c9<>9; r2c8=5 -> r2c8<>8 -> r2c9=8 -> r2c9<>9; r2c9=5 -> "
                         "r2c9<>9), so 9 is removed from r2c9.")


def test_dynamic_forcing_chain_hand_checked():
    # 9 at r1c2 clears box 1 but r7c3 in col 3 (hidden single), row 7 then keeps 7 in r7c9
    # only and 1 in r7c6 only, and 3 loses its last place in row 7.
    puzzle = "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......"
    step = first("dynamic-forcing-chain", before("dynamic-forcing-chain", puzzle))
    assert step.eliminations == ((1, 9),)
    assert step.text == ("If r1c2 is 9, then 3 has no place left in row 7 (Dynamic Forcing "
                         "Chains: r1c2=9 -> r3c3<>9 -> r7c3=9 -> r7c3<>7 -> r7c9=7 -> r7c9<>1 "
                         "-> r7c6=1 -> r7c6<>3), so 9 is removed from r1c2.")
    branch, = step.evidence["branches"]
    assert "hidden single in col 3" in branch["reasons"]
    assert "naked single" in branch["reasons"]        # dynamic: singles of the branch
    nodes = branch["nodes"]
    assert all(p < i for i, ps in enumerate(branch["parents"]) for p in ps)
    assert nodes[0] == [1, 9, "on"] and branch["parents"][0] == []


def test_dynamic_forcing_chain_plus_needs_its_rules():
    puzzle = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
    st = before("dynamic-forcing-chain-plus", puzzle)
    assert next(iter(technique("dynamic-forcing-chain").find(st)), None) is None
    step = first("dynamic-forcing-chain-plus", st)
    assert step.eliminations == ((12, 8),)
    assert step.text.startswith("If r2c4 is 8, then r5c4 would be both 6 and not 6 "
                                "(Dynamic Forcing Chains (+): r2c4=8 -> ")
    assert step.text.endswith("so 8 is removed from r2c4.")
    branch, = step.evidence["branches"]
    assert "locked candidates" in branch["reasons"]
    assert sudokit.solve(puzzle).values[12] != 8
    assert step.se == 9.8


def test_nested_forcing_chain_needs_a_level_down():
    puzzle = ".....6......5.8.....8.9.5......7...4..76..2...1..2..3...2...6...4..6..9.39......1"
    st = before("nested-forcing-chain", puzzle)
    assert next(iter(technique("dynamic-forcing-chain-plus").find(st)), None) is None
    step = first("nested-forcing-chain", st)
    assert step.eliminations == ((9, 6),)
    assert step.text.startswith("If r2c1 is 6, then r3c9 would be both 7 and not 7 (Nested "
                                "Forcing Chains: ")
    assert "[r3c9=2 contradicts]" in step.text and "[r3c9=7 contradicts]" in step.text
    branch, = step.evidence["branches"]
    assert "nested" in branch["reasons"] and branch["nested"]
    for index, sub in branch["nested"].items():
        assert branch["reasons"][int(index)] == "nested"
        cell, value, state = branch["nodes"][int(index)]
        assert sub["assume"] == [cell, value, "on"] and state == "off"
        assert re.search(r"no candidate|no place|both", sub["result"])
    assert step.se >= 9.5
    assert sudokit.solve(puzzle).values[9] != 6


def test_forcing_steps_round_trip_through_json():
    puzzle = "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......"
    st = before("nishio", puzzle)
    for tid in FORCING_IDS[:4]:
        for step in list(technique(tid).find(st))[:2]:
            assert Step.from_json(step.to_json()) == step


# --- the engine --------------------------------------------------------------------------

def _hard_state(index=0):
    p = shared_file("puzzles6_forum_hardest_1106").read_text().split()[index]
    return p, logic.steps(p, techniques=SIMPLE + CHAIN_IDS).state


def test_nishio_bitsets_agree_with_the_engine(shared_data):
    for index in (0, 3):
        _, st = _hard_state(index)
        ctx = dyn.context(st)
        for x in forcing._candidates(st):
            branch = dyn.propagate(ctx, [(x, True)], y=False)
            assert dyn.nishio(ctx, x) == (branch.contra is not None), x


def test_resumed_plus_branch_equals_a_fresh_one(shared_data):
    _, st = _hard_state(1)
    ctx = dyn.context(st)
    for x in forcing._candidates(st)[::3]:
        singles = dyn.propagate(ctx, [(x, True)])
        fresh = dyn.propagate(ctx, [(x, True)], plus=True)
        if singles.contra:
            assert fresh.contra
            continue
        resumed = dyn.resume(ctx, singles, plus=True)
        assert (resumed.contra is None) == (fresh.contra is None)
        if fresh.contra is None:
            assert resumed.on.keys() == fresh.on.keys()
            assert resumed.off.keys() == fresh.off.keys()


def test_branch_nodes_rest_on_earlier_nodes(shared_data):
    p, st = _hard_state(2)
    ctx = dyn.context(st)
    sol = sudokit.solve(p).values
    for x in forcing._candidates(st)[:40]:
        br = dyn.propagate(ctx, [(x, True)], plus=True)
        if br.contra:
            assert sol[x % 81] != x // 81 + 1           # only a false candidate contradicts
        for (lit, on), parents in dyn.ancestors(ctx, br, [(y, True) for y in br.on]).items():
            seq = (br.on if on else br.off)[lit][0]
            for q, qon in parents:
                assert (br.on if qon else br.off)[q][0] < seq


def _compare_reuse(puzzle, limit=None):
    """Walk puzzle's path; at every state that reaches the dynamic techniques, each of them
    must find the same first step with the previous state's branches reused as on a fresh
    copy of the state that reuses nothing."""
    st, compared = State.of(puzzle), 0
    ids = {"dynamic-forcing-chain", "dynamic-forcing-chain-plus", "nested-forcing-chain"}
    enabled = [t for t in ladder() if t.id in OURS]
    while not st.is_solved() and (limit is None or compared < limit):
        step = None
        for tech in enabled:
            step = next(iter(tech.find(st)), None)
            if tech.id in ids:
                fresh = State(st.geometry, st.values, st.candidates, st.givens)
                fresh._cache["prev"] = None          # no previous state: fresh branches
                assert next(iter(tech.find(fresh)), None) == step, (tech.id, compared)
                compared += 1
            if step is not None:
                break
        st = st.apply(step)
    return compared


def test_reusing_branches_never_changes_a_step(shared_data):
    p = shared_file("puzzles6_forum_hardest_1106").read_text().split()[1]
    assert _compare_reuse(p, limit=24) >= 24


@pytest.mark.slow
def test_reusing_branches_never_changes_a_step_on_hardest(shared_data):
    for p in shared_file("puzzles6_forum_hardest_1106").read_text().split()[:40]:
        _compare_reuse(p)


def _marks(masks) -> State:
    from sudokit.grid import Grid
    return State.from_marks(Grid([0] * 81), masks)


def test_contradictions_are_reported_by_kind():
    full = (1 << 9) - 1
    ctx = dyn.context(State.of("." * 81))
    br = dyn.propagate(ctx, [(1, True), (2, True)])         # 1 in r1c2 and in r1c3
    assert br.contra == ("both", 2)
    assert forcing._contra_text(ctx, br) == "r1c3 would be both 1 and not 1"
    masks = [full] * 81
    masks[0] = 1 << 4                                       # r1c1 can only be 5
    ctx = dyn.context(_marks(masks))
    br = dyn.propagate(ctx, [(4 * 81 + 1, True)])           # 5 in r1c2
    assert br.contra == ("cell", 0)
    assert forcing._contra_text(ctx, br) == "r1c1 has no candidate left"
    masks = [full & ~1 if 2 <= c < 9 else full for c in range(81)]   # row 1: 1 in c1, c2
    ctx = dyn.context(_marks(masks))
    br = dyn.propagate(ctx, [(0 * 81 + 9, True), (1 * 81 + 1, True)])   # r2c1=1, r1c2=2
    assert br.contra[0] == "unit"
    assert forcing._contra_text(ctx, br) == "1 has no place left in row 1"
    nodes = dyn.contradiction_nodes(ctx, br)
    assert sorted(nodes) == [(0, False), (1, False)]


# --- the guarantee ------------------------------------------------------------------------

def test_nested_search_deepens_until_it_finds_a_step(shared_data):
    """Where dynamic-plus finds nothing, nested (depth 1, 2, ...) still finds a sound step;
    with max_depth=0 it has nothing to try."""
    p = shared_file("puzzles6_forum_hardest_1106").read_text().split()[0]
    st = State.of(p)
    sol = sudokit.solve(p).values
    while True:
        step = logic.hint(st, techniques=OURS[:-1], check=False)
        if step is None:
            break
        st = st.apply(step)
    assert not st.is_solved()
    assert list(forcing.find_nested_forcing_chain(st, max_depth=0)) == []
    step = next(iter(forcing.find_nested_forcing_chain(st)))
    for c, v in step.eliminations:
        assert sol[c] != v


def test_every_hardest_sample_solves_without_guessing(shared_data):
    lines = shared_file("puzzles6_forum_hardest_1106").read_text().split()
    for p in lines[:2]:
        path = logic.steps(p, techniques=OURS)
        assert path.status == "solved"
        check_path(p, sudokit.solve(p).values, path)
        assert "nested-forcing-chain" in {s.technique for s in path.steps}


def test_forcing_sound_on_top1465_sample(shared_data):
    used = set()
    for p in shared_file("puzzles3_magictour_top1465").read_text().split()[:30]:
        path = logic.steps(p, techniques=OURS)
        assert path.status == "solved"
        check_path(p, sudokit.solve(p).values, path)
        used |= {s.technique for s in path.steps}
    assert {"cell-forcing-chain", "unit-forcing-chain", "dynamic-forcing-chain"} <= used


def test_forcing_on_16x16():
    path = logic.steps(HEX, techniques=OURS)
    assert path.status == "solved"
    check_path(HEX, sudokit.solve(HEX).values, path)
    assert {s.technique for s in path.steps} & set(FORCING_IDS)


@pytest.mark.parametrize("name", ["sgt_jigsaw.txt", "sgt_x.txt"])
def test_forcing_on_jigsaw_and_x(name):
    used, checked = set(), 0
    for ident, rules, regions, puzzle, solution in _variant_records(name, 200):
        path = logic.steps(_variant_state(rules, regions, puzzle), techniques=OURS)
        assert path.status == "solved", ident
        check_path(puzzle, [int(ch) for ch in solution], path)
        used |= {s.technique for s in path.steps}
        checked += 1
        if checked >= 20 and used & set(FORCING_IDS):
            break
    assert used & set(FORCING_IDS)


def test_the_ladder_has_the_forcing_family_last():
    ranks = {t.id: t.rank for t in ladder()}
    assert [ranks[i] for i in FORCING_IDS] == [400, 410, 415, 420, 425, 430]
    assert [ranks[i] for i in CHAIN_IDS] == [245, 250, 260, 270, 272, 275]
    assert all(technique(i).family == "forcing" for i in FORCING_IDS)


# --- HoDoKu's exemplars (#12xx: forcing chain verity) --------------------------------------

def test_exemplar_hit_rate_for_forcing_chains(shared_data):
    """After the simple techniques and the chains, a forcing technique finds a sound step
    on every exemplar of #1202 (measured 8 of 8)."""
    hits = total = 0
    for section, puzzle, first_set in exemplars({"1201", "1202", "1203", "1204"}):
        st = logic.steps(puzzle, techniques=(SINGLES if first_set == "s" else SIMPLE)
                         + CHAIN_IDS).state
        sol = sudokit.solve(puzzle).values
        total += 1
        for tid in FORCING_IDS:
            step = next(iter(technique(tid).find(st)), None)
            if step is not None:
                check_path(puzzle, sol, logic.Path("stuck", st, [step]))
                hits += 1
                break
    assert total == 8 and hits >= 8


# --- completeness (slow) --------------------------------------------------------------------

def _complete(lines):
    """Every puzzle solved by logic alone, every step sound; prints the CPU time per
    puzzle (mean, p50, p99, max: pytest -s shows it)."""
    times = []
    for p in lines:
        t0 = time.process_time()
        path = logic.steps(p, techniques=OURS)
        times.append(time.process_time() - t0)
        assert path.status == "solved", p
        check_path(p, sudokit.solve(p).values, path)
    times.sort()
    n = len(times)
    print(f"\n{n} puzzles ({sudokit.backend()}): mean {sum(times) / n:.3f} s, "
          f"p50 {times[n // 2]:.3f} s, p99 {times[min(n - 1, n * 99 // 100)]:.3f} s, "
          f"max {times[-1]:.3f} s")
    return times


@pytest.mark.slow
def test_complete_on_top1465(shared_data):
    _complete(shared_file("puzzles3_magictour_top1465").read_text().split())


@pytest.mark.slow
def test_complete_on_hardest_1106(shared_data):
    _complete(shared_file("puzzles6_forum_hardest_1106").read_text().split())


@pytest.mark.slow
def test_complete_on_a_sample_of_hardest_1905(shared_data):
    lines = shared_file("puzzles5_forum_hardest_1905_11+").read_text().split()
    # the 10,000-puzzle sample of issue #15 (SUDOKIT_FORCING_SAMPLE=n for another size); with
    # SUDOKIT_FORCING_PART=i/k only its i-th of k interleaved parts (1-based), so the long pure-
    # Python run can be split over several processes or sittings: together the k parts are
    # the whole sample
    count = int(os.environ.get("SUDOKIT_FORCING_SAMPLE", "10000"))
    sample = random.Random(15).sample(lines, count)
    i, k = (int(x) for x in os.environ.get("SUDOKIT_FORCING_PART", "1/1").split("/"))
    assert 1 <= i <= k, "SUDOKIT_FORCING_PART is i/k with 1 <= i <= k"
    _complete(sample[i - 1::k])
