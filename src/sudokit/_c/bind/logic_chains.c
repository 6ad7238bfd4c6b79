/* bind/logic_chains.c -- the bindings of the chains' graph (logic/links.c), the chains'
 * finders (logic/chains.c) and the static forcing chains (logic/forcing.c):
 *
 *   logic_closure(state, kind) -> (false, true, looped): _links.closure(state, kind)'s
 *       verdict sets as bytes over the literals b * nc + cell (little-endian bits)
 *   logic_reaches(state) -> bytes: per candidate, what it makes on and off (group graph)
 *   logic_links_graph(state, kind) -> (weak, strong, groups, starts, cands)
 *   logic_aic(state, kind) -> (false, true, looped, k, records, groups)
 *   logic_remote_pair(state) -> bool
 *   logic_static(state) -> capsule; logic_static_next(ctx, mode, pos) -> tuple | None;
 *   logic_static_groups(ctx) -> [(cells, value)]
 *
 * The kernels' opening comments say what each result means.
 */
#include "bind/logic.h"

#include <stdlib.h>
#include <string.h>

#include "logic/chains.h"
#include "logic/forcing.h"

/* --- the graph ---------------------------------------------------------------------------- */

/* A dense literal set as bytes over the literals b * nc + cell (little-endian bits). */
static PyObject *lit_bytes(const dg_t *d, const uint64_t *set)
{
    uint8_t out[(LC_MAXN * LC_MAXC + 7) / 8];
    int nb = (d->n * d->nc + 7) / 8;
    lc_dg_lit_bits(d, set, out, nb);
    return PyBytes_FromStringAndSize((const char *)out, nb);
}

/* A state capsule and a kind 0..3 from args (fmt names the function); NULL on error. */
static const lc_state *state_kind(PyObject *args, const char *fmt, int *kind)
{
    PyObject *cap;
    if (!PyArg_ParseTuple(args, fmt, &cap, kind))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (s && (*kind < 0 || *kind > 3)) {
        PyErr_Format(PyExc_ValueError, "%s: kind %d is outside 0..3", strchr(fmt, ':') + 1,
                     *kind);
        return NULL;
    }
    return s;
}

/* logic_closure(state, kind) -> (false, true, looped): _links.closure(state, kind)'s
 * verdict sets as bytes over the literals b * nc + cell (little-endian bits). */
PyObject *lc_py_closure(PyObject *self, PyObject *args)
{
    int kind;
    const lc_state *s = state_kind(args, "Oi:logic_closure", &kind);
    if (!s)
        return NULL;
    dg_t *d = malloc(sizeof *d);
    uint64_t *sets = NULL;
    PyObject *res = NULL;
    if (!d)
        return PyErr_NoMemory();
    if (lc_dg_build(s, kind, d) < 0 || !(sets = calloc((size_t)3 * d->W, 8)) ||
        lc_dg_closure(d, sets, sets + d->W, sets + 2 * d->W) < 0) {
        PyErr_NoMemory();
    } else {
        PyObject *f = lit_bytes(d, sets), *t = lit_bytes(d, sets + d->W);
        PyObject *l = lit_bytes(d, sets + 2 * d->W);
        if (f && t && l)
            res = PyTuple_Pack(3, f, t, l);
        Py_XDECREF(f);
        Py_XDECREF(t);
        Py_XDECREF(l);
    }
    lc_dg_free(d);
    free(d);
    free(sets);
    return res;
}

/* logic_reaches(state) -> bytes: for each candidate literal x (cell, then value), the
 * candidates "x on" makes on, then those it makes off, over the group graph (forcing.py
 * _reaches), each as bytes over the literals. */
PyObject *lc_py_reaches(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    dg_t *d = malloc(sizeof *d);
    int *comp = NULL, nc = s->g->ncells, nb = (s->g->n * nc + 7) / 8;
    uint64_t *reach = NULL;
    PyObject *res = NULL;
    if (!d)
        return PyErr_NoMemory();
    if (lc_dg_build(s, 3, d) < 0 || lc_dg_reach(d, 1, &comp, &reach) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (!(res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)2 * nb * d->nlit)))
        goto done;
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
    for (int c = 0; c < nc; c++)
        for (unsigned m = s->cands[c]; m;) {
            const uint64_t *r = reach + (size_t)comp[d->dense[lc_popm(&m) * nc + c]] * 2 * d->W;
            lc_dg_lit_bits(d, r, out, nb);
            lc_dg_lit_bits(d, r + d->W, out + nb, nb);
            out += 2 * nb;
        }
