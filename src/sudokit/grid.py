"""The Grid value type: a geometry plus N*N cell values (0 = empty).

A classic grid's geometry is the one of its shape (box rows x box cols); a variant grid
(``Grid(text, geometry='3x3+x')``) carries its geometry, and ``shape`` is then the box
shape it is drawn with (the default boxes of its size for a jigsaw).

A Grid is immutable and hashable.  It knows its givens, the candidates of each cell and its
``status()``: legal or not (which value repeats in which unit), complete or not.  A grid whose
givens clash is *illegal*: that is a status, never an exception.
"""

from __future__ import annotations

import operator
from typing import Sequence

from .errors import ShapeError
from .geometry import boxes as _boxes
from .shape import Shape
from ._value import Value
from .symbols import DEFAULT, Alphabet, get_alphabet

__all__ = ["Grid", "Conflict", "Status", "as_grid"]


class Conflict(Value):
    """A value that appears more than once in one unit (or in a pair, or breaks a weak link)."""

    __slots__ = __match_args__ = ("value", "unit", "cells")

    def __init__(self, value: int, unit: str, cells: tuple[int, ...]):
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "unit", unit)  # 'row 1', 'diagonal', 'pair r1c1-r2c3' (1-based)
        object.__setattr__(self, "cells", cells)

    def __str__(self) -> str:
        from .geometry._constraints import is_broken_rule
        if is_broken_rule(self.unit):
            return f"value {self.value} breaks the {self.unit}"
        return f"value {self.value} repeats in {self.unit}"


class Status(Value):
    """What a grid is, independent of any search: legal, complete, and the conflicts found."""

    __slots__ = __match_args__ = ("conflicts", "filled", "ncells")

    def __init__(self, conflicts: tuple[Conflict, ...], filled: int, ncells: int):
        object.__setattr__(self, "conflicts", conflicts)
        object.__setattr__(self, "filled", filled)
        object.__setattr__(self, "ncells", ncells)

    @property
    def is_legal(self) -> bool:
        return not self.conflicts

    @property
    def is_complete(self) -> bool:
        return self.filled == self.ncells

    @property
    def is_solved(self) -> bool:
        """Complete and legal: a valid solution grid."""
        return self.is_complete and self.is_legal

    def __str__(self) -> str:
        if self.conflicts:
            return "illegal: " + "; ".join(str(c) for c in self.conflicts)
        return "solved" if self.is_complete else f"legal, {self.filled}/{self.ncells} cells filled"


