"""Answers written in place: workers put their block's output straight into the output file.

With ``--jobs N`` the main process would otherwise take every answer off a pipe and write
it (82 MB for a million 9x9 solutions): on two cores that competes with the workers.  When
a block's output has exactly the length of its input (``solve`` of plain lines: each
81-character line becomes its 81-character solution), its place in the output file is
known before the blocks ahead of it are done, as long as *they* kept their lengths too::

    input   | block 0 (L0 bytes) | block 1 (L1) | block 2 (L2) | ...
    output  | answers 0 (L0)     | answers 1    | answers 2    | ...   at base + input offset

So a worker whose answers keep the length writes them with ``os.pwrite`` at ``base +
(offset of the block in the input)`` and hands back no text (``BlockResult.text is None``).
The main process follows the blocks in order (``Placed.deliver``) and only advances its
position.  The first block, in order, whose output length differs ends the lockstep (a
*break*): the main process shuts the run's ``pipeline.Gate`` (no worker writes in place
after that, and every write under way has ended), keeps in memory what the workers already
wrote beyond that block (at most the run's window of blocks), cuts the file there and goes
on writing every answer itself, in order, as without this module.

When it applies (``Placed.open``): ordered output, more than one job, a regular output
file that nothing follows (its size is the current position), not opened for appending,
and not shared with stderr or the --errors file.  Otherwise nothing changes.  While the
run goes on the file may hold gaps (blocks done out of order); when it ends, normally or
by Ctrl-C/SIGTERM, the file holds exactly the answers of the finished prefix of blocks,
in order (``Placed.finish`` cuts what lies beyond).

Rejected: letting the workers write at offsets only once the blocks before them are
delivered (no gaps) -- a worker would wait for the main process, and two cores would
idle; sending the main process the answers through shared memory -- it still copies them
once and writes them once.
"""

from __future__ import annotations

import os
import stat

from . import pipeline

__all__ = ["Target", "Placed", "work_placed"]


class Target:
    """Where a worker writes: the output file (path and identity), and the output offset of
    the input's first byte (``base``; input offset ``origin``)."""

    __slots__ = ("path", "ident", "base", "origin")

    def __init__(self, path: str, ident: tuple, base: int, origin: int):
        self.path, self.ident, self.base, self.origin = path, ident, base, origin

    def __reduce__(self):
        return (Target, (self.path, self.ident, self.base, self.origin))

    def at(self, block) -> int:
        """The output offset of a block's answers while every block before it kept length."""
        return self.base + block.offset - self.origin


_FDS: dict = {}  # in a worker: (path, ident) -> an open descriptor of the output file


