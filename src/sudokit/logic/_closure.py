"""A player's state checked against what logic proves from the givens, with no search.

A hint on a player's state must not rest on a wrong value or a wrong mark.  The plain
check compares the state with the one solution, which costs a uniqueness proof: a second
search over the whole grid, ten seconds and more on a hard 25x25.  Most of a player's
work is what logic finds from the givens anyway (the page's own hints, singles), so it is
checked here against the *closure*: the state that the ladder's techniques, less the
uniqueness ones, reach from the givens.  Each of those steps holds in every solution, so

    closure places w in a cell    every solution has w there
    closure drops v from a cell   no solution has v there

and a player's state is sound when each of its values is the closure's value there and
each of its marked cells keeps every candidate the closure keeps (or the closure's value).
A value the closure rules out is wrong for sure; so is a mark that drops the closure's
value.  Anything else (the player went further than the closure) is not known here: the
caller falls back to the solution.

The closure is walked in slices (FIRST_SLICE seconds, then twice as long each time, never
more than half the time left of the caller's limit, LONGEST seconds in all without one)
only as far as the player's state needs, and kept per puzzle (the last CACHED puzzles of
this process): the hints of one game walk it once, a later hint walks on from where it
stopped.

Rejected: one search for a solution of the player's state (values placed, marks as
candidates): on the 18 minimal 25x25 of gecode_25x25.txt it needs 0.01 to 20 s, as long
as the proof itself.
"""

from __future__ import annotations

from . import _budget
from ._budget import TimeLimitReached
from .state import Problem, State, cell_name

__all__ = ["check_against_closure", "closure", "FIRST_SLICE", "LONGEST", "CACHED"]

FIRST_SLICE = 0.2   # seconds of the first walk; each next slice is twice as long
LONGEST = 4.0       # seconds walked in all by one check when the caller sets no limit
CACHED = 16         # puzzles whose closure is kept

_CACHE: dict = {}   # (geometry, givens) -> [State reached, finished]


def _enabled(geometry):
    from . import _enabled as enabled
    return tuple(t for t in enabled(None, None, geometry) if not t.needs_unique)


def closure(state: State, seconds: "float | None" = None) -> "tuple[State, bool]":
    """(the closure state reached so far from state's givens, whether it is whole).

    seconds: walk on for that long from where the kept closure stopped (None: no more
    than is kept, or FIRST_SLICE when nothing is)."""
    from . import _walk
    key = (state.geometry, state.givens)
    kept = _CACHE.get(key)
    if kept is not None and (kept[1] or seconds is None):
        return kept[0], kept[1]
    start = kept[0] if kept is not None else State.from_grid(state.puzzle(),
                                                             geometry=state.geometry)
    path: list = []
    whole = False
    try:
        with _budget.time_limit(seconds or FIRST_SLICE):
            got = _walk(start, _enabled(state.geometry), None, path, True)
        whole = True
        reached = got.state if got.state is not None else start
    except TimeLimitReached:
        reached = start
        for step in path:
            reached = reached.apply(step)
    if len(_CACHE) >= CACHED and key not in _CACHE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = [reached, whole]
    return reached, whole


def check_against_closure(state: State) -> "list[Problem] | None":
    """The problems of a player's state that the closure proves ([]: sound), or None when
    the closure does not reach far enough to tell within the time it may take."""
    from time import monotonic
    began = monotonic()
    seconds = None
    while True:
        reached, whole = closure(state, seconds)
        if reached.plain_problems():  # the givens contradict themselves: not for us to say
            return None
        found = _compare(state, reached)
        if found is not None or whole:
            return found
        seconds = FIRST_SLICE if seconds is None else 2 * seconds
        left = _budget.remaining()
        if left is None:
            left = LONGEST - (monotonic() - began)
        seconds = min(seconds, left / 2)
        if seconds < 0.05:
            return None


def _compare(state: State, reached: State) -> "list[Problem] | None":
    t = state.tables
    out = []
    known = True
    for c, (v, m, g, w, k) in enumerate(zip(state.values, state.candidates, state.givens,
                                            reached.values, reached.candidates)):
        if v:
            if g or v == w:
                continue
            if w:
                out.append(Problem("wrong-value", c, v,
                                   f"{cell_name(c, t.n)} holds {t.value(v)} but the solution "
                                   f"has {t.value(w)} there"))
            elif not k >> (v - 1) & 1:
                out.append(Problem("wrong-value", c, v,
                                   f"{cell_name(c, t.n)} holds {t.value(v)}, which the givens "
                                   f"rule out there"))
            else:
                known = False
        elif w:
            if not m >> (w - 1) & 1:
                out.append(Problem("removed-candidate", c, w,
                                   f"{t.value(w)} was removed from {cell_name(c, t.n)} but "
                                   f"the solution needs it there"))
        elif k & ~m:
            known = False
    if out:
        return out
    return [] if known else None
