/* se_dynamic_bind.c -- the Python binding of producers 23-30 in C (se_dynamic.h).
 *
 *   se_chaining(values, cands, producer, deadline=0.0, all=False)
 *       values, cands: 81 ints each (0..9, 0..511); producer 23..30 (SE's numbering);
 *       deadline: time.monotonic() seconds, <= 0 for none.
 *       -> the first hint SE emits, or None; with all=True the list Chaining.hints gives
 *          (sorted, equal eliminations merged).  A hint is the tuple
 *          (rating, complexity, sort key, elims {cell: mask}, place (cell, value) | None, name).
 *       Raises TimeoutError when the deadline passes (rate/_chains.py turns it into
 *       TimeLimit), MemoryError, or what a signal handler raised (Ctrl-C).
 *
 * all=False goes through the C entry se_chaining_hint (one shared cache: the last grid's
 * answer per producer); all=True through se_dynamic_run.  The binding validates its
 * arguments; the kernel trusts them.  A re-entrant call (from a signal handler) gets its own
 * engine and cache.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "bind/module.h"
#include "se/engine.h"

static engine *shared_engine = NULL;
static void *shared_cache = NULL;
static int engine_busy = 0;

static int read81(PyObject *obj, int hi, int *out, const char *what)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 81) {
        PyErr_Format(PyExc_ValueError, "%s must hold 81 ints", what);
        Py_DECREF(seq);
        return -1;
    }
    for (int c = 0; c < 81; c++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 0 || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s[%d] = %ld is outside 0..%d", what, c, v, hi);
            Py_DECREF(seq);
            return -1;
        }
        out[c] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* A hint as (rating, complexity, sort key, elims {cell: mask}, place | None, name). */
static PyObject *se_hint_tuple(const se_hint *h)
{
    PyObject *elims = PyDict_New();
    if (!elims)
        return NULL;
    for (int c = 0; c < 81; c++) {
        if (!h->elims[c])
            continue;
        PyObject *k = PyLong_FromLong(c), *v = PyLong_FromLong(h->elims[c]);
        int bad = !k || !v || PyDict_SetItem(elims, k, v) < 0;
        Py_XDECREF(k);
        Py_XDECREF(v);
        if (bad) {
            Py_DECREF(elims);
            return NULL;
        }
    }
    PyObject *place;
    if (h->place_cell >= 0)
        place = Py_BuildValue("(ii)", h->place_cell, h->place_value);
    else {
        Py_INCREF(Py_None);
        place = Py_None;
    }
    if (!place) {
        Py_DECREF(elims);
        return NULL;
    }
    return Py_BuildValue("(diLNNs)", h->rating, h->complexity, h->key, elims, place, h->name);
}

static PyObject *se_chaining(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"values", "cands", "producer", "deadline", "all"};
    PyObject *a[5];
    if (sk_parse_args("se_chaining", args, nargs, kwnames, names, 5, 3, a) < 0)
        return NULL;
    int values[81], cands[81], producer;
    if (read81(a[0], 9, values, "values") < 0 || read81(a[1], 511, cands, "cands") < 0
        || sk_as_int(a[2], 0, &producer, "producer") < 0)
        return NULL;
    if (producer < 23 || producer > 30) {
        PyErr_Format(PyExc_ValueError, "producer = %d is not a chaining producer (23..30)",
                     producer);
        return NULL;
    }
    double deadline = a[3] ? PyFloat_AsDouble(a[3]) : 0.0;
    if (deadline == -1.0 && PyErr_Occurred())
        return NULL;
    int all = a[4] ? PyObject_IsTrue(a[4]) : 0;
    if (all < 0)
        return NULL;
    se_board b;
    for (int c = 0; c < 81; c++) {
        b.values[c] = (uint8_t)values[c];
        b.cands[c] = (uint16_t)cands[c];
    }
    int own = engine_busy;
    PyObject *out = NULL;
    int code;
    engine_busy++;
    if (!all) {
        /* the C entry the rating loop uses, with its cache of the last grid's answer */
        void *cache = own ? se_chaining_cache_new() : shared_cache;
        if (!cache && !own)
            cache = shared_cache = se_chaining_cache_new();
        if (!cache) {
            engine_busy--;
            return PyErr_NoMemory();
        }
        se_chaining_cache_signals(cache, 1);
        se_hint h;
        code = se_chaining_hint(cache, &b, producer, deadline, &h);
        if (code == SE_FOUND)
            out = se_hint_tuple(&h);
        else if (code == SE_NONE) {
            Py_INCREF(Py_None);
            out = Py_None;
        }
        if (own)
            se_chaining_cache_free(cache);
    } else {
        engine *e = own ? se_dynamic_engine() : shared_engine;
        if (!e && !own)
            e = shared_engine = se_dynamic_engine();
        if (!e) {
            engine_busy--;
            return PyErr_NoMemory();
        }
        e->check_signals = 1;
        dhints list;
        code = se_dynamic_run(e, &b, producer, deadline, 1, &list);
        if (code >= 0) {
            out = PyList_New(list.n);
            for (int i = 0; out && i < list.n; i++) {
                se_hint one;
                se_dynamic_hint(producer, &list.h[i], &one);
                PyObject *t = se_hint_tuple(&one);
                if (!t)
                    Py_CLEAR(out);
                else
                    PyList_SET_ITEM(out, i, t);
            }
        }
        if (own)
            se_dynamic_engine_free(e);
    }
    engine_busy--;
    if (code == SE_LIMIT)
        PyErr_SetString(PyExc_TimeoutError, "se_chaining: the deadline passed");
    else if (code == SE_ERROR && !PyErr_Occurred())
        PyErr_NoMemory();
    return out;
}

PyMethodDef sk_dynamic_methods[] = {
    {"se_chaining", FASTKW(se_chaining),
     "se_chaining(values, cands, producer, deadline=0.0, all=False) -> hint | None | list:"
     " SE's producers 23-30 (sudokit.rate._chains.Chaining); a hint is (rating, complexity,"
     " sort key, elims, place, name); TimeoutError when the deadline passes."},
    {NULL, NULL, 0, NULL},
};
