"""The 9x9 grid tables and small helpers every HoDoKu finder module shares
(src/sudokit/rate/_hodoku_*.py): HoDoKu numbers cells 0-80 row-major and houses 0-26
(rows, columns, boxes), as SE does."""

from __future__ import annotations

# the three houses of each cell: (row, 9 + column, 18 + box)
_CONSTR = tuple((c // 9, 9 + c % 9, 18 + 3 * (c // 27) + (c % 9) // 3) for c in range(81))
# the cells of each house, ascending; the same as a bitmask
_UNITS = tuple(tuple(c for c in range(81) if u in _CONSTR[c]) for u in range(27))
_HOUSE = tuple(sum(1 << c for c in _UNITS[u]) for u in range(27))
# the cells that share a house with each cell (itself excluded), as a bitmask
_PEERS = tuple(sum(1 << d for d in range(81)
                   if d != c and set(_CONSTR[c]) & set(_CONSTR[d])) for c in range(81))
# the number of values in a 9-bit candidate mask
_POP = tuple(bin(m).count("1") for m in range(512))


def _cells(mask: int) -> list:
    """The cells of a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _where(cands) -> list:
    """where[v]: the bitmask of the cells holding candidate v (1-9) in cands (81 masks,
    bit v-1 = value v)."""
    where = [0] * 10
    for c in range(81):
        for v in range(1, 10):
            if cands[c] >> (v - 1) & 1:
                where[v] |= 1 << c
    return where


def _index_sum(dels) -> int:
    """HoDoKu's index sum of a list of deletions (cell, value), the second key of its step
    order (SolutionStep.compareTo, AlsComparator): each deletion weighs cell + value, the
    k-th one's cell scaled by 1 + 80 k."""
    s, off = 0, 1
    for cell, v in dels:
        s += cell * off + v
        off += 80
    return s


def _allowed(values) -> list:
    """allowed[v]: the bitmask of the empty cells where value v (1-9) may still go: no peer
    holds it (HoDoKu's free-cell sets, used by the uniqueness and forcing finders)."""
    allowed = [0] * 10
    empty = sum(1 << c for c in range(81) if not values[c])
    for v in range(1, 10):
        m = empty
        for c in range(81):
            if values[c] == v:
                m &= ~_PEERS[c]
        allowed[v] = m
    return allowed
