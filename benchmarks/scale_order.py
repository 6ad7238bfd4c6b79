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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10, help="puzzles per label (default 10)")
    ap.add_argument("--variants", default="3x3x,9j", help="Solo params, comma-separated")
    ap.add_argument("--seed", default="sudokit-vlevel", help="Solo's random seed")
    ap.add_argument("--time-limit", type=float, default=30.0, help="seconds per rating")
    args = ap.parse_args(argv)
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
