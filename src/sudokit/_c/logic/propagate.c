/* logic/propagate.c -- verdicts of dynamic branches for the forcing chains: the twin of
 * sudokit/logic/core/propagate.py (the specification);
 * forcing.py builds every step from fresh branches: Python ones, or for a singles branch
 * the same branch recorded here with its order and reasons (logic/propagate_record.c);
 * otherwise this file only decides where to look.
 *
 * A branch assumes a candidate true and follows the rules of core/propagate.py: x on takes the
 * other candidates of its cell and its value in its peers off; a cell left with one
 * candidate (of two or more at the start) or a full unit left with one place for a value
 * it lacks turns that candidate on; with "plus", locked candidates, hidden and naked pairs
 * and X-Wings on rows and columns whose trigger (the unit's places, the cell's candidates)
 * changed since the rules last found nothing (at first: since the branch's start; the
 * same places core/propagate.py looks at); with depth d > 0, candidates whose own branch one level
 * down (depth d - 1, from a snapshot of this one) contradicts go off.  A contradiction: a
 * cell without candidate, a full unit without a place for a value it lacks, a literal
 * both on and off.
 *
 * Every rule only adds consequences, and what it needs only grows, so the branch's end
 * (its on and off literals, or a contradiction) is the least fixed point of the rules,
 * whatever the order they are applied in: core/propagate.py's order (with the reasons the steps
 * show) and this one reach the same end.  tests/test_logic_c.py compares both on every
 * literal of many states.
 *
 * Literals: b * nc + cell (b = value - 1), as core/links.py.  The geometry's weak links
 * between cells (lc_geo's links: thermometers, dots, negative rules) act as peers do: x on
 * takes the values its links exclude off the linked cells (after its peers).
 *
 *   lc_dyn_new(state) -> the context (per state; verdicts of the singles and the plus
 *       branches are kept per literal)
 *   lc_dyn_contra(d, x, plus, depth): x's branch contradicts
 *   lc_dyn_verdict(d, x, plus): x's branch's end, memoised (forcing.py _common reads it)
 *   lc_dyn_size(d, x): the state's candidates x's singles branch decides (-1: it
 *       contradicts): forcing.py _reach_size
 * logic/propagate_record.c: Nishio, the first refutable candidate, recorded branches and
 * their proofs (types: logic/propagate.h; bindings: bind/logic_dynamic.c).
 *
 * Recording (logic_dyn_branch): a singles branch applies the rules in core/propagate.py's order
 * (queue of on literals; per literal its cell's other candidates, its peers, then its links; within
 * a kill the naked single, then each full unit's hidden single), so each literal gets the
 * sequence number and reason Python gives it.
 */
#include "logic/propagate.h"

#include <stdlib.h>
#include <string.h>


/* --- propagation ------------------------------------------------------------------------ */

/* Cell sets of two cells or more, of exactly two; masks of exactly two values (tests
 * without a popcount: the baseline build has no popcount instruction). */
static inline int many(lc_set a)
{
    return (a.lo & (a.lo - 1)) || (a.hi & (a.hi - 1)) || (a.lo && a.hi);
}
static inline int two(lc_set a)
{
    if (!many(a))
        return 0;
    if (a.lo && a.hi)
        return !(a.lo & (a.lo - 1)) && !(a.hi & (a.hi - 1));
    uint64_t w = a.lo ? a.lo : a.hi;
    w &= w - 1;
    return !(w & (w - 1));
}
static inline int two_values(unsigned m)
{
    unsigned rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}

static void record(branch_t *br, int x, int on, int kind, int arg)
{
    rec_t *r = br->rec;
    r->order[r->seq] = (uint16_t)(x | (on ? 0x8000 : 0));
    r->kind[r->seq] = (uint8_t)kind;
    r->arg[r->seq++] = (int16_t)arg;
}

static void contra(branch_t *br, int kind, int a, int b)
{
    br->contra = 1;
    if (br->rec) {
        br->rec->ck = kind;
        br->rec->c1 = a;
        br->rec->c2 = b;
    }
}

