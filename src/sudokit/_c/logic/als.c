/* logic/als.c -- the C twin of sudokit/logic/techniques/als.py: almost locked sets, their
 * restricted commons, ALS-XZ and ALS-XY-Wing (the Python module is the specification and
 * documents the rules and the order).
 *
 *   sets    every ALS (1..max_cells cells of one unit holding one value more than cells),
 *           the same cell set in two units kept once (the first unit), sorted by (size,
 *           unit, cells read as an integer); where[v] / sees[v] as als.py's Als
 *   links   (i, j, rcc mask) for every pair i < j of disjoint ALSs with a restricted common,
 *           by i then j (found through an index: per value x and first cell of where[x])
 *   xz      the links whose ALS-XZ removes something, in link order
 *   xy      ALS-XY-Wings: pivot k ascending, partners (a, b) in index order, x in the
 *           (a, k) commons, y in the (b, k) commons, x != y; the same (a, b, eliminations)
 *           once
 *
 * lc_als_new(state, max_cells) -> the sets and links (logic/als.h), read step by step (a
 * hint needs the first step only) by lc_als_xz and lc_als_xy (the wings are found at its
 * first call); bind/logic_finders.c turns them into logic_als, logic_als_xz, logic_als_xy.
 */
#include "logic/als.h"

#include <stdlib.h>
#include <string.h>

typedef lc_als als_t;

typedef struct {
    lc_set cells;
    unsigned mask;
    int unit, size;
} raw_t;

typedef struct {
    int i, j;
    unsigned rcc;
} link_t;

/* A growable array of fixed-size items. */
typedef struct {
    void *p;
    size_t len, cap, item;
} vec_t;

static void *vec_push(vec_t *v)
{
    if (v->len == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 256;
        void *p = realloc(v->p, cap * v->item);
        if (!p)
            return NULL;
        v->p = p;
        v->cap = cap;
    }
    return (char *)v->p + v->item * v->len++;
}

/* --- enumeration ------------------------------------------------------------------------ */

typedef struct {
    const lc_state *s;
    const uint8_t *empty;
    int nempty, limit, unit;
    vec_t *out;
    int oom;
} dfs_t;

static void grow(dfs_t *d, int start, lc_set bits, unsigned mask, int k)
{
    for (int i = start; i < d->nempty; i++) {
        int c = d->empty[i];
        unsigned m = mask | d->s->cands[c];
        int count = sk_pop64(m);
        if (count > d->limit + 1)
            continue;
        lc_set b = lc_or(bits, lc_bit(c));
        if (count == k + 2) {
            raw_t *r = vec_push(d->out);
            if (!r) {
                d->oom = 1;
                return;
            }
            r->cells = b;
            r->mask = m;
            r->unit = d->unit;
            r->size = k + 1;
        }
        if (k + 1 < d->limit)
            grow(d, i + 1, b, m, k + 1);
    }
}

static int by_cells_unit(const void *pa, const void *pb)
{
    const raw_t *a = pa, *b = pb;
    int k = lc_cmp(a->cells, b->cells);
    return k ? k : a->unit - b->unit;
}

static int by_size_unit_cells(const void *pa, const void *pb)
{
    const raw_t *a = pa, *b = pb;
    if (a->size != b->size)
        return a->size - b->size;
    if (a->unit != b->unit)
        return a->unit - b->unit;
    return lc_cmp(a->cells, b->cells);
}

