"""sudokit generate: new puzzles with a unique solution (sudokit.generate does the work)."""

from __future__ import annotations

import argparse
import time
from typing import TextIO

from ._argtypes import positive_int as _count_arg
from ..errors import ShapeError
from ..geometry import RULES
from ..shape import Shape
from ._common import _box, declare_files

# the symmetries of sudokit.generate (kept here too so --help needs no import of it;
# tests/test_generate.py checks that the two agree)
SYMMETRIES = ("none", "rot180", "rot90", "mirror-h", "mirror-v", "diagonal", "antidiagonal",
              "dihedral")

_OUTPUT = ("line", "block", "tokens", "json", "sdk", "ss", "sdm", "fpuzzles")
_KEEP_CAGES = ("json", "fpuzzles")   # the formats that carry a killer's cages
_MULTILINE = {"block", "tokens", "sdk", "ss"}
FLUSH_SECONDS = 0.25  # flush the output when this long has passed since the last flush


def _clues_arg(text: str):
    parts = text.replace(":", "-").replace(",", "-").split("-")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected LO-HI or N, not {text!r}") from None
    if len(nums) == 1:
        return nums[0], nums[0]
    if len(nums) != 2:
        raise argparse.ArgumentTypeError(f"expected LO-HI or N, not {text!r}")
    return nums[0], nums[1]




