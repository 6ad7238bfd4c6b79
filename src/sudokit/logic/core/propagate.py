"""Assume and propagate: assume a candidate true (or false) and follow every consequence.

The one propagation engine of the forcing techniques (logic.techniques.forcing), and the
one home of the rules a propagation runs when singles run dry ("plus"), which Sudoku
Explainer's nested chains (logic.se) call too, with SE's order.  Plain data in, plain data
out, so a C kernel can take it with the same results (_c/logic/propagate.c, _c/logic/propagate_record.c):

    Context (one per state)
      n, nc             size, cells
      peer_bits[c]      cells that cannot share a value with c (a cell bitset)
      cell_full[c]      positions (0..F-1) of the full units of c
      unit_bits[p]      cells of full unit position p; placed[p]: values placed there
      base_cands[c]     candidate masks (bit b = value b + 1)
      base_vcells[b]    cells where value b + 1 is a candidate
      base_where[p*n+b] cells of unit p where value b + 1 is a candidate
    Branch (one per assumption)
      the three arrays above, copied and updated; on/off: {literal: (seq, reason)}
      (literal = b * nc + cell, as in core.links); contra: None or the contradiction

Rules of propagation (each literal recorded once, with the first reason found):

    x on    every other candidate of its cell off (reason "cell"), its value off in every
            peer ("peer") and in the cells the geometry's weak links name ("link")
    x off   a cell left with one candidate: that one on ("naked"); a full unit left with
            one place for the value: that place on ("hidden", unit position)
    sums    when singles run dry (with y): the first rule over many cells that narrows the
            branch's candidates (a cage keeps the values of the sets that fit, core.fit; a
            sum, little killer or sandwich keeps what engine._propagators.prune leaves):
            what it removes goes off ("rule", its words, the branch's removals in its cells)
    plus    when singles run dry: locked candidates, hidden pairs, X-Wings on rows and
            columns, naked pairs ("rule", name, parents); the four finders and the order
            argument that makes them sudokit's or SE's are described at "the plus rules"
    nested  when those run dry too and depth > 0: every candidate y of the branch (cells
            with the fewest candidates first) whose own branch, one level down, ends in a
            contradiction goes off ("nested", that branch); then propagation resumes

Contradictions: a cell with no candidate left, a full unit with no place for a value it
lacks, a literal both on and off.

Without "y" links (Nishio) only the assumed value moves: its peers, then hidden singles.

Representation.  A branch is three flat int lists (candidates, the cells of each value,
the places of each value in each full unit), copied from its origin once; the where table
is what makes hidden singles and the plus rules one index each.  Rejected: a State per
branch (place/eliminate copy two tuples and rebuild the where table each time), and
core.board.Board with mark/undo: its trail keeps candidates only, so the where table and
the value cells would need trails of their own, and a branch's origin must stay readable
(the reasons and the nested branches read it after the branch ends).  Measured on 9x9
(the shared test machine, loaded): copying the three lists, 4.5 us a branch; a trail, 0.7 us
a change (40 Board.eliminate calls: 57 us marked and undone, 30 us unmarked), and a singles
branch changes tens of candidates.
"""

from __future__ import annotations

from .. import _cfast
from .._budget import check
from .bits import cells_of, value_cells, values_of
from ...engine._propagators import prune
from .fit import fitting
from .tables import SE

__all__ = ["Context", "Branch", "context", "propagate", "resume", "extend", "ancestors",
           "nishio", "from_record", "locked", "hidden_pairs", "naked_pairs", "x_wings",
           "se_plus_rules"]


class Context:
    __slots__ = ("n", "nc", "peer_bits", "cell_full", "unit_bits", "unit_cells", "unit_ids",
                 "placed", "links", "cross_of", "lines", "base_cands", "base_vcells",
                 "base_where", "tables", "open_units", "only", "line_of", "locked_at",
                 "pair_at", "fish_at", "naked_at", "cages", "fixed", "oracle")


_GEOMETRY = ("tables", "n", "nc", "peer_bits", "unit_ids", "unit_bits", "unit_cells",
             "cell_full", "links", "cross_of", "lines", "line_of", "locked_at", "pair_at",
             "fish_at", "naked_at")
_TABLES: dict = {}      # Tables -> the geometry's part of a Context (with its cell links)


