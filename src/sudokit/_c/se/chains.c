/* se/chains.c -- SE's Chaining (producers 23-30) in C: the propagation, the hint lists and
 * the C entry (see se/engine.h; the engine itself is se/engine.c).  The twin of
 * sudokit/logic/se/chains.py Chaining (logic/se/chains.py after issue #30; the
 * specification): the same propagations in the same order, the same nodes (hidden parents,
 * advanced nodes), the same complexity and double arithmetic, the same sorting and merging
 * of equal eliminations.
 *
 * Speed: a propagation from (cell, v, on) depends on the grid only, so within one hint list
 * it is computed once and reused by the binary, region and cell chains (the Python
 * recomputes the region ones); the off propagations are skipped by producer 24, which uses
 * neither contradictions nor double chains.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "se/engine.h"


/* ---- propagation (SE's doChaining) ---------------------------------------------------- */

typedef struct {
    dnode **on, **off;
    int non, noff;
    int16_t *idx;       /* key -> index in on (odd keys) or off (even keys); -1 absent */
    dnode *absurd[2];   /* the contradicting pair, or NULL */
} prop;

static prop *prop_new(engine *e, dnode *start)
{
    prop *P = eng_alloc(e, sizeof(prop));
    P->on = eng_alloc(e, 729 * sizeof(dnode *));
    P->off = eng_alloc(e, 729 * sizeof(dnode *));
    P->idx = eng_alloc(e, SE_NKEYS * sizeof(int16_t));
    memset(P->idx, 0xff, SE_NKEYS * sizeof(int16_t));
    P->non = P->noff = 0;
    P->absurd[0] = P->absurd[1] = NULL;
    if (start->key & 1) {
        P->idx[start->key] = (int16_t)P->non;
        P->on[P->non++] = start;
    } else {
        P->idx[start->key] = (int16_t)P->noff;
        P->off[P->noff++] = start;
    }
    return P;
}

#define GET(P, k) ((k) & 1 ? (P)->on[(P)->idx[k]] : (P)->off[(P)->idx[k]])

static void add_on(prop *P, dnode *q)
{
    P->idx[q->key] = (int16_t)P->non;
    P->on[P->non++] = q;
}

static void add_off(prop *P, dnode *q)
{
    P->idx[q->key] = (int16_t)P->noff;
    P->off[P->noff++] = q;
}

/* Derive from P's nodes until nothing is pending or a contradiction (P->absurd). */
/* pos[u][v0]: bit i set when the i-th cell of unit u holds v0 + 1 in cands */
static void unit_positions(const uint16_t *cands, uint16_t pos[27][9])
{
    memset(pos, 0, 27 * 9 * sizeof(uint16_t));
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++)
            for (unsigned m = cands[se_unit_cells[u][i]]; m; m &= m - 1)
                pos[u][__builtin_ctz(m)] |= (uint16_t)(1u << i);
}

/* The propagation, with the positions of every value per unit kept up to date (srcpos:
   those of cands). */
