"""The 9x9 fast path of the record commands: plain 81-character lines to one C batch call
(engine._fast9.solve9, the one way 9x9 grids are solved with fast9).

Most big inputs are files of plain 81-character lines.  For those, reading a record, a
Grid and a formatted answer per line cost about 7 us in Python against about 2 us for the
fast9 kernel itself.  ``work`` takes every *plain* line of a block (exactly 81 symbols of
the default 9x9 alphabet, nothing around them but an optional CR) straight from bytes to
one C batch call and writes the answers from the output buffer.  Any other line (comment,
blank, spaces, another size, a bad character) goes through the ordinary record path, in
order, with its own line number; so does a plain line whose answer is a problem (illegal,
impossible, ambiguous, node limit), but with the answer already found here (``known``): each
line reaches the kernel once.  The output is the same byte for byte (tests/cli/test_cli_fast9.py
compares the two on mixed inputs).

The fast path runs when ``solver.choose_engine`` picks fast9 for the options (C kernels
built, engine auto or fast9, no node limit) -- the one rule, as everywhere.

Rejected: a C parser and printer of whole blocks -- the byte table, one bulk translate per
window and C format_lines already bring the Python side to about 0.3 us a line (cProfile
on 100,000 lines), against 2-3 us of kernel and checker.
"""

from __future__ import annotations

from .. import formats, solver
from ..engine._fast9 import _SPELL9, FLAG_CLASH, FLAG_STOPPED, solve9
from ..grid import Grid
from ..shape import Shape
from ..solver import count_word, outcome, solve_status
from ..symbols import DEFAULT

WINDOW = 2048            # lines per C call: the stop flag is looked at between windows
BATCH_MAX_LIMIT = (1 << 63) - 1  # counts up to this limit go to the C batch call (64-bit);
# an unlimited count (limit 0) stays with search()
_S9 = Shape(3, 3)


def batch_fits(options, limit: int) -> bool:
    """True when chunks of 9x9 grids go to the C batch call of fast9 for these options."""
    from ..engine import _backend
    if _backend.C is None or not 0 < limit <= BATCH_MAX_LIMIT \
            or getattr(options, "geometry", None) is not None:
        return False
    try:
        return solver.choose_engine(options.engine, _S9, limit, options.node_limit) == "fast9"
    except ValueError:
        return False


def _raw(sols, counts, flags, i: int):
    """The raw answer (count, stopped, illegal, solution or None) of record i of a batch."""
    count, flag = counts[i], flags[i]
    solution = Grid._trusted(tuple(sols[i * 81:(i + 1) * 81]), _S9) if count else None
    return count, bool(flag & FLAG_STOPPED), bool(flag & FLAG_CLASH), solution


def grid_answers(grids: list[Grid], limit: int, node_limit: int) -> list:
    """The raw answers of 9x9 grids from one C batch call."""
    sols, counts, flags = solve9(b"".join([bytes(g.values) for g in grids]), len(grids),
                                 limit, node_limit)
    return [_raw(sols, counts, flags, i) for i in range(len(grids))]


def mode(command, src):
    """(mode, limit) of the fast path for this command and notation; None: it does not apply."""
    opts = command.args
    kind = command.name
    if kind not in ("solve", "check", "count") or src.reading != "line":
        return None
    if not batch_fits(opts, command.limit) or opts.alphabet is not None \
            or src.alphabet is not None:
        return None
    if opts.box is not None and (opts.box.box_rows, opts.box.box_cols) != (3, 3):
        return None
    if src.format not in ("line", "sdm"):
        return None
    if kind == "solve" and (opts.to or src.format) not in ("line", "sdm"):
        return None
    return kind, command.limit


def _plain9(raw: list[bytes], start: int, stop: int, read: bytes, bad: dict, first: int):
    """(indices of the plain lines among raw[start:stop], their values, 81 bytes each).

    A whole window of plain lines, with or without CRs (the usual case), is checked and
    translated in one piece; anything else line by line.
    """
    seg = raw[start:stop]
    if not bad:
        lengths = set(map(len, seg))
        joined = b"".join(seg)
        values = None
        if lengths == {81}:
            values = joined.translate(read)
        elif lengths == {82} and joined[81::82] == b"\r" * len(seg):
            values = joined.translate(read, b"\r")
        if values is not None and len(values) == 81 * len(seg) and values.find(255) < 0:
            return range(start, stop), values
    plain: list[int] = []
    parts: list[bytes] = []
    for k in range(start, stop):
        line = raw[k]
        if len(line) == 82 and line[81] == 13:  # CR LF
            line = line[:81]
        if len(line) == 81 and first + k not in bad:
            b = line.translate(read)
            if b.find(255) < 0:
                plain.append(k)
                parts.append(b)
    return plain, b"".join(parts)


