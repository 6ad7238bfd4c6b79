"""The JSON API on a puzzle with rules over many cells (killer cages, arrows, little killers,
sandwiches, even/odd, renban), over real HTTP on a loopback port: the layout the page draws,
the conflicts check names, count, solve (checked by hand), hints (sound, and a clear answer
when logic finds no more), and the pictures of the render route."""

from __future__ import annotations

import http.client
import json
import re
import xml.etree.ElementTree as ET
import zlib

import pytest

from sudokit import geometry
from sudokit.serve import running

from sums_puzzle import SUMS_GIVENS, SUMS_RULES, SUMS_SOLUTION, keeps_rules

GEOM = geometry.boxes(3, 3).with_rules(*SUMS_RULES)
PUZZLE = {"size": 9, "givens": SUMS_GIVENS, "geometry": GEOM.to_json()}


@pytest.fixture(scope="module")
def server():
    with running(port=0, workers=2, queue_slots=4, budget=20.0) as s:
        yield s


def call(server, route, body):
    """(status, content type, body bytes) of POST /api/route."""
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("POST", f"/api/{route}", body=json.dumps(body).encode(),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, resp.getheader("Content-Type"), resp.read()
    finally:
        conn.close()


def post(server, route, body):
    status, kind, data = call(server, route, body)
    assert kind.startswith("application/json")
    return status, json.loads(data)


def test_parse_gives_the_page_every_rule(server):
    text = json.dumps({"puzzle": "".join(str(v) if v else "." for v in SUMS_GIVENS),
                       "geometry": GEOM.to_json()})
    status, d = post(server, "parse", {"text": text})
    assert status == 200, d
    kinds = [c["kind"] for c in d["layout"]["constraints"]]
    assert sorted(kinds) == sorted(w.split("(")[0] for w in SUMS_RULES)
    cage = next(c for c in d["layout"]["constraints"] if c["kind"] == "killer" and c["value"] == 11)
    assert cage["cells"] == [0, 1, 9]
    arrow = next(c for c in d["layout"]["constraints"] if c["kind"] == "arrow" and c["value"] == 2)
    assert arrow["cells"] == [33, 34, 43, 52, 53]          # the pill, then the shaft
    assert [0, 1, 9] in d["layout"]["units"]                # a cage's values differ
    names = [u["name"] for u in d["layout"]["extra"]]
    assert "killer cage r1c1-r2c1" in names and "renban line r2c2-r2c4" in names


def test_check_names_a_broken_cage_arrow_and_sandwich(server):
    values = list(SUMS_GIVENS)
    values[1], values[9] = 5, 6          # cage of 11: 4 + 5 + 6
    values[36] = 2                       # arrow from r5c1: circle 2, shaft has the given 3
    values[49], values[58] = 9, 1        # column 5: nothing between the 9 and the 1, not 4
    status, d = post(server, "check", {"puzzle": PUZZLE, "values": values})
    assert status == 200, d
    where = {c["where"]: c for c in d["conflicts"]}
    assert where["cage r1c1-r2c1: sum 15, not 11"]["cells"] == [0, 1, 9]
    assert "the values of r1c1, r1c2, r2c1 break the cage" in \
        where["cage r1c1-r2c1: sum 15, not 11"]["text"]
    assert where["arrow from r5c1: circle 2, arrow sum 3"]["cells"] == [36, 45, 46]
    assert where["sandwich col 5: sum 0 between 1 and 9, not 4"]["cells"] == list(range(4, 81, 9))
    assert len(d["conflicts"]) == 3 and not d["solved"]
    assert d["wrong"] == [c for c in (1, 9, 36, 49, 58) if values[c] != SUMS_SOLUTION[c]]


def test_count_and_solve(server):
    status, d = post(server, "count", {"puzzle": PUZZLE, "limit": 1000})
    assert status == 200 and d["count"] == 1 and d["status"] == "unique", d
    status, d = post(server, "solve", {"puzzle": PUZZLE})
    assert status == 200 and d["status"] == "solved", d
    assert keeps_rules(d["solution"], SUMS_GIVENS)
    # a grid of the cages alone, one given: a solution that keeps every rule (a brute
    # force would take too long; the hand checker says it is one)
    few = {"size": 9, "givens": [4] + [0] * 80, "geometry": GEOM.to_json()}
    status, d = post(server, "solve", {"puzzle": few})
    assert status == 200 and d["status"] == "solved", d
    assert keeps_rules(d["solution"], few["givens"])


def test_hints_are_sound_and_end_clearly(server):
    """Hints applied one after another: every placement is the solution's and no
    elimination removes it, the sum techniques among them (a cage's step names the cage's
    unit, which the page draws), until logic says it is stuck or out of time -- a clear
    status, not an error."""
    values = list(SUMS_GIVENS)
    cands = [[] for _ in range(81)]
    seen, techniques = [], set()
    cage_units = {u for u, name in enumerate(GEOM.unit_names) if name.startswith("killer cage")}
    for _ in range(30):
        status, d = post(server, "hint", {"puzzle": PUZZLE, "values": values,
                                          "candidates": cands})
        assert status == 200, d
        seen.append(d["status"])
        if d["status"] != "step":
            break
        step = d["step"]
        techniques.add(step["technique"])
        if step["technique"] == "cage-combination" and "killer cage" in step["text"]:
            assert set(step["evidence"]["units"]) <= cage_units
        for cell, value in step["placements"]:
            assert SUMS_SOLUTION[cell] == value, step
            values[cell] = value
        for cell, value in step["eliminations"]:
            assert SUMS_SOLUTION[cell] != value, step
            base = cands[cell] or list(range(1, 10))
            cands[cell] = [v for v in base if v != value]
    assert seen[0] == "step"
    assert set(seen) <= {"step", "stuck", "time-limit", "solved"}
    assert {"cage-combination", "sum-bounds", "parity"} <= techniques
    status, d = post(server, "hint", {"puzzle": PUZZLE, "values": SUMS_SOLUTION})
    assert d["status"] == "solved"


def test_render_draws_the_rules(server):
    status, kind, body = call(server, "render", {"puzzle": PUZZLE, "format": "svg"})
    assert status == 200 and kind == "image/svg+xml"
    root = ET.fromstring(body)
    svg = "{http://www.w3.org/2000/svg}"
    dashed = [p for p in root.iter(svg + "path") if p.get("stroke-dasharray")]
    assert len(dashed) == 4
    words = [t.text for t in root.iter(svg + "text")]
    for total in ("11", "22", "26", "37", "53", "29"):
        assert total in words
    status, kind, body = call(server, "render", {"puzzle": PUZZLE, "values": SUMS_SOLUTION,
                                                 "format": "pdf"})
    assert status == 200 and kind == "application/pdf"
    stream = zlib.decompress(re.search(rb"stream\n(.*?)\nendstream", body, re.S).group(1))
    assert stream.count(b"[3 2] 0 d") == 4


# A classic grid with two solutions (r1c6, r1c7, r2c6, r2c7 hold 9 8 / 8 9, or 8 9 / 9 8)
# made unique by one odd cell: the ladder's uniqueness techniques do not see that rule, and
# a hidden rectangle there would remove 9 from r2c7, the solution's value.  A hint leaves
# them out on such geometries.
DEADLY = "017360025632150047958724316825437169791586432346912758289643571573291684164875293"


def test_a_hint_never_rests_on_a_rectangle_an_odd_cell_breaks(server):
    from sudokit import Grid, count_solutions
    puzzle = {"size": 9, "givens": [int(ch) for ch in DEADLY],
              "geometry": geometry.parse("3x3+odd(r1c6)").to_json()}
    assert count_solutions(Grid(DEADLY), limit=3) == 2   # without the odd cell: two
    status, d = post(server, "solve", {"puzzle": puzzle})
    solution = d["solution"]
    assert solution[5] == 9 and solution[14] == 8 and solution[15] == 9   # r1c6 odd
    uniqueness = ["unique-rectangle-1", "unique-rectangle-2", "unique-rectangle-3",
                  "unique-rectangle-4", "hidden-rectangle", "bug-plus-1"]
    values = list(puzzle["givens"])
    values[0] = 4
    for techniques in (uniqueness, None):
        body = {"puzzle": puzzle, "values": values}
        if techniques:
            body["techniques"] = techniques
        status, d = post(server, "hint", body)
        assert status == 200, d
        if techniques:
            assert d["status"] == "stuck", d
        elif d["status"] == "step":
            for cell, value in d["step"]["placements"]:
                assert solution[cell] == value
            for cell, value in d["step"]["eliminations"]:
                assert solution[cell] != value
    # cages and renban lines are units (the swap keeps them): the rectangles stay on
    from sudokit.logic.techniques.uniqueness import _rectangles
    kept = _rectangles(geometry.parse("3x3+killer(3:r1c1-r1c2)+renban(r9c1-r9c2)"))
    assert any(r[0] == 0 and r[1] == 1 for r in kept)      # a row pair of the cage
    assert not any(5 in r for r in _rectangles(geometry.parse("3x3+odd(r1c6)")))