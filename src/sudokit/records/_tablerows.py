"""Dataset tables in ``sudokit solve|check|count``: CSV/TSV, JSON Lines, NPY, Parquet, Arrow.

The puzzle of each row is one column (``--col NAME|INDEX``; by default the first column
named puzzle, puzzles, quizzes, quiz, sudoku, question or problem).  Each row is answered
like a line of a line file, by the same code (sudokit.records and its 9x9 fast path, through
``work_rows``), and the answer is added to the row:

    solve   columns  solution, status   (status: solved, illegal, impossible, ambiguous,
                                         limit or error; solution empty unless solved)
    check   column   verdict            (unique, ambiguous, impossible, illegal, limit, error)
    count   column   count              (N, N+ at --limit, limit, error)

    input           output (stdout or -o FILE)
    CSV, TSV        the same table, every input field kept as it was (text: a 0-blank
                    puzzle keeps its leading zeros), the columns above appended
    JSON Lines      each object with the keys above added
    NPY             line output (as for a line file); ``-o X.npy`` (solve): the solutions,
                    same shape as the input, a row of zeros where there is none
    Parquet, Arrow  line output; ``-o X.parquet`` / ``X.arrow``: the input columns plus the
                    columns above

CSV and JSON Lines are cut in blocks of lines and answered in the workers (--jobs), like
line files.  NPY, Parquet and Arrow files are read here, a block of rows at a time
(memory-mapped or batch by batch), and their rows sent to the workers as ``Rows``: NPY
rows as bytes of cell values (to the batch kernel as they are), the others as the puzzle
column's strings (each parsed once; CSV/JSONL rows likewise, in the worker).
Rows are never dropped: a row that cannot be read gets the status ``error`` with its
reason on stderr and in ``--errors``.  A CSV/TSV row shorter than its header is padded with
empty fields; a longer one is an ``error`` row (its answers would stand under no name).  A
quoted CSV field may hold newlines, as the csv module reads it: the row keeps the number of
its first line, and blocks are cut only outside quoted fields (pipeline.read_blocks(quote=)).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import deque
from typing import Iterator

from ..errors import ParseError

__all__ = ["ADDED", "TYPED", "typed", "text_layout", "work_text_rows", "binary_blocks",
           "result_fields"]

# (which inputs are tables, by -f or by extension: cli._common.table_kind, so that a run on
# text records never imports this module)
ADDED = {"solve": ("solution", "status"), "check": ("verdict",), "count": ("count",),
         "rate": ("er", "ep", "ed", "status"),
         "rate+hodoku": ("er", "ep", "ed", "status", "level", "score"),
         "hint": ("status", "technique", "hint"),
         "explain": ("status", "steps", "hardest", "path")}
# the commands whose rows are answered as JSON lines (LOGIC: one object per record) and
# split into the added columns here (result_fields)
LOGIC = ("hint", "explain")
# added columns written as numbers where the output has types (JSON Lines, Parquet, Arrow);
# an empty field (no rating for the status) is null there
TYPED = {"er": float, "ep": float, "ed": float, "score": int}
PUZZLE_NAMES = ("puzzle", "puzzles", "quizzes", "quiz", "sudoku", "question", "problem")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_PUZZLE_CELLS = {k ** 2 for k in range(1, 65)}  # ncells of every grid size (N*N)


class TableUsageError(ValueError):
    """A table that cannot be processed as asked (wrong column, numeric column ...)."""


def inner_output(command: str) -> "str | None":
    """The output (--to) a table's rows are answered in: JSON for hint and explain (one
    object per record, split by result_fields), else the command's line output (None)."""
    return "json" if command in LOGIC else None


def result_fields(command: str, line: str) -> list[str]:
    """Split one line of line-mode output into the added columns of command."""
    if command in LOGIC:
        return _logic_fields(command, json.loads(line))
    if command.startswith("rate"):  # rate's table form: TAB-separated, '-' for none
        return ["" if f == "-" else f for f in line.split("\t")]
    if command == "solve":
        if "\t" in line:
            return ["", line.rsplit("\t", 1)[1]]
        return [line, "solved"]
    return [line.rsplit("\t", 1)[1] if "\t" in line else line]


