"""Public variant puzzles with their published solutions (tests/data/variants, README.md there).

Each record is ``id;rules;regions;puzzle;solution``.  Every puzzle must solve, with the
propagate kernel, to exactly one solution (count 1 at limit 2) equal to the published one;
an exact-cover search built here from the rules alone (not from sudokit's Geometry) must
agree; backtrack must agree within its node budget; and every published solution must obey
its rules, checked by Geometry.is_solution and by the independent unit lists below, so a set
filed under the wrong rules is caught.
"""

from __future__ import annotations

from _paths import TESTS
import math
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import pytest

from sudokit.engine import _backend, exact_cover
from sudokit import geometry

DATA = TESTS / "data" / "variants"
CORPORA = ("janko_chaos.txt", "sgt_jigsaw.txt", "sgt_x.txt")
EMPTY = "."

# Row-major backtracking needs billions of nodes on some of these puzzles (it has no
# propagation), so it is checked within a node budget: whatever it finds must be the
# published solution, and when it finishes it must count exactly one.  (budget, stride):
# every stride-th record gets budget nodes; pure Python is ~60x slower, so it checks fewer.
IS_C = _backend.backend() == "c"
BACKTRACK = (200_000, 1) if IS_C else (10_000, 3)
BACKTRACK_SLOW = (2_000_000, 1) if IS_C else (100_000, 2)


class Record(NamedTuple):
    file: str
    line: int
    ident: str
    rules: tuple[str, ...]
    regions: str | None        # N*N region labels, or None for the classic boxes
    puzzle: str
    solution: str

    @property
    def size(self) -> int:
        return math.isqrt(len(self.puzzle))

    @property
    def values(self) -> bytes:
        return bytes(0 if ch == EMPTY else int(ch) for ch in self.puzzle)

    @property
    def answer(self) -> bytes:
        return bytes(int(ch) for ch in self.solution)

    def __str__(self) -> str:
        return f"{self.file}:{self.line} {self.ident}"


