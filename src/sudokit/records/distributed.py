"""Batch runs over a Dask cluster: the record commands mapped over bags and dataframes.

Optional: ``pip install 'sudokit[dask]'`` (Dask is imported only when these functions run).

    map_bag(bag, command, options=None) -> Bag        output lines, in input order
    answers_bag(bag, command, options=None) -> Bag    one summary dict per partition
    map_dataframe(df, command, column, options=None, out_column=None) -> DataFrame
    run_file(path_in, path_out_glob, command, options=None, *, blocksize=..., client=None)
        -> [part file names, in input order]

``command`` is ``solve``, ``check``, ``count`` or ``convert`` and ``options`` a
:class:`sudokit.records.Options` or a dict of its fields (``{"unique": True}``, ``{"to":
"json"}``, ``{"box": "2x3"}`` ...).  Each partition is answered by one
:func:`sudokit.records.answer_lines` call, the unit of work of
``sudokit COMMAND --jobs N``, so the output is exactly what the command line writes::

    from dask.distributed import Client, LocalCluster
    from sudokit.records.distributed import run_file

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        parts = run_file("puzzles.txt", "out/part-*.txt", "solve", client=client)
    # cat out/part-*.txt == sudokit solve puzzles.txt  (byte for byte)

Order and line numbers: partition k of the result holds the answers to partition k of the
input, and every output record keeps its input record's place.  Line numbers (in error
messages, ``--to json`` error records and the ``log`` of answers_bag) are the global line
numbers of the input.  map_bag: a cheap task per partition counts its lines, and partition
k is answered once the counts of partitions 0..k-1 are known (the bag is computed once).
run_file: a quick separate read of every block counts its newlines first, then every
block is read, answered and written by one task (see the note above run_file).

Notation: like ``--jobs``, the records are one per line (line, JSON or pencil-mark
notation).  The notation (format, grid-size hint, alphabet) is decided once, from the first
partition's lines, as the command line decides it from the first lines of the input
(``sudokit.records.notation``), and given to every partition, so the output is byte for byte
the command line's, messages included.

Ray and Spark recipes built on the same answer_lines call: docs/distributed.md.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["map_bag", "answers_bag", "map_dataframe", "run_file", "DEFAULT_BLOCKSIZE",
           "RESULT_COLUMNS"]

DEFAULT_BLOCKSIZE = "8MiB"   # bytes of input per partition in run_file (about 100,000 9x9 lines)

RESULT_COLUMNS = {"solve": "solution", "check": "verdict", "count": "count",
                  "convert": "converted"}

_INSTALL = "sudokit.records.distributed needs Dask: pip install 'sudokit[dask]'"


def _dask():
    """Import dask (bag, delayed) or say how to install it."""
    try:
        import dask
        import dask.bag
        from dask import delayed
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"{_INSTALL} ({exc})") from exc
    return dask, dask.bag, delayed


def _options(command: str, options):
    """The records.Options of a command and its options (an Options, a dict of its fields)."""
    from ._commands import COMMANDS, Options
    if command not in COMMANDS:
        raise ValueError(f"sudokit.records.distributed runs {', '.join(COMMANDS)}, not {command!r}")
    if isinstance(options, Options):
        if options.command != command:
            raise ValueError(f"options are for {options.command!r}, not {command!r}")
        return options
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise TypeError("options are a sudokit.records.Options or a dict of its fields, e.g. "
                        f"{{'unique': True, 'to': 'json'}}; not {type(options).__name__}")
    try:
        return Options(command, **options)
    except TypeError as exc:
        raise TypeError(f"sudokit {command}: {exc}") from None


# --- bags: partitions of lines -------------------------------------------------------------


def _scan(lines) -> tuple[int, bool]:
    """(number of lines, whether any is a record: not blank, not a '#' comment)."""
    lines = lines if isinstance(lines, list) else list(lines)
    return len(lines), any(map(_is_record, lines))


def _advance(state: tuple[int, bool], scan: tuple[int, bool]) -> tuple[int, bool]:
    """The state before the next partition: (its first line number, records written before)."""
    return state[0] + scan[0], state[1] or scan[1]


def _answer(lines, state: tuple[int, bool], opts, source: str, index: int,
            notation=None) -> dict:
    """Answer one partition (one answer_lines call); a plain dict, cheap to move."""
    from ._commands import answer_lines
    first_line, wrote_before = state
    lines = lines if isinstance(lines, list) else list(lines)
    a = answer_lines(lines, opts, first_line=first_line, source=source, notation=notation)
    text = a.text
    # multi-line output formats (--to block ...) separate records by a blank line, and the
    # command line puts one between two blocks of records as well (_cli_blocks._feed_blocks)
    if text and wrote_before and text.count("\n") > a.records:
        text = "\n" + text
    skipped = [(k, t) for k, t in enumerate(lines) if not _is_record(t)]
    return {"partition": index, "first_line": first_line, "lines": len(lines), "text": text,
            "records": a.records, "problems": a.problems, "notes": a.notes, "log": a.log,
            "skipped": skipped}


def _is_record(line: str) -> bool:
    s = line.strip()
    return bool(s) and not s.startswith("#")


def _aligned_lines(answer: dict) -> list[str]:
    """One output line per input item: the record's answer, or for a blank or '#' item (no
    record to the command line) its text, a TAB and 'error' (a JSON error object when the
    output is JSON).  Multi-line output (to='block' ...) cannot align: its lines as they are."""
    out = _output_lines(answer)
    if len(out) != answer["records"] or not answer["skipped"]:
        return out
    import json
    from ._commands import one_line
    as_json = bool(out) and out[0].startswith("{")
    aligned: list[str] = []
    records = iter(out)
    skipped = dict(answer["skipped"])
    for k in range(answer["lines"]):
        if k not in skipped:
            aligned.append(next(records))
            continue
        item = skipped[k].rstrip("\r\n")
        if as_json:
            aligned.append(json.dumps({"status": "error", "line": answer["first_line"] + k,
                                       "error": "not a puzzle (blank or comment)", "text": item}))
        else:
            aligned.append(f"{one_line(item) or item}\terror")
    return aligned


def _output_lines(answer: dict) -> list[str]:
    text = answer["text"]
    return text[:-1].split("\n") if text else []


def _notation(lines, opts):
    """How the first partition reads (cli.notation): every partition reads the same way.

    The command line decides the notation once, from the first lines of the whole input; a
    partition deciding from its own first lines could read differently (a partition that
    starts with a bad line).
    """
    from ._commands import notation
    return notation(lines if isinstance(lines, list) else list(lines), opts)


def _answers(bag, command: str, options, source: str) -> list:
    """One Delayed answer dict per partition of bag, each with its global first line."""
    _, _, delayed = _dask()
    opts = _options(command, options)
    parts = bag.to_delayed()
    state: Any = (1, False)
    out = []
    pinned = delayed(_notation, pure=True)(parts[0], opts) if parts else None
    for k, part in enumerate(parts):
        out.append(delayed(_answer, pure=True)(part, state, opts, source, k, pinned))
        if k + 1 < len(parts):
            state = delayed(_advance, pure=True)(state, delayed(_scan, pure=True)(part))
    return out


def answers_bag(bag, command: str, options=None, *, source: str = "<bag>"):
    """Return a Bag of one dict per input partition, in order: what answer_lines said.

    Keys: partition, first_line (global), lines, text (the partition's output, each line
    ending in a newline), records, problems, notes (stderr messages), log (one dict per
    problem record: source, line, column, char, status, reason — as ``--errors`` writes).
    """
    _, dbag, _ = _dask()
    return dbag.from_delayed([_delayed_list(a) for a in _answers(bag, command, options, source)])


def _as_list(answer: dict) -> list:
    return [answer]


def _delayed_list(answer):
    _, _, delayed = _dask()
    return delayed(_as_list, pure=True)(answer)


def map_bag(bag, command: str, options=None, *, source: str = "<bag>"):
    """Return a Bag of the output lines (no newlines) of ``sudokit COMMAND OPTIONS``.

    ``bag`` holds puzzle lines (with or without their newlines; dask.bag.read_text gives them
    with).  Partition k of the result answers partition k of ``bag``; one answer_lines call
    per partition.  With a one-line-per-record output (line, json ...) the result has
    exactly one item per item of ``bag``, in order: a blank or '#' item, which the command
    line skips, gets ``<item><TAB>error`` (JSON output: an error object), so results line
    up with their puzzles.  Otherwise (to='block' ...) the output lines as the command line
    writes them.  Error messages name ``source`` and the global line number (see
    answers_bag for them).
    """
    _, dbag, delayed = _dask()
    answers = _answers(bag, command, options, source)
    return dbag.from_delayed([delayed(_aligned_lines, pure=True)(a) for a in answers])


# --- files ---------------------------------------------------------------------------------
#
# run_file does not go through a bag of lines: each of its tasks reads its own block of whole
# lines (fsspec's read_block, as dask.bag.read_text does), answers it and writes its part
# file, so that no partition ever moves between workers.  With a bag, partition k waits on
# the line counts of partitions 0..k-1 while it sits on a worker busy with another
# partition; Dask then moves it to the idle worker, and that transfer waits for the busy
# worker's GIL (seconds per partition, measured: benchmarks/README.md, "Dask").  The line
# counts come first, from a separate quick read of every block (newlines counted in bytes,
# from the page cache for a local file): cheap next to the solving, and then every block
# can start at once with its global first line number.

_CONTENT = None  # compiled on first use: a line that is a record (not blank, not '#')


def _read_block(path: str, offset: int, length: int, storage_options: dict) -> bytes:
    """Whole lines: from the first line that starts in [offset, offset + length) to the last."""
    from fsspec.core import open_files
    from fsspec.utils import read_block
    [f] = open_files(path, mode="rb", **storage_options)
    with f as handle:
        data = read_block(handle, offset, length, delimiter=b"\n")
    if offset == 0 and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # (a UTF-8 byte order mark, as the command line drops it)
    return data


def _scan_block(path: str, offset: int, length: int, storage_options: dict) -> tuple[int, bool]:
    """(number of lines, whether any is a record) of one block, from the bytes."""
    global _CONTENT
    import re
    if _CONTENT is None:
        _CONTENT = re.compile(rb"^[ \t\r\f\v]*[^#\s]", re.M)
    data = _read_block(path, offset, length, storage_options)
    lines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    return lines, _CONTENT.search(data) is not None


def _block_lines(data: bytes) -> list[str]:
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    return lines


def _notation_block(path: str, length: int, opts, storage_options: dict):
    return _notation(_block_lines(_read_block(path, 0, length, storage_options)), opts)


def _states(scans: list) -> list:
    """The state before each block: (its first line number, whether a block before had records)."""
    out, state = [], (1, False)
    for scan in scans:
        out.append(state)
        state = _advance(state, scan)
    return out


def _answer_block(path: str, offset: int, length: int, states: list, opts, index: int,
                  lazy_file, storage_options: dict, notation=None) -> dict:
    """Read one block, answer it, write its part file; return the small rest of the answer."""
    lines = _block_lines(_read_block(path, offset, length, storage_options))
    answer = _answer(lines, states[index], opts, path, index, notation)
    with lazy_file as f:
        f.write(answer.pop("text"))
    answer["path"] = lazy_file.path
    return answer


def run_file(path_in: str, path_out_glob: str, command: str, options=None, *,
             blocksize: int | str = DEFAULT_BLOCKSIZE, client=None, errors: str | None = None,
             storage_options: dict | None = None) -> list[str]:
    """Answer a file of puzzle lines on Dask; write part files; return their names in order.

    The input is cut in blocks of about ``blocksize`` bytes of whole lines (as
    dask.bag.read_text cuts it); one task per block reads it, answers it (one answer_lines
    call, global line numbers) and writes its part file.  ``path_out_glob`` holds one
    ``*``, replaced by the zero-padded block number (so the names sort in input order):
    part 0 holds the answers to the first lines, and ``cat`` of the parts in name order is
    exactly ``sudokit COMMAND OPTIONS path_in``.  Every part file ends with a newline (only
    a block without records, e.g. all blank lines, leaves an empty part file).  ``errors``:
    a file for the JSON lines of the problem records, as ``--errors`` writes.  ``client``: a
    dask.distributed Client (default: the current Dask scheduler).  Paths may be any fsspec
    URL that every worker can read and write (``storage_options`` as in Dask).
    """
    dask, _, delayed = _dask()
    from dask.utils import parse_bytes
    from fsspec.core import open_files, url_to_fs
    opts = _options(command, options)
    if path_out_glob.count("*") != 1:
        raise ValueError("path_out_glob needs exactly one '*' (the part number): "
                         f"{path_out_glob!r}")
    so = dict(storage_options or {})
    size = parse_bytes(blocksize) if isinstance(blocksize, str) else int(blocksize)
    if size < 1:
        raise ValueError(f"blocksize must be positive, not {blocksize!r}")
    fs, path = url_to_fs(str(path_in), **so)
    total = fs.info(path)["size"]
    offsets = list(range(0, total, size)) or [0]
    width = len(str(len(offsets) - 1))
    files = open_files(path_out_glob, mode="wt", encoding="utf-8", errors="surrogateescape",
                       name_function=lambda i: f"{i:0{width}d}", num=len(offsets), **so)
    source = str(path_in)
    pinned = delayed(_notation_block, pure=True)(source, min(size, 1 << 20), opts, so)
    scans = [delayed(_scan_block, pure=True)(source, offset, size, so) for offset in offsets]
    states = delayed(_states, pure=True)(scans)
    tasks = [delayed(_answer_block, pure=False)(source, offset, size, states, opts, k, f, so,
                                               pinned)
             for k, (offset, f) in enumerate(zip(offsets, files))]
    if client is not None:
        answers = client.gather(client.compute(tasks))
    else:
        (answers,) = dask.compute(tasks)
    if errors is not None:
        from ._atomic import Pending
        with Pending(errors, "w", encoding="utf-8") as out:  # whole, or the old file kept
            for a in answers:
                for entry in a["log"]:
                    out.write(json.dumps(entry) + "\n")
    return [a["path"] for a in answers]


# --- dataframes: one puzzle per row --------------------------------------------------------


def _is_missing(value) -> bool:
    """None, NaN, pandas.NA, NaT: a row without a puzzle."""
    if value is None or isinstance(value, str):
        return value is None
    import pandas as pd
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):  # (an array-like value: not missing, and not a puzzle)
        return False


def _result_of(command: str, out_line: str) -> str:
    """The result field of one output line: a solution, verdict, count or status."""
    if "\t" in out_line:
        return out_line.rsplit("\t", 1)[1]   # "puzzle<TAB>status|verdict|count"
    return out_line                          # a solution (solve) or the record (convert)


def _frame_part(part, opts, column: str, out_column: str):
    """Add the result column to one pandas partition, row for row."""
    import pandas as pd
    from ._commands import answer_lines
    command = opts.command
    values = part[column].tolist()
    results: list = ["error"] * len(values)
    rows, lines = [], []
    for i, v in enumerate(values):
        if _is_missing(v):
            continue
        if not isinstance(v, str):
            raise TypeError(f"column {column!r} holds a {type(v).__name__} ({v!r}), not a "
                            "puzzle string; " + _TEXT_ADVICE)
        s = v.strip()
        if not s or s.startswith("#") or "\n" in s or "\r" in s:
            continue  # no record on the command line either: here, status 'error'
        rows.append(i)
        lines.append(s)
    if lines:
        a = answer_lines(lines, opts, source=f"<column {column}>")
        out = a.text.split("\n")[:-1]
        if len(out) != len(lines):
            raise ValueError(f"{command} to {opts.to!r} writes {len(out)} lines for "
                             f"{len(lines)} puzzles: map_dataframe needs one output line per "
                             "record (an output format such as line or json, not block)")
        for i, line in zip(rows, out):
            results[i] = _result_of(command, line)
    result = part.copy()
    result[out_column] = pd.Series(results, index=part.index, dtype=object).astype("string")
    return result


_TEXT_ADVICE = ("puzzles must be read as text: numeric type inference drops the leading zeros "
                "of puzzles that write empty cells as 0 (and overflows past 19 digits); read "
                "CSV files with dtype=str, e.g. dd.read_csv(path, dtype={'puzzle': str})")


def map_dataframe(df, command: str, column: str, options=None,
                  out_column: str | None = None):
    """Return ``df`` with a result column added: ``sudokit COMMAND OPTIONS`` on each row.

    ``column`` holds one puzzle string per row (line, JSON or pencil-mark notation).  The
    result column (default: solution, verdict, count or converted, after the command) is
    a string column aligned with the rows: the solution (solve), the verdict (check), the
    count such as ``1`` or ``1000+`` (count) or the rewritten record (convert) — or the
    record's status when it has no such answer (``error``, ``illegal``, ``impossible``,
    ``limit``, ``ambiguous`` with --unique).  A missing, blank or ``#`` row is ``error``.
    One answer_lines call per partition.  A numeric column is refused (TypeError).
    """
    _dask()
    opts = _options(command, options)
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover
        raise ImportError(f"{_INSTALL} ({exc})") from exc
    if column not in df.columns:
        raise KeyError(f"no column {column!r} in the dataframe (columns: {list(df.columns)})")
    dtype = df[column].dtype
    if pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype):
        raise TypeError(f"column {column!r} has dtype {dtype}, not strings; " + _TEXT_ADVICE)
    out_column = out_column or RESULT_COLUMNS[command]
    if out_column in df.columns:
        raise ValueError(f"column {out_column!r} already exists: name another (out_column=)")
    meta = _frame_part(df._meta, opts, column, out_column)
    return df.map_partitions(_frame_part, opts, column, out_column, meta=meta)
