"""The sudokit scale: a difficulty for every geometry and size, from sudokit's own ladder.

    >>> from sudokit.rate.scale import rate_scale
    >>> line = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8..............."
    >>> r = rate_scale(line + "62..3...8.7.")
    >>> r.scale, r.status, r.level
    ('sudokit', 'rated', 'easy')

Sudoku Explainer's ER/EP/ED and HoDoKu's levels are defined for classic 9x9 grids only.
This scale is sudokit's own (never SE's or HoDoKu's): it reads the logical path of
``sudokit.logic.steps`` (techniques tried easiest first, every geometry) and asks two
things: which technique was the hardest one needed, and how often the hardest tier was
needed.  docs/difficulty.md explains the choices.

Tiers.  A technique's tier comes from its ``rank`` in the ladder alone (TIERS), so a
technique added to the ladder falls into a tier by its rank:

    easy      rank   0 - 34    singles (and the first, plain sum steps the ladder puts there)
    medium    rank  35 - 99    locked candidates, naked pair, X-Wing, hidden pair, naked triple
    hard      rank 100 - 189   swordfish to BUG+1: triples, wings, uniqueness, quads
    expert    rank 190 - 399   single-digit patterns, finned fish, colouring, chains, ALS
    extreme   rank 400 and up  forcing chains (Nishio, cell / unit, dynamic, nested)

The label is the tier of the hardest step of the path.  The number orders the puzzles of
one label: ``tier + 0.6 * p + 0.4 * w / (w + 30)``, cut (not rounded) to two decimals, where
tier is 1 (easy) to 5 (extreme), p (0 to 1) is where the hardest rank lies in its tier's
range, and w is the work of the whole path: the sum of its steps' ranks over 100 (a hidden
single 0.2, a cage combination 0.32, an X-Wing 0.7, a forcing chain 4 and more); so the
number always lies in [tier, tier + 1), and a harder hardest technique, or more or harder
steps anywhere in the path, give a larger number.

Statuses: 'rated' (logic alone solved it: a label and a number), 'stuck' (one solution, but
logic alone stops: harder than every rated puzzle; no label), 'limit' (time_limit passed;
``at_least`` is a number the puzzle's own is at least: the path so far, plus one step of the
technique the ladder had reached without finding a step; see ScaleRating.at_least),
'ambiguous', 'impossible', 'illegal', 'solved' (no empty cell).
"""

from __future__ import annotations

from .._value import Value

__all__ = ["SCALE", "LABELS", "TIERS", "STATUSES", "ScaleRating", "rate_scale", "rating_of",
           "tier_of", "label_of", "number_of", "markdown"]

SCALE = "sudokit"
LABELS = ("easy", "medium", "hard", "expert", "extreme")
# (label, lowest rank, first rank of the next tier); the last tier is open above
TIERS = (("easy", 0, 35), ("medium", 35, 100), ("hard", 100, 190), ("expert", 190, 400),
         ("extreme", 400, 500))
STATUSES = ("rated", "stuck", "limit", "ambiguous", "impossible", "illegal", "solved")
_WORK_HALF = 30  # a path of work w adds 0.4 * w / (w + 30): half of 0.4 at w = 30 (a killer's
                 # path of ~80 cage combinations and ~70 singles has w = 40 or so)


def tier_of(rank: float) -> int:
    """The tier (1 = easy .. 5 = extreme) of a technique's ladder rank."""
    for i, (_, lo, hi) in enumerate(TIERS, 1):
        if rank < hi:
            return max(i, 1)
    return len(TIERS)


def label_of(rank: float) -> str:
    """The label of a technique's ladder rank ('easy' .. 'extreme')."""
    return LABELS[tier_of(rank) - 1]


def number_of(ranks) -> "float | None":
    """The scale's number of a path whose steps have these ladder ranks (None: no step)."""
    ranks = list(ranks)
    if not ranks:
        return None
    top = max(ranks)
    tier = tier_of(top)
    _, lo, hi = TIERS[tier - 1]
    p = min(max((top - lo) / (hi - lo), 0.0), 1.0)
    work = sum(ranks) / 100
    value = tier + 0.6 * p + 0.4 * work / (work + _WORK_HALF)
    cut = int(value * 100) / 100
    return min(cut, tier + 0.99)


