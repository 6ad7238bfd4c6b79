"""HoDoKu 2.2.0's level and score, from HoDoKu's own step path (docs/se-rating.md section 10).

HoDoKu tries its steps in the order of their index (full house 100, naked single 200,
hidden single 300, locked pair 1000, ...), applies the first step found, adds that step's
score, and raises the level to the step's level; at the end the level rises while the
score exceeds the level's maximum (Easy 800, Medium 1000, Hard 1600, Unfair 1800).

The score depends on the whole path, so each step must be the instance HoDoKu takes.  The
singles, locked candidates and subsets are reproduced here (HoDoKu's singles queues and
scan orders); wings, single-digit patterns, chains, uniqueness, colouring, Sue de Coq, ALS
steps, nice loops and forcing chains / nets come from the _hodoku_*.py modules (HoDoKu's
scan orders and step sorting, rewritten from its rules); only the fish (2200-4600) still
come from sudokit.logic's finders.  A puzzle logic cannot finish gets HoDoKu's brute
force: a value of the solution placed for 10000 points.
"""

from __future__ import annotations

from ._hodoku_grid import _CONSTR, _UNITS

__all__ = ["hodoku_rating", "HODOKU_ORDER"]

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800}

# (HoDoKu index, technique id, level, score), in HoDoKu's solving order; "hd:" ids are
# HoDoKu's own finders (_OWN), the others sudokit.logic's
HODOKU_ORDER = (
    (100, "full-house", "easy", 4),
    (200, "naked-single", "easy", 4),
    (300, "hidden-single", "easy", 14),
    (1000, "locked-pair", "medium", 40),
    (1100, "locked-triple", "medium", 60),
    (1200, "pointing", "medium", 50),
    (1210, "claiming", "medium", 50),
    (1300, "naked-pair", "medium", 60),
    (1400, "naked-triple", "medium", 80),
    (1500, "hidden-pair", "medium", 70),
    (1600, "hidden-triple", "medium", 100),
    (2000, "naked-quad", "hard", 120),
    (2100, "hidden-quad", "hard", 150),
    (2200, "x-wing", "hard", 140),
    (2300, "swordfish", "hard", 150),
    (2400, "jellyfish", "hard", 160),
    (2800, "hd:remote-pair", "hard", 110),
    (2900, "hd:bug-plus-1", "hard", 100),
    (3000, "hd:skyscraper", "hard", 130),
    (3100, "hd:two-string-kite", "hard", 150),
    (3120, "hd:turbot-fish", "hard", 120),
    (3170, "hd:empty-rectangle", "hard", 120),
    (3200, "hd:w-wing", "hard", 150),
    (3300, "hd:xy-wing", "hard", 160),
    (3400, "hd:xyz-wing", "hard", 180),
    (3500, "hd:u1", "hard", 100),
    (3600, "hd:u2", "hard", 100),
    (3700, "hd:u3", "hard", 100),
    (3800, "hd:u4", "hard", 100),
    (3900, "hd:u5", "hard", 100),
    (4000, "hd:u6", "hard", 100),
    (4010, "hd:hr", "hard", 100),
    (4020, "hd:ar1", "hard", 100),
    (4030, "hd:ar2", "hard", 100),
    (4100, "finned-x-wing", "hard", 130),
    (4200, "sashimi-x-wing", "hard", 150),
    (4300, "finned-swordfish", "unfair", 200),
    (4400, "sashimi-swordfish", "unfair", 240),
    (4500, "finned-jellyfish", "unfair", 250),
    (4600, "sashimi-jellyfish", "unfair", 260),
    (5300, "hd:sue-de-coq", "unfair", 250),
    (5330, "hd:simple-colors", "hard", 150),
    (5360, "hd:multi-colors", "hard", 200),
    (5400, "hd:x-chain", "unfair", 260),
    (5500, "hd:xy-chain", "unfair", 260),
    (5600, "hd:nice-loop", "unfair", 280),
    (5650, "hd:grouped-nice-loop", "unfair", 300),
    (5700, "hd:als-xz", "unfair", 300),
    (5800, "hd:als-xy-wing", "unfair", 320),
    (5900, "hd:als-chain", "unfair", 340),
    (8500, "hd:forcing-chain", "extreme", 500),
    (8600, "hd:forcing-net", "extreme", 700),
)