def _logic_fields(command: str, obj: dict) -> list[str]:
    """hint: status, technique id, the step's text (with --all every step's, joined by
    ' / '; otherwise the reason of the status); explain: status, the number of steps, the
    hardest step's technique id, the steps ('Name: text', joined by ' / ')."""
    status = obj.get("status", "error")
    problems = obj.get("problems") or ()
    why = obj.get("error") or (problems[0].get("message", "") if problems else "")
    if status == "time-limit" and not why:
        why = f"no answer within the time limit ({obj.get('time_limit', 0):g} s)"
    if command == "hint":
        found = obj.get("steps") or ([obj["step"]] if obj.get("step") else [])
        if found:
            return [status, found[0]["technique"], " / ".join(s["text"] for s in found)]
        return [status, "", why]
    found = obj.get("steps") or []
    hardest = None
    for s in found:
        if hardest is None or s["se"] > hardest["se"]:
            hardest = s
    path = " / ".join(f"{s['name']}: {s['text']}" for s in found)
    return [status, str(len(found)), hardest["technique"] if hardest else "",
            path if path or not why else why]


def typed(command: str, name: str, text: str, *, columnar: bool = False):
    """An added field as JSON Lines / Arrow hold it: rate's numbers as numbers, its empty
    fields (nothing for the status) None; explain's step count a number; count's exact
    count a number in JSON Lines (its other answers, ``N+``, ``limit`` and ``error``, stay
    the words; columnar: a Parquet/Arrow column has one type, so there every count is the
    text, as in CSV); everything else the text itself."""
    if command == "explain" and name == "steps":
        return int(text) if text else None
    if command == "count" and name == "count" and not columnar:
        return int(text) if text.isdigit() else text
    if not command.startswith("rate"):
        return text
    if not text:
        return None
    kind = TYPED.get(name)
    return text if kind is None else kind(text)


def _unsafe(text) -> "str | None":
    """Why text cannot stand as one puzzle line (None: it can)."""
    if text is None:
        return "no puzzle (null)"
    if not isinstance(text, str):
        kind = type(text).__name__
        if isinstance(text, (int, float)):
            return (f"the puzzle is a number ({text!r}), not text: a number loses the leading "
                    "zeros of a 0-blank puzzle; store puzzles as strings")
        return f"the puzzle is a {kind}, not a string"
    if not text.strip():
        return "empty puzzle field"
    if "\n" in text or "\r" in text:
        return "a line break inside the puzzle field"
    if text.lstrip().startswith("#"):
        return "the puzzle field starts with '#'"
    return None


# --- CSV / TSV / JSON Lines: layout decided here, rows answered in the workers ------------------


def _plain_row(text: str) -> bool:
    """True for text without a quote, CR, LF or NUL.

    csv.reader splits such a line on the delimiter alone, and csv.writer joins such fields
    with it (nothing to quote), so both skip the csv module there: it cost half the time of
    a row (tests/records/test_csv_rows.py compares the two ways).
    """
    return '"' not in text and "\r" not in text and "\n" not in text and "\x00" not in text


def _split(line: str, delimiter: str) -> "list[str] | None":
    if line and _plain_row(line):
        return line.split(delimiter)
    try:
        rows = list(csv.reader([line], delimiter=delimiter, strict=True))
    except csv.Error:
        return None
    return rows[0] if rows else []


def _looks_like_puzzle(field: str) -> bool:
    from .. import formats
    try:
        formats.parse_line(field.strip())
        return True
    except (ParseError, ValueError):
        return False


def _pick(names: list[str], col, display: str) -> int:
    """Return the index of column col (name, index or None: the default names)."""
    if col is None:
        lowered = [n.strip().lower() for n in names]
        for want in PUZZLE_NAMES:
            if want in lowered:
                return lowered.index(want)
        return 0
    if isinstance(col, str) and col.strip().lstrip("-").isdigit():
        col = int(col)
    if isinstance(col, int):
        if not 0 <= col < len(names):
            raise TableUsageError(f"{display}: --col {col}: the table has {len(names)} "
                                  f"column(s), numbered from 0")
        return col
    if col in names:
        return names.index(col)
    lowered = [n.lower() for n in names]
    if col.lower() in lowered:
        return lowered.index(col.lower())
    raise TableUsageError(f"{display}: no column {col!r}; the columns are "
                          + ", ".join(repr(n) for n in names))


