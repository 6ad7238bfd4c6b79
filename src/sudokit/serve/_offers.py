"""What the page's Generate menu offers: each variant the server makes, with the difficulty
levels it reaches within the generate budget, and the variants it does not make, with why.

/api/info answers ``{"generate": {"offers": [...], "not_offered": [...]}}`` and the page
builds its menu from it: a level not listed is not shown.  The levels were measured by
``benchmarks/bench_generate_menu.py`` (the generate route, seeds 1..3, the page's
symmetry, the server's default generate budget of 60 s): a level is offered when every seed
came at that level within 40 s, on the C kernels; the pure-Python ones (a slower server)
offer no level, and not the variants of PURE_DROPPED.  A level whose slowest seed took over
3 s is in SECONDS (the offer's "seconds"): the menu says "about N s" beside it, and the
page counts the seconds while it waits, with a Cancel button (/api/cancel).  The figures
are in benchmarks/README.md ("The Generate menu").

Rejected: measuring at start-up (seconds of CPU for every server, and a menu that changes
with the machine's load); the menu states what was measured, and the test
(tests/serve/test_serve_generate_menu.py) makes every offered pair again and rates it.
"""

from __future__ import annotations

__all__ = ["OFFERS", "NOT_OFFERED", "PURE_DROPPED", "SECONDS", "offers"]

_SUDOKIT = ("easy", "medium", "hard", "expert", "extreme")
_HODOKU = ("easy", "medium", "hard", "unfair", "extreme")

# (box, rule or "", label, levels on the C kernels) in menu order; a level left out was not
# made at it for every seed within 40 s (the seeds that were, of 3: in the comment)
OFFERS = (
    ("2x2", "", "classic", ("easy",)),
    ("2x3", "", "classic", ("easy", "medium", "hard", "expert")),  # extreme: 0/3 (all easy)
    ("2x3", "jigsaw", "jigsaw", _SUDOKIT),
    ("3x3", "", "classic", _HODOKU),
    ("3x3", "x", "X (diagonals)", _SUDOKIT),
    ("3x3", "windoku", "windoku", _SUDOKIT),
    ("3x3", "antiknight", "anti-knight", _SUDOKIT),
    ("3x3", "antiking", "anti-king", _SUDOKIT),
    ("3x3", "disjoint", "disjoint groups", _SUDOKIT),
    ("3x3", "nonconsecutive", "nonconsecutive", _SUDOKIT),  # (hard: by rate.level's dig)
    ("3x3", "negative-xv", "negative XV", _SUDOKIT),   # (hard: by rate.level's dig)
    ("3x3", "negative-ratio", "negative black dots", _SUDOKIT),
    ("3x3", "killer", "killer cages", _SUDOKIT),
    # regions, dots, markers, thermometers drawn at random for each puzzle (geometry._random;
    # drawn again when a drawing has no puzzle at the level: serve._api.DRAW_SECONDS)
    ("3x3", "jigsaw", "jigsaw", _SUDOKIT),
    ("3x3", "kropki", "kropki dots", _SUDOKIT),
    ("3x3", "xv", "XV", _SUDOKIT),
    ("3x3", "thermo", "thermometers", _SUDOKIT),
    # sums, arrows and lines drawn from a random solution (geometry._random)
    ("3x3", "sandwich", "sandwiches", _SUDOKIT),  # (hard: fewer totals drawn again, _api)
    ("3x3", "littlekiller", "little killers", _SUDOKIT),
    ("3x3", "arrow", "arrows", _SUDOKIT),
    ("3x3", "whisper", "whispers", _SUDOKIT),
    ("3x3", "renban", "renban lines", _SUDOKIT),
    ("3x3", "palindrome", "palindromes", _SUDOKIT),
    ("3x4", "", "classic", _SUDOKIT),   # (12x12 and 16x16: by the fill and the dig alone)
    ("4x4", "", "classic", ("easy", "medium", "hard", "expert")),  # extreme: 1/3
    ("5x5", "", "classic", ()),
)

