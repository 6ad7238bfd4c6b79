"""HoDoKu 2.2.0's ALS steps: ALS-XZ (5700), ALS-XY-wing (5800) and ALS chains (5900), found
as HoDoKu's ALS solver finds them (docs/se-rating.md section 10).

[HD] `src/solver/AlsSolver.java` (`getAlsXZInt`, `getAlsXYWingInt`,
`getAlsXYChainRecursive`, `checkCandidatesToDelete`, `checkDoublyLinkedAls`, the
AlsComparator), `src/solver/SudokuStepFinder.java` (`doGetAlses`,
`doGetRestrictedCommons`), `src/solver/Als.java`, `src/solver/RestrictedCommon.java`.
The ALSes, restricted commons and eliminations are the ladder's (logic/techniques/als.py).

The rules, in our words:

* ALSes: for every unit (rows, columns, boxes), every set of 1-8 unsolved cells, in
  depth-first order of the unit's cells, whose candidates number one more than its cells;
  a cell set already found in an earlier unit is not repeated.
* Restricted commons: for every pair of ALSes (first index < second), disjoint, and every
  common value (ascending) whose cells in both ALSes all see each other; a pair has at most
  two such values (cand1, cand2).
* ALS-XZ: the first restricted common (in that order) whose ALSes delete something: every
  other common value from the cells (outside both) seeing all its cells in both ALSes; with
  two restricted commons also each of them, and (doubly linked) every other value of each
  ALS from the cells seeing all its cells of that value outside the other ALS.
* ALS-XY-wing: the first pair of restricted commons (list order) joining ALSes A-C and B-C
  (A and B disjoint, neither inside the other, not both the same single value) whose A and
  B delete a common value other than the four restricted values.
* ALS chains: from every ALS, depth-first over restricted commons to ALSes of higher index
  not yet in the chain, each restricted common chosen so that it differs from the previous
  one (HoDoKu's checkRC; a start with two commons is tried with each); from 3 links on the
  start and end ALS delete as for ALS-XZ, without the first and last restricted values.  Of
  steps with the same deletions the one with fewer ALS cells is kept; the steps are
  sorted (most deletions, index sum of the deletions, ALS count, ALS cells) and the first
  is taken.  At most 50 links.
"""

from __future__ import annotations

from functools import cmp_to_key

from ..core.bits import VALUES_OF9
from ..core.tables import HODOKU
from ..techniques.als import Als, common_eliminations, links_of, unit_als, xz_eliminations
from .board import distinct, index_sum

__all__ = ["als_xz", "als_xy_wing", "als_chain"]

_MAX_RC = 50


class _RC:
    """A restricted common of ALSes als1 < als2 (indexes): cand1, cand2 (0: one only) and
    actual, the ones usable after the previous link of a chain (checkRC)."""

    __slots__ = ("als1", "als2", "cand1", "cand2", "actual")

    def __init__(self, als1, als2, rcc):
        self.als1, self.als2, self.cand1, self.actual = als1, als2, rcc[0], 0
        self.cand2 = rcc[-1] if len(rcc) > 1 else 0  # HoDoKu keeps the last of three

    def check(self, last, first_try: bool) -> bool:
        """HoDoKu's RestrictedCommon.checkRC: sets actual (0 = not usable after last)."""
        self.actual = 1 if self.cand2 == 0 else 3
        if last is None:
            if self.cand2:
                self.actual = 1 if first_try else 2
            return self.actual != 0
        if last.actual == 1:
            self.actual = _check_rc(last.cand1, 0, self.cand1, self.cand2)
        elif last.actual == 2:
            self.actual = _check_rc(last.cand2, 0, self.cand1, self.cand2)
        elif last.actual == 3:
            self.actual = _check_rc(last.cand1, last.cand1, self.cand1, self.cand2)
        return self.actual != 0


def _check_rc(c11, c12, c21, c22) -> int:
    if c12 == 0:
        if c22 == 0:
            return 0 if c11 == c21 else 1
        if c11 == c22:
            return 1
        return 2 if c11 == c21 else 3
    if c22 == 0:
        return 0 if c11 == c21 or c12 == c21 else 1
    if (c11 == c21 and c12 == c22) or (c11 == c22 and c12 == c21):
        return 0
    if c11 == c22 or c12 == c22:
        return 1
    return 2 if c11 == c21 or c12 == c21 else 3


_CACHE = {}


def _prepare(board):
    """(alses, rcs, rcs per first ALS) of the board, cached for the last candidates: the
    ladder's Als, unit_als and links_of, in HoDoKu's unit order and cell limit (8)."""
    cands = board.cands
    key = tuple(cands)
    got = _CACHE.get(key)
    if got is not None:
        return got
    alses, seen = [], set()
    where, peers = board.where, HODOKU.peer_bits
    for u, unit in enumerate(HODOKU.unit_cells):
        for cells, mask in unit_als([c for c in unit if cands[c]], cands, 8):
            if cells not in seen:
                seen.add(cells)
                alses.append(Als.of_value_cells(cells, mask, u, where, peers))
    buddies = []  # per ALS: the cells outside it that see all its cells of one of its values
    for a in alses:
        m = 0
        for v, s in a.sees.items():
            m |= s & where[v]
        buddies.append(m)
    rcs, by_first = [], [[] for _ in alses]
    for i, j, rcc in links_of(alses):
        rc = _RC(i, j, rcc)
        rcs.append(rc)
        by_first[i].append(rc)
    got = (alses, rcs, by_first, buddies)
    _CACHE.clear()
    _CACHE[key] = got
    return got


