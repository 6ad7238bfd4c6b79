/* logic/run.c -- the ladder's easy stretch in one call (logic/board.h, logic/probe.h): the
 * C accelerator of the ladder's loop (sudokit/logic/ladder.py), no single Python twin.
 *
 * Most steps of a logical path are singles, locked candidates and subsets, and before each
 * of them the ladder (sudokit/logic/ladder.py) builds a State, probes and runs a finder in
 * Python.  This file takes those steps in C, one after the other, on a private copy of the
 * state: at each state it asks the probe (logic/probe.c) for the first ladder position
 * that fires, exactly as ladder.first_step does, and when that technique is one of the
 * easy ones below it finds the technique's *first* step as its Python finder yields it
 * (same units, cells and values in the same order), applies it (eliminations, then the
 * placement with its peers and the geometry's weak links, as State.apply), and goes on.
 * It stops before anything else: a position the probe does not cover (Python must run
 * that finder), a technique it does not take, a solved grid, or the step limit.  Python
 * builds each Step from its record with the finder's own code (sudokit/logic/_cfast.py:
 * run), so the steps are the plain loop's.
 *
 *   lc_run(state, codes, ..., limit, out, &stop): the steps' lp_records (logic/probe.h)
 *       into out; bind/logic_probe.c gives, as logic_run(state, codes, givens, rects,
 *       flags, limit) -> (records, values, candidates, stop):
 *       codes, givens, rects, flags: as logic_probe; limit: the most steps to take.
 *       records: one tuple per step taken, by its probe code:
 *         full house, hidden single   (code, cell, value, unit)
 *         naked single                (code, cell, value, -1)
 *         pointing, claiming          (code, src unit, dst unit, value, [cells], [removed cells])
 *         naked subset                (code, unit, [cells, the unit's order], [values], [(cell, value)])
 *         hidden subset               (code, unit, [cells, increasing], [values], [(cell, value)])
 *       values: bytes, candidates: list of masks (the state reached);
 *       stop: the position the ladder goes on from on that state (every probed position
 *       before it was probed and found nothing), 0 when it must start again.
 *
 * The easy techniques' first steps, mirroring their finders (sudokit/logic/techniques):
 * full house (full units in order), hidden single (boxes and regions first, then the other
 * full units; values increasing), naked single (cells in order), locked candidates (the
 * crossings in order, each both ways; values increasing), naked subsets (every unit in
 * order; the combinations of its cells with at most k candidates, in order), hidden
 * subsets (full units; the combinations of the values with 1..k places, in order).  The
 * probe's verdicts for these techniques are these finders' (lp_first: found or not).
 */
#include "logic/probe.h"

#include <string.h>



static void eliminate(lc_state *s, int c, int v)
{
    s->cands[c] &= (uint16_t)~(1u << (v - 1));
    s->vcells[v] = lc_andnot(s->vcells[v], lc_bit(c));
}

static void place(lc_state *s, int c, int v)
{
    for (unsigned m = s->cands[c]; m;) {
        int w = lc_popm(&m) + 1;
        s->vcells[w] = lc_andnot(s->vcells[w], lc_bit(c));
    }
    s->values[c] = (uint8_t)v;
    s->cands[c] = 0;
    unsigned bit = 1u << (v - 1);
    lc_set peers = s->g->peers[c];
    for (lc_set x = lc_and(peers, s->vcells[v]); lc_any(x);)
        s->cands[lc_pop(&x)] &= (uint16_t)~bit;
    s->vcells[v] = lc_andnot(s->vcells[v], peers);
    /* the geometry's weak links (State.place): the values of the linked cells that v
     * excludes there */
    const lc_geo *g = s->g;
    for (int k = g->link_at[c]; k < g->link_at[c + 1]; k++) {
        int j = g->link_cell[k];
        for (unsigned m = g->link_mask[k][v - 1] & s->cands[j]; m;)
            eliminate(s, j, lc_popm(&m) + 1);
    }
}

static int full_house(probe *p, lp_record *r)
{
    const lc_geo *g = p->g;
    unsigned all = (1u << g->n) - 1;
    lp_need_placed(p);
    for (int i = 0; i < g->nfull; i++) {
        int u = g->full[i], empty = 0, cell = -1;
        for (int j = 0; j < g->unit_len[u]; j++)
            if (!p->s->values[g->unit_cells[u][j]]) {
                empty++;
                cell = g->unit_cells[u][j];
            }
        if (empty != 1)
            continue;
        unsigned missing = all & ~p->placed[u];
        if (sk_pop64(missing) == 1 && (p->s->cands[cell] & missing)) {
            r->a = cell;
            r->b = sk_ctz64((uint64_t)missing) + 1;
            r->c = u;
            return 1;
        }
    }
    return 0;
}

