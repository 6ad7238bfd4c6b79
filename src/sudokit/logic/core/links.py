"""Candidates as literals, strong and weak links as bitsets: the graph chains walk.

A *literal* is one candidate, numbered value-major (NC = number of cells):

    lit = (value - 1) * NC + cell          value = lit // NC + 1, cell = lit % NC

so "value v in the cells of a cell set S" is the literal set ``S << ((v - 1) * NC)``: one
shift turns a cell bitset into a literal bitset.  Group nodes (the places of a value in the
cells two units share: "v is in one of these cells") get numbers from N * NC upwards.

A chain alternates two kinds of implication; both are symmetric, so one table each:

    weak[x]     literals that x *on* turns off (x and y cannot both hold): the other
                candidates of x's cell, the same value in x's peers (Tables.peer_bits, so
                anti-knight and other extra pairs count), the geometry's weak links, and
                (aic, group) two candidates of one cage (or renban line) that no value set
                fitting its candidates holds together: a weak link from a sum is a weak link
    strong[x]   literals that x *off* turns on (x and y cannot both be false): the other
                candidate of a bivalue cell, the other place of a value with two places
                left in a full unit (a conjugate pair), and for groups the rest of a unit

A path in this graph alternates on and off by itself (weak leads from on to off, strong
from off to on).  "x on reaches x off" proves x false; "x off reaches x on" proves x true;
"a off reaches z on" proves a or z (an alternating inference chain).

    kind   weak links                 strong links           used by
    x      same value, peers          conjugate pairs        X-Chain
    xy     same value, peers          bivalue cells          XY-Chain
    aic    all                        all                    AIC, nice loops, static forcing
    group  all, plus group nodes      all, plus group nodes  grouped AIC and nice loops

The single-value families (simple colors, the two-link patterns, W-Wing) read one value's
conjugate pairs with their unit: ``strong_links(state, v)`` = [(u, a, b)], the full units
without v placed where v has exactly the two cells a < b.  The forcing chains' propagation
(core.propagate) numbers literals as here.

Rejected: a dict of Python sets per literal.  The layered breadth-first search ORs whole
neighbour sets (one int operation each) and masks the visited ones in one operation.
"""

from __future__ import annotations

from .. import _cfast
from .bits import cells_of, values_of
from .tables import join

__all__ = ["Graph", "graph", "closure", "Closure", "cell_value", "strong_links", "Walk",
           "lockstep", "length_penalty", "removed_text", "beyond_peers"]


def cell_value(lit: int, nc: int) -> tuple[int, int]:
    """(cell, value) of a literal (not of a group node)."""
    v, c = divmod(lit, nc)
    return c, v + 1


class Graph:
    """The links of one state for one kind (see the module docstring).

    nc, n       cells, size; cands: the literal set of every candidate
    weak, strong   lists indexed by node (0 where a node has no link)
    groups      [(cell bits, value)] of the group nodes (node n*nc + k is groups[k])
    starts      the candidate literals in the fixed search order (cell, then value)
    """

    __slots__ = ("kind", "nc", "n", "cands", "weak", "strong", "groups", "starts", "tables")

    def node(self, x: int) -> tuple:
        """(cells, value): a literal's cell as [cell], a group's cells as a sorted list."""
        base = self.n * self.nc
        if x >= base:
            cells, v = self.groups[x - base]
            return cells_of(cells), v
        c, v = cell_value(x, self.nc)
        return [c], v

    def is_group(self, x: int) -> bool:
        return x >= self.n * self.nc


def graph(state, kind: str) -> Graph:
    """The Graph of a state for kind 'x', 'xy', 'aic' or 'group' (cached on the state)."""
    key = ("links", kind)
    g = state._cache.get(key)
    if g is None:
        g = _build(state, kind)
        state._cache[key] = g
    return g


