"""Hash the whole decision trace of the pure-Python learn engine (src/sudokit/_learn.py).

    python3 benchmarks/learn_trace.py > new.txt              # the working tree
    python3 benchmarks/learn_trace.py --rev HEAD > old.txt   # _learn.py as committed at a revision
    diff old.txt new.txt                                     # same hashes = same search

For a change to _learn.py that must not change a decision (a speed-up, a clean-up): per
puzzle, every assignment (variable, value, reason code; decisions are the R_NONE ones at a
new level), every clause added (literals in order, LBD), every analysis (learnt clause,
backtrack level, LBD) and every reduction (ids deleted, in order) is recorded by wrapping
the LearnContext methods, together with the answers of ``learn`` (limits 1, 2, all; node
limits) and of a LearnRun resumed a few decisions at a time.  Last line: one hash of all
and the CPU seconds (the trace costs about as much as the search: for speed, time
``learn`` itself, old and new alternately in one process).  Corpus: tests/data golden files,
and from ../shared/data (when present) hard 9x9, 16x16 (some thinned, to search), and 25x25
lines 17 and 3 (clause reductions) in full, 1 and 5 to a node limit: about 2 minutes.

``--variants`` adds puzzles on variant geometries (X, windoku, anti-knight, anti-king,
disjoint, jigsaws, small units, weak links), made from fixed seeds by the pure-Python
propagate; they trace only revisions whose learn takes a geometry (since issue #13).
"""
from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
DATA = ROOT.parent / "shared" / "data"
EVENTS: list = []


def load(rev: str | None):
    """Return the _learn module of the tree, or of _learn.py at revision rev."""
    if rev is None:
        from sudokit.engine import _learn
        return _learn
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:src/sudokit/_learn.py"],
                         capture_output=True, text=True, check=True).stdout
    import sudokit  # noqa: F401  (the package, should the module import from it)
    mod = types.ModuleType("sudokit._learn_at_rev")
    mod.__package__ = "sudokit"
    sys.modules[mod.__name__] = mod
    exec(compile(src, f"_learn.py@{rev}", "exec"), mod.__dict__)
    return mod


def hook(mod) -> None:
    """Wrap the LearnContext methods that make the trace."""
    E = mod.LearnContext
    assign, add_clause, analyze, reduce_db = E.assign, E.add_clause, E.analyze, E.reduce_db

    def t_assign(self, v, value, rsn):
        EVENTS.append(("a", v, value, rsn))
        return assign(self, v, value, rsn)

    def t_add_clause(self, lits, lbd):
        EVENTS.append(("c", tuple(lits), lbd))
        return add_clause(self, lits, lbd)

    def t_analyze(self):
        out = analyze(self)
        EVENTS.append(("l", tuple(out[0]), out[1], out[2]))
        return out

    def t_reduce_db(self):
        before = set(i for i, d in enumerate(self.cdel) if d)
        reduce_db(self)
        new = set(i for i, d in enumerate(self.cdel) if d) - before
        EVENTS.append(("r", tuple(sorted(new, key=lambda i: (-self.clbd[i], i)))))
    E.assign, E.add_clause, E.analyze, E.reduce_db = t_assign, t_add_clause, t_analyze, t_reduce_db


def values_of(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch, 36) for ch in line.strip())


def variant_corpus():
    """(name, values, (geometry,), kind) for the variant cases: fixed seeds, thinned
    solutions of the pure-Python propagate from one or two random givens."""
    import random
    from sudokit.engine import _kernels
    from sudokit import geometry as G
    orth = [(c, c + d, [1 << (a + 1) if a + 1 < 4 else 0 for a in range(4)])
            for c in range(16) for d in (1, 4) if c + d < 16 and (d == 4 or (c + 1) % 4)]
    geoms = {
        "x": G.boxes(3, 3).with_rules("x"), "windoku": G.boxes(3, 3).with_rules("windoku"),
        "antiknight": G.boxes(3, 3).with_rules("antiknight"),
        "antiking": G.boxes(3, 3).with_rules("antiking"),
        "disjoint": G.boxes(3, 3).with_rules("disjoint"),
        "jigsaw+x": G.jigsaw("111122333112222333111222343555566344555566444576666844777699884"
                             "777799988799998888").with_rules("x"),
        "jigsaw6+diag": G.jigsaw("112333122344125334125444125666555666").with_rules("diagonal-"),
        "2x3+antiking": G.boxes(2, 3).with_rules("antiking"),
        "2x2+links": G.boxes(2, 2).with_links(*orth),
        "2x2+units": G.boxes(2, 2).with_units((0, 5, 10), (3, 6)).with_pairs((1, 11)),
    }
    cases = []
    for name, geom in geoms.items():
        rng = random.Random(name)
        if geom.size == 4:
            cases.append((f"variant {name}:empty", bytes(16), (geom,), "all"))
        made = 0
        while made < 3:
            vals = bytearray(geom.ncells)
            for _ in range(rng.choice((1, 2))):
                vals[rng.randrange(geom.ncells)] = rng.randint(1, geom.size)
            count, sol, _, _ = _kernels.propagate(bytes(vals), geom, 1, 3000)
            if count:
                made += 1
                keep = (0.15, 0.22, 0.3)[made - 1]
                puzzle = bytes(v if rng.random() < keep else 0 for v in sol)
                cases.append((f"variant {name}:{made}", puzzle, (geom,), "multi"))
    return cases


