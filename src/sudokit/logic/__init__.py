"""Solve like a person: a candidates state, steps that explain themselves, hints.

    >>> from sudokit import logic
    >>> path = logic.steps("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> path.status, len(path.steps) > 0
    ('solved', True)
    >>> step = logic.hint("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    >>> step.technique, step.placements
    ('hidden-single', ((10, 6),))

``State``: values plus candidates (a player's pencil marks may differ from what the values
imply).  ``Step``: one deduction (technique id, evidence, placements, eliminations, text,
difficulty).  ``hint(state)``: the next easiest step; ``steps(puzzle)``: the whole path;
``apply(state, step)``: the state after a step.  Techniques are tried in the order of
``ladder()`` (Sudoku Explainer's where it defines one); ``techniques=``/``exclude=`` choose
them by id.  A hint is never built on a wrong state: ``State.problems()`` is checked first
and ``InconsistentState`` names what is wrong.

Where things live:

    state.py, step.py   the State (immutable: values, candidates, givens) and the Step
    ladder.py           the techniques in rank order; first_step
    techniques/         sudokit's own ladder: one module per family (every geometry)
    core/               what every policy shares: bits, tables, one board with undo, the
                        link graph (links.py), assume and propagate (propagate.py)
    _cfast.py, _easy.py the C twins of the hot finders, the ladder's probe, the easy
                        stretch in one C call
    _budget.py          the time limit of a logic call

Sudoku Explainer's and HoDoKu's ratings are the other two policies on the same core
(``sudokit.rate``).
"""

from __future__ import annotations

from .._value import Value
from . import _budget
from ._budget import TimeLimitReached
from ._easy import easy_run
from .ladder import LEVELS, Technique, first_step, ladder, technique
from .state import InconsistentState, Problem, State
from .step import Step

__all__ = ["State", "Step", "Problem", "InconsistentState", "Path", "Technique", "hint",
           "hint_status", "steps", "apply", "diagnose", "ladder", "technique", "LEVELS",
           "TimeLimitReached"]

# statuses of a path (the solver's words where they mean the same)
SOLVED, STUCK, ILLEGAL, IMPOSSIBLE, AMBIGUOUS, INCONSISTENT, LIMIT, TIME_LIMIT = (
    "solved", "stuck", "illegal", "impossible", "ambiguous", "inconsistent", "limit",
    "time-limit")
HINT = "hint"


def _enabled(techniques, exclude, geometry) -> "tuple[Technique, ...]":
    """The ladder restricted to the ids of techniques (None: all) minus those of exclude,
    and without the techniques that cannot fire on the geometry (``Technique.applies``: the
    sums where no rule sums; so the C runs of the others stay whole: logic._easy)."""
    if isinstance(techniques, str) or isinstance(exclude, str):
        raise TypeError("techniques= and exclude= take a list of ids, not one string")
    chosen = _ladder_for(geometry)
    if techniques is not None:
        want = {technique(i).id for i in techniques}
        chosen = tuple(t for t in chosen if t.id in want)
    if exclude:
        drop = {technique(i).id for i in exclude}
        chosen = tuple(t for t in chosen if t.id not in drop)
    return chosen


_FOR: dict = {}


def _ladder_for(geometry) -> "tuple[Technique, ...]":
    """The ladder less the techniques that cannot fire on the geometry (cached)."""
    got = _FOR.get(geometry)
    if got is None:
        from .core.tables import tables
        t = tables(geometry)
        got = tuple(x for x in ladder() if x.applies is None or x.applies(t))
        if len(_FOR) >= 64:
            _FOR.clear()
        _FOR[geometry] = got
    return got


def hint(puzzle, *, all: bool = False, techniques=None, exclude=None, check: bool = True,
         time_limit: "float | None" = None):
    """The next step of the easiest technique that finds one, or None when none does.

    puzzle: a State, a Grid, a line, or a pencil-mark line.  all=True: every step of that
    technique (a list; [] when none).  check: make sure the state is sound (every placed
    value and every needed candidate agrees with the one solution), raising
    InconsistentState otherwise; check=False skips that (for callers that already did).
    The puzzle as written (no player's values or marks) pays for its uniqueness proof only
    as far as it needs it (see hint_status).  time_limit: seconds; TimeLimitReached when
    they run out first.
    """
    if not check:
        with _budget.time_limit(time_limit):
            state = State.of(puzzle)
            return first_step(state, _enabled(techniques, exclude, state.geometry), all=all)
    status, found, problems = hint_status(puzzle, all=all, techniques=techniques,
                                          exclude=exclude, time_limit=time_limit)
    if status == TIME_LIMIT:
        raise TimeLimitReached()
    if problems:
        raise InconsistentState(problems)
    return found


