"""Streaming many puzzles: ``read_records``, ``Record``, ``iter_puzzles``, ``open_text``.

One record at a time, constant memory whatever the input size: a record holds one line
(line format, JSON Lines), N rows (block, tokens in rows) or one blank-line-separated group.
A bad record becomes a ``Record`` with ``error`` set -- its ParseError names the line of the
whole stream -- and reading goes on with the next record: a short line never borrows cells
from the next line, and binary garbage is an error record, not an exception.

Stream layouts (``format=``; aliases: sdm -> line, sdk/ss -> block, jsonl -> json):

    line    one puzzle per line; empty lines and '#' lines are skipped and are no records
    block   N rows per record; a blank line also ends a record (a record cut short by a
            blank line or the end of the input is an error record); separator lines,
            '#' lines and '[Section]' headers are skipped
    tokens  a record is N lines of N tokens when its first line holds N tokens, the whole
            line when its first line holds more (one puzzle per line), else lines up to
            N*N tokens or a blank line
    json    JSON Lines: one object or list of rows per line
    fpuzzles  f-puzzles puzzles: a JSON object on one line or spread over several (a
            record ends where its braces close), or an f-puzzles link or its lz-string
            Base64 on one line; blank and '#' lines between records are skipped
    sudokupad, solo, killer
            one SudokuPad link or id (scl..., ctc..., fpuzzles...) / one Solo game id
            (3x3k:...) / one killer line (3x3::k:..., or 81 totals and arrows) per line;
            blank and '#' lines are skipped

Detection (``format=None``) reads a window of the first 64 lines that are not blank and not
'#' comments; each line votes:

    starts with '{' (or '[' but not a '[Section]')           -> json
    an f-puzzles link (f-puzzles.com ... load=)              -> fpuzzles
    a SudokuPad link or id / a Solo game id / a killer line  -> sudokupad / solo / killer
    holds '|' or '+', or only separator characters (-=*:)     -> block
    a leading field of N*N characters (16, 36, 64, 81, ... or
    box.ncells) that reads as a line puzzle                   -> line
    several whitespace-separated values                       -> tokens
    one field of N characters (4 <= N <= 64, or box.size)     -> block
    anything else                                             -> no vote

The most common vote wins (ties: line, block, tokens, json, fpuzzles; no vote at all:
line, whose errors then say what a line should hold); a window whose first content line
opens a JSON object it does not close, and that holds an f-puzzles "grid" of cell objects,
is fpuzzles (an f-puzzles file written with indentation).  N for block streams is the most common row
length in the window; for token streams it is the square root of the first line's count
when that line holds a whole puzzle (all values <= its root), else the first line's count
(rows), else the square root of the first blank-separated group's count.  ``box=`` fixes N.
``detect_notation`` is this detector as a function (the one the command line calls too).

Following the stream's notation (#18 item 11): in a line stream, a line of fewer than 16
cells (a 1x1, 2x2 or 3x3 grid: ``x``, ``-``, ``0``, ``?``) is an error record when the
stream's grids are another size (the first good line of 16 cells or more in the window,
then the last good record, decides); a stream of only such lines reads them as tiny grids,
and ``box=`` asks for them.  A record whose box shape was guessed from its length (6x6:
2x3 rather than 3x2; 8x8, 10x10, 12x12 ...) carries a ``note`` saying so (``box=`` decides).

Limits: a line longer than ``MAX_LINE`` characters (1 MiB; a 64x64 pencil-mark line is
262,144) is one error record "line too long: N characters"; it is read from a file in
pieces that are not kept, so memory stays bounded, and the line numbers after it are right.
Detection keeps one blank line per run and no comment lines in its window, so any number
of blank lines before the first puzzle costs one pass and constant memory.
"""

from __future__ import annotations

import io
import math
import os
from itertools import chain
from typing import Iterator

from ..errors import ParseError
from ..grid import Grid
from ..shape import Shape
from .._value import Value
from ..symbols import WHITESPACE

__all__ = ["Record", "read_records", "iter_puzzles", "open_text", "Notation", "detect_notation",
           "MAX_LINE"]