def beyond_peers(state) -> bool:
    """True when the state has weak links the C twins of the graph and its searches do
    not know (_cfast.links_known): cages and renban lines (their sums' weak links), or
    more links between cells than the C tables hold.  Such states build and search in
    Python; the geometry's links between cells (thermometers, dots, negative rules) are
    the C graph's too."""
    geom = state.geometry
    if not geom.links and not any(p[0] == "sets" for p in geom.propagators):
        return False
    return not _cfast.links_known(state)


def _build(state, kind: str) -> Graph:
    if not beyond_peers(state):
        h = _cfast.handle(state)
        if h is not None:
            return _from_c(state, kind, _cfast.C.logic_links_graph(h, _KINDS[kind]))
    return _build_py(state, kind)


def _from_c(state, kind: str, raw) -> Graph:
    """The Graph of the C twin's fields (sudokit/_c/logic_graph.c: the same nodes, links
    and group numbering as _build_py)."""
    t = state.tables
    g = Graph()
    g.kind, g.nc, g.n, g.tables = kind, t.ncells, t.n, t
    g.weak, g.strong, g.groups, g.starts, g.cands = raw
    return g


def _build_py(state, kind: str) -> Graph:
    t = state.tables
    n, nc = t.n, t.ncells
    cands = state.candidates
    vcells = state.value_cells()
    peer_bits = t.peer_bits
    links = state.geometry.cell_links
    all_weak = kind in ("aic", "group")
    cell_strong = kind != "x"
    state.where(0, 1)
    where_table = state._cache["where"]           # where[u][v]: State's own table
    size = n * nc
    weak = [0] * size
    strong = [0] * size
    cand_lits = 0
    starts = []
    for c in range(nc):
        m = cands[c]
        if not m:
            continue
        lits = []
        while m:
            low = m & -m
            lits.append((low.bit_length() - 1) * nc + c)
            m ^= low
        cellset = 0
        for x in lits:
            cellset |= 1 << x
        cand_lits |= cellset
        starts.extend(lits)
        for x in lits:
            b = x // nc
            w = (peer_bits[c] & vcells[b + 1]) << (b * nc)
            if all_weak:
                w |= cellset & ~(1 << x)
                if links:
                    for j, masks in links[c]:
                        for a in values_of(masks[b] & cands[j]):
                            w |= 1 << ((a - 1) * nc + j)
            weak[x] = w
        if cell_strong and len(lits) == 2:
            x, y = lits
            strong[x] = 1 << y
            strong[y] = 1 << x
    if all_weak:
        _add_sum_links(state, weak)
    if kind != "xy":                              # conjugate pairs of the full units
        for u in t.full:
            row = where_table[u]
            for v in range(1, n + 1):
                w = row[v]
                if w.bit_count() == 2:
                    lo = w & -w
                    hi = w ^ lo
                    shift = (v - 1) * nc
                    x = lo.bit_length() - 1 + shift
                    y = hi.bit_length() - 1 + shift
                    strong[x] |= 1 << y
                    strong[y] |= 1 << x
    g = Graph()
    g.kind, g.nc, g.n, g.cands, g.tables = kind, nc, n, cand_lits, t
    g.weak, g.strong, g.starts, g.groups = weak, strong, starts, []
    if kind == "group":
        _add_groups(state, g, vcells)
    return g


def _add_sum_links(state, weak: list) -> None:
    """The weak links of the cages and renban lines (the geometry's "sets" rules): two
    candidates of two of its open cells that no value set fitting the cells' candidates
    holds together (core.fit) cannot both hold."""
    from .fit import fitting
    cands, values, nc = state.candidates, state.values, state.tables.ncells
    for prop in state.geometry.propagators:
        if prop[0] != "sets":
            continue
        cells = prop[1]
        doms = [cands[c] or (1 << (values[c] - 1) if values[c] else 0) for c in cells]
        fit = fitting(doms, prop[2])[0]
        together = {}                         # value -> the values some fitting set adds
        for s in fit:
            for a in values_of(s):
                together[a] = together.get(a, 0) | s
        open_ = [c for c in cells if cands[c]]
        for i, ci in enumerate(open_):
            for cj in open_[i + 1:]:
                for a in values_of(cands[ci]):
                    x = (a - 1) * nc + ci
                    for b in values_of(cands[cj] & ~together.get(a, 0) & ~(1 << (a - 1))):
                        y = (b - 1) * nc + cj
                        weak[x] |= 1 << y
                        weak[y] |= 1 << x


