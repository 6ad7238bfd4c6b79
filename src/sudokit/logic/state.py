"""The candidates state: the values placed so far and the candidates left in every empty cell.

Representation (N = size, cells 0..N*N-1 row-major):

    values      tuple of N*N ints: 0 = empty, 1..N = placed (given or found)
    candidates  tuple of N*N masks: bit v-1 set when v is still possible in an empty cell;
                0 in a filled cell
    givens      tuple of N*N ints: the puzzle's givens (0 elsewhere)
    geometry    the rules (units, peers, weak links: sudokit.geometry)

    cell 4 of a 9x9 grid, candidates 1, 4 and 9:  candidates[4] = 0b100001001

The candidates may be fewer than the values imply: a player's pencil marks
(``State.from_marks``, a 729-character pencil-mark line), or the state after steps that
eliminated some.  A state is immutable: ``place`` and ``eliminate`` return a new one (two
tuples copied, about a microsecond for 81 cells).

Rejected: a mutable state with an undo log (HoDoKu's way).  A hint is asked for one at a
time and a state is handed around (the web page, tests, the CLI); copying two small tuples
is cheap and a state that cannot change under a caller is worth it.  A policy that tries
and takes back works on a core Board (``state.board()``, ``state.with_board(board)``).
"""

from __future__ import annotations

from ..geometry._constraints import conflict_text
from . import _cfast
from .core.bits import value_cells, values_of
from .core.board import Board
from .core.tables import cell_name, tables

__all__ = ["State", "Problem", "InconsistentState"]


class InconsistentState(ValueError):
    """A state no hint may be built on; ``problems`` lists what is wrong, first the worst."""

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems[:3])
                         + (f" (and {len(self.problems) - 3} more)" if len(self.problems) > 3 else ""))


class Problem:
    """One thing wrong with a state: kind, the cell (or None), the value (or 0), a message.

    kind: 'clash' (a value repeated in a unit), 'no-candidates' (an empty cell),
    'missing-value' (a unit where a value has no place left), 'wrong-value' (a placed value
    that is not the solution's), 'removed-candidate' (a candidate the solution needs was
    eliminated), 'no-solution' (the givens have no solution), 'several-solutions'.
    """

    __slots__ = ("kind", "cell", "value", "message")

    def __init__(self, kind: str, cell, value: int, message: str):
        self.kind, self.cell, self.value, self.message = kind, cell, value, message

    def __repr__(self) -> str:
        return f"Problem({self.kind!r}, {self.cell!r}, {self.value!r}, {self.message!r})"

    def __eq__(self, other):
        return isinstance(other, Problem) and (self.kind, self.cell, self.value, self.message) == \
            (other.kind, other.cell, other.value, other.message)

    def __hash__(self):
        return hash((self.kind, self.cell, self.value))

    def to_json(self) -> dict:
        return {"kind": self.kind, "cell": self.cell, "value": self.value, "message": self.message}


