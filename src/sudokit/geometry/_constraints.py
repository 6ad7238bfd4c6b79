"""Constraints among a few cells, turned into weak links: thermometers, kropki dots, XV, German
whispers, palindromes, and the negative rules (nonconsecutive, negative-ratio, negative-xv).

A *constraint* is ``(kind, cells, value)``: cells in the order the kind reads them, value its
number (0 when it has none).  Every kind is a relation between two cells at a time, so it is
written as weak links ("cell i = a excludes cell j = b", geometry.links) and every engine,
checker and logic technique honours it without knowing it:

    kind        cells            holds when                              text
    thermo      bulb .. tip      values rise strictly from the bulb      thermo(r1c1-r1c2-r1c3)
    diff k      two cells        |a - b| == k (k = 1: white kropki dot)  diff(r1c1-r1c2), diff2(...)
    ratio k     two cells        a == k*b or b == k*a (2: black dot)     ratio(r1c1-r1c2)
    sum s       two cells        a + b == s (X: 10, V: 5)                sum10(r1c1-r1c2)
    whisper k   a line           neighbours on it differ by >= k         whisper(r1c1-r2c2-r3c3)
    palindrome  a line           it reads the same both ways             palindrome(r1c1-r1c2-r1c3)

A thermometer links every two of its cells, not only neighbours (the p-th and q-th cells need
b >= a + (q - p)): the kernels then see the whole rise at once.  (Rejected: neighbour links
only, which are equivalent for solutions but let the search wander through values that a
longer stretch of the bulb already rules out.)

Text names read back: ``white``/``black`` are ``diff``/``ratio`` with their dot's value, ``x``
and ``v`` are ``sum10``/``sum5``; ``whisper``'s value defaults to (N+1)//2 (5 on 9x9).

The negative rules look at every two orthogonally adjacent cells: ``nonconsecutive``, those
without a diff 1 constraint never differ by 1 (all white dots given, or the classic rule when
there are none); ``negative-ratio``, those without a ratio constraint are not 1:2 (all black
dots given); ``negative-xv``, those without a sum constraint sum to neither 5 nor 10.
"""

from __future__ import annotations

import re

from . import _sums
from ..errors import GeometryError

__all__ = ["KINDS", "NEGATIVE_RULES", "canonical", "parse", "text", "relations", "links",
           "violations", "describe", "is_broken_rule", "conflict_text"]

PAIRWISE = ("thermo", "diff", "ratio", "sum", "whisper", "palindrome")
KINDS = PAIRWISE + _sums.KINDS   # then the rules over many cells (geometry._sums)
NEGATIVE_RULES = ("nonconsecutive", "negative-ratio", "negative-xv")

_LINES = ("thermo", "whisper", "palindrome")           # any number of cells >= 2, in order
_ALIASES = {"white": ("diff", 1), "black": ("ratio", 2), "x": ("sum", 10), "v": ("sum", 5),
            "difference": ("diff", None), "kropki": ("diff", None), "thermometer": ("thermo", None),
            "whispers": ("whisper", None), "xv": ("sum", None),
            **{alias: (kind, None) for alias, kind in _sums.ALIASES.items()}}
# (bounded ASCII digits: int() of a 5,000-digit number raises ValueError)
_TERM = re.compile(r"^([a-z]+)([0-9]{0,9})\((.*)\)$")
_CELL = re.compile(r"^r([0-9]{1,9})c([0-9]{1,9})$")


def is_constraint_text(word: str) -> bool:
    """True for a rule word that names a constraint (it has parentheses)."""
    return "(" in word


