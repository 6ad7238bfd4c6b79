"""sudokit.records.pipeline: blocks of whole lines, worker processes, order, failures, Ctrl-C."""

from __future__ import annotations

import io
import os
import threading
import time

import pytest

from sudokit.records import pipeline
from sudokit.records.pipeline import Block


def _blocks(data: bytes, size: int, grow: bool = True) -> list[Block]:
    return list(pipeline.read_blocks(io.BufferedReader(io.BytesIO(data)), size=size, grow=grow))


@pytest.mark.parametrize("size", [1, 7, 100, 4096])
@pytest.mark.parametrize("tail", [b"", b"no newline at the end", b"\n\n"])
def test_blocks_are_whole_lines_numbered_and_lose_nothing(size, tail):
    data = b"".join(b"line %d %s\n" % (i, b"x" * (i % 13)) for i in range(2000)) + tail
    blocks = _blocks(data, size)
    assert b"".join(b.data for b in blocks) == data
    line = 1
    for k, b in enumerate(blocks):
        assert b.seq == k and b.first_line == line
        assert b.data and (b.data.endswith(b"\n") or k == len(blocks) - 1)
        line += b.data.count(b"\n")


def test_a_line_longer_than_a_block_stays_whole():
    data = b"a" * 10000 + b"\nb\n"
    assert [b.data for b in _blocks(data, 100)] == [b"a" * 10000 + b"\n", b"b\n"]


def test_empty_input_has_no_block():
    assert _blocks(b"", 100) == []


def test_a_slow_pipe_gives_its_lines_as_they_come():
    r, w = os.pipe()
    got: list[tuple[float, Block]] = []
    reader = open(r, "rb")
    start = time.monotonic()

    def read():
        for b in pipeline.read_blocks(reader, size=1 << 20):
            got.append((time.monotonic() - start, b))

    t = threading.Thread(target=read)
    t.start()
    os.write(w, b"first\n")
    time.sleep(0.5)
    os.write(w, b"second\n")
    os.close(w)
    t.join(10)
    reader.close()
    assert [b.data for _, b in got] == [b"first\n", b"second\n"]
    assert got[0][0] < 0.4  # not held back until a 1 MB block filled up
    assert got[1][1].first_line == 2


def test_block_size_follows_the_input():
    assert pipeline.block_size_for(None, 2) == pipeline.MAX_BYTES
    assert pipeline.block_size_for(16_000, 2) == 1000
    assert pipeline.block_size_for(10**10, 2) == pipeline.MAX_BYTES
    assert pipeline.usable_cpus() >= 1


# --- run ----------------------------------------------------------------------------------


def slow_upper(block: Block) -> bytes:
    """Later blocks finish first: the order of results is not the order of blocks."""
    time.sleep(0.02 * (5 - block.seq % 5))
    return block.data.upper()


def fail_on_three(block: Block) -> bytes:
    if block.seq == 3:
        raise ValueError("boom")
    return block.data


def _lines(n: int) -> bytes:
    return b"".join(b"record %d\n" % i for i in range(n))


@pytest.mark.parametrize("jobs", [1, 3])
def test_results_in_block_order(jobs):
    data = _lines(500)
    out: list[bytes] = []
    pipeline.run(_blocks(data, 200), slow_upper, lambda b, r: out.append(r), jobs=jobs)
    assert b"".join(out) == data.upper()


def test_unordered_gives_every_result_once():
    data = _lines(500)
    out: list[bytes] = []
    pipeline.run(_blocks(data, 200), slow_upper, lambda b, r: out.append(r), jobs=2,
                 ordered=False)
    assert sorted(out) == sorted(b.data.upper() for b in _blocks(data, 200))


def pid_of_worker(block: Block) -> int:
    return os.getpid()


def slow_pid(block: Block) -> int:
    time.sleep(0.1)
    return os.getpid()


def test_lazy_pool_quick_work_stays_in_process_slow_work_is_shared():
    quick: list[int] = []
    pipeline.run(_blocks(_lines(100), 50, grow=False), pid_of_worker,
                 lambda b, r: quick.append(r), jobs=2, eager=False)
    assert set(quick) == {os.getpid()} and len(quick) > 10
    slow: list[int] = []
    pipeline.run(_blocks(_lines(100), 50, grow=False), slow_pid, lambda b, r: slow.append(r),
                 jobs=2, eager=False)
    assert slow[:3] == [os.getpid()] * 3  # 0.25 s of work before the pool starts
    assert os.getpid() not in slow[-5:]