def add_parser(subparsers) -> argparse.ArgumentParser:
    """Define the ``generate`` subcommand on an argparse subparsers object; return its parser."""
    p = subparsers.add_parser(
        "generate", help="make new puzzles with a unique solution",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write COUNT new puzzles, each with exactly one solution, one per line (or "
                    "in --to's layout, records separated by a blank line).",
        epilog="""examples:
  sudokit generate --count 10 --symmetry rot180 --minimal
  sudokit generate --box 4x4 --count 5 --seed 42 -o puzzles.txt
  sudokit generate --box 2x3 --clues 12-14 --to block
  sudokit generate --rules x --minimal --symmetry rot180
  sudokit generate --rules windoku,antiknight --count 5
  sudokit generate --rules nonconsecutive --to json     (JSON keeps the rules)
  sudokit generate --rules killer --seed 1              (cages, no givens; JSON)
  sudokit generate --regions jigsaw.txt --minimal
  sudokit generate --rules jigsaw --seed 1 --level hard   (random regions; JSON)
  sudokit generate --rules kropki --seed 2                (random dots; JSON)

--minimal: no clue can be removed without a second solution appearing; with a symmetry,
clues are removed a whole symmetry orbit at a time, so no single orbit can be removed.
The same --seed gives the same puzzles for any --jobs.  Puzzles are written as they are
made, so any --count runs in constant memory.

Variants: --rules adds rules to the boxes, comma-separated:
  """ + ", ".join(RULES) + """;
and constraints among cells: thermo(r1c1-r1c2-r1c3) (rising from the bulb), white(r1c1-r1c2)
and black(..) kropki dots, x(..) and v(..) sums, whisper(..) and palindrome(..) lines
(see 'Constraints' in README.md); they keep their place when a puzzle is made;
--rules jigsaw (or --regions random) draws random regions, --rules kropki every white and
black dot of a random solution, --rules xv every X and V, --rules thermo thermometers;
--rules sandwich every row's and column's sandwich total, littlekiller some diagonals'
totals, arrow a few arrows, whisper, renban or palindrome a few lines (from --seed, once
a run; no negative rule; written as JSON or f-puzzles);
--regions FILE replaces the boxes by irregular regions (a jigsaw): FILE has N lines of N
symbols, each naming the region of its cell (symbols separated by spaces when a line has
any; lines starting with '#' are skipped).  --symmetry must be one the geometry has (a
jigsaw: one its region map has).  Puzzles are written in the usual formats; a line does
not carry the rules.  --rules killer cuts each puzzle's solution into cages (--cage-sizes,
--cages) until the cages alone, without givens, leave one solution; it is written as JSON
or f-puzzles.

Big grids: line, block, sdk and ss spell each value as one character (1-9, A-Z, a-z: at
most 61 values), so a 64x64 grid (--box 8x8) cannot be written in them: without --to,
tokens is chosen (a note on stderr says so); with --to line (block, sdk, ss) it is a usage
error.  tokens and json write any size.

Difficulty: --rating/--pearl/--diamond (SE's ER/EP/ED, as 'sudokit rate' prints them),
--level (HoDoKu's) and --technique aim each puzzle at the target: a walk from a random
minimal puzzle through neighbours (one clue out, one in, unique and minimal again) that
keeps every step no farther from the target.  Same seed, same puzzles, for any --jobs.
On every grid but classic 9x9 (other sizes, X, jigsaw, thermo, kropki, killer...) --level
is the sudokit scale's level (easy, medium, hard, expert, extreme), checked again by
rating each puzzle kept; a killer's cages are cut in two or joined until it is at the level.
  sudokit generate --rating 8.0-9.0 --count 20 --seed 1
  sudokit generate --technique x-wing --count 100 --jobs 2
  sudokit generate --level hard --pearl 6.0-9.0
  sudokit generate --rules x --level expert --seed 1
  sudokit generate --rules killer --level easy""")
    p.add_argument("-n", "--count", type=_count_arg, default=1, help="number of puzzles (default 1)")
    p.add_argument("-b", "--box", type=_box, default=None, metavar="RxC",
                   help="box shape (default 3x3)")
    p.add_argument("--rules", action="append", default=None, metavar="RULES",
                   help=f"variant rules, comma-separated: {', '.join(RULES)}; and constraints "
                        f"such as thermo(r1c1-r1c2-r1c3), white(r1c1-r1c2), x(r1c1-r1c2)")
    p.add_argument("--cage-sizes", type=_clues_arg, default=None, metavar="LO-HI",
                   help="--rules killer: cells per cage (default 2-5; without killer: a usage "
                        "error)")
    p.add_argument("--cages", type=_count_arg, default=None, metavar="N",
                   help="--rules killer: number of cages to cut (default cells/3.2, or the "
                        "nearest number --cage-sizes allows)")
    p.add_argument("--regions", default=None, metavar="FILE",
                   help="region map of a jigsaw: N lines of N symbols (replaces the boxes); "
                        "'random' draws one (as --rules jigsaw; a file named random: ./random)")
    p.add_argument("-s", "--symmetry", choices=SYMMETRIES, default="none",
                   help="symmetry of the givens' pattern (default none)")
    p.add_argument("--minimal", action="store_true", help="make every clue (orbit) necessary")
    p.add_argument("--clues", type=_clues_arg, default=None, metavar="LO-HI",
                   help="number of clues wanted, a range LO-HI or one number")
    p.add_argument("--seed", default=None, metavar="S", help="seed for reproducible output")
    p.add_argument("-j", "--jobs", type=_count_arg, default=1, help="worker processes (default 1)")
    p.add_argument("--engine", default="auto", help="uniqueness-check engine (default auto)")
    p.add_argument("-o", "--output", default=None, metavar="OUT", help="output file (default stdout)")
    p.add_argument("-t", "--to", choices=_OUTPUT, default=None,
                   help="output format (default line; tokens for grids of more values than "
                        "one character each can spell, e.g. --box 8x8)")
    aim = p.add_argument_group(
        "aimed at a difficulty (puzzles are then minimal; see 'difficulty' below)")
    aim.add_argument("--rating", default=None, metavar="LO-HI",
                     help="Sudoku Explainer ER range, e.g. 7.0-8.0 (classic 9x9)")
    aim.add_argument("--pearl", default=None, metavar="LO-HI", help="SE EP range (classic 9x9)")
    aim.add_argument("--diamond", default=None, metavar="LO-HI", help="SE ED range (classic 9x9)")
    aim.add_argument("--level", default=None, metavar="LEVEL",
                     help="classic 9x9: HoDoKu's level (easy, medium, hard, unfair, extreme); "
                          "any other grid (--box, --rules, --regions, killer): the sudokit "
                          "scale's (easy, medium, hard, expert, extreme; see 'sudokit rate')")
    aim.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                     help="--level on the sudokit scale: seconds of logic per puzzle before "
                          "giving up (default 120)")
    aim.add_argument("--technique", default=None, metavar="ID",
                     help="a technique id of 'sudokit explain' (e.g. x-wing): the logical path "
                          "uses it (any grid)")
    p.add_argument("--solution", action="store_true",
                   help="line output: append a TAB and the solution to each puzzle (with another --to: "
                        "a usage error)")
    p.set_defaults(run=run_cli, opens_output=True)  # (-o written by run_cli, atomically)
    declare_files(p, reads=("regions",), writes=("output",))
    return p


