"""Pure-Python Sudoku kernels: the specification the C kernels must match.

Every kernel has one signature, on plain data:

    kernel(values: bytes, box_rows: int, box_cols: int, limit: int, node_limit: int)
        -> (count, first_solution: bytes | None, nodes, stopped)

``values`` holds N*N bytes, row-major, 0 = empty.  The search stops after ``limit``
solutions (limit <= 0: count them all) or after ``node_limit`` nodes (<= 0: no limit);
``stopped`` is True when the node limit cut the search short, and then ``count`` is only a
lower bound.  Givens that clash give count 0 (the kernel never raises on data).
A kernel trusts its input: every byte is 0..N and N = box_rows * box_cols <= 64.

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

    used[row], used[N+col], used[2N+box]: bitmask of values placed in each unit.
    The first empty cell in row-major order gets each allowed value in ascending order, so
    solutions come out in lexicographic order.  nodes = number of values placed.

``learn`` -- conflict-driven clause learning with native exactly-one groups (see
learn_solutions; C twin learn.c, ported from benchmarks/research/25x25/cdcl25.c -H1).
nodes = decisions.  Counting goes on past a solution by adding the blocking clause "not
all the decisions".

The ``*_solutions`` generators yield every solution lazily; the kernels above count them.
"""

from __future__ import annotations

from typing import Iterator

from .shape import Shape

__all__ = ["propagate", "backtrack", "learn", "propagate_solutions", "backtrack_solutions",
           "learn_solutions", "LearnRun", "KernelStop"]


class KernelStop(Exception):
    """Raised inside a generator when the node limit runs out (carries the node count)."""

    def __init__(self, nodes: int):
        super().__init__(nodes)
        self.nodes = nodes


_TABLES: dict[tuple[int, int], tuple] = {}


def _tables(box_rows: int, box_cols: int):
    key = (box_rows, box_cols)
    t = _TABLES.get(key)
    if t is None:
        shape = Shape(box_rows, box_cols)
        t = ([list(p) for p in shape.peers], [list(u) for u in shape.units],
             [tuple(cu) for cu in shape.cell_units], shape.size)
        _TABLES[key] = t
    return t


# --- propagate -------------------------------------------------------------------


def _settle(cand: list, queue: list, peers: list, units: list, full: int) -> bool:
    """Propagate naked and hidden singles to the fixpoint; False on a contradiction."""
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
        if not queue:
            return True


def propagate_solutions(values: bytes, box_rows: int, box_cols: int, node_limit: int = 0,
                        counter: list | None = None) -> Iterator[bytes]:
    """Yield every solution (bytes); counter[0] accumulates nodes; raises KernelStop at the limit."""
    peers, units, _, size = _tables(box_rows, box_cols)
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
            queue.append(c)
    if not _settle(cand, queue, peers, units, full):
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
            if _settle(new, [cell], peers, units, full):
                state = new
                break
        else:
            return


def _count(gen_factory, values, box_rows, box_cols, limit, node_limit):
    counter = [0]
    count = 0
    first = None
    stopped = False
    try:
        for sol in gen_factory(values, box_rows, box_cols, node_limit, counter):
            if first is None:
                first = sol
            count += 1
            if 0 < limit <= count:
                break
    except KernelStop:
        stopped = True
    return count, first, counter[0], stopped


def propagate(values: bytes, box_rows: int, box_cols: int, limit: int = 1, node_limit: int = 0):
    """Return (count up to limit, first solution or None, nodes, stopped) by candidate propagation."""
    return _count(propagate_solutions, values, box_rows, box_cols, limit, node_limit)


# --- backtrack -------------------------------------------------------------------


