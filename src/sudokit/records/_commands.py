"""Answering text records: the unit of work of the record commands, ``--jobs``, tables and Dask.

    Options                     what to do with each record (a frozen value: the command,
                                the notation, the engine, the limits, the output format)
    answer_lines(lines, opts)   answer lines of one-record-per-line text in this process;
                                exactly what ``sudokit COMMAND`` writes for them
    notation(lines, opts)       how the first lines of an input read, decided once and
                                handed to every piece of a bigger input
    LinesAnswer                 text, records, problems, notes (stderr) and log (--errors)

The commands (solve, check, count, convert) turn chunks of records into output texts.  Each
status comes from the one vocabulary in sudokit.solver (``solve_status``, ``outcome``,
``count_word``); the engine from ``solver.choose_engine``.  Plain 9x9 lines of a block take
the fast path (sudokit.records._fastpath): one C batch call per window of lines, each line answered
by it exactly once, also when its answer is a problem.  No printing and no argument parsing
here: the command line (sudokit.cli) and sudokit.records.distributed build Options and call this.
"""

from __future__ import annotations

import io
import sys
from typing import Iterable, TextIO

from .. import formats
from .._value import Value
from ._input import PER_LINE, _chunks, _Input, _reading_format
from ..errors import ParseError
from ..grid import Grid
from ..shape import Shape
from ..solver import ENGINES, count_word, outcome, search, solve_status

__all__ = ["Options", "COMMANDS", "OUTPUT_FORMATS", "answer_lines", "notation", "LinesAnswer",
           "WriteError"]

from . import COMMANDS, LOGIC_OUTPUTS, OUTPUT_FORMATS  # noqa: E402
MULTILINE = {"block", "tokens", "sdk", "ss", "block+"}
_S9 = Shape(3, 3)
_WORK_CHUNK = 256  # records between two looks at the stop flag


