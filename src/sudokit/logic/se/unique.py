"""SE's uniqueness producers: unique rectangles / loops (15) and BUG (19).

Both assume the puzzle has one solution (docs/se-rating.md sections 5.8 and 5.9).  Unique
loops collect every hint and emit the smallest by (rating, type), discovery order on ties;
BUG emits the first of its types that applies.
"""

from __future__ import annotations

from ..core.bits import POPCOUNT9, VALUES_OF9, colex
from . import BRC, CELL_UNITS, PEER_BITS, PEERS, UNIT_BITS, UNIT_CELLS
from .basic import Hint

__all__ = ["unique_loops", "bug"]


def _loop_rating(n: int) -> float:
    """U(n) exactly as SE adds it up (doubles: order matters for ties)."""
    r = 4.5
    if n >= 10:
        r += 0.3
    if n >= 8:
        r += 0.2
    elif n >= 6:
        r += 0.1
    return r


def _find_loops(cands, start: int, pair: int) -> list:
    """Every closed path SE's depth-first walk finds from start (lists of cells)."""
    results = []
    loop = []
    in_loop = set()

    def walk(cell, allowed, extra, last):
        loop.append(cell)
        in_loop.add(cell)
        for t in range(3):
            if t == last:
                continue
            for nxt in UNIT_CELLS[CELL_UNITS[cell][t]]:
                if nxt == loop[0] and len(loop) >= 4:
                    results.append(list(loop))
                elif nxt not in in_loop:
                    p = cands[nxt]
                    if p & pair == pair:
                        extra |= p & ~pair  # kept across siblings (SE's quirk)
                        card = POPCOUNT9[p]
                        if card == 2 or POPCOUNT9[extra] == 1 or allowed > 0:
                            walk(nxt, allowed - 1 if card > 2 else allowed, extra, t)
        loop.pop()
        in_loop.discard(cell)

    walk(start, 2, 0, None)
    return results


def _is_valid(loop) -> bool:
    odd, even = set(), set()
    flip = False
    for cell in loop:
        side = odd if flip else even
        for u in CELL_UNITS[cell]:
            if u in side:
                return False
            side.add(u)
        flip = not flip
    return odd == even


def _type2(cands, loop, extra_cells, pair, n):
    value = cands[extra_cells[0]] & ~pair
    value &= -value
    common = PEER_BITS[extra_cells[0]]
    for c in extra_cells[1:]:
        common &= PEER_BITS[c]
    elims = {}
    for d in PEERS[extra_cells[0]]:
        if common >> d & 1 and d not in extra_cells and cands[d] & value:
            elims[d] = value
    return Hint(_loop_rating(n), elims, None, "unique loop type 2", key=2) if elims else None


