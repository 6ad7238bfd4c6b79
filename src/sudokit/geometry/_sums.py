"""Rules over many cells: killer cages, arrows, little killers, sandwiches, even/odd, renban.

Every rule of ``_constraints`` ties two cells at a time and becomes weak links.  The rules
here tie a whole group of cells, so they are kept as *propagators*: small pieces of data that
every engine reads (``Geometry.propagators``) and that each engine enforces in its own way
(candidate pruning in ``propagate``, a feasibility test in ``backtrack``, options in ``dlx``,
clauses in ``learn``).  A constraint is still ``(kind, cells, value)``:

    kind          cells                       value                  text
    killer        the cage (sorted)           its total, 0 = none    killer(15:r1c1-r1c2)
    arrow         circle cells, then shaft    cells in the circle    arrow(r5c5:r4c4-r3c3)
    littlekiller  the diagonal from the clue  its total              littlekiller(20:r1c2-r2c3-...)
    sandwich      a whole row or column       the total              sandwich(12:r3), sandwich(0:c5)
    even, odd     cells (sorted; all of a     0                      even(r1c1-r3c3)
                  kind make one)
    renban        a line                      0                      renban(r1c1-r1c2-r1c3)

Meanings: a cage's values all differ (it is a unit of the geometry) and sum to its total; an
arrow's circle equals the sum along the arrow (a circle of 2 or 3 cells is a pill of
side-by-side cells and reads as a 2- or 3-digit number left to right or top to bottom, as on
f-puzzles; values may repeat on the arrow where no unit forbids it); a
little killer's diagonal sums to its total (repeats allowed); a sandwich's total is the sum of
the values between the 1 and the N of its row or column; an even (odd) cell holds an even
(odd) value; a renban line's values are all different and form a run of consecutive numbers
in any order (it is a unit too).

Each rule compiles to one of four propagators, ``(kind, cells, data)``, the whole vocabulary
the engines must know:

    ("sum", cells, (weights, total, groups))                                  arrows, little killers
                                       sum of weights[i] * value[i] == total; cells
                                       with one group number differ (``groups``)
    ("sets", cells, masks)             the cells' values are one of the sets   cages, renban
                                       (a set: a bitmask of len(cells) values)
    ("sandwich", cells, total)         the values between the 1 and the N      sandwiches
    ("mask", cells, mask)              every cell's value is in the mask       even, odd

so the next rules are one constructor each (a region-sum line is "sum" links; an X-sum,
between line or quadruple one new kind).  Cages are "sets" with every combination of distinct
values that sums to the total (a precomputed table: ``combinations``), renban the windows of
consecutive values.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations as _choose

from ..errors import GeometryError

__all__ = ["KINDS", "canonical", "combinations", "propagators", "violations", "describe",
           "text", "cell_name", "path"]

KINDS = ("killer", "arrow", "littlekiller", "sandwich", "even", "odd", "renban")

ALIASES = {"cage": "killer", "killercage": "killer", "little-killer": "littlekiller",
           "littlekillersum": "littlekiller", "sandwichsum": "sandwich"}


def cell_name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def path(cells, n: int) -> str:
    return "-".join(cell_name(c, n) for c in cells)


@lru_cache(maxsize=None)
def combinations(size: int, count: int, total: int) -> tuple[int, ...]:
    """The sets of ``count`` different values from 1..size that sum to ``total``, as bitmasks
    (bit v-1 for value v), ascending.  combinations(9, 2, 10) = {1,9} {2,8} {3,7} {4,6}."""
    if not 0 < count <= size:
        return ()
    low, high = count * (count + 1) // 2, count * (2 * size - count + 1) // 2
    if not low <= total <= high:
        return ()
    return tuple(sorted(sum(1 << (v - 1) for v in combo)
                        for combo in _choose(range(1, size + 1), count) if sum(combo) == total))


def _windows(size: int, count: int) -> tuple[int, ...]:
    """The runs of ``count`` consecutive values within 1..size, as bitmasks."""
    run = (1 << count) - 1
    return tuple(run << start for start in range(size - count + 1))


def _circle_range(m: int, size: int) -> tuple[int, int]:
    """The smallest and largest number an m-cell circle can read (values 1..size)."""
    return int("1" * m), int(str(size) * m) if m > 1 else size


def canonical(size: int, kind: str, cells: tuple[int, ...], value, unwritten: bool):
    """Check one rule over many cells and return its canonical (kind, cells, value); the
    cells are already in the grid and distinct.  GeometryError names the rule."""
    n = size
    where = f"{kind} {path(cells, n)}" if cells else kind
    if not cells:
        raise GeometryError(f"a {kind} needs at least one cell")
    if kind == "killer":
        cells = tuple(sorted(cells))
        value = 0 if unwritten else value
        if len(cells) > n:
            raise GeometryError(f"killer cage {path(cells, n)}: {len(cells)} cells cannot all "
                                f"differ on a {n}x{n} grid (at most {n})")
        if value and not combinations(n, len(cells), value):
            raise GeometryError(f"killer cage {path(cells, n)}: no {len(cells)} different "
                                f"values from 1 to {n} sum to {value}")
        if value < 0:
            raise GeometryError(f"killer cage {path(cells, n)}: a total of {value} cannot hold")
        return ("killer", cells, value)
    if kind == "arrow":
        m = 1 if unwritten else value
        if not 1 <= m <= 3:
            raise GeometryError(f"arrow {path(cells, n)}: its circle has 1, 2 or 3 cells, "
                                f"not {m}")
        if len(cells) <= m:
            raise GeometryError(f"arrow from {cell_name(cells[0], n)}: an arrow needs a shaft "
                                f"(cells after its {m}-cell circle)")
        if m > 1 and n > 9:
            raise GeometryError(f"arrow from {cell_name(cells[0], n)}: a {m}-cell circle reads "
                                f"as a {m}-digit number, only on grids up to 9x9")
        step = cells[1] - cells[0] if m > 1 else 1
        if m > 1 and not (
                all(b - a == step for a, b in zip(cells[:m - 1], cells[1:m]))
                and (step == n or (step == 1 and cells[0] // n == cells[m - 1] // n))):
            # (f-puzzles and SudokuPad draw a pill and read it so: any other circle could not
            # be written there, and a pill read backwards would be written as another puzzle)
            raise GeometryError(f"arrow from {cell_name(cells[0], n)}: its {m}-cell circle "
                                f"{path(cells[:m], n)} is not a pill of side-by-side cells "
                                f"read left to right or top to bottom")
        low, high = _circle_range(m, n)
        shaft = len(cells) - m
        if shaft > high or shaft * n < low:
            raise GeometryError(f"arrow from {cell_name(cells[0], n)}: a shaft of {shaft} "
                                f"cells sums to {shaft}..{shaft * n}, its circle reads "
                                f"{low}..{high}")
        return ("arrow", tuple(cells), m)
    if kind == "littlekiller":
        _check_diagonal(cells, n)
        if unwritten or not len(cells) <= value <= len(cells) * n:
            raise GeometryError(f"little killer {path(cells, n)}: "
                                + ("it needs its total" if unwritten else
                                   f"{len(cells)} cells sum to {len(cells)}..{len(cells) * n}, "
                                   f"not {value}"))
        return ("littlekiller", tuple(cells), value)
    if kind == "sandwich":
        line = tuple(sorted(cells))
        rows = {c // n for c in line}
        cols = {c % n for c in line}
        if len(line) != n or not (len(rows) == 1 or len(cols) == 1):
            raise GeometryError(f"sandwich {path(cells, n)}: a sandwich is a whole row or "
                                f"column")
        if n < 3:
            raise GeometryError(f"a sandwich needs a grid of size 3 or more (values between "
                                f"the 1 and the {n}), not {n}x{n}")
        high = n * (n - 1) // 2 - 1
        if unwritten or not 0 <= value <= high:
            raise GeometryError(f"sandwich {_line_name(line, n)}: "
                                + ("it needs its total" if unwritten else
                                   f"the values between 1 and {n} sum to 0..{high}, not {value}"))
        return ("sandwich", line, value)
    if kind in ("even", "odd"):
        if n < 2:
            raise GeometryError(f"an {kind} cell needs a grid of size 2 or more")
        return (kind, tuple(sorted(cells)), 0)
    if kind == "renban":
        if len(cells) > n:
            raise GeometryError(f"renban {path(cells, n)}: {len(cells)} cells cannot hold "
                                f"different values on a {n}x{n} grid (at most {n})")
        if len(cells) < 2:
            raise GeometryError("a renban line needs two cells or more")
        return ("renban", min(tuple(cells), tuple(cells[::-1])), 0)
    raise GeometryError(f"unknown rule {kind!r}")


def _check_diagonal(cells, n: int) -> None:
    """A little killer runs along one diagonal, from the edge of its clue to the far edge."""
    rc = [divmod(c, n) for c in cells]
    if len(rc) > 1:
        dr, dc = rc[1][0] - rc[0][0], rc[1][1] - rc[0][1]
    else:                      # one cell: a corner, on the short diagonal through it
        r, c = rc[0]
        dr, dc = (1 if r == 0 else -1), (-1 if c == 0 else 1)
    steps_ok = abs(dr) == 1 and abs(dc) == 1 and all(
        (b[0] - a[0], b[1] - a[1]) == (dr, dc) for a, b in zip(rc, rc[1:]))
    inside = lambda r, c: 0 <= r < n and 0 <= c < n  # noqa: E731
    before = (rc[0][0] - dr, rc[0][1] - dc)
    after = (rc[-1][0] + dr, rc[-1][1] + dc)
    if not steps_ok or inside(*before) or inside(*after):
        raise GeometryError(f"little killer {path(cells, n)}: its cells are a whole diagonal, "
                            f"in order from the clue outside the grid")


def _line_name(line, n: int) -> str:
    if line[0] // n == line[-1] // n:
        return f"row {line[0] // n + 1}"
    return f"col {line[0] % n + 1}"


def text(size: int, constraint) -> str:
    """The name of a canonical rule, which the parser reads back (see the module doc)."""
    kind, cells, value = constraint
    if kind == "arrow":
        return f"arrow({path(cells[:value], size)}:{path(cells[value:], size)})"
    if kind == "sandwich":
        line = _line_name(cells, size)
        return f"sandwich({value}:{line[0]}{line.split()[1]})"
    if kind in ("killer", "littlekiller") and value:
        return f"{kind}({value}:{path(cells, size)})"
    return f"{kind}({path(cells, size)})"


def describe(size: int, constraint) -> str:
    """A few words for people: 'cage r1c1-r2c2', 'arrow from r5c5', 'sandwich row 3'."""
    kind, cells, value = constraint
    ends = cell_name(cells[0], size) if len(cells) == 1 else \
        f"{cell_name(cells[0], size)}-{cell_name(cells[-1], size)}"
    if kind == "killer":
        return f"cage {ends}"
    if kind == "arrow":
        return f"arrow from {cell_name(cells[0], size)}"
    if kind == "littlekiller":
        return f"little killer {ends}"
    if kind == "sandwich":
        return f"sandwich {_line_name(cells, size)}"
    if kind in ("even", "odd"):
        return f"{kind} cells {ends}" if len(cells) > 1 else f"{kind} cell {ends}"
    return f"renban {ends}"


# the first words of the places ``describe`` names (conflicts of these rules)
# (their units are named "killer cage ..." and "renban line ...": a value placed twice there
# is a unit's conflict)
BROKEN = ("cage ", "arrow ", "little killer ", "sandwich ", "even cell", "odd cell", "renban r")


def unit_name(size: int, kind: str, cells) -> str:
    """The name of the unit a cage or renban line makes: 'killer cage r1c1-r2c2'."""
    return f"{'killer cage' if kind == 'killer' else 'renban line'} " \
        f"{cell_name(cells[0], size)}-{cell_name(cells[-1], size)}"


def units(size: int, constraints) -> list[tuple[str, tuple[int, ...]]]:
    """(name, sorted cells) of the rules whose values all differ: cages and renban lines."""
    return [(unit_name(size, kind, cells), tuple(sorted(cells)))
            for kind, cells, _ in constraints if kind in ("killer", "renban")]


def groups(cells, weights, units) -> tuple[int, ...]:
    """For a sum, a group number for each of its cells: cells of one group have one weight
    and share a unit, so their values differ (the engines bound a group's sum by its least
    and greatest distinct values).  Greedy and fixed: the unit holding the most ungrouped
    cells of one weight makes the next group, until no unit holds two; the rest are alone.
    Numbered in the order made."""
    out = [-1] * len(cells)
    made = 0
    while True:
        best: list[int] = []
        for unit in units:
            inside = set(unit)
            by_weight: dict[int, list[int]] = {}
            for i, c in enumerate(cells):
                if out[i] < 0 and c in inside and c not in (cells[j] for j in
                                                           by_weight.get(weights[i], ())):
                    by_weight.setdefault(weights[i], []).append(i)
            for part in by_weight.values():
                if len(part) > len(best):
                    best = part
        if len(best) < 2:
            break
        for i in best:
            out[i] = made
        made += 1
    for i in range(len(cells)):
        if out[i] < 0:
            out[i] = made
            made += 1
    return tuple(out)


def propagators(size: int, constraints, units=()) -> tuple:
    """The propagators ``(kind, cells, data)`` of the rules over many cells (module doc);
    ``units`` (cell tuples) give the groups of each sum."""
    out = []
    full = (1 << size) - 1
    evens = sum(1 << (v - 1) for v in range(2, size + 1, 2))
    for kind, cells, value in constraints:
        if kind == "killer" and value:
            out.append(("sets", cells, combinations(size, len(cells), value)))
        elif kind == "renban":
            out.append(("sets", cells, _windows(size, len(cells))))
        elif kind == "arrow":
            m = value
            weights = tuple(10 ** (m - 1 - k) for k in range(m)) + (-1,) * (len(cells) - m)
            out.append(("sum", cells, (weights, 0, groups(cells, weights, units))))
        elif kind == "littlekiller":
            weights = (1,) * len(cells)
            out.append(("sum", cells, (weights, value, groups(cells, weights, units))))
        elif kind == "sandwich":
            out.append(("sandwich", cells, value))
        elif kind == "even":
            out.append(("mask", cells, evens))
        elif kind == "odd":
            out.append(("mask", cells, full & ~evens))
    return tuple(out)


# --- the checker ----------------------------------------------------------------------------


def violations(size: int, constraints, values) -> list[tuple[int, str, tuple[int, ...]]]:
    """Every rule over many cells that the values (0 = empty) break: (value, where, cells), where
    'cage r1c1-r2c2: sum 17, not 15'.  A rule is broken once its cells are filled and it does
    not hold, or earlier when the filled cells already rule it out (a cage whose values pass
    its total, an even cell holding 3).  Repeated values in a cage or renban line are the
    units' conflicts (geometry.conflicts), not repeated here."""
    out = []
    n = size
    for con in constraints:
        kind, cells, value = con
        if kind not in KINDS:
            continue
        vals = [values[c] for c in cells]
        name = describe(n, con)
        filled = all(vals)
        if kind == "killer" and value:
            total = sum(vals)
            if total > value or (filled and total != value):
                out.append((max(vals), f"{name}: sum {total}, not {value}", cells))
        elif kind == "littlekiller":
            total = sum(vals)
            if total > value or (filled and total != value):
                out.append((max(vals), f"{name}: sum {total}, not {value}", cells))
        elif kind == "arrow":
            circle = vals[:value]
            shaft = sum(vals[value:])
            if all(circle):
                number = int("".join(map(str, circle)))
                if shaft > number or (filled and shaft != number):
                    out.append((circle[0], f"{name}: circle {number}, arrow sum {shaft}", cells))
        elif kind == "sandwich":
            where = [i for i, v in enumerate(vals) if v in (1, n)]
            if len(where) == 2:
                inner = vals[where[0] + 1:where[1]]
                total = sum(inner)
                if total > value or (all(inner) and total != value):
                    out.append((n, f"{name}: sum {total} between 1 and {n}, not {value}", cells))
        elif kind in ("even", "odd"):
            for c, v in zip(cells, vals):
                if v and (v % 2 == 0) != (kind == "even"):
                    out.append((v, f"{kind} cell {cell_name(c, n)}: {v} is "
                                   f"{'odd' if kind == 'even' else 'even'}", (c,)))
        elif kind == "renban":
            placed = [v for v in vals if v]
            if placed and max(placed) - min(placed) >= len(cells):
                out.append((max(placed), f"{name}: {min(placed)} and {max(placed)} cannot "
                                         f"be in one run of {len(cells)}", cells))
    return out
