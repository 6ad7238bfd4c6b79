"""Pure-Python Sudoku kernels: the specification the C kernels must match.

Every kernel has one signature, on plain data:

    kernel(values: bytes, geometry, limit: int, node_limit: int)
        -> (count, first_solution: bytes | None, nodes, stopped)

``geometry`` is a ``geometry.Geometry`` here and its C tables (``_backend.tables``) in C;
the classic form ``kernel(values, box_rows, box_cols, limit, node_limit)`` is the same as
passing ``geometry.boxes(box_rows, box_cols)``.

``values`` holds N*N bytes, row-major, 0 = empty.  The search stops after ``limit``
solutions (limit <= 0: count them all) or after ``node_limit`` nodes (<= 0: no limit);
``stopped`` is True when the node limit cut the search short, and then ``count`` is only a
lower bound.  Givens that clash give count 0 (the kernel never raises on data).
A kernel trusts its input: every byte is 0..N and N <= 64.  Units, peers and weak links
come from the geometry (geometry.py): hidden singles use the *full* units (N cells), a
placed value leaves every peer, and a weak link "i = a excludes j = b" removes b from j.

``propagate`` -- the candidate-bitmask solver (UVa 1309 technique)

    cand[cell]: int, bit v-1 set <=> value v still possible      (N <= 64: one machine word in C)
        cell 0       cell 1             cell N*N-1
      +----------+----------+- ... -+----------+
      | 0b100110 | 0b000001 |       | 0b011000 |   single bit = value known
      +----------+----------+- ... -+----------+

    settle(): repeat { naked singles: a single-bit cell removes its bit from its peers;
                       hidden singles: a value with one place left in a unit goes there }
              until nothing changes; False on a contradiction (a cell with no candidate, a
              value with no place in a unit, two values forced into one cell).
    branch:   the unsettled cell with the fewest candidates, lowest index on ties; values tried
              in ascending order.  nodes = number of values tried at branch points.
    (Rejected: a queue of "dirty units" for hidden singles -- it saves scans but makes the
    node-for-node twin in C harder to keep identical; the fixpoint, and so every branch,
    is the same either way because settle() always runs to the fixpoint.)

``backtrack`` -- plain row-major depth-first search (AcWing 1613 technique)

    used[unit]: bitmask of values placed in each unit; a cell may take a value not used in
    its units, not held by a pair peer and not excluded by a linked cell's value.
    The first empty cell in row-major order gets each allowed value in ascending order, so
    solutions come out in lexicographic order.  nodes = number of values placed.

``learn`` -- conflict-driven clause learning with native exactly-one groups: the engine
and its data layout are in _learn.py (C twin learn.c, function by function); re-exported
here with learn_solutions.  nodes = decisions.  Counting goes on past a solution by adding
the blocking clause "not all the decisions".

The ``*_solutions`` generators yield every solution lazily; the kernels above count them.
"""

from __future__ import annotations

from typing import Iterator

from ._learn import LearnRun, learn
from ._propagators import allows, by_cell, prune
from ..geometry import split_args as _geometry, split_generator_args

__all__ = ["propagate", "backtrack", "learn", "propagate_solutions", "backtrack_solutions",
           "learn_solutions", "LearnRun", "KernelStop"]


class KernelStop(Exception):
    """Raised inside a generator when the node limit runs out (carries the node count)."""

    def __init__(self, nodes: int):
        super().__init__(nodes)
        self.nodes = nodes


_TABLES: dict = {}


def _transpose(masks, n: int) -> list[int]:
    """A link's masks read the other way: back[b-1] = values of this cell that j = b excludes."""
    back = [0] * n
    for a, m in enumerate(masks):
        for b in range(n):
            if m >> b & 1:
                back[b] |= 1 << a
    return back


def _tables(geom):
    """(peers, full units, units of each cell, N, pair peers, links of each cell, propagators,
    propagators of each cell) of a geometry."""
    t = _TABLES.get(geom)
    if t is None:
        props = geom.propagators
        t = ([list(p) for p in geom.peers], [list(u) for u in geom.units[:geom.nfull]],
             [tuple(cu) for cu in geom.cell_units], geom.size,
             [list(p) for p in geom.pair_peers],
             [[(j, list(m), _transpose(m, geom.size)) for j, m in links]
              for links in geom.cell_links],
             props, [[props[k] for k in ks] for ks in by_cell(props, geom.ncells)])
        _TABLES[geom] = t
    return t