def backtrack_solutions(values: bytes, box_rows: int, box_cols: int, node_limit: int = 0,
                        counter: list | None = None) -> Iterator[bytes]:
    """Yield every solution in lexicographic order; counter[0] accumulates nodes; KernelStop at the limit."""
    _, _, cell_units, size = _tables(box_rows, box_cols)
    full = (1 << size) - 1
    if counter is None:
        counter = [0]
    used = [0] * (3 * size)
    grid = list(values)
    empties = []
    for c, v in enumerate(grid):
        if v:
            b = 1 << (v - 1)
            r, k, x = cell_units[c]
            if (used[r] | used[k] | used[x]) & b:
                return
            used[r] |= b
            used[k] |= b
            used[x] |= b
        else:
            empties.append(c)
    last = len(empties) - 1
    if last < 0:
        yield bytes(grid)
        return
    units_of = [cell_units[c] for c in empties]
    avail = [0] * (last + 1)
    placed = [0] * (last + 1)
    r, k, x = units_of[0]
    avail[0] = full & ~(used[r] | used[k] | used[x])
    i = 0
    while i >= 0:
        r, k, x = units_of[i]
        b = placed[i]
        if b:
            used[r] ^= b
            used[k] ^= b
            used[x] ^= b
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
        used[r] |= b
        used[k] |= b
        used[x] |= b
        placed[i] = b
        if i == last:
            for j, c in enumerate(empties):
                grid[c] = placed[j].bit_length()
            yield bytes(grid)
            continue
        i += 1
        r, k, x = units_of[i]
        avail[i] = full & ~(used[r] | used[k] | used[x])


def backtrack(values: bytes, box_rows: int, box_cols: int, limit: int = 1, node_limit: int = 0):
    """Return (count up to limit, first solution or None, nodes, stopped) by row-major backtracking."""
    return _count(backtrack_solutions, values, box_rows, box_cols, limit, node_limit)


# --- learn -----------------------------------------------------------------------

# Reason codes: (x << 3) | kind.  The C twin (learn.c) uses the same codes and orders.
_R_NONE, _R_CLAUSE, _R_GROUP, _R_BIN, _R_TGROUP = 0, 1, 2, 3, 4
_LEARN_DECAY = 0.99
_LEARN_REDUCE_FIRST = 2000
_LEARN_REDUCE_INC = 300
_LEARN_TABLES: dict[tuple[int, int], tuple] = {}


