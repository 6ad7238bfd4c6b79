/* se_loop.c -- SE's rating loop in C (serate's Solver.getDifficulty) and its bindings.
 *
 * The twin of sudokit/rate/_se.py se_path: producers asked in SE's order, the first hint
 * found is applied, ER / EP / ED kept as se_path keeps them, the unchanged-board rule, the
 * deadline checked before every producer.  Producers 1-22 run here (se_basic.c,
 * se_exclude.c, se_unique.c, se_chains.c); producers 23-30 through one function,
 * ask_chaining, to their C twin (se_dynamic.c, se_nested.c).  The hand-back (SE_ASK: the
 * Python loop runs its Chaining producers for one step and calls se_path_run again with
 * the state) stays in the protocol, unused while the C chaining answers.
 *
 * Python surface (sudokit._ckernels):
 *   se_path_run(start, cands, state, deadline, max_producer)
 *       start: a str (the 81-character line; cands None) or bytes of 81 values with cands
 *       81 masks; state (er, ep, ed, hardest, steps) or None; deadline <= 0: none.
 *       -> (code, er, ep, ed, hardest, steps, values, cands): code SE_RUN_DONE, _STUCK,
 *       _ASK (values: bytes, cands: list, the grid to ask producers 23.. on), _LIMIT.
 *   se_producer(p, values, cands) -> None | (rating, elims, place, name, complexity, key)
 *       producer p (1..22) alone, for the tests.
 * Both check sizes and ranges (values 0..9, masks 0..511) and raise ValueError; the grid's
 * consistency is the caller's (rate/_se.py passes the boards of its own loop).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#include "bind/module.h"
#include "se/basic.h"
#include "se/engine.h"

#define SE_ASK (-3)

enum { RUN_DONE = 0, RUN_STUCK = 1, RUN_ASK = 2, RUN_LIMIT = 3 };

typedef struct {
    double er, ep, ed;
    char hardest[64];
    int steps;
} path_state;

/* Producers 23-30 (Chaining, nested): the one place to ask them, the C twin of
   se_dynamic.c with the path's cache (SE's Chaining keeps its last grid's hints).  Out of
   memory sets MemoryError here; a Ctrl-C seen by the search has set its exception. */
static int ask_chaining(void *cache, const se_board *b, int producer, double deadline,
                        se_hint *out)
{
    int got = se_chaining_hint(cache, b, producer, deadline, out);
    if (got == SE_ERROR && !PyErr_Occurred())
        PyErr_NoMemory();
    return got;
}

/* Producer p (1..22) on the step's context: SE_FOUND, SE_NONE, SE_LIMIT or SE_ERROR. */
static int produce(const se_ctx *x, int p, double deadline, se_hint *out)
{
    switch (p) {
    case 1: return se_hidden_single(x, out);
    case 2: return se_locking(x, 1, out);
    case 3: return se_hidden_set(x, 2, 1, out);
    case 4: return se_naked_single(x, out);
    case 5: return se_hidden_set(x, 3, 1, out);
    case 6: return se_locking(x, 0, out);
    case 7: return se_naked_set(x, 2, out);
    case 8: return se_fish(x, 2, out);
    case 9: return se_hidden_set(x, 2, 0, out);
    case 10: return se_naked_set(x, 3, out);
    case 11: return se_fish(x, 3, out);
    case 12: return se_hidden_set(x, 3, 0, out);
    case 13: return se_wing(x, 0, out);
    case 14: return se_wing(x, 1, out);
    case 15: return se_unique_loops(x, out);
    case 16: return se_naked_set(x, 4, out);
    case 17: return se_fish(x, 4, out);
    case 18: return se_hidden_set(x, 4, 0, out);
    case 19: return se_bug(x, out);
    case 20: return se_aligned_pair(x, out);
    case 21: return se_static_hint(x->b, deadline, out);
    case 22: return se_aligned_triple(x, out);
    default: return SE_NONE;
    }
}

static int solved(const se_board *b)
{
    for (int c = 0; c < 81; c++)
        if (!b->values[c])
            return 0;
    return 1;
}

/* se_path's bookkeeping for one applied hint; returns 1 when the board did not change
   (SE would repeat the hint forever: stuck). */
