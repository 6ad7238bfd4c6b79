/* logic/chains.h -- the chains' finders of logic/chains.c (the twin of sudokit/logic/
 * techniques/chains.py) for their binding (bind/logic_chains.c).
 *
 *   lc_aic     one AIC search: the dense graph of its kind, its closure's verdict sets
 *              (sets: false, true, looped, ends; W words each) and the records of the
 *              first odd layer k with a find (0: none)
 */
#ifndef SUDOKIT_LOGIC_CHAINS_H
#define SUDOKIT_LOGIC_CHAINS_H

#include "logic/links.h"

typedef struct {
    int a, z;      /* dense start ("off") and end ("on") */
} lc_aic_rec;

typedef struct {
    dg_t d;
    uint64_t *sets;        /* false, true, looped, ends: W words each */
    lc_aic_rec *recs;
    int nrec, k;
} lc_aic;

/* The search of kind (0 'x', 1 'xy', 2 'aic', 3 'group') on s into *a; 0, or -1 when out
 * of memory.  Free *a with lc_aic_free either way. */
int lc_aic_run(const lc_state *s, int kind, lc_aic *a);
/* Record i as Walk.path gives it: k + 1 dense nodes into path, its eliminations (the
 * candidates of the false set seeing both ends) into elim[1..n]; -1 when out of memory. */
int lc_aic_record(const lc_aic *a, int i, int *path, lc_set *elim);
void lc_aic_free(lc_aic *a);

/* 1 when chains.find_remote_pair yields a step on s. */
int lc_remote_pair(const lc_state *s);

#endif /* SUDOKIT_LOGIC_CHAINS_H */
