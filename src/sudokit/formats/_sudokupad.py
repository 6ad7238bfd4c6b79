"""SudokuPad puzzles: links and their encoded forms (``scl...``, ``ctc...``, ``fpuzzles...``).

SudokuPad (sudokupad.app, app.crackingthecryptic.com) names a puzzle by an id, found after
the host (``https://sudokupad.app/scl...``, ``.../sudoku/ctc...``) or in ``?puzzleid=``:

    fpuzzles..., fpuz...   an f-puzzles puzzle (lz-string Base64 of its JSON): read by
                           ``parse_fpuzzles``, every rule f-puzzles names;
    scl..., ctc...         SudokuPad's own JSON (lz-string Base64), usually in its short
                           form: keys without quotes and shortened (ce = cells, re = regions,
                           ca = cages, l = lines, a = arrows, o = overlays, u = underlays,
                           ct = center, w/h = width/height, wp = wayPoints, c/c1/c2 =
                           color/borderColor/backgroundColor, r = rounded, te = text,
                           v = value, th = thickness ...), ' for ", an empty slot in an
                           array for {}, t/f for true/false after a colon, and colours
                           without '#' (#0 and #F for black and white);
    anything else          a short id the puzzle server resolves: refused (sudokit does not
                           use the network).

SudokuPad's JSON is a drawing, not a list of rules: its cages may check uniqueness and sums,
the rest are lines, arrows and shapes.  Read as rules (the styles SudokuPad gives f-puzzles'
rules when it imports them, and the common styles of its editors):

    cells[r][c].value          a given;  regions: lists of [row, col] (default: boxes)
    cages                      ``unique`` with ``sum`` (or a whole-number ``value``): a killer
                               cage (no total: values all differ); style "extraregion": an
                               extra unit; type "disjoint": the disjoint-groups rule; a cage
                               without cells whose value is "title: ...": metadata
    lines                      grey #CFCFCF, thickness 21, with a round bulb: a thermometer;
                               grey #CFCFCF thickness 16: a palindrome; #34BBE6 corner to
                               corner: a diagonal rule
    arrows + a round outline   an arrow (the bulb's cells, then the cells the arrow passes);
    arrows (black, thin) outside the grid with a number: a little killer
                               (a line or an arrow runs through cell centres; a straight
                               stretch along a row, column or diagonal goes through the
                               cells between its corners, as SudokuPad draws it)
    overlays                   a small round dot on a border, black / white: kropki ratio /
                               difference (its text: the ratio or difference); "X" or "V"
                               on a border: XV; a number outside the grid in a white
                               box: a sandwich sum
    underlays                  a grey square / circle (0.7 of a cell): an even / odd cell;
                               whole-cell colours: cosmetic, skipped (as f-puzzles' colours)
    global                     antiknight, antiking, nonconsecutive, antiratio, antixv

Everything else (another line or shape, a background image, fog, a cage that checks nothing)
is refused BY NAME (ParseError naming it and where it is): the setter's rules text is NOT
read, so a drawing whose meaning the text gives cannot be guessed.
"""

from __future__ import annotations

import json
import math
import re
from urllib.parse import parse_qs, unquote, urlsplit

from ..errors import ParseError
from ..geometry import GeometryError, jigsaw
from ..grid import Grid
from ._lzstring import BASE64, MAX_UNITS, TooLong, decompress_base64

__all__ = ["parse_sudokupad", "looks_like_sudokupad"]

HOSTS = ("sudokupad.app", "app.crackingthecryptic.com", "sudokupad.svencodes.com",
         "beta.sudokupad.app", "www.sudokupad.app")
_PREFIX = re.compile(r"(scl|ctc|fpuzzles|fpuz)(?=[A-Za-z0-9+/=%\s]{8})")
_KEYS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor",
         "c2": "backgroundColor", "ce": "cells", "cs": "cellSize", "a": "arrows",
         "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
         "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize",
         "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text",
         "d": "duration", "d2": "d"}
