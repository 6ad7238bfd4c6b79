/* logic/links.c -- the chains' graph of a state as dense bit sets (logic/links.h), the same
 * nodes and links as sudokit/logic/core/links.py's _build_py (the specification):
 *
 *   kind 0 'x'     weak: a value in peer cells; strong: conjugate pairs of the full units
 *        1 'xy'    weak: the same; strong: the two candidates of a bivalue cell
 *        2 'aic'   every weak link (peers, cell mates, the geometry's links between cells:
 *                  thermometers, dots, negative rules) and every strong link
 *        3 'group' aic plus the group nodes: two places or more of a value in the cells
 *                  two units share (t.crossings), kept when a strong link joins them to a
 *                  literal or another group, numbered in _add_groups' order; weak links to
 *                  the candidates of their value seeing all their cells, and to the groups
 *                  of their value within those cells
 *
 * Reach (lc_dg_reach): Tarjan's strongly connected components over the on and off nodes
 * (on i: i, off i: M + i), then the reach of each component, sinks first, each successor
 * component merged once.  The closure (lc_dg_closure) takes only linked nodes as roots: an
 * "off" node without a strong link is a sink and an "on" node without one a source,
 * answered by bit tests afterwards.
 *
 * logic_links_graph(state, kind) -> (weak, strong, groups, starts, cands): the graph as
 *     _links.Graph holds it (node sets as ints over the Python node ids).
 * logic_closure(state, kind) -> (false, true, looped): _links.closure's verdict sets, as
 *     bytes over the literals b * nc + cell (int.from_bytes(..., "little")).
 * logic_reaches(state) -> bytes: for each candidate literal x of the group graph (cell,
 *     then value), two literal sets of that size: the candidates "x on" makes on, and
 *     those it makes off (forcing.py _reaches).
 * logic_remote_pair(state) -> bool: chains.find_remote_pair yields a step (exact).
 * The geometry's weak links between cells (lc_geo's links) are the aic and group kinds'
 * too; cages and renban lines (their sum links) stay in Python (core/links.py).
 */
#include "logic/links.h"

#include <stdlib.h>
#include <string.h>

void lc_dg_free(dg_t *d)
{
    free(d->id);
    free(d->weak);
    free(d->groups);
    free(d->gof);
}

static unsigned grp_hash(lc_set cells, int v, int bits)
{
    uint64_t h = cells.lo * 0x9E3779B97F4A7C15ull ^ cells.hi * 0xC2B2AE3D27D4EB4Full ^
                 (uint64_t)(v + 1) * 0x165667B19E3779F9ull;
    return (unsigned)(h >> (64 - bits));
}

/* The entry of group (cells, b) in the hash table ht (2^bits slots of group indices, -1
 * free): its slot. */
static int grp_slot(const dg_t *d, const int *ht, int bits, lc_set cells, int b)
{
    unsigned mask = (1u << bits) - 1, i = grp_hash(cells, b, bits);
    while (ht[i] >= 0 && !(d->groups[ht[i]].v == b && lc_eq(d->groups[ht[i]].cells, cells)))
        i = (i + 1) & mask;
    return (int)i;
}

/* The group nodes of _links._add_groups: fills d->groups (ng), numbers the linked ones
 * from d->nlit (their node), and the strong pairs (group entry, partner: entry >= 0 or
 * ~dense literal) into *pa, *pb (*np of them).  -1 when out of memory. */
