/* logic/misc.c -- the C twins of the searches of sudokit/logic/techniques/misc.py (the
 * specification, with the rules and the order in its docstring): aligned pair exclusion
 * and Sue de Coq.
 *
 * lc_ape(state, out): the base cells (p, q), one byte each, of every aligned pair
 *     exclusion that removes something, in order (p, then q); misc.py _aligned builds the
 *     step of each pair with the same code as the pure search.
 * lc_sdc(state, limit, out): every Sue de Coq that removes something, in order, as
 *     records [crossing index (2 bytes, little-endian), k, the k core cells, l, the l
 *     cells of the line side (unit order), b, the b cells of the other side]; misc.py
 *     builds each step from its record with the same code as the pure search.
 */
#include "logic/board.h"

#include <stdlib.h>
#include <string.h>

/* --- aligned pair exclusion ------------------------------------------------------------ */

/* 1 when the pair p, q (excluders common) removes something (misc.py _aligned). */
static int aligned(const lc_state *s, int p, int q, lc_set common, int see)
{
    unsigned pairs[LC_MAXN] = {0}, dead = 0;   /* pairs[x]: the y with {x, y} an excluder */
    for (lc_set it = common; lc_any(it);) {
        unsigned m = s->cands[lc_pop(&it)];
        if (m & (m - 1)) {
            int x = sk_ctz64(m), y = sk_ctz64(m & (m - 1));
            pairs[x] |= 1u << y;
            pairs[y] |= 1u << x;
        } else {
            dead |= m;
        }
    }
    unsigned mp = s->cands[p] & ~dead, mq = s->cands[q] & ~dead, ok_p = 0, ok_q = 0;
    for (unsigned xs = mp; xs;) {
        int x = lc_popm(&xs);
        for (unsigned ys = mq; ys;) {
            int y = lc_popm(&ys);
            if (x == y ? see : (int)(pairs[x] >> y & 1))
                continue;
            ok_p |= 1u << x;
            ok_q |= 1u << y;
        }
    }
    return (s->cands[p] & ~ok_p) || (s->cands[q] & ~ok_q);
}

/* Every pair into out (first_only: stop at the first). */
static void ape_search(const lc_state *s, lc_buf *out, int first_only)
{
    const lc_geo *g = s->g;
    lc_set small = LC_EMPTY;
    int bases[LC_MAXC], nb = 0;
    lc_set near[LC_MAXC];
    for (int c = 0; c < g->ncells; c++) {
        int k = sk_pop64(s->cands[c]);
        if (k && k <= 2)
            lc_add(&small, c);
        if (k >= 2)
            bases[nb++] = c;
    }
    for (int c = 0; c < g->ncells; c++)
        near[c] = lc_and(g->peers[c], small);
    for (int i = 0; i < nb; i++) {
        int p = bases[i];
        if (!lc_any(near[p]))
            continue;
        for (int j = i + 1; j < nb; j++) {
            int q = bases[j];
            lc_set common = lc_and(near[p], near[q]);
            if (lc_count(common) < 2)
                continue;
            if (aligned(s, p, q, common, lc_has(g->peers[p], q))) {
                uint8_t rec[2] = {(uint8_t)p, (uint8_t)q};
                lc_put(out, rec, 2);
                if (first_only)
                    return;
            }
        }
    }
}

void lc_ape(const lc_state *s, lc_buf *out)
{
    ape_search(s, out, 0);
}

int lc_ape_any(const lc_state *s)
{
    lc_buf out = {NULL, 0, 0, 0};
    ape_search(s, &out, 1);
    free(out.p);
    return out.len > 0 || out.oom;   /* out of memory: "fires", the finder decides */
}

/* --- Sue de Coq -------------------------------------------------------------------------- */

typedef struct {
    lc_set cells;
    unsigned mask;
    int count;
    uint8_t list[LC_MAXN];
} subset_t;

/* Every subset of 1..limit of cells[0..n-1], in misc.py _subsets' DFS order. */
static void subsets(const lc_state *s, const uint8_t *cells, int n, int limit, int start,
                    subset_t *cur, subset_t *out, int *nout)
{
    for (int i = start; i < n; i++) {
        subset_t now = *cur;
        now.list[now.count++] = cells[i];
        lc_add(&now.cells, cells[i]);
        now.mask |= s->cands[cells[i]];
        out[(*nout)++] = now;
        if (now.count < limit)
            subsets(s, cells, n, limit, i + 1, &now, out, nout);
    }
}

typedef struct {
    const subset_t *set;
    unsigned extra;
    int slack;
} side_t;

/* The sides of one group: subsets holding a value of inner, 1 <= slack < need. */
static int side_sets(const subset_t *all, int nall, unsigned inner, int need, side_t *out)
{
    int k = 0;
    for (int i = 0; i < nall; i++) {
        if (!(all[i].mask & inner))
            continue;
        unsigned extra = all[i].mask & ~inner;
        int slack = all[i].count - sk_pop64(extra);
        if (slack >= 1 && slack < need) {
            out[k].set = &all[i];
            out[k].extra = extra;
            out[k++].slack = slack;
        }
    }
    return k;
}