def _finders():
    """[(find, level, score, index, id, own)] for HoDoKu's steps from index 2200 on; own
    finders take the _Singles state, the others (sudokit.logic's) a logic State."""
    from ..logic import technique
    out = []
    for index, tid, level, score in HODOKU_ORDER:
        if index < 2200:  # singles, locked candidates and subsets: _Simple
            continue
        if tid in _OWN:
            out.append((_OWN[tid], level, score, index, tid, True))
            continue
        else:
            try:
                find = technique(tid).find
            except (KeyError, ValueError):
                continue
        out.append((find, level, score, index, tid, False))
    return out


_FINDERS = None


def _nice_loops(hd, groups: bool):
    from ._hodoku_tabling import nice_loop_step
    step = nice_loop_step(hd.cands, hd.free, groups)
    return None if step is None else ([], list(step[1]))


def _wing(hd, kind: str):
    from ._hodoku_wings import w_wing, xy_wing
    dels = w_wing(hd.cands, hd.free) if kind == "w" else xy_wing(hd.cands, kind == "xyz")
    return None if not dels else ([], dels)


def _nets(hd):
    from ._hodoku_nets import forcing_net_step
    return forcing_net_step(hd)


def _sdc(hd):
    from ._hodoku_sdc import sue_de_coq
    dels = sue_de_coq(hd.cands)
    return None if not dels else ([], _distinct(dels))


def _colors(hd, name: str):
    from . import _hodoku_colors
    dels = getattr(_hodoku_colors, name)(hd.cands, hd.free)
    return None if not dels else ([], _distinct(dels))


def _sdp(hd, name: str):
    from . import _hodoku_sdp
    dels = getattr(_hodoku_sdp, name)(hd.cands, hd.free)
    return None if not dels else ([], dels)


def _avoidable(hd, kind: str):
    from ._hodoku_unique import avoidable_rectangle
    dels = avoidable_rectangle(hd.cands, hd.values, hd.givens, kind)
    return None if not dels else ([], dels)


def _unique(hd, kind: str):
    from ._hodoku_unique import uniqueness
    dels = uniqueness(hd.cands, hd.values, kind)
    return None if not dels else ([], _distinct(dels))


def _distinct(pairs):
    """pairs without repeats, first occurrence kept."""
    out = []
    for p in pairs:
        if p not in out:
            out.append(p)
    return out


def _deletions(hd, what: str):
    from ._hodoku_unique import bug_plus_1
    dels = bug_plus_1(hd.cands, hd.free)
    return None if not dels else ([], dels)


def _als(hd, name: str):
    from . import _hodoku_als
    dels = getattr(_hodoku_als, name)(hd.cands)
    return None if not dels else ([], dels)


def _forcing(hd):
    from ._hodoku_tabling import forcing_chain_step
    return forcing_chain_step(hd.cands, hd.free, hd.values)


def _chains(hd, kind: str):
    from ._hodoku_chains import chain_step
    step = chain_step(hd.cands, hd.free, kind)
    return None if step is None else ([], list(step[1]))


# HoDoKu's own finders: find(hd) -> (placements, deletions) or None
_OWN = {
    "hd:forcing-net": lambda hd: _nets(hd),
    "hd:sue-de-coq": lambda hd: _sdc(hd),
    "hd:simple-colors": lambda hd: _colors(hd, "simple_colors"),
    "hd:multi-colors": lambda hd: _colors(hd, "multi_colors"),
    "hd:skyscraper": lambda hd: _sdp(hd, "skyscraper"),
    "hd:two-string-kite": lambda hd: _sdp(hd, "two_string_kite"),
    "hd:empty-rectangle": lambda hd: _sdp(hd, "empty_rectangle"),
    "hd:ar1": lambda hd: _avoidable(hd, "ar1"),
    "hd:ar2": lambda hd: _avoidable(hd, "ar2"),
    "hd:w-wing": lambda hd: _wing(hd, "w"),
    "hd:xy-wing": lambda hd: _wing(hd, "xy"),
    "hd:xyz-wing": lambda hd: _wing(hd, "xyz"),
    "hd:u1": lambda hd: _unique(hd, "u1"),
    "hd:u2": lambda hd: _unique(hd, "u2"),
    "hd:u3": lambda hd: _unique(hd, "u3"),
    "hd:u4": lambda hd: _unique(hd, "u4"),
    "hd:u5": lambda hd: _unique(hd, "u5"),
    "hd:u6": lambda hd: _unique(hd, "u6"),
    "hd:hr": lambda hd: _unique(hd, "hr"),
    "hd:als-xz": lambda hd: _als(hd, "als_xz"),
    "hd:als-xy-wing": lambda hd: _als(hd, "als_xy_wing"),
    "hd:als-chain": lambda hd: _als(hd, "als_chain"),
    "hd:forcing-chain": lambda hd: _forcing(hd),
    "hd:bug-plus-1": lambda hd: _deletions(hd, "bug"),
    "hd:remote-pair": lambda hd: _chains(hd, "remote-pair"),
    "hd:turbot-fish": lambda hd: _chains(hd, "turbot"),
    "hd:x-chain": lambda hd: _chains(hd, "x-chain"),
    "hd:xy-chain": lambda hd: _chains(hd, "xy-chain"),
    "hd:nice-loop": lambda hd: _nice_loops(hd, False),
    "hd:grouped-nice-loop": lambda hd: _nice_loops(hd, True),
}

