/* solve/rules.c -- the rules over many cells in C: the twin of _propagators.py's prune (for
 * propagate) and allows (for backtrack), the checker of a complete grid, and the tables
 * (sk_shape's prop_* and rule_* arrays) read from the flat arrays _backend._c_tables builds.
 * learn's clauses are computed once in Python (_propagators.learn_rules) and only stored
 * here; solve/learn_groups.c adds them to a search.  No Python objects.
 *
 * Representation (solve/kernels.h draws sk_shape)
 * --------------
 *   propagator k:  kind = prop_kind[k], cells = prop_cells[prop_start[k] .. prop_start[k+1]-1],
 *                  data = prop_data[prop_dstart[k] .. prop_dstart[k+1]-1]
 *
 *      SK_SUM       | w0 w1 ... w(m-1) | total | g0 ... g(m-1) |
 *                   sum of w[i] * value(cells[i]) == total; cells with one group number
 *                   g[i] (0 <= g < m) differ and have one weight
 *      SK_SETS      | mask0 mask1 ... |           the cells' values form one of the masks
 *      SK_SANDWICH  | total |                     cells = a row or column (m = N)
 *      SK_MASK      | mask |                      every cell's value is in the mask
 *
 *   cand[] as in solve/anysize.c: bit v-1 of cand[cell] <=> value v still possible.
 *
 * Every prune is monotone and sound, and propagate runs them with the singles until nothing
 * changes, so the fixpoint (and so every node) is that of the Python twin whatever the order.
 */
#include <stdlib.h>
#include <string.h>

#include "include/bits.h"
#include "solve/kernels.h"

#define BITLEN(x) (64 - __builtin_clzll(x))   /* x != 0 */
#define LOWV(x) (__builtin_ctzll(x) + 1)      /* the least value of a mask != 0 */

/* --- tables ---------------------------------------------------------------------------- */