static void set_on(const dyn_t *d, branch_t *br, int x, int kind, int arg)
{
    if (lhas(&br->on, x))
        return;
    if (lhas(&br->off, x)) {
        contra(br, 1, x, 0);
        return;
    }
    if (br->rec)
        record(br, x, 1, kind, arg);
    ladd(&br->on, x);
    lc_add(&br->oncells, d->lit_cell[x]);
    br->queue[br->qt++] = (uint16_t)x;
}

static void kill(const dyn_t *d, branch_t *br, int k)
{
    if (lhas(&br->off, k))
        return;
    if (br->rec)
        record(br, k, 0, br->rk, br->ra);
    ladd(&br->off, k);
    int n = d->n, b = d->lit_val[k], p = d->lit_cell[k];
    unsigned m = br->cands[p] & ~(1u << b);
    br->cands[p] = (uint16_t)m;
    lc_set cbit = lc_bit(p);
    br->vcells[b] = lc_andnot(br->vcells[b], cbit);
    lc_add(&br->cdirty, p);
    if (lhas(&br->on, k) || !m) {
        if (lhas(&br->on, k))
            contra(br, 1, k, 0);
        else
            contra(br, 2, p, 0);
        return;
    }
    if (!(m & (m - 1)) && !lc_has(br->oncells, p)) {
        set_on(d, br, sk_ctz64(m) * d->nc + p, R_NAKED, 0);
        if (br->contra)
            return;
    }
    for (int i = 0; i < d->ncf[p]; i++) {
        int pos = d->cf[p][i], j = pos * n + b;
        lc_set w = lc_andnot(br->where[j], cbit);
        br->where[j] = w;
        br->wdirty[j >> 6] |= (uint64_t)1 << (j & 63);
        if (d->placed[pos] >> b & 1)
            continue;
        if (!lc_any(w)) {
            contra(br, 3, pos, b);
            return;
        }
        if (!many(w)) {
            int cell = lc_first(w), x = b * d->nc + cell;
            if (!lhas(&br->on, x) && !lc_has(br->oncells, cell)) {
                set_on(d, br, x, R_HIDDEN, pos);
                if (br->contra)
                    return;
            }
        }
    }
}

/* Kill b in every cell of cells; 1 on a contradiction. */
static int kill_cells(const dyn_t *d, branch_t *br, int b, lc_set cells)
{
    while (lc_any(cells)) {
        kill(d, br, b * d->nc + lc_pop(&cells));
        if (br->contra)
            return 1;
    }
    return 0;
}

static int rules(const dyn_t *d, branch_t *br);
static int nested(const dyn_t *d, branch_t *br, int plus, int depth);

static void run(const dyn_t *d, branch_t *br, int plus, int depth)
{
    const lc_geo *g = d->g;
    for (;;) {
        while (br->qh < br->qt) {
            int x = br->queue[br->qh++], b = d->lit_val[x], c = d->lit_cell[x];
            br->rk = R_CELL;
            br->ra = x;
            for (unsigned m = br->cands[c] & ~(1u << b); m;) {
                kill(d, br, lc_popm(&m) * d->nc + c);
                if (br->contra)
                    return;
            }
            br->rk = R_PEER;
            if (kill_cells(d, br, b, lc_and(g->peers[c], br->vcells[b])))
                return;
            /* the geometry's links, in Geometry.cell_links' order then by value: a literal
             * killed on the way is off, so kill passes it over as Python's list does */
            br->rk = R_LINK;
            for (int k = g->link_at[c]; k < g->link_at[c + 1]; k++) {
                int j = g->link_cell[k];
                for (unsigned m = g->link_mask[k][b] & br->cands[j]; m;) {
                    kill(d, br, lc_popm(&m) * d->nc + j);
                    if (br->contra)
                        return;
                }
            }
        }
        br->rk = R_OTHER;
        if (plus && rules(d, br)) {
            if (br->contra)
                return;
            continue;
        }
        if (depth > 0 && nested(d, br, plus, depth)) {
            if (br->contra)
                return;
            continue;
        }
        return;
    }
}

