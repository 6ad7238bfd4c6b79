"""Judge dialects: read an online judge's Sudoku input, write exactly the answers it expects.

One small *dialect* per judge problem.  Each knows three things: how its input is laid out
(``read``), how to answer one case (``solve``) and how the answer is spelled (``write``).
``run`` ties them together on text streams; ``sudokit judge NAME`` is ``run`` on stdin/stdout.

    dialect      input ('.' etc. = the blank)             output                        technique
    -----------  ---------------------------------------  ----------------------------  ----------
    poj3074      81-char lines ('.'); a line `end` ends   one 81-digit line per case    dlx
      acwing166
    acwing1613   9 lines x 9 chars ('.'); one puzzle      9 lines x 9 digits            bt+prop
    poj2676      T; then 9 lines x 9 digits ('0')         9 lines x 9 digits per case   bt+prop
    poj3076      16 lines x 16 of A-P ('-'); a blank      the same; a blank line        propagate
      uva1309    line between sets; EOF                   BETWEEN grids
    spoj-sudoku  K; then sets as poj3076                  as poj3076                    propagate
    uva10957     9 lines x 9 spaced digits ('0'); a       `Case N: Unique.` (Illegal,   check()
                 blank line between grids; EOF            Ambiguous, Impossible)
    hdu1426      9 lines x 9 spaced tokens ('?'); a       spaced digits; a blank line   bt+prop
                 blank line between tests; EOF            BETWEEN solutions
    poj2918      T; 9 lines x 9 digits ('0'), each        `Scenario #i:`, the grid, a   propagate
                 scenario ended by an empty line          blank line after EVERY one
    uva989       n (1..3); n^2 lines x n^2 spaced ints    the lexicographically         smallest
                 ('0'); a blank line between tests        smallest solution or `NO
                                                          SOLUTION`; blank line BETWEEN
    luogu-p1784  9 lines x 9 spaced ints ('0'); one       9 lines x 9 spaced digits     propagate
                 puzzle
    hdu4069      T; 9 lines x 9 spaced ints: value ('0')  `Case k:`, then 9 lines x 9    auto
                 + wall bits 16 up, 32 right, 64 down,    digits, `No solution` or
                 128 left (a jigsaw, formats.parse_walls) `Multiple Solutions`

Techniques (``engine=`` given to ``run`` replaces every default).
    bt+prop    the judge's reference technique, row-major DFS, runs first within ``BUDGET``
               nodes (about 50 ms in pure Python); candidate propagation takes over past it.
               Several shipped cases (hardest-database puzzles) need millions of DFS nodes.
               Both give the same answer when the solution is unique, which these judges
               guarantee (POJ 2676 accepts any solution).
    dlx        poj3074's intended method, kept: top1465 takes ~11 s in pure Python and
               ~0.7 s with the C backend (whose DLX still builds the matrix in Python;
               ``engine='auto'``, the C 9x9 kernel, is ~3x faster again).
    propagate  16x16: ~0.5 s per shipped puzzle in pure Python (DLX measured ~20 % faster
               there; propagate kept as the UVa 1309 technique), milliseconds in C.
               poj2918 needs no search at all (hidden and naked singles suffice);
               luogu-p1784's statement hack case defeats plain DFS, so no DFS there.
    check()    legality from the givens first (Illegal wins over Impossible), then a count
               up to 2 -- the very call ``check()`` makes, so the two always agree.
    smallest   ``smallest_solution``: row-major DFS finds the lexicographically smallest
               solution first; past the budget a greedy walk with propagation takes over.

Reading is line based and lenient about whitespace only: trailing spaces, CRLF and
whitespace-only separator lines are accepted; every other character outside the judge's
alphabet is a ParseError naming line, column and character.  Blank lines always end a grid,
so one damaged case never shifts the cases after it (the formats without separators --
poj2676, acwing1613, luogu-p1784 -- cut grids by row count, which is all their layout allows).
A leading count (poj2676, spoj-sudoku, poj2918) bounds the cases read; a missing count line
or fewer cases than announced is reported, and everything readable is still answered.
A missing ``end`` line in poj3074 is tolerated.

Bad cases.  A case that cannot be read, or that has no solution in a judge that guarantees
one, still gets its slot in the output so answers stay aligned with cases:

    poj3074, acwing1613, poj2676, poj3076, spoj-sudoku, hdu1426, luogu-p1784:
        one line ``ERROR`` (unreadable) or ``NO SOLUTION`` (no solution) instead of the grid,
        with the judge's usual separators around it
    poj2918:  ``Scenario #i:``, then ``ERROR`` / ``NO SOLUTION``, then the blank line
    uva10957: ``Case N: Error.`` (an unsolvable grid is the verdict Impossible, not a fault)
    uva989:   ``ERROR`` (``NO SOLUTION`` is the judge's own answer, not a fault)
    hdu4069:  ``Case k:``, then ``ERROR`` (``No solution`` and ``Multiple Solutions`` are the
              judge's own answers, not faults)

The reason goes to the error stream and ``run`` returns 1; errors that belong to no case
(a bad count line, cases missing at the end) print nothing on the output stream.  A case
that fails to be answered (any error of the engine on that case) is written like an
unreadable one, with ``cannot answer: <why>`` on the error stream; the other cases go on.
An ``engine=`` that fits none of the dialect's grid shapes (fast9 for the 16x16 judges) is
refused before any case is read (``engine_problem``; ``run`` returns 2).  Messages about
values spell them in the judge's own alphabet (``value A repeats in box 1`` for poj3076).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, TextIO

from .errors import ParseError
from .grid import Grid
from .shape import Shape
from .solver import Verdict, check, search

__all__ = ["Case", "Outcome", "Dialect", "GridDialect", "DIALECTS", "BUDGET", "dialect", "names",
           "run", "smallest_solution", "engine_problem"]

BUDGET = 50_000  # nodes for a judge's reference technique before propagation takes over
CHUNK = 2_000    # cases answered per write to the output stream

ERROR = "ERROR"
NO_SOLUTION = "NO SOLUTION"


@dataclass(frozen=True)
class Case:
    """One judge case: its number (from 1), first line, and the grid or why it is unreadable."""

    index: int
    line: int
    grid: Grid | None
    error: ParseError | None = None


@dataclass(frozen=True)
class Outcome:
    """The answer to one case: a solution, a verdict, or a problem (for the error stream)."""

    solution: Grid | None = None
    verdict: Verdict | None = None
    problem: str | None = None
    failed: bool = False  # the case could not be answered (written like an unreadable case)


# --- reading ---------------------------------------------------------------------------


class _Lines:
    """Numbered input lines (1-based) without their line ends; ``None`` at the end."""

    def __init__(self, lines: Iterable[str]):
        self._it = iter(lines)
        self._back: list[tuple[int, str]] = []
        self.lineno = 0
        self.last = ""  # the text of the last line read, for end-of-input positions

    def next(self) -> tuple[int, str] | None:
        if self._back:
            return self._back.pop()
        text = next(self._it, None)
        if text is None:
            return None
        self.lineno += 1
        text = text.rstrip("\r\n")
        if self.lineno == 1 and text.startswith("\ufeff"):
            text = text[1:]
        self.last = text
        return self.lineno, text

    def push(self, item: tuple[int, str]) -> None:
        self._back.append(item)

    def next_nonblank(self) -> tuple[int, str] | None:
        while True:
            item = self.next()
            if item is None or item[1].strip():
                return item

    def end_error(self, reason: str) -> ParseError:
        """A ParseError placed just after the last character of the input."""
        return ParseError(reason, line=max(self.lineno, 1), column=len(self.last.rstrip()) + 1)

    def rows(self, first: tuple[int, str],
             nrows: int) -> tuple[list[tuple[int, str]], ParseError | None]:
        """Return up to nrows rows from first on, and the error when a blank line or the end
        of input comes first (a blank line always ends a grid: a short grid never eats the
        next case)."""
        rows = [first]
        while len(rows) < nrows:
            item = self.next()
            if item is None:
                return rows, self.end_error(f"input ends after {len(rows)} of {nrows} rows "
                                            f"of the grid that starts at line {first[0]}")
            if not item[1].strip():
                return rows, ParseError(f"blank line after {len(rows)} of {nrows} rows of the grid "
                                        f"that starts at line {first[0]}", line=item[0], column=1)
            rows.append(item)
        return rows, None


def _spell(table: dict[str, int]) -> str:
    """Describe a symbol table for error messages: "1-9 or '.'"."""
    values = sorted((v, k) for k, v in table.items() if v)
    blanks = [k for k, v in table.items() if not v]
    shown = f"{values[0][1]}-{values[-1][1]}" if len(values) > 2 else " ".join(k for _, k in values)
    return f"{shown} or {' or '.join(repr(b) for b in blanks)}" if blanks else shown


def _char_row(lineno: int, text: str, width: int, table: dict[str, int]) -> list[int]:
    """Return the values of a row of width characters (outer whitespace ignored), or raise."""
    body = text.rstrip()
    start = len(body) - len(body.lstrip())
    body = body[start:]
    out = []
    for i, ch in enumerate(body):
        if i == width:
            raise ParseError(f"row has {len(body)} characters, expected {width}",
                             line=lineno, column=start + i + 1, char=ch)
        v = table.get(ch)
        if v is None:
            raise ParseError(f"unexpected character {ch!r}, expected {_spell(table)}",
                             line=lineno, column=start + i + 1, char=ch)
        out.append(v)
    if len(out) < width:
        raise ParseError(f"row has {len(out)} characters, expected {width}",
                         line=lineno, column=start + len(body) + 1)
    return out


_TOKEN = re.compile(r"\S+")


def _token_row(lineno: int, text: str, width: int, table: dict[str, int]) -> list[int]:
    """Return the values of a row of width whitespace-separated entries, or raise ParseError."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if len(out) == width:
            raise ParseError(f"row has more than {width} entries", line=lineno,
                             column=m.start() + 1, char=tok[0])
        v = table.get(tok)
        if v is None:
            bad = next((i for i, ch in enumerate(tok) if ch not in table), 0)
            raise ParseError(f"unexpected entry {tok!r} (character {tok[bad]!r}), "
                             f"expected {_spell(table)}", line=lineno,
                             column=m.start() + bad + 1, char=tok[bad])
        out.append(v)
    if len(out) < width:
        raise ParseError(f"row has {len(out)} entries, expected {width}", line=lineno,
                         column=len(text.rstrip()) + 1)
    return out


