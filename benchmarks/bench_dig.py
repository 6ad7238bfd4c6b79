"""rate.level's dig, measured: how often a dig reaches a level, and what 6x6 puzzles rate.

    PYTHONPATH=src python3 benchmarks/bench_dig.py digs --rules nonconsecutive --seeds 4 --digs 6
    PYTHONPATH=src python3 benchmarks/bench_dig.py totals --keep 12,9,6,4 --seeds 4 --digs 4
    PYTHONPATH=src python3 benchmarks/bench_dig.py six --count 5000 --seed 78

``digs``: ``Level._dig_once`` alone at --level (default hard) on the rule's 9x9 geometry
(rot180 orbits, as the page sends), --digs digs per seed 1..--seeds: hits and CPU seconds.
``totals``: the same on sandwich totals of a random solution (the drawing's
``generate(seed=f"draw:{seed}")``) of which --keep of the 18 are kept (chosen by the seed),
no symmetry: why the page's new drawings keep fewer totals (serve/_api.THINNED).
``six``: --count random minimal 6x6 classic puzzles rated on the sudokit scale (5 s each):
how many of each level, and the highest number.
"""

from __future__ import annotations

import argparse
import collections
import random
import time


def _dig_hits(geom, symmetry: str, level: str, seed, digs: int) -> int:
    from sudokit.generate import orbits
    from sudokit.generate_target import _Checks
    from sudokit.rate.level import Level
    target = Level(level, seconds=3600, minimal=False)
    cells, checks = orbits(geom, symmetry), _Checks(geom, "propagate")
    return sum(target._dig_once(geom, symmetry, seed, 0, "propagate", a, cells,
                                geom.display_shape, geom, checks) is not None
               for a in range(digs))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("digs", "totals", "six"))
    ap.add_argument("--rules", default="nonconsecutive")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--digs", type=int, default=4)
    ap.add_argument("--keep", default="12,9,6,4")
    ap.add_argument("--count", type=int, default=5000)
    ap.add_argument("--seed", default="78")
    args = ap.parse_args(argv)
    from sudokit.geometry import boxes, parse
    from sudokit.logic import _budget
    if args.what == "six":
        from sudokit.generate import generate
        from sudokit.rate.scale import rate_scale
        began, levels, top = time.process_time(), collections.Counter(), 0.0
        for g in generate(box="2x3", count=args.count, minimal=True, seed=args.seed):
            r = rate_scale(g.puzzle, time_limit=5)
            levels[r.level or r.status] += 1
            top = max(top, r.number or 0.0)
        print(f"6x6 minimal, {args.count} puzzles, seed {args.seed}: {dict(levels)}, "
              f"highest number {top}, {time.process_time() - began:.1f} s CPU")
        return
    with _budget.time_limit(3600):
        rows = []
        if args.what == "digs":
            geom = parse(f"3x3+{args.rules}")
            began = time.process_time()
            hits = sum(_dig_hits(geom, "rot180", args.level, s, args.digs)
                       for s in range(1, args.seeds + 1))
            rows.append((args.rules, hits, time.process_time() - began))
        else:
            from sudokit.generate import generate
            from sudokit.geometry._random import sandwiches
            for keep in (int(k) for k in args.keep.split(",")):
                began, hits = time.process_time(), 0
                for s in range(1, args.seeds + 1):
                    [made] = generate(geometry=boxes(3, 3), seed=f"draw:{s}")
                    sums = random.Random(s).sample(sandwiches(made.solution.values, 9), keep)
                    geom = boxes(3, 3).with_constraints(*sums)
                    hits += _dig_hits(geom, "none", args.level, s, args.digs)
                rows.append((f"{keep} sandwich totals", hits, time.process_time() - began))
    n = args.seeds * args.digs
    for what, hits, cpu in rows:
        print(f"{what}: {hits} of {n} digs at {args.level}, {cpu:.1f} s CPU")


if __name__ == "__main__":
    main()
