"""The "learn" kernel: conflict-driven clause learning (CDCL) on the Sudoku exactly-one groups.

The pure-Python specification of the C kernel src/sudokit/_c/learn.c: the same functions
under the same names, making the same decisions node for node -- the same solutions in
the same order, the same decision counts, the same learned clauses (literal order, LBD,
id) and deletions.  nodes = decisions.

The data (N = the geometry's size; a classic 9x9 grid: N = 9, 729 variables, 324 groups)::

    variable   v = cell*N + d  <=>  "cell holds value d+1"                     0 .. N^3-1
    literal    2*v = "cell holds d+1",  2*v + 1 = its negation;  lit >> 1 = v, lit & 1 = neg

               v:    0     1   ...  N-1 |  N    N+1  ... 2N-1 | ...    (cell-major, d minor)
                   +-----+-----+-----+--+-----+-----+-----+---+-
                   |    cell 0, d = 0..N-1  |    cell 1, ...   |

    per v      val[v]    -1 unassigned, 0 false, 1 true
               level[v]  decision level of its assignment     tpos[v]  its place on the trail
               reason[v] reason code (below; read only while v is assigned)
               act[v]    VSIDS activity                       seen[v]  conflict-analysis mark

    group      a set of variables of which at most one is true, built from the geometry
               (geometry.py: full units first, then smaller ones; pairs; weak links), in
               this order:
                 exactly one (g < neo: one member is true in every solution)
                   g in [0, N^2)          cell g, values ascending
                   g = N^2 + u*N + d      full unit u (N cells), value d+1, cells ascending
                 at most one (g >= neo)
                   smaller unit u, value d+1 (cells ascending), by u then d
                   pair (i, j), i < j, value d+1: [i=d+1, j=d+1], by (i, j) then d
                   weak link "i = a excludes j = b", i < j: [i=a, j=b], by (i, j), a, b
               Classic: the units are rows, cols, boxes (each box's cells row-major), so
               the groups are cells, rows x values, cols x values, boxes x values, 4*N*N in
               all and none "at most one" -- the groups of the classic-only engine, in its
               order, so every classic decision is the same.
               groups[g] = its variables          occ[v] = v's groups, in group order
               occ_eo[v] = its exactly-one groups (a prefix of occ[v])
               cnt[g] = non-false variables       tcnt[g] = true variables
               (C packs both into one 16-bit word gc = cnt + 128*tcnt and keeps a bitmask of
               the non-false members; the decisions are the same.  C numbers the at-most-one
               groups from ngpad, the exactly-one count rounded up to 64, so that the
               decision scan reads 64-group blocks of exactly-one groups only; the order,
               and so every decision, is the same)

    at most one, in the engine: one mechanism, the group, with two rules.  A true member
               falsifies the other members of every group of it (reason R_BIN) and two
               true members are a conflict (R_TGROUP) -- both kinds of group.  Only an
               exactly-one group forces its last non-false member (R_GROUP), is a
               conflict when every member is false, and is a decision candidate; a
               solution is "every exactly-one group has its true member" (the at-most-one
               groups then hold too: each true member has falsified its partners).  A
               pair or weak link is a two-member at-most-one group, i.e. the binary clause
               "not (i=a and j=b)", whose propagation is an R_BIN reason, already the
               binary-clause reason.  (Rejected: per-literal binary implication lists for
               pairs and links -- a second propagation path, a new two-literal conflict
               kind, and C and Python twins of both, for the same deductions.)

    trail      every assigned variable, in order; a decision opens a level:

                 | level 0 (givens, units) | d1 implied ... | d2 implied ...  |
                 0                         ^trail_lim[0]    ^trail_lim[1]     ^len(trail)
                                                     qhead: the next one to propagate ^

    reason     code = (x << 3) | kind
                 R_NONE    0  a given, a decision, a learned or blocking unit
                 R_CLAUSE  1  x = clause id: every other literal of the clause is false
                 R_GROUP   2  x = group g: every other member of g is false (read lazily: the
                              members that were false before v, by trail position)
                 R_BIN     3  x = 2*w, w true: v and w share a group, so v is false
                 R_TGROUP  4  x = group g (conflicts only): two members of g are true

    clauses    learned and blocking clauses, known by id (append-only, ids never change):
                 cls[id]  = [lit0, lit1, lit2, ...]    lit0 and lit1 watched; None once deleted
                 clbd[id] = LBD (0: a blocking clause, never deleted)    cdel[id] = deleted?
               (C: one int arena [id, size, lits...] with coff[id] = offset of lit0; rejected
               here: the list per clause reads as the algorithm and costs Python nothing)

    watches    watches[lit] = [id, blocker, id, blocker, ...]: the clauses watching lit,
               visited when lit becomes false; a true blocker (another literal of the
               clause) skips the clause without reading it

The algorithm: propagate (a true variable falsifies the rest of its groups; a group with one
non-false member and none true forces it; watched clauses), decide (the group with no true
member and the fewest non-false ones >= 2, lowest index first; over all such groups the
unassigned member of highest activity, first in group order on ties, is set true), learn
(1UIP, recursive minimisation, EVSIDS decay 0.99, rescale above 1e100), no restarts (one
search to the answer: glucose restarts cost 1.35x the conflicts on the minimal 25x25
puzzles, docs/25x25-findings.md session 6), reduce (after 2000
conflicts, then every 300 more than the last interval: half of the unlocked clauses with
LBD > 2 and size > 2, highest LBD first, oldest first on ties), count (a solution adds the
blocking clause "not all the decisions", the latest first).  The only floating point is
the activity, done in IEEE doubles in the same order as in C.

C lives in three files since the split: learn.c (the loop), learn_groups.c (tables and
the per-search arrays), learn_clauses.c (learning, clauses, reduction).

Python                        C (file: function)                   what
----------------------------  -----------------------------------  ----------------------------------
learn_tables                  learn_groups.c: sk_learn_ctx_init    groups and occurrences of a geometry
LearnContext.__init__         learn_groups.c: sk_learn_ctx_init    the per-search arrays
(inline in propagate)         learn.c: litval                      1 true, 0 false, < 0 unassigned
LearnContext.bump             learn_clauses.c: bump                EVSIDS bump, rescale above 1e100
LearnContext.assign           learn.c: assign                      put v on the trail, update counters
LearnContext.backtrack        learn.c: backtrack                   undo every level above lvl
LearnContext.propagate        learn.c: propagate                   groups then watches; True on a conflict
LearnContext.reason_lits      learn_clauses.c: reason_lits         the false literals of a reason
LearnContext.lit_redundant    learn_clauses.c: lit_redundant       (+ push_frame) minimisation test
LearnContext.analyze          learn_clauses.c: sk_learn_analyze    1UIP clause, backtrack level, LBD
LearnContext.add_clause       learn_clauses.c: sk_learn_add_clause store a clause, watch lits 0 and 1
LearnContext.reduce_db        learn_clauses.c: sk_learn_reduce_db  delete half of the deletable clauses
                              (+ sort_cand)
LearnContext.pick_group_lit   learn.c: pick_group_lit              the decision literal, -1 if none
LearnContext.read_solution    learn.c: (in sk_learn_resume)        the values on the trail
LearnContext.sanity           (none)                               invariants, for tests (Knuth's sanity())
LearnRun.__init__             learn.c: sk_learn_start              givens, level-0 propagation
LearnRun.block_solution       learn.c: block_solution              the blocking clause of a solution
LearnRun.search               learn.c: sk_learn_resume             the CDCL loop (absolute decision budget)
LearnRun.resume               learn.c: sk_learn_resume             the same with "more" further decisions
learn                         learn.c: sk_learn                    one search from the givens
(the garbage collector)       sk_learn_ctx_free, sk_learn_end      free the arrays

Proof of sameness: tests/engine/test_learn.py compares C with this module on golden, random and
25x25 puzzles (count, first solution, decisions, stopped).
"""

