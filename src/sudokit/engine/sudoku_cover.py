"""Sudoku as an exact-cover problem, solved by the generic engine in exact_cover.

Any geometry (geometry.py) is a generalized sudoku in Knuth's sense (TAOCP 7.2.2.1): one
option "put v in cell c" per allowed (cell, value), covering these items:

    primary (exactly once)
      0 .. N*N-1                      cell c is filled                   c
      N*N + u*N + v-1   (u < nfull)   full unit u holds value v           (N cells: once)
    secondary (at most once)
      N*N + u*N + v-1   (u >= nfull)  smaller unit u holds value v        (a killer cage, ...)
      P + k*N + v-1                   pair k (geometry.pairs) holds v     P = N*N + nunits*N
      L + s                           star s of a weak link (below)       L = P + npairs*N

An option lists its items in that order: the cell, its units ascending, its pairs (partner
cells ascending), its weak-link stars (partner cells ascending).  Classic grids have the
units rows 0..N-1, cols N..2N-1, boxes 2N..3N-1 and nothing else, so the cover is the
classic one, unchanged: 4*N*N primary items, cell, row r value v (N*N + r*N + v-1), col c
value v (2*N*N + c*N + v-1), box b value v (3*N*N + b*N + v-1); 9x9 has 324 items.

Weak links ("cell i = a excludes cell j = b", geometry.links, stored both ways): one
secondary item per *star*, not per excluded combination.  For each linked pair of cells
i < j and each value a of i that excludes some values B of j, the star (i, a) is an item
in the option "a in i" and in every option "b in j", b in B.  At most one of them can be
chosen, which is exactly the rule: the options "b in j" exclude one another anyway (each
covers the primary item of cell j), so grouping them adds no constraint.  Against the
encoding with one item per excluded combination (i=a, j=b) it makes no option longer
(the option "a in i" carries one item instead of |B|, the options of j as many as before)
and the items fewer, with the same search tree: two options share an item in one encoding
exactly when they do in the other, so every choice hides the same options.  Stars are
numbered in the order of geometry.links (i ascending, then j, then a).  (Rejected for
"cannot be equal" pairs: a clique cover -- one item per set of mutually unequal cells --
would shorten anti-king options, but needs a clique search both twins must replay
identically, and gains nothing on anti-knight, whose pairs form no triangle; one item per
(pair, value) is the plain encoding: an option carries one item per pair partner.)

Options ruled out by the givens are never built: a given cell has one option (its value),
an empty cell one per value that no given in its units or pairs uses and that no given's
weak link excludes -- so 9x9 has at most 729 options.  (Rejected: removing the givens'
items up front.  It saves a few nodes but makes clashing givens a special case; with one
option per given a clash is simply an uncoverable item, or two chosen options sharing a
secondary item.)  Secondary items are never branched on, so their numbering changes no
node count; the primary numbering and the option order fix the search tree.

Candidates (pencil marks): ``candidates`` is None or N*N bitmasks, bit v-1 set when value v
is allowed in the cell.  An option "v in (r, c)" whose v is not a candidate of the cell is
not built either, so the search runs exactly under the marks; a given whose value is not a
candidate of its cell leaves that cell with no option (no solution), like a cell with no
candidate at all.  Masks equal to the givens' own implications build the very same matrix.

Rules over many cells (geometry.propagators, see engine._propagators) add items and options
after all of the above; the items of the classic part keep their order, the secondary ones
moving up past the new primary items:

    "mask" (even, odd)   no item: an option "v in c" with v outside the mask is not built
    "sets" (cages with a total, renban), for each such rule k in order
      primary  k          one of its sets is chosen
      primary  (k, v)     value v is in a cell of the rule, or outside the chosen set
      options  "v in c", c in the rule, also cover (k, v); one option per set S (masks
               ascending) covers k and (k, v) for every v not in S.  The values of the cells
               are then all different and are exactly S.
    "sum" and "sandwich" (arrows, little killers, sandwiches): the rule's automaton
      (_propagators.layers: states after 0..m of its m cells) as a path, for each rule k:
      primary  (k, start)            the path leaves the start
      primary  arr(k,i,q), dep(k,i,q) for i in 1..m-1 and q a live state after i cells:
                                     the path arrives at / departs from q
      secondary val(k,i,w)           (w = 1..N) colour of the i-th cell as the path reads it
      options  step i from q with value v to t: covers (k, start) when i = 1, else
               dep(k,i-1,q); arr(k,i,t) when i < m; val(k,i,v).  One "skip" option per
               (i, q) covers arr(k,i,q) and dep(k,i,q): a state is left exactly when it is
               reached.  "w in c" with c the i-th cell covers val(k,i,x) for every x != w,
               so the step read at i must be the cell's value.
               Order: steps by i, q, v; then the skips by i, q.

The C twin (_c/dlx.c, sk_dlx_sudoku) builds the same items, options and order from the
geometry's flat tables, so both give the same counts, first solution and nodes; for rules
over many cells the cover is built here and searched by the C exact-cover engine.
"""

