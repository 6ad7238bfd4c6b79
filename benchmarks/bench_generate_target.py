"""Aimed generation (issue #17): the walk of sudokit.generate_target against generate-and-filter.

    python benchmarks/bench_generate_target.py                  the four targets below
    python benchmarks/bench_generate_target.py --rating 9.0-10.0 --count 20
    python benchmarks/bench_generate_target.py --technique x-wing --count 100 --technique als-xz

For each target, in the same run and one process:
  walk     aimed(rating=... | technique=..., count=N, seed=S): puzzles per minute
  filter   random minimal puzzles of the ordinary generator (generate(minimal=True)), each
           tested with the same Target.distance (== 0: kept), until N are kept or the walk's
           time has passed three times: puzzles per minute, and how many were drawn
  screen   the same draws tested with Target.walk_distance (the walk's screen first, then
           the distance): what the screen alone gives, without the walk's moves
Times are CPU seconds of this one process (time.process_time): the machine is shared, and
wall time under a varying load tilts the ratio.  Each kept puzzle is re-checked: one
solution (dlx) and, for ratings, sudokit.rate in range; for techniques, the whole logical
path uses it.  --counts adds, for the walk and the filter, the distances computed (full SE
path / logical path) per kept puzzle and their mean cost.  Defaults: --rating 8.0-9.0 (20),
--rating 9.0-10.0 (20), --technique x-wing (100), --technique als-xz (20).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sudokit.engine import _backend  # noqa: E402
from sudokit import solver
from sudokit.generate import generate  # noqa: E402
from sudokit.generate_target import Target, aimed  # noqa: E402


class Counter:
    """Counts Target.distance calls and their CPU time (installed by --counts)."""

    def __init__(self):
        self.calls, self.seconds = 0, 0.0
        original = Target.distance

        def distance(target, puzzle):
            t = time.process_time()
            try:
                return original(target, puzzle)
            finally:
                self.calls += 1
                self.seconds += time.process_time() - t
        Target.distance = distance

    def take(self, kept: int) -> str:
        """'distances per kept puzzle (ms each)' since the last take."""
        calls, seconds = self.calls, self.seconds
        self.calls, self.seconds = 0, 0.0
        per = calls / kept if kept else float("nan")
        return f"{per:.0f} ({seconds / calls * 1e3:.1f} ms)" if calls else "0"


def walk(kw: dict, count: int, seed: str):
    t = time.process_time()
    got = aimed(count=count, seed=seed, **kw)
    return got, time.process_time() - t


def filtered(kw: dict, count: int, seed: str, budget: float, screen: bool):
    target = Target(**kw)
    test = target.walk_distance if screen else target.distance
    t, kept, drawn, i = time.process_time(), [], 0, 0
    while len(kept) < count and time.process_time() - t < budget:
        for g in generate(count=1, minimal=True, seed=f"{seed}:filter:{i}"):
            drawn += 1
            if test(g.puzzle) == 0:
                kept.append(g)
        i += 1
    return kept, time.process_time() - t, drawn


def verify(kw: dict, puzzles) -> None:
    from sudokit.rate import rate
    from sudokit.logic import steps
    for g in puzzles:
        assert solver.count_solutions(g.puzzle, limit=2, engine="dlx") == 1
        if "rating" in kw:
            lo, hi = Target(**kw).rating
            assert lo <= rate(g.puzzle, hodoku=False).er <= hi
        if "technique" in kw:
            assert kw["technique"] in {s.technique for s in steps(g.puzzle).steps}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rating", action="append", default=[])
    ap.add_argument("--technique", action="append", default=[])
    ap.add_argument("--count", type=int, default=None)
    ap.add_argument("--seed", default="bench")
    ap.add_argument("--no-screen", action="store_true", help="skip the screen column")
    ap.add_argument("--counts", action="store_true",
                    help="distances computed per kept puzzle, walk and filter")
    args = ap.parse_args()
    counter = Counter() if args.counts else None
    runs = [({"rating": r}, args.count or 20) for r in args.rating]
    runs += [({"technique": t}, args.count or (100 if t == "x-wing" else 20))
             for t in args.technique]
    if not runs:
        runs = [({"rating": "8.0-9.0"}, 20), ({"rating": "9.0-10.0"}, 20),
                ({"technique": "x-wing"}, 100), ({"technique": "als-xz"}, 20)]
    print(f"backend: {'C' if _backend.C is not None else 'pure Python'}")
    extra = " walk distances/kept | filter distances/kept |" if counter else ""
    print("| target | count | walk puzzles/min | filter puzzles/min (kept/drawn) | walk / filter "
          "| screen puzzles/min (kept/drawn) |" + extra)
    print("|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if counter else ""))
    for kw, count in runs:
        got, tw = walk(kw, count, args.seed)
        counts = [counter.take(len(got))] if counter else []
        verify(kw, got)
        if counter:
            counter.take(1)
        kept, tf, drawn = filtered(kw, count, args.seed, 3 * tw, False)
        if counter:
            counts.append(counter.take(len(kept)))
        verify(kw, kept)
        pw, pf = count / tw * 60, len(kept) / tf * 60
        screen = "-"
        if not args.no_screen:
            kept_s, ts, drawn_s = filtered(kw, count, args.seed, 3 * tw, True)
            verify(kw, kept_s)
            if counter:
                counter.take(1)
            screen = f"{len(kept_s) / ts * 60:.1f} ({len(kept_s)}/{drawn_s})"
        name = ", ".join(f"{k} {v}" for k, v in kw.items())
        ratio = f"{pw / pf:.1f}x" if pf else "n/a (filter kept none)"
        print(f"| {name} | {count} | {pw:.1f} | {pf:.1f} ({len(kept)}/{drawn}) | {ratio} "
              f"| {screen} |" + "".join(f" {c} |" for c in counts), flush=True)


if __name__ == "__main__":
    main()
