"""Rebuild the variant corpora of this folder from their public sources (see README.md).

Not run by the tests (they need no network and no sgt-puzzles); run by hand:

    # janko.at "Chaos-Sudoku" (jigsaw), as crawled into SmilingWayne/PuzzleSolver
    python3 tests/data/variants/make_variants.py janko PROBLEMS.json SOLUTIONS.json 20 \\
        > tests/data/variants/janko_chaos.txt

    # Simon Tatham's Solo (Debian package sgt-puzzles), puzzles and Solo's own solutions;
    # the exact commands that made sgt_x.txt and sgt_jigsaw.txt are in README.md
    python3 tests/data/variants/make_variants.py sgt COUNT 'PARAMS#SEED' [COUNT 'PARAMS#SEED' ...]

Each output line is one record ``id;rules;regions;puzzle;solution`` (README.md explains it).
The sgt mode runs ``sgt-solo --generate COUNT SEEDED-PARAMS`` for the game IDs, parses each
ID's description (the clue grid and, for jigsaws, the block walls), then feeds the IDs back
to ``sgt-solo --print 1x1 --with-solutions`` and reads Solo's solution grids out of the
PostScript it prints: Solo's own solver (no aux data: the IDs come in on stdin) is the
independent engine whose answer we record.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

SGT = "/usr/games/sgt-solo"
EMPTY = "."


# --- output ------------------------------------------------------------------------------


def record(ident: str, rules: str, regions: "list[int] | None", puzzle, solution) -> str:
    """One corpus line: id;rules;regions;puzzle;solution (values 1..9, '.' empty, '-' none)."""
    region_text = "-" if regions is None else "".join(str(r) for r in canonical(regions))
    return ";".join((ident, rules or "-", region_text,
                     "".join(str(v) if v else EMPTY for v in puzzle),
                     "".join(str(v) for v in solution)))


def canonical(labels) -> list[int]:
    """Region labels renumbered 1.. in order of first appearance (row-major)."""
    seen: dict = {}
    return [seen.setdefault(label, len(seen) + 1) for label in labels]


# --- janko.at Chaos-Sudoku via SmilingWayne/PuzzleSolver ---------------------------------

# Chaos-Sudoku 651-655, 661-665 and 671-675 (6x6) come out of the crawl as plain jigsaws,
# but as plain jigsaws each has 2 solutions, while with both long diagonals as units (X)
# each has exactly the published one, which obeys the diagonals: the crawl lost the X rule
# (inferred from that; the janko.at pages were not seen).  They are filed as jigsaw + X.
JANKO_DIAGONALS = frozenset(range(651, 656)) | frozenset(range(661, 666)) | \
    frozenset(range(671, 676))


def janko_records(problems: dict, solutions: dict):
    """Yield (size, rules, record) for every puzzle with a solution, in janko's numbering."""
    for key, item in sorted(problems.items(), key=lambda kv: int(kv[0].split("_")[0])):
        sol = solutions.get(key)
        if sol is None:
            continue
        lines = item["problem"].strip().split("\n")
        rows, cols = map(int, lines[0].split())
        if rows != cols:
            raise ValueError(f"{key}: not square")
        n = rows
        clue_rows = [line.split() for line in lines[1:1 + n]]
        region_rows = [line.split() for line in lines[1 + n:1 + 2 * n]]
        puzzle = [0 if t == "-" else int(t) for row in clue_rows for t in row]
        regions = [t for row in region_rows for t in row]
        sol_lines = sol["solution"].strip().split("\n")
        solution = [int(t) for line in sol_lines[1:1 + n] for t in line.split()]
        if len(puzzle) != n * n or len(regions) != n * n or len(solution) != n * n:
            raise ValueError(f"{key}: wrong number of cells")
        number = item["source"].rsplit("/", 1)[1].split(".")[0]
        rules = "x" if int(number) in JANKO_DIAGONALS else "-"
        yield n, rules, record(f"janko-chaos-{number}", rules, regions, puzzle, solution)


# --- Simon Tatham's Solo ------------------------------------------------------------------


def parse_sgt_id(game_id: str):
    """Return (size, rules, regions or None, puzzle) from a Solo game ID such as '9jx:...,...'.

    Params: 'CxR' (square boxes only: 3x3), or 'Nj' (an N x N jigsaw), then 'x' for the
    diagonals (generated IDs carry no difficulty or symmetry letters; other params raise
    ValueError).  Description: the clue grid (a..z = runs of 1..26 empty
    cells, '_' separates numbers, digits = a value), then for a jigsaw ',' and the walls.
    """
    params, desc = game_id.split(":", 1)
    m = re.fullmatch(r"(\d+)(?:x(\d+))?(j?)(x?)", params)
    if not m:
        raise ValueError(f"unsupported Solo params {params!r}")
    c = int(m.group(1))
    r = int(m.group(2)) if m.group(2) else c
    jigsaw = bool(m.group(3))
    n = c if jigsaw else c * r
    if not jigsaw and c != r:
        raise ValueError("only square boxes are converted")
    rules = "x" if m.group(4) else ""
    parts = desc.split(",")
    puzzle = parse_sgt_grid(parts[0], n * n)
    regions = parse_sgt_walls(parts[1], n) if jigsaw else None
    return n, rules, regions, puzzle