from __future__ import annotations

from typing import Iterator, NamedTuple

from ..geometry import split_args, split_generator_args

__all__ = ["Cover", "build_cover", "decode", "dlx", "dlx_solutions"]


class Cover(NamedTuple):
    """An exact-cover problem for exact_cover.dlx_count, and what each option means."""

    n_primary: int
    n_secondary: int
    option_starts: list
    option_items: list
    meaning: list  # option k puts value meaning[k][1] in cell meaning[k][0] (None: a rule's)


class _Layout(NamedTuple):
    """A geometry's item numbering (see the module doc), built once per geometry."""

    n_primary: int
    n_secondary: int
    bases: tuple      # bases[c]: item of "v in c" is base + v-1, for its units then its pairs
    stars: tuple      # stars[c]: None, or per value v-1 the tuple of star items of "v in c"
    extra: tuple      # extra[c]: c has pairs or weak links (givens rule out more than units)
    table: "tuple | None"   # table[c][v-1]: the items of "v in c"; None past _TABLE_OPTIONS


_LAYOUTS: dict = {}
# Item tuples of every option are kept per geometry up to this many options (25x25: 15,625;
# 3 MB), which builds a 9x9 cover about 1.6x faster than computing them per call; larger
# grids (64x64: 262,144 options, ~50 MB) compute them per call instead.
_TABLE_OPTIONS = 16384


def _layout(geom) -> _Layout:
    """Return geom's item numbering (cached: geometries are interned)."""
    lay = _LAYOUTS.get(geom)
    if lay is not None:
        return lay
    n, nn = geom.size, geom.ncells
    pair_base = nn + len(geom.units) * n
    pair_id = {pair: k for k, pair in enumerate(geom.pairs)}
    bases = []
    for c in range(nn):
        b = [nn + u * n for u in geom.cell_units[c]]
        b += [pair_base + pair_id[(min(c, p), max(c, p))] * n for p in geom.pair_peers[c]]
        bases.append(tuple(b))
    star_base = pair_base + len(geom.pairs) * n
    star = {}  # (i, j, a) -> item, for i < j
    for i, j, masks in geom.links:
        if i < j:
            for a, m in enumerate(masks, 1):
                if m:
                    star[(i, j, a)] = star_base + len(star)
    stars = []
    for c in range(nn):
        if not geom.cell_links[c]:
            stars.append(None)
            continue
        per_value = []
        for v in range(1, n + 1):
            items = []
            for j, masks in geom.cell_links[c]:
                m = masks[v - 1]
                if c < j:
                    if m:
                        items.append(star[(c, j, v)])
                else:  # the stars (j, a) of the values a of j that v in c excludes
                    items += [star[(j, c, a)] for a in range(1, n + 1) if m >> (a - 1) & 1]
            per_value.append(tuple(items))
        stars.append(tuple(per_value))
    extra = tuple(bool(geom.pair_peers[c] or geom.cell_links[c]) for c in range(nn))
    lay = _Layout(nn + geom.nfull * n, star_base + len(star) - nn - geom.nfull * n,
                  tuple(bases), tuple(stars), extra, None)
    if nn * n <= _TABLE_OPTIONS:
        lay = lay._replace(table=tuple(tuple(_option(lay, c, v) for v in range(1, n + 1))
                                       for c in range(nn)))
    _LAYOUTS[geom] = lay
    return lay


def _option(lay: _Layout, cell: int, v: int) -> tuple:
    """The items of the option "v in cell": the cell, its units and pairs, its stars."""
    v1 = v - 1
    stars = lay.stars[cell]
    return (cell,) + tuple(b + v1 for b in lay.bases[cell]) + (stars[v1] if stars else ())


