/* solve/learn.c -- the "learn" kernel: a conflict-driven clause-learning (CDCL) Sudoku solver.
 *
 * The C twin of _learn.learn (the specification: same decisions, same nodes, same first
 * solution, same count); _learn.py mirrors it function by function.  Ported from the
 * research harness cdcl25.c (docs/25x25-findings.md; in git history) with its best settings
 * (-H1, VSIDS decay 0.99, reduction 2000 + 300k; its glucose restarts dropped in session 6),
 * generalised to every geometry (geometry.py; the tables of solve/kernels.h's sk_shape).
 * Files: solve/learn.h holds the state of one search (lctx), solve/learn_groups.c builds its
 * groups from the geometry, solve/learn_clauses.c analyses conflicts and keeps the clauses;
 * this file is the search.
 *
 *   variables   x(cell, d) = "cell holds d+1", var = cell*N + d; literal = 2*var + neg
 *   groups      groups of positive literals, at most one of them true (sk_learn_ctx_init
 *               in solve/learn_groups.c has the order, the same as _learn.learn_tables):
 *               exactly-one groups -- every cell (values ascending), every full unit u
 *               then value d (cells ascending) --, then at-most-one groups -- every
 *               smaller unit then d, every pair then d (two members), every weak link
 *               "c = a excludes j = b" (two members).
 *               Classic: the units are rows, cols, boxes, so these are the cell, row, col
 *               and box groups of the classic-only kernel, in its order (same decisions).
 *               Rules over many cells (sk_shape's rule_*, _propagators.learn_rules): aux
 *               variables from N^3, their exactly-one groups after the full units', their
 *               clauses first in the database (LBD 0, never deleted) and variables false
 *               before the givens.  A group of more than 64 members is "big" (solve/learn.h):
 *               its own counters, read only on the K = 0 path when there is one.
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
 *   restart     never (2026-12-02, issue #32): one search from the first decision to the
 *               answer.  Glucose restarts (lbd_fast (window 50) * 0.8 > lbd_slow (window
 *               10000) -> backtrack to level 0) cost 1.35x the conflicts on the 18 minimal
 *               25x25 puzzles and 1.11x on 14 shuffled copies of the hardest seven
 *               (docs/25x25-findings.md, session 6); on the 9x9 and 16x16 sets of
 *               benchmarks/bench.py no glucose restart ever fired.
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

#include "solve/learn.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define DECAY 0.99
#define REDUCE_FIRST 2000
#define REDUCE_INC 300

/* 1 true, 0 false, negative (-1 or -2) unassigned: val[v] ^ neg needs no branch, and every
 * caller only asks "== 1" or "== 0" / "!= 0". */
static inline int litval(const lctx *s, int l)
{
    return s->val[l >> 1] ^ (l & 1);
}

/* The hot functions take K, the groups per variable: 4 (k4: a constant, so the group loops
 * unroll as in the classic-only kernel) or 0 (read from nocc/neoc).  Each is compiled
 * twice through always_inline; assign, backtrack and propagate pick one by s->k4.
 * (Measured: the classic 9x9/16x16/25x25 times are those of the classic-only kernel.) */
#define OCC_W(s, K) ((K) ? (K) : (s)->maxocc)
#define OCC_N(s, K, v) ((K) ? (K) : (s)->nocc[v])
#define OCC_EO(s, K, v) ((K) ? (K) : (s)->neoc[v])

/* The big group of v (solve/learn.h), or -1; only asked when s->nbig. */
static inline int big_of(const lctx *s, int v)
{
    return v >= s->nv0 ? s->bigof[v - s->nv0] : -1;
}

