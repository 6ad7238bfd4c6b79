"""Reading the records of one input for the record commands: notation, format, alphabet.

    _Input            one input: its records (sudokit.formats readers) and the notation
                      (format, alphabet) learned from its first good record, for output
    _reading_format   how the first lines of an input read (one decision for all blocks)
    _chunks           records grouped 1, 2, 4 ... CHUNK at a time (always 1 on a terminal)

Used by sudokit.records (the unit of work) and the command line; no printing here.
"""

from __future__ import annotations

import itertools
import os
from typing import Iterable, Iterator

from .. import formats
from ..errors import ParseError, ShapeError
from ..shape import Shape
from ..solver import marks_rule_out

CHUNK = 4096                                 # records per output write, at most
PER_LINE = {"line", "json", "pencilmarks"}   # formats whose records never span lines


class _Input:
    """One input source: its records and what its notation is (format, alphabet)."""

    def __init__(self, name: str, handle, args, interactive: bool = False):
        self.name = name
        self.display = "<stdin>" if name == "-" else name
        self.handle = handle
        self.args = args
        self.format: str | None = None     # the input's own notation, for output
        self.alphabet = args.alphabet
        self.interactive = interactive   # a terminal: the first line decides the notation
        self.reading: str | None = None  # set: the format to read (a block of a bigger input)
        self.first_line = 1              # the number of the first line of handle
        self.hint: Shape | None = None   # the shape of the input's first good line record
        self.marks: dict[int, tuple] = {}  # line -> pencil marks that rule out more than givens

    def records(self) -> Iterator[formats.Record]:
        fmt = self.args.format
        lines, box = self.handle, self.args.box
        if self.reading is not None:
            if self.reading == "pencilmarks":
                return self._pencil_records(lines)
            return formats.read_records(lines, format=self.reading, box=box,
                                        alphabet=self.args.alphabet, source_name=self.display,
                                        _first_line=self.first_line, _hint=self.hint)
        if fmt == "auto":
            fmt = None
            lines, first = self._peek()
            if formats.detect_format(first, box=box) == "pencilmarks":
                fmt = "pencilmarks"  # (read_records would take N*N*N cells for a line puzzle)
            elif self.interactive:
                fmt, box = self._first_line_decides(first)
        elif fmt in ("sdk", "ss"):
            fmt = "block"
        if fmt == "pencilmarks":
            return self._pencil_records(lines)
        return formats.read_records(lines, format=fmt, box=box, alphabet=self.args.alphabet,
                                    source_name=self.display)

    def _peek(self) -> tuple[Iterable[str], str]:
        """Return (every line, the first line that is not blank nor a '#' comment)."""
        seen = []
        first = ""
        for raw in self.handle:
            seen.append(raw)
            first = raw.strip()
            if first and not first.startswith("#"):
                break
        return itertools.chain(seen, self.handle), first

    def _first_line_decides(self, first: str) -> tuple[str, Shape | None]:
        """On a terminal, detect the format from the first puzzle line alone.

        read_records detects from a window of 64 lines, which would wait for 64 lines typed
        before answering the first; a terminal user types one puzzle and waits.
        """
        box = self.args.box
        if not first or first[0] in "{[":
            return ("json" if first else "line"), box
        field = first.split()[0]
        if formats.detect_format(first, box=box) == "line" and (
                len(field) >= 16 or (box is not None and len(field) == box.ncells)):
            return "line", box  # (9 characters: a 9x9 row, not a 3x3 line puzzle)
        tokens = first.replace("|", " ").split()
        size = len(tokens) if len(tokens) > 1 else len(first.replace("|", ""))
        if box is None:
            try:
                box = Shape.for_size(size)
            except (ShapeError, ValueError):
                return "line", None  # its error will say what a line should hold
        return ("tokens" if len(tokens) > 1 else "block"), box

    def _pencil_records(self, lines: Iterable[str]) -> Iterator[formats.Record]:
        """Pencil marks, one puzzle per line (N*N*N characters)."""
        index = 0
        for lineno, raw in enumerate(lines, self.first_line):
            raw = raw.rstrip("\r\n")
            s = raw.strip()
            if not s or s.startswith("#"):
                continue
            try:
                grid, masks = formats.parse_pencilmarks(s, box=self.args.box,
                                                        alphabet=self.args.alphabet)
                if marks_rule_out(grid, masks):  # the search must honour them
                    self.marks[lineno] = masks
            except ParseError as exc:
                column = None if exc.column is None else exc.column + len(raw) - len(raw.lstrip())
                error = ParseError(exc.reason, line=lineno, column=column, char=exc.char,
                                   source=self.display)
                yield formats.Record(index, lineno, None, error, raw, None)
            else:
                yield formats.Record(index, lineno, grid, None, raw, None)
            index += 1

    def learn(self, rec: formats.Record) -> None:
        """Learn the notation (format, alphabet) from the first readable record."""
        if self.format is not None:
            return
        fmt = self.args.format
        if fmt == "auto":
            ext = os.path.splitext(self.name)[1].lower().lstrip(".")
            fmt = formats.detect_format(rec.text, box=self.args.box)
            if fmt == "block" and "|" in rec.text:
                fmt = "block+" if "+" in rec.text else "ss"
            if ext in ("sdk", "ss") and fmt in ("block", "block+", "ss"):
                fmt = ext
        self.format = fmt
        grid = rec.grid
        if self.alphabet is None and grid is not None and grid.size > 9 and fmt != "tokens":
            for name in ("default", "letters", "hex"):
                try:
                    if formats.parse(rec.text, format=fmt if fmt in formats.FORMATS else None,
                                     box=grid.shape, alphabet=name) == grid:
                        self.alphabet = name
                        break
                except (ParseError, ValueError):
                    continue


def _chunks(records: Iterable, interactive: bool) -> Iterator[list]:
    """Group records in lists of 1, 2, 4 ... CHUNK (always 1 on a terminal)."""
    size = 1
    chunk: list = []
    for rec in records:
        chunk.append(rec)
        if len(chunk) >= size:
            yield chunk
            chunk = []
            if not interactive and size < CHUNK:
                size *= 2
    if chunk:
        yield chunk


def _reading_format(lines: list[str], args) -> tuple[str, Shape | None]:
    """Return (the format the streaming reader would read these first lines as, line hint)."""
    fmt = args.format
    if fmt in ("sdk", "ss"):
        return "block", None
    if fmt == "sdm":
        return "line", None
    if fmt != "auto":
        return fmt, None
    found = formats.detect_notation(lines, box=args.box, alphabet=args.alphabet,
                                    pencilmarks=True)  # the one detector, one bounded pass
    return found.format, found.hint
