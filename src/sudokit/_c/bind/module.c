/* bind/module.c -- the CPython binding `sudokit._ckernels`: plain data in, plain data out.
 *
 * Python surface (every kernel returns what its pure-Python twin returns):
 *
 *   propagate(values, box_rows, box_cols, limit=1, node_limit=0) -> (count, first|None, nodes, stopped)
 *   backtrack(values, box_rows, box_cols, limit=1, node_limit=0) -> same
 *   dlx_sudoku(values, box_rows, box_cols, limit=1, node_limit=0) -> same as sudoku_cover.dlx
 *   fast9(values, box_rows, box_cols, limit=1, node_limit=0)     -> same shape; 3x3 boxes only;
 *                                                   nodes = fast9 guesses (see solve/fast9.h)
 *   dlx_count(n_primary, n_secondary, option_starts, option_items, limit=0, node_limit=0)
 *                                                -> (count, sorted option list|None, nodes, stopped)
 *   is_solution(solution, box_rows, box_cols, puzzle=None) -> bool   (the independent checker)
 *   geometry(n, box_rows, box_cols, classic, unit_start, unit_cells, pairs, links, masks)
 *                                  -> tables: an opaque handle on a geometry's flat tables
 *                                     (int32 / int16 / uint64 native buffers, see solve/kernels.h)
 *
 * Geometry form: every function that takes (box_rows, box_cols) also takes (tables) in
 * their place, e.g. propagate(values, tables, limit=1, node_limit=0); tables come from
 * geometry() (cached per geometry by _backend.tables) and stay alive as long as the handle.
 *   batch(data, n, box_rows, box_cols, engine, limit, node_limit,
 *         out_solutions, out_counts, out_nodes, out_flags) -> engine name actually used
 *   parse_lines(data, size, table) -> (values: bytearray, errors: list of (record, line, column, char, reason))
 *   read_line(text, table, ncells) -> bytes of values | int (offset of the first bad byte, -1, -2)
 *                                  (solve/text.c; table = symbols.reading_table(alphabet, size))
 *   format_lines(values, size, blank=".") -> bytes
 *   canon_lines(data, n) -> bytes     (solve/canon.c: canonical forms of n 9x9 puzzles, 81 bytes each)
 *
 *   the logic finders (logic_*) and SE's rater (se_*): see bind/logic.c and bind/se.c;
 *   src/sudokit/_ckernels.pyi lists every function with its signature.
 *
 * The tree (every Python-API line is in bind/; the kernels take plain buffers):
 *
 *   solve/    the solving and format kernels: solve/kernels.h (the shared shape),
 *             shape.c, anysize.c, backtrack.c, dlx.c, fast9.c, learn*.c, canon.c, text.c,
 *             batch.c (the batch loop)
 *   logic/    the twins of sudokit.logic's techniques and core (logic/board.h)
 *   se/       the twins of Sudoku Explainer's rater (se/se.h)
 *   include/  bits.h (bit counts), poll.h (the Ctrl-C poll): shared by every folder
 *   isa/      the hot files compiled again for AVX2 and AVX-512, and the level in use
 *             (isa/isa.h: chosen at import from SUDOKIT_CPU or the CPU, bind/isa.c)
 *   bind/     the Python boundary, one file per family; bind/module.h declares what
 *             crosses files (prefix sk_), each file registers its own method table:
 *
 *   bind/module.c    this overview, Ctrl-C, argument helpers, puzzles in, module init
 *   bind/solve.c     propagate, backtrack, dlx_sudoku, fast9, learn, learn_start,
 *                    learn_resume, learn_last, batch (the layout of its buffers is drawn there)
 *   bind/cover.c     dlx_count
 *   bind/geometry.c  geometry, the geometry form, is_solution
 *   bind/text.c      read_line, parse_lines, format_lines
 *   bind/canon.c     canon_lines
 *   bind/logic*.c    logic_geometry, logic_state and the logic finders (bind/logic.h)
 *   bind/se.c        se_path_run, se_producer, se_static_chains, se_chaining
 *   bind/isa.c       cpu_level, cpu_levels (the instruction level, SUDOKIT_CPU)
 *
 * Includes name their folder from _c ("se/se.h"); headers form a DAG: bind/ includes
 * kernels' headers, never the other way, and no .c file includes another but the level
 * files of isa/ (each compiles one kernel file again for its level).
 *
 * The binding validates what memory safety needs (shape, lengths, bytes <= N, item
 * indices); kernels trust their input.  Every kernel runs with the GIL released on a
 * private copy of its input.  batch() releases the GIL per chunk (at most 4096 records or
 * about 50 ms) and checks for Ctrl-C between chunks.
 *
 * Ctrl-C: called from the main thread, every kernel gets a poll (include/poll.h) that re-takes
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
#include "bind/module.h"

#include <string.h>
#ifndef _WIN32
#include <pthread.h>
#endif

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
int sk_check_signals(void)
{
    return PyErr_CheckSignals();
}

sk_poll *sk_poll_here(void)
{
    return PyThread_get_thread_ident() == main_thread_ident ? &signal_poll : NULL;
}

/* --- argument helpers ------------------------------------------------------------- */

/* Fill out[0..nnames-1] (borrowed, NULL when absent) from fastcall args. */
int sk_parse_args(const char *fname, PyObject *const *args, Py_ssize_t nargs,
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
int sk_as_ll(PyObject *obj, long long dflt, long long *out)
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

int sk_as_int(PyObject *obj, int dflt, int *out, const char *what)
{
    long long v;
    if (sk_as_ll(obj, dflt, &v) < 0)
        return -1;
    if (v < INT_MIN || v > INT_MAX) {
        PyErr_Format(PyExc_ValueError, "%s = %lld is out of range", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* --- puzzles in ------------------------------------------------------------------------ */

/* Copy a puzzle (bytes-like, or a sequence of ints) into out[ncells]; check bytes <= n. */
int sk_get_values(PyObject *obj, int n, uint8_t *out, const char *what)
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

/* --- module ------------------------------------------------------------------------- */

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "sudokit._ckernels",
    "C kernels of sudokit: the same functions as sudokit.engine._kernels, on plain data.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

/* Every binding file's functions (bind/module.h). */
static PyMethodDef *const method_tables[] = {sk_solve_methods, sk_cover_methods,
                                             sk_geometry_methods, sk_text_methods,
                                             sk_canon_methods, sk_se_methods,
                                             sk_logic_methods, sk_isa_methods};

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
    if (sk_isa_init() < 0) {
        Py_DECREF(m);
        return NULL;
    }
    for (size_t k = 0; k < sizeof method_tables / sizeof method_tables[0]; k++) {
        if (PyModule_AddFunctions(m, method_tables[k]) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    }
    if (PyModule_AddIntConstant(m, "FLAG_STOPPED", FLAG_STOPPED) < 0
        || PyModule_AddIntConstant(m, "FLAG_VERIFIED", FLAG_VERIFIED) < 0
        || PyModule_AddIntConstant(m, "FLAG_BAD_SOLUTION", FLAG_BAD_SOLUTION) < 0
        || PyModule_AddIntConstant(m, "FLAG_BAD_INPUT", FLAG_BAD_INPUT) < 0
        || PyModule_AddIntConstant(m, "FLAG_CLASH", FLAG_CLASH) < 0
        || PyModule_AddIntConstant(m, "MAX_SIZE", SK_MAX_SIZE) < 0
        /* 1: geometry() takes rules over many cells, and every kernel but dlx_sudoku
         * honours them (solve/rules.c, solve/learn_groups.c) */
        || PyModule_AddIntConstant(m, "SUMS", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