def _add_groups(state, g: Graph, vcells) -> None:
    """Group nodes: the places (>= 2) of a value in the cells of a crossing of two units,
    kept when they have a strong link (a group without one ends every chain it enters)."""
    t = state.tables
    n, nc = g.n, g.nc
    where = state._cache["where"]
    found = {}
    for u1, u2, common in t.crossings:
        row = where[u1]
        for v in range(1, n + 1):
            cells = row[v] & common
            if cells & (cells - 1):
                found.setdefault((cells, v), set()).update((u1, u2))
    if not found:
        return
    pairs = []                               # (group key, partner: group key or literal)
    for (cells, v), units in found.items():
        for u in sorted(units):
            rest = where[u][v] & ~cells
            if not rest:
                continue
            if not rest & (rest - 1):
                pairs.append(((cells, v), rest.bit_length() - 1 + (v - 1) * nc))
            elif (rest, v) in found:
                pairs.append(((cells, v), (rest, v)))
    index = {}
    for key, other in pairs:
        for k in (key, other):
            if isinstance(k, tuple) and k not in index:
                index[k] = n * nc + len(g.groups)
                g.groups.append(k)
    if not index:
        return
    g.weak.extend([0] * len(g.groups))
    g.strong.extend([0] * len(g.groups))
    for key, other in pairs:
        x = index[key]
        y = index[other] if isinstance(other, tuple) else other
        g.strong[x] |= 1 << y
        g.strong[y] |= 1 << x
    peer_bits = t.peer_bits
    seen_by = {}
    for (cells, v), x in index.items():
        sees = -1
        for c in cells_of(cells):
            sees &= peer_bits[c]
        sees &= ~cells
        seen_by[x] = sees
        w = (sees & vcells[v]) << ((v - 1) * nc)
        g.weak[x] |= w
        for y in cells_of(w):
            g.weak[y] |= 1 << x
    by_value = {}
    for (cells, v), x in index.items():
        by_value.setdefault(v, []).append((cells, x))
    for same in by_value.values():
        for cells, x in same:
            for other, y in same:
                if y != x and not other & ~seen_by[x]:
                    g.weak[x] |= 1 << y


def strong_links(state, v: int):
    """[(u, a, b)]: full units (no v placed) where v has exactly the two cells a < b."""
    cache = state._cache
    key = ("strong-links", v)
    found = cache.get(key)
    if found is None:
        t = state.tables
        bit = 1 << (v - 1)
        placed = state.placed_masks()
        found = []
        for u in t.full:
            where = state.where(u, v)
            if where.bit_count() != 2 or placed[u] & bit:
                continue
            a = (where & -where).bit_length() - 1
            found.append((u, a, where.bit_length() - 1))
        cache[key] = found
    return found


def removed_text(t, pairs) -> str:
    """'2 and 6 are removed from r8c8, and 3 from r1c1 and r2c2' of (cell, value) pairs
    (values that leave the same cells named together)."""
    by_cell = {}
    for c, v in pairs:
        by_cell.setdefault(c, []).append(v)
    by_values = {}
    for c, vs in sorted(by_cell.items()):
        by_values.setdefault(tuple(sorted(vs)), []).append(c)
    parts = sorted(by_values.items(), key=lambda kv: (kv[0], kv[1]))
    words = []
    for i, (vs, cs) in enumerate(parts):
        verb = ("is" if len(vs) == 1 else "are") + " removed " if i == 0 else ""
        words.append(f"{t.values(list(vs))} {verb}from {t.names(cs)}")
    return join(words, ", and ")


