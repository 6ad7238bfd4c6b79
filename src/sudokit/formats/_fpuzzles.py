"""f-puzzles JSON: import and export of the rules sudokit has (re-exported by ``formats``).

f-puzzles (f-puzzles.com) keeps a puzzle as one JSON object, shared as lz-string
compressed Base64 after ``?load=`` in its links.  Read here:

    size                  N (the grid is N x N)
    grid[r][c]            one object per cell: ``value`` (1..N) with ``given: true`` is a
                          given (a value without it is a solver's entry and is skipped);
                          ``region`` is the cell's 0-based region index and overrides the
                          default boxes (f-puzzles' default: boxes as tall as the largest
                          divisor of N up to sqrt(N), so 1 x N rows for a prime N); a
                          ``region: null`` cell is in no region, which sudokit refuses.
                          Colours and pencil marks (c, highlight, centerPencilMarks,
                          cornerPencilMarks, candidates) are the solver's notes: skipped.
    diagonal+ / diagonal- the anti-diagonal / main diagonal rules (both: X)
    antiknight, antiking  the chess rules
    disjointgroups        same position in every box (box regions only)
    extraregion           ``[{"cells": ["R1C1", ...]}]`` (1-based): extra units; the four
                          windows of windoku are read back as the windoku rule
    thermometer           ``[{"lines": [["R1C1", ...], ...]}]``: thermometers, bulb first
    difference, ratio     ``[{"cells": [a, b], "value": "k"}]``: white (difference k, 1 when
                          no value) and black (ratio k, 2 when none) kropki dots
    xv                    ``[{"cells": [a, b], "value": "X"}]``: sums of 10 (X) and 5 (V)
    whispers, palindrome  ``[{"lines": [[...]]}]``: German whispers (neighbours on the line
                          differ by 5 or more on 9x9: (N+1)//2) and palindrome lines
    renban                ``[{"lines": [[...]]}]``: renban lines
    killercage, arrow, littlekillersum, sandwichsum, even, odd
                          the rules over many cells (their JSON: ``_fpuzzles_sums``)
    nonconsecutive        true: neighbours without a white dot are not consecutive
    negative              ``["ratio", "xv"]``: all black dots / all X and V are given
    title, author, ruleset, solution, activeConstraints, disabledlogic,
    truecandidatesoptions metadata and solver settings: skipped

Every other key holding a non-empty value is refused BY NAME (ParseError): between lines,
quadruples, clones, minimum/maximum, ... and cosmetics (lines, shapes, text, cosmetic cages),
which may carry a rule that the ruleset describes in words.  f-puzzles' ``cage`` is such a
cosmetic cage: drawn like a killer cage, never checked by f-puzzles' solver (nor by
SudokuPad's), so it stays refused; only its cages without cells, which SudokuPad uses for
metadata (``{"value": "title: ..."}``), are skipped.  ``ignore=`` names keys
(top-level or cell keys) the caller accepts to drop.  Empty lists and false flags are fine.

The text may be the JSON object, an f-puzzles link (``...?load=N4Ig...``) or the bare
compressed string.  Bounds (ParseError naming them): the compressed string may unfold to at
most 4,194,304 characters (``_lzstring.MAX_UNITS``; the decoder stops as soon as it passes
them: a few kB of Base64 could otherwise spell gigabytes), and a text may hold at most
200,000 JSON objects and arrays (``MAX_CONTAINERS``); the largest puzzle needs far less.  ``format_fpuzzles`` writes the givens, the regions when they are not
f-puzzles' default boxes, and the rules (windoku and extra units as extra regions; a
disjoint rule on boxes other than f-puzzles' default as extra regions too) and the
constraints above; extra pairs and weak links have no f-puzzles form and are refused
(GeometryError).  With ``solution=``
(``sudokit solve --to fpuzzles``) the solution's other cells are written as plain values,
a solver's entries: the givens stay ``given: true`` and reading gives the puzzle back.
"""

from __future__ import annotations

import json
import math
import re
from urllib.parse import unquote

from ..errors import ParseError
from ..geometry import Geometry, GeometryError, boxes, jigsaw
from ..grid import Grid
from . import _fpuzzles_sums as _sums
from ._lzstring import BASE64, MAX_UNITS, TooLong, compress_base64, decompress_base64