def _deletions(a1, a2, restricted, where, dels):
    """checkCandidatesToDelete (no forbidden cells): appends to dels."""
    skip = 0
    for r in restricted:
        if r > 0:
            skip |= 1 << (r - 1)
    dels += common_eliminations(a1, a2, skip, where)


def als_xz(board):
    """HoDoKu's first ALS-XZ deletions [(cell, value)] or None."""
    alses, rcs, _, _ = _prepare(board)
    for rc in rcs:
        rcc = [rc.cand1, rc.cand2] if rc.cand2 else [rc.cand1]
        dels = xz_eliminations(alses[rc.als1], alses[rc.als2], rcc, board.where, False)
        if dels:
            return distinct(dels)
    return None


def als_xy_wing(board):
    """HoDoKu's first ALS-XY-wing deletions or None."""
    alses, rcs, _, _ = _prepare(board)
    by_als = {}
    for k, rc in enumerate(rcs):
        by_als.setdefault(rc.als1, []).append(k)
        by_als.setdefault(rc.als2, []).append(k)
    where = board.where
    # the restricted values of each rc as a mask (cand2 0: none)
    bits = [(1 << (rc.cand1 - 1)) | ((1 << (rc.cand2 - 1)) if rc.cand2 else 0) for rc in rcs]
    for i, rc1 in enumerate(rcs):
        partners = sorted({k for k in by_als[rc1.als1] + by_als[rc1.als2] if k > i})
        for j in partners:
            rc2 = rcs[j]
            if rc1.cand2 == 0 and rc2.cand2 == 0 and rc1.cand1 == rc2.cand1:
                continue
            # rc2 shares one ALS with rc1 (a partner; never both: one rc per pair of ALSes),
            # the pivot C; A and B are the other ends
            pivot = rc1.als1 if rc1.als1 in (rc2.als1, rc2.als2) else rc1.als2
            a = alses[rc1.als1 + rc1.als2 - pivot]
            b = alses[rc2.als1 + rc2.als2 - pivot]
            if a.cells & b.cells:
                continue
            union = a.cells | b.cells
            if union == a.cells or union == b.cells:
                continue
            # nothing to delete unless a common value (not restricted) has a cell seeing
            # all its cells in both: the test of common_eliminations, without the list
            common = a.mask & b.mask & ~(bits[i] | bits[j])
            if not common:
                continue
            asees, bsees = a.sees, b.sees
            for z in VALUES_OF9[common]:
                if asees[z] & bsees[z] & where[z]:
                    break
            else:
                continue
            dels = []
            _deletions(a, b, (rc1.cand1, rc1.cand2, rc2.cand1, rc2.cand2), board.where, dels)
            if dels:
                return distinct(dels)
    return None


def _compare(a, b):
    """AlsComparator on (dels, als count, als cells)."""
    r = len(b[0]) - len(a[0])
    if r:
        return r
    if a[0] != b[0]:
        return index_sum(a[0]) - index_sum(b[0])
    if a[1] != b[1]:
        return a[1] - b[1]
    return a[2] - b[2]


def als_chain(board):
    """HoDoKu's ALS chain (ALS-XY-chain) deletions or None."""
    alses, _rcs, by_first, buddies = _prepare(board)
    steps, seen = [], {}
    for i in range(len(alses)):
        in_chain = [False] * len(alses)
        in_chain[i] = True
        _chain_search(alses, by_first, buddies, board.where, i, i, None, [], in_chain,
                      steps, seen)
    if not steps:
        return None
    steps.sort(key=cmp_to_key(_compare))
    return list(steps[0][0])


def _chain_search(alses, by_first, buddies, where, start, als_index, last, chain, in_chain,
                  steps, seen):
    """getAlsXYChainRecursive."""
    if len(chain) >= _MAX_RC:
        return
    rcs = by_first[als_index]
    first_try = True
    k = 0
    while k < len(rcs):
        rc = rcs[k]
        k += 1
        # an ALS already in the chain is passed over before checkRC: its rc is never one
        # in the chain (every rc here starts at this ALS), so no actual that is read changes
        if in_chain[rc.als2] or not rc.check(last, first_try):
            continue
        chain.append(rc)
        in_chain[rc.als2] = True
        if len(chain) >= 3 and buddies[start] & buddies[rc.als2]:
            first = chain[0]
            c1, c2 = first.cand1, first.cand2
            if first.actual == 1:
                c2 = 0
            elif first.actual == 2:
                c1 = 0
            c3 = c4 = 0
            if rc.actual == 1:
                c3 = rc.cand1
            elif rc.actual == 2:
                c3 = rc.cand2
            elif rc.actual == 3:
                c3, c4 = rc.cand1, rc.cand2
            dels = []
            _deletions(alses[start], alses[rc.als2], (c1, c2, c3, c4), where, dels)
            if dels:
                key = tuple(sorted(set(dels), key=lambda d: (d[1], d[0])))
                count = alses[start].size + sum(alses[x.als2].size for x in chain)
                old = seen.get(key)
                step = (key, len(chain) + 1, count)
                if old is None:
                    seen[key] = len(steps)
                    steps.append(step)
                elif steps[old][2] > count:
                    steps[old] = step
        if by_first[rc.als2]:           # an ALS with no rc to a later one ends the chain
            _chain_search(alses, by_first, buddies, where, start, rc.als2, rc, chain,
                          in_chain, steps, seen)
        in_chain[rc.als2] = False
        chain.pop()
        if last is None:
            if rc.cand2 and first_try:
                first_try = False
                k -= 1
            else:
                first_try = True
