/* bind/logic.c -- the Python boundary of the logic finders in C (logic/board.h).
 *
 * Python surface (private; sudokit/logic/_cfast.py is the only caller):
 *
 *   logic_geometry(n, units, peers, full, rows, cols, boxes, crossings, kinds, box_of
 *                  [, links]) -> geometry capsule
 *       units: list of cell lists (Tables.units order); peers: list of cell lists per cell
 *       (Tables.peer_bits as lists); full, boxes: unit index lists; rows, cols: unit index
 *       lists (empty when the geometry has none); crossings: list of (u, v, cell list);
 *       kinds: per unit 0 row, 1 col, 2 box or region, 3 other; box_of: per cell its box
 *       (region) unit or -1; links: Geometry.cell_links (per cell a list of (j, masks),
 *       masks[a - 1] the values of j that the cell holding a excludes), at most LC_MAXLK
 *   logic_state(geometry, values, candidates) -> state capsule
 *   logic_where(state) -> [[0, cells of u holding 1, ..., holding n] for each unit u]
 *
 *   the finders (each binding file names its kernels; kernel files in logic/):
 *   logic_als, logic_als_xz, logic_als_xy, logic_finned,
 *   logic_ape, logic_sdc, logic_two_links                    bind/logic_finders.c
 *   logic_closure, logic_reaches, logic_links_graph, logic_aic,
 *   logic_remote_pair, logic_static, logic_static_next,
 *   logic_static_groups                                       bind/logic_chains.c
 *   logic_dyn, logic_dyn_contra, logic_dyn_common, logic_dyn_size, logic_dyn_nested,
 *   logic_dyn_nishio, logic_dyn_first, logic_dyn_branch,
 *   logic_dyn_proof                                           bind/logic_dynamic.c
 *   logic_probe, logic_placed, logic_ur_candidates, logic_run bind/logic_probe.c
 *   hodoku_expand, hodoku_net_expand, hodoku_chains           bind/logic_hodoku.c
 *
 * Every argument is validated here (sizes, ranges, types); the kernels trust their input.
 */
#include "bind/logic.h"

#include <stdlib.h>
#include <string.h>

#define GEO_NAME "sudokit.logic.geometry"
#define STATE_NAME "sudokit.logic.state"

static void geo_free(PyObject *cap)
{
    free(PyCapsule_GetPointer(cap, GEO_NAME));
}

/* A state capsule's memory: the kernel's state and the geometry capsule it reads. */
typedef struct {
    lc_state s;                             /* first: the capsule pointer is &box->s */
    PyObject *geo_owner;                    /* the geometry capsule (a reference) */
} state_box;

static void state_free(PyObject *cap)
{
    state_box *box = PyCapsule_GetPointer(cap, STATE_NAME);
    if (box) {
        Py_XDECREF(box->geo_owner);
        free(box);
    }
}

/* An int in lo..hi from obj, or -1 with a ValueError naming what. */
static int int_in(PyObject *obj, long lo, long hi, const char *what)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %ld is outside %ld..%ld", what, v, lo, hi);
        return -1;
    }
    return (int)v;
}

/* The ints of a list (at most cap of them, each in lo..hi) into out; their count or -1. */
static int int_list(PyObject *obj, int cap, long lo, long hi, uint8_t *out, const char *what)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq)
        return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (len > cap) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries, at most %d", what, len, cap);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        int v = int_in(PySequence_Fast_GET_ITEM(seq, i), lo, hi, what);
        if (v < 0) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(seq);
    return (int)len;
}

/* A cell list into a set; -1 on error. */
static int cell_set(PyObject *obj, int ncells, lc_set *out, const char *what)
{
    uint8_t cells[LC_MAXC];
    int k = int_list(obj, LC_MAXC, 0, ncells - 1, cells, what);
    if (k < 0)
        return -1;
    *out = LC_EMPTY;
    for (int i = 0; i < k; i++)
        lc_add(out, cells[i]);
    return 0;
}

