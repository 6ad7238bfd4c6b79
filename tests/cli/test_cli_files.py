"""The files of a run: no output over an input (one rule, every command), outputs written
atomically, and picture titles that cannot break the file (issue #33, findings 1, 2, 5, 6).

Every test runs the real command (``python3 -m sudokit``) on files in tmp_path; run the
module with and without SUDOKIT_PUREPYTHON=1 for both kernels.
"""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudokit import Grid, is_solution, render
from sudokit.records._atomic import TEMP_MARK, Pending

COMMAND = [sys.executable, "-m", "sudokit"]

P1 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
P2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
P3 = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
MAP4 = "AABB\nAABB\nCCDD\nCCDD\n"      # a 4x4 region map (the boxes, spelled as regions)
P4 = "1..4..1.........\n"
SVG = "{http://www.w3.org/2000/svg}"


def run(*argv, cwd=None, stdin=None, stdout=subprocess.PIPE, preexec_fn=None, timeout=120):
    """Run sudokit with argv (str or bytes); a CompletedProcess with bytes output."""
    return subprocess.run(COMMAND + list(argv), cwd=cwd, stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, preexec_fn=preexec_fn, timeout=timeout)


def snapshot(folder: Path) -> dict:
    """Every entry of folder: name -> (kind, bytes or link target, mode)."""
    out = {}
    for p in sorted(folder.iterdir()):
        if p.is_symlink():
            out[p.name] = ("link", os.readlink(p), None)
        else:
            out[p.name] = ("file", p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
    return out


def temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if TEMP_MARK in p.name]


@pytest.fixture
def files(tmp_path):
    """A folder with puzzles (p.txt, three of them), a region map and a 4x4 puzzle."""
    (tmp_path / "p.txt").write_text(f"{P1}\n{P2}\n{P3}\n")
    (tmp_path / "map.txt").write_text(MAP4)
    (tmp_path / "p4.txt").write_text(P4)
    return tmp_path


def need_png_tool() -> None:
    tools = render.tools()
    if not (tools.get("pdftoppm") or tools.get("chromium")):
        if os.environ.get("CI") == "true":
            pytest.fail("PNG needs pdftoppm (poppler-utils) or Chromium, and CI installs them")
        pytest.skip("no PNG tool (pdftoppm or Chromium) is installed")


# --- finding 1: an output over the --regions map ---------------------------------------------


@pytest.mark.parametrize("argv", [
    ["check", "--regions", "map.txt", "p4.txt", "--errors", "map.txt"],
    ["solve", "--regions", "map.txt", "p4.txt", "-o", "map.txt"],
    ["count", "--regions", "map.txt", "p4.txt", "-o", "map.txt"],
    ["hint", "--regions", "map.txt", "p4.txt", "-o", "map.txt"],
    ["explain", "--regions", "map.txt", "p4.txt", "--errors", "./map.txt"],
    ["generate", "--regions", "map.txt", "-o", "map.txt"],
    ["solve", "--regions", "map.txt", "p4.txt", "-o", "link.txt"],     # a symlink to it
    ["generate", "--regions", "map.txt", "-o", "hard.txt"],            # a hard link to it
])
def test_finding1_no_output_over_the_regions_map(files, argv):
    (files / "link.txt").symlink_to("map.txt")
    os.link(files / "map.txt", files / "hard.txt")
    before = snapshot(files)
    r = run(*argv, cwd=files)
    said = r.stderr.decode()
    assert r.returncode == 2, said
    assert "--regions file map.txt" in said and "would destroy it" in said
    assert "Traceback" not in said
    assert snapshot(files) == before  # the map whole, nothing new (no temporary either)


def test_finding1_the_map_still_reads_after_a_refusal(files):
    """The map is not only intact: the same run with another output works."""
    assert run("check", "--regions", "map.txt", "p4.txt", "--errors", "map.txt",
               cwd=files).returncode == 2
    r = run("solve", "--regions", "map.txt", "p4.txt", "-o", "out.txt", cwd=files)
    assert r.returncode == 0, r.stderr
    solution = (files / "out.txt").read_text().strip()
    assert len(solution) == 16 and "." not in solution
    assert is_solution(Grid.from_line(solution))


# --- finding 2: numbered pictures over an input -------------------------------------------


