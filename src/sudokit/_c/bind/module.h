/* bind/module.h -- what the binding files of `sudokit._ckernels` share (Python here).
 *
 * The module is one extension built from several files (bind/module.c lists them and draws the
 * Python surface).  Each binding file keeps its functions static and registers them in its
 * own method table (sk_*_methods below), which PyInit__ckernels adds to the module; the
 * helpers every binding needs are declared here, with the sk_ prefix (global symbols).
 */
#ifndef SUDOKIT_MODULE_H
#define SUDOKIT_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>

#include "isa/isa.h"          /* the chosen instruction level: sk_isa */
#include "solve/batch.h"      /* FLAG_*, sk_kernel_limit, sk_mark_saturated */
#include "solve/kernels.h"

/* A method table entry for a fastcall function taking keywords. */
#define FASTKW(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

/* --- bind/module.c --------------------------------------------------------------------- */

/* PyErr_CheckSignals as a kernel's poll callback (GIL held): < 0 with the exception set. */
int sk_check_signals(void);
/* The poll for a kernel about to run in this thread (Ctrl-C): NULL off the main thread. */
sk_poll *sk_poll_here(void);

/* Fill out[0..nnames-1] (borrowed, NULL when absent) from fastcall args; -1 with a
 * TypeError naming fname for a missing, unknown or repeated argument. */
int sk_parse_args(const char *fname, PyObject *const *args, Py_ssize_t nargs,
                  PyObject *kwnames, const char *const *names, int nnames, int nrequired,
                  PyObject **out);
/* A Python int (NULL: dflt) as long long, clamped to the long long range; -1 on error. */
int sk_as_ll(PyObject *obj, long long dflt, long long *out);
/* The same as an int; out of the int range: ValueError naming what. */
int sk_as_int(PyObject *obj, int dflt, int *out, const char *what);
/* Copy a puzzle (bytes-like, or a sequence of ints) into out[n*n]; -1 with an error naming
 * what unless it holds exactly n*n values 0..n. */
int sk_get_values(PyObject *obj, int n, uint8_t *out, const char *what);

/* --- bind/geometry.c ------------------------------------------------------------------ */

/* The tables named by (box_rows, box_cols), or by a geometry handle in rows_obj; NULL with
 * an exception for an unsupported box shape. */
const sk_shape *sk_get_shape(PyObject *rows_obj, PyObject *cols_obj);
/* The geometry form: args[at] a tables handle standing for (box_rows, box_cols); see
 * bind/geometry.c.  buf holds at least 16 entries. */
Py_ssize_t sk_geometry_form(PyObject *const **args, Py_ssize_t nargs, PyObject *kwnames,
                            int at, PyObject **buf);

/* --- the method tables, one per binding file ------------------------------------------ */

extern PyMethodDef sk_solve_methods[];     /* bind/solve.c */
extern PyMethodDef sk_cover_methods[];     /* bind/cover.c */
extern PyMethodDef sk_geometry_methods[];  /* bind/geometry.c */
extern PyMethodDef sk_text_methods[];      /* bind/text.c */
extern PyMethodDef sk_canon_methods[];     /* bind/canon.c */
extern PyMethodDef sk_se_methods[];        /* bind/se.c (sudokit.rate: SE's loop, producers) */
extern PyMethodDef sk_logic_methods[];     /* bind/logic.c (sudokit.logic's C finders) */
extern PyMethodDef sk_isa_methods[];       /* bind/isa.c (cpu_level, cpu_levels) */

/* --- bind/isa.c ------------------------------------------------------------------------ */

/* Choose the instruction level from SUDOKIT_CPU (module init); -1 with an exception when
 * the warning for an unknown setting was turned into an error. */
int sk_isa_init(void);

#endif /* SUDOKIT_MODULE_H */
