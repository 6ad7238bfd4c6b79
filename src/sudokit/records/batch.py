"""Many puzzles at once, without a Python object per puzzle inside the loop.

    solve_many(puzzles, *, box=None, engine='auto', limit=1, node_limit=None) -> BatchResult
    count_many(puzzles, *, box=None, engine='auto', limit=2, node_limit=None)  -> BatchResult
    solve_text(text, *, box=None, engine='auto', limit=1, node_limit=None)     -> BatchResult
    (each also takes geometry=: the rules of every record, e.g. '3x3+x'; default classic)
    parse_lines(data, size) -> (values, errors)        format_lines(values, size) -> bytes

``puzzles`` is one of

    bytes / bytearray / memoryview / array.array
                                     raw values: n*N*N bytes, 0 = empty, row-major (the shape
                                     is ``box``, default 3x3).  The buffer must hold one value
                                     per byte (format 'B'): a buffer of wider items (an
                                     array('q'), a memoryview of int64) raises TypeError; cast
                                     it explicitly if its bytes really are the values
    list or tuple of str             one puzzle line each ('.' or '0' = empty)
    numpy array                      shape (n, N*N) or (n, N, N), any integer dtype (uint8 is
                                     read in place), or a float dtype whose values are whole
                                     numbers; bool, complex, text or object arrays raise
                                     TypeError.  numpy is imported only when such an array is
                                     passed.  n may be 0 (an empty result)

One rule for values out of range, whatever the input: a record holding a value outside 0..N
(265, -1, 7.9, NaN) is never cast or wrapped: it is answered FLAG_BAD_INPUT ('invalid') with
no search, and ``result.errors[record]`` names it, its first bad cell and the value; every
other record is answered as usual.  Wrong types and array shapes are errors of the whole call
(TypeError / ValueError).  ``limit`` and ``node_limit`` take ints or numpy integers.

The C extension (``sudokit._ckernels.batch``) runs the whole loop with the GIL released,
in chunks, checking for Ctrl-C between chunks and, called from the main thread, inside
every long search (every 2**14 nodes).  Without it (or with SUDOKIT_PUREPYTHON=1)
the same results come from a loop over the pure-Python kernels.  Every solution is checked
by an independent checker (not the solver) and the check is recorded in the flags.

Per-record flags (one byte each):

    bit 0  FLAG_STOPPED       the node limit ran out: count is a lower bound
    bit 1  FLAG_VERIFIED      a solution was found and passed the independent check
    bit 2  FLAG_BAD_SOLUTION  a solution was found and FAILED the check (a solver bug)
    bit 3  FLAG_BAD_INPUT     the record is not a puzzle (parse error, or a value > N)
    bit 4  FLAG_CLASH         two givens clash: the puzzle is illegal (count 0)

``engine='auto'`` is what ``solver.choose_engine`` says (the one rule): fast9 for 9x9 grids
with 3x3 boxes when the C extension is built and there is no node limit.  Otherwise, for limit 1 or 2, it is the turns of ``solver.portfolio``: the first turn
(propagate, 2,000 nodes) runs for every record in the batch loop, and the records it leaves
unfinished get the later turns (learn, propagate, ... with growing budgets) one by one, so
every record gets exactly what ``search(..., engine='auto')`` gives; for larger limits it is
propagate.  Its node counts therefore depend on the backend only through fast9; every named
engine gives identical results in C and in pure Python.

``engine='learn'`` (CDCL) is not in the C batch loop: it runs the per-puzzle kernel
(C ``_ckernels.learn`` when built, each call releasing the GIL) in the Python loop.
"""

from __future__ import annotations

import array
import itertools
import operator
import re
import sys
from dataclasses import dataclass, field

from ..engine import _backend, _fast9, _kernels, sudoku_cover
from .. import solver
from ..errors import ParseError
from ..geometry import boxes as _boxes
from ..grid import Grid
from ..shape import Shape
from ..solver import is_solution
from ..symbols import DEFAULT, NOT_A_SYMBOL, get_alphabet, line_alphabet, reading_table

