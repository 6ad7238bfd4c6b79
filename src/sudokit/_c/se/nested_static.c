/* se/nested_static.c -- producer 21 (cycles and forcing chains, static) as nodes, every hint
 * sorted and merged: the nested rule of levels 2-3 (logic/se/nested.py _static_hints), the
 * twin of logic/se/chains.py static_chains(all_hints=True).  Same searches as se/chains_static.c,
 * but the chains are kept as nodes (rule parents, nested-chain signatures need them).
 * Two searches for one producer, measured: producer 21 alone (se/chains_static.c, the rating
 * loop's most frequent chaining call) keeps two ints per node and only its best hint; this
 * one builds every hint's nodes in the engine's arena, which that loop does not need.
 */

#include <stdlib.h>
#include <string.h>

#include "se/engine.h"

/* ---- producer 21 as nodes (static_chains with all_hints, then merged) ---------------- */

typedef struct {
    const uint16_t *cands;
    int y, x;
    int16_t *noffs, *nons;         /* [NKEYS]; -1: not computed */
    int16_t (*offs)[28][2];        /* (key, cause) */
    int16_t (*ons)[4][2];
    dnode **qon, **qoff;
    unsigned *son, *soff, gen;     /* membership stamps of one search */
    dnode **mon, **moff;           /* the node kept for a key in this search */
} slinks;

static void s_off_links(slinks *s, int key)
{
    if (s->noffs[key] >= 0)
        return;
    int cv = key >> 1, cell = cv / 9, v0 = cv % 9, n = 0;
    unsigned bit = 1u << v0;
    if (s->y)
        for (unsigned m = s->cands[cell] & ~bit; m; m &= m - 1) {
            s->offs[key][n][0] = (int16_t)((cell * 9 + __builtin_ctz(m)) << 1);
            s->offs[key][n++][1] = 1;
        }
    int start = n;
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < 9; i++) {
            int c = se_unit_cells[se_cell_units[cell][t]][i];
            if (c == cell || !(s->cands[c] & bit))
                continue;
            int k = (c * 9 + v0) << 1, dup = 0;
            for (int j = start; j < n && !dup; j++)
                dup = s->offs[key][j][0] == k;
            if (!dup) {
                s->offs[key][n][0] = (int16_t)k;
                s->offs[key][n++][1] = (int16_t)(2 + t);
            }
        }
    s->noffs[key] = (int16_t)n;
}

static void s_on_links(slinks *s, int key, int x)
{
    if (s->nons[key] >= 0)
        return;
    int cv = key >> 1, cell = cv / 9, v0 = cv % 9, n = 0;
    unsigned bit = 1u << v0, m = s->cands[cell];
    if (s->y && sk_pop32(m) == 2) {
        int a = __builtin_ctz(m), b = __builtin_ctz(m & (m - 1));
        s->ons[key][n][0] = (int16_t)(((cell * 9 + (a != v0 ? a : b)) << 1) | 1);
        s->ons[key][n++][1] = 1;
    }
    if (x)
        for (int t = 0; t < 3; t++) {
            const int *cells = se_unit_cells[se_cell_units[cell][t]];
            int first = -1, second = -1, count = 0;
            for (int i = 0; i < 9 && count < 3; i++)
                if (s->cands[cells[i]] & bit) {
                    count++;
                    if (count == 1)
                        first = cells[i];
                    else if (count == 2)
                        second = cells[i];
                }
            if (count != 2)
                continue;
            int k = (((first == cell ? second : first) * 9 + v0) << 1) | 1, dup = 0;
            for (int j = 0; j < n && !dup; j++)
                dup = s->ons[key][j][0] == k;
            if (!dup) {
                s->ons[key][n][0] = (int16_t)k;
                s->ons[key][n++][1] = (int16_t)(2 + t);
            }
        }
    s->nons[key] = (int16_t)n;
}

static int s_is_parent(dnode *child, int key)
{
    for (dnode *p = child; p->npar; ) {
        p = p->par[0];
        if (p->key == key)
            return 1;
    }
    return 0;
}

static dnode *s_node(engine *e, int key, int cause, dnode *parent)
{
    dnode *q = eng_node(e, key, cause, parent ? 1 : 0, -1);
    if (parent)
        q->par[0] = parent;
    return q;
}

