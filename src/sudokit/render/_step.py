"""What a Step shows: its evidence read into cell fills, candidate marks and links.

A Step (sudokit.logic.step) keeps its evidence as a dict of plain data; the techniques use
these keys (see sudokit/logic/techniques/*.py), and this module reads them all:

    cells                 the cells of the pattern               -> shaded 'pattern'
    unit, units,          units (indices into geometry.units)    -> shaded 'unit' (faint)
    base, cover           a fish's base and cover lines          -> shaded 'unit'
    fins                  a finned fish's fins                   -> shaded 'fin'
    als                   lists of cells, one per almost locked set -> 'color1', 'color2' ...
    colors                lists of cells, one per colour (colouring) -> 'color1', 'color2' ...
    value, values, z      the values of the pattern: their candidates in the pattern cells
                          are circled 'pattern'
    chain                 [cells, value, 'on'|'off'] nodes in order (cells: one cell or a
                          list, a group node); 'on' nodes circled 'chain_on', 'off' ones
                          'chain_off'; consecutive nodes joined by an arrow
    links                 'strong'/'weak' per consecutive chain nodes; or [a, b, unit]
                          strong links of evidence['value'] (colouring, skyscrapers, W-Wing)
    branches              forcing chains: {'nodes', 'parents'}: an arrow from each parent
                          node to its child (to an 'on' node: strong, else weak)

Eliminations are marked 'eliminated' (red, struck out) and placements 'placement' (green),
whatever the technique.  A link kind the evidence does not name is read from the nodes: off
-> on is strong (one of them holds), anything else weak (they cannot both hold).

Rejected: one drawing function per technique (HoDoKu's way): 51 techniques, and every new
one would need its own; the evidence keys are shared, so one reader draws them all.
"""

from __future__ import annotations

__all__ = ["Plan", "plan"]

MAX_ARROWS = 80  # a forcing net beyond this is drawn in part (its text says the rest)


class Plan:
    """fills: [(cells, colour key)] in paint order; marks: {(cell, value): key};
    arrows: [((cells, value), (cells, value), 'strong'|'weak')]."""

    __slots__ = ("fills", "marks", "arrows")

    def __init__(self):
        self.fills: list[tuple[tuple[int, ...], str]] = []
        self.marks: dict[tuple[int, int], str] = {}
        self.arrows: list[tuple[tuple, tuple, str]] = []


def _ints(obj) -> list[int]:
    """The cells of evidence that should be a list of ints (anything else is ignored)."""
    if isinstance(obj, int) and not isinstance(obj, bool):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [c for c in obj if isinstance(c, int) and not isinstance(c, bool)]
    return []


def _node(raw):
    """((cells...), value, on) of an evidence node [cells, value, 'on'|'off'], or None."""
    if not isinstance(raw, (list, tuple)) or len(raw) != 3:
        return None
    cells, value, state = raw
    cells = tuple(sorted(_ints(cells)))
    if not cells or not isinstance(value, int):
        return None
    return cells, value, state == "on"


def plan(step, geometry) -> Plan:
    """The Plan of a step drawn on a grid of geometry (cells outside the grid are skipped)."""
    ev = step.evidence or {}
    ncells = geometry.size * geometry.size
    units = geometry.units
    out = Plan()

    def cells_ok(cells):
        return tuple(sorted({c for c in cells if 0 <= c < ncells}))

    unit_cells: set[int] = set()
    for key in ("unit", "units", "base", "cover"):
        for u in _ints(ev.get(key)):
            if 0 <= u < len(units):
                unit_cells.update(units[u])
    if unit_cells:
        out.fills.append((cells_ok(unit_cells), "unit"))
    pattern = cells_ok(_ints(ev.get("cells")))
    if pattern:
        out.fills.append((pattern, "pattern"))
    fins = cells_ok(_ints(ev.get("fins")))
    if fins:
        out.fills.append((fins, "fin"))
    for key in ("als", "colors"):
        groups = ev.get(key)
        if isinstance(groups, (list, tuple)):
            for k, group in enumerate(groups):
                cells = cells_ok(_ints(group))
                if cells:
                    out.fills.append((cells, f"color{k % 4 + 1}"))
    values = set(_ints(ev.get("value")) + _ints(ev.get("values")) + _ints(ev.get("z")))
    for c in pattern + fins:
        for v in sorted(values):
            out.marks[(c, v)] = "pattern"
    _chain(ev, out, ncells)
    _branches(ev, out, ncells)
    for c, v in step.eliminations:
        out.marks[(c, v)] = "eliminated"
    for c, v in step.placements:
        out.marks[(c, v)] = "placement"
    placed = cells_ok(c for c, _ in step.placements)
    if placed:
        out.fills.append((placed, "placement_fill"))
    return out