def _descriptor(target: Target) -> int | None:
    """A writable descriptor of the target file in this worker, or None (it is not there)."""
    key = (target.path, target.ident)
    fd = _FDS.get(key)
    if fd is None:
        try:
            fd = os.open(target.path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != target.ident:
            os.close(fd)
            return None
        _FDS[key] = fd
    return fd


def _pwrite_all(fd: int, data: bytes, at: int) -> None:
    """os.pwrite all of data at offset at (a write may take only part of it)."""
    with memoryview(data) as view:
        done = 0
        while done < len(data):
            done += os.pwrite(fd, view[done:], at + done)


def _pread_rest(fd: int, at: int) -> bytes:
    """The bytes of the file from offset at to its end."""
    parts = []
    while True:
        part = os.pread(fd, max(1 << 16, os.fstat(fd).st_size - at), at)
        if not part:
            return b"".join(parts)
        parts.append(part)
        at += len(part)


def work_placed(work, target: Target, block):
    """work(block) (a records.BlockResult of bytes), written in place when it keeps the
    block's length and the gate is open: then its text is None."""
    result = work(block)
    text = result.text
    if text and not result.partial and len(text) == len(block.data):
        fd = _descriptor(target)
        if fd is not None:
            try:
                if pipeline.through_gate(lambda: _pwrite_all(fd, text, target.at(block))):
                    result.text = None
            except OSError:
                pass  # (the main process writes it, and reports the error if it recurs)
    return result


def _identity(fd: int):
    st = os.fstat(fd)
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


class Placed:
    """The main process's side of one run written in place (see the module docstring)."""

    def __init__(self, stream, fd: int, rfd: int, target: Target, gate: pipeline.Gate):
        self.stream = stream        # the output text stream (flushed, nothing pending)
        self.fd = fd                # its descriptor ...
        self.rfd = rfd              # ... and one to read the file back (closed by finish)
        self.target = target
        self.gate = gate
        self.pos = target.base      # where the next block's answers go
        self.lockstep = True
        self.kept = b""             # after a break: what the workers wrote beyond it ...
        self.kept_at = 0            # ... and its offset in the file

    @classmethod
    def open(cls, stream, origin: int, *, avoid=()) -> "Placed | None":
        """A Placed for the text stream, or None where writing in place does not apply.

        origin: the input offset of the first block; avoid: other open streams of the run
        (stderr, the --errors file) that must not be the output file.
        """
        encoding = (getattr(stream, "encoding", "") or "").lower().replace("-", "")
        if encoding != "utf8" or getattr(stream, "errors", "") != "surrogateescape":
            return None  # (the answers come encoded so: the bytes must be what it writes)
        try:
            import fcntl  # (POSIX)
            stream.flush()
            fd = stream.fileno()
            ident = _identity(fd)
            if ident is None or fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_APPEND:
                return None
            for other in avoid:
                try:
                    if other is not None and _identity(other.fileno()) == ident:
                        return None
                except (AttributeError, OSError, ValueError):
                    continue
            base = stream.buffer.tell()
            if os.fstat(fd).st_size != base:
                return None  # something follows: leave the file as a sequential write would
        except (AttributeError, ImportError, OSError, ValueError):
            return None
        path = None
        for name in (getattr(stream, "name", None), f"/proc/{os.getpid()}/fd/{fd}"):
            try:
                if isinstance(name, str) and os.path.exists(name):
                    st = os.stat(name)
                    if (st.st_dev, st.st_ino) == ident:
                        path = os.path.abspath(name)
                        break
            except OSError:
                continue
        if path is None:
            return None
        try:  # a break reads back what the workers wrote: the output is opened for writing only
            rfd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        if _identity(rfd) != ident:
            os.close(rfd)
            return None
        return cls(stream, fd, rfd, Target(path, ident, base, origin), pipeline.Gate())

    def deliver(self, block, text, write) -> None:
        """Take the result text of the next block in order (None: written in place);
        write(bytes) writes at the stream's position once the lockstep is over."""
        if self.lockstep:
            if text is None:
                self.pos += len(block.data)
                return
            if len(text) == len(block.data):  # answered here (or a worker could not write)
                try:
                    _pwrite_all(self.fd, text, self.pos)
                    self.pos += len(block.data)
                    return
                except OSError:
                    pass  # (written in order from here: a real write error is raised there)
            self._break(len(block.data))
        elif text is None:
            start = self.target.at(block) - self.kept_at
            text = self.kept[start:start + len(block.data)]
        write(text)

    def _break(self, length: int) -> None:
        """End the lockstep before a block of length bytes whose answers differ in length."""
        self.gate.close()
        self.kept_at = self.pos + length
        self.kept = _pread_rest(self.rfd, self.kept_at)
        self._cut()
        self.lockstep = False

    def _cut(self) -> None:
        """Make the file end at pos and the stream write there."""
        os.ftruncate(self.fd, self.pos)
        self.stream.buffer.seek(self.pos)

    def finish(self) -> None:
        """End of the run (or Ctrl-C, after the workers are gone): cut what lies beyond."""
        self.kept = b""
        if self.rfd >= 0:
            os.close(self.rfd)
            self.rfd = -1
        if self.lockstep:
            self.lockstep = False
            self.gate.closed = True
            self._cut()
