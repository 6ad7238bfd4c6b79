"""lz-string's Base64 form (``compressToBase64``/``decompressFromBase64``), as f-puzzles shares puzzles.

Written from the algorithm's description (an LZW variant over UTF-16 code units):

    bit stream   6 bits per Base64 character, most significant bit first; values are read
                 and written least significant bit first, ``width`` bits at a time.
    dictionary   codes 0, 1, 2 are commands: 0 = a new 8-bit character follows, 1 = a new
                 16-bit character follows, 2 = end of stream.  Each new character gets the
                 next code; after each phrase the previous phrase + the first character of
                 the next one gets the next code (the classic LZW KwKwK case: a code not yet
                 in the dictionary is previous + its first character).
    width        3 bits on reading (2 on writing, before the first character), one more
                 each time the dictionary outgrows it; ``enlarge`` counts down to that.

Text is turned into UTF-16 code units (surrogate pairs for characters past U+FFFF) and back.
``decompress_base64`` returns None for data that is not an lz-string stream, and raises
TooLong (a ValueError) as soon as one unfolds past ``max_units`` code units (``MAX_UNITS``
by default, what the largest puzzle needs): LZW output can grow with the square of its
input, so 8 kB of Base64 could otherwise ask for ten million characters and gigabytes.
"""

from __future__ import annotations

import array
import sys

__all__ = ["compress_base64", "decompress_base64", "BASE64", "MAX_UNITS", "TooLong"]

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: k for k, ch in enumerate(BASE64)}


def _units(text: str) -> "array.array[int]":
    """The UTF-16 code units of text (surrogate pairs for characters past U+FFFF)."""
    units = array.array("H", text.encode("utf-16-le", "surrogatepass"))
    if sys.byteorder == "big":
        units.byteswap()
    return units


class _Bits:
    """Read the Base64 characters as a bit stream (6 bits each, high bit first)."""

    def __init__(self, values: list[int]):
        self.values = values
        self.index = 0
        self.position = 0  # the bit of the current value read next (0: take the next value)
        self.current = 0

    def read(self, width: int) -> int:
        out = 0
        for k in range(width):
            if not self.position:
                self.current = self.values[self.index] if self.index < len(self.values) else 0
                self.index += 1
                self.position = 32
            if self.current & self.position:
                out |= 1 << k
            self.position >>= 1
        return out


MAX_UNITS = 1 << 22
"""UTF-16 code units a decompressed text may have (4,194,304).  The largest f-puzzles puzzle
sudokit reads -- 64x64, every cell with a value, a region, colours and all 64 values in each of
its three pencil-mark lists, a dot between every two neighbours, a thermometer on every row,
long title and rules -- is about 3.6 million (tests/formats/test_fpuzzles_bounds.py builds it)."""


class TooLong(ValueError):
    """The stream unfolds past the bound it was given (``limit`` code units); found as soon
    as the output passes it, before the whole text is built."""

    def __init__(self, limit: int):
        super().__init__(f"decompresses to more than {limit:,} characters")
        self.limit = limit


def decompress_base64(data: str, *, max_units: int = MAX_UNITS) -> "str | None":
    """Return the text lz-string's compressToBase64 turned into data; None if it is not one.
    Raise TooLong as soon as the text passes max_units UTF-16 code units.

    data: Base64 characters only (the caller checks them: a KeyError names the first other).
    Memory stays within a small multiple of max_units: dictionary entries are strings (one
    code unit per character, lone surrogates kept) and the output is a list of references
    to them, joined once at the end.
    """
    if not data:
        return ""
    bits = _Bits([_VALUE[ch] for ch in data])
    limit = len(data)
    words: list[str] = ["", "", ""]  # codes 0..2 are commands
    kind = bits.read(2)
    if kind == 2:
        return ""
    if kind not in (0, 1):
        return None
    first = chr(bits.read(8 if kind == 0 else 16))
    words.append(first)
    previous = first
    out = [first]
    size = 1
    width, enlarge = 3, 4
    while True:
        if bits.index > limit:
            return None  # ran past the data without an end-of-stream code
        code = bits.read(width)
        if code == 2:
            return _joined(out)
        if code in (0, 1):
            words.append(chr(bits.read(8 if code == 0 else 16)))
            code = len(words) - 1
            enlarge -= 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
        if code < len(words):
            entry = words[code]
        elif code == len(words):
            entry = previous + previous[0]
        else:
            return None
        size += len(entry)
        if size > max_units:
            raise TooLong(max_units)
        out.append(entry)
        words.append(previous + entry[0])
        enlarge -= 1
        previous = entry
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1


def _joined(pieces: list[str]) -> str:
    """The text of UTF-16 code units kept one per character (surrogate pairs joined)."""
    text = "".join(pieces)
    if text and max(text) >= "\ud800":
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return text


class _Writer:
    """Collect bits (least significant first per value) into 6-bit Base64 characters."""

    def __init__(self):
        self.chars: list[str] = []
        self.value = 0
        self.position = 0

    def write(self, value: int, width: int) -> None:
        for _ in range(width):
            self.value = (self.value << 1) | (value & 1)
            value >>= 1
            if self.position == 5:
                self.chars.append(BASE64[self.value])
                self.value = 0
                self.position = 0
            else:
                self.position += 1

    def finish(self) -> str:
        while self.position:  # pad the last character with zero bits
            self.write(0, 1)
        text = "".join(self.chars)
        return text + "=" * (-len(text) % 4)


def compress_base64(text: str) -> str:
    """Return lz-string's compressToBase64 of text (what f-puzzles puts after ``?load=``).

    The dictionary is a trie: (code of a phrase, next code unit) -> code of the longer
    phrase, so each code unit costs one lookup (time and memory linear in the text).
    """
    singles: dict[int, int] = {}                # code unit -> its code
    links: dict[tuple[int, int], int] = {}      # (phrase code, unit) -> longer phrase's code
    fresh: set[int] = set()  # characters in the dictionary not yet written out
    out = _Writer()
    state = {"width": 2, "enlarge": 2}

    def grow() -> None:
        state["enlarge"] -= 1
        if state["enlarge"] == 0:
            state["enlarge"] = 1 << state["width"]
            state["width"] += 1

    def emit(code: int, unit: int) -> None:
        """Write a phrase: its code, or its character when it is one fresh unit (unit >= 0)."""
        if unit in fresh:
            wide = unit > 255
            out.write(1 if wide else 0, state["width"])
            out.write(unit, 16 if wide else 8)
            grow()
            fresh.discard(unit)
        else:
            out.write(code, state["width"])
        grow()

    next_code = 3
    phrase, single = -1, -1  # the current phrase's code (-1: none yet); its unit if one long
    for unit in _units(text):
        if unit not in singles:
            singles[unit] = next_code
            next_code += 1
            fresh.add(unit)
        if phrase >= 0:
            longer = links.get((phrase, unit))
            if longer is not None:
                phrase, single = longer, -1
                continue
            emit(phrase, single)
            links[(phrase, unit)] = next_code
            next_code += 1
        phrase, single = singles[unit], unit
    if phrase >= 0:
        emit(phrase, single)
    out.write(2, state["width"])
    return out.finish()
