"""Fuzz the decoders that expand their input, and the server's request parser.

    python fuzz/fuzz_decoders.py --runs N [--seed S] [--targets a,b] [--max-rss MB]
                                 [--seconds T] [--crashes DIR]     built-in mutation fuzzer
    python fuzz/fuzz_decoders.py --atheris [libFuzzer flags] [CORPUS]   atheris (coverage guided)
    python fuzz/fuzz_decoders.py --write-seeds DIR                     seeds for atheris

An input is bytes: byte 0 chooses the target, byte 1 its variant, the rest is the payload.

    lzstring   variant even: the payload's Base64 characters, decompressed with a small
               random bound and with the default one; odd: the payload as text, compressed
               and decompressed (round trip)
    fpuzzles   parse_fpuzzles of the payload as text (variant % 5 = 0), or of the payload
               (JSON, mutated) compressed with lz-string: bare Base64 (1), a link (2), a
               link with %-escapes (3), Base64 then damaged at a few places (4)
    geometry   Geometry.from_json of the payload's JSON (variant % 3 = 0), geometry.parse
               of it as a name (1), formats.parse_json of a record with it as "geometry" (2)
    http       the payload as the bytes of one HTTP request: the server's parser
               (serve._request.parse_request), its checks and routing (Server._front) and
               its API call (Server._call), with no socket; odd variant: Content-Length set
               to the body's length first (so the body reaches the JSON and schema checks).
               The worker pool is a stand-in that answers /api/parse in process (the real
               route code) and 200 {} for the other routes.

Invariants (a failure is a finding; atheris reports it as a crash):

- a decoder returns its value or raises its documented error -- lz-string: None or
  TooLong; parse_fpuzzles, parse_json: ParseError; Geometry.from_json, geometry.parse:
  GeometryError -- never another exception (KeyError, TypeError, RecursionError ...);
- lz-string: a text decoded under a small bound is the text decoded under the default
  bound; TooLong under the small bound means the full text is longer; compress then
  decompress gives the text back;
- what is read writes back and reads again the same (f-puzzles grids, geometries);
- the server answers every request with ``HTTP/1.0 <status>``, a Content-Length equal to
  the body's length (none after HEAD), never 500, JSON ``{"error": ...}`` on 4xx/5xx; the
  parser gives a Request or an HTTPError, nothing else;
- each input takes under ``SLOW_SECONDS``; the process's peak RSS stays under --max-rss.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import resource
import sys
import time
import traceback
from urllib.parse import quote

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = ("lzstring", "fpuzzles", "geometry", "http")
SLOW_SECONDS = 5.0
MAX_PAYLOAD = 64 * 1024
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _imports():
    """The modules under test (a function, so atheris can instrument them on import)."""
    global formats, geometry, Geometry, GeometryError, ParseError, Grid
    global MAX_UNITS, TooLong, compress_base64, decompress_base64, BASE64, _api, _http
    global HTTPError, parse_request
    from sudokit import formats, geometry
    from sudokit.errors import ParseError
    from sudokit.formats._lzstring import (BASE64, MAX_UNITS, TooLong, compress_base64,
                                           decompress_base64)
    from sudokit.geometry import Geometry, GeometryError
    from sudokit.grid import Grid
    from sudokit.serve import _api, _http
    from sudokit.serve._request import HTTPError, parse_request


class Finding(AssertionError):
    """An invariant broken (or an undocumented exception) on one input."""


# --- the targets ----------------------------------------------------------------------------


def _text(payload: bytes) -> str:
    return payload.decode("utf-8", "surrogateescape")


def check_lzstring(variant: int, payload: bytes) -> str:
    if variant % 2 == 0:
        data = "".join(ch for ch in payload.decode("latin-1") if ch in BASE64)
        small = 1 + (variant * 37 + len(payload)) % 3000
        try:
            bounded = decompress_base64(data, max_units=small)
        except TooLong as exc:
            bounded = exc
        try:
            full = decompress_base64(data)
        except TooLong:
            full = None if bounded is None else TooLong(MAX_UNITS)
            assert isinstance(bounded, TooLong), ("bound", small, bounded)
            return "toolong"
        if isinstance(bounded, TooLong):
            assert full is None or len(full.encode("utf-16-le", "surrogatepass")) > 2 * small, \
                ("TooLong under", small, "but the full text is", full)
            return "toolong-small"
        assert bounded == full, (bounded, full)
        if full is None:
            return "none"
        assert decompress_base64(compress_base64(full)) == full
        return "text"
    text = _text(payload)
    assert decompress_base64(compress_base64(text)) == text, text[:80]
    return "roundtrip"


def _damage(data: str, payload: bytes) -> str:
    """Change a few Base64 characters of data, at places chosen by the payload's hash."""
    if not data:
        return data
    h = hashlib.blake2b(payload, digest_size=16).digest()
    chars = list(data)
    for k in range(0, 6, 2):
        chars[(h[k] << 8 | h[k + 1]) % len(chars)] = BASE64[h[k + 8] % 64]
    return "".join(chars)