def test_finding2_a_numbered_picture_is_not_an_input(files):
    (files / "out-2.svg").write_text(P1 + "\n")           # an input named like picture 2
    before = snapshot(files)
    r = run("render", "out-2.svg", "p.txt", "-o", "out.svg", cwd=files)  # 4 puzzles
    said = r.stderr.decode()
    assert r.returncode == 2 and "out-2.svg (picture 2 of -o out.svg) is the input " \
        "out-2.svg" in said and "destroy" in said, said
    assert snapshot(files) == before  # no picture written, the input intact


def test_finding2_hard_link_and_symlink_to_a_picture(files):
    os.link(files / "p.txt", files / "pic-3.svg")          # the input under picture 3's name
    before = snapshot(files)
    r = run("render", "p.txt", "-o", "pic.svg", cwd=files)
    assert r.returncode == 2 and b"picture 3 of -o pic.svg" in r.stderr, r.stderr
    assert snapshot(files) == before
    os.unlink(files / "pic-3.svg")
    (files / "pic-1.svg").symlink_to("p.txt")
    r = run("render", "p.txt", "-o", "pic.svg", cwd=files)
    assert r.returncode == 2 and b"picture 1 of -o pic.svg" in r.stderr, r.stderr
    assert (files / "p.txt").read_text() == f"{P1}\n{P2}\n{P3}\n"


def test_finding2_one_puzzle_writes_out_itself_not_out_2(files):
    """No false alarm: an input named out-2.svg holding one puzzle makes out.svg only."""
    (files / "out-2.svg").write_text(P1 + "\n")
    r = run("render", "out-2.svg", "-o", "out.svg", cwd=files)
    assert r.returncode == 0, r.stderr
    assert (files / "out-2.svg").read_text() == P1 + "\n"
    ET.parse(files / "out.svg")
    r = run("render", "p.txt", "-o", "pics.svg", cwd=files)
    assert r.returncode == 0, r.stderr
    for k in (1, 2, 3):
        ET.parse(files / f"pics-{k}.svg")
    assert temporaries(files) == []


# --- findings 5 and 6: titles --------------------------------------------------------------


def _svg_texts(path: Path) -> list:
    root = ET.parse(path).getroot()  # well-formed XML, or ParseError
    return [t.text for t in root.iter(SVG + "text")]


def test_finding5_an_undecodable_title_byte_is_shown_replaced(files):
    r = run("render", "p.txt", "-o", "t.svg", b"--title", b"caf\xe9 x\xff", cwd=files)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    for k in (1, 2, 3):
        assert "caf\ufffd x\ufffd" in _svg_texts(files / f"t-{k}.svg")
    r = run("render", "p.txt", "-o", "t.pdf", b"--title", b"x\xff", cwd=files)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    data = (files / "t.pdf").read_bytes()
    assert data.startswith(b"%PDF") and b"/Title (x?)" in data


