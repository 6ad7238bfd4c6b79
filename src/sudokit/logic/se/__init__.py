"""Sudoku Explainer 1.2.1's policy on the candidates core, as gsf's serate 1.2.1.3 runs it:
its producers, their order, its scan orders and its chain penalties (docs/se-rating.md).

    path.py      the rating loop: the 30 producers in order, the first hint applied
    basic.py     producers 1-14, 16-18, 20 and 22: singles to subsets, fish, wings, aligned
                 exclusions
    unique.py    producers 15 and 19: unique loops, BUG
    chains.py    the chaining engine: producers 21 and 23-30
    nested.py    the rules a nested chain (producers 26-30) asks when its propagation runs dry

The grid is the core's ``Board`` with SE's peers; the units are SE's numbering
(``core.tables.SE``)::

    unit u      0..8 boxes (left to right, then down), 9..17 rows, 18..26 cols
    UNIT_CELLS  the 9 cells of each unit: a box row by row, a row left to right, a col top
                to bottom
    PEERS[c]    the 20 peers of c: its box's cells, then its row's, then its col's (the order
                XY-wings, exclusions and cycles scan)

SE asks unit types in two orders (docs/se-rating.md section 4): box, col, row (singles,
subsets: ``BCR``) and box, row, col (unique loops, BUG, chain links: ``BRC``).  The C twins
are ``sudokit._ckernels.se_*`` (the loop and producers 1-22, the chaining producers 23-30).
"""

from __future__ import annotations

from ..core.board import Board
from ..core.tables import SE

__all__ = ["UNIT_CELLS", "UNIT_BITS", "CELL_UNITS", "PEERS", "PEER_BITS", "BOXES", "ROWS",
           "COLS", "BCR", "BRC", "read_board", "empty_counts"]

# SE's tables as module names: the finders' innermost loops read them as globals
UNIT_CELLS, UNIT_BITS, CELL_UNITS = SE.unit_cells, SE.unit_bits, SE.cell_units
PEERS, PEER_BITS = SE.peers, SE.peer_bits
BOXES, ROWS, COLS = SE.units("box"), SE.units("row"), SE.units("col")
BCR = (BOXES, COLS, ROWS)  # hidden singles, subsets
BRC = (BOXES, ROWS, COLS)  # SE's Grid.getRegionTypes(): loops, BUG, chain links


def read_board(line: str) -> Board:
    """The board of a line read serate's way (R1): the first 81 characters, '1'-'9' givens,
    anything else empty; candidates are every value minus the givens of the peers (R2), with
    no validity check."""
    values = [(ord(ch) - 48) if "1" <= ch <= "9" else 0 for ch in line[:81]]
    return Board.from_values(values, PEERS, 511)


def empty_counts(values) -> list:
    """The number of empty cells of each of the 27 units."""
    return [sum(1 for c in cells if not values[c]) for cells in UNIT_CELLS]
