"""Nested forcing chains (producers 26-30): the rules a propagation asks when it runs dry.

docs/se-rating.md section 6.6.  When the propagation of a level >= 1 producer has nothing
pending, SE runs a list of rules on the working grid; the first rule with at least one
*usable* hint (one relying on a candidate removed by this propagation: its *rule parents*)
gives all its usable hints, and every candidate such a hint eliminates becomes a new off
node whose parents are the off nodes of its rule parents (and, for a chaining hint, that
hint is attached to the node as a nested chain).

SE iterates a hint's eliminations in Java HashMap order keyed by identity hash codes (not
reproducible); here they come in cell then value order, as SE's later fork sorts them.
"""

from __future__ import annotations

from ..core.bits import VALUES_OF9
from ..core.board import Board
from ..core.propagate import se_plus_rules
from . import CELL_UNITS, PEERS, UNIT_CELLS
from .chains import Chaining, chain, merged, node_key, static_chains

__all__ = ["advanced_nodes"]


_CAUSE_UNIT = {2: 0, 3: 1, 4: 2}  # cause -> index in CELL_UNITS (box, row, col)


def _chain_parents(hint, source, work) -> list:
    """SE's ChainingHint.getRuleParents: the removed candidates its on nodes relied on."""
    out = {}
    for target in hint.targets:
        for p in chain(target):
            if not p[0] & 1:
                continue
            cause = p[2]
            if cause == 0:
                if hint.kind == "cell":
                    cause = 1
                elif hint.kind == "region":
                    cause = 2 + [k for k in range(3)
                                 if CELL_UNITS[(p[0] >> 1) // 9][k] == hint.unit][0]
                else:
                    continue
            cell, v0 = divmod(p[0] >> 1, 9)
            if cause == 1:
                for v in VALUES_OF9[source[cell] & ~work[cell]]:
                    out.setdefault(node_key(cell, v, 0), None)
            elif cause in _CAUSE_UNIT:
                bit = 1 << v0
                for c in UNIT_CELLS[CELL_UNITS[cell][_CAUSE_UNIT[cause]]]:
                    if source[c] & bit and not work[c] & bit:
                        out.setdefault(node_key(c, v0 + 1, 0), None)
    return list(out)


def _chainings(level: int) -> list:
    """The chaining rules SE asks after the four plus rules, by nesting level."""
    rules = []
    if level < 4:
        if level >= 2:
            rules.append(Chaining(False, False, False, 0))  # producer 21's hints
        if level >= 3:
            rules.append(Chaining(True, False, False, 0))
    else:
        rules.append(Chaining(True, True, False, 0))
        if level >= 5:
            rules.append(Chaining(True, True, False, level - 3, advanced_nodes))
    return rules


def advanced_nodes(owner, values, work, source, to_off) -> list:
    """The new off nodes the first rule with a usable hint gives (see the module doc): the
    core's plus rules in SE's order (core.propagate.se_plus_rules: locking, hidden pair,
    naked pair, X-wing), then the chaining rules of the level."""
    result = []
    for _name, found in se_plus_rules(values, work, source):
        for gone, why in found:
            if not why:
                continue
            # (c * 9 + b) << 1 = node_key(c, b + 1, 0): "cell c is not value b + 1"
            links = tuple(to_off[(c * 9 + b) << 1] for c, b in why)
            for c, b in sorted(gone):
                result.append(((c * 9 + b) << 1, links, 5, None))
        if result:
            return result
    if owner._rules is None:
        owner._rules = _chainings(owner.level)
    for rule in owner._rules:
        if not rule.multiple and not rule.dynamic:
            hints = _static_hints(values, work)
        else:
            hints = rule.hints(values, work)
        for h in hints:
            parents = _chain_parents(h, source, work)
            if not parents:
                continue
            links = tuple(to_off[k] for k in parents)
            for cell in sorted(h.elims):
                for v in VALUES_OF9[h.elims[cell]]:
                    result.append((node_key(cell, v, 0), links, 5, h))
        if result:
            break
    return result


def _static_hints(values, work) -> list:
    """Producer 21's hints on a grid, sorted and merged as SE's getHints hands them over."""
    return merged(static_chains(Board(values, work, PEERS), all_hints=True))  # read only
