"""The rules over many cells in the kernels: pruning, feasibility and encodings.

A geometry's ``propagators`` (geometry._sums) are ``(kind, cells, data)`` with four kinds:

    "sum"       (weights, total, groups)
                                   sum of weights[i] * value(cells[i]) == total; the cells
                                   with one group number share a weight and a unit, so
                                   their values differ (geometry._sums.groups)
    "sets"      masks              the set of the cells' values is one of the masks
    "sandwich"  total              cells = a row or column in order; the values strictly
                                   between the 1 and the N sum to total
    "mask"      mask               every cell's value is in mask

Each engine enforces them its own way, all written here so that the C twins have one
specification to follow:

``prune(prop, cand, n)`` -- for ``propagate``: narrow the candidates (bitmasks) of the cells,
to this propagator's own fixpoint.  Returns -1 on a contradiction (a cell left with no
candidate, or nothing that can hold), 1 when it changed something, 0 when not.  Every rule is
*monotone* (fewer candidates in, never more out) and applied until nothing changes, so the
common fixpoint with the singles is unique: the order in which an engine runs them changes
neither the candidates nor the node counts (the C twin may schedule them differently).

    sum       bounds over groups: a group of k cells sums to between its k least and its k
              greatest distinct candidates (a cell alone: its least and greatest); a cell
              keeps v when its group, with v there and distinct values from the other cells'
              candidates but v, can still meet what the other groups leave of the total
    sets      a set is *possible* when the cells can take its values one each (a perfect
              matching of cells to values within the candidates); each cell keeps the
              candidates that are in some possible set
    sandwich  every placement of the 1 and the N (either order) whose cells between can
              reach the total (their values differ: the bounds of one group, the 1 and N
              excluded) is possible; a cell keeps what some possible placement leaves it
              (the 1 or N at the ends, between the values the group bound allows, anything
              but 1 and N outside)
    mask      every cell keeps its candidates in the mask

``allows(prop, cur, cell, v, n)`` -- for ``backtrack`` and ``dlx``'s check: may ``cell`` take
``v`` given the values placed so far (``cur``, 0 = empty)?  Only the placed values count (the
empty cells may take any value 1..N):

    sum       lo <= total - placed <= hi over the empty cells (each 1..N times its weight)
    sets      some set holds every placed value and v
    sandwich  when the 1 and N are both placed: placed between + 2*(empty between) <= total
              <= placed between + (N-1)*(empty between)
    mask      v is in the mask

``layers(prop, n)`` -- for ``dlx`` and ``learn``: a "sum" or "sandwich" read cell by cell as a
layered automaton: state 0 before the first cell, one state after each cell (the weighted sum
so far; for a sandwich the phase and the sum inside), kept only when it can be reached from
the start and can still reach an accepting end.  Both engines encode "the cells' values
follow a path of this automaton" exactly (dlx: options; learn: state variables and clauses).

The C twins: _c/solve/rules.c (prune, allows, and the checker of a complete grid);
learn_rules is computed here once per geometry and handed to C as flat arrays
(_backend._c_rules), so C never builds an automaton.
"""

from __future__ import annotations

__all__ = ["prune", "allows", "layers", "by_cell", "learn_rules"]


def by_cell(props, ncells: int) -> list[list[int]]:
    """For each cell, the indexes of the propagators it is in (ascending)."""
    out: list[list[int]] = [[] for _ in range(ncells)]
    for k, (_, cells, _) in enumerate(props):
        for c in cells:
            out[c].append(k)
    return out


# --- prune -----------------------------------------------------------------------------------


def _span(w: int, m: int) -> tuple[int, int]:
    """The least and greatest w*v for v in the mask m (m != 0)."""
    lo, hi = w * ((m & -m).bit_length()), w * m.bit_length()
    return (lo, hi) if w > 0 else (hi, lo)


def _least(m: int, k: int) -> int:
    """The sum of the k least values of the mask m (popcount(m) >= k)."""
    s = 0
    for _ in range(k):
        b = m & -m
        m ^= b
        s += b.bit_length()
    return s


def _greatest(m: int, k: int) -> int:
    """The sum of the k greatest values of the mask m (popcount(m) >= k)."""
    s = 0
    for _ in range(k):
        v = m.bit_length()
        m ^= 1 << (v - 1)
        s += v
    return s