def _table(symbols: str, blank: str) -> dict[str, int]:
    table = {ch: v for v, ch in enumerate(symbols, 1)}
    table[blank] = 0
    return table


def _digits(n: int) -> dict[str, int]:
    """Integer entries 0..n (0 = empty), as UVa 989 writes them."""
    return {str(v): v for v in range(n + 1)}


# --- answering --------------------------------------------------------------------------


def _solve(grid: Grid, reference: str, budget: int | None, engine: str | None) -> Grid | None:
    """Return a solution or None: the reference technique within budget nodes, then 'auto'."""
    if engine:
        return search(grid, limit=1, engine=engine).solution
    result = search(grid, limit=1, engine=reference, node_limit=budget)
    if not result.stopped:
        return result.solution
    return search(grid, limit=1, engine="auto").solution


def smallest_solution(puzzle: Grid, *, engine: str | None = None,
                      budget: int | None = BUDGET) -> Grid | None:
    """Return the lexicographically smallest solution (row-major), or None if there is none.

    Row-major backtracking finds exactly that solution first, so it runs first, within
    ``budget`` nodes.  Past the budget a greedy walk takes over: keep a solution S; for each
    empty cell in row-major order try the values below S[cell] in ascending order and keep
    the first that still has a solution (it replaces S); else S[cell] is the smallest.
    """
    if engine in (None, "backtrack"):
        result = search(puzzle, limit=1, engine="backtrack",
                        node_limit=budget if engine is None else None)
        if not result.stopped:
            return result.solution
        engine = None
    best = search(puzzle, limit=1, engine=engine or "auto").solution
    if best is None:
        return None
    shape = puzzle.shape
    values = list(puzzle.values)
    peers = shape.peers
    for cell, given in enumerate(puzzle.values):
        if given:
            continue
        used = {values[p] for p in peers[cell]}
        for v in range(1, best.values[cell]):
            if v in used:
                continue
            values[cell] = v
            found = search(Grid._trusted(tuple(values), shape), limit=1,
                           engine=engine or "auto").solution
            if found is not None:
                best = found
                break
        values[cell] = best.values[cell]
    return best


