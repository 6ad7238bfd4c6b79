"""Opening an input once: UTF-8 with or without BOM, UTF-16 by its BOM, universal newlines.

Pipes, FIFOs and ``<(...)`` can be read only once, so the BOM is peeked from the open
stream itself (``peek_head``) and served again, never by a second open.
"""

from __future__ import annotations

import io
import os
import sys


class _BorrowedText(io.TextIOWrapper):
    """A text view of stdin's bytes whose close() leaves stdin open."""

    def close(self) -> None:
        try:
            self.detach()
        except ValueError:
            pass

    @property
    def closed(self) -> bool:  # detached counts as closed
        try:
            return super().closed
        except ValueError:
            return True


class _Prefixed(io.RawIOBase):
    """Bytes already read from a stream (its head), then the rest of that stream.

    Used only when a peek could not show the first two bytes (a pipe that delivered one
    byte): they are read, looked at, and served again first.  close() closes the stream
    unless it is borrowed (stdin).
    """

    def __init__(self, head: bytes, stream, *, borrowed: bool):
        super().__init__()
        self._head = head
        self._stream = stream
        self._borrowed = borrowed

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        read = getattr(self._stream, "read1", None) or self._stream.read
        data = read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed and not self._borrowed:
            self._stream.close()
        super().close()


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def peek_head(stream, *, borrowed: bool = False, size: int = 2):
    """Return (stream', head): the first size bytes of a binary stream, nothing consumed.

    stream' is the stream to read from now on: stream itself when it can peek (a buffered
    file or pipe) or seek back, else a buffered view that serves the head first.  The
    stream is opened once and never rewound by name, so pipes and FIFOs read once.
    head is shorter than size only at the end of the input.  borrowed: stream' never
    closes stream (stdin).
    """
    peek = getattr(stream, "peek", None)
    if peek is not None:
        head = peek(size)[:size]
        if len(head) >= size or not head:
            return stream, head
    elif _seekable(stream):
        pos = stream.tell()
        head = stream.read(size)
        stream.seek(pos)
        return stream, head
    head = b""
    while len(head) < size:  # a pipe that gave fewer bytes than asked: read, then serve again
        more = stream.read(size - len(head))
        if not more:
            break
        head += more
    return io.BufferedReader(_Prefixed(head, stream, borrowed=borrowed)), head


def _seekable(stream) -> bool:
    try:
        return bool(stream.seekable())
    except (AttributeError, ValueError, OSError):
        return False


def text_of(stream, *, borrowed: bool = False) -> io.TextIOBase:
    """Return a text view of an open binary stream, decoded as open_text says.

    borrowed (stdin): closing the text view leaves stream open.
    """
    stream, head = peek_head(stream, borrowed=borrowed)
    utf16 = head in UTF16_BOMS
    kind = _BorrowedText if borrowed else io.TextIOWrapper
    return kind(stream, encoding="utf-16" if utf16 else "utf-8-sig",
                errors="replace" if utf16 else "surrogateescape", newline=None)


def open_text(path) -> io.TextIOBase:
    """Return path ('-' = stdin) opened for reading: UTF-8 with or without BOM (UTF-16 if its
    BOM says so), undecodable bytes kept as surrogates (they become error records), universal
    newlines ('\\n', '\\r\\n' and a lone '\\r' all end a line).

    The path is opened exactly once and the BOM is peeked from the open stream, so a pipe
    or FIFO (``<(cat f)``) is read once and whole.  A terminal on stdin is not peeked (the
    first line typed would be waited for before anything else happens): read as UTF-8.
    """
    if os.fspath(path) == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # stdin replaced by a text object (tests, embedding)
            return sys.stdin
        if _isatty(buffer):
            return _BorrowedText(buffer, encoding="utf-8-sig", errors="surrogateescape",
                                 newline=None)
        return text_of(buffer, borrowed=True)
    raw = open(path, "rb")
    try:
        return text_of(raw)
    except BaseException:
        raw.close()
        raise


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
