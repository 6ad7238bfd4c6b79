"""Tests of the generic exact-cover engine (exact_cover) and Knuth's DLX format (_dlxformat).

Every count below is a known fact checked by an independent method: a direct attack check
for queens, a cell-by-cell check for tilings, a separate brute-force counter for dominoes,
the Sudoku rules for Sudoku. Node counts are golden: the C twin of dlx_count must match them.
"""

from __future__ import annotations

from _paths import TESTS
import doctest
from pathlib import Path

import pytest

from sudokit.engine import exact_cover
from sudokit.formats._dlx import KnuthProblem, format_knuth, parse_knuth
from sudokit.errors import ParseError, SearchLimitReached
from sudokit.engine.exact_cover import ExactCover, NodeLimitReached, dlx_count, dlx_solutions, validate

DATA = TESTS / "data" / "exact_cover"


@pytest.fixture
def sanity(monkeypatch):
    """Run the search with the full link check at every level and at the end."""
    monkeypatch.setattr(exact_cover, "_SANITY", True)


def plain(cover: ExactCover):
    """Return the plain kernel data (n_primary, n_secondary, starts, items) of a problem."""
    return cover._plain


# --------------------------------------------------------------------------------------
# n queens: rows and columns primary, diagonals secondary.

def queens(n: int) -> ExactCover:
    """Return n queens as exact cover; option r*n+c puts a queen on (r, c)."""
    options = [(("row", r), ("col", c), ("diag", r + c), ("anti", r - c))
               for r in range(n) for c in range(n)]
    items = [("row", r) for r in range(n)] + [("col", c) for c in range(n)]
    secondary = [("diag", d) for d in range(2 * n - 1)] + [("anti", d) for d in range(1 - n, n)]
    return ExactCover(items, options, secondary=secondary)


def is_queens_solution(n: int, squares: list[tuple[int, int]]) -> bool:
    """Return True if the squares are n queens of which no two attack each other."""
    if len(squares) != n:
        return False
    for k, (r1, c1) in enumerate(squares):
        for r2, c2 in squares[k + 1:]:
            if r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                return False
    return True


# n: (solutions, nodes for all solutions) -- counts are OEIS A000170; nodes are golden
# (the set-based reference below gives the same).
QUEENS = {1: (1, 1), 2: (0, 2), 3: (0, 5), 4: (2, 16), 5: (10, 51), 6: (4, 110),
          7: (40, 371), 8: (92, 1198)}
FIRST_8_QUEENS_AT = 64                                 # nodes until the first 8-queens answer


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_counts_and_solutions(n, sanity):
    count, nodes = QUEENS[n]
    cover = queens(n)
    solutions = list(cover.solutions())
    assert len(solutions) == count
    assert cover.nodes == nodes
    assert len(set(map(tuple, solutions))) == count
    for solution in solutions:
        assert solution == sorted(solution)
        assert cover.is_solution(solution)
        assert is_queens_solution(n, [divmod(k, n) for k in solution])
    assert cover.count() == count and cover.nodes == nodes
    assert dlx_count(*plain(cover), 0, 0) == (
        count, solutions[0] if solutions else None, nodes, False)


def test_queens_8_first_solution():
    # MRV, leftmost on ties, options in square order: the lexicographically first answer.
    cover = queens(8)
    first = cover.solve()
    assert [k % 8 for k in first] == [0, 4, 7, 5, 2, 6, 1, 3]
    assert is_queens_solution(8, [divmod(k, 8) for k in first])
    assert cover.nodes == FIRST_8_QUEENS_AT


# --------------------------------------------------------------------------------------
# A reference Algorithm X on sets: same rules (MRV, leftmost on ties, options tried in
# index order), no links. Its solution order and node count must equal the kernel's.

def reference_algorithm_x(n_primary, n_secondary, starts, items):
    """Return (solutions in search order, nodes) by plain recursion on sets."""
    options = [set(items[starts[k]:starts[k + 1]]) for k in range(len(starts) - 1)]
    solutions = []
    nodes = 0

    def search(uncovered, live, chosen):
        nonlocal nodes
        primary = [i for i in sorted(uncovered) if i < n_primary]
        if not primary:
            solutions.append(sorted(chosen))
            return
        best = min(primary, key=lambda i: (sum(i in options[k] for k in live), i))
        for k in live:
            if best in options[k]:
                nodes += 1
                search(uncovered - options[k],
                       [j for j in live if not options[j] & options[k]], chosen + [k])

    search(set(range(n_primary + n_secondary)), list(range(len(options))), [])
    return solutions, nodes


