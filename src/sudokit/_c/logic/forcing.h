/* logic/forcing.h -- the static forcing chains of logic/forcing.c (the twin of the cell
 * and unit forcing chains of sudokit/logic/techniques/forcing.py) for their binding
 * (bind/logic_chains.c).
 *
 *   lc_static        one state's group graph and reach (K nodes, W words a row)
 *   lc_static_step   one step: a contradiction of literal x (y both on and off; two
 *                    paths: to y on, to y off) or a verity (k literals, the cell or the
 *                    (unit, value) they cover, what they all make on and off as found
 *                    pairs (id, on), one path per literal).  A path is a run of (id, on)
 *                    int pairs in nodes, path p ending at pair path_end[p]:
 *
 *                      nodes  | id on | id on | ... | id on | id on | ...
 *                               path 0 ...       end[0]  path 1 ...
 */
#ifndef SUDOKIT_LOGIC_FORCING_H
#define SUDOKIT_LOGIC_FORCING_H

#include "logic/links.h"

typedef struct {
    const lc_state *s;
    int n, nc, K, W, ncand, ngroups;
    dg_t d;                       /* the graph (K = d.M nodes, ncand = d.nlit literals) */
    uint64_t *reach;              /* per component: 2W words (on half, off half) */
    int *comp;                    /* node (0..2K-1) -> component */
} lc_static;

typedef struct {
    long pos;                     /* the step's position (see logic/forcing.c) */
    int verity;                   /* 0: a contradiction, 1: a verity */
    int x, y;                     /* contradiction: Python node ids */
    int k, lits[LC_MAXN + 1];     /* verity: the literals tested (Python ids) */
    int where_a, where_b;         /* verity: the cell (where_b -1) or (unit, value) */
    lc_buf found;                 /* verity: (id, on) int pairs */
    lc_buf nodes;                 /* the paths' (id, on) int pairs */
    int npaths, path_end[LC_MAXN + 2];
} lc_static_step;

/* The graph and reach of s (which must outlive it); NULL when out of memory. */
lc_static *lc_static_new(const lc_state *s);
void lc_static_free(lc_static *t);
/* The first step at or after pos in mode (0 cell, 1 unit) into *st (zeroed by the
 * caller, its buffers freed by the caller): 1 found, 0 none, -1 out of memory, -2 a path
 * did not reach its target (a bug). */
int lc_static_next(const lc_static *t, int mode, long pos, lc_static_step *st);

#endif /* SUDOKIT_LOGIC_FORCING_H */
