"""fuzz/fuzz_decoders.py in CI: a short bounded run, its oracles, and what the long runs found.

The long runs (1M+ inputs, recorded in fuzz/README.md) use the same code; here a few
thousand inputs run in seconds, a planted bug must be caught, and each finding of the long
runs has its own regression test (f-puzzles reader, Geometry.from_json, the server).
"""

from __future__ import annotations

from _paths import ROOT
import http.client
import importlib.util
import json
from pathlib import Path

import pytest

from sudokit import formats
from sudokit.errors import ParseError
from sudokit.formats._lzstring import compress_base64
from sudokit.geometry import Geometry, GeometryError

FUZZ = ROOT / "fuzz" / "fuzz_decoders.py"


@pytest.fixture(scope="module")
def fuzzer():
    spec = importlib.util.spec_from_file_location("fuzz_decoders", FUZZ)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_fuzz_run_is_clean_and_bounded(fuzzer):
    # in a fresh process (its peak memory from /proc/self/status: a test worker's is that
    # of every test it ran before, and ru_maxrss would keep it across the exec)
    import subprocess
    import sys
    code = ("import importlib.util, json, sys; spec = importlib.util.spec_from_file_location("
            f"'fuzz_decoders', {str(FUZZ)!r}); m = importlib.util.module_from_spec(spec); "
            "spec.loader.exec_module(m); r = m.fuzz(4000, seed=7, max_rss_mb=300); "
            "r['findings'] = [msg for msg, _ in r['findings']]; print(json.dumps(r))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    res = json.loads(proc.stdout.splitlines()[-1])
    assert res["inputs"] == 4000
    assert all(n == 1000 for n in res["per_target"].values()), res["per_target"]
    assert not res["findings"], res["findings"][:3]
    assert res["peak_rss_mb"] < 300 and res["slowest"] < fuzzer.SLOW_SECONDS
    assert res["outcomes"] > 200  # the mutations reach many different answers


def test_every_seed_runs_clean_on_its_target(fuzzer):
    seeds = fuzzer.seeds()
    assert {s[0] for s in seeds} == set(range(len(fuzzer.TARGETS)))
    outcomes = [fuzzer.run_one(s) for s in seeds]
    assert any(o == "fpuzzles: grid" for o in outcomes)
    assert any(o == "geometry: geometry" for o in outcomes)
    assert any(o.startswith("http: 200") for o in outcomes)
    assert any(o == "lzstring: text" for o in outcomes)


def test_a_head_request_gets_headers_only(fuzzer):
    raw = b"HEAD /static/app.js HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"
    out, method = fuzzer.http_exchange(raw)
    assert method == "HEAD" and out.startswith(b"HTTP/1.0 200 ") and out.endswith(b"\r\n\r\n")
    assert fuzzer.run_one(bytes([3, 0]) + raw) == "http: 200 HEAD"


@pytest.mark.parametrize("raw, status", [
    (b"POST /api/parse HTTP/0.9\r\nHost: 127.0.0.1\r\n\r\n", 505),   # HTTP/0.9: refused
    (b"GET /\nHost: localhost\r\n\r\n", 400),                         # no version at all
    (b"HEAD\t/static/app.js HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n", 400),  # a TAB, not a space
    (b"\xa0", 400), (b"\r\n", 400),                                     # no request line
])
def test_what_http_server_let_through_gets_a_clear_error(fuzzer, raw, status):
    """The atheris runs on the old http.server handler met HTTP/0.9 answers (a body, no
    status line) and silent closes; the server's own parser answers each with an error."""
    out, _ = fuzzer.http_exchange(raw)
    assert out.startswith(b"HTTP/1.0 %d " % status)
    assert fuzzer.run_one(bytes([3, 0]) + raw).startswith(f"http: {status} ")


def test_the_oracles_catch_planted_bugs(fuzzer, monkeypatch):
    """A decoder that drops a character, a reader that raises KeyError, a server that
    answers 500: each is a Finding."""
    fuzzer._imports()
    real = fuzzer.decompress_base64
    monkeypatch.setattr(fuzzer, "decompress_base64",
                        lambda data, **kw: (lambda t: t[:-1] if t and len(t) > 40 else t)(
                            real(data, **kw)))
    link = bytes([0, 1]) + b'{"size": 9, "grid": [[{}, {}, {}, {}, {}]]}'
    with pytest.raises(fuzzer.Finding, match="lzstring: invariant broken"):
        fuzzer.run_one(link)
    monkeypatch.setattr(fuzzer, "decompress_base64", real)

    def broken(text, **kw):
        raise KeyError("planted")
    monkeypatch.setattr(fuzzer.formats, "parse_fpuzzles", broken)
    with pytest.raises(fuzzer.Finding, match="fpuzzles: undocumented KeyError"):
        fuzzer.run_one(bytes([1, 0]) + b"{}")
    monkeypatch.undo()
    monkeypatch.setattr(fuzzer._Pool, "call",
                        lambda self, route, body, ticket=None: (500, "application/json", b'{"error": "x"}'))
    body = b'{"text": "' + b"." * 81 + b'"}'
    req = (b"POST /api/parse HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
           b"Content-Length: %d\r\n\r\n" % len(body)) + body
    with pytest.raises(fuzzer.Finding, match="http: invariant broken"):
        fuzzer.run_one(bytes([3, 0]) + req)


# --- the findings of the long runs ---------------------------------------------------------


def test_fpuzzles_negative_with_a_list_inside_is_a_parse_error():
    text = json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "negative": [["ratio"]]})
    with pytest.raises(ParseError, match='"negative" lists constraints'):
        formats.parse_fpuzzles(text)


