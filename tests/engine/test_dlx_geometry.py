"""The dlx engine on variant geometries (issue #13): the cover of any geometry.

dlx (sudoku_cover) must agree with propagate and backtrack on every geometry -- X, windoku,
anti-knight, anti-king, disjoint, jigsaws, extra units, pairs and weak links --, its C twin
(_ckernels.dlx_sudoku, and the Python cover run by _ckernels.dlx_count) must give the very
same (count, first, nodes, stopped), and pencil marks must restrict it on a variant too.
The kernels under test are the active backend's (run the file with and without
SUDOKIT_PUREPYTHON=1); the pure-Python specification runs in both.
"""

from __future__ import annotations

import random
from itertools import combinations, islice

import pytest

from sudokit.engine import _backend, _kernels, exact_cover, sudoku_cover
from sudokit import geometry

C = _backend.C
needs_c = pytest.mark.skipif(C is None, reason="C kernels only: sudokit._ckernels is not active")


# --- geometries ----------------------------------------------------------------------------


def next_value_links(pairs, n):
    """Weak links "cell i = a excludes cell j = a+1" for each (i, j) of pairs."""
    return [(i, j, [1 << a if a < n else 0 for a in range(1, n + 1)]) for i, j in pairs]


def swapped_jigsaw(box_rows, box_cols, seed, swaps):
    """A jigsaw made from boxes by swapping equal values of a classic solution across regions.

    Each region keeps one of every value of that solution, so the jigsaw has a solution.
    """
    n = box_rows * box_cols
    sol = _kernels.propagate(bytes(n * n), box_rows, box_cols, 1, 0)[1]
    regions = list(geometry.boxes(box_rows, box_cols).regions)
    rng = random.Random(seed)
    for _ in range(swaps):
        x = rng.randrange(n * n)
        others = [y for y in range(n * n) if sol[y] == sol[x] and regions[y] != regions[x]]
        y = rng.choice(others)
        regions[x], regions[y] = regions[y], regions[x]
    return geometry.jigsaw(regions, size=n)


B4 = geometry.boxes(2, 2)
B6 = geometry.boxes(2, 3)

SMALL = {
    "4x4 x": B4.with_rules("x"),
    "4x4 antiking": B4.with_rules("antiking"),
    "4x4 antiknight": B4.with_rules("antiknight"),
    "4x4 diagonal- pairs": B4.with_rules("diagonal-").with_pairs((1, 11), (4, 14)),
    "4x4 next-value links": B4.with_links(*next_value_links([(0, 15), (5, 10), (3, 6), (1, 2)], 4)),
    "4x4 small units": B4.with_units((0, 5), (3, 6, 9), (10,)),
    "4x4 corners unit": B4.with_units((0, 3, 12, 15)),
    "4x4 pairs": B4.with_pairs((0, 15), (1, 11), (4, 14), (0, 5)),   # (0, 5): a box, no pair
    "4x4 jigsaw": geometry.jigsaw("AAABCABBCCDBCDDD"),
    "6x6 antiking": B6.with_rules("antiking"),
    "6x6 x": B6.with_rules("x"),
    "6x6 jigsaw": swapped_jigsaw(2, 3, 1, 6),
    "6x6 jigsaw antiknight": swapped_jigsaw(3, 2, 5, 4).with_rules("antiknight"),
    "6x6 jigsaw diagonal-": swapped_jigsaw(3, 2, 1, 8).with_rules("diagonal-"),
    "6x6 next-value links": B6.with_links(*next_value_links(
        [(c, c + 1) for c in range(0, 36, 7) if c % 6 < 5] + [(0, 35), (14, 21)], 6)),
    "6x6 small units": B6.with_units((0, 7, 14), (20, 27), (5, 10, 15, 30)),
}

NINE = {
    "x": geometry.boxes(3, 3).with_rules("x"),
    "windoku": geometry.boxes(3, 3).with_rules("windoku"),
    "antiknight": geometry.boxes(3, 3).with_rules("antiknight"),
    "antiking": geometry.boxes(3, 3).with_rules("antiking"),
    "disjoint": geometry.boxes(3, 3).with_rules("disjoint"),
    "jigsaw": swapped_jigsaw(3, 3, 7, 12),
    "jigsaw x": swapped_jigsaw(3, 3, 8, 10).with_rules("x"),
    "next-value links": geometry.boxes(3, 3).with_links(*next_value_links(
        [(c, c + 10) for c in range(0, 70, 11)], 9)),
}


