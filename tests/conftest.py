"""Shared fixtures: where the public data lives, which kernels are active, and what may skip.

Skips.  A test may skip for one of two reasons that hold on a sound machine, each written as
the first words of its reason: ``C kernels only: ...`` (it compares or drives the C twins, and
the pure-Python run has none) and ``too slow in pure Python: ...`` (the same check runs in the
C run; in pure Python it would take minutes or hours).  Anything else that skips (public data,
a system tool, a test package, a console script absent) is a missing resource: a skip on a
developer's machine, a *failure* under ``CI=true`` (``pytest_runtest_makereport`` below), so
a green CI cannot hide evidence it did not run.  Under CI=true the C run may skip nothing.  docs/testing.md lists the skips of each run.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import sudokit

ROOT = Path(__file__).resolve().parents[1]
TESTDATA = ROOT / "tests" / "data"
SHARED_DATA = ROOT.parent / "shared" / "data"

IN_CI = os.environ.get("CI", "").lower() == "true"
C_ONLY = "C kernels only: "                   # the justified reasons' first words (see above)
PURE_SLOW = "too slow in pure Python: "
JUSTIFIED = (C_ONLY, PURE_SLOW)

# the Debian package of each system tool the tests drive (.ci/run installs them)
TOOL_PACKAGES = {"chromium": "chromium", "chromedriver": "chromium-driver",
                 "pdftoppm": "poppler-utils", "pdfinfo": "poppler-utils",
                 "sgt-solo": "sgt-puzzles"}


def missing(what: str):
    """A resource the test needs is absent: skip here; under CI=true, fail."""
    if IN_CI:
        pytest.fail(f"{what} (CI=true: a missing resource is a failure, not a skip)",
                    pytrace=False)
    pytest.skip(what)


def need_tool(name: str) -> str:
    """Return the path of a system tool (PATH, then /usr/games); missing() when absent."""
    path = shutil.which(name) or shutil.which(name, path="/usr/games")
    if path is None:
        package = TOOL_PACKAGES.get(name, name)
        missing(f"{name} is not installed (apt-get install {package})")
    return path


def _unjustified(reason: str) -> bool:
    """Only the pure-Python run may skip, and only for the two justified reasons."""
    text = reason[len("Skipped: "):] if reason.startswith("Skipped: ") else reason
    return sudokit.backend() != "python" or not text.startswith(JUSTIFIED)


def _fail_skip(report, reason: str) -> None:
    report.outcome = "failed"
    report.longrepr = (f"skipped under CI=true for a reason that is not a justified one "
                       f"({' / '.join(r.strip(': ') for r in JUSTIFIED)}): {reason}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI=true, a skip fails the test: in the C run any skip, in the pure-Python run
    any but the two justified ones."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if _unjustified(reason):
            _fail_skip(report, reason)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """The same for a whole module that skips when collected (a missing package)."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if _unjustified(reason):
            _fail_skip(report, reason)


def pytest_report_header(config):
    reason = sudokit.backend_reason()
    return f"sudokit kernels: {sudokit.backend()}" + (f" ({reason})" if reason else "")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The public data sets beside the repository; missing() when they are absent."""
    if not SHARED_DATA.is_dir():
        missing(f"public data not found at {SHARED_DATA}")
    return SHARED_DATA


def shared_file(*parts: str) -> Path:
    """Return a file under ../shared/data; missing() when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.is_file():
        missing(f"public data file not found: {path}")
    return path


def read_golden(path: Path):
    """Yield (line_no, box, puzzle, count, solution|None) from a golden file.

    Lines are ``[box ]puzzle:count[:solution]``; ``#`` lines and blank lines are skipped.
    """
    for no, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        box = None
        if " " in line:
            box, line = line.split(None, 1)
        fields = line.split(":")
        yield no, box, fields[0], int(fields[1]), (fields[2] if len(fields) > 2 else None)