def _cell_name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def default_value(kind: str, size: int) -> int:
    """The value a kind takes when none is written (0: it has none, or it needs one)."""
    return {"diff": 1, "ratio": 2, "whisper": (size + 1) // 2}.get(kind, 0)


def canonical(size: int, item) -> tuple[str, tuple[int, ...], int]:
    """Check one constraint, (kind, cells) or (kind, cells, value), and return its canonical
    form; GeometryError names what is wrong.  Text such as 'thermo(r1c1-r1c2)' is read too."""
    if isinstance(item, str):
        return parse(item, size)
    try:
        kind, cells, *rest = item
    except (TypeError, ValueError):
        raise GeometryError(f"a constraint is (kind, cells[, value]), not {item!r}") from None
    kind = str(kind).lower()
    value = rest[0] if rest else None
    if len(rest) > 1:
        raise GeometryError(f"a constraint is (kind, cells[, value]), not {item!r}")
    if kind in _ALIASES:
        kind, fixed = _ALIASES[kind]
        if value is None:
            value = fixed
    if kind not in KINDS:
        raise GeometryError(f"unknown constraint {kind!r}; constraints: {', '.join(KINDS)} "
                            f"(and white, black, x, v, cage)")
    try:
        cells = tuple(int(c) for c in cells)
        unwritten = value is None or value == ""   # 0 is a value (refused below), not "none"
        value = default_value(kind, size) if unwritten else int(value)
    except (TypeError, ValueError):
        raise GeometryError(f"{kind}: cells are cell numbers and the value an integer "
                            f"({item!r})") from None
    ncells = size * size
    for c in cells:
        if not 0 <= c < ncells:
            raise GeometryError(f"{kind}: cell {c} is outside the grid (0..{ncells - 1})")
    if len(set(cells)) != len(cells):
        raise GeometryError(f"{kind}: a cell appears twice in {_path(cells, size)}")
    if kind in _sums.KINDS:
        return _sums.canonical(size, kind, cells, value, unwritten)
    if kind in _LINES:
        if len(cells) < 2:
            raise GeometryError(f"a {kind} line needs two cells or more, not {len(cells)}")
        if kind == "thermo" and len(cells) > size:
            # (its values strictly increase; it also links every two of its cells, so a
            # 625-cell one cost a minute and 900 MB before any search)
            raise GeometryError(f"a thermo line of {len(cells)} cells cannot hold on a "
                                f"{size}x{size} grid (its values increase: at most {size} "
                                "cells)")
    elif len(cells) != 2:
        raise GeometryError(f"a {kind} constraint joins two cells, not {len(cells)}")
    low, high = {"diff": (1, size - 1), "ratio": (2, size), "sum": (3, 2 * size - 1),
                 "whisper": (1, size - 1)}.get(kind, (0, 0))
    if kind in ("thermo", "palindrome"):
        value = 0
    elif kind == "sum" and unwritten:
        raise GeometryError("a sum constraint needs its total: sum10(r1c1-r1c2), or x(...) "
                            "for 10 and v(...) for 5")
    elif not low <= value <= high:
        what = "sum" if kind == "sum" else "value"
        raise GeometryError(f"{kind}: a {what} of {value} cannot hold on a {size}x{size} grid "
                            f"({low}..{high})")
    if kind in ("diff", "ratio", "sum"):
        cells = tuple(sorted(cells))
    elif kind in ("whisper", "palindrome"):
        cells = min(cells, cells[::-1])             # a line reads the same either way
    return (kind, cells, value)


def parse(word: str, size: int) -> tuple[str, tuple[int, ...], int]:
    """Read 'thermo(r1c1-r1c2-r1c3)', 'diff2(r1c1-r1c2)', 'x(r1c1-r1c2)', 'killer(15:r1c1-r1c2)',
    'arrow(r5c5:r4c4-r3c3)', 'sandwich(12:r3)' ... (see the module and geometry._sums).  A
    value is written after the kind or before a colon: diff2(...) is diff(2:...)."""
    m = _TERM.match(word.strip().lower().replace(" ", ""))
    if not m:
        raise GeometryError(f"bad constraint {word!r}: expected kind(r1c1-r1c2-...), e.g. "
                            f"thermo(r1c1-r1c2-r1c3)")
    kind, value, body = m.groups()
    kind = _sums.ALIASES.get(kind, kind)
    head, colon, rest = body.partition(":")
    if colon and kind == "arrow":            # circle : shaft
        circle = _cells(word, head, size)
        return canonical(size, (kind, circle + _cells(word, rest, size), len(circle)))
    if colon:
        if value or not head.isdigit() or len(head) > 9:
            raise GeometryError(f"bad constraint {word!r}: expected {kind}(TOTAL:r1c1-r1c2...)")
        value, body = head, rest
    base = _ALIASES.get(kind, (kind,))[0]
    if value and base in ("thermo", "palindrome", "even", "odd", "renban"):
        article = "an" if base[0] in "aeiou" else "a"
        raise GeometryError(f"bad constraint {word!r}: {article} {base} rule takes no value")
    if value and base == "killer" and not int(value):  # (a cage without a total has none)
        raise GeometryError(f"bad constraint {word!r}: a cage total is a positive number; "
                            f"write killer(r1c1-r1c2-...) for a cage without a total")
    if kind == "sandwich" and re.fullmatch(r"[rc][0-9]{1,9}", body):
        k = int(body[1:])
        if not 1 <= k <= size:
            raise GeometryError(f"bad constraint {word!r}: {body} is outside a {size}x{size} "
                                "grid")
        cells = [(k - 1) * size + c for c in range(size)] if body[0] == "r" else \
            [r * size + k - 1 for r in range(size)]
    else:
        cells = _cells(word, body, size)
    return canonical(size, (kind, cells, int(value) if value else None))


def _cells(word: str, body: str, size: int) -> list[int]:
    """The cells of 'r1c1-r1c2-...' in the text of constraint ``word``."""
    cells = []
    for name in (body.split("-") if body else []):
        cm = _CELL.match(name)
        if not cm:
            raise GeometryError(f"bad constraint {word!r}: {name!r} is not a cell name such as "
                                f"r1c1")
        r, c = int(cm.group(1)), int(cm.group(2))
        if not (1 <= r <= size and 1 <= c <= size):
            raise GeometryError(f"bad constraint {word!r}: {name} is outside a {size}x{size} "
                                f"grid")
        cells.append((r - 1) * size + c - 1)
    return cells


def text(size: int, constraint) -> str:
    """The name of a canonical constraint, which ``parse`` reads back."""
    kind, cells, value = constraint
    if kind in _sums.KINDS:
        return _sums.text(size, constraint)
    shown = "" if value in (0, default_value(kind, size)) else str(value)
    return f"{kind}{shown}({_path(cells, size)})"


def describe(size: int, constraint) -> str:
    """A few words for people: 'thermometer r1c1-r1c3', 'white dot r1c1-r1c2', 'X r1c1-r1c2'."""
    kind, cells, value = constraint
    if kind in _sums.KINDS:
        return _sums.describe(size, constraint)
    where = _path(cells, size) if kind not in _LINES else \
        f"{_cell_name(cells[0], size)}-{_cell_name(cells[-1], size)}"
    if kind == "diff":
        word = "white dot" if value == 1 else f"difference {value}"
    elif kind == "ratio":
        word = "black dot" if value == 2 else f"ratio {value}"
    elif kind == "sum":
        word = {10: "X", 5: "V"}.get(value, f"sum {value}")
    else:
        word = _LINE_WORDS[kind]
    return f"{word} {where}"


# the first words of the places ``describe`` and ``violations`` name (and geometry's links)
_LINE_WORDS = {"thermo": "thermometer", "whisper": "whisper line", "palindrome": "palindrome"}
_BROKEN = tuple(w + " " for w in ("link", *_LINE_WORDS.values(), "white dot", "black dot",
                                  "difference", "ratio", "X", "V", "sum", *NEGATIVE_RULES)) + _sums.BROKEN


def is_broken_rule(where: str) -> bool:
    """True for the place of a conflict (geometry.conflicts) that is a constraint, a negative
    rule or a weak link -- values that break it -- rather than a unit or pair where a value
    is placed twice."""
    return where.startswith(_BROKEN)


def conflict_text(value: str, where: str, names: str) -> str:
    """A conflict in words: '5 is placed twice in row 1 (r1c1, r1c9)', or for a constraint
    'the values of r1c1, r1c2 break the thermometer r1c1-r1c3'."""
    if is_broken_rule(where):
        return f"the values of {names} break the {where}"
    return f"{value} is placed twice in {where} ({names})"


def _path(cells, size: int) -> str:
    return "-".join(_cell_name(c, size) for c in cells)


# --- the relations ------------------------------------------------------------------------


def _relations(constraint):
    """Yield (i, j, ok) for every two cells the constraint ties: ok(a, b) is True when i = a
    and j = b may both hold."""
    kind, cells, value = constraint
    if kind == "thermo":
        for p in range(len(cells)):
            for q in range(p + 1, len(cells)):
                yield cells[p], cells[q], (lambda a, b, d=q - p: b >= a + d)
    elif kind == "diff":
        yield cells[0], cells[1], lambda a, b: abs(a - b) == value
    elif kind == "ratio":
        yield cells[0], cells[1], lambda a, b: a == value * b or b == value * a
    elif kind == "sum":
        yield cells[0], cells[1], lambda a, b: a + b == value
    elif kind == "whisper":
        for p in range(len(cells) - 1):
            yield cells[p], cells[p + 1], lambda a, b: abs(a - b) >= value
    elif kind == "palindrome":
        for p in range(len(cells) // 2):
            yield cells[p], cells[-1 - p], lambda a, b: a == b


def _neighbours(size: int):
    """Every two orthogonally adjacent cells (i < j)."""
    for cell in range(size * size):
        r, c = divmod(cell, size)
        if c + 1 < size:
            yield cell, cell + 1
        if r + 1 < size:
            yield cell, cell + size


def _negative(rule: str, size: int, constraints):
    """Yield (i, j, ok) of a negative rule over the neighbours that carry no exempting dot."""
    kind, test = {"nonconsecutive": ("diff", lambda a, b: abs(a - b) != 1),
                  "negative-ratio": ("ratio", lambda a, b: a != 2 * b and b != 2 * a),
                  "negative-xv": ("sum", lambda a, b: a + b not in (5, 10))}[rule]
    exempt = {c[1] for c in constraints if c[0] == kind and (kind != "diff" or c[2] == 1)}
    for pair in _neighbours(size):
        if pair not in exempt:
            yield pair[0], pair[1], test


def relations(size: int, rules, constraints):
    """Yield (name, i, j, ok) for every two cells the constraints and negative rules tie:
    ok(a, b) is True when i = a and j = b may both hold (the geometry keeps them)."""
    for con in constraints:
        if con[0] in _sums.KINDS:
            continue                  # rules over many cells: propagators, not relations
        name = describe(size, con)
        for i, j, ok in _relations(con):
            yield name, i, j, ok
    for rule in rules:
        if rule in NEGATIVE_RULES:
            for i, j, ok in _negative(rule, size, constraints):
                yield rule, i, j, ok


def links(size: int, relations) -> list[tuple[int, int, tuple[int, ...]]]:
    """The weak links (i, j, masks) of relations: masks[a-1] = the values of j that i = a
    excludes (one direction; the geometry stores both)."""
    out = []
    values = range(1, size + 1)
    for _, i, j, ok in relations:
        masks = tuple(sum(1 << (b - 1) for b in values if not ok(a, b)) for a in values)
        if any(masks):
            out.append((i, j, masks))
    return out


def violations(size: int, relations, values) -> list[tuple[int, str, tuple[int, int]]]:
    """Every broken relation of a grid (0 = empty): (value, 'thermometer r1c1-r1c3', (i, j))."""
    out = []
    for name, i, j, ok in relations:
        a, b = values[i], values[j]
        if a and b and not ok(a, b):
            out.append((a, f"{name} {_cell_name(i, size)}={a} {_cell_name(j, size)}={b}"
                        if name in NEGATIVE_RULES else name, (i, j)))
    return out