class Options(Value):
    """What to do with each record: the options of one record command.

    command     solve, check, count or convert
    format      input format: auto (detected) or a name of formats.FORMATS / 'pencilmarks'
    box         Shape when the size cannot tell (6x6: 2x3 or 3x2), else None
    alphabet    how values are spelled when detection cannot tell (symbols names), or None
    engine      a solver engine name (solver.ENGINES), 'auto' by default
    node_limit  give up on a record after this many search nodes (status 'limit'), or None
    unique      solve: count to 2 and give an ambiguous puzzle the status 'ambiguous'
    limit       count: stop counting at this many solutions (0: count them all)
    to          solve/convert: output format (None: the input's own notation)
    blank       convert: how empty cells are written (None: the format's default)
    quiet       no per-record notes (the counts still tell)
    log         keep one JSON object per problem record (as --errors writes)
    geometry    the rules of every record (a Geometry or a name such as '3x3+x'), or None
                for the classic boxes; box then defaults to the geometry's drawing shape
    logic       hint/explain: a records._logic.LogicOptions (techniques, ...), or None: defaults

    Frozen: ``options.replace(**changes)`` gives a changed copy, checked again.
    """

    __slots__ = __match_args__ = ("command", "format", "box", "alphabet", "engine", "node_limit",
                                  "unique", "limit", "to", "blank", "quiet", "log", "geometry",
                                  "logic")

    def __init__(self, command: str, format: str = "auto", box: Shape | str | None = None,
                 alphabet: str | None = None, engine: str = "auto", node_limit: int | None = None,
                 unique: bool = False, limit: int = 1000, to: str | None = None,
                 blank: str | None = None, quiet: bool = False, log: bool = True,
                 geometry=None, logic=None):
        _set = object.__setattr__  # (frozen: __setattr__ refuses)
        _set(self, "command", command)
        _set(self, "format", format)
        _set(self, "box", box)
        _set(self, "alphabet", alphabet)
        _set(self, "engine", engine)
        _set(self, "node_limit", node_limit)
        _set(self, "unique", unique)
        _set(self, "limit", limit)
        _set(self, "to", to)
        _set(self, "blank", blank)
        _set(self, "quiet", quiet)
        _set(self, "log", log)
        _set(self, "geometry", geometry)
        _set(self, "logic", logic)
        if self.command not in COMMANDS:
            raise ValueError(f"the record commands are {', '.join(COMMANDS)}, not {self.command!r}")
        if self.engine not in ENGINES:
            raise ValueError(f"unknown engine {self.engine!r}: choose one of {', '.join(ENGINES)}")
        if self.command == "convert" and self.to is None:
            raise ValueError("convert needs an output format (to=)")
        if self.command == "rate" and self.logic is None:
            raise ValueError("rate needs logic= (a sudokit.records._rate.RateOptions)")
        if self.command in ("hint", "explain"):
            if self.logic is None:
                raise ValueError(f"{self.command} needs logic= (a sudokit.records._logic.LogicOptions)")
            if self.to is not None and self.to not in LOGIC_OUTPUTS:
                raise ValueError(f"{self.command} writes {' or '.join(LOGIC_OUTPUTS)}, not {self.to!r}")
        elif self.to is not None and self.to not in OUTPUT_FORMATS:
            raise ValueError(f"unknown output format {self.to!r}: choose one of "
                             f"{', '.join(OUTPUT_FORMATS)}")
        if isinstance(self.box, str):
            _set(self, "box", Shape.parse(self.box))
        if self.geometry is not None:
            from ..geometry import as_geometry
            geom = as_geometry(self.geometry)
            _set(self, "geometry", None if geom.is_classic else geom)
            if geom.is_classic and self.box is None:
                _set(self, "box", geom.shape)
            elif not geom.is_classic:
                if self.box is None:
                    _set(self, "box", geom.display_shape)
                elif self.box.size != geom.size or (geom.box is not None
                                                     and self.box is not geom.shape):
                    raise ValueError(f"box {self.box} does not fit the rules {geom}")
                why = _alphabet_misfit(self.alphabet, geom)
                if why is not None:
                    raise ValueError(why)
        if self.node_limit is not None and (type(self.node_limit) is not int or self.node_limit < 1):
            raise ValueError(f"node_limit must be a positive integer or None, not {self.node_limit!r}")
        if type(self.limit) is not int or self.limit < 0:
            raise ValueError(f"limit must be a non-negative integer (0: all), not {self.limit!r}")


from ..errors import WriteError  # noqa: E402


# --- output helpers ------------------------------------------------------------------------


def render(grid: Grid, fmt: str, alphabet, blank: str | None, puzzle: Grid | None = None) -> str:
    """Return grid in format fmt, without a trailing newline.

    puzzle: the puzzle that grid solves, or None (fpuzzles: the puzzle's givens stay
    ``given``, the other cells are written as plain values).
    """
    if fmt in ("line", "sdm"):
        return formats.format_line(grid, alphabet=alphabet, blank=blank or ".")
    if fmt == "block":
        return formats.format_block(grid, alphabet=alphabet, blank=blank or ".")
    if fmt == "tokens":
        return formats.format_tokens(grid, blank=blank or "0")
    if fmt == "json":
        return formats.format_json(grid)
    if fmt == "sdk":
        return formats.format_sdk(grid, alphabet=alphabet)
    if fmt == "ss":
        return formats.format_ss(grid, alphabet=alphabet, blank=blank or ".")
    if fmt == "block+":  # block with bars and ---+--- lines, as some inputs are written
        return formats.format_block(grid, alphabet=alphabet, blank=blank or ".", separators=True)
    if fmt == "pencilmarks":
        return formats.format_pencilmarks(grid, alphabet=alphabet, blank=blank or ".")
    if fmt in ("fpuzzles", "sudokupad", "solo", "killer"):  # (written as f-puzzles)
        if puzzle is not None:
            if puzzle._geom is not grid._geom:  # (the solution's rules are the answer's)
                puzzle = Grid._trusted(puzzle.values, grid.shape, grid._geom)
            return formats.format_fpuzzles(puzzle, solution=grid)
        return formats.format_fpuzzles(grid)
    raise ValueError(f"unknown output format {fmt!r}")


