/* se/engine.c -- the engine of the C chaining (se/engine.h): arena of blocks released in
 * stack order, errors by longjmp, the deadline poll, SE's getChain walk, complexity with
 * nested chains, and the sorting and merging of hint lists (Chaining.hints' order).  No
 * single Python twin: these are the parts of logic/se/chains.py (logic/se/chains.py after
 * issue #30) that the Python gets from its objects and lists, made explicit in C.
 */

#include <stdlib.h>
#include <string.h>

#include "se/engine.h"

#define BLOCK (4u << 20)

/* ---- engine: arena, errors ------------------------------------------------------------ */

void eng_die(engine *e, int code) { longjmp(*e->fail, code); }

void *eng_alloc_slow(engine *e, size_t bytes)
{
    ablock *b = e->cur;
    ablock *next = b ? b->next : e->first;
    if (!next || next->size < bytes) {
        size_t size = bytes > BLOCK ? bytes : BLOCK;
        ablock *nb = malloc(sizeof(ablock) + size);
        if (!nb)
            eng_die(e, SE_ERROR);
        nb->size = size;
        nb->next = next;
        if (b)
            b->next = nb;
        else
            e->first = nb;
        next = nb;
    }
    next->used = bytes;
    e->cur = next;
    return next->data;
}

amark eng_mark(engine *e)
{
    amark m = {e->cur, e->cur ? e->cur->used : 0};
    return m;
}

void eng_release(engine *e, amark m)
{
    e->cur = m.blk;
    if (m.blk)
        m.blk->used = m.used;
}

void eng_reset(engine *e)
{
    /* keep the first block, free the others (a nested call may have needed many) */
    if (e->first) {
        ablock *b = e->first->next;
        while (b) {
            ablock *n = b->next;
            free(b);
            b = n;
        }
        e->first->next = NULL;
        e->first->used = 0;
    }
    e->cur = NULL;
    nested_cache_clear(e);
    e->nrec = 0;
    e->nsigs = 0;
    e->nsig = 0;
    if (e->sigtab)
        memset(e->sigtab, 0xff, (size_t)e->captab * sizeof(int));
}

void eng_free(engine *e)
{
    ablock *b = e->first;
    while (b) {
        ablock *n = b->next;
        free(b);
        b = n;
    }
    nested_cache_clear(e);
    free(e->rtab);
    free(e->bfs);
    free(e->recsig);
    free(e->reccx);
    free(e->sigpool);
    free(e->sigoff);
    free(e->siglen);
    free(e->sigtab);
    free(e->tmp);
    free(e->akey);
    free(e->anest);
    free(e->apar);
    free(e->anpar);
    free(e);
}

engine *eng_new(void)
{
    engine *e = calloc(1, sizeof(engine));
    if (!e)
        return NULL;
    e->bfs = malloc(SE_NKEYS * sizeof(dnode *));
    if (!e->bfs) {
        free(e);
        return NULL;
    }
    return e;
}

void eng_tick_slow(engine *e)
{
    {
        if (e->deadline > 0 && se_now() > e->deadline)
            eng_die(e, SE_LIMIT);
        if (e->poll && e->poll() < 0)
            eng_die(e, SE_ERROR);
    }
}


static unsigned next_gen(engine *e)
{
    if (++e->gen == 0) {
        memset(e->stamp, 0, sizeof e->stamp);
        e->gen = 1;
    }
    return e->gen;
}

/* SE's getChain walk: target and its ancestors breadth-first through all parents, one node
   per key (the first met); they are left in e->bfs[0..n-1]; returns n. */
static int walk(engine *e, dnode *t)
{
    unsigned g = next_gen(e);
    dnode **q = e->bfs;
    int head = 0, tail = 0;
    q[tail++] = t;
    e->stamp[t->key] = g;
    while (head < tail) {
        dnode *p = q[head++];
        for (int i = 0; i < p->npar; i++) {
            dnode *r = p->par[i];
            if (e->stamp[r->key] != g) {
                e->stamp[r->key] = g;
                q[tail++] = r;
            }
        }
    }
    return tail;
}

int eng_ancestors(engine *e, dnode *target) { return walk(e, target); }

/* Flat complexity, nested complexity (every distinct nested chain, by signature, met among
   the targets' chains: ChainHint.nested_complexity) and rating of a hint. */
