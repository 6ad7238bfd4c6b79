/* bind/cover.c -- the exact-cover kernel in the binding: dlx_count (the twin of
 * exact_cover.dlx_count), with the checks that make its input safe for solve/dlx.c.
 *
 * Representation
 * --------------
 *   items 0 .. n_primary-1 (covered exactly once), then the secondary ones (at most once);
 *   option k is option_items[option_starts[k] .. option_starts[k+1]-1]:
 *
 *      option_starts  | 0 | 3 | 5 | ... | len(option_items) |     (never decreasing)
 *      option_items   | a b c | d e | ...                   |     (no item twice in one)
 *
 *   Both arrive as any integer buffer or sequence and are copied to int32 arrays.
 */
#include "bind/module.h"

#include <string.h>

/* An int32 array from a buffer of integers (any integer format) or a sequence of ints.
 * *arr is PyMem_Malloc'ed. */
static int get_int32_array(PyObject *obj, int32_t **arr, Py_ssize_t *len, const char *what)
{
    *arr = NULL;
    *len = 0;
    if (PyObject_CheckBuffer(obj)) {
        Py_buffer view;
        if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
            return -1;
        const char *fmt = view.format ? view.format : "B";
        if (*fmt == '@' || *fmt == '=' || *fmt == '<' || *fmt == '>' || *fmt == '!') {
            if (*fmt == '>' || *fmt == '!') {
                PyErr_Format(PyExc_ValueError, "%s: big-endian buffers are not supported", what);
                PyBuffer_Release(&view);
                return -1;
            }
            fmt++;
        }
        char code = fmt[0];
        int is_signed = code == 'b' || code == 'h' || code == 'i' || code == 'l' || code == 'q'
                        || code == 'n';
        int is_unsigned = code == 'B' || code == 'H' || code == 'I' || code == 'L' || code == 'Q'
                          || code == 'N' || code == 'c';
        Py_ssize_t isz = view.itemsize;
        if (fmt[0] == 0 || fmt[1] != 0 || (!is_signed && !is_unsigned)
            || !(isz == 1 || isz == 2 || isz == 4 || isz == 8)) {
            PyErr_Format(PyExc_TypeError, "%s: buffer of format '%s' is not an integer array",
                         what, view.format ? view.format : "B");
            PyBuffer_Release(&view);
            return -1;
        }
        Py_ssize_t n = view.len / isz;
        int32_t *out = PyMem_Malloc(sizeof(int32_t) * (n ? n : 1));
        if (!out) {
            PyBuffer_Release(&view);
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            const char *p = (const char *)view.buf + k * isz;
            long long v;
            if (is_signed) {
                if (isz == 1) v = *(const int8_t *)p;
                else if (isz == 2) { int16_t t; memcpy(&t, p, 2); v = t; }
                else if (isz == 4) { int32_t t; memcpy(&t, p, 4); v = t; }
                else { int64_t t; memcpy(&t, p, 8); v = t; }
            } else {
                uint64_t uv;
                if (isz == 1) uv = *(const uint8_t *)p;
                else if (isz == 2) { uint16_t t; memcpy(&t, p, 2); uv = t; }
                else if (isz == 4) { uint32_t t; memcpy(&t, p, 4); uv = t; }
                else { memcpy(&uv, p, 8); }
                v = uv > (uint64_t)INT32_MAX ? (long long)INT32_MAX + 1 : (long long)uv;
            }
            if (v < INT32_MIN || v > INT32_MAX) {
                PyErr_Format(PyExc_ValueError, "%s[%zd] = %lld does not fit 32 bits", what, k, v);
                PyMem_Free(out);
                PyBuffer_Release(&view);
                return -1;
            }
            out[k] = (int32_t)v;
        }
        PyBuffer_Release(&view);
        *arr = out;
        *len = n;
        return 0;
    }
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of ints or an integer buffer, "
                     "not %.100s", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int32_t *out = PyMem_Malloc(sizeof(int32_t) * (n ? n : 1));
    if (!out) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(items[k], &overflow);
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(seq);
            return -1;
        }
        if (overflow || v < INT32_MIN || v > INT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s[%zd] does not fit 32 bits", what, k);
            PyMem_Free(out);
            Py_DECREF(seq);
            return -1;
        }
        out[k] = (int32_t)v;
    }
    Py_DECREF(seq);
    *arr = out;
    *len = n;
    return 0;
}

