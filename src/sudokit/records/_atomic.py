"""Files written whole or not at all: a temporary file beside the target, renamed over it.

    target dir/  out.txt                      the old file (or none), untouched meanwhile
                 .out.txt.sudokit-1f2e3d.tmp  every write goes here ...
    commit()     os.replace(temporary, out.txt)  ... and becomes out.txt in one step
    discard()    the temporary is removed; out.txt is as it was

The temporary sits in the target's directory (a rename never crosses file systems), is
created new (O_EXCL) with mode 0o666 less the umask, and takes the old target's mode when
there was one.  A target that is a symlink is followed: the file it points to is replaced.
A target that exists and is not a regular file (/dev/null, a FIFO, a terminal) is written
directly: there is nothing to replace.  A stream written bit by bit (records as they come)
goes to the temporary just the same; whoever owns the file decides at the end whether the
partial work is kept (commit) or dropped (discard).

Rejected: writing the target and removing it on failure -- the old file is lost the
moment it is opened; tempfile.mkstemp -- mode 0o600 whatever the umask, so a fixed-up mode
would need os.umask, which is process-wide.
"""

from __future__ import annotations

import os
import stat

__all__ = ["Pending", "TEMP_MARK"]

TEMP_MARK = ".sudokit-"   # in every temporary's name: .NAME.sudokit-XXXXXX.tmp


class _held:
    """Put Ctrl-C and SIGTERM off (main thread) until the with block ends, then take them:
    a rename or a removal is never cut short (the fsync before it may take a while).
    A subclass names other SIGNALS (pipeline.sigint_held: Ctrl-C only)."""

    SIGNALS = ("SIGINT", "SIGTERM")

    def __enter__(self):
        import signal
        import threading
        self.old, self.pending = {}, []
        if threading.current_thread() is not threading.main_thread():
            return self
        for name in self.SIGNALS:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                old = signal.signal(number, self._note)
            except (ValueError, OSError):
                continue
            self.old[number] = old
        return self

    def _note(self, signum, frame) -> None:
        self.pending.append(signum)

    def __exit__(self, exc_type, *exc):
        import signal
        for number, old in self.old.items():
            signal.signal(number, old)
        if exc_type is None:
            for number in dict.fromkeys(self.pending):
                old = self.old[number]
                if callable(old):
                    old(number, None)  # (Python's SIGINT handler raises KeyboardInterrupt)
                elif old == signal.SIG_DFL:
                    signal.raise_signal(number)
        return False


class Pending:
    """One output file under way: ``file`` (open in ``mode``; None when mode is None, for a
    writer that opens ``temp`` by its name), then ``commit()`` or ``discard()``.

    Also a context manager: the with block's file is committed when the block ends
    normally and discarded when it raises (Ctrl-C included).

    Attributes: target (the path asked for), path (where it lands: symlinks followed),
    temp (the temporary's path, or the target's own when it is not a regular file),
    file, done (True once committed or discarded).
    """

    def __init__(self, target, mode: "str | None" = "w", **open_args):
        self.target = os.fspath(target)
        self.path = os.path.realpath(self.target) if os.path.islink(self.target) \
            else self.target
        self.file = None
        self.done = False
        self._mode = None
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            self.temp = self.path  # a device, a FIFO ...: written in place
            self.file = open(self.path, mode, **open_args) if mode is not None else None
            return
        if st is not None:
            self._mode = stat.S_IMODE(st.st_mode)
        folder, name = os.path.split(self.path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        for _ in range(100):
            temp = os.path.join(folder, f".{name}{TEMP_MARK}{os.urandom(3).hex()}.tmp")
            try:
                fd = os.open(temp, flags, 0o666)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover
            raise FileExistsError(f"no free temporary name beside {self.path}")
        self.temp = temp
        try:
            if self._mode is not None:
                os.chmod(fd, self._mode)
            if mode is None:
                os.close(fd)
            else:  # (named by its path: file.name is the temporary's, as workers need it)
                self.file = open(temp, mode, opener=lambda path, flags: fd, **open_args)
        except BaseException:
            self._remove()
            raise

    @property
    def in_place(self) -> bool:
        """True when the target is not a regular file and is written directly."""
        return self.temp == self.path

    def close(self) -> None:
        """Flush the file to disk and close it, not yet in place (OSError: the temporary is
        removed).  Several files that land together close first, then commit."""
        if self.done or self.file is None or self.file.closed:
            return
        with _held():
            try:
                self.file.flush()
                if not self.in_place:
                    os.fsync(self.file.fileno())
                self.file.close()
            except BaseException:
                self._abandon()
                raise

    def commit(self) -> None:
        """Close the file and put it in the target's place (OSError: the target is untouched
        and the temporary removed)."""
        if self.done:
            return
        self.close()
        with _held():
            try:
                if not self.in_place:
                    if self._mode is not None:
                        os.chmod(self.temp, self._mode)  # (a writer may have made it anew)
                    os.replace(self.temp, self.path)
            except BaseException:
                self._abandon()
                raise
            self.done = True

    def discard(self) -> None:
        """Close the file and remove the temporary: the target stays as it was."""
        if self.done:
            return
        with _held():
            self._abandon()

    def _abandon(self) -> None:
        self.done = True
        try:
            if self.file is not None and not self.file.closed:
                self.file.close()
        except (OSError, ValueError):
            pass
        finally:
            if not self.in_place:
                self._remove()

    def _remove(self) -> None:
        try:
            os.unlink(self.temp)
        except OSError:
            pass

    def __enter__(self):
        return self.file

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.discard()

    def __del__(self):
        if not getattr(self, "done", True) and hasattr(self, "temp"):
            try:
                self._abandon()  # never committed: a temporary left would be litter
            except Exception:  # noqa: BLE001 (at interpreter exit)
                pass
