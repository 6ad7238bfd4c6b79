/* logic/probe_patterns.c -- the ladder probe's uniqueness, empty-rectangle and colouring
 * checks (logic/probe.h; the contract is in logic/probe.c).  Each mirrors its Python finder:
 *
 *   lp_ur1..lp_ur4, lp_hidden_rect   techniques/uniqueness.py over _candidates(state): the
 *                                    geometry's rectangles (passed in), no given among the
 *                                    four cells, each bivalue mask of a corner inside the
 *                                    common candidates; the givens' uniqueness is assumed
 *   lp_bug                           find_bug_plus_1 (flags bit 0: its geometry holds)
 *   lp_empty_rect                    patterns.find_empty_rectangle
 *   lp_simple_colors, lp_multi_colors  coloring.py: the two-coloured clusters of each
 *                                    value's strong links (clusters that cannot be coloured
 *                                    in two are skipped, as there)
 */
#include "logic/probe.h"

/* The units holding both cells p and q: their count, written to out. */
static int shared_units(const probe *p, int a, int b, uint8_t *out)
{
    int k = 0;
    for (int u = 0; u < p->g->nunits; u++)
        if (lc_has(p->g->unit_bits[u], a) && lc_has(p->g->unit_bits[u], b))
            out[k++] = (uint8_t)u;
    return k;
}

typedef int (*ur_fn)(probe *p, const uint8_t *rect, lc_set rset, unsigned ab);

/* fn on every (rect, a, b) of uniqueness._candidates; 1 as soon as fn says so. */
static int ur_each(probe *p, ur_fn fn)
{
    const uint16_t *cands = p->s->cands;
    for (int i = 0; i < p->nrects; i++) {
        const uint8_t *r = p->rects + 4 * i;
        unsigned common = cands[r[0]] & cands[r[1]] & cands[r[2]] & cands[r[3]];
        if (sk_pop64(common) < 2 || p->givens[r[0]] || p->givens[r[1]] || p->givens[r[2]] ||
            p->givens[r[3]])
            continue;
        unsigned seen[4];
        int ns = 0;
        lc_set rset = LC_EMPTY;
        for (int j = 0; j < 4; j++)
            lc_add(&rset, r[j]);
        for (int j = 0; j < 4; j++) {
            unsigned m = cands[r[j]];
            if (sk_pop64(m) != 2 || (m & common) != m)
                continue;
            int dup = 0;
            for (int k = 0; k < ns; k++)
                dup |= seen[k] == m;
            if (dup)
                continue;
            seen[ns++] = m;
            if (fn(p, r, rset, m))
                return 1;
        }
    }
    return 0;
}

/* The rectangle's cells holding more than a and b, in rectangle order; their count. */
static int extras(const probe *p, const uint8_t *rect, unsigned ab, int *out)
{
    int k = 0;
    for (int j = 0; j < 4; j++)
        if (p->s->cands[rect[j]] & ~ab)
            out[k++] = rect[j];
    return k;
}

static int ur1_one(probe *p, const uint8_t *rect, lc_set rset, unsigned ab)
{
    int ex[4];
    return extras(p, rect, ab, ex) == 1;
}

static int ur2_one(probe *p, const uint8_t *rect, lc_set rset, unsigned ab)
{
    int ex[4];
    int k = extras(p, rect, ab, ex);
    if (k != 2 && k != 3)
        return 0;
    unsigned more = 0;
    lc_set sees = LC_ALL;
    for (int j = 0; j < k; j++) {
        more |= p->s->cands[ex[j]] & ~ab;
        sees = lc_and(sees, p->g->peers[ex[j]]);
    }
    if (sk_pop64(more) != 1)
        return 0;
    return lp_any_with(p, lc_andnot(sees, rset), more);
}

/* uniqueness._subsets + the type 3 elimination test: a set of 1..3 pool cells whose
 * candidates with more make (its size + 1) values and whose removals are not empty. */
static int ur3_grow(const probe *p, const uint8_t *pool, int np, int from, int count,
                    unsigned mask, lc_set sees, lc_set rset)
{
    for (int i = from; i < np; i++) {
        unsigned m = mask | p->s->cands[pool[i]];
        if (sk_pop64(m) > 4)
            continue;
        lc_set s2 = lc_and(sees, p->g->peers[pool[i]]);
        if (sk_pop64(m) == count + 2 && lp_any_with(p, lc_andnot(s2, rset), m))
            return 1;
        if (count + 1 < 3 && ur3_grow(p, pool, np, i + 1, count + 1, m, s2, rset))
            return 1;
    }
    return 0;
}

