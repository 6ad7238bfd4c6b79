"""Sums in the formats (#28): f-puzzles' killercage, arrow, littlekillersum, sandwichsum,
even/odd and renban read and written; SudokuPad links and ids (scl, ctc, fpuzzles) read;
the samples of tests/data/sums solved and checked by a checker written here from the rules'
plain meaning; ``sudokit solve FILE`` on each kind of file, in a real process.  Runs on
whichever kernels are active (the suite runs under both)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sudokit
from _paths import TESTS
from sums_oracle import SUM_KINDS, holds
from _scl_drawing import draw, scl_link, short_json
from sudokit import Grid, ParseError, geometry
from sudokit.formats import (detect_format, format_fpuzzles, parse, parse_fpuzzles,
                             parse_sudokupad, read_records)
from sudokit.formats._lzstring import compress_base64, decompress_base64

SUMS = TESTS / "data" / "sums"
ENGINE = "propagate"  # (dlx and learn learn the sums in another branch)

RICH = ("killer(15:r1c1-r1c2)", "killer(r8c8-r8c9)", "arrow(r5c5:r4c4-r3c3)",
        "arrow(r1c4-r1c5:r2c6-r3c6)", "arrow(r7c5-r8c5:r9c6-r9c7)",
        "littlekiller(20:r1c2-r2c3-r3c4-r4c5-r5c6-r6c7-r7c8-r8c9)",
        "littlekiller(9:r9c2-r8c1)", "sandwich(12:r3)", "sandwich(0:c5)", "even(r9c1)",
        "odd(r9c2-r9c3)", "renban(r7c1-r7c2-r7c3)", "thermo(r6c1-r5c1-r4c1)",
        "white(r5c8-r5c9)", "black(r6c8-r6c9)", "x(r9c8-r9c9)")


def test_fpuzzles_round_trip_of_every_sum_rule():
    geom = geometry.boxes(3, 3).with_rules(*RICH)
    puzzle = Grid("1" + "." * 80, geometry=geom)
    text = format_fpuzzles(puzzle)
    obj = json.loads(text)
    assert {"killercage", "arrow", "littlekillersum", "sandwichsum", "even", "odd",
            "renban"} <= set(obj)
    assert parse_fpuzzles(text) == puzzle
    assert parse_fpuzzles(format_fpuzzles(puzzle, compress=True)) == puzzle
    assert {"cell": "R3C0", "value": "12"} in obj["sandwichsum"]  # left of row 3
    assert {"cell": "R0C5", "value": "0"} in obj["sandwichsum"]   # above column 5
    little = {e["value"]: e for e in obj["littlekillersum"]}
    assert (little["20"]["cell"], little["20"]["direction"]) == ("R0C1", "DR")
    assert (little["9"]["cell"], little["9"]["direction"]) == ("R10C3", "UL")
    assert {"cells": ["R1C1", "R1C2"], "value": "15"} in obj["killercage"]
    assert {"cells": ["R8C8", "R8C9"]} in obj["killercage"]  # no total: all differ only
    assert all(e["lines"][0][0] in e["cells"] for e in obj["arrow"])  # lines start inside


@pytest.mark.parametrize("rules", [
    # several even (odd) rules, overlapping: f-puzzles lists each cell once
    ("even(r1c1-r2c2)", "even(r2c2-r3c3)", "odd(r9c9)", "odd(r8c8-r9c9)"),
    ("even(r4c4)", "even(r5c5)", "killer(10:r1c1-r1c2)"),
    # pills across and down, on the edges of the grid
    ("arrow(r9c8-r9c9:r8c9-r7c9-r6c9-r5c9)", "arrow(r8c1-r9c1:r9c2-r8c2-r7c2-r6c2)",
     "arrow(r1c7-r1c8-r1c9:r2c9-r3c9-r4c9-r5c9-r6c9-r7c9-r8c9-r9c9-r9c8-r9c7-r9c6-r9c5-r9c4)"),
])
def test_fpuzzles_reads_back_the_puzzle_it_wrote(rules):
    """Written to f-puzzles (and to a SudokuPad link) and read back: the same puzzle, with
    the same rules (each compared with the rules as written here, not sudokit's text)."""
    geom = geometry.boxes(3, 3).with_rules(*rules)
    puzzle = Grid("." * 40 + "5" + "." * 40, geometry=geom)
    text = format_fpuzzles(puzzle)
    back = parse_fpuzzles(text)
    assert back == puzzle and back.geometry is geom
    assert parse("https://sudokupad.app/fpuzzles" + compress_base64(text)) == puzzle
    obj = json.loads(text)
    for kind in ("even", "odd"):
        cells = [e["cell"] for e in obj.get(kind, [])]
        assert len(cells) == len(set(cells))


def _fp(size: int = 9, **keys) -> str:
    obj = {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)]}
    obj.update(keys)
    return json.dumps(obj)