WINDOW = 64  # lines looked at to detect a stream's format
_ALIASES = {"sdm": "line", "sdk": "block", "ss": "block", "jsonl": "json", "ndjson": "json"}
_STREAM_FORMATS = ("line", "block", "tokens", "json", "fpuzzles", "sudokupad", "solo",
                   "killer")
_STREAM_NAMES = "line, block, tokens, json, fpuzzles, sudokupad, solo, killer"


class Record(Value):
    """One record of a stream: exactly one of grid and error is set.

    index     0-based record number
    line      1-based line where the record starts
    grid      the Grid read, or None
    error     the ParseError, or None
    text      the raw record text (lines joined by '\\n'), for echoing
    comment   text after the puzzle on its line (line format), or None
    note      a warning about the reading: a guess decided (formats.guess_note), or None
    """

    __slots__ = __match_args__ = ("index", "line", "grid", "error", "text", "comment", "note")

    def __init__(self, index: int, line: int, grid: "Grid | None", error: "ParseError | None",
                 text: str, comment: "str | None" = None, note: "str | None" = None):
        _s = _SETTERS
        _s[0](self, index)
        _s[1](self, line)
        _s[2](self, grid)
        _s[3](self, error)
        _s[4](self, text)
        _s[5](self, comment)
        _s[6](self, note)

    @property
    def ok(self) -> bool:
        return self.error is None


# Record() sets its fields through the slot descriptors (the frozen __setattr__ refuses);
# the hot loops build records with _record, which skips the __init__ call too.
_SETTERS = tuple(getattr(Record, name).__set__ for name in
                 ("index", "line", "grid", "error", "text", "comment", "note"))


def _record(index, line, grid, error, text, comment, note=None, _new=object.__new__,
            _s=_SETTERS) -> Record:
    rec = _new(Record)
    _s[0](rec, index)
    _s[1](rec, line)
    _s[2](rec, grid)
    _s[3](rec, error)
    _s[4](rec, text)
    _s[5](rec, comment)
    _s[6](rec, note)
    return rec


MAX_LINE = 1 << 20  # characters: a longer line is one "line too long" error record


class _TooLong(str):
    """Stands for a line longer than MAX_LINE (its text is not kept): readers make it an
    error record.  ``length`` is how long it was (characters, or bytes for a byte source)."""

    length: int = 0


def _too_long(length: int) -> _TooLong:
    marker = _TooLong("\x00")
    marker.length = length
    return marker


def _too_long_error(lineno: int, raw: _TooLong, source) -> ParseError:
    return ParseError(f"line too long: {raw.length} characters (the limit is {MAX_LINE}; "
                      "no puzzle is that long)", line=lineno, column=MAX_LINE + 1, source=source)


def _capped_lines(handle):
    """Yield the lines of a file object, each line longer than MAX_LINE as a _TooLong,
    read in MAX_LINE pieces that are not kept (memory stays bounded, time linear)."""
    readline = handle.readline
    while True:
        line = readline(MAX_LINE + 2)  # the limit, plus room for "\r\n"
        if not line:
            return
        if line[-1:] in ("\n", b"\n") or len(line) <= MAX_LINE:
            yield line  # (_Source measures it again without its newline)
            continue
        length = len(line)
        while line and line[-1:] not in ("\n", b"\n"):
            line = readline(MAX_LINE)
            length += len(line)
        yield _too_long(length - (1 if line[-1:] in ("\n", b"\n") else 0))


class _Source:
    """Numbered lines of any source; remembers a decoding error that ended the source."""

    def __init__(self, source, first_line: int = 1):
        self.source = source
        self.first_line = first_line
        self.failure: "tuple[int, str] | None" = None

    def __iter__(self) -> Iterator[tuple[int, str]]:
        lineno = self.first_line - 1
        source = self.source
        if hasattr(source, "readline") and not isinstance(source, io.StringIO):
            source = _capped_lines(source)  # (a StringIO's lines are in memory already)
        try:
            for lineno, line in enumerate(source, self.first_line):
                if line.__class__ is _TooLong:
                    yield lineno, line
                    continue
                if not isinstance(line, str):
                    line = bytes(line).decode("utf-8", "surrogateescape")
                if len(line) > MAX_LINE and len(line.rstrip("\r\n")) > MAX_LINE:
                    yield lineno, _too_long(len(line.rstrip("\r\n")))
                    continue
                if lineno == 1 and line.startswith("\ufeff"):
                    line = line[1:]
                yield lineno, line.rstrip("\r\n")
        except UnicodeDecodeError as exc:
            self.failure = (lineno + 1, f"undecodable bytes ({exc.reason}); the rest of the "
                                        "input is lost -- open files with open_text")