static void propagate(engine *e, const chainer *ch, const uint8_t *values,
                      const uint16_t *cands, uint16_t (*srcpos)[9], prop *P)
{
    int y = !ch->nishio, dynamic = ch->dynamic;
    uint16_t work[81];
    memcpy(work, cands, sizeof work);
    uint16_t upos[27][9];
    memcpy(upos, srcpos, sizeof upos);
    int hon = 0, hoff = 0;
    while (hon < P->non || hoff < P->noff) {
        if (hon < P->non) {
            dnode *p = P->on[hon++];
            int cv = p->key >> 1, cell = cv / 9, v0 = cv % 9;
            unsigned bit = 1u << v0;
            if (y) {
                unsigned m = work[cell] & ~bit;
                while (m) {
                    int w = __builtin_ctz(m);
                    m &= m - 1;
                    int k = (cell * 9 + w) << 1;
                    if (P->idx[k ^ 1] >= 0) {
                        dnode *q = eng_node(e, k, 1, 1, -1);
                        q->par[0] = p;
                        P->absurd[0] = GET(P, k ^ 1);
                        P->absurd[1] = q;
                        return;
                    }
                    if (P->idx[k] < 0) {
                        dnode *q = eng_node(e, k, 1, 1, -1);
                        q->par[0] = p;
                        add_off(P, q);
                    }
                }
            }
            for (int t = 0; t < 3; t++) {
                int u = se_cell_units[cell][t];
                const int *cells = se_unit_cells[u];
                unsigned others = upos[u][v0] & ~(1u << se_cell_pos[cell][t]);
                for (; others; others &= others - 1) {
                    int c = cells[__builtin_ctz(others)];
                    int k = (c * 9 + v0) << 1;
                    if (P->idx[k ^ 1] >= 0) {
                        dnode *q = eng_node(e, k, 2 + t, 1, -1);
                        q->par[0] = p;
                        P->absurd[0] = GET(P, k ^ 1);
                        P->absurd[1] = q;
                        return;
                    }
                    if (P->idx[k] < 0) {
                        dnode *q = eng_node(e, k, 2 + t, 1, -1);
                        q->par[0] = p;
                        add_off(P, q);
                    }
                }
            }
        } else {
            dnode *p = P->off[hoff++];
            int cv = p->key >> 1, cell = cv / 9, v0 = cv % 9;
            unsigned bit = 1u << v0;
            /* derived nodes use the grid before this node's candidate is removed */
            dnode *made[4];
            int nmade = 0;
            if (y && sk_pop32(work[cell]) == 2) {
                unsigned m = work[cell];
                int a = __builtin_ctz(m), b = __builtin_ctz(m & (m - 1));
                int other = a != v0 ? a : b;
                unsigned gone = dynamic ? (unsigned)(cands[cell] & ~work[cell]) : 0;
                dnode *q = eng_node(e, ((cell * 9 + other) << 1) | 1, 1,
                                    1 + sk_pop32(gone), -1);
                q->par[0] = p;
                int np = 1;
                while (gone) {
                    int w = __builtin_ctz(gone);
                    gone &= gone - 1;
                    int k = (cell * 9 + w) << 1;
                    q->par[np++] = GET(P, k);
                }
                made[nmade++] = q;
            }
            for (int t = 0; t < 3; t++) {
                int u = se_cell_units[cell][t];
                const int *cells = se_unit_cells[u];
                unsigned m = upos[u][v0];
                if (sk_pop32(m) != 2)
                    continue;
                int first = cells[__builtin_ctz(m)], second = cells[__builtin_ctz(m & (m - 1))];
                int other = first == cell ? second : first;
                int k = ((other * 9 + v0) << 1) | 1, dup = 0;
                for (int j = 0; j < nmade; j++)
                    dup |= made[j]->key == k;
                if (dup)
                    continue;
                unsigned gone = dynamic ? (unsigned)(srcpos[u][v0] & ~m) : 0;
                dnode *q = eng_node(e, k, 2 + t, 1 + sk_pop32(gone), -1);
                q->par[0] = p;
                for (int np = 1; gone; gone &= gone - 1)
                    q->par[np++] = GET(P, (cells[__builtin_ctz(gone)] * 9 + v0) << 1);
                made[nmade++] = q;
            }
            if (dynamic) {
                work[cell] &= (uint16_t)~bit;
                for (int t = 0; t < 3; t++)
                    upos[se_cell_units[cell][t]][v0] &= (uint16_t)~(1u << se_cell_pos[cell][t]);
            }
            for (int j = 0; j < nmade; j++) {
                dnode *q = made[j];
                int k = q->key;
                if (P->idx[k ^ 1] >= 0) {
                    P->absurd[0] = q;
                    P->absurd[1] = GET(P, k ^ 1);
                    return;
                }
                if (P->idx[k] < 0)
                    add_on(P, q);
            }
        }
        if (hon == P->non && hoff == P->noff && ch->level > 0) {
            nested_rules(e, ch->level, values, work, cands);
            size_t at = 0;
            for (int i = 0; i < e->na; i++) {
                int k = e->akey[i], np = e->anpar[i];
                if (P->idx[k] < 0) {
                    dnode *q = eng_node(e, k, 5, np, e->anest[i]);
                    for (int j = 0; j < np; j++)
                        q->par[j] = GET(P, e->apar[at + (size_t)j]);
                    add_off(P, q);
                }
                at += (size_t)np;
            }
        }
    }
}

