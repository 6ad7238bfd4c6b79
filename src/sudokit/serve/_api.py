"""The work behind each route of the JSON API: a checked request dict in, (status, type, body) out.

Runs in a worker process (see _pool): every function here may take time, and the pool stops
it when the request's wall-clock budget runs out.  Every search has a node limit (at most
``MAX_NODES``); a logic hint has its own time limit (HINT_SECONDS), below the budget.  Input problems the schema
could not see (a puzzle text that does not parse, a geometry that is no grid, givens that
clash with the values) raise BadRequest; ``answer`` turns every outcome into an HTTP answer.

The *state* of the page (values placed by the player, centre pencil marks) travels as
"values" (N*N ints, givens included; 0 = empty) and "candidates" (N*N arrays of values: a
cell's centre marks; an empty array = not marked, so every value its peers leave).  The
player's marks are intersected with what the placed values allow: a mark never brings a
candidate back.
"""

from __future__ import annotations

import json
import time

from ._schema import MAX_NODES, BadRequest, check_size

__all__ = ["answer", "run", "decode", "layout"]

GENERATE_TRIES = 40        # puzzles generated at most to meet a difficulty
GENERATE_SECONDS = 36.0    # and no longer than this (the best one so far is answered);
                           # with a budget (the server's generate budget): GENERATE_SHARE of it
GENERATE_SHARE = 0.6       # (the rest: rating the puzzle made, a plain one if none came)
DRAW_SECONDS = 8.0         # logic for a level on one drawing of a drawn variant's rules; then
                           # the rules are drawn again (some drawings have no puzzle at a level:
                           # sandwich sums with no 'hard' one), within the generate seconds
RATE_SECONDS = 2.0         # the sudokit scale's rating of a puzzle made without its level
HINT_SECONDS = 5.0         # a hint's logic time limit: half the server's default 10 s budget,
                           # so a hard 25x25 gets a clear "no step within" answer, never a 504
                           # (a shorter --budget: half of it, hint_seconds)


def answer(route: str, body: dict, budget: "float | None" = None) -> tuple[int, str, bytes]:
    """(HTTP status, content type, body bytes) of one request; never raises.  budget: the
    wall-clock seconds the server gives it (generate spends GENERATE_SHARE of them)."""
    try:
        result = run(route, body, budget)
    except BadRequest as exc:
        return _json(exc.status, exc.to_json())
    except RecursionError:
        return _json(400, {"error": "the puzzle is nested too deep", "status": 400})
    except (ValueError, TypeError) as exc:  # ParseError, GeometryError, GenerationError, ...
        return _json(400, {"error": str(exc) or type(exc).__name__, "status": 400})
    except Exception as exc:  # a bug: say so, keep serving
        return _json(500, {"error": f"internal error: {type(exc).__name__}: {exc}", "status": 500})
    if isinstance(result, tuple):  # (content type, bytes): render
        return (200,) + result
    return _json(200, result)


def _json(status: int, obj: dict) -> tuple[int, str, bytes]:
    return status, "application/json", json.dumps(obj, separators=(",", ":")).encode()


def run(route: str, body: dict, budget: "float | None" = None):
    """The answer of one checked request: a JSON-ready dict, or (content type, bytes)."""
    if route == "generate":
        return _generate(body, GENERATE_SECONDS if budget is None else
                         max(0.5, GENERATE_SHARE * budget))
    if route == "hint":
        return _hint(body, hint_seconds(budget))
    return _ROUTES[route](body)


def hint_seconds(budget: "float | None" = None) -> float:
    """A hint's logic time limit under a request budget: HINT_SECONDS, or half the budget
    when that is less (a server run with --budget 4 must still answer 'time-limit' rather
    than have the worker killed for a 504)."""
    return HINT_SECONDS if budget is None else min(HINT_SECONDS, 0.5 * budget)


# --- puzzles in and out -----------------------------------------------------------------------


