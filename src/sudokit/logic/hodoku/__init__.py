"""HoDoKu 2.2.0's level and score, from HoDoKu's own step path (docs/se-rating.md section 10).

HoDoKu tries its steps in the order of their index (full house 100, naked single 200,
hidden single 300, locked pair 1000, ...), applies the first step found, adds that step's
score, and raises the level to the step's level; at the end the level rises while the
score exceeds the level's maximum (Easy 800, Medium 1000, Hard 1600, Unfair 1800).

The score depends on the whole path, so each step must be the instance HoDoKu takes.  One
``HodokuBoard`` (board.py: the candidates with HoDoKu's free counts and singles queues)
carries the path, and every finder reads it:

    board.py     the board, the singles (100-300) in HoDoKu's queue orders
    simple.py    locked candidates and subsets (1000-2100)
    wings.py     W-wing, XY-wing, XYZ-wing
    sdp.py       skyscraper, 2-string kite, empty rectangle
    chains.py    remote pair, turbot fish, X-chain, XY-chain
    unique.py    BUG+1, uniqueness 1-6, hidden and avoidable rectangles
    sdc.py       Sue de Coq
    colors.py    simple colors, multi colors
    als.py       ALS-XZ, ALS-XY-wing, ALS chain
    tabling.py   nice loops / AIC and forcing chains
    nets.py      forcing nets

The fish (2200-2400, 4100-4600) are sudokit's own (logic/techniques/fish.py), whose order
gives HoDoKu's levels and scores on the rating sets: they read a ``logic.State`` made from
the board when the path reaches them.  A puzzle logic cannot finish gets HoDoKu's brute
force: a value of the solution placed for 10000 points.
"""

from __future__ import annotations

from .board import HodokuBoard, distinct

__all__ = ["hodoku_rating", "hodoku_path", "HODOKU_ORDER", "LEVELS", "MAX_SCORE"]

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}

# (HoDoKu index, technique id, level, score), in HoDoKu's solving order; the fish (2200-2400,
# 4100-4600) are sudokit.logic's techniques, the others HoDoKu's own finders (_steps)
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
    (2800, "hd:remote-pair", "hard", 110),
    (2900, "hd:bug-plus-1", "hard", 100),
    (3000, "hd:skyscraper", "hard", 130),
    (3100, "hd:two-string-kite", "hard", 150),
    (3120, "hd:turbot-fish", "hard", 120),
    (3170, "hd:empty-rectangle", "hard", 120),
    (3200, "hd:w-wing", "hard", 150),
    (3300, "hd:xy-wing", "hard", 160),
    (3400, "hd:xyz-wing", "hard", 180),
    (3500, "hd:u1", "hard", 100),
    (3600, "hd:u2", "hard", 100),
    (3700, "hd:u3", "hard", 100),
    (3800, "hd:u4", "hard", 100),
    (3900, "hd:u5", "hard", 100),
    (4000, "hd:u6", "hard", 100),
    (4010, "hd:hr", "hard", 100),
    (4020, "hd:ar1", "hard", 100),
    (4030, "hd:ar2", "hard", 100),
    (4100, "finned-x-wing", "hard", 130),
    (4200, "sashimi-x-wing", "hard", 150),
    (4300, "finned-swordfish", "unfair", 200),
    (4400, "sashimi-swordfish", "unfair", 240),
    (4500, "finned-jellyfish", "unfair", 250),
    (4600, "sashimi-jellyfish", "unfair", 260),
    (5300, "hd:sue-de-coq", "unfair", 250),
    (5330, "hd:simple-colors", "hard", 150),
    (5360, "hd:multi-colors", "hard", 200),
    (5400, "hd:x-chain", "unfair", 260),
    (5500, "hd:xy-chain", "unfair", 260),
    (5600, "hd:nice-loop", "unfair", 280),
    (5650, "hd:grouped-nice-loop", "unfair", 300),
    (5700, "hd:als-xz", "unfair", 300),
    (5800, "hd:als-xy-wing", "unfair", 320),
    (5900, "hd:als-chain", "unfair", 340),
    (8500, "hd:forcing-chain", "extreme", 500),
    (8600, "hd:forcing-net", "extreme", 700),
)


def _dels(find, unique=False):
    """A finder returning deletions (or None) as one returning (placements, deletions)."""
    def run(b):
        dels = find(b)
        if not dels:
            return None
        return [], distinct(dels) if unique else dels
    return run


def _chain(find):
    """A chain finder returning a step (kind, deletions, ...) as (placements, deletions)."""
    def run(b):
        step = find(b)
        return None if step is None else ([], list(step[1]))
    return run


