"""sudokit render: pictures of puzzles -- SVG, PNG, or a printable PDF booklet.

    sudokit render [FILE ...] -o OUT.svg|OUT.png|OUT.pdf [--per-page 1|2|4|6] [--solutions]
                   [--steps] [--paper a4|letter] [--title T] [--candidates] [--coordinates]

The extension of OUT chooses the format.  A PDF is a booklet of every puzzle read (the
booklet options apply to it only).  An SVG or PNG is one picture per puzzle: OUT itself for
one puzzle, OUT-1.svg, OUT-2.svg ... (the stem, a dash, the number) for several.

Every puzzle is read first (any format the other commands read, f-puzzles with its rules,
--rules/--regions for all of them); an unreadable record stops the run before anything is
written, with its line and column on stderr (exit status 1): a booklet missing a puzzle
would shift every number after it.  Exit statuses as the other commands: 0 fine, 1 a record
unreadable, 2 usage, 3 I/O (a file not readable or writable, no PNG tool installed).
"""

from __future__ import annotations

import os
from typing import TextIO

from ._argtypes import number_in
from ._common import (EXIT_DATA, EXIT_IO, EXIT_OK, HelpFormatter, _alphabet, _box,
                      _para, _UsageError, declare_files, files_of, refuse_output_over_input,
                      refuse_overlaps)
from .records import _rules_options, geometry_of

__all__ = ["add_parser", "run_render"]

PICTURE_FORMATS = ("svg", "png", "pdf")  # the -o extensions of sudokit render

_BOOKLET_ONLY = ("per_page", "solutions", "steps", "paper", "ratings", "hodoku")


_scale = number_in(float, 0.1, 20, "expected a number, not {text!r}",
                   "the scale runs from 0.1 to 20, not {value:g}")
_width = number_in(int, 1, 20000, "expected a whole number of pixels, not {text!r}",
                   "the width runs from 1 to 20000 px, not {value}")


def add_parser(sub) -> None:
    """Define ``render`` on an argparse subparsers object."""
    p = sub.add_parser(
        "render", formatter_class=HelpFormatter, help="pictures of puzzles: SVG, PNG, PDF booklet",
        description=_para(
            "Draw the puzzles of FILE (stdin when none or '-') as pictures.  -o OUT.pdf: a "
            "printable booklet of every puzzle (numbered, --per-page to a page, --solutions "
            "and --steps on later pages).  -o OUT.svg or OUT.png: one picture per puzzle, "
            "OUT for one puzzle, OUT-1.svg, OUT-2.svg ... for several.  PNG needs pdftoppm "
            "(poppler-utils) or Chromium on the system.  An unreadable record stops the run "
            "before anything is written (its line and column on stderr, exit status 1)."),
        epilog="""examples:
  sudokit render puzzle.txt -o puzzle.svg
  sudokit render --candidates --coordinates puzzle.txt -o puzzle.png
  sudokit generate --count 12 | sudokit render -o book.pdf --solutions --title "Twelve"
  sudokit render --per-page 6 --paper letter --steps puzzles.txt -o steps.pdf
  sudokit render --regions jigsaw-map.txt jigsaws.txt -o jigsaw.svg   (jigsaw-1.svg, ...)

exit status: 0 fine, 1 a record could not be read, 2 usage error, 3 I/O error (a file,
or no PNG tool).""")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="puzzle files ('-' or none: stdin); many puzzles per file")
    p.add_argument("-o", "--output", dest="target", required=True, metavar="OUT",
                   help="the picture to write: OUT.svg, OUT.png or OUT.pdf (a booklet)")
    p.add_argument("-f", "--format", default="auto", metavar="FORMAT",
                   help="input format (default: detected), as for sudokit solve")
    p.add_argument("--box", type=_box, metavar="RxC",
                   help="box shape when the size cannot tell, e.g. 2x3 (6x6)")
    p.add_argument("--alphabet", type=_alphabet, metavar="NAME",
                   help="how values are spelled when detection cannot tell")
    _rules_options(p)
    p.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=None,
                   help="PDF: puzzles on a page (default 4)")
    p.add_argument("--paper", choices=("a4", "letter"), default=None, help="PDF: paper size "
                   "(default a4)")
    p.add_argument("--solutions", action="store_true", default=None,
                   help="PDF: the solutions on pages after the puzzles")
    p.add_argument("--steps", action="store_true", default=None,
                   help="PDF: a picture of every logical step of each puzzle, with its text")
    p.add_argument("--ratings", action="store_true", default=None,
                   help="PDF: a rating line under each classic 9x9 puzzle (Sudoku Explainer "
                        "ER/EP/ED, by sudokit.rate, up to 20 s a puzzle)")
    p.add_argument("--hodoku", action="store_true", default=None,
                   help="PDF, with --ratings: HoDoKu's level too (slower: about 0.7 s a "
                        "puzzle against 0.05 s for SE's ratings alone)")
    p.add_argument("--title", metavar="T", help="a title over the pictures or booklet pages")
    p.add_argument("--candidates", action="store_true",
                   help="SVG/PNG: draw the candidates (a pencil-mark input's own marks)")
    p.add_argument("--coordinates", action="store_true",
                   help="SVG/PNG: r1..rN and c1..cN labels")
    p.add_argument("--scale", type=_scale, default=None, metavar="S",
                   help="PNG: pixels per SVG px (default 2)")
    p.add_argument("--width", type=_width, default=None, metavar="PX",
                   help="SVG/PNG: the picture this many pixels wide (height in proportion; "
                        "instead of --scale)")
    p.add_argument("-q", "--quiet", action="store_true", help="no notes on stderr")
    p.set_defaults(run=run_render)
    declare_files(p, reads=("files", "regions"), writes=("target",), stdout=False)


