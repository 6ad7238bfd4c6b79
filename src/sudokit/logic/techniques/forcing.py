"""Forcing chains: assume a candidate, follow the consequences, conclude what every case
shares or what a contradiction rules out (Sudoku Explainer's chaining techniques).

    nishio                  assume r1c1 = v and follow v alone (its peers, then hidden
                            singles of v): a contradiction removes v from r1c1
    cell-forcing-chain      every candidate of a cell, followed along the state's strong
                            and weak links (static chains), leads to the same placement
                            or elimination; or one candidate leads to a contradiction
    unit-forcing-chain      the same over every place of a value in a unit
    dynamic-forcing-chain   the assumption is followed with singles on the changing grid
                            (naked and hidden singles of every value): a contradiction
                            (removes the assumption), a cell or a unit whose every case
                            agrees (verity)
    dynamic-forcing-chain-plus   the same, the branches also using locked candidates,
                            naked and hidden pairs and X-Wings (SE's "+" also has triples,
                            quads and bigger fish: cheap here, nesting covers them)
    nested-forcing-chain    the branches may themselves use contradictions one level
                            down (depth 1), or two (depth 2), ...: tried by increasing depth

Order of the steps: contradictions first (candidates by cell, then value), then cells (in
order), then units (full units in order, values ascending); each step is one assumption,
cell or unit with every conclusion it proves.  Nested chains: contradictions only, by
depth; the candidates whose singles branch decides the most candidates first, then cell
and value.  A contradiction search only tries the candidates the solution lacks (one the
solution has never contradicts): that skips work, the steps are the same.  Along a path
the branches of the previous state are narrowed and reused to decide where to look
(see "reusing" below); steps are always built from fresh branches.

Evidence: "branches", one per assumption: {"assume": [cell, value, "on"], "nodes":
[[cell, value, "on"/"off"], ...] (the nodes the conclusion rests on, in the order found),
"reasons" (why each node holds: "assumed", "cell", "peer", "link", "naked single", "hidden
single in row 3", "locked candidates", "naked pair", "X-Wing", "nested", ...),
"parents" (indices of the nodes each rests on), "result": the contradiction in words or
the conclusion node}; nested nodes carry their own branch in "nested" {index: branch}.

Soundness: each branch only applies valid implications to the assumption; a contradiction
proves the assumption false, and a conclusion shared by every candidate of a cell (one of
which is true) or every place of a value in a full unit (one of which is true) holds.

Guarantee (completeness): on a state whose givens have one solution and whose candidates
keep it, nested-forcing-chain always finds a step when the state is not solved.  Proof:
if an empty cell has one candidate, that is a naked single (the ladder places it first).
Otherwise some candidate x is not in the solution.  Claim: a branch B (after propagation,
no contradiction) with no solution and at most d undecided cells ends in a contradiction
at depth d.  By induction on d: with no undecided cell every cell holds one value and no
two peers agree (peer removal would have emptied a cell), which would be a solution; so
d >= 1 and B has an undecided cell c.  Every candidate y of c gives a branch B + y with no
solution and at most d - 1 undecided cells, which contradicts at depth d - 1 (induction),
so the nested step of B removes every candidate of c: a contradiction.  The state + x has
no solution and at most (empty cells) undecided cells, so depth = empty cells suffices;
the search tries depths 1, 2, ... and stops at the first that finds a step.  In practice
depth 1 or 2 is enough.

C (a grid of at most 128 cells whose weak links the C tables know, _cfast.links_known:
peers, and the links between cells of thermometers, dots and negative rules; not cages;
SUDOKIT_PUREPYTHON=1 or sudokit.logic._cfast.pure() keep everything here): the cell and
unit forcing chains search in sudokit/_c/logic_static.c (the same graph, reach, order and
shortest paths as _reaches and _static_path) and hand back each step's assumption,
conclusions and paths; the nesting rule asks C which sub-branches contradict; Nishio and
the dynamic contradictions are found by one C loop each (logic_dyn_first); a singles
branch is recorded in C with Python's order and reasons (logic_dyn_branch) and a dynamic
contradiction's evidence read from it (logic_dyn_proof).  Every Step is still built by the
helpers here and in _forcing_steps.py, so both backends yield the same steps
(tests/logic/test_logic_forcing_c.py).

SE ratings (Sudoku Explainer 1.2.1): Nishio 7.5, cell/unit (multiple) forcing chains 8.0,
dynamic 8.5, dynamic plus 9.0, nested 9.5 at depth 1 and +0.5 per further depth (SE's
nested levels 2..5 nest its simpler chain kinds; here depth 1 nests dynamic-plus
contradictions), each plus SE's length penalty (chains.length_penalty) of the step's
complexity - 2; the complexity is SE's: the nodes each conclusion rests on, summed over the
branches (and over the two sides of a contradiction), plus that of every nested branch.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import partial
from typing import Iterator

from .. import _cfast
from .._budget import check
from ..core import propagate as dyn
from ..core.bits import cells_of
from ..core.links import Walk, beyond_peers, closure, graph
from ..ladder import Technique
from ..step import Step
from ._forcing_steps import (_SE, _branch_evidence, _c_contradiction_step, _cell_what,
                             _contra_text, _contradiction_step, _node, _se,  # noqa: F401 (tests)
                             _spine_text, _unit_what, _verity_step)

__all__ = ["find_nishio", "find_cell_forcing_chain", "find_unit_forcing_chain",
           "find_dynamic_forcing_chain", "find_dynamic_forcing_chain_plus",
           "find_nested_forcing_chain", "TECHNIQUES"]


# --- contradictions ---------------------------------------------------------------------


def _candidates(state) -> list:
    """The candidate literals in the fixed order: cell, then value."""
    nc = state.tables.ncells
    return [b * nc + c for c, m in enumerate(state.candidates) for b in cells_of(m)]


def find_nishio(state) -> Iterator[Step]:
    """Each candidate whose value, followed alone, contradicts (cell, then value order)."""
    cd = _verdicts(state)
    for x in _c_refuted(state, cd, 0) if cd is not None else _nishio_refuted(state):
        check()  # the time limit of the logic call (logic._budget)
        ctx = _context(state)    # with the C verdicts, only built for a step
        br = dyn.propagate(ctx, [(x, True)], y=False)
        if br.contra:
            yield _contradiction_step(state, ctx, br, x, "nishio", "nishio", _SE["nishio"])


def _nishio_refuted(state) -> Iterator[int]:
    """The candidates (of _refutable) whose value alone contradicts, in Python."""
    ctx = _context(state)
    for x in _refutable(state, _candidates(state)):
        check()
        if dyn.nishio(ctx, x):
            yield x


# --- static multiple forcing chains ------------------------------------------------------

def _reaches(state) -> dict:
    """{x: (on set, off set)}: what each candidate x implies along the state's links
    (group nodes too), restricted to the state's candidates (cached on the state)."""
    out = state._cache.get("reaches")
    if out is None and not beyond_peers(state):
        raw = _cfast.call(state, "logic_reaches")      # sudokit/_c/logic_graph.c
        if raw is not None:
            nc = state.tables.ncells
            nb = (state.size * nc + 7) // 8
            out, k = {}, 0
            for c, m in enumerate(state.candidates):
                while m:
                    low = m & -m
                    m ^= low
                    out[(low.bit_length() - 1) * nc + c] = (
                        int.from_bytes(raw[k:k + nb], "little"),
                        int.from_bytes(raw[k + nb:k + 2 * nb], "little"))
                    k += 2 * nb
            state._cache["reaches"] = out
    if out is None:
        cl = closure(state, "group")
        cands = graph(state, "group").cands
        size = cl.size
        mask = (1 << size) - 1
        out = {}
        for x in graph(state, "group").starts:
            check()
            r = cl.reach[x]
            out[x] = (r & mask & cands, (r >> size) & cands)
        state._cache["reaches"] = out
    return out


