"""f-puzzles' rules over many cells: killer cages, arrows, little killers, sandwiches,
even/odd cells and renban lines, read into and written from ``Geometry.constraints``.

The f-puzzles keys (positions "R1C1", 1-based; values are strings):

    killercage       [{"cells": [...], "value": "15"}]   a cage; no value: values all differ
    arrow            [{"cells": circle, "lines": [[...], ...]}]
                     the circle is one cell or a straight pill of 2 or 3 cells (read as a
                     number left to right, top to bottom); each line starts in the circle
                     and is an arrow of its own (its cells sum to the circle)
    littlekillersum  [{"cell": "R0C3", "direction": "DR", "value": "20", "cells": [...]}]
                     the clue sits outside the grid (row or column 0 or N+1); the diagonal
                     runs from it in the direction UL, UR, DL or DR ("cell" and
                     "direction" define it, as f-puzzles' solver reads it; "cells" is the
                     drawing's copy of the diagonal, written but not needed)
    sandwichsum      [{"cell": "R0C5", "value": "12"}]   above column 5 (R0 or R{N+1});
                     "R3C0" (C0 or C{N+1}): row 3
    even, odd        [{"cell": "R1C1"}]                  one entry per cell; read as one
                                                         constraint per key
    renban           [{"lines": [[...]]}]               (read with the other line keys)

A little killer or sandwich clue without a value draws an arrow or a frame only and is no
rule (f-puzzles' solver skips it too); every other bad entry is a ParseError naming it.
"""

from __future__ import annotations

import json
import re

from ..errors import ParseError

KEYS = ("killercage", "arrow", "littlekillersum", "sandwichsum", "even", "odd")
_EDGE = re.compile(r"R([0-9]{1,3})C([0-9]{1,3})\Z", re.IGNORECASE)
DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _name(r: int, c: int) -> str:
    return f"R{r + 1}C{c + 1}"


def _entries(obj: dict, key: str) -> list:
    entries = obj.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ParseError(f'"{key}" must be a list of objects')
    return entries


def _value(entry: dict, where: str) -> "int | None":
    """The whole-number value of an entry; None when it has none."""
    value = entry.get("value")
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not re.fullmatch(r"\s*-?[0-9]{1,6}\s*", str(value)):
        raise ParseError(f"{where}: the value is a whole number, not {json.dumps(value)[:20]}")
    return int(str(value))


def _outside(pos, size: int, where: str) -> tuple[int, int]:
    """(row, col), 0-based, of a clue position outside the grid ('R0C3': row -1)."""
    m = _EDGE.match(pos) if isinstance(pos, str) else None
    if m is None:
        raise ParseError(f"{where}: {json.dumps(pos)[:30]} is not a position R0C0..R{size + 1}"
                         f"C{size + 1}")
    r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    if not (-1 <= r <= size and -1 <= c <= size) or (0 <= r < size and 0 <= c < size):
        raise ParseError(f"{where}: the clue {pos} is not just outside the grid (row or "
                         f"column 0 or {size + 1})")
    return r, c


def read(obj: dict, size: int, ignore: frozenset, position) -> list:
    """The constraints (kind, cells, value) of the keys above (renban aside); position(pos,
    where) is the cell of 'R1C1' (ParseError naming where)."""
    out: list = []
    on = [key for key in KEYS if key not in ignore]
    for k, entry in enumerate(_entries(obj, "killercage") if "killercage" in on else [], 1):
        where = f"killercage {k}"
        cells = entry.get("cells")
        if not isinstance(cells, list) or not cells:
            raise ParseError(f'{where}: expected {{"cells": ["R1C1", ...], "value": "15"}}, '
                             f"not {json.dumps(entry)[:60]}")
        total = _value(entry, where)
        if total is not None and total <= 0:
            raise ParseError(f"{where}: a cage total is a positive number, not {total}")
        out.append(("killer", [position(p, where) for p in cells], total or 0))
    for k, entry in enumerate(_entries(obj, "arrow") if "arrow" in on else [], 1):
        out += _arrows(entry, f"'arrow' {k}", size, position)
    for k, entry in enumerate(_entries(obj, "littlekillersum") if "littlekillersum" in on
                              else [], 1):
        where = f"littlekillersum {k}"
        value = _value(entry, where)
        step = DIRECTIONS.get(str(entry.get("direction", "")).upper())
        if step is None:
            raise ParseError(f"{where}: the direction is UL, UR, DL or DR, not "
                             f"{json.dumps(entry.get('direction'))[:20]}")
        r, c = _outside(entry.get("cell"), size, where)
        cells = []
        while True:
            r, c = r + step[0], c + step[1]
            if not (0 <= r < size and 0 <= c < size):
                break
            cells.append(r * size + c)
        if not cells:
            raise ParseError(f"{where}: the clue {entry.get('cell')} points {entry['direction']}"
                             " away from the grid (its diagonal has no cell)")
        if value is not None:
            out.append(("littlekiller", cells, value))
    for k, entry in enumerate(_entries(obj, "sandwichsum") if "sandwichsum" in on else [], 1):
        where = f"sandwichsum {k}"
        value = _value(entry, where)
        r, c = _outside(entry.get("cell"), size, where)
        if (r in (-1, size)) == (c in (-1, size)):
            raise ParseError(f"{where}: the clue {entry.get('cell')} is at a corner: neither "
                             "above a column nor beside a row")
        line = [r * size + x for x in range(size)] if c in (-1, size) else \
            [y * size + c for y in range(size)]
        if value is not None:
            out.append(("sandwich", line, value))
    for key in ("even", "odd"):
        cells = []
        for k, entry in enumerate(_entries(obj, key) if key in on else [], 1):
            cells.append(position(entry.get("cell"), f"{key} {k}"))
        if cells:
            out.append((key, cells, 0))
    return out


