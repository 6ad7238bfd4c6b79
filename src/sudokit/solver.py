"""Public solving API: solve, solutions, count_solutions, check, search, is_solution.

Every entry takes a Grid or a string (parsed leniently), an ``engine=`` keyword and a
``node_limit=``.  Engines:

    auto       the C 9x9 kernel for 9x9 grids when built; otherwise, when looking for one or
               two solutions, propagate and learn in turn with growing node budgets (see
               portfolio: propagate wins on easy and nearly empty grids, learn on hard large
               ones), and propagate when counting further
    propagate  candidate bitmasks, naked and hidden singles, fewest-candidates branching
    dlx        Knuth's Algorithm X with dancing links on the Sudoku exact-cover matrix
    backtrack  plain row-major depth-first search (fine for easy puzzles only)
    fast9      the C 9x9 bitboard kernel (9x9 only; C backend only)
    learn      CDCL: clause learning on the Sudoku exactly-one groups (for very hard large
               grids, e.g. the minimal 25x25 puzzles; auto turns to it; nodes = decisions)

A search stopped by its node limit never answers "no solution": ``solve`` and
``count_solutions`` raise SearchLimitReached, ``check`` returns Verdict.LIMIT and ``search``
returns a result with ``stopped=True``.  Every solution handed out is verified by
``is_solution``, which shares no code with any solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterator

from . import _backend
from .errors import SearchLimitReached
from .grid import Grid, as_grid

__all__ = ["Verdict", "SearchResult", "ENGINES", "solve", "solutions", "count_solutions", "check",
           "search", "is_solution", "engines"]

ENGINES = ("auto", "propagate", "dlx", "backtrack", "fast9", "learn")


class Verdict(str, Enum):
    """What a puzzle is: the UVa 10957 verdicts, plus LIMIT when the node limit stopped the search."""

    ILLEGAL = "illegal"
    UNIQUE = "unique"
    AMBIGUOUS = "ambiguous"
    IMPOSSIBLE = "impossible"
    LIMIT = "limit"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class SearchResult:
    """The outcome of one search: solutions counted up to ``limit``, the first one, effort."""

    count: int
    solution: Grid | None
    nodes: int
    stopped: bool
    engine: str
    limit: int | None

    @property
    def verdict(self) -> Verdict:
        """UNIQUE / AMBIGUOUS / IMPOSSIBLE as far as the search went (LIMIT if it stopped early)."""
        if self.count >= 2:
            return Verdict.AMBIGUOUS
        if self.stopped:
            return Verdict.LIMIT
        if self.limit == 1 and self.count == 1:
            return Verdict.LIMIT  # a search for one solution cannot tell unique from ambiguous
        return Verdict.UNIQUE if self.count == 1 else Verdict.IMPOSSIBLE


def engines() -> list[str]:
    """Return the engine names usable with the active backend."""
    return ["auto"] + list(_backend.KERNELS)


# 'auto' off the 9x9 C kernel: (engine, budget) turns.  propagate turns are fresh searches;
# the learn turns continue one search (its learned clauses and activities kept).  On 25x25
# grids a propagate node costs about 3.5 µs and a learn decision 30-70 µs, so propagate gets
# 4x the nodes and still only a fraction of the time.
_PORTFOLIO_FIRST = 2000    # propagate nodes of the first turn
_PORTFOLIO_LEARN = 1000    # learn decisions of the second turn; every later pair grows 4x


def portfolio_turns():
    """Yield the (engine, node budget) turns of 'auto' when it is not the 9x9 C kernel."""
    yield "propagate", _PORTFOLIO_FIRST
    budget = _PORTFOLIO_LEARN
    while True:
        yield "learn", budget
        yield "propagate", 4 * budget
        budget *= 4


def portfolio(values: bytes, box_rows: int, box_cols: int, limit: int, node_limit: int,
              turns=None):
    """Run the 'auto' turns on one puzzle: (engine, count, first, nodes, stopped).

    A propagate turn is a fresh search with the turn's node budget; a learn turn resumes the
    one learn search of this call (_backend.LearnRun) for the turn's budget of further
    decisions.  The first turn that finishes (not stopped by its budget) answers and its
    engine is named; nodes is the sum over every turn.  node_limit (0: none) caps that sum;
    when it runs out the best partial answer (most solutions found) is returned with
    stopped=True.  Deterministic: the C and pure-Python kernels take the same steps, so both
    backends answer alike.
    """
    kernels = _backend.KERNELS
    used = 0
    run = None
    learned = 0  # decisions of the learn search so far
    best = ("propagate", 0, None)
    for name, budget in (turns if turns is not None else portfolio_turns()):
        if node_limit:
            budget = min(budget, node_limit - used)
            if budget <= 0:
                break
        if name == "learn":
            if run is None:
                run = _backend.LearnRun(values, box_rows, box_cols)
            count, first, total, stopped = _backend.resume_in_steps(run, limit, budget)
            nodes, learned = total - learned, total
        else:
            count, first, nodes, stopped = kernels[name](values, box_rows, box_cols, limit,
                                                         budget)
        used += nodes
        if not stopped:
            return name, count, first, used, False
        if count > best[1]:  # (a kernel returns a first solution exactly when count >= 1)
            best = (name, count, first)
    return best[0], best[1], best[2], used, True


def _uses_portfolio(name: str, grid_shape, limit: int) -> bool:
    return name == "auto" and 1 <= limit <= 2 and not (
        grid_shape.box_rows == grid_shape.box_cols == 3 and "fast9" in _backend.KERNELS)


def _kernel(engine: str | None, grid: Grid):
    name = engine or "auto"
    if name == "auto":
        kernels = _backend.KERNELS
        name = "fast9" if grid.shape.size == 9 and grid.shape.box_rows == 3 and "fast9" in kernels \
            else "propagate"
    try:
        kernel = _backend.KERNELS[name]
    except KeyError:
        if name == "fast9":
            raise ValueError("engine 'fast9' needs the C backend "
                             f"({_backend.backend_reason() or 'not built'})") from None
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}") from None
    if name == "fast9" and not (grid.shape.box_rows == grid.shape.box_cols == 3):
        raise ValueError(f"engine 'fast9' solves 9x9 grids only, not {grid.shape}")
    return name, kernel


def _limit(value, what: str) -> int:
    if value is None:
        return 0
    if type(value) is not int or value < 1:
        raise ValueError(f"{what} must be a positive integer or None, not {value!r}")
    return value


def search(puzzle, *, limit: int | None = 2, engine: str | None = None,
           node_limit: int | None = None, box=None, alphabet=None) -> SearchResult:
    """Return a SearchResult counting solutions up to limit (None: all), with the first one."""
    grid = puzzle if type(puzzle) is Grid and box is None else as_grid(puzzle, box=box, alphabet=alphabet)
    name, count, solution, nodes, stopped = _run(grid, limit, engine, node_limit)
    return SearchResult(count, solution, nodes, stopped, name, limit)


def _run(grid: Grid, limit, engine, node_limit):
    """Run one kernel: (engine name, count, verified first solution or None, nodes, stopped)."""
    lim = _limit(limit, "limit")
    nlim = _limit(node_limit, "node_limit")
    shape = grid.shape
    values = bytes(grid.values)
    if _uses_portfolio(engine or "auto", shape, lim):
        name, count, first, nodes, stopped = portfolio(values, shape.box_rows, shape.box_cols,
                                                       lim, nlim)
    else:
        name, kernel = _kernel(engine, grid)
        count, first, nodes, stopped = kernel(values, shape.box_rows, shape.box_cols, lim, nlim)
    solution = None
    if first is not None:
        solution = Grid._trusted(tuple(first), shape)
        _verify(solution, grid, name, first, values)
    return name, count, solution, nodes, bool(stopped)


def _verify(solution: Grid, puzzle: Grid, engine: str, raw: bytes | None = None,
            raw_puzzle: bytes | None = None) -> None:
    """Raise AssertionError unless solution solves puzzle (the C checker when built: same rules)."""
    C = _backend.C
    if C is not None and raw is not None:
        shape = puzzle.shape
        ok = C.is_solution(raw, shape.box_rows, shape.box_cols, raw_puzzle)
    else:
        ok = is_solution(solution, puzzle)
    if not ok:
        raise AssertionError(f"engine {engine!r} returned a grid that is not a solution of "
                             f"{puzzle.to_line() if puzzle.size <= 35 else puzzle!r}; please report this bug")


def solve(puzzle, *, engine: str | None = None, node_limit: int | None = None, box=None,
          alphabet=None) -> Grid | None:
    """Return a solution, or None if there is none; raises SearchLimitReached if stopped first."""
    if engine is None and node_limit is None and box is None and alphabet is None \
            and _FAST9 is not None:
        if type(puzzle) is str:
            answer = _solve9_line(puzzle)
        elif type(puzzle) is Grid and puzzle.shape.box_rows == puzzle.shape.box_cols == 3:
            answer = _solve9(bytes(puzzle.values), puzzle.shape)
        else:
            answer = _SLOW
        if answer is not _SLOW:
            return answer
    grid = puzzle if type(puzzle) is Grid and box is None else as_grid(puzzle, box=box, alphabet=alphabet)
    _, _, solution, nodes, stopped = _run(grid, 1, engine, node_limit)
    if solution is None and stopped:
        raise SearchLimitReached(f"node limit {node_limit} reached before any solution was found",
                                 nodes=nodes, found=0)
    return solution


_FAST9 = _backend.KERNELS.get("fast9")  # the C 9x9 kernel: what 'auto' runs on 9x9 grids
_SLOW = object()


_quick_values = None  # formats.quick_values, looked up on first use (formats imports grid)


def _solve9_line(text: str):
    """solve(text) for a plain 9x9 line with the C kernels: read (one C call), fast9, verify;
    the same answer as the general path, without its Python layers.  _SLOW: not such a line."""
    global _quick_values
    if _quick_values is None:
        from .formats import quick_values as _quick_values
    quick = _quick_values(text)
    if quick is None or quick[1].ncells != 81 or quick[1].box_rows != 3:
        return _SLOW
    return _solve9(*quick)


def _solve9(values: bytes, shape):
    """fast9 on trusted 9x9 values, the answer verified: a Grid, or None (no solution)."""
    count, first, nodes, stopped = _FAST9(values, 3, 3, 1, 0)
    if first is None:
        return None
    if not _backend.C.is_solution(first, 3, 3, values):
        grid = Grid._trusted(tuple(values), shape)
        _verify(Grid._trusted(tuple(first), shape), grid, "fast9", first, values)
    return Grid._trusted(tuple(first), shape)


def count_solutions(puzzle, *, limit: int | None = 2, engine: str | None = None,
                    node_limit: int | None = None, box=None, alphabet=None) -> int:
    """Return the number of solutions, counting no further than limit (None: all of them).

    Raises SearchLimitReached when the node limit stops the search before it could tell.
    """
    result = search(puzzle, limit=limit, engine=engine, node_limit=node_limit, box=box,
                    alphabet=alphabet)
    if result.stopped:
        raise SearchLimitReached(f"node limit {node_limit} reached after {result.count} solution(s)",
                                 nodes=result.nodes, found=result.count)
    return result.count


def check(puzzle, *, engine: str | None = None, node_limit: int | None = None, box=None,
          alphabet=None) -> Verdict:
    """Return ILLEGAL (givens clash, decided before any search), UNIQUE, AMBIGUOUS, IMPOSSIBLE or LIMIT."""
    grid = as_grid(puzzle, box=box, alphabet=alphabet)
    if not grid.is_legal():
        return Verdict.ILLEGAL
    return search(grid, limit=2, engine=engine, node_limit=node_limit).verdict


def solutions(puzzle, *, limit: int | None = None, engine: str | None = None,
              node_limit: int | None = None, box=None, alphabet=None) -> Iterator[Grid]:
    """Yield solutions one at a time (at most limit); raises SearchLimitReached at the node limit.

    Iteration runs the pure-Python generator of the chosen engine ('auto' and 'fast9' mean
    'propagate' here), so it works the same with either backend.
    """
    grid = as_grid(puzzle, box=box, alphabet=alphabet)
    lim = _limit(limit, "limit")
    nlim = _limit(node_limit, "node_limit")
    from . import _kernels, sudoku_cover
    generators = {"propagate": _kernels.propagate_solutions, "backtrack": _kernels.backtrack_solutions,
                  "dlx": sudoku_cover.dlx_solutions, "learn": _kernels.learn_solutions}
    name = engine or "auto"
    if name in ("auto", "fast9"):
        name = "propagate"
    if name not in generators:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    return _iterate(generators[name], grid, lim, nlim, name)


def _iterate(gen_factory, grid: Grid, limit: int, node_limit: int, name: str) -> Iterator[Grid]:
    from ._kernels import KernelStop
    shape = grid.shape
    counter = [0]
    found = 0
    try:
        for values in gen_factory(bytes(grid.values), shape.box_rows, shape.box_cols, node_limit,
                                  counter):
            solution = Grid._trusted(tuple(values), shape)
            _verify(solution, grid, name)
            found += 1
            yield solution
            if found == limit:
                return
    except KernelStop as stop:
        raise SearchLimitReached(f"node limit {node_limit} reached after {found} solution(s)",
                                 nodes=stop.nodes, found=found) from None


def is_solution(solution, puzzle=None) -> bool:
    """Return True if solution is a complete valid grid that keeps every given of puzzle.

    Independent of every solver: it only counts values per unit.
    """
    try:
        sol = as_grid(solution)
    except ValueError:
        return False
    vals = sol.values
    n = sol.shape.size
    want = set(range(1, n + 1))
    for unit in sol.shape.units:
        if {vals[c] for c in unit} != want:
            return False
    if puzzle is not None:
        puz = as_grid(puzzle, box=sol.shape)
        if puz.shape is not sol.shape:
            return False
        for g, s in zip(puz.values, vals):
            if g and g != s:
                return False
    return True
