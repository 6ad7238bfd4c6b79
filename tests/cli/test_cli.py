"""End-to-end tests of the installed ``sudokit`` command, run as a user would: a subprocess,
stdin in, stdout and stderr out, exit status checked.

Uses the console script on PATH (``pip install -e .``); without it, ``python -m sudokit``
stands in and test_console_script_installed is skipped with a notice.
"""

from __future__ import annotations

from _paths import ROOT
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudokit import Grid, is_solution

ROOT = ROOT
EXAMPLES = ROOT / "examples"
JUDGE = ROOT / "tests" / "data" / "judge"

SCRIPT = shutil.which("sudokit")
COMMAND = [SCRIPT] if SCRIPT else [sys.executable, "-m", "sudokit"]

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
S1 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
AMBIGUOUS = "." * 81
ILLEGAL = "55" + P1[2:]
IMPOSSIBLE = "12345678." + "........9" + "." * 63   # legal givens; cell 9 has no candidate


def sudokit(*args, stdin: str | bytes = "", cwd=None, timeout=120):
    """Run the command; return CompletedProcess with text stdout/stderr."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run(COMMAND + list(args), input=data, capture_output=True, cwd=cwd,
                          timeout=timeout)
    proc.stdout = proc.stdout.decode("utf-8", "replace")
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_console_script_installed():
    if SCRIPT is None:
        pytest.skip("the 'sudokit' console script is not on PATH (run: pip install -e .); "
                    "these tests used 'python -m sudokit' instead")
    assert Path(SCRIPT).exists()


# --- solve --------------------------------------------------------------------------------


def test_solve_line_stdin_to_stdout():
    r = sudokit("solve", stdin=P1 + "\n")
    assert (r.returncode, r.stdout, r.stderr) == (0, S1 + "\n", "")


def test_solve_dash_means_stdin_and_zero_blanks():
    r = sudokit("solve", "-", stdin=P1.replace(".", "0") + "\n")
    assert r.returncode == 0 and r.stdout == S1 + "\n"


def test_solve_examples_file_in_order():
    lines = [ln for ln in (EXAMPLES / "puzzles.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    assert len(lines) >= 12
    r = sudokit("solve", str(EXAMPLES / "puzzles.txt"))
    assert r.returncode == 0 and r.stderr == ""
    out = r.stdout.splitlines()
    assert len(out) == len(lines)
    for puzzle, solution in zip(lines, out):
        assert is_solution(solution, puzzle)


def test_solve_16x16_examples_keep_their_alphabet():
    r = sudokit("solve", str(EXAMPLES / "16x16.txt"))
    assert r.returncode == 0
    puzzles = [ln for ln in (EXAMPLES / "16x16.txt").read_text().splitlines()
               if ln and not ln.startswith("#")]
    out = r.stdout.splitlines()
    assert len(out) == 2
    for puzzle, solution in zip(puzzles, out):
        assert len(solution) == 256 and set(solution) <= set("123456789ABCDEFG")
        assert is_solution(solution, puzzle)


def test_solve_16x16_letters_block_to_block():
    text = (JUDGE / "poj3076" / "sample.in").read_text().replace("-", ".")
    r = sudokit("solve", stdin=text)
    assert r.returncode == 0
    assert r.stdout == (JUDGE / "poj3076" / "sample.out").read_text()


def test_solve_block_input_and_to_line():
    block = "\n".join(P1[r * 9:(r + 1) * 9] for r in range(9)) + "\n"
    r = sudokit("solve", stdin=block)
    assert r.returncode == 0
    assert r.stdout == "\n".join(S1[i * 9:(i + 1) * 9] for i in range(9)) + "\n"
    r = sudokit("solve", "--to", "line", stdin=block + "\n" + block)
    assert r.stdout == f"{S1}\n{S1}\n"


def test_solve_ss_layout_is_kept():
    ss = formats_ss(P1)
    r = sudokit("solve", stdin=ss)
    assert r.returncode == 0
    assert r.stdout == formats_ss(S1)


def formats_ss(line: str) -> str:
    from sudokit import formats
    return formats.format_ss(Grid(line)) + "\n"


def test_solve_tokens_input_gives_tokens():
    tokens = "\n".join(" ".join(c if c != "." else "0" for c in P1[r * 9:(r + 1) * 9])
                       for r in range(9)) + "\n"
    r = sudokit("solve", stdin=tokens)
    assert r.returncode == 0
    assert r.stdout.splitlines()[0] == " ".join(S1[:9])
    assert len(r.stdout.splitlines()) == 9


def test_solve_box_2x3():
    six = "1.....\n..3...\n......\n......\n......\n.....6\n"
    r = sudokit("solve", "--box", "2x3", stdin=six)
    assert r.returncode == 0
    rows = r.stdout.split()
    assert len(rows) == 6 and is_solution(Grid("".join(rows), "2x3"), Grid(six.replace("\n", ""), "2x3"))
    r = sudokit("solve", "--box", "2x3", "--to", "line", stdin=six.replace("\n", "") + "\n")
    assert r.returncode == 0 and len(r.stdout.strip()) == 36


def test_solve_4x4_line():
    r = sudokit("solve", stdin="1...\n" * 0 + "1..." + "..1." + "...." + "....\n")
    assert r.returncode == 0 and is_solution(r.stdout.strip(), "1.....1.........")


def test_solve_json():
    r = sudokit("solve", stdin=json.dumps({"puzzle": P1}) + "\n" + json.dumps({"puzzle": ILLEGAL}) + "\n")
    assert r.returncode == 1
    first, second = (json.loads(x) for x in r.stdout.splitlines())
    assert first["status"] == "solved" and first["puzzle"] == S1
    assert second["status"] == "illegal"


def test_solve_statuses_one_record_per_input_record():
    text = "\n".join([P1, ILLEGAL, IMPOSSIBLE, P1[:70], AMBIGUOUS, P1]) + "\n"
    r = sudokit("solve", stdin=text)
    assert r.returncode == 1
    out = r.stdout.splitlines()
    assert len(out) == 6
    assert out[0] == S1 and out[5] == S1
    assert out[1] == f"{ILLEGAL}\tillegal"
    assert out[2] == f"{IMPOSSIBLE}\timpossible"
    assert out[3] == f"{P1[:70]}\terror"
    assert is_solution(out[4])                    # several solutions: the first one found
    assert "<stdin>, line 4, column 71" in r.stderr
    r = sudokit("solve", "--unique", stdin=text)
    assert r.stdout.splitlines()[4] == f"{AMBIGUOUS}\tambiguous"


def test_solve_node_limit_status():
    hard = (EXAMPLES / "puzzles.txt").read_text().splitlines()[-1]
    r = sudokit("solve", "--engine", "backtrack", "--node-limit", "5", stdin=hard + "\n")
    assert r.returncode == 1 and r.stdout == f"{hard}\tlimit\n"


def test_solve_block_failure_is_a_comment_record():
    block = "\n".join(ILLEGAL[r * 9:(r + 1) * 9] for r in range(9)) + "\n"
    good = "\n".join(P1[r * 9:(r + 1) * 9] for r in range(9)) + "\n"
    r = sudokit("solve", stdin=good + "\n" + block)
    assert r.returncode == 1
    records = r.stdout.split("\n\n")
    assert len(records) == 2 and records[1].startswith("# illegal\n")


def test_output_file(tmp_path):
    target = tmp_path / "out.txt"
    r = sudokit("solve", "-o", str(target), stdin=P1 + "\n")
    assert r.returncode == 0 and r.stdout == "" and target.read_text() == S1 + "\n"


def test_several_files_in_order_with_a_missing_one(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(P1 + "\n")
    b.write_text(P1.replace(".", "0") + "\n" + ILLEGAL + "\n")
    r = sudokit("solve", str(a), str(tmp_path / "missing.txt"), str(b))
    assert r.returncode == 3
    assert r.stdout == f"{S1}\n{S1}\n{ILLEGAL}\tillegal\n"
    assert "missing.txt" in r.stderr


# --- check, count, convert ---------------------------------------------------------------


def test_check_verdicts():
    text = "\n".join([P1, AMBIGUOUS, ILLEGAL, IMPOSSIBLE]) + "\n"
    r = sudokit("check", stdin=text)
    assert r.returncode == 0, r.stderr
    assert [ln.split("\t")[1] for ln in r.stdout.splitlines()] == \
        ["unique", "ambiguous", "illegal", "impossible"]
    assert r.stdout.splitlines()[0] == f"{P1}\tunique"


def test_check_error_and_limit_exit_1():
    r = sudokit("check", stdin=f"{P1}\n{P1[:80]}!\n")
    assert r.returncode == 1
    assert r.stdout.splitlines()[1].endswith("\terror")
    assert "line 2, column 81" in r.stderr and "'!'" in r.stderr
    r = sudokit("check", "--engine", "backtrack", "--node-limit", "3", stdin=AMBIGUOUS[:-1] + "1\n")
    assert r.returncode == 1 and r.stdout.endswith("\tlimit\n")


@pytest.mark.parametrize("cmd", ["solve", "check", "explain", "stats"])
def test_a_byte_that_is_not_utf8_is_named_as_a_byte(cmd):
    # a stray byte of a Latin-1 file: named by its value, not as Python's escape of it
    r = sudokit(cmd, stdin=f"{P1}\n".encode() + P1[:80].encode() + b"\xff\n")
    assert r.returncode == 1
    assert "line 2, column 81: unexpected byte 0xFF, not UTF-8" in r.stderr, r.stderr
    assert "\\udc" not in r.stderr and "\\udc" not in r.stdout


def test_check_box_2x3_block():
    six = "1.....\n..3...\n......\n......\n......\n.....6\n"
    r = sudokit("check", "--box", "2x3", stdin=six)
    assert r.returncode == 0 and r.stdout.endswith("\tambiguous\n")


def test_count():
    r = sudokit("count", "--limit", "0", stdin="." * 16 + "\n")
    assert r.returncode == 0 and r.stdout == "." * 16 + "\t288\n"
    r = sudokit("count", "--limit", "5", stdin=f"{P1}\n{AMBIGUOUS}\n{ILLEGAL}\n")
    assert r.returncode == 0
    assert [ln.split("\t")[1] for ln in r.stdout.splitlines()] == ["1", "5+", "0"]


def test_count_6x6_box():
    six = "123456" + "." * 30
    r = sudokit("count", "--box", "2x3", "--limit", "0", stdin=six + "\n")
    assert r.returncode == 0 and r.stdout == f"{six}\t{28200960 // 720}\n"


@pytest.mark.slow
def test_count_empty_6x6():
    import sudokit as lib
    if lib.backend() == "python":
        pytest.skip("too slow in pure Python: 28 million solutions take hours; counted by the "
                    "C kernels")
    r = sudokit("count", "--box", "2x3", "--limit", "0", stdin="." * 36 + "\n", timeout=3600)
    assert r.returncode == 0 and r.stdout.endswith("\t28200960\n")


@pytest.mark.parametrize("fmt", ["block", "tokens", "json", "sdk", "ss", "line"])
def test_convert_round_trip(fmt):
    text = (EXAMPLES / "puzzles.txt").read_text()
    there = sudokit("convert", "--to", fmt, stdin=text)
    assert there.returncode == 0, there.stderr
    back = sudokit("convert", "--to", "line", "--format", "auto" if fmt != "sdk" else "block",
                   stdin=there.stdout)
    assert back.returncode == 0, back.stderr
    lines = [ln for ln in text.splitlines() if ln and not ln.startswith("#")]
    assert back.stdout.splitlines() == lines


def test_convert_16x16_and_pencilmarks():
    r = sudokit("convert", "--to", "tokens", str(EXAMPLES / "16x16.txt"))
    assert r.returncode == 0
    rows = r.stdout.split("\n\n")[0].splitlines()
    assert len(rows) == 16 and all(len(row.split()) == 16 for row in rows)
    r = sudokit("convert", "--to", "pencilmarks", stdin=P1 + "\n")
    assert r.returncode == 0 and len(r.stdout.strip()) == 729
    back = sudokit("convert", "--format", "pencilmarks", "--to", "line", stdin=r.stdout)
    assert back.returncode == 0
    assert sudokit("convert", "--to", "line", stdin=r.stdout).stdout == back.stdout  # detected
    filled = back.stdout.strip()   # cells with a single candidate come back filled
    assert all(p in (".", f) for p, f in zip(P1, filled)) and filled.count(".") < P1.count(".")


def test_convert_keeps_bad_records_in_place():
    r = sudokit("convert", "--to", "line", stdin=f"{P1}\nhello\n{P1}\n")
    assert r.returncode == 1
    assert r.stdout.splitlines() == [P1, "hello\terror", P1]
    assert "line 2" in r.stderr and "column" in r.stderr


# --- judge ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", ["poj3074", "acwing166", "uva989", "spoj-sudoku", "poj2918"])
def test_judge_samples(dialect):
    r = sudokit("judge", dialect, stdin=(JUDGE / dialect / "sample.in").read_text())
    assert r.returncode == 0 and r.stderr == ""
    expected = (JUDGE / dialect / "sample.out").read_text()
    norm = lambda s: "\n".join(ln.rstrip(" ") for ln in s.splitlines()).rstrip("\n")  # noqa: E731
    assert norm(r.stdout) == norm(expected)


def test_judge_bad_input():
    r = sudokit("judge", "poj3074", stdin=f"{P1}\n{P1[:81 - 3]}\n{P1}\nend\n")
    assert r.returncode == 1
    assert r.stdout == f"{S1}\nERROR\n{S1}\n"
    assert "line 2, column 79" in r.stderr


def test_judge_bad_bytes_are_a_parse_error():
    r = sudokit("judge", "poj3074", stdin=P1.encode() + b"\n" + b"\xff" * 81 + b"\nend\n")
    assert r.returncode == 1 and r.stdout == f"{S1}\nERROR\n"
    assert "line 2, column 1" in r.stderr


# --- exit codes, usage, help -------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["judge", "poj9999"], ["solve", "--engine", "quantum"], ["solve", "--format", "xml"],
    ["convert", "--to", "xml"], ["solve", "--box", "2y3"], ["count", "--limit", "-1"], [],
    ["convert"], ["frobnicate"],
])
def test_usage_errors_exit_2(args):
    r = sudokit(*args, stdin="")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr


def test_unknown_dialect_names_the_choices():
    r = sudokit("judge", "poj9999")
    assert "poj9999" in r.stderr and "poj3074" in r.stderr


def test_missing_file_exit_3():
    r = sudokit("solve", "/nonexistent/dir/puzzles.txt")
    assert r.returncode == 3 and "puzzles.txt" in r.stderr and r.stdout == ""
    r = sudokit("judge", "poj3074", "/nonexistent/input.txt")
    assert r.returncode == 3


def test_unwritable_output_exit_3(tmp_path):
    r = sudokit("solve", "-o", str(tmp_path / "no" / "such" / "dir.txt"), stdin=P1 + "\n")
    assert r.returncode == 3


def test_help_has_examples():
    r = sudokit("--help")
    assert r.returncode == 0
    for word in ("solve", "check", "count", "convert", "judge", "examples:", "exit status"):
        assert word in r.stdout
    for command in ("solve", "check", "count", "convert", "judge"):
        r = sudokit(command, "--help")
        assert r.returncode == 0 and "examples:" in r.stdout, command
    assert "ambiguous" in sudokit("solve", "--help").stdout
    assert "uva10957" in sudokit("judge", "--help").stdout


def test_version():
    r = sudokit("--version")
    assert r.returncode == 0 and r.stdout.startswith("sudokit ")


def _parsed(parser, argv) -> dict:
    """The parsed arguments as a dict, run functions by name (closures differ per parser)."""
    got = vars(parser.parse_args(argv))
    got["run"] = getattr(got.get("run"), "__qualname__", None)
    return got


@pytest.mark.parametrize("argv", [
    ["solve"], ["solve", "-", "--to", "block", "--unique", "--node-limit", "5"],
    ["check", "--box", "2x3", "a.txt"], ["count", "--limit", "0", "-j", "2"],
    ["convert", "--to", "json", "--blank", "0"], ["judge", "uva10957"],
    ["generate", "--count", "3"], ["canon"], ["verify", "f.txt"], ["dedupe"],
    ["augment", "--count", "2", "--seed", "7"], ["stats", "--node-limit", "9"]])
def test_one_command_parser_parses_as_the_full_one(argv):
    """main() defines only the command it runs (start-up, issue #14): same parse as with all."""
    from sudokit.cli import build_parser
    assert _parsed(build_parser(command=argv[0]), argv) == _parsed(build_parser(), argv)


def test_command_families_name_every_command():
    from sudokit.cli import COMMAND_FAMILIES, build_parser
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert set(sub.choices) == set(COMMAND_FAMILIES)
    with pytest.raises(ValueError):
        build_parser(command="nope")


@pytest.mark.parametrize("command", ["solve", "check", "count", "convert", "judge"])
def test_descriptions_are_filled_when_help_is_shown(command):
    """Description paragraphs are filled to 78 columns at help time (textwrap stays unimported
    by a run); epilogs keep their own layout."""
    import textwrap

    from sudokit.cli import build_parser
    parser = build_parser(command=command)
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    filled = textwrap.fill(" ".join(sub.description.split()), width=78)
    assert "\n" in filled  # a paragraph long enough to be wrapped
    assert filled in sub.format_help()
    assert "examples:\n  sudokit " + command in sub.format_help()


# --- pipes and signals ---------------------------------------------------------------------


def _big_input(tmp_path, lines=20000) -> Path:
    puzzles = [ln for ln in (EXAMPLES / "puzzles.txt").read_text().splitlines()
               if ln and not ln.startswith("#")]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(puzzles[i % len(puzzles)] for i in range(lines)) + "\n")
    return path


