"""HoDoKu's ALS steps (sudokit.logic.hodoku.als) on the cases of HoDoKu's technique library
(../shared/data/ratings/hodoku_reglib-1.3.txt): ALS-XZ 0901, ALS-XY-wing 0902, ALS chain
0903.  The floors are the measured agreements: each finder returns the first instance in
HoDoKu's scan order, and the library lists the one instance it tests for its candidates,
so a grid holding another instance earlier in that order does not agree (it must still
be sound)."""

from __future__ import annotations

import hodoku_reglib as reglib

from sudokit.logic.hodoku import als


def test_als_xz():
    agree, total = reglib.agreement(als.als_xz, "0901")
    assert total == 17 and agree >= 12, agree


def test_als_xy_wing():
    agree, total = reglib.agreement(als.als_xy_wing, "0902")
    assert total == 14 and agree >= 6, agree


def test_als_chain():
    agree, total = reglib.agreement(als.als_chain, "0903")
    assert total == 15 and agree >= 9, agree
