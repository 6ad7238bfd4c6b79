"""Dataset tables in ``sudokit solve|check|count``: CSV/TSV, JSON Lines, NPY, Parquet, Arrow.

The puzzle of each row is one column (``--col NAME|INDEX``; by default the first column
named puzzle, puzzles, quizzes, quiz, sudoku, question or problem).  Each row is answered
like a line of a line file, by the same code (records.work_block), and the answer is added
to the row:

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
(memory-mapped or batch by batch), and their rows sent to the workers as puzzle lines.
Rows are never dropped: a row that cannot be read gets the status ``error`` with its
reason on stderr and in ``--errors``.  A quoted CSV field may hold newlines, as the csv
module reads it: the row keeps the number of its first line, and blocks are cut only
outside quoted fields (pipeline.read_blocks(quote=)).
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Iterator

from .errors import ParseError

__all__ = ["ADDED", "text_layout", "work_text_rows", "binary_blocks", "result_fields"]

# (which inputs are tables, by -f or by extension: cli._common.table_kind, so that a run on
# text records never imports this module)
ADDED = {"solve": ("solution", "status"), "check": ("verdict",), "count": ("count",)}
PUZZLE_NAMES = ("puzzle", "puzzles", "quizzes", "quiz", "sudoku", "question", "problem")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_PUZZLE_CELLS = {k ** 2 for k in range(1, 65)}  # ncells of every grid size (N*N)


class TableUsageError(ValueError):
    """A table that cannot be processed as asked (wrong column, numeric column ...)."""


def result_fields(command: str, line: str) -> list[str]:
    """Split one line of line-mode output into the added columns of command."""
    if command == "solve":
        if "\t" in line:
            return ["", line.rsplit("\t", 1)[1]]
        return [line, "solved"]
    return [line.rsplit("\t", 1)[1] if "\t" in line else line]


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
    a row (tests/test_csv_rows.py compares the two ways).
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
    from . import formats
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


def text_layout(kind: str, lines: list[str], args, display: str) -> dict:
    """Decide the layout of a CSV/TSV/JSONL input from its first lines.

    Returns {"kind", "delimiter", "header_line" (1-based or None), "header", "col",
    "col_name"}.  Raises TableUsageError for an unknown column or a numeric puzzle column.
    """
    col = getattr(args, "col", None)
    content = [(no, t) for no, t in enumerate(lines, 1) if t.strip()]
    if kind == "jsonl":
        key = col
        if key is None:
            for _, t in content[:64]:
                try:
                    obj = json.loads(t)
                except (ValueError, RecursionError):
                    continue
                if isinstance(obj, dict):
                    lowered = {k.lower(): k for k in obj}
                    key = next((lowered[n] for n in PUZZLE_NAMES if n in lowered), None)
                    if key is None:
                        key = next(iter(obj), None)
                    break
        if key is None:
            raise TableUsageError(f"{display}: cannot tell which key holds the puzzle; "
                                  "name it with --col")
        _check_numbers(display, key, [_json_value(t, key) for _, t in content[:64]])
        return {"kind": kind, "delimiter": None, "header_line": None, "header": None,
                "col": key, "col_name": key}
    delimiter = "\t" if kind == "tsv" else ","
    if not content:
        return {"kind": kind, "delimiter": delimiter, "header_line": None, "header": None,
                "col": 0, "col_name": None}
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
    return {"kind": kind, "delimiter": delimiter, "header_line": first_no if has_header else None,
            "header": names if has_header else None, "col": index, "col_name": name}


def _json_value(text: str, key):
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return obj.get(key) if isinstance(obj, dict) else None


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
    from .pipeline import Block
    from .records import work_block
    inner, layout, command = spec
    lines = block.data.decode("utf-8", "surrogateescape").split("\n")
    if lines and not lines[-1]:
        lines.pop()
    kind, delimiter = layout["kind"], layout["delimiter"]
    if kind != "jsonl":
        lines = _join_quoted(lines)
    rows: list = []        # per line: None (copied), _MORE, or the row's fields/object
    probe: list[str] = []  # one line per input line: the puzzle, padded to its column
    bad: dict[int, str] = {}
    for k, raw in enumerate(lines):
        no = block.first_line + k
        if raw is _MORE:  # a line of the quoted field of a row above: written with it
            rows.append(_MORE)
            probe.append("")
            continue
        text = raw[:-1] if raw.endswith("\r") else raw
        if no == layout["header_line"] or not text.strip():
            rows.append(None)
            probe.append("")
            continue
        puzzle, start, why, record = _row_puzzle(kind, text, delimiter, layout["col"])
        if why is not None:
            bad[no] = why
            puzzle, start = "0", 0
        rows.append(record)
        probe.append(" " * start + puzzle)
    data = ("\n".join(probe) + "\n").encode("utf-8", "surrogateescape")
    result = work_block(inner, Block(block.seq, block.first_line, data, bad))
    answers = iter(result.text.split("\n"))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n") if kind != "jsonl" else None
    added = ADDED[command]
    done = 0
    for k, (raw, record) in enumerate(zip(lines, rows)):
        if record is _MORE:
            continue
        no = block.first_line + k
        text = raw[:-1] if raw.endswith("\r") else raw
        if record is None:
            if no == layout["header_line"] and writer is not None:
                writer.writerow(list(layout["header"]) + list(added))
            else:
                out.write(text + "\n")
            continue
        if done == result.records:
            break  # cut short by Ctrl-C: only the answered rows
        fields = result_fields(command, next(answers))
        done += 1
        if writer is not None:
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
                obj[name] = value
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
    """Yield pipeline Blocks of puzzle lines from an NpySource or ArrowSource.

    pending[seq] keeps what the output needs of each block (the Arrow batch), until written.
    """
    from .batch import format_lines
    from .pipeline import Block
    seq = 0
    if kind == "npy":
        size = source.shape.size
        for start, values, bad in source.blocks():
            text = format_lines(values, size, blank=".")
            reasons = {row + 1: why for row, why in bad.items()}
            pending[seq] = None
            yield Block(seq, start + 1, bytes(text) + b"\n" if text else b"", reasons or None)
            seq += 1
        return
    for start, puzzles, batch in source.blocks():
        reasons = {}
        lines = []
        for k, p in enumerate(puzzles):
            why = _unsafe(p)
            if why is not None:
                reasons[start + k + 1] = why
                p = "0"  # a stand-in: the record becomes an error with the reason
            lines.append(p)
        pending[seq] = batch
        data = ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape") if lines else b""
        yield Block(seq, start + 1, data, reasons or None)
        seq += 1
