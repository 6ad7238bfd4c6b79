"""Chains: remote pairs, X-chains, XY-chains, alternating inference chains, nice loops.

A chain alternates *strong* links (two candidates that cannot both be false: the two
places of a value in a unit, the two candidates of a bivalue cell) and *weak* links (two
candidates that cannot both hold: the same value in peer cells, two candidates of one
cell, the geometry's extra pairs and links).  Read as implications, "a is not v, so b is
w, so c is not w, ..." (sudokit.logic.core.links draws the graph).

    remote-pair        bivalue cells with the same two values, each seeing the next: the
                       values alternate along the chain, so a cell that sees two cells an
                       odd number of steps apart (3 or more) holds neither value
    x-chain            an AIC on one value using conjugate pairs only (skyscrapers, kites
                       and turbot fish are X-chains of 4 nodes)
    xy-chain           an AIC whose strong links are all bivalue cells (XY-Wing: 3 cells)
    aic                any alternating inference chain, with group nodes (the places of a
                       value in the cells a box shares with a line): one of its two ends
                       is true, so a candidate that sees both ends goes
    discontinuous-nice-loop   a loop through one candidate t: "t is false => ... => t is
                       true" places t; "t is true => ... => t is false" removes it
    continuous-nice-loop      a closed alternating loop: each of its weak links is then
                       strong too, so a candidate that sees both ends of a weak link goes

Search: breadth-first from every candidate at once, in lockstep (layer by layer), so the
shortest chains come first; among chains of one length, the start candidates in the fixed
order (cell, then value) and the end candidates in literal order.  Each step is one chain
(or loop, or remote-pair chain) with every elimination it proves.

Evidence: "chain" as [cells, value, "on"/"off"] nodes in order (cells: [cell] for a
candidate, the sorted cells of a group), "links" ("strong"/"weak" between consecutive
nodes), "cells", "values".

SE rating (Sudoku Explainer 1.2.1, which finds these as forcing chains and cycles): base
6.6 for a chain whose strong links are all of one kind (all units: X-chain; all bivalue
cells: Y-chain, which is how SE sees an XY-chain), 7.0 when it mixes both; a continuous
loop (SE's bidirectional cycle) 6.5 or 7.0 the same way.  Plus SE's length penalty: with L
= the chain's node count as SE counts it (the ancestors of its conclusion) minus 2, add 0.1
for every threshold of 4, 6, 8, 12, 16, 24, 32, ... (each next threshold x1.5 and x4/3 in
turn) that L exceeds.  SE sees an AIC elimination of t as "t on => a off => ... => z on =>
t off", so L = the AIC's node count; a nice loop through t counts t twice (L = nodes - 2);
a continuous loop L = its nodes - 2.  SE has no group nodes; a grouped chain is rated as
the same chain with single candidates.  A remote pair is rated as its XY-chain.
"""

from __future__ import annotations

from itertools import islice
from typing import Iterator

from .. import _cfast
from ..core.bits import cells_of, values_of
from ..core.links import (_KINDS, Walk, beyond_peers, cell_value, closure, graph,
                          length_penalty, lockstep, removed_text, store_closure)
from ..ladder import Technique
from ..step import Step

__all__ = ["find_remote_pair", "find_x_chain", "find_xy_chain", "find_aic",
           "find_discontinuous_nice_loop", "find_continuous_nice_loop", "TECHNIQUES",
           "length_penalty"]


# --- building steps --------------------------------------------------------------------

_NAMES: dict = {}                           # Tables -> the name of each cell ('r1c1')


def _names(t) -> tuple:
    got = _NAMES.get(t)
    if got is None:
        got = _NAMES[t] = tuple(t.name(c) for c in range(t.ncells))
    return got


def _chain_parts(g, path) -> tuple:
    """(evidence, text) of a chain [(node, on)]: the evidence dict ("chain", "links",
    "cells", "values") and its text 'r1c1=3 -> r1c5<>3 -> r2c1/r2c2=3 -> ...'."""
    t = g.tables
    names, symbols = _names(t), t.symbols
    nc = g.nc
    base = g.n * nc                         # group nodes from here (g.is_group)
    nodes, cells, values, words = [], set(), set(), []
    for x, on in path:
        if x >= base:
            cs, v = g.node(x)
            nodes.append([cs, v, "on" if on else "off"])
            label = "/".join([names[c] for c in cs])
            cells.update(cs)
        else:
            b, c = divmod(x, nc)            # cell_value(x, nc)
            v = b + 1
            nodes.append([c, v, "on" if on else "off"])
            label = names[c]
            cells.add(c)
        words.append(f"{label}{'=' if on else '<>'}{symbols[v]}")
        values.add(v)
    links = ["weak" if path[i][1] else "strong" for i in range(len(path) - 1)]
    return ({"chain": nodes, "links": links, "cells": sorted(cells), "values": sorted(values)},
            " -> ".join(words))


