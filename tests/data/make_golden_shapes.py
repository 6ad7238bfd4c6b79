"""Regenerate golden_shapes.txt: puzzles of several box shapes with exact solution counts.

    PYTHONPATH=src python tests/data/make_golden_shapes.py > tests/data/golden_shapes.txt

Solution grids are random transforms of a first solution of the empty grid; clues are removed
while the puzzle stays unique (unique cases), a few more are removed (multi-solution cases,
counted exactly), or one clue is changed to another legal value (unsolvable cases).
Counts come from the propagate kernel; the tests re-count them with every engine.
"""

import random
import sys

from sudokit import Grid, Shape
from sudokit.engine._kernels import propagate
from sudokit.symbols import DEFAULT


def random_solution(shape, rng):
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    _, first, _, _ = propagate(bytes(n * n), br, bc, 1, 0)
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    bands = list(range(n // br))
    rng.shuffle(bands)
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = list(range(n // bc))
    rng.shuffle(stacks)
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    return [relabel[first[r * n + c] - 1] for r in rows for c in cols]


def count(values, shape, limit=0):
    return propagate(bytes(values), shape.box_rows, shape.box_cols, limit, 0)[0]


def make(shape, rng):
    n = shape.size
    sol = random_solution(shape, rng)
    puzzle = sol[:]
    order = list(range(n * n))
    rng.shuffle(order)
    for cell in order:
        v = puzzle[cell]
        puzzle[cell] = 0
        if count(puzzle, shape, 2) != 1:
            puzzle[cell] = v
    out = [(puzzle[:], 1, sol)]
    multi = puzzle[:]
    filled = [c for c in range(n * n) if multi[c]]
    rng.shuffle(filled)
    for cell in filled[:3]:
        multi[cell] = 0
        k = count(multi, shape, 5001)
        if k > 5000:
            multi[cell] = sol[cell]
            break
    k = count(multi, shape)
    if k > 1:
        out.append((multi, k, None))
    for cell in filled:  # change one clue to another value that keeps the givens legal
        for v in rng.sample(range(1, n + 1), n):
            if v == sol[cell]:
                continue
            bad = puzzle[:]
            bad[cell] = v
            if Grid(bad, shape).is_legal() and count(bad, shape, 1) == 0:
                out.append((bad, 0, None))
                break
        else:
            continue
        break
    return out


def main():
    rng = random.Random(20261122)
    print("# box puzzle:count[:solution] -- made by make_golden_shapes.py (see its docstring)")
    for box, reps in (("2x2", 3), ("2x3", 3), ("3x2", 3), ("2x4", 2), ("4x2", 2), ("3x4", 2),
                      ("4x3", 1), ("4x4", 1)):
        shape = Shape.parse(box)
        for _ in range(reps):
            for values, k, sol in make(shape, rng):
                text = "".join(DEFAULT.table(shape.size)[v] for v in values)
                line = f"{box} {text}:{k}"
                if sol is not None:
                    line += ":" + "".join(DEFAULT.table(shape.size)[v] for v in sol)
                print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
