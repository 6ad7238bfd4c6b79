"""The shared core's propagation helpers (sudokit.logic.core.propagate and friends).

The plus rules are written once with an order argument; with SE's order
(``se_plus_rules``) they must give Sudoku Explainer's nested rules hint for hint: checked
here against a plain reading of SE's four rules (sets and itertools, no bit tricks) on
candidate grids a propagation could leave (the puzzle's candidates with some removed).
The ladder's order is checked by the forcing chains' own tests and step hashes.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from sudokit.logic import State
from sudokit.logic.core.bits import value_cells
from sudokit.logic.core.propagate import se_plus_rules
from sudokit.logic.core.tables import SE

from conftest import shared_file

PAIRS = sorted(combinations(range(9), 2), key=lambda t: t[::-1])  # SE's colex order


def _has(mask: int, v: int) -> bool:
    return bool(mask >> (v - 1) & 1)


def _ref_locked(values, work, source):
    out = []
    for k1, k2 in (("box", "col"), ("box", "row"), ("col", "box"), ("row", "box")):
        for u1 in SE.units(k1):
            for u2 in SE.units(k2):
                common = set(SE.unit_cells[u1]) & set(SE.unit_cells[u2])
                if not common:
                    continue
                for v in range(1, 10):
                    places = {c for c in SE.unit_cells[u1] if _has(work[c], v)}
                    if len(places) < 2 or not places <= common:
                        continue
                    gone = [c for c in SE.unit_cells[u2] if c not in common and _has(work[c], v)]
                    if gone:
                        why = [(c, v) for c in SE.unit_cells[u1] if c not in common
                               and _has(source[c], v) and not _has(work[c], v)]
                        out.append(({c: 1 << (v - 1) for c in gone}, why))
    return out


def _units(values, kinds, more_than: int):
    return [u for k in kinds for u in SE.units(k)
            if sum(1 for c in SE.unit_cells[u] if not values[c]) > more_than]


def _ref_hidden(values, work, source):
    out = []
    for u in _units(values, ("box", "col", "row"), 4):
        cells = SE.unit_cells[u]
        for i, j in PAIRS:
            a = {c for c in cells if _has(work[c], i + 1)}
            b = {c for c in cells if _has(work[c], j + 1)}
            if len(a) != 2 or a != b:
                continue
            keep = 1 << i | 1 << j
            elims = {c: work[c] & ~keep for c in sorted(a) if work[c] & ~keep}
            if elims:
                why = [(c, v) for c in cells if c not in a for v in (i + 1, j + 1)
                       if _has(source[c], v)]
                out.append((elims, why))
    return out


def _ref_naked(values, work, source):
    out = []
    for u in _units(values, ("box", "col", "row"), 3):
        cells = SE.unit_cells[u]
        for i, j in PAIRS:
            m = work[cells[i]]
            if m.bit_count() != 2 or work[cells[j]] != m:
                continue
            elims = {c: work[c] & m for c in cells
                     if c not in (cells[i], cells[j]) and work[c] & m}
            if elims:
                why = [(c, v) for c in (cells[i], cells[j]) for v in range(1, 10)
                       if _has(source[c], v) and not _has(m, v)]
                out.append((elims, why))
    return out


def _ref_xwing(values, work, source):
    out = []
    for base, cover in (("col", "row"), ("row", "col")):
        lines, covers = SE.units(base), SE.units(cover)
        for i, j in PAIRS:
            for v in range(1, 10):
                if values.count(v) + 4 > 9:
                    continue
                at = [{k for k, c in enumerate(SE.unit_cells[lines[x]]) if _has(work[c], v)}
                      for x in (i, j)]
                if len(at[0]) != 2 or at[0] != at[1]:
                    continue
                cover_cells = {c for k in at[0] for c in SE.unit_cells[covers[k]]}
                base_cells = set(SE.unit_cells[lines[i]]) | set(SE.unit_cells[lines[j]])
                gone = sorted(c for c in cover_cells - base_cells if _has(work[c], v))
                if gone:
                    why = [(c, v) for x in (i, j) for c in SE.unit_cells[lines[x]]
                           if c not in cover_cells and _has(source[c], v)
                           and not _has(work[c], v)]
                    out.append(({c: 1 << (v - 1) for c in gone}, why))
    return out


def _as_se(patterns) -> list:
    """se_plus_rules' patterns as SE's hints: ({cell: mask}, [(cell, value)])."""
    out = []
    for gone, why in patterns:
        elims = {}
        for c, b in gone:
            elims[c] = elims.get(c, 0) | 1 << b
        out.append((elims, [(c, b + 1) for c, b in why]))
    return out


def _grids(k: int, seed: int):
    """(values, work, source) of k candidate grids: puzzles of the hardest set with a third
    of their candidates removed at random (never a cell's last)."""
    with open(shared_file("puzzles6_forum_hardest_1106"), encoding="utf-8") as f:
        lines = [ln.split()[0] for ln in f if ln.strip() and not ln.startswith("#")]
    rng = random.Random(seed)
    for line in rng.sample(lines, k):
        state = State.of(line)
        values, source = list(state.values), list(state.candidates)
        work = list(source)
        for c, m in enumerate(work):
            bits = [1 << b for b in range(9) if m >> b & 1]
            if len(bits) > 1 and rng.random() < 0.35:
                work[c] = m & ~rng.choice(bits)
        yield values, work, source


@pytest.mark.parametrize("seed", [1, 2])
def test_se_plus_rules_are_se_nested_rules(seed):
    counts = dict.fromkeys(("locked candidates", "hidden pair", "naked pair", "X-Wing"), 0)
    refs = (_ref_locked, _ref_hidden, _ref_naked, _ref_xwing)
    for values, work, source in _grids(40, seed):
        got = [(name, list(patterns)) for name, patterns in se_plus_rules(values, work, source)]
        assert [name for name, _ in got] == list(counts)
        for (name, patterns), ref in zip(got, refs):
            expected = ref(values, work, source)
            assert _as_se(patterns) == expected, name
            counts[name] += len(expected)
    assert all(counts.values()), counts   # every rule was met at least once


def test_value_cells():
    cands = [0b101, 0, 0b010, 0b111]
    assert value_cells(cands, 3) == [0, 0b1001, 0b1100, 0b1001]


def test_board_round_trip():
    state = State.of("4.....8.5.3..........7......2.....6.....8"
                     ".4......1.......6.3.7.5..2.....1.4......")
    board = state.board()
    assert board.values == list(state.values) and board.cands == list(state.candidates)
    mark = board.mark()
    board.place(1, 1)
    assert state.with_board(board) == state.place(1, 1)
    board.undo(mark)
    assert state.with_board(board) == state
