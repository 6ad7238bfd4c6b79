"""Geometry: all the rules of a grid as data -- units, peers, weak links.

A *geometry* of size N has N*N cells numbered row-major from 0, and

- *units*: sets of cells whose values all differ.  Rows, cols and *regions* (the boxes of a
  classic grid, the irregular regions of a jigsaw) come first, then the units of rules (the
  two diagonals of X, the windows of windoku, the disjoint groups), then extra units.  A unit
  of N cells holds every value once (the kernels call these the *full* units and use them for
  hidden singles); a smaller unit (a killer cage, say) holds each value at most once.  Full
  units are numbered before smaller ones.
- *pairs*: extra "cannot be equal" pairs of cells that share no unit (anti-knight, anti-king,
  ``extra_pairs``).
- *constraints*: thermometers, kropki dots, XV, whispers and palindromes, ``(kind, cells,
  value)`` (see ``sudokit.geometry._constraints``), and the negative rules ``nonconsecutive``,
  ``negative-ratio`` and ``negative-xv``.  Each ties two cells at a time, so each becomes
  weak links; they are kept as constraints too, to be named, drawn and written back.
- *links*: general weak links between candidates, "cell i = a excludes cell j = b".  A link is
  (i, j, masks): masks[a-1] = the values of cell j that i = a excludes.  "Cannot be equal" is
  the case masks[a-1] = {a}; it is kept as peers (the fast form) and never stored as a link.
  ``links`` holds the weak links of the constraints and negative rules plus the ones given
  to ``with_links`` (``extra_links``); every kernel honours them.
- *peers* of a cell: the cells sharing a unit with it plus its pair partners (sorted).

Geometries are immutable and interned: equal rules give the same object, so ``is``/``==``
and the default hash agree, and tables are built once per geometry.

    >>> g = boxes(3, 3).with_rules("x", "antiknight")
    >>> g.name, len(g.units), len(g.peers[0])
    ('3x3+x+antiknight', 29, 26)

Names: ``3x3`` (classic), ``3x3+x``, ``3x3+windoku+antiknight``, ``jigsaw(<N*N symbols>)+x``,
``3x3+thermo(r1c1-r1c2-r1c3)+diff(r5c5-r5c6)+nonconsecutive``; ``parse(name)`` reads them
back.  A geometry with extra units, pairs or links has no short name; its ``repr`` still
rebuilds it.
"""

from __future__ import annotations

import math
import re
from functools import cached_property

from . import _constraints, _sums
from ..errors import GeometryError, ShapeError

__all__ = ["Geometry", "GeometryError", "boxes", "jigsaw", "parse", "RULES", "classic_of",
           "as_geometry", "split_generator_args",
           "split_args"]

MAX_SIZE = 64

# Rules in their canonical order (names are the CLI's --rules words).
RULES = ("x", "diagonal", "antidiagonal", "windoku", "disjoint", "antiknight", "antiking",
         "nonconsecutive", "negative-ratio", "negative-xv")

_KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2))
_KING = ((0, 1), (1, -1), (1, 0), (1, 1))


def _cell_name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


