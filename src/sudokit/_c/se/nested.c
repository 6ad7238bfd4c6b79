/* se/nested.c -- the nested rules of SE's Chaining levels 1-5 in C (docs/se-rating.md 6.6),
 * the twin of sudokit/logic/se/nested.py: pointing / claiming, hidden pair, naked pair, X-wing
 * with their rule parents, producer 21's hints as nodes (a nested rule of levels 2-3), the
 * rule parents of a chaining hint, and the driver that turns the first rule with a usable
 * hint into new off nodes (se/engine.h: e->akey, e->anest, e->apar, e->anpar).
 *
 * Cell sets are 128-bit masks (bit c for cell c).
 */

#include <stdlib.h>
#include <string.h>

#include "se/engine.h"

#define HAS(s, c) ((int)((s) >> (c)) & 1)

static void *grow(engine *e, void *p, size_t *cap, size_t need, size_t item)
{
    if (need <= *cap)
        return p;
    size_t nc = *cap ? *cap : 256;
    while (nc < need)
        nc *= 2;
    void *q = realloc(p, nc * item);
    if (!q)
        eng_die(e, SE_ERROR);
    *cap = nc;
    return q;
}

/* ---- the new off nodes of one usable hint ---------------------------------------------- */

static void add_nodes(engine *e, const uint16_t *em, const int *parents, int npar, int nest)
{
    for (int c = 0; c < 81; c++) {
        unsigned m = em[c];
        while (m) {
            int v0 = __builtin_ctz(m);
            m &= m - 1;
            size_t ca = (size_t)e->capa;
            if ((size_t)e->na + 1 > ca) {
                size_t c1 = ca, c2 = ca, c3 = ca;
                e->akey = grow(e, e->akey, &c1, (size_t)e->na + 1, sizeof(int));
                e->anest = grow(e, e->anest, &c2, (size_t)e->na + 1, sizeof(int));
                e->anpar = grow(e, e->anpar, &c3, (size_t)e->na + 1, sizeof(int));
                e->capa = (int)c1;
            }
            e->apar = grow(e, e->apar, &e->capapar, e->napar + (size_t)npar, sizeof(int));
            e->akey[e->na] = (c * 9 + v0) << 1;
            e->anest[e->na] = nest;
            e->anpar[e->na] = npar;
            memcpy(e->apar + e->napar, parents, (size_t)npar * sizeof(int));
            e->napar += (size_t)npar;
            e->na++;
        }
    }
}

#define OFF(c, v0) (((c) * 9 + (v0)) << 1)

/* ---- the four basic rules, in their scan orders ------------------------------------- */

static void value_cells(const uint16_t *work, se_cells *vc)
{
    for (int v = 0; v < 9; v++)
        vc[v] = 0;
    for (int c = 0; c < 81; c++) {
        unsigned m = work[c];
        while (m) {
            vc[__builtin_ctz(m)] |= (se_cells)1 << c;
            m &= m - 1;
        }
    }
}

static void lockings(engine *e, const uint16_t *work, const uint16_t *source)
{
    static const int types[4][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};
    se_cells vc[9];
    value_cells(work, vc);
    for (int t = 0; t < 4; t++)
        for (int i1 = 0; i1 < 9; i1++) {
            int u1 = types[t][0] * 9 + i1;
            for (int i2 = 0; i2 < 9; i2++) {
                int u2 = types[t][1] * 9 + i2;
                if (!(se_unit_bits[u1] & se_unit_bits[u2]))
                    continue;
                for (int v0 = 0; v0 < 9; v0++) {
                    se_cells pos = vc[v0] & se_unit_bits[u1];
                    if (sk_pop128(pos) < 2 || (pos & ~se_unit_bits[u2]))
                        continue;
                    se_cells gone = vc[v0] & se_unit_bits[u2] & ~se_unit_bits[u1];
                    if (!gone)
                        continue;
                    unsigned bit = 1u << v0;
                    int parents[9], np = 0;
                    for (int i = 0; i < 9; i++) {
                        int c = se_unit_cells[u1][i];
                        if ((source[c] & bit) && !(work[c] & bit) && !HAS(se_unit_bits[u2], c))
                            parents[np++] = OFF(c, v0);
                    }
                    if (!np)
                        continue;
                    uint16_t em[81] = {0};
                    for (; gone; gone &= gone - 1)
                        em[sk_ctz128(gone)] = (uint16_t)bit;
                    add_nodes(e, em, parents, np, -1);
                }
            }
        }
}