done:
    lc_dg_free(d);
    free(d);
    free(comp);
    free(reach);
    return res;
}

/* --- the graph as _links.Graph holds it ------------------------------------------------- */

/* A dense node set (W words) as a Python int over the Python node ids; buf: scratch of
 * words words ((n * nc + groups + 63) / 64 or more). */
static PyObject *id_int(const dg_t *d, const uint64_t *row, uint64_t *buf, int words)
{
    memset(buf, 0, (size_t)words * 8);
    int top = 0;
    for (int k = 0; k < d->W; k++)
        for (uint64_t b = row[k]; b; b &= b - 1) {
            int x = d->id[k * 64 + sk_ctz64(b)];
            buf[x >> 6] |= (uint64_t)1 << (x & 63);
            if ((x >> 6) + 1 > top)
                top = (x >> 6) + 1;
        }
    return lc_words_int(buf, top);
}

/* logic_links_graph(state, kind) -> (weak, strong, groups, starts, cands): the fields of
 * _links.Graph for kind as _links._build_py makes them: weak and strong lists of node sets
 * (ints) indexed by node (n * nc literals, then the group nodes), groups [(cell set,
 * value)], starts (the candidate literals, cell then value), cands (their set). */
PyObject *lc_py_links_graph(PyObject *self, PyObject *args)
{
    int kind;
    const lc_state *s = state_kind(args, "Oi:logic_links_graph", &kind);
    if (!s)
        return NULL;
    dg_t *d = malloc(sizeof *d);
    if (!d)
        return PyErr_NoMemory();
    PyObject *res = NULL, *lists[2] = {NULL, NULL}, *groups = NULL, *starts = NULL, *cands = NULL;
    PyObject *zero = PyLong_FromLong(0);
    uint64_t *buf = NULL, *all = NULL;
    if (!zero || lc_dg_build(s, kind, d) < 0) {
        if (zero)
            PyErr_NoMemory();
        goto done;
    }
    int n = d->n, nc = d->nc, nl = n * nc, size = nl + (d->M - d->nlit);
    int words = (size + 63) / 64 + 1;
    buf = malloc((size_t)words * 8);
    all = calloc((size_t)d->W, 8);
    lists[0] = PyList_New(size);
    lists[1] = PyList_New(size);
    groups = PyList_New(d->M - d->nlit);
    starts = PyList_New(d->nlit);
    if (!buf || !all || !lists[0] || !lists[1] || !groups || !starts)
        goto done;
    for (int t = 0; t < 2; t++) {
        for (int x = 0; x < size; x++) {
            Py_INCREF(zero);
            PyList_SET_ITEM(lists[t], x, zero);
        }
        for (int i = 0; i < d->M; i++) {
            const uint64_t *row = ROW(t ? d->strong : d->weak, i, d->W);
            if (!bany(row, d->W))
                continue;
            PyObject *x = id_int(d, row, buf, words);
            if (!x)
                goto done;
            PyObject *old = PyList_GET_ITEM(lists[t], d->id[i]);
            PyList_SET_ITEM(lists[t], d->id[i], x);
            Py_DECREF(old);
        }
    }
    for (int i = d->nlit; i < d->M; i++) {
        const grp_t *G = &d->groups[d->gof[i - d->nlit]];
        uint64_t w[2] = {G->cells.lo, G->cells.hi};
        PyObject *cells = lc_words_int(w, w[1] ? 2 : 1);
        PyObject *item = cells ? Py_BuildValue("(Ni)", cells, G->v + 1) : NULL;
        if (!item)
            goto done;
        PyList_SET_ITEM(groups, i - d->nlit, item);
    }
    int k = 0;
    for (int c = 0; c < nc; c++)
        for (unsigned m = s->cands[c]; m;) {
            int x = lc_popm(&m) * nc + c;
            PyObject *id = PyLong_FromLong(x);
            if (!id)
                goto done;
            PyList_SET_ITEM(starts, k++, id);
        }
    for (int i = 0; i < d->nlit; i++)
        bset(all, i);
    if (!(cands = id_int(d, all, buf, words)))
        goto done;
    res = PyTuple_Pack(5, lists[0], lists[1], groups, starts, cands);
done:
    Py_XDECREF(zero);
    Py_XDECREF(lists[0]);
    Py_XDECREF(lists[1]);
    Py_XDECREF(groups);
    Py_XDECREF(starts);
    Py_XDECREF(cands);
    free(buf);
    free(all);
    lc_dg_free(d);
    free(d);
    return res;
}