def _why(grid: Grid, symbols: str) -> str:
    """Say why grid has no solution, its values spelled in symbols (the judge's alphabet)."""
    status = grid.status()
    if status.is_legal:
        return "no solution"
    clashes = "; ".join(f"value {symbols[c.value - 1]} repeats in {c.unit}"
                        for c in status.conflicts)
    return f"no solution, the givens clash: illegal: {clashes}"


# --- dialects ---------------------------------------------------------------------------


class Dialect:
    """A judge problem: ``read`` its cases, ``solve`` one, ``write`` its answer exactly."""

    name = ""
    aliases: tuple[str, ...] = ()
    title = ""
    engine = "propagate"          # the reference technique
    budget: int | None = None     # its node budget before the fastest engine takes over
    shapes: tuple[Shape, ...] = ()  # the grid shapes its cases may have

    def read(self, lines: Iterable[str]) -> Iterator["Case | ParseError"]:
        """Yield each Case in input order, and ParseErrors that belong to no case."""
        raise NotImplementedError

    def solve(self, case: Case, *, engine: str | None = None) -> Outcome:
        """Return the Outcome of a readable case."""
        raise NotImplementedError

    def write(self, case: Case, outcome: Outcome) -> str:
        """Return the exact output text for one case (separators included)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<judge dialect {self.name}>"


class GridDialect(Dialect):
    """Judges that give grids and want them solved (all dialects but uva10957 and uva989)."""

    def __init__(self, name: str, title: str, *, shape: Shape, symbols: str, blank: str,
                 rows: str = "chars", one_line: bool = False, counted: bool = False,
                 terminator: str | None = None, between: str = "", after: str = "",
                 header: str = "", engine: str = "propagate", budget: int | None = None,
                 aliases: tuple[str, ...] = ()):
        self.name, self.title, self.aliases = name, title, aliases
        self.shape = shape
        self.shapes = (shape,)
        self.symbols = symbols
        self.table = _table(symbols, blank)
        self.row_reader = _char_row if rows == "chars" else _token_row
        self.spaced = rows != "chars"
        self.one_line = one_line
        self.counted = counted
        self.terminator = terminator
        self.between, self.after, self.header = between, after, header
        self.engine, self.budget = engine, budget

    # reading

    def read(self, lines: Iterable[str]) -> Iterator["Case | ParseError"]:
        src = _Lines(lines)
        expected = None
        if self.counted:
            expected, error = self._count(src)
            if error is not None:
                yield error
        nrows = 1 if self.one_line else self.shape.size
        width = self.shape.ncells if self.one_line else self.shape.size
        index = 0
        while expected is None or index < expected:
            first = src.next_nonblank()
            if first is None:
                break
            if self.terminator and first[1].strip() == self.terminator:
                break
            index += 1
            rows, short = src.rows(first, nrows)
            try:
                values: list[int] = []
                for lineno, text in rows:
                    values += self.row_reader(lineno, text, width, self.table)
                if short is not None:
                    raise short
            except ParseError as error:
                yield Case(index, first[0], None, error)
                continue
            yield Case(index, first[0], Grid._trusted(tuple(values), self.shape))
        if expected is not None and index < expected:
            yield src.end_error(f"the first line announces {expected} cases, "
                                f"the input ends after {index}")

    def _count(self, src: _Lines) -> tuple[int | None, ParseError | None]:
        """Read the leading case count: (count, None), or (None, error) and read to the end."""
        item = src.next_nonblank()
        if item is None:
            return 0, None
        lineno, text = item
        body = text.strip()
        start = text.index(body[0])
        try:  # a whole grid row ('103000509' is no count of 103 million cases): keep it
            self.row_reader(lineno, text, self.shape.ncells if self.one_line else self.shape.size,
                            self.table)
            is_row = len(body) > 3
        except ParseError:
            is_row = False
        if body.isdigit() and not is_row:
            return int(body), None
        if is_row:
            src.push(item)
        bad = next((i for i, ch in enumerate(body) if not ch.isdigit()), 0)
        return None, ParseError("expected the number of cases on this line", line=lineno,
                                column=start + bad + 1, char=body[bad])

    # answering

    def solve(self, case: Case, *, engine: str | None = None) -> Outcome:
        solution = _solve(case.grid, self.engine, self.budget, engine)
        if solution is None:
            return Outcome(problem=_why(case.grid, self.symbols))
        return Outcome(solution=solution)

    def format_grid(self, grid: Grid) -> str:
        """Return the grid in this judge's layout, ending with a newline."""
        n = grid.shape.size
        table = [""] + list(self.symbols)
        cells = [table[v] for v in grid.values]
        if self.one_line:
            return "".join(cells) + "\n"
        glue = " " if self.spaced else ""
        return "".join(glue.join(cells[r * n:(r + 1) * n]) + "\n" for r in range(n))

    def write(self, case: Case, outcome: Outcome) -> str:
        if outcome.solution is not None:
            body = self.format_grid(outcome.solution)
        else:
            body = (ERROR if case.error is not None or outcome.failed else NO_SOLUTION) + "\n"
        head = self.header.format(index=case.index)
        return (self.between if case.index > 1 else "") + head + body + self.after


