"""One mutable candidates board with undo, for the policies that try and take back
(Sudoku Explainer's producers and nested chains, HoDoKu's finders, the forcing chains).

    values[c]   0 for an empty cell, else its value (1..N)
    cands[c]    the candidate mask of cell c (bit v-1 for value v); 0 once c is placed
    peers[c]    the peers of c in the policy's order (``tables.SE.peers``,
                ``tables.HODOKU.peers`` or a ``Tables``' cells): ``place`` walks them
    trail       None, or the (cell, value, cands) of every cell before its change since
                the first ``mark()``; ``undo(mark)`` restores them newest first

``logic.State`` stays the immutable public value (``state.board()`` and
``state.with_board(board)`` convert).  Rejected: copying the board for every trial
(``copy()`` remains for the callers that keep both); a trail costs one append per changed
cell and nothing when unmarked.  (The forcing chains' branches keep copying: see
propagate.py's docstring for the measure.)
"""

from __future__ import annotations

__all__ = ["Board"]


class Board:
    """Values and candidate masks of a grid, changed in place, with marks to undo to."""

    __slots__ = ("values", "cands", "peers", "trail")

    def __init__(self, values: list, cands: list, peers: tuple):
        self.values, self.cands, self.peers = values, cands, peers
        self.trail = None

    @classmethod
    def from_values(cls, values, peers: tuple, full: int) -> "Board":
        """The board of a puzzle: each empty cell starts with ``full`` (all N values) minus
        the values of its peers; no validity check (the caller's boundary does that)."""
        values = list(values)
        cands = [0] * len(values)
        for c, v in enumerate(values):
            if not v:
                m = full
                for d in peers[c]:
                    if values[d]:
                        m &= ~(1 << (values[d] - 1))
                cands[c] = m
        return cls(values, cands, peers)

    def copy(self) -> "Board":
        """An independent board with the same values and candidates (no trail)."""
        return Board(list(self.values), list(self.cands), self.peers)

    def place(self, cell: int, value: int) -> None:
        """Set the value, clear the cell's candidates and the value from its peers."""
        values, cands, trail = self.values, self.cands, self.trail
        off = ~(1 << (value - 1))
        if trail is None:
            values[cell] = value
            cands[cell] = 0
            for d in self.peers[cell]:
                cands[d] &= off
            return
        trail.append((cell, values[cell], cands[cell]))
        values[cell] = value
        cands[cell] = 0
        bit = ~off
        for d in self.peers[cell]:
            if cands[d] & bit:
                trail.append((d, values[d], cands[d]))
                cands[d] &= off

    def eliminate(self, cell: int, mask: int) -> bool:
        """Remove the values of ``mask`` from the cell's candidates; True if any was there."""
        old = self.cands[cell]
        if not old & mask:
            return False
        if self.trail is not None:
            self.trail.append((cell, self.values[cell], old))
        self.cands[cell] = old & ~mask
        return True

    def mark(self) -> int:
        """A point to ``undo`` to (starts recording changes)."""
        if self.trail is None:
            self.trail = []
        return len(self.trail)

    def undo(self, mark: int) -> None:
        """Restore every cell changed since ``mark``, newest change first."""
        trail, values, cands = self.trail, self.values, self.cands
        while len(trail) > mark:
            c, v, m = trail.pop()
            values[c], cands[c] = v, m

    def is_solved(self) -> bool:
        return all(self.values)