def _blocked_more(geom, values: bytes, cell: int) -> int:
    """The values (bit v-1) of cell that given pair partners and linked givens rule out."""
    blocked = 0
    for p in geom.pair_peers[cell]:
        if values[p]:
            blocked |= 1 << (values[p] - 1)
    for j, masks in geom.cell_links[cell]:
        w = values[j]
        if w:  # the values a of cell with w in masks[a-1]
            for a, m in enumerate(masks):
                if m >> (w - 1) & 1:
                    blocked |= 1 << a
    return blocked


class _Extra(NamedTuple):
    """The items and options the rules over many cells add (module doc), per geometry."""

    n_primary: int        # new primary items, numbered from the classic part's n_primary
    n_secondary: int      # new secondary items, after every other one
    cell_items: tuple     # cell_items[c][v-1]: the new items of "v in c" (numbered as above)
    masks: tuple          # masks[c]: values "mask" rules allow in c
    options: tuple        # the rule options, each a tuple of items


_EXTRAS: dict = {}


def _extra(geom) -> _Extra:
    """The rules over many cells of geom as items and options (cached per geometry)."""
    got = _EXTRAS.get(geom)
    if got is not None:
        return got
    from ._propagators import layers
    n, nn = geom.size, geom.ncells
    full = (1 << n) - 1
    first = nn + geom.nfull * n            # the first new primary item
    prim = 0
    sec = []                               # new secondary items: (k, i) -> base of val items
    cell_items = [[[] for _ in range(n)] for _ in range(nn)]
    masks = [full] * nn
    pending = []                           # (kind, data) to number options once prim is known
    for kind, cells, data in geom.propagators:
        if kind == "mask":
            for c in cells:
                masks[c] &= data
        elif kind == "sets":
            item_k = first + prim
            for c in cells:
                for v in range(n):
                    cell_items[c][v].append(item_k + 1 + v)
            pending.append(("sets", [(item_k,) + tuple(item_k + 1 + v for v in range(n)
                                                       if not s >> v & 1) for s in data]))
            prim += 1 + n
        else:
            lay = layers((kind, cells, data), n)
            m = len(cells)
            start = first + prim
            prim += 1
            node = {}                      # (i, q) -> (arr item, dep item), 1 <= i < m
            for i in range(1, m):
                for q in sorted(lay[i]):
                    node[(i, q)] = (first + prim, first + prim + 1)
                    prim += 2
            vals = []
            for i, c in enumerate(cells):
                vals.append(len(sec))
                sec.append(None)
                for w in range(n):
                    cell_items[c][w].append(("val", vals[i], w))
            steps = []
            for i in range(1, m + 1):
                for q in sorted(lay[i - 1]):
                    for v, t in sorted(lay[i - 1][q].items()):
                        head = (start,) if i == 1 else (node[(i - 1, q)][1],)
                        arrive = (node[(i, t)][0],) if i < m else ()
                        steps.append(head + arrive + (("val", vals[i - 1], v - 1),))
            skips = [pair for _, pair in sorted(node.items())]
            pending.append(("path", steps + skips))
    # new secondary items follow every other one (the classic secondaries shift by prim)
    lay0 = _layout(geom)
    secondary_base = lay0.n_primary + prim + lay0.n_secondary

    def number(item):                      # ("val", slot, w): the item val(slot, w)
        return secondary_base + item[1] * n + item[2] if type(item) is tuple else item

    options = [tuple(number(x) for x in opt) for _, opts in pending for opt in opts]
    cells_out = []
    for c in range(nn):
        per_value = []
        for v in range(n):
            items = []
            for x in cell_items[c][v]:
                if type(x) is tuple:       # "v in c" colours the slot with every other value
                    items += [secondary_base + x[1] * n + w for w in range(n) if w != v]
                else:
                    items.append(x)
            per_value.append(tuple(items))
        cells_out.append(tuple(per_value))
    got = _Extra(prim, len(sec) * n, tuple(cells_out), tuple(masks), tuple(options))
    _EXTRAS[geom] = got
    return got