HOT void assign_k(lctx *s, int v, int value, int rsn, const int K)
{
    s->val[v] = (signed char)value;
    s->level[v] = s->nlevels;
    s->reason[v] = rsn;
    s->tpos[v] = s->ntrail;
    s->trail[s->ntrail++] = v;
    if (!K && s->nbig) {
        int b = big_of(s, v);
        if (b >= 0) {
            if (value)
                s->btcnt[b]++;
            else
                s->bcnt[b]--;
            return;   /* (no other group) */
        }
    }
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

static void assign_any(lctx *s, int v, int value, int rsn)
{
    assign_k(s, v, value, rsn, 0);
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
        if (!K && s->nbig) {
            int b = big_of(s, v);
            if (b >= 0) {
                if (s->val[v])
                    s->btcnt[b]--;
                else
                    s->bcnt[b]++;
                s->val[v] = -1;
                continue;
            }
        }
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

static void assign_any(lctx *s, int v, int value, int rsn);

/* The group rules of _learn.LearnContext.propagate on v's big group, if it has one (then it
 * has no other group): 1 on a conflict. */
static int big_propagate(lctx *s, int v, int value)
{
    int b = big_of(s, v);
    if (b < 0)
        return 0;
    int g = s->bigg[b];
    if (value) {
        if (s->btcnt[b] > 1) {
            s->confl_kind = R_TGROUP;
            s->confl_a = g;
            return 1;
        }
        if (s->bcnt[b] > 1)
            for (int i = s->gstart[g]; i < s->gstart[g + 1]; i++)
                if (s->val[s->glits[i]] < 0)
                    assign_any(s, s->glits[i], 0, MKR(2 * v, R_BIN));
    } else {
        if (s->bcnt[b] < 1) {
            s->confl_kind = R_GROUP;
            s->confl_a = g;
            return 1;
        }
        if (s->bcnt[b] == 1 && s->btcnt[b] < 1)
            for (int i = s->gstart[g]; i < s->gstart[g + 1]; i++)
                if (s->val[s->glits[i]] < 0) {
                    assign_any(s, s->glits[i], 1, MKR(g, R_GROUP));
                    break;
                }
    }
    return 0;
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
        if (!K && s->nbig && big_propagate(s, v, value))
            return 1;
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
    /* the big groups (solve/learn.h) count too: their least count without a true member */
    int bigbest = 0x7fffffff;
    for (int b = 0; b < s->nbig; b++)
        if (!s->btcnt[b] && s->bcnt[b] >= 2 && s->bcnt[b] < bigbest)
            bigbest = s->bcnt[b];
    int smallbest = low <= 62 ? (int)low + 2 : 0x7fffffff;
    int wanted = smallbest < bigbest ? smallbest : bigbest;
    if (wanted == 0x7fffffff)
        return -1;
    /* best: what the small groups' gc must equal (0xfffe: none is ever; gc <= 64 + 128*64,
     * or 0xffff for the gap and the big groups) */
    uint16_t best = smallbest == wanted ? (uint16_t)smallbest : 0xfffe;
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
        if (s->nbig)
            for (int b = 0; b < s->nbig; b++)
                if (s->bigg[b] >= base && s->bigg[b] < base + 64 && !s->btcnt[b]
                    && s->bcnt[b] == wanted)
                    hit |= 1ULL << (s->bigg[b] - base);
        for (; hit; hit &= hit - 1) {
            int g = base + __builtin_ctzll(hit);
            const int *gl = s->glits + s->gstart[g];
            if (s->nbig && s->gstart[g + 1] - s->gstart[g] > BIG_GROUP) {
                for (int i = 0, e = s->gstart[g + 1] - s->gstart[g]; i < e; i++) {
                    int m = gl[i];
                    if (s->val[m] < 0 && s->act[m] > bestact) {
                        bestact = s->act[m];
                        bestlit = 2 * m;
                    }
                }
                continue;
            }
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
    int done;                /* the search space is exhausted (or the givens clash) */
    int pending_block;       /* paused right after a solution, before its blocking clause */
};

sk_learn_run *sk_learn_start(const sk_shape *sh, const uint8_t *values)
{
    sk_learn_run *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (sk_learn_ctx_init(&r->s, sh) < 0) {
        sk_learn_ctx_free(&r->s);
        free(r);
        return NULL;
    }
    r->ncells = sh->ncells;
    r->next_reduce = REDUCE_FIRST;
    lctx *s = &r->s;
    int n = s->n, nc = s->ncells;
    for (int i = 0; i < sh->rule_nfalse; i++) {   /* values the rules over many cells rule out */
        int v = sh->rule_false[i];
        if (s->val[v] < 0)
            assign(s, v, 0, R_NONE);
    }
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
    sk_learn_ctx_free(&r->s);
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
        int id = sk_learn_add_clause(s, s->tmp.a, nb, 0);
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
            int bl = sk_learn_analyze(s, &lbd);
            if (s->oom)
                return -1;
            backtrack(s, bl);
            int l0 = s->learnt.a[0];
            if (s->learnt.n == 1) {
                assign(s, l0 >> 1, !(l0 & 1), R_NONE);
            } else {
                int id = sk_learn_add_clause(s, s->learnt.a, s->learnt.n, lbd);
                if (id < 0)
                    return -1;
                assign(s, l0 >> 1, !(l0 & 1), MKR(id, R_CLAUSE));
            }
            s->var_inc /= DECAY;
            continue;
        }
        if (r->since_reduce >= r->next_reduce) {
            r->since_reduce = 0;
            r->next_reduce += REDUCE_INC;
            sk_learn_reduce_db(s);
            if (s->oom)
                return -1;
        }
        /* A pause (budget spent) comes here, after the reduction check and the choice: the
         * check is false on resuming and the choice is the same again. */
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

int sk_learn_last(const sk_learn_run *r, uint8_t *solution)
{
    const lctx *s = &r->s;
    int n = s->n, nc = s->ncells;
    if (!r->pending_block)
        return 0;
    for (int cell = 0; cell < nc; cell++) {
        int x = 0;
        for (int d = 0; d < n; d++)
            if (s->val[cell * n + d] == 1)
                x = d + 1;
        solution[cell] = (uint8_t)x;
    }
    return 1;
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
