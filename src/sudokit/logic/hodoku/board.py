"""HoDoKu's board: the core ``Board`` plus what HoDoKu 2.2.0's Sudoku2 keeps beside the
candidates, updated as Sudoku2 updates it (every HoDoKu finder reads this one board).

    values, cands   as ``core.board.Board`` (cells 0-80 row-major, bit v-1 for value v)
    peers[c]        the 20 peers of c, ascending (Sudoku2.buddies: the order ``place``
                    deletes the value from them, which orders the naked singles queue)
    free[u][v]      how many cells of unit u still hold candidate v (units numbered as
                    ``tables.HODOKU``: rows 0-8, columns 9-17, boxes 18-26)
    where[v]        the cell set of the cells holding candidate v (HoDoKu's candidate sets)
    naked, hidden   the naked and hidden singles queues (SudokuSinglesQueue): a candidate
                    left alone in a cell, or in a unit, is queued when it becomes alone
    givens          the cell set of the puzzle's givens

Rejected: undo (``mark`` / ``undo``).  The queues and free counts would need a trail of
their own; the forcing nets, the one finder that tries and takes back, play each premise
on a ``copy()`` (two short queues and 27 counts), as HoDoKu does.
"""

from __future__ import annotations

from ..core.bits import cells_of, values_of
from ..core.board import Board
from ..core.tables import HODOKU

__all__ = ["HodokuBoard", "index_sum", "distinct", "sorted_deletions", "choose_outcome"]

_CELL_UNITS = HODOKU.cell_units
_UNIT_CELLS = HODOKU.unit_cells
_PEERS = tuple(tuple(cells_of(p)) for p in HODOKU.peer_bits)
_ALL = (1 << 81) - 1


class _Queue:
    """HoDoKu's SudokuSinglesQueue: a FIFO of (cell, value); ``items[get:]`` are waiting."""

    __slots__ = ("items", "get")

    def __init__(self, items=None, get=0):
        self.items = [] if items is None else items
        self.get = get

    def waiting(self) -> list:
        return self.items[self.get:]

    def pop(self):
        """The oldest waiting (cell, value), removed, or None; an emptied queue restarts."""
        items = self.items
        if self.get >= len(items):
            return None
        item = items[self.get]
        self.get += 1
        if self.get >= len(items):
            items.clear()
            self.get = 0
        return item

    def delete_unit(self, unit: int, value: int) -> None:
        """Drop the first waiting single of value in unit (its unit lost the value)."""
        items = self.items
        for i in range(self.get, len(items)):
            cell, v = items[i]
            if v == value and unit in _CELL_UNITS[cell]:
                del items[i]
                return