def parse_sgt_grid(text: str, area: int) -> list[int]:
    """The clue grid of a Solo description: letters are runs of empty cells."""
    out: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if "a" <= ch <= "z":
            out.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            out.append(int(text[i:j]))
            i = j
        else:
            raise ValueError(f"bad character {ch!r} in Solo grid")
    if len(out) != area:
        raise ValueError(f"Solo grid names {len(out)} cells, not {area}")
    return out


def parse_sgt_walls(text: str, n: int) -> list[int]:
    """Region of each cell from Solo's wall code.

    The n*(n-1) vertical inner lines in reading order come first (line p separates cell
    (p // (n-1), p % (n-1)) from its right neighbour), then the n*(n-1) horizontal ones in
    transposed order (line q separates (q % (n-1), q // (n-1)) from the cell below).  A
    letter a..y means 1..25 lines with no wall and then a wall, '_' a wall at once, 'z' 25
    lines with no wall and no wall after; cells not walled apart share a region.
    """
    parent = list(range(n * n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    inner = n * (n - 1)
    pos = 0
    for ch in text:
        if ch == "_":
            run, wall = 0, True
        elif "a" <= ch <= "z":
            run, wall = ord(ch) - ord("a") + 1, ch != "z"
        else:
            raise ValueError(f"bad character {ch!r} in Solo walls")
        for _ in range(run):
            if pos < inner:
                a = (pos // (n - 1)) * n + pos % (n - 1)
                b = a + 1
            else:
                q = pos - inner
                a = (q % (n - 1)) * n + q // (n - 1)
                b = a + n
            parent[find(a)] = find(b)
            pos += 1
        if wall:
            pos += 1
    if pos != 2 * inner + 1:
        raise ValueError(f"Solo walls cover {pos} lines, not {2 * inner + 1}")
    return canonical(find(cell) for cell in range(n * n))


_SHOW = re.compile(r"(-?\d+) exch sub (-?\d+) exch moveto pop pop\n\((\d+)\)[^\n]*show")


def solutions_from_postscript(ps: str, n: int) -> list[list[int]]:
    """The complete grids (every cell drawn) printed by sgt-solo --print ... --with-solutions."""
    grids = []
    for page in ps.split("%%Page:")[1:]:
        marks = [(-int(y), int(x), int(v)) for y, x, v in _SHOW.findall(page)]
        if len(marks) != n * n:
            continue                           # a puzzle page (only the clues are drawn)
        marks.sort()
        ys = sorted({m[0] for m in marks})
        xs = sorted({m[1] for m in marks})
        if len(ys) != n or len(xs) != n:
            raise ValueError("a solution page is not an n x n grid of digits")
        grids.append([v for _, _, v in marks])
    return grids


def sgt_records(specs: "list[tuple[int, str]]"):
    """Yield records for each (count, seeded params) spec, with Solo's solutions."""
    for count, spec in specs:
        ids = subprocess.run([SGT, "--generate", str(count), spec], check=True,
                             capture_output=True, text=True).stdout.split()
        ps = subprocess.run([SGT, "--print", "1x1", "--with-solutions"], input="\n".join(ids),
                            check=True, capture_output=True, text=True).stdout
        parsed = [parse_sgt_id(game_id) for game_id in ids]
        grids = solutions_from_postscript(ps, parsed[0][0])
        if len(grids) != len(ids):
            raise ValueError(f"{spec}: {len(ids)} puzzles but {len(grids)} solutions printed")
        seed_base = spec.split("#", 1)
        for k, ((n, rules, regions, puzzle), solution) in enumerate(zip(parsed, grids)):
            if any(p and p != s for p, s in zip(puzzle, solution)):
                raise ValueError(f"{spec} #{k}: Solo's solution contradicts a clue")
            seed = seed_base[1] + (f"-{k}" if k else "")
            yield record(f"sgt-{seed_base[0]}#{seed}", rules, regions, puzzle, solution)


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "janko":
        with open(argv[1]) as f:
            problems = json.load(f)["puzzles"]
        with open(argv[2]) as f:
            solutions = json.load(f)["solutions"]
        per_size = int(argv[3]) if len(argv) > 3 else 0     # 0: all; else first k per size < 9
        kept: dict[int, int] = {}
        for n, rules, line in janko_records(problems, solutions):
            if rules != "-":                     # every jigsaw + X is kept
                print(line)
                continue
            kept[n] = kept.get(n, 0) + 1
            if n == 9 or not per_size or kept[n] <= per_size:
                print(line)
        return 0
    if len(argv) >= 3 and argv[0] == "sgt" and len(argv) % 2 == 1:
        specs = [(int(argv[i]), argv[i + 1]) for i in range(1, len(argv), 2)]
        for line in sgt_records(specs):
            print(line)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
