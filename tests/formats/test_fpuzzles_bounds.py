"""Bounded decoding of f-puzzles data: an lz-string "bomb" is refused while it unfolds.

lz-string output can grow with the square of its input: 8 kB of Base64 spells ten million
characters.  The decoder stops as soon as its output passes ``MAX_UNITS`` (what the largest
puzzle sudokit reads needs, with room to spare) and the f-puzzles reader says so; a text
with more JSON objects and arrays than a 64x64 puzzle has is refused before it is decoded.
Memory is measured in real processes: the command line (``os.wait4`` gives the child's own
peak RSS) and the server's worker processes (their VmHWM).
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys

import pytest

from sudokit import formats
from sudokit.errors import ParseError
from sudokit.formats._lzstring import MAX_UNITS, TooLong, compress_base64, decompress_base64

BOMB_TEXT_UNITS = MAX_UNITS + 500_000
WORDS = "decompresses to more than 4,194,304 characters"


@pytest.fixture(scope="module")
def bomb() -> str:
    """An f-puzzles link whose JSON has a title of MAX_UNITS + 500,000 characters."""
    text = '{"size":9,"title":"' + "a" * BOMB_TEXT_UNITS + '","grid":[]}'
    link = "https://f-puzzles.com/?load=" + compress_base64(text)
    assert len(link) < 10_000  # a few kB spell millions of characters
    return link


def _largest_puzzle() -> dict:
    """A 64x64 f-puzzles object with everything sudokit reads or skips, at full length."""
    n = 64
    marks = list(range(1, n + 1))
    def name(r, c):
        return f"R{r + 1}C{c + 1}"
    grid = [[{"value": (r * 8 + r // 8 + c) % n + 1, "given": True,
              "region": (r // 8) * 8 + c // 8, "c": "#FFFFFF", "cArray": ["#FFFFFF"] * 9,
              "highlight": "#FFFFFF", "centerPencilMarks": marks, "cornerPencilMarks": marks,
              "candidates": marks} for c in range(n)] for r in range(n)]
    return {"size": n, "title": "t" * 1000, "author": "a" * 100, "ruleset": "r" * 5000,
            "grid": grid, "diagonal+": True, "diagonal-": True,
            "thermometer": [{"lines": [[name(r, c) for c in range(n)]]} for r in range(n)],
            "difference": [{"cells": [name(r, c), name(r, c + 1)], "value": "63"}
                           for r in range(n) for c in range(n - 1)],
            "ratio": [{"cells": [name(r, c), name(r + 1, c)], "value": "32"}
                      for r in range(n - 1) for c in range(n)],
            "extraregion": [{"cells": [name(r, c) for c in range(n)]} for r in range(n)]}


def test_the_bomb_is_refused_with_the_bound_named(bomb):
    with pytest.raises(ParseError) as info:
        formats.parse_fpuzzles(bomb)
    err = info.value
    assert WORDS in str(err) and "64x64" in str(err), err
    assert (err.line, err.column) == (1, len("https://f-puzzles.com/?load=") + 1)
    # the bare Base64 text and a JSON Lines/stream read say the same
    with pytest.raises(ParseError, match=WORDS):
        formats.parse_fpuzzles(bomb.split("load=")[1])
    records = list(formats.read_records(bomb + "\n", format="fpuzzles"))
    assert len(records) == 1 and records[0].grid is None and WORDS in str(records[0].error)


def test_decoder_stops_at_the_bound_not_after():
    """max_units code units are decoded; one more raises TooLong (surrogate pairs count 2)."""
    for text in ("a" * 1000, "ab" * 500, "\U0001F600" * 500, "x{\u00e9}" * 250):
        data = compress_base64(text)
        assert decompress_base64(data, max_units=1000) == text
        with pytest.raises(TooLong) as info:
            decompress_base64(data, max_units=999)
        assert info.value.limit == 999 and "more than 999 characters" in str(info.value)
    assert decompress_base64(compress_base64("")) == ""


def test_largest_puzzle_fits_under_the_bound():
    """The largest puzzle sudokit reads (about 3.6 million characters) still decodes."""
    text = json.dumps(_largest_puzzle(), separators=(",", ":"))
    assert 3_000_000 < len(text) < MAX_UNITS, len(text)
    grid = formats.parse_fpuzzles(compress_base64(text))
    assert grid.size == 64 and all(grid.values)


def test_too_many_json_containers_are_refused_before_decoding():
    text = '{"size":9,"grid":[' + "[]," * 200_001 + "[]]}"
    for form in (text, compress_base64(text)):
        with pytest.raises(ParseError, match=r"200,004 JSON objects and arrays.*at most 200,000"):
            formats.parse_fpuzzles(form)


# Runs `python -m sudokit ARGS` and, at exit, prints the process's own peak RSS (VmHWM of
# its memory map: ru_maxrss would count the parent's pages from before exec).
_MEASURED = """import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as f:
        kb = next(int(x.split()[1]) for x in f if x.startswith("VmHWM:"))
    print(f"VmHWM {kb}", file=sys.stderr)
