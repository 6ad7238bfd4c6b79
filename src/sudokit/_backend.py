"""The one import-time choice between the C kernels and the pure-Python kernels.

``SUDOKIT_PUREPYTHON=1`` (any value but empty or ``0``) forces pure Python.  Otherwise the C
extension ``sudokit._ckernels`` is used when it was built; when it was not, pure Python is
used and ``backend_reason()`` says why.  Both sets expose the same kernel signature (see
_kernels.py) and give the same counts, solutions and node counts.
"""

from __future__ import annotations

import os

from . import _kernels, sudoku_cover

__all__ = ["backend", "backend_reason", "KERNELS", "LearnRun", "C"]

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

if C is not None:
    KERNELS = {
        "propagate": C.propagate,
        "backtrack": C.backtrack,
        "dlx": C.dlx_sudoku,  # builds the cover in C too; same options, order and nodes
        "learn": C.learn,     # CDCL; same decisions as _kernels.learn
    }
    if hasattr(C, "fast9"):
        KERNELS["fast9"] = C.fast9

    class LearnRun:
        """A resumable learn search in C: the twin of _kernels.LearnRun."""

        __slots__ = ("_run",)

        def __init__(self, values: bytes, box_rows: int, box_cols: int):
            self._run = C.learn_start(values, box_rows, box_cols)

        def resume(self, limit: int = 1, more: int = 0):
            return C.learn_resume(self._run, limit, more)
else:
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
