"""Killers made to a level of the sudokit scale (issue #29): the cage walk against cut-and-filter.

    python3 benchmarks/killer_levels.py                       9x9, 6 seeds a level
    python3 benchmarks/killer_levels.py --seeds 10 --levels hard,expert --time-limit 60

For each level, in the same run and one process, the same seeds:
  walk     rate.level's killer walk (iter_level(level, killer=True)): a cut, then cages cut
           in two while too hard and neighbours joined while too easy
  filter   what came before it: up to 40 killers cut (generate's _make_killer, the same
           seeds) until one rates at the level, each rated by the same Level.distance
Per level: puzzles made at the level (each re-rated whole by rate_scale, independently of
the generator), and the CPU seconds a seed took (median, max; time.process_time: the
machine is shared).  --time-limit is each seed's seconds of logic (the CLI's --time-limit).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sudokit.engine import _backend  # noqa: E402
from sudokit.generate import GenerationError, _geometry_of, _make_killer  # noqa: E402
from sudokit.geometry import _cages  # noqa: E402
from sudokit.logic import _budget  # noqa: E402
from sudokit.rate.level import KILLER_TRIES, Level, iter_level  # noqa: E402
from sudokit.rate.scale import rate_scale  # noqa: E402


def _walk(level: str, box: str, seed, seconds: float):
    [g] = iter_level(level, killer=True, box=box, seed=seed, seconds=seconds)
    return g.puzzle


def _filter(level: str, box: str, seed, seconds: float):
    geom = _geometry_of(box, None)
    target = Level(level, seconds=seconds, killer=_cages.spec(True, geom))
    with _budget.time_limit(seconds):
        for k in range(KILLER_TRIES):
            try:
                got = _make_killer(geom, target.killer, f"{seed}:level:{k}", 0, "learn")
            except GenerationError:
                continue
            if target.distance(got.puzzle) == 0:
                return got.puzzle
    raise GenerationError(f"none in {KILLER_TRIES} cuts")


def run(levels, box: str, seeds: int, seconds: float) -> list:
    rows = []
    for level in levels:
        for name, make in (("walk", _walk), ("filter", _filter)):
            hits, times = 0, []
            for seed in range(1, seeds + 1):
                began = time.process_time()
                try:
                    puzzle = make(level, box, seed, seconds)
                    hits += rate_scale(puzzle).level == level  # (re-rated whole)
                except GenerationError:
                    pass
                times.append(time.process_time() - began)
            rows.append((level, name, hits, seeds, statistics.median(times), max(times)))
            print(f"| {level} | {name} | {hits} / {seeds} | {statistics.median(times):.1f} | "
                  f"{max(times):.1f} |", flush=True)
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--box", default="3x3")
    p.add_argument("--seeds", type=int, default=6)
    p.add_argument("--levels", default="easy,medium,hard,expert,extreme")
    p.add_argument("--time-limit", type=float, default=30.0)
    args = p.parse_args(argv)
    print(f"backend {_backend.backend()}, {args.box} killers, seeds 1..{args.seeds}, "
          f"{args.time_limit:g} s of logic a seed")
    print("| level | method | made at the level | CPU s a seed, median | max |")
    print("|---|---|---:|---:|---:|")
    run(args.levels.split(","), args.box, args.seeds, args.time_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