# --- propagate -------------------------------------------------------------------


def _settle(cand: list, queue: list, peers: list, units: list, full: int, links: list,
            props=()) -> bool:
    """Propagate naked and hidden singles, weak links and the rules over many cells (props,
    see _propagators) to the fixpoint; False on a contradiction."""
    n = full.bit_length()
    while True:
        while queue:
            c = queue.pop()
            b = cand[c]
            for p in peers[c]:
                m = cand[p]
                if m & b:
                    m ^= b
                    if not m:
                        return False
                    cand[p] = m
                    if not m & (m - 1):
                        queue.append(p)
            for p, masks, _ in links[c]:
                x = masks[b.bit_length() - 1]
                m = cand[p]
                if m & x:
                    m &= ~x
                    if not m:
                        return False
                    cand[p] = m
                    if not m & (m - 1):
                        queue.append(p)
        for unit in units:
            once = twice = 0
            for c in unit:
                m = cand[c]
                twice |= once & m
                once |= m
            if once != full:
                return False
            hidden = once & ~twice
            if hidden:
                for c in unit:
                    m = cand[c]
                    h = m & hidden
                    if h and m & (m - 1):
                        if h & (h - 1):
                            return False
                        cand[c] = h
                        queue.append(c)
        if queue:
            continue
        changed = False
        for prop in props:             # (the fixpoint is unique: any order gives it)
            before = [cand[c] for c in prop[1]]
            r = prune(prop, cand, n)
            if r < 0:
                return False
            if r:
                changed = True
                for c, m in zip(prop[1], before):
                    x = cand[c]
                    if x != m and not x & (x - 1):
                        queue.append(c)
        if not changed:
            return True


def propagate_solutions(values: bytes, *args, node_limit: int = 0,
                        counter: list | None = None) -> Iterator[bytes]:
    """Yield every solution (bytes); counter[0] accumulates nodes; raises KernelStop at the limit.

    args: (geometry, node_limit=0, counter=None) or (box_rows, box_cols, node_limit, counter).
    """
    geom, node_limit, counter = split_generator_args(args, node_limit, counter)
    peers, units, _, size, _, links, props, _ = _tables(geom)
    full = (1 << size) - 1
    ncells = size * size
    if counter is None:
        counter = [0]
    cand = [full] * ncells
    queue = []
    for c in range(ncells):
        v = values[c]
        if v:
            b = 1 << (v - 1)
            cand[c] = b
            for p in peers[c]:  # givens first, so a clash is seen before any inference
                if cand[p] == b:
                    return
            for p, masks, _ in links[c]:
                m = cand[p]
                if not m & (m - 1) and m & masks[v - 1]:
                    return
            queue.append(c)
    if not _settle(cand, queue, peers, units, full, links, props):
        return
    cells = range(ncells)
    stack: list[list] = []
    state = cand
    while True:
        best, best_count = -1, 65
        for c in cells:
            m = state[c]
            if m & (m - 1):
                k = m.bit_count()
                if k < best_count:
                    best, best_count = c, k
                    if k == 2:
                        break
        if best < 0:
            yield bytes([m.bit_length() for m in state])
        else:
            stack.append([state, best, state[best]])
        while stack:
            top = stack[-1]
            rem = top[2]
            if not rem:
                stack.pop()
                continue
            b = rem & -rem
            top[2] = rem ^ b
            if node_limit > 0 and counter[0] >= node_limit:
                raise KernelStop(counter[0])
            counter[0] += 1
            new = top[0][:]
            cell = top[1]
            new[cell] = b
            if _settle(new, [cell], peers, units, full, links, props):
                state = new
                break
        else:
            return


def _count(gen_factory, values, args):
    geom, *rest = _geometry(args)
    limit, node_limit = (rest + [1, 0][len(rest):])[:2]
    counter = [0]
    count = 0
    first = None
    stopped = False
    try:
        for sol in gen_factory(values, geom, node_limit, counter):
            if first is None:
                first = sol
            count += 1
            if 0 < limit <= count:
                break
    except KernelStop:
        stopped = True
    return count, first, counter[0], stopped


