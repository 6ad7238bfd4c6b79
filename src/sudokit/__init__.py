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

__version__ = "0.1.0"

# Every public name is imported on first use (PEP 562), so that ``import sudokit`` -- and the
# command line's start, ``sudokit --help`` -- pay only for what they touch.
_HOME = {
    "backend": "engine._backend", "backend_reason": "engine._backend",
    "ParseError": "errors", "SearchLimitReached": "errors", "ShapeError": "errors",
    "Conflict": "grid", "Grid": "grid", "Status": "grid", "Shape": "shape",
    "Geometry": "geometry", "GeometryError": "geometry",
    "ENGINES": "solver", "SearchResult": "solver", "Verdict": "solver", "check": "solver",
    "count_solutions": "solver", "engines": "solver", "is_solution": "solver",
    "search": "solver", "solutions": "solver", "solve": "solver",
    "generate": "generate", "Generated": "generate", "GenerationError": "generate",
    "rate": "rate", "Rating": "rate",
}


# Public subpackages and modules, also imported on first use: ``import sudokit`` then
# ``sudokit.logic.steps(...)`` works as ``from sudokit import logic`` does.
_MODULES = frozenset({"engine", "errors", "formats", "geometry", "grid", "logic", "records",
                      "render", "serve", "shape", "solver", "symbols", "symmetry"})


def __getattr__(name: str):
    """Import a public name's module on first use and keep the name here."""
    home = _HOME.get(name)
    if home is None:
        if name in _MODULES:
            import importlib
            try:
                return importlib.import_module("." + name, __name__)
            except ImportError as exc:   # (hasattr() stays False, ``from`` names the cause)
                raise AttributeError(f"module {__name__!r} has no attribute {name!r}: {exc}") \
                    from exc
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    module = importlib.import_module("." + home, __name__)
    for other, where in _HOME.items():  # every name of that module at once (for 'generate',
        if where == home:               # the import bound the name to the module: rebind)
            globals()[other] = getattr(module, other)
    return globals()[name]


# Modules that moved into packages keep their old dotted names: ``import sudokit.batch`` gives
# the module object of ``sudokit.records.batch`` itself (one module, one state), through the
# finder below (public modules only; private ones moved without a forwarding name).
# Rejected: a shim file per old name (a module at the root for each).
_MOVED = {
    "batch": "records.batch", "tables": "records.tables", "distributed": "records.distributed",
    "pipeline": "records.pipeline", "exact_cover": "engine.exact_cover",
    "sudoku_cover": "engine.sudoku_cover",
}


class _MovedFinder:
    """Find an old dotted name of a moved module: its loader hands back the moved module."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        prefix, _, rest = fullname.partition(".")
        if prefix != __name__ or rest not in _MOVED:
            return None
        import importlib.util
        return importlib.util.spec_from_loader(fullname, _MovedFinder)

    @staticmethod
    def create_module(spec):
        import importlib
        module = importlib.import_module(f"{__name__}.{_MOVED[spec.name.partition('.')[2]]}")
        spec.loader_state = module.__spec__  # (the import system sets __spec__ to this spec)
        return module

    @staticmethod
    def exec_module(module):
        module.__spec__ = module.__spec__.loader_state


import atexit as _atexit, sys as _sys  # noqa: E402
_sys.meta_path.append(_MovedFinder)
# ... and off it again at exit: a finder still on sys.meta_path when the interpreter shuts
# down made every `sudokit` run ~1.4 ms of CPU slower (bench_startup.py; measured with
# os._exit: the whole cost is in the shutdown, none in the imports).


@_atexit.register
def _forget_finder() -> None:
    if _MovedFinder in _sys.meta_path:
        _sys.meta_path.remove(_MovedFinder)


def __dir__():
    return sorted(set(globals()) | set(_HOME) | _MODULES)


__all__ = [
    "Grid", "Shape", "Geometry", "GeometryError", "Status", "Conflict", "Verdict", "SearchResult", "ENGINES",
    "solve", "solutions", "count_solutions", "check", "search", "is_solution", "engines",
    "ParseError", "SearchLimitReached", "ShapeError", "backend", "backend_reason", "__version__",
    "generate", "Generated", "GenerationError", "rate", "Rating",
]