def _static_path(state, x, y, on) -> list:
    """[(node, on)] of the shortest static chain from x on to literal y (on or off)."""
    g = graph(state, "group")
    w = Walk(x, True)
    k = 0
    while True:
        if w.layers[k] >> y & 1 and w.polarity(k) == on:
            return w.path(g, k, y)
        if not w.frontier:
            raise ValueError("literal not reached")
        w.expand(g)
        k += 1


def _node_of(state):
    """node(z) -> (cells, value, is group) of the state's pure "group" Graph."""
    g = graph(state, "group")
    return lambda z: (*g.node(z), g.is_group(z))


def _path_evidence(state, x, y, on, path, node) -> dict:
    """The evidence of one static chain: path [(node, on)] from x on to y (on or off)."""
    nc = state.tables.ncells
    nodes = []
    for z, o in path:
        cells, v, group = node(z)
        nodes.append([cells if group else cells[0], v, "on" if o else "off"])
    return {"assume": _node(nc, x, True),
            "nodes": nodes,
            "reasons": ["assumed"] + ["strong" if not path[i][1] else "weak"
                                      for i in range(len(path) - 1)],
            "parents": [[]] + [[i] for i in range(len(path) - 1)],
            "result": _node(nc, y, on)}


def _path_text(t, path, node) -> str:
    """'r1c1=3 -> r1c1<>5 -> r1c2/r1c3=5 -> ...' (the first 3, "..." and the last 3 past 8)."""
    words = []
    for z, o in path:
        cells, v, _ = node(z)
        words.append(f"{'/'.join(t.name(c) for c in cells)}{'=' if o else '<>'}{t.value(v)}")
    if len(words) > 8:
        words = words[:3] + ["..."] + words[-3:]
    return " -> ".join(words)


