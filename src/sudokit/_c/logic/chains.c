/* logic/chains.c -- the chains' finders in one C call each (sudokit/logic/techniques/
 * chains.py is the specification; logic/core/links.py draws
 * its graph and closure).  bind/logic_chains.c turns the results into Python objects.
 *
 * lc_aic_run(state, kind) -> the verdict sets and the first layer k with a find; then
 * lc_aic_record(i) -> record i's path and eliminations; bind/logic_chains.c gives
 * logic_aic(state, kind) -> (false, true, looped, k, records, groups):
 *     chains._aic for kind 0 'x', 1 'xy', 2 'aic', 3 'group' up to its first layer with a
 *     find, in one pass: the graph of the kind (_links._build_py: the same links, the same
 *     group nodes numbered in the same order), its closure's verdict sets (false, true,
 *     looped: little-endian bytes over the literals b * nc + cell, as logic_closure gives
 *     them), then the lockstep search of chains._aic_search up to its first odd layer k
 *     with a find (0 when none), each record as (path, eliminations): path the node ids
 *     of the chain from "a off" to "z on" as Walk.path gives them (polarity: off, on, off,
 *     ...), eliminations the (cell, value) pairs a candidate of which sees both ends.
 *     groups: {node id: (cells, value)} of the group nodes the paths go through.
 *
 * lc_remote_pair(state): whether chains.find_remote_pair yields a step.
 *
 * The graph is dense (logic/links.h, built by logic/links.c): node i < nlit is the i-th
 * candidate literal in literal order, the group nodes follow in core/links.py's order, so "the
 * lowest id" (Walk.path) is the lowest dense node and the sets are a few words, not n * nc
 * bits.  The closure is logic/links.c's lc_dg_closure.  The geometry's weak links between
 * cells are in the graph (lc_geo's links); cages and renban lines stay in Python.
 */
#include "logic/chains.h"

#include <stdlib.h>
#include <string.h>

/* --- the AIC search (chains._aic_search up to its first layer with a find) ------------- */

typedef lc_aic_rec rec_t;

/* The walks of chains._aic_search in lockstep up to the first odd layer with a find:
 * its records (a, z) into *recs (*nrec), the layer as the result (0: none); -1 when out of
 * memory.  F: the false set; ends: what F sees. */
static int dg_search(const lc_state *s, const dg_t *d, const uint64_t *F, const uint64_t *ends,
                     rec_t **recs, int *nrec)
{
    int W = d->W, nc = d->nc, nw = 0, layer = 0, ok = -1, cap = 16;
    int *start = malloc((size_t)(d->nlit + 1) * sizeof(int));
    int *live = malloc((size_t)(d->nlit + 1) * sizeof(int));
    uint64_t *seen = NULL, *front = NULL, *reached = malloc((size_t)W * 8);
    *recs = malloc((size_t)cap * sizeof(rec_t));
    *nrec = 0;
    if (!start || !live || !reached || !*recs)
        goto done;
    for (int c = 0; c < nc; c++)
        for (unsigned m = s->cands[c]; m;) {
            int x = d->dense[lc_popm(&m) * nc + c];
            if (bget(ends, x))
                start[nw++] = x;
        }
    seen = calloc((size_t)(nw + 1) * 2 * W, 8);
    front = calloc((size_t)(nw + 1) * W, 8);
    if (!seen || !front)
        goto done;
    for (int i = 0; i < nw; i++) {
        live[i] = 1;
        bset(ROW(seen, 2 * i, W), start[i]);
        bset(ROW(front, i, W), start[i]);
    }
    int nlive = nw;
    while (nlive && !*nrec) {
        layer++;
        int from_on = layer % 2 == 0, to_on = !from_on;
        const uint64_t *table = from_on ? d->weak : d->strong;
        int still = 0;
        for (int i = 0; i < nw; i++) {
            if (!live[i])
                continue;
            uint64_t *fr = ROW(front, i, W), *sn = ROW(seen, 2 * i + to_on, W);
            memset(reached, 0, (size_t)W * 8);
            for (int k = 0; k < W; k++)
                for (uint64_t b = fr[k]; b; b &= b - 1) {
                    const uint64_t *row = ROW(table, k * 64 + sk_ctz64(b), W);
                    for (int j = 0; j < W; j++)
                        reached[j] |= row[j];
                }
            int any = 0;
            for (int j = 0; j < W; j++) {
                fr[j] = reached[j] & ~sn[j];
                sn[j] |= fr[j];
                any |= fr[j] != 0;
            }
            live[i] = any;
            still += any;
            if (from_on || !any)
                continue;
            int a = start[i];
            const uint64_t *wa = ROW(d->weak, a, W);
            for (int k = 0; k < W; k++)
                for (uint64_t b = fr[k] & ends[k]; b; b &= b - 1) {
                    int z = k * 64 + sk_ctz64(b), some = 0;
                    if (z == a)
                        continue;
                    const uint64_t *wz = ROW(d->weak, z, W);
                    for (int j = 0; j < W && !some; j++)
                        some = (wa[j] & F[j] & wz[j]) != 0;
                    if (!some)
                        continue;
                    int lo = a < z ? a : z, hi = a < z ? z : a, dup = 0;
                    for (int q = 0; q < *nrec && !dup; q++) {
                        rec_t r = (*recs)[q];
                        dup = (r.a < r.z ? r.a : r.z) == lo && (r.a < r.z ? r.z : r.a) == hi;
                    }
                    if (dup)
                        continue;
                    if (*nrec == cap) {
                        rec_t *more = realloc(*recs, (size_t)cap * 2 * sizeof(rec_t));
                        if (!more)
                            goto done;
                        *recs = more;
                        cap *= 2;
                    }
                    (*recs)[(*nrec)++] = (rec_t){a, z};
                }
        }
        nlive = still;
    }
    ok = *nrec ? layer : 0;
done:
    free(start);
    free(live);
    free(seen);
    free(front);
    free(reached);
    return ok;
}