def hint_status(puzzle, *, all: bool = False, techniques=None, exclude=None,
                time_limit: "float | None" = None):
    """(status, found, problems) of a hint: what the hint command and the web page answer.

    status: 'hint' (found: a Step, or with all=True a non-empty list of them), 'solved',
    'stuck' (no enabled technique applies), 'time-limit' (time_limit seconds ran out
    first), or diagnose's 'illegal', 'impossible', 'ambiguous', 'inconsistent' (problems
    says why).  found is None (or []) unless status is 'hint'.

    The uniqueness proof (a search for a second solution: ten seconds and more on a hard
    25x25) is paid only when needed.  It is tried within a small node budget (250,000 over
    the cell count: every 9x9 of the public hardest sets needs under 2,100 nodes on either
    backend).  When that is not enough, the puzzle as written goes unproven, and a
    player's values and marks are checked against what logic proves from the givens
    (logic._closure, no search); only when that cannot tell are they checked against the
    solution (the proof).  Unproven, the proof is made only when the step found is a
    uniqueness technique's or no step is found.  A step of the other techniques holds in
    every solution that the (checked) state allows, so it needs no proof.
    """
    state = State.of(puzzle)
    enabled = _enabled(techniques, exclude, state.geometry)
    none = [] if all else None
    try:
        with _budget.time_limit(time_limit):
            status, problems, proven = _diagnose(state, quick=True)
            if status is not None:
                return status, none, problems
            if state.is_solved():
                return SOLVED, none, []
            found = first_step(state, enabled, all=all)
            steps_found = found if isinstance(found, list) else [found] if found else []
            if not proven and (not steps_found or any(technique(s.technique).needs_unique
                                                      for s in steps_found)):
                status, problems, _ = _diagnose(state)
                if status is not None:
                    return status, none, problems
    except TimeLimitReached:
        return TIME_LIMIT, none, []
    return (HINT if steps_found else STUCK), found, []


def apply(state, step: Step) -> State:
    """The state after step (its eliminations, then its placements)."""
    return State.of(state).apply(step)


class Path(Value):
    """A logical path: the state it started from, its steps, the state it reached, a status.

    status: 'solved' (logic alone reached the solution), 'stuck' (no enabled technique
    applies), 'limit' (max_steps reached), 'time-limit' (the time limit ran out: the steps
    found so far are kept), or, with no step: 'illegal' (the givens clash),
    'impossible' (no solution), 'ambiguous' (several solutions: logic needs a unique
    puzzle), 'inconsistent' (pencil marks or placed values that contradict the solution;
    problems lists them).

    reached (status 'time-limit' only, else None): the ladder rank the search for the next
    step had reached when the time ran out, every easier enabled technique having found
    nothing on state; so the rest of the path needs a technique of that rank or above
    (None when the time ran out elsewhere, e.g. in the uniqueness proof).
    """

    __slots__ = ("status", "start", "steps", "state", "problems", "reached")

    def __init__(self, status: str, start: State, steps=(), state=None, problems=(),
                 reached=None):
        _set = object.__setattr__
        _set(self, "status", status)
        _set(self, "start", start)
        _set(self, "steps", tuple(steps))
        _set(self, "state", state if state is not None else start)
        _set(self, "problems", tuple(problems))
        _set(self, "reached", reached)

    def __iter__(self):
        """The steps in order: ``for step in logic.steps(puzzle)`` reads as it says."""
        return iter(self.steps)

    @property
    def hardest(self) -> "Step | None":
        """The first step of the highest SE rating (None for no step)."""
        best = None
        for s in self.steps:
            if best is None or s.se > best.se:
                best = s
        return best

    def _repr_html_(self) -> str:
        """The status and each step's picture over the state it starts from (Jupyter)."""
        from ..render._repr import path_html
        return path_html(self)

    def to_json(self) -> dict:
        return {"status": self.status, "steps": [s.to_json() for s in self.steps],
                "problems": [p.to_json() for p in self.problems]}


def diagnose(state: State):
    """(status, problems) of a state: (None, []) when it is sound (one solution, and every
    placed value and needed candidate agrees with it), else the path status that says why:
    'ambiguous', 'illegal' or 'impossible' for the puzzle as written, 'inconsistent' for
    a player's marks or placements that contradict it."""
    status, problems, _ = _diagnose(state)
    return status, problems


