"""HoDoKu's Sue de Coq (sudokit.logic.hodoku.sdc) on the cases of HoDoKu's technique library
(../shared/data/ratings/hodoku_reglib-1.3.txt, code 1101). The floors are the measured
agreements: each finder returns the first instance in HoDoKu's scan order, and the library
lists the one instance it tests for its candidates, so a grid holding another instance
earlier in that order does not agree (it must still be sound).
"""

from __future__ import annotations

import hodoku_reglib as reglib

from sudokit.logic.hodoku import sdc


def test_sue_de_coq():
    agree, total = reglib.agreement(sdc.sue_de_coq, "1101")
    assert total == 30 and agree >= 18, agree
