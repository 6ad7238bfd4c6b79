/* module.c -- the CPython binding `sudokit._ckernels`: plain data in, plain data out.
 *
 * Python surface (every kernel returns what its pure-Python twin returns):
 *
 *   propagate(values, box_rows, box_cols, limit=1, node_limit=0) -> (count, first|None, nodes, stopped)
 *   backtrack(values, box_rows, box_cols, limit=1, node_limit=0) -> same
 *   dlx_sudoku(values, box_rows, box_cols, limit=1, node_limit=0) -> same as sudoku_cover.dlx
 *   fast9(values, box_rows, box_cols, limit=1, node_limit=0)     -> same shape; 3x3 boxes only;
 *                                                   nodes = fast9 guesses (see fast9.h)
 *   dlx_count(n_primary, n_secondary, option_starts, option_items, limit=0, node_limit=0)
 *                                                -> (count, sorted option list|None, nodes, stopped)
 *   is_solution(solution, box_rows, box_cols, puzzle=None) -> bool   (the independent checker)
 *   geometry(n, box_rows, box_cols, classic, unit_start, unit_cells, pairs, links, masks)
 *                                  -> tables: an opaque handle on a geometry's flat tables
 *                                     (int32 / int16 / uint64 native buffers, see kernels.h)
 *
 * Geometry form: every function that takes (box_rows, box_cols) also takes (tables) in
 * their place, e.g. propagate(values, tables, limit=1, node_limit=0); tables come from
 * geometry() (cached per geometry by _backend.tables) and stay alive as long as the handle.
 *   batch(data, n, box_rows, box_cols, engine, limit, node_limit,
 *         out_solutions, out_counts, out_nodes, out_flags) -> engine name actually used
 *   parse_lines(data, size, table) -> (values: bytearray, errors: list of (record, line, column, char, reason))
 *   read_line(text, table, ncells) -> bytes of values | int (offset of the first bad byte, -1, -2)
 *                                  (text.c; table = symbols.reading_table(alphabet, size))
 *   format_lines(values, size, blank=".") -> bytes
 *   canon_lines(data, n) -> bytes     (canon.c: canonical forms of n 9x9 puzzles, 81 bytes each)
 *
 * Layout of the batch buffers (n records):
 *
 *   data, out_solutions   n * N*N bytes, record i at offset i*N*N, values 0..N row-major
 *   out_counts            n int64 (native order): exact (see "Counts" below)
 *   out_nodes             n uint64 (native order)
 *   out_flags             n uint8:   bit 0  FLAG_STOPPED       node limit ran out
 *                                    bit 1  FLAG_VERIFIED      a solution, checked by is_solution
 *                                    bit 2  FLAG_BAD_SOLUTION  the checker rejected it (a bug)
 *                                    bit 3  FLAG_BAD_INPUT     a byte > N: record skipped
 *                                    bit 4  FLAG_CLASH         givens clash ("illegal")
 *   Any out_* may be None.
 *
 * The binding validates what memory safety needs (shape, lengths, bytes <= N, item
 * indices); kernels trust their input.  Every kernel runs with the GIL released on a
 * private copy of its input.  batch() releases the GIL per chunk (at most 4096 records or
 * about 50 ms) and checks for Ctrl-C between chunks.
 *
 * Ctrl-C: called from the main thread, every kernel gets a poll (sk_poll.h) that re-takes
 * the GIL every 2^14 nodes (learn: 256 search steps) and runs PyErr_CheckSignals; when a
 * signal handler raises (KeyboardInterrupt), the search is abandoned and the call raises
 * that exception.  An interrupted learn_resume keeps its run resumable.  From other threads
 * no poll is passed (Python runs signal handlers in the main thread only).  Cost, A/B
 * against the build without polls in one process (CPU, best of 5-11, loaded 2-core box):
 * batch fast9/propagate/dlx on 20,000 17-clue and 1,465 top1465 puzzles 0.96-1.01x;
 * counting 2M (fast9), 200k (propagate, dlx_sudoku) solutions of an empty 9x9 and 20k of
 * an empty 16x16 (learn) 0.98-1.03x: within noise.
 *
 * Counts: 64-bit everywhere.  Asked for every solution (limit <= 0) a kernel counts up to
 * LLONG_MAX = 2**63-1 at most; a count that reaches it is reported with stopped = True (a
 * lower bound, like a node limit), never wrapped.  At a billion solutions a second that
 * takes 292 years, so in practice every count is exact.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <string.h>
#include <time.h>
#ifndef _WIN32
#include <pthread.h>
#endif

#include "fast9.h"
#include "kernels.h"
#include "text.h"

enum { FLAG_STOPPED = 1, FLAG_VERIFIED = 2, FLAG_BAD_SOLUTION = 4, FLAG_BAD_INPUT = 8,
       FLAG_CLASH = 16 };

enum { ENG_PROPAGATE, ENG_BACKTRACK, ENG_DLX, ENG_FAST9, ENG_LEARN };  /* learn: not in batch */
static const char *const ENGINE_NAMES[] = {"propagate", "backtrack", "dlx", "fast9"};

