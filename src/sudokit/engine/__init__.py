"""The search engines: exact cover, the Sudoku cover, the pure-Python kernels and the backend.

    exact_cover     a generic Dancing Links engine (items, options, secondary items)
    sudoku_cover    a grid of any geometry as an exact-cover problem
    _kernels        the pure-Python kernels: the specification of the C ones
    _learn          the CDCL engine (learn)
    _fast9          solve9: fast9 on 9x9 values, one C batch call (the one way to solve them)
    _backend        which kernels are active (C or pure Python), chosen once at import

``ENGINES`` names them for the command line, which needs the names before any machinery
(``sudokit --help``); what ``auto`` means is ``sudokit.solver.choose_engine``.
"""

ENGINES = ("auto", "propagate", "dlx", "backtrack", "fast9", "learn")