def fpuzzles_text(variant: int, payload: bytes) -> str:
    text = _text(payload)
    form = variant % 5
    if form == 0:
        return text
    data = compress_base64(text)
    if form == 2:
        return "https://f-puzzles.com/?load=" + data
    if form == 3:
        return "https://www.f-puzzles.com/?load=" + quote(data, safe="") + "&x=1"
    if form == 4:
        return _damage(data, payload)
    return data


def check_fpuzzles(variant: int, payload: bytes) -> str:
    text = fpuzzles_text(variant, payload)
    try:
        grid = formats.parse_fpuzzles(text)
    except ParseError as exc:
        assert exc.line is None or exc.line >= 1, exc
        return "error: " + exc.reason
    assert isinstance(grid, Grid)
    written = formats.format_fpuzzles(grid)
    assert formats.parse_fpuzzles(written) == grid, written[:200]
    assert formats.parse_fpuzzles(formats.format_fpuzzles(grid, compress=True)) == grid
    return "grid"


def check_geometry(variant: int, payload: bytes) -> str:
    text = _text(payload)
    mode = variant % 3
    if mode == 1:
        try:
            geom = geometry.parse(text)
        except GeometryError as exc:
            return "error: " + str(exc)
    elif mode == 0:
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            return "not json"
        try:
            geom = Geometry.from_json(obj)
        except GeometryError as exc:
            return "error: " + str(exc)
    else:
        try:
            spec = json.loads(text)
        except (ValueError, RecursionError):
            spec = text
        size = spec.get("size", 9) if isinstance(spec, dict) else 9
        size = size if isinstance(size, int) and 1 <= size <= 64 else 9
        record = json.dumps({"values": [[0] * size] * size, "geometry": spec})
        try:
            grid = formats.parse_json(record)
        except ParseError as exc:
            return "error: " + exc.reason
        geom = grid.geometry
    assert isinstance(geom, Geometry)
    back = Geometry.from_json(json.loads(json.dumps(geom.to_json())))
    assert back.to_json() == geom.to_json(), (geom, back)
    return "geometry"


class _Pool:
    """Stands in for the worker pool: /api/parse runs in process, other routes answer {}."""

    budget, generate_budget, workers, queue_slots = 10.0, 60.0, 1, 1
    stats: dict = {}

    def call(self, route, body, ticket=None):
        if route == "parse":
            return _api.answer(route, body)
        return 200, "application/json", b"{}"

    def cancel(self, ticket):
        return False

    def budget_of(self, route):
        return self.generate_budget if route == "generate" else self.budget


_SERVER = None


def http_exchange(raw: bytes) -> "tuple[bytes, str | None]":
    """(the bytes the server answers, the method it read) for one request in raw.

    What the server's loop does with a whole request, without its socket: parse it, check
    and route it (``Server._front``: the page, /api/info, refusals), else make the API call
    (``Server._call``) on a stand-in pool.
    """
    global _SERVER
    if _SERVER is None:
        _SERVER = _http.Server.__new__(_http.Server)  # (no socket, no threads)
        _SERVER.pool, _SERVER.max_connections = _Pool(), 1024
        _SERVER.hosts = {"127.0.0.1", "localhost", "[::1]"}
    try:
        request = parse_request(raw)
    except HTTPError as exc:
        return _http._http_error(exc), None
    head = request.method == "HEAD"
    try:
        data = _SERVER._front(request)
    except HTTPError as exc:
        return _http._http_error(exc, head), request.method
    if data is None:
        data = _SERVER._call(request)
    return data, request.method


