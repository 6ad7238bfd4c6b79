"""What every policy needs of a geometry, as bitsets over cells, built once per geometry.

``Tables`` serves sudokit's ladder on every geometry; ``SE`` and ``HODOKU`` are the two
reference programs' numberings of the classic 9x9 units, as views of the same cells (see
``Numbering``).

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

from .bits import bits_of, cells_of, values_of

__all__ = ["Tables", "tables", "cell_name", "join", "SE", "HODOKU"]


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
        from ...symbols import DEFAULT
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


def join(words: list[str], last: str = " and ") -> str:
    """'a', 'a and b', 'a, b and c' (last: what goes before the last word, e.g. " or ",
    ", and ")."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + last + words[-1]


@lru_cache(maxsize=64)
def tables(geometry) -> Tables:
    """The Tables of a geometry (geometries are interned, so this is built once each)."""
    return Tables(geometry)


class Numbering:
    """One program's numbering of the 27 units of the classic 9x9 grid.

    ``order`` names the unit kinds in the program's order, e.g. ("box", "row", "col") for
    Sudoku Explainer (units 0-8 are boxes, 9-17 rows, 18-26 cols) and ("row", "col", "box")
    for HoDoKu (the same as ``Tables`` numbers a classic geometry).  Every table is a view
    of the same cells: only the unit indices and the order of a cell's units differ.

        unit_cells[u]   the 9 cells of unit u, ascending (row-major within a box)
        unit_bits[u]    the same as a cell set
        cell_units[c]   the three units of cell c, in ``order``
        peers[c]        the 20 peers of c: the cells of its units in ``order``, each unit's
                        cells ascending, first occurrence kept (SE's iteration order)
        peer_bits[c]    the same as a cell set
    """

    __slots__ = ("order", "unit_cells", "unit_bits", "cell_units", "peers", "peer_bits",
                 "base")

    def __init__(self, order: tuple):
        self.order = order
        self.base = {kind: 9 * i for i, kind in enumerate(order)}
        unit_of = {
            "row": lambda c: c // 9,
            "col": lambda c: c % 9,
            "box": lambda c: 3 * (c // 27) + (c % 9) // 3,
        }
        self.cell_units = tuple(tuple(self.base[k] + unit_of[k](c) for k in order)
                                for c in range(81))
        self.unit_cells = tuple(tuple(c for c in range(81) if u in self.cell_units[c])
                                for u in range(27))
        self.unit_bits = tuple(bits_of(cells) for cells in self.unit_cells)
        peers = []
        for c in range(81):
            seen, out = {c}, []
            for u in self.cell_units[c]:
                for d in self.unit_cells[u]:
                    if d not in seen:
                        seen.add(d)
                        out.append(d)
            peers.append(tuple(out))
        self.peers = tuple(peers)
        self.peer_bits = tuple(bits_of(p) for p in peers)

    def units(self, kind: str) -> tuple:
        """The unit indices of one kind ("row", "col" or "box"), in order."""
        b = self.base[kind]
        return tuple(range(b, b + 9))


SE = Numbering(("box", "row", "col"))  # Sudoku Explainer 1.2.1: Grid.getRegionTypes()
HODOKU = Numbering(("row", "col", "box"))  # HoDoKu 2.2.0: Sudoku2.CONSTRAINTS
