"""Text in and out: line, block, tokens, pencil marks, .sdk/.sdm/.ss, JSON, Knuth's .dlx.

Reading is lenient, writing is exact.  Every reader raises ``ParseError`` naming the line,
the column (both 1-based) and the offending character; every writer returns text *without*
a trailing newline (``str(grid)`` is ``format_block(grid)``; add the newline when writing).

The formats (N = number of values; blanks read as any of ``. 0 - _ * ? x`` that is not a
value of the alphabet, written as ``.`` unless ``blank=`` says otherwise):

    line         N*N cells on one line: ``53..7....6..195...``.  The cell count picks the
                 size (16 -> 4x4 with 2x2 boxes, 36 -> 6x6 with 2x3 boxes, 81, 256, 625 ...)
                 unless ``box=`` is given.  After the puzzle, a comment may follow a space, a
                 tab, ``#``, ``,``, ``:`` or ``;`` (``puzzle # name``, ``puzzle<TAB>label``,
                 ``puzzle,label,...`` CSV, tdoku's ``puzzle:count:solution``).
    block        N lines of N cells; ``|`` column bars, spaces between cells, separator lines
                 made of ``- = + | * :`` (``---+---``, ``-----------``, ``*-----*``), ``#``
                 comment lines and ``[Section]`` headers are ignored.  A line of N blank
                 dashes (``---------``) is a row, not a separator.
    tokens       whitespace-separated values: integers 0..N (0 = empty; 10, 11 ... for big
                 grids), single symbols (``A``) or blank tokens (``.`` ``?`` ...).  Digits are
                 integers unless ``alphabet=`` is given; letters are ``default`` symbols
                 (A = 10) when digits occur too, else ``letters`` (A = 1).
    pencilmarks  N*N*N characters on one line: cell after cell, N positions each; position k
                 holds the symbol of value k+1 when it is a candidate, a blank otherwise
                 (Sudoku Explainer / HoDoKu "729" style).  Also the grid form: N lines of N
                 whitespace-separated candidate strings (``1569``), with optional bars and
                 separator lines.
    sdk          SadMan / SudoCue single puzzle: ``#X...`` metadata lines, optional
                 ``[Puzzle]`` header, then the block (later ``[Sections]`` are ignored).
    sdm          one line puzzle per line, many puzzles (the line format, streamed).
    ss           Simple Sudoku: rows ``53.|.7.|...`` and ``-----------`` lines (a block).
    json         ``{"puzzle": "<line>", "box": "3x3"}`` (or keys ``grid``/``values`` holding
                 a line, a flat list of ints or a list of rows), or a bare list of rows;
                 an optional ``"geometry"`` object (``Geometry.to_json``) carries the rules.
    fpuzzles     f-puzzles JSON ``{"size": 9, "grid": [[{"value": 5, "given": true}, ...]]}``
                 with regions, diagonals, anti-knight/king, disjoint groups and extra
                 regions; an f-puzzles link or its lz-string Base64 (see ``_fpuzzles``).
    sudokupad    a SudokuPad link (sudokupad.app, app.crackingthecryptic.com) or its bare
                 id ``scl...``, ``ctc...``, ``fpuzzles...``: the compressed JSON it carries,
                 read for every rule sudokit has (see ``_sudokupad``; short ids that need
                 the puzzle server are refused: no network; the rules text is not read).
    solo         a Simon Tatham's Solo game id ``3x3k:zzzc,...`` (classic, X, jigsaw,
                 killer; see ``_solo``).
    killer       a killer as killer forums write it on one line: SudoCue's numbers
                 ``3x3:d:k:3841:7705:...`` or 81 characters of totals and arrows
                 ``G<<L<K<L<^G>^>^E^^>...`` (see ``_killer``).
    walls        HDU 4069 wall bits: N lines of N integers, value + 16/32/64/128 per wall
                 (up/right/down/left); regions are the cells the walls enclose.
    regions      a region map, N lines of N region names: a geometry, not a puzzle
                 (``parse_regions``/``format_regions``, in ``_regions``).
    dlx          Knuth's exact-cover text (``parse_dlx``/``format_dlx``, in ``_dlx``).

Detection (``parse`` and ``detect_format``, one puzzle):
    1. text starting with ``{``, or with ``[`` that is not a ``[Section]`` header -> json,
       but fpuzzles for an object with "size" and "grid" rows of cell objects; an
       f-puzzles link (``f-puzzles.com...?load=``) -> fpuzzles (walls are never guessed);
       one line that is a SudokuPad link or id -> sudokupad; a Solo game id -> solo;
       a SudoCue killer line or an 81-character arrow line (with < > ^ or v) -> killer;
    2. the content lines are the lines that are not blank, not ``#`` comments and not
       ``[Section]`` headers;
    3. one content line: N*N*N positional pencil-mark characters -> pencilmarks; a leading
       field of N*N characters (or box.ncells) -> line; several whitespace-separated tokens
       -> tokens; otherwise line (whose error gives expected and found lengths);
    4. several lines: ``|``, ``+`` or a separator line anywhere -> block (also .ss/.sdk);
       whitespace-separated tokens on the first line -> tokens; as many rows as cells in the
       first row -> block; a first line of N*N cells -> line (extra lines are an error);
       otherwise block.

Streaming many puzzles (``read_records``, in ``_formats_stream``) detects the format from a
window of the first 64 non-comment lines with ``detect_notation`` (the one stream detector:
call it to read a stream as read_records would); see its docstring, also for MAX_LINE and
``Record.note``.

Spelling: every reader of symbols goes through ``symbols.reading_table`` (ASCII only; the
C text reader takes the same table), so ``parse_line``, ``batch.parse_lines``/``solve_many``
and ``read_records`` accept the same lines with the same values.  Writers raise
``SpellingError`` (a ValueError) for a grid the alphabet cannot spell (64x64: use tokens or
json) and for a ``blank`` that no reader would read back as an empty cell.
"""