/* _cycles: the closing nodes appended to found (count returned). */
static int s_cycles(engine *e, slinks *s, dnode *start, dnode ***found, int *cap)
{
    unsigned g = ++s->gen;
    int nf = 0, hon = 0, ton = 0, length = 0, skey = start->key;
    s->son[skey] = g;
    s->qon[ton++] = start;
    int toff = 0, hoff = 0;
    size_t capoff = 4096;
    dnode **qoff = eng_alloc(e, capoff * sizeof(dnode *));
    while (hon < ton || hoff < toff) {
        length++;
        while (hon < ton) {
            dnode *p = s->qon[hon++];
            s_off_links(s, p->key);
            for (int j = 0; j < s->noffs[p->key]; j++) {
                int k = s->offs[p->key][j][0];
                if (s_is_parent(p, k))
                    continue;
                if ((size_t)toff == capoff) {
                    dnode **nq = eng_alloc(e, 2 * capoff * sizeof(dnode *));
                    memcpy(nq, qoff, capoff * sizeof(dnode *));
                    qoff = nq;
                    capoff *= 2;
                }
                qoff[toff++] = s_node(e, k, s->offs[p->key][j][1], p);
            }
        }
        hon = ton = 0;
        length++;
        while (hoff < toff) {
            dnode *p = qoff[hoff++];
            s_on_links(s, p->key, s->x);
            for (int j = 0; j < s->nons[p->key]; j++) {
                int k = s->ons[p->key][j][0], cause = s->ons[p->key][j][1];
                if (length >= 4 && k == skey) {
                    if (nf == *cap) {
                        dnode **nfd = eng_alloc(e, 2 * (size_t)*cap * sizeof(dnode *));
                        memcpy(nfd, *found, (size_t)nf * sizeof(dnode *));
                        *found = nfd;
                        *cap *= 2;
                    }
                    (*found)[nf++] = s_node(e, k, cause, p);
                }
                if (s->son[k] != g) {
                    s->son[k] = g;
                    s->qon[ton++] = s_node(e, k, cause, p);
                }
            }
        }
        hoff = toff = 0;
    }
    return nf;
}

/* _forcing: targets (keys tk, nodes tn, shared by the two searches of a start). */
static void s_forcing(engine *e, slinks *s, dnode *start, int *tk, dnode **tn, int *nt)
{
    unsigned g = ++s->gen;
    int hon = 0, ton = 0, hoff = 0, toff = 0, conj = start->key ^ 1;
    if (start->key & 1) {
        s->son[start->key] = g;
        s->qon[ton++] = start;
    } else {
        s->soff[start->key] = g;
        s->qoff[toff++] = start;
    }
    while (hon < ton || hoff < toff) {
        while (hon < ton) {
            dnode *p = s->qon[hon++];
            s_off_links(s, p->key);
            for (int j = 0; j < s->noffs[p->key]; j++) {
                int k = s->offs[p->key][j][0], cause = s->offs[p->key][j][1];
                if (k == conj) {
                    int have = 0;
                    for (int t = 0; t < *nt; t++)
                        have |= tk[t] == k;
                    if (!have) {
                        tk[*nt] = k;
                        tn[(*nt)++] = s_node(e, k, cause, p);
                    }
                }
                if (s->soff[k] != g && !s_is_parent(p, k)) {
                    s->soff[k] = g;
                    s->qoff[toff++] = s_node(e, k, cause, p);
                }
            }
        }
        hon = ton = 0;
        while (hoff < toff) {
            dnode *p = s->qoff[hoff++];
            s_on_links(s, p->key, 1);
            for (int j = 0; j < s->nons[p->key]; j++) {
                int k = s->ons[p->key][j][0], cause = s->ons[p->key][j][1];
                if (k == conj) {
                    int have = 0;
                    for (int t = 0; t < *nt; t++)
                        have |= tk[t] == k;
                    if (!have) {
                        tk[*nt] = k;
                        tn[(*nt)++] = s_node(e, k, cause, p);
                    }
                }
                if (s->son[k] != g) {
                    s->son[k] = g;
                    s->qon[ton++] = s_node(e, k, cause, p);
                }
            }
        }
        hoff = toff = 0;
    }
}

static void set_elims(engine *e, dhint *h, const uint16_t *em, int keep_zero_cell)
{
    int n = 0;
    for (int c = 0; c < 81; c++)
        n += em[c] || c == keep_zero_cell;
    h->nel = n;
    h->ecell = eng_alloc(e, (size_t)n * sizeof(int16_t));
    h->emask = eng_alloc(e, (size_t)n * sizeof(uint16_t));
    uint64_t hash = 1;
    n = 0;
    for (int c = 0; c < 81; c++)
        if (em[c] || c == keep_zero_cell) {
            h->ecell[n] = (int16_t)c;
            h->emask[n++] = em[c];
            hash ^= (uint64_t)c * 0x9e3779b97f4a7c15ULL + em[c];
            hash *= 0xff51afd7ed558ccdULL;
            hash ^= hash >> 33;
        }
    h->ehash = hash;
}

static dnode *s_reversed(engine *e, dnode *org)
{
    dnode *node = NULL;
    for (dnode *q = org;; q = q->par[0]) {
        node = s_node(e, q->key ^ 1, q->cause, node);
        if (!q->npar)
            break;
    }
    return node;
}

