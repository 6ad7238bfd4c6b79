/* logic_aic.c -- the chains' finders in one C call each (sudokit/logic/techniques/
 * chains.py is the specification; _links.py draws its graph and closure).
 *
 * logic_aic(state, kind) -> (false, true, looped, k, records, groups)
 *     chains._aic for kind 0 'x', 1 'xy', 2 'aic', 3 'group' up to its first layer with a
 *     find, in one pass: the graph of the kind (_links._build_py: the same links, the same
 *     group nodes numbered in the same order), its closure's verdict sets (false, true,
 *     looped: little-endian bytes over the literals b * nc + cell, as logic_closure gives
 *     them), then the lockstep search of chains._aic_search up to its first odd layer k
 *     with a find (0 when none), each record as (path, eliminations): path the node ids
 *     of the chain from "a off" to "z on" as Walk.path gives them (polarity: off, on, off,
 *     ...), eliminations the (cell, value) pairs a candidate of which sees both ends.
 *     groups: {node id: (cells, value)} of the group nodes the paths go through.
 *
 * The graph is dense (logic_graph.h, built by logic_graph.c): node i < nlit is the i-th
 * candidate literal in literal order, the group nodes follow in _links.py's order, so "the
 * lowest id" (Walk.path) is the lowest dense node and the sets are a few words, not n * nc
 * bits.  The closure is logic_graph.c's lc_dg_closure.  Geometries with weak links
 * between cells stay in Python.
 */
#include "logic/links.h"

#include <stdlib.h>
#include <string.h>

/* --- the AIC search (chains._aic_search up to its first layer with a find) ------------- */

typedef struct {
    int a, z;      /* dense start ("off") and end ("on") */
} rec_t;

/* The walks of chains._aic_search in lockstep up to the first odd layer with a find:
 * its records (a, z) into *recs (*nrec), the layer as the result (0: none); -1 when out of
 * memory.  F: the false set; ends: what F sees. */
static int dg_search(const lc_state *s, const dg_t *d, const uint64_t *F, const uint64_t *ends,
                     rec_t **recs, int *nrec)
{
    int W = d->W, nc = d->nc, nw = 0, layer = 0, ok = -1, cap = 16;
    int *start = malloc((size_t)(d->nlit + 1) * sizeof(int));
    int *live = malloc((size_t)(d->nlit + 1) * sizeof(int));
    uint64_t *seen = NULL, *front = NULL, *reached = malloc((size_t)W * 8);
    *recs = malloc((size_t)cap * sizeof(rec_t));
    *nrec = 0;
    if (!start || !live || !reached || !*recs)
        goto done;
    for (int c = 0; c < nc; c++)
        for (unsigned m = s->cands[c]; m;) {
            int x = d->dense[lc_popm(&m) * nc + c];
            if (bget(ends, x))
                start[nw++] = x;
        }
    seen = calloc((size_t)(nw + 1) * 2 * W, 8);
    front = calloc((size_t)(nw + 1) * W, 8);
    if (!seen || !front)
        goto done;
    for (int i = 0; i < nw; i++) {
        live[i] = 1;
        bset(ROW(seen, 2 * i, W), start[i]);
        bset(ROW(front, i, W), start[i]);
    }
    int nlive = nw;
    while (nlive && !*nrec) {
        layer++;
        int from_on = layer % 2 == 0, to_on = !from_on;
        const uint64_t *table = from_on ? d->weak : d->strong;
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
            live[i] = any;
            still += any;
            if (from_on || !any)
                continue;
            int a = start[i];
            const uint64_t *wa = ROW(d->weak, a, W);
            for (int k = 0; k < W; k++)
                for (uint64_t b = fr[k] & ends[k]; b; b &= b - 1) {
                    int z = k * 64 + LC_CTZ64(b), some = 0;
                    if (z == a)
                        continue;
                    const uint64_t *wz = ROW(d->weak, z, W);
                    for (int j = 0; j < W && !some; j++)
                        some = (wa[j] & F[j] & wz[j]) != 0;
                    if (!some)
                        continue;
                    int lo = a < z ? a : z, hi = a < z ? z : a, dup = 0;
                    for (int q = 0; q < *nrec && !dup; q++) {
                        rec_t r = (*recs)[q];
                        dup = (r.a < r.z ? r.a : r.z) == lo && (r.a < r.z ? r.z : r.a) == hi;
                    }
                    if (dup)
                        continue;
                    if (*nrec == cap) {
                        rec_t *more = realloc(*recs, (size_t)cap * 2 * sizeof(rec_t));
                        if (!more)
                            goto done;
                        *recs = more;
                        cap *= 2;
                    }
                    (*recs)[(*nrec)++] = (rec_t){a, z};
                }
        }
        nlive = still;
    }
    ok = *nrec ? layer : 0;
done:
    free(start);
    free(live);
    free(seen);
    free(front);
    free(reached);
    return ok;
}

/* The chain of record r found at layer k as Walk.path gives it, dense nodes into path
 * (k + 1 of them); -1 when out of memory. */
