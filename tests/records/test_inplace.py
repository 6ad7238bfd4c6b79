"""--jobs with answers written in place (sudokit.records._inplace): the same bytes as --jobs 1.

The workers write a block's answers straight into a regular output file when they keep the
block's length; the first block that does not (an error line, CRLF input, a check/count
verdict) ends that, and the main process mends the file.  Every test here compares the
output with the one-process run's, byte for byte, and its stderr too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from types import SimpleNamespace

import pytest

from sudokit.records import _inplace, pipeline
from sudokit.records.pipeline import Block
from test_cli import COMMAND, S1, sudokit
from test_cli_jobs import _fits, _puzzles


def _lines(n: int, seed: int, bad_at=(), blank_at=()) -> list[str]:
    """n easy puzzles; the lines numbered in bad_at are unreadable, in blank_at comments."""
    rows = _puzzles(n, seed=seed)
    for k in bad_at:
        rows[k - 1] = rows[k - 1][:40] + "!" + rows[k - 1][41:]
    for k in blank_at:
        rows[k - 1] = "# a comment"
    return rows


def _write(path, rows, *, newline="\n", final=True, bom=False) -> None:
    data = newline.join(rows) + (newline if final else "")
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data.encode())


def _both(tmp_path, args, src, stdin: bytes | None = None):
    """(jobs 1 run, its output bytes, jobs 2 run, its output bytes) of ``args`` with -o."""
    runs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.txt"
        argv = [*args, "--jobs", jobs, "-o", str(out), str(src) if stdin is None else "-"]
        r = sudokit(*argv, stdin=stdin or "")
        runs += [r, out.read_bytes()]
    return runs


CASES = {
    "plain": dict(),
    "error early": dict(bad_at=(3,)),
    "error in the middle": dict(bad_at=(1600,)),
    "errors late": dict(bad_at=(2900, 2950)),
    "error last line": dict(bad_at=(3000,)),
    "comments": dict(blank_at=(1, 1500)),
    "crlf": dict(newline="\r\n"),
    "no final newline": dict(final=False),
    "bom": dict(bom=True),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("command", [["solve"], ["check"], ["count", "--limit", "2"],
                                     ["convert", "--to", "line"]])
def test_jobs_2_writes_the_bytes_of_jobs_1(tmp_path, case, command):
    opts = dict(CASES[case])
    rows = _lines(3000, seed=11, bad_at=opts.pop("bad_at", ()), blank_at=opts.pop("blank_at", ()))
    src = tmp_path / "in.txt"
    _write(src, rows, **opts)
    one, out1, two, out2 = _both(tmp_path, command, src)
    assert (two.returncode, two.stderr) == (one.returncode, one.stderr)
    assert out2 == out1
    assert b"\0" not in out2
    if command == ["solve"] and case == "plain":
        assert all(_fits(p, s) for p, s in zip(rows, out2.decode().splitlines()))


@pytest.mark.parametrize("case", ["plain", "errors late", "crlf"])
def test_stdin_in_place_matches_one_job(tmp_path, case):
    opts = dict(CASES[case])
    rows = _lines(3000, seed=12, bad_at=opts.pop("bad_at", ()))
    src = tmp_path / "in.txt"
    _write(src, rows, **opts)
    one, out1, two, out2 = _both(tmp_path, ["solve"], src, stdin=src.read_bytes())
    assert (two.returncode, two.stderr) == (one.returncode, one.stderr)
    assert out2 == out1


@pytest.mark.parametrize("mode", ["wb", "ab"])
def test_stdout_redirected_to_a_file(tmp_path, mode):
    """`> file` goes in place (through /proc); `>> file` (O_APPEND) is written as before."""
    rows = _lines(3000, seed=13, bad_at=(2990,))
    src = tmp_path / "in.txt"
    _write(src, rows)
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.txt"
        out.write_bytes(b"kept\n")
        with open(out, mode) as fh:
            r = subprocess.run(COMMAND + ["solve", "--jobs", jobs, str(src)], stdout=fh,
                               stderr=subprocess.PIPE, timeout=120)
        assert r.returncode == 1 and b"Traceback" not in r.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert outs[0].startswith(b"kept\n") == (mode == "ab")


def test_two_inputs_into_one_output(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    _write(a, _lines(2000, seed=14))
    _write(b, _lines(2000, seed=15, bad_at=(1000,)), newline="\r\n")
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.txt"
        r = sudokit("solve", "--jobs", jobs, "-o", str(out), str(a), str(b), str(a))
        assert r.returncode == 1
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] and outs[0].count(b"\n") == 6000


def test_the_main_process_writes_no_answer_of_a_clean_solve(tmp_path, monkeypatch):
    """With -o FILE the workers write every answer; the main process takes none off a pipe."""
    from sudokit.cli import main
    from sudokit.records import _drive
    rows = _lines(4000, seed=16)
    src = tmp_path / "in.txt"
    _write(src, rows)
    written = []
    real = _drive.Writer.write_bytes
    monkeypatch.setattr(_drive.Writer, "write_bytes",
                        lambda self, data: (written.append(len(data)), real(self, data)))
    delivered = []
    real_deliver = _inplace.Placed.deliver
    monkeypatch.setattr(_inplace.Placed, "deliver", lambda self, block, text, write: (
        delivered.append(text), real_deliver(self, block, text, write)))
    out = tmp_path / "out.txt"
    assert main(["solve", "--jobs", "2", "-o", str(out), str(src)]) == 0
    assert written == [] and delivered and all(t is None for t in delivered)
    assert [s for s in out.read_text().splitlines()] == \
        sudokit("solve", str(src)).stdout.splitlines()


# --- the main process's side, step by step -------------------------------------------------


class _Flag:
    value = 0


def _answer(text: bytes):
    """A work function whose BlockResult-like answer is text."""
    return lambda block: SimpleNamespace(text=text, partial=False)


def _placed_run(tmp_path, monkeypatch, texts, order):
    """Blocks of input lengths len(t) -> answers texts[i] (bytes); workers finish in
    `order` (placing what keeps length), results are delivered in block order.  Returns
    the output file's bytes."""
    shared = (threading.Lock(), _Flag())
    monkeypatch.setattr(pipeline, "_GATE", shared)  # this process plays the workers
    out = open(tmp_path / "out.txt", "w", encoding="utf-8", errors="surrogateescape")
    out.write("head\n")
    placed = _inplace.Placed.open(out, 0)
    assert placed is not None
    placed.gate._shared = shared
    blocks, offset = [], 0
    for seq, (inp, _) in enumerate(texts):
        blocks.append(Block(seq, 1, inp, None, None, offset))
        offset += len(inp)
    results = {}
    for seq in order:
        results[seq] = _inplace.work_placed(_answer(texts[seq][1]), placed.target,
                                            blocks[seq]).text
    written = []

    def write(data):
        written.append(data)
        out.buffer.write(data)
    try:
        for seq, block in enumerate(blocks):
            placed.deliver(block, results[seq], write)
    finally:
        placed.finish()
    out.close()
    return (tmp_path / "out.txt").read_bytes(), written