def _type3(board, loop, c1, c2, v1, v2, n):
    cands, values = board.cands, board.values
    pair = (1 << (v1 - 1)) | (1 << (v2 - 1))
    extra = (cands[c1] | cands[c2]) & ~pair
    out = []
    base = _loop_rating(n)
    for degree in range(POPCOUNT9[extra], 8):
        for t in range(3):
            u = CELL_UNITS[c1][t]
            if u != CELL_UNITS[c2][t]:
                continue
            cells = UNIT_CELLS[u]
            empty = sum(1 for c in cells if not values[c])
            i1, i2 = cells.index(c1), cells.index(c2)
            if degree * 2 <= empty:
                for combo in colex(degree, 9):
                    if i1 not in combo or i2 in combo:
                        continue
                    naked = extra & cands[c1] & cands[c2]
                    union = 0
                    ok = True
                    others = []
                    for i in combo:
                        if i == i1:
                            p = extra
                        else:
                            p = cands[cells[i]]
                            naked |= p
                            others.append(cells[i])
                        if POPCOUNT9[p] < 2:
                            ok = False
                        union |= p
                    if POPCOUNT9[naked] != degree or not ok or POPCOUNT9[union] != degree:
                        continue
                    elims = {}
                    for c in cells:
                        if c not in others and c != c1 and c != c2 and cands[c] & union:
                            elims[c] = cands[c] & union
                    if elims:
                        out.append(Hint(base + (POPCOUNT9[union] - 1) * 0.1, elims, None,
                                        "unique loop type 3 naked", key=3))
            if degree * 2 < empty:
                rem = [v for v in range(1, 10) if v != v1 and v != v2
                       and not extra >> (v - 1) & 1]
                if degree - 2 <= len(rem):
                    for combo in colex(degree - 2, len(rem)):
                        vals = [rem[i] for i in combo] + [v1, v2]
                        union = 0
                        ok = True
                        for v in vals:
                            bit = 1 << (v - 1)
                            p = 0
                            for i, c in enumerate(cells):
                                if i != i2 and cands[c] & bit:
                                    p |= 1 << i
                            if not p:
                                ok = False
                            union |= p
                        if not ok or POPCOUNT9[union] != degree:
                            continue
                        hidden = 0
                        for v in vals:
                            hidden |= 1 << (v - 1)
                        union &= ~((1 << i1) | (1 << i2))
                        elims = {}
                        for i in range(9):
                            if union >> i & 1:
                                c = cells[i]
                                if cands[c] & ~hidden:
                                    elims[c] = cands[c] & ~hidden
                        if elims:
                            out.append(Hint(base + (POPCOUNT9[union] - 1) * 0.1, elims, None,
                                            "unique loop type 3 hidden", key=3))
    return out


def _type4(cands, c1, c2, v1, v2, n):
    b1, b2 = 1 << (v1 - 1), 1 << (v2 - 1)
    r1 = r2 = False
    for t in range(3):
        u = CELL_UNITS[c1][t]
        if u != CELL_UNITS[c2][t]:
            continue
        has1 = has2 = False
        for c in UNIT_CELLS[u]:
            if c != c1 and c != c2:
                has1 = has1 or bool(cands[c] & b1)
                has2 = has2 or bool(cands[c] & b2)
        if not has1:
            r1 = True
        if not has2:
            r2 = True
    if r1:
        return Hint(_loop_rating(n), {c1: b2, c2: b2}, None, "unique loop type 4", key=4)
    if r2:
        return Hint(_loop_rating(n), {c1: b1, c2: b1}, None, "unique loop type 4", key=4)
    return None


def unique_loops(board):
    """Producer 15: the cheapest unique rectangle / loop hint (types 1-4), or None."""
    cands = board.cands
    best = None
    for cell in range(81):
        m = cands[cell]
        if POPCOUNT9[m] != 2:
            continue
        v1, v2 = VALUES_OF9[m]
        for loop in _find_loops(cands, cell, m):
            if not _is_valid(loop):
                continue
            n = len(loop)
            extra_cells = [c for c in loop if POPCOUNT9[cands[c]] > 2]
            found = []
            if len(extra_cells) == 1:
                found.append(Hint(_loop_rating(n), {extra_cells[0]: m}, None,
                                  "unique loop type 1", key=1))
            elif len(extra_cells) > 2:
                h = _type2(cands, loop, extra_cells, m, n)
                if h:
                    found.append(h)
            elif len(extra_cells) == 2:
                c1, c2 = extra_cells
                rest = (cands[c1] | cands[c2]) & ~m
                if POPCOUNT9[rest] == 1:
                    h = _type2(cands, loop, extra_cells, m, n)
                    if h:
                        found.append(h)
                elif POPCOUNT9[rest] >= 2:
                    found.extend(_type3(board, loop, c1, c2, v1, v2, n))
                h = _type4(cands, c1, c2, v1, v2, n)
                if h:
                    found.append(h)
            for h in found:
                if best is None or (h.rating, h.key) < (best.rating, best.key):
                    best = h
    return best


# ----------------------------------------------------------------------------- BUG

