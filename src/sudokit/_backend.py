"""The one import-time choice between the C kernels and the pure-Python kernels.

``SUDOKIT_PUREPYTHON=1`` (any value but empty or ``0``) forces pure Python.  Otherwise the C
extension ``sudokit._ckernels`` is used when it was built; when it was not, pure Python is
used and ``backend_reason()`` says why.  Both sets expose the same kernel signature (see
_kernels.py) and give the same counts, solutions and node counts.
"""

from __future__ import annotations

import os

__all__ = ["backend", "backend_reason", "KERNELS", "LearnRun", "resume_in_steps", "C"]

# A learn search resumed in steps of this many decisions (a fraction of a second on 25x25
# grids) gives Python control between steps.  Every C kernel now also polls for Ctrl-C
# inside its search (sk_poll.h), so the steps are no longer needed for that; resuming is
# exact, so they change no result.
LEARN_STEP = 4096

_FORCED = os.environ.get("SUDOKIT_PUREPYTHON", "").strip() not in ("", "0")

C = None
_reason = "forced by SUDOKIT_PUREPYTHON" if _FORCED else ""
if not _FORCED:
    try:
        import importlib
        C = importlib.import_module(__name__.rpartition(".")[0] + "._ckernels")
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


if C is not None:
    class LearnRun:
        """A resumable learn search in C: the twin of _kernels.LearnRun."""

        __slots__ = ("_run", "decisions")

        def __init__(self, values: bytes, box_rows: int, box_cols: int):
            self._run = C.learn_start(values, box_rows, box_cols)
            self.decisions = 0

        def resume(self, limit: int = 1, more: int = 0):
            result = C.learn_resume(self._run, limit, more)
            self.decisions = result[2]
            return result

    def _learn(values: bytes, box_rows: int, box_cols: int, limit: int = 1,
               node_limit: int = 0):
        """C learn with Ctrl-C seen between steps: the same answer as C.learn."""
        return resume_in_steps(LearnRun(values, box_rows, box_cols), limit, node_limit)

    KERNELS = {
        "propagate": C.propagate,
        "backtrack": C.backtrack,
        "dlx": C.dlx_sudoku,  # builds the cover in C too; same options, order and nodes
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


def backend_reason() -> str:
    """Return why pure Python is active ('' when the C kernels are)."""
    return _reason