def decode(puzzle):
    """(givens Grid, format name or None, candidate masks or None) of a puzzle field."""
    if isinstance(puzzle, str):
        return _parse_text(puzzle)
    from ..geometry import Geometry, classic_of
    from ..grid import Grid
    from ..shape import Shape
    size = puzzle["size"]
    spec = puzzle.get("geometry")
    if spec is not None:
        geom = Geometry.from_json(spec)
        if geom.size != size:
            raise BadRequest(f'"puzzle.geometry" is {geom.size}x{geom.size} but "puzzle.size" '
                             f"is {size}", field="puzzle.geometry")
    else:
        try:
            geom = classic_of(Shape.for_size(size))
        except ValueError as exc:
            raise BadRequest(f'"puzzle": {exc}; give "geometry"', field="puzzle") from None
    return Grid(puzzle["givens"], geometry=geom), None, None


def _parse_text(text: str):
    from .. import formats
    name = formats.detect_format(text)
    if name == "pencilmarks":
        grid, masks = formats.parse_pencilmarks(text)
    else:
        grid, masks = formats.parse(text, format=name), None
    check_size(grid.size)
    return grid, name, masks


def _puzzle(body: dict):
    """The givens Grid of a request (its size checked)."""
    grid, _, _ = decode(body["puzzle"])
    check_size(grid.size)
    return grid


def puzzle_json(grid) -> dict:
    """{"size", "givens", "geometry"}: what the page keeps and sends back."""
    return {"size": grid.size, "givens": list(grid.values), "geometry": grid.geometry.to_json()}


def layout(geom) -> dict:
    """What the page draws and checks: regions, all units, extra units by name, pairs, the
    constraints (thermometers, dots, lines, cages, arrows, little killers, sandwiches,
    even/odd, renban) and the weak links they make, alphabet, the rules in sentences."""
    from ..render._draw import rules_text
    from ..symbols import DEFAULT
    n = geom.size
    names, units = geom.unit_names, geom.units
    return {"size": n, "box": list(geom.box) if geom.box else None,
            "regions": list(geom.regions), "rules": list(geom.rules), "name": geom.name,
            "units": [list(u) for u in units],
            "extra": [{"name": names[k], "cells": list(units[k])} for k in range(3 * n, len(units))],
            "pairs": [list(p) for p in geom.pairs],
            "constraints": [{"kind": kind, "cells": list(cells), "value": value}
                            for kind, cells, value in geom.constraints],
            "links": [[i, j, list(m)] for i, j, m in geom.links],
            "alphabet": DEFAULT.symbols[:n] if n <= len(DEFAULT.symbols) else None,
            "rules_text": rules_text(geom)}


def _values(body: dict, grid) -> tuple[int, ...]:
    """The player's values (givens kept), checked against the grid; the givens when absent."""
    values = body.get("values")
    if values is None:
        return grid.values
    n = grid.size
    if len(values) != n * n:
        raise BadRequest(f'"values" must have {n * n} entries (one per cell), not {len(values)}',
                         field="values")
    for cell, (g, v) in enumerate(zip(grid.values, values)):
        if v > n:
            raise BadRequest(f'"values"[{cell}] must be 0..{n}, not {v}', field="values")
        if g and v != g:
            raise BadRequest(f'"values"[{cell}] is {v} but r{cell // n + 1}c{cell % n + 1} holds '
                             f"the given {g}", field="values")
    return tuple(values)


def _state(body: dict, grid, text_masks=None):
    """The logic State of the page: givens, the player's values, marks intersected."""
    from ..logic import State
    values = _values(body, grid)
    geom = grid.geometry
    base = State.from_grid(grid.with_values(values) if values != grid.values else grid,
                           geometry=geom)
    cands = list(base.candidates)
    marks = body.get("candidates")
    if marks is not None:
        n = grid.size
        if len(marks) != n * n:
            raise BadRequest(f'"candidates" must have {n * n} entries (one per cell), not '
                             f"{len(marks)}", field="candidates")
        for cell, vs in enumerate(marks):
            if vs and not values[cell]:
                if any(v > n for v in vs):
                    raise BadRequest(f'"candidates"[{cell}] names a value over {n}',
                                     field="candidates")
                mask = sum(1 << (v - 1) for v in set(vs))
                cands[cell] &= mask
    elif text_masks is not None:
        cands = [c & m for c, m in zip(cands, text_masks)]
    return State(geom, values, cands, grid.values)