static int hidden_single(probe *p, lp_record *r)
{
    const lc_geo *g = p->g;
    lp_need_placed(p);
    for (int pass = 0; pass < 2; pass++)     /* boxes and regions first, then the others */
        for (int i = 0; i < g->nfull; i++) {
            int u = g->full[i];
            if ((g->kind[u] == 2) != (pass == 0))
                continue;
            for (int v = 1; v <= g->n; v++) {
                if (p->placed[u] >> (v - 1) & 1)
                    continue;
                lc_set w = where(p, u, v);
                if (lc_count(w) == 1) {
                    r->a = lc_first(w);
                    r->b = v;
                    r->c = u;
                    return 1;
                }
            }
        }
    return 0;
}

static int naked_single(probe *p, lp_record *r)
{
    for (int c = 0; c < p->g->ncells; c++) {
        unsigned m = p->s->cands[c];
        if (m && !(m & (m - 1))) {
            r->a = c;
            r->b = sk_ctz64((uint64_t)m) + 1;
            r->c = -1;
            return 1;
        }
    }
    return 0;
}

static int locked(probe *p, int pointing, lp_record *r)
{
    const lc_geo *g = p->g;
    lp_need_placed(p);
    for (int k = 0; k < g->ncross; k++) {
        lc_set common = g->cross_cells[k];
        for (int side = 0; side < 2; side++) {
            int src = side ? g->cross_v[k] : g->cross_u[k];
            int dst = side ? g->cross_u[k] : g->cross_v[k];
            if ((g->kind[src] == 2) != pointing)
                continue;
            for (int x = 1; x <= g->n; x++) {
                if (p->placed[src] >> (x - 1) & 1)
                    continue;
                lc_set w = where(p, src, x);
                if (!lc_any(w) || !lc_within(w, common))
                    continue;
                lc_set gone = lc_andnot(where(p, dst, x), common);
                if (lc_any(gone)) {
                    r->a = src;
                    r->b = dst;
                    r->c = x;
                    r->cells = w;
                    r->gone = gone;
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* The first k-combination (in order) of pool[from..] extending chosen[0..count) whose
 * candidates together are k values and which removes something; fills r. */
static int naked_grow(const probe *p, const uint8_t *pool, int npool, int from, int k,
                      int count, unsigned mask, lc_set sees, uint8_t *chosen, lp_record *r)
{
    for (int i = from; i < npool; i++) {
        int c = pool[i];
        unsigned m = mask | p->s->cands[c];
        if (sk_pop64(m) > k)
            continue;                 /* the union only grows: nothing through here */
        lc_set s2 = lc_and(sees, p->g->peers[c]);
        chosen[count] = (uint8_t)c;
        if (count + 1 < k) {
            if (naked_grow(p, pool, npool, i + 1, k, count + 1, m, s2, chosen, r))
                return 1;
            continue;
        }
        if (sk_pop64(m) != k)
            continue;
        int any = 0;
        memset(r->elim, 0, sizeof r->elim);
        for (lc_set x = s2; lc_any(x);) {
            int y = lc_pop(&x);
            for (unsigned hit = p->s->cands[y] & m; hit;) {
                lc_add(&r->elim[lc_popm(&hit) + 1], y);
                any = 1;
            }
        }
        if (any) {
            memcpy(r->list, chosen, (size_t)k);
            r->mask = m;
            return 1;
        }
    }
    return 0;
}

static int naked(probe *p, int k, lp_record *r)
{
    const lc_geo *g = p->g;
    uint8_t chosen[4];
    for (int u = 0; u < g->nunits; u++) {
        uint8_t pool[LC_MAXN];
        int np = 0;
        for (int j = 0; j < g->unit_len[u]; j++) {
            int c = g->unit_cells[u][j];
            unsigned m = p->s->cands[c];
            if (m && sk_pop64(m) <= k)
                pool[np++] = (uint8_t)c;
        }
        if (np >= k && naked_grow(p, pool, np, 0, k, 0, 0, LC_ALL, chosen, r)) {
            r->a = u;
            r->b = k;
            return 1;
        }
    }
    return 0;
}

static int hidden_grow(const probe *p, const lc_set *w, const uint8_t *vals, int nv, int from,
                       int k, int count, lc_set cells, unsigned keep, uint8_t *chosen,
                       lp_record *r)
{
    for (int i = from; i < nv; i++) {
        lc_set c2 = lc_or(cells, w[vals[i]]);
        if (lc_count(c2) > k)
            continue;
        unsigned keep2 = keep | 1u << (vals[i] - 1);
        chosen[count] = vals[i];
        if (count + 1 < k) {
            if (hidden_grow(p, w, vals, nv, i + 1, k, count + 1, c2, keep2, chosen, r))
                return 1;
            continue;
        }
        if (lc_count(c2) != k)
            continue;
        int any = 0;
        memset(r->elim, 0, sizeof r->elim);
        for (lc_set x = c2; lc_any(x);) {
            int y = lc_pop(&x);
            for (unsigned hit = p->s->cands[y] & ~keep2; hit;) {
                lc_add(&r->elim[lc_popm(&hit) + 1], y);
                any = 1;
            }
        }
        if (any) {
            memcpy(r->list, chosen, (size_t)k);
            r->cells = c2;
            r->mask = keep2;
            return 1;
        }
    }
    return 0;
}

static int hidden(probe *p, int k, lp_record *r)
{
    const lc_geo *g = p->g;
    uint8_t chosen[4];
    lp_need_placed(p);
    for (int i = 0; i < g->nfull; i++) {
        int u = g->full[i];
        lc_set w[LC_MAXN + 1];
        uint8_t vals[LC_MAXN];
        int nv = 0;
        for (int v = 1; v <= g->n; v++) {
            if (p->placed[u] >> (v - 1) & 1)
                continue;
            w[v] = where(p, u, v);
            int cnt = lc_count(w[v]);
            if (cnt > 0 && cnt <= k)
                vals[nv++] = (uint8_t)v;
        }
        if (nv >= k && hidden_grow(p, w, vals, nv, 0, k, 0, LC_EMPTY, 0, chosen, r)) {
            r->a = u;
            r->b = k;
            return 1;
        }
    }
    return 0;
}

int lp_first(probe *p, int code, lp_record *r)
{
    r->code = code;
    switch (code) {
    case P_FULL_HOUSE: return full_house(p, r);
    case P_HIDDEN_SINGLE: return hidden_single(p, r);
    case P_NAKED_SINGLE: return naked_single(p, r);
    case P_POINTING: return locked(p, 1, r);
    case P_CLAIMING: return locked(p, 0, r);
    case P_NAKED_2: case P_NAKED_3: case P_NAKED_4: return naked(p, code - P_NAKED_2 + 2, r);
    default: return hidden(p, code - P_HIDDEN_2 + 2, r);
    }
}

/* Apply r to s: eliminations, then the placement. */
static void apply(lc_state *s, const lp_record *r)
{
    int n = s->g->n;
    if (r->code <= P_NAKED_SINGLE) {
        place(s, r->a, r->b);
        return;
    }
    if (r->code <= P_CLAIMING) {
        for (lc_set x = r->gone; lc_any(x);)
            eliminate(s, lc_pop(&x), r->c);
        return;
    }
    for (int v = 1; v <= n; v++)
        for (lc_set x = r->elim[v]; lc_any(x);)
            eliminate(s, lc_pop(&x), v);
}

int lc_run(lc_state *st, const uint8_t *codes, int ncodes, const uint8_t *givens,
           const uint8_t *rects, int nrects, int flags, int limit, lc_buf *out, int *stop)
{
    const lc_geo *g = st->g;
    *stop = 0;
    for (int taken = 0; taken < limit; taken++) {
        int open = 0;
        for (int c = 0; c < g->ncells && !open; c++)
            open = !st->values[c];
        if (!open)
            break;
        probe p;
        lp_init(&p, st, givens, rects, nrects, flags);
        int i = 0, code = P_NONE, found = 0;
        lp_record r;
        for (; i < ncodes; i++) {   /* an easy code's verdict is its first step, kept in r */
            code = codes[i];
            if (code == P_OFF)
                continue;
            if (code == P_NONE)
                break;
            if (code <= LP_RUN_LAST ? (found = lp_first(&p, code, &r)) : lp_fires(&p, code))
                break;
        }
        *stop = i;
        if (!found)
            break;   /* unprobed, not taken here, or nothing fires: the ladder goes on */
        lc_put(out, &r, sizeof r);
        if (out->oom)
            return -1;
        apply(st, &r);
        *stop = 0;
    }
    return 0;
}
