"""Pictures of grids: SVG (standard library), PDF (our own writer), PNG (a system tool).

    >>> from sudokit import render
    >>> picture = render.svg("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> picture.startswith("<svg") and 'viewBox="0 0 372 372"' in picture
    True

    svg(obj, *, size, candidates, highlight, step, colors, coordinates, title) -> Svg
    pdf(obj, **svg options) -> bytes          one page the size of the picture
    png(obj, *, scale=2, tool=None, **svg options) -> bytes
    booklet(puzzles, *, per_page, paper, solutions, title, ratings, steps) -> bytes (PDF)
    sheet(obj, *, paper, marks, title, sub) -> bytes (PDF)  one puzzle as a player sees it

obj: a Grid, a logic State (its candidates drawn by default), or a puzzle as text (read as
sudokit.solve reads it: a line, a block, JSON, f-puzzles with its rules, a pencil-mark
line).  Every picture is drawn once into a display list (``_scene``) and written by the
SVG or PDF backend; PNG rasterises our PDF with ``pdftoppm`` (poppler) or, without it, our
SVG with headless Chromium (see ``_png`` for why), else RenderError says what to install.
Same input, same bytes, in every format but PNG (the tool's own output).
"""

from __future__ import annotations

from ._png import RenderError
from ._svg import Svg

__all__ = ["svg", "pdf", "png", "booklet", "sheet", "Svg", "RenderError", "COLORS", "tools"]


def __getattr__(name: str):
    if name == "COLORS":
        from ._draw import COLORS
        return COLORS
    if name == "tools":
        from ._png import tools
        return tools
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _parts(obj):
    """(geometry, values, givens, the State or Grid) of a Grid, a State or puzzle text."""
    from ..grid import Grid, as_grid
    from ..logic.state import State, _is_marks_line
    if isinstance(obj, State):
        return obj.geometry, obj.values, obj.givens, obj
    if isinstance(obj, str):
        text = obj.strip()
        if _is_marks_line(text):
            state = State.from_pencilmarks(text)
            return state.geometry, state.values, state.givens, state
        obj = as_grid(obj)
    if isinstance(obj, (list, tuple, bytes)):
        obj = as_grid(obj)
    if isinstance(obj, Grid):
        return obj.geometry, obj.values, obj.values, obj
    raise TypeError(f"cannot draw a {type(obj).__name__}: give a Grid, a logic State or "
                    f"puzzle text")


def _masks(candidates, geom, source, step):
    """The candidate masks to draw (or None) for the candidates= option; source: the
    State or Grid drawn."""
    from ..logic.state import State
    n = geom.size
    if candidates is None:
        candidates = isinstance(source, State) or step is not None
    if candidates is True or candidates is False:
        if not candidates:
            return None
        state = source if isinstance(source, State) else State.from_grid(source)
        return state.candidates
    masks = [0] * (n * n)
    pairs = candidates.items() if isinstance(candidates, dict) else candidates
    try:
        for item in pairs:
            cell, vals = item
            for v in ([vals] if isinstance(vals, int) else vals):
                if not (isinstance(cell, int) and 0 <= cell < n * n and isinstance(v, int)
                        and 1 <= v <= n):
                    raise ValueError(f"candidate ({cell!r}, {v!r}) is not a (cell 0..{n * n - 1}"
                                     f", value 1..{n}) pair")
                masks[cell] |= 1 << (v - 1)
    except TypeError:
        raise TypeError("candidates= takes True, False, None, a dict {cell: values} or "
                        "(cell, value) pairs") from None
    return tuple(masks)


def _player_marks(marks, geom):
    """marks= checked: (corner, centre), each N*N lists of values 1..N (or None)."""
    n = geom.size
    try:
        corner, centre = marks
    except (TypeError, ValueError):
        raise TypeError("marks= takes (corner, centre): two lists of N*N lists of values") \
            from None
    out = []
    for name, got in (("corner", corner), ("centre", centre)):
        if got is None:
            out.append([()] * (n * n))
            continue
        got = list(got)
        if len(got) != n * n:
            raise ValueError(f"marks: {name} has {len(got)} entries for {n * n} cells")
        for cell, vs in enumerate(got):
            if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n for v in vs):
                raise ValueError(f"marks: {name} of cell {cell} (row {cell // n + 1}, col "
                                 f"{cell % n + 1}) names a value outside 1..{n}")
        out.append([tuple(sorted(set(vs))) for vs in got])
    return tuple(out)