def random_problem(seed: int):
    """Return plain data of a small random problem (some items may have no options)."""
    import random

    rng = random.Random(seed)
    n_primary, n_secondary = rng.randint(0, 9), rng.randint(0, 4)
    n = n_primary + n_secondary
    starts, items = [0], []
    for _ in range(rng.randint(0, 30) if n else 0):
        items += rng.sample(range(n), rng.randint(1, min(n, 4)))
        starts.append(len(items))
    return n_primary, n_secondary, starts, items


@pytest.mark.parametrize("seed", range(60))
def test_kernel_matches_reference_on_random_problems(seed, sanity):
    data = random_problem(seed)
    validate(*data)
    solutions, nodes = reference_algorithm_x(*data)
    assert list(dlx_solutions(*data)) == solutions
    count, first, kernel_nodes, stopped = dlx_count(*data, 0, 0)
    assert (count, first, kernel_nodes, stopped) == (
        len(solutions), solutions[0] if solutions else None, nodes, False)


@pytest.mark.parametrize("make", [lambda: queens(6), lambda: queens(8),
                                  lambda: domino_cover(4, 4), lambda: pentomino_cover(3, 6)])
def test_kernel_matches_reference_on_known_problems(make):
    data = plain(make())
    solutions, nodes = reference_algorithm_x(*data)
    assert list(dlx_solutions(*data)) == solutions
    assert dlx_count(*data, 0, 0)[2] == nodes


# --------------------------------------------------------------------------------------
# Tilings.

PENTOMINOES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."],
    "N": ["###.", "..##"], "P": ["###", "##."], "T": ["###", ".#.", ".#."],
    "U": ["#.#", "###"], "V": ["#..", "#..", "###"], "W": ["#..", "##.", ".##"],
    "X": [".#.", "###", ".#."], "Y": ["####", ".#.."], "Z": ["##.", ".#.", ".##"],
}