def _geometry_part(state) -> tuple:
    """The fields of a Context that depend on the geometry only (in _GEOMETRY's order),
    then the units that partition the cells (the rows when they do, else None), computed
    once per geometry."""
    t = state.tables
    links = state.geometry.cell_links
    key = t
    got = _TABLES.get(key)
    if got is not None and got[8] is links:
        return got
    n, nc = t.n, t.ncells
    pos_of = {u: p for p, u in enumerate(t.full)}
    cross = [[] for _ in t.full]
    for u1, u2, common in t.crossings:
        p1, p2 = pos_of[u1], pos_of[u2]
        cross[p1].append((p2, common))
        cross[p2].append((p1, common))
    rows = [pos_of[u] for u in t.rows if u in pos_of]
    cols = [pos_of[u] for u in t.cols if u in pos_of]
    lines = (rows, cols) if len(rows) == n and len(cols) == n else None
    cover = 0
    for u in t.rows:
        cover = -1 if cover & t.unit_bits[u] else cover | t.unit_bits[u]
    partition = tuple(t.rows) if cover == (1 << nc) - 1 else None
    line_of = {p: k for k, ps in enumerate(lines or ()) for p in ps}
    # sudokit's order of the plus rules, one entry per where index j = p * n + b (per
    # cell for naked pairs), built once: the branches' rules look up their changed ones
    values = range(n)
    entries = [divmod(j, n) for j in range(len(t.full) * n)]
    locked_at = [(p * n + b, b, cross[p]) for p, b in entries]
    pair_at = [(p, b, values) for p, b in entries]
    fish_at = [None if p not in line_of else
               (p, b, lines[line_of[p]], line_of[p] == 0) for p, b in entries]
    got = (t, n, nc, t.peer_bits, t.full, [t.unit_bits[u] for u in t.full],
           [tuple(t.units[u]) for u in t.full],
           [tuple(pos_of[u] for u in us) for us in t.cell_full], links, cross, lines,
           line_of, locked_at, pair_at, fish_at,
           [tuple((c, pos_of[u], tuple(t.units[u])) for u in t.cell_full[c])
            for c in range(nc)], partition)
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[key] = got
    return got


def context(state) -> Context:
    """The Context of a state (cached on it)."""
    ctx = state._cache.get("dyn")
    if ctx is not None:
        return ctx
    ctx = Context()
    part = _geometry_part(state)
    for name, value in zip(_GEOMETRY, part):
        setattr(ctx, name, value)
    t, n = ctx.tables, ctx.n
    masks = state.placed_masks()
    ctx.placed = [masks[u] for u in t.full]
    cands = list(state.candidates)
    ctx.base_cands = cands
    table = state.where_table()                  # where[u][v], v = 1..n
    if part[-1] is not None:                     # units that partition the cells
        vcells = [0] * n
        for u in part[-1]:
            row = table[u]
            for b in range(n):
                vcells[b] |= row[b + 1]
    else:
        vcells = state.value_cells()[1:]
    ctx.base_vcells = vcells
    ctx.base_where = [w for u in t.full for w in table[u][1:]]
    ctx.open_units = [[p for p in range(len(t.full)) if not ctx.placed[p] >> b & 1]
                      for b in range(n)]
    only = [0] * n
    for c, m in enumerate(cands):
        if m and not m & (m - 1):
            only[m.bit_length() - 1] |= 1 << c
    ctx.only = only
    # the rules over many cells that propagation follows (cages, sums, sandwiches), with
    # the words of their reason; placed cells' values as masks (their candidates are 0)
    ctx.cages = tuple((prop, _RULE_WORDS[prop[0]] + t.names(list(prop[1])))
                      for prop in state.geometry.propagators if prop[0] in _RULE_WORDS)
    ctx.fixed = [1 << (v - 1) if v else 0 for v in state.values]
    # the C context of the same state's branches (sudokit._ckernels.logic_dyn), which the
    # nesting rule asks first: None until the forcing chains look it up, False when there
    # is none (logic.techniques.forcing._context)
    ctx.oracle = None
    state._cache["dyn"] = ctx
    return ctx


