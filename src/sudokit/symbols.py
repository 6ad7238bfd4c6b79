"""How values are spelled: alphabets of one character per value.

An *alphabet* maps value v (1..N) to ``alphabet.symbols[v - 1]``.  Three are known by name:

    default   1-9 then A-Z then a-z   16x16 = 1-9A-G, 25x25 = 1-9A-P (the public data sets)
    letters   A-Z                     16x16 = A-P (POJ 3076 / UVa 1309 / SPOJ)
    hex       0-9 then A-Z            16x16 = 0-F (value 1 is spelled 0)

Blanks are spelled by any of ``.0-_*?x`` when reading (``0`` only where it is not a value)
and by ``.`` when writing unless told otherwise.  Reading is case-insensitive for letters
whenever the grid has at most 35 values.
"""

from __future__ import annotations

from .errors import ParseError

__all__ = ["Alphabet", "DEFAULT", "LETTERS", "HEX", "ALPHABETS", "BLANKS", "get_alphabet",
           "detect_alphabet"]

BLANKS = ".0-_*?x"


class Alphabet:
    """Symbols for values 1..len(symbols); ``name`` is how users select it."""

    __slots__ = ("name", "symbols", "_lookup", "blanks")

    def __init__(self, name: str, symbols: str):
        self.name = name
        self.symbols = symbols
        lookup = {}
        for v, ch in enumerate(symbols, 1):
            lookup[ch] = v
        if len(symbols) <= 35:  # no letter is used in two cases: accept either case
            for v, ch in enumerate(symbols, 1):
                lookup.setdefault(ch.lower(), v)
                lookup.setdefault(ch.upper(), v)
        self._lookup = lookup
        self.blanks = "".join(ch for ch in BLANKS if ch not in lookup)

    def __repr__(self) -> str:
        return f"<Alphabet {self.name} {self.symbols[:20]}{'...' if len(self.symbols) > 20 else ''}>"

    def max_size(self) -> int:
        return len(self.symbols)

    def value_of(self, ch: str, size: int) -> int:
        """Return the value of symbol ch in a grid of size N, 0 for a blank, -1 if not a symbol."""
        if ch in self.blanks:
            return 0
        v = self._lookup.get(ch, -1)
        if v > size and size <= 35:  # 'a' is 36 in default, but means 'A' in grids up to 35
            v = self._lookup.get(ch.upper(), -1)
        if 0 < v <= size:
            return v
        # 'x' spells 59 in default (33 up to 35x35) but is a blank in every smaller grid
        return 0 if len(ch) == 1 and ch in BLANKS else -1

    def symbol(self, value: int) -> str:
        """Return the character spelling value (1-based)."""
        return self.symbols[value - 1]

    def table(self, size: int, blank: str = ".") -> list[str]:
        """Return [blank, symbol 1, ..., symbol N] for fast writing."""
        if size > len(self.symbols):
            raise ValueError(f"alphabet {self.name!r} spells at most {len(self.symbols)} values, "
                             f"not {size}; use the tokens format")
        return [blank] + list(self.symbols[:size])


_DIGITS = "123456789"
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DEFAULT = Alphabet("default", _DIGITS + _UPPER + _UPPER.lower())
LETTERS = Alphabet("letters", _UPPER)
HEX = Alphabet("hex", "0" + _DIGITS + _UPPER)
ALPHABETS = {a.name: a for a in (DEFAULT, LETTERS, HEX)}


def get_alphabet(spec: "str | Alphabet | None") -> Alphabet:
    """Return the alphabet named by spec ('default', 'letters', 'hex', 'A-P', '0-F', '1-9A-G' ...)."""
    if spec is None:
        return DEFAULT
    if isinstance(spec, Alphabet):
        return spec
    if not isinstance(spec, str):
        raise TypeError(f"alphabet must be a name such as 'hex' or an Alphabet, not {spec!r}")
    key = spec.strip().lower()
    if key in ALPHABETS:
        return ALPHABETS[key]
    if key.startswith("a-"):
        return LETTERS
    if key.startswith("0-"):
        return HEX
    if key.startswith("1-"):
        return DEFAULT
    raise ValueError(f"unknown alphabet {spec!r}: choose default (1-9A-Z), letters (A-Z) or hex (0-F)")


def detect_alphabet(chars: set[str], size: int) -> Alphabet:
    """Return the alphabet that spells every character in chars for a grid of size N.

    Blank characters other than ``0`` are expected to be removed already.  For N <= 9 the
    answer is ``default``.  Otherwise: the only alphabet that fits wins; when several fit,
    ``0`` among the symbols means ``hex`` (a value), and otherwise ``default``.
    """
    if size <= 9:
        return DEFAULT
    fits = [a for a in (DEFAULT, LETTERS, HEX)
            if all(a.value_of(ch, size) >= 0 for ch in chars)]
    if not fits:
        bad = sorted(chars)
        raise ParseError(f"no alphabet spells all of {''.join(bad)!r} for a {size}x{size} grid")
    if len(fits) == 1:
        return fits[0]
    if "0" in chars and HEX in fits:
        # '0' is a blank for default/letters and a value for hex: with no letter beyond the
        # hex range, a 16-symbol grid that uses 0 is hex
        return HEX
    return DEFAULT if DEFAULT in fits else fits[0]
