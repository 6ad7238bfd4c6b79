"""sudokit verify / dedupe / augment / stats (sudokit.dataset), called through their run functions."""

from _paths import TESTS
import argparse
import io
import json
import random
from pathlib import Path

from sudokit.cli import dataset
from sudokit.cli.dataset import pack_key, run_augment, run_dedupe, run_stats, run_verify
from sudokit.symmetry import Transform, canonical_line, random_transform

GOLDEN = TESTS / "data" / "golden_tdoku.txt"


def golden():
    """Return [(puzzle, count, solution or None)] from the golden tdoku file."""
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(":")
        rows.append((parts[0], int(parts[1]), parts[2] if len(parts) > 2 else None))
    return rows


def unique_pairs():
    return [(p, s) for p, c, s in golden() if c == 1 and s]


def run(fn, path, **options):
    out, err = io.StringIO(), io.StringIO()
    status = fn(argparse.Namespace(file=str(path), **options), out, err)
    return status, out.getvalue().splitlines(), err.getvalue()


def write(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines))
    return path


def set_cell(line, cell, ch):
    return line[:cell] + ch + line[cell + 1:]


# --- verify -------------------------------------------------------------------------------

def test_verify_accepts_right_solutions_in_every_separator(tmp_path):
    pairs = unique_pairs()[:4]
    seps = [",", ":", "\t", " "]
    lines = ["# comment", ""] + [p + sep + s for (p, s), sep in zip(pairs, seps)]
    status, out, err = run(run_verify, write(tmp_path, "v.txt", lines))
    assert status == 0, err
    assert out == [p + "\tok" for p, _ in pairs]  # (the comment and blank line dropped)


def test_verify_reads_tdoku_count_field():
    status, out, _ = run(run_verify, GOLDEN)
    rows = golden()
    assert len(out) == len(GOLDEN.read_text().splitlines())
    for (p, c, s), line in zip(rows, out):
        assert line == (p + "\tok" if s else p + "\tbad: no solution on the line")
    assert status == 1  # some golden puzzles have no solution


def test_verify_names_the_problem(tmp_path):
    (p, s), (p2, s2) = unique_pairs()[:2]
    empty = set_cell(s, 10, "0")                       # r2c2 empty
    row_rep = set_cell(s, 0, s[1])                     # row 1 repeats s[1]
    relabel = Transform(3, 3, (2, 3, 4, 5, 6, 7, 8, 9, 1), False, tuple(range(9)), tuple(range(9)))
    other = relabel.apply(s).to_line()                 # a valid grid that breaks the givens
    given = next(k for k in range(81) if p[k] != ".")
    lines = [f"{p},{empty}", f"{p},{row_rep}", f"{p},{other}", f"{p2},{s2}", p]
    status, out, _ = run(run_verify, write(tmp_path, "bad.csv", lines))
    assert status == 1
    assert out[0] == p + "\tbad: cell r2c2 is empty"
    assert out[1] == p + f"\tbad: row 1 repeats {s[1]}"
    r, c = divmod(given, 9)
    assert out[2] == p + f"\tbad: cell r{r + 1}c{c + 1} is {other[given]}, the puzzle gives {p[given]}"
    assert out[3] == p2 + "\tok"
    assert out[4] == p + "\tbad: no solution on the line"


def test_verify_kaggle_csv_with_header_and_zero_blanks(tmp_path):
    pairs = unique_pairs()[:6]
    rows = []
    for p, s in pairs:
        z = p.replace(".", "0")
        if z[0] != "0":  # make sure leading zeros occur: blank the first given (still a puzzle)
            z = "0" + z[1:]
        rows.append((z, s))
    lines = ["quizzes,solutions"] + [f"{z},{s}" for z, s in rows]
    status, out, err = run(run_verify, write(tmp_path, "sudoku.csv", lines))
    assert status == 0, err
    assert out[0] == "quizzes,solutions"
    assert "line 1: header 'quizzes,solutions' passed through" in err
    assert out[1:] == [z + "\tok" for z, _ in rows]
    assert all(line.startswith("0") for line in out[1:])