/* The chain of record r found at layer k as Walk.path gives it, dense nodes into path
 * (k + 1 of them); -1 when out of memory. */
static int dg_path(const dg_t *d, rec_t r, int k, int *path)
{
    int W = d->W;
    uint64_t *layers = calloc((size_t)(k + 1) * W + 3 * (size_t)W, 8);
    if (!layers)
        return -1;
    uint64_t *seen = layers + (size_t)(k + 1) * W, *reached = seen + 2 * W;
    bset(layers, r.a);
    bset(seen, r.a);                                   /* seen[off] */
    for (int j = 1; j <= k; j++) {
        int from_on = j % 2 == 0, to_on = !from_on;
        const uint64_t *table = from_on ? d->weak : d->strong, *fr = ROW(layers, j - 1, W);
        memset(reached, 0, (size_t)W * 8);
        for (int q = 0; q < W; q++)
            for (uint64_t b = fr[q]; b; b &= b - 1) {
                const uint64_t *row = ROW(table, q * 64 + sk_ctz64(b), W);
                for (int i = 0; i < W; i++)
                    reached[i] |= row[i];
            }
        uint64_t *nw = ROW(layers, j, W), *sn = seen + to_on * W;
        for (int i = 0; i < W; i++) {
            nw[i] = reached[i] & ~sn[i];
            sn[i] |= nw[i];
        }
    }
    int node = r.z;
    path[k] = node;
    for (int j = k - 1; j >= 0; j--) {
        const uint64_t *link = ROW(j % 2 == 1 ? d->weak : d->strong, node, W);
        const uint64_t *lj = ROW(layers, j, W);
        for (int i = 0; i < W; i++) {
            reached[i] = lj[i] & link[i];
        }
        node = path[j] = bfirst(reached, W);
    }
    free(layers);
    return 0;
}

/* The eliminations of record r: the candidates of F seeing both ends, into elim[1..n]. */
static void dg_elims(const dg_t *d, rec_t r, const uint64_t *F, lc_set *elim)
{
    int W = d->W;
    for (int v = 0; v <= d->n; v++)
        elim[v] = LC_EMPTY;
    const uint64_t *wa = ROW(d->weak, r.a, W), *wz = ROW(d->weak, r.z, W);
    for (int q = 0; q < W; q++)
        for (uint64_t b = wa[q] & wz[q] & F[q]; b; b &= b - 1) {
            int lit = d->id[q * 64 + sk_ctz64(b)];
            lc_add(&elim[lit / d->nc + 1], lit % d->nc);
        }
}

