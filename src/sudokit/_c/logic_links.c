/* logic_links.c -- the C twin of _links.py closure(state, kind)'s verdict sets: which
 * candidates a chain of the state's links proves false ("x on" reaches "x off"), true ("x
 * off" reaches "x on"), or puts on a loop ("x on" reaches "x on").  sudokit/logic/
 * techniques/_links.py is the specification (the graph of each kind, group nodes, and the
 * closure: a chain goes on from an "off" node only when it has a strong link).
 *
 * The graph is _links.py's for kind 0 'x' (same value in peers / conjugate pairs), 1 'xy'
 * (same value in peers / bivalue cells), 2 'aic' (every weak and strong link), 3 'group'
 * (aic plus the group nodes: two places or more of a value in the cells two full units
 * share, kept when a strong link joins them to a literal or to another group).  Node x is
 * literal x (a non-candidate has no link), the groups follow in an order of their own
 * (the sets over literals do not depend on it).
 * Geometries with weak links between cells (Geometry.links) stay in Python.
 *
 * logic_closure(state, kind) -> (false, true, looped): three bytes objects, little-endian
 * bit sets over the literals b * nc + cell (int.from_bytes(..., "little")).
 * logic_reaches(state) -> bytes: for each candidate literal x of the group graph (cell,
 * then value), two sets of the same size: the candidates "x on" makes on, and those it
 * makes off (forcing.py _reaches: the static forcing chains).
 *
 * Closure: Tarjan's strongly connected components over the 2M nodes (on, off), then the
 * reach of each component, sinks first, as bit sets; node i on is i, off is M + i.
 */
#include "logic.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    int M, W;                 /* nodes, words per node set */
    uint64_t *weak, *strong;  /* M rows of W words */
    uint64_t *linked;         /* nodes with a strong link */
    int *lit;                 /* node -> literal (-1 for a group) */
    lc_set *gcells;           /* group node n * nc + k: its cells and value index */
    int *gvalue;
} graph_t;

#define ROW(a, i, W) ((a) + (size_t)(i) * (W))