int sk_shape_set_rules(sk_shape *sh, const int64_t *props, size_t len, const int32_t *rules,
                       size_t rlen)
{
    const int ncells = sh->ncells, n = sh->n;
    /* pass 1: check and count */
    size_t at = 0, ncellrefs = 0, ndata = 0;
    int nprops = 0;
    while (at < len) {
        if (len - at < 2)
            return -1;
        int64_t kind = props[at], m = props[at + 1];
        if (kind < SK_SUM || kind > SK_MASK || m < 1 || (size_t)m > len - at - 3)
            return -1;
        for (int64_t i = 0; i < m; i++)
            if (props[at + 2 + i] < 0 || props[at + 2 + i] >= ncells)
                return -1;
        int64_t nd = props[at + 2 + m];
        if (nd < 0 || (size_t)nd > len - at - 3 - m)
            return -1;
        if ((kind == SK_SUM && nd != 2 * m + 1) || (kind == SK_SANDWICH && (nd != 1 || m != n))
            || (kind == SK_MASK && nd != 1) || (kind == SK_SETS && m > 64))
            return -1;
        if (kind == SK_SUM) {   /* groups: 0 <= g < m, one weight each */
            const int64_t *w = props + at + 3 + m, *g = w + m + 1;
            for (int64_t i = 0; i < m; i++) {
                if (g[i] < 0 || g[i] >= m)
                    return -1;
                for (int64_t j = 0; j < i; j++)
                    if (g[j] == g[i] && w[j] != w[i])
                        return -1;
            }
        }
        ncellrefs += (size_t)m;
        ndata += (size_t)nd;
        nprops++;
        at += 3 + (size_t)m + (size_t)nd;
    }
    int nv = n * ncells;
    int aux = 0, ng = 0, ncl = 0, nfalse = 0;
    size_t gvars = 0, clits = 0, r = 0;
    if (rlen) {
        if (rlen < 2 || rules[0] < 0 || rules[0] > 0x3fffffff - nv)
            return -1;
        aux = rules[0];
        long long total = (long long)nv + aux;
        ng = rules[1];
        r = 2;
        for (int g = 0; g < ng; g++) {
            if (r >= rlen || rules[r] < 1 || (size_t)rules[r] > rlen - r - 1)
                return -1;
            for (int i = 1; i <= rules[r]; i++)
                if (rules[r + i] < nv || rules[r + i] >= total)
                    return -1;   /* (the groups hold aux variables only) */
            gvars += (size_t)rules[r];
            r += 1 + (size_t)rules[r];
        }
        if (r >= rlen || rules[r] < 0)
            return -1;
        ncl = rules[r++];
        for (int k = 0; k < ncl; k++) {
            if (r >= rlen || rules[r] < 2 || (size_t)rules[r] > rlen - r - 1)
                return -1;
            for (int i = 1; i <= rules[r]; i++)
                if (rules[r + i] < 0 || rules[r + i] >= 2 * total)
                    return -1;
            clits += (size_t)rules[r];
            r += 1 + (size_t)rules[r];
        }
        if (r >= rlen || rules[r] < 0 || (size_t)rules[r] != rlen - r - 1)
            return -1;
        nfalse = rules[r++];
        for (int i = 0; i < nfalse; i++)
            if (rules[r + i] < 0 || rules[r + i] >= total)
                return -1;
    }
    /* pass 2: fill */
    uint8_t *kind = malloc((size_t)nprops + 1);
    int32_t *pstart = malloc(sizeof(int32_t) * ((size_t)nprops + 1));
    int16_t *pcells = malloc(sizeof(int16_t) * (ncellrefs + 1));
    int32_t *dstart = malloc(sizeof(int32_t) * ((size_t)nprops + 1));
    int64_t *data = malloc(sizeof(int64_t) * (ndata + 1));
    int32_t *cpstart = calloc((size_t)ncells + 1, sizeof(int32_t));
    int32_t *cprops = malloc(sizeof(int32_t) * (ncellrefs + 1));
    int32_t *gstart = malloc(sizeof(int32_t) * ((size_t)ng + 1));
    int32_t *gv = malloc(sizeof(int32_t) * (gvars + 1));
    int32_t *cstart = malloc(sizeof(int32_t) * ((size_t)ncl + 1));
    int32_t *cl = malloc(sizeof(int32_t) * (clits + 1));
    int32_t *fv = malloc(sizeof(int32_t) * ((size_t)nfalse + 1));
    int32_t *fill = calloc((size_t)ncells + 1, sizeof(int32_t));
    if (!kind || !pstart || !pcells || !dstart || !data || !cpstart || !cprops || !gstart || !gv
        || !cstart || !cl || !fv || !fill) {
        free(kind); free(pstart); free(pcells); free(dstart); free(data); free(cpstart);
        free(cprops); free(gstart); free(gv); free(cstart); free(cl); free(fv); free(fill);
        return -2;
    }
    at = 0;
    pstart[0] = dstart[0] = 0;
    for (int k = 0; k < nprops; k++) {
        int m = (int)props[at + 1], nd = (int)props[at + 2 + m];
        kind[k] = (uint8_t)props[at];
        for (int i = 0; i < m; i++) {
            int c = (int)props[at + 2 + i];
            pcells[pstart[k] + i] = (int16_t)c;
            cpstart[c + 1]++;
        }
        for (int i = 0; i < nd; i++)
            data[dstart[k] + i] = props[at + 3 + m + i];
        pstart[k + 1] = pstart[k] + m;
        dstart[k + 1] = dstart[k] + nd;
        at += 3 + (size_t)m + (size_t)nd;
    }
    for (int c = 0; c < ncells; c++)
        cpstart[c + 1] += cpstart[c];
    for (int k = 0; k < nprops; k++)
        for (int i = pstart[k]; i < pstart[k + 1]; i++) {
            int c = pcells[i];
            /* (a cell listed twice in one propagator is listed once here) */
            if (fill[c] && cprops[cpstart[c] + fill[c] - 1] == k)
                continue;
            cprops[cpstart[c] + fill[c]++] = k;
        }
    /* compact the lists the duplicates left short */
    {
        int32_t w = 0;
        for (int c = 0; c < ncells; c++) {
            int32_t from = cpstart[c];
            cpstart[c] = w;
            for (int i = 0; i < fill[c]; i++)
                cprops[w++] = cprops[from + i];
        }
        cpstart[ncells] = w;
    }
    free(fill);
    r = 2;
    gstart[0] = 0;
    for (int g = 0; g < ng; g++) {
        int m = rules[r];
        memcpy(gv + gstart[g], rules + r + 1, sizeof(int32_t) * (size_t)m);
        gstart[g + 1] = gstart[g] + m;
        r += 1 + (size_t)m;
    }
    if (rlen)
        r++;
    cstart[0] = 0;
    for (int k = 0; k < ncl; k++) {
        int m = rules[r];
        memcpy(cl + cstart[k], rules + r + 1, sizeof(int32_t) * (size_t)m);
        cstart[k + 1] = cstart[k] + m;
        r += 1 + (size_t)m;
    }
    if (rlen)
        r++;
    if (nfalse)
        memcpy(fv, rules + r, sizeof(int32_t) * (size_t)nfalse);
    sh->nprops = nprops;
    sh->prop_kind = kind;
    sh->prop_start = pstart;
    sh->prop_cells = pcells;
    sh->prop_dstart = dstart;
    sh->prop_data = data;
    sh->cp_start = cpstart;
    sh->cell_props = cprops;
    sh->rule_aux = aux;
    sh->rule_ngroups = ng;
    sh->rule_ncls = ncl;
    sh->rule_nfalse = nfalse;
    sh->rg_start = gstart;
    sh->rg_vars = gv;
    sh->rc_start = cstart;
    sh->rc_lits = cl;
    sh->rule_false = fv;
    return 0;
}

