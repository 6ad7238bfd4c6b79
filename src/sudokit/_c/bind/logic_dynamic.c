/* bind/logic_dynamic.c -- the bindings of the forcing chains' dynamic branches
 * (logic/propagate.c, logic/propagate_record.c; types in logic/propagate.h):
 *
 *   logic_dyn(state) -> capsule | None (None: a geometry the C branches do not handle)
 *   logic_dyn_contra(ctx, x, plus, depth) -> bool: x's branch contradicts
 *   logic_dyn_common(ctx, lits, plus) -> None when a branch of lits contradicts, else
 *       [(literal, on)]: what every branch holds that the state still has (on literals
 *       outside lits, sorted, then off literals, sorted): forcing.py _common
 *   logic_dyn_size(ctx, x) -> the state's candidates x's singles branch decides (-1: it
 *       contradicts): forcing.py _reach_size
 *   logic_dyn_nested(ctx, cands, oncells, plus, depth) -> [literal]: the nesting rule on
 *       a branch of core/propagate.py (its candidate masks, the 16 little-endian bytes of
 *       the cells it set on): the candidates of its first cell whose branch one level
 *       down contradicts (_nested; [] none)
 *   logic_dyn_nishio, logic_dyn_first, logic_dyn_branch, logic_dyn_proof (below)
 */
#include "bind/logic.h"

#include <stdlib.h>
#include <string.h>

#include "logic/propagate.h"

#define DYN_NAME "sudokit.logic.dyn"

typedef struct {
    dyn_t *d;
    PyObject *owner;                   /* the state capsule (d reads the state) */
} dyn_box;

static void dyn_free(PyObject *cap)
{
    dyn_box *box = PyCapsule_GetPointer(cap, DYN_NAME);
    if (!box)
        return;
    lc_dyn_free(box->d);
    Py_XDECREF(box->owner);
    free(box);
}

PyObject *lc_py_dyn(PyObject *self, PyObject *args)
{
    PyObject *cap;
    if (!PyArg_ParseTuple(args, "O:logic_dyn", &cap))
        return NULL;
    const lc_state *s = lc_state_of(cap);
    if (!s)
        return NULL;
    dyn_t *d;
    int made = lc_dyn_new(s, &d);
    if (made < 0)
        return PyErr_NoMemory();
    if (!made)
        Py_RETURN_NONE;
    dyn_box *box = malloc(sizeof *box);
    PyObject *out = box ? PyCapsule_New(box, DYN_NAME, dyn_free) : NULL;
    if (!out) {
        free(box);
        lc_dyn_free(d);
        return box ? NULL : PyErr_NoMemory();
    }
    box->d = d;
    Py_INCREF(cap);
    box->owner = cap;
    return out;
}

/* The context of a capsule; NULL on error. */
static dyn_t *dyn_of(PyObject *cap)
{
    dyn_box *box = PyCapsule_GetPointer(cap, DYN_NAME);
    return box ? box->d : NULL;
}

/* The context and a literal (a candidate of the state) from args; NULL on error. */
static dyn_t *dyn_arg(PyObject *cap, int x)
{
    dyn_t *d = dyn_of(cap);
    if (!d)
        return NULL;
    if (!lc_dyn_is_literal(d, x)) {
        PyErr_Format(PyExc_ValueError, "logic_dyn: literal %d is not a candidate", x);
        return NULL;
    }
    return d;
}

PyObject *lc_py_dyn_contra(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x, plus, depth;
    if (!PyArg_ParseTuple(args, "Oipi:logic_dyn_contra", &cap, &x, &plus, &depth))
        return NULL;
    dyn_t *d = dyn_arg(cap, x);
    if (!d)
        return NULL;
    if (depth < 0 || depth > 64) {
        PyErr_Format(PyExc_ValueError, "logic_dyn_contra: depth %d is outside 0..64", depth);
        return NULL;
    }
    int contra = lc_dyn_contra(d, x, plus, depth);
    if (contra < 0)
        return PyErr_NoMemory();
    return PyBool_FromLong(contra);
}