@pytest.mark.parametrize("order", [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 4, 0, 3, 1]])
@pytest.mark.parametrize("grow", [b"xx\n", b"\n"])
def test_a_break_mends_what_the_workers_wrote_beyond_it(tmp_path, monkeypatch, order, grow):
    texts = [(b"aaaa\n" * 3, b"AAAA\n" * 3), (b"bb\n", b"BB\n"),
             (b"cc\n", b"C" + grow),                   # block 2 changes length
             (b"dddd\n" * 2, b"DDDD\n" * 2), (b"e\n", b"E\n")]
    data, written = _placed_run(tmp_path, monkeypatch, texts, order)
    assert data == b"head\n" + b"".join(t for _, t in texts)
    assert written[0] == b"C" + grow  # the main process writes from the break on


def test_a_run_cut_short_leaves_the_finished_prefix_only(tmp_path, monkeypatch):
    monkeypatch.setattr(pipeline, "_GATE", (threading.Lock(), _Flag()))
    out = open(tmp_path / "out.txt", "w", encoding="utf-8", errors="surrogateescape")
    placed = _inplace.Placed.open(out, 0)
    blocks = [Block(k, 1, b"x\n" * 10, None, None, 20 * k) for k in range(4)]
    texts = [_inplace.work_placed(_answer(b"y\n" * 10), placed.target, b).text
             for b in blocks[1:]]
    assert texts == [None, None, None]  # blocks 1-3 done first, in place
    assert os.path.getsize(tmp_path / "out.txt") == 80  # (block 0's place is a gap)
    placed.finish()  # interrupted before block 0 came back: nothing is finished
    out.write("after\n")
    out.close()
    assert (tmp_path / "out.txt").read_bytes() == b"after\n"


def test_no_gate_in_the_main_process_writes_nothing(tmp_path):
    assert pipeline._GATE is None
    assert pipeline.through_gate(lambda: 1 / 0) is False


