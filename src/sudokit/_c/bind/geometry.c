/* bind/geometry.c -- geometries in the binding: geometry(...) builds the tables handle,
 * every kernel call accepts it in place of (box_rows, box_cols), and is_solution checks a
 * grid against either.
 *
 * Representation
 * --------------
 *   a tables handle: a PyCapsule named "sudokit._ckernels.geometry" around an sk_shape
 *   (solve/kernels.h draws its tables).  Classic geometries are built once per box shape into
 *   shape_cache[box_rows][box_cols] and never freed: their capsules carry the shape as
 *   context, so the destructor leaves them alone; a variant's capsule owns its tables.
 *
 *   the geometry form: a handle where box_rows goes stands for both box arguments, so
 *   the call is rewritten to the classic form before the arguments are parsed:
 *
 *      propagate(values, tables, limit, node_limit)
 *          -> values | tables | None | limit | node_limit      (None: box_cols, unused)
 */
#include "bind/module.h"

static sk_shape *shape_cache[SK_MAX_SIZE + 1][SK_MAX_SIZE + 1];

#define GEOMETRY_TABLES "sudokit._ckernels.geometry"

/* The cached tables of a box shape (built with the GIL held, read-only afterwards). */
static sk_shape *classic_shape(int br, int bc)
{
    if (br < 1 || bc < 1 || br > SK_MAX_SIZE || bc > SK_MAX_SIZE || br * bc > SK_MAX_SIZE) {
        PyErr_Format(PyExc_ValueError,
                     "unsupported box shape %dx%d: box rows and cols must be >= 1 and their "
                     "product at most %d", br, bc, SK_MAX_SIZE);
        return NULL;
    }
    sk_shape *sh = shape_cache[br][bc];
    if (!sh) {
        sh = sk_shape_new(br, bc);
        if (!sh) {
            PyErr_NoMemory();
            return NULL;
        }
        shape_cache[br][bc] = sh;
    }
    return sh;
}

/* The tables named by (box_rows, box_cols), or by a geometry handle in rows_obj. */
const sk_shape *sk_get_shape(PyObject *rows_obj, PyObject *cols_obj)
{
    if (PyCapsule_CheckExact(rows_obj))
        return PyCapsule_GetPointer(rows_obj, GEOMETRY_TABLES);
    int br, bc;
    if (sk_as_int(rows_obj, 0, &br, "box_rows") < 0 || sk_as_int(cols_obj, 0, &bc, "box_cols") < 0)
        return NULL;
    return classic_shape(br, bc);
}

/* The geometry form: args[at] is a tables handle standing for (box_rows, box_cols).  Copy
 * the arguments to buf with a None inserted for box_cols; returns the new count (or nargs
 * unchanged, args untouched, for the classic form).  buf holds at least 16 entries. */
Py_ssize_t sk_geometry_form(PyObject *const **args, Py_ssize_t nargs, PyObject *kwnames,
                            int at, PyObject **buf)
{
    Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
    if (nargs <= at || !PyCapsule_CheckExact((*args)[at]) || total + 1 > 16)
        return nargs;
    for (Py_ssize_t k = 0, j = 0; k < total; k++) {
        buf[j++] = (*args)[k];
        if (k == at)
            buf[j++] = Py_None;
    }
    *args = buf;
    return nargs + 1;
}

static void tables_free(PyObject *cap)
{
    sk_shape *sh = PyCapsule_GetPointer(cap, GEOMETRY_TABLES);
    if (sh && !PyCapsule_GetContext(cap))   /* context set: a cached classic shape, kept */
        sk_shape_free(sh);
}

