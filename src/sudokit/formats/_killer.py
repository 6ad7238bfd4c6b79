"""Killer puzzles as killer solvers' forums write them: SudoCue's numbers and the cage arrows.

Two one-line forms, both read by ``parse`` and ``read_records`` (format ``killer``):

    SudoCue  ``3x3:d:k:3841:7705:...:``  (SudoCue and the Rcbroughton / enjoysudoku killer
             forums): the box shape (``3x3``; ``2x3`` and other R x C grids too), a flag
             field (``d``: the two long diagonals are units too, a killer-X; empty: none),
             ``k``, then one number a cell in reading order, colons between (a last colon
             is allowed): total * 256 + cage number.  Cells of one cage number share its
             total; a number below 256 (total 0) is a cell in no cage.
    arrows   81 characters, one a cell in reading order (the "snarfable" cages of the
             enjoysudoku forum): a cage's total in one of its cells (``0``-``9``, then
             ``A``-``Z`` for 10-35 and ``a``-``j`` for 36-45), and in each other cell an
             arrow to a neighbour of the same cage, which leads on to the total:
             ``<`` ``>`` ``^`` ``v`` (left, right, up, down), ``` ` ``` ``'`` ``,`` ``.``
             (up-left, up-right, down-left, down-right).  A total ``0`` alone in its cage
             is a cell in no cage.

Every fault is a ParseError naming the column of the line where it is (an arrow that leaves
the grid or goes round in a circle, a character that is neither, a cage the rules refuse).
"""

from __future__ import annotations

import re

from ..errors import ParseError
from ..geometry import GeometryError, boxes
from ..grid import Grid

__all__ = ["parse_killer", "looks_like_killer"]

_SUDOCUE = re.compile(r"\s*(\d{1,2})x(\d{1,2}):([a-z]*):k:([0-9:]+)\s*\Z")
_ARROWS = {"<": (0, -1), ">": (0, 1), "^": (-1, 0), "v": (1, 0),
           "`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1)}
_TOTALS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"   # 0 .. 45
_ARROW_LINE = re.compile(r"[0-9A-Za-j<>^v`',.]{81}\Z")


def looks_like_killer(text: str) -> bool:
    """True for one line shaped like SudoCue's killer numbers or an 81-cell arrow line."""
    s = text.strip().lstrip("\ufeff")
    if s[:1].isdigit() and ":k:" in s[:12]:
        return _SUDOCUE.match(s) is not None
    return _ARROW_LINE.match(s) is not None and any(ch in "<>^v" for ch in s)


def parse_killer(text: str) -> Grid:
    """The killer puzzle of one SudoCue or arrow line (see the module doc); no givens."""
    s = text.strip().lstrip("\ufeff")
    lead = len(text) - len(text.lstrip().lstrip("\ufeff"))
    if s[:1].isdigit() and ":k:" in s[:12]:
        return _sudocue(s, lead)
    return _arrows(s, lead)


def _error(why: str, column: int, char: str = "") -> ParseError:
    return ParseError(why, line=1, column=column, char=char)


def _build(rows: int, cols: int, cages: dict, diagonals: bool, where: dict, lead: int) -> Grid:
    geometry = boxes(rows, cols)
    if diagonals:
        geometry = geometry.with_rules("x")
    try:
        geometry = geometry.with_constraints(
            *(("killer", cells, total) for total, cells in cages.values()))
    except (GeometryError, ValueError) as exc:
        bad = next(iter(cages), None)  # point at the first cage the rules refuse alone
        for key, (total, cells) in cages.items():
            try:
                boxes(rows, cols).with_constraints(("killer", cells, total))
            except (GeometryError, ValueError):
                bad = key
                break
        raise _error(f"the cages break the rules: {exc}",
                     lead + where.get(bad, 1)) from None
    n = geometry.size
    return Grid("." * (n * n), geometry=geometry)


def _sudocue(s: str, lead: int) -> Grid:
    m = _SUDOCUE.match(s)
    if m is None:
        bad = next((i for i, ch in enumerate(s) if not (ch.isalnum() or ch == ":")), 0)
        raise _error("not a SudoCue killer line: 'RxC:FLAGS:k:' then one number a cell, "
                     "colons between", lead + bad + 1, s[bad:bad + 1])
    rows, cols, flags, body = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    if flags not in ("", "d"):
        raise _error(f"unknown SudoCue flags {flags!r}: '' (none) or 'd' (diagonals)",
                     lead + m.start(3) + 1, flags[:1])
    n = rows * cols
    if not 1 <= n <= 64:
        raise _error(f"a {rows}x{cols} box makes no grid sudokit reads (1 to 64 values)",
                     lead + 1, s[:1])
    fields = body.split(":")
    if fields and fields[-1] == "":
        fields.pop()
    if len(fields) != n * n:
        raise _error(f"a {n}x{n} killer has {n * n} cell numbers, not {len(fields)}",
                     lead + len(s), s[-1:])
    cages: dict = {}
    where: dict = {}
    column = lead + m.start(4) + 1
    for cell, field in enumerate(fields):
        if not field:
            raise _error("an empty cell number (two colons in a row)", column, ":")
        total, number = divmod(int(field), 256)
        if total:
            entry = cages.setdefault(number, (total, []))
            if entry[0] != total:
                raise _error(f"cage {number} has two totals, {entry[0]} and {total}",
                             column, field[:1])
            entry[1].append(cell)
            where.setdefault(number, column - lead)
        column += len(field) + 1
    return _build(rows, cols, cages, flags == "d", where, lead)


def _arrows(s: str, lead: int) -> Grid:
    if len(s) != 81:
        raise _error(f"an arrow killer line has 81 characters, not {len(s)}",
                     lead + min(len(s), 81) + (len(s) < 81), s[81:82])
    for i, ch in enumerate(s):
        if ch not in _ARROWS and ch not in _TOTALS:
            raise _error("neither a cage total (0-9, A-Z, a-j) nor an arrow (< > ^ v ` ' , .)",
                         lead + i + 1, ch)
    head = [-1] * 81
    for start in range(81):
        cell, seen = start, 0
        while s[cell] in _ARROWS:
            dr, dc = _ARROWS[s[cell]]
            r, c = divmod(cell, 9)
            if not (0 <= r + dr < 9 and 0 <= c + dc < 9):
                raise _error("this arrow leaves the grid", lead + cell + 1, s[cell])
            cell = (r + dr) * 9 + c + dc
            seen += 1
            if seen > 81:
                raise _error("these arrows go round in a circle and never reach a total",
                             lead + start + 1, s[start])
        head[start] = cell
    cages: dict = {}
    where: dict = {}
    for cell in range(81):
        h = head[cell]
        total = _TOTALS.index(s[h])
        cages.setdefault(h, (total, []))[1].append(cell)
        where.setdefault(h, h + 1)
    for h in [h for h, (total, cells) in cages.items() if total == 0]:
        if len(cages[h][1]) > 1:
            raise _error("a total of 0 with arrows leading to it: a cage with no total is "
                         "not a killer cage sudokit reads", lead + h + 1, "0")
        del cages[h]  # a cell in no cage
    return _build(3, 3, cages, False, where, lead)