# HoDoKu's constraints: rows 0-8, cols 9-17, boxes 18-26; each cell's (row, col, box)
_UNIT = _UNITS
_BUDDIES = tuple(tuple(d for d in range(81) if d != c and set(_CONSTR[c]) & set(_CONSTR[d]))
                 for c in range(81))


class _Queue:
    """HoDoKu's SudokuSinglesQueue: a FIFO of (cell, value) over reusable arrays."""

    def __init__(self):
        self.cells, self.values = [0] * 4096, [0] * 4096
        self.get = self.put = 0

    def add(self, cell, value):
        self.cells[self.put], self.values[self.put] = cell, value
        self.put += 1

    def pop(self) -> int:
        """The position of the oldest entry (-1 when empty), removing it."""
        if self.get >= self.put:
            return -1
        ret = self.get
        self.get += 1
        if self.get >= self.put:
            self.get = self.put = 0
        return ret

    def delete_at(self, i):
        self.cells[i:self.put - 1] = self.cells[i + 1:self.put]
        self.values[i:self.put - 1] = self.values[i + 1:self.put]
        self.put -= 1

    def delete_cell(self, cell):
        for i in range(self.get, self.put):
            if self.cells[i] == cell:
                self.delete_at(i)
                return

    def delete_unit(self, unit, value):
        for i in range(self.get, self.put):
            if self.values[i] == value and unit in _CONSTR[self.cells[i]]:
                self.delete_at(i)
                return


class _Singles:
    """HoDoKu's Sudoku2 as far as singles go: candidates, free counts per (constraint,
    value) and the naked / hidden single queues, updated as HoDoKu updates them."""

    def __init__(self, line: str):
        self.values = [0] * 81
        self.cands = [511] * 81
        self.free = [[9] * 10 for _ in range(27)]
        self.ns, self.hs = _Queue(), _Queue()
        for c, ch in enumerate(line[:81]):
            if "1" <= ch <= "9":
                self.set_cell(c, ord(ch) - 48)

    def _add_hidden(self, unit, value):
        bit = 1 << (value - 1)
        for c in _UNIT[unit]:
            if self.cands[c] & bit:
                self.hs.add(c, value)
                return

    def del_cand(self, cell, value):
        bit = 1 << (value - 1)
        if not self.cands[cell] & bit:
            return
        self.cands[cell] &= ~bit
        m = self.cands[cell]
        if not m:
            return
        if not m & (m - 1):
            self.ns.add(cell, m.bit_length())
        for u in _CONSTR[cell]:
            self.free[u][value] -= 1
            if self.free[u][value] == 1:
                self._add_hidden(u, value)
            elif self.free[u][value] == 0:
                self.hs.delete_unit(u, value)

    def set_cell(self, cell, value):
        if self.values[cell] == value:
            return
        self.values[cell] = value
        old = self.cands[cell]
        self.cands[cell] = 0
        for d in _BUDDIES[cell]:
            self.del_cand(d, value)
        for cand in range(1, 10):
            if old >> (cand - 1) & 1:
                for u in _CONSTR[cell]:
                    self.free[u][cand] -= 1
                    if self.free[u][cand] == 1 and cand != value:
                        self._add_hidden(u, cand)

    def full_house(self):
        q = self.ns
        for i in range(q.get, q.put):
            cell, v = q.cells[i], q.values[i]
            if self.values[cell] == 0:
                for u in _CONSTR[cell]:
                    if all(self.free[u][j] == 0 for j in range(1, 10) if j != v):
                        return cell, v
        return None

    def naked_single(self):
        while True:
            i = self.ns.pop()
            if i < 0:
                return None
            cell, v = self.ns.cells[i], self.ns.values[i]
            if self.values[cell] == 0:
                return cell, v

    def hidden_single(self):
        while True:
            i = self.hs.pop()
            if i < 0:
                return None
            cell, v = self.hs.cells[i], self.hs.values[i]
            if self.values[cell] == 0:
                if self.cands[cell] >> (v - 1) & 1:
                    for u in _CONSTR[cell]:
                        if self.free[u][v] == 1:
                            return cell, v
                return None


