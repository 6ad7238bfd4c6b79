"""sudokit: solve, check, count and convert Sudoku puzzles of every size.

    >>> import sudokit
    >>> g = sudokit.Grid('.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.')
    >>> sudokit.solve(g).to_line()
    '527389416819426735436751829375692184194538267268174593643217958951843672782965341'
    >>> sudokit.check(g)
    <Verdict.UNIQUE: 'unique'>
    >>> sudokit.count_solutions(sudokit.Grid.empty('2x2'), limit=None)
    288
"""

from ._backend import backend, backend_reason
from .errors import ParseError, SearchLimitReached, ShapeError
from .grid import Conflict, Grid, Status
from .shape import Shape
from .solver import (ENGINES, SearchResult, Verdict, check, count_solutions, engines, is_solution,
                     search, solutions, solve)

__version__ = "0.1.0"

_LAZY = {"generate", "Generated", "GenerationError"}  # sudokit.generate, imported on first use


def __getattr__(name: str):
    """The generator's names, imported only when first asked for (quick start-up)."""
    if name in _LAZY:
        import importlib
        module = importlib.import_module(".generate", __name__)
        for lazy in _LAZY:  # (the import bound the name 'generate' to the module: rebind)
            globals()[lazy] = getattr(module, lazy)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Grid", "Shape", "Status", "Conflict", "Verdict", "SearchResult", "ENGINES",
    "solve", "solutions", "count_solutions", "check", "search", "is_solution", "engines",
    "ParseError", "SearchLimitReached", "ShapeError", "backend", "backend_reason", "__version__",
    "generate", "Generated", "GenerationError",
]