from __future__ import annotations

__all__ = ["learn", "LearnRun", "LearnContext", "learn_tables"]

from ..geometry import split_args
from ._propagators import learn_rules

R_NONE, R_CLAUSE, R_GROUP, R_BIN, R_TGROUP = 0, 1, 2, 3, 4  # reason kinds, as in learn.c
DECAY = 0.99
REDUCE_FIRST = 2000
REDUCE_INC = 300

_TABLES: dict = {}


def learn_tables(*args) -> tuple[list, list, list, int, tuple]:
    """Return (groups, occ, occ_eo, neo, rules) of a geometry (or of box_rows, box_cols).

    groups[g] = the variables of group g, the exactly-one groups 0 .. neo-1 first, then the
    at-most-one groups; occ[v] = v's groups, ascending; occ_eo[v] = its exactly-one groups
    (a prefix of occ[v]; the same list when v has no other).  rules = (aux, clauses, false)
    of the rules over many cells (_propagators.learn_rules: their groups are the exactly-one
    groups after the full units'), or (0, [], []).
    """
    geom = split_args(args)[0]
    t = _TABLES.get(geom)
    if t is None:
        n = geom.size
        groups = [[cell * n + d for d in range(n)] for cell in range(n * n)]
        units = geom.units
        for cells in units[:geom.nfull]:          # exactly one: full units, per value
            for d in range(n):
                groups.append([c * n + d for c in cells])
        aux, more, clauses, false = learn_rules(geom.propagators, n) if geom.propagators \
            else (0, [], [], [])
        groups += more                            # exactly one: selectors, automaton layers
        neo = len(groups)
        for cells in units[geom.nfull:]:          # at most one: smaller units, per value
            for d in range(n):
                groups.append([c * n + d for c in cells])
        for i, j in geom.pairs:                   # pairs: never the same value
            for d in range(n):
                groups.append([i * n + d, j * n + d])
        for i, j, masks in geom.links:            # weak links, once (i < j): not both
            if i < j:
                for a in range(n):
                    for b in range(n):
                        if masks[a] >> b & 1:
                            groups.append([i * n + a, j * n + b])
        occ: list[list[int]] = [[] for _ in range(n * n * n + aux)]
        for g, members in enumerate(groups):
            for v in members:
                occ[v].append(g)
        occ_eo = [o if o[-1] < neo else [g for g in o if g < neo] for o in occ]
        t = (groups, occ, occ_eo, neo, (aux, clauses, false))
        _TABLES[geom] = t
    return t