def _kind(target: str) -> str:
    ext = os.path.splitext(target)[1].lower().lstrip(".")
    if ext not in PICTURE_FORMATS:
        raise _UsageError(f"-o {target}: the extension chooses the format, one of "
                          f"{', '.join('.' + f for f in PICTURE_FORMATS)} (not {ext or 'none'!r})")
    return ext


def _targets(target: str, count: int) -> list[str]:
    """The files of count pictures: target itself for one, stem-1.ext ... for several."""
    if count == 1:
        return [target]
    stem, ext = os.path.splitext(target)
    return [f"{stem}-{k}{ext}" for k in range(1, count + 1)]


def _read(args, err: TextIO):
    """(the pictures' sources: Grids or States, the problems as messages)."""
    from .. import formats
    from ..records._input import _Input
    from ..grid import Grid
    from ..logic import State
    from ..records._commands import misfit
    geom = args.geometry
    sources, problems = [], []
    noted = set()  # the reading notes given (a 6x6 line read with 2x3 boxes ...): once each
    for name in args.files or ["-"]:
        with formats.open_text(name) as handle:
            src = _Input(name, handle, args)
            for rec in src.records():
                if rec.grid is None:
                    err_ = rec.error
                    problems.append(str(err_) if err_.source else f"{src.display}: {err_}")
                    continue
                if rec.note and rec.note not in noted and not getattr(args, "quiet", False):
                    noted.add(rec.note)
                    err.write(f"sudokit render: {src.display}, line {rec.line}: {rec.note}\n")
                grid = rec.grid
                why = misfit(grid, args)
                if why is not None:
                    problems.append(f"{src.display}, line {rec.line}: {why}")
                    continue
                if geom is not None and grid._geom is None:
                    grid = Grid._trusted(grid.values, geom.display_shape, geom)
                if rec.line in src.marks:
                    try:
                        sources.append(State.from_marks(grid, src.marks[rec.line]))
                    except ValueError as exc:
                        problems.append(f"{src.display}, line {rec.line}: {exc}")
                    continue
                sources.append(grid)
    return sources, problems