def text_layout(kind: str, lines: list[str], args, display: str, added=()) -> dict:
    """Decide the layout of a CSV/TSV/JSONL input from its first lines.

    Returns {"kind", "delimiter", "header_line" (1-based or None), "header", "col",
    "col_name", "places"}.  places: for each added column (added: the command's, ADDED),
    the index of the header's column of that name, whose values the answers replace (a
    ``solution`` column already there is filled, not written twice), or None: appended.
    JSON Lines rows are objects: a key already there is replaced the same way.  Raises
    TableUsageError for an unknown column, a numeric puzzle column, or a puzzle column
    that bears the name of an added one (its puzzles would be written over).
    """
    col = getattr(args, "col", None)
    content = [(no, t) for no, t in enumerate(lines, 1) if t.strip()]
    if kind == "jsonl":
        key = col
        objects = [obj for obj in map(_json_object, (t for _, t in content[:64]))
                   if obj is not None]
        plain = [obj for obj in objects if not _is_fpuzzles_row(obj)]
        if key is None:
            for obj in plain[:1]:
                lowered = {k.lower(): k for k in obj}
                key = next((lowered[n] for n in PUZZLE_NAMES if n in lowered), None)
                if key is None:
                    key = next(iter(obj), None)
            if key is None and objects and not plain:
                key = "puzzle"  # f-puzzles rows only: they need no puzzle key
        if key is None:
            raise TableUsageError(f"{display}: cannot tell which key holds the puzzle; "
                                  "name it with --col")
        _check_numbers(display, key, [obj.get(key) for obj in plain])
        _refuse_answer_column(display, key, added)
        return {"kind": kind, "delimiter": None, "header_line": None, "header": None,
                "col": key, "col_name": key, "places": [None] * len(added)}
    delimiter = "\t" if kind == "tsv" else ","
    if not content:
        return {"kind": kind, "delimiter": delimiter, "header_line": None, "header": None,
                "col": 0, "col_name": None, "places": [None] * len(added)}
    first_no, first = content[0]
    names = _split(first, delimiter) or [first]
    named = isinstance(col, str) and not col.strip().lstrip("-").isdigit()
    has_header = named or not any(_looks_like_puzzle(f) for f in names)
    if has_header:
        index = _pick(names, col, display)
        name = names[index]
        data = content[1:65]
    else:
        index = _pick([f"column {k}" for k in range(len(names))], col, display)
        name = None
        data = content[:64]
    sample = []
    for _, t in data:
        fields = _split(t, delimiter)
        if fields and index < len(fields):
            sample.append(fields[index])
    _check_numbers(display, name if name is not None else index, sample)
    places = [None] * len(added)
    if has_header:
        _refuse_answer_column(display, name, added)
        places = [names.index(a) if a in names else None for a in added]
    return {"kind": kind, "delimiter": delimiter, "header_line": first_no if has_header else None,
            "header": names if has_header else None, "col": index, "col_name": name,
            "places": places}


def _refuse_answer_column(display: str, col, added) -> None:
    """A puzzle column named as an answer column (``solution`` for solve ...) would have
    its puzzles written over by the answers: TableUsageError."""
    if col in added:
        raise TableUsageError(
            f"{display}: the puzzle column {col!r} has the name of a column this command "
            f"writes ({', '.join(added)}): its puzzles would be written over; rename it")


def _placed(record: list, fields: list, places: list, width: int) -> list:
    """The row's fields with each answer in its place: over the column of the same name
    (places[k]), else appended after the header's width columns (a short row is padded
    with empty fields, so every answer stands under its name)."""
    row = list(record) + [""] * (width - len(record))
    extra = []
    for value, at in zip(fields, places):
        if at is None:
            extra.append(value)
        else:
            row[at] = value
    return row + extra


def _json_object(text: str) -> "dict | None":
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


def _is_fpuzzles_row(obj: dict) -> bool:
    """True for a row that is an f-puzzles object ("size" and "grid" rows of cell objects)."""
    if "size" not in obj or "grid" not in obj:
        return False
    from ..formats._fpuzzles import is_fpuzzles
    return is_fpuzzles(obj)


_JSON_PUZZLE_KEYS = ("puzzle", "grid", "values")  # where formats.parse_json finds the puzzle


def _is_own(obj: dict, col) -> bool:
    """True for a JSON Lines row read whole, with its own rules: a row that carries a
    "geometry" (its puzzle under col, else under a JSON record's key), or an f-puzzles
    object (no puzzle key)."""
    if obj.get("geometry") is not None and (col in obj or any(k in obj for k in
                                                              _JSON_PUZZLE_KEYS)):
        return True
    return col not in obj and _is_fpuzzles_row(obj)


