/* logic/als.h -- the almost locked sets of logic/als.c for their binding
 * (bind/logic_finders.c): the twin of sudokit/logic/techniques/als.py.
 *
 *   lc_als       one ALS: its cells (one unit's), the mask of its values (one more than
 *                cells), its unit; where[v] its cells holding v, sees[v] the cells seeing
 *                all of them (als.py's Als)
 *   lc_als_res   every ALS of a state and their restricted-common links (opaque); it
 *                reads the state it was made from, which must outlive it
 */
#ifndef SUDOKIT_LOGIC_ALS_H
#define SUDOKIT_LOGIC_ALS_H

#include "logic/board.h"

typedef struct {
    lc_set cells;
    unsigned mask;
    int unit, size;
    lc_set where[LC_MAXN + 1], sees[LC_MAXN + 1];
} lc_als;

typedef struct lc_als_res lc_als_res;

typedef struct {
    const lc_als *a, *b;
    unsigned rcc;                  /* the restricted commons, bit v-1 for value v */
    lc_set elim[LC_MAXN + 1];      /* per value, the cells losing it */
} lc_als_xz_t;

typedef struct {
    const lc_als *c, *a, *b;       /* c the pivot */
    int x, y;
    const lc_set *elim;            /* [1..n]: per value, the cells losing it */
} lc_als_xy_t;

/* The sets (1..max_cells cells) and links of s; NULL when out of memory. */
lc_als_res *lc_als_new(const lc_state *s, int max_cells);
void lc_als_free(lc_als_res *r);
/* The first ALS-XZ at link pos or later that removes something: its link index, or -1. */
long lc_als_xz(const lc_als_res *r, long pos, lc_als_xz_t *out);
/* The pos-th ALS-XY-Wing (found at the first call): 1, 0 none, -1 out of memory. */
int lc_als_xy(lc_als_res *r, long pos, lc_als_xy_t *out);

#endif /* SUDOKIT_LOGIC_ALS_H */