def _static_contradiction(state, x, technique) -> "Step | None":
    on_set, off_set = _reaches(state)[x]
    both = on_set & off_set
    if not both:
        return None
    y = (both & -both).bit_length() - 1
    return _static_contradiction_step(state, x, y, _static_path(state, x, y, True),
                                      _static_path(state, x, y, False), _node_of(state),
                                      technique)


def _static_contradiction_step(state, x, y, path_on, path_off, node, technique) -> Step:
    """The step of "x on makes y both on (path_on) and off (path_off)"."""
    t, nc = state.tables, state.tables.ncells
    b, c = divmod(x, nc)
    evs = [_path_evidence(state, x, y, True, path_on, node),
           _path_evidence(state, x, y, False, path_off, node)]
    cx = len(evs[0]["nodes"]) + len(evs[1]["nodes"])
    yb, yc = divmod(y, nc)
    return Step(technique, eliminations=[(c, b + 1)],
                evidence={"cells": [c], "values": [b + 1], "branches": evs},
                text=f"If {t.name(c)} is {t.value(b + 1)}, then {t.name(yc)} would be both "
                     f"{t.value(yb + 1)} ({_path_text(t, path_on, node)}) and not "
                     f"({_path_text(t, path_off, node)}), so {t.value(b + 1)} is removed "
                     f"from {t.name(c)}.", se=_se(_SE["static"], cx))


def _static_verity(state, lits, technique, kind, what) -> "Step | None":
    reaches = _reaches(state)
    on_all, off_all = -1, -1
    for x in lits:
        check()
        on_set, off_set = reaches[x]
        on_all &= on_set
        off_all &= off_set
        if not on_all and not off_all:
            return None
    for x in lits:
        check()
        on_all &= ~(1 << x)
    if not on_all and not off_all:
        return None
    found = [(y, True) for y in cells_of(on_all)] + [(y, False) for y in cells_of(off_all)]
    first = found[0]
    paths = [_static_path(state, x, *first) for x in lits]
    return _static_verity_step(state, lits, found, paths, _node_of(state), technique, kind,
                               what)


def _static_verity_step(state, lits, found, paths, node, technique, kind, what) -> Step:
    """The step of "every x of lits makes found[0] hold (paths[i] from lits[i])"."""
    what = what()
    first = found[0]
    evs = [_path_evidence(state, x, *first, path, node) for x, path in zip(lits, paths)]
    cx = sum(len(e["nodes"]) for e in evs)
    return _verity_step(state, technique, kind, what, lits, found, evs, cx, _SE["static"],
                        [_path_text(state.tables, path, node) for path in paths])


def _static_c(state):
    """The C static search of a state (sudokit/_c/logic_static.c: the same graph, reach,
    order and paths as the pure helpers above), or None: pure Python."""
    if beyond_peers(state):
        return None
    return _cfast.call(state, "logic_static")


