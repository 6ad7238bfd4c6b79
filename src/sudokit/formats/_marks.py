"""Pencil marks: the candidates of every cell, as one N*N*N line or as a grid of strings.

    line form (Sudoku Explainer / HoDoKu "729" style), 9x9: 9 characters per cell, row-major;
    position k (0-based) holds the symbol of value k+1 when k+1 is a candidate, a blank
    ('.' or '0' ...) when it is not:

        cell 0 = {5}         cell 1 = {3}        cell 2 = {1,2,4}
        ....5.... ..3...... 12.4.....  ...

    grid form: N lines of N whitespace-separated candidate strings ('1569'), with optional
    '|' / ':' bars and separator lines ('-----+-----', HoDoKu's '.---.' borders); '*' and '+'
    (given / placed markers of some printers) are ignored.

Candidates are bitmasks, bit v-1 set when value v is possible (the kernels' layout).  A cell
with exactly one candidate is *filled* in the returned Grid: a Grid cannot tell a given from a
solved cell, so that distinction survives only in the masks (rejected: leaving singles empty --
callers would then re-derive them from the masks to get a grid the solver can use).
A cell with no candidate (a contradiction) is an empty cell with mask 0.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ..errors import ParseError
from ..grid import Grid
from ..shape import Shape
from ..symbols import DEFAULT, get_alphabet

__all__ = ["parse_pencilmarks", "format_pencilmarks"]


@lru_cache(maxsize=None)
def _cubes() -> dict[int, int]:
    """Return N*N*N -> N for every size with a default box shape."""
    from .. import formats as _f
    return {n * n * n: n for n in _f._LINE_SIZES.values()}


def _grid_from_masks(masks: list[int], shape: Shape) -> Grid:
    return Grid._trusted(tuple(m.bit_length() if m and not m & (m - 1) else 0 for m in masks),
                         shape)


def _pencil_line(field: str, start: int, shape: "Shape | None", alphabet) -> tuple[Grid, tuple[int, ...]]:
    from .. import formats as _f

    count = len(field)
    if shape is None:
        size = _cubes().get(count)
        if size is None:
            raise ParseError(f"a pencil-mark line has N*N*N characters (729 for 9x9), found {count}",
                             line=1, column=start + min(count, 729) + 1)
        shape = Shape.for_size(size)
    size = shape.size
    if count != size ** 3:
        raise ParseError(f"expected {size ** 3} pencil-mark characters, found {count}",
                         line=1, column=start + min(count, size ** 3) + 1,
                         char=field[size ** 3] if count > size ** 3 else None)
    alpha = get_alphabet(alphabet) if alphabet is not None else (DEFAULT if size <= 9 else _f._detect(field, size))
    got = _f._values(field, alpha, size)
    if isinstance(got, int):
        raise _f._bad_char(field[got], alpha, size, 1, start + got + 1)
    masks = []
    for c in range(size * size):
        mask = 0
        base = c * size
        for k in range(size):
            v = got[base + k]
            if v == k + 1:
                mask |= 1 << k
            elif v:
                raise ParseError(f"cell {c + 1} position {k + 1} holds {field[base + k]!r}; "
                                 f"only the symbol of value {k + 1} or a blank may stand there",
                                 line=1, column=start + base + k + 1, char=field[base + k])
        masks.append(mask)
    return _grid_from_masks(masks, shape), tuple(masks)


def looks_like_line(field: str) -> bool:
    from .. import formats as _f

    size = _cubes().get(len(field))
    if size is None or size > 9:
        return False
    got = _f._values(field, DEFAULT, size)
    if isinstance(got, int):
        return False
    # A line of blanks only is read the common way: 64 blanks are an empty 8x8 grid and '.' an
    # empty 1x1, not 4x4 or 1x1 marks with no candidate (a solvable puzzle called impossible);
    # 729 blanks stay 9x9 marks with no candidate (impossible), not an empty 27x27 grid.  One
    # mark in its place is enough to read marks: a 9x9 marks line with one cell emptied stays
    # marks (and is impossible), not a 27x27 puzzle.
    if not any(got):
        return size == 9
    return all(v == 0 or v == k % size + 1 for k, v in enumerate(got))


def parse_pencilmarks(text: str, *, box=None, alphabet=None) -> tuple[Grid, tuple[int, ...]]:
    """Return (grid, candidates): masks with bit v-1 set when v is possible; single candidates fill the grid."""
    from .. import formats as _f

    items = _f._content(text)
    if not items:
        raise ParseError("empty input: no puzzle", line=1, column=1)
    shape = _f._as_shape(box)
    if len(items) == 1 and len(_f._line_tokens(items[0][1])) == 1:
        lineno, line = items[0]
        start = len(line) - len(line.lstrip())
        try:
            return _pencil_line(line.strip(), start, shape, alphabet)
        except ParseError as exc:
            raise exc.shifted(line=lineno - 1) from None
    found = []
    for lineno, line in items:
        stripped = line.replace("|", " ").replace(":", " ")
        if set(stripped.replace(".", "")) <= _f._SEPLINE_CHARS and "-" in stripped:
            continue  # HoDoKu borders: .----.----. and :----+----:
        found.extend((lineno, c, t) for c, t in _f._line_tokens(line.replace(":", " ")))
    count = len(found)
    if shape is None:
        size = _f._LINE_SIZES.get(count)
        if size is None:
            _f._token_count_error(found, None, (items[-1][0], len(items[-1][1]) + 1), None)
        shape = Shape.for_size(size)
    elif count != shape.ncells:
        _f._token_count_error(found, shape, (items[-1][0], len(items[-1][1]) + 1), None)
    size = shape.size
    alpha = get_alphabet(alphabet) if alphabet is not None else (
        DEFAULT if size <= 9 else _f._detect("".join(t for _, _, t in found), size))
    masks = []
    for lineno, col, tok in found:
        mask = 0
        for k, ch in enumerate(tok):
            if ch in "*+":  # given / placed markers of some printers
                continue
            v = alpha.value_of(ch, size)
            if v < 0:
                raise _f._bad_char(ch, alpha, size, lineno, col + k)
            if v:
                mask |= 1 << (v - 1)
        masks.append(mask)
    return _grid_from_masks(masks, shape), tuple(masks)


def _masks_of(grid: Grid, candidates) -> list[int]:
    if candidates is None:
        out = []
        for cell, v in enumerate(grid.values):
            if v:
                out.append(1 << (v - 1))
            else:
                m = 0
                for c in grid.candidates(cell):
                    m |= 1 << (c - 1)
                out.append(m)
        return out
    masks = list(candidates)
    if len(masks) != len(grid.values):
        raise ValueError(f"{len(masks)} candidate masks for {len(grid.values)} cells")
    return [1 << (v - 1) if v else m for v, m in zip(grid.values, masks)]


def format_pencilmarks(grid: Grid, candidates: "Sequence[int] | None" = None, *, layout: str = "line",
                       alphabet=None, blank: str = ".") -> str:
    """Return the candidates (computed from the grid if None) as an N*N*N line or a grid ('grid')."""
    n = grid.shape.size
    symbols = get_alphabet(alphabet).table(n, blank)
    masks = _masks_of(grid, candidates)
    if layout == "line":
        return "".join(symbols[k + 1] if m >> k & 1 else blank for m in masks for k in range(n))
    if layout != "grid":
        raise ValueError(f"layout is 'line' or 'grid', not {layout!r}")
    words = ["".join(symbols[k + 1] for k in range(n) if m >> k & 1) or blank for m in masks]
    widths = [max(len(words[r * n + c]) for r in range(n)) for c in range(n)]
    shape = grid.shape
    bc, br = shape.box_cols, shape.box_rows
    stacks = [sum(widths[s:s + bc]) + 2 * bc for s in range(0, n, bc)]
    rule = "+".join("-" * w for w in stacks)
    out = []
    for r in range(n):
        if r and r % br == 0:
            out.append(rule)
        parts = []
        for s in range(0, n, bc):
            parts.append("".join(" " + words[r * n + c].ljust(widths[c]) + " " for c in range(s, s + bc)))
        out.append("|".join(parts).rstrip())
    return "\n".join(out)
