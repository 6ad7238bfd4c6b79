"""An oracle for the rules over many cells, written from their plain meaning only.

Nothing here imports sudokit's propagators, its geometry checker or its kernels: the rules are
read as a person reads them (a cage's values differ and sum to its total, an arrow's circle
equals the sum along it, ...), and every completion of a small grid is enumerated by a plain
depth-first search over rows, columns and boxes.  Tests compare every engine's count with it.
"""

from __future__ import annotations

import random

__all__ = ["holds", "brute_count", "random_rules", "random_solution", "SUM_KINDS"]

SUM_KINDS = ("killer", "arrow", "littlekiller", "sandwich", "even", "odd", "renban")


def _number(values) -> int:
    return int("".join(str(v) for v in values))


def holds(rule, values, n: int) -> bool:
    """True when the complete grid ``values`` keeps the rule (kind, cells, value)."""
    kind, cells, value = rule
    vals = [values[c] for c in cells]
    if kind == "killer":
        return len(set(vals)) == len(vals) and (not value or sum(vals) == value)
    if kind == "arrow":
        return _number(vals[:value]) == sum(vals[value:])
    if kind == "littlekiller":
        return sum(vals) == value
    if kind == "sandwich":
        i, j = sorted((vals.index(1), vals.index(n)))
        return sum(vals[i + 1:j]) == value
    if kind == "even":
        return all(v % 2 == 0 for v in vals)
    if kind == "odd":
        return all(v % 2 == 1 for v in vals)
    if kind == "renban":
        return len(set(vals)) == len(vals) and max(vals) - min(vals) == len(vals) - 1
    raise ValueError(kind)


def _classic_units(br: int, bc: int):
    n = br * bc
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(R + r) * n + C + c for r in range(br) for c in range(bc)]
             for R in range(0, n, br) for C in range(0, n, bc)]
    return rows + cols + boxes


def _peers(br: int, bc: int) -> list[set]:
    """For each cell, the other cells of its row, column and box."""
    n = br * bc
    peers = [set() for _ in range(n * n)]
    for u in _classic_units(br, bc):
        for c in u:
            peers[c].update(u)
    for c in range(n * n):
        peers[c].discard(c)
    return peers


def completions(givens, br: int, bc: int, limit: int = 0):
    """Yield every classic completion of givens (row-major DFS, no propagation)."""
    n = br * bc
    peers = _peers(br, bc)
    grid = list(givens)
    for c, v in enumerate(grid):
        if v and any(grid[p] == v for p in peers[c]):
            return
    empties = [c for c in range(n * n) if not grid[c]]

    def go(k):
        if k == len(empties):
            yield tuple(grid)
            return
        c = empties[k]
        used = {grid[p] for p in peers[c]}
        for v in range(1, n + 1):
            if v not in used:
                grid[c] = v
                yield from go(k + 1)
        grid[c] = 0

    yield from go(0)


def brute_count(givens, br: int, bc: int, rules, limit: int = 0) -> int:
    """How many classic completions of givens keep every rule (up to limit, 0 = all)."""
    n = br * bc
    count = 0
    for sol in completions(givens, br, bc):
        if all(holds(r, sol, n) for r in rules):
            count += 1
            if count == limit:
                break
    return count


def random_solution(br: int, bc: int, rng: random.Random) -> tuple:
    """A random classic solution grid (shuffled DFS)."""
    n = br * bc
    peers = _peers(br, bc)
    grid = [0] * (n * n)

    def go(c):
        if c == n * n:
            return True
        vals = list(range(1, n + 1))
        rng.shuffle(vals)
        used = {grid[p] for p in peers[c]}
        for v in vals:
            if v not in used:
                grid[c] = v
                if go(c + 1):
                    return True
        grid[c] = 0
        return False

    go(0)
    return tuple(grid)


def _diagonals(n: int):
    """Every diagonal from an edge to the far edge, as cells in order from a clue (both ends)."""
    out = []
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        for r0 in range(n):
            for c0 in range(n):
                if 0 <= r0 - dr < n and 0 <= c0 - dc < n:
                    continue
                cells, r, c = [], r0, c0
                while 0 <= r < n and 0 <= c < n:
                    cells.append(r * n + c)
                    r, c = r + dr, c + dc
                out.append(cells)
    return out


def random_rules(sol, br: int, bc: int, rng: random.Random, count: int, lie: float = 0.15):
    """``count`` random rules over the grid, true of ``sol`` except, with probability ``lie``,
    a total moved by one (so some puzzles have no solution)."""
    n = br * bc
    out = []
    diagonals = _diagonals(n)
    for _ in range(count):
        kind = rng.choice(("killer", "killer", "arrow", "littlekiller", "sandwich", "even",
                           "odd", "renban", "killer0"))
        if kind in ("killer", "killer0"):
            cells = _blob(n, rng, rng.randint(1, min(4, n)), sol, distinct=True)
            value = 0 if kind == "killer0" else sum(sol[c] for c in cells)
            kind = "killer"
        elif kind == "arrow":
            for _ in range(50):
                shaft = _blob(n, rng, rng.randint(1, 3), sol, distinct=False)
                total = sum(sol[c] for c in shaft)
                circle = [c for c in range(n * n) if sol[c] == total and c not in shaft]
                if circle:
                    cells = [rng.choice(circle)] + shaft
                    value = 1
                    break
            else:
                continue
        elif kind == "littlekiller":
            cells = rng.choice(diagonals)
            value = sum(sol[c] for c in cells)
        elif kind == "sandwich":
            k = rng.randrange(n)
            cells = [k * n + c for c in range(n)] if rng.random() < 0.5 else \
                [r * n + k for r in range(n)]
            vals = [sol[c] for c in cells]
            i, j = sorted((vals.index(1), vals.index(n)))
            value = sum(vals[i + 1:j])
        elif kind in ("even", "odd"):
            c = rng.randrange(n * n)
            kind = "even" if sol[c] % 2 == 0 else "odd"
            cells, value = [c], 0
        else:
            cells = None
            for _ in range(100):
                line = _blob(n, rng, rng.randint(2, min(4, n)), sol, distinct=True)
                vals = sorted(sol[c] for c in line)
                if vals[-1] - vals[0] == len(vals) - 1:
                    cells = line
                    break
            if cells is None:
                continue
            value = 0
        if rng.random() < lie and kind in ("killer", "littlekiller", "sandwich") and value:
            value += rng.choice((-1, 1))
        out.append((kind, tuple(cells), value))
    return out


def _blob(n: int, rng: random.Random, size: int, sol, distinct: bool) -> list[int]:
    """A random orthogonally connected group of cells (values all different if distinct)."""
    start = rng.randrange(n * n)
    cells = [start]
    for _ in range(size * 4):
        if len(cells) == size:
            break
        c = rng.choice(cells)
        r, k = divmod(c, n)
        nb = [(r + dr) * n + k + dk for dr, dk in ((0, 1), (1, 0), (0, -1), (-1, 0))
              if 0 <= r + dr < n and 0 <= k + dk < n]
        d = rng.choice(nb)
        if d in cells or (distinct and sol[d] in {sol[x] for x in cells}):
            continue
        cells.append(d)
    return cells
