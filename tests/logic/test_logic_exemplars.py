"""Technique coverage against HoDoKu's exemplar library (issue #15).

../shared/data/judge-cases/collections/exemplars-1.0.txt holds 669 puzzles under section
headers such as "#0100: Locked Candidate Type 1", each line "<puzzle> # s lc1(6) s": apply
singles ('s') or HoDoKu's simple technique set ('ssts'; 'x' = other techniques) first, then
the labelled technique applies.  For each section whose technique we implement, a hit is:

    after the prefix (singles for 's'; HoDoKu's simple set for 'ssts'; for 'x' every
    technique ranked below the section's but of another family: tests/_logic_families) until
    none applies, the section's technique finds a step, or one of the techniques listed with
    it (a locked pair that our ladder reports as pointing, claiming or a naked pair).

The per-section rate is printed (pytest -s) and must not fall below the floor measured
when the family was written.
"""

from __future__ import annotations

import re

import pytest

from sudokit import logic
from sudokit.logic import State

from _logic_families import prefix_ids, run
from conftest import shared_file

# section code -> (technique ids that count as a hit, floor: hits / puzzles measured)
SECTIONS = {
    "0000": (("full-house",), 1.0),
    "0002": (("hidden-single",), 1.0),
    "0003": (("naked-single",), 1.0),
    "0100": (("pointing",), 1.0),
    "0101": (("claiming",), 1.0),
    "0110": (("pointing", "claiming", "naked-pair"), 1.0),
    "0111": (("pointing", "claiming", "naked-triple"), 1.0),
    "0200": (("naked-pair",), 1.0),
    "0201": (("naked-triple",), 1.0),
    "0202": (("naked-quad",), 1.0),
    "0210": (("hidden-pair",), 1.0),
    "0211": (("hidden-triple",), 1.0),
    "0212": (("hidden-quad",), 1.0),
}
# the singles' sections of HoDoKu's file hold no exemplar: no hit rate to take there
NO_EXEMPLAR = {"0000", "0002", "0003"}


def exemplars():
    """[(section code, section name, puzzle, prefix word)] of the file, in order."""
    path = shared_file("judge-cases", "collections", "exemplars-1.0.txt")
    out, code, name = [], None, ""
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#(\d{4}):\s*(.*)", line)
        if m:
            code, name = m.group(1), m.group(2).strip()
            continue
        m = re.match(r"([0-9.]{81})\s*#\s*(\S+)", line)
        if m and code is not None:
            out.append((code, name, m.group(1), m.group(2)))
    return out


def hit(puzzle: str, prefix: str, ids) -> bool:
    """After the prefix (tests/_logic_families.prefix_ids, and only techniques ranked below
    the section's), does one of ids find a step?"""
    known = [i for i in ids if i in {t.id for t in logic.ladder()}]
    target = min(known, key=lambda i: logic.technique(i).rank)
    rank = logic.technique(target).rank
    simple = ("singles", "intersections", "subsets")
    before = [i for i in prefix_ids(prefix, target) if logic.technique(i).rank < rank
              and logic.technique(i).family in simple]  # (HoDoKu tries subsets before fish)
    state = run(State.of(puzzle), before)
    return bool(logic.hint(state, techniques=known, check=False))


def test_the_exemplar_file_is_what_we_expect():
    items = exemplars()
    assert len(items) == 669
    assert {code for code, *_ in items} >= set(SECTIONS) - NO_EXEMPLAR
    assert not {code for code, *_ in items} & NO_EXEMPLAR


@pytest.mark.parametrize("code", sorted(set(SECTIONS) - NO_EXEMPLAR))
def test_section_hit_rate(code, capsys):
    ids, floor = SECTIONS[code]
    items = [x for x in exemplars() if x[0] == code]
    assert items, f"no exemplar in section {code}"
    hits = sum(hit(puzzle, prefix, ids) for _, _, puzzle, prefix in items)
    rate = hits / len(items)
    with capsys.disabled():
        print(f"\n#{code} {items[0][1]}: {hits}/{len(items)} = {rate:.0%} (floor {floor:.0%})")
    assert rate >= floor