/* --- Ctrl-C ------------------------------------------------------------------------ */

static unsigned long main_thread_ident;

#ifndef _WIN32
/* In a child after fork() the forking thread is the only one, and Python's main thread. */
static void after_fork_child(void)
{
    main_thread_ident = PyThread_get_thread_ident();
}
#endif

/* Called by a kernel (GIL released) every so often: take the GIL, run Python's signal
 * handlers, give the GIL back; 1 (abandon the search) if a handler raised. */
static int check_signals(sk_poll *self)
{
    PyGILState_STATE g = PyGILState_Ensure();
    int raised = PyErr_CheckSignals() < 0;
    PyGILState_Release(g);
    return raised;
}

static sk_poll signal_poll = {check_signals};

/* The poll for a kernel about to run in this thread: NULL off the main thread. */
static sk_poll *poll_here(void)
{
    return PyThread_get_thread_ident() == main_thread_ident ? &signal_poll : NULL;
}

/* What a kernel is asked when the caller wants a count: limit <= 0 (all) becomes LLONG_MAX
 * so that the count stops there instead of wrapping (and is then reported as stopped). */
static long long kernel_limit(long long limit)
{
    return limit <= 0 ? LLONG_MAX : limit;
}

/* After a kernel: a count that reached LLONG_MAX when every solution was asked for is a
 * lower bound. */
static void mark_saturated(long long limit, long long count, int *stopped)
{
    if (limit <= 0 && count == LLONG_MAX)
        *stopped = 1;
}

/* --- argument helpers ------------------------------------------------------------- */

/* Fill out[0..nnames-1] (borrowed, NULL when absent) from fastcall args. */
static int parse_args(const char *fname, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *kwnames, const char *const *names, int nnames, int nrequired,
                      PyObject **out)
{
    for (int k = 0; k < nnames; k++)
        out[k] = NULL;
    if (nargs > nnames) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d arguments (%zd given)", fname,
                     nnames, nargs);
        return -1;
    }
    for (Py_ssize_t k = 0; k < nargs; k++)
        out[k] = args[k];
    if (kwnames) {
        Py_ssize_t nkw = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t j = 0; j < nkw; j++) {
            PyObject *key = PyTuple_GET_ITEM(kwnames, j);
            int found = -1;
            for (int k = 0; k < nnames; k++) {
                if (PyUnicode_CompareWithASCIIString(key, names[k]) == 0) {
                    found = k;
                    break;
                }
            }
            if (found < 0) {
                PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'",
                             fname, key);
                return -1;
            }
            if (out[found]) {
                PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
                             fname, names[found]);
                return -1;
            }
            out[found] = args[nargs + j];
        }
    }
    for (int k = 0; k < nrequired; k++) {
        if (!out[k]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fname, names[k]);
            return -1;
        }
    }
    return 0;
}

/* A Python int as long long, clamped to the long long range (huge limits mean "no limit"). */
static int as_ll(PyObject *obj, long long dflt, long long *out)
{
    if (!obj) {
        *out = dflt;
        return 0;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow)
        v = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    *out = v;
    return 0;
}