def _own_grid(obj: dict, col, options) -> tuple:
    """(the Grid of a row read whole, None) or (None, why it cannot be read).

    A row with "geometry" reads as a JSON record (formats.parse_json: its "box", "size" and
    "alphabet" too) with the puzzle under col (else where a JSON record has it); an
    f-puzzles row as f-puzzles.
    """
    from ..formats import _fpuzzles, parse_json
    # (under --rules/--regions the row's own geometry is compared, not forced into a box)
    box = options.box if options.geometry is None else None
    try:
        if col not in obj and obj.get("geometry") is None:
            return _fpuzzles.from_object(obj), None
        if col in obj:
            sub = {k: obj[k] for k in ("box", "size", "alphabet", "geometry") if k in obj}
            sub["puzzle"] = obj[col]
        else:
            sub = obj
        return parse_json(json.dumps(sub), box=box, alphabet=options.alphabet), None
    except ParseError as exc:
        return None, exc.reason


def _check_numbers(display: str, col, sample: list) -> None:
    """Reject a column of numbers: it is not a puzzle column (or lost its leading zeros)."""
    values = [v for v in sample if v is not None and not (isinstance(v, str) and not v.strip())]
    if not values:
        return
    numeric = [v for v in values if _is_number(v)]
    if len(numeric) == len(values):
        example = values[0]
        lost = any(_lost_zeros(v) for v in values)
        why = (" -- it looks like puzzles saved as numbers, which lost their leading zeros; "
               "re-export the column as text" if lost else "")
        raise TableUsageError(
            f"{display}: column {col!r} holds numbers (e.g. {example!r}), not puzzles{why}; "
            "choose the puzzle column with --col (puzzle columns are always read as text)")


def _is_number(v) -> bool:
    """True for a number, or a string that reads as a number and is not a digit puzzle."""
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)):
        return True
    if not isinstance(v, str) or not _NUMBER.fullmatch(v.strip()):
        return False
    s = v.strip()
    return not (s.isdigit() and len(s) in _PUZZLE_CELLS and len(s) >= 16)


def _lost_zeros(v) -> bool:
    """A long run of digits a few short of a grid: a 0-blank puzzle stored as a number."""
    s = str(v).strip()
    return s.isdigit() and len(s) >= 12 and len(s) not in _PUZZLE_CELLS and any(
        len(s) + k in _PUZZLE_CELLS for k in range(1, 4))


def work_text_rows(spec: tuple, block):
    """Answer the rows of one block of CSV/TSV/JSONL lines (run in a worker); a _BlockResult."""
    inner, layout, command = spec
    lines = block.data.decode("utf-8", "surrogateescape").split("\n")
    if lines and not lines[-1]:
        lines.pop()
    kind, delimiter = layout["kind"], layout["delimiter"]
    if kind != "jsonl":
        lines = _join_quoted(lines)
    rows: list = []        # per line: None (copied), _MORE, or the row's fields/object
    puzzles: list[str] = []  # per line: its puzzle ("": none), read where it starts ...
    starts: list[int] = []   # ... in the line (error columns count from the line's start)
    bad: dict[int, str] = {}
    grids: dict = {}       # line -> the Grid of a row read whole (its own rules)
    added = ADDED[command]
    places = layout.get("places") or [None] * len(added)
    width = len(layout["header"]) if layout.get("header") else 0  # 0: no header
    for k, raw in enumerate(lines):
        no = block.first_line + k
        if raw is _MORE:  # a line of the quoted field of a row above: written with it
            rows.append(_MORE)
            puzzles.append("")
            starts.append(0)
            continue
        text = raw[:-1] if raw.endswith("\r") else raw
        if no == layout["header_line"] or not text.strip():
            rows.append(None)
            puzzles.append("")
            starts.append(0)
            continue
        puzzle, start, why, record = _row_puzzle(kind, text, delimiter, layout["col"])
        if why is None and not puzzle and kind == "jsonl" and _is_own(record, layout["col"]):
            grid, why = _own_grid(record, layout["col"], inner.options)
            if grid is not None:
                grids[no] = grid  # (its puzzle stays "": no line for the line reader)
        if why is None and width and len(record) > width and None in places:
            # (an answer appended after the header's columns would stand under none)
            why = (f"the row has {len(record)} fields, the header {width}: its answers "
                   "would not stand under their columns")
        if why is not None:
            bad[no] = why
            puzzle, start = "0", 0
        rows.append(record)
        puzzles.append(puzzle)
        starts.append(start)
    result = work_rows(inner, Rows(block.seq, block.first_line, puzzles=puzzles,
                                   starts=starts, bad=bad, grids=grids or None))
    answers = iter(result.text.split("\n"))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n") if kind != "jsonl" else None
    in_place = any(at is not None for at in places)
    done = 0
    for k, (raw, record) in enumerate(zip(lines, rows)):
        if record is _MORE:
            continue
        no = block.first_line + k
        text = raw[:-1] if raw.endswith("\r") else raw
        if record is None:
            if no == layout["header_line"] and writer is not None:
                writer.writerow(list(layout["header"])
                                + [a for a, at in zip(added, places) if at is None])
            else:
                out.write(text + "\n")
            continue
        if done == result.records:
            break  # cut short by Ctrl-C: only the answered rows
        fields = result_fields(command, next(answers))
        done += 1
        if len(record) < width:  # a short row: padded, so its answers stand under their names
            record = list(record) + [""] * (width - len(record))
        if writer is not None and in_place:
            writer.writerow(_placed(record, fields, places, len(layout["header"])))
        elif writer is not None:
            added_text = delimiter.join(fields)
            if (_plain_row(text) and _plain_row(added_text)
                    and added_text.count(delimiter) == len(fields) - 1):
                # the row's fields were split on the delimiter alone: nothing to quote
                out.write(delimiter.join(record) + delimiter + added_text + "\n")
            else:
                writer.writerow(list(record) + fields)
        else:
            obj = record if isinstance(record, dict) else {"text": record}
            for name, value in zip(added, fields):
                obj[name] = typed(command, name, value)
            out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    result.text = out.getvalue()
    return result