class HodokuBoard(Board):
    """The board of one HoDoKu path (see the module docstring).  ``place`` and ``delete``
    are Sudoku2's setCell and delCandidate; ``eliminate`` deletes a mask's values."""

    __slots__ = ("free", "where", "naked", "hidden", "givens")

    def __init__(self, line: str = ""):
        super().__init__([0] * 81, [511] * 81, _PEERS)
        self.free = [[9] * 10 for _ in range(27)]
        self.where = [_ALL] * 10
        self.where[0] = 0
        self.naked, self.hidden = _Queue(), _Queue()
        givens = 0
        for c, ch in enumerate(line[:81]):
            if "1" <= ch <= "9":
                self.place(c, ord(ch) - 48)
                givens |= 1 << c
        self.givens = givens

    @classmethod
    def from_values(cls, values, peers=None, full=511) -> "HodokuBoard":
        """The board of 81 values (0 = empty), placed in cell order as HoDoKu does."""
        return cls("".join(str(v) if v else "." for v in values))

    def copy(self) -> "HodokuBoard":
        """An independent board in the same state (values, candidates, counts, queues)."""
        b = HodokuBoard.__new__(HodokuBoard)
        b.values, b.cands, b.peers, b.trail = list(self.values), list(self.cands), _PEERS, None
        b.free = [f[:] for f in self.free]
        b.where = self.where[:]
        b.naked = _Queue(self.naked.items[:], self.naked.get)
        b.hidden = _Queue(self.hidden.items[:], self.hidden.get)
        b.givens = self.givens
        return b

    def mark(self) -> int:
        raise TypeError("a HodokuBoard has no undo: copy() it (see the module docstring)")

    # --- changes (Sudoku2.setCell, delCandidate) --------------------------------------

    def _queue_hidden(self, unit: int, value: int) -> None:
        bit = 1 << (value - 1)
        for c in _UNIT_CELLS[unit]:
            if self.cands[c] & bit:
                self.hidden.items.append((c, value))
                return

    def delete(self, cell: int, value: int) -> None:
        """Delete candidate value of cell, queueing the singles it leaves."""
        cands = self.cands
        bit = 1 << (value - 1)
        if not cands[cell] & bit:
            return
        m = cands[cell] = cands[cell] & ~bit
        self.where[value] &= ~(1 << cell)
        if not m:
            return
        if not m & (m - 1):
            self.naked.items.append((cell, m.bit_length()))
        free = self.free
        for u in _CELL_UNITS[cell]:
            n = free[u][value] = free[u][value] - 1
            if n == 1:
                self._queue_hidden(u, value)
            elif n == 0:
                self.hidden.delete_unit(u, value)

    def eliminate(self, cell: int, mask: int) -> bool:
        """Delete the values of mask from cell, lowest first; True if any was there."""
        had = self.cands[cell] & mask
        for v in values_of(had):
            self.delete(cell, v)
        return bool(had)

    def place(self, cell: int, value: int) -> None:
        """Set cell to value: delete value from its peers, then count the cell's old
        candidates out of its units (queueing the hidden singles that leaves)."""
        values = self.values
        if values[cell] == value:
            return
        values[cell] = value
        old = self.cands[cell]
        self.cands[cell] = 0
        bit = 1 << cell
        for d in _PEERS[cell]:
            self.delete(d, value)
        free, where, units = self.free, self.where, _CELL_UNITS[cell]
        while old:
            low = old & -old
            cand = low.bit_length()
            old ^= low
            where[cand] &= ~bit
            for u in units:
                n = free[u][cand] = free[u][cand] - 1
                if n == 1 and cand != value:
                    self._queue_hidden(u, cand)

    # --- reading ----------------------------------------------------------------------

    def allowed(self) -> list:
        """allowed[v]: the cell set of the empty cells where value v (1-9) may still go, no
        peer holding it (HoDoKu's free-cell sets; missing candidates do not matter)."""
        values = self.values
        empty = 0
        for c in range(81):
            if not values[c]:
                empty |= 1 << c
        allowed = [empty] * 10
        peer_bits = HODOKU.peer_bits
        for c in range(81):
            v = values[c]
            if v:
                allowed[v] &= ~peer_bits[c]
        allowed[0] = 0
        return allowed

    # --- singles, in HoDoKu's queue orders (SimpleSolver) ----------------------------

    def full_house(self):
        """The first waiting naked single that is the last empty cell of a unit, or None."""
        values, free = self.values, self.free
        for cell, v in self.naked.waiting():
            if values[cell] == 0:
                for u in _CELL_UNITS[cell]:
                    f = free[u]
                    if all(f[j] == 0 for j in range(1, 10) if j != v):
                        return cell, v
        return None

    def naked_single(self):
        """The next naked single of the queue (cell, value), or None."""
        while True:
            item = self.naked.pop()
            if item is None:
                return None
            if self.values[item[0]] == 0:
                return item

    def hidden_single(self):
        """The next hidden single of the queue, or None (HoDoKu stops at a stale one)."""
        while True:
            item = self.hidden.pop()
            if item is None:
                return None
            cell, v = item
            if self.values[cell] == 0:
                if self.cands[cell] >> (v - 1) & 1:
                    for u in _CELL_UNITS[cell]:
                        if self.free[u][v] == 1:
                            return item
                return None


def index_sum(dels) -> int:
    """HoDoKu's index sum of a list of deletions (cell, value), the second key of its step
    order (SolutionStep.compareTo, AlsComparator): each deletion weighs cell + value, the
    k-th one's cell scaled by 1 + 80 k."""
    s, off = 0, 1
    for cell, v in dels:
        s += cell * off + v
        off += 80
    return s


def step_order(a, b) -> int:
    """HoDoKu's SolutionStep.compareTo for two chain steps (type, dels, length[, values]) of
    one family: most deletions first, then the index sum (when the types or deletions
    differ), the length, the sum of the values; a cmp function (functools.cmp_to_key)."""
    r = len(b[1]) - len(a[1])
    if r:
        return r
    if a[0] != b[0] or a[1] != b[1]:
        return index_sum(a[1]) - index_sum(b[1])
    if a[2] != b[2]:
        return a[2] - b[2]
    return sum(a[3]) - sum(b[3]) if len(a) > 3 and a[3] != b[3] else 0


def distinct(pairs) -> list:
    """pairs without repeats, first occurrence kept."""
    out = []
    for p in pairs:
        if p not in out:
            out.append(p)
    return out


def sorted_deletions(dels) -> tuple:
    """Deletions without repeats, sorted by (value, cell), as HoDoKu stores a step's."""
    return tuple(sorted(set(dels), key=lambda d: (d[1], d[0])))


def choose_outcome(places, dels):
    """The forcing chain / net step of a set of outcomes (HoDoKu's TablingComparator): the
    placement of the lowest cell (lowest value), else the deletion of the lowest cell * 10
    + value; (placements, deletions) or None."""
    if places:
        cell = min(c for c, _v in places)
        return [min(p for p in places if p[0] == cell)], []
    if dels:
        return [], [min(dels, key=lambda d: d[0] * 10 + d[1])]
    return None