__all__ = [
    "BatchResult", "solve_many", "count_many", "solve_text", "parse_lines", "format_lines",
    "FLAG_STOPPED", "FLAG_VERIFIED", "FLAG_BAD_SOLUTION", "FLAG_BAD_INPUT", "FLAG_CLASH",
    "ENGINES",
]

FLAG_STOPPED = 1
FLAG_VERIFIED = 2
FLAG_BAD_SOLUTION = 4
FLAG_BAD_INPUT = 8
FLAG_CLASH = 16

ENGINES = ("auto", "propagate", "backtrack", "dlx", "fast9", "learn")

_COUNT_MAX = 2**63 - 1  # the largest count the int64 counts array holds
_WS = b" \t\r\x0b\x0c"              # stripped around a line (symbols.WHITESPACE, as bytes)
_FIELD_END = re.compile(rb"[ \t,:;#]")  # what ends the puzzle field (formats._SEP)


@dataclass
class BatchResult:
    """Per-record results of a batch; arrays are numpy arrays when the input was one.

    solutions  n*N*N bytes (bytearray), or uint8 array (n, N*N): the first solution, zeros if none
    counts     n int64 (array('q') or numpy): solutions found, up to the limit; exact (a count
               that would pass 2**63-1 stops there with FLAG_STOPPED: a lower bound)
    nodes      n uint64 (array('Q') or numpy): search nodes (guesses for fast9)
    flags      n bytes (bytearray or numpy uint8): FLAG_* bits
    errors     {record: ParseError} for records that could not be read (FLAG_BAD_INPUT)
    """

    shape: Shape
    n: int
    engine: str
    backend: str
    limit: int
    solutions: object
    counts: object
    nodes: object
    flags: object
    errors: dict = field(default_factory=dict)
    geometry: object = None  # the rules the records were solved under (geometry.Geometry)

    def __len__(self) -> int:
        return self.n

    def solution(self, i: int) -> bytes | None:
        """Return record i's first solution (bytes of values), or None if it has none."""
        if not self.counts[i]:
            return None
        nc = self.shape.ncells
        return bytes(memoryview(self.solutions).cast("B")[i * nc:(i + 1) * nc])

    def status(self, i: int) -> str:
        """Return record i's status word (solver.STATUSES): error, illegal, impossible,
        ambiguous, limit, solved (limit 1) or unique -- or 'wrong' if the solver returned a
        wrong solution (a bug; never expected)."""
        f = int(self.flags[i])
        if f & FLAG_BAD_INPUT:
            return solver.ERROR
        if f & FLAG_BAD_SOLUTION:
            return "wrong"
        return solver.outcome(int(self.counts[i]), bool(f & FLAG_STOPPED), self.limit,
                              illegal=bool(f & FLAG_CLASH))

    def statuses(self) -> list[str]:
        """Return the status of every record."""
        return [self.status(i) for i in range(self.n)]

    def solution_lines(self, blank: str = ".") -> list[str | None]:
        """Return each record's first solution as a line of symbols, None where there is none."""
        text = format_lines(bytes(memoryview(self.solutions).cast("B")), self.shape.size,
                            blank=blank).decode("ascii").split("\n")
        return [text[i] if self.counts[i] else None for i in range(self.n)]


# --- text -----------------------------------------------------------------------------


def _records(data: bytes):
    """Yield (line number, puzzle field, offset of the field) of the non-blank, non-# lines."""
    for number, raw in enumerate(data.split(b"\n"), 1):
        line = raw.strip(_WS)
        if line and not line.startswith(b"#"):
            m = _FIELD_END.search(line)
            yield number, line[:m.start()] if m else line, len(raw) - len(raw.lstrip(_WS))


def _char_name(byte: int) -> str:
    """The character a byte stands for (bytes from 0x80 up as surrogateescape names them)."""
    return chr(byte) if byte < 0x80 else chr(0xDC00 + byte)


