"""Hash everything a user sees of human solving and judging, to show two trees agree (#30).

    python3 benchmarks/same_outputs.py --write base.json                  # on one tree
    python3 benchmarks/same_outputs.py --compare base.json                # on the other
    python3 benchmarks/same_outputs.py --only se,judge --jobs 2 --lines DIR

Parts (each a list of records, one line of text per record, hashed in order):

    se        SE ER/EP/ED of every puzzle of se_cb_public.txt and hodoku220_cb_public.csv
    se-hard   SE ER/EP/ED of se_hard_public.txt (the C chaining; minutes)
    hodoku    HoDoKu level and score of every puzzle of the public HoDoKu sets
              (hodoku220_cb_public, hodoku_levels_public, hodoku_known_disparities_public,
              the puzzles of hodoku_reglib-1.3) and of se_cb_public
    logic     every step (technique, cells, text, rating) of logic.steps on top1465 and a
              seeded sample of 300 of the hardest-1106, and on the variant corpora of
              tests/data/variants (jigsaw, X, chaos)
    judge     stdout and exit code of every judge case under ../shared/data/judge-cases

Run it under SUDOKIT_PUREPYTHON=1 too (the pure-Python path is the specification; the
``se`` and ``logic`` parts then take a seeded sample, --pure-sample, default 60).  --lines DIR keeps one file per part
with the records, so a mismatch can be found with diff.  Work is spread over --jobs
processes in fixed chunks; the hash does not depend on --jobs.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "shared" / "data"
RATINGS = DATA / "ratings"
VARIANTS = HERE.parent / "tests" / "data" / "variants"
PARTS = ("se", "se-hard", "hodoku", "logic", "judge")


def _csv_puzzles(name: str) -> list[str]:
    with open(RATINGS / name, newline="") as fh:
        return [row["puzzle"] for row in csv.DictReader(fh)]


def _txt_puzzles(path: Path) -> list[str]:
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split()[0] if len(line.split()[0]) >= 81 else line)
    return out


def _reglib() -> list[str]:
    """The puzzle fields of HoDoKu's regression library (lines 'technique:...:puzzle:...')."""
    out = []
    for line in (RATINGS / "hodoku_reglib-1.3.txt").read_text().splitlines():
        if line.startswith("#") or ":" not in line:
            continue
        for field in line.split(":"):
            digits = field.replace(".", "0")
            if len(field) == 81 and digits.isdigit():
                out.append(field)
                break
    return out


def _se_lines(name: str) -> list[str]:
    """The puzzle of each line of an SE rated file (puzzle first, then the ratings)."""
    return [line.split()[0] for line in (RATINGS / name).read_text().splitlines() if line.strip()]


def jobs_se(pure_sample: int | None = None) -> list:
    puzzles = _se_lines("se_cb_public.txt") + _csv_puzzles("hodoku220_cb_public.csv")
    if pure_sample:
        puzzles = random.Random(17).sample(puzzles, pure_sample)
    return [("se", p) for p in puzzles]


def jobs_se_hard() -> list:
    return [("se", p) for p in _se_lines("se_hard_public.txt")]


def jobs_hodoku() -> list:
    puzzles = (_csv_puzzles("hodoku220_cb_public.csv") + _csv_puzzles("hodoku_levels_public.csv")
               + _csv_puzzles("hodoku_known_disparities_public.csv") + _reglib()
               + _se_lines("se_cb_public.txt"))
    return [("hodoku", p) for p in puzzles]


def jobs_logic(pure_sample: int | None) -> list:
    top = _txt_puzzles(DATA / "puzzles3_magictour_top1465")
    hard = _txt_puzzles(DATA / "puzzles6_forum_hardest_1106")
    hard = random.Random(1106).sample(hard, 300)
    out = [("logic", p, None) for p in top + hard]
    if pure_sample:
        out = random.Random(7).sample(out, pure_sample)
    for path in sorted(VARIANTS.glob("*.txt")):
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                out.append(("logic-variant", line.strip(), path.name))
    return out


def jobs_judge() -> list:
    base = DATA / "judge-cases"
    out = []
    for folder in sorted(p for p in base.iterdir() if p.is_dir()):
        for path in sorted(folder.rglob("*.in")):
            out.append(("judge", str(path), folder.name))
    return out