PyObject *lc_py_dyn_common(PyObject *self, PyObject *args)
{
    PyObject *cap, *lits;
    int plus;
    if (!PyArg_ParseTuple(args, "OOp:logic_dyn_common", &cap, &lits, &plus))
        return NULL;
    dyn_t *d = dyn_of(cap);
    if (!d)
        return NULL;
    PyObject *seq = PySequence_Fast(lits, "lits must be a sequence");
    if (!seq)
        return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    lits_t on, off, mine;
    memset(&on, 0xff, sizeof on);
    memset(&off, 0xff, sizeof off);
    memset(&mine, 0, sizeof mine);
    for (Py_ssize_t i = 0; i < k; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (!dyn_arg(cap, (int)x)) {
            Py_DECREF(seq);
            return NULL;
        }
        const verdict_t *v = lc_dyn_verdict(d, (int)x, plus);
        if (!v) {
            Py_DECREF(seq);
            return PyErr_NoMemory();
        }
        if (v->contra) {
            Py_DECREF(seq);
            Py_RETURN_NONE;
        }
        ladd(&mine, (int)x);
        for (int w = 0; w < LW; w++) {
            on.w[w] &= v->on.w[w];
            off.w[w] &= v->off.w[w];
        }
    }
    Py_DECREF(seq);
    PyObject *out = PyList_New(0);
    if (!out || k == 0)
        return out;
    for (int side = 1; side >= 0; side--) {
        const lits_t *set = side ? &on : &off;
        for (int y = 0; y < d->nlits; y++) {
            if (!lhas(set, y) || !(d->s->cands[y % d->nc] >> (y / d->nc) & 1))
                continue;
            if (side && lhas(&mine, y))
                continue;
            PyObject *item = Py_BuildValue("(iO)", y, side ? Py_True : Py_False);
            if (!item || PyList_Append(out, item) < 0) {
                Py_XDECREF(item);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(item);
        }
    }
    return out;
}

PyObject *lc_py_dyn_nested(PyObject *self, PyObject *args)
{
    PyObject *cap, *masks;
    Py_buffer on;
    int plus, depth;
    if (!PyArg_ParseTuple(args, "OOy*pi:logic_dyn_nested", &cap, &masks, &on, &plus, &depth))
        return NULL;
    PyObject *out = NULL, *seq = NULL;
    dyn_t *d = dyn_of(cap);
    if (!d)
        goto done;
    if (depth < 1 || depth > 64 || on.len != 16) {
        PyErr_SetString(PyExc_ValueError, "logic_dyn_nested: depth 1..64, oncells 16 bytes");
        goto done;
    }
    seq = PySequence_Fast(masks, "cands must be a sequence");
    if (!seq)
        goto done;
    if (PySequence_Fast_GET_SIZE(seq) != d->nc) {
        PyErr_SetString(PyExc_ValueError, "logic_dyn_nested: one candidate mask per cell");
        goto done;
    }
    uint16_t cands[LC_MAXC];
    for (int c = 0; c < d->nc; c++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (m == -1 && PyErr_Occurred())
            goto done;
        /* a branch only narrows the state: its masks are within the state's */
        if (m < 0 || (m & ~(long)d->s->cands[c])) {
            PyErr_SetString(PyExc_ValueError, "logic_dyn_nested: a mask outside the state's");
            goto done;
        }
        cands[c] = (uint16_t)m;
    }
    lc_set oncells;
    memcpy(&oncells.lo, on.buf, 8);
    memcpy(&oncells.hi, (const char *)on.buf + 8, 8);
    int found[LC_MAXN];
    int nf = lc_dyn_nested_at(d, cands, oncells, plus, depth, found);
    if (nf < 0) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyList_New(nf);
    for (int i = 0; out && i < nf; i++) {
        PyObject *x = PyLong_FromLong(found[i]);
        if (!x) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, x);
    }
done:
    Py_XDECREF(seq);
    PyBuffer_Release(&on);
    return out;
}

PyObject *lc_py_dyn_size(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_size", &cap, &x))
        return NULL;
    dyn_t *d = dyn_arg(cap, x);
    if (!d)
        return NULL;
    long total = lc_dyn_size(d, x);
    if (total == -2)
        return PyErr_NoMemory();
    return PyLong_FromLong(total);
}

/* logic_dyn_nishio(ctx, x) -> bool: x's value alone contradicts (core/propagate.py nishio). */
PyObject *lc_py_dyn_nishio(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_nishio", &cap, &x))
        return NULL;
    dyn_t *d = dyn_arg(cap, x);
    if (!d)
        return NULL;
    return PyBool_FromLong(lc_dyn_nishio(d, x));
}