static int as_int(PyObject *obj, int dflt, int *out, const char *what)
{
    long long v;
    if (as_ll(obj, dflt, &v) < 0)
        return -1;
    if (v < INT_MIN || v > INT_MAX) {
        PyErr_Format(PyExc_ValueError, "%s = %lld is out of range", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* --- shapes ------------------------------------------------------------------------- */

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
static const sk_shape *get_shape(PyObject *rows_obj, PyObject *cols_obj)
{
    if (PyCapsule_CheckExact(rows_obj))
        return PyCapsule_GetPointer(rows_obj, GEOMETRY_TABLES);
    int br, bc;
    if (as_int(rows_obj, 0, &br, "box_rows") < 0 || as_int(cols_obj, 0, &bc, "box_cols") < 0)
        return NULL;
    return classic_shape(br, bc);
}

/* The geometry form: args[at] is a tables handle standing for (box_rows, box_cols).  Copy
 * the arguments to buf with a None inserted for box_cols; returns the new count (or nargs
 * unchanged, args untouched, for the classic form).  buf holds at least 16 entries. */
static Py_ssize_t geometry_form(PyObject *const **args, Py_ssize_t nargs, PyObject *kwnames,
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

static PyObject *py_geometry(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"n", "box_rows", "box_cols", "classic", "unit_start",
                                        "unit_cells", "pairs", "links", "masks"};
    PyObject *a[9];
    if (parse_args("geometry", args, nargs, kwnames, names, 9, 9, a) < 0)
        return NULL;
    int n, br, bc, classic;
    if (as_int(a[0], 0, &n, "n") < 0 || as_int(a[1], 0, &br, "box_rows") < 0 ||
        as_int(a[2], 0, &bc, "box_cols") < 0 || as_int(a[3], 0, &classic, "classic") < 0)
        return NULL;
    if (n < 1 || n > SK_MAX_SIZE) {
        PyErr_Format(PyExc_ValueError, "unsupported grid size %d", n);
        return NULL;
    }
    if (classic) {
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

/* Copy a puzzle (bytes-like, or a sequence of ints) into out[ncells]; check bytes <= n. */
static int get_values(PyObject *obj, int n, uint8_t *out, const char *what)
{
    int ncells = n * n;
    PyObject *tmp = NULL;
    Py_buffer view;
    if (!PyObject_CheckBuffer(obj)) {
        tmp = PyBytes_FromObject(obj);
        if (!tmp) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s must be bytes-like or a sequence of ints 0..%d, "
                         "not %.100s", what, n, Py_TYPE(obj)->tp_name);
            return -1;
        }
        obj = tmp;
    }
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) {
        Py_XDECREF(tmp);
        return -1;
    }
    int ok = 0;
    if (view.len != ncells) {
        PyErr_Format(PyExc_ValueError, "%s must hold N*N = %d values for a %dx%d grid, not %zd",
                     what, ncells, n, n, view.len);
    } else {
        memcpy(out, view.buf, ncells);
        ok = 1;
        for (int c = 0; c < ncells; c++) {
            if (out[c] > n) {
                PyErr_Format(PyExc_ValueError, "%s[%d] = %d (row %d, col %d) is outside 0..%d",
                             what, c, out[c], c / n + 1, c % n + 1, n);
                ok = 0;
                break;
            }
        }
    }
    PyBuffer_Release(&view);
    Py_XDECREF(tmp);
    return ok ? 0 : -1;
}

/* --- the Sudoku kernels ------------------------------------------------------------- */

/* Run one engine on one trusted puzzle (GIL released by the caller or not at all):
 * the count (-1 out of memory, SK_INTERRUPTED when poll said stop: its exception is set). */
static long long run_engine(int engine, const sk_shape *sh, sk_work *w, const uint8_t *values,
                            long long limit, long long node_limit, uint8_t *solution,
                            uint64_t *nodes, int *stopped, sk_poll *poll)
{
    uint64_t nlim = node_limit > 0 ? (uint64_t)node_limit : 0;
    long long lim = kernel_limit(limit), count;
    switch (engine) {
    case ENG_PROPAGATE:
        count = sk_propagate(sh, w, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    case ENG_BACKTRACK:
        count = sk_backtrack(sh, w, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    case ENG_DLX:
        count = sk_dlx_sudoku(sh, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    case ENG_LEARN:
        count = sk_learn(sh, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    default:
        count = sk_fast9_solve(values, lim, nlim, solution, nodes, stopped, poll);
        break;
    }
    mark_saturated(limit, count, stopped);
    return count;
}

/* The kernels' shared answer: (count, first solution bytes or None, nodes, stopped);
 * a negative count means the kernel ran out of memory or was interrupted (exception set). */
static PyObject *kernel_result(long long count, const uint8_t *solution, int ncells,
                               uint64_t nodes, int stopped)
{
    if (count == SK_INTERRUPTED) {
        if (!PyErr_Occurred())   /* cannot happen: the poll stops only on a raised handler */
            PyErr_SetString(PyExc_KeyboardInterrupt, "search interrupted");
        return NULL;
    }
    if (count < 0)
        return PyErr_NoMemory();
    PyObject *first;
    if (count > 0) {
        first = PyBytes_FromStringAndSize((const char *)solution, ncells);
        if (!first)
            return NULL;
    } else {
        first = Py_NewRef(Py_None);
    }
    return Py_BuildValue("(LNKO)", count, first, (unsigned long long)nodes,
                         stopped ? Py_True : Py_False);
}


static PyObject *kernel_call(int engine, const char *fname, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"values", "box_rows", "box_cols", "limit", "node_limit"};
    PyObject *a[5], *buf[16];
    nargs = geometry_form(&args, nargs, kwnames, 1, buf);
    if (parse_args(fname, args, nargs, kwnames, names, 5, 3, a) < 0)
        return NULL;
    const sk_shape *sh = get_shape(a[1], a[2]);
    if (!sh)
        return NULL;
    if (engine == ENG_FAST9 && !(sh->classic && sh->box_rows == 3 && sh->box_cols == 3)) {
        PyErr_Format(PyExc_ValueError, "fast9 solves 9x9 grids with 3x3 boxes only, not %dx%d "
                     "boxes", sh->box_rows, sh->box_cols);
        return NULL;
    }
    long long limit, node_limit;
    if (as_ll(a[3], 1, &limit) < 0 || as_ll(a[4], 0, &node_limit) < 0)
        return NULL;
    uint8_t values[SK_MAX_SIZE * SK_MAX_SIZE], solution[SK_MAX_SIZE * SK_MAX_SIZE];
    if (get_values(a[0], sh->n, values, "values") < 0)
        return NULL;
    uint64_t nodes = 0;
    int stopped = 0;
    long long count;
    sk_work w;
    sk_work_init(&w);
    sk_poll *poll = poll_here();
    Py_BEGIN_ALLOW_THREADS
    count = run_engine(engine, sh, &w, values, limit, node_limit, solution, &nodes, &stopped,
                       poll);
    Py_END_ALLOW_THREADS
    sk_work_free(&w);
    return kernel_result(count, solution, sh->ncells, nodes, stopped);
}

static PyObject *py_propagate(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    return kernel_call(ENG_PROPAGATE, "propagate", args, nargs, kwnames);
}

static PyObject *py_backtrack(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    return kernel_call(ENG_BACKTRACK, "backtrack", args, nargs, kwnames);
}

static PyObject *py_dlx_sudoku(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    return kernel_call(ENG_DLX, "dlx_sudoku", args, nargs, kwnames);
}

static PyObject *py_fast9(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return kernel_call(ENG_FAST9, "fast9", args, nargs, kwnames);
}

/* A learn search kept between calls (the 'auto' turns): a capsule around sk_learn_run. */
typedef struct {
    sk_learn_run *run;
    int ncells;
    int busy;   /* a resume is running (GIL released): a second one must not start */
} learn_box;

static const char LEARN_RUN[] = "sudokit._ckernels.learn_run";

static void learn_box_free(PyObject *cap)
{
    learn_box *b = PyCapsule_GetPointer(cap, LEARN_RUN);
    if (b) {
        sk_learn_end(b->run);
        PyMem_Free(b);
    }
}

static PyObject *py_learn_start(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"values", "box_rows", "box_cols"};
    PyObject *a[3], *buf[16];
    nargs = geometry_form(&args, nargs, kwnames, 1, buf);
    if (parse_args("learn_start", args, nargs, kwnames, names, 3, 3, a) < 0)
        return NULL;
    const sk_shape *sh = get_shape(a[1], a[2]);
    if (!sh)
        return NULL;
    uint8_t values[SK_MAX_SIZE * SK_MAX_SIZE];
    if (get_values(a[0], sh->n, values, "values") < 0)
        return NULL;
    learn_box *b = PyMem_Malloc(sizeof *b);
    if (!b)
        return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    b->run = sk_learn_start(sh, values);
    Py_END_ALLOW_THREADS
    if (!b->run) {
        PyMem_Free(b);
        return PyErr_NoMemory();
    }
    b->ncells = sh->ncells;
    b->busy = 0;
    PyObject *cap = PyCapsule_New(b, LEARN_RUN, learn_box_free);
    if (!cap) {
        sk_learn_end(b->run);
        PyMem_Free(b);
    }
    return cap;
}

static PyObject *py_learn_resume(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames)
{
    static const char *const names[] = {"run", "limit", "more"};
    PyObject *a[3];
    if (parse_args("learn_resume", args, nargs, kwnames, names, 3, 1, a) < 0)
        return NULL;
    learn_box *b = PyCapsule_GetPointer(a[0], LEARN_RUN);
    if (!b)
        return NULL;
    long long limit, more;
    if (as_ll(a[1], 1, &limit) < 0 || as_ll(a[2], 0, &more) < 0)
        return NULL;
    if (b->busy) {
        PyErr_SetString(PyExc_RuntimeError, "learn_resume: this search is running in another thread");
        return NULL;
    }
    uint8_t solution[SK_MAX_SIZE * SK_MAX_SIZE];
    uint64_t nodes = 0;
    int stopped = 0;
    long long count;
    b->busy = 1;
    sk_poll *poll = poll_here();
    Py_BEGIN_ALLOW_THREADS
    count = sk_learn_resume(b->run, kernel_limit(limit), more > 0 ? (uint64_t)more : 0,
                            solution, &nodes, &stopped, poll);
    Py_END_ALLOW_THREADS
    b->busy = 0;
    mark_saturated(limit, count, &stopped);
    return kernel_result(count, solution, b->ncells, nodes, stopped);
}

static PyObject *py_learn(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return kernel_call(ENG_LEARN, "learn", args, nargs, kwnames);
}

/* --- exact cover -------------------------------------------------------------------- */

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
    if (parse_args("dlx_count", args, nargs, kwnames, names, 6, 4, a) < 0)
        return NULL;
    long long np, ns, limit, node_limit;
    if (as_ll(a[0], 0, &np) < 0 || as_ll(a[1], 0, &ns) < 0 || as_ll(a[4], 0, &limit) < 0
        || as_ll(a[5], 0, &node_limit) < 0)
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
    sk_poll *poll = poll_here();
    Py_BEGIN_ALLOW_THREADS
    count = sk_dlx_count((int)np, (int)ns, n_options, starts, items, kernel_limit(limit),
                         node_limit > 0 ? (uint64_t)node_limit : 0, first, &first_len, &nodes,
                         &stopped, poll);
    Py_END_ALLOW_THREADS
    if (count == SK_INTERRUPTED)
        goto out;   /* the signal handler's exception is set */
    if (count < 0) {
        PyErr_NoMemory();
        goto out;
    }
    mark_saturated(limit, count, &stopped);
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

/* --- checker -------------------------------------------------------------------------- */

static PyObject *py_is_solution(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"solution", "box_rows", "box_cols", "puzzle"};
    PyObject *a[4], *buf[16];
    nargs = geometry_form(&args, nargs, kwnames, 1, buf);
    if (parse_args("is_solution", args, nargs, kwnames, names, 4, 3, a) < 0)
        return NULL;
    const sk_shape *sh = get_shape(a[1], a[2]);
    if (!sh)
        return NULL;
    uint8_t sol[SK_MAX_SIZE * SK_MAX_SIZE], puz[SK_MAX_SIZE * SK_MAX_SIZE];
    if (get_values(a[0], sh->n, sol, "solution") < 0) {
        if (!PyErr_ExceptionMatches(PyExc_ValueError))
            return NULL;
        PyErr_Clear();  /* wrong length or a value > N: simply not a solution */
        Py_RETURN_FALSE;
    }
    int have_puzzle = a[3] && a[3] != Py_None;
    if (have_puzzle && get_values(a[3], sh->n, puz, "puzzle") < 0)
        return NULL;
    if (!sh->classic)
        return PyBool_FromLong(sk_geometry_is_solution(sh, have_puzzle ? puz : NULL, sol));
    return PyBool_FromLong(sk_is_solution(sh->box_rows, sh->box_cols, have_puzzle ? puz : NULL,
                                          sol));
}

/* --- batch ---------------------------------------------------------------------------- */

static int engine_code(PyObject *obj, const sk_shape *sh)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "engine must be a str");
        return -1;
    }
    int square3 = sh->classic && sh->box_rows == 3 && sh->box_cols == 3;
    if (PyUnicode_CompareWithASCIIString(obj, "auto") == 0)
        return square3 ? ENG_FAST9 : ENG_PROPAGATE;
    for (int k = 0; k < 4; k++) {
        if (PyUnicode_CompareWithASCIIString(obj, ENGINE_NAMES[k]) == 0) {
            if (k == ENG_FAST9 && !square3) {
                PyErr_Format(PyExc_ValueError, "engine 'fast9' solves 9x9 grids with 3x3 boxes "
                             "only, not %dx%d boxes", sh->box_rows, sh->box_cols);
                return -1;
            }
            return k;
        }
    }
    PyErr_Format(PyExc_ValueError, "unknown engine %R: choose auto, propagate, backtrack, dlx "
                 "or fast9", obj);
    return -1;
}

