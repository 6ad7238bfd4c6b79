"""The sudokit scale against a public labelled source (issue #29): Simon Tatham's Solo.

Solo (``sgt-solo``) labels each puzzle it makes by what its own solver needs: t trivial,
b basic, i intermediate, a advanced, e extreme, u unreasonable.  The puzzles are made here,
at test time, with a fixed seed (the game id ``PARAMS#SEED`` makes the same puzzles every
run), and the scale must order the labels in at least 80 % of the cross-label pairs (a
tie counts as wrong).  benchmarks/scale_order.py runs the same with more puzzles (the
figures in docs/difficulty.md).  Under CI=true a missing sgt-solo fails (need_tool).
"""

from __future__ import annotations

import importlib.util

import pytest

from conftest import need_tool
from _paths import ROOT

# benchmarks/scale_order.py: the same puzzles and counting
_SPEC = importlib.util.spec_from_file_location("scale_order",
                                               ROOT / "benchmarks" / "scale_order.py")
scale_order = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(scale_order)

COUNT = 4  # puzzles a label: 6 labels, 15 label pairs, 240 cross-label pairs a variant


@pytest.mark.parametrize("params", ["3x3x", "9j"])
def test_the_scale_orders_solos_labels(params):
    solo = need_tool("sgt-solo")
    by_label = {}
    for label in scale_order.SOLO_LABELS:
        ids = scale_order.solo_ids(solo, params, label, COUNT, "sudokit-vlevel")
        assert len(ids) == COUNT and all(i.startswith(params) for i in ids), ids
        by_label[label] = scale_order.keys(ids, time_limit=60.0)
    good, total = scale_order.ordered_share(by_label)
    print(f"\n{params}: {good}/{total} = {100 * good / total:.1f} % of cross-label pairs "
          f"ordered as Solo labels them")
    assert total == 15 * COUNT * COUNT
    assert good >= 0.8 * total
    # the two ends apart: every trivial puzzle is below every unreasonable one
    assert max(by_label["t"]) < min(by_label["u"])


def test_ordered_share_counts_ties_as_wrong():
    good, total = scale_order.ordered_share({"t": [1.5, 1.7], "b": [1.7, 1.8], "u": [6.0]})
    # t<b: (1.5,1.7) yes, (1.5,1.8) yes, (1.7,1.7) tie, (1.7,1.8) yes; t<u 2; b<u 2
    assert (good, total) == (7, 8)
