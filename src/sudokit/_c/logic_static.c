/* logic_static.c -- the static forcing chains (cell and unit forcing chains) in C.
 * sudokit/logic/techniques/forcing.py is the specification (find_cell_forcing_chain,
 * find_unit_forcing_chain and their pure helpers _reaches, _static_contradiction,
 * _static_verity, _static_path); _links.py's "group" graph is the graph.
 *
 * Representation: the graph of one state over dense nodes, numbered in the order of the
 * Python node ids (so "lowest id" picks the same node):
 *
 *     dense 0 .. ncand-1        candidate literals, by literal id b * nc + cell
 *     dense ncand .. K-1        group nodes, in _links.py _add_groups' numbering
 *                               (Python id n * nc + k for the k-th group)
 *     weak[i], strong[i]        rows of W = ceil(K / 64) words over dense nodes
 *
 * The candidates are the low ncand bits of a row, so "restricted to the candidates" is a
 * mask of whole words.  Reach (closure): Tarjan's components over the 2K nodes (i on, K + i
 * off); a chain goes on from an off node only when it has a strong link (as _closure); the
 * reach of each component is one row pair (on half, off half), sinks first.  Then
 * on(x) = reach of x on over the candidates, off(x) likewise (forcing._reaches).
 *
 * Search, in the finders' order: cell mode: the cells with two candidates or more in
 * order, for each its candidates (value order): a contradiction (on(x) & off(x) not
 * empty: y is its lowest literal), then the verity (what every candidate makes on,
 * outside the cell's own, and off).  Unit mode: the full units in order, values
 * ascending (not placed in the unit, two places or more), the places in cell order.
 * A position numbers the tests: cell mode c * (n + 1) + j, unit mode
 * (f * n + b) * (n + 1) + j, j the candidate (j < count) or the verity (j = count).
 * Paths: _links.Walk's breadth-first search from "x on", the first layer with the target
 * at its polarity, each predecessor the lowest node of the layer before that links to it.
 *
 *   logic_static(state) -> capsule (per state: graph and reach)
 *   logic_static_next(ctx, mode, pos) -> None, or the first step at or after pos:
 *       (pos, x, y, path_on, path_off)                  a contradiction of x
 *       (pos, lits, where, found, paths)                a verity: where is the cell (cell
 *                                                       mode) or (unit, value); found
 *                                                       [(literal, on)]; one path per lit
 *       a path is [(node id, on)] (Python ids: literal or n * nc + group index)
 *   logic_static_groups(ctx) -> [(cells, value)] of the group nodes, in their order
 */
#include "logic.h"

#include <stdlib.h>
#include <string.h>

#define ST_NAME "sudokit.logic.static"
#define ROWP(a, i, W) ((a) + (size_t)(i) * (W))

typedef struct {
    PyObject *owner;              /* the state capsule */
    const lc_state *s;
    int n, nc, K, W, ncand, ngroups;
    int *id;                      /* dense -> Python id */
    int16_t dense[LC_MAXN * LC_MAXC];   /* literal -> dense, -1 for a non-candidate */
    lc_set *gcells;               /* per group (k = dense - ncand) */
    int *gvalue;                  /* value index b */
    uint64_t *weak, *strong;      /* K rows of W */
    uint64_t *reach;              /* per component: 2W words (on half, off half) */
    int *comp;                    /* node (0..2K-1) -> component */
} st_t;

static inline void bset(uint64_t *row, int i) { row[i >> 6] |= (uint64_t)1 << (i & 63); }

/* 0, 1 or 2 for a set of no, one, two or more cells (no popcount instruction needed). */
static inline int few(lc_set a)
{
    if (!a.lo && !a.hi)
        return 0;
    if (a.lo && a.hi)
        return 2;
    uint64_t w = a.lo ? a.lo : a.hi;
    return w & (w - 1) ? 2 : 1;
}

/* Exactly two cells. */
static inline int two(lc_set a)
{
    if (few(a) < 2)
        return 0;
    lc_pop(&a);
    return few(a) == 1;
}

