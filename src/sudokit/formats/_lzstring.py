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
``decompress_base64`` returns None for data that is not an lz-string stream, and for one
that would unfold past ``max_units`` code units (LZW output can grow with the square of its
input: a few hundred kilobytes could otherwise ask for gigabytes).
"""

from __future__ import annotations

__all__ = ["compress_base64", "decompress_base64", "BASE64"]

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: k for k, ch in enumerate(BASE64)}


def _units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[k] | data[k + 1] << 8 for k in range(0, len(data), 2)]


def _text(units: list[int]) -> str:
    raw = b"".join(u.to_bytes(2, "little") for u in units)
    return raw.decode("utf-16-le", "surrogatepass")


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


def decompress_base64(data: str, *, max_units: int = 1 << 24) -> "str | None":
    """Return the text lz-string's compressToBase64 turned into data; None if it is not one
    (or if it unfolds past max_units UTF-16 code units).

    data: Base64 characters only (the caller checks them: a KeyError names the first other).
    """
    if not data:
        return ""
    bits = _Bits([_VALUE[ch] for ch in data])
    limit = len(data)
    words: list[list[int]] = [[], [], []]  # codes 0..2 are commands
    kind = bits.read(2)
    if kind == 2:
        return ""
    if kind not in (0, 1):
        return None
    first = [bits.read(8 if kind == 0 else 16)]
    words.append(first)
    previous = first
    out = list(first)
    width, enlarge = 3, 4
    while True:
        if bits.index > limit:
            return None  # ran past the data without an end-of-stream code
        code = bits.read(width)
        if code == 2:
            return _text(out)
        if code in (0, 1):
            words.append([bits.read(8 if code == 0 else 16)])
            code = len(words) - 1
            enlarge -= 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
        if code < len(words):
            entry = words[code]
        elif code == len(words):
            entry = previous + previous[:1]
        else:
            return None
        out += entry
        if len(out) > max_units:
            return None
        words.append(previous + entry[:1])
        enlarge -= 1
        previous = entry
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1


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
    """Return lz-string's compressToBase64 of text (what f-puzzles puts after ``?load=``)."""
    codes: dict[tuple[int, ...], int] = {}
    fresh: set[int] = set()  # characters in the dictionary not yet written out
    out = _Writer()
    state = {"width": 2, "enlarge": 2}

    def grow() -> None:
        state["enlarge"] -= 1
        if state["enlarge"] == 0:
            state["enlarge"] = 1 << state["width"]
            state["width"] += 1

    def emit(phrase: tuple[int, ...]) -> None:
        if len(phrase) == 1 and phrase[0] in fresh:
            unit = phrase[0]
            wide = unit > 255
            out.write(1 if wide else 0, state["width"])
            out.write(unit, 16 if wide else 8)
            grow()
            fresh.discard(unit)
        else:
            out.write(codes[phrase], state["width"])
        grow()

    phrase: tuple[int, ...] = ()
    for unit in _units(text):
        if (unit,) not in codes:
            codes[(unit,)] = len(codes) + 3
            fresh.add(unit)
        longer = phrase + (unit,)
        if longer in codes:
            phrase = longer
            continue
        emit(phrase)
        codes[longer] = len(codes) + 3
        phrase = (unit,)
    if phrase:
        emit(phrase)
    out.write(2, state["width"])
    return out.finish()
