"""Dynamic propagation: assume a candidate true (or false) and follow every consequence.

The engine of the forcing techniques.  Plain data in, plain data out, so a C kernel can
take it later with the same results:

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
      (literal = b * nc + cell, as in _links); contra: None or the contradiction

Rules of propagation (each literal recorded once, with the first reason found):

    x on    every other candidate of its cell off (reason "cell"), its value off in every
            peer ("peer") and in the cells the geometry's weak links name ("link")
    x off   a cell left with one candidate: that one on ("naked"); a full unit left with
            one place for the value: that place on ("hidden", unit position)
    plus    when singles run dry: locked candidates, naked and hidden pairs, X-Wings on
            rows and columns ("rule", name, parents)
    nested  when those run dry too and depth > 0: every candidate y of the branch (cells
            with the fewest candidates first) whose own branch, one level down, ends in a
            contradiction goes off ("nested", that branch); then propagation resumes

Contradictions: a cell with no candidate left, a full unit with no place for a value it
lacks, a literal both on and off.

Without "y" links (Nishio) only the assumed value moves: its peers, then hidden singles.

Rejected: a State per branch (place/eliminate copy two tuples and rebuild the where
table each time); three flat int lists copied once per branch cost about a microsecond.
"""

from __future__ import annotations

from .._budget import check

__all__ = ["Context", "Branch", "context", "propagate", "resume", "extend", "ancestors",
           "nishio", "from_record"]


class Context:
    __slots__ = ("n", "nc", "peer_bits", "cell_full", "unit_bits", "unit_cells", "unit_ids",
                 "placed", "links", "cross_of", "lines", "base_cands", "base_vcells",
                 "base_where", "tables", "open_units", "only", "line_of")


_GEOMETRY = ("tables", "n", "nc", "peer_bits", "unit_ids", "unit_bits", "unit_cells",
             "cell_full", "links", "cross_of", "lines", "line_of")
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
    got = (t, n, nc, t.peer_bits, t.full, [t.unit_bits[u] for u in t.full],
           [tuple(t.units[u]) for u in t.full],
           [tuple(pos_of[u] for u in us) for us in t.cell_full], links, cross, lines,
           {p: k for k, ps in enumerate(lines or ()) for p in ps}, partition)
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
    if part[12] is not None:                     # units that partition the cells
        vcells = [0] * n
        for u in part[12]:
            row = table[u]
            for b in range(n):
                vcells[b] |= row[b + 1]
    else:
        vcells = [0] * n
        for c, m in enumerate(cands):
            while m:
                low = m & -m
                vcells[low.bit_length() - 1] |= 1 << c
                m ^= low
    ctx.base_vcells = vcells
    ctx.base_where = [w for u in t.full for w in table[u][1:]]
    ctx.open_units = [[p for p in range(len(t.full)) if not ctx.placed[p] >> b & 1]
                      for b in range(n)]
    only = [0] * n
    for c, m in enumerate(cands):
        if m and not m & (m - 1):
            only[m.bit_length() - 1] |= 1 << c
    ctx.only = only
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
    vcells = [0] * n
    for c, m in enumerate(cands):
        while m:
            low = m & -m
            vcells[low.bit_length() - 1] |= 1 << c
            m ^= low
    br.vcells = vcells
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
                        for a in _vals(masks[b] & cands[j])]
                if lits:
                    _kill(ctx, br, lits, ("link", x), y)
                    if br.contra:
                        return
        if plus and _rules(ctx, br, y):
            if br.contra:
                return
            continue
        if depth > 0 and _nested(ctx, br, y, plus, depth):
            if br.contra:
                return
            continue
        return