class Grid:
    """A Sudoku grid of any shape; ``Grid('53..7....6..195...')`` parses a string.

    Other values: N*N integers 0..N (a list, tuple, bytes, any iterable; numpy integers too),
    N rows of N integers (a list of lists or tuples), text in pieces (a list of row strings
    or of one-character strings), or a numpy array of shape (N*N,) or (N, N): any integer
    dtype, or a float dtype whose values are whole numbers (what np.loadtxt gives).  A value outside 0..N, a fraction, NaN or inf
    raises ValueError naming the cell; a bool, text or object array raises TypeError.
    """

    __slots__ = ("shape", "values", "_hash", "_geom")

    def __init__(self, values: "str | Sequence[int] | bytes | Grid", shape: "Shape | str | None" = None,
                 *, alphabet: "str | Alphabet | None" = None, geometry=None):
        object.__setattr__(self, "_geom", None)
        if geometry is not None:
            geom = _as_geometry(geometry)
            shape = _shape_for(geom, shape)
            if not geom.is_classic:
                object.__setattr__(self, "_geom", geom)
        if isinstance(values, Grid):
            if shape is not None and _as_shape(shape) is not values.shape:
                raise ShapeError(f"grid has shape {values.shape}, not {shape}")
            if geometry is None:
                object.__setattr__(self, "_geom", values._geom)
            object.__setattr__(self, "shape", values.shape)
            object.__setattr__(self, "values", values.values)
            object.__setattr__(self, "_hash", None)
            return
        if isinstance(values, (list, tuple)) and values and \
                all(isinstance(row, str) for row in values):
            # text in pieces: one character a cell, or one row a string
            values = "".join(values) if all(len(r) == 1 for r in values) else "\n".join(values)
        if isinstance(values, str):
            grid = _parse_str(values, shape, alphabet)
            object.__setattr__(self, "shape", grid.shape)
            object.__setattr__(self, "values", grid.values)
            object.__setattr__(self, "_hash", None)
            return
        if type(values).__module__ == "numpy":
            values = _numpy_cells(values)
        vals = _cells(values)
        if shape is None:
            found = Shape.for_cells(len(vals))
            if found is None:
                raise ShapeError(f"{len(vals)} cells is not a supported square grid; give the shape")
            shape = found
        shape = _as_shape(shape)
        if len(vals) != shape.ncells:
            raise ShapeError(f"a {shape} grid has {shape.ncells} cells, not {len(vals)}")
        n = shape.size
        for v in vals:
            if not (type(v) is int and 0 <= v <= n):
                vals = _checked_values(vals, n, values)  # (also turns numpy integers into ints)
                break
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "values", vals)
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _trusted(cls, values: tuple[int, ...], shape: Shape, geom=None) -> "Grid":
        """Build without validation (values already checked by the caller).

        geom: None for the classic geometry of shape, else a non-classic Geometry.
        """
        grid = object.__new__(cls)
        _SET_SHAPE(grid, shape)  # the slots' own setters: half the cost of object.__setattr__
        _SET_VALUES(grid, values)
        _SET_HASH(grid, None)
        _SET_GEOM(grid, geom)
        return grid

    @property
    def geometry(self):
        """The rules of this grid (geometry.Geometry): the classic one of its shape unless set."""
        geom = self._geom
        return geom if geom is not None else _boxes(self.shape.box_rows, self.shape.box_cols)

    def with_values(self, values) -> "Grid":
        """A grid of the same geometry holding other values: N*N of them (or N rows), each
        0..N; ShapeError for another count, ValueError naming a bad cell.  (A dict of
        {cell: value} is refused: replace() sets one cell.)"""
        if isinstance(values, (dict, str)):
            raise TypeError(f"with_values takes N*N values (0 for a blank), not "
                            f"{type(values).__name__}: replace(cell, value) sets one cell, "
                            f"Grid(text) reads text")
        vals = _cells(values)
        if len(vals) != self.shape.ncells:
            raise ShapeError(f"a {self.shape} grid has {self.shape.ncells} cells, not {len(vals)}")
        return Grid._trusted(_checked_values(vals, self.shape.size, values), self.shape,
                             self._geom)

    def _with_values(self, values) -> "Grid":
        """with_values for values the caller made (a solver's answer): not checked again."""
        return Grid._trusted(tuple(values), self.shape, self._geom)

    @classmethod
    def empty(cls, shape: "Shape | str | None" = None) -> "Grid":
        """Return the empty grid of a shape (3x3 boxes by default)."""
        shape = _as_shape(shape) if shape is not None else Shape(3, 3)
        return cls._trusted((0,) * shape.ncells, shape)

    @classmethod
    def from_line(cls, text: str, *, box: "Shape | str | None" = None,
                  alphabet: "str | Alphabet | None" = None) -> "Grid":
        """Parse one puzzle written on one line."""
        from .formats import parse_line
        return parse_line(text, box=box, alphabet=alphabet)

    def __setattr__(self, name, value):
        raise AttributeError("Grid is immutable")

    def __reduce__(self):
        return (Grid._trusted, (self.values, self.shape, self._geom))

    # --- value semantics --------------------------------------------------------

    def __eq__(self, other) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self.shape is other.shape and self._geom is other._geom
                and self.values == other.values)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.shape.box_rows, self.shape.box_cols, self.values)) if self._geom is None \
                else hash((self._geom, self.values))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        shape = self.shape
        default = _default_shape(shape.size)
        box = "" if default is shape else f", {str(shape)!r}"
        if self._geom is not None:
            name = self._geom.name
            box = f", geometry={name!r}" if name else f", geometry={self._geom!r}"
        if shape.size <= len(DEFAULT.symbols):
            return f"Grid({self.to_line()!r}{box})"
        return f"Grid({list(self.values)!r}{box or ', ' + repr(str(shape))})"

    def __str__(self) -> str:
        from .formats import format_block
        return format_block(self)

    def _repr_svg_(self) -> str:
        """The grid drawn in SVG (Jupyter shows it inline; sudokit.render.svg has options)."""
        from .render._repr import grid_svg
        return str(grid_svg(self))

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, cell: int) -> int:
        return self.values[cell]

    def __iter__(self):
        return iter(self.values)

    # --- facts ----------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.shape.size

    def at(self, row: int, col: int) -> int:
        """Return the value at (row, col), 0-based; 0 if empty (IndexError off the grid)."""
        n = self.shape.size
        r, c = operator.index(row), operator.index(col)
        if not (0 <= r < n and 0 <= c < n):
            raise IndexError(f"({row}, {col}) is off the {n}x{n} grid: row and column run "
                             f"from 0 to {n - 1}")
        return self.values[r * n + c]

    def _cell(self, cell) -> int:
        """cell as an index 0..N*N-1 (no negative index from the end); IndexError else."""
        k = operator.index(cell)
        if not 0 <= k < self.shape.ncells:
            raise IndexError(f"cell {cell} is off the grid: cells run from 0 to "
                             f"{self.shape.ncells - 1} (row * {self.shape.size} + column)")
        return k

    @property
    def givens(self) -> int:
        """The number of filled cells."""
        return sum(1 for v in self.values if v)

    def given_cells(self) -> list[int]:
        """Return the indices of the filled cells."""
        return [i for i, v in enumerate(self.values) if v]

    def candidates(self, cell: int) -> set[int]:
        """Return the values not yet used by any peer of an empty cell ({value} if filled)."""
        cell = self._cell(cell)
        v = self.values[cell]
        if v:
            return {v}
        vals = self.values
        geom = self.geometry
        used = {vals[p] for p in geom.peers[cell]}
        for j, masks in geom.cell_links[cell]:
            if vals[j]:
                used |= {a for a in range(1, geom.size + 1) if masks[a - 1] >> (vals[j] - 1) & 1}
        return set(range(1, self.shape.size + 1)) - used

    def status(self) -> Status:
        """Return legality (with every repeated value, in every unit and pair) and
        completeness, without searching."""
        vals = self.values
        if self._geom is not None:
            conflicts = [Conflict(v, where, cells) for v, where, cells in self._geom.conflicts(vals)]
        else:
            conflicts = []
            size = self.shape.size
            for u, unit in enumerate(self.shape.units):
                seen: dict[int, list[int]] = {}
                for cell in unit:
                    v = vals[cell]
                    if v:
                        seen.setdefault(v, []).append(cell)
                for v, cells in seen.items():
                    if len(cells) > 1:
                        conflicts.append(Conflict(v, Shape.unit_name(u, size), tuple(cells)))
        filled = sum(1 for v in vals if v)
        return Status(tuple(conflicts), filled, len(vals))

    def is_legal(self) -> bool:
        """Return True if no rule is broken (a fast twin of status().is_legal)."""
        vals = self.values
        if self._geom is not None:
            return not self._geom.conflicts(vals)
        for unit in self.shape.units:
            seen = 0
            for cell in unit:
                v = vals[cell]
                if v:
                    bit = 1 << v
                    if seen & bit:
                        return False
                    seen |= bit
        return True

    def is_complete(self) -> bool:
        return 0 not in self.values

    def replace(self, cell: int, value: int) -> "Grid":
        """Return a copy with one cell set (0 empties it)."""
        cell = self._cell(cell)
        try:
            k = operator.index(value)
        except TypeError:
            k = -1
        if not 0 <= k <= self.shape.size:
            raise ValueError(f"value {value!r} out of range 0..{self.shape.size} (an integer)")
        value = k
        vals = list(self.values)
        vals[cell] = value
        return Grid._trusted(tuple(vals), self.shape, self._geom)

    def to_bytes(self) -> bytes:
        """Return the values as N*N bytes (the kernels' input)."""
        return bytes(self.values)

    # --- text --------------------------------------------------------------------

    def to_line(self, *, alphabet: "str | Alphabet | None" = None, blank: str = ".") -> str:
        """Return the grid on one line, N*N characters."""
        table = get_alphabet(alphabet).table(self.shape.size, blank)
        return "".join([table[v] for v in self.values])

    def to_block(self, **options) -> str:
        """Return the grid as N lines (see formats.format_block for options)."""
        from .formats import format_block
        return format_block(self, **options)