static void st_free(st_t *t)
{
    if (!t)
        return;
    free(t->id);
    free(t->gcells);
    free(t->gvalue);
    free(t->weak);
    free(t->strong);
    free(t->reach);
    free(t->comp);
    free(t);
}

/* --- the group graph ------------------------------------------------------------------- */

typedef struct {
    lc_set cells;
    int v;            /* value index b */
    int node;         /* group index once a pair names it, -1 before */
    int next;         /* the next group of the same value (found order), -1 */
    uint8_t units[LC_MAXU / 8 + 1];
} grp_t;

/* The index of group (cells, b) (head[b]: value b's first group), or -1. */
static int grp_find(const grp_t *gs, const int *head, lc_set cells, int b)
{
    for (int q = head[b]; q >= 0; q = gs[q].next)
        if (lc_eq(gs[q].cells, cells))
            return q;
    return -1;
}

/* The groups of _links.py _add_groups: found (crossing order, then value), pairs (each
 * found group, its units ascending), numbering in pair order.  Fills gs/ng and the pairs
 * (pa: group, pb: group index or ~literal); -1 when out of memory. */
static int groups(const lc_state *s, grp_t **pgs, int *png, int **ppa, int **ppb, int *pnp,
                  int *pnum, int *head)
{
    const lc_geo *g = s->g;
    int n = g->n, nc = g->ncells, ng = 0, cap = 0, np = 0, num = 0;
    grp_t *gs = NULL;
    int tail[LC_MAXN];
    for (int b = 0; b < n; b++)
        head[b] = tail[b] = -1;
    for (int k = 0; k < g->ncross; k++) {
        int u1 = g->cross_u[k], u2 = g->cross_v[k];
        for (int b = 0; b < n; b++) {
            lc_set cells = lc_and(lc_and(g->unit_bits[u1], s->vcells[b + 1]), g->cross_cells[k]);
            if (few(cells) < 2)
                continue;
            int at = grp_find(gs, head, cells, b);
            if (at < 0) {
                if (ng == cap) {
                    cap = cap ? 2 * cap : 64;
                    grp_t *p = realloc(gs, (size_t)cap * sizeof *p);
                    if (!p) {
                        free(gs);
                        return -1;
                    }
                    gs = p;
                }
                at = ng++;
                memset(&gs[at], 0, sizeof gs[at]);
                gs[at].cells = cells;
                gs[at].v = b;
                gs[at].node = -1;
                gs[at].next = -1;
                if (tail[b] >= 0)
                    gs[tail[b]].next = at;
                else
                    head[b] = at;
                tail[b] = at;
            }
            gs[at].units[u1 >> 3] |= (uint8_t)(1 << (u1 & 7));
            gs[at].units[u2 >> 3] |= (uint8_t)(1 << (u2 & 7));
        }
    }
    int *pa = malloc((size_t)(ng * g->nunits + 1) * sizeof(int));
    int *pb = malloc((size_t)(ng * g->nunits + 1) * sizeof(int));
    if (!pa || !pb) {
        free(gs);
        free(pa);
        free(pb);
        return -1;
    }
    for (int q = 0; q < ng; q++) {
        int b = gs[q].v;
        for (int u = 0; u < g->nunits; u++) {
            if (!(gs[q].units[u >> 3] >> (u & 7) & 1))
                continue;
            lc_set rest = lc_andnot(lc_and(g->unit_bits[u], s->vcells[b + 1]), gs[q].cells);
            if (!lc_any(rest))
                continue;
            int partner;
            if (few(rest) == 1)
                partner = ~(b * nc + lc_first(rest));
            else if ((partner = grp_find(gs, head, rest, b)) < 0)
                continue;
            pa[np] = q;
            pb[np++] = partner;
            if (gs[q].node < 0)
                gs[q].node = num++;
            if (partner >= 0 && gs[partner].node < 0)
                gs[partner].node = num++;
        }
    }
    *pgs = gs;
    *png = ng;
    *ppa = pa;
    *ppb = pb;
    *pnp = np;
    *pnum = num;
    return 0;
}