/* Get an optional writable output buffer of at least need bytes. */
static int get_out(PyObject *obj, Py_buffer *view, Py_ssize_t need, const char *what)
{
    view->obj = NULL;
    view->buf = NULL;
    if (!obj || obj == Py_None)
        return 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->len < need) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, needs at least %zd", what,
                     view->len, need);
        PyBuffer_Release(view);
        view->obj = NULL;
        view->buf = NULL;
        return -1;
    }
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define BATCH_CHUNK 4096
#define BATCH_SECONDS 0.05

static PyObject *py_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    static const char *const names[] = {"data", "n", "box_rows", "box_cols", "engine", "limit",
                                        "node_limit", "out_solutions", "out_counts",
                                        "out_nodes", "out_flags"};
    PyObject *a[11], *buf[16];
    nargs = geometry_form(&args, nargs, kwnames, 2, buf);
    if (parse_args("batch", args, nargs, kwnames, names, 11, 5, a) < 0)
        return NULL;
    long long n_ll, limit, node_limit;
    if (as_ll(a[1], 0, &n_ll) < 0 || as_ll(a[5], 1, &limit) < 0 || as_ll(a[6], 0, &node_limit) < 0)
        return NULL;
    const sk_shape *sh = get_shape(a[2], a[3]);
    if (!sh)
        return NULL;
    int engine = engine_code(a[4], sh);
    if (engine < 0)
        return NULL;
    if (n_ll < 0 || n_ll > PY_SSIZE_T_MAX / (sh->ncells + 8)) {
        PyErr_Format(PyExc_ValueError, "n = %lld is out of range", n_ll);
        return NULL;
    }
    Py_ssize_t n = (Py_ssize_t)n_ll, ncells = sh->ncells;
    Py_buffer data, sols, counts, nodes_v, flags;
    sols.obj = counts.obj = nodes_v.obj = flags.obj = NULL;
    if (PyObject_GetBuffer(a[0], &data, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    PyObject *result = NULL;
    sk_work w;
    sk_work_init(&w);
    if (data.len < n * ncells) {
        PyErr_Format(PyExc_ValueError, "data holds %zd bytes, %zd puzzles of %zd cells need %zd",
                     data.len, n, ncells, n * ncells);
        goto out;
    }
    if (get_out(a[7], &sols, n * ncells, "out_solutions") < 0
        || get_out(a[8], &counts, n * 8, "out_counts") < 0
        || get_out(a[9], &nodes_v, n * 8, "out_nodes") < 0
        || get_out(a[10], &flags, n, "out_flags") < 0)
        goto out;
    const uint8_t *in = data.buf;
    uint8_t *out_sol = sols.buf, *out_flags = flags.buf;
    char *out_counts = counts.buf, *out_nodes = nodes_v.buf;
    int nomem = 0, interrupted = 0;
    sk_poll *poll = poll_here();
    Py_ssize_t i = 0;
    while (i < n) {
        Py_BEGIN_ALLOW_THREADS
        double start = now_seconds();
        Py_ssize_t end = i + BATCH_CHUNK < n ? i + BATCH_CHUNK : n;
        uint8_t puzzle[SK_MAX_SIZE * SK_MAX_SIZE], solution[SK_MAX_SIZE * SK_MAX_SIZE];
        for (; i < end; i++) {
            memcpy(puzzle, in + i * ncells, ncells);  /* private copy: checked, then trusted */
            int flag = 0, stopped = 0;
            uint64_t nodes = 0;
            long long count = 0;
            for (Py_ssize_t c = 0; c < ncells; c++) {
                if (puzzle[c] > sh->n) {
                    flag = FLAG_BAD_INPUT;
                    break;
                }
            }
            if (!flag) {
                count = run_engine(engine, sh, &w, puzzle, limit, node_limit, solution, &nodes,
                                   &stopped, poll);
                if (count == SK_INTERRUPTED) {
                    interrupted = 1;
                    break;
                }
                if (count < 0) {
                    nomem = 1;
                    break;
                }
                if (stopped)
                    flag |= FLAG_STOPPED;
                if (count > 0)
                    flag |= (sh->classic
                             ? sk_is_solution(sh->box_rows, sh->box_cols, puzzle, solution)
                             : sk_geometry_is_solution(sh, puzzle, solution))
                                ? FLAG_VERIFIED : FLAG_BAD_SOLUTION;
                /* a verified solution holds every given, so they cannot clash: the clash
                 * scan is only needed without one (0.2 us of an easy 9x9's 2 us) */
                if (!(flag & FLAG_VERIFIED)
                    && (sh->classic ? sk_givens_clash(sh->box_rows, sh->box_cols, puzzle)
                                    : sk_geometry_clash(sh, puzzle)))
                    flag |= FLAG_CLASH;
            }
            if (out_sol) {
                if (count > 0)
                    memcpy(out_sol + i * ncells, solution, ncells);
                else
                    memset(out_sol + i * ncells, 0, ncells);
            }
            if (out_counts) {
                int64_t c64 = count;
                memcpy(out_counts + 8 * i, &c64, 8);
            }
            if (out_nodes)
                memcpy(out_nodes + 8 * i, &nodes, 8);
            if (out_flags)
                out_flags[i] = (uint8_t)flag;
            /* the clock every 16 records: an easy 9x9 takes about 2 us */
            if ((i & 15) == 15 && now_seconds() - start > BATCH_SECONDS) {
                i++;
                break;
            }
        }
        Py_END_ALLOW_THREADS
        if (interrupted)
            goto out;   /* the signal handler's exception is set */
        if (nomem) {
            PyErr_NoMemory();
            goto out;
        }
        if (PyErr_CheckSignals() < 0)
            goto out;
    }
    result = PyUnicode_FromString(ENGINE_NAMES[engine]);
out:
    sk_work_free(&w);
    PyBuffer_Release(&data);
    if (sols.obj) PyBuffer_Release(&sols);
    if (counts.obj) PyBuffer_Release(&counts);
    if (nodes_v.obj) PyBuffer_Release(&nodes_v);
    if (flags.obj) PyBuffer_Release(&flags);
    return result;
}

/* --- text ----------------------------------------------------------------------------- */

/* The default alphabet (symbols.DEFAULT) for format_lines; reading takes its table from
 * Python (symbols.reading_table, see text.h), so every reader spells alike. */
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
    if (parse_args("parse_lines", args, nargs, kwnames, names, 3, 3, a) < 0)
        return NULL;
    int n;
    if (as_int(a[1], 0, &n, "size") < 0)
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
    PyObject *values = NULL, *errors = NULL, *result = NULL;
    uint8_t *scratch = PyMem_Malloc((size_t)ncells);
    if (!scratch) {
        PyErr_NoMemory();
        goto out;
    }
    /* pass 1: count records (lines that are not blank and not '#' comments) */
    Py_ssize_t nrec = 0;
    for (Py_ssize_t pos = 0; pos < len;) {
        const unsigned char *nl = memchr(buf + pos, '\n', len - pos);
        Py_ssize_t end = nl ? nl - buf : len;
        int code = sk_read_line(buf + pos, end - pos, table, 0, scratch, NULL, NULL);
        if (code != SK_LINE_EMPTY && code != SK_LINE_COMMENT)
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
        int code = sk_read_line(buf + begin, end - begin, table, (size_t)ncells, dst, &where,
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
    PyMem_Free(scratch);
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
    if (parse_args("read_line", args, nargs, kwnames, names, 3, 3, a) < 0)
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
    int code = sk_read_line(text, (size_t)len, table, (size_t)ncells,
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
    if (parse_args("format_lines", args, nargs, kwnames, names, 3, 2, a) < 0)
        return NULL;
    int n;
    if (as_int(a[1], 0, &n, "size") < 0)
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

/* --- module ------------------------------------------------------------------------- */

#define FASTKW(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

static PyMethodDef methods[] = {
    {"propagate", FASTKW(py_propagate),
     "propagate(values, box_rows, box_cols, limit=1, node_limit=0)\n--\n\n"
     "Return (count up to limit, first solution or None, nodes, stopped) by candidate "
     "propagation (C twin of _kernels.propagate)."},
    {"backtrack", FASTKW(py_backtrack),
     "backtrack(values, box_rows, box_cols, limit=1, node_limit=0)\n--\n\n"
     "Return (count up to limit, first solution or None, nodes, stopped) by row-major "
     "backtracking (C twin of _kernels.backtrack)."},
    {"dlx_sudoku", FASTKW(py_dlx_sudoku),
     "dlx_sudoku(values, box_rows, box_cols, limit=1, node_limit=0)\n--\n\n"
     "Return (count up to limit, first solution or None, nodes, stopped) by dancing links on "
     "the cover of sudoku_cover.build_cover (C twin of sudoku_cover.dlx)."},
    {"fast9", FASTKW(py_fast9),
     "fast9(values, box_rows, box_cols, limit=1, node_limit=0)\n--\n\n"
     "Return (count up to limit, first solution or None, guesses, stopped) by the 9x9 "
     "bitboard kernel; box_rows = box_cols = 3 only (else ValueError)."},
    {"learn", FASTKW(py_learn),
     "learn(values, box_rows, box_cols, limit=1, node_limit=0)\n--\n\n"
     "Return (count up to limit, first solution or None, decisions, stopped) by CDCL with "
     "native exactly-one groups (C twin of _kernels.learn)."},
    {"geometry", FASTKW(py_geometry),
     "geometry(n, box_rows, box_cols, classic, unit_start, unit_cells, pairs, links, masks)\n--\n\n"
     "The flat tables of a geometry as an opaque handle, accepted wherever (box_rows, box_cols) is."},
    {"learn_start", FASTKW(py_learn_start),
     "learn_start(values, box_rows, box_cols)\n--\n\n"
     "Start a learn search that can be resumed: an opaque handle for learn_resume (C twin of "
     "_kernels.LearnRun)."},
    {"learn_resume", FASTKW(py_learn_resume),
     "learn_resume(run, limit=1, more=0)\n--\n\n"
     "Go on with a learn search until the count reaches limit (<= 0: all), `more` further "
     "decisions are made (0: no budget) or the search is over; return (count so far, first "
     "solution or None, decisions so far, stopped by the budget)."},
    {"dlx_count", FASTKW(py_dlx_count),
     "dlx_count(n_primary, n_secondary, option_starts, option_items, limit=0, node_limit=0)\n--\n\n"
     "Return (count, first solution as sorted option indices or None, nodes, stopped) "
     "(C twin of exact_cover.dlx_count)."},
    {"is_solution", FASTKW(py_is_solution),
     "is_solution(solution, box_rows, box_cols, puzzle=None)\n--\n\n"
     "Return True if solution is a complete valid grid keeping every given of puzzle."},
    {"batch", FASTKW(py_batch),
     "batch(data, n, box_rows, box_cols, engine, limit=1, node_limit=0, out_solutions=None, "
     "out_counts=None, out_nodes=None, out_flags=None)\n--\n\n"
     "Solve n puzzles of data (n*N*N bytes) into the out buffers (n*N*N bytes, n int64, "
     "n uint64, n uint8 flags); return the engine name used."},
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

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "sudokit._ckernels",
    "C kernels of sudokit: the same functions as sudokit._kernels, on plain data.", -1, methods,
    NULL, NULL, NULL, NULL,
};

extern PyMethodDef sk_canon_methods[]; /* canon.c: canon_lines */

PyMODINIT_FUNC PyInit__ckernels(void)
{
    PyObject *m = PyModule_Create(&moduledef);
    if (!m)
        return NULL;
    main_thread_ident = PyThread_get_thread_ident();   /* replaced below by threading's */
    PyObject *threading = PyImport_ImportModule("threading");
    PyObject *main = threading ? PyObject_CallMethod(threading, "main_thread", NULL) : NULL;
    PyObject *ident = main ? PyObject_GetAttrString(main, "ident") : NULL;
    if (ident && PyLong_Check(ident))
        main_thread_ident = PyLong_AsUnsignedLong(ident);
    Py_XDECREF(ident);
    Py_XDECREF(main);
    Py_XDECREF(threading);
    if (PyErr_Occurred()) {
        Py_DECREF(m);
        return NULL;
    }
#ifndef _WIN32
    pthread_atfork(NULL, NULL, after_fork_child);
#endif
    if (PyModule_AddFunctions(m, sk_canon_methods) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "FLAG_STOPPED", FLAG_STOPPED) < 0
        || PyModule_AddIntConstant(m, "FLAG_VERIFIED", FLAG_VERIFIED) < 0
        || PyModule_AddIntConstant(m, "FLAG_BAD_SOLUTION", FLAG_BAD_SOLUTION) < 0
        || PyModule_AddIntConstant(m, "FLAG_BAD_INPUT", FLAG_BAD_INPUT) < 0
        || PyModule_AddIntConstant(m, "FLAG_CLASH", FLAG_CLASH) < 0
        || PyModule_AddIntConstant(m, "MAX_SIZE", SK_MAX_SIZE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