def _lines_of(source):
    """Return an iterable of lines: str and bytes are whole texts, paths are opened elsewhere."""
    if isinstance(source, str):
        return io.StringIO(source, newline=None)
    if isinstance(source, (bytes, bytearray)):
        return io.StringIO(bytes(source).decode("utf-8-sig", "surrogateescape"), newline=None)
    return source


def read_records(source, *, format: "str | None" = None, box=None, alphabet=None,
                 source_name: "str | None" = None, _first_line: int = 1,
                 _hint=None) -> Iterator[Record]:
    """Yield a Record per puzzle of source (lines, a file, a str/bytes text, or a Path).

    (Private: ``_first_line`` numbers the source's first line, for a block of a bigger
    input; ``_hint`` is the shape of the input's first good line record, which words the
    errors of line records before the block's first good one.)
    """
    from .. import formats as f

    shape = f._as_shape(box)  # a bad box is the caller's error: raise it now
    name = _ALIASES.get(format, format) if format else None
    if name is not None and name not in _STREAM_FORMATS:
        raise ValueError(f"cannot stream format {format!r}: choose one of {_STREAM_NAMES}")
    return _read(source, name, shape, box, alphabet, source_name, _first_line, _hint)


def _read(source, name, shape, box, alphabet, source_name, first_line=1, hint=None):
    if isinstance(source, os.PathLike):
        with open_text(source) as handle:
            yield from _read(handle, name, shape, box, alphabet, source_name or os.fspath(source),
                             first_line, hint)
        return
    src = _Source(_lines_of(source), first_line)
    numbered: Iterator[tuple[int, str]] = iter(src)
    index = 0
    window = None
    size = shape.size if shape is not None else None
    if name is None or (name in ("block", "tokens") and size is None):
        window, numbered = _peek(numbered)
        notation = _notation(window, name, shape, box, alphabet)
        name, size = notation.format, notation.size
        hint = notation.hint if name == "line" else hint
    if name == "line":
        records = _line_records(numbered, box, alphabet, source_name, hint)
    elif name == "block":
        records = _block_records(numbered, size, shape, alphabet, source_name)
    elif name == "tokens":
        records = _token_records(numbered, size, shape, alphabet, source_name)
    elif name == "fpuzzles":
        records = _fpuzzles_records(numbered, source_name)
    elif name in ("sudokupad", "solo", "killer"):
        records = _one_line_records(numbered, source_name, name)
    else:
        records = _json_records(numbered, box, alphabet, source_name)
    for rec in records:
        index = rec.index + 1
        yield rec
    if src.failure is not None:
        lineno, why = src.failure
        yield Record(index, lineno, None, ParseError(why, line=lineno, column=1, source=source_name),
                     "", None)


def _peek(numbered: Iterator[tuple[int, str]]):
    """Return (the window: lines up to the WINDOW-th content line, an iterator over every line).

    The window keeps what the readers need of the lines it passes and no more: one blank
    line of each run of blank lines, no '#' comment lines (every reader skips them), so
    a million leading blank lines cost constant memory and one pass.
    """
    window = []
    content = 0
    blank = False
    for item in numbered:
        line = item[1]
        if line.__class__ is _TooLong:
            window.append(item)
            blank = False
            continue
        s = line.strip()
        if not s:
            if not blank:
                window.append(item)
            blank = True
            continue
        blank = False
        if s[0] == "#":
            continue
        window.append(item)
        content += 1
        if content >= WINDOW:
            break
    return window, chain(window, numbered)


# --- detection --------------------------------------------------------------------------