def normalize(cells) -> tuple:
    """Return the cells shifted to touch row 0 and col 0, sorted."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(cells) -> list[tuple]:
    """Return the distinct rotations and reflections of a polyomino."""
    found = set()
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]
        found.add(normalize(cells))
        found.add(normalize([(r, -c) for r, c in cells]))
    return sorted(found)


def pentomino_cover(h: int, w: int, *, keep=lambda name, cells: True) -> ExactCover:
    """Return the 12 pentominoes on an h x w board; option = (piece, cell, cell, ...)."""
    options = []
    for name, rows in PENTOMINOES.items():
        shape = [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
        for oriented in orientations(shape):
            for dr in range(h):
                for dc in range(w):
                    cells = [(r + dr, c + dc) for r, c in oriented]
                    if all(r < h and c < w for r, c in cells) and keep(name, cells):
                        options.append([name, *cells])
    board = [(r, c) for r in range(h) for c in range(w)]
    return ExactCover(list(PENTOMINOES) + board, options)


def check_pentomino_tiling(cover: ExactCover, solution, h: int, w: int) -> None:
    """Assert the chosen options place each piece once, in its own shape, on every cell once."""
    board = {}
    pieces = []
    for k in solution:
        name, *cells = cover.options[k]
        pieces.append(name)
        shape = [(r, c) for r, line in enumerate(PENTOMINOES[name])
                 for c, ch in enumerate(line) if ch == "#"]
        assert normalize(cells) in orientations(shape)
        for cell in cells:
            assert cell not in board
            board[cell] = name
    assert sorted(pieces) == sorted(PENTOMINOES)
    assert set(board) == {(r, c) for r in range(h) for c in range(w)}


def test_pentominoes_3x20():
    # 2 tilings up to symmetry, so 2 x 4 = 8 in all (TAOCP 7.2.2.1).
    cover = pentomino_cover(3, 20)
    solutions = list(cover.solutions())
    assert len(solutions) == 8
    assert cover.nodes == 32977
    for solution in solutions:
        check_pentomino_tiling(cover, solution, 3, 20)
    pictures = {tuple(sorted((cell, cover.options[k][0])
                             for k in solution for cell in cover.options[k][1:]))
                for solution in solutions}
    assert len(pictures) == 8


@pytest.mark.slow
def test_pentominoes_4x15():
    # 368 tilings up to symmetry, 1472 in all. About 2 minutes in pure Python.
    cover = pentomino_cover(4, 15)
    solutions = list(cover.solutions())
    assert len(solutions) == 1472
    assert cover.nodes == 852892
    for solution in solutions:
        check_pentomino_tiling(cover, solution, 4, 15)


@pytest.mark.slow
def test_pentominoes_6x10():
    # 2339 tilings up to symmetry, 9356 in all (Haselgrove 1960). With the X's centre held
    # in one quarter of the board, each class of 4 is found once. Very slow in pure Python
    # (tens of minutes); meant for the C twin.
    def quarter(name, cells):
        return name != "X" or (cells[2][0] < 3 and cells[2][1] < 5)  # cells[2] = X's centre

    reduced = pentomino_cover(6, 10, keep=quarter)
    solutions = list(reduced.solutions())
    assert len(solutions) == 2339
    for solution in solutions:
        check_pentomino_tiling(reduced, solution, 6, 10)
    assert pentomino_cover(6, 10).count() == 9356


def domino_cover(h: int, w: int) -> ExactCover:
    """Return domino tilings of an h x w board as exact cover (one option per domino)."""
    options = [[(r, c), (r, c + 1)] for r in range(h) for c in range(w - 1)]
    options += [[(r, c), (r + 1, c)] for r in range(h - 1) for c in range(w)]
    return ExactCover([(r, c) for r in range(h) for c in range(w)], options)


def count_dominoes_by_profile(h: int, w: int) -> int:
    """Return the number of domino tilings of h x w by a column-profile transfer count."""
    counts = {0: 1}                       # bit r set: row r of this column already filled
    for _ in range(w):
        after: dict[int, int] = {}
        for filled, ways in counts.items():
            def fill(r, mask, nxt):
                if r == h:
                    after[nxt] = after.get(nxt, 0) + ways
                elif mask >> r & 1:
                    fill(r + 1, mask, nxt)
                else:
                    fill(r + 1, mask, nxt | 1 << r)                 # domino sticks right
                    if r + 1 < h and not mask >> (r + 1) & 1:
                        fill(r + 2, mask, nxt)                      # vertical domino
            fill(0, filled, 0)
        counts = after
    return counts.get(0, 0)


@pytest.mark.parametrize("h, w, known", [
    (2, 1, 1), (2, 2, 2), (2, 3, 3), (2, 8, 34), (2, 10, 89),     # 2 x n: Fibonacci
    (3, 3, 0), (3, 4, 11), (3, 6, 41), (4, 4, 36), (4, 5, 95), (5, 6, 1183), (6, 6, 6728),
])
def test_domino_tilings(h, w, known):
    assert count_dominoes_by_profile(h, w) == known
    cover = domino_cover(h, w)
    solutions = list(cover.solutions())
    assert len(solutions) == known
    for solution in solutions:
        cells = [cell for k in solution for cell in cover.options[k]]
        assert sorted(cells) == [(r, c) for r in range(h) for c in range(w)]


def test_domino_tilings_with_sanity(sanity):
    cover = domino_cover(4, 4)
    assert cover.count() == 36


# --------------------------------------------------------------------------------------
# Sudoku as exact cover (built here, independently of sudoku_cover).

def sudoku_cover(puzzle: str, box_rows: int = 3, box_cols: int = 3) -> ExactCover:
    """Return a puzzle ('.' or '0' empty) as 4*N*N items; option (r, c, v) for each candidate."""
    n = box_rows * box_cols
    options = []
    for cell, ch in enumerate(puzzle):
        r, c = divmod(cell, n)
        b = r // box_rows * box_rows + c // box_cols
        values = [int(ch, 36)] if ch not in ".0" else range(1, n + 1)
        options += [[("cell", r, c), ("row", r, v), ("col", c, v), ("box", b, v)]
                    for v in values]
    items = [(kind, a, b) for kind in ("cell", "row", "col", "box")
             for a in range(n) for b in (range(n) if kind == "cell" else range(1, n + 1))]
    return ExactCover(items, options)


def grid_of(cover: ExactCover, solution, n: int) -> list[list[int]]:
    """Return the N x N grid spelled by a Sudoku cover's solution."""
    grid = [[0] * n for _ in range(n)]
    for k in solution:
        (_, r, c), (_, _, v) = cover.options[k][:2]
        grid[r][c] = v
    return grid


