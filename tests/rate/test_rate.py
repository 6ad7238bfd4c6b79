"""sudokit.rate: Sudoku Explainer's ER/EP/ED (serate 1.2.1.3) and statuses (issue #17).

Hand-checked cases first, then the published ratings of ../shared/data/ratings (a small
sample by default; the whole files with -m slow).  Puzzles are rated exactly as written.
"""

from __future__ import annotations

import pytest

import sudokit
from sudokit.rate import Rating, rate
from sudokit.logic.se.chains import length_penalty
from sudokit.logic.se.path import format_rating, se_path

from conftest import shared_file

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _blank(line: str, cells) -> str:
    out = list(line)
    for c in cells:
        out[c] = "."
    return "".join(out)


def se_rows(name: str) -> list:
    """(puzzle, ER, EP, ED) of a rated file of ../shared/data/ratings."""
    path = shared_file("ratings", name)
    rows = []
    for line in path.read_text().splitlines():
        puzzle, er, ep, ed = line.split()
        rows.append((puzzle, float(er), float(ep), float(ed)))
    return rows


# --- hand-checked cases ---------------------------------------------------------------------

def test_one_empty_cell_is_a_full_house():
    r = rate(_blank(SOLVED, [40]), hodoku=False)
    assert (r.er, r.ep, r.ed, r.steps, r.status) == (1.0, 1.0, 1.0, 1, "rated")
    assert r.hardest == "full house"


def test_full_houses_in_cols_before_rows():
    # r1c1 and r1c2 empty: box 1 and row 1 have two empty cells, cols 1 and 2 one each:
    # the full-house pass (boxes, cols, rows) places r1c1 from col 1, then r1c2: 1.0 twice
    r = rate(_blank(SOLVED, [0, 1]), hodoku=False)
    assert (r.er, r.ep, r.ed, r.steps) == (1.0, 1.0, 1.0, 2)


def test_hidden_single_in_a_box_rates_1_2():
    # r1c1, r1c2, r2c1, r2c2 empty (values 5, 3, 6, 7): every unit has 2 or 4 empty cells,
    # so no full house; in box 1, value 3 fits only r1c2 (row 2 misses only 6 and 7),
    # the first value with one position in the first box:
    # a hidden single in a box, 1.2; then full houses (1.0) finish
    r = rate(_blank(SOLVED, [0, 1, 9, 10]), hodoku=False)
    assert (r.er, r.ep, r.ed, r.steps, r.hardest) == (1.2, 1.2, 1.2, 4, "hidden single")


def test_no_solution_is_20_and_impossible():
    line = "1.3......4..1..2.66893.7..5.48..5..7..5...4..7.19....8...............62..3...8.71"
    assert sudokit.check(line) == sudokit.Verdict.IMPOSSIBLE
    r = rate(line)
    assert r.status == "impossible" and r.er == 20.0


def test_statuses_of_unrateable_puzzles():
    assert rate("." * 81).status == "ambiguous"
    assert rate("11" + "." * 79).status == "illegal"
    assert rate(SOLVED).status == "solved"
    assert rate("." * 81).er is None
    four = rate("." * 16)  # a 4x4 grid: SE rates 9x9 only; the sudokit scale answers
    assert four.scale == "sudokit" and four.status == "ambiguous" and four.er is None
    with pytest.raises(sudokit.ParseError):
        rate("x" * 80)


def test_time_limit_reports_limit():
    puzzle = next(p for p, er, _, _ in se_rows("se_cb_public.txt") if er >= 8.5)
    r = rate(puzzle, time_limit=0.01, hodoku=False)
    assert r.status == "limit" and r.er is None
    # a time limit that is no positive number is refused, as logic.steps refuses it (a
    # negative one gave 'limit' and text a TypeError from inside)
    for bad in (-1, 0, "a", float("nan"), True):
        with pytest.raises(ValueError, match="time_limit must be a positive number"):
            rate(puzzle, time_limit=bad)
        with pytest.raises(ValueError, match="time_limit must be a positive number"):
            rate("." * 16, time_limit=bad)


def test_grid_argument_and_lazy_export():
    line = se_rows("se_cb_public.txt")[0][0]
    assert sudokit.rate(sudokit.Grid(line), hodoku=False) == rate(line, hodoku=False)
    assert isinstance(sudokit.Rating, type) and sudokit.Rating is Rating


def test_rating_format_fields():
    r = Rating(7.1, 1.2, 1.2, "hard", 1234, "forcing chain", 30, "rated")
    assert r.format() == " ED=7.1/1.2/1.2"
    assert r.format("%g %r/%p/%d %l %s %t %h %n %%", "P") == \
        "P 7.1/1.2/1.2 hard 1234 rated forcing chain 30 %"
    assert Rating(None, None, None, status="ambiguous").format("%r %l") == "- -"
    with pytest.raises(ValueError):
        r.format("%q")


def test_printing_and_length_ladder():
    # serate prints floor((x + 0.05) * 10): doubles just below a tenth round up
    assert format_rating(6.699999999999999) == "6.7"
    assert format_rating(4.5 + 0.1 + 0.1) == "4.7"
    assert format_rating(10.6) == "10.6"
    # the ladder of docs/se-rating.md section 2.3, at each boundary
    ladder = {6: 0.0, 7: 0.1, 8: 0.1, 9: 0.2, 10: 0.2, 11: 0.3, 14: 0.3, 15: 0.4, 18: 0.4,
              19: 0.5, 26: 0.5, 27: 0.6, 34: 0.6, 35: 0.7, 50: 0.7, 51: 0.8, 66: 0.8, 67: 0.9,
              98: 0.9, 99: 1.0, 130: 1.0, 131: 1.1}
    for c, added in ladder.items():
        assert round(length_penalty(c), 6) == added, c