class Uva10957(Dialect):
    """UVa 10957 So Doku Checker: a verdict per grid, Illegal decided from the givens first."""

    name = "uva10957"
    title = "UVa 10957 So Doku Checker"
    shapes = (Shape(3, 3),)

    def __init__(self):
        self.grids = GridDialect("uva10957", self.title, shape=Shape(3, 3), symbols="123456789",
                                 blank="0", rows="tokens")

    def read(self, lines):
        return self.grids.read(lines)

    def solve(self, case: Case, *, engine: str | None = None) -> Outcome:
        return Outcome(verdict=check(case.grid, engine=engine or "auto"))

    def write(self, case: Case, outcome: Outcome) -> str:
        word = "Error" if outcome.verdict is None else outcome.verdict.value.capitalize()
        return f"Case {case.index}: {word}.\n"


class Uva989(Dialect):
    """UVa 989 Su Doku: n then an n^2 x n^2 grid; the lexicographically smallest solution."""

    name = "uva989"
    title = "UVa 989 Su Doku"
    engine = "backtrack"
    budget = BUDGET
    shapes = (Shape(1, 1), Shape(2, 2), Shape(3, 3))

    def read(self, lines):
        src = _Lines(lines)
        index = 0
        while True:
            first = src.next_nonblank()
            if first is None:
                return
            index += 1
            lineno, text = first
            body = text.strip()
            if body not in ("1", "2", "3"):
                start = text.index(body[0])
                yield Case(index, lineno, None, ParseError(
                    f"expected n = 1, 2 or 3 on the first line of a case, found {body[:20]!r}",
                    line=lineno, column=start + 1, char=body[0]))
                self._skip(src)
                continue
            n = int(body)
            shape = Shape(n, n)
            row1 = src.next()
            if row1 is None or not row1[1].strip():
                error = (src.end_error(f"input ends after the line n = {n}") if row1 is None else
                         ParseError(f"blank line where the first row of the {n * n}x{n * n} grid "
                                    f"should be", line=row1[0], column=1))
                yield Case(index, lineno, None, error)
                continue
            rows, short = src.rows(row1, shape.size)
            table = _digits(shape.size)
            try:
                values: list[int] = []
                for rl, rt in rows:
                    values += _token_row(rl, rt, shape.size, table)
                if short is not None:
                    raise short
            except ParseError as error:
                yield Case(index, lineno, None, error)
                continue
            yield Case(index, lineno, Grid._trusted(tuple(values), shape))

    @staticmethod
    def _skip(src: _Lines) -> None:
        while True:
            item = src.next()
            if item is None or not item[1].strip():
                return

    def solve(self, case: Case, *, engine: str | None = None) -> Outcome:
        solution = smallest_solution(case.grid, engine=engine)
        if solution is None:
            return Outcome(verdict=Verdict.IMPOSSIBLE)
        return Outcome(solution=solution)

    def write(self, case: Case, outcome: Outcome) -> str:
        sep = "\n" if case.index > 1 else ""
        if outcome.solution is None:
            return sep + (ERROR if case.error is not None or outcome.failed else NO_SOLUTION) + "\n"
        grid = outcome.solution
        n = grid.shape.size
        vals = [str(v) for v in grid.values]
        return sep + "".join(" ".join(vals[r * n:(r + 1) * n]) + "\n" for r in range(n))


