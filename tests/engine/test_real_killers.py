"""Published killers against their published solutions (two public sources).

KrazyDad's killers (tests/data/sums/krazydad_killers.csv: 300 puzzles, their solutions as
published) are read here by a reader of the test's own, not by sudokit.formats; Simon
Tatham's Solo makes killers of every size it offers (2x2k ... 3x3k, X and jigsaw killers) in
tests/formats/test_solo_ids.py, checked there against Solo's own solutions.  Here every
engine solves the KrazyDad set; the answer must equal the published solution and keep the
rules in their plain meaning (rows, columns, boxes, cages).
"""

from __future__ import annotations

import csv
import string

import pytest

import sudokit
from sudokit import geometry

from _paths import TESTS

DATA = TESTS / "data" / "sums" / "krazydad_killers.csv"
LETTERS = string.ascii_uppercase + string.ascii_lowercase


def _puzzles():
    """(title, cages [(total, cells)], solution) of every published killer in the file."""
    out = []
    with open(DATA, newline="") as f:
        for row in csv.DictReader(f):
            colours = row["puzz_color"][1:]
            totals = [int(x) for x in row["puzz_hint"].split(",")]
            cells: dict[str, list[int]] = {}
            for cell, letter in enumerate(colours):
                cells.setdefault(letter, []).append(cell)
            order = sorted(cells, key=LETTERS.index)
            assert len(order) == len(totals), row["ptitle"]
            out.append((row["ptitle"], [(t, cells[k]) for k, t in zip(order, totals)],
                        tuple(int(ch) for ch in row["solved"])))
    return out


PUZZLES = _puzzles()


def _keeps_the_rules(values, cages) -> bool:
    rows = [values[r * 9:r * 9 + 9] for r in range(9)]
    cols = [values[c::9] for c in range(9)]
    boxes = [[values[(br + r) * 9 + bc + c] for r in range(3) for c in range(3)]
             for br in (0, 3, 6) for bc in (0, 3, 6)]
    whole = set(range(1, 10))
    return all(set(u) == whole for u in rows + cols + boxes) and all(
        sum(values[c] for c in cells) == total and
        len({values[c] for c in cells}) == len(cells) for total, cells in cages)


def test_the_file_holds_300_killers_whose_solutions_keep_their_cages():
    assert len(PUZZLES) == 300
    assert all(_keeps_the_rules(sol, cages) for _, cages, sol in PUZZLES)


def _geometry(cages):
    return geometry.boxes(3, 3).with_constraints(*[("killer", cells, total)
                                                   for total, cells in cages])


@pytest.mark.parametrize("part", range(4))
def test_the_default_engine_solves_every_published_killer(part):
    for title, cages, published in PUZZLES[part::4]:
        grid = sudokit.solve(bytes(81), geometry=_geometry(cages))
        assert grid is not None and tuple(grid.values) == published, title
        assert _keeps_the_rules(tuple(grid.values), cages), title


@pytest.mark.parametrize("engine", ["propagate", "learn", "dlx"])
def test_other_engines_prove_them_unique(engine):
    for title, cages, published in PUZZLES[::10]:
        result = sudokit.search(bytes(81), geometry=_geometry(cages), engine=engine, limit=2)
        assert result.count == 1 and tuple(result.solution.values) == published, title
