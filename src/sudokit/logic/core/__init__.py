"""The candidates core every human-solving policy shares (sudokit's ladder in
``logic.techniques``, Sudoku Explainer in ``logic.se``, HoDoKu in ``logic.hodoku``):

    bits.py      cell sets and candidate masks as ints, and their helpers
    tables.py    per-geometry unit and peer tables; SE's and HoDoKu's numberings as views
    board.py     one mutable candidates board with undo
    links.py     candidates as literals, strong and weak links: the graph every chain walks
    propagate.py assume and propagate (the forcing chains' branches), and the plus rules
                 (locked candidates, pairs, X-Wing) in sudokit's order and in SE's
"""
