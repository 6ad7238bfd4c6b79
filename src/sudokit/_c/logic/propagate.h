/* logic/propagate.h -- the dynamic branches (the twin of sudokit/logic/core/propagate.py):
 * types shared by logic/propagate.c (propagation,
 * verdicts), logic/propagate_record.c (Nishio, the first contradiction, recorded branches
 * and their proofs) and their binding bind/logic_dynamic.c.  See logic/propagate.c for
 * the representation.
 *
 *   lits_t     a literal set: bit x for literal x = b * nc + cell, LW words
 *   rec_t      a recorded branch: per sequence number the literal (| 0x8000 when on), the
 *              reason R_* and its argument; the contradiction (ck, c1, c2)
 *   branch_t   one branch under way; verdict_t its end (contra, on, off)
 *   dyn_t      one state's context: its full units' tables, the base branch, the memo
 */
#ifndef SUDOKIT_LOGIC_PROPAGATE_H
#define SUDOKIT_LOGIC_PROPAGATE_H

#include "logic/board.h"

#define LC_MAXF 64                     /* full units */
#define LC_MAXL (LC_MAXN * LC_MAXC)    /* literals */
#define LW ((LC_MAXL + 63) / 64)

typedef struct {
    uint64_t w[LW];
} lits_t;

static inline int lhas(const lits_t *s, int x) { return (int)(s->w[x >> 6] >> (x & 63) & 1); }
static inline void ladd(lits_t *s, int x) { s->w[x >> 6] |= (uint64_t)1 << (x & 63); }

/* What a recorded branch found, in core/propagate.py's terms: per literal its sequence number
 * and reason (R_* and its argument), the literals in the order found, the contradiction. */
enum { R_ASSUME, R_NAKED, R_HIDDEN, R_CELL, R_PEER, R_LINK, R_OTHER };
typedef struct {
    int seq;                           /* records so far */
    uint16_t order[2 * LC_MAXL];       /* literal | 0x8000 when on, by sequence number */
    uint8_t kind[2 * LC_MAXL];
    int16_t arg[2 * LC_MAXL];
    int ck, c1, c2;                    /* contradiction: 0 none, 1 both x, 2 cell p, 3 unit p b */
} rec_t;

typedef struct {
    uint16_t cands[LC_MAXC];
    lc_set where[LC_MAXF * LC_MAXN];
    lc_set vcells[LC_MAXN];
    lits_t on, off;
    lc_set oncells;
    int contra;
    int qh, qt;
    uint16_t queue[LC_MAXL];
    const uint16_t *ocands;            /* the start (rules' triggers) */
    const lc_set *owhere;
    /* the where entries and the cells changed since the rules last found nothing, or
     * since the start (each kill changes both): core/propagate.py's pend and mark, the
     * only places where a rule can find something new */
    uint64_t wdirty[(LC_MAXF * LC_MAXN + 63) / 64];
    lc_set cdirty;
    rec_t *rec;                        /* NULL, or where a singles branch records */
    int rk, ra;                        /* the reason of the kills under way */
} branch_t;

typedef struct {
    uint8_t contra;
    lits_t on, off;
} verdict_t;

typedef struct {
    const lc_state *s;
    const lc_geo *g;
    int n, nc, F, nlits;
    uint8_t unit_of[LC_MAXF];
    lc_set ubits[LC_MAXF];
    unsigned placed[LC_MAXF];
    uint8_t ncf[LC_MAXC], cf[LC_MAXC][8];
    int xstart[LC_MAXF + 1];
    uint8_t xq[2 * LC_MAXX];
    lc_set xcommon[2 * LC_MAXX];
    int lines;                         /* rows and cols are full units */
    int8_t line_kind[LC_MAXF];         /* -1, 0 row, 1 col */
    uint8_t rowpos[LC_MAXN], colpos[LC_MAXN];
    branch_t base;
    verdict_t *memo[2];                /* singles, plus: per candidate (valid when done), */
    uint8_t *done[2];                  /* allocated at the first verdict */
    int ncand;
    int16_t slot[LC_MAXL];             /* literal -> its index among the candidates */
    uint8_t lit_cell[LC_MAXL], lit_val[LC_MAXL];           /* literal -> cell, value index */
    uint8_t at_pos[LC_MAXF * LC_MAXN], at_val[LC_MAXF * LC_MAXN];  /* where entry -> p, b */
    branch_t *scratch;                 /* verdict()'s branch (allocated once) */
    struct nmemo *nmemo;               /* the nesting rule's answers at depth >= 2 */
} dyn_t;

