"""HoDoKu 2.2.0's level and score, from a path of sudokit.logic steps in HoDoKu's order.

docs/se-rating.md section 10.  HoDoKu tries its steps in the order of their index (full
house 100, naked single 200, hidden single 300, locked pair 1000, ...), applies the first
step found, adds that step's score, and raises the level to the step's level; at the end the
level rises while the score exceeds the level's maximum (Easy 800, Medium 1000, Hard 1600,
Unfair 1800).

The finders are sudokit.logic's techniques: they find HoDoKu's patterns, but not always the
same instance first (each finder has its own scan order), so paths can differ from
HoDoKu's; the level and score agree when the differences do not change which techniques are
needed.  Locked pairs / triples (HoDoKu 1000 / 1100) are naked pairs / triples whose cells
share a box and a line.  A puzzle logic cannot finish gets HoDoKu's brute force: a value of
the solution placed for 10000 points.
"""

from __future__ import annotations

__all__ = ["hodoku_rating", "HODOKU_ORDER"]

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}

# (HoDoKu index, sudokit.logic technique id, level, score), in HoDoKu's solving order
HODOKU_ORDER = (
    (100, "full-house", "easy", 4),
    (200, "naked-single", "easy", 4),
    (300, "hidden-single", "easy", 14),
    (1000, "locked-pair", "medium", 40),
    (1100, "locked-triple", "medium", 60),
    (1200, "pointing", "medium", 50),
    (1210, "claiming", "medium", 50),
    (1300, "naked-pair", "medium", 60),
    (1400, "naked-triple", "medium", 80),
    (1500, "hidden-pair", "medium", 70),
    (1600, "hidden-triple", "medium", 100),
    (2000, "naked-quad", "hard", 120),
    (2100, "hidden-quad", "hard", 150),
    (2200, "x-wing", "hard", 140),
    (2300, "swordfish", "hard", 150),
    (2400, "jellyfish", "hard", 160),
    (2800, "remote-pair", "hard", 110),
    (2900, "bug-plus-1", "hard", 100),
    (3000, "skyscraper", "hard", 130),
    (3100, "two-string-kite", "hard", 150),
    (3120, "turbot-fish", "hard", 120),
    (3170, "empty-rectangle", "hard", 120),
    (3200, "w-wing", "hard", 150),
    (3300, "xy-wing", "hard", 160),
    (3400, "xyz-wing", "hard", 180),
    (3500, "unique-rectangle-1", "hard", 100),
    (3600, "unique-rectangle-2", "hard", 100),
    (3700, "unique-rectangle-3", "hard", 100),
    (3800, "unique-rectangle-4", "hard", 100),
    (4010, "hidden-rectangle", "hard", 100),
    (4100, "finned-x-wing", "hard", 130),
    (4200, "sashimi-x-wing", "hard", 150),
    (4300, "finned-swordfish", "unfair", 200),
    (4400, "sashimi-swordfish", "unfair", 240),
    (4500, "finned-jellyfish", "unfair", 250),
    (4600, "sashimi-jellyfish", "unfair", 260),
    (5300, "sue-de-coq", "unfair", 250),
    (5330, "simple-colors", "hard", 150),
    (5360, "multi-colors", "hard", 200),
    (5400, "x-chain", "unfair", 260),
    (5500, "xy-chain", "unfair", 260),
    (5600, "continuous-nice-loop", "unfair", 280),
    (5600, "discontinuous-nice-loop", "unfair", 280),
    (5600, "aic", "unfair", 280),
    (5700, "als-xz", "unfair", 300),
    (5800, "als-xy-wing", "unfair", 320),
    (8500, "cell-forcing-chain", "extreme", 500),
    (8500, "unit-forcing-chain", "extreme", 500),
    (8500, "nishio", "extreme", 500),
    (8600, "dynamic-forcing-chain", "extreme", 700),
    (8600, "dynamic-forcing-chain-plus", "extreme", 700),
    (8600, "nested-forcing-chain", "extreme", 700),
)


def _is_locked(state, step, size: int) -> bool:
    """A naked subset of size cells lying in one box and one line (HoDoKu's locked set)."""
    cells = step.evidence.get("cells", ())
    if len(cells) != size:
        return False
    t = state.tables
    kinds = {t.kind[u] for u in range(len(t.unit_bits))
             if all(t.unit_bits[u] >> c & 1 for c in cells)}
    return "box" in kinds and bool({"row", "col"} & kinds)


def _locked(find, size: int, locked: bool):
    """The steps of find that are (locked=True) or are not (False) locked sets."""
    def find_some(state):
        for step in find(state):
            if _is_locked(state, step, size) == locked:
                yield step
    return find_some


def _finders():
    from ..logic import technique
    out = []
    for index, tid, level, score in HODOKU_ORDER:
        if tid == "locked-pair":
            find = _locked(technique("naked-pair").find, 2, True)
        elif tid == "locked-triple":
            find = _locked(technique("naked-triple").find, 3, True)
        elif tid in ("naked-pair", "naked-triple"):
            find = _locked(technique(tid).find, 2 if tid == "naked-pair" else 3, False)
        else:
            try:
                find = technique(tid).find
            except (KeyError, ValueError):
                continue
        out.append((find, level, score))
    return out


_FINDERS = None


def hodoku_rating(line: str):
    """(level, score) HoDoKu 2.2.0 would give the unique puzzle line (81 characters)."""
    global _FINDERS
    from ..logic import State
    if _FINDERS is None:
        _FINDERS = _finders()
    state = State.of(line)
    level, score = 0, 0
    solution = None
    while not state.is_solved():
        for find, lvl, pts in _FINDERS:
            step = next(iter(find(state)), None)
            if step is not None:
                state = state.apply(step)
                score += pts
                level = max(level, LEVELS.index(lvl))
                break
        else:  # brute force: one value of the solution
            if solution is None:
                from ..solver import solve
                solution = solve(line).values
            cell = next(c for c in range(81) if not state.values[c])
            state = state.place(cell, solution[cell])
            score += 10000
            level = LEVELS.index("extreme")
    name = LEVELS[level]
    while name in MAX_SCORE and score > MAX_SCORE[name]:
        name = LEVELS[LEVELS.index(name) + 1]
    return name, score