def _node_limit(body: dict) -> int:
    asked = body.get("node_limit")
    return MAX_NODES if asked is None else min(asked, MAX_NODES)


def _conflicts(geom, values) -> list[dict]:
    """Each conflict: value, where, cells, and text ('5 is placed twice in row 1 (...)', or
    'the values of r1c1, r1c2 break the thermometer r1c1-r1c3')."""
    from ..geometry._constraints import conflict_text
    from ..symbols import DEFAULT
    n = geom.size
    out = []
    for v, where, cells in geom.conflicts(values):
        names = ", ".join(f"r{c // n + 1}c{c % n + 1}" for c in cells)
        shown = DEFAULT.symbols[v - 1] if n <= len(DEFAULT.symbols) else str(v)
        out.append({"value": v, "where": where, "cells": list(cells),
                    "text": conflict_text(shown, where, names)})
    return out


# --- the routes -------------------------------------------------------------------------------


def _parse(body: dict) -> dict:
    if "text" in body:
        grid, name, masks = _parse_text(body["text"])
    else:
        grid, name, masks = decode(body["puzzle"])
        check_size(grid.size)
    out = {"puzzle": puzzle_json(grid), "format": name, "layout": layout(grid.geometry)}
    if masks is not None:
        out["candidates"] = [[v for v in range(1, grid.size + 1) if m >> (v - 1) & 1] if not g else []
                             for g, m in zip(grid.values, masks)]
    try:
        from ..formats import format_line
        out["line"] = format_line(grid)
    except ValueError:
        out["line"] = None
    return out


def _solve(body: dict) -> dict:
    from ..solver import is_solution, search
    grid = _puzzle(body)
    values = _values(body, grid)
    conflicts = _conflicts(grid.geometry, grid.values)
    if conflicts:
        return {"status": "illegal", "conflicts": conflicts, "solution": None}
    started = time.perf_counter()
    result = search(grid, limit=1, node_limit=_node_limit(body))
    out = {"status": "solved" if result.solution is not None else
           ("limit" if result.stopped else "impossible"),
           "solution": None, "nodes": result.nodes, "engine": result.engine,
           "seconds": round(time.perf_counter() - started, 4)}
    if result.solution is not None:
        sol = result.solution
        if not is_solution(sol, grid):  # (the solver checked it too; this is the API's word)
            raise AssertionError("the solver returned a grid that is not a solution")
        out["solution"] = list(sol.values)
        out["wrong"] = [c for c, v in enumerate(values) if v and v != sol.values[c]]
    return out


def _count(body: dict) -> dict:
    from ..solver import outcome, search
    grid = _puzzle(body)
    limit = body.get("limit") or 2
    conflicts = _conflicts(grid.geometry, grid.values)
    if conflicts:
        return {"status": "illegal", "count": 0, "limit": limit, "stopped": False,
                "conflicts": conflicts}
    result = search(grid, limit=limit, node_limit=_node_limit(body))
    return {"status": outcome(result.count, result.stopped, limit), "count": result.count,
            "limit": limit, "stopped": result.stopped, "nodes": result.nodes,
            "engine": result.engine}


