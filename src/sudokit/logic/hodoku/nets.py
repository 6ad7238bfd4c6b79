"""HoDoKu 2.2.0's forcing nets (8600): the forcing chain checks on tables that look ahead
through singles, keeping only outcomes one of whose chains is a net (docs/se-rating.md
section 10).

[HD] `src/solver/TablingSolver.java` (`fillTables` without `chainsOnly`, `getTableEntry`,
`setCell`, `getRetIndicesForHouse`, `expandTables`, `buildChain`, `replaceOrCopyStep`,
`checkForcingChains`), `src/solver/TableEntry.java`, `src/solver/SimpleSolver.java`
(`findAllNakedSingles`, `findAllHiddenSingles`), `src/sudoku/SolutionStep.java` (`isNet`).

The rules, in our words:

* Each table is filled by playing its premise on a copy of the grid (HoDoKu's Sudoku2 with
  its singles queues): setting a value records the value "on", its peers (by the grid's
  candidates) and the cell's other candidates "off"; a deletion that leaves one candidate
  sets it.  Then four rounds: all naked singles (queue order) and all hidden singles (queue
  order) of the copy are set, each recording as its reasons the "off" entries of the
  cell's other original candidates (naked) or of the value's other original cells in the
  unit where the value was scarcest (row, column, box on ties), up to five.  A node's
  distance is its latest reason's distance + 1.
* Group nodes are added as for forcing chains; the tables are expanded in table order,
  taking each entry's table's own (not expanded) entries at distance base + their
  distance; an entry reached by expansion takes a shorter new source, its "on" / "group"
  marks staying set (HoDoKu ORs them).
* A chain is read back through the first reason of each entry (an expanded entry jumps
  into its source table and back); the step is a net when some entry passed has more
  than one reason (HoDoKu builds the extra branches, which always rejoin the chain).  Only
  net steps are kept; the outcomes are chosen as for forcing chains (placements first,
  lowest cell; then deletions, lowest cell * 10 + value).
"""

from __future__ import annotations

from ...engine._backend import C
from ..core.bits import VALUES_OF9, cells_of
from ..core.tables import HODOKU

_CELL_UNITS = HODOKU.cell_units
_UNIT_BITS = HODOKU.unit_bits
_PEER_BITS = HODOKU.peer_bits
from .tabling import _MAX_ENTRIES, _Tabling, _normal, forcing_outcomes

__all__ = ["forcing_net_step"]


class _NetTable:
    """A TableEntry with reasons: ret[i] = entry indices (first = latest), dist, flags."""

    __slots__ = ("nodes", "index", "ret", "dist", "expanded", "on", "ext", "direct")

    def __init__(self, start: "int | None" = None):
        self.nodes, self.index = [], {}
        self.ret, self.dist, self.expanded, self.on, self.ext = [], [], [], [], []
        self.direct = 0
        if start is not None:           # the premise tables start empty (_entry fills them)
            self.add(start, start < 1620)

    def add(self, node: int, normal: bool = True, rets=(0,)):
        if len(self.nodes) >= _MAX_ENTRIES or (normal and node in self.index):
            return
        if len(rets) == 1:              # the usual case: one reason
            first = rets[0]
            entry = (first,)
        else:
            rest = list(rets) or [0]
            first = max(rest)
            rest.remove(first)
            entry = (first,) + tuple(r for r in rest if r)
        d = self.dist[first] + 1 if first < len(self.dist) else 1
        self.index[node] = len(self.nodes)
        self.nodes.append(node)
        self.ret.append(entry)
        self.dist.append(d & 0x1FF)
        self.expanded.append(False)
        self.on.append(False)
        self.ext.append(False)


