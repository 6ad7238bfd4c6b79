"""sudokit canon [FILE]: the canonical form of each 9x9 puzzle line (sudokit.symmetry)."""

from __future__ import annotations

from ._common import declare_files

# --- command line -----------------------------------------------------------------------------

def add_parser(subparsers) -> None:
    """Define ``sudokit canon [FILE|-]`` on an argparse subparsers object."""
    p = subparsers.add_parser(
        "canon", help="canonical form of 9x9 puzzles, one per line",
        description="Print the canonical form of each 9x9 puzzle line (81 of 1-9, '.' or '0'): "
                    "the smallest image under relabelling, transposition, row/col swaps within "
                    "bands/stacks and band/stack swaps, blanks after every value.  '#' comment "
                    "lines and blank lines are dropped, as solve drops them; a header line "
                    "('quizzes,solutions') passes through, as in dedupe.  A bad line is echoed"
                    " with TAB 'error' and explained on stderr; the exit status is then 1.")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="input (default stdin)")
    p.set_defaults(run=run)
    declare_files(p, reads=("file",), writes=())


def run(args, out, err) -> int:
    """Canonicalise every line of args.file ('-' = stdin) to out; return the exit status."""
    from ..errors import ParseError
    from ..formats import open_text
    from ..symmetry import canonical_line
    from .dataset import _FIELD, _HEADER  # (the header rule of verify, dedupe, augment, stats)
    name = getattr(args, "file", "-") or "-"
    try:  # opened once (pipes, FIFOs); UTF-8 or UTF-16 by BOM; '\n', '\r\n' or '\r' end a line
        handle = open_text(name)
    except OSError as exc:
        err.write(f"sudokit canon: cannot read {name!r}: {exc.strerror or exc}\n")
        return 3  # cli.EXIT_IO
    display = "<stdin>" if name == "-" else name
    status = 0
    first = True
    try:
        for no, raw in enumerate(handle, 1):
            line = raw.rstrip("\r\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue  # blank and comment lines are dropped, as the record commands drop them
            field = _FIELD.search(line) if first else None
            first = False
            if field is not None and _HEADER.fullmatch(field.group()):
                err.write(f"sudokit canon: {display}: line {no}: header {line!r} passed through\n")
                out.write(line + "\n")
                continue
            try:
                out.write(canonical_line(line) + "\n")
            except (ParseError, ValueError) as exc:
                status = 1
                if isinstance(exc, ParseError):
                    col = exc.column
                    msg = exc.reason
                else:
                    col, msg = None, str(exc)
                where = f"{display}: line {no}" + (f", column {col}" if col else "")
                err.write(f"sudokit canon: {where}: {msg}\n")
                out.write(line + "\terror\n")
    finally:
        if name != "-":
            handle.close()
    return status