def test_bad_lines_are_error_records(tmp_path):
    (p, s), (p2, s2) = unique_pairs()[:2]
    short = p[:80]
    letter = set_cell(p2, 4, "Z")
    badsol = f"{p},{s[:40]}"
    lines = [p + "," + s, short + "," + s, letter, badsol, p2 + "," + s2]
    path = write(tmp_path, "errs.txt", lines)
    status, out, err = run(run_verify, path)
    assert status == 1
    assert out == [p + "\tok", lines[1] + "\terror", letter + "\terror", badsol + "\terror", p2 + "\tok"]
    assert "line 2, column 81: expected 81 cells" in err
    assert "line 3, column 5: " in err and "'Z'" in err
    assert "line 4, column 123: expected 81 cells" in err  # column in the line, not in the field
    for fn, options in ((run_dedupe, {}), (run_stats, {"node_limit": None}),
                        (run_augment, {"count": 2, "seed": 1})):
        status, out, err = run(fn, path, **options)
        assert status == 1, fn
        assert lines[1] + "\terror" in out and letter + "\terror" in out
        assert "line 2, column 81" in err and "line 3, column 5" in err


def test_trailing_comment_and_empty_record(tmp_path):
    p, s = unique_pairs()[0]
    lines = [f"{p} {s}  # from golden", " ,, ", f"{p}\t# no solution"]
    status, out, err = run(run_verify, write(tmp_path, "t.txt", lines))
    assert status == 1
    assert out == [p + "\tok", " ,, \terror", p + "\tbad: no solution on the line"]
    assert "line 2, column 2: no puzzle on the line" in err


