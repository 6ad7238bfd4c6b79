"""The ladder's easy stretch in one C call (sudokit/_c/logic_run.c; issue #15 speed).

``easy_run(state, enabled, limit)`` gives the steps ``ladder.first_step`` would give one
after the other from a state while each is a single, locked candidates or a naked or
hidden subset, taken in C; the Steps are built here with the finders' own builders, so
they are the plain ladder's.  Kept apart from ladder.py: it imports the technique modules,
which import the ladder.
"""

from __future__ import annotations

from . import _cfast
from .state import State
from .techniques import intersections, singles, subsets

__all__ = ["easy_run"]

# the Step builder of each easy probe code (logic_run's records, by code: logic/probe.h)
_BUILDERS = (singles.full_house_step, singles.hidden_single_step, singles.naked_single_step,
             lambda t, *r: intersections.locked_step(t, True, *r),
             lambda t, *r: intersections.locked_step(t, False, *r),
             subsets.naked_step, subsets.naked_step, subsets.naked_step,
             subsets.hidden_step, subsets.hidden_step, subsets.hidden_step)


def easy_run(state, enabled, limit: int):
    """(steps, the state they reach, stop): the steps first_step would give one after the
    other from state while each is a single, locked candidates or a naked or hidden subset
    (at most limit of them), where enabled[:stop] find nothing on the state reached
    (first_step's start); None when the state stays in Python (no C extension, no probe,
    weak links the C tables do not hold: _cfast.links_known)."""
    plan = _cfast.probe_plan(state, enabled)
    if plan is None or limit <= 0:
        return None
    got = _cfast.run(state, plan, limit)
    if got is None:
        return None
    records, values, cands, stop = got
    if not records:
        return [], state, stop
    t = state.tables
    steps = [_BUILDERS[r[0]](t, *r[1:]) for r in records]
    return steps, state._inherit(State(state.geometry, values, cands, state.givens)), stop