class Hdu4069(Dialect):
    """HDU 4069 Squiggly Sudoku: T jigsaw cases in wall bits; the solution, or the verdict.

    ``No solution`` and ``Multiple Solutions`` are the judge's own answers (not faults):
    unlike the GridDialects it reports a verdict, so it is a Dialect of its own.
    """

    name = "hdu4069"
    title = "HDU 4069 Squiggly Sudoku"
    engine = "auto"

    def __init__(self):
        from .geometry import jigsaw
        # the count line is read as GridDialect reads one (a row of integers up to 255 is
        # no count: it is kept as the first row of a case)
        self.rows = GridDialect(self.name, self.title, shape=Shape(3, 3), symbols=_D9,
                                blank="0", rows="tokens", counted=True)
        self.rows.table = _digits(255)
        # the geometry engines must fit (engine_problem): a jigsaw, so 'fast9' is refused
        self.shapes = (jigsaw("111222233114442233114552333114522633444555666"
                              "774885699777855699778866699778888999"),)

    def read(self, lines):
        from .formats._regions import walls_grid
        src = _Lines(lines)
        expected, error = self.rows._count(src)
        if error is not None:
            yield error
        index = 0
        while expected is None or index < expected:
            first = src.next_nonblank()
            if first is None:
                break
            index += 1
            rows, short = src.rows(first, 9)
            try:
                if short is not None:
                    raise short
                grid = walls_grid(rows, size=9)
            except ParseError as error:
                yield Case(index, first[0], None, error)
                continue
            yield Case(index, first[0], grid)
        if expected is not None and index < expected:
            yield src.end_error(f"the first line announces {expected} cases, "
                                f"the input ends after {index}")

    def solve(self, case: Case, *, engine: str | None = None) -> Outcome:
        result = search(case.grid, limit=2, engine=engine or None)
        if result.count == 0:
            return Outcome(verdict=Verdict.IMPOSSIBLE)
        if result.count > 1:
            return Outcome(verdict=Verdict.AMBIGUOUS)
        return Outcome(solution=result.solution)

    def write(self, case: Case, outcome: Outcome) -> str:
        head = f"Case {case.index}:\n"
        if outcome.solution is not None:
            values = outcome.solution.values
            return head + "".join("".join(map(str, values[r * 9:(r + 1) * 9])) + "\n"
                                  for r in range(9))
        if case.error is not None or outcome.failed or outcome.verdict is None:
            return head + ERROR + "\n"
        word = "No solution" if outcome.verdict is Verdict.IMPOSSIBLE else "Multiple Solutions"
        return head + word + "\n"