/* Build t's graph (_links.py _build_py for kind "group"); -1 when out of memory. */
static int build(st_t *t)
{
    const lc_state *s = t->s;
    const lc_geo *g = s->g;
    int n = t->n, nc = t->nc;
    memset(t->dense, 0xff, sizeof t->dense);
    int ncand = 0;
    for (int b = 0; b < n; b++)
        for (lc_set it = s->vcells[b + 1]; lc_any(it);)
            t->dense[b * nc + lc_pop(&it)] = (int16_t)ncand++;
    grp_t *gs = NULL;
    int ng = 0, *pa = NULL, *pb = NULL, np = 0, num = 0, head[LC_MAXN];
    if (groups(s, &gs, &ng, &pa, &pb, &np, &num, head) < 0)
        return -1;
    int K = ncand + num, W = (K + 63) / 64;
    if (!W)
        W = 1;
    t->ncand = ncand;
    t->ngroups = num;
    t->K = K;
    t->W = W;
    t->id = malloc((size_t)(K + 1) * sizeof(int));
    t->gcells = malloc((size_t)(num + 1) * sizeof(lc_set));
    t->gvalue = malloc((size_t)(num + 1) * sizeof(int));
    t->weak = calloc((size_t)(K + 1) * W, sizeof(uint64_t));
    t->strong = calloc((size_t)(K + 1) * W, sizeof(uint64_t));
    if (!t->id || !t->gcells || !t->gvalue || !t->weak || !t->strong) {
        free(gs);
        free(pa);
        free(pb);
        return -1;
    }
    for (int x = 0; x < n * nc; x++)
        if (t->dense[x] >= 0)
            t->id[t->dense[x]] = x;
    for (int q = 0; q < ng; q++)
        if (gs[q].node >= 0) {
            int k = gs[q].node;
            t->id[ncand + k] = n * nc + k;
            t->gcells[k] = gs[q].cells;
            t->gvalue[k] = gs[q].v;
        }
    /* literals: weak to the same value in peers and to the cell's other candidates;
     * strong in bivalue cells and conjugate pairs of the full units */
    for (int c = 0; c < nc; c++) {
        unsigned m = s->cands[c];
        for (unsigned mm = m; mm;) {
            int b = lc_popm(&mm);
            uint64_t *row = ROWP(t->weak, t->dense[b * nc + c], W);
            for (lc_set it = lc_and(g->peers[c], s->vcells[b + 1]); lc_any(it);)
                bset(row, t->dense[b * nc + lc_pop(&it)]);
            for (unsigned o = m & ~(1u << b); o;)
                bset(row, t->dense[lc_popm(&o) * nc + c]);
        }
        unsigned rest = m & (m - 1);
        if (rest && !(rest & (rest - 1))) {        /* two candidates */
            int i = t->dense[LC_CTZ64(m) * nc + c], j = t->dense[LC_CTZ64(m & (m - 1)) * nc + c];
            bset(ROWP(t->strong, i, W), j);
            bset(ROWP(t->strong, j, W), i);
        }
    }
    for (int f = 0; f < g->nfull; f++) {
        int u = g->full[f];
        for (int b = 0; b < n; b++) {
            lc_set w = lc_and(g->unit_bits[u], s->vcells[b + 1]);
            if (!two(w))
                continue;
            int lo = lc_first(w), hi = lc_first(lc_andnot(w, lc_bit(lo)));
            int i = t->dense[b * nc + lo], j = t->dense[b * nc + hi];
            bset(ROWP(t->strong, i, W), j);
            bset(ROWP(t->strong, j, W), i);
        }
    }
    /* groups: the pairs' strong links; weak links to what sees every cell of a group */
    for (int k = 0; k < np; k++) {
        int x = ncand + gs[pa[k]].node;
        int y = pb[k] >= 0 ? ncand + gs[pb[k]].node : t->dense[~pb[k]];
        bset(ROWP(t->strong, x, W), y);
        bset(ROWP(t->strong, y, W), x);
    }
    for (int q = 0; q < ng; q++) {
        if (gs[q].node < 0)
            continue;
        int x = ncand + gs[q].node, b = gs[q].v;
        lc_set sees = LC_ALL;
        for (lc_set it = gs[q].cells; lc_any(it);)
            sees = lc_and(sees, g->peers[lc_pop(&it)]);
        sees = lc_andnot(sees, gs[q].cells);
        for (lc_set it = lc_and(sees, s->vcells[b + 1]); lc_any(it);) {
            int y = t->dense[b * nc + lc_pop(&it)];
            bset(ROWP(t->weak, x, W), y);
            bset(ROWP(t->weak, y, W), x);
        }
        for (int r = head[b]; r >= 0; r = gs[r].next)
            if (r != q && gs[r].node >= 0 && lc_within(gs[r].cells, sees))
                bset(ROWP(t->weak, x, W), ncand + gs[r].node);
    }
    free(gs);
    free(pa);
    free(pb);
    return 0;
}

