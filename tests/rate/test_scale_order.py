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


# --- killers: published collections whose labels say how hard they are ----------------------

PURE = __import__("sudokit").backend() != "c"
FORUM_LIMIT = 30.0 if PURE else 10.0  # seconds of logic a forum killer gets


@pytest.mark.parametrize("_", [pytest.param(0, marks=pytest.mark.slow)] if PURE else [0])
def test_krazydad_intermediate_killers_rate_below_the_forums_hardest(_):
    # ten of KrazyDad's Intermediate books (one puzzle each) and one killer of each of two
    # forum threads on the hardest killers (Mathemagic's, the 'human-solvable zero' ones)
    kd = scale_order.krazydad_killers()
    kd = list({book: g for book, g in reversed(kd)}.values())  # the first of each book
    forum = scale_order.forum_killers()
    forum = [forum[42], forum[57]]
    kd_keys = scale_order.killer_keys(kd, 60.0)
    forum_keys = scale_order.killer_keys(forum, FORUM_LIMIT)
    good, total = scale_order._ordered_by_rank([kd_keys, forum_keys])
    print(f"\nkillers: {good}/{total} pairs ordered; KrazyDad {sorted(kd_keys)}, "
          f"forum {forum_keys}")
    assert len(kd_keys) == 10 and total == 20
    assert all(1.0 <= k < 3.0 for k in kd_keys)  # rated, easy or medium
    assert good >= 0.8 * total


def test_a_time_limited_path_says_the_rank_it_had_reached():
    # the claim behind ScaleRating.at_least, checked by running every easier finder again
    from sudokit.logic import State, _ladder_for, steps
    from sudokit.logic.ladder import technique
    from sudokit.rate.scale import number_of, rating_of
    # a 'human-solvable zero' killer: quickly proven unique, then its path climbs to the
    # nested forcing chains (the 58th, which did so too, is solved in 0.2 s since the
    # forcing chains follow the cages)
    grid = scale_order.forum_killers()[60]
    path = steps(State.of(grid), time_limit=2.0)
    assert path.status == "time-limit" and path.reached is not None
    easier = [t for t in _ladder_for(grid.geometry) if t.rank < path.reached]
    assert easier and all(next(iter(t.find(path.state)), None) is None for t in easier)
    rating = rating_of(path)
    ranks = [technique(s.technique).rank for s in path.steps]
    assert rating.status == "limit" and rating.key == rating.at_least
    assert rating.at_least >= (number_of(ranks) or 0)
