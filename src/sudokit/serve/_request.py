"""The server's HTTP request parser: bytes in, a Request or an HTTPError out (no socket).

    parse_request(data)     a whole request (head and body) -> Request, or HTTPError
    parse_head(head)        the head alone (request line and headers) -> Request without body
    RequestReader().feed()  the same, fed as the bytes arrive (what the server's loop uses)

Every part is bounded before it is stored: the request line (8 KiB, else 414), one header
line (8 KiB, else 431), the head (32 KiB, else 431), the number of headers (64, else 431),
the body (Content-Length up to 64 KiB, else 413).  Chunked bodies are refused (411: send a
Content-Length), as are a Content-Length that is not a plain number and a request with
both.  Headers that say one thing about the request (Host, Content-Length, Content-Type,
Origin, the Sec-Fetch-* family, Transfer-Encoding) may come once only: a second one is
400, so no two parts of the server (or a proxy and the server) can read different values.

Lines end with CRLF (a bare LF is taken too, as most servers do; a bare CR is refused).
Bytes after the body are ignored: every answer closes its connection.
"""

from __future__ import annotations

__all__ = ["Request", "HTTPError", "RequestReader", "parse_request", "parse_head",
           "MAX_LINE", "MAX_HEADER_LINE", "MAX_HEAD", "MAX_HEADERS", "MAX_BODY"]

MAX_LINE = 8 * 1024          # bytes of the request line
MAX_HEADER_LINE = 8 * 1024   # bytes of one header line
MAX_HEAD = 32 * 1024         # bytes of the whole head (request line, headers, blank line)
MAX_HEADERS = 64             # header lines
MAX_BODY = 64 * 1024         # bytes of a body
MAX_METHOD = 16              # characters of a method name

# headers that describe the request as a whole: a second copy is refused (400)
SINGLE = frozenset({"host", "content-length", "content-type", "transfer-encoding", "origin",
                    "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user"})