static const int BCR[3] = {0, 2, 1};

static int empties(const uint8_t *values, int u)
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += !values[se_unit_cells[u][i]];
    return n;
}

static void hidden_pairs(engine *e, const uint8_t *values, const uint16_t *work,
                         const uint16_t *source)
{
    se_cells vc[9];
    value_cells(work, vc);
    for (int ut = 0; ut < 3; ut++)
        for (int iu = 0; iu < 9; iu++) {
            int u = BCR[ut] * 9 + iu;
            if (empties(values, u) <= 4)
                continue;
            se_cells pos[9];
            for (int v0 = 0; v0 < 9; v0++)
                pos[v0] = vc[v0] & se_unit_bits[u];
            for (int j = 1; j < 9; j++)
                for (int i = 0; i < j; i++) {
                    se_cells a = pos[i], b = pos[j];
                    if (sk_pop128(a) < 2 || sk_pop128(b) < 2 || sk_pop128(a | b) != 2)
                        continue;
                    unsigned vmask = (1u << i) | (1u << j);
                    uint16_t em[81] = {0};
                    int any = 0;
                    for (se_cells s = a | b; s; s &= s - 1) {
                        int c = sk_ctz128(s);
                        em[c] = (uint16_t)(work[c] & ~vmask);
                        any |= em[c];
                    }
                    if (!any)
                        continue;
                    int parents[18], np = 0;
                    for (int k = 0; k < 9; k++) {
                        int c = se_unit_cells[u][k];
                        if (HAS(a | b, c))
                            continue;
                        if (source[c] >> i & 1)
                            parents[np++] = OFF(c, i);
                        if (source[c] >> j & 1)
                            parents[np++] = OFF(c, j);
                    }
                    if (np)
                        add_nodes(e, em, parents, np, -1);
                }
        }
}

static void naked_pairs(engine *e, const uint8_t *values, const uint16_t *work,
                        const uint16_t *source)
{
    for (int ut = 0; ut < 3; ut++)
        for (int iu = 0; iu < 9; iu++) {
            int u = BCR[ut] * 9 + iu;
            if (empties(values, u) < 4)
                continue;
            const int *cells = se_unit_cells[u];
            for (int j = 1; j < 9; j++)
                for (int i = 0; i < j; i++) {
                    unsigned a = work[cells[i]], b = work[cells[j]];
                    if (sk_pop32(a) < 2 || sk_pop32(b) < 2
                        || sk_pop32(a | b) != 2)
                        continue;
                    unsigned uni = a | b;
                    uint16_t em[81] = {0};
                    int any = 0;
                    for (int k = 0; k < 9; k++) {
                        int c = cells[k];
                        if (c != cells[i] && c != cells[j] && (work[c] & uni)) {
                            em[c] = (uint16_t)(work[c] & uni);
                            any = 1;
                        }
                    }
                    if (!any)
                        continue;
                    int parents[18], np = 0;
                    int pc[2] = {cells[i], cells[j]};
                    for (int k = 0; k < 2; k++) {
                        unsigned extra = source[pc[k]] & ~uni;
                        for (; extra; extra &= extra - 1)
                            parents[np++] = OFF(pc[k], __builtin_ctz(extra));
                    }
                    if (np)
                        add_nodes(e, em, parents, np, -1);
                }
        }
}

