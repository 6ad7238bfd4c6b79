"""The line format: one puzzle of N*N cells on a line (re-exported by ``formats``).

``parse_line`` reads through a *plan* per line length (shape and spelling table of the
last line of that length read): one table lookup, done in C when the extension is built
(``_ckernels.read_line``, the text reader ``batch`` uses too).  ``quick_values`` is that
plan lookup alone, for ``Grid(str)``/``as_grid`` and ``solve(str)``; anything a plan cannot
read goes to ``_parse_line``, the exact reader that words every error.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from ..errors import ParseError, ShapeError, describe
from ..grid import Grid
from ..shape import MAX_SIZE, Shape
from ..symbols import DEFAULT, HEX, LETTERS, WHITESPACE, Alphabet, get_alphabet, line_alphabet, \
    reading_table

_PUNCT_BLANKS = frozenset(".-_*?")          # blanks that are never symbols
_SEP = re.compile(r"[ \t,:;#]")             # what may end the puzzle field of a line

# N*N -> N for every N that has a default box shape (1..64 minus primes above 3 ...)
_LINE_SIZES: dict[int, int] = {}
for _n in range(1, MAX_SIZE + 1):
    try:
        Shape.for_size(_n)
    except ShapeError:
        continue
    _LINE_SIZES[_n * _n] = _n
del _n



# --- spelling helpers (shared by every reader and writer in formats) -----------------------


def _as_shape(box) -> "Shape | None":
    """Return the Shape named by box (Shape, 'RxC', (r, c), box side int) or None."""
    if box is None or isinstance(box, Shape):
        return box
    if isinstance(box, str):
        return Shape.parse(box)
    if isinstance(box, bool):
        raise ShapeError(f"not a box shape: {box!r}")
    if isinstance(box, int):
        return Shape(box, box)
    if isinstance(box, (tuple, list)) and len(box) == 2:
        return Shape(int(box[0]), int(box[1]))
    raise ShapeError(f"not a box shape: {box!r}")


def _shape_for_size(size: int, line: int | None, column: int | None) -> Shape:
    try:
        return Shape.for_size(size)
    except ShapeError as exc:
        raise ParseError(f"{exc}", line=line, column=column) from None


def _nearest_cells(count: int) -> int:
    """Return the supported N*N nearest to count (ties go to the larger grid)."""
    return min(_LINE_SIZES, key=lambda sq: (abs(sq - count), -sq)) if count > 1 else 81


_byte_table = reading_table  # (alphabet, size) -> the one 256-byte spelling table (symbols.py)


_WRITE_TABLES: dict[tuple[Alphabet, int, str], "bytes | list[str]"] = {}


def _write_table(alpha: Alphabet, size: int, blank: str) -> "bytes | list[str]":
    """Return value -> symbol as a bytes.translate table (ASCII) or a list of strings."""
    key = (alpha, size, blank)
    table = _WRITE_TABLES.get(key)
    if table is None:
        symbols = alpha.table(size, blank)  # SpellingError: too many values, or a bad blank
        if len(blank) == 1 and blank.isascii():
            table = bytes(ord(s) for s in symbols) + bytes(256 - len(symbols))
        else:
            table = symbols
        _WRITE_TABLES[key] = table
    return table


def _spell(values: Sequence[int], alpha: Alphabet, size: int, blank: str) -> str:
    table = _write_table(alpha, size, blank)
    if isinstance(table, bytes):
        return bytes(values).translate(table).decode("ascii")
    return "".join([table[v] for v in values])


def _detect(cells: str, size: int) -> Alphabet:
    """Return the alphabet for cells of a size-N grid (for a bad text: the one reading it furthest)."""
    if size <= 9:
        return DEFAULT
    try:
        return line_alphabet(cells, size)
    except ParseError:
        best, reach = DEFAULT, -1
        for alpha in (DEFAULT, LETTERS, HEX):
            k = _first_bad(cells, alpha, size)
            if k > reach:
                best, reach = alpha, k
        return best


def _first_bad(cells: str, alpha: Alphabet, size: int) -> int:
    """Return the index of the first character that is neither a symbol nor a blank, or -1."""
    table = _byte_table(alpha, size)
    try:
        return cells.encode("ascii").translate(table).find(255)
    except UnicodeEncodeError:
        for k, ch in enumerate(cells):
            if ord(ch) > 127 or table[ord(ch)] == 255:
                return k
    return -1


def _values(cells: str, alpha: Alphabet, size: int) -> "bytes | int":
    """Return the values of cells as bytes, or the index of the first bad character."""
    table = _byte_table(alpha, size)
    try:
        b = cells.encode("ascii").translate(table)
    except UnicodeEncodeError:
        return _first_bad(cells, alpha, size)
    k = b.find(255)
    return b if k < 0 else k


def _bad_char(ch: str, alpha: "Alphabet | None", size: int, line: int | None, column: int | None) -> ParseError:
    if ch.isprintable() and len(ch) == 1 and ch.isascii():
        what = f"not a value of a {size}x{size} grid (alphabet {alpha.name!r}) nor a blank"
    else:
        what = f"unexpected {describe(ch)}" if len(ch) == 1 and "\udc80" <= ch <= "\udcff" \
            else f"unexpected character {ch!r} (U+{ord(ch):04X})"
    return ParseError(what, line=line, column=column, char=ch)


def _strip_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


# --- line -------------------------------------------------------------------------------

# (len(stripped text), box, alphabet) -> (shape, byte table, zero_needs_detection): how a
# line of that length was read last time, so the next one is one table lookup (in C when
# built: _ckernels.read_line, the same reader as batch's).
_PLANS: dict[tuple, tuple[Shape, bytes, bool]] = {}
_C_READ = None  # _ckernels.read_line once looked up; False when pure Python


def _c_reader():
    global _C_READ
    if _C_READ is None:
        from ..engine import _backend
        _C_READ = getattr(_backend.C, "read_line", None) or False
    return _C_READ


def _read_planned(s: str, plan) -> "bytes | None":
    """Return the values of the stripped line s read by plan, or None (take the slow path)."""
    shape, table, zero_check = plan
    if zero_check and "0" in s:
        return None
    read = _C_READ if _C_READ is not None else _c_reader()
    if read:
        got = read(s, table, shape.ncells)
        return got if type(got) is bytes else None
    try:
        b = s.encode("ascii").translate(table)
    except UnicodeEncodeError:
        return None
    return b if b.find(255) < 0 else None


# lengths that are N*N for one N and N*N*N for another: parse() reads such a line as pencil
# marks (detect_format), so the one-line shortcut below leaves them to it
_CUBES = frozenset(n ** 3 for n in range(1, MAX_SIZE + 1))


def quick_values(text: str, box=None, alphabet=None) -> "tuple[bytes, Shape] | None":
    """Return (values, shape) of a one-line puzzle read as ``parse(text)`` would read it, by
    the plan of an earlier line of its length (one C call when built); None when there is no
    such plan or the line needs the full reader (then call parse: same result, or its error).
    """
    s = text.strip(WHITESPACE)
    n = len(s)
    if n in _CUBES:
        return None
    try:
        plan = _PLANS.get((n, box, alphabet))
    except TypeError:
        return None
    if plan is None:
        return None
    b = _read_planned(s, plan)
    return None if b is None else (b, plan[0])


def parse_line(text: str, *, box=None, alphabet=None) -> Grid:
    """Return the grid written on one line of N*N cells; raise ParseError (line 1, column)."""
    s = text.strip(WHITESPACE)
    try:
        plan = _PLANS.get((len(s), box, alphabet))
    except TypeError:  # unhashable box, e.g. a list
        plan = None
    if plan is not None:
        b = _read_planned(s, plan)
        if b is not None:
            return Grid._trusted(tuple(b), plan[0])
    return _parse_line(text, box, alphabet)[0]


def _parse_line(text: str, box, alphabet, hint: "Shape | None" = None) -> tuple[Grid, "str | None"]:
    """Return (grid, comment) for one line; the slow, exact path behind parse_line.

    hint: the shape a stream has been reading, used to word the error for a line whose
    length fits no grid ("expected 81 cells, found 3" rather than the nearest square).
    """
    body = _strip_bom(text).rstrip(WHITESPACE)
    if "\n" in body:
        parts = [p.rstrip("\r") for p in body.split("\n")]
        full = [k for k, p in enumerate(parts) if p.strip()]
        if len(full) > 1:
            k = full[1]
            raise ParseError("parse_line reads one line; the text goes on to another line "
                             "(use parse or read_records)", line=k + 1, column=1,
                             char=parts[k].lstrip()[:1])
        k = full[0] if full else 0
        try:
            return _parse_line(parts[k], box, alphabet)
        except ParseError as exc:
            raise exc.shifted(line=k) from None
    start = len(body) - len(body.lstrip(WHITESPACE))
    m = _SEP.search(body, start)
    end = m.start() if m else len(body)
    field = body[start:end]
    comment = None
    if m:
        comment = body[end:].strip()
        if comment[:1] in ("#", ",", ":", ";"):
            comment = comment[1:].strip()
        comment = comment or None
    if not field:
        raise ParseError("no puzzle on the line" if body.strip() else "empty input: no puzzle",
                         line=1, column=start + 1, char=body[start] if start < len(body) else None)
    if not (field.isascii() and field.isprintable()):
        # garbage (control bytes, undecodable bytes): name it before counting cells
        k = next(k for k, ch in enumerate(field) if not (ch.isascii() and ch.isprintable()))
        raise _bad_char(field[k], None, 0, 1, start + k + 1)
    shape = _as_shape(box)
    count = len(field)
    if shape is None:
        size = _LINE_SIZES.get(count)
        if size is not None and not _off_notation(count, hint):
            expected = count
        else:
            expected = hint.ncells if hint is not None else _nearest_cells(count)
    else:
        expected = shape.ncells
    if count != expected:
        n = _LINE_SIZES.get(expected) or math.isqrt(expected)
        col = start + min(count, expected) + 1
        char = field[expected] if count > expected else None
        why = f"expected {expected} cells (a {n}x{n} grid), found {count}"
        root = math.isqrt(count)
        if shape is None and root * root == count and root not in _LINE_SIZES.values():
            article = "an" if root in (11, 18) or str(root).startswith("8") else "a"
            why += (f"; {article} {root}x{root} grid has no box shape other than 1x{root}: give the box "
                    f"shape to read one (--box 1x{root}, box='1x{root}')")
        raise ParseError(why, line=1, column=col, char=char)
    if shape is None:
        shape = Shape.for_size(size)
    size = shape.size
    alpha = get_alphabet(alphabet) if alphabet is not None else _detect(field, size)
    got = _values(field, alpha, size)
    if isinstance(got, int):
        raise _bad_char(field[got], alpha, size, 1, start + got + 1)
    if field == text.strip(WHITESPACE) and (alphabet is not None or alpha is DEFAULT):
        try:
            _PLANS[(len(field), box, alphabet)] = (shape, _byte_table(alpha, size),
                                                    alphabet is None and size > 9)
        except TypeError:
            pass
    return Grid._trusted(tuple(got), shape), comment


def _off_notation(count: int, hint: "Shape | None") -> bool:
    """True for a line of fewer than 16 cells (a 1x1, 2x2 or 3x3 grid) in a stream whose
    established grids are another size: a stray ``x`` or ``-`` line in a 9x9 file is an
    error record, not a 1x1 puzzle (ask for tiny grids with box=, or give only such lines)."""
    return count < 16 and hint is not None and hint.ncells != count


def guess_note(shape: Shape) -> "str | None":
    """Return the note of a line whose box shape was guessed from its length, or None.

    Non-square boxes (6x6: 2x3 or 3x2, 8x8: 2x4 or 4x2 ...) are read with the default
    shape (Shape.for_size); a puzzle meant for the other one is read wrongly, so readers
    attach this note to such records.
    """
    if shape.box_rows == shape.box_cols:
        return None
    return (f"{shape.size}x{shape.size} grid read with {shape} boxes (rows x cols), a guess "
            f"from the line length: --box / box= decides (e.g. {shape.box_cols}x{shape.box_rows})")


def format_line(grid: Grid, *, alphabet=None, blank: str = ".") -> str:
    """Return the grid as one line of N*N symbols (ValueError if the alphabet is too small)."""
    return _spell(grid.values, get_alphabet(alphabet), grid.shape.size, blank)