/* --- prune (propagate) -------------------------------------------------------------------- */

typedef struct {
    uint64_t *cand;
    sk_changed_fn changed;
    void *ctx;
} pruner;

static inline void set_cand(pruner *p, int c, uint64_t m)
{
    uint64_t old = p->cand[c];
    p->cand[c] = m;
    p->changed(p->ctx, c, old);
}

/* The least and greatest w*v for v in the mask m != 0. */
static inline void span(int64_t w, uint64_t m, int64_t *lo, int64_t *hi)
{
    int64_t a = w * LOWV(m), b = w * BITLEN(m);
    if (w > 0) {
        *lo = a;
        *hi = b;
    } else {
        *lo = b;
        *hi = a;
    }
}

/* The values v of m with low <= w*v <= high. */
static inline uint64_t within(int64_t w, uint64_t m, int64_t low, int64_t high)
{
    uint64_t keep = 0;
    for (uint64_t x = m; x; x &= x - 1) {
        int64_t y = w * LOWV(x);
        if (low <= y && y <= high)
            keep |= x & (~x + 1);
    }
    return keep;
}

/* The sum of the k least (greatest) values of the mask m (popcount(m) >= k). */
static inline int64_t least(uint64_t m, int k)
{
    int64_t s = 0;
    for (; k > 0; k--, m &= m - 1)
        s += LOWV(m);
    return s;
}

static inline int64_t greatest(uint64_t m, int k)
{
    int64_t s = 0;
    for (; k > 0; k--) {
        int v = BITLEN(m);
        s += v;
        m &= ~((uint64_t)1 << (v - 1));
    }
    return s;
}

/* The least and greatest w * (first + the sum of k distinct values of m); 0 when m has
 * fewer than k values. */
static inline int group_span(int64_t w, uint64_t m, int k, int64_t first, int64_t *lo,
                             int64_t *hi)
{
    if (__builtin_popcountll(m) < k)
        return 0;
    int64_t a = w * (first + least(m, k)), b = w * (first + greatest(m, k));
    if (w > 0) {
        *lo = a;
        *hi = b;
    } else {
        *lo = b;
        *hi = a;
    }
    return 1;
}

