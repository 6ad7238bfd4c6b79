"""Simon Tatham's Solo game ids: classic, X, jigsaw and killer puzzles (``PARAMS:DESC``).

Solo (in Simon Tatham's Portable Puzzle Collection; ``sgt-solo --generate 5 3x3k`` prints
five ids) writes a puzzle as its parameters, a colon and a description:

    PARAMS   C x R     C columns and R rows of boxes: a box is C rows tall and R columns
                       wide, the grid C*R square ("3x3", "2x3"; "3" means "3x3");
             j         jigsaw: the regions are spelled in DESC ("9j", "3x3j" = "9j");
             x         the two long diagonals are units too (sudokit's rule "x");
             k         killer cages, spelled in DESC;
             other letters (symmetry "r2", "m4", "a"; difficulty "dt" ... "du") say how
             the puzzle was made and do not change it: skipped.
    DESC     the givens, then (jigsaw) ",REGIONS", then (killer) ",CAGES,TOTALS":
    givens   cells in reading order: a letter is a run of 1..26 empty cells (a = 1, z = 26),
             a number is a given, "_" separates two numbers;
    REGIONS, CAGES
             which of the C*R*(C*R-1) vertical borders between side-by-side cells (row by
             row), then of the horizontal ones (column by column), are walls: a letter
             counts the open borders before the next wall (_ = 0, a = 1, ..., y = 25), and
             z is 25 open borders with no wall after them; the cells the walls leave
             connected are one region or cage;
    TOTALS   a grid like the givens: each cage's total, in one of its cells.

Example: ``2x2k:p,_a_______caa_ab_,7_5a6a6_5a3d8b``.  A random-seed id (``3x3#1234``) names
a puzzle only Solo's own generator can rebuild: refused.  Every other fault is a ParseError
naming the column of the id where it is.
"""

from __future__ import annotations

import re

from ..errors import ParseError
from ..geometry import GeometryError, boxes, jigsaw
from ..grid import Grid

__all__ = ["parse_solo", "looks_like_solo"]

_ID = re.compile(r"\s*(\d{1,2})(?:x(\d{1,2}))?((?:[jxk]|[rm]d?\d{0,2}|a|d[tbiaeu])*)"
                 r":([a-z0-9_,]+)\s*\Z")


def looks_like_solo(text: str) -> bool:
    """True for one line shaped like a Solo game id (the parts DESC needs are present)."""
    m = _ID.match(text.strip().lstrip("\ufeff"))
    if m is None:
        return False
    flags = re.sub(r"[rm]d?\d*|a|d[tbiaeu]", "", m.group(3))
    return m.group(4).count(",") == ("j" in flags) + 2 * ("k" in flags)


def _runs(desc: str, start: int, area: int, high: int, what: str, column: int) -> list[int]:
    """The values of a givens-like grid (runs of letters for zeros, numbers, '_')."""
    out: list[int] = []
    k = 0
    while k < len(desc):
        ch = desc[k]
        if "a" <= ch <= "z":
            out += [0] * (ord(ch) - 96)
            k += 1
        elif ch == "_":
            k += 1
        elif ch.isdigit():
            j = k
            while j < len(desc) and desc[j].isdigit():
                j += 1
            value = int(desc[k:j])
            if not 1 <= value <= high:
                raise ParseError(f"Solo id: {what}: {value} is not 1..{high}", line=1,
                                 column=column + start + k, char=ch)
            out.append(value)
            k = j
        else:
            raise ParseError(f"Solo id: {what}: {ch!r} is neither a run letter a-z, a number "
                             "nor '_'", line=1, column=column + start + k, char=ch)
        if len(out) > area:
            raise ParseError(f"Solo id: {what} spell more than {area} cells", line=1,
                             column=column + start + k)
    if len(out) < area:
        raise ParseError(f"Solo id: {what} spell {len(out)} cells, not {area}", line=1,
                         column=column + start + len(desc))
    return out


