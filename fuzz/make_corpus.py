"""Write seed inputs for fuzz_kernels into a corpus directory (default fuzz/corpus/).

Seeds are records in the harness's input format (see the comment at the top of
fuzz_kernels.c): a 6-byte header (kernel, shape, limit, node limit lo/hi, flags) and a body.
Puzzles come from /work/shared/data (or $SUDOKIT_DATA); each is written once per kernel mode.

    python fuzz/make_corpus.py [OUTDIR]
"""
import os
import sys

DATA = os.environ.get("SUDOKIT_DATA", "/work/shared/data")
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

# shape byte for the harness: an index into SHAPES (3x3 = 0, 2x2 = 7, 4x4 = 19) or 0xF8 (5x5)
SHAPE_BYTE = {9: 0, 4: 7, 16: 19, 25: 0xF8}


def values(line, n):
    """The puzzle line as bytes 0..n (0 = empty)."""
    out = bytearray()
    for ch in line.strip()[: n * n]:
        out.append(SYMBOLS.index(ch) + 1 if ch in SYMBOLS[:n] else 0)
    return bytes(out)


def first_lines(name, k):
    path = os.path.join(DATA, name)
    with open(path, encoding="ascii") as f:
        return [line for line in f if line.strip() and not line.startswith("#")][:k]


def header(kernel, shape, limit, node_limit, flags=0):
    return bytes([kernel, shape, limit, node_limit & 0xFF, node_limit >> 8, flags])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus")
    os.makedirs(out, exist_ok=True)
    seeds = {}
    nine = (first_lines("norvig_top95.txt", 3) + first_lines("plb_hard20.txt", 3)
            + first_lines("puzzles7_serg_benchmark", 2))
    for i, line in enumerate(nine):
        body = values(line, 9)
        seeds[f"f9_{i}"] = header(0, 0, 2, 0) + body            # fast9 + propagate
        seeds[f"all9_{i}"] = header(5, 0, 2, 3000) + body       # every kernel, cross-checked
        seeds[f"raw9_{i}"] = header(6, 0, 1, 0) + body          # fast9 raw bytes
    seeds["raw9_bad"] = header(6, 0, 1, 0) + values(nine[0], 9)[:40] + b"\x0a\xff" + bytes(39)
    for i, line in enumerate(first_lines("gecode_16x16.txt", 2)):
        seeds[f"prop16_{i}"] = header(1, 19, 1, 500) + values(line, 16)
        seeds[f"all16_{i}"] = header(5, 19, 1, 500) + values(line, 16)
    seeds["prop25_0"] = header(1, 0xF8, 1, 200) + values(first_lines("gecode_25x25.txt", 1)[0], 25)
    # tiny grids (reference counts), empty and with givens; two records sharing one work area
    seeds["all4_empty"] = header(5, 7, 0, 0) + bytes(16)
    seeds["bt4_some"] = header(2, 7, 0, 0, 2) + bytes([1, 0, 0, 0, 0, 0, 1, 0] + [0] * 8) \
        + header(1, 0, 3, 100) + values(nine[1], 9)
    # generated (solvable) puzzles: value permutation, row permutation, mask bytes
    for shape, n in ((0, 9), (13, 6), (19, 16), (26, 16)):
        seeds[f"gen_{shape}"] = header(5, shape, 1, 800, 1) + bytes(range(1, 2 * n + 1)) \
            + bytes([0x5B] * ((n * n + 7) // 8))
    # small exact-cover problems: np, ns, nopt, then (mask lo, mask hi, rotation) per option
    seeds["xc_0"] = header(4, 0, 0, 0) + bytes([3, 1, 5, 0b0011, 0, 0, 0b0100, 0, 1,
                                               0b1101, 0, 2, 0b1000, 0, 0, 0b0110, 0, 1])
    seeds["xc_1"] = header(4, 0, 0, 0) + bytes([6, 0, 12]) + bytes(
        b for k in range(12) for b in ((1 << (k % 6)) | (1 << ((k + 1) % 6)), 0, k))
    for name, data in seeds.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    print(f"{len(seeds)} seeds in {out}")


if __name__ == "__main__":
    main()
