/* logic_dyn_rec.c -- the forcing chains' loops and recorded branches over logic_dyn.c's
 * context (sudokit/logic/techniques/forcing.py and _dynamic.py are the specification):
 *
 *   logic_dyn_nishio(ctx, x) -> bool: x's value alone contradicts (_dynamic.py nishio)
 *   logic_dyn_first(ctx, test, sol, pos) -> the first refutable candidate at or after pos
 *       whose Nishio, singles or plus branch contradicts (forcing.py's loops)
 *   logic_dyn_branch(ctx, x) -> x's singles branch as _dynamic.py propagate records it
 *   logic_dyn_proof(ctx, x) -> what a contradiction step shows of x's singles branch
 */
#include "logic/propagate.h"

#include <stdlib.h>
#include <string.h>

/* x's value alone, placed in x's cell, contradicts (_dynamic.py nishio: its peers lose it,
 * a unit left with one place takes it, until a unit has no place for it or a cell whose
 * only candidate it was loses it). */
static int nishio(const dyn_t *d, int x)
{
    const lc_geo *g = d->g;
    int b = x / d->nc, c = x % d->nc;
    lc_set only = LC_EMPTY;
    for (int e = 0; e < d->nc; e++)
        if (d->s->cands[e] == (1u << b))
            lc_add(&only, e);
    lc_set placed = lc_bit(c);
    lc_set places = lc_andnot(d->base.vcells[b], g->peers[c]);
    if (lc_meets(only, lc_andnot(LC_ALL, places)))
        return 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int p = 0; p < d->F; p++) {
            if (d->placed[p] >> b & 1)
                continue;
            lc_set w = lc_and(places, d->ubits[p]);
            if (!lc_any(w))
                return 1;
            if (lc_meets(w, placed) || lc_count(w) > 1)
                continue;
            placed = lc_or(placed, w);
            places = lc_andnot(places, g->peers[lc_first(w)]);
            if (lc_meets(only, lc_andnot(LC_ALL, places)))
                return 1;
            changed = 1;
        }
    }
    return 0;
}

/* logic_dyn_nishio(ctx, x) -> bool: x's value alone contradicts (see nishio). */
PyObject *lc_py_dyn_nishio(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_nishio", &cap, &x))
        return NULL;
    dyn_t *d = lc_dyn_arg(cap, x);
    if (!d)
        return NULL;
    return PyBool_FromLong(nishio(d, x));
}

/* logic_dyn_first(ctx, test, sol, pos) -> int: the first candidate x at or after position
 * pos (position c * n + b for literal b * nc + c: cell, then value order) that the
 * solution sol lacks (bytes, one value per cell; b"" or a solution the state's values and
 * candidates do not keep: every candidate, as forcing.py _solution)
 * and whose test holds: 0 Nishio (see nishio), 1 the singles branch contradicts, 2 the
 * plus branch contradicts; its position, or -1 (forcing.py's loops over _refutable). */
PyObject *lc_py_dyn_first(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int test, pos;
    const char *sol;
    Py_ssize_t nsol;
    if (!PyArg_ParseTuple(args, "Oiy#i:logic_dyn_first", &cap, &test, &sol, &nsol, &pos))
        return NULL;
    dyn_t *d = PyCapsule_GetPointer(cap, DYN_NAME);
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
    int n = d->n, nc = d->nc;
    for (int c = 0; c < nc && nsol; c++) {    /* a solution the state does not keep: none */
        int v = (uint8_t)sol[c];
        if (v < 1 || v > n || (d->s->values[c] ? d->s->values[c] != v : !(d->s->cands[c] >> (v - 1) & 1)))
            nsol = 0;
    }
    for (int q = pos; q < nc * n; q++) {
        int c = q / n, b = q % n, x = b * nc + c;
        if (!(d->s->cands[c] >> b & 1) || (nsol && (uint8_t)sol[c] == b + 1))
            continue;
        int hit;
        if (test == 0) {
            hit = nishio(d, x);
        } else {
            const verdict_t *v = lc_dyn_verdict(d, x, test == 2);
            if (!v)
                return PyErr_NoMemory();
            hit = v->contra;
        }
        if (hit)
            return PyLong_FromLong(q);
    }
    return PyLong_FromLong(-1);
}

/* Into br: the singles branch of "x on" from the base state, each step recorded in rec. */
static void recorded_branch(dyn_t *d, branch_t *br, rec_t *rec, int x)
{
    lc_dyn_fork(d, br, &d->base, LC_EMPTY);
    rec->seq = 0;
    rec->ck = 0;
    br->rec = rec;
    lc_dyn_set_on(d, br, x, R_ASSUME, 0);
    if (!br->contra)
        lc_dyn_run(d, br, 0, 0);
}

/* logic_dyn_branch(ctx, x) -> (on, off, contra, cands): x's singles branch as _dynamic.py
 * propagate(ctx, [(x, True)]) builds it: on and off {literal: (seq, reason)} in the order
 * found (seq 1, 2, ...; reason ("assume",), ("naked",), ("hidden", full unit position),
 * ("cell", x) or ("peer", x) for the literal x on that removed it), contra None, (1, x)
 * both, (2, cell) or (3, position, value index), cands the candidate masks at the end. */
