"""The HTTP side: one event loop (selectors) for every socket, a few threads for API calls.

    loop thread (selectors): accept ── read and parse (_request) ── checks ─┬─ GET: the page,
      every connection, non-blocking; a deadline for the head, the body,    │  /api/info: answered
      the answer; at most max_connections open                             │  here, at once
                                                                           └─ POST /api/<route>
    API threads (workers + queue + 2) <── work queue (bounded, full: 503) ──┘   -> WorkerPool
      JSON decode, schema, pool.call; the answer goes back to the loop to be written

Why a loop and not a thread per connection: a client that sends its request slowly (a
header byte every few seconds) held a connection thread for the whole socket timeout, and
~25 of them held every thread, so the page did not answer.  Here a connection that is
still sending costs a socket and a few hundred bytes, never a thread: the loop reads what
has arrived, and answers the page the moment its request is complete.  The request has
10 s in all for its head and 10 s for its body (total time, not per byte: a byte every
second does not keep it open), then 408.  At ``max_connections`` open connections a new
one closes the oldest that has not finished its request (or is lingering after its answer);
when there is none, the new one gets 503.  No per-client cap: on the loopback address
every client (the page, a slow one) has the same address, so it could not tell them apart.

Threads only wait on the worker pool: an API call can take seconds, and the loop must not.
There are more of them than calls the pool admits, so a call past the admission limit gets
its 503 at once.  Every answer closes its connection (HTTP/1.0, ``Connection: close``);
after the answer the loop reads and drops what the client still sends (up to 4 MiB, 5 s),
so a client that sent an oversized body reads its 413 instead of a reset.

Checks before any work (``check``): Host (loopback names or the bound address: no DNS
rebinding), exactly one of each security header (else 400, in _request), Origin (same
origin only; ``null`` -- a sandboxed frame, a file: page -- is refused), Sec-Fetch-Site
(see ``check``), Content-Type application/json on the API (a page elsewhere cannot post
JSON here without a CORS preflight, which this server never grants), Content-Length
(411 when absent, 413 over the limit), UTF-8 JSON (400 naming the position), the schema.
"""

from __future__ import annotations

import errno
import json
import queue
import selectors
import socket
import sys
import threading
import time
from email.utils import formatdate
from importlib import resources

from ._pool import Busy, Cancelled, TimedOut, WorkerPool
from ._request import MAX_BODY, HTTPError, Request, RequestReader
from ._schema import MAX_COUNT, MAX_NODES, MAX_SIZE, ROUTES, BadRequest, validate

__all__ = ["Server", "MAX_BODY", "STATIC", "check", "HEAD_SECONDS", "BODY_SECONDS"]

HEAD_SECONDS = 10.0         # a request's head must arrive within this of the connection
BODY_SECONDS = 10.0         # and its body within this of the head
WRITE_SECONDS = 10.0        # an answer must be taken by the client within this
LINGER_SECONDS = 5.0        # after the answer, what the client still sends is dropped ...
DRAIN_LIMIT = 4 * 1024 * 1024  # ... up to this many bytes (an oversized body), then closed
MAX_CONNECTIONS = 1024      # open connections (also kept under the open-file limit)
ACCEPT_BATCH = 64           # connections accepted per turn of the loop

# the page: name in the URL -> (file in sudokit/serve/static, content type)
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/board.js": ("board.js", "text/javascript; charset=utf-8"),
    "/static/play.js": ("play.js", "text/javascript; charset=utf-8"),
    "/static/share.js": ("share.js", "text/javascript; charset=utf-8"),
}
# connect-src allows blob: so the page can read back the PDF it was handed (Print's link)
_CSP = ("default-src 'self'; connect-src 'self' blob:; img-src 'self' data: blob:; "
        "style-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; "
        "base-uri 'none'")

_REASONS = {200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
            411: "Length Required", 413: "Content Too Large", 414: "URI Too Long",
            415: "Unsupported Media Type", 422: "Unprocessable Content",
            431: "Request Header Fields Too Large", 500: "Internal Server Error",
            501: "Not Implemented", 503: "Service Unavailable", 504: "Gateway Timeout",
            505: "HTTP Version Not Supported"}


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


# --- answers -----------------------------------------------------------------------------------


