"""One harmless traceback of a stopped worker pool, kept off stderr (records.pipeline._terminate)."""

from __future__ import annotations

__all__ = ["quiet_manager"]


def quiet_manager(manager) -> None:
    """Keep one harmless traceback of a stopped pool off stderr.

    Killing the workers makes the pool's manager thread mark the pending futures broken
    while shutdown(cancel_futures=True) cancels them: CPython 3.11's manager then calls
    set_exception on a cancelled future and dies with InvalidStateError (seen once in
    `sudokit generate --jobs 2` under SIGTERM).  The stop is already decided, so that
    error of that thread only is dropped; every other thread's errors print as before."""
    import threading
    from concurrent.futures import InvalidStateError
    if manager is None:
        return
    previous = threading.excepthook

    def hook(args):
        if args.thread is manager and issubclass(args.exc_type, InvalidStateError):
            return
        previous(args)

    threading.excepthook = hook
