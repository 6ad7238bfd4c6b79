"""Helpers shared by the technique-family tests (uniqueness, ALS, misc): the exemplar
library, the prefix that brings an exemplar to its labelled point, samples of shared puzzles
and the soundness check of a path.  Not a test module (no test_ prefix)."""

from __future__ import annotations

import random
import re

import sudokit
from sudokit import logic
from sudokit.logic import State

from conftest import shared_file

# HoDoKu's "ssts" (the SimpleSudoku technique set) beyond singles, locked candidates and
# subsets, as far as our ladder has it.  Not colouring: with the fish branch's simple colours
# one #0602 exemplar is solved before the unique rectangle its label names (measured).
SSTS = {"x-wing", "swordfish", "jellyfish", "xy-wing", "xyz-wing"}
SINGLES = ("singles",)
SIMPLE = ("singles", "intersections", "subsets")


def exemplars(code: str):
    """[(puzzle, prefix word, the whole path text)] of one section of HoDoKu's exemplar
    library (../shared/data/judge-cases/collections/exemplars-1.0.txt), in file order."""
    path = shared_file("judge-cases", "collections", "exemplars-1.0.txt")
    out, current = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#(\d{4}):", line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r"([0-9.]{81})\s*#\s*(\S+)(.*)", line)
        if m and current == code:
            out.append((m.group(1), m.group(2), (m.group(2) + m.group(3)).strip()))
    return out


def prefix_ids(prefix: str, target: str) -> list:
    """The technique ids applied before an exemplar's labelled technique.

    's': singles.  'ssts': singles, locked candidates, subsets and the rest of HoDoKu's
    simple set our ladder has (SSTS).  'x' (anything else): every technique ranked below
    the target except those of its own family (HoDoKu's path reached the labelled step
    with its own order; a sibling of ours ranked lower would take the pattern first)."""
    tech = logic.technique(target)
    if prefix == "s":
        return [t.id for t in logic.ladder() if t.family in SINGLES]
    if prefix == "ssts":
        return [t.id for t in logic.ladder() if t.family in SIMPLE or t.id in SSTS]
    return [t.id for t in logic.ladder() if t.rank < tech.rank and t.family != tech.family]


def run(state: State, ids) -> State:
    """The state after applying the techniques ids (easiest first) until none applies."""
    while not state.is_solved():
        step = logic.hint(state, techniques=ids, check=False)
        if step is None:
            break
        state = state.apply(step)
    return state


def hit_rate(code: str, target: str):
    """(hits, puzzles) of a section: after the prefix, does target find a step?"""
    items = exemplars(code)
    hits = 0
    for puzzle, prefix, _ in items:
        state = run(State.of(puzzle), prefix_ids(prefix, target))
        hits += logic.hint(state, techniques=[target], check=False) is not None
    return hits, len(items)


def sample(name: str, k: int, seed: int = 29) -> list:
    """k puzzles of a shared file (random but fixed)."""
    path = shared_file(name)
    lines = [line.split()[0] for line in path.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    return random.Random(seed).sample(lines, min(k, len(lines)))


def check_path(puzzle, solution=None, **options):
    """The path of a puzzle, after checking every step against the solution: placements
    are the solution's values, no elimination removes one, every step changes something.
    Returns (path, [(state before, step)])."""
    path = logic.steps(puzzle, **options)
    sol = (solution if solution is not None else sudokit.solve(path.start.puzzle())).values
    state, pairs = path.start, []
    for step in path.steps:
        assert step.placements or step.eliminations, step
        for c, v in step.placements:
            assert sol[c] == v, f"{step}: placed {v} at {c}, the solution has {sol[c]}"
        for c, v in step.eliminations:
            assert sol[c] != v, f"{step}: removed {v} from {c}, the solution needs it"
        pairs.append((state, step))
        state = state.apply(step)
    return path, pairs
