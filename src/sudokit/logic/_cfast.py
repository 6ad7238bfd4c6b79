"""Where the C twins of the hot finders (sudokit._ckernels.logic_*) take over.

The pure-Python techniques are the specification.  For a state whose grid has at most 128
cells (sizes up to 10x10: 4x4, 6x6, 8x8, 9x9 and their variants: jigsaw, X, windoku,
anti-knight...), ALS-XZ, ALS-XY-Wing, the finned and sashimi fish, aligned pair exclusion
and Sue de Coq search in C (src/sudokit/_c/logic_*.c) and hand back the raw evidence of
the steps their Python twins yield, in the same order; the Python modules build the Step
objects from it with the same code, so every step (technique, placements, eliminations,
evidence, text, rating) is identical on both backends (tests/logic/test_logic_c.py).

    handle(state)   the state's C capsule (values, candidates and the per-value cell sets,
                    built once per state and cached in it), or None: pure Python then
                    (SUDOKIT_PUREPYTHON=1, no extension, a grid over 128 cells, or
                    ``ENABLED`` set False, which the comparison tests do)

The geometry's tables go to C once per geometry (Tables are cached per geometry).

The ladder's probe (sudokit/_c/logic_probe.c): ``probe_plan(state, enabled)`` gives, for a
tuple of techniques in ladder order, the probe code of each (``NONE``: not probed, its
finder always runs; ``OFF``: it cannot fire on the geometry (``Technique.applies``: the sum
techniques where no rule sums), and the probe passes it over) and ``probe(state, plan, start)`` the first position at or after start
whose technique fires or is not probed (ladder.first_step uses both: it runs that finder,
then probes on from the next position; so nothing is probed past a finder that fires).  A probe says "fires" exactly
when its Python finder yields a step, except for MAY_FIRE: the uniqueness probes assume the
givens have one solution, and the X-Chain and XY-Chain probes answer whether the chains'
closure of their kind proves anything false (the finder's first test); those may say
"fires" when the finder yields nothing, never the other way.  So skipping the finders a
probe clears never changes a step.

The easy stretch (sudokit/_c/logic_run.c): ``run(state, plan, limit)`` takes, in one C call,
the steps the ladder would take next while the first technique that fires is a single, locked
candidates or a naked or hidden subset (each the first step its finder yields), and hands
back their raw records and the state reached; logic._easy.easy_run builds the Steps with the
finders' own builders.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

from ..engine._backend import C
from .core.bits import cells_of

__all__ = ["handle", "ENABLED", "pure", "available", "probe_plan", "probe", "run", "NONE",
           "links_known"]

MAX_CELLS = 128
MAX_LINKS = 4096    # weak links between cells, each way (LC_MAXLK in _c/logic/board.h)
ENABLED = C is not None and hasattr(C, "logic_state")
_GEO: dict = {}
_LINKED: dict = {}  # Tables -> whether its C tables hold the geometry's links


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
    """The C tables of Tables t (None: too large for the C finders), with the geometry's
    weak links between cells when there are at most MAX_LINKS of them (links_known)."""
    got = _GEO.get(t, False)
    if got is False:
        got = None
        if t.ncells <= MAX_CELLS:
            from .techniques._lines import box_of
            kinds = {"row": 0, "col": 1, "box": 2, "region": 2}
            links = t.geometry.cell_links if t.geometry.links else None
            if links is not None and sum(map(len, links)) > MAX_LINKS:
                links = None
            _LINKED[t] = links is not None
            got = C.logic_geometry(
                t.n, [list(u) for u in t.units], [cells_of(p) for p in t.peer_bits],
                list(t.full), list(t.rows), list(t.cols), list(t.boxes),
                [(u, v, cells_of(cells)) for u, v, cells in t.crossings],
                [kinds.get(k, 3) for k in t.kind], list(box_of(t)), links)
        _GEO[t] = got
    return got


def links_known(state) -> bool:
    """True when the C twins of the chains' graph and of the dynamic branches know every
    weak link of the state: its peers, and the geometry's links between cells
    (thermometers, dots, negative rules; Geometry.cell_links) when it has any.  False
    without the C finders, for cages and renban lines (their weak links come from sums:
    core.links._add_sum_links, core.propagate's cage rule) and past MAX_LINKS links: the
    graph and the branches are then built in Python."""
    if not ENABLED:
        return False
    geom = state.geometry
    if any(p[0] == "sets" for p in geom.propagators):
        return False
    if _geometry(state.tables) is None:
        return False
    return not geom.links or _LINKED[state.tables]


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


# --- the ladder's probe ------------------------------------------------------------------

NONE = 255
OFF = 254        # a technique that cannot fire on the geometry: the probe passes it over
PROBE = True        # False: the ladder runs every finder (benchmarks/bench_logic.py --noprobe)
# technique id -> probe code (logic/probe.h's enum, in its order)
PROBES = {tid: k for k, tid in enumerate((
    "full-house", "hidden-single", "naked-single", "pointing", "claiming",
    "naked-pair", "naked-triple", "naked-quad", "hidden-pair", "hidden-triple", "hidden-quad",
    "x-wing", "swordfish", "jellyfish", "xy-wing", "xyz-wing", "w-wing",
    "unique-rectangle-1", "unique-rectangle-2", "unique-rectangle-3", "unique-rectangle-4",
    "hidden-rectangle", "bug-plus-1", "empty-rectangle", "simple-colors", "multi-colors",
    "x-chain", "xy-chain",
    "finned-x-wing", "sashimi-x-wing", "finned-swordfish", "sashimi-swordfish",
    "finned-jellyfish", "sashimi-jellyfish", "skyscraper", "two-string-kite", "turbot-fish",
    "aligned-pair-exclusion", "sue-de-coq"))}
# probes that may say "fires" when the finder yields nothing (never the other way): the
# uniqueness ones assume one solution; the chains' say whether closure(state, kind).false
# is not empty (without it chains._aic yields nothing)
MAY_FIRE = frozenset(("unique-rectangle-1", "unique-rectangle-2", "unique-rectangle-3",
                      "unique-rectangle-4", "hidden-rectangle", "bug-plus-1", "x-chain",
                      "xy-chain"))
# probes that read rows and columns as r*n+c (fish lines, the empty rectangle's arms)
_LINES = frozenset(("x-wing", "swordfish", "jellyfish", "empty-rectangle", "finned-x-wing",
                    "sashimi-x-wing", "finned-swordfish", "sashimi-swordfish",
                    "finned-jellyfish", "sashimi-jellyfish"))
_PLANS: dict = {}


class Plan:
    """The probe of a ladder on one geometry: codes (bytes, one per technique), the
    rectangles of the uniqueness probes (4 cells each, bytes) and the BUG+1 flag."""

    __slots__ = ("codes", "rects", "flags", "probed")

    def __init__(self, t, enabled):
        lines = len(t.rows) == t.n and len(t.cols) == t.n
        codes = bytearray()
        for tech in enabled:
            code = PROBES.get(tech.id, NONE)
            if tech.id in _LINES and not lines:
                code = NONE
            if tech.applies is not None and not tech.applies(t):
                code = OFF
            codes.append(code)
        self.codes = bytes(codes)
        self.probed = any(c != NONE for c in codes)
        self.rects, self.flags = b"", 0
        for tech in enabled:   # the uniqueness module's own tables (loaded: tech is in it)
            if tech.needs_unique and PROBES.get(tech.id, NONE) != NONE:
                module = sys.modules[tech.find.__module__]
                self.rects = module._rectangle_bytes(t.geometry)
                self.flags = 1 if module._bug_geometry(t) else 0
                break


def probe_plan(state, enabled) -> "Plan | None":
    """The probe plan of enabled (a tuple of Techniques in ladder order) for the state's
    geometry, or None when the state stays in Python (see handle) or nothing is probed."""
    if not (ENABLED and PROBE):
        return None
    t = state.tables
    if _geometry(t) is None:
        return None
    got = _PLANS.get(id(enabled))    # the entry holds enabled: its id stays its own
    if got is None or got[0] is not enabled or got[1] is not t:
        if len(_PLANS) > 64:
            _PLANS.clear()
        got = _PLANS[id(enabled)] = (enabled, t, Plan(t, enabled))
    plan = got[2]
    return plan if plan.probed else None


def probe(state, plan: Plan, start: int) -> int:
    """The first position >= start of plan whose technique fires on the state or is not
    probed (len(plan.codes) when there is none)."""
    givens = state._cache.get("c.givens")
    if givens is None:
        givens = state._cache["c.givens"] = bytes(state.givens)
    return C.logic_probe(handle(state), plan.codes, start, givens, plan.rects, plan.flags)


RUN_LAST = PROBES["hidden-quad"]     # probe codes 0..RUN_LAST: taken by logic_run


def run(state, plan: Plan, limit: int):
    """(records, values, candidates, stop) of logic_run on the state (see the module
    docstring and sudokit/_c/logic_run.c), or None when the state's geometry has weak links
    the C tables do not hold (placing a value then removes more than logic_run knows of)."""
    if state.geometry.links and not links_known(state):
        return None
    givens = state._cache.get("c.givens")
    if givens is None:
        givens = state._cache["c.givens"] = bytes(state.givens)
    return C.logic_run(handle(state), plan.codes, givens, plan.rects, plan.flags, limit)
