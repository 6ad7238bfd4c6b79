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

Candidates (pencil marks): every entry also takes ``candidates=``, None or a sequence of N*N
bitmasks (bit v-1 set when value v is allowed in the cell; formats.parse_pencilmarks returns
them), and then searches only the solutions that keep every value within its cell's mask.
A puzzle given as a one-line pencil-mark text brings its own marks (when they rule out more
than its givens do).
A given whose value is not in its cell's mask, or a cell with mask 0, leaves no solution
(IMPOSSIBLE; clashing givens stay ILLEGAL in ``check``).  The search under marks is the
exact-cover one (the Sudoku matrix without the options the marks rule out: sudoku_cover), run
by _ckernels.dlx_count or its pure-Python twin with the same nodes, so ``engine`` must be
'auto' or 'dlx' (the result names 'dlx'); any other engine raises ValueError rather than
quietly answering with a different engine than the one asked for.  Every solution is checked
against the marks as well as by ``is_solution``.

A search stopped by its node limit never answers "no solution": ``solve`` and
``count_solutions`` raise SearchLimitReached, ``check`` returns Verdict.LIMIT and ``search``
returns a result with ``stopped=True``.  Every solution handed out is verified by
``is_solution``, which shares no code with any solver.
"""

from __future__ import annotations

import operator
from enum import Enum
from typing import Iterator

from .engine import _backend, _fast9
from ._value import Value
from .errors import SearchLimitReached
from .grid import Grid, as_grid

__all__ = ["Verdict", "SearchResult", "ENGINES", "solve", "solutions", "count_solutions", "check",
           "search", "is_solution", "engines", "choose_engine", "STATUSES", "outcome",
           "solve_status", "count_word"]

from .engine import ENGINES  # noqa: E402


class Verdict(str, Enum):
    """What a puzzle is: the UVa 10957 verdicts, plus LIMIT when the node limit stopped the search."""

    ILLEGAL = "illegal"
    UNIQUE = "unique"
    AMBIGUOUS = "ambiguous"
    IMPOSSIBLE = "impossible"
    LIMIT = "limit"

    def __str__(self) -> str:
        return self.value


# --- the one status vocabulary --------------------------------------------------------------
#
# Every path that reports on a puzzle (the API, sudokit.records.batch, every command-line path, the
# tables, Dask) takes its word from here.  README.md has the same table.

SOLVED, UNIQUE, AMBIGUOUS, IMPOSSIBLE = "solved", "unique", "ambiguous", "impossible"
ILLEGAL, LIMIT, ERROR = "illegal", "limit", "error"

STATUSES = {
    SOLVED: "a solution was found (uniqueness not asked for)",
    UNIQUE: "exactly one solution",
    AMBIGUOUS: "two or more solutions",
    IMPOSSIBLE: "legal givens, but no solution",
    ILLEGAL: "the givens clash (a value repeats in a unit); decided before any search",
    LIMIT: "the node limit stopped the search before it could answer",
    ERROR: "the record could not be read (or is not a puzzle of this kind)",
}


def outcome(count: int, stopped: bool, limit: int | None, *, illegal: bool = False) -> str:
    """Return the status word of a search that found count solutions (limit None or 0: all).

    illegal, else ambiguous (two found), impossible (none, not stopped), limit (stopped
    before it could tell), solved (one found by a search for one), unique.
    """
    if illegal:
        return ILLEGAL
    if count >= 2:
        return AMBIGUOUS
    if stopped:
        return LIMIT
    if count == 0:
        return IMPOSSIBLE
    return SOLVED if limit == 1 else UNIQUE


def solve_status(count: int, stopped: bool, limit: int | None, *, illegal: bool = False) -> str:
    """The status of a solve: as ``outcome``, with 'solved' for a unique puzzle too."""
    word = outcome(count, stopped, limit, illegal=illegal)
    return SOLVED if word == UNIQUE else word


def count_word(count: int, stopped: bool, limit: int | None) -> str:
    """A count as the count command writes it: N, N+ when it reached limit, or 'limit'."""
    if stopped:
        return LIMIT
    return f"{count}+" if limit and count >= limit else str(count)


class SearchResult(Value):
    """The outcome of one search: solutions counted up to ``limit``, the first one, effort."""

    __slots__ = __match_args__ = ("count", "solution", "nodes", "stopped", "engine", "limit")

    def __init__(self, count: int, solution: Grid | None, nodes: int, stopped: bool,
                 engine: str, limit: int | None):
        _set = object.__setattr__  # (frozen: __setattr__ refuses)
        _set(self, "count", count)
        _set(self, "solution", solution)
        _set(self, "nodes", nodes)
        _set(self, "stopped", stopped)
        _set(self, "engine", engine)
        _set(self, "limit", limit)

    @property
    def status(self) -> str:
        """The status word of this search (see ``outcome``; never 'illegal': see ``check``)."""
        return outcome(self.count, self.stopped, self.limit)

    @property
    def verdict(self) -> Verdict:
        """UNIQUE / AMBIGUOUS / IMPOSSIBLE as far as the search went (LIMIT if it stopped early)."""
        word = self.status
        # a search for one solution cannot tell unique from ambiguous
        return Verdict.LIMIT if word == SOLVED else Verdict(word)


def engines() -> list[str]:
    """Return the engine names usable with the active backend."""
    return ["auto"] + list(_backend.KERNELS)


# 'auto' off the 9x9 C kernel: (engine, budget) turns.  propagate turns are fresh searches;
# the learn turns continue one search (its learned clauses and activities kept).  On 25x25
# grids a propagate node costs about 3.5 µs and a learn decision 30-70 µs, so propagate gets
# 4x the nodes and still only a fraction of the time.
_PORTFOLIO_FIRST = 2000    # propagate nodes of the first turn
_PORTFOLIO_LEARN = 1000    # learn decisions of the second turn; every later pair grows 4x


# With rules over many cells (killers, arrows, sandwiches) a propagate node costs more and the
# hard puzzles need far more of them than learn needs decisions: measured on KrazyDad's
# killers (benchmarks/bench_sums.py, count to 2, C), a first turn of 2000 / 500 / 200 / 100
# nodes gave 1.08 / 1.04 / 1.16 / 1.24 ms on the 300, 16.3 / 7.7 / 6.0 / 5.2 ms on the 50
# hardest, 0.17-0.24 ms on Solo's killers: 200 it is.
_PORTFOLIO_FIRST_SUMS = 200


def portfolio_turns(geom=None):
    """Yield the (engine, node budget) turns of 'auto' when it is not the 9x9 C kernel (geom:
    a geometry with rules over many cells gets a shorter first turn)."""
    yield "propagate", _PORTFOLIO_FIRST_SUMS if geom is not None and geom.propagators \
        else _PORTFOLIO_FIRST
    budget = _PORTFOLIO_LEARN
    while True:
        yield "learn", budget
        yield "propagate", 4 * budget
        budget *= 4


def portfolio(values: bytes, tables, limit: int, node_limit: int, turns=None):
    """Run the 'auto' turns on one puzzle: (engine, count, first, nodes, stopped).

    A propagate turn is a fresh search with the turn's node budget; a learn turn resumes the
    one learn search of this call (_backend.LearnRun) for the turn's budget of further
    decisions.  The first turn that finishes (not stopped by its budget) answers and its
    engine is named; nodes is the sum over every turn.  node_limit (0: none) caps that sum;
    when it runs out the best partial answer (most solutions found) is returned with
    stopped=True.  Deterministic: the C and pure-Python kernels take the same steps, so both
    backends answer alike.  tables: ``_backend.tables(geometry)``.
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
                run = _backend.LearnRun(values, tables)
            count, first, total, stopped = _backend.resume_in_steps(run, limit, budget)
            nodes, learned = total - learned, total
        else:
            count, first, nodes, stopped = kernels[name](values, tables, limit, budget)
        used += nodes
        if not stopped:
            return name, count, first, used, False
        if count > best[1]:  # (a kernel returns a first solution exactly when count >= 1)
            best = (name, count, first)
    return best[0], best[1], best[2], used, True


