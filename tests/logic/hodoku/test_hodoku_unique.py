"""HoDoKu's uniqueness steps (sudokit.logic.hodoku.unique) on the cases of HoDoKu's technique
library (../shared/data/ratings/hodoku_reglib-1.3.txt, codes 06xx): uniqueness tests 1-6,
hidden rectangle, avoidable rectangles 1 and 2, BUG+1. The floors are the measured
agreements: each finder returns the first instance in HoDoKu's scan order, and the library
lists the one instance it tests for its candidates, so a grid holding another instance
earlier in that order does not agree (it must still be sound).
"""

from __future__ import annotations

import pytest

import hodoku_reglib as reglib

from sudokit.logic.hodoku import unique


@pytest.mark.parametrize("code, kind, count", [
    ("0600", "u1", 17), ("0601", "u2", 20), ("0602", "u3", 13), ("0603", "u4", 21),
    ("0604", "u5", 8), ("0605", "u6", 12)])
def test_uniqueness_tests(code, kind, count):
    assert reglib.agreement(lambda b: unique.uniqueness(b, kind), code) == (count, count)


def test_hidden_rectangle():
    agree, total = reglib.agreement(lambda b: unique.uniqueness(b, "hr"), "0606")
    assert total == 23 and agree >= 22, agree


def test_avoidable_rectangles():
    assert reglib.agreement(lambda b: unique.avoidable_rectangle(b, "ar1"), "0607") == (10, 10)
    assert reglib.agreement(lambda b: unique.avoidable_rectangle(b, "ar2"), "0608") == (15, 15)


def test_bug_plus_1():
    # HoDoKu's BUG+1 deletes the trivalue cell's other candidates (the placement then comes
    # as a naked single)
    assert reglib.agreement(unique.bug_plus_1, "0610") == (15, 15)