def _diagnose(state: State, *, quick: bool = False):
    """diagnose's (status, problems) and whether the uniqueness proof was made.  quick:
    try the proof within _budget.FIRST_NODES over the cell count search nodes only; when
    that is not enough, the puzzle as written is taken unproven ((None, [], False)) and a
    player's state is checked against the closure of logic from the givens (_closure: no
    search), the proof made only when that cannot tell."""
    problems = state.plain_problems()
    if not problems:
        # (the proof reads the givens only: tried first; whether the marks are the givens'
        # own, which costs a rebuild of the state, matters only when it is not made)
        if quick and state._solution(nodes=_budget.FIRST_NODES // len(state.values) + 1) \
                is None:
            if state.values == state.givens and state.is_fresh():
                return None, [], False
            # a player's state: checked against what logic proves from the givens
            from ._closure import check_against_closure
            found = check_against_closure(state)
            if found == []:
                return None, [], False
            problems = found or []
        if not problems:
            problems = state.problems(plain=problems)
    if not problems:
        return None, problems, True
    kinds = {p.kind for p in problems}
    if "several-solutions" in kinds:
        return AMBIGUOUS, problems, True
    if state.is_fresh():  # the puzzle as written: its own contradictions
        return (ILLEGAL if "clash" in kinds else IMPOSSIBLE), problems, True
    return (ILLEGAL if "clash" in kinds and state.values == state.givens else INCONSISTENT), \
        problems, True


def steps(puzzle, *, techniques=None, exclude=None, max_steps: "int | None" = None,
          time_limit: "float | None" = None) -> Path:
    """The whole logical path of a puzzle (or state): hint, apply, until solved or stuck.

    The uniqueness proof is paid as hint_status pays it: at once when quick (every 9x9)
    or for a player's state; else only before a uniqueness technique's step or when logic
    is stuck (a path that logic solves proves that the solution is unique).

    time_limit: seconds for the whole path (the uniqueness proof included); when they run
    out the path has status 'time-limit' and the steps found so far."""
    if max_steps is not None and not (isinstance(max_steps, int) and max_steps >= 0):
        raise ValueError(f"max_steps must be a non-negative integer or None, not {max_steps!r}")
    start = State.of(puzzle)
    enabled = _enabled(techniques, exclude, start.geometry)
    path: list = []
    state = start
    try:
        with _budget.time_limit(time_limit):
            status, problems, proven = _diagnose(start, quick=True)
            if status is not None:
                return Path(status, start, problems=problems)
            got = _walk(start, enabled, max_steps, path, proven)
            if got.status == STUCK and not proven:
                status, problems, _ = _diagnose(start)
                if status is not None:
                    return Path(status, start, problems=problems)
            return got
    except TimeLimitReached as exc:
        if path:
            state = start
            for step in path:
                state = state.apply(step)
        return Path(TIME_LIMIT, start, path, state, reached=exc.reached)


def _walk(start: State, enabled, max_steps, path: list, proven: bool = True) -> Path:
    """steps' loop from a sound state; path (the caller's list) grows as steps are found.
    proven False: the givens' uniqueness is not known yet; it is proven before the first
    uniqueness technique's step (a Path of diagnose's status, no step, when it fails)."""
    state = start
    while not state.is_solved():
        _budget.check()
        if max_steps is not None and len(path) >= max_steps:
            return Path(LIMIT, start, path, state)
        # the easy steps in a row in C (the same steps first_step gives, one by one)
        run = easy_run(state, enabled, 1 << 30 if max_steps is None else max_steps - len(path))
        begin = 0
        if run is not None:
            taken, state, begin = run
            path.extend(taken)
            if state.is_solved():
                break
            if max_steps is not None and len(path) >= max_steps:
                return Path(LIMIT, start, path, state)
        step = first_step(state, enabled, start=begin)
        if step is None:
            return Path(STUCK, start, path, state)
        if not proven and technique(step.technique).needs_unique:
            start._cache["solution"] = state._solution()  # (the finder's proof: cached)
            status, problems, proven = _diagnose(start)
            if status is not None:
                return Path(status, start, problems=problems)
        after = state.apply(step)
        if after == state:
            raise RuntimeError(f"{step.technique} made no progress: {step}")
        path.append(step)
        state = after
    return Path(SOLVED, start, path, state)