_S9 = Shape(3, 3)
_S16 = Shape(4, 4)
_D9 = "123456789"
_AP = "ABCDEFGHIJKLMNOP"


def _build() -> dict[str, Dialect]:
    poj3076 = dict(shape=_S16, symbols=_AP, blank="-", between="\n")
    dialects: list[Dialect] = [
        GridDialect("poj3074", "POJ 3074 / AcWing 166 Sudoku", shape=_S9, symbols=_D9, blank=".",
                    one_line=True, terminator="end", engine="dlx", aliases=("acwing166",)),
        GridDialect("acwing1613", "AcWing 1613 Sudoku, easy version", shape=_S9, symbols=_D9,
                    blank=".", engine="backtrack", budget=BUDGET),
        GridDialect("poj2676", "POJ 2676 Sudoku", shape=_S9, symbols=_D9, blank="0", counted=True,
                    engine="backtrack", budget=BUDGET),
        GridDialect("poj3076", "POJ 3076 / UVa 1309 Sudoku 16x16", aliases=("uva1309",), **poj3076),
        GridDialect("spoj-sudoku", "SPOJ SUDOKU (1110) 16x16", counted=True, **poj3076),
        Uva10957(),
        GridDialect("hdu1426", "HDU 1426 Sudoku Killer", shape=_S9, symbols=_D9, blank="?",
                    rows="tokens", between="\n", engine="backtrack", budget=BUDGET),
        GridDialect("poj2918", "POJ 2918 Tudoku", shape=_S9, symbols=_D9, blank="0", counted=True,
                    header="Scenario #{index}:\n", after="\n"),
        Uva989(),
        GridDialect("luogu-p1784", "Luogu P1784 Sudoku", shape=_S9, symbols=_D9, blank="0",
                    rows="tokens"),
        Hdu4069(),
    ]
    table: dict[str, Dialect] = {}
    for d in dialects:
        table[d.name] = d
    for d in dialects:
        for alias in d.aliases:
            table[alias] = d
    return table


