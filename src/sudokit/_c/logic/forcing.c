/* logic/forcing.c -- the static forcing chains (cell and unit forcing chains) in C.
 * sudokit/logic/techniques/forcing.py is the specification (find_cell_forcing_chain,
 * find_unit_forcing_chain and their pure helpers _reaches, _static_contradiction,
 * _static_verity, _static_path); core/links.py's "group" graph is the graph.
 *
 * Representation: the dense group graph of logic/links.h (lc_dg_build, kind 3), numbered in
 * the order of the Python node ids (so "lowest id" picks the same node):
 *
 *     dense 0 .. ncand-1        candidate literals, by literal id b * nc + cell
 *     dense ncand .. K-1        group nodes, in core/links.py _add_groups' numbering
 *                               (Python id n * nc + k for the k-th group)
 *     weak[i], strong[i]        rows of W = ceil(K / 64) words over dense nodes
 *
 * The candidates are the low ncand bits of a row, so "restricted to the candidates" is a
 * mask of whole words.  Reach: lc_dg_reach from every node (a chain goes on from an off
 * node only when it has a strong link, as _closure); then on(x) = reach of "x on" over the
 * candidates, off(x) likewise (forcing._reaches).
 *
 * Search, in the finders' order: cell mode: the cells with two candidates or more in
 * order, for each its candidates (value order): a contradiction (on(x) & off(x) not
 * empty: y is its lowest literal), then the verity (what every candidate makes on,
 * outside the cell's own, and off).  Unit mode: the full units in order, values
 * ascending (not placed in the unit, two places or more), the places in cell order.
 * A position numbers the tests: cell mode c * (n + 1) + j, unit mode
 * (f * n + b) * (n + 1) + j, j the candidate (j < count) or the verity (j = count).
 * Paths: _links.Walk's breadth-first search from "x on", the first layer with the target
 * at its polarity, each predecessor the lowest node of the layer before that links to it.
 *
 *   lc_static_new(state) -> the graph and reach of a state (logic/forcing.h)
 *   lc_static_next(t, mode, pos, step) -> the first step at or after pos (a contradiction
 *       of x, or a verity), its paths as (node id, on) pairs (Python ids: literal or
 *       n * nc + group index); bind/logic_chains.c turns it into logic_static_next's tuple
 */
#include "logic/forcing.h"

#include <stdlib.h>
#include <string.h>

void lc_static_free(lc_static *t)
{
    if (!t)
        return;
    lc_dg_free(&t->d);
    free(t->reach);
    free(t->comp);
    free(t);
}

lc_static *lc_static_new(const lc_state *s)
{
    lc_static *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->s = s;
    t->n = s->g->n;
    t->nc = s->g->ncells;
    if (lc_dg_build(t->s, 3, &t->d) < 0 || lc_dg_reach(&t->d, 1, &t->comp, &t->reach) < 0) {
        lc_static_free(t);
        return NULL;
    }
    t->K = t->d.M;
    t->W = t->d.W;
    t->ncand = t->d.nlit;
    t->ngroups = t->d.M - t->d.nlit;
    return t;
}

/* --- the search ------------------------------------------------------------------------- */

/* Into on/off (W words each): what candidate dense i makes on and off, over the
 * candidates (forcing._reaches). */
static void reach_of(const lc_static *t, int i, uint64_t *on, uint64_t *off)
{
    const uint64_t *r = t->reach + (size_t)t->comp[i] * 2 * t->W;
    int W = t->W, full = t->ncand / 64, part = t->ncand % 64;
    for (int k = 0; k < W; k++) {
        uint64_t mask = k < full ? ~(uint64_t)0 : k == full && part ? ((uint64_t)1 << part) - 1 : 0;
        on[k] = r[k] & mask;
        off[k] = r[W + k] & mask;
    }
}

/* The Walk path from dense x on to dense y at polarity on, appended to st's paths as
 * (id, on) pairs, first node first; 0, -1 when out of memory, -2 when y is not reached. */
static int path(const lc_static *t, int x, int y, int on, lc_static_step *st)
{
    int K = t->K, W = t->W, rc = -1;
    uint64_t *layers = malloc((size_t)(2 * K + 2) * W * sizeof(uint64_t));
    uint64_t *seen = calloc(2 * (size_t)W, sizeof(uint64_t));
    int *pairs = NULL;
    if (!layers || !seen)
        goto done;
    memset(layers, 0, (size_t)W * sizeof(uint64_t));
    bset(layers, x);
    bset(seen + W, x);                        /* seen[on] */
    int k = 0;
    for (;;) {
        const uint64_t *cur = ROW(layers, k, W);
        if ((k % 2 == 0) == (on != 0) && (cur[y >> 6] >> (y & 63) & 1))
            break;
        if (k + 1 >= 2 * K + 2 || bfirst(cur, W) < 0) {
            rc = -2;
            goto done;
        }
        int from_on = k % 2 == 0;
        const uint64_t *table = from_on ? t->d.weak : t->d.strong;
        uint64_t *next = ROW(layers, k + 1, W), *sn = seen + (from_on ? 0 : W);
        memset(next, 0, (size_t)W * sizeof(uint64_t));
        for (int j = 0; j < W; j++)
            for (uint64_t b = cur[j]; b; b &= b - 1) {
                const uint64_t *row = ROW(table, j * 64 + sk_ctz64(b), W);
                for (int q = 0; q < W; q++)
                    next[q] |= row[q];
            }
        for (int q = 0; q < W; q++) {
            next[q] &= ~sn[q];
            sn[q] |= next[q];
        }
        k++;
    }
    pairs = malloc((size_t)(k + 1) * 2 * sizeof(int));
    if (!pairs)
        goto done;
    int node = y;
    for (int j = k; j >= 0; j--) {
        int pol = j % 2 == 0;
        if (j < k) {
            const uint64_t *link = ROW(pol ? t->d.weak : t->d.strong, node, W);
            const uint64_t *lay = ROW(layers, j, W);
            node = -1;
            for (int q = 0; q < W && node < 0; q++)
                if (lay[q] & link[q])
                    node = q * 64 + sk_ctz64(lay[q] & link[q]);
        }
        pairs[2 * j] = t->d.id[node];
        pairs[2 * j + 1] = pol;
    }
    lc_put(&st->nodes, pairs, (size_t)(k + 1) * 2 * sizeof(int));
    st->path_end[st->npaths++] = (int)(st->nodes.len / (2 * sizeof(int)));
    rc = st->nodes.oom ? -1 : 0;
done:
    free(layers);
    free(seen);
    free(pairs);
    return rc;
}