static prop *propagate_from(engine *e, const chainer *ch, const uint8_t *values,
                            const uint16_t *cands, uint16_t (*srcpos)[9], int key)
{
    prop *P = prop_new(e, eng_node(e, key, 0, 0, -1));
    propagate(e, ch, values, cands, srcpos, P);
    return P;
}

/* ---- hints (SE's getMultipleChainsHintList) ------------------------------------------- */

typedef struct {
    engine *e;
    const chainer *ch;
    const uint8_t *values;
    const uint16_t *cands;
    dhints *out;
    prop **memo;        /* [729]: the propagation from (cell, v, on), once computed */
    double base;
    uint16_t (*srcpos)[9];  /* [27][9]: unit_positions(cands) */
} hlist;

static prop *memo_on(hlist *L, int key)
{
    prop **slot = &L->memo[key >> 1];
    if (!*slot)
        *slot = propagate_from(L->e, L->ch, L->values, L->cands, L->srcpos, key);
    return *slot;
}

/* A hint concluding key (_effect): 0 when "is v" leaves nothing to remove. */
static dhint *effect_hint(hlist *L, int key)
{
    int cell = (key >> 1) / 9, v0 = (key >> 1) % 9;
    uint16_t bit = (uint16_t)(1u << v0);
    uint16_t mask = bit;
    if (key & 1) {
        mask = L->cands[cell] & (uint16_t)~bit;
        if (!mask)
            return NULL;
    }
    dhint *h = hints_push(L->e, L->out);
    set_single_elim(L->e, h, cell, mask);
    if (key & 1) {
        h->place_cell = cell;
        h->place_value = v0 + 1;
    }
    return h;
}

static void binary_hint(hlist *L, dnode *a, dnode *b, int key, int sortkey)
{
    dhint *h = effect_hint(L, key);
    if (!h)
        return;
    h->kind = K_BINARY;
    h->sortkey = sortkey;
    h->ntargets = 2;
    h->targets = eng_alloc(L->e, 2 * sizeof(dnode *));
    h->targets[0] = a;
    h->targets[1] = b;
    eng_finish(L->e, h, L->base);
}

static void reduction(hlist *L, int kind, int key, dnode **chains, int n, int sortkey, int unit)
{
    dhint *h = effect_hint(L, key);
    if (!h)
        return;
    h->kind = kind;
    h->sortkey = sortkey;
    h->unit = unit;
    h->ntargets = n;
    h->targets = eng_alloc(L->e, (size_t)n * sizeof(dnode *));
    memcpy(h->targets, chains, (size_t)n * sizeof(dnode *));
    eng_finish(L->e, h, L->base);
}

/* Nodes found in every outcome (in the first's order) give reductions. */
static void common(hlist *L, prop **outs, int n, int kind, int sortkey, int unit)
{
    dnode *chains[9];
    for (int side = 1; side >= 0; side--) {
        int cnt = side ? outs[0]->non : outs[0]->noff;
        dnode **list = side ? outs[0]->on : outs[0]->off;
        for (int i = 0; i < cnt; i++) {
            int k = list[i]->key, all = 1;
            for (int j = 1; j < n && all; j++)
                all = outs[j]->idx[k] >= 0;
            if (!all)
                continue;
            for (int j = 0; j < n; j++)
                chains[j] = GET(outs[j], k);
            reduction(L, kind, k, chains, n, sortkey, unit);
        }
    }
}

