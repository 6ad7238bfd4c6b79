/* bind/logic_hodoku.c -- the binding of HoDoKu's table expansion (logic/hodoku.c).
 *
 *   hodoku_expand(direct, order, cap) -> [(nodes, preds)]
 *       direct: {node: tuple of the nodes of its table's direct entries}; order: the nodes
 *       whose tables are expanded, in that order; cap: the most entries of a table.  For
 *       each node of order, the entries the expansion appends to its table (after the
 *       start node and the direct entries) and their sources, two tuples of ints.
 *       sudokit/logic/hodoku/tabling.py is the only caller.
 */
#include "bind/logic.h"

#include <stdlib.h>

#include "logic/hodoku.h"

#define HD_MAX_ID (1 << 20)     /* node ids: HoDoKu's go to 2000 + 20 * groups */

/* A node id in 0..HD_MAX_ID - 1 from obj, or -1 with an error. */
static int32_t node_id(PyObject *obj)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v >= HD_MAX_ID) {
        PyErr_Format(PyExc_ValueError, "hodoku_expand: node %ld is outside 0..%d", v,
                     HD_MAX_ID - 1);
        return -1;
    }
    return (int32_t)v;
}

/* A tuple of the ints v[0 .. n), or NULL. */
static PyObject *int_tuple(const int32_t *v, int32_t n)
{
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (int32_t i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

PyObject *lc_py_hodoku_expand(PyObject *self, PyObject *args)
{
    PyObject *direct, *order_obj;
    int cap;
    if (!PyArg_ParseTuple(args, "O!Oi:hodoku_expand", &PyDict_Type, &direct, &order_obj, &cap))
        return NULL;
    if (cap < 1 || cap > HD_MAX_ID) {
        PyErr_Format(PyExc_ValueError, "hodoku_expand: cap %d is outside 1..%d", cap, HD_MAX_ID);
        return NULL;
    }
    PyObject *order = PySequence_Fast(order_obj, "hodoku_expand: order must be a sequence");
    if (!order)
        return NULL;
    /* first pass: the largest id and the number of direct entries */
    Py_ssize_t pos = 0, total = 0, longest = 0;
    int32_t nid = 0;
    PyObject *key, *value;
    while (PyDict_Next(direct, &pos, &key, &value)) {
        int32_t k = node_id(key);
        if (k < 0)
            goto fail_order;
        if (!PyTuple_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "hodoku_expand: a direct list must be a tuple");
            goto fail_order;
        }
        Py_ssize_t m = PyTuple_GET_SIZE(value);
        for (Py_ssize_t i = 0; i < m; i++) {
            int32_t x = node_id(PyTuple_GET_ITEM(value, i));
            if (x < 0)
                goto fail_order;
            if (x + 1 > nid)
                nid = x + 1;
        }
        if (k + 1 > nid)
            nid = k + 1;
        total += m;
        if (m > longest)
            longest = m;
    }
    int32_t size = (int32_t)(longest + 1 > cap ? longest + 1 : cap);
    int32_t *off = calloc((size_t)nid + 1, sizeof *off);
    int32_t *len = calloc((size_t)nid + 1, sizeof *len);
    int32_t *list = malloc(((size_t)total + 1) * sizeof *list);
    uint32_t *mark = calloc((size_t)nid + 1, sizeof *mark);
    int32_t *nodes = malloc((size_t)size * sizeof *nodes);
    int32_t *pred = malloc((size_t)size * sizeof *pred);
    PyObject *out = NULL;
    if (!off || !len || !list || !mark || !nodes || !pred) {
        PyErr_NoMemory();
        goto done;
    }
    pos = 0;
    int32_t at = 0;
    while (PyDict_Next(direct, &pos, &key, &value)) {
        int32_t k = (int32_t)PyLong_AsLong(key);
        Py_ssize_t m = PyTuple_GET_SIZE(value);
        off[k] = at;
        len[k] = (int32_t)m;
        for (Py_ssize_t i = 0; i < m; i++)
            list[at++] = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(value, i));
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(order);
    out = PyList_New(count);
    if (!out)
        goto done;
    for (Py_ssize_t t = 0; t < count; t++) {
        int32_t k = node_id(PySequence_Fast_GET_ITEM(order, t));
        if (k < 0 || k >= nid || PyDict_GetItemWithError(direct, PySequence_Fast_GET_ITEM(order, t)) == NULL) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_KeyError, "hodoku_expand: node %d has no table", (int)k);
            Py_CLEAR(out);
            goto done;
        }
        nodes[0] = k;
        for (int32_t i = 0; i < len[k]; i++)
            nodes[i + 1] = list[off[k] + i];
        int32_t ninit = len[k] + 1;
        int32_t n = hd_expand_table(off, len, list, ninit, cap, mark, (uint32_t)t + 1,
                                    nodes, pred);
        int32_t added = n > ninit ? n - ninit : 0;
        PyObject *a = int_tuple(nodes + ninit, added);
        PyObject *b = a ? int_tuple(pred + ninit, added) : NULL;
        PyObject *pair = b ? PyTuple_Pack(2, a, b) : NULL;
        Py_XDECREF(a);
        Py_XDECREF(b);
        if (!pair) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, t, pair);
    }
done:
    free(off);
    free(len);
    free(list);
    free(mark);
    free(nodes);
    free(pred);
    Py_DECREF(order);
    return out;
fail_order:
    Py_DECREF(order);
    return NULL;
}
