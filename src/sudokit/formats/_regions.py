"""Region layouts as text: the region map, and HDU 4069's wall bits (re-exported by ``formats``).

region map   N lines of N symbols, each naming the region of its cell (as in Knuth's
             generalized sudoku preprocessor); any N distinct letters or digits name the N
             regions.  A map whose first line holds spaces is read as whitespace-separated
             tokens on every line (``1 1 2 ... 10``, for grids past 61 regions).  Blank lines
             and ``#`` comment lines are skipped.  It describes the regions only: rules such
             as X are given apart (``Geometry.with_rules``, the CLI's ``--rules``).

                 112223333        parse_regions(text) -> Geometry (a jigsaw, or the
                 112222333        classic boxes when the map draws them)
                 ...              format_regions(geometry) -> text (regions named 1-9A-Za-z
                                  in order of first appearance; tokens past 61 regions)

walls        HDU 4069 "Squiggly Sudoku": N lines of N integers; each is the cell's value
             (0 = empty) plus its walls:

                 16 = wall above    32 = wall right    64 = wall below    128 = wall left

             Regions are the cells joined through sides without a wall.  Reading checks
             that two neighbours agree on the wall between them, that every wall separates
             two regions, and that there are N regions of N cells; walls along the border
             are optional on reading and always written.  Values fit the low 4 bits, so
             N <= 15.  ``parse_walls(text) -> Grid`` (with its geometry),
             ``format_walls(grid) -> text``.

Errors are ParseErrors naming the line, column and character, or the region by its first
cell (``r1c3``, 1-based).  (Both sides of every wall are read and compared: reading only the
right and bottom bits, as most judge solutions do, would accept a damaged grid silently.)
"""

from __future__ import annotations

import re

from ..errors import ParseError, SpellingError
from ..geometry import Geometry, GeometryError, jigsaw
from ..grid import Grid
from ..symbols import DEFAULT

__all__ = ["parse_regions", "format_regions", "parse_walls", "format_walls", "walls_grid",
           "WALL_UP", "WALL_RIGHT", "WALL_DOWN", "WALL_LEFT"]

WALL_UP, WALL_RIGHT, WALL_DOWN, WALL_LEFT = 16, 32, 64, 128
_WALLS = WALL_UP | WALL_RIGHT | WALL_DOWN | WALL_LEFT
_MAX_WALL_SIZE = 15  # values live in the low 4 bits
_TOKEN = re.compile(r"\S+")
_MAX_SIZE = 64


def _cell(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


def _content(text: str) -> list[tuple[int, str]]:
    """(line number, line) of the lines that are not blank and not '#' comments."""
    from . import _split_lines
    out = []
    for lineno, line in enumerate(_split_lines(text), 1):
        s = line.strip()
        if s and not s.startswith("#"):
            out.append((lineno, line))
    return out


# --- region map ------------------------------------------------------------------------


def _map_symbols(lineno: int, line: str, spaced: bool) -> list[tuple[int, str]]:
    """(column, symbol) of one region-map line; ParseError for a symbol that names no region."""
    if spaced:
        found = [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line)]
    else:
        start = len(line) - len(line.lstrip())
        found = [(start + k + 1, ch) for k, ch in enumerate(line.strip())]
    for col, sym in found:
        if sym == ".":
            raise ParseError("this cell is in no region ('.'): every cell needs a region",
                             line=lineno, column=col, char=".")
        bad = next((ch for ch in sym if not (ch.isascii() and ch.isalnum())), None)
        if bad is not None:
            what = "a space" if bad.isspace() else repr(bad)
            raise ParseError(f"unexpected {what}: a region is named by letters or digits"
                             + ("" if spaced else " (write every line as spaced tokens, "
                                "or none)"),
                             line=lineno, column=col + sym.index(bad), char=bad)
    return found