def _with_length(raw: bytes) -> bytes:
    head, sep, body = raw.partition(b"\r\n\r\n")
    if not sep:
        return raw
    lines = [ln for ln in head.split(b"\r\n") if not ln.lower().startswith(b"content-length:")]
    lines.insert(1, b"Content-Length: " + str(len(body)).encode())
    return b"\r\n".join(lines) + sep + body


def check_http(variant: int, payload: bytes) -> str:
    raw = _with_length(payload) if variant % 2 else payload
    out, method = http_exchange(raw)
    head, sep, body = out.partition(b"\r\n\r\n")
    m = re.match(rb"HTTP/1\.0 ([1-5]\d\d) ", head)
    assert m and sep, out[:200]
    status = int(m.group(1))
    assert status != 500, (raw[:300], body[:300])
    length = re.search(rb"\r\nContent-Length: (\d+)\r\n", head + b"\r\n")
    assert length, out[:300]
    if method == "HEAD":  # the headers of the GET answer only
        assert not body, out[:300]
        return f"{status} HEAD"
    assert int(length.group(1)) == len(body), out[:300]
    if status >= 400:
        assert "error" in json.loads(body), body[:200]
    return f"{status} " + (json.loads(body)["error"][:40] if status >= 400 else "")


CHECKS = {"lzstring": check_lzstring, "fpuzzles": check_fpuzzles, "geometry": check_geometry,
          "http": check_http}


def run_one(data: bytes) -> str:
    """Run the input on its target; return a short outcome; raise Finding on a broken invariant."""
    if "formats" not in globals():
        _imports()
    if len(data) < 2:
        return "short"
    target = TARGETS[data[0] % len(TARGETS)]
    try:
        return target + ": " + CHECKS[target](data[1], data[2:])
    except Finding:
        raise
    except AssertionError as exc:
        raise Finding(f"{target}: invariant broken: {str(exc)[:500]}") from exc
    except Exception as exc:  # noqa: BLE001 -- every other exception is a finding
        raise Finding(f"{target}: undocumented {type(exc).__name__}: {str(exc)[:300]}") from exc


# --- seeds ----------------------------------------------------------------------------------


def _geometries():
    names = ["3x3", "3x3+x", "3x3+windoku", "3x3+disjoint+antiknight", "2x2+antiking",
             "2x3+thermo(r1c1-r1c2-r1c3)+diff(r2c1-r2c2)+ratio3(r3c1-r3c2)+x(r4c3-r4c4)",
             "3x3+nonconsecutive+diff2(r1c1-r1c2)", "3x3+negative-ratio+ratio(r5c5-r5c6)",
             "3x3+negative-xv+v(r1c1-r1c2)+x(r9c8-r9c9)",
             "3x3+whisper(r1c1-r2c2-r3c3)+palindrome(r4c1-r4c2-r4c3)", "4x4", "5x5"]
    out = [geometry.parse(n) for n in names]
    out.append(geometry.jigsaw("AAABBBAAABBBCCCDDDCCCDDDEEEFFFEEEFFF", size=6))
    out.append(geometry.boxes(2, 3).with_units((0, 7, 14, 21, 28, 35)))
    return out