static void binary(hlist *L, int cell, int v0, int card, prop *on)
{
    const chainer *ch = L->ch;
    int k = ((cell * 9 + v0) << 1) | 1;
    int do_double = card >= 3 && !ch->nishio && ch->dynamic;
    int do_contra = ch->dynamic || ch->nishio;
    if (do_contra && on->absurd[0])
        binary_hint(L, on->absurd[0], on->absurd[1], k ^ 1, 7);
    if (!do_contra && !do_double)
        return;
    amark mark = eng_mark(L->e);
    int before = L->out->n;
    prop *off = propagate_from(L->e, ch, L->values, L->cands, L->srcpos, k ^ 1);
    if (do_contra && off->absurd[0])
        binary_hint(L, off->absurd[0], off->absurd[1], k, 7);
    if (do_double) {
        for (int i = 0; i < on->non; i++) {
            dnode *q = on->on[i];
            if (off->idx[q->key] >= 0)
                binary_hint(L, q, GET(off, q->key), q->key, 1);
        }
        for (int i = 0; i < on->noff; i++) {
            dnode *q = on->off[i];
            if (off->idx[q->key] >= 0)
                binary_hint(L, q, GET(off, q->key), q->key, 1);
        }
    }
    if (L->out->n == before)  /* nothing refers to this propagation: drop it */
        eng_release(L->e, mark);
}

static void regions(hlist *L, int cell, int v0, prop *on)
{
    unsigned bit = 1u << v0;
    for (int t = 0; t < 3; t++) {
        int u = se_cell_units[cell][t];
        int cells[9], n = 0;
        for (int i = 0; i < 9; i++)
            if (L->cands[se_unit_cells[u][i]] & bit)
                cells[n++] = se_unit_cells[u][i];
        if (!(n == 2 || (L->ch->multiple && n > 2)) || cells[0] != cell)
            continue;
        prop *outs[9];
        outs[0] = on;
        for (int i = 1; i < n; i++)
            outs[i] = memo_on(L, ((cells[i] * 9 + v0) << 1) | 1);
        common(L, outs, n, K_REGION, 6, u);
    }
}

void chainer_hints(engine *e, const chainer *ch, const uint8_t *values, const uint16_t *cands,
                   dhints *out)
{
    hlist L = {e, ch, values, cands, out, NULL, 0.0, NULL};
    L.srcpos = eng_alloc(e, 27 * sizeof(*L.srcpos));
    unit_positions(cands, L.srcpos);
    if (ch->level >= 2)
        L.base = 9.5 + 0.5 * (ch->level - 2);
    else if (ch->level > 0)
        L.base = 8.5 + 0.5 * ch->level;
    else if (ch->nishio)
        L.base = 7.5;
    else if (ch->dynamic)
        L.base = 8.5;
    else
        L.base = 8.0;
    L.memo = eng_alloc(e, 729 * sizeof(prop *));
    memset(L.memo, 0, 729 * sizeof(prop *));
    for (int cell = 0; cell < 81; cell++) {
        if (values[cell])
            continue;
        unsigned m = cands[cell];
        int card = sk_pop32(m);
        if (!(card > 2 || (card > 1 && ch->dynamic)))
            continue;
        if (e->deadline > 0 && se_now() > e->deadline)
            eng_die(e, SE_LIMIT);
        prop *von[9];
        int n = 0;
        for (int v0 = 0; v0 < 9; v0++) {
            if (!(m >> v0 & 1))
                continue;
            prop *on = memo_on(&L, ((cell * 9 + v0) << 1) | 1);
            binary(&L, cell, v0, card, on);
            if (!ch->nishio)
                regions(&L, cell, v0, on);
            von[n++] = on;
        }
        if (!ch->nishio && (card == 2 || (ch->multiple && card > 2)))
            common(&L, von, n, K_CELL, 5, -1);
    }
}

/* ---- entry ------------------------------------------------------------------------------ */

static const chainer PRODUCERS[8] = {
    {0, 1, 1, 0}, {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 0, 1},
    {1, 1, 0, 2}, {1, 1, 0, 3}, {1, 1, 0, 4}, {1, 1, 0, 5},
};

