/* bind/canon.c -- canon_lines(data, n) -> bytes: the binding of solve/canon.c (sk_canon9_many).
 *
 * Registered by bind/module.c (sk_canon_methods).  Validates lengths and values (bytes 0..9)
 * with the GIL held, works on a private copy with the GIL released, in chunks of CHUNK
 * records, checking for Ctrl-C between chunks.
 */
#include "bind/module.h"

#include <string.h>

#include "solve/canon.h"

enum { CHUNK = 4096 };

static PyObject *py_canon_lines(PyObject *self, PyObject *args)
{
    Py_buffer buf;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "y*n:canon_lines", &buf, &n))
        return NULL;
    if (n < 0 || n > PY_SSIZE_T_MAX / 81 || buf.len != n * 81) {
        PyErr_Format(PyExc_ValueError, "canon_lines: data holds %zd bytes, not n*81 = %zd*81",
                     buf.len, n);
        PyBuffer_Release(&buf);
        return NULL;
    }
    const uint8_t *src = buf.buf;
    for (Py_ssize_t k = 0; k < buf.len; k++) {
        if (src[k] > 9) {
            PyErr_Format(PyExc_ValueError,
                         "canon_lines: record %zd, cell %zd holds %d (values are 0..9)", k / 81,
                         k % 81, (int)src[k]);
            PyBuffer_Release(&buf);
            return NULL;
        }
    }
    uint8_t *copy = PyMem_Malloc(buf.len ? (size_t)buf.len : 1);
    if (!copy) {
        PyBuffer_Release(&buf);
        return PyErr_NoMemory();
    }
    memcpy(copy, src, (size_t)buf.len);
    PyBuffer_Release(&buf);
    PyObject *res = PyBytes_FromStringAndSize(NULL, n * 81);
    if (!res) {
        PyMem_Free(copy);
        return NULL;
    }
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(res);
    for (Py_ssize_t i = 0; i < n; i += CHUNK) {
        size_t len = (size_t)(n - i < CHUNK ? n - i : CHUNK);
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = sk_canon9_many(copy + 81 * i, out + 81 * i, len);
        Py_END_ALLOW_THREADS
        if (rc < 0) {
            PyErr_NoMemory();
            goto fail;
        }
        if (PyErr_CheckSignals() < 0)
            goto fail;
    }
    PyMem_Free(copy);
    return res;
fail:
    PyMem_Free(copy);
    Py_DECREF(res);
    return NULL;
}

PyMethodDef sk_canon_methods[] = {
    {"canon_lines", (PyCFunction)py_canon_lines, METH_VARARGS,
     "canon_lines(data, n, /)\n--\n\n"
     "Return the canonical forms (n*81 bytes, values 0..9, 0 = blank) of the n 9x9 grids in "
     "data (n*81 bytes, row-major); C twin of sudokit.symmetry.canonical."},
    {NULL, NULL, 0, NULL},
};