def length_penalty(length: int, exact: bool = False) -> float:
    """Sudoku Explainer's rating added for a chain of this length (nodes - 2): 0.1 per
    threshold 4, 6, 8, 12, 16, ... below it; rounded to 0.1 unless exact (SE's own sum of
    doubles, whose ties SE's order reads)."""
    added, ceil, odd = 0.0, 4, False
    while length > ceil:
        added += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added if exact else round(added, 1)


class Walk:
    """Alternating breadth-first search from one node: layers[k] is the node set first
    reached after k links (polarity: start's when k is even)."""

    __slots__ = ("start", "on", "layers", "seen", "frontier")

    def __init__(self, start: int, on: bool):
        self.start, self.on = start, on
        self.layers = [1 << start]
        self.seen = [0, 0]                # [off, on]
        self.seen[on] = 1 << start
        self.frontier = 1 << start

    def expand(self, g) -> "tuple[int, int]":
        """One more layer: (all nodes reached from the frontier, the new ones); the
        polarity of the new layer is that of len(layers) - 1 after the call."""
        from_on = self.on == (len(self.layers) % 2 == 1)
        table = g.weak if from_on else g.strong
        reached = 0
        x = self.frontier
        while x:
            low = x & -x
            reached |= table[low.bit_length() - 1]
            x ^= low
        to_on = not from_on
        new = reached & ~self.seen[to_on]
        self.seen[to_on] |= new
        self.layers.append(new)
        self.frontier = new
        return reached, new

    def polarity(self, k: int) -> bool:
        return self.on == (k % 2 == 0)

    def path(self, g, k: int, node: int) -> list:
        """[(node, on)] from the start to node, reached at layer k (shortest, lowest ids)."""
        out = [(node, self.polarity(k))]
        for j in range(k - 1, -1, -1):
            pred_on = self.polarity(j)
            link = g.weak if pred_on else g.strong
            node = (self.layers[j] & link[node] & -(self.layers[j] & link[node])).bit_length() - 1
            out.append((node, pred_on))
        out.reverse()
        return out


def lockstep(walks, g, max_layers: int = 10_000):
    """Expand every walk one layer at a time; yield (k, [(walk, reached, new)]) per layer."""
    live = list(walks)
    k = 0
    while live and k < max_layers:
        k += 1
        layer = []
        for w in live:
            reached, new = w.expand(g)
            layer.append((w, reached, new))
        yield k, layer
        live = [w for w, _, new in layer if new]


class Closure:
    """Everything each node implies, for every node of a Graph at once.

    Nodes: x (x on) and x + S (x off), S = len(g.weak).  reach[node] is the set of nodes
    reachable from node in one link or more, as one int over 2*S bits (on nodes low,
    off nodes high).  false: literals x with "x on => x off" (they can be eliminated);
    true: literals with "x off => x on" (they can be placed); looped: on nodes on a cycle.
    """

    __slots__ = ("size", "reach", "false", "true", "looped")

    def on_set(self, node: int) -> int:
        return self.reach[node] & ((1 << self.size) - 1)

    def off_set(self, node: int) -> int:
        return self.reach[node] >> self.size


class _CClosure:
    """A Closure whose false, true and looped sets come from the C twin
    (sudokit/_c/logic_graph.c; looped: literals only, the only nodes read from it); size
    and reach are the pure closure's, computed when first read."""

    __slots__ = ("false", "true", "looped", "_state", "_kind", "_full")

    def __init__(self, state, kind, raw):
        self.false, self.true, self.looped = (int.from_bytes(b, "little") for b in raw)
        self._state, self._kind, self._full = state, kind, None

    def _pure(self) -> Closure:
        if self._full is None:
            self._full = _closure(self._state, self._kind)
        return self._full

    @property
    def size(self) -> int:
        return self._pure().size

    @property
    def reach(self) -> list:
        return self._pure().reach

    def on_set(self, node: int) -> int:
        return self._pure().on_set(node)

    def off_set(self, node: int) -> int:
        return self._pure().off_set(node)


