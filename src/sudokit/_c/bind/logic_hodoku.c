/* bind/logic_hodoku.c -- the bindings of HoDoKu's table expansion and simple chains
 * (logic/hodoku.c).
 *
 *   hodoku_expand(direct, order, cap) -> [(nodes, preds)]
 *       direct: {node: tuple of the nodes of its table's direct entries}; order: the nodes
 *       whose tables are expanded, in that order; cap: the most entries of a table.  For
 *       each node of order, the entries the expansion appends to its table (after the
 *       start node and the direct entries) and their sources, two tuples of ints.
 *       sudokit/logic/hodoku/tabling.py is the only caller.
 *   hodoku_net_expand(own, group_index, order, cap) -> [(nodes, rets, dists, ons, exts)]
 *       the forcing nets' expansion (see lc_py_hodoku_net_expand);
 *       sudokit/logic/hodoku/nets.py is the only caller.
 *   hodoku_chains(kind, cands, where, free) -> [(start, value, end, length, cells | None)]
 *       the simple chains' search (see lc_py_hodoku_chains); sudokit/logic/hodoku/chains.py
 *       is the only caller.
 */
#include "bind/logic.h"

#include <stdlib.h>
#include <string.h>

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
        PyObject *item = PySequence_Fast_GET_ITEM(order, t);
        int32_t k = node_id(item);
        if (k < 0 || k >= nid || PyDict_GetItemWithError(direct, item) == NULL) {
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

/* --- simple chains ------------------------------------------------------------------------ */

/* A cell set (an int of 81 bits at most) from obj; -1 with an error. */
static int set_of(PyObject *obj, lc_set *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "hodoku_chains: a cell set must be an int");
        return -1;
    }
    PyObject *sixty_four = PyLong_FromLong(64);
    PyObject *high = sixty_four ? PyNumber_Rshift(obj, sixty_four) : NULL;
    Py_XDECREF(sixty_four);
    if (!high)
        return -1;
    out->hi = PyLong_AsUnsignedLongLong(high);     /* fails when negative or too large */
    Py_DECREF(high);
    if (PyErr_Occurred() || out->hi >> 17) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "hodoku_chains: a cell set is outside 0..2**81-1");
        return -1;
    }
    out->lo = PyLong_AsUnsignedLongLongMask(obj);
    return PyErr_Occurred() ? -1 : 0;
}

/* hodoku_chains(kind, cands, where, free) -> [(start, value, end, length, cells | None)]:
 * kind 0 X-chain, 1 XY-chain, 2 remote pair, 3 turbot fish; cands: 81 masks (bit v-1 for
 * value v); where: 10 cell sets (where[v] the cells holding v); free: 27 rows of 10 counts
 * (free[u][v] the cells of unit u holding v).  The chain ends that delete something, in
 * the order HoDoKu's search meets them; cells (remote pairs only) the chain's cells. */