/* 1 when removing drop from the cells of unit outside used takes something. */
static int drops(const lc_state *s, int unit, unsigned drop, lc_set used)
{
    const lc_geo *g = s->g;
    for (int i = 0; i < g->unit_len[unit]; i++) {
        int c = g->unit_cells[unit][i];
        if (!lc_has(used, c) && (s->cands[c] & drop))
            return 1;
    }
    return 0;
}

/* Every group of the crossing x (core cells core[0..nc-1]) into out. */
static void crossing(const lc_state *s, int x, const uint8_t *core, int nc, const subset_t *su,
                     int nsu, const subset_t *sv, int nsv, side_t *bu, side_t *bv, lc_buf *out)
{
    int u = s->g->cross_u[x], v = s->g->cross_v[x];
    for (int k = 2; k <= nc; k++) {
        int idx[LC_MAXN];
        for (int q = 0; q < k; q++)
            idx[q] = q;
        for (;;) {
            unsigned vmask = 0;
            lc_set group = LC_EMPTY;
            for (int q = 0; q < k; q++) {
                vmask |= s->cands[core[idx[q]]];
                lc_add(&group, core[idx[q]]);
            }
            int need = sk_pop64(vmask) - k;
            int nu = need < 2 ? 0 : side_sets(su, nsu, vmask, need, bu);
            int nv = nu ? side_sets(sv, nsv, vmask, need, bv) : 0;
            for (int a = 0; a < nu; a++) {
                for (int b = 0; b < nv; b++) {
                    const subset_t *L = bu[a].set, *B = bv[b].set;
                    if (bu[a].slack + bv[b].slack != need || (L->mask & B->mask & vmask))
                        continue;
                    unsigned drop_u = bu[a].extra | (vmask & ~B->mask);
                    unsigned drop_v = bv[b].extra | (vmask & ~L->mask);
                    lc_set used = lc_or(group, lc_or(L->cells, B->cells));
                    if (!drops(s, u, drop_u, used) && !drops(s, v, drop_v, used))
                        continue;
                    uint8_t rec[4 + 3 * LC_MAXN];
                    size_t len = 0;
                    rec[len++] = (uint8_t)(x & 0xff);
                    rec[len++] = (uint8_t)(x >> 8);
                    rec[len++] = (uint8_t)k;
                    for (int q = 0; q < k; q++)
                        rec[len++] = core[idx[q]];
                    rec[len++] = (uint8_t)L->count;
                    memcpy(rec + len, L->list, (size_t)L->count);
                    len += (size_t)L->count;
                    rec[len++] = (uint8_t)B->count;
                    memcpy(rec + len, B->list, (size_t)B->count);
                    len += (size_t)B->count;
                    lc_put(out, rec, len);
                }
            }
            /* the next combination of k of the nc core cells, lexicographic */
            int q = k - 1;
            while (q >= 0 && idx[q] == nc - k + q)
                q--;
            if (q < 0)
                break;
            idx[q]++;
            for (int r = q + 1; r < k; r++)
                idx[r] = idx[r - 1] + 1;
        }
    }
}

/* Every Sue de Coq into out (first_only: stop after the first crossing with one). */
static void sdc_search(const lc_state *s, int limit, lc_buf *out, int first_only)
{
    const lc_geo *g = s->g;
    size_t most = (size_t)1 << g->n;           /* subsets of at most n cells */
    subset_t *su = malloc(most * sizeof *su), *sv = malloc(most * sizeof *sv);
    side_t *bu = malloc(most * sizeof *bu), *bv = malloc(most * sizeof *bv);
    if (!su || !sv || !bu || !bv) {
        out->oom = 1;
        goto done;
    }
    for (int x = 0; x < g->ncross && !out->oom && !(first_only && out->len); x++) {
        int u = g->cross_u[x], v = g->cross_v[x];
        lc_set inter = g->cross_cells[x];
        uint8_t core[LC_MAXN], ru[LC_MAXN], rv[LC_MAXN];
        int nc = 0, nru = 0, nrv = 0;
        for (lc_set it = inter; lc_any(it);) {
            int c = lc_pop(&it);
            if (!s->values[c])
                core[nc++] = (uint8_t)c;
        }
        if (nc < 2)
            continue;
        for (int i = 0; i < g->unit_len[u]; i++) {
            int c = g->unit_cells[u][i];
            if (!s->values[c] && !lc_has(inter, c))
                ru[nru++] = (uint8_t)c;
        }
        for (int i = 0; i < g->unit_len[v]; i++) {
            int c = g->unit_cells[v][i];
            if (!s->values[c] && !lc_has(inter, c))
                rv[nrv++] = (uint8_t)c;
        }
        if (!nru || !nrv)
            continue;
        subset_t empty;
        memset(&empty, 0, sizeof empty);
        int nsu = 0, nsv = 0;
        subsets(s, ru, nru, limit, 0, &empty, su, &nsu);
        subsets(s, rv, nrv, limit, 0, &empty, sv, &nsv);
        crossing(s, x, core, nc, su, nsu, sv, nsv, bu, bv, out);
    }
done:
    free(su);
    free(sv);
    free(bu);
    free(bv);
}

void lc_sdc(const lc_state *s, int limit, lc_buf *out)
{
    sdc_search(s, limit, out, 0);
}

int lc_sdc_any(const lc_state *s, int limit)
{
    lc_buf out = {NULL, 0, 0, 0};
    sdc_search(s, limit, &out, 1);
    free(out.p);
    return out.len > 0 || out.oom;
}