/* Geometry.cell_links into g (see board.h's lc_geo); 0, or -1 with an exception. */
static int geo_links(lc_geo *g, PyObject *links)
{
    int n = g->n, k = 0;
    PyObject *cs = PySequence_Fast(links, "links must be a list");
    if (!cs)
        return -1;
    if (PySequence_Fast_GET_SIZE(cs) != g->ncells) {
        PyErr_SetString(PyExc_ValueError, "logic_geometry: one link list per cell");
        goto fail;
    }
    for (int c = 0; c < g->ncells; c++) {
        g->link_at[c] = (uint16_t)k;
        PyObject *ls = PySequence_Fast(PySequence_Fast_GET_ITEM(cs, c), "a cell's links");
        if (!ls)
            goto fail;
        Py_ssize_t len = PySequence_Fast_GET_SIZE(ls);
        for (Py_ssize_t i = 0; i < len; i++, k++) {
            PyObject *item = PySequence_Fast_GET_ITEM(ls, i);
            if (k >= LC_MAXLK) {
                PyErr_Format(PyExc_ValueError, "logic_geometry: more than %d links", LC_MAXLK);
                Py_DECREF(ls);
                goto fail;
            }
            if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
                PyErr_SetString(PyExc_ValueError, "logic_geometry: a link is (cell, masks)");
                Py_DECREF(ls);
                goto fail;
            }
            int j = int_in(PyTuple_GET_ITEM(item, 0), 0, g->ncells - 1, "a link's cell");
            PyObject *ms = j < 0 ? NULL : PySequence_Fast(PyTuple_GET_ITEM(item, 1), "masks");
            if (!ms) {
                Py_DECREF(ls);
                goto fail;
            }
            if (PySequence_Fast_GET_SIZE(ms) != n) {
                PyErr_SetString(PyExc_ValueError, "logic_geometry: a link has n masks");
                Py_DECREF(ms);
                Py_DECREF(ls);
                goto fail;
            }
            g->link_cell[k] = (uint8_t)j;
            for (int b = 0; b < n; b++) {
                int m = int_in(PySequence_Fast_GET_ITEM(ms, b), 0, (1L << n) - 1, "a link mask");
                if (m < 0) {
                    Py_DECREF(ms);
                    Py_DECREF(ls);
                    goto fail;
                }
                g->link_mask[k][b] = (uint16_t)m;
            }
            Py_DECREF(ms);
        }
        Py_DECREF(ls);
    }
    g->link_at[g->ncells] = (uint16_t)k;
    g->nlinks = k;
    Py_DECREF(cs);
    return 0;
fail:
    Py_DECREF(cs);
    return -1;
}

