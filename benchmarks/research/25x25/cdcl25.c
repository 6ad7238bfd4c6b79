/* cdcl25.c -- research harness: a CDCL solver specialised for Sudoku (square boxes).
 *
 * Variables x(cell, d) = "cell holds value d+1", v = cell*N + d.  Native "exactly K" groups
 * of literals (K = 1 for the 4*N*N Sudoku groups) are propagated with two counters per
 * group (non-false literals, true literals): K true literals falsify the rest (reason: those
 * true literals, for K = 1 the single one), K non-false literals left are all forced true
 * (reason: the other literals false), fewer than K non-false or more than K true is a
 * conflict.  Reasons are built lazily at analysis time, filtered by trail position.
 * Learned clauses: two watched literals with blockers.  1UIP learning, recursive
 * minimisation, EVSIDS, phase saving, glucose (LBD average) or Luby restarts, LBD-based
 * database reduction.  Deterministic: no randomness, time is only used for the cap.
 *
 * usage: cdcl25 [options] file [line ...]      (lines 1-based; default all)
 *   -t SECS    CPU time cap per puzzle (default 60)     -c N   conflict cap per puzzle
 *   -r0/-r1    restarts: 0 Luby (unit -u N, default 100), 1 glucose (default)
 *   -p0/-p1    initial phase false / true (default true)   -s0/-s1 phase saving (default on)
 *   -d F       VSIDS decay (default 0.95)                   -R FIRST INC  reduction schedule
 *   -L         segment encoding: aux y(row r, box-column band j, d) = "d is in that 5-cell
 *              row segment", same for columns; groups {-y, x...} per segment, {y over bands}
 *              per row, {y over the box's rows} per box (replaces row/col/box groups; unit
 *              propagation then does locked candidates)
 *   -K         (with -L) segment cardinality groups: exactly BC of y(r,j,*) are true
 *   -A0        (with -L) never decide aux variables
 *   -P1/-P2    root probing of two-literal groups (join both branches), at start / + restarts
 *   -T1/-T2    target phases (phases of the longest conflict-free trail; T2: reset at restart)
 *   -H1        first-fail decisions: the exactly-one group without a true literal with the
 *              fewest non-false literals, its unassigned literal of highest activity (ties:
 *              first in group order), set true; VSIDS is only the tie-break
 *   -H2        as -H1, but the group with the largest summed activity, then its best literal
 *   -X         pair rule (naked pair, hidden pair, X-wing) inside propagation
 *   -q         summary only.  Every solution is verified (rows/cols/boxes, givens).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------------------------ */
/* options */
static int opt_restart = 1, opt_phase = 1, opt_save = 1, opt_luby_unit = 100, opt_quiet = 0;
static double opt_decay = 0.95;
static long long opt_conflict_cap = -1;
static double opt_time_cap = 60;
static int opt_reduce_first = 2000, opt_reduce_inc = 300;
static int opt_lc = 0, opt_card = 0;
static int opt_target = 0;
static signed char *tphase;
static int target_len;
static int opt_dec_aux = 1; /* locked-candidate segments (auxiliary groups) */

/* ------------------------------------------------------------------------------------ */
/* problem structure */
static int N, BR, BC, NC, NV, NG, NX; /* NX: x variables (N^3); NV: all variables */
static int *glits;   /* literals of group g: glits[gstart[g] .. gstart[g+1]-1] */
static int *gstart;
static int *occ;     /* groups containing literal l: occ[ostart[l] .. ostart[l+1]-1] */
static int *ostart;

/* solver state */
static signed char *val;   /* -1 unassigned, 0 false, 1 true */
static int *level, *reason, *trail, *trail_lim;
static int ntrail, qhead, nlevels;
static int *cnt;
static double *act, var_inc;
static int *heap, *heap_pos, heap_n;
static signed char *phase;
static char *seen;

typedef struct { int *a; int n, cap; } ivec;
static void ipush(ivec *v, int x)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 8;
        v->a = realloc(v->a, sizeof(int) * v->cap);
    }
    v->a[v->n++] = x;
}

static ivec precs; /* pair-rule records: g1, g2, p, q, p2, q2 */
static int opt_pair = 0;
static long long pair_apps;
static ivec *watches; /* per literal: pairs (clause id, blocker) */
static int **cls;
static int *csize, *clbd;
static char *cdel;
static int ncls, capcls;

static long long conflicts, decisions, propagations, probe_props;
static int probing;
static long long lsize_sum, llbd_sum;

#define R_NONE 0
#define R_CLAUSE 1
#define R_GROUP 2
#define R_BIN 3
#define R_TGROUP 4
#define R_PAIR 5
#define MKR(x, k) (((x) << 3) | (k))

static inline int litval(int l)
{
    int v = val[l >> 1];
    return v < 0 ? -1 : (v ^ (l & 1));
}