/* --- the plus rules: one instance whose trigger changed since the start ------------------ */

/* For each where entry j changed since the rules last found nothing (or since the start),
 * in increasing order: core/propagate.py's br.pend, sorted.  A rule returns right after
 * its kills, so the words read ahead never go stale within a rule. */
#define FOR_DIRTY(br, j)                                                                  \
    for (int wi_ = 0; wi_ < (int)(sizeof (br)->wdirty / 8); wi_++)                       \
        for (uint64_t bits_ = (br)->wdirty[wi_]; bits_; bits_ &= bits_ - 1)               \
            for (int j = 64 * wi_ + sk_ctz64(bits_), once_ = 1; once_; once_ = 0)

static int rules(const dyn_t *d, branch_t *br)
{
    int n = d->n, nc = d->nc, F = d->F;
    (void)F;
    /* locked candidates */
    FOR_DIRTY(br, j) {
        lc_set w = br->where[j];
        if (lc_eq(w, br->owhere[j]) || !many(w))
            continue;
        int p = d->at_pos[j], b = d->at_val[j];
        for (int k = d->xstart[p]; k < d->xstart[p + 1]; k++) {
            if (!lc_within(w, d->xcommon[k]))
                continue;
            lc_set gone = lc_andnot(br->where[d->xq[k] * n + b], d->xcommon[k]);
            if (lc_any(gone)) {
                kill_cells(d, br, b, gone);
                return 1;
            }
        }
    }
    /* hidden pairs, X-Wings: a unit's places of a value changed to two */
    FOR_DIRTY(br, j) {
        lc_set w = br->where[j];
        if (lc_eq(w, br->owhere[j]) || !two(w))
            continue;
        int p = d->at_pos[j], a = d->at_val[j];
        for (int b = 0; b < n; b++) {
            if (b == a || !lc_eq(br->where[p * n + b], w))
                continue;
            unsigned keep = 1u << a | 1u << b;
            int any = 0;
            for (lc_set it = w; lc_any(it);) {
                int c = lc_pop(&it);
                for (unsigned m = br->cands[c] & ~keep; m;) {
                    any = 1;
                    kill(d, br, lc_popm(&m) * nc + c);
                    if (br->contra)
                        return 1;
                }
            }
            if (any)
                return 1;
        }
    }
    if (d->lines) {
        FOR_DIRTY(br, j) {
            lc_set w = br->where[j];
            int p = d->at_pos[j], b = d->at_val[j], kind = d->line_kind[p];
            if (kind < 0 || lc_eq(w, br->owhere[j]) || !two(w))
                continue;
            int lo = lc_first(w), hi = lc_first(lc_andnot(w, lc_bit(lo)));
            int k0 = kind == 0 ? lo % n : lo / n, k1 = kind == 0 ? hi % n : hi / n;
            const uint8_t *bases = kind == 0 ? d->rowpos : d->colpos;
            const uint8_t *covers = kind == 0 ? d->colpos : d->rowpos;
            for (int i = 0; i < n; i++) {
                int q = bases[i];
                lc_set wq = br->where[q * n + b];
                if (q == p || !two(wq))
                    continue;
                int l2 = lc_first(wq), h2 = lc_first(lc_andnot(wq, lc_bit(l2)));
                if ((kind == 0 ? l2 % n : l2 / n) != k0 || (kind == 0 ? h2 % n : h2 / n) != k1)
                    continue;
                lc_set inside = lc_or(d->ubits[p], d->ubits[q]);
                lc_set gone = lc_andnot(lc_or(br->where[covers[k0] * n + b],
                                              br->where[covers[k1] * n + b]), inside);
                if (lc_any(gone)) {
                    kill_cells(d, br, b, gone);
                    return 1;
                }
            }
        }
    }
    /* naked pairs: a cell whose candidates changed to two */
    for (lc_set cells = br->cdirty; lc_any(cells);) {
        int c = lc_pop(&cells);
        unsigned m = br->cands[c];
        if (m == br->ocands[c] || !two_values(m) || lc_has(br->oncells, c))
            continue;
        for (int i = 0; i < d->ncf[c]; i++) {
            int p = d->cf[c][i], u = d->unit_of[p];
            for (int q = 0; q < d->g->unit_len[u]; q++) {
                int e = d->g->unit_cells[u][q];
                if (e == c || br->cands[e] != m || lc_has(br->oncells, e))
                    continue;
                lc_set inside = lc_or(lc_bit(c), lc_bit(e));
                int any = 0;
                for (unsigned mm = m; mm;) {
                    int b = lc_popm(&mm);
                    lc_set gone = lc_andnot(br->where[p * n + b], inside);
                    if (lc_any(gone)) {
                        any = 1;
                        if (kill_cells(d, br, b, gone))
                            return 1;
                    }
                }
                if (any)
                    return 1;
            }
        }
    }
    /* nothing: until something changes, nothing can be found (what a pattern needs only
     * shrinks), so the next call looks only where the branch changes from now on */
    memset(br->wdirty, 0, sizeof br->wdirty);
    br->cdirty = LC_EMPTY;
    return 0;
}

