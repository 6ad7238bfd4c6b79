"""Colouring: the strong links of one value, coloured alternately.

A *strong link* of value v: a full unit (v not placed) where v has exactly two cells, one of
which holds v.  Strong links that share cells form a cluster; colouring its cells
alternately (two colours) gives two sets, one of which holds v in every cell and the other
in none.

    simple-colors   one cluster of two strong links or more (one link alone traps only
                    what locked candidates remove).  Colour wrap: two cells of one colour
                    see each other, so that colour holds no v: v leaves all its cells.
                    Colour trap: a cell outside the cluster sees a cell of each colour, so
                    it sees a v either way: v leaves it.  (One id for both; evidence
                    "kind": "wrap" or "trap".)
    multi-colors    two clusters (not both a lone strong link: that is a single-digit
                    pattern).  Type 1: a colour a of the first sees a colour b of the
                    second, so a and b are not both true and one of their opposites is: v
                    leaves every cell outside the clusters that sees a cell of each
                    opposite.  Type 2: a colour of one cluster sees both colours of the
                    other, so it is false: v leaves its cells.  (Evidence "kind": "type-1"
                    or "type-2".)

"Sees": cannot hold the same value (Tables.peer_bits), so colouring is valid on every
geometry.  A cluster that cannot be coloured in two (only on a broken state) is skipped.

Order: by value; clusters by their smallest cell; simple-colors: per cluster its wrap, then
its trap; multi-colors: per pair of clusters (first, second), type 2 then type 1.

Ratings: Sudoku Explainer has no colouring: it finds these eliminations as X-Cycles and
forcing X-Chains (6.5 to about 7.0 with the length); 6.6 (its Turbot Fish value) for simple
colours and 6.8 for multi colours here, to be refined by the rating issue.  HoDoKu: Simple
Colors hard 150, Multi Colors hard 200.
"""

from __future__ import annotations

from typing import Iterator

from ..core.bits import cells_of
from ..core.links import strong_links
from ..ladder import Technique
from ..step import Step

_SE_SIMPLE = 6.6
_SE_MULTI = 6.8


def clusters(state, v: int) -> list:
    """[(colour A bits, colour B bits, links)]: the clusters of value v, each coloured in two
    (A holds the cluster's smallest cell), ordered by their smallest cell; links: the
    [a, b, unit] strong links of the cluster in unit order.  Cached per state and value."""
    key = ("clusters", v)
    found = state._cache.get(key)
    if found is not None:
        return found
    adj: dict = {}
    for u, a, b in strong_links(state, v):
        adj.setdefault(a, []).append((b, u))
        adj.setdefault(b, []).append((a, u))
    colour: dict = {}
    found = []
    for start in sorted(adj):
        if start in colour:
            continue
        colour[start] = 0
        stack, members, ok = [start], [start], True
        while stack:
            c = stack.pop()
            for d, _ in adj[c]:
                if d not in colour:
                    colour[d] = 1 - colour[c]
                    stack.append(d)
                    members.append(d)
                elif colour[d] == colour[c]:
                    ok = False
        if not ok:
            continue
        sides = [0, 0]
        for c in members:
            sides[colour[c]] |= 1 << c
        links = sorted({(u, min(c, d), max(c, d)) for c in members for d, u in adj[c]})
        found.append((sides[0], sides[1], [[a, b, u] for u, a, b in links]))
    state._cache[key] = found
    return found


def _group(t, cells) -> str:
    """'(r1c1, r4c5, r9c6)': the cells of one colour."""
    if isinstance(cells, int):
        cells = cells_of(cells)
    return "(" + ", ".join(t.name(c) for c in cells) + ")"


def sees_some(peers, cells_bits: int) -> int:
    """The cells that see at least one cell of cells_bits."""
    out = 0
    for c in cells_of(cells_bits):
        out |= peers[c]
    return out


def _wrap(peers, bits: int):
    """Two cells of bits that see each other, or None."""
    for c in cells_of(bits):
        other = peers[c] & bits
        if other:
            return [c, (other & -other).bit_length() - 1]
    return None


