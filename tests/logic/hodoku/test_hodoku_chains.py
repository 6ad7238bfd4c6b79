"""HoDoKu's chain solver (sudokit.logic.hodoku.chains): the step order rule, and the cases of
HoDoKu's technique library (../shared/data/ratings/hodoku_reglib-1.3.txt): turbot fish 0403,
X-chain 0701, XY-chain 0702, remote pair 0703. The floors are the measured agreements: each
finder returns the first instance in HoDoKu's scan order, and the library lists the one
instance it tests for its candidates, so a grid holding another instance earlier in that
order does not agree (it must still be sound).
"""

from __future__ import annotations

import hodoku_reglib as reglib

from sudokit.logic.hodoku import chains
from sudokit.logic.hodoku.board import step_order as chain_compare


def _chain(kind):
    def find(b):
        step = chains.chain_step(b, kind)
        return None if step is None else list(step[1])
    return find


def test_order_rule():
    # the chain solver's steps add the values as the last key
    assert chain_compare(("x-chain", ((5, 3),), 6, (3,)), ("x-chain", ((5, 3),), 6, (4,))) < 0


def test_turbot_fish():
    assert reglib.agreement(_chain(chains.TURBOT_FISH), "0403") == (9, 9)


def test_x_chain():
    assert reglib.agreement(_chain(chains.X_CHAIN), "0701") == (14, 14)


def test_xy_chain():
    agree, total = reglib.agreement(_chain(chains.XY_CHAIN), "0702")
    assert total == 23 and agree >= 11, agree


def test_remote_pair():
    assert reglib.agreement(_chain(chains.REMOTE_PAIR), "0703") == (20, 20)