def describe(geom) -> str:
    """A geometry named for a message: '3x3+x', '9x9 jigsaw+x' (no region map spelled out)."""
    n = geom.size
    if geom.name is None:
        return f"a {n}x{n} geometry with extra units, pairs or links"
    if geom.box is not None:
        return geom.name
    return f"{n}x{n} jigsaw" + geom.name.split(")", 1)[1]    # the map spelled out is left out


def rule_words(geom) -> str:
    """What a geometry adds to plain boxes, in a few words: 'jigsaw regions, x, killer
    cages, arrows' (no cell named)."""
    words = [] if geom.box is not None else ["jigsaw regions"]
    words += geom.rules
    plural = {"killer": "killer cages", "littlekiller": "little killers", "even": "even cells",
              "odd": "odd cells", "renban": "renban lines", "sandwich": "sandwiches",
              "thermo": "thermometers", "diff": "kropki dots", "ratio": "kropki dots",
              "sum": "X/V sums", "whisper": "whispers", "palindrome": "palindromes",
              "arrow": "arrows"}
    for kind, _, _ in geom.constraints:
        word = plural.get(kind, kind)
        if word not in words:
            words.append(word)
    if geom.extra_units or geom.extra_pairs or geom.extra_links:
        words.append("extra units, pairs or links")
    return ", ".join(words) or "rules"


def _alphabet_misfit(alphabet, geom) -> "str | None":
    """Why an alphabet (a name, or None: none asked for) cannot spell geom's values, or None."""
    if alphabet is None:
        return None
    from ..symbols import get_alphabet
    most = get_alphabet(alphabet).max_size()
    if geom.size <= most:
        return None
    return (f"alphabet {alphabet!r} spells at most {most} values; the geometry "
            f"{describe(geom)} has {geom.size} (choose another alphabet)")


def misfit(grid: Grid, options: Options) -> "str | None":
    """Why grid cannot be answered under options (its size or own geometry against the
    options' geometry, or its geometry against the options' alphabet), or None."""
    geom, own = options.geometry, grid._geom
    if geom is not None:
        if own is not None and own is not geom:
            mine, asked = describe(own), describe(geom)
            if mine == asked:
                mine, asked = mine + ", its own regions", asked + ", other regions"
            return (f"the record's own geometry ({mine}) differs from the geometry asked for "
                    f"({asked}, by --rules/--regions): give one of them")
        if grid.size != geom.size:
            return (f"a {grid.size}x{grid.size} grid does not fit the geometry {describe(geom)} "
                    f"({geom.size}x{geom.size})")
        return None
    if own is not None:
        return _alphabet_misfit(options.alphabet, own)
    return None


def one_line(text: str) -> str:
    """The raw text of a record squeezed onto one line (for TAB-separated output)."""
    return " / ".join(part.strip() for part in text.replace("\t", " ").splitlines() if part.strip())


def puzzle_field(src: _Input, rec, raw=("line", "sdm")) -> str:
    """The puzzle of a record on one line: the input line itself for line input (the
    formats in raw; hint and explain add pencil marks)."""
    if src.format in raw:
        return one_line(rec.text)
    try:
        return formats.format_line(rec.grid, alphabet=src.alphabet)
    except ValueError:
        return one_line(rec.text)


# --- answers: (count, stopped, illegal, first solution or None) per grid -------------------


def _search_answers(grids: list[Grid], limit: int, options: Options, illegal_first: bool,
                    candidates=None):
    """Yield the raw answer of each grid from solver.search (illegal_first: as check decides;
    candidates: the pencil marks to search under, the exact-cover route)."""
    engine, node_limit, geom = options.engine, options.node_limit, options.geometry
    for grid in grids:
        if geom is not None and grid._geom is not geom:
            grid = Grid(grid.values, geometry=geom)
        if illegal_first and not grid.is_legal():
            yield 0, False, True, None
            continue
        r = search(grid, limit=limit or None, engine=engine, node_limit=node_limit,
                   candidates=candidates)
        illegal = r.count == 0 and not r.stopped and not grid.is_legal()
        yield r.count, r.stopped, illegal, r.solution