/* --- the chains' finders ------------------------------------------------------------------ */

/* (path ids, eliminations) of record i; group nodes met go into groups. */
static PyObject *aic_record(const lc_aic *a, int i, PyObject *groups)
{
    const dg_t *d = &a->d;
    int k = a->k, *path = malloc((size_t)(k + 1) * sizeof(int));
    lc_set elim[LC_MAXN + 1];
    if (!path || lc_aic_record(a, i, path, elim) < 0) {
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
    PyObject *pairs = lc_pairs_list(elim, d->n);
    if (pairs)
        res = Py_BuildValue("(ON)", ids, pairs);
done:
    Py_XDECREF(ids);
    free(path);
    return res;
}

PyObject *lc_py_aic(PyObject *self, PyObject *args)
{
    int kind;
    const lc_state *s = state_kind(args, "Oi:logic_aic", &kind);
    if (!s)
        return NULL;
    lc_aic *a = malloc(sizeof *a);
    if (!a)
        return PyErr_NoMemory();
    PyObject *res = NULL, *list = NULL, *groups = NULL, *fb = NULL, *tb = NULL, *lb = NULL;
    if (lc_aic_run(s, kind, a) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    int W = a->d.W;
    list = PyList_New(a->nrec);
    groups = PyDict_New();
    fb = lit_bytes(&a->d, a->sets);
    tb = lit_bytes(&a->d, a->sets + W);
    lb = lit_bytes(&a->d, a->sets + 2 * W);
    if (!list || !groups || !fb || !tb || !lb)
        goto done;
    for (int i = 0; i < a->nrec; i++) {
        PyObject *item = aic_record(a, i, groups);
        if (!item)
            goto done;
        PyList_SET_ITEM(list, i, item);
    }
    res = Py_BuildValue("(OOOiOO)", fb, tb, lb, a->k, list, groups);
done:
    Py_XDECREF(list);
    Py_XDECREF(groups);
    Py_XDECREF(fb);
    Py_XDECREF(tb);
    Py_XDECREF(lb);
    lc_aic_free(a);
    free(a);
    return res;
}

/* chains.find_remote_pair yields a step (logic/chains.c). */
PyObject *lc_py_remote_pair(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    return PyBool_FromLong(lc_remote_pair(s));
}

/* --- the static forcing chains ------------------------------------------------------------ */

#define ST_NAME "sudokit.logic.static"

typedef struct {
    lc_static *t;
    PyObject *owner;              /* the state capsule (t reads the state) */
} static_box;

static void st_capsule_free(PyObject *cap)
{
    static_box *box = PyCapsule_GetPointer(cap, ST_NAME);
    if (!box)
        return;
    lc_static_free(box->t);
    Py_XDECREF(box->owner);
    free(box);
}

PyObject *lc_py_static(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    static_box *box = malloc(sizeof *box);
    lc_static *t = box ? lc_static_new(s) : NULL;
    if (!t) {
        free(box);
        return PyErr_NoMemory();
    }
    box->t = t;
    box->owner = NULL;
    PyObject *out = PyCapsule_New(box, ST_NAME, st_capsule_free);
    if (!out) {
        lc_static_free(t);
        free(box);
        return NULL;
    }
    Py_INCREF(cap);
    box->owner = cap;
    return out;
}

/* Path p of st as [(node id, on)]. */
static PyObject *path_list(const lc_static_step *st, int p)
{
    const int *pairs = (const int *)st->nodes.p;
    int from = p ? st->path_end[p - 1] : 0, to = st->path_end[p];
    PyObject *out = PyList_New(to - from);
    for (int j = from; out && j < to; j++) {
        PyObject *item = Py_BuildValue("(iO)", pairs[2 * j], pairs[2 * j + 1] ? Py_True : Py_False);
        if (!item) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, j - from, item);
    }
    return out;
}

/* The step as logic_static_next gives it:
 *   (pos, x, y, path_on, path_off)        a contradiction of x
 *   (pos, lits, where, found, paths)      a verity: where is the cell (cell mode) or
 *                                         (unit, value); found [(literal, on)]; one path
 *                                         per literal
 * a path is [(node id, on)] (Python ids: literal or n * nc + group index). */
static PyObject *step_tuple(const lc_static_step *st)
{
    if (!st->verity) {
        PyObject *p1 = path_list(st, 0), *p2 = p1 ? path_list(st, 1) : NULL;
        if (!p2) {
            Py_XDECREF(p1);
            return NULL;
        }
        return Py_BuildValue("(liiNN)", st->pos, st->x, st->y, p1, p2);
    }
    int nfound = (int)(st->found.len / (2 * sizeof(int)));
    const int *found_pairs = (const int *)st->found.p;
    PyObject *found = PyList_New(nfound), *lit_list = PyList_New(st->k);
    PyObject *paths = PyList_New(st->k), *where = NULL;
    if (!found || !lit_list || !paths)
        goto fail;
    for (int i = 0; i < nfound; i++) {
        PyObject *item = Py_BuildValue("(iO)", found_pairs[2 * i],
                                       found_pairs[2 * i + 1] ? Py_True : Py_False);
        if (!item)
            goto fail;
        PyList_SET_ITEM(found, i, item);
    }
    for (int j = 0; j < st->k; j++) {
        PyObject *x = PyLong_FromLong(st->lits[j]);
        PyObject *p = x ? path_list(st, j) : NULL;
        if (!p) {
            Py_XDECREF(x);
            goto fail;
        }
        PyList_SET_ITEM(lit_list, j, x);
        PyList_SET_ITEM(paths, j, p);
    }
    where = st->where_b < 0 ? PyLong_FromLong(st->where_a)
                            : Py_BuildValue("(ii)", st->where_a, st->where_b);
    if (!where)
        goto fail;
    return Py_BuildValue("(lNNNN)", st->pos, lit_list, where, found, paths);
fail:
    Py_XDECREF(found);
    Py_XDECREF(lit_list);
    Py_XDECREF(paths);
    return NULL;
}

PyObject *lc_py_static_next(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int mode;
    long pos;
    if (!PyArg_ParseTuple(args, "Oil:logic_static_next", &cap, &mode, &pos))
        return NULL;
    static_box *box = PyCapsule_GetPointer(cap, ST_NAME);
    if (!box)
        return NULL;
    if (mode < 0 || mode > 1) {
        PyErr_Format(PyExc_ValueError, "logic_static_next: mode %d is outside 0..1", mode);
        return NULL;
    }
    if (pos < 0) {
        PyErr_Format(PyExc_ValueError, "logic_static_next: position %ld is negative", pos);
        return NULL;
    }
    lc_static_step st;
    memset(&st, 0, sizeof st);
    int rc = lc_static_next(box->t, mode, pos, &st);
    PyObject *res = NULL;
    if (rc == -1)
        PyErr_NoMemory();
    else if (rc == -2)
        PyErr_SetString(PyExc_RuntimeError, "logic_static: literal not reached");
    else if (rc == 0)
        res = Py_NewRef(Py_None);
    else
        res = step_tuple(&st);
    free(st.found.p);
    free(st.nodes.p);
    return res;
}

PyObject *lc_py_static_groups(PyObject *self, PyObject *cap)
{
    static_box *box = PyCapsule_GetPointer(cap, ST_NAME);
    if (!box)
        return NULL;
    const lc_static *t = box->t;
    PyObject *out = PyList_New(t->ngroups);
    if (!out)
        return NULL;
    for (int k = 0; k < t->ngroups; k++) {
        const grp_t *G = &t->d.groups[t->d.gof[k]];
        PyObject *cells = lc_cells_list(G->cells);
        PyObject *item = cells ? Py_BuildValue("(Ni)", cells, G->v + 1) : NULL;
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, item);
    }
    return out;
}
