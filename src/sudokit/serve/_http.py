"""The HTTP side: a standard-library server with a fixed set of connection threads.

    accept thread ──connection queue (bounded)──> connection threads (fixed number)
                                                    GET  /, /static/*  -> package files
                                                    POST /api/<route>  -> checks -> WorkerPool

``http.server.ThreadingHTTPServer`` starts one thread per connection with no bound: a
thousand clients are a thousand threads.  Here the accept thread only queues connections;
``threads`` connection threads serve them; a full queue is answered 503 at once.  Every
response closes its connection (HTTP/1.0), so an idle browser connection never holds a
thread, and a socket timeout bounds a client that sends slowly.  There are more connection
threads than API calls the pool admits, so however busy the workers are, some thread is
always free for the page itself and for quick 503s.

Every request is checked before work is queued: method and route (404, 405 with Allow),
Host (127.0.0.1/localhost/the bound name only: DNS rebinding), Origin (same origin only) and
Content-Type application/json (a page elsewhere cannot post here without a CORS preflight,
which this server never grants), Content-Length (411 when absent, 413 over the limit),
UTF-8 JSON (400 naming the position), the schema of the route (400 naming the field).
"""

from __future__ import annotations

import http.server
import json
import queue
import socket
import threading
from importlib import resources

from ._pool import Busy, TimedOut, WorkerPool
from ._schema import MAX_COUNT, MAX_NODES, MAX_SIZE, ROUTES, BadRequest, validate

__all__ = ["Server", "MAX_BODY", "STATIC"]

MAX_BODY = 64 * 1024          # bytes of a request body
DRAIN_LIMIT = 4 * 1024 * 1024  # an oversized body is read and dropped up to this, then cut
SOCKET_TIMEOUT = 10.0         # seconds a client may take to send its request

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


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


class Server(http.server.HTTPServer):
    """The sudokit page and API on (host, port); ``serve_forever`` in the calling thread.

    pool: the WorkerPool of the API (closed by ``server_close``); threads: connection
    threads (default: what the pool admits + 8); backlog: connections queued for them.
    """

    request_queue_size = 1024  # listen() backlog: a burst of connects waits in the kernel
    allow_reuse_address = True

    def __init__(self, address, pool: WorkerPool, *, threads: "int | None" = None,
                 backlog: int = 256, verbose: bool = False):
        super().__init__(address, Handler)
        self.pool = pool
        self.verbose = verbose
        self.connections: queue.Queue = queue.Queue(maxsize=backlog)
        count = threads or pool.workers + pool.queue_slots + 8
        self._threads = [threading.Thread(target=self._serve_connections, daemon=True,
                                          name=f"sudokit-serve-{k}") for k in range(count)]
        for t in self._threads:
            t.start()
        host = self.server_address[0]
        self.hosts = {"127.0.0.1", "localhost", "[::1]", host, f"[{host}]"}
        self.refused = 0

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"

    def process_request(self, request, client_address):
        """(accept thread) Queue the connection; refuse it at once when the queue is full."""
        try:
            self.connections.put_nowait((request, client_address))
        except queue.Full:
            self.refused += 1
            _refuse(request)
            self.shutdown_request(request)

    def _serve_connections(self) -> None:
        while True:
            item = self.connections.get()
            if item is None:
                return
            request, address = item
            try:
                self.finish_request(request, address)
            except Exception:
                if self.verbose:
                    self.handle_error(request, address)
            finally:
                self.shutdown_request(request)

    def server_close(self) -> None:
        super().server_close()
        for _ in self._threads:
            self.connections.put(None)
        self.pool.close()

    def handle_error(self, request, client_address) -> None:
        if self.verbose:
            super().handle_error(request, client_address)


_BUSY = json.dumps({"error": "the server is busy: too many connections; try again",
                    "status": 503}).encode()


