"""The one import-time choice between the C kernels and the pure-Python kernels.

``SUDOKIT_PUREPYTHON=1`` (any value but empty or ``0``) forces pure Python.  Otherwise the C
extension ``sudokit._ckernels`` is used when it was built; when it was not, pure Python is
used and ``backend_reason()`` says why.  Both sets expose the same kernel signature (see
_kernels.py) and give the same counts, solutions and node counts.

The C kernels' hot files are built for several instruction levels (baseline x86-64, AVX2,
AVX-512: src/sudokit/_c/isa/isa.h); the extension chooses one when it is imported, from
``SUDOKIT_CPU`` (``baseline``, ``avx2``, ``avx512``, ``auto``) or else the best the CPU runs.
``cpu_level()`` names it and ``backend_reason()`` says why; every level gives the same
results.
"""

from __future__ import annotations

import os

__all__ = ["backend", "backend_reason", "cpu_level", "KERNELS", "LearnRun", "resume_in_steps", "C",
           "tables", "native"]

# A learn search resumed in steps of this many decisions (a fraction of a second on 25x25
# grids) gives Python control between steps.  Every C kernel now also polls for Ctrl-C
# inside its search (include/poll.h), so the steps are no longer needed for that; resuming is
# exact, so they change no result.
LEARN_STEP = 4096

_FORCED = os.environ.get("SUDOKIT_PUREPYTHON", "").strip() not in ("", "0")

C = None
_reason = "forced by SUDOKIT_PUREPYTHON" if _FORCED else ""
if not _FORCED:
    try:
        import importlib
        C = importlib.import_module(".._ckernels", __package__)
    except ImportError as exc:  # the build could not compile the extension
        C = None
        _reason = f"C extension not available ({exc})"
        import warnings
        warnings.warn(f"sudokit: {_reason}; using the pure-Python kernels (same results, "
                      "slower). Set SUDOKIT_PUREPYTHON=1 to choose them on purpose.",
                      RuntimeWarning, stacklevel=2)


def resume_in_steps(run, limit: int, more: int):
    """run.resume(limit, more), LEARN_STEP decisions at a time: the same result."""
    goal = run.decisions + more if more > 0 else 0
    while True:
        step = LEARN_STEP if not goal else min(LEARN_STEP, goal - run.decisions)
        count, first, done, stopped = run.resume(limit, step)
        if not stopped or (goal and done >= goal):
            return count, first, done, stopped


_TABLES: dict = {}


def native(geom) -> bool:
    """True when the C kernels take this geometry's tables: every geometry once the C
    extension is active (rules over many cells included: its ``SUMS``)."""
    return C is not None


def tables(geom):
    """What the kernels take for a geometry: its C tables handle, or the Geometry itself (pure
    Python).

    Kernels are called as kernel(values, tables(geom), limit, node_limit).  Built once per
    geometry (geometries are interned) and kept for the life of the process.
    """
    t = _TABLES.get(geom)
    if t is None:
        t = _TABLES[geom] = _c_tables(geom) if native(geom) else geom
        if t is not geom and geom.propagators:
            _RULES[id(t)] = geom      # (kept alive by _TABLES: the id stays unique)
    return t


# The geometries with rules over many cells, by the id of their C tables: dlx builds their
# cover in Python (sudoku_cover.dlx) and searches it in C (dlx_count).
_RULES: dict = {}


def _c_tables(geom):
    """The flat tables of geom (kernels.h's sk_shape) handed to C once."""
    from array import array
    box = geom.box or (0, 0)
    if geom.is_classic:
        return C.geometry(geom.size, box[0], box[1], 1, b"", b"", b"", b"", b"")
    start, cells = array("i", [0]), array("h")
    for unit in geom.units:
        cells.extend(unit)
        start.append(len(cells))
    pairs = array("h", [c for pair in geom.pairs for c in pair])
    links, masks = array("h"), array("Q")
    for i, j, m in geom.links:
        links.extend((i, j))
        masks.extend(m)
    if not geom.propagators:
        return C.geometry(geom.size, box[0], box[1], 0, start, cells, pairs, links, masks)
    if not getattr(C, "SUMS", 0):
        raise RuntimeError("the C extension was built before rules over many cells: rebuild it "
                           "(python3 -m pip install -e ., or python3 setup.py build_ext --inplace "
                           "with setuptools>=77) or set SUDOKIT_PUREPYTHON=1")
    props, rules = _c_rules(geom)
    return C.geometry(geom.size, box[0], box[1], 0, start, cells, pairs, links, masks, props,
                      rules)


_KIND = {"sum": 0, "sets": 1, "sandwich": 2, "mask": 3}


