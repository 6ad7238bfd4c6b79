/* cdcl25_infer.c (from cdcl25.c) -- research harness: a CDCL solver specialised for Sudoku (square boxes).
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
 *
 * Added in cdcl25_infer (2026-11-22; defaults unchanged, so no option = cdcl25.c):
 *   -V1..-V6   solution-density literal choice (counting-based search, Bregman-Minc bound
 *              per alldifferent unit: log-density(i=v) = S_v(u) - lf(d_i - 1), lf(d) =
 *              ln(d!)/d, normalised over the values of cell i), with -H1:
 *              -V1 max over the 3 units / -V2 product, of every literal of the tied
 *              fewest-literal groups; -V3 / -V4 global maxSD (max / product) over all
 *              unassigned (cell, value); -V5 / -V6 the -H1 group (the one holding the most
 *              active literal), its literal of highest / LOWEST product density.
 *              -V7 lowest product density over every literal of the tied groups;
 *              -V8 as -V6 with the max-over-units density.  Ties: activity.  (V1-V5 worse than -H1; V6 about neutral, see the report.)
 *   -Y K       Hall-set (alldifferent) propagation with explanations at every unit-
 *              propagation fixpoint, Hall sets of size <= K (99: unlimited), on 4N
 *              N x N "structures": rows, columns, boxes (cells x values) and values (rows x
 *              columns: fish).  Matching + Tarjan SCC (Regin), incremental masks.
 *   -W MASK    structure types for -Y: 1 rows, 2 cols, 4 boxes, 8 values (default 15)
 *   -Z0..-Z3   Hall explanation: 0 smaller Hall set (naked or hidden), 1 fewer reason
 *              literals above level 0, 2 always naked, 3 always hidden
 *   -F1        -H1 literal choice prefers the saved phase (worse)
 *   -DHALLCHECK (compile) check every Hall reason literal is false when used
 *   Output also gives cpu seconds and hall calls/eliminations/conflicts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

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
static int opt_hall = 0;
static ivec hrecs; /* Hall records: s, rowmask, colmask */
static void hall_reset(void);
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
#define R_HALL 6
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
    if (opt_hall)
        hall_reset();
}