static inline void bset(uint64_t *row, int i) { row[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline int bget(const uint64_t *row, int i) { return (int)(row[i >> 6] >> (i & 63) & 1); }

typedef struct {
    lc_set cells;
    int v;            /* value index b */
    int node;         /* -1 until a pair names it */
    uint8_t units[LC_MAXU / 8 + 1];
} group_t;

/* Build the graph of kind; -1 when out of memory. */
static int build(const lc_state *s, int kind, graph_t *gr)
{
    const lc_geo *g = s->g;
    int n = g->n, nc = g->ncells;
    /* node x is literal x (non-candidates have no link); groups follow */
    int node_of[LC_MAXN * LC_MAXC];
    int M = n * nc;
    for (int x = 0; x < M; x++)
        node_of[x] = x;
    /* where[u][b] of the full units (the conjugate pairs) and the groups */
    group_t *groups = NULL;
    int ng = 0, cap = 0;
    int *pa = NULL, *pb = NULL, npairs = 0;  /* pair: group index, partner (group or ~lit) */
    if (kind == 3) {
        for (int k = 0; k < g->ncross; k++) {
            int u1 = g->cross_u[k], u2 = g->cross_v[k];
            for (int b = 0; b < n; b++) {
                lc_set cells = lc_and(lc_and(g->unit_bits[u1], s->vcells[b + 1]),
                                      g->cross_cells[k]);
                if (lc_count(cells) < 2)
                    continue;
                int at = -1;
                for (int q = 0; q < ng; q++)
                    if (groups[q].v == b && lc_eq(groups[q].cells, cells)) {
                        at = q;
                        break;
                    }
                if (at < 0) {
                    if (ng == cap) {
                        cap = cap ? 2 * cap : 64;
                        group_t *p = realloc(groups, (size_t)cap * sizeof *p);
                        if (!p) {
                            free(groups);
                            return -1;
                        }
                        groups = p;
                    }
                    at = ng++;
                    memset(&groups[at], 0, sizeof groups[at]);
                    groups[at].cells = cells;
                    groups[at].v = b;
                    groups[at].node = -1;
                }
                groups[at].units[u1 >> 3] |= (uint8_t)(1 << (u1 & 7));
                groups[at].units[u2 >> 3] |= (uint8_t)(1 << (u2 & 7));
            }
        }
        pa = malloc((size_t)(ng * g->nunits + 1) * sizeof(int));
        pb = malloc((size_t)(ng * g->nunits + 1) * sizeof(int));
        if (!pa || !pb) {
            free(groups);
            free(pa);
            free(pb);
            return -1;
        }
        for (int q = 0; q < ng; q++) {
            int b = groups[q].v;
            for (int u = 0; u < g->nunits; u++) {
                if (!(groups[q].units[u >> 3] >> (u & 7) & 1))
                    continue;
                lc_set rest = lc_andnot(lc_and(g->unit_bits[u], s->vcells[b + 1]), groups[q].cells);
                if (!lc_any(rest))
                    continue;
                int partner = 0, ok = 0;
                if (lc_count(rest) == 1) {
                    partner = ~(b * nc + lc_first(rest));
                    ok = 1;
                } else {
                    for (int r = 0; r < ng; r++)
                        if (groups[r].v == b && lc_eq(groups[r].cells, rest)) {
                            partner = r;
                            ok = 1;
                            break;
                        }
                }
                if (ok) {
                    pa[npairs] = q;
                    pb[npairs++] = partner;
                    if (groups[q].node < 0)
                        groups[q].node = M++;
                    if (partner >= 0 && groups[partner].node < 0)
                        groups[partner].node = M++;
                }
            }
        }
    }
    int W = (M + 63) / 64;
    gr->M = M;
    gr->W = W ? W : 1;
    W = gr->W;
    gr->weak = calloc((size_t)(M ? M : 1) * W, sizeof(uint64_t));
    gr->strong = calloc((size_t)(M ? M : 1) * W, sizeof(uint64_t));
    gr->linked = calloc((size_t)W, sizeof(uint64_t));
    gr->lit = malloc((size_t)(M ? M : 1) * sizeof(int));
    if (!gr->weak || !gr->strong || !gr->linked || !gr->lit) {
        free(groups);
        free(pa);
        free(pb);
        return -1;
    }
    for (int x = 0; x < n * nc; x++)
        if (node_of[x] >= 0)
            gr->lit[node_of[x]] = x;
    int nl = n * nc;
    gr->gcells = malloc((size_t)(M - nl + 1) * sizeof(lc_set));
    gr->gvalue = malloc((size_t)(M - nl + 1) * sizeof(int));
    if (!gr->gcells || !gr->gvalue) {
        free(groups);
        free(pa);
        free(pb);
        return -1;
    }
    for (int q = 0; q < ng; q++)
        if (groups[q].node >= 0) {
            gr->lit[groups[q].node] = -1;
            gr->gcells[groups[q].node - nl] = groups[q].cells;
            gr->gvalue[groups[q].node - nl] = groups[q].v;
        }
    int all_weak = kind >= 2, cell_strong = kind != 0;
    for (int c = 0; c < nc; c++) {
        unsigned m = s->cands[c];
        if (!m)
            continue;
        for (unsigned mm = m; mm;) {
            int b = lc_popm(&mm), i = node_of[b * nc + c];
            uint64_t *row = ROW(gr->weak, i, W);
            for (lc_set it = lc_and(g->peers[c], s->vcells[b + 1]); lc_any(it);)
                bset(row, node_of[b * nc + lc_pop(&it)]);
            if (all_weak)
                for (unsigned o = m & ~(1u << b); o;)
                    bset(row, node_of[lc_popm(&o) * nc + c]);
        }
        if (cell_strong && LC_POP64(m) == 2) {
            int b0 = LC_CTZ64(m), b1 = LC_CTZ64(m & (m - 1));
            int i = node_of[b0 * nc + c], j = node_of[b1 * nc + c];
            bset(ROW(gr->strong, i, W), j);
            bset(ROW(gr->strong, j, W), i);
        }
    }
    if (kind != 1) {
        for (int f = 0; f < g->nfull; f++) {
            int u = g->full[f];
            for (int b = 0; b < n; b++) {
                lc_set w = lc_and(g->unit_bits[u], s->vcells[b + 1]);
                if (lc_count(w) != 2)
                    continue;
                int lo = lc_first(w), hi = lc_first(lc_andnot(w, lc_bit(lo)));
                int i = node_of[b * nc + lo], j = node_of[b * nc + hi];
                bset(ROW(gr->strong, i, W), j);
                bset(ROW(gr->strong, j, W), i);
            }
        }
    }
    /* group nodes: strong links of the pairs, weak links to what sees all their cells */
    for (int k = 0; k < npairs; k++) {
        int x = groups[pa[k]].node;
        int y = pb[k] >= 0 ? groups[pb[k]].node : node_of[~pb[k]];
        bset(ROW(gr->strong, x, W), y);
        bset(ROW(gr->strong, y, W), x);
    }
    for (int q = 0; q < ng; q++) {
        int x = groups[q].node, b = groups[q].v;
        if (x < 0)
            continue;
        lc_set sees = LC_ALL;
        for (lc_set it = groups[q].cells; lc_any(it);)
            sees = lc_and(sees, g->peers[lc_pop(&it)]);
        sees = lc_andnot(sees, groups[q].cells);
        for (lc_set it = lc_and(sees, s->vcells[b + 1]); lc_any(it);) {
            int y = node_of[b * nc + lc_pop(&it)];
            bset(ROW(gr->weak, x, W), y);
            bset(ROW(gr->weak, y, W), x);
        }
        for (int r = 0; r < ng; r++)
            if (r != q && groups[r].node >= 0 && groups[r].v == b &&
                lc_within(groups[r].cells, sees))
                bset(ROW(gr->weak, x, W), groups[r].node);
    }
    for (int i = 0; i < M; i++) {
        const uint64_t *row = ROW(gr->strong, i, W);
        for (int k = 0; k < W; k++)
            if (row[k]) {
                bset(gr->linked, i);
                break;
            }
    }
    free(groups);
    free(pa);
    free(pb);
    return 0;
}

/* The successors of node v (0..2M-1) a chain goes on to, word k, as node bits of the other
 * half: on i -> off (weak & linked); off i -> on (strong). */
static inline uint64_t succ_word(const graph_t *gr, int v, int k)
{
    if (v < gr->M)
        return ROW(gr->weak, v, gr->W)[k] & gr->linked[k];
    return ROW(gr->strong, v - gr->M, gr->W)[k];
}

typedef struct {
    int v, k;         /* node, current word */
    uint64_t rest;    /* bits of word k not yet visited */
} frame_t;

/* false, true, looped over the graph's nodes (node bits); with each != NULL, for each
 * candidate literal (cell, then value) its on and off reach over the candidates, nb bytes
 * each, into each; -1 when out of memory. */
static int closure(const graph_t *gr, uint64_t *fals, uint64_t *tru, uint64_t *loop,
                   const lc_state *st, uint8_t *each, int nb)
{
    int M = gr->M, W = gr->W, N = 2 * M;
    int *index = calloc((size_t)N + 1, sizeof(int)), *low = malloc(((size_t)N + 1) * sizeof(int));
    int *comp = malloc(((size_t)N + 1) * sizeof(int)), *stack = malloc(((size_t)N + 1) * sizeof(int));
    frame_t *fr = malloc(((size_t)N + 1) * sizeof(frame_t));
    /* reach of each component: on half (W words) then off half (W words) */
    uint64_t *reach = malloc(((size_t)N + 1) * 2 * W * sizeof(uint64_t));
    int ok = -1;
    if (!index || !low || !comp || !stack || !fr || !reach)
        goto done;
    for (int v = 0; v < N; v++)
        comp[v] = -1;
    int counter = 1, sp = 0, ncomp = 0;
    for (int root = 0; root < N; root++) {
        if (index[root])
            continue;
        int depth = 0;
        fr[0].v = root;
        fr[0].k = 0;
        fr[0].rest = succ_word(gr, root, 0);
        index[root] = low[root] = counter++;
        stack[sp++] = root;
        while (depth >= 0) {
            frame_t *f = &fr[depth];
            int half = f->v < M ? M : 0;     /* successors' offset */
            while (!f->rest && f->k + 1 < W) {
                f->k++;
                f->rest = succ_word(gr, f->v, f->k);
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
                    fr[depth].rest = succ_word(gr, s, 0);
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
            uint64_t *r = reach + (size_t)c * 2 * W;
            memset(r, 0, 2 * W * sizeof(uint64_t));
            int top = sp;
            do {
                int w = stack[--sp];
                comp[w] = c;
            } while (stack[sp] != v);
            for (int q = sp; q < top; q++) {
                int w = stack[q];
                /* direct: on w -> off (weak); off w -> on (strong) */
                const uint64_t *d = w < M ? ROW(gr->weak, w, W) : ROW(gr->strong, w - M, W);
                uint64_t *into = w < M ? r + W : r;
                for (int k = 0; k < W; k++)
                    into[k] |= d[k];
                int half = w < M ? M : 0;
                for (int k = 0; k < W; k++)
                    for (uint64_t b = succ_word(gr, w, k); b; b &= b - 1) {
                        int s = half + k * 64 + LC_CTZ64(b);
                        if (comp[s] != c) {
                            const uint64_t *rs = reach + (size_t)comp[s] * 2 * W;
                            for (int j = 0; j < 2 * W; j++)
                                r[j] |= rs[j];
                        }
                    }
            }
        }
    }
    for (int x = 0; x < M; x++) {
        const uint64_t *ro = reach + (size_t)comp[x] * 2 * W;
        const uint64_t *rf = reach + (size_t)comp[x + M] * 2 * W;
        if (bget(ro + W, x))
            bset(fals, x);
        if (bget(rf, x))
            bset(tru, x);
        if (bget(ro, x))
            bset(loop, x);
    }
    if (each) {
        int n = st->g->n, nc = st->g->ncells, nl = n * nc;
        uint8_t *out = each;
        for (int c = 0; c < nc; c++)
            for (int b = 0; b < n; b++) {
                if (!(st->cands[c] >> b & 1))
                    continue;
                const uint64_t *ro = reach + (size_t)comp[b * nc + c] * 2 * W;
                for (int half = 0; half < 2; half++, out += nb) {
                    memset(out, 0, (size_t)nb);
                    const uint64_t *r = ro + half * W;
                    for (int k = 0; k * 64 < nl; k++)
                        for (uint64_t bits = r[k]; bits; bits &= bits - 1) {
                            int y = k * 64 + LC_CTZ64(bits);
                            if (y < nl && (st->cands[y % nc] >> (y / nc) & 1))
                                out[y >> 3] |= (uint8_t)(1 << (y & 7));
                        }
                }
            }
    }
    ok = 0;
done:
    free(index);
    free(low);
    free(comp);
    free(stack);
    free(fr);
    free(reach);
    return ok;
}

PyObject *lc_py_closure(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int kind;
    if (!PyArg_ParseTuple(args, "Oi:logic_closure", &cap, &kind))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    if (kind < 0 || kind > 3) {
        PyErr_Format(PyExc_ValueError, "logic_closure: kind %d is outside 0..3", kind);
        return NULL;
    }
    graph_t gr;
    memset(&gr, 0, sizeof gr);
    PyObject *res = NULL;
    uint64_t *sets = NULL;
    if (build(s, kind, &gr) < 0)
        goto oom;
    int W = gr.W, nl = s->g->n * s->g->ncells, nb = (nl + 7) / 8;
    sets = calloc((size_t)3 * W, sizeof(uint64_t));
    if (!sets || closure(&gr, sets, sets + W, sets + 2 * W, NULL, NULL, 0) < 0)
        goto oom;
    uint8_t out[3][(LC_MAXN * LC_MAXC + 7) / 8];
    memset(out, 0, sizeof out);
    for (int x = 0; x < nl; x++)
        for (int t = 0; t < 3; t++)
            if (bget(sets + t * W, x))
                out[t][x >> 3] |= (uint8_t)(1 << (x & 7));
    res = Py_BuildValue("(y#y#y#)", (const char *)out[0], (Py_ssize_t)nb, (const char *)out[1],
                        (Py_ssize_t)nb, (const char *)out[2], (Py_ssize_t)nb);
    goto done;
oom:
    PyErr_NoMemory();
done:
    free(gr.weak);
    free(gr.strong);
    free(gr.linked);
    free(gr.lit);
    free(gr.gcells);
    free(gr.gvalue);
    free(sets);
    return res;
}

PyObject *lc_py_reaches(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    graph_t gr;
    memset(&gr, 0, sizeof gr);
    PyObject *res = NULL;
    uint64_t *sets = NULL;
    uint8_t *each = NULL;
    int nl = s->g->n * s->g->ncells, nb = (nl + 7) / 8, ncand = 0;
    for (int c = 0; c < s->g->ncells; c++)
        ncand += LC_POP64(s->cands[c]);
    if (build(s, 3, &gr) < 0)
        goto oom;
    sets = calloc((size_t)3 * gr.W, sizeof(uint64_t));
    each = malloc((size_t)2 * nb * (ncand ? ncand : 1));
    if (!sets || !each ||
        closure(&gr, sets, sets + gr.W, sets + 2 * gr.W, s, each, nb) < 0)
        goto oom;
    res = PyBytes_FromStringAndSize((const char *)each, (Py_ssize_t)2 * nb * ncand);
    goto done;
oom:
    PyErr_NoMemory();
done:
    free(gr.weak);
    free(gr.strong);
    free(gr.linked);
    free(gr.lit);
    free(gr.gcells);
    free(gr.gvalue);
    free(sets);
    free(each);
    return res;
}

/* A node set (W words) as a Python int. */
static PyObject *row_int(const uint64_t *row, int W, PyObject *zero)
{
    unsigned top = W > 0 ? (unsigned)W : 0;
    while (top > 0 && !row[top - 1])
        top--;
    if (!top) {
        Py_INCREF(zero);
        return zero;
    }
    if (top == 1)
        return PyLong_FromUnsignedLongLong(row[0]);
    unsigned char local[8 * 64], *bytes = local;
    size_t nbytes = (size_t)top * 8;
    if (nbytes > sizeof local && !(bytes = malloc(nbytes)))
        return PyErr_NoMemory();
    for (unsigned k = 0; k < top; k++)
        for (int j = 0; j < 8; j++)
            bytes[8 * k + j] = (unsigned char)(row[k] >> (8 * j));
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *x = PyLong_FromUnsignedNativeBytes(bytes, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *x = _PyLong_FromByteArray(bytes, nbytes, 1, 0);
#endif
    if (bytes != local)
        free(bytes);
    return x;
}

/* logic_aic_first(state, kind, false) -> (k, [(a, z, gone)]): chains._aic's lockstep
 * search up to its first odd layer k with a find.  false: the literal bytes of
 * closure(state, kind).false; ends = what those see; one walk per candidate literal a in
 * ends (cell, then value), from "a off", all walks a layer at a time (layer k: strong
 * links from the off nodes when k is odd, weak ones from the on nodes when even, the
 * nodes first reached at that polarity); at an odd layer, each walk in order, each new end
 * z != a in increasing order, gone = weak[a] & false & weak[z], each pair {a, z} once.
 * Python rebuilds each record's step from its own walk and continues, if asked, with the
 * pure search past these records.  (0, []) when the whole search finds nothing. */
PyObject *lc_py_aic_first(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int kind;
    const char *fb;
    Py_ssize_t nfb;
    if (!PyArg_ParseTuple(args, "Oiy#:logic_aic_first", &cap, &kind, &fb, &nfb))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    if (kind < 0 || kind > 3) {
        PyErr_Format(PyExc_ValueError, "logic_aic_first: kind %d is outside 0..3", kind);
        return NULL;
    }
    int n = s->g->n, nc = s->g->ncells, nl = n * nc;
    if (nfb > (nl + 7) / 8) {
        PyErr_SetString(PyExc_ValueError, "logic_aic_first: false has more bits than literals");
        return NULL;
    }
    graph_t gr;
    memset(&gr, 0, sizeof gr);
    PyObject *res = NULL, *recs = NULL, *zero = PyLong_FromLong(0);
    uint64_t *F = NULL, *ends = NULL, *wa = NULL, *seen = NULL, *front = NULL, *reached = NULL;
    uint64_t *gone = NULL;
    int *start = NULL, *live = NULL, *pairs = NULL, npairs = 0;
    if (!zero)
        return NULL;
    if (build(s, kind, &gr) < 0)
        goto oom;
    int M = gr.M, W = gr.W, nw = 0;
    F = calloc((size_t)W, 8);
    ends = calloc((size_t)W, 8);
    reached = calloc((size_t)W, 8);
    gone = calloc((size_t)W, 8);
    start = malloc((size_t)nl * sizeof(int));
    recs = PyList_New(0);
    if (!F || !ends || !reached || !gone || !start || !recs)
        goto oom;
    for (Py_ssize_t i = 0; i < nfb; i++)
        for (int j = 0; j < 8; j++)
            if ((fb[i] >> j & 1) && 8 * i + j < M)
                bset(F, (int)(8 * i + j));
    for (int k = 0; k < W; k++)
        for (uint64_t b = F[k]; b; b &= b - 1) {
            const uint64_t *row = ROW(gr.weak, k * 64 + LC_CTZ64(b), W);
            for (int j = 0; j < W; j++)
                ends[j] |= row[j];
        }
    for (int c = 0; c < nc; c++)
        for (unsigned m = s->cands[c]; m;) {
            int x = lc_popm(&m) * nc + c;
            if (bget(ends, x))
                start[nw++] = x;
        }
    wa = calloc((size_t)(nw ? nw : 1) * W, 8);
    seen = calloc((size_t)(nw ? nw : 1) * 2 * W, 8);
    front = calloc((size_t)(nw ? nw : 1) * W, 8);
    live = malloc((size_t)(nw ? nw : 1) * sizeof(int));
    pairs = malloc((size_t)(nw ? nw : 1) * 2 * 64 * sizeof(int));
    if (!wa || !seen || !front || !live || !pairs)
        goto oom;
    for (int i = 0; i < nw; i++) {
        live[i] = 1;
        bset(ROW(seen, 2 * i, W), start[i]);          /* seen[off] */
        bset(ROW(front, i, W), start[i]);
        const uint64_t *row = ROW(gr.weak, start[i], W);
        for (int j = 0; j < W; j++)
            ROW(wa, i, W)[j] = row[j] & F[j];
    }
    int nlive = nw, layer = 0, cap_pairs = nw * 64;
    while (nlive) {
        layer++;
        int from_on = layer % 2 == 0, to_on = !from_on, odd = layer % 2 == 1;
        const uint64_t *table = from_on ? gr.weak : gr.strong;
        int still = 0;
        for (int i = 0; i < nw; i++) {
            if (!live[i])
                continue;
            uint64_t *fr = ROW(front, i, W), *sn = ROW(seen, 2 * i + to_on, W);
            memset(reached, 0, (size_t)W * 8);
            for (int k = 0; k < W; k++)
                for (uint64_t b = fr[k]; b; b &= b - 1) {
                    const uint64_t *row = ROW(table, k * 64 + LC_CTZ64(b), W);
                    for (int j = 0; j < W; j++)
                        reached[j] |= row[j];
                }
            int any = 0;
            for (int j = 0; j < W; j++) {
                fr[j] = reached[j] & ~sn[j];
                sn[j] |= fr[j];
                any |= fr[j] != 0;
            }
            live[i] = any ? 1 : -1;  /* -1: expanded this layer, dead after it */
            still += any;
            if (!odd || !any)
                continue;
            const uint64_t *w = ROW(wa, i, W);
            int has = 0;
            for (int j = 0; j < W; j++)
                has |= w[j] != 0;
            if (!has)
                continue;
            int a = start[i];
            for (int k = 0; k < W; k++)
                for (uint64_t b = fr[k] & ends[k]; b; b &= b - 1) {
                    int z = k * 64 + LC_CTZ64(b);
                    if (z == a)
                        continue;
                    const uint64_t *wz = ROW(gr.weak, z, W);
                    int some = 0;
                    for (int j = 0; j < W; j++) {
                        gone[j] = w[j] & wz[j];
                        some |= gone[j] != 0;
                    }
                    if (!some)
                        continue;
                    int lo = a < z ? a : z, hi = a < z ? z : a, dup = 0;
                    for (int q = 0; q < npairs && !dup; q++)
                        dup = pairs[2 * q] == lo && pairs[2 * q + 1] == hi;
                    if (dup)
                        continue;
                    if (npairs == cap_pairs) {
                        int *more = realloc(pairs, (size_t)cap_pairs * 4 * sizeof(int));
                        if (!more)
                            goto oom;
                        pairs = more;
                        cap_pairs *= 2;
                    }
                    pairs[2 * npairs] = lo;
                    pairs[2 * npairs + 1] = hi;
                    npairs++;
                    PyObject *g = row_int(gone, W, zero);
                    PyObject *item = g ? Py_BuildValue("(iiN)", a, z, g) : NULL;
                    if (!item || PyList_Append(recs, item) < 0) {
                        Py_XDECREF(item);
                        goto fail;
                    }
                    Py_DECREF(item);
                }
        }
        if (PyList_GET_SIZE(recs))
            break;
        for (int i = 0; i < nw; i++)
            if (live[i] < 0)
                live[i] = 0;
        nlive = still;
    }
    res = Py_BuildValue("(iO)", PyList_GET_SIZE(recs) ? layer : 0, recs);
    goto done;
oom:
    PyErr_NoMemory();
fail:
done:
    Py_DECREF(zero);
    Py_XDECREF(recs);
    free(gr.weak);
    free(gr.strong);
    free(gr.linked);
    free(gr.lit);
    free(gr.gcells);
    free(gr.gvalue);
    free(F);
    free(ends);
    free(reached);
    free(gone);
    free(start);
    free(wa);
    free(seen);
    free(front);
    free(live);
    free(pairs);
    return res;
}
