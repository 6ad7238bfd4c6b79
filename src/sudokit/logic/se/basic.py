"""SE's producers 1-14, 16-18 and 20, 22: singles to subsets, fish, wings, aligned exclusions.

Each producer is ``def name(board) -> Hint | None``: the first hint in SE's scan order
(docs/se-rating.md sections 4 and 5), or None.  Cell sets are ints (bit c for cell c);
the *positions* of a value in a unit are the cells of the unit holding it as a candidate.
"""

from __future__ import annotations

from ..core.bits import (POPCOUNT9, VALUES_OF9, cells_of, closed_sets, colex, in_colex,
                         value_cells)
from ..techniques.fish import basic_fish
from ..techniques.wings import xy_wings
from . import BCR, BOXES, COLS, PEER_BITS, PEERS, ROWS, UNIT_BITS, UNIT_CELLS, empty_counts

__all__ = ["Hint", "hidden_single", "direct_locking", "direct_hidden", "naked_single",
           "locking", "naked_set", "fish", "hidden_set", "wing", "aligned_pair",
           "aligned_triple"]


class Hint:
    """One SE hint: its rating, eliminations {cell: mask}, an optional placement (cell,
    value), a name, and for chaining hints the complexity and sort key."""

    __slots__ = ("rating", "elims", "place", "name", "complexity", "key")

    def __init__(self, rating, elims, place=None, name="", complexity=0, key=0):
        self.rating, self.elims, self.place, self.name = rating, elims, place, name
        self.complexity, self.key = complexity, key

    def apply(self, board) -> None:
        """SE's IndirectHint.apply: remove the eliminations, then place (if any)."""
        for cell, mask in self.elims.items():
            board.eliminate(cell, mask)
        if self.place is not None:
            board.place(*self.place)

    def __repr__(self) -> str:
        return f"<Hint {self.name} {self.rating!r}>"




# ----------------------------------------------------------------------------- singles

def hidden_single(board):
    """Producer 1: full houses (1.0) first, then hidden singles (box 1.2, row/col 1.5)."""
    vc = value_cells(board.cands, 9)
    empties = empty_counts(board.values)
    for alone in (True, False):
        for units in BCR:
            for u in units:
                if (empties[u] == 1) != alone:
                    continue
                ub = UNIT_BITS[u]
                for v in range(1, 10):
                    pos = vc[v] & ub
                    if pos and not pos & (pos - 1):
                        cell = pos.bit_length() - 1
                        rating = 1.0 if alone else (1.2 if u < 9 else 1.5)
                        return Hint(rating, {}, (cell, v), "full house" if alone
                                    else "hidden single")
    return None


def naked_single(board):
    """Producer 4: the first cell (row by row) with one candidate, 2.3."""
    for c, m in enumerate(board.cands):
        if m and not m & (m - 1):
            return Hint(2.3, {}, (c, m.bit_length()), "naked single")
    return None


# ----------------------------------------------------------------------------- locking

_LOCK_PAIRS = ((BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES))


def _confined(vc):
    """(units of u1's type, u1, u2, v) for every value v with two or more positions in unit
    u1, all of them in unit u2 (a box and a line), in SE's order; vc: value_cells."""
    for types1, types2 in _LOCK_PAIRS:
        for u1 in types1:
            b1 = UNIT_BITS[u1]
            for u2 in types2:
                b2 = UNIT_BITS[u2]
                if not b1 & b2:
                    continue
                for v in range(1, 10):
                    pos = vc[v] & b1
                    if pos & (pos - 1) and not pos & ~b2:
                        yield types1, u1, u2, v


def direct_locking(board):
    """Producer 2: direct pointing (1.7) / claiming (1.9), placing a value."""
    vc = value_cells(board.cands, 9)
    for types1, u1, u2, v in _confined(vc):
        b2 = UNIT_BITS[u2]
        for u3 in types1:
            if u3 == u1 or not UNIT_BITS[u3] & b2:
                continue
            pos3 = vc[v] & UNIT_BITS[u3]
            if pos3 & (pos3 - 1):
                rest = pos3 & ~b2
                if rest and not rest & (rest - 1):
                    pointing = u1 < 9
                    return Hint(1.7 if pointing else 1.9, {}, (rest.bit_length() - 1, v),
                                "direct pointing" if pointing else "direct claiming")
    return None