def _check(body: dict) -> dict:
    from ..solver import search
    grid = _puzzle(body)
    state = _state(body, grid)
    geom, values = grid.geometry, state.values
    out = {"conflicts": _conflicts(geom, values),
           "filled": sum(1 for v in values if v), "cells": len(values)}
    if _conflicts(geom, grid.values):
        out.update(verdict="illegal", wrong=[], removed=[], solved=False)
        return out
    result = search(grid, limit=2, node_limit=_node_limit(body))
    out["verdict"] = result.verdict.value
    wrong, removed = [], []
    if result.count == 1 and not result.stopped:
        sol = result.solution.values
        wrong = [c for c, v in enumerate(values) if v and v != sol[c]]
        marks = body.get("candidates")
        if marks is not None:  # only the cells the player marked (not a wrong value's peers)
            removed = [[c, sol[c]] for c, (v, m) in enumerate(zip(values, state.candidates))
                       if not v and marks[c] and not m >> (sol[c] - 1) & 1]
    out.update(wrong=wrong, removed=removed,
               solved=out["filled"] == len(values) and not out["conflicts"]
               and geom.is_solution(values, grid.values))
    return out


def _hint(body: dict, seconds: float = HINT_SECONDS) -> dict:
    from .. import logic
    grid = _puzzle(body)
    state = _state(body, grid)
    if state.is_solved() and not state.geometry.conflicts(state.values):
        return {"status": "solved"}
    # the library's hint: the uniqueness proof only when needed, the whole bounded by
    # HINT_SECONDS (logic's own time limit: the worker answers, it is not killed)
    status, step, problems = logic.hint_status(state, techniques=body.get("techniques"),
                                               exclude=body.get("exclude"),
                                               time_limit=seconds)
    if status == "time-limit":
        message = (f"no step found within the {seconds:g} seconds a hint may take: "
                   f"this puzzle is too big or too hard here for the hint's logic in that "
                   f"time (Check and Solve still work)")
        return {"status": "time-limit", "message": message, "seconds": seconds,
                "problems": [{"kind": "time-limit", "cell": None, "value": 0,
                              "message": message}], "more": 0}
    if problems:
        marks = body.get("candidates") or [[]] * len(state.values)
        if any(p.kind == "wrong-value" for p in problems):  # its peers lost the value through
            problems = [p for p in problems  # it, not through the player's marks: name it alone
                        if p.kind != "removed-candidate" or marks[p.cell]]
        return {"status": status, "problems": [p.to_json() for p in problems[:20]],
                "more": max(0, len(problems) - 20)}
    if status == "solved":
        return {"status": "solved"}
    if step is None:
        return {"status": "stuck"}
    return {"status": "step", "step": step.to_json(), "highlight": highlight(step, state.geometry)}


def highlight(step, geom) -> dict:
    """The cells a step rests on and the cells of its units (what the page shades)."""
    ev = step.evidence
    cells: set[int] = set()

    def collect(obj):
        if isinstance(obj, bool):
            return
        if isinstance(obj, int):
            cells.add(obj)
        elif isinstance(obj, (list, tuple)):
            for x in obj:
                collect(x)
    for key in ("cells", "pivot", "fins", "als", "excluders"):
        if key in ev:
            collect(ev[key])
    for node in ev.get("chain", ()):  # [cell or cells, value, on/off]
        collect(node[0])
    cells.update(c for c, _ in step.placements)
    units = set()
    for key in ("unit", "units", "base", "cover"):
        found = ev.get(key)
        if isinstance(found, int) and not isinstance(found, bool):
            units.add(found)
        elif isinstance(found, (list, tuple)):
            units.update(u for u in found if isinstance(u, int) and not isinstance(u, bool))
    unit_cells = sorted({c for u in units if 0 <= u < len(geom.units) for c in geom.units[u]})
    ncells = geom.ncells
    return {"cells": sorted(c for c in cells if 0 <= c < ncells), "units": unit_cells,
            "chain": [[node[0] if isinstance(node[0], int) else list(node[0]), node[1], node[2]]
                      for node in ev.get("chain", ())]}


