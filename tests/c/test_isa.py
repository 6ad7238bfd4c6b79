"""The instruction levels of the C kernels (src/sudokit/_c/isa/isa.h): baseline x86-64, AVX2
and AVX-512 copies of the hot files, one chosen at import from SUDOKIT_CPU or the CPU.

- the levels this build runs are the ones /proc/cpuinfo reports (x86-64 Linux);
- SUDOKIT_CPU chooses the level at import, falls back to the best level below it that the
  CPU runs, and an unknown value is a RuntimeWarning (the import goes on at the best level);
- every level gives the baseline's answers, bit for bit (in this process, level by level);
- the kernel tests pass at every level the CPU runs, each in a child process started with
  SUDOKIT_CPU (the level of this run is this run's own; ``-m slow``: the whole C suites);
- the baseline code holds no instruction a baseline x86-64 CPU lacks (objdump).

A level the CPU lacks is not skipped: asking for it must give the fallback, and that is
what is checked.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from _paths import ROOT
from conftest import C_ONLY, missing
from sudokit import geometry, logic
from sudokit.engine import _backend

C = _backend.C
LEVELS = ("baseline", "avx2", "avx512")
X86 = platform.machine().lower() in ("x86_64", "amd64")

needs_c = pytest.mark.skipif(C is None, reason=C_ONLY + "the instruction levels are the C "
                                                        "kernels' (pure Python has none)")
pytestmark = needs_c

# what a level needs of the CPU, in /proc/cpuinfo's words (isa/level.h)
NEEDS = {"avx2": {"avx2", "bmi1", "bmi2", "popcnt"},
         "avx512": {"avx2", "bmi1", "bmi2", "popcnt", "avx512f", "avx512bw", "avx512vl",
                    "avx512dq"}}


def _cpu_flags() -> set | None:
    """The CPU's flags from /proc/cpuinfo (Linux), or None."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return None


def _fallback(asked: str) -> str:
    """The level SUDOKIT_CPU=asked must give here: asked, or the best below it the CPU runs."""
    runs = C.cpu_levels()
    return [x for x in runs if LEVELS.index(x) <= LEVELS.index(asked)][-1]


def test_the_levels_run_here_are_what_the_cpu_reports():
    runs = C.cpu_levels()
    assert runs[0] == "baseline" and runs == LEVELS[:len(runs)]
    flags = _cpu_flags()
    if not X86:
        assert runs == ("baseline",)
    elif flags is not None and sys.platform.startswith("linux"):
        expected = ["baseline"] + [level for level in ("avx2", "avx512") if NEEDS[level] <= flags]
        assert list(runs) == expected, f"the CPU reports {expected}, the build runs {runs}"