_MORE = object()  # stands for a line that continues the quoted field of the row above


def _join_quoted(lines: list[str]) -> list:
    """The lines with each row whose quoted field holds newlines joined into its first line
    (the lines it took stand as _MORE, so line numbers stay right), as csv.reader reads
    them.  A row left open at the end of the block stays as it is (an unbalanced row)."""
    if not any('"' in t for t in lines):
        return lines
    out: list = []
    k = 0
    while k < len(lines):
        text = lines[k]
        odd = text.count('"') & 1
        end = k + 1
        while odd and end < len(lines):
            odd ^= lines[end].count('"') & 1
            end += 1
        if odd or end == k + 1:
            out.append(text)
            k += 1
            continue
        out.append("\n".join(lines[k:end]))
        out.extend([_MORE] * (end - k - 1))
        k = end
    return out


def _row_puzzle(kind: str, text: str, delimiter, col):
    """Return (puzzle, its column in the line, reason it is bad or None, the row record)."""
    if kind == "jsonl":
        try:
            obj = json.loads(text)
        except RecursionError:
            return "", 0, "not a JSON object (nested too deep)", text
        except ValueError as exc:
            return "", 0, f"not a JSON object ({exc})", text
        if not isinstance(obj, dict):
            return "", 0, "not a JSON object", text
        if _is_own(obj, col):
            return "", 0, None, obj  # (read whole: _own_grid)
        if col not in obj:
            return "", 0, f"no key {col!r}", obj
        value = obj[col]
        why = _unsafe(value)
        if why is not None:
            return "", 0, why, obj
        m = re.search(r'"%s"\s*:\s*"' % re.escape(col), text)
        return value, (m.end() if m and value.isascii() else 0), None, obj
    fields = _split(text, delimiter)
    if fields is None:
        return "", 0, "not a CSV row (unbalanced quotes?)", [text]
    if col >= len(fields):
        return "", 0, f"the row has {len(fields)} field(s), no column {col}", fields
    value = fields[col]
    why = _unsafe(value)
    if why is not None:
        return "", 0, why, fields
    start = 0
    if '"' not in text:
        start = sum(len(f) + 1 for f in fields[:col])
    return value, start, None, fields


# --- NPY, Parquet, Arrow: rows read here, answered in the workers ----------------------------