def parse_regions(text: str) -> Geometry:
    """Return the jigsaw Geometry of a region map (N lines of N region names); raise ParseError.

    Errors name the line, column and symbol: a cell in no region ('.'), a ragged line, too
    many or too few lines, too many or too few regions, a region of the wrong size.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_regions reads a str, not {type(text).__name__}")
    items = _content(text)
    if not items:
        raise ParseError("empty input: no region map", line=1, column=1)
    spaced = any(ch.isspace() for ch in items[0][1].strip())
    rows = []
    size = None
    for lineno, line in items:
        symbols = _map_symbols(lineno, line, spaced)
        if size is None:
            size = len(symbols)
            if size > _MAX_SIZE:
                raise ParseError(f"a region map has N symbols a line (N <= {_MAX_SIZE}), this "
                                 f"one has {size}", line=lineno, column=symbols[_MAX_SIZE][0],
                                 char=symbols[_MAX_SIZE][1][0])
        if len(rows) == size:
            raise ParseError(f"more than {size} lines: a {size}x{size} region map ends on the "
                             "line before", line=lineno, column=symbols[0][0],
                             char=symbols[0][1][0])
        if len(symbols) != size:
            col = symbols[size][0] if len(symbols) > size else len(line.rstrip()) + 1
            raise ParseError(f"line has {len(symbols)} region names, expected {size} (as many "
                             "as the first line)", line=lineno, column=col,
                             char=symbols[size][1][0] if len(symbols) > size else None)
        rows.append([(lineno, col, sym) for col, sym in symbols])
    if len(rows) < size:
        raise ParseError(f"found {len(rows)} lines, expected {size}: a region map of "
                         f"{size} names a line has {size} lines", line=items[-1][0] + 1, column=1)
    cells = [item for row in rows for item in row]
    _check_map_regions(cells, size)
    try:
        return jigsaw([sym for _, _, sym in cells], size=size)
    except GeometryError as exc:  # (checked above; kept so no other error type escapes)
        raise ParseError(str(exc), line=items[0][0], column=1) from None


def _check_map_regions(cells: list[tuple[int, int, str]], size: int) -> None:
    """Raise ParseError unless the symbols name size regions of size cells each."""
    first: dict[str, tuple[int, int]] = {}
    count: dict[str, int] = {}
    for lineno, col, sym in cells:
        first.setdefault(sym, (lineno, col))
        count[sym] = count.get(sym, 0) + 1
    names = list(first)
    if len(names) > size:
        sym = names[size]
        line, col = first[sym]
        raise ParseError(f"too many regions: region {sym!r} is region {size + 1}, a "
                         f"{size}x{size} map names {size} ({', '.join(map(repr, names))})",
                         line=line, column=col, char=sym[0])
    for sym in names:
        if count[sym] != size:
            line, col = first[sym]
            few = (f"; the map names {len(names)} regions, a {size}x{size} jigsaw needs {size}"
                   if len(names) < size else "")
            raise ParseError(f"region {sym!r} has {count[sym]} cells; every region of a "
                             f"{size}x{size} jigsaw has {size}{few} (region {sym!r} starts here)",
                             line=line, column=col, char=sym[0])


def format_regions(geometry) -> str:
    """Return the region map of a Geometry (or of a Grid's geometry), no trailing newline.

    Regions are named 1-9, A-Z, a-z in order of first appearance; past 61 regions, as
    spaced numbers 1..N.  Only the regions are written (rules such as X are not part of a
    region map).
    """
    geom = getattr(geometry, "geometry", geometry)
    if not isinstance(geom, Geometry):
        from ..geometry import as_geometry
        geom = as_geometry(geom)
    n = geom.size
    regions = geom.regions
    if n <= len(DEFAULT.symbols):
        names = [DEFAULT.symbols[r] for r in regions]
        return "\n".join("".join(names[r * n:(r + 1) * n]) for r in range(n))
    width = len(str(n))
    names = [str(r + 1).rjust(width) for r in regions]
    return "\n".join(" ".join(names[r * n:(r + 1) * n]) for r in range(n))


# --- HDU 4069 wall bits --------------------------------------------------------------------


def _wall_numbers(rows: list[tuple[int, str]], size: "int | None") -> tuple[int, list[tuple[int, int, int]]]:
    """Return (N, [(line, column, integer)] row-major) of rows of integers; raise ParseError."""
    cells: list[tuple[int, int, int]] = []
    for r, (lineno, text) in enumerate(rows):
        found = [(m.start() + 1, m.group()) for m in _TOKEN.finditer(text)]
        if size is None:
            size = len(found)
            if not 1 <= size <= _MAX_WALL_SIZE:
                raise ParseError(f"a wall-bit row has N integers (1 <= N <= {_MAX_WALL_SIZE}: "
                                 f"values live in the low 4 bits), this one has {size}",
                                 line=lineno, column=1)
        if r == size:
            raise ParseError(f"more than {size} rows: a {size}x{size} grid ends on the line "
                             "before", line=lineno, column=found[0][0] if found else 1)
        for k, (col, tok) in enumerate(found):
            if k == size:
                raise ParseError(f"row has {len(found)} integers, expected {size}",
                                 line=lineno, column=col, char=tok[0])
            if not (tok.isascii() and tok.isdigit()):
                bad = next(ch for ch in tok if not (ch.isascii() and ch.isdigit()))
                raise ParseError(f"entry {tok!r} is not an integer (a value plus wall bits)",
                                 line=lineno, column=col + tok.index(bad), char=bad)
            cells.append((lineno, col, int(tok)))
        if len(found) < size:
            raise ParseError(f"row has {len(found)} integers, expected {size}", line=lineno,
                             column=len(text.rstrip()) + 1)
    if len(rows) < size:
        last = rows[-1][0] if rows else 0
        raise ParseError(f"found {len(rows)} rows, expected {size}: the grid is cut short",
                         line=last + 1, column=1)
    return size, cells


def walls_grid(rows: list[tuple[int, str]], size: "int | None" = None) -> Grid:
    """Return the Grid (values and geometry) of wall-bit rows [(line number, text)].

    size: N, or None to take it from the first row.  Raises ParseError naming the line,
    column and cell: a bad integer, a value above N, neighbours that disagree on a wall, a
    wall inside a region, a region of the wrong size or the wrong number of regions.
    """
    n, cells = _wall_numbers(rows, size)
    values = []
    for k, (lineno, col, x) in enumerate(cells):
        r, c = divmod(k, n)
        if x > 255 or (x & 15) > n:
            why = (f"{x} is not a value plus wall bits (at most 255)" if x > 255 else
                   f"{x} holds value {x & 15} (its low 4 bits), not a value of a {n}x{n} grid")
            raise ParseError(f"cell {_cell(r, c)}: {why}", line=lineno, column=col,
                             char=str(x)[0])
        values.append(x & 15)
    walls = [x & _WALLS for _, _, x in cells]
    _check_wall_pairs(cells, walls, n)
    region = _flood(walls, n)
    _check_wall_regions(cells, walls, region, n)
    try:
        geom = jigsaw(region, size=n)
    except GeometryError as exc:  # (checked above)
        raise ParseError(str(exc), line=cells[0][0], column=1) from None
    return Grid(values, geometry=geom)


def _check_wall_pairs(cells, walls: list[int], n: int) -> None:
    """Raise ParseError where two neighbours disagree on the wall between them."""
    for k, w in enumerate(walls):
        r, c = divmod(k, n)
        for bit, other, back, side, back_side in (
                (WALL_RIGHT, k + 1 if c + 1 < n else None, WALL_LEFT, "right", "left"),
                (WALL_DOWN, k + n if r + 1 < n else None, WALL_UP, "below", "above")):
            if other is None:
                continue
            mine, theirs = bool(w & bit), bool(walls[other] & back)
            if mine != theirs:
                orr, oc = divmod(other, n)
                has, lacks = ((_cell(r, c), _cell(orr, oc)) if mine else
                              (_cell(orr, oc), _cell(r, c)))
                side_has, bit_has = (side, bit) if mine else (back_side, back)
                side_lacks, bit_lacks = (back_side, back) if mine else (side, bit)
                lineno, col, x = cells[k if mine else other]
                raise ParseError(f"{has} has a wall {side_has} ({bit_has}) but {lacks} has "
                                 f"none {side_lacks} ({bit_lacks}): neighbours must agree",
                                 line=lineno, column=col, char=str(x)[0])


def _flood(walls: list[int], n: int) -> list[int]:
    """Region number of each cell: cells joined through sides without a wall (first-seen order)."""
    region = [-1] * (n * n)
    count = 0
    for start in range(n * n):
        if region[start] >= 0:
            continue
        region[start] = count
        stack = [start]
        while stack:
            k = stack.pop()
            r, c = divmod(k, n)
            w = walls[k]
            for ok, bit, other in ((r > 0, WALL_UP, k - n), (c + 1 < n, WALL_RIGHT, k + 1),
                                   (r + 1 < n, WALL_DOWN, k + n), (c > 0, WALL_LEFT, k - 1)):
                if ok and not w & bit and region[other] < 0:
                    region[other] = count
                    stack.append(other)
        count += 1
    return region


def _check_wall_regions(cells, walls: list[int], region: list[int], n: int) -> None:
    """Raise ParseError for a wall inside a region, or regions that are not N of N cells."""
    for k, w in enumerate(walls):
        r, c = divmod(k, n)
        for ok, bit, other in ((c + 1 < n, WALL_RIGHT, k + 1), (r + 1 < n, WALL_DOWN, k + n)):
            if ok and w & bit and region[k] == region[other]:
                orr, oc = divmod(other, n)
                head = region.index(region[k])
                lineno, col, x = cells[k]
                raise ParseError(f"the wall between {_cell(r, c)} and {_cell(orr, oc)} lies "
                                 f"inside one region (the region of "
                                 f"{_cell(*divmod(head, n))}): walls must separate regions",
                                 line=lineno, column=col, char=str(x)[0])
    sizes: dict[int, list[int]] = {}
    for k, reg in enumerate(region):
        sizes.setdefault(reg, []).append(k)
    for members in sizes.values():  # (all of N cells means N regions: N*N cells in all)
        if len(members) == n:
            continue
        lineno, col, x = cells[members[0]]
        shown = " ".join(_cell(*divmod(k, n)) for k in members[:12])
        more = " ..." if len(members) > 12 else ""
        count = "" if len(sizes) == n else f"; the walls make {len(sizes)} regions, not {n}"
        raise ParseError(f"the region of {_cell(*divmod(members[0], n))} has {len(members)} "
                         f"cells ({shown}{more}); each of the {n} regions of a {n}x{n} grid "
                         f"has {n}{count}", line=lineno, column=col, char=str(x)[0])


def parse_walls(text: str, *, size: "int | None" = None) -> Grid:
    """Return the Grid (values and geometry) of one HDU 4069 wall-bit puzzle; raise ParseError."""
    if not isinstance(text, str):
        raise TypeError(f"parse_walls reads a str, not {type(text).__name__}")
    items = _content(text)
    if not items:
        raise ParseError("empty input: no puzzle", line=1, column=1)
    if size is None:  # the most common row length (first on ties): one bad row is named
        counts = [len(line.split()) for _, line in items]
        size = max(dict.fromkeys(counts), key=counts.count)
        if not 1 <= size <= _MAX_WALL_SIZE:
            raise ParseError(f"a wall-bit row has N integers (1 <= N <= {_MAX_WALL_SIZE}: "
                             f"values live in the low 4 bits), these rows have {size}",
                             line=items[0][0], column=1)
    return walls_grid(items, size)


def format_walls(grid: Grid) -> str:
    """Return the wall-bit rows of a grid (value + 16/32/64/128 per wall), no trailing newline.

    Walls are drawn between regions and along the border.  Raises GeometryError for rules
    beyond the regions (the format has no place for them) and SpellingError past 15x15.
    """
    geom = grid.geometry
    n = geom.size
    if geom.rules or geom.extra_units or geom.extra_pairs or geom.links:
        raise GeometryError(f"the wall-bit format holds regions only; {geom} has more rules "
                            "(write JSON or f-puzzles for them)")
    if n > _MAX_WALL_SIZE:
        raise SpellingError(f"the wall-bit format holds values 0..{_MAX_WALL_SIZE} (4 bits); "
                            f"a {n}x{n} grid does not fit")
    reg = geom.regions
    out = []
    for k, v in enumerate(grid.values):
        r, c = divmod(k, n)
        x = v
        if r == 0 or reg[k - n] != reg[k]:
            x |= WALL_UP
        if c == n - 1 or reg[k + 1] != reg[k]:
            x |= WALL_RIGHT
        if r == n - 1 or reg[k + n] != reg[k]:
            x |= WALL_DOWN
        if c == 0 or reg[k - 1] != reg[k]:
            x |= WALL_LEFT
        out.append(str(x))
    return "\n".join(" ".join(out[r * n:(r + 1) * n]) for r in range(n))
