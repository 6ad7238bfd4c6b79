"""Binary and columnar puzzle datasets: NumPy ``.npy``, Parquet and Arrow IPC / Feather.

    kind_of(path)                                  -> 'npy' | 'parquet' | 'arrow' | None
    open_npy(path, *, box=None, rows_per_block=65536)          -> NpySource
    NpySource.blocks(*, fill=0)   yields (start_row, values bytes, bad {row: reason})
    NpyWriter(path, n, tail, dtype='uint8')   .write(values) ... .close()
    open_table(path, *, col=None, rows_per_block=65536, kind=None)  -> ArrowSource
    ArrowSource.blocks()          yields (start_row, puzzles [str | None], batch)
    ArrowWriter(path, schema, added)          .write(batch, {name: [str | None]}) ... .close()

Files are read a block of rows at a time: a ``.npy`` file is memory-mapped, a Parquet file
is read batch by batch (``ParquetFile.iter_batches``), an Arrow IPC file is memory-mapped and
read batch by batch, so a file of ten million puzzles is never loaded whole.

A ``.npy`` file holds values (0 = blank, 1..N) in an integer array of shape (n, N*N) or
(n, N, N); its blocks are bytes of uint8 values, the input of ``sudokit.records.batch.solve_many``.
A Parquet or Arrow file holds puzzles as *text* in one string column (``col``); a numeric
column is refused, because a number drops the leading zeros of a puzzle written with ``0``
for a blank.

This module imports only the standard library; NumPy and pyarrow are imported when a
function needs them (``pip install 'sudokit[numpy]'`` / ``pip install 'sudokit[parquet]'``).
Every data problem is a ``TableError`` (a ValueError) naming the file, the column and the
reason; a file that cannot be opened at all raises the usual ``OSError``.
"""

from __future__ import annotations

import math
import os

from ..errors import ShapeError
from ..shape import MAX_SIZE, Shape

__all__ = [
    "TableError", "kind_of", "open_npy", "NpySource", "NpyWriter", "open_table", "ArrowSource",
    "ArrowWriter", "PUZZLE_COLUMN_NAMES", "ROWS_PER_BLOCK",
]

ROWS_PER_BLOCK = 65536

# Column names taken for the puzzle column when none is given (compared case-insensitively).
PUZZLE_COLUMN_NAMES = ("puzzle", "puzzles", "quizzes", "quiz", "sudoku", "question", "problem")

_KINDS = {
    ".npy": "npy",
    ".parquet": "parquet", ".pq": "parquet",
    ".arrow": "arrow", ".feather": "arrow", ".ipc": "arrow",
}

_LEADING_ZEROS = ("puzzles must be stored as text (strings), because a number drops the "
                  "leading zeros of a 0-blank puzzle; choose a text column with --col or "
                  "re-export it as strings")


class TableError(ValueError):
    """A dataset file sudokit cannot read or write as asked: names the file, column and reason.

    ``str(err)`` is the user-facing message ``"<path>: <reason>"``; the parts are kept in
    ``path`` (str or None), ``column`` (name or None) and ``reason``.
    """

    def __init__(self, reason: str, *, path=None, column: str | None = None):
        self.reason = reason
        self.path = None if path is None else os.fspath(path)
        self.column = column
        super().__init__(f"{self.path}: {reason}" if self.path is not None else reason)


def kind_of(path) -> str | None:
    """Return 'npy', 'parquet' or 'arrow' for a path by its extension (any case), else None.

    .npy -> 'npy'; .parquet, .pq -> 'parquet'; .arrow, .feather, .ipc -> 'arrow'.
    """
    name = os.fspath(path)
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    return _KINDS.get(os.path.splitext(name)[1].lower())


def _check_block_size(rows_per_block) -> int:
    if not isinstance(rows_per_block, int) or isinstance(rows_per_block, bool) \
            or rows_per_block < 1:
        raise ValueError(f"rows_per_block must be a positive integer, not {rows_per_block!r}")
    return rows_per_block


