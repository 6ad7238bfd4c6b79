/* logic/probe.c -- which of the cheap-but-frequent techniques fire on a state: the C
 * accelerator of the ladder's first_step (sudokit/logic/ladder.py), which has no single
 * Python twin (each probe mirrors its technique's finder).
 *
 * The ladder (sudokit/logic/ladder.py: first_step) asks every easier technique on every
 * state before the one that fires, and most of those finders find nothing.  This probe
 * answers, in C, "does the Python finder of technique T yield at least one step on this
 * state?" for the techniques below, so the ladder skips the finders that find nothing and
 * runs in Python only the one that fires (which builds the Step exactly as before).
 *
 * Contract, per code: fires(state) is true iff the Python finder yields a step, with two
 * documented exceptions, which may say "fires" when Python finds nothing, never the other
 * way (the ladder then just runs the finder, which finds nothing, and probes on): the
 * uniqueness codes assume the givens have one solution (the Python finders check it), and
 * the X-Chain and XY-Chain codes answer "does the chains' closure of that kind prove some
 * candidate false", the finder's first test (logic/probe_patterns.c).  tests/test_logic_probe.py
 * checks both directions on every state of many paths (sizes 4 to 10, X, windoku, jigsaw,
 * anti-knight, random pencil marks).
 *
 * Files: this one (the probe's loop, basic fish, wings; singles, locked candidates and
 * subsets through logic/run.c's first-step finders), logic/probe_memo.c (the per-value
 * memo, finned fish, two strong links, APE, Sue de Coq) and logic/probe_patterns.c
 * (uniqueness, empty rectangle, colouring, the chains' verdicts); logic/probe.h between
 * them; bind/logic_probe.c the binding.  Also here: lc_placed (State.placed_masks).
 *
 *   lc_probe(state, codes, ncodes, start, givens, rects, nrects, flags) -> int
 *       (logic_probe(state, codes, start, givens, rects, flags) in Python)
 *       codes: bytes, one probe code per ladder position (P_NONE: not probed here; P_OFF:
 *              cannot fire on this geometry, passed over);
 *       the index of the first position >= start whose technique fires or is not probed
 *       (its finder must run before anything after it is probed), or len(codes).
 *       givens: bytes, the givens (0 elsewhere) per cell; rects: bytes, 4 cells per
 *       rectangle where the deadly-pattern argument holds (uniqueness._rectangles, in its
 *       order); flags: bit 0 = BUG+1's geometry holds (every unit full, no pairs or links).
 *
 * Each probe mirrors its finder's loops (same candidates, same conditions) but stops at the
 * first step instead of building it; the finders' own dedup sets never change whether one
 * step exists, so they are left out.
 */
#include "logic/probe.h"

#include <string.h>

void lp_need_placed(probe *p)
{
    if (p->have_placed)
        return;
    const lc_geo *g = p->g;
    for (int u = 0; u < g->nunits; u++) {
        unsigned m = 0;
        for (int i = 0; i < g->unit_len[u]; i++) {
            int v = p->s->values[g->unit_cells[u][i]];
            if (v)
                m |= 1u << (v - 1);
        }
        p->placed[u] = m;
    }
    p->have_placed = 1;
}

/* _lines.line_masks: lines[0][v][r] = columns of row r holding v (0 when v is placed in
 * row r), lines[1][v][c] the same over rows. */
static void need_lines(probe *p)
{
    if (p->have_lines)
        return;
    int n = p->g->n;
    unsigned pr[LC_MAXN] = {0}, pc[LC_MAXN] = {0};
    memset(p->lines, 0, sizeof p->lines);
    for (int c = 0; c < p->g->ncells; c++) {
        int r = c / n, k = c % n, val = p->s->values[c];
        if (val) {
            pr[r] |= 1u << (val - 1);
            pc[k] |= 1u << (val - 1);
            continue;
        }
        for (unsigned m = p->s->cands[c]; m;) {
            int v = lc_popm(&m) + 1;
            p->lines[0][v][r] |= 1u << k;
            p->lines[1][v][k] |= 1u << r;
        }
    }
    for (int v = 1; v <= n; v++)
        for (int i = 0; i < n; i++) {
            if (pr[i] >> (v - 1) & 1)
                p->lines[0][v][i] = 0;
            if (pc[i] >> (v - 1) & 1)
                p->lines[1][v][i] = 0;
        }
    p->have_lines = 1;
}

/* _lines.strong_links for every value. */
void lp_need_links(probe *p)
{
    if (p->have_links)
        return;
    lp_need_placed(p);
    const lc_geo *g = p->g;
    for (int v = 1; v <= g->n; v++) {
        int k = 0;
        for (int i = 0; i < g->nfull; i++) {
            int u = g->full[i];
            if (p->placed[u] >> (v - 1) & 1)
                continue;
            lc_set w = where(p, u, v);
            if (lc_count(w) != 2)
                continue;
            p->link_u[v][k] = (uint8_t)u;
            p->link_a[v][k] = (uint8_t)lc_pop(&w);
            p->link_b[v][k] = (uint8_t)lc_pop(&w);
            k++;
        }
        p->nlinks[v] = k;
    }
    p->have_links = 1;
}

