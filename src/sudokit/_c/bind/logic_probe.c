/* bind/logic_probe.c -- the bindings of the ladder's probe (logic/probe.c and its files,
 * logic/probe.h) and its easy stretch (logic/run.c):
 *
 *   logic_probe(state, codes, start, givens, rects, flags) -> int
 *       codes: bytes, one probe code per ladder position (P_NONE: not probed here; P_OFF:
 *              cannot fire on this geometry, passed over);
 *       the index of the first position >= start whose technique fires or is not probed
 *       (its finder must run before anything after it is probed), or len(codes).
 *       givens: bytes, the givens (0 elsewhere) per cell; rects: bytes, 4 cells per
 *       rectangle where the deadly-pattern argument holds (uniqueness._rectangles, in its
 *       order); flags: bit 0 = BUG+1's geometry holds (every unit full, no pairs or links).
 *   logic_placed(state) -> [mask of the values placed in unit u, for each unit]
 *   logic_ur_candidates(state, rects, givens) -> [(rectangle index, a, b)]
 *   logic_run(state, codes, givens, rects, flags, limit) -> (records, values, candidates,
 *       stop): the records are drawn in logic/run.c's opening comment
 */
#include "bind/logic.h"

#include <stdlib.h>

#include "logic/probe.h"

/* Validate logic_probe / logic_run arguments (who names the function); -1 with an error. */
static int check(const lc_geo *g, const char *who, const char *codes, Py_ssize_t ncodes,
                 Py_ssize_t ngivens, const char *rects, Py_ssize_t nrects)
{
    if (ngivens != g->ncells || nrects % 4) {
        PyErr_Format(PyExc_ValueError, "%s: one given per cell, 4 cells a rectangle", who);
        return -1;
    }
    for (Py_ssize_t i = 0; i < ncodes; i++)
        if ((uint8_t)codes[i] >= P_COUNT && (uint8_t)codes[i] != P_NONE
            && (uint8_t)codes[i] != P_OFF) {
            PyErr_Format(PyExc_ValueError, "%s: unknown code %d", who, (uint8_t)codes[i]);
            return -1;
        }
    for (Py_ssize_t i = 0; i < nrects; i++)
        if ((uint8_t)rects[i] >= g->ncells) {
            PyErr_Format(PyExc_ValueError, "%s: a rectangle cell is off the grid", who);
            return -1;
        }
    return 0;
}

PyObject *lc_py_probe(PyObject *self, PyObject *args)
{
    PyObject *cap;
    const char *codes, *givens, *rects;
    Py_ssize_t ncodes, ngivens, nrects;
    int start, flags;
    if (!PyArg_ParseTuple(args, "Oy#iy#y#i:logic_probe", &cap, &codes, &ncodes, &start,
                          &givens, &ngivens, &rects, &nrects, &flags))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s || check(s->g, "logic_probe", codes, ncodes, ngivens, rects, nrects) < 0)
        return NULL;
    return PyLong_FromLong(sk_isa_now()->probe(s, (const uint8_t *)codes, (int)ncodes, start,
                                               (const uint8_t *)givens, (const uint8_t *)rects,
                                               (int)(nrects / 4), flags));
}

/* logic_placed(state) -> [mask of the values placed in unit u, for each unit]: State's
 * placed_masks() table. */
PyObject *lc_py_placed(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    unsigned placed[LC_MAXU];
    sk_isa_now()->placed(s, placed);
    PyObject *out = PyList_New(s->g->nunits);
    if (!out)
        return NULL;
    for (int u = 0; u < s->g->nunits; u++) {
        PyObject *m = PyLong_FromUnsignedLong(placed[u]);
        if (!m) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, u, m);
    }
    return out;
}

/* logic_ur_candidates(state, rects, givens) -> [(rectangle index, a, b)] (see
 * lc_ur_candidates). */
