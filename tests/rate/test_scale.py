"""The sudokit scale (sudokit.rate.scale, issue #29): tiers, the number, statuses, and
`rate` / `sudokit rate` on grids that are not classic 9x9.

The expectations are written here from the scale's definition (docs/difficulty.md) or
from what an independent solver says a puzzle needs (Simon Tatham's Solo labels), never
copied from what the code printed.
"""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys

import pytest

from sudokit import Grid, formats, solve
from sudokit.geometry import boxes
from sudokit.logic import steps
from sudokit.logic.ladder import ladder, technique
from sudokit.rate import Rating, rate
from sudokit.rate import scale
from sudokit.rate.scale import (LABELS, ScaleRating, label_of, number_of, rate_scale,
                                rating_of, tier_of)

from _paths import ROOT

EASY = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.7."
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# a minimal nonconsecutive 9x9 ('sudokit generate --rules nonconsecutive --minimal --seed 1'):
# it needs nested forcing chains (seconds to minutes)
NONCONSECUTIVE = ('{"puzzle": ".....73...............................1...2...............6..7......'
                  '..........5..", "geometry": {"size": 9, "box": "3x3", '
                  '"rules": ["nonconsecutive"]}}')

# Solo game ids, made by `sgt-solo --generate 2 'PARAMS#sudokit-vlevel'` (Solo 20230122):
# t/b (trivial, basic) need singles only; i (intermediate) needs locked candidates and
# no set reasoning.  Singles and locked candidates reach the same fixed point in any order,
# and sudokit's ladder tries them before every other technique, so sudokit's label is easy
# for t/b and medium for i (input data and Solo's labels, not sudokit's answers).
SOLO = {
    "easy": ["3x3x:b5_1d8_1b3a8c2f6a7_1_3e4a2b9b5a8e2_1_6a7f2c6a2b9_4d7_6b",
             "3x3x:a8_4_1d7d6c4c7b8b7a6_8_1c3a2e8a8c3_7_2a9b9b1c2c7d5d9_6_4a",
             "9j:b4a1a7_8b4f5_1a6a8a2c3f4b2c5b9f6c3a4a9a8_4f3b1_9a5a8b,bacad_baa_bca_b_aa__ac_"
             "ec__akbb_cca_aacaa_a___a_____ab_aa__bdaa",
             "9j:8c1c5b4b2_8b6d5g8b6a9g3a2b9g4d9b9_1b6b7c2c8,bcca_da_cab_baac_ac_be_acgbdbd_ba"
             "d___a__adc_a__a_cbcca"],
    "medium": ["3x3x:b5_1e1d8b5_2f6a7g4c8_9_1c8g6a7f2_5b6d9e7_6b",
               "3x3x:b4e7c2d4c7b8b7a6_8_1e2e8e3_7_2a9b9b1c2d6c5e6b",
               "9j:b4a1a7_8b4f5_1a6a8a2c3f4i9f6c3a4a9a8_4f3b1_9a5a8b,bacad_baa_bca_b_aa__ac_ec"
               "__akbb_cca_aacaa_a___a_____ab_aa__bdaa",
               "9j:a6a2_5b9a4d2e1_4a7g4q8g1a6_2e6d8a2b9_1a7a,aa_e_ad_b__bb______dbaac_cebbefa__"
               "aa_b_dadbabbbaa__c_a_abc"],
}

# the documented tiers, by technique id (docs/difficulty.md), written out by hand
EXPECTED = {
    "full-house": "easy", "hidden-single": "easy", "naked-single": "easy",
    "pointing": "medium", "claiming": "medium", "naked-pair": "medium", "x-wing": "medium",
    "hidden-pair": "medium", "naked-triple": "medium",
    "swordfish": "hard", "hidden-triple": "hard", "xy-wing": "hard", "xyz-wing": "hard",
    "unique-rectangle-1": "hard", "naked-quad": "hard", "jellyfish": "hard",
    "hidden-quad": "hard", "bug-plus-1": "hard",
    "aligned-pair-exclusion": "expert", "skyscraper": "expert", "finned-x-wing": "expert",
    "w-wing": "expert", "simple-colors": "expert", "x-chain": "expert", "aic": "expert",
    "als-xz": "expert", "sue-de-coq": "expert",
    "nishio": "extreme", "cell-forcing-chain": "extreme", "dynamic-forcing-chain": "extreme",
    "nested-forcing-chain": "extreme",
}


