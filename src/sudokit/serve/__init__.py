"""A local web page to enter, play, check, solve and get hints on a puzzle, with its JSON API.

    >>> from sudokit.serve import running            # doctest: +SKIP
    >>> with running(port=0) as server:              # a free loopback port
    ...     print(server.url)                        # http://127.0.0.1:PORT/

``serve()`` runs until Ctrl-C (what ``sudokit serve`` calls); ``running()`` serves from a
background thread for the length of a ``with`` block (tests, notebooks).  The page is three
package files (static/index.html, *.js, style.css): no CDN, no build step.  The routes,
their JSON and their limits are in docs/serve.md.

Pieces: _request (the bounded HTTP request parser: bytes in, a Request or an HTTPError
out), _schema (the request fields and limits, checked before any work), _http (the server:
one selectors loop for every connection, a few threads waiting on the pool), _pool (worker
processes with a wall-clock budget per call), _api (the work of each route, in a worker).

Why the standard library and not a framework: the API is seven POST routes and four static
files; what a framework would add (routing, JSON bodies) is a few lines here, while what
this server needs most -- a bound on connections, bodies and work, slow clients that hold
nothing, and killing runaway work -- no small framework gives.  No dependency means
``sudokit serve`` works wherever sudokit is installed.
"""

from __future__ import annotations

import contextlib
import sys
import threading

__all__ = ["serve", "running", "make_server"]

DEFAULT_HOST = "127.0.0.1"


def make_server(host: str = DEFAULT_HOST, port: int = 0, *, workers: int = 2,
                queue_slots: int = 8, budget: float = 10.0, generate_budget: float = 60.0,
                threads: "int | None" = None, max_connections: "int | None" = None,
                verbose: bool = False):
    """A bound Server (not yet serving) with its WorkerPool started; port 0: a free port.
    budget: seconds an API request may work; generate_budget: the same for /api/generate
    (a puzzle made to a level can take tens of seconds; the page can cancel it)."""
    from ._http import Server
    from ._pool import WorkerPool
    pool = WorkerPool(workers, queue_slots=queue_slots, budget=budget,
                      generate_budget=generate_budget)
    try:
        return Server((host, port), pool, threads=threads, max_connections=max_connections,
                      verbose=verbose)
    except BaseException:
        pool.close()
        raise


@contextlib.contextmanager
def running(host: str = DEFAULT_HOST, port: int = 0, **options):
    """Serve from a background thread inside the with block; yields the Server (see .url)."""
    server = make_server(host, port, **options)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              daemon=True, name="sudokit-serve-accept")
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def serve(host: str = DEFAULT_HOST, port: int = 0, *, workers: int = 2, queue_slots: int = 8,
          budget: float = 10.0, generate_budget: float = 60.0, open_browser: bool = False,
          verbose: bool = False, out=None) -> None:
    """Serve until Ctrl-C (KeyboardInterrupt is re-raised after a clean shutdown).

    Writes "serving on URL" to out (default stdout) once the port is bound, flushed, so a
    parent process can read the URL.
    """
    out = out or sys.stdout
    server = make_server(host, port, workers=workers, queue_slots=queue_slots, budget=budget,
                         generate_budget=generate_budget, verbose=verbose)
    try:
        out.write(f"serving on {server.url}\n")
        out.flush()
        if open_browser:
            import webbrowser
            threading.Thread(target=webbrowser.open, args=(server.url,), daemon=True).start()
        server.serve_forever(poll_interval=0.25)
    finally:
        server.server_close()
