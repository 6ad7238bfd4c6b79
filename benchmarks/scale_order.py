"""How well the sudokit scale orders Simon Tatham's Solo difficulty labels (issue #29).

Solo (``sgt-solo``, Debian's sgt-puzzles) labels each puzzle it makes by the techniques its
own solver needs: t trivial, b basic, i intermediate, a advanced, e extreme, u unreasonable.
For each variant this makes COUNT puzzles per label with a fixed seed (a Solo game id
``PARAMS#SEED`` makes the same puzzles every time), rates them on the sudokit scale, and
counts the cross-label pairs (two puzzles of different labels) that the scale orders as
Solo does: the harder label's puzzle gets the larger sort key (ScaleRating.key: the
number; 'stuck' above every number).  A tie counts as wrong.

    python3 benchmarks/scale_order.py                  # X and jigsaw, 10 a label
    python3 benchmarks/scale_order.py --count 20 --variants 3x3x,9j,3x3
    python3 benchmarks/scale_order.py --killers        # published killers, see below

Killers (--killers): two published collections whose labels say how hard they are:
KrazyDad's "Intermediate" killer books (tests/data/sums/krazydad_killers.csv, 300 puzzles)
and the killers posted in the killer forums' threads on the hardest killers
(tests/data/sums/forum_killers.txt, 68).  The share of cross-label pairs the scale orders
(intermediate below hardest) is the figure; a forum killer that logic does not finish within
--time-limit counts by its ScaleRating.at_least (what its number is known to be at least).
Also printed, as measured, not as a target: KrazyDad's order within the series (book 1 to
100 of each volume, "ascending difficulty") and Solo's killer labels (3x3k), whose
solver has no rule of 45 (docs/difficulty.md says why neither is a fair yardstick).

tests/rate/test_scale_order.py runs the same with fewer puzzles.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time

SOLO_LABELS = "tbiaeu"   # Solo's difficulty letters, easiest first
VARIANTS = {"3x3x": "X (diagonals)", "9j": "jigsaw", "3x3": "classic"}


def solo_ids(solo: str, params: str, label: str, count: int, seed: str) -> list:
    """count game ids of Solo's params at difficulty label (seeded: the same every run)."""
    out = subprocess.run([solo, "--generate", str(count), f"{params}d{label}#{seed}"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    return out.split()


def keys(ids: list, time_limit: float) -> list:
    """The sudokit scale's sort keys of Solo game ids."""
    from sudokit.formats import parse_solo
    from sudokit.rate.scale import rate_scale
    return [rate_scale(parse_solo(i), time_limit=time_limit).key for i in ids]


def ordered_share(by_label: dict) -> "tuple[int, int]":
    """(pairs ordered as the labels are, cross-label pairs): labels in SOLO_LABELS order."""
    good = total = 0
    labels = [c for c in SOLO_LABELS if c in by_label]
    for i, easier in enumerate(labels):
        for harder in labels[i + 1:]:
            for a in by_label[easier]:
                for b in by_label[harder]:
                    total += 1
                    good += b > a
    return good, total


ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
SUMS = ROOT / "tests" / "data" / "sums"


def krazydad_killers() -> list:
    """(book, Grid) of KrazyDad's 300 Intermediate killers (book 1 to 100 of a volume)."""
    import csv
    import re
    from sudokit import Grid, geometry
    out = []
    with open(SUMS / "krazydad_killers.csv", newline="") as f:
        for row in csv.DictReader(f):
            color = row["puzz_color"][1:]  # a leading K, then a cage letter a cell
            totals = [int(x) for x in row["puzz_hint"].split(",")]
            order = list(dict.fromkeys(color))
            cages = [("killer", [i for i, x in enumerate(color) if x == ch], totals[k])
                     for k, ch in enumerate(order)]
            book = int(re.search(r"-B(\d+)-", row["ptitle"]).group(1))
            out.append((book, Grid("." * 81, geometry=geometry.boxes(3, 3).with_constraints(
                *cages))))
    return out


def forum_killers() -> list:
    """The Grids of tests/data/sums/forum_killers.txt (format 'killer', one a line)."""
    from sudokit.formats import read_records
    with open(SUMS / "forum_killers.txt", encoding="utf-8") as f:
        return [r.grid for r in read_records(f)]


def killer_keys(grids, time_limit: float) -> list:
    from sudokit.rate.scale import rate_scale
    return [rate_scale(g, time_limit=time_limit).key for g in grids]


def killers_main(args) -> int:
    began = time.process_time()
    kd = krazydad_killers()
    kd_keys = killer_keys([g for _, g in kd], args.time_limit)
    forum = forum_killers()
    forum_keys = killer_keys(forum, args.time_limit)
    good, total = _ordered_by_rank([kd_keys, forum_keys])
    print(f"killers, KrazyDad Intermediate ({len(kd)}) below forum hardest ({len(forum)}): "
          f"{good}/{total} cross-label pairs ordered = {100 * good / total:.1f} %  "
          f"({time.process_time() - began:.0f} CPU s, --time-limit {args.time_limit:g})")
    print("  KrazyDad: " + _spread(kd_keys))
    print("  forum:    " + _spread(forum_keys))
    books = sorted({b for b, _ in kd})
    by_book = {b: [k for (bb, _), k in zip(kd, kd_keys) if bb == b] for b in books}
    good, total = _ordered_by_rank([by_book[b] for b in books])
    print(f"  measured, not a target: KrazyDad's books 1-100 in order: {good}/{total} = "
          f"{100 * good / total:.1f} % of cross-book pairs")
    solo = shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")
    if solo is not None and args.count:
        by_label = {c: keys(solo_ids(solo, "3x3k", c, args.count, args.seed), args.time_limit)
                    for c in SOLO_LABELS}
        good, total = ordered_share(by_label)
        print(f"  measured, not a target: Solo's killer labels (3x3k, {args.count} a label): "
              f"{good}/{total} = {100 * good / total:.1f} %")
    return 0


def _ordered_by_rank(groups: list) -> "tuple[int, int]":
    """ordered_share over any number of groups, easiest first."""
    good = total = 0
    for i, easier in enumerate(groups):
        for harder in groups[i + 1:]:
            for a in easier:
                for b in harder:
                    total += 1
                    good += b > a
    return good, total


def _spread(ks: list) -> str:
    ks = sorted(ks)
    q = [ks[int(f * (len(ks) - 1))] for f in (0, 0.25, 0.5, 0.75, 1)]
    return "min {:.2f}, quartiles {:.2f} {:.2f} {:.2f}, max {:.2f}".format(*q)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10, help="puzzles per label (default 10)")
    ap.add_argument("--variants", default="3x3x,9j", help="Solo params, comma-separated")
    ap.add_argument("--seed", default="sudokit-vlevel", help="Solo's random seed")
    ap.add_argument("--time-limit", type=float, default=30.0, help="seconds per rating")
    ap.add_argument("--killers", action="store_true",
                    help="published killers: KrazyDad's Intermediate books against the forums' "
                         "hardest (and, measured, Solo's killer labels with --count a label)")
    args = ap.parse_args(argv)
    if args.killers:
        return killers_main(args)
    solo = shutil.which("sgt-solo") or shutil.which("sgt-solo", path="/usr/games")
    if solo is None:
        print("sgt-solo is not installed (apt-get install sgt-puzzles)", file=sys.stderr)
        return 2
    for params in args.variants.split(","):
        began = time.process_time()
        by_label = {c: keys(solo_ids(solo, params, c, args.count, args.seed), args.time_limit)
                    for c in SOLO_LABELS}
        good, total = ordered_share(by_label)
        print(f"{params} ({VARIANTS.get(params, params)}): {good}/{total} cross-label pairs "
              f"ordered = {100 * good / total:.1f} %  ({time.process_time() - began:.1f} CPU s)")
        shares = []
        for i, easier in enumerate(SOLO_LABELS):
            for harder in SOLO_LABELS[i + 1:]:
                g, t = ordered_share({easier: by_label[easier], harder: by_label[harder]})
                if g < t:
                    shares.append(f"{easier}<{harder} {100 * g / t:.0f} %")
        print("  pairs not all ordered: " + (", ".join(shares) or "none"))
        for c in SOLO_LABELS:
            ks = by_label[c]
            print(f"  {c}: " + " ".join("stuck" if k == 6.0 else f"{k:.2f}" for k in sorted(ks)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