static void xwings(engine *e, const uint8_t *values, const uint16_t *work,
                   const uint16_t *source)
{
    se_cells vc[9];
    value_cells(work, vc);
    int placed[10] = {0};
    for (int c = 0; c < 81; c++)
        placed[values[c]]++;
    static const int kinds[2][2] = {{2, 1}, {1, 2}};  /* (base, cover): cols/rows, rows/cols */
    for (int t = 0; t < 2; t++) {
        int base = kinds[t][0] * 9, cover = kinds[t][1] * 9;
        unsigned local[9][9];
        for (int i = 0; i < 9; i++)
            for (int v0 = 0; v0 < 9; v0++) {
                unsigned m = 0;
                for (int k = 0; k < 9; k++)
                    if (work[se_unit_cells[base + i][k]] >> v0 & 1)
                        m |= 1u << k;
                local[i][v0] = m;
            }
        for (int j = 1; j < 9; j++)
            for (int i = 0; i < j; i++) {
                se_cells base_bits = se_unit_bits[base + i] | se_unit_bits[base + j];
                for (int v0 = 0; v0 < 9; v0++) {
                    if (placed[v0 + 1] + 4 > 9)
                        continue;
                    unsigned p0 = local[i][v0], p1 = local[j][v0];
                    if (sk_pop32(p0) < 2 || sk_pop32(p1) < 2
                        || sk_pop32(p0 | p1) != 2)
                        continue;
                    se_cells cover_bits = 0;
                    for (unsigned m = p0 | p1; m; m &= m - 1)
                        cover_bits |= se_unit_bits[cover + __builtin_ctz(m)];
                    se_cells gone = vc[v0] & cover_bits & ~base_bits;
                    if (!gone)
                        continue;
                    unsigned bit = 1u << v0;
                    int parents[18], np = 0;
                    int bu[2] = {base + i, base + j};
                    for (int k = 0; k < 2; k++)
                        for (int q = 0; q < 9; q++) {
                            int c = se_unit_cells[bu[k]][q];
                            if ((source[c] & bit) && !(work[c] & bit) && !HAS(cover_bits, c))
                                parents[np++] = OFF(c, v0);
                        }
                    if (!np)
                        continue;
                    uint16_t em[81] = {0};
                    for (; gone; gone &= gone - 1)
                        em[sk_ctz128(gone)] = (uint16_t)bit;
                    add_nodes(e, em, parents, np, -1);
                }
            }
    }
}

/* ---- rule parents of a chaining hint, nested records, the driver ---------------------- */

static int chain_parents(engine *e, const dhint *h, const uint16_t *source,
                         const uint16_t *work, int *out)
{
    uint8_t seen[SE_NKEYS];
    memset(seen, 0, sizeof seen);
    int n = 0;
    for (int t = 0; t < h->ntargets; t++) {
        /* eng_ancestors leaves the chain (getChain order) in e->bfs */
        int len = eng_ancestors(e, h->targets[t]);
        for (int i = 0; i < len; i++) {
            dnode *p = e->bfs[i];
            if (!(p->key & 1))
                continue;
            int cause = p->cause, cell = (p->key >> 1) / 9, v0 = (p->key >> 1) % 9;
            if (cause == 0) {
                if (h->kind == K_CELL) {
                    cause = 1;
                } else if (h->kind == K_REGION) {
                    for (int k = 0; k < 3; k++)
                        if (se_cell_units[cell][k] == h->unit)
                            cause = 2 + k;
                } else {
                    continue;
                }
            }
            if (cause == 1) {
                for (unsigned g = source[cell] & ~work[cell]; g; g &= g - 1) {
                    int k = OFF(cell, __builtin_ctz(g));
                    if (!seen[k]) {
                        seen[k] = 1;
                        out[n++] = k;
                    }
                }
            } else if (cause >= 2 && cause <= 4) {
                unsigned bit = 1u << v0;
                const int *cells = se_unit_cells[se_cell_units[cell][cause - 2]];
                for (int i2 = 0; i2 < 9; i2++) {
                    int c = cells[i2];
                    if ((source[c] & bit) && !(work[c] & bit) && !seen[OFF(c, v0)]) {
                        seen[OFF(c, v0)] = 1;
                        out[n++] = OFF(c, v0);
                    }
                }
            }
        }
    }
    return n;
}