int lc_aic_run(const lc_state *s, int kind, lc_aic *a)
{
    memset(a, 0, sizeof *a);
    if (lc_dg_build(s, kind, &a->d) < 0)
        return -1;
    int W = a->d.W;
    a->sets = calloc((size_t)4 * W, 8);   /* false, true, looped, ends */
    if (!a->sets || lc_dg_closure(&a->d, a->sets, a->sets + W, a->sets + 2 * W) < 0)
        return -1;
    uint64_t *F = a->sets, *ends = a->sets + 3 * W;
    if (bany(F, W)) {
        for (int q = 0; q < W; q++)
            for (uint64_t b = F[q]; b; b &= b - 1) {
                const uint64_t *row = ROW(a->d.weak, q * 64 + sk_ctz64(b), W);
                for (int j = 0; j < W; j++)
                    ends[j] |= row[j];
            }
        if ((a->k = dg_search(s, &a->d, F, ends, &a->recs, &a->nrec)) < 0)
            return -1;
    }
    return 0;
}

int lc_aic_record(const lc_aic *a, int i, int *path, lc_set *elim)
{
    if (dg_path(&a->d, a->recs[i], a->k, path) < 0)
        return -1;
    dg_elims(&a->d, a->recs[i], a->sets, elim);
    return 0;
}

void lc_aic_free(lc_aic *a)
{
    lc_dg_free(&a->d);
    free(a->sets);
    free(a->recs);
}

/* --- remote pairs ------------------------------------------------------------------------ */

/* chains.find_remote_pair yields a step: for the bivalue cells of one pair of values (4 or
 * more), a connected component of peers that is two-colourable (otherwise the Python
 * search gives it up, from every root), of 4 cells or more, holds two cells of different
 * colours that are not peers (distance 3 or more) and whose common peers outside the
 * component hold one of the two values. */
int lc_remote_pair(const lc_state *s)
{
    const lc_geo *g = s->g;
    int nc = g->ncells;
    lc_set done = LC_EMPTY;
    for (int c0 = 0; c0 < nc; c0++) {
        unsigned mask = s->cands[c0];
        if (sk_pop64(mask) != 2 || lc_has(done, c0))
            continue;
        lc_set cellset = LC_EMPTY;
        for (int c = c0; c < nc; c++)
            if (s->cands[c] == mask)
                lc_add(&cellset, c);
        done = lc_or(done, cellset);
        if (lc_count(cellset) < 4)
            continue;
        lc_set seen = LC_EMPTY;
        while (!lc_eq(seen, cellset)) {
            int root = lc_first(lc_andnot(cellset, seen));
            lc_set col[2] = {lc_bit(root), LC_EMPTY}, frontier = lc_bit(root), comp = frontier;
            int side = 0, odd = 0;
            while (lc_any(frontier)) {
                lc_set next = LC_EMPTY;
                for (lc_set f = frontier; lc_any(f);) {
                    lc_set nb = lc_and(g->peers[lc_pop(&f)], cellset);
                    odd |= lc_meets(nb, col[side]);
                    next = lc_or(next, nb);
                }
                side = !side;
                frontier = lc_andnot(next, comp);
                comp = lc_or(comp, frontier);
                col[side] = lc_or(col[side], frontier);
            }
            seen = lc_or(seen, comp);
            if (odd || lc_count(comp) < 4)
                continue;
            lc_set holds = LC_EMPTY;
            for (unsigned m = mask; m;)
                holds = lc_or(holds, s->vcells[lc_popm(&m) + 1]);
            holds = lc_andnot(holds, comp);
            for (lc_set as = col[0]; lc_any(as);) {
                int a = lc_pop(&as);
                lc_set pa = lc_and(g->peers[a], holds);
                if (!lc_any(pa))
                    continue;
                for (lc_set bs = lc_andnot(col[1], g->peers[a]); lc_any(bs);)
                    if (lc_meets(pa, g->peers[lc_pop(&bs)]))
                        return 1;
            }
        }
    }
    return 0;
}