def test_fpuzzles_reads_sums_as_f_puzzles_means_them():
    grid = parse_fpuzzles(_fp(
        killercage=[{"cells": ["R2C2", "R1C1", "R1C2"], "value": "6"}, {"cells": ["R9C9"]}],
        arrow=[{"cells": ["R5C6", "R5C5"], "lines": [["R5C5", "R6C4", "R7C4"],
                                                    ["R5C6", "R4C7", "R3C8"]]}],
        littlekillersum=[{"cell": "R10C10", "direction": "UL", "value": "45"},
                         {"cell": "R4C0", "direction": "UR", "value": "6"},
                         {"cell": "R0C3", "direction": "DL"}],  # no value: no rule
        sandwichsum=[{"cell": "R10C2", "value": "5"}, {"cell": "R7C10", "value": 35}],
        even=[{"cell": "R3C3"}, {"cell": "R1C9"}], odd=[{"cell": "R2C9"}],
        renban=[{"lines": [["R8C1", "R8C2", "R7C1"]]}]))
    got = set(grid.geometry.constraints)
    n = 9
    cell = lambda r, c: (r - 1) * n + c - 1  # noqa: E731
    assert ("killer", (0, 1, 10), 6) in got and ("killer", (80,), 0) in got
    # each line of an f-puzzles arrow is an arrow of its own; the pill reads left to right
    assert ("arrow", (cell(5, 5), cell(5, 6), cell(6, 4), cell(7, 4)), 2) in got
    assert ("arrow", (cell(5, 5), cell(5, 6), cell(4, 7), cell(3, 8)), 2) in got
    assert ("littlekiller", tuple(cell(k, k) for k in range(9, 0, -1)), 45) in got
    assert ("littlekiller", (cell(3, 1), cell(2, 2), cell(1, 3)), 6) in got
    assert ("sandwich", tuple(cell(r, 2) for r in range(1, 10)), 5) in got
    assert ("sandwich", tuple(cell(7, c) for c in range(1, 10)), 35) in got
    assert ("even", (cell(1, 9), cell(3, 3)), 0) in got and ("odd", (cell(2, 9),), 0) in got
    assert any(k == "renban" and set(c) == {63, 64, 54} for k, c, _ in got)
    assert len(got) == 11


@pytest.mark.parametrize("keys, words", [
    ({"killercage": [{"cells": ["R1C1"], "value": "x"}]}, "killercage 1: the value is a whole"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "0"}]}, "a cage total is a positive"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "18"}]}, "no 2 different values"),
    ({"killercage": [{"value": "5"}]}, "killercage 1: expected"),
    ({"arrow": [{"cells": ["R1C1"], "lines": []}]}, "'arrow' 1: a circle at R1C1 without"),
    ({"arrow": [{"cells": ["R1C1", "R2C2"], "lines": [["R1C1", "R1C2"]]}]}, "straight pill"),
    ({"arrow": [{"cells": ["R1C1"], "lines": [["R1C1"]]}]}, "needs a shaft"),
    ({"littlekillersum": [{"cell": "R0C3", "direction": "DD", "value": "5"}]}, "UL, UR, DL"),
    ({"littlekillersum": [{"cell": "R2C3", "direction": "DR", "value": "5"}]},
     "not just outside the grid"),
    ({"littlekillersum": [{"cell": "R0C9", "direction": "UR", "value": "5"}]}, "away from"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "99"}]}, "not 99"),
    ({"sandwichsum": [{"cell": "R0C0", "value": "5"}]}, "at a corner"),
    ({"sandwichsum": [{"cell": "R0C4", "value": "40"}]}, "sum to 0..35, not 40"),
    ({"even": [{"cell": "R10C1"}]}, "even 1"),
])
def test_fpuzzles_bad_sum_entries_are_named(keys, words):
    with pytest.raises(ParseError, match=words):
        parse_fpuzzles(_fp(**keys))