class Notation(Value):
    """How a stream reads: what detect_notation found.

    format    'line', 'block', 'tokens', 'json' (or 'pencilmarks', if asked)
    size      N of block and token streams (None: unknown, the reader learns it)
    hint      line streams: the shape of the first good line of 16 cells or more (it words
              length errors and turns away 1x1 strays), else None
    """

    __slots__ = __match_args__ = ("format", "size", "hint")

    def __init__(self, format: str, size: "int | None", hint: "Shape | None"):
        object.__setattr__(self, "format", format)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "hint", hint)


def detect_notation(lines, *, format: "str | None" = None, box=None, alphabet=None,
                    pencilmarks: bool = False) -> Notation:
    """Return the Notation of a stream from its first lines: THE format detector.

    ``read_records`` uses it, and so should every caller that must read a stream the way
    read_records would (the command line, a block of a bigger input).  Contract:

    - lines: any iterable of str lines (newlines optional, a BOM on the first is dropped);
      it consumes lines up to the WINDOW-th (64th) content line (not blank, not '#'), in
      one pass and constant memory whatever the number of blank or comment lines before it
      (pass an iterator and chain what it consumed back if you still need those lines);
    - format: None or 'auto' detects (rules in the module docstring); a named format
      (aliases sdm, sdk, ss, jsonl accepted) is kept and only its size is looked for;
    - box: fixes N (and the shape of line records); alphabet: the one reading lines;
    - pencilmarks=True: a first content line of N*N*N positional pencil marks gives
      Notation('pencilmarks', N, None) (read_records does not stream pencil marks, the
      command line reads them line by line);
    - never raises for bad text (a bad box is the caller's ShapeError/ValueError).
    """
    from .. import formats as f

    shape = f._as_shape(box)
    name = None if format in (None, "auto") else _ALIASES.get(format, format)
    if name is not None and name not in _STREAM_FORMATS + ("pencilmarks",):
        raise ValueError(f"cannot stream format {format!r}: choose one of {_STREAM_NAMES}")
    if name in ("line", "json", "pencilmarks", "fpuzzles", "sudokupad", "solo", "killer") \
            or (name is not None and shape is not None):
        return Notation(name, shape.size if shape is not None else None, None)
    window, _ = _peek(_numbered_strs(lines))
    return _notation(window, name, shape, box, alphabet, pencilmarks)


def _numbered_strs(lines) -> Iterator[tuple[int, str]]:
    for lineno, line in enumerate(lines, 1):
        if lineno == 1 and line.startswith("\ufeff"):
            line = line[1:]
        yield lineno, line.rstrip("\r\n")


def _notation(window, name, shape, box, alphabet, pencilmarks: bool = False) -> Notation:
    """The Notation of a peeked window (name: a format already chosen, or None)."""
    from .. import formats as f

    if name is None and pencilmarks:
        first = next((ln.strip() for _, ln in window if ln.__class__ is not _TooLong
                      and ln.strip() and not ln.strip().startswith("#")), "")
        if first and f.detect_format(first, box=box) == "pencilmarks":
            field = f._SEP.split(first, 1)[0]
            return Notation("pencilmarks", round(len(field) ** (1 / 3)), None)
    found, n = _detect(window, shape)
    if name is None:
        name, size = found, n
    else:
        size = shape.size if shape is not None else (n if name == found else _detect_size(window, name))
    hint = _line_hint(window, box, alphabet) if name == "line" else None
    return Notation(name, size, hint)


def _vote(s: str, shape) -> "str | None":
    from .. import formats as f

    if s[0] == "{" or (s[0] == "[" and not f._SECTION.match(s)):
        return "json"
    if "f-puzzles.com" in s.lower() and "load=" in s:
        return "fpuzzles"
    one = f._one_line_variant(s)
    if one is not None:
        return one
    if f._SECTION.match(s):
        return None
    if "|" in s or "+" in s or set(s) <= f._SEPLINE_CHARS:
        return "block"
    m = f._SEP.search(s)
    field = s[:m.start()] if m else s
    if (len(field) == shape.ncells) if shape is not None else (len(field) in f._LINE_SIZES
                                                               and len(field) >= 16):
        try:
            f.parse_line(field, box=shape)
            return "line"
        except (ParseError, ValueError):
            pass
    if len(s.split()) > 1:
        return "tokens"
    if (len(field) == shape.size) if shape is not None else 4 <= len(field) <= 64:
        return "block"
    return None