static void s_cycle_hint(engine *e, slinks *s, dnode *dst, dhints *out)
{
    uint8_t incell[81] = {0};
    for (dnode *q = dst; q->npar; q = q->par[0])
        incell[(q->key >> 1) / 9] = 1;
    uint16_t forw[81] = {0}, back[81] = {0}, em[81];
    for (dnode *q = dst; q->npar; q = q->par[0]) {
        int cv = q->key >> 1, cell = cv / 9;
        uint16_t bit = (uint16_t)(1u << (cv % 9));
        uint16_t *side = (q->key & 1) ? forw : back;
        for (int i = 0; i < 20; i++) {
            int c = se_house[cell][i];
            if (!incell[c] && (s->cands[c] & bit))
                side[c] |= bit;
        }
    }
    int any = 0;
    for (int c = 0; c < 81; c++) {
        em[c] = forw[c] & back[c];
        any |= em[c];
    }
    if (!any)
        return;
    dhint *h = hints_push(e, out);
    set_elims(e, h, em, -1);
    h->kind = K_CYCLE;
    h->sortkey = (s->x && s->y) ? 4 : (s->y ? 3 : 2);
    h->ntargets = 2;
    h->targets = eng_alloc(e, 2 * sizeof(dnode *));
    h->targets[0] = dst;
    h->targets[1] = s_reversed(e, dst);
    eng_finish(e, h, (s->x && s->y) ? 7.0 : 6.5);
}

static void s_forcing_hint(engine *e, slinks *s, dnode *target, dhints *out)
{
    int cv = target->key >> 1, cell = cv / 9, v0 = cv % 9;
    uint16_t em[81] = {0};
    dhint *h = hints_push(e, out);
    if (target->key & 1) {
        em[cell] = s->cands[cell] & (uint16_t)~(1u << v0);
        set_elims(e, h, em, cell);
        h->place_cell = cell;
        h->place_value = v0 + 1;
    } else {
        em[cell] = (uint16_t)(1u << v0);
        set_elims(e, h, em, -1);
    }
    h->kind = K_FORCING;
    h->sortkey = s->y ? 4 : 2;
    h->ntargets = 1;
    h->targets = eng_alloc(e, sizeof(dnode *));
    h->targets[0] = target;
    eng_finish(e, h, s->y ? 7.0 : 6.6);
}

void nested_static_hints(engine *e, const uint8_t *values, const uint16_t *cands, dhints *out)
{
    slinks s;
    s.cands = cands;
    s.noffs = eng_alloc(e, SE_NKEYS * sizeof(int16_t));
    s.nons = eng_alloc(e, SE_NKEYS * sizeof(int16_t));
    s.offs = eng_alloc(e, SE_NKEYS * sizeof(*s.offs));
    s.ons = eng_alloc(e, SE_NKEYS * sizeof(*s.ons));
    s.qon = eng_alloc(e, SE_NKEYS * sizeof(dnode *));
    s.qoff = eng_alloc(e, SE_NKEYS * sizeof(dnode *));
    s.son = eng_alloc(e, SE_NKEYS * sizeof(unsigned));
    s.soff = eng_alloc(e, SE_NKEYS * sizeof(unsigned));
    memset(s.son, 0, SE_NKEYS * sizeof(unsigned));
    memset(s.soff, 0, SE_NKEYS * sizeof(unsigned));
    s.gen = 0;
    int capf = 256, cap0 = 256;
    dnode **found = eng_alloc(e, (size_t)capf * sizeof(dnode *)), **found0 = found;
    static const int passes[3][2] = {{0, 1}, {1, 0}, {1, 1}};
    for (int pass = 0; pass < 3; pass++) {
        s.y = passes[pass][0];
        s.x = passes[pass][1];
        memset(s.noffs, 0xff, SE_NKEYS * sizeof(int16_t));
        memset(s.nons, 0xff, SE_NKEYS * sizeof(int16_t));
        for (int cell = 0; cell < 81; cell++) {
            int card = sk_pop32(cands[cell]);
            if (values[cell] || card < 2 || (!s.x && card > 2))
                continue;
            for (int v0 = 0; v0 < 9; v0++) {
                if (!(cands[cell] >> v0 & 1))
                    continue;
                int k = ((cell * 9 + v0) << 1) | 1;
                /* a start without hints leaves nothing behind: its nodes are released, so
                   that the searches stay in a small, cache-warm part of the arena */
                amark m = eng_mark(e);
                int before = out->n;
                dnode *start = s_node(e, k, 0, NULL);
                int nf = s_cycles(e, &s, start, &found, &capf);
                int tk[2], nt = 0;
                dnode *tn[2];
                if (s.x) {
                    s_forcing(e, &s, start, tk, tn, &nt);
                    s_forcing(e, &s, s_node(e, k ^ 1, 0, NULL), tk, tn, &nt);
                }
                for (int i = 0; i < nf; i++)
                    s_cycle_hint(e, &s, found[i], out);
                for (int t = 0; t < nt; t++)
                    s_forcing_hint(e, &s, tn[t], out);
                if (out->n == before) {
                    eng_release(e, m);
                    if (found != found0) {
                        found = found0;
                        capf = cap0;
                    }
                }
            }
        }
    }
    hints_sort_merge(e, out);
}

