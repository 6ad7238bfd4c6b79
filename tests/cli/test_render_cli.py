"""sudokit render: SVG, PNG and PDF out, several puzzles, bad input, refused options."""

from __future__ import annotations

import io
import struct
import sys
import xml.etree.ElementTree as ET

import pytest

from sudokit import render
from sudokit.cli import main
from sudokit.grid import Grid

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
OTHER = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."


def run(argv, stdin: str = "", monkeypatch=None):
    """(exit status, stderr) of sudokit main(argv) with stdin."""
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    monkeypatch.setattr(sys, "stderr", err)
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    return code, err.getvalue()


def test_one_puzzle_to_svg(tmp_path, monkeypatch):
    out = tmp_path / "p.svg"
    code, said = run(["render", "-o", str(out), "--coordinates", "--title", "One"],
                     CLASSIC + "\n", monkeypatch)
    assert code == 0, said
    text = out.read_text()
    ET.fromstring(text)
    assert text == render.svg(Grid(CLASSIC), coordinates=True, title="One")


def test_several_puzzles_one_file_each(tmp_path, monkeypatch):
    src = tmp_path / "in.txt"
    src.write_text(f"{CLASSIC}\n{OTHER}\n")
    code, said = run(["render", str(src), "-o", str(tmp_path / "p.svg"), "--candidates"],
                     "", monkeypatch)
    assert code == 0, said
    assert (tmp_path / "p-1.svg").read_text() == render.svg(Grid(CLASSIC), candidates=True)
    assert (tmp_path / "p-2.svg").read_text() == render.svg(Grid(OTHER), candidates=True)
    assert not (tmp_path / "p.svg").exists()
    assert "p-1.svg ... " in said


def test_pdf_booklet(tmp_path, monkeypatch):
    out = tmp_path / "b.pdf"
    code, said = run(["render", "-o", str(out), "--per-page", "2", "--solutions", "--paper",
                      "letter", "--title", "Two"], f"{CLASSIC}\n{OTHER}\n", monkeypatch)
    assert code == 0, said
    assert out.read_bytes() == render.booklet([CLASSIC, OTHER], per_page=2, solutions=True,
                                              paper="letter", title="Two")


EASY = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7."


def test_pdf_booklet_with_rating_lines(tmp_path, monkeypatch):
    """--ratings: SE's ER/EP/ED under each classic 9x9 puzzle (with --hodoku, HoDoKu's level
    too); the published SE rating of EASY is 1.2/1.2/1.2 (a box single)."""
    from sudokit.rate import rate
    out = tmp_path / "r.pdf"
    code, said = run(["render", "-o", str(out), "--ratings"], EASY + "\n", monkeypatch)
    assert code == 0, said
    assert out.read_bytes() == render.booklet([EASY], ratings=["SE 1.2/1.2/1.2"])
    assert out.read_bytes() != render.booklet([EASY])
    code, said = run(["render", "-o", str(out), "--ratings", "--hodoku"], EASY + "\n",
                     monkeypatch)
    assert code == 0, said
    r = rate(EASY)
    assert (r.er, r.ep, r.ed) == (1.2, 1.2, 1.2) and r.level
    line = f"SE 1.2/1.2/1.2, HoDoKu {r.level}"
    assert out.read_bytes() == render.booklet([EASY], ratings=[line])


def test_png(tmp_path, monkeypatch):
    if not any(render.tools().values()):
        pytest.skip("no PNG tool (pdftoppm or chromium) installed")
    out = tmp_path / "p.png"
    code, said = run(["render", "-o", str(out), "--scale", "1"], CLASSIC + "\n", monkeypatch)
    assert code == 0, said
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_width(tmp_path, monkeypatch):
    """--width PX: an SVG that many px wide, a PNG that many pixels wide; not with a PDF
    booklet nor with --scale."""
    out = tmp_path / "w.svg"
    code, said = run(["render", "-o", str(out), "--width", "300"], CLASSIC + "\n", monkeypatch)
    assert code == 0, said
    assert out.read_text() == str(render.svg(Grid(CLASSIC), size=300))
    assert 'width="300" height="300"' in out.read_text()
    if any(render.tools().values()):
        out = tmp_path / "w.png"
        code, said = run(["render", "-o", str(out), "--width", "250"], CLASSIC + "\n",
                         monkeypatch)
        assert code == 0, said
        assert struct.unpack(">II", out.read_bytes()[16:24]) == (250, 250)
    for argv in (["-o", str(tmp_path / "w.pdf"), "--width", "300"],
                 ["-o", str(tmp_path / "w.png"), "--width", "300", "--scale", "2"],
                 ["-o", str(tmp_path / "w.png"), "--width", "0"]):
        code, said = run(["render", *argv], CLASSIC + "\n", monkeypatch)
        assert code == 2 and ("--width" in said), said
    assert not (tmp_path / "w.pdf").exists()


def test_rules_and_fpuzzles_geometry(tmp_path, monkeypatch):
    out = tmp_path / "x.svg"
    code, said = run(["render", "--rules", "x", "-o", str(out)], CLASSIC + "\n", monkeypatch)
    assert code == 0, said
    assert out.read_text() == render.svg(Grid(CLASSIC, geometry="3x3+x"))
    from sudokit import formats
    jig = formats.format_fpuzzles(Grid(CLASSIC, geometry="3x3+windoku"))
    code, said = run(["render", "-o", str(out)], jig + "\n", monkeypatch)
    assert code == 0, said
    assert out.read_text() == render.svg(Grid(CLASSIC, geometry="3x3+windoku"))


def test_bad_record_names_line_and_column_and_writes_nothing(tmp_path, monkeypatch):
    out = tmp_path / "p.pdf"
    code, said = run(["render", "-o", str(out)], f"{CLASSIC}\n{CLASSIC[:40]}Z{CLASSIC[41:]}\n",
                     monkeypatch)
    assert code == 1
    assert "line 2" in said and "column 41" in said and "nothing written" in said
    assert not out.exists()


@pytest.mark.parametrize("argv, words", [
    (["-o", "p.gif"], ".svg, .png, .pdf"),
    (["-o", "p.svg", "--solutions"], "--solutions is for a PDF booklet"),
    (["-o", "p.png", "--per-page", "2", "--steps"], "are for a PDF booklet"),
    (["-o", "p.svg", "--ratings"], "is for a PDF booklet"),
    (["-o", "p.pdf", "--hodoku"], "give --ratings too"),
    (["-o", "p.pdf", "--candidates"], "--candidates"),
    (["-o", "p.svg", "--format", "csv"], "not tables"),
    (["-o", "p.pdf", "--per-page", "3"], "invalid choice"),
])
def test_usage_errors(argv, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, said = run(["render"] + argv, CLASSIC + "\n", monkeypatch)
    assert code == 2 and words in said
    assert not list(tmp_path.iterdir())


def test_missing_input_and_no_puzzle(tmp_path, monkeypatch):
    code, said = run(["render", str(tmp_path / "nope.txt"), "-o", str(tmp_path / "p.svg")],
                     "", monkeypatch)
    assert code == 3 and "nope.txt" in said
    code, said = run(["render", "-o", str(tmp_path / "p.svg")], "\n# nothing\n", monkeypatch)
    assert code == 1 and "no puzzle" in said


def test_output_over_input_refused(tmp_path, monkeypatch):
    src = tmp_path / "in.svg"
    src.write_text(CLASSIC + "\n")
    code, said = run(["render", str(src), "-o", str(src)], "", monkeypatch)
    assert code == 2 and "destroy" in said
    assert src.read_text() == CLASSIC + "\n"
