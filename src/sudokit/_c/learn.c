/* learn.c -- the "learn" kernel: a conflict-driven clause-learning (CDCL) Sudoku solver.
 *
 * The C twin of _learn.learn (the specification: same decisions, same nodes, same first
 * solution, same count); _learn.py mirrors it function by function.  Ported from the
 * research harness cdcl25.c (docs/25x25-findings.md; in git history) with its best settings
 * (-H1, VSIDS decay 0.99, glucose-style restarts, reduction 2000 + 300k), generalised to
 * every geometry (geometry.py; the tables of kernels.h's sk_shape).
 *
 *   variables   x(cell, d) = "cell holds d+1", var = cell*N + d; literal = 2*var + neg
 *   groups      groups of positive literals, at most one of them true (ctx_init has the
 *               order, the same as _learn.learn_tables): exactly-one groups -- every cell
 *               (values ascending), every full unit u then value d (cells ascending) --,
 *               then at-most-one groups -- every smaller unit then d, every pair then d
 *               (two members), every weak link "c = a excludes j = b" (two members).
 *               Classic: the units are rows, cols, boxes, so these are the cell, row, col
 *               and box groups of the classic-only kernel, in its order (same decisions).
 *               Two counters per group: cnt (non-false literals) and tcnt (true literals),
 *               packed into one 16-bit word gc = cnt + 128 * tcnt.
 *   propagate   a true literal falsifies the rest of its groups, of both kinds (reason:
 *               that literal, R_BIN -- for a two-member group that is the binary clause);
 *               two true literals in a group are a conflict (R_TGROUP); an exactly-one
 *               group with one non-false literal and none true forces it (reason: the
 *               group, filtered lazily by trail position), and with none it is a conflict;
 *               learned clauses: two watches + blocker.  _learn.py's docstring says why
 *               at-most-one constraints are groups and not binary implication lists.
 *   decide      the exactly-one group with no true literal and the fewest non-false
 *               literals (>= 2), lowest index first; over all such groups the unassigned
 *               literal of highest activity (strictly greater wins, so the first in group
 *               order on ties) is set true.  nodes = decisions.
 *   learn       1UIP, recursive minimisation (abstract levels), EVSIDS bump of every variable
 *               seen in the conflict analysis, var_inc /= 0.99, rescale by 1e-100 above 1e100.
 *   restart     glucose: lbd_fast (window 50) * 0.8 > lbd_slow (window 10000) after >= 50
 *               conflicts since the last restart -> backtrack to level 0.
 *   reduce      after 2000, then every 2000 + 300k conflicts: of the clauses with LBD > 2 and
 *               size > 2 not locked as a reason, delete half (highest LBD first, then oldest).
 *   counting    a solution adds the blocking clause "not all the decisions" (never deleted)
 *               and the search goes on; limit <= 0: count them all.
 *
 * Speed (session 5, 2026-11-24; every change keeps the learned clauses, their
 * literal order, LBDs, ids, deletions and decisions, checked by tracing them against the
 * previous version): clause arena, packed group counters gc, SSE2 decision scan, fixed
 * 4-group loops with side-by-side occurrences, depth-first lit_redundant with failure
 * memory.  Tried and dropped (no gain within the +-2% noise on gecode_25x25 lines 5-16,
 * or slower): a per-literal value array for the watch loop (-4% instructions, same time);
 * level/reason/tpos(/seen) as one struct per variable; clause offsets instead of ids in
 * reasons; prefetching the next watched clause; a bitset of non-empty watch lists (+4%
 * time); group literals computed from a per-kind offset table instead of glits; dropping
 * the always-true val tests in pick_group_lit and the group-unit case (-2% instructions,
 * same time); always_inline reason_lits.
 */
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

#define R_NONE 0
#define R_CLAUSE 1
#define R_GROUP 2
#define R_BIN 3
#define R_TGROUP 4
#define MKR(x, k) (((x) << 3) | (k))

#define DECAY 0.99
#define REDUCE_FIRST 2000
#define REDUCE_INC 300

typedef struct {
    int *a;
    int n, cap;
} ivec;

typedef struct {
    int n, ncells, nv, ng;
    int neo;              /* exactly-one groups 0 .. neo-1; at-most-one groups ngpad .. ng-1 */
    int *glits, *gstart;  /* group g: variables glits[gstart[g] .. gstart[g+1]-1] */
    int *occ;             /* 2*maxocc per variable v: its groups (group order) at
                           * occ[2w v ..], its index in each of them at occ[2w v + w ..]
                           * (w = maxocc); side by side so that assign and backtrack read
                           * one cache line.  Classic and jigsaw: w = 4, every variable in
                           * exactly 4 exactly-one groups (k4 = 1), and the hot functions
                           * take that count as a constant the compiler unrolls */
    int maxocc, k4;
    int *nocc, *neoc;     /* per variable: its groups, of which the first neoc exactly-one
                           * (k4 = 0 only; NULL when k4) */
    signed char *val;     /* -1 unassigned, 0 false, 1 true */
    int *level, *reason, *trail, *trail_lim, *tpos;
    int ntrail, qhead, nlevels;
    /* per group gc = cnt + 128 * tcnt (cnt <= 64 < 128, tcnt <= 64): a false literal is
     * gc -= 1, a true one gc += 128, with no test; cnt = gc & 127, tcnt = gc >> 7, and a
     * group without a true literal and with k non-false ones is exactly gc == k, which is
     * what pick_group_lit scans for, 8 groups at a time.  The exactly-one groups are
     * padded with 0xffff (never a count, never touched) to a multiple of 64 groups,
     * ngpad; the at-most-one groups follow (never scanned). */
    uint16_t *gc;
    int ngpad;
    uint64_t *gmask;      /* per group: bit k set while its k-th literal is not false */
    uint64_t *g0mask;     /* per group: bit k set once its k-th literal is false at level 0 */
    double *act, var_inc;
    char *seen;
    ivec *watches;        /* per literal: pairs (clause offset in arena, blocker) */
    /* Clause arena: every learned or blocking clause lives in one int array as
     * [id, size, lits...], in id order (clauses are only appended, and reduce_db compacts
     * without reordering).  A clause is known by the offset of its first literal: c[-1] is
     * its size, c[-2] its id.  Watches hold the offset (one memory access less per visited
     * clause than id -> pointer); reasons and conflicts keep the id (MKR(id, R_CLAUSE)),
     * coff[id] maps back.  Ids never change, so the deletion order (lbd desc, id asc) and
     * every decision are those of one malloc per clause. */
    int *arena;
    int alen, acap;
    int *coff;            /* per clause id: offset of its first literal, -1 once deleted */
    int *clbd;
    char *cdel;
    int ncls, capcls;
    int confl_kind, confl_a;
    int *rbuf, *lvlseen, lvlstamp;
    ivec learnt, toclear, stack, cand, tmp;
    ivec rl;              /* lit_redundant: the reason literals of the frames on stack */
    int oom;
} lctx;