class Branch:
    """One assumption's consequences (see the module docstring)."""

    __slots__ = ("cands", "vcells", "where", "on", "off", "oncells", "contra", "seq",
                 "origin", "queue", "pend", "mark", "ctx")

    def __init__(self, cands, vcells, where, origin):
        self.cands, self.vcells, self.where = cands, vcells, where
        self.on, self.off = {}, {}
        self.oncells = 0
        self.contra = None
        self.seq = 0
        self.origin = origin            # (cands, vcells, where) the branch started from
        self.queue = []
        self.pend = []          # where entries changed since the rules last found nothing
        self.mark = origin[0]   # the candidates then


def _fork(ctx, parent: "Branch | None", origin=None) -> Branch:
    """A new branch from the state (parent None) or from a snapshot of parent's arrays
    (origin: (cands, vcells, where) copies that nothing changes afterwards)."""
    if parent is None:
        origin = (ctx.base_cands, ctx.base_vcells, ctx.base_where)
    elif origin is None:
        origin = snapshot(parent)
    br = Branch(origin[0][:], origin[1][:], origin[2][:], origin)
    br.oncells = 0 if parent is None else parent.oncells
    br.ctx = ctx
    return br


def snapshot(br: Branch) -> tuple:
    """Copies of a branch's arrays, to start branches from."""
    return (br.cands[:], br.vcells[:], br.where[:])


def propagate(ctx, assumptions, *, y: bool = True, plus: bool = False, depth: int = 0,
              parent: "Branch | None" = None, origin=None) -> Branch:
    """The branch of assumptions [(literal, on)] from the state (or from parent).

    y=False: no cell links (Nishio); plus: the locked/subset/fish rules; depth: nesting.
    The branch runs until nothing follows or a contradiction (br.contra) is found."""
    br = _fork(ctx, parent, origin)
    for x, on in assumptions:
        if on:
            _set_on(ctx, br, x, ("assume",))
        else:
            _kill(ctx, br, [x], ("assume",), y)
        if br.contra:
            return br
    _run(ctx, br, y, plus, depth)
    return br


def from_record(ctx, rec) -> Branch:
    """The Branch of a singles branch recorded in C (sudokit/_c/logic_dyn_rec.c
    logic_dyn_branch: the same on and off records, order, reasons and contradiction as
    propagate(ctx, [(x, True)]) builds; without a contradiction, the arrays from the final
    candidates too: such a branch can be resumed)."""
    on, off, contra, cands = rec
    n, nc = ctx.n, ctx.nc
    br = Branch(cands, None, None, (ctx.base_cands, ctx.base_vcells, ctx.base_where))
    br.on, br.off = on, off
    oncells = 0
    for x in on:
        oncells |= 1 << (x % nc)
    br.seq, br.oncells, br.ctx = len(on) + len(off), oncells, ctx
    if contra is not None:          # never resumed nor extended: no arrays needed
        br.contra = ("both", "cell", "unit")[contra[0] - 1:contra[0]] + tuple(contra[1:])
        return br
    br.vcells = vcells = value_cells(cands, n)[1:]
    base = ctx.base_where
    br.where = where = [0] * len(base)
    for p, bitsu in enumerate(ctx.unit_bits):
        for b in range(n):
            where[p * n + b] = w = bitsu & vcells[b]
            if w != base[p * n + b]:
                br.pend.append(p * n + b)
    return br


def resume(ctx, br: Branch, *, y: bool = True, plus: bool = False, depth: int = 0) -> Branch:
    """A copy of a finished branch (no contradiction) that goes on with more rules (plus,
    nesting): what singles found is not found again."""
    nb = Branch(br.cands[:], br.vcells[:], br.where[:], br.origin)
    nb.on, nb.off = dict(br.on), dict(br.off)
    nb.oncells, nb.seq, nb.mark, nb.pend = br.oncells, br.seq, br.mark, list(br.pend)
    nb.ctx = ctx
    _run(ctx, nb, y, plus, depth)
    return nb


def extend(br: Branch, removed, *, plus: bool = False) -> None:
    """Narrow a finished branch in place to a state without the literals removed (the
    same state after more steps): they go off (as assumed), and propagation goes on."""
    ctx = br.ctx
    br.queue = []
    _kill(ctx, br, removed, ("assume",), True)
    if not br.contra:
        _run(ctx, br, True, plus, 0)