static int ur3_one(probe *p, const uint8_t *rect, lc_set rset, unsigned ab)
{
    int ex[4];
    if (extras(p, rect, ab, ex) != 2)
        return 0;
    const lc_geo *g = p->g;
    unsigned more = (p->s->cands[ex[0]] | p->s->cands[ex[1]]) & ~ab;
    if (sk_pop64(more) < 2)
        return 0;
    uint8_t units[LC_MAXU];
    int nu = shared_units(p, ex[0], ex[1], units);
    lc_set sees = lc_and(g->peers[ex[0]], g->peers[ex[1]]);
    for (int i = 0; i < nu; i++) {
        int u = units[i];
        uint8_t pool[LC_MAXN];
        int np = 0;
        for (int j = 0; j < g->unit_len[u]; j++) {
            int c = g->unit_cells[u][j];
            if (!p->s->values[c] && !lc_has(rset, c) && !(p->s->cands[c] & ab))
                pool[np++] = (uint8_t)c;
        }
        if (ur3_grow(p, pool, np, 0, 0, more, sees, rset))
            return 1;
    }
    return 0;
}

/* In unit u, value v only in the two cells pair (or nowhere). */
static int only_in(const probe *p, int u, int v, lc_set pair)
{
    return !lc_any(lc_andnot(where(p, u, v), pair));
}

static int ur4_one(probe *p, const uint8_t *rect, lc_set rset, unsigned ab)
{
    int ex[4];
    if (extras(p, rect, ab, ex) != 2)
        return 0;
    uint8_t units[LC_MAXU];
    int nu = shared_units(p, ex[0], ex[1], units);
    lc_set pq = lc_or(lc_bit(ex[0]), lc_bit(ex[1]));
    int x = sk_ctz64(ab) + 1, y = 32 - __builtin_clz(ab);
    for (int i = 0; i < nu; i++)
        if (only_in(p, units[i], x, pq) || only_in(p, units[i], y, pq))
            return 1;
    return 0;
}

static int hr_one(probe *p, const uint8_t *r, lc_set rset, unsigned ab)
{
    static const uint8_t corners[4][4] = {{0, 3, 2, 1}, {1, 2, 3, 0}, {2, 1, 0, 3},
                                          {3, 0, 1, 2}};
    int vals[2] = {sk_ctz64(ab) + 1, 32 - __builtin_clz(ab)};
    uint8_t units[LC_MAXU];
    for (int k = 0; k < 4; k++) {
        int corner = r[corners[k][0]], far = r[corners[k][1]];
        if (p->s->cands[corner] != ab)
            continue;
        for (int kd = 0; kd < 2; kd++) {
            int keep = vals[kd], drop = vals[1 - kd];
            if (!(p->s->cands[far] >> (drop - 1) & 1))
                continue;
            int found = 0;
            for (int side = 2; side < 4; side++) {
                int other = r[corners[k][side]];
                lc_set pair = lc_or(lc_bit(far), lc_bit(other));
                int nu = shared_units(p, far, other, units), ok = 0;
                for (int i = 0; i < nu && !ok; i++)
                    ok = only_in(p, units[i], keep, pair);
                if (!ok)
                    break;
                found++;
            }
            if (found == 2)
                return 1;
        }
    }
    return 0;
}

int lp_ur1(probe *p) { return ur_each(p, ur1_one); }
int lp_ur2(probe *p) { return ur_each(p, ur2_one); }
int lp_ur3(probe *p) { return ur_each(p, ur3_one); }
int lp_ur4(probe *p) { return ur_each(p, ur4_one); }
int lp_hidden_rect(probe *p) { return ur_each(p, hr_one); }

int lp_bug(probe *p)
{
    const lc_geo *g = p->g;
    const lc_state *s = p->s;
    if (!(p->flags & 1))
        return 0;
    int plus = -1;
    for (int c = 0; c < g->ncells; c++) {
        int k = sk_pop64(s->cands[c]);
        if ((k == 0 && !s->values[c]) || k == 1 || k > 3)
            return 0;
        if (k == 3) {
            if (plus >= 0)
                return 0;
            plus = c;
        }
    }
    if (plus < 0)
        return 0;
    int extra = 0;
    for (int u = 0; u < g->nunits; u++) {
        int mine = lc_has(g->unit_bits[u], plus);
        for (int v = 1; v <= g->n; v++) {
            int count = lc_count(where(p, u, v));
            if (mine && count == 3 && (s->cands[plus] >> (v - 1) & 1)) {
                if (extra && extra != v)
                    return 0;
                extra = v;
            } else if (count != 0 && count != 2) {
                return 0;
            }
        }
    }
    if (!extra)
        return 0;
    for (int u = 0; u < g->nunits; u++)
        if (lc_has(g->unit_bits[u], plus) && lc_count(where(p, u, extra)) != 3)
            return 0;
    return 1;
}