_BARE_KEY = re.compile(r"([A-Za-z0-9]+):")
_SHORT_VALUE = re.compile(r"(f|t|#0|#F|[0-9a-fA-F]{6})(?=[,}\]])")
_SKIPPED = frozenset({"id", "metadata", "cellSize", "settings", "global", "cells", "regions",
                      "cages", "lines", "arrows", "overlays", "underlays", "videos"})


def looks_like_sudokupad(text: str) -> bool:
    """True for one SudokuPad link or a bare scl/ctc/fpuzzles id (one line of text)."""
    s = text.strip().lstrip("\ufeff")
    if not s or any(ch.isspace() for ch in s):
        return False
    if "://" in s:
        host = urlsplit(s).hostname or ""
        return host in HOSTS
    return _PREFIX.match(s) is not None and all(ch in BASE64 or ch in "%-_" for ch in s)


def _puzzle_id(text: str) -> str:
    """The puzzle id of a link ('scl...'), or the text itself."""
    s = text.strip()
    if "://" not in s:
        return unquote(s)
    parts = urlsplit(s)
    query = parse_qs(parts.query)
    if "puzzleid" in query:
        return query["puzzleid"][0]
    path = unquote(parts.path).lstrip("/")
    for head in ("sudoku/", "puzzle/"):
        if path.startswith(head):
            path = path[len(head):]
    return path


def parse_sudokupad(text: str) -> Grid:
    """Return the Grid of a SudokuPad link or id; raise ParseError (see the module doc)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_sudokupad reads a str, not {type(text).__name__}")
    puzzle = _puzzle_id(text.lstrip("\ufeff"))
    m = re.match(r"(scl|ctc|fpuzzles|fpuz|scf)", puzzle)
    if m is None or len(puzzle) < 12:
        raise ParseError(f"SudokuPad puzzle id {puzzle[:40]!r}: a short id names a puzzle "
                         "kept on SudokuPad's server, and sudokit does not use the network: "
                         "open the link in SudokuPad and share it as a long link (scl..., "
                         "ctc... or fpuzzles...)", line=1, column=1)
    if m.group(1) == "scf":
        raise ParseError("SudokuPad's scf form is not read: share the puzzle as an scl... or "
                         "fpuzzles... link", line=1, column=1)
    data = puzzle[m.end():].replace(" ", "+")
    bad = next((ch for ch in data if ch not in BASE64), None)
    if bad is not None:
        raise ParseError(f"SudokuPad {m.group(1)} data: {bad!r} is not a Base64 character",
                         line=1, column=1, char=bad)
    try:
        body = decompress_base64(data)
    except TooLong:
        raise ParseError(f"SudokuPad data decompresses to more than {MAX_UNITS:,} characters: "
                         "refused", line=1, column=1) from None
    if not body or body.lstrip()[:1] != "{":
        raise ParseError(f"SudokuPad {m.group(1)} data does not decompress (lz-string) to a "
                         "JSON object (a link cut short?)", line=1, column=1)
    if m.group(1).startswith("fpuz"):
        from ._fpuzzles import _check_containers, from_object
        _check_containers(body, 1, 1, "decompressed ")
        return from_object(_json(body))
    return _read_scl(_json(body))


def _json(body: str):
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        pass
    try:
        obj = json.loads(_unzip(body))
    except (ValueError, RecursionError) as exc:
        raise ParseError(f"SudokuPad data is neither JSON nor SudokuPad's short JSON ({exc})",
                         line=1, column=1) from None
    return _long_keys(obj)


def _unzip(text: str) -> str:
    """SudokuPad's short JSON as JSON: quote keys, fill empty slots, spell t/f and colours."""
    if '"' not in text:  # ' stands for " (and \' for ')
        text = text.replace("\\'", "\0").replace("'", '"').replace("\0", "'")
    out: list[str] = []
    k, n = 0, len(text)
    while k < n:
        ch = text[k]
        if ch == '"':  # a string: copied as it is
            j = k + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[k:j + 1])
            k = j + 1
            continue
        out.append(ch)
        k += 1
        if ch in ",{[":
            if k < n and text[k] in ",}]" and not (ch == "{" and text[k] == "}"):
                out.append("{}")
            m = _BARE_KEY.match(text, k)
            if m:  # (the ':' is read next: its value may be short too)
                out.append(f'"{m.group(1)}"')
                k = m.end() - 1
        elif ch == ":":
            m = _SHORT_VALUE.match(text, k)
            if m:
                word = m.group(1)
                out.append({"f": "false", "t": "true", "#0": '"#000000"',
                            "#F": '"#FFFFFF"'}.get(word, f'"#{word}"'))
                k = m.end()
    return "".join(out)


