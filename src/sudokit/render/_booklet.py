"""Booklets: many puzzles on A4 or Letter pages, numbered, with steps and solutions after.

    page  +----------------------------------+   margins 40 pt; a header line (the
          | Title                     page 1 |   title, the section) and 1, 2, 4 or 6
          |  Puzzle 1         Puzzle 2        |   slots: 1x1, 1x2, 2x2, 2x3 (cols x rows)
          |  rating line      rating line     |
          |  +--------+       +--------+      |   each slot: a label, an optional line
          |  |  grid  |       |  grid  |      |   under it, the picture scaled to fit,
          |  +--------+       +--------+      |   and text under the picture (steps)
          |  ...                              |
          +----------------------------------+

Sections, each starting on a new page: the puzzles; with steps=True the logical path of
each puzzle (sudokit.logic.steps), one picture per step drawn over the state it starts
from, its text under it; with solutions=True the solutions (sudokit.solver.search, up to 2
solutions): the givens bold, the rest blue, or the words 'no solution', 'not unique',
'illegal givens' or 'not solved (search limit)' in the slot.  HoDoKu's booklet printer is
the model (1, 2 or 4 puzzles a page, with or without solutions).
"""

from __future__ import annotations

from ._pdf import write_pdf
from ._scene import Scene, wrap

__all__ = ["make", "make_sheet", "PAPERS", "LAYOUTS"]

PAPERS = {"a4": (595.0, 842.0), "letter": (612.0, 792.0)}   # points
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}      # per page -> (cols, rows)
MARGIN, GAP, HEADER = 40.0, 16.0, 26.0
SOLVE_NODES = 5_000_000  # a booklet's solution search gives up after this many nodes
STEP_TEXT = 8.5          # points


class _Slot:
    """One cell of a page: label, a line under it, a picture (or None), text under it."""

    __slots__ = ("label", "sub", "scene", "text")

    def __init__(self, label: str, sub: "str | None", scene: "Scene | None", text: str = ""):
        self.label, self.sub, self.scene, self.text = label, sub, scene, text


def make(puzzles, *, per_page: int = 4, paper: str = "a4", solutions: bool = False,
         title: "str | None" = None, ratings=None, steps: bool = False) -> bytes:
    """The booklet PDF (see sudokit.render.booklet for the contract)."""
    from . import _parts, _scene
    if per_page not in LAYOUTS or isinstance(per_page, bool):
        raise ValueError(f"per_page must be 1, 2, 4 or 6, not {per_page!r}")
    if paper not in PAPERS:
        raise ValueError(f"paper must be 'a4' or 'letter', not {paper!r}")
    if title is not None and not isinstance(title, str):
        raise TypeError("title= takes a str")
    puzzles = list(puzzles)
    if not puzzles:
        raise ValueError("a booklet needs at least one puzzle")
    if ratings is not None:
        ratings = list(ratings)
        if len(ratings) != len(puzzles):
            raise ValueError(f"ratings has {len(ratings)} entries for {len(puzzles)} puzzles")
        if any(r is not None and not isinstance(r, str) for r in ratings):
            raise TypeError("ratings= takes one str (or None) per puzzle")
    parts = [_parts(p) for p in puzzles]
    sections = [("Puzzles", [_Slot(f"Puzzle {k}", ratings[k - 1] if ratings else None,
                                   _scene(src, candidates=False))
                             for k, (_, _, _, src) in enumerate(parts, 1)])]
    if steps:
        sections.append(("Steps", [slot for k, part in enumerate(parts, 1)
                                   for slot in _step_slots(k, part)]))
    if solutions:
        sections.append(("Solutions", [_solution_slot(k, part)
                                       for k, part in enumerate(parts, 1)]))
    pages = []
    for name, slots in sections:
        for start in range(0, len(slots), per_page):
            pages.append((name, slots[start:start + per_page]))
    width, height = PAPERS[paper]
    scenes = [_page(width, height, title, name, slots, per_page, k + 1, len(pages))
              for k, (name, slots) in enumerate(pages)]
    return write_pdf(scenes, title=title)


def make_sheet(obj, *, paper: str = "a4", marks=None, title: "str | None" = None,
               sub: "str | None" = None) -> bytes:
    """One puzzle on one page (see sudokit.render.sheet for the contract)."""
    from . import _scene
    if paper not in PAPERS:
        raise ValueError(f"paper must be 'a4' or 'letter', not {paper!r}")
    for name, text in (("title", title), ("sub", sub)):
        if text is not None and not isinstance(text, str):
            raise TypeError(f"{name}= takes a str")
    slot = _Slot(title or "Puzzle", sub, _scene(obj, candidates=False, marks=marks))
    width, height = PAPERS[paper]
    return write_pdf([_page(width, height, "sudokit", title or "Puzzle", [slot], 1, 1, 1)],
                     title=title or "sudokit puzzle")