def _generate(body: dict, seconds: float = GENERATE_SECONDS) -> dict:
    from ..generate import generate
    from ..geometry import boxes
    from ..logic import LEVELS
    box = body.get("box") or "3x3"
    try:
        rows, cols = (int(x) for x in box.lower().split("x"))
    except ValueError:
        raise BadRequest(f'"box" must be RxC such as 3x3 or 2x3, not {box!r}', field="box") from None
    if not (1 <= rows <= 8 and 1 <= cols <= 8) or rows * cols < 2:
        raise BadRequest(f'"box" {box} is not a box shape 1x2..8x8', field="box")
    check_size(rows * cols, "box")
    geom = boxes(rows, cols)
    rules = [r for r in body.get("rules") or () if r != "killer"]
    killer = len(rules) != len(body.get("rules") or ())
    from ..geometry._random import draw, split_drawn
    drawn, rules = split_drawn(rules)
    if rules:
        geom = geom.with_rules(*rules)
    difficulty = body.get("difficulty") or "any"
    seed = body.get("seed")
    if seed is None:
        import secrets
        seed = secrets.randbits(48)
    base = geom
    if drawn:  # jigsaw regions, kropki dots, XV markers drawn from the seed
        geom = draw(geom, drawn, seed)
    options = dict(geometry=geom, symmetry=body.get("symmetry") or "none",
                   minimal=bool(body.get("minimal")))
    if killer or not (geom.size == 9 and geom.is_classic):  # the sudokit scale (rate.scale)
        return _generate_scaled(geom, difficulty, seed, options, killer, seconds,
                                (base, drawn) if drawn else None)
    if difficulty != "any" and difficulty not in LEVELS:
        raise BadRequest(f'"difficulty" must be any or one of {", ".join(LEVELS)} (HoDoKu\'s '
                         f'levels, for classic 9x9), not {difficulty!r}', field="difficulty")
    started = time.perf_counter()
    best = None
    for k in range(GENERATE_TRIES if difficulty != "any" else 1):
        [made] = generate(seed=f"{seed}:{k}" if k else seed, **options)
        left = max(0.5, seconds - (time.perf_counter() - started))
        level, hardest = _rate(made.puzzle, left) if difficulty != "any" else (None, None)
        gap = abs(LEVELS.index(level) - LEVELS.index(difficulty)) \
            if difficulty != "any" and level else 0
        if best is None or gap < best[0]:
            best = (gap, made, level, hardest, f"{seed}:{k}" if k else seed)
        if gap == 0 or time.perf_counter() - started > seconds:
            break
    gap, made, level, hardest, used = best
    return {"puzzle": puzzle_json(made.puzzle), "layout": layout(made.puzzle.geometry),
            "solution": list(made.solution.values), "clues": made.clues, "seed": used,
            "difficulty": level, "asked": difficulty, "matched": gap == 0,
            "hardest": hardest.to_json() if hardest is not None else None,
            "scale": "hodoku" if level else None}


def _generate_scaled(geom, difficulty: str, seed, options: dict, killer: bool = False,
                     seconds: float = GENERATE_SECONDS, redraw=None) -> dict:
    """generate's answer on every grid but classic 9x9, and killers: a puzzle made to a
    level of the sudokit scale (rate.level: the walk, or killers cut again, within
    ``seconds`` of logic), else (not reached in time) a plain puzzle rated on the
    scale, with matched false.  A killer's cages are its clues: no symmetry, not minimal.
    redraw: (base geometry, drawn words) of a variant whose rules were drawn from the seed:
    when DRAW_SECONDS pass with no puzzle at the level, they are drawn again from
    f"{seed}:draw{k}" (the answer's geometry is the one of the puzzle made)."""
    from ..generate import GenerationError, generate
    from ..rate.scale import LABELS, rate_scale
    if difficulty != "any" and difficulty not in LABELS:
        raise BadRequest(f'"difficulty" must be any or one of {", ".join(LABELS)} (the sudokit '
                         f'scale\'s levels, for every grid but classic 9x9), not '
                         f'{difficulty!r}', field="difficulty")
    if difficulty != "any" and geom.size > 16:
        raise BadRequest('"difficulty" is made (by logic) for grids up to 16x16 only; use '
                         '"any"', field="difficulty")
    made = None
    if killer:
        options = {"geometry": geom}
    if difficulty != "any":
        from ..rate.level import Level, iter_level
        try:
            if killer:
                made = next(iter_level(difficulty, killer=True, seconds=seconds,
                                       seed=seed, **options))
            elif redraw is None:
                level = Level(difficulty, seconds=seconds, minimal=options["minimal"])
                [made] = generate(seed=seed, target=level, **options)
            else:
                made = _drawn_at_level(difficulty, seed, options, seconds, *redraw)
        except GenerationError:
            made = None
    at_level = made is not None  # (rated at the level whole by rate.level: its rating
    if made is None:             # again gets a quarter of the seconds, a plain one RATE_SECONDS)
        [made] = generate(seed=seed, killer=True if killer else None, **options)
    limit = max(RATE_SECONDS, seconds / 4) if at_level else RATE_SECONDS
    rating = rate_scale(made.puzzle, time_limit=limit) if difficulty != "any" \
        else None
    level = rating.level if rating is not None else None
    if rating is not None and rating.status in ("stuck", "limit"):  # (harder than extreme,
        level = rating.status                                          # or not rated in time)
    return {"puzzle": puzzle_json(made.puzzle), "layout": layout(made.puzzle.geometry),
            "solution": list(made.solution.values), "clues": made.clues, "seed": seed,
            "difficulty": level, "asked": difficulty, "matched": level == difficulty,
            "hardest": None, "scale": "sudokit" if rating is not None else None,
            "rating": rating.to_json() if rating is not None else None}