static PyObject *logic_geometry(PyObject *self, PyObject *args)
{
    int n;
    PyObject *units, *peers, *full, *rows, *cols, *boxes, *cross, *kinds, *box_of;
    PyObject *links = NULL;
    if (!PyArg_ParseTuple(args, "iOOOOOOOOO|O:logic_geometry", &n, &units, &peers, &full, &rows,
                          &cols, &boxes, &cross, &kinds, &box_of, &links))
        return NULL;
    if (n < 1 || n > LC_MAXN || n * n > LC_MAXC) {
        PyErr_Format(PyExc_ValueError, "logic_geometry: size %d is outside 1..%d", n, LC_MAXN);
        return NULL;
    }
    lc_geo *g = calloc(1, sizeof *g);
    if (!g)
        return PyErr_NoMemory();
    static unsigned serials;
    g->n = n;
    g->ncells = n * n;
    g->serial = ++serials;
    PyObject *us = NULL, *ps = NULL, *xs = NULL;
    uint8_t tmp[LC_MAXU];
    us = PySequence_Fast(units, "units must be a list");
    if (!us)
        goto fail;
    g->nunits = (int)PySequence_Fast_GET_SIZE(us);
    if (g->nunits > LC_MAXU) {
        PyErr_Format(PyExc_ValueError, "logic_geometry: %d units, at most %d", g->nunits, LC_MAXU);
        goto fail;
    }
    for (int u = 0; u < g->nunits; u++) {
        int k = int_list(PySequence_Fast_GET_ITEM(us, u), n, 0, g->ncells - 1, g->unit_cells[u],
                         "a unit's cells");
        if (k < 0)
            goto fail;
        g->unit_len[u] = (uint8_t)k;
        for (int i = 0; i < k; i++)
            lc_add(&g->unit_bits[u], g->unit_cells[u][i]);
    }
    ps = PySequence_Fast(peers, "peers must be a list");
    if (!ps)
        goto fail;
    if (PySequence_Fast_GET_SIZE(ps) != g->ncells) {
        PyErr_SetString(PyExc_ValueError, "logic_geometry: one peer list per cell");
        goto fail;
    }
    for (int c = 0; c < g->ncells; c++)
        if (cell_set(PySequence_Fast_GET_ITEM(ps, c), g->ncells, &g->peers[c], "peers") < 0)
            goto fail;
    if ((g->nfull = int_list(full, LC_MAXU, 0, g->nunits - 1, g->full, "full")) < 0)
        goto fail;
    int nr = int_list(rows, LC_MAXN, 0, g->nunits - 1, g->rows, "rows");
    int nc = int_list(cols, LC_MAXN, 0, g->nunits - 1, g->cols, "cols");
    if (nr < 0 || nc < 0)
        goto fail;
    g->nrows = nr;
    g->ncols = nc;
    if ((nr && nr != n) || (nc && nc != n)) {
        PyErr_SetString(PyExc_ValueError, "logic_geometry: rows and cols hold n units or none");
        goto fail;
    }
    if ((g->nboxes = int_list(boxes, LC_MAXU, 0, g->nunits - 1, g->boxes, "boxes")) < 0)
        goto fail;
    xs = PySequence_Fast(cross, "crossings must be a list");
    if (!xs)
        goto fail;
    g->ncross = (int)PySequence_Fast_GET_SIZE(xs);
    if (g->ncross > LC_MAXX) {
        PyErr_Format(PyExc_ValueError, "logic_geometry: %d crossings, at most %d", g->ncross,
                     LC_MAXX);
        goto fail;
    }
    for (int k = 0; k < g->ncross; k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(xs, k);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_SetString(PyExc_ValueError, "logic_geometry: a crossing is (u, v, cells)");
            goto fail;
        }
        int u = int_in(PyTuple_GET_ITEM(item, 0), 0, g->nunits - 1, "crossing unit");
        int v = u < 0 ? -1 : int_in(PyTuple_GET_ITEM(item, 1), 0, g->nunits - 1, "crossing unit");
        if (v < 0)
            goto fail;
        g->cross_u[k] = (uint8_t)u;
        g->cross_v[k] = (uint8_t)v;
        if (cell_set(PyTuple_GET_ITEM(item, 2), g->ncells, &g->cross_cells[k], "crossing") < 0)
            goto fail;
    }
    if (int_list(kinds, LC_MAXU, 0, 3, g->kind, "kinds") != g->nunits) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "logic_geometry: one kind per unit");
        goto fail;
    }
    {
        PyObject *bs = PySequence_Fast(box_of, "box_of must be a list");
        if (!bs)
            goto fail;
        if (PySequence_Fast_GET_SIZE(bs) != g->ncells) {
            Py_DECREF(bs);
            PyErr_SetString(PyExc_ValueError, "logic_geometry: one box per cell");
            goto fail;
        }
        for (int c = 0; c < g->ncells; c++) {
            int b = int_in(PySequence_Fast_GET_ITEM(bs, c), -1, g->nunits - 1, "box_of");
            if (b == -1 && PyErr_Occurred()) {
                Py_DECREF(bs);
                goto fail;
            }
            g->box_of[c] = (int16_t)b;
        }
        Py_DECREF(bs);
    }
    if (links && links != Py_None && geo_links(g, links) < 0)
        goto fail;
    (void)tmp;
    Py_DECREF(us);
    Py_DECREF(ps);
    Py_DECREF(xs);
    PyObject *cap = PyCapsule_New(g, GEO_NAME, geo_free);
    if (!cap)
        free(g);
    return cap;
