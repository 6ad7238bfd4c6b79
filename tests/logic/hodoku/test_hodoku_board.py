"""HoDoKu's board (sudokit.logic.hodoku.board): the singles from its queues on the cases of
HoDoKu's technique library (../shared/data/ratings/hodoku_reglib-1.3.txt, codes 00xx), and
its bookkeeping along HoDoKu paths. The floors are the measured agreements: each finder
returns the first instance in HoDoKu's scan order, and the library lists the one instance it
tests for its candidates, so a grid holding another instance earlier in that order does not
agree (it must still be sound).
"""

from __future__ import annotations

import csv

import pytest

import hodoku_reglib as reglib
from conftest import shared_file

from sudokit.logic.core.tables import HODOKU
from sudokit.logic.hodoku import hodoku_path
from sudokit.logic.hodoku.board import HodokuBoard


def test_full_house():
    assert reglib.agreement(lambda b: _one(b.full_house()), "0000") == (37, 37)


def test_naked_single():
    agree, total = reglib.agreement(lambda b: _one(b.naked_single()), "0003")
    assert total == 35 and agree >= 30, agree


def test_hidden_single():
    agree, total = reglib.agreement(lambda b: _one(b.hidden_single()), "0002")
    assert total == 36 and agree >= 14, agree


def _one(single):
    return None if single is None else [single]


def _check(b: HodokuBoard):
    """free counts and candidate sets as the candidates say, allowed cells as the values."""
    allowed = b.allowed()
    for v in range(1, 10):
        assert b.where[v] == sum(1 << c for c in range(81) if b.cands[c] >> (v - 1) & 1)
        assert allowed[v] == sum(1 << c for c in range(81) if not b.values[c] and not any(
            b.values[d] == v for d in range(81) if HODOKU.peer_bits[c] >> d & 1))
        for u in range(27):
            assert b.free[u][v] == (b.where[v] & HODOKU.unit_bits[u]).bit_count(), (u, v)


def test_bookkeeping_along_paths():
    with open(shared_file("ratings", "hodoku220_cb_public.csv"), newline="") as fh:
        puzzles = [r["puzzle"] for r in csv.DictReader(fh)][::160]
    for puzzle in puzzles:
        b = HodokuBoard(puzzle)
        _check(b)
        assert b.givens == sum(1 << c for c, ch in enumerate(puzzle) if ch != ".")
        for _index, _lvl, _pts, places, dels in hodoku_path(puzzle):
            for cell, v in dels:
                b.delete(cell, v)
            for cell, v in places:
                b.place(cell, v)
            _check(b)
            copy = b.copy()
            assert (copy.values, copy.cands, copy.free) == (b.values, b.cands, b.free)
        assert 0 not in b.values


def test_eliminate_is_delete_by_value():
    puzzle = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7."
    a, b = HodokuBoard(puzzle), HodokuBoard.from_values([int(ch) if ch != "." else 0
                                                          for ch in puzzle])
    assert (a.values, a.cands, a.free, a.givens) == (b.values, b.cands, b.free, b.givens)
    cell = a.values.index(0)
    mask = a.cands[cell]
    assert a.eliminate(cell, mask & -mask | 1 << 8) is True
    for v in (1, 2, 3, 4, 5, 6, 7, 8, 9):
        if (mask & -mask | 1 << 8) >> (v - 1) & 1:
            b.delete(cell, v)
    assert (a.cands, a.free, a.where) == (b.cands, b.free, b.where)
    assert a.eliminate(cell, mask & -mask) is False
    with pytest.raises(TypeError):
        a.mark()
