"""How values are spelled: alphabets of one character per value.

An *alphabet* maps value v (1..N) to ``alphabet.symbols[v - 1]``.  Three are known by name:

    default   1-9 then A-Z then a-z   16x16 = 1-9A-G, 25x25 = 1-9A-P (the public data sets)
    letters   A-Z                     16x16 = A-P (POJ 3076 / UVa 1309 / SPOJ)
    hex       0-9 then A-Z            16x16 = 0-F (value 1 is spelled 0)

Blanks are spelled by any of ``.0-_*?x`` when reading (``0`` only where it is not a value)
and by ``.`` when writing unless told otherwise.  Reading is case-insensitive for letters
whenever the grid has at most 35 values.  Only ASCII spells anything: a character from
U+0080 up is never a value nor a blank, whatever the reader.

The one spelling table: ``reading_table(alphabet, size)`` is 256 bytes, byte -> value
(0 = blank, ``NOT_A_SYMBOL`` = neither).  Every reader of the line notation reads through
it: ``formats`` (``bytes.translate``), ``batch.parse_lines`` and the C text reader (handed
the table as bytes), so they accept the same lines with the same values.

Which alphabet reads a line when none is given (``line_alphabet``; grids up to 9x9 are
always ``default``):

    1. the alphabets that read every character (a symbol or a blank) are candidates;
    2. one candidate: it;
    3. several: ``hex`` when ``0`` occurs and hex is a candidate, AND either the line also
       spells blanks another way (``.`` ``-`` ...) or every hex symbol occurs equally often
       with no blank at all (a complete hex grid); otherwise ``default`` (``0`` is then a
       blank).  So 16x16 lines of 1-9A-G with ``0`` blanks read as ``default`` even when a
       line has no ``G`` (the 16x16Dataset.csv rows), and hex puzzles (values 0-F) need a
       blank other than ``0``, as they must anyway;
    4. none: a ParseError (the caller names the first bad character).
"""

from __future__ import annotations

from .errors import ParseError, SpellingError

__all__ = ["Alphabet", "DEFAULT", "LETTERS", "HEX", "ALPHABETS", "BLANKS", "get_alphabet",
           "detect_alphabet", "line_alphabet", "reading_table", "check_blank", "NOT_A_SYMBOL",
           "WHITESPACE", "SpellingError"]

BLANKS = ".0-_*?x"
WHITESPACE = " \t\r\n\x0b\x0c"  # what readers strip around a line (ASCII only, like the C reader)
NOT_A_SYMBOL = 255                # reading_table's byte for a character that spells nothing


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
        """Return [blank, symbol 1, ..., symbol N] for fast writing; SpellingError if it cannot."""
        if size > len(self.symbols):
            raise SpellingError(f"alphabet {self.name!r} spells at most {len(self.symbols)} "
                                f"values, not {size}: write a {size}x{size} grid as tokens or "
                                "json")
        check_blank(blank, self, size)
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

    (A set cannot tell how often ``0`` occurs: the readers choose with line_alphabet,
    which reads the whole line.)

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


def check_blank(blank: str, alphabet: "Alphabet | None" = None, size: int = 0) -> str:
    """Return blank if it can spell an empty cell when writing, else raise SpellingError.

    A blank is one printable ASCII character that every reader takes for an empty cell
    (one of BLANKS) and that is not a value of the alphabet for a size-N grid (size 0: not
    checked against values): ``convert --blank 5`` or ``--blank ab`` would write text no
    reader can read back.
    """
    alpha = alphabet or DEFAULT
    one = isinstance(blank, str) and len(blank) == 1
    ok = one and blank in BLANKS
    value = alpha.value_of(blank, size) if one and size else 0
    ok = ok or value > 0
    if not ok or value != 0:
        choose = " ".join(ch for ch in BLANKS if not size or alpha.value_of(ch, size) == 0)
        why = (f"spells value {value} in alphabet {alpha.name!r} for a {size}x{size} grid"
               if ok else "is not a blank the readers know")
        raise SpellingError(f"blank {blank!r} {why}: choose one of {choose}")
    return blank


_READING_TABLES: dict = {}


def reading_table(alphabet: "Alphabet", size: int) -> bytes:
    """Return the 256-byte spelling table of alphabet for a size-N grid (cached).

    table[b] is the value of ASCII byte b (0 for a blank), NOT_A_SYMBOL (255) for anything
    else -- every byte from 0x80 up included.  The C text reader takes exactly this table.
    """
    key = (alphabet.name, alphabet.symbols, size)
    table = _READING_TABLES.get(key)
    if table is None:
        out = bytearray([NOT_A_SYMBOL]) * 256
        for b in range(128):
            v = alphabet.value_of(chr(b), size)
            if v >= 0:
                out[b] = v
        table = _READING_TABLES[key] = bytes(out)
    return table


def line_alphabet(cells: str, size: int) -> Alphabet:
    """Return the alphabet reading cells of a size-N grid (rules in the module docstring).

    Raises ParseError when no alphabet reads every character.
    """
    if size <= 9:
        return DEFAULT
    chars = set(cells)
    fits = [a for a in (DEFAULT, LETTERS, HEX) if all(a.value_of(ch, size) >= 0 for ch in chars)]
    if not fits:
        raise ParseError(f"no alphabet spells all of {''.join(sorted(chars))!r} for a "
                         f"{size}x{size} grid")
    if len(fits) == 1:
        return fits[0]
    if "0" in chars and HEX in fits and _zero_is_hex(cells, chars, size):
        return HEX
    return DEFAULT if DEFAULT in fits else fits[0]


def _zero_is_hex(cells: str, chars: set, size: int) -> bool:
    """True when '0' must be hex's value 1: another blank spelling occurs, or no blank at all
    and every hex symbol occurs equally often (a complete grid, or full pencil marks)."""
    if any(HEX.value_of(ch, size) == 0 for ch in chars):
        return True
    if len(cells) % size:
        return False
    each = len(cells) // size
    return all(cells.count(ch) == each for ch in HEX.symbols[:size])
