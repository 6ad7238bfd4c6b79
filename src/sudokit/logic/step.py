"""Steps as values: one logical deduction, what it rests on, what it proves, and why in words.

    Step(technique="x-wing",
         placements=(),                                  # (cell, value) pairs it proves
         eliminations=((10, 7), (69, 7)),                # (cell, value) pairs it removes
         evidence={"value": 7, "base": [9, 18], ...},    # whatever the technique uses
         text="In columns 4 and 9, 7 can only go in rows 2 and 8 ...",
         se=3.2)

Cells are indices (0-based, row-major) in data and 'r1c1' names in text; values are 1..N.
The evidence is a dict of plain data (ints, lists of ints, strings, nested lists), so a step
goes to JSON as it is: ``step.to_json()``.  The difficulty of a step: ``se`` (its Sudoku
Explainer rating; a chain's rating grows with its length) and the technique's HoDoKu level
and score (``step.level``, ``step.score``, from sudokit.logic.ladder).

Rejected: one class per technique (HoDoKu's SolutionStep is one class with optional
fields).  A single value type with a free-form evidence dict keeps JSON, rendering and the
web page generic: they read ``cells``, ``units``, ``links`` and ``chain`` when present.
"""

from __future__ import annotations

from .._value import Value

__all__ = ["Step"]


def _pairs(pairs) -> tuple:
    if type(pairs) in (tuple, list) and not pairs:
        return ()
    out = tuple(sorted([(int(c), int(v)) for c, v in pairs]))
    if len(out) > 1 and len(set(out)) != len(out):
        raise ValueError("a step names each (cell, value) once")
    return out


class Step(Value):
    """One deduction (see the module docstring).  Equal steps: same fields."""

    __slots__ = ("technique", "placements", "eliminations", "evidence", "text", "se")
    __match_args__ = __slots__

    def __init__(self, technique: str, placements=(), eliminations=(), evidence=None,
                 text: str = "", se: float = 0.0):
        _set = object.__setattr__
        _set(self, "technique", technique)
        _set(self, "placements", _pairs(placements))
        _set(self, "eliminations", _pairs(eliminations))
        _set(self, "evidence", _Frozen(evidence or {}))
        _set(self, "text", text)
        _set(self, "se", float(se))

    @property
    def name(self) -> str:
        """The technique's display name ('X-Wing')."""
        from .ladder import technique
        return technique(self.technique).name

    @property
    def level(self) -> str:
        """HoDoKu's level of the technique: easy, medium, hard, unfair or extreme."""
        from .ladder import technique
        return technique(self.technique).level

    @property
    def score(self) -> int:
        """HoDoKu's score of one use of the technique."""
        from .ladder import technique
        return technique(self.technique).score

    def to_json(self) -> dict:
        """{"technique", "name", "placements", "eliminations", "evidence", "text", "se",
        "level", "score"}; placements and eliminations as [cell, value] lists."""
        return {"technique": self.technique, "name": self.name,
                "placements": [list(p) for p in self.placements],
                "eliminations": [list(e) for e in self.eliminations],
                "evidence": _plain(self.evidence), "text": self.text, "se": self.se,
                "level": self.level, "score": self.score}

    @classmethod
    def from_json(cls, obj: dict) -> "Step":
        """The Step of to_json's object (unknown technique ids are refused)."""
        from .ladder import technique
        technique(obj["technique"])
        return cls(obj["technique"], [tuple(p) for p in obj.get("placements", ())],
                   [tuple(e) for e in obj.get("eliminations", ())], obj.get("evidence") or {},
                   obj.get("text", ""), obj.get("se", 0.0))

    def __str__(self) -> str:
        return f"{self.name}: {self.text}"

    def _repr_html_(self) -> str:
        """Name, text, placements and eliminations as HTML (a step holds no grid: draw it
        with ``sudokit.render.svg(state, step=step)``)."""
        from ..render._repr import step_html
        return step_html(self)


class _Frozen(dict):
    """A dict that cannot change after it is built (the evidence of a Step), hashable."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a step's evidence cannot change")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:
        return hash(repr(sorted(self.items(), key=lambda kv: kv[0])))

    def __reduce__(self):
        return (_Frozen, (dict(self),))


def _plain(obj):
    """obj with tuples as lists and dict keys as str (JSON-ready)."""
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj
