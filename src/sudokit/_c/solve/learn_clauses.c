/* solve/learn_clauses.c -- conflict analysis and the clause database of the learn kernel
 * (solve/learn.h's lctx; the algorithm is at the top of solve/learn.c): 1UIP learning with recursive
 * minimisation, storing clauses with two watches, and halving the database.
 *
 * Representation
 * --------------
 *   arena   every learnt or blocking clause as [id, size, lit0, lit1, ...], in id order;
 *           a clause is known by the offset of lit0 (c[-1] its size, c[-2] its id)
 *
 *      arena | id0 sz0 l l l | id1 sz1 l l | id2 sz2 l l l l | ...
 *                      ^               ^             ^
 *                      coff[0]         coff[1]       coff[2]      (coff: -1 once deleted)
 *
 *   watches[l]  pairs (clause offset, blocker) of the clauses watching literal l (their
 *               lit0 or lit1), visited when l becomes false
 *   clbd[id], cdel[id]  the LBD and the deleted flag of each clause id
 *   reason[v] = MKR(x, kind), and a conflict (confl_a = x, confl_kind = kind):
 *               R_CLAUSE  x = a clause id
 *               R_GROUP   x = the exactly-one group that forced v (or ran empty)
 *               R_BIN     x = the true literal whose group falsified v
 *               R_TGROUP  x = a group with two true literals (conflicts only)
 *               R_NONE    a decision or a given
 */
#include <string.h>

#include "solve/learn.h"

static void bump(lctx *s, int v)
{
    s->act[v] += s->var_inc;
    if (s->act[v] > 1e100) {
        for (int i = 0; i < s->nv; i++)
            s->act[i] *= 1e-100;
        s->var_inc *= 1e-100;
    }
}

/* The literals (false ones) of a reason or conflict, without variable skip (-1: none). */
static int reason_lits(lctx *s, int rsn, int skip, int *out)
{
    int k = rsn & 7, x = rsn >> 3, n = 0;
    if (k == R_CLAUSE) {
        const int *c = s->arena + s->coff[x];
        for (int i = 0, sz = c[-1]; i < sz; i++)
            if ((c[i] >> 1) != skip)
                out[n++] = c[i];
    } else if (k == R_GROUP) {
        /* the false literals assigned before skip's; those of level 0 are left out, as
         * every caller ignores them */
        int lim = skip >= 0 ? s->tpos[skip] : s->nv;
        const int *gl = s->glits + s->gstart[x];
        int size = s->gstart[x + 1] - s->gstart[x];
        if (size > BIG_GROUP) {   /* a big group (solve/learn.h): no masks */
            for (int i = 0; i < size; i++)
                if (s->val[gl[i]] == 0 && s->tpos[gl[i]] < lim)
                    out[n++] = 2 * gl[i];
            return n;
        }
        uint64_t full = size == 64 ? ~0ULL : (1ULL << size) - 1;
        for (uint64_t b = ~(s->gmask[x] | s->g0mask[x]) & full; b; b &= b - 1) {
            int m = gl[__builtin_ctzll(b)];
            if (s->tpos[m] < lim)
                out[n++] = 2 * m;
        }
    } else if (k == R_TGROUP) {
        for (int i = s->gstart[x]; i < s->gstart[x + 1]; i++) {
            int m = s->glits[i];
            if (s->val[m] == 1)
                out[n++] = 2 * m + 1;
        }
    } else if (k == R_BIN) {
        out[n++] = x ^ 1;
    }
    return n;
}

static inline unsigned abstract_level(const lctx *s, int v) { return 1u << (s->level[v] & 31); }

/* Push a frame for variable v on stack: (v, next, end, start) over its reason literals,
 * appended to rl.  -1 out of memory. */

static inline int push_frame(lctx *s, int v)
{
    ivec *rl = &s->rl, *st = &s->stack;
    int need = rl->n + s->nv + s->n; /* the longest reason: a clause, at most nv literals */
    if (rl->cap < need && reserve(s, rl, need, 1024) < 0)
        return -1;
    if (st->cap < st->n + 4 && reserve(s, st, st->n + 4, 1024) < 0)
        return -1;
    int start = rl->n;
    rl->n += reason_lits(s, s->reason[v], v, rl->a + start);
    int *f = st->a + st->n;
    f[0] = v;
    f[1] = start;
    f[2] = rl->n;
    f[3] = start;
    st->n += 4;
    return 0;
}