@lru_cache(maxsize=None)
def read_corpus(name: str) -> tuple[Record, ...]:
    """The records of one corpus file ('#' lines and blank lines skipped)."""
    out = []
    for no, raw in enumerate((DATA / name).read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split(";")
        assert len(fields) == 5, f"{name}:{no}: {len(fields)} fields, expected 5"
        ident, rules, regions, puzzle, solution = fields
        out.append(Record(name, no, ident, tuple(rules.split("+")) if rules != "-" else (),
                          None if regions == "-" else regions, puzzle, solution))
    return tuple(out)


def all_records() -> list[Record]:
    return [rec for name in CORPORA for rec in read_corpus(name)]


def geometry_of(rec: Record) -> geometry.Geometry:
    """The sudokit geometry a record names."""
    base = geometry.jigsaw(rec.regions) if rec.regions else geometry.parse(str(rec.size))
    return base.with_rules(*rec.rules)


# --- the rules, modelled here without sudokit --------------------------------------------


def independent_units(rec: Record) -> list[list[int]]:
    """Rows, cols, regions (jigsaw map or square boxes) and the two diagonals of 'x'."""
    n = rec.size
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    if rec.regions:
        groups: dict[str, list[int]] = {}
        for cell, label in enumerate(rec.regions):
            groups.setdefault(label, []).append(cell)
        units += list(groups.values())
    else:
        k = math.isqrt(n)
        assert k * k == n, f"{rec}: no region map and {n} is not a square"
        units += [[(br * k + i) * n + bc * k + j for i in range(k) for j in range(k)]
                  for br in range(k) for bc in range(k)]
    for rule in rec.rules:
        if rule == "x":
            units.append([i * n + i for i in range(n)])
            units.append([i * n + n - 1 - i for i in range(n)])
        else:
            raise AssertionError(f"{rec}: rule {rule!r} is not modelled by this test")
    return units


def obeys_rules(rec: Record, grid: str) -> bool:
    """True when every independent unit of rec holds each value 1..N exactly once."""
    want = set(range(1, rec.size + 1))
    return all(len(unit) == rec.size and {int(grid[c]) for c in unit} == want
               for unit in independent_units(rec))


def dlx_count(*args):
    return (_backend.C.dlx_count if _backend.C is not None else exact_cover.dlx_count)(*args)


def exact_cover_solve(rec: Record, limit: int = 2) -> tuple[int, str | None]:
    """(count up to limit (<= 0: all), first solution) by exact cover on the independent units.

    Items: each cell (filled once), then (unit, value) (each value once in every unit).
    Options: cell = value, for the givens' value only on a given cell.
    """
    n = rec.size
    units = independent_units(rec)
    cell_units: list[list[int]] = [[] for _ in range(n * n)]
    for u, unit in enumerate(units):
        for cell in unit:
            cell_units[cell].append(u)
    starts, items, choices = [0], [], []
    for cell, given in enumerate(rec.values):
        for v in ([given] if given else range(1, n + 1)):
            items.append(cell)
            items.extend(n * n + u * n + v - 1 for u in cell_units[cell])
            starts.append(len(items))
            choices.append((cell, v))
    count, first, _, stopped = dlx_count(n * n + len(units) * n, 0, starts, items, limit, 0)
    assert not stopped
    if first is None:
        return count, None
    grid = [0] * (n * n)
    for k in first:
        cell, v = choices[k]
        grid[cell] = v
    return count, "".join(map(str, grid))


# --- the corpora themselves --------------------------------------------------------------


def test_corpora_hold_the_promised_puzzles():
    jigsaw = [r for r in all_records() if r.regions]
    extra = [r for r in all_records() if {"x", "windoku", "antiknight"} & set(r.rules)]
    assert len(jigsaw) >= 100 and len(extra) >= 100
    assert len({r.ident for r in all_records()}) == len(all_records()), "ids repeat"
    sizes = {r.size for r in read_corpus("janko_chaos.txt")}
    assert sizes == {4, 5, 6, 7, 8, 9}


@pytest.mark.parametrize("name", CORPORA)
def test_records_are_well_formed(name):
    for rec in read_corpus(name):
        n = rec.size
        assert n * n == len(rec.puzzle) == len(rec.solution), f"{rec}: lengths"
        assert set(rec.puzzle) <= set(EMPTY + "123456789"[:n]), f"{rec}: puzzle symbols"
        assert set(rec.solution) <= set("123456789"[:n]), f"{rec}: solution symbols"
        assert rec.regions is None or len(rec.regions) == n * n, f"{rec}: region map"
        assert all(p in (EMPTY, s) for p, s in zip(rec.puzzle, rec.solution)), \
            f"{rec}: a given differs from the published solution"


@pytest.mark.parametrize("name", CORPORA)
def test_published_solutions_obey_their_rules(name):
    for rec in read_corpus(name):
        assert obeys_rules(rec, rec.solution), f"{rec}: published solution breaks a rule"
        assert geometry_of(rec).is_solution(list(rec.answer), list(rec.values)), str(rec)


def test_rule_checks_reject_a_wrong_label():
    """The checks have teeth: a jigsaw answer read with square boxes, an X answer read as a
    jigsaw of another record's regions, and a grid with two cells swapped are refused."""
    for name in ("janko_chaos.txt", "sgt_jigsaw.txt"):
        nines = [r for r in read_corpus(name) if r.size == 9 and not r.rules]
        as_boxes = [r._replace(regions=None) for r in nines]
        rejected = sum(not obeys_rules(r, r.solution) for r in as_boxes)
        assert rejected >= 0.9 * len(nines)
        for r in as_boxes:
            assert obeys_rules(r, r.solution) == geometry_of(r).is_solution(list(r.answer))
    xs = read_corpus("sgt_x.txt")
    for rec in xs:
        row = rec.solution[:9]
        swapped = row[1] + row[0] + rec.solution[2:]
        assert not obeys_rules(rec, swapped)
        assert not geometry_of(rec).is_solution(list(map(int, swapped)))
    jigsaw_map = read_corpus("sgt_jigsaw.txt")[0].regions
    moved = [r._replace(regions=jigsaw_map) for r in xs]
    assert sum(obeys_rules(r, r.solution) for r in moved) <= len(xs) // 10


def test_janko_diagonal_chaos_puzzles_need_their_x_rule():
    """Chaos-Sudoku 651-655, 661-665, 671-675 reach us without their X rule (README.md): as
    plain jigsaws each has 3 to 5,776 solutions (propagate and exact cover agree up to 50);
    filed as jigsaw + X each has exactly the published one (checked by the engine tests)."""
    diagonal = [r for r in read_corpus("janko_chaos.txt") if r.rules]
    assert len(diagonal) == 15 and all(r.rules == ("x",) for r in diagonal)
    kernel = _backend.KERNELS["propagate"]
    for rec in diagonal:
        plain = rec._replace(rules=())
        count = kernel(rec.values, _backend.tables(geometry_of(plain)), 50, 0)[0]
        assert count >= 3 and exact_cover_solve(plain, 50)[0] == count, f"{rec}: {count}"


# --- the engines ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", CORPORA)
def test_propagate_finds_the_published_solution_and_only_it(name):
    kernel = _backend.KERNELS["propagate"]
    for rec in read_corpus(name):
        count, first, _, stopped = kernel(rec.values, _backend.tables(geometry_of(rec)), 2, 0)
        assert not stopped and count == 1, f"{rec}: count {count}"
        assert bytes(first) == rec.answer, f"{rec}: another solution"


@pytest.mark.parametrize("name", CORPORA)
def test_exact_cover_from_the_rules_agrees(name):
    for rec in read_corpus(name):
        count, first = exact_cover_solve(rec)
        assert count == 1 and first == rec.solution, f"{rec}: exact cover says {count}"


def check_backtrack(records, node_limit: int) -> int:
    """Assert backtrack agrees within node_limit; return how many searches finished."""
    kernel = _backend.KERNELS["backtrack"]
    finished = 0
    for rec in records:
        count, first, nodes, stopped = kernel(rec.values, _backend.tables(geometry_of(rec)),
                                              2, node_limit)
        assert count <= 1, f"{rec}: backtrack found {count} solutions"
        if count:
            assert bytes(first) == rec.answer, f"{rec}: backtrack found another solution"
        if not stopped:
            assert count == 1, f"{rec}: backtrack finished with count {count}"
            finished += 1
        else:
            assert nodes >= node_limit
    return finished


def test_backtrack_agrees_within_its_budget():
    budget, stride = BACKTRACK
    records = all_records()[::stride]
    finished = check_backtrack(records, budget)
    assert finished >= len(records) // 10, f"only {finished} backtrack searches finished"


@pytest.mark.slow
def test_backtrack_agrees_with_a_large_budget():
    budget, stride = BACKTRACK_SLOW
    records = all_records()[::stride]
    finished = check_backtrack(records, budget)
    assert finished >= len(records) // 4, f"only {finished} backtrack searches finished"