/* logic_dyn_first(ctx, test, sol, pos) -> int: the first candidate x at or after position
 * pos (position c * n + b for literal b * nc + c: cell, then value order) that the
 * solution sol lacks (bytes, one value per cell; b"" or a solution the state's values and
 * candidates do not keep: every candidate, as forcing.py _solution)
 * and whose test holds: 0 Nishio, 1 the singles branch contradicts, 2 the
 * plus branch contradicts; its position, or -1 (forcing.py's loops over _refutable). */
PyObject *lc_py_dyn_first(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int test, pos;
    const char *sol;
    Py_ssize_t nsol;
    if (!PyArg_ParseTuple(args, "Oiy#i:logic_dyn_first", &cap, &test, &sol, &nsol, &pos))
        return NULL;
    dyn_t *d = dyn_of(cap);
    if (!d)
        return NULL;
    if (test < 0 || test > 2) {
        PyErr_Format(PyExc_ValueError, "logic_dyn_first: test %d is outside 0..2", test);
        return NULL;
    }
    if (nsol != 0 && nsol != d->nc) {
        PyErr_Format(PyExc_ValueError, "logic_dyn_first: %zd solution values, %d needed",
                     nsol, d->nc);
        return NULL;
    }
    if (pos < 0) {
        PyErr_Format(PyExc_ValueError, "logic_dyn_first: position %d is negative", pos);
        return NULL;
    }
    long q = lc_dyn_first(d, test, (const uint8_t *)sol, (int)nsol, pos);
    if (q == -2)
        return PyErr_NoMemory();
    return PyLong_FromLong(q);
}

/* logic_dyn_branch(ctx, x) -> (on, off, contra, cands): x's singles branch as core/propagate.py
 * propagate(ctx, [(x, True)]) builds it: on and off {literal: (seq, reason)} in the order
 * found (seq 1, 2, ...; reason ("assume",), ("naked",), ("hidden", full unit position),
 * ("cell", x), ("peer", x) or ("link", x) for the literal x on that removed it), contra
 * None, (1, x) both, (2, cell) or (3, position, value index), cands the candidate masks
 * at the end. */
PyObject *lc_py_dyn_branch(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_branch", &cap, &x))
        return NULL;
    dyn_t *d = dyn_arg(cap, x);
    if (!d)
        return NULL;
    static const char *names[] = {"assume", "naked", "hidden", "cell", "peer", "link"};
    branch_t *br = malloc(sizeof *br);
    rec_t *rec = malloc(sizeof *rec);
    PyObject *res = NULL, *sets[2] = {NULL, NULL}, *cands = NULL, *con = NULL;
    PyObject *word[6] = {NULL}, *alone[2] = {NULL};
    if (!br || !rec) {
        PyErr_NoMemory();
        goto done;
    }
    lc_dyn_branch(d, br, rec, x);
    for (int k = 0; k < 6; k++)
        if (!(word[k] = PyUnicode_InternFromString(names[k])))
            goto done;
    alone[0] = PyTuple_Pack(1, word[R_ASSUME]);
    alone[1] = PyTuple_Pack(1, word[R_NAKED]);
    sets[0] = PyDict_New();
    sets[1] = PyDict_New();
    cands = PyList_New(d->nc);
    if (!alone[0] || !alone[1] || !sets[0] || !sets[1] || !cands)
        goto done;
    for (int i = 0; i < rec->seq; i++) {
        int kind = rec->kind[i];
        PyObject *why;
        if (kind == R_ASSUME || kind == R_NAKED) {
            why = alone[kind == R_NAKED];
            Py_INCREF(why);
        } else {
            why = Py_BuildValue("(Oi)", word[kind], rec->arg[i]);
        }
        PyObject *key = why ? PyLong_FromLong(rec->order[i] & 0x7fff) : NULL;
        PyObject *val = key ? Py_BuildValue("(iN)", i + 1, why) : NULL;
        if (!val) {
            if (!key)
                Py_XDECREF(why);
            Py_XDECREF(key);
            goto done;
        }
        int err = PyDict_SetItem(sets[rec->order[i] >> 15 & 1], key, val);
        Py_DECREF(key);
        Py_DECREF(val);
        if (err < 0)
            goto done;
    }
    for (int c = 0; c < d->nc; c++) {
        PyObject *m = PyLong_FromLong(br->cands[c]);
        if (!m)
            goto done;
        PyList_SET_ITEM(cands, c, m);
    }
    if (!br->contra) {
        con = Py_None;
        Py_INCREF(con);
    } else if (rec->ck == 3) {
        con = Py_BuildValue("(iii)", 3, rec->c1, rec->c2);
    } else {
        con = Py_BuildValue("(ii)", rec->ck, rec->c1);
    }
    if (con)
        res = PyTuple_Pack(4, sets[1], sets[0], con, cands);
done:
    for (int k = 0; k < 6; k++)
        Py_XDECREF(word[k]);
    Py_XDECREF(alone[0]);
    Py_XDECREF(alone[1]);
    Py_XDECREF(sets[0]);
    Py_XDECREF(sets[1]);
    Py_XDECREF(cands);
    Py_XDECREF(con);
    free(br);
    free(rec);
    return res;
}

