"""HoDoKu 2.2.0's simple chains: remote pair (2800), turbot fish (3120), X-chain (5400) and
XY-chain (5500), found as HoDoKu's chain solver finds them (docs/se-rating.md section 10).

[HD] `src/solver/ChainSolver.java` (`getAllLinks`, `getChains`, `getChain`, `checkXChain`,
`checkXYChain`, `checkRemotePairs`), `src/sudoku/SolutionStep.java` (`compareTo`).

The rules, in our words:

* Links from a candidate (cell, value): when the cell is bivalue (not for X-chains / turbot
  fish) a strong link to the cell's other value; then for the cell's row, column and box
  (in that order) a link to every other cell of the unit holding the value, cells
  ascending, box cells sharing the row or column skipped.  For X-chains and turbot fish a
  unit link is strong when the unit holds the value exactly twice; for XY-chains and
  remote pairs unit links are weak and only reach bivalue cells (remote pairs: cells with
  the same two values).
* A depth-first search starts from every unsolved cell (ascending) and each of its values
  (ascending) with a strong first link (X / turbot: same value; XY / remote pair: the
  cell's other value), alternates weak and strong links (a strong link may be used as a
  weak one), keeps a set of the cells used (with HoDoKu's bookkeeping of that set, which
  drops a cell when the search backs up to it), and stops at 20 links (3 for turbot fish).
* Whenever a strong link ends on the start value (after the first link) in a cell that
  sees start-value candidates also seen by the start cell, those candidates are deleted
  (remote pairs: from 7 links on, with HoDoKu's remote pair rule).  A step with the same
  deletions as an earlier one of equal or shorter length is dropped (not for turbot fish);
  the steps are sorted by HoDoKu's step order (most deletions first, index sum of the
  deletions, length, values) and the first is taken.

The search has a C twin (sudokit/_c/logic/hodoku.c, ``hodoku_chains``: the links and the
depth-first search, handing back the chain ends that delete something); ``_links`` and
``_search`` are its specification and run on the pure-Python backend.
"""

from __future__ import annotations

from functools import cmp_to_key

from ...engine._backend import C
from ..core.bits import POPCOUNT9, VALUES_OF9, cells_of
from ..core.tables import HODOKU
from .board import sorted_deletions, step_order

_CELL_UNITS = HODOKU.cell_units
_UNIT_BITS = HODOKU.unit_bits
_PEER_BITS = HODOKU.peer_bits


__all__ = ["chain_step", "X_CHAIN", "XY_CHAIN", "REMOTE_PAIR", "TURBOT_FISH"]

X_CHAIN, XY_CHAIN, REMOTE_PAIR, TURBOT_FISH = "x-chain", "xy-chain", "remote-pair", "turbot"


def _links(cands, free, where, kind):
    """{(cell, value): [(cell2, value2, strong)]} in HoDoKu's order (cell * 10 + value as
    the key).  The cells a unit link reaches are read from the value's cell set: the
    unit's cells ascending, box cells of the cell's row and column left out."""
    xlike = kind in (X_CHAIN, TURBOT_FISH)
    reach = -1                  # the cells a link may end in
    same = None                 # remote pairs: the cells of each candidate pair
    if not xlike:
        reach = 0
        for c in range(81):
            if POPCOUNT9[cands[c]] == 2:
                reach |= 1 << c
        if kind == REMOTE_PAIR:
            same = {}
            for c in cells_of(reach):
                same[cands[c]] = same.get(cands[c], 0) | 1 << c
    out = {}
    for cell in range(81):
        m = cands[cell]
        if not m or (not xlike and POPCOUNT9[m] != 2):
            continue
        values = VALUES_OF9[m]
        units = _CELL_UNITS[cell]
        line = _UNIT_BITS[units[0]] | _UNIT_BITS[units[1]]
        ok = (same[m] if same is not None else reach) & ~(1 << cell)
        for v in values:
            links = out[cell * 10 + v] = []
            if len(values) == 2 and not xlike:
                links.append((cell, values[0] if values[1] == v else values[1], True))
            wv = where[v] & ok
            for k, unit in enumerate(units):
                cm = wv & _UNIT_BITS[unit]
                if k == 2:
                    cm &= ~line
                if cm:
                    strong = xlike and free[unit][v] == 2
                    links += [(c2, v, strong) for c2 in cells_of(cm)]
    return out


def chain_step(board, kind):
    """HoDoKu's first step of kind (X_CHAIN, XY_CHAIN, REMOTE_PAIR, TURBOT_FISH) on a
    HodokuBoard, or None: (kind, deletions [(cell, value)] sorted as HoDoKu stores them,
    length)."""
    steps = _python_steps(board, kind) if C is None else _c_steps(board, kind)
    if not steps:
        return None
    steps.sort(key=cmp_to_key(step_order))
    return steps[0][:3]


_KIND_CODE = {X_CHAIN: 0, XY_CHAIN: 1, REMOTE_PAIR: 2, TURBOT_FISH: 3}


def _c_steps(board, kind):
    """The steps of kind, the search run by the C twin (logic/hodoku.c): it hands back the
    chain ends that delete something, in search order, and the steps are made and kept
    here as _search makes them."""
    cands, where = board.cands, board.where
    steps, seen = [], {}
    for start, scand, end, length, cells in C.hodoku_chains(_KIND_CODE[kind], cands, where,
                                                           board.free):
        m = _PEER_BITS[start] & where[scand] & _PEER_BITS[end]
        if kind == REMOTE_PAIR:
            vals = VALUES_OF9[cands[start]]
            scand2 = vals[0] if vals[0] != scand else vals[1]
            m2 = _PEER_BITS[start] & where[scand2] & _PEER_BITS[end]
            dels = _remote_pair_dels([(c,) for c in cells], length, where, scand, scand2, m, m2)
            _keep(kind, dels, length, (scand, scand2), steps, seen, True)
        else:
            dels = sorted_deletions([(c, scand) for c in cells_of(m)])
            _keep(kind, dels, length, (scand,), steps, seen, kind != TURBOT_FISH)
    return steps