/* The lits (dense) of test group g in mode; their count, or -1 when the group is not one
 * (a cell with < 2 candidates, a placed value, < 2 places).  *where_a, *where_b: the cell
 * (cell mode) or the unit and value. */
static int lits_of(const lc_static *t, int mode, int grp, int *lits, int *wa, int *wb)
{
    const lc_state *s = t->s;
    int n = t->n, nc = t->nc, k = 0;
    if (mode == 0) {
        unsigned m = s->cands[grp];
        if (!(m & (m - 1)))
            return -1;
        while (m) {
            int b = lc_popm(&m);
            lits[k++] = t->d.dense[b * nc + grp];
        }
        *wa = grp;
        *wb = -1;
        return k;
    }
    const lc_geo *g = s->g;
    int u = g->full[grp / n], b = grp % n;
    for (int i = 0; i < g->unit_len[u]; i++)
        if (s->values[g->unit_cells[u][i]] == b + 1)
            return -1;
    lc_set w = lc_and(g->unit_bits[u], s->vcells[b + 1]);
    if (!two_plus(w))
        return -1;
    while (lc_any(w))
        lits[k++] = t->d.dense[b * nc + lc_pop(&w)];
    *wa = u;
    *wb = b + 1;
    return k;
}

int lc_static_next(const lc_static *t, int mode, long pos, lc_static_step *st)
{
    int n = t->n, W = t->W, ngroups = mode == 0 ? t->nc : t->s->g->nfull * n, rc = 0;
    uint64_t *on = malloc((size_t)4 * W * sizeof(uint64_t));
    if (!on)
        return -1;
    uint64_t *off = on + W, *on_all = on + 2 * W, *off_all = on + 3 * W;
    int lits[LC_MAXN + 1];
    for (long grp = pos / (n + 1); grp < ngroups; grp++) {
        int wa, wb, k = lits_of(t, mode, (int)grp, lits, &wa, &wb);
        if (k < 0)
            continue;
        int j0 = grp == pos / (n + 1) ? (int)(pos % (n + 1)) : 0;
        for (int j = j0; j < k; j++) {
            reach_of(t, lits[j], on, off);
            int y = -1;
            for (int q = 0; q < W && y < 0; q++)
                if (on[q] & off[q])
                    y = q * 64 + sk_ctz64(on[q] & off[q]);
            if (y < 0)
                continue;
            st->verity = 0;
            st->pos = grp * (n + 1) + j;
            st->x = t->d.id[lits[j]];
            st->y = t->d.id[y];
            rc = path(t, lits[j], y, 1, st);
            if (rc == 0)
                rc = path(t, lits[j], y, 0, st);
            rc = rc < 0 ? rc : 1;
            goto done;
        }
        if (j0 > k)
            continue;
        int any = 1;
        for (int j = 0; j < k && any; j++) {
            reach_of(t, lits[j], on, off);
            any = 0;
            for (int q = 0; q < W; q++) {
                on_all[q] = j ? on_all[q] & on[q] : on[q];
                off_all[q] = j ? off_all[q] & off[q] : off[q];
                any |= (on_all[q] | off_all[q]) != 0;
            }
        }
        for (int j = 0; j < k && any; j++)
            on_all[lits[j] >> 6] &= ~((uint64_t)1 << (lits[j] & 63));
        any = 0;
        for (int q = 0; q < W; q++)
            any |= (on_all[q] | off_all[q]) != 0;
        if (!any)
            continue;
        st->verity = 1;
        st->pos = grp * (n + 1) + k;
        st->k = k;
        st->where_a = wa;
        st->where_b = wb;
        int first = -1, first_on = 0;
        for (int side = 1; side >= 0; side--)
            for (int q = 0; q < W; q++)
                for (uint64_t b = (side ? on_all : off_all)[q]; b; b &= b - 1) {
                    int d = q * 64 + sk_ctz64(b);
                    if (first < 0) {
                        first = d;
                        first_on = side;
                    }
                    int pair[2] = {t->d.id[d], side};
                    lc_put(&st->found, pair, sizeof pair);
                }
        rc = st->found.oom ? -1 : 0;
        for (int j = 0; j < k && rc == 0; j++) {
            st->lits[j] = t->d.id[lits[j]];
            rc = path(t, lits[j], first, first_on, st);
        }
        rc = rc < 0 ? rc : 1;
        goto done;
    }
done:
    free(on);
    return rc;
}
