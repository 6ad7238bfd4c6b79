"""JSON puzzles: {"puzzle": "<line>", "box": "3x3"} objects, lists of rows, and the writer.

Read: an object with "puzzle", "grid" or "values" (first found) holding a line string, a block
string, a flat list of cells or a list of rows (lists, or strings of N symbols); optional "box"
("2x3", [2, 3] or a box side), "size" (checked), "alphabet" (checked: it must spell N
values) and "geometry" (the rules:
``Geometry.to_json``'s object, or a name such as "3x3+x"); or a bare list of rows.  Cells
may be ints 0..N, null, blank strings or symbols.  An f-puzzles object ("size" and "grid"
rows of cell objects) is read by ``_fpuzzles``.  Errors name the line and column of the bad
value in the JSON text (best effort for lists: the k-th scalar of the array).
Write: {"box": "RxC", "size": N, "puzzle": "<line>"} up to 35x35 (where the default alphabet
reads case-insensitively); above, "values" as N rows of ints (tokens-friendly); then
"geometry" when the grid has rules beyond its boxes ("box" is then the shape it is drawn with).
"""

from __future__ import annotations

import re

from ..errors import ParseError, ShapeError
from ..grid import Grid
from ..shape import Shape
from ..symbols import DEFAULT, get_alphabet

__all__ = ["parse_json", "format_json"]


# (json is imported, and this pattern compiled, when a JSON record is met: not at start-up)
_JSON_SCALAR = r'-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|null|true|false'


def _json_pos(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _json_cell_pos(text: str, key: "str | None", cell: int) -> tuple["int | None", "int | None"]:
    """Return (line, column) of the cell-th scalar of the values array, best effort."""
    if key is None:
        at = text.find("[")
    else:
        m = re.search(r'"%s"\s*:\s*\[' % re.escape(key), text)
        at = m.end() if m else -1
    if at < 0:
        return None, None
    for k, m in enumerate(re.compile(_JSON_SCALAR).finditer(text, at)):
        if k == cell:
            return _json_pos(text, m.start())
    return None, None


def parse_json(text: str, *, box=None, alphabet=None) -> Grid:
    """Return the grid of a JSON object {"puzzle"|"grid"|"values": ..., "box": "RxC"} or list of rows.

    Any text raises ParseError, never another error: JSON nested too deep for the decoder
    (RecursionError) and bad values of the object's keys ("alphabet": "klingon") included.
    """
    try:
        return _parse_json(text, box, alphabet)
    except ParseError:
        raise
    except RecursionError:
        raise ParseError("bad JSON: nested too deep", line=1, column=1) from None
    except (ValueError, TypeError, KeyError, OverflowError) as exc:
        raise ParseError(f"bad JSON puzzle: {exc}", line=1, column=1) from None


def _parse_json(text: str, box, alphabet) -> Grid:
    import json
    from .. import formats as _f

    text = _f._strip_bom(text)
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON: {exc.msg}", line=exc.lineno, column=exc.colno,
                         char=text[exc.pos] if exc.pos < len(text) else None) from None
    key = None
    geom = None
    own_alphabet = False  # the alphabet is the record's own "alphabet"
    if isinstance(obj, dict) and _is_fpuzzles(obj):
        from ._fpuzzles import from_object
        return from_object(obj)
    if isinstance(obj, dict) and obj.get("geometry") is not None:
        geom = _geometry(obj["geometry"], text)
        if box is None and obj.get("box") is None:
            box = geom.display_shape
    if isinstance(obj, dict):
        for key in ("puzzle", "grid", "values"):
            if key in obj:
                value = obj[key]
                break
        else:
            raise ParseError('a JSON puzzle needs a "puzzle", "grid" or "values" key',
                             line=1, column=1, char="{")
        if box is None and obj.get("box") is not None:
            try:
                box = _f._as_shape(obj["box"])
            except (ShapeError, ValueError, TypeError) as exc:
                raise ParseError(f'bad "box": {exc}', line=1, column=1) from None
        if box is None and isinstance(obj.get("size"), int):
            box = _f._shape_for_size(obj["size"], 1, 1)
        if alphabet is None and isinstance(obj.get("alphabet"), str):
            alphabet = obj["alphabet"]
            own_alphabet = True
    elif isinstance(obj, list):
        value = obj
    else:
        raise ParseError("a JSON puzzle is an object or a list of rows", line=1, column=1)
    shape = _f._as_shape(box)
    if own_alphabet and shape is not None:
        _check_alphabet(alphabet, shape.size, geom, text)
    if isinstance(value, str):
        m = text.find(json.dumps(value))
        line, col = _json_pos(text, m + 1) if m >= 0 else (1, 1)
        try:
            if "\n" in value.strip():
                grid = _f.parse(value, box=shape, alphabet=alphabet)
            else:
                grid = _f.parse_line(value, box=shape, alphabet=alphabet)
        except ParseError as exc:
            if "\n" in value.strip() or exc.column is None:
                raise
            raise ParseError(exc.reason, line=line, column=col + exc.column - 1, char=exc.char) from None
    elif isinstance(value, list):
        grid = _json_list(value, shape, alphabet, text, key)
    else:
        raise ParseError(f"the puzzle must be a string or a list, not {type(value).__name__}",
                         line=1, column=1)
    if own_alphabet:
        _check_alphabet(alphabet, grid.size, geom, text)
    if isinstance(obj, dict) and isinstance(obj.get("size"), int) and obj["size"] != grid.shape.size:
        raise ParseError(f'"size" says {obj["size"]} but the grid is {grid.shape.size}x{grid.shape.size}',
                         line=1, column=1)
    if geom is not None:
        line, col = _key_pos(text, "geometry")
        if grid.size != geom.size or (geom.box is not None and grid.shape is not geom.shape):
            what = f"{grid.size}x{grid.size}" if grid.size != geom.size else f"drawn with {grid.shape} boxes"
            raise ParseError(f'"geometry" {geom} does not fit the grid ({what})',
                             line=line, column=col)
        return Grid(grid.values, grid.shape, geometry=geom)
    return grid


