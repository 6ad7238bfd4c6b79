"""Pencil-mark states for the logic technique tests: a few candidates placed by hand.

    marks({7: "r2c4 r2c9 r8c4"})                 value 7 a candidate in those cells only
    marks(masks={"r5c5": [1, 2]}, default=FULL)  cell r5c5 holds 1 or 2, every other cell
                                                 every value

The states are built for one technique's pattern and need not be consistent Sudoku
positions: a test asks one technique what it finds in them.
"""

from __future__ import annotations

from sudokit.geometry import parse
from sudokit.logic import State

FULL = -1  # default=FULL: every value in every unlisted cell


def cell(name: str, n: int = 9) -> int:
    """The index of an 'r1c1'-style cell name."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def marks(value_cells=None, masks=None, default: int = 0, geometry=None) -> State:
    """A state with no value placed and the candidates given (see the module docstring)."""
    g = geometry if geometry is not None else parse("3x3")
    n = g.size
    full = (1 << n) - 1
    cands = [full if default == FULL else default] * (n * n)
    for v, names in (value_cells or {}).items():
        for name in names.split():
            cands[cell(name, n)] |= 1 << (v - 1)
    for name, values in (masks or {}).items():
        m = 0
        for v in values:
            m |= 1 << (v - 1)
        cands[cell(name, n)] = m
    return State(g, [0] * (n * n), cands)


def found(find, state) -> list:
    """[(eliminations as (name, value) pairs, text)] of every step find yields."""
    n = state.size
    out = []
    for step in find(state):
        assert step.eliminations or step.placements
        names = [(f"r{c // n + 1}c{c % n + 1}", v) for c, v in step.eliminations]
        out.append((names, step.text))
    return out