def _parse_lines_py(data: bytes, size: int, table: "bytes | None" = None):
    """The pure-Python twin of the C parse_lines (text.c): same records, values and errors."""
    if table is None:
        table = _auto_table(size)
    ncells = size * size
    out = bytearray()
    errors = []
    for rec, (number, cells, start) in enumerate(_records(data)):
        if len(cells) != ncells:
            k = next((k for k, b in enumerate(cells) if b >= 0x80 or b < 0x20 or b == 0x7f), -1)
            if k >= 0:  # garbage is named before cells are counted (as text.c does)
                ch = _char_name(cells[k])
                errors.append((rec, number, start + k + 1, ch,
                               f"character {ch!r} is not a value of a {size}x{size} grid"))
                out += b"\xff" * ncells
                continue
            errors.append((rec, number, None, None,
                           f"expected {ncells} characters for a {size}x{size} grid, "
                           f"found {len(cells)}"))
            out += b"\xff" * ncells
            continue
        values = cells.translate(table)
        k = values.find(NOT_A_SYMBOL)
        if k >= 0:
            ch = _char_name(cells[k])
            errors.append((rec, number, start + k + 1, ch,
                           f"character {ch!r} is not a value of a {size}x{size} grid"))
            values = b"\xff" * ncells
        out += values
    return out, errors


def _auto_table(size: int) -> bytes:
    """DEFAULT's table, with '0' left to line_alphabet above 9x9 (it may be hex's value 1)."""
    table = reading_table(DEFAULT, size)
    if size > 9:
        table = table[:48] + bytes([NOT_A_SYMBOL]) + table[49:]
    return table


def _reread(data: bytes, size: int, values: bytearray, errors: list) -> list:
    """Read again, choosing each line's alphabet (symbols.line_alphabet), the records that
    DEFAULT's table could not read; return the errors that remain."""
    lines = data.split(b"\n")
    ncells = size * size
    left = []
    for err in errors:
        rec, number, column = err[0], err[1], err[2]
        if column is None:
            left.append(err)
            continue
        raw = lines[number - 1]
        start = len(raw) - len(raw.lstrip(_WS))
        field = raw[start:start + ncells].decode("utf-8", "surrogateescape")
        try:
            alpha = line_alphabet(field, size)
            got = raw[start:start + ncells].translate(reading_table(alpha, size))
        except ParseError:
            got = None
        if got is None or got.find(NOT_A_SYMBOL) >= 0:
            if got is not None:
                k = got.find(NOT_A_SYMBOL)
                ch = _char_name(raw[start + k])
                err = (rec, number, start + k + 1, ch,
                       f"character {ch!r} is not a value of a {size}x{size} grid")
            left.append(err)
            continue
        values[rec * ncells:(rec + 1) * ncells] = got
    return left


def parse_lines(data: bytes | str, size: int, *, alphabet=None):
    """Return (values bytearray, errors) for the non-blank, non-# lines of data.

    One record per such line, read by the one line reader (symbols.reading_table, the C
    text reader when built): the puzzle field is the line up to the first space, tab, ``,``
    ``:`` ``;`` or ``#`` (what follows is a comment), and must hold N*N symbols or blanks.
    ``alphabet=None`` chooses each line's alphabet as formats.parse_line does
    (symbols.line_alphabet).  Errors are (record, line, column, char, reason) tuples (1-based
    line and column; column and char None for a bad length) and such records are filled with
    0xFF bytes, which batch solving reports as FLAG_BAD_INPUT.  A str is read as UTF-8:
    non-ASCII characters are errors, never blanks.
    """
    text = data if isinstance(data, str) else None
    if text is not None:
        data = data.encode("utf-8", "surrogateescape")
    data = bytes(data)
    if type(size) is not int or not 1 <= size <= 64:
        raise ValueError(f"size {size!r}: grids run from 1x1 to 64x64")
    table = reading_table(get_alphabet(alphabet), size) if alphabet is not None \
        else _auto_table(size)
    if _backend.C is not None:
        values, errors = _backend.C.parse_lines(data, size, table)
    else:
        values, errors = _parse_lines_py(data, size, table)
    if alphabet is None and size > 9 and errors:
        errors = _reread(data, size, values, errors)
    if text is not None and errors and not text.isascii():
        errors = _in_characters(data, errors)
    return values, errors


