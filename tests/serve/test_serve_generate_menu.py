"""The page's Generate menu is what the server can make (issue #31, 'An honest Generate menu').

/api/info lists the offers (variant, levels); each offered (variant, level) is made by the
generate route and checked here independently: the puzzle has the variant's rules (its
geometry, a killer's cages), one solution (count_solutions), and its level again by a
separate rating call (HoDoKu's level by sudokit.rate.rate on classic 9x9, the sudokit scale
by rate.scale.rate_scale elsewhere), within the page's time.  The default run makes every
variant once; the slow run every offered pair with seeds the menu was not measured with.
"""

from __future__ import annotations

import json
import time

import pytest

from sudokit import Grid, count_solutions
from sudokit.geometry import Geometry
from sudokit.serve import running
import sudokit
from sudokit.serve._offers import OFFERS, PURE_DROPPED, offers

from _grids import connected
from test_serve_api import post, request

BUDGET = 10.0  # the server's default seconds a request: a level not marked slow comes in it


def _within(offer, level) -> float:
    """The seconds a making may take: BUDGET, or three times what the menu says for a slow
    level (its "seconds", the slowest of the measured seeds), within the generate budget."""
    return min(60.0, max(BUDGET, 3 * (offer.get("seconds") or {}).get(level, 0)))


@pytest.fixture(scope="module")
def server():
    with running(port=0, workers=2, queue_slots=4, budget=30.0) as s:
        yield s


def test_info_lists_the_offers_and_what_is_not_offered(server):
    status, _, body = request(server, "GET", "/api/info")
    info = json.loads(body)
    assert status == 200 and info["generate"] == offers()
    listed = {(o["box"], tuple(o["rules"])) for o in info["generate"]["offers"]}
    assert len(listed) == len(info["generate"]["offers"]) <= len(OFFERS)  # one entry a variant
    # every grid size the page plays (4x4 .. 25x25) and the 9x9 variants, killer included
    sizes = {4, 6, 9, 12, 16} | ({25} if sudokit.backend() == "c" else set())
    assert {o["size"] for o in info["generate"]["offers"]} == sizes
    want = {"x", "windoku", "antiknight", "antiking", "disjoint", "nonconsecutive", "killer",
            "jigsaw", "kropki", "xv", "thermo", "sandwich", "littlekiller", "arrow", "whisper",
            "renban", "palindrome"}
    if sudokit.backend() == "python":  # (the variants too slow to make there: left out)
        want -= {rule for _, rule in PURE_DROPPED}
        assert not any(o["levels"] for o in info["generate"]["offers"])
    assert {r for o in info["generate"]["offers"] for r in o["rules"]} >= want
    for o in info["generate"]["offers"]:
        want = ("hodoku" if o["size"] == 9 and not o["rules"] else "sudokit") \
            if o["levels"] else None
        assert o["scale"] == want
        assert o["levels"] or o["note"]  # a variant without levels says why
        if o["size"] > 16:
            assert not o["levels"]  # the server makes levels up to 16x16 only
        elif o["size"] > 9 and o["levels"]:
            assert o["levels"][:4] == ["easy", "medium", "hard", "expert"]
    assert "even" in " ".join(n["variant"] for n in info["generate"]["not_offered"])
    assert not any(word in n["variant"] for n in info["generate"]["not_offered"]
                   for word in ("jigsaw", "kropki", "XV", "thermo", "sandwich", "killer",
                                "arrow", "whisper", "renban", "palindrome", "lines"))
    assert all(n["why"] for n in info["generate"]["not_offered"])


# rules drawn at random for each puzzle
_DRAWN = ("jigsaw", "kropki", "xv", "thermo", "sandwich", "littlekiller", "arrow", "whisper",
          "renban", "palindrome")
_LONG = ("sandwich", "littlekiller", "arrow", "whisper", "renban", "palindrome")