/* --- empty rectangle ------------------------------------------------------------------- */

static int empty_rect_v(probe *p, int v)
{
    const lc_geo *g = p->g;
    const uint16_t *cands = p->s->cands;
    int n = g->n;
    lp_need_links(p);
    {
        unsigned bit = 1u << (v - 1);
        int lk[LC_MAXU], nl = 0;
        for (int k = 0; k < p->nlinks[v]; k++)
            if (g->kind[p->link_u[v][k]] <= 1)
                lk[nl++] = k;
        if (!nl)
            return 0;
        for (int bi = 0; bi < g->nboxes; bi++) {
            int bu = g->boxes[bi];
            if (p->placed[bu] & bit)
                continue;
            lc_set w = where(p, bu, v);
            if (lc_count(w) < 2)
                continue;
            unsigned rows = 0, cols = 0;
            for (lc_set x = w; lc_any(x);) {
                int c = lc_pop(&x);
                rows |= 1u << (c / n);
                cols |= 1u << (c % n);
            }
            if (sk_pop64(rows) < 2 || sk_pop64(cols) < 2)
                continue;
            for (unsigned rm = rows; rm;) {
                int r = lc_popm(&rm);
                for (unsigned cm = cols; cm;) {
                    int k = lc_popm(&cm), off = 0;
                    for (lc_set x = w; lc_any(x) && !off;) {
                        int c = lc_pop(&x);
                        off = c / n != r && c % n != k;
                    }
                    if (off)
                        continue;
                    for (int li = 0; li < nl; li++) {
                        int j = lk[li];
                        int is_col = g->kind[p->link_u[v][j]] == 1;
                        int ends[2] = {p->link_a[v][j], p->link_b[v][j]};
                        for (int e = 0; e < 2; e++) {
                            int pc = ends[e], q = ends[1 - e], x;
                            if (g->box_of[pc] == bu || g->box_of[q] == bu)
                                continue;
                            if (is_col) {
                                if (pc / n != r)
                                    continue;
                                x = (q / n) * n + k;
                            } else {
                                if (pc % n != k)
                                    continue;
                                x = r * n + q % n;
                            }
                            if (x == q || g->box_of[x] == bu || !(cands[x] & bit) ||
                                !lc_has(g->peers[x], q))
                                continue;
                            return 1;
                        }
                    }
                }
            }
        }
    }
    return 0;
}

int lp_empty_rect(probe *p) { return lp_each_value(p, P_EMPTY_RECT, empty_rect_v, 1); }

/* --- colouring ----------------------------------------------------------------------------- */

typedef struct {
    lc_set side[2], reach[2];
    int links;
} cluster;

/* The two-coloured clusters of value v (coloring.clusters; order irrelevant here): their
 * count, written to out. */
static int clusters(probe *p, int v, cluster *out)
{
    const lc_geo *g = p->g;
    int nl = p->nlinks[v];
    const uint8_t *la = p->link_a[v], *lb = p->link_b[v];
    lc_set nodes = LC_EMPTY, done = LC_EMPTY;
    for (int k = 0; k < nl; k++) {
        lc_add(&nodes, la[k]);
        lc_add(&nodes, lb[k]);
    }
    int nc = 0;
    while (lc_any(lc_andnot(nodes, done))) {
        int start = lc_first(lc_andnot(nodes, done));
        lc_set side[2] = {lc_bit(start), LC_EMPTY};
        int ok = 1, grown = 1;
        while (grown) {
            grown = 0;
            for (int k = 0; k < nl; k++)
                for (int s = 0; s < 2; s++) {
                    int a = la[k], b = lb[k];
                    int ia = lc_has(side[s], a), ib = lc_has(side[s], b);
                    if (ia && ib)
                        ok = 0;
                    if (ia && !lc_has(side[1 - s], b) && !ib) {
                        lc_add(&side[1 - s], b);
                        grown = 1;
                    }
                    if (ib && !lc_has(side[1 - s], a) && !ia) {
                        lc_add(&side[1 - s], a);
                        grown = 1;
                    }
                }
        }
        lc_set comp = lc_or(side[0], side[1]);
        if (lc_meets(side[0], side[1]))
            ok = 0;
        done = lc_or(done, comp);
        if (!ok)
            continue;
        cluster *c = &out[nc++];
        c->links = 0;
        for (int k = 0; k < nl; k++)
            c->links += lc_has(comp, la[k]);
        for (int s = 0; s < 2; s++) {
            c->side[s] = side[s];
            c->reach[s] = LC_EMPTY;
            for (lc_set x = side[s]; lc_any(x);)
                c->reach[s] = lc_or(c->reach[s], g->peers[lc_pop(&x)]);
        }
    }
    return nc;
}