def _in_characters(data: bytes, errors: list) -> list:
    """Errors of a str input with columns counted in characters and the character named
    (the readers count bytes of its UTF-8 encoding)."""
    lines = data.split(b"\n")
    out = []
    for rec, number, column, char, reason in errors:
        if column is not None:
            raw = lines[number - 1]
            column = len(raw[:column - 1].decode("utf-8", "surrogateescape")) + 1
            line = raw.decode("utf-8", "surrogateescape")
            if char is not None and len(line) >= column:
                char = line[column - 1]
                reason = f"character {char!r} is not a value of this grid (not ASCII)" \
                    if not char.isascii() else reason
        out.append((rec, number, column, char, reason))
    return out


def format_lines(values, size: int, blank: str = ".") -> bytes:
    """Return one line of N*N symbols (and a newline) per record of values; '?' for bytes > N."""
    if _backend.C is not None:
        return _backend.C.format_lines(values, size, blank)
    if not 1 <= size <= len(DEFAULT.symbols):
        raise ValueError(f"size {size}: one character per value works for sizes 1..61")
    raw = bytes(memoryview(values).cast("B"))
    ncells = size * size
    if len(raw) % ncells:
        raise ValueError(f"values hold {len(raw)} bytes, not a multiple of {ncells}")
    table = bytes([ord(blank)]) + DEFAULT.symbols[:size].encode("ascii") + b"?" * (255 - size)
    text = raw.translate(table)
    return b"".join(text[i:i + ncells] + b"\n" for i in range(0, len(text), ncells))


# --- the pure-Python batch loop ---------------------------------------------------------


def _is_solution_py(shape: Shape, puzzle, solution, geom=None) -> bool:
    """Independent checker (solver.is_solution): every unit holds each value once, givens kept."""
    if geom is not None and not geom.is_classic:
        return geom.is_solution(solution, puzzle)
    return is_solution(Grid._trusted(tuple(solution), shape), Grid._trusted(tuple(puzzle), shape))


def _rule_clashes(values, n: int, shape: Shape, flags, geom) -> None:
    """After C.batch on rules over many cells: FLAG_CLASH as _batch_py sets it (the C scan
    knows units, pairs and links; givens can also break a rule over many cells)."""
    nc = shape.ncells
    raw = memoryview(values).cast("B")
    for i in range(n):
        if not flags[i] & (FLAG_VERIFIED | FLAG_BAD_INPUT):
            puzzle = bytes(raw[i * nc:(i + 1) * nc])
            flags[i] = (flags[i] & ~FLAG_CLASH) | (FLAG_CLASH if _clash_py(shape, puzzle, geom)
                                                   else 0)


def _clash_py(shape: Shape, puzzle, geom=None) -> bool:
    if geom is not None and not geom.is_classic:
        return bool(geom.conflicts(puzzle))
    return not Grid._trusted(tuple(puzzle), shape).is_legal()