def other_solution(values: bytes, geom, engine: str, known: bytes):
    """(solutions up to 2, a solution other than ``known`` or None, nodes) of values on geom:
    the kernel counts; when its first solution is ``known``, learn's generator finds the
    other (a kernel returns only its first)."""
    tables = _backend.tables(geom)
    if engine == "learn":  # (the kernel's own search, kept: its second solution is there)
        run = _backend.LearnRun(values, tables)
        found, first, nodes, _ = run.resume(2)
        if found < 2:
            return found, None, nodes
        return found, first if first != known else run.last(), nodes
    found, first, nodes, _ = _backend.KERNELS[engine](values, tables, 2, 0)
    if found < 2 or first != known:
        return found, first if found >= 2 else None, nodes
    run = _backend.LearnRun(values, tables)  # (C or Python: the same search)
    first = run.resume(1)[1]
    if first != known:
        return found, first, nodes
    run.resume(2)
    return found, run.last(), nodes


def choose_engine(engine: str | None, shape, limit: int = 1, node_limit: int | None = None) -> str:
    """Return the engine that runs for these options: a kernel name or 'portfolio'.

    The ONE rule for what 'auto' means, used by every entry (API, batch, generate, CLI):

        'fast9'      the grid is classic 9x9 (3x3 boxes, no other rule), the C kernels are
                     built and there is
                     no node limit (fast9 counts guesses and has no pure-Python twin, so with
                     a node limit the answer would depend on the backend)
        'portfolio'  otherwise, when looking for one or two solutions (propagate and learn
                     in turn, see ``portfolio``)
        'propagate'  otherwise (counting further)

    A named engine is returned as it is, after checking that it exists here and fits the
    shape; ValueError says why not.  limit 0 means no limit, like node_limit None or 0.
    shape: a Shape (the classic geometry of its boxes) or a Geometry.
    """
    name = engine or "auto"
    kernels = _backend.KERNELS
    if hasattr(shape, "is_classic"):
        square3 = shape.box == (3, 3) and shape.is_classic
    else:
        square3 = shape.box_rows == 3 and shape.box_cols == 3
    if name == "auto":
        if square3 and not node_limit and "fast9" in kernels:
            return "fast9"
        return "portfolio" if 1 <= limit <= 2 else "propagate"
    if name not in kernels:
        if name == "fast9":
            raise ValueError("engine 'fast9' needs the C extension "
                             f"({_backend.backend_reason() or 'not built'})")
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if name == "fast9" and not square3:
        raise ValueError(f"engine 'fast9' solves classic 9x9 grids (3x3 boxes, no other rule) "
                         f"only, not {shape}")
    return name


