/* logic_dyn.h -- the dynamic branches' types, shared by logic_dyn.c (propagation,
 * verdicts) and logic_dyn_rec.c (Nishio, the first contradiction, recorded branches).
 * Private to those two files; see logic_dyn.c for the representation. */
#ifndef SUDOKIT_LOGIC_DYN_H
#define SUDOKIT_LOGIC_DYN_H

#include "logic/board.h"

#define LC_MAXF 64                     /* full units */
#define LC_MAXL (LC_MAXN * LC_MAXC)    /* literals */
#define LW ((LC_MAXL + 63) / 64)

typedef struct {
    uint64_t w[LW];
} lits_t;

static inline int lhas(const lits_t *s, int x) { return (int)(s->w[x >> 6] >> (x & 63) & 1); }
static inline void ladd(lits_t *s, int x) { s->w[x >> 6] |= (uint64_t)1 << (x & 63); }

/* What a recorded branch found, in _dynamic.py's terms: per literal its sequence number
 * and reason (R_* and its argument), the literals in the order found, the contradiction. */
enum { R_ASSUME, R_NAKED, R_HIDDEN, R_CELL, R_PEER, R_OTHER };
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
    rec_t *rec;                        /* NULL, or where a singles branch records */
    int rk, ra;                        /* the reason of the kills under way */
} branch_t;

typedef struct {
    uint8_t contra;
    lits_t on, off;
} verdict_t;

typedef struct {
    PyObject *owner;                   /* the state capsule */
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
    branch_t *scratch;                 /* verdict()'s branch (allocated once) */
} dyn_t;

#define DYN_NAME "sudokit.logic.dyn"

/* logic_dyn.c's propagation for logic_dyn_rec.c. */
void lc_dyn_set_on(const dyn_t *d, branch_t *br, int x, int kind, int arg);
void lc_dyn_run(const dyn_t *d, branch_t *br, int plus, int depth);
void lc_dyn_fork(const dyn_t *d, branch_t *br, const branch_t *from, lc_set oncells);
/* The verdict of x's branch (memoised), NULL when out of memory. */
const verdict_t *lc_dyn_verdict(dyn_t *d, int x, int plus);
/* The context of a capsule and a literal that is one of its state's candidates; NULL with
 * an exception otherwise. */
dyn_t *lc_dyn_arg(PyObject *cap, int x);

#endif /* SUDOKIT_LOGIC_DYN_H */