def _batch_py(data, n, shape, engine, limit, node_limit, sols, counts, nodes, flags, geom=None):
    kernel = {"propagate": _kernels.propagate, "backtrack": _kernels.backtrack,
              "dlx": sudoku_cover.dlx, "learn": _backend.KERNELS["learn"]}[engine]
    if geom is None:
        geom = _boxes(shape.box_rows, shape.box_cols)
    tables = _backend.tables(geom) if engine == "learn" else geom
    nc = shape.ncells
    size = shape.size
    raw = memoryview(data).cast("B")
    for i in range(n):
        puzzle = bytes(raw[i * nc:(i + 1) * nc])
        count, first, used, stopped, flag = 0, None, 0, False, 0
        if max(puzzle, default=0) > size:
            flag = FLAG_BAD_INPUT
        else:
            if _clash_py(shape, puzzle, geom):
                flag |= FLAG_CLASH
            count, first, used, stopped = kernel(puzzle, tables, limit, node_limit)
            if stopped:
                flag |= FLAG_STOPPED
            if first is not None:
                flag |= FLAG_VERIFIED if _is_solution_py(shape, puzzle, first, geom) \
                    else FLAG_BAD_SOLUTION
        sols[i * nc:(i + 1) * nc] = first if first is not None else bytes(nc)
        if count > _COUNT_MAX:  # never wraps: saturated, and marked as a lower bound
            count, flag = _COUNT_MAX, flag | FLAG_STOPPED
        counts[i] = count
        nodes[i] = used
        flags[i] = flag


# --- public entry points ---------------------------------------------------------------


def _shape_of(box, ncells: int | None, geom=None) -> Shape:
    if geom is not None:
        shape = geom.display_shape
        if box is not None:
            from ..formats import _as_shape
            if _as_shape(box) is not shape and geom.box is not None:
                raise ValueError(f"box {box} does not fit geometry {geom}")
        if ncells is not None and ncells != geom.ncells:
            raise ValueError(f"records of {ncells} cells do not fit geometry {geom} "
                             f"({geom.ncells} cells)")
        return shape
    if box is None:
        if ncells is None:
            return Shape(3, 3)
        shape = Shape.for_cells(ncells)
        if shape is None:
            raise ValueError(f"cannot tell the box shape of a {ncells}-cell grid; pass box=")
        return shape
    from ..formats import _as_shape
    return _as_shape(box)


def _resolve_engine(engine: str, geom, limit: int, node_limit: int) -> str:
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    name = solver.choose_engine(engine, geom, limit, node_limit)
    return "auto" if name == "portfolio" else name


def _limit(value, what: str, default: int) -> int:
    if value is None:
        return 0
    if type(value) is not int and not isinstance(value, bool):
        try:
            value = operator.index(value)  # numpy integers
        except TypeError:
            pass
    if not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a non-negative integer or None, not {value!r}")
    return value


def _is_numpy(obj) -> bool:
    return type(obj).__module__.split(".")[0] == "numpy" and hasattr(obj, "__array_interface__")


def _bad_value(record: int, cell: int, value, size: int) -> ParseError:
    return ParseError(f"record {record}, cell {cell} (row {cell // size + 1}, column "
                      f"{cell % size + 1}): value {value!r} is not a whole number from 0 to {size}")


def _numpy_values(puzzles, box, geom=None):
    """Return (uint8 array (n, N*N), shape, errors) for a numpy array of puzzles.

    The checks of tables.open_npy: any integer dtype, or a float dtype (whose values must then
    be whole numbers), TypeError otherwise (bools, complex, text, objects); shape (n, N*N) or
    (n, N, N), ValueError otherwise.  A record holding a value outside 0..N (a fraction, NaN
    and inf included) is filled with 0xFF (FLAG_BAD_INPUT) and gets an error naming its
    first bad cell; the others are cast exactly.  Vectorised: no Python object per record
    unless it is bad.
    """
    import numpy as np
    arr = np.asarray(puzzles)
    dtype = arr.dtype
    if dtype.kind not in "iuf" or dtype.fields is not None or dtype.subdtype:
        raise TypeError(f"a numpy array of dtype {dtype} does not hold puzzle values: expected an "
                        "integer array (uint8 is best) with 0 for a blank and 1..N for a value")
    if arr.ndim == 3 and arr.shape[1] == arr.shape[2]:
        arr = arr.reshape(arr.shape[0], arr.shape[1] * arr.shape[2])
    if arr.ndim != 2:
        raise ValueError(f"expected an array of shape (n, N*N) or (n, N, N), not {arr.shape}")
    shape = _shape_of(box, arr.shape[1], geom)
    if arr.shape[1] != shape.ncells:
        raise ValueError(f"rows of {arr.shape[1]} values do not fit {shape} boxes "
                         f"({shape.ncells} cells)")
    size = shape.size
    if dtype.kind == "f":
        badcell = ~((arr >= 0) & (arr <= size) & (np.floor(arr) == arr))  # NaN fails every test
    elif arr.size == 0 or (int(arr.max()) <= size and (dtype.kind == "u" or int(arr.min()) >= 0)):
        return np.ascontiguousarray(arr, dtype=np.uint8), shape, {}  # the common path
    else:
        badcell = (arr > size) | (arr < 0)
    rows = np.flatnonzero(badcell.any(axis=1))
    firsts = badcell[rows].argmax(axis=1)
    errors = {r: _bad_value(r, cell, arr[r, cell].item(), size)
              for r, cell in zip(rows.tolist(), firsts.tolist())}
    out = np.where(badcell, 0, arr).astype(np.uint8) if len(rows) else arr.astype(np.uint8)
    out[rows] = 0xFF  # (a fresh C-contiguous copy either way)
    return out, shape, errors


