/* cdcl25_look.c (from cdcl25.c) -- research harness: a CDCL solver specialised for Sudoku (square boxes).
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
 *   -r2        no restarts at all
 *
 * cdcl25_look.c (2026-11-22) adds lookahead, cubes and a 2-process portfolio; with none of
 * the options below it makes exactly the decisions of cdcl25.c.
 *   -D N       lookahead decisions at the first N decision levels above the cube (1000 = at
 *              every level): every two-literal exactly-one group (-G1: every group of the
 *              smallest size) is probed literal by literal under the current trail with the
 *              solver's own propagation (learned clauses included); e = number of variables
 *              the probe assigns; score = prod(e+1)*1024 + sum(e) (B's score); the group with
 *              the best score is decided (literal order -O).  A failed probe is a conflict:
 *              1UIP-learned, backjumped, asserted (counted in "conflicts").
 *   -F1        after a failed probe stay in the same lookahead (continue scanning) when the
 *              backjump stays at the lookahead level (default: leave, recompute)
 *   -J1        join (B's rule) for two-literal groups {a, b}: a literal x implied by both
 *              probes is asserted with the clause x | deps(a) | deps(b) | false literals of
 *              the group (deps = the falsified lower-level literals each implication used);
 *              a unit at level 0.  -M K: skip join clauses longer than K (default 200)
 *   -O0..-O3   literal order of the chosen group: 0 group order, 1 largest e first,
 *              2 smallest e first (best for these satisfiable puzzles), 3 highest activity
 *   -Y K       probe only the K groups with the best static pre-score (did not help)
 *   -N X, -n S score noise: score *= 1 + X*uniform, noise seed S (diversification)
 *   -a1        with Luby restarts (-r0 -u N): switch between -O2 and -O1 at every restart
 *   -Z1        reuse the level-0 lookahead while the level-0 trail is unchanged
 *   -C D       cube and conquer: a lookahead tree (rules above, children of a node = the
 *              chosen group's literals in -O order) of depth D gives cubes; each cube is
 *              solved by CDCL under assumptions (decided one per level; learned clauses
 *              kept across cubes); -o1/-o2 order cubes by most/fewest assigned variables;
 *              -B N round robin over the cubes, N conflicts per visit, doubled per round;
 *              -Q K M solve only cubes with index % M == K
 *   -j K       portfolio of K forked processes (first solution wins, the others stop within
 *              256 conflicts); member k solves the symmetric variant of seed S+k (-S S;
 *              seed 0 = the puzzle as given); with -C the members share the cube list
 *              (member k takes cubes k, k+K, ...); -E L shares learned clauses with LBD <= L
 *              and units through shared-memory rings (imported at restarts, in original
 *              coordinates); -m K "opts": extra options for member K (space or comma
 *              separated, parsed after the common ones, e.g. -m 1 -S,-1,-D,1000,-O2,-J1,-r2)
 *   -S S       solve the symmetric variant of seed S (value relabelling, rows within
 *              bands, bands, same for columns, transpose); the solution is mapped back and
 *              verified on the given puzzle
 *   -W D       after solving: oracle walk of D lookahead levels along the solution
 * Portfolios measured (whole file, all 18 solved, every solution verified):
 *   -H1 -d 0.99 -j 2 -m 1 -S,-1,-D,1000,-F1,-O2,-J1,-r2
 *     member 0: the -H1 CDCL; member 1: lookahead at every level + join + learning, no
 *     restarts.  Line 9: 1.8 s wall (member 1); line 10: member 0 (22-28 s CPU).
 *   -H1 -d 0.99 -j 3 -m 1 -S,-1,-D,10,-F1,-J1,-r2 -m 2 -S,-2,-D,1000,-F1,-O2,-J1,-r2
 *     (3 processes on 2 cores) line 9: 1.4 s wall, line 10: 8.0 s wall (member 1, 20,944
 *     conflicts), slowest line 1 (member 0, 11.9 s CPU, 36 s wall under load ~2.5).
 *   (-S,-K makes member K solve the puzzle as given: member seed = S + K.)
 *   NOT ROBUST: the same 3-member portfolio on symmetric variants 1 and 2 of the puzzles
 *   (all members on the variant): line 9 unsolved by any member in 30 s CPU (both),
 *   line 10 12.4 s / 21.7 s CPU.  The line-9/10 gains above are largely luck of the given
 *   orientation (heavy-tailed lookahead search), not a 3x shift of the distribution.
 * Results (gecode_25x25, CPU s, conflicts include failed probes): member 1 alone solves line 9
 * in 3,469 conflicts / 470 decisions / 1.4 s (-H1: 288,595 / 30 s), but it is heavy-tailed
 * (symmetric variants of line 9: 0.67 s, 4.0 s, three > 10 s, one > 60 s) and bad on lines
 * 1, 4, 8, 10, 15, 16 (> 10 s); the portfolio solves all 18, slowest line 10 (22.6 s, member
 * 0).  Line 10 alone: -D 10 -F1 -J1 -r2 4.8 s, -D 1000 -F1 -J1 -O1 -r2 3.5 s (other variants
 * slower).  Cubes (-C), sharing (-E) and restart/noise variants gave < 1.5x.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* ------------------------------------------------------------------------------------ */
