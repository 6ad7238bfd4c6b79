"""Kernel limits (issue #18): exact counts past 2**31, Ctrl-C inside long C searches,
validated exact-cover input, and one node unit per named engine in both twins.

C-only tests skip when the extension is not active (SUDOKIT_PUREPYTHON=1 or not built);
the subprocess tests inherit the environment, so they run against whichever kernels the
suite runs against.  Data sets come from ../shared/data (skipped if absent).
"""

from __future__ import annotations

import array
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sudokit
from sudokit.engine import _backend, _kernels, exact_cover, sudoku_cover
from sudokit.records import batch
from sudokit.shape import Shape

from conftest import shared_file  # noqa: E402

C = _backend.C
SRC = str(Path(sudokit.__file__).resolve().parents[1])

needs_c = pytest.mark.skipif(
    C is None, reason="C kernels only: sudokit._ckernels is not active: "
                      f"{_backend.backend_reason() or 'not built'}")

# The classic grid of the issue: its first 28 cells, then empties.  Splitting on its first
# cell (1 or 4; the second cell then takes the other value) gives two grids whose counts,
# each below 2**31, sum to its count: 1,147,159,104 + 1,157,787,552.
BIG = "..73698256321589479587243168".ljust(81, ".")
BIG_COUNT = 2_304_946_656


def values_of(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch, 36) for ch in line.strip())


# --- exact counts past 2**31 ---------------------------------------------------------------