def _buffer_values(puzzles, box, geom=None):
    """Return (byte memoryview, shape) for a bytes-like buffer of values; refuse other formats."""
    view = memoryview(puzzles)
    if view.format not in ("B", "c") or view.itemsize != 1:
        raise TypeError(f"a buffer of format {view.format!r} (items of {view.itemsize} bytes) "
                        "does not hold one value per byte: pass bytes, or cast it explicitly "
                        "(memoryview(...).cast('B')) if one byte per value is what it holds")
    if not view.c_contiguous:
        raise ValueError("the buffer is not C-contiguous: copy it first (bytes(view))")
    raw = view.cast("B") if view.ndim != 1 or view.format != "B" else view
    shape = _shape_of(box, None, geom)
    if len(raw) % shape.ncells:
        raise ValueError(f"a buffer of {len(raw)} bytes is not a whole number of "
                         f"{shape.ncells}-cell puzzles")
    return raw, shape


def _buffer_errors(raw, shape: Shape, flags) -> dict:
    """Return {record: ParseError} for the FLAG_BAD_INPUT records of a raw buffer (values > N)."""
    marked = bytes(memoryview(flags).cast("B")).translate(_BAD_INPUT_BYTE)
    errors = {}
    nc, size = shape.ncells, shape.size
    i = marked.find(1)
    while i >= 0:
        record = bytes(raw[i * nc:(i + 1) * nc])
        cell = next((k for k, v in enumerate(record) if v > size), None)
        errors[i] = (_bad_value(i, cell, record[cell], size) if cell is not None
                     else ParseError(f"record {i} is not a puzzle"))
        i = marked.find(1, i + 1)
    return errors


_BAD_INPUT_BYTE = bytes(1 if f & FLAG_BAD_INPUT else 0 for f in range(256))