/* A nested chain record for hint h: its signature (interned) and complexity. */
static int make_record(engine *e, const dhint *h)
{
    e->ntmp = 0;
    e->tmp = grow(e, e->tmp, &e->captmp, 1, sizeof(int));
    e->tmp[e->ntmp++] = h->ntargets;
    for (int t = 0; t < h->ntargets; t++) {
        int len = eng_ancestors(e, h->targets[t]);
        e->tmp = grow(e, e->tmp, &e->captmp, e->ntmp + 2 + (size_t)len, sizeof(int));
        e->tmp[e->ntmp++] = h->targets[t]->key;
        e->tmp[e->ntmp++] = len;
        for (int i = 0; i < len; i++)
            e->tmp[e->ntmp++] = e->bfs[i]->key;
    }
    uint64_t hash = 0x12345;
    for (size_t i = 0; i < e->ntmp; i++) {
        hash = (hash ^ (uint64_t)e->tmp[i]) * 0x100000001b3ULL;
        hash ^= hash >> 29;
    }
    if (2 * (e->nsigs + 1) > e->captab) {
        int nc = e->captab ? 2 * e->captab : 1024;
        int *tab = malloc((size_t)nc * sizeof(int));
        if (!tab)
            eng_die(e, SE_ERROR);
        memset(tab, 0xff, (size_t)nc * sizeof(int));
        free(e->sigtab);
        e->sigtab = tab;
        e->captab = nc;
        for (int id = 0; id < e->nsigs; id++) {
            uint64_t hh = 0x12345;
            for (int i = 0; i < e->siglen[id]; i++) {
                hh = (hh ^ (uint64_t)e->sigpool[e->sigoff[id] + i]) * 0x100000001b3ULL;
                hh ^= hh >> 29;
            }
            size_t s = (size_t)hh & (size_t)(nc - 1);
            while (tab[s] >= 0)
                s = (s + 1) & (size_t)(nc - 1);
            tab[s] = id;
        }
    }
    size_t s = (size_t)hash & (size_t)(e->captab - 1);
    int sig = -1;
    while (e->sigtab[s] >= 0) {
        int id = e->sigtab[s];
        if ((size_t)e->siglen[id] == e->ntmp
            && !memcmp(e->sigpool + e->sigoff[id], e->tmp, e->ntmp * sizeof(int))) {
            sig = id;
            break;
        }
        s = (s + 1) & (size_t)(e->captab - 1);
    }
    if (sig < 0) {
        size_t c1 = (size_t)e->capsigs, c2 = (size_t)e->capsigs;
        e->sigoff = grow(e, e->sigoff, &c1, (size_t)e->nsigs + 1, sizeof(int));
        e->siglen = grow(e, e->siglen, &c2, (size_t)e->nsigs + 1, sizeof(int));
        e->capsigs = (int)c1;
        e->sigpool = grow(e, e->sigpool, &e->capsig, e->nsig + e->ntmp, sizeof(int));
        memcpy(e->sigpool + e->nsig, e->tmp, e->ntmp * sizeof(int));
        sig = e->nsigs++;
        e->sigoff[sig] = (int)e->nsig;
        e->siglen[sig] = (int)e->ntmp;
        e->nsig += e->ntmp;
        e->sigtab[s] = sig;
    }
    size_t c1 = (size_t)e->caprec, c2 = (size_t)e->caprec;
    e->recsig = grow(e, e->recsig, &c1, (size_t)e->nrec + 1, sizeof(int));
    e->reccx = grow(e, e->reccx, &c2, (size_t)e->nrec + 1, sizeof(int));
    e->caprec = (int)c1;
    e->recsig[e->nrec] = sig;
    e->reccx[e->nrec] = h->complexity;
    return e->nrec++;
}

static void chaining_rule(engine *e, const chainer *ch, const uint8_t *values,
                          const uint16_t *work, const uint16_t *source)
{
    dhints list = {NULL, 0, 0};
    if (!ch)
        nested_static_hints(e, values, work, &list);
    else {
        chainer_hints(e, ch, values, work, &list);
        hints_sort_merge(e, &list);
    }
    e->na = 0;
    e->napar = 0;
    int *parents = eng_alloc(e, SE_NKEYS * sizeof(int));
    for (int i = 0; i < list.n; i++) {
        const dhint *h = &list.h[i];
        int np = chain_parents(e, h, source, work, parents);
        if (!np)
            continue;
        uint16_t em[81] = {0};
        for (int j = 0; j < h->nel; j++)
            em[h->ecell[j]] = h->emask[j];
        add_nodes(e, em, parents, np, make_record(e, h));
    }
}

typedef struct rcache {
    uint64_t hash;
    int level, na, napar;
    uint16_t source[81], work[81];
    int data[];   /* akey[na], anest[na], anpar[na], apar[napar] */
} rcache;

#define RCACHE_BYTES ((size_t)256 << 20)

static uint64_t grid_hash(int level, const uint16_t *source, const uint16_t *work)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL * (uint64_t)(level + 1);
    for (int c = 0; c < 81; c++) {
        h = (h ^ ((uint64_t)source[c] << 16 | work[c])) * 0x100000001b3ULL;
        h ^= h >> 31;
    }
    return h;
}

static rcache **rfind(engine *e, uint64_t h, int level, const uint16_t *source,
                      const uint16_t *work)
{
    size_t mask = (size_t)e->caprtab - 1, s = (size_t)h & mask;
    while (e->rtab[s]) {
        rcache *r = e->rtab[s];
        if (r->hash == h && r->level == level && !memcmp(r->work, work, sizeof r->work)
            && !memcmp(r->source, source, sizeof r->source))
            break;
        s = (s + 1) & mask;
    }
    return &e->rtab[s];
}