# --- HoDoKu's SimpleSolver: locked candidates and subsets, in its scan orders --------------

_BLOCKS, _LINES, _COLS = _UNIT[18:27], _UNIT[0:9], _UNIT[9:18]


def _bits(m: int) -> list:
    return [v for v in range(1, 10) if m >> (v - 1) & 1]


class _Simple(_Singles):
    """The singles state plus HoDoKu's locked candidates and naked / hidden subsets.
    Each finder returns the step's deletions [(cell, value)] in HoDoKu's order, or None."""

    def _subset_step(self, cells, mask, hidden):
        first = _CONSTR[cells[0]]
        same = [all(_CONSTR[c][j] == first[j] for c in cells) for j in range(3)]
        dels, found = [], 0
        if hidden:
            for c in cells:
                dels.extend((c, v) for v in _bits(self.cands[c] & ~mask))
        else:
            for j in range(3):
                if not same[j]:
                    continue
                hit = False
                for c in _UNIT[first[j]]:
                    if c in cells or not self.cands[c] & mask:
                        continue
                    dels.extend((c, v) for v in _bits(self.cands[c] & mask))
                    if not hit and (j == 2 or _CONSTR[c][2] != first[2]):
                        hit = True
                        found += 1
        if not dels:
            return None, False
        locked = (len(cells) < 4 and found > 1 and not hidden
                  and same[2] and (same[0] or same[1]))
        return dels, locked

    def naked(self, anz: int, locked: bool):
        from itertools import combinations
        for units in ((_BLOCKS,) if locked else (_BLOCKS, _LINES, _COLS)):
            for unit in units:
                cells = [c for c in unit if 0 < POP[self.cands[c]] <= anz]
                for combo in combinations(cells, anz):
                    mask = 0
                    for c in combo:
                        mask |= self.cands[c]
                    if POP[mask] != anz:
                        continue
                    dels, is_locked = self._subset_step(combo, mask, False)
                    if dels is not None and is_locked == locked:
                        return dels
        return None

    def hidden(self, anz: int):
        from itertools import combinations
        for base, units in ((18, _BLOCKS), (0, _LINES), (9, _COLS)):
            for k, unit in enumerate(units):
                if sum(1 for c in unit if self.cands[c]) <= anz:
                    continue
                free = self.free[base + k]
                vals = [v for v in range(1, 10) if 0 < free[v] <= anz]
                if len(vals) < anz:
                    continue
                pos = {v: [i for i, c in enumerate(unit) if self.cands[c] >> (v - 1) & 1]
                       for v in vals}
                for combo in combinations(vals, anz):
                    where = sorted(set().union(*(pos[v] for v in combo)))
                    if len(where) != anz:
                        continue
                    mask = sum(1 << (v - 1) for v in combo)
                    dels, _ = self._subset_step([unit[i] for i in where], mask, True)
                    if dels is not None:
                        return dels
        return None

    def locked_candidates(self, kind: int):
        """kind 1: pointing (boxes); 2: claiming (rows, then cols)."""
        searches = ((18, _BLOCKS),) if kind == 1 else ((0, _LINES), (9, _COLS))
        for base, units in searches:
            for k, unit in enumerate(units):
                for v in range(1, 10):
                    n = self.free[base + k][v]
                    if n not in (2, 3):
                        continue
                    bit = 1 << (v - 1)
                    cells = [c for c in unit if self.cands[c] & bit]
                    same = [all(_CONSTR[c][j] == _CONSTR[cells[0]][j] for c in cells)
                            for j in range(3)]
                    first = _CONSTR[cells[0]]
                    target = None
                    if base == 18:
                        if same[0] and self.free[first[0]][v] > n:
                            target = first[0]
                        elif same[1] and self.free[first[1]][v] > n:
                            target = first[1]
                    elif same[2] and self.free[first[2]][v] > n:
                        target = first[2]
                    if target is None:
                        continue
                    skip = base + k
                    return [(c, v) for c in _UNIT[target]
                            if self.cands[c] & bit and skip not in _CONSTR[c]]
        return None