def binary_blocks(source, kind: str, pending: dict) -> Iterator:
    """Yield the Rows of an NpySource (values) or an ArrowSource (puzzle strings).

    pending[seq] keeps what the output needs of each block (the Arrow batch), until written.
    """
    seq = 0
    if kind == "npy":
        for start, values, bad in source.blocks():
            reasons = {row + 1: why for row, why in bad.items()}
            pending[seq] = None
            yield Rows(seq, start + 1, values=values, shape=source.shape, bad=reasons or None)
            seq += 1
        return
    for start, puzzles, batch in source.blocks():
        reasons = {}
        for k, p in enumerate(puzzles):
            why = _unsafe(p)
            if why is not None:
                reasons[start + k + 1] = why
                puzzles[k] = "0"  # a stand-in: the record becomes an error with the reason
        pending[seq] = batch
        yield Rows(seq, start + 1, puzzles=puzzles, bad=reasons or None)
        seq += 1


# --- table rows: the unit of work of tables ------------------------------------------------
#
# A block of table rows reaches the answering code (sudokit.records, the 9x9 fast path of
# sudokit.records._fastpath) as values -- NPY: bytes of cell values, N*N per puzzle, straight to the
# batch kernel -- or as the column's strings, one per row, each parsed once where it is
# answered.  No block of puzzle text is built, encoded, decoded and split on the way.


class Rows:
    """A block of table rows: row k of the block is line ``first_line + k`` in messages.

    values   NPY: bytes of ``shape.ncells`` cell values per row (0 = empty), already checked
             in range (rows named in bad hold zeros), or None
    puzzles  else: one string per line ("" where a line holds no puzzle: a header, a blank,
             the rest of a quoted field), and ``starts``: where each puzzle starts in its line
             (error columns are counted from the line's start), None for all zero
    bad      {line: reason} of the rows that are error records whatever they hold
    grids    {line: Grid} of the rows read whole, with their own rules (JSON Lines rows
             with a "geometry", f-puzzles rows; their puzzle is ""), or None: they take
             the record path, never the 9x9 fast path
    """

    __slots__ = ("seq", "first_line", "values", "shape", "puzzles", "starts", "bad", "grids")

    def __init__(self, seq: int, first_line: int, *, values=None, shape=None, puzzles=None,
                 starts=None, bad=None, grids=None):
        self.seq, self.first_line, self.bad = seq, first_line, bad
        self.values, self.shape = values, shape
        self.puzzles, self.starts = puzzles, starts
        self.grids = grids

    def __reduce__(self):
        return (_rows, (self.seq, self.first_line, self.values, self.shape, self.puzzles,
                        self.starts, self.bad, self.grids))

    def __len__(self) -> int:
        if self.values is not None:
            return len(self.values) // self.shape.ncells
        return len(self.puzzles)

    def lines(self) -> list[str]:
        """The rows' puzzles as line text (NPY values spelled '.' and 1-9A-Z ...)."""
        if self.values is None:
            return list(self.puzzles)
        from .batch import format_lines
        text = format_lines(self.values, self.shape.size, blank=".") if self.values else b""
        return bytes(text).decode("ascii").split("\n")[:-1]


def _rows(seq, first_line, values, shape, puzzles, starts, bad, grids=None) -> Rows:
    return Rows(seq, first_line, values=values, shape=shape, puzzles=puzzles, starts=starts,
                bad=bad, grids=grids)


def work_rows(spec, rows: Rows):
    """Answer a block of table rows (run in a worker): a records.BlockResult, the same as
    the one of the rows' puzzles written as lines (records.work_block) would be."""
    from . import _fastpath
    from ._commands import work_unit

    def answer(command, src) -> bool:
        fast = _fastpath.mode(command, src)
        if rows.values is not None:
            return _answer_values(command, src, rows, fast)
        return _answer_strings(command, src, rows, fast)

    return work_unit(spec, rows.first_line, answer)