class _NetTabling(_Tabling):
    """The net tables of a HodokuBoard (each premise played on a copy of it)."""

    _new_table = _NetTable

    def __init__(self, board):
        self.board = board
        super().__init__(board, True)

    def _fill_groups(self):
        super()._fill_groups()
        self.group_index = {k: i for i, k in enumerate(self.group_keys)}

    def _fill(self):
        board, tables = self.board, self.tables
        for i in range(81):
            m = self.cands[i]
            if not m:
                continue
            for cand in VALUES_OF9[m]:
                for strong in (True, False):
                    key = _normal(i, cand, strong)
                    t = tables[key] = _NetTable()
                    self._entry(t, board.copy(), i, cand, strong)

    def _entry(self, t, sim, cell, cand, strong):
        """getTableEntry: play the premise on sim and four rounds of singles."""
        if strong:
            self._set(t, sim, cell, cand, False, False)
        else:
            sim.delete(cell, cand)
            t.add(_normal(cell, cand, False), True, (0,))
            m = sim.cands[cell]
            if m and not m & (m - 1):
                self._set(t, sim, cell, m.bit_length(), False, True)
        for _round in range(4):
            singles = []
            for c, v in sim.naked.waiting():
                if sim.values[c] == 0:
                    singles.append((c, v, True))
            found = set()
            for c, v in sim.hidden.waiting():
                if sim.values[c] == 0 and c not in found:
                    if any(sim.free[u][v] == 1 for u in _CELL_UNITS[c]):
                        singles.append((c, v, False))
                        found.add(c)
            for c, v, naked in singles:
                self._set(t, sim, c, v, True, naked)

    def _set(self, t, sim, cell, cand, reasons: bool, naked: bool):
        """setCell: record cell = cand and its consequences in table t."""
        peers = self.where[cand] & ~(1 << cell) & _PEER_BITS[cell]
        now = VALUES_OF9[sim.cands[cell]]
        row, col, box = _CELL_UNITS[cell]
        unit, best = row, sim.free[row][cand]
        if sim.free[col][cand] < best:
            unit, best = col, sim.free[col][cand]
        if sim.free[box][cand] < best:
            unit = box
        sim.place(cell, cand)
        at = len(t.nodes)
        if reasons:
            if naked:
                others = [v for v in range(1, 10)
                          if self.cands[cell] >> (v - 1) & 1 and v != cand]
                rets = [t.index.get(_normal(cell, v, False), 0) for v in others][:5]
            else:
                cells = cells_of(self.where[cand] & ~(1 << cell) & _UNIT_BITS[unit])
                rets = [t.index.get(_normal(c, cand, False), 0) for c in cells][:5]
            t.add(_normal(cell, cand, True), True, tuple(rets) or (0,))
        else:
            t.add(_normal(cell, cand, True), True, (0,))
        for c in cells_of(peers):
            t.add(_normal(c, cand, False), True, (at,))
        for v in now:
            if v != cand:
                t.add(_normal(cell, v, False), True, (at,))

    def _finish(self):
        # each table's own entries (node, distance) after its start: what the expansion
        # reads from it, the same for every table that reaches it
        self.own = {}
        for key, t in self.tables.items():
            t.direct = len(t.nodes)
            self.own[key] = tuple(zip(t.nodes[1:], t.dist[1:]))
        if C is None:
            self._expand()
            return
        # the C twin (logic/hodoku.c) appends the same entries with the same marks
        keys, tables = self.normal_keys(), self.tables
        for key, (nodes, rets, dists, ons, exts) in zip(
                keys, C.hodoku_net_expand(self.own, self.group_index, keys, _MAX_ENTRIES)):
            if nodes:
                t = tables[key]
                t.index.update(zip(nodes, range(len(t.nodes), len(t.nodes) + len(nodes))))
                t.nodes += nodes
                t.ret += [(r,) for r in rets]
                t.dist += dists
                t.expanded += [True] * len(nodes)
                t.on += ons
                t.ext += exts

    def _source(self, node):
        """(table, HoDoKu table index, from on table, from extended table) of a node."""
        t = self.tables.get(node)
        if node < 1620:
            return t, node // 2, bool(node & 1), False
        return t, self.group_index[node], False, True

    def _expand_one(self, dest):
        """Expand one table, taking each entry's table's own entries (see the module
        docstring).  A table's own entries are its first ``direct`` ones: every entry
        appended by expansion is marked expanded at once, so those are skipped whole."""
        nodes, index, dist = dest.nodes, dest.index, dest.dist
        expanded, ret, on, ext = dest.expanded, dest.ret, dest.on, dest.ext
        own, group_index = self.own, self.group_index
        j = 1
        while j < len(nodes):
            if len(nodes) >= _MAX_ENTRIES:
                break
            node = nodes[j]
            pairs = own.get(node)
            if node < 1620:
                src_index, from_on, from_ext = node // 2, bool(node & 1), False
            else:
                src_index, from_on, from_ext = group_index[node], False, True
            base = dist[j]
            j += 1
            if not pairs:
                continue
            for knode, sd in pairs:
                nd = (base + sd) & 0x1FF
                o = index.get(knode)
                if o is not None:
                    if expanded[o] and dist[o] > nd:
                        self._mark(dest, o, src_index, from_on, from_ext, nd)
                    continue
                if len(nodes) >= _MAX_ENTRIES:
                    self._mark(dest, len(nodes) - 1, src_index, from_on, from_ext, nd)
                    continue
                index[knode] = len(nodes)
                nodes.append(knode)
                ret.append((src_index,))
                dist.append(nd)
                expanded.append(True)
                on.append(from_on and not from_ext)
                ext.append(from_ext)

    @staticmethod
    def _mark(dest, o, src_index, from_on, from_ext, nd):
        dest.ret[o] = (src_index,)
        dest.expanded[o] = True
        if from_ext:
            dest.ext[o] = True
        elif from_on:
            dest.on[o] = True
        dest.dist[o] = nd

    def is_net(self, table, node) -> bool:
        """Does the chain from table's start to node pass an entry with several reasons?"""
        idx = table.index.get(node)
        if idx is None:
            return False
        org = table
        steps = 0
        while idx != 0 and steps < 2000:
            steps += 1
            if org.expanded[idx]:
                r = org.ret[idx][0]
                if org.ext[idx]:
                    src = self.tables.get(self.group_keys[r]) if r < len(self.group_keys) else None
                else:
                    src = self.tables.get(r * 2 + (1 if org.on[idx] else 0))
                if src is None or org.nodes[idx] not in src.index:
                    return False
                k = src.index[org.nodes[idx]]
                while k != 0:
                    if k >= len(src.ret) or src.expanded[k]:
                        return False    # HoDoKu's sticky marks led elsewhere: not followed
                    rets = src.ret[k]
                    if any(rets[1:]):
                        return True
                    k = rets[0]
                idx = org.index.get(src.nodes[0])
                if idx is None:
                    return False
            else:
                rets = org.ret[idx]
                if any(rets[1:]):
                    return True
                idx = rets[0]
        return False


def forcing_net_step(board):
    """HoDoKu's forcing net step (8600) on a HodokuBoard, or None: (placements, dels)."""
    tab = _NetTabling(board)
    return forcing_outcomes(board, tab,
                            lambda chains: any(tab.is_net(t, n) for t, n in chains))
