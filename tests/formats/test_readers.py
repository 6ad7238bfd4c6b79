"""One reader per notation (#14, #18 items 3, 11, 12): every reader of the line notation
accepts the same lines with the same values, and the notation guesses are explicit."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sudokit
from sudokit.records import batch
from sudokit import formats
from sudokit.errors import ParseError, SpellingError
from sudokit.grid import Grid
from sudokit.shape import Shape
from sudokit.symbols import ALPHABETS, BLANKS, HEX, DEFAULT, line_alphabet, reading_table

from conftest import shared_file

SIZES = (4, 9, 16, 25)
GARBAGE = "!\"$%&'()+/<=>@[\\]^`{|}~"
NON_ASCII = ["\u00e9", "\u0100", "\u00a0", "\u2003", "\ufeff", "\udcff", "\u0661", "\x85"]
CONTROL = ["\x00", "\x07", "\x1b", "\x7f", "\x1c"]


def _symbol_chars(size: int) -> str:
    chars = set()
    for alpha in ALPHABETS.values():
        for s in alpha.symbols[:size]:
            chars.update((s, s.lower(), s.upper()))
    return "".join(sorted(chars))


@st.composite
def lines(draw):
    """A line of about N*N cells: symbols of any alphabet in either case, every blank
    spelling, now and then garbage, non-ASCII or control characters, spaces around it,
    a comment after it, or a cell too many or too few."""
    size = draw(st.sampled_from(SIZES))
    alphabet = draw(st.sampled_from([None, *ALPHABETS]))
    symbols = _symbol_chars(size)
    rare = draw(st.sampled_from(["", GARBAGE, "".join(NON_ASCII), "".join(CONTROL)]))
    pools = [st.sampled_from(symbols), st.sampled_from(BLANKS)]
    if rare:
        pools.append(st.sampled_from(rare))
    weights = st.lists(st.one_of(*pools), min_size=size * size, max_size=size * size)
    cells = draw(weights)
    # a few lines keep one or two rare characters only, so they are not always rejected
    if rare and draw(st.booleans()):
        cells = [c if c not in rare or draw(st.integers(0, 30)) == 0 else "." for c in cells]
    text = "".join(cells)
    cut = draw(st.sampled_from([0, 0, 0, 0, -1, 1]))
    if cut < 0:
        text = text[:-1]
    elif cut > 0:
        text += draw(st.sampled_from(symbols))
    text = draw(st.sampled_from(["", " ", "\t", "  "])) + text
    text += draw(st.sampled_from(["", "", " ", "\r", " # a comment", ",label", ":1:",
                                  "\t\u00e9t\u00e9"]))
    return size, alphabet, text


def _formats(text, shape, alphabet):
    try:
        return formats.parse_line(text, box=shape, alphabet=alphabet).values
    except ParseError:
        return "reject"


def _grid(text, shape, alphabet):
    try:
        return Grid(text, shape, alphabet=alphabet).values
    except ParseError:
        return "reject"


def _parse_lines(text, size, alphabet):
    values, errors = batch.parse_lines(text, size, alphabet=alphabet)
    assert len(values) == size * size  # one record, always
    return "reject" if errors else tuple(values)


def _stream(text, shape, alphabet):
    recs = list(formats.read_records(text + "\n", format="line", box=shape, alphabet=alphabet))
    assert len(recs) == 1 and recs[0].line == 1
    return recs[0].grid.values if recs[0].grid is not None else "reject"


def _solve_many(text, shape, alphabet):
    res = batch.solve_many([text], box=shape, alphabet=alphabet, limit=1, node_limit=100)
    if res.status(0) == "error":
        return "reject"
    assert 0 not in res.errors
    return res


# Pure Python solves the 25x25 lines slowly (node_limit 100 still builds the tables): fewer
# examples there; the C run keeps 250.
@settings(max_examples=250 if sudokit.backend() == "c" else 90, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines())
def test_every_line_reader_agrees(case):
    size, alphabet, text = case
    shape = Shape.for_size(size)
    want = _formats(text, shape, alphabet)
    assert _grid(text, shape, alphabet) == want, "sudokit.Grid"
    assert _parse_lines(text, size, alphabet) == want, "batch.parse_lines"
    assert _stream(text, shape, alphabet) == want, "formats.read_records"
    res = _solve_many(text, shape, alphabet)
    if want == "reject":
        assert res == "reject", "batch.solve_many"
    else:
        assert res != "reject", "batch.solve_many"
        sol = res.solution(0)
        if sol is not None:  # a solution keeps every given the other readers read
            assert all(g in (0, s) for g, s in zip(want, sol))
    if want != "reject" and alphabet is None and not text.strip():
        pytest.fail("an empty line read as a puzzle")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(ALPHABETS))
def test_spelling_table_is_the_alphabet(size, name):
    """reading_table is value_of on ASCII and rejects every byte from 0x80 up."""
    alpha = ALPHABETS[name]
    table = reading_table(alpha, size)
    assert len(table) == 256
    for b in range(128):
        v = alpha.value_of(chr(b), size)
        assert table[b] == (v if v >= 0 else 255)
    assert set(table[128:]) == {255}


def test_x_blank_and_lowercase_read_alike_everywhere():
    line = "....x...." * 9
    line = line[:81]
    assert sudokit.solve(line) is not None
    assert batch.solve_many([line]).status(0) == "solved"
    g16 = Grid.empty(Shape(4, 4)).to_line()
    lower = ("1234abcd" + g16[8:]).lower()
    assert formats.parse_line(lower).values[4:8] == (10, 11, 12, 13)
    values, errors = batch.parse_lines(lower, 16)
    assert not errors and tuple(values) == formats.parse_line(lower).values


@pytest.mark.parametrize("char", ["\u0100", "\u00e9", "\u2003", "\udcff"])
def test_non_ascii_is_an_error_never_a_blank(char):
    line = char + "." * 80
    with pytest.raises(ParseError):
        sudokit.solve(line)
    res = batch.solve_many([line])
    assert res.status(0) == "error" and res.errors[0].column == 1
    assert batch.solve_text(line).status(0) == "error"
    values, errors = batch.parse_lines(line, 9)
    assert errors and errors[0][2] == 1


def test_batch_reads_comments_after_the_puzzle_as_formats_does():
    line = "." * 81
    for tail in (" # name", "\tlabel", ",a,b", ":1:" + "1" * 81, ";x"):
        assert formats.parse_line(line + tail).values == (0,) * 81
        values, errors = batch.parse_lines(line + tail, 9)
        assert not errors and bytes(values) == bytes(81)


def test_16x16_zero_blanks_without_g_read_as_default(shared_data):
    """Rows of 16x16Dataset.csv (1-9A-G, 0 = empty): a row without a G is not hex."""
    path = shared_file("16x16Dataset.csv")
    rows = [ln.split(",")[0] for ln in path.read_text().splitlines()[1:]]
    no_g = [r for r in rows if "G" not in r]
    assert no_g, "the data set has rows without a G (the case this test is about)"
    for row in no_g[:50] + rows[:50]:
        grid = formats.parse_line(row)
        assert grid.values == formats.parse_line(row.replace("0", ".")).values
        assert grid.is_legal()
    values, errors = batch.parse_lines("\n".join(no_g[:50]), 16)
    assert not errors
    assert bytes(values) == b"".join(bytes(formats.parse_line(r).values) for r in no_g[:50])


def test_line_alphabet_rules():
    full = Grid.empty(Shape(4, 4)).to_line()  # 256 dots
    hexline = "0" + "." * 255
    assert line_alphabet(hexline, 16) is HEX        # 0 with another blank: hex value 1
    assert line_alphabet("0" * 256, 16) is DEFAULT  # 0 alone: blanks
    solved = sudokit.solve(full)
    hex_full = solved.to_line(alphabet="hex")       # a complete hex grid: 0 is value 1
    assert line_alphabet(hex_full, 16) is HEX
    assert formats.parse_line(hex_full) == solved
    assert line_alphabet("ABCDEFGHIJKLMNOP" + "0" * 240, 16).name == "letters"


def test_36_char_lines_carry_a_note_and_box_decides():
    line = "." * 36
    recs = list(formats.read_records(line + "\n" + line + "\n"))
    assert all(r.grid.shape == Shape(2, 3) for r in recs)
    assert all(r.note and "--box" in r.note and "2x3" in r.note for r in recs)
    recs = list(formats.read_records(line + "\n", box="3x2"))
    assert recs[0].grid.shape == Shape(3, 2) and recs[0].note is None
    nine = list(formats.read_records("." * 81 + "\n"))
    assert nine[0].note is None


@pytest.mark.parametrize("stray", ["x", "-", "0", "?", "5", "ab"])
def test_a_stray_short_line_in_a_9x9_file_is_an_error_record(stray):
    p = "." * 81
    for text in (f"{p}\n{stray}\n{p}\n", f"{stray}\n{p}\n{p}\n"):
        recs = list(formats.read_records(text))
        assert len(recs) == 3
        bad = [r for r in recs if r.text == stray]
        assert bad[0].error is not None and "81" in str(bad[0].error)
        assert all(r.grid.shape.size == 9 for r in recs if r.text != stray)
    # a whole input of 1x1 puzzles is read as such, and box=1x1 asks for them
    assert [r.grid.values for r in formats.read_records("1\n.\nx\n")] == [(1,), (0,), (0,)]
    recs = list(formats.read_records(f"{p}\nx\n", box="1x1"))
    assert recs[0].error is not None and recs[1].grid.values == (0,)
    assert formats.parse_line("1").values == (1,)


def test_detect_notation_is_the_reader_detector():
    p = "." * 81
    cases = {
        p + "\n" + p: ("line", Shape(3, 3)),
        "\n".join(["53..7...."] * 9): ("block", None),
        "\n".join([" ".join("0" * 9)] * 9): ("tokens", None),
        '{"puzzle": "' + p + '"}': ("json", None),
    }
    for text, (name, hint) in cases.items():
        got = formats.detect_notation(text.split("\n"))
        assert got.format == name and got.hint == hint
        assert list(formats.read_records(text))[0].ok
    assert formats.detect_notation(["123456789" * 81], pencilmarks=True).format == "pencilmarks"
    assert formats.detect_notation(["\n"] * 200000 + [p]).hint == Shape(3, 3)
    assert formats.detect_notation([p], format="sdm").format == "line"


def test_writers_raise_a_spelling_error_for_grids_they_cannot_spell():
    big = Grid.empty(Shape(8, 8))
    for write in (formats.format_line, formats.format_block, formats.format_pencilmarks,
                  formats.format_sdk, formats.format_ss):
        with pytest.raises(SpellingError, match="tokens or json"):
            write(big)
    assert formats.parse_tokens(formats.format_tokens(big)) == big
    assert formats.parse_json(formats.format_json(big)) == big
    assert issubclass(SpellingError, ValueError)


@pytest.mark.parametrize("blank", ["5", "ab", "", " ", "!", "\u00e9", "A"])
def test_writers_refuse_a_blank_no_reader_reads_back(blank):
    g = Grid("." * 81)
    with pytest.raises(SpellingError):
        formats.format_line(g, blank=blank)
    with pytest.raises(SpellingError):
        formats.format_block(g, blank=blank)
    if blank not in ("A", "!"):
        with pytest.raises(SpellingError):
            formats.format_tokens(g, blank=blank)


@pytest.mark.parametrize("blank", list(BLANKS))
def test_every_blank_spelling_round_trips(blank):
    g = sudokit.Grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    text = formats.format_line(g, blank=blank)
    assert formats.parse_line(text) == g
    assert formats.parse_block(formats.format_block(g, blank=blank)) == g
    with pytest.raises(SpellingError):
        formats.format_line(Grid.empty(Shape(4, 4)), alphabet="hex", blank="0")


@pytest.mark.parametrize("depth", [2000, 100_000])
def test_deep_json_is_a_parse_error_record(depth):
    deep = "[" * depth + "]" * depth
    with pytest.raises(ParseError):
        formats.parse_json(deep)
    with pytest.raises(ParseError):
        formats.parse_json('{"puzzle": ' + deep + "}")
    good = '{"puzzle": "' + "." * 81 + '"}'
    text = "\n".join([good] * 3 + [deep] + [good] * 3) + "\n"
    recs = list(formats.read_records(text))
    assert len(recs) == 7 and [r.ok for r in recs] == [True] * 3 + [False] + [True] * 3
    assert recs[3].line == 4 and "deep" in str(recs[3].error)