def test_head_closes_the_pipe(tmp_path):
    big = _big_input(tmp_path)
    producer = subprocess.Popen(COMMAND + ["solve", str(big)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
    head = subprocess.Popen(["head", "-1"], stdin=producer.stdout, stdout=subprocess.PIPE)
    producer.stdout.close()  # head alone holds the read end now, as in a shell pipe
    first, _ = head.communicate(timeout=120)
    err = producer.stderr.read().decode()
    code = producer.wait(timeout=120)
    assert is_solution(first.decode().strip())
    assert "Traceback" not in err and "Broken pipe" not in err and err == ""
    assert code == 0


def default_sigint() -> None:
    """In the child: Ctrl-C as at a terminal (a shell's background job starts with it ignored,
    and a program started with SIGINT ignored rightly keeps ignoring it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_interrupt_writes_what_is_done_and_exits_130(tmp_path):
    big = _big_input(tmp_path, lines=200000)
    proc = subprocess.Popen(COMMAND + ["solve", "--engine", "dlx", str(big)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=default_sigint)
    # it is running (and past start-up) once answers come; read unbuffered, byte by byte,
    # because communicate() below reads the pipe itself and would miss buffered bytes
    first = proc.stdout.raw.readline()
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted" in err
    lines = (first + out).decode().splitlines()
    assert 1 <= len(lines) < 200000
    assert all(len(line) == 81 for line in lines)  # whole records only


def test_terminal_user_gets_each_answer_at_once():
    """On a terminal, a typed puzzle is answered before the input ends (no 64-line lookahead,
    no output buffering)."""
    pty = pytest.importorskip("pty")
    import select

    block = "".join(P1[r * 9:(r + 1) * 9] + "\n" for r in range(9)).encode()
    for args, typed, want in ((["solve"], (P1 + "\n").encode(), S1.encode()),
                              (["solve"], block, b"534678912\r\n672195348"),
                              (["judge", "poj3074"], (P1 + "\n").encode(), S1.encode())):
        pid, fd = pty.fork()
        if pid == 0:  # child: become the command
            os.execvp(COMMAND[0], COMMAND + args)
        try:
            os.write(fd, typed)
            out, deadline = b"", time.monotonic() + 60
            while want not in out and time.monotonic() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.2)
                if ready:
                    try:
                        out += os.read(fd, 4096)
                    except OSError:
                        break
            assert want in out, (args, out)
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)


def test_generate_then_check_and_canon_end_to_end():
    gen = sudokit("generate", "--count", "3", "--seed", "11", "--symmetry", "rot180", "--minimal")
    assert gen.returncode == 0, gen.stderr
    lines = gen.stdout.splitlines()
    assert len(lines) == 3 and all(len(line) == 81 for line in lines)
    again = sudokit("generate", "--count", "3", "--seed", "11", "--symmetry", "rot180", "--minimal",
                    "--jobs", "2")
    assert again.stdout == gen.stdout  # same seed, any number of workers
    check = sudokit("check", "-", stdin=gen.stdout)
    assert check.returncode == 0
    assert [row.split("\t")[1] for row in check.stdout.splitlines()] == ["unique"] * 3
    canon = sudokit("canon", stdin="# header\n" + gen.stdout)
    assert canon.returncode == 0, canon.stderr
    out = canon.stdout.splitlines()
    assert len(out) == 3 and all(len(row) == 81 for row in out)  # (the comment dropped)
    bad = sudokit("generate", "--box", "2x3", "--symmetry", "rot90")
    assert bad.returncode == 2 and "square boxes" in bad.stderr


def test_dataset_commands_end_to_end():
    gen = sudokit("generate", "--count", "4", "--seed", "5", "--solution")
    assert gen.returncode == 0, gen.stderr
    pairs = gen.stdout.replace("\t", ",")
    verify = sudokit("verify", stdin=pairs)
    assert verify.returncode == 0 and verify.stdout.count("\tok\n") == 4
    aug = sudokit("augment", "--count", "2", "--seed", "9", stdin=pairs)
    assert aug.returncode == 0 and len(aug.stdout.splitlines()) == 8
    assert sudokit("verify", stdin=aug.stdout).stdout.count("\tok\n") == 8
    dedupe = sudokit("dedupe", stdin=aug.stdout)  # every image is equivalent to its source
    assert dedupe.returncode == 0 and len(dedupe.stdout.splitlines()) == 4
    assert "kept 4 of 8" in dedupe.stderr
    stats = sudokit("stats", stdin=gen.stdout)
    rows = stats.stdout.splitlines()
    assert rows[0].split("\t") == ["line", "clues", "count", "guesses", "verdict"]
    assert [r.split("\t")[4] for r in rows[1:]] == ["unique"] * 4


@pytest.mark.parametrize("engine", ["propagate", "dlx"])
def test_stats_with_a_fixed_engine_is_the_same_on_both_backends(engine):
    """'auto' is fast9 with the C kernels and propagate (then learn) in pure Python, so its
    guesses differ by backend (documented in --help); a named engine counts the same nodes."""
    puzzles = (EXAMPLES / "puzzles.txt").read_text()
    runs = {}
    for pure in ("0", "1"):
        env = dict(os.environ, SUDOKIT_PUREPYTHON=pure)
        proc = subprocess.run(COMMAND + ["stats", "--engine", engine], input=puzzles.encode(),
                              capture_output=True, env=env, timeout=300)
        assert proc.returncode == 0, proc.stderr
        runs[pure] = (proc.stdout, proc.stderr)
        assert f"(search nodes of {engine})" in proc.stderr.decode()
    assert runs["0"] == runs["1"]
    rows = [r.split("\t") for r in runs["0"][0].decode().splitlines() if r[:1].isdigit()]
    assert len(rows) == 12 and all(int(r[3]) > 0 for r in rows)  # real searches, not fast9's 0


def test_errors_jsonl_names_every_bad_record_and_nothing_is_lost(tmp_path):
    import json
    import random
    good = [line for line in (ROOT / "examples" / "puzzles.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    rng = random.Random(3)
    lines, bad_lines = [], []
    for i in range(300):
        if i % 50 == 7:  # about 2% garbage: short lines, stray characters, binary noise
            lines.append(rng.choice(["12345", good[0][:40] + "!" + good[0][41:], "\x01\x02garbage"]))
            bad_lines.append(i + 1)
        else:
            lines.append(good[i % len(good)])
    src = tmp_path / "mixed.txt"
    src.write_text("\n".join(lines) + "\n")
    errors = tmp_path / "errors.jsonl"
    proc = sudokit("solve", str(src), "--errors", str(errors))
    assert proc.returncode == 1
    out = proc.stdout.splitlines()
    assert len(out) == len(lines)  # one output record per input record, in order
    assert [i + 1 for i, row in enumerate(out) if row.endswith("\terror")] == bad_lines
    logged = [json.loads(row) for row in errors.read_text().splitlines()]
    assert [e["line"] for e in logged] == bad_lines
    assert all(e["status"] == "error" and e["column"] and e["reason"] for e in logged)
