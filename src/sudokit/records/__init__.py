"""Many puzzles: the record commands and everything that feeds them.

    Options, answer_lines, notation, LinesAnswer     (lazy: from records._commands)
    _commands    the record commands (solve, check, count, convert) and the unit of work
    _input       reading one input: notation, format, alphabet
    _fastpath    plain 9x9 lines to one C batch call (engine._fast9.solve9)
    _drive       every input of a run (blocks of lines, table rows, the worker pool) and
                 the Writer of its answers
    _inplace     --jobs answers written straight into the output file
    _tablerows   CSV/TSV/JSONL rows and NPY/Parquet/Arrow columns as records
    _logic       hint and explain;  _rate  rate
    _atomic      output files written whole or not at all
    pipeline     blocks of lines, the worker pool, Ctrl-C
    batch        many puzzles per call, no Python object per puzzle
    tables       NPY, Parquet and Arrow files
    distributed  Dask

The names below are what the command line needs before any machinery (``sudokit --help``).
"""

COMMANDS = ("solve", "check", "count", "convert", "hint", "explain", "rate")  # the record commands
LOGIC_OUTPUTS = ("text", "json")  # --to of hint and explain
# --to / --format names; sdm is the line format, sdk and ss single-puzzle layouts of block
OUTPUT_FORMATS = ("line", "block", "tokens", "json", "sdk", "ss", "sdm", "pencilmarks", "fpuzzles")
TEXT_KINDS = ("csv", "tsv", "jsonl")         # tables read as text (_tablerows)
BINARY_KINDS = ("npy", "parquet", "arrow")    # tables read by tables

_LAZY = ("Options", "answer_lines", "notation", "LinesAnswer", "WriteError")

__all__ = ["Options", "COMMANDS", "OUTPUT_FORMATS", "answer_lines", "notation", "LinesAnswer",
           "WriteError"]


_MODULES = ("batch", "tables", "distributed", "pipeline")   # public, imported on first use


def __getattr__(name: str):
    """Import the record commands on first use of a public name (and a public module)."""
    if name in _MODULES:
        import importlib
        try:
            return importlib.import_module("." + name, __name__)
        except ImportError as exc:   # (hasattr() stays False, ``from`` names the cause)
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}: {exc}") \
                from exc
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _commands
    for other in _LAZY:
        globals()[other] = getattr(_commands, other)
    return globals()[name]


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | set(_MODULES))
