"""HoDoKu 2.2.0's Sue de Coq (5300), found in the order HoDoKu's miscellaneous solver finds
it (docs/se-rating.md section 10).

[HD] `src/solver/MiscellaneousSolver.java` (`getSueDeCoqInt`, `checkIntersection`,
`checkHouses`).  The first step is taken.  Rows, then columns, each against the boxes in
order; an intersection of at least two empty cells; two or three of its cells (in cell
order: pairs, each pair followed by its triples) holding N + 2 or more values; then a set
of cells of the line outside the intersection (subsets in HoDoKu's stack order) drawing on
those values, with fewer "own" cells than the surplus, and a set of box cells (outside
the intersection and the line set, not using the line set's intersection values) that
completes the count; the line and box remainders lose the values locked in the line
part and the box part respectively.
"""

from __future__ import annotations

from ..core.bits import POPCOUNT9, VALUES_OF9
from ..core.tables import HODOKU

_UNIT_CELLS = HODOKU.unit_cells

__all__ = ["sue_de_coq"]

def sue_de_coq(board):
    """HoDoKu's first Sue de Coq deletions [(cell, value)] on board, or None."""
    cands = board.cands
    for lines in (range(9), range(9, 18)):
        for i in lines:
            non_block = [c for c in _UNIT_CELLS[i] if cands[c]]
            for b in range(18, 27):
                block = [c for c in _UNIT_CELLS[b] if cands[c]]
                inter = [c for c in non_block if c in block]
                if len(inter) < 2:
                    continue
                dels = _intersection(cands, non_block, block, inter)
                if dels:
                    return dels
    return None


def _intersection(cands, non_block, block, inter):
    n = len(inter)
    for i1 in range(n - 1):
        m1 = cands[inter[i1]]
        for i2 in range(i1 + 1, n):
            m2 = m1 | cands[inter[i2]]
            if POPCOUNT9[m2] - 2 >= 2:
                dels = _check_units(cands, non_block, block, {inter[i1], inter[i2]}, m2, POPCOUNT9[m2] - 2)
                if dels:
                    return dels
            for i3 in range(i2 + 1, n):
                m3 = m2 | cands[inter[i3]]
                if POPCOUNT9[m3] - 3 >= 2:
                    dels = _check_units(cands, non_block, block,
                                   {inter[i1], inter[i2], inter[i3]}, m3, POPCOUNT9[m3] - 3)
                    if dels:
                        return dels
    return None


def _check_units(cands, non_block, block, act, inter_cands, n_plus):
    source = [c for c in non_block if c not in act]
    ctx = {"cands": cands, "non_block": non_block, "block": block, "act": act,
           "inter": inter_cands,
           "block_rest": [(c, cands[c]) for c in block if c not in act]}
    return _search(ctx, n_plus, source, 0xFFFF, False)


def _search(ctx, n_plus, source, allowed, second):
    """HoDoKu's stack enumeration of subsets of source (checkHouses)."""
    if not source:
        return None
    cands, inter = ctx["cands"], ctx["inter"]
    top = len(source)
    akt = [-1] * (top + 2)
    cells = [()] * (top + 2)
    masks = [0] * (top + 2)
    level = 1
    while True:
        while akt[level] >= top - 1:
            level -= 1
            if level <= 0:
                return None
        akt[level] += 1
        cells[level] = cells[level - 1] + (source[akt[level]],)
        masks[level] = masks[level - 1] | cands[source[akt[level]]]
        m = masks[level]
        fits = not m & ~allowed & 0xFFFF
        if fits:
            contained = POPCOUNT9[m & inter]
            extra_mask = m & ~inter & 0x1FF
            extra = POPCOUNT9[extra_mask]
            if not second:
                if contained > 0 and level > extra and level - extra < n_plus:
                    ctx["nb_cells"], ctx["nb_mask"] = cells[level], m
                    nb = set(cells[level])
                    block_allowed = ~(m & ~extra_mask) & 0xFFFF
                    # only cells within the allowed values can be in a set that fits, and
                    # one of them must hold an intersection value: the search visits the
                    # sets of those cells in the same order
                    bad = m & inter             # the line set's intersection values
                    block_source = [c for c, cm in ctx["block_rest"]
                                    if not cm & bad and c not in nb]
                    if any(cands[c] & inter & ~bad for c in block_source):
                        dels = _search(ctx, n_plus - (len(nb) - extra), block_source,
                                       block_allowed, True)
                        if dels:
                            return dels
            elif contained > 0 and len(cells[level]) - extra == n_plus:
                b_cells, b_mask = set(cells[level]), m
                nb_cells, nb_mask = set(ctx["nb_cells"]), ctx["nb_mask"]
                both = b_mask & nb_mask
                dels = []
                kill = ((inter | b_mask) & ~nb_mask) | both
                for c in ctx["block"]:
                    if c not in b_cells and c not in ctx["act"]:
                        dels.extend((c, v) for v in VALUES_OF9[cands[c] & kill])
                kill = ((inter | nb_mask) & ~b_mask) | both
                for c in ctx["non_block"]:
                    if c not in nb_cells and c not in ctx["act"]:
                        dels.extend((c, v) for v in VALUES_OF9[cands[c] & kill])
                if dels:
                    return dels
        if fits and akt[level] < top - 1:   # a superset of a set that does not fit
            level += 1                         # does not fit either: not visited
            akt[level] = akt[level - 1]
