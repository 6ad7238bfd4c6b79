/* se/basic.h -- the C twins of SE's producers 1-20 and 22 (logic/se/basic.py and
 * logic/se/unique.py today; logic/se/basic.py and unique.py after issue #30) for the rating
 * loop (se/path.c).
 *
 *   se_ctx        what several producers read from one grid state, computed once per step
 *                 (se_ctx_init): the unit-local positions of each value, the empty cells per
 *                 unit, the cells holding each value as a 128-bit cell set
 *   producers     int se_pN(const se_ctx *, se_hint *out): SE_FOUND (out filled) or SE_NONE;
 *                 the same hint as the Python twin (logic/se/basic.py, logic/se/unique.py), found
 *                 in the same scan order
 *   colex         k-subsets of n items in SE's order (increasing bit mask): se_colex_first /
 *                 se_colex_next (Gosper's step), k = 0 gives the one empty subset
 *
 * Files: se/basic.c (1-14, 16-18), se/exclusion.c (20, 22), se/unique.c (15, 19); se/path.c
 * asks them in SE's order (se_produce).
 */

#ifndef SUDOKIT_SE_BASIC_H
#define SUDOKIT_SE_BASIC_H

#include <stdint.h>

#include "se/se.h"


typedef struct {
    const se_board *b;
    uint16_t upos[27][10];  /* bit i: the i-th cell of unit u (SE's order) holds value v */
    int empties[27];        /* empty cells of unit u */
    se_cells vc[10];        /* the cells holding candidate v */
} se_ctx;

void se_ctx_init(se_ctx *x, const se_board *b);

static inline int se_one(se_cells s) { return s && !(s & (s - 1)); }

static inline unsigned se_colex_first(int k) { return (1u << k) - 1; }

/* The next k-subset mask after m (k >= 1); >= 1 << n when done. */
static inline unsigned se_colex_next(unsigned m)
{
    unsigned low = m & -m, r = m + low;
    return r | (((m ^ r) >> 2) / low);
}

static inline void se_set_name(se_hint *h, const char *name)
{
    int i = 0;
    for (; name[i] && i < 63; i++)
        h->name[i] = name[i];
    h->name[i] = 0;
}

/* producers (se/basic.c) */
int se_hidden_single(const se_ctx *x, se_hint *out);          /* 1 */
int se_locking(const se_ctx *x, int direct, se_hint *out);    /* 2, 6 */
int se_hidden_set(const se_ctx *x, int k, int direct, se_hint *out);  /* 3, 5, 9, 12, 18 */
int se_naked_single(const se_ctx *x, se_hint *out);           /* 4 */
int se_naked_set(const se_ctx *x, int k, se_hint *out);       /* 7, 10, 16 */
int se_fish(const se_ctx *x, int k, se_hint *out);            /* 8, 11, 17 */
int se_wing(const se_ctx *x, int xyz, se_hint *out);          /* 13, 14 */
/* se/exclusion.c */
int se_aligned_pair(const se_ctx *x, se_hint *out);           /* 20 */
int se_aligned_triple(const se_ctx *x, se_hint *out);         /* 22 */
/* se/unique.c */
int se_unique_loops(const se_ctx *x, se_hint *out);           /* 15 */
int se_bug(const se_ctx *x, se_hint *out);                    /* 19 */

#endif /* SUDOKIT_SE_BASIC_H */