def propagate(values: bytes, *args):
    """Return (count up to limit, first solution or None, nodes, stopped) by candidate propagation.

    args: (geometry, limit=1, node_limit=0) or the classic (box_rows, box_cols, limit, node_limit).
    """
    return _count(propagate_solutions, values, args)


# --- backtrack -------------------------------------------------------------------


def backtrack_solutions(values: bytes, *args, node_limit: int = 0,
                        counter: list | None = None) -> Iterator[bytes]:
    """Yield every solution in lexicographic order; counter[0] accumulates nodes; KernelStop at the limit.

    args: (geometry, node_limit=0, counter=None) or (box_rows, box_cols, node_limit, counter).
    """
    geom, node_limit, counter = split_generator_args(args, node_limit, counter)
    _, _, cell_units, size, pair_peers, links, _, cell_props = _tables(geom)
    full = (1 << size) - 1
    if counter is None:
        counter = [0]
    used = [0] * len(geom.units)
    cur = [0] * len(values)

    def allowed(c: int) -> int:
        taken = 0
        for u in cell_units[c]:
            taken |= used[u]
        for p in pair_peers[c]:
            if cur[p]:
                taken |= 1 << (cur[p] - 1)
        for p, _, back in links[c]:
            if cur[p]:
                taken |= back[cur[p] - 1]
        free = full & ~taken
        for prop in cell_props[c]:
            x = free
            while x:
                b = x & -x
                x ^= b
                if not allows(prop, cur, c, b.bit_length(), size):
                    free ^= b
        return free

    empties = []
    for c, v in enumerate(values):
        if v:
            b = 1 << (v - 1)
            if not allowed(c) & b:
                return
            for u in cell_units[c]:
                used[u] |= b
            cur[c] = v
        else:
            empties.append(c)
    last = len(empties) - 1
    if last < 0:
        yield bytes(cur)
        return
    avail = [0] * (last + 1)
    placed = [0] * (last + 1)
    avail[0] = allowed(empties[0])
    i = 0
    while i >= 0:
        c = empties[i]
        b = placed[i]
        if b:
            for u in cell_units[c]:
                used[u] ^= b
            cur[c] = 0
            placed[i] = 0
        a = avail[i]
        if not a:
            i -= 1
            continue
        b = a & -a
        avail[i] = a ^ b
        if node_limit > 0 and counter[0] >= node_limit:
            raise KernelStop(counter[0])
        counter[0] += 1
        for u in cell_units[c]:
            used[u] ^= b
        cur[c] = b.bit_length()
        placed[i] = b
        if i == last:
            yield bytes(cur)
            continue
        i += 1
        avail[i] = allowed(empties[i])


def backtrack(values: bytes, *args):
    """Return (count up to limit, first solution or None, nodes, stopped) by row-major backtracking.

    args: (geometry, limit=1, node_limit=0) or the classic (box_rows, box_cols, limit, node_limit).
    """
    return _count(backtrack_solutions, values, args)


# --- learn -----------------------------------------------------------------------

# The engine (learn, LearnRun) lives in _learn.py, the twin of _c/learn.c function by
# function; the generator below turns its resumable search into the *_solutions contract.


def learn_solutions(values: bytes, *args, node_limit: int = 0,
                    counter: list | None = None) -> Iterator[bytes]:
    """Yield every solution; counter[0] accumulates decisions; raises KernelStop at the limit.

    args: (geometry, node_limit=0, counter=None) or (box_rows, box_cols, node_limit, counter).
    One LearnRun, resumed for one more solution at a time: the solutions, their order and
    the decisions are those of ``learn`` (node_limit counts the decisions of this search).
    """
    geom, node_limit, counter = split_generator_args(args, node_limit, counter)
    if counter is None:
        counter = [0]
    base = counter[0]
    run = LearnRun(values, geom)
    while True:
        found = run.count
        count, _, decisions, stopped = run.search(found + 1, node_limit)
        counter[0] = base + decisions
        if stopped:
            raise KernelStop(counter[0])
        if count == found:
            return
        yield run.s.read_solution()