from __future__ import annotations

import math
import re
from typing import Iterable, Mapping, Sequence

from ..errors import ParseError, SpellingError
from ..grid import Grid
from ..shape import MAX_SIZE, Shape
from ._line import (_LINE_SIZES, _PLANS, _PUNCT_BLANKS, _SEP,  # noqa: F401 (re-exported)
                          _as_shape, _bad_char, _byte_table, _detect, _first_bad, _nearest_cells,
                          _off_notation, _parse_line, _read_planned, _shape_for_size, _spell,
                          _strip_bom, _values, format_line, guess_note, parse_line, quick_values)
from ..symbols import DEFAULT, LETTERS, Alphabet, get_alphabet

__all__ = [
    "parse", "detect_format", "FORMATS",
    "parse_line", "format_line", "parse_block", "format_block", "parse_tokens", "format_tokens",
    "parse_pencilmarks", "format_pencilmarks", "parse_sdk", "format_sdk", "sdk_metadata",
    "parse_sdm", "format_sdm", "parse_ss", "format_ss", "parse_json", "format_json",
    "parse_dlx", "format_dlx", "parse_fpuzzles", "format_fpuzzles", "parse_walls",
    "format_walls", "parse_regions", "format_regions", "parse_sudokupad", "parse_solo",
    "parse_killer", "Record", "read_records", "iter_puzzles", "open_text", "Notation", "detect_notation",
    "MAX_LINE", "guess_note", "quick_values",
]

FORMATS = ("line", "block", "tokens", "pencilmarks", "sdk", "ss", "json", "fpuzzles", "walls",
           "sudokupad", "solo", "killer")

_NEWLINE = re.compile(r"\r\n|\r|\n")        # universal newlines, as io reads them
_CELL_DROP = str.maketrans("", "", "| \t")  # what a block row may hold besides cells
_SEPLINE_CHARS = frozenset("-=+|*: \t")
_TOKEN = re.compile(r"[^\s|]+")
_SECTION = re.compile(r"\[[A-Za-z0-9 _-]*\]\Z")