/* --- reach: Tarjan's components, sinks first ------------------------------------------- */

typedef struct {
    int v, k;
    uint64_t rest;
} frame_t;

/* Word k of the successors a chain goes on to from node v (0..2K-1), as bits of the
 * other half: on i -> off (weak & linked), off i -> on (strong). */
static inline uint64_t succ_word(const st_t *t, const uint64_t *linked, int v, int k)
{
    if (v < t->K)
        return ROWP(t->weak, v, t->W)[k] & linked[k];
    return ROWP(t->strong, v - t->K, t->W)[k];
}

static int reach(st_t *t)
{
    int K = t->K, W = t->W, N = 2 * K;
    int *index = calloc((size_t)N + 1, sizeof(int)), *low = malloc(((size_t)N + 1) * sizeof(int));
    int *stack = malloc(((size_t)N + 1) * sizeof(int));
    frame_t *fr = malloc(((size_t)N + 1) * sizeof(frame_t));
    uint64_t *linked = calloc((size_t)W, sizeof(uint64_t));
    t->comp = malloc(((size_t)N + 1) * sizeof(int));
    t->reach = malloc(((size_t)N + 1) * 2 * W * sizeof(uint64_t));
    int ok = -1;
    if (!index || !low || !stack || !fr || !linked || !t->comp || !t->reach)
        goto done;
    for (int i = 0; i < K; i++) {
        const uint64_t *row = ROWP(t->strong, i, W);
        for (int k = 0; k < W; k++)
            if (row[k]) {
                bset(linked, i);
                break;
            }
    }
    int *comp = t->comp;
    for (int v = 0; v < N; v++)
        comp[v] = -1;
    int counter = 1, sp = 0, ncomp = 0;
    for (int root = 0; root < N; root++) {
        if (index[root])
            continue;
        int depth = 0;
        fr[0].v = root;
        fr[0].k = 0;
        fr[0].rest = succ_word(t, linked, root, 0);
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        while (depth >= 0) {
            frame_t *f = &fr[depth];
            int half = f->v < K ? K : 0;
            while (!f->rest && f->k + 1 < W) {
                f->k++;
                f->rest = succ_word(t, linked, f->v, f->k);
            }
            if (f->rest) {
                int s = half + f->k * 64 + LC_CTZ64(f->rest);
                f->rest &= f->rest - 1;
                if (!index[s]) {
                    index[s] = low[s] = counter++;
                    stack[sp++] = s;
                    depth++;
                    fr[depth].v = s;
                    fr[depth].k = 0;
                    fr[depth].rest = succ_word(t, linked, s, 0);
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
            int c = ncomp++;
            uint64_t *r = t->reach + (size_t)c * 2 * W;
            memset(r, 0, 2 * (size_t)W * sizeof(uint64_t));
            int top = sp;
            do {
                comp[stack[--sp]] = c;
            } while (stack[sp] != v);
            for (int q = sp; q < top; q++) {
                int w = stack[q];
                const uint64_t *d = w < K ? ROWP(t->weak, w, W) : ROWP(t->strong, w - K, W);
                uint64_t *into = w < K ? r + W : r;
                for (int k = 0; k < W; k++)
                    into[k] |= d[k];
                int half = w < K ? K : 0;
                for (int k = 0; k < W; k++)
                    for (uint64_t b = succ_word(t, linked, w, k); b; b &= b - 1) {
                        int s = half + k * 64 + LC_CTZ64(b);
                        if (comp[s] != c) {
                            const uint64_t *rs = t->reach + (size_t)comp[s] * 2 * W;
                            for (int j = 0; j < 2 * W; j++)
                                r[j] |= rs[j];
                        }
                    }
            }
        }
    }
    ok = 0;
done:
    free(index);
    free(low);
    free(stack);
    free(fr);
    free(linked);
    return ok;
}

/* --- the search ------------------------------------------------------------------------- */

/* Into on/off (W words each): what candidate dense i makes on and off, over the
 * candidates (forcing._reaches). */
static void reach_of(const st_t *t, int i, uint64_t *on, uint64_t *off)
{
    const uint64_t *r = t->reach + (size_t)t->comp[i] * 2 * t->W;
    int W = t->W, full = t->ncand / 64, part = t->ncand % 64;
    for (int k = 0; k < W; k++) {
        uint64_t mask = k < full ? ~(uint64_t)0 : k == full && part ? ((uint64_t)1 << part) - 1 : 0;
        on[k] = r[k] & mask;
        off[k] = r[W + k] & mask;
    }
}

static int lowest(const uint64_t *row, int W)
{
    for (int k = 0; k < W; k++)
        if (row[k])
            return k * 64 + LC_CTZ64(row[k]);
    return -1;
}

/* The Walk path from dense x on to dense y at polarity on, as a Python list of (id, on);
 * NULL on error. */
static PyObject *path(const st_t *t, int x, int y, int on)
{
    int K = t->K, W = t->W;
    uint64_t *layers = malloc((size_t)(2 * K + 2) * W * sizeof(uint64_t));
    uint64_t *seen = calloc(2 * (size_t)W, sizeof(uint64_t));
    PyObject *out = NULL;
    if (!layers || !seen) {
        PyErr_NoMemory();
        goto done;
    }
    memset(layers, 0, (size_t)W * sizeof(uint64_t));
    bset(layers, x);
    bset(seen + W, x);                        /* seen[on] */
    int k = 0;
    for (;;) {
        const uint64_t *cur = ROWP(layers, k, W);
        if ((k % 2 == 0) == (on != 0) && (cur[y >> 6] >> (y & 63) & 1))
            break;
        if (k + 1 >= 2 * K + 2 || lowest(cur, W) < 0) {
            PyErr_SetString(PyExc_RuntimeError, "logic_static: literal not reached");
            goto done;
        }
        int from_on = k % 2 == 0;
        const uint64_t *table = from_on ? t->weak : t->strong;
        uint64_t *next = ROWP(layers, k + 1, W), *sn = seen + (from_on ? 0 : W);
        memset(next, 0, (size_t)W * sizeof(uint64_t));
        for (int j = 0; j < W; j++)
            for (uint64_t b = cur[j]; b; b &= b - 1) {
                const uint64_t *row = ROWP(table, j * 64 + LC_CTZ64(b), W);
                for (int q = 0; q < W; q++)
                    next[q] |= row[q];
            }
        for (int q = 0; q < W; q++) {
            next[q] &= ~sn[q];
            sn[q] |= next[q];
        }
        k++;
    }
    out = PyList_New(k + 1);
    if (!out)
        goto done;
    int node = y;
    for (int j = k; j >= 0; j--) {
        int pol = j % 2 == 0;
        if (j < k) {
            const uint64_t *link = ROWP(pol ? t->weak : t->strong, node, W);
            const uint64_t *lay = ROWP(layers, j, W);
            node = -1;
            for (int q = 0; q < W && node < 0; q++)
                if (lay[q] & link[q])
                    node = q * 64 + LC_CTZ64(lay[q] & link[q]);
        }
        PyObject *item = Py_BuildValue("(iO)", t->id[node], pol ? Py_True : Py_False);
        if (!item) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, j, item);
    }
done:
    free(layers);
    free(seen);
    return out;
}

/* The lits (dense) of test group g in mode; their count, or -1 when the group is not one
 * (a cell with < 2 candidates, a placed value, < 2 places).  *where_a, *where_b: the cell
 * (cell mode) or the unit and value. */
static int lits_of(const st_t *t, int mode, int grp, int *lits, int *wa, int *wb)
{
    const lc_state *s = t->s;
    int n = t->n, nc = t->nc, k = 0;
    if (mode == 0) {
        unsigned m = s->cands[grp];
        if (!(m & (m - 1)))
            return -1;
        while (m) {
            int b = lc_popm(&m);
            lits[k++] = t->dense[b * nc + grp];
        }
        *wa = grp;
        *wb = -1;
        return k;
    }
    const lc_geo *g = s->g;
    int u = g->full[grp / n], b = grp % n;
    for (int i = 0; i < g->unit_len[u]; i++)
        if (s->values[g->unit_cells[u][i]] == b + 1)
            return -1;
    lc_set w = lc_and(g->unit_bits[u], s->vcells[b + 1]);
    if (few(w) < 2)
        return -1;
    while (lc_any(w))
        lits[k++] = t->dense[b * nc + lc_pop(&w)];
    *wa = u;
    *wb = b + 1;
    return k;
}

/* The first step at or after pos (see the header), None, or NULL on error. */
static PyObject *next_step(const st_t *t, int mode, long pos)
{
    int n = t->n, W = t->W, ngroups = mode == 0 ? t->nc : t->s->g->nfull * n;
    uint64_t *on = malloc((size_t)4 * W * sizeof(uint64_t));
    if (!on)
        return PyErr_NoMemory();
    uint64_t *off = on + W, *on_all = on + 2 * W, *off_all = on + 3 * W;
    PyObject *res = NULL;
    int lits[LC_MAXN + 1];
    for (long grp = pos / (n + 1); grp < ngroups; grp++) {
        int wa, wb, k = lits_of(t, mode, (int)grp, lits, &wa, &wb);
        if (k < 0)
            continue;
        int j0 = grp == pos / (n + 1) ? (int)(pos % (n + 1)) : 0;
        for (int j = j0; j < k; j++) {
            reach_of(t, lits[j], on, off);
            int y = -1;
            for (int q = 0; q < W && y < 0; q++)
                if (on[q] & off[q])
                    y = q * 64 + LC_CTZ64(on[q] & off[q]);
            if (y < 0)
                continue;
            PyObject *p1 = path(t, lits[j], y, 1), *p2 = p1 ? path(t, lits[j], y, 0) : NULL;
            if (p2)
                res = Py_BuildValue("(liiNN)", grp * (n + 1) + j, t->id[lits[j]], t->id[y], p1, p2);
            else
                Py_XDECREF(p1);
            goto done;
        }
        if (j0 > k)
            continue;
        int any = 1;
        for (int j = 0; j < k && any; j++) {
            reach_of(t, lits[j], on, off);
            any = 0;
            for (int q = 0; q < W; q++) {
                on_all[q] = j ? on_all[q] & on[q] : on[q];
                off_all[q] = j ? off_all[q] & off[q] : off[q];
                any |= (on_all[q] | off_all[q]) != 0;
            }
        }
        for (int j = 0; j < k && any; j++)
            on_all[lits[j] >> 6] &= ~((uint64_t)1 << (lits[j] & 63));
        any = 0;
        for (int q = 0; q < W; q++)
            any |= (on_all[q] | off_all[q]) != 0;
        if (!any)
            continue;
        PyObject *found = PyList_New(0), *lit_list = PyList_New(k), *paths = PyList_New(k);
        if (!found || !lit_list || !paths)
            goto fail;
        int first = -1, first_on = 0;
        for (int side = 1; side >= 0; side--)
            for (int q = 0; q < W; q++)
                for (uint64_t b = (side ? on_all : off_all)[q]; b; b &= b - 1) {
                    int d = q * 64 + LC_CTZ64(b);
                    if (first < 0) {
                        first = d;
                        first_on = side;
                    }
                    PyObject *item = Py_BuildValue("(iO)", t->id[d], side ? Py_True : Py_False);
                    if (!item || PyList_Append(found, item) < 0) {
                        Py_XDECREF(item);
                        goto fail;
                    }
                    Py_DECREF(item);
                }
        for (int j = 0; j < k; j++) {
            PyObject *x = PyLong_FromLong(t->id[lits[j]]);
            PyObject *p = x ? path(t, lits[j], first, first_on) : NULL;
            if (!p) {
                Py_XDECREF(x);
                goto fail;
            }
            PyList_SET_ITEM(lit_list, j, x);
            PyList_SET_ITEM(paths, j, p);
        }
        PyObject *where = wb < 0 ? PyLong_FromLong(wa) : Py_BuildValue("(ii)", wa, wb);
        if (!where)
            goto fail;
        res = Py_BuildValue("(lNNNN)", grp * (n + 1) + k, lit_list, where, found, paths);
        goto done;
    fail:
        Py_XDECREF(found);
        Py_XDECREF(lit_list);
        Py_XDECREF(paths);
        goto done;
    }
    res = Py_None;
    Py_INCREF(res);
done:
    free(on);
    return res;
}

/* --- the binding -------------------------------------------------------------------------- */

static void st_capsule_free(PyObject *cap)
{
    st_t *t = PyCapsule_GetPointer(cap, ST_NAME);
    if (!t)
        return;
    Py_XDECREF(t->owner);
    st_free(t);
}

PyObject *lc_py_static(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    st_t *t = calloc(1, sizeof *t);
    if (!t)
        return PyErr_NoMemory();
    t->s = s;
    t->n = s->g->n;
    t->nc = s->g->ncells;
    if (build(t) < 0 || reach(t) < 0) {
        st_free(t);
        return PyErr_NoMemory();
    }
    PyObject *out = PyCapsule_New(t, ST_NAME, st_capsule_free);
    if (!out) {
        st_free(t);
        return NULL;
    }
    Py_INCREF(cap);
    t->owner = cap;
    return out;
}

PyObject *lc_py_static_next(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int mode;
    long pos;
    if (!PyArg_ParseTuple(args, "Oil:logic_static_next", &cap, &mode, &pos))
        return NULL;
    st_t *t = PyCapsule_GetPointer(cap, ST_NAME);
    if (!t)
        return NULL;
    if (mode < 0 || mode > 1) {
        PyErr_Format(PyExc_ValueError, "logic_static_next: mode %d is outside 0..1", mode);
        return NULL;
    }
    if (pos < 0) {
        PyErr_Format(PyExc_ValueError, "logic_static_next: position %ld is negative", pos);
        return NULL;
    }
    return next_step(t, mode, pos);
}

PyObject *lc_py_static_groups(PyObject *self, PyObject *cap)
{
    st_t *t = PyCapsule_GetPointer(cap, ST_NAME);
    if (!t)
        return NULL;
    PyObject *out = PyList_New(t->ngroups);
    if (!out)
        return NULL;
    for (int k = 0; k < t->ngroups; k++) {
        PyObject *cells = lc_cells_list(t->gcells[k]);
        PyObject *item = cells ? Py_BuildValue("(Ni)", cells, t->gvalue[k] + 1) : NULL;
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, item);
    }
    return out;
}