class ScaleRating(Value):
    """A puzzle's difficulty on the sudokit scale.

    status      one of STATUSES
    level       'easy', 'medium', 'hard', 'expert' or 'extreme' (None unless rated)
    number      tier + fraction, in [1.0, 6.0) (None unless rated)
    hardest     the id of the hardest technique used ('' if none)
    rank        its ladder rank (0 if none)
    steps       the steps of the path (found before a stop, for 'stuck' and 'limit')
    hard_steps  the steps in the hardest technique's tier
    scale       always 'sudokit' (outputs name the scale from here)
    at_least    'limit' only (else None): a number the puzzle's own number is at least,
                that of the steps found plus one step of the technique the ladder had
                reached on the last state without finding a step (Path.reached; the
                number only grows with more or harder steps); None when nothing is known
    """

    __slots__ = __match_args__ = ("status", "level", "number", "hardest", "rank", "steps",
                                  "hard_steps", "scale", "at_least")

    def __init__(self, status, level=None, number=None, hardest="", rank=0, steps=0,
                 hard_steps=0, scale=SCALE, at_least=None):
        if status not in STATUSES:
            raise ValueError(f"status is one of {STATUSES}, not {status!r}")
        if level is not None and level not in LABELS:
            raise ValueError(f"level is one of {LABELS}, not {level!r}")
        _set = object.__setattr__
        for name, value in (("status", status), ("level", level), ("number", number),
                            ("hardest", hardest), ("rank", rank), ("steps", steps),
                            ("hard_steps", hard_steps), ("scale", scale),
                            ("at_least", at_least)):
            _set(self, name, value)

    # (what sudokit.rate.Rating has, so a record of either kind is written alike)
    er = ep = ed = score = None

    @property
    def key(self) -> float:
        """A sort key from easiest to hardest: the number; a stuck puzzle 6.0 (harder than
        every rated one); a 'limit' one its at_least (what is known of its number), or -1.0
        when nothing is; other statuses (no difficulty) -1.0."""
        if self.status == "rated":
            return self.number
        if self.status == "limit" and self.at_least is not None:
            return self.at_least
        return 6.0 if self.status == "stuck" else -1.0

    def text(self) -> str:
        """'sudokit-scale=hard/3.42' (rated), else 'sudokit-scale=' and the status."""
        if self.status == "rated":
            return f"{SCALE}-scale={self.level}/{self.number:.2f}"
        return f"{SCALE}-scale={self.status}"

    def format(self, spec: str = "%g %c", puzzle: str = "") -> str:
        """sudokit.rate.Rating.format's fields: %g puzzle, %c the scale and level
        ('sudokit-scale=hard/3.42'), %l level, %s number, %t status, %h hardest
        technique, %n steps, %% a percent sign; %r %p %d (SE's) are '-'."""
        from . import _expand
        return _expand(spec, lambda code: self._field(code, puzzle))

    def _field(self, code: str, puzzle: str) -> str:
        if code == "g":
            return puzzle
        if code in "rpd":
            return "-"
        if code == "c":
            return self.text()
        if code == "l":
            return self.level or "-"
        if code == "s":
            return "-" if self.number is None else f"{self.number:.2f}"
        if code == "t":
            return self.status
        if code == "h":
            return self.hardest or "-"
        if code == "n":
            return str(self.steps)
        if code == "%":
            return "%"
        raise ValueError(f"unknown format field %{code}")

    def to_json(self) -> dict:
        """The rating as a JSON-ready dict (every field; 'scale' names it)."""
        return {name: getattr(self, name) for name in self.__slots__}


_PATH_STATUS = {"solved": "rated", "stuck": "stuck", "time-limit": "limit", "limit": "limit",
                "ambiguous": "ambiguous", "impossible": "impossible", "illegal": "illegal",
                "inconsistent": "illegal"}


def rating_of(path) -> ScaleRating:
    """The sudokit scale's rating of a logic Path (sudokit.logic.steps)."""
    from ..logic.ladder import technique
    status = _PATH_STATUS[path.status]
    ranks = [technique(s.technique).rank for s in path.steps]
    hardest, rank = "", 0
    for s, r in zip(path.steps, ranks):
        if r > rank:
            hardest, rank = s.technique, r
    if not ranks:
        top_n = 0
    else:
        top = tier_of(rank)
        top_n = sum(1 for r in ranks if tier_of(r) == top)
    if status != "rated":
        at_least = None
        if status == "limit":
            at_least = number_of(ranks + ([path.reached] if path.reached is not None else []))
        return ScaleRating(status, None, None, hardest, rank, len(ranks), top_n,
                           at_least=at_least)
    if not ranks:  # nothing to do: no empty cell
        return ScaleRating("solved")
    return ScaleRating("rated", label_of(rank), number_of(ranks), hardest, rank, len(ranks),
                       top_n)


def rate_scale(puzzle, *, time_limit: "float | None" = None) -> ScaleRating:
    """Rate a puzzle of any geometry and size (a line, a Grid, a State) on the sudokit scale.

    time_limit: seconds for the logical path (status 'limit' when they pass; None: no
    limit).  Every outcome is a ScaleRating with a status (see the module doc)."""
    from ..grid import Grid
    from ..logic import State, steps
    if isinstance(puzzle, str):
        puzzle = Grid(puzzle)
    grid = puzzle if isinstance(puzzle, Grid) else None
    if grid is not None:
        if not grid.is_legal():
            return ScaleRating("illegal")
        if all(grid.values):
            return ScaleRating("solved")
    return rating_of(steps(puzzle if grid is None else State.of(grid), time_limit=time_limit))


def markdown() -> str:
    """The tiers and the techniques of today's ladder in each, as docs/difficulty.md holds
    them (tests/rate/test_scale.py checks the file against this)."""
    from ..logic.ladder import ladder
    rows = ["| tier | label | ranks | techniques |", "|---:|---|---|---|"]
    for i, (label, lo, hi) in enumerate(TIERS, 1):
        names = ", ".join(t.name for t in ladder() if tier_of(t.rank) == i)
        ranks = f"{lo} and up" if i == len(TIERS) else f"{lo}-{hi - 1}"
        rows.append(f"| {i} | {label} | {ranks} | {names} |")
    return "\n".join(rows)
