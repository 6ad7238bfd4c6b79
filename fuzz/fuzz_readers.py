"""Atheris fuzz target for the readers (formats, streams, batch's line reader, the C text reader).

    python fuzz/fuzz_readers.py [libFuzzer flags] [CORPUS_DIR]      (see fuzz/README.md)

Each input is split by atheris' FuzzedDataProvider into a mode, options (box, alphabet,
format) and a text.  The modes run one reader each:

    line, block, tokens, pencilmarks, json, sdk, parse (detected)    one puzzle
    stream                  formats.read_records (detected or named format)
    batch                   batch.parse_lines (C text reader when built) against parse_line
    detect                  formats.detect_notation against read_records' own choice

Invariants (any failure raises AssertionError, which atheris reports as a crash):

- a reader returns a Grid or raises a ParseError (a ValueError; ShapeError/SpellingError
  are ValueErrors too) -- nothing else: no RecursionError, IndexError, TypeError ...;
  a ParseError of a one-puzzle reader names a line (>= 1);
- a Grid returned round-trips: written in its format (tokens for grids the alphabet cannot
  spell) and read again, it is equal;
- batch.parse_lines and formats.parse_line read each line alike (values, or both reject);
- read_records yields records whose ``grid``/``error`` exactly one is set, with line
  numbers >= 1 that never go down, and record indexes 0, 1, 2, ...
"""

from __future__ import annotations

import os
import sys

import atheris

with atheris.instrument_imports():
    from sudokit import batch, formats
    from sudokit.errors import ParseError
    from sudokit.grid import Grid
    from sudokit.shape import Shape

BOXES = [None, None, None, "3x3", "2x2", "2x3", "3x2", "4x4", "1x1", "5x5"]
ALPHABETS = [None, None, "default", "letters", "hex"]
MODES = ["line", "block", "tokens", "pencilmarks", "json", "sdk", "parse", "stream", "batch",
         "detect"]
STREAM_FORMATS = [None, "line", "block", "tokens", "json"]


def _round_trip(grid: Grid, fmt: str) -> None:
    """The grid, written and read again, is equal (tokens when no alphabet can spell it)."""
    shape = grid.shape
    if shape.size > 61 or fmt in ("tokens", "json", "pencilmarks"):
        text = formats.format_tokens(grid)
        back = formats.parse_tokens(text, box=shape)
    elif fmt == "block":
        text = formats.format_block(grid)
        back = formats.parse_block(text, box=shape, alphabet="default")
    else:
        text = formats.format_line(grid)
        back = formats.parse_line(text, box=shape, alphabet="default")
    assert back == grid, (fmt, text, grid, back)


def _one(text: str, mode: str, box, alphabet) -> None:
    reader = {"line": formats.parse_line, "block": formats.parse_block,
              "tokens": formats.parse_tokens, "json": formats.parse_json,
              "sdk": formats.parse_sdk, "parse": formats.parse,
              "pencilmarks": lambda t, **kw: formats.parse_pencilmarks(t, **kw)[0]}[mode]
    try:
        grid = reader(text, box=box, alphabet=alphabet)
    except ParseError as exc:
        assert exc.line is None or exc.line >= 1, exc
        if mode in ("line", "block", "tokens", "sdk"):
            assert exc.line is not None and exc.line >= 1, (mode, exc)
        return
    except ValueError:  # ShapeError / SpellingError: a box or alphabet that cannot fit
        return
    assert isinstance(grid, Grid)
    _round_trip(grid, mode)


def _stream(text: str, fmt, box, alphabet) -> None:
    last, index = 1, 0
    for rec in formats.read_records(text, format=fmt, box=box, alphabet=alphabet):
        assert (rec.grid is None) != (rec.error is None), rec
        assert rec.index == index and rec.line >= last, (rec, index, last)
        if rec.error is not None:
            assert rec.error.line is not None and rec.error.line >= rec.line, rec
        else:
            _round_trip(rec.grid, "line")
        last, index = rec.line, index + 1


def _batch(text: str, box, alphabet) -> None:
    shape = Shape.parse(box) if box else Shape(3, 3)
    lines = [ln for ln in text.split("\n") if ln.strip(" \t\r\x0b\x0c")
             and not ln.strip(" \t\r\x0b\x0c").startswith("#")]
    values, errors = batch.parse_lines(text, shape.size, alphabet=alphabet)
    nc = shape.ncells
    assert len(values) == nc * len(lines), (len(values), len(lines))
    bad = {e[0] for e in errors}
    for k, line in enumerate(lines):
        try:
            want = formats.parse_line(line, box=shape, alphabet=alphabet).values
        except ParseError:
            want = None
        got = None if k in bad else tuple(values[k * nc:(k + 1) * nc])
        assert got == want, (line, got, want)


def _detect(text: str, box, alphabet) -> None:
    lines = text.split("\n")
    note = formats.detect_notation(iter(lines), box=box, alphabet=alphabet)
    assert note.format in ("line", "block", "tokens", "json"), note
    assert note.size is None or 1 <= note.size <= 64 or note.format == "block", note


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    mode = MODES[fdp.ConsumeIntInRange(0, len(MODES) - 1)]
    box = BOXES[fdp.ConsumeIntInRange(0, len(BOXES) - 1)]
    alphabet = ALPHABETS[fdp.ConsumeIntInRange(0, len(ALPHABETS) - 1)]
    fmt = STREAM_FORMATS[fdp.ConsumeIntInRange(0, len(STREAM_FORMATS) - 1)]
    raw = fdp.ConsumeBytes(fdp.remaining_bytes())
    text = raw.decode("utf-8", "surrogateescape")
    if mode == "stream":
        _stream(text, fmt, box, alphabet)
    elif mode == "batch":
        if box not in ("1x1",):
            _batch(text, box, alphabet)
    elif mode == "detect":
        _detect(text, box, alphabet)
    else:
        _one(text, mode, box, alphabet)


def main() -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    if os.environ.get("SUDOKIT_PUREPYTHON") not in (None, "", "0"):
        print("fuzz_readers: SUDOKIT_PUREPYTHON is set: the C text reader is not fuzzed",
              file=sys.stderr)
    main()