def _limit(value, what: str) -> int:
    """Return a limit as an int (0: none); ints and numpy integers are taken, bools are not."""
    if value is None:
        return 0
    if type(value) is not int:
        value = _as_int(value, what)
    if value < 1:
        raise ValueError(f"{what} must be a positive integer or None, not {value!r}")
    return value


def _as_int(value, what: str) -> int:
    """Return an integer-like value (numpy integers included) as an int; ValueError otherwise."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise ValueError(f"{what} must be a positive integer or None, not {value!r}")


def search(puzzle, *, limit: int | None = 2, engine: str | None = None,
           node_limit: int | None = None, box=None, alphabet=None,
           candidates=None, geometry=None) -> SearchResult:
    """Return a SearchResult counting solutions up to limit (None: all), with the first one.

    geometry (every entry takes it): the rules, a Geometry or a name such as '3x3+x';
    None: the puzzle's own (classic unless it is a Grid of another geometry).
    """
    grid = puzzle if type(puzzle) is Grid and box is None and geometry is None \
        else as_grid(puzzle, box=box, alphabet=alphabet, geometry=geometry)
    if candidates is None and type(puzzle) is str:
        candidates = _text_marks(puzzle, grid, box, alphabet)
    if candidates is not None:
        name, count, solution, nodes, stopped = _run_marked(grid, candidates, limit, engine,
                                                            node_limit)
    else:
        name, count, solution, nodes, stopped = _run(grid, limit, engine, node_limit)
    return SearchResult(count, solution, nodes, stopped, name, limit)


def _text_marks(text: str, grid: Grid, box, alphabet) -> tuple[int, ...] | None:
    """Return the marks of a pencil-mark text that rule out more than its givens do, else None.

    Only a one-line N*N*N pencil-mark text (read without box=, as formats.detect_format
    reads it) has marks; the length test keeps every other text on its usual path at the
    cost of one comparison.  Marks that rule out nothing beyond the givens (the usual
    output of format_pencilmarks) change no answer and leave every engine usable.
    """
    n = grid.size
    if box is not None or len(text) < n * n * n:
        return None
    from . import formats
    if formats.detect_format(text) != "pencilmarks":
        return None
    _, masks = formats.parse_pencilmarks(text, alphabet=alphabet)
    return masks if marks_rule_out(grid, masks) else None


def marks_rule_out(grid: Grid, masks) -> bool:
    """True if the candidate masks rule out a value the givens of grid leave possible
    (or a given's own value): then they change answers and the search must use them."""
    for cell, v in enumerate(grid.values):
        if v:
            if not masks[cell] >> (v - 1) & 1:
                return True
        elif any(not masks[cell] >> (c - 1) & 1 for c in grid.candidates(cell)):
            return True
    return False


def _masks(grid: Grid, candidates) -> tuple[int, ...]:
    """Return candidates as N*N ints 0 .. 2**N-1; TypeError/ValueError naming the bad cell."""
    if isinstance(candidates, (str, bytes)) or not hasattr(candidates, "__iter__"):
        raise TypeError(f"candidates must be N*N bitmasks (ints), not {type(candidates).__name__}")
    if type(candidates).__module__ == "numpy" and hasattr(candidates, "ravel"):
        candidates = candidates.ravel().tolist()
    masks = tuple(candidates)
    ncells, n = len(grid.values), grid.shape.size
    if len(masks) != ncells:
        raise ValueError(f"{len(masks)} candidate masks for a grid of {ncells} cells")
    full = (1 << n) - 1
    out = []
    for cell, m in enumerate(masks):
        if type(m) is not int:
            try:
                m = operator.index(m)
            except TypeError:
                raise TypeError(f"candidates of cell {cell} (row {cell // n + 1}, col "
                                f"{cell % n + 1}): {m!r} is not an int bitmask") from None
        if not 0 <= m <= full:
            raise ValueError(f"candidates of cell {cell} (row {cell // n + 1}, col "
                             f"{cell % n + 1}): mask {m} is not a set of values 1..{n} "
                             f"(0 .. {full})")
        out.append(m)
    return tuple(out)


def _marked_engine(engine: str | None) -> str:
    name = engine or "auto"
    if name in ("auto", "dlx"):
        return "dlx"
    if name not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    raise ValueError(f"engine {name!r} cannot search under candidates (pencil marks): "
                     "use 'auto' or 'dlx'")


def _run_marked(grid: Grid, candidates, limit, engine, node_limit):
    """_run under pencil marks: the exact-cover route (see the module docstring)."""
    lim = _limit(limit, "limit")
    nlim = _limit(node_limit, "node_limit")
    name = _marked_engine(engine)
    masks = _masks(grid, candidates)
    from .engine import sudoku_cover
    values = bytes(grid.values)
    cover = _backend.C.dlx_count if _backend.C is not None else None  # None: exact_cover's
    count, first, nodes, stopped = sudoku_cover.dlx(values, *_classic_or(grid.geometry), lim,
                                                    nlim, engine=cover, candidates=masks)
    solution = None
    if first is not None:
        solution = grid._with_values(first)
        _verify(solution, grid, name, first, values)
        _verify_marks(solution, masks, name)
    return name, count, solution, nodes, bool(stopped)


def _verify_marks(solution: Grid, masks: tuple[int, ...], engine: str) -> None:
    """Raise AssertionError if a value of solution is not among its cell's candidates."""
    for cell, v in enumerate(solution.values):
        if not masks[cell] >> (v - 1) & 1:
            raise AssertionError(f"engine {engine!r} put {v} in cell {cell}, outside its "
                                 f"candidates (mask {masks[cell]}); please report this bug")


def _classic_or(geom) -> tuple:
    """(box_rows, box_cols) for a classic geometry, else (geometry,): what sudoku_cover takes."""
    return geom.box if geom.is_classic else (geom,)


def _run(grid: Grid, limit, engine, node_limit):
    """Run one kernel: (engine name, count, verified first solution or None, nodes, stopped)."""
    lim = _limit(limit, "limit")
    nlim = _limit(node_limit, "node_limit")
    geom = grid.geometry
    values = bytes(grid.values)
    name = choose_engine(engine, geom, lim, nlim)
    tables = _backend.tables(geom)
    if name == "portfolio":
        name, count, first, nodes, stopped = portfolio(values, tables, lim, nlim,
                                                       portfolio_turns(geom))
    else:
        count, first, nodes, stopped = _backend.KERNELS[name](values, tables, lim, nlim)
    solution = None
    if first is not None:
        solution = grid._with_values(first)
        _verify(solution, grid, name, first, values)
    return name, count, solution, nodes, bool(stopped)


def _verify(solution: Grid, puzzle: Grid, engine: str, raw: bytes | None = None,
            raw_puzzle: bytes | None = None) -> None:
    """Raise AssertionError unless solution solves puzzle (the C checker when built: same rules)."""
    C = _backend.C
    if C is not None and raw is not None and puzzle._geom is None:
        shape = puzzle.shape
        ok = C.is_solution(raw, shape.box_rows, shape.box_cols, raw_puzzle)
    elif C is not None and raw is not None:   # (the C checker reads the geometry's tables)
        ok = C.is_solution(raw, _backend.tables(puzzle._geom), raw_puzzle)
    else:
        ok = is_solution(solution, puzzle)
    if not ok:
        raise AssertionError(f"engine {engine!r} returned a grid that is not a solution of "
                             f"{puzzle.to_line() if puzzle.size <= 35 else puzzle!r}; please report this bug")


def solve(puzzle, *, engine: str | None = None, node_limit: int | None = None, box=None,
          alphabet=None, candidates=None, geometry=None) -> Grid | None:
    """Return a solution, or None if there is none; raises SearchLimitReached if stopped first."""
    if engine is None and node_limit is None and box is None and alphabet is None \
            and candidates is None and geometry is None and _C9:
        if type(puzzle) is str:
            answer = _solve9_line(puzzle)
        elif type(puzzle) is Grid and puzzle.shape.box_rows == puzzle.shape.box_cols == 3 \
                and puzzle._geom is None:
            answer = _solve9(bytes(puzzle.values), puzzle.shape)
        else:
            answer = _SLOW
        if answer is not _SLOW:
            return answer
    grid = puzzle if type(puzzle) is Grid and box is None and geometry is None \
        else as_grid(puzzle, box=box, alphabet=alphabet, geometry=geometry)
    if candidates is None and type(puzzle) is str:
        candidates = _text_marks(puzzle, grid, box, alphabet)
    if candidates is not None:
        _, _, solution, nodes, stopped = _run_marked(grid, candidates, 1, engine, node_limit)
    else:
        _, _, solution, nodes, stopped = _run(grid, 1, engine, node_limit)
    if solution is None and stopped:
        raise SearchLimitReached(f"node limit {node_limit} reached before any solution was found",
                                 nodes=nodes, found=0)
    return solution


_C9 = "fast9" in _backend.KERNELS  # the C 9x9 kernel is built: what 'auto' runs on 9x9 grids
_SLOW = object()


_quick_values = None  # formats.quick_values, looked up on first use (formats imports grid)


def _solve9_line(text: str):
    """solve(text) for a plain 9x9 line with the C kernels: read (one C call), fast9, verify;
    the same answer as the general path, without its Python layers.  _SLOW: not such a line."""
    quick = _plain9(text)
    return _SLOW if quick is None else _solve9(*quick)


def _plain9(text: str):
    """(values, shape) of a plain 9x9 line (formats.quick_values), else None."""
    global _quick_values
    if _quick_values is None:
        from .formats import quick_values as _quick_values
    quick = _quick_values(text)
    if quick is None or quick[1].ncells != 81 or quick[1].box_rows != 3:
        return None
    return quick


def _check9_line(text: str):
    """check(text) for a plain 9x9 line with the C kernels: read, fast9 counting to 2, the
    first solution verified; the general path's verdict without its Python layers.  _SLOW:
    not such a line, or no solution (the general path tells a clash, ILLEGAL, from none)."""
    quick = _plain9(text)
    if quick is None:
        return _SLOW
    values = quick[0]
    C = _backend.C
    count, first, _, _ = C.fast9(values, 3, 3, 2, 0)
    if not count:
        return _SLOW
    if not C.is_solution(first, 3, 3, values):
        _fast9._wrong(values)
    return Verdict.UNIQUE if count == 1 else Verdict.AMBIGUOUS


def _solve9(values: bytes, shape):
    """fast9 on trusted 9x9 values (engine._fast9.solve9_one, its answer checked): a Grid,
    or None (no solution)."""
    first = _fast9.solve9_one(values)
    return None if first is None else Grid._trusted(tuple(first), shape)


def count_solutions(puzzle, *, limit: int | None = 2, engine: str | None = None,
                    node_limit: int | None = None, box=None, alphabet=None,
                    candidates=None, geometry=None) -> int:
    """Return the number of solutions, counting no further than limit (None: all of them).

    Raises SearchLimitReached when the node limit stops the search before it could tell.
    """
    result = search(puzzle, limit=limit, engine=engine, node_limit=node_limit, box=box,
                    alphabet=alphabet, candidates=candidates, geometry=geometry)
    if result.stopped:
        raise SearchLimitReached(f"node limit {node_limit} reached after {result.count} solution(s)",
                                 nodes=result.nodes, found=result.count)
    return result.count


def check(puzzle, *, engine: str | None = None, node_limit: int | None = None, box=None,
          alphabet=None, candidates=None, geometry=None) -> Verdict:
    """Return ILLEGAL (givens clash, decided before any search), UNIQUE, AMBIGUOUS, IMPOSSIBLE or LIMIT."""
    if type(puzzle) is str and _C9 and engine is None and node_limit is None and box is None \
            and alphabet is None and candidates is None and geometry is None:
        verdict = _check9_line(puzzle)
        if verdict is not _SLOW:
            return verdict
    grid = as_grid(puzzle, box=box, alphabet=alphabet, geometry=geometry)
    if candidates is not None:  # bad arguments are errors even for an illegal grid
        _marked_engine(engine)
        _masks(grid, candidates)
    elif type(puzzle) is str:
        candidates = _text_marks(puzzle, grid, box, alphabet)
    if not grid.is_legal():
        return Verdict.ILLEGAL
    return search(grid, limit=2, engine=engine, node_limit=node_limit,
                  candidates=candidates).verdict


def solutions(puzzle, *, limit: int | None = None, engine: str | None = None,
              node_limit: int | None = None, box=None, alphabet=None,
              candidates=None, geometry=None) -> Iterator[Grid]:
    """Yield solutions one at a time (at most limit); raises SearchLimitReached at the node limit.

    Iteration runs the pure-Python generator of the chosen engine ('auto' and 'fast9' mean
    'propagate' here, and 'dlx' under candidates), so it works the same with either backend.
    """
    grid = as_grid(puzzle, box=box, alphabet=alphabet, geometry=geometry)
    if candidates is None and type(puzzle) is str:
        candidates = _text_marks(puzzle, grid, box, alphabet)
    lim = _limit(limit, "limit")
    nlim = _limit(node_limit, "node_limit")
    from .engine import _kernels, sudoku_cover
    if candidates is not None:
        name = _marked_engine(engine)
        masks = _masks(grid, candidates)

        def marked(values, geom, node_limit, counter):
            return sudoku_cover.dlx_solutions(values, *_classic_or(geom), node_limit, counter,
                                              candidates=masks)
        return _iterate(marked, grid, lim, nlim, name, masks)
    generators = {"propagate": _kernels.propagate_solutions, "backtrack": _kernels.backtrack_solutions,
                  "dlx": lambda values, geom, *rest: sudoku_cover.dlx_solutions(
                      values, *_classic_or(geom), *rest),
                  "learn": _kernels.learn_solutions}
    name = engine or "auto"
    if name in ("auto", "fast9"):
        name = "propagate"
    if name not in generators:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    return _iterate(generators[name], grid, lim, nlim, name)


def _iterate(gen_factory, grid: Grid, limit: int, node_limit: int, name: str,
             masks: tuple[int, ...] | None = None) -> Iterator[Grid]:
    from .engine._kernels import KernelStop
    counter = [0]
    found = 0
    try:
        for values in gen_factory(bytes(grid.values), grid.geometry, node_limit, counter):
            solution = grid._with_values(values)
            _verify(solution, grid, name)
            if masks is not None:
                _verify_marks(solution, masks, name)
            found += 1
            yield solution
            if found == limit:
                return
    except KernelStop as stop:
        raise SearchLimitReached(f"node limit {node_limit} reached after {found} solution(s)",
                                 nodes=stop.nodes, found=found) from None


def is_solution(solution, puzzle=None, *, geometry=None) -> bool:
    """Return True if solution is a complete valid grid that keeps every given of puzzle.

    Independent of every solver: it only counts values per unit (and checks pairs and weak
    links).  geometry: the rules (default: the solution's or the puzzle's own).
    """
    if geometry is None:
        geometry = next((g._geom for g in (solution, puzzle)
                         if isinstance(g, Grid) and g._geom is not None), None)
    try:
        sol = as_grid(solution, geometry=geometry)
    except ValueError:
        return False
    if sol._geom is not None:
        puz = None if puzzle is None else as_grid(puzzle, geometry=sol._geom).values
        return sol._geom.is_solution(sol.values, puz)
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
