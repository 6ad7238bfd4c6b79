/* bind/text.c -- the line notation in the binding: read_line (one line), parse_lines (a
 * whole text into records, with per-record errors) and format_lines (records to lines).
 *
 * Representation
 * --------------
 *   the spelling table: 256 bytes from symbols.reading_table (solve/text.h), byte -> value,
 *   0 = blank, 255 = spells nothing; format_lines writes the default alphabet below.
 *   records: N*N bytes each, values 0..N row-major, back to back:
 *
 *      values  | record 0: N*N bytes | record 1 | ... |      (a bad record: 0xFF bytes)
 *      errors  [(record, line, column | None, char | None, reason), ...]
 */
#include "bind/module.h"

#include <string.h>

#include "solve/text.h"

/* The default alphabet (symbols.DEFAULT) for format_lines; reading takes its table from
 * Python (symbols.reading_table, see solve/text.h), so every reader spells alike. */
static const char SYMBOLS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
#define MAX_SYMBOLS 61

/* Borrow the 256-byte spelling table (bytes); NULL with an exception if it is not one. */
static const uint8_t *get_table(PyObject *obj)
{
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != 256) {
        PyErr_SetString(PyExc_TypeError, "table must be 256 bytes (symbols.reading_table)");
        return NULL;
    }
    return (const uint8_t *)PyBytes_AS_STRING(obj);
}

static PyObject *py_parse_lines(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"data", "size", "table"};
    PyObject *a[3];
    if (sk_parse_args("parse_lines", args, nargs, kwnames, names, 3, 3, a) < 0)
        return NULL;
    int n;
    if (sk_as_int(a[1], 0, &n, "size") < 0)
        return NULL;
    if (n < 1 || n > SK_MAX_SIZE) {
        PyErr_Format(PyExc_ValueError, "size %d: grids run from 1x1 to %dx%d", n,
                     SK_MAX_SIZE, SK_MAX_SIZE);
        return NULL;
    }
    const uint8_t *table = get_table(a[2]);
    if (!table)
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(a[0], &view, PyBUF_SIMPLE) < 0)
        return NULL;
    const unsigned char *buf = view.buf;
    Py_ssize_t len = view.len, ncells = (Py_ssize_t)n * n;
    const sk_isa_fns *isa = sk_isa_now();
    PyObject *values = NULL, *errors = NULL, *result = NULL;
    /* pass 1: count records (lines that are not blank and not '#' comments), unread */
    Py_ssize_t nrec = 0;
    for (Py_ssize_t pos = 0; pos < len;) {
        const unsigned char *nl = memchr(buf + pos, '\n', len - pos);
        Py_ssize_t end = nl ? nl - buf : len;
        int code = isa->line_kind(buf + pos, end - pos);
        if (code == SK_LINE_OK)
            nrec++;
        pos = end + 1;
    }
    values = PyByteArray_FromStringAndSize(NULL, nrec * ncells);
    errors = PyList_New(0);
    if (!values || !errors)
        goto out;
    uint8_t *out = (uint8_t *)PyByteArray_AS_STRING(values);
    Py_ssize_t rec = 0, line = 0;
    for (Py_ssize_t pos = 0; pos < len;) {
        const unsigned char *nl = memchr(buf + pos, '\n', len - pos);
        Py_ssize_t begin = pos, end = nl ? nl - buf : len;
        line++;
        pos = end + 1;
        size_t where = 0, found = 0;
        uint8_t *dst = out + rec * ncells;
        int code = isa->read_line(buf + begin, end - begin, table, (size_t)ncells, dst, &where,
                                  &found);
        if (code == SK_LINE_EMPTY || code == SK_LINE_COMMENT)
            continue;
        PyObject *err = NULL;
        if (code == SK_LINE_LENGTH) {
            PyObject *msg = PyUnicode_FromFormat(
                "expected %zd characters for a %dx%d grid, found %zd", ncells, n, n,
                (Py_ssize_t)found);
            if (!msg)
                goto out;
            err = Py_BuildValue("(nnOON)", rec, line, Py_None, Py_None, msg);
            if (!err)
                goto out;
        } else if (code == SK_LINE_CHAR) {
            /* a byte from 0x80 up is named U+DCxx, as surrogateescape decodes it */
            unsigned char ch = buf[begin + (Py_ssize_t)where];
            PyObject *chs = PyUnicode_FromOrdinal(ch < 0x80 ? ch : 0xDC00 + ch);
            if (!chs)
                goto out;
            PyObject *msg = PyUnicode_FromFormat("character %R is not a value of a %dx%d grid",
                                                 chs, n, n);
            if (!msg) {
                Py_DECREF(chs);
                goto out;
            }
            err = Py_BuildValue("(nnnNN)", rec, line, (Py_ssize_t)where + 1, chs, msg);
            if (!err)
                goto out;
        }
        if (err) {
            memset(dst, 0xFF, ncells);   /* > N: batch() flags the record as bad input */
            int rc = PyList_Append(errors, err);
            Py_DECREF(err);
            if (rc < 0)
                goto out;
        }
        rec++;
    }
    result = PyTuple_Pack(2, values, errors);