class _Source:
    """What NpySource and ArrowSource share: len() is the number of rows; a context
    manager whose with block ends with close()."""

    def __len__(self) -> int:
        return self.n

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Written:
    """What NpyWriter and ArrowWriter share: a context manager whose with block ends with
    close() (the file lands) when it ends normally, discard() when it raises."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self.close()
        else:
            self.discard()


# --- NumPy -------------------------------------------------------------------------------------


def _numpy(path):
    try:
        import numpy
    except ImportError:
        raise TableError("reading or writing .npy files needs NumPy: "
                         "pip install 'sudokit[numpy]'", path=path) from None
    return numpy


def _as_shape(box) -> Shape:
    from ..formats import _as_shape as named
    return named(box)


_NPY_EXPECTED = ("expected an integer array (uint8 is best) of shape (n, N*N) or (n, N, N), "
                 "such as (n, 81) or (n, 9, 9), with 0 for a blank and 1..N for a value")


def _read_npy_header(np, path):
    """Return (shape, fortran_order, dtype) from a .npy header, or None for a newer version."""
    fmt = np.lib.format
    with open(path, "rb") as fh:
        try:
            version = fmt.read_magic(fh)
        except ValueError:
            raise TableError("not a NumPy .npy file (its first bytes are not the .npy magic "
                             "string)", path=path) from None
        try:
            if version == (1, 0):
                return fmt.read_array_header_1_0(fh)
            if version == (2, 0):
                return fmt.read_array_header_2_0(fh)
        except ValueError as exc:
            raise TableError(f"damaged .npy header ({exc})", path=path) from None
    return None


class NpySource(_Source):
    """A memory-mapped ``.npy`` file of puzzles, read a block of rows at a time.

    Attributes:
        path            the file name (str)
        n               number of puzzles (rows)
        shape           the sudokit Shape (box rows x box cols) of every puzzle
        tail            the per-row array shape: (N*N,) or (N, N), e.g. (81,) or (9, 9)
        dtype           the numpy dtype of the file
        array           the read-only ``numpy.memmap`` (n, *tail); None after close()
        rows_per_block  the largest number of rows one block holds
    """

    def __init__(self, path, array, shape: Shape, rows_per_block: int):
        self.path = os.fspath(path)
        self.array = array
        self.n = int(array.shape[0])
        self.tail = tuple(int(d) for d in array.shape[1:])
        self.dtype = array.dtype
        self.shape = shape
        self.rows_per_block = rows_per_block

    def __repr__(self) -> str:
        return (f"<NpySource {self.path!r} n={self.n} tail={self.tail} dtype={self.dtype} "
                f"box={self.shape}>")

    def blocks(self, *, fill: int = 0):
        """Yield ``(start_row, values, bad)`` for consecutive blocks of rows, in file order.

        start_row  absolute index of the block's first row (0-based)
        values     bytes of k*N*N uint8 values, row-major, k <= rows_per_block
        bad        {absolute row: reason} for the block's rows holding a value outside 0..N
                   (negative values included), e.g. ``"row 17, cell 5 (row 1, column 6):
                   value 12 is outside 0-9"`` (array row and cell 0-based as in
                   ``array[17]``, the grid row and column 1-based); the first bad cell is named.
                   Those rows' bytes are all ``fill`` (default 0: an empty grid, so the caller
                   must consult ``bad``; ``fill=255`` makes ``batch.solve_many`` flag them
                   FLAG_BAD_INPUT).  Empty ({}) for a clean block.

        The checks are vectorised: no Python object is built per row unless the row is bad.
        """
        if self.array is None:
            raise ValueError(f"{self.path}: the source is closed")
        np = _numpy(self.path)
        size = self.shape.size
        nc = self.shape.ncells
        arr = self.array
        signed = arr.dtype.kind == "i"
        is_u8 = arr.dtype == np.uint8
        for start in range(0, self.n, self.rows_per_block):
            stop = min(start + self.rows_per_block, self.n)
            blk = arr[start:stop].reshape(stop - start, nc)
            # common path: two reductions over the block, no temporary arrays
            clean = int(blk.max()) <= size and (not signed or int(blk.min()) >= 0)
            if clean:
                yield start, (blk.tobytes() if is_u8 else blk.astype(np.uint8).tobytes()), {}
                continue
            badcell = blk > size
            if signed:
                badcell |= blk < 0
            rows = np.flatnonzero(badcell.any(axis=1))
            firsts = badcell[rows].argmax(axis=1)
            bad = {}
            for r, cell in zip(rows.tolist(), firsts.tolist()):
                value = int(blk[r, cell])
                bad[start + r] = (f"row {start + r}, cell {cell} (row {cell // size + 1}, "
                                  f"column {cell % size + 1}): value {value} is outside 0-{size}")
            out = blk.astype(np.uint8)          # always a fresh, writable copy
            out[rows] = fill
            yield start, out.tobytes(), bad

    def close(self) -> None:
        """Drop the memory map (it is also released when the source is garbage-collected)."""
        array, self.array = self.array, None
        mm = getattr(array, "_mmap", None)
        del array
        if mm is not None:
            try:
                mm.close()
            except (BufferError, ValueError):   # views still alive elsewhere: let GC do it
                pass


def open_npy(path, *, box=None, rows_per_block: int = ROWS_PER_BLOCK) -> NpySource:
    """Return an NpySource for a ``.npy`` file of puzzle values, memory-mapped (never loaded whole).

    The array must have an integer dtype (any width, signed or not) and shape (n, N*N) or
    (n, N, N) with N from 1 to 64.  The box shape is ``box`` (a Shape, 'RxC', a box side or
    (rows, cols); its size must be N), else ``Shape.for_size(N)`` (3x3 for 81 cells).
    Raises TableError for a float, bool, text or object dtype, another array shape, a size
    with no default box, a damaged or truncated file; OSError if it cannot be opened.
    """
    rows_per_block = _check_block_size(rows_per_block)
    np = _numpy(path)
    header = _read_npy_header(np, path)
    if header is not None:
        dims, _fortran, dtype = header
        _check_npy_dtype(np, path, dtype)
        _check_npy_dims(path, dims)
    try:
        array = np.load(path, mmap_mode="r", allow_pickle=False)
    except ValueError as exc:
        text = str(exc)
        if "mmap length" in text or "larger than" in text or "smaller" in text:
            raise TableError("the file is shorter than its .npy header says (truncated?)",
                             path=path) from None
        if header is None and ("object" in text.lower() or "pickle" in text.lower()):
            raise TableError(f"the array holds Python objects; {_NPY_EXPECTED}",
                             path=path) from None
        raise TableError(f"cannot read the .npy file ({text})", path=path) from None
    _check_npy_dtype(np, path, array.dtype)
    size = _check_npy_dims(path, array.shape)
    if box is not None:
        try:
            shape = _as_shape(box)
        except (ShapeError, TypeError, ValueError) as exc:
            raise TableError(f"bad box shape {box!r}: {exc}", path=path) from None
        if shape.size != size:
            raise TableError(f"rows of {size * size} values are {size}x{size} grids, but box "
                             f"{shape} makes {shape.size}x{shape.size} grids", path=path)
    else:
        try:
            shape = Shape.for_size(size)
        except ShapeError as exc:
            raise TableError(f"{exc} (pass box=, or --box on the command line)",
                             path=path) from None
    return NpySource(path, array, shape, rows_per_block)


def _check_npy_dtype(np, path, dtype) -> None:
    if dtype.kind in "iu" and dtype.fields is None and not dtype.subdtype:
        return
    kind = {"f": "floating-point numbers", "c": "complex numbers", "b": "booleans",
            "U": "text", "S": "bytes", "O": "Python objects", "V": "records",
            "M": "dates", "m": "time spans"}.get(dtype.kind, "non-integers")
    raise TableError(f"dtype {dtype} holds {kind}, not puzzle values; {_NPY_EXPECTED}",
                     path=path)


def _check_npy_dims(path, dims) -> int:
    """Return N for an array shape (n, N*N) or (n, N, N); raise TableError otherwise."""
    dims = tuple(int(d) for d in dims)
    size = None
    if len(dims) == 2:
        root = math.isqrt(dims[1])
        if root * root == dims[1]:
            size = root
    elif len(dims) == 3 and dims[1] == dims[2]:
        size = dims[1]
    if size is None or not 1 <= size <= MAX_SIZE:
        raise TableError(f"an array of shape {dims} is not a list of puzzles; {_NPY_EXPECTED} "
                         f"(N from 1 to {MAX_SIZE})", path=path)
    return size


class NpyWriter(_Written):
    """Write a ``.npy`` file of shape (n, *tail) a block of rows at a time.

    The header is written when the writer is made; ``write(values)`` appends whole rows;
    ``close()`` raises TableError unless exactly n rows were written.  The rows go to a
    temporary file beside path, renamed to path by a successful ``close()``; ``discard()``,
    a failed row-count check or an exception inside the ``with`` (a context manager too;
    the original error is kept) remove it and leave path as it was (sudokit.records._atomic).

    Attributes: path, n, tail, dtype, rows (written so far), cells_per_row.
    """

    def __init__(self, path, n: int, tail, dtype="uint8"):
        np = _numpy(path)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"n must be a non-negative integer, not {n!r}")
        tail = (tail,) if isinstance(tail, int) else tuple(int(d) for d in tail)
        if not tail or any(d < 1 for d in tail):
            raise ValueError(f"tail must be a non-empty shape of positive sizes, not {tail!r}")
        self.path = os.fspath(path)
        self.n = n
        self.tail = tail
        self.dtype = np.dtype(dtype)
        if self.dtype.kind not in "iu":
            raise ValueError(f"NpyWriter writes integer dtypes, not {self.dtype}")
        self.cells_per_row = math.prod(tail)
        self.rows = 0
        self._np = np
        from ._atomic import Pending
        self._pending = Pending(self.path, "wb")
        self._fh = self._pending.file
        try:
            header = {"descr": np.lib.format.dtype_to_descr(self.dtype),
                      "fortran_order": False, "shape": (n, *tail)}
            np.lib.format.write_array_header_1_0(self._fh, header)
        except BaseException:
            self.discard()
            raise

    def write(self, values) -> int:
        """Append whole rows; return the number of rows written by this call.

        values: a bytes-like of uint8 values (one byte per cell, as ``batch`` produces) or a
        numpy array of any shape; either is converted to the writer's dtype.  Raises
        ValueError for a partial row or for more rows than n.
        """
        np = self._np
        if self._fh is None:
            raise ValueError(f"{self.path}: the writer is closed")
        raw = isinstance(values, (bytes, bytearray, memoryview))
        arr = np.frombuffer(values, dtype=np.uint8) if raw else np.asarray(values).reshape(-1)
        if arr.size % self.cells_per_row:
            raise ValueError(f"{self.path}: {arr.size} values are not whole rows of "
                             f"{self.cells_per_row}")
        k = arr.size // self.cells_per_row
        if self.rows + k > self.n:
            raise ValueError(f"{self.path}: writing {k} more rows would make "
                             f"{self.rows + k}, but the file holds {self.n}")
        if raw and self.dtype == np.uint8:
            self._fh.write(values)
        else:
            self._fh.write(np.ascontiguousarray(arr, dtype=self.dtype).tobytes())
        self.rows += k
        return k

    def close(self) -> None:
        """Finish the file (renamed to path); raise TableError unless exactly n rows were
        written (then nothing is written)."""
        if self._fh is None:
            return
        self._fh = None
        if self.rows != self.n:
            self._pending.discard()
            raise TableError(f"{self.rows} rows were written but the header promises "
                             f"{self.n}: nothing written", path=self.path)
        self._pending.commit()

    def discard(self) -> None:
        """Stop without writing: path is left as it was."""
        self._fh = None
        self._pending.discard()


# --- Parquet and Arrow IPC ---------------------------------------------------------------------


def _pyarrow(path):
    try:
        import pyarrow
        import pyarrow.ipc  # noqa: F401
    except ImportError:
        raise TableError("reading or writing Parquet and Arrow files needs pyarrow: "
                         "pip install 'sudokit[parquet]'", path=path) from None
    return pyarrow


def _is_text(pa, t) -> bool:
    if pa.types.is_dictionary(t):
        t = t.value_type
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return True
    is_view = getattr(pa.types, "is_string_view", None)
    return bool(is_view and is_view(t))


def _is_number(pa, t) -> bool:
    if pa.types.is_dictionary(t):
        t = t.value_type
    return pa.types.is_integer(t) or pa.types.is_floating(t) or pa.types.is_decimal(t)


def _describe_columns(schema) -> str:
    return ", ".join(f"{f.name!r} ({f.type})" for f in schema) or "none"


def _choose_column(pa, path, schema, col) -> int:
    """Return the index of the puzzle column (see open_table); raise TableError if unusable."""
    names = list(schema.names)
    if col is None:
        lower = [name.lower() for name in names]
        index = next((k for k, name in enumerate(lower) if name in PUZZLE_COLUMN_NAMES), None)
        if index is None:
            index = next((k for k, f in enumerate(schema) if _is_text(pa, f.type)), None)
        if index is None:
            why = _LEADING_ZEROS if any(_is_number(pa, f.type) for f in schema) else \
                "puzzles must be stored as text (strings)"
            raise TableError(f"no text column to read puzzles from (columns: "
                             f"{_describe_columns(schema)}); {why}", path=path)
    elif isinstance(col, bool):
        raise TypeError(f"col must be a column name or a 0-based index, not {col!r}")
    elif isinstance(col, int):
        if not 0 <= col < len(names):
            raise TableError(f"there is no column {col} (0-based): the file has {len(names)} "
                             f"column(s): {_describe_columns(schema)}", path=path)
        index = col
    elif isinstance(col, str):
        if col in names:
            index = names.index(col)
        else:
            folded = [k for k, name in enumerate(names) if name.lower() == col.lower()]
            if len(folded) == 1:
                index = folded[0]
            elif col.strip().isdigit() and int(col) < len(names):
                index = int(col)
            else:
                raise TableError(f"there is no column {col!r}; the columns are "
                                 f"{_describe_columns(schema)}", path=path, column=col)
    else:
        raise TypeError(f"col must be a column name or a 0-based index, not {col!r}")
    field = schema.field(index)
    if not _is_text(pa, field.type):
        why = _LEADING_ZEROS if _is_number(pa, field.type) else \
            "puzzles must be stored as text (strings); choose a text column with --col"
        raise TableError(f"column {field.name!r} has type {field.type}; {why}",
                         path=path, column=field.name)
    return index


class ArrowSource(_Source):
    """A Parquet or Arrow IPC / Feather file of puzzles in a text column, read batch by batch.

    Attributes:
        path            the file name (str)
        kind            'parquet' or 'arrow'
        n               number of rows
        schema          the file's pyarrow Schema (give it to ArrowWriter)
        columns         the column names (list of str)
        col             the name of the puzzle column
        col_index       its 0-based index
        rows_per_block  the largest number of rows one block holds
    """

    def __init__(self, path, kind: str, schema, n: int, col_index: int, rows_per_block: int,
                 batches):
        self.path = os.fspath(path)
        self.kind = kind
        self.schema = schema
        self.n = n
        self.columns = list(schema.names)
        self.col_index = col_index
        self.col = self.columns[col_index]
        self.rows_per_block = rows_per_block
        self._batches = batches          # () -> iterator of RecordBatch (any size)

    def __repr__(self) -> str:
        return f"<ArrowSource {self.path!r} kind={self.kind} n={self.n} col={self.col!r}>"

    def blocks(self):
        """Yield ``(start_row, puzzles, batch)`` for consecutive blocks of rows, in file order.

        start_row  absolute index of the block's first row (0-based)
        puzzles    list of str, one per row of the block, None for a null
        batch      the block as a pyarrow RecordBatch holding every column of the file
                   (k <= rows_per_block rows; give it to ArrowWriter.write)
        """
        start = 0
        step = self.rows_per_block
        for batch in self._batches():
            for offset in range(0, batch.num_rows, step):
                part = batch if offset == 0 and batch.num_rows <= step else \
                    batch.slice(offset, step)
                puzzles = part.column(self.col_index).to_pylist()
                yield start, puzzles, part
                start += part.num_rows

    def close(self) -> None:
        """Release the file (a no-op for files read through a fresh handle per pass)."""
        self._batches = _closed(self.path)


def _closed(path):
    def batches():
        raise ValueError(f"{path}: the source is closed")
    return batches


def open_table(path, *, col=None, rows_per_block: int = ROWS_PER_BLOCK,
               kind: "str | None" = None) -> ArrowSource:
    """Return an ArrowSource for a .parquet/.pq or .arrow/.feather/.ipc file (kind by extension,
    or 'parquet' / 'arrow' as given, whatever the file's name).

    Parquet is read with ``ParquetFile.iter_batches``; Arrow IPC (file or stream format,
    Feather V2) through a memory map, one record batch at a time, so memory stays bounded.

    col: a column name (exact, else case-insensitive), a 0-based index (int or digit string)
    or None: the first column named puzzle, puzzles, quizzes, quiz, sudoku, question or
    problem (any case), else the first text column.  The column must hold strings (string,
    large_string, string_view or a dictionary of strings).  Raises TableError for a numeric
    column (a number loses a 0-blank puzzle's leading zeros), a missing column (the message
    lists the columns), a file that is not Parquet/Arrow, an unknown extension or a missing
    pyarrow; OSError if the file cannot be opened.
    """
    rows_per_block = _check_block_size(rows_per_block)
    kind = kind_of(path) if kind is None else kind
    if kind not in ("parquet", "arrow"):
        raise TableError("not a Parquet or Arrow file name: expected .parquet, .pq, .arrow, "
                         ".feather or .ipc", path=path)
    pa = _pyarrow(path)
    name = os.fspath(path)
    if kind == "parquet":
        schema, n, batches = _open_parquet(pa, name, rows_per_block)
    else:
        schema, n, batches = _open_arrow(pa, name, rows_per_block)
    index = _choose_column(pa, name, schema, col)
    return ArrowSource(name, kind, schema, n, index, rows_per_block, batches)


def _open_parquet(pa, path, rows_per_block):
    import pyarrow.parquet as pq
    try:
        pf = pq.ParquetFile(path)
    except pa.ArrowInvalid as exc:
        raise TableError(f"not a readable Parquet file ({exc})", path=path) from None
    schema = pf.schema_arrow
    n = pf.metadata.num_rows
    pf.close()

    def batches():
        with pq.ParquetFile(path) as f:
            yield from f.iter_batches(batch_size=rows_per_block)
    return schema, n, batches


def _open_arrow(pa, path, rows_per_block):
    import pyarrow.ipc as ipc
    with pa.memory_map(path, "r") as source:
        try:
            reader = ipc.open_file(source)
            schema = reader.schema
            n = sum(reader.get_batch(i).num_rows for i in range(reader.num_record_batches))
            fmt = "file"
        except pa.ArrowInvalid:
            source.seek(0)
            try:
                reader = ipc.open_stream(source)
                schema = reader.schema
                n = sum(batch.num_rows for batch in reader)
                fmt = "stream"
            except pa.ArrowInvalid:
                fmt = None
    if fmt is None:
        return _open_feather_v1(pa, path, rows_per_block)

    def batches():
        with pa.memory_map(path, "r") as src:
            if fmt == "file":
                rd = ipc.open_file(src)
                for i in range(rd.num_record_batches):
                    yield rd.get_batch(i)
            else:
                yield from ipc.open_stream(src)
    return schema, n, batches


def _open_feather_v1(pa, path, rows_per_block):
    """Old Feather (V1) files: no batches to stream, so the table is memory-mapped whole."""
    try:
        import pyarrow.feather as feather
        table = feather.read_table(path, memory_map=True)
    except (pa.ArrowInvalid, ImportError) as exc:
        raise TableError(f"not a readable Arrow IPC or Feather file ({exc})",
                         path=path) from None

    def batches():
        yield from table.to_batches(max_chunksize=rows_per_block)
    return table.schema, table.num_rows, batches


class ArrowWriter(_Written):
    """Write record batches plus added text columns to a .parquet/.pq or .arrow/.feather/.ipc file.

    ``ArrowWriter(path, schema_of_input, added)``: the output schema is the input schema with
    one string column per name in ``added`` appended (an input column with the same name is
    replaced in place, so re-processing an output file works).  The kind of file follows
    ``path``'s extension: Parquet, or the Arrow IPC file format (= Feather V2).
    ``write(batch, {"solution": [...], "status": [...]})`` writes one batch (the lists hold
    str or None, one per row; a pyarrow array also works); ``close()`` finishes the file.
    The file is written under a temporary name beside path and renamed to it by
    ``close()``; ``discard()`` (or an exception inside the ``with``: also a context
    manager) removes it, path left as it was (sudokit.records._atomic).
    Attributes: path, kind, schema, added, rows (written so far).
    """

    def __init__(self, path, schema_of_input, added, types=None):
        """types: {added name: pyarrow type} for added columns that are not strings (their
        values then are numbers or None)."""
        self.path = os.fspath(path)
        self.kind = kind_of(self.path)
        if self.kind not in ("parquet", "arrow"):
            raise TableError("ArrowWriter writes .parquet, .pq, .arrow, .feather or .ipc files",
                             path=self.path)
        pa = _pyarrow(self.path)
        self._pa = pa
        self.added = list(added)
        if len(set(self.added)) != len(self.added):
            raise ValueError(f"added column names repeat: {self.added}")
        self.input_schema = schema_of_input
        self.types = dict(types or {})
        fields = list(schema_of_input)
        names = [f.name for f in fields]
        out_fields = list(fields)
        self._slots = list(range(len(fields)))   # per output column: input index or added name
        for name in self.added:
            if name in names:
                k = names.index(name)
                out_fields[k] = pa.field(name, self.types.get(name, pa.string()))
                self._slots[k] = name
            else:
                out_fields.append(pa.field(name, self.types.get(name, pa.string())))
                self._slots.append(name)
        self.schema = pa.schema(out_fields, metadata=schema_of_input.metadata)
        self.rows = 0
        from ._atomic import Pending
        self._pending = Pending(self.path, None)  # written by name, renamed by close()
        try:
            if self.kind == "parquet":
                import pyarrow.parquet as pq
                self._writer = pq.ParquetWriter(self._pending.temp, self.schema)
            else:
                import pyarrow.ipc as ipc
                self._writer = ipc.new_file(self._pending.temp, self.schema)
        except BaseException:
            self._writer = None
            self._pending.discard()
            raise

    def write(self, batch, columns: dict) -> None:
        """Write one input batch (a RecordBatch or Table of the input schema) and its added columns.

        columns maps every added name to a list (or pyarrow array) of batch.num_rows values.
        Raises ValueError for a missing or unknown name or a wrong length.
        """
        pa = self._pa
        if self._writer is None:
            raise ValueError(f"{self.path}: the writer is closed")
        missing = [name for name in self.added if name not in columns]
        unknown = [name for name in columns if name not in self.added]
        if missing or unknown:
            raise ValueError(f"{self.path}: added columns are {self.added}; missing {missing}, "
                             f"unknown {unknown}")
        rows = batch.num_rows
        arrays = []
        for slot in self._slots:
            if isinstance(slot, int):
                arrays.append(batch.column(slot))
                continue
            values = columns[slot]
            want = self.types.get(slot, pa.string())
            arr = values if isinstance(values, (pa.Array, pa.ChunkedArray)) else \
                pa.array(values, type=want)
            if len(arr) != rows:
                raise ValueError(f"{self.path}: column {slot!r} has {len(arr)} values for a "
                                 f"batch of {rows} rows")
            if arr.type != want:
                arr = arr.cast(want)
            arrays.append(arr)
        if isinstance(batch, pa.Table):
            out = pa.Table.from_arrays(arrays, schema=self.schema)
            self._writer.write_table(out)
        else:
            out = pa.RecordBatch.from_arrays(arrays, schema=self.schema)
            self._writer.write_batch(out)
        self.rows += rows

    def close(self) -> None:
        """Finish the file and rename it to path (an empty file with the schema if nothing
        was written)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.close()
            except BaseException:
                self._pending.discard()
                raise
            self._pending.commit()

    def discard(self) -> None:
        """Stop without writing: path is left as it was."""
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.close()
            except Exception:  # noqa: BLE001 (the file is dropped anyway)
                pass
            self._pending.discard()
