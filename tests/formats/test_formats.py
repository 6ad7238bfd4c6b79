"""Text formats: round trips for every format and size, detection, streaming, malformed input."""

from __future__ import annotations

from _paths import SHARED, TESTS
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import missing
from sudokit.errors import ParseError
from sudokit.formats import (Record, detect_format, format_block, format_json, format_line,
                             format_pencilmarks, format_sdk, format_sdm, format_ss,
                             format_tokens, iter_puzzles, open_text, parse, parse_block,
                             parse_json, parse_line, parse_pencilmarks, parse_sdk, parse_sdm,
                             parse_ss, parse_tokens, read_records, sdk_metadata)
from sudokit.grid import Grid
from sudokit.shape import Shape

HERE = TESTS
DATA = HERE / "data" / "formats"
SHARED = SHARED

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SDK_PUZZLE = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"

# every box shape the brief names, with the alphabets its symbols fit
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)]


def full_grid(br: int, bc: int) -> Grid:
    """Return a valid solution grid of a shape (the shifted-rows pattern)."""
    n = br * bc
    vals = [((r % br) * bc + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    return Grid(vals, Shape(br, bc))


def puzzle_grid(br: int, bc: int, seed: int = 1, keep: float = 0.45) -> Grid:
    """Return a full grid with cells blanked at random (seeded)."""
    rnd = random.Random(seed)
    g = full_grid(br, bc)
    return Grid([v if rnd.random() < keep else 0 for v in g.values], g.shape)


def box_arg(shape: Shape):
    """The box= to pass: None for the default shape of the size (detection), else 'RxC'."""
    return None if Shape.for_size(shape.size) is shape else str(shape)


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("br,bc", SHAPES)
def test_round_trip_every_format(br, bc):
    g = puzzle_grid(br, bc)
    box = box_arg(g.shape)
    assert parse_line(format_line(g), box=box) == g
    assert parse_block(format_block(g), box=box) == g
    assert parse_block(format_block(g, separators=True), box=box) == g
    assert parse_tokens(format_tokens(g), box=box) == g
    assert parse_json(format_json(g)) == g  # the box travels inside the JSON
    assert parse_sdk(format_sdk(g, metadata={"A": "me"}), box=box) == g
    assert parse_ss(format_ss(g), box=box) == g
    for blank in ".-_*?" + ("0x" if g.shape.size <= 9 else ""):
        assert parse_line(format_line(g, blank=blank), box=box) == g


@pytest.mark.parametrize("br,bc", SHAPES)
def test_round_trip_through_parse_detection(br, bc):
    g = puzzle_grid(br, bc, seed=2)
    box = box_arg(g.shape)
    texts = {
        "line": format_line(g),
        "block": format_block(g),
        "tokens": format_tokens(g),
        "json": format_json(g),
    }
    if g.shape.size >= 4:
        texts["ss"] = format_ss(g)
    for name, text in texts.items():
        assert parse(text, box=box) == g, name
        assert parse(text, format=name, box=box) == g, name


@pytest.mark.parametrize("alphabet,blank", [("default", "."), ("letters", "-"), ("hex", ".")])
def test_16x16_alphabets_round_trip_and_detect(alphabet, blank):
    g = puzzle_grid(4, 4, seed=3, keep=0.7)
    full = full_grid(4, 4)
    line = format_line(g, alphabet=alphabet, blank=blank)
    assert parse_line(line, alphabet=alphabet) == g
    assert parse_block(format_block(g, alphabet=alphabet, blank=blank), alphabet=alphabet) == g
    # detection needs the telling symbols: a full grid has them all (G, P or 0)
    assert parse_line(format_line(full, alphabet=alphabet)) == full
    assert parse_block(format_block(full, alphabet=alphabet)) == full


def test_16x16_detection_examples():
    assert format_line(parse_line("1" * 0 + "ABCDEFGHIJKLMNOP" + "-" * 240), alphabet="letters")[:16] \
        == "ABCDEFGHIJKLMNOP"
    hex_line = "0123456789ABCDEF" + "." * 240
    assert parse_line(hex_line).values[:16] == tuple(range(1, 17))
    default_line = "123456789ABCDEFG" + "." * 240
    assert parse_line(default_line).values[:16] == tuple(range(1, 17))
    # lower case reads as upper case where the alphabet has no lower-case symbols
    assert parse_line(default_line.lower()) == parse_line(default_line)


def test_25x25_line_and_tokens():
    g = puzzle_grid(5, 5, seed=4)
    line = format_line(g)
    assert len(line) == 625 and set(line) <= set("123456789ABCDEFGHIJKLMNOP.")
    assert parse_line(line) == g
    tokens = format_tokens(g)
    assert "25" in tokens.split() or "24" in tokens.split()
    assert parse_tokens(tokens) == g
    assert parse(tokens) == g


@pytest.mark.parametrize("br,bc", [(6, 6), (8, 8)])
def test_tokens_and_json_big_grids(br, bc):
    g = puzzle_grid(br, bc, seed=5)
    n = g.shape.size
    text = format_tokens(g)
    lines = text.split("\n")
    assert len(lines) == n and all(len(ln.split()) == n and ln == ln.rstrip() for ln in lines)
    assert parse_tokens(text) == g
    assert parse(text) == g
    assert parse_tokens(format_tokens(g, blank=".", sep="\t")) == g
    data = json.loads(format_json(g))
    assert data["size"] == n and data["box"] == f"{br}x{bc}" and len(data["values"]) == n
    assert parse_json(format_json(g)) == g
    stream = "\n\n".join([text, text]) + "\n"
    recs = list(read_records(io.StringIO(stream)))
    assert [r.grid for r in recs] == [g, g] and [r.line for r in recs] == [1, n + 2]


@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
@settings(max_examples=150, deadline=None)
def test_hypothesis_9x9_line_tokens_json(values):
    g = Grid(values)
    assert parse_line(format_line(g)) == g
    assert parse_tokens(format_tokens(g)) == g
    assert parse_json(format_json(g)) == g
    assert parse(format_block(g, separators=True)) == g


@given(st.sampled_from(SHAPES), st.data())
@settings(max_examples=60, deadline=None)
def test_hypothesis_any_shape_block(shape, data):
    br, bc = shape
    n = br * bc
    values = data.draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    g = Grid(values, Shape(br, bc))
    box = f"{br}x{bc}"
    assert parse_block(format_block(g, separators=True), box=box) == g
    # '0' is a blank up to 9x9; above, it is hex's first symbol unless the alphabet is named
    alphabet = None if n <= 9 else "default"
    assert parse_line(format_line(g, blank="0"), box=box, alphabet=alphabet) == g


def test_str_of_grid_is_block_without_trailing_newline():
    g = parse_line(PUZZLE)
    assert str(g) == format_block(g)
    assert not str(g).endswith("\n") and len(str(g).split("\n")) == 9
    assert Grid(str(g)) == g


def test_format_block_separators_layout():
    g = parse_line(PUZZLE)
    lines = format_block(g, separators=True).split("\n")
    assert lines[0] == "53.|.7.|..." and lines[3] == "---+---+---" and len(lines) == 11
    ss = format_ss(g).split("\n")
    assert ss[3] == "-----------" and ss[0] == "53.|.7.|..."
    g6 = puzzle_grid(2, 3)
    six = format_block(g6, separators=True).split("\n")
    assert six[2] == "---+---" and len(six) == 8  # 2x3 boxes: a rule after every 2 rows


# --- pencil marks -----------------------------------------------------------------------------


def test_pencilmarks_line_convention():
    g = parse_line(PUZZLE)
    text = format_pencilmarks(g)
    assert len(text) == 729
    # cell 0 is a given 5: only position 5 is set
    assert text[:9] == "....5...."
    grid, cands = parse_pencilmarks(text)
    assert cands[0] == 1 << 4
    assert cands[2] == sum(1 << (v - 1) for v in g.candidates(2))
    # single candidates count as filled cells of the returned grid
    for cell, mask in enumerate(cands):
        single = mask and not mask & (mask - 1)
        assert grid.values[cell] == (mask.bit_length() if single else 0)
        if g.values[cell]:
            assert grid.values[cell] == g.values[cell]
    assert format_pencilmarks(grid, cands) == text
    assert detect_format(text) == "pencilmarks" and parse(text) == grid
    zeros = text.replace(".", "0")
    assert parse_pencilmarks(zeros) == (grid, cands)


def test_pencilmarks_grid_form_and_sizes():
    for br, bc in [(2, 2), (2, 3), (3, 3)]:
        g = puzzle_grid(br, bc, seed=7)
        box = box_arg(g.shape)
        line = format_pencilmarks(g)
        grid_form = format_pencilmarks(g, layout="grid")
        a = parse_pencilmarks(line, box=box)
        b = parse_pencilmarks(grid_form, box=box)
        assert a == b
        assert format_pencilmarks(*a, layout="grid") == grid_form


def test_pencilmarks_errors():
    text = format_pencilmarks(parse_line(PUZZLE))
    bad = text[:3] + "7" + text[4:]  # position 4 of cell 1 may only hold 4
    with pytest.raises(ParseError) as e:
        parse_pencilmarks(bad)
    assert (e.value.line, e.value.column, e.value.char) == (1, 4, "7")
    with pytest.raises(ParseError) as e:
        parse_pencilmarks(text[:-1])
    assert e.value.line == 1



def _is_latin_with_boxes(values, size, br, bc):
    """An independent check of a filled grid: rows, columns and br x bc boxes hold 1..size."""
    rows = [values[r * size:(r + 1) * size] for r in range(size)]
    want = set(range(1, size + 1))
    boxes = [[rows[r][c] for r in range(top, top + br) for c in range(left, left + bc)]
             for top in range(0, size, br) for left in range(0, size, bc)]
    return all(set(u) == want for u in rows + [list(col) for col in zip(*rows)] + boxes)


def test_blank_lines_of_a_cube_length_are_puzzles_not_empty_pencil_marks():
    """64 blanks are an empty 8x8 puzzle (not a 4x4 pencil-mark line with no candidate in any
    cell), and '.' is an empty 1x1 puzzle: both were read as marks and called impossible."""
    import sudokit

    assert detect_format("." * 64) == "line" and detect_format(".") == "line"
    assert detect_format("1234" * 16) == "pencilmarks"  # every candidate open: still marks
    marks = format_pencilmarks(parse_line(PUZZLE))
    emptied = marks[:18] + "." * 9 + marks[27:]  # a cell with no candidate: marks still
    assert detect_format(emptied) == "pencilmarks"
    assert parse_pencilmarks(emptied)[1][2] == 0 and parse(emptied).size == 9
    eight = sudokit.solve("." * 64)
    assert eight is not None and _is_latin_with_boxes(eight.values, 8, 2, 4)
    assert str(sudokit.check("." * 64)) == "ambiguous"
    assert sudokit.solve(".").values == (1,) and str(sudokit.check(".")) == "unique"


# --- sdk / sdm / ss -----------------------------------------------------------------------


def test_sdk_file_with_metadata_and_section():
    text = (DATA / "sample.sdk").read_text()
    g = parse_sdk(text)
    assert format_line(g) == SDK_PUZZLE
    meta = sdk_metadata(text)
    assert meta["A"] == "Ruud" and meta["L"] == "Easy"
    assert detect_format(text) == "block" and parse(text) == g
    out = format_sdk(g, metadata={"A": "Ruud", "L": "Easy"})
    assert out.split("\n")[:3] == ["#ARuud", "#LEasy", "2..1.5..3"]
    assert parse_sdk(out) == g and sdk_metadata(out) == {"A": "Ruud", "L": "Easy"}
    # a later section (SadMan's [State]) does not leak into the puzzle
    assert parse_sdk(text + "[State]\n" + "1" * 9 + "\n") == g


def test_ss_file():
    text = (DATA / "sample.ss").read_text()
    g = parse_ss(text)
    assert format_line(g) == SDK_PUZZLE
    assert format_ss(g) + "\n" == text
    assert detect_format(text) == "block" and parse(text) == g


def test_sdm_crlf_bom_tabs():
    with open_text(DATA / "crlf_bom.sdm") as handle:
        recs = list(read_records(handle))
    assert [r.line for r in recs] == [2, 4, 5]
    assert all(r.ok and format_line(r.grid) == SDK_PUZZLE for r in recs)
    assert recs[1].comment == "label two" and recs[0].comment is None
    raw = (DATA / "crlf_bom.sdm").read_bytes().decode("utf-8")  # BOM kept: the reader drops it
    assert parse_sdm(raw) == [r.grid for r in recs]
    assert parse_sdm(format_sdm([r.grid for r in recs])) == [r.grid for r in recs]


# --- JSON ---------------------------------------------------------------------------------


def test_json_variants():
    g = parse_line(PUZZLE)
    rows = [list(g.values[r * 9:r * 9 + 9]) for r in range(9)]
    assert json.loads(format_json(g)) == {"box": "3x3", "size": 9, "puzzle": PUZZLE}
    assert parse_json(json.dumps({"puzzle": PUZZLE, "box": "3x3"})) == g
    assert parse_json(json.dumps({"grid": PUZZLE})) == g
    assert parse_json(json.dumps({"values": list(g.values)})) == g
    assert parse_json(json.dumps({"values": rows, "box": [3, 3]})) == g
    assert parse_json(json.dumps(rows)) == g
    assert parse_json(json.dumps([PUZZLE[r * 9:r * 9 + 9] for r in range(9)])) == g
    assert parse(json.dumps(rows)) == g and detect_format(json.dumps(rows)) == "json"
    g6 = puzzle_grid(3, 2)
    assert parse_json(format_json(g6)) == g6  # non-default box kept


def test_json_errors_name_line_and_column():
    with pytest.raises(ParseError) as e:
        parse_json('{"puzzle": "53..7"')
    assert e.value.line == 1 and e.value.column is not None
    bad = PUZZLE[:10] + "Z" + PUZZLE[11:]
    with pytest.raises(ParseError) as e:
        parse_json('{"puzzle": "%s"}' % bad)
    assert (e.value.line, e.value.column, e.value.char) == (1, 13 + 10, "Z")
    values = [0] * 81
    values[40] = 12
    text = json.dumps({"values": values})
    with pytest.raises(ParseError) as e:
        parse_json(text)
    assert e.value.line == 1 and text[e.value.column - 1:e.value.column + 1] == "12"
    with pytest.raises(ParseError):
        parse_json('{"name": "no puzzle"}')
    with pytest.raises(ParseError):
        parse_json(json.dumps({"puzzle": PUZZLE, "size": 4}))


# --- detection ----------------------------------------------------------------------------


UVA = """0 0 3 9 0 0 7 6 0
0 4 0 0 0 6 0 0 9
6 0 7 0 1 0 0 0 4
2 0 0 6 7 0 0 9 0
0 0 4 3 0 5 6 0 0
0 1 0 0 4 9 0 0 7
7 0 0 0 9 0 2 0 1
3 0 0 2 0 0 0 4 0
0 2 9 0 0 8 5 0 0"""

HDU = """7 1 2 ? 6 ? 3 5 8
? 6 5 2 ? 7 1 ? 4
? ? 8 5 1 3 6 7 2
9 2 4 ? 5 6 ? 3 7
5 ? 6 ? ? ? 2 4 1
1 ? 3 7 2 ? 9 ? 5
? ? 1 9 7 5 4 8 6
6 ? 7 8 3 ? 5 1 9
8 5 9 ? 4 ? ? 2 3"""


def test_detect_format_rules():
    g = parse_line(PUZZLE)
    assert detect_format(PUZZLE) == "line"
    assert detect_format(PUZZLE + " # name") == "line"
    assert detect_format(PUZZLE + "\tlabel") == "line"
    assert detect_format(format_block(g)) == "block"
    assert detect_format(format_block(g, separators=True)) == "block"
    assert detect_format(format_ss(g)) == "block"
    assert detect_format(UVA) == "tokens"
    assert detect_format(HDU) == "tokens"
    assert detect_format(" ".join(str(v) for v in g.values)) == "tokens"
    assert detect_format(format_json(g)) == "json"
    assert detect_format("[Puzzle]\n" + format_block(g)) == "block"
    assert parse(UVA).values[:4] == (0, 0, 3, 9)
    assert parse(HDU).values[:4] == (7, 1, 2, 0)
    assert parse(" ".join(str(v) for v in g.values)) == g


def test_poj3076_block_with_dash_blanks_and_blank_rows():
    rows = ["--A----C-----O-I", "-J--A-B-P-CGF-H-"] + ["-" * 16] * 14
    text = "\n".join(rows)
    assert detect_format(text) == "block"
    g = parse(text)
    assert g.shape.size == 16 and g.values[2] == 1 and g.values[15] == 9  # letters: A=1, I=9
    assert sum(1 for v in g.values if v) == 4 + 8


def test_block_with_spaces_bars_and_borders():
    g = parse_line(PUZZLE)
    rows = [format_line(g)[r * 9:r * 9 + 9] for r in range(9)]
    pretty = ["+-------+-------+-------+"]
    for r, row in enumerate(rows):
        cells = " ".join(row)
        pretty.append(f"| {cells[0:5]} | {cells[6:11]} | {cells[12:17]} |")
        if r % 3 == 2:
            pretty.append("+-------+-------+-------+")
    text = "\n\n" + "\n".join(pretty) + "\n\n"
    assert parse(text) == g and parse_block(text) == g


# --- malformed input: errors name line, column, character -----------------------------------


@pytest.mark.parametrize("text,line,column,char", [
    (PUZZLE[:80], 1, 81, None),                     # one cell short: first missing position
    (PUZZLE + "1", 1, 82, "1"),                     # one cell too many: the first extra one
    (PUZZLE[:30] + "Z" + PUZZLE[31:], 1, 31, "Z"),  # bad character
    ("", 1, 1, None),                               # empty input
    ("   \n", 1, 1, None),
    ("\ufeff" + PUZZLE[:40] + "\x00" + PUZZLE[41:], 1, 41, "\x00"),  # BOM does not count
    ("  " + PUZZLE[:5] + "%" + PUZZLE[6:], 1, 8, "%"),                # leading blanks do
])
def test_parse_line_errors(text, line, column, char):
    with pytest.raises(ParseError) as e:
        parse_line(text)
    err = e.value
    assert (err.line, err.column, err.char) == (line, column, char)
    assert isinstance(err, ValueError) and f"line {line}" in str(err)


def test_parse_line_length_message_and_box():
    with pytest.raises(ParseError, match="expected 81 cells .* found 80"):
        parse_line(PUZZLE[:80])
    with pytest.raises(ParseError, match="expected 36 cells"):
        parse_line(PUZZLE[:81], box="2x3")
    # a prime size's square names what is missing, and the box it names reads the line
    with pytest.raises(ParseError, match=r"an 11x11 grid has no box shape other than 1x11: .*"
                                         r"--box 1x11"):
        parse_line("." * 121)
    assert parse_line("." * 121, box="1x11").shape.size == 11
    assert parse_line(PUZZLE + "\r\n").values == parse_line(PUZZLE).values
    assert parse_line(PUZZLE + " \t ").values == parse_line(PUZZLE).values


def test_parse_line_rejects_second_line():
    with pytest.raises(ParseError) as e:
        parse_line(PUZZLE + "\n" + PUZZLE)
    assert e.value.line == 2


def test_block_short_row_is_reported_not_borrowed():
    rows = [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    rows[3] = rows[3][:8]
    with pytest.raises(ParseError) as e:
        parse_block("\n".join(rows))
    assert (e.value.line, e.value.column) == (4, 9)
    rows = [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    rows[5] = rows[5][:4] + "|" + rows[5][4:] + "7"
    with pytest.raises(ParseError) as e:
        parse_block("\n".join(rows))
    assert (e.value.line, e.value.column, e.value.char) == (6, 11, "7")
    rows = [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    rows[7] = rows[7][:2] + "k" + rows[7][3:]
    with pytest.raises(ParseError) as e:
        parse_block("\n".join(rows))
    assert (e.value.line, e.value.column, e.value.char) == (8, 3, "k")


def test_block_missing_and_extra_rows():
    rows = [PUZZLE[r * 9:r * 9 + 9] for r in range(9)]
    with pytest.raises(ParseError, match="found 7 rows, expected 9") as e:
        parse_block("\n".join(rows[:7]))
    assert (e.value.line, e.value.column) == (8, 1)
    with pytest.raises(ParseError, match="more than 9 rows") as e:
        parse_block("\n".join(rows + rows[:1]))
    assert e.value.line == 10


def test_tokens_errors():
    with pytest.raises(ParseError) as e:
        parse_tokens(UVA.replace("0 0 4 3 0 5 6 0 0", "0 0 4 3 0 5 6 0"))
    assert (e.value.line, e.value.column) == (5, 16)
    with pytest.raises(ParseError) as e:
        parse_tokens(UVA.replace("0 4 0 0 0 6 0 0 9", "0 4 0 0 0 6 0 0 19"))
    assert (e.value.line, e.value.column, e.value.char) == (2, 17, "1")
    with pytest.raises(ParseError) as e:
        parse_tokens(UVA.replace("6 0 7", "6 0 #7"))
    assert (e.value.line, e.value.column) == (3, 5)
    with pytest.raises(ParseError):
        parse_tokens("")


def test_parse_rejects_several_line_puzzles():
    with pytest.raises(ParseError) as e:
        parse(PUZZLE + "\n" + PUZZLE)
    assert e.value.line == 2


# --- streaming --------------------------------------------------------------------------------


def test_stream_lines_with_comments_crlf_bom_tabs():
    text = ("\ufeff# header\r\n"
            f"{PUZZLE} # first\r\n"
            "\r\n"
            f"{PUZZLE}\tsecond\r\n"
            f"  {PUZZLE}   \r\n"
            f"{PUZZLE},csv,label\r\n"
            f"{PUZZLE}:1:{PUZZLE.replace('.', '1')}\r\n")
    recs = list(read_records(io.StringIO(text, newline="")))
    assert [r.index for r in recs] == [0, 1, 2, 3, 4]
    assert [r.line for r in recs] == [2, 4, 5, 6, 7]
    assert all(r.ok and r.grid == parse_line(PUZZLE) for r in recs)
    assert [r.comment for r in recs] == ["first", "second", None, "csv,label",
                                         "1:" + PUZZLE.replace(".", "1")]
    assert recs[1].text == f"{PUZZLE}\tsecond"
    # same from a str, from a list of lines, and from bytes
    assert [r.line for r in read_records(text)] == [2, 4, 5, 6, 7]
    assert [r.line for r in read_records(text.splitlines())] == [2, 4, 5, 6, 7]
    assert [r.line for r in read_records(text.encode("utf-8"))] == [2, 4, 5, 6, 7]


def test_stream_short_line_in_the_middle_keeps_neighbours():
    lines = [PUZZLE, PUZZLE, PUZZLE[:79], PUZZLE, PUZZLE[:20] + "!" + PUZZLE[21:], PUZZLE]
    recs = list(read_records(lines))
    assert [r.ok for r in recs] == [True, True, False, True, False, True]
    assert [r.line for r in recs] == [1, 2, 3, 4, 5, 6]
    assert (recs[2].error.line, recs[2].error.column) == (3, 80)
    assert "expected 81 cells" in recs[2].error.reason
    assert (recs[4].error.line, recs[4].error.column, recs[4].error.char) == (5, 21, "!")
    assert recs[2].grid is None and recs[2].text == PUZZLE[:79]


def test_stream_judge_end_line_is_an_error_record():
    recs = list(read_records([PUZZLE, PUZZLE, "end"]))
    assert [r.ok for r in recs] == [True, True, False]
    assert recs[2].error.column == 4 and "expected 81 cells" in recs[2].error.reason


def test_stream_binary_garbage_gives_error_records():
    path = DATA / "garbage.txt"
    for opener in (lambda: open_text(path),
                   lambda: open(path, encoding="utf-8", errors="replace"),
                   lambda: open(path, encoding="latin-1")):
        with opener() as handle:
            recs = list(read_records(handle, source_name="garbage.txt"))
        assert [r.line for r in recs if r.ok] == [1, 2, 7]
        assert [r.line for r in recs if not r.ok] == [3, 4, 5, 6]
        assert all(r.error.line == r.line and r.error.source == "garbage.txt" for r in recs if not r.ok)
    # bytes lines are decoded too
    with open(path, "rb") as handle:  # binary lines end at b"\n" only: one line fewer
        recs = list(read_records(handle, format="line"))
    assert [r.line for r in recs if r.ok] == [1, 2, 6] and len(recs) == 6


def test_stream_strict_decoding_error_is_an_error_record():
    class Exploding:
        def __iter__(self):
            yield PUZZLE + "\n"
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    recs = list(read_records(Exploding(), format="line"))
    assert recs[0].ok and not recs[1].ok and recs[1].line == 2


def test_stream_blocks_damaged_file():
    with open_text(DATA / "blocks_damaged.txt") as handle:
        recs = list(read_records(handle))
    assert [r.line for r in recs] == [1, 11, 21, 31]
    assert [r.ok for r in recs] == [True, False, True, False]
    assert (recs[1].error.line, recs[1].error.column) == (14, 9)
    assert (recs[3].error.line, recs[3].error.column) == (35, 1)
    assert "cut short" in recs[3].error.reason
    assert recs[0].grid == recs[2].grid and format_line(recs[0].grid) == SDK_PUZZLE


def test_stream_blocks_without_blank_lines_and_with_borders():
    g = parse_line(SDK_PUZZLE)
    plain = format_block(g)
    recs = list(read_records(io.StringIO("\n".join([plain] * 3) + "\n")))
    assert [r.line for r in recs] == [1, 10, 19] and all(r.grid == g for r in recs)
    sep = format_block(g, separators=True)
    recs = list(read_records("\n\n".join([sep] * 2)))
    assert [r.grid for r in recs] == [g, g] and [r.line for r in recs] == [1, 13]
    # a short row inside: the block keeps its 9 lines, the next one still parses
    rows = plain.split("\n")
    rows[2] = rows[2][:5]
    recs = list(read_records("\n".join(rows + plain.split("\n"))))
    assert [r.ok for r in recs] == [False, True] and recs[0].error.line == 3
    assert recs[1].line == 10


def test_stream_block_count_line_is_its_own_record():
    g = parse_line(SDK_PUZZLE)
    text = "2\n" + format_block(g) + "\n" + format_block(g) + "\n"
    recs = list(read_records(text))
    assert [r.ok for r in recs] == [False, True, True]
    assert [r.line for r in recs] == [1, 2, 11]


def test_stream_tokens_uva_hdu_and_trailing_spaces():
    uva = (UVA.replace("\n", " \n") + "\n\n") * 2
    recs = list(read_records(uva))
    assert [r.line for r in recs] == [1, 11] and all(r.ok for r in recs)
    assert recs[0].grid == parse(UVA)
    hdu = HDU + "\n\n" + HDU + "\n"
    recs = list(read_records(hdu))
    assert [r.grid for r in recs] == [parse(HDU)] * 2
    # without blank lines, rows of 9 tokens still cut records every 9 lines
    recs = list(read_records(UVA + "\n" + UVA))
    assert [r.line for r in recs] == [1, 10]


def test_stream_tokens_short_row_does_not_borrow():
    rows = UVA.split("\n")
    rows[4] = "0 0 4 3 0 5 6 0"
    text = "\n".join(rows) + "\n\n" + UVA + "\n"
    recs = list(read_records(text))
    assert [r.ok for r in recs] == [False, True]
    assert (recs[0].error.line, recs[0].error.column) == (5, 16)
    assert recs[1].line == 11


def test_stream_tokens_one_puzzle_per_line():
    g = parse(UVA)
    line = " ".join(str(v) for v in g.values)
    recs = list(read_records([line, line, line[:-2], line]))
    assert [r.ok for r in recs] == [True, True, False, True]
    assert recs[2].error.line == 3


def test_stream_json_lines():
    g = parse_line(PUZZLE)
    lines = [format_json(g), "", "# comment", '{"puzzle": "123"}', format_json(g)]
    recs = list(read_records(lines))
    assert [r.ok for r in recs] == [True, False, True]
    assert [r.line for r in recs] == [1, 4, 5] and recs[1].error.line == 4


def test_stream_explicit_formats_and_aliases():
    recs = list(read_records([PUZZLE], format="sdm"))
    assert recs[0].ok
    recs = list(read_records(format_ss(parse_line(PUZZLE)).split("\n"), format="ss"))
    assert recs[0].grid == parse_line(PUZZLE)
    with pytest.raises(ValueError):
        read_records([PUZZLE], format="pencilmarks")


def test_record_is_frozen_with_one_of_grid_or_error():
    rec = next(read_records([PUZZLE]))
    assert isinstance(rec, Record) and rec.ok and rec.error is None
    with pytest.raises(AttributeError):
        rec.index = 3  # type: ignore[misc]
    assert rec == Record(0, 1, parse_line(PUZZLE), None, PUZZLE, None)


def test_read_records_is_lazy_and_constant_memory():
    def endless():
        while True:
            yield PUZZLE + "\n"

    stream = read_records(endless())
    first = [next(stream) for _ in range(1000)]
    assert first[-1].index == 999 and first[-1].line == 1000


def test_iter_puzzles_path_and_first_error(tmp_path):
    path = tmp_path / "p.sdm"
    path.write_text(f"{PUZZLE}\n{PUZZLE}\n")
    assert list(iter_puzzles(path)) == [parse_line(PUZZLE)] * 2
    assert list(iter_puzzles(str(path))) == [parse_line(PUZZLE)] * 2
    path.write_text(f"{PUZZLE}\n{PUZZLE[:9]}x\n")
    with pytest.raises(ParseError) as e:
        list(iter_puzzles(path))
    assert e.value.line == 2 and e.value.source == str(path)


def test_open_text_bom_utf16_and_undecodable(tmp_path):
    p = tmp_path / "u16.txt"
    p.write_bytes((PUZZLE + "\r\n").encode("utf-16"))
    with open_text(p) as handle:
        assert [r.grid for r in read_records(handle)] == [parse_line(PUZZLE)]
    p = tmp_path / "raw.txt"
    p.write_bytes(b"\xef\xbb\xbf" + PUZZLE.encode() + b"\r\n\xff\xfe\r\n" + PUZZLE.encode())
    with open_text(p) as handle:
        recs = list(read_records(handle))
    assert [r.ok for r in recs] == [True, False, True] and recs[1].error.char == "\udcff"


def test_dlx_reexport_is_lazy():
    from sudokit import formats
    problem = formats.parse_dlx("a b c\na b\nc\n")
    assert list(problem[0]) == ["a", "b", "c"]
    assert "a b c" in formats.format_dlx(["a", "b", "c"], [], [["a", "b"], ["c"]])


# --- the public data sets ---------------------------------------------------------------------


def shared(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        missing(f"public data not found: {path}")
    return path


@pytest.mark.parametrize("name,size,count", [
    ("judge-cases/collections/emerentius/easy_sudokus_block_format.txt", 9, 50),
    ("judge-cases/collections/qqwing_easy.sdm", 9, 1000),
    ("judge-cases/collections/qqwing_expert.sdm", 9, 1000),
    ("judge-cases/collections/top1465.sdm", 9, 1465),
    ("judge-cases/collections/sudoku17.sdm", 9, 49151),
    ("gecode_16x16.txt", 16, 55),
    ("gecode_25x25.txt", 25, 18),
    ("judge-cases/collections/emerentius/easy_sudokus.txt", 9, 50),
    ("judge-cases/collections/tdoku_test_puzzles.txt", 9, 43),
])
def test_public_files_stream_without_errors(name, size, count):
    with open_text(shared(name)) as handle:
        recs = list(read_records(handle, source_name=name))
    assert [r.error for r in recs if not r.ok] == []
    assert len(recs) == count and {r.grid.shape.size for r in recs} == {size}


def test_public_block_file_matches_line_file():
    with open_text(shared("judge-cases/collections/emerentius/easy_sudokus_block_format.txt")) as h:
        blocks = [r.grid for r in read_records(h)]
    with open_text(shared("judge-cases/collections/emerentius/easy_sudokus.txt")) as h:
        lines = [r.grid for r in read_records(h)]
    assert blocks == lines


def test_public_17_clue_head():
    path = shared("puzzles2_17_clue")
    with open_text(path) as handle:
        head = [next(handle) for _ in range(300)]
    grids = [r.grid for r in read_records(head)]
    assert len(grids) == 300 and all(g is not None and g.givens == 17 for g in grids)
    assert all(parse_line(format_line(g)) == g for g in grids)


def test_public_labelled_collections():
    # HardestDatabase: a title line (an error record), a '#!' header, then puzzle,label,... CSV
    with open_text(shared("judge-cases/collections/HardestDatabase110626.txt")) as handle:
        recs = list(read_records(handle))
    bad = [r for r in recs if not r.ok]
    assert len(recs) - len(bad) == 375 and [r.line for r in bad] == [1]
    assert bad[0].error.column == 22 and "expected 81 cells" in bad[0].error.reason
    assert recs[1].comment.startswith("HardestSudokusThread-00001")
    # HoDoKu exemplars: '#' section labels and '# technique' comments
    with open_text(shared("judge-cases/collections/exemplars-1.0.txt")) as handle:
        recs = list(read_records(handle))
    good = [r for r in recs if r.ok]
    assert len(good) == 669 and all(r.comment for r in good[:5])
