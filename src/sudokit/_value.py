"""Frozen value classes written by hand: what @dataclass(frozen=True) gave, at start-up cost nil.

A class derived from ``Value`` names its fields, in order, in ``__slots__`` (and
``__match_args__``), and writes its own ``__init__`` (setting each field with
``object.__setattr__``).  ``Value`` gives it what the dataclass did: ``repr`` as
``Name(field=value, ...)``, equality and hash on the fields (same class only),
immutability (assigning a field raises ``FrozenInstanceError``, an ``AttributeError``),
pickling through the constructor, and ``obj.replace(**changes)`` -- a copy with some fields
changed, checked again by ``__init__``, as ``dataclasses.replace(obj, **changes)`` did.

Rejected: ``@dataclass``.  Importing ``dataclasses`` costs about 10 ms (it pulls in
``inspect``, ``ast``, ``dis``, ``tokenize``) and each class about 1 ms more (it writes its
methods as source text and compiles them), which a one-puzzle ``sudokit solve`` paid for
nine classes (issue #14).  ``namedtuple`` compiles too, and would make values tuples.
"""

from __future__ import annotations

__all__ = ["Value", "FrozenInstanceError"]


class FrozenInstanceError(AttributeError):
    """Raised on assigning to (or deleting) a field of a frozen value."""


class Value:
    """The methods a frozen dataclass had; fields are the subclass's ``__slots__``."""

    __slots__ = ()

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({args})"

    def __eq__(self, other) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):
        return (type(self), self._fields())

    def replace(self, **changes):
        """Return a copy with the named fields changed (TypeError for a name that is no field)."""
        fields = {name: getattr(self, name) for name in self.__slots__}
        unknown = changes.keys() - fields.keys()
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field {sorted(unknown)[0]!r}")
        fields.update(changes)
        return type(self)(**fields)