# --- the published ratings: samples by default, everything with -m slow ---------------------

def _exact(rows):
    """(n, ER exact, EP exact, ED exact, mismatches) of rows rated here."""
    n = er_ok = ep_ok = ed_ok = 0
    bad = []
    for puzzle, er, ep, ed in rows:
        got = rate(puzzle, hodoku=False)
        n += 1
        er_ok += got.er == er
        ep_ok += got.ep == ep
        ed_ok += got.ed == ed
        if (got.er, got.ep, got.ed) != (er, ep, ed):
            bad.append((puzzle, (er, ep, ed), (got.er, got.ep, got.ed)))
    return n, er_ok, ep_ok, ed_ok, bad


def test_random_sample_exact():
    rows = se_rows("se_cb_public.txt")[1090:]
    sample = [r for r in rows[::25] if r[1] < 7.6]  # the natural mix, kept quick
    n, er_ok, ep_ok, ed_ok, bad = _exact(sample)
    assert n >= 15 and not bad, bad


def test_stratified_sample_exact():
    rows = se_rows("se_cb_public.txt")[:1090]
    first = {}
    for r in rows:
        first.setdefault(r[1], r)
    sample = [r for er, r in sorted(first.items()) if er <= 7.3]
    n, er_ok, ep_ok, ed_ok, bad = _exact(sample)
    assert n >= 35 and not bad, bad


@pytest.mark.slow
def test_chaining_sample_exact():
    rows = se_rows("se_cb_public.txt")[:1090]
    first = {}
    for r in rows:
        if r[1] >= 7.4:
            first.setdefault(r[1], r)
    n, er_ok, ep_ok, ed_ok, bad = _exact(sorted(first.values(), key=lambda r: r[1]))
    assert not bad, bad


@pytest.mark.slow
def test_random_500_agreement():
    n, er_ok, ep_ok, ed_ok, bad = _exact(se_rows("se_cb_public.txt")[1090:])
    assert n == 500
    assert er_ok >= 0.98 * n and ep_ok >= 0.95 * n and ed_ok >= 0.95 * n, bad


@pytest.mark.slow
def test_stratified_agreement():
    n, er_ok, ep_ok, ed_ok, bad = _exact(se_rows("se_cb_public.txt")[:1090])
    assert n == 1090
    assert er_ok >= 0.95 * n and ep_ok >= 0.95 * n and ed_ok >= 0.95 * n, bad


def test_nested_rules_add_off_nodes_with_rule_parents():
    # a level-1 propagation that runs dry asks the nested rules (pointing/claiming, hidden
    # pair, naked pair, X-wing) for more off nodes: each relies on candidates this
    # propagation removed, so its parents are off nodes already derived
    from sudokit.logic.se.chains import Chaining
    from sudokit.logic.se import read_board
    from sudokit.logic.se.nested import advanced_nodes
    from sudokit.logic.se.path import producers
    puzzle = se_rows("se_hard_public.txt")[0][0]
    board = read_board(puzzle)
    first = producers()[:22]
    while True:  # the state where SE needs more than producers 1-22
        hint = next((h for h in (p(board) for _, p in first) if h is not None), None)
        if hint is None:
            break
        hint.apply(board)
    plain = Chaining(True, True, False, 0)
    nested = Chaining(True, True, False, 1, advanced_nodes)
    grew = 0
    for cell in range(81):
        for v in range(1, 10):
            if not board.cands[cell] >> (v - 1) & 1:
                continue
            k = ((cell * 9 + v - 1) << 1) | 1
            on0, off0 = {k: (k, (), 0, None)}, {}
            on1, off1 = {k: (k, (), 0, None)}, {}
            if plain.propagate(board.values, board.cands, on0, off0) is not None:
                continue
            nested.propagate(board.values, board.cands, on1, off1)
            assert set(off0) <= set(off1) and set(on0) <= set(on1)
            for node in off1.values():
                if node[2] == 5:  # found by a nested rule
                    assert node[1] and all(p[0] in off1 for p in node[1])
                    grew += 1
    assert grew > 0


def test_c_static_chains_twin_of_python():
    # the C kernel of producer 21 gives the hint the pure-Python specification gives, on
    # every grid state of the path of a few puzzles needing chains
    from sudokit.engine._backend import C
    if C is None or not hasattr(C, "se_static_chains"):
        pytest.skip("C kernels only: the C static chains")
    from sudokit.logic.se.chains import static_chains
    from sudokit.logic.se import read_board
    from sudokit.logic.se.path import producers
    rows = [r for r in se_rows("se_cb_public.txt") if 6.5 <= r[1] <= 7.3][::150]
    prods = producers()[:22]
    states = 0
    for puzzle, *_ in rows:
        board = read_board(puzzle)
        while not board.is_solved():
            want = static_chains(board)
            got = C.se_static_chains(board.cands)
            if want is None:
                assert got is None
            else:
                assert got is not None
                assert (got[0], got[1], got[2], got[6], got[7]) == \
                    (want.rating, want.complexity, want.key, want.elims, want.place)
            states += 1
            hint = next((h for h in (p(board) for _, p in prods) if h is not None), None)
            if hint is None:
                break
            hint.apply(board)
    assert states > 20