def _run(values, n: int, shape: Shape, engine: str, limit: int, node_limit: int,
         use_numpy: bool, errors: dict, geom=None) -> BatchResult:
    nc = shape.ncells
    if geom is None:
        geom = _boxes(shape.box_rows, shape.box_cols)
    name = _resolve_engine(engine, geom, limit, node_limit)
    if use_numpy:
        import numpy as np
        sols = np.zeros((n, nc), dtype=np.uint8)
        counts = np.zeros(n, dtype=np.int64)
        nodes = np.zeros(n, dtype=np.uint64)
        flags = np.zeros(n, dtype=np.uint8)
    else:
        sols = bytearray(n * nc)
        counts = array.array("q", bytes(8 * n))
        nodes = array.array("Q", bytes(8 * n))
        flags = bytearray(n)
    if name == "auto":  # propagate and learn in turn: the first turn for every record here,
        _, first_budget = next(solver.portfolio_turns(geom))  # the later ones record by record
        kernel_name, kernel_limit = "propagate", min(first_budget, node_limit or first_budget)
    else:
        kernel_name, kernel_limit = name, node_limit
    flat = memoryview(sols.reshape(-1)) if use_numpy else sols  # (a view; 1-D even when n is 0)
    if _backend.C is not None and kernel_name == "fast9":  # (classic 9x9: _resolve_engine)
        _fast9.solve9(values, n, limit, kernel_limit, solutions=sols, counts=counts, nodes=nodes,
                      flags=flags, strict=False)  # (a wrong solution: status 'wrong')
    elif _backend.C is not None and kernel_name != "learn" and _backend.native(geom) \
            and not (kernel_name == "dlx" and geom.propagators):  # (dlx: the cover in Python)
        if geom.is_classic:
            _backend.C.batch(values, n, shape.box_rows, shape.box_cols, kernel_name, limit,
                             kernel_limit, sols, counts, nodes, flags)
        else:
            _backend.C.batch(values, n, _backend.tables(geom), kernel_name, limit,
                             kernel_limit, sols, counts, nodes, flags)
            if geom.propagators:
                _rule_clashes(values, n, shape, flags, geom)
    else:
        _batch_py(values, n, shape, kernel_name, limit, kernel_limit, flat, counts, nodes, flags,
                  geom)
    if name == "auto":
        _later_turns(values, shape, limit, node_limit, flat, counts, nodes, flags, geom)
    return BatchResult(shape, n, name, _backend.backend(), limit, sols, counts, nodes, flags,
                       errors, geom)


def _later_turns(values, shape: Shape, limit: int, node_limit: int, sols, counts, nodes,
                 flags, geom) -> None:
    """Finish, with solver.portfolio, the records the first 'auto' turn stopped."""
    nc = shape.ncells
    raw = memoryview(values).cast("B")
    for i in range(len(flags)):
        if not flags[i] & FLAG_STOPPED or flags[i] & FLAG_BAD_INPUT:
            continue
        done = int(nodes[i])
        if node_limit and done >= node_limit:
            continue
        puzzle = bytes(raw[i * nc:(i + 1) * nc])
        _, count, first, used, stopped = solver.portfolio(
            puzzle, _backend.tables(geom), limit,
            node_limit - done if node_limit else 0,
            turns=itertools.islice(solver.portfolio_turns(geom), 1, None))
        if stopped and count <= counts[i]:  # as portfolio: a later turn's answer replaces
            # the first turn's only when it found more solutions
            nodes[i] = done + used
            continue
        flag = flags[i] & FLAG_CLASH
        if stopped:
            flag |= FLAG_STOPPED
        if first is not None:
            flag |= FLAG_VERIFIED if _is_solution_py(shape, puzzle, first, geom) \
                else FLAG_BAD_SOLUTION
            sols[i * nc:(i + 1) * nc] = first
        counts[i] = count
        nodes[i] = done + used
        flags[i] = flag