class LearnContext:
    """The state of one CDCL search and its operations (learn.c's lctx and its functions)."""

    __slots__ = ("n", "ncells", "nv", "ng", "neo", "groups", "occ", "occ_eo", "val", "level",
                 "reason", "tpos", "trail", "trail_lim", "qhead", "cnt", "tcnt", "act",
                 "var_inc", "seen", "watches", "cls", "clbd", "cdel", "confl", "lvlseen",
                 "lvlstamp", "false")

    def __init__(self, *args):
        """args: a geometry, or the classic (box_rows, box_cols)."""
        geom = split_args(args)[0]
        n = geom.size
        self.groups, self.occ, self.occ_eo, self.neo, rules = learn_tables(geom)
        self.n, self.ncells, self.nv = n, n * n, n * n * n + rules[0]
        self.ng = ng = len(self.groups)
        nv = self.nv
        self.val = [-1] * nv
        self.level = [0] * nv
        self.reason = [R_NONE] * nv
        self.tpos = [0] * nv
        self.trail: list[int] = []
        self.trail_lim: list[int] = []   # its length is the current decision level
        self.qhead = 0
        self.cnt = [len(m) for m in self.groups]
        self.tcnt = [0] * ng
        self.act = [0.0] * nv
        self.var_inc = 1.0
        self.seen = [False] * nv
        self.watches: list[list[int]] = [[] for _ in range(2 * nv)]
        self.cls: list = []
        self.clbd: list[int] = []
        self.cdel: list[bool] = []
        self.confl = 0                   # the reason code of the last conflict
        self.lvlseen = [0] * (nv + 2)
        self.lvlstamp = 0
        self.false = rules[2]            # variables false from the start (LearnRun sets them)
        for lits in rules[1]:            # the rules' clauses: never deleted (LBD 0)
            self.add_clause(lits, 0)

    def bump(self, v: int) -> None:
        """Add var_inc to v's activity; rescale every activity by 1e-100 above 1e100."""
        act = self.act
        act[v] += self.var_inc
        if act[v] > 1e100:
            for i in range(self.nv):
                act[i] *= 1e-100
            self.var_inc *= 1e-100

    def assign(self, v: int, value: int, rsn: int) -> None:
        """Put v = value on the trail at the current level, with reason code rsn."""
        self.val[v] = value
        self.level[v] = len(self.trail_lim)
        self.reason[v] = rsn
        trail = self.trail
        self.tpos[v] = len(trail)
        trail.append(v)
        if value:
            tcnt = self.tcnt
            for g in self.occ[v]:
                tcnt[g] += 1
        else:
            cnt = self.cnt
            for g in self.occ[v]:
                cnt[g] -= 1

    def backtrack(self, lvl: int) -> None:
        """Undo every assignment above decision level lvl (none if the level is <= lvl)."""
        trail_lim = self.trail_lim
        if len(trail_lim) <= lvl:
            return
        trail, val, occ, cnt, tcnt = self.trail, self.val, self.occ, self.cnt, self.tcnt
        stop = trail_lim[lvl]
        for i in range(len(trail) - 1, stop - 1, -1):
            v = trail[i]
            if val[v]:
                for g in occ[v]:
                    tcnt[g] -= 1
            else:
                for g in occ[v]:
                    cnt[g] += 1
            val[v] = -1  # reason[v] is left stale: it is only read while v is assigned
        del trail[stop:]
        del trail_lim[lvl:]
        self.qhead = stop

    def propagate(self) -> bool:
        """Propagate the trail from qhead; True on a conflict (self.confl = its reason code)."""
        trail, val, occ, occ_eo, groups = self.trail, self.val, self.occ, self.occ_eo, self.groups
        cnt, tcnt, watches, cls, cdel = self.cnt, self.tcnt, self.watches, self.cls, self.cdel
        assign = self.assign
        qhead = self.qhead
        while qhead < len(trail):
            v = trail[qhead]
            qhead += 1
            value = val[v]
            falselit = 2 * v + value
            if value:
                for g in occ[v]:
                    if tcnt[g] > 1:
                        self.confl = (g << 3) | R_TGROUP
                        self.qhead = qhead
                        return True
                    if cnt[g] > 1:
                        rsn = ((2 * v) << 3) | R_BIN
                        for m in groups[g]:
                            if val[m] < 0:
                                assign(m, 0, rsn)
            else:
                for g in occ_eo[v]:
                    if cnt[g] < 1:
                        self.confl = (g << 3) | R_GROUP
                        self.qhead = qhead
                        return True
                    if cnt[g] == 1 and tcnt[g] < 1:
                        for m in groups[g]:
                            if val[m] < 0:
                                assign(m, 1, (g << 3) | R_GROUP)
            # the clauses watching falselit; val[l >> 1] ^ (l & 1) is litval(l) for an
            # assigned literal and negative (never 0 or 1) for an unassigned one, as in C
            ws = watches[falselit]
            i = j = 0
            nw = len(ws)
            while i < nw:
                cid = ws[i]
                blk = ws[i + 1]
                i += 2
                if cdel[cid]:
                    continue
                if val[blk >> 1] ^ (blk & 1) == 1:
                    ws[j] = cid
                    ws[j + 1] = blk
                    j += 2
                    continue
                c = cls[cid]
                if c[0] == falselit:
                    c[0] = c[1]
                    c[1] = falselit
                first = c[0]
                if first != blk and val[first >> 1] ^ (first & 1) == 1:
                    ws[j] = cid
                    ws[j + 1] = first
                    j += 2
                    continue
                for k in range(2, len(c)):
                    lit = c[k]
                    if val[lit >> 1] ^ (lit & 1) != 0:  # a new watch
                        c[1] = c[k]
                        c[k] = falselit
                        w2 = watches[c[1]]
                        w2.append(cid)
                        w2.append(first)
                        break
                else:
                    ws[j] = cid
                    ws[j + 1] = first
                    j += 2
                    if val[first >> 1] ^ (first & 1) == 0:
                        while i < nw:
                            ws[j] = ws[i]
                            j += 1
                            i += 1
                        del ws[j:]
                        self.confl = (cid << 3) | R_CLAUSE
                        self.qhead = qhead
                        return True
                    assign(first >> 1, 0 if first & 1 else 1, (cid << 3) | R_CLAUSE)
            del ws[j:]
        self.qhead = qhead
        return False

    def reason_lits(self, rsn: int, skip: int) -> list[int]:
        """Return the (false) literals of reason code rsn, without variable skip (-1: none)."""
        kind = rsn & 7
        x = rsn >> 3
        if kind == R_CLAUSE:
            return [lit for lit in self.cls[x] if (lit >> 1) != skip]
        if kind == R_GROUP:
            val, tpos = self.val, self.tpos
            lim = tpos[skip] if skip >= 0 else self.nv
            return [2 * m for m in self.groups[x] if val[m] == 0 and tpos[m] < lim]
        if kind == R_TGROUP:
            val = self.val
            return [2 * m + 1 for m in self.groups[x] if val[m] == 1]
        if kind == R_BIN:
            return [x ^ 1]
        return []

    def lit_redundant(self, p: int, abst: int, toclear: list[int]) -> bool:
        """Is learnt literal p implied by the other seen literals?  Marks go on toclear.

        Yes when every path back from p through the reasons of unseen variables of level > 0
        ends at seen ones without meeting a decision or a level outside abst (a bitmask of
        levels mod 32).  On a failure the marks of this call are undone.  (C searches depth
        first with a memory of failures; the answer, and so the clause, is the same.)
        """
        seen, level, reason = self.seen, self.level, self.reason
        stack = [p]
        top = len(toclear)
        while stack:
            q = stack.pop()
            v = q >> 1
            for lit in self.reason_lits(reason[v], v):
                u = lit >> 1
                if not seen[u] and level[u] > 0:
                    if reason[u] != R_NONE and (1 << (level[u] & 31)) & abst:
                        seen[u] = True
                        stack.append(lit)
                        toclear.append(lit)
                    else:
                        for j in range(top, len(toclear)):
                            seen[toclear[j] >> 1] = False
                        del toclear[top:]
                        return False
        return True

    def analyze(self) -> tuple[list[int], int, int]:
        """Return the 1UIP clause of the conflict (asserting literal first, then one of the
        backtrack level), the backtrack level and the clause's LBD."""
        seen, level, reason, trail, val = self.seen, self.level, self.reason, self.trail, self.val
        bump, reason_lits = self.bump, self.reason_lits
        learnt = [-1]
        pathc = 0
        index = len(trail) - 1
        nlevels = len(self.trail_lim)
        buf = reason_lits(self.confl, -1)
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
        # minimise
        toclear = learnt[1:]
        abst = 0
        for lit in learnt[1:]:
            abst |= 1 << (level[lit >> 1] & 31)
        kept = [learnt[0]]
        for lit in learnt[1:]:
            if reason[lit >> 1] == R_NONE or not self.lit_redundant(lit, abst, toclear):
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
        self.lvlstamp += 1
        stamp, lvlseen = self.lvlstamp, self.lvlseen
        lbd = 0
        for lit in learnt:
            lv = level[lit >> 1]
            if lvlseen[lv] != stamp:
                lvlseen[lv] = stamp
                lbd += 1
        return learnt, bl, lbd

    def add_clause(self, lits: list[int], lbd: int) -> int:
        """Store a clause of >= 2 literals (lits[0] and lits[1] watched); return its id."""
        cid = len(self.cls)
        self.cls.append(list(lits))
        self.clbd.append(lbd)
        self.cdel.append(False)
        self.watches[lits[0]].extend((cid, lits[1]))
        self.watches[lits[1]].extend((cid, lits[0]))
        return cid

    def reduce_db(self) -> None:
        """Delete half of the clauses with LBD > 2 and size > 2 that are not a reason,
        highest LBD first, oldest first on ties (their watches go lazily)."""
        cls, clbd, cdel, val, reason = self.cls, self.clbd, self.cdel, self.val, self.reason
        cand = []
        for i in range(len(cls)):
            if cdel[i] or clbd[i] <= 2 or len(cls[i]) <= 2:
                continue
            v0 = cls[i][0] >> 1
            if val[v0] >= 0 and reason[v0] == (i << 3) | R_CLAUSE:
                continue  # locked: the reason of its first literal
            cand.append(i)
        cand.sort(key=lambda i: (-clbd[i], i))
        for i in cand[:len(cand) // 2]:
            cdel[i] = True
            cls[i] = None

    def pick_group_lit(self) -> int:
        """Return the decision literal (positive), or -1 when every group has a true member."""
        cnt, tcnt, groups, val, act = self.cnt, self.tcnt, self.groups, self.val, self.act
        # the groups with no true member and the fewest non-false ones (>= 2), in index
        # order (C: pass 1 finds the fewest, pass 2 the groups; one pass is faster here)
        best = 1 << 30
        gcand = []
        for g in range(self.neo):
            c = cnt[g]
            if c > best or c < 2 or tcnt[g] != 0:
                continue
            if c < best:
                best = c
                gcand = []
            gcand.append(g)
        # their unassigned members in group order: the strictly highest activity wins
        bestlit = -1
        bestact = -1.0
        for g in gcand:
            for m in groups[g]:
                if val[m] < 0 and act[m] > bestact:
                    bestact = act[m]
                    bestlit = 2 * m
        return bestlit

    def sanity(self) -> list[str]:
        """Return the broken invariants (empty when all hold): counters, trail, watches.

        Off the search path (Knuth's sanity()): tests call it between resumes.
        """
        bad = []
        val, trail, trail_lim = self.val, self.trail, self.trail_lim
        for g, members in enumerate(self.groups):
            nonfalse = sum(1 for m in members if val[m] != 0)
            true = sum(1 for m in members if val[m] == 1)
            if (self.cnt[g], self.tcnt[g]) != (nonfalse, true):
                bad.append(f"group {g}: cnt/tcnt {self.cnt[g]}/{self.tcnt[g]}, "
                           f"members say {nonfalse}/{true}")
        if sum(1 for x in val if x >= 0) != len(trail) or len(set(trail)) != len(trail):
            bad.append("the trail is not the set of assigned variables")
        if not 0 <= self.qhead <= len(trail) or any(
                a > b for a, b in zip(trail_lim, trail_lim[1:])):
            bad.append("qhead or trail_lim out of order")
        lv = 0
        for i, v in enumerate(trail):
            while lv < len(trail_lim) and trail_lim[lv] <= i:
                lv += 1
            if val[v] < 0 or self.tpos[v] != i or self.level[v] != lv:
                bad.append(f"trail[{i}] = {v}: value, position or level wrong")
        watched: dict[int, list[int]] = {}
        for lit, ws in enumerate(self.watches):
            for k in range(0, len(ws), 2):
                cid, blk = ws[k], ws[k + 1]
                if self.cdel[cid]:
                    continue  # dropped lazily by propagate
                c = self.cls[cid]
                if lit not in c[:2] or blk not in c:
                    bad.append(f"clause {cid}: watched by {lit} with blocker {blk}: {c}")
                watched.setdefault(cid, []).append(lit)
        for cid, c in enumerate(self.cls):
            if not self.cdel[cid] and sorted(watched.get(cid, [])) != sorted(c[:2]):
                bad.append(f"clause {cid}: watches {watched.get(cid)}, first literals {c[:2]}")
        return bad

    def read_solution(self) -> bytes:
        """Return the N*N values of the complete assignment on the trail."""
        n, val = self.n, self.val
        sol = bytearray(self.ncells)
        for cell in range(self.ncells):
            base = cell * n
            for d in range(n):
                if val[base + d] == 1:
                    sol[cell] = d + 1
        return bytes(sol)


class LearnRun:
    """A learn search that can be paused at a decision and resumed (the 'auto' turns keep one).

    The twin of learn.c's sk_learn_run; through _backend, ``_ckernels.learn_start`` /
    ``learn_resume`` stand in for it.  ``resume(limit, more)`` goes on until the count
    reaches limit (<= 0: all), ``more`` further decisions are made (0: no budget) or the
    search is over.
    """

    __slots__ = ("s", "count", "first", "decisions", "conflicts", "since_reduce",
                 "next_reduce", "done", "pending_block")

    def __init__(self, values: bytes, *args):
        self.s = s = LearnContext(split_args(args)[0])
        self.count = 0               # solutions found so far
        self.first = None            # the first one, once found
        self.decisions = 0
        self.conflicts = self.since_reduce = 0
        self.next_reduce = REDUCE_FIRST
        self.done = False            # the search space is exhausted (or the givens clash)
        self.pending_block = False   # paused right after a solution, before its blocking clause
        n = s.n
        for v in s.false:            # values the rules over many cells rule out
            if s.val[v] < 0:
                s.assign(v, 0, R_NONE)
        for cell in range(s.ncells):
            if values[cell]:
                v = cell * n + values[cell] - 1
                if s.val[v] == 0:
                    self.done = True
                    return
                if s.val[v] < 0:
                    s.assign(v, 1, R_NONE)
                if s.propagate():
                    self.done = True
                    return
        if n == 1 and s.val[0] < 0:
            s.assign(0, 1, R_NONE)
        if s.propagate():
            self.done = True

    def block_solution(self) -> bool:
        """Add the blocking clause of the solution on the trail (the latest decision first)
        and go on; False when there is no decision to negate (the search is over)."""
        s = self.s
        trail, trail_lim = s.trail, s.trail_lim
        if not trail_lim:
            return False
        block = [2 * trail[trail_lim[lv - 1]] + 1 for lv in range(len(trail_lim), 0, -1)]
        s.backtrack(len(trail_lim) - 1)
        b0 = block[0]
        if len(block) == 1:
            s.assign(b0 >> 1, 0, R_NONE)
        else:
            cid = s.add_clause(block, 0)
            s.assign(b0 >> 1, 0, (cid << 3) | R_CLAUSE)
        return True

    def last(self) -> "bytes | None":
        """The solution the search stopped at (its count reached the limit), or None when it
        is not paused at one."""
        return self.s.read_solution() if self.pending_block else None

    def resume(self, limit: int = 1, more: int = 0):
        """Return (count so far, first solution or None, decisions so far, stopped by the
        budget) after going on until limit solutions (<= 0: all) or ``more`` further
        decisions (0: no budget)."""
        return self.search(limit, self.decisions + more if more > 0 else 0)

    def search(self, limit: int, budget_end: int):
        """resume with an absolute budget: stop before decision budget_end + 1 (<= 0: none)."""
        s = self.s
        stopped = False
        if self.pending_block and not self.done and not (limit > 0 and self.count >= limit):
            self.pending_block = False
            if not self.block_solution():
                self.done = True
        while not self.done and not (limit > 0 and self.count >= limit):
            if s.propagate():
                self.conflicts += 1
                self.since_reduce += 1
                if not s.trail_lim:
                    self.done = True
                    break
                learnt, bl, lbd = s.analyze()
                s.backtrack(bl)
                l0 = learnt[0]
                if len(learnt) == 1:
                    s.assign(l0 >> 1, 0 if l0 & 1 else 1, R_NONE)
                else:
                    cid = s.add_clause(learnt, lbd)
                    s.assign(l0 >> 1, 0 if l0 & 1 else 1, (cid << 3) | R_CLAUSE)
                s.var_inc /= DECAY
                continue
            if self.since_reduce >= self.next_reduce:
                self.since_reduce = 0
                self.next_reduce += REDUCE_INC
                s.reduce_db()
            # A pause (budget spent) comes after the reduction check and the choice: the
            # check is false on resuming and the choice is the same again.
            dl = s.pick_group_lit()
            if dl >= 0:
                if budget_end > 0 and self.decisions >= budget_end:
                    stopped = True
                    break
                self.decisions += 1
                s.trail_lim.append(len(s.trail))
                s.assign(dl >> 1, 1, R_NONE)
                continue
            # every group holds a true member: a solution
            self.count += 1
            if self.count == 1:
                self.first = s.read_solution()
            if limit > 0 and self.count >= limit:
                self.pending_block = True
                break
            if not self.block_solution():
                self.done = True
        return self.count, self.first, self.decisions, stopped


def learn(values: bytes, *args):
    """Return (count up to limit, first solution or None, decisions, stopped) by CDCL.

    args: (geometry, limit=1, node_limit=0) or the classic (box_rows, box_cols, limit, node_limit).
    """
    geom, *rest = split_args(args)
    limit, node_limit = (rest + [1, 0][len(rest):])[:2]
    return LearnRun(values, geom).search(limit, node_limit)
