"""lp25.py -- session 5 experiment: does the LP relaxation of Sudoku refute wrong guesses?

Variables x(cell, v) in [0, 1] for the candidates left after naked and hidden singles;
equalities: every open cell holds one value, every (unit, value) not yet placed sits in one
cell.  Integer solutions of this system are exactly the completions.

    python3 lp25.py FILE LINE...            # root relaxation: variables, fractional ones, time
    python3 lp25.py --probe SOLS FILE LINE K  # K random wrong literals: refuted by
                                              # singles / by the LP

SOLS holds the solutions, one a line (the package's learn engine makes them).  Needs numpy
and scipy (HiGHS), which sudokit itself does not depend on.
"""
import random
import sys
import time

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix

N, B = 25, 5
FULL = (1 << N) - 1
UNITS = ([[r * N + c for c in range(N)] for r in range(N)]
         + [[r * N + c for r in range(N)] for c in range(N)]
         + [[(br * B + i) * N + bc * B + j for i in range(B) for j in range(B)]
            for br in range(B) for bc in range(B)])


def parse(line):
    """Values 0..N of a line ('.' or '0' blank, digits then letters)."""
    return [0 if ch in ".0" else (ord(ch) - 48 if ch <= "9" else ord(ch) - 55)
            for ch in line.strip()]


def settle(cand):
    """Candidates after naked and hidden singles to the fixpoint, or None on a contradiction."""
    cand = list(cand)
    changed = True
    while changed:
        changed = False
        for unit in UNITS:
            solved = 0
            for c in unit:
                m = cand[c]
                if m and m & (m - 1) == 0:
                    if solved & m:
                        return None
                    solved |= m
            for c in unit:
                m = cand[c]
                if m & (m - 1):
                    if m & ~solved != m:
                        cand[c] = m & ~solved
                        changed = True
                    if not cand[c]:
                        return None
            for v in range(N):
                bit = 1 << v
                if solved & bit:
                    continue
                places = [c for c in unit if cand[c] & bit]
                if not places:
                    return None
                if len(places) == 1 and cand[places[0]] != bit:
                    cand[places[0]] = bit
                    changed = True
    return cand


def relax(cand):
    """Solve the LP relaxation of the open part; (scipy result, variables)."""
    open_ = [c for c in range(N * N) if cand[c] & (cand[c] - 1)]
    var = [(c, v) for c in open_ for v in range(N) if cand[c] >> v & 1]
    index = {cv: i for i, cv in enumerate(var)}
    rows, cols, r = [], [], 0
    for c in open_:
        for v in range(N):
            if cand[c] >> v & 1:
                rows.append(r)
                cols.append(index[(c, v)])
        r += 1
    for unit in UNITS:
        solved = 0
        for c in unit:
            if cand[c] & (cand[c] - 1) == 0:
                solved |= cand[c]
        for v in range(N):
            if not solved >> v & 1:
                for c in unit:
                    if (c, v) in index:
                        rows.append(r)
                        cols.append(index[(c, v)])
                r += 1
    a = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(r, len(var))).tocsr()
    res = linprog(np.zeros(len(var)), A_eq=a, b_eq=np.ones(r), bounds=(0, 1), method="highs")
    return res, var


def start(line):
    return settle([(1 << (v - 1)) if v else FULL for v in parse(line)])


def main(argv):
    if argv and argv[0] == "--probe":
        sols_path, path, ln, k = argv[1], argv[2], int(argv[3]), int(argv[4])
        cand = start(open(path).read().split()[ln - 1])
        sol = parse(open(sols_path).read().split()[ln - 1])
        wrong = [(c, v) for c in range(N * N) for v in range(N)
                 if cand[c] >> v & 1 and cand[c] & (cand[c] - 1) and v != sol[c] - 1]
        random.seed(1)
        random.shuffle(wrong)
        by_singles = by_lp = 0
        for c, v in wrong[:k]:
            forced = list(cand)
            forced[c] = 1 << v
            forced = settle(forced)
            if forced is None:
                by_singles += 1
            elif relax(forced)[0].status == 2:  # infeasible
                by_lp += 1
        print(f"line {ln}: {len(wrong)} wrong literals, {min(k, len(wrong))} sampled: refuted by "
              f"singles {by_singles}, by the LP after singles {by_lp}")
        return
    lines = open(argv[0]).read().split()
    for ln in map(int, argv[1:]):
        cand = start(lines[ln - 1])
        t = time.perf_counter()
        res, var = relax(cand)
        frac = sum(1 for x in res.x if 1e-6 < x < 1 - 1e-6)
        print(f"line {ln}: {len(var)} variables, status {res.status}, {frac} fractional, "
              f"{time.perf_counter() - t:.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