/* lookahead (march-style) decisions, cube generation */
static int opt_D = 0, opt_G = 0, opt_O = 0, opt_J = 0, opt_cube = 0, opt_Q = 0, opt_QN = 1;
static int opt_Z = 0, opt_cont = 0; /* reuse the root lookahead while the level-0 trail is unchanged */
static long long la_calls, la_probes, la_fails, la_joins, la_cached;
static int *lstamp, lstampv, *lval_e, la_bestg;
static int la_root_ntrail = -1, la_root_lit = -1, la_root_g = -1;
static void handle_conflict(void);


/* join for lookahead: literals true in both branches of a two-literal group */
static ivec ltbuf, jcand, jdeps, jcl, jtoclr;
static int *lt_off, *jmark, jstamp, la_unsat, opt_Jmax = 200;
static long long join_lits, join_units;
/* false literals at levels 1..base that the level-(base+1) assignment of v depends on */
static void collect_deps(int v0, int base, ivec *out)
{
    int *buf = rbuf + NV;
    jtoclr.n = 0;
    stack.n = 0;
    ipush(&stack, v0);
    seen[v0] = 1;
    ipush(&jtoclr, v0);
    while (stack.n > 0) {
        int v = stack.a[--stack.n];
        if (reason[v] == R_NONE)
            continue;
        int n = reason_lits(reason[v], v, buf);
        for (int i = 0; i < n; i++) {
            int q = buf[i], u = q >> 1;
            if (seen[u])
                continue;
            seen[u] = 1;
            ipush(&jtoclr, u);
            if (level[u] == 0)
                continue;
            if (level[u] <= base)
                ipush(out, q);
            else
                ipush(&stack, u);
        }
    }
    for (int i = 0; i < jtoclr.n; i++)
        seen[jtoclr.a[i]] = 0;
}
/* returns 0 nothing, 3 facts added (propagated, no conflict), 1 conflict pending at base>0,
 * 2 state changed otherwise (la_unsat set when the root failed) */
static int join_group(int g, int base)
{
    int a = -1, b = -1;
    for (int k = gstart[g]; k < gstart[g + 1]; k++) {
        int m = glits[k];
        if (val[m >> 1] < 0) {
            if (a < 0)
                a = m;
            else
                b = m;
        }
    }
    if (b < 0 || lstamp[a] != lstampv || lstamp[b] != lstampv)
        return 0;
    jstamp++;
    for (int i = 0; i < lval_e[a]; i++)
        jmark[ltbuf.a[lt_off[a] + i]] = jstamp;
    jcand.n = 0;
    for (int i = 0; i < lval_e[b]; i++) {
        int l = ltbuf.a[lt_off[b] + i];
        if (jmark[l] == jstamp && val[l >> 1] < 0)
            ipush(&jcand, l);
    }
    if (jcand.n == 0)
        return 0;
    /* per candidate deps: offsets into jdeps, for branch b then a */
    static ivec doff;
    doff.n = 0;
    jdeps.n = 0;
    for (int br = 0; br < 2; br++) {
        int m = br ? a : b;
        trail_lim[nlevels++] = ntrail;
        assign(m >> 1, !(m & 1), R_NONE);
        if (propagate()) {
            backtrack(base);
            return 0;
        }
        for (int i = 0; i < jcand.n; i++) {
            int l = jcand.a[i];
            ipush(&doff, jdeps.n);
            if (litval(l) == 1)
                collect_deps(l >> 1, base, &jdeps);
            else
                ipush(&jdeps, -1); /* not implied any more */
        }
        backtrack(base);
    }
    ipush(&doff, jdeps.n);
    int added = 0;
    for (int i = 0; i < jcand.n; i++) {
        int x = jcand.a[i];
        if (val[x >> 1] >= 0)
            continue;
        jcl.n = 0;
        ipush(&jcl, x);
        int bad = 0;
        jstamp++;
        for (int br = 0; br < 2 && !bad; br++) {
            int s = doff.a[br * jcand.n + i], e = doff.a[br * jcand.n + i + 1];
            for (int t = s; t < e; t++) {
                int q = jdeps.a[t];
                if (q < 0) {
                    bad = 1;
                    break;
                }
                if (jmark[q] != jstamp) {
                    jmark[q] = jstamp;
                    ipush(&jcl, q);
                }
            }
        }
        if (bad)
            continue;
        for (int k = gstart[g]; k < gstart[g + 1]; k++) {
            int m = glits[k];
            if (m != a && m != b && level[m >> 1] > 0 && jmark[m] != jstamp) {
                jmark[m] = jstamp;
                ipush(&jcl, m);
            }
        }
        if (jcl.n > opt_Jmax)
            continue;
        join_lits++;
        added++;
        if (jcl.n == 1) {
            if (base == 0)
                join_units++;
            assign(x >> 1, !(x & 1), R_NONE);
            continue;
        }
        int mi = 1;
        for (int t = 2; t < jcl.n; t++)
            if (level[jcl.a[t] >> 1] > level[jcl.a[mi] >> 1])
                mi = t;
        int tmp = jcl.a[1];
        jcl.a[1] = jcl.a[mi];
        jcl.a[mi] = tmp;
        lvlstamp++;
        int lbd = 0;
        for (int t = 0; t < jcl.n; t++) {
            int lv = t == 0 ? nlevels : level[jcl.a[t] >> 1];
            if (lvlseen[lv] != lvlstamp) {
                lvlseen[lv] = lvlstamp;
                lbd++;
            }
        }
        int id = add_clause(jcl.a, jcl.n, lbd);
        assign(x >> 1, !(x & 1), MKR(id, R_CLAUSE));
    }
    if (!added)
        return 0;
    if (propagate()) {
        if (nlevels == 0) {
            la_unsat = 1;
            return 2;
        }
        return 1;
    }
    return 3;
}

