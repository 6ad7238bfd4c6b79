"""SE's chaining engine: producers 21 and 23-30 (docs/se-rating.md section 6).

A *node* (SE's Potential) is the tuple ``(key, parents, cause, nested)``::

    key      ((cell * 9 + value - 1) << 1) | on      (on = 1: the cell holds the value)
    parents  tuple of nodes; parents[0] is the main parent; () for a start node
    cause    0 start, 1 only value of its cell, 2/3/4 only place in its box/row/col,
             5 advanced (found by a nested rule, level >= 1)
    nested   the nested chaining hint that produced it (levels >= 2), else None

Two nodes are *equal* when their keys are; SE's sets of nodes (``LinkedSet``) are dicts
key -> node keeping the first node stored, in insertion order.  The complexity of a hint
counts distinct keys among the ancestors, walking breadth-first through all parents and
expanding only the first node met for each key, as SE does.

Rejected: a class per node.  Tuples are created several times faster in CPython, and nodes
are what the searches create most.
"""

from __future__ import annotations

import time
from collections import deque

from .._budget import TimeLimitReached
from ..core.bits import POPCOUNT9, VALUES_OF9
from ..core.links import length_penalty as _penalty
from . import CELL_UNITS, PEERS, UNIT_CELLS
from .basic import Hint

__all__ = ["ChainHint", "length_penalty", "ancestors", "static_chains", "Chaining"]


def node_key(cell: int, value: int, on: int) -> int:
    return ((cell * 9 + value - 1) << 1) | on


def length_penalty(complexity: int) -> float:
    """SE's getLengthDifficulty: 0.1 per ladder step 4, 6, 8, 12, 16, ... below C - 2."""
    return _penalty(complexity - 2, exact=True)


def chain(target) -> list:
    """SE's getChain: the ancestors of target breadth-first, one node per key, in order."""
    done, out, todo = set(), [], [target]
    while todo:
        nxt = []
        for p in todo:
            if p[0] not in done:
                done.add(p[0])
                out.append(p)
                nxt.extend(p[1])
        todo = nxt
    return out


def ancestors(target) -> int:
    """SE's getAncestorCount: distinct keys among target and its ancestors."""
    return len(chain(target))


def _effect(cands, key: int):
    """(eliminations, placement) that proving key does: 'cell is v' (odd key) removes the
    cell's other candidates and places v; 'cell is not v' removes v.  None when 'is v'
    leaves nothing to remove."""
    cell, v = divmod(key >> 1, 9)
    bit = 1 << v
    if key & 1:
        rest = cands[cell] & ~bit
        if not rest:
            return None
        return {cell: rest}, (cell, v + 1)
    return {cell: bit}, None


class ChainHint(Hint):
    """A chaining hint: targets (SE's getChainsTargets) and flat complexity kept for the
    nested complexity and rule parents; kind: 'cycle', 'forcing', 'binary', 'cell',
    'region'."""

    __slots__ = ("targets", "flat", "kind", "unit", "nested_cx")

    def nested_complexity(self) -> int:
        """The complexity of every distinct nested chain met among the targets' chains."""
        total, seen = 0, set()
        for target in self.targets:
            for p in chain(target):
                nest = p[3]
                if nest is not None:
                    sig = nest.signature()
                    if sig not in seen:
                        seen.add(sig)
                        total += nest.complexity
        return total

    def signature(self):
        """What SE's FullChain compares: the targets and each target's chain (keys)."""
        return tuple((t[0], tuple(p[0] for p in chain(t))) for t in self.targets)


def _make(kind, base, flat, targets, elims, place, key, name, unit=None):
    h = ChainHint(0.0, elims, place, name)
    h.kind, h.targets, h.flat, h.key, h.unit = kind, targets, flat, key, unit
    nested = h.nested_complexity() if any(_has_nested(t) for t in targets) else 0
    h.complexity = flat + nested
    h.rating = base + length_penalty(h.complexity)
    return h


def _has_nested(target) -> bool:
    for p in chain(target):
        if p[3] is not None:
            return True
    return False


# ----------------------------------------------------------------------------- links