def run_one(job) -> str:
    kind = job[0]
    if kind == "se":
        from sudokit import rate
        r = rate(job[1], hodoku=False)
        return f"{job[1]}\t{r.status}\t{r.er}\t{r.ep}\t{r.ed}\t{r.hardest}\t{r.steps}"
    if kind == "hodoku":
        from sudokit import rate
        r = rate(job[1])
        return f"{job[1]}\t{r.status}\t{r.level}\t{r.score}"
    if kind in ("logic", "logic-variant"):
        from sudokit import logic
        if kind == "logic":
            path = logic.steps(job[1])
        else:
            path = _variant_path(job[1])
        h = hashlib.sha256()
        for s in path.steps:
            h.update(json.dumps(s.to_json(), sort_keys=True).encode())
        return f"{job[1][:200]}\t{path.status}\t{len(path.steps)}\t{h.hexdigest()}"
    if kind == "judge":
        from sudokit import judge
        src = Path(job[1])
        out, err = io.StringIO(), io.StringIO()
        try:
            code = judge.run(judge.dialect(job[2]), io.StringIO(src.read_text()), out, err)
        except (KeyError, ValueError) as exc:      # a folder that is no dialect name
            return f"{src.parent.name}/{src.name}\tno dialect: {exc}"
        digest = hashlib.sha256((out.getvalue() + "\0" + err.getvalue()).encode()).hexdigest()
        return f"{src.parent.name}/{src.name}\t{code}\t{digest}"
    raise ValueError(kind)


def _variant_path(text: str):
    """The logical path of one line of a variant corpus (puzzle and geometry as the CLI
    reads them)."""
    from sudokit import geometry, logic
    ident, rules, regions, puzzle = text.split(";")[:4]
    geom = geometry.jigsaw(regions) if regions != "-" else geometry.parse(str(int(len(puzzle) ** 0.5)))
    geom = geom.with_rules(*(rules.split("+") if rules != "-" else ()))
    return logic.steps(logic.State.of(puzzle, geometry=geom))


def run_chunk(jobs) -> list[str]:
    return [run_one(j) for j in jobs]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(p for p in PARTS if p != "se-hard"),
                    help=f"comma-separated parts of {', '.join(PARTS)} (default: all but se-hard)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--pure-sample", type=int, default=None,
                    help="logic part: a seeded sample of the 9x9 puzzles (pure Python is slow)")
    ap.add_argument("--write", help="write the hashes to this JSON file")
    ap.add_argument("--compare", help="compare with the hashes of this JSON file (exit 1 if not equal)")
    ap.add_argument("--lines", help="keep the records of each part in DIR/PART.txt")
    args = ap.parse_args(argv)
    import sudokit
    backend = sudokit.backend()
    if backend == "python" and args.pure_sample is None:
        args.pure_sample = 60
    result = {"backend": backend, "parts": {}}
    for part in args.only.split(","):
        sample = args.pure_sample if backend == "python" else None
        maker = {"se": lambda: jobs_se(sample), "se-hard": jobs_se_hard, "hodoku": jobs_hodoku,
                 "judge": jobs_judge,
                 "logic": lambda: jobs_logic(sample)}[part]
        jobs = maker()
        chunks = [jobs[i:i + 20] for i in range(0, len(jobs), 20)]
        t = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                lines = [x for chunk in pool.map(run_chunk, chunks) for x in chunk]
        else:
            lines = [x for chunk in chunks for x in run_chunk(chunk)]
        digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
        result["parts"][part] = {"records": len(lines), "sha256": digest}
        print(f"{part:8} {len(lines):6} records  sha256 {digest[:16]}  "
              f"({time.perf_counter() - t:.0f} s, {backend})", flush=True)
        if args.lines:
            os.makedirs(args.lines, exist_ok=True)
            Path(args.lines, f"{part}-{backend}.txt").write_text("\n".join(lines) + "\n")
    if args.write:
        Path(args.write).write_text(json.dumps(result, indent=1) + "\n")
    if args.compare:
        old = json.loads(Path(args.compare).read_text())
        bad = [p for p, v in result["parts"].items()
               if p in old["parts"] and old["parts"][p] != v]
        missing = [p for p in result["parts"] if p not in old["parts"]]
        for p in bad:
            print(f"DIFFERENT: {p}: {old['parts'][p]} vs {result['parts'][p]}")
        for p in missing:
            print(f"not in {args.compare}: {p}")
        if bad or missing:
            return 1
        print(f"same as {args.compare}: {', '.join(result['parts'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