def _empty(shape):
    from ..grid import Grid
    return Grid._trusted((0,) * shape.ncells, shape)


def _render(grid, fmt: str) -> str:
    from .. import formats
    if fmt in ("line", "sdm"):
        return formats.format_line(grid)
    if fmt == "block":
        return formats.format_block(grid)
    if fmt == "tokens":
        return formats.format_tokens(grid)
    if fmt == "json":
        return formats.format_json(grid)
    if fmt == "fpuzzles":
        return formats.format_fpuzzles(grid)
    if fmt == "sdk":
        return formats.format_sdk(grid)
    return formats.format_ss(grid)


def _output_format(args, err: TextIO, shape: "Shape | None" = None) -> "str | None":
    """Return the output format for args, or None after a usage message on err.

    A format that spells each value as one character cannot write grids of more values
    than its alphabet holds (64x64): asked for, that is a usage error naming the formats
    that can; by default tokens is chosen, with a note.
    """
    asked = getattr(args, "to", None)
    drawn = getattr(args, "drawn", None)
    if getattr(args, "killer", False) or drawn:
        what = "a killer's cages" if getattr(args, "killer", False) else \
            f"the {_drawn_words(drawn)} drawn at random"
        if asked is None:
            err.write(f"sudokit generate: {what} are the puzzle's clues: writing --to json "
                      f"(--to fpuzzles writes f-puzzles JSON)\n")
            return "json"
        if asked not in _KEEP_CAGES:
            err.write(f"sudokit generate: error: --to {asked} cannot carry {what}; "
                      f"use --to json or --to fpuzzles\n")
            return None
    fmt = asked or "line"
    shape = shape or getattr(args, "box", None) or Shape(3, 3)
    try:
        _render(_empty(shape), fmt)
    except ValueError:
        spelled = [f for f in _OUTPUT if f != fmt and _spells(f, shape)]
        if asked is not None:
            err.write(f"sudokit generate: error: --to {asked} cannot spell the {shape.size} "
                      f"values of a {shape.size}x{shape.size} grid (one character each, at "
                      f"most 61); use --to {' or '.join(spelled)}\n")
            return None
        err.write(f"sudokit generate: {shape.size}x{shape.size} grids cannot be written as "
                  f"lines (one character per value, at most 61); writing --to tokens\n")
        return "tokens"
    return fmt


def _drawn_words(drawn) -> str:
    names = {"jigsaw": "jigsaw regions", "kropki": "kropki dots", "xv": "XV markers",
             "thermo": "thermometers", "sandwich": "sandwich totals",
             "littlekiller": "little killer totals", "arrow": "arrows",
             "whisper": "whisper lines", "renban": "renban lines",
             "palindrome": "palindromes"}
    return " and ".join(names[w] for w in drawn)


def _spells(fmt: str, shape: Shape) -> bool:
    try:
        _render(_empty(shape), fmt)
    except ValueError:
        return False
    return True


def _seed_value(seed):
    if seed is None:
        return None
    try:
        return int(seed)
    except (TypeError, ValueError):
        return seed