fail:
    Py_XDECREF(us);
    Py_XDECREF(ps);
    Py_XDECREF(xs);
    free(g);
    return NULL;
}

static PyObject *logic_state(PyObject *self, PyObject *args)
{
    PyObject *geo, *values, *cands;
    if (!PyArg_ParseTuple(args, "OOO:logic_state", &geo, &values, &cands))
        return NULL;
    const lc_geo *g = PyCapsule_GetPointer(geo, GEO_NAME);
    if (!g)
        return NULL;
    state_box *box = calloc(1, sizeof *box);
    if (!box)
        return PyErr_NoMemory();
    lc_state *s = &box->s;
    s->g = g;
    uint8_t vals[LC_MAXC];
    if (int_list(values, LC_MAXC, 0, g->n, vals, "values") != g->ncells) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "logic_state: %d values needed", g->ncells);
        free(box);
        return NULL;
    }
    memcpy(s->values, vals, (size_t)g->ncells);
    PyObject *cs = PySequence_Fast(cands, "candidates must be a sequence");
    if (!cs || PySequence_Fast_GET_SIZE(cs) != g->ncells) {
        if (cs) {
            PyErr_Format(PyExc_ValueError, "logic_state: %d candidate masks needed", g->ncells);
            Py_DECREF(cs);
        }
        free(box);
        return NULL;
    }
    for (int c = 0; c < g->ncells; c++) {
        int m = int_in(PySequence_Fast_GET_ITEM(cs, c), 0, (1L << g->n) - 1, "a candidate mask");
        if (m < 0) {
            Py_DECREF(cs);
            free(box);
            return NULL;
        }
        s->cands[c] = (uint16_t)m;
        for (unsigned mm = (unsigned)m; mm;)
            lc_add(&s->vcells[lc_popm(&mm) + 1], c);
    }
    Py_DECREF(cs);
    Py_INCREF(geo);
    box->geo_owner = geo;
    PyObject *cap = PyCapsule_New(box, STATE_NAME, state_free);
    if (!cap) {
        Py_DECREF(geo);
        free(box);
    }
    return cap;
}

const lc_state *lc_state_of(PyObject *capsule)
{
    return PyCapsule_GetPointer(capsule, STATE_NAME);
}

PyObject *lc_cells_list(lc_set s)
{
    PyObject *out = PyList_New(lc_count(s));
    if (!out)
        return NULL;
    for (Py_ssize_t i = 0; lc_any(s); i++) {
        PyObject *c = PyLong_FromLong(lc_pop(&s));
        if (!c) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, c);
    }
    return out;
}