/* Grow v to hold at least need ints, doubling its capacity (first: the capacity of an
 * empty vector); 0, or -1 out of memory (s->oom set, v unchanged). */
static int reserve(lctx *s, ivec *v, int need, int first)
{
    int cap = v->cap ? v->cap : first;
    while (cap < need)
        cap *= 2;
    int *a = realloc(v->a, sizeof(int) * (size_t)cap);
    if (!a) {
        s->oom = 1;
        return -1;
    }
    v->a = a;
    v->cap = cap;
    return 0;
}

static void ipush_grow(lctx *s, ivec *v, int x)
{
    if (reserve(s, v, v->n + 1, 8) == 0)
        v->a[v->n++] = x;
}

static inline void ipush(lctx *s, ivec *v, int x)
{
    if (v->n == v->cap)
        ipush_grow(s, v, x);
    else
        v->a[v->n++] = x;
}

/* Watch lists hold pairs and start at an even capacity, so one test covers both. */
static void ipush2_grow(lctx *s, ivec *v, int x, int y)
{
    if (reserve(s, v, v->n + 2, 8) == 0) {
        v->a[v->n] = x;
        v->a[v->n + 1] = y;
        v->n += 2;
    }
}

static inline void ipush2(lctx *s, ivec *v, int x, int y)
{
    if (v->cap - v->n < 2) {
        ipush2_grow(s, v, x, y);
    } else {
        v->a[v->n] = x;
        v->a[v->n + 1] = y;
        v->n += 2;
    }
}

/* 1 true, 0 false, negative (-1 or -2) unassigned: val[v] ^ neg needs no branch, and every
 * caller only asks "== 1" or "== 0" / "!= 0". */
static inline int litval(const lctx *s, int l)
{
    return s->val[l >> 1] ^ (l & 1);
}

static void bump(lctx *s, int v)
{
    s->act[v] += s->var_inc;
    if (s->act[v] > 1e100) {
        for (int i = 0; i < s->nv; i++)
            s->act[i] *= 1e-100;
        s->var_inc *= 1e-100;
    }
}

static void ctx_free(lctx *s)
{
    free(s->glits);
    free(s->gstart);
    free(s->occ);
    free(s->nocc);
    free(s->neoc);
    free(s->val);
    free(s->level);
    free(s->reason);
    free(s->trail);
    free(s->trail_lim);
    free(s->tpos);
    free(s->gc);
    free(s->gmask);
    free(s->g0mask);
    free(s->act);
    free(s->seen);
    if (s->watches) {
        for (int l = 0; l < 2 * s->nv; l++)
            free(s->watches[l].a);
        free(s->watches);
    }
    free(s->arena);
    free(s->coff);
    free(s->clbd);
    free(s->cdel);
    free(s->rbuf);
    free(s->lvlseen);
    free(s->learnt.a);
    free(s->toclear.a);
    free(s->stack.a);
    free(s->cand.a);
    free(s->tmp.a);
    free(s->rl.a);
}

/* occ from the groups (fill: a zeroed counter per variable); w = maxocc, a constant for k4 */
HOT void fill_occ(lctx *s, int *fill, const int w)
{
    for (int g = 0; g < s->ng; g++)
        for (int i = s->gstart[g], e = s->gstart[g + 1]; i < e; i++) {
            int v = s->glits[i];
            s->occ[2 * w * v + w + fill[v]] = i - s->gstart[g];
            s->occ[2 * w * v + fill[v]++] = g;
        }
}

/* Open group g at glits[*k] (gap groups, never filled, are empty). */
#define OPEN(g) (s->gstart[(g)] = k)

/* Build groups and arrays from the tables of a geometry; 0 on success, -1 out of memory.
 * Groups, in this order (the order of _learn.learn_tables):
 *   exactly one   0 .. nc-1           cell c: values ascending
 *                 nc + u*n + d        full unit u (< nfull), value d+1: its cells ascending
 *   (a gap)       neo .. ngpad-1      empty, gc 0xffff: the decision scan covers 0..ngpad
 *   at most one   ngpad ..            smaller units u >= nfull, value d (cells ascending);
 *                                     pairs c < p (cell ascending, partner ascending),
 *                                     value d: {c=d, p=d}; weak links c < j (by c, then as
 *                                     listed), value a, excluded b: {c=a, j=b} */
