"""What the techniques need of a geometry, as bitsets over cells, built once per geometry.

Representation (a cell set is a Python int, bit c set for cell c; 81 bits for 9x9):

    unit_bits[u]     the cells of unit u
    peer_bits[c]     every cell that cannot hold the value of c (units and extra pairs)
    kind[u]          'row', 'col', 'box', 'region' (jigsaw) or 'extra' (diagonal, windoku...)
    full             indices of the units with N cells (each value exactly once)
    rows, cols       unit indices of the rows and columns, in order (fish use them)
    boxes            unit indices of the boxes or jigsaw regions
    crossings        (u, v, cells) for two full units sharing two cells or more: the
                     intersections locked candidates work on (box/line classic; any pair
                     of full units on variants)

Rejected: Python sets of cell indices. Union, intersection and "how many" on ints are one
operation each (int.bit_count), and the evidence of a step is built from them only once.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["Tables", "tables", "cells_of", "bits_of", "cell_name"]


def cells_of(bits: int) -> list[int]:
    """The cells of a cell set, in increasing order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def bits_of(cells) -> int:
    """The cell set of an iterable of cells."""
    b = 0
    for c in cells:
        b |= 1 << c
    return b


def values_of(mask: int) -> list[int]:
    """The values (1..N) of a candidate mask (bit v-1 for value v), in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


def cell_name(cell: int, n: int) -> str:
    """'r1c1'-style name of a cell (rows and columns counted from 1)."""
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


MAX_VALUES = 61  # the values the default alphabet spells with one character (symbols.DEFAULT)


class Tables:
    """The bitset tables of one geometry (see the module docstring)."""

    __slots__ = ("geometry", "n", "ncells", "units", "unit_bits", "unit_names", "kind", "full",
                 "rows", "cols", "boxes", "cell_units", "cell_full", "peer_bits", "crossings",
                 "symbols", "classic", "cell_names")

    def __init__(self, geometry):
        from ..symbols import DEFAULT
        g = geometry
        n = g.size
        if n > MAX_VALUES:
            raise ValueError(f"hint and explain work on grids of at most {MAX_VALUES} values "
                             f"(their explanations name a value with one character: 1-9, "
                             f"A-Z, a-z); this grid is {n}x{n}")
        self.geometry = g
        self.n = n
        self.ncells = n * n
        self.classic = g.is_classic
        self.units = g.units
        self.unit_names = g.unit_names
        self.unit_bits = tuple(bits_of(u) for u in g.units)
        kinds = []
        for name in g.unit_names:
            word = name.split(" ", 1)[0]
            kinds.append(word if word in ("row", "col", "box", "region") else "extra")
        self.kind = tuple(kinds)
        self.full = tuple(u for u, cells in enumerate(g.units) if len(cells) == n)
        self.rows = tuple(u for u, k in enumerate(kinds) if k == "row")
        self.cols = tuple(u for u, k in enumerate(kinds) if k == "col")
        self.boxes = tuple(u for u, k in enumerate(kinds) if k in ("box", "region"))
        self.cell_units = g.cell_units
        fullset = set(self.full)
        self.cell_full = tuple(tuple(u for u in us if u in fullset) for us in g.cell_units)
        self.peer_bits = tuple(bits_of(p) for p in g.peers)
        crossings = []
        for (u, v), cells in sorted(g.intersections.items()):
            if u in fullset and v in fullset:
                crossings.append((u, v, bits_of(cells)))
        self.crossings = tuple(crossings)
        self.symbols = DEFAULT.table(n, ".")
        self.cell_names = tuple(cell_name(c, n) for c in range(n * n))

    def name(self, cell: int) -> str:
        return self.cell_names[cell]

    def names(self, cells) -> str:
        """'r1c1, r2c5 and r3c3' (cells: an iterable of cells or a cell set)."""
        if isinstance(cells, int):
            cells = cells_of(cells)
        names = self.cell_names
        return join([names[c] for c in cells])

    def value(self, v: int) -> str:
        """The spelling of value v in text (1-9, then A, B... as the default alphabet)."""
        return self.symbols[v]

    def values(self, mask_or_values) -> str:
        """'1, 4 and 7' of a candidate mask or an iterable of values."""
        vals = values_of(mask_or_values) if isinstance(mask_or_values, int) else mask_or_values
        return join([self.symbols[v] for v in vals])

    def unit_name(self, u: int) -> str:
        return self.unit_names[u]


def join(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


@lru_cache(maxsize=64)
def tables(geometry) -> Tables:
    """The Tables of a geometry (geometries are interned, so this is built once each)."""
    return Tables(geometry)