def _long_keys(obj):
    if isinstance(obj, list):
        return [_long_keys(v) for v in obj]
    if isinstance(obj, dict):
        return {_KEYS.get(k, k): _long_keys(v) for k, v in obj.items()}
    return obj


# --- the drawing as rules --------------------------------------------------------------------


def _refuse(what: str) -> ParseError:
    return ParseError(f"SudokuPad puzzle: {what}: sudokit cannot tell which rule it draws (the "
                      "setter's rules text is not read): refused")


def _cell(rc, n: int, where: str) -> int:
    if (not isinstance(rc, list) or len(rc) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in rc)
            or not (0 <= rc[0] < n and 0 <= rc[1] < n)):
        raise ParseError(f"SudokuPad puzzle: {where}: {json.dumps(rc)[:30]} is not a cell "
                         f"[row, col] of the {n}x{n} grid")
    return rc[0] * n + rc[1]


def _name(k: int, n: int) -> str:
    return f"r{k // n + 1}c{k % n + 1}"


def _color(item: dict, key: str) -> str:
    return str(item.get(key, "")).upper()


def _point(p) -> "tuple[float, float] | None":
    if isinstance(p, list) and len(p) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in p):
        return float(p[0]), float(p[1])
    return None


def _at_cell(p, n: int) -> "int | None":
    """The cell a point lies in (None outside the grid)."""
    r, c = math.floor(p[0]), math.floor(p[1])
    return r * n + c if 0 <= r < n and 0 <= c < n else None


def _read_scl(obj) -> Grid:
    if not isinstance(obj, dict):
        raise ParseError("SudokuPad puzzle: its data is not a JSON object", line=1, column=1)
    extra = [k for k, v in obj.items() if k not in _SKIPPED and v not in (None, [], {}, "")]
    if extra:
        raise _refuse(f"the part{'s' if len(extra) > 1 else ''} "
                      f"{', '.join(repr(k) for k in extra)}")
    meta = obj.get("metadata") or {}
    if isinstance(meta, dict) and meta.get("bgimage"):
        raise _refuse("its background image (metadata 'bgimage')")
    rows = obj.get("cells")
    if not isinstance(rows, list) or not rows or any(
            not isinstance(r, list) or len(r) != len(rows) for r in rows):
        raise ParseError("SudokuPad puzzle: 'cells' must be N rows of N cells (a square grid)")
    n = len(rows)
    if n > 64:
        raise ParseError(f"SudokuPad puzzle: a {n}x{n} grid; sudokit reads up to 64x64")
    values = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            v = cell.get("value") if isinstance(cell, dict) else None
            if v in (None, ""):
                values.append(0)
                continue
            if isinstance(v, bool) or not re.fullmatch(r"[0-9]{1,2}", str(v)) or not (
                    1 <= int(v) <= n):
                raise ParseError(f"SudokuPad puzzle: cell r{r + 1}c{c + 1}: given "
                                 f"{json.dumps(v)[:20]} is not a value 1..{n}")
            values.append(int(v))
    reader = _Rules(obj, n)
    try:
        geom = reader.geometry()
    except GeometryError as exc:
        raise ParseError(f"SudokuPad puzzle: the rules: {exc}") from None
    return Grid(values, geometry=geom)