/* Every ALS of the state into *out (malloc'd), their count; -1 when out of memory. */
static long find_sets(const lc_state *s, int max_cells, als_t **out)
{
    const lc_geo *g = s->g;
    vec_t raw = {NULL, 0, 0, sizeof(raw_t)};
    for (int u = 0; u < g->nunits; u++) {
        uint8_t empty[LC_MAXN];
        int ne = 0;
        for (int i = 0; i < g->unit_len[u]; i++) {
            int c = g->unit_cells[u][i];
            if (!s->values[c] && s->cands[c])
                empty[ne++] = (uint8_t)c;
        }
        int limit = ne - 1 < max_cells ? ne - 1 : max_cells;
        if (limit < 1)
            continue;
        dfs_t d = {s, empty, ne, limit, u, &raw, 0};
        grow(&d, 0, LC_EMPTY, 0, 0);
        if (d.oom) {
            free(raw.p);
            return -1;
        }
    }
    raw_t *r = raw.p;
    size_t m = 0;
    if (raw.len) {
        qsort(r, raw.len, sizeof *r, by_cells_unit);
        for (size_t k = 0; k < raw.len; k++)
            if (!m || !lc_eq(r[m - 1].cells, r[k].cells))
                r[m++] = r[k];
        qsort(r, m, sizeof *r, by_size_unit_cells);
    }
    als_t *sets = malloc((m ? m : 1) * sizeof *sets);
    if (!sets) {
        free(raw.p);
        return -1;
    }
    for (size_t k = 0; k < m; k++) {
        als_t *a = &sets[k];
        a->cells = r[k].cells;
        a->mask = r[k].mask;
        a->unit = r[k].unit;
        a->size = r[k].size;
        for (unsigned mm = a->mask; mm;) {
            int v = lc_popm(&mm) + 1;
            lc_set w = lc_and(a->cells, s->vcells[v]), see = LC_ALL;
            for (lc_set it = w; lc_any(it);)
                see = lc_and(see, g->peers[lc_pop(&it)]);
            a->where[v] = w;
            a->sees[v] = lc_andnot(see, a->cells);
        }
    }
    free(raw.p);
    *out = sets;
    return (long)m;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The links of sets[0..m-1] into *links (by i then j); -1 when out of memory. */
static int find_links(const lc_state *s, const als_t *sets, long m, vec_t *links)
{
    int n = s->g->n, nc = s->g->ncells;
    /* index[x][c]: the ALSs (ascending) whose where[x] starts at cell c, as CSR */
    size_t slots = (size_t)(n + 1) * nc;
    int *start = calloc(slots + 1, sizeof(int));
    int *fill = calloc(slots + 1, sizeof(int));
    int *stamp = calloc((size_t)(m ? m : 1), sizeof(int));
    unsigned *rcc = calloc((size_t)(m ? m : 1), sizeof(unsigned));
    int *found = malloc((size_t)(m ? m : 1) * sizeof(int));
    int *items = NULL;
    int ok = -1;
    if (!start || !fill || !stamp || !rcc || !found)
        goto done;
    size_t total = 0;
    for (long j = 0; j < m; j++)
        for (unsigned mm = sets[j].mask; mm;) {
            int x = lc_popm(&mm) + 1;
            start[(size_t)x * nc + lc_first(sets[j].where[x]) + 1]++;
            total++;
        }
    for (size_t k = 0; k < slots; k++)
        start[k + 1] += start[k];
    items = malloc((total ? total : 1) * sizeof(int));
    if (!items)
        goto done;
    memcpy(fill, start, (slots + 1) * sizeof(int));
    for (long j = 0; j < m; j++)
        for (unsigned mm = sets[j].mask; mm;) {
            int x = lc_popm(&mm) + 1;
            items[fill[(size_t)x * nc + lc_first(sets[j].where[x])]++] = (int)j;
        }
    for (long i = 0; i < m; i++) {
        const als_t *a = &sets[i];
        int nf = 0;
        for (unsigned mm = a->mask; mm;) {
            int x = lc_popm(&mm) + 1;
            lc_set see = a->sees[x];
            for (lc_set it = lc_and(see, s->vcells[x]); lc_any(it);) {
                size_t slot = (size_t)x * nc + lc_pop(&it);
                for (int q = start[slot]; q < start[slot + 1]; q++) {
                    int j = items[q];
                    if (j <= i || !lc_within(sets[j].where[x], see) ||
                        lc_meets(a->cells, sets[j].cells))
                        continue;
                    if (stamp[j] != i + 1) {
                        stamp[j] = (int)i + 1;
                        rcc[j] = 0;
                        found[nf++] = j;
                    }
                    rcc[j] |= 1u << (x - 1);
                }
            }
        }
        qsort(found, (size_t)nf, sizeof(int), cmp_int);
        for (int q = 0; q < nf; q++) {
            link_t *l = vec_push(links);
            if (!l)
                goto done;
            l->i = (int)i;
            l->j = found[q];
            l->rcc = rcc[found[q]];
        }
    }
    ok = 0;
done:
    free(start);
    free(fill);
    free(stamp);
    free(rcc);
    free(found);
    free(items);
    return ok;
}

/* ALS-XZ eliminations of one link into elim[1..n]; 1 when something goes. */
static int xz_elims(const lc_state *s, const als_t *a, const als_t *b, unsigned rcc, lc_set *elim)
{
    int n = s->g->n, any = 0;
    for (int v = 0; v <= n; v++)
        elim[v] = LC_EMPTY;
    int nr = sk_pop64(rcc);
    if (nr == 1) {
        for (unsigned mm = a->mask & b->mask & ~rcc; mm;) {
            int z = lc_popm(&mm) + 1;
            elim[z] = lc_and(lc_and(a->sees[z], b->sees[z]), s->vcells[z]);
            any |= lc_any(elim[z]);
        }
    } else if (nr == 2) {
        for (unsigned mm = rcc; mm;) {
            int x = lc_popm(&mm) + 1;
            elim[x] = lc_and(lc_and(a->sees[x], b->sees[x]), s->vcells[x]);
        }
        for (int side = 0; side < 2; side++) {
            const als_t *t = side ? b : a;
            for (unsigned mm = t->mask & ~rcc; mm;) {
                int z = lc_popm(&mm) + 1;
                elim[z] = lc_or(elim[z], lc_and(t->sees[z], s->vcells[z]));
            }
        }
        for (int v = 1; v <= n; v++)
            any |= lc_any(elim[v]);
    }
    return any;
}

/* --- ALS-XY-Wing: the same (a, b, eliminations) once ----------------------------------- */

typedef struct {
    int k, a, b, x, y;
    lc_set elim[LC_MAXN + 1];
} xyrec_t;

typedef struct {
    int *slot;       /* index + 1 into recs, 0: free */
    size_t cap;
    vec_t recs;      /* the wings, in order */
} seen_t;

static uint64_t rec_hash(int a, int b, const lc_set *elim, int n)
{
    uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ull ^ (uint64_t)b * 0xC2B2AE3D27D4EB4Full;
    for (int v = 1; v <= n; v++) {
        h ^= elim[v].lo + 0x165667B19E3779F9ull + (h << 6) + (h >> 2);
        h ^= elim[v].hi + 0x27D4EB2F165667C5ull + (h << 6) + (h >> 2);
    }
    return h;
}

/* Record the wing unless (a, b, elim) was seen: 1 new, 0 seen, -1 out of memory. */
static int seen_add(seen_t *t, int k, int a, int b, int x, int y, const lc_set *elim, int n)
{
    if (2 * (t->recs.len + 1) > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        int *slot = calloc(cap, sizeof(int));
        if (!slot)
            return -1;
        for (size_t q = 0; q < t->recs.len; q++) {
            const xyrec_t *r = (const xyrec_t *)t->recs.p + q;
            size_t h = (size_t)rec_hash(r->a, r->b, r->elim, n) & (cap - 1);
            while (slot[h])
                h = (h + 1) & (cap - 1);
            slot[h] = (int)q + 1;
        }
        free(t->slot);
        t->slot = slot;
        t->cap = cap;
    }
    size_t h = (size_t)rec_hash(a, b, elim, n) & (t->cap - 1);
    while (t->slot[h]) {
        const xyrec_t *r = (const xyrec_t *)t->recs.p + (t->slot[h] - 1);
        if (r->a == a && r->b == b && !memcmp(r->elim + 1, elim + 1, (size_t)n * sizeof(lc_set)))
            return 0;
        h = (h + 1) & (t->cap - 1);
    }
    xyrec_t *r = vec_push(&t->recs);
    if (!r)
        return -1;
    r->k = k;
    r->a = a;
    r->b = b;
    r->x = x;
    r->y = y;
    memcpy(r->elim, elim, sizeof r->elim);
    t->slot[h] = (int)t->recs.len;
    return 1;
}

/* Every ALS-XY-Wing of the sets and links into seen->recs; -1 when out of memory. */
static int find_wings(const lc_state *s, const als_t *sets, long m, const link_t *L,
                      size_t nlinks, seen_t *seen)
{
    int n = s->g->n, ok = -1;
    lc_set elim[LC_MAXN + 1];
    /* partners of each ALS: those below it (link order), then those above it */
    int *pstart = calloc((size_t)m + 2, sizeof(int));
    int *fill = malloc(((size_t)m + 1) * sizeof(int));
    link_t *plist = malloc((2 * nlinks + 1) * sizeof(link_t));
    if (!pstart || !fill || !plist)
        goto done;
    for (size_t k = 0; k < nlinks; k++) {
        pstart[L[k].i + 1]++;
        pstart[L[k].j + 1]++;
    }
    for (long k = 0; k < m; k++)
        pstart[k + 1] += pstart[k];
    memcpy(fill, pstart, ((size_t)m + 1) * sizeof(int));
    for (size_t k = 0; k < nlinks; k++) {   /* j's partner i (< j), ascending */
        link_t *e = &plist[fill[L[k].j]++];
        e->j = L[k].i;
        e->rcc = L[k].rcc;
    }
    for (size_t k = 0; k < nlinks; k++) {   /* then i's partner j (> i), ascending */
        link_t *e = &plist[fill[L[k].i]++];
        e->j = L[k].j;
        e->rcc = L[k].rcc;
    }
    for (long c = 0; c < m; c++) {
        int lo = pstart[c], hi = pstart[c + 1];
        for (int p = lo; p < hi; p++) {
            const als_t *a = &sets[plist[p].j];
            for (int q = p + 1; q < hi; q++) {
                const als_t *b = &sets[plist[q].j];
                unsigned common = a->mask & b->mask;
                if (!common || lc_meets(a->cells, b->cells))
                    continue;
                for (unsigned xs = plist[p].rcc; xs;) {
                    int x = lc_popm(&xs) + 1;
                    for (unsigned ys = plist[q].rcc; ys;) {
                        int y = lc_popm(&ys) + 1;
                        if (x == y)
                            continue;
                        unsigned zmask = common & ~(1u << (x - 1)) & ~(1u << (y - 1));
                        int any = 0;
                        for (int v = 0; v <= n; v++)
                            elim[v] = LC_EMPTY;
                        for (unsigned zz = zmask; zz;) {
                            int z = lc_popm(&zz) + 1;
                            elim[z] = lc_and(lc_and(a->sees[z], b->sees[z]), s->vcells[z]);
                            any |= lc_any(elim[z]);
                        }
                        if (any && seen_add(seen, (int)c, plist[p].j, plist[q].j, x, y, elim,
                                            n) < 0)
                            goto done;
                    }
                }
            }
        }
    }
    ok = 0;
done:
    free(pstart);
    free(fill);
    free(plist);
    return ok;
}

/* --- the result, read step by step ------------------------------------------------------ */

struct lc_als_res {
    const lc_state *s;
    als_t *sets;
    long m;
    vec_t links;
    int wings_done;
    seen_t wings;
};

void lc_als_free(lc_als_res *r)
{
    if (!r)
        return;
    free(r->sets);
    free(r->links.p);
    free(r->wings.slot);
    free(r->wings.recs.p);
    free(r);
}

lc_als_res *lc_als_new(const lc_state *s, int max_cells)
{
    lc_als_res *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->s = s;
    r->links.item = sizeof(link_t);
    r->wings.recs.item = sizeof(xyrec_t);
    r->m = find_sets(s, max_cells, &r->sets);
    if (r->m < 0 || find_links(s, r->sets, r->m, &r->links) < 0) {
        lc_als_free(r);
        return NULL;
    }
    return r;
}

long lc_als_xz(const lc_als_res *r, long pos, lc_als_xz_t *out)
{
    if (pos < 0)
        pos = 0;
    const link_t *L = r->links.p;
    for (size_t k = (size_t)pos; k < r->links.len; k++) {
        const als_t *a = &r->sets[L[k].i], *b = &r->sets[L[k].j];
        if (sk_pop64(L[k].rcc) == 1 && sk_pop64(a->mask & b->mask) < 2)
            continue;
        if (!xz_elims(r->s, a, b, L[k].rcc, out->elim))
            continue;
        out->a = a;
        out->b = b;
        out->rcc = L[k].rcc;
        return (long)k;
    }
    return -1;
}

int lc_als_xy(lc_als_res *r, long pos, lc_als_xy_t *out)
{
    if (!r->wings_done) {
        if (find_wings(r->s, r->sets, r->m, r->links.p, r->links.len, &r->wings) < 0)
            return -1;
        r->wings_done = 1;
    }
    if (pos < 0 || (size_t)pos >= r->wings.recs.len)
        return 0;
    const xyrec_t *w = (const xyrec_t *)r->wings.recs.p + pos;
    out->c = &r->sets[w->k];
    out->a = &r->sets[w->a];
    out->b = &r->sets[w->b];
    out->x = w->x;
    out->y = w->y;
    out->elim = w->elim;
    return 1;
}