PyObject *lc_py_hodoku_chains(PyObject *self, PyObject *args)
{
    int kind;
    PyObject *cands_obj, *where_obj, *free_obj;
    if (!PyArg_ParseTuple(args, "iOOO:hodoku_chains", &kind, &cands_obj, &where_obj, &free_obj))
        return NULL;
    if (kind < HD_X_CHAIN || kind > HD_TURBOT) {
        PyErr_Format(PyExc_ValueError, "hodoku_chains: kind %d is outside 0..3", kind);
        return NULL;
    }
    uint16_t cands[81];
    lc_set where[10];
    uint8_t counts[27][10];
    PyObject *c = PySequence_Fast(cands_obj, "hodoku_chains: cands must be a sequence");
    PyObject *w = c ? PySequence_Fast(where_obj, "hodoku_chains: where must be a sequence") : NULL;
    PyObject *f = w ? PySequence_Fast(free_obj, "hodoku_chains: free must be a sequence") : NULL;
    int ok = f != NULL;
    if (ok && (PySequence_Fast_GET_SIZE(c) != 81 || PySequence_Fast_GET_SIZE(w) != 10
               || PySequence_Fast_GET_SIZE(f) != 27)) {
        PyErr_SetString(PyExc_ValueError,
                        "hodoku_chains: 81 candidate masks, 10 cell sets and 27 count rows");
        ok = 0;
    }
    for (int i = 0; ok && i < 81; i++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(c, i));
        if (m < 0 || m > 511) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "hodoku_chains: cands[%d] is outside 0..511", i);
            ok = 0;
        }
        cands[i] = (uint16_t)m;
    }
    for (int v = 0; ok && v < 10; v++)
        ok = set_of(PySequence_Fast_GET_ITEM(w, v), &where[v]) == 0;
    for (int u = 0; ok && u < 27; u++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(f, u),
                                        "hodoku_chains: a count row must be a sequence");
        if (!row || PySequence_Fast_GET_SIZE(row) != 10) {
            if (row)
                PyErr_SetString(PyExc_ValueError, "hodoku_chains: a count row has 10 counts");
            Py_XDECREF(row);
            ok = 0;
            break;
        }
        for (int v = 0; ok && v < 10; v++) {
            long n = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, v));
            if (n < 0 || n > 9) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_ValueError, "hodoku_chains: free[%d][%d] is outside 0..9",
                                 u, v);
                ok = 0;
            }
            counts[u][v] = (uint8_t)n;
        }
        Py_DECREF(row);
    }
    Py_XDECREF(c);
    Py_XDECREF(w);
    Py_XDECREF(f);
    if (!ok)
        return NULL;
    lc_buf buf = {0};
    hd_chains(kind, cands, where, (const uint8_t (*)[10])counts, &buf);
    if (buf.oom) {
        free(buf.p);
        return PyErr_NoMemory();
    }
    size_t count = buf.len / sizeof(hd_chain_hit);
    PyObject *out = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; out && i < count; i++) {
        hd_chain_hit h;
        memcpy(&h, buf.p + i * sizeof h, sizeof h);
        PyObject *cells;
        if (h.ncells) {
            cells = PyTuple_New(h.ncells);
            for (int k = 0; cells && k < h.ncells; k++) {
                PyObject *x = PyLong_FromLong(h.cells[k]);
                if (!x) {
                    Py_CLEAR(cells);
                    break;
                }
                PyTuple_SET_ITEM(cells, k, x);
            }
        } else {
            cells = Py_NewRef(Py_None);
        }
        PyObject *item = cells ? Py_BuildValue("(iiiiN)", h.start, h.scand, h.end, h.length,
                                               cells)
                               : NULL;
        if (!item) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, item);
    }
    free(buf.p);
    return out;
}

/* --- net tables --------------------------------------------------------------------------- */

/* A tuple of the ints v[0 .. n) as bools, or NULL. */
static PyObject *bool_tuple(const uint8_t *v, int32_t n)
{
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (int32_t i = 0; i < n; i++)
        PyTuple_SET_ITEM(t, i, Py_NewRef(v[i] ? Py_True : Py_False));
    return t;
}

/* hodoku_net_expand(own, group_index, order, cap) -> [(nodes, rets, dists, ons, exts)]:
 * own: {node: tuple of (node, distance) pairs, its table's own entries after the start};
 * group_index: {group node: its index}; order: the nodes whose tables are expanded, in
 * order (each table's start is its node); cap: the most entries of a table.  For each node
 * of order, the entries the expansion appends and their source indexes, distances and
 * "on" / "group" flags (sudokit/logic/hodoku/nets.py). */