static int wraps(const probe *p, lc_set bits)
{
    for (lc_set x = bits; lc_any(x);)
        if (lc_meets(p->g->peers[lc_pop(&x)], bits))
            return 1;
    return 0;
}

static int simple_colors_v(probe *p, int v)
{
    lp_need_links(p);
    cluster cl[LC_MAXC];
    {
        if (p->nlinks[v] < 2)
            return 0;
        int nc = clusters(p, v, cl);
        for (int i = 0; i < nc; i++) {
            const cluster *c = &cl[i];
            if (c->links < 2)
                continue;
            if (wraps(p, c->side[0]) != wraps(p, c->side[1]))
                return 1;
            lc_set trap = lc_and(lc_and(c->reach[0], c->reach[1]), p->s->vcells[v]);
            if (lc_any(lc_andnot(trap, lc_or(c->side[0], c->side[1]))))
                return 1;
        }
    }
    return 0;
}

int lp_simple_colors(probe *p) { return lp_each_value(p, P_SIMPLE_COLORS, simple_colors_v, 1); }

static int multi_colors_v(probe *p, int v)
{
    lp_need_links(p);
    cluster cl[LC_MAXC];
    {
        if (p->nlinks[v] < 3)
            return 0;  /* two clusters, not both a lone link */
        int nc = clusters(p, v, cl);
        lc_set with_v = p->s->vcells[v];
        for (int i = 0; i < nc; i++)
            for (int j = i + 1; j < nc; j++) {
                const cluster *a = &cl[i], *b = &cl[j];
                if (a->links == 1 && b->links == 1)
                    continue;
                for (int s = 0; s < 2; s++) {
                    if (lc_meets(a->reach[s], b->side[0]) && lc_meets(a->reach[s], b->side[1]))
                        return 1;
                    if (lc_meets(b->reach[s], a->side[0]) && lc_meets(b->reach[s], a->side[1]))
                        return 1;
                }
                lc_set inside = lc_or(lc_or(a->side[0], a->side[1]),
                                      lc_or(b->side[0], b->side[1]));
                for (int s1 = 0; s1 < 2; s1++)
                    for (int s2 = 0; s2 < 2; s2++) {
                        if (!lc_meets(a->reach[s1], b->side[s2]))
                            continue;
                        lc_set trap = lc_and(lc_and(a->reach[1 - s1], b->reach[1 - s2]), with_v);
                        if (lc_any(lc_andnot(trap, inside)))
                            return 1;
                    }
            }
    }
    return 0;
}

int lp_multi_colors(probe *p) { return lp_each_value(p, P_MULTI_COLORS, multi_colors_v, 1); }

/* --- the chains' verdicts ------------------------------------------------------------------ */

/* X-Chain may fire: closure(state, "x").false is not empty (chains._aic returns at once
 * otherwise; the x links are group links too, so the group closure's false set is then not
 * empty either).  The x graph splits by value: weak links join v in peer cells, strong
 * links the two places of v in a full unit; "c on" reaches "c off" when an "on" node that a
 * chain from c reaches (through off nodes with a strong link) sees c. */
static int x_chain_v(probe *p, int v)
{
    const lc_geo *g = p->g;
    {
        lc_set V = p->s->vcells[v], linked = LC_EMPTY;
        lc_set sadj[LC_MAXC];
        for (lc_set x = V; lc_any(x);)
            sadj[lc_pop(&x)] = LC_EMPTY;
        for (int i = 0; i < g->nfull; i++) {
            lc_set w = where(p, g->full[i], v);
            if (lc_count(w) != 2)
                continue;
            int a = lc_pop(&w), b = lc_pop(&w);
            lc_add(&sadj[a], b);
            lc_add(&sadj[b], a);
            lc_add(&linked, a);
            lc_add(&linked, b);
        }
        if (!lc_any(linked))
            return 0;
        for (lc_set xs = V; lc_any(xs);) {
            int c = lc_pop(&xs);
            lc_set on = LC_EMPTY, off_seen = LC_EMPTY, frontier = lc_bit(c);
            while (lc_any(frontier)) {
                lc_set off = LC_EMPTY;
                for (lc_set f = frontier; lc_any(f);)
                    off = lc_or(off, g->peers[lc_pop(&f)]);
                off = lc_andnot(lc_and(lc_and(off, V), linked), off_seen);
                off_seen = lc_or(off_seen, off);
                lc_set next = LC_EMPTY;
                for (lc_set o = off; lc_any(o);)
                    next = lc_or(next, sadj[lc_pop(&o)]);
                frontier = lc_andnot(next, on);
                on = lc_or(on, frontier);
            }
            if (lc_meets(on, g->peers[c]))
                return 1;
        }
    }
    return 0;
}

