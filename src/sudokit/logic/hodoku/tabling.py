"""HoDoKu 2.2.0's nice loops and AICs (indices 5600 and 5650), found the way HoDoKu's
tabling solver finds them: docs/se-rating.md section 10.

[HD] `src/solver/TablingSolver.java` (`doGetNiceLoops`, `fillTables`,
`fillTablesWithGroupNodes`, `expandTables`, `checkNiceLoops`, `checkNiceLoop`, `checkAics`,
`checkAic`, `addChain`, `buildChain`), `src/solver/TableEntry.java`,
`src/solver/GroupNode.java`, `src/sudoku/SolutionStep.java` (`compareTo`).

The rules reproduced here, in our words:

* Every candidate has two tables, "on" (the candidate is set) and "off" (it is deleted),
  indexed cell * 10 + value and visited in that order.  A table starts with its own node
  and lists the direct consequences: for "on", every other candidate of the cell and the
  same value in every other cell of the cell's row, column and box (units in that order,
  cells ascending) goes off; for "off", the other candidate of a bivalue cell goes on, and
  in each unit holding the value exactly twice the other cell goes on.  A node already in
  the table is not added again.  Direct entries have distance 2, the start node 1.
* With group nodes (5650), every group of 2-3 cells holding a value inside one line and one
  box (rows then columns, lines ascending, values ascending, boxes ascending) gets an "on"
  and an "off" table of its own, and links to and from the normal tables.
* The tables are then expanded in order (all "on" tables, then all "off" tables): the
  entries of a table are walked in order, including the entries being appended, and each
  entry's own table contributes its direct entries (entries that came from expansion are
  skipped).  A new node is appended with distance = the entry's distance + 2 and remembers
  the entry's node as its predecessor; a node already reached by expansion would take a
  new predecessor only at a shorter distance, which cannot happen as the distances grow
  along the list (so the expansion is a breadth-first search).  A table holds at most
  1000 entries.
* A chain is read back by following predecessors to the start node.  Loops whose first
  link stays in the start cell, or that revisit a cell (a lasso), are dropped.
* Nice loops: a table entry (normal node) in the start cell at distance > 2 closes a loop;
  discontinuous and continuous loops give HoDoKu's deletions.  AICs: off tables only, the
  end an "on" normal node in another cell; same value: the cells seeing both ends lose the
  value when there are at least two such cells; different values: the ends see each other
  and each end loses the other end's value.
* Steps with the same deletions as an earlier step of equal or shorter chain are dropped;
  the rest are sorted by HoDoKu's step order (most deletions first, then the index sum of
  the deletions, then the chain length) and the first is taken.

The expansion, the hot loop, has a C twin (sudokit/_c/logic/hodoku.c, ``hodoku_expand``);
``_Tabling._expand_one`` is its specification and runs on the pure-Python backend.
"""

from __future__ import annotations

from functools import cmp_to_key
from itertools import islice

from ...engine._backend import C
from ..core.bits import VALUES_OF9, cells_of
from ..core.tables import HODOKU
from .board import choose_outcome, sorted_deletions, step_order

_CELL_UNITS = HODOKU.cell_units
_UNIT_BITS = HODOKU.unit_bits
_PEER_BITS = HODOKU.peer_bits


__all__ = ["nice_loop_step"]

_MAX_ENTRIES = 1000

# step types (their order is HoDoKu's SolutionType order, used only as the last tie-break)
DNL, CNL, AIC = "discontinuous-nice-loop", "continuous-nice-loop", "aic"
GROUPED = {DNL: "grouped-discontinuous-nice-loop", CNL: "grouped-continuous-nice-loop",
           AIC: "grouped-aic"}


# Nodes are ints.  Normal node: (cell * 10 + value) * 2 + strong  (< 1620).
# Group node: 2000 + ((g * 10 + value) * 2 + strong) with g the group's index.
def _normal(cell: int, value: int, strong: bool) -> int:
    return (cell * 10 + value) * 2 + strong


