"""Helpers of the rendering tests: a small PNG reader (standard library) and sample steps."""

from __future__ import annotations

import struct
import zlib

from sudokit import logic

# A classic 9x9 whose logical path uses an X-Wing (on 9, rows 3 and 7 ... as the step says)
XWING_PUZZLE = "1.....569492.561.8.561.924...964.8.1.64.1....218.356.4.4.5...169.5.614.2621.....5"
# Hand-checked in tests/logic/test_logic_chains.py: after the singles, an X-Chain on 7
XCHAIN_PUZZLE = "3.4.2..8...6.......5..7.3.....68..2.....34....6.15.7...1.........9....6...8217..5"


def state_before(puzzle: str, technique: str):
    """(the state, the first step of technique) along the logical path of puzzle."""
    path = logic.steps(puzzle)
    state = path.start
    for step in path.steps:
        if step.technique == technique:
            return state, step
        state = state.apply(step)
    raise AssertionError(f"no {technique} step in the path of {puzzle}")


def xchain_step():
    """(state, step) of the hand-checked X-Chain (a chain with strong and weak links)."""
    from sudokit.logic.ladder import technique
    state = logic.steps(XCHAIN_PUZZLE, techniques=["full-house", "hidden-single",
                                                   "naked-single"]).state
    return state, next(iter(technique("x-chain").find(state)))


class Png:
    """A decoded PNG: width, height and rows of (r, g, b) pixels."""

    def __init__(self, data: bytes):
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        pos, idat, header = 8, b"", None
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT":
                idat += body
            elif kind == b"IEND":
                break
        w, h, depth, ctype, _, _, interlace = header
        assert depth == 8 and interlace == 0 and ctype in (0, 2, 4, 6), header
        channels = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
        raw = zlib.decompress(idat)
        stride = w * channels
        rows, prev, k = [], bytearray(stride), 0
        for _ in range(h):
            kind, line = raw[k], bytearray(raw[k + 1:k + 1 + stride])
            k += 1 + stride
            _unfilter(kind, line, prev, channels)
            rows.append(line)
            prev = line
        self.width, self.height, self.channels, self._rows = w, h, channels, rows

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        row, c = self._rows[y], self.channels
        px = row[x * c:(x + 1) * c]
        return (px[0], px[0], px[0]) if c <= 2 else (px[0], px[1], px[2])

    def box(self, x0: float, y0: float, x1: float, y1: float):
        """Every pixel of the box [x0, x1) x [y0, y1) (pixel coordinates)."""
        return [self.pixel(x, y) for y in range(int(y0), int(y1)) for x in range(int(x0), int(x1))]


def _unfilter(kind: int, line: bytearray, prev: bytearray, bpp: int) -> None:
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 255
        elif kind == 2:
            line[i] = (line[i] + b) & 255
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255


def dark(px) -> bool:
    return sum(px) < 3 * 90


def light(px) -> bool:
    return min(px) > 200


def red(px) -> bool:
    return px[0] > 150 and px[1] < 110 and px[2] < 110
