/* bind/logic_finders.c -- the bindings of the logic finders that hand back records:
 * ALS-XZ and ALS-XY-Wing (logic/als.c), finned fish (logic/fish.c), aligned pair exclusion
 * and Sue de Coq (logic/misc.c), two strong links (logic/patterns.c).  The record layouts
 * are drawn in each kernel's opening comment; sudokit/logic/_cfast.py reads them.
 */
#include "bind/logic.h"

#include <stdlib.h>

#include "logic/als.h"

/* The records of a finder as bytes (its buffer freed); NULL with MemoryError. */
static PyObject *records(lc_buf *b)
{
    if (b->oom) {
        free(b->p);
        return PyErr_NoMemory();
    }
    PyObject *res = PyBytes_FromStringAndSize((const char *)b->p, (Py_ssize_t)b->len);
    free(b->p);
    return res;
}

/* --- ALS: a result capsule read step by step ---------------------------------------------- */

#define RES_NAME "sudokit.logic.als"

typedef struct {
    lc_als_res *r;
    PyObject *state;     /* the state capsule (a reference: r reads the state) */
} als_box;

static void res_free(PyObject *cap)
{
    als_box *box = PyCapsule_GetPointer(cap, RES_NAME);
    if (!box)
        return;
    lc_als_free(box->r);
    Py_XDECREF(box->state);
    free(box);
}

/* logic_als(state, max_cells) -> capsule: the ALSs and their links. */
PyObject *lc_py_als(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int max_cells;
    if (!PyArg_ParseTuple(args, "Oi:logic_als", &cap, &max_cells))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    if (max_cells < 1 || max_cells > LC_MAXN) {
        PyErr_Format(PyExc_ValueError, "logic_als: max_cells %d is outside 1..%d", max_cells,
                     LC_MAXN);
        return NULL;
    }
    als_box *box = malloc(sizeof *box);
    lc_als_res *r = box ? lc_als_new(s, max_cells) : NULL;
    if (!r) {
        free(box);
        return PyErr_NoMemory();
    }
    box->r = r;
    box->state = NULL;
    PyObject *out = PyCapsule_New(box, RES_NAME, res_free);
    if (!out) {
        lc_als_free(r);
        free(box);
        return NULL;
    }
    Py_INCREF(cap);
    box->state = cap;
    return out;
}

static PyObject *set_tuple(const lc_als *a)
{
    PyObject *cells = lc_cells_list(a->cells);
    return cells ? Py_BuildValue("(NIi)", cells, a->mask, a->unit) : NULL;
}

static const lc_state *res_state(const als_box *box)
{
    return lc_state_of(box->state);
}

/* logic_als_xz(res, pos) -> (next pos, a, b, rcc mask, pairs) of the first ALS-XZ at link
 * pos or later that removes something, or None; a, b as (cells, mask, unit). */
PyObject *lc_py_als_xz(PyObject *self, PyObject *args)
{
    PyObject *cap;
    Py_ssize_t pos;
    if (!PyArg_ParseTuple(args, "On:logic_als_xz", &cap, &pos))
        return NULL;
    als_box *box = PyCapsule_GetPointer(cap, RES_NAME);
    if (!box)
        return NULL;
    lc_als_xz_t xz;
    long k = lc_als_xz(box->r, (long)pos, &xz);
    if (k < 0)
        Py_RETURN_NONE;
    const lc_geo *g = res_state(box)->g;
    PyObject *ta = set_tuple(xz.a), *tb = ta ? set_tuple(xz.b) : NULL;
    PyObject *pairs = tb ? lc_pairs_list(xz.elim, g->n) : NULL;
    if (!pairs) {
        Py_XDECREF(ta);
        Py_XDECREF(tb);
        return NULL;
    }
    return Py_BuildValue("(nNNIN)", (Py_ssize_t)k + 1, ta, tb, xz.rcc, pairs);
}

/* logic_als_xy(res, pos) -> (c, a, b, x, y, pairs) of the pos-th ALS-XY-Wing, or None;
 * c the pivot, ALSs as (cells, mask, unit).  The wings are found at the first call. */
PyObject *lc_py_als_xy(PyObject *self, PyObject *args)
{
    PyObject *cap;
    Py_ssize_t pos;
    if (!PyArg_ParseTuple(args, "On:logic_als_xy", &cap, &pos))
        return NULL;
    als_box *box = PyCapsule_GetPointer(cap, RES_NAME);
    if (!box)
        return NULL;
    lc_als_xy_t w;
    int got = lc_als_xy(box->r, (long)pos, &w);
    if (got < 0)
        return PyErr_NoMemory();
    if (!got)
        Py_RETURN_NONE;
    const lc_geo *g = res_state(box)->g;
    PyObject *tc = set_tuple(w.c);
    PyObject *ta = tc ? set_tuple(w.a) : NULL;
    PyObject *tb = ta ? set_tuple(w.b) : NULL;
    PyObject *pairs = tb ? lc_pairs_list(w.elim, g->n) : NULL;
    if (!pairs) {
        Py_XDECREF(tc);
        Py_XDECREF(ta);
        Py_XDECREF(tb);
        return NULL;
    }
    return Py_BuildValue("(NNNiiN)", tc, ta, tb, w.x, w.y, pairs);
}

/* --- record finders ------------------------------------------------------------------------ */

PyObject *lc_py_finned(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int k;
    if (!PyArg_ParseTuple(args, "Oi:logic_finned", &cap, &k))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    if (k < 2 || k > 4) {
        PyErr_Format(PyExc_ValueError, "logic_finned: size %d is outside 2..4", k);
        return NULL;
    }
    lc_buf out = {NULL, 0, 0, 0};
    lc_finned(s, k, &out);
    return records(&out);
}

PyObject *lc_py_ape(PyObject *self, PyObject *args)
{
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O:logic_ape", &cap))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    lc_buf out = {NULL, 0, 0, 0};
    lc_ape(s, &out);
    return records(&out);
}

PyObject *lc_py_sdc(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int limit;
    if (!PyArg_ParseTuple(args, "Oi:logic_sdc", &cap, &limit))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    if (limit < 1 || limit > LC_MAXN) {
        PyErr_Format(PyExc_ValueError, "logic_sdc: limit %d is outside 1..%d", limit, LC_MAXN);
        return NULL;
    }
    lc_buf out = {NULL, 0, 0, 0};
    lc_sdc(s, limit, &out);
    return records(&out);
}

PyObject *lc_py_two_links(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    lc_buf out = {NULL, 0, 0, 0};
    lc_two_links(s, &out);
    return records(&out);
}