def active(name):
    """The active backend's kernel for name, called as kernel(values, geom, limit, node_limit)."""
    kernel = _backend.KERNELS[name]
    return lambda values, geom, limit=1, node_limit=0: kernel(values, _backend.tables(geom),
                                                               limit, node_limit)


def classic_solutions(geom):
    """Every solution of the classic grid with geom's boxes (an independent enumeration)."""
    br, bc = geom.box
    return list(_kernels.backtrack_solutions(bytes(geom.ncells), br, bc))


def thinned(solution, rng, keep):
    """solution with each cell kept with probability keep (else 0)."""
    return bytes(v if rng.random() < keep else 0 for v in solution)


def variant_puzzle(geom, rng, keep):
    """(puzzle, solution): propagate's first solution after one or two random givens, thinned.

    A geometry with no solution at all gives a few random givens and solution None.
    """
    propagate = active("propagate")
    while True:
        seed = bytearray(geom.ncells)
        for _ in range(rng.randint(1, 2)):
            seed[rng.randrange(geom.ncells)] = rng.randint(1, geom.size)
        count, first, _, _ = propagate(bytes(seed), geom, 1, 20000)   # unsolvable seeds can
        if count:                                                       # take long: next one
            return thinned(first, rng, keep), first
        if not propagate(bytes(geom.ncells), geom, 1, 0)[0]:
            return bytes(seed), None


@pytest.fixture
def sanity(monkeypatch):
    """Check every dancing link at every step of the pure-Python exact-cover search."""
    monkeypatch.setattr(exact_cover, "_SANITY", True)


# --- the cover itself ----------------------------------------------------------------------