def locking(board):
    """Producer 6: pointing (2.6) / claiming (2.8)."""
    vc = value_cells(board.cands, 9)
    for _types1, u1, u2, v in _confined(vc):
        gone = vc[v] & UNIT_BITS[u2] & ~UNIT_BITS[u1]
        if gone:
            bit = 1 << (v - 1)
            pointing = u1 < 9
            return Hint(2.6 if pointing else 2.8, {c: bit for c in cells_of(gone)}, None,
                        "pointing" if pointing else "claiming")
    return None


# ----------------------------------------------------------------------------- subsets

_HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
_NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
_FISH = {2: 3.2, 3: 3.8, 4: 5.2}


def _hidden_sets(board, k: int, min_empty: int):
    """(pos, cells, vmask) for every k values of a unit with more than min_empty empty
    cells whose positions are k cells together, in SE's order: pos[i] = the cells of value
    i + 1 in the unit, cells = the k cells, vmask = the k values."""
    vc = value_cells(board.cands, 9)
    empties = empty_counts(board.values)
    for units in BCR:
        for u in units:
            if empties[u] <= min_empty:
                continue
            ub = UNIT_BITS[u]
            pos = [vc[v] & ub for v in range(1, 10)]
            # a value in a set has 2..k positions: the others cannot be part of one, and
            # leaving them out keeps the order of the remaining combinations (colex)
            vals = [i for i in range(9) if 2 <= pos[i].bit_count() <= k]
            for sub, union in closed_sets(range(len(vals)), [pos[i] for i in vals], k,
                                          in_colex):
                vmask = 0
                for j in sub:
                    vmask |= 1 << vals[j]
                yield pos, union, vmask


def hidden_set(board, k: int):
    """Producers 9, 12, 18: hidden pair / triple / quad (3.4 / 4.0 / 5.4)."""
    cands = board.cands
    for _pos, union, vmask in _hidden_sets(board, k, 2 * k):
        elims = {}
        for c in cells_of(union):
            extra = cands[c] & ~vmask
            if extra:
                elims[c] = extra
        if elims:
            return Hint(_HIDDEN[k], elims, None, f"hidden set {k}")
    return None


def direct_hidden(board, k: int):
    """Producers 3 and 5: a hidden set leaving one place to another value (2.0 / 2.5)."""
    for pos, union, vmask in _hidden_sets(board, k, k):
        for i in range(9):
            if vmask >> i & 1:
                continue
            p = pos[i]
            if p & (p - 1):
                rest = p & ~union
                if rest and not rest & (rest - 1):
                    return Hint(2.0 if k == 2 else 2.5, {}, (rest.bit_length() - 1, i + 1),
                                f"direct hidden {'pair' if k == 2 else 'triple'}")
    return None


def naked_set(board, k: int):
    """Producers 7, 10, 16: naked pair / triple / quad (3.0 / 3.6 / 5.0)."""
    cands = board.cands
    empties = empty_counts(board.values)
    for units in BCR:
        for u in units:
            if empties[u] < 2 * k:
                continue
            cells = UNIT_CELLS[u]
            pool = [c for c in cells if 2 <= POPCOUNT9[cands[c]] <= k]
            for sub, union in closed_sets(range(len(pool)), [cands[c] for c in pool], k,
                                          in_colex):
                chosen = [pool[j] for j in sub]
                elims = {}
                for c in cells:
                    if c not in chosen and cands[c] & union:
                        elims[c] = cands[c] & union
                if elims:
                    return Hint(_NAKED[k], elims, None, f"naked set {k}")
    return None


def fish(board, k: int):
    """Producers 8, 11, 17: X-wing / swordfish / jellyfish (3.2 / 3.8 / 5.2): the ladder's
    search (logic/techniques/fish.py) over the values placed at most 9 - 2k times, SE's
    first taken: base cols before base rows, base lines in colex order, then value."""
    cands = board.cands
    rows = [[0] * 9 for _ in range(10)]
    cols = [[0] * 9 for _ in range(10)]
    placed = [0] * 10
    for c in range(81):
        r, j = divmod(c, 9)
        for v in VALUES_OF9[cands[c]]:
            rows[v][r] |= 1 << j
            cols[v][j] |= 1 << r
    for v in board.values:
        placed[v] += 1
    wanted = [v for v in range(1, 10) if placed[v] + 2 * k <= 9]
    found = min(basic_fish(((1, cols), (0, rows)), k, wanted), default=None,
                key=lambda f: (f[1] == 0, f[2][::-1], f[0]))
    if found is None:
        return None
    bit = 1 << (found[0] - 1)
    return Hint(_FISH[k], dict.fromkeys(found[4], bit), None, f"fish {k}")


# ----------------------------------------------------------------------------- wings