def _static_from_c(state, st, mode, technique) -> Iterator[Step]:
    """The steps of find_cell_forcing_chain (mode 0) or find_unit_forcing_chain (mode 1)
    from the C search: each record is the next step's assumption, conclusions and paths;
    the Step is built by the pure code above."""
    nc = state.tables.ncells
    nl = state.size * nc
    groups = None
    pos = 0

    def node(z):
        nonlocal groups
        if z < nl:
            return [z % nc], z // nc + 1, False
        if groups is None:
            groups = _cfast.C.logic_static_groups(st)
        cells, v = groups[z - nl]
        return cells, v, True

    while True:
        rec = _cfast.C.logic_static_next(st, mode, pos)
        if rec is None:
            return
        pos = rec[0] + 1
        if not isinstance(rec[1], list):
            _, x, y, path_on, path_off = rec
            yield _static_contradiction_step(state, x, y, path_on, path_off, node, technique)
            continue
        _, lits, where, found, paths = rec
        if mode == 0:
            what, kind = partial(_cell_what, state, where), "cell"
        else:
            what, kind = partial(_unit_what, state, where[0], where[1], lits), "unit"
        yield _static_verity_step(state, lits, found, paths, node, technique, kind, what)


def _cells_order(state) -> list:
    return [c for c, m in enumerate(state.candidates) if m & (m - 1)]


def _cell_lits(state, c) -> list:
    nc = state.tables.ncells
    return [b * nc + c for b in range(state.size) if state.candidates[c] >> b & 1]


def _unit_cases(state):
    """(unit, value, literals) of every value with two places or more in a full unit."""
    t = state.tables
    nc = t.ncells
    state.where(0, 1)
    where = state._cache["where"]                 # where[u][v]: State's own table
    for u in t.full:
        placed = state.placed_in(u)
        row = where[u]
        for v in range(1, t.n + 1):
            if placed >> (v - 1) & 1:
                continue
            w = row[v]
            if w & (w - 1):
                yield u, v, [(v - 1) * nc + c for c in cells_of(w)]


def _cases(state, kind) -> Iterator[tuple]:
    """(literals, what) of every cell with two candidates or more (kind "cell"), or of every
    value with two places or more in a full unit ("unit"), in order; what() names the case
    in a step's text."""
    if kind == "cell":
        for c in _cells_order(state):
            yield _cell_lits(state, c), partial(_cell_what, state, c)
    else:
        for u, v, lits in _unit_cases(state):
            yield lits, partial(_unit_what, state, u, v, lits)


def find_cell_forcing_chain(state) -> Iterator[Step]:
    """Per cell (in order): static contradictions of its candidates, then what all its
    candidates imply."""
    return _static(state, "cell", "cell-forcing-chain")


def find_unit_forcing_chain(state) -> Iterator[Step]:
    """Per full unit and value (in order): static contradictions of the value's places,
    then what every place of the value implies."""
    return _static(state, "unit", "unit-forcing-chain")


def _static(state, kind, technique) -> Iterator[Step]:
    st = _static_c(state)
    if st is not None:
        yield from _static_from_c(state, st, 0 if kind == "cell" else 1, technique)
        return
    for lits, what in _cases(state, kind):
        for x in lits:
            check()
            step = _static_contradiction(state, x, technique)
            if step:
                yield step
        step = _static_verity(state, lits, technique, kind, what)
        if step:
            yield step


# --- dynamic forcing chains ----------------------------------------------------------------

def _branch(state, ctx, x, plus) -> "dyn.Branch":
    """x's dynamic branch (plus: with the rules), cached on the state; a plus branch goes
    on from the singles branch.  The branch every step is built from."""
    key = ("branch", x, plus)
    br = state._cache.get(key)
    if br is None:
        if plus:
            br = _branch(state, ctx, x, False)
            if not br.contra:
                br = dyn.resume(ctx, br, plus=True)
        else:
            cd = _verdicts(state)
            if cd is not None:                  # the same branch, recorded in C
                br = dyn.from_record(ctx, _cfast.C.logic_dyn_branch(cd, x))
            else:
                br = dyn.propagate(ctx, [(x, True)])
        state._cache[key] = br
    return br


# --- reusing the branches of the state before ------------------------------------------------
#
# Along a path, the state a forcing technique sees next has fewer candidates than the one
# before (a step and some singles later).  A branch is monotone: what x implies in a state
# it still implies once more candidates are gone (or the branch contradicts sooner).  So x's
# branch in the new state is x's branch in the old one with the removed candidates removed
# too (a "quick" branch).  Singles alone: the quick branch is the fresh branch (same
# consequences, same verdict).  With the rules it holds at least what the fresh one holds.
# Quick branches only decide where to look: a contradiction, a common consequence of a
# cell or a unit is always recomputed on fresh branches before it becomes a step, and a
# quick branch without one means the fresh branch has none either.  The steps are those of
# fresh branches alone, whatever state came before.