PyObject *lc_py_hodoku_net_expand(PyObject *self, PyObject *args)
{
    PyObject *own, *groups, *order_obj;
    int cap;
    if (!PyArg_ParseTuple(args, "O!O!Oi:hodoku_net_expand", &PyDict_Type, &own, &PyDict_Type,
                          &groups, &order_obj, &cap))
        return NULL;
    if (cap < 1 || cap > HD_MAX_ID) {
        PyErr_Format(PyExc_ValueError, "hodoku_net_expand: cap %d is outside 1..%d", cap,
                     HD_MAX_ID);
        return NULL;
    }
    PyObject *order = PySequence_Fast(order_obj, "hodoku_net_expand: order must be a sequence");
    if (!order)
        return NULL;
    Py_ssize_t pos = 0, total = 0, longest = 0;
    int32_t nid = 1620;
    PyObject *key, *value;
    while (PyDict_Next(own, &pos, &key, &value)) {
        int32_t k = node_id(key);
        if (k < 0)
            goto fail_order;
        if (!PyTuple_Check(value)) {
            PyErr_SetString(PyExc_TypeError, "hodoku_net_expand: own entries must be a tuple");
            goto fail_order;
        }
        Py_ssize_t m = PyTuple_GET_SIZE(value);
        for (Py_ssize_t i = 0; i < m; i++) {
            PyObject *pair = PyTuple_GET_ITEM(value, i);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
                PyErr_SetString(PyExc_TypeError, "hodoku_net_expand: an entry is (node, distance)");
                goto fail_order;
            }
            int32_t x = node_id(PyTuple_GET_ITEM(pair, 0));
            if (x < 0 || node_id(PyTuple_GET_ITEM(pair, 1)) < 0)
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
    pos = 0;
    while (PyDict_Next(groups, &pos, &key, &value)) {
        int32_t k = node_id(key);
        if (k < 0 || node_id(value) < 0)
            goto fail_order;
        if (k + 1 > nid)
            nid = k + 1;
    }
    int32_t size = (int32_t)(longest + 1 > cap ? longest + 1 : cap);
    int32_t *off = calloc((size_t)nid, sizeof *off), *len = calloc((size_t)nid, sizeof *len);
    int32_t *list = malloc(((size_t)total + 1) * sizeof *list);
    int32_t *ldist = malloc(((size_t)total + 1) * sizeof *ldist);
    int32_t *src = malloc((size_t)nid * sizeof *src), *where = calloc((size_t)nid, sizeof *where);
    uint32_t *mark = calloc((size_t)nid, sizeof *mark);
    int32_t *nodes = malloc((size_t)size * sizeof *nodes);
    int32_t *dist = malloc((size_t)size * sizeof *dist);
    int32_t *ret = malloc((size_t)size * sizeof *ret);
    uint8_t *on = malloc((size_t)size), *ext = malloc((size_t)size);
    PyObject *out = NULL;
    if (!off || !len || !list || !ldist || !src || !where || !mark || !nodes || !dist || !ret
        || !on || !ext) {
        PyErr_NoMemory();
        goto done;
    }
    for (int32_t x = 0; x < nid; x++)
        src[x] = x < 1620 ? x / 2 : -1;
    pos = 0;
    while (PyDict_Next(groups, &pos, &key, &value))
        src[PyLong_AsLong(key)] = (int32_t)PyLong_AsLong(value);
    pos = 0;
    int32_t at = 0;
    while (PyDict_Next(own, &pos, &key, &value)) {
        int32_t k = (int32_t)PyLong_AsLong(key);
        Py_ssize_t m = PyTuple_GET_SIZE(value);
        off[k] = at;
        len[k] = (int32_t)m;
        for (Py_ssize_t i = 0; i < m; i++) {
            PyObject *pair = PyTuple_GET_ITEM(value, i);
            list[at] = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
            ldist[at++] = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        }
    }
    for (int32_t i = 0; i < at; i++)      /* a node met on the way needs its source */
        if (src[list[i]] < 0) {
            PyErr_Format(PyExc_KeyError, "hodoku_net_expand: group node %d has no index",
                         (int)list[i]);
            goto done;
        }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(order);
    out = PyList_New(count);
    if (!out)
        goto done;
    for (Py_ssize_t t = 0; t < count; t++) {
        PyObject *item = PySequence_Fast_GET_ITEM(order, t);
        int32_t k = node_id(item);
        if (k < 0 || k >= nid || PyDict_GetItemWithError(own, item) == NULL) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_KeyError, "hodoku_net_expand: node %d has no table", (int)k);
            Py_CLEAR(out);
            goto done;
        }
        nodes[0] = k;
        dist[0] = 1;
        for (int32_t i = 0; i < len[k]; i++) {
            nodes[i + 1] = list[off[k] + i];
            dist[i + 1] = ldist[off[k] + i];
        }
        int32_t ninit = len[k] + 1;
        int32_t n = hd_net_expand_table(off, len, list, ldist, src, ninit, cap, mark, where,
                                        (uint32_t)t + 1, nodes, dist, ret, on, ext);
        int32_t added = n > ninit ? n - ninit : 0;
        PyObject *parts[5] = {int_tuple(nodes + ninit, added), int_tuple(ret + ninit, added),
                              int_tuple(dist + ninit, added), bool_tuple(on + ninit, added),
                              bool_tuple(ext + ninit, added)};
        PyObject *row = NULL;
        if (parts[0] && parts[1] && parts[2] && parts[3] && parts[4])
            row = PyTuple_Pack(5, parts[0], parts[1], parts[2], parts[3], parts[4]);
        for (int i = 0; i < 5; i++)
            Py_XDECREF(parts[i]);
        if (!row) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, t, row);
    }
done:
    free(off);
    free(len);
    free(list);
    free(ldist);
    free(src);
    free(where);
    free(mark);
    free(nodes);
    free(dist);
    free(ret);
    free(on);
    free(ext);
    Py_DECREF(order);
    return out;
fail_order:
    Py_DECREF(order);
    return NULL;
}
