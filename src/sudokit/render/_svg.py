"""The SVG backend: a Scene written as one SVG 1.1 document (standard library only)."""

from __future__ import annotations

import re

from ._scene import Scene, num

__all__ = ["Svg", "write_svg"]


class Svg(str):
    """An SVG document (a str); Jupyter shows it inline through ``_repr_svg_``."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# what XML 1.0 forbids in a document: control characters but TAB, LF and CR; lone surrogates
# (a byte that was not UTF-8, read with surrogateescape: '\udcff' for 0xff); U+FFFE, U+FFFF
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _esc(text: str) -> str:
    """text as XML character data: markup escaped, what XML cannot hold shown as U+FFFD."""
    text = _NOT_XML.sub("\ufffd", text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _paint(fill, stroke, width) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{num(width)}"'
    return out


def _dash(dash) -> str:
    return f' stroke-dasharray="{" ".join(num(d) for d in dash)}"' if dash else ""


def write_svg(scene: Scene, *, size: "float | None" = None) -> Svg:
    """The SVG text of a scene; size: its width in px (height in proportion), None: 1 unit
    = 1 px."""
    w, h = scene.width, scene.height
    scale = 1.0 if size is None else float(size) / w
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(w * scale)}" '
           f'height="{num(h * scale)}" viewBox="0 0 {num(w)} {num(h)}" '
           f'font-family="Helvetica, Arial, sans-serif">']
    for it in scene.items:
        kind = it[0]
        if kind == "rect":
            _, x, y, rw, rh, fill, stroke, width = it
            out.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(rw)}" height="{num(rh)}"'
                       f'{_paint(fill, stroke, width)}/>')
        elif kind == "line":
            _, x1, y1, x2, y2, color, width, dash, cap = it
            out.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
                       f'stroke="{color}" stroke-width="{num(width)}"{_dash(dash)}'
                       + (f' stroke-linecap="{cap}"' if cap != "butt" else "") + "/>")
        elif kind == "poly":
            pts = " ".join(f"{num(x)},{num(y)}" for x, y in it[1])
            out.append(f'<polygon points="{pts}" fill="{it[2]}"/>')
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, width = it
            out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"'
                       f'{_paint(fill, stroke, width)}/>')
        elif kind == "text":
            _, x, y, text, size_, color, bold, anchor = it
            out.append(f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size_)}" '
                       f'fill="{color}"' + (' font-weight="bold"' if bold else "")
                       + (f' text-anchor="{anchor}"' if anchor != "start" else "")
                       + f">{_esc(text)}</text>")
        elif kind == "curve":
            _, x1, y1, cx, cy, x2, y2, color, width, dash = it
            out.append(f'<path d="M{num(x1)} {num(y1)} Q{num(cx)} {num(cy)} {num(x2)} '
                       f'{num(y2)}" fill="none" stroke="{color}" stroke-width="{num(width)}"'
                       f'{_dash(dash)}/>')
        elif kind == "path":
            _, pts, closed, fill, stroke, width, dash = it
            d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts) + ("Z" if closed else "")
            out.append(f'<path d="{d}"{_paint(fill, stroke, width)}{_dash(dash)}'
                       + (' stroke-linejoin="round"' if stroke else "") + "/>")
    out.append("</svg>")
    return Svg("\n".join(out) + "\n")