def on_to_off(cands, p, y_links: bool) -> list:
    """The off nodes an on node implies, in SE's order, one per key."""
    key = p[0]
    cv = key >> 1
    cell, v = divmod(cv, 9)
    bit = 1 << v
    out = {}
    if y_links:
        base = cv - v - 1
        for w in VALUES_OF9[cands[cell] & ~bit]:
            k = (base + w) << 1
            out[k] = (k, (p,), 1, None)
    t = 2
    for u in CELL_UNITS[cell]:
        for c in UNIT_CELLS[u]:
            if c != cell and cands[c] & bit:
                k = (c * 9 + v) << 1
                if k not in out:
                    out[k] = (k, (p,), t, None)
        t += 1
    return list(out.values())


def off_to_on(cands, p, source, offs, y_links: bool, x_links: bool) -> list:
    """The on nodes an off node implies, in SE's order; with a source grid (dynamic), the
    off nodes that removed the other candidates become extra ("hidden") parents."""
    key = p[0]
    cell, v = divmod(key >> 1, 9)
    bit = 1 << v
    out = {}
    if y_links:
        m = cands[cell]
        if POPCOUNT9[m] == 2:
            vals = VALUES_OF9[m]
            other = vals[0] if vals[0] != v + 1 else vals[1]
            parents = [p]
            if source is not None:
                base = cell * 9 - 1
                for w in VALUES_OF9[source[cell] & ~m]:
                    parents.append(offs[(base + w) << 1])
            k = ((cell * 9 + other - 1) << 1) | 1
            out[k] = (k, tuple(parents), 1, None)
    if x_links:
        t = 2
        for u in CELL_UNITS[cell]:
            cells = UNIT_CELLS[u]
            first = second = -1
            count = 0
            for c in cells:
                if cands[c] & bit:
                    count += 1
                    if count == 1:
                        first = c
                    elif count == 2:
                        second = c
                    else:
                        break
            if count == 2:
                other = second if first == cell else first
                parents = [p]
                if source is not None:
                    for c in cells:
                        if source[c] & bit and not cands[c] & bit:
                            parents.append(offs[(c * 9 + v) << 1])
                k = ((other * 9 + v) << 1) | 1
                if k not in out:
                    out[k] = (k, tuple(parents), t, None)
            t += 1
    return list(out.values())


class _Links:
    """The links of one grid for the static searches (producer 21): what on_to_off and
    off_to_on give for a key, without parents, computed once per key (the grid does not
    change during a static search, so the lists are the same for every node of that key)."""

    __slots__ = ("cands", "y", "x", "offs", "ons")

    def __init__(self, cands, y: bool, x: bool):
        self.cands, self.y, self.x = cands, y, x
        self.offs, self.ons = {}, {}

    def off_links(self, key) -> list:
        got = self.offs.get(key)
        if got is None:
            got = [(q[0], q[2]) for q in on_to_off(self.cands, (key, (), 0, None), self.y)]
            self.offs[key] = got
        return got

    def on_links(self, key) -> list:
        got = self.ons.get(key)
        if got is None:
            got = [(q[0], q[2]) for q in off_to_on(self.cands, (key, (), 0, None), None, None,
                                                    self.y, self.x)]
            self.ons[key] = got
        return got


def _is_parent(child, key) -> bool:
    p = child
    while p[1]:
        p = p[1][0]
        if p[0] == key:
            return True
    return False


# ----------------------------------------------------------------------------- producer 21

def _cycles(links, start) -> list:
    to_on = {start[0]: start}
    pend_on, pend_off = deque([start]), deque()
    found = []
    length = 0
    skey = start[0]
    while pend_on or pend_off:
        length += 1
        while pend_on:
            p = pend_on.popleft()
            for k, cause in links.off_links(p[0]):
                if not _is_parent(p, k):
                    pend_off.append((k, (p,), cause, None))
        length += 1
        while pend_off:
            p = pend_off.popleft()
            for k, cause in links.on_links(p[0]):
                if length >= 4 and k == skey:
                    found.append((k, (p,), cause, None))
                if k not in to_on:
                    q = (k, (p,), cause, None)
                    pend_on.append(q)
                    to_on[k] = q
    return found


