"""Jupyter reprs: what Grid, State, Step and Path show in a notebook.

The objects call these functions from their ``_repr_svg_``/``_repr_html_`` (importing this
module on first use); the functions read the objects' plain attributes (geometry, values,
givens, candidates, evidence ...) and import neither sudokit.grid nor sudokit.logic, so the
reprs add no import circle.
"""

from __future__ import annotations

import html

from ._draw import picture
from ._svg import Svg, write_svg

__all__ = ["grid_svg", "state_svg", "step_html", "path_html"]

PATH_PICTURES = 40  # a longer path shows its later steps as text only
PATH_SIZE = 260     # px, the width of each picture of a path


def grid_svg(grid) -> Svg:
    """The SVG of a Grid: its values as givens."""
    return write_svg(picture(grid.geometry, grid.values, grid.values))


def state_svg(state, step=None, size=None) -> Svg:
    """The SVG of a State with its candidates (and a step's pattern drawn on it)."""
    return write_svg(picture(state.geometry, state.values, state.givens, state.candidates,
                             step=step), size=size)


def _cells(pairs, n: int, verb: str) -> str:
    return ", ".join(f"r{c // n + 1}c{c % n + 1}{verb}{v}" for c, v in pairs)


def step_html(step, n: "int | None" = None) -> str:
    """A Step as HTML: its name, its text, its placements and eliminations (a Step holds no
    grid: draw it with ``render.svg(state, step=step)``)."""
    if n is None:  # the size is not in a step: the largest cell it names tells the least N
        top = max([c for c, _ in step.placements + step.eliminations] or [0])
        n = 9
        while n * n <= top:
            n += 1
    return f"<div>{_step_body(step, n)}</div>"


def _step_body(step, n: int) -> str:
    out = [f"<b>{html.escape(step.name)}</b>: {html.escape(step.text)}"]
    if step.placements:
        out.append(f"<br/>placements: {html.escape(_cells(step.placements, n, '='))}")
    if step.eliminations:
        out.append(f"<br/>eliminations: {html.escape(_cells(step.eliminations, n, '<>'))}")
    return "".join(out)


def path_html(path) -> str:
    """A Path as HTML: its status, then each step's picture over the state it starts from
    (the first PATH_PICTURES of them) with its text."""
    n = path.start.geometry.size
    out = [f"<div><p><b>{html.escape(path.status)}</b>, {len(path.steps)} steps</p>"]
    state = path.start
    for k, step in enumerate(path.steps, 1):
        out.append(f"<div style=\"display:inline-block;vertical-align:top;width:{PATH_SIZE}px;"
                   f"margin:4px\"><p>{k}. {_step_body(step, n)}</p>")
        if k <= PATH_PICTURES:
            out.append(state_svg(state, step, size=PATH_SIZE))
        out.append("</div>")
        state = state.apply(step)
    out.append("</div>")
    return "".join(out)
