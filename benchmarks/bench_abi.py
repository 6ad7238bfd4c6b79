"""Two builds of the C kernels, interleaved: what the stable ABI costs (issue #31).

    python3 benchmarks/bench_abi.py TREE_A TREE_B [--rounds 6]

TREE_A and TREE_B are two copies of the repository (with ../shared beside each, or a link to
it), each with its extension built in place; for the stable ABI, B has
benchmarks/stable-abi-3.11.patch applied and is built with
    CFLAGS="-DNDEBUG -g -fwrapv -O3 -Wall -DPy_LIMITED_API=0x030b0000" \\
        python3 setup.py build_ext --inplace
(setting CFLAGS replaces Python's default flags, so the defaults are repeated there).
Each round runs in each tree, the order swapped every round: bench.py's c:fast9 batch on
17clue, top1465 and hardest1905 (first and count2, best of 5), bench_single.py (5 rounds)
and a loop of sudokit.check over top1465.  Figures are CPU us/puzzle; the ratio B/A is the
median of the per-round ratios (machine noise hits both builds of a round alike).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

CHECK_LOOP = r"""
import statistics, sys, time, sudokit
path = sys.argv[1]
lines = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
for l in lines: sudokit.check(l)
runs = []
for _ in range(5):
    t = time.process_time()
    for l in lines: sudokit.check(l)
    runs.append((time.process_time() - t) / len(lines) * 1e6)
print(f"check {statistics.median(runs):.3f}")
"""


def one_round(tree: str, out: str) -> dict:
    """{name: CPU us/puzzle} for one tree."""
    env = dict(os.environ, PYTHONPATH=os.path.join(tree, "src"))
    env.pop("SUDOKIT_PUREPYTHON", None)
    figures = {}
    subprocess.run([sys.executable, "benchmarks/bench.py", "--sets", "17clue,top1465,hardest1905",
                    "--kernels", "c:fast9", "--repeat", "5", "--json", out], cwd=tree, env=env,
                   check=True, timeout=600, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out) as fh:
        for row in json.load(fh)["rows"]:
            if row["prefix"] == "all":
                figures[f"fast9 batch {row['set']} {row['mode']}"] = row["cpu_seconds"] / row["puzzles"] * 1e6
    text = subprocess.run([sys.executable, "benchmarks/bench_single.py", "--rounds", "5"], cwd=tree,
                          env=env, check=True, timeout=600, capture_output=True, text=True).stdout
    for name, value in re.findall(r"^(batch|solve|grid|parse)\s+([\d.]+)", text, re.M):
        figures[f"bench_single {name}"] = float(value)
    top = os.path.join(tree, "..", "shared", "data", "puzzles3_magictour_top1465")
    text = subprocess.run([sys.executable, "-c", CHECK_LOOP, top], cwd=tree, env=env, check=True,
                          timeout=600, capture_output=True, text=True).stdout
    figures["check loop"] = float(text.split()[1])
    return figures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tree_a")
    ap.add_argument("tree_b")
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args(argv)
    trees = {"A": os.path.abspath(args.tree_a), "B": os.path.abspath(args.tree_b)}
    runs = {"A": [], "B": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for name in ("AB" if r % 2 == 0 else "BA"):
                runs[name].append(one_round(trees[name], os.path.join(tmp, f"{name}{r}.json")))
    print(f"# A = {trees['A']}\n# B = {trees['B']}\n# {args.rounds} rounds, CPU us/puzzle, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'':34s} {'A':>8s} {'B':>8s}  B/A")
    for key in runs["A"][0]:
        a = [f[key] for f in runs["A"]]
        b = [f[key] for f in runs["B"]]
        ratio = statistics.median(y / x for x, y in zip(a, b))
        print(f"{key:34s} {statistics.median(a):8.3f} {statistics.median(b):8.3f}  {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