def _answers(grids: list[Grid], limit: int, options: Options, illegal_first: bool = False):
    """The raw answers of grids: one C batch call for 9x9 chunks when fast9 is the engine."""
    from . import _fastpath
    if grids and _fastpath.batch_fits(options, limit) \
            and all(g.shape is _S9 and g._geom is None for g in grids):
        return _fastpath.grid_answers(grids, limit, options.node_limit or 0)
    return _search_answers(grids, limit, options, illegal_first)


# --- the commands --------------------------------------------------------------------------


class _Command:
    """Shared driver: turn chunks of records into output texts, notes and --errors lines."""

    name = ""
    limit = 1

    def __init__(self, options: Options, out, err: TextIO):
        self.args = options
        self.out = out                     # .write(list of texts), .interactive
        self.err = err
        self.problems = 0
        self.records = 0
        self.quiet = options.quiet
        self.errors: TextIO | None = None  # the --errors JSON Lines file
        self.texts: list[str] = []
        self.first = True
        self.noted: set[str] = set()       # the reading notes given (each once per run)
        self.deferred: list | None = None  # a unit of work: (note, line) pairs for the run

    def chunks(self, src: _Input, bad: dict):
        """src's records in chunks of _WORK_CHUNK (lines named in bad turned into errors)."""
        return record_chunks(src, bad)

    def note(self, message: str) -> None:
        if not self.quiet:
            self.err.write(f"sudokit: {message}\n")

    def where(self, src: _Input, rec) -> str:
        return f"{src.display}, line {rec.line}"

    def reading_note(self, src: _Input, rec) -> None:
        """Say how a guess read rec (rec.note: a 6x6 line read with 2x3 boxes ...), once per
        run for each note.  A unit of work (a block, in a worker) hands its notes to the run
        (BlockResult.once), which writes each the first time it comes."""
        if not rec.note or rec.note in self.noted:
            return
        self.noted.add(rec.note)
        line = f"sudokit: {self.where(src, rec)}: {rec.note}\n"
        if self.deferred is not None:
            self.deferred.append((rec.note, line))
        elif not self.quiet:
            self.err.write(line)

    def run_input(self, src: _Input) -> None:
        """Answer every record of src, writing each chunk's texts as it is done."""
        for chunk in _chunks(src.records(), self.out.interactive):
            self.texts = []
            try:
                self.handle(src, chunk)
            finally:  # on Ctrl-C too: the records answered so far are written
                if not isinstance(sys.exc_info()[1], (BrokenPipeError, WriteError)):
                    self.out.write(self.texts)

    def handle(self, src: _Input, chunk: list, known: dict | None = None) -> None:
        """Answer a chunk of records; known: raw answers already found, by line number."""
        chunk = self.fit(src, chunk)
        marks = src.marks
        good = [rec.grid for rec in chunk if rec.grid is not None and rec.line not in marks
                and (known is None or rec.line not in known)]
        answers = iter(self.answers(good))
        for rec in self.readable(src, chunk):
            self.reading_note(src, rec)  # a guess decided how it reads: say so, once
            if rec.line in marks:
                try:
                    answer = next(_search_answers([rec.grid], self.limit, self.args, True,
                                                  marks[rec.line]))
                except ValueError as exc:  # e.g. an engine that cannot search under marks
                    self.problem(src, rec, "error", str(exc))
                    self.texts.append(self.failure(src, rec, "error", str(exc)))
                    continue
            elif known is not None and rec.line in known:
                answer = known[rec.line]
            else:
                answer = next(answers)
            self.texts.append(self.answer(src, rec, *answer))

    def fit(self, src: _Input, chunk: list) -> list:
        """The chunk with every record that does not fit the options (``misfit``: a grid of
        another size than --rules/--regions, another geometry of its own ...) turned into an
        error record naming why, and every other grid under the options' geometry."""
        if self.args.geometry is None and not any(
                rec.grid is not None and rec.grid._geom is not None for rec in chunk):
            return chunk
        geom = self.args.geometry
        out = []
        for rec in chunk:
            grid = rec.grid
            why = None if grid is None else misfit(grid, self.args)
            if why is not None:
                rec = formats.Record(rec.index, rec.line, None,
                                     ParseError(why, line=rec.line, source=src.display),
                                     rec.text, rec.comment)
            elif grid is not None and geom is not None and grid._geom is None:  # (answers, echoes)
                rec = formats.Record(rec.index, rec.line,
                                     Grid._trusted(grid.values, geom.display_shape, geom),
                                     None, rec.text, rec.comment, rec.note)
            out.append(rec)
        return out

    def readable(self, src: _Input, chunk: list):
        """Count every record of chunk, write the error record of each unreadable one, and
        yield the readable ones, the input's notation learned from them."""
        for rec in chunk:
            self.records += 1
            if rec.grid is None:
                self.bad_record(src, rec)
                self.texts.append(self.failure(src, rec, "error", str(rec.error)))
                continue
            src.learn(rec)
            yield rec

    def answers(self, grids: list[Grid]):
        return _answers(grids, self.limit, self.args)

    def answer(self, src: _Input, rec, count: int, stopped: bool, illegal: bool, solution) -> str:
        raise NotImplementedError

    def failure(self, src: _Input, rec, status: str, reason: str | None) -> str:
        return f"{one_line(rec.text)}\t{status}\n"

    def bad_record(self, src: _Input, rec) -> None:
        self.problems += 1
        self.note(str(rec.error) if rec.error.source else f"{src.display}: {rec.error}")
        err = rec.error
        self.log(src, rec.line, "error", err.reason, column=err.column, char=err.char)

    def problem(self, src: _Input, rec, status: str, message: str) -> None:
        """Count and report a record that was read but could not be answered."""
        self.problems += 1
        self.note(f"{self.where(src, rec)}: {message}")
        self.log(src, rec.line, status, message)

    def log(self, src: _Input, line, status: str, reason: str, *, column=None, char=None) -> None:
        """Append one problem record to the --errors file, if one was asked for."""
        if self.errors is None:
            return
        import json
        try:
            self.errors.write(json.dumps({"source": src.display, "line": line, "column": column,
                                          "char": char, "status": status, "reason": reason})
                              + "\n")
        except OSError as exc:  # (disk full ...: a write error, not one of the input)
            raise WriteError(exc) from exc

    def sep(self, fmt: str) -> str:
        """The blank line between multi-line records (none before the first)."""
        if fmt in MULTILINE:
            if self.first:
                self.first = False
                return ""
            return "\n"
        return ""