# the levels whose slowest seed took over 3 s when measured (seconds, the slowest of the
# runs; C kernels, a shared 2-core machine under load 2-4): the menu says "about N s"
SECONDS = {
    ("3x3", "killer"): {"hard": 7.9, "expert": 3.4, "extreme": 6.1},
    ("3x3", "kropki"): {"hard": 22.2, "extreme": 4.8},
    ("3x3", "nonconsecutive"): {"hard": 9.0, "extreme": 23.8},
    ("3x3", "negative-xv"): {"hard": 3.5},
    ("3x3", "sandwich"): {"easy": 12.0, "medium": 10.7, "hard": 24.0, "expert": 15.6,
                          "extreme": 18.6},
    ("3x3", "littlekiller"): {"hard": 9.6, "extreme": 36.8},
    ("3x3", "xv"): {"medium": 16.2, "hard": 6.0},
    ("3x3", "thermo"): {"medium": 8.7},
    ("3x4", ""): {"extreme": 11.2},
    ("4x4", ""): {"hard": 4.1, "expert": 22.3},
}

# the pure-Python kernels (SUDOKIT_PUREPYTHON=1, a server 5 to 50 times slower): no level
# is offered (measured with seeds 1..3, most came in time, but the test's seeds 31 and 32
# missed classic unfair, X extreme and windoku medium), and these variants not at all
# (a puzzle at any level takes longer than the budget, or too near it)
PURE_DROPPED = {("3x3", "nonconsecutive"), ("3x3", "negative-xv"), ("3x3", "negative-ratio"),
                ("3x3", "killer"), ("3x3", "kropki"), ("3x3", "xv"), ("5x5", ""),
                ("3x3", "jigsaw"),   # (9x9 jigsaw: 0.05-1.3 s, but 7.1 s with seed 21)
                ("3x3", "sandwich"), ("3x3", "littlekiller")}  # (sandwich: 9-48 s; little
                # killer: 3-71 s; arrows, whispers, renban, palindromes: 0.07-3.8 s, seeds
                # 1..3, 21, 31, 32)

# rules drawn at random for each puzzle (regions, dots, markers, cages): no symmetry
_UNSYMMETRIC = ("killer", "jigsaw", "kropki", "xv", "thermo", "sandwich", "littlekiller",
                "arrow", "whisper", "renban", "palindrome")

# why a level is missing (shown under the menu)
_NOTES = {
    "": "Difficulty levels are made up to 16x16; bigger grids come at any level.",
    "pure": "Levels are offered on the C kernels only: this server runs the pure-Python ones, "
            "too slow to make a chosen level in time.",
}

# why a level is missing, where it is not the time
_MISSING_WHY = {("2x3", ""): "no 6x6 puzzle known needs forcing chains: of 5,400 random "
                             "minimal ones none rates above expert, and the walk to extreme "
                             "found none for any of the 3 seeds measured",
                ("4x4", ""): "a 16x16 at extreme came for 1 seed of 3 within 40 s"}

NOT_OFFERED = (
    {"variant": "even and odd cells",
     "why": "the generator places givens for rules given to it; it draws no even or odd "
            "cells of its own"},
)


def offers() -> dict:
    """The JSON of /api/info's "generate": the offers in menu order and what is not offered."""
    from ..engine._backend import backend
    pure = backend() == "python"
    out = []
    for box, rule, label, levels in OFFERS:
        if pure:
            if (box, rule) in PURE_DROPPED:
                continue
            levels = ()
        r, c = (int(x) for x in box.split("x"))
        size = r * c
        scale = ("hodoku" if size == 9 and not rule else "sudokit") if levels else None
        note = None
        if pure and size <= 9:
            note = _NOTES["pure"]
        elif not levels:
            note = _NOTES[""] if size > 9 else _NOTES.get(rule) or \
                "No difficulty level comes in time for this variant; it comes at any level."
        elif size == 4:
            note = "Every 4x4 puzzle is easy."
        else:
            scale_levels = _HODOKU if scale == "hodoku" else _SUDOKIT
            missing = [x for x in scale_levels if x not in levels]
            if missing:
                why = _MISSING_WHY.get((box, rule), "not made in time for every seed when "
                                       "measured; `sudokit generate --level` with a longer "
                                       "--time-limit may make it")
                note = f"Not offered here: {', '.join(missing)} ({why})."
        slow = {level: s for level, s in SECONDS.get((box, rule), {}).items()
                if level in levels}
        out.append({"box": box, "rules": [rule] if rule else [], "size": size, "label": label,
                    "scale": scale, "levels": list(levels), "symmetry": rule not in _UNSYMMETRIC,
                    "note": note, "seconds": slow})
    return {"offers": out, "not_offered": list(NOT_OFFERED)}
