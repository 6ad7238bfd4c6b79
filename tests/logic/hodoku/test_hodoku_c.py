"""The C twins of HoDoKu's hot loops (sudokit/_c/logic/hodoku.c) against their Python
specifications, on the boards of HoDoKu paths:

* the table expansion, ``hodoku_expand`` against ``tabling._Tabling._expand_one``: the
  same entries in the same order with the same sources;
* the forcing nets' expansion, ``hodoku_net_expand`` against
  ``nets._NetTabling._expand_one``: entries, sources, distances and marks;
* the simple chains' search, ``hodoku_chains`` against ``chains._search``: the same steps
  in the same order;

and the two expansions on made-up graphs with small entry caps (HoDoKu's rule for a full
table).  C only: on the pure-Python backend the path tests cover the specifications alone.
"""

from __future__ import annotations

import random

import pytest

from hodoku_paths import rows as _rows

from sudokit.engine._backend import C
from sudokit.logic.hodoku import chains, hodoku_path, nets, tabling
from sudokit.logic.hodoku.board import HodokuBoard

needs_c = pytest.mark.skipif(C is None, reason="C kernels only: sudokit._ckernels is not active")


def _tables(board, groups, c):
    """{key: (nodes, preds)} of the expanded tables, by C or by the Python loop."""
    saved = tabling.C
    tabling.C = C if c else None
    try:
        tab = tabling._Tabling(board, groups)
    finally:
        tabling.C = saved
    return {k: (list(t.nodes), list(t.pred)) for k, t in tab.tables.items()}


def _boards(count, level="extreme", first=5600):
    """Copies of the boards of HoDoKu paths at their steps from index first on."""
    rows = [r for r in _rows("hodoku220_cb_public.csv") if r[1] == level][::40]
    out = []
    for puzzle, _level, _score in rows:
        b = HodokuBoard(puzzle)
        for index, _lvl, _pts, places, dels in hodoku_path(puzzle):
            if index >= first:
                out.append(b.copy())
            for cell, v in dels:
                b.delete(cell, v)
            for cell, v in places:
                b.place(cell, v)
        if len(out) >= count:
            break
    return out[:count]


@needs_c
def test_c_expansion_matches_python_on_paths():
    boards = _boards(12)
    assert len(boards) == 12
    entries = 0
    for b in boards:
        for groups in (False, True):
            want = _tables(b, groups, False)
            got = _tables(b, groups, True)
            assert got == want
            entries += sum(len(n) for n, _ in want.values())
    assert entries > 10000


def test_chain_reads_the_same_with_a_rebuilt_index():
    # after the C expansion a table's index is rebuilt from its nodes: the last position
    # of each node, as the Python loop leaves it (a group node can be listed twice)
    t = tabling._Table(7)
    t.add(2000, False)
    t.add(5)
    t.add(2000, False)
    assert t.index == {7: 0, 2000: 3, 5: 2}
    assert dict(zip(t.nodes, range(len(t.nodes)))) == t.index


@needs_c
def test_c_expansion_small_graph():
    # worked by hand: table 1 reaches 4 through 2, then 5 through 3, then 6 through 4
    direct = {1: (2, 3), 2: (4,), 3: (4, 5), 4: (1, 6), 5: (), 6: ()}
    assert C.hodoku_expand(direct, [1, 2], 1000) == [((4, 5, 6), (2, 3, 4)),
                                                     ((1, 6, 3, 5), (4, 4, 1, 3))]
    # a cap of 4 entries: table 1 stops after 4; table 2 after 1 and 6
    assert C.hodoku_expand(direct, [1, 2], 4) == [((4,), (2,)), ((1, 6), (4, 4))]


class _Fake(tabling._Tabling):
    """Tables from a graph, no board: each node's table lists its direct entries (cut at
    the cap, as _Table.add does); direct_of is what the tables hold."""

    def __init__(self, direct):
        self.tables = {}
        for k, d in direct.items():
            t = self.tables[k] = tabling._Table(k)
            for x in d:
                t.add(x, False)
        self.direct_of = {k: tuple(t.nodes[1:]) for k, t in self.tables.items()}


@needs_c
@pytest.mark.parametrize("cap", [3, 8, 20, 1000])
def test_c_expansion_cap_rule(monkeypatch, cap):
    rng = random.Random(cap)
    monkeypatch.setattr(tabling, "_MAX_ENTRIES", cap)
    full = 0
    for _ in range(30):
        n = rng.randrange(5, 60)
        direct = {k: tuple(rng.randrange(n) for _ in range(rng.randrange(0, 6)))
                  for k in range(n)}
        fake = _Fake(direct)
        start = {k: len(t.nodes) for k, t in fake.tables.items()}
        got = C.hodoku_expand(fake.direct_of, list(direct), cap)
        for k in direct:
            fake._expand_one(fake.tables[k])
        for k, (nodes, preds) in zip(direct, got):
            t = fake.tables[k]
            assert list(nodes) == t.nodes[start[k]:], (cap, k)
            assert list(preds) == t.pred[start[k]:], (cap, k)
            full += len(t.nodes) == cap
    assert cap == 1000 or full > 0      # the full-table rule was exercised


