/* bind/se.c -- the Python surface of SE's rater in C (se/se.h): the rating loop
 * (se/path.c) and the producers alone, for the Python rater (sudokit/logic/se/path.py,
 * _chains.py) and the tests.
 *
 *   se_path_run(start, cands=None, state=None, deadline=0.0, max_producer=30)
 *       start: a str (the 81-character line; cands None) or bytes of 81 values with cands
 *       81 masks; state (er, ep, ed, hardest, steps) or None; deadline <= 0: none.
 *       -> (code, er, ep, ed, hardest, steps, values, cands): code SE_RUN_DONE, _STUCK,
 *       _ASK (values: bytes, cands: list, the grid to ask producers 23.. on), _LIMIT.
 *   se_producer(p, values, cands) -> None | (rating, elims, place, name, complexity, key)
 *       producer p (1..22) alone.
 *   se_static_chains(cands) -> (rating, complexity, sort key, y, x, kind, elims, place)
 *       | None: producer 21 (se/chains_static.c) on 81 candidate masks.
 *
 *   se_chaining(values, cands, producer, deadline=0.0, all=False)
 *       values, cands: 81 ints each (0..9, 0..511); producer 23..30 (SE's numbering);
 *       deadline: time.monotonic() seconds, <= 0 for none.
 *       -> the first hint SE emits, or None; with all=True the list Chaining.hints gives
 *          (sorted, equal eliminations merged).  A hint is the tuple
 *          (rating, complexity, sort key, elims {cell: mask}, place (cell, value) | None, name).
 *       Raises TimeoutError when the deadline passes (logic/se/chains.py turns it into
 *       TimeLimit), MemoryError, or what a signal handler raised (Ctrl-C).
 *
 * all=False goes through the C entry se_chaining_hint (one shared cache: the last grid's
 * answer per producer); all=True through se_dynamic_run.  The binding validates its
 * arguments; the kernel trusts them.  A re-entrant call (from a signal handler) gets its own
 * engine and cache.
 */

#include "bind/module.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "se/path.h"

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

/* {cell: mask} of the cells with a mask (keep: one more cell listed even with mask 0, -1
 * none); NULL on error. */
static PyObject *elims_dict(const uint16_t *elims, int keep)
{
    PyObject *out = PyDict_New();
    for (int c = 0; out && c < 81; c++) {
        if (!elims[c] && c != keep)
            continue;
        PyObject *k = PyLong_FromLong(c), *v = PyLong_FromLong(elims[c]);
        if (!k || !v || PyDict_SetItem(out, k, v) < 0)
            Py_CLEAR(out);
        Py_XDECREF(k);
        Py_XDECREF(v);
    }
    return out;
}

/* (cell, value), or None for cell < 0. */
static PyObject *place_obj(int cell, int value)
{
    return cell >= 0 ? Py_BuildValue("(ii)", cell, value) : Py_NewRef(Py_None);
}

/* A hint as (rating, complexity, sort key, elims {cell: mask}, place | None, name). */
static PyObject *se_hint_tuple(const se_hint *h)
{
    PyObject *elims = elims_dict(h->elims, -1);
    PyObject *place = elims ? place_obj(h->place_cell, h->place_value) : NULL;
    if (!place) {
        Py_XDECREF(elims);
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
        se_chaining_cache_poll(cache, sk_check_signals);
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
        e->poll = sk_check_signals;
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

/* ---- SE's rating loop and producers 1-22 (se/path.c) ------------------------------------ */

static int get_values(PyObject *obj, se_board *b)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
        return -1;
    int ok = view.len == 81;
    for (int c = 0; ok && c < 81; c++) {
        b->values[c] = ((const uint8_t *)view.buf)[c];
        ok = b->values[c] <= 9;
    }
    PyBuffer_Release(&view);
    if (!ok)
        PyErr_SetString(PyExc_ValueError, "values: 81 bytes, each 0..9");
    return ok ? 0 : -1;
}

static int get_cands(PyObject *obj, se_board *b)
{
    int m[81];
    if (read81(obj, 511, m, "cands") < 0)
        return -1;
    for (int c = 0; c < 81; c++)
        b->cands[c] = (uint16_t)m[c];
    return 0;
}

static PyObject *cands_list(const se_board *b)
{
    PyObject *out = PyList_New(81);
    for (int c = 0; out && c < 81; c++) {
        PyObject *m = PyLong_FromLong(b->cands[c]);
        if (!m) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, c, m);
    }
    return out;
}