static int ctx_init(lctx *s, const sk_shape *sh)
{
    memset(s, 0, sizeof *s);
    int n = sh->n, nc = n * n, nv = n * nc;
    int neo = nc + sh->nfull * n;
    s->n = n;
    s->ncells = nc;
    s->nv = nv;
    s->neo = neo;
    s->ngpad = (neo + 63) / 64 * 64;
    /* count the at-most-one groups and every group's members */
    long long namo = 0, nlits = (long long)neo * n;
    for (int u = sh->nfull; u < sh->nunits; u++) {
        namo += n;
        nlits += (long long)n * (sh->unit_start[u + 1] - sh->unit_start[u]);
    }
    for (int c = 0; c < nc; c++) {
        for (int k = sh->pair_start[c]; k < sh->pair_start[c + 1]; k++)
            if (sh->pair_cells[k] > c) {
                namo += n;
                nlits += 2LL * n;
            }
        for (int k = sh->link_start[c]; k < sh->link_start[c + 1]; k++)
            if (sh->link_cell[k] > c)
                for (int a = 0; a < n; a++) {
                    int b = __builtin_popcountll(sh->link_masks[(size_t)k * n + a]);
                    namo += b;
                    nlits += 2LL * b;
                }
    }
    if (s->ngpad + namo > 0x7fffffffLL / 16 || nlits > 0x7fffffffLL / 2)
        return -1;
    int ng = s->ngpad + (int)namo;
    s->ng = ng;
    s->glits = malloc(sizeof(int) * (size_t)nlits);
    s->gstart = malloc(sizeof(int) * (size_t)(ng + 1));
    s->val = malloc((size_t)nv);
    s->level = malloc(sizeof(int) * (size_t)nv);
    s->reason = malloc(sizeof(int) * (size_t)nv);
    s->trail = malloc(sizeof(int) * (size_t)nv);
    s->trail_lim = malloc(sizeof(int) * (size_t)(nv + 1));
    s->tpos = malloc(sizeof(int) * (size_t)nv);
    s->gc = malloc(sizeof(uint16_t) * (size_t)ng);
    s->gmask = malloc(sizeof(uint64_t) * (size_t)ng);
    s->g0mask = calloc((size_t)ng, sizeof(uint64_t));
    s->act = malloc(sizeof(double) * (size_t)nv);
    s->seen = calloc((size_t)nv, 1);
    s->watches = calloc((size_t)2 * nv, sizeof(ivec));
    s->rbuf = malloc(sizeof(int) * (size_t)2 * (nv + n));
    s->lvlseen = calloc((size_t)nv + 2, sizeof(int));
    if (!s->glits || !s->gstart || !s->val || !s->level || !s->reason
        || !s->trail || !s->trail_lim || !s->tpos || !s->gc || !s->gmask || !s->g0mask || !s->act
        || !s->seen || !s->watches || !s->rbuf || !s->lvlseen)
        return -1;
    int k = 0, g = 0;
    for (int cell = 0; cell < nc; cell++) {
        OPEN(g++);
        for (int d = 0; d < n; d++)
            s->glits[k++] = cell * n + d;
    }
    for (int u = 0; u < sh->nunits; u++) {
        if (u == sh->nfull)
            for (; g < s->ngpad; g++)
                OPEN(g);
        int cv[SK_MAX_SIZE], m = 0; /* the variables of value 1 in the unit's cells */
        for (int q = sh->unit_start[u]; q < sh->unit_start[u + 1]; q++)
            cv[m++] = sh->unit_cells[q] * n;
        for (int d = 0; d < n; d++) {
            OPEN(g++);
            for (int q = 0; q < m; q++)
                s->glits[k++] = cv[q] + d;
        }
    }
    for (; g < s->ngpad; g++)
        OPEN(g);
    for (int c = 0; c < nc; c++)
        for (int q = sh->pair_start[c]; q < sh->pair_start[c + 1]; q++) {
            int p = sh->pair_cells[q];
            if (p > c)
                for (int d = 0; d < n; d++) {
                    OPEN(g++);
                    s->glits[k++] = c * n + d;
                    s->glits[k++] = p * n + d;
                }
        }
    for (int c = 0; c < nc; c++)
        for (int q = sh->link_start[c]; q < sh->link_start[c + 1]; q++) {
            int j = sh->link_cell[q];
            if (j > c)
                for (int a = 0; a < n; a++)
                    for (uint64_t m = sh->link_masks[(size_t)q * n + a]; m; m &= m - 1) {
                        OPEN(g++);
                        s->glits[k++] = c * n + a;
                        s->glits[k++] = j * n + __builtin_ctzll(m);
                    }
        }
    s->gstart[g] = k;
    /* occurrences, in group order.  k4: only full units, 3 per cell (classic, jigsaw), so
     * every variable is in 4 exactly-one groups; else count them first */
    s->k4 = namo == 0;
    for (int c = 0; c < nc && s->k4; c++)
        s->k4 = sh->cu_start[c + 1] - sh->cu_start[c] == 3;
    int *fill = calloc((size_t)nv, sizeof(int));
    if (!fill)
        return -1;
    if (s->k4) {
        s->maxocc = 4;
    } else {
        s->nocc = calloc((size_t)nv, sizeof(int));
        s->neoc = calloc((size_t)nv, sizeof(int));
        if (!s->nocc || !s->neoc) {
            free(fill);
            return -1;
        }
        for (int gg = 0; gg < ng; gg++)
            for (int i = s->gstart[gg]; i < s->gstart[gg + 1]; i++) {
                int v = s->glits[i];
                s->nocc[v]++;
                if (gg < neo)
                    s->neoc[v]++;
            }
        for (int v = 0; v < nv; v++)
            if (s->nocc[v] > s->maxocc)
                s->maxocc = s->nocc[v];
    }
    s->occ = malloc(sizeof(int) * (size_t)2 * s->maxocc * nv); /* past nocc[v]: never read */
    if (!s->occ) {
        free(fill);
        return -1;
    }
    if (s->k4)
        fill_occ(s, fill, 4);
    else
        fill_occ(s, fill, s->maxocc);
    free(fill);
    for (int v = 0; v < nv; v++) {
        s->val[v] = -1;
        s->level[v] = 0;
        s->reason[v] = R_NONE;
        s->act[v] = 0.0;
    }
    for (int gg = 0; gg < ng; gg++) {
        int size = s->gstart[gg + 1] - s->gstart[gg];
        s->gc[gg] = gg >= neo && gg < s->ngpad ? 0xffff : (uint16_t)size;
        s->gmask[gg] = size == 64 ? ~0ULL : (1ULL << size) - 1;
    }
    s->var_inc = 1.0;
    return 0;
}
#undef OPEN