def _set_on(ctx, br, x, reason) -> None:
    if x in br.on:
        return
    if x in br.off:
        br.contra = ("both", x)
        return
    br.seq += 1
    br.on[x] = (br.seq, reason)
    br.oncells |= 1 << (x % ctx.nc)
    br.queue.append(x)


def _kill(ctx, br, lits, reason, y) -> None:
    """Turn the literals off (each with reason), with the singles that follow."""
    n, nc = ctx.n, ctx.nc
    cands, vcells, where, off, on = br.cands, br.vcells, br.where, br.off, br.on
    cell_full, placed = ctx.cell_full, ctx.placed
    pend = br.pend
    for k in lits:
        if k in off:
            continue
        br.seq += 1
        off[k] = (br.seq, reason)
        b, p = divmod(k, nc)
        cbit = 1 << p
        m = cands[p] & ~(1 << b)
        cands[p] = m
        vcells[b] &= ~cbit
        if k in on:
            br.contra = ("both", k)
            return
        if not m:
            br.contra = ("cell", p)
            return
        if y and not m & (m - 1) and not br.oncells & cbit:
            _set_on(ctx, br, (m.bit_length() - 1) * nc + p, ("naked",))
            if br.contra:
                return
        for pos in cell_full[p]:
            j = pos * n + b
            w = where[j] & ~cbit
            where[j] = w
            pend.append(j)
            if not w:
                if not placed[pos] >> b & 1:
                    br.contra = ("unit", pos, b)
                    return
            elif not w & (w - 1) and not placed[pos] >> b & 1:
                x = b * nc + w.bit_length() - 1
                if x not in on and not br.oncells >> (x - b * nc) & 1:
                    _set_on(ctx, br, x, ("hidden", pos))
                    if br.contra:
                        return


def _run(ctx, br, y, plus, depth) -> None:
    check()  # the time limit of the logic call (logic._budget), once per branch run
    nc = ctx.nc
    peer_bits, links = ctx.peer_bits, ctx.links
    cands, vcells, queue = br.cands, br.vcells, br.queue
    i = 0
    while True:
        while i < len(queue):
            x = queue[i]
            i += 1
            b, c = divmod(x, nc)
            if y:
                m = cands[c] & ~(1 << b)
                if m:
                    lits = []
                    while m:
                        low = m & -m
                        lits.append((low.bit_length() - 1) * nc + c)
                        m ^= low
                    _kill(ctx, br, lits, ("cell", x), y)
                    if br.contra:
                        return
            ps = peer_bits[c] & vcells[b]
            if ps:
                lits = []
                base = b * nc
                while ps:
                    low = ps & -ps
                    lits.append(base + low.bit_length() - 1)
                    ps ^= low
                _kill(ctx, br, lits, ("peer", x), y)
                if br.contra:
                    return
            if y and links and links[c]:
                lits = [(a - 1) * nc + j for j, masks in links[c]
                        for a in values_of(masks[b] & cands[j])]
                if lits:
                    _kill(ctx, br, lits, ("link", x), y)
                    if br.contra:
                        return
        if y and ctx.cages and _cage_rule(ctx, br, y):
            if br.contra:
                return
            continue
        if plus and _rules(ctx, br, y):
            if br.contra:
                return
            continue
        if depth > 0 and _nested(ctx, br, y, plus, depth):
            if br.contra:
                return
            continue
        return


_RULE_WORDS = {"sets": "cage combinations of ", "sum": "the sum over ",
               "sandwich": "the sandwich of "}  # ("mask": parity, settled before any chain)


def _cage_rule(ctx, br, y) -> bool:
    """The first rule over many cells (in the geometry's order) under which the branch's
    candidates narrow (engine._propagators.prune's rules; a cage keeps, per cell, the values
    of the sets that fit, core.fit): what it removes goes off, resting on the candidates the
    branch removed from its cells; True when one did (a rule nothing can hold removes them
    all: a cell with no candidate left).  A weak link from a sum is a weak link: forcing
    chains follow cages, arrows, little killers and sandwiches as they follow singles."""
    cands, fixed, nc, n = br.cands, ctx.fixed, ctx.nc, ctx.n
    doms = None
    for prop, word in ctx.cages:
        cells = prop[1]
        if prop[0] == "sets":
            keep = fitting([cands[c] or fixed[c] for c in cells], prop[2])[1]
        else:
            if doms is None:
                doms = [m or f for m, f in zip(cands, fixed)]
            before = [doms[c] for c in cells]
            got = prune(prop, doms, n)
            keep = [0] * len(cells) if got < 0 else [doms[c] for c in cells]
            for c, m in zip(cells, before):
                doms[c] = m
            if not got:
                continue
        gone = [b * nc + c for c, k in zip(cells, keep) if not fixed[c]
                for b in cells_of(cands[c] & ~k)]
        if gone:
            origin, off = br.origin[0], br.off
            why = tuple((b * nc + c, False) for c in cells
                        for b in cells_of(origin[c] & ~cands[c]) if b * nc + c in off)
            _kill(ctx, br, gone, ("rule", word, why), y)
            return True
    return False


