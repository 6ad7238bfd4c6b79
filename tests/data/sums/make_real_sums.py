"""Rebuild the real_*.jsonl files of this folder from the public sources named in README.md.

Each output line is one f-puzzles JSON object (the form f-puzzles.com saves) with the
source's own published solution in its "solution" key (a flat list, row after row) and the
source's name in "title".  Only puzzles with an arrow, a little killer or a sandwich clue are
kept; a puzzle that sudokit refuses to read (a rule it does not have) is left out and
counted by rule.  Nothing here is computed by sudokit: it only tells which puzzles it reads.

    python3 tests/data/sums/make_real_sums.py ISS RANGSK NICKLEATON TIMWI SUDOKUBENCH

Each CHECKOUT is a git directory (bare or not) of, in order, github.com/sigh/
Interactive-Sudoku-Solver, github.com/dclamage/SudokuSolver and github.com/Nickleaton/sudoku;
the commits read are the ones in README.md (COMMITS below).
"""

from __future__ import annotations

import collections
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "src"))

from sudokit import ParseError  # noqa: E402
from sudokit.formats import parse_fpuzzles  # noqa: E402
from sudokit.formats._lzstring import decompress_base64  # noqa: E402

COMMITS = {
    "iss": "e373f9811c087246b097eb444d838ab492c55f35",
    "rangsk": "226e55bba25e522ce0c1824f9187f8c866383d44",
    "nickleaton": "40801b17b463a7676de0dfa093c743d00cbc2901",
    "timwi": "ef84e6c449fbaea99caba3c3d690bb78d6be3b2c",
    "sudokubench": "91c3781bf278fc12f23db5242733741c74e451c1",
}
SUM_KEYS = ("arrow", "littlekillersum", "sandwichsum")