/* --- branches ----------------------------------------------------------------------------- */

/* A branch from from's arrays (its start: those arrays), on/off empty. */
static void fork_from(const dyn_t *d, branch_t *br, const branch_t *from, lc_set oncells)
{
    size_t nw = (size_t)d->F * d->n;
    memcpy(br->cands, from->cands, (size_t)d->nc * sizeof(uint16_t));
    memcpy(br->where, from->where, nw * sizeof(lc_set));
    memcpy(br->vcells, from->vcells, sizeof br->vcells);
    memset(&br->on, 0, sizeof br->on);
    memset(&br->off, 0, sizeof br->off);
    br->oncells = oncells;
    memset(br->wdirty, 0, sizeof br->wdirty);
    br->cdirty = LC_EMPTY;
    br->contra = 0;
    br->qh = br->qt = 0;
    br->ocands = from->cands;
    br->owhere = from->where;
    br->rec = NULL;
    br->rk = R_OTHER;
    br->ra = 0;
}

/* The nesting rule's answers at depth >= 2, kept per state (dyn_t): a function of the
 * branch's candidates and on cells (its where tables follow from them), the rules and the
 * depth.  What C found deciding a candidate's verdict is asked again, snapshot for
 * snapshot, when Python builds that candidate's branch for the step (core/propagate.py
 * _nested asks logic_dyn_nested): the deep answers cost up to a second each, the
 * shallow ones a few milliseconds and are not kept.  At most NMEMO_MAX answers. */
#define NMEMO_MAX 4096
typedef struct {
    uint64_t key;
    uint16_t cands[LC_MAXC];
    lc_set oncells;
    int8_t plus, depth, nf;
    int16_t found[LC_MAXN];            /* literals */
} nmemo_entry;
struct nmemo {
    int len, cap;
    nmemo_entry *e;
};

static uint64_t nmemo_key(const dyn_t *d, const branch_t *br, int plus, int depth)
{
    uint64_t h = 0x9E3779B97F4A7C15ull * (uint64_t)(2 * depth + plus + 1);
    for (int c = 0; c < d->nc; c++)
        h = (h ^ br->cands[c]) * 0x100000001B3ull;
    return h ^ br->oncells.lo * 0xC2B2AE3D27D4EB4Full ^ br->oncells.hi;
}

static const nmemo_entry *nmemo_find(const dyn_t *d, const branch_t *br, int plus, int depth,
                                     uint64_t key)
{
    const struct nmemo *m = d->nmemo;
    for (int i = 0; m && i < m->len; i++) {
        const nmemo_entry *e = &m->e[i];
        if (e->key == key && e->plus == plus && e->depth == depth &&
            lc_eq(e->oncells, br->oncells) &&
            !memcmp(e->cands, br->cands, (size_t)d->nc * sizeof(uint16_t)))
            return e;
    }
    return NULL;
}