def _child(code: str, cpu: str | None, *warn: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("SUDOKIT_CPU", "SUDOKIT_PUREPYTHON")}
    if cpu is not None:
        env["SUDOKIT_CPU"] = cpu
    return subprocess.run([sys.executable, *warn, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)


LEVEL_AT_IMPORT = "import sudokit._ckernels as C; print(C.cpu_level())"


@pytest.mark.parametrize("cpu,asked", [(None, "avx512"), ("", "avx512"), ("auto", "avx512"),
                                       (" Auto ", "avx512"), ("baseline", "baseline"),
                                       ("avx2", "avx2"), ("AVX2", "avx2"),
                                       ("avx512", "avx512")])
def test_sudokit_cpu_chooses_the_level_at_import(cpu, asked):
    proc = _child(LEVEL_AT_IMPORT, cpu, "-W", "error")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == [_fallback(asked)]


def test_an_unknown_sudokit_cpu_warns_and_takes_the_best_level():
    proc = _child(LEVEL_AT_IMPORT + "\nimport sudokit; print(sudokit.backend_reason())", "sse9",
                  "-W", "always")
    assert proc.returncode == 0, proc.stderr
    level, reason = proc.stdout.splitlines()
    assert level == C.cpu_levels()[-1]
    assert "RuntimeWarning" in proc.stderr and "SUDOKIT_CPU=sse9 is not an instruction level" \
        in proc.stderr and "baseline, avx2, avx512" in proc.stderr
    assert reason == f"instruction level {level} (SUDOKIT_CPU='sse9' is not a level: the best " \
                     "this CPU runs)"


def test_cpu_level_switches_and_says_why():
    before = C.cpu_level()
    try:
        for asked in LEVELS:
            assert C.cpu_level(asked) == _fallback(asked) == _backend.cpu_level()
        assert C.cpu_level("auto") == C.cpu_levels()[-1]
        assert C.cpu_level() == C.cpu_level(None) == C.cpu_levels()[-1]
        with pytest.raises(ValueError, match="not an instruction level"):
            C.cpu_level("sse2")
        with pytest.raises(TypeError):
            C.cpu_level(2)
    finally:
        C.cpu_level(before)
    assert _backend.backend_reason().startswith(f"instruction level {before} (")


# --- every level, the same answers ---------------------------------------------------------

SETS = ("puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106", "puzzles7_serg_benchmark")


def _sample(path: Path, k: int, seed: int = 32) -> list[str]:
    rows = [r.split()[0] for r in path.read_text().splitlines()
            if r.strip() and not r.startswith("#") and len(r.split()[0]) == 81]
    return random.Random(seed).sample(rows, min(k, len(rows)))


def _values(line: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch) for ch in line)


def _batch(data: bytes, n: int, where, engine: str, limit: int, node_limit: int = 0) -> str:
    """A digest of every output buffer of one C.batch call."""
    ncells = len(data) // n if n else 0
    sols, counts, nodes, flags = bytearray(n * ncells), bytearray(8 * n), bytearray(8 * n), \
        bytearray(n)
    used = C.batch(data, n, *where, engine, limit, node_limit, sols, counts, nodes, flags)
    return used + hashlib.sha256(sols + counts + nodes + flags).hexdigest()


def _variant_puzzles(geom, k: int, seed: int) -> bytes:
    """k puzzles of geom: givens drawn from one of its solutions (solvable), plus blanks."""
    tables = _backend.tables(geom)
    n = geom.size
    count, solution, _, _ = C.propagate(bytes(n * n), tables, 1, 0)
    assert count == 1
    rng = random.Random(seed)
    out = bytearray()
    for _ in range(k):
        keep = set(rng.sample(range(n * n), rng.randrange(n, 3 * n)))
        out += bytes(v if c in keep else 0 for c, v in enumerate(solution))
    return bytes(out)


