"""A test helper: an f-puzzles object drawn as SudokuPad's JSON (scl), in the styles SudokuPad
gives f-puzzles' rules when it imports them, then written in SudokuPad's short form.

Written here from the styles (not from sudokit's reader), so a test can compare
``parse_sudokupad(scl_link(obj))`` with ``parse_fpuzzles(obj)``: two independent routes to
the same rules.
"""

from __future__ import annotations

import json
import re

from sudokit.formats._lzstring import compress_base64

DIRS = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
SHORT = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
         "backgroundColor": "c2", "cells": "ce", "arrows": "a", "overlays": "o",
         "underlays": "u", "width": "w", "height": "h", "value": "v", "lines": "l",
         "rounded": "r", "regions": "re", "fontSize": "fs", "thickness": "th",
         "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te"}


def _rc(pos: str) -> list[int]:
    r, c = re.fullmatch(r"R(\d+)C(\d+)", pos).groups()
    return [int(r) - 1, int(c) - 1]


def _mid(rc) -> list[float]:
    return [rc[0] + 0.5, rc[1] + 0.5]


def draw(fp: dict) -> dict:
    """SudokuPad's drawing of an f-puzzles object (the keys this helper knows)."""
    n = fp["size"]
    h = 3 if n == 9 else 2
    w = n // h
    scl: dict = {"id": "test", "cells": [], "regions": {}, "cages": [], "lines": [],
                 "arrows": [], "overlays": [], "underlays": []}
    for r, row in enumerate(fp["grid"]):
        scl["cells"].append([{"value": c["value"]} if c.get("given") else {} for c in row])
        for c, cell in enumerate(row):
            region = cell.get("region", (r // h) * h + c // w)
            scl["regions"].setdefault(region, []).append([r, c])
    scl["regions"] = [scl["regions"][k] for k in sorted(scl["regions"])]
    scl["cages"].append({"value": "title: a test"})
    for cage in fp.get("killercage", []):
        entry = {"cells": [_rc(p) for p in cage["cells"]], "unique": True}
        if cage.get("value"):
            entry["value"] = cage["value"]
            entry["sum"] = int(cage["value"])
        scl["cages"].append(entry)
    for arrow in fp.get("arrow", []):
        for line in arrow["lines"]:
            pts = [_mid(_rc(p)) for p in line]
            dr, dc = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
            dist = (dr * dr + dc * dc) ** 0.5
            pts[0] = [pts[0][0] + round(40 * (dr > 0) - 40 * (dr < 0)) / 100 / dist,
                      pts[0][1] + round(40 * (dc > 0) - 40 * (dc < 0)) / 100 / dist]
            scl["arrows"].append({"color": "#a1a1a1", "headLength": 0.3, "thickness": 5,
                                  "wayPoints": pts})
        cells = [_rc(p) for p in arrow["cells"]]
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        scl["overlays"].append({"borderColor": "#a1a1a1", "backgroundColor": "#ffffff",
                                "center": [sum(rows) / len(cells) + 0.5,
                                           sum(cols) / len(cells) + 0.5],
                                "rounded": True, "text": "",
                                "width": 0.83 + max(cols) - min(cols),
                                "height": 0.83 + max(rows) - min(rows)})
    for lk in fp.get("littlekillersum", []):
        rc = _mid(_rc(lk["cell"]))
        d = DIRS[lk["direction"]]
        scl["arrows"].append({"color": "#000000", "thickness": 2, "wayPoints": [
            [rc[0] + 0.3 * d[0], rc[1] + 0.3 * d[1]], [rc[0] + 0.48 * d[0], rc[1] + 0.48 * d[1]]]})
        scl["overlays"].append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                                "center": rc, "fontSize": 28, "width": 0.25, "height": 0.25,
                                "rounded": False, "text": lk["value"]})
    for sw in fp.get("sandwichsum", []):
        scl["overlays"].append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                                "center": _mid(_rc(sw["cell"])), "fontSize": 32,
                                "width": 0.25, "height": 0.25, "rounded": False,
                                "text": sw["value"]})
    for key, fill in (("ratio", "#000000"), ("difference", "#FFFFFF")):
        for dot in fp.get(key, []):
            a, b = (_mid(_rc(p)) for p in dot["cells"])
            scl["overlays"].append({"borderColor": "#000000", "backgroundColor": fill,
                                    "center": [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
                                    "rounded": True, "width": 0.3, "height": 0.3,
                                    "text": dot.get("value", "")})
    for xv in fp.get("xv", []):
        a, b = (_mid(_rc(p)) for p in xv["cells"])
        scl["overlays"].append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                                "center": [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
                                "fontSize": 21, "rounded": False, "width": 0.25,
                                "height": 0.25, "text": xv["value"]})
    for thermo in fp.get("thermometer", []):
        for line in thermo["lines"]:
            pts = [_mid(_rc(p)) for p in line]
            scl["underlays"].append({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
                                     "center": pts[0], "rounded": True, "width": 0.85,
                                     "height": 0.85})
            scl["lines"].append({"color": "#CFCFCF", "thickness": 21, "wayPoints": pts})
    for kind, rounded in (("even", False), ("odd", True)):
        for cell in fp.get(kind, []):
            scl["underlays"].append({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
                                     "center": _mid(_rc(cell["cell"])), "rounded": rounded,
                                     "width": 0.7, "height": 0.7})
    return {k: v for k, v in scl.items() if v != []}


def short_json(obj) -> str:
    """SudokuPad's short form of a JSON object: short keys without quotes, ' for ",
    t/f, empty array slots for {}, colours without '#'."""
    def shorten(o):
        if isinstance(o, list):
            return [shorten(v) for v in o]
        if isinstance(o, dict):
            return {SHORT.get(k, k): shorten(v) for k, v in o.items()}
        return o

    text = json.dumps(shorten(obj), separators=(",", ":"))
    text = re.sub(r'([,{\[])"([A-Za-z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,\[])\{\}(?=[,\]])", r"\1", text)
    text = re.sub(r":true(?=[,}\]])", ":t", text)
    text = re.sub(r":false(?=[,}\]])", ":f", text)
    text = re.sub(r':"#000000"(?=[,}\]])', ":#0", text)
    text = re.sub(r':"#FFFFFF"(?=[,}\]])', ":#F", text, flags=re.IGNORECASE)
    text = re.sub(r':"#([0-9a-fA-F]{6})"(?=[,}\]])', r":\1", text)
    return text.replace("'", "\\'").replace('"', "'")


def scl_link(fp: dict, *, host: str = "https://sudokupad.app/", prefix: str = "scl") -> str:
    return host + prefix + compress_base64(short_json(draw(fp)))
