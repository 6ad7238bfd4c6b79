"""The 9x9 grid the rater works on, and Sudoku Explainer's numbering and scan orders.

Representation (plain lists, copied cheaply with ``list(...)``)::

    values[c]   0 or the value 1..9 of cell c (c = 9 * row + col, rows and cols from 0)
    cands[c]    candidates of cell c: bit v-1 set when v is still possible; 0 in a filled cell

    unit u      0..8 boxes (left to right, then down), 9..17 rows, 18..26 cols
    UNIT_CELLS  the 9 cells of each unit in SE's order: a box row by row, a row left to
                right, a col top to bottom
    HOUSE[c]    SE's "house cells" of c: its box's cells, then its row's, then its col's,
                each once, c left out (the order XY-wings, exclusions and cycles scan)

SE asks unit types in two orders (docs/se-rating.md section 4): box, col, row (singles,
subsets: ``BCR``) and box, row, col (unique loops, BUG, chain links: ``BRC``).

Rejected: reusing sudokit.logic.State.  The rater is 9x9 only, and its hot loops (the chain
searches) pay for every attribute lookup; two flat lists are what SE's grid is.
"""

from __future__ import annotations

__all__ = ["TimeLimit", "UNIT_CELLS", "CELL_UNITS", "HOUSE", "HOUSE_BITS", "UNIT_BITS", "BCR", "BRC",
           "BOXES", "ROWS", "COLS", "Board", "POPCOUNT", "VALUES_OF", "LOWEST"]

class TimeLimit(Exception):
    """The per-puzzle time limit passed before the rating was finished."""


BOXES = tuple(range(0, 9))
ROWS = tuple(range(9, 18))
COLS = tuple(range(18, 27))
BCR = (BOXES, COLS, ROWS)  # hidden singles, subsets
BRC = (BOXES, ROWS, COLS)  # SE's Grid.getRegionTypes(): loops, BUG, chain links


def _unit_cells() -> tuple:
    units = []
    for b in range(9):
        r0, c0 = 3 * (b // 3), 3 * (b % 3)
        units.append(tuple(9 * (r0 + i // 3) + c0 + i % 3 for i in range(9)))
    for r in range(9):
        units.append(tuple(9 * r + c for c in range(9)))
    for c in range(9):
        units.append(tuple(9 * r + c for r in range(9)))
    return tuple(units)


UNIT_CELLS = _unit_cells()
UNIT_BITS = tuple(sum(1 << c for c in cells) for cells in UNIT_CELLS)
# CELL_UNITS[c] = (box, row, col) unit indices of cell c, in SE's region-type order
CELL_UNITS = tuple((3 * (c // 27) + (c % 9) // 3, 9 + c // 9, 18 + c % 9) for c in range(81))


def _house(c: int) -> tuple:
    seen, out = {c}, []
    for u in CELL_UNITS[c]:
        for d in UNIT_CELLS[u]:
            if d not in seen:
                seen.add(d)
                out.append(d)
    return tuple(out)


HOUSE = tuple(_house(c) for c in range(81))
HOUSE_BITS = tuple(sum(1 << d for d in HOUSE[c]) for c in range(81))
POPCOUNT = tuple(bin(m).count("1") for m in range(512))
VALUES_OF = tuple(tuple(v + 1 for v in range(9) if m >> v & 1) for m in range(512))
LOWEST = tuple((m & -m).bit_length() for m in range(512))  # lowest value in m (0 if none)


class Board:
    """Values and candidates of a 9x9 grid, with SE's way of placing a value.

    ``Board.from_line(line)`` reads serate's way (R1): the first 81 characters, '1'-'9'
    givens, anything else empty; candidates are every value minus the givens of the peers
    (R2), with no validity check.
    """

    __slots__ = ("values", "cands")

    def __init__(self, values: list, cands: list):
        self.values, self.cands = values, cands

    @classmethod
    def from_line(cls, line: str) -> "Board":
        values = [(ord(ch) - 48) if "1" <= ch <= "9" else 0 for ch in line[:81]]
        cands = [0] * 81
        for c in range(81):
            if not values[c]:
                m = 511
                for d in HOUSE[c]:
                    if values[d]:
                        m &= ~(1 << (values[d] - 1))
                cands[c] = m
        return cls(values, cands)

    def copy(self) -> "Board":
        return Board(list(self.values), list(self.cands))

    def place(self, cell: int, value: int) -> None:
        """SE's setValueAndCancel: set the value, clear the cell's candidates and the value
        from the 20 peers."""
        self.values[cell] = value
        self.cands[cell] = 0
        cands, off = self.cands, ~(1 << (value - 1))
        for d in HOUSE[cell]:
            cands[d] &= off

    def positions(self, unit: int, value: int) -> int:
        """Bit i set when the i-th cell of unit (SE's order) has value as a candidate."""
        bit, cands, out = 1 << (value - 1), self.cands, 0
        for i, c in enumerate(UNIT_CELLS[unit]):
            if cands[c] & bit:
                out |= 1 << i
        return out

    def empty_count(self, unit: int) -> int:
        values = self.values
        return sum(1 for c in UNIT_CELLS[unit] if not values[c])

    def is_solved(self) -> bool:
        return all(self.values)

    def line(self) -> str:
        return "".join(str(v) if v else "." for v in self.values)