POP = tuple(bin(m).count("1") for m in range(512))

# HoDoKu steps done by _Simple, in order: (finder, level, score)
_SIMPLE = (
    (lambda h: h.naked(2, True), "medium", 40),      # locked pair 1000
    (lambda h: h.naked(3, True), "medium", 60),      # locked triple 1100
    (lambda h: h.locked_candidates(1), "medium", 50),  # 1200
    (lambda h: h.locked_candidates(2), "medium", 50),  # 1210
    (lambda h: h.naked(2, False), "medium", 60),     # naked pair 1300
    (lambda h: h.naked(3, False), "medium", 80),     # naked triple 1400
    (lambda h: h.hidden(2), "medium", 70),           # hidden pair 1500
    (lambda h: h.hidden(3), "medium", 100),          # hidden triple 1600
    (lambda h: h.naked(4, False), "hard", 120),      # naked quad 2000
    (lambda h: h.hidden(4), "hard", 150),            # hidden quad 2100
)
_FIRST_LOGIC = 2200  # from x-wing on, the steps come from sudokit.logic's finders


def hodoku_rating(line: str):
    """(level, score) HoDoKu 2.2.0 would give the unique puzzle line (81 characters)."""
    level, score = 0, 0
    for _index, lvl, pts, _places, _dels in hodoku_path(line):
        score += pts
        level = max(level, LEVELS.index(lvl))
    name = LEVELS[level]
    while name in MAX_SCORE and score > MAX_SCORE[name]:
        name = LEVELS[LEVELS.index(name) + 1]
    return name, score


_SINGLE_STEPS = ((100, "easy", 4), (200, "easy", 4), (300, "easy", 14))
_SIMPLE_INDEX = (1000, 1100, 1200, 1210, 1300, 1400, 1500, 1600, 2000, 2100)


def hodoku_path(line: str):
    """Yield HoDoKu's steps for the unique puzzle line, one tuple per applied step:
    (HoDoKu index, level, score, placements [(cell, value)], deletions [(cell, value)])."""
    global _FINDERS
    from ..logic import State
    if _FINDERS is None:
        _FINDERS = _finders()
    state = State.of(line)
    hd = _Simple(line)
    hd.givens = frozenset(c for c, ch in enumerate(line[:81]) if "1" <= ch <= "9")
    solution = None
    while not state.is_solved():
        single = None
        for k, find in enumerate((hd.full_house, hd.naked_single, hd.hidden_single)):
            single = find()
            if single is not None:
                break
        if single is not None:
            hd.set_cell(*single)
            state = state.place(*single)
            yield _SINGLE_STEPS[k] + ([single], [])
            continue
        dels = None
        for k, (simple, lvl, pts) in enumerate(_SIMPLE):
            dels = simple(hd)
            if dels:
                for cell, v in dels:
                    hd.del_cand(cell, v)
                state = state.eliminate([(c, v) for c, v in dels])
                yield _SIMPLE_INDEX[k], lvl, pts, [], list(dels)
                break
        if dels:
            continue
        for find, lvl, pts, index, _tid, own in _FINDERS:
            if own:
                found = find(hd)
                if found is None:
                    continue
                places, dels = found
            else:
                step = next(iter(find(state)), None)
                if step is None:
                    continue
                places, dels = list(step.placements), list(step.eliminations)
            if dels:
                state = state.eliminate(dels)
            for cell, v in dels:
                hd.del_cand(cell, v)
            for cell, v in places:
                state = state.place(cell, v)
                hd.set_cell(cell, v)
            yield index, lvl, pts, places, dels
            break
        else:  # brute force: one value of the solution
            if solution is None:
                from ..solver import solve
                solution = solve(line).values
            cell = next(c for c in range(81) if not state.values[c])
            state = state.place(cell, solution[cell])
            hd.set_cell(cell, solution[cell])
            yield 8900, "extreme", 10000, [(cell, solution[cell])], []
