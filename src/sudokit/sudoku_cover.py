"""Sudoku as an exact-cover problem, solved by the generic engine in exact_cover.

For a grid of size N there are 4*N*N primary items, numbered

    0      .. N*N-1     cell (r, c) is filled            item r*N + c
    N*N    .. 2*N*N-1   row r holds value v              N*N   + r*N + v-1
    2*N*N  .. 3*N*N-1   col c holds value v              2*N*N + c*N + v-1
    3*N*N  .. 4*N*N-1   box b holds value v              3*N*N + b*N + v-1

and one option "put v in (r, c)" covering its four items.  Options ruled out by the givens
are never built: a given cell has one option (its value), an empty cell one per value that
no given in its row, col or box already uses -- so 9x9 has 324 items and at most 729 options.
(Rejected: removing the givens' items up front.  It saves a few nodes but makes clashing
givens a special case; with one option per given a clash is simply an uncoverable item.)

Candidates (pencil marks): ``candidates`` is None or N*N bitmasks, bit v-1 set when value v
is allowed in the cell.  An option "v in (r, c)" whose v is not a candidate of the cell is
not built either, so the search runs exactly under the marks; a given whose value is not a
candidate of its cell leaves that cell with no option (no solution), like a cell with no
candidate at all.  Masks equal to the givens' own implications build the very same matrix.
"""

from __future__ import annotations

from typing import Iterator

from .shape import Shape

__all__ = ["build_cover", "decode", "dlx", "dlx_solutions"]


def build_cover(values: bytes, box_rows, box_cols: int | None = None, candidates=None):
    """Return (n_items, option_starts, option_items, option_cell_value) for a puzzle.

    box_rows may be a classic Geometry (box_cols then unused).
    candidates: None, or N*N bitmasks (trusted: checked by the caller) limiting each cell.
    """
    if not isinstance(box_rows, int):
        if not box_rows.is_classic:
            raise NotImplementedError("dlx on a variant geometry")  # TODO(#13): being generalised
        box_rows, box_cols = box_rows.box
    shape = Shape(box_rows, box_cols)
    n = shape.size
    nn = n * n
    box_index = shape.box_index
    used = [0] * (3 * n)  # values given in each row, col, box
    for cell, v in enumerate(values):
        if v:
            bit = 1 << v
            used[cell // n] |= bit
            used[n + cell % n] |= bit
            used[2 * n + box_index[cell]] |= bit
    starts = [0]
    items: list[int] = []
    meaning: list[tuple[int, int]] = []
    for cell in range(nn):
        r, c, b = cell // n, cell % n, box_index[cell]
        given = values[cell]
        if given:
            choices = (given,)
        else:
            blocked = used[r] | used[n + c] | used[2 * n + b]
            choices = [v for v in range(1, n + 1) if not blocked >> v & 1]
        if candidates is not None:
            mask = candidates[cell]
            choices = [v for v in choices if mask >> (v - 1) & 1]
        for v in choices:
            items += (cell, nn + r * n + v - 1, 2 * nn + c * n + v - 1, 3 * nn + b * n + v - 1)
            starts.append(len(items))
            meaning.append((cell, v))
    return 4 * nn, starts, items, meaning


def decode(chosen, meaning, ncells: int) -> bytes:
    """Return the grid (bytes) spelled by a list of chosen option indices."""
    out = bytearray(ncells)
    for k in chosen:
        cell, v = meaning[k]
        out[cell] = v
    return bytes(out)


def dlx(values: bytes, box_rows, box_cols=None, limit=None, node_limit=None,
        *, engine=None, candidates=None):
    """Return (count up to limit, first solution or None, nodes, stopped) by dancing links.

    engine: the exact-cover kernel (exact_cover.dlx_count, or its C twin _ckernels.dlx_count:
    same nodes); candidates: see build_cover.
    """
    if engine is None:
        from .exact_cover import dlx_count as engine
    if not isinstance(box_rows, int):  # the geometry form: dlx(values, geometry, limit, node_limit)
        box_cols, limit, node_limit = None, box_cols, limit
    limit = 1 if limit is None else limit
    node_limit = 0 if node_limit is None else node_limit
    n_items, starts, items, meaning = build_cover(values, box_rows, box_cols, candidates)
    count, first, nodes, stopped = engine(n_items, 0, starts, items, limit, node_limit)
    solution = decode(first, meaning, len(values)) if first is not None else None
    return count, solution, nodes, stopped


def dlx_solutions(values: bytes, box_rows: int, box_cols: int, node_limit: int = 0,
                  counter: list | None = None, *, candidates=None) -> Iterator[bytes]:
    """Yield every solution (bytes) found by dancing links; raises KernelStop at the node limit."""
    from .exact_cover import NodeLimitReached, dlx_solutions as cover_solutions
    from ._kernels import KernelStop
    n_items, starts, items, meaning = build_cover(values, box_rows, box_cols, candidates)
    gen = cover_solutions(n_items, 0, starts, items, node_limit)
    try:
        for chosen in gen:
            if counter is not None:
                counter[0] = getattr(gen, "nodes", counter[0])
            yield decode(chosen, meaning, len(values))
    except NodeLimitReached as stop:
        if counter is not None:
            counter[0] = stop.nodes
        raise KernelStop(stop.nodes) from None