def test_classic_cover_is_unchanged():
    geom = geometry.boxes(2, 3)
    n, nn = 6, 36
    cover = sudoku_cover.build_cover(bytes(nn), 2, 3)
    assert cover == sudoku_cover.build_cover(bytes(nn), geom)
    assert (cover.n_primary, cover.n_secondary) == (4 * nn, 0)
    assert len(cover.meaning) == nn * n
    for k, (cell, v) in enumerate(cover.meaning):
        r, c = divmod(cell, n)
        b = (r // 2) * 2 + c // 3
        items = cover.option_items[cover.option_starts[k]:cover.option_starts[k + 1]]
        assert items == [cell, nn + r * n + v - 1, 2 * nn + c * n + v - 1, 3 * nn + b * n + v - 1]


@pytest.mark.parametrize("name", sorted(SMALL))
def test_cover_conflicts_are_exactly_the_rules(name):
    """Two options of different cells share an item iff the geometry forbids them together."""
    geom = SMALL[name]
    cover = sudoku_cover.build_cover(bytes(geom.ncells), geom)
    n_items = cover.n_primary + cover.n_secondary
    options = [set(cover.option_items[a:b]) for a, b in zip(cover.option_starts,
                                                            cover.option_starts[1:])]
    assert all(0 <= i < n_items for o in options for i in o)
    assert len(options) == geom.ncells * geom.size        # an empty grid: every (cell, value)
    peers = [set(p) for p in geom.peers]
    links = {(i, j): masks for i, j, masks in geom.links}
    for (x, ox), (y, oy) in combinations(enumerate(options), 2):
        (c, a), (d, b) = cover.meaning[x], cover.meaning[y]
        if c == d:
            continue
        forbidden = (a == b and d in peers[c]) or bool(links.get((c, d), [0] * geom.size)[a - 1]
                                                       >> (b - 1) & 1)
        assert bool(ox & oy) == forbidden, (name, c, a, d, b)
    # primary items: the cells and (full unit, value); the rest are secondary
    assert cover.n_primary == geom.ncells + geom.nfull * geom.size


def test_weak_link_stars_shorten_options():
    """One star item per (lower cell, value) of a link, not one per excluded combination."""
    n = 4
    masks = [0b1110, 0b1100, 0b1000, 0]          # i = a excludes j > a  (i < j)
    geom = B4.with_links((0, 15, masks))
    cover = sudoku_cover.build_cover(bytes(16), geom)
    assert cover.n_secondary == len(geom.units[geom.nfull:]) * n + 3   # 3 values of 0 exclude
    items = {m: cover.option_items[a:b] for m, a, b in zip(cover.meaning, cover.option_starts,
                                                           cover.option_starts[1:])}
    assert [len(items[(0, v)]) for v in range(1, 5)] == [4 + 1, 4 + 1, 4 + 1, 4]
    assert [len(items[(15, v)]) for v in range(1, 5)] == [4, 4 + 1, 4 + 2, 4 + 3]


def test_givens_prune_options_through_pairs_and_links():
    geom = B4.with_pairs((0, 5)).with_links(*next_value_links([(1, 15)], 4))
    puzzle = bytearray(16)
    puzzle[5] = 3      # pair partner of cell 0 (they share a box: no pair item, a unit)
    puzzle[1] = 2      # cell 15 cannot be 3
    cover = sudoku_cover.build_cover(bytes(puzzle), geom)
    values_of = {c: sorted(v for cc, v in cover.meaning if cc == c) for c in (0, 15)}
    assert 3 not in values_of[0]
    assert values_of[15] == [1, 2, 4]


# --- dlx agrees with propagate and backtrack -----------------------------------------------


@pytest.mark.parametrize("name", sorted(n for n in SMALL if n.startswith("4x4")))
def test_4x4_counts_all_engines(name, sanity):
    geom = SMALL[name]
    empty = bytes(16)
    counts = {engine: active(engine)(empty, geom, 0, 0) for engine in ("propagate", "backtrack", "dlx")}
    spec = sudoku_cover.dlx(empty, geom, 0, 0)
    assert counts["dlx"] == spec
    if geom.box is not None:
        expected = sum(geom.is_solution(s) for s in classic_solutions(geom))
    else:
        expected = sum(1 for _ in _kernels.backtrack_solutions(empty, geom))
    for engine, (count, first, _, stopped) in counts.items():
        assert (count, stopped) == (expected, False), engine
        assert first is None if not expected else geom.is_solution(first)


def test_known_4x4_counts():
    assert active("dlx")(bytes(16), SMALL["4x4 x"], 0, 0)[0] == 48
    assert active("dlx")(bytes(16), SMALL["4x4 antiking"], 0, 0)[0] == 0


@pytest.mark.parametrize("name", sorted(SMALL))
def test_small_puzzles_all_engines(name):
    geom = SMALL[name]
    rng = random.Random(name)
    dlx, propagate, backtrack = active("dlx"), active("propagate"), active("backtrack")
    for trial in range(6):
        puzzle, _ = variant_puzzle(geom, rng, rng.choice([0.2, 0.35, 0.5]))
        if trial == 5:   # a stray given: may clash or leave no solution
            puzzle = bytearray(puzzle)
            puzzle[rng.randrange(geom.ncells)] = rng.randint(1, geom.size)
            puzzle = bytes(puzzle)
        for limit in (2, 0):
            got = dlx(puzzle, geom, limit, 0)
            assert got == sudoku_cover.dlx(puzzle, geom, limit, 0)
            count, first, _, stopped = got
            assert not stopped
            assert propagate(puzzle, geom, limit, 0)[0] == count
            assert backtrack(puzzle, geom, limit, 0)[0] == count
            if count:
                assert geom.is_solution(first, puzzle)
            else:
                assert first is None


@pytest.mark.parametrize("name", sorted(SMALL))
def test_dlx_solutions_enumerate_the_same_set(name):
    geom = SMALL[name]
    rng = random.Random(f"solutions {name}")
    puzzle, _ = variant_puzzle(geom, rng, 0.3)
    counter = [0]
    found = list(sudoku_cover.dlx_solutions(puzzle, geom, 0, counter))
    assert len(found) == len(set(found)) == sudoku_cover.dlx(puzzle, geom, 0, 0)[0]
    assert counter[0] == sudoku_cover.dlx(puzzle, geom, 0, 0)[2]
    assert set(found) == set(_kernels.propagate_solutions(puzzle, geom))


@pytest.mark.parametrize("name", sorted(NINE))
def test_random_9x9_variant_puzzles(name):
    geom = NINE[name]
    rng = random.Random(f"nine {name}")
    dlx, propagate, backtrack = active("dlx"), active("propagate"), active("backtrack")
    for trial in range(3):
        puzzle, solution = variant_puzzle(geom, rng, rng.choice([0.45, 0.55]))
        count, first, _, stopped = dlx(puzzle, geom, 2, 0)
        assert not stopped and count >= 1
        assert geom.is_solution(first, puzzle)
        assert propagate(puzzle, geom, 2, 0)[0] == count
        assert backtrack(puzzle, geom, 2, 0)[0] == count
        if count == 1:
            assert first == solution


def test_clashing_givens_on_variants_give_no_solution():
    cases = [
        (SMALL["4x4 x"], {0: 1, 15: 1}),                     # diagonal
        (SMALL["4x4 pairs"], {1: 4, 11: 4}),                 # a pair
        (SMALL["4x4 small units"], {3: 2, 9: 2}),            # a small unit
        (SMALL["4x4 next-value links"], {0: 2, 15: 3}),      # a weak link
        (SMALL["6x6 antiking"], {0: 5, 7: 5}),               # king's move
    ]
    for geom, givens in cases:
        puzzle = bytearray(geom.ncells)
        for cell, v in givens.items():
            puzzle[cell] = v
        assert geom.conflicts(puzzle)
        for engine in ("dlx", "propagate", "backtrack"):
            assert active(engine)(bytes(puzzle), geom, 2, 0)[:2] == (0, None), engine


# --- twins: C == Python specification --------------------------------------------------------


@needs_c
@pytest.mark.parametrize("name", sorted(SMALL) + [f"9x9 {n}" for n in sorted(NINE)])
def test_c_twins_same_nodes(name):
    geom = SMALL.get(name) or NINE[name[4:]]
    tables = _backend.tables(geom)
    rng = random.Random(f"twins {name}")
    for trial in range(3):
        puzzle, _ = variant_puzzle(geom, rng, rng.choice([0.3, 0.5]) if geom.size < 9 else 0.5)
        for limit, node_limit in [(1, 0), (2, 0), (0, 0), (3, 7), (0, 1)]:
            spec = sudoku_cover.dlx(puzzle, geom, limit, node_limit)
            assert C.dlx_sudoku(puzzle, tables, limit, node_limit) == spec, (limit, node_limit)
            assert sudoku_cover.dlx(puzzle, geom, limit, node_limit, engine=C.dlx_count) == spec
        full = spec = sudoku_cover.dlx(puzzle, geom, 0, 0)
        if full[2] > 1:   # stop half way: a lower bound, stopped, same nodes
            half = full[2] // 2
            spec = sudoku_cover.dlx(puzzle, geom, 0, half)
            assert spec[2:] == (half, True)
            assert C.dlx_sudoku(puzzle, tables, 0, half) == spec


@needs_c
def test_c_batch_runs_dlx_on_a_variant():
    geom = NINE["windoku"]
    rng = random.Random(11)
    puzzles = [variant_puzzle(geom, rng, 0.45)[0] for _ in range(4)]
    data = b"".join(puzzles)
    sols, counts, nodes, flags = bytearray(81 * 4), bytearray(32), bytearray(32), bytearray(4)
    assert C.batch(data, 4, _backend.tables(geom), "dlx", 2, 0, sols, counts, nodes,
                   flags) == "dlx"
    for k, puzzle in enumerate(puzzles):
        count, first, used, _ = sudoku_cover.dlx(puzzle, geom, 2, 0)
        assert int.from_bytes(counts[8 * k:8 * k + 8], "little") == count
        assert int.from_bytes(nodes[8 * k:8 * k + 8], "little") == used
        assert bytes(sols[81 * k:81 * k + 81]) == first
        assert flags[k] & 2   # verified by the geometry checker


# --- candidates (pencil marks) on variants -------------------------------------------------------


@pytest.mark.parametrize("name", ["4x4 x", "4x4 next-value links", "4x4 small units",
                                  "6x6 jigsaw", "6x6 next-value links", "6x6 antiking"])
def test_candidates_restrict_a_variant(name):
    geom = SMALL[name]
    n = geom.size
    rng = random.Random(f"marks {name}")
    puzzle, every = bytes(geom.ncells), []
    while n > 4 and not 2 <= len(every) <= 3000:   # 4x4: the empty grid (at most 288)
        puzzle, _ = variant_puzzle(geom, rng, 0.35)
        every = list(islice(_kernels.propagate_solutions(puzzle, geom), 3001))
    every = list(_kernels.propagate_solutions(puzzle, geom))
    assert len(every) >= 2
    engines = [None] + ([C.dlx_count] if C is not None else [])
    restricted = 0
    for trial in range(8):
        # random marks that keep one known solution (and rule out others), or none at all
        keep = rng.choice(every)
        masks = [((1 << n) - 1) & ~(rng.getrandbits(n) & rng.getrandbits(n)) | 1 << (keep[c] - 1)
                 for c in range(geom.ncells)]
        if trial == 7:
            masks[rng.randrange(geom.ncells)] = 0
        allowed = [s for s in every if all(masks[c] >> (s[c] - 1) & 1 for c in range(geom.ncells))]
        restricted += len(allowed) < len(every)
        for engine in engines:
            count, first, _, stopped = sudoku_cover.dlx(puzzle, geom, 0, 0, engine=engine,
                                                        candidates=masks)
            assert (count, stopped) == (len(allowed), False)
            if count:
                assert first in allowed and geom.is_solution(first, puzzle)
        found = list(sudoku_cover.dlx_solutions(puzzle, geom, candidates=masks))
        assert sorted(found) == sorted(allowed)
    assert restricted >= 6   # the marks did rule solutions out


def test_candidates_full_masks_build_the_same_cover():
    geom = SMALL["6x6 next-value links"]
    puzzle, _ = variant_puzzle(geom, random.Random(3), 0.3)
    full = [(1 << 6) - 1] * 36
    assert sudoku_cover.build_cover(puzzle, geom, full) == sudoku_cover.build_cover(puzzle, geom)


# --- slow: whole counts of the 6x6 variants ------------------------------------------------------


@pytest.mark.slow
@needs_c
@pytest.mark.parametrize("name", ["6x6 antiking", "6x6 x", "6x6 next-value links"])
def test_slow_6x6_counts(name):
    geom = SMALL[name]
    empty = bytes(36)
    got = C.dlx_sudoku(empty, _backend.tables(geom), 0, 0)
    assert got[0] == C.propagate(empty, _backend.tables(geom), 0, 0)[0]
    assert got == sudoku_cover.dlx(empty, geom, 0, 0, engine=C.dlx_count)


def combination_cover(geom, puzzle):
    """The cover with one secondary item per excluded combination (i=a, j=b) instead of stars."""
    cover = sudoku_cover.build_cover(puzzle, geom)
    first_star = cover.n_primary + cover.n_secondary - sum(
        1 for i, j, masks in geom.links if i < j for m in masks if m)
    combos = {}
    for i, j, masks in geom.links:
        if i < j:
            for a, m in enumerate(masks, 1):
                for b in range(1, geom.size + 1):
                    if m >> (b - 1) & 1:
                        combos[(i, a, j, b)] = first_star + len(combos)
    starts, items = [0], []
    for k, (cell, v) in enumerate(cover.meaning):
        option = [i for i in cover.option_items[cover.option_starts[k]:cover.option_starts[k + 1]]
                  if i < first_star]
        option += [item for (i, a, j, b), item in combos.items()
                   if (i, a) == (cell, v) or (j, b) == (cell, v)]
        items += option
        starts.append(len(items))
    return cover.n_primary, first_star + len(combos) - cover.n_primary, starts, items


def less_than_links(pairs, n):
    """Weak links "cell i < cell j": i = a excludes j = 1..a."""
    return [(i, j, [(1 << a) - 1 for a in range(1, n + 1)]) for i, j in pairs]


@pytest.mark.parametrize("name", ["4x4 next-value links", "6x6 next-value links", "4x4 less",
                                  "6x6 thermometer"])
def test_stars_search_the_same_tree_as_combinations(name):
    """The star encoding of weak links: same count, first solution and nodes, shorter options."""
    geom = SMALL.get(name) or {
        "4x4 less": B4.with_links(*less_than_links([(0, 15), (6, 9)], 4)),
        "6x6 thermometer": B6.with_links(*less_than_links([(0, 7), (7, 14), (14, 21), (3, 4)], 6)),
    }[name]
    rng = random.Random(f"stars {name}")
    for trial in range(4):
        puzzle, _ = variant_puzzle(geom, rng, 0.3 if geom.size == 6 else 0.0)
        cover = sudoku_cover.build_cover(puzzle, geom)
        n_primary, n_secondary, starts, items = combination_cover(geom, puzzle)
        assert n_secondary >= cover.n_secondary and len(items) >= len(cover.option_items)
        if "next" not in name:   # one excluded value per (i, a): stars are combinations
            assert n_secondary > cover.n_secondary and len(items) > len(cover.option_items)
        stars = exact_cover.dlx_count(cover.n_primary, cover.n_secondary, cover.option_starts,
                                      cover.option_items, 50, 0)
        assert exact_cover.dlx_count(n_primary, n_secondary, starts, items, 50, 0) == stars
