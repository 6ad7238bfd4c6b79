"""Single-digit patterns: two strong links of one value joined by a weak link, and the empty
rectangle.

A *strong link* of value v: a full unit (v not placed) where v has exactly two cells; one of
them holds v.  Two strong links a1-b1 and a2-b2 (four different cells) whose ends a1 and a2
see each other (cannot both hold v) prove that b1 or b2 holds v: v leaves every cell that
sees both b1 and b2.

    skyscraper        both strong links in rows (or both in columns), a1 and a2 in one
                      column (row), b1 and b2 not in one column (that would be an X-Wing)
    two-string-kite   one strong link in a row, the other in a column, a1 and a2 in one box
    turbot-fish       every other pair: a strong link in a box (or region, or other full
                      unit), or a weak link that is not a line or box (anti-knight pairs)
    empty-rectangle   in a box, v lies only in one row R and one column C of the box (in
                      both, not all in one line).  A strong link p-q of v in another column,
                      with p in row R outside the box: the cell x in column C and q's row
                      cannot hold v (x = v empties column C of the box, so the box needs v in
                      row R, so p is not v, so q is v, beside x).  The same with rows and
                      columns exchanged.

Valid on every geometry: the strong links use full units, the weak links the cells that
cannot share a value (Tables.peer_bits: units and extra pairs); the empty rectangle uses
rows, columns and boxes (jigsaw: regions).

Order of the steps of one technique: by value, then the first strong link (full units in
order), then the second (after the first in the same order); empty rectangles by value,
box, row R, column C, then the strong link's unit.

Ratings: Sudoku Explainer finds these as Turbot Fish or X-Cycles, rated 6.6 (its Turbot
Fish); HoDoKu: Skyscraper hard 130, 2-String Kite hard 150, Turbot Fish hard 120, Empty
Rectangle hard 120.
"""

from __future__ import annotations

import struct
from typing import Iterator

from .. import _cfast
from ..core.bits import cells_of
from ..core.links import strong_links
from ..ladder import Technique
from ..step import Step
from ._lines import box_of

_SE = 6.6
_NAMES = {"skyscraper": "Skyscraper", "two-string-kite": "2-String Kite",
          "turbot-fish": "Turbot Fish"}


