"""Which value sets fit a cage: the search the sum techniques and the forcing chains share.

A cage (killer cage with a total, renban line) holds one of a few value sets (masks, from
geometry._sums); with the candidates its cells have, a set fits when each cell can take one
of its values, all different, using them all (a perfect matching).  ``fitting`` answers the
sets that fit and the values each cell keeps (those some fitting set gives it);
logic.techniques.sums reads it for its steps, core.propagate for its branches (a cage is a
rule of propagation there: forcing chains follow sums).

Answers are remembered by their whole input (``memo``): between two steps of a path, or two
branches of one state, most cages keep their candidates, so most searches were done before
(a 9x9 killer's path ran its searches 3 to 4 times faster).  Cleared when full.
"""

from __future__ import annotations

from .bits import values_of

__all__ = ["fitting", "memo"]

_MEMO: dict = {}
_MEMO_MAX = 1 << 15


def memo(key, compute):
    """compute()'s answer, remembered under key (None is an answer too)."""
    got = _MEMO.get(key, _MEMO)  # (_MEMO itself: not there)
    if got is _MEMO:
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        got = _MEMO[key] = compute()
    return got


def fitting(doms, masks) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The masks (value sets) the cells can take one value each (doms: their candidate
    masks), and for each cell the values some fitting set gives it."""
    masks = tuple(masks)
    doms = tuple(doms)
    return memo(("fit", doms, masks), lambda: _fitting_now(doms, masks))


def _fitting_now(doms: tuple, masks: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from ...engine._propagators import _matching
    fit, keep = [], [0] * len(doms)
    for s in sorted(masks, key=values_of):
        sub = [d & s for d in doms]
        if not all(sub) or not _matching(sub, s):
            continue
        fit.append(s)
        for i, d in enumerate(sub):
            x = d & ~keep[i]
            while x:
                b = x & -x
                x ^= b
                trial = list(sub)
                trial[i] = b
                if _matching(trial, s):
                    keep[i] |= b
    return tuple(fit), tuple(keep)