def _chain(ev, out: Plan, ncells: int) -> None:
    """Chain nodes and their links, and the [a, b, unit] strong links of one value."""
    triples = []
    value = ev.get("value")
    links = ev.get("links")
    if isinstance(links, (list, tuple)):
        for link in links:
            if isinstance(link, (list, tuple)) and len(link) == 3 and \
                    all(isinstance(x, int) for x in link[:2]) and isinstance(value, int):
                a, b = link[0], link[1]
                if 0 <= a < ncells and 0 <= b < ncells:
                    triples.append(frozenset((a, b)))
    kinds = [k for k in links if isinstance(k, str)] if isinstance(links, (list, tuple)) else []
    nodes = [n for n in map(_node, ev.get("chain") or ()) if n is not None]
    nodes = [n for n in nodes if all(0 <= c < ncells for c in n[0])]
    for cells, v, on in nodes:
        for c in cells:
            out.marks[(c, v)] = "chain_on" if on else "chain_off"
    strong_pairs = set(triples)
    for i in range(len(nodes) - 1):
        a, b = nodes[i], nodes[i + 1]
        if len(kinds) == len(nodes) - 1:
            kind = kinds[i]
        elif len(a[0]) == 1 and len(b[0]) == 1 and frozenset((a[0][0], b[0][0])) in strong_pairs \
                and a[1] == b[1]:
            kind = "strong"
            strong_pairs.discard(frozenset((a[0][0], b[0][0])))
        else:
            kind = "strong" if (not a[2] and b[2]) else "weak"
        out.arrows.append(((a[0], a[1]), (b[0], b[1]), kind))
    for pair in triples:  # strong links the chain did not walk (colouring clusters)
        if pair in strong_pairs and isinstance(value, int):
            a, b = sorted(pair)
            out.marks.setdefault((a, value), "pattern")
            out.marks.setdefault((b, value), "pattern")
            out.arrows.append((((a,), value), ((b,), value), "strong"))
            strong_pairs.discard(pair)


def _branches(ev, out: Plan, ncells: int) -> None:
    """The arrows of forcing-chain branches (each node from its parents), top level only."""
    branches = ev.get("branches")
    if not isinstance(branches, (list, tuple)):
        return
    for br in branches:
        if not isinstance(br, dict):
            continue
        nodes = [_node(n) for n in br.get("nodes") or ()]
        nodes = [n if n is not None and all(0 <= c < ncells for c in n[0]) else None
                 for n in nodes]
        parents = br.get("parents") or ()
        for i, node in enumerate(nodes):
            if node is None:
                continue
            for c in node[0]:
                out.marks.setdefault((c, node[1]), "chain_on" if node[2] else "chain_off")
            for p in (parents[i] if i < len(parents) else ()):
                if isinstance(p, int) and 0 <= p < len(nodes) and nodes[p] is not None \
                        and len(out.arrows) < MAX_ARROWS:
                    src = nodes[p]
                    out.arrows.append(((src[0], src[1]), (node[0], node[1]),
                                       "strong" if node[2] else "weak"))
