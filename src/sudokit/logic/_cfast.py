"""Where the C twins of the hot finders (sudokit._ckernels.logic_*) take over.

The pure-Python techniques are the specification.  For a state whose grid has at most 128
cells (sizes up to 10x10: 4x4, 6x6, 8x8, 9x9 and their variants: jigsaw, X, windoku,
anti-knight...), ALS-XZ, ALS-XY-Wing, the finned and sashimi fish, aligned pair exclusion
and Sue de Coq search in C (src/sudokit/_c/logic_*.c) and hand back the raw evidence of
the steps their Python twins yield, in the same order; the Python modules build the Step
objects from it with the same code, so every step (technique, placements, eliminations,
evidence, text, rating) is identical on both backends (tests/test_logic_c.py).

    handle(state)   the state's C capsule (values, candidates and the per-value cell sets,
                    built once per state and cached in it), or None: pure Python then
                    (SUDOKIT_PUREPYTHON=1, no extension, a grid over 128 cells, or
                    ``ENABLED`` set False, which the comparison tests do)

The geometry's tables go to C once per geometry (Tables are cached per geometry).
"""

from __future__ import annotations

from contextlib import contextmanager

from .._backend import C

__all__ = ["handle", "ENABLED", "pure", "available"]

MAX_CELLS = 128
ENABLED = C is not None and hasattr(C, "logic_state")
_GEO: dict = {}


def available() -> bool:
    """True when the C finders are built and enabled."""
    return ENABLED


@contextmanager
def pure():
    """Within the block the finders run in pure Python (for comparisons; not thread-safe)."""
    global ENABLED
    was, ENABLED = ENABLED, False
    try:
        yield
    finally:
        ENABLED = was


def _geometry(t):
    """The C tables of Tables t (None: too large for the C finders)."""
    got = _GEO.get(t, False)
    if got is False:
        got = None
        if t.ncells <= MAX_CELLS:
            from .techniques._lines import box_of
            kinds = {"row": 0, "col": 1, "box": 2, "region": 2}
            got = C.logic_geometry(
                t.n, [list(u) for u in t.units], [_cells(p) for p in t.peer_bits],
                list(t.full), list(t.rows), list(t.cols), list(t.boxes),
                [(u, v, _cells(cells)) for u, v, cells in t.crossings],
                [kinds.get(k, 3) for k in t.kind], list(box_of(t)))
        _GEO[t] = got
    return got


def _cells(bits: int) -> list:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def handle(state):
    """The C capsule of a state (cached on it), or None when the finders stay in Python."""
    if not ENABLED:
        return None
    cache = state._cache
    h = cache.get("c.state", False)
    if h is False:
        geo = _geometry(state.tables)
        h = None if geo is None else C.logic_state(geo, state.values, state.candidates)
        cache["c.state"] = h
    return h


def call(state, name: str, *args):
    """C.<name>(handle, *args), cached on the state under (name, args); None when the state
    stays in Python."""
    h = handle(state)
    if h is None:
        return None
    key = ("c", name) + args
    got = state._cache.get(key)
    if got is None:
        got = state._cache[key] = getattr(C, name)(h, *args)
    return got