def nishio(ctx, x: int) -> bool:
    """True when x's value alone, placed in x's cell, contradicts: its peers lose it, a
    unit left with one place for it takes it there, until a unit has no place for it or a
    cell no candidate (the same verdict as propagate(..., y=False), on cell bitsets)."""
    b, c = divmod(x, ctx.nc)
    peer_bits, ubits, only = ctx.peer_bits, ctx.unit_bits, ctx.only[b]
    units = ctx.open_units[b]
    placed = 1 << c
    places = ctx.base_vcells[b] & ~peer_bits[c]
    if only & ~places:
        return True
    changed = True
    while changed:
        changed = False
        for p in units:
            w = places & ubits[p]
            if not w:
                return True
            if w & placed or w & (w - 1):
                continue
            placed |= w
            places &= ~peer_bits[w.bit_length() - 1]
            if only & ~places:
                return True
            changed = True
    return False


# --- the "plus" rules, written once --------------------------------------------------------
#
# Four finders over plain tables, shared by every policy that runs rules when a
# propagation runs dry (this module's branches; Sudoku Explainer's nested chains, through
# se_plus_rules):
#
#     where[p * n + b]   the cells of unit p where value b + 1 is a candidate (any unit
#                        numbering: the full units of a geometry here, SE's 27 units there)
#     base[...]          the same table when the propagation started; cands / base_cands:
#                        each cell's candidate mask now and then
#
# Each finder takes an *order*: the places it looks at, in the order it looks.  It yields
# (eliminations, why) for every pattern found there, in that order: eliminations a list of
# (cell, b), why the candidates (cell, b) removed since the start that the pattern rests on.
# Whether the caller takes the first pattern (this module) or every pattern of the first
# rule that has one with a non-empty why (SE) is the caller's policy.
#
#     locked(where, base, n, order, inside)       order: (p * n + b, b, ((q, common), ...))
#         unit p's places of b all inside its crossing with unit q: b off in the rest of q.
#         why: unit p's removed places of b (inside=False: those outside the crossing)
#     hidden_pairs(where, base, cands, n, order)  order: (p, a, partner values)
#         values a and b with the same two places in unit p: the other candidates off there
#     naked_pairs(where, cands, base_cands, n, order, skip)   order: (c, p, partner cells)
#         cells c and d of unit p with the same two candidates: those values off elsewhere
#         in p.  skip: a cell set of cells not to pair (cells this branch set on)
#     x_wings(where, base, n, lines, order)        order: (p, b, partner lines, across)
#         lines p and q with the same two places for b (across: p, q are rows): b off in
#         the two crossing lines elsewhere
#
# The orders of the two policies (each function's output, in the caller's order):
#
#     sudokit (_rules below)   locked, hidden pairs, X-Wing, naked pairs; only where the
#         branch changed since every rule last found nothing (br.pend, br.mark: what a
#         pattern removes only shrinks, so nothing new can appear elsewhere), the changed
#         (unit, value) entries in increasing order; each unit's crossings in
#         Tables.crossings order; partners: every other value, every cell of the unit, every
#         line of the same kind; locked's why includes the crossing (inside=True).
#     SE (se_plus_rules)       locked, hidden pairs, naked pairs, X-Wing (Sudoku Explainer's
#         getHintProducers at levels >= 1); every unit each time: locked over the unit pairs
#         (box, col), (box, row), (col, box), (row, box), each pair's values 1..9;
#         hidden pairs in units box, col, row with more than 4 empty cells, value pairs in
#         SE's colex order (the larger value outer); naked pairs in the same units with 4
#         empty cells or more, cell pairs in colex order; X-Wing on columns then rows, line
#         pairs in colex order, values not placed 6 times or more; why without the crossing
#         (inside=False).  The C twins (_c/logic/propagate.c, _c/se/nested.c) keep these orders.


