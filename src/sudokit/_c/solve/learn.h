/* solve/learn.h -- the state of the learn kernel (lctx), private to its three files:
 *
 *   solve/learn.c          the search: assign, backtrack, propagate, decide, the resumable run
 *   solve/learn_groups.c   one search's groups and arrays, built from a geometry's tables
 *   solve/learn_clauses.c  conflict analysis (1UIP, minimisation) and the clause database
 *
 * The variables, literals, groups and the algorithm are described at the top of solve/learn.c;
 * the struct below is the whole state of one search.  Functions that cross files are
 * global symbols of the extension and carry the prefix sk_learn_; _learn.py's table of
 * twins names them without it (ctx_init, ctx_free, analyze, add_clause, reduce_db).
 */
#ifndef SUDOKIT_LEARN_H
#define SUDOKIT_LEARN_H

#include <stdlib.h>

#include "solve/kernels.h"

#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* reason codes: reason[v] = MKR(x, kind), x a clause id, a group or a literal (R_BIN) */
#define R_NONE 0
#define R_CLAUSE 1
#define R_GROUP 2
#define R_BIN 3
#define R_TGROUP 4
#define MKR(x, k) (((x) << 3) | (k))

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
    /* The rules over many cells (sk_shape's rule_*): variables nv0 .. nv-1 are their aux
     * variables, each in one exactly-one group of aux variables only.  A group of more than
     * 64 members ("big": a long automaton layer, many cage sets) has no gc/gmask (its gc
     * stays 0xffff, never a count, like the gap) and no occ entries: its counters are
     * bcnt/btcnt[b] for big group b = bigof[v - nv0] of its variables (-1: not big), read
     * only when nbig > 0 (the K = 0 instantiation; classic and pairwise grids never). */
    int nv0, nbig;
    int *bigof, *bigg, *bcnt, *btcnt;
} lctx;

#define BIG_GROUP 64  /* groups with more members are big */

/* Growing vectors (static inline: every file that pushes gets its own copy, as when the
 * kernel was one file and the compiler inlined them). */
/* Grow v to hold at least need ints, doubling its capacity (first: the capacity of an
 * empty vector); 0, or -1 out of memory (s->oom set, v unchanged). */
static inline int reserve(lctx *s, ivec *v, int need, int first)
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

static inline void ipush_grow(lctx *s, ivec *v, int x)
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
static inline void ipush2_grow(lctx *s, ivec *v, int x, int y)
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

/* solve/learn_groups.c: build the groups and arrays of a geometry (0, or -1 out of memory; free
 * with sk_learn_ctx_free even then), and free them. */
int sk_learn_ctx_init(lctx *s, const sk_shape *sh);
void sk_learn_ctx_free(lctx *s);

/* solve/learn_clauses.c: the learnt clause of the conflict in confl_kind/confl_a (returns the
 * backtrack level), storing a clause (its id, or -1 out of memory), halving the database. */
int sk_learn_analyze(lctx *s, int *lbd_out);
int sk_learn_add_clause(lctx *s, const int *lits, int n, int lbd);
void sk_learn_reduce_db(lctx *s);

#endif /* SUDOKIT_LEARN_H */