/* heap (max activity) */
static inline int heap_lt(int a, int b) { return act[a] > act[b]; }
static void heap_up(int i)
{
    int x = heap[i];
    while (i > 0) {
        int p = (i - 1) >> 1;
        if (!heap_lt(x, heap[p]))
            break;
        heap[i] = heap[p];
        heap_pos[heap[i]] = i;
        i = p;
    }
    heap[i] = x;
    heap_pos[x] = i;
}
static void heap_down(int i)
{
    int x = heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= heap_n)
            break;
        if (c + 1 < heap_n && heap_lt(heap[c + 1], heap[c]))
            c++;
        if (!heap_lt(heap[c], x))
            break;
        heap[i] = heap[c];
        heap_pos[heap[i]] = i;
        i = c;
    }
    heap[i] = x;
    heap_pos[x] = i;
}
static void heap_insert(int v)
{
    if (heap_pos[v] >= 0)
        return;
    heap[heap_n] = v;
    heap_pos[v] = heap_n;
    heap_n++;
    heap_up(heap_n - 1);
}
static int heap_pop(void)
{
    int x = heap[0];
    heap_n--;
    heap_pos[x] = -1;
    if (heap_n > 0) {
        heap[0] = heap[heap_n];
        heap_pos[heap[0]] = 0;
        heap_down(0);
    }
    return x;
}

static void bump(int v)
{
    act[v] += var_inc;
    if (act[v] > 1e100) {
        for (int i = 0; i < NV; i++)
            act[i] *= 1e-100;
        var_inc *= 1e-100;
    }
    if (heap_pos[v] >= 0)
        heap_up(heap_pos[v]);
}

/* ------------------------------------------------------------------------------------ */
static ivec gl_tmp, gs_tmp, gk_tmp;
static int *gk, *tcnt, *tpos;
static void add_groupk(const int *lits, int n, int k)
{
    if (gs_tmp.n == 0)
        ipush(&gs_tmp, 0);
    for (int i = 0; i < n; i++)
        ipush(&gl_tmp, lits[i]);
    ipush(&gs_tmp, gl_tmp.n);
    ipush(&gk_tmp, k);
}
static void add_group(const int *lits, int n) { add_groupk(lits, n, 1); }

static void build(int br, int bc)
{
    BR = br;
    BC = bc;
    N = br * bc;
    NC = N * N;
    NX = N * NC;
    int nbr = N / bc, nbc = N / br; /* bands: column bands per row (= br), row bands per col */
    int yr0 = NX, yc0 = NX + N * nbr * N;
    NV = opt_lc ? yc0 + N * nbc * N : NX;
    int tmp[130];
#define XV(r, c, d) (((r) * N + (c)) * N + (d))
#define YR(r, j, d) (yr0 + ((r) * nbr + (j)) * N + (d))
#define YC(c, i, d) (yc0 + ((c) * nbc + (i)) * N + (d))
    for (int cell = 0; cell < NC; cell++) {
        for (int d = 0; d < N; d++)
            tmp[d] = 2 * (cell * N + d);
        add_group(tmp, N);
    }
    if (!opt_lc) {
        for (int r = 0; r < N; r++)
            for (int d = 0; d < N; d++) {
                for (int c = 0; c < N; c++)
                    tmp[c] = 2 * XV(r, c, d);
                add_group(tmp, N);
            }
        for (int c = 0; c < N; c++)
            for (int d = 0; d < N; d++) {
                for (int r = 0; r < N; r++)
                    tmp[r] = 2 * XV(r, c, d);
                add_group(tmp, N);
            }
        for (int b = 0; b < N; b++)
            for (int d = 0; d < N; d++) {
                int r0 = (b / nbr) * br, c0 = (b % nbr) * bc;
                for (int k = 0; k < N; k++)
                    tmp[k] = 2 * XV(r0 + k / bc, c0 + k % bc, d);
                add_group(tmp, N);
            }
    } else {
        for (int r = 0; r < N; r++)
            for (int d = 0; d < N; d++) {
                for (int j = 0; j < nbr; j++) {
                    tmp[0] = 2 * YR(r, j, d) + 1;
                    for (int k = 0; k < bc; k++)
                        tmp[1 + k] = 2 * XV(r, j * bc + k, d);
                    add_group(tmp, bc + 1);
                }
                for (int j = 0; j < nbr; j++)
                    tmp[j] = 2 * YR(r, j, d);
                add_group(tmp, nbr);
            }
        for (int c = 0; c < N; c++)
            for (int d = 0; d < N; d++) {
                for (int i = 0; i < nbc; i++) {
                    tmp[0] = 2 * YC(c, i, d) + 1;
                    for (int k = 0; k < br; k++)
                        tmp[1 + k] = 2 * XV(i * br + k, c, d);
                    add_group(tmp, br + 1);
                }
                for (int i = 0; i < nbc; i++)
                    tmp[i] = 2 * YC(c, i, d);
                add_group(tmp, nbc);
            }
        for (int b = 0; b < N; b++)
            for (int d = 0; d < N; d++) {
                int bi = b / nbr, bj = b % nbr, r0 = bi * br, c0 = bj * bc;
                for (int k = 0; k < br; k++)
                    tmp[k] = 2 * YR(r0 + k, bj, d);
                add_group(tmp, br);
                for (int k = 0; k < bc; k++)
                    tmp[k] = 2 * YC(c0 + k, bi, d);
                add_group(tmp, bc);
            }
        if (opt_card) {
            for (int r = 0; r < N; r++)
                for (int j = 0; j < nbr; j++) {
                    for (int d = 0; d < N; d++)
                        tmp[d] = 2 * YR(r, j, d);
                    add_groupk(tmp, N, bc);
                }
            for (int c = 0; c < N; c++)
                for (int i = 0; i < nbc; i++) {
                    for (int d = 0; d < N; d++)
                        tmp[d] = 2 * YC(c, i, d);
                    add_groupk(tmp, N, br);
                }
        }
    }
    NG = gs_tmp.n - 1;
    glits = gl_tmp.a;
    gstart = gs_tmp.a;
    gk = gk_tmp.a;
    tcnt = malloc(sizeof(int) * NG);
    tpos = malloc(sizeof(int) * NV);
    ostart = calloc(2 * NV + 1, sizeof(int));
    for (int i = 0; i < gstart[NG]; i++)
        ostart[glits[i] + 1]++;
    for (int l = 0; l < 2 * NV; l++)
        ostart[l + 1] += ostart[l];
    occ = malloc(sizeof(int) * (gstart[NG] + 1));
    int *fill = calloc(2 * NV, sizeof(int));
    for (int g = 0; g < NG; g++)
        for (int i = gstart[g]; i < gstart[g + 1]; i++)
            occ[ostart[glits[i]] + fill[glits[i]]++] = g;
    free(fill);
    val = malloc(NV);
    level = malloc(sizeof(int) * NV);
    reason = malloc(sizeof(int) * NV);
    trail = malloc(sizeof(int) * NV);
    trail_lim = malloc(sizeof(int) * (NV + 1));
    cnt = malloc(sizeof(int) * NG);
    act = malloc(sizeof(double) * NV);
    heap = malloc(sizeof(int) * NV);
    heap_pos = malloc(sizeof(int) * NV);
    phase = malloc(NV);
    seen = calloc(NV, 1);
    watches = calloc(2 * NV, sizeof(ivec));
}

