"""Drawing a geometry's constraints: thermometers, whisper and palindrome lines, kropki dots,
X and V, in the SudokuPad manner.

    thermometer   a grey bulb (a disc 0.38 of a cell) and a grey stem 0.3 of a cell wide
                  through the cell centres, under the grid lines and the values
    whisper       a green line 0.14 of a cell wide; palindrome: a purple one; renban: a
                  pink one 0.22 of a cell wide
    white dot     a small white disc outlined in black on the edge between two cells (a
                  difference other than 1 is written in it); black dot: a black disc (a
                  ratio other than 2 written in white)
    X / V         the letter on the edge, on a small white disc; other sums as a number

Lines go under the grid lines (drawn before them), dots and letters over them (after).
The negative rules and the meaning of each kind present go into the caption.
"""

from __future__ import annotations

__all__ = ["draw_lines", "draw_dots", "notes"]

_LINE_STYLE = {"thermo": ("thermo", 0.30), "whisper": ("whisper", 0.14),
               "palindrome": ("palindrome", 0.14), "renban": ("renban", 0.22)}

_NOTES = {
    "thermo": "Thermometers: values rise from the bulb.",
    "whisper": "Green lines: neighbours on a line differ by {value} or more.",
    "palindrome": "Purple lines read the same both ways.",
    "diff": "White dots: the two values differ by 1 (a number: by that much).",
    "ratio": "Black dots: one value is twice the other (a number: that many times).",
    "sum": "X: the two values sum to 10; V: to 5 (a number: to that sum).",
    "nonconsecutive": "Nonconsecutive: side-by-side cells without a white dot never differ by 1.",
    "negative-ratio": "All black dots are given: side-by-side cells without one are never 1:2.",
    "negative-xv": "All X and V are given: side-by-side cells without one never sum to 5 or 10.",
}


def _centre(lay, cell: int) -> tuple[float, float]:
    x, y = lay.corner(cell)
    return x + lay.c / 2, y + lay.c / 2


def draw_lines(sc, lay, geom, col) -> None:
    """Thermometers, whisper, palindrome and renban lines (before the grid lines)."""
    c = lay.c
    for kind, cells, _ in geom.constraints:
        if kind not in _LINE_STYLE:
            continue
        colour, width = _LINE_STYLE[kind]
        pts = [_centre(lay, cell) for cell in cells]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            sc.line(x1, y1, x2, y2, col[colour], width * c, cap="round")
        if kind == "thermo":
            sc.circle(pts[0][0], pts[0][1], 0.38 * c, fill=col[colour])


def draw_dots(sc, lay, geom, col) -> None:
    """Kropki dots, X and V, and other pair numbers, on the edge between their two cells."""
    c = lay.c
    r = 0.12 * c
    for kind, cells, value in geom.constraints:
        if kind not in ("diff", "ratio", "sum"):
            continue
        (x1, y1), (x2, y2) = (_centre(lay, cell) for cell in cells)
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        if kind == "sum":
            word = {10: "X", 5: "V"}.get(value, str(value))
            size = 0.36 * c if len(word) == 1 else 0.28 * c
            sc.circle(x, y, 0.17 * c, fill=col["background"])
            sc.text(x, y + 0.36 * size, word, size, col["dot"], bold=True)
            continue
        black = kind == "ratio"
        shown = "" if value == (2 if black else 1) else str(value)
        radius = r if not shown else 0.16 * c
        sc.circle(x, y, radius, fill=col["dot"] if black else col["background"],
                  stroke=col["dot"], width=1.2)
        if shown:
            size = 0.2 * c
            sc.text(x, y + 0.36 * size, shown, size,
                    col["background"] if black else col["dot"], bold=True)


def notes(geom) -> list[str]:
    """Caption lines for the constraint kinds and negative rules the geometry has."""
    out = []
    kinds = {kind: value for kind, _, value in geom.constraints}
    for kind in ("thermo", "whisper", "palindrome", "diff", "ratio", "sum"):
        if kind in kinds:
            out.append(_NOTES[kind].format(value=kinds[kind]))
    out += [_NOTES[r] for r in geom.rules if r in _NOTES]
    return out
