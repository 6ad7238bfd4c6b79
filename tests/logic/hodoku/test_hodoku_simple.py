"""HoDoKu's locked candidates and subsets (sudokit.logic.hodoku.simple) on the cases of HoDoKu's
technique library (../shared/data/ratings/hodoku_reglib-1.3.txt, codes 01xx and 02xx).

Each finder returns the first instance in HoDoKu's scan order; the library lists, for one
set of candidates, the one instance it tests, so a case whose grid holds another instance
earlier in that order does not agree (it must still be sound).  The floors are the measured
agreements."""

from __future__ import annotations

from sudokit.logic.hodoku import simple

import hodoku_reglib as reglib


def test_pointing():  # Locked Candidates Type 1
    assert reglib.agreement(lambda b: simple.locked_candidates(b, 1), "0100") == (36, 36)


def test_claiming():  # Locked Candidates Type 2
    agree, total = reglib.agreement(lambda b: simple.locked_candidates(b, 2), "0101")
    assert total == 36 and agree >= 34, agree


def test_locked_pair_and_triple():
    assert reglib.agreement(lambda b: simple.naked(b, 2, True), "0110") == (18, 18)
    assert reglib.agreement(lambda b: simple.naked(b, 3, True), "0111") == (14, 14)


def test_naked_subsets():
    agree, total = reglib.agreement(lambda b: simple.naked(b, 2, False), "0200")
    assert total == 27 and agree >= 21, agree
    agree, total = reglib.agreement(lambda b: simple.naked(b, 3, False), "0201")
    assert total == 27 and agree >= 26, agree
    agree, total = reglib.agreement(lambda b: simple.naked(b, 4, False), "0202")
    assert total == 11 and agree >= 10, agree


def test_hidden_subsets():
    assert reglib.agreement(lambda b: simple.hidden(b, 2), "0210") == (27, 27)
    assert reglib.agreement(lambda b: simple.hidden(b, 3), "0211") == (27, 27)
    agree, total = reglib.agreement(lambda b: simple.hidden(b, 4), "0212")
    assert total == 17 and agree >= 16, agree
