"""The technique ladder: every technique once, easiest first, with its difficulty.

Each family module in sudokit.logic.techniques declares ``TECHNIQUES``, a tuple of
``Technique`` values; this module gathers them and orders them by ``rank``.  A hint is the
first step of the first technique (in rank order) that finds one.

The order follows Sudoku Explainer's ladder (its technique ratings, lowest first) where SE
defines the technique; techniques SE does not have (HoDoKu's single-digit patterns, finned
fish, W-Wing, colouring, ALS, Sue de Coq) sit where SE finds the same deductions (as turbot
fish, X-cycles and chains: 6.5 and up), in HoDoKu's order among themselves.

    rank  id                     SE       HoDoKu         rank  id                    SE       HoDoKu
    10    full-house             1.0      easy 4         190   aligned-pair-exclusion 6.2
    20    hidden-single          1.2/1.5  easy 14        200   skyscraper            6.6      hard 130
    30    naked-single           2.3      easy 4         ...   (patterns, finned fish, wings,
    40    pointing               2.6      medium 50            colouring, chains, ALS, forcing:
    50    claiming               2.8      medium 50            see docs/logic.md)
    60    naked-pair             3.0      medium 60
    70    x-wing                 3.2      hard 140
    80    hidden-pair            3.4      medium 70
    90    naked-triple           3.6      medium 80
    100   swordfish              3.8      hard 150
    110   hidden-triple          4.0      medium 100
    120   xy-wing                4.2      hard 160
    130   xyz-wing               4.4      hard 180
    140   unique-rectangle       4.5-4.8  hard 100
    150   naked-quad             5.0      hard 120
    160   jellyfish              5.2      hard 160
    170   hidden-quad            5.4      hard 150
    180   bug-plus-1             5.6      hard 100

SE ratings: Sudoku Explainer 1.2.1's per-technique values (the rating issue reproduces
them exactly, chain-length penalties included).  HoDoKu: the level and base score of each
technique in HoDoKu 2.2's default configuration.
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterator

__all__ = ["Technique", "ladder", "technique", "FAMILIES", "LEVELS"]

# the family modules, in sudokit.logic.techniques (each declares TECHNIQUES)
FAMILIES = ("singles", "intersections", "subsets", "chains", "forcing")
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")


class Technique:
    """One rung of the ladder.

    id        stable id ('x-wing'); name: display name ('X-Wing')
    family    the module it lives in ('fish'); find(state) yields its steps, in a fixed order
    rank      its place in the ladder (lower: tried first)
    se        Sudoku Explainer's base rating (a step may rate higher: chain length, unit kind)
    level, score   HoDoKu's level and score per use
    needs_unique   True for the uniqueness techniques: valid only on a puzzle with one
              solution (a hint says so in its text)
    """

    __slots__ = ("id", "name", "family", "rank", "se", "level", "score", "find", "needs_unique")

    def __init__(self, id: str, name: str, find: Callable[..., Iterator], *, rank: float,
                 se: float, level: str, score: int, needs_unique: bool = False):
        if level not in LEVELS:
            raise ValueError(f"level is one of {LEVELS}, not {level!r}")
        self.id, self.name, self.find = id, name, find
        self.family = find.__module__.rsplit(".", 1)[-1]
        self.rank, self.se, self.level, self.score = rank, se, level, score
        self.needs_unique = needs_unique

    def __repr__(self) -> str:
        return f"<Technique {self.id} rank={self.rank} se={self.se} {self.level}/{self.score}>"


_LADDER: "tuple[Technique, ...] | None" = None
_BY_ID: dict = {}


def ladder() -> "tuple[Technique, ...]":
    """Every technique, in the order hints try them."""
    global _LADDER
    if _LADDER is None:
        found = []
        for family in FAMILIES:
            module = importlib.import_module(f"sudokit.logic.techniques.{family}")
            found.extend(module.TECHNIQUES)
        found.sort(key=lambda t: t.rank)
        ids = [t.id for t in found]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise RuntimeError(f"technique ids declared twice: {sorted(dup)}")
        _BY_ID.update((t.id, t) for t in found)
        _LADDER = tuple(found)
    return _LADDER


def technique(id: str) -> Technique:
    """The technique of an id (ValueError naming the known ids for an unknown one)."""
    ladder()
    try:
        return _BY_ID[id]
    except KeyError:
        raise ValueError(f"unknown technique {id!r}: choose from "
                         f"{', '.join(t.id for t in ladder())}") from None