_KINDS = {"x": 0, "xy": 1, "aic": 2, "group": 3}


def closure(state, kind: str) -> Closure:
    """The Closure of graph(state, kind) (cached on the state): Tarjan's strongly
    connected components, then the reach of each component, sinks first.  With the C
    finders (a grid of at most 128 cells, links the C tables know: beyond_peers) the false, true
    and looped sets come from C and the rest is computed when read."""
    key = ("closure", kind)
    cl = state._cache.get(key)
    if cl is not None:
        return cl
    if not beyond_peers(state):
        raw = _cfast.call(state, "logic_closure", _KINDS[kind])
        if raw is not None:
            cl = state._cache[key] = _CClosure(state, kind, raw)
            return cl
    cl = state._cache[key] = _closure(state, kind)
    return cl


def store_closure(state, kind: str, raw) -> None:
    """Cache the C twin's verdict sets raw (false, true, looped: little-endian bytes over the
    literals, as logic_closure gives them) as closure(state, kind), unless one is cached."""
    key = ("closure", kind)
    if key not in state._cache:
        state._cache[key] = _CClosure(state, kind, raw)


def _closure(state, kind: str) -> Closure:
    """The pure closure of graph(state, kind) (see closure)."""
    g = graph(state, kind)
    size = len(g.weak)
    weak, strong = g.weak, g.strong
    nodes = g.starts + [g.n * g.nc + k for k in range(len(g.groups))]
    linked = 0                       # nodes with a strong link: chains go on from them
    for x in nodes:
        if strong[x]:
            linked |= 1 << x
    direct = [0] * (2 * size)        # every successor, as reach bits
    succ = [0] * (2 * size)          # the successors a chain can go on from
    for x in nodes:
        w = weak[x]
        direct[x] = w << size
        succ[x] = (w & linked) << size
        direct[x + size] = succ[x + size] = strong[x]
    index = [0] * (2 * size)         # 0: not visited; else visit number
    low = [0] * (2 * size)
    comp = [-1] * (2 * size)
    reach_of = []                    # per component
    stack, counter = [], 1
    for root in nodes + [x + size for x in nodes]:
        if index[root]:
            continue
        vs, rests = [root], [succ[root]]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        while vs:
            rest = rests[-1]
            if rest:
                bit = rest & -rest
                rests[-1] = rest ^ bit
                s = bit.bit_length() - 1
                if not index[s]:
                    index[s] = low[s] = counter
                    counter += 1
                    stack.append(s)
                    vs.append(s)
                    rests.append(succ[s])
                elif comp[s] < 0 and index[s] < low[vs[-1]]:
                    low[vs[-1]] = index[s]
                continue
            v = vs.pop()
            rests.pop()
            if vs and low[v] < low[vs[-1]]:
                low[vs[-1]] = low[v]
            if low[v] == index[v]:
                c = len(reach_of)
                r = out = 0
                while True:
                    w = stack.pop()
                    comp[w] = c
                    r |= direct[w]
                    out |= succ[w]
                    if w == v:
                        break
                while out:
                    bit = out & -out
                    s = bit.bit_length() - 1
                    out ^= bit
                    if comp[s] != c:
                        r |= reach_of[comp[s]]
                reach_of.append(r)
    cl = Closure()
    cl.size = size
    reach = [0] * (2 * size)
    false = true = looped = 0
    for x in nodes:
        reach[x] = ro = reach_of[comp[x]]
        reach[x + size] = rf = reach_of[comp[x + size]]
        if ro >> (x + size) & 1:
            false |= 1 << x
        if rf >> x & 1:
            true |= 1 << x
        if ro >> x & 1:
            looped |= 1 << x
    cl.reach, cl.false, cl.true, cl.looped = reach, false & g.cands, true & g.cands, looped
    return cl