typedef struct {
    engine *e;
    int valid[8], code[8];
    se_board last[8];
    se_hint hint[8];
} ccache;

/* The hint list of producer (23..30) on b, into *out (sorted and merged when all, else
   unsorted); SE_NONE / SE_FOUND, or SE_LIMIT / SE_ERROR. */
int se_dynamic_run(engine *e, const se_board *b, int producer, double deadline, int all,
                   dhints *out)
{
    se_tables_init();
    jmp_buf jb;
    eng_reset(e);
    e->fail = &jb;
    e->deadline = deadline;
    e->ticks = 0;
    e->rhits = e->rmiss = 0;
    out->n = out->cap = 0;
    out->h = NULL;
    int code = setjmp(jb);
    if (code)
        return code;
    chainer_hints(e, &PRODUCERS[producer - 23], b->values, b->cands, out);
    if (all)
        hints_sort_merge(e, out);
    return out->n ? SE_FOUND : SE_NONE;
}

engine *se_dynamic_engine(void) { return eng_new(); }
void se_dynamic_engine_free(engine *e) { eng_free(e); }

/* The name Chaining._name gives a hint of producer (23..30). */
void se_dynamic_name(int producer, const dhint *h, char *buf, size_t size)
{
    const chainer *ch = &PRODUCERS[producer - 23];
    if (ch->nishio) {
        snprintf(buf, size, "Nishio forcing chain");
        return;
    }
    const char *what = h->kind == K_CELL ? "cell" : h->kind == K_REGION ? "region"
                       : h->sortkey == 7 ? "contradiction" : "double";
    char suffix[16] = "";
    if (ch->level)
        snprintf(suffix, sizeof suffix, " (level %d)", ch->level);
    snprintf(buf, size, "%s%s forcing chain%s", ch->dynamic ? "dynamic " : "", what, suffix);
}

/* The first hint of a list (the minimum under rating, complexity, sort key, order). */
const dhint *se_dynamic_first(const dhints *list)
{
    const dhint *best = NULL;
    for (int i = 0; i < list->n; i++)
        if (!best || dhint_cmp(&list->h[i], best) < 0)
            best = &list->h[i];
    return best;
}

void se_dynamic_hint(int producer, const dhint *h, se_hint *out)
{
    se_hint_clear(out);
    out->rating = h->rating;
    out->complexity = h->complexity;
    out->key = h->sortkey;
    for (int j = 0; j < h->nel; j++)
        out->elims[h->ecell[j]] = h->emask[j];
    out->place_cell = h->place_cell;
    out->place_value = h->place_value;
    se_dynamic_name(producer, h, out->name, sizeof out->name);
}

void *se_chaining_cache_new(void)
{
    ccache *c = calloc(1, sizeof(ccache));
    if (!c)
        return NULL;
    c->e = eng_new();
    if (!c->e) {
        free(c);
        return NULL;
    }
    return c;
}

void se_chaining_cache_free(void *cache)
{
    ccache *c = cache;
    if (!c)
        return;
    eng_free(c->e);
    free(c);
}

void se_chaining_cache_poll(void *cache, int (*poll)(void)) { ((ccache *)cache)->e->poll = poll; }

int se_chaining_hint(void *cache, const se_board *b, int producer, double deadline,
                     se_hint *out)
{
    ccache *c = cache;
    if (producer < 23 || producer > 30)
        return SE_ERROR;
    int i = producer - 23;
    if (c->valid[i] && memcmp(&c->last[i], b, sizeof *b) == 0) {
        if (c->code[i] == SE_FOUND)
            *out = c->hint[i];
        return c->code[i];
    }
    dhints list;
    int code = se_dynamic_run(c->e, b, producer, deadline, 0, &list);
    if (code < 0)
        return code;
    if (code == SE_FOUND)
        se_dynamic_hint(producer, se_dynamic_first(&list), out);
    else
        se_hint_clear(out);
    c->valid[i] = 1;
    c->last[i] = *b;
    c->code[i] = code;
    c->hint[i] = *out;
    return code;
}