static inline void hall_clear(int v);
static inline void hall_restore(int v);
static inline void assign(int v, int value, int rsn)
{
    if (opt_hall && value == 0 && v < NX)
        hall_clear(v);
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
        precs.n = 0, hrecs.n = 0;
    if (nlevels <= lvl)
        return;
    int stop = trail_lim[lvl];
    for (int i = ntrail - 1; i >= stop; i--) {
        int v = trail[i];
        if (opt_save && !probing)
            phase[v] = val[v];
        if (opt_hall && val[v] == 0 && v < NX)
            hall_restore(v);
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

/* conflict description: confl_kind, confl_a (declared above) */

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

/* ---- Hall-set (alldifferent) propagation with explanations (-Y K) ----
 * 4N bipartite "structures", each an N x N 0/1 matrix of literals whose rows and columns
 * are all exactly-one groups: row r (cell columns x values), column c (rows x values),
 * box b (positions x values), value d (rows x columns: fish).  At the unit-propagation
 * fixpoint every structure changed since its last check gets a perfect matching
 * (incrementally repaired) and Tarjan SCCs of the residual graph (rows only: i -> mate
 * row of each other column of i).  No perfect matching: conflict, reason = the false
 * literals (h, w), h in the rows of the failed search, w outside their columns.  An edge
 * (x, v) between different SCCs is false: with y the row matched to v, the rows C
 * reachable from y form a naked set (their columns R = mates of C), and the rows A that
 * reach x form a hidden set (columns Q = mates of A are only in rows A); the smaller of
 * the two is the reason: naked: (h, w) for h in C, w not in R; hidden: (h, q) for h not
 * in A, q in Q.  Only sets of size <= K are used.  Records (s, rowmask, colmask) are
 * stored; the reason is every false literal of rowmask x colmask. */
static int opt_hall_types = 15;
static int NS;
static int *slit;          /* s*N*N + i*N + j -> variable */
static int *vstruct;       /* v*4 + t -> (s << 16) | (i << 8) | j */
static uint32_t *rmask;    /* s*N + i: non-false columns of row i */
static int *mate_r, *mate_c;
static char *sdirty;
static long long hall_elims, hall_confl, hall_calls;
static uint32_t fullmask;
static void hall_init(void)
{
    NS = 4 * N;
    fullmask = N == 32 ? 0xffffffffu : (1u << N) - 1;
    slit = malloc(sizeof(int) * NS * N * N);
    vstruct = malloc(sizeof(int) * 4 * NX);
    rmask = malloc(sizeof(uint32_t) * NS * N);
    mate_r = malloc(sizeof(int) * NS * N);
    mate_c = malloc(sizeof(int) * NS * N);
    sdirty = malloc(NS);
    int nbr = N / BC;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            for (int d = 0; d < N; d++) {
                int v = (r * N + c) * N + d, b = (r / BR) * nbr + c / BC, k = (r % BR) * BC + c % BC;
                int ss[4] = {r, N + c, 2 * N + b, 3 * N + d};
                int ii[4] = {c, r, k, r}, jj[4] = {d, d, d, c};
                for (int t = 0; t < 4; t++) {
                    slit[(ss[t] * N + ii[t]) * N + jj[t]] = v;
                    vstruct[4 * v + t] = (ss[t] << 16) | (ii[t] << 8) | jj[t];
                }
            }
}
static void hall_reset(void)
{
    for (int i = 0; i < NS * N; i++) {
        rmask[i] = fullmask;
        mate_r[i] = mate_c[i] = -1;
    }
    for (int s = 0; s < NS; s++)
        sdirty[s] = ((opt_hall_types >> (s / N)) & 1);
    hrecs.n = 0;
    hall_elims = hall_confl = hall_calls = 0;
}
static inline void hall_clear(int v)
{
    for (int t = 0; t < 4; t++) {
        int e = vstruct[4 * v + t], s = e >> 16;
        rmask[s * N + ((e >> 8) & 255)] &= ~(1u << (e & 255));
        sdirty[s] = (opt_hall_types >> t) & 1;
    }
}
static inline void hall_restore(int v)
{
    for (int t = 0; t < 4; t++) {
        int e = vstruct[4 * v + t], s = e >> 16;
        rmask[s * N + ((e >> 8) & 255)] |= 1u << (e & 255);
    }
}
static const uint32_t *h_rm;
static int *h_mr, *h_mc;
static uint32_t h_vr, h_vc;
static int augment(int i)
{
    h_vr |= 1u << i;
    uint32_t av = h_rm[i] & ~h_vc;
    while (av) {
        int j = __builtin_ctz(av);
        av &= av - 1;
        if (h_vc >> j & 1)
            continue;
        h_vc |= 1u << j;
        if (h_mc[j] < 0 || augment(h_mc[j])) {
            h_mr[i] = j;
            h_mc[j] = i;
            return 1;
        }
    }
    return 0;
}
static int hrec_add(int s, uint32_t mr, uint32_t mc)
{
    int n = hrecs.n;
    if (n >= 3 && hrecs.a[n - 3] == s && (uint32_t)hrecs.a[n - 2] == mr && (uint32_t)hrecs.a[n - 1] == mc)
        return n / 3 - 1;
    ipush(&hrecs, s);
    ipush(&hrecs, (int)mr);
    ipush(&hrecs, (int)mc);
    return n / 3;
}
static int confl_kind, confl_a;
static uint32_t t_adj[32], t_coreach[32];
static int t_idx[32], t_low[32], t_comp[32], t_stack[32], t_sp, t_cnt, t_ncomp;
static char t_on[32];
static uint32_t t_cmem[32], t_creach[32];
static void tarjan(int i)
{
    t_idx[i] = t_low[i] = t_cnt++;
    t_stack[t_sp++] = i;
    t_on[i] = 1;
    uint32_t a = t_adj[i];
    while (a) {
        int k = __builtin_ctz(a);
        a &= a - 1;
        if (t_idx[k] < 0) {
            tarjan(k);
            if (t_low[k] < t_low[i])
                t_low[i] = t_low[k];
        } else if (t_on[k] && t_idx[k] < t_low[i])
            t_low[i] = t_idx[k];
    }
    if (t_low[i] == t_idx[i]) {
        int c = t_ncomp++;
        uint32_t mem = 0;
        int k;
        do {
            k = t_stack[--t_sp];
            t_on[k] = 0;
            t_comp[k] = c;
            mem |= 1u << k;
        } while (k != i);
        t_cmem[c] = mem;
        uint32_t r = mem, m = mem;
        while (m) {
            int x = __builtin_ctz(m);
            m &= m - 1;
            uint32_t a2 = t_adj[x];
            while (a2) {
                int y = __builtin_ctz(a2);
                a2 &= a2 - 1;
                if (t_comp[y] != c)
                    r |= t_creach[t_comp[y]];
            }
        }
        t_creach[c] = r;
    }
}
static int opt_expl = 0;
static int hall_count(int s, uint32_t mr, uint32_t mc)
{
    int n = 0;
    for (; mr; mr &= mr - 1) {
        const int *row = slit + (s * N + __builtin_ctz(mr)) * N;
        for (uint32_t m = mc; m; m &= m - 1)
            n += level[row[__builtin_ctz(m)]] > 0 && val[row[__builtin_ctz(m)]] == 0;
    }
    return n;
}
/* 0: nothing, 1: eliminated, -1: conflict */
static int hall_struct(int s)
{
    hall_calls++;
    h_rm = rmask + s * N;
    h_mr = mate_r + s * N;
    h_mc = mate_c + s * N;
    for (int i = 0; i < N; i++)
        if (h_mr[i] >= 0 && !(h_rm[i] >> h_mr[i] & 1)) {
            h_mc[h_mr[i]] = -1;
            h_mr[i] = -1;
        }
    for (int i = 0; i < N; i++)
        if (h_mr[i] < 0) {
            h_vr = h_vc = 0;
            if (!augment(i)) {
                hall_confl++;
                confl_kind = R_HALL;
                confl_a = hrec_add(s, h_vr, fullmask & ~h_vc);
#ifdef HALLCHECK
                for (uint32_t a1 = h_vr; a1; a1 &= a1 - 1)
                    for (uint32_t b1 = fullmask & ~h_vc; b1; b1 &= b1 - 1)
                        if (val[slit[(s * N + __builtin_ctz(a1)) * N + __builtin_ctz(b1)]] != 0) {
                            fprintf(stderr, "HALLCHECK: conflict literal not false\n");
                            exit(3);
                        }
#endif
                return -1;
            }
        }
    /* SCC on rows */
    int nfree = 0;
    uint32_t freerows = 0;
    for (int i = 0; i < N; i++) {
        uint32_t a = 0, m = h_rm[i] & ~(1u << h_mr[i]);
        if (m)
            nfree++, freerows |= 1u << i;
        while (m) {
            int j = __builtin_ctz(m);
            m &= m - 1;
            a |= 1u << h_mc[j];
        }
        t_adj[i] = a;
        t_idx[i] = -1;
        t_on[i] = 0;
    }
    if (nfree == 0)
        return 0;
    t_sp = t_cnt = t_ncomp = 0;
    for (uint32_t fr = freerows; fr; fr &= fr - 1) {
        int i = __builtin_ctz(fr);
        if (t_idx[i] < 0)
            tarjan(i);
    }
    if (t_ncomp == 1)
        return 0;
    if (t_ncomp == N && nfree == N) {
        /* every row its own SCC with out-edges cannot happen in a perfect matching graph
           without eliminations; fall through */
    }
    int any = 0;
    int coreach_done = 0;
    int base = -1;
    for (uint32_t fr = freerows; fr; fr &= fr - 1) {
        int i = __builtin_ctz(fr);
        uint32_t m = h_rm[i] & ~(1u << h_mr[i]);
        while (m) {
            int j = __builtin_ctz(m);
            m &= m - 1;
            int y = h_mc[j];
            if (t_comp[y] == t_comp[i])
                continue;
            if (!coreach_done) {
                for (int x = 0; x < N; x++)
                    t_coreach[x] = 0;
                for (uint32_t fr2 = freerows; fr2; fr2 &= fr2 - 1) {
                    int h = __builtin_ctz(fr2);
                    uint32_t r = t_creach[t_comp[h]];
                    while (r) {
                        int x = __builtin_ctz(r);
                        r &= r - 1;
                        t_coreach[x] |= 1u << h;
                    }
                }
                coreach_done = 1;
            }
            uint32_t C = t_creach[t_comp[y]], A = t_coreach[i];
            int nc = __builtin_popcount(C), na = __builtin_popcount(A);
            if ((nc < na ? nc : na) > opt_hall)
                continue;
            int naked = nc <= na;
            if (opt_expl == 2)
                naked = 1;
            else if (opt_expl == 3)
                naked = 0;
            else if (opt_expl == 1) {
                /* fewer reason literals above level 0 */
                uint32_t cn = 0, ch = 0;
                for (uint32_t mm = C; mm; mm &= mm - 1)
                    cn |= 1u << h_mr[__builtin_ctz(mm)];
                for (uint32_t mm = A; mm; mm &= mm - 1)
                    ch |= 1u << h_mr[__builtin_ctz(mm)];
                int kn = hall_count(s, C, fullmask & ~cn), kh = hall_count(s, fullmask & ~A, ch);
                naked = kn < kh || (kn == kh && nc <= na);
            }
            uint32_t cols = 0, mm = naked ? C : A;
            while (mm) {
                int x = __builtin_ctz(mm);
                mm &= mm - 1;
                cols |= 1u << h_mr[x];
            }
            int rec = naked ? hrec_add(s, C, fullmask & ~cols) : hrec_add(s, fullmask & ~A, cols);
            int v = slit[(s * N + i) * N + j];
#ifdef HALLCHECK
            {
                const int *rc = hrecs.a + 3 * rec;
                for (uint32_t a1 = (uint32_t)rc[1]; a1; a1 &= a1 - 1)
                    for (uint32_t b1 = (uint32_t)rc[2]; b1; b1 &= b1 - 1)
                        if (val[slit[(s * N + __builtin_ctz(a1)) * N + __builtin_ctz(b1)]] != 0) {
                            fprintf(stderr, "HALLCHECK: reason literal not false\n");
                            exit(3);
                        }
                if (val[v] != -1) {
                    fprintf(stderr, "HALLCHECK: eliminated literal assigned\n");
                    exit(3);
                }
            }
#endif
            if (base < 0)
                base = ntrail;
            assign(v, 0, MKR(rec, R_HALL));
            hall_elims++;
            any = 1;
        }
    }
    sdirty[s] = 0;
    return any;
}
static int hall_pass(void)
{
    for (int s = 0; s < NS; s++)
        if (sdirty[s]) {
            sdirty[s] = 0;
            int r = hall_struct(s);
            if (r)
                return r;
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
    } else if (k == R_HALL) {
        int s = hrecs.a[3 * x];
        uint32_t mr = (uint32_t)hrecs.a[3 * x + 1], mc = (uint32_t)hrecs.a[3 * x + 2];
        int lim = skip >= 0 ? tpos[skip] : NV;
        while (mr) {
            int i = __builtin_ctz(mr);
            mr &= mr - 1;
            uint32_t m = mc;
            while (m) {
                int j = __builtin_ctz(m);
                m &= m - 1;
                int v = slit[(s * N + i) * N + j];
                if (val[v] == 0 && tpos[v] < lim)
                    out[n++] = 2 * v;
            }
        }
    } else if (k == R_BIN) {
        out[n++] = x ^ 1;
    }
    return n;
}

static int full_propagate(void)
{
    for (;;) {
        if (propagate())
            return 1;
        if (!opt_hall)
            return 0;
        int r = hall_pass();
        if (r < 0)
            return 1;
        if (r == 0)
            return 0;
    }
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
static int opt_heur = 0, opt_phasepick = 0;
static ivec gcand;

/* ---- solution-density value choice (-V) ---- */
static int opt_dens = 0;  /* 1 max over units, 2 product, 3 global maxSD (max), 4 global (product) */
static double lft[130];   /* lf(d) = ln(d!)/d */
static int *ucells;       /* unit u (0..3N-1: rows, cols, boxes): cells ucells[u*N + k] */
static int *cunits;       /* cell c: its 3 units */
static double *uS;        /* per unit, per value: S_u[w] */
static int *uSstamp, dstamp;
static double *cZ;        /* per cell, per its 3 units: sum_{w in D_i} exp(S_u[w]) */
static int *cZstamp;
static long long dens_evals;
static void dens_init(void)
{
    lft[0] = 0;
    for (int d = 1; d < 130; d++)
        lft[d] = lgamma(d + 1.0) / d;
    ucells = malloc(sizeof(int) * 3 * N * N);
    cunits = malloc(sizeof(int) * 3 * NC);
    int nbr = N / BC;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int cell = r * N + c, b = (r / BR) * nbr + c / BC, k = (r % BR) * BC + c % BC;
            ucells[r * N + c] = cell;
            ucells[(N + c) * N + r] = cell;
            ucells[(2 * N + b) * N + k] = cell;
            cunits[3 * cell] = r;
            cunits[3 * cell + 1] = N + c;
            cunits[3 * cell + 2] = 2 * N + b;
        }
    uS = malloc(sizeof(double) * 3 * N * N);
    uSstamp = calloc(3 * N, sizeof(int));
    cZ = malloc(sizeof(double) * 3 * NC);
    cZstamp = calloc(3 * NC, sizeof(int));
}
static inline int cell_dom(int cell, uint64_t *m)
{
    uint64_t b = 0;
    int n = 0;
    for (int d = 0; d < N; d++)
        if (val[cell * N + d] != 0) {
            b |= 1ULL << d;
            n++;
        }
    *m = b;
    return n;
}
static const double *unit_S(int u)
{
    double *S = uS + (size_t)u * N;
    if (uSstamp[u] == dstamp)
        return S;
    uSstamp[u] = dstamp;
    for (int w = 0; w < N; w++)
        S[w] = 0;
    for (int k = 0; k < N; k++) {
        uint64_t m;
        int d = cell_dom(ucells[u * N + k], &m);
        if (d <= 1)
            continue;
        double delta = lft[d - 1] - lft[d];
        for (int w = 0; w < N; w++)
            if (m >> w & 1)
                S[w] += delta;
    }
    return S;
}
/* density of (cell = v), combined over the 3 units */
static double lit_density(int cell, int v)
{
    dens_evals++;
    double res = opt_dens == 2 || opt_dens == 4 ? 1.0 : 0.0;
    uint64_t m;
    cell_dom(cell, &m);
    for (int t = 0; t < 3; t++) {
        int u = cunits[3 * cell + t];
        const double *S = unit_S(u);
        double Z;
        if (cZstamp[3 * cell + t] == dstamp)
            Z = cZ[3 * cell + t];
        else {
            Z = 0;
            for (int w = 0; w < N; w++)
                if (m >> w & 1)
                    Z += exp(S[w]);
            cZ[3 * cell + t] = Z;
            cZstamp[3 * cell + t] = dstamp;
        }
        double dd = exp(S[v]) / Z;
        if (opt_dens == 2 || opt_dens == 4)
            res *= dd;
        else if (dd > res)
            res = dd;
    }
    return res;
}
/* best literal by density among candidates (x variables, positive literals) */
static inline int dens_better(double d, int v, double bd, int bv)
{
    if (bv < 0)
        return 1;
    if (d > bd * (1 + 1e-9))
        return 1;
    if (d < bd * (1 - 1e-9))
        return 0;
    return act[v] > act[bv];
}
static int pick_maxsd(void)
{
    dstamp++;
    int best = -1;
    double bd = -1;
    for (int v = 0; v < NX; v++) {
        if (val[v] >= 0)
            continue;
        double d = lit_density(v / N, v % N);
        if (dens_better(d, v, bd, best)) {
            bd = d;
            best = v;
        }
    }
    return best < 0 ? -1 : 2 * best;
}
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
    if (opt_dens == 7) {
        /* lowest product density over every literal of the tied groups */
        dstamp++;
        opt_dens = 2;
        int bv = -1;
        double bd = -1;
        for (int ci = 0; ci < gcand.n; ci++) {
            int g = gcand.a[ci];
            for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                int m = glits[k], v = m >> 1;
                if (val[v] >= 0 || v >= NX)
                    continue;
                double d = 1.0 / (lit_density(v / N, v % N) + 1e-300);
                if (dens_better(d, v, bd, bv)) {
                    bd = d;
                    bv = v;
                }
            }
        }
        opt_dens = 7;
        if (bv >= 0)
            return 2 * bv;
    }
    if (opt_dens == 1 || opt_dens == 2) {
        dstamp++;
        int bv = -1;
        double bd = -1;
        for (int ci = 0; ci < gcand.n; ci++) {
            int g = gcand.a[ci];
            for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                int m = glits[k], v = m >> 1;
                if (val[v] >= 0 || v >= NX)
                    continue;
                double d = lit_density(v / N, v % N);
                if (dens_better(d, v, bd, bv)) {
                    bd = d;
                    bv = v;
                }
            }
        }
        if (bv >= 0)
            return 2 * bv;
    }
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
    int bestg = -1;
    if (opt_phasepick) {
        /* prefer literals whose saved phase agrees (set true last time), then activity */
        int bp = -1;
        for (int ci = 0; ci < gcand.n; ci++) {
            int g = gcand.a[ci];
            for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                int m = glits[k], v = m >> 1;
                if (val[v] >= 0)
                    continue;
                int ph = phase[v] == !(m & 1);
                if (ph > bp || (ph == bp && act[v] > bestact)) {
                    bp = ph;
                    bestact = act[v];
                    bestlit = m;
                }
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
                bestg = g;
            }
        }
    }
    if ((opt_dens == 5 || opt_dens == 6 || opt_dens == 8) && bestg >= 0) {
        /* -H1 group (the one holding the most active literal), literal by density
           (5: highest product density, 6: lowest) */
        dstamp++;
        int saved = opt_dens;
        opt_dens = saved == 8 ? 1 : 2;
        int bv = -1;
        double bd = -1;
        for (int k = gstart[bestg]; k < gstart[bestg + 1]; k++) {
            int m = glits[k], v = m >> 1;
            if (val[v] >= 0 || v >= NX)
                continue;
            double d = lit_density(v / N, v % N);
            if (saved == 6 || saved == 8)
                d = 1.0 / (d + 1e-300);
            if (dens_better(d, v, bd, bv)) {
                bd = d;
                bv = v;
            }
        }
        opt_dens = saved;
        if (bv >= 0)
            return 2 * bv;
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
        if (full_propagate()) {
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
        if (opt_dens == 3 || opt_dens == 4) {
            int dl = pick_maxsd();
            if (dl >= 0) {
                decisions++;
                trail_lim[nlevels++] = ntrail;
                assign(dl >> 1, !(dl & 1), R_NONE);
                continue;
            }
        }
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
        case 'V': opt_dens = atoi(a + 2); break;
        case 'Y': opt_hall = atoi(argv[++ai]); break;
        case 'F': opt_phasepick = atoi(a + 2); break;
        case 'Z': opt_expl = atoi(a + 2); break;
        case 'W': opt_hall_types = atoi(a + 2); break;
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
            dens_init();
            if (opt_hall)
                hall_init();
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
        clock_t c0 = clock();
        int r = solve(p, s, opt_time_cap);
        double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
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
            printf("line %d: %s %.3f s cpu %.3f decisions %lld conflicts %lld props %lld probeprops %lld avglen %.1f avglbd %.1f pairs %lld hall %lld/%lld/%lld\n", lineno,
                   r == 1 ? (ok ? "solved" : "BADSOLUTION") : r == 0 ? "unsat" : "capped", dt, cpu,
                   decisions, conflicts, propagations, probe_props, (double)lsize_sum / (conflicts + 1), (double)llbd_sum / (conflicts + 1), pair_apps, hall_calls, hall_elims, hall_confl);
        fflush(stdout);
        free(p);
        free(s);
    }
    printf("total %d solved %d bad %d time sum %.3f max %.3f conflicts sum %lld max %lld\n", ntot,
           nsolved, nbad, tsum, tmax, csum, cmax);
    return 0;
}