class Geometry:
    """Size N, regions, rules and extras; every table derived once (see the module doc).

    Build one with ``boxes``, ``jigsaw``, ``parse`` or ``Geometry(size, regions, ...)``; add
    rules with ``with_rules``, ``with_units``, ``with_pairs``, ``with_constraints``,
    ``with_links``.
    """

    __slots__ = ("size", "ncells", "regions", "box", "rules", "extra_units", "extra_pairs",
                 "extra_links", "constraints", "_key", "__dict__")
    _interned: dict[tuple, "Geometry"] = {}

    def __new__(cls, size: int, regions: "tuple[int, ...] | None" = None, rules=(),
                extra_units=(), extra_pairs=(), links=(), box: "tuple[int, int] | None" = None,
                constraints=()):
        size = _check_size(size)
        ncells = size * size
        if regions is None:
            if box is None:
                raise GeometryError("a geometry needs regions (a region map) or a box shape")
            regions = _box_regions(size, *box)
        regions = tuple(regions)
        key = (size, regions, tuple(rules), tuple(map(tuple, extra_units)),
               tuple(map(tuple, extra_pairs)), tuple((i, j, tuple(m)) for i, j, m in links),
               tuple(map(_constraint_key, constraints)))
        g = cls._interned.get(key)
        if g is not None:
            return g
        regions = _check_regions(size, regions)
        box = _box_of(size, regions)
        rules = _canonical_rules(rules)
        for rule in rules:
            if rule == "disjoint" and box is None:
                raise GeometryError("the disjoint rule needs box regions (same position in every "
                                    "box); a jigsaw has no box positions")
            if rule == "windoku" and (size < 4 or math.isqrt(size) ** 2 != size):
                raise GeometryError(f"windoku is defined for square sizes 4, 9, 16, ... (windows "
                                    f"of sqrt(N) x sqrt(N) cells), not {size}")
        canon = (size, regions, rules, _canonical_units(size, extra_units),
                 _canonical_pairs(ncells, extra_pairs), _canonical_links(size, links),
                 _canonical_constraints(size, constraints))
        g = cls._interned.get(canon)
        if g is None:
            g = object.__new__(cls)
            g.size, g.ncells, g.regions, g.box = size, ncells, regions, box
            g.rules, g.extra_units, g.extra_pairs, g.extra_links, g.constraints = canon[2:]
            g._key = canon
            cls._interned[canon] = g
        cls._interned[key] = g
        return g

    def __reduce__(self):
        return (Geometry, (self.size, self.regions, self.rules, self.extra_units,
                           self.extra_pairs, self.extra_links, None, self.constraints))

    # --- composition -----------------------------------------------------------------

    def _with(self, rules=(), units=(), pairs=(), links=(), constraints=()) -> "Geometry":
        return Geometry(self.size, self.regions, self.rules + tuple(rules),
                        self.extra_units + tuple(units), self.extra_pairs + tuple(pairs),
                        self.extra_links + tuple(links),
                        constraints=self.constraints + tuple(constraints))

    def with_rules(self, *rules: str) -> "Geometry":
        """This geometry plus the named rules (see RULES) and constraints written as text
        ('thermo(r1c1-r1c2-r1c3)', 'x(r1c1-r1c2)'); unknown names raise GeometryError."""
        words = _split_rules(rules)
        return self._with(rules=[w for w in words if not _constraints.is_constraint_text(w)],
                          constraints=[w for w in words if _constraints.is_constraint_text(w)])

    def with_units(self, *units) -> "Geometry":
        """This geometry plus extra units (iterables of cells; at most N cells each)."""
        return self._with(units=units)

    def with_pairs(self, *pairs) -> "Geometry":
        """This geometry plus extra "cannot be equal" pairs of cells."""
        return self._with(pairs=pairs)

    def with_constraints(self, *constraints) -> "Geometry":
        """This geometry plus constraints: (kind, cells) or (kind, cells, value) with kind one
        of thermo, diff, ratio, sum, whisper, palindrome (white, black, x, v too), or their
        text ('thermo(r1c1-r1c2-r1c3)'); see ``sudokit.geometry._constraints``.  Cells of a thermometer
        go from the bulb to the tip.

            >>> g = boxes(3, 3).with_constraints(("thermo", (0, 1, 2)), ("white", (9, 10)))
            >>> g.name
            '3x3+thermo(r1c1-r1c2-r1c3)+diff(r2c1-r2c2)'
        """
        return self._with(constraints=constraints)

    def with_links(self, *links) -> "Geometry":
        """This geometry plus weak links (i, j, masks): masks[a-1] = values of j that i = a excludes.

        Each link is stored in both directions.  A same-value link belongs in with_pairs.
        """
        return self._with(links=links)

    # --- names -----------------------------------------------------------------------

    @property
    def is_classic(self) -> bool:
        """True for plain box geometries (rows, cols, boxes and nothing else)."""
        return self.box is not None and not (self.rules or self.extra_units or self.extra_pairs
                                             or self.extra_links or self.constraints)

    @cached_property
    def shape(self):
        """The Shape of the boxes, or None for a jigsaw."""
        if self.box is None:
            return None
        from ..shape import Shape
        return Shape(*self.box)

    @cached_property
    def display_shape(self):
        """The Shape a grid of this geometry is drawn and numbered with: its boxes, or for a
        jigsaw the default boxes of its size (1 x N when N has none)."""
        if self.box is not None:
            return self.shape
        from ..shape import Shape
        try:
            return Shape.for_size(self.size)
        except ShapeError:
            return Shape(1, self.size)

    @cached_property
    def name(self) -> "str | None":
        """'3x3', '3x3+x+antiknight', 'jigsaw(...)+x'; None when extras have no short name."""
        if self.extra_units or self.extra_pairs or self.extra_links:
            return None
        if self.box is not None:
            base = f"{self.box[0]}x{self.box[1]}"
        else:
            base = f"jigsaw({_region_text(self.size, self.regions)})"
        return "+".join((base,) + self.rules + tuple(_constraints.text(self.size, c)
                                                    for c in self.constraints))

    def __str__(self) -> str:
        if self.is_classic:
            return f"classic {self.name}"
        return self.name or repr(self)

    def __repr__(self) -> str:
        if self.name is not None:
            return f"geometry.parse({self.name!r})"
        parts = [str(self.size), f"regions={self.regions!r}"]
        for field, value in (("rules", self.rules), ("extra_units", self.extra_units),
                             ("extra_pairs", self.extra_pairs), ("links", self.extra_links),
                             ("constraints", self.constraints)):
            if value:
                parts.append(f"{field}={value!r}")
        return f"Geometry({', '.join(parts)})"

    # --- tables ----------------------------------------------------------------------

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every unit as a sorted tuple of cells: full units (N cells) first, then smaller ones."""
        return tuple(cells for _, cells in self._named_units)

    @cached_property
    def unit_names(self) -> tuple[str, ...]:
        """'row 1', 'col 4', 'box 9' / 'region 9', 'diagonal', 'window 2', 'disjoint 5', 'unit 1'."""
        return tuple(name for name, _ in self._named_units)

    @cached_property
    def nfull(self) -> int:
        """How many units have N cells (they come first in ``units``)."""
        return sum(1 for u in self.units if len(u) == self.size)

    @cached_property
    def _named_units(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        n = self.size
        out = [(f"row {r + 1}", tuple(range(r * n, r * n + n))) for r in range(n)]
        out += [(f"col {c + 1}", tuple(range(c, n * n, n))) for c in range(n)]
        kind = "box" if self.box is not None else "region"
        members: list[list[int]] = [[] for _ in range(n)]
        for cell, reg in enumerate(self.regions):
            members[reg].append(cell)
        out += [(f"{kind} {k + 1}", tuple(m)) for k, m in enumerate(members)]
        for rule in self.rules:
            out += _rule_units(rule, n, self.box)
        seen = {cells for _, cells in out}
        extra = []
        for name, cells in [(f"unit {k + 1}", cells) for k, cells in enumerate(self.extra_units)] \
                + _sums.units(n, self.constraints):
            if cells not in seen:
                seen.add(cells)
                extra.append((name, cells))
        out += [u for u in extra if len(u[1]) == n]
        out += [u for u in extra if len(u[1]) < n]
        return tuple(out)

    @cached_property
    def cell_units(self) -> tuple[tuple[int, ...], ...]:
        """The units of each cell, ascending."""
        out: list[list[int]] = [[] for _ in range(self.ncells)]
        for u, cells in enumerate(self.units):
            for c in cells:
                out[c].append(u)
        return tuple(tuple(us) for us in out)

    @cached_property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """"Cannot be equal" pairs (i < j) of cells that share no unit: rules and extra pairs."""
        n = self.size
        found = set(self.extra_pairs)
        for rule in self.rules:
            moves = _KNIGHT if rule == "antiknight" else _KING if rule == "antiking" else ()
            for cell in range(self.ncells):
                r, c = divmod(cell, n)
                for dr, dc in moves:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n:
                        other = rr * n + cc
                        found.add((min(cell, other), max(cell, other)))
        cu = self.cell_units
        return tuple(sorted(p for p in found if not set(cu[p[0]]) & set(cu[p[1]])))

    @cached_property
    def pair_peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, its pair partners (peers through ``pairs`` only), ascending."""
        out: list[list[int]] = [[] for _ in range(self.ncells)]
        for i, j in self.pairs:
            out[i].append(j)
            out[j].append(i)
        return tuple(tuple(sorted(p)) for p in out)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Cells that cannot hold the same value as each cell (sorted, the cell excluded)."""
        units = self.units
        out = []
        for cell, us in enumerate(self.cell_units):
            seen = set(self.pair_peers[cell])
            for u in us:
                seen.update(units[u])
            seen.discard(cell)
            out.append(tuple(sorted(seen)))
        return tuple(out)

    @cached_property
    def propagators(self) -> tuple:
        """The rules over many cells as the engines read them: (kind, cells, data) with kind
        "sum", "sets", "sandwich" or "mask" (see ``sudokit.geometry._sums``); () for most."""
        return _sums.propagators(self.size, self.constraints, self.units)

    @cached_property
    def _relations(self) -> tuple:
        """(name, i, j, ok) of every two cells the constraints and negative rules tie."""
        return tuple(_constraints.relations(self.size, self.rules, self.constraints))

    @cached_property
    def links(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """Every weak link (i, j, masks), both directions, sorted: the constraints', the
        negative rules' and the extra ones, merged per pair of cells."""
        if not self._relations:
            return self.extra_links
        return _canonical_links(self.size, self.extra_links + tuple(
            _constraints.links(self.size, self._relations)))

    @cached_property
    def cell_links(self) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
        """For each cell i, its links as (j, masks) with masks[a-1] = values of j excluded by i = a."""
        out: list[list] = [[] for _ in range(self.ncells)]
        for i, j, masks in self.links:
            out[i].append((j, masks))
        return tuple(tuple(x) for x in out)

    @cached_property
    def intersections(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """{(u, v): cells} for every two units (u < v) sharing two cells or more."""
        out = {}
        units = self.units
        for u, cells in enumerate(units):
            for v in sorted({w for c in cells for w in self.cell_units[c] if w > u}):
                common = tuple(c for c in cells if c in set(units[v]))
                if len(common) >= 2:
                    out[(u, v)] = common
        return out

    # --- checks ----------------------------------------------------------------------

    def conflicts(self, values) -> list[tuple[int, str, tuple[int, ...]]]:
        """Every broken rule of a grid (0 = empty): (value, where, cells), units then pairs then links."""
        out = []
        for name, cells in self._named_units:
            placed = [v for v in map(values.__getitem__, cells) if v]
            if len(set(placed)) == len(placed):
                continue                      # no value twice: the usual case, fast
            where: dict[int, list[int]] = {}
            for c in cells:
                v = values[c]
                if v:
                    where.setdefault(v, []).append(c)
            out += [(v, name, tuple(cs)) for v, cs in sorted(where.items()) if len(cs) > 1]
        n = self.size
        for i, j in self.pairs:
            if values[i] and values[i] == values[j]:
                out.append((values[i], f"pair {_cell_name(i, n)}-{_cell_name(j, n)}", (i, j)))
        if self._relations:
            out += _constraints.violations(n, self._relations, values)
        if self.propagators:
            out += _sums.violations(n, self.constraints, values)
        for i, j, masks in self.extra_links:
            a, b = values[i], values[j]
            if a and b and masks[a - 1] >> (b - 1) & 1 and i < j:
                out.append((a, f"link {_cell_name(i, n)}={a} {_cell_name(j, n)}={b}", (i, j)))
        return out

    def is_solution(self, solution, puzzle=None) -> bool:
        """True when solution is complete, breaks no rule, and keeps every given of puzzle."""
        n = self.size
        if len(solution) != self.ncells or any(not 1 <= v <= n for v in solution):
            return False
        if puzzle is not None and any(p and p != s for p, s in zip(puzzle, solution)):
            return False
        return not self.conflicts(solution)

    def to_json(self) -> dict:
        """A JSON-ready dict that ``from_json`` turns back into this geometry."""
        out = {"size": self.size}
        if self.box is not None:
            out["box"] = f"{self.box[0]}x{self.box[1]}"
        else:
            out["regions"] = [list(self.regions[r * self.size:(r + 1) * self.size])
                              for r in range(self.size)]
        if self.rules:
            out["rules"] = list(self.rules)
        if self.extra_units:
            out["units"] = [list(u) for u in self.extra_units]
        if self.extra_pairs:
            out["pairs"] = [list(p) for p in self.extra_pairs]
        if self.constraints:
            out["constraints"] = [[kind, list(cells)] + ([value] if value or kind == "sandwich"
                                                         else [])  # (a sandwich of 0 is one)
                                  for kind, cells, value in self.constraints]
        if self.extra_links:
            out["links"] = [[i, j, list(m)] for i, j, m in self.extra_links]
        return out

    @classmethod
    def from_json(cls, data: dict) -> "Geometry":
        """Rebuild a geometry from ``to_json``'s dict; a bad field raises GeometryError naming it."""
        if not isinstance(data, dict) or "size" not in data:
            raise GeometryError("a geometry in JSON is an object with a 'size'")
        known = {"size", "box", "regions", "rules", "units", "pairs", "links", "constraints"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise GeometryError(f"unknown geometry field(s) {', '.join(map(repr, unknown))}; "
                                f"known: {', '.join(sorted(known))}")
        size = _field("size", lambda: _check_size(data["size"]))
        for name in ("rules", "units", "pairs", "links", "constraints"):
            if not isinstance(data.get(name, ()), (list, tuple)):
                raise GeometryError(f"geometry field {name!r} is a list, not "
                                    f"{type(data[name]).__name__}")
        if "regions" in data:
            def regions():
                rows = data["regions"]
                if not isinstance(rows, (list, tuple)):
                    raise GeometryError(f"a list of region labels, not {type(rows).__name__}")
                flat = [x for row in rows for x in row] \
                    if rows and isinstance(rows[0], list) else rows
                return jigsaw(flat, size=size)
            g = _field("regions", regions)
        else:
            box = data.get("box")
            g = _field("box", lambda: boxes(*_parse_box(box)) if box else _default_boxes(size))
            if g.size != size:
                raise GeometryError(f"box {box} makes a {g.size}x{g.size} grid, not size {size}")
        g = _field("rules", lambda: g.with_rules(*data.get("rules", ())))
        # each field checked on its own first, so an error names the field it is in
        units = data.get("units", ())
        _field("units", lambda: _canonical_units(size, units))
        pairs = data.get("pairs", ())
        _field("pairs", lambda: _canonical_pairs(size * size, pairs))
        links = data.get("links", ())
        _field("links", lambda: _canonical_links(size, links))
        constraints = data.get("constraints", ())
        _field("constraints", lambda: _canonical_constraints(size, constraints))
        return _field("geometry", lambda: g._with((), units, pairs, links, constraints))


def _field(name: str, build):
    """build(); a bad value (TypeError, ValueError ...) becomes a GeometryError naming the field."""
    try:
        return build()
    except GeometryError as exc:
        if name in ("size", "geometry") or name in str(exc):
            raise
        raise GeometryError(f"geometry field {name!r}: {exc}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
        raise GeometryError(f"geometry field {name!r}: bad value ({type(exc).__name__}: "
                            f"{str(exc)[:100]})") from None


# --- constructors --------------------------------------------------------------------------


_BOXES: dict[tuple[int, int], Geometry] = {}


def boxes(box_rows: int = 3, box_cols: int | None = None) -> Geometry:
    """The classic geometry: rows, cols and box_rows x box_cols boxes."""
    if box_cols is None:
        box_cols = box_rows
    g = _BOXES.get((box_rows, box_cols))
    if g is not None:
        return g
    if not (isinstance(box_rows, int) and isinstance(box_cols, int)) or box_rows < 1 or \
            box_cols < 1 or box_rows * box_cols > MAX_SIZE:
        raise GeometryError(f"unsupported box shape {box_rows!r}x{box_cols!r}: box rows and cols "
                            f"must be integers >= 1 whose product is at most {MAX_SIZE}")
    g = _BOXES[(box_rows, box_cols)] = Geometry(box_rows * box_cols, box=(box_rows, box_cols))
    return g


def as_geometry(spec) -> Geometry:
    """A Geometry from a Geometry, a name ('3x3+x', 'jigsaw(...)'), a JSON dict or a Shape."""
    if isinstance(spec, Geometry):
        return spec
    if isinstance(spec, str):
        return parse(spec)
    if isinstance(spec, dict):
        return Geometry.from_json(spec)
    if hasattr(spec, "box_rows"):
        return boxes(spec.box_rows, spec.box_cols)
    raise GeometryError(f"not a geometry: {spec!r} (give a Geometry, a name such as '3x3+x', "
                        f"or a JSON dict)")


def classic_of(shape) -> Geometry:
    """The classic geometry of a Shape."""
    return boxes(shape.box_rows, shape.box_cols)


def jigsaw(regions, size: int | None = None) -> Geometry:
    """Rows, cols and irregular regions: regions[cell] names the region of each cell.

    regions: N*N labels (ints, or one-character strings such as a region-map line); labels
    are numbered in order of first appearance.  Each of the N regions must have N cells
    (connectedness is not required).  Raises GeometryError naming the region or cell.
    """
    labels = list(regions)
    if size is None:
        size = math.isqrt(len(labels))
        if size * size != len(labels):
            raise GeometryError(f"a region map of {len(labels)} cells is not a square grid "
                                f"(an NxN grid has N*N cells)")
    size = _check_size(size)
    if len(labels) != size * size:
        raise GeometryError(f"a region map of a {size}x{size} grid names {size * size} cells, "
                            f"not {len(labels)}")
    numbers: dict = {}
    out = []
    for cell, label in enumerate(labels):
        if label is None or label in (".", ""):
            raise GeometryError(f"cell {_cell_name(cell, size)} is in no region")
        if label not in numbers:
            numbers[label] = len(numbers)
        out.append(numbers[label])
    if len(numbers) != size:
        raise GeometryError(f"a {size}x{size} jigsaw needs {size} regions, the map has "
                            f"{len(numbers)}")
    counts = [0] * size
    for r in out:
        counts[r] += 1
    for label, k in numbers.items():
        if counts[k] != size:
            raise GeometryError(f"region {label!r} has {counts[k]} cells; every region of a "
                                f"{size}x{size} jigsaw has {size}")
    return Geometry(size, tuple(out))


def parse(text: str) -> Geometry:
    """Read a geometry name: '3x3', '2x3+x', '9' (default boxes), 'jigsaw(<map>)+antiknight'."""
    text = str(text).strip()
    if not text:
        raise GeometryError("empty geometry name")
    if text.startswith("classic "):
        text = text[len("classic "):].strip()
    if text.startswith("jigsaw("):
        end = text.find(")")
        if end < 0:
            raise GeometryError(f"bad geometry {text!r}: jigsaw( has no closing parenthesis")
        body = text[len("jigsaw("):end]
        base = jigsaw(body.split(",") if "," in body else body)
        rest = text[end + 1:]
        if rest and not rest.startswith("+"):
            raise GeometryError(f"bad geometry {text!r}: expected '+rule' after jigsaw(...)")
        rules = [r for r in rest.split("+") if r]
    else:
        head, *rules = text.split("+")
        base = boxes(*_parse_box(head)) if "x" in head.lower() else _default_boxes(head)
    return base.with_rules(*rules)


def split_args(args: tuple) -> tuple:
    """A kernel's arguments as (geometry, *rest): (geometry, *rest) or (box_rows, box_cols, *rest)."""
    if isinstance(args[0], int):
        return (boxes(args[0], args[1]),) + tuple(args[2:])
    return tuple(args)


def split_generator_args(args: tuple, node_limit: int = 0, counter=None) -> tuple:
    """A ``*_solutions`` generator's arguments as (geometry, node_limit, counter):
    (geometry, node_limit=0, counter=None) or (box_rows, box_cols, node_limit, counter);
    the keyword values stand when the positions are absent."""
    geom, *rest = split_args(args)
    if rest:
        node_limit, *rest = rest
    if rest:
        counter = rest[0]
    return geom, node_limit, counter


# --- helpers ---------------------------------------------------------------------------------


def _check_size(size) -> int:
    if isinstance(size, bool) or not isinstance(size, int):
        try:
            size = int(size)
        except (TypeError, ValueError):
            raise GeometryError(f"a grid size is an integer, not {size!r}") from None
    if not 1 <= size <= MAX_SIZE:
        raise GeometryError(f"unsupported grid size {size}: sizes run from 1 to {MAX_SIZE}")
    return size


def _parse_box(text) -> tuple[int, int]:
    parts = str(text).lower().replace("*", "x").split("x")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise GeometryError(f"bad box shape {text!r}: expected RxC such as 3x3 or 2x3") from None
    if len(nums) == 1:
        nums *= 2
    if len(nums) != 2:
        raise GeometryError(f"bad box shape {text!r}: expected RxC such as 3x3 or 2x3")
    return nums[0], nums[1]


def _default_boxes(size) -> Geometry:
    from ..shape import Shape
    try:
        shape = Shape.for_size(_check_size(size))
    except ShapeError as exc:
        raise GeometryError(str(exc)) from None
    return boxes(shape.box_rows, shape.box_cols)


def _box_regions(size: int, box_rows: int, box_cols: int) -> tuple[int, ...]:
    if box_rows * box_cols != size:
        raise GeometryError(f"{box_rows}x{box_cols} boxes do not tile a {size}x{size} grid")
    per_band = size // box_cols
    return tuple((cell // size // box_rows) * per_band + (cell % size) // box_cols
                 for cell in range(size * size))


def _box_of(size: int, regions: tuple[int, ...]) -> "tuple[int, int] | None":
    """The box shape whose regions these are (numbered the classic way), else None."""
    for rows in range(1, size + 1):
        if size % rows == 0 and _box_regions(size, rows, size // rows) == regions:
            return (rows, size // rows)
    return None


def _check_regions(size: int, regions: tuple[int, ...]) -> tuple[int, ...]:
    """Return the regions renumbered by first appearance (region 0 holds cell 0); check them."""
    if len(regions) != size * size:
        raise GeometryError(f"regions name {len(regions)} cells, a {size}x{size} grid has "
                            f"{size * size}")
    counts = [0] * size
    for cell, r in enumerate(regions):
        if not isinstance(r, int) or not 0 <= r < size:
            raise GeometryError(f"cell {_cell_name(cell, size)} is in no region (region {r!r})")
        counts[r] += 1
    for r, k in enumerate(counts):
        if k != size:
            raise GeometryError(f"region {r + 1} has {k} cells; every region of a {size}x{size} "
                                f"grid has {size}")
    order: dict[int, int] = {}
    return tuple(order.setdefault(r, len(order)) for r in regions)


def _split_rules(rules) -> list[str]:
    """The rule words of rules, split at commas and spaces outside parentheses (the spaces
    of 'killer(15: r1c1-r1c2)' are dropped: split there, it read as the unknown rule 'r1c1')."""
    out = []
    for item in rules:
        text = re.sub(r"\([^()]*\)", lambda m: re.sub(r"\s+", "", m.group()), str(item))
        out += [w.strip().lower() for w in text.replace(" ", ",").split(",") if w.strip()]
    return out


def _canonical_rules(rules) -> tuple[str, ...]:
    chosen = set()
    for rule in _split_rules(rules):
        rule = {"diagonals": "x", "hyper": "windoku", "anti-knight": "antiknight",
                "anti-king": "antiking", "diagonal-": "diagonal", "diagonal+": "antidiagonal",
                "anti-diagonal": "antidiagonal"}.get(rule, rule)
        if rule not in RULES:
            raise GeometryError(f"unknown rule {rule!r}; rules: {', '.join(RULES)}")
        chosen.add(rule)
    if {"diagonal", "antidiagonal"} <= chosen:
        chosen.add("x")
    if "x" in chosen:
        chosen -= {"diagonal", "antidiagonal"}
    return tuple(r for r in RULES if r in chosen)


def _constraint_key(c):
    """A hashable form of a constraint as given (its canonical form is checked later)."""
    try:
        return c if isinstance(c, str) else (c[0], tuple(c[1]), *c[2:])
    except (TypeError, IndexError, KeyError):
        return repr(c)


def _canonical_constraints(size: int, constraints) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    out = {_constraints.canonical(size, c) for c in constraints}
    # Even (odd) cells are one rule a cell, so all the even (odd) cells make one constraint:
    # even(r1c1)+even(r2c2) is even(r1c1-r2c2), one geometry, and f-puzzles (which lists
    # the cells one by one) reads back the geometry it was written from.
    for kind in ("even", "odd"):
        parts = [c for c in out if c[0] == kind]
        if len(parts) > 1:
            out -= set(parts)
            out.add((kind, tuple(sorted({cell for c in parts for cell in c[1]})), 0))
    return tuple(sorted(out, key=lambda c: (_constraints.KINDS.index(c[0]), c[1], c[2])))


def _canonical_units(size: int, units) -> tuple[tuple[int, ...], ...]:
    out = set()  # (a set: a list's `not in` made 130,000 units take minutes)
    ncells = size * size
    for k, unit in enumerate(units):
        cells = tuple(sorted(int(c) for c in unit))
        if not 1 <= len(cells) <= size:
            raise GeometryError(f"extra unit {k + 1} has {len(cells)} cells; a unit has 1 to "
                                f"{size}")
        if len(set(cells)) != len(cells):
            raise GeometryError(f"extra unit {k + 1} names a cell twice")
        if cells[0] < 0 or cells[-1] >= ncells:
            raise GeometryError(f"extra unit {k + 1} names cell {cells[0] if cells[0] < 0 else cells[-1]}"
                                f", outside 0..{ncells - 1}")
        out.add(cells)
    return tuple(sorted(out))


def _canonical_pairs(ncells: int, pairs) -> tuple[tuple[int, int], ...]:
    out = set()
    for pair in pairs:
        i, j = (int(c) for c in pair)
        if i == j or not (0 <= i < ncells and 0 <= j < ncells):
            raise GeometryError(f"bad pair ({i}, {j}): two different cells in 0..{ncells - 1}")
        out.add((min(i, j), max(i, j)))
    return tuple(sorted(out))


def _canonical_links(size: int, links) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    full = (1 << size) - 1
    table: dict[tuple[int, int], list[int]] = {}
    for link in links:
        i, j, masks = link
        i, j = int(i), int(j)
        masks = [int(m) for m in masks]
        if i == j or not (0 <= i < size * size and 0 <= j < size * size):
            raise GeometryError(f"bad link ({i}, {j}): two different cells in 0..{size * size - 1}")
        if len(masks) != size or any(not 0 <= m <= full for m in masks):
            raise GeometryError(f"link ({i}, {j}) needs {size} masks of values, one per value")
        for a, m in enumerate(masks):  # store both directions: i = a+1 excludes j = b+1 and back
            fwd = table.setdefault((i, j), [0] * size)
            back = table.setdefault((j, i), [0] * size)
            fwd[a] |= m
            for b in range(size):
                if m >> b & 1:
                    back[b] |= 1 << a
    return tuple((i, j, tuple(m)) for (i, j), m in sorted(table.items()) if any(m))


def _rule_units(rule: str, n: int, box) -> list[tuple[str, tuple[int, ...]]]:
    if rule in ("x", "diagonal"):
        out = [("diagonal", tuple(i * n + i for i in range(n)))]
        if rule == "x":
            out.append(("antidiagonal", tuple(sorted(i * n + n - 1 - i for i in range(n)))))
        return out
    if rule == "antidiagonal":
        return [("antidiagonal", tuple(sorted(i * n + n - 1 - i for i in range(n))))]
    if rule == "windoku":
        k = math.isqrt(n)
        out = []
        starts = [1 + i * (k + 1) for i in range(k - 1)]
        for r0 in starts:
            for c0 in starts:
                cells = tuple((r0 + i) * n + c0 + j for i in range(k) for j in range(k))
                out.append((f"window {len(out) + 1}", cells))
        return out
    if rule == "disjoint":
        br, bc = box
        groups: list[list[int]] = [[] for _ in range(n)]
        for cell in range(n * n):
            r, c = divmod(cell, n)
            groups[(r % br) * bc + c % bc].append(cell)
        return [(f"disjoint {k + 1}", tuple(g)) for k, g in enumerate(groups)]
    return []  # antiknight, antiking: pairs, not units


def _region_text(size: int, regions: tuple[int, ...]) -> str:
    from ..symbols import DEFAULT
    if size > len(DEFAULT.symbols):
        return ",".join(str(r + 1) for r in regions)
    return "".join(DEFAULT.symbols[r] for r in regions)
