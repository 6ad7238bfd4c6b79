"""Drawing the rules over many cells: killer cages, arrows, little killers, sandwiches,
even and odd cells (renban lines are lines, in ``_lines``), in the SudokuPad manner.

    cage          a dashed outline 0.08 of a cell inside the cage's edge, one closed path
                  per loop of the cage's outline (``outline``), the total small in the
                  top-left corner of its top-left cell, on a patch of the cell's fill that
                  cuts the dashes
    arrow         its circle (a disc outline 0.4 of a cell; a pill round 2 or 3 circle cells
                  in a line) and a grey shaft from the circle's edge through the centres of
                  the arrow's cells, ending in an open arrowhead
    little killer the total outside the grid, in the cell the diagonal would come from, and a
                  small arrow from it towards the grid along the diagonal
    sandwich      the total outside the grid: left of its row, above its column
    even, odd     a grey square (even), a grey circle (odd) in the cell, under the values

The outside clues need a margin: ``margins`` says how many cells of it each side takes.

The outline of a set of cells, inset: each cell is cut into 3 x 3 parts by the lines at
0, f, 1 - f and 1 of a cell (f = 0.08); a part belongs to the inset shape when its cell is
in the set and so is every neighbour it touches (a side part needs the neighbour on that
side, a corner part the three cells round that corner).  The shape's boundary, walked
clockwise, is the outline: an L-shaped cage gives one path of 6 corners, a ring two paths.

Rejected: one dashed segment per cell side (the first drawing of extra units): the dashes
restart at every cell and the corners do not meet; a path dashes evenly round the cage.
"""

from __future__ import annotations

import math

from ._scene import text_width

__all__ = ["outline", "margins", "draw_parity", "draw_cages", "draw_arrows", "draw_outside",
           "notes", "INSET"]

INSET = 0.08   # a cage's outline sits this far (of a cell) inside its edge

_NOTES = {
    "killer": "Cages: the values of a dashed cage differ and sum to its small number.",
    "arrow": "Arrows: the value in the circle is the sum along its arrow (a circle over two "
             "or three cells reads as one number); values may repeat on an arrow.",
    "littlekiller": "Little killers: the values along the diagonal an outside arrow points "
                    "to sum to its number; values may repeat.",
    "sandwich": "Sandwiches: the values between the 1 and the {n} of a row or column sum to "
                "the number outside it.",
    "even": "Grey squares hold even values.",
    "odd": "Grey circles hold odd values.",
    "renban": "Pink lines hold different values that form a run of consecutive numbers, in "
              "any order.",
}