def _rate(puzzle, time_limit: "float | None" = None):
    """(HoDoKu 2.2.0's level of the puzzle, the hardest step of sudokit's logical path);
    'extreme' when logic is stuck or the path is not found within time_limit seconds.

    The level is HoDoKu's own (logic.hodoku: its path, and a level raised when the steps'
    scores pass the level's maximum), what sudokit.rate.rate says: the hardest step's level
    alone called 'unfair' some puzzles HoDoKu rates 'extreme' (2 of 5 measured)."""
    from ..formats import format_line
    from ..logic import steps
    from ..logic.hodoku import hodoku_rating
    path = steps(puzzle, time_limit=time_limit)
    hardest = path.hardest
    if path.status != "solved":
        return "extreme", hardest
    level, _ = hodoku_rating(format_line(puzzle))
    return level, hardest


def _render(body: dict):
    try:
        from .. import render
    except ImportError as exc:
        raise BadRequest(f"rendering is not available on this server: sudokit.render cannot be "
                         f"imported ({exc})", status=501) from None
    from ..logic import Step
    grid = _puzzle(body)
    obj = _state(body, grid) if ("values" in body or "candidates" in body) else grid
    step = Step.from_json(body["step"]) if body.get("step") else None
    options = {"coordinates": bool(body.get("coordinates"))}
    if step is not None:
        options["step"] = step
    if (body.get("format") or "pdf") == "svg":
        return "image/svg+xml", str(render.svg(obj, **options)).encode()
    try:
        data = render.pdf(obj, **options)
    except ImportError as exc:  # the PDF route's optional dependency is missing
        raise BadRequest(f"PDF rendering is not available on this server ({exc})",
                         status=501) from None
    return "application/pdf", bytes(data)


def _marks_of(body: dict, field: str, grid, values) -> list:
    """A field of N*N arrays of marks (corner or centre) checked against the grid; the
    marks of a cell that holds a value are dropped (the page draws none there)."""
    n = grid.size
    got = body.get(field)
    if got is None:
        return [[] for _ in range(n * n)]
    if len(got) != n * n:
        raise BadRequest(f'"{field}" must have {n * n} entries (one per cell), not {len(got)}',
                         field=field)
    for cell, vs in enumerate(got):
        if any(v > n for v in vs):
            raise BadRequest(f'"{field}"[{cell}] names a value over {n}', field=field)
    return [[] if values[c] else list(vs) for c, vs in enumerate(got)]