DIALECTS: dict[str, Dialect] = _build()


def names() -> list[str]:
    """Return the dialect names, aliases last."""
    return list(DIALECTS)


def dialect(name: "str | Dialect") -> Dialect:
    """Return the dialect called name (case and '_' vs '-' do not matter); KeyError if unknown."""
    if isinstance(name, Dialect):
        return name
    key = name.strip().lower().replace("_", "-")
    if key not in DIALECTS:
        key = key.replace("-", "")
        key = {k.replace("-", ""): k for k in DIALECTS}.get(key, key)
    try:
        return DIALECTS[key]
    except KeyError:
        raise KeyError(f"unknown judge dialect {name!r}; choose one of "
                       f"{', '.join(DIALECTS)}") from None


# --- running ----------------------------------------------------------------------------


def run(dialect_name: "str | Dialect", in_stream: Iterable[str], out_stream: TextIO,
        err_stream: TextIO, *, engine: str | None = None) -> int:
    """Answer every case of in_stream on out_stream; return the exit code.

    0: every case answered; 1: some case was unreadable, or unsolvable where the judge
    promises a solution (reasons on err_stream, markers on out_stream -- see the module
    docstring); 2: unknown dialect or engine.  Output is written in chunks of CHUNK cases;
    on KeyboardInterrupt what is done is written and flushed before it propagates.
    """
    try:
        d = dialect(dialect_name)
    except KeyError as exc:
        err_stream.write(f"sudokit judge: {exc.args[0]}\n")
        return 2
    problem = engine_problem(d, engine)
    if problem is not None:
        err_stream.write(f"sudokit judge: {problem}\n")
        return 2
    status = 0
    pending: list[str] = []
    prefix = f"sudokit judge {d.name}"
    chunk = 1 if _is_tty(in_stream) else CHUNK  # a terminal user wants each answer at once
    try:
        for item in d.read(in_stream):
            if isinstance(item, ParseError):
                err_stream.write(f"{prefix}: {item}\n")
                status = 1
                continue
            if item.error is not None:
                outcome = Outcome(problem=str(item.error))
            else:
                outcome = _answer(d, item, engine)
            if outcome.problem is not None:
                err_stream.write(f"{prefix}: case {item.index}: {outcome.problem}"
                                 f"{'' if item.error else f' (case starts at line {item.line})'}\n")
                status = 1
            pending.append(d.write(item, outcome))
            if len(pending) >= chunk:
                out_stream.write("".join(pending))
                pending.clear()
                if chunk == 1:
                    out_stream.flush()
    finally:  # KeyboardInterrupt included: keep what is done
        if pending:
            out_stream.write("".join(pending))
        out_stream.flush()
    return status


def _answer(d: Dialect, case: Case, engine: str | None) -> Outcome:
    """Return d's Outcome for a readable case; a failure is a failed Outcome, never raised.

    (An engine that fits none of the dialect's shapes is refused before reading, see
    engine_problem; this catches an engine that misses one case's shape, and any other
    error of one case, so the other cases are still answered.)
    """
    try:
        return d.solve(case, engine=engine)
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:  # noqa: BLE001 -- one case's failure is that case's marker
        return Outcome(problem=f"cannot answer: {exc}", failed=True)


def engine_problem(d: "str | Dialect", engine: str | None) -> str | None:
    """Return why engine cannot answer dialect d's cases (a usage error), or None if it can.

    None also for engine None or 'auto' (the dialect's own technique).  An engine that
    solves some of the dialect's shapes (fast9 on uva989, whose 9x9 cases it solves) is
    accepted: a case of another shape gets the ERROR marker and its reason.
    """
    d = dialect(d)
    if engine is None:
        return None
    if engine not in _engines():
        return (f"unknown or unavailable engine {engine!r}; "
                f"choose one of {', '.join(_engines())}")
    from .solver import choose_engine
    reasons = []
    for shape in d.shapes:
        try:
            choose_engine(engine, shape, 2)
        except ValueError as exc:
            reasons.append(str(exc))
        else:
            return None
    if not reasons:
        return None
    return f"engine {engine!r} cannot answer {d.name}: {reasons[0]}"


def _is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _engines() -> list[str]:
    from .solver import engines
    return engines()
