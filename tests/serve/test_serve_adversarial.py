"""The JSON API against a hostile user: damaged steps sent to /api/render, a damaged player's
state sent to /api/print for a clean page, and a hint under a server budget shorter than the
hint's own time limit (session 23's adversarial pass).

Each test failed before its fix: a step without its technique was a 500 ("internal error:
KeyError"), other damaged steps were 400s in Python's own words (naming no field), and a hint
on a server run with ``--budget 4`` was killed for a 504 where it should say "time-limit".
"""

from __future__ import annotations

import http.client
import json
import time

import pytest

from sudokit.serve import running

from conftest import shared_file
from test_serve_sums import call

PUZZLE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."


def post(server, route, body):
    """(status, decoded JSON) of POST /api/route."""
    status, _, data = call(server, route, body)
    return status, json.loads(data)


@pytest.fixture(scope="module")
def server():
    with running(port=0, workers=1, queue_slots=4, budget=20.0) as s:
        yield s


@pytest.mark.parametrize("step, field", [
    ({"cells": [1]}, "step.technique"),                 # before: 500 KeyError 'technique'
    ({"technique": 5}, "step.technique"),
    ({"technique": ["x-wing"]}, "step.technique"),      # before: "unhashable type: 'list'"
    ({"technique": "x-wing", "eliminations": 5}, "step.eliminations"),
    ({"technique": "x-wing", "eliminations": [["a", 1]]}, "step.eliminations"),
    ({"technique": "x-wing", "placements": [[0, 1, 2]]}, "step.placements"),
    ({"technique": "x-wing", "placements": [[0, True]]}, "step.placements"),
    ({"technique": "x-wing", "evidence": "x"}, "step.evidence"),
    ({"technique": "x-wing", "text": 5}, "step.text"),
    ({"technique": "x-wing", "se": "x"}, "step.se"),
])
@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_a_damaged_step_is_a_400_naming_its_part(server, step, field, fmt):
    status, d = post(server, "render", {"puzzle": PUZZLE, "step": step, "format": fmt})
    assert status == 400, (status, d)
    assert d["field"] == field and d["error"].startswith(f'"{field}" must be'), d


@pytest.mark.parametrize("body, field", [
    ({"corner": [[1]] * 80}, "corner"),
    ({"corner": [[10]] * 81}, "corner"),
    ({"candidates": [[10]] * 81}, "candidates"),
    ({"values": [1] * 81}, "values"),                   # overwrites the givens
])
@pytest.mark.parametrize("marks", [False, True])
def test_print_checks_the_players_state_even_for_a_clean_page(server, body, field, marks):
    """Before: with marks false (the page's "clean puzzle") a damaged state was passed over
    without a word (200); with marks true it was a 400.  Now a 400 naming it either way."""
    status, d = post(server, "print", dict(body, puzzle=PUZZLE, marks=marks))
    assert status == 400 and d["field"] == field, (status, d)


def render_svg(server, body) -> tuple[int, bytes]:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("POST", "/api/render", body=json.dumps(dict(body, format="svg")).encode(),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def test_a_well_formed_step_is_still_drawn(server):
    """The check refuses only damaged steps: a hint's own step draws as before (the picture
    differs from the plain grid's by the step's marks)."""
    status, hint = post(server, "hint", {"puzzle": PUZZLE})
    assert status == 200 and hint["status"] == "step", hint
    status, plain = render_svg(server, {"puzzle": PUZZLE})
    assert status == 200
    status, drawn = render_svg(server, {"puzzle": PUZZLE, "step": hint["step"]})
    assert status == 200 and drawn.startswith(b"<svg") and drawn != plain


def test_a_hint_under_a_short_budget_answers_time_limit_not_504():
    """--budget 4: the hint's logic stops at half of it (2 s) and answers 'time-limit';
    before, it kept its own 5 s limit and the worker was killed at 4 s (a 504)."""
    hard = shared_file("gecode_25x25.txt").read_text().split()[0]  # its proof: 10 s in C
    with running(port=0, workers=1, queue_slots=2, budget=4.0) as s:
        pids = set(s.pool.pids())
        began = time.monotonic()
        status, d = post(s, "hint", {"puzzle": hard, "techniques": ["nested-forcing-chain"]})
        took = time.monotonic() - began
        assert status == 200 and d["status"] == "time-limit", (status, d)
        assert d["seconds"] == 2.0 and "within the 2 seconds" in d["message"], d
        assert took < 4.0, took
        assert set(s.pool.pids()) == pids  # no worker was killed