def _answer_values(command, src, rows: Rows, fast) -> bool:
    """Answer NPY rows from their values: the fast path's batch call on the value bytes as
    they are, or Records built on them (no parsing); True if stopped early."""
    from . import _fastpath
    from .. import formats
    from ..grid import Grid
    from ._commands import _WORK_CHUNK, answer_chunks
    values, shape, first, bad = rows.values, rows.shape, rows.first_line, rows.bad or {}
    nc = shape.ncells
    n = len(values) // nc
    lines = None

    def text_of(k: int) -> str:
        nonlocal lines
        if fast is not None:  # (9x9: spelled here, one row at a time)
            return values[nc * k:nc * k + nc].translate(_fastpath._SPELL9).decode("ascii")
        if lines is None:
            lines = rows.lines()
        return lines[k]

    def records(k: int, end: int):
        chunk = []
        trusted = Grid._trusted
        for j in range(k, end):
            line = first + j
            if line in bad:
                error = ParseError(bad[line], line=line, source=src.display)
                chunk.append(formats.Record(j, line, None, error, text_of(j), None))
            else:
                grid = trusted(tuple(values[nc * j:nc * j + nc]), shape)
                chunk.append(formats.Record(j, line, grid, None, text_of(j), None))
            if len(chunk) == _WORK_CHUNK:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    if fast is not None and nc == 81:
        def plain_of(start: int, stop: int):
            if not bad:
                return range(start, stop), values[nc * start:nc * stop]
            plain = [k for k in range(start, stop) if first + k not in bad]
            return plain, b"".join([values[nc * k:nc * k + nc] for k in plain])

        def record_path(k: int, end: int, known: dict) -> None:
            for chunk in records(k, end):
                command.handle(src, chunk, known)

        return _fastpath.answer_rows(command, fast, n, first, plain_of, text_of, record_path)
    return answer_chunks(command, src, records(0, n))


def _answer_strings(command, src, rows: Rows, fast) -> bool:
    """Answer rows of puzzle strings, each parsed once (the line reader, or the fast path's
    byte table for plain 9x9 ones); True if stopped early."""
    from . import _fastpath
    from .. import formats
    from ._commands import answer_chunks, record_chunks
    from ..symbols import DEFAULT
    puzzles, first, bad = rows.puzzles, rows.first_line, rows.bad or {}
    starts = rows.starts
    if first == 1 and starts and starts[0] and puzzles[0].startswith("\ufeff"):
        # (the reader drops a BOM that starts line 1; this one is inside the line)
        puzzles, starts = [" " + puzzles[0]] + puzzles[1:], [starts[0] - 1] + starts[1:]

    own = rows.grids or {}

    def chunks(k: int, end: int):
        src.handle, src.first_line = puzzles[k:end], first + k
        mine = deque(line for line in range(first + k, first + end) if line in own) \
            if own else ()
        for chunk in record_chunks(src, bad):
            chunk = _shifted(chunk, starts, first) if starts else chunk
            if mine and chunk and mine[0] < chunk[-1].line:
                chunk = _merged(chunk, mine, own)
            yield chunk
        if mine:
            yield _merged([], mine, own)

    if fast is not None:
        read = formats._byte_table(DEFAULT, 9)
        # a puzzle that does not start its line is not plain: it takes the record path,
        # with its neighbours, as it did when it was read in its line (the reader's hint,
        # the shape of the row above, words and decides short rows)
        raw = [p.encode("utf-8", "surrogateescape") if not (starts and starts[k]) else b""
               for k, p in enumerate(puzzles)]

        def plain_of(start: int, stop: int):
            return _fastpath._plain9(raw, start, stop, read, bad, first)

        def record_path(k: int, end: int, known: dict) -> None:
            for chunk in chunks(k, end):
                command.handle(src, chunk, known)

        return _fastpath.answer_rows(command, fast, len(puzzles), first, plain_of,
                                     puzzles.__getitem__, record_path)
    return answer_chunks(command, src, chunks(0, len(puzzles)))


def _merged(chunk: list, mine: deque, own: dict) -> list:
    """The chunk with the records of the rows read whole (own: line -> Grid) whose lines
    (mine, ascending; consumed here) come before the chunk's last record (all of them for
    an empty chunk), in line order."""
    from .. import formats
    out = []
    for rec in chunk:
        while mine and mine[0] < rec.line:
            line = mine.popleft()
            out.append(formats.Record(0, line, own[line], None, "", None))
        out.append(rec)
    if not chunk:
        out.extend(formats.Record(0, line, own[line], None, "", None) for line in mine)
        mine.clear()
    return out


def _shifted(chunk: list, starts: list[int], first: int) -> list:
    """The chunk with each error's column counted from its line's start (starts[k]: where
    the puzzle of line first + k starts), as if the puzzle had been read in its line."""
    from .. import formats
    out = []
    for rec in chunk:
        err = rec.error
        start = starts[rec.line - first] if err is not None else 0
        if start and err.column is not None:
            err = ParseError(err.reason, line=err.line, column=err.column + start,
                             char=err.char, source=err.source)
            rec = formats.Record(rec.index, rec.line, None, err, rec.text, rec.comment,
                                 rec.note)
        out.append(rec)
    return out