int lp_x_chain(probe *p) { return lp_each_value(p, P_X_CHAIN, x_chain_v, 1); }

/* XY-Chain may fire: closure(state, "xy").false is not empty.  The xy graph: weak links
 * join a value in peer cells, strong links the two candidates of a bivalue cell. */
int lp_xy_chain(probe *p)
{
    const lc_geo *g = p->g;
    const uint16_t *cands = p->s->cands;
    int n = g->n;
    lc_set biv = LC_EMPTY;
    for (int c = 0; c < g->ncells; c++)
        if (sk_pop64(cands[c]) == 2)
            lc_add(&biv, c);
    if (lc_count(biv) < 2)
        return 0;
    lc_set bv[LC_MAXN + 1];   /* bivalue cells holding v: the linked off nodes of v */
    for (int v = 1; v <= n; v++)
        bv[v] = lc_and(biv, p->s->vcells[v]);
    for (int c = 0; c < g->ncells; c++)
        for (unsigned m = cands[c]; m;) {
            int v0 = lc_popm(&m) + 1;
            lc_set on[LC_MAXN + 1], off_seen[LC_MAXN + 1], front[LC_MAXN + 1];
            for (int v = 1; v <= n; v++)
                on[v] = off_seen[v] = front[v] = LC_EMPTY;
            front[v0] = lc_bit(c);
            int live = 1;
            while (live) {
                lc_set next[LC_MAXN + 1];
                for (int v = 1; v <= n; v++)
                    next[v] = LC_EMPTY;
                for (int v = 1; v <= n; v++) {
                    if (!lc_any(front[v]))
                        continue;
                    lc_set off = LC_EMPTY;
                    for (lc_set f = front[v]; lc_any(f);)
                        off = lc_or(off, g->peers[lc_pop(&f)]);
                    off = lc_andnot(lc_and(off, bv[v]), off_seen[v]);
                    off_seen[v] = lc_or(off_seen[v], off);
                    for (lc_set o = off; lc_any(o);) {
                        int cell = lc_pop(&o);
                        int w = sk_ctz64(cands[cell] & ~(1u << (v - 1))) + 1;
                        lc_add(&next[w], cell);
                    }
                }
                live = 0;
                for (int v = 1; v <= n; v++) {
                    front[v] = lc_andnot(next[v], on[v]);
                    on[v] = lc_or(on[v], front[v]);
                    live |= lc_any(front[v]);
                }
            }
            if (lc_meets(on[v0], g->peers[c]))
                return 1;
        }
    return 0;
}

/* --- uniqueness._candidates ----------------------------------------------------------------- */

/* Every usable rectangle (4 cells each in rects, uniqueness._rectangles' order) with no
 * given and at least two common candidates, once per bivalue mask {a, b} of a corner inside
 * the common ones (masks increasing), as int triples (rectangle index, a, b) into out:
 * uniqueness._candidates before its one-solution check. */
void lc_ur_candidates(const lc_state *s, const uint8_t *rects, int nrects,
                      const uint8_t *givens, lc_buf *out)
{
    const uint16_t *cands = s->cands;
    for (int i = 0; i < nrects; i++) {
        const uint8_t *r = rects + 4 * i;
        unsigned common = cands[r[0]] & cands[r[1]] & cands[r[2]] & cands[r[3]];
        if (sk_pop64(common) < 2 || givens[r[0]] || givens[r[1]] || givens[r[2]] || givens[r[3]])
            continue;
        unsigned masks[4];
        int nm = 0;
        for (int j = 0; j < 4; j++) {
            unsigned m = cands[r[j]];
            if (sk_pop64(m) != 2 || (m & common) != m)
                continue;
            int at = 0;
            while (at < nm && masks[at] < m)
                at++;
            if (at < nm && masks[at] == m)
                continue;
            for (int k = nm; k > at; k--)
                masks[k] = masks[k - 1];
            masks[at] = m;
            nm++;
        }
        for (int k = 0; k < nm; k++) {
            unsigned m = masks[k];
            int t[3] = {i, sk_ctz64((uint64_t)m) + 1, sk_ctz64((uint64_t)(m & (m - 1))) + 1};
            lc_put(out, t, sizeof t);
        }
    }
}