def _group_span(w: int, values: int, k: int, first: int) -> tuple[int, int]:
    """The least and greatest w * (first + the sum of k distinct values of the mask
    ``values``); None when the mask has fewer than k values."""
    if values.bit_count() < k:
        return None
    lo, hi = w * (first + _least(values, k)), w * (first + _greatest(values, k))
    return (lo, hi) if w > 0 else (hi, lo)


def _prune_sum(cells, data, cand) -> int:
    weights, total, groups = data
    ng = max(groups) + 1
    size = [0] * ng
    weight = [0] * ng
    for i, g in enumerate(groups):
        size[g] += 1
        weight[g] = weights[i]
    changed = 0
    while True:
        union = [0] * ng                 # the values some cell of the group may take
        twice = [0] * ng                 # ... that two cells of it may take
        for c, g in zip(cells, groups):
            twice[g] |= union[g] & cand[c]
            union[g] |= cand[c]
        spans = [_group_span(weight[g], union[g], size[g], 0) for g in range(ng)]
        if None in spans:
            return -1
        lo = sum(s[0] for s in spans)
        hi = sum(s[1] for s in spans)
        if not lo <= total <= hi:
            return -1
        again = False
        for c, g in zip(cells, groups):
            # the group's sum, with c = v, must meet [total - (hi - ghi), total - (lo - glo)]
            glo, ghi = spans[g]
            low, high = total - (hi - ghi), total - (lo - glo)
            m = cand[c]
            others = twice[g] | (union[g] & ~m)      # what the group's other cells may take
            keep = 0
            x = m
            while x:
                b = x & -x
                x ^= b
                span = _group_span(weight[g], others & ~b, size[g] - 1, b.bit_length())
                if span is not None and span[0] <= high and low <= span[1]:
                    keep |= b
            if keep != m:
                if not keep:
                    return -1
                cand[c] = keep
                changed = again = 1
        if not again:
            return changed


def _matching(doms: list[int], values: int) -> bool:
    """True when each cell (its candidates doms[i], within ``values``) can take one value of
    ``values``, all different, using them all (len(doms) == popcount(values))."""
    owner: dict[int, int] = {}       # value bit -> cell index

    def place(i: int, seen: list) -> bool:
        x = doms[i]
        while x:
            b = x & -x
            x ^= b
            if seen[0] & b:
                continue
            seen[0] |= b
            j = owner.get(b)
            if j is None or place(j, seen):
                owner[b] = i
                return True
        return False

    return all(place(i, [0]) for i in range(len(doms)))


def _prune_sets(cells, masks, cand) -> int:
    doms = [cand[c] for c in cells]
    union = 0
    for d in doms:
        union |= d
    keep = 0
    for s in masks:
        if s & ~union:
            continue
        sub = [d & s for d in doms]
        if all(sub) and _matching(sub, s):
            keep |= s
    if not keep:
        return -1
    return _prune_mask(cells, keep, cand)     # each cell keeps what some possible set has


def _prune_sandwich(cells, total, cand, n) -> int:
    one, top = 1, 1 << (n - 1)
    mid = ((1 << n) - 1) & ~(one | top)
    changed = 0
    while True:
        doms = [cand[c] for c in cells]
        new = [0] * n
        for p in range(n):
            for q in range(p + 1, n):
                for a, b in ((one, top), (top, one)):
                    _place(doms, new, p, q, a, b, mid, total, n)
        again = False
        for c, d, m in zip(cells, doms, new):
            if not m:
                return -1
            if m != d:
                cand[c] = m
                changed = again = 1
        if not again:
            return changed


def _place(doms, new, p, q, a, b, mid, total, n) -> None:
    """Add to ``new`` what the placement "a at p, b at q" leaves each cell, if it is possible."""
    if not (doms[p] & a and doms[q] & b):
        return
    inner = [d & mid for d in doms[p + 1:q]]
    if not all(inner):
        return
    outer = [d & mid for d in doms[:p]] + [d & mid for d in doms[q + 1:]]
    if not all(outer):
        return
    k = len(inner)                       # the cells between: one row or column, so their
    union = 0                            # values differ
    for d in inner:
        union |= d
    span = _group_span(1, union, k, 0)
    if span is None or not span[0] <= total <= span[1]:
        return
    before = [0] * (k + 1)               # before[j]: the union of inner[:j]; after: of [j:]
    after = [0] * (k + 1)
    for j in range(k):
        before[j + 1] = before[j] | inner[j]
        after[k - 1 - j] = after[k - j] | inner[k - 1 - j]
    kept = []
    for j, d in enumerate(inner):
        others = before[j] | after[j + 1]
        keep = 0
        x = d
        while x:
            bit = x & -x
            x ^= bit
            span = _group_span(1, others & ~bit, k - 1, bit.bit_length())
            if span is not None and span[0] <= total <= span[1]:
                keep |= bit
        if not keep:
            return
        kept.append(keep)
    new[p] |= a
    new[q] |= b
    for j, k in enumerate(kept):
        new[p + 1 + j] |= k
    for j in range(p):
        new[j] |= doms[j] & mid
    for j in range(q + 1, n):
        new[j] |= doms[j] & mid