class _Rules:
    """The rules a SudokuPad drawing holds (the module doc lists what is read)."""

    def __init__(self, obj: dict, n: int):
        self.obj, self.n = obj, n
        self.rules: list[str] = []
        self.units: list[tuple[int, ...]] = []
        self.constraints: list = []
        self.used_overlays: set[int] = set()
        self.used_underlays: set[int] = set()

    def items(self, key: str) -> list:
        items = self.obj.get(key) or []
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise ParseError(f"SudokuPad puzzle: '{key}' must be a list of objects")
        return items

    def geometry(self):
        n = self.n
        regions = self.obj.get("regions")
        if regions in (None, []):
            from ._fpuzzles import fpuzzles_boxes
            base = fpuzzles_boxes(n)
        else:
            labels = [-1] * (n * n)
            if not isinstance(regions, list):
                raise ParseError("SudokuPad puzzle: 'regions' must be lists of [row, col]")
            for k, region in enumerate(regions):
                for rc in region if isinstance(region, list) else [None]:
                    labels[_cell(rc, n, f"region {k + 1}")] = k
            if -1 in labels:
                raise ParseError(f"SudokuPad puzzle: cell {_name(labels.index(-1), n)} is in no "
                                 "region")
            base = jigsaw(labels, size=n)
        self.cages()
        self.lines()
        self.arrows()
        self.overlays()
        self.underlays()
        self.globals()
        return base.with_rules(*dict.fromkeys(self.rules)).with_units(
            *self.units).with_constraints(*self.constraints)

    def cages(self):
        n = self.n
        disjoint = []
        for k, cage in enumerate(self.items("cages"), 1):
            cells = cage.get("cells") or []
            where = f"cage {k}"
            if not cells:
                if re.match(r"[A-Za-z]+: ", str(cage.get("value", ""))):
                    continue  # metadata: "title: ...", "rules: ...", "solution: ..."
                raise _refuse(f"{where} (no cells, value {json.dumps(cage.get('value'))[:30]})")
            group = [_cell(rc, n, where) for rc in cells]
            if cage.get("type") == "disjoint":
                disjoint.append(tuple(sorted(group)))
                continue
            if cage.get("style") == "extraregion":
                self.units.append(tuple(sorted(group)))
                continue
            if cage.get("unique") is not True or cage.get("hidden"):
                raise _refuse(f"{where} at {_name(group[0], n)} (it checks no uniqueness: "
                              "a cosmetic cage)")
            total = cage.get("sum", cage.get("value"))
            if total in (None, ""):
                total = 0
            elif isinstance(total, bool) or not re.fullmatch(r"[0-9]{1,6}", str(total)):
                raise _refuse(f"{where} at {_name(group[0], n)} with the clue "
                              f"{json.dumps(total)[:20]} (not a total)")
            self.constraints.append(("killer", group, int(total)))
        if disjoint:
            self.rules.append("disjoint")

    def lines(self):
        n = self.n
        for k, line in enumerate(self.items("lines"), 1):
            points = [_point(p) for p in line.get("wayPoints") or []]
            color, thick = _color(line, "color"), line.get("thickness")
            if None in points or len(points) < 2:
                raise ParseError(f"SudokuPad puzzle: line {k}: wayPoints must be [row, col] "
                                 "points, two or more")
            if color == "#34BBE6" and len(points) == 2 and all(
                    v in (0, n) for p in points for v in p):
                corner = {points[0], points[1]}
                if corner == {(0.0, 0.0), (float(n), float(n))}:
                    self.rules.append("diagonal")
                    continue
                if corner == {(0.0, float(n)), (float(n), 0.0)}:
                    self.rules.append("antidiagonal")
                    continue
            cells = self.path(points, f"line {k}")
            if color == "#CFCFCF" and thick == 21 and self.bulb(cells[0]):
                self.constraints.append(("thermo", cells, 0))
            elif color == "#CFCFCF" and thick == 16:
                self.constraints.append(("palindrome", cells, 0))
            else:
                raise _refuse(f"line {k} ({color or 'no colour'}, thickness {thick}) through "
                              f"{'-'.join(_name(c, n) for c in cells[:4])}"
                              f"{'...' if len(cells) > 4 else ''}")

    def path(self, points, where: str, start: int = 0) -> list[int]:
        cells = []
        for p in points[start:]:
            cell = _at_cell(p, self.n)
            if cell is None or abs(p[0] % 1 - 0.5) > 0.45 or abs(p[1] % 1 - 0.5) > 0.45:
                raise _refuse(f"{where}: a point {list(p)} off the cells' centres")
            if cells and cell == cells[-1]:
                continue
            if cells:
                dr = cell // self.n - cells[-1] // self.n
                dc = cell % self.n - cells[-1] % self.n
                if dr and dc and abs(dr) != abs(dc):
                    raise _refuse(f"{where}: it jumps from {_name(cells[-1], self.n)} to "
                                  f"{_name(cell, self.n)}")
                # a straight segment along a row, a column or a diagonal goes through the
                # centres of the cells between its ends (SudokuPad keeps only the corners)
                steps = max(abs(dr), abs(dc))
                for k in range(1, steps):
                    cells.append(cells[-1] + (dr // steps) * self.n + dc // steps)
            cells.append(cell)
        return cells

    def bulb(self, cell: int) -> bool:
        """Mark the round grey underlay on cell (a thermometer's bulb) used; True if found."""
        for k, item in enumerate(self.items("underlays")):
            p = _point(item.get("center"))
            if p is not None and item.get("rounded") and _at_cell(p, self.n) == cell and \
                    _color(item, "backgroundColor") == "#CFCFCF":
                self.used_underlays.add(k)
                return True
        return False

    def arrows(self):
        n = self.n
        for k, arrow in enumerate(self.items("arrows"), 1):
            points = [_point(p) for p in arrow.get("wayPoints") or []]
            if None in points or len(points) < 2:
                raise ParseError(f"SudokuPad puzzle: arrow {k}: wayPoints must be [row, col] "
                                 "points, two or more")
            if _at_cell(points[0], n) is None:
                self.little_killer(k, points)
                continue
            cells = self.path(points, f"arrow {k}")
            bulb = self.arrow_bulb(cells[0])
            if bulb is None:
                raise _refuse(f"arrow {k} from {_name(cells[0], n)} (no circle drawn around "
                              "its start)")
            shaft = [c for c in cells if c not in bulb]
            self.constraints.append(("arrow", bulb + shaft, len(bulb)))

    def arrow_bulb(self, cell: int) -> "list[int] | None":
        """The cells of the round outline (an arrow's circle or pill) over cell, or None."""
        n = self.n
        for k, item in enumerate(self.items("overlays")):
            p = _point(item.get("center"))
            w, h = item.get("width", 0), item.get("height", 0)
            if p is None or not item.get("rounded") or not isinstance(w, (int, float)) or \
                    not isinstance(h, (int, float)) or min(w, h) < 0.6 or item.get("text"):
                continue
            # the cells whose centres the outline covers (0.83 of a cell wide per cell)
            rows = range(math.floor(p[0] - h / 2 + 0.5), math.floor(p[0] + h / 2 - 0.5) + 1)
            cols = range(math.floor(p[1] - w / 2 + 0.5), math.floor(p[1] + w / 2 - 0.5) + 1)
            cells = [r * n + c for r in rows for c in cols]
            if cell in cells and len(cells) <= 3:
                self.used_overlays.add(k)
                return sorted(cells)
        return None

    def little_killer(self, k: int, points) -> None:
        n = self.n
        r, c = math.floor(points[0][0]), math.floor(points[0][1])
        dr = points[1][0] - points[0][0]
        dc = points[1][1] - points[0][1]
        if not dr or not dc or not (r in (-1, n) or c in (-1, n)):
            raise _refuse(f"arrow {k} outside the grid at {[list(p) for p in points]}")
        dr, dc = (1 if dr > 0 else -1), (1 if dc > 0 else -1)
        value = None
        for j, item in enumerate(self.items("overlays")):
            p = _point(item.get("center"))
            if p is not None and (math.floor(p[0]), math.floor(p[1])) == (r, c) and \
                    str(item.get("text", "")).strip():
                value = str(item["text"]).strip()
                self.used_overlays.add(j)
                break
        cells = []
        y, x = r + dr, c + dc
        while 0 <= y < n and 0 <= x < n:
            cells.append(y * n + x)
            y, x = y + dr, x + dc
        if value is None or not value.isdigit() or not cells:
            raise _refuse(f"arrow {k} outside the grid at r{r + 1}c{c + 1} "
                          f"({'no number beside it' if value is None else repr(value)})")
        self.constraints.append(("littlekiller", cells, int(value)))

    def overlays(self):
        n = self.n
        for k, item in enumerate(self.items("overlays")):
            if k in self.used_overlays:
                continue
            p = _point(item.get("center"))
            text = str(item.get("text", "") or "").strip()
            w, h = item.get("width", 1), item.get("height", 1)
            if p is None:
                raise ParseError(f"SudokuPad puzzle: overlay {k + 1} has no center [row, col]")
            edge = self.edge(p)
            small = isinstance(w, (int, float)) and isinstance(h, (int, float)) and max(w, h) <= 0.5
            fill = _color(item, "backgroundColor")
            if edge and small and item.get("rounded") and fill in ("#000000", "#FFFFFF"):
                kind = "ratio" if fill == "#000000" else "diff"
                value = None
                if text:
                    if not text.isdigit():
                        raise _refuse(f"the dot between {_name(edge[0], n)} and "
                                      f"{_name(edge[1], n)} with the text {text!r}")
                    value = int(text)
                self.constraints.append((kind, list(edge), value))
            elif edge and text.upper() in ("X", "V"):
                self.constraints.append(("sum", list(edge), 10 if text.upper() == "X" else 5))
            elif _at_cell(p, n) is None and text.isdigit() and small and \
                    fill == "#FFFFFF" and not item.get("rounded"):
                r, c = math.floor(p[0]), math.floor(p[1])
                if (r in (-1, n)) == (c in (-1, n)) or not (-1 <= r <= n and -1 <= c <= n):
                    raise _refuse(f"the number {text} outside the grid at {list(p)}")
                line = [r * n + x for x in range(n)] if c in (-1, n) else \
                    [y * n + c for y in range(n)]
                self.constraints.append(("sandwich", line, int(text)))
            else:
                raise _refuse(f"overlay {k + 1} at {list(p)}"
                              + (f" with the text {text!r}" if text else ""))

    def edge(self, p) -> "tuple[int, int] | None":
        """The two cells a point on their shared border's middle separates, or None."""
        n = self.n
        y, x = p
        if abs(y - round(y)) < 0.05 and abs(x % 1 - 0.5) < 0.05:  # a horizontal border
            a, b = _at_cell((y - 0.5, x), n), _at_cell((y + 0.5, x), n)
        elif abs(x - round(x)) < 0.05 and abs(y % 1 - 0.5) < 0.05:  # a vertical border
            a, b = _at_cell((y, x - 0.5), n), _at_cell((y, x + 0.5), n)
        else:
            return None
        return (a, b) if a is not None and b is not None else None

    def underlays(self):
        n = self.n
        evens: dict[str, list[int]] = {"even": [], "odd": []}
        for k, item in enumerate(self.items("underlays")):
            if k in self.used_underlays:
                continue
            p = _point(item.get("center"))
            w, h = item.get("width"), item.get("height")
            cell = _at_cell(p, n) if p is not None else None
            centred = cell is not None and abs(p[0] % 1 - 0.5) < 0.05 and abs(p[1] % 1 - 0.5) < 0.05
            if centred and w == h == 1 and not item.get("rounded") and not item.get("text"):
                continue  # a cell's colour: cosmetic (f-puzzles' colours are skipped too)
            if centred and w == h and isinstance(w, (int, float)) and 0.5 <= w <= 0.8 and \
                    _color(item, "backgroundColor") == "#CFCFCF" and not item.get("text"):
                evens["odd" if item.get("rounded") else "even"].append(cell)
                continue
            raise _refuse(f"underlay {k + 1} at {json.dumps(item.get('center'))}")
        for kind, cells in evens.items():
            if cells:
                self.constraints.append((kind, cells, 0))

    def globals(self):
        words = {"antiknight": "antiknight", "antiking": "antiking",
                 "nonconsecutive": "nonconsecutive", "antiratio": "negative-ratio",
                 "antixv": "negative-xv", "antidifference": "nonconsecutive", "disjoint": None}
        found = self.obj.get("global") or []
        if not isinstance(found, list):
            raise ParseError("SudokuPad puzzle: 'global' must be a list of rule names")
        for word in found:
            if word not in words:
                raise _refuse(f"the global rule {word!r}")
            if words[word]:
                self.rules.append(words[word])