static int dg_groups(const lc_state *s, dg_t *d, int **pa, int **pb, int *np)
{
    const lc_geo *g = s->g;
    int n = g->n, nc = g->ncells, cap = g->ncross * n, bits = 4;
    while ((1 << bits) < 2 * cap)
        bits++;
    int *ht = malloc(((size_t)1 << bits) * sizeof(int));
    d->groups = malloc((size_t)(cap ? cap : 1) * sizeof(grp_t));
    if (!ht || !d->groups) {
        free(ht);
        return -1;
    }
    memset(ht, 0xff, ((size_t)1 << bits) * sizeof(int));
    int ng = 0, nunits = 0;
    for (int k = 0; k < g->ncross; k++) {
        int u1 = g->cross_u[k], u2 = g->cross_v[k];
        for (int b = 0; b < n; b++) {
            lc_set cells = lc_and(lc_and(g->unit_bits[u1], s->vcells[b + 1]), g->cross_cells[k]);
            if (!two_plus(cells))
                continue;
            int slot = grp_slot(d, ht, bits, cells, b);
            if (ht[slot] < 0) {
                grp_t *q = &d->groups[ng];
                q->cells = cells;
                q->v = b;
                q->node = -1;
                q->units[0] = q->units[1] = 0;
                ht[slot] = ng++;
            }
            grp_t *q = &d->groups[ht[slot]];
            q->units[u1 >> 6] |= (uint64_t)1 << (u1 & 63);
            q->units[u2 >> 6] |= (uint64_t)1 << (u2 & 63);
        }
    }
    d->ng = ng;
    for (int q = 0; q < ng; q++)
        nunits += sk_pop64(d->groups[q].units[0]) + sk_pop64(d->groups[q].units[1]);
    *pa = malloc((size_t)(nunits + 1) * sizeof(int));
    *pb = malloc((size_t)(nunits + 1) * sizeof(int));
    d->gof = malloc((size_t)(ng + 1) * sizeof(int));
    if (!*pa || !*pb || !d->gof) {
        free(ht);
        return -1;
    }
    int npairs = 0, M = d->nlit;
    for (int q = 0; q < ng; q++) {
        grp_t *G = &d->groups[q];
        for (int w = 0; w < 2; w++)
            for (uint64_t um = G->units[w]; um; um &= um - 1) {
                int u = 64 * w + sk_ctz64(um);
                lc_set rest = lc_andnot(lc_and(g->unit_bits[u], s->vcells[G->v + 1]), G->cells);
                if (!lc_any(rest))
                    continue;
                int partner;
                if (!two_plus(rest)) {
                    partner = ~(int)d->dense[G->v * nc + lc_first(rest)];
                } else {
                    int slot = grp_slot(d, ht, bits, rest, G->v);
                    if (ht[slot] < 0)
                        continue;
                    partner = ht[slot];
                }
                (*pa)[npairs] = q;
                (*pb)[npairs++] = partner;
                if (G->node < 0) {
                    d->gof[M - d->nlit] = q;
                    G->node = M++;
                }
                if (partner >= 0 && d->groups[partner].node < 0) {
                    d->gof[M - d->nlit] = partner;
                    d->groups[partner].node = M++;
                }
            }
    }
    free(ht);
    *np = npairs;
    d->M = M;
    return 0;
}

