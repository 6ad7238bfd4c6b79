"""HoDoKu's wings (sudokit.logic.hodoku.wings) on the cases of HoDoKu's technique library
(../shared/data/ratings/hodoku_reglib-1.3.txt): XY-wing 0800, XYZ-wing 0801, W-wing 0803.
The floors are the measured agreements: each finder returns the first instance in
HoDoKu's scan order, and the library lists the one instance it tests for its candidates,
so a grid holding another instance earlier in that order does not agree (it must still
be sound)."""

from __future__ import annotations

import hodoku_reglib as reglib

from sudokit.logic.hodoku import wings


def test_xy_wing():
    agree, total = reglib.agreement(lambda b: wings.xy_wing(b, False), "0800")
    assert total == 9 and agree >= 7, agree


def test_xyz_wing():
    agree, total = reglib.agreement(lambda b: wings.xy_wing(b, True), "0801")
    assert total == 16 and agree >= 13, agree


def test_w_wing():
    agree, total = reglib.agreement(wings.w_wing, "0803")
    assert total == 14 and agree >= 13, agree