__all__ = ["parse_fpuzzles", "format_fpuzzles", "is_fpuzzles", "fpuzzles_boxes", "SUPPORTED",
           "read_stream", "spread_fpuzzles"]

MAX_RECORD = 1 << 24  # characters of an f-puzzles object spread over lines, at most
MAX_CONTAINERS = 200_000
"""JSON objects and arrays ('{' and '[') an f-puzzles text may hold: a 64x64 puzzle has
4,096 cell objects, up to four mark lists per cell and a few per constraint (counted before
the text is decoded, so a text of many tiny containers costs no memory)."""

# what this module reads (top-level keys)
SUPPORTED = ("size", "grid", "diagonal+", "diagonal-", "antiknight", "antiking",
             "disjointgroups", "extraregion", "thermometer", "difference", "ratio", "xv",
             "whispers", "palindrome", "nonconsecutive", "negative", "renban") + _sums.KEYS
_LINE_KEYS = {"thermometer": "thermo", "whispers": "whisper", "palindrome": "palindrome",
              "renban": "renban"}
_PAIR_KEYS = {"difference": "diff", "ratio": "ratio", "xv": "sum"}
_NEGATIVE = {"ratio": "negative-ratio", "xv": "negative-xv", "difference": "nonconsecutive"}
_METADATA = frozenset({"title", "author", "ruleset", "solution", "activeConstraints",
                       "disabledlogic", "truecandidatesoptions"})
_COSMETIC = frozenset({"line", "rectangle", "circle", "text", "cage"})
_FLAGS = {"diagonal+": "diagonal+", "diagonal-": "diagonal-", "antiknight": "antiknight",
          "antiking": "antiking", "disjointgroups": "disjoint", "nonconsecutive": "nonconsecutive"}
_CELL_NOTES = frozenset({"c", "cArray", "highlight", "centerPencilMarks", "cornerPencilMarks",
                         "candidates"})
# (bounded ASCII digits: int() of a 5,000-digit number raises ValueError)
_POSITION = re.compile(r"R([0-9]{1,9})C([0-9]{1,9})\Z", re.IGNORECASE)
_GRID_HEAD = re.compile(r'"grid"\s*:\s*\[\s*\[\s*\{')