_PREVIOUS: "OrderedDict" = OrderedDict()   # (geometry, givens) -> the last state seen
_LOCK = threading.Lock()


def _link(state):
    """(previous state, removed literals, its context) when the last state of the same
    puzzle holds every candidate of this one, else None (computed once per state)."""
    if "prev" in state._cache:
        return state._cache["prev"]
    key = (state.geometry, state.givens)
    with _LOCK:
        prev = _PREVIOUS.pop(key, None)
        _PREVIOUS[key] = state
        while len(_PREVIOUS) > 8:
            _PREVIOUS.popitem(last=False)
    link = None
    if prev is not None and prev is not state and "dyn" in prev._cache:
        removed = _removed(prev, state)
        if removed is not None:
            link = (prev, removed, prev._cache["dyn"])
    state._cache["prev"] = link
    return link


def _removed(prev, state) -> "list | None":
    """The literals prev has and state lacks, or None when state is not prev narrowed."""
    nc = state.tables.ncells
    out = []
    for c, (v0, m0, v1, m1) in enumerate(zip(prev.values, prev.candidates, state.values,
                                              state.candidates)):
        if v0:
            if v1 != v0:
                return None
            continue
        if v1:
            if not m0 >> (v1 - 1) & 1:
                return None
            gone = m0 & ~(1 << (v1 - 1))
        else:
            if m1 & ~m0:
                return None
            gone = m0 & ~m1
        out.extend(b * nc + c for b in cells_of(gone))
    return out


def _quick(state, ctx, x, plus) -> "dyn.Branch":
    """x's branch for deciding where to look: the fresh one when known, else the previous
    state's branch narrowed (taken over from it), else a fresh one."""
    cache = state._cache
    br = cache.get(("quick", x, plus)) or cache.get(("branch", x, plus))
    if br is not None:
        return br
    link = _link(state)
    if link is not None:
        prev, removed, _ = link
        old = prev._cache.pop(("quick", x, plus), None) or \
            prev._cache.pop(("branch", x, plus), None)
        if old is not None:
            if not old.contra:
                dyn.extend(old, removed, plus=plus)
            cache[("quick", x, plus)] = old
            return old
    return _branch(state, ctx, x, plus)


def _context(state):
    """dyn.context(state), with the C context of the state's branches as its oracle when
    there is one (the nesting rule asks it which sub-branches contradict)."""
    ctx = dyn.context(state)
    if ctx.oracle is None:
        ctx.oracle = _verdicts(state) or False
    return ctx


def _verdicts(state):
    """The C verdicts of the state's branches (sudokit/_c/logic_dyn.c: the same ends as
    fresh branches, without the reasons), or None: quick branches decide then."""
    geom = state.geometry
    if any(p[0] != "mask" for p in geom.propagators):
        return None         # cages, sums: Python only (core.propagate)
    if geom.links and not _cfast.links_known(state):
        return None         # links between cells the C tables do not hold
    return _cfast.call(state, "logic_dyn")


def _contradicts(state, ctx, x, plus) -> "dyn.Branch | None":
    """x's fresh branch when it contradicts, else None (a verdict or a quick branch
    decides first)."""
    cd = _verdicts(state)
    if cd is not None:
        if not _cfast.C.logic_dyn_contra(cd, x, plus, 0):
            return None
    elif not _quick(state, ctx, x, plus).contra:
        return None
    br = _branch(state, ctx or _context(state), x, plus)
    return br if br.contra else None