def _scene(obj, *, candidates=None, highlight=(), step=None, colors=None, coordinates=False,
           title=None, marks=None):
    """The display list (Scene) of obj with the svg() options."""
    from ._draw import picture
    geom, values, givens, source = _parts(obj)
    if step is not None:
        from ..logic.step import Step
        if not isinstance(step, Step):
            raise TypeError(f"step= takes a sudokit.logic.Step, not {type(step).__name__}")
        ncells = geom.size ** 2
        for cell, v in step.placements + step.eliminations:
            if not (0 <= cell < ncells and 1 <= v <= geom.size):
                raise ValueError(f"the step names cell {cell}, value {v}: outside this "
                                 f"{geom.size}x{geom.size} grid")
    cells = []
    for c in highlight:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < geom.size ** 2:
            raise ValueError(f"highlight= takes cells 0..{geom.size ** 2 - 1}, not {c!r}")
        cells.append(c)
    if title is not None and not isinstance(title, str):
        raise TypeError("title= takes a str")
    masks = _masks(candidates, geom, source, step)
    if marks is not None:
        marks = _player_marks(marks, geom)
    return picture(geom, values, givens, masks, step=step, highlight=sorted(set(cells)),
                   colors=colors, coordinates=bool(coordinates), title=title, marks=marks)


def svg(obj, *, size=None, candidates=None, highlight=(), step=None, colors=None,
        coordinates=False, title=None, marks=None) -> Svg:
    """The SVG picture of obj (a Grid, a State or puzzle text): an Svg, a str.

    size         width in px (height in proportion); None: the natural size (40 px a cell
                 up to 9x9, 32 beyond)
    candidates   True: pencil marks (a State's own, or what the values leave); False: none;
                 a dict {cell: values} or (cell, value) pairs: those; None: True for a
                 State or with a step, else False
    highlight    cells to shade
    step         a logic Step drawn on the grid: its cells and units shaded, eliminated
                 candidates struck out in red, placements green, chain links as arrows
                 (strong solid, weak dashed); draw it on the state it was found in
    colors       {part: '#rrggbb'} overrides of render.COLORS
    coordinates  r1.. and c1.. labels; title: a line above the grid
    marks        a player's pencil marks, (corner, centre): two lists of N*N lists of
                 values (None for none), drawn as the web page draws them, in the colour
                 of placed values
    ValueError/TypeError for options that do not fit the grid.
    """
    from ._svg import write_svg
    if size is not None and not (isinstance(size, (int, float)) and size > 0):
        raise ValueError(f"size= takes a positive width in px, not {size!r}")
    return write_svg(_scene(obj, candidates=candidates, highlight=highlight, step=step,
                            colors=colors, coordinates=coordinates, title=title, marks=marks),
                     size=size)


def pdf(obj, **options) -> bytes:
    """A one-page PDF of obj's picture (page = picture size, 1 px = 1 pt); options as svg()."""
    from ._pdf import write_pdf
    if options.get("size") is not None:
        raise ValueError("pdf() makes a page the picture's own size (1 px = 1 pt): size= is "
                         "svg()'s and png()'s; sheet() and booklet() print on paper sizes")
    options.pop("size", None)
    return write_pdf([_scene(obj, **options)])


def png(obj, *, scale: float = 2.0, tool: "str | None" = None, size=None, **options) -> bytes:
    """The PNG picture of obj, scale pixels per px of the SVG (2: a 9x9 grid is 744 px wide),
    or size pixels wide (1 to 20,000; the height in proportion).

    tool: 'pdftoppm', 'chromium' or None (the first found, in that order).  RenderError
    when no tool is installed (its message says what to install) or the tool fails.
    """
    from ._png import rasterise
    scene = _scene(obj, **options)
    if size is not None:
        if not (isinstance(size, (int, float)) and not isinstance(size, bool) and
                1 <= size <= MAX_WIDTH):
            raise ValueError(f"size= takes a width from 1 to {MAX_WIDTH:,} px, not {size!r}")
        scale = size / scene.width
    return rasterise(scene, scale=scale, tool=tool, width=None if size is None else round(size))


MAX_WIDTH = 20000   # px: the widest PNG png(size=...) makes


def sheet(obj, *, paper: str = "a4", marks=None, title: "str | None" = None,
          sub: "str | None" = None) -> bytes:
    """One puzzle on a page of paper ('a4' or 'letter'): a PDF of what a player sees.

    obj as svg(); a State's placed values are drawn in blue beside the bold givens, its
    candidates are not drawn; marks: the player's corner and centre marks (as svg());
    title: the page's header (default 'Puzzle'); sub: a line under it (the rules, a
    level).  ValueError for bad options."""
    from ._booklet import make_sheet
    return make_sheet(obj, paper=paper, marks=marks, title=title, sub=sub)


def booklet(puzzles, *, per_page: int = 4, paper: str = "a4", solutions: bool = False,
            title: "str | None" = None, ratings=None, steps: bool = False) -> bytes:
    """A printable PDF of puzzles: a title, 'Puzzle 1', 'Puzzle 2' ... per_page (1, 2, 4
    or 6) to a page of paper ('a4' or 'letter'), an optional rating line under each
    (ratings: one string, or None, per puzzle); steps=True: pages of each puzzle's logical
    steps, a picture of each over the state it starts from, its text under it;
    solutions=True: the solutions on later pages ('no solution', 'not unique' when so).

    puzzles: Grids, States or puzzle text (one puzzle each).  ValueError for bad options.
    """
    from ._booklet import make
    return make(puzzles, per_page=per_page, paper=paper, solutions=solutions, title=title,
                ratings=ratings, steps=steps)