def corpus():
    """(name, values, kernel args: (box_rows, box_cols), kind) for every classic case."""
    from sudokit import Grid
    cases = []
    for name in ("golden_tdoku.txt", "golden_shapes.txt"):
        for no, raw in enumerate((ROOT / "tests" / "data" / name).read_text().splitlines(), 1):
            line = raw.strip()
            if line and not line.startswith("#"):
                box, _, text = line.rpartition(" ")
                g = Grid(text.split(":")[0], box or None)
                cases.append((f"{name}:{no}", bytes(g.values),
                              (g.shape.box_rows, g.shape.box_cols), "all"))

    def lines(f, k):
        p = DATA / f
        return [ln.strip() for ln in p.read_text().splitlines() if ln.strip()][:k] \
            if p.is_file() else []
    for f, k in (("norvig_hardest.txt", 11), ("plb_hard20.txt", 20),
                 ("puzzles5_forum_hardest_1905_11+", 10)):
        cases += [(f"{f}:{i}", values_of(ln[:81]), (3, 3), "all")
                  for i, ln in enumerate(lines(f, k), 1)]
    for i, ln in enumerate(lines("gecode_16x16.txt", 6), 1):  # every 3rd given dropped
        v = bytearray(values_of(ln))
        for c in [c for c in range(256) if v[c]][i % 3::3]:
            v[c] = 0
        cases.append((f"gecode_16x16:{i}/thinned", bytes(v), (4, 4), "multi"))
    for i, ln in enumerate(lines("16x16_goomii17_puzzles.txt", 4), 1):
        cases.append((f"goomii:{i}", values_of(ln), (4, 4), "all"))
    g25 = lines("gecode_25x25.txt", 18)
    if g25:
        cases += [("gecode_25x25:17", values_of(g25[16]), (5, 5), "one"),
                  ("gecode_25x25:3", values_of(g25[2]), (5, 5), "one"),
                  ("gecode_25x25:5/nl", values_of(g25[4]), (5, 5), "nl3000"),
                  ("gecode_25x25:1/nl", values_of(g25[0]), (5, 5), "nl2500")]
    return cases


def run_case(mod, kind, vals, args):
    """The answers of every call made on one puzzle (the trace goes to EVENTS); args: the
    kernel's geometry arguments, (box_rows, box_cols) or (geometry,)."""
    out = []

    def call(limit, node_limit):
        EVENTS.append(("call", limit, node_limit))
        out.append(mod.learn(vals, *args, limit, node_limit))

    def steps(rounds, limit_of, more):
        run = mod.LearnRun(vals, *args)
        for k in range(rounds):
            r = run.resume(limit_of(k), more)
            out.append(("run", r, run.decisions))
            if not r[3] and r[0] < limit_of(k):
                break
    if kind == "all":
        for limit, node_limit in ((1, 0), (2, 0), (0, 0), (0, 5), (3, 40), (1, 1)):
            call(limit, node_limit)
        steps(400, lambda k: 1 + k // 4, 3)
    elif kind == "multi":
        for limit, node_limit in ((1, 0), (2, 0), (10, 0), (0, 300)):
            call(limit, node_limit)
        steps(60, lambda k: 1 + k // 3, 5)
    elif kind == "one":
        call(1, 0)
        steps(10 ** 6, lambda k: 1, 700)
    else:
        budget = int(kind[2:])
        call(1, budget)
        call(0, budget // 3)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", help="trace _learn.py at this git revision instead of the tree")
    ap.add_argument("--quick", action="store_true", help="leave out the 25x25 lines")
    ap.add_argument("--variants", action="store_true",
                    help="add the variant-geometry cases (revisions since issue #13)")
    args = ap.parse_args()
    mod = load(args.rev)
    hook(mod)
    total = hashlib.sha256()
    t0 = time.process_time()
    cases = corpus() + (variant_corpus() if args.variants else [])
    for name, vals, kargs, kind in cases:
        if args.quick and name.startswith("gecode_25x25"):
            continue
        EVENTS.clear()
        out = run_case(mod, kind, vals, kargs)
        h = hashlib.sha256(repr(EVENTS).encode() + b"|" + repr(out).encode()).hexdigest()[:16]
        total.update(h.encode())
        learnt = sum(1 for e in EVENTS if e[0] == "l")
        reductions = sum(1 for e in EVENTS if e[0] == "r")
        print(f"{name:40s} {h} events {len(EVENTS):8d} learnt {learnt:5d} "
              f"reductions {reductions}", flush=True)
    print(f"TOTAL {total.hexdigest()}  ({time.process_time() - t0:.1f} s CPU)")


if __name__ == "__main__":
    main()