def test_batch_counts_are_64_bit():
    res = batch.solve_many(["." * 16, "1" + "." * 15], box=(2, 2), engine="propagate", limit=0)
    assert res.counts.itemsize == 8 and res.counts.typecode == "q"
    assert list(res.counts) == [288, 288 // 4]


def test_batch_counts_numpy_are_int64():
    np = pytest.importorskip("numpy")
    res = batch.solve_many(np.zeros((1, 16), dtype=np.uint8), box=(2, 2), engine="propagate",
                           limit=0)
    assert res.counts.dtype == np.int64 and int(res.counts[0]) == 288


@pytest.mark.parametrize("count,stored,stopped", [
    (2**31 + 7, 2**31 + 7, False),        # past the old int32 cap: exact
    (2**63 - 1, 2**63 - 1, False),        # the largest count the array holds: exact
    (2**70, 2**63 - 1, True),             # would not fit: saturated, marked a lower bound
])
def test_python_batch_loop_keeps_wide_counts(monkeypatch, count, stored, stopped):
    shape = Shape(2, 2)
    solution = _kernels.propagate(bytes(16), 2, 2)[1]
    monkeypatch.setattr(batch._kernels, "propagate",
                        lambda values, geom, limit, node_limit: (count, solution, 3, False))
    sols, counts = bytearray(16), array.array("q", bytes(8))
    nodes, flags = array.array("Q", bytes(8)), bytearray(1)
    batch._batch_py(bytes(16), 1, shape, "propagate", 0, 0, sols, counts, nodes, flags)
    assert counts[0] == stored
    assert bool(flags[0] & batch.FLAG_STOPPED) is stopped
    assert flags[0] & batch.FLAG_VERIFIED


@needs_c
def test_c_batch_needs_eight_bytes_per_count():
    data = bytes(32)
    with pytest.raises(ValueError, match="out_counts"):
        C.batch(data, 2, 2, 2, "propagate", 0, 0, None, array.array("i", bytes(8)), None, None)
    counts = array.array("q", bytes(16))
    C.batch(data, 2, 2, 2, "propagate", 0, 0, None, counts, None, None)
    assert list(counts) == [288, 288]


@needs_c
def test_c_limits_past_2_31_are_not_truncated():
    # a limit of 2**32 + 1 read as 32 bits would be 1
    grid = values_of(BIG[:27] + "." * 54)
    for kernel in (C.fast9, C.propagate, C.dlx_sudoku):
        assert kernel(grid, 3, 3, 2**32 + 1, 2000)[0] > 1
    assert C.dlx_count(1, 0, [0, 1, 2, 3], [0, 0, 0], 2**32 + 1)[0] == 3


@needs_c
@pytest.mark.slow
def test_c_dlx_count_past_2_31():
    # two items with 46,341 one-item options each: 46341**2 = 2,147,488,281 > 2**31 - 1 covers
    # (about a minute: the count is found one cover at a time)
    m = 46341
    starts = array.array("i", range(2 * m + 1))
    items = array.array("i", [k // m for k in range(2 * m)])
    count, first, nodes, stopped = C.dlx_count(2, 0, starts, items, 0, 0)
    assert (count, first, nodes, stopped) == (m * m, [0, m], m + m * m, False)


@needs_c
@pytest.mark.slow
def test_count_of_the_classic_grid_past_2_31():
    # the C 9x9 kernel, one solution at a time: 34 min wall on a loaded 2-core machine;
    # see BIG for the independent check by splitting
    assert sudokit.count_solutions(BIG, limit=None) == BIG_COUNT


# --- Ctrl-C ----------------------------------------------------------------------------


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupt(argv: list[str], stdin: str = "") -> tuple[int, float, str]:
    """Start argv, wait until it has run 0.6 s of CPU (in its search), send SIGINT;
    return (exit status, seconds from SIGINT to exit, stderr)."""
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        proc.stdin.write(stdin.encode())
        proc.stdin.close()
        start = time.monotonic()
        while time.monotonic() - start < 30:
            cpu = _cpu_seconds(proc.pid)
            if proc.poll() is not None or (cpu if cpu is not None else time.monotonic() - start) >= 0.6:
                break
            time.sleep(0.05)
        assert proc.poll() is None, f"{argv} ended before SIGINT: {proc.stderr.read()!r}"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=60)
        return status, time.monotonic() - sent, proc.stderr.read().decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


EMPTY9 = "." * 81 + "\n"


@pytest.mark.parametrize("extra", [[], ["--engine", "dlx"], ["--engine", "propagate"]],
                         ids=["auto", "dlx", "propagate"])
def test_ctrl_c_stops_count_of_an_empty_9x9(extra):
    status, seconds, err = _interrupt(["-m", "sudokit", "count", "--limit", "0", *extra], EMPTY9)
    assert status == 130, err
    assert seconds < 5


def test_ctrl_c_stops_count_of_an_empty_16x16():
    status, seconds, err = _interrupt(["-m", "sudokit", "count", "--limit", "0"], "." * 256 + "\n")
    assert status == 130, err
    assert seconds < 5


API_SCRIPT = """
import sys
from sudokit.engine import _backend
kernel = _backend.KERNELS[sys.argv[1]]
try:
    kernel(bytes(int(sys.argv[2]) ** 4), int(sys.argv[2]), int(sys.argv[2]), 0, 0)
except KeyboardInterrupt:
    sys.exit(42)
sys.exit(1)
"""


@pytest.mark.parametrize("engine,box", [
    ("propagate", 4),
    pytest.param("dlx", 4, marks=pytest.mark.slow),
    pytest.param("backtrack", 3, marks=pytest.mark.slow),
    pytest.param("learn", 3, marks=pytest.mark.slow),
])
def test_ctrl_c_raises_keyboard_interrupt_in_a_kernel_call(engine, box):
    status, seconds, err = _interrupt(["-c", API_SCRIPT, engine, str(box)])
    assert status == 42, err
    assert seconds < 5


@needs_c
@pytest.mark.parametrize("call", [
    "C.fast9(bytes(81), 3, 3, 0, 0)",
    "C.learn(bytes(81), 3, 3, 0, 0)",
    "C.learn_resume(C.learn_start(bytes(256), 4, 4), 0, 0)",
    "C.dlx_count(12, 0, list(range(2401)), [k // 200 for k in range(2400)], 0, 0)",
    "C.batch(bytes(81), 1, 3, 3, 'fast9', 0, 0, None, None, None, None)",
])
def test_ctrl_c_raises_keyboard_interrupt_in_c_calls(call):
    script = (f"import sys, sudokit._ckernels as C\ntry:\n    {call}\n"
              "except KeyboardInterrupt:\n    sys.exit(42)\nsys.exit(1)\n")
    status, seconds, err = _interrupt(["-c", script])
    assert status == 42, err
    assert seconds < 5


@needs_c
def test_interrupted_learn_run_resumes_exactly():
    # an interrupt is a clean pause: the run, resumed, ends exactly where an uninterrupted
    # search ends.  SIGUSR1 comes from another thread while the kernel runs (GIL released);
    # the kernel's poll runs the handler, which raises once.
    import threading
    fired = []

    def handler(signum, frame):
        if not fired:
            fired.append(signum)
            raise KeyboardInterrupt

    puzzle, limit = bytes(256), 50_000    # about 0.5 s of solutions for the C learn kernel
    old = signal.signal(signal.SIGUSR1, handler)
    timer = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGUSR1))
    try:
        run = C.learn_start(puzzle, 4, 4)
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            C.learn_resume(run, limit, 0)
        assert fired
        resumed = C.learn_resume(run, limit, 0)
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, old)
    assert resumed == C.learn(puzzle, 4, 4, limit, 0)