def seeds() -> list[bytes]:
    """A few inputs per target, built with the package's own writers."""
    _imports()
    out = []
    geoms = _geometries()
    grids = []
    for g in geoms:
        n = g.size
        values = [0] * (n * n)
        if n == 9:
            values = [int(c) if c != "." else 0 for c in PUZZLE]
        try:
            grids.append(Grid(values, geometry=g))
        except ValueError:
            grids.append(Grid([0] * (n * n), geometry=g))
    for grid in grids:
        try:
            fp = formats.format_fpuzzles(grid).encode()
        except GeometryError:
            continue
        for form in range(5):
            out.append(bytes([1, form]) + fp)
        out.append(bytes([0, 0]) + compress_base64(fp.decode()).encode())
        out.append(bytes([0, 1]) + fp)
        geo = json.dumps(grid.geometry.to_json()).encode()
        out += [bytes([2, 0]) + geo, bytes([2, 2]) + geo]
        if grid.geometry.name:
            out.append(bytes([2, 1]) + grid.geometry.name.encode())
    for short in ("{}", '{"size":9}', "\U0001F600\u00e9x"):
        out.append(bytes([0, 0]) + compress_base64(short).encode())
    notes = {"size": 9, "title": "t", "author": "a", "ruleset": "r", "solution": [],
             "grid": [[{"value": 5, "given": True, "c": "#FF0000", "centerPencilMarks": [1, 2],
                        "cornerPencilMarks": [3], "candidates": [4], "highlight": "#00FF00",
                        "region": (r // 3) * 3 + c // 3} for c in range(9)] for r in range(9)]}
    out.append(bytes([1, 2]) + json.dumps(notes).encode())
    out.append(bytes([1, 0]) + json.dumps({"size": 25, "grid": [[{}] * 25] * 25}).encode())
    link = "https://f-puzzles.com/?load=" + formats.format_fpuzzles(grids[1], compress=True)
    bodies = [("parse", {"text": PUZZLE}), ("parse", {"text": link}),
              ("parse", {"text": formats.format_fpuzzles(grids[5])}),
              ("parse", {"puzzle": {"size": 6, "givens": [0] * 36,
                                    "geometry": grids[5].geometry.to_json()}}),
              ("parse", {"text": formats.format_json(grids[9])}),
              ("solve", {"puzzle": PUZZLE}), ("count", {"puzzle": PUZZLE, "limit": 2}),
              ("hint", {"puzzle": PUZZLE, "values": [0] * 81}),
              ("check", {"puzzle": PUZZLE, "values": [0] * 81, "candidates": [[]] * 81})]
    for route, body in bodies:
        data = json.dumps(body).encode()
        req = (f"POST /api/{route} HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Type: "
               f"application/json\r\nOrigin: http://127.0.0.1:8000\r\nContent-Length: "
               f"{len(data)}\r\n\r\n").encode() + data
        out += [bytes([3, 1]) + req, bytes([3, 0]) + req]
    for req in (b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
                b"GET /api/info HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
                b"HEAD /static/app.js HTTP/1.1\r\nHost: [::1]\r\n\r\n",
                b"OPTIONS /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                b"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
                b"Content-Type: application/json\r\n\r\n5\r\n{\"a\":\r\n0\r\n\r\n"):
        out.append(bytes([3, 0]) + req)
    return out


# --- mutations ------------------------------------------------------------------------------

_CHARS = b'{}[]",:0123456789-+.eE\\ntfuRC/=%&#?\r\n\x00\xff '
_TOKENS = [b"{", b"}", b"[", b"]", b"[]", b"{}", b'{"a":1}', b"null", b"true", b"-1", b"0",
           b"1e999", b"-0.5", b"99999999999999999999", b'"R1C1"', b'"R99C1"', b'"r0c0"',
           b'"\\ud800"', b"[[[[[[[[[[", b"]]]]", b'"size":64', b'"size":0', b'"value":"0"',
           b'"region":', b'"given":true', b"\r\n", b"Content-Length: 99999\r\n",
           b"Host: evil\r\n", b"Origin: null\r\n", b"%", b"%00", b"load=", b"\xc3\xa9",
           b"\xf0\x9f\x98\x80", b"\xed\xa0\x80", b'"thermometer":[{"lines":[["R1C1","R1C1"]]}]',
           b'"extraregion":[{"cells":[]}]', b'"ratio":[{"cells":["R1C1","R1C2"],"value":"0"}]']
_NUMBERS = [0, -1, 1, 2, 9, 63, 64, 65, 255, 256, 4096, 2 ** 31, 2 ** 63, 10 ** 30, -(2 ** 63)]
_NUMBER = re.compile(rb"-?\d+")


def _json_mutate(rng: random.Random, obj, depth=0):
    """One random change somewhere inside a decoded JSON value."""
    if isinstance(obj, dict) and obj and rng.random() < 0.8:
        key = rng.choice(list(obj))
        r = rng.random()
        if r < 0.15:
            del obj[key]
        elif r < 0.25:
            obj[key + rng.choice(["", "x", "+"])] = _json_value(rng)
        else:
            obj[key] = _json_mutate(rng, obj[key], depth + 1)
        return obj
    if isinstance(obj, list) and obj and rng.random() < 0.8:
        k = rng.randrange(len(obj))
        r = rng.random()
        if r < 0.15:
            del obj[k]
        elif r < 0.3:
            obj[k:k] = [obj[k]] * rng.choice([1, 2, 10, 100])
        else:
            obj[k] = _json_mutate(rng, obj[k], depth + 1)
        return obj
    return _json_value(rng)


def _json_value(rng: random.Random):
    r = rng.random()
    if r < 0.3:
        return rng.choice(_NUMBERS + [0.5, -2.5, 1e300])
    if r < 0.55:
        return rng.choice(["", "X", "V", "R1C1", "R64C64", "R0C1", "3x3", "3x3+x", "#FFF",
                           "diagonal", "9", "-1", "0", "ratio", "xv", "\ud800", "a" * 100])
    if r < 0.65:
        return rng.choice([None, True, False])
    if r < 0.75:
        return [rng.choice(["R1C1", "R1C2", "R2C1"]) for _ in range(rng.randrange(4))]
    if r < 0.85:
        return {"cells": ["R1C1", "R1C2"], "value": rng.choice(["0", "1", "2", "", 3])}
    nested = []
    for _ in range(rng.choice([2, 50, 2000])):
        nested = [nested]
    return nested


def mutate(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    """One input from data: a few byte, token, span, splice or JSON-aware changes."""
    head, body = bytearray(data[:2]), bytearray(data[2:])
    if rng.random() < 0.05:
        head[1] = rng.randrange(256)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        op = rng.randrange(9)
        n = len(body)
        if op == 0 and n:
            body[rng.randrange(n)] ^= 1 << rng.randrange(8)
        elif op == 1 and n:
            body[rng.randrange(n)] = rng.choice(_CHARS) if rng.random() < 0.8 else rng.randrange(256)
        elif op == 2:
            at = rng.randrange(n + 1)
            body[at:at] = rng.choice(_TOKENS)
        elif op == 3 and n:
            a = rng.randrange(n)
            del body[a:a + rng.choice([1, 2, 8, 64, 1000])]
        elif op == 4 and n:
            a = rng.randrange(n)
            span = body[a:a + rng.choice([1, 4, 16, 200])]
            body[a:a] = span * rng.choice([1, 2, 16, 300])
        elif op == 5 and pool:
            other = rng.choice(pool)[2:]
            body = body[:rng.randrange(n + 1)] + other[rng.randrange(len(other) + 1):]
        elif op == 6:
            found = list(_NUMBER.finditer(body))
            if found:
                m = rng.choice(found)
                body[m.start():m.end()] = str(rng.choice(_NUMBERS)).encode()
        else:  # JSON-aware (the body, or the body of an HTTP request)
            prefix, sep, rest = bytes(body).partition(b"\r\n\r\n")
            text = rest if sep else prefix
            try:
                obj = json.loads(text)
            except (ValueError, RecursionError):
                continue
            obj = _json_mutate(rng, obj)
            try:
                new = json.dumps(obj, separators=rng.choice([(",", ":"), (", ", ": ")]),
                                 ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
            except (ValueError, RecursionError):
                continue
            body = bytearray(prefix + sep + new) if sep else bytearray(new)
    return bytes(head + body[:MAX_PAYLOAD])


# --- the built-in driver --------------------------------------------------------------------


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: VmHWM of /proc/self/status where there is
    one (it starts anew at exec), else ru_maxrss (on Linux it keeps the high-water mark of
    the process that forked and exec'd this one: a big test worker's, say)."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fuzz(runs: int, *, seed: int = 0, targets=TARGETS, seconds: "float | None" = None,
         max_rss_mb: float = 300.0, crashes: "str | None" = None, report=None) -> dict:
    """Run `runs` inputs (round robin over targets) from the seeds and their mutations.

    Returns {"inputs", "seconds", "findings": [(message, input)], "peak_rss_mb",
    "per_target": {target: inputs}, "outcomes": distinct outcomes, "slowest": seconds}.
    An input whose outcome is new joins the pool it was mutated from (a cheap stand-in
    for coverage), up to 3,000 inputs per target.
    """
    _imports()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    rng = random.Random(seed)
    wanted = [TARGETS.index(t) for t in targets]
    pools = {t: [s for s in seeds() if s[0] == t] for t in wanted}
    seen: set = set()
    findings: list = []
    per_target = {TARGETS[t]: 0 for t in wanted}
    started = time.monotonic()
    slowest = 0.0
    done = 0
    while done < runs:
        if seconds is not None and time.monotonic() - started > seconds:
            break
        t = wanted[done % len(wanted)]
        pool = pools[t]
        data = rng.choice(pool) if done < len(wanted) * 20 and rng.random() < 0.3 \
            else mutate(rng, rng.choice(pool), pool)
        t0 = time.monotonic()
        try:
            outcome = run_one(data)
        except Finding as exc:
            findings.append((str(exc), data))
            outcome = "finding"
            if crashes:
                os.makedirs(crashes, exist_ok=True)
                name = f"decoders-{TARGETS[t]}-{hashlib.sha1(data).hexdigest()[:12]}"
                with open(os.path.join(crashes, name), "wb") as fh:
                    fh.write(data)
            if report:
                report(f"FINDING {exc}\n" + "".join(traceback.format_exception(exc.__cause__ or exc))[-2000:])
        spent = time.monotonic() - t0
        slowest = max(slowest, spent)
        if spent > SLOW_SECONDS:
            findings.append((f"slow input: {spent:.1f} s", data))
        key = (t, data[1] % 6, re.sub(r"\d+", "#", outcome)[:80])
        if key not in seen:
            seen.add(key)
            if len(pool) < 3000:
                pool.append(data)
        done += 1
        per_target[TARGETS[t]] += 1
        if done % 1000 == 0:
            rss = peak_rss_mb()
            if rss > max_rss_mb:
                findings.append((f"peak RSS {rss:.0f} MB over {max_rss_mb:.0f} MB", data))
                break
            if report and done % 50_000 == 0:
                report(f"{done} inputs, {time.monotonic() - started:.0f} s, "
                       f"{len(seen)} outcomes, peak RSS {rss:.0f} MB, "
                       f"{len(findings)} findings")
    return {"inputs": done, "seconds": time.monotonic() - started, "findings": findings,
            "peak_rss_mb": peak_rss_mb(), "per_target": per_target, "outcomes": len(seen),
            "slowest": slowest}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--atheris"]:
        import atheris
        with atheris.instrument_imports():
            _imports()
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
        atheris.Setup([sys.argv[0]] + argv[1:], run_one)
        atheris.Fuzz()
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--max-rss", type=float, default=300.0)
    ap.add_argument("--crashes", default=os.path.join(HERE, "build", "decoders-crashes"))
    ap.add_argument("--write-seeds", metavar="DIR")
    args = ap.parse_args(argv)
    if args.write_seeds:
        os.makedirs(args.write_seeds, exist_ok=True)
        for k, s in enumerate(seeds()):
            with open(os.path.join(args.write_seeds, f"seed_{TARGETS[s[0]]}_{k}"), "wb") as fh:
                fh.write(s)
        return 0

    def report(line: str) -> None:
        print(line, flush=True)

    res = fuzz(args.runs, seed=args.seed, targets=args.targets.split(","),
               seconds=args.seconds, max_rss_mb=args.max_rss, crashes=args.crashes,
               report=report)
    print(f"inputs {res['inputs']:,} ({', '.join(f'{k} {v:,}' for k, v in res['per_target'].items())}) "
          f"in {res['seconds']:.0f} s; {res['outcomes']:,} distinct outcomes; slowest input "
          f"{res['slowest']:.2f} s; peak RSS {res['peak_rss_mb']:.0f} MB; "
          f"findings {len(res['findings'])}")
    for message, _ in res["findings"][:20]:
        print("  ", message[:300])
    return 1 if res["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