def test_a_failing_worker_is_reported():
    with pytest.raises(pipeline.WorkerError, match="line .*ValueError: boom"):
        pipeline.run(_blocks(_lines(500), 200), fail_on_three, lambda b, r: None, jobs=2)


def test_a_file_changed_under_the_workers_is_reported_as_such(tmp_path):
    """A block of a regular file travels to a worker as its place in the file and is read
    there again; bytes that changed meanwhile used to raise while the worker unpickled its
    task, which killed the worker: a traceback on stderr and "a worker process died".  Now
    the run stops with the reason, and no worker dies."""
    src = tmp_path / "in.txt"
    src.write_bytes(_lines(500))
    with open(src, "rb") as fh:
        blocks = list(pipeline.read_blocks(fh, size=400, grow=False, path=str(src)))
    assert len(blocks) > 4 and all(b.path == str(src) for b in blocks)
    src.write_bytes(_lines(500).replace(b"record 4", b"RECORD 4"))  # same size, new bytes
    with pytest.raises(pipeline.WorkerError, match="in.txt changed while it was being read"):
        pipeline.run(blocks, pid_of_worker, lambda b, r: None, jobs=2)
    src.write_bytes(b"")  # gone short: the same
    with pytest.raises(pipeline.WorkerError, match="in.txt changed while it was being read"):
        pipeline.run(blocks, pid_of_worker, lambda b, r: None, jobs=2)


class _Partial:
    partial = True

    def __init__(self, data):
        self.data = data


def test_interrupt_in_process_delivers_the_partial_block_and_stops():
    blocks = _blocks(_lines(300), 100)
    out = []

    def work(block):
        if block.seq == 2:
            raise pipeline.Interrupted(_Partial(block.data[:20]))
        return block.data

    with pytest.raises(KeyboardInterrupt):
        pipeline.run(blocks, work, lambda b, r: out.append(r), jobs=1)
    assert [getattr(r, "data", r) for r in out] == [blocks[0].data, blocks[1].data,
                                                    blocks[2].data[:20]]


def test_progress_text():
    stream = io.StringIO()
    p = pipeline.Progress(stream, label="solve x", total_bytes=1000, force=True)
    p.advance(50, 250)
    text = p.text()
    assert text.startswith("solve x: 50 records") and "25%" in text and "ETA" in text
    p.close()
    assert stream.getvalue().endswith("\n")
    assert not pipeline.Progress(io.StringIO(), label="x").on  # not a terminal: silent


def test_read_head_says_whether_it_read_the_whole_input():
    few = pipeline.read_blocks(io.BufferedReader(io.BytesIO(_lines(10))), size=30)
    head, whole = pipeline.read_head(few)
    assert whole and b"".join(b.data for b in head) == _lines(10) and next(few, None) is None
    many = pipeline.read_blocks(io.BufferedReader(io.BytesIO(_lines(200))), size=30)
    head, whole = pipeline.read_head(many, 64)
    assert not whole
    assert b"".join(b.data for b in head + list(many)) == _lines(200)  # nothing lost
    assert pipeline.head_blocks(iter(_blocks(_lines(200), 30)), 64) == head


@pytest.mark.parametrize("jobs, eager, nblocks", [(1, True, 5), (3, False, 1), (3, True, 1),
                                                  (3, True, 0)])
def test_blocks_already_read_are_worked_here_without_a_thread(monkeypatch, jobs, eager, nblocks):
    """A list of blocks that needs no pool (jobs 1, or one block, even with --jobs given:
    eager) is worked in this thread, in order, idle() called once at the end: no reader
    thread and no worker (start-up: `--jobs 2` on one line costs what `--jobs 1` does)."""
    blocks = _blocks(_lines(100), 200, grow=False)[:nblocks] if nblocks else []
    started = []
    start = threading.Thread.start  # (noted, and still started: a regression must not hang)
    monkeypatch.setattr(threading.Thread, "start", lambda self: (started.append(self),
                                                                 start(self)))
    out, idled = [], []
    pipeline.run(blocks, lambda b: (threading.get_ident(), b.seq),
                 lambda b, r: out.append(r), jobs=jobs, eager=eager,
                 idle=lambda: idled.append(1))
    assert not started and idled == [1]
    assert out == [(threading.get_ident(), b.seq) for b in blocks]


def test_a_partial_block_worked_here_stops_the_run():
    blocks = _blocks(_lines(300), 100)
    out = []
    pipeline.run(blocks, lambda b: _Partial(b.data) if b.seq == 1 else b.data,
                 lambda b, r: out.append(r), jobs=1)
    assert [getattr(r, "data", r) for r in out] == [blocks[0].data, blocks[1].data]