void eng_finish(engine *e, dhint *h, double base)
{
    int flat = 0, nested = 0, nseen = 0;
    int seen[64];
    int *more = NULL, nmore = 0, capmore = 0;
    for (int t = 0; t < h->ntargets; t++) {
        int n = walk(e, h->targets[t]);
        if (h->kind != K_CYCLE || t == 0)
            flat += n;
        for (int i = 0; i < n; i++) {
            int r = e->bfs[i]->nest;
            if (r < 0)
                continue;
            int sig = e->recsig[r], dup = 0;
            for (int j = 0; j < nseen && !dup; j++)
                dup = seen[j] == sig;
            for (int j = 0; j < nmore && !dup; j++)
                dup = more[j] == sig;
            if (dup)
                continue;
            nested += e->reccx[r];
            if (nseen < 64) {
                seen[nseen++] = sig;
            } else {
                if (nmore == capmore) {
                    int nc = capmore ? 2 * capmore : 256;
                    int *m2 = eng_alloc(e, (size_t)nc * sizeof(int));
                    if (nmore)
                        memcpy(m2, more, (size_t)nmore * sizeof(int));
                    more = m2;
                    capmore = nc;
                }
                more[nmore++] = sig;
            }
        }
    }
    h->flat = flat;
    h->complexity = flat + nested;
    h->rating = base + se_length_penalty(h->complexity);
}

/* ---- hint lists ----------------------------------------------------------------------- */

dhint *hints_push(engine *e, dhints *list)
{
    if (list->n == list->cap) {
        int nc = list->cap ? 2 * list->cap : 64;
        dhint *nh = eng_alloc(e, (size_t)nc * sizeof(dhint));
        if (list->n)
            memcpy(nh, list->h, (size_t)list->n * sizeof(dhint));
        list->h = nh;
        list->cap = nc;
    }
    dhint *h = &list->h[list->n];
    memset(h, 0, sizeof *h);
    h->seq = list->n++;
    h->place_cell = -1;
    h->unit = -1;
    return h;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 33);
}

void set_single_elim(engine *e, dhint *h, int cell, uint16_t mask)
{
    h->nel = 1;
    h->ecell = eng_alloc(e, sizeof(int16_t));
    h->emask = eng_alloc(e, sizeof(uint16_t));
    h->ecell[0] = (int16_t)cell;
    h->emask[0] = mask;
    h->ehash = mix(mix(1, (uint64_t)cell), mask);
}

int dhint_cmp(const void *a, const void *b)
{
    const dhint *x = a, *y = b;
    if (x->rating != y->rating)
        return x->rating < y->rating ? -1 : 1;
    if (x->complexity != y->complexity)
        return x->complexity < y->complexity ? -1 : 1;
    if (x->sortkey != y->sortkey)
        return x->sortkey < y->sortkey ? -1 : 1;
    return x->seq < y->seq ? -1 : (x->seq > y->seq);
}

static int same_elims(const dhint *a, const dhint *b)
{
    if (a->ehash != b->ehash || a->nel != b->nel)
        return 0;
    for (int i = 0; i < a->nel; i++)
        if (a->ecell[i] != b->ecell[i] || a->emask[i] != b->emask[i])
            return 0;
    return 1;
}

/* Chaining.hints' order: sorted by (rating, complexity, sort key), discovery order on ties,
   then only the first hint of each set of eliminations kept. */
void hints_sort_merge(engine *e, dhints *list)
{
    int n = list->n;
    if (n < 2)
        return;
    qsort(list->h, (size_t)n, sizeof(dhint), dhint_cmp);
    int cap = 1;
    while (cap < 2 * n)
        cap <<= 1;
    amark m = eng_mark(e);
    int *tab = eng_alloc(e, (size_t)cap * sizeof(int));
    memset(tab, 0xff, (size_t)cap * sizeof(int));
    int out = 0;
    for (int i = 0; i < n; i++) {
        dhint *h = &list->h[i];
        size_t s = (size_t)h->ehash & (size_t)(cap - 1);
        int dup = 0;
        while (tab[s] >= 0) {
            if (same_elims(&list->h[tab[s]], h)) {
                dup = 1;
                break;
            }
            s = (s + 1) & (size_t)(cap - 1);
        }
        if (dup)
            continue;
        if (out != i)
            list->h[out] = *h;
        tab[s] = out++;
    }
    list->n = out;
    eng_release(e, m);
}