def find_simple_colors(state) -> Iterator[Step]:
    """Colour wraps and colour traps of one cluster (see the module docstring)."""
    t = state.tables
    peers = t.peer_bits
    vcells = state.value_cells()
    for v in range(1, t.n + 1):
        for a_bits, b_bits, links in clusters(state, v):
            if len(links) < 2:
                continue  # one strong link: its traps are locked candidates
            colours = [cells_of(a_bits), cells_of(b_bits)]
            ev = {"value": v, "colors": colours, "links": links,
                  "cells": sorted(colours[0] + colours[1])}
            head = (f"Colouring the cells where {t.value(v)} has two places in a unit "
                    f"alternately gives {_group(t, colours[0])} one colour and "
                    f"{_group(t, colours[1])} the other; one colour holds {t.value(v)}.")
            clash = [_wrap(peers, a_bits), _wrap(peers, b_bits)]
            if (clash[0] is None) != (clash[1] is None):  # both: a broken state, skip
                side = 0 if clash[0] is not None else 1
                gone = colours[side]
                yield Step("simple-colors", eliminations=[(c, v) for c in gone],
                           evidence={**ev, "kind": "wrap", "clash": clash[side]},
                           text=f"{head} {t.names(clash[side])} share a colour but see each "
                                f"other (Simple Colors, colour wrap), so that colour holds no "
                                f"{t.value(v)}: {t.value(v)} is removed from {t.names(gone)}.",
                           se=_SE_SIMPLE)
            trap = sees_some(peers, a_bits) & sees_some(peers, b_bits) & vcells[v]
            trap &= ~(a_bits | b_bits)
            if trap:
                gone = cells_of(trap)
                yield Step("simple-colors", eliminations=[(c, v) for c in gone],
                           evidence={**ev, "kind": "trap"},
                           text=f"{head} {t.names(gone)} "
                                f"{'sees' if len(gone) == 1 else 'each see'} both colours "
                                f"(Simple Colors, colour trap), so {t.value(v)} is removed "
                                f"from {'it' if len(gone) == 1 else 'them'}.", se=_SE_SIMPLE)


def find_multi_colors(state) -> Iterator[Step]:
    """Two clusters of one value that see each other (see the module docstring)."""
    t = state.tables
    peers = t.peer_bits
    vcells = state.value_cells()
    for v in range(1, t.n + 1):
        found = clusters(state, v)
        if len(found) < 2:
            continue
        with_v = vcells[v]
        reach = [(sees_some(peers, a), sees_some(peers, b)) for a, b, _ in found]
        for i, first in enumerate(found):
            for j in range(i + 1, len(found)):
                second = found[j]
                if len(first[2]) == 1 and len(second[2]) == 1:
                    continue  # two lone strong links: a skyscraper, kite or turbot fish
                seen = set()
                for step in _pair_steps(t, v, first, second, reach[i], reach[j], with_v):
                    if step.eliminations not in seen:
                        seen.add(step.eliminations)
                        yield step


def _pair_steps(t, v, first, second, reach1, reach2, with_v) -> Iterator[Step]:
    """Type 2 then type 1 steps of two clusters of value v."""
    cols1, cols2 = first[:2], second[:2]
    ev = {"value": v, "colors": [cells_of(b) for b in cols1 + cols2],
          "links": first[2] + second[2],
          "cells": sorted(cells_of(cols1[0] | cols1[1] | cols2[0] | cols2[1]))}
    head = (f"Colouring the cells where {t.value(v)} has two places in a unit alternately "
            f"gives two clusters, {_group(t, cols1[0])} against {_group(t, cols1[1])} and "
            f"{_group(t, cols2[0])} against {_group(t, cols2[1])}; in each, one colour holds "
            f"{t.value(v)}.")
    for mine, theirs, my_reach in ((cols1, cols2, reach1), (cols2, cols1, reach2)):
        for side in (0, 1):
            if my_reach[side] & theirs[0] and my_reach[side] & theirs[1]:
                gone = cells_of(mine[side])
                one = len(gone) == 1
                yield Step("multi-colors", eliminations=[(c, v) for c in gone],
                           evidence={**ev, "kind": "type-2"},
                           text=f"{head} {_group(t, gone)} {'sees' if one else 'see'} both "
                                f"colours of the other cluster, so that colour holds no "
                                f"{t.value(v)} (Multi-Colors): {t.value(v)} is removed from "
                                f"{t.names(gone)}.", se=_SE_MULTI)
    inside = cols1[0] | cols1[1] | cols2[0] | cols2[1]  # type 2 covers the clusters' cells
    for s1 in (0, 1):
        for s2 in (0, 1):
            if not reach1[s1] & cols2[s2]:
                continue
            opp1, opp2 = cols1[1 - s1], cols2[1 - s2]
            trap = reach1[1 - s1] & reach2[1 - s2] & with_v & ~inside
            if not trap:
                continue
            gone = cells_of(trap)
            yield Step("multi-colors", eliminations=[(c, v) for c in gone],
                       evidence={**ev, "kind": "type-1"},
                       text=f"{head} {_group(t, cols1[s1])} and {_group(t, cols2[s2])} see "
                            f"each other, so they cannot both hold {t.value(v)} and "
                            f"{_group(t, opp1)} or {_group(t, opp2)} does (Multi-Colors): "
                            f"{t.value(v)} is removed from {t.names(gone)}, which "
                            f"{'sees' if len(gone) == 1 else 'see'} both.", se=_SE_MULTI)


TECHNIQUES = (
    Technique("simple-colors", "Simple Colors", find_simple_colors, rank=240, se=_SE_SIMPLE,
              level="hard", score=150),
    Technique("multi-colors", "Multi-Colors", find_multi_colors, rank=242, se=_SE_MULTI,
              level="hard", score=200),
)

__all__ = ["find_simple_colors", "find_multi_colors", "clusters", "sees_some", "TECHNIQUES"]