def outline(cells, n: int, inset: float = INSET) -> list[list[tuple[float, float]]]:
    """The inset outline of a set of cells of an n x n grid: closed loops of corner points
    (x, y) in cells (x = column, y = row, 0..n), clockwise on the screen (y down)."""
    cage = set(cells)

    def has(r, k):
        return 0 <= r < n and 0 <= k < n and r * n + k in cage

    def inside(i, j):          # part (i, j): row i//3 part i%3, column j//3 part j%3
        r, a = divmod(i, 3)
        k, b = divmod(j, 3)
        if not has(r, k):
            return False
        dr, dk = (-1 if a == 0 else 1 if a == 2 else 0), (-1 if b == 0 else 1 if b == 2 else 0)
        return (not dr or has(r + dr, k)) and (not dk or has(r, k + dk)) and \
            (not (dr and dk) or has(r + dr, k + dk))

    # directed edges between lattice points (X, Y) = (column line, row line), interior on
    # the right: top sides left to right, right sides downwards, and so on
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    rows = sorted({3 * (c // n) + a for c in cage for a in range(3)})
    cols = sorted({3 * (c % n) + b for c in cage for b in range(3)})
    for i in rows:
        for j in cols:
            if not inside(i, j):
                continue
            for (di, dj), start, end in (((-1, 0), (j, i), (j + 1, i)),
                                         ((0, 1), (j + 1, i), (j + 1, i + 1)),
                                         ((1, 0), (j + 1, i + 1), (j, i + 1)),
                                         ((0, -1), (j, i + 1), (j, i))):
                ii, jj = i + di, j + dj
                if not (0 <= ii < 3 * n and 0 <= jj < 3 * n and inside(ii, jj)):
                    edges.setdefault(start, []).append(end)
    loops = []
    while edges:
        first = min(edges)
        loop = [first]
        point, heading = first, None
        while True:
            ends = edges[point]
            end = _turn(point, heading, ends)
            ends.remove(end)
            if not ends:
                del edges[point]
            heading = (end[0] - point[0], end[1] - point[1])
            point = end
            if point == first:
                break
            loop.append(point)
        loops.append([(_at(x, inset), _at(y, inset)) for x, y in _corners(loop)])
    return loops


def _turn(point, heading, ends):
    """The next point from point: the only one, or (where two loops touch at a corner) the
    rightmost turn, which keeps each loop apart."""
    if len(ends) == 1 or heading is None:
        return min(ends)

    def rank(end):
        dx, dy = end[0] - point[0], end[1] - point[1]
        cross = heading[0] * dy - heading[1] * dx     # > 0: a right turn (y down)
        return (-cross, -(heading[0] * dx + heading[1] * dy))
    return min(ends, key=rank)


def _corners(loop):
    """The loop without the points where it runs straight on."""
    out = []
    m = len(loop)
    for k, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[k - 1], loop[(k + 1) % m]
        if (x - px) * (ny - y) - (y - py) * (nx - x) != 0:
            out.append((x, y))
    return out


def _at(line: int, inset: float) -> float:
    """The position (in cells) of lattice line 3k + s: k, k + inset, k + 1 - inset."""
    k, s = divmod(line, 3)
    return k + (0.0, inset, 1.0 - inset)[s]


# --- outside the grid ---------------------------------------------------------------------


def _clue_cell(cells, n: int) -> tuple[int, int]:
    """(row, col) of the place outside the grid a little killer's clue sits in (-1 or n on
    one axis at least), and its direction (dr, dc) into the grid."""
    r0, c0 = divmod(cells[0], n)
    if len(cells) > 1:
        r1, c1 = divmod(cells[1], n)
        dr, dc = r1 - r0, c1 - c0
    else:
        dr, dc = (1 if r0 == 0 else -1), (1 if c0 == 0 else -1)
    return (r0 - dr, c0 - dc), (dr, dc)


def margins(geom) -> tuple[float, float, float, float]:
    """(top, right, bottom, left): the room (in cells) the outside clues need on each side."""
    n = geom.size
    top = right = bottom = left = 0.0
    room = 0.75
    for kind, cells, _ in geom.constraints:
        if kind == "sandwich":
            if cells[0] // n == cells[-1] // n:
                left = room
            else:
                top = room
        elif kind == "littlekiller":
            (r, c), _ = _clue_cell(cells, n)
            top = room if r < 0 else top
            bottom = room if r >= n else bottom
            left = room if c < 0 else left
            right = room if c >= n else right
    return top, right, bottom, left


def draw_outside(sc, lay, geom, col) -> None:
    """Little-killer totals with their small arrows, and sandwich totals, outside the grid."""
    n, c = lay.n, lay.c
    size = 0.34 * c
    for kind, cells, value in geom.constraints:
        if kind == "sandwich":
            if cells[0] // n == cells[-1] // n:      # a row: left of it
                x, y = lay.left - 0.375 * c, lay.top + (cells[0] // n + 0.5) * c
            else:                                     # a column: above it
                x, y = lay.left + (cells[0] % n + 0.5) * c, lay.top - 0.375 * c
            sc.text(x, y + 0.36 * size, str(value), size, col["clue"], bold=True)
        elif kind == "littlekiller":
            (r, k), (dr, dc) = _clue_cell(cells, n)
            # the corner of the first cell that faces the clue; the number sits half a cell
            # out from it, the arrow runs from there towards the corner
            x0 = lay.left + (k + 1 if dc > 0 else k) * c
            y0 = lay.top + (r + 1 if dr > 0 else r) * c
            ux, uy = dc * 0.5 * c, dr * 0.5 * c
            tx, ty = x0 - ux * 0.75, y0 - uy * 0.75
            sc.text(tx - ux * 0.35, ty - uy * 0.35 + 0.36 * size, str(value), size * 0.9,
                    col["clue"], bold=True)
            sc.arrow(tx, ty, x0 - ux * 0.12, y0 - uy * 0.12, col["clue"], width=1.2,
                     head=0.07 * c)


# --- in the grid ----------------------------------------------------------------------------


def draw_parity(sc, lay, geom, col) -> None:
    """Grey squares on even cells and grey circles on odd ones (under the values)."""
    c = lay.c
    for kind, cells, _ in geom.constraints:
        if kind not in ("even", "odd"):
            continue
        for cell in cells:
            x, y = lay.corner(cell)
            if kind == "even":
                sc.rect(x + 0.2 * c, y + 0.2 * c, 0.6 * c, 0.6 * c, fill=col["parity"])
            else:
                sc.circle(x + c / 2, y + c / 2, 0.32 * c, fill=col["parity"])


def cages(geom):
    """(cells, total or 0) of each cage to outline: killer cages, then the extra units smaller
    than N that are not a cage or a renban line (jigsaw-like extra regions)."""
    out = [(cells, value) for kind, cells, value in geom.constraints if kind == "killer"]
    seen = {cells for cells, _ in out}
    for name, cells in zip(geom.unit_names[geom.nfull:], geom.units[geom.nfull:]):
        if cells not in seen and not name.startswith(("killer cage", "renban line")):
            out.append((cells, 0))
    return out


def draw_cages(sc, lay, geom, col, fills) -> None:
    """Cage outlines (dashed, inset) and their totals; fills: {cell: the colour under it}."""
    c = lay.c
    size = 0.25 * c
    for cells, total in cages(geom):
        for loop in outline(cells, lay.n):
            sc.path([(lay.left + x * c, lay.top + y * c) for x, y in loop], closed=True,
                    stroke=col["cage"], width=1.0, dash=(3, 2))
        if total:
            x, y = lay.corner(min(cells))
            word = str(total)
            sc.rect(x + 0.03 * c, y + 0.03 * c, text_width(word, size) + 0.06 * c, size * 1.05,
                    fill=fills.get(min(cells), col["background"]))
            sc.text(x + 0.06 * c, y + 0.03 * c + size * 0.85, word, size, col["cage"],
                    anchor="start")


def draw_arrows(sc, lay, geom, col) -> None:
    """Arrows: the circle (or pill) and the shaft with its head."""
    c = lay.c
    r = 0.4 * c
    width = max(1.2, 0.05 * c)
    for kind, cells, m in geom.constraints:
        if kind != "arrow":
            continue
        circle = [_centre(lay, cell) for cell in cells[:m]]
        _pill(sc, circle, r, col["arrow"], width)
        shaft = [_centre(lay, cell) for cell in cells[m:]]
        near = min(circle, key=lambda p: (p[0] - shaft[0][0]) ** 2 + (p[1] - shaft[0][1]) ** 2)
        dx, dy = shaft[0][0] - near[0], shaft[0][1] - near[1]
        d = (dx * dx + dy * dy) ** 0.5
        start = (near[0] + dx / d * r, near[1] + dy / d * r)
        pts = [start] + shaft
        sc.path(pts, stroke=col["arrow"], width=width)
        (ax, ay), (bx, by) = pts[-2], pts[-1]
        dx, dy = bx - ax, by - ay
        d = (dx * dx + dy * dy) ** 0.5 or 1.0
        ux, uy, h = dx / d, dy / d, 0.2 * c
        sc.path([(bx - ux * h - uy * h * 0.8, by - uy * h + ux * h * 0.8), (bx, by),
                 (bx - ux * h + uy * h * 0.8, by - uy * h - ux * h * 0.8)],
                stroke=col["arrow"], width=width)


def _centre(lay, cell: int) -> tuple[float, float]:
    x, y = lay.corner(cell)
    return x + lay.c / 2, y + lay.c / 2


def _pill(sc, centres, r, colour, width) -> None:
    """A circle round one centre; round two or three in a line, a pill (two half circles
    joined by straight sides); any other shape, a circle round each."""
    if len(centres) == 1 or not _in_line(centres):
        for x, y in centres:
            sc.circle(x, y, r, stroke=colour, width=width)
        return
    (x1, y1), (x2, y2) = min(centres), max(centres)
    dx, dy = x2 - x1, y2 - y1
    d = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / d, dy / d
    pts = []
    steps = 12
    for (cx, cy), base in (((x2, y2), math.atan2(-ux, uy)), ((x1, y1), math.atan2(ux, -uy))):
        for k in range(steps + 1):     # a half circle round this end, from one side to the other
            a = base + math.pi * k / steps
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    sc.path(pts, closed=True, stroke=colour, width=width)


def _in_line(centres) -> bool:
    xs, ys = {round(x, 3) for x, _ in centres}, {round(y, 3) for _, y in centres}
    return len(xs) == 1 or len(ys) == 1


def notes(geom) -> list[str]:
    """Caption lines for the rules over many cells the geometry has."""
    kinds = {kind for kind, _, _ in geom.constraints}
    return [_NOTES[kind].format(n=geom.size) for kind in
            ("killer", "arrow", "littlekiller", "sandwich", "even", "odd", "renban")
            if kind in kinds]