def work(command, src, block, fast) -> bool:
    """Answer a block's lines with the fast path where it applies; True if stopped early.

    Lines are decoded (UTF-8, surrogateescape, as the whole block would be) only where
    their text is needed: a check/count answer, or a line for the record path.
    """
    read = formats._byte_table(DEFAULT, 9)  # the reader's own table: symbol -> value, else 255
    raw = block.data.split(b"\n")
    if raw and not raw[-1]:
        raw.pop()
    bad = block.bad or {}
    first = block.first_line

    def plain_of(start: int, stop: int):
        return _plain9(raw, start, stop, read, bad, first)

    def text_of(k: int) -> str:
        return raw[k].decode("utf-8", "surrogateescape").rstrip("\r")

    def record_path(k: int, end: int, known: dict) -> None:
        src.handle = [t.decode("utf-8", "surrogateescape") for t in raw[k:end]]
        src.first_line = first + k
        for chunk in command.chunks(src, bad):
            command.handle(src, chunk, known)

    return answer_rows(command, fast, len(raw), first, plain_of, text_of, record_path)


def answer_rows(command, fast, n: int, first: int, plain_of, text_of, record_path) -> bool:
    """Answer rows 0..n-1 (line first + k for row k) with the fast path; True if stopped early.

    plain_of(start, stop): (indices of the plain rows among start..stop-1, their 81 value
    bytes each); text_of(k): row k's puzzle text (check and count write it); record_path(k,
    end, known): answer rows k..end-1 by the record path, with the answers found here
    (``known``, by line number).  Each plain row reaches the kernel once.
    """
    from ..engine import _backend
    from . import pipeline
    kind, limit = fast
    node_limit = command.args.node_limit or 0
    texts = command.texts
    for start in range(0, n, WINDOW):
        stop = min(start + WINDOW, n)
        plain, values = plain_of(start, stop)
        # per plain row answered here: its text; a plain row whose answer is a problem
        # takes the record path with its answer (known), which reports it (same words, notes)
        answers: dict[int, str] = {}
        known: dict[int, tuple] = {}
        whole = None  # every row of the window plain and solved: one text, spelled in C
        if plain:
            sols, counts, flags = solve9(values, len(plain), limit, node_limit)
            if kind == "solve" and isinstance(plain, range) and min(counts) >= 1 and (
                    limit == 1 or (max(counts) == 1
                                   and not any(f & FLAG_STOPPED for f in flags))):
                whole = _backend.C.format_lines(sols, 9).decode("ascii")
            else:
                spelled = bytes(sols).translate(_SPELL9).decode("ascii") if kind == "solve" else ""
                for p, k in enumerate(plain):
                    count, flag = counts[p], flags[p]
                    stopped, clash = bool(flag & FLAG_STOPPED), bool(flag & FLAG_CLASH)
                    if kind == "solve":
                        ok = solve_status(count, stopped, limit, illegal=clash) == "solved"
                        text = spelled[81 * p:81 * p + 81] + "\n"
                    elif kind == "check":
                        word = outcome(count, stopped, 2, illegal=clash)
                        ok = word != "limit"
                        text = text_of(k) + "\t" + word + "\n"
                    else:
                        ok = not stopped
                        text = text_of(k) + "\t" + count_word(count, stopped, limit) + "\n"
                    if ok:
                        answers[k] = text
                    else:
                        known[first + k] = _raw(sols, counts, flags, p)
        if whole is not None:
            texts.append(whole)
            command.records += len(plain)
        k = stop if whole is not None else start
        while k < stop:
            text = answers.get(k)
            if text is not None:
                texts.append(text)
                command.records += 1
                k += 1
                continue
            end = k + 1
            while end < stop and end not in answers:
                end += 1
            record_path(k, end, known)
            k = end
        if pipeline.stopping() and stop < n:
            return True
    return False