_TCHAR = frozenset(b"!#$%&'*+-.^_`|~0123456789"
                   b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
# header values: visible ASCII, space, tab and obs-text (0x80-0xff, read as Latin-1)
_VALUE_BAD = frozenset(range(0x00, 0x20)) - {0x09} | {0x7f}
_TARGET_OK = frozenset(range(0x21, 0x7f))


class HTTPError(ValueError):
    """A request the server refuses before any work: ``status`` and a message saying why.

    ``extra``: more JSON fields of the answer (e.g. the limit); ``headers``: more headers.
    """

    def __init__(self, status: int, message: str, *, headers: "dict | None" = None, **extra):
        super().__init__(message)
        self.status = status
        self.headers = headers or {}
        self.extra = extra

    def to_json(self) -> dict:
        return {"error": str(self), "status": self.status, **self.extra}


class Request:
    """One parsed request: method, target (as sent), version ('HTTP/1.1'), headers (a tuple of
    (lower-case name, value) in order), body (bytes; b'' when none)."""

    __slots__ = ("method", "target", "version", "headers", "body")

    def __init__(self, method: str, target: str, version: str, headers: tuple,
                 body: bytes = b""):
        self.method, self.target, self.version = method, target, version
        self.headers, self.body = headers, body

    def header(self, name: str) -> "str | None":
        """The value of header name (any case), or None; the first when it came more than once
        (the headers that matter come once: see SINGLE)."""
        name = name.lower()
        for key, value in self.headers:
            if key == name:
                return value
        return None

    @property
    def path(self) -> str:
        """The target without its query or fragment."""
        return self.target.split("?", 1)[0].split("#", 1)[0]

    def content_length(self) -> "int | None":
        """The body's length from Content-Length (checked by the parser), or None."""
        raw = self.header("content-length")
        return None if raw is None else int(raw)

    def __repr__(self) -> str:
        return (f"Request({self.method!r}, {self.target[:60]!r}, {self.version!r}, "
                f"{len(self.headers)} headers, {len(self.body)} bytes)")


def _line_text(line: bytes) -> bytes:
    """A head line without its CR; a CR anywhere else is refused."""
    if line.endswith(b"\r"):
        line = line[:-1]
    if b"\r" in line:
        raise HTTPError(400, "a bare carriage return (CR without LF) in the request head")
    return line


def _request_line(line: bytes) -> "tuple[str, str, str]":
    if len(line) > MAX_LINE:
        raise HTTPError(414, f"the request line has {len(line)} bytes; at most {MAX_LINE} are "
                             f"taken", limit=MAX_LINE)
    parts = line.split(b" ")
    if len(parts) != 3 or not all(parts):
        shown = line[:60].decode("latin-1")
        raise HTTPError(400, f"malformed request line {shown!r}: want METHOD /path HTTP/1.1")
    method, target, version = parts
    if len(method) > MAX_METHOD or not set(method) <= _TCHAR:
        raise HTTPError(400, f"malformed method {method[:20].decode('latin-1')!r}")
    if not set(target) <= _TARGET_OK:
        raise HTTPError(400, "the request target has a byte that is not visible ASCII")
    if not target.startswith(b"/"):
        raise HTTPError(400, "the request target must be a path starting with /")
    if version not in (b"HTTP/1.0", b"HTTP/1.1"):
        if version.startswith(b"HTTP/") and len(version) == 8 and version[5:6].isdigit() \
                and version[6:7] == b"." and version[7:8].isdigit():
            raise HTTPError(505, f"HTTP version {version.decode()} is not supported: "
                                 f"use HTTP/1.1 or HTTP/1.0")
        raise HTTPError(400, f"malformed HTTP version {version[:20].decode('latin-1')!r}")
    return method.decode("ascii"), target.decode("ascii"), version.decode("ascii")


def _header(line: bytes) -> "tuple[str, str]":
    if len(line) > MAX_HEADER_LINE:
        raise HTTPError(431, f"a header line has {len(line)} bytes; at most {MAX_HEADER_LINE} "
                             f"are taken", limit=MAX_HEADER_LINE)
    if line[:1] in (b" ", b"\t"):
        raise HTTPError(400, "a header line starts with white space (folded headers are not "
                             "taken)")
    name, colon, value = line.partition(b":")
    if not colon or not name or not set(name) <= _TCHAR:
        shown = line[:40].decode("latin-1")
        raise HTTPError(400, f"malformed header line {shown!r}: want Name: value")
    value = value.strip(b" \t")
    if not _VALUE_BAD.isdisjoint(value):
        raise HTTPError(400, f"the {name.decode()} header has a control character")
    return name.decode("ascii").lower(), value.decode("latin-1")


def parse_head(head: bytes) -> Request:
    """The Request of a head (request line and header lines, with or without the blank line
    that ends it; leading blank lines skipped); HTTPError when it is malformed or too large.
    The body is not read: see ``body_length``."""
    head = head.lstrip(b"\r\n")
    if len(head) > MAX_HEAD:
        raise HTTPError(431, f"the request head has {len(head)} bytes; at most {MAX_HEAD} are "
                             f"taken", limit=MAX_HEAD)
    lines = head.split(b"\n")
    while lines and lines[-1] in (b"", b"\r"):
        lines.pop()
    if not lines:
        raise HTTPError(400, "an empty request")
    method, target, version = _request_line(_line_text(lines[0]))
    if len(lines) - 1 > MAX_HEADERS:
        raise HTTPError(431, f"the request has {len(lines) - 1} headers; at most {MAX_HEADERS} "
                             f"are taken", limit=MAX_HEADERS)
    headers = []
    seen = set()
    for raw in lines[1:]:
        name, value = _header(_line_text(raw))
        if name in SINGLE:
            if name in seen:
                raise HTTPError(400, f"the {_title(name)} header comes more than once")
            seen.add(name)
        headers.append((name, value))
    request = Request(method, target, version, tuple(headers))
    if version == "HTTP/1.1" and "host" not in seen:
        raise HTTPError(400, "an HTTP/1.1 request needs a Host header")
    body_length(request)  # the framing is checked with the head
    return request


def _title(name: str) -> str:
    return "-".join(part.capitalize() for part in name.split("-"))


def body_length(request: Request) -> int:
    """The number of body bytes that follow the head (0 when no Content-Length);
    HTTPError 411 for a chunked body, 400 for a malformed length, 413 over MAX_BODY."""
    if request.header("transfer-encoding") is not None:
        raise HTTPError(411, "send the body with a Content-Length (chunked or other transfer "
                             "encodings are not taken)")
    raw = request.header("content-length")
    if raw is None:
        return 0
    if not raw.isdigit() or not raw.isascii() or len(raw) > 18:
        raise HTTPError(400, f"Content-Length must be a number of bytes, not {raw[:30]!r}")
    length = int(raw)
    if length > MAX_BODY:
        raise HTTPError(413, f"the body has {length} bytes; at most {MAX_BODY} are taken",
                        limit=MAX_BODY)
    return length


def _head_end(data: bytes, start: int = 0) -> int:
    """The index just after the blank line that ends the head in data, or -1."""
    crlf = data.find(b"\n\r\n", start)
    lf = data.find(b"\n\n", start)
    ends = [k + 3 for k in (crlf,) if k >= 0] + [k + 2 for k in (lf,) if k >= 0]
    return min(ends) if ends else -1


class RequestReader:
    """Bytes of one connection in, as they arrive: ``feed(chunk)`` returns the Request once
    its head and body are complete, else None; HTTPError as soon as a limit is broken (a
    head that grows past its limits is refused before its end is seen)."""

    def __init__(self):
        self._data = bytearray()
        self._scanned = 0             # head bytes searched for its end so far
        self.head: "Request | None" = None  # the parsed head, once complete
        self._length = 0
        self.head_done = False        # the head is parsed; the body is being read

    def feed(self, chunk: bytes) -> "Request | None":
        if self.head_done:
            self._data += chunk[:self._length - len(self._data)]
            return self._finish()
        self._data += chunk
        if self._scanned == 0:  # blank lines before the request line are skipped
            blank = len(self._data) - len(self._data.lstrip(b"\r\n"))
            if blank:
                del self._data[:blank]
        end = _head_end(self._data, max(0, self._scanned - 2))
        if end < 0:
            self._scanned = len(self._data)
            first = self._data.find(b"\n")
            if (first if first >= 0 else len(self._data)) > MAX_LINE + 1:
                raise HTTPError(414, f"the request line is longer than {MAX_LINE} bytes",
                                limit=MAX_LINE)
            if len(self._data) > MAX_HEAD:
                raise HTTPError(431, f"the request head is longer than {MAX_HEAD} bytes",
                                limit=MAX_HEAD)
            return None
        head, rest = bytes(self._data[:end]), bytes(self._data[end:])
        self.head = parse_head(head)
        self._length = body_length(self.head)
        self.head_done = True
        self._data = bytearray(rest[:self._length])
        return self._finish()

    def _finish(self) -> "Request | None":
        if len(self._data) < self._length:
            return None
        self.head.body = bytes(self._data)
        return self.head

    def missing(self) -> str:
        """What the request still lacks (for the message when the time runs out)."""
        if not self.head_done:
            return "its head (the request line and headers)"
        return f"its body ({len(self._data)} of {self._length} bytes came)"


def parse_request(data: bytes) -> Request:
    """The Request of a whole request in data (bytes after its body are ignored); HTTPError
    when it is malformed, too large, or ends before its head or body is complete (400)."""
    reader = RequestReader()
    request = reader.feed(bytes(data))
    if request is None:
        raise HTTPError(400, f"the request ended before {reader.missing()} was complete")
    return request
