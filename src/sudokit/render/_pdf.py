"""The PDF backend: scenes written as the pages of a minimal PDF 1.4 file (standard library).

    %PDF-1.4
    1 0 obj catalog          -> 2 0 R
    2 0 obj pages            /Kids [page objects]
    3 0 obj Helvetica        base-14 fonts: nothing embedded, WinAnsiEncoding
    4 0 obj Helvetica-Bold
    then per page: a page object and its content stream (zlib: /FlateDecode)
    xref                     the byte offset of every object (10-digit, 20-byte entries)
    trailer, startxref, %%EOF

A scene's y axis points down, PDF's up: y is written as page height - y.  Circles are four
cubic Beziers; a scene's quadratic curves are raised to cubics.  No dates, ids or other
varying data go in: the same scenes give the same bytes.

Rejected: a PDF library (reportlab, fpdf2) as an optional extra: lines, rectangles,
polygons, circles and Helvetica text are all a grid needs, about 200 lines here, with no
dependency, no version drift in the output, and a small vector file.
"""

from __future__ import annotations

import zlib

from ._scene import Scene, num, text_width

__all__ = ["write_pdf"]

_K = 0.5523  # circle: Bezier control distance / radius


def _rgb(color: str) -> str:
    h = color.lstrip("#")
    return " ".join(num(int(h[i:i + 2], 16) / 255.0) for i in (0, 2, 4))


_SUBSTITUTES = {"\u2192": "->", "\u2190": "<-", "\u2260": "!=", "\u2264": "<=",
                "\u2265": ">=", "\u00d7": "x", "\u2212": "-", "\u21d2": "=>", "\u2026": "..."}


def _pdf_string(text: str) -> str:
    """text as a PDF literal string in WinAnsiEncoding (what it cannot spell becomes '?')."""
    out = []
    for ch in text:
        ch = _SUBSTITUTES.get(ch, ch)
        try:  # (a control character draws nothing: shown as '?', as a lone surrogate is)
            raw = ch.encode("cp1252") if ch >= " " else b"?"
        except UnicodeEncodeError:
            raw = b"?"
        for b in raw:
            if b in (0x28, 0x29, 0x5C):  # ( ) \
                out.append("\\" + chr(b))
            elif 32 <= b < 127:
                out.append(chr(b))
            else:
                out.append(f"\\{b:03o}")
    return "(" + "".join(out) + ")"


def _content(scene: Scene) -> bytes:
    """The page content stream of a scene (PDF operators)."""
    h = scene.height
    ops = []

    def y(v):
        return num(h - v)

    def stroke_state(color, width, dash, cap="butt", join=""):
        ops.append(f"{_rgb(color)} RG {num(width)} w "
                   + (f"[{' '.join(num(d) for d in dash)}] 0 d" if dash else "[] 0 d")
                   + f" {({'square': 2, 'round': 1}).get(cap, 0)} J" + join)

    for it in scene.items:
        kind = it[0]
        if kind == "rect":
            _, x0, y0, w, hh, fill, stroke, width = it
            box = f"{num(x0)} {y(y0 + hh)} {num(w)} {num(hh)} re"
            if fill:
                ops.append(f"{_rgb(fill)} rg {box} f")
            if stroke:
                stroke_state(stroke, width, ())
                ops.append(f"{box} S")
        elif kind == "line":
            _, x1, y1, x2, y2, color, width, dash, cap = it
            stroke_state(color, width, dash, cap)
            ops.append(f"{num(x1)} {y(y1)} m {num(x2)} {y(y2)} l S")
        elif kind == "poly":
            pts = it[1]
            path = [f"{num(pts[0][0])} {y(pts[0][1])} m"]
            path += [f"{num(px)} {y(py)} l" for px, py in pts[1:]]
            ops.append(f"{_rgb(it[2])} rg " + " ".join(path) + " h f")
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, width = it
            path = _circle(cx, h - cy, r)
            if fill:
                ops.append(f"{_rgb(fill)} rg {path} f")
            if stroke:
                stroke_state(stroke, width, ())
                ops.append(f"{path} S")
        elif kind == "text":
            _, x0, y0, text, size, color, bold, anchor = it
            w = text_width(text, size, bold)
            x0 = x0 - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
            ops.append(f"BT /{'F2' if bold else 'F1'} {num(size)} Tf {_rgb(color)} rg "
                       f"{num(x0)} {y(y0)} Td {_pdf_string(text)} Tj ET")
        elif kind == "curve":
            _, x1, y1, qx, qy, x2, y2, color, width, dash = it
            c1 = (x1 + 2 / 3 * (qx - x1), y1 + 2 / 3 * (qy - y1))
            c2 = (x2 + 2 / 3 * (qx - x2), y2 + 2 / 3 * (qy - y2))
            stroke_state(color, width, dash)
            ops.append(f"{num(x1)} {y(y1)} m {num(c1[0])} {y(c1[1])} {num(c2[0])} {y(c2[1])} "
                       f"{num(x2)} {y(y2)} c S")
        elif kind == "path":
            _, pts, closed, fill, stroke, width, dash = it
            path = f"{num(pts[0][0])} {y(pts[0][1])} m " + " ".join(
                f"{num(px)} {y(py)} l" for px, py in pts[1:]) + (" h" if closed else "")
            if fill:
                ops.append(f"{_rgb(fill)} rg {path} f")
            if stroke:
                stroke_state(stroke, width, dash, join=" 1 j")
                ops.append(f"{path} S")
    return "\n".join(ops).encode("latin-1")


def _circle(cx: float, cy: float, r: float) -> str:
    k = _K * r
    return (f"{num(cx + r)} {num(cy)} m "
            f"{num(cx + r)} {num(cy + k)} {num(cx + k)} {num(cy + r)} {num(cx)} {num(cy + r)} c "
            f"{num(cx - k)} {num(cy + r)} {num(cx - r)} {num(cy + k)} {num(cx - r)} {num(cy)} c "
            f"{num(cx - r)} {num(cy - k)} {num(cx - k)} {num(cy - r)} {num(cx)} {num(cy - r)} c "
            f"{num(cx + k)} {num(cy - r)} {num(cx + r)} {num(cy - k)} {num(cx + r)} {num(cy)} c h")


def write_pdf(scenes: "list[Scene]", *, title: "str | None" = None) -> bytes:
    """A PDF file with one page per scene (each page the scene's size, in points)."""
    if not scenes:
        raise ValueError("a PDF needs at least one page")
    objects: list[bytes] = []  # object k+1 is objects[k]
    npages = len(scenes)
    kids = " ".join(f"{5 + 2 * k} 0 R" for k in range(npages))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {npages} >>".encode())
    for name in ("Helvetica", "Helvetica-Bold"):
        objects.append(f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} "
                       f"/Encoding /WinAnsiEncoding >>".encode())
    for k, scene in enumerate(scenes):
        stream = zlib.compress(_content(scene), 9)
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {num(scene.width)} "
                       f"{num(scene.height)}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> "
                       f"/Contents {6 + 2 * k} 0 R >>".encode())
        objects.append(f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode()
                       + stream + b"\nendstream")
    info = None
    if title:
        objects.append(f"<< /Title {_pdf_string(title)} /Producer (sudokit) >>".encode("latin-1"))
        info = len(objects)
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n".encode()
    out += b"0000000000 65535 f \n"
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R".encode()
    if info is not None:
        out += f" /Info {info} 0 R".encode()
    out += f" >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
