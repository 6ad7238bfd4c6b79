"""Where the tests find their files, from any folder of tests/ (pytest puts tests/ on the
path: pyproject's pythonpath)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent          # tests/ (tests/data holds the golden files)
ROOT = TESTS.parent                              # the repository
SHARED = ROOT.parent / "shared" / "data"         # the public data sets, beside the clone
