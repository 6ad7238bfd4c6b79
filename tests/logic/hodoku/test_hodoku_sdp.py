"""HoDoKu's single-digit patterns (sudokit.logic.hodoku.sdp) on the cases of HoDoKu's technique
library (../shared/data/ratings/hodoku_reglib-1.3.txt, codes 0400-0402): skyscraper,
2-string kite, empty rectangle. The floors are the measured agreements: each finder returns
the first instance in HoDoKu's scan order, and the library lists the one instance it tests
for its candidates, so a grid holding another instance earlier in that order does not agree
(it must still be sound).
"""

from __future__ import annotations

import hodoku_reglib as reglib

from sudokit.logic.hodoku import sdp


def test_skyscraper():
    agree, total = reglib.agreement(sdp.skyscraper, "0400")
    assert total == 10 and agree >= 9, agree


def test_two_string_kite():
    assert reglib.agreement(sdp.two_string_kite, "0401") == (12, 12)


def test_empty_rectangle():
    # the library's variant 1 (two candidates in the box) is off in HoDoKu's default options,
    # which the rating follows: the finder does not look for it
    agree, total = reglib.agreement(sdp.empty_rectangle, "0402")
    assert total == 18 and agree >= 10, agree