def is_sudoku_solution(puzzle: str, grid, box_rows: int = 3, box_cols: int = 3) -> bool:
    """Return True if grid is a full valid Sudoku that keeps every given of the puzzle."""
    n = box_rows * box_cols
    full = set(range(1, n + 1))
    units = [[(r, c) for c in range(n)] for r in range(n)]
    units += [[(r, c) for r in range(n)] for c in range(n)]
    units += [[(br + r, bc + c) for r in range(box_rows) for c in range(box_cols)]
              for br in range(0, n, box_rows) for bc in range(0, n, box_cols)]
    if any({grid[r][c] for r, c in unit} != full for unit in units):
        return False
    return all(ch in ".0" or grid[cell // n][cell % n] == int(ch, 36)
               for cell, ch in enumerate(puzzle))


HARD_9X9 = [
    # Platinum Blonde; Easter Monster; Arto Inkala's 2012 "world's hardest"
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]


@pytest.mark.parametrize("puzzle", HARD_9X9)
def test_sudoku_hard_9x9(puzzle):
    cover = sudoku_cover(puzzle)
    assert len(cover.primary) == 324
    assert cover.count(limit=2) == 1                  # unique
    solution = cover.solve()
    assert is_sudoku_solution(puzzle, grid_of(cover, solution, 9))


def test_sudoku_hard_9x9_with_sanity(sanity):
    cover = sudoku_cover(HARD_9X9[2])
    assert cover.count() == 1


def test_sudoku_empty_4x4_has_288_solutions():
    cover = sudoku_cover("." * 16, 2, 2)
    solutions = list(cover.solutions())
    assert len(solutions) == 288
    grids = {str(grid_of(cover, s, 4)) for s in solutions}
    assert len(grids) == 288
    assert all(is_sudoku_solution("." * 16, grid_of(cover, s, 4), 2, 2) for s in solutions)


def test_sudoku_clashing_givens_have_no_solution():
    puzzle = "11" + "." * 79                           # two 1s in row 0
    assert sudoku_cover(puzzle).solve() is None


# --------------------------------------------------------------------------------------
# Limits, stopping, edge cases.

def test_count_limit():
    cover = queens(8)
    for limit in (1, 2, 5, 92):
        assert cover.count(limit=limit) == limit
    assert cover.count(limit=1000) == 92
    assert cover.count(limit=0) == 0
    assert len(list(cover.solutions(limit=5))) == 5
    assert list(cover.solutions(limit=5)) == list(cover.solutions())[:5]


@pytest.mark.parametrize("node_limit", [1, 63, 64, 100, 1197])
def test_node_limit_stops_and_never_reports_zero(node_limit, sanity):
    data = plain(queens(8))
    count, first, nodes, stopped = dlx_count(*data, 0, node_limit)
    assert stopped is True
    assert nodes == node_limit                        # never more than the limit
    assert count <= 92
    assert (first is None) == (count == 0)
    assert (count > 0) == (node_limit >= FIRST_8_QUEENS_AT)
    cover = queens(8)
    with pytest.raises(NodeLimitReached) as caught:
        cover.count(node_limit=node_limit)
    assert caught.value.nodes == node_limit and caught.value.found == count
    assert cover.stopped and cover.nodes == node_limit
    assert isinstance(caught.value, SearchLimitReached) and isinstance(caught.value, RuntimeError)


def test_node_limit_exactly_enough_is_not_stopped():
    data = plain(queens(8))
    assert dlx_count(*data, 0, 1198) == dlx_count(*data, 0, 0)
    assert dlx_count(*data, 0, 1198)[2:] == (1198, False)


def test_solve_and_solutions_at_node_limit():
    cover = queens(8)
    with pytest.raises(NodeLimitReached) as caught:
        cover.solve(node_limit=FIRST_8_QUEENS_AT - 1)
    assert caught.value.found == 0
    assert cover.solve(node_limit=FIRST_8_QUEENS_AT) is not None
    seen = []
    with pytest.raises(NodeLimitReached) as caught:
        for solution in cover.solutions(node_limit=200):
            seen.append(solution)
    assert caught.value.found == len(seen) > 0
    assert cover.stopped and cover.nodes == 200
    assert seen == list(cover.solutions())[:len(seen)]
    assert not cover.stopped and cover.nodes == 1198


def test_dlx_solutions_stream_reports_nodes():
    data = plain(queens(6))
    stream = dlx_solutions(*data)
    assert next(stream) == dlx_count(*data, 1, 0)[1]
    assert stream.found == 1 and stream.nodes == dlx_count(*data, 1, 0)[2]
    rest = list(stream)
    assert len(rest) == 3 and stream.nodes == 110 and stream.found == 4
    stream = dlx_solutions(*data, 50)
    with pytest.raises(NodeLimitReached) as caught:
        list(stream)
    assert caught.value.nodes == 50 == stream.nodes
    assert list(stream) == []                         # raised once, then exhausted


def test_empty_problem_has_one_empty_solution(sanity):
    assert dlx_count(0, 0, [0], [], 0, 0) == (1, [], 0, False)
    assert list(dlx_solutions(0, 0, [0], [])) == [[]]
    cover = ExactCover([], [])
    assert cover.count() == 1 and cover.solve() == [] and cover.nodes == 0


def test_only_secondary_items_has_one_empty_solution(sanity):
    cover = ExactCover([], [["x"], ["x", "y"]], secondary=["x", "y"])
    assert list(cover.solutions()) == [[]]


def test_item_with_no_options_is_a_dead_end(sanity):
    cover = ExactCover("abc", ["ab", "a", "b"])        # nothing covers c
    assert cover.count() == 0 and cover.solve() is None
    assert cover.nodes == 0                            # c (0 options) is chosen first
    assert dlx_count(3, 0, [0, 2, 3, 4], [0, 1, 0, 1], 0, 0) == (0, None, 0, False)


def test_secondary_items_are_covered_at_most_once(sanity):
    # x is secondary: the first two options clash on it; 'c' alone leaves x uncovered.
    cover = ExactCover("ab", [["a", "x"], ["b", "x"], ["a"], ["b"]], secondary=["x"])
    assert sorted(cover.solutions()) == [[0, 3], [1, 2], [2, 3]]
    assert not cover.is_solution([0, 1])
    # an option with secondary items only is never chosen
    cover = ExactCover("a", [["a"], ["x"]], secondary=["x"])
    assert list(cover.solutions()) == [[0]]


def test_mrv_leftmost_on_ties_node_count():
    # TAOCP's toy problem. Choose a (2 options, leftmost); try "a d g" (node 1): b, e, f
    # have 1 option left, so b: try "b c f" (node 2), and e is left with none. Back to a:
    # try "a d f" (node 3); b, c, e, g have 1 option each: "b g" (4), "c e" (5). Done.
    cover = ExactCover.from_knuth((DATA / "taocp_toy.dlx").read_text())
    assert cover.solve() == [0, 3, 4] and cover.nodes == 5
    assert cover.count() == 1 and cover.nodes == 5


def test_sanity_check_catches_a_broken_link():
    data = plain(queens(4))
    links = exact_cover._build_links(*data)
    exact_cover._sanity(data[0], data[1], links)      # a fresh build is consistent
    LLINK, RLINK, TOP, ULINK, DLINK, LEN = links
    for field, index, value in [(LEN, 1, 99), (DLINK, 1, DLINK[DLINK[1]]),
                                (RLINK, 0, 2), (TOP, DLINK[1], 2)]:
        broken = [list(a) for a in links]
        broken[[id(a) for a in links].index(id(field))][index] = value
        with pytest.raises(AssertionError):
            exact_cover._sanity(data[0], data[1], broken)


def test_links_restored_after_search(sanity):
    # with _SANITY on, _search compares every link with its initial value at the end
    assert queens(6).count() == 4


@pytest.mark.parametrize("items, options, secondary, message", [
    ("ab", ["ab", "ac"], (), "unknown item 'c'"),
    ("ab", ["ab", "aa"], (), "names item 'a' twice"),
    ("ab", ["ab", ""], (), "option 1 is empty"),
    ("aba", ["ab"], (), "item 'a' is listed twice"),
    ("ab", ["ab"], ("a",), "item 'a' is listed twice"),
])
def test_bad_problems_raise_value_error(items, options, secondary, message):
    with pytest.raises(ValueError, match=message):
        ExactCover(items, options, secondary=secondary)


@pytest.mark.parametrize("data, message", [
    ((2, 0, [0, 2], [0, 0]), "twice"),
    ((2, 0, [0, 2], [0, 2]), "outside"),
    ((2, 0, [1, 2], [0, 1]), "begin with 0"),
    ((2, 0, [0, 1], [0, 1]), "end with"),
    ((2, 0, [0, 2, 1, 2], [0, 1]), "decreases"),
])
def test_validate(data, message):
    with pytest.raises(ValueError, match=message):
        validate(*data)


def test_validate_accepts_good_data():
    assert validate(*plain(queens(5))) is None


# --------------------------------------------------------------------------------------
# Knuth's DLX format.

def test_read_knuth_file_with_secondary_items(sanity):
    cover = ExactCover.from_knuth((DATA / "queens4.dlx").read_text())
    assert cover.primary == ("r0", "r1", "r2", "r3", "c0", "c1", "c2", "c3")
    assert len(cover.secondary) == 14 and len(cover.options) == 16
    assert cover.options[7] == ("r1", "c3", "a4", "b1")
    assert list(cover.solutions()) == [[1, 7, 8, 14], [2, 4, 11, 13]]
    assert cover.count() == 2


@pytest.mark.parametrize("name", ["taocp_toy.dlx", "queens4.dlx"])
def test_knuth_round_trip(name):
    text = (DATA / name).read_text()
    problem = parse_knuth(text)
    again = parse_knuth(format_knuth(*problem, comment="written by\nsudokit"))
    assert again == problem
    cover = ExactCover.from_knuth(text)
    written = cover.to_knuth()
    assert ExactCover.from_knuth(written).options == cover.options
    assert format_knuth(*parse_knuth(written)) == written


def test_to_knuth_writes_any_printable_names():
    cover = queens(4)
    with pytest.raises(ValueError, match="cannot be written"):
        cover.to_knuth()                                # ('row', 0) contains blanks
    cover = ExactCover([1, 2, "x3"], [[1, 2], ["x3"]], secondary=[5])
    text = cover.to_knuth(comment="numbers become strings")
    assert text == "| numbers become strings\n1 2 x3 | 5\n1 2\nx3\n"
    assert parse_knuth(text) == KnuthProblem(["1", "2", "x3"], ["5"], [["1", "2"], ["x3"]])
    with pytest.raises(ValueError, match="both written"):
        format_knuth([1, "1"], [], [])
    with pytest.raises(ValueError, match="primary"):
        format_knuth([], ["x"], [])


def test_knuth_crlf_tabs_blank_lines_and_bar_attached():
    text = "| c\r\n\r\n a\tb |x  \r\n  a b \r\n\tx a\r\n"
    assert parse_knuth(text) == KnuthProblem(["a", "b"], ["x"], [["a", "b"], ["x", "a"]])


@pytest.mark.parametrize("text, line, column, char, words", [
    ("", 1, None, None, "no item line"),
    ("| just a comment\n\n", 2, None, None, "no item line"),
    ("a b\na c\n", 2, 3, "c", "unknown item name 'c'"),
    ("a b\n\n| note\n  b  q\n", 4, 6, "q", "unknown item name 'q'"),
    ("a b\nb a b\n", 2, 5, "b", "appears twice"),
    ("a b a\n", 1, 5, "a", "duplicate item name 'a'"),
    ("a b | x | y\n", 1, 9, "|", "second '|'"),
    ("a b:c\n", 1, 4, ":", "illegal character ':'"),
    ("a b|x\n", 1, 4, "|", "illegal character '|'"),
    ("a b\na|b\n", 2, 2, "|", "illegal character '|'"),
    ("a b | x\na x:red\n", 2, 4, "x:red", "colours are not supported"),
    ("a b | x\nb:red\n", 2, 2, "b:red", "primary item 'b' cannot have a colour"),
])
def test_malformed_knuth_files(text, line, column, char, words):
    with pytest.raises(ParseError) as caught:
        parse_knuth(text)
    error = caught.value
    assert (error.line, error.column, error.char) == (line, column, char)
    assert words in str(error)
    assert f"line {line}" in str(error)
    with pytest.raises(ParseError):
        ExactCover.from_knuth(text)


def test_docstring_examples():
    assert doctest.testmod(exact_cover).failed == 0
