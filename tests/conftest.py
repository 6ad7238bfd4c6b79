"""Shared fixtures: where the public data lives, and which kernels are active."""

from __future__ import annotations

from pathlib import Path

import pytest

import sudokit

ROOT = Path(__file__).resolve().parents[1]
TESTDATA = ROOT / "tests" / "data"
SHARED_DATA = ROOT.parent / "shared" / "data"


def pytest_report_header(config):
    reason = sudokit.backend_reason()
    return f"sudokit kernels: {sudokit.backend()}" + (f" ({reason})" if reason else "")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The public data sets beside the repository; skips the test when they are absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"public data not found at {SHARED_DATA}")
    return SHARED_DATA


def shared_file(*parts: str) -> Path:
    """Return a file under ../shared/data, skipping the test if it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"public data file not found: {path}")
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
