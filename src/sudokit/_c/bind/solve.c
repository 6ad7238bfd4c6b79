/* bind/solve.c -- the Sudoku kernels in the binding: one puzzle per call (propagate,
 * backtrack, dlx_sudoku, fast9, learn), a learn search kept between calls (learn_start,
 * learn_resume) and many puzzles per call (batch: the loop is solve/batch.c).  Each kernel
 * runs with the GIL released on a private copy of its input, at the instruction level in
 * use (isa/isa.h: sk_isa_now).
 *
 * Representation
 * --------------
 *   batch buffers (n records):
 *
 *   data, out_solutions   n * N*N bytes, record i at offset i*N*N, values 0..N row-major
 *   out_counts            n int64 (native order): exact (see "Counts" in bind/module.c)
 *   out_nodes             n uint64 (native order)
 *   out_flags             n uint8:   bit 0  FLAG_STOPPED       node limit ran out
 *                                    bit 1  FLAG_VERIFIED      a solution, checked by is_solution
 *                                    bit 2  FLAG_BAD_SOLUTION  the checker rejected it (a bug)
 *                                    bit 3  FLAG_BAD_INPUT     a byte > N: record skipped
 *                                    bit 4  FLAG_CLASH         givens clash ("illegal")
 *   Any out_* may be None.
 *
 *   A learn run: a PyCapsule named "sudokit._ckernels.learn_run" around a learn_box (the
 *   sk_learn_run, its grid size, and a busy flag that refuses a second concurrent resume).
 */
#include "bind/module.h"

#include <string.h>

#include "isa/isa.h"

static const char *const ENGINE_NAMES[] = {"propagate", "backtrack", "dlx", "fast9"};

/* dlx_sudoku builds the cover of units, pairs and links only: the cover of the rules over
 * many cells is built in Python (sudoku_cover.dlx) and searched with dlx_count. */
static const char DLX_RULES[] = "dlx_sudoku does not take rules over many cells: build their "
                                "cover with sudoku_cover.dlx (engine=dlx_count)";

/* --- one puzzle per call ------------------------------------------------------------- */

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
    nargs = sk_geometry_form(&args, nargs, kwnames, 1, buf);
    if (sk_parse_args(fname, args, nargs, kwnames, names, 5, 3, a) < 0)
        return NULL;
    const sk_shape *sh = sk_get_shape(a[1], a[2]);
    if (!sh)
        return NULL;
    if (engine == SK_ENG_FAST9 && !(sh->classic && sh->box_rows == 3 && sh->box_cols == 3)) {
        PyErr_Format(PyExc_ValueError, "fast9 solves 9x9 grids with 3x3 boxes only, not %dx%d "
                     "boxes", sh->box_rows, sh->box_cols);
        return NULL;
    }
    if (engine == SK_ENG_DLX && sh->nprops) {
        PyErr_SetString(PyExc_ValueError, DLX_RULES);
        return NULL;
    }
    long long limit, node_limit;
    if (sk_as_ll(a[3], 1, &limit) < 0 || sk_as_ll(a[4], 0, &node_limit) < 0)
        return NULL;
    uint8_t values[SK_MAX_SIZE * SK_MAX_SIZE], solution[SK_MAX_SIZE * SK_MAX_SIZE];
    if (sk_get_values(a[0], sh->n, values, "values") < 0)
        return NULL;
    uint64_t nodes = 0;
    int stopped = 0;
    long long count;
    sk_work w;
    sk_work_init(&w);
    sk_poll *poll = sk_poll_here();
    Py_BEGIN_ALLOW_THREADS
    count = sk_isa_now()->run_engine(engine, sh, &w, values, limit, node_limit, solution,
                                     &nodes, &stopped, poll);
    Py_END_ALLOW_THREADS
    sk_work_free(&w);
    return kernel_result(count, solution, sh->ncells, nodes, stopped);
}

static PyObject *py_propagate(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    return kernel_call(SK_ENG_PROPAGATE, "propagate", args, nargs, kwnames);
}

static PyObject *py_backtrack(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    return kernel_call(SK_ENG_BACKTRACK, "backtrack", args, nargs, kwnames);
}

static PyObject *py_dlx_sudoku(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    return kernel_call(SK_ENG_DLX, "dlx_sudoku", args, nargs, kwnames);
}

static PyObject *py_fast9(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return kernel_call(SK_ENG_FAST9, "fast9", args, nargs, kwnames);
}