def _check_alphabet(alphabet: str, size: int, geom, text: str) -> None:
    """ParseError (at the "alphabet" key) when the record's own alphabet spells fewer than
    its size's values (the record contradicts itself)."""
    most = get_alphabet(alphabet).max_size()
    if size > most:
        line, col = _key_pos(text, "alphabet")
        whose = (f"the geometry {geom} has" if geom is not None and geom.box is not None
                 else f"a {size}x{size} grid has")
        raise ParseError(f'"alphabet" {alphabet!r} spells at most {most} values; {whose} '
                         f"{size}", line=line, column=col)


def _is_fpuzzles(obj) -> bool:
    from ._fpuzzles import is_fpuzzles
    return is_fpuzzles(obj)


def _key_pos(text: str, key: str) -> tuple[int, int]:
    at = text.find(f'"{key}"')
    return _json_pos(text, at) if at >= 0 else (1, 1)


def _geometry(spec, text: str):
    """The Geometry of a "geometry" value; ParseError placed at the key when it is bad."""
    from ..geometry import GeometryError, as_geometry
    if not isinstance(spec, (dict, str)):
        line, col = _key_pos(text, "geometry")
        raise ParseError(f'"geometry" is an object (Geometry.to_json) or a name such as '
                         f'"3x3+x", not {type(spec).__name__}', line=line, column=col)
    try:
        return as_geometry(spec)
    except (GeometryError, ShapeError, ValueError, TypeError) as exc:
        line, col = _key_pos(text, "geometry")
        raise ParseError(f'bad "geometry": {exc}', line=line, column=col) from None


def _json_list(value: list, shape: "Shape | None", alphabet, text: str, key) -> Grid:
    from .. import formats as _f

    if len(value) > 1 and all(isinstance(r, str) and len(r.strip()) > 1 for r in value):
        # rows written as strings: ["53..7....", "6..195...", ...]
        return _f.parse_block("\n".join(value), box=shape, alphabet=alphabet)
    if value and all(isinstance(r, list) for r in value):
        cells = [c for r in value for c in r]
    else:
        cells = value
    count = len(cells)
    if shape is None:
        size = _f._LINE_SIZES.get(count)
        if size is None:
            raise ParseError(f"{count} cells is not a square grid (81 for 9x9)", line=1, column=1)
        shape = Shape.for_size(size)
    elif count != shape.ncells:
        raise ParseError(f"expected {shape.ncells} cells, found {count}", line=1, column=1)
    size = shape.size
    alpha = get_alphabet(alphabet) if alphabet is not None else None
    if alpha is None and any(isinstance(c, str) for c in cells):
        alpha = _f._token_alphabet((c for c in cells if isinstance(c, str)), None, size) or DEFAULT
    values = []
    for k, c in enumerate(cells):
        if c is None:
            v = 0
        elif isinstance(c, bool) or not isinstance(c, (int, str)):
            v = -1
        elif isinstance(c, int):
            v = c if 0 <= c <= size else -1
        else:
            v = _f._token_value(c, alpha, size, alphabet is not None) if c else 0
        if v < 0:
            line, col = _json_cell_pos(text, key, k)
            raise ParseError(f"cell {k + 1} (row {k // size + 1}, col {k % size + 1}) holds {c!r}; "
                             f"values run from 0 (empty) to {size}", line=line, column=col,
                             char=str(c)[:1] or None)
        values.append(v)
    return Grid._trusted(tuple(values), shape)


def format_json(grid: Grid) -> str:
    """Return {"box": "RxC", "size": N, "puzzle": "<line>"}; "values": rows of ints when N > 35;
    "geometry" (Geometry.to_json) after them for a grid with rules beyond its boxes."""
    import json
    from .. import formats as _f

    shape = grid.shape
    n = shape.size
    obj: dict = {"box": str(shape), "size": n}
    if n <= 35:
        obj["puzzle"] = _f.format_line(grid)
    else:
        obj["values"] = [list(grid.values[r * n:(r + 1) * n]) for r in range(n)]
    geom = grid.geometry
    if not geom.is_classic:
        obj["geometry"] = geom.to_json()
    return json.dumps(obj)