# --- shared helpers (the spelling ones live in _lineformat) ------------------------------


def _split_lines(text: str) -> list[str]:
    """Return the lines of text (universal newlines, BOM removed, trailing blanks stripped)."""
    return [ln.rstrip() for ln in _NEWLINE.split(_strip_bom(text))]


def _is_comment(line: str) -> bool:
    """True for '#' comment lines and '[Section]' headers (line already stripped)."""
    return line.startswith("#") or bool(_SECTION.match(line))


def _content(text: str) -> list[tuple[int, str]]:
    """Return (line number, line) of every line that is not blank, a comment or a header."""
    out = []
    for lineno, line in enumerate(_split_lines(text), 1):
        s = line.strip()
        if s and not _is_comment(s):
            out.append((lineno, line))
    return out


# --- block ------------------------------------------------------------------------------


def _is_sepline(line: str, cells: str, size: "int | None") -> bool:
    """True for a separator line; a line of exactly N blank '-' or '*' cells is a row."""
    if not set(line) <= _SEPLINE_CHARS:
        return False
    if "+" in line or "=" in line or ":" in line or not cells:
        return True
    return size is None or len(cells) != size


def _row_size(items: list[tuple[int, str]]) -> "int | None":
    """Return the most common cell count of the lines that are surely rows (first one on ties)."""
    sizes = [len(line.translate(_CELL_DROP)) for _, line in items
             if not set(line) <= _SEPLINE_CHARS]
    if sizes:
        return max(dict.fromkeys(sizes), key=sizes.count)
    # only dashes and bars: an all-blank grid of '-' cells, or nothing at all
    rows = [len(line.translate(_CELL_DROP)) for _, line in items
            if not any(c in line for c in "+=:")]
    return max(set(rows), key=rows.count) if rows else None


def _cell_column(line: str, k: int) -> int:
    """Return the 1-based column of the k-th cell of a block row (bars and spaces skipped)."""
    seen = -1
    for col, ch in enumerate(line):
        if ch not in "| \t":
            seen += 1
            if seen == k:
                return col + 1
    return len(line) + 1


def _block_grid(items: list[tuple[int, str]], shape: "Shape | None", alphabet,
                end_line: int) -> Grid:
    """Return the grid held by block content lines (line numbers absolute); raise ParseError."""
    if not items:
        raise ParseError("empty input: no puzzle", line=end_line, column=1)
    if shape is None:
        size = _row_size(items)
        lineno = items[0][0]
        if size is None or size > MAX_SIZE:
            raise ParseError(f"a block row has N cells (N <= {MAX_SIZE}), this one has {size}; "
                             "is it the line format?", line=lineno, column=1)
        shape = _shape_for_size(size, lineno, 1)
    size = shape.size
    rows: list[tuple[int, str, str]] = []
    for lineno, line in items:
        cells = line.translate(_CELL_DROP)
        if not _is_sepline(line, cells, size):
            rows.append((lineno, line, cells))
    if alphabet is not None:
        alpha = get_alphabet(alphabet)
    elif size <= 9:
        alpha = DEFAULT
    else:
        alpha = _detect("".join(c for _, _, c in rows[:size]), size)
    if len(rows) == size and all(len(c) == size for _, _, c in rows):
        got = _values("".join(c for _, _, c in rows), alpha, size)
        if not isinstance(got, int):
            return Grid._trusted(tuple(got), shape)
    values = bytearray()
    for r, (lineno, line, cells) in enumerate(rows):
        if r == size:
            raise ParseError(f"more than {size} rows: a {size}x{size} grid ends on the line before",
                             line=lineno, column=_cell_column(line, 0), char=cells[:1] or None)
        if len(cells) != size:
            k = min(len(cells), size)
            raise ParseError(f"row {len(values) // size + 1} has {len(cells)} cells, expected {size}",
                             line=lineno, column=_cell_column(line, k),
                             char=cells[size] if len(cells) > size else None)
        got = _values(cells, alpha, size)
        if isinstance(got, int):
            raise _bad_char(cells[got], alpha, size, lineno, _cell_column(line, got))
        values += got
    if len(rows) < size:
        last = rows[-1][0] if rows else items[-1][0]
        raise ParseError(f"found {len(rows)} rows, expected {size}: the grid is cut short",
                         line=last + 1, column=1)
    return Grid._trusted(tuple(values), shape)