/* returns 1: a probe failed, the conflict is pending at level base+1 (caller analyses);
 *         0: *dec = literal to decide (-1 when no candidate group), la_bestg its group */
static ivec lacand;
static double *lapre;
static int lapre_cap, opt_Y = 0;
static double opt_noise = 0; /* -N x: lookahead scores times 1 + x * uniform[0,1) */
static unsigned long long la_rng = 0x2545F4914F6CDD1DULL;
static long long la_seed = 0; /* -n S: noise seed */
static int opt_alt = 0; /* -a1: with -r0, alternate -O1/-O2 at every restart */
static int cmp_lapre(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    if (lapre[x] != lapre[y])
        return lapre[x] < lapre[y] ? 1 : -1;
    return x - y;
}
static int lookahead(int *dec)
{
    int base = nlevels;
    *dec = -1;
    la_bestg = -1;
    if (opt_Z && base == 0 && la_root_ntrail == ntrail && la_root_lit >= 0 &&
        val[la_root_lit >> 1] < 0) {
        la_cached++;
        *dec = la_root_lit;
        la_bestg = la_root_g;
        return 0;
    }
    la_calls++;
    int target = 2;
    if (opt_G == 1) {
        target = 1 << 30;
        for (int g = 0; g < NG; g++)
            if (gk[g] == 1 && tcnt[g] == 0 && cnt[g] >= 2 && cnt[g] < target)
                target = cnt[g];
        if (target == (1 << 30))
            return 0;
    }
    lstampv++;
    ltbuf.n = 0;
    double best = -1;
    int bestg = -1;
    probing = 1;
    /* candidate groups; with -Y K only the K best by a static pre-score (product over the
     * group's literals of 1 + the number of literals a true literal directly falsifies) */
    lacand.n = 0;
    for (int g = 0; g < NG; g++)
        if (gk[g] == 1 && tcnt[g] == 0 && cnt[g] == target)
            ipush(&lacand, g);
    if (opt_Y > 0 && lacand.n > opt_Y) {
        if (lapre_cap < NG) {
            lapre_cap = NG;
            lapre = realloc(lapre, sizeof(double) * NG);
        }
        for (int i = 0; i < lacand.n; i++) {
            int g = lacand.a[i];
            double pr = 1;
            for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                int m = glits[k];
                if (val[m >> 1] >= 0)
                    continue;
                int w = 0;
                for (int t = ostart[m]; t < ostart[m + 1]; t++)
                    w += cnt[occ[t]] - 1;
                pr *= 1 + w;
            }
            lapre[g] = pr;
        }
        qsort(lacand.a, lacand.n, sizeof(int), cmp_lapre);
        lacand.n = opt_Y;
    }
    for (int ci = 0; ci < lacand.n; ci++) {
        int g = lacand.a[ci];
        if (gk[g] != 1 || tcnt[g] != 0 || cnt[g] != target)
            continue;
        double prod = 1, sum = 0;
        for (int k = gstart[g]; k < gstart[g + 1]; k++) {
            int m = glits[k];
            if (val[m >> 1] >= 0)
                continue;
            if (lstamp[m] != lstampv) {
                la_probes++;
                trail_lim[nlevels++] = ntrail;
                assign(m >> 1, !(m & 1), R_NONE);
                long long p0 = propagations;
                int c = propagate();
                probe_props += propagations - p0;
                if (c) {
                    la_fails++;
                    probing = 0;
                    if (!opt_cont)
                        return 1;
                    /* failed literal: learn, stay in this lookahead when possible */
                    handle_conflict();
                    if (nlevels < base)
                        return 2;
                    if (propagate()) {
                        if (nlevels == 0) {
                            la_unsat = 1;
                            return 2;
                        }
                        return 1;
                    }
                    probing = 1;
                    prod = 1, sum = 0;
                    k = gstart[g] - 1;
                    if (tcnt[g] != 0 || cnt[g] != target)
                        break;
                    continue;
                }
                int e = ntrail - trail_lim[base];
                if (opt_J) {
                    if (ltbuf.n + e + 1 > ltbuf.cap) {
                        ltbuf.cap = 2 * (ltbuf.n + e + 1);
                        ltbuf.a = realloc(ltbuf.a, sizeof(int) * ltbuf.cap);
                    }
                    lt_off[m] = ltbuf.n;
                    for (int i = trail_lim[base]; i < ntrail; i++)
                        ltbuf.a[ltbuf.n++] = 2 * trail[i] + !val[trail[i]]; /* true literal */
                }
                backtrack(base);
                lstamp[m] = lstampv;
                lval_e[m] = e;
            }
            prod *= lval_e[m] + 1;
            sum += lval_e[m];
        }
        if (tcnt[g] != 0 || cnt[g] != target)
            continue;
        if (opt_J && target == 2) {
            int jr = join_group(g, base);
            if (jr == 2 || jr == 1) {
                probing = 0;
                return jr;
            }
            if (jr == 3) { /* facts added at base, propagated: group may be gone */
                if (tcnt[g] != 0 || cnt[g] != target)
                    continue;
            }
        }
        double sc = prod * 1024 + sum;
        if (opt_noise > 0) {
            la_rng ^= la_rng << 13;
            la_rng ^= la_rng >> 7;
            la_rng ^= la_rng << 17;
            sc *= 1 + opt_noise * (double)(la_rng >> 11) / 9007199254740992.0;
        }
        if (sc > best) {
            best = sc;
            bestg = g;
        }
    }
    probing = 0;
    if (bestg < 0)
        return 0;
    if (tcnt[bestg] != 0 || cnt[bestg] < 2)
        return 2; /* stale after a failed literal: look again */
    la_bestg = bestg;
    int bl = -1;
    for (int k = gstart[bestg]; k < gstart[bestg + 1]; k++) {
        int m = glits[k];
        if (val[m >> 1] >= 0)
            continue;
        if (bl < 0)
            bl = m;
        else if (opt_O == 1 && lval_e[m] > lval_e[bl])
            bl = m;
        else if (opt_O == 2 && lval_e[m] < lval_e[bl])
            bl = m;
        else if (opt_O == 3 && act[m >> 1] > act[bl >> 1])
            bl = m;
    }
    *dec = bl;
    if (base == 0) {
        la_root_ntrail = ntrail;
        la_root_lit = bl;
        la_root_g = bestg;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* -j K portfolio: K forked members (member k solves the symmetric variant of seed S+k,
 * member 0 with S = 0 the puzzle itself); -E L shares learned clauses with LBD <= L (and
 * units) through shared-memory rings, imported at restarts; the first solution wins. */
#define SH_CAP (1 << 22)
typedef struct {
    long long wpos;
    int data[SH_CAP];
} shring;
typedef struct {
    int done, winner;
    uint8_t sol[4096];
    long long confl[8], decs[8], props[8], exported[8], imported[8];
    double cpu[8];
    int status[8];
    shring ring[8];
} shmem_t;
static shmem_t *SH;
static int member = 0, opt_j = 1, opt_E = 0;
static int *to_orig, *from_orig;
static long long rpos[8], n_exported, n_imported;
static void share_export(const int *lits, int n, int lbd)
{
    if (!SH || opt_E <= 0 || (n > 1 && lbd > opt_E))
        return;
    shring *rg = &SH->ring[member];
    long long w = rg->wpos;
    rg->data[w % SH_CAP] = n | (lbd << 16);
    for (int i = 0; i < n; i++)
        rg->data[(w + 1 + i) % SH_CAP] = 2 * to_orig[lits[i] >> 1] + (lits[i] & 1);
    __atomic_store_n(&rg->wpos, w + n + 1, __ATOMIC_RELEASE);
    n_exported++;
}
/* at level 0 only; returns 1 when something was added */
static int share_import(void)
{
    if (!SH || opt_E <= 0 || nlevels != 0)
        return 0;
    int added = 0;
    static int tmp[4096];
    for (int o = 0; o < opt_j; o++) {
        if (o == member)
            continue;
        shring *rg = &SH->ring[o];
        long long w = __atomic_load_n(&rg->wpos, __ATOMIC_ACQUIRE);
        if (w - rpos[o] > SH_CAP / 2)
            rpos[o] = w; /* lapped: skip */
        while (rpos[o] < w) {
            int h = rg->data[rpos[o] % SH_CAP], n = h & 0xffff, lbd = h >> 16;
            int k = 0, sat = 0;
            for (int i = 0; i < n; i++) {
                int lo = rg->data[(rpos[o] + 1 + i) % SH_CAP];
                int l = 2 * from_orig[lo >> 1] + (lo & 1);
                int lv = litval(l);
                if (lv == 1)
                    sat = 1;
                else if (lv < 0)
                    tmp[k++] = l;
            }
            rpos[o] += n + 1;
            if (sat || k == 0)
                continue;
            n_imported++;
            added = 1;
            if (k == 1)
                assign(tmp[0] >> 1, !(tmp[0] & 1), R_NONE);
            else
                add_clause(tmp, k, lbd < k ? lbd : k);
        }
    }
    return added;
}

/* search state kept across cubes */
static long long cube_limit = 1LL << 62;
static int opt_budget = 0; /* -B N: round-robin over cubes, N conflicts per cube per round, doubling */
static long long next_reduce, since_reduce, since_restart, restart_budget;
static int restart_no;
static double lbd_fast, lbd_slow;
static int lbd_fast_n;
static clock_t t_start;
static double cur_tcap;

static int init_puzzle(const uint8_t *values)
{
    reset();
    la_calls = la_probes = la_fails = la_joins = la_cached = 0;
    la_unsat = 0;
    la_rng = 0x2545F4914F6CDD1DULL ^ ((unsigned long long)(la_seed + 1) * 0x9E3779B97F4A7C15ULL);
    join_lits = join_units = 0;
    la_root_ntrail = -1;
    t_start = clock();
    for (int cell = 0; cell < NC; cell++) {
        if (values[cell]) {
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
    if (!lstamp)
        lstamp = calloc(2 * NV, sizeof(int)), lval_e = calloc(2 * NV, sizeof(int)), lt_off = calloc(2 * NV, sizeof(int)), jmark = calloc(2 * NV, sizeof(int));
    for (int v = 0; v < NV; v++)
        tphase[v] = -1;
    target_len = 0;
    if (opt_probe && !probe_root())
        return 0;
    for (int v = 0; v < NV; v++)
        if (val[v] < 0 && (v < NX || opt_dec_aux))
            heap_insert(v);
    next_reduce = opt_reduce_first;
    restart_no = 0;
    restart_budget = (long long)(luby(2, 0) * opt_luby_unit);
    since_restart = since_reduce = 0;
    lbd_fast = lbd_slow = 0;
    lbd_fast_n = 0;
    return 1;
}

/* conflict pending at nlevels > 0: learn, backjump, assert */
static void handle_conflict(void)
{
    conflicts++;
    since_restart++;
    since_reduce++;
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
    share_export(learnt.a, learnt.n, lbd);
    var_inc /= opt_decay;
    lbd_slow += (lbd - lbd_slow) / (conflicts < 10000 ? conflicts : 10000);
    lbd_fast_n++;
    lbd_fast += (lbd - lbd_fast) / (lbd_fast_n < 50 ? lbd_fast_n : 50);
}

static int capped(void)
{
    if (SH && __atomic_load_n(&SH->done, __ATOMIC_ACQUIRE))
        return 1;
    if (opt_conflict_cap >= 0 && conflicts >= opt_conflict_cap)
        return 1;
    return (double)(clock() - t_start) / CLOCKS_PER_SEC > cur_tcap;
}

static void extract(uint8_t *sol)
{
    for (int cell = 0; cell < NC; cell++) {
        sol[cell] = 0;
        for (int d = 0; d < N; d++)
            if (val[cell * N + d] == 1)
                sol[cell] = d + 1;
    }
}

/* CDCL under assumptions cube[0..ncube-1] (decided in order, one per level).
 * returns 1 solved, 0 unsat, 2 cube refuted, -1 capped */
static int search(const int *cube, int ncube, uint8_t *sol)
{
    for (;;) {
        if (propagate()) {
            if (nlevels == 0)
                return 0;
            handle_conflict();
            if ((conflicts & 255) == 0 && capped())
                return -1;
            if (conflicts >= cube_limit)
                return -2;
            continue;
        }
        /* restart? */
        if (opt_restart == 0) {
            if (since_restart >= restart_budget) {
                restart_no++;
                restart_budget = (long long)(luby(2, restart_no) * opt_luby_unit);
                since_restart = 0;
                backtrack(0);
                if (opt_alt)
                    opt_O = opt_O == 2 ? 1 : 2;
                if (share_import())
                    continue;
                if (opt_target > 1)
                    target_len = 0;
                if (opt_probe > 1 && !probe_root())
                    return 0;
            }
        } else if (opt_restart == 1) {
            if (lbd_fast_n >= 50 && lbd_fast * 0.8 > lbd_slow) {
                lbd_fast_n = 0;
                lbd_fast = 0;
                backtrack(0);
                if (share_import())
                    continue;
                if (opt_target > 1)
                    target_len = 0;
                if (opt_probe > 1 && !probe_root())
                    return 0;
            }
        }
        if (since_reduce >= next_reduce) {
            since_reduce = 0;
            next_reduce += opt_reduce_inc;
            reduce_db();
        }
        /* assumptions */
        if (nlevels < ncube) {
            int l = cube[nlevels], lv = litval(l);
            if (lv == 0)
                return 2;
            trail_lim[nlevels++] = ntrail;
            if (lv < 0)
                assign(l >> 1, !(l & 1), R_NONE);
            continue;
        }
        /* decide */
        if (nlevels - ncube < opt_D) {
            int dl;
            int lr = lookahead(&dl);
            if (la_unsat)
                return 0;
            if (lr == 2)
                continue;
            if (lr) {
                handle_conflict();
                if ((conflicts & 255) == 0 && capped())
                    return -1;
                continue;
            }
            if (dl >= 0) {
                decisions++;
                trail_lim[nlevels++] = ntrail;
                assign(dl >> 1, !(dl & 1), R_NONE);
                continue;
            }
        }
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
            extract(sol);
            return 1;
        }
        decisions++;
        trail_lim[nlevels++] = ntrail;
        assign(v, (opt_target && tphase[v] >= 0) ? tphase[v] : phase[v], R_NONE);
    }
}

/* cube generation: lookahead tree of depth opt_cube along path; cubes stored flat */
static ivec path, cubes, cubestart, cubetrail, cubeorder;
static int opt_order = 0; /* cube order: 0 tree (DFS), 1 most assigned first, 2 fewest first */
static int cmp_cube(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    int d = cubetrail.a[x] - cubetrail.a[y];
    if (opt_order == 1)
        d = -d;
    return d ? d : x - y;
}
static long long gen_nodes;
/* bring the solver to level L with path[0..L-1] decided; 1 ok, 0 path refuted, -1 unsat */
static int reestablish(int L)
{
    for (;;) {
        if (propagate()) {
            if (nlevels == 0)
                return -1;
            handle_conflict();
            continue;
        }
        if (nlevels >= L)
            return 1;
        int l = path.a[nlevels], lv = litval(l);
        if (lv == 0)
            return 0;
        trail_lim[nlevels++] = ntrail;
        if (lv < 0)
            assign(l >> 1, !(l & 1), R_NONE);
    }
}
static int gen(int L, uint8_t *sol)
{
    gen_nodes++;
    if (nlevels > L)
        backtrack(L);
    int r = reestablish(L);
    if (r <= 0)
        return r < 0 ? -1 : 0;
    if (L == opt_cube) {
        if (cubestart.n == 0)
            ipush(&cubestart, 0);
        for (int i = 0; i < L; i++)
            ipush(&cubes, path.a[i]);
        ipush(&cubestart, cubes.n);
        ipush(&cubetrail, ntrail);
        return 0;
    }
    int dl;
    int lr;
    while ((lr = lookahead(&dl))) {
        if (la_unsat)
            return -1;
        if (lr == 1)
            handle_conflict();
        r = reestablish(L);
        if (r <= 0)
            return r < 0 ? -1 : 0;
    }
    int g = la_bestg;
    if (g < 0) {
        dl = pick_group_lit();
        if (dl < 0) {
            extract(sol);
            return 1;
        }
        /* group of dl with fewest non-false literals */
        g = -1;
        for (int j = ostart[dl]; j < ostart[dl + 1]; j++) {
            int h = occ[j];
            if (gk[h] == 1 && tcnt[h] == 0 && (g < 0 || cnt[h] < cnt[g]))
                g = h;
        }
    }
    /* children: unassigned literals of g, ordered by opt_O */
    int kids[130], nk = 0;
    for (int k = gstart[g]; k < gstart[g + 1]; k++)
        if (val[glits[k] >> 1] < 0) {
            kids[nk++] = glits[k];
            if (la_bestg < 0)
                lval_e[glits[k]] = 0; /* fallback group: not probed, keep group order */
        }
    if (opt_O == 1 || opt_O == 2)
        for (int i = 1; i < nk; i++)
            for (int j = i; j > 0; j--) {
                int a = kids[j - 1], b = kids[j];
                int sw = opt_O == 1 ? lval_e[b] > lval_e[a] : lval_e[b] < lval_e[a];
                if (!sw)
                    break;
                kids[j - 1] = b;
                kids[j] = a;
            }
    for (int i = 0; i < nk; i++) {
        if (nlevels > L)
            backtrack(L);
        r = reestablish(L);
        if (r <= 0)
            return r < 0 ? -1 : 0;
        if (litval(kids[i]) == 0)
            continue;
        path.n = L;
        ipush(&path, kids[i]);
        int res = gen(L + 1, sol);
        if (res != 0)
            return res;
    }
    return 0;
}


/* -W depth: oracle walk along the known solution: at each lookahead node report the rank of
 * the solution-consistent child among the children ordered by e descending (O1) */
static int opt_W = 0;
static void oracle_walk(const uint8_t *values, const uint8_t *sol)
{
    if (!init_puzzle(values))
        return;
    path.n = 0;
    int first = 0, total = 0;
    long long se = 0, oe = 0;
    printf("walk:");
    for (int L = 0; L < opt_W; L++) {
        if (reestablish(L) <= 0) {
            printf(" [path lost]");
            break;
        }
        int dl, lr;
        while ((lr = lookahead(&dl))) {
            if (la_unsat)
                return;
            if (lr == 1)
                handle_conflict();
            if (reestablish(L) <= 0) {
                printf(" [path lost]");
                return;
            }
        }
        int g = la_bestg;
        if (g < 0)
            break;
        int sl = -1, nk = 0, rank_hi = 0, rank_lo = 0;
        for (int k = gstart[g]; k < gstart[g + 1]; k++) {
            int m = glits[k];
            if (val[m >> 1] >= 0)
                continue;
            nk++;
            int v = m >> 1;
            if (sol[v / N] == v % N + 1)
                sl = m;
        }
        if (sl < 0) {
            printf(" [no sol child g=%d cnt=%d tcnt=%d:", g, cnt[g], tcnt[g]);
            for (int k = gstart[g]; k < gstart[g + 1]; k++) {
                int m = glits[k], v = m >> 1;
                if (val[v] != 0 || sol[v / N] == v % N + 1)
                    printf(" %d:%d:%d", m, val[v], sol[v / N] == v % N + 1);
            }
            printf("]");
            break;
        }
        for (int k = gstart[g]; k < gstart[g + 1]; k++) {
            int m = glits[k];
            if (val[m >> 1] >= 0 || m == sl)
                continue;
            if (lval_e[m] > lval_e[sl])
                rank_hi++;
            else
                rank_lo++;
            oe += lval_e[m];
        }
        se += lval_e[sl];
        total++;
        if (rank_hi == 0)
            first++;
        printf(" %d/%d(%d,%d)", rank_hi, nk, lval_e[sl], nk == 2 ? lval_e[glits[gstart[g]] == sl ? glits[gstart[g] + 1] : glits[gstart[g]]] : -1);
        path.n = L;
        ipush(&path, sl);
    }
    printf("\nwalk summary: solution child has the largest e at %d of %d levels\n", first, total);
}

static long long ncubes_done, ncubes_total;
static double gen_time;
/* solve; returns 1 solved, 0 unsat, -1 capped */
static int solve(const uint8_t *values, uint8_t *sol, double tcap)
{
    cur_tcap = tcap;
    if (!init_puzzle(values))
        return 0;
    if (opt_cube <= 0)
        return search(NULL, 0, sol);
    path.n = cubes.n = cubestart.n = cubetrail.n = 0;
    gen_nodes = 0;
    int r = gen(0, sol);
    gen_time = (double)(clock() - t_start) / CLOCKS_PER_SEC;
    backtrack(0);
    if (r == 1)
        return 1;
    if (r < 0)
        return 0;
    ncubes_total = cubestart.n ? cubestart.n - 1 : 0;
    ncubes_done = 0;
    cubeorder.n = 0;
    for (int c = 0; c < ncubes_total; c++)
        ipush(&cubeorder, c);
    if (opt_order)
        qsort(cubeorder.a, cubeorder.n, sizeof(int), cmp_cube);
    if (opt_budget > 0) {
        /* round robin with a per-visit conflict budget, doubled after each round */
        ivec live = {0};
        for (int ci = 0; ci < ncubes_total; ci++)
            if (ci % opt_QN == opt_Q)
                ipush(&live, cubeorder.a[ci]);
        long long budget = opt_budget;
        while (live.n > 0) {
            int j = 0;
            for (int i = 0; i < live.n; i++) {
                int c = live.a[i];
                ncubes_done++;
                backtrack(0);
                cube_limit = conflicts + budget;
                int s = search(cubes.a + cubestart.a[c], cubestart.a[c + 1] - cubestart.a[c], sol);
                cube_limit = 1LL << 62;
                if (s == 1 || s == 0 || s == -1) {
                    if (s == 1 && !opt_quiet)
                        printf("cube %d (live %d of %d) budget %lld\n", c, i, live.n, budget);
                    free(live.a);
                    return s;
                }
                if (s == -2)
                    live.a[j++] = c;
            }
            live.n = j;
            budget *= 2;
        }
        free(live.a);
        return 0;
    }
    for (int ci = 0; ci < ncubes_total; ci++) {
        int c = cubeorder.a[ci];
        if (ci % opt_QN != opt_Q)
            continue;
        ncubes_done++;
        backtrack(0);
        int s = search(cubes.a + cubestart.a[c], cubestart.a[c + 1] - cubestart.a[c], sol);
        if (s == 1) {
            int more = 0, less = 0;
            for (int o = 0; o < ncubes_total; o++)
                more += cubetrail.a[o] > cubetrail.a[c], less += cubetrail.a[o] < cubetrail.a[c];
            if (!opt_quiet)
                printf("cube %d (order %d) ntrail %d: %d cubes with more assigned, %d with fewer\n", c, ci, cubetrail.a[c], more, less);
        }
        if (s == 1 || s == 0 || s == -1)
            return s;
    }
    return 0;
}


/* -S seed: solve a random symmetric variant (value relabelling, rows within bands, bands,
 * columns likewise, transpose) and map the solution back (verified on the original) */
static unsigned long long rng_state;
static unsigned rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}
static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rng() % (i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
static long long opt_seed = 0;
static int symr[64], symc[64], symv[65], symt;
static void make_sym(long long seed)
{
    rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)seed * 0xD1B54A32D192ED03ULL;
    for (int i = 0; i < 20; i++)
        rng();
    int band[64], inb[64];
    for (int pass = 0; pass < 2; pass++) {
        int *m = pass ? symc : symr;
        for (int i = 0; i < BR; i++)
            band[i] = i;
        shuffle(band, BR);
        for (int bi = 0; bi < BR; bi++) {
            for (int k = 0; k < BR; k++)
                inb[k] = k;
            shuffle(inb, BR);
            for (int k = 0; k < BR; k++)
                m[bi * BR + k] = band[bi] * BR + inb[k];
        }
    }
    symv[0] = 0;
    int vv[64];
    for (int i = 0; i < N; i++)
        vv[i] = i + 1;
    shuffle(vv, N);
    for (int i = 0; i < N; i++)
        symv[i + 1] = vv[i];
    symt = rng() & 1;
}
/* variant cell (r', c') takes original cell (symr[r'], symc[c']) (transposed if symt) */
static int sym_src(int r2, int c2)
{
    int r = symr[r2], c = symc[c2];
    return symt ? c * N + r : r * N + c;
}

static void set_maps(long long seed)
{
    if (!to_orig)
        to_orig = malloc(sizeof(int) * NV), from_orig = malloc(sizeof(int) * NV);
    for (int v = 0; v < NV; v++)
        to_orig[v] = from_orig[v] = v;
    if (!seed)
        return;
    int inv[65];
    for (int i = 0; i <= N; i++)
        inv[symv[i]] = i;
    for (int r2 = 0; r2 < N; r2++)
        for (int c2 = 0; c2 < N; c2++)
            for (int d = 0; d < N; d++) {
                int v2 = (r2 * N + c2) * N + d, vo = sym_src(r2, c2) * N + inv[d + 1] - 1;
                to_orig[v2] = vo;
                from_orig[vo] = v2;
            }
}
static int solve_sym(const uint8_t *p, uint8_t *s, long long seed)
{
    if (!seed) {
        set_maps(0);
        return solve(p, s, opt_time_cap);
    }
    make_sym(seed);
    set_maps(seed);
    uint8_t *p2 = malloc(NC), *s2 = malloc(NC);
    for (int r2 = 0; r2 < N; r2++)
        for (int c2 = 0; c2 < N; c2++)
            p2[r2 * N + c2] = symv[p[sym_src(r2, c2)]];
    int r = solve(p2, s2, opt_time_cap);
    int inv[65];
    for (int i = 0; i <= N; i++)
        inv[symv[i]] = i;
    for (int r2 = 0; r2 < N; r2++)
        for (int c2 = 0; c2 < N; c2++)
            s[sym_src(r2, c2)] = inv[s2[r2 * N + c2]];
    free(p2);
    free(s2);
    return r;
}
static double member_cpu[8];
static void member_options(int k);
static int run_portfolio(const uint8_t *p, uint8_t *s)
{
    if (!SH) {
        SH = mmap(NULL, sizeof(shmem_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (SH == MAP_FAILED) {
            perror("mmap");
            exit(2);
        }
    }
    SH->done = 0;
    SH->winner = -1;
    for (int k = 0; k < opt_j; k++) {
        SH->ring[k].wpos = 0;
        SH->status[k] = -2;
    }
    fflush(stdout);
    pid_t pids[8];
    for (int k = 0; k < opt_j; k++) {
        pids[k] = fork();
        if (pids[k] == 0) {
            member = k;
            member_options(k);
            for (int o = 0; o < 8; o++)
                rpos[o] = 0;
            n_exported = n_imported = 0;
            uint8_t *s2 = malloc(NC);
            int split = opt_cube > 0;
            if (split) {
                opt_Q = k;
                opt_QN = opt_j;
            }
            int r = solve_sym(p, s2, split ? opt_seed : opt_seed + k);
            if (split && r == 0)
                r = -3; /* this queue ran out of cubes */
            SH->status[k] = r;
            SH->confl[k] = conflicts;
            SH->decs[k] = decisions;
            SH->props[k] = propagations;
            SH->exported[k] = n_exported;
            SH->imported[k] = n_imported;
            SH->cpu[k] = (double)(clock() - t_start) / CLOCKS_PER_SEC;
            if (r == 1 || r == 0) {
                int z = 0;
                if (__atomic_compare_exchange_n(&SH->done, &z, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
                    memcpy(SH->sol, s2, NC);
                    SH->winner = k;
                }
            }
            _exit(0);
        }
    }
    for (int k = 0; k < opt_j; k++)
        waitpid(pids[k], NULL, 0);
    int w = SH->winner;
    for (int k = 0; k < opt_j; k++)
        member_cpu[k] = SH->cpu[k];
    if (w < 0)
        return -1;
    memcpy(s, SH->sol, NC);
    conflicts = SH->confl[w];
    decisions = SH->decs[w];
    propagations = SH->props[w];
    n_exported = SH->exported[w];
    n_imported = SH->imported[w];
    return SH->status[w];
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

static char *member_opts[8]; /* -m K "options": extra options of portfolio member K */
/* parse options argv[ai..]; returns the index of the first non-option, -1 on error */
static int parse_opts(int argc, char **argv, int ai)
{
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
        case 'D': opt_D = atoi(argv[++ai]); break;
        case 'G': opt_G = atoi(a + 2); break;
        case 'O': opt_O = atoi(a + 2); break;
        case 'J': opt_J = atoi(a + 2); break;
        case 'M': opt_Jmax = atoi(argv[++ai]); break;
        case 'Z': opt_Z = atoi(a + 2); break;
        case 'F': opt_cont = atoi(a + 2); break;
        case 'W': opt_W = atoi(argv[++ai]); break;
        case 'a': opt_alt = atoi(a + 2); break;
        case 'n': la_seed = atoll(argv[++ai]); break;
        case 'N': opt_noise = atof(argv[++ai]); break;
        case 'Y': opt_Y = atoi(argv[++ai]); break;
        case 'B': opt_budget = atoi(argv[++ai]); break;
        case 'o': opt_order = atoi(a + 2); break;
        case 'j': opt_j = atoi(argv[++ai]); break;
        case 'E': opt_E = atoi(argv[++ai]); break;
        case 'S': opt_seed = atoll(argv[++ai]); break;
        case 'C': opt_cube = atoi(argv[++ai]); break;
        case 'Q': opt_Q = atoi(argv[++ai]); opt_QN = atoi(argv[++ai]); break;
        case 'm': { int k = atoi(argv[++ai]); member_opts[k] = argv[++ai]; break; }
        default: fprintf(stderr, "bad option %s\n", a); return -1;
        }
    }
    return ai;
}
static void member_options(int k)
{
    if (!member_opts[k])
        return;
    char *s = strdup(member_opts[k]), *toks[64];
    int n = 0;
    for (char *t = strtok(s, " ,"); t && n < 63; t = strtok(NULL, " ,"))
        toks[n++] = t;
    if (parse_opts(n, toks, 0) != n) {
        fprintf(stderr, "bad member options\n");
        _exit(2);
    }
}

int main(int argc, char **argv)
{
    int ai = parse_opts(argc, argv, 1);
    if (ai < 0)
        return 2;
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
        int r = opt_j > 1 ? run_portfolio(p, s) : solve_sym(p, s, opt_seed);
        clock_gettime(CLOCK_MONOTONIC, &a1);
        double dt = (a1.tv_sec - a0.tv_sec) + 1e-9 * (a1.tv_nsec - a0.tv_nsec);
        int ok = r == 1 && verify(p, s);
        if (ok && opt_W)
            oracle_walk(p, s);
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
            printf("line %d: %s %.3f s decisions %lld conflicts %lld props %lld probeprops %lld avglen %.1f avglbd %.1f pairs %lld la %lld/%lld/%lld/%lld cubes %lld/%lld gen %lld %.2fs join %lld/%lld cpu %.2f share %lld/%lld winner %d cpus %.2f/%.2f\n", lineno,
                   r == 1 ? (ok ? "solved" : "BADSOLUTION") : r == 0 ? "unsat" : "capped", dt,
                   decisions, conflicts, propagations, probe_props, (double)lsize_sum / (conflicts + 1), (double)llbd_sum / (conflicts + 1), pair_apps, la_calls, la_cached, la_probes, la_fails, ncubes_done, ncubes_total, gen_nodes, gen_time, join_lits, join_units, (double)(clock() - t_start) / CLOCKS_PER_SEC, n_exported, n_imported, SH ? SH->winner : -1, member_cpu[0], member_cpu[1]);
        fflush(stdout);
        free(p);
        free(s);
    }
    printf("total %d solved %d bad %d time sum %.3f max %.3f conflicts sum %lld max %lld\n", ntot,
           nsolved, nbad, tsum, tmax, csum, cmax);
    return 0;
}
