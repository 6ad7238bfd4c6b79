"""Line views of a state that the single-value families share (fish, patterns).

    line_masks(state)   (rows, cols): rows[v][r] = the columns of row r where v is a
                        candidate, as a bit mask over column indices (bit j: column j+1);
                        cols[v][c] the same over row indices.  A line where v is already
                        placed gets 0: it is no base of a fish (a player's extra marks there
                        prove nothing).
    box_of(tables)      for each cell, its box (or jigsaw region) unit, -1 when it has none.

The strong links of one value (conjugate pairs) are core.links.strong_links.  The results
are cached in the state's cache (a State never changes, so they stay valid).

Rejected: cell sets (Tables bitsets) for the fish lines.  A fish compares which columns its
rows use, so masks over column indices make "how many columns" one bit_count.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["line_masks", "box_of", "line_word"]


def line_masks(state):
    """(rows, cols) of per-value line masks (see the module docstring)."""
    cache = state._cache
    found = cache.get("line-masks")
    if found is None:
        n = state.size
        rows = [[0] * n for _ in range(n + 1)]
        cols = [[0] * n for _ in range(n + 1)]
        placed_r = [0] * n
        placed_c = [0] * n
        for c, (val, m) in enumerate(zip(state.values, state.candidates)):
            r, k = divmod(c, n)
            if val:
                placed_r[r] |= 1 << (val - 1)
                placed_c[k] |= 1 << (val - 1)
                continue
            while m:
                low = m & -m
                v = low.bit_length()
                rows[v][r] |= 1 << k
                cols[v][k] |= 1 << r
                m ^= low
        for v in range(1, n + 1):
            bit = 1 << (v - 1)
            for i in range(n):
                if placed_r[i] & bit:
                    rows[v][i] = 0
                if placed_c[i] & bit:
                    cols[v][i] = 0
        found = (rows, cols)
        cache["line-masks"] = found
    return found


@lru_cache(maxsize=64)
def box_of(t) -> tuple:
    """For each cell of Tables t, the box or region unit holding it (-1: none)."""
    out = [-1] * t.ncells
    for u in t.boxes:
        for c in t.units[u]:
            out[c] = u
    return tuple(out)


def line_word(t, units) -> str:
    """'rows 2 and 8', 'column 4', 'columns 1, 5 and 9' of row or column units of Tables t."""
    if not units:
        return ""
    kind = t.kind[units[0]]
    first = t.rows[0] if kind == "row" else t.cols[0]
    word = "row" if kind == "row" else "column"
    nums = [str(u - first + 1) for u in units]
    from ..core.tables import join
    return f"{word}{'s' if len(nums) > 1 else ''} {join(nums)}"