def _kinds(g, path) -> "tuple[bool, bool]":
    """(uses a bivalue-cell strong link, uses a unit strong link) of a chain."""
    cell = unit = False
    nc = g.nc
    base = g.n * nc                        # group nodes from here (g.is_group)
    for i in range(len(path) - 1):
        (x, on), (y, _) = path[i], path[i + 1]
        if on:
            continue                       # weak link
        if x < base and y < base and x % nc == y % nc:
            cell = True
        else:
            unit = True
    return cell, unit


def _either(g, a, z) -> str:
    """'Either r1c1 or r5c5 is 3' / 'Either r1c1 is 3 or r5c5 is 7'."""
    (ca, va), (cz, vz) = g.node(a), g.node(z)
    t = g.tables
    na = "/".join(t.name(c) for c in ca)
    nz = "/".join(t.name(c) for c in cz)
    if va == vz:
        return f"Either {na} or {nz} is {t.value(va)}"
    return f"Either {na} is {t.value(va)} or {nz} is {t.value(vz)}"


def _pairs(g, lits) -> list:
    return [cell_value(x, g.nc) for x in cells_of(lits)]


# --- remote pairs ----------------------------------------------------------------------

def find_remote_pair(state) -> Iterator[Step]:
    """Each chain of bivalue cells with the same two values (components in cell order)
    that proves an elimination: one step per component with all its eliminations."""
    h = _cfast.handle(state)
    if h is not None and not _cfast.C.logic_remote_pair(h):
        return                              # C (logic/links.c): no component proves anything
    t = state.tables
    cands = state.candidates
    by_pair = {}
    for c, m in enumerate(cands):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(c)
    for mask in sorted(by_pair, key=lambda m: by_pair[m][0]):
        cells = by_pair[mask]
        if len(cells) < 4:
            continue
        cellset = 0
        for c in cells:
            cellset |= 1 << c
        done = 0
        for root in cells:
            if done >> root & 1:
                continue
            step = _remote_component(state, t, mask, cellset, root)
            done |= step[0]
            if step[1] is not None:
                yield step[1]


def _remote_component(state, t, mask, cellset, root):
    """(component cells, Step or None) of the remote-pair chain through root."""
    dist, parent, order = {root: 0}, {root: None}, [root]
    i = 0
    while i < len(order):
        c = order[i]
        i += 1
        for p in cells_of(t.peer_bits[c] & cellset):
            if p not in dist:
                dist[p], parent[p] = dist[c] + 1, c
                order.append(p)
            elif dist[p] % 2 == dist[c] % 2:
                return sum(1 << c for c in order), None   # not two-colourable: a broken state
    comp = sum(1 << c for c in order)
    if len(order) < 4:
        return comp, None
    vals = values_of(mask)
    gone, best = set(), None
    for a in order:
        for b in order:
            if a >= b or (dist[a] - dist[b]) % 2 == 0 or len(_cell_path(t, a, b, comp)) < 4:
                continue
            sees = t.peer_bits[a] & t.peer_bits[b] & ~comp
            new = [(c, v) for c in cells_of(sees) for v in vals
                   if state.candidates[c] >> (v - 1) & 1]
            if new:
                gone.update(new)
                if best is None:
                    best = _cell_path(t, a, b, comp)
    if not gone:
        return comp, None
    gone = sorted(gone)
    nodes = []
    v1, v2 = vals
    for j, c in enumerate(best):
        first = v1 if j % 2 == 0 else v2
        second = v2 if j % 2 == 0 else v1
        nodes += [[c, first, "off"], [c, second, "on"]]
    chain_cells = [c for c in order]
    text = (f"{t.names(sorted(chain_cells))} hold only {t.values(vals)} and form a chain of "
            f"peers: {t.names([best[0]])} and {t.names([best[-1]])} hold different values "
            f"(Remote Pair), so {removed_text(t, gone)}.")
    se = 6.6 + length_penalty(2 * len(best))
    step = Step("remote-pair", eliminations=gone,
                evidence={"cells": sorted(chain_cells), "values": vals, "chain": nodes,
                          "links": ["strong" if j % 2 == 0 else "weak"
                                    for j in range(len(nodes) - 1)]},
                text=text, se=round(se, 1))
    return comp, step


def _cell_path(t, a, b, comp) -> list:
    """The shortest path of peer cells from a to b inside comp (lowest cells first)."""
    parent, frontier = {a: None}, [a]
    while frontier and b not in parent:
        nxt = []
        for c in frontier:
            for p in cells_of(t.peer_bits[c] & comp):
                if p not in parent:
                    parent[p] = c
                    nxt.append(p)
        frontier = nxt
    path, c = [], b
    while c is not None:
        path.append(c)
        c = parent[c]
    return path[::-1]