def _kind(t, u1, a1, u2, a2, b1, b2) -> str:
    """Which pattern two strong links (u1: a1-b1, u2: a2-b2, a1 sees a2) make, or ''."""
    k1, k2 = t.kind[u1], t.kind[u2]
    n = t.n
    if k1 == k2 and k1 in ("row", "col"):
        axis = 1 if k1 == "row" else 0  # rows: a1 and a2 share a column
        pos = (lambda c: c % n) if axis else (lambda c: c // n)
        if pos(a1) == pos(a2):
            return "" if pos(b1) == pos(b2) else "skyscraper"
        return "turbot-fish"
    if {k1, k2} == {"row", "col"}:
        box = box_of(t)
        if box[a1] >= 0 and box[a1] == box[a2]:
            return "two-string-kite"
        return "turbot-fish"
    return "turbot-fish"


_KIND_CODE = {"skyscraper": 0, "two-string-kite": 1, "turbot-fish": 2}


def _two_links(state, want: str) -> Iterator[Step]:
    t = state.tables
    peers = t.peer_bits
    cands = state.candidates
    found = _cfast.call(state, "logic_two_links")    # sudokit/_c/logic_misc.c
    if found is not None:
        code = _KIND_CODE[want]
        for kind, v, u1, u2, a1, b1, a2, b2 in struct.iter_unpack("8B", found):
            if kind == code:
                bit = 1 << (v - 1)
                sees = peers[b1] & peers[b2] & ~(1 << a1 | 1 << a2)
                gone = [c for c in cells_of(sees) if cands[c] & bit]
                yield _two_step(t, want, v, u1, a1, b1, u2, a2, b2, gone)
        return
    for v in range(1, t.n + 1):
        links = strong_links(state, v)
        bit = 1 << (v - 1)
        seen = set()
        for x, (u1, p1, q1) in enumerate(links):
            for u2, p2, q2 in links[x + 1:]:
                if len({p1, q1, p2, q2}) < 4:
                    continue
                for a1, b1 in ((p1, q1), (q1, p1)):
                    for a2, b2 in ((p2, q2), (q2, p2)):
                        if not peers[a1] >> a2 & 1:
                            continue
                        if _kind(t, u1, a1, u2, a2, b1, b2) != want:
                            continue
                        sees = peers[b1] & peers[b2] & ~(1 << a1 | 1 << a2)
                        gone = [c for c in cells_of(sees) if cands[c] & bit]
                        if not gone:
                            continue
                        key = (frozenset((a1, b1, a2, b2)), tuple(gone))
                        if key in seen:
                            continue
                        seen.add(key)
                        yield _two_step(t, want, v, u1, a1, b1, u2, a2, b2, gone)


def _two_step(t, want, v, u1, a1, b1, u2, a2, b2, gone) -> Step:
    """The step of strong links u1: a1-b1 and u2: a2-b2 of value v (a1 sees a2)."""
    name = _NAMES[want]
    return Step(want, eliminations=[(c, v) for c in gone],
                evidence={"value": v, "units": [u1, u2],
                          "cells": [a1, b1, a2, b2],
                          "links": [[a1, b1, u1], [a2, b2, u2]],
                          "chain": [[b1, v, "on"], [a1, v, "off"],
                                    [a2, v, "off"], [b2, v, "on"]]},
                text=f"In {t.unit_name(u1)}, {t.value(v)} can only go in "
                     f"{t.name(a1)} or {t.name(b1)}, and in "
                     f"{t.unit_name(u2)} only in {t.name(a2)} or "
                     f"{t.name(b2)}; {t.name(a1)} and {t.name(a2)} cannot "
                     f"both hold {t.value(v)}, so {t.name(b1)} or "
                     f"{t.name(b2)} does ({name}): {t.value(v)} is removed "
                     f"from {t.names(gone)}.", se=_SE)


def find_skyscraper(state) -> Iterator[Step]:
    """Two parallel strong links of a value with one end each in a common line."""
    return _two_links(state, "skyscraper")


def find_two_string_kite(state) -> Iterator[Step]:
    """A row and a column strong link of a value with one end each in a common box."""
    return _two_links(state, "two-string-kite")


def find_turbot_fish(state) -> Iterator[Step]:
    """Two strong links of a value joined by a weak link (not a skyscraper or a kite)."""
    return _two_links(state, "turbot-fish")


def find_empty_rectangle(state) -> Iterator[Step]:
    """Empty rectangles (see the module docstring), with their strong link in a line."""
    t = state.tables
    n = t.n
    peers = t.peer_bits
    cands = state.candidates
    placed = state.placed_masks()
    box = box_of(t)
    for v in range(1, n + 1):
        bit = 1 << (v - 1)
        links = [(u, a, b) for u, a, b in strong_links(state, v) if t.kind[u] in ("row", "col")]
        if not links:
            continue
        for b_unit in t.boxes:
            if placed[b_unit] & bit:
                continue
            where = state.where(b_unit, v)
            if where.bit_count() < 2:
                continue
            cells = cells_of(where)
            rows = sorted({c // n for c in cells})
            cols = sorted({c % n for c in cells})
            if len(rows) < 2 or len(cols) < 2:
                continue  # all in one line: locked candidates, not an empty rectangle
            seen = set()
            for r in rows:
                for k in cols:
                    if any(c // n != r and c % n != k for c in cells):
                        continue
                    for step in _rectangle_steps(state, v, b_unit, r, k, cells, links, box,
                                                 peers, cands):
                        key = (step.eliminations, tuple(step.evidence["links"][0]))
                        if key not in seen:
                            seen.add(key)
                            yield step


def _rectangle_steps(state, v, b_unit, r, k, cells, links, box, peers, cands):
    """The steps of the empty rectangle of box b_unit on row r and column k (0-based)."""
    t = state.tables
    n = t.n
    bit = 1 << (v - 1)
    row_u, col_u = t.rows[r], t.cols[k]
    for u, c1, c2 in links:
        line_is_col = t.kind[u] == "col"
        for p, q in ((c1, c2), (c2, c1)):
            if box[p] == b_unit or box[q] == b_unit:
                continue
            if line_is_col:  # p in row r; x in column k, q's row
                if p // n != r:
                    continue
                x = (q // n) * n + k
            else:  # p in column k; x in row r, q's column
                if p % n != k:
                    continue
                x = r * n + q % n
            if x == q or box[x] == b_unit or not cands[x] & bit or not peers[x] >> q & 1:
                continue
            arm = row_u if line_is_col else col_u
            yield Step("empty-rectangle", eliminations=[(x, v)],
                       evidence={"value": v, "unit": b_unit, "units": [b_unit, row_u, col_u, u],
                                 "cells": cells, "links": [[p, q, u]]},
                       text=f"In {t.unit_name(b_unit)}, {t.value(v)} can only go in "
                            f"{t.unit_name(row_u)} or {t.unit_name(col_u)}, and in "
                            f"{t.unit_name(u)} only in {t.name(p)} or {t.name(q)} (Empty "
                            f"Rectangle): if {t.name(x)} held {t.value(v)}, "
                            f"{t.unit_name(b_unit)} would need it in {t.unit_name(arm)}, so "
                            f"{t.unit_name(u)} would need it in {t.name(q)}, which sees "
                            f"{t.name(x)}. So {t.value(v)} is removed from {t.name(x)}.", se=_SE)


TECHNIQUES = (
    Technique("skyscraper", "Skyscraper", find_skyscraper, rank=200, se=_SE, level="hard",
              score=130),
    Technique("two-string-kite", "2-String Kite", find_two_string_kite, rank=205, se=_SE,
              level="hard", score=150),
    Technique("turbot-fish", "Turbot Fish", find_turbot_fish, rank=210, se=_SE, level="hard",
              score=120),
    Technique("empty-rectangle", "Empty Rectangle", find_empty_rectangle, rank=215, se=_SE,
              level="hard", score=120),
)

__all__ = ["find_skyscraper", "find_two_string_kite", "find_turbot_fish",
           "find_empty_rectangle", "TECHNIQUES"]
