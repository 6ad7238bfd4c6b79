/* logic/patterns.c -- the C twin of the two-strong-link search of sudokit/logic/techniques/
 * patterns.py (_two_links: skyscraper, two-string kite, turbot fish; the specification,
 * with the rules and the order in its docstring).
 *
 * lc_two_links(state, out): 8-byte records [kind, value, u1, u2, a1, b1, a2, b2] of every
 *     pattern that removes something (kind 0 skyscraper, 1 kite, 2 turbot fish; u1, u2 the
 *     two strong links' units, a1-b1 and a2-b2 their cells, a1 and a2 seeing each other);
 *     patterns.py builds each step from its record with the same code as the pure search.
 * lc_two_kinds_v(state, v): the kinds found for value v alone (the ladder's probe).
 */
#include "logic/board.h"

#include <stdlib.h>
#include <string.h>

/* patterns.py _kind: 0 skyscraper, 1 two-string kite, 2 turbot fish, -1 (an X-Wing). */
static int two_kind(const lc_geo *g, int u1, int a1, int u2, int a2, int b1, int b2)
{
    int k1 = g->kind[u1], k2 = g->kind[u2], n = g->n;
    if (k1 == k2 && k1 <= 1) {
        int pa1 = k1 == 0 ? a1 % n : a1 / n, pa2 = k1 == 0 ? a2 % n : a2 / n;
        int pb1 = k1 == 0 ? b1 % n : b1 / n, pb2 = k1 == 0 ? b2 % n : b2 / n;
        if (pa1 == pa2)
            return pb1 == pb2 ? -1 : 0;
        return 2;
    }
    if (k1 <= 1 && k2 <= 1)   /* one row, one column */
        return g->box_of[a1] >= 0 && g->box_of[a1] == g->box_of[a2] ? 1 : 2;
    return 2;
}

typedef struct {
    lc_set cells, gone;
} seen2_t;

/* 8-byte records [kind, value, u1, u2, a1, b1, a2, b2]
 * of every two-strong-link pattern that removes something (patterns.py _two_links, the
 * three kinds interleaved in its order; each kind's repeats dropped as it drops them), of
 * the values v0..v1. */
static void two_search(const lc_state *s, lc_buf *out, int v0, int v1)
{
    const lc_geo *g = s->g;
    unsigned placed[LC_MAXU] = {0};
    for (int f = 0; f < g->nfull; f++) {
        int u = g->full[f];
        for (int i = 0; i < g->unit_len[u]; i++)
            if (s->values[g->unit_cells[u][i]])
                placed[f] |= 1u << (s->values[g->unit_cells[u][i]] - 1);
    }
    int lu[LC_MAXU], la[LC_MAXU], lb[LC_MAXU];
    seen2_t *seen = NULL;
    int nseen[3], cap_seen = 0;
    for (int v = v0; v <= v1 && !out->oom; v++) {
        int nl = 0;
        for (int f = 0; f < g->nfull; f++) {
            int u = g->full[f];
            lc_set w = lc_and(g->unit_bits[u], s->vcells[v]);
            if (placed[f] >> (v - 1) & 1 || lc_count(w) != 2)
                continue;
            int lo = lc_first(w);
            lu[nl] = u;
            la[nl] = lo;
            lb[nl] = lc_first(lc_andnot(w, lc_bit(lo)));
            nl++;
        }
        nseen[0] = nseen[1] = nseen[2] = 0;
        for (int x = 0; x < nl; x++)
            for (int y = x + 1; y < nl; y++) {
                int p1 = la[x], q1 = lb[x], p2 = la[y], q2 = lb[y];
                if (p1 == p2 || p1 == q2 || q1 == p2 || q1 == q2)
                    continue;
                for (int o1 = 0; o1 < 2; o1++)
                    for (int o2 = 0; o2 < 2; o2++) {
                        int a1 = o1 ? q1 : p1, b1 = o1 ? p1 : q1;
                        int a2 = o2 ? q2 : p2, b2 = o2 ? p2 : q2;
                        if (!lc_has(g->peers[a1], a2))
                            continue;
                        int kind = two_kind(g, lu[x], a1, lu[y], a2, b1, b2);
                        if (kind < 0)
                            continue;
                        lc_set four = lc_or(lc_or(lc_bit(a1), lc_bit(b1)),
                                            lc_or(lc_bit(a2), lc_bit(b2)));
                        lc_set gone = lc_andnot(lc_and(g->peers[b1], g->peers[b2]),
                                                lc_or(lc_bit(a1), lc_bit(a2)));
                        gone = lc_and(gone, s->vcells[v]);
                        if (!lc_any(gone))
                            continue;
                        int dup = 0;
                        for (int k = 0; k < nseen[kind] && !dup; k++) {
                            const seen2_t *e = &seen[kind * cap_seen + k];
                            dup = lc_eq(e->cells, four) && lc_eq(e->gone, gone);
                        }
                        if (dup)
                            continue;
                        if (nseen[kind] == cap_seen) {
                            int nc2 = cap_seen ? 2 * cap_seen : 64;
                            seen2_t *p = malloc((size_t)3 * nc2 * sizeof *p);
                            if (!p) {
                                out->oom = 1;
                                goto done;
                            }
                            for (int k = 0; k < 3; k++)
                                if (nseen[k])
                                    memcpy(p + k * nc2, seen + k * cap_seen,
                                           (size_t)nseen[k] * sizeof *p);
                            free(seen);
                            seen = p;
                            cap_seen = nc2;
                        }
                        seen[kind * cap_seen + nseen[kind]].cells = four;
                        seen[kind * cap_seen + nseen[kind]++].gone = gone;
                        uint8_t rec[8] = {(uint8_t)kind, (uint8_t)v, (uint8_t)lu[x],
                                          (uint8_t)lu[y], (uint8_t)a1, (uint8_t)b1,
                                          (uint8_t)a2, (uint8_t)b2};
                        lc_put(out, rec, 8);
                    }
            }
    }
done:
    free(seen);
}

void lc_two_links(const lc_state *s, lc_buf *out)
{
    two_search(s, out, 1, s->g->n);
}

unsigned lc_two_kinds_v(const lc_state *s, int v)
{
    lc_buf out = {NULL, 0, 0, 0};
    two_search(s, &out, v, v);
    unsigned kinds = out.oom ? 7u : 0u;
    for (size_t k = 0; k < out.len; k += 8)
        kinds |= 1u << out.p[k];
    free(out.p);
    return kinds;
}
