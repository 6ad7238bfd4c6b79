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

from ..core.bits import VALUES_OF9, cells_of
from ..core.board import Board
from . import CELL_UNITS, PEERS, UNIT_BITS, UNIT_CELLS
from .basic import fishes, hidden_elims, hidden_sets, lockings, naked_sets, value_cells
from .chains import Chaining, chain, node_key, static_chains

__all__ = ["advanced_nodes"]


# Each rule yields (elims {cell: mask}, rule parents [node keys]) for every hint the
# producer would emit on the working grid, in its scan order (basic.py's finders): the
# rule parents are the candidates this propagation removed that the hint relies on.

def _lockings(values, work, source):
    for u1, u2, v, gone in lockings(value_cells(work)):
        bit = 1 << (v - 1)
        b2 = UNIT_BITS[u2]
        parents = [node_key(c, v, 0) for c in UNIT_CELLS[u1]
                   if source[c] & bit and not work[c] & bit and not b2 >> c & 1]
        yield {c: bit for c in cells_of(gone)}, parents


def _hidden_pairs(values, work, source):
    for u, _pos, union, vmask in hidden_sets(values, work, value_cells(work), 2, 4):
        elims = hidden_elims(work, union, vmask)
        if not elims:
            continue
        parents = []
        for c in UNIT_CELLS[u]:
            if not union >> c & 1:
                for v in VALUES_OF9[vmask]:
                    if source[c] & (1 << (v - 1)):
                        parents.append(node_key(c, v, 0))
        yield elims, parents


def _naked_pairs(values, work, source):
    for _u, chosen, union, elims in naked_sets(values, work, 2):
        parents = []
        for c in chosen:
            for v in VALUES_OF9[source[c] & ~union]:
                parents.append(node_key(c, v, 0))
        yield elims, parents


def _xwings(values, work, source):
    for base_units, v, combo, cover_bits, gone in fishes(values, value_cells(work), 2):
        bit = 1 << (v - 1)
        parents = []
        for i in combo:
            for c in UNIT_CELLS[base_units[i]]:
                if source[c] & bit and not work[c] & bit and not cover_bits >> c & 1:
                    parents.append(node_key(c, v, 0))
        yield {c: bit for c in cells_of(gone)}, parents


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


def _rules(level: int) -> list:
    rules = [_lockings, _hidden_pairs, _naked_pairs, _xwings]
    if level < 4:
        if level >= 2:
            rules.append(Chaining(False, False, False, 0))
        if level >= 3:
            rules.append(Chaining(True, False, False, 0))
    else:
        rules.append(Chaining(True, True, False, 0))
        if level >= 5:
            rules.append(Chaining(True, True, False, level - 3, advanced_nodes))
    return rules


def advanced_nodes(owner, values, work, source, to_off) -> list:
    """The new off nodes the first rule with a usable hint gives (see the module doc)."""
    if owner._rules is None:
        owner._rules = _rules(owner.level)
    result = []
    for rule in owner._rules:
        if isinstance(rule, Chaining):
            if not rule.multiple and not rule.dynamic:
                hints = _static_hints(values, work)
            else:
                hints = rule.hints(values, work)
            found = ((h.elims, _chain_parents(h, source, work), h) for h in hints)
        else:
            found = ((e, p, None) for e, p in rule(values, work, source))
        for elims, parents, nested in found:
            if not parents:
                continue
            links = tuple(to_off[k] for k in parents)
            for cell in sorted(elims):
                for v in VALUES_OF9[elims[cell]]:
                    result.append((node_key(cell, v, 0), links, 5, nested))
        if result:
            break
    return result


def _static_hints(values, work) -> list:
    """Producer 21's hints on a grid, sorted and merged as SE's getHints hands them over."""
    board = Board(values, work, PEERS)  # read only
    hints = static_chains(board, all_hints=True)
    out, seen = [], set()
    for h in hints:
        sig = tuple(sorted(h.elims.items()))
        if sig not in seen:
            seen.add(sig)
            out.append(h)
    return out