def locked(where, base, n, order, inside=True):
    """Locked candidates (see above)."""
    for j, b, crossings in order:
        w = where[j]
        if not w & (w - 1):
            continue
        for q, common in crossings:
            if w & ~common:
                continue
            gone = where[q * n + b] & ~common
            if gone:
                removed = base[j] & ~w if inside else base[j] & ~w & ~common
                yield [(c, b) for c in cells_of(gone)], [(c, b) for c in cells_of(removed)]


def hidden_pairs(where, base, cands, n, order):
    """Hidden pairs (see above)."""
    for p, a, partners in order:
        lo = p * n
        w = where[lo + a]
        if w.bit_count() != 2:
            continue
        for b in partners:
            if b == a or where[lo + b] != w:
                continue
            keep = 1 << a | 1 << b
            gone = [(c, v) for c in cells_of(w) for v in cells_of(cands[c] & ~keep)]
            if gone:
                yield gone, [(c, v) for v in (a, b) for c in cells_of(base[lo + v] & ~w)]


def naked_pairs(where, cands, base_cands, n, order, skip=0):
    """Naked pairs (see above)."""
    for c, p, partners in order:
        m = cands[c]
        if m.bit_count() != 2:
            continue
        for d in partners:
            if d == c or cands[d] != m or skip >> d & 1:
                continue
            inside = 1 << c | 1 << d
            gone = [(e, b) for b in cells_of(m) for e in cells_of(where[p * n + b] & ~inside)]
            if gone:
                yield gone, [(e, b) for e in (c, d) for b in cells_of(base_cands[e] & ~m)]