def _answers(data_dir: Path) -> dict:
    """What the leveled code answers: batch buffers, single calls, lines read, logic paths."""
    out = {}
    bad = [_values("1" * 81), _values("11" + "." * 79), bytes([10] + [0] * 80)]  # clash, byte > 9
    for name in SETS:
        lines = _sample(data_dir / name, 60)
        data = b"".join(_values(x) for x in lines) + b"".join(bad)
        n = len(lines) + len(bad)
        for engine in ("fast9", "propagate", "dlx"):
            for limit in (1, 2):
                out[name, engine, limit] = _batch(data, n, (3, 3), engine, limit)
        # (backtrack: not compiled per level, but run by each level's batch loop; plain DFS
        # takes seconds on some 17-clue puzzles, so within a node limit)
        out[name, "backtrack"] = _batch(data, n, (3, 3), "backtrack", 2, 2000)
        out[name, "fast9", "nodes<=3"] = _batch(data, n, (3, 3), "fast9", 2, 3)
        out[name, "propagate", "nodes<=3"] = _batch(data, n, (3, 3), "propagate", 2, 3)
        for line in lines[:5]:
            out[name, "single", line] = (C.fast9(_values(line), 3, 3, 2),
                                         C.propagate(_values(line), 3, 3, 2),
                                         C.is_solution(C.fast9(_values(line), 3, 3)[1], 3, 3))
    for geom, k in ((geometry.boxes(3).with_rules("nonconsecutive"), 30),
                    (geometry.boxes(3).with_rules("anti-knight", "x"), 20),
                    (geometry.boxes(4), 12), (geometry.boxes(2, 3), 40),
                    (geometry.boxes(3).with_rules("windoku"), 30)):
        data = _variant_puzzles(geom, k, seed=k)
        for engine, nodes in (("propagate", 0), ("backtrack", 2000)):
            out[str(geom), engine] = _batch(data, k, (_backend.tables(geom),), engine, 2,
                                            nodes)
    from sudokit.symbols import DEFAULT, reading_table
    table = reading_table(DEFAULT, 9)
    text = ("\n".join(_sample(data_dir / SETS[1], 40)) + "\n# a comment\n\n   \t\n"
            + "12345678\n" + "x" * 81 + "\n" + "\xe9" * 81 + "\n  " + "." * 81 + "  # note\r\n"
            + "4" * 81 + ",more;fields").encode("utf-8", "surrogateescape")
    out["parse_lines"] = C.parse_lines(text, 9, table)
    out["read_line"] = [C.read_line(x, table, 81) for x in text.decode("latin-1").split("\n")]
    steps = []
    for line in _sample(data_dir / SETS[1], 12) + _sample(data_dir / SETS[3], 3):
        path = logic.steps(line)
        steps.append([(s.technique, s.placements, s.eliminations,
                       json.dumps(s.to_json()["evidence"], sort_keys=True)) for s in path.steps])
    out["logic"] = hashlib.sha256(repr(steps).encode()).hexdigest()
    return out


def test_every_level_gives_the_baselines_answers(shared_data):
    before = C.cpu_level()
    answers = {}
    try:
        for level in C.cpu_levels():
            assert C.cpu_level(level) == level
            answers[level] = _answers(shared_data)
    finally:
        C.cpu_level(before)
    base = answers["baseline"]
    for level, got in answers.items():
        wrong = [key for key in base if got[key] != base[key]]
        assert not wrong, f"{level} answers otherwise than the baseline on {wrong[:5]}"


# --- the kernel tests at each level --------------------------------------------------------

QUICK = ["tests/engine/test_ckernels.py", "tests/c"]
FULL = ["tests/engine", "tests/c", "tests/records", "tests/test_solver.py",
        "tests/logic/test_logic_probe.py", "tests/logic/test_logic_run.py"]


def _tests_at(level: str, paths: list[str], timeout: float) -> None:
    """Run pytest on paths in a child started with SUDOKIT_CPU=level: it must run at that
    level (or the fallback) and pass.  This file is left out (its children would start
    children)."""
    args = [*paths, "-q", "-p", "no:cacheprovider", "--ignore", "tests/c/test_isa.py"]
    code = ("import sys, pytest, sudokit._ckernels as C\n"
            f"if C.cpu_level() != {_fallback(level)!r}:\n"
            f"    sys.exit('SUDOKIT_CPU={level}: the kernels run at ' + C.cpu_level())\n"
            f"sys.exit(pytest.main({args!r}))")
    env = {k: v for k, v in os.environ.items() if k not in ("SUDOKIT_PUREPYTHON",
                                                             "PYTEST_XDIST_WORKER")}
    env["SUDOKIT_CPU"] = level
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-30:])
    assert proc.returncode == 0, f"SUDOKIT_CPU={level}: {' '.join(paths)}\n{tail}"