class _Solve(_Command):
    """solve: one solution (or a status) per record."""

    name = "solve"

    def __init__(self, options: Options, out, err):
        super().__init__(options, out, err)
        self.limit = 2 if options.unique else 1

    def handle(self, src: _Input, chunk: list, known: dict | None = None) -> None:
        for rec in chunk:  # the notation (and so the output format) before the first answer
            if rec.grid is not None:
                src.learn(rec)
                break
        super().handle(src, chunk, known)

    def fmt(self, src: _Input) -> str:
        return self.args.to or src.format or "line"

    def answer(self, src, rec, count, stopped, illegal, solution) -> str:
        status = solve_status(count, stopped, self.limit, illegal=illegal)
        fmt = self.fmt(src)
        if status == "solved":
            try:
                text = render(solution, fmt, src.alphabet, None, puzzle=rec.grid)
            except ValueError as exc:  # e.g. 64 values in a notation that spells 61
                return self.unwritable(src, rec, exc)
            if fmt == "json":
                return '{"status": "solved", ' + text[1:] + "\n"
            return self.sep(fmt) + text + "\n"
        detail = ""
        if status == "illegal":
            detail = " (" + "; ".join(str(c) for c in rec.grid.status().conflicts) + ")"
        self.problem(src, rec, status, f"{status}{detail}")
        return self.failure(src, rec, status, None)

    written = "answer"    # what unwritable() says it cannot write

    def unwritable(self, src: _Input, rec, exc: ValueError) -> str:
        """The error record of an answer the output notation cannot write."""
        self.problem(src, rec, "error", f"cannot write the {self.written}: {exc}")
        return self.failure(src, rec, "error", f"cannot write the {self.written}: {exc}")

    def failure(self, src: _Input, rec, status: str, reason: str | None) -> str:
        fmt = self.fmt(src)
        if fmt in ("line", "sdm", "pencilmarks"):
            return f"{one_line(rec.text)}\t{status}\n"
        if fmt == "json":
            import json
            obj = {"status": status, "line": rec.line}
            if reason:
                obj["error"] = reason
            if rec.grid is not None:
                obj.update(json.loads(formats.format_json(rec.grid)))
            else:
                obj["text"] = rec.text
            return json.dumps(obj) + "\n"
        head = f"# {status}" + (f": {reason}" if reason else "") + "\n"
        try:
            body = render(rec.grid, fmt, src.alphabet, None) + "\n" if rec.grid else None
        except ValueError:
            body = None
        if body is None:
            body = "".join(f"# {line}\n" for line in rec.text.splitlines()) or "#\n"
        return self.sep(fmt) + head + body