def _common(state, branches, lits) -> list:
    """[(literal, on)] every branch holds and the state still has to learn."""
    nc = state.tables.ncells
    cands = state.candidates
    common_on = branches[0].on.keys() & branches[1].on.keys()
    common_off = branches[0].off.keys() & branches[1].off.keys()
    for br in branches[2:]:
        if not common_on and not common_off:
            return []
        common_on &= br.on.keys()
        common_off &= br.off.keys()
    found = sorted((y, True) for y in common_on
                   if cands[y % nc] >> (y // nc) & 1 and y not in lits)
    found += sorted((y, False) for y in common_off if cands[y % nc] >> (y // nc) & 1)
    return found


def _dynamic_verity(state, ctx, lits, technique, kind, what, plus) -> "Step | None":
    cd = _verdicts(state)
    if cd is not None:
        if not _cfast.C.logic_dyn_common(cd, lits, plus):
            return None                     # a contradiction, or nothing in common
    else:
        quick = []
        for x in lits:
            check()
            br = _quick(state, ctx, x, plus)
            if br.contra:
                br = _branch(state, ctx, x, plus)
                if br.contra:
                    return None             # a contradiction: the contradiction step
            quick.append(br)
        if not _common(state, quick, lits):
            return None
    ctx = ctx or _context(state)
    branches = [_branch(state, ctx, x, plus) for x in lits]
    if any(br.contra for br in branches):
        return None
    found = _common(state, branches, lits)
    if not found:
        return None
    nc = ctx.nc
    first = found[0]
    evs, chains, cx = [], [], 0
    for x, br in zip(lits, branches):
        anc = dyn.ancestors(ctx, br, [first])
        evs.append(_branch_evidence(ctx, br, _node(nc, x, True), [first],
                                    _node(nc, *first), anc=anc))
        chains.append(_spine_text(ctx, br, first, anc=anc))
        cx += dyn.complexity(ctx, br, [first], anc)
    base = _SE["plus"] if plus else _SE["dynamic"]
    return _verity_step(state, technique, kind, what(), lits, found, evs, cx, base, chains)


def _dynamic(state, technique, kind, plus) -> Iterator[Step]:
    # with the C verdicts, the Python context is only built for a step
    cd = _verdicts(state)
    ctx = None if cd is not None else _context(state)
    if cd is not None:
        refuted = _c_refuted(state, cd, 2 if plus else 1)
    else:
        refuted = _refutable(state, _candidates(state))
    for x in refuted:
        check()
        if cd is not None and not plus:         # the singles branch's proof, from C
            step = _c_contradiction_step(state, cd, x, technique, kind, _SE["dynamic"])
            if step is not None:
                yield step
            continue
        br = _contradicts(state, ctx, x, plus)
        if br is not None:
            yield _contradiction_step(state, _context(state), br, x, technique, kind,
                                      _SE["plus"] if plus else _SE["dynamic"])
    for which in ("cell", "unit"):
        for lits, what in _cases(state, which):
            step = _dynamic_verity(state, ctx, lits, technique, kind, what, plus)
            if step:
                yield step


def find_dynamic_forcing_chain(state) -> Iterator[Step]:
    """Dynamic contradictions (candidates in order), then cell and unit verities."""
    return _dynamic(state, "dynamic-forcing-chain", "dynamic", False)


def find_dynamic_forcing_chain_plus(state) -> Iterator[Step]:
    """As dynamic-forcing-chain, the branches also using locked candidates, subsets
    and fish."""
    return _dynamic(state, "dynamic-forcing-chain-plus", "plus", True)


def find_nested_forcing_chain(state, *, max_depth: "int | None" = None) -> Iterator[Step]:
    """Contradictions whose branches nest contradictions 1, 2, ... levels down (the first
    depth that finds any).  Order: the candidates the solution lacks first, those whose
    singles branch removes the most candidates first, then cell and value; with a known
    solution only those are tried (as _refutable: the others never contradict)."""
    ctx = _context(state)
    lits = _candidates(state)
    false = set(_refutable(state, lits))    # those the solution lacks go first
    if len(false) < len(lits):
        lits = [x for x in lits if x in false]  # (one the solution has never contradicts)
    cd = _verdicts(state)
    if cd is not None:
        size = {x: _cfast.C.logic_dyn_size(cd, x) for x in lits}
    else:
        size = {x: _reach_size(state, _quick(state, ctx, x, False)) for x in lits}
    lits.sort(key=lambda x: (x not in false, -size[x]))
    limit = max_depth if max_depth is not None else \
        sum(1 for v in state.values if not v)
    for depth in range(1, limit + 1):
        any_found = False
        for x in lits:
            check()
            if cd is not None:
                if not _cfast.C.logic_dyn_contra(cd, x, True, depth):
                    continue                # nor does the fresh branch contradict
            else:
                quick = _quick(state, ctx, x, True)
                if not quick.contra:
                    quick = dyn.resume(quick.ctx, quick, plus=True, depth=depth)
                if not quick.contra:
                    continue                # nor would the fresh branch contradict
            br = _nested(state, ctx, x, depth)
            if br.contra:
                any_found = True
                yield _contradiction_step(state, ctx, br, x, "nested-forcing-chain",
                                          "nested", _SE["nested"] + 0.5 * (depth - 1))
        if any_found:
            return


def _nested(state, ctx, x, depth) -> "dyn.Branch":
    """x's fresh plus branch, nested depth levels down."""
    br = _branch(state, ctx, x, True)
    return br if br.contra else dyn.resume(ctx, br, plus=True, depth=depth)


def _reach_size(state, br) -> int:
    """How many of the state's candidates a branch decides (-1 for a contradiction): the
    same for a quick singles branch as for the fresh one."""
    if br.contra:
        return -1
    nc = state.tables.ncells
    cands = state.candidates
    return sum(1 for y in br.off if cands[y % nc] >> (y // nc) & 1) + \
        sum(1 for y in br.on if cands[y % nc] >> (y // nc) & 1)


def _refutable(state, lits) -> list:
    """The literals of lits a contradiction search must try: those the solution lacks
    (a candidate the solution has never leads to a contradiction), or all of them when
    the state has no known solution.  This skips work only: the steps are the same."""
    sol = _solution(state)
    if sol is None:
        return lits
    nc = state.tables.ncells
    return [x for x in lits if sol[x % nc] != x // nc + 1]


def _c_refuted(state, cd, test) -> Iterator[int]:
    """The literals of _refutable(state, _candidates(state)), in order, whose C test holds
    (sudokit/_c/logic_dyn.c logic_dyn_first: 0 Nishio, 1 the singles branch contradicts,
    2 the plus branch does), one C call per literal found."""
    sol = state._cache.get("solution")             # _solution's, checked in C
    if sol is None:
        sol = _solve(state.geometry, state.givens)
    sol = bytes(sol) if isinstance(sol, tuple) else b""
    n, nc = state.size, state.tables.ncells
    pos = 0
    while True:
        check()
        pos = _cfast.C.logic_dyn_first(cd, test, sol, pos)
        if pos < 0:
            return
        yield (pos % n) * nc + pos // n
        pos += 1


def _solution(state):
    """A solution of the givens that the state's candidates keep, else None (only used to
    skip candidates a contradiction search cannot refute: any solution serves)."""
    sol = state._cache.get("solution")
    if sol is None:
        sol = _solve(state.geometry, state.givens)
    if sol is None or not isinstance(sol, tuple):
        return None
    for c, (v, m) in enumerate(zip(state.values, state.candidates)):
        if (v and v != sol[c]) or (not v and not m >> (sol[c] - 1) & 1):
            return None
    return sol


_SOLVED: dict = {}


def _solve(geometry, givens):
    """One solution of the givens (a tuple), or None; cached per puzzle."""
    key = (geometry, givens)
    if key not in _SOLVED:
        from ...grid import Grid
        from .._budget import search  # bounded by the call's time limit (not cached when cut)
        g = geometry
        r = search(Grid(givens, g.display_shape, geometry=None if g.is_classic else g), limit=1)
        if len(_SOLVED) > 256:
            _SOLVED.clear()
        _SOLVED[key] = tuple(r.solution.values) if r.count >= 1 else None
    return _SOLVED[key]


TECHNIQUES = (
    Technique("nishio", "Nishio Forcing Chain", find_nishio, rank=400, se=7.5,
              level="extreme", score=500),
    Technique("cell-forcing-chain", "Cell Forcing Chains", find_cell_forcing_chain, rank=410,
              se=8.0, level="extreme", score=500),
    Technique("unit-forcing-chain", "Unit Forcing Chains", find_unit_forcing_chain, rank=415,
              se=8.0, level="extreme", score=500),
    Technique("dynamic-forcing-chain", "Dynamic Forcing Chains", find_dynamic_forcing_chain,
              rank=420, se=8.5, level="extreme", score=700),
    Technique("dynamic-forcing-chain-plus", "Dynamic Forcing Chains (+)",
              find_dynamic_forcing_chain_plus, rank=425, se=9.0, level="extreme", score=700),
    Technique("nested-forcing-chain", "Nested Forcing Chains", find_nested_forcing_chain,
              rank=430, se=9.5, level="extreme", score=700),
)