def _learn_tables(box_rows: int, box_cols: int):
    """(groups, occ): groups[g] = variables of exactly-one group g; occ[v] = v's 4 groups."""
    key = (box_rows, box_cols)
    t = _LEARN_TABLES.get(key)
    if t is None:
        n = box_rows * box_cols
        nbr = n // box_cols
        groups = []
        for cell in range(n * n):
            groups.append([cell * n + d for d in range(n)])
        for r in range(n):
            for d in range(n):
                groups.append([(r * n + c) * n + d for c in range(n)])
        for c in range(n):
            for d in range(n):
                groups.append([(r * n + c) * n + d for r in range(n)])
        for b in range(n):
            r0, c0 = (b // nbr) * box_rows, (b % nbr) * box_cols
            for d in range(n):
                groups.append([((r0 + i // box_cols) * n + c0 + i % box_cols) * n + d
                               for i in range(n)])
        occ = [[] for _ in range(n * n * n)]
        for g, lits in enumerate(groups):
            for v in lits:
                occ[v].append(g)
        t = (groups, occ)
        _LEARN_TABLES[key] = t
    return t


def learn(values: bytes, box_rows: int, box_cols: int, limit: int = 1, node_limit: int = 0):
    """Return (count up to limit, first solution or None, decisions, stopped) by CDCL (see learn_solutions)."""
    return _count(learn_solutions, values, box_rows, box_cols, limit, node_limit)


class LearnRun:
    """A learn search that can be paused and resumed (the 'auto' turns keep one).

    ``resume(limit, more)`` goes on until the count reaches limit (<= 0: all), ``more``
    further decisions are made (0: no budget) or the search is over, and returns (count so
    far, first solution or None, decisions so far, stopped by the budget).  ``learn`` is one
    resume of a fresh run; the C twin is ``_ckernels.learn_start`` / ``learn_resume``.
    """

    def __init__(self, values: bytes, box_rows: int, box_cols: int):
        self._counter = [0]
        self._pause = [0]
        self._gen = learn_solutions(values, box_rows, box_cols, 0, self._counter, self._pause)
        self._count = 0
        self._first = None
        self._done = False

    @property
    def decisions(self) -> int:
        """The decisions made so far."""
        return self._counter[0]

    def resume(self, limit: int = 1, more: int = 0):
        stopped = False
        self._pause[0] = self._counter[0] + more if more > 0 else 0
        while not self._done and not (limit > 0 and self._count >= limit):
            try:
                item = next(self._gen)
            except StopIteration:
                self._done = True
                break
            if item is None:  # paused: the budget is spent
                stopped = True
                break
            self._count += 1
            if self._first is None:
                self._first = item
        return self._count, self._first, self._counter[0], stopped


def learn_solutions(values: bytes, box_rows: int, box_cols: int, node_limit: int = 0,
                    counter: list | None = None, pause: list | None = None) -> Iterator[bytes]:
    """Yield every solution; counter[0] accumulates decisions; raises KernelStop at the limit.

    With ``pause`` (a one-item list), the limit is pause[0] decisions in all (0: none), read
    at every decision, and reaching it yields None instead of raising: the search goes on
    when resumed (LearnRun sets pause[0] anew before each resume).

    A conflict-driven clause-learning solver with the Sudoku constraints built in:

        variables  x(cell, d) = "cell holds d+1", var = cell*N + d; literal = 2*var + negated
        groups     exactly-one groups of positive literals, in order: each cell (values
                   ascending), each row then value, each column then value, each box then
                   value; cnt[g] = non-false literals, tcnt[g] = true literals
        propagate  a true literal falsifies the rest of its groups (reason: that literal); a
                   group with one non-false literal and none true forces it (reason: the
                   group, filtered lazily by trail position); learned clauses use two
                   watched literals with blockers
        decide     the group without a true literal having the fewest non-false literals
                   (>= 2), its unassigned literal of highest VSIDS activity (first in group
                   order, groups in index order, on ties) is set true; nodes = decisions
        learn      1UIP, recursive minimisation, EVSIDS (decay 0.99, rescale above 1e100)
        restart    glucose-style: fast LBD average (window 50) * 0.8 > slow (window 10000)
        reduce     after 2000 conflicts, then every 300 more than the last interval: half of
                   the unlocked clauses with LBD > 2 and size > 2, highest LBD first, oldest
                   first on ties
        count      a solution adds the blocking clause "not all the decisions" (kept forever)

    The C twin (learn.c) makes exactly the same decisions: the only floating point is the
    activity and LBD averages, done in IEEE doubles in the same order.
    """
    if counter is None:
        counter = [0]
    n = box_rows * box_cols
    ncells = n * n
    nv = n * ncells
    groups, occ = _learn_tables(box_rows, box_cols)
    ng = len(groups)
    val = [-1] * nv
    level = [0] * nv
    reason = [0] * nv
    tpos = [0] * nv
    trail: list[int] = []
    trail_lim: list[int] = []
    cnt = [n] * ng
    tcnt = [0] * ng
    act = [0.0] * nv
    seen = [False] * nv
    watches: list[list[int]] = [[] for _ in range(2 * nv)]
    cls: list = []
    clbd: list[int] = []
    cdel: list[bool] = []
    lvlseen = [0] * (nv + 2)
    st = {"qhead": 0, "var_inc": 1.0, "confl": 0, "stamp": 0}

    def assign(v, value, rsn):
        val[v] = value
        level[v] = len(trail_lim)
        reason[v] = rsn
        tpos[v] = len(trail)
        trail.append(v)
        if value:
            for g in occ[v]:
                tcnt[g] += 1
        else:
            for g in occ[v]:
                cnt[g] -= 1

    def backtrack(lvl):
        if len(trail_lim) <= lvl:
            return
        stop = trail_lim[lvl]
        for i in range(len(trail) - 1, stop - 1, -1):
            v = trail[i]
            if val[v]:
                for g in occ[v]:
                    tcnt[g] -= 1
            else:
                for g in occ[v]:
                    cnt[g] += 1
            val[v] = -1
            reason[v] = 0
        del trail[stop:]
        del trail_lim[lvl:]
        st["qhead"] = stop

    def litval(lit):
        x = val[lit >> 1]
        return -1 if x < 0 else x ^ (lit & 1)

    def propagate():
        """True on a conflict (st['confl'] = its reason code)."""
        qhead = st["qhead"]
        while qhead < len(trail):
            v = trail[qhead]
            qhead += 1
            value = val[v]
            falselit = 2 * v + value
            if value:
                for g in occ[v]:
                    if tcnt[g] > 1:
                        st["confl"] = (g << 3) | _R_TGROUP
                        st["qhead"] = qhead
                        return True
                    if cnt[g] > 1:
                        rsn = ((2 * v) << 3) | _R_BIN
                        for m in groups[g]:
                            if val[m] < 0:
                                assign(m, 0, rsn)
            else:
                for g in occ[v]:
                    if cnt[g] < 1:
                        st["confl"] = (g << 3) | _R_GROUP
                        st["qhead"] = qhead
                        return True
                    if cnt[g] == 1 and tcnt[g] < 1:
                        for m in groups[g]:
                            if val[m] < 0:
                                assign(m, 1, (g << 3) | _R_GROUP)
            ws = watches[falselit]
            i = j = 0
            nw = len(ws)
            while i < nw:
                cid = ws[i]
                blk = ws[i + 1]
                i += 2
                if cdel[cid]:
                    continue
                if litval(blk) == 1:
                    ws[j] = cid
                    ws[j + 1] = blk
                    j += 2
                    continue
                c = cls[cid]
                if c[0] == falselit:
                    c[0] = c[1]
                    c[1] = falselit
                first = c[0]
                if first != blk and litval(first) == 1:
                    ws[j] = cid
                    ws[j + 1] = first
                    j += 2
                    continue
                found = False
                for k in range(2, len(c)):
                    if litval(c[k]) != 0:
                        c[1] = c[k]
                        c[k] = falselit
                        w2 = watches[c[1]]
                        w2.append(cid)
                        w2.append(first)
                        found = True
                        break
                if found:
                    continue
                ws[j] = cid
                ws[j + 1] = first
                j += 2
                if litval(first) == 0:
                    while i < nw:
                        ws[j] = ws[i]
                        j += 1
                        i += 1
                    del ws[j:]
                    st["confl"] = (cid << 3) | _R_CLAUSE
                    st["qhead"] = qhead
                    return True
                assign(first >> 1, 0 if first & 1 else 1, (cid << 3) | _R_CLAUSE)
            del ws[j:]
        st["qhead"] = qhead
        return False

    def reason_lits(rsn, skip):
        kind = rsn & 7
        x = rsn >> 3
        if kind == _R_CLAUSE:
            return [lit for lit in cls[x] if (lit >> 1) != skip]
        if kind == _R_GROUP:
            lim = tpos[skip] if skip >= 0 else nv
            return [2 * m for m in groups[x] if val[m] == 0 and tpos[m] < lim]
        if kind == _R_TGROUP:
            return [2 * m + 1 for m in groups[x] if val[m] == 1]
        if kind == _R_BIN:
            return [x ^ 1]
        return []

    def bump(v):
        act[v] += st["var_inc"]
        if act[v] > 1e100:
            for i in range(nv):
                act[i] *= 1e-100
            st["var_inc"] *= 1e-100

    def lit_redundant(p, abst, toclear):
        stack = [p]
        top = len(toclear)
        while stack:
            q = stack.pop()
            v = q >> 1
            for lit in reason_lits(reason[v], v):
                u = lit >> 1
                if not seen[u] and level[u] > 0:
                    if reason[u] != _R_NONE and (1 << (level[u] & 31)) & abst:
                        seen[u] = True
                        stack.append(lit)
                        toclear.append(lit)
                    else:
                        for j in range(top, len(toclear)):
                            seen[toclear[j] >> 1] = False
                        del toclear[top:]
                        return False
        return True

    def analyze():
        """1UIP: (learnt clause, backtrack level, lbd); learnt[0] asserting."""
        learnt = [-1]
        pathc = 0
        index = len(trail) - 1
        nlevels = len(trail_lim)
        buf = reason_lits(st["confl"], -1)
        while True:
            for q in buf:
                u = q >> 1
                if not seen[u] and level[u] > 0:
                    seen[u] = True
                    bump(u)
                    if level[u] >= nlevels:
                        pathc += 1
                    else:
                        learnt.append(q)
            while not seen[trail[index]]:
                index -= 1
            p = trail[index]
            index -= 1
            seen[p] = False
            pathc -= 1
            if pathc == 0:
                break
            buf = reason_lits(reason[p], p)
        learnt[0] = 2 * p + 1 if val[p] == 1 else 2 * p
        toclear = learnt[1:]
        abst = 0
        for lit in learnt[1:]:
            abst |= 1 << (level[lit >> 1] & 31)
        kept = [learnt[0]]
        for lit in learnt[1:]:
            if reason[lit >> 1] == _R_NONE or not lit_redundant(lit, abst, toclear):
                kept.append(lit)
        learnt = kept
        for lit in toclear:
            seen[lit >> 1] = False
        bl = 0
        if len(learnt) > 1:
            mi = 1
            for i in range(2, len(learnt)):
                if level[learnt[i] >> 1] > level[learnt[mi] >> 1]:
                    mi = i
            learnt[1], learnt[mi] = learnt[mi], learnt[1]
            bl = level[learnt[1] >> 1]
        st["stamp"] += 1
        stamp = st["stamp"]
        lbd = 0
        for lit in learnt:
            lv = level[lit >> 1]
            if lvlseen[lv] != stamp:
                lvlseen[lv] = stamp
                lbd += 1
        return learnt, bl, lbd

    def add_clause(lits, lbd):
        cid = len(cls)
        cls.append(list(lits))
        clbd.append(lbd)
        cdel.append(False)
        watches[lits[0]].extend((cid, lits[1]))
        watches[lits[1]].extend((cid, lits[0]))
        return cid

    def reduce_db():
        cand = []
        for i in range(len(cls)):
            if cdel[i] or clbd[i] <= 2 or len(cls[i]) <= 2:
                continue
            v0 = cls[i][0] >> 1
            if val[v0] >= 0 and reason[v0] == (i << 3) | _R_CLAUSE:
                continue
            cand.append(i)
        cand.sort(key=lambda i: (-clbd[i], i))
        for i in cand[:len(cand) // 2]:
            cdel[i] = True
            cls[i] = None

    def pick_group_lit():
        best = 1 << 30
        gcand = []
        for g in range(ng):
            c = cnt[g]
            if c > best or c < 2 or tcnt[g] != 0:
                continue
            if c < best:
                best = c
                gcand = []
            gcand.append(g)
        bestlit = -1
        bestact = -1.0
        for g in gcand:
            for m in groups[g]:
                if val[m] < 0 and act[m] > bestact:
                    bestact = act[m]
                    bestlit = 2 * m
        return bestlit

    # givens
    for cell in range(ncells):
        if values[cell]:
            v = cell * n + values[cell] - 1
            if val[v] == 0:
                return
            if val[v] < 0:
                assign(v, 1, _R_NONE)
            if propagate():
                return
    if n == 1 and val[0] < 0:
        assign(0, 1, _R_NONE)
    if propagate():
        return
    conflicts = since_reduce = 0
    next_reduce = _LEARN_REDUCE_FIRST
    lbd_fast = lbd_slow = 0.0
    lbd_fast_n = 0
    while True:
        if propagate():
            conflicts += 1
            since_reduce += 1
            if not trail_lim:
                return
            learnt, bl, lbd = analyze()
            backtrack(bl)
            l0 = learnt[0]
            if len(learnt) == 1:
                assign(l0 >> 1, 0 if l0 & 1 else 1, _R_NONE)
            else:
                cid = add_clause(learnt, lbd)
                assign(l0 >> 1, 0 if l0 & 1 else 1, (cid << 3) | _R_CLAUSE)
            st["var_inc"] /= _LEARN_DECAY
            lbd_slow += (lbd - lbd_slow) / float(min(conflicts, 10000))
            lbd_fast_n += 1
            lbd_fast += (lbd - lbd_fast) / float(min(lbd_fast_n, 50))
            continue
        if lbd_fast_n >= 50 and lbd_fast * 0.8 > lbd_slow:
            lbd_fast_n = 0
            lbd_fast = 0.0
            backtrack(0)
        if since_reduce >= next_reduce:
            since_reduce = 0
            next_reduce += _LEARN_REDUCE_INC
            reduce_db()
        dl = pick_group_lit()
        if dl >= 0:
            if pause is not None:
                while pause[0] > 0 and counter[0] >= pause[0]:
                    yield None
            elif node_limit > 0 and counter[0] >= node_limit:
                raise KernelStop(counter[0])
            counter[0] += 1
            trail_lim.append(len(trail))
            assign(dl >> 1, 1, _R_NONE)
            continue
        # every group holds a true literal: a solution
        sol = bytearray(ncells)
        for cell in range(ncells):
            base = cell * n
            for d in range(n):
                if val[base + d] == 1:
                    sol[cell] = d + 1
        yield bytes(sol)
        if not trail_lim:
            return
        # blocking clause "not all the decisions", the latest decision first
        block = [2 * trail[trail_lim[lv - 1]] + 1 for lv in range(len(trail_lim), 0, -1)]
        backtrack(len(trail_lim) - 1)
        b0 = block[0]
        if len(block) == 1:
            assign(b0 >> 1, 0, _R_NONE)
        else:
            cid = add_clause(block, 0)
            assign(b0 >> 1, 0, (cid << 3) | _R_CLAUSE)
