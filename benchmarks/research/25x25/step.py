"""Time learn against auto on lines of gecode_25x25.txt, in process CPU seconds.

    python3 benchmarks/research/25x25/step.py LINE WHAT...     WHAT: one | steps | auto

one = _ckernels.learn in one call, steps = the learn kernel as `auto` runs it (4096
decisions per resume), auto = solver.portfolio (the turns of engine='auto').  Alternate
the WHATs in one call to compare them under the same load.
"""
import sys
import time
from pathlib import Path

from sudokit import _backend, solver

DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "gecode_25x25.txt"
lines = [line.strip() for line in DATA.read_text().splitlines()]
k = int(sys.argv[1])
values = bytes(0 if c == "." else int(c, 36) for c in lines[k - 1])
for what in sys.argv[2:]:
    t = time.process_time()
    if what == "one":
        r = _backend.C.learn(values, 5, 5, 1, 0)
    elif what == "steps":
        r = _backend.KERNELS["learn"](values, 5, 5, 1, 0)
    else:
        r = solver.portfolio(values, 5, 5, 1, 0)[1:]
    print(k, what, r[2], f"{time.process_time() - t:.2f}s", flush=True)