def run_render(args, out: TextIO, err: TextIO) -> int:
    """Run ``sudokit render``: read every puzzle, then write the pictures; the exit status."""
    kind = _kind(args.target)
    if kind != "pdf":
        given = [f"--{o.replace('_', '-')}" for o in _BOOKLET_ONLY if getattr(args, o) is not None]
        if given:
            raise _UsageError(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for a "
                              f"PDF booklet: write -o OUT.pdf (an {kind.upper()} is one "
                              f"picture per puzzle)")
    elif args.candidates or args.coordinates:
        raise _UsageError("--candidates and --coordinates draw SVG or PNG pictures; a PDF "
                          "booklet prints the puzzles clean")
    elif args.width is not None or args.scale is not None:
        raise _UsageError("--width and --scale size SVG or PNG pictures; a PDF booklet prints "
                          "on --paper")
    if args.width is not None and args.scale is not None:
        raise _UsageError("--width and --scale both size the picture: give one")
    elif getattr(args, "hodoku", None) and not args.ratings:
        raise _UsageError("--hodoku adds HoDoKu's level to the rating lines: give --ratings too")
    if args.format not in ("auto", "line", "block", "tokens", "json", "sdk", "ss", "sdm",
                           "pencilmarks", "fpuzzles"):
        raise _UsageError(f"--format {args.format}: render reads puzzle text (line, block, "
                          f"tokens, json, sdk, ss, sdm, pencilmarks, fpuzzles), not tables")
    if not hasattr(args, "file_reads"):  # (run_render called without cli.main)
        args.file_reads, args.file_writes, args.file_stdout = ("files", "regions"), (), False
        refuse_output_over_input(args)
    try:
        args.geometry = geometry_of(args)
    except OSError as exc:
        err.write(f"sudokit render: cannot read {args.regions!r}: {exc.strerror or exc}\n")
        return EXIT_IO
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    try:
        sources, problems = _read(args, err)
    except OSError as exc:
        err.write(f"sudokit render: cannot read {exc.filename or ''!r}: {exc.strerror or exc}\n")
        return EXIT_IO
    if problems:
        for message in problems:
            err.write(f"sudokit render: {message}\n")
        err.write(f"sudokit render: {len(problems)} record(s) unreadable: nothing written\n")
        return EXIT_DATA
    if not sources:
        err.write("sudokit render: no puzzle in the input: nothing written\n")
        return EXIT_DATA
    # now that the number of pictures is known: none of them may be an input (out-2.svg ...)
    paths = _targets(args.target, len(sources) if kind != "pdf" else 1)
    reads, _ = files_of(args)
    refuse_overlaps(reads, [(f"-o {path}" if path == args.target else
                             f"{path} (picture {k} of -o {args.target})", path)
                            for k, path in enumerate(paths, 1)])
    return _write(args, kind, sources, err)


RATING_SECONDS = 20.0


def _rating_lines(sources: list, *, hodoku: bool = False) -> list:
    """One rating line per puzzle: 'SE 7.2/1.5/1.2' for a classic 9x9 (SE's ER/EP/ED; with
    hodoku: 'SE 7.2/1.5/1.2, HoDoKu hard'), what stopped it otherwise ('not rated: ...'),
    '' for other grids."""
    from ..rate import rate
    lines = []
    for src in sources:
        grid = src.puzzle() if hasattr(src, "puzzle") else src
        if grid.size != 9 or not grid.geometry.is_classic:
            lines.append("")
            continue
        r = rate(grid, time_limit=RATING_SECONDS, hodoku=hodoku)
        if r.status == "rated":
            level = f", HoDoKu {r.level}" if r.level else ""
            lines.append(f"SE {r.er:.1f}/{r.ep:.1f}/{r.ed:.1f}{level}")
        elif r.status == "limit":
            lines.append(f"not rated: over {RATING_SECONDS:g} s")
        else:
            lines.append(f"not rated: {r.status}")
    return lines


def _write(args, kind: str, sources: list, err: TextIO) -> int:
    from .. import render
    try:
        if kind == "pdf":
            ratings = _rating_lines(sources, hodoku=bool(args.hodoku)) if args.ratings else None
            data = [render.booklet(sources, per_page=args.per_page or 4, paper=args.paper or "a4",
                                   solutions=bool(args.solutions), title=args.title,
                                   steps=bool(args.steps), ratings=ratings)]
        else:
            opts = {"candidates": True if args.candidates else False,
                    "coordinates": args.coordinates, "title": args.title}
            if kind == "svg":
                data = [render.svg(s, size=args.width, **opts).encode("utf-8") for s in sources]
            else:
                data = [render.png(s, scale=args.scale or 2.0, size=args.width, **opts)
                        for s in sources]
    except render.RenderError as exc:
        err.write(f"sudokit render: {exc}\n")
        return EXIT_IO
    except ValueError as exc:   # an option the pictures cannot take
        raise _UsageError(str(exc)) from None
    from ..records._atomic import Pending
    paths = _targets(args.target, len(data))
    pending = []
    try:  # each picture under a temporary name; all renamed into place once all are written
        for path, blob in zip(paths, data):
            try:
                pending.append(Pending(path, "wb"))
                pending[-1].file.write(blob)
            except OSError as exc:
                err.write(f"sudokit render: cannot write {path!r}: {exc.strerror or exc}\n")
                return EXIT_IO
        for path, item in zip(paths, pending):
            try:
                item.commit()
            except OSError as exc:
                err.write(f"sudokit render: cannot write {path!r}: {exc.strerror or exc}\n")
                return EXIT_IO
    finally:
        for item in pending:
            item.discard()  # (nothing for those committed)
    if not args.quiet and len(paths) > 1:
        err.write(f"sudokit render: wrote {paths[0]} ... {paths[-1]} ({len(paths)} pictures)\n")
    return EXIT_OK
