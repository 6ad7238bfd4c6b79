/* bind/isa.c -- the instruction level in the binding (isa/isa.h): chosen once at import from
 * SUDOKIT_CPU, seen and (for tests and benchmarks) switched from Python.
 *
 *   SUDOKIT_CPU   unset, "" or "auto": the best level the CPU runs
 *                 "baseline", "avx2", "avx512": that level, or the best one below it that
 *                 the CPU runs (cpu_level() says which); case and spaces do not matter
 *                 anything else: a RuntimeWarning naming the levels, and the best level (an
 *                 import never fails on it: the setting may come from another version)
 *
 *   cpu_level(level=None) -> str     the level in use; with a level name (or "auto"), switch
 *                                    to it first, as SUDOKIT_CPU would (ValueError for an
 *                                    unknown name).  Every level computes the same results;
 *                                    a call already running finishes at its own level.
 *   cpu_levels() -> tuple[str, ...]  the levels this build has and this CPU runs, lowest first
 */
#include "bind/module.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define AUTO (-2)

/* The level a setting names (AUTO for "", "auto"), or -1; spaces around it and case ignored. */
static int parse_level(const char *text)
{
    char name[16];
    size_t len;
    while (isspace((unsigned char)*text))
        text++;
    for (len = strlen(text); len && isspace((unsigned char)text[len - 1]); len--)
        ;
    if (len >= sizeof name)     /* longer than any name */
        return -1;
    for (size_t k = 0; k < len; k++)
        name[k] = (char)tolower((unsigned char)text[k]);
    name[len] = 0;
    if (len == 0 || strcmp(name, "auto") == 0)
        return AUTO;
    return sk_isa_level_of(name);
}

static const char LEVELS[] = "auto, baseline, avx2, avx512";

int sk_isa_init(void)
{
    const char *env = getenv("SUDOKIT_CPU");
    int level = env ? parse_level(env) : AUTO;
    if (level == -1) {
        if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                             "SUDOKIT_CPU=%.40s is not an instruction level (%s): the C kernels "
                             "use %s, the best this CPU runs", env, LEVELS,
                             sk_isa_name(sk_isa_best())) < 0)
            return -1;
        level = AUTO;
    }
    sk_isa_use(level == AUTO ? sk_isa_best() : level);
    return 0;
}

static PyObject *py_cpu_level(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"level"};
    PyObject *a[1];
    if (sk_parse_args("cpu_level", args, nargs, kwnames, names, 1, 0, a) < 0)
        return NULL;
    if (a[0] && a[0] != Py_None) {
        Py_ssize_t size = 0;
        const char *text = PyUnicode_Check(a[0]) ? PyUnicode_AsUTF8AndSize(a[0], &size) : NULL;
        if (!text) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "cpu_level: level must be a str");
            return NULL;
        }
        int level = strlen(text) == (size_t)size ? parse_level(text) : -1;
        if (level == -1) {
            PyErr_Format(PyExc_ValueError, "cpu_level: %R is not an instruction level (%s)",
                         a[0], LEVELS);
            return NULL;
        }
        sk_isa_use(level == AUTO ? sk_isa_best() : level);
    }
    return PyUnicode_FromString(sk_isa_now()->name);
}

static PyObject *py_cpu_levels(PyObject *self, PyObject *unused)
{
    int levels[SK_ISA_COUNT], k = 0;
    for (int level = 0; level < SK_ISA_COUNT; level++)
        if (sk_isa_runs(level))
            levels[k++] = level;
    PyObject *out = PyTuple_New(k);
    for (int i = 0; out && i < k; i++) {
        PyObject *name = PyUnicode_FromString(sk_isa_name(levels[i]));
        if (!name)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, i, name);
    }
    return out;
}

PyMethodDef sk_isa_methods[] = {
    {"cpu_level", FASTKW(py_cpu_level),
     "cpu_level(level=None)\n--\n\n"
     "Return the instruction level the C kernels use ('baseline', 'avx2' or 'avx512'); with a "
     "level name (or 'auto'), switch to that level first, or to the best one below it that "
     "this CPU runs.  The same results at every level."},
    {"cpu_levels", (PyCFunction)py_cpu_levels, METH_NOARGS,
     "cpu_levels()\n--\n\n"
     "Return the instruction levels this build has and this CPU runs, lowest first."},
    {NULL, NULL, 0, NULL},
};