def _prune_mask(cells, mask, cand) -> int:
    changed = 0
    for c in cells:
        d = cand[c]
        m = d & mask
        if m != d:
            if not m:
                return -1
            cand[c] = m
            changed = 1
    return changed


def prune(prop, cand: list, n: int) -> int:
    """Narrow cand (bitmasks) under one propagator: -1 contradiction, 1 changed, 0 not."""
    kind, cells, data = prop
    if kind == "sets":
        return _prune_sets(cells, data, cand)
    if kind == "sum":
        return _prune_sum(cells, data, cand)
    if kind == "sandwich":
        return _prune_sandwich(cells, data, cand, n)
    return _prune_mask(cells, data, cand)


# --- allows ----------------------------------------------------------------------------------


def allows(prop, cur, cell: int, v: int, n: int) -> bool:
    """May cell take v, given the placed values cur (0 = empty)?  (The module doc.)"""
    kind, cells, data = prop
    if kind == "mask":
        return bool(data >> (v - 1) & 1)
    if kind == "sets":
        placed = 1 << (v - 1)
        for c in cells:
            if c != cell and cur[c]:
                placed |= 1 << (cur[c] - 1)
        return any(s & placed == placed for s in data)
    if kind == "sum":
        weights, total = data[:2]
        rest = total
        lo = hi = 0
        for w, c in zip(weights, cells):
            x = v if c == cell else cur[c]
            if x:
                rest -= w * x
            elif w > 0:
                lo += w
                hi += w * n
            else:
                lo += w * n
                hi += w
        return lo <= rest <= hi
    # sandwich
    vals = [v if c == cell else cur[c] for c in cells]
    ends = [i for i, x in enumerate(vals) if x == 1 or x == n]
    if len(ends) < 2:
        return True
    inner = vals[ends[0] + 1:ends[1]]
    placed = sum(inner)
    empty = inner.count(0)
    return placed + 2 * empty <= data <= placed + (n - 1) * empty


# --- layers ----------------------------------------------------------------------------------


def layers(prop, n: int) -> list[dict]:
    """The automaton of a "sum" or "sandwich" propagator, layer by layer (module doc).

    Returns L with len(L) == len(cells) + 1: L[i] maps each live state after i cells to its
    moves {v: next state}; L[0] holds the start state, L[-1] the accepting states (moves {}).
    States are ints: for a sum the weighted sum so far; for a sandwich 0 before its first
    end, -1 after its second, and 1 + 2*(sum inside so far) + (the first end was N) between.
    """
    kind, cells, data = prop
    m = len(cells)
    if kind == "sum":
        weights, total = data[:2]
        start, accept = 0, {total}

        def step(i, s, v):
            return s + weights[i] * v
    else:
        total = data
        start, accept = 0, {-1}

        def step(i, s, v):
            if s == 0:
                if v == 1 or v == n:
                    return 1 + (v == n)
                return 0
            if s == -1:
                return None if v in (1, n) else -1
            first_top = (s - 1) & 1
            inside = (s - 1) >> 1
            if v == (1 if first_top else n):
                return -1 if inside == total else None
            if v in (1, n):
                return None
            inside += v
            return None if inside > total else 1 + 2 * inside + first_top
    forward = [{start}]
    for i in range(m):
        nxt = set()
        for s in forward[-1]:
            for v in range(1, n + 1):
                t = step(i, s, v)
                if t is not None:
                    nxt.add(t)
        forward.append(nxt)
    live = [set() for _ in range(m + 1)]
    live[m] = forward[m] & accept
    out: list[dict] = [dict() for _ in range(m + 1)]
    for s in live[m]:
        out[m][s] = {}
    for i in range(m - 1, -1, -1):
        for s in sorted(forward[i]):
            moves = {}
            for v in range(1, n + 1):
                t = step(i, s, v)
                if t is not None and t in live[i + 1]:
                    moves[v] = t
            if moves:
                live[i].add(s)
                out[i][s] = moves
    return out