static PyObject *py_dlx_count(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"n_primary", "n_secondary", "option_starts",
                                        "option_items", "limit", "node_limit"};
    PyObject *a[6];
    if (sk_parse_args("dlx_count", args, nargs, kwnames, names, 6, 4, a) < 0)
        return NULL;
    long long np, ns, limit, node_limit;
    if (sk_as_ll(a[0], 0, &np) < 0 || sk_as_ll(a[1], 0, &ns) < 0 || sk_as_ll(a[4], 0, &limit) < 0
        || sk_as_ll(a[5], 0, &node_limit) < 0)
        return NULL;
    if (np < 0 || ns < 0 || np + ns > INT32_MAX / 4) {
        PyErr_SetString(PyExc_ValueError, "item counts must be >= 0 (and not absurdly large)");
        return NULL;
    }
    int32_t *starts = NULL, *items = NULL, *first = NULL, *stamp = NULL;
    Py_ssize_t nstarts, nitems;
    PyObject *result = NULL;
    if (get_int32_array(a[2], &starts, &nstarts, "option_starts") < 0)
        goto out;
    if (get_int32_array(a[3], &items, &nitems, "option_items") < 0)
        goto out;
    int n = (int)(np + ns);
    if (nstarts < 1 || starts[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "option_starts must begin with 0");
        goto out;
    }
    if (starts[nstarts - 1] != nitems) {
        PyErr_SetString(PyExc_ValueError, "option_starts must end with len(option_items)");
        goto out;
    }
    if ((long long)n + nstarts + nitems + 2 > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "exact-cover problem too large for 32-bit links");
        goto out;
    }
    stamp = PyMem_Malloc(sizeof(int32_t) * (n ? n : 1));
    if (!stamp) {
        PyErr_NoMemory();
        goto out;
    }
    for (int k = 0; k < n; k++)
        stamp[k] = -1;
    /* every start first: from 0 to len(option_items) without decreasing, so every option's
     * slice lies inside option_items before any item is read */
    for (Py_ssize_t k = 0; k + 1 < nstarts; k++) {
        if (starts[k + 1] < starts[k]) {
            PyErr_Format(PyExc_ValueError, "option_starts decreases at option %zd", k);
            goto out;
        }
    }
    for (Py_ssize_t k = 0; k + 1 < nstarts; k++) {
        int32_t lo = starts[k], hi = starts[k + 1];
        for (int32_t j = lo; j < hi; j++) {
            int32_t item = items[j];
            if (item < 0 || item >= n) {
                PyErr_Format(PyExc_ValueError, "option %zd names item %d, outside 0..%d", k,
                             item, n - 1);
                goto out;
            }
            if (stamp[item] == (int32_t)k) {
                PyErr_Format(PyExc_ValueError, "option %zd names item %d twice", k, item);
                goto out;
            }
            stamp[item] = (int32_t)k;
        }
    }
    first = PyMem_Malloc(sizeof(int32_t) * ((size_t)np + 1));
    if (!first) {
        PyErr_NoMemory();
        goto out;
    }
    long long count;
    int first_len = -1, stopped = 0;
    uint64_t nodes = 0;
    int n_options = (int)(nstarts - 1);
    sk_poll *poll = sk_poll_here();
    Py_BEGIN_ALLOW_THREADS
    count = sk_dlx_count((int)np, (int)ns, n_options, starts, items, sk_kernel_limit(limit),
                         node_limit > 0 ? (uint64_t)node_limit : 0, first, &first_len, &nodes,
                         &stopped, poll);
    Py_END_ALLOW_THREADS
    if (count == SK_INTERRUPTED)
        goto out;   /* the signal handler's exception is set */
    if (count < 0) {
        PyErr_NoMemory();
        goto out;
    }
    sk_mark_saturated(limit, count, &stopped);
    PyObject *sol;
    if (first_len >= 0) {
        sol = PyList_New(first_len);
        if (!sol)
            goto out;
        for (int k = 0; k < first_len; k++) {
            PyObject *v = PyLong_FromLong(first[k]);
            if (!v) {
                Py_DECREF(sol);
                goto out;
            }
            PyList_SET_ITEM(sol, k, v);
        }
    } else {
        sol = Py_NewRef(Py_None);
    }
    result = Py_BuildValue("(LNKO)", count, sol, (unsigned long long)nodes,
                           stopped ? Py_True : Py_False);
out:
    PyMem_Free(starts);
    PyMem_Free(items);
    PyMem_Free(first);
    PyMem_Free(stamp);
    return result;
}

PyMethodDef sk_cover_methods[] = {
    {"dlx_count", FASTKW(py_dlx_count),
     "dlx_count(n_primary, n_secondary, option_starts, option_items, limit=0, node_limit=0)\n--\n\n"
     "Return (count, first solution as sorted option indices or None, nodes, stopped) "
     "(C twin of exact_cover.dlx_count)."},
    {NULL, NULL, 0, NULL},
};
