"""The fish of HoDoKu's path: sudokit's own finders (logic/techniques/fish.py) read a State
made from the HoDoKu board (sudokit.logic.hodoku._state); checked on the cases of HoDoKu's
technique library (../shared/data/ratings/hodoku_reglib-1.3.txt, codes 03xx): X-Wing,
Swordfish, Jellyfish and their finned and sashimi forms all agree."""

from __future__ import annotations

import pytest

import hodoku_reglib as reglib

from sudokit.logic import technique
from sudokit.logic.hodoku import _state


def _fish(tid):
    def find(b):
        step = next(iter(technique(tid).find(_state(b))), None)
        return None if step is None else list(step.eliminations)
    return find


@pytest.mark.parametrize("code, tid, count", [
    ("0300", "x-wing", 11), ("0301", "swordfish", 11), ("0302", "jellyfish", 12),
    ("0310", "finned-x-wing", 10), ("0311", "finned-swordfish", 11),
    ("0312", "finned-jellyfish", 10), ("0320", "sashimi-x-wing", 9),
    ("0321", "sashimi-swordfish", 9), ("0322", "sashimi-jellyfish", 7)])
def test_fish(code, tid, count):
    assert reglib.agreement(_fish(tid), code) == (count, count)