# --- clauses (learn) -------------------------------------------------------------------------


def learn_rules(props, n: int) -> tuple[int, list, list, list]:
    """The rules over many cells as ``learn`` takes them: (aux, groups, clauses, false).

    Variables 0 .. N^3-1 are "cell c holds d+1" (v = c*N + d); the rules add ``aux`` more,
    numbered from N^3 in rule order.  Literals: 2*v true, 2*v+1 false.

    "mask"   false: the variables of the values outside the mask (false at level 0)
    "sets"   one selector per set S (exactly-one group); for each S: "S -> cell c is not v"
             for v outside S (binary clauses, cells then values ascending), and "S -> some
             cell holds v" for v in S
    "sum", "sandwich"   one variable per live state after cells 1..m-1 (an exactly-one group
             per layer); for the i-th cell and each state q before it, each value v:
             "q and c=v -> t" (t the next state) or, when no live t, "not (q and c=v)"; the
             start state is always true (it has no variable) and the accepting states after
             the last cell are "true" (a move there needs no clause).  Also "t -> one of the
             states that lead to t" and "t -> the cell holds one of the values that lead to t".
    Every cell assignment fixes the selectors and states, so a solution of the cells is one
    solution of the clauses (counts are unchanged).
    """
    base = n * n * n
    aux = 0
    groups: list[list[int]] = []
    clauses: list[list[int]] = []
    false: list[int] = []

    def var(c, v):                     # "cell c holds v" (v = 1..N)
        return c * n + v - 1

    for kind, cells, data in props:
        if kind == "mask":
            false += [var(c, v) for c in cells for v in range(1, n + 1) if not data >> (v - 1) & 1]
        elif kind == "sets":
            sel = [base + aux + j for j in range(len(data))]
            aux += len(data)
            groups.append(sel)
            for x, s in zip(sel, data):
                for c in cells:
                    for v in range(1, n + 1):
                        if not s >> (v - 1) & 1:
                            clauses.append([2 * x + 1, 2 * var(c, v) + 1])
                for v in range(1, n + 1):
                    if s >> (v - 1) & 1:
                        clauses.append([2 * x + 1] + [2 * var(c, v) for c in cells])
        else:
            lay = layers((kind, cells, data), n)
            m = len(cells)
            if not lay[0]:             # nothing can hold: no value of the first cell
                false += [var(cells[0], v) for v in range(1, n + 1)]
                continue
            state = {}                 # (i, q) -> variable, 1 <= i < m
            for i in range(1, m):
                layer = []
                for q in sorted(lay[i]):
                    state[(i, q)] = base + aux
                    layer.append(base + aux)
                    aux += 1
                groups.append(layer)
            for i in range(1, m + 1):
                c = cells[i - 1]
                for q in sorted(lay[i - 1]):          # (i = 1: the start state alone)
                    moves = lay[i - 1][q]
                    head = [2 * state[(i - 1, q)] + 1] if i > 1 else []
                    for v in range(1, n + 1):
                        t = moves.get(v)
                        if t is None:
                            lits = head + [2 * var(c, v) + 1]
                            (clauses.append(lits) if len(lits) > 1 else false.append(lits[0] >> 1))
                        elif i < m:
                            clauses.append(head + [2 * var(c, v) + 1, 2 * state[(i, t)]])
                if i < m:              # support: t comes from some state and some value
                    into: dict = {}
                    for q, moves in lay[i - 1].items():
                        for v, t in moves.items():
                            into.setdefault(t, (set(), set()))
                            into[t][0].add(q)
                            into[t][1].add(v)
                    for t in sorted(lay[i]):
                        qs, vs = into[t]
                        if i > 1:
                            clauses.append([2 * state[(i, t)] + 1]
                                           + [2 * state[(i - 1, q)] for q in sorted(qs)])
                        clauses.append([2 * state[(i, t)] + 1]
                                       + [2 * var(c, v) for v in sorted(vs)])
    return aux, groups, clauses, false