class _Check(_Command):
    """check: the puzzle on one line, TAB, the verdict."""

    name = "check"

    limit = 2

    def answers(self, grids: list[Grid]):
        return _answers(grids, self.limit, self.args, illegal_first=True)

    def answer(self, src, rec, count, stopped, illegal, solution) -> str:
        word = outcome(count, stopped, 2, illegal=illegal)
        if word == "limit":
            self.problem(src, rec, "limit", "node limit reached")
        return f"{puzzle_field(src, rec)}\t{word}\n"


class _Count(_Command):
    """count: the puzzle on one line, TAB, the number of solutions (N+ at the limit)."""

    name = "count"

    def __init__(self, options: Options, out, err):
        super().__init__(options, out, err)
        self.limit = options.limit

    def answer(self, src, rec, count, stopped, illegal, solution) -> str:
        if stopped:
            self.problem(src, rec, "limit", f"node limit reached after {count} solution(s)")
        return f"{puzzle_field(src, rec)}\t{count_word(count, stopped, self.limit)}\n"


class _Convert(_Solve):
    """convert: each record rewritten in --to; unreadable records keep their place."""

    name = "convert"
    written = "puzzle"

    def handle(self, src: _Input, chunk: list, known: dict | None = None) -> None:
        fmt, blank = self.args.to, self.args.blank
        for rec in self.readable(src, self.fit(src, chunk)):
            self.reading_note(src, rec)  # (the guess decides the boxes written)
            own = rec.grid._geom
            if own is not None and own is not self.args.geometry and fmt not in RULED:
                # (written without its rules or regions it would be another puzzle; rules
                # from --rules/--regions are the user's, given again when it is read)
                self.texts.append(self.unwritable(src, rec, ValueError(
                    f"--to {fmt} cannot carry its {rule_words(own)}; write --to fpuzzles "
                    f"or json, or give them again with --rules/--regions")))
                continue
            try:
                text = render(rec.grid, fmt, src.alphabet, blank)
            except ValueError as exc:  # e.g. 64 values in a notation that spells 61
                self.texts.append(self.unwritable(src, rec, exc))
                continue
            self.texts.append(text + "\n" if fmt == "json" else self.sep(fmt) + text + "\n")


# the output formats that write a puzzle's geometry (its regions and rules) with it
RULED = ("json", "fpuzzles", "sudokupad", "solo", "killer")

_COMMANDS = {"solve": _Solve, "check": _Check, "count": _Count, "convert": _Convert}


def command_for(options: Options, out, err: TextIO) -> _Command:
    """Return the command object that answers records for these options."""
    if options.logic is not None:  # hint, explain: their options know their command class
        return options.logic.command(options, out, err)
    return _COMMANDS[options.command](options, out, err)