@pytest.mark.parametrize("fields, words", [
    ({"units": [["x"]]}, "field 'units'"),
    ({"units": [[0, 1], 7]}, "field 'units'"),
    ({"pairs": [[1]]}, "field 'pairs'"),
    ({"pairs": [["a", 2]]}, "field 'pairs'"),
    ({"links": [[0, 1, "ab"]]}, "field 'links'"),
    ({"links": [5]}, "field 'links'"),
    ({"constraints": [{"kind": "thermo"}]}, "field 'constraints'"),
    ({"rules": "x"}, "field 'rules' is a list, not str"),
    ({"rules": [["x"]]}, "unknown rule"),
    ({"regions": 5}, "field 'regions'"),
    ({"regions": [[0, 0], 1]}, "field 'regions'"),
    ({"size": "nine"}, "a grid size is an integer"),
    ({"box": [3, 3]}, "bad box shape"),
])
def test_geometry_from_json_names_the_bad_field(fields, words):
    with pytest.raises(GeometryError, match=words):
        Geometry.from_json({"size": 4, **fields})


def test_a_json_number_of_thousands_of_digits_is_a_parse_error():
    text = '{"size": ' + "9" * 5000 + ', "grid": []}'
    for form in (text, compress_base64(text)):
        with pytest.raises(ParseError, match="a number of more than 4,300 digits"):
            formats.parse_fpuzzles(form)


@pytest.fixture(scope="module")
def server():
    from sudokit.serve import running
    with running(port=0, workers=1, queue_slots=2, budget=20.0) as s:
        yield s


def _post(server, raw: bytes) -> tuple[int, dict]:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("POST", "/api/parse", body=raw, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    finally:
        conn.close()


def test_the_server_answers_a_body_of_json_null(server):
    status, answer = _post(server, b"null")  # it closed the connection without a word
    assert status == 400 and "must be a JSON object, not null" in answer["error"], answer


def test_the_server_answers_a_number_of_thousands_of_digits(server):
    status, answer = _post(server, b'{"text": ' + b"1" * 5000 + b"}")  # it dropped the connection
    assert status == 400 and "more than 4,300 digits" in answer["error"], answer
    status, answer = _post(server, json.dumps({"text": "." * 81}).encode())
    assert status == 200 and answer["puzzle"]["size"] == 9  # and it still serves


@pytest.mark.parametrize("length", ["348\x1d", "\u00b2", "1\u00b2", " 4x"])
def test_the_server_answers_a_content_length_that_is_no_number(server, length):
    """'348\\x1d' passed str.strip().isdigit() and then failed int(): the handler raised
    and the client got no answer at all."""
    host, port = server.server_address[:2]
    import socket
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(b"POST /api/parse HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: "
                     b"application/json\r\nContent-Length: " + length.encode("utf-8")
                     + b"\r\n\r\n{}")
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.0 400 "), reply[:200]
    assert (b"Content-Length must be a number of bytes" in reply
            or b"the Content-Length header has a control character" in reply)


def test_a_cell_name_of_thousands_of_digits_is_a_parse_error():
    """'R' + 5,000 digits + 'C1' matched R(\\d+)C(\\d+), then int() raised ValueError."""
    big = "1" * 5000
    text = json.dumps({"size": 9, "grid": [[{}] * 9] * 9,
                       "thermometer": [{"lines": [["R1C1", f"R{big}C1"]]}]})
    with pytest.raises(ParseError, match="is not a cell R1C1..R9C9"):
        formats.parse_fpuzzles(text)
    from sudokit import geometry
    for name in (f"3x3+thermo(r{big}c1-r1c2)", f"3x3+diff{big}(r1c1-r1c2)",
                 "3x3+thermo(r\u0661c1-r1c2)"):
        with pytest.raises(GeometryError, match="bad constraint"):
            geometry.parse(name)
