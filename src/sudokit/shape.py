"""Box shapes and the tables derived from them.

A *shape* is box rows x box cols.  Its *size* N = box_rows * box_cols is the number of
rows, columns, boxes and values; the grid has N*N cells, numbered row-major from 0.

    3x3 boxes (N=9)            2x3 boxes (N=6)
    +-------+-------+-----     +-------+-------+
    | 0 1 2 | 3 4 5 | ...      | 0 1 2 | 3 4 5 |
    | 9 ... |       |          | 6 7 8 | 9 ...  |
    +-------+-------+-----     +-------+-------+
    box b covers rows (b // (N/box_cols))*box_rows ... and cols (b % (N/box_cols))*box_cols ...

Units are numbered rows 0..N-1, then cols N..2N-1, then boxes 2N..3N-1.
Tables are tuples built once per shape (``Shape`` instances are interned).
"""

from __future__ import annotations

import math
from functools import cached_property

from .errors import ShapeError

__all__ = ["Shape", "MAX_SIZE"]

MAX_SIZE = 64  # values must fit a 64-bit candidate mask in the C kernels


class Shape:
    """Box rows x box cols; equal shapes are the same object."""

    __slots__ = ("box_rows", "box_cols", "size", "ncells", "__dict__")
    _interned: dict[tuple[int, int], "Shape"] = {}

    def __new__(cls, box_rows: int = 3, box_cols: int | None = None) -> "Shape":
        if box_cols is None:
            box_cols = box_rows
        key = (box_rows, box_cols)
        shape = cls._interned.get(key)
        if shape is not None:
            return shape
        if not (isinstance(box_rows, int) and isinstance(box_cols, int)):
            raise ShapeError(f"box rows and cols must be integers, not {box_rows!r} x {box_cols!r}")
        if box_rows < 1 or box_cols < 1 or box_rows * box_cols > MAX_SIZE:
            hint = ""
            if box_rows == box_cols and 4 <= box_rows <= MAX_SIZE:
                r = math.isqrt(box_rows)
                while box_rows % r:
                    r -= 1
                if r > 1:   # "9x9" meant as the grid's size: its boxes are 3x3
                    hint = (f" (the shape is the box's: a {box_rows}x{box_rows} grid has "
                            f"{r}x{box_rows // r} boxes)")
            raise ShapeError(f"unsupported box shape {box_rows}x{box_cols}: box rows and cols "
                             f"must be >= 1 and their product at most {MAX_SIZE}{hint}")
        shape = object.__new__(cls)
        shape.box_rows = box_rows
        shape.box_cols = box_cols
        shape.size = box_rows * box_cols
        shape.ncells = shape.size * shape.size
        cls._interned[key] = shape
        return shape

    def __reduce__(self):
        return (Shape, (self.box_rows, self.box_cols))

    def __repr__(self) -> str:
        return f"Shape({self.box_rows}, {self.box_cols})"

    def __str__(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"

    # Shapes are interned, so identity equality and the default hash are right.

    @classmethod
    def parse(cls, text: str) -> "Shape":
        """Return the shape named by 'RxC' (e.g. '2x3') or by a single box side ('3' = 3x3)."""
        parts = str(text).lower().replace("*", "x").split("x")
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise ShapeError(f"bad box shape {text!r}: expected RxC such as 3x3 or 2x3") from None
        if len(nums) == 1:
            return cls(nums[0], nums[0])
        if len(nums) != 2:
            raise ShapeError(f"bad box shape {text!r}: expected RxC such as 3x3 or 2x3")
        return cls(nums[0], nums[1])

    @classmethod
    def for_size(cls, size: int) -> "Shape":
        """Return the default shape for N values: square boxes, else the flattest rectangle (2x3 for 6)."""
        if size < 1 or size > MAX_SIZE:
            raise ShapeError(f"unsupported grid size {size}: sizes run from 1 to {MAX_SIZE}")
        rows = math.isqrt(size)
        while size % rows:
            rows -= 1
        if rows == 1 and size > 3:
            raise ShapeError(f"grid size {size} has no box shape other than 1x{size}; "
                             f"give the box shape explicitly")
        return cls(rows, size // rows)

    @classmethod
    def for_cells(cls, ncells: int) -> "Shape | None":
        """Return the default shape for a grid of ncells cells, or None if ncells is not a square."""
        size = math.isqrt(ncells)
        if size * size != ncells or size < 1 or size > MAX_SIZE:
            return None
        try:
            return cls.for_size(size)
        except ShapeError:
            return None

    # --- tables --------------------------------------------------------------

    def row_of(self, cell: int) -> int:
        return cell // self.size

    def col_of(self, cell: int) -> int:
        return cell % self.size

    def box_of(self, cell: int) -> int:
        return self.box_index[cell]

    @cached_property
    def box_index(self) -> tuple[int, ...]:
        """Box number of each cell."""
        n, br, bc = self.size, self.box_rows, self.box_cols
        per_band = n // bc  # boxes side by side in one band
        return tuple((cell // n // br) * per_band + (cell % n) // bc for cell in range(n * n))

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """The 3N units as tuples of cells: rows, then cols, then boxes."""
        n = self.size
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, n * n, n)) for c in range(n)]
        boxes: list[list[int]] = [[] for _ in range(n)]
        for cell, b in enumerate(self.box_index):
            boxes[b].append(cell)
        return tuple(rows + cols + [tuple(b) for b in boxes])

    @cached_property
    def cell_units(self) -> tuple[tuple[int, int, int], ...]:
        """(row unit, col unit, box unit) numbers of each cell."""
        n = self.size
        return tuple((cell // n, n + cell % n, 2 * n + b) for cell, b in enumerate(self.box_index))

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Cells sharing a unit with each cell (sorted, the cell itself excluded)."""
        units = self.units
        out = []
        for cell, us in enumerate(self.cell_units):
            seen = set()
            for u in us:
                seen.update(units[u])
            seen.discard(cell)
            out.append(tuple(sorted(seen)))
        return tuple(out)

    @staticmethod
    def unit_name(unit: int, size: int) -> str:
        """'row 3', 'col 1' or 'box 9' (1-based) for a unit number."""
        kind, index = divmod(unit, size)
        return f"{('row', 'col', 'box')[kind]} {index + 1}"