def test_stdin(monkeypatch):
    p, s = unique_pairs()[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{p},{s}\n"))
    out, err = io.StringIO(), io.StringIO()
    assert run_verify(argparse.Namespace(file="-"), out, err) == 0
    assert out.getvalue() == p + "\tok\n"


def test_missing_file_is_an_io_error(tmp_path):
    for fn, options in ((run_verify, {}), (run_dedupe, {}), (run_stats, {"node_limit": None}),
                        (run_augment, {"count": 1, "seed": 1})):
        status, out, err = run(fn, tmp_path / "nope.txt", **options)
        assert status == 3 and out == [] and "cannot read" in err


# --- dedupe -------------------------------------------------------------------------------

def test_dedupe_drops_transformed_copies_keeps_different_puzzles(tmp_path):
    puzzles = [p for p, c, _ in golden() if c == 1][:6]
    rng = random.Random(5)
    copies = [random_transform("3x3", rng).apply(p).to_line() for p in puzzles]
    lines = ["# head"] + puzzles[:3] + copies[:3] + [""] + copies[3:] + puzzles[3:] + [puzzles[0]]
    status, out, err = run(run_dedupe, write(tmp_path, "d.txt", lines))
    assert status == 0
    # copies[3:] come before puzzles[3:], so they are the ones kept; the comment and the
    # blank line are dropped, as solve drops them
    assert out == puzzles[:3] + copies[3:]
    assert err.strip() == "kept 6 of 13 (7 duplicates)"


def test_dedupe_chunks_and_keys(tmp_path, monkeypatch):
    monkeypatch.setattr(dataset, "CHUNK", 2)  # duplicates across chunk boundaries
    puzzles = [p for p, c, _ in golden()][:5]
    lines = puzzles + [p.replace(".", "0") for p in puzzles]
    status, out, err = run(run_dedupe, write(tmp_path, "c.txt", lines))
    assert status == 0 and out == puzzles
    assert err.strip() == "kept 5 of 10 (5 duplicates)"
    keys = {pack_key(canonical_line(p)) for p in puzzles}
    assert len(keys) == 5 and all(len(k) == 41 for k in keys)


# --- augment ------------------------------------------------------------------------------

def test_augment_then_verify_and_reproducible(tmp_path):
    src = GOLDEN
    status, out, err = run(run_augment, src, count=3, seed=42)
    assert status == 0 and err == ""
    rows = golden()
    assert len(out) == 3 * len(rows)
    again = run(run_augment, src, count=3, seed=42)[1]
    assert again == out
    assert run(run_augment, src, count=3, seed=43)[1] != out
    pairs = {p: s for p, _, s in rows}
    for k, line in enumerate(out):
        p = rows[k // 3][0]
        fields = line.split(",", 2 if pairs[p] else 1)
        tr = Transform.from_dict(json.loads(fields[-1]))
        assert fields[0] == tr.apply(p).to_line()
        if pairs[p]:
            assert fields[1] == tr.apply(pairs[p]).to_line()
    path = write(tmp_path, "aug.txt", out)
    status, vout, err = run(run_verify, path)
    assert status == 1 and err == ""  # pairs all pass; puzzles without a solution are 'bad'
    assert len(vout) == len(out)
    for k, v in enumerate(vout):
        assert v.endswith("\tok" if pairs[rows[k // 3][0]] else "\tbad: no solution on the line")


def test_augment_draws_and_prints_a_seed_keeps_zero_blanks(tmp_path):
    p, s = unique_pairs()[0]
    z = p.replace(".", "0")
    path = write(tmp_path, "a.csv", ["quizzes,solutions", f"{z},{s}", f"{p},{'1' * 81}"])
    status, out, err = run(run_augment, path, count=2, seed=None)
    assert status == 1  # the second pair's solution is wrong: an error record, not augmented
    assert "--seed " in err and "the solution does not solve the puzzle" in err
    seed = int(err.split("--seed ")[1].split()[0])
    assert out[0] == "quizzes,solutions" and len(out) == 4
    assert all("." not in line.split(",")[0] and "0" in line.split(",")[0] for line in out[1:3])
    assert out[3] == f"{p},{'1' * 81}\terror"
    assert run(run_augment, path, count=2, seed=seed)[1] == out


# --- stats --------------------------------------------------------------------------------

def test_stats_counts_clues_and_verdicts(tmp_path):
    rows = golden()
    illegal = "11" + "." * 79
    lines = ["# c"] + [p for p, _, _ in rows] + [illegal]
    status, out, err = run(run_stats, write(tmp_path, "s.txt", lines), node_limit=None)
    assert status == 0
    assert out[0] == "line\tclues\tcount\tguesses\tverdict"
    table = [line.split("\t") for line in out[1:]]  # (the comment line dropped)
    assert len(table) == len(rows) + 1
    for (p, c, _), (no, clues, count, guesses, verdict) in zip(rows, table):
        assert int(clues) == 81 - p.count(".")
        assert int(count) == min(c, 2) and int(guesses) >= 0
        assert verdict == {0: "impossible", 1: "unique"}.get(c, "ambiguous")
    assert table[0][0] == "2" and table[-1] == [str(len(lines)), "2", "0", "0", "illegal"]
    assert err.startswith(f"stats: {len(rows) + 1} puzzles (")
    assert "1 illegal" in err and f"{sum(c == 1 for _, c, _ in rows)} unique" in err


def test_stats_node_limit(tmp_path):
    hard = [p for p, c, _ in golden() if c == 0][0]
    status, out, _ = run(run_stats, write(tmp_path, "h.txt", [hard]), node_limit=1)
    assert status == 0 and out[1].endswith("\tlimit")


def test_add_cli_wires_run_functions():
    parser = argparse.ArgumentParser()
    dataset.add_parsers(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["augment", "x.txt", "--count", "2", "--seed", "3"])
    assert (args.file, args.count, args.seed, args.run) == ("x.txt", 2, 3, run_augment)
    assert parser.parse_args(["verify"]).run is run_verify and parser.parse_args(["verify"]).file == "-"
    assert parser.parse_args(["dedupe", "f"]).run is run_dedupe
    assert parser.parse_args(["stats", "--node-limit", "9"]).node_limit == 9
