"""Reading is linear and bounded (#18 item 5): many blank lines, a huge line, an endless line.

The slow tests record their figures in the assertion messages and in the report of the
branch (h-readers); each is bounded in time (a few seconds here) and in memory (the peak
of tracemalloc, or a subprocess's max RSS)."""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
import textwrap
import time
import tracemalloc

import pytest

from sudokit import formats
from sudokit.records import pipeline
from sudokit.formats import _stream as _formats_stream
from sudokit.formats import MAX_LINE

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
MB = 1 << 20


def _timed(func, memory: bool = True):
    """Return (func(), seconds, peak traced bytes); the time of a run without tracing."""
    t = time.perf_counter()
    out = func()
    seconds = time.perf_counter() - t
    peak = 0
    if memory:
        del out
        tracemalloc.start()
        try:
            out = func()
        finally:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    return out, seconds, peak


def test_a_too_long_line_is_one_error_record_and_numbers_stay_right():
    text = f"{PUZZLE}\n{'1' * (MAX_LINE + 5)}\n{PUZZLE}\n\n{PUZZLE}\n"
    for source in (text, io.StringIO(text), io.BytesIO(text.encode()), text.splitlines(True)):
        recs = list(formats.read_records(source))
        assert [r.line for r in recs] == [1, 2, 3, 5]
        assert [r.ok for r in recs] == [True, False, True, True]
        assert "line too long" in str(recs[1].error) and str(MAX_LINE + 5) in str(recs[1].error)
    for fmt in ("block", "tokens", "json"):
        recs = list(formats.read_records(io.StringIO(text), format=fmt))
        assert any("line too long" in str(r.error) for r in recs)
        assert recs[-1].line >= 3


def test_a_line_at_the_limit_is_read():
    line = "." * MAX_LINE
    recs = list(formats.read_records(io.StringIO(line + "\n" + PUZZLE + "\n")))
    assert "line too long" not in str(recs[0].error) and recs[1].ok


def test_read_blocks_replaces_a_too_long_line_and_keeps_line_numbers():
    data = (PUZZLE + "\n") * 3 + "9" * (3 * MB) + "\n" + (PUZZLE + "\n") * 2
    blocks = list(pipeline.read_blocks(io.BytesIO(data.encode()), size=1024, max_line=MB))
    joined = b"".join(b.data for b in blocks)
    assert joined.split(b"\n")[3] == pipeline.TOO_LONG_LINE
    bad = {k: v for b in blocks for k, v in (b.bad or {}).items()}
    assert list(bad) == [4] and f"{3 * MB} bytes" in bad[4]
    assert joined.count(b"\n") == data.count("\n")
    for b in blocks:  # each block's bad lines are its own
        assert all(b.first_line <= k < b.first_line + b.data.count(b"\n") + 1 for k in b.bad or ())
    assert all(b.path is None for b in blocks if b.bad)


def test_read_blocks_without_long_lines_is_unchanged():
    data = ("".join(f"{PUZZLE} # {k}\n" for k in range(5000))).encode()
    blocks = list(pipeline.read_blocks(io.BytesIO(data)))
    assert b"".join(b.data for b in blocks) == data
    assert all(b.data.endswith(b"\n") for b in blocks)
    assert [b.first_line for b in blocks] == [
        1 + sum(x.data.count(b"\n") for x in blocks[:k]) for k in range(len(blocks))]


def test_detection_window_stays_small_on_blank_and_comment_lines():
    lines = ["\n"] * 100_000 + ["# c\n"] * 100_000 + [PUZZLE + "\n"]
    window, rest = _formats_stream._peek(_formats_stream._numbered_strs(iter(lines)))
    assert len(window) <= 3
    recs = list(formats.read_records(lines))
    assert len(recs) == 1 and recs[0].line == 200_001


@pytest.mark.slow
def test_a_million_blank_lines_then_a_puzzle_is_linear():
    text = "\n" * 1_000_000 + PUZZLE + "\n"
    data = text.encode()
    recs, seconds, _ = _timed(lambda: list(formats.read_records(io.BytesIO(data))), False)
    assert len(recs) == 1 and recs[0].ok and recs[0].line == 1_000_001
    assert seconds < 10, f"{seconds:.2f} s"
    note, seconds, _ = _timed(lambda: formats.detect_notation(io.StringIO(text)), False)
    assert note.format == "line" and seconds < 10
    blocks, seconds, _ = _timed(lambda: list(pipeline.read_blocks(io.BytesIO(data))), False)
    assert sum(b.data.count(b"\n") for b in blocks) == 1_000_001 and seconds < 10


@pytest.mark.slow
def test_a_50_mb_line_is_one_error_record_in_bounded_time_and_memory():
    big = PUZZLE + "\n" + "7" * (50 * MB) + "\n" + PUZZLE + "\n"
    data = big.encode()
    del big
    recs, seconds, peak = _timed(lambda: list(formats.read_records(io.BytesIO(data))))
    assert [r.ok for r in recs] == [True, False, True] and recs[2].line == 3
    assert seconds < 10, f"read_records: {seconds:.2f} s"
    assert peak < 8 * MB, f"read_records: peak {peak / MB:.1f} MiB"
    blocks, seconds, peak = _timed(lambda: list(pipeline.read_blocks(io.BytesIO(data))))
    assert seconds < 10, f"read_blocks: {seconds:.2f} s"
    assert peak < 8 * MB, f"read_blocks: peak {peak / MB:.1f} MiB"
    assert b"".join(b.data for b in blocks).count(b"\n") == 3


_ENDLESS = textwrap.dedent("""
    import os, sys, time
    from sudokit import formats
    from sudokit.records import pipeline
    r, w = os.pipe()
    if os.fork() == 0:          # the writer: bytes without a newline for {seconds} s
        os.close(r)
        chunk = b"1" * 65536
        end = time.time() + {seconds}
        while time.time() < end:
            os.write(w, chunk)
        os.write(w, b"\\n" + b"{puzzle}\\n")
        os._exit(0)
    os.close(w)
    mode = sys.argv[1]
    with os.fdopen(r, "rb") as stream:
        if mode == "blocks":
            blocks = list(pipeline.read_blocks(stream))
            bad = [v for b in blocks for v in (b.bad or {{}}).values()]
            print(len(bad), sum(b.data.count(b"\\n") for b in blocks))
        else:
            recs = list(formats.read_records(formats.open_text("/dev/stdin")
                                             if False else __import__("io").TextIOWrapper(stream)))
            print(sum(not r.ok for r in recs), len(recs))
    os.wait()
""")


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["blocks", "records"])
def test_an_endless_line_from_a_pipe_holds_no_memory(mode):
    seconds = 4
    code = _ENDLESS.format(seconds=seconds, puzzle=PUZZLE)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True,
                         timeout=120, env=env)
    elapsed = time.perf_counter() - t
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1", "2"], out.stdout
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB, max over children
    assert rss < 150 * 1024 or rss == before, f"max RSS {rss / 1024:.0f} MiB"
    assert elapsed < seconds + 30, f"{elapsed:.1f} s"