PyObject *lc_py_dyn_branch(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_branch", &cap, &x))
        return NULL;
    dyn_t *d = lc_dyn_arg(cap, x);
    if (!d)
        return NULL;
    static const char *names[] = {"assume", "naked", "hidden", "cell", "peer"};
    branch_t *br = malloc(sizeof *br);
    rec_t *rec = malloc(sizeof *rec);
    PyObject *res = NULL, *sets[2] = {NULL, NULL}, *cands = NULL, *con = NULL;
    PyObject *word[5] = {NULL}, *alone[2] = {NULL};
    if (!br || !rec) {
        PyErr_NoMemory();
        goto done;
    }
    recorded_branch(d, br, rec, x);
    for (int k = 0; k < 5; k++)
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
    for (int k = 0; k < 5; k++)
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

/* --- the proof of a contradiction ------------------------------------------------------ */

typedef struct {
    const dyn_t *d;
    const rec_t *rec;
    int16_t on_at[LC_MAXL], off_at[LC_MAXL];   /* literal -> its record, -1 */
} proof_t;

/* The records node i rests on (_dynamic.py parents), into out; their count. */
static int parents_of(const proof_t *pf, int i, int *out)
{
    const dyn_t *d = pf->d;
    const rec_t *r = pf->rec;
    int n = d->n, nc = d->nc, x = r->order[i] & 0x7fff, on = r->order[i] >> 15 & 1;
    int b = x / nc, c = x % nc, k = 0, kind = r->kind[i];
    if (kind == R_CELL || kind == R_PEER) {
        out[k++] = pf->on_at[r->arg[i]];
    } else if (kind == R_NAKED && on) {
        for (unsigned m = d->base.cands[c] & ~(1u << b); m;) {
            int j = pf->off_at[lc_popm(&m) * nc + c];
            if (j >= 0)
                out[k++] = j;
        }
    } else if (kind == R_HIDDEN && on) {
        for (lc_set w = lc_andnot(d->base.where[r->arg[i] * n + b], lc_bit(c)); lc_any(w);) {
            int j = pf->off_at[b * nc + lc_pop(&w)];
            if (j >= 0)
                out[k++] = j;
        }
    }
    return k;
}

/* Mark (mark[j] = stamp) what record t rests on, t too; their count. */
static int closure_of(const proof_t *pf, int t, int *mark, int stamp, int *stack)
{
    int sp = 0, count = 1, ps[LC_MAXC + LC_MAXN];
    mark[t] = stamp;
    stack[sp++] = t;
    while (sp) {
        int k = parents_of(pf, stack[--sp], ps);
        for (int q = 0; q < k; q++)
            if (mark[ps[q]] != stamp) {
                mark[ps[q]] = stamp;
                stack[sp++] = ps[q];
                count++;
            }
    }
    return count;
}

/* The spine to record t (forcing.py _spine: from t, the latest parent not yet on it, back
 * to the assumption) as a Python list of indices into the proof's nodes (new[]). */
static PyObject *spine_of(const proof_t *pf, int t, const int *new)
{
    int path[2 * LC_MAXL], len = 0, ps[LC_MAXC + LC_MAXN];
    path[len++] = t;
    for (int node = t;;) {
        int k = parents_of(pf, node, ps), best = -1;
        for (int q = 0; q < k; q++) {
            int seen = 0;
            for (int j = 0; j < len && !seen; j++)
                seen = path[j] == ps[q];
            if (!seen && ps[q] > best)
                best = ps[q];
        }
        if (best < 0)
            break;
        path[len++] = node = best;
    }
    PyObject *out = PyList_New(len);
    for (int j = 0; out && j < len; j++) {
        PyObject *v = PyLong_FromLong(new[path[len - 1 - j]]);
        if (!v) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, j, v);
    }
    return out;
}

/* logic_dyn_proof(ctx, x) -> None when x's singles branch does not contradict, else
 * (contra, nodes, parents, complexity, spines): what forcing.py _contradiction_step reads
 * from that branch (logic_dyn_branch's): contra as there; nodes [(literal, on, kind, arg)]
 * the records the contradiction rests on (dyn.ancestors of dyn.contradiction_nodes), in
 * the order found (kind: 0 assumed, 1 naked, 2 hidden (arg: position), 3 cell, 4 peer);
 * parents [[index, ...]] per node, sorted; complexity (dyn.complexity); spines [[index,
 * ...]]: the spine of each of the two nodes of a "both" contradiction, else of the latest
 * node the contradiction rests on. */