def x_wings(where, base, n, lines, order):
    """X-Wings on rows and columns (see above); lines: (rows, cols) unit numbers, each
    in order (row r and column r are lines[0][r] and lines[1][r])."""
    rows, cols = lines
    for p, b, partners, across in order:
        w = where[p * n + b]
        if w.bit_count() != 2:
            continue
        lo, hi = (w & -w).bit_length() - 1, w.bit_length() - 1
        key = (lo % n, hi % n) if across else (lo // n, hi // n)
        covers = cols if across else rows
        for q in partners:
            wq = where[q * n + b]
            if q == p or wq.bit_count() != 2:
                continue
            l2, h2 = (wq & -wq).bit_length() - 1, wq.bit_length() - 1
            if ((l2 % n, h2 % n) if across else (l2 // n, h2 // n)) != key:
                continue
            cells = w | wq
            gone = (where[covers[key[0]] * n + b] | where[covers[key[1]] * n + b]) & ~cells
            if gone:
                yield [(c, b) for c in cells_of(gone)], \
                    [(c, b) for r in (q, p) for c in cells_of(base[r * n + b] & ~cells)]


def _rules(ctx, br, y) -> bool:
    """Apply the first pattern of the plus rules in sudokit's order (see above) to the
    branch; True when one removed something."""
    if not br.pend:
        return False
    n, nc = ctx.n, ctx.nc
    where, base, cands = br.where, br.origin[2], br.cands
    dirty = sorted(set(br.pend))
    name = "locked candidates"
    at = ctx.locked_at
    found = next(locked(where, base, n, [at[j] for j in dirty]), None)
    if found is None:
        pairs = [j for j in dirty if where[j].bit_count() == 2]
        if pairs:
            name = "hidden pair"
            at = ctx.pair_at
            found = next(hidden_pairs(where, base, cands, n, [at[j] for j in pairs]), None)
            if found is None and ctx.lines:
                name = "X-Wing"
                at = ctx.fish_at
                found = next(x_wings(where, base, n, ctx.lines,
                                     [at[j] for j in pairs if at[j] is not None]), None)
        if found is None:
            mark, oncells = br.mark, br.oncells
            fresh = [c for c in range(nc) if cands[c] != mark[c] and cands[c].bit_count() == 2
                     and not oncells >> c & 1]
            if fresh:
                name = "naked pair"
                at = ctx.naked_at
                found = next(naked_pairs(where, cands, br.origin[0], n,
                                         [e for c in fresh for e in at[c]], oncells), None)
    if found is None:
        br.pend = []
        br.mark = cands[:]
        return False
    gone, why = found
    off = br.off
    why = tuple((b * nc + c, False) for c, b in why if b * nc + c in off)
    _kill(ctx, br, [b * nc + c for c, b in gone], ("rule", name, why), y)
    return True


def se_plus_rules(values, work, source):
    """Sudoku Explainer's four nested rules on a classic 9x9 in SE's order (see above):
    yields (rule, patterns) rule by rule, patterns an iterator of (eliminations, why) in
    SE's order (lazy: SE stops at the first rule with a usable pattern).  Cells and units
    in sudokit's numbering (tables.SE), b = value - 1.  values: the grid's values; work,
    source: each cell's candidate mask now and when the propagation started."""
    vc, vs = value_cells(work, 9), value_cells(source, 9)
    where = [u & vc[v] for u in SE.unit_bits for v in range(1, 10)]
    base = [u & vs[v] for u in SE.unit_bits for v in range(1, 10)]
    yield "locked candidates", locked(where, base, 9, _SE_LOCKED, False)
    empty = [sum(1 for c in cells if not values[c]) for cells in SE.unit_cells]
    yield "hidden pair", ((gone, sorted(why)) for gone, why in hidden_pairs(
        where, base, work, 9,
        ((u, a, range(a)) for u in _SE_BCR if empty[u] > 4 for a in range(1, 9))))
    yield "naked pair", naked_pairs(where, work, source, 9, (
        (cells[i], u, (cells[j],)) for u in _SE_BCR if empty[u] >= 4
        for cells in (SE.unit_cells[u],) for j in range(1, 9) for i in range(j)))
    placed = [0] * 10
    for v in values:
        placed[v] += 1
    open_b = [b for b in range(9) if placed[b + 1] + 4 <= 9]
    yield "X-Wing", x_wings(where, base, 9, (SE.units("row"), SE.units("col")), (
        (lines[j], b, (lines[i],), across) for lines, across in _SE_LINES
        for j in range(1, 9) for i in range(j) for b in open_b))


_SE_BCR = SE.units("box") + SE.units("col") + SE.units("row")
_SE_LINES = ((SE.units("col"), False), (SE.units("row"), True))
_SE_LOCKED = tuple((u1 * 9 + b, b, ((u2, SE.unit_bits[u1] & SE.unit_bits[u2]),))
                   for k1, k2 in (("box", "col"), ("box", "row"), ("col", "box"), ("row", "box"))
                   for u1 in SE.units(k1) for u2 in SE.units(k2)
                   if SE.unit_bits[u1] & SE.unit_bits[u2] for b in range(9))


# --- nesting ----------------------------------------------------------------------------

def _nested(ctx, br, y, plus, depth) -> bool:
    """Remove the candidates of the branch whose branch one level down contradicts (the
    cells with the fewest candidates first; stop after the first cell that gave one).

    With the state's C context (ctx.oracle), C names those candidates first
    (logic_dyn_nested: the same rules, whose end does not depend on their order, see
    _c/logic/propagate.c); only their branches, which the step's evidence shows, are
    built here, not those of the candidates that end without a contradiction."""
    nc = ctx.nc
    cands = br.cands
    c_names = bool(ctx.oracle and y)
    if c_names:
        tries = [_cfast.C.logic_dyn_nested(ctx.oracle, cands, br.oncells.to_bytes(16, "little"),
                                           plus, depth)]
    else:
        order = sorted((cands[c].bit_count(), c) for c in range(nc)
                       if cands[c] & (cands[c] - 1) and not br.oncells >> c & 1)
        tries = ([b * nc + c for b in cells_of(cands[c])] for _, c in order)
    snap = snapshot(br)
    found = []
    for lits in tries:
        for x in lits:
            sub = propagate(ctx, [(x, True)], y=y, plus=plus, depth=depth - 1, parent=br,
                            origin=snap)
            if sub.contra:
                found.append((x, sub))
            elif c_names:
                raise RuntimeError("the C nesting rule found a contradiction Python does not")
        if found:
            break
    for x, sub in found:
        _kill(ctx, br, [x], ("nested", sub), y)
        if br.contra:
            return True
    return bool(found)


# --- reading a branch --------------------------------------------------------------------

def parents(ctx, br, x: int, on: bool) -> list:
    """The (literal, on) nodes that x's reason rests on."""
    rec = (br.on if on else br.off).get(x)
    if rec is None:
        return []
    reason = rec[1]
    kind = reason[0]
    nc, n = ctx.nc, ctx.n
    b, c = divmod(x, nc)
    if kind in ("cell", "peer", "link"):
        return [(reason[1], True)]
    if kind == "naked":
        src = br.origin[0][c]
        return [(v * nc + c, False) for v in cells_of(src & ~(1 << b)) if v * nc + c in br.off]
    if kind == "hidden":
        pos = reason[1]
        src = br.origin[2][pos * n + b]
        return [(b * nc + p, False) for p in cells_of(src & ~(1 << c)) if b * nc + p in br.off]
    if kind == "rule":
        return list(reason[2])
    if kind == "nested":
        return _hidden_parents(ctx, br, reason[1])
    return []


def _hidden_parents(ctx, outer, sub) -> list:
    """The outer branch's off nodes a nested branch rests on: the candidates the outer
    branch had removed (before the nested branch started) from the cells and units where
    the nested branch found singles or its contradiction."""
    nc, n = ctx.nc, ctx.n
    oc, sc = outer.origin[0], sub.origin[0]
    ow, sw = outer.origin[2], sub.origin[2]
    off = outer.off
    out = set()

    def cell(c):
        for b in cells_of(oc[c] & ~sc[c]):
            if b * nc + c in off:
                out.add((b * nc + c, False))

    def unit(pos, b):
        for p in cells_of(ow[pos * n + b] & ~sw[pos * n + b]):
            if b * nc + p in off:
                out.add((b * nc + p, False))

    for x, on in ancestors(ctx, sub, contradiction_nodes(ctx, sub)):
        reason = (sub.on if on else sub.off)[x][1]
        if reason[0] == "naked":
            cell(x % nc)
        elif reason[0] == "hidden":
            unit(reason[1], x // nc)
    kind = sub.contra[0]
    if kind == "cell":
        cell(sub.contra[1])
    elif kind == "unit":
        unit(sub.contra[1], sub.contra[2])
    return sorted(out)


def ancestors(ctx, br, targets) -> "dict":
    """{(literal, on): [parent nodes]} of every node the targets rest on (targets too)."""
    out = {}
    todo = list(targets)
    while todo:
        node = todo.pop()
        if node in out:
            continue
        ps = parents(ctx, br, *node)
        out[node] = ps
        todo.extend(p for p in ps if p not in out)
    return out


def _closure(known, target) -> set:
    """The nodes target rests on (target too), read from an ancestors dict holding it:
    the keys of ancestors(ctx, br, [target])."""
    out = {target}
    todo = [target]
    while todo:
        for p in known[todo.pop()]:
            if p not in out:
                out.add(p)
                todo.append(p)
    return out


def contradiction_nodes(ctx, br) -> list:
    """The nodes that together make the branch's contradiction."""
    kind = br.contra[0]
    nc, n = ctx.nc, ctx.n
    if kind == "both":
        x = br.contra[1]
        return [(x, True), (x, False)]
    if kind == "cell":
        c = br.contra[1]
        return [(b * nc + c, False) for b in cells_of(br.origin[0][c]) if b * nc + c in br.off]
    pos, b = br.contra[1], br.contra[2]
    return [(b * nc + p, False) for p in cells_of(br.origin[2][pos * n + b])
            if b * nc + p in br.off]


def complexity(ctx, br, targets, known=None) -> int:
    """Sudoku Explainer's count: the ancestors of each target, summed over the targets,
    plus the complexity of every nested branch they rest on (each once).  known: the
    ancestors of the targets (ancestors(ctx, br, targets)), when computed already."""
    total = 0
    nested = {}
    for tgt in targets:
        anc = ancestors(ctx, br, [tgt]) if known is None else _closure(known, tgt)
        total += len(anc)
        for node in anc:
            rec = (br.on if node[1] else br.off).get(node[0])
            if rec and rec[1][0] == "nested":
                nested[id(rec[1][1])] = rec[1][1]
    for sub in nested.values():
        total += complexity(ctx, sub, contradiction_nodes(ctx, sub))
    return total
