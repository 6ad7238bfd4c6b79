/* solve/learn_groups.c -- the groups of the learn kernel, built from a geometry's tables, and
 * the arrays of one search (solve/learn.h's lctx; the algorithm is at the top of solve/learn.c).
 *
 * Representation
 * --------------
 *   variable v = cell*N + d ("cell holds d+1"); a group is a list of variables, at most one
 *   of them true (exactly one for the first neo groups):
 *
 *      gstart  | 0 | N | 2N | ... | (literals in all) |    ng + 1 offsets
 *      glits   | cell 0: v0 .. vN-1 | cell 1: vN .. v2N-1 | ...  | units | pairs | links |
 *
 *      group g = glits[gstart[g] .. gstart[g+1]-1]   (the gap groups are empty)
 *
 *   occ: for each variable its groups and its index in each, side by side
 *   (w = maxocc slots each; classic and jigsaw: w = 4, every variable in 4 groups):
 *
 *      occ + 2*w*v  | g0 g1 .. g(w-1) | i0 i1 .. i(w-1) |   glits[gstart[gk] + ik] == v
 *
 *   gc[g] = cnt + 128 * tcnt, gmask[g] / g0mask[g]: see lctx in solve/learn.h.
 */
#include <string.h>

#include "include/bits.h"
#include "solve/learn.h"

void sk_learn_ctx_free(lctx *s)
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
    free(s->bigof);
    free(s->bigg);
    free(s->bcnt);
    free(s->btcnt);
}

/* occ from the groups (fill: a zeroed counter per variable); w = maxocc, a constant for k4 */
HOT void fill_occ(lctx *s, int *fill, const int w)
{
    for (int g = 0; g < s->ng; g++)
        for (int i = s->gstart[g], e = s->gstart[g + 1]; i < e; i++) {
            int v = s->glits[i];
            if (s->nbig && v >= s->nv0 && s->bigof[v - s->nv0] >= 0)
                continue;   /* a big group's member: no occ entry */
            s->occ[2 * w * v + w + fill[v]] = i - s->gstart[g];
            s->occ[2 * w * v + fill[v]++] = g;
        }
}

/* The exactly-one groups of the rules over many cells, after the full units' (their aux
 * variables, as _propagators.learn_rules lists them). */
static void rule_groups(lctx *s, const sk_shape *sh, int *g, int *k)
{
    for (int r = 0; r < sh->rule_ngroups; r++) {
        s->gstart[(*g)++] = *k;
        for (int i = sh->rg_start[r]; i < sh->rg_start[r + 1]; i++)
            s->glits[(*k)++] = sh->rg_vars[i];
    }
}

/* The big groups (more than BIG_GROUP members: rule groups only) and bigof; -1 out of memory. */
static int big_groups(lctx *s)
{
    int nb = 0;
    for (int g = 0; g < s->neo; g++)
        nb += s->gstart[g + 1] - s->gstart[g] > BIG_GROUP;
    if (!nb)
        return 0;
    int naux = s->nv - s->nv0;
    s->bigof = malloc(sizeof(int) * (size_t)(naux ? naux : 1));
    s->bigg = malloc(sizeof(int) * (size_t)nb);
    s->bcnt = malloc(sizeof(int) * (size_t)nb);
    s->btcnt = calloc((size_t)nb, sizeof(int));
    if (!s->bigof || !s->bigg || !s->bcnt || !s->btcnt)
        return -1;
    for (int v = 0; v < naux; v++)
        s->bigof[v] = -1;
    for (int g = 0; g < s->neo; g++)
        if (s->gstart[g + 1] - s->gstart[g] > BIG_GROUP) {
            for (int i = s->gstart[g]; i < s->gstart[g + 1]; i++)
                s->bigof[s->glits[i] - s->nv0] = s->nbig;
            s->bigg[s->nbig++] = g;
        }
    return 0;
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
int sk_learn_ctx_init(lctx *s, const sk_shape *sh)
{
    memset(s, 0, sizeof *s);
    int n = sh->n, nc = n * n, nv0 = n * nc, nv = nv0 + sh->rule_aux;
    int neo = nc + sh->nfull * n + sh->rule_ngroups;
    s->n = n;
    s->ncells = nc;
    s->nv0 = nv0;
    s->nv = nv;
    s->neo = neo;
    s->ngpad = (neo + 63) / 64 * 64;
    /* count the at-most-one groups and every group's members */
    long long namo = 0, nlits = (long long)(nc + sh->nfull * n) * n;
    if (sh->rule_ngroups)
        nlits += sh->rg_start[sh->rule_ngroups];
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
                    int b = sk_pop64(sh->link_masks[(size_t)k * n + a]);
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
        if (u == sh->nfull) {
            rule_groups(s, sh, &g, &k);
            for (; g < s->ngpad; g++)
                OPEN(g);
        }
        int cv[SK_MAX_SIZE], m = 0; /* the variables of value 1 in the unit's cells */
        for (int q = sh->unit_start[u]; q < sh->unit_start[u + 1]; q++)
            cv[m++] = sh->unit_cells[q] * n;
        for (int d = 0; d < n; d++) {
            OPEN(g++);
            for (int q = 0; q < m; q++)
                s->glits[k++] = cv[q] + d;
        }
    }
    if (sh->nfull == sh->nunits)
        rule_groups(s, sh, &g, &k);
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
    s->k4 = namo == 0 && nv == nv0;
    for (int c = 0; c < nc && s->k4; c++)
        s->k4 = sh->cu_start[c + 1] - sh->cu_start[c] == 3;
    if (big_groups(s) < 0)
        return -1;
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
                if (s->nbig && v >= nv0 && s->bigof[v - nv0] >= 0)
                    continue;   /* a big group's member: no occ entry */
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
        s->gc[gg] = (gg >= neo && gg < s->ngpad) || size > BIG_GROUP ? 0xffff : (uint16_t)size;
        s->gmask[gg] = size > BIG_GROUP ? 0 : size == 64 ? ~0ULL : (1ULL << size) - 1;
    }
    for (int b = 0; b < s->nbig; b++)
        s->bcnt[b] = s->gstart[s->bigg[b] + 1] - s->gstart[s->bigg[b]];
    s->var_inc = 1.0;
    /* the rules' clauses, never deleted (LBD 0), as _learn.LearnContext.__init__ adds them */
    for (int c = 0; c < sh->rule_ncls; c++)
        if (sk_learn_add_clause(s, sh->rc_lits + sh->rc_start[c],
                                sh->rc_start[c + 1] - sh->rc_start[c], 0) < 0)
            return -1;
    return 0;
}
#undef OPEN