/* The hot functions take K, the groups per variable: 4 (k4: a constant, so the group loops
 * unroll as in the classic-only kernel) or 0 (read from nocc/neoc).  Each is compiled
 * twice through always_inline; assign, backtrack and propagate pick one by s->k4.
 * (Measured: the classic 9x9/16x16/25x25 times are those of the classic-only kernel.) */
#define OCC_W(s, K) ((K) ? (K) : (s)->maxocc)
#define OCC_N(s, K, v) ((K) ? (K) : (s)->nocc[v])
#define OCC_EO(s, K, v) ((K) ? (K) : (s)->neoc[v])

HOT void assign_k(lctx *s, int v, int value, int rsn, const int K)
{
    s->val[v] = (signed char)value;
    s->level[v] = s->nlevels;
    s->reason[v] = rsn;
    s->tpos[v] = s->ntrail;
    s->trail[s->ntrail++] = v;
    const int w = OCC_W(s, K);
    const int *o = s->occ + 2 * w * v, *oe = o + OCC_N(s, K, v);
    if (value) {
        for (; o < oe; o++)
            s->gc[*o] += 128;
    } else {
        const int *p = o + w;
        for (; o < oe; o++, p++) {
            s->gc[*o]--;
            s->gmask[*o] &= ~(1ULL << *p);
        }
        if (s->nlevels == 0) /* never undone: reasons can skip it at once */
            for (o = s->occ + 2 * w * v, p = o + w; o < oe; o++, p++)
                s->g0mask[*o] |= 1ULL << *p;
    }
}

static inline void assign(lctx *s, int v, int value, int rsn)
{
    if (s->k4)
        assign_k(s, v, value, rsn, 4);
    else
        assign_k(s, v, value, rsn, 0);
}

HOT void backtrack_k(lctx *s, int lvl, const int K)
{
    if (s->nlevels <= lvl)
        return;
    int stop = s->trail_lim[lvl];
    const int w = OCC_W(s, K);
    for (int i = s->ntrail - 1; i >= stop; i--) {
        int v = s->trail[i];
        const int *o = s->occ + 2 * w * v, *oe = o + OCC_N(s, K, v);
        if (s->val[v]) {
            for (; o < oe; o++)
                s->gc[*o] -= 128;
        } else {
            const int *p = o + w;
            for (; o < oe; o++, p++) {
                s->gc[*o]++;
                s->gmask[*o] |= 1ULL << *p;
            }
        }
        s->val[v] = -1; /* reason[v] is left stale: it is only read for assigned variables */
    }
    s->ntrail = stop;
    s->qhead = stop;
    s->nlevels = lvl;
}

static void backtrack(lctx *s, int lvl)
{
    if (s->k4)
        backtrack_k(s, lvl, 4);
    else
        backtrack_k(s, lvl, 0);
}

/* 1 on a conflict (confl_kind, confl_a set).  A true literal: every group of it (exactly
 * one or at most one) loses its other members; a false one: its exactly-one groups only
 * (the first OCC_EO of its groups) may force their last member or run empty. */
HOT int propagate_k(lctx *s, const int K)
{
    const int w = OCC_W(s, K);
    while (s->qhead < s->ntrail) {
        int v = s->trail[s->qhead++];
        int value = s->val[v];
        int falselit = 2 * v + value;
        const int *o = s->occ + 2 * w * v, *oe = o + OCC_N(s, K, v);
        if (value) {
            const int *p = o + w;
            for (; o < oe; o++, p++) {
                int g = *o;
                if (s->gc[g] >= 256) { /* tcnt > 1 */
                    s->confl_kind = R_TGROUP;
                    s->confl_a = g;
                    return 1;
                }
                if ((s->gc[g] & 127) > 1) {
                    int rsn = MKR(2 * v, R_BIN);
                    const int *gl = s->glits + s->gstart[g];
                    /* v is g's only true literal, so its other non-false literals are
                     * all unassigned (each assign below clears only its own bit) */
                    for (uint64_t b = s->gmask[g] & ~(1ULL << *p); b; b &= b - 1)
                        assign_k(s, gl[__builtin_ctzll(b)], 0, rsn, K);
                }
            }
        } else {
            for (oe = o + OCC_EO(s, K, v); o < oe; o++) {
                int g = *o;
                if ((s->gc[g] & 127) == 0) {
                    s->confl_kind = R_GROUP;
                    s->confl_a = g;
                    return 1;
                }
                if (s->gc[g] == 1) { /* cnt 1, tcnt 0 */
                    int m = s->glits[s->gstart[g] + __builtin_ctzll(s->gmask[g])];
                    if (s->val[m] < 0)
                        assign_k(s, m, 1, MKR(g, R_GROUP), K);
                }
            }
        }
        /* watches of falselit */
        ivec *ws = &s->watches[falselit];
        int i = 0, j = 0, nw = ws->n;
        int *wa = ws->a;
        int *arena = s->arena;
        while (i < nw) {
            int cid = wa[i], blk = wa[i + 1]; /* cid: the clause's offset in the arena */
            i += 2;
            if (litval(s, blk) == 1) {
                wa[j++] = cid;
                wa[j++] = blk;
                continue;
            }
            int *c = arena + cid;
            int sz = c[-1];
            if (c[0] == falselit) {
                c[0] = c[1];
                c[1] = falselit;
            }
            int first = c[0];
            if (first != blk && litval(s, first) == 1) {
                wa[j++] = cid;
                wa[j++] = first;
                continue;
            }
            int found = 0;
            for (int k = 2; k < sz; k++) {
                if (litval(s, c[k]) != 0) {
                    c[1] = c[k];
                    c[k] = falselit;
                    ipush2(s, &s->watches[c[1]], cid, first);
                    found = 1;
                    break;
                }
            }
            if (found)
                continue;
            wa[j++] = cid;
            wa[j++] = first;
            if (litval(s, first) == 0) {
                while (i < nw)
                    wa[j++] = wa[i++];
                ws->n = j;
                s->confl_kind = R_CLAUSE;
                s->confl_a = c[-2];
                return 1;
            }
            assign_k(s, first >> 1, !(first & 1), MKR(c[-2], R_CLAUSE), K);
        }
        ws->n = j;
    }
    return 0;
}