def _givens_grid(part):
    """The puzzle (givens) of a drawn source as a Grid."""
    from ..grid import Grid
    geom, _, givens, source = part
    if isinstance(source, Grid):
        return source
    return source.puzzle()


def _solution_slot(k: int, part) -> _Slot:
    from ..solver import search
    from ..errors import SearchLimitReached
    from . import _scene
    grid = _givens_grid(part)
    label = f"Solution {k}"
    if not grid.is_legal():
        return _Slot(label, "illegal givens (a value repeats in a unit)", None)
    try:
        found = search(grid, limit=2, node_limit=SOLVE_NODES)
    except SearchLimitReached:
        found = None
    if found is None or (found.stopped and found.count == 0):
        return _Slot(label, "not solved (search limit reached)", None)
    if found.count == 0:
        return _Slot(label, "no solution", None)
    if found.count > 1:
        return _Slot(label, "not unique (several solutions)", None)
    from ..logic.state import State
    sol = found.solution
    state = State(grid.geometry, sol.values, (0,) * len(sol.values), grid.values)
    return _Slot(label, None, _scene(state, candidates=False))


def _step_slots(k: int, part) -> list:
    from .. import logic
    from . import _scene
    grid = _givens_grid(part)
    source = part[3]
    path = logic.steps(source if isinstance(source, logic.State) else grid)
    out = []
    state = path.start
    for j, step in enumerate(path.steps, 1):
        out.append(_Slot(f"Puzzle {k}, step {j}: {step.name}", None,
                         _scene(state, step=step), step.text))
        state = state.apply(step)
    words = {"solved": "solved", "stuck": "stuck: no technique applies here",
             "illegal": "illegal givens", "impossible": "no solution",
             "ambiguous": "not unique: logic needs a unique puzzle",
             "inconsistent": "the marks contradict the puzzle"}
    if path.status != "solved" or not path.steps:
        out.append(_Slot(f"Puzzle {k}: {words.get(path.status, path.status)}", None,
                         _scene(state, candidates=path.status == "stuck")))
    return out


def _page(width, height, title, section, slots, per_page, number, total) -> Scene:
    sc = Scene(width, height)
    sc.rect(0, 0, width, height, fill="#ffffff")
    head = f"{title} - {section}" if title else section
    sc.text(MARGIN, MARGIN + 4, head, 14, "#000000", bold=True, anchor="start")
    sc.text(width - MARGIN, MARGIN + 4, f"page {number} of {total}", 9, "#606060",
            anchor="end")
    sc.line(MARGIN, MARGIN + 10, width - MARGIN, MARGIN + 10, "#a0a0a0", 0.6)
    cols, rows = LAYOUTS[per_page]
    top = MARGIN + HEADER
    slot_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    slot_h = (height - top - MARGIN - (rows - 1) * GAP) / rows
    for i, slot in enumerate(slots):
        r, c = divmod(i, cols)
        _slot(sc, slot, MARGIN + c * (slot_w + GAP), top + r * (slot_h + GAP), slot_w, slot_h)
    return sc


def _slot(sc: Scene, slot: _Slot, x: float, y: float, w: float, h: float) -> None:
    label_size = 11.0 if w > 200 else 9.5
    sc.text(x, y + label_size, slot.label, label_size, "#000000", bold=True, anchor="start")
    y0 = y + label_size + 5
    if slot.sub:
        for line in wrap(slot.sub, 9, w):
            y0 += 11
            sc.text(x, y0, line, 9, "#404040", anchor="start")
        y0 += 4
    lines = wrap(slot.text, STEP_TEXT, w) if slot.text else []
    line_h = STEP_TEXT * 1.25
    most = max(1, int((h * 0.4) // line_h))
    if len(lines) > most:
        lines = lines[:most - 1] + [lines[most - 1].rstrip(" .") + " ..."]
    text_h = len(lines) * line_h + (4 if lines else 0)
    if slot.scene is not None:
        area_h = y + h - y0 - text_h
        scale = min(w / slot.scene.width, area_h / slot.scene.height)
        if scale > 0:
            pw = slot.scene.width * scale
            sc.embed(slot.scene, x + (w - pw) / 2, y0, scale)
            y0 += slot.scene.height * scale
    y0 += 4
    for line in lines:
        y0 += line_h
        sc.text(x, y0 - 2, line, STEP_TEXT, "#000000", anchor="start")