def test_where_writing_in_place_does_not_apply(tmp_path):
    path = tmp_path / "o.txt"
    with open(path, "a", encoding="utf-8", errors="surrogateescape") as fh:  # O_APPEND
        assert _inplace.Placed.open(fh, 0) is None
    with open(path, "w", encoding="utf-8") as fh:  # strict errors: not what workers encode
        assert _inplace.Placed.open(fh, 0) is None
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
        other = open(path, "a")
        assert _inplace.Placed.open(fh, 0, avoid=(other,)) is None  # shared with stderr
        other.close()
        placed = _inplace.Placed.open(fh, 0)
        assert placed is not None
        placed.finish()
    path.write_text("old content\n")
    with open(path, "r+", encoding="utf-8", errors="surrogateescape") as fh:
        assert _inplace.Placed.open(fh, 0) is None  # something follows the position
    r, w = os.pipe()
    with open(w, "w", encoding="utf-8", errors="surrogateescape") as fh:
        assert _inplace.Placed.open(fh, 0) is None  # not a regular file
    os.close(r)


def test_a_closed_gate_lets_no_worker_through(tmp_path):
    gate = pipeline.Gate()
    gate.close()
    assert gate.closed and gate._make(None) is None


# --- stopping ------------------------------------------------------------------------------


def _written(folder) -> int:
    """Bytes in the temporary output file of a run under way (0 before it is made): an
    output is written under a temporary name and renamed into place at the end."""
    from sudokit.records._atomic import TEMP_MARK
    total = 0
    for p in folder.iterdir():
        try:
            total += p.stat().st_size if TEMP_MARK in p.name else 0
        except FileNotFoundError:  # (renamed meanwhile)
            pass
    return total


@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_run_leaves_a_prefix_without_gaps(tmp_path, sig, code):
    rows = _puzzles(40000, seed=17, blanks=55)
    src = tmp_path / "big.txt"
    _write(src, rows)
    out = tmp_path / "out.txt"
    proc = subprocess.Popen(COMMAND + ["solve", "--jobs", "2", "--engine", "dlx", str(src),
                                       "-o", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _written(tmp_path) < 200_000:
        time.sleep(0.05)  # workers are writing (the temporary file of out.txt)
    assert not out.exists() and proc.poll() is None
    os.kill(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert b"Traceback" not in err
    data = out.read_bytes()  # (the partial output kept, renamed into place)
    assert _written(tmp_path) == 0
    assert b"\0" not in data and data.endswith(b"\n")
    got = data.decode().splitlines()
    assert 1 <= len(got) < len(rows)
    assert all(_fits(p, s) for p, s in zip(rows, got))


def test_gate_close_waits_for_a_writer(tmp_path):
    """close() returns only when the action under way has finished."""
    import multiprocessing
    gate = pipeline.Gate()
    lock, flag = gate._make(multiprocessing.get_context("fork"))
    lock.acquire()  # a worker is writing
    done = []
    t = threading.Thread(target=lambda: (gate.close(), done.append(flag.value)))
    t.start()
    time.sleep(0.3)
    assert done == []
    lock.release()
    t.join(5)
    assert done == [1]


def test_workers_started_late_write_in_place_too(tmp_path):
    """No --jobs: the first blocks are answered here (the main process writes them at
    their place), the pool comes once the work is worth it (a forkserver: threads run)."""
    rows = _puzzles(3000, seed=18, blanks=50)
    rows[2500] = rows[2500][:70]
    src = tmp_path / "in.txt"
    _write(src, rows)
    outs = []
    for jobs in (["--jobs", "1"], []):
        out = tmp_path / f"out{len(jobs)}.txt"
        r = sudokit("solve", "--engine", "dlx", *jobs, "-o", str(out), str(src))
        assert r.returncode == 1
        outs.append((out.read_bytes(), r.stderr))
    assert outs[0] == outs[1]


def test_a_failing_positioned_write_falls_back_to_writing_in_order(tmp_path, monkeypatch):
    calls = []

    def no_pwrite(fd, data, at):
        calls.append(at)
        raise OSError(95, "Operation not supported")
    monkeypatch.setattr(_inplace.os, "pwrite", no_pwrite)
    texts = [(b"aa\n", b"AA\n"), (b"bb\n", b"BB\n"), (b"cc\n", b"CC\n")]
    data, written = _placed_run(tmp_path, monkeypatch, texts, [0, 1, 2])
    assert data == b"head\nAA\nBB\nCC\n" and written == [b"AA\n", b"BB\n", b"CC\n"]
    assert calls  # the workers and then the main process tried, then wrote in order
