"""The candidates core every human-solving policy shares (sudokit's ladder in
``logic.techniques``, Sudoku Explainer in ``logic.se``, HoDoKu in ``logic.hodoku``):

    bits.py      cell sets and candidate masks as ints, and their helpers
    tables.py    per-geometry unit and peer tables; SE's and HoDoKu's numberings as views
    board.py     one mutable candidates board with undo
"""