/* data: w[0..m-1], total, group[0..m-1] (the cells of a group share a weight and a unit). */
static int prune_sum(pruner *p, const int16_t *cells, int m, const int64_t *data)
{
    const int64_t *w = data, total = data[m], *grp = data + m + 1;
    uint64_t *cand = p->cand;
    int ng = 0;
    for (int i = 0; i < m; i++)
        if (grp[i] >= ng)
            ng = (int)grp[i] + 1;
    uint64_t ustack[2 * 64];
    int64_t sstack[4 * 64];
    uint64_t *uni = ustack;
    int64_t *glo = sstack;
    if (ng > 64) {
        uni = malloc(sizeof(uint64_t) * 2 * (size_t)ng);
        glo = malloc(sizeof(int64_t) * 4 * (size_t)ng);
        if (!uni || !glo) {   /* no room to reason: prune nothing (sound) */
            free(uni);
            free(glo);
            return 0;
        }
    }
    uint64_t *twice = uni + ng;
    int64_t *ghi = glo + ng, *gw = glo + 2 * ng, *gk = glo + 3 * ng;
    int changed = 0, r;
    for (;;) {
        for (int g = 0; g < ng; g++)
            uni[g] = twice[g] = 0, gk[g] = gw[g] = 0;
        for (int i = 0; i < m; i++) {
            int64_t g = grp[i];
            uint64_t d = cand[cells[i]];
            twice[g] |= uni[g] & d;
            uni[g] |= d;
            gw[g] = w[i];
            gk[g]++;
        }
        int64_t lo = 0, hi = 0;
        r = 0;
        for (int g = 0; g < ng; g++) {
            if (!group_span(gw[g], uni[g], (int)gk[g], 0, &glo[g], &ghi[g])) {
                r = -1;
                break;
            }
            lo += glo[g];
            hi += ghi[g];
        }
        if (r == 0 && !(lo <= total && total <= hi))
            r = -1;
        int again = 0;
        for (int i = 0; i < m && r == 0; i++) {
            int c = cells[i];
            int64_t g = grp[i], a, b;
            int64_t low = total - (hi - ghi[g]), high = total - (lo - glo[g]);
            uint64_t d = cand[c], others = twice[g] | (uni[g] & ~d), keep = 0;
            for (uint64_t x = d; x; x &= x - 1) {
                uint64_t bit = x & (~x + 1);
                if (group_span(gw[g], others & ~bit, (int)gk[g] - 1, LOWV(x), &a, &b)
                    && a <= high && low <= b)
                    keep |= bit;
            }
            if (keep != d) {
                if (!keep)
                    r = -1;
                else {
                    set_cand(p, c, keep);
                    changed = again = 1;
                }
            }
        }
        if (r < 0 || !again)
            break;
    }
    if (ng > 64) {
        free(uni);
        free(glo);
    }
    return r < 0 ? -1 : changed;
}

/* Can each cell i (candidates doms[i], within s) take its own value of s, all of s used?
 * (Kuhn's augmenting paths; m = popcount(s) <= 64.) */
static int augment(const uint64_t *doms, int i, int *owner, uint64_t *seen)
{
    for (uint64_t x = doms[i] & ~*seen; x; x &= x - 1) {
        int v = __builtin_ctzll(x);
        if (*seen >> v & 1)
            continue;
        *seen |= (uint64_t)1 << v;
        if (owner[v] < 0 || augment(doms, owner[v], owner, seen)) {
            owner[v] = i;
            return 1;
        }
    }
    return 0;
}

static int matching(const uint64_t *doms, int m)
{
    int owner[64];
    for (int v = 0; v < 64; v++)
        owner[v] = -1;
    for (int i = 0; i < m; i++) {
        uint64_t seen = 0;
        if (!augment(doms, i, owner, &seen))
            return 0;
    }
    return 1;
}

static int prune_sets(pruner *p, const int16_t *cells, int m, const int64_t *masks, int nmasks)
{
    uint64_t doms[64], sub[64], uni = 0, keep = 0;
    for (int i = 0; i < m; i++) {
        doms[i] = p->cand[cells[i]];
        uni |= doms[i];
    }
    for (int k = 0; k < nmasks; k++) {
        uint64_t s = (uint64_t)masks[k];
        if ((s & ~uni) || (s & keep) == s)   /* (a set inside keep adds nothing) */
            continue;
        int ok = 1;
        for (int i = 0; i < m && ok; i++)
            ok = (sub[i] = doms[i] & s) != 0;
        if (ok && matching(sub, m))
            keep |= s;
    }
    if (!keep)
        return -1;
    int changed = 0;
    for (int i = 0; i < m; i++) {
        uint64_t x = doms[i] & keep;
        if (x != doms[i]) {
            if (!x)
                return -1;
            if (p->cand[cells[i]] != x) {
                set_cand(p, cells[i], x);
                changed = 1;
            }
        }
    }
    return changed;
}

