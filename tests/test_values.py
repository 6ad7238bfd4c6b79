"""The frozen value classes (sudokit._value.Value): what @dataclass(frozen=True) gave them.

Conflict, Status (grid), SearchResult (solver), Record, Notation (formats), Options, Spec
(records) and Block (pipeline) are plain classes since issue #14 (start-up); these tests pin
the dataclass behaviour they keep: keyword construction and defaults, repr, equality and
hash by fields, immutability, pickling, ``replace`` (checked again) and pattern matching.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from sudokit import Grid, Shape, search
from sudokit.formats import Notation, Record, parse_line
from sudokit.grid import Conflict, Status
from sudokit.records.pipeline import Block
from sudokit.records import Options
from sudokit.records._commands import Spec
from sudokit.solver import SearchResult

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _examples():
    grid = parse_line(PUZZLE)
    return [
        Conflict(5, "row 1", (0, 1)),
        Status((Conflict(5, "row 1", (0, 1)),), 2, 81),
        search(PUZZLE, limit=2),
        Record(0, 1, grid, None, PUZZLE, None),
        Notation("line", None, Shape(3, 3)),
        Options("solve", box="2x3", unique=True),
        Spec(Options("count", limit=5), "<stdin>", "line", Shape(3, 3), "line", None),
        Block(3, 10, b"x\n", None, None, 0),
    ]


@pytest.mark.parametrize("value", _examples(), ids=lambda v: type(v).__name__)
def test_values_compare_hash_and_pickle_by_fields(value):
    twin = pickle.loads(pickle.dumps(value))
    assert twin == value and twin is not value
    if not isinstance(value, Block):  # (a Block's bad lines are a dict: unhashable, as before)
        assert hash(twin) == hash(value)
    assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert value != object() and (value == object()) is False
    fields = type(value).__slots__
    assert type(value).__match_args__ == fields
    assert repr(value) == (f"{type(value).__qualname__}("
                           + ", ".join(f"{f}={getattr(value, f)!r}" for f in fields) + ")")


@pytest.mark.parametrize("value", _examples(), ids=lambda v: type(v).__name__)
def test_values_are_frozen(value):
    name = type(value).__slots__[0]
    with pytest.raises(AttributeError):
        setattr(value, name, 1)
    with pytest.raises(AttributeError):
        delattr(value, name)
    with pytest.raises(AttributeError):
        value.not_a_field = 1  # no __dict__


def test_repr_evaluates_back():
    env = {"Conflict": Conflict, "Status": Status, "Shape": Shape, "Options": Options,
           "Notation": Notation, "Block": Block}
    for value in (Conflict(5, "row 1", (0, 1)), Status((), 81, 81), Notation("block", 9, None),
                  Options("convert", to="json", blank="0"), Block(0, 1, b"a\n")):
        assert eval(repr(value), env) == value


def test_options_defaults_keywords_and_checks():
    opts = Options("solve")
    assert (opts.format, opts.box, opts.engine, opts.limit, opts.log) == ("auto", None, "auto",
                                                                          1000, True)
    assert Options("solve", box="3x2").box is Shape(3, 2)  # a string box is parsed
    assert Options(command="count", limit=0) == Options("count", "auto", None, None, "auto",
                                                        None, False, 0)
    with pytest.raises(ValueError):
        Options("solve", engine="nope")
    with pytest.raises(ValueError):
        Options("convert")  # needs to=
    with pytest.raises(TypeError):
        Options("solve", nope=1)


def test_replace_gives_a_checked_copy():
    opts = Options("solve", unique=True)
    changed = opts.replace(engine="dlx", box="2x3")
    assert changed.engine == "dlx" and changed.box is Shape(2, 3) and changed.unique
    assert opts.engine == "auto"  # the original is untouched
    with pytest.raises(ValueError):
        opts.replace(node_limit=0)
    with pytest.raises(TypeError, match="no field 'colour'"):
        opts.replace(colour="red")
    rec = Record(0, 1, None, None, "x")
    assert rec.replace(note="n") == Record(0, 1, None, None, "x", None, "n")


def test_pattern_matching_by_position():
    match search(PUZZLE):
        case SearchResult(count, solution, _, stopped):
            assert count == 1 and not stopped and isinstance(solution, Grid)
        case _:
            pytest.fail("SearchResult did not match")
    match Grid("55" + "." * 79).status():
        case Status((Conflict(value, unit, cells), *others), filled, ncells):
            assert (value, unit, cells, filled, ncells) == (5, "row 1", (0, 1), 2, 81)
            assert [str(c) for c in others] == ["value 5 repeats in box 1"]
        case _:
            pytest.fail("Status did not match")


def test_record_defaults_and_fast_constructor_agree():
    from sudokit.formats._stream import _record
    grid = parse_line(PUZZLE)
    assert _record(2, 3, grid, None, PUZZLE, "c") == Record(2, 3, grid, None, PUZZLE, "c")
    assert Record(0, 1, grid, None, PUZZLE).comment is None and Record(0, 1, grid, None,
                                                                        PUZZLE).ok