static void rstore(engine *e, uint64_t h, int level, const uint16_t *source,
                   const uint16_t *work)
{
    size_t bytes = sizeof(rcache) + (3 * (size_t)e->na + e->napar) * sizeof(int);
    if (e->rbytes + bytes > RCACHE_BYTES)
        return;
    if (2 * (e->nrtab + 1) > e->caprtab) {
        int nc = e->caprtab ? 2 * e->caprtab : 4096;
        rcache **old = e->rtab;
        int oldcap = e->caprtab;
        e->rtab = calloc((size_t)nc, sizeof(rcache *));
        if (!e->rtab) {
            e->rtab = old;
            return;
        }
        e->caprtab = nc;
        for (int i = 0; i < oldcap; i++)
            if (old[i])
                *rfind(e, old[i]->hash, old[i]->level, old[i]->source, old[i]->work) = old[i];
        free(old);
    }
    rcache *r = malloc(bytes);
    if (!r)
        return;
    r->hash = h;
    r->level = level;
    r->na = e->na;
    r->napar = (int)e->napar;
    memcpy(r->source, source, sizeof r->source);
    memcpy(r->work, work, sizeof r->work);
    memcpy(r->data, e->akey, (size_t)e->na * sizeof(int));
    memcpy(r->data + e->na, e->anest, (size_t)e->na * sizeof(int));
    memcpy(r->data + 2 * e->na, e->anpar, (size_t)e->na * sizeof(int));
    memcpy(r->data + 3 * e->na, e->apar, e->napar * sizeof(int));
    *rfind(e, h, level, source, work) = r;
    e->nrtab++;
    e->rbytes += bytes;
}

/* Forget the cached rule results (every top-level call starts afresh). */
void nested_cache_clear(engine *e)
{
    for (int i = 0; i < e->caprtab; i++) {
        free(e->rtab[i]);
        e->rtab[i] = NULL;
    }
    e->nrtab = 0;
    e->rbytes = 0;
}

void nested_rules(engine *e, int level, const uint8_t *values, const uint16_t *work,
                  const uint16_t *source)
{
    static const chainer multiple = {1, 0, 0, 0}, dynamic = {1, 1, 0, 0},
                         nested2 = {1, 1, 0, 2};
    se_tables_init();
    uint64_t h = grid_hash(level, source, work);
    if (e->caprtab) {
        rcache *r = *rfind(e, h, level, source, work);
        if (r) {
            e->rhits++;
            e->na = 0;
            e->napar = 0;
            size_t c1 = (size_t)e->capa, c2 = c1, c3 = c1;
            e->akey = grow(e, e->akey, &c1, (size_t)r->na + 1, sizeof(int));
            e->anest = grow(e, e->anest, &c2, (size_t)r->na + 1, sizeof(int));
            e->anpar = grow(e, e->anpar, &c3, (size_t)r->na + 1, sizeof(int));
            e->capa = (int)c1;
            e->apar = grow(e, e->apar, &e->capapar, (size_t)r->napar + 1, sizeof(int));
            memcpy(e->akey, r->data, (size_t)r->na * sizeof(int));
            memcpy(e->anest, r->data + r->na, (size_t)r->na * sizeof(int));
            memcpy(e->anpar, r->data + 2 * r->na, (size_t)r->na * sizeof(int));
            memcpy(e->apar, r->data + 3 * r->na, (size_t)r->napar * sizeof(int));
            e->na = r->na;
            e->napar = (size_t)r->napar;
            return;
        }
    }
    e->rmiss++;
    amark m = eng_mark(e);
    e->na = 0;
    e->napar = 0;
    lockings(e, work, source);
    if (!e->na)
        hidden_pairs(e, values, work, source);
    if (!e->na)
        naked_pairs(e, values, work, source);
    if (!e->na)
        xwings(e, values, work, source);
    if (level >= 2 && level < 4) {
        if (!e->na)
            chaining_rule(e, NULL, values, work, source);
        if (!e->na && level >= 3)
            chaining_rule(e, &multiple, values, work, source);
    } else if (level >= 4) {
        if (!e->na)
            chaining_rule(e, &dynamic, values, work, source);
        if (!e->na && level >= 5)
            chaining_rule(e, &nested2, values, work, source);
    }
    eng_release(e, m);
    rstore(e, h, level, source, work);
}