/* Add to nw what "a at p, b at q" leaves each cell, if that placement is possible. */
static void place(const uint64_t *doms, uint64_t *nw, int n, int p, int q, uint64_t a,
                  uint64_t b, uint64_t mid, int64_t total)
{
    if (!(doms[p] & a) || !(doms[q] & b))
        return;
    uint64_t uni = 0;   /* the cells between: one row or column, so their values differ */
    for (int j = 0; j < n; j++) {
        if (j == p || j == q)
            continue;
        uint64_t d = doms[j] & mid;
        if (!d)
            return;
        if (j > p && j < q)
            uni |= d;
    }
    int k = q - p - 1;
    int64_t lo, hi;
    if (!group_span(1, uni, k, 0, &lo, &hi) || !(lo <= total && total <= hi))
        return;
    uint64_t kept[SK_MAX_SIZE], before[SK_MAX_SIZE + 1], after[SK_MAX_SIZE + 1];
    before[0] = after[k] = 0;
    for (int j = 0; j < k; j++) {
        before[j + 1] = before[j] | (doms[p + 1 + j] & mid);
        after[k - 1 - j] = after[k - j] | (doms[q - 1 - j] & mid);
    }
    for (int j = 0; j < k; j++) {
        uint64_t d = doms[p + 1 + j] & mid, others = before[j] | after[j + 1], keep = 0;
        for (uint64_t x = d; x; x &= x - 1) {
            uint64_t bit = x & (~x + 1);
            if (group_span(1, others & ~bit, k - 1, LOWV(x), &lo, &hi) && lo <= total
                && total <= hi)
                keep |= bit;
        }
        if (!keep)
            return;
        kept[p + 1 + j] = keep;
    }
    nw[p] |= a;
    nw[q] |= b;
    for (int j = p + 1; j < q; j++)
        nw[j] |= kept[j];
    for (int j = 0; j < p; j++)
        nw[j] |= doms[j] & mid;
    for (int j = q + 1; j < n; j++)
        nw[j] |= doms[j] & mid;
}

static int prune_sandwich(pruner *p, const int16_t *cells, int n, int64_t total)
{
    const uint64_t one = 1, top = (uint64_t)1 << (n - 1);
    const uint64_t full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    const uint64_t mid = full & ~(one | top);
    uint64_t doms[SK_MAX_SIZE], nw[SK_MAX_SIZE];
    int changed = 0;
    for (;;) {
        for (int j = 0; j < n; j++) {
            doms[j] = p->cand[cells[j]];
            nw[j] = 0;
        }
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                place(doms, nw, n, a, b, one, top, mid, total);
                place(doms, nw, n, a, b, top, one, mid, total);
            }
        int again = 0;
        for (int j = 0; j < n; j++) {
            if (!nw[j])
                return -1;
            if (nw[j] != doms[j]) {
                set_cand(p, cells[j], nw[j]);
                changed = again = 1;
            }
        }
        if (!again)
            return changed;
    }
}

static int prune_mask(pruner *p, const int16_t *cells, int m, uint64_t mask)
{
    int changed = 0;
    for (int i = 0; i < m; i++) {
        uint64_t d = p->cand[cells[i]], x = d & mask;
        if (x != d) {
            if (!x)
                return -1;
            set_cand(p, cells[i], x);
            changed = 1;
        }
    }
    return changed;
}

int sk_prune_all(const sk_shape *sh, uint64_t *cand, uint64_t *snap, sk_changed_fn changed,
                 void *ctx)
{
    pruner p = {cand, changed, ctx};
    int any = 0;
    for (int k = 0; k < sh->nprops; k++) {
        const int16_t *cells = sh->prop_cells + sh->prop_start[k];
        int m = sh->prop_start[k + 1] - sh->prop_start[k];
        uint64_t *memo = snap ? snap + sh->prop_start[k] : NULL;
        if (memo) {   /* unchanged since its last pruning: at its fixpoint (every prune is) */
            int same = 1;
            for (int i = 0; i < m && same; i++)
                same = cand[cells[i]] == memo[i];
            if (same)
                continue;
        }
        const int64_t *data = sh->prop_data + sh->prop_dstart[k];
        int nd = sh->prop_dstart[k + 1] - sh->prop_dstart[k], r;
        switch (sh->prop_kind[k]) {
        case SK_SUM:
            r = prune_sum(&p, cells, m, data);
            break;
        case SK_SETS:
            r = prune_sets(&p, cells, m, data, nd);
            break;
        case SK_SANDWICH:
            r = prune_sandwich(&p, cells, m, data[0]);
            break;
        default:
            r = prune_mask(&p, cells, m, (uint64_t)data[0]);
            break;
        }
        if (r < 0)
            return -1;
        any |= r;
        if (memo)
            for (int i = 0; i < m; i++)
                memo[i] = cand[cells[i]];
    }
    return any;
}

/* --- allows (backtrack) -------------------------------------------------------------------- */