# --- alternating inference chains ------------------------------------------------------

def _aic(state, kind: str, technique: str, name: str) -> Iterator[Step]:
    h = None if beyond_peers(state) else _cfast.handle(state)
    if h is not None:
        yield from _aic_c(state, h, kind, technique, name)
        return
    if kind != "group" and not closure(state, "group").false:
        return                              # every link of kind is in the group graph
    cl = closure(state, kind)
    if not cl.false:
        return                              # nothing "x on => x off": no elimination
    yield from _aic_search(graph(state, kind), state.tables, cl, technique, name)


def _aic_c(state, h, kind: str, technique: str, name: str) -> Iterator[Step]:
    """_aic with the C finder (sudokit/_c/logic_aic.c): the closure's verdicts (cached as
    closure(state, kind)) and the search's first layer with a find, each chain as
    Walk.path gives it; then, if asked, the rest from the pure search.  (The group
    closure's test is left out: the links of kind are group links, so when that closure
    proves nothing false, neither does this one.)"""
    key = ("c.aic", kind)
    raw = state._cache.get(key)
    if raw is None:
        raw = state._cache[key] = _cfast.C.logic_aic(h, _KINDS[kind])
    sets, found, groups = raw[:3], raw[4], raw[5]
    store_closure(state, kind, sets)
    if not found:
        return
    nodes = _Nodes(state.tables, groups)
    t = state.tables
    for ids, pairs in found:
        path = [(x, j % 2 == 1) for j, x in enumerate(ids)]
        yield _chain_step(nodes, t, path, pairs, technique, name)
    yield from islice(_aic_search(graph(state, kind), t, closure(state, kind), technique, name),
                      len(found), None)


class _Nodes:
    """The nodes of the C finder's chains, read as a Graph reads its own (node, is_group,
    n, nc, tables): literals by number, group nodes from groups {node: (cells, value)}."""

    __slots__ = ("tables", "n", "nc", "base", "groups")

    def __init__(self, t, groups):
        self.tables, self.n, self.nc, self.groups = t, t.n, t.ncells, groups
        self.base = t.n * t.ncells

    def node(self, x: int) -> tuple:
        if x >= self.base:
            cells, v = self.groups[x]
            return list(cells), v
        c, v = cell_value(x, self.nc)
        return [c], v

    def is_group(self, x: int) -> bool:
        return x >= self.base


def _aic_search(g, t, cl, technique: str, name: str) -> Iterator[Step]:
    """The AIC steps of graph g with closure cl, in the documented order (lockstep)."""
    ends = 0
    for x in cells_of(cl.false):
        ends |= g.weak[x]
    walks = [Walk(a, False) for a in g.starts if ends >> a & 1]
    done = set()
    for k, layer in lockstep(walks, g):
        if k % 2 == 0:
            continue                        # ends are "on" nodes: odd layers
        found = []
        for w, _, new in layer:
            a = w.start
            wa = g.weak[a] & cl.false
            if not wa:
                continue
            for z in cells_of(new & ends):
                if z == a:
                    continue
                gone = wa & g.weak[z]
                if gone and (min(a, z), max(a, z)) not in done:
                    done.add((min(a, z), max(a, z)))
                    found.append((w, z, gone))
        for w, z, gone in found:
            yield _chain_step(g, t, w.path(g, k, z), _pairs(g, gone), technique, name)


def _chain_step(g, t, path, pairs, technique, name) -> Step:
    """The step of the AIC path ([(node, on)] from "a off" to "z on") removing pairs."""
    cell, unit = _kinds(g, path)
    se = (7.0 if cell and unit else 6.6) + length_penalty(len(path))
    evidence, chain = _chain_parts(g, path)
    return Step(technique, eliminations=pairs, evidence=evidence,
                text=f"{_either(g, path[0][0], path[-1][0])} ({name}: {chain}), so "
                     f"{removed_text(t, pairs)}.", se=round(se, 1))


def find_x_chain(state) -> Iterator[Step]:
    """AICs on one value with conjugate pairs as strong links (shortest first)."""
    return _aic(state, "x", "x-chain", "X-Chain")


def find_xy_chain(state) -> Iterator[Step]:
    """AICs whose strong links are bivalue cells (shortest first)."""
    return _aic(state, "xy", "xy-chain", "XY-Chain")


def find_aic(state) -> Iterator[Step]:
    """Any AIC, group nodes included (shortest first)."""
    return _aic(state, "group", "aic", "AIC")


# --- nice loops ------------------------------------------------------------------------