int lc_dg_build(const lc_state *s, int kind, dg_t *d)
{
    const lc_geo *g = s->g;
    int n = g->n, nc = g->ncells, M = 0;
    int *pa = NULL, *pb = NULL, npairs = 0, ok = -1;
    memset(d, 0, sizeof *d);
    d->n = n;
    d->nc = nc;
    memset(d->dense, 0xff, sizeof d->dense);
    for (int b = 0; b < n; b++)
        for (lc_set it = s->vcells[b + 1]; lc_any(it);)
            d->dense[b * nc + lc_pop(&it)] = (int16_t)M++;
    d->nlit = d->M = M;
    if (kind == 3 && dg_groups(s, d, &pa, &pb, &npairs) < 0)
        goto done;
    M = d->M;
    int W = d->W = M > 0 ? (M + 63) / 64 : 1;
    d->id = malloc((size_t)(M ? M : 1) * sizeof(int));
    d->weak = calloc((size_t)(2 * M + 1) * W, sizeof(uint64_t));
    if (!d->id || !d->weak)
        goto done;
    d->strong = d->weak + (size_t)M * W;
    d->linked = d->strong + (size_t)M * W;
    for (int x = 0; x < n * nc; x++)
        if (d->dense[x] >= 0)
            d->id[d->dense[x]] = x;
    for (int i = d->nlit; i < M; i++)
        d->id[i] = n * nc + (i - d->nlit);
    int all_weak = kind >= 2, cell_strong = kind != 0;
    for (int c = 0; c < nc; c++) {
        unsigned m = s->cands[c];
        for (unsigned mm = m; mm;) {
            int b = lc_popm(&mm);
            uint64_t *row = ROW(d->weak, d->dense[b * nc + c], W);
            for (lc_set it = lc_and(g->peers[c], s->vcells[b + 1]); lc_any(it);)
                bset(row, d->dense[b * nc + lc_pop(&it)]);
            if (all_weak) {
                for (unsigned o = m & ~(1u << b); o;)
                    bset(row, d->dense[lc_popm(&o) * nc + c]);
                for (int k = g->link_at[c]; k < g->link_at[c + 1]; k++) {
                    int j = g->link_cell[k];
                    for (unsigned o = g->link_mask[k][b] & s->cands[j]; o;)
                        bset(row, d->dense[lc_popm(&o) * nc + j]);
                }
            }
        }
        if (cell_strong && sk_pop64(m) == 2) {
            int i = d->dense[sk_ctz64(m) * nc + c], j = d->dense[sk_ctz64(m & (m - 1)) * nc + c];
            bset(ROW(d->strong, i, W), j);
            bset(ROW(d->strong, j, W), i);
        }
    }
    if (kind != 1)
        for (int f = 0; f < g->nfull; f++)
            for (int b = 0; b < n; b++) {
                lc_set w = lc_and(g->unit_bits[g->full[f]], s->vcells[b + 1]);
                if (!exactly_two(w))
                    continue;
                int lo = lc_pop(&w), hi = lc_pop(&w);
                int i = d->dense[b * nc + lo], j = d->dense[b * nc + hi];
                bset(ROW(d->strong, i, W), j);
                bset(ROW(d->strong, j, W), i);
            }
    for (int k = 0; k < npairs; k++) {
        int x = d->groups[pa[k]].node;
        int y = pb[k] >= 0 ? d->groups[pb[k]].node : ~pb[k];
        bset(ROW(d->strong, x, W), y);
        bset(ROW(d->strong, y, W), x);
    }
    int ngn = M - d->nlit, byv_at[LC_MAXN + 1] = {0};
    int *byv = malloc((size_t)(ngn + 1) * sizeof(int));   /* group nodes by value */
    if (!byv)
        goto done;
    for (int x = d->nlit; x < M; x++)
        byv_at[d->groups[d->gof[x - d->nlit]].v + 1]++;
    for (int b = 0; b < n; b++)
        byv_at[b + 1] += byv_at[b];
    for (int x = d->nlit, fill[LC_MAXN] = {0}; x < M; x++) {
        int b = d->groups[d->gof[x - d->nlit]].v;
        byv[byv_at[b] + fill[b]++] = x;
    }
    for (int x = d->nlit; x < M; x++) {
        const grp_t *G = &d->groups[d->gof[x - d->nlit]];
        lc_set sees = LC_ALL;
        for (lc_set it = G->cells; lc_any(it);)
            sees = lc_and(sees, g->peers[lc_pop(&it)]);
        sees = lc_andnot(sees, G->cells);
        for (lc_set it = lc_and(sees, s->vcells[G->v + 1]); lc_any(it);) {
            int y = d->dense[G->v * nc + lc_pop(&it)];
            bset(ROW(d->weak, x, W), y);
            bset(ROW(d->weak, y, W), x);
        }
        for (int q = byv_at[G->v]; q < byv_at[G->v + 1]; q++) {
            int y = byv[q];
            if (y != x && lc_within(d->groups[d->gof[y - d->nlit]].cells, sees))
                bset(ROW(d->weak, x, W), y);
        }
    }
    free(byv);
    for (int i = 0; i < M; i++)
        if (bany(ROW(d->strong, i, W), W))
            bset(d->linked, i);
    ok = 0;
done:
    free(pa);
    free(pb);
    return ok;
}

/* --- reach and closure ------------------------------------------------------------------ */

/* Word k of the successors of node v (on i: i < M, off i: M + i), as nodes of the other
 * half: on i -> off (weak, linked ones only: the others are sinks); off i -> on (strong). */
static inline uint64_t succ_word(const dg_t *d, int v, int k)
{
    if (v < d->M)
        return ROW(d->weak, v, d->W)[k] & d->linked[k];
    return ROW(d->strong, v - d->M, d->W)[k];
}

typedef struct {
    int v, k;         /* node, current word */
    uint64_t rest;    /* bits of word k not yet visited */
} frame_t;