static int propagate4(lctx *s) { return propagate_k(s, 4); }
static int propagate_any(lctx *s) { return propagate_k(s, 0); }

static inline int propagate(lctx *s)
{
    return s->k4 ? propagate4(s) : propagate_any(s);
}

/* The literals (false ones) of a reason or conflict, without variable skip (-1: none). */
static int reason_lits(lctx *s, int rsn, int skip, int *out)
{
    int k = rsn & 7, x = rsn >> 3, n = 0;
    if (k == R_CLAUSE) {
        const int *c = s->arena + s->coff[x];
        for (int i = 0, sz = c[-1]; i < sz; i++)
            if ((c[i] >> 1) != skip)
                out[n++] = c[i];
    } else if (k == R_GROUP) {
        /* the false literals assigned before skip's; those of level 0 are left out, as
         * every caller ignores them */
        int lim = skip >= 0 ? s->tpos[skip] : s->nv;
        const int *gl = s->glits + s->gstart[x];
        uint64_t full = s->n == 64 ? ~0ULL : (1ULL << s->n) - 1;
        for (uint64_t b = ~(s->gmask[x] | s->g0mask[x]) & full; b; b &= b - 1) {
            int m = gl[__builtin_ctzll(b)];
            if (s->tpos[m] < lim)
                out[n++] = 2 * m;
        }
    } else if (k == R_TGROUP) {
        for (int i = s->gstart[x]; i < s->gstart[x + 1]; i++) {
            int m = s->glits[i];
            if (s->val[m] == 1)
                out[n++] = 2 * m + 1;
        }
    } else if (k == R_BIN) {
        out[n++] = x ^ 1;
    }
    return n;
}

static inline unsigned abstract_level(const lctx *s, int v) { return 1u << (s->level[v] & 31); }

/* Push a frame for variable v on stack: (v, next, end, start) over its reason literals,
 * appended to rl.  -1 out of memory. */

static inline int push_frame(lctx *s, int v)
{
    ivec *rl = &s->rl, *st = &s->stack;
    int need = rl->n + s->nv + s->n; /* the longest reason: a clause, at most nv literals */
    if (rl->cap < need && reserve(s, rl, need, 1024) < 0)
        return -1;
    if (st->cap < st->n + 4 && reserve(s, st, st->n + 4, 1024) < 0)
        return -1;
    int start = rl->n;
    rl->n += reason_lits(s, s->reason[v], v, rl->a + start);
    int *f = st->a + st->n;
    f[0] = v;
    f[1] = start;
    f[2] = rl->n;
    f[3] = start;
    st->n += 4;
    return 0;
}

/* Is learnt literal p implied by the other seen literals?  Yes when every path back from p
 * through the reasons of unseen variables of level > 0 ends at seen (or level-0) ones
 * without meeting one that is a decision or of a level outside abst.  The answer does not
 * depend on the order of the search, so this is a depth-first search (the harness and
 * _learn.LearnContext.lit_redundant use a stack of literals) that also remembers, until
 * analyze clears seen:
 *   seen 1  the variables whose whole cone it explored: redundant, also after a failure
 *           (they only ever stop later searches early, which changes no answer);
 *   seen 2  the variables on the path to a failure: never removable in this analysis, as
 *           the failing variable never becomes seen, so later searches stop at once.
 * Every variable it marks goes on toclear. */
static int lit_redundant(lctx *s, int p, unsigned abst)
{
    ivec *st = &s->stack;
    st->n = 0;
    s->rl.n = 0;
    if (push_frame(s, p >> 1) < 0)
        return 0;
    while (st->n > 0) {
        int *f = st->a + st->n - 4; /* variable, next, end, start */
        if (f[1] == f[2]) {
            s->rl.n = f[3];
            st->n -= 4;
            continue;
        }
        int l = s->rl.a[f[1]++], u = l >> 1;
        if (s->seen[u] == 1 || s->level[u] == 0)
            continue;
        if (s->seen[u] == 0 && s->reason[u] != R_NONE && (abstract_level(s, u) & abst)) {
            s->seen[u] = 1;
            ipush(s, &s->toclear, l);
            if (push_frame(s, u) < 0)
                return 0;
            continue;
        }
        for (int k = 4; k < st->n; k += 4) /* the path, not p itself (a clause literal) */
            s->seen[st->a[k]] = 2;
        return 0;
    }
    return 1;
}

/* 1UIP: fills learnt (learnt.a[0] asserting, learnt.a[1] of the backtrack level), returns
 * the backtrack level and *lbd_out. */
