"""The one import-time choice between the C kernels and the pure-Python kernels.

``SUDOKIT_PUREPYTHON=1`` (any value but empty or ``0``) forces pure Python.  Otherwise the C
extension ``sudokit._ckernels`` is used when it was built; when it was not, pure Python is
used and ``backend_reason()`` says why.  Both sets expose the same kernel signature (see
_kernels.py) and give the same counts, solutions and node counts.
"""

from __future__ import annotations

import os

__all__ = ["backend", "backend_reason", "KERNELS", "LearnRun", "resume_in_steps", "C", "tables",
           "native"]

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
    """True when the C kernels take this geometry's tables: always, except rules over many
    cells (geometry.propagators) where the C extension does not know them (``C.SUMS``)."""
    return C is not None and (not geom.propagators or getattr(C, "SUMS", False))


def tables(geom):
    """What the kernels take for a geometry: its C tables handle, or the Geometry itself (pure
    Python, or a geometry the C kernels do not take: see ``native``).

    Kernels are called as kernel(values, tables(geom), limit, node_limit).  Built once per
    geometry (geometries are interned) and kept for the life of the process.
    """
    t = _TABLES.get(geom)
    if t is None:
        t = _TABLES[geom] = _c_tables(geom) if native(geom) else geom
    return t


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
    return C.geometry(geom.size, box[0], box[1], 0, start, cells, pairs, links, masks)


if C is not None:
    def LearnRun(values: bytes, *args):
        """A resumable learn search: in C (_CLearnRun), or in Python on a Geometry the C
        kernels do not take (``native``)."""
        if hasattr(args[0], "propagators"):
            from ._learn import LearnRun as PyLearnRun
            return PyLearnRun(values, *args)
        return _CLearnRun(values, *args)

    class _CLearnRun:
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

    def _learn(values: bytes, *args):
        """C learn with Ctrl-C seen between steps: the same answer as C.learn.

        args: (tables, limit=1, node_limit=0) or (box_rows, box_cols, limit=1, node_limit=0).
        """
        k = 2 if isinstance(args[0], int) else 1
        limit, node_limit = (list(args[k:]) + [1, 0][len(args) - k:])[:2]
        return resume_in_steps(LearnRun(values, *args[:k]), limit, node_limit)

    def _either(c_kernel, name):
        """c_kernel on C tables; on a Geometry (see ``native``) its pure-Python twin (dlx:
        the cover built in Python, searched in C)."""
        def kernel(values, *args):
            if not hasattr(args[0], "propagators"):
                return c_kernel(values, *args)
            from . import _kernels, sudoku_cover
            if name == "dlx":
                return sudoku_cover.dlx(values, *args, engine=C.dlx_count)
            return getattr(_kernels, name)(values, *args)
        kernel.__name__ = kernel.__qualname__ = name
        return kernel

    KERNELS = {
        "propagate": _either(C.propagate, "propagate"),
        "backtrack": _either(C.backtrack, "backtrack"),
        # dlx builds the cover in C too; same options, order and nodes
        "dlx": _either(C.dlx_sudoku, "dlx"),
        "learn": _either(_learn, "learn"),      # CDCL; same decisions as _kernels.learn
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


def backend_reason() -> str:
    """Return why pure Python is active ('' when the C kernels are)."""
    return _reason