def _forcing(links, start, targets: dict) -> None:
    to_on, to_off = {}, {}
    if start[0] & 1:
        to_on[start[0]] = start
        pend_on, pend_off = deque([start]), deque()
    else:
        to_off[start[0]] = start
        pend_on, pend_off = deque(), deque([start])
    conj = start[0] ^ 1
    while pend_on or pend_off:
        while pend_on:
            p = pend_on.popleft()
            for k, cause in links.off_links(p[0]):
                if k == conj and k not in targets:
                    targets[k] = (k, (p,), cause, None)
                if k not in to_off and not _is_parent(p, k):
                    q = (k, (p,), cause, None)
                    pend_off.append(q)
                    to_off[k] = q
        while pend_off:
            p = pend_off.popleft()
            for k, cause in links.on_links(p[0]):
                if k == conj and k not in targets:
                    targets[k] = (k, (p,), cause, None)
                if k not in to_on:
                    q = (k, (p,), cause, None)
                    pend_on.append(q)
                    to_on[k] = q


def _cycle_hint(cands, dst, y, x):
    line = []
    p = dst
    while p[1]:
        line.append(p)
        p = p[1][0]
    cells = {(q[0] >> 1) // 9 for q in line}
    forw, back = set(), set()
    for q in line:
        cell, v = divmod(q[0] >> 1, 9)
        bit = 1 << v
        side = forw if q[0] & 1 else back
        for c in PEERS[cell]:
            if c not in cells and cands[c] & bit:
                side.add((c, v))
    both = forw & back
    if not both:
        return None
    elims = {}
    for c, v in both:
        elims[c] = elims.get(c, 0) | (1 << v)
    base = 7.0 if (x and y) else 6.5
    key = 4 if (x and y) else (3 if y else 2)
    return _make("cycle", base, ancestors(dst), [dst, _reversed(dst)], elims, None, key,
                 "XY cycle" if x and y else ("Y cycle" if y else "X cycle"))


def _reversed(org):
    """SE's getReversedCycle: the main-parent line with every node flipped, each keeping its
    own cause, linked from the flipped root back to the flipped org."""
    line = [org]
    while line[-1][1]:
        line.append(line[-1][1][0])
    node = None
    for q in line:
        node = (q[0] ^ 1, (node,) if node is not None else (), q[2], None)
    return node


def _forcing_hint(cands, target, y, x):
    # the target is the start candidate's other polarity: its cell has two candidates or
    # more, so proving it on always removes something
    elims, place = _effect(cands, target[0])
    base = 7.0 if y else 6.6
    return _make("forcing", base, ancestors(target), [target], elims, place,
                 4 if y else 2, "forcing chain" if y else "forcing X-chain")


def static_chains(board, all_hints: bool = False, deadline: float | None = None):
    """Producer 21: cycles and forcing chains; the minimum under (rating, C, sort key), first
    found on ties (all_hints: every hint, in SE's sorted order)."""
    cands, values = board.cands, board.values
    hints = []
    for y, x in ((False, True), (True, False), (True, True)):
        links = _Links(cands, y, x)
        for cell in range(81):
            m = cands[cell]
            if values[cell] or POPCOUNT9[m] < 2:
                continue
            if deadline is not None and time.monotonic() > deadline:
                raise TimeLimitReached()
            if not x and POPCOUNT9[m] > 2:
                continue
            for v in VALUES_OF9[m]:
                k = node_key(cell, v, 1)
                start = (k, (), 0, None)
                cycles = _cycles(links, start)
                targets = {}
                if x:
                    _forcing(links, start, targets)
                    _forcing(links, (k ^ 1, (), 0, None), targets)
                for dst in cycles:
                    h = _cycle_hint(cands, dst, y, x)
                    if h is not None:
                        hints.append(h)
                for t in targets.values():
                    hints.append(_forcing_hint(cands, t, y, x))
    return _pick(hints, all_hints)


def _pick(hints, all_hints):
    if all_hints:
        return sorted(hints, key=lambda h: (h.rating, h.complexity, h.key))
    best = None
    for h in hints:
        if best is None or (h.rating, h.complexity, h.key) < (best.rating, best.complexity,
                                                               best.key):
            best = h
    return best


def merged(hints) -> list:
    """The hints sorted by (rating, complexity, sort key), the first of those with equal
    eliminations kept (SE's getHints)."""
    out, seen = [], set()
    for h in sorted(hints, key=lambda h: (h.rating, h.complexity, h.key)):
        sig = tuple(sorted(h.elims.items()))
        if sig not in seen:
            seen.add(sig)
            out.append(h)
    return out


# ----------------------------------------------------------------------------- producers 23-30

class Chaining:
    """SE's Chaining producer with multiple / dynamic / Nishio switches and a nesting level
    (producers 23-30; 24 = multiple, 25 = multiple + dynamic, 26-30 = levels 1-5)."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool, level: int,
                 advanced=None):
        """advanced: for level >= 1, the function giving the nested rules' off nodes
        (nested.advanced_nodes; passed in so that this module needs not
        import it)."""
        self.multiple, self.dynamic, self.nishio, self.level = multiple, dynamic, nishio, level
        self.advanced = advanced
        if level > 0 and advanced is None:
            raise ValueError("a nested Chaining (level >= 1) needs advanced=")
        if level >= 2:
            self.base = 9.5 + 0.5 * (level - 2)
        elif level > 0:
            self.base = 8.5 + 0.5 * level
        elif nishio:
            self.base = 7.5
        elif dynamic:
            self.base = 8.5
        else:
            self.base = 8.0
        self._rules = None
        self.deadline = None
        self._last = None  # (cands, sorted hints): SE's cache of the last grid's hints
        # SE's producer number, and the C twin (se/chains.c) when the C kernels are active
        self.producer = 23 if nishio else (25 + level if level else (25 if dynamic else 24))
        self._c = None
        if multiple or dynamic:
            from ...engine._backend import C
            self._c = getattr(C, "se_chaining", None)
        self._c_last = None

    def __call__(self, board):
        """The first hint SE emits (the minimum), or None.  With the C kernels: the C twin's
        hint (same rating, complexity, sort key, eliminations, placement and name; a plain
        Hint, without the chains); raises TimeLimitReached once self.deadline has passed."""
        if self._c is not None:
            return self._c_first(board)
        hints = self.hints(board.values, board.cands)
        return hints[0] if hints else None

    def _c_first(self, board):
        last = self._c_last
        if last is not None and last[0] == board.cands and last[1] == board.values:
            return last[2]
        try:
            got = self._c(board.values, board.cands, self.producer, self.deadline or 0.0)
        except TimeoutError:
            raise TimeLimitReached() from None
        hint = None
        if got is not None:
            rating, complexity, key, elims, place, name = got
            hint = Hint(rating, elims, place, name, complexity, key)
        self._c_last = (list(board.cands), list(board.values), hint)
        return hint

    def hints(self, values, cands) -> list:
        """Every hint, sorted by (rating, complexity, sort key), equal eliminations merged."""
        if self._last is not None and self._last[0] == cands and self._last[1] == values:
            return self._last[2]
        out = merged(self._hint_list(values, list(cands)))
        self._last = (list(cands), list(values), out)
        return out

    # -- propagation (SE's doChaining) --------------------------------------------------

    def propagate(self, values, cands, to_on: dict, to_off: dict):
        """Derive from the nodes in to_on / to_off (filled in place); return the pair of
        contradicting nodes, or None."""
        y = not self.nishio
        dynamic = self.dynamic
        work = list(cands) if dynamic else cands
        source = cands if dynamic else None
        pend_on, pend_off = deque(to_on.values()), deque(to_off.values())
        while pend_on or pend_off:
            if pend_on:
                p = pend_on.popleft()
                for q in on_to_off(work, p, y):
                    k = q[0]
                    if k ^ 1 in to_on:
                        return to_on[k ^ 1], q
                    if k not in to_off:
                        to_off[k] = q
                        pend_off.append(q)
            else:
                p = pend_off.popleft()
                made = off_to_on(work, p, source, to_off, y, True)
                if dynamic:
                    cell, v = divmod(p[0] >> 1, 9)
                    work[cell] &= ~(1 << v)
                for q in made:
                    k = q[0]
                    if k ^ 1 in to_off:
                        return q, to_off[k ^ 1]
                    if k not in to_on:
                        to_on[k] = q
                        pend_on.append(q)
            if not pend_on and not pend_off and self.level > 0:
                for q in self._advanced(values, work, cands, to_off):
                    if q[0] not in to_off:
                        to_off[q[0]] = q
                        pend_off.append(q)
        return None

    # -- hints (SE's getMultipleChainsHintList) -----------------------------------------

    def _hint_list(self, values, cands) -> list:
        out = []
        for cell in range(81):
            if values[cell]:
                continue
            m = cands[cell]
            card = POPCOUNT9[m]
            if not (card > 2 or (card > 1 and self.dynamic)):
                continue
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TimeLimitReached()
            value_on, value_off = {}, {}
            cell_on = cell_off = None
            for v in VALUES_OF9[m]:
                on_on, on_off = {}, {}
                self._binary(values, cands, cell, v, card, out, on_on, on_off)
                if not self.nishio:
                    self._regions(values, cands, cell, v, on_on, on_off, out)
                value_on[v], value_off[v] = on_on, on_off
                if cell_on is None:
                    cell_on, cell_off = dict(on_on), dict(on_off)
                else:
                    cell_on = {k: q for k, q in cell_on.items() if k in on_on}
                    cell_off = {k: q for k, q in cell_off.items() if k in on_off}
            if not self.nishio and (card == 2 or (self.multiple and card > 2)):
                for group, outcomes in ((cell_on, value_on), (cell_off, value_off)):
                    for k in group:
                        chains = [outcomes[v][k] for v in VALUES_OF9[m]]
                        h = self._reduction("cell", cands, k, chains, 5, None)
                        if h is not None:
                            out.append(h)
        return out

    def _binary(self, values, cands, cell, v, card, out, on_on, on_off):
        k = node_key(cell, v, 1)
        p_on, p_off = (k, (), 0, None), (k ^ 1, (), 0, None)
        do_double = card >= 3 and not self.nishio and self.dynamic
        do_contra = self.dynamic or self.nishio
        on_on[k] = p_on
        absurd = self.propagate(values, cands, on_on, on_off)
        if do_contra and absurd is not None:
            out.append(self._binary_hint(cands, absurd, k ^ 1, 7, "contradiction"))
        off_on, off_off = {}, {k ^ 1: p_off}
        absurd = self.propagate(values, cands, off_on, off_off)
        if do_contra and absurd is not None:
            h = self._binary_hint(cands, absurd, k, 7, "contradiction")
            if h is not None:
                out.append(h)
        if do_double:
            for key, q in on_on.items():
                r = off_on.get(key)
                if r is not None:
                    h = self._binary_hint(cands, (q, r), key, 1, "double")
                    if h is not None:
                        out.append(h)
            for key, q in on_off.items():
                r = off_off.get(key)
                if r is not None:
                    out.append(self._binary_hint(cands, (q, r), key, 1, "double"))

    def _binary_hint(self, cands, pair, target_key, sort_key, name):
        effect = _effect(cands, target_key)
        if effect is None:
            return None
        elims, place = effect
        flat = ancestors(pair[0]) + ancestors(pair[1])
        return _make("binary", self.base, flat, list(pair), elims, place, sort_key,
                     self._name(name))

    def _regions(self, values, cands, cell, v, on_on, on_off, out):
        bit = 1 << (v - 1)
        for t, u in enumerate(CELL_UNITS[cell]):
            cells = [c for c in UNIT_CELLS[u] if cands[c] & bit]
            n = len(cells)
            if not (n == 2 or (self.multiple and n > 2)) or cells[0] != cell:
                continue
            pos_on, pos_off = [on_on], [on_off]
            reg_on, reg_off = dict(on_on), dict(on_off)
            for c in cells[1:]:
                k = node_key(c, v, 1)
                o_on, o_off = {k: (k, (), 0, None)}, {}
                self.propagate(values, cands, o_on, o_off)
                pos_on.append(o_on)
                pos_off.append(o_off)
                reg_on = {key: q for key, q in reg_on.items() if key in o_on}
                reg_off = {key: q for key, q in reg_off.items() if key in o_off}
            for group, outcomes in ((reg_on, pos_on), (reg_off, pos_off)):
                for k in group:
                    chains = [o[k] for o in outcomes]
                    h = self._reduction("region", cands, k, chains, 6, u)
                    if h is not None:
                        out.append(h)

    def _reduction(self, kind, cands, k, chains, sort_key, unit):
        effect = _effect(cands, k)
        if effect is None:
            return None
        elims, place = effect
        flat = sum(ancestors(q) for q in chains)
        return _make(kind, self.base, flat, chains, elims, place, sort_key,
                     self._name(kind), unit)

    def _name(self, what: str) -> str:
        if self.nishio:
            return "Nishio forcing chain"
        prefix = "dynamic " if self.dynamic else ""
        suffix = f" (level {self.level})" if self.level else ""
        return f"{prefix}{what} forcing chain{suffix}"

    def _advanced(self, values, work, source, to_off) -> list:
        return self.advanced(self, values, work, source, to_off)