static int analyze(lctx *s, int *lbd_out)
{
    s->learnt.n = 0;
    ipush(s, &s->learnt, -1);
    int pathc = 0, p = -1, index = s->ntrail - 1;
    int *buf = s->rbuf;
    int n = reason_lits(s, MKR(s->confl_a, s->confl_kind), -1, buf);
    for (;;) {
        for (int i = 0; i < n; i++) {
            int q = buf[i], u = q >> 1;
            if (!s->seen[u] && s->level[u] > 0) {
                s->seen[u] = 1;
                bump(s, u);
                if (s->level[u] >= s->nlevels)
                    pathc++;
                else
                    ipush(s, &s->learnt, q);
            }
        }
        while (!s->seen[s->trail[index]])
            index--;
        p = s->trail[index];
        index--;
        s->seen[p] = 0;
        pathc--;
        if (pathc == 0)
            break;
        n = reason_lits(s, s->reason[p], p, buf);
    }
    s->learnt.a[0] = s->val[p] == 1 ? 2 * p + 1 : 2 * p;
    /* minimise */
    s->toclear.n = 0;
    for (int i = 1; i < s->learnt.n; i++)
        ipush(s, &s->toclear, s->learnt.a[i]);
    unsigned abst = 0;
    for (int i = 1; i < s->learnt.n; i++)
        abst |= abstract_level(s, s->learnt.a[i] >> 1);
    int j = 1;
    for (int i = 1; i < s->learnt.n; i++) {
        int l = s->learnt.a[i];
        if (s->reason[l >> 1] == R_NONE || !lit_redundant(s, l, abst))
            s->learnt.a[j++] = l;
    }
    s->learnt.n = j;
    for (int i = 0; i < s->toclear.n; i++)
        s->seen[s->toclear.a[i] >> 1] = 0;
    int bl = 0;
    if (s->learnt.n > 1) {
        int mi = 1;
        for (int i = 2; i < s->learnt.n; i++)
            if (s->level[s->learnt.a[i] >> 1] > s->level[s->learnt.a[mi] >> 1])
                mi = i;
        int t = s->learnt.a[1];
        s->learnt.a[1] = s->learnt.a[mi];
        s->learnt.a[mi] = t;
        bl = s->level[s->learnt.a[1] >> 1];
    }
    s->lvlstamp++;
    int lbd = 0;
    for (int i = 0; i < s->learnt.n; i++) {
        int lv = s->level[s->learnt.a[i] >> 1];
        if (s->lvlseen[lv] != s->lvlstamp) {
            s->lvlseen[lv] = s->lvlstamp;
            lbd++;
        }
    }
    *lbd_out = lbd;
    return bl;
}

/* Add a clause (n >= 2, lits[0] and lits[1] watched); its id, or -1 out of memory. */
static int add_clause(lctx *s, const int *lits, int n, int lbd)
{
    if (s->ncls == s->capcls) {
        int cap = s->capcls ? 2 * s->capcls : 1024;
        int *coff = realloc(s->coff, sizeof(int) * (size_t)cap);
        if (!coff)
            return -1;
        s->coff = coff;
        int *clbd = realloc(s->clbd, sizeof(int) * (size_t)cap);
        if (!clbd)
            return -1;
        s->clbd = clbd;
        char *cdel = realloc(s->cdel, (size_t)cap);
        if (!cdel)
            return -1;
        s->cdel = cdel;
        s->capcls = cap;
    }
    if (n + 2 > s->acap - s->alen) {
        if ((long long)s->alen + n + 2 > 0x7fffffffLL / 2)
            return -1;
        int cap = s->acap ? s->acap : 4096;
        while (cap - s->alen < n + 2)
            cap *= 2;
        int *a = realloc(s->arena, sizeof(int) * (size_t)cap);
        if (!a)
            return -1;
        s->arena = a;
        s->acap = cap;
    }
    int id = s->ncls++;
    int *c = s->arena + s->alen; /* the id, the size, then the literals */
    c[0] = id;
    c[1] = n;
    memcpy(c + 2, lits, sizeof(int) * (size_t)n);
    int off = s->alen + 2;
    s->alen += n + 2;
    s->coff[id] = off;
    s->clbd[id] = lbd;
    s->cdel[id] = 0;
    ipush2(s, &s->watches[lits[0]], off, lits[1]);
    ipush2(s, &s->watches[lits[1]], off, lits[0]);
    return s->oom ? -1 : id;
}

/* merge sort of clause ids by (lbd descending, id ascending): a total order, like the
 * harness's qsort with cmp_red, without shared state */
static void sort_cand(const int *clbd, int *a, int *tmp, int n)
{
    if (n < 2)
        return;
    int h = n / 2;
    sort_cand(clbd, a, tmp, h);
    sort_cand(clbd, a + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int x = a[i], y = a[j];
        int y_first = clbd[y] > clbd[x] || (clbd[y] == clbd[x] && y < x);
        tmp[k++] = y_first ? a[j++] : a[i++];
    }
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
}

