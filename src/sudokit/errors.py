"""Exceptions shared by every sudokit module."""

from __future__ import annotations

__all__ = ["GeometryError", "ParseError", "SearchLimitReached", "ShapeError", "SpellingError"]


class ParseError(ValueError):
    """Text that is not a puzzle; names the line, column and offending character (1-based)."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 char: str | None = None, source: str | None = None):
        self.reason = message
        self.line = line
        self.column = column
        self.char = char
        self.source = source
        super().__init__(self._compose())

    def _compose(self) -> str:
        where = []
        if self.source:
            where.append(str(self.source))
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        text = self.reason
        if self.char is not None and "character" not in text and "byte" not in text:
            text += f" ({describe(self.char)})"
        return (", ".join(where) + ": " + text) if where else text

    def shifted(self, *, line: int = 0, source: str | None = None) -> "ParseError":
        """Return a copy whose line number is moved down by `line` (for errors inside a stream)."""
        return ParseError(self.reason, line=None if self.line is None else self.line + line,
                          column=self.column, char=self.char, source=source or self.source)

    def to_dict(self) -> dict:
        """Return the error as a JSON-ready dict (batch error logs)."""
        return {"line": self.line, "column": self.column, "char": self.char, "reason": self.reason}


def describe(char: str) -> str:
    """How an error names a character: "character 'x'", or for a byte that is not UTF-8
    text (read as Python's surrogateescape names it, U+DC80..U+DCFF) "byte 0xAC, not
    UTF-8"."""
    if len(char) == 1 and "\udc80" <= char <= "\udcff":
        return f"byte 0x{ord(char) - 0xDC00:02X}, not UTF-8"
    return f"character {char!r}"


class SpellingError(ValueError):
    """A grid a format cannot write: more values than its alphabet spells (a 64x64 grid in a
    line format: write tokens or json), or a ``blank`` that is not one character or that
    spells a value.  The message says what can write it."""


class ShapeError(ValueError):
    """A box shape or grid size that sudokit does not support."""


class GeometryError(ShapeError):
    """Rules that do not make a grid: a region of the wrong size, a cell in no region, an
    unknown rule, a rule that needs boxes, a unit, pair or constraint outside the grid."""


class SearchLimitReached(RuntimeError):
    """A search stopped by its node limit before it could answer; never means "no solution"."""

    def __init__(self, message: str = "node limit reached", *, nodes: int = 0, found: int = 0):
        super().__init__(message)
        self.nodes = nodes
        self.found = found


class WriteError(Exception):
    """Writing the results failed (disk full, ...): not a problem of the input."""


class WorkerError(RuntimeError):
    """A worker process failed (a bug, or it was killed): the run cannot go on."""


class UsageError(Exception):
    """A problem with the command line found after parsing (exit status 2): an option that
    does not fit the input found (a table kind a command does not take, ...)."""