/* Is learnt literal p implied by the other seen literals?  Yes when every path back from p
 * through the reasons of unseen variables of level > 0 ends at seen (or level-0) ones
 * without meeting one that is a decision or of a level outside abst.  The answer does not
 * depend on the order of the search, so this is a depth-first search (the harness and
 * _learn.LearnContext.lit_redundant use a stack of literals) that also remembers, until
 * analyze clears seen:
 *   seen 1  the variables whose whole cone it explored: redundant, also after a failure
 *           (they only ever stop later searches early, which changes no answer);
 *   seen 2  the variables on the path to a failure: never removable in this analysis, as
 *           the failing variable never becomes seen, so later searches stop at once.
 * Every variable it marks goes on toclear. */
static int lit_redundant(lctx *s, int p, unsigned abst)
{
    ivec *st = &s->stack;
    st->n = 0;
    s->rl.n = 0;
    if (push_frame(s, p >> 1) < 0)
        return 0;
    while (st->n > 0) {
        int *f = st->a + st->n - 4; /* variable, next, end, start */
        if (f[1] == f[2]) {
            s->rl.n = f[3];
            st->n -= 4;
            continue;
        }
        int l = s->rl.a[f[1]++], u = l >> 1;
        if (s->seen[u] == 1 || s->level[u] == 0)
            continue;
        if (s->seen[u] == 0 && s->reason[u] != R_NONE && (abstract_level(s, u) & abst)) {
            s->seen[u] = 1;
            ipush(s, &s->toclear, l);
            if (push_frame(s, u) < 0)
                return 0;
            continue;
        }
        for (int k = 4; k < st->n; k += 4) /* the path, not p itself (a clause literal) */
            s->seen[st->a[k]] = 2;
        return 0;
    }
    return 1;
}

/* 1UIP: fills learnt (learnt.a[0] asserting, learnt.a[1] of the backtrack level), returns
 * the backtrack level and *lbd_out. */
int sk_learn_analyze(lctx *s, int *lbd_out)
{
    s->learnt.n = 0;
    ipush(s, &s->learnt, -1);
    int pathc = 0, p = -1, index = s->ntrail - 1;
    int *buf = s->rbuf;
    int n = reason_lits(s, MKR(s->confl_a, s->confl_kind), -1, buf);
    for (;;) {
        for (int i = 0; i < n; i++) {
            int q = buf[i], u = q >> 1;
            if (!s->seen[u] && s->level[u] > 0) {
                s->seen[u] = 1;
                bump(s, u);
                if (s->level[u] >= s->nlevels)
                    pathc++;
                else
                    ipush(s, &s->learnt, q);
            }
        }
        while (!s->seen[s->trail[index]])
            index--;
        p = s->trail[index];
        index--;
        s->seen[p] = 0;
        pathc--;
        if (pathc == 0)
            break;
        n = reason_lits(s, s->reason[p], p, buf);
    }
    s->learnt.a[0] = s->val[p] == 1 ? 2 * p + 1 : 2 * p;
    /* minimise */
    s->toclear.n = 0;
    for (int i = 1; i < s->learnt.n; i++)
        ipush(s, &s->toclear, s->learnt.a[i]);
    unsigned abst = 0;
    for (int i = 1; i < s->learnt.n; i++)
        abst |= abstract_level(s, s->learnt.a[i] >> 1);
    int j = 1;
    for (int i = 1; i < s->learnt.n; i++) {
        int l = s->learnt.a[i];
        if (s->reason[l >> 1] == R_NONE || !lit_redundant(s, l, abst))
            s->learnt.a[j++] = l;
    }
    s->learnt.n = j;
    for (int i = 0; i < s->toclear.n; i++)
        s->seen[s->toclear.a[i] >> 1] = 0;
    int bl = 0;
    if (s->learnt.n > 1) {
        int mi = 1;
        for (int i = 2; i < s->learnt.n; i++)
            if (s->level[s->learnt.a[i] >> 1] > s->level[s->learnt.a[mi] >> 1])
                mi = i;
        int t = s->learnt.a[1];
        s->learnt.a[1] = s->learnt.a[mi];
        s->learnt.a[mi] = t;
        bl = s->level[s->learnt.a[1] >> 1];
    }
    s->lvlstamp++;
    int lbd = 0;
    for (int i = 0; i < s->learnt.n; i++) {
        int lv = s->level[s->learnt.a[i] >> 1];
        if (s->lvlseen[lv] != s->lvlstamp) {
            s->lvlseen[lv] = s->lvlstamp;
            lbd++;
        }
    }
    *lbd_out = lbd;
    return bl;
}