static uint64_t allow_one(const sk_shape *sh, int k, const uint8_t *cur, int cell, uint64_t free)
{
    const int n = sh->n;
    const int16_t *cells = sh->prop_cells + sh->prop_start[k];
    int m = sh->prop_start[k + 1] - sh->prop_start[k];
    const int64_t *data = sh->prop_data + sh->prop_dstart[k];
    int nd = sh->prop_dstart[k + 1] - sh->prop_dstart[k];
    switch (sh->prop_kind[k]) {
    case SK_MASK:
        return free & (uint64_t)data[0];
    case SK_SETS: {
        uint64_t placed = 0, uni = 0;
        for (int i = 0; i < m; i++)
            if (cells[i] != cell && cur[cells[i]])
                placed |= (uint64_t)1 << (cur[cells[i]] - 1);
        for (int j = 0; j < nd; j++)
            if (((uint64_t)data[j] & placed) == placed)
                uni |= (uint64_t)data[j];
        return free & uni;   /* v allowed <=> some set holds placed and v */
    }
    case SK_SUM: {
        int64_t rest = data[m], lo = 0, hi = 0, wc = 0;
        for (int i = 0; i < m; i++) {
            int64_t w = data[i];
            int c = cells[i];
            if (c == cell)
                wc += w;
            else if (cur[c])
                rest -= w * cur[c];
            else if (w > 0) {
                lo += w;
                hi += w * n;
            } else {
                lo += w * n;
                hi += w;
            }
        }
        uint64_t out = 0;
        for (uint64_t x = free; x; x &= x - 1) {
            int64_t r = rest - wc * LOWV(x);
            if (lo <= r && r <= hi)
                out |= x & (~x + 1);
        }
        return out;
    }
    default: {   /* sandwich */
        uint64_t out = 0;
        for (uint64_t x = free; x; x &= x - 1) {
            int v = LOWV(x);
            int e0 = -1, e1 = -1;
            for (int i = 0; i < m && e1 < 0; i++) {
                int y = cells[i] == cell ? v : cur[cells[i]];
                if (y == 1 || y == n) {
                    if (e0 < 0)
                        e0 = i;
                    else
                        e1 = i;
                }
            }
            if (e1 < 0) {
                out |= x & (~x + 1);
                continue;
            }
            int64_t placed = 0, empty = 0;
            for (int i = e0 + 1; i < e1; i++) {
                int y = cells[i] == cell ? v : cur[cells[i]];
                placed += y;
                empty += y == 0;
            }
            if (placed + 2 * empty <= data[0] && data[0] <= placed + (n - 1) * empty)
                out |= x & (~x + 1);
        }
        return out;
    }
    }
}

uint64_t sk_rules_allow(const sk_shape *sh, const uint8_t *cur, int c, uint64_t free)
{
    for (int32_t k = sh->cp_start[c], end = sh->cp_start[c + 1]; k < end && free; k++)
        free = allow_one(sh, sh->cell_props[k], cur, c, free);
    return free;
}

/* --- the checker ---------------------------------------------------------------------- */

int sk_rules_hold(const sk_shape *sh, const uint8_t *grid)
{
    const int n = sh->n;
    for (int k = 0; k < sh->nprops; k++) {
        const int16_t *cells = sh->prop_cells + sh->prop_start[k];
        int m = sh->prop_start[k + 1] - sh->prop_start[k];
        const int64_t *data = sh->prop_data + sh->prop_dstart[k];
        int nd = sh->prop_dstart[k + 1] - sh->prop_dstart[k];
        if (sh->prop_kind[k] == SK_SUM) {
            int64_t s = 0;
            for (int i = 0; i < m; i++)
                s += data[i] * grid[cells[i]];
            if (s != data[m])
                return 0;
        } else if (sh->prop_kind[k] == SK_SETS) {
            uint64_t set = 0;
            for (int i = 0; i < m; i++)
                set |= (uint64_t)1 << (grid[cells[i]] - 1);
            int ok = sk_pop64(set) == m;
            int found = 0;
            for (int j = 0; j < nd && ok && !found; j++)
                found = (uint64_t)data[j] == set;
            if (!found)
                return 0;
        } else if (sh->prop_kind[k] == SK_SANDWICH) {
            int e0 = -1, e1 = -1;
            for (int i = 0; i < m; i++)
                if (grid[cells[i]] == 1 || grid[cells[i]] == n) {
                    if (e0 < 0)
                        e0 = i;
                    else if (e1 < 0)
                        e1 = i;
                }
            if (e1 < 0)
                return 0;
            int64_t s = 0;
            for (int i = e0 + 1; i < e1; i++)
                s += grid[cells[i]];
            if (s != data[0])
                return 0;
        } else {
            for (int i = 0; i < m; i++)
                if (!((uint64_t)data[0] >> (grid[cells[i]] - 1) & 1))
                    return 0;
        }
    }
    return 1;
}