static void reset(void)
{
    for (int v = 0; v < NV; v++) {
        val[v] = -1;
        level[v] = 0;
        reason[v] = R_NONE;
        act[v] = 0;
        heap_pos[v] = -1;
        phase[v] = opt_phase;
        seen[v] = 0;
    }
    for (int g = 0; g < NG; g++) {
        cnt[g] = gstart[g + 1] - gstart[g];
        tcnt[g] = 0;
    }
    for (int l = 0; l < 2 * NV; l++)
        watches[l].n = 0;
    for (int i = 0; i < ncls; i++)
        free(cls[i]);
    ncls = 0;
    ntrail = qhead = nlevels = 0;
    heap_n = 0;
    var_inc = 1.0;
    conflicts = decisions = propagations = probe_props = 0;
    lsize_sum = llbd_sum = 0;
    pair_apps = 0;
    precs.n = 0;
}

static inline void assign(int v, int value, int rsn)
{
    val[v] = (signed char)value;
    level[v] = nlevels;
    reason[v] = rsn;
    tpos[v] = ntrail;
    trail[ntrail++] = v;
    int lf = 2 * v + value; /* the literal made false */
    for (int j = ostart[lf]; j < ostart[lf + 1]; j++)
        cnt[occ[j]]--;
    lf ^= 1;
    for (int j = ostart[lf]; j < ostart[lf + 1]; j++)
        tcnt[occ[j]]++;
}

static void backtrack(int lvl)
{
    if (lvl == 0)
        precs.n = 0;
    if (nlevels <= lvl)
        return;
    int stop = trail_lim[lvl];
    for (int i = ntrail - 1; i >= stop; i--) {
        int v = trail[i];
        if (opt_save && !probing)
            phase[v] = val[v];
        int lf = 2 * v + val[v];
        for (int j = ostart[lf]; j < ostart[lf + 1]; j++)
            cnt[occ[j]]++;
        lf ^= 1;
        for (int j = ostart[lf]; j < ostart[lf + 1]; j++)
            tcnt[occ[j]]--;
        val[v] = -1;
        reason[v] = R_NONE;
        if (v < NX || opt_dec_aux)
            heap_insert(v);
    }
    ntrail = stop;
    qhead = stop;
    nlevels = lvl;
}

/* conflict description */
static int confl_kind, confl_a;

/* The pair rule (naked pair, hidden pair, X-wing in one): exactly-one groups g1 = {p, q}
 * and g2 = {p2, q2} (two non-false literals, none true), p and p2 in a common group h1,
 * q and q2 in a common group h2 (h1 != h2): exactly one of p, p2 and one of q, q2 is true,
 * so the other literals of h1 and h2 are false.  Reason of such an r: the false literals
 * of g1 and g2 (assigned before r).  One application per call. */