def _vals(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low




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


# --- the "plus" rules ---------------------------------------------------------------------
#
# A rule can only find something new where the branch changed since the last time every
# rule found nothing (br.pend: the where entries changed since; br.mark: the candidates
# then), since what a pattern removes only shrinks: locked candidates need the confined
# unit's places to have changed; a hidden pair or an X-Wing, one of its values' places
# (lines) to have become two; a naked pair, one of its cells to have become two.

def _rules(ctx, br, y) -> bool:
    """Apply the first rule that removes something (locked candidates, hidden and naked
    pairs, X-Wing); True when one did."""
    n, nc = ctx.n, ctx.nc
    where = br.where
    if not br.pend:
        return False
    dirty = sorted(set(br.pend))
    base, off = br.origin[2], br.off
    # locked candidates: unit p's places of value b all inside its crossing with q
    for j in dirty:
        w = where[j]
        if not w or not w & (w - 1):
            continue
        p, b = divmod(j, n)
        for q, common in ctx.cross_of[p]:
            if w & ~common:
                continue
            gone = where[q * n + b] & ~common
            if gone:
                why = tuple((b * nc + c, False) for c in _cells(base[j] & ~w)
                            if b * nc + c in off)
                _kill(ctx, br, [b * nc + c for c in _cells(gone)],
                      ("rule", "locked candidates", why), y)
                return True
    pairs = [j for j in dirty if where[j].bit_count() == 2]
    if pairs and (_hidden(ctx, br, pairs, y) or _fish(ctx, br, pairs, y)):
        return True
    cands, mark = br.cands, br.mark
    fresh = [c for c in range(nc) if cands[c] != mark[c] and cands[c].bit_count() == 2
             and not br.oncells >> c & 1]
    if fresh and _naked(ctx, br, fresh, y):
        return True
    br.pend = []
    br.mark = cands[:]
    return False


def _cells(x) -> list:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def _naked(ctx, br, fresh, y) -> bool:
    """Naked pairs: a cell whose candidates changed to two, and another cell of one of its
    units with the same two."""
    n, nc = ctx.n, ctx.nc
    cands, origin, off, where = br.cands, br.origin[0], br.off, br.where
    oncells = br.oncells
    for c in fresh:
        m = cands[c]
        for p in ctx.cell_full[c]:
            for d in ctx.unit_cells[p]:
                if d == c or cands[d] != m or oncells >> d & 1:
                    continue
                inside = 1 << c | 1 << d
                lits = [b * nc + e for b in _cells(m) for e in _cells(where[p * n + b] & ~inside)]
                if lits:
                    why = tuple((b * nc + e, False) for e in (c, d) for b in _cells(origin[e] & ~m)
                                if b * nc + e in off)
                    _kill(ctx, br, lits, ("rule", "naked pair", why), y)
                    return True
    return False


def _hidden(ctx, br, pairs, y) -> bool:
    """Hidden pairs: a value whose places in a unit changed to two, and another value
    with the same two places there."""
    n, nc = ctx.n, ctx.nc
    where, cands, base, off = br.where, br.cands, br.origin[2], br.off
    for j in pairs:
        p, a = divmod(j, n)
        w = where[j]
        lo = p * n
        for b in range(n):
            if b == a or where[lo + b] != w:
                continue
            keep = 1 << a | 1 << b
            lits = [v * nc + c for c in _cells(w) for v in _cells(cands[c] & ~keep)]
            if lits:
                why = tuple((v * nc + c, False) for v in (a, b)
                            for c in _cells(base[lo + v] & ~w) if v * nc + c in off)
                _kill(ctx, br, lits, ("rule", "hidden pair", why), y)
                return True
    return False


def _fish(ctx, br, pairs, y) -> bool:
    """X-Wings: a row (column) whose places for a value changed to two, and another row
    (column) with that value in the same two columns (rows)."""
    if not ctx.lines:
        return False
    n, nc = ctx.n, ctx.nc
    where, base, off = br.where, br.origin[2], br.off
    rows, cols = ctx.lines
    line_of = ctx.line_of
    for j in pairs:
        p, b = divmod(j, n)
        kind = line_of.get(p)
        if kind is None:
            continue
        across = kind == 0
        bases, covers = (rows, cols) if across else (cols, rows)
        w = where[j]
        lo, hi = (w & -w).bit_length() - 1, w.bit_length() - 1
        key = (lo % n, hi % n) if across else (lo // n, hi // n)
        for q in bases:
            wq = where[q * n + b]
            if q == p or wq.bit_count() != 2:
                continue
            l2, h2 = (wq & -wq).bit_length() - 1, wq.bit_length() - 1
            if ((l2 % n, h2 % n) if across else (l2 // n, h2 // n)) != key:
                continue
            inside = ctx.unit_bits[p] | ctx.unit_bits[q]
            gone = (where[covers[key[0]] * n + b] | where[covers[key[1]] * n + b]) & ~inside
            if gone:
                cells = w | wq
                why = tuple((b * nc + c, False) for r in (q, p)
                            for c in _cells(base[r * n + b] & ~cells) if b * nc + c in off)
                _kill(ctx, br, [b * nc + c for c in _cells(gone)], ("rule", "X-Wing", why), y)
                return True
    return False


# --- nesting ----------------------------------------------------------------------------

def _nested(ctx, br, y, plus, depth) -> bool:
    """Remove the candidates of the branch whose branch one level down contradicts (the
    cells with the fewest candidates first; stop after the first cell that gave one)."""
    nc = ctx.nc
    cands = br.cands
    order = sorted((cands[c].bit_count(), c) for c in range(nc)
                   if cands[c] & (cands[c] - 1) and not br.oncells >> c & 1)
    snap = snapshot(br)
    for _, c in order:
        found = []
        for b in _cells(cands[c]):
            x = b * nc + c
            sub = propagate(ctx, [(x, True)], y=y, plus=plus, depth=depth - 1, parent=br,
                            origin=snap)
            if sub.contra:
                found.append((x, sub))
        if found:
            for x, sub in found:
                _kill(ctx, br, [x], ("nested", sub), y)
                if br.contra:
                    return True
            return True
    return False


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
        return [(v * nc + c, False) for v in _cells(src & ~(1 << b)) if v * nc + c in br.off]
    if kind == "hidden":
        pos = reason[1]
        src = br.origin[2][pos * n + b]
        return [(b * nc + p, False) for p in _cells(src & ~(1 << c)) if b * nc + p in br.off]
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
        for b in _cells(oc[c] & ~sc[c]):
            if b * nc + c in off:
                out.add((b * nc + c, False))

    def unit(pos, b):
        for p in _cells(ow[pos * n + b] & ~sw[pos * n + b]):
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
        return [(b * nc + c, False) for b in _cells(br.origin[0][c]) if b * nc + c in br.off]
    pos, b = br.contra[1], br.contra[2]
    return [(b * nc + p, False) for p in _cells(br.origin[2][pos * n + b]) if b * nc + p in br.off]


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