def fpuzzles_boxes(size: int) -> Geometry:
    """f-puzzles' default boxes for size N: as tall as the largest divisor of N up to sqrt(N)."""
    rows = 1
    for h in range(2, math.isqrt(size) + 1):
        if size % h == 0:
            rows = h
    return boxes(rows, size // rows)


def is_fpuzzles(obj) -> bool:
    """True for a decoded JSON value shaped like an f-puzzles puzzle: {"size", "grid": rows of objects}."""
    if not isinstance(obj, dict) or "size" not in obj or not isinstance(obj.get("grid"), list):
        return False
    rows = obj["grid"]
    return bool(rows) and all(isinstance(r, list) for r in rows) and any(
        isinstance(c, dict) for r in rows for c in r[:1])


def looks_like_fpuzzles(text: str) -> bool:
    """True for an f-puzzles JSON text or link (a cheap test first, then the decoded object)."""
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        if not _GRID_HEAD.search(body):
            return False
        try:
            return is_fpuzzles(json.loads(body))
        except (ValueError, RecursionError):
            return False
    first = body.split(None, 1)[0] if body.strip() else ""
    return "f-puzzles.com" in first.lower() and "load=" in first


# --- reading ---------------------------------------------------------------------------------


def _decoded(text: str):
    """Return the JSON value of text: JSON itself, an f-puzzles link or lz-string Base64."""
    body = text[1:] if text.startswith("\ufeff") else text
    stripped = body.strip()
    if not stripped:
        raise ParseError("empty input: no f-puzzles puzzle", line=1, column=1)
    if stripped.startswith("{"):
        _check_containers(body, 1, 1, "")
        try:
            return json.loads(body)
        except json.JSONDecodeError as exc:
            raise ParseError(f"bad JSON: {exc.msg}", line=exc.lineno, column=exc.colno,
                             char=body[exc.pos] if exc.pos < len(body) else None) from None
        except ValueError:  # a number of more than 4,300 digits
            raise ParseError("bad JSON: a number of more than 4,300 digits", line=1,
                             column=1) from None
    start = body.index(stripped[0])
    at = stripped.find("load=")
    if at >= 0:
        start += at + len("load=")
        m = re.match(r"[^&#\s]*", body[start:])
        payload = m.group()
    else:
        payload = stripped
    data = unquote(payload).replace(" ", "+")
    line, col = _pos(body, start)
    for k, ch in enumerate(data):
        if ch not in BASE64:
            at = _pos(body, start + k) if data == payload else (line, col)
            raise ParseError("not an f-puzzles puzzle: expected JSON, an f-puzzles link or its "
                             "lz-string Base64 text", line=at[0], column=at[1], char=ch)
    try:
        json_text = decompress_base64(data)
    except TooLong:
        raise ParseError(f"the f-puzzles data ({len(data):,} Base64 characters) decompresses "
                         f"to more than {MAX_UNITS:,} characters; the largest puzzle "
                         "(64x64, every cell key and full pencil marks) needs about "
                         "3,600,000: refused", line=line, column=col) from None
    if not json_text or not json_text.lstrip().startswith("{"):
        raise ParseError("not an f-puzzles puzzle: the Base64 text does not decompress "
                         "(lz-string) to a JSON object", line=line, column=col)
    _check_containers(json_text, line, col, "decompressed ")
    try:
        return json.loads(json_text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"the decompressed f-puzzles text is not JSON: {exc.msg} (at "
                         f"character {exc.pos + 1} of it)", line=line, column=col) from None
    except ValueError:  # a number of more than 4,300 digits
        raise ParseError("the decompressed f-puzzles text is not JSON: a number of more "
                         "than 4,300 digits", line=line, column=col) from None


def _check_containers(text: str, line: int, col: int, what: str) -> None:
    """ParseError when text has more JSON objects and arrays than a 64x64 puzzle needs."""
    count = text.count("{") + text.count("[")
    if count > MAX_CONTAINERS:
        raise ParseError(f"the {what}f-puzzles text has {count:,} JSON objects and arrays "
                         f"('{{' and '['); a 64x64 puzzle needs at most {MAX_CONTAINERS:,}: "
                         "refused", line=line, column=col)


def _pos(text: str, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of an offset in text."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _nonempty(value) -> bool:
    return value not in (None, False, 0, "", [], {})


def _cell_name(r: int, c: int) -> str:
    return f"R{r + 1}C{c + 1}"


def _refuse_keys(obj: dict, ignore: frozenset) -> None:
    """Raise ParseError naming every top-level key that holds a rule this reader lacks."""
    bad = [k for k, v in obj.items()
           if k not in SUPPORTED and k not in _METADATA and k not in ignore and _nonempty(v)
           and not (k == "cage" and isinstance(v, list) and all(
               isinstance(e, dict) and not e.get("cells") for e in v))]
    if not bad:
        return
    words = []
    for k in bad:
        v = obj[k]
        many = f" ({len(v)} {'entry' if len(v) == 1 else 'entries'})" if isinstance(v, list) else ""
        words.append(f"{k!r}{many}" + (" (cosmetic: it may carry a rule)" if k in _COSMETIC else ""))
    raise ParseError(f"f-puzzles constraint{'s' if len(bad) > 1 else ''} not supported: "
                     f"{', '.join(words)}; sudokit reads {', '.join(SUPPORTED)} (ignore=[...] "
                     "drops keys knowingly)")


def _flag(obj: dict, key: str) -> bool:
    value = obj.get(key)
    if value in (None, False, True):
        return bool(value)
    raise ParseError(f'"{key}" is a true/false flag, not {json.dumps(value)[:40]}')


def _size(obj: dict) -> int:
    size = obj.get("size")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 64:
        raise ParseError(f'"size" must be an integer from 1 to 64, not {json.dumps(size)[:40]}')
    return size


def _cells(obj: dict, size: int, ignore: frozenset):
    """Return (values, regions) of grid[][]: givens, and each cell's region index or None."""
    rows = obj.get("grid")
    if not isinstance(rows, list) or len(rows) != size or any(
            not isinstance(r, list) or len(r) != size for r in rows):
        raise ParseError(f'"grid" must be {size} rows of {size} cell objects (size {size})')
    values, regions = [], []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            name = _cell_name(r, c)
            if not isinstance(cell, dict):
                raise ParseError(f"cell {name} is {json.dumps(cell)[:40]}, not an object")
            for key, v in cell.items():
                if key in ("value", "given", "region") or key in _CELL_NOTES or key in ignore:
                    continue
                if _nonempty(v):
                    what = ("given pencil marks (a rule on candidates)"
                            if key == "givenPencilMarks" else "a key sudokit does not read")
                    raise ParseError(f"cell {name}: {key!r} is {what}; not supported "
                                     "(ignore=[...] drops keys knowingly)")
            values.append(_given(cell, name, size))
            regions.append(_region(cell, name, size))
    return values, regions


def _given(cell: dict, name: str, size: int) -> int:
    value = cell.get("value")
    given = cell.get("given", False)
    if given not in (True, False, None):
        raise ParseError(f'cell {name}: "given" is a true/false flag, not {json.dumps(given)[:40]}')
    if not given or value in (None, 0):
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= size:
        raise ParseError(f"cell {name}: given value {json.dumps(value)[:40]} is not a value of "
                         f"a {size}x{size} grid (1..{size})")
    return value


def _region(cell: dict, name: str, size: int) -> "int | None":
    if "region" not in cell:
        return None
    region = cell["region"]
    if region is None:
        raise ParseError(f"cell {name} is in no region (region null): every cell of a sudokit "
                         f"grid is in one of {size} regions")
    if isinstance(region, bool) or not isinstance(region, int) or not 0 <= region < size:
        raise ParseError(f"cell {name}: region {json.dumps(region)[:40]} is not a region index "
                         f"0..{size - 1}")
    return region


def _base_geometry(regions: list, size: int) -> Geometry:
    """The regions of the grid: f-puzzles' default boxes where a cell names none."""
    default = fpuzzles_boxes(size)
    if all(r is None for r in regions):
        return default
    labels = [default.regions[k] if r is None else r for k, r in enumerate(regions)]
    members: dict[int, list[int]] = {}
    for k, r in enumerate(labels):
        members.setdefault(r, []).append(k)
    for r in sorted(members, key=lambda r: members[r][0]):
        cells = members[r]
        if len(cells) != size:
            shown = ", ".join(_cell_name(*divmod(k, size)) for k in cells[:10])
            more = ", ..." if len(cells) > 10 else ""
            few = (f"; the grid has {len(members)} regions, not {size}"
                   if len(members) != size else "")
            raise ParseError(f"region {r} (f-puzzles index, first cell "
                             f"{_cell_name(*divmod(cells[0], size))}) has {len(cells)} cells "
                             f"({shown}{more}); every region of a {size}x{size} grid has "
                             f"{size}{few}")
    return jigsaw(labels, size=size)


def _extra_units(obj: dict, size: int) -> list[tuple[int, ...]]:
    entries = obj.get("extraregion") or []
    if not isinstance(entries, list):
        raise ParseError('"extraregion" must be a list of {"cells": ["R1C1", ...]}')
    units = []
    for k, entry in enumerate(entries, 1):
        cells = entry.get("cells") if isinstance(entry, dict) else None
        if not isinstance(cells, list) or not cells:
            raise ParseError(f'extra region {k}: expected {{"cells": ["R1C1", ...]}}, not '
                             f"{json.dumps(entry)[:60]}")
        unit = [_position(pos, size, f"extra region {k}") for pos in cells]
        if len(set(unit)) != len(unit) or len(unit) > size:
            why = "names a cell twice" if len(set(unit)) != len(unit) else \
                f"has {len(unit)} cells; a unit has at most {size}"
            raise ParseError(f"extra region {k} {why}")
        units.append(tuple(sorted(unit)))
    return units


def _position(pos, size: int, where: str) -> int:
    """The cell of an f-puzzles position 'R1C1'; ParseError naming where it is."""
    m = _POSITION.match(pos) if isinstance(pos, str) else None
    if m is None or not (1 <= int(m.group(1)) <= size and 1 <= int(m.group(2)) <= size):
        raise ParseError(f"{where}: {json.dumps(pos)[:30]} is not a cell R1C1..R{size}C{size}")
    return (int(m.group(1)) - 1) * size + int(m.group(2)) - 1


def _entries_of(obj: dict, key: str) -> list:
    entries = obj.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ParseError(f'"{key}" must be a list of objects')
    return entries


def _constraints(obj: dict, size: int, ignore: frozenset) -> tuple[list, list[str]]:
    """The constraints (kind, cells, value) of the line and dot keys, and the negative rules
    (keys in ignore dropped)."""
    out = []
    for key, kind in _LINE_KEYS.items():
        for k, entry in enumerate(_entries_of(obj, key) if key not in ignore else [], 1):
            lines = entry.get("lines")
            if not isinstance(lines, list) or not lines or not all(
                    isinstance(line, list) for line in lines):
                raise ParseError(f'{key} {k}: expected {{"lines": [["R1C1", ...], ...]}}, not '
                                 f"{json.dumps(entry)[:60]}")
            value = _number(entry, f"{key} {k}") if kind == "whisper" else None
            for line in lines:
                out.append((kind, [_position(p, size, f"{key} {k}") for p in line], value))
    for key, kind in _PAIR_KEYS.items():
        for k, entry in enumerate(_entries_of(obj, key) if key not in ignore else [], 1):
            cells = entry.get("cells")
            if not isinstance(cells, list) or len(cells) != 2:
                raise ParseError(f'{key} {k}: expected {{"cells": [a, b]}} (two cells), not '
                                 f"{json.dumps(entry)[:60]}")
            if kind == "sum":
                word = str(entry.get("value", "")).upper()
                if word not in ("X", "V"):
                    raise ParseError(f'xv {k}: the value is "X" or "V", not '
                                     f"{json.dumps(entry.get('value'))[:20]}")
                value = 10 if word == "X" else 5
            else:
                value = _number(entry, f"{key} {k}")
            out.append((kind, [_position(p, size, f"{key} {k}") for p in cells], value))
    negative = (obj.get("negative") or []) if "negative" not in ignore else []
    if not isinstance(negative, list) or any(
            not isinstance(w, str) or w not in _NEGATIVE for w in negative):
        raise ParseError(f'"negative" lists constraints whose every instance is given '
                         f'({", ".join(_NEGATIVE)}), not {json.dumps(negative)[:60]}')
    out += _sums.read(obj, size, ignore, lambda pos, where: _position(pos, size, where))
    return out, [_NEGATIVE[w] for w in negative]


def _number(entry: dict, where: str) -> "int | None":
    value = entry.get("value")
    if value in (None, ""):
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        raise ParseError(f"{where}: the value is a whole number, not "
                         f"{json.dumps(value)[:20]}") from None


def _rule_units(base: Geometry, rule: str) -> "list[tuple[int, ...]] | None":
    """The units rule adds to base ('windoku' windows, 'disjoint' groups), None where undefined."""
    try:
        geom = base.with_rules(rule)
    except GeometryError:
        return None
    prefix = "window" if rule == "windoku" else "disjoint"
    return [u for name, u in zip(geom.unit_names, geom.units) if name.startswith(prefix)]


def parse_fpuzzles(text: str, *, ignore=()) -> Grid:
    """Return the Grid (givens and geometry) of an f-puzzles puzzle; raise ParseError.

    text: the JSON object, an f-puzzles link or its lz-string Base64.  A key holding a
    rule sudokit does not read is refused by name (see the module doc); ignore: key names
    (top-level or cell keys) to drop knowingly.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_fpuzzles reads a str, not {type(text).__name__}")
    try:
        return _parse(_decoded(text), frozenset(ignore))
    except ParseError:
        raise
    except RecursionError:
        raise ParseError("bad JSON: nested too deep", line=1, column=1) from None


def from_object(obj, *, ignore=()) -> Grid:
    """Return the Grid of an already decoded f-puzzles object (see parse_fpuzzles)."""
    return _parse(obj, frozenset(ignore))


def _parse(obj, ignore: frozenset) -> Grid:
    if not isinstance(obj, dict) or "size" not in obj or "grid" not in obj:
        raise ParseError('an f-puzzles puzzle is a JSON object that has "size" and "grid"',
                         line=1, column=1)
    _refuse_keys(obj, ignore)
    size = _size(obj)
    values, regions = _cells(obj, size, ignore)
    base = _base_geometry(regions, size)
    rules = [rule for key, rule in _FLAGS.items() if key not in ignore and _flag(obj, key)]
    if "disjoint" in rules and base.box != fpuzzles_boxes(size).box:
        raise ParseError('"disjointgroups": f-puzzles places the groups in its default '
                         f"boxes; this grid has other regions ({base.name or 'a jigsaw'}), "
                         "so the groups are ambiguous: refused")
    units = _extra_units(obj, size)
    for rule in ("windoku", "disjoint"):  # what format_fpuzzles writes as extra regions
        found = _rule_units(base, rule)
        if found and all(u in units for u in found):
            units = [u for u in units if u not in found]
            rules.append(rule)
    constraints, negative = _constraints(obj, size, ignore)
    try:
        geom = base.with_rules(*rules, *negative).with_units(*units).with_constraints(*constraints)
    except GeometryError as exc:
        raise ParseError(f"the rules: {exc}") from None
    return Grid(values, geometry=geom)


# --- streams: many records (formats.read_records(format='fpuzzles')) ------------------------


_BRACKETS = None  # (compiled when an f-puzzles stream is met: not at import)


def _depth(line: str) -> int:
    """How many JSON objects and arrays the line opens minus those it closes (strings,
    which never span lines in JSON, do not count)."""
    global _BRACKETS
    if _BRACKETS is None:
        _BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"?|[{}\[\]]')
    depth = 0
    for m in _BRACKETS.finditer(line):
        ch = m.group()[0]
        if ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
    return depth


def spread_fpuzzles(lines) -> bool:
    """True when the first lines of a stream (str, no newlines) start with an f-puzzles JSON
    object spread over several lines (written with indentation)."""
    lines = list(lines)
    first = next((k for k, line in enumerate(lines)
                  if line.strip() and not line.strip().startswith("#")), None)
    if first is None or not lines[first].lstrip().startswith("{") or _depth(lines[first]) <= 0:
        return False
    text = "\n".join(lines[first:])
    return '"size"' in text and _GRID_HEAD.search(text) is not None


def read_stream(numbered, source, cut):
    """Yield (line, grid or None, ParseError or None, text) per f-puzzles record of
    (line number, line) pairs: a JSON object on one line or over several (it ends where its
    braces close), or a link or lz-string Base64 on one line; blank and '#' lines between
    records are skipped.  cut(line number, line) is the error of a line the reader cut as
    too long, else None.  A bad record is an error, never an exception
    (formats.read_records(format='fpuzzles') makes them Records).
    """
    pending: list[str] = []
    start = depth = size = 0

    def emit(text: str, lineno: int) -> tuple:
        try:
            return lineno, parse_fpuzzles(text), None, text
        except ParseError as exc:
            err = exc.shifted(line=lineno - 1, source=source)
            if err.line is None:
                err = ParseError(exc.reason, line=lineno, column=exc.column, char=exc.char,
                                 source=source)
            return lineno, None, err, text

    def unclosed(why: str) -> tuple:
        return start, None, ParseError(f"the f-puzzles JSON object that starts here {why}",
                                       line=start, column=1, source=source), pending[0]

    for lineno, raw in numbered:
        error = cut(lineno, raw)
        if error is not None:
            if pending:
                yield unclosed(f"is cut by a line too long at line {lineno}")
                pending = []
            yield lineno, None, error, ""
            continue
        if not pending:
            s = raw.strip()
            if not s or s[0] == "#":
                continue
            if s[0] != "{":
                yield emit(raw, lineno)
                continue
            start, depth, size = lineno, 0, 0
        pending.append(raw)
        depth += _depth(raw)
        size += len(raw) + 1
        if depth <= 0:
            yield emit("\n".join(pending), start)
            pending = []
        elif size > MAX_RECORD:
            yield unclosed(f"is longer than {MAX_RECORD} characters (not closed?)")
            pending = []
    if pending:
        yield unclosed("is not closed at the end of the input")


# --- writing ---------------------------------------------------------------------------------


def format_fpuzzles(grid: Grid, *, solution: "Grid | None" = None, title: "str | None" = None,
                    author: "str | None" = None, ruleset: "str | None" = None,
                    compress: bool = False) -> str:
    """Return the f-puzzles JSON of a grid (givens, regions, rules), no trailing newline.

    solution: a filled-in grid of the puzzle (same size, its givens kept): its other cells
    are written as plain values (a solver's entries, no ``given``), so the givens stay
    givens and ``parse_fpuzzles`` reads the puzzle back; ValueError if it does not fit.
    compress=True returns the lz-string Base64 text f-puzzles puts after ``?load=``.
    Raises GeometryError for extra pairs or weak links (f-puzzles has no form for them).
    """
    geom = grid.geometry
    n = geom.size
    entries = _entries(grid, solution)
    if geom.extra_pairs or geom.extra_links:
        raise GeometryError(f"f-puzzles has no form for extra 'cannot be equal' pairs or weak "
                            f"links; {geom} has them (write JSON instead)")
    default = fpuzzles_boxes(n)
    write_regions = geom.regions != default.regions
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            k = r * n + c
            cell: dict = {}
            if grid.values[k]:
                cell = {"value": grid.values[k], "given": True}
            elif entries[k]:
                cell = {"value": entries[k]}
            if write_regions:
                cell["region"] = geom.regions[k]
            row.append(cell)
        rows.append(row)
    obj: dict = {"size": n}
    for key, value in (("title", title), ("author", author), ("ruleset", ruleset)):
        if value is not None:
            obj[key] = value
    obj["grid"] = rows
    units = list(geom.extra_units)
    named = dict(zip(geom.unit_names, geom.units))
    for rule in geom.rules:
        if rule in ("x", "antidiagonal"):
            obj["diagonal+"] = True
        if rule in ("x", "diagonal"):
            obj["diagonal-"] = True
        if rule in ("antiknight", "antiking"):
            obj[rule] = True
        if rule == "disjoint":
            if geom.box == default.box:
                obj["disjointgroups"] = True
            else:
                units += [u for name, u in named.items() if name.startswith("disjoint")]
        if rule == "windoku":
            units += [u for name, u in named.items() if name.startswith("window")]
    if units:
        obj["extraregion"] = [{"cells": [_cell_name(*divmod(k, n)) for k in u]} for u in units]
    _write_constraints(obj, geom)
    text = json.dumps(obj, separators=(",", ":"))
    return compress_base64(text) if compress else text


def _write_constraints(obj: dict, geom: Geometry) -> None:
    """Add the geometry's constraints and negative rules to an f-puzzles object."""
    n = geom.size
    lines = {kind: key for key, kind in _LINE_KEYS.items()}
    pairs = {kind: key for key, kind in _PAIR_KEYS.items()}
    for kind, cells, value in geom.constraints:
        if _sums.write(obj, n, (kind, cells, value)):
            continue
        names = [_cell_name(*divmod(k, n)) for k in cells]
        if kind in lines:
            entry: dict = {"lines": [names]}
            if kind == "whisper" and value != (n + 1) // 2:
                entry["value"] = str(value)
            obj.setdefault(lines[kind], []).append(entry)
        else:
            if kind == "sum" and value not in (5, 10):
                raise GeometryError(f"f-puzzles writes sums of 10 (X) and 5 (V) only, not "
                                    f"{value} (write JSON instead)")
            entry = {"cells": names}
            if kind == "sum":
                entry["value"] = "X" if value == 10 else "V"
            elif value != {"diff": 1, "ratio": 2}[kind]:
                entry["value"] = str(value)
            obj.setdefault(pairs[kind], []).append(entry)
    for word, rule in _NEGATIVE.items():
        if rule == "nonconsecutive" and rule in geom.rules:
            obj["nonconsecutive"] = True
        elif rule in geom.rules:
            obj.setdefault("negative", []).append(word)


def _entries(grid: Grid, solution: "Grid | None"):
    """The values of solution (a solver's entries beside grid's givens), or all zeros."""
    if solution is None:
        return bytes(grid.geometry.ncells)
    values = getattr(solution, "values", None)
    if values is None or len(values) != len(grid.values):
        raise ValueError(f"the solution must be a grid of the puzzle's size "
                         f"({grid.size}x{grid.size}), not {solution!r:.60}")
    for k, (given, v) in enumerate(zip(grid.values, values)):
        if given and v != given:
            raise ValueError(f"the solution changes the given {given} of cell "
                             f"{_cell_name(*divmod(k, grid.size))} to {v}")
    return values