PyObject *lc_py_dyn_proof(PyObject *self, PyObject *args)
{
    PyObject *cap;
    int x;
    if (!PyArg_ParseTuple(args, "Oi:logic_dyn_proof", &cap, &x))
        return NULL;
    dyn_t *d = lc_dyn_arg(cap, x);
    if (!d)
        return NULL;
    branch_t *br = malloc(sizeof *br);
    rec_t *rec = malloc(sizeof *rec);
    proof_t *pf = malloc(sizeof *pf);
    int *mark = NULL, *stack = NULL, *new = NULL;
    PyObject *res = NULL, *nodes = NULL, *parents = NULL, *spines = NULL, *con = NULL;
    if (!br || !rec || !pf) {
        PyErr_NoMemory();
        goto done;
    }
    recorded_branch(d, br, rec, x);
    if (!br->contra) {
        res = Py_None;
        Py_INCREF(res);
        goto done;
    }
    int N = rec->seq, n = d->n, nc = d->nc;
    mark = calloc((size_t)N + 1, sizeof(int));
    stack = malloc(((size_t)N + 1) * sizeof(int));
    new = malloc(((size_t)N + 1) * sizeof(int));
    if (!mark || !stack || !new) {
        PyErr_NoMemory();
        goto done;
    }
    pf->d = d;
    pf->rec = rec;
    memset(pf->on_at, 0xff, sizeof pf->on_at);
    memset(pf->off_at, 0xff, sizeof pf->off_at);
    for (int i = 0; i < N; i++)
        (rec->order[i] >> 15 ? pf->on_at : pf->off_at)[rec->order[i] & 0x7fff] = (int16_t)i;
    /* the contradiction's nodes (dyn.contradiction_nodes) */
    int targets[LC_MAXC + 2], nt = 0;
    if (rec->ck == 1) {
        targets[nt++] = pf->on_at[rec->c1];
        targets[nt++] = pf->off_at[rec->c1];
    } else if (rec->ck == 2) {
        for (unsigned m = d->base.cands[rec->c1]; m;) {
            int j = pf->off_at[lc_popm(&m) * nc + rec->c1];
            if (j >= 0)
                targets[nt++] = j;
        }
    } else {
        for (lc_set w = d->base.where[rec->c1 * n + rec->c2]; lc_any(w);) {
            int j = pf->off_at[rec->c2 * nc + lc_pop(&w)];
            if (j >= 0)
                targets[nt++] = j;
        }
    }
    for (int q = 0; q < nt; q++)
        if (targets[q] < 0) {                   /* a "both" never recorded on: none */
            PyErr_SetString(PyExc_RuntimeError, "logic_dyn_proof: contradiction not recorded");
            goto done;
        }
    long complexity = 0;
    for (int q = 0; q < nt; q++)
        complexity += closure_of(pf, targets[q], mark, q + 2, stack);
    for (int q = 0; q < nt; q++)                /* every ancestor: stamp 1 */
        closure_of(pf, targets[q], mark, 1, stack);
    int count = 0;
    for (int i = 0; i < N; i++)
        new[i] = mark[i] == 1 ? count++ : -1;
    nodes = PyList_New(count);
    parents = PyList_New(count);
    spines = PyList_New(0);
    if (!nodes || !parents || !spines)
        goto done;
    for (int i = 0; i < N; i++) {
        if (new[i] < 0)
            continue;
        int ps[LC_MAXC + LC_MAXN], k = parents_of(pf, i, ps);
        for (int a = 1; a < k; a++)             /* sort the new indices */
            for (int b2 = a; b2 > 0 && new[ps[b2 - 1]] > new[ps[b2]]; b2--) {
                int tmp = ps[b2];
                ps[b2] = ps[b2 - 1];
                ps[b2 - 1] = tmp;
            }
        PyObject *lst = PyList_New(k);
        if (!lst)
            goto done;
        PyList_SET_ITEM(parents, new[i], lst);
        for (int a = 0; a < k; a++) {
            PyObject *v = PyLong_FromLong(new[ps[a]]);
            if (!v)
                goto done;
            PyList_SET_ITEM(lst, a, v);
        }
        PyObject *item = Py_BuildValue("(iOii)", rec->order[i] & 0x7fff,
                                       rec->order[i] >> 15 ? Py_True : Py_False, rec->kind[i],
                                       rec->arg[i]);
        if (!item)
            goto done;
        PyList_SET_ITEM(nodes, new[i], item);
    }
    int latest = targets[0];
    for (int q = 1; q < nt; q++)
        if (targets[q] > latest)
            latest = targets[q];
    for (int q = 0; q < (rec->ck == 1 ? nt : 1); q++) {
        PyObject *sp = spine_of(pf, rec->ck == 1 ? targets[q] : latest, new);
        if (!sp || PyList_Append(spines, sp) < 0) {
            Py_XDECREF(sp);
            goto done;
        }
        Py_DECREF(sp);
    }
    con = rec->ck == 3 ? Py_BuildValue("(iii)", 3, rec->c1, rec->c2)
                       : Py_BuildValue("(ii)", rec->ck, rec->c1);
    if (con)
        res = Py_BuildValue("(OOOlO)", con, nodes, parents, complexity, spines);
done:
    Py_XDECREF(nodes);
    Py_XDECREF(parents);
    Py_XDECREF(spines);
    Py_XDECREF(con);
    free(br);
    free(rec);
    free(pf);
    free(mark);
    free(stack);
    free(new);
    return res;
}