_SET_SHAPE, _SET_VALUES, _SET_HASH = Grid.shape.__set__, Grid.values.__set__, Grid._hash.__set__
_SET_GEOM = Grid._geom.__set__


def _as_geometry(spec):
    from .geometry import as_geometry
    return as_geometry(spec)


def _shape_for(geom, shape) -> Shape:
    """The shape a grid of geom is drawn with; ShapeError if a given shape does not fit it."""
    want = geom.display_shape
    if shape is not None:
        shape = _as_shape(shape)
        if (geom.box is not None and shape is not want) or shape.size != geom.size:
            raise ShapeError(f"box shape {shape} does not fit geometry {geom}")
        return shape
    return want


def _as_shape(shape: "Shape | str | tuple | None") -> Shape:
    if isinstance(shape, Shape):
        return shape
    if isinstance(shape, str):
        return Shape.parse(shape)
    if isinstance(shape, tuple):
        return Shape(*shape)
    raise ShapeError(f"not a box shape: {shape!r}")


def _cells(values) -> tuple:
    """The cells of values given as N*N values or as N rows of N values (a list of lists,
    as a 2-d numpy array is taken); TypeError naming what was given when it is neither
    text nor a sequence (None, a number, a dict or a set: no order of cells)."""
    if values is None or isinstance(values, (int, float, complex, dict, set, frozenset)):
        raise TypeError(f"a puzzle is a line of text, a Grid, or N*N values (0 for a blank, "
                        f"1..N), not {type(values).__name__}")
    try:
        vals = tuple(values)
    except TypeError:
        raise TypeError(f"a puzzle is a line of text, a Grid, or N*N values (0 for a blank, "
                        f"1..N), not {type(values).__name__}") from None
    if vals and isinstance(vals[0], (list, tuple)) and \
            all(isinstance(row, (list, tuple)) and len(row) == len(vals) for row in vals):
        return tuple(v for row in vals for v in row)        # N rows of N values
    return vals


