"""How the forcing chains' steps read (forcing.py's finders build them here): names of
literals and contradictions, the evidence of a branch (its nodes in the order found, their
reasons and parents), the spine shown in the text, Sudoku Explainer's rating, and the
contradiction and verity steps themselves, from Python branches (core/propagate.py) or from the
C proof of a singles branch (sudokit/_c/logic_dyn_rec.c logic_dyn_proof).  See forcing.py
for the techniques, the order of the steps and the evidence format.
"""

from __future__ import annotations

from .. import _cfast
from ..core import propagate as dyn
from ..core.links import length_penalty, removed_text
from ..core.tables import join
from ..step import Step

_SE = {"nishio": 7.5, "static": 8.0, "dynamic": 8.5, "plus": 9.0, "nested": 9.5}


_NAMES = {"nishio": "Nishio Forcing Chain", "cell": "Cell Forcing Chains",
          "unit": "Unit Forcing Chains", "dynamic": "Dynamic Forcing Chains",
          "plus": "Dynamic Forcing Chains (+)", "nested": "Nested Forcing Chains"}


def _lit_text(t, nc, x, on) -> str:
    b, c = divmod(x, nc)
    return f"{t.name(c)}{'=' if on else '<>'}{t.value(b + 1)}"


def _conclusions_text(t, nc, lits) -> str:
    """'r1c1 is 3, and 9 is removed from r4c7 and r5c7'."""
    placed = [f"{t.name(x % nc)} is {t.value(x // nc + 1)}" for x, on in lits if on]
    gone = [(x % nc, x // nc + 1) for x, on in lits if not on]
    words = placed + ([removed_text(t, gone)] if gone else [])
    return join(words, ", and ")


def _fact(t, nc, x, on) -> str:
    """'r1c1 is 3' / 'r1c1 is not 3'."""
    b, c = divmod(x, nc)
    return f"{t.name(c)} is {'' if on else 'not '}{t.value(b + 1)}"


def _contra_text(ctx, br) -> str:
    return _contra_words(ctx.tables, br.contra)


def _contra_words(t, contra) -> str:
    """The contradiction ("both", x), ("cell", c) or ("unit", position, b) in words."""
    kind = contra[0]
    if kind == "both":
        b, c = divmod(contra[1], t.ncells)
        return f"{t.name(c)} would be both {t.value(b + 1)} and not {t.value(b + 1)}"
    if kind == "cell":
        return f"{t.name(contra[1])} has no candidate left"
    pos, b = contra[1], contra[2]
    return f"{t.value(b + 1)} has no place left in {t.unit_name(t.full[pos])}"


def _reason_word(ctx, reason) -> str:
    kind = reason[0]
    if kind == "assume":
        return "assumed"
    if kind == "naked":
        return "naked single"
    if kind == "hidden":
        return f"hidden single in {ctx.tables.unit_name(ctx.tables.full[reason[1]])}"
    if kind == "rule":
        return reason[1]
    return kind                              # cell, peer, link, nested


def _branch_evidence(ctx, br, assume, targets, result, depth=0, anc=None) -> dict:
    """{"assume", "nodes", "reasons", "parents", "result"[, "nested"]} of the nodes the
    targets rest on, in the order the branch found them (anc: dyn.ancestors of the
    targets, when known)."""
    if anc is None:
        anc = dyn.ancestors(ctx, br, targets)
    on_recs, off_recs = br.on, br.off
    order = sorted(anc, key=lambda node: (on_recs if node[1] else off_recs)[node[0]][0])
    index = {node: i for i, node in enumerate(order)}
    nc = ctx.nc
    nodes, reasons, parents, nested = [], [], [], {}
    words = {}                               # reason -> its word (reasons repeat)
    for i, node in enumerate(order):
        x, on = node
        b, c = divmod(x, nc)
        nodes.append([c, b + 1, "on" if on else "off"])
        reason = (on_recs if on else off_recs)[x][1]
        word = words.get(reason) if reason[0] != "nested" else None
        if word is None:
            word = words[reason] = _reason_word(ctx, reason)
        reasons.append(word)
        parents.append(sorted([index[p] for p in anc[node] if p in index]))
        if reason[0] == "nested" and depth < 3:
            sub = reason[1]
            sx = next(iter(sub.on))
            nested[str(i)] = _branch_evidence(ctx, sub, _node(nc, sx, True),
                                              dyn.contradiction_nodes(ctx, sub),
                                              _contra_text(ctx, sub), depth + 1)
    out = {"assume": assume, "nodes": nodes, "reasons": reasons, "parents": parents,
           "result": result}
    if nested:
        out["nested"] = nested
    return out


def _node(nc, x, on) -> list:
    b, c = divmod(x, nc)
    return [c, b + 1, "on" if on else "off"]


def _seq(br, node) -> int:
    return (br.on if node[1] else br.off)[node[0]][0]


def _spine(ctx, br, target, anc=None) -> list:
    """One line of implications from the assumption to target (first parents; anc: a
    dyn.ancestors dict holding target, when known)."""
    out = [target]
    node = target
    seen = {node}
    while True:
        ps = dyn.parents(ctx, br, *node) if anc is None else anc[node]
        ps = [p for p in ps if p not in seen]
        if not ps:
            break
        node = max(ps, key=lambda p: _seq(br, p))
        seen.add(node)
        out.append(node)
    return out[::-1]


def _spine_text(ctx, br, target, limit: int = 8, anc=None) -> str:
    return _nodes_text(ctx, br, _spine(ctx, br, target, anc), limit)


def _nodes_text(ctx, br, nodes, limit: int = 8) -> str:
    """'r1c1=3 -> r1c2<>3 -> ...' of [(literal, on)] (br: for the nested reasons, or
    None), the first 3, "..." and the last 3 past limit."""
    if len(nodes) > limit:                     # the first 3, "...", the last 3
        nodes = nodes[:3] + [None] + nodes[-3:]
    words = []
    for node in nodes:
        if node is None:
            words.append("...")
            continue
        x, on = node
        word = _lit_text(ctx.tables, ctx.nc, x, on)
        reason = (br.on if on else br.off)[x][1] if br is not None else ("",)
        if reason[0] == "nested":
            word += f" [{_lit_text(ctx.tables, ctx.nc, x, True)} contradicts]"
        words.append(word)
    return " -> ".join(words)


def _se(base: float, complexity: int) -> float:
    return round(base + length_penalty(complexity - 2), 1)


def _contradiction_step(state, ctx, br, x, technique, kind, base) -> Step:
    nc = ctx.nc
    targets = dyn.contradiction_nodes(ctx, br)
    result = _contra_text(ctx, br)
    anc = dyn.ancestors(ctx, br, targets)
    ev = _branch_evidence(ctx, br, _node(nc, x, True), targets, result, anc=anc)
    cx = dyn.complexity(ctx, br, targets, anc)
    if br.contra[0] == "both":
        chain = "; ".join(_spine_text(ctx, br, node, anc=anc) for node in targets)
    else:
        chain = _spine_text(ctx, br, max(targets, key=lambda p: _seq(br, p)), anc=anc)
    return _refuted_step(ctx.tables, x, technique, kind, base, result, ev, chain, cx)


_RECORDED = ("assume", "naked", "hidden", "cell", "peer", "link")   # propagate.h R_*


_CONTRAS = ("both", "cell", "unit")


def _c_contradiction_step(state, cd, x, technique, kind, base) -> "Step | None":
    """_contradiction_step of x's singles branch from the C proof (sudokit/_c/
    logic/propagate_record.c logic_dyn_proof: the branch's nodes, parents, complexity and spines
    as the pure helpers read them), or None when the branch does not contradict."""
    proof = _cfast.C.logic_dyn_proof(cd, x)
    if proof is None:
        return None
    contra, recs, parents, cx, spines = proof
    t = state.tables
    nc = t.ncells
    ctx = _Words(t)
    result = _contra_words(t, (_CONTRAS[contra[0] - 1],) + tuple(contra[1:]))
    nodes, reasons, words = [], [], {}
    for y, on, k, arg in recs:
        nodes.append([y % nc, y // nc + 1, "on" if on else "off"])
        key = (k, arg) if k == 2 else k
        word = words.get(key)
        if word is None:
            word = words[key] = _reason_word(ctx, (_RECORDED[k], arg))
        reasons.append(word)
    ev = {"assume": _node(nc, x, True), "nodes": nodes, "reasons": reasons,
          "parents": parents, "result": result}
    chain = "; ".join(_nodes_text(ctx, None, [recs[i][:2] for i in sp]) for sp in spines)
    return _refuted_step(t, x, technique, kind, base, result, ev, chain, cx)


class _Words:
    """The naming part of a Context (tables, nc) for the text helpers."""

    __slots__ = ("tables", "nc")

    def __init__(self, t):
        self.tables, self.nc = t, t.ncells


def _refuted_step(t, x, technique, kind, base, result, ev, chain, cx) -> Step:
    """The step removing x: "If x, then result (chain), so ..." (ev: its branch)."""
    b, c = divmod(x, t.ncells)
    return Step(technique, eliminations=[(c, b + 1)],
                evidence={"cells": [c], "values": [b + 1], "branches": [ev]},
                text=f"If {t.name(c)} is {t.value(b + 1)}, then {result} ({_NAMES[kind]}: "
                     f"{chain}), so {t.value(b + 1)} is removed from {t.name(c)}.",
                se=_se(base, cx))


def _verity_step(state, technique, kind, what, lits, found, evs, cx, base, chains) -> Step:
    t, nc = state.tables, state.tables.ncells
    placements = [(y % nc, y // nc + 1) for y, on in found if on]
    eliminations = [(y % nc, y // nc + 1) for y, on in found if not on]
    cells = sorted({x % nc for x in lits})
    values = sorted({x // nc + 1 for x in lits})
    shown = "; ".join(chains[:4]) + ("; ..." if len(chains) > 4 else "")
    return Step(technique, placements=placements, eliminations=eliminations,
                evidence={"cells": cells, "values": values, "branches": evs},
                text=f"Whichever {what}, {_fact(t, nc, *found[0])} "
                     f"({_NAMES[kind]}: {shown}), so {_conclusions_text(t, nc, found)}.",
                se=_se(base, cx))


def _cell_what(state, c) -> str:
    t = state.tables
    vals = [t.value(v) for v in range(1, t.n + 1) if state.candidates[c] >> (v - 1) & 1]
    return f"value {t.name(c)} takes ({join(vals, ' or ')})"


def _unit_what(state, u, v, lits) -> str:
    t = state.tables
    return (f"place {t.value(v)} takes in {t.unit_name(u)} "
            f"({join([t.name(x % t.ncells) for x in lits], ' or ')})")