/* logic_dyn_proof(ctx, x) -> None when x's singles branch does not contradict, else
 * (contra, nodes, parents, complexity, spines): what forcing.py _contradiction_step reads
 * from that branch (logic_dyn_branch's): contra as there; nodes [(literal, on, kind, arg)]
 * the records the contradiction rests on (dyn.ancestors of dyn.contradiction_nodes), in
 * the order found (kind: 0 assumed, 1 naked, 2 hidden (arg: position), 3 cell, 4 peer, 5 link);
 * parents [[index, ...]] per node, sorted; complexity (dyn.complexity); spines [[index,
 * ...]]: the spine of each of the two nodes of a "both" contradiction, else of the latest
 * node the contradiction rests on. */
PyObject *lc_py_dyn_proof(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_proof", &cap, &x))
        return NULL;
    dyn_t *d = dyn_arg(cap, x);
    if (!d)
        return NULL;
    branch_t *br = malloc(sizeof *br);
    rec_t *rec = malloc(sizeof *rec);
    lc_dyn_proof_t pf;
    memset(&pf, 0, sizeof pf);
    PyObject *res = NULL, *nodes = NULL, *parents = NULL, *spines = NULL, *con = NULL;
    int rc = br && rec ? lc_dyn_proof(d, x, br, rec, &pf) : -1;
    if (rc == -1) {
        PyErr_NoMemory();
        goto done;
    }
    if (rc == -2) {
        PyErr_SetString(PyExc_RuntimeError, "logic_dyn_proof: contradiction not recorded");
        goto done;
    }
    if (rc == 0) {
        res = Py_NewRef(Py_None);
        goto done;
    }
    nodes = PyList_New(pf.count);
    parents = PyList_New(pf.count);
    spines = PyList_New(pf.nspines);
    if (!nodes || !parents || !spines)
        goto done;
    for (int j = 0; j < pf.count; j++) {
        int i = pf.node[j], from = pf.par_start[j], to = pf.par_start[j + 1];
        PyObject *lst = PyList_New(to - from);
        if (!lst)
            goto done;
        PyList_SET_ITEM(parents, j, lst);
        for (int a = from; a < to; a++) {
            PyObject *v = PyLong_FromLong(pf.par[a]);
            if (!v)
                goto done;
            PyList_SET_ITEM(lst, a - from, v);
        }
        PyObject *item = Py_BuildValue("(iOii)", rec->order[i] & 0x7fff,
                                       rec->order[i] >> 15 ? Py_True : Py_False, rec->kind[i],
                                       rec->arg[i]);
        if (!item)
            goto done;
        PyList_SET_ITEM(nodes, j, item);
    }
    for (int q = 0; q < pf.nspines; q++) {
        int from = pf.spine_start[q], to = pf.spine_start[q + 1];
        PyObject *sp = PyList_New(to - from);
        if (!sp)
            goto done;
        PyList_SET_ITEM(spines, q, sp);
        for (int j = from; j < to; j++) {
            PyObject *v = PyLong_FromLong(pf.spine[j]);
            if (!v)
                goto done;
            PyList_SET_ITEM(sp, j - from, v);
        }
    }
    con = rec->ck == 3 ? Py_BuildValue("(iii)", 3, rec->c1, rec->c2)
                       : Py_BuildValue("(ii)", rec->ck, rec->c1);
    if (con)
        res = Py_BuildValue("(OOOlO)", con, nodes, parents, pf.complexity, spines);
done:
    Py_XDECREF(nodes);
    Py_XDECREF(parents);
    Py_XDECREF(spines);
    Py_XDECREF(con);
    lc_dyn_proof_free(&pf);
    free(br);
    free(rec);
    return res;
}