def parse_regions(text: str, source: "str | None" = None):
    """Return the jigsaw Geometry of a region map: N lines of N symbols, each naming the region
    of its cell (symbols separated by spaces when a line has any, else one character each;
    blank lines and lines starting with '#' are skipped).  ParseError names the line and
    column of a short or long line or of a '.' (a cell in no region); GeometryError (from
    geometry.jigsaw) a region of the wrong size or a wrong number of regions.

    (Local reader until formats has one: swap this for formats.parse_regions.)
    """
    from ..errors import ParseError
    from ..geometry import MAX_SIZE, GeometryError, jigsaw
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if not body or body.startswith("#"):
            continue
        rows.append((number, body.split() if any(ch.isspace() for ch in body) else list(body)))
    if not rows:
        raise ParseError("a region map has N lines of N symbols; this one has none",
                         source=source)
    size = len(rows)
    if size > MAX_SIZE:
        raise ParseError(f"a region map of {size} lines: grids have at most {MAX_SIZE} rows",
                         line=rows[MAX_SIZE][0], source=source)
    labels = []
    for number, symbols in rows:
        if len(symbols) != size:
            raise ParseError(f"{len(symbols)} symbols, expected {size}: a region map has as "
                             f"many symbols on each line as it has lines ({size})",
                             line=number, source=source)
        for column, symbol in enumerate(symbols, 1):
            if symbol == ".":
                raise ParseError("'.' puts the cell in no region; every cell names its region",
                                 line=number, column=column, source=source)
        labels += symbols
    try:
        return jigsaw(labels, size=size)
    except GeometryError as exc:
        raise GeometryError(f"{source}: {exc}" if source else str(exc)) from None


def _geometry(args):
    """The geometry of --box, --rules and --regions: None for the classic boxes of --box.
    The rule word 'killer' is not a rule of the geometry: it sets args.killer (cages are cut
    for each puzzle)."""
    rules = [r for item in (getattr(args, "rules", None) or []) for r in item.split(",")]
    args.killer = any(r.strip().lower() == "killer" for r in rules)
    rules = [r for r in rules if r.strip().lower() != "killer"]
    from ..geometry._random import split_drawn
    drawn, rules = split_drawn(rules)
    path = getattr(args, "regions", None)
    if path == "random":
        drawn, path = ["jigsaw"] + [w for w in drawn if w != "jigsaw"], None
    args.drawn = list(dict.fromkeys(drawn))
    if path is None and not any(r.strip() for r in rules) and not drawn:
        return None
    from ..geometry import boxes
    if drawn:
        from ..geometry._random import draw
        if path is not None:
            raise ValueError("--regions FILE gives the regions; --rules jigsaw draws them: "
                             "give one of them")
        box = args.box or Shape(3, 3)
        seed = _seed_value(args.seed)
        if seed is None:
            import secrets
            seed = args.seed = secrets.randbits(48)
        geom = draw(boxes(box.box_rows, box.box_cols).with_rules(*rules), args.drawn, seed)
        if geom.box is None:
            args.box = None  # (the boxes gave way to the regions)
        return geom
    if path is not None:
        if args.box is not None:
            raise ValueError("--regions and --box both give the regions; give one of them")
        with open(path, encoding="utf-8") as f:
            base = parse_regions(f.read(), path)
    else:
        box = args.box or Shape(3, 3)
        base = boxes(box.box_rows, box.box_cols)
    return base.with_rules(*rules)


def _on_sudokit_scale(args, geom) -> bool:
    """Whether --level means the sudokit scale's level: every grid but classic 9x9."""
    if args.killer or geom is not None:
        return args.killer or not (geom.size == 9 and geom.is_classic)
    return args.box is not None and args.box.size != 9


def _sudokit_level(args, options: dict, killer):
    """The puzzles of --level on the sudokit scale (sudokit.rate.level)."""
    from ..generate import GenerationError
    from ..rate.level import iter_level
    others = [f"--{k}" for k in ("rating", "pearl", "diamond", "technique")
              if getattr(args, k, None) is not None]
    if others:
        raise GenerationError(f"--level on the sudokit scale (grids other than classic 9x9) "
                              f"takes no other target: drop {', '.join(others)}")
    return iter_level(args.level, killer=killer, seconds=args.time_limit, **options)


def _unused_options(args, fmt: str) -> "str | None":
    """What is wrong when an option given would change nothing (--cages without a killer,
    --solution in a format that has no column for it), else None."""
    if not getattr(args, "killer", False):
        given = [name for name, key in (("--cages", "cages"), ("--cage-sizes", "cage_sizes"))
                 if getattr(args, key, None) is not None]
        if given:
            return f"{' and '.join(given)} cut a killer's cages: add --rules killer"
    if getattr(args, "solution", False) and fmt not in ("line", "sdm"):
        return (f"--solution appends the solution to each line of --to line (or sdm); "
                f"--to {fmt} has no place for it")
    return None