/* --- learn runs ---------------------------------------------------------------------- */

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
    nargs = sk_geometry_form(&args, nargs, kwnames, 1, buf);
    if (sk_parse_args("learn_start", args, nargs, kwnames, names, 3, 3, a) < 0)
        return NULL;
    const sk_shape *sh = sk_get_shape(a[1], a[2]);
    if (!sh)
        return NULL;
    uint8_t values[SK_MAX_SIZE * SK_MAX_SIZE];
    if (sk_get_values(a[0], sh->n, values, "values") < 0)
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
    if (sk_parse_args("learn_resume", args, nargs, kwnames, names, 3, 1, a) < 0)
        return NULL;
    learn_box *b = PyCapsule_GetPointer(a[0], LEARN_RUN);
    if (!b)
        return NULL;
    long long limit, more;
    if (sk_as_ll(a[1], 1, &limit) < 0 || sk_as_ll(a[2], 0, &more) < 0)
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
    sk_poll *poll = sk_poll_here();
    Py_BEGIN_ALLOW_THREADS
    count = sk_learn_resume(b->run, sk_kernel_limit(limit), more > 0 ? (uint64_t)more : 0,
                            solution, &nodes, &stopped, poll);
    Py_END_ALLOW_THREADS
    b->busy = 0;
    sk_mark_saturated(limit, count, &stopped);
    return kernel_result(count, solution, b->ncells, nodes, stopped);
}

static PyObject *py_learn_last(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    static const char *const names[] = {"run"};
    PyObject *a[1];
    if (sk_parse_args("learn_last", args, nargs, kwnames, names, 1, 1, a) < 0)
        return NULL;
    learn_box *b = PyCapsule_GetPointer(a[0], LEARN_RUN);
    if (!b)
        return NULL;
    if (b->busy) {
        PyErr_SetString(PyExc_RuntimeError, "learn_last: this search is running in another thread");
        return NULL;
    }
    uint8_t solution[SK_MAX_SIZE * SK_MAX_SIZE];
    if (!sk_learn_last(b->run, solution))
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)solution, b->ncells);
}

static PyObject *py_learn(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return kernel_call(SK_ENG_LEARN, "learn", args, nargs, kwnames);
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
        return square3 ? SK_ENG_FAST9 : SK_ENG_PROPAGATE;
    for (int k = 0; k < 4; k++) {
        if (PyUnicode_CompareWithASCIIString(obj, ENGINE_NAMES[k]) == 0) {
            if (k == SK_ENG_DLX && sh->nprops) {
                PyErr_SetString(PyExc_ValueError, DLX_RULES);
                return -1;
            }
            if (k == SK_ENG_FAST9 && !square3) {
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

#define BATCH_CHUNK 4096
#define BATCH_SECONDS 0.05

static PyObject *py_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    static const char *const names[] = {"data", "n", "box_rows", "box_cols", "engine", "limit",
                                        "node_limit", "out_solutions", "out_counts",
                                        "out_nodes", "out_flags"};
    PyObject *a[11], *buf[16];
    nargs = sk_geometry_form(&args, nargs, kwnames, 2, buf);
    if (sk_parse_args("batch", args, nargs, kwnames, names, 11, 5, a) < 0)
        return NULL;
    long long n_ll, limit, node_limit;
    if (sk_as_ll(a[1], 0, &n_ll) < 0 || sk_as_ll(a[5], 1, &limit) < 0
        || sk_as_ll(a[6], 0, &node_limit) < 0)
        return NULL;
    const sk_shape *sh = sk_get_shape(a[2], a[3]);
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
    sk_batch job = {engine, sh, &w, limit, node_limit, data.buf, sols.buf, flags.buf,
                    counts.buf, nodes_v.buf, sk_poll_here()};
    const sk_isa_fns *isa = sk_isa_now();
    Py_ssize_t i = 0;
    while (i < n) {
        int status;
        size_t end = (size_t)(i + BATCH_CHUNK < n ? i + BATCH_CHUNK : n);
        Py_BEGIN_ALLOW_THREADS
        i = (Py_ssize_t)isa->batch_run(&job, (size_t)i, end, BATCH_SECONDS, &status);
        Py_END_ALLOW_THREADS
        if (status == SK_INTERRUPTED)
            goto out;   /* the signal handler's exception is set */
        if (status < 0) {
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

PyMethodDef sk_solve_methods[] = {
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
    {"learn_start", FASTKW(py_learn_start),
     "learn_start(values, box_rows, box_cols)\n--\n\n"
     "Start a learn search that can be resumed: an opaque handle for learn_resume (C twin of "
     "_kernels.LearnRun)."},
    {"learn_resume", FASTKW(py_learn_resume),
     "learn_resume(run, limit=1, more=0)\n--\n\n"
     "Go on with a learn search until the count reaches limit (<= 0: all), `more` further "
     "decisions are made (0: no budget) or the search is over; return (count so far, first "
     "solution or None, decisions so far, stopped by the budget)."},
    {"learn_last", FASTKW(py_learn_last),
     "learn_last(run)\n--\n\n"
     "Return the solution a learn search stopped at (its count reached the limit), or None "
     "when it is not paused at one (C twin of _kernels.LearnRun.last)."},
    {"batch", FASTKW(py_batch),
     "batch(data, n, box_rows, box_cols, engine, limit=1, node_limit=0, out_solutions=None, "
     "out_counts=None, out_nodes=None, out_flags=None)\n--\n\n"
     "Solve n puzzles of data (n*N*N bytes) into the out buffers (n*N*N bytes, n int64, "
     "n uint64, n uint8 flags); return the engine name used."},
    {NULL, NULL, 0, NULL},
};