atexit.register(peak)
sys.argv = ["sudokit"] + sys.argv[1:]
runpy.run_module("sudokit", run_name="__main__")
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc (Linux)")
def test_check_command_refuses_the_bomb_in_small_memory(bomb, tmp_path):
    src = tmp_path / "bomb.txt"
    src.write_text(bomb + "\n")
    out = subprocess.run([sys.executable, "-c", _MEASURED, "check", "--format", "fpuzzles",
                          str(src)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1, (out.returncode, out.stderr)
    assert WORDS in out.stderr and "line 1, column 29" in out.stderr, out.stderr
    peak_mb = int(out.stderr.rsplit("VmHWM ", 1)[1].split()[0]) / 1024
    print(f"\ncheck --format fpuzzles on the bomb: peak RSS {peak_mb:.0f} MB")
    assert peak_mb < 150, f"peak RSS {peak_mb:.0f} MB (was 1.6 GB before the bound)"


def _vm_hwm_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc (Linux)")
def test_server_parse_refuses_two_bombs_in_small_memory(bomb):
    from sudokit.serve import running

    body = json.dumps({"text": bomb}).encode()
    with running(port=0, workers=1, queue_slots=2, budget=20.0) as server:
        host, port = server.server_address[:2]
        for _ in range(2):
            conn = http.client.HTTPConnection(host, port, timeout=60)
            try:
                conn.request("POST", "/api/parse", body=body,
                             headers={"Content-Type": "application/json"})
                resp = conn.getresponse()
                status, answer = resp.status, json.loads(resp.read())
            finally:
                conn.close()
            assert status == 400 and WORDS in answer["error"], (status, answer)
        peaks = [_vm_hwm_kb(pid) / 1024 for pid in server.pool.pids()]
    print(f"\ntwo lz-string bombs through /api/parse: worker peak RSS {max(peaks):.0f} MB")
    assert peaks and max(peaks) < 150, f"worker peak RSS {peaks} MB (was 3.1 GB for two)"


def test_many_extra_regions_are_read_in_linear_time():
    """40,000 two-cell extra regions (1.1 MB of f-puzzles JSON, 170 kB as a link): each was
    compared with every earlier one (20,000 took 14 s, the 130,000 a 4-million-character
    text can hold took minutes); now a set keeps them."""
    import time
    names = [f"R{r}C{c}" for r in range(1, 65) for c in range(1, 65)]
    pairs = [(a, b) for a in range(0, 4096, 3) for b in range(a + 1, a + 31)][:40_000]
    obj = {"size": 64, "grid": [[{}] * 64] * 64,
           "extraregion": [{"cells": [names[a], names[b]]} for a, b in pairs]}
    text = json.dumps(obj, separators=(",", ":"))
    started = time.monotonic()
    grid = formats.parse_fpuzzles(text)
    spent = time.monotonic() - started
    assert len(grid.geometry.extra_units) == len(set(pairs)) == 40_000
    assert spent < 10, f"{spent:.1f} s for 40,000 extra regions"


def test_a_thermometer_longer_than_the_grid_is_refused_before_its_links_are_built():
    """A 625-cell thermometer on a 25x25 (10 kB of JSON) cost /api/parse a minute and
    900 MB building a link between every two of its cells; it cannot hold (its values
    increase), so it is refused by its length."""
    size = 25
    path = [f"R{r + 1}C{c + 1}" for r in range(size)
            for c in (range(size) if r % 2 == 0 else range(size - 1, -1, -1))]
    obj = {"size": size, "grid": [[{}] * size] * size, "thermometer": [{"lines": [path]}]}
    with pytest.raises(ParseError, match="a thermo line of 625 cells cannot hold on a "
                                         "25x25 grid"):
        formats.parse_fpuzzles(json.dumps(obj))
    obj["thermometer"] = [{"lines": [path[:size]]}]
    assert formats.parse_fpuzzles(json.dumps(obj)).geometry.constraints[0][0] == "thermo"