def _print(body: dict):
    """A page of paper (A4 or Letter) of the puzzle as the player sees it: clean (the
    givens only), or with marks=true the player's values (blue beside the bold givens)
    and corner and centre marks ("candidates" are the centre marks, as elsewhere)."""
    try:
        from .. import render
    except ImportError as exc:
        raise BadRequest(f"printing is not available on this server: sudokit.render cannot "
                         f"be imported ({exc})", status=501) from None
    from ..logic import State
    grid = _puzzle(body)
    geom = grid.geometry
    n = grid.size
    # the player's state is checked even for a clean page (which draws none of it): a
    # damaged state is a 400 either way, never silently passed over
    values = _values(body, grid)
    marks = (_marks_of(body, "corner", grid, values), _marks_of(body, "candidates", grid,
                                                               values))
    if body.get("marks"):
        state = State(geom, values, (0,) * (n * n), grid.values)
        title = "Puzzle, as played"
    else:
        state, marks, title = grid, None, "Puzzle"
    return "application/pdf", bytes(render.sheet(state, paper=body.get("paper") or "a4",
                                                 marks=marks, title=title))


def _drawn_at_level(difficulty: str, seed, options: dict, seconds: float, base, drawn):
    """A puzzle at the level on the drawn rules of options["geometry"] (drawn from seed), or
    on rules drawn again from f"{seed}:draw{k}" when DRAW_SECONDS of logic find none; None
    when ``seconds`` pass (the first drawing's seed, then each one's own, makes the puzzle:
    the same request makes the same puzzle).  Unless the puzzle must be minimal or extreme,
    a drawing gets givens added (rate.level's fill) but no walk (walk=False): a new drawing
    is a better bet than a long walk on one without a puzzle at the level.  (Extreme: the
    walk over minimal puzzles is where forcing chains are found; little killers at extreme
    went from 3 of 3 to 0 of 3 without it.)  Sandwich totals are fewer in each new drawing
    (THINNED: all 18 on a 9x9, then 9, then 6): with every total shown, a puzzle that needs
    more than the sandwich steps and medium ones mostly needs chains, so 'hard' came for 1
    seed of 3; with 6 totals and more givens, 1 dig in 4 reached it (rate.level)."""
    from ..generate import GenerationError, generate
    from ..geometry._random import draw
    from ..rate.level import Level
    started = time.perf_counter()
    for k in range(1000):
        left = seconds - (time.perf_counter() - started)
        if left < 0.5:
            return None
        name = seed if k == 0 else f"{seed}:draw{k}"
        geom = options["geometry"] if k == 0 else _thinned(draw(base, drawn, name), k, name)
        level = Level(difficulty, seconds=min(DRAW_SECONDS, left), minimal=options["minimal"],
                      walk=options["minimal"] or difficulty == "extreme")  # (see below)
        try:
            [made] = generate(seed=name, target=level, **dict(options, geometry=geom))
            return made
        except GenerationError:
            continue
    return None


THINNED = {"sandwich": (1.0, 0.5, 1 / 3)}  # the share of the totals each drawing keeps


def _thinned(geom, k: int, seed):
    """geom with fewer of its THINNED totals for drawing k (the last share from then on),
    the ones kept chosen from seed; the other rules as they were."""
    import random
    from ..geometry import Geometry
    kept, cut = [], False
    rng = random.Random(f"sudokit:thin:{seed}")
    for kind, shares in THINNED.items():
        mine = [c for c in geom.constraints if c[0] == kind]
        keep = round(len(mine) * shares[min(k, len(shares) - 1)])
        if mine and keep < len(mine):
            cut = True
            mine = rng.sample(mine, keep)
        kept += mine
    if not cut:
        return geom
    others = [c for c in geom.constraints if c[0] not in THINNED]
    return Geometry(geom.size, geom.regions, geom.rules, geom.extra_units, geom.extra_pairs,
                    geom.extra_links, constraints=tuple(others + kept))


_ROUTES = {"parse": _parse, "solve": _solve, "count": _count, "check": _check, "hint": _hint,
           "generate": _generate, "render": _render, "print": _print}