def bug(board):
    """Producer 19: BUG types 1-4 (5.6; 5.7; 5.7 + 0.1 per extra value of type 3)."""
    cands, values = board.cands, board.values
    temp = list(cands)
    bug_cells, bug_values, all_bug = [], {}, 0
    common = None
    for units in BRC:
        for u in units:
            cells = UNIT_CELLS[u]
            for v in range(1, 10):
                bit = 1 << (v - 1)
                pos = [c for c in cells if cands[c] & bit]
                if len(pos) in (0, 2):
                    continue
                new = [c for c in pos if POPCOUNT9[cands[c]] >= 3]
                if len(new) == 1:
                    c = new[0]
                    if c not in bug_cells:
                        bug_cells.append(c)
                    bug_values[c] = bug_values.get(c, 0) | bit
                    all_bug |= bit
                    temp[c] &= ~bit
                    if common is None:
                        common = list(PEERS[c])
                    else:
                        common = [d for d in common if PEER_BITS[c] >> d & 1]
                    common = [d for d in common if d not in bug_cells]
                    if len(bug_cells) > 1 and POPCOUNT9[all_bug] > 1 and not common:
                        return None
                if not new:
                    return None
    for c in range(81):
        if not values[c] and POPCOUNT9[temp[c]] != 2:
            return None
    for u in range(27):
        for v in range(1, 10):
            bit = 1 << (v - 1)
            n = sum(1 for c in UNIT_CELLS[u] if temp[c] & bit)
            if n != 0 and n != 2:
                return None
    if len(bug_cells) == 1:
        c = bug_cells[0]
        return Hint(5.6, {c: cands[c] & ~all_bug}, None, "BUG type 1")
    if POPCOUNT9[all_bug] == 1:
        if common:
            elims = {d: all_bug for d in common if cands[d] & all_bug}
            if elims:
                return Hint(5.7, elims, None, "BUG type 2")
        if len(bug_cells) == 2:
            return _bug4(cands, bug_cells, bug_values, all_bug)
        return None
    if common:
        if len(bug_cells) == 2:
            h = _bug4(cands, bug_cells, bug_values, all_bug)
            if h:
                return h
        return _bug3(cands, bug_cells, all_bug, common)
    return None


def _shared_unit(cells, t):
    u = CELL_UNITS[cells[0]][t]
    return u if all(CELL_UNITS[c][t] == u for c in cells) else None


def _bug4(cands, bug_cells, bug_values, all_bug):
    c1, c2 = bug_cells
    shared = cands[c1] & cands[c2] & ~all_bug
    if POPCOUNT9[shared] != 1:
        return None
    for t in range(3):
        if _shared_unit(bug_cells, t) is not None:
            return Hint(5.7, {c1: cands[c1] & ~bug_values[c1] & ~shared,
                              c2: cands[c2] & ~bug_values[c2] & ~shared}, None, "BUG type 4")
    return None


def _bug3(cands, bug_cells, all_bug, common):
    for t in range(3):
        u = _shared_unit(bug_cells, t)
        if u is None:
            continue
        region = [d for d in common if UNIT_BITS[u] >> d & 1]
        for degree in range(2, 7):
            if len(region) < degree:
                continue
            for combo in colex(degree - 1, len(region)):
                naked_cells = [region[i] for i in combo]
                other = 0
                ok = True
                for c in naked_cells:
                    other |= cands[c]
                    if POPCOUNT9[cands[c]] < 2:
                        ok = False
                if POPCOUNT9[other] != degree:
                    continue
                union = other | all_bug
                if not ok or POPCOUNT9[all_bug] < 2 or POPCOUNT9[union] != degree:
                    continue
                elims = {}
                for c in region:
                    if c not in naked_cells and c not in bug_cells and cands[c] & union:
                        elims[c] = cands[c] & union
                if elims:
                    return Hint(5.7 + (POPCOUNT9[union] - 1) * 0.1, elims, None, "BUG type 3")
    return None