def run_cli(args, out: TextIO, err: TextIO) -> int:
    """Run ``sudokit generate`` with parsed args; write puzzles to out (or args.output); exit code."""
    from ..generate import GenerationError, iter_generate
    try:
        geom = _geometry(args)
    except OSError as exc:
        err.write(f"sudokit generate: cannot read {args.regions!r}: {exc.strerror or exc}\n")
        return 3
    except ValueError as exc:  # ParseError, GeometryError (a ShapeError), --regions with --box
        err.write(f"sudokit generate: error: {exc}\n")
        return 2
    fmt = _output_format(args, err, None if geom is None else geom.display_shape)
    if fmt is None:
        return 2
    unused = _unused_options(args, fmt)
    if unused:  # an option that would change nothing is a usage error, never silently dropped
        err.write(f"sudokit generate: error: {unused}\n")
        return 2
    try:
        target = None
        killer = None
        if args.killer:
            killer = {"sizes": args.cage_sizes, "cages": args.cages}
        options = dict(box=args.box, count=args.count, symmetry=args.symmetry,
                       minimal=args.minimal, clues=args.clues, seed=_seed_value(args.seed),
                       jobs=args.jobs, engine=args.engine, geometry=geom)
        if args.level is not None and _on_sudokit_scale(args, geom):
            puzzles = _sudokit_level(args, options, killer)
        else:
            if args.time_limit is not None:
                raise GenerationError("--time-limit bounds a --level of the sudokit scale "
                                      "(grids other than classic 9x9)")
            if any(getattr(args, k, None) is not None
                   for k in ("rating", "pearl", "diamond", "level", "technique")):
                from ..generate_target import Target
                try:
                    target = Target(args.rating, args.pearl, args.diamond, args.level,
                                    args.technique)
                except GenerationError as exc:
                    if args.level is not None and "level" in str(exc):
                        raise GenerationError(f"{exc} (HoDoKu's levels, for classic 9x9; "
                                              f"other grids use the sudokit scale's)") from None
                    raise
            puzzles = iter_generate(target=target, killer=killer, **options)
    except (GenerationError, ShapeError) as exc:
        err.write(f"sudokit generate: error: {exc}\n")
        return 2
    path = getattr(args, "output", None)
    stream, pending = out, None
    first = True   # (no puzzle written yet: a run that ends so leaves OUT as it was)
    try:
        if path not in (None, "-"):
            from ..records._atomic import Pending
            try:  # puzzles stream into a temporary file, renamed to OUT when the run ends
                pending = Pending(path, "w", encoding="utf-8", newline="\n")
            except OSError as exc:
                err.write(f"sudokit: cannot write {path!r}: {exc.strerror or exc}\n")
                return 3
            stream = pending.file
        last_flush = time.monotonic()
        for g in puzzles:
            text = _render(g.puzzle, fmt)
            if fmt in ("line", "sdm") and getattr(args, "solution", False):
                text += "\t" + _render(g.solution, "line")
            if fmt in _MULTILINE and not first:
                text = "\n" + text
            stream.write(text + "\n")
            first = False
            now = time.monotonic()
            if now - last_flush > FLUSH_SECONDS:  # slow puzzles reach a pipe as they come
                stream.flush()
                last_flush = now
        code = 0
    except GenerationError as exc:
        err.write(f"sudokit generate: error: {exc}\n")
        code = 1  # (the puzzles made before it are good ones: kept)
        if first and pending is not None:  # none made: an old OUT is not emptied
            pending.discard()
            return code
    except KeyboardInterrupt:
        # Ctrl-C or SIGTERM (Terminated): the puzzles finished are kept, as every command
        # keeps its records (none finished: OUT is left as it was); sudokit.cli's handler
        # then exits 130 or 143
        if pending is not None:
            pending.discard() if first else pending.commit()
        raise
    except BaseException:
        if pending is not None:
            pending.discard()  # a write error ...: OUT is left as it was
        raise
    if pending is not None:
        try:
            pending.commit()
        except OSError as exc:
            err.write(f"sudokit: cannot write {path!r}: {exc.strerror or exc}\n")
            return 3
    return code