/* A read-only contiguous buffer of at least `need` bytes (need < 0: any length). */
static int get_geometry_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t need, const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (need >= 0 && view->len < need) {
        PyErr_Format(PyExc_ValueError, "geometry table %s holds %zd bytes, needs %zd", what,
                     view->len, need);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* The rules over many cells: props (int64 words) and rules (int32 words), the flat arrays
 * of solve/kernels.h's sk_shape_set_rules; -1 with an exception when malformed. */
static int add_rules(sk_shape *sh, PyObject *props, PyObject *rules)
{
    Py_buffer pv, rv;
    if (!rules || rules == Py_None) {
        PyErr_SetString(PyExc_ValueError, "geometry props need their learn rules too");
        return -1;
    }
    if (get_geometry_buffer(props, &pv, -1, "props") < 0)
        return -1;
    if (get_geometry_buffer(rules, &rv, -1, "rules") < 0) {
        PyBuffer_Release(&pv);
        return -1;
    }
    int r = -1;
    if (pv.itemsize != 8 || rv.itemsize != 4 || rv.len < 16)
        PyErr_SetString(PyExc_ValueError, "geometry props must be int64 words and rules int32 "
                        "words (at least 4)");
    else if ((r = sk_shape_set_rules(sh, pv.buf, (size_t)pv.len / 8, rv.buf,
                                     (size_t)rv.len / 4)) == -2)
        PyErr_NoMemory();
    else if (r < 0)
        PyErr_SetString(PyExc_ValueError, "geometry props or rules are malformed (a cell or "
                        "variable out of range, or a wrong length)");
    PyBuffer_Release(&rv);
    PyBuffer_Release(&pv);
    return r < 0 ? -1 : 0;
}

static PyObject *py_geometry(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"n", "box_rows", "box_cols", "classic", "unit_start",
                                        "unit_cells", "pairs", "links", "masks", "props",
                                        "rules"};
    PyObject *a[11];
    if (sk_parse_args("geometry", args, nargs, kwnames, names, 11, 9, a) < 0)
        return NULL;
    int has_props = a[9] && a[9] != Py_None;
    int n, br, bc, classic;
    if (sk_as_int(a[0], 0, &n, "n") < 0 || sk_as_int(a[1], 0, &br, "box_rows") < 0 ||
        sk_as_int(a[2], 0, &bc, "box_cols") < 0 || sk_as_int(a[3], 0, &classic, "classic") < 0)
        return NULL;
    if (n < 1 || n > SK_MAX_SIZE) {
        PyErr_Format(PyExc_ValueError, "unsupported grid size %d", n);
        return NULL;
    }
    if (classic && !has_props) {
        sk_shape *sh = classic_shape(br, bc);
        if (!sh)
            return NULL;
        PyObject *cap = PyCapsule_New(sh, GEOMETRY_TABLES, NULL);
        if (cap && PyCapsule_SetContext(cap, sh) < 0)
            Py_CLEAR(cap);
        return cap;
    }
    Py_buffer us, uc, pr, lk, mk;
    if (get_geometry_buffer(a[4], &us, 2 * (Py_ssize_t)sizeof(int32_t), "unit_start") < 0)
        return NULL;
    Py_ssize_t nunits = us.len / (Py_ssize_t)sizeof(int32_t) - 1;
    const int32_t *start = us.buf;
    int ok = 1, ncells = n * n;
    for (Py_ssize_t u = 0; u < nunits && ok; u++)
        ok = start[0] == 0 && start[u + 1] >= start[u] && start[u + 1] - start[u] <= n;
    PyObject *result = NULL;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "geometry unit_start is not a list of unit offsets");
        PyBuffer_Release(&us);
        return NULL;
    }
    if (get_geometry_buffer(a[5], &uc, (Py_ssize_t)start[nunits] * 2, "unit_cells") < 0) {
        PyBuffer_Release(&us);
        return NULL;
    }
    if (get_geometry_buffer(a[6], &pr, -1, "pairs") < 0)
        goto free2;
    if (get_geometry_buffer(a[7], &lk, -1, "links") < 0)
        goto free3;
    Py_ssize_t nlinks = lk.len / 4;
    if (get_geometry_buffer(a[8], &mk, nlinks * n * (Py_ssize_t)sizeof(uint64_t), "masks") < 0)
        goto free4;
    const int16_t *cells = uc.buf, *pairs = pr.buf, *links = lk.buf;
    Py_ssize_t npairs = pr.len / 4;
    for (Py_ssize_t k = 0; k < start[nunits] && ok; k++)
        ok = cells[k] >= 0 && cells[k] < ncells;
    for (Py_ssize_t k = 0; k < 2 * npairs && ok; k++)
        ok = pairs[k] >= 0 && pairs[k] < ncells;
    for (Py_ssize_t k = 0; k < 2 * nlinks && ok; k++)
        ok = links[k] >= 0 && links[k] < ncells;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "geometry tables name a cell outside the grid");
    } else {
        sk_shape *sh = sk_shape_build(n, br, bc, 0, (int)nunits, start, cells, (int)npairs,
                                      pairs, (int)nlinks, links, mk.buf);
        if (!sh)
            PyErr_NoMemory();
        else if (has_props && add_rules(sh, a[9], a[10]) < 0)
            sk_shape_free(sh);
        else if (!(result = PyCapsule_New(sh, GEOMETRY_TABLES, tables_free)))
            sk_shape_free(sh);
    }
    PyBuffer_Release(&mk);
free4:
    PyBuffer_Release(&lk);
free3:
    PyBuffer_Release(&pr);
free2:
    PyBuffer_Release(&uc);
    PyBuffer_Release(&us);
    return result;
}

/* --- the checker ---------------------------------------------------------------------- */

/* is_solution: the independent checker of solve/anysize.c, on a box shape or a geometry's tables. */
static PyObject *py_is_solution(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"solution", "box_rows", "box_cols", "puzzle"};
    PyObject *a[4], *buf[16];
    nargs = sk_geometry_form(&args, nargs, kwnames, 1, buf);
    if (sk_parse_args("is_solution", args, nargs, kwnames, names, 4, 3, a) < 0)
        return NULL;
    const sk_shape *sh = sk_get_shape(a[1], a[2]);
    if (!sh)
        return NULL;
    uint8_t sol[SK_MAX_SIZE * SK_MAX_SIZE], puz[SK_MAX_SIZE * SK_MAX_SIZE];
    if (sk_get_values(a[0], sh->n, sol, "solution") < 0) {
        if (!PyErr_ExceptionMatches(PyExc_ValueError))
            return NULL;
        PyErr_Clear();  /* wrong length or a value > N: simply not a solution */
        Py_RETURN_FALSE;
    }
    int have_puzzle = a[3] && a[3] != Py_None;
    if (have_puzzle && sk_get_values(a[3], sh->n, puz, "puzzle") < 0)
        return NULL;
    if (!sh->classic)
        return PyBool_FromLong(sk_geometry_is_solution(sh, have_puzzle ? puz : NULL, sol));
    return PyBool_FromLong(sk_is_solution(sh->box_rows, sh->box_cols, have_puzzle ? puz : NULL,
                                          sol));
}

PyMethodDef sk_geometry_methods[] = {
    {"geometry", FASTKW(py_geometry),
     "geometry(n, box_rows, box_cols, classic, unit_start, unit_cells, pairs, links, masks, "
     "props=None, rules=None)\n--\n\n"
     "The flat tables of a geometry as an opaque handle, accepted wherever (box_rows, box_cols) is; "
     "props and rules: its rules over many cells (solve/kernels.h, sk_shape_set_rules)."},
    {"is_solution", FASTKW(py_is_solution),
     "is_solution(solution, box_rows, box_cols, puzzle=None)\n--\n\n"
     "Return True if solution is a complete valid grid keeping every given of puzzle."},
    {NULL, NULL, 0, NULL},
};
