"""Drawing a grid into a Scene: regions, rules, values, candidates and a step's pattern.

The drawing takes plain data -- a geometry (sizes, regions, rules, extra units), the values,
the givens and the candidate masks -- and never a Grid or a State, so that Grid and State
can draw themselves (their Jupyter reprs) without an import circle; sudokit.render turns
its inputs into this data.

The look follows SudokuPad: thin 1-unit cell lines, 3-unit region borders (a jigsaw's
irregular regions the same way), dashed cage outlines inset 0.08 of a cell, candidates as
small marks in a corner grid (3x3 positions for 9 values, 2x3 for 6, 4x4 for 16, ...).
Givens are black and bold, placed values blue; X diagonals are thin blue lines; windoku
windows and extra full units are shaded grey; thermometers, lines, kropki dots, X and V as
in ``_lines``; killer cages (and smaller extra units), arrows, little killers, sandwiches,
even and odd cells as in ``_sums``; anti-knight, anti-king, disjoint groups and the
negative rules are named in a caption under the grid.

    cell C units (40 up to 9x9, 32 beyond), a pad of 6 units around everything:
      +--------------------------------+
      | title (when given)             |
      |    c1  c2 ...    (coordinates) |
      |      12   (outside clues)      |
      | r1 +--+--+--                    |
      |    |  |  |      the grid        |
      | caption: the rules not drawn    |
      +--------------------------------+
"""

from __future__ import annotations

import math

from . import _sums
from ._lines import draw_dots, draw_lines, notes as _constraint_notes
from ._scene import Scene, wrap
from ._step import plan

__all__ = ["COLORS", "picture", "check_colors", "rules_text"]

COLORS = {
    "background": "#ffffff", "line": "#808080", "region": "#000000", "given": "#000000",
    "placed": "#1d5fbf", "candidate": "#555555", "highlight": "#fff1a6", "unit": "#edf3fb",
    "pattern": "#d2e3f8", "fin": "#e3cdf2", "extra": "#e2e2e2", "diagonal": "#7d9bd1",
    "cage": "#404040", "eliminated": "#d62828", "eliminated_fill": "#f9c9c9",
    "placement": "#1d8a3a", "placement_fill": "#c8ebcc", "chain_on": "#8fd694",
    "chain_off": "#8db6ec", "mark": "#8db6ec", "link": "#c2410c", "text": "#000000", "label": "#606060",
    "color1": "#b9e3a6", "color2": "#f7c68f", "color3": "#a9c9f2", "color4": "#f2b0cb",
    "thermo": "#c8c8c8", "whisper": "#5fb84f", "palindrome": "#b39ddb", "dot": "#000000",
    "renban": "#e08ae8", "arrow": "#9a9a9a", "parity": "#d4d4d4", "clue": "#000000",
}
"""The colour of each part ('#rrggbb'); ``colors=`` overrides any of them by name."""

_RULE_NOTES = {
    "antiknight": "Anti-knight: cells a knight's move apart hold different values.",
    "antiking": "Anti-king: cells that touch, diagonally too, hold different values.",
    "disjoint": "Disjoint groups: cells at the same place in their boxes hold different values.",
    "windoku": "Windoku: each shaded window holds every value once.",
    "x": "X: each long diagonal holds every value once.",
    "diagonal": "Diagonal: the long diagonal from the top left holds every value once.",
    "antidiagonal": "Anti-diagonal: the long diagonal from the top right holds every value once.",
}


_MARK_FILL = {"eliminated": "eliminated_fill", "placement": "placement_fill", "pattern": "mark"}


def check_colors(colors) -> dict:
    """COLORS with the overrides of colors (a dict name -> '#rgb' or '#rrggbb');
    ValueError names an unknown part or a colour that is not written so."""
    out = dict(COLORS)
    if colors is None:
        return out
    if not isinstance(colors, dict):
        raise TypeError(f"colors= takes a dict of part -> '#rrggbb', not {type(colors).__name__}")
    for name in sorted(colors):
        if name not in COLORS:
            raise ValueError(f"unknown colour part {name!r}; parts: {', '.join(sorted(COLORS))}")
        value = colors[name]
        hexdigits = value[1:] if isinstance(value, str) and value.startswith("#") else ""
        if len(hexdigits) not in (3, 6) or any(ch not in "0123456789abcdefABCDEF" for ch in hexdigits):
            raise ValueError(f"colour {name!r} must be written '#rgb' or '#rrggbb', not {value!r}")
        if len(hexdigits) == 3:
            hexdigits = "".join(ch * 2 for ch in hexdigits)
        out[name] = "#" + hexdigits.lower()
    return out


def _symbol(v: int, n: int) -> str:
    from ..symbols import DEFAULT
    return DEFAULT.symbols[v - 1] if n <= len(DEFAULT.symbols) else str(v)