static void reduce_db(lctx *s)
{
    s->cand.n = 0;
    for (int i = 0; i < s->ncls; i++) {
        if (s->cdel[i] || s->clbd[i] <= 2 || s->arena[s->coff[i] - 1] <= 2)
            continue;
        int v0 = s->arena[s->coff[i]] >> 1;
        if (s->val[v0] >= 0 && s->reason[v0] == MKR(i, R_CLAUSE))
            continue;
        ipush(s, &s->cand, i);
    }
    if (s->oom)
        return;
    s->tmp.n = 0;
    for (int i = 0; i < s->cand.n; i++)
        ipush(s, &s->tmp, 0);
    if (s->oom)
        return;
    sort_cand(s->clbd, s->cand.a, s->tmp.a, s->cand.n);
    for (int i = 0; i < s->cand.n / 2; i++)
        s->cdel[s->cand.a[i]] = 1;
    /* drop the watches of deleted clauses (the order of the others is kept), so that
     * propagation never meets one; the kept ones hold the clause id for now */
    int *arena = s->arena;
    for (int l = 0; l < 2 * s->nv; l++) {
        ivec *ws = &s->watches[l];
        int j = 0;
        for (int i = 0; i < ws->n; i += 2) {
            int id = arena[ws->a[i] - 2];
            if (!s->cdel[id]) {
                ws->a[j++] = id;
                ws->a[j++] = ws->a[i + 1];
            }
        }
        ws->n = j;
    }
    /* compact the arena in id order, then turn the watches' ids back into offsets */
    int w = 0;
    for (int id = 0; id < s->ncls; id++) {
        int off = s->coff[id];
        if (off < 0)
            continue;
        if (s->cdel[id]) {
            s->coff[id] = -1;
            continue;
        }
        int sz = arena[off - 1];
        memmove(arena + w, arena + off - 2, sizeof(int) * (size_t)(sz + 2));
        s->coff[id] = w + 2;
        w += sz + 2;
    }
    s->alen = w;
    for (int l = 0; l < 2 * s->nv; l++) {
        ivec *ws = &s->watches[l];
        for (int i = 0; i < ws->n; i += 2)
            ws->a[i] = s->coff[ws->a[i]];
    }
}

/* The decision literal (positive), or -1 when every group has a true literal. */
static int pick_group_lit(lctx *s)
{
    /* pass 1: the fewest non-false literals (>= 2) of a group with no true literal, i.e.
     * the least gc in 2..64; as unsigned 16-bit words gc - 2 puts 0, 1 and every group
     * with a true literal (gc >= 128) above 62 */
    const uint16_t *gc = s->gc;
    int ngp = s->ngpad;
    unsigned low;
#ifdef __SSE2__
    {
        /* unsigned minimum through the signed one: flip the top bit */
        const __m128i two = _mm_set1_epi16(2), top = _mm_set1_epi16((short)0x8000);
        __m128i m = _mm_set1_epi16(0x7fff);
        for (int g = 0; g < ngp; g += 8) {
            __m128i x = _mm_loadu_si128((const __m128i *)(gc + g));
            m = _mm_min_epi16(m, _mm_xor_si128(_mm_sub_epi16(x, two), top));
        }
        m = _mm_min_epi16(m, _mm_srli_si128(m, 8));
        m = _mm_min_epi16(m, _mm_srli_si128(m, 4));
        m = _mm_min_epi16(m, _mm_srli_si128(m, 2));
        low = ((unsigned)_mm_cvtsi128_si32(m) ^ 0x8000u) & 0xffffu;
    }
#else
    low = 0xffff;
    for (int g = 0; g < ngp; g++) {
        unsigned k = (uint16_t)(gc[g] - 2);
        low = k < low ? k : low;
    }
#endif
    if (low > 62)
        return -1;
    uint16_t best = (uint16_t)(low + 2);
    /* pass 2: those groups in index order, their unassigned literals in group order; the
     * strictly highest activity wins */
    int bestlit = -1;
    double bestact = -1;
    for (int base = 0; base < ngp; base += 64) {
        uint64_t hit = 0;
#ifdef __SSE2__
        const __m128i bb = _mm_set1_epi16((short)best);
        for (int j = 0; j < 64; j += 16) {
            __m128i x0 = _mm_loadu_si128((const __m128i *)(gc + base + j));
            __m128i x1 = _mm_loadu_si128((const __m128i *)(gc + base + j + 8));
            __m128i e = _mm_packs_epi16(_mm_cmpeq_epi16(x0, bb), _mm_cmpeq_epi16(x1, bb));
            hit |= (uint64_t)(unsigned)_mm_movemask_epi8(e) << j;
        }
#else
        for (int j = 0; j < 64; j++)
            hit |= (uint64_t)(gc[base + j] == best) << j;
#endif
        for (; hit; hit &= hit - 1) {
            int g = base + __builtin_ctzll(hit);
            const int *gl = s->glits + s->gstart[g];
            for (uint64_t b = s->gmask[g]; b; b &= b - 1) {
                int m = gl[__builtin_ctzll(b)];
                if (s->val[m] < 0 && s->act[m] > bestact) {
                    bestact = s->act[m];
                    bestlit = 2 * m;
                }
            }
        }
    }
    return bestlit;
}

/* A search that can be paused at a decision and resumed (the 'auto' turns keep it). */
struct sk_learn_run {
    lctx s;
    int ncells;
    uint8_t *first;          /* the first solution, once found */
    long long count;         /* solutions found so far */
    uint64_t decisions;
    long long conflicts, since_reduce, next_reduce;
    double lbd_fast, lbd_slow;
    int lbd_fast_n;
    int done;                /* the search space is exhausted (or the givens clash) */
    int pending_block;       /* paused right after a solution, before its blocking clause */
};

sk_learn_run *sk_learn_start(const sk_shape *sh, const uint8_t *values)
{
    sk_learn_run *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (ctx_init(&r->s, sh) < 0) {
        ctx_free(&r->s);
        free(r);
        return NULL;
    }
    r->ncells = sh->ncells;
    r->next_reduce = REDUCE_FIRST;
    lctx *s = &r->s;
    int n = s->n, nc = s->ncells;
    for (int cell = 0; cell < nc && !r->done; cell++) {
        if (values[cell]) {
            int v = cell * n + values[cell] - 1;
            if (s->val[v] == 0) {
                r->done = 1;
                break;
            }
            if (s->val[v] < 0)
                assign(s, v, 1, R_NONE);
            if (propagate(s))
                r->done = 1;
        }
    }
    if (!r->done && n == 1 && s->val[0] < 0)
        assign(s, 0, 1, R_NONE);
    if (!r->done && propagate(s))
        r->done = 1;
    return r;
}