@pytest.mark.parametrize("level", LEVELS)
def test_the_kernel_tests_pass_at_each_level(level):
    """tests/engine/test_ckernels.py and tests/c at each level the CPU runs.  The level of
    this run is tested by this run itself (its own kernel tests); a level the CPU lacks must
    fall back (checked above), so it is not run twice."""
    if _fallback(level) != level:
        assert level not in C.cpu_levels()
        return
    if level == C.cpu_level():
        assert os.environ.get("SUDOKIT_PUREPYTHON", "") in ("", "0")
        return
    _tests_at(level, QUICK, timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_the_c_suites_pass_at_each_level(level):
    """The C kernels' suites (tests/engine, tests/c, tests/records, tests/test_solver.py, the
    probe's and the easy stretch's tests) at each level the CPU runs: 3-5 minutes each."""
    if _fallback(level) != level:
        return
    _tests_at(level, FULL, timeout=3600)


# --- the baseline holds no instruction a baseline CPU lacks --------------------------------

# What x86-64 without AVX2 cannot run: any VEX/EVEX encoding (the mnemonics that begin with
# "v", the ymm/zmm/mask registers), POPCNT, LZCNT and the BMI instructions.  (tzcnt is what
# objdump calls "rep bsf", which GCC writes for baseline CPUs too: they run it as bsf.)
NOT_BASELINE = re.compile(r"^(v\w+|popcnt|lzcnt|andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|"
                          r"rorx|sarx|shlx|shrx|k\w+)$")
WIDE_REGS = re.compile(r"%(ymm|zmm)\d+|%k[0-7]\b")
# an instruction line of objdump -d --no-show-raw-insn: the mnemonic after any prefix
INSTRUCTION = re.compile(r"^\s+[0-9a-f]+:\s+(?:(?:rep[nez]*|lock|notrack|bnd|data16)\s+)*"
                         r"(\S+)\s*(.*)$")


def _functions(so: str) -> dict[int, tuple[str, str | None]]:
    """{address: (name, source file or None)} of the functions of so (readelf: a local
    symbol follows the FILE symbol of its translation unit; a global one has none)."""
    out, where = {}, None
    text = subprocess.run(["readelf", "-sW", so], capture_output=True, text=True,
                          check=True).stdout
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 8 or not parts[0].endswith(":"):
            continue
        kind, bind, name = parts[3], parts[4], parts[7]
        if kind == "FILE":
            where = name
        elif kind == "FUNC" and parts[1] != "0" * len(parts[1]):
            out.setdefault(int(parts[1], 16), (name, where if bind == "LOCAL" else None))
    return out


def test_the_baseline_code_has_no_avx_instructions():
    """Only the level files' code (isa/avx2_*.c, isa/avx512_*.c: local symbols of those
    units, global ones named *_avx2, *_avx512) may use AVX, AVX-512, POPCNT or BMI: the
    wheel must load and run on any x86-64 CPU.  And the level files do use them (the target
    took effect)."""
    if not X86:
        assert C.cpu_levels() == ("baseline",)
        return
    if not (shutil.which("objdump") and shutil.which("readelf")):
        missing("objdump and readelf are not installed (binutils)")
    so = C.__file__
    functions = _functions(so)
    if not any(where for _, where in functions.values()):
        missing(f"{so} is stripped: no symbols tell the baseline code from the levels'")
    dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", so], capture_output=True,
                          text=True, check=True).stdout
    wrong, used = set(), {"avx2": set(), "avx512": set()}
    name = level = None
    for line in dump.splitlines():
        head = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if head:
            sym, where = functions.get(int(head.group(1), 16), (head.group(2), None))
            name = sym
            tag = where or sym
            level = ("avx512" if "avx512" in tag else "avx2" if "avx2" in tag else None)
            continue
        ins = INSTRUCTION.match(line)
        if not ins or name is None:
            continue
        mnemonic, operands = ins.group(1), ins.group(2)
        if NOT_BASELINE.match(mnemonic) or WIDE_REGS.search(operands):
            if level is None:
                wrong.add(f"{name}: {mnemonic} {operands}")
            else:
                used[level].add(mnemonic)
    assert not wrong, f"baseline code uses instructions beyond x86-64: {sorted(wrong)[:10]}"
    for level in ("avx2", "avx512"):
        if any(level in (where or sym) for sym, where in functions.values()):
            assert used[level], f"the {level} files use no {level} instruction"