# --- blocks of lines: the unit of work of --jobs, tables and Dask ---------------------------
#
# A file (or a pipe) whose records are one per line is read in blocks of whole lines
# (sudokit.records.pipeline); each block is read, answered and written out as text by work_block,
# in this process or in a worker, and the texts are written in input order.  The notation
# (format, alphabet) is decided once, from the first lines, exactly as the streaming reader
# would, and travels with every block in a Spec.


class Spec(Value):
    """Everything a worker needs besides the block: options, source name and notation.

    reading is the format the lines are read as (line, json, pencilmarks); hint the shape of
    the input's first good line record; format the input's own notation, for output.
    """

    __slots__ = __match_args__ = ("options", "source", "reading", "hint", "format", "alphabet")

    def __init__(self, options: Options, source: str, reading: str, hint: Shape | None = None,
                 format: str | None = None, alphabet: str | None = None):
        _set = object.__setattr__  # (frozen: __setattr__ refuses)
        _set(self, "options", options)
        _set(self, "source", source)
        _set(self, "reading", reading)
        _set(self, "hint", hint)
        _set(self, "format", format)
        _set(self, "alphabet", alphabet)


class BlockResult:
    """What work_block returns: output text, counts, stderr notes, --errors lines; once:
    the reading notes, (note, line) pairs, that the run writes once each (not per block)."""

    __slots__ = ("text", "records", "problems", "notes", "log", "partial", "once")

    def __init__(self, text, records, problems, notes, log, partial=False, once=()):
        self.text, self.records, self.problems = text, records, problems
        self.notes, self.log, self.partial = notes, log, partial
        self.once = once


def work_block(spec: Spec, block) -> BlockResult:
    """Answer the records of one block of lines (a pipeline.Block); picklable for workers."""
    from . import _fastpath

    def answer(command: _Command, src: _Input) -> bool:
        fast = _fastpath.mode(command, src)
        if fast is not None:  # (it decodes only the lines whose text it needs)
            return _fastpath.work(command, src, block, fast)
        lines = block.data.decode("utf-8", "surrogateescape").split("\n")
        if lines and not lines[-1]:
            lines.pop()
        src.handle = lines
        return answer_chunks(command, src, record_chunks(src, block.bad or {}))

    return work_unit(spec, block.first_line, answer)


def work_unit(spec: Spec, first_line: int, answer) -> BlockResult:
    """The BlockResult of answer(command, src) (True if it stopped early), for a command
    and an input (no lines yet) set up from spec, its first line numbered first_line.

    The harness of every unit of work (blocks of lines here, table rows in
    sudokit.records._tablerows): notes, --errors lines, and Ctrl-C in this process (Interrupted,
    with what was answered).
    """
    from . import pipeline
    notes = io.StringIO()
    command = command_for(spec.options, None, notes)
    log = io.StringIO() if spec.options.log else None
    command.errors = log
    command.deferred = once = []
    src = _Input(spec.source, (), spec.options)
    src.reading, src.first_line, src.hint = spec.reading, first_line, spec.hint
    src.format, src.alphabet = spec.format, spec.alphabet
    try:
        partial = answer(command, src)
    except KeyboardInterrupt as exc:  # (in this process only: workers ignore SIGINT)
        raise pipeline.Interrupted(BlockResult("".join(command.texts), command.records,
                                               command.problems, notes.getvalue(),
                                               log.getvalue() if log else "", True, once),
                                   exc) from None
    return BlockResult("".join(command.texts), command.records, command.problems,
                       notes.getvalue(), log.getvalue() if log else "", partial, once)


def work_block_bytes(spec: Spec, block) -> BlockResult:
    """work_block with the output text encoded (UTF-8, surrogateescape), as a worker hands it
    back: the main process writes the bytes as they are (no decoding, no encoding there).
    Ctrl-C here (the main process answering a block itself): its Interrupted carries what
    was answered, encoded too."""
    from . import pipeline
    try:
        result = work_block(spec, block)
    except pipeline.Interrupted as exc:
        partial = exc.partial
        if isinstance(getattr(partial, "text", None), str):
            partial.text = partial.text.encode("utf-8", "surrogateescape")
        raise
    result.text = result.text.encode("utf-8", "surrogateescape")
    return result