def _own():
    """HoDoKu's own finders by id: find(board) -> (placements, deletions) or None."""
    from . import als, chains, colors, nets, sdc, sdp, tabling, unique, wings
    own = {
        "hd:forcing-net": nets.forcing_net_step,
        "hd:sue-de-coq": _dels(sdc.sue_de_coq, True),
        "hd:simple-colors": _dels(colors.simple_colors, True),
        "hd:multi-colors": _dels(colors.multi_colors, True),
        "hd:skyscraper": _dels(sdp.skyscraper),
        "hd:two-string-kite": _dels(sdp.two_string_kite),
        "hd:empty-rectangle": _dels(sdp.empty_rectangle),
        "hd:ar1": _dels(lambda b: unique.avoidable_rectangle(b, "ar1")),
        "hd:ar2": _dels(lambda b: unique.avoidable_rectangle(b, "ar2")),
        "hd:w-wing": _dels(wings.w_wing),
        "hd:xy-wing": _dels(lambda b: wings.xy_wing(b, False)),
        "hd:xyz-wing": _dels(lambda b: wings.xy_wing(b, True)),
        "hd:als-xz": _dels(als.als_xz),
        "hd:als-xy-wing": _dels(als.als_xy_wing),
        "hd:als-chain": _dels(als.als_chain),
        "hd:forcing-chain": tabling.forcing_chain_step,
        "hd:bug-plus-1": _dels(unique.bug_plus_1),
        "hd:remote-pair": _chain(lambda b: chains.chain_step(b, "remote-pair")),
        "hd:turbot-fish": _chain(lambda b: chains.chain_step(b, "turbot")),
        "hd:x-chain": _chain(lambda b: chains.chain_step(b, "x-chain")),
        "hd:xy-chain": _chain(lambda b: chains.chain_step(b, "xy-chain")),
        "hd:nice-loop": _chain(lambda b: tabling.nice_loop_step(b, False)),
        "hd:grouped-nice-loop": _chain(lambda b: tabling.nice_loop_step(b, True)),
    }
    for kind in unique.UR_TYPES:
        own["hd:" + kind] = _dels(lambda b, kind=kind: unique.uniqueness(b, kind), True)
    return own


def _steps():
    """[(index, level, score, find, own)] of HoDoKu's steps from index 1000 on: own finders
    take the board, the fish (sudokit.logic's) a logic State."""
    from ..ladder import technique
    from . import simple
    own = _own()
    own.update({
        "locked-pair": _dels(lambda b: simple.naked(b, 2, True)),
        "locked-triple": _dels(lambda b: simple.naked(b, 3, True)),
        "pointing": _dels(lambda b: simple.locked_candidates(b, 1)),
        "claiming": _dels(lambda b: simple.locked_candidates(b, 2)),
        "naked-pair": _dels(lambda b: simple.naked(b, 2, False)),
        "naked-triple": _dels(lambda b: simple.naked(b, 3, False)),
        "hidden-pair": _dels(lambda b: simple.hidden(b, 2)),
        "hidden-triple": _dels(lambda b: simple.hidden(b, 3)),
        "naked-quad": _dels(lambda b: simple.naked(b, 4, False)),
        "hidden-quad": _dels(lambda b: simple.hidden(b, 4)),
    })
    out = []
    for index, tid, level, score in HODOKU_ORDER:
        if index < 1000:
            continue
        if tid in own:
            out.append((index, level, score, own[tid], True))
        else:
            out.append((index, level, score, technique(tid).find, False))
    return tuple(out)


_STEPS = None
_SINGLES = ((100, "easy", 4), (200, "easy", 4), (300, "easy", 14))
_GEOMETRY = None


def _state(b):
    """The logic State of the board (the fish read it)."""
    global _GEOMETRY
    from ..state import State
    if _GEOMETRY is None:
        _GEOMETRY = State.of("." * 81).geometry
    givens = [v if b.givens >> c & 1 else 0 for c, v in enumerate(b.values)]
    return State(_GEOMETRY, b.values, b.cands, givens)


def hodoku_rating(line: str):
    """(level, score) HoDoKu 2.2.0 would give the unique puzzle line (81 characters)."""
    level, score = 0, 0
    for _index, lvl, pts, _places, _dels in hodoku_path(line):
        score += pts
        level = max(level, LEVELS.index(lvl))
    name = LEVELS[level]
    while name in MAX_SCORE and score > MAX_SCORE[name]:
        name = LEVELS[LEVELS.index(name) + 1]
    return name, score


def hodoku_path(line: str):
    """Yield HoDoKu's steps for the unique puzzle line, one tuple per applied step:
    (HoDoKu index, level, score, placements [(cell, value)], deletions [(cell, value)])."""
    global _STEPS
    if _STEPS is None:
        _STEPS = _steps()
    b = HodokuBoard(line)
    values = b.values
    solution = None
    while 0 in values:
        k, single = 0, b.full_house()
        if single is None:
            k, single = 1, b.naked_single()
            if single is None:
                k, single = 2, b.hidden_single()
        if single is not None:
            b.place(*single)
            yield _SINGLES[k] + ([single], [])
            continue
        state = None
        for index, lvl, pts, find, own in _STEPS:
            if own:
                found = find(b)
                if found is None:
                    continue
                places, dels = found
            else:
                if state is None:
                    state = _state(b)
                step = next(iter(find(state)), None)
                if step is None:
                    continue
                places, dels = list(step.placements), list(step.eliminations)
            for cell, v in dels:
                b.delete(cell, v)
            for cell, v in places:
                b.place(cell, v)
            yield index, lvl, pts, places, dels
            break
        else:  # brute force: one value of the solution
            if solution is None:
                from ...solver import solve
                solution = solve(line).values
            cell = values.index(0)
            b.place(cell, solution[cell])
            yield 8900, "extreme", 10000, [(cell, solution[cell])], []