out:
    PyBuffer_Release(&view);
    Py_XDECREF(values);
    Py_XDECREF(errors);
    return result;
}

/* read_line(text, table, ncells) -> bytes of ncells values, or an int: the 0-based offset
 * of the first byte that spells nothing, -1 for a field of another length (or no field),
 * -2 for a str that is not ASCII.  text: bytes or str.  The caller words the error. */
static PyObject *py_read_line(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"text", "table", "ncells"};
    PyObject *a[3];
    if (sk_parse_args("read_line", args, nargs, kwnames, names, 3, 3, a) < 0)
        return NULL;
    const uint8_t *table = get_table(a[1]);
    if (!table)
        return NULL;
    Py_ssize_t ncells = PyLong_AsSsize_t(a[2]);
    if (ncells == -1 && PyErr_Occurred())
        return NULL;
    if (ncells < 1 || ncells > (Py_ssize_t)SK_MAX_SIZE * SK_MAX_SIZE) {
        PyErr_SetString(PyExc_ValueError, "ncells out of range");
        return NULL;
    }
    const unsigned char *text;
    Py_ssize_t len;
    if (PyUnicode_Check(a[0])) {
        if (!PyUnicode_IS_ASCII(a[0]))
            return PyLong_FromLong(-2);
        text = (const unsigned char *)PyUnicode_DATA(a[0]);
        len = PyUnicode_GET_LENGTH(a[0]);
    } else if (PyBytes_Check(a[0])) {
        text = (const unsigned char *)PyBytes_AS_STRING(a[0]);
        len = PyBytes_GET_SIZE(a[0]);
    } else {
        PyErr_SetString(PyExc_TypeError, "read_line reads str or bytes");
        return NULL;
    }
    if (memchr(text, '\n', (size_t)len))
        return PyLong_FromLong(-1);
    PyObject *res = PyBytes_FromStringAndSize(NULL, ncells);
    if (!res)
        return NULL;
    size_t where = 0;
    int code = sk_isa_now()->read_line(text, (size_t)len, table, (size_t)ncells,
                                       (uint8_t *)PyBytes_AS_STRING(res), &where, NULL);
    if (code == SK_LINE_OK)
        return res;
    Py_DECREF(res);
    return PyLong_FromSsize_t(code == SK_LINE_CHAR ? (Py_ssize_t)where : -1);
}

static PyObject *py_format_lines(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames)
{
    static const char *const names[] = {"values", "size", "blank"};
    PyObject *a[3];
    if (sk_parse_args("format_lines", args, nargs, kwnames, names, 3, 2, a) < 0)
        return NULL;
    int n;
    if (sk_as_int(a[1], 0, &n, "size") < 0)
        return NULL;
    if (n < 1 || n > MAX_SYMBOLS) {
        PyErr_Format(PyExc_ValueError, "size %d: one character per value works for sizes 1..%d",
                     n, MAX_SYMBOLS);
        return NULL;
    }
    char blank = '.';
    if (a[2] && a[2] != Py_None) {
        Py_ssize_t blen;
        const char *b = PyUnicode_Check(a[2]) ? PyUnicode_AsUTF8AndSize(a[2], &blen) : NULL;
        if (!b || blen != 1) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "blank must be one ASCII character");
            return NULL;
        }
        blank = b[0];
    }
    Py_buffer view;
    if (PyObject_GetBuffer(a[0], &view, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    Py_ssize_t ncells = (Py_ssize_t)n * n;
    if (view.len % ncells) {
        PyErr_Format(PyExc_ValueError, "values hold %zd bytes, not a multiple of %zd", view.len,
                     ncells);
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t nrec = view.len / ncells;
    PyObject *res = PyBytes_FromStringAndSize(NULL, nrec * (ncells + 1));
    if (!res) {
        PyBuffer_Release(&view);
        return NULL;
    }
    char table[256];
    memset(table, '?', sizeof table);
    table[0] = blank;
    for (int v = 1; v <= n; v++)
        table[v] = SYMBOLS[v - 1];
    char *dst = PyBytes_AS_STRING(res);
    const uint8_t *src = view.buf;
    for (Py_ssize_t r = 0; r < nrec; r++) {
        for (Py_ssize_t k = 0; k < ncells; k++)
            *dst++ = table[*src++];
        *dst++ = '\n';
    }
    PyBuffer_Release(&view);
    return res;
}

PyMethodDef sk_text_methods[] = {
    {"read_line", FASTKW(py_read_line),
     "read_line(text, table, ncells)\n--\n\n"
     "Return the ncells values of one line (bytes), or the offset of its first bad byte "
     "(-1: wrong length, -2: non-ASCII str)."},
    {"parse_lines", FASTKW(py_parse_lines),
     "parse_lines(data, size, table)\n--\n\n"
     "Return (values bytearray, errors) for the non-blank, non-# lines of data; errors are "
     "(record, line, column, char, reason) and their records are filled with 0xFF."},
    {"format_lines", FASTKW(py_format_lines),
     "format_lines(values, size, blank='.')\n--\n\n"
     "Return one line of N*N characters per record of values (bytes), '?' for bytes > N."},
    {NULL, NULL, 0, NULL},
};