def parse_block(text: str, *, box=None, alphabet=None) -> Grid:
    """Return the grid written as N lines of N cells (bars, separators, spaces allowed)."""
    items = _content(text)
    return _block_grid(items, _as_shape(box), alphabet, len(_split_lines(text)))


def format_block(grid: Grid, *, alphabet=None, blank: str = ".", separators: bool = False) -> str:
    """Return N lines of N symbols, no trailing newline; separators=True draws | and ---+--- lines."""
    shape = grid.shape
    n = shape.size
    line = format_line(grid, alphabet=alphabet, blank=blank)
    if len(line) == n * n:
        cells: Sequence[str] = line
    else:  # a blank of several characters
        symbols = get_alphabet(alphabet).table(n, blank)
        cells = [symbols[v] for v in grid.values]
    if not separators:
        return "\n".join("".join(cells[r * n:(r + 1) * n]) for r in range(n))
    bc, br = shape.box_cols, shape.box_rows
    width = max(len(c) for c in cells)
    rule = "+".join(["-" * (bc * width)] * (n // bc))
    out = []
    for r in range(n):
        if r and r % br == 0:
            out.append(rule)
        row = cells[r * n:(r + 1) * n]
        out.append("|".join("".join(row[k:k + bc]) for k in range(0, n, bc)))
    return "\n".join(out)


# --- tokens -----------------------------------------------------------------------------


def _is_token_sepline(tokens: list[str]) -> bool:
    """True for a separator line among tokens: only - = + * : characters and a run of two."""
    return all(set(t) <= _SEPLINE_CHARS for t in tokens) and any(len(t) > 1 for t in tokens)


def _line_tokens(line: str) -> list[tuple[int, str]]:
    """Return (column, token) of a line of tokens; [] for a separator line."""
    found = [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line)]
    if found and _is_token_sepline([t for _, t in found]):
        return []
    return found


def _token_alphabet(tokens: Iterable[str], alphabet, size: int) -> "Alphabet | None":
    if alphabet is not None:
        return get_alphabet(alphabet)
    symbols = set()
    numbers = False
    for t in tokens:
        if t.isascii() and t.isdigit():
            numbers = numbers or t.strip("0") != ""
        elif len(t) == 1 and t not in _PUNCT_BLANKS:
            symbols.add(t)
    if not symbols:
        return None
    if not numbers and all(LETTERS.value_of(ch, size) >= 0 for ch in symbols):
        return LETTERS
    return _detect("".join(symbols), max(size, 10)) if size > 9 else DEFAULT


def _token_value(tok: str, alpha: "Alphabet | None", size: int, explicit: bool) -> int:
    """Return the value of one token, or -1 if it is not a value of a size-N grid."""
    if len(tok) == 1:
        if explicit:
            return alpha.value_of(tok, size)
        if tok in "0123456789":
            v = ord(tok) - 48
            return v if v <= size else -1
        if tok in _PUNCT_BLANKS:
            return 0
        if alpha is not None:
            return alpha.value_of(tok, size)
        return DEFAULT.value_of(tok, size)
    if tok.isascii() and tok.isdigit():
        v = int(tok)
        return v if v <= size else -1
    return -1


_NUMBER_TABLES: dict[int, dict[str, int]] = {}


def _number_table(size: int) -> dict[str, int]:
    """Return {'0': 0, '1': 1, ..., str(N): N, '.': 0, ...}: the tokens that need no alphabet."""
    table = _NUMBER_TABLES.get(size)
    if table is None:
        table = {str(v): v for v in range(size + 1)}
        table.update((b, 0) for b in _PUNCT_BLANKS)
        _NUMBER_TABLES[size] = table
    return table


def _tokens_grid(found: list[tuple[int, int, str]], shape: "Shape | None", alphabet,
                 end: tuple[int, int], rows: "list[tuple[int, str, int]] | None" = None) -> Grid:
    """Return the grid from (line, column, token) triples; end = where a missing token would go."""
    count = len(found)
    if shape is None:
        size = _LINE_SIZES.get(count)
        if size is None:
            _token_count_error(found, None, end, rows)
        shape = _shape_for_size(size, found[0][0], found[0][1])
    elif count != shape.ncells:
        _token_count_error(found, shape, end, rows)
    size = shape.size
    alpha = _token_alphabet((t for _, _, t in found), alphabet, size)
    explicit = alphabet is not None
    values = []
    for lineno, col, tok in found:
        v = _token_value(tok, alpha, size, explicit)
        if v < 0:
            if (tok.isascii() and tok.isdigit()) or len(tok) == 1:
                why = f"token {tok!r} is not a value of a {size}x{size} grid (0..{size} or a blank)"
            else:
                why = f"token {tok!r} is not a value, a symbol or a blank"
            raise ParseError(why, line=lineno, column=col, char=tok[0])
        values.append(v)
    return Grid._trusted(tuple(values), shape)


def _token_count_error(found, shape, end, rows):
    count = len(found)
    if shape is None and rows:
        # rows of k tokens: blame the first row that differs from the first one
        k = rows[0][2]
        if k in _LINE_SIZES.values():
            for lineno, line, got in rows:
                if got != k:
                    toks = [(c, t) for c, t in _line_tokens(line)]
                    col, ch = (toks[k][0], toks[k][1][0]) if got > k else (len(line.rstrip()) + 1, None)
                    raise ParseError(f"line has {got} tokens, the rows before have {k}",
                                     line=lineno, column=col, char=ch)
    expected = shape.ncells if shape is not None else _nearest_cells(count)
    n = math.isqrt(expected)
    if count > expected:
        lineno, col, tok = found[expected]
        raise ParseError(f"expected {expected} tokens (a {n}x{n} grid), found {count}",
                         line=lineno, column=col, char=tok[0])
    raise ParseError(f"expected {expected} tokens (a {n}x{n} grid), found {count}",
                     line=end[0], column=end[1])


def _line_token_count(line: str) -> int:
    """Return how many tokens a line holds (0 for a separator line)."""
    if "|" in line:
        return len(_line_tokens(line))
    words = line.split()
    return 0 if _is_token_sepline(words) else len(words)


def _tokens_from_lines(lines: list[tuple[int, str]], shape: "Shape | None", alphabet,
                       end: tuple[int, int]) -> Grid:
    """Return the grid of token lines (line numbers absolute); raise ParseError."""
    if alphabet is None:  # fast path: integers and blanks, no bars, no column bookkeeping
        words: list[str] = []
        for _, line in lines:
            if "|" in line:
                break
            toks = line.split()
            if not _is_token_sepline(toks):
                words.extend(toks)
        else:
            size = shape.size if shape is not None else _LINE_SIZES.get(len(words))
            if size and (shape is None or len(words) == shape.ncells):
                table = _number_table(size)
                values = [table.get(w, -1) for w in words]
                if -1 not in values:
                    return Grid._trusted(tuple(values), shape or Shape.for_size(size))
    found: list[tuple[int, int, str]] = []
    rows = []
    for lineno, line in lines:
        toks = _line_tokens(line)
        if toks:
            found.extend((lineno, c, t) for c, t in toks)
            rows.append((lineno, line, len(toks)))
    if not found:
        raise ParseError("empty input: no puzzle", line=end[0], column=1)
    return _tokens_grid(found, shape, alphabet, end, rows)


def parse_tokens(text: str, *, box=None, alphabet=None) -> Grid:
    """Return the grid written as whitespace-separated values (N*N tokens, any layout)."""
    lines = _content(text)
    if not lines:
        raise ParseError("empty input: no puzzle", line=1, column=1)
    end = (lines[-1][0], len(lines[-1][1]) + 1)
    return _tokens_from_lines(lines, _as_shape(box), alphabet, end)


def format_tokens(grid: Grid, *, blank: str = "0", sep: str = " ") -> str:
    """Return N lines of N integer tokens (blank for empty cells), no trailing spaces or newline.

    SpellingError if blank would not read back as an empty cell (``5``, ``a b``, ``""``).
    """
    n = grid.shape.size
    if not (isinstance(blank, str) and blank and blank.isprintable() and blank.split() == [blank]
            and "|" not in blank and _token_value(blank, None, n, False) == 0):
        raise SpellingError(f"blank {blank!r} would not read back as an empty cell: use 0 or "
                            "one of . - _ * ?")
    words = [str(v) if v else blank for v in grid.values]
    return "\n".join(sep.join(words[r * n:(r + 1) * n]) for r in range(n))


# --- .sdk / .sdm / .ss ----------------------------------------------------------------------


def _sdk_items(text: str) -> tuple[list[tuple[int, str]], int]:
    """Return the content lines of the [Puzzle] section (or of the whole text) and the line count."""
    lines = _split_lines(text)
    items = []
    in_puzzle = None  # None: no header seen yet
    for lineno, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if _SECTION.match(s):
            if in_puzzle is None and not items:
                in_puzzle = s.lower() == "[puzzle]"
                continue
            break  # a later section ([State], [Solution] ...) ends the puzzle
        if in_puzzle is False:
            continue
        items.append((lineno, line))
    return items, len(lines)


def parse_sdk(text: str, *, box=None, alphabet=None) -> Grid:
    """Return the puzzle of a SadMan/SudoCue .sdk file (metadata lines and sections skipped)."""
    items, nlines = _sdk_items(text)
    return _block_grid(items, _as_shape(box), alphabet, nlines)


def sdk_metadata(text: str) -> dict[str, str]:
    """Return the '#X value' metadata lines of an .sdk file as {'A': 'Ruud', ...}."""
    out = {}
    for line in _split_lines(text):
        s = line.strip()
        if len(s) >= 2 and s[0] == "#" and s[1].isalpha():
            out.setdefault(s[1], s[2:].strip())
    return out


def format_sdk(grid: Grid, *, metadata: "Mapping[str, str] | None" = None, alphabet=None) -> str:
    """Return the .sdk text: '#X...' metadata lines, then N rows with '.' blanks (no trailing newline)."""
    head = [f"#{key}{value}" for key, value in (metadata or {}).items()]
    return "\n".join(head + [format_block(grid, alphabet=alphabet)])


def parse_sdm(text: str, *, box=None, alphabet=None) -> list[Grid]:
    """Return every puzzle of an .sdm text (one line each); raise ParseError on the first bad line."""
    from ._stream import read_records
    grids = []
    for rec in read_records(text, format="line", box=box, alphabet=alphabet):
        if rec.error is not None:
            raise rec.error
        grids.append(rec.grid)
    return grids


def format_sdm(grids: Iterable[Grid], *, alphabet=None, blank: str = ".") -> str:
    """Return one line per puzzle (no trailing newline)."""
    return "\n".join(format_line(g, alphabet=alphabet, blank=blank) for g in grids)


def parse_ss(text: str, *, box=None, alphabet=None) -> Grid:
    """Return the puzzle of a Simple Sudoku .ss text (a block with | and ----------- lines)."""
    return parse_block(text, box=box, alphabet=alphabet)


def format_ss(grid: Grid, *, alphabet=None, blank: str = ".") -> str:
    """Return Simple Sudoku's layout: rows 'xxx|xxx|xxx' and '-----------' between bands."""
    text = format_block(grid, alphabet=alphabet, blank=blank, separators=True)
    return text.replace("+", "-")


# --- Knuth's DLX (lazy: lives in _dlx) --------------------------------------------


def _dlx_function(*names: str):
    from . import _dlx as module
    for name in names:
        func = getattr(module, name, None)
        if func is not None:
            return func
    raise ImportError(f"sudokit.formats._dlx has none of {names}")


def parse_dlx(*args, **kwargs):
    """Return the exact-cover problem written in Knuth's DLX format (see sudokit.formats._dlx)."""
    return _dlx_function("parse_dlx", "parse_knuth")(*args, **kwargs)


def format_dlx(*args, **kwargs):
    """Return an exact-cover problem as Knuth's DLX text (see sudokit.formats._dlx)."""
    return _dlx_function("format_dlx", "format_knuth")(*args, **kwargs)


# --- detection and dispatch -------------------------------------------------------------


def detect_format(text: str, *, box=None) -> str:
    """Return the name of the format of one puzzle (see the module docstring for the rules)."""
    body = _strip_bom(text).lstrip()
    first = body.split("\n", 1)[0].strip()
    if body.startswith("{") or (body.startswith("[") and not _SECTION.match(first)):
        return "fpuzzles" if body.startswith("{") and _looks_like_fpuzzles(body) else "json"
    if "f-puzzles.com" in first.lower() and _looks_like_fpuzzles(body):
        return "fpuzzles"
    items = _content(text)
    if not items:
        return "line"
    one = _one_line_variant(items[0][1]) if len(items) == 1 else None
    if one is not None:
        return one
    shape = _as_shape(box)
    if len(items) == 1:
        line = items[0][1].strip()
        m = _SEP.search(line)
        field = line[:m.start()] if m else line
        if shape is None and _looks_like_pencil_line(field):
            return "pencilmarks"
        if (shape.ncells == len(field)) if shape else len(field) in _LINE_SIZES and len(field) > 3:
            return "line"
        if len(line.split()) > 1:
            return "tokens"
        return "line"
    if any("|" in ln or "+" in ln for _, ln in items) or any(
            _is_sepline(ln, ln.translate(_CELL_DROP), None) and not _is_row_of_dashes(ln, items)
            for _, ln in items):
        return "block"
    first = items[0][1].strip()
    if len(first.split()) > 1:
        return "tokens"
    rows = [ln for _, ln in items]
    width = len(first)
    if width == len(rows) or (shape is not None and width == shape.size):
        return "block"
    if (shape.ncells == width) if shape else width in _LINE_SIZES:
        return "line"
    return "block"


def _is_row_of_dashes(line: str, items) -> bool:
    """A '-' or '*' line as long as the other rows is a row of blanks, not a separator."""
    cells = line.translate(_CELL_DROP)
    if any(c in line for c in "+=:"):
        return False
    return any(len(ln.translate(_CELL_DROP)) == len(cells) and not set(ln) <= _SEPLINE_CHARS
               for _, ln in items)


def parse(text: str, *, format: "str | None" = None, box=None, alphabet=None) -> Grid:
    """Return the one puzzle in text, in the given or detected format; raise ParseError."""
    if not isinstance(text, str):
        raise TypeError(f"parse reads a str, not {type(text).__name__}")
    name = format or detect_format(text, box=box)
    if name in ("line", "sdm"):
        items = _content(text)
        if not items:
            raise ParseError("empty input: no puzzle", line=1, column=1)
        if len(items) > 1:
            lineno, line = items[1]
            raise ParseError("more than one puzzle: a line puzzle takes one line "
                             "(read several with read_records)", line=lineno, column=1, char=line[:1])
        lineno, line = items[0]
        try:
            return parse_line(line, box=box, alphabet=alphabet)
        except ParseError as exc:
            raise exc.shifted(line=lineno - 1) from None
    if name == "pencilmarks":
        return parse_pencilmarks(text, box=box, alphabet=alphabet)[0]
    if name == "dlx":
        raise ValueError("a DLX text is an exact-cover problem, not a grid: use parse_dlx")
    if name == "fpuzzles":
        return parse_fpuzzles(text)
    if name == "walls":
        return parse_walls(text)
    if name in ("sudokupad", "solo", "killer"):  # one link or id: its content line
        items = _content(text)
        if len(items) != 1:
            raise ParseError(f"a {name} text is one link or id on one line, not "
                             f"{len(items)} lines", line=items[1][0] if items else 1, column=1)
        lineno, line = items[0]
        try:
            return _ONE_LINE_PARSERS[name](line)
        except ParseError as exc:
            raise exc.shifted(line=lineno - 1) from None
    parser = {"block": parse_block, "tokens": parse_tokens, "sdk": parse_sdk, "ss": parse_ss,
              "json": parse_json}.get(name)
    if parser is None:
        raise ValueError(f"unknown format {name!r}: choose one of {', '.join(FORMATS)}")
    return parser(text, box=box, alphabet=alphabet)



# --- kept in private modules by theme, re-exported here -----------------------------------
# (they import this module inside their functions, so either may be imported first)

from ._stream import (MAX_LINE, Notation, Record, detect_notation,  # noqa: E402
                              iter_puzzles, open_text, read_records)
from ._json import format_json, parse_json  # noqa: E402
from ._marks import format_pencilmarks, parse_pencilmarks  # noqa: E402
from ._marks import looks_like_line as _looks_like_pencil_line  # noqa: E402


# The variant formats are imported on first use (json and their tables cost start-up time
# that a one-puzzle run does not need).

def parse_fpuzzles(*args, **kwargs):
    """See formats._fpuzzles.parse_fpuzzles."""
    from ._fpuzzles import parse_fpuzzles as f
    return f(*args, **kwargs)


def format_fpuzzles(*args, **kwargs):
    """See formats._fpuzzles.format_fpuzzles."""
    from ._fpuzzles import format_fpuzzles as f
    return f(*args, **kwargs)


def _looks_like_fpuzzles(*args, **kwargs):
    from ._fpuzzles import looks_like_fpuzzles as f
    return f(*args, **kwargs)


def parse_sudokupad(*args, **kwargs):
    """See formats._sudokupad.parse_sudokupad."""
    from ._sudokupad import parse_sudokupad as f
    return f(*args, **kwargs)


def parse_solo(*args, **kwargs):
    """See formats._solo.parse_solo."""
    from ._solo import parse_solo as f
    return f(*args, **kwargs)


def parse_killer(*args, **kwargs):
    """See formats._killer.parse_killer."""
    from ._killer import parse_killer as f
    return f(*args, **kwargs)


_ONE_LINE_PARSERS = {"sudokupad": parse_sudokupad, "solo": parse_solo, "killer": parse_killer}


def _one_line_variant(text: str) -> "str | None":
    """'sudokupad', 'solo' or 'killer' for one line that is a SudokuPad link/id, a Solo game
    id or a killer line (SudoCue numbers, or cage arrows)."""
    s = text.strip()
    if not s or "\n" in s or len(s) < 6:
        return None
    head = s[:4].lower()
    if head in ("http", "scl", "ctc", "fpuz") or s[:3] in ("scl", "ctc"):
        from ._sudokupad import looks_like_sudokupad
        if looks_like_sudokupad(s):
            return "sudokupad"
    if ":" in s and s[0].isdigit():
        from ._solo import looks_like_solo
        if looks_like_solo(s):
            return "solo"
    if (":k:" in s[:12] and s[0].isdigit()) or (len(s) == 81 and ("<" in s or ">" in s or
                                                                   "^" in s or "v" in s)):
        from ._killer import looks_like_killer
        if looks_like_killer(s):
            return "killer"
    return None


def parse_regions(*args, **kwargs):
    """See formats._regions.parse_regions."""
    from ._regions import parse_regions as f
    return f(*args, **kwargs)


def format_regions(*args, **kwargs):
    """See formats._regions.format_regions."""
    from ._regions import format_regions as f
    return f(*args, **kwargs)


def parse_walls(*args, **kwargs):
    """See formats._regions.parse_walls."""
    from ._regions import parse_walls as f
    return f(*args, **kwargs)


def format_walls(*args, **kwargs):
    """See formats._regions.format_walls."""
    from ._regions import format_walls as f
    return f(*args, **kwargs)