static int record(path_state *st, se_board *b, const se_hint *h)
{
    if (h->rating > st->er) {
        st->er = h->rating;
        memcpy(st->hardest, h->name, sizeof st->hardest);
    }
    se_board before = *b;
    se_apply(b, h);
    st->steps++;
    if (st->ep == 0.0) {
        if (st->ed == 0.0)
            st->ed = st->er;
        if (h->place_cell >= 0)
            st->ep = st->er;
    }
    return memcmp(&before, b, sizeof before) == 0;
}

/* The loop from board b: RUN_DONE, RUN_STUCK (er set to 20.0), RUN_ASK (b is the grid to
   ask producers 23.. on), RUN_LIMIT, or -1 (a Python exception is set).  cache: what
   producers 23-30 keep between steps (passed to ask_chaining). */
static int run(se_board *b, path_state *st, double deadline, int max_producer, void *cache)
{
    se_ctx x;
    se_hint h;
    while (!solved(b)) {
        se_ctx_init(&x, b);
        int got = SE_NONE;
        for (int p = 1; p <= max_producer; p++) {
            if (deadline > 0 && se_now() > deadline)
                return RUN_LIMIT;
            got = p <= 22 ? produce(&x, p, deadline, &h)
                          : ask_chaining(cache, b, p, deadline, &h);
            if (got == SE_FOUND)
                break;
            if (got == SE_ASK)
                return RUN_ASK;
            if (got == SE_LIMIT)
                return RUN_LIMIT;
            if (got == SE_ERROR)
                return -1;
        }
        if (got != SE_FOUND || record(st, b, &h)) {
            st->er = 20.0;
            return RUN_STUCK;
        }
    }
    return RUN_DONE;
}

/* ------------------------------------------------------------------------------ bindings */

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
    PyObject *seq = PySequence_Fast(obj, "cands: 81 candidate masks");
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 81) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "cands: 81 candidate masks");
        return -1;
    }
    for (int c = 0; c < 81; c++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (m < 0 || m > 511) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "cands: a candidate mask is 0..511");
            Py_DECREF(seq);
            return -1;
        }
        b->cands[c] = (uint16_t)m;
    }
    Py_DECREF(seq);
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
    se_core_init();
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
    path_state st = {-INFINITY, 0.0, 0.0, {0}, 0};
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
    se_chaining_cache_signals(cache, 1);
    int code = run(&b, &st, deadline, max_producer, cache);
    se_chaining_cache_free(cache);
    if (code < 0)
        return NULL;
    if (code != RUN_ASK)
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
    PyObject *elims = PyDict_New();
    for (int c = 0; elims && c < 81; c++)
        if (h->elims[c]) {
            PyObject *k = PyLong_FromLong(c), *v = PyLong_FromLong(h->elims[c]);
            if (!k || !v || PyDict_SetItem(elims, k, v) < 0)
                Py_CLEAR(elims);
            Py_XDECREF(k);
            Py_XDECREF(v);
        }
    if (!elims)
        return NULL;
    PyObject *place = h->place_cell >= 0 ? Py_BuildValue("(ii)", h->place_cell, h->place_value)
                                         : (Py_INCREF(Py_None), Py_None);
    if (!place) {
        Py_DECREF(elims);
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
    se_core_init();
    se_board b;
    if (get_values(values, &b) < 0 || get_cands(cands, &b) < 0)
        return NULL;
    se_ctx x;
    se_hint h;
    se_ctx_init(&x, &b);
    int got = produce(&x, p, 0.0, &h);
    if (got == SE_ERROR)
        return NULL;
    if (got != SE_FOUND)
        Py_RETURN_NONE;
    return hint_tuple(&h);
}

PyMethodDef sk_se_loop_methods[] = {
    {"se_path_run", (PyCFunction)py_path_run, METH_VARARGS,
     "se_path_run(start, cands=None, state=None, deadline=0.0, max_producer=30) -> (code, er,"
     " ep, ed, hardest, steps, values, cands): SE's rating loop (sudokit.rate._se)."},
    {"se_producer", (PyCFunction)py_producer, METH_VARARGS,
     "se_producer(p, values, cands) -> None | (rating, elims, place, name, complexity, key):"
     " SE's producer p (1..22) alone."},
    {NULL, NULL, 0, NULL},
};