/* --- singles, locked candidates, subsets: logic/run.c's first-step finders ---------- */

static int first_of(probe *p, int code)
{
    lp_record r;
    return lp_first(p, code, &r);
}

/* --- basic fish --------------------------------------------------------------------------- */

static int fish_grow(const unsigned *m, const uint8_t *lines, int nl, int from, int k,
                     int count, unsigned used, unsigned uni, int n)
{
    for (int i = from; i < nl; i++) {
        unsigned u2 = uni | m[lines[i]];
        if (sk_pop64(u2) > k)
            continue;
        unsigned used2 = used | 1u << lines[i];
        if (count + 1 < k) {
            if (fish_grow(m, lines, nl, i + 1, k, count + 1, used2, u2, n))
                return 1;
            continue;
        }
        if (sk_pop64(u2) != k)
            continue;
        for (int j = 0; j < n; j++)
            if (!(used2 >> j & 1) && (m[j] & u2))
                return 1;
    }
    return 0;
}

static int fish_v(probe *p, int k, int v)
{
    int n = p->g->n;
    need_lines(p);
    {
        for (int o = 0; o < 2; o++) {
            const unsigned *m = p->lines[o][v];
            uint8_t lines[LC_MAXN];
            int nl = 0;
            for (int i = 0; i < n; i++) {
                int cnt = sk_pop64(m[i]);
                if (cnt >= 2 && cnt <= k)
                    lines[nl++] = (uint8_t)i;
            }
            if (nl >= k && fish_grow(m, lines, nl, 0, k, 0, 0, 0, n))
                return 1;
        }
    }
    return 0;
}

static int fish2_v(probe *p, int v) { return fish_v(p, 2, v); }
static int fish3_v(probe *p, int v) { return fish_v(p, 3, v); }
static int fish4_v(probe *p, int v) { return fish_v(p, 4, v); }

/* --- wings ---------------------------------------------------------------------------------- */

static lc_set bivalue(const probe *p)
{
    lc_set b = LC_EMPTY;
    for (int c = 0; c < p->g->ncells; c++)
        if (sk_pop64(p->s->cands[c]) == 2)
            lc_add(&b, c);
    return b;
}

int lp_any_with(const probe *p, lc_set cells, unsigned mask)
{
    while (lc_any(cells))
        if (p->s->cands[lc_pop(&cells)] & mask)
            return 1;
    return 0;
}

static int xy_wing(probe *p)
{
    const lc_state *s = p->s;
    const lc_geo *g = p->g;
    lc_set bv = bivalue(p);
    for (lc_set piv = bv; lc_any(piv);) {
        int pivot = lc_pop(&piv);
        unsigned pm = s->cands[pivot];
        uint8_t wings[LC_MAXC];
        int nw = 0;
        for (lc_set x = lc_and(g->peers[pivot], bv); lc_any(x);) {
            int c = lc_pop(&x);
            if (sk_pop64(s->cands[c] & pm) == 1)
                wings[nw++] = (uint8_t)c;
        }
        for (int i = 0; i < nw; i++)
            for (int j = i + 1; j < nw; j++) {
                unsigned ma = s->cands[wings[i]], mb = s->cands[wings[j]], z = ma & mb;
                if (sk_pop64(z) != 1 || (z & pm) || ((ma | mb) & pm) != pm)
                    continue;
                lc_set sees = lc_andnot(lc_and(g->peers[wings[i]], g->peers[wings[j]]),
                                        lc_bit(pivot));
                if (lp_any_with(p, sees, z))
                    return 1;
            }
    }
    return 0;
}

static int xyz_wing(probe *p)
{
    const lc_state *s = p->s;
    const lc_geo *g = p->g;
    lc_set bv = bivalue(p);
    for (int pivot = 0; pivot < g->ncells; pivot++) {
        unsigned pm = s->cands[pivot];
        if (sk_pop64(pm) != 3)
            continue;
        uint8_t wings[LC_MAXC];
        int nw = 0;
        for (lc_set x = lc_and(g->peers[pivot], bv); lc_any(x);) {
            int c = lc_pop(&x);
            if (!(s->cands[c] & ~pm))
                wings[nw++] = (uint8_t)c;
        }
        for (int i = 0; i < nw; i++)
            for (int j = i + 1; j < nw; j++) {
                unsigned ma = s->cands[wings[i]], mb = s->cands[wings[j]], z = ma & mb;
                if (sk_pop64(z) != 1 || (ma | mb) != pm)
                    continue;
                lc_set sees = lc_and(lc_and(g->peers[wings[i]], g->peers[wings[j]]),
                                     g->peers[pivot]);
                if (lp_any_with(p, sees, z))
                    return 1;
            }
    }
    return 0;
}