def _refuse(sock) -> None:
    """Answer 503 on a connection no thread can take (reading what arrived, not waiting)."""
    try:
        sock.settimeout(0.05)
        try:
            sock.recv(MAX_BODY)
        except OSError:
            pass
        sock.sendall(b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                     b"Retry-After: 1\r\nConnection: close\r\nContent-Length: "
                     + str(len(_BUSY)).encode() + b"\r\n\r\n" + _BUSY)
    except OSError:
        pass


class Handler(http.server.BaseHTTPRequestHandler):
    """One request: static page files on GET, the JSON API on POST (see the module doc)."""

    server: Server
    protocol_version = "HTTP/1.0"
    timeout = SOCKET_TIMEOUT
    server_version = "sudokit-serve"
    error_content_type = "application/json"

    # --- answering ----------------------------------------------------------------------

    def _send(self, status: int, ctype: str, body: bytes, headers=None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _error(self, status: int, message: str, headers=None, **extra) -> None:
        body = {"error": message, "status": status, **extra}
        self._send(status, "application/json", json.dumps(body).encode(), headers)

    def send_error(self, code, message=None, explain=None):
        """http.server's own errors (bad request line, header too long ...) as JSON too."""
        self.close_connection = True
        try:
            self._error(code, message or self.responses.get(code, ("error",))[0])
        except OSError:
            pass

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)

    # --- checks shared by every method ---------------------------------------------------

    def _host_ok(self) -> bool:
        """Host is a loopback name or the bound address (refuses DNS-rebinding pages)."""
        host = (self.headers.get("Host") or "").strip().lower()
        if host.startswith("["):
            name = host[:host.find("]") + 1]
        else:
            name = host.rsplit(":", 1)[0] if ":" in host else host
        return name in self.server.hosts

    def _route(self) -> "tuple[str, str | None]":
        """('static', file) / ('api', route) / ('info', None) / ('missing', None)."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in STATIC:
            return "static", path
        if path == "/api/info":
            return "info", None
        if path.startswith("/api/") and path[5:] in ROUTES:
            return "api", path[5:]
        return "missing", None

    # --- methods -------------------------------------------------------------------------

    def do_GET(self) -> None:
        if not self._host_ok():
            return self._error(403, "unexpected Host header: this server answers on its "
                                    "loopback address only")
        kind, what = self._route()
        if kind == "static":
            name, ctype = STATIC[what]
            headers = {"Content-Security-Policy": _CSP} if name.endswith(".html") else None
            return self._send(200, ctype, _static(name), headers)
        if kind == "info":
            return self._send(200, "application/json", json.dumps(self._info()).encode())
        if kind == "api":
            return self._error(405, f"{self.path} takes POST with a JSON body",
                               {"Allow": "POST"})
        if self.path.split("?")[0] == "/favicon.ico":
            return self._send(204, "image/x-icon", b"")
        return self._error(404, f"no such page: {self.path[:100]}")

    do_HEAD = do_GET

    def do_POST(self) -> None:
        if not self._host_ok():
            return self._error(403, "unexpected Host header: this server answers on its "
                                    "loopback address only")
        kind, route = self._route()
        if kind != "api":
            self._drain()
            if kind == "missing":
                return self._error(404, f"no such route: {self.path[:100]}")
            return self._error(405, f"{self.path} takes GET", {"Allow": "GET, HEAD"})
        origin = self.headers.get("Origin")
        if origin is not None and origin != "null" and \
                origin.split("://", 1)[-1].lower() != (self.headers.get("Host") or "").lower():
            self._drain()
            return self._error(403, f"requests from other sites ({origin[:80]}) are refused")
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype != "application/json":
            self._drain()
            return self._error(415, "the body must be JSON with Content-Type: application/json, "
                                    f"not {ctype or 'no Content-Type'}")
        body = self._body()
        if body is None:
            return
        try:
            validate(route, body)
        except BadRequest as exc:
            return self._send(exc.status, "application/json", json.dumps(exc.to_json()).encode())
        try:
            status, rtype, data = self.server.pool.call(route, body)
        except Busy as exc:
            return self._error(503, f"the server is busy ({exc}); try again",
                               {"Retry-After": "1"})
        except TimedOut as exc:
            return self._error(504, f"{exc}: the work was stopped (ask for less, e.g. a "
                                    f"smaller node_limit or grid)",
                               budget=self.server.pool.budget)
        headers = {"Content-Disposition": "inline; filename=sudokit.pdf"} \
            if rtype == "application/pdf" else None
        self._send(status, rtype, data, headers)

    def _not_allowed(self) -> None:
        self._drain()
        kind, _ = self._route()
        allow = "POST" if kind == "api" else "GET, HEAD"
        self._error(405 if kind != "missing" else 404,
                    f"method {self.command} is not allowed here" if kind != "missing"
                    else f"no such page: {self.path[:100]}", {"Allow": allow})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed

    # --- the body ------------------------------------------------------------------------

    def _length(self) -> "int | None":
        raw = self.headers.get("Content-Length")
        if raw is None:
            return None
        raw = raw.strip(" \t")
        # ASCII digits only: str.isdigit takes '²' and strip() takes '\x1d', which int()
        # then refuses (an exception, and the connection closed without an answer)
        if not raw or not raw.isascii() or not raw.isdigit():
            return None
        return int(raw)

    def _drain(self) -> None:
        """Read and drop a body (so the client's send does not fail before it reads us)."""
        length = self._length()
        if length:
            self._skip(min(length, DRAIN_LIMIT))

    def _skip(self, count: int) -> None:
        try:
            while count > 0:
                chunk = self.rfile.read(min(count, 65536))
                if not chunk:
                    return
                count -= len(chunk)
        except OSError:
            pass

    def _body(self):
        """The request's JSON value, or None after answering 400/411/413 itself."""
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            self._error(411, "send the body with a Content-Length (no chunked encoding)")
            return None
        length = self._length()
        if length is None:
            given = self.headers.get("Content-Length")
            if given is not None:
                self._error(400, f"the Content-Length header is not a number: {given[:40]!r}")
            else:
                self._error(411, "a Content-Length header is required")
            return None
        if length > MAX_BODY:
            if length <= DRAIN_LIMIT:
                self._skip(length)
            self._error(413, f"the body has {length} bytes; at most {MAX_BODY} are taken",
                        limit=MAX_BODY)
            return None
        try:
            raw = self.rfile.read(length)
        except (OSError, socket.timeout):
            return None
        if len(raw) < length:
            self._error(400, f"the body ended after {len(raw)} of {length} bytes")
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._error(400, f"the body is not UTF-8 (byte {exc.start})")
            return None
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            self._error(400, f"malformed JSON: {exc.msg} at line {exc.lineno}, column "
                             f"{exc.colno}", line=exc.lineno, column=exc.colno)
        except RecursionError:
            self._error(400, "malformed JSON: nested too deep")
        except ValueError:  # a number of more than 4,300 digits
            self._error(400, "malformed JSON: a number of more than 4,300 digits")
        else:
            if value is not None:
                return value
            # None means "answered" to the caller: a body of JSON null is answered here
            self._error(400, "the request body must be a JSON object, not null")
        return None

    # --- /api/info -----------------------------------------------------------------------

    def _info(self) -> dict:
        from importlib.util import find_spec

        from .. import __version__, _backend
        pool = self.server.pool
        return {"version": __version__, "backend": _backend.backend(),
                "render": find_spec("sudokit.render") is not None,
                "routes": sorted(ROUTES),
                "limits": {"body_bytes": MAX_BODY, "size": MAX_SIZE, "node_limit": MAX_NODES,
                           "count_limit": MAX_COUNT, "budget_seconds": pool.budget,
                           "workers": pool.workers, "queue": pool.queue_slots}}