PyObject *lc_py_ur_candidates(PyObject *self, PyObject *args)
{
    PyObject *cap;
    const char *rects, *givens;
    Py_ssize_t nrects, ngivens;
    if (!PyArg_ParseTuple(args, "Oy#y#:logic_ur_candidates", &cap, &rects, &nrects, &givens,
                          &ngivens))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s || check(s->g, "logic_ur_candidates", "", 0, ngivens, rects, nrects) < 0)
        return NULL;
    lc_buf buf = {NULL, 0, 0, 0};
    sk_isa_now()->ur_candidates(s, (const uint8_t *)rects, (int)(nrects / 4),
                                (const uint8_t *)givens, &buf);
    if (buf.oom) {
        free(buf.p);
        return PyErr_NoMemory();
    }
    const int *t = (const int *)buf.p;
    Py_ssize_t k = (Py_ssize_t)(buf.len / (3 * sizeof(int)));
    PyObject *out = PyList_New(k);
    for (Py_ssize_t i = 0; out && i < k; i++) {
        PyObject *item = Py_BuildValue("(iii)", t[3 * i], t[3 * i + 1], t[3 * i + 2]);
        if (!item)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, item);
    }
    free(buf.p);
    return out;
}

static PyObject *int_list(const uint8_t *xs, int k)
{
    PyObject *out = PyList_New(k);
    if (!out)
        return NULL;
    for (int i = 0; i < k; i++)
        PyList_SET_ITEM(out, i, PyLong_FromLong(xs[i]));
    return out;
}

static PyObject *mask_list(unsigned m)
{
    uint8_t vals[LC_MAXN];
    int k = 0;
    while (m)
        vals[k++] = (uint8_t)(lc_popm(&m) + 1);
    return int_list(vals, k);
}

/* The Python tuple of a record (see the header comment). */
static PyObject *record_tuple(const lp_record *r, int n)
{
    if (r->code <= P_NAKED_SINGLE)
        return Py_BuildValue("(iiii)", r->code, r->a, r->b, r->c);
    if (r->code <= P_CLAIMING)
        return Py_BuildValue("(iiiiNN)", r->code, r->a, r->b, r->c, lc_cells_list(r->cells),
                             lc_cells_list(r->gone));
    int naked = r->code <= P_NAKED_4;
    PyObject *cells = naked ? int_list(r->list, r->b) : lc_cells_list(r->cells);
    PyObject *vals = naked ? mask_list(r->mask) : int_list(r->list, r->b);
    return Py_BuildValue("(iiNNN)", r->code, r->a, cells, vals, lc_pairs_list(r->elim, n));
}

PyObject *lc_py_run(PyObject *self, PyObject *args)
{
    PyObject *cap;
    const char *codes, *givens, *rects;
    Py_ssize_t ncodes, ngivens, nrects;
    int flags, limit;
    if (!PyArg_ParseTuple(args, "Oy#y#y#ii:logic_run", &cap, &codes, &ncodes, &givens, &ngivens,
                          &rects, &nrects, &flags, &limit))
        return NULL;
    const lc_state *s0 = lc_state_of(cap);
    if (!s0 || check(s0->g, "logic_run", codes, ncodes, ngivens, rects, nrects) < 0)
        return NULL;
    const lc_geo *g = s0->g;
    lc_state st = *s0;
    lc_buf buf = {NULL, 0, 0, 0};
    int stop;
    if (sk_isa_now()->logic_run(&st, (const uint8_t *)codes, (int)ncodes,
                                (const uint8_t *)givens, (const uint8_t *)rects,
                                (int)(nrects / 4), flags, limit, &buf, &stop) < 0) {
        free(buf.p);
        return PyErr_NoMemory();
    }
    const lp_record *recs = (const lp_record *)buf.p;
    Py_ssize_t nrec = (Py_ssize_t)(buf.len / sizeof *recs);
    PyObject *records = PyList_New(nrec);
    for (Py_ssize_t i = 0; records && i < nrec; i++) {
        PyObject *t = record_tuple(&recs[i], g->n);
        if (!t)
            Py_CLEAR(records);
        else
            PyList_SET_ITEM(records, i, t);
    }
    free(buf.p);
    if (!records)
        return NULL;
    PyObject *cands = PyList_New(g->ncells);
    if (!cands) {
        Py_DECREF(records);
        return NULL;
    }
    for (int c = 0; c < g->ncells; c++)
        PyList_SET_ITEM(cands, c, PyLong_FromLong(st.cands[c]));
    return Py_BuildValue("(Ny#Nn)", records, (const char *)st.values, (Py_ssize_t)g->ncells,
                         cands, (Py_ssize_t)stop);
}