def find_discontinuous_nice_loop(state) -> Iterator[Step]:
    """Loops through one candidate t (shortest first): t off => ... => t on places t,
    t on => ... => t off removes it."""
    cl = closure(state, "group")
    if not cl.true and not cl.false:
        return                              # no loop through a candidate
    g = graph(state, "group")
    t = state.tables
    walks = []
    for a in g.starts:
        if cl.true >> a & 1:
            walks.append(Walk(a, False))
        if cl.false >> a & 1:
            walks.append(Walk(a, True))
    hit = set()
    for k, layer in lockstep(walks, g):
        for w, _, new in layer:
            a = w.start
            if not new >> a & 1 or a in hit:
                continue
            hit.add(a)
            path = w.path(g, k, a)
            c, v = cell_value(a, g.nc)
            cell, unit = _kinds(g, path)
            se = round((7.0 if cell and unit else 6.6) + length_penalty(len(path) - 2), 1)
            ev, chain = _chain_parts(g, path)
            if not w.on:                    # off ... on: t is true
                yield Step("discontinuous-nice-loop", placements=[(c, v)], evidence=ev,
                           text=f"If {t.name(c)} is not {t.value(v)}, it is "
                                f"{t.value(v)} (Discontinuous Nice Loop: {chain}), so "
                                f"{t.name(c)} is {t.value(v)}.", se=se)
            else:
                yield Step("discontinuous-nice-loop", eliminations=[(c, v)], evidence=ev,
                           text=f"If {t.name(c)} were {t.value(v)}, it would not be "
                                f"(Discontinuous Nice Loop: {chain}), so {t.value(v)} is "
                                f"removed from {t.name(c)}.", se=se)


def find_continuous_nice_loop(state) -> Iterator[Step]:
    """Closed alternating loops (shortest first, each loop once): an AIC whose two ends
    are weakly linked closes into a loop, every weak link of which is then strong too,
    so what sees both ends of a weak link goes."""
    cl = closure(state, "group")
    if not cl.false:
        return                              # a loop's eliminations are "x on => x off"
    g = graph(state, "group")
    t = state.tables
    walks = [Walk(a, False) for a in g.starts if cl.looped >> a & 1 and g.strong[a]]
    seen_loops = set()
    for k, layer in lockstep(walks, g):
        if k % 2 == 0 or k < 3:
            continue                        # back to an "on" node, 4 nodes or more
        for w, _, new in layer:
            a = w.start
            for z in cells_of(new & g.weak[a]):
                step = _loop_step(g, t, w, k, z, seen_loops)
                if step is not None:
                    yield step


def _loop_step(g, t, w, k, z, seen_loops) -> "Step | None":
    """The step of the loop start off => ... => z on, closed by the weak link z - start."""
    path = w.path(g, k, z)
    ids = [x for x, _ in path]
    key = frozenset(ids)
    if len(key) != len(ids) or key in seen_loops:
        return None                         # a candidate twice: not a nice loop
    seen_loops.add(key)
    loop = path + [(w.start, False)]
    inside = 0
    for x in ids:
        if not g.is_group(x):
            inside |= 1 << x
    gone = 0
    for i in range(len(loop) - 1):
        (x, on), (y, _) = loop[i], loop[i + 1]
        if on:                              # a weak link x - y
            gone |= g.weak[x] & g.weak[y]
    gone &= g.cands & ~inside
    if not gone:
        return None
    pairs = _pairs(g, gone)
    cell, unit = _kinds(g, loop)
    se = round((7.0 if cell and unit else 6.5) + length_penalty(len(path) - 2), 1)
    evidence, chain = _chain_parts(g, loop)
    return Step("continuous-nice-loop", eliminations=pairs, evidence=evidence,
                text=f"The loop {chain} closes (Continuous Nice Loop), so "
                     f"each of its weak links is strong too: {removed_text(t, pairs)}.",
                se=se)


TECHNIQUES = (
    Technique("remote-pair", "Remote Pair", find_remote_pair, rank=245, se=6.6,
              level="hard", score=110),
    Technique("x-chain", "X-Chain", find_x_chain, rank=250, se=6.6, level="unfair", score=260),
    Technique("xy-chain", "XY-Chain", find_xy_chain, rank=260, se=6.6, level="unfair",
              score=260),
    Technique("aic", "Alternating Inference Chain", find_aic, rank=270, se=7.0,
              level="unfair", score=280),
    Technique("discontinuous-nice-loop", "Discontinuous Nice Loop",
              find_discontinuous_nice_loop, rank=272, se=7.0, level="unfair", score=280),
    Technique("continuous-nice-loop", "Continuous Nice Loop", find_continuous_nice_loop,
              rank=275, se=6.5, level="unfair", score=280),
)