def wing(board, xyz: bool):
    """Producers 13 and 14: the first XY-wing (4.2) or XYZ-wing (4.4) of the ladder's
    search, wings in SE's peer order."""
    for _, _, _, z, gone in xy_wings(board.cands, PEER_BITS, xyz, near=PEERS):
        return Hint(4.4 if xyz else 4.2, dict.fromkeys(gone, z), None,
                    "XYZ-wing" if xyz else "XY-wing")
    return None


# ----------------------------------------------------------------------------- exclusions

def _sees(a: int, b: int) -> bool:
    return bool(PEER_BITS[a] >> b & 1)


def _base_cells(cands, top: int):
    """SE's base cells of an aligned exclusion: (cells, {cell: excluders list})."""
    cells, excl = [], {}
    for c in range(81):
        if POPCOUNT9[cands[c]] < 2:
            continue
        single = False
        ex = []
        for d in PEERS[c]:
            n = POPCOUNT9[cands[d]]
            if n == 1:
                single = True
            elif 2 <= n <= top:
                ex.append(d)
        if not single and ex:
            cells.append(c)
            excl[c] = ex
    return cells, excl


def _exclude(cands, base: tuple, common: list):
    """The eliminations of aligned exclusion on base cells with common excluders: a
    combination of values (one per cell) is refused when two cells that see each other get
    the same value, or when some common excluder has all its candidates among the values."""
    ex = list(dict.fromkeys(cands[e] for e in common))
    allowed = [0] * len(base)
    full = [cands[c] for c in base]
    if len(base) == 2:
        c0, c1 = base
        same_ok = not _sees(c0, c1)
        for v0 in VALUES_OF9[cands[c0]]:
            b0 = 1 << (v0 - 1)
            for v1 in VALUES_OF9[cands[c1]]:
                if v0 == v1 and not same_ok:
                    continue
                used = b0 | (1 << (v1 - 1))
                if any(not m & ~used for m in ex):
                    continue
                allowed[0] |= b0
                allowed[1] |= 1 << (v1 - 1)
                if allowed == full:
                    return {}
    else:
        c0, c1, c2 = base
        s01, s02, s12 = _sees(c0, c1), _sees(c0, c2), _sees(c1, c2)
        for v0 in VALUES_OF9[cands[c0]]:
            b0 = 1 << (v0 - 1)
            for v1 in VALUES_OF9[cands[c1]]:
                if v0 == v1 and s01:
                    continue
                b01 = b0 | (1 << (v1 - 1))
                for v2 in VALUES_OF9[cands[c2]]:
                    if (v2 == v0 and s02) or (v2 == v1 and s12):
                        continue
                    used = b01 | (1 << (v2 - 1))
                    if any(not m & ~used for m in ex):
                        continue
                    allowed[0] |= b0
                    allowed[1] |= 1 << (v1 - 1)
                    allowed[2] |= 1 << (v2 - 1)
                    if allowed == full:  # every candidate allowed: nothing to remove
                        return {}
    elims = {}
    for j, c in enumerate(base):
        gone = cands[c] & ~allowed[j]
        if gone:
            elims[c] = gone
    return elims


def aligned_pair(board):
    """Producer 20: aligned pair exclusion, 6.2."""
    cands = board.cands
    cells, excl = _base_cells(cands, 2)
    if len(cells) < 2:
        return None
    for i0, i1 in colex(2, len(cells)):
        c0, c1 = cells[i0], cells[i1]
        second = set(excl[c1])
        common = [d for d in excl[c0] if d in second]
        if len(common) >= 2:
            elims = _exclude(cands, (c0, c1), common)
            if elims:
                return Hint(6.2, elims, None, "aligned pair exclusion")
    return None


def aligned_triple(board):
    """Producer 22: aligned triple exclusion, 7.5."""
    cands = board.cands
    cells, excl = _base_cells(cands, 3)
    if len(cells) < 3:
        return None
    is_base = set(cells)
    for i0, i1 in colex(2, len(cells)):
        c0, c1 = cells[i0], cells[i1]
        twin = []
        seen = {c0, c1}
        for d in excl[c0] + excl[c1]:
            if d not in seen and d in is_base:
                seen.add(d)
                twin.append(d)
        common01 = set(excl[c0]) & set(excl[c1])
        if len(common01) < 2:
            continue  # the common excluders of three cells are a subset of these
        for c2 in twin:
            third = set(excl[c2])
            common = [d for d in excl[c0] if d in common01 and d in third]
            if len(common) >= 2:
                elims = _exclude(cands, (c0, c1, c2), common)
                if elims:
                    return Hint(7.5, elims, None, "aligned triple exclusion")
    return None