def _walls(desc: str, start: int, n: int, what: str, column: int) -> list[list[int]]:
    """The groups of cells (reading order) the walls of a REGIONS/CAGES part leave joined."""
    parent = list(range(n * n))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    borders = 2 * n * (n - 1)
    pos = 0
    for k, ch in enumerate(desc):
        if ch == "_":
            run = 0
        elif "a" <= ch <= "z":
            run = ord(ch) - 96
        else:
            raise ParseError(f"Solo id: {what}: {ch!r} is not a letter a-z or '_'", line=1,
                             column=column + start + k, char=ch)
        if pos + run > borders:
            raise ParseError(f"Solo id: {what} spell more than the grid's {borders} borders",
                             line=1, column=column + start + k, char=ch)
        for _ in range(run):  # open borders: the cells on either side are joined
            if pos < n * (n - 1):
                a = (pos // (n - 1)) * n + pos % (n - 1)
                b = a + 1
            else:
                x, y = divmod(pos - n * (n - 1), n - 1)
                a, b = y * n + x, (y + 1) * n + x
            parent[root(a)] = root(b)
            pos += 1
        pos += run != 26
    if pos != borders + 1:
        raise ParseError(f"Solo id: {what} spell {pos} borders, not {borders} (and the last "
                         "wall)", line=1, column=column + start + len(desc))
    groups: dict[int, list[int]] = {}
    for k in range(n * n):
        groups.setdefault(root(k), []).append(k)
    return sorted(groups.values())


def parse_solo(text: str) -> Grid:
    """Return the Grid (givens, regions, X rule, killer cages) of a Solo game id."""
    if not isinstance(text, str):
        raise TypeError(f"parse_solo reads a str, not {type(text).__name__}")
    body = text.lstrip("\ufeff")
    column = len(body) - len(body.lstrip()) + 1
    body = body.strip()
    if "#" in body and ":" not in body:
        raise ParseError("Solo id: a random-seed id (PARAMS#SEED) names a puzzle only Solo's "
                         "own generator rebuilds; give the descriptive id (PARAMS:DESC) that "
                         "sgt-solo --generate prints", line=1, column=column + body.index("#"))
    m = _ID.match(body)
    if m is None:
        raise ParseError("not a Solo game id: expected PARAMS:DESC such as 3x3k:zzzc,... "
                         "(params: 3x3, 2x3, 9j, with x for the diagonals and k for killer "
                         "cages)", line=1, column=column)
    c = int(m.group(1))
    r = int(m.group(2)) if m.group(2) is not None else c
    flags = re.sub(r"[rm]d?\d*|a|d[tbiaeu]", "", m.group(3))
    if "j" in flags:
        c, r = (c * r if m.group(2) is not None else c), 1
    n = c * r
    if not 2 <= n <= 64 or r < 1 or c < 1:
        raise ParseError(f"Solo id: a {c}x{r} grid of boxes is {n}x{n}: sudokit reads 2x2 to "
                         "64x64", line=1, column=column)
    desc, start = m.group(4), m.start(4)
    parts = desc.split(",")
    want = 1 + (r == 1) + 2 * ("k" in flags)
    if len(parts) != want:
        raise ParseError(f"Solo id: params {body[:m.end(3)]} need {want} comma-separated "
                         f"parts (givens{', regions' if r == 1 else ''}"
                         f"{', cages, totals' if 'k' in flags else ''}), not {len(parts)}",
                         line=1, column=column + start)
    offsets = [start]
    for part in parts[:-1]:
        offsets.append(offsets[-1] + len(part) + 1)
    values = _runs(parts[0], offsets[0], n * n, n, "the givens", column)
    try:
        if r == 1:
            regions = _walls(parts[1], offsets[1], n, "the regions", column)
            labels = [0] * (n * n)
            for k, cells in enumerate(regions):
                for cell in cells:
                    labels[cell] = k
            geom = jigsaw(labels, size=n)
        else:
            geom = boxes(c, r)
        if "x" in flags:
            geom = geom.with_rules("x")
        if "k" in flags:
            cages = _walls(parts[-2], offsets[-2], n, "the cages", column)
            totals = _runs(parts[-1], offsets[-1], n * n, n * n * n, "the cage totals", column)
            constraints = []
            for cells in cages:
                clues = [totals[k] for k in cells if totals[k]]
                if len(clues) > 1:
                    raise ParseError(f"Solo id: the cage at r{cells[0] // n + 1}c"
                                     f"{cells[0] % n + 1} has {len(clues)} totals",
                                     line=1, column=column + offsets[-1])
                constraints.append(("killer", tuple(cells), clues[0] if clues else 0))
            geom = geom.with_constraints(*constraints)
    except GeometryError as exc:
        raise ParseError(f"Solo id: {exc}", line=1, column=column) from None
    return Grid(values, geometry=geom)
