/* logic/links.h -- the chains' dense graph of a state (the twin of
 * sudokit/logic/core/links.py): built, closed and read by logic/links.c; used by
 * logic/chains.c (the AIC search), logic/forcing.c (the static forcing chains) and their
 * bindings (bind/logic_chains.c).
 *
 * Dense nodes: node i < nlit is the i-th candidate literal in literal order (literal
 * b * nc + cell), the group nodes follow in core/links.py's order (group k: Python node
 * n * nc + k), so the order of dense nodes is the order of Python node ids.
 */
#ifndef SUDOKIT_LOGIC_LINKS_H
#define SUDOKIT_LOGIC_LINKS_H

#include "logic/board.h"

typedef struct {
    lc_set cells;
    int v;               /* value index b */
    int node;            /* dense node, -1 until a strong link names it */
    uint64_t units[2];   /* the units it lies in (LC_MAXU = 128) */
} grp_t;

typedef struct {
    int n, nc, nlit, M, W, ng;
    int16_t dense[LC_MAXN * LC_MAXC];   /* literal -> dense node, -1: not a candidate */
    int *id;                           /* dense node -> the Python node id */
    uint64_t *weak, *strong, *linked;  /* M rows of W words; linked: W words */
    grp_t *groups;                     /* every group found (ng of them) */
    int *gof;                          /* dense node nlit + k -> its entry in groups */
} dg_t;

#define ROW(a, i, W) ((a) + (size_t)(i) * (W))

static inline void bset(uint64_t *row, int i) { row[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline int bget(const uint64_t *row, int i) { return (int)(row[i >> 6] >> (i & 63) & 1); }
static inline int bany(const uint64_t *row, int W)
{
    for (int k = 0; k < W; k++)
        if (row[k])
            return 1;
    return 0;
}
/* The lowest node of a non-empty set. */
static inline int bfirst(const uint64_t *row, int W)
{
    for (int k = 0; k < W; k++)
        if (row[k])
            return 64 * k + sk_ctz64(row[k]);
    return -1;
}

/* A set of two cells or more / of exactly two (no popcount: it is a call without -mpopcnt). */
static inline int two_plus(lc_set a)
{
    return (a.lo & (a.lo - 1)) || (a.hi & (a.hi - 1)) || (a.lo && a.hi);
}
static inline int exactly_two(lc_set a)
{
    if (!lc_any(a))
        return 0;
    lc_pop(&a);
    return lc_any(a) && !two_plus(a);
}

/* Build the dense graph of kind (0 'x', 1 'xy', 2 'aic', 3 'group'); -1 when out of
 * memory (d is then still for lc_dg_free). */
int lc_dg_build(const lc_state *s, int kind, dg_t *d);
/* Free what lc_dg_build allocated (not d itself). */
void lc_dg_free(dg_t *d);

/* The reach of d's chains: Tarjan's strongly connected components over the on (i) and off
 * (M + i) nodes, sinks first; a chain goes on from "i on" to "j off" over a weak link when
 * j has a strong link, from "i off" to "j on" over a strong link.  *comp: node (0..2M-1)
 * -> component (-1: not visited); *reach: per component 2W words, the on half then the
 * off half (the nodes every chain from it makes on / off).  Roots: every node (all), or
 * only those of linked nodes (the others are then answered by lc_dg_closure's bit tests).
 * -1 when out of memory (nothing to free then); the caller frees *comp and *reach. */
int lc_dg_reach(const dg_t *d, int all, int **comp, uint64_t **reach);
/* The verdict sets over the dense literals (W words each, zeroed by the caller): false
 * (on x reaches off x), true (off x reaches on x), looped (on x reaches on x); -1 when out
 * of memory. */
int lc_dg_closure(const dg_t *d, uint64_t *fals, uint64_t *tru, uint64_t *loop);
/* A dense literal set as nb bytes over the literals b * nc + cell (little-endian bits). */
void lc_dg_lit_bits(const dg_t *d, const uint64_t *set, uint8_t *out, int nb);

#endif /* SUDOKIT_LOGIC_LINKS_H */