def _checked_values(vals: tuple, n: int, given=None) -> tuple[int, ...]:
    """Return vals as ints 0..n; ValueError naming the first cell that holds anything else.

    Any integer type is taken (bool and numpy integers included: they have __index__);
    floats, even integral ones, are not.  given: what the caller was handed (bytes of text
    get a hint: bytes are values, not characters).
    """
    out = []
    for i, v in enumerate(vals):
        try:
            k = operator.index(v)
        except TypeError:
            k = -1
        if not 0 <= k <= n:
            hint = ""
            if isinstance(given, (bytes, bytearray)) and 32 <= k < 127:
                hint = (f" (the byte of {chr(k)!r}: bytes are read as values; for a line of "
                        f"text pass a str, e.g. data.decode())")
            raise ValueError(f"cell {i} (row {i // n + 1}, col {i % n + 1}) holds {v!r}; "
                             f"values run from 0 (empty) to {n}{hint}")
        out.append(k)
    return tuple(out)


def _numpy_cells(arr) -> list:
    """Return the cells of a numpy array of shape (N*N,) or (N, N) as a flat list.

    Integer dtypes give ints; a float dtype gives ints for whole numbers and the float itself
    otherwise (so the range check names a cell holding 7.9 or nan).  TypeError for any other
    dtype (bool, complex, text, objects), ShapeError for another array shape.  numpy itself is
    never imported here: the object brings it.
    """
    dtype = getattr(arr, "dtype", None)
    if dtype is None or dtype.kind not in "iuf" or dtype.fields is not None:
        raise TypeError(f"a numpy array of dtype {dtype} does not hold puzzle values: expected "
                        "an integer array (uint8 is best) with 0 for a blank and 1..N for a value")
    dims = tuple(arr.shape)
    if not (len(dims) == 1 or (len(dims) == 2 and dims[0] == dims[1])):
        raise ShapeError(f"a numpy array of shape {dims} is not a grid: expected (N*N,) or (N, N)")
    cells = arr.ravel().tolist()
    if dtype.kind == "f":
        cells = [int(v) if v.is_integer() else v for v in cells]
    return cells


def _default_shape(size: int) -> "Shape | None":
    try:
        return Shape.for_size(size)
    except ShapeError:
        return None


def as_grid(puzzle: "Grid | str | Sequence[int] | bytes", *, box=None, alphabet=None,
            geometry=None) -> Grid:
    """Return puzzle as a Grid, parsing a string with the lenient readers.

    geometry: None keeps a Grid's own geometry (classic for text and values); else the
    rules the grid is read under (a Grid of another non-classic geometry is an error).
    """
    if geometry is not None:
        geom = _as_geometry(geometry)
        if isinstance(puzzle, Grid):
            if puzzle._geom is not None and puzzle._geom is not geom:
                raise ShapeError(f"grid has geometry {puzzle._geom}, not {geom}")
            if puzzle.size != geom.size:
                raise ShapeError(f"a {puzzle.size}x{puzzle.size} grid cannot have geometry {geom}")
            return Grid(puzzle.values, geometry=geom)
        if isinstance(puzzle, str):
            grid = _parse_str(puzzle, box if box is not None else geom.display_shape, alphabet)
            if grid.size != geom.size:
                raise ShapeError(f"a {grid.size}x{grid.size} grid cannot have geometry {geom}")
            return Grid(grid.values, geometry=geom)
        return Grid(puzzle, box, geometry=geom)
    if isinstance(puzzle, Grid):
        if box is not None and _as_shape(box) is not puzzle.shape:
            raise ShapeError(f"grid has shape {puzzle.shape}, not {box}")
        return puzzle
    if isinstance(puzzle, str):
        return _parse_str(puzzle, box, alphabet)
    return Grid(puzzle, _as_shape(box) if box is not None else None)


_formats = None  # sudokit.formats, imported on first use (it imports this module)


def _parse_str(text: str, box, alphabet) -> Grid:
    """Return the grid of text as formats.parse reads it: a line like the ones read before
    goes through their plan (formats.quick_values, one C call), anything else to parse."""
    global _formats
    if _formats is None:
        from . import formats as _f
        _formats = _f
    quick = _formats.quick_values(text, box, alphabet)
    if quick is not None:
        return Grid._trusted(tuple(quick[0]), quick[1])
    return _formats.parse(text, box=box, alphabet=alphabet)