def _holds(kind, cells, value, solution, n):
    """A drawn sum, arrow or line holds in the solution, by its plain meaning."""
    vals = [solution[c] for c in cells]
    near = all(max(abs(p // n - q // n), abs(p % n - q % n)) == 1
               for p, q in zip(cells, cells[1:]))
    if kind == "sandwich":
        a, b = sorted((vals.index(1), vals.index(n)))
        return len(cells) == n and sum(vals[a + 1:b]) == value
    if kind == "littlekiller":
        return sum(vals) == value
    if kind == "arrow":
        return near and sum(vals[1:]) == vals[0]
    if kind == "whisper":
        return near and all(abs(x - y) >= (n + 1) // 2 for x, y in zip(vals, vals[1:]))
    if kind == "renban":
        return near and sorted(vals) == list(range(min(vals), min(vals) + len(vals)))
    return near and vals == vals[::-1]   # palindrome


def _check_regions(regions, n):
    """N regions of N cells, each connected (a flood fill of its own)."""
    groups = {}
    for cell, k in enumerate(regions):
        groups.setdefault(k, set()).add(cell)
    assert len(groups) == n
    for cells in groups.values():
        assert len(cells) == n and connected(cells, n)


def _check(d, offer, level):
    """The answer is a puzzle of the offer's variant, unique, at the level (rated again)."""
    from sudokit.rate import rate
    from sudokit.rate.scale import rate_scale
    geom = Geometry.from_json(d["puzzle"]["geometry"])
    r, c = (int(x) for x in offer["box"].split("x"))
    drawn = [x for x in offer["rules"] if x in _DRAWN]
    assert geom.size == r * c and geom.box == (None if "jigsaw" in drawn else (r, c))
    if "jigsaw" in drawn:
        _check_regions(geom.regions, r * c)
    rules = [x for x in offer["rules"] if x != "killer" and x not in _DRAWN]
    assert sorted(geom.rules) == sorted(rules)
    marks = [k for k in geom.constraints if k[0] in ("diff", "ratio", "sum", "thermo") + _LONG]
    word = (set(drawn) - {"jigsaw"} or {None}).pop()
    assert {k[0] for k in marks} == {"kropki": {"diff", "ratio"}, "xv": {"sum"},
                                     "thermo": {"thermo"}}.get(word, {word} - {None})
    solution, n = d["solution"], r * c
    for kind, cells, value in marks:
        if kind in _LONG:
            assert _holds(kind, cells, value, solution, n), (kind, cells, value)
            continue  # each dot, marker or thermometer holds in the solution
        if kind == "thermo":
            assert all(solution[p] < solution[q] and
                       max(abs(p // n - q // n), abs(p % n - q % n)) == 1
                       for p, q in zip(cells, cells[1:]))
            continue
        (i, j), (a, b) = cells, (solution[cells[0]], solution[cells[1]])
        assert abs(i - j) in (1, n)
        assert {"diff": abs(a - b) == 1, "ratio": a == 2 * b or b == 2 * a,
                "sum": a + b == value}[kind]
    cages = [k for k in geom.constraints if k[0] == "killer"]
    if "killer" in offer["rules"]:
        assert cages and sorted(cell for k in cages for cell in k[1]) == list(range(81))
    else:
        assert not cages
    puzzle = Grid(d["puzzle"]["givens"], geometry=geom)
    assert count_solutions(puzzle, limit=2) == 1
    assert geom.is_solution(d["solution"], d["puzzle"]["givens"])
    if level == "any":
        return
    assert d["matched"] and d["difficulty"] == level, d.get("difficulty")
    if offer["scale"] == "hodoku":
        again = rate(puzzle).level
    else:
        again = rate_scale(puzzle).level
    assert again == level, (offer, level, again)


def _ask(server, offer, level, seed):
    body = {"box": offer["box"], "difficulty": level, "seed": seed}
    if offer["rules"]:
        body["rules"] = offer["rules"]
    if offer["symmetry"]:
        body["symmetry"] = "rot180"
    began = time.monotonic()
    status, d = post(server, "generate", body, timeout=60)
    took = time.monotonic() - began
    assert status == 200, d
    return d, took


def _pairs():
    out = []
    for k, o in enumerate(offers()["offers"]):
        slow = o.get("seconds") or {}
        levels = [lv for lv in o["levels"] if lv not in slow] or o["levels"] or ["any"]
        out.append((o, levels[k % len(levels)]))  # each variant once, the levels spread
        # (the slow levels are made by the slow test)
    return out


@pytest.mark.parametrize("offer,level", _pairs(),
                         ids=[f"{o['box']}-{o['rules'][0] if o['rules'] else 'classic'}-{lv}"
                              for o, lv in _pairs()])
def test_each_variant_is_made_at_an_offered_level(server, offer, level):
    d, took = _ask(server, offer, level, seed=21)
    _check(d, offer, level)
    assert took < _within(offer, level), took


@pytest.mark.slow
@pytest.mark.parametrize("offer,level", [(o, lv) for o in offers()["offers"]
                                         for lv in o["levels"] + ["any"]])
def test_every_offered_pair_is_made_and_rated_again(server, offer, level):
    for seed in (31, 32):  # (the menu was measured with seeds 1..3)
        d, took = _ask(server, offer, level, seed)
        _check(d, offer, level)
        assert took < _within(offer, level), took


def test_sandwich_totals_are_fewer_in_each_new_drawing():
    """A drawing of sandwich totals with no puzzle at the level is followed by drawings with
    fewer totals (serve._api.THINNED: all 18, then 9, then 6): the ones kept are totals of
    the drawing (so its solution still holds them), chosen the same way from the same seed,
    and the other rules stay."""
    from sudokit.geometry import boxes
    from sudokit.geometry._random import draw
    from sudokit.serve._api import _thinned
    base = boxes(3, 3).with_rules("x")
    drawn = draw(base, ["sandwich"], "s:draw1")
    totals = [k for k in drawn.constraints if k[0] == "sandwich"]
    assert len(totals) == 18
    assert _thinned(drawn, 0, "s") is drawn
    for k, keep in ((1, 9), (2, 6), (5, 6)):
        thin = _thinned(drawn, k, "s:draw1")
        kept = [c for c in thin.constraints if c[0] == "sandwich"]
        assert len(kept) == keep and set(kept) <= set(totals)
        assert thin.rules == drawn.rules and thin.box == (3, 3)
        assert _thinned(drawn, k, "s:draw1") == thin
    assert _thinned(drawn, 2, "s:draw1") != _thinned(drawn, 2, "t:draw1")
    plain = draw(base, ["kropki"], "s")
    assert _thinned(plain, 3, "s") is plain  # (only sandwich totals are thinned)


@pytest.mark.skipif(sudokit.backend() == "python", reason="C kernels only: the pure-Python "
                    "server offers no level (serve._offers)")
def test_a_sandwich_comes_at_hard():
    """Sandwich 'hard', the level the menu lacked until the totals were thinned: made by the
    route (seed 2), unique, re-rated hard, every total it shows holding in its solution."""
    from sudokit.serve import _api
    offer = next(o for o in offers()["offers"] if o["rules"] == ["sandwich"])
    assert "hard" in offer["levels"]
    d = _api._generate({"rules": ["sandwich"], "difficulty": "hard", "seed": 2},
                       _api.GENERATE_SECONDS)
    _check(d, offer, "hard")