static PyObject *py_path_run(PyObject *self, PyObject *args)
{
    PyObject *start, *cands = Py_None, *state = Py_None;
    double deadline = 0.0;
    int max_producer = 30;
    if (!PyArg_ParseTuple(args, "O|OOdi:se_path_run", &start, &cands, &state, &deadline,
                          &max_producer))
        return NULL;
    se_tables_init();
    se_board b;
    if (PyUnicode_Check(start)) {
        Py_ssize_t n;
        const char *line = PyUnicode_AsUTF8AndSize(start, &n);
        if (!line)
            return NULL;
        if (n < 81) {
            PyErr_SetString(PyExc_ValueError, "se_path_run: a line of 81 characters");
            return NULL;
        }
        se_board_from_line(&b, line);
    } else if (get_values(start, &b) < 0 || get_cands(cands, &b) < 0) {
        return NULL;
    }
    se_path_state st = {-INFINITY, 0.0, 0.0, {0}, 0};
    if (state != Py_None) {
        const char *hardest;
        if (!PyArg_ParseTuple(state, "dddsi:se_path_run state", &st.er, &st.ep, &st.ed,
                              &hardest, &st.steps))
            return NULL;
        strncpy(st.hardest, hardest, sizeof st.hardest - 1);
    }
    void *cache = se_chaining_cache_new();
    if (!cache)
        return PyErr_NoMemory();
    se_chaining_cache_poll(cache, sk_check_signals);
    int code = se_path_loop(&b, &st, deadline, max_producer, cache);
    se_chaining_cache_free(cache);
    if (code == SE_RUN_ERROR) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return NULL;
    }
    if (code != SE_RUN_ASK)
        return Py_BuildValue("(idddsiOO)", code, st.er, st.ep, st.ed, st.hardest, st.steps,
                             Py_None, Py_None);
    PyObject *cl = cands_list(&b);
    if (!cl)
        return NULL;
    return Py_BuildValue("(idddsiy#N)", code, st.er, st.ep, st.ed, st.hardest, st.steps,
                         (const char *)b.values, (Py_ssize_t)81, cl);
}

static PyObject *hint_tuple(const se_hint *h)
{
    PyObject *elims = elims_dict(h->elims, -1);
    PyObject *place = elims ? place_obj(h->place_cell, h->place_value) : NULL;
    if (!place) {
        Py_XDECREF(elims);
        return NULL;
    }
    return Py_BuildValue("(dNNsiL)", h->rating, elims, place, h->name, h->complexity, h->key);
}

static PyObject *py_producer(PyObject *self, PyObject *args)
{
    int p;
    PyObject *values, *cands;
    if (!PyArg_ParseTuple(args, "iOO:se_producer", &p, &values, &cands))
        return NULL;
    if (p < 1 || p > 22) {
        PyErr_SetString(PyExc_ValueError, "se_producer: producers 1..22");
        return NULL;
    }
    se_tables_init();
    se_board b;
    if (get_values(values, &b) < 0 || get_cands(cands, &b) < 0)
        return NULL;
    se_ctx x;
    se_hint h;
    se_ctx_init(&x, &b);
    int got = se_produce(&x, p, 0.0, &h);
    if (got == SE_ERROR)
        return PyErr_NoMemory();
    if (got != SE_FOUND)
        Py_RETURN_NONE;
    return hint_tuple(&h);
}

/* ---- producer 21 alone (se/chains_static.c) ----------------------------------------------- */

static PyObject *se_static_chains(PyObject *self, PyObject *arg)
{
    se_board board;
    if (get_cands(arg, &board) < 0)
        return NULL;
    se_static_best *b = calloc(1, sizeof(se_static_best));
    if (!b)
        return PyErr_NoMemory();
    if (se_static_search(board.cands, 0.0, b) < 0) {
        free(b);
        return PyErr_NoMemory();
    }
    PyObject *out = NULL;
    if (!b->found) {
        out = Py_NewRef(Py_None);
    } else {
        /* a forcing chain (kind 1) lists its placement's cell even with no elimination */
        PyObject *elims = elims_dict(b->elims, b->kind == 1 ? b->place_cell : -1);
        PyObject *place = elims ? place_obj(b->place_cell, b->place_value) : NULL;
        if (place)
            out = Py_BuildValue("(diiiiiNN)", b->rating, b->complexity, b->sortkey, b->y, b->x,
                                b->kind, elims, place);
        else
            Py_XDECREF(elims);
    }
    free(b);
    return out;
}

PyMethodDef sk_se_methods[] = {
    {"se_path_run", (PyCFunction)py_path_run, METH_VARARGS,
     "se_path_run(start, cands=None, state=None, deadline=0.0, max_producer=30, /)\n--\n\n"
     "Return (code, er, ep, ed, hardest, steps, values, cands): SE's rating loop "
     "(sudokit.logic.se.path)."},
    {"se_producer", (PyCFunction)py_producer, METH_VARARGS,
     "se_producer(p, values, cands, /)\n--\n\n"
     "Return None | (rating, elims, place, name, complexity, key): SE's producer p "
     "(1..22) alone."},
    {"se_static_chains", (PyCFunction)se_static_chains, METH_O,
     "se_static_chains(cands, /)\n--\n\n"
     "Return (rating, complexity, sort key, y, x, kind, elims, place) | None: SE's "
     "producer 21 on 81 candidate masks (sudokit.logic.se.chains.static_chains)."},
    {"se_chaining", FASTKW(se_chaining),
     "se_chaining(values, cands, producer, deadline=0.0, all=False)\n--\n\n"
     "Return hint | None | list: SE's producers 23-30 (sudokit.logic.se.chains.Chaining); "
     "a hint is (rating, complexity, sort key, elims, place, name); TimeoutError when "
     "the deadline passes."},
    {NULL, NULL, 0, NULL},
};