def git_show(repo: str, commit: str, path: str) -> str:
    return subprocess.run(["git", "-C", repo, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def git_ls(repo: str, commit: str, folder: str) -> list[str]:
    out = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", f"{commit}:{folder}"],
                         check=True, capture_output=True, text=True).stdout
    return [f"{folder}/{name}" for name in out.split()]


# --- the Interactive Sudoku Solver's constraint strings -> f-puzzles ----------------------

class Unsupported(Exception):
    """A rule this conversion (or sudokit) does not have; its name is the message."""


def _cell(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"[Rr](\d+)[Cc](\d+)", text)
    if m is None:
        raise Unsupported(f"cell {text}")
    return int(m.group(1)) - 1, int(m.group(2)) - 1


def _pos(rc: tuple[int, int]) -> str:
    return f"R{rc[0] + 1}C{rc[1] + 1}"


def _little_killer_start(key: str, n: int) -> "tuple[tuple[int, int], tuple[int, int]]":
    """The first cell and the direction of the ISS little killer named by its first cell:
    column 1 (rows 1..N-1) runs down-right, column N (rows 2..N-1) up-left, row 1 (columns
    2..N) down-left, row N (columns 2..N-1) up-right -- the order ISS names them in."""
    r, c = _cell(key)
    if c == 0 and r <= n - 2:
        return (r, c), (1, 1)
    if c == n - 1 and 1 <= r <= n - 2:
        return (r, c), (-1, -1)
    if r == 0 and c >= 1:
        return (r, c), (1, -1)
    if r == n - 1 and 1 <= c <= n - 2:
        return (r, c), (-1, 1)
    raise Unsupported(f"little killer {key}")


def iss_to_fpuzzles(text: str) -> dict:
    """The f-puzzles object of an ISS constraint string (Unsupported names what is not)."""
    parts = [p for p in re.sub(r"\s+", "", text).split(".") if p]
    n = 9
    for part in parts:
        if part.startswith("Shape~"):
            m = re.fullmatch(r"Shape~(\d+)x(\d+)", part)
            if m is None or m.group(1) != m.group(2) or m.group(1) not in ("4", "6", "9"):
                raise Unsupported(part[:20])
            n = int(m.group(1))
    grid = [[{} for _ in range(n)] for _ in range(n)]
    obj: dict = {"size": n, "grid": grid}

    def add(key, entry):
        obj.setdefault(key, []).append(entry)

    for part in parts:
        name, *args = part.split("~")
        if name == "":  # givens: ~R1C1_5
            for a in args:
                m = re.fullmatch(r"R(\d+)C(\d+)_(\d+)", a)
                if m is None:
                    raise Unsupported("candidate restriction")
                grid[int(m.group(1)) - 1][int(m.group(2)) - 1] = {"value": int(m.group(3)),
                                                                  "given": True}
        elif name == "Shape":
            pass
        elif name == "Arrow":
            cells = [_pos(_cell(a)) for a in args]
            add("arrow", {"cells": cells[:1], "lines": [cells]})
        elif name == "PillArrow":
            size, *rest = args
            cells = [_cell(a) for a in rest]
            pill, shaft = cells[:int(size)], cells[int(size):]
            add("arrow", {"cells": [_pos(p) for p in sorted(pill)],
                          "lines": [[_pos(pill[-1])] + [_pos(s) for s in shaft]]})
        elif name == "Cage":
            total, *cells = args
            entry = {"cells": [_pos(_cell(a)) for a in cells]}
            if total:
                entry["value"] = str(int(total))
            add("killercage", entry)
        elif name == "LittleKiller":
            total, key = args
            (r, c), (dr, dc) = _little_killer_start(key, n)
            cells = []
            while 0 <= r < n and 0 <= c < n:
                cells.append(_pos((r, c)))
                r, c = r + dr, c + dc
            r0, c0 = _cell(key)
            direction = {(1, 1): "DR", (-1, -1): "UL", (1, -1): "DL", (-1, 1): "UR"}[(dr, dc)]
            add("littlekillersum", {"cell": f"R{r0 - dr + 1}C{c0 - dc + 1}",
                                    "direction": direction, "value": str(int(total)),
                                    "cells": cells})
        elif name == "Sandwich":
            total, line = args
            k = int(line[1:])
            where = f"R{k}C0" if line[0] == "R" else f"R0C{k}"
            add("sandwichsum", {"cell": where, "value": str(int(total))})
        elif name == "Thermo":
            add("thermometer", {"lines": [[_pos(_cell(a)) for a in args]]})
        elif name == "Renban":
            add("renban", {"lines": [[_pos(_cell(a)) for a in args]]})
        elif name == "Palindrome":
            add("palindrome", {"lines": [[_pos(_cell(a)) for a in args]]})
        elif name == "Whisper":
            if args and re.fullmatch(r"\d+", args[0]):
                if int(args[0]) != (n + 1) // 2:
                    raise Unsupported(f"Whisper~{args[0]}")
                args = args[1:]
            add("whispers", {"lines": [[_pos(_cell(a)) for a in args]]})
        elif name in ("WhiteDot", "BlackDot", "X", "V"):
            cells = [_pos(_cell(a)) for a in args]
            key = {"WhiteDot": "difference", "BlackDot": "ratio"}.get(name, "xv")
            entry = {"cells": cells}
            if key == "xv":
                entry["value"] = name
            add(key, entry)
        elif name == "StrictXV":
            obj.setdefault("negative", []).append("xv")
        elif name == "Diagonal":
            obj["diagonal+" if args == ["1"] else "diagonal-"] = True
        elif name in ("AntiKnight", "AntiKing", "DisjointSets"):
            obj[{"AntiKnight": "antiknight", "AntiKing": "antiking",
                 "DisjointSets": "disjointgroups"}[name]] = True
        else:
            raise Unsupported(name)
    return obj


def _braced(text: str, start: int) -> str:
    """The text of the {...} object starting at start (strings skipped)."""
    depth, i = 0, start
    while True:
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
        elif ch == "/" and text[i + 1] == "/":  # a comment, to the end of its line
            i = text.index("\n", i)
        elif ch in "'`\"":
            i += 1
            while text[i] != ch:
                i += 2 if text[i] == "\\" else 1
        i += 1
        if i >= len(text):
            return text[start:]


ISS_FILES = ("data/example_puzzles.js", "data/collections.js", "examples.js", "js/examples.js")


def iss_entries(repo: str) -> list[tuple[str, str, str]]:
    """(name, input, solution) of every puzzle with a solution in ISS_FILES at COMMITS["iss"]
    and in every earlier version of them (puzzles were reworded or dropped over time); one
    entry per published solution, the newest spelling of it kept."""
    log = subprocess.run(["git", "-C", repo, "log", "--format=%H", COMMITS["iss"], "--",
                          *ISS_FILES], check=True, capture_output=True, text=True).stdout.split()
    out, seen = [], set()
    for commit in log:
        for path in ISS_FILES:
            try:
                text = git_show(repo, commit, path)
            except subprocess.CalledProcessError:
                continue
            for m in re.finditer(r"\{\s*name:\s*'((?:[^'\\\n]|\\.)*)'", text):
                body = _braced(text, m.start())
                if "puzzles:" in body:  # a group of entries, read entry by entry
                    continue
                inp = re.search(r"input:\s*('(?:[^'\\]|\\.)*'|`[^`]*`)", body)
                sol = re.search(r"solution:\s*'([0-9]+)'", body)
                if not inp or not sol or inp.group(1)[1:-1].startswith("/"):
                    continue
                if sol.group(1) in seen:
                    continue
                seen.add(sol.group(1))
                out.append((m.group(1).replace("\\'", "'"), inp.group(1)[1:-1], sol.group(1)))
    return out


# --- the three sources --------------------------------------------------------------------

def from_iss(repo: str, refused: collections.Counter) -> list[dict]:
    out = []
    for name, text, solution in iss_entries(repo):
        if not re.search(r"\.(Arrow|PillArrow|LittleKiller|Sandwich)~", text):
            continue
        try:
            obj = iss_to_fpuzzles(text)
        except Unsupported as e:
            refused[f"iss: {str(e).split('~')[0]}"] += 1
            refused["iss: puzzles left out"] += 1
            continue
        obj = {"size": obj["size"], "title": name, **obj}
        obj["solution"] = [int(ch) for ch in solution]
        out.append(obj)
    return out


def from_rangsk(repo: str, refused: collections.Counter) -> list[dict]:
    """Every (f-puzzles string, solution) pair in SudokuTests/Puzzles.cs, in the commit of
    COMMITS and every earlier version of the file (puzzles were dropped from it over time),
    with the setter and title from the comment above it and the commit it was read at."""
    log = subprocess.run(["git", "-C", repo, "log", "--format=%H", COMMITS["rangsk"], "--",
                          "SudokuTests/Puzzles.cs"], check=True, capture_output=True,
                         text=True).stdout.split()
    out, seen = [], set()
    for commit in log:
        text = git_show(repo, commit, "SudokuTests/Puzzles.cs")
        for m in re.finditer(r'(?://\s*([^\n]*)\n\s*)?\(@"(N4Ig[^"]*)",\s*"([0-9]+)"\)', text):
            if m.group(2) in seen:
                continue
            seen.add(m.group(2))
            obj = json.loads(decompress_base64(m.group(2)))
            if not any(obj.get(k) for k in SUM_KEYS):
                continue
            title = (m.group(1) or obj.get("title") or "").strip()
            obj["title"] = f"{title} (Puzzles.cs at {commit[:10]})"
            obj["solution"] = [int(ch) for ch in m.group(3)]
            out.append(obj)
    return out


def from_nickleaton(repo: str, refused: collections.Counter) -> list[dict]:
    out = []
    for path in git_ls(repo, COMMITS["nickleaton"], "problems/fpuzzles/json"):
        obj = json.loads(git_show(repo, COMMITS["nickleaton"], path))
        obj = obj.get("data", obj)
        sol = obj.get("solution")
        if not sol or not all(isinstance(v, int) and v > 0 for v in sol):
            continue
        if not any(obj.get(k) for k in SUM_KEYS):
            continue
        obj["title"] = f"{obj.get('title') or ''} (f-puzzles id {Path(path).stem})".strip()
        out.append(obj)
    return out


def _rc_digits(text: str) -> str:
    """'12' (row 1, column 2) -> 'R1C2'."""
    if not re.fullmatch(r"[1-9][1-9]", text.strip()):
        raise Unsupported(f"cell {text}")
    return f"R{text.strip()[0]}C{text.strip()[1]}"


def nickleaton_yaml_to_fpuzzles(doc: dict) -> dict:
    """The f-puzzles object of one of Nickleaton's 9x9 problem files (Unsupported names a
    rule this conversion does not have).  Little killers are written SIDE INDEX C|A = TOTAL:
    the clue sits outside the grid on that side at that index (0 = the corner), and the
    diagonal runs clockwise (C) or anticlockwise (A) from it, as src/utils/side.py of that
    repository maps them."""
    n = 9
    if str(doc["Board"].get("Board", "9x9")) != "9x9":
        raise Unsupported("board size")
    grid = [[{} for _ in range(n)] for _ in range(n)]
    obj: dict = {"size": n, "grid": grid}
    steps = {("T", "C"): "DR", ("R", "C"): "DL", ("B", "C"): "UL", ("L", "C"): "UR",
             ("T", "A"): "DL", ("R", "A"): "UL", ("B", "A"): "UR", ("L", "A"): "DR"}
    for key, value in doc["Constraints"].items():
        if key in ("Columns", "Rows") or (key == "Boxes" and value in (None, "3x3")):
            continue
        if key in ("Known", "Knowns"):
            for r, row in enumerate(value):
                for c, ch in enumerate(str(row)):
                    if ch.isdigit() and ch != "0":
                        grid[r][c] = {"value": int(ch), "given": True}
        elif key == "LittleKiller":
            for clue in value:
                m = re.fullmatch(r"([TRBL])(\d)([CA])=(\d+)", clue)
                side, index, turn, total = m.groups()
                index = int(index)
                outside = {"T": (0, index), "R": (index, n + 1), "B": (n + 1, index),
                           "L": (index, 0)}[side]
                obj.setdefault("littlekillersum", []).append(
                    {"cell": f"R{outside[0]}C{outside[1]}", "direction": steps[side, turn],
                     "value": total})
        elif key == "Sandwich":
            for clue in value:
                m = re.fullmatch(r"([TL])(\d)=(\d+)", clue)
                side, k, total = m.groups()
                where = f"R0C{k}" if side == "T" else f"R{k}C0"
                obj.setdefault("sandwichsum", []).append({"cell": where, "value": total})
        elif key in ("SumArrowLine", "GermanWhisperLine", "RenbanLine"):
            for line in value:
                cells = [_rc_digits(t) for t in str(line).split(",")]
                if key == "SumArrowLine":
                    obj.setdefault("arrow", []).append({"cells": cells[:1], "lines": [cells]})
                else:
                    obj.setdefault("whispers" if key == "GermanWhisperLine" else "renban",
                                   []).append({"lines": [cells]})
        elif key in ("AntiKnight", "AntiKing") and value is None:
            obj[key.lower()] = True
        else:
            raise Unsupported(key)
    return obj


def from_nickleaton_yaml(repo: str, refused: collections.Counter) -> list[dict]:
    import yaml  # PyYAML, for this rebuild only
    out = []
    paths = [p for folder in ("problems/easy", "problems/easy/postponed", "problems/hard")
             for p in git_ls(repo, COMMITS["nickleaton"], folder)
             if p.endswith(".yaml")]  # .yamlx: files the author set aside
    for path in sorted(paths):
        try:
            doc = yaml.safe_load(git_show(repo, COMMITS["nickleaton"], path))
        except yaml.YAMLError:
            refused["nickleaton yaml: not YAML"] += 1
            continue
        if not isinstance(doc, dict) or not isinstance(doc.get("Board"), dict):
            continue
        cons = doc.get("Constraints") or {}
        if not doc.get("Solution") or not isinstance(cons, dict) or not (
                {"LittleKiller", "SumArrowLine", "Sandwich"} & set(cons)):
            continue
        try:
            obj = nickleaton_yaml_to_fpuzzles(doc)
        except Unsupported as e:
            refused[f"nickleaton yaml: {e}"] += 1
            refused["nickleaton yaml: puzzles left out"] += 1
            continue
        tags = doc["Board"].get("Tags") or {}
        title = " by ".join(str(t) for t in (tags.get("Title"), tags.get("Author")) if t)
        obj = {"size": 9, "title": f"{title} ({Path(path).name})", **obj}
        obj["solution"] = [int(ch) for row in doc["Solution"] for ch in str(row)]
        out.append(obj)
    return out


def _timwi_cells(text: str) -> list[tuple[int, int]]:
    """Timwi's coordinates: 'B1,A2' (column letter, row digit) or a cell-index range."""
    m = re.fullmatch(r'Constraint\.TranslateCoordinates\("([A-I1-9,]+)"\)', text)
    if m:
        return [(int(t[1]) - 1, ord(t[0]) - ord("A")) for t in m.group(1).split(",")]
    m = re.fullmatch(r"Enumerable\.Range\(0, 9\)\.Select\(i => (?:(\d+) ([-+]) )?i \* (\d+)\)",
                     text)
    if m is None:
        raise Unsupported(text[:40])
    base, sign, step = int(m.group(1) or 0), m.group(2) or "+", int(m.group(3))
    return [divmod(base + (step * i if sign == "+" else -step * i), 9) for i in range(9)]


def from_timwi(repo: str, refused: collections.Counter) -> list[dict]:
    """The little-killer ("Sum Sudoku") and sandwich tests of PuzzleSolverTester/
    SudokuTests.cs, each with the solution the test asserts."""
    text = git_show(repo, COMMITS["timwi"], "PuzzleSolverTester/SudokuTests.cs")
    out = []
    steps = {(1, 1): "DR", (-1, -1): "UL", (1, -1): "DL", (-1, 1): "UR"}
    for m in re.finditer(r"public void (TestSumSudoku|TestSandwichSudoku)\(\)(.*?)\n        \}",
                         text, re.S):
        body = m.group(2)
        video = re.search(r"https://www\.youtube\.com/watch\?v=[\w-]+", body).group(0)
        solution = [int(v) for v in re.findall(r"\d", body[body.rindex(")),") + 3:]
                                                         if ")),"in body else
                                                         body[body.rindex("),") + 2:])]
        obj: dict = {"size": 9, "title": f"{m.group(1)[4:]} ({video}, via SudokuTests.cs)",
                     "grid": [[{} for _ in range(9)] for _ in range(9)]}
        if m.group(1) == "TestSumSudoku":
            for total, where in re.findall(r"new SumConstraint\((\d+), (.*?\))\)", body):
                cells = _timwi_cells(where)
                (r0, c0), (r1, c1) = cells[0], cells[1]
                dr, dc = r1 - r0, c1 - c0
                if 0 <= r0 - dr < 9 and 0 <= c0 - dc < 9:
                    cells.reverse()
                    (r0, c0), dr, dc = cells[0], -dr, -dc
                r, c = cells[-1]
                assert not (0 <= r + dr < 9 and 0 <= c + dc < 9), "a whole diagonal"
                obj.setdefault("littlekillersum", []).append(
                    {"cell": f"R{r0 - dr + 1}C{c0 - dc + 1}", "direction": steps[dr, dc],
                     "value": total})
        else:
            cols = re.search(r"columnClues: \[([\d, ]+)\]", body).group(1).split(",")
            rows = re.search(r"rowClues: \[([\d, ]+)\]", body).group(1).split(",")
            obj["sandwichsum"] = ([{"cell": f"R0C{k}", "value": v.strip()}
                                   for k, v in enumerate(cols, 1)] +
                                  [{"cell": f"R{k}C0", "value": v.strip()}
                                   for k, v in enumerate(rows, 1)])
            givens = re.search(r'AddGivens\(@"([.1-9]{81})"\)', body).group(1)
            for k, ch in enumerate(givens):
                if ch != ".":
                    obj["grid"][k // 9][k % 9] = {"value": int(ch), "given": True}
        obj["solution"] = solution
        assert len(solution) == 81
        out.append(obj)
    return out


# Sudoku-Bench's challenge_100 puzzles that sudokit reads, with an arrow or a little killer,
# whose rules text names no rule beyond the drawing (0025 and 0031 say anti-knight in words
# only, 0037 yin-yang and hot/cold, 0062 Nosferatu cells: left out).
SUDOKU_BENCH = ("puzzle_0035.json", "puzzle_0055.json", "puzzle_0070.json", "puzzle_0098.json")


def sudokubench_lines(repo: str) -> list[str]:
    """real_sudokubench.txt: per puzzle, a comment naming it, '# solution DIGITS' (the
    dataset's own) and its SudokuPad id (the dataset's encoded_puzzle), which sudokit reads."""
    lines = ["# Sudoku-Bench challenge_100 puzzles (see README.md): a '# solution' line, then "
             "the SudokuPad id"]
    for name in SUDOKU_BENCH:
        d = json.loads(git_show(repo, COMMITS["sudokubench"],
                                f"Sudoku-Bench_json_conversion/challenge/{name}"))
        lines += [f"# {d['title']} by {d['author']}, {d['sudokupad_url']} ({name})",
                  f"# solution {d['solution']}", d["encoded_puzzle"]]
    return lines


def readable(objs: list[dict], source: str, refused: collections.Counter) -> list[dict]:
    kept = []
    for obj in objs:
        refused[f"{source}: puzzles left out"] += 0
        try:
            parse_fpuzzles(json.dumps(obj))
        except ParseError as e:
            words = re.findall(r"'([a-z+\-]+)'", str(e)) or [str(e)[:60]]
            for w in sorted(set(words)):
                refused[f"{source}: {w}"] += 1
            refused[f"{source}: puzzles left out"] += 1
            continue
        kept.append(obj)
    return kept


def main(argv: list[str]) -> None:
    iss, rangsk, nickleaton, timwi, sudokubench = argv
    refused: collections.Counter = collections.Counter()
    solutions: set = set()  # one puzzle per published solution, first source kept
    for source, repo, fn in (("iss", iss, from_iss), ("rangsk", rangsk, from_rangsk),
                             ("nickleaton", nickleaton, from_nickleaton),
                             ("nickleaton_yaml", nickleaton, from_nickleaton_yaml),
                             ("timwi", timwi, from_timwi)):
        objs = readable(fn(repo, refused), source, refused)
        objs = [o for o in objs if tuple(o["solution"]) not in solutions]
        solutions.update(tuple(o["solution"]) for o in objs)
        with open(HERE / f"real_{source}.jsonl", "w") as out:
            for obj in objs:
                out.write(json.dumps(obj, separators=(",", ":")) + "\n")
        kinds = collections.Counter(k for o in objs for k in SUM_KEYS if o.get(k))
        print(f"{source}: {len(objs)} puzzles kept; {dict(kinds)}")
    (HERE / "real_sudokubench.txt").write_text("\n".join(sudokubench_lines(sudokubench)) + "\n")
    print(f"sudokubench: {len(SUDOKU_BENCH)} puzzles kept")
    for what, count in sorted(refused.items()):
        print(f"  left out: {what} x{count}")


if __name__ == "__main__":
    main(sys.argv[1:])