def test_finding5_undecodable_title_to_png(files):
    need_png_tool()
    r = run("render", "p4.txt", "--box", "2x2", "-o", "t.png", b"--title", b"x\xff\x01",
            cwd=files)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert (files / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


CONTROL = "a\x01b\x08c\x0bd\x1b[31me\x7f<&>\"'"


def test_finding6_control_characters_keep_the_svg_well_formed(files):
    r = run("render", "p.txt", "-o", "c.svg", "--title", CONTROL, "--coordinates", cwd=files)
    assert r.returncode == 0, r.stderr
    want = "a\ufffdb\ufffdc\ufffdd\ufffd[31me\x7f<&>\"'"   # (U+007F is allowed in XML 1.0)
    for k in (1, 2, 3):
        assert want in _svg_texts(files / f"c-{k}.svg")


@pytest.mark.parametrize("title", [CONTROL, "\udcff\ud800 lone surrogates", "\ufffe\uffff",
                                   "tab\tnew\nline\rcr"])
def test_finding6_library_svg_is_well_formed_for_any_title(title):
    doc = render.svg(Grid.from_line(P1), title=title, coordinates=True)
    root = ET.fromstring(doc.encode("utf-8"))  # encodable too: no surrogate is left
    assert root.tag == SVG + "svg"


def test_finding6_pdf_and_png_titles_with_control_characters(files):
    r = run("render", "p.txt", "-o", "c.pdf", "--title", CONTROL, "--solutions", cwd=files)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    data = (files / "c.pdf").read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    assert b"/Title (a?b?c?d?[31me\\177<&>\"')" in data  # controls as '?', DEL escaped
    need_png_tool()
    r = run("render", "p4.txt", "--box", "2x2", "-o", "c.png", "--title", CONTROL, cwd=files)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert (files / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --- the rule, for every command that writes a file ---------------------------------------
#
# {p}: the puzzles p.txt; {s}: p.svg (puzzles too, named as a picture); {m}: the region map.
# Each line names a file both read and written, or written twice; the run must stop with
# status 2 before anything is opened, and leave the folder exactly as it was.

RULE_TABLE = [
    # an output over a FILE input
    ["solve", "{p}", "-o", "{p}"],
    ["check", "{p}", "-o", "{p}"],
    ["count", "{p}", "-o", "{p}"],
    ["convert", "--to", "block", "{p}", "-o", "{p}"],
    ["hint", "{p}", "-o", "{p}"],
    ["explain", "{p}", "-o", "{p}"],
    ["rate", "{p}", "-o", "{p}"],
    ["judge", "poj3074", "{p}", "-o", "{p}"],
    ["render", "{s}", "-o", "{s}"],
    ["render", "{s}", "-o", "p.svg"],
    # --errors over an input
    ["solve", "{p}", "--errors", "{p}"],
    ["check", "{p}", "--errors", "./{p}"],
    ["count", "{p}", "--errors", "{p}"],
    ["convert", "--to", "json", "{p}", "--errors", "{p}"],
    ["hint", "{p}", "--errors", "{p}"],
    ["rate", "{p}", "--errors", "{p}"],
    # an output over the --regions map
    ["solve", "--regions", "{m}", "{p}", "-o", "{m}"],
    ["render", "--regions", "map.svg", "p4.txt", "-o", "map.svg"],
    ["generate", "--regions", "{m}", "--box", "2x2", "-o", "{m}"],
    # two outputs on one file (neither exists yet, or through a symlink)
    ["solve", "{p}", "-o", "out.txt", "--errors", "out.txt"],
    ["check", "{p}", "-o", "out.txt", "--errors", "./out.txt"],
    ["hint", "{p}", "-o", "new.txt", "--errors", "new-link.txt"],
]


@pytest.mark.parametrize("argv", RULE_TABLE, ids=lambda a: " ".join(a))
def test_the_rule_for_every_command(files, argv):
    (files / "p.svg").write_text(f"{P1}\n{P2}\n")
    (files / "map.svg").write_text(MAP4)
    (files / "new-link.txt").symlink_to("new.txt")      # dangling: new.txt is not there
    fill = {"p": "p.txt", "s": "p.svg", "m": "map.txt"}
    before = snapshot(files)
    r = run(*[a.format(**fill) for a in argv], cwd=files)
    said = r.stderr.decode()
    assert r.returncode == 2, said
    assert "would destroy" in said and "Traceback" not in said, said
    assert snapshot(files) == before


@pytest.mark.parametrize("command", ["check", "canon", "verify", "dedupe", "augment", "stats",
                                     "solve", "judge"])
def test_the_rule_for_standard_output_appending_to_the_input(files, command):
    argv = [command] + (["poj3074"] if command == "judge" else []) + ["p.txt"]
    before = snapshot(files)
    with open(files / "p.txt", "ab") as out:
        r = run(*argv, cwd=files, stdout=out)
    assert r.returncode == 2 and b"standard output is the input p.txt" in r.stderr, r.stderr
    assert snapshot(files) == before


def test_the_rule_for_errors_and_standard_output_on_one_file(files):
    (files / "e.jsonl").write_text("old\n")
    with open(files / "e.jsonl", "ab") as out:
        r = run("check", "p.txt", "--errors", "e.jsonl", cwd=files, stdout=out)
    assert r.returncode == 2 and b"same file" in r.stderr, r.stderr
    assert (files / "e.jsonl").read_text() == "old\n"


def test_the_rule_allows_what_is_fine(files):
    """The same input twice, /dev/null twice, and an output beside the inputs all run."""
    r = run("check", "p.txt", "p.txt", "-o", os.devnull, "--errors", os.devnull, cwd=files)
    assert r.returncode == 0, r.stderr
    r = run("solve", "p.txt", "-o", "out.txt", "--errors", "e.jsonl", cwd=files)
    assert r.returncode == 0, r.stderr
    assert len((files / "out.txt").read_text().splitlines()) == 3
    assert temporaries(files) == []


# --- atomic writes -------------------------------------------------------------------------


def _file_size_limit(nbytes: int):
    """preexec_fn: writes beyond nbytes fail with EFBIG (Python ignores SIGXFSZ)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))
    return limit


@pytest.mark.parametrize("argv,target", [
    (["convert", "--to", "block", "big.txt", "-o", "out.txt"], "out.txt"),
    (["check", "bad.txt", "-o", "out.txt", "--errors", "e.jsonl"], "e.jsonl"),
    (["generate", "--box", "2x2", "--count", "400", "--seed", "1", "-o", "out.txt"], "out.txt"),
    (["render", "p.txt", "-o", "pic.svg"], "pic-1.svg"),
])
def test_a_run_that_fails_midway_leaves_the_old_output(files, argv, target):
    (files / "big.txt").write_text((P1 + "\n") * 2000)          # ~200 KB of blocks out
    (files / "bad.txt").write_text("12345\n" * 2000)            # ~300 KB of --errors out
    old = {name: f"old {name}\n".encode() for name in ("out.txt", "e.jsonl", "pic-1.svg")}
    for name, data in old.items():
        (files / name).write_bytes(data)
    (files / target).chmod(0o640)
    r = run(*argv, cwd=files, preexec_fn=_file_size_limit(3000))
    said = r.stderr.decode()
    assert r.returncode == 3 and "File too large" in said, said
    assert "write error" in said or f"cannot write {target!r}" in said, said
    assert "cannot read" not in said  # (a write error is not one of the input)
    assert "Traceback" not in said
    for name, data in old.items():
        assert (files / name).read_bytes() == data, name
    assert stat.S_IMODE((files / target).stat().st_mode) == 0o640
    assert temporaries(files) == []
    assert not (files / "pic-2.svg").exists()


def test_an_output_keeps_its_mode_and_a_new_one_gets_the_umask(files):
    (files / "out.txt").write_text("old\n")
    (files / "out.txt").chmod(0o604)
    r = run("solve", "p.txt", "-o", "out.txt", cwd=files)
    assert r.returncode == 0, r.stderr
    assert stat.S_IMODE((files / "out.txt").stat().st_mode) == 0o604
    r = run("solve", "p.txt", "-o", "new.txt", "--errors", "e.jsonl", cwd=files,
            preexec_fn=lambda: os.umask(0o027))
    assert r.returncode == 0, r.stderr
    for name in ("new.txt", "e.jsonl"):
        assert stat.S_IMODE((files / name).stat().st_mode) == 0o640, name
    lines = (files / "new.txt").read_text().splitlines()
    assert len(lines) == 3 and all(is_solution(Grid.from_line(s)) for s in lines)


def test_a_symlinked_output_replaces_the_file_it_points_to(files):
    (files / "real.txt").write_text("old\n")
    (files / "link.txt").symlink_to("real.txt")
    r = run("solve", "p.txt", "-o", "link.txt", cwd=files)
    assert r.returncode == 0, r.stderr
    assert (files / "link.txt").is_symlink()
    assert len((files / "real.txt").read_text().splitlines()) == 3


def test_a_fifo_output_is_written_in_place(files):
    fifo = files / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    r = run("solve", "p.txt", "-o", "pipe", cwd=files)
    reader.join(30)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert len(got[0].decode().splitlines()) == 3
    assert temporaries(files) == []


def test_interrupted_run_keeps_the_records_done(tmp_path):
    """Ctrl-C: the records finished are kept (exit 130), as with standard output; the
    temporary file is renamed into place, the --errors file too."""
    rows = [P2 if k % 50 else "12345" for k in range(1, 200001)]
    (tmp_path / "big.txt").write_text("\n".join(rows) + "\n")
    (tmp_path / "out.txt").write_text("old\n")
    proc = subprocess.Popen(COMMAND + ["solve", "--engine", "dlx", "big.txt", "-o", "out.txt",
                                       "--errors", "e.jsonl"],
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _written(tmp_path) < 20_000:
        time.sleep(0.02)
    assert (tmp_path / "out.txt").read_text() == "old\n"   # not replaced while it runs
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    said = "\n".join(line for line in err.decode().splitlines()
                     if not line.startswith("sudokit: big"))  # (the bad records' notes)
    assert proc.returncode == 130 and "interrupted" in said and "Traceback" not in said, said
    assert temporaries(tmp_path) == []
    out = (tmp_path / "out.txt").read_text().splitlines()
    assert 1 <= len(out) < len(rows)
    assert all(line.endswith("\terror") or len(line) == 81 for line in out)  # whole records
    errors = (tmp_path / "e.jsonl").read_text().splitlines()
    assert len(errors) == sum(line.endswith("\terror") for line in out)


def _written(folder: Path) -> int:
    total = 0
    for p in folder.iterdir():
        try:
            total += p.stat().st_size if TEMP_MARK in p.name else 0
        except FileNotFoundError:
            pass
    return total


def test_pending_commit_and_discard(tmp_path):
    """The helper itself: nothing at the target until commit; discard leaves the old file."""
    target = tmp_path / "t.txt"
    target.write_text("old")
    with pytest.raises(KeyError):
        with Pending(target, "w") as f:
            f.write("new")
            assert target.read_text() == "old" and len(temporaries(tmp_path)) == 1
            raise KeyError("boom")
    assert target.read_text() == "old" and temporaries(tmp_path) == []
    with Pending(target, "w") as f:
        f.write("new")
    assert target.read_text() == "new" and temporaries(tmp_path) == []


def test_table_writer_failure_leaves_the_old_table(tmp_path):
    np = pytest.importorskip("numpy")
    from sudokit.records.tables import NpyWriter, TableError
    path = tmp_path / "t.npy"
    np.save(path, np.zeros((1, 81), dtype=np.uint8))
    before = path.read_bytes()
    w = NpyWriter(path, 3, (81,))
    w.write(bytes(81))
    with pytest.raises(TableError, match="nothing written"):
        w.close()  # 1 row of 3
    assert path.read_bytes() == before and temporaries(tmp_path) == []


def test_a_table_output_is_written_whole_or_not_at_all(tmp_path):
    """-o out.npy from an .npy input: a write that fails midway leaves the old table."""
    np = pytest.importorskip("numpy")
    values = [[0 if c == "." else int(c) for c in P1]] * 200   # 200 rows of 81 values out
    np.save(tmp_path / "in.npy", np.array(values, dtype=np.uint8))
    np.save(tmp_path / "out.npy", np.zeros((1, 81), dtype=np.uint8))
    before = (tmp_path / "out.npy").read_bytes()
    r = run("solve", "in.npy", "-o", "out.npy", cwd=tmp_path, preexec_fn=_file_size_limit(4000))
    assert r.returncode == 3 and b"write error" in r.stderr, r.stderr
    assert b"Traceback" not in r.stderr and b"cannot read" not in r.stderr
    assert (tmp_path / "out.npy").read_bytes() == before and temporaries(tmp_path) == []
    r = run("solve", "in.npy", "-o", "out.npy", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = np.load(tmp_path / "out.npy")
    assert out.shape == (200, 81)
    assert is_solution(Grid.from_line("".join(map(str, out[0]))))


def test_a_generate_that_makes_no_puzzle_leaves_the_old_output(tmp_path):
    """generate fails before its first puzzle (no 5-clue puzzle exists): exit 1 and OUT as
    it was; before, OUT was emptied (session 23's adversarial pass)."""
    (tmp_path / "out.txt").write_text("old\n")
    r = subprocess.run(COMMAND + ["generate", "--clues", "5", "--seed", "1", "-o", "out.txt"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "no 3x3 puzzle" in r.stderr and "Traceback" not in r.stderr
    assert (tmp_path / "out.txt").read_text() == "old\n"
    assert temporaries(tmp_path) == []


def test_a_generate_interrupted_before_its_first_puzzle_leaves_the_old_output(tmp_path):
    """Ctrl-C before any puzzle is made (a minimal 25x25 takes minutes): exit 130, OUT as it
    was; before, OUT was replaced by an empty file."""
    (tmp_path / "out.txt").write_text("old\n")
    proc = subprocess.Popen(COMMAND + ["generate", "--minimal", "--box", "5x5", "--seed", "1",
                                       "-o", "out.txt"],
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not temporaries(tmp_path):
        time.sleep(0.02)  # (the temporary exists: the run is under way)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "interrupted" in err.decode(), err
    assert "Traceback" not in err.decode()
    assert (tmp_path / "out.txt").read_text() == "old\n"
    assert temporaries(tmp_path) == []