static void nmemo_add(const dyn_t *d, const branch_t *br, int plus, int depth, uint64_t key,
                      const int *found, int nf)
{
    struct nmemo *m = d->nmemo;
    if (!m || m->len == NMEMO_MAX)
        return;
    if (m->len == m->cap) {
        int cap = m->cap ? 2 * m->cap : 16;
        nmemo_entry *e = realloc(m->e, (size_t)cap * sizeof *e);
        if (!e)
            return;          /* out of memory: not kept (the answer stands) */
        m->e = e;
        m->cap = cap;
    }
    nmemo_entry *e = &m->e[m->len++];
    e->key = key;
    memcpy(e->cands, br->cands, sizeof e->cands);
    e->oncells = br->oncells;
    e->plus = (int8_t)plus;
    e->depth = (int8_t)depth;
    e->nf = (int8_t)nf;
    for (int i = 0; i < nf; i++)
        e->found[i] = (int16_t)found[i];
}

static int nested_scan(const dyn_t *d, const branch_t *br, int plus, int depth, int *found);

/* The candidates of the first cell of br (cells with the fewest candidates first, then
 * in order; not a cell br set on) that have any whose branch one level down (depth - 1,
 * from a snapshot of br) contradicts, into found (by value): their count, 0 when no cell
 * has one, -1 when out of memory.  At depth >= 2 through the memo. */
static int nested_first(const dyn_t *d, const branch_t *br, int plus, int depth, int *found)
{
    if (depth < 2)
        return nested_scan(d, br, plus, depth, found);
    uint64_t key = nmemo_key(d, br, plus, depth);
    const nmemo_entry *e = nmemo_find(d, br, plus, depth, key);
    if (e) {
        for (int i = 0; i < e->nf; i++)
            found[i] = e->found[i];
        return e->nf;
    }
    int nf = nested_scan(d, br, plus, depth, found);
    if (nf >= 0)
        nmemo_add(d, br, plus, depth, key, found, nf);
    return nf;
}

static int nested_scan(const dyn_t *d, const branch_t *br, int plus, int depth, int *found)
{
    int nc = d->nc, order[LC_MAXC], no = 0, count[LC_MAXC];
    for (int c = 0; c < nc; c++)
        count[c] = lc_has(br->oncells, c) ? 0 : sk_pop64(br->cands[c]);
    for (int k = 2; k <= d->n; k++)
        for (int c = 0; c < nc; c++)
            if (count[c] == k)
                order[no++] = c;
    branch_t *sub = malloc(sizeof *sub);
    if (!sub)
        return -1;
    int nf = 0;
    for (int i = 0; i < no && !nf; i++) {
        int c = order[i];
        for (unsigned m = br->cands[c]; m;) {
            int x = lc_popm(&m) * nc + c;
            fork_from(d, sub, br, br->oncells);
            set_on(d, sub, x, R_ASSUME, 0);
            if (!sub->contra)
                run(d, sub, plus, depth - 1);
            if (sub->contra)
                found[nf++] = x;
        }
    }
    free(sub);
    return nf;
}

/* Candidates of br whose branch one level down contradicts go off (cells with the fewest
 * candidates first; after the first cell that gave one, the branch resumes). */
static int nested(const dyn_t *d, branch_t *br, int plus, int depth)
{
    int found[LC_MAXN];
    int nf = nested_first(d, br, plus, depth, found);
    if (nf <= 0)
        return 0;   /* none, or out of memory: no nesting (the branch goes on without it) */
    for (int i = 0; i < nf; i++) {
        kill(d, br, found[i]);
        if (br->contra)
            break;
    }
    return 1;
}

