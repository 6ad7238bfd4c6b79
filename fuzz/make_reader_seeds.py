"""Write seed inputs for fuzz_readers.py: python fuzz/make_reader_seeds.py DIR.

Each seed is 4 option bytes (mode, box, alphabet, stream format; fuzz_readers reads them
with atheris' FuzzedDataProvider) and a text: a line puzzle, a block, tokens, JSON, pencil
marks, an .sdk file, a 16x16 line -- from /work/shared/data when present ($SUDOKIT_DATA).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.environ.get("SUDOKIT_DATA", os.path.join(HERE, "..", "..", "shared", "data"))


def texts():
    line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    big = "." * 256
    try:
        with open(os.path.join(DATA, "puzzles3_magictour_top1465")) as fh:
            line = fh.readline().strip()
        with open(os.path.join(DATA, "gecode_16x16.txt")) as fh:
            big = fh.readline().strip()
    except OSError:
        pass
    rows = [line[i:i + 9] for i in range(0, 81, 9)]
    return [
        "\n".join([line] * 3),
        "\n".join(rows),
        "\n".join(" ".join(r.replace(".", "0")) for r in rows),
        '{"puzzle": "%s", "box": "3x3"}' % line,
        "123456789" * 81,
        "#A x\n[Puzzle]\n" + "\n".join(rows),
        big,
        line + " # a comment\n" + line[:40] + "\n" + line.lower(),
    ]


def main(out: str) -> None:
    os.makedirs(out, exist_ok=True)
    for i, text in enumerate(texts()):
        for mode in range(10):
            with open(os.path.join(out, f"seed_{i}_{mode}"), "wb") as fh:
                fh.write(bytes([mode * 25, i % 10, 0, 0]) + text.encode())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "build", "readers-corpus"))
