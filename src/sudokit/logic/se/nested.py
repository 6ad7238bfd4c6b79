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

from ..core.bits import POPCOUNT9, cells_of
from ..core.board import Board
from . import BCR, BOXES, CELL_UNITS, COLS, PEERS, ROWS, UNIT_BITS, UNIT_CELLS
from .basic import _local, colex, value_cells
from .chains import Chaining, chain, static_chains

__all__ = ["advanced_nodes"]


def _off(cell: int, value: int) -> int:
    return (cell * 9 + value - 1) << 1


# Each generator yields (elims {cell: mask}, rule parents [node keys]) for every hint the
# producer would emit on the working grid, in its scan order.

def _lockings(values, work, source):
    vc = value_cells(work)
    for types1, types2 in ((BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES)):
        for u1 in types1:
            b1 = UNIT_BITS[u1]
            for u2 in types2:
                b2 = UNIT_BITS[u2]
                if not b1 & b2:
                    continue
                for v in range(1, 10):
                    pos = vc[v] & b1
                    if not pos & (pos - 1) or pos & ~b2:
                        continue
                    gone = vc[v] & b2 & ~b1
                    if not gone:
                        continue
                    bit = 1 << (v - 1)
                    parents = [_off(c, v) for c in UNIT_CELLS[u1]
                               if source[c] & bit and not work[c] & bit and not b2 >> c & 1]
                    yield {c: bit for c in cells_of(gone)}, parents


def _hidden_pairs(values, work, source):
    vc = value_cells(work)
    for units in BCR:
        for u in units:
            cells = UNIT_CELLS[u]
            if sum(1 for c in cells if not values[c]) <= 4:
                continue
            ub = UNIT_BITS[u]
            pos = [vc[v] & ub for v in range(1, 10)]
            for i, j in colex(2, 9):
                a, b = pos[i], pos[j]
                if not a & (a - 1) or not b & (b - 1) or (a | b).bit_count() != 2:
                    continue
                vmask = (1 << i) | (1 << j)
                elims = {}
                for c in cells_of(a | b):
                    if work[c] & ~vmask:
                        elims[c] = work[c] & ~vmask
                if not elims:
                    continue
                parents = []
                for c in cells:
                    if not (a | b) >> c & 1:
                        for v in (i + 1, j + 1):
                            if source[c] & (1 << (v - 1)):
                                parents.append(_off(c, v))
                yield elims, parents


def _naked_pairs(values, work, source):
    for units in BCR:
        for u in units:
            cells = UNIT_CELLS[u]
            if sum(1 for c in cells if not values[c]) < 4:
                continue
            for i, j in colex(2, 9):
                a, b = work[cells[i]], work[cells[j]]
                if POPCOUNT9[a] < 2 or POPCOUNT9[b] < 2 or POPCOUNT9[a | b] != 2:
                    continue
                union = a | b
                elims = {c: work[c] & union for c in cells
                         if c != cells[i] and c != cells[j] and work[c] & union}
                if not elims:
                    continue
                parents = []
                for c in (cells[i], cells[j]):
                    extra = source[c] & ~union
                    for v in range(1, 10):
                        if extra >> (v - 1) & 1:
                            parents.append(_off(c, v))
                yield elims, parents


def _xwings(values, work, source):
    vc = value_cells(work)
    placed = [0] * 10
    for v in values:
        placed[v] += 1
    for base_units, cover_units in ((COLS, ROWS), (ROWS, COLS)):
        local = [[_local(u, vc[v]) if v else 0 for v in range(10)] for u in base_units]
        for combo in colex(2, 9):
            base_bits = UNIT_BITS[base_units[combo[0]]] | UNIT_BITS[base_units[combo[1]]]
            for v in range(1, 10):
                if placed[v] + 4 > 9:
                    continue
                p0, p1 = local[combo[0]][v], local[combo[1]][v]
                if not p0 & (p0 - 1) or not p1 & (p1 - 1) or POPCOUNT9[p0 | p1] != 2:
                    continue
                cover = p0 | p1
                cover_bits = 0
                for j in range(9):
                    if cover >> j & 1:
                        cover_bits |= UNIT_BITS[cover_units[j]]
                gone = vc[v] & cover_bits & ~base_bits
                if not gone:
                    continue
                bit = 1 << (v - 1)
                parents = []
                for i in combo:
                    for c in UNIT_CELLS[base_units[i]]:
                        if source[c] & bit and not work[c] & bit and not cover_bits >> c & 1:
                            parents.append(_off(c, v))
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
                gone = source[cell] & ~work[cell]
                for v in range(1, 10):
                    if gone >> (v - 1) & 1:
                        out.setdefault(_off(cell, v), None)
            elif cause in _CAUSE_UNIT:
                bit = 1 << v0
                for c in UNIT_CELLS[CELL_UNITS[cell][_CAUSE_UNIT[cause]]]:
                    if source[c] & bit and not work[c] & bit:
                        out.setdefault(_off(c, v0 + 1), None)
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
                mask = elims[cell]
                for v in range(1, 10):
                    if mask >> (v - 1) & 1:
                        k = _off(cell, v)
                        result.append((k, links, 5, nested))
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