def answer(status: int, ctype: str, body: bytes, headers=None, *, head: bool = False) -> bytes:
    """The bytes of a whole HTTP/1.0 answer (no body after a HEAD request)."""
    lines = [f"HTTP/1.0 {status} {_REASONS.get(status, 'Status')}",
             "Server: sudokit-serve", f"Date: {formatdate(usegmt=True)}",
             f"Content-Type: {ctype}", f"Content-Length: {len(body)}",
             "Cache-Control: no-store", "X-Content-Type-Options: nosniff",
             "Cross-Origin-Resource-Policy: same-origin", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (b"" if head else body)


def error(status: int, message: str, headers=None, *, head: bool = False, **extra) -> bytes:
    """A JSON error answer: {"error": message, "status": status, **extra}."""
    body = json.dumps({"error": message, "status": status, **extra}).encode()
    return answer(status, "application/json", body, headers, head=head)


def _http_error(exc: HTTPError, head: bool = False) -> bytes:
    return answer(exc.status, "application/json", json.dumps(exc.to_json()).encode(),
                  exc.headers, head=head)


_BUSY = error(503, "the server is busy: too many connections; try again", {"Retry-After": "1"})


# --- the checks --------------------------------------------------------------------------------


def _host_name(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1]
    return host.rsplit(":", 1)[0] if ":" in host else host


def check(request: Request, hosts) -> None:
    """Refuse (HTTPError 403) a request that another site, or a page that is not this one,
    could have made.  hosts: the names this server answers to.

    - Host must be a loopback name or the bound address (a DNS-rebinding page sends its own
      name).
    - Origin, when sent, must be this server's own ``http://host:port``; ``null`` (a
      sandboxed frame, a file: page, a redirect from elsewhere) is refused.
    - Sec-Fetch-Site, when sent: an API call (POST) must be ``same-origin`` (the page) or
      ``none`` (the user's own action); ``same-site`` is refused too, since another server
      on this machine (127.0.0.1:other-port) is the same *site*.  A GET may come from
      anywhere only as a top-level navigation (Sec-Fetch-Mode navigate, Sec-Fetch-Dest
      document: a link to the page); a script, style, image, frame or fetch of this server
      by another site is refused.  Clients that send no Sec-Fetch-Site (curl, scripts, old
      browsers) are judged by Host, Origin and the content type alone.
    """
    host = request.header("host") or ""
    if _host_name(host) not in hosts:
        raise HTTPError(403, "unexpected Host header: this server answers on its loopback "
                             "address only")
    origin = request.header("origin")
    if origin is not None:
        if origin.strip().lower() == "null":
            raise HTTPError(403, "requests with Origin: null (a sandboxed frame or a file: page) "
                                 "are refused: open the page from this server")
        if origin.strip().lower() != f"http://{host.strip().lower()}":
            raise HTTPError(403, f"requests from other sites ({origin[:80]}) are refused")
    site = request.header("sec-fetch-site")
    if site is None:
        return
    site = site.strip().lower()
    if site in ("same-origin", "none"):
        return
    if request.method in ("GET", "HEAD") and \
            (request.header("sec-fetch-mode") or "").strip().lower() == "navigate" and \
            (request.header("sec-fetch-dest") or "").strip().lower() == "document":
        return  # a link to the page from elsewhere
    raise HTTPError(403, f"requests from other sites (Sec-Fetch-Site: {site[:40]}) are "
                         f"refused: only this server's own page may call it")


def _route(request: Request) -> "tuple[str, str | None]":
    """('static', path) / ('api', route) / ('info', None) / ('missing', None)."""
    path = request.path
    if path in STATIC:
        return "static", path
    if path == "/api/info":
        return "info", None
    if path.startswith("/api/") and path[5:] in ROUTES:
        return "api", path[5:]
    return "missing", None


# --- the server --------------------------------------------------------------------------------


class _Connection:
    """One client socket and where it is: reading its request, waiting for the API, writing
    the answer, lingering (dropping what the client still sends) before the close."""

    READ, WORK, WRITE, LINGER = "read", "work", "write", "linger"

    __slots__ = ("sock", "address", "state", "reader", "deadline", "out", "dropped",
                 "started", "request", "status", "received")

    def __init__(self, sock, address, now: float):
        self.sock, self.address = sock, address
        self.state = self.READ
        self.reader = RequestReader()
        self.started = now
        self.deadline = now + HEAD_SECONDS
        self.out = memoryview(b"")
        self.dropped = 0
        self.received = 0
        self.request: "Request | None" = None
        self.status = 0


class Server:
    """The sudokit page and API on (host, port); ``serve_forever`` in the calling thread.

    pool: the WorkerPool of the API (closed by ``server_close``); threads: API threads
    (default: what the pool admits + 2); backlog: API requests waiting for a thread (more:
    503); max_connections: open connections (default 1024, kept under the open-file limit).
    """

    def __init__(self, address, pool: WorkerPool, *, threads: "int | None" = None,
                 backlog: int = 256, verbose: bool = False,
                 max_connections: "int | None" = None):
        host, port = address[:2]
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        try:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.socket.bind((host, port))
            self.socket.listen(1024)  # a burst of connects waits in the kernel
            self.socket.setblocking(False)
        except BaseException:
            self.socket.close()
            raise
        self.server_address = self.socket.getsockname()
        self.pool = pool
        self.verbose = verbose
        self.max_connections = max_connections or _connection_limit()
        bound = self.server_address[0]
        self.hosts = {"127.0.0.1", "localhost", "[::1]", bound, f"[{bound}]"}
        self.stats = {"refused": 0, "evicted": 0, "timed_out": 0}
        self._conns: "dict[_Connection, None]" = {}  # open connections, oldest first
        self._work: queue.Queue = queue.Queue(maxsize=backlog)
        self._done: queue.SimpleQueue = queue.SimpleQueue()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._stop = False
        self._stopped = threading.Event()
        self._stopped.set()
        count = threads or pool.workers + pool.queue_slots + 2
        self._threads = [threading.Thread(target=self._serve_api, daemon=True,
                                          name=f"sudokit-serve-api-{k}") for k in range(count)]
        for t in self._threads:
            t.start()

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"

    @property
    def refused(self) -> int:
        return self.stats["refused"]

    # --- the loop ------------------------------------------------------------------------

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Serve until ``shutdown()`` (from another thread) or an exception (Ctrl-C)."""
        self._stopped.clear()
        sel = selectors.DefaultSelector()
        self._sel = sel
        sel.register(self.socket, selectors.EVENT_READ, "accept")
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        accept_paused = 0.0
        next_expiry = 0.0
        try:
            while not self._stop:
                now = time.monotonic()
                if accept_paused and now >= accept_paused:
                    accept_paused = 0.0
                    sel.register(self.socket, selectors.EVENT_READ, "accept")
                for key, events in sel.select(timeout=min(poll_interval, 0.05)):
                    if key.data == "accept":
                        if not self._accept(sel):  # out of file descriptors: wait a moment
                            sel.unregister(self.socket)
                            accept_paused = time.monotonic() + 0.1
                    elif key.data == "wake":
                        self._woken(sel)
                    else:
                        self._event(sel, key.data, events)
                now = time.monotonic()
                if now >= next_expiry:  # (a scan of every connection: a few times a second)
                    self._expire(sel, now)
                    next_expiry = now + 0.05
        finally:
            for conn in list(self._conns):
                self._close(sel, conn)
            sel.close()
            self._sel = None
            self._stop = False
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop ``serve_forever`` (running in another thread) and wait until it has."""
        self._stop = True
        self._wake()
        self._stopped.wait()

    def server_close(self) -> None:
        """Close the listening socket, stop the API threads and the worker pool."""
        self.socket.close()
        for _ in self._threads:
            try:
                self._work.put_nowait(None)
            except queue.Full:
                break
        self.pool.close()
        for sock in (self._wake_r, self._wake_w):
            sock.close()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"x")
        except OSError:  # full (a wake-up is pending anyway) or closed
            pass

    def _accept(self, sel) -> bool:
        """Take the waiting connections (up to a batch); False when out of file descriptors."""
        for _ in range(ACCEPT_BATCH):
            try:
                sock, address = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return True
            except OSError as exc:
                if exc.errno in (errno.ENFILE, errno.EMFILE) and self._evict(sel):
                    continue
                return exc.errno not in (errno.ENFILE, errno.EMFILE)
            sock.setblocking(False)
            if len(self._conns) >= self.max_connections and not self._evict(sel):
                self.stats["refused"] += 1
                _refuse(sock)
                continue
            conn = _Connection(sock, address, time.monotonic())
            self._conns[conn] = None
            sel.register(sock, selectors.EVENT_READ, conn)
        return True

    def _evict(self, sel) -> bool:
        """Close the oldest connection that has not finished its request or is lingering."""
        for conn in self._conns:
            if conn.state in (conn.READ, conn.LINGER):
                if conn.state == conn.READ:
                    self.stats["evicted"] += 1
                self._close(sel, conn)
                return True
        return False

    def _event(self, sel, conn: _Connection, events: int) -> None:
        try:
            if events & selectors.EVENT_READ:
                self._readable(sel, conn)
            elif events & selectors.EVENT_WRITE:
                self._writable(sel, conn)
        except Exception:  # a bug: this connection is dropped, the server goes on
            if self.verbose:
                import traceback
                traceback.print_exc()
            self._close(sel, conn)

    def _readable(self, sel, conn: _Connection) -> None:
        try:
            chunk = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if conn.state == conn.LINGER:
            conn.dropped += len(chunk)
            if not chunk or conn.dropped > DRAIN_LIMIT:
                self._close(sel, conn)
            return
        if not chunk:  # the client gave up before its request was complete
            self._close(sel, conn)
            return
        conn.received += len(chunk)
        try:
            request = conn.reader.feed(chunk)
        except HTTPError as exc:
            return self._reply(sel, conn, _http_error(exc), exc.status)
        if request is None and conn.request is None and conn.reader.head_done:
            conn.request = conn.reader.head  # the head is complete: the body's clock starts
            conn.deadline = time.monotonic() + BODY_SECONDS
        if request is not None:
            conn.request = request
            self._dispatch(sel, conn, request)

    def _dispatch(self, sel, conn: _Connection, request: Request) -> None:
        """Answer a complete request here, or queue it for an API thread."""
        head = request.method == "HEAD"
        try:
            data = self._front(request)
        except HTTPError as exc:
            return self._reply(sel, conn, _http_error(exc, head), exc.status)
        if data is not None:
            return self._reply(sel, conn, data, int(data[9:12]))
        try:
            self._work.put_nowait(conn)
        except queue.Full:
            return self._reply(sel, conn, error(503, "the server is busy (too many API requests "
                                                     "waiting); try again",
                                                {"Retry-After": "1"}), 503)
        sel.unregister(conn.sock)  # (the loop is the only thread that reads conn.state)
        conn.state = conn.WORK

    def _reply(self, sel, conn: _Connection, data: bytes, status: int) -> None:
        """Start writing data as the answer on conn (from the loop thread)."""
        conn.status = status
        conn.out = memoryview(data)
        conn.state = conn.WRITE
        conn.deadline = time.monotonic() + WRITE_SECONDS
        sel.modify(conn.sock, selectors.EVENT_WRITE, conn)
        self._writable(sel, conn)

    def _writable(self, sel, conn: _Connection) -> None:
        try:
            sent = conn.sock.send(conn.out)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._close(sel, conn)
            return
        conn.out = conn.out[sent:]
        if conn.out:
            return
        self._log(conn)
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self._close(sel, conn)
            return
        conn.state = conn.LINGER
        conn.deadline = time.monotonic() + LINGER_SECONDS
        sel.modify(conn.sock, selectors.EVENT_READ, conn)

    def _woken(self, sel) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except OSError:
            pass
        while True:
            try:
                conn, data = self._done.get_nowait()
            except queue.Empty:
                return
            if conn in self._conns:
                sel.register(conn.sock, selectors.EVENT_WRITE, conn)
                conn.state = conn.READ  # (_reply moves it on)
                self._reply(sel, conn, data, int(data[9:12]))

    def _expire(self, sel, now: float) -> None:
        """Answer 408 to requests past their deadline; close answers nobody reads."""
        for conn in [c for c in self._conns if c.deadline <= now and c.state != c.WORK]:
            if conn.state == conn.READ and not conn.received:
                self._close(sel, conn)  # nothing sent (a browser's spare connection): no 408
            elif conn.state == conn.READ:
                self.stats["timed_out"] += 1
                seconds = BODY_SECONDS if conn.reader.head_done else HEAD_SECONDS
                self._reply(sel, conn, error(408, f"the request was not complete within "
                                                  f"{seconds:g} s: it lacked "
                                                  f"{conn.reader.missing()}"), 408)
                if conn.state == conn.WRITE:  # (not taken at once: a last short wait)
                    conn.deadline = now + 1.0
            else:
                self._close(sel, conn)

    def _close(self, sel, conn: _Connection) -> None:
        self._conns.pop(conn, None)
        if conn.state != conn.WORK:
            try:
                sel.unregister(conn.sock)
            except (KeyError, ValueError):
                pass
        try:
            conn.sock.close()
        except OSError:
            pass

    def _log(self, conn: _Connection) -> None:
        if self.verbose:
            r = conn.request
            line = f"{r.method} {r.target[:200]} {r.version}" if r else "-"
            sys.stderr.write(f"{conn.address[0]} - - [{time.strftime('%d/%b/%Y %H:%M:%S')}] "
                             f"\"{line}\" {conn.status} -\n")

    # --- what is answered where ----------------------------------------------------------

    def _front(self, request: Request) -> "bytes | None":
        """(loop thread) The answer to a request that needs no worker, or None for an API
        call; HTTPError for a refused one."""
        head = request.method == "HEAD"
        check(request, self.hosts)
        kind, what = _route(request)
        if request.method in ("GET", "HEAD"):
            if kind == "static":
                name, ctype = STATIC[what]
                headers = {"Content-Security-Policy": _CSP} if name.endswith(".html") else None
                return answer(200, ctype, _static(name), headers, head=head)
            if kind == "info":
                return answer(200, "application/json", json.dumps(self._info()).encode(),
                              head=head)
            if kind == "api":
                return error(405, f"{request.path[:100]} takes POST with a JSON body",
                             {"Allow": "POST"}, head=head)
            if request.path == "/favicon.ico":
                return answer(204, "image/x-icon", b"", head=head)
            return error(404, f"no such page: {request.target[:100]}", head=head)
        if kind == "missing":
            return error(404, f"no such page or route: {request.target[:100]}")
        if request.method != "POST" or kind != "api":
            allow = "POST" if kind == "api" else "GET, HEAD"
            return error(405, f"method {request.method} is not allowed on {request.path[:100]}",
                         {"Allow": allow})
        ctype = (request.header("content-type") or "").split(";")[0].strip().lower()
        if ctype != "application/json":
            return error(415, "the body must be JSON with Content-Type: application/json, not "
                              f"{ctype[:60] or 'no Content-Type'}")
        if request.header("content-length") is None:
            return error(411, "a Content-Length header is required")
        return None

    def _serve_api(self) -> None:
        """(an API thread) Take queued API requests; hand each answer back to the loop."""
        while True:
            conn = self._work.get()
            if conn is None:
                return
            try:
                data = self._call(conn.request)
            except Exception as exc:  # a bug: say so, keep serving
                data = error(500, f"internal error: {type(exc).__name__}: {exc}")
            self._done.put((conn, data))
            self._wake()

    def _call(self, request: Request) -> bytes:
        route = request.path[5:]
        try:
            text = request.body.decode("utf-8")
        except UnicodeDecodeError as exc:
            return error(400, f"the body is not UTF-8 (byte {exc.start})")
        try:
            body = json.loads(text)
        except json.JSONDecodeError as exc:
            return error(400, f"malformed JSON: {exc.msg} at line {exc.lineno}, column "
                              f"{exc.colno}", line=exc.lineno, column=exc.colno)
        except RecursionError:
            return error(400, "malformed JSON: nested too deep")
        except ValueError:  # a number of more than 4,300 digits (int's string limit)
            return error(400, "malformed JSON: a number of more than 4,300 digits")
        try:
            validate(route, body)
        except BadRequest as exc:
            return answer(exc.status, "application/json", json.dumps(exc.to_json()).encode())
        if route == "cancel":
            return answer(200, "application/json",
                          json.dumps({"cancelled": self.pool.cancel(body["ticket"])}).encode())
        try:
            status, rtype, data = self.pool.call(route, body, ticket=body.get("ticket"))
        except Busy as exc:
            return error(503, f"the server is busy ({exc}); try again", {"Retry-After": "1"})
        except Cancelled:
            return error(409, "cancelled: the work was stopped at the request of /api/cancel",
                         cancelled=True)
        except TimedOut as exc:
            return error(504, f"{exc}: the work was stopped; this puzzle is too big or too "
                              f"hard for that here (try a smaller grid)",
                         budget=self.pool.budget_of(route))
        headers = {"Content-Disposition": "inline; filename=sudokit.pdf"} \
            if rtype == "application/pdf" else None
        return answer(status, rtype, data, headers)

    def _info(self) -> dict:
        from importlib.util import find_spec

        from .. import __version__
        from ..engine import _backend
        from ._offers import offers
        pool = self.pool
        return {"version": __version__, "backend": _backend.backend(),
                "render": find_spec("sudokit.render") is not None,
                "routes": sorted(ROUTES),
                "limits": {"body_bytes": MAX_BODY, "size": MAX_SIZE, "node_limit": MAX_NODES,
                           "count_limit": MAX_COUNT, "budget_seconds": pool.budget,
                           "generate_seconds": pool.generate_budget,
                           "workers": pool.workers, "queue": pool.queue_slots,
                           "connections": self.max_connections,
                           "head_seconds": HEAD_SECONDS, "body_seconds": BODY_SECONDS},
                "pool": dict(pool.stats),  # (answered, busy, timed out, cancelled, restarted)
                "generate": offers()}


def _connection_limit() -> int:
    """MAX_CONNECTIONS, or less when the open-file limit would not allow it."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 256
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, soft - 64))


def _refuse(sock) -> None:
    """Answer 503 on a connection there is no room for (reading what arrived, not waiting)."""
    try:
        try:
            sock.recv(65536)
        except OSError:
            pass
        sock.send(_BUSY)
    except OSError:
        pass
    finally:
        sock.close()