def solve_many(puzzles, *, box=None, engine: str = "auto", limit: int | None = 1,
               node_limit: int | None = None, alphabet=None, geometry=None) -> BatchResult:
    """Return a BatchResult for many puzzles: first solution, count up to limit, nodes, flags.

    limit=None counts every solution; node_limit=None searches without a node limit;
    alphabet (lines only) as in parse_lines; geometry: the rules of every record (a
    Geometry or a name such as '3x3+x'; default: the classic boxes of box).
    """
    lim = _limit(limit, "limit", 1)
    nlim = _limit(node_limit, "node_limit", 0)
    geom = _geometry_of(geometry)
    if _is_numpy(puzzles):
        arr, shape, errors = _numpy_values(puzzles, box, geom)
        return _run(arr.reshape(-1), arr.shape[0], shape, engine, lim, nlim, True, errors, geom)
    if isinstance(puzzles, (bytes, bytearray, memoryview, array.array)):
        raw, shape = _buffer_values(puzzles, box, geom)
        result = _run(raw, len(raw) // shape.ncells, shape, engine, lim, nlim, False, {}, geom)
        result.errors.update(_buffer_errors(raw, shape, result.flags))
        return result
    if isinstance(puzzles, str):
        return solve_text(puzzles, box=box, engine=engine, limit=limit, node_limit=node_limit,
                          alphabet=alphabet, geometry=geom)
    lines = list(puzzles)
    try:  # (join checks every item is a str, in C: no Python pass over the lines)
        text = "\n".join(lines)
    except TypeError:
        raise TypeError("puzzles must be a bytes buffer of values, a list of str lines or a "
                        "numpy uint8 array") from None
    if text.count("\n") != max(0, len(lines) - 1):
        raise ValueError("a puzzle line must not contain a newline")
    first = next(_records(lines[0].encode("utf-8", "surrogateescape")), None) if lines else None
    first_len = len(first[1].decode("utf-8", "surrogateescape")) if first else 81
    values, errors, shape = _read_text(text, box, alphabet, geom, first_len)
    blank = ()
    if len(values) != len(lines) * shape.ncells:  # (one record per line, unless some line
        # is blank or a '#' comment, which the parser skips: those are found only then and
        # marked, so every line keeps its record)
        blank = [k for k, p in enumerate(lines) if not p.strip() or p.lstrip().startswith("#")]
        marked = list(lines)
        for k in blank:
            marked[k] = "!"
        values, errors, shape = _read_text("\n".join(marked), box, alphabet, geom, first_len)
    result = _run(values, len(values) // shape.ncells, shape, engine, lim, nlim, False, errors,
                  geom)
    for k in blank:
        result.errors[k] = ParseError("not a puzzle line (blank or comment)", line=k + 1)
    return result


def count_many(puzzles, *, box=None, engine: str = "auto", limit: int | None = 2,
               node_limit: int | None = None, geometry=None) -> BatchResult:
    """Return a BatchResult counting solutions up to limit (default 2: is each puzzle unique?)."""
    return solve_many(puzzles, box=box, engine=engine, limit=limit, node_limit=node_limit,
                      geometry=geometry)


def _geometry_of(geometry):
    if geometry is None:
        return None
    from ..geometry import as_geometry
    return as_geometry(geometry)


def solve_text(text, *, box=None, engine: str = "auto", limit: int | None = 1,
               node_limit: int | None = None, alphabet=None, geometry=None,
               _first_len: int | None = None) -> BatchResult:
    """Return a BatchResult for the puzzle lines of text (str or bytes), one record per line.

    Blank lines and '#' comment lines are skipped; a line that is not a puzzle becomes an
    'error' record whose ParseError (line, column, character) is in result.errors.
    """
    lim = _limit(limit, "limit", 1)
    nlim = _limit(node_limit, "node_limit", 0)
    geom = _geometry_of(geometry)
    values, errors, shape = _read_text(text, box, alphabet, geom, _first_len)
    n = len(values) // shape.ncells
    return _run(values, n, shape, engine, lim, nlim, False, errors, geom)


def _read_text(text, box, alphabet, geom, first_len: "int | None"):
    """(values, {record: ParseError}, shape) of the puzzle lines of text (str or bytes):
    the shape from geom, box, else the first record's length (first_len when known)."""
    data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else bytes(text)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if geom is not None:
        shape = _shape_of(box, None, geom)
    elif box is None:
        first = first_len
        if first is None:
            first = next((len(cells.decode("utf-8", "surrogateescape"))
                          for _, cells, _ in _records(data)), 81)
        shape = _shape_of(None, first)
    else:
        shape = _shape_of(box, None)
    values, errs = parse_lines(data, shape.size, alphabet=alphabet)
    errors = {rec: ParseError(reason, line=line, column=col, char=ch)
              for rec, line, col, ch, reason in errs}
    return values, errors, shape


if __name__ == "__main__":  # pragma: no cover - a tiny demo: python -m sudokit.records.batch FILE
    with open(sys.argv[1], "rb") as fh:
        res = solve_text(fh.read())
    sys.stdout.buffer.write(format_lines(res.solutions, res.shape.size))