static int other_lit(int g, int l)
{
    for (int k = gstart[g]; k < gstart[g + 1]; k++) {
        int m = glits[k];
        if (m != l && litval(m) != 0)
            return m;
    }
    return -1;
}
static int common_group(int a, int b, int x1, int x2, int x3)
{
    for (int i = ostart[a]; i < ostart[a + 1]; i++) {
        int h = occ[i];
        if (h == x1 || h == x2 || h == x3 || gk[h] != 1 || tcnt[h] != 0)
            continue;
        for (int j = ostart[b]; j < ostart[b + 1]; j++)
            if (occ[j] == h)
                return h;
    }
    return -1;
}
static int pair_rule(int g1)
{
    int a = -1, b = -1;
    for (int k = gstart[g1]; k < gstart[g1 + 1]; k++) {
        int m = glits[k];
        if (litval(m) != 0) {
            if (a < 0)
                a = m;
            else
                b = m;
        }
    }
    if (b < 0)
        return 0;
    for (int side = 0; side < 2; side++) {
        int p = side ? b : a, q = side ? a : b;
        for (int i = ostart[p]; i < ostart[p + 1]; i++) {
            int h1 = occ[i];
            if (h1 == g1 || gk[h1] != 1 || tcnt[h1] != 0)
                continue;
            for (int k = gstart[h1]; k < gstart[h1 + 1]; k++) {
                int p2 = glits[k];
                if (p2 == p || val[p2 >> 1] >= 0)
                    continue;
                for (int j = ostart[p2]; j < ostart[p2 + 1]; j++) {
                    int g2 = occ[j];
                    if (g2 == h1 || g2 == g1 || gk[g2] != 1 || cnt[g2] != 2 || tcnt[g2] != 0)
                        continue;
                    int q2 = other_lit(g2, p2);
                    if (q2 < 0 || q2 == q || q2 == p)
                        continue;
                    int h2 = common_group(q, q2, g1, g2, h1);
                    if (h2 < 0)
                        continue;
                    int any = 0;
                    for (int t = gstart[h1]; t < gstart[h1 + 1] && !any; t++)
                        if (glits[t] != p && glits[t] != p2 && val[glits[t] >> 1] < 0)
                            any = 1;
                    for (int t = gstart[h2]; t < gstart[h2 + 1] && !any; t++)
                        if (glits[t] != q && glits[t] != q2 && val[glits[t] >> 1] < 0)
                            any = 1;
                    if (!any)
                        continue;
                    int rec = precs.n / 6;
                    ipush(&precs, g1);
                    ipush(&precs, g2);
                    ipush(&precs, p);
                    ipush(&precs, q);
                    ipush(&precs, p2);
                    ipush(&precs, q2);
                    pair_apps++;
                    for (int t = gstart[h1]; t < gstart[h1 + 1]; t++) {
                        int r = glits[t];
                        if (r != p && r != p2 && val[r >> 1] < 0)
                            assign(r >> 1, r & 1, MKR(rec, R_PAIR));
                    }
                    for (int t = gstart[h2]; t < gstart[h2 + 1]; t++) {
                        int r = glits[t];
                        if (r != q && r != q2 && val[r >> 1] < 0)
                            assign(r >> 1, r & 1, MKR(rec, R_PAIR));
                    }
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* returns 1 if conflict */
static int propagate(void)
{
    while (qhead < ntrail) {
        int v = trail[qhead++];
        propagations++;
        int falselit = 2 * v + val[v], truelit = falselit ^ 1;
        for (int j = ostart[truelit]; j < ostart[truelit + 1]; j++) {
            int g = occ[j], K = gk[g];
            if (tcnt[g] > K) {
                confl_kind = R_TGROUP;
                confl_a = g;
                return 1;
            }
            if (tcnt[g] == K && cnt[g] > K) {
                int rsn = K == 1 ? MKR(truelit, R_BIN) : MKR(g, R_TGROUP);
                for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                    int m = glits[k];
                    if (val[m >> 1] < 0)
                        assign(m >> 1, m & 1, rsn);
                }
            }
        }
        for (int j = ostart[falselit]; j < ostart[falselit + 1]; j++) {
            int g = occ[j], K = gk[g];
            if (cnt[g] < K) {
                confl_kind = R_GROUP;
                confl_a = g;
                return 1;
            }
            if (cnt[g] == K && tcnt[g] < K) {
                for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                    int m = glits[k];
                    if (val[m >> 1] < 0)
                        assign(m >> 1, !(m & 1), MKR(g, R_GROUP));
                }
            } else if (opt_pair && K == 1 && cnt[g] == 2 && tcnt[g] == 0) {
                pair_rule(g);
            }
        }
        /* watches of falselit */
        ivec *ws = &watches[falselit];
        int i = 0, j = 0, n = ws->n;
        int *wa = ws->a;
        while (i < n) {
            int cid = wa[i], blk = wa[i + 1];
            i += 2;
            if (cdel[cid])
                continue;
            if (litval(blk) == 1) {
                wa[j++] = cid;
                wa[j++] = blk;
                continue;
            }
            int *c = cls[cid];
            int sz = csize[cid];
            if (c[0] == falselit) {
                c[0] = c[1];
                c[1] = falselit;
            }
            int first = c[0];
            if (first != blk && litval(first) == 1) {
                wa[j++] = cid;
                wa[j++] = first;
                continue;
            }
            int found = 0;
            for (int k = 2; k < sz; k++) {
                if (litval(c[k]) != 0) {
                    c[1] = c[k];
                    c[k] = falselit;
                    ipush(&watches[c[1]], cid);
                    ipush(&watches[c[1]], first);
                    found = 1;
                    break;
                }
            }
            if (found)
                continue;
            wa[j++] = cid;
            wa[j++] = first;
            if (litval(first) == 0) {
                while (i < n)
                    wa[j++] = wa[i++];
                ws->n = j;
                confl_kind = R_CLAUSE;
                confl_a = cid;
                return 1;
            }
            assign(first >> 1, !(first & 1), MKR(cid, R_CLAUSE));
        }
        ws->n = j;
    }
    return 0;
}

/* literals of a reason/conflict, excluding variable skip; into buf, returns count */
static int *rbuf;
static int reason_lits(int rsn, int skip, int *out)
{
    int k = rsn & 7, x = rsn >> 3, n = 0;
    if (k == R_CLAUSE) {
        int *c = cls[x];
        for (int i = 0; i < csize[x]; i++)
            if ((c[i] >> 1) != skip)
                out[n++] = c[i];
    } else if (k == R_GROUP) {
        int lim = skip >= 0 ? tpos[skip] : NV;
        for (int i = gstart[x]; i < gstart[x + 1]; i++) {
            int m = glits[i];
            if (litval(m) == 0 && tpos[m >> 1] < lim)
                out[n++] = m;
        }
    } else if (k == R_TGROUP) {
        int lim = skip >= 0 ? tpos[skip] : NV;
        for (int i = gstart[x]; i < gstart[x + 1]; i++) {
            int m = glits[i];
            if (litval(m) == 1 && tpos[m >> 1] < lim)
                out[n++] = m ^ 1;
        }
    } else if (k == R_PAIR) {
        const int *rc = precs.a + 6 * x;
        int lim = skip >= 0 ? tpos[skip] : NV;
        for (int h = 0; h < 2; h++) {
            int g = rc[h], e1 = rc[2 + 2 * h], e2 = rc[3 + 2 * h];
            for (int i = gstart[g]; i < gstart[g + 1]; i++) {
                int m = glits[i];
                if (m != e1 && m != e2 && litval(m) == 0 && tpos[m >> 1] < lim)
                    out[n++] = m;
            }
        }
    } else if (k == R_BIN) {
        out[n++] = x ^ 1;
    }
    return n;
}

static ivec learnt, toclear, stack;
static int *lvlseen;
static int lvlstamp;

static inline unsigned abstract_level(int v) { return 1u << (level[v] & 31); }

static int lit_redundant(int p, unsigned abst)
{
    stack.n = 0;
    ipush(&stack, p);
    int top = toclear.n;
    int *buf = rbuf + NV; /* second half */
    while (stack.n > 0) {
        int q = stack.a[--stack.n];
        int v = q >> 1;
        int n = reason_lits(reason[v], v, buf);
        for (int i = 0; i < n; i++) {
            int l = buf[i], u = l >> 1;
            if (!seen[u] && level[u] > 0) {
                if (reason[u] != R_NONE && (abstract_level(u) & abst)) {
                    seen[u] = 1;
                    ipush(&stack, l);
                    ipush(&toclear, l);
                } else {
                    for (int j = top; j < toclear.n; j++)
                        seen[toclear.a[j] >> 1] = 0;
                    toclear.n = top;
                    return 0;
                }
            }
        }
    }
    return 1;
}

/* 1UIP; fills learnt (learnt.a[0] asserting), returns backtrack level, *lbd */
static int analyze(int *lbd_out)
{
    learnt.n = 0;
    ipush(&learnt, -1);
    int pathC = 0, p = -1, index = ntrail - 1;
    int n;
    int *buf = rbuf;
    {
        n = reason_lits(MKR(confl_a, confl_kind), -1, buf);
    }
    for (;;) {
        for (int i = 0; i < n; i++) {
            int q = buf[i], u = q >> 1;
            if (!seen[u] && level[u] > 0) {
                seen[u] = 1;
                bump(u);
                if (level[u] >= nlevels)
                    pathC++;
                else
                    ipush(&learnt, q);
            }
        }
        while (!seen[trail[index]])
            index--;
        p = trail[index];
        index--;
        seen[p] = 0;
        pathC--;
        if (pathC == 0)
            break;
        n = reason_lits(reason[p], p, buf);
    }
    learnt.a[0] = val[p] == 1 ? 2 * p + 1 : 2 * p;
    /* minimise */
    toclear.n = 0;
    for (int i = 1; i < learnt.n; i++)
        ipush(&toclear, learnt.a[i]);
    unsigned abst = 0;
    for (int i = 1; i < learnt.n; i++)
        abst |= abstract_level(learnt.a[i] >> 1);
    int j = 1;
    for (int i = 1; i < learnt.n; i++) {
        int l = learnt.a[i];
        if (reason[l >> 1] == R_NONE || !lit_redundant(l, abst))
            learnt.a[j++] = l;
    }
    learnt.n = j;
    for (int i = 0; i < toclear.n; i++)
        seen[toclear.a[i] >> 1] = 0;
    /* backtrack level */
    int bl = 0;
    if (learnt.n > 1) {
        int mi = 1;
        for (int i = 2; i < learnt.n; i++)
            if (level[learnt.a[i] >> 1] > level[learnt.a[mi] >> 1])
                mi = i;
        int t = learnt.a[1];
        learnt.a[1] = learnt.a[mi];
        learnt.a[mi] = t;
        bl = level[learnt.a[1] >> 1];
    }
    /* lbd */
    lvlstamp++;
    int lbd = 0;
    for (int i = 0; i < learnt.n; i++) {
        int lv = level[learnt.a[i] >> 1];
        if (lvlseen[lv] != lvlstamp) {
            lvlseen[lv] = lvlstamp;
            lbd++;
        }
    }
    *lbd_out = lbd;
    return bl;
}

static int add_clause(const int *lits, int n, int lbd)
{
    if (ncls == capcls) {
        capcls = capcls ? 2 * capcls : 1024;
        cls = realloc(cls, sizeof(int *) * capcls);
        csize = realloc(csize, sizeof(int) * capcls);
        clbd = realloc(clbd, sizeof(int) * capcls);
        cdel = realloc(cdel, capcls);
    }
    int id = ncls++;
    cls[id] = malloc(sizeof(int) * n);
    memcpy(cls[id], lits, sizeof(int) * n);
    csize[id] = n;
    clbd[id] = lbd;
    cdel[id] = 0;
    ipush(&watches[lits[0]], id);
    ipush(&watches[lits[0]], lits[1]);
    ipush(&watches[lits[1]], id);
    ipush(&watches[lits[1]], lits[0]);
    return id;
}

static ivec cand;
static int cmp_red(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    if (clbd[x] != clbd[y])
        return clbd[y] - clbd[x];
    return x - y;
}
static void reduce_db(void)
{
    cand.n = 0;
    for (int i = 0; i < ncls; i++) {
        if (cdel[i] || clbd[i] <= 2 || csize[i] <= 2)
            continue;
        int l0 = cls[i][0], v0 = l0 >> 1;
        if (val[v0] >= 0 && reason[v0] == MKR(i, R_CLAUSE))
            continue;
        ipush(&cand, i);
    }
    qsort(cand.a, cand.n, sizeof(int), cmp_red);
    for (int i = 0; i < cand.n / 2; i++) {
        cdel[cand.a[i]] = 1;
        free(cls[cand.a[i]]);
        cls[cand.a[i]] = NULL;
    }
}

/* root probing: for every group with exactly two non-false literals and none true,
 * assume each literal at level 1, propagate; a failed literal's partner is a root fact;
 * otherwise literals implied by both are root facts.  Returns 0 on root conflict. */
static int *pmark;
static int opt_probe = 0, opt_probe_passes = 3;
static int probe_root1(void);
static ivec pmarked;
static int probe_root(void)
{
    probing = 1;
    int r = probe_root1();
    probing = 0;
    return r;
}
static int probe_root1(void)
{
    for (int pass = 0; pass < opt_probe_passes; pass++) {
        int changed = 0;
        for (int g = 0; g < NG; g++) {
            if (cnt[g] != 2)
                continue;
            int lits2[2], n = 0, hastrue = 0;
            for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                int lv = litval(glits[k]);
                if (lv == 1)
                    hastrue = 1;
                if (lv != 0 && n < 2)
                    lits2[n++] = glits[k];
            }
            if (hastrue || n != 2)
                continue;
            int failed[2] = {0, 0};
            for (int t = 0; t < 2; t++) {
                int l = lits2[t];
                trail_lim[nlevels++] = ntrail;
                assign(l >> 1, !(l & 1), R_NONE);
                long long p0 = propagations;
                failed[t] = propagate();
                probe_props += propagations - p0;
                if (!failed[t]) {
                    for (int i = trail_lim[0]; i < ntrail; i++) {
                        int v = trail[i];
                        if (t == 0) {
                            pmark[v] = 1 + val[v];
                            ipush(&pmarked, v);
                        } else if (pmark[v] == 1 + val[v])
                            pmark[v] = 3 + val[v]; /* in both */
                    }
                }
                backtrack(0);
            }
            if (failed[0] && failed[1])
                return 0;
            int nfix = 0;
            if (failed[0] || failed[1]) {
                int l = failed[0] ? lits2[1] : lits2[0];
                assign(l >> 1, !(l & 1), R_NONE);
                nfix = 1;
            } else {
                for (int i = 0; i < pmarked.n; i++) {
                    int v = pmarked.a[i];
                    if (pmark[v] >= 3 && val[v] < 0) {
                        assign(v, pmark[v] - 3, R_NONE);
                        nfix++;
                    }
                }
            }
            for (int i = 0; i < pmarked.n; i++)
                pmark[pmarked.a[i]] = 0;
            pmarked.n = 0;
            if (nfix) {
                changed = 1;
                if (propagate())
                    return 0;
            }
        }
        if (!changed)
            break;
    }
    return 1;
}

/* first-fail over exactly-one groups: the group (no true literal) with the fewest
 * non-false literals, ties by the highest activity of an unassigned literal, then lowest
 * index; decide that literal true.  -1 when no such group. */
static int opt_heur = 0;
static ivec gcand;
static int pick_group_lit(void)
{
    int best = 1 << 30;
    gcand.n = 0;
    for (int g = 0; g < NG; g++) {
        int c = cnt[g];
        if (c > best || c < 2 || tcnt[g] != 0 || gk[g] != 1)
            continue;
        if (c < best) {
            best = c;
            gcand.n = 0;
        }
        ipush(&gcand, g);
    }
    if (gcand.n == 0)
        return -1;
    int bestlit = -1;
    double bestact = -1;
    if (opt_heur == 2) {
        int bg = -1;
        double bsum = -1;
        for (int ci = 0; ci < gcand.n; ci++) {
            int g = gcand.a[ci];
            double sum = 0;
            for (int k = gstart[g]; k < gstart[g + 1]; k++)
                if (val[glits[k] >> 1] < 0)
                    sum += act[glits[k] >> 1];
            if (sum > bsum) {
                bsum = sum;
                bg = g;
            }
        }
        for (int k = gstart[bg]; k < gstart[bg + 1]; k++) {
            int m = glits[k];
            if (val[m >> 1] < 0 && act[m >> 1] > bestact) {
                bestact = act[m >> 1];
                bestlit = m;
            }
        }
        return bestlit;
    }
    for (int ci = 0; ci < gcand.n; ci++) {
        int g = gcand.a[ci];
        for (int k = gstart[g]; k < gstart[g + 1]; k++) {
            int m = glits[k];
            if (val[m >> 1] < 0 && act[m >> 1] > bestact) {
                bestact = act[m >> 1];
                bestlit = m;
            }
        }
    }
    return bestlit;
}

static double luby(double y, int x)
{
    int size, seq;
    for (size = 1, seq = 0; size < x + 1; seq++, size = 2 * size + 1)
        ;
    while (size - 1 != x) {
        size = (size - 1) >> 1;
        seq--;
        x = x % size;
    }
    double r = 1;
    for (int i = 0; i < seq; i++)
        r *= y;
    return r;
}

/* solve; returns 1 solved, 0 unsat, -1 capped */
static int solve(const uint8_t *values, uint8_t *sol, double tcap)
{
    reset();
    clock_t t0 = clock();
    /* givens */
    for (int cell = 0; cell < NC; cell++) {
        if (values[cell]) {
            (void)0;
            int v = cell * N + values[cell] - 1;
            if (val[v] == 0)
                return 0;
            if (val[v] < 0)
                assign(v, 1, R_NONE);
            if (propagate())
                return 0;
        }
    }
    if (propagate())
        return 0;
    if (!pmark)
        pmark = calloc(NV, sizeof(int)), tphase = malloc(NV);
    for (int v = 0; v < NV; v++)
        tphase[v] = -1;
    target_len = 0;
    if (opt_probe && !probe_root())
        return 0;
    for (int v = 0; v < NV; v++)
        if (val[v] < 0 && (v < NX || opt_dec_aux))
            heap_insert(v);
    long long next_reduce = opt_reduce_first, reduce_inc = opt_reduce_first;
    int restart_no = 0;
    long long restart_budget = (long long)(luby(2, 0) * opt_luby_unit), since_restart = 0;
    /* glucose */
    double lbd_fast = 0, lbd_slow = 0;
    int lbd_fast_n = 0;
    (void)reduce_inc;
    long long since_reduce = 0;
    for (;;) {
        if (propagate()) {
            conflicts++;
            since_restart++;
            since_reduce++;
            if (nlevels == 0)
                return 0;
            if (opt_target && nlevels > 0) {
                int ok = trail_lim[nlevels - 1];
                if (ok > target_len) {
                    target_len = ok;
                    for (int i = 0; i < ok; i++)
                        tphase[trail[i]] = val[trail[i]];
                }
            }
            int lbd;
            int bl = analyze(&lbd);
            lsize_sum += learnt.n;
            llbd_sum += lbd;
            backtrack(bl);
            if (learnt.n == 1) {
                assign(learnt.a[0] >> 1, !(learnt.a[0] & 1), R_NONE);
            } else {
                int id = add_clause(learnt.a, learnt.n, lbd);
                assign(learnt.a[0] >> 1, !(learnt.a[0] & 1), MKR(id, R_CLAUSE));
            }
            var_inc /= opt_decay;
            /* restart bookkeeping */
            lbd_slow += (lbd - lbd_slow) / (conflicts < 10000 ? conflicts : 10000);
            lbd_fast_n++;
            lbd_fast += (lbd - lbd_fast) / (lbd_fast_n < 50 ? lbd_fast_n : 50);
            if ((conflicts & 255) == 0) {
                if (opt_conflict_cap >= 0 && conflicts >= opt_conflict_cap)
                    return -1;
                if ((double)(clock() - t0) / CLOCKS_PER_SEC > tcap)
                    return -1;
            }
            continue;
        }
        /* restart? */
        if (opt_restart == 0) {
            if (since_restart >= restart_budget) {
                restart_no++;
                restart_budget = (long long)(luby(2, restart_no) * opt_luby_unit);
                since_restart = 0;
                backtrack(0);
                if (opt_target > 1)
                    target_len = 0;
                if (opt_probe > 1 && !probe_root())
                    return 0;
            }
        } else {
            if (lbd_fast_n >= 50 && lbd_fast * 0.8 > lbd_slow) {
                lbd_fast_n = 0;
                lbd_fast = 0;
                backtrack(0);
                if (opt_target > 1)
                    target_len = 0;
                if (opt_probe > 1 && !probe_root())
                    return 0;
                if (opt_probe > 1 && !probe_root())
                    return 0;
            }
        }
        if (since_reduce >= next_reduce) {
            since_reduce = 0;
            next_reduce += opt_reduce_inc;
            reduce_db();
        }
        /* decide */
        int v = -1;
        if (opt_heur >= 1) {
            int dl = pick_group_lit();
            if (dl >= 0) {
                decisions++;
                trail_lim[nlevels++] = ntrail;
                assign(dl >> 1, !(dl & 1), R_NONE);
                continue;
            }
        }
        while (heap_n > 0) {
            int x = heap_pop();
            if (val[x] < 0) {
                v = x;
                break;
            }
        }
        if (v < 0) {
            /* solution */
            for (int cell = 0; cell < NC; cell++) {
                sol[cell] = 0;
                for (int d = 0; d < N; d++)
                    if (val[cell * N + d] == 1)
                        sol[cell] = d + 1;
            }
            return 1;
        }
        decisions++;
        trail_lim[nlevels++] = ntrail;
        assign(v, (opt_target && tphase[v] >= 0) ? tphase[v] : phase[v], R_NONE);
    }
}

/* ------------------------------------------------------------------------------------ */
static int verify(const uint8_t *p, const uint8_t *s)
{
    for (int c = 0; c < NC; c++) {
        if (s[c] < 1 || s[c] > N)
            return 0;
        if (p[c] && p[c] != s[c])
            return 0;
    }
    for (int u = 0; u < 3 * N; u++) {
        uint64_t m = 0;
        for (int k = 0; k < N; k++) {
            int cell;
            if (u < N)
                cell = u * N + k;
            else if (u < 2 * N)
                cell = k * N + (u - N);
            else {
                int b = u - 2 * N, br0 = (b / (N / BC)) * BR, bc0 = (b % (N / BC)) * BC;
                cell = (br0 + k / BC) * N + bc0 + k % BC;
            }
            m |= 1ULL << (s[cell] - 1);
        }
        if (m != (N == 64 ? ~0ULL : (1ULL << N) - 1))
            return 0;
    }
    return 1;
}

static int symval(char ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z')
        return ch - 'a' + 10;
    return 0;
}

int main(int argc, char **argv)
{
    int ai = 1;
    for (; ai < argc && argv[ai][0] == '-'; ai++) {
        char *a = argv[ai];
        switch (a[1]) {
        case 't': opt_time_cap = atof(argv[++ai]); break;
        case 'c': opt_conflict_cap = atoll(argv[++ai]); break;
        case 'r': opt_restart = atoi(a + 2); break;
        case 'u': opt_luby_unit = atoi(argv[++ai]); break;
        case 'p': opt_phase = atoi(a + 2); break;
        case 's': opt_save = atoi(a + 2); break;
        case 'd': opt_decay = atof(argv[++ai]); break;
        case 'q': opt_quiet = 1; break;
        case 'R': opt_reduce_first = atoi(argv[++ai]); opt_reduce_inc = atoi(argv[++ai]); break;
        case 'L': opt_lc = 1; break;
        case 'K': opt_card = 1; break;
        case 'T': opt_target = atoi(a + 2); break;
        case 'H': opt_heur = atoi(a + 2); break;
        case 'X': opt_pair = 1; break;
        case 'P': opt_probe = atoi(a + 2); break;
        case 'A': opt_dec_aux = atoi(a + 2); break;
        default: fprintf(stderr, "bad option %s\n", a); return 2;
        }
    }
    if (ai >= argc) {
        fprintf(stderr, "usage: cdcl25 [options] file [line...]\n");
        return 2;
    }
    FILE *f = fopen(argv[ai], "r");
    if (!f) {
        perror(argv[ai]);
        return 2;
    }
    ai++;
    int nsel = argc - ai;
    int *sel = malloc(sizeof(int) * (nsel + 1));
    for (int i = 0; i < nsel; i++)
        sel[i] = atoi(argv[ai + i]);
    static char line[100000];
    int lineno = 0, built = 0, nsolved = 0, ntot = 0, nbad = 0;
    double tsum = 0, tmax = 0;
    long long csum = 0, cmax = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (nsel) {
            int ok = 0;
            for (int i = 0; i < nsel; i++)
                if (sel[i] == lineno)
                    ok = 1;
            if (!ok)
                continue;
        }
        int len = 0;
        while (line[len] && line[len] != '\n' && line[len] != '\r' && line[len] != ' ' &&
               line[len] != '\t' && line[len] != ',' && line[len] != ';')
            len++;
        int n = 0;
        while ((n + 1) * (n + 1) <= len)
            n++;
        if (n * n != len || n < 1)
            continue;
        int b = 0;
        while ((b + 1) * (b + 1) <= n)
            b++;
        if (b * b != n)
            continue;
        if (!built) {
            build(b, b);
            built = 1;
        } else if (n != N) {
            fprintf(stderr, "mixed sizes\n");
            return 2;
        }
        uint8_t *p = malloc(NC), *s = malloc(NC);
        for (int i = 0; i < NC; i++) {
            int x = symval(line[i]);
            p[i] = (uint8_t)(x <= N ? x : 0);
        }
        if (!rbuf)
            rbuf = malloc(sizeof(int) * 2 * NV), lvlseen = calloc(NV + 2, sizeof(int));
        struct timespec a0, a1;
        clock_gettime(CLOCK_MONOTONIC, &a0);
        int r = solve(p, s, opt_time_cap);
        clock_gettime(CLOCK_MONOTONIC, &a1);
        double dt = (a1.tv_sec - a0.tv_sec) + 1e-9 * (a1.tv_nsec - a0.tv_nsec);
        int ok = r == 1 && verify(p, s);
        ntot++;
        if (r == 1 && !ok)
            nbad++;
        if (ok) {
            nsolved++;
        }
        tsum += dt;
        if (dt > tmax)
            tmax = dt;
        csum += conflicts;
        if (conflicts > cmax)
            cmax = conflicts;
        if (!opt_quiet)
            printf("line %d: %s %.3f s decisions %lld conflicts %lld props %lld probeprops %lld avglen %.1f avglbd %.1f pairs %lld\n", lineno,
                   r == 1 ? (ok ? "solved" : "BADSOLUTION") : r == 0 ? "unsat" : "capped", dt,
                   decisions, conflicts, propagations, probe_props, (double)lsize_sum / (conflicts + 1), (double)llbd_sum / (conflicts + 1), pair_apps);
        fflush(stdout);
        free(p);
        free(s);
    }
    printf("total %d solved %d bad %d time sum %.3f max %.3f conflicts sum %lld max %lld\n", ntot,
           nsolved, nbad, tsum, tmax, csum, cmax);
    return 0;
}