/* logic/propagate.c: the context of s (which must outlive it) into *out: 1, 0 when the
 * geometry is not handled here (more full units than LC_MAXF, a cell in more than 8), -1
 * when out of memory. */
int lc_dyn_new(const lc_state *s, dyn_t **out);
void lc_dyn_free(dyn_t *d);
/* 1 when x is a literal of one of the state's candidates. */
int lc_dyn_is_literal(const dyn_t *d, int x);
/* x's branch (plus: with the rules; depth: nested levels) contradicts: 1, 0, -1 when out
 * of memory. */
int lc_dyn_contra(dyn_t *d, int x, int plus, int depth);
/* The state's candidates x's singles branch decides; -1: it contradicts; -2: out of
 * memory. */
long lc_dyn_size(dyn_t *d, int x);

/* logic/propagate.c's propagation for logic/propagate_record.c. */
void lc_dyn_set_on(const dyn_t *d, branch_t *br, int x, int kind, int arg);
void lc_dyn_run(const dyn_t *d, branch_t *br, int plus, int depth);
void lc_dyn_fork(const dyn_t *d, branch_t *br, const branch_t *from, lc_set oncells);
/* The verdict of x's branch (memoised), NULL when out of memory. */
const verdict_t *lc_dyn_verdict(dyn_t *d, int x, int plus);
/* The nesting rule on a branch met elsewhere (core/propagate.py _nested): the branch's
 * candidates cands and the cells it set on; the candidates of its first cell (fewest
 * candidates first) whose branch from it (plus, depth - 1) contradicts, into found (at
 * most LC_MAXN): their count, 0 none, -1 when out of memory. */
int lc_dyn_nested_at(const dyn_t *d, const uint16_t *cands, lc_set oncells, int plus,
                     int depth, int *found);

/* logic/propagate_record.c */
/* x's value alone contradicts (core/propagate.py nishio). */
int lc_dyn_nishio(const dyn_t *d, int x);
/* The first position q >= pos (q = c * n + b for literal b * nc + c) whose candidate the
 * solution sol (nsol values; 0: none) lacks and whose test holds (0 Nishio, 1 the singles
 * branch contradicts, 2 the plus branch does): q, -1 none, -2 out of memory. */
long lc_dyn_first(dyn_t *d, int test, const uint8_t *sol, int nsol, int pos);
/* Into br: the singles branch of "x on" from the base state, each step recorded in rec. */
void lc_dyn_branch(dyn_t *d, branch_t *br, rec_t *rec, int x);

/* What a contradiction of a recorded singles branch rests on (forcing.py
 * _contradiction_step): the records it rests on (dyn.ancestors), renumbered 0..count-1 in
 * the order found; per node its parents (new numbers, sorted) as
 * par[par_start[j] .. par_start[j + 1]); the complexity; the spines (nspines of them:
 * spine s is spine[spine_start[s] .. spine_start[s + 1])). */
typedef struct {
    int count;
    int *node;                         /* new number -> record index */
    int *par_start, *par;
    long complexity;
    int nspines, spine_start[3];
    int *spine;
} lc_dyn_proof_t;
/* 1 (filled; rec holds the branch), 0 when it does not contradict, -1 out of memory, -2 a
 * contradiction node never recorded (a bug).  Free with lc_dyn_proof_free. */
int lc_dyn_proof(dyn_t *d, int x, branch_t *br, rec_t *rec, lc_dyn_proof_t *pf);
void lc_dyn_proof_free(lc_dyn_proof_t *pf);

#endif /* SUDOKIT_LOGIC_PROPAGATE_H */
