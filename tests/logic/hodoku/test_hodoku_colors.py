"""HoDoKu's colouring (sudokit.logic.hodoku.colors) on the cases of HoDoKu's technique library
(../shared/data/ratings/hodoku_reglib-1.3.txt): simple colors trap 0500 and wrap 0501, multi
colors 0502 and 0503. The floors are the measured agreements: each finder returns the first
instance in HoDoKu's scan order, and the library lists the one instance it tests for its
candidates, so a grid holding another instance earlier in that order does not agree (it must
still be sound).
"""

from __future__ import annotations

import hodoku_reglib as reglib

from sudokit.logic.hodoku import colors


def test_simple_colors():
    assert reglib.agreement(colors.simple_colors, "0500") == (7, 7)  # trap
    assert reglib.agreement(colors.simple_colors, "0501") == (3, 3)  # wrap


def test_multi_colors():
    agree, total = reglib.agreement(colors.multi_colors, "0502")
    assert total == 3 and agree >= 1, agree
    assert reglib.agreement(colors.multi_colors, "0503") == (1, 1)