static int w_wing(probe *p)
{
    const lc_state *s = p->s;
    const lc_geo *g = p->g;
    lc_set bv = bivalue(p);
    lp_need_links(p);
    for (lc_set xa = bv; lc_any(xa);) {
        int a = lc_pop(&xa);
        unsigned m = s->cands[a];
        for (lc_set xb = xa; lc_any(xb);) {
            int b = lc_pop(&xb);
            if (s->cands[b] != m || lc_has(g->peers[a], b))
                continue;
            lc_set sees = lc_and(g->peers[a], g->peers[b]);
            for (unsigned mm = m; mm;) {
                int x = lc_popm(&mm) + 1;
                unsigned ybit = m & ~(1u << (x - 1));
                if (!lp_any_with(p, sees, ybit))
                    continue;
                for (int k = 0; k < p->nlinks[x]; k++) {
                    int pp = p->link_a[x][k], q = p->link_b[x][k];
                    if (pp == a || pp == b || q == a || q == b)
                        continue;
                    if ((lc_has(g->peers[pp], a) && lc_has(g->peers[q], b)) ||
                        (lc_has(g->peers[q], a) && lc_has(g->peers[pp], b)))
                        return 1;
                }
            }
        }
    }
    return 0;
}

typedef int (*probe_fn)(probe *);

static int full_house(probe *p) { return first_of(p, P_FULL_HOUSE); }
static int hidden_single(probe *p) { return first_of(p, P_HIDDEN_SINGLE); }
static int naked_single(probe *p) { return first_of(p, P_NAKED_SINGLE); }
static int p_pointing(probe *p) { return first_of(p, P_POINTING); }
static int p_claiming(probe *p) { return first_of(p, P_CLAIMING); }
static int p_naked2(probe *p) { return first_of(p, P_NAKED_2); }
static int p_naked3(probe *p) { return first_of(p, P_NAKED_3); }
static int p_naked4(probe *p) { return first_of(p, P_NAKED_4); }
static int p_hidden2(probe *p) { return first_of(p, P_HIDDEN_2); }
static int p_hidden3(probe *p) { return first_of(p, P_HIDDEN_3); }
static int p_hidden4(probe *p) { return first_of(p, P_HIDDEN_4); }
static int p_fish2(probe *p) { return lp_each_value(p, P_FISH_2, fish2_v, 1); }
static int p_fish3(probe *p) { return lp_each_value(p, P_FISH_3, fish3_v, 1); }
static int p_fish4(probe *p) { return lp_each_value(p, P_FISH_4, fish4_v, 1); }

static const probe_fn PROBES[P_COUNT] = {
    full_house, hidden_single, naked_single, p_pointing, p_claiming,
    p_naked2, p_naked3, p_naked4, p_hidden2, p_hidden3, p_hidden4,
    p_fish2, p_fish3, p_fish4, xy_wing, xyz_wing, w_wing,
    lp_ur1, lp_ur2, lp_ur3, lp_ur4, lp_hidden_rect, lp_bug, lp_empty_rect, lp_simple_colors,
    lp_multi_colors, lp_x_chain, lp_xy_chain,
    lp_finned2, lp_sashimi2, lp_finned3, lp_sashimi3, lp_finned4, lp_sashimi4,
    lp_skyscraper, lp_kite, lp_turbot, lp_ape, lp_sdc,
};

int lp_fires(probe *p, int code)
{
    return PROBES[code](p);
}

void lp_init(probe *p, const lc_state *s, const uint8_t *givens, const uint8_t *rects,
             int nrects, int flags)
{
    p->s = s;
    p->g = s->g;
    p->givens = givens;
    p->rects = rects;
    p->nrects = nrects;
    p->flags = flags;
    p->have_placed = p->have_lines = p->have_links = p->have_vplaced = 0;
}

void lc_placed(const lc_state *s, unsigned *out)
{
    probe p;
    p.s = s;
    p.g = s->g;
    p.have_placed = 0;
    lp_need_placed(&p);
    memcpy(out, p.placed, (size_t)s->g->nunits * sizeof *out);
}

int lc_probe(const lc_state *s, const uint8_t *codes, int ncodes, int start,
             const uint8_t *givens, const uint8_t *rects, int nrects, int flags)
{
    probe p;
    lp_init(&p, s, givens, rects, nrects, flags);
    int i = start < 0 ? 0 : (start > ncodes ? ncodes : start);
    for (; i < ncodes; i++) {
        uint8_t code = codes[i];
        if (code == P_OFF)
            continue;
        if (code == P_NONE || PROBES[code](&p))
            break;
    }
    return i;
}