int lc_dg_reach(const dg_t *d, int all, int **pcomp, uint64_t **preach)
{
    int M = d->M, W = d->W, N = 2 * M;
    size_t nn = (size_t)N + 1;
    int *index = calloc(nn, sizeof(int)), *low = malloc(nn * sizeof(int));
    int *comp = malloc(nn * sizeof(int)), *stack = malloc(nn * sizeof(int));
    int *mark = malloc(nn * sizeof(int));
    frame_t *fr = malloc(nn * sizeof(frame_t));
    uint64_t *reach = malloc(nn * 2 * W * sizeof(uint64_t));
    int ok = -1;
    if (!index || !low || !comp || !stack || !mark || !fr || !reach)
        goto done;
    for (int v = 0; v < N; v++)
        comp[v] = mark[v] = -1;
    int counter = 1, sp = 0, ncomp = 0;
    for (int root = 0; root < N; root++) {
        if (index[root] || (!all && !bget(d->linked, root < M ? root : root - M)))
            continue;
        int depth = 0;
        fr[0].v = root;
        fr[0].k = 0;
        fr[0].rest = succ_word(d, root, 0);
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        while (depth >= 0) {
            frame_t *f = &fr[depth];
            while (!f->rest && f->k + 1 < W) {
                f->k++;
                f->rest = succ_word(d, f->v, f->k);
            }
            if (f->rest) {
                int s = (f->v < M ? M : 0) + f->k * 64 + sk_ctz64(f->rest);
                f->rest &= f->rest - 1;
                if (!index[s]) {
                    index[s] = low[s] = counter++;
                    stack[sp++] = s;
                    depth++;
                    fr[depth].v = s;
                    fr[depth].k = 0;
                    fr[depth].rest = succ_word(d, s, 0);
                } else if (comp[s] < 0 && index[s] < low[f->v]) {
                    low[f->v] = index[s];
                }
                continue;
            }
            int v = f->v;
            depth--;
            if (depth >= 0 && low[v] < low[fr[depth].v])
                low[fr[depth].v] = low[v];
            if (low[v] != index[v])
                continue;
            /* a component, all of whose successors' components are done: its reach is
             * its direct links and each successor component's reach, merged once */
            int c = ncomp++, top = sp;
            uint64_t *r = reach + (size_t)c * 2 * W;
            memset(r, 0, 2 * W * sizeof(uint64_t));
            do
                comp[stack[--sp]] = c;
            while (stack[sp] != v);
            mark[c] = c;
            for (int q = sp; q < top; q++) {
                int w = stack[q], on = w < M;
                const uint64_t *dr = on ? ROW(d->weak, w, W) : ROW(d->strong, w - M, W);
                uint64_t *into = on ? r + W : r;
                for (int k = 0; k < W; k++)
                    into[k] |= dr[k];
                for (int k = 0; k < W; k++)
                    for (uint64_t b = succ_word(d, w, k); b; b &= b - 1) {
                        int cs = comp[(on ? M : 0) + k * 64 + sk_ctz64(b)];
                        if (mark[cs] == c)
                            continue;
                        mark[cs] = c;
                        const uint64_t *rs = reach + (size_t)cs * 2 * W;
                        for (int j = 0; j < 2 * W; j++)
                            r[j] |= rs[j];
                    }
            }
        }
    }
    ok = 0;
done:
    free(index);
    free(low);
    free(stack);
    free(mark);
    free(fr);
    if (ok < 0) {
        free(comp);
        free(reach);
    } else {
        *pcomp = comp;
        *preach = reach;
    }
    return ok;
}

/* Only the nodes of linked literals and groups are components here: a chain enters no
 * other node but as its last ("y off", a sink) or leaves it as its first ("x on", a
 * source), answered by bit tests. */
int lc_dg_closure(const dg_t *d, uint64_t *fals, uint64_t *tru, uint64_t *loop)
{
    int M = d->M, W = d->W, *comp;
    uint64_t *reach;
    if (lc_dg_reach(d, 0, &comp, &reach) < 0)
        return -1;
    for (int x = 0; x < d->nlit; x++) {
        if (!bget(d->linked, x)) {
            /* "x off" is a sink, "x on" a source: x is false when "y off" reaches "x off"
             * for a linked y that x sees (x is neither true nor looped) */
            const uint64_t *wx = ROW(d->weak, x, W);
            for (int k = 0; k < W && !bget(fals, x); k++)
                for (uint64_t b = wx[k] & d->linked[k]; b; b &= b - 1)
                    if (bget(reach + (size_t)comp[M + k * 64 + sk_ctz64(b)] * 2 * W + W, x)) {
                        bset(fals, x);
                        break;
                    }
            continue;
        }
        const uint64_t *ro = reach + (size_t)comp[x] * 2 * W;
        if (bget(ro + W, x))
            bset(fals, x);
        if (bget(ro, x))
            bset(loop, x);
        if (bget(reach + (size_t)comp[M + x] * 2 * W, x))
            bset(tru, x);
    }
    free(comp);
    free(reach);
    return 0;
}

/* The dense literal set as little-endian bits over the literals into out (nb bytes). */
void lc_dg_lit_bits(const dg_t *d, const uint64_t *set, uint8_t *out, int nb)
{
    memset(out, 0, (size_t)nb);
    for (int k = 0; k * 64 < d->nlit; k++)
        for (uint64_t b = set[k]; b; b &= b - 1) {
            int x = k * 64 + sk_ctz64(b);
            if (x >= d->nlit)
                break;
            out[d->id[x] >> 3] |= (uint8_t)(1 << (d->id[x] & 7));
        }
}