/* The verdict of x's branch (plus: with the rules), computed once. */
static const verdict_t *verdict(dyn_t *d, int x, int plus)
{
    if (!d->memo[plus]) {
        d->memo[plus] = malloc((size_t)(d->ncand + 1) * sizeof(verdict_t));
        d->done[plus] = calloc((size_t)d->ncand + 1, 1);
        if (!d->memo[plus] || !d->done[plus]) {
            free(d->memo[plus]);
            free(d->done[plus]);
            d->memo[plus] = NULL;
            d->done[plus] = NULL;
            return NULL;
        }
    }
    int i = d->slot[x];
    verdict_t *v = &d->memo[plus][i];
    if (d->done[plus][i])
        return v;
    if (!d->scratch && !(d->scratch = malloc(sizeof *d->scratch)))
        return NULL;
    branch_t *br = d->scratch;
    fork_from(d, br, &d->base, LC_EMPTY);
    set_on(d, br, x, R_ASSUME, 0);
    if (!br->contra)
        run(d, br, plus, 0);
    d->done[plus][i] = 1;
    v->contra = (uint8_t)br->contra;
    v->on = br->on;
    v->off = br->off;
    return v;
}

/* --- the context ------------------------------------------------------------------------- */

void lc_dyn_free(dyn_t *d)
{
    if (!d)
        return;
    free(d->memo[0]);
    free(d->memo[1]);
    free(d->done[0]);
    free(d->done[1]);
    free(d->scratch);
    if (d->nmemo)
        free(d->nmemo->e);
    free(d->nmemo);
    free(d);
}

int lc_dyn_new(const lc_state *s, dyn_t **out)
{
    *out = NULL;
    const lc_geo *g = s->g;
    if (g->nfull > LC_MAXF)
        return 0;
    dyn_t *d = calloc(1, sizeof *d);
    if (!d)
        return -1;
    d->s = s;
    d->g = g;
    d->n = g->n;
    d->nc = g->ncells;
    d->F = g->nfull;
    d->nlits = d->n * d->nc;
    int pos_of[LC_MAXU];
    for (int u = 0; u < g->nunits; u++)
        pos_of[u] = -1;
    for (int p = 0; p < d->F; p++) {
        int u = g->full[p];
        pos_of[u] = p;
        d->unit_of[p] = (uint8_t)u;
        d->ubits[p] = g->unit_bits[u];
        for (int i = 0; i < g->unit_len[u]; i++) {
            int c = g->unit_cells[u][i];
            if (s->values[c])
                d->placed[p] |= 1u << (s->values[c] - 1);
            if (d->ncf[c] == 8) {
                free(d);
                return 0;
            }
            d->cf[c][d->ncf[c]++] = (uint8_t)p;
        }
        d->line_kind[p] = -1;
    }
    /* crossings per position, in Tables.crossings order (as core/propagate.py cross_of) */
    int count[LC_MAXF + 1] = {0};
    for (int k = 0; k < g->ncross; k++) {
        int p1 = pos_of[g->cross_u[k]], p2 = pos_of[g->cross_v[k]];
        count[p1 + 1]++;
        count[p2 + 1]++;
    }
    for (int p = 0; p < d->F; p++)
        count[p + 1] += count[p];
    memcpy(d->xstart, count, sizeof(int) * (size_t)(d->F + 1));
    for (int k = 0; k < g->ncross; k++) {
        int p1 = pos_of[g->cross_u[k]], p2 = pos_of[g->cross_v[k]];
        d->xq[count[p1]] = (uint8_t)p2;
        d->xcommon[count[p1]++] = g->cross_cells[k];
        d->xq[count[p2]] = (uint8_t)p1;
        d->xcommon[count[p2]++] = g->cross_cells[k];
    }
    int nr = 0, ncol = 0;
    for (int i = 0; i < d->n && g->nrows == d->n && g->ncols == d->n; i++) {
        int pr = pos_of[g->rows[i]], pc = pos_of[g->cols[i]];
        if (pr >= 0) {
            d->rowpos[nr++] = (uint8_t)pr;
            d->line_kind[pr] = 0;
        }
        if (pc >= 0) {
            d->colpos[ncol++] = (uint8_t)pc;
            d->line_kind[pc] = 1;
        }
    }
    d->lines = nr == d->n && ncol == d->n;
    if (!d->lines)
        for (int p = 0; p < d->F; p++)
            d->line_kind[p] = -1;
    branch_t *b = &d->base;
    memcpy(b->cands, s->cands, sizeof b->cands);
    for (int v = 0; v < d->n; v++)
        b->vcells[v] = s->vcells[v + 1];
    for (int p = 0; p < d->F; p++)
        for (int v = 0; v < d->n; v++)
            b->where[p * d->n + v] = lc_and(d->ubits[p], s->vcells[v + 1]);
    for (int x = 0; x < d->nlits; x++) {
        d->slot[x] = (int16_t)(s->cands[x % d->nc] >> (x / d->nc) & 1 ? d->ncand++ : -1);
        d->lit_cell[x] = (uint8_t)(x % d->nc);
        d->lit_val[x] = (uint8_t)(x / d->nc);
    }
    for (int j = 0; j < d->F * d->n; j++) {
        d->at_pos[j] = (uint8_t)(j / d->n);
        d->at_val[j] = (uint8_t)(j % d->n);
    }
    d->nmemo = calloc(1, sizeof *d->nmemo);   /* NULL: no memo (the answers stand) */
    *out = d;
    return 1;
}