class _Table:
    """One TableEntry: nodes in order and their predecessors.  Entries 1 .. direct - 1 are
    the direct consequences (distance 2, predecessor the start node); later entries come
    from expansion (distance > 2).  index: node -> its (last) position, or None until it
    is read (``indexed``): the candidates' tables are made whole (``of``) and read back
    only for the few chains that close a loop."""

    __slots__ = ("nodes", "index", "pred", "direct")

    def __init__(self, start: int):
        self.nodes = [start]
        self.index = {start: 0}
        self.pred = [None]
        self.direct = 1

    @classmethod
    def of(cls, start: int, entries: list):
        """The table of start with the direct consequences entries (no repeats)."""
        t = cls.__new__(cls)
        t.nodes = [start] + entries
        t.index = None
        t.pred = [None] * len(t.nodes)
        t.direct = 1
        return t

    def indexed(self) -> dict:
        """index, built when missing (the last position of each node, as add leaves it)."""
        if self.index is None:
            self.index = dict(zip(self.nodes, range(len(self.nodes))))
        return self.index

    def add(self, node: int, normal: bool = True):
        """Append a direct consequence; a normal node already present is skipped."""
        if len(self.nodes) >= _MAX_ENTRIES or (normal and node in self.indexed()):
            return
        if self.index is not None:
            self.index[node] = len(self.nodes)
        self.nodes.append(node)
        self.pred.append(None)

    def dist_above_2(self, i: int) -> bool:
        return i >= self.direct


