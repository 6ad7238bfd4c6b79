"""The one import-time choice of kernels, tested in fresh interpreters."""

from __future__ import annotations

import os
import subprocess
import sys

BLOCK_C = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "sudokit._ckernels":
            raise ImportError("blocked by the test, as if the build had failed")
sys.meta_path.insert(0, Block())
"""
SHOW = "import sudokit; print(sudokit.backend()); print(sudokit.solve('.' * 16).to_line())"


def _run(code: str, **env_changes) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SUDOKIT_PUREPYTHON"}
    env.update(env_changes)
    return subprocess.run([sys.executable, "-W", "always", "-c", code], capture_output=True,
                          text=True, env=env, timeout=60)


def test_missing_extension_falls_back_with_a_visible_warning():
    proc = _run(BLOCK_C + SHOW)
    assert proc.returncode == 0, proc.stderr
    backend, solution = proc.stdout.split()
    assert backend == "python" and len(solution) == 16
    assert "RuntimeWarning" in proc.stderr and "pure-Python kernels" in proc.stderr


def test_forcing_pure_python_is_silent():
    proc = _run(SHOW, SUDOKIT_PUREPYTHON="1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[0] == "python"
    assert "Warning" not in proc.stderr