void sk_learn_end(sk_learn_run *r)
{
    if (!r)
        return;
    ctx_free(&r->s);
    free(r->first);
    free(r);
}

/* Add the blocking clause of the solution on the trail and go on; 0 when the search is over
 * (no decision to negate), -1 out of memory. */
static int block_solution(sk_learn_run *r)
{
    lctx *s = &r->s;
    if (s->nlevels == 0)
        return 0;
    /* blocking clause: not all the decisions, the latest first */
    s->tmp.n = 0;
    for (int lv = s->nlevels; lv >= 1; lv--)
        ipush(s, &s->tmp, 2 * s->trail[s->trail_lim[lv - 1]] + 1);
    if (s->oom)
        return -1;
    int nb = s->tmp.n;
    backtrack(s, s->nlevels - 1);
    int b0 = s->tmp.a[0];
    if (nb == 1) {
        assign(s, b0 >> 1, 0, R_NONE);
    } else {
        int id = add_clause(s, s->tmp.a, nb, 0);
        if (id < 0)
            return -1;
        assign(s, b0 >> 1, 0, MKR(id, R_CLAUSE));
    }
    return 1;
}

long long sk_learn_resume(sk_learn_run *r, long long limit, uint64_t more, uint8_t *solution,
                          uint64_t *nodes, int *stopped, sk_poll *poll)
{
    lctx *s = &r->s;
    int n = s->n, nc = s->ncells;
    uint64_t budget_end = more ? r->decisions + more : 0;
    *stopped = 0;
    if (r->pending_block && !r->done && !(limit > 0 && r->count >= limit)) {
        r->pending_block = 0;
        int b = block_solution(r);
        if (b < 0)
            return -1;
        if (b == 0)
            r->done = 1;
    }
    uint64_t steps = 0;   /* loop turns (a conflict, a decision or a solution each) */
    while (!r->done && !(limit > 0 && r->count >= limit)) {
        if (s->oom)
            return -1;
        /* the top of the loop is a clean pause: resuming re-enters here.  A turn costs
         * microseconds on 9x9 and up to ~100 us on 25x25 grids: poll 64x as often as the
         * node kernels */
        if (sk_poll_stop(poll, ++steps << 6)) {
            *nodes = r->decisions;
            return SK_INTERRUPTED;
        }
        if (propagate(s)) {
            r->conflicts++;
            r->since_reduce++;
            if (s->nlevels == 0) {
                r->done = 1;
                break;
            }
            int lbd;
            int bl = analyze(s, &lbd);
            if (s->oom)
                return -1;
            backtrack(s, bl);
            int l0 = s->learnt.a[0];
            if (s->learnt.n == 1) {
                assign(s, l0 >> 1, !(l0 & 1), R_NONE);
            } else {
                int id = add_clause(s, s->learnt.a, s->learnt.n, lbd);
                if (id < 0)
                    return -1;
                assign(s, l0 >> 1, !(l0 & 1), MKR(id, R_CLAUSE));
            }
            s->var_inc /= DECAY;
            long long c = r->conflicts;
            r->lbd_slow += (lbd - r->lbd_slow) / (double)(c < 10000 ? c : 10000);
            r->lbd_fast_n++;
            r->lbd_fast += (lbd - r->lbd_fast) / (double)(r->lbd_fast_n < 50 ? r->lbd_fast_n : 50);
            continue;
        }
        if (r->lbd_fast_n >= 50 && r->lbd_fast * 0.8 > r->lbd_slow) {
            r->lbd_fast_n = 0;
            r->lbd_fast = 0;
            backtrack(s, 0);
        }
        if (r->since_reduce >= r->next_reduce) {
            r->since_reduce = 0;
            r->next_reduce += REDUCE_INC;
            reduce_db(s);
            if (s->oom)
                return -1;
        }
        /* A pause (budget spent) comes here, after the restart and reduction checks and the
         * choice: both checks are false on resuming and the choice is the same again. */
        int dl = pick_group_lit(s);
        if (dl >= 0) {
            if (budget_end && r->decisions >= budget_end) {
                *stopped = 1;
                break;
            }
            r->decisions++;
            s->trail_lim[s->nlevels++] = s->ntrail;
            assign(s, dl >> 1, 1, R_NONE);
            continue;
        }
        /* every group holds a true literal: a solution */
        r->count++;
        if (r->count == 1) {
            r->first = malloc((size_t)nc);
            if (!r->first)
                return -1;
            for (int cell = 0; cell < nc; cell++) {
                int x = 0;
                for (int d = 0; d < n; d++)
                    if (s->val[cell * n + d] == 1)
                        x = d + 1;
                r->first[cell] = (uint8_t)x;
            }
        }
        if (limit > 0 && r->count >= limit) {
            r->pending_block = 1;
            break;
        }
        int b = block_solution(r);
        if (b < 0)
            return -1;
        if (b == 0)
            r->done = 1;
    }
    *nodes = r->decisions;
    if (r->count > 0 && solution)
        memcpy(solution, r->first, (size_t)nc);
    return r->count;
}

long long sk_learn(const sk_shape *sh, const uint8_t *values, long long limit,
                   uint64_t node_limit, uint8_t *solution, uint64_t *nodes, int *stopped,
                   sk_poll *poll)
{
    *nodes = 0;
    *stopped = 0;
    sk_learn_run *r = sk_learn_start(sh, values);
    if (!r)
        return -1;
    long long count = sk_learn_resume(r, limit, node_limit, solution, nodes, stopped, poll);
    sk_learn_end(r);
    return count;
}