class _Tabling:
    """The tables of one grid (cands: 81 candidate bitmasks, bit v-1 for value v)."""

    def __init__(self, board, groups: bool):
        self.cands = tuple(board.cands)       # copies: the board changes later
        self.free = tuple(tuple(f) for f in board.free)
        self.where = board.where[:]
        self.tables = {}
        self.groups = []        # (value, cells mask, cells tuple, line, col, block, buddies)
        self.group_keys = []    # extended table index -> group node key
        self._fill()
        if groups:
            self._fill_groups()
        self._finish()

    def _finish(self):
        self.direct_of = {}
        for key, t in self.tables.items():
            t.direct = len(t.nodes)
            self.direct_of[key] = tuple(t.nodes[1:])
        if C is None:
            self._expand()
            return
        # the C twin (logic/hodoku.c) appends the same entries; a table's index is built
        # again when a chain is read from it (indexed)
        keys, tables = self.normal_keys(), self.tables
        for key, (nodes, preds) in zip(keys, C.hodoku_expand(self.direct_of, keys,
                                                              _MAX_ENTRIES)):
            if nodes:
                t = tables[key]
                t.nodes += nodes
                t.pred += preds
                t.index = None

    _new_table = _Table

    # -- filling ---------------------------------------------------------------------
    def _fill(self):
        """The candidates' tables (see the module docstring).  A node is 20 * cell + 2 *
        value (+ 1 for "on"); repeats (a cell seen through its row and its box) are
        dropped, the first kept, as add does."""
        cands, tables, where, free = self.cands, self.tables, self.where, self.free
        new = _Table.of
        for i in range(81):
            m = cands[i]
            if not m:
                continue
            values = VALUES_OF9[m]
            base = 20 * i
            for cand in values:
                on = [base + 2 * other for other in values if other != cand]
                off = [on[0] + 1] if len(values) == 2 else []   # the other value on
                rest = where[cand] & ~(1 << i)
                for unit in _CELL_UNITS[i]:
                    n = free[unit][cand]
                    if n < 2:
                        continue
                    cm = rest & _UNIT_BITS[unit]
                    if not cm:
                        continue
                    cells = cells_of(cm)
                    on += [20 * c + 2 * cand for c in cells]
                    if n == 2:
                        off.append(20 * cells[0] + 2 * cand + 1)
                key = base + 2 * cand
                tables[key + 1] = new(key + 1, list(dict.fromkeys(on)))
                tables[key] = new(key, list(dict.fromkeys(off)))

    def _fill_groups(self):
        groups = self.groups
        for base in (0, 9):                       # rows, then columns
            for k in range(9):
                for cand in range(1, 10):
                    in_house = _UNIT_BITS[base + k] & self.where[cand]
                    if not in_house:
                        continue
                    for b in range(9):
                        part = in_house & _UNIT_BITS[18 + b]
                        if part and part & (part - 1):
                            cells = tuple(cells_of(part))
                            buddies = _PEER_BITS[cells[0]]
                            for c in cells[1:]:
                                buddies &= _PEER_BITS[c]
                            line = cells[0] // 9 if cells[0] // 9 == cells[1] // 9 else -1
                            col = cells[0] % 9 if cells[0] % 9 == cells[1] % 9 else -1
                            groups.append((cand, part, cells, line, col, b, buddies))
        tables, where = self.tables, self.where
        gnode = [(2000 + g * 20 + gn[0] * 2, gn) for g, gn in enumerate(groups)]
        of_value = {}           # value -> the indexes of its groups, ascending
        for g, gn in enumerate(groups):
            of_value.setdefault(gn[0], []).append(g)
        for g, (gbase, gn) in enumerate(gnode):
            cand, part, cells, line, col, block, buddies = gn
            on_key, off_key = gbase + 1, gbase
            on = tables[on_key] = self._new_table(on_key)
            off = tables[off_key] = self._new_table(off_key)
            self.group_keys.extend((on_key, off_key))
            seen = where[cand] & buddies
            if seen:
                for c in cells_of(seen):
                    on.add(_normal(c, cand, False))
                    tables[_normal(c, cand, True)].add(off_key, False)
                inb = seen & _UNIT_BITS[18 + block]
                if inb and not inb & (inb - 1):
                    c = inb.bit_length() - 1
                    off.add(_normal(c, cand, True))
                    tables[_normal(c, cand, False)].add(on_key, False)
                inl = seen & (_UNIT_BITS[line] if line != -1 else _UNIT_BITS[9 + col])
                if inl and not inl & (inl - 1):
                    c = inl.bit_length() - 1
                    off.add(_normal(c, cand, True))
                    tables[_normal(c, cand, False)].add(on_key, False)
            counts = {"line": [0, -1], "col": [0, -1], "block": [0, -1]}
            for j in of_value[cand]:
                gbase2, gn2 = gnode[j]
                if j == g or gn2[1] & part:
                    continue
                for kind, mine, theirs in (("line", line, gn2[3]), ("col", col, gn2[4]),
                                           ("block", block, gn2[5])):
                    if (kind == "block" or mine != -1) and mine == theirs:
                        cnt = counts[kind]
                        cnt[0] += 1
                        if cnt[0] == 1:
                            cnt[1] = j
                        on.add(gbase2, False)
            for kind, unit in (("line", line), ("col", col), ("block", block)):
                cnt = counts[kind]
                if cnt[0] != 1:
                    continue
                gbase2, gn2 = gnode[cnt[1]]
                h = _UNIT_BITS[unit] if kind == "line" else (
                    _UNIT_BITS[9 + unit] if kind == "col" else _UNIT_BITS[18 + unit])
                if not h & where[cand] & ~part & ~gn2[1]:
                    off.add(gbase2 + 1, False)

    # -- expansion ------------------------------------------------------------------
    def normal_keys(self) -> list:
        """The keys of the candidates' tables in HoDoKu's order: every "on" table, then
        every "off" table, each by cell and value."""
        order = sorted(k for k in self.tables if k < 1620)
        return [k for k in order if k & 1] + [k for k in order if not k & 1]

    def _expand(self):
        for key in self.normal_keys():
            self._expand_one(self.tables[key])

    def _expand_one(self, dest):
        """Breadth-first: each entry's table contributes its direct entries (HoDoKu's
        distances grow along the entry list, so an entry is never re-linked)."""
        direct_of = self.direct_of
        nodes, index, pred = dest.nodes, dest.indexed(), dest.pred
        if len(nodes) + len(direct_of) <= _MAX_ENTRIES:
            # every node has a table, so the table cannot reach the cap: the plain walk
            # (the list iterator also visits the entries appended on the way)
            for node in islice(nodes, 1, None):
                for k in direct_of[node]:
                    if k not in index:
                        index[k] = len(nodes)
                        nodes.append(k)
                        pred.append(node)
            return
        j = 1
        while j < len(nodes):
            if len(nodes) >= _MAX_ENTRIES:
                break
            node = nodes[j]
            j += 1
            for k in direct_of.get(node, ()):
                if k in index:
                    continue
                if len(nodes) >= _MAX_ENTRIES:
                    pred[-1] = node
                    continue
                index[k] = len(nodes)
                nodes.append(k)
                pred.append(node)

    # -- chains ---------------------------------------------------------------------
    def chain(self, table, end_index):
        """The chain start -> ... -> end as a list of nodes, and the cells of all its nodes
        but the end (HoDoKu's chainSet)."""
        index = table.indexed()
        rev = [table.nodes[end_index]]
        i = end_index
        chain_cells = 0
        while i != 0:
            p = table.pred[i]
            if p is None:
                p = table.nodes[0]
                i = 0
            else:
                i = index[p]
            rev.append(p)
            chain_cells |= self.node_cells(p)
        rev.reverse()
        return rev, chain_cells

    def node_cells(self, node):
        if node < 1620:
            return 1 << (node // 20)
        return self.groups[(node - 2000) // 20][1]

    def node_buddies(self, node):
        if node < 1620:
            return _PEER_BITS[node // 20]
        return self.groups[(node - 2000) // 20][6]


def _cell(node):
    return node // 20 if node < 1620 else -1


def _first_cell(tab, node):
    return node // 20 if node < 1620 else tab.groups[(node - 2000) // 20][2][0]


def _lasso(tab, chain, aic: bool) -> bool:
    """HoDoKu's lasso test on the chain start -> end: True if a cell is revisited."""
    seen = 0
    first = _first_cell(tab, chain[0])
    last = None
    for node in chain:
        cell = _first_cell(tab, node)
        if seen >> cell & 1:
            return True
        if last is not None and (_first_cell(tab, last) != first or aic):
            seen |= tab.node_cells(last)
        last = node
    return False


def nice_loop_step(board, groups: bool):
    """HoDoKu's first nice loop / AIC on a HodokuBoard, or None: (type, deletions
    [(cell, value)], chain length).  groups: False for HoDoKu's step 5600, True for 5650
    (group nodes)."""
    cands = board.cands
    tab = _tabling(board, groups)
    steps, seen = [], {}

    def keep(kind, dels, chain):
        if not dels:
            return
        if any(n >= 1620 for n in chain):
            kind = GROUPED[kind]
        dels = sorted_deletions(dels)
        length = len(chain)
        old = seen.get(dels)
        if old is not None and steps[old][2] <= length:
            return
        seen[dels] = len(steps)
        steps.append((kind, dels, length))

    # both checks take only entries at distance > 2 (from t.direct on), the others are
    # passed over at once
    tables, order = tab.tables, tab.normal_keys()
    for key in order:
        t = tables[key]
        nodes = t.nodes
        lo = key // 20 * 20                 # the normal nodes of the start cell: lo..lo+19
        for j in range(t.direct, len(nodes)):
            if lo <= nodes[j] < lo + 20:
                _nice_loop(tab, t, j, keep)
    where = tab.where
    for key in order:
        if key & 1:
            continue
        t = tables[key]
        nodes = t.nodes
        start, scand = key // 20, (key // 2) % 10
        lo = start * 20
        buddies = _PEER_BITS[start]
        for j in range(t.direct, len(nodes)):
            n = nodes[j]
            if n >= 1620 or not n & 1 or lo <= n < lo + 20:
                continue
            ecell, ecand = n // 20, (n // 2) % 10
            if scand == ecand:
                m = buddies & _PEER_BITS[ecell] & where[scand]
                if m and m & (m - 1):
                    _aic(tab, t, j, keep)
            elif buddies >> ecell & 1:
                if cands[ecell] >> (scand - 1) & 1 and cands[start] >> (ecand - 1) & 1:
                    _aic(tab, t, j, keep)
    if not steps:
        return None
    steps.sort(key=cmp_to_key(step_order))
    return steps[0]


def _nice_loop(tab, t, j, keep):
    """checkNiceLoop: the loop closed by entry j of table t."""
    if not t.dist_above_2(j):
        return
    chain, chain_cells = tab.chain(t, j)
    if len(chain) > 1 and _first_cell(tab, chain[-1]) == _first_cell(tab, chain[-2]):
        return
    if _lasso(tab, chain, False):
        return
    if _first_cell(tab, chain[0]) == _first_cell(tab, chain[1]):
        return
    cands, where = tab.cands, tab.where
    start_node, end_node = t.nodes[0], t.nodes[j]
    first_strong = bool(t.nodes[1] & 1)
    last_strong = bool(end_node & 1)
    scand, ecand = (start_node // 2) % 10, (end_node // 2) % 10
    start = start_node // 20
    dels = []
    kind = DNL
    if not first_strong and not last_strong and scand == ecand:
        dels.append((start, scand))
    elif first_strong and last_strong and scand == ecand:
        dels.extend((start, v) for v in range(1, 10)
                    if cands[start] >> (v - 1) & 1 and v != scand)
    elif first_strong != last_strong and scand != ecand:
        dels.append((start, scand if not first_strong else ecand))
    elif ((not first_strong and not last_strong and bin(cands[start]).count("1") == 2
           and scand != ecand) or (first_strong and last_strong and scand != ecand)
          or (first_strong != last_strong and scand == ecand)):
        kind = CNL
        last = len(chain) - 1
        for i in range(last + 1):
            node = chain[i]
            strong = node & 1
            if (i == 0 and first_strong and last_strong) or (
                    i > 0 and strong and i <= last - 2
                    and _first_cell(tab, chain[i - 1]) != _first_cell(tab, node)):
                if i == 0 or (not chain[i + 1] & 1
                              and _first_cell(tab, node) == _first_cell(tab, chain[i + 1])
                              and chain[i + 2] & 1
                              and _first_cell(tab, chain[i + 1])
                              != _first_cell(tab, chain[i + 2])):
                    c1 = (node // 2) % 10
                    c2 = (chain[i + 2] // 2) % 10 if i + 2 <= last else -1
                    if i == 0:
                        c1, c2 = scand, ecand
                    cell = _first_cell(tab, node)
                    dels.extend((cell, v) for v in range(1, 10)
                                if cands[cell] >> (v - 1) & 1 and v != c1 and v != c2)
            if i > 0 and not strong and _first_cell(tab, chain[i - 1]) != _first_cell(tab, node):
                v = (node // 2) % 10
                m = (tab.node_buddies(chain[i - 1]) & tab.node_buddies(node) & ~chain_cells
                     & ~(1 << start) & where[v])
                dels.extend((c, v) for c in cells_of(m))
    keep(kind, dels, chain)


def _aic(tab, t, j, keep):
    """checkAic: the AIC from the start of off table t to its entry j."""
    if not t.dist_above_2(j):
        return
    start_node, end_node = t.nodes[0], t.nodes[j]
    scand, ecand = (start_node // 2) % 10, (end_node // 2) % 10
    start, end = start_node // 20, end_node // 20
    dels = []
    if scand == ecand:
        m = _PEER_BITS[start] & _PEER_BITS[end] & tab.where[scand]
        if m & (m - 1):
            dels = [(c, scand) for c in cells_of(m) if c != start]
    else:
        if tab.cands[start] >> (ecand - 1) & 1:
            dels.append((start, ecand))
        if tab.cands[end] >> (scand - 1) & 1:
            dels.append((end, scand))
    if not dels:
        return
    chain, _cells_unused = tab.chain(t, j)
    if _lasso(tab, chain, True):
        return
    keep(AIC, dels, chain)


# --- forcing chains (8500) ------------------------------------------------------------------

_CACHE = {}


def _tabling(board, groups: bool):
    """The expanded tables of the board (the last ones are kept: HoDoKu's grouped nice
    loops and forcing chains use the same tables of the same candidates)."""
    key = (tuple(board.cands), groups)
    tab = _CACHE.get(key)
    if tab is None:
        _CACHE.clear()
        tab = _CACHE[key] = _Tabling(board, groups)
    return tab


def _sets(table):
    """(on, off): per value, the bitmask of cells whose normal node is in the table."""
    on, off = [0] * 10, [0] * 10
    for n in table.nodes:
        if n < 1620:
            if n & 1:
                on[(n // 2) % 10] |= 1 << (n // 20)
            else:
                off[(n // 2) % 10] |= 1 << (n // 20)
    return on, off


def _premise_groups(cands, where):
    """The premise groups of HoDoKu's cell and unit checks: the "on" nodes of the
    candidates of each unsolved cell, then of each value in each unit (rows, columns,
    boxes), as lists of normal node keys."""
    groups = [[_normal(c, v, True) for v in VALUES_OF9[cands[c]]]
              for c in range(81) if cands[c]]
    for base in (0, 9, 18):
        for h in range(9):
            for v in range(1, 10):
                cells = cells_of(_UNIT_BITS[base + h] & where[v])
                if cells:
                    groups.append([_normal(c, v, True) for c in cells])
    return groups


def forcing_chain_step(board):
    """HoDoKu's forcing chain step (8500) on a HodokuBoard, or None.

    [HD] TablingSolver.checkForcingChains / checkOneChain / checkTwoChains /
    checkAllChainsForHouse / checkEntryList and TablingComparator: every outcome is a single
    placement or a single deletion; placements come first (lowest cell), then deletions
    (lowest cell * 10 + value).  Chain lengths only choose among steps with the same
    outcome, so they are not needed.  Returns (placements, deletions)."""
    return forcing_outcomes(board, _tabling(board, True))


def forcing_outcomes(board, tab, net=None):
    """The (placements, deletions) chosen among the outcomes of HoDoKu's forcing checks
    on the expanded tables tab: contradictions of one premise, what the on and off tables
    of a candidate share, and what the premises of a cell or of a value in a unit share.
    net(chains) -> bool, when given, keeps only outcomes one of whose chains [(table,
    node)] passes it (the forcing nets); a chain stands for all the outcome's chains."""
    tables, cands, where = tab.tables, tab.cands, tab.where
    sets = {k: _sets(t) for k, t in tables.items() if k < 1620}
    allowed = board.allowed()
    places, dels = set(), set()

    def add(found, cv, chains):
        if cv not in found and (net is None or net(chains())):
            found.add(cv)

    live = 0                                  # the cells with candidates
    for c in range(81):
        if cands[c]:
            live |= 1 << c
    for key in sorted(sets):
        found, cv = (dels if key & 1 else places), (key // 20, (key // 2) % 10)
        if cv in found:
            continue
        if net is None:
            if _contradicts(key, sets[key], live, where, allowed):
                found.add(cv)
            continue
        for chains in contradictions(key, tables[key], sets[key], cands, where, allowed, live):
            if net(chains):
                found.add(cv)
                break
    for key in sorted(sets):
        if not key & 1 or key - 1 not in sets:
            continue
        pair = (tables[key], tables[key - 1])
        (on1, off1), (on2, off2) = sets[key], sets[key - 1]
        start = ~(1 << (key // 20))
        for v in range(1, 10):
            m = on1[v] & on2[v] & start
            if m:
                for c in cells_of(m):
                    add(places, (c, v), lambda: [(t, _normal(c, v, True)) for t in pair])
            m = off1[v] & off2[v] & start
            if m:
                for c in cells_of(m):
                    add(dels, (c, v), lambda: [(t, _normal(c, v, False)) for t in pair])
    full = (1 << 81) - 1
    for group in _premise_groups(cands, where):
        on, off = [full] * 10, [full] * 10
        for key in group:
            s_on, s_off = sets[key]
            for v in range(1, 10):
                on[v] &= s_on[v]
                off[v] &= s_off[v]
        for v in range(1, 10):
            if on[v]:
                for c in cells_of(on[v]):
                    add(places, (c, v),
                        lambda: [(tables[k], _normal(c, v, True)) for k in group])
            if off[v]:
                for c in cells_of(off[v]):
                    add(dels, (c, v),
                        lambda: [(tables[k], _normal(c, v, False)) for k in group])
    return choose_outcome(places, dels)


def _contradicts(key, on_off, live, where, allowed) -> bool:
    """Does the start node key lead to a contradiction?  The tests of ``contradictions``
    as one yes or no: a forcing chain needs only that, not the chains that show it."""
    on, off = on_off
    cell, v0 = key // 20, (key // 2) % 10
    if (off if key & 1 else on)[v0] >> cell & 1:
        return True
    seen, dead = 0, live
    for v in range(1, 10):
        a = on[v]
        if a & off[v] or a & seen:       # a cell both on and off, or on for two values
            return True
        seen |= a
        dead &= (off[v] | ~where[v]) & ~a
        x = a
        if x & (x - 1):                  # two cells of a unit on for one value
            while x:
                low = x & -x
                if _PEER_BITS[low.bit_length() - 1] & a:
                    return True
                x ^= low
        x = allowed[v] & off[v]
        if x:                            # every place of a value in a unit off
            rest = allowed[v] & ~off[v]
            while x:
                low = x & -x
                for u in _CELL_UNITS[low.bit_length() - 1]:
                    if not _UNIT_BITS[u] & rest:
                        return True
                x ^= low
    return bool(dead)                    # a cell whose candidates are all off


def contradictions(key, t, on_off, cands, where, allowed, live):
    """checkOneChain: for each contradiction the start node key of table t leads to, the
    nodes [(t, node)] that show it (the nets read their chains back from them).  live:
    the cell set of the cells with candidates."""
    on, off = on_off
    cell, v0 = key // 20, (key // 2) % 10
    if (key & 1 and off[v0] >> cell & 1) or (not key & 1 and on[v0] >> cell & 1):
        yield [(t, _normal(cell, v0, not key & 1))]
    for v in range(1, 10):
        m = on[v] & off[v]
        if m:
            c = (m & -m).bit_length() - 1
            yield [(t, _normal(c, v, False)), (t, _normal(c, v, True))]
    for v in range(1, 10):
        for w in range(v + 1, 10):
            m = on[v] & on[w]
            if m:
                c = (m & -m).bit_length() - 1
                yield [(t, _normal(c, v, True)), (t, _normal(c, w, True))]
    for base in (0, 9, 18):
        for v in range(1, 10):
            a = on[v]
            if not a & (a - 1):
                continue
            for h in range(9):
                m = _UNIT_BITS[base + h] & a
                if m & (m - 1):
                    yield [(t, _normal(c, v, True)) for c in cells_of(m)]
    dead = live
    for v in range(1, 10):
        dead &= (off[v] | ~where[v]) & ~on[v]
    for c in cells_of(dead):
        yield [(t, _normal(c, v, False)) for v in VALUES_OF9[cands[c]]]
    for base in (0, 9, 18):
        for v in range(1, 10):
            if not allowed[v] & off[v]:
                continue
            for h in range(9):
                m = _UNIT_BITS[base + h] & allowed[v]
                if m and m & off[v] == m:
                    yield [(t, _normal(c, v, False)) for c in cells_of(m)]
