"""Checks the tests make with their own code, not sudokit's: whether cells are connected."""

from __future__ import annotations


def connected(cells, n: int) -> bool:
    """True if the cells of an n x n grid (indices in reading order) form one piece,
    side by side (a flood fill from the smallest)."""
    cells = set(cells)
    todo, seen = [min(cells)], set()
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        r, k = divmod(c, n)
        near = (c - n if r else -1, c + n if r + 1 < n else -1,
                c - 1 if k else -1, c + 1 if k + 1 < n else -1)
        todo += [d for d in near if d in cells]
    return seen == cells