# --- exact-cover input validated at the boundary -----------------------------------------


def _cover_engines():
    engines = [exact_cover.dlx_count]
    if C is not None:
        engines.append(C.dlx_count)
    return engines


@pytest.mark.parametrize("args,message", [
    ((2, 0, [0, 2], [1, 1]), "option 0 names item 1 twice"),
    ((3, 0, [0, 1, 3], [0, 2, 2]), "option 1 names item 2 twice"),
    ((2, 0, [0, 3, 2], [0, 1]), "option_starts decreases at option 1"),   # slice past the end
    ((2, 0, [0, 5, 2], [0, 9]), "option_starts decreases at option 1"),   # before item checks
    ((2, 0, [0, 1, 2], [0, 2]), "option 1 names item 2, outside 0..1"),
    ((2, 0, [0, 1], [-1]), "option 0 names item -1, outside 0..1"),
    ((2, 0, [1, 2], [0, 1]), "begin with 0"),
    ((2, 0, [0, 1], [0, 1]), "end with"),
])
def test_malformed_options_raise_the_same_error_in_both_twins(args, message):
    for engine in _cover_engines():
        with pytest.raises(ValueError) as info:
            engine(*args)
        assert message in str(info.value), engine
    with pytest.raises(ValueError, match=message.split(",")[0]):
        list(exact_cover.dlx_solutions(*args))


def test_wellformed_options_still_count():
    # two items, options {0}, {1}, {0,1}: covers {0}+{1} and {0,1}
    for engine in _cover_engines():
        assert engine(2, 0, [0, 1, 2, 4], [0, 1, 1, 0]) == (2, [0, 1], 3, False)


# --- one node unit per named engine in both twins -----------------------------------------


def _load(name: str, count: int, ncells: int) -> list[bytes]:
    out = []
    with open(shared_file(name)) as fh:
        for line in fh:
            line = line.strip()
            if len(line) >= ncells and not line.startswith("#"):
                out.append(values_of(line[:ncells]))
                if len(out) == count:
                    break
    return out


def _twins():
    return {"propagate": (C.propagate, _kernels.propagate),
            "backtrack": (C.backtrack, _kernels.backtrack),
            "dlx": (C.dlx_sudoku, sudoku_cover.dlx),
            "learn": (C.learn, _kernels.learn)}


@needs_c
@pytest.mark.parametrize("name,count,box", [
    ("puzzles3_magictour_top1465", 100, 3),   # hard, unique
    ("puzzles2_17_clue", 60, 3),              # minimal, unique
    ("puzzles7_serg_benchmark", 60, 3),       # many solutions
    ("16x16_goomii17_puzzles.txt", 8, 4),
])
def test_named_engines_count_nodes_alike_in_both_twins(name, count, box):
    puzzles = _load(name, count, box ** 4)
    for engine, (c_kernel, py_kernel) in _twins().items():
        for limit, node_limit in [(2, 50), (1, 7), (0, 120)]:
            for puzzle in puzzles:
                got = c_kernel(puzzle, box, box, limit, node_limit)
                want = py_kernel(puzzle, box, box, limit, node_limit)
                assert got == want, (engine, limit, node_limit, puzzle.hex())


@needs_c
def test_named_engines_in_batch_count_nodes_alike():
    # the C batch loop against the pure-Python batch loop, node limits included
    puzzles = _load("puzzles3_magictour_top1465", 100, 81)
    data = b"".join(puzzles)
    n, shape = len(puzzles), Shape(3, 3)
    for engine in ("propagate", "backtrack", "dlx"):
        outs = []
        for run in ("c", "py"):
            sols, counts = bytearray(81 * n), array.array("q", bytes(8 * n))
            nodes, flags = array.array("Q", bytes(8 * n)), bytearray(n)
            if run == "c":
                C.batch(data, n, 3, 3, engine, 2, 50, sols, counts, nodes, flags)
            else:
                batch._batch_py(data, n, shape, engine, 2, 50, sols, counts, nodes, flags)
            outs.append((bytes(sols), list(counts), list(nodes), bytes(flags)))
        assert outs[0] == outs[1], engine
