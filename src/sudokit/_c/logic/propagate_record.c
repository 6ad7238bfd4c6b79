/* logic/propagate_record.c -- the forcing chains' loops and recorded branches over
 * logic/propagate.c's context: twins of parts of sudokit/logic/techniques/forcing.py (its
 * loops over the refutable candidates, _contradiction_step) and of logic/core/propagate.py
 * (nishio, propagate with its record).  The types are drawn in
 * logic/propagate.h; bind/logic_dynamic.c turns the results into Python objects.
 *
 *   lc_dyn_nishio(d, x): x's value alone contradicts (core/propagate.py nishio)
 *   lc_dyn_first(d, test, sol, nsol, pos): the first refutable candidate at or after pos
 *       whose Nishio, singles or plus branch contradicts (forcing.py's loops)
 *   lc_dyn_branch(d, br, rec, x): x's singles branch as core/propagate.py propagate records it
 *   lc_dyn_proof(d, x, ...): what a contradiction step shows of x's singles branch
 */
#include "logic/propagate.h"

#include <stdlib.h>
#include <string.h>

/* x's value alone, placed in x's cell, contradicts (core/propagate.py nishio: its peers lose it,
 * a unit left with one place takes it, until a unit has no place for it or a cell whose
 * only candidate it was loses it). */
int lc_dyn_nishio(const dyn_t *d, int x)
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

/* logic_dyn_first(ctx, test, sol, pos) -> int: the first candidate x at or after position
 * pos (position c * n + b for literal b * nc + c: cell, then value order) that the
 * solution sol lacks (bytes, one value per cell; b"" or a solution the state's values and
 * candidates do not keep: every candidate, as forcing.py _solution)
 * and whose test holds: 0 Nishio (see nishio), 1 the singles branch contradicts, 2 the
 * plus branch contradicts; its position, or -1 (forcing.py's loops over _refutable). */
long lc_dyn_first(dyn_t *d, int test, const uint8_t *sol, int nsol, int pos)
{
    int n = d->n, nc = d->nc;
    for (int c = 0; c < nc && nsol; c++) {    /* a solution the state does not keep: none */
        int v = sol[c];
        if (v < 1 || v > n || (d->s->values[c] ? d->s->values[c] != v : !(d->s->cands[c] >> (v - 1) & 1)))
            nsol = 0;
    }
    for (int q = pos; q < nc * n; q++) {
        int c = q / n, b = q % n, x = b * nc + c;
        if (!(d->s->cands[c] >> b & 1) || (nsol && sol[c] == b + 1))
            continue;
        int hit;
        if (test == 0) {
            hit = lc_dyn_nishio(d, x);
        } else {
            const verdict_t *v = lc_dyn_verdict(d, x, test == 2);
            if (!v)
                return -2;
            hit = v->contra;
        }
        if (hit)
            return q;
    }
    return -1;
}

/* Into br: the singles branch of "x on" from the base state, each step recorded in rec. */
void lc_dyn_branch(dyn_t *d, branch_t *br, rec_t *rec, int x)
{
    lc_dyn_fork(d, br, &d->base, LC_EMPTY);
    rec->seq = 0;
    rec->ck = 0;
    br->rec = rec;
    lc_dyn_set_on(d, br, x, R_ASSUME, 0);
    if (!br->contra)
        lc_dyn_run(d, br, 0, 0);
}

/* --- the proof of a contradiction ------------------------------------------------------ */

typedef struct {
    const dyn_t *d;
    const rec_t *rec;
    int16_t on_at[LC_MAXL], off_at[LC_MAXL];   /* literal -> its record, -1 */
} proof_t;

/* The records node i rests on (core/propagate.py parents), into out; their count. */
static int parents_of(const proof_t *pf, int i, int *out)
{
    const dyn_t *d = pf->d;
    const rec_t *r = pf->rec;
    int n = d->n, nc = d->nc, x = r->order[i] & 0x7fff, on = r->order[i] >> 15 & 1;
    int b = x / nc, c = x % nc, k = 0, kind = r->kind[i];
    if (kind == R_CELL || kind == R_PEER || kind == R_LINK) {
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
 * to the assumption) as indices into the proof's nodes (new[]), from the assumption, into
 * out; its length. */
static int spine_of(const proof_t *pf, int t, const int *new, int *out)
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
    for (int j = 0; j < len; j++)
        out[j] = new[path[len - 1 - j]];
    return len;
}

void lc_dyn_proof_free(lc_dyn_proof_t *out)
{
    free(out->node);
    free(out->par_start);
    free(out->par);
    free(out->spine);
}

int lc_dyn_proof(dyn_t *d, int x, branch_t *br, rec_t *rec, lc_dyn_proof_t *out)
{
    memset(out, 0, sizeof *out);
    proof_t *pf = malloc(sizeof *pf);
    int *mark = NULL, *stack = NULL, *new = NULL, rc = -1;
    if (!pf)
        goto done;
    lc_dyn_branch(d, br, rec, x);
    if (!br->contra) {
        rc = 0;
        goto done;
    }
    int N = rec->seq, n = d->n, nc = d->nc;
    mark = calloc((size_t)N + 1, sizeof(int));
    stack = malloc(((size_t)N + 1) * sizeof(int));
    new = malloc(((size_t)N + 1) * sizeof(int));
    if (!mark || !stack || !new)
        goto done;
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
            rc = -2;
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
    out->count = count;
    out->complexity = complexity;
    out->node = malloc(((size_t)count + 1) * sizeof(int));
    out->par_start = malloc(((size_t)count + 1) * sizeof(int));
    int cap_par = 64, npar = 0;
    out->par = malloc((size_t)cap_par * sizeof(int));
    if (!out->node || !out->par_start || !out->par)
        goto done;
    for (int i = 0; i < N; i++) {                 /* new numbers increase with i */
        if (new[i] < 0)
            continue;
        int ps[LC_MAXC + LC_MAXN], k = parents_of(pf, i, ps);
        for (int a = 1; a < k; a++)             /* sort the new indices */
            for (int b2 = a; b2 > 0 && new[ps[b2 - 1]] > new[ps[b2]]; b2--) {
                int tmp = ps[b2];
                ps[b2] = ps[b2 - 1];
                ps[b2 - 1] = tmp;
            }
        if (npar + k > cap_par) {
            while (npar + k > cap_par)
                cap_par *= 2;
            int *p = realloc(out->par, (size_t)cap_par * sizeof(int));
            if (!p)
                goto done;
            out->par = p;
        }
        out->node[new[i]] = i;
        out->par_start[new[i]] = npar;
        for (int a = 0; a < k; a++)
            out->par[npar++] = new[ps[a]];
    }
    out->par_start[count] = npar;
    int latest = targets[0];
    for (int q = 1; q < nt; q++)
        if (targets[q] > latest)
            latest = targets[q];
    out->nspines = rec->ck == 1 ? nt : 1;
    out->spine = malloc((size_t)out->nspines * (2 * LC_MAXL) * sizeof(int));
    if (!out->spine)
        goto done;
    int len = 0;
    for (int q = 0; q < out->nspines; q++) {
        out->spine_start[q] = len;
        len += spine_of(pf, rec->ck == 1 ? targets[q] : latest, new, out->spine + len);
    }
    out->spine_start[out->nspines] = len;
    rc = 1;
done:
    free(pf);
    free(mark);
    free(stack);
    free(new);
    return rc;
}
