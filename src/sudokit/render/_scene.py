"""The display list: what a picture is made of, drawn once and written by every backend.

    Scene(width, height)           user units; x to the right, y DOWN (as SVG); 1 unit is
                                   1 px in SVG and 1 pt in PDF
    items, in paint order (each a tuple whose first field names the kind):
      ("rect", x, y, w, h, fill, stroke, width)             fill/stroke: '#rrggbb' or None
      ("line", x1, y1, x2, y2, color, width, dash, cap)     dash: () solid or (on, off);
                                                            cap: 'butt' or 'square'
      ("poly", ((x, y), ...), fill)                         a closed, filled polygon
      ("circle", cx, cy, r, fill, stroke, width)
      ("text", x, y, text, size, color, bold, anchor)       y is the baseline; anchor:
                                                            'start', 'middle' or 'end'
      ("curve", x1, y1, cx, cy, x2, y2, color, width, dash) a quadratic Bezier
      ("path", ((x, y), ...), closed, fill, stroke, width, dash)
                                                            straight segments through the
                                                            points (closed: back to the
                                                            first), round joins

Text is measured with the widths of the PDF base-14 fonts Helvetica and Helvetica-Bold
(Adobe's AFM metrics, ASCII), so that centred and wrapped text sits the same in SVG (which
asks for Helvetica, then Arial, both of those metrics) and PDF.

Numbers are written by ``num``: rounded to 2 decimals, no trailing zeros, never '-0', so
the same scene gives the same bytes on every run and platform.

Rejected: SVG markers and CSS for arrow heads and styles: the PDF writer would need a
second description of them; arrow heads are plain polygons here.
"""

from __future__ import annotations

__all__ = ["Scene", "num", "text_width", "wrap"]


def num(x: float) -> str:
    """x rounded to 2 decimals, without trailing zeros ('12', '3.5', '-0.25')."""
    text = f"{round(float(x), 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# Helvetica and Helvetica-Bold widths (1/1000 em) of ASCII 32..126, from the AFM files of
# the base-14 fonts (WinAnsi: 39 is quotesingle, 96 grave).
_HELV = (278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
         556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
         1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
         667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
         333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
         556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584)
_BOLD = (278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
         556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
         975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
         667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
         333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
         611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of text set in Helvetica (or Helvetica-Bold) at size."""
    table = _BOLD if bold else _HELV
    total = 0
    for ch in text:
        k = ord(ch) - 32
        total += table[k] if 0 <= k < len(table) else 556
    return total * size / 1000.0


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """text broken into lines (at spaces) no wider than width (a longer word stands alone)."""
    lines: list[str] = []
    for para in text.split("\n"):
        current = ""
        for word in para.split():
            trial = f"{current} {word}" if current else word
            if current and text_width(trial, size, bold) > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines


class Scene:
    """A picture: its size and its items in paint order (see the module docstring)."""

    __slots__ = ("width", "height", "items")

    def __init__(self, width: float, height: float):
        self.width, self.height = float(width), float(height)
        self.items: list[tuple] = []

    def rect(self, x, y, w, h, fill=None, stroke=None, width=1.0) -> None:
        self.items.append(("rect", x, y, w, h, fill, stroke, width))

    def line(self, x1, y1, x2, y2, color="#000000", width=1.0, dash=(), cap="butt") -> None:
        self.items.append(("line", x1, y1, x2, y2, color, width, tuple(dash), cap))

    def poly(self, points, fill) -> None:
        self.items.append(("poly", tuple((float(x), float(y)) for x, y in points), fill))

    def circle(self, cx, cy, r, fill=None, stroke=None, width=1.0) -> None:
        self.items.append(("circle", cx, cy, r, fill, stroke, width))

    def text(self, x, y, text, size, color="#000000", bold=False, anchor="middle") -> None:
        self.items.append(("text", x, y, str(text), size, color, bool(bold), anchor))

    def curve(self, x1, y1, cx, cy, x2, y2, color="#000000", width=1.0, dash=()) -> None:
        self.items.append(("curve", x1, y1, cx, cy, x2, y2, color, width, tuple(dash)))

    def path(self, points, *, closed=False, fill=None, stroke=None, width=1.0, dash=()) -> None:
        """Straight segments through points; closed: back to the first (a cage's outline)."""
        self.items.append(("path", tuple((float(x), float(y)) for x, y in points), bool(closed),
                           fill, stroke, width, tuple(dash)))

    def embed(self, other: "Scene", x: float, y: float, scale: float = 1.0) -> None:
        """Paint other here, its top-left corner at (x, y), every length times scale."""
        def p(a, b):
            return x + a * scale, y + b * scale
        for it in other.items:
            kind = it[0]
            if kind == "rect":
                self.items.append(("rect", *p(it[1], it[2]), it[3] * scale, it[4] * scale,
                                   it[5], it[6], it[7] * scale))
            elif kind == "line":
                self.items.append(("line", *p(it[1], it[2]), *p(it[3], it[4]), it[5],
                                   it[6] * scale, tuple(d * scale for d in it[7]), it[8]))
            elif kind == "poly":
                self.items.append(("poly", tuple(p(a, b) for a, b in it[1]), it[2]))
            elif kind == "circle":
                self.items.append(("circle", *p(it[1], it[2]), it[3] * scale, it[4], it[5],
                                   it[6] * scale))
            elif kind == "text":
                self.items.append(("text", *p(it[1], it[2]), it[3], it[4] * scale, it[5],
                                   it[6], it[7]))
            elif kind == "curve":
                self.items.append(("curve", *p(it[1], it[2]), *p(it[3], it[4]),
                                   *p(it[5], it[6]), it[7], it[8] * scale,
                                   tuple(d * scale for d in it[9])))
            elif kind == "path":
                self.items.append(("path", tuple(p(a, b) for a, b in it[1]), it[2], it[3], it[4],
                                   it[5] * scale, tuple(d * scale for d in it[6])))
            else:  # pragma: no cover - every kind is handled above
                raise ValueError(f"unknown scene item {kind!r}")

    def arrow(self, x1, y1, x2, y2, color, width=1.0, dash=(), bend=0.0, head=4.0) -> None:
        """A link from (x1, y1) to (x2, y2): a curve bent by bend (a fraction of its length,
        to the left of its direction) and a filled arrow head at the end."""
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5
        if length < 1e-6:
            return
        ux, uy = dx / length, dy / length
        cx, cy = (x1 + x2) / 2 + uy * bend * length, (y1 + y2) / 2 - ux * bend * length
        # the head points along the curve's last tangent (control point -> end)
        tx, ty = x2 - cx, y2 - cy
        t = (tx * tx + ty * ty) ** 0.5 or 1.0
        tx, ty = tx / t, ty / t
        bx, by = x2 - tx * head * 1.6, y2 - ty * head * 1.6
        self.curve(x1, y1, cx, cy, (x2 + bx) / 2, (y2 + by) / 2, color, width, dash)
        self.poly(((x2, y2), (bx + ty * head * 0.7, by - tx * head * 0.7),
                   (bx - ty * head * 0.7, by + tx * head * 0.7)), color)