int lc_dyn_is_literal(const dyn_t *d, int x)
{
    return x >= 0 && x < d->nlits && (d->s->cands[x % d->nc] >> (x / d->nc) & 1);
}

int lc_dyn_contra(dyn_t *d, int x, int plus, int depth)
{
    if (depth == 0) {
        const verdict_t *v = verdict(d, x, plus);
        return v ? v->contra : -1;
    }
    branch_t *br = malloc(sizeof *br);
    if (!br)
        return -1;
    fork_from(d, br, &d->base, LC_EMPTY);
    set_on(d, br, x, R_ASSUME, 0);
    if (!br->contra)
        run(d, br, plus, depth);
    int contra = br->contra;
    free(br);
    return contra;
}

long lc_dyn_size(dyn_t *d, int x)
{
    const verdict_t *v = verdict(d, x, 0);
    if (!v)
        return -2;
    if (v->contra)
        return -1;
    long total = 0;
    for (int y = 0; y < d->nlits; y++)
        if (d->s->cands[y % d->nc] >> (y / d->nc) & 1)
            total += lhas(&v->on, y) + lhas(&v->off, y);
    return total;
}

/* --- for logic/propagate_record.c (logic/propagate.h) ------------------------------------ */

void lc_dyn_set_on(const dyn_t *d, branch_t *br, int x, int kind, int arg)
{
    set_on(d, br, x, kind, arg);
}

void lc_dyn_run(const dyn_t *d, branch_t *br, int plus, int depth) { run(d, br, plus, depth); }

void lc_dyn_fork(const dyn_t *d, branch_t *br, const branch_t *from, lc_set oncells)
{
    fork_from(d, br, from, oncells);
}

const verdict_t *lc_dyn_verdict(dyn_t *d, int x, int plus) { return verdict(d, x, plus); }

int lc_dyn_nested_at(const dyn_t *d, const uint16_t *cands, lc_set oncells, int plus,
                     int depth, int *found)
{
    branch_t *br = malloc(sizeof *br);
    if (!br)
        return -1;
    int n = d->n, nc = d->nc;
    memcpy(br->cands, cands, (size_t)nc * sizeof(uint16_t));
    for (int b = 0; b < n; b++)
        br->vcells[b] = LC_EMPTY;
    for (int c = 0; c < nc; c++)
        for (unsigned m = cands[c]; m;)
            lc_add(&br->vcells[lc_popm(&m)], c);
    for (int p = 0; p < d->F; p++)
        for (int b = 0; b < n; b++)
            br->where[p * n + b] = lc_and(d->ubits[p], br->vcells[b]);
    br->oncells = oncells;
    memset(br->wdirty, 0, sizeof br->wdirty);
    br->cdirty = LC_EMPTY;
    int nf = nested_first(d, br, plus, depth, found);
    free(br);
    return nf;
}