def answer_chunks(command: _Command, src: _Input, chunks) -> bool:
    """command.handle every chunk of Records; True if stopped early (Ctrl-C in a worker)."""
    from . import pipeline
    for chunk in chunks:
        command.handle(src, chunk)
        if len(chunk) >= _WORK_CHUNK and pipeline.stopping():
            return True
    return False


def record_chunks(src: _Input, bad: dict):
    """src's records in chunks of _WORK_CHUNK (lines named in bad turned into errors)."""
    chunk: list = []
    for rec in src.records():
        if rec.line in bad:
            rec = formats.Record(rec.index, rec.line, None,
                                 ParseError(bad[rec.line], line=rec.line, source=src.display),
                                 rec.text, None)
        chunk.append(rec)
        if len(chunk) >= _WORK_CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class LinesAnswer:
    """The answer of answer_lines: output text, and what went wrong (if anything)."""

    __slots__ = ("text", "records", "problems", "notes", "log")

    def __init__(self, text: str, records: int, problems: int, notes: str, log: list[dict]):
        self.text, self.records, self.problems, self.notes, self.log = (
            text, records, problems, notes, log)

    def lines(self) -> list[str]:
        """The output as a list of lines (without their newlines)."""
        return self.text.splitlines()


def notation(lines: Iterable[str], options: Options, source: str = "<lines>") -> Spec:
    """Return how the first lines of an input read: pass it to answer_lines for the rest.

    The command line decides the notation (format, grid size hint, alphabet) once, from the
    first lines of the whole input; a piece of a bigger input answered on its own must be
    given the same notation, or a piece that starts with a bad line could read differently.
    """
    rows = [t[:-1] if t.endswith("\n") else t for t in lines]
    if rows and rows[0].startswith("\ufeff"):
        rows[0] = rows[0][1:]
    reading, hint = _reading_format(rows, options)
    if reading not in PER_LINE:
        raise ValueError(f"answer_lines needs one record per line, not {reading!r} records")
    return learn_notation(rows, options, source, reading, hint)


def learn_notation(rows: list[str], options: Options, source: str, reading: str,
                   hint: Shape | None) -> Spec:
    """The Spec of an input read as reading, its notation learned from its first good record."""
    src = _Input(source, rows, options)
    src.reading, src.hint = reading, hint
    for rec in src.records():
        if rec.grid is not None:
            src.learn(rec)
            break
    return Spec(options, source, reading, hint, src.format, src.alphabet)


def answer_lines(lines: Iterable[str], options: Options, *, first_line: int = 1,
                 source: str = "<lines>", notation: Spec | None = None) -> LinesAnswer:
    """Run a record command (options.command) on lines, in this process.

    The output is exactly what ``sudokit COMMAND`` writes for those lines with those
    options, with line numbers counted from ``first_line``.  For a piece of a bigger input,
    pass ``notation=notation(first_lines_of_the_input, options)``.  This is the unit of
    work of ``--jobs`` and of sudokit.records.distributed.  ``log`` holds one dict per problem
    record (source, line, column, char, status, reason), as ``--errors`` writes.
    """
    from .pipeline import Block
    if not isinstance(options, Options):
        raise TypeError(f"options must be a sudokit.records.Options, not {type(options).__name__}")
    lines = list(lines)
    text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    spec = notation if notation is not None else globals()["notation"](
        text.split("\n")[:-1], options, source)
    spec = spec.replace(options=options.replace(log=True), source=source)
    result = work_block(spec, Block(0, first_line, text.encode("utf-8", "surrogateescape")))
    import json
    log = [json.loads(line) for line in result.log.splitlines()]
    notes = "".join(line for _, line in result.once) + result.notes
    return LinesAnswer(result.text, result.records, result.problems, notes, log)