def build_cover(values: bytes, *args) -> Cover:
    """Return the Cover of a puzzle: (n_primary, n_secondary, option_starts, option_items, meaning).

    args: (geometry, candidates=None) or the classic (box_rows, box_cols, candidates=None).
    candidates: None, or N*N bitmasks (trusted: checked by the caller) limiting each cell.
    """
    geom, *rest = split_args(args)
    candidates = rest[0] if rest else None
    lay = _layout(geom)
    cell_units, extra, table = geom.cell_units, lay.extra, lay.table
    used = [0] * len(geom.units)  # values given in each unit (bit v-1)
    for cell, v in enumerate(values):
        if v:
            bit = 1 << (v - 1)
            for u in cell_units[cell]:
                used[u] |= bit
    all_values = range(1, geom.size + 1)
    ext = _extra(geom) if geom.propagators else None
    p0 = lay.n_primary
    starts = [0]
    items: list[int] = []
    meaning: list[tuple[int, int]] = []
    for cell in range(geom.ncells):
        given = values[cell]
        if given:
            choices = (given,)
        else:
            b = 0
            for u in cell_units[cell]:
                b |= used[u]
            if extra[cell]:
                b |= _blocked_more(geom, values, cell)
            choices = [v for v in all_values if not b >> (v - 1) & 1]
        if candidates is not None:
            mask = candidates[cell]
            choices = [v for v in choices if mask >> (v - 1) & 1]
        if ext is not None:
            mask = ext.masks[cell]
            choices = [v for v in choices if mask >> (v - 1) & 1]
        row = table[cell] if table is not None else None
        for v in choices:
            opt = row[v - 1] if row is not None else _option(lay, cell, v)
            if ext is None:
                items += opt
            else:   # the classic secondaries move up past the new primary items
                items += [x if x < p0 else x + ext.n_primary for x in opt]
                items += ext.cell_items[cell][v - 1]
            starts.append(len(items))
            meaning.append((cell, v))
    if ext is None:
        return Cover(lay.n_primary, lay.n_secondary, starts, items, meaning)
    for opt in ext.options:
        items += opt
        starts.append(len(items))
        meaning.append(None)
    return Cover(p0 + ext.n_primary, lay.n_secondary + ext.n_secondary, starts, items,
                 meaning)


def decode(chosen, meaning, ncells: int) -> bytes:
    """Return the grid (bytes) spelled by a list of chosen option indices."""
    out = bytearray(ncells)
    for k in chosen:
        if meaning[k] is not None:     # (None: an option of a rule over many cells)
            cell, v = meaning[k]
            out[cell] = v
    return bytes(out)


def dlx(values: bytes, *args, engine=None, candidates=None):
    """Return (count up to limit, first solution or None, nodes, stopped) by dancing links.

    args: (geometry, limit=1, node_limit=0) or the classic (box_rows, box_cols, limit=1,
    node_limit=0); geometry is a geometry.Geometry (not a C tables handle).  engine: the
    exact-cover kernel (exact_cover.dlx_count, or its C twin _ckernels.dlx_count: same
    nodes); candidates: see build_cover.
    """
    geom, *rest = split_args(args)
    limit, node_limit = (rest + [1, 0][len(rest):])[:2]
    if engine is None:
        from .exact_cover import dlx_count as engine
    cover = build_cover(values, geom, candidates)
    count, first, nodes, stopped = engine(cover.n_primary, cover.n_secondary,
                                          cover.option_starts, cover.option_items, limit,
                                          node_limit)
    solution = decode(first, cover.meaning, len(values)) if first is not None else None
    return count, solution, nodes, stopped


def dlx_solutions(values: bytes, *args, node_limit: int = 0, counter: list | None = None,
                  candidates=None) -> Iterator[bytes]:
    """Yield every solution (bytes) found by dancing links; raises KernelStop at the node limit.

    args: (geometry, node_limit=0, counter=None) or (box_rows, box_cols, node_limit, counter).
    counter[0] accumulates the nodes (as in _kernels), the last ones too when the search ends.
    """
    from .exact_cover import NodeLimitReached, dlx_solutions as cover_solutions
    from ._kernels import KernelStop
    geom, node_limit, counter = split_generator_args(args, node_limit, counter)
    if counter is None:
        counter = [0]
    base = counter[0]
    cover = build_cover(values, geom, candidates)
    gen = cover_solutions(cover.n_primary, cover.n_secondary, cover.option_starts,
                          cover.option_items, node_limit)
    try:
        for chosen in gen:
            counter[0] = base + gen.nodes
            yield decode(chosen, cover.meaning, len(values))
    except NodeLimitReached as stop:
        counter[0] = base + stop.nodes
        raise KernelStop(counter[0]) from None
    counter[0] = base + gen.nodes   # the nodes after the last solution count too