def _detect(window: list[tuple[int, str]], shape) -> tuple[str, "int | None"]:
    lines = [line for _, line in window if line.__class__ is not _TooLong]
    if next((s for s in map(str.strip, lines) if s and s[0] != "#"), "")[:1] == "{":
        from ._fpuzzles import spread_fpuzzles  # (JSON: imported where JSON is met)
        if spread_fpuzzles(lines):
            return "fpuzzles", None
    votes: dict[str, int] = {}
    for _, line in window:
        s = line.strip()
        if s and not s.startswith("#"):
            v = _vote(s, shape)
            if v:
                votes[v] = votes.get(v, 0) + 1
    order = ("line", "block", "tokens", "json", "fpuzzles", "sudokupad", "solo", "killer")
    name = max(order, key=lambda k: (votes.get(k, 0), -order.index(k))) if votes else "line"
    return name, (shape.size if shape is not None else _detect_size(window, name))


def _detect_size(window: list[tuple[int, str]], name: str) -> "int | None":
    from .. import formats as f

    if name == "block":
        sizes = [len(line.translate(f._CELL_DROP)) for _, line in window
                 if line.__class__ is not _TooLong and line.strip()
                 and not f._is_comment(line.strip())
                 and not set(line) <= f._SEPLINE_CHARS]
        sizes = [k for k in sizes if 1 <= k <= 64]
        return max(dict.fromkeys(sizes), key=sizes.count) if sizes else None
    if name != "tokens":
        return None
    group: list[list[str]] = []
    ended = False
    for _, line in window:
        s = line.strip()
        if not s:
            if group:
                ended = True
                break
            continue
        if s.startswith("#"):
            continue
        toks = [t for _, t in f._line_tokens(line)]
        if toks:
            group.append(toks)
    if not group:
        return None
    first = group[0]
    k = len(first)
    root = math.isqrt(k)
    if root >= 4 and root * root == k and root in f._LINE_SIZES.values():
        nums = [int(t) for t in first if t.isascii() and t.isdigit()]
        if not nums or max(nums) <= root:
            return root  # one puzzle per line
    if 2 <= k <= 64 and k in f._LINE_SIZES.values():
        return k  # rows of N tokens
    total = sum(len(g) for g in group)
    if ended or len(window) < WINDOW:
        return f._LINE_SIZES.get(total)
    return None


# --- the readers --------------------------------------------------------------------------


def _line_hint(window, box, alphabet):
    """Return the shape of the first good line of 16 cells or more in the detection window
    (of the first good line when there is none; None if no line is good)."""
    from .. import formats as f

    first = None
    for _, line in window or ():
        s = line.strip(WHITESPACE)
        if s and not s.startswith("#"):
            try:
                shape = f._parse_line(s, box, alphabet)[0].shape
            except (ParseError, ValueError):
                continue
            if shape.ncells >= 16:
                return shape
            first = first or shape
    return first


def _line_records(numbered, box, alphabet, source, hint=None) -> Iterator[Record]:
    from .. import formats as f

    plans = f._PLANS
    slow = f._parse_line
    planned = f._read_planned
    note_of = f.guess_note if box is None else (lambda shape: None)
    trusted = Grid._trusted
    try:
        hash(box), hash(alphabet)
        hashable = True
    except TypeError:
        hashable = False
    record = _record
    index = 0  # hint: the shape of the last good record, to word length errors
    for lineno, raw in numbered:
        if raw.__class__ is _TooLong:
            yield record(index, lineno, None, _too_long_error(lineno, raw, source), "", None)
            index += 1
            continue
        s = raw.strip(WHITESPACE)
        if not s or s[0] == "#":
            continue
        plan = plans.get((len(s), box, alphabet)) if hashable else None
        if plan is not None and not (len(s) < 16 and f._off_notation(len(s), hint)):
            b = planned(s, plan)
            if b is not None:
                yield record(index, lineno, trusted(tuple(b), plan[0]), None, raw, None,
                             note_of(plan[0]))
                index += 1
                hint = plan[0]
                continue
        try:
            grid, comment = slow(raw, box, alphabet, hint)
        except ParseError as exc:
            yield record(index, lineno, None, exc.shifted(line=lineno - 1, source=source), raw, None)
        else:
            hint = grid.shape
            yield record(index, lineno, grid, None, raw, comment, note_of(grid.shape))
        index += 1