PyObject *lc_pairs_list(const lc_set *elim, int n)
{
    PyObject *out = PyList_New(0);
    if (!out)
        return NULL;
    lc_set any = LC_EMPTY;
    for (int v = 1; v <= n; v++)
        any = lc_or(any, elim[v]);
    while (lc_any(any)) {
        int c = lc_pop(&any);
        for (int v = 1; v <= n; v++) {
            if (!lc_has(elim[v], c))
                continue;
            PyObject *pair = Py_BuildValue("(ii)", c, v);
            if (!pair || PyList_Append(out, pair) < 0) {
                Py_XDECREF(pair);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(pair);
        }
    }
    return out;
}

PyObject *lc_words_int(const uint64_t *w, int top)
{
    if (top <= 1)
        return PyLong_FromUnsignedLongLong(top ? w[0] : 0);
    unsigned char bytes[8 * ((LC_MAXN * LC_MAXC + 63) / 64 + 1)], *by = bytes;
    if ((size_t)top * 8 > sizeof bytes && !(by = malloc((size_t)top * 8)))
        return PyErr_NoMemory();
    for (int k = 0; k < top; k++)
        for (int j = 0; j < 8; j++)
            by[8 * k + j] = (unsigned char)(w[k] >> (8 * j));
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *x = PyLong_FromUnsignedNativeBytes(by, (size_t)top * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *x = _PyLong_FromByteArray(by, (size_t)top * 8, 1, 0);
#endif
    if (by != bytes)
        free(by);
    return x;
}

/* A cell set as a Python int (bit c for cell c). */
static PyObject *set_int(lc_set s)
{
    uint64_t w[2] = {s.lo, s.hi};
    return lc_words_int(w, s.hi ? 2 : 1);
}

/* logic_where(state) -> [[0, where(u, 1), ..., where(u, n)] for each unit]: State's where
 * table (the cells of unit u holding value v as a candidate, as an int). */
static PyObject *logic_where(PyObject *self, PyObject *cap)
{
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    const lc_geo *g = s->g;
    PyObject *zero = PyLong_FromLong(0);
    PyObject *out = zero ? PyList_New(g->nunits) : NULL;
    if (!out) {
        Py_XDECREF(zero);
        return NULL;
    }
    for (int u = 0; u < g->nunits; u++) {
        PyObject *row = PyList_New(g->n + 1);
        if (!row)
            goto fail;
        PyList_SET_ITEM(out, u, row);
        Py_INCREF(zero);
        PyList_SET_ITEM(row, 0, zero);
        for (int v = 1; v <= g->n; v++) {
            lc_set w = lc_and(g->unit_bits[u], s->vcells[v]);
            PyObject *x;
            if (lc_any(w)) {
                x = set_int(w);
                if (!x)
                    goto fail;
            } else {
                Py_INCREF(zero);
                x = zero;
            }
            PyList_SET_ITEM(row, v, x);
        }
    }
    Py_DECREF(zero);
    return out;
fail:
    Py_DECREF(zero);
    Py_DECREF(out);
    return NULL;
}

PyMethodDef sk_logic_methods[] = {
    {"hodoku_expand", (PyCFunction)lc_py_hodoku_expand, METH_VARARGS,
     "hodoku_expand(direct, order, cap, /)\n--\n\n"
     "Return, for each node of order, the entries HoDoKu's breadth-first expansion "
     "appends to its table (after the start node and direct[node]) and their "
     "sources; cap: the most entries of a table (C twin of logic/hodoku/tabling.py's "
     "_Tabling._expand_one)."},
    {"hodoku_chains", (PyCFunction)lc_py_hodoku_chains, METH_VARARGS,
     "hodoku_chains(kind, cands, where, free, /)\n--\n\n"
     "Return (start, value, end, length, cells | None) for each chain end of "
     "HoDoKu's simple chains (kind 0 X-chain, 1 XY-chain, 2 remote pair, 3 turbot "
     "fish) that deletes something, in search order; cells only for remote pairs (C "
     "twin of logic/hodoku/chains.py's chain_step search)."},
    {"hodoku_net_expand", (PyCFunction)lc_py_hodoku_net_expand, METH_VARARGS,
     "hodoku_net_expand(own, group_index, order, cap, /)\n--\n\n"
     "Return, for each node of order, the entries HoDoKu's forcing-net expansion "
     "appends to its table (after the start and own[node]) with their source "
     "indexes, distances and \"on\" / \"group\" flags (C twin of logic/hodoku/nets.py's "
     "_NetTabling._expand_one)."},
    {"logic_where", (PyCFunction)logic_where, METH_O,
     "logic_where(state, /)\n--\n\n"
     "Return list: State's where table, [unit][value] -> cell set."},
    {"logic_geometry", (PyCFunction)logic_geometry, METH_VARARGS,
     "logic_geometry(n, units, peers, full, rows, cols, boxes, crossings, kinds, box_of, "
     "links=None, /)\n--\n\n"
     "Return capsule: a geometry's tables for the logic finders (sizes up to 10x10), with "
     "its weak links between cells."},
    {"logic_state", (PyCFunction)logic_state, METH_VARARGS,
     "logic_state(geometry, values, candidates, /)\n--\n\n"
     "Return capsule: one state for the finders."},
    {"logic_als", (PyCFunction)lc_py_als, METH_VARARGS,
     "logic_als(state, max_cells, /)\n--\n\n"
     "Return capsule: the ALSs and restricted commons of a state."},
    {"logic_als_xz", (PyCFunction)lc_py_als_xz, METH_VARARGS,
     "logic_als_xz(res, pos, /)\n--\n\n"
     "Return (next pos, a, b, rcc, pairs) | None: the next ALS-XZ."},
    {"logic_als_xy", (PyCFunction)lc_py_als_xy, METH_VARARGS,
     "logic_als_xy(res, pos, /)\n--\n\n"
     "Return (c, a, b, x, y, pairs) | None: the pos-th ALS-XY-Wing."},
    {"logic_finned", (PyCFunction)lc_py_finned, METH_VARARGS,
     "logic_finned(state, k, /)\n--\n\n"
     "Return bytes: the finned and sashimi fish of size k, 9 bytes each."},
    {"logic_ape", (PyCFunction)lc_py_ape, METH_VARARGS,
     "logic_ape(state, /)\n--\n\n"
     "Return bytes: the base pairs (p, q) of the aligned pair exclusions."},
    {"logic_sdc", (PyCFunction)lc_py_sdc, METH_VARARGS,
     "logic_sdc(state, limit, /)\n--\n\n"
     "Return bytes: the Sue de Coq records (crossing, core, sides)."},
    {"logic_dyn", (PyCFunction)lc_py_dyn, METH_VARARGS,
     "logic_dyn(state, /)\n--\n\n"
     "Return capsule | None: the forcing chains' branch verdicts of a state."},
    {"logic_dyn_contra", (PyCFunction)lc_py_dyn_contra, METH_VARARGS,
     "logic_dyn_contra(ctx, x, plus, depth, /)\n--\n\n"
     "Return bool: x's dynamic branch contradicts."},
    {"logic_dyn_common", (PyCFunction)lc_py_dyn_common, METH_VARARGS,
     "logic_dyn_common(ctx, lits, plus, /)\n--\n\n"
     "Return [(literal, on)] | None: what every branch holds."},
    {"logic_dyn_size", (PyCFunction)lc_py_dyn_size, METH_VARARGS,
     "logic_dyn_size(ctx, x, /)\n--\n\n"
     "Return int: the candidates x's singles branch decides (-1: contra)."},
    {"logic_dyn_nested", (PyCFunction)lc_py_dyn_nested, METH_VARARGS,
     "logic_dyn_nested(ctx, cands, oncells, plus, depth, /)\n--\n\n"
     "Return list: the literals the nesting rule removes from a branch."},
    {"logic_closure", (PyCFunction)lc_py_closure, METH_VARARGS,
     "logic_closure(state, kind, /)\n--\n\n"
     "Return (false, true, looped) bytes: the chains' verdict sets."},
    {"logic_reaches", (PyCFunction)lc_py_reaches, METH_O,
     "logic_reaches(state, /)\n--\n\n"
     "Return bytes: per candidate, what it makes on and off (group graph)."},
    {"logic_dyn_nishio", (PyCFunction)lc_py_dyn_nishio, METH_VARARGS,
     "logic_dyn_nishio(ctx, x, /)\n--\n\n"
     "Return bool: x's value alone contradicts (Nishio)."},
    {"logic_two_links", (PyCFunction)lc_py_two_links, METH_O,
     "logic_two_links(state, /)\n--\n\n"
     "Return bytes: skyscrapers, kites and turbot fish, 8 bytes each."},
    {"logic_probe", (PyCFunction)lc_py_probe, METH_VARARGS,
     "logic_probe(state, codes, start, givens, rects, flags, /)\n--\n\n"
     "Return int: the first ladder position at or after start whose probed technique "
     "fires (logic/probe.c)."},
    {"logic_placed", (PyCFunction)lc_py_placed, METH_O,
     "logic_placed(state, /)\n--\n\n"
     "Return list: the mask of the values placed in each unit."},
    {"logic_ur_candidates", (PyCFunction)lc_py_ur_candidates, METH_VARARGS,
     "logic_ur_candidates(state, rects, givens, /)\n--\n\n"
     "Return [(rectangle, a, b)]: the uniqueness techniques' rectangles "
     "(logic/probe_patterns.c)."},
    {"logic_run", (PyCFunction)lc_py_run, METH_VARARGS,
     "logic_run(state, codes, givens, rects, flags, limit, /)\n--\n\n"
     "Return (records, values, candidates, stop): the ladder's singles, locked "
     "candidates and subsets in a row (logic/run.c)."},
    {"logic_aic", (PyCFunction)lc_py_aic, METH_VARARGS,
     "logic_aic(state, kind, /)\n--\n\n"
     "Return (false, true, looped, k, records, groups): the closure's verdicts and the "
     "AIC search's first layer with a find, chains built (logic/chains.c)."},
    {"logic_remote_pair", (PyCFunction)lc_py_remote_pair, METH_O,
     "logic_remote_pair(state, /)\n--\n\n"
     "Return bool: a remote-pair step exists (logic/chains.c)."},
    {"logic_links_graph", (PyCFunction)lc_py_links_graph, METH_VARARGS,
     "logic_links_graph(state, kind, /)\n--\n\n"
     "Return (weak, strong, groups, starts, cands): the chains' graph of a kind, as "
     "_links.Graph holds it (logic/links.c)."},
    {"logic_dyn_first", (PyCFunction)lc_py_dyn_first, METH_VARARGS,
     "logic_dyn_first(ctx, test, sol, pos, /)\n--\n\n"
     "Return int: the first refutable candidate at or after pos whose Nishio (0), "
     "singles (1) or plus (2) branch contradicts, or -1."},
    {"logic_dyn_branch", (PyCFunction)lc_py_dyn_branch, METH_VARARGS,
     "logic_dyn_branch(ctx, x, /)\n--\n\n"
     "Return (on, off, contra, cands): x's singles branch, recorded."},
    {"logic_dyn_proof", (PyCFunction)lc_py_dyn_proof, METH_VARARGS,
     "logic_dyn_proof(ctx, x, /)\n--\n\n"
     "Return tuple | None: what the contradiction of x's singles branch rests on "
     "(nodes, parents, complexity, spines)."},
    {"logic_static", (PyCFunction)lc_py_static, METH_O,
     "logic_static(state, /)\n--\n\n"
     "Return capsule: the static forcing chains' graph and reach."},
    {"logic_static_next", (PyCFunction)lc_py_static_next, METH_VARARGS,
     "logic_static_next(ctx, mode, pos, /)\n--\n\n"
     "Return tuple | None: the first cell (mode 0) or unit (mode 1) forcing chain step "
     "at or after pos (logic/forcing.c)."},
    {"logic_static_groups", (PyCFunction)lc_py_static_groups, METH_O,
     "logic_static_groups(ctx, /)\n--\n\n"
     "Return [(cells, value)]: the group nodes of the static graph."},
    {NULL, NULL, 0, NULL},
};