/* Add a clause (n >= 2, lits[0] and lits[1] watched); its id, or -1 out of memory. */
int sk_learn_add_clause(lctx *s, const int *lits, int n, int lbd)
{
    if (s->ncls == s->capcls) {
        int cap = s->capcls ? 2 * s->capcls : 1024;
        int *coff = realloc(s->coff, sizeof(int) * (size_t)cap);
        if (!coff)
            return -1;
        s->coff = coff;
        int *clbd = realloc(s->clbd, sizeof(int) * (size_t)cap);
        if (!clbd)
            return -1;
        s->clbd = clbd;
        char *cdel = realloc(s->cdel, (size_t)cap);
        if (!cdel)
            return -1;
        s->cdel = cdel;
        s->capcls = cap;
    }
    if (n + 2 > s->acap - s->alen) {
        if ((long long)s->alen + n + 2 > 0x7fffffffLL / 2)
            return -1;
        int cap = s->acap ? s->acap : 4096;
        while (cap - s->alen < n + 2)
            cap *= 2;
        int *a = realloc(s->arena, sizeof(int) * (size_t)cap);
        if (!a)
            return -1;
        s->arena = a;
        s->acap = cap;
    }
    int id = s->ncls++;
    int *c = s->arena + s->alen; /* the id, the size, then the literals */
    c[0] = id;
    c[1] = n;
    memcpy(c + 2, lits, sizeof(int) * (size_t)n);
    int off = s->alen + 2;
    s->alen += n + 2;
    s->coff[id] = off;
    s->clbd[id] = lbd;
    s->cdel[id] = 0;
    ipush2(s, &s->watches[lits[0]], off, lits[1]);
    ipush2(s, &s->watches[lits[1]], off, lits[0]);
    return s->oom ? -1 : id;
}

/* merge sort of clause ids by (lbd descending, id ascending): a total order, like the
 * harness's qsort with cmp_red, without shared state */
static void sort_cand(const int *clbd, int *a, int *tmp, int n)
{
    if (n < 2)
        return;
    int h = n / 2;
    sort_cand(clbd, a, tmp, h);
    sort_cand(clbd, a + h, tmp, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) {
        int x = a[i], y = a[j];
        int y_first = clbd[y] > clbd[x] || (clbd[y] == clbd[x] && y < x);
        tmp[k++] = y_first ? a[j++] : a[i++];
    }
    while (i < h)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
}

void sk_learn_reduce_db(lctx *s)
{
    s->cand.n = 0;
    for (int i = 0; i < s->ncls; i++) {
        if (s->cdel[i] || s->clbd[i] <= 2 || s->arena[s->coff[i] - 1] <= 2)
            continue;
        int v0 = s->arena[s->coff[i]] >> 1;
        if (s->val[v0] >= 0 && s->reason[v0] == MKR(i, R_CLAUSE))
            continue;
        ipush(s, &s->cand, i);
    }
    if (s->oom)
        return;
    s->tmp.n = 0;
    for (int i = 0; i < s->cand.n; i++)
        ipush(s, &s->tmp, 0);
    if (s->oom)
        return;
    sort_cand(s->clbd, s->cand.a, s->tmp.a, s->cand.n);
    for (int i = 0; i < s->cand.n / 2; i++)
        s->cdel[s->cand.a[i]] = 1;
    /* drop the watches of deleted clauses (the order of the others is kept), so that
     * propagation never meets one; the kept ones hold the clause id for now */
    int *arena = s->arena;
    for (int l = 0; l < 2 * s->nv; l++) {
        ivec *ws = &s->watches[l];
        int j = 0;
        for (int i = 0; i < ws->n; i += 2) {
            int id = arena[ws->a[i] - 2];
            if (!s->cdel[id]) {
                ws->a[j++] = id;
                ws->a[j++] = ws->a[i + 1];
            }
        }
        ws->n = j;
    }
    /* compact the arena in id order, then turn the watches' ids back into offsets */
    int w = 0;
    for (int id = 0; id < s->ncls; id++) {
        int off = s->coff[id];
        if (off < 0)
            continue;
        if (s->cdel[id]) {
            s->coff[id] = -1;
            continue;
        }
        int sz = arena[off - 1];
        memmove(arena + w, arena + off - 2, sizeof(int) * (size_t)(sz + 2));
        s->coff[id] = w + 2;
        w += sz + 2;
    }
    s->alen = w;
    for (int l = 0; l < 2 * s->nv; l++) {
        ivec *ws = &s->watches[l];
        for (int i = 0; i < ws->n; i += 2)
            ws->a[i] = s->coff[ws->a[i]];
    }
}