@needs_c
@pytest.mark.parametrize("level", ["hard", "unfair", "extreme"])
def test_c_chains_match_python_on_paths(level):
    boards = _boards(25, level, 1000)
    assert len(boards) >= 10
    found = {kind: 0 for kind in chains._KIND_CODE}
    for b in boards:
        for kind in chains._KIND_CODE:
            want = chains._python_steps(b, kind)
            assert chains._c_steps(b, kind) == want, kind
            found[kind] += len(want)
    assert sum(found.values()) > 0, found


@needs_c
def test_c_chains_every_kind_finds():
    # over the unfair and extreme boards every kind has steps (the remote pairs included)
    found = {kind: 0 for kind in chains._KIND_CODE}
    for b in _boards(40, "unfair", 1000) + _boards(40, "extreme", 1000):
        for kind in chains._KIND_CODE:
            found[kind] += len(chains._c_steps(b, kind))
    assert all(found.values()), found


@needs_c
def test_c_chains_reject_bad_input():
    with pytest.raises(ValueError):
        C.hodoku_chains(4, [0] * 81, [0] * 10, [[0] * 10] * 27)
    with pytest.raises(ValueError):
        C.hodoku_chains(0, [0] * 80, [0] * 10, [[0] * 10] * 27)
    with pytest.raises(ValueError):
        C.hodoku_chains(0, [0] * 81, [1 << 81] + [0] * 9, [[0] * 10] * 27)
    with pytest.raises(ValueError):
        C.hodoku_chains(0, [0] * 81, [-1] + [0] * 9, [[0] * 10] * 27)
    assert C.hodoku_chains(0, [0] * 81, [0] * 10, [[0] * 10] * 27) == []


def _net_tables(board, c):
    """{key: the entry lists} of the forcing nets' tables, by C or by the Python loop."""
    saved = nets.C
    nets.C = C if c else None
    try:
        tab = nets._NetTabling(board)
    finally:
        nets.C = saved
    return {k: (list(t.nodes), list(t.ret), list(t.dist), list(t.expanded), list(t.on),
                list(t.ext), dict(t.index)) for k, t in tab.tables.items()}


@needs_c
def test_c_net_expansion_matches_python_on_paths():
    boards = _boards(3, "extreme", 8500)
    assert len(boards) == 3
    marked = 0
    for b in boards:
        want = _net_tables(b, False)
        assert _net_tables(b, True) == want
        marked += sum(any(t[4]) + any(t[5]) for t in want.values())
    assert marked > 0           # "on" and "group" marks were set and compared


class _FakeNets(nets._NetTabling):
    """Net tables from a graph: node k's own entries with distances; nodes from 1620 on
    are group nodes (group index k - 1620)."""

    def __init__(self, own):
        self.tables = {}
        for k, entries in own.items():
            t = self.tables[k] = nets._NetTable(k)
            for x, d in entries:
                t.index.setdefault(x, len(t.nodes))
                t.index[x] = len(t.nodes)
                t.nodes.append(x)
                t.ret.append((0,))
                t.dist.append(d)
                t.expanded.append(False)
                t.on.append(False)
                t.ext.append(False)
        self.group_index = {k: k - 1620 for k in own if k >= 1620}
        self.own = {k: tuple(zip(t.nodes[1:], t.dist[1:])) for k, t in self.tables.items()}


@needs_c
@pytest.mark.parametrize("cap", [4, 12, 1000])
def test_c_net_expansion_cap_and_marks(monkeypatch, cap):
    rng = random.Random(cap)
    monkeypatch.setattr(nets, "_MAX_ENTRIES", cap)
    full = 0
    for _ in range(30):
        ids = rng.sample(range(1620), 30) + [1620 + g for g in range(5)]
        own = {k: [(rng.choice(ids), rng.randrange(1, 12)) for _ in range(rng.randrange(4))]
               for k in ids}
        fake = _FakeNets(own)
        keys = [k for k in ids if k < 1620]
        start = {k: len(fake.tables[k].nodes) for k in keys}
        got = C.hodoku_net_expand(fake.own, fake.group_index, keys, cap)
        for k in keys:
            fake._expand_one(fake.tables[k])
        for k, (nodes, rets, dists, ons, exts) in zip(keys, got):
            t, n = fake.tables[k], start[k]
            assert list(nodes) == t.nodes[n:], (cap, k)
            assert [(r,) for r in rets] == t.ret[n:], (cap, k)
            assert list(dists) == t.dist[n:], (cap, k)
            assert list(ons) == t.on[n:] and list(exts) == t.ext[n:], (cap, k)
            full += len(t.nodes) == cap
    assert cap == 1000 or full > 0
