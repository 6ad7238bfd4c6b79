"""The time limit of a logic call: a deadline that the long loops check.

``hint(..., time_limit=s)`` and ``steps(..., time_limit=s)`` set a deadline (a
``time.monotonic()`` value) for the call; ``check()`` raises ``TimeLimitReached`` once it
has passed.  It is checked between techniques (ladder.first_step), between steps
(logic.steps), between the bounded searches of the uniqueness proof (State._solution) and
inside the long loops of the finders (the propagation of the forcing chains and nishio,
the chain and ALS searches, Sue de Coq's Python search: minutes on an empty 25x25).  The
C finders run per technique and return within a fraction of a second, so checking between
their calls is enough.

The deadline lives in a ContextVar: each thread has its own (the server answers requests
in threads), and the finders' generators read the deadline of the thread running them.
Rejected: SIGALRM (the main thread's only, and one per process), and a thread that
stops the work (Python cannot stop another thread).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from time import monotonic

__all__ = ["TimeLimitReached", "check", "time_limit", "remaining", "search", "is_quick"]

# search nodes times cells: the first node limit of a search under a deadline (doubled
# while the deadline allows; a hard 25x25 needs ten seconds and more), and the budget of a
# hint's quick uniqueness proof (logic._diagnose)
FIRST_NODES = 250_000

_DEADLINE: ContextVar = ContextVar("sudokit_logic_deadline", default=None)


class TimeLimitReached(Exception):
    """A logic call's time limit ran out before it could answer (hint raises it; steps
    answers a Path of status 'time-limit' with the steps found so far)."""

    reached = None  # ladder.first_step's note: the rank of the technique it was trying

    def __init__(self, message: str = "the time limit ran out before logic could answer"):
        super().__init__(message)


def check() -> None:
    """Raise TimeLimitReached when the current deadline has passed (none: return)."""
    deadline = _DEADLINE.get()
    if deadline is not None and monotonic() > deadline:
        raise TimeLimitReached()


def remaining() -> "float | None":
    """Seconds left before the current deadline (None: no deadline; may be negative)."""
    deadline = _DEADLINE.get()
    return None if deadline is None else deadline - monotonic()


def seconds_of(time_limit) -> "float | None":
    """A time_limit argument checked: None, or a positive number of seconds."""
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or \
            not time_limit > 0 or time_limit != time_limit:
        raise ValueError(f"time_limit must be a positive number of seconds or None, "
                         f"not {time_limit!r}")
    return float(time_limit)


@contextmanager
def time_limit(seconds):
    """Within the block, check() raises once seconds have passed (None: no new limit; an
    outer limit that ends sooner still holds)."""
    seconds = seconds_of(seconds)
    if seconds is None:
        yield
        return
    deadline = monotonic() + seconds
    outer = _DEADLINE.get()
    if outer is not None:
        deadline = min(deadline, outer)
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def is_quick(grid) -> bool:
    """True when one unbounded search is quicker than any budget: a classic 9x9 with the C
    kernels goes to fast9 (microseconds; the hardest known 9x9 take a millisecond), where
    a node limit would send it to the slower portfolio (solver.choose_engine)."""
    from ..solver import choose_engine
    return choose_engine("auto", grid.geometry, 2) == "fast9"


def search(grid, *, limit: int):
    """solver.search(grid, limit=limit) under the current deadline.

    No deadline: one search.  A deadline: searches with a node limit doubling from
    FIRST_NODES over the cell count, the deadline checked between them; TimeLimitReached
    as soon as the next one would likely end after it (a C search cannot be stopped
    midway, so it is cut into pieces; the total is at most about twice one search)."""
    from ..solver import search as _search
    if remaining() is None or is_quick(grid):
        return _search(grid, limit=limit)
    budget = FIRST_NODES // len(grid.values) + 1
    while True:
        began = monotonic()
        r = _search(grid, limit=limit, node_limit=budget)
        if not r.stopped:
            return r
        check()
        # the next piece has twice the nodes; its time may grow more than that (a search
        # grows harder as it goes: 0.37 s, then 1.96 s measured): a margin of 4
        if 4 * (monotonic() - began) > remaining():  # it would not end in time
            raise TimeLimitReached()
        budget *= 2