def _arrows(entry: dict, where: str, size: int, position) -> list:
    circle = entry.get("cells")
    lines = entry.get("lines")
    if not isinstance(circle, list) or not circle or not isinstance(lines, list) or not all(
            isinstance(line, list) for line in lines):
        raise ParseError(f'{where}: expected {{"cells": circle, "lines": [["R1C1", ...]]}}, '
                         f"not {json.dumps(entry)[:60]}")
    if not lines:
        raise ParseError(f"{where}: a circle at {circle[0]} without an arrow")
    bulb = sorted(position(p, where) for p in circle)
    rows = {k // size for k in bulb}
    cols = {k % size for k in bulb}
    straight = (len(rows) == 1 and max(bulb) - min(bulb) == len(bulb) - 1) or (
        len(cols) == 1 and max(bulb) - min(bulb) == (len(bulb) - 1) * size)
    if len(set(bulb)) != len(bulb) or not straight:
        raise ParseError(f"{where}: its circle {', '.join(map(str, circle))} is not one cell nor "
                         "a straight pill of side-by-side cells (the order its number reads "
                         "in is unclear)")
    out = []
    for line in lines:
        shaft = [k for k in (position(p, where) for p in line) if k not in bulb]
        out.append(("arrow", bulb + shaft, len(bulb)))
    return out


def write(obj: dict, n: int, constraint) -> bool:
    """Add one constraint of the kinds above to an f-puzzles object; False for other kinds."""
    kind, cells, value = constraint
    names = [_name(*divmod(k, n)) for k in cells]
    if kind == "killer":
        entry = {"cells": names}
        if value:
            entry["value"] = str(value)
        obj.setdefault("killercage", []).append(entry)
    elif kind == "arrow":
        bulb, shaft = cells[:value], cells[value:]
        first = divmod(shaft[0], n)
        start = min(bulb, key=lambda k: max(abs(k // n - first[0]), abs(k % n - first[1])))
        obj.setdefault("arrow", []).append(
            {"cells": names[:value], "lines": [[_name(*divmod(start, n))] + names[value:]]})
    elif kind == "littlekiller":
        r0, c0 = divmod(cells[0], n)
        if len(cells) > 1:
            dr, dc = cells[1] // n - r0, cells[1] % n - c0
        else:  # a corner cell: the diagonal that holds it alone (r1c1: from R0C2, DL)
            dr, dc = (1 if r0 == 0 else -1), (-1 if c0 == 0 else 1)
        direction = {v: k for k, v in DIRECTIONS.items()}[(dr, dc)]
        obj.setdefault("littlekillersum", []).append(
            {"cell": _name(r0 - dr, c0 - dc), "cells": names, "direction": direction,
             "value": str(value)})
    elif kind == "sandwich":
        row = cells[0] // n == cells[-1] // n
        clue = _name(cells[0] // n, -1) if row else _name(-1, cells[0] % n)
        obj.setdefault("sandwichsum", []).append({"cell": clue, "value": str(value)})
    elif kind in ("even", "odd"):
        obj.setdefault(kind, []).extend({"cell": name} for name in names)
    else:
        return False
    return True