def _python_steps(board, kind):
    """The steps of kind: every chain end that deletes something, in search order."""
    cands, where = board.cands, board.where
    links = _links(cands, board.free, where, kind)
    max_len = 3 if kind == TURBOT_FISH else 20
    steps, seen = [], {}
    chain = [None] * 163
    stack = tuple([0] * (max_len + 2) for _ in range(5))   # the search's entries, by level
    for start in range(81):
        m = cands[start]
        if not m:
            continue
        for scand in VALUES_OF9[m]:
            scand2 = 0
            if kind == REMOTE_PAIR:
                vals = VALUES_OF9[m]
                scand2 = vals[0] if vals[0] != scand else vals[1]
            for first in links.get(start * 10 + scand, ()):
                c1, v1, s1 = first
                if not s1:
                    continue
                if kind in (X_CHAIN, TURBOT_FISH) and v1 != scand:
                    continue
                if kind in (XY_CHAIN, REMOTE_PAIR) and (POPCOUNT9[cands[c1]] != 2 or c1 != start):
                    continue
                chain[0] = (start, scand, False)
                chain[1] = first
                start_set = _PEER_BITS[start] & where[scand]
                start_set2 = _PEER_BITS[start] & where[scand2] if scand2 else 0
                _search(kind, cands, where, links, stack, chain, c1, v1, not s1, start,
                        scand, scand2, start_set, start_set2, max_len, steps, seen)
    return steps


def _search(kind, cands, where, links, stack, chain, cell, cand, strong_only, start, scand,
            scand2, start_set, start_set2, max_len, steps, seen):
    """HoDoKu's getChain: the iterative depth-first search from chain[0..1], whose end is
    (cell, cand).  The entry being walked is kept in locals (cell, cand, strong_only, its
    links lk and the next link's position at); the stack arrays keep the entries below."""
    rp = kind == REMOTE_PAIR
    xy = rp or kind == XY_CHAIN
    xlike = kind == X_CHAIN or kind == TURBOT_FISH
    start_mask = cands[start]
    s_cell, s_cand, s_strong, s_links, s_at = stack
    level = 1
    lk, at = links.get(cell * 10 + cand, ()), 0
    s_cell[1], s_cand[1], s_strong[1], s_links[1] = cell, cand, strong_only, lk
    used = {start}
    while True:
        if at >= len(lk):                   # back up (HoDoKu drops that entry's cell)
            level -= 1
            if level <= 0:
                return
            cell, cand, strong_only = s_cell[level], s_cand[level], s_strong[level]
            lk, at = s_links[level], s_at[level]
            used.discard(cell)
            continue
        c2, v2, strong = lk[at]
        at += 1
        if strong_only and not strong:
            continue
        if cell == c2 and cand == v2:
            continue
        if rp and cands[c2] != start_mask:
            continue
        if xlike and v2 != scand:
            continue
        if xy and (POPCOUNT9[cands[c2]] != 2 or (strong_only and c2 != cell)):
            continue
        loop = False
        if c2 in used:
            if c2 != start:
                continue
            loop = True
        used.add(cell)
        if not strong_only and strong:
            strong = False
        chain[level + 1] = (c2, v2, strong)
        if level > 0 and strong and v2 == scand:
            m = start_set & _PEER_BITS[c2]
            if m:
                if kind == X_CHAIN or kind == XY_CHAIN or (kind == TURBOT_FISH and level == 2):
                    dels = sorted_deletions([(c, scand) for c in cells_of(m)])
                    _keep(kind, dels, level + 1, (scand,), steps, seen, kind != TURBOT_FISH)
                elif rp and level >= 6:
                    dels = _remote_pair_dels(chain, level + 1, where, scand, scand2, m,
                                             start_set2 & _PEER_BITS[c2])
                    _keep(kind, dels, level + 1, (scand, scand2), steps, seen, True)
        if level + 1 < max_len and not loop:    # go down to the new entry
            s_at[level] = at
            level += 1
            cell, cand, strong_only = c2, v2, not strong_only
            lk, at = links.get(c2 * 10 + v2, ()), 0
            s_cell[level], s_cand[level], s_strong[level], s_links[level] = (
                cell, cand, strong_only, lk)
        else:                                   # an end: backs up to this entry at once
            used.discard(cell)


def _remote_pair_dels(chain, level, where, scand, scand2, m1, m2):
    if level > 7:
        r1 = r2 = 0
        for i in range(0, level + 1, 2):
            for j in range(i + 6, level + 1, 4):
                both = _PEER_BITS[chain[i][0]] & _PEER_BITS[chain[j][0]]
                r1 |= both & where[scand]
                r2 |= both & where[scand2]
    else:
        r1, r2 = m1, m2
    return sorted_deletions([(c, scand) for c in cells_of(r1)]
                            + [(c, scand2) for c in cells_of(r2)])


def _keep(kind, dels, level, values, steps, seen, dedupe):
    if dedupe:
        old = seen.get(dels)
        if old is not None and old <= level:
            return
        seen[dels] = level
    steps.append((kind, dels, level + 1, values))