def test_fpuzzles_cosmetic_cage_stays_refused_metadata_cages_skipped():
    with pytest.raises(ParseError, match="'cage' \\(1 entry\\) \\(cosmetic"):
        parse_fpuzzles(_fp(cage=[{"cells": ["R1C1", "R1C2"], "value": "7"}]))
    grid = parse_fpuzzles(_fp(cage=[{"value": "title: x"}, {"cells": [], "value": "rules: y"}]))
    assert grid.geometry is geometry.boxes(3, 3)


# --- SudokuPad ------------------------------------------------------------------------------


def test_sudokupad_scl_drawing_reads_as_the_f_puzzles_rules():
    """Two routes to one puzzle: f-puzzles JSON, and SudokuPad's drawing of it."""
    geom = geometry.boxes(3, 3).with_rules(*(r for r in RICH if not r.startswith("renban")),
                                           "diff3(r4c8-r4c9)", "v(r1c8-r1c9)")
    puzzle = Grid("1" + "." * 79 + "2", geometry=geom)
    obj = json.loads(format_fpuzzles(puzzle))
    link = scl_link(obj)
    assert detect_format(link) == "sudokupad"
    assert parse_sudokupad(link) == puzzle == parse(link)
    body = link.split("/scl", 1)[1]
    for text in ("scl" + body, "ctc" + body, f"https://sudokupad.app/?puzzleid=scl{body}",
                 f"https://app.crackingthecryptic.com/sudoku/ctc{body}",
                 "https://sudokupad.app/fpuzzles" + format_fpuzzles(puzzle, compress=True),
                 "fpuzzles" + format_fpuzzles(puzzle, compress=True).replace("+", "%2B")):
        assert detect_format(text) == "sudokupad", text
        assert parse(text) == puzzle, text
    # the plain JSON (not the short form) is read too
    plain = "scl" + compress_base64(json.dumps(draw(obj)))
    assert parse_sudokupad(plain) == puzzle


def _scl(obj: dict) -> str:
    return "scl" + compress_base64(short_json(obj))


def _base(**extra) -> dict:
    obj = json.loads(format_fpuzzles(Grid("." * 81, geometry=geometry.boxes(3, 3))))
    scl = draw(obj)
    scl.update(extra)
    return scl


@pytest.mark.parametrize("extra, words", [
    ({"lines": [{"color": "#F067F0", "thickness": 10,
                 "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]]}]},
     "line 1 (#F067F0, thickness 10) through r1c1-r1c2-r1c3"),
    ({"overlays": [{"center": [4.5, 4.5], "width": 0.6, "height": 0.6, "text": "?"}]},
     "overlay 1 at [4.5, 4.5] with the text '?'"),
    ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "7"}]}, "cosmetic cage"),
    ({"foglight": [[0, 0]]}, "'foglight'"),
    ({"arrows": [{"wayPoints": [[4.5, 4.5], [5.5, 5.5]], "thickness": 5}]},
     "arrow 1 from r5c5 (no circle"),
    ({"global": ["antiqueen"]}, "'antiqueen'"),
    ({"underlays": [{"center": [2.5, 2.5], "width": 0.7, "height": 0.7,
                     "backgroundColor": "#FF0000"}]}, "underlay 1"),
])
def test_sudokupad_unknown_drawings_are_refused_by_name(extra, words):
    with pytest.raises(ParseError) as info:
        parse_sudokupad(_scl(_base(**extra)))
    assert words in str(info.value) and "rules text is not read" in str(info.value)


def test_sudokupad_short_ids_need_the_network_and_are_refused():
    for text in ("https://sudokupad.app/wsj7iunsg6", "https://sudokupad.app/?puzzleid=abc123",
                 "https://app.crackingthecryptic.com/sudoku/BpbjjbNLj7"):
        assert detect_format(text) == "sudokupad"
        with pytest.raises(ParseError, match="does not use the network"):
            parse(text)
    with pytest.raises(ParseError, match="does not decompress"):
        parse_sudokupad("sclAAAAAAAAAAAAAAAAAA")


def test_sudokupad_real_link_refused_then_read_without_its_picture():
    """Parity Fish (Marty Sears, Sudoku Maker): its parity lines are a background image."""
    link = (SUMS / "sudokupad_refused.txt").read_text().strip()
    assert detect_format(link) == "sudokupad"
    with pytest.raises(ParseError, match="background image"):
        parse(link)
    text = decompress_base64(link.split("/scl", 1)[1])
    text = text.replace("bgimage:'https://i.imgur.com/n3iOt4N.jpeg',", "")
    grid = parse_sudokupad("scl" + compress_base64(text))
    dots = [c for c in grid.geometry.constraints]
    assert {k for k, _, _ in dots} == {"diff", "ratio"} and len(dots) == 21
    solution = [int(ch) for ch in text.split("solution:'")[1][:81]]  # the setter's own
    for kind, (a, b), value in dots:  # white: consecutive; black: one is double the other
        x, y = solution[a], solution[b]
        assert (abs(x - y) == 1) if kind == "diff" else (x == 2 * y or y == 2 * x)
    assert grid.geometry.is_solution(bytes(solution), bytes(81))