def _error(exc: ParseError, source) -> ParseError:
    return exc.shifted(line=0, source=source) if source else exc


def _block_records(numbered, size, shape, alphabet, source) -> Iterator[Record]:
    from .. import formats as f
    from ..shape import Shape

    cell_drop, is_sepline, is_comment = f._CELL_DROP, f._is_sepline, f._is_comment
    index = 0
    pending: list[tuple[int, str]] = []
    rows = 0

    def emit(end_line: int) -> Record:
        rec_shape = shape
        if rec_shape is None and size is not None:
            try:
                rec_shape = Shape.for_size(size)
            except ValueError:
                rec_shape = None
        text = "\n".join(line for _, line in pending)
        try:
            grid = f._block_grid(pending, rec_shape, alphabet, end_line)
        except ParseError as exc:
            return _record(index, pending[0][0], None, _error(exc, source), text, None)
        return _record(index, pending[0][0], grid, None, text, None)

    for lineno, raw in numbered:
        if raw.__class__ is _TooLong:  # an error record of its own; a block around it is cut
            if rows:
                yield emit(lineno)
                index += 1
            pending, rows = [], 0
            yield _record(index, lineno, None, _too_long_error(lineno, raw, source), "", None)
            index += 1
            continue
        line = raw.rstrip()
        s = line.lstrip()
        if not s:
            if rows:
                yield emit(lineno)
                index += 1
            pending, rows = [], 0  # a group of separator lines alone is dropped
            continue
        if is_comment(s):
            continue
        cells = line.translate(cell_drop)
        definite = not set(line) <= f._SEPLINE_CHARS
        if size is None and definite:
            size = len(cells)
        if rows == 0 and definite and len(cells) != size:
            # a count, a title or a damaged first row: its own error record, so that the
            # blocks after it keep their alignment
            pending.append((lineno, line))
            yield _record(index, lineno, None, _error(ParseError(
                f"a line of {len(cells)} cells cannot start a block of {size} rows of {size} cells",
                line=lineno, column=f._cell_column(line, min(len(cells), size)),
                char=cells[size] if len(cells) > size else None), source), line, None)
            index += 1
            pending = []
            continue
        pending.append((lineno, line))
        if is_sepline(line, cells, size):
            continue
        rows += 1
        if rows == size:
            yield emit(lineno + 1)
            index += 1
            pending, rows = [], 0
    if rows:
        yield emit(pending[-1][0] + 1)