class _Layout:
    """Where things go: the grid's corner, the cell size, the candidate positions."""

    def __init__(self, n: int, *, coordinates: bool, title: "str | None", caption: list[str],
                 outside=(0.0, 0.0, 0.0, 0.0)):
        self.n = n
        self.c = c = 40.0 if n <= 9 else 32.0
        pad = 6.0
        # outside: (top, right, bottom, left) cells of margin for the clues outside the grid
        self.out = out_t, out_r, out_b, out_l = tuple(k * c for k in outside)
        self.label = 0.5 * c if coordinates else 0.0
        self.title_h = 0.75 * c if title else 0.0
        self.font = 0.3 * c                      # caption and title text
        self.left = pad + self.label + out_l
        self.top = pad + self.title_h + self.label + out_t
        self.side = n * c
        self.width = 2 * pad + self.label + out_l + self.side + out_r
        self.bottom = self.top + self.side + out_b  # the grid's foot, its clues under it
        self.caption = []
        for note in caption:
            self.caption += wrap(note, self.font, self.width - 2 * pad)
        self.height = self.bottom + pad + \
            (len(self.caption) * self.font * 1.35 + self.font * 0.4 if self.caption else 0.0)
        self.mc = math.ceil(math.sqrt(n))        # candidate positions: mc columns, mr rows
        self.mr = math.ceil(n / self.mc)

    def corner(self, cell: int) -> tuple[float, float]:
        r, col = divmod(cell, self.n)
        return self.left + col * self.c, self.top + r * self.c

    def mark(self, cell: int, value: int) -> tuple[float, float]:
        """The centre of value's candidate position in cell."""
        x, y = self.corner(cell)
        k = value - 1
        return (x + (k % self.mc + 0.5) * self.c / self.mc,
                y + (k // self.mc + 0.5) * self.c / self.mr)

    def mark_size(self, n: int) -> float:
        return min(self.c / self.mc, self.c / self.mr) * (0.64 if n <= 35 else 0.5)


def _captions(geom) -> list[str]:
    notes = [_RULE_NOTES[r] for r in geom.rules if r in ("antiknight", "antiking", "disjoint")]
    if geom.extra_pairs:
        notes.append(f"{len(geom.extra_pairs)} extra pairs of cells hold different values "
                     "(not drawn).")
    notes += _constraint_notes(geom)
    notes += _sums.notes(geom)
    if geom.extra_links:
        notes.append("Weak links between candidates apply (not drawn).")
    return notes


def rules_text(geom) -> list[str]:
    """The rules of a geometry in plain sentences, the drawn ones too: the first says where
    each value goes, the others are the captions' sentences (what the page shows)."""
    from ..symbols import DEFAULT
    n = geom.size
    top = DEFAULT.symbols[n - 1] if n <= len(DEFAULT.symbols) else str(n)
    regions = f"{geom.box[0]}x{geom.box[1]} box" if geom.box else "outlined region"
    out = [f"Place 1 to {top} once in each row, column and {regions}."]
    out += [_RULE_NOTES[r] for r in geom.rules if r in _RULE_NOTES
            and r not in ("antiknight", "antiking", "disjoint")]
    if any(name.startswith("unit") for name in geom.unit_names[3 * n:]):
        out.append("Each extra outlined region holds every value once.")
    return out + _captions(geom)


def picture(geom, values, givens, candidates=None, *, step=None, highlight=(), colors=None,
            coordinates: bool = False, title: "str | None" = None, marks=None) -> Scene:
    """The Scene of a grid.

    geom: a sudokit Geometry; values, givens: N*N ints (0 empty); candidates: N*N masks
    (bit v-1: v possible) to draw as pencil marks, or None; step: a Step whose pattern is
    drawn (its eliminated candidates are drawn even without candidates); highlight: cells
    to shade; colors: overrides of COLORS (check_colors); coordinates: r1.. and c1..
    labels; title: a line above the grid; marks: a player's pencil marks as the page
    draws them, (corner, centre): N*N lists of values each (corner marks in the cell's
    corners, centre marks in a line across its middle), drawn in the placed colour.
    """
    n = geom.size
    col = check_colors(colors)
    lay = _Layout(n, coordinates=coordinates, title=title, caption=_captions(geom),
                  outside=_sums.margins(geom))
    sc = Scene(lay.width, lay.height)
    sc.rect(0, 0, lay.width, lay.height, fill=col["background"])
    steps = plan(step, geom) if step is not None else None
    fills = _fills(sc, lay, geom, col, highlight, steps)
    _diagonals(sc, lay, geom, col)
    _sums.draw_parity(sc, lay, geom, col)
    draw_lines(sc, lay, geom, col)
    _lines(sc, lay, geom, col)
    _sums.draw_arrows(sc, lay, geom, col)
    draw_dots(sc, lay, geom, col)
    _sums.draw_cages(sc, lay, geom, col, fills)
    _sums.draw_outside(sc, lay, geom, col)
    _values(sc, lay, values, givens, col, steps)
    _candidates(sc, lay, values, candidates, col, steps)
    if marks is not None:
        labelled = {min(cells) for cells, total in _sums.cages(geom) if total}
        _player_marks(sc, lay, values, marks, col, labelled)
    if steps is not None:
        _arrows(sc, lay, col, steps)
    _labels(sc, lay, col, coordinates, title)
    return sc


def _fills(sc, lay, geom, col, highlight, steps) -> dict:
    """Shade the cells; returns {cell: its fill} (cells not in it: the background)."""
    n = lay.n
    fill: dict[int, str] = {}
    for name, cells in zip(geom.unit_names, geom.units):
        if name.startswith("window") or (name.startswith("unit") and len(cells) == n):
            for c in cells:
                fill[c] = col["extra"]
    layers = list(steps.fills) if steps is not None else []
    unit_layer = [f for f in layers if f[1] == "unit"]
    for cells, key in unit_layer:
        for c in cells:
            fill[c] = col[key]
    for c in highlight:
        fill[c] = col["highlight"]
    for cells, key in layers:
        if key != "unit":
            for c in cells:
                fill[c] = col[key]
    for c in sorted(fill):
        x, y = lay.corner(c)
        sc.rect(x, y, lay.c, lay.c, fill=fill[c])
    return fill


def _diagonals(sc, lay, geom, col) -> None:
    x0, y0, s = lay.left, lay.top, lay.side
    if "x" in geom.rules or "diagonal" in geom.rules:
        sc.line(x0, y0, x0 + s, y0 + s, col["diagonal"], 1.5)
    if "x" in geom.rules or "antidiagonal" in geom.rules:
        sc.line(x0 + s, y0, x0, y0 + s, col["diagonal"], 1.5)


def _runs(edges: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """(line, start, end) runs of unit edges (line, k, k+1) merged where they touch."""
    out: list[list[int]] = []
    for line, a, b in sorted(edges):
        if out and out[-1][0] == line and out[-1][2] == a:
            out[-1][2] = b
        else:
            out.append([line, a, b])
    return [tuple(r) for r in out]


def _lines(sc, lay, geom, col) -> None:
    """Thin cell lines, then thick region borders (merged into runs) and the outer border."""
    n, c, x0, y0 = lay.n, lay.c, lay.left, lay.top
    for k in range(1, n):
        sc.line(x0 + k * c, y0, x0 + k * c, y0 + lay.side, col["line"], 1.0)
        sc.line(x0, y0 + k * c, x0 + lay.side, y0 + k * c, col["line"], 1.0)
    reg = geom.regions
    vertical, horizontal = [], []
    for r in range(n):
        for k in range(1, n):
            if reg[r * n + k - 1] != reg[r * n + k]:
                vertical.append((k, r, r + 1))
            if reg[(k - 1) * n + r] != reg[k * n + r]:
                horizontal.append((k, r, r + 1))
    for k, a, b in _runs(vertical):
        sc.line(x0 + k * c, y0 + a * c, x0 + k * c, y0 + b * c, col["region"], 3.0, cap="square")
    for k, a, b in _runs(horizontal):
        sc.line(x0 + a * c, y0 + k * c, x0 + b * c, y0 + k * c, col["region"], 3.0, cap="square")
    sc.rect(x0, y0, lay.side, lay.side, stroke=col["region"], width=3.0)


def _values(sc, lay, values, givens, col, steps) -> None:
    n, c = lay.n, lay.c
    for cell, v in enumerate(values):
        if not v:
            continue
        sym = _symbol(v, n)
        size = c * (0.62 if len(sym) == 1 else 0.46)
        x, y = lay.corner(cell)
        given = givens[cell] == v
        sc.text(x + c / 2, y + c / 2 + 0.36 * size, sym, size,
                col["given"] if given else col["placed"], bold=given)


def _candidates(sc, lay, values, candidates, col, steps) -> None:
    """Candidate marks; a step's marks circled (eliminated ones struck out), its
    placements drawn as big green values when no candidates are drawn."""
    n, c = lay.n, lay.c
    marks = steps.marks if steps is not None else {}
    size = lay.mark_size(n)
    r = min(c / lay.mc, c / lay.mr) * 0.45
    shown: list[tuple[int, int]] = []
    if candidates is not None:
        for cell, m in enumerate(candidates):
            if values[cell] or not m:
                continue
            shown += [(cell, v) for v in range(1, n + 1) if m >> (v - 1) & 1]
    have = set(shown)
    for (cell, v), key in sorted(marks.items()):
        if key == "eliminated" and (cell, v) not in have and not values[cell]:
            shown.append((cell, v))  # an eliminated candidate is shown even without marks
            have.add((cell, v))
    for cell, v in sorted(shown):
        x, y = lay.mark(cell, v)
        key = marks.get((cell, v))
        text_color = col["candidate"]
        if key is not None:
            fill = col[_MARK_FILL.get(key, key)]
            sc.circle(x, y, r, fill=fill, stroke=col["eliminated"] if key == "eliminated"
                      else col["placement"] if key == "placement" else None, width=0.8)
            if key in ("eliminated", "placement"):
                text_color = col[key]
        sym = _symbol(v, n)
        s = size if len(sym) == 1 else size * 0.75
        sc.text(x, y + 0.36 * s, sym, s, text_color, bold=key in ("eliminated", "placement"))
        if key == "eliminated":
            sc.line(x - r * 0.8, y + r * 0.8, x + r * 0.8, y - r * 0.8, col["eliminated"], 1.0)
    for (cell, v), key in sorted(marks.items()):
        if key == "placement" and (cell, v) not in have and not values[cell]:
            sym = _symbol(v, n)
            big = c * (0.62 if len(sym) == 1 else 0.46)
            x, y = lay.corner(cell)
            sc.text(x + c / 2, y + c / 2 + 0.36 * big, sym, big, col["placement"], bold=True)


# corner mark positions, as the page places them: the four corners, then the edge middles,
# then the middle (column, row of a 3x3 layout)
_CORNERS = ((0, 0), (2, 0), (0, 2), (2, 2), (1, 0), (1, 2), (0, 1), (2, 1), (1, 1))


def _player_marks(sc, lay, values, marks, col, labelled=frozenset()) -> None:
    """A player's corner and centre marks (empty cells only), in the placed colour;
    labelled: cells whose top-left corner holds a cage's total (their marks start at the
    next corner)."""
    from ._scene import text_width
    n, c = lay.n, lay.c
    corner, centre = marks
    small = c * 0.24
    for cell in range(n * n):
        if values[cell]:
            continue
        x, y = lay.corner(cell)
        got = corner[cell]
        places = _CORNERS[1:] if cell in labelled else _CORNERS
        if got and len(got) <= len(places):
            for v, (cx, cy) in zip(got, places):
                sc.text(x + c * (0.18 + cx * 0.32), y + c * (0.27 + cy * 0.32), _symbol(v, n),
                        small, col["placed"])
        elif got:
            sc.text(x + c * 0.06, y + c * (0.55 if cell in labelled else 0.27),
                    "".join(_symbol(v, n) for v in got), small * 0.8, col["placed"],
                    anchor="start")
        got = centre[cell]
        if got:
            text = "".join(_symbol(v, n) for v in got)
            size = min(c * 0.3, c * 0.86 / max(text_width(text, 1.0), 0.01))
            sc.text(x + c / 2, y + c / 2 + 0.36 * size, text, size, col["placed"])


def _arrows(sc, lay, col, steps) -> None:
    c = lay.c
    r = min(c / lay.mc, c / lay.mr) * 0.45

    def where(node):
        cells, v = node
        pts = [lay.mark(cell, v) for cell in cells]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    for a, b, kind in steps.arrows:
        (x1, y1), (x2, y2) = where(a), where(b)
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5
        if length <= 2 * r:
            continue
        ux, uy = dx / length, dy / length
        bend = 0.0 if length < c else 0.12
        sc.arrow(x1 + ux * r, y1 + uy * r, x2 - ux * r, y2 - uy * r, col["link"],
                 width=1.4 if kind == "strong" else 1.1,
                 dash=() if kind == "strong" else (3, 2.5), bend=bend, head=c * 0.09)


def _labels(sc, lay, col, coordinates: bool, title) -> None:
    n, c = lay.n, lay.c
    if title:
        sc.text(lay.left + lay.side / 2, 6 + lay.title_h * 0.7, title, lay.font * 1.5,
                col["text"], bold=True)
    out_t, _, _, out_l = lay.out
    if coordinates:
        size = lay.label * 0.55
        for k in range(n):
            sc.text(lay.left + (k + 0.5) * c, lay.top - out_t - lay.label * 0.35, f"c{k + 1}",
                    size, col["label"])
            sc.text(lay.left - out_l - lay.label * 0.15, lay.top + (k + 0.5) * c + 0.36 * size,
                    f"r{k + 1}", size, col["label"], anchor="end")
    y = lay.bottom + lay.font * 1.35
    for line in lay.caption:
        sc.text(lay.left - out_l - lay.label, y, line, lay.font, col["text"], anchor="start")
        y += lay.font * 1.35