def _c_rules(geom):
    """The rules over many cells as C takes them (solve/kernels.h, sk_shape_set_rules): the
    propagators (int64 words: kind, m, cells, nd, data) and learn's clauses, computed here
    once (_propagators.learn_rules; int32 words: aux, groups, clauses, false variables)."""
    from array import array
    from ._propagators import learn_rules

    def word(x):                      # a mask of 64 values as a signed int64
        return x - (1 << 64) if x >= 1 << 63 else x

    props = array("q")
    for kind, cells, data in geom.propagators:
        if kind == "sum":
            data = list(data[0]) + [data[1]] + list(data[2])
        elif kind == "sets":
            data = [word(m) for m in data]
        else:
            data = [word(data)]
        props.extend((_KIND[kind], len(cells), *cells, len(data), *data))
    aux, groups, clauses, false = learn_rules(geom.propagators, geom.size)
    rules = array("i", [aux, len(groups)])
    for g in groups:
        rules.append(len(g))
        rules.extend(g)
    rules.append(len(clauses))
    for lits in clauses:
        rules.append(len(lits))
        rules.extend(lits)
    rules.append(len(false))
    rules.extend(false)
    return props, rules


if C is not None:
    class LearnRun:
        """A resumable learn search in C: the twin of _kernels.LearnRun.

        args: (tables(geometry)) or the classic (box_rows, box_cols).
        """

        __slots__ = ("_run", "decisions")

        def __init__(self, values: bytes, *args):
            self._run = C.learn_start(values, *args)
            self.decisions = 0

        def resume(self, limit: int = 1, more: int = 0):
            result = C.learn_resume(self._run, limit, more)
            self.decisions = result[2]
            return result

        def last(self):
            return C.learn_last(self._run)

    def _learn(values: bytes, *args):
        """C learn with Ctrl-C seen between steps: the same answer as C.learn.

        args: (tables, limit=1, node_limit=0) or (box_rows, box_cols, limit=1, node_limit=0).
        """
        k = 2 if isinstance(args[0], int) else 1
        limit, node_limit = (list(args[k:]) + [1, 0][len(args) - k:])[:2]
        return resume_in_steps(LearnRun(values, *args[:k]), limit, node_limit)

    def _dlx(values: bytes, *args):
        """C dlx_sudoku; on the tables of a geometry with rules over many cells, the cover
        built in Python (sudoku_cover.dlx) and searched in C (dlx_count): the same options
        and nodes as the Python dlx."""
        geom = _RULES.get(id(args[0]))
        if geom is None:
            return C.dlx_sudoku(values, *args)
        from . import sudoku_cover
        return sudoku_cover.dlx(values, geom, *args[1:], engine=C.dlx_count)

    KERNELS = {
        "propagate": C.propagate,
        "backtrack": C.backtrack,
        # dlx builds the cover in C too (but for rules over many cells: _dlx); same options,
        # order and nodes
        "dlx": _dlx,
        "learn": _learn,      # CDCL; same decisions as _kernels.learn
    }
    if hasattr(C, "fast9"):
        KERNELS["fast9"] = C.fast9
else:  # (the pure kernels are imported only here: with C they cost no start-up time)
    from . import _kernels, sudoku_cover
    LearnRun = _kernels.LearnRun
    KERNELS = {
        "propagate": _kernels.propagate,
        "backtrack": _kernels.backtrack,
        "dlx": sudoku_cover.dlx,
        "learn": _kernels.learn,
    }


def backend() -> str:
    """Return 'c' when the C kernels are active, else 'python'."""
    return "c" if C is not None else "python"


def cpu_level() -> str:
    """Return the instruction level the C kernels run at ('baseline', 'avx2' or 'avx512'), or
    '' in pure Python."""
    return C.cpu_level() if C is not None else ""


_LEVELS = ("baseline", "avx2", "avx512")


def backend_reason() -> str:
    """Return why pure Python is active, or, with the C kernels, their instruction level and
    why that one (SUDOKIT_CPU, or the best this CPU runs)."""
    if C is None:
        return _reason
    level, runs = C.cpu_level(), C.cpu_levels()
    asked = os.environ.get("SUDOKIT_CPU", "").strip().lower()
    if asked in _LEVELS:
        chosen = [x for x in runs if _LEVELS.index(x) <= _LEVELS.index(asked)][-1]
        why = (f"SUDOKIT_CPU={asked}" if chosen == asked
               else f"SUDOKIT_CPU={asked}; this CPU runs {chosen} at most")
    else:
        chosen = runs[-1]
        why = ("the best this CPU runs" if asked in ("", "auto")
               else f"SUDOKIT_CPU={asked!r} is not a level: the best this CPU runs")
    if level != chosen:
        why = f"set by cpu_level(); {why} is {chosen}"
    return f"instruction level {level} ({why})"