class State:
    """Values plus candidates (see the module docstring).  Build with ``State.of(puzzle)``,
    ``State.from_grid``, ``State.from_marks`` or ``State.from_pencilmarks``."""

    __slots__ = ("geometry", "values", "candidates", "givens", "_cache")

    def __init__(self, geometry, values, candidates, givens=None):
        object.__setattr__(self, "geometry", geometry)
        object.__setattr__(self, "values", tuple(values))
        object.__setattr__(self, "candidates", tuple(candidates))
        object.__setattr__(self, "givens", tuple(givens) if givens is not None else self.values)
        object.__setattr__(self, "_cache", {})
        n2 = geometry.size * geometry.size
        if len(self.values) != n2 or len(self.candidates) != n2 or len(self.givens) != n2:
            raise ValueError(f"a {geometry.size}x{geometry.size} state needs {n2} values, "
                             f"candidates and givens")

    def __setattr__(self, name, value):
        raise AttributeError("a State is immutable: place() and eliminate() return a new one")

    # --- building ---------------------------------------------------------------------

    @classmethod
    def of(cls, puzzle, *, geometry=None) -> "State":
        """The state of a puzzle: a State (returned as is), a Grid, a line, or a
        (grid, candidate masks) pair such as formats.parse_pencilmarks returns."""
        if isinstance(puzzle, State):
            return puzzle
        from ..grid import Grid, as_grid
        if isinstance(puzzle, tuple) and len(puzzle) == 2 and isinstance(puzzle[0], Grid):
            return cls.from_marks(puzzle[0], puzzle[1], geometry=geometry)
        if isinstance(puzzle, str) and geometry is None and _is_marks_line(puzzle):
            return cls.from_pencilmarks(puzzle)
        return cls.from_grid(as_grid(puzzle, geometry=geometry))

    @classmethod
    def from_grid(cls, grid, *, geometry=None) -> "State":
        """The state of a grid: every candidate its placed values and rules leave."""
        geom = _geometry_of(grid, geometry)
        t = tables(geom)
        full = (1 << t.n) - 1
        values = grid.values
        cands = [0 if v else full for v in values]
        links = geom.cell_links
        for c, v in enumerate(values):
            if v:
                bit = ~(1 << (v - 1))
                for p in geom.peers[c]:
                    cands[p] &= bit
                if links:
                    for j, masks in links[c]:
                        cands[j] &= ~masks[v - 1]
        for c, v in enumerate(values):
            if v:
                cands[c] = 0
        return cls(geom, values, cands)

    @classmethod
    def from_marks(cls, grid, masks, *, geometry=None, givens=None) -> "State":
        """The state of a grid with a player's candidates (masks: bit v-1 for value v).

        A filled cell's mask is ignored.  The marks are kept as given, wrong or not:
        ``problems()`` says what is wrong with them."""
        geom = _geometry_of(grid, geometry)
        masks = tuple(masks)
        if len(masks) != len(grid.values):
            raise ValueError(f"{len(masks)} candidate masks for {len(grid.values)} cells")
        full = (1 << geom.size) - 1
        cands = []
        for v, m in zip(grid.values, masks):
            if type(m) is not int or m < 0 or m > full:
                raise ValueError(f"a candidate mask is an int in 0..{full}, not {m!r}")
            cands.append(0 if v else m)
        return cls(geom, grid.values, cands, givens)

    @classmethod
    def from_pencilmarks(cls, text: str, *, box=None, alphabet=None, geometry=None) -> "State":
        """The state of a pencil-mark text (an N*N*N-character line such as 729 characters
        for 9x9, or a grid of candidate words): formats.parse_pencilmarks.  As in that
        format, a cell with a single candidate reads as a placed value."""
        from .. import formats
        grid, masks = formats.parse_pencilmarks(text, box=box, alphabet=alphabet)
        return cls.from_marks(grid, masks, geometry=geometry)

    # --- reading --------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.geometry.size

    @property
    def tables(self):
        return tables(self.geometry)

    def is_solved(self) -> bool:
        return 0 not in self.values

    def grid(self):
        """The values as a Grid (of this geometry)."""
        from ..grid import Grid
        g = self.geometry
        return Grid(self.values, g.display_shape, geometry=None if g.is_classic else g)

    def puzzle(self):
        """The givens as a Grid."""
        from ..grid import Grid
        g = self.geometry
        return Grid(self.givens, g.display_shape, geometry=None if g.is_classic else g)

    def where(self, unit: int, value: int) -> int:
        """The cell set (bits) of unit's cells where value is still a candidate."""
        table = self._cache.get("where")
        if table is None:
            table = self._where_table()
        return table[unit][value]

    def where_table(self) -> list:
        """where(u, v) for every unit and value at once: table[u][v] (v = 1..N; index 0
        unused), built once per state (read-only: it is shared)."""
        table = self._cache.get("where")
        return table if table is not None else self._where_table()

    def placed_masks(self) -> list:
        """placed_in(u) for every unit at once, built once per state (read-only)."""
        got = self._cache.get("placed-masks")
        if got is None:
            h = _cfast.handle(self)
            if h is not None:
                got = self._cache["placed-masks"] = _cfast.C.logic_placed(h)
            else:
                got = self._cache["placed-masks"] = [self.placed_in(u)
                                                     for u in range(len(self.geometry.units))]
        return got

    def _where_table(self):
        h = _cfast.handle(self)
        if h is not None:
            table = self._cache["where"] = _cfast.C.logic_where(h)
            return table
        vc = self.value_cells()  # (row[0] = 0: vc[0] is)
        table = self._cache["where"] = [[cells & w for w in vc] for cells in self.tables.unit_bits]
        return table

    def value_cells(self) -> list:
        """vc[v]: the cell set where v is a candidate, v = 1..N (vc[0] = 0); cached."""
        got = self._cache.get("vcells")
        if got is None:
            got = self._cache["vcells"] = value_cells(self.candidates, self.size)
        return got

    def placed_in(self, unit: int) -> int:
        """The mask of the values already placed in a unit."""
        m = 0
        values = self.values
        for c in self.geometry.units[unit]:
            if values[c]:
                m |= 1 << (values[c] - 1)
        return m

    def count(self) -> int:
        """How many candidates are left in all."""
        return sum(m.bit_count() for m in self.candidates)

    # --- changing -------------------------------------------------------------------------

    def place(self, cell: int, value: int) -> "State":
        """A new state with value placed in cell and removed from its peers' candidates."""
        geom = self.geometry
        values = list(self.values)
        cands = list(self.candidates)
        values[cell] = value
        cands[cell] = 0
        bit = ~(1 << (value - 1))
        for p in geom.peers[cell]:
            cands[p] &= bit
        links = geom.cell_links
        if links:
            for j, masks in links[cell]:
                cands[j] &= ~masks[value - 1]
        return self._inherit(State(geom, values, cands, self.givens))

    def eliminate(self, pairs) -> "State":
        """A new state without the candidates (cell, value) of pairs."""
        cands = list(self.candidates)
        for cell, value in pairs:
            cands[cell] &= ~(1 << (value - 1))
        return self._inherit(State(self.geometry, self.values, cands, self.givens))

    def board(self) -> Board:
        """A mutable core Board with this state's values and candidates (peers in the
        geometry's order).  Board.place walks the peers only: on a geometry with weak links
        between cells (Geometry.cell_links) the caller removes what they forbid."""
        return Board(list(self.values), list(self.candidates), self.geometry.peers)

    def with_board(self, board: Board) -> "State":
        """The state of a board made from this state (same geometry and givens)."""
        return self._inherit(State(self.geometry, board.values, board.cands, self.givens))

    def _inherit(self, new: "State") -> "State":
        """new, knowing the givens' solution when this state knows it (same givens)."""
        known = self._cache.get("solution")
        if known is not None:
            new._cache["solution"] = known
        return new

    def apply(self, step) -> "State":
        """A new state with a step's placements made and eliminations done."""
        state = self
        if step.eliminations:
            state = state.eliminate(step.eliminations)
        for cell, value in step.placements:
            state = state.place(cell, value)
        return state

    # --- consistency ----------------------------------------------------------------------

    def problems(self, *, solution=None, plain=None) -> list[Problem]:
        """What is wrong with this state, first the plain contradictions, then (when the
        givens have one solution, or solution= is given) the differences from it.

        An empty list: every placed value and every candidate the solution needs is there.
        The uniqueness proof (a search) is bounded by the time limit of the logic call
        (sudokit.logic._budget), if any.  plain: plain_problems() when the caller has it."""
        out = self.plain_problems() if plain is None else list(plain)
        if out:
            return out
        t = self.tables
        values, cands = self.values, self.candidates
        if solution is None:
            solution = self._solution()
            if isinstance(solution, Problem):
                return [solution]
        sol = solution.values if hasattr(solution, "values") else tuple(solution)
        for c, (v, m) in enumerate(zip(values, cands)):
            if v and v != sol[c]:
                out.append(Problem("wrong-value", c, v,
                                   f"{cell_name(c, t.n)} holds {t.value(v)} but the solution "
                                   f"has {t.value(sol[c])} there"))
            elif not v and not m >> (sol[c] - 1) & 1:
                out.append(Problem("removed-candidate", c, sol[c],
                                   f"{t.value(sol[c])} was removed from {cell_name(c, t.n)} "
                                   f"but the solution needs it there"))
        return out

    def plain_problems(self) -> list[Problem]:
        """The contradictions problems() finds without the solution: clashes, empty cells
        with no candidate, values with no place left in a unit (no search: quick)."""
        t = self.tables
        values, cands = self.values, self.candidates
        out = []
        for value, where, cells in self.geometry.conflicts(values):
            names = ", ".join(cell_name(c, t.n) for c in cells)
            out.append(Problem("clash", cells[-1], value,
                               conflict_text(t.value(value), where, names)))
        for c, (v, m) in enumerate(zip(values, cands)):
            if not v and not m:
                out.append(Problem("no-candidates", c, 0,
                                   f"{cell_name(c, t.n)} is empty and has no candidate left"))
        placed, where = self.placed_masks(), self.where_table()
        for u in t.full:
            have, row = placed[u], where[u]
            for v in range(1, t.n + 1):
                if not have >> (v - 1) & 1 and not row[v]:
                    out.append(Problem("missing-value", None, v,
                                       f"{t.value(v)} has no place left in {t.unit_name(u)}"))
        return out

    def is_fresh(self) -> bool:
        """True for the puzzle as written: no value placed beyond the givens, and every
        candidate the givens and rules leave (nothing a player's marks could get wrong)."""
        return self.values == self.givens and \
            self.candidates == State.from_grid(self.puzzle(), geometry=self.geometry).candidates

    def _solution(self, *, nodes: "int | None" = None):
        """The givens' one solution (a tuple), or a Problem when there is none or several.

        nodes: try within that many search nodes only; None when that was not enough.
        Under a logic time limit the search is bounded by it (sudokit.logic._budget)."""
        cached = self._cache.get("solution")
        if cached is not None:
            return cached
        from . import _budget
        puzzle = self.puzzle()
        if nodes is not None and not _budget.is_quick(puzzle):
            from ..solver import search
            r = search(puzzle, limit=2, node_limit=nodes)
            if r.stopped:
                return None
        else:
            r = _budget.search(puzzle, limit=2)
        if r.count == 1:
            sol = r.solution.values
        elif r.count == 0:
            sol = Problem("no-solution", None, 0, "the givens have no solution")
        else:
            sol = Problem("several-solutions", None, 0,
                          "the givens have more than one solution: logic needs a unique puzzle")
        self._cache["solution"] = sol
        return sol

    def check(self) -> None:
        """Raise InconsistentState when problems() finds anything."""
        found = self.problems()
        if found:
            raise InconsistentState(found)

    # --- text, JSON -------------------------------------------------------------------------

    def to_pencilmarks(self, *, alphabet=None) -> str:
        """The N*N*N-character pencil-mark line (a filled cell: its value alone)."""
        from .. import formats
        return formats.format_pencilmarks(self.grid(), self.candidates, alphabet=alphabet)

    def to_json(self) -> dict:
        """{"size", "geometry" (when not classic), "givens", "values", "candidates"} with
        candidates as lists of values per cell (filled cells: [])."""
        g = self.geometry
        obj = {"size": g.size}
        if not g.is_classic:
            obj["geometry"] = g.to_json()
        obj["givens"] = list(self.givens)
        obj["values"] = list(self.values)
        obj["candidates"] = [values_of(m) for m in self.candidates]
        return obj

    @classmethod
    def from_json(cls, obj: dict) -> "State":
        """The state of to_json's object (ValueError naming the bad field)."""
        from ..geometry import as_geometry, classic_of
        if not isinstance(obj, dict):
            raise ValueError("a state is a JSON object")
        try:
            size = obj["size"]
            values = obj["values"]
            cand_lists = obj["candidates"]
        except KeyError as exc:
            raise ValueError(f"a state needs the key {exc.args[0]!r}") from None
        if type(size) is not int:
            raise ValueError(f'"size" must be an int, not {size!r}')
        from ..shape import Shape
        try:
            geom = as_geometry(obj["geometry"]) if obj.get("geometry") is not None \
                else classic_of(Shape.for_size(size))
        except ValueError as exc:
            raise ValueError(f"bad state geometry: {exc}") from None
        n2 = geom.size * geom.size
        if geom.size != size:
            raise ValueError(f'"size" {size} does not fit the geometry {geom}')
        givens = obj.get("givens", values)
        for name, seq in (("values", values), ("givens", givens), ("candidates", cand_lists)):
            if not isinstance(seq, list) or len(seq) != n2:
                raise ValueError(f'"{name}" must be a list of {n2} entries')
        for name, seq in (("values", values), ("givens", givens)):
            for k, v in enumerate(seq):
                if type(v) is not int or not 0 <= v <= size:
                    raise ValueError(f'"{name}"[{k}] must be 0..{size}, not {v!r}')
        masks = []
        for k, vs in enumerate(cand_lists):
            if not isinstance(vs, list) or any(type(v) is not int or not 1 <= v <= size for v in vs):
                raise ValueError(f'"candidates"[{k}] must be a list of values 1..{size}')
            m = 0
            for v in vs:
                m |= 1 << (v - 1)
            masks.append(0 if values[k] else m)
        return cls(geom, values, masks, givens)

    def _repr_svg_(self) -> str:
        """The state drawn in SVG with its candidates (Jupyter shows it inline)."""
        from ..render._repr import state_svg
        return str(state_svg(self))

    def __repr__(self) -> str:
        name = self.geometry.name or repr(self.geometry)
        return f"State({name}, {sum(1 for v in self.values if v)} placed, {self.count()} candidates)"

    def __eq__(self, other) -> bool:
        return isinstance(other, State) and self.geometry is other.geometry and \
            self.values == other.values and self.candidates == other.candidates and \
            self.givens == other.givens

    def __hash__(self) -> int:
        return hash((self.values, self.candidates))

    def __reduce__(self):
        return (State, (self.geometry, self.values, self.candidates, self.givens))


def _geometry_of(grid, geometry):
    from ..geometry import as_geometry
    return as_geometry(geometry) if geometry is not None else grid.geometry


def _is_marks_line(text: str) -> bool:
    s = text.strip()
    return len(s) in (64, 729, 4096) and "\n" not in s