def _token_records(numbered, size, shape, alphabet, source) -> Iterator[Record]:
    from .. import formats as f
    from ..shape import Shape

    rec_shape = shape
    if rec_shape is None and size is not None:
        try:
            rec_shape = Shape.for_size(size)
        except ValueError:
            rec_shape = None
    need = size * size if size else None
    count_tokens = f._line_token_count
    index = 0
    found = 0                                # tokens in the current record
    lines: list[tuple[int, str, int]] = []   # (line number, line, token count)
    mode = ""                                # 'rows', 'line' or 'free'

    def emit(end: tuple[int, int]) -> Record:
        text = "\n".join(line for _, line, _ in lines)
        start = lines[0][0]
        try:
            if mode == "rows":
                for lineno, line, got in lines:
                    if got != size:
                        toks = f._line_tokens(line)
                        col, ch = (toks[size][0], toks[size][1][0]) if got > size else (len(line) + 1, None)
                        raise ParseError(f"row has {got} tokens, expected {size}",
                                         line=lineno, column=col, char=ch)
            grid = f._tokens_from_lines([(n, ln) for n, ln, _ in lines], rec_shape, alphabet, end)
        except ParseError as exc:
            return _record(index, start, None, _error(exc, source), text, None)
        return _record(index, start, grid, None, text, None)

    for lineno, raw in numbered:
        if raw.__class__ is _TooLong:  # an error record of its own; a record around it is cut
            if lines:
                yield emit((lines[-1][0], len(lines[-1][1]) + 1))
                index += 1
                found, lines = 0, []
            yield _record(index, lineno, None, _too_long_error(lineno, raw, source), "", None)
            index += 1
            continue
        line = raw.rstrip()
        s = line.lstrip()
        if not s:
            if lines:
                yield emit((lines[-1][0], len(lines[-1][1]) + 1))
                index += 1
                found, lines = 0, []
            continue
        if s[0] == "#":
            continue
        k = count_tokens(line)
        if not k:
            continue  # a separator line
        if not lines:
            mode = "rows" if k == size else ("line" if need and k > size else "free")
        lines.append((lineno, line, k))
        found += k
        if (mode == "rows" and len(lines) == size) or mode == "line" or \
                (mode == "free" and need is not None and found >= need):
            yield emit((lineno, len(line) + 1))
            index += 1
            found, lines = 0, []
    if lines:
        yield emit((lines[-1][0], len(lines[-1][1]) + 1))


def _fpuzzles_records(numbered, source) -> Iterator[Record]:
    from ._fpuzzles import read_stream

    def cut(lineno: int, raw: str):
        return _too_long_error(lineno, raw, source) if raw.__class__ is _TooLong else None

    for index, (line, grid, error, text) in enumerate(read_stream(numbered, source, cut)):
        yield _record(index, line, grid, error, text, None)


def _one_line_records(numbered, source, name: str) -> Iterator[Record]:
    """One SudokuPad link/id, Solo game id or killer line per line (blank and '#' lines
    skipped)."""
    from .. import formats as f

    parse = f._ONE_LINE_PARSERS[name]
    index = 0
    for lineno, raw in numbered:
        if raw.__class__ is _TooLong:
            yield _record(index, lineno, None, _too_long_error(lineno, raw, source), "", None)
            index += 1
            continue
        s = raw.strip()
        if not s or s[0] == "#":
            continue
        try:
            grid = parse(s)
        except ParseError as exc:
            column = None if exc.column is None else exc.column + len(raw) - len(raw.lstrip())
            yield _record(index, lineno, None, ParseError(exc.reason, line=lineno, column=column,
                                                          char=exc.char, source=source), raw, None)
        else:
            yield _record(index, lineno, grid, None, raw, None)
        index += 1


def _json_records(numbered, box, alphabet, source) -> Iterator[Record]:
    from .. import formats as f

    index = 0
    for lineno, raw in numbered:
        if raw.__class__ is _TooLong:
            yield _record(index, lineno, None, _too_long_error(lineno, raw, source), "", None)
            index += 1
            continue
        s = raw.strip()
        if not s or s[0] == "#":
            continue
        try:
            grid = f.parse_json(s, box=box, alphabet=alphabet)
        except ParseError as exc:
            err = exc.shifted(line=lineno - 1, source=source)
            if err.line is None:
                err = ParseError(exc.reason, line=lineno, column=exc.column, char=exc.char, source=source)
            yield _record(index, lineno, None, err, raw, None)
        else:
            yield _record(index, lineno, grid, None, raw, None)
        index += 1


# --- conveniences -------------------------------------------------------------------------


def iter_puzzles(path_or_lines, **options) -> Iterator[Grid]:
    """Yield the grids of a path ('-' = stdin) or an iterable of lines; raise the first ParseError."""
    if isinstance(path_or_lines, (str, os.PathLike)):
        name = os.fspath(path_or_lines)
        options.setdefault("source_name", "<stdin>" if name == "-" else name)
        with open_text(path_or_lines) as handle:
            yield from iter_puzzles(handle, **options)
        return
    for rec in read_records(path_or_lines, **options):
        if rec.error is not None:
            raise rec.error
        yield rec.grid


from ._open import open_text  # noqa: E402 (iter_puzzles opens paths)