def _run(*argv, stdin=None):
    proc = subprocess.run([sys.executable, "-m", "sudokit", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


# --- tiers and the number -------------------------------------------------------------------

@pytest.mark.parametrize("tid,label", sorted(EXPECTED.items()))
def test_each_technique_falls_in_its_documented_tier(tid, label):
    assert label_of(technique(tid).rank) == label


def test_labels_are_monotone_in_the_ladder_and_every_tier_is_used():
    ranks = sorted(t.rank for t in ladder())
    tiers = [tier_of(r) for r in ranks]
    assert tiers == sorted(tiers)
    assert set(tiers) == {1, 2, 3, 4, 5}
    # a technique added anywhere falls in by its rank: the cuts are 35, 100, 190, 400
    assert [tier_of(r) for r in (0, 34.9, 35, 99.5, 100, 189, 190, 399, 400, 10_000)] == \
        [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


@pytest.mark.parametrize("ranks,expected", [
    # tier + 0.6 p + 0.4 w / (w + 30), w = the sum of the ranks / 100, cut to two decimals,
    # worked out by hand:
    ([20] * 50, 1.44),                 # 1 + 0.6 * 20/35 + 0.4 * 10/40 = 1.4428
    ([20] * 40 + [40], 2.13),          # 2 + 0.6 * 5/65 + 0.4 * 8.4/38.4 = 2.1336
    ([10] * 20 + [430] * 3, 5.31),     # 5 + 0.6 * 30/100 + 0.4 * 14.9/44.9 = 5.3127
    ([600], 5.66),                     # 5 + 0.6 * 1 + 0.4 * 6/36 = 5.6666
    ([], None)])
def test_the_number_by_hand(ranks, expected):
    assert number_of(ranks) == expected


def test_the_number_orders_puzzles_within_and_across_tiers():
    cuts = (0, 35, 100, 190, 400)
    for tier, lo in enumerate(cuts, 1):
        top = lo + 5
        base = number_of([10] * 30 + [top])
        assert tier <= base < tier + 1
        assert number_of([10] * 30 + [top] * 30) > base          # more steps at the top tier
        assert number_of([10] * 100 + [top]) > base              # more work below it
        assert number_of([10] * 30 + [top + 20]) > base          # a harder hardest technique
        assert number_of([10] * 30 + [top] * 10_000) < tier + 1  # never the next tier
        if tier < 5:  # the easiest puzzle of the next tier beats the hardest of this one
            assert number_of([cuts[tier]]) > number_of([cuts[tier] - 1] * 10_000)


# --- statuses -------------------------------------------------------------------------------

def test_statuses():
    assert rate_scale(EASY).status == "rated"
    assert rate_scale(SOLVED).status == "solved"
    clash = "11" + "." * 79
    assert rate_scale(clash).status == "illegal"
    assert rate_scale("1" + "." * 80).status == "ambiguous"
    impossible = "12345678." + "........9" + "." * 63   # r1c9 has no value left
    assert rate_scale(impossible).status == "impossible"
    for r in (rate_scale(SOLVED), rate_scale(clash)):
        assert r.level is None and r.number is None and r.scale == "sudokit"


def test_stuck_is_harder_than_every_label():
    medium = SOLO["medium"][0]
    path = steps(formats.parse_solo(medium), techniques=["full-house", "hidden-single",
                                                         "naked-single"])
    r = rating_of(path)
    assert path.status == "stuck" and r.status == "stuck" and r.level is None
    assert r.steps == len(path.steps) > 0 and r.hardest in ("hidden-single", "naked-single",
                                                            "full-house")
    assert r.key > max(rate_scale(formats.parse_solo(p)).key for p in SOLO["medium"])
    assert r.text() == "sudokit-scale=stuck"


def test_a_time_limit_gives_limit_never_a_hang():
    import time
    grid = formats.parse_json(NONCONSECUTIVE)
    began = time.monotonic()
    r = rate_scale(grid, time_limit=0.2)
    assert r.status == "limit" and r.level is None and time.monotonic() - began < 10


# --- rate on other grids ----------------------------------------------------------------------

@pytest.mark.parametrize("label,ident", [(k, v) for k, vs in SOLO.items() for v in vs])
def test_rate_gives_the_scale_on_x_and_jigsaw(label, ident):
    grid = formats.parse_solo(ident)
    assert not grid.geometry.is_classic
    r = rate(grid)
    assert isinstance(r, ScaleRating) and r.scale == "sudokit"
    assert r.status == "rated" and r.level == label
    assert label_of(technique(r.hardest).rank) == label
    assert LABELS.index(label) + 1 <= r.number < LABELS.index(label) + 2


def _killer() -> Grid:
    """EASY with two cages that agree with its solution: the cages take nothing away."""
    sol = solve(EASY).values
    geom = boxes(3, 3).with_constraints(("killer", (3, 4, 5), sol[3] + sol[4] + sol[5]),
                                        ("killer", (30, 39), sol[30] + sol[39]))
    return Grid(Grid(EASY).values, geometry=geom)


def test_rate_gives_the_scale_on_a_killer_and_on_other_sizes():
    r = rate(_killer())
    assert isinstance(r, ScaleRating) and (r.scale, r.status, r.level) == \
        ("sudokit", "rated", "easy")
    six = Grid("1.....\n..3...\n......\n......\n...4..\n.....2".replace("\n", ""), "2x3")
    r6 = rate(six)
    assert isinstance(r6, ScaleRating) and r6.scale == "sudokit"


def test_rate_on_classic_9x9_is_unchanged():
    r = rate(EASY)
    assert isinstance(r, Rating) and (r.er, r.ep, r.ed, r.status) == (1.2, 1.2, 1.2, "rated")
    assert r.format("%g %c", EASY) == EASY + " ED=1.2/1.2/1.2"


# --- sudokit rate -----------------------------------------------------------------------------

def test_cli_rate_names_the_scale_and_keeps_serate_lines(tmp_path):
    killer = formats.format_json(_killer())
    lines = SOLO["easy"][:1] + SOLO["medium"][2:3] + [EASY, killer]
    paths = [tmp_path / "solo.txt", tmp_path / "classic.txt", tmp_path / "killer.txt"]
    for path, part in zip(paths, (lines[:2], lines[2:3], lines[3:])):
        path.write_text("\n".join(part) + "\n")
    paths = [str(p) for p in paths]
    proc = _run("rate", *paths)
    out = proc.stdout.splitlines()
    assert proc.returncode == 0 and len(out) == 4, proc.stderr
    assert re.fullmatch(re.escape(lines[0]) + r" sudokit-scale=easy/1\.\d\d", out[0])
    assert re.fullmatch(re.escape(lines[1]) + r" sudokit-scale=medium/2\.\d\d", out[1])
    assert out[2] == EASY + " ED=1.2/1.2/1.2"       # serate's line, as before
    assert re.fullmatch(r".* sudokit-scale=easy/1\.\d\d", out[3])

    proc = _run("rate", "--to", "json", *paths)
    objs = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [o.get("scale") for o in objs] == ["sudokit", "sudokit", None, "sudokit"]
    assert [o["level"] for o in objs] == ["easy", "medium", "easy", "easy"]
    assert objs[2]["er"] == 1.2 and objs[0]["er"] is None and objs[0]["number"] >= 1.0

    proc = _run("rate", "--format", "%c|%l|%s|%t", *paths)
    fields = [x.split("|") for x in proc.stdout.splitlines()]
    assert fields[1][0].startswith("sudokit-scale=medium/") and fields[1][1:3] == \
        ["medium", fields[1][0].split("/")[1]] and fields[1][3] == "rated"
    assert fields[2] == ["ED=1.2/1.2/1.2", "easy", "216", "rated"]


def test_cli_rate_reads_rules(tmp_path):
    """--rules x makes lines X puzzles: the X line of a Solo id, rated on the scale."""
    x = formats.parse_solo(SOLO["medium"][0])
    path = tmp_path / "x.txt"
    path.write_text(formats.format_line(x) + "\n")
    proc = _run("rate", "--rules", "x", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[1].startswith("sudokit-scale=medium/")


def test_cli_rate_time_limit_on_a_variant(tmp_path):
    path = tmp_path / "nc.txt"
    path.write_text(NONCONSECUTIVE + "\n")
    proc = _run("rate", "--time-limit", "0.3", str(path))
    assert proc.stdout.rstrip().endswith(" sudokit-scale=limit"), proc.stdout


# --- the docs -------------------------------------------------------------------------------

def test_docs_hold_the_tiers_of_the_code():
    text = (ROOT / "docs" / "difficulty.md").read_text()
    table = text.split("<!-- tiers:begin -->\n")[1].split("\n<!-- tiers:end -->")[0]
    assert table == scale.markdown(), (
        "docs/difficulty.md's tier table is out of date: paste the output of "
        "python3 -c 'from sudokit.rate.scale import markdown; print(markdown())'")


def test_module_examples():
    result = doctest.testmod(scale)
    assert result.attempted > 0 and result.failed == 0