# --- the samples, checked from the rules' plain meaning --------------------------------------


def _check(grid: Grid, values) -> None:
    """Rows, columns, boxes, cages, arrows, little killers, sandwiches, parity, as people read
    them (and the givens kept)."""
    n = grid.size
    values = list(values)
    assert all(v == 0 or v == s for v, s in zip(grid.values, values))
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    regions: dict[int, list[int]] = {}
    for cell, label in enumerate(grid.geometry.regions):
        regions.setdefault(label, []).append(cell)
    groups += list(regions.values())
    for group in groups:
        assert sorted(values[k] for k in group) == list(range(1, n + 1))
    for rule in grid.geometry.constraints:
        if rule[0] in SUM_KINDS:
            assert holds(rule, values, n), rule
        else:
            raise AssertionError(f"no plain checker for {rule[0]}")


SAMPLE_JSON = sorted(SUMS.glob("fpuzzles_*.json"))


@pytest.mark.parametrize("path", SAMPLE_JSON, ids=lambda p: p.name)
def test_fpuzzles_samples_solve_to_their_solution(path):
    text = path.read_text()
    assert detect_format(text) == "fpuzzles"
    grid = parse(text)
    assert grid.geometry.constraints
    assert sudokit.count_solutions(grid, limit=2, engine=ENGINE) == 1
    solution = sudokit.solve(grid, engine=ENGINE)
    assert list(solution.values) == json.loads(text)["solution"]
    _check(grid, solution.values)


def test_sudokupad_and_solo_samples_read_as_their_sources():
    answers = {p.name: json.loads(p.read_text()) for p in SAMPLE_JSON}
    records = list(read_records(SUMS / "sudokupad_links.txt"))
    assert len(records) == 12 and all(r.error is None for r in records)
    lines = (SUMS / "sudokupad_links.txt").read_text().splitlines()
    source = None
    for line in lines:
        if line.startswith("# fpuzzles_"):
            source = answers[line[2:]]
            continue
        if line.startswith("#"):
            continue
        grid = parse(line)
        assert grid == parse_fpuzzles(json.dumps(source))
    solo = list(read_records(SUMS / "solo_killers.txt"))
    solutions = [line[len("# solution "):] for line in
                 (SUMS / "solo_killers.txt").read_text().splitlines()
                 if line.startswith("# solution ")]
    assert len(solo) == len(solutions) == 5
    for rec, solution in zip(solo, solutions):
        values = [int(v) for v in solution.split(",")]
        assert list(sudokit.solve(rec.grid, engine=ENGINE).values) == values
        _check(rec.grid, values)


# --- the command line --------------------------------------------------------------------


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(sudokit.__file__).resolve().parents[1])
    return env


@pytest.mark.parametrize("name", ["fpuzzles_killer.json", "fpuzzles_littlekiller_arrow.json",
                                  "sudokupad_links.txt", "solo_killers.txt"])
def test_cli_solves_each_kind_of_file(name, tmp_path):
    path = SUMS / name
    proc = subprocess.run([sys.executable, "-m", "sudokit", "solve", "--engine", ENGINE,
                           str(path)], capture_output=True, text=True, env=_env(), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    answers = [line for line in proc.stdout.splitlines() if line.strip()]
    puzzles = [rec.grid for rec in read_records(path)]
    assert len(answers) == len(puzzles) > 0
    for puzzle, answer in zip(puzzles, answers):
        solved = parse_fpuzzles(answer)  # written as f-puzzles: the rules survive
        assert solved.geometry == puzzle.geometry
        values = [c["value"] for row in json.loads(answer)["grid"] for c in row]
        _check(puzzle, values)


def test_cli_refuses_the_real_link_by_name():
    proc = subprocess.run([sys.executable, "-m", "sudokit", "solve",
                           str(SUMS / "sudokupad_refused.txt")], capture_output=True, text=True,
                          env=_env(), timeout=120)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "background image" in proc.stderr and "line 1" in proc.stderr