static int dg_path(const dg_t *d, rec_t r, int k, int *path)
{
    int W = d->W;
    uint64_t *layers = calloc((size_t)(k + 1) * W + 3 * (size_t)W, 8);
    if (!layers)
        return -1;
    uint64_t *seen = layers + (size_t)(k + 1) * W, *reached = seen + 2 * W;
    bset(layers, r.a);
    bset(seen, r.a);                                   /* seen[off] */
    for (int j = 1; j <= k; j++) {
        int from_on = j % 2 == 0, to_on = !from_on;
        const uint64_t *table = from_on ? d->weak : d->strong, *fr = ROW(layers, j - 1, W);
        memset(reached, 0, (size_t)W * 8);
        for (int q = 0; q < W; q++)
            for (uint64_t b = fr[q]; b; b &= b - 1) {
                const uint64_t *row = ROW(table, q * 64 + LC_CTZ64(b), W);
                for (int i = 0; i < W; i++)
                    reached[i] |= row[i];
            }
        uint64_t *nw = ROW(layers, j, W), *sn = seen + to_on * W;
        for (int i = 0; i < W; i++) {
            nw[i] = reached[i] & ~sn[i];
            sn[i] |= nw[i];
        }
    }
    int node = r.z;
    path[k] = node;
    for (int j = k - 1; j >= 0; j--) {
        const uint64_t *link = ROW(j % 2 == 1 ? d->weak : d->strong, node, W);
        const uint64_t *lj = ROW(layers, j, W);
        for (int i = 0; i < W; i++) {
            reached[i] = lj[i] & link[i];
        }
        node = path[j] = bfirst(reached, W);
    }
    free(layers);
    return 0;
}

/* (path ids, eliminations) of record r at layer k; group nodes met go into groups. */
static PyObject *record(const dg_t *d, rec_t r, int k, const uint64_t *F, PyObject *groups)
{
    int W = d->W, *path = malloc((size_t)(k + 1) * sizeof(int));
    if (!path || dg_path(d, r, k, path) < 0) {
        free(path);
        return PyErr_NoMemory();
    }
    PyObject *ids = PyTuple_New(k + 1), *res = NULL;
    if (!ids)
        goto done;
    for (int j = 0; j <= k; j++) {
        int x = path[j];
        PyObject *id = PyLong_FromLong(d->id[x]);
        if (!id)
            goto done;
        PyTuple_SET_ITEM(ids, j, id);
        if (x >= d->nlit) {
            const grp_t *G = &d->groups[d->gof[x - d->nlit]];
            PyObject *cells = lc_cells_list(G->cells);
            PyObject *item = cells ? Py_BuildValue("(Ni)", cells, G->v + 1) : NULL;
            if (!item || PyDict_SetItem(groups, id, item) < 0) {
                Py_XDECREF(item);
                goto done;
            }
            Py_DECREF(item);
        }
    }
    lc_set elim[LC_MAXN + 1];
    for (int v = 0; v <= d->n; v++)
        elim[v] = LC_EMPTY;
    const uint64_t *wa = ROW(d->weak, r.a, W), *wz = ROW(d->weak, r.z, W);
    for (int q = 0; q < W; q++)
        for (uint64_t b = wa[q] & wz[q] & F[q]; b; b &= b - 1) {
            int lit = d->id[q * 64 + LC_CTZ64(b)];
            lc_add(&elim[lit / d->nc + 1], lit % d->nc);
        }
    PyObject *pairs = lc_pairs_list(elim, d->n, d->nc);
    if (pairs)
        res = Py_BuildValue("(ON)", ids, pairs);
done:
    Py_XDECREF(ids);
    free(path);
    return res;
}

PyObject *lc_py_aic(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int kind;
    if (!PyArg_ParseTuple(args, "Oi:logic_aic", &cap, &kind))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    if (kind < 0 || kind > 3) {
        PyErr_Format(PyExc_ValueError, "logic_aic: kind %d is outside 0..3", kind);
        return NULL;
    }
    dg_t *d = malloc(sizeof *d);
    uint64_t *sets = NULL;
    rec_t *recs = NULL;
    int nrec = 0, k = 0;
    PyObject *res = NULL, *list = NULL, *groups = NULL, *fb = NULL, *tb = NULL, *lb = NULL;
    if (!d)
        return PyErr_NoMemory();
    if (lc_dg_build(s, kind, d) < 0)
        goto oom;
    int W = d->W;
    sets = calloc((size_t)4 * W, 8);   /* false, true, looped, ends */
    if (!sets || lc_dg_closure(d, sets, sets + W, sets + 2 * W) < 0)
        goto oom;
    uint64_t *F = sets, *ends = sets + 3 * W;
    if (bany(F, W)) {
        for (int q = 0; q < W; q++)
            for (uint64_t b = F[q]; b; b &= b - 1) {
                const uint64_t *row = ROW(d->weak, q * 64 + LC_CTZ64(b), W);
                for (int j = 0; j < W; j++)
                    ends[j] |= row[j];
            }
        if ((k = dg_search(s, d, F, ends, &recs, &nrec)) < 0)
            goto oom;
    }
    list = PyList_New(nrec);
    groups = PyDict_New();
    fb = lc_dg_lit_bytes(d, sets);
    tb = lc_dg_lit_bytes(d, sets + W);
    lb = lc_dg_lit_bytes(d, sets + 2 * W);
    if (!list || !groups || !fb || !tb || !lb)
        goto done;
    for (int i = 0; i < nrec; i++) {
        PyObject *item = record(d, recs[i], k, F, groups);
        if (!item)
            goto done;
        PyList_SET_ITEM(list, i, item);
    }
    res = Py_BuildValue("(OOOiOO)", fb, tb, lb, k, list, groups);
    goto done;
oom:
    PyErr_NoMemory();
done:
    Py_XDECREF(list);
    Py_XDECREF(groups);
    Py_XDECREF(fb);
    Py_XDECREF(tb);
    Py_XDECREF(lb);
    lc_dg_free(d);
    free(d);
    free(sets);
    free(recs);
    return res;
}
