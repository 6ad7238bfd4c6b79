"""Regenerate extra-converted.in/.out: HDU 4069 cases whose answers are known without our solver.

    PYTHONPATH=src python tests/data/judge/hdu4069/make_extra.py tests/data/judge/hdu4069

Cases (seeded, so the files are reproducible):
  - the three statement samples under the 8 symmetries of the square and a relabelling of
    the values: answers are the published sample answer moved the same way (a solution,
    No solution, Multiple Solutions are all kept by such a transform);
  - classic puzzles of tests/data/golden_tdoku.txt written with box walls: the published
    solutions beside them;
  - jigsaw puzzles built here on random region maps: the solution they were cut from
    (uniqueness checked by two engines, propagate and backtrack);
  - a jigsaw puzzle whose givens clash in a region (No solution by the rules alone) and
    one with two different solutions found and checked by is_solution (Multiple Solutions).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from sudokit import Grid, is_solution, search
from sudokit.formats import format_walls, parse_walls
from sudokit.geometry import jigsaw

HERE = Path(__file__).resolve().parent
N = 9


def dihedral(k: int, cell: int) -> int:
    """Where cell goes under the k-th symmetry of the square (0 = identity)."""
    r, c = divmod(cell, N)
    for _ in range(k % 4):
        r, c = c, N - 1 - r
    if k >= 4:
        c = N - 1 - c
    return r * N + c


def moved(values, k: int, relabel=None) -> list[int]:
    out = [0] * (N * N)
    for cell, v in enumerate(values):
        out[dihedral(k, cell)] = relabel[v] if relabel and v else v
    return out


def sample_cases(rng) -> list[tuple[str, str]]:
    text = (HERE / "sample.in").read_text().split("\n", 1)[1]
    answers = (HERE / "sample.out").read_text().split("Case ")[1:]
    out = []
    for block, answer in zip(text.strip().split("\n\n"), answers):
        grid = parse_walls(block)
        body = answer.split("\n", 1)[1]
        regions = grid.geometry.regions
        for k in range(8):
            relabel = [0] + rng.sample(range(1, N + 1), N)
            geom = jigsaw(moved([r + 1 for r in regions], k), size=N)
            puzzle = Grid(moved(grid.values, k, relabel), geometry=geom)
            if body[0].isdigit():
                sol = [int(ch) for ch in body.replace("\n", "")]
                sol = moved(sol, k, relabel)
                expect = "".join("".join(map(str, sol[r * N:(r + 1) * N])) + "\n" for r in range(N))
            else:
                expect = body
            out.append((format_walls(puzzle), expect))
    return out


def classic_cases(count: int) -> list[tuple[str, str]]:
    out = []
    root = HERE.parents[1]
    for line in (root / "golden_tdoku.txt").read_text().splitlines()[:count]:
        puzzle, _, solution = line.split(":")
        grid = Grid(puzzle)
        expect = "".join(solution[r * N:(r + 1) * N] + "\n" for r in range(N))
        out.append((format_walls(grid), expect))
    return out


def random_regions(rng, swaps: int = 60) -> list[int]:
    """A random map of 9 connected regions of 9 cells: the boxes, then random border swaps
    (a cell of A next to B and a cell of B next to A change sides; both stay connected)."""
    region = [(cell // N // 3) * 3 + cell % N // 3 for cell in range(N * N)]
    done = 0
    while done < swaps:
        a = rng.randrange(N * N)
        others = [o for o in neighbours(a) if region[o] != region[a]]
        if not others:
            continue
        ra, rb = region[a], region[rng.choice(others)]
        back = [b for b in range(N * N) if region[b] == rb and b != a
                and any(region[o] == ra for o in neighbours(b))]
        if not back:
            continue
        b = rng.choice(back)
        region[a], region[b] = rb, ra
        if connected(region, ra) and connected(region, rb):
            done += 1
        else:
            region[a], region[b] = ra, rb
    return region


def connected(region: list[int], r: int) -> bool:
    cells = [k for k in range(N * N) if region[k] == r]
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        for o in neighbours(stack.pop()):
            if region[o] == r and o not in seen:
                seen.add(o)
                stack.append(o)
    return len(seen) == len(cells)


def neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, N)
    return [rr * N + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < N and 0 <= cc < N]


def random_solution(geom, rng) -> "list[int] | None":
    values = [0] * (N * N)
    for cell in rng.sample(range(N * N), 12):
        for v in rng.sample(range(1, N + 1), N):
            values[cell] = v
            if search(Grid(values, geometry=geom), limit=1).count:
                break
        else:
            return None
    return list(search(Grid(values, geometry=geom), limit=1).solution.values)


def unique_puzzle(geom, solution, rng) -> list[int]:
    values = list(solution)
    for cell in rng.sample(range(N * N), N * N):
        keep = values[cell]
        values[cell] = 0
        if search(Grid(values, geometry=geom), limit=2).count != 1:
            values[cell] = keep
    grid = Grid(values, geometry=geom)
    assert search(grid, limit=2, engine="backtrack").count == 1
    return values


def jigsaw_cases(rng, count: int) -> list[tuple[str, str]]:
    out = []
    while len(out) < count:
        geom = jigsaw(random_regions(rng), size=N)
        solution = random_solution(geom, rng)
        if solution is None:
            continue
        puzzle = unique_puzzle(geom, solution, rng)
        expect = "".join("".join(map(str, solution[r * N:(r + 1) * N])) + "\n" for r in range(N))
        out.append((format_walls(Grid(puzzle, geometry=geom)), expect))
        if len(out) == 1:  # the same regions, broken two ways
            out += broken_cases(geom, puzzle, solution)
    return out


def broken_cases(geom, puzzle, solution) -> list[tuple[str, str]]:
    region0 = [k for k in range(N * N) if geom.regions[k] == 0]
    clash = [0] * (N * N)
    clash[region0[0]] = clash[region0[-1]] = 5  # the same value twice in region 1
    loose = list(puzzle)
    for cell in [k for k, v in enumerate(loose) if v]:
        loose[cell] = 0
        found = [g for g in _two(geom, loose)]
        if len(found) == 2:
            assert found[0] != found[1] and all(is_solution(g, Grid(loose, geometry=geom))
                                                for g in found)
            break
    return [(format_walls(Grid(clash, geometry=geom)), "No solution\n"),
            (format_walls(Grid(loose, geometry=geom)), "Multiple Solutions\n")]


def _two(geom, values):
    from sudokit import solutions
    return list(solutions(Grid(values, geometry=geom), limit=2))


def main(folder: str) -> None:
    rng = random.Random(4069)
    cases = sample_cases(rng) + classic_cases(6) + jigsaw_cases(rng, 6)
    base = Path(folder)
    text = f"{len(cases)}\n" + "\n\n".join(walls for walls, _ in cases) + "\n"
    answer = "".join(f"Case {k}:\n{expect}" for k, (_, expect) in enumerate(cases, 1))
    (base / "extra-converted.in").write_text(text)
    (base / "extra-converted.out").write_text(answer)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(HERE))
