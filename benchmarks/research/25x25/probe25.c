/* h.c -- experiment harness for big-Sudoku search techniques.
 * usage: ./h [options] file [line ...]
 *   -l        locked candidates (pointing+claiming) inside settle
 *   -p        naked/hidden pairs inside settle (not implemented: placeholder)
 *   -b0/-b1/-b2/-b3   branching: 0 min cell; 1 min(cell, unit-value); 2 dom/wdeg units; 3 dom/wdeg + unit-value
 *   -v0/-v1/-v2       value order: 0 ascending; 1 fewest places first; 2 most places first
 *   -P0..-P3  probing at each node: 1 failed literal on bivalue cells; 2 + join (bivalue);
 *             3 failed literal on every candidate of every cell with <=K cands (-K)
 *   -n NODES  node limit (default 5M)   -c COUNT limit (default 1)   -t secs time cap
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
#define MAXN 64
#define MAXC (MAXN * MAXN)

static int N, BR, BC, NC, NU;
static int ucell[3 * MAXN][MAXN];
static int cunit[MAXC][3];
static int npeer;
static int *peers; /* NC * npeer */
static u64 FULL;

static int opt_lc = 0, opt_branch = 0, opt_val = 0, opt_probe = 0, opt_K = 2, opt_pairs = 0;
static long long node_limit = 5000000, count_limit = 1;
static double time_cap = 60;

static long long nodes, settles;
static int fail_unit;
static double wt[3 * MAXN];

static inline int pc(u64 x) { return __builtin_popcountll(x); }

static void build(int br, int bc) {
    BR = br; BC = bc; N = br * bc; NC = N * N; NU = 3 * N;
    FULL = N == 64 ? ~0ULL : ((1ULL << N) - 1);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int cell = r * N + c, b = (r / br) * br + c / bc;
            int bi = (r % br) * bc + c % bc;
            ucell[r][c] = cell; ucell[N + c][r] = cell; ucell[2 * N + b][bi] = cell;
            cunit[cell][0] = r; cunit[cell][1] = N + c; cunit[cell][2] = 2 * N + b;
        }
    npeer = 2 * (N - 1) + (N - br - bc + 1);
    peers = malloc(sizeof(int) * NC * npeer);
    for (int c = 0; c < NC; c++) {
        int k = 0;
        for (int p = 0; p < NC; p++) {
            if (p == c) continue;
            if (cunit[p][0] == cunit[c][0] || cunit[p][1] == cunit[c][1] || cunit[p][2] == cunit[c][2])
                peers[c * npeer + k++] = p;
        }
        if (k != npeer) { fprintf(stderr, "peer count\n"); exit(1); }
    }
}

/* common unit of two peers (first of row/col/box) */
static int common_unit(int a, int b) {
    for (int i = 0; i < 3; i++) if (cunit[a][i] == cunit[b][i]) return cunit[a][i];
    return -1;
}

static int locked(u64 *cand, int *queue, int *qn) {
    /* box-line intersections; returns -1 on contradiction, else number of changes */
    int changed = 0;
    for (int b = 0; b < N; b++) {
        int b0r = (b / (N / BC)) * BR, b0c = (b % (N / BC)) * BC;
        /* rows of this box */
        for (int dir = 0; dir < 2; dir++) {
            int nl = dir == 0 ? BR : BC;
            for (int li = 0; li < nl; li++) {
                u64 inter = 0, restbox = 0, restline = 0;
                int line = dir == 0 ? b0r + li : b0c + li;
                for (int k = 0; k < N; k++) {
                    int cell = dir == 0 ? line * N + k : k * N + line;
                    int inb = dir == 0 ? (k >= b0c && k < b0c + BC) : (k >= b0r && k < b0r + BR);
                    u64 m = cand[cell];
                    if (inb) inter |= m; else restline |= m;
                }
                int bu = 2 * N + b;
                for (int k = 0; k < N; k++) {
                    int cell = ucell[bu][k];
                    int r = cell / N, c = cell % N;
                    int online = dir == 0 ? r == line : c == line;
                    if (!online) restbox |= cand[cell];
                }
                u64 point = inter & ~restbox;  /* remove from rest of line */
                u64 claim = inter & ~restline; /* remove from rest of box */
                if (point & restline) {
                    for (int k = 0; k < N; k++) {
                        int cell = dir == 0 ? line * N + k : k * N + line;
                        int inb = dir == 0 ? (k >= b0c && k < b0c + BC) : (k >= b0r && k < b0r + BR);
                        if (inb) continue;
                        u64 m = cand[cell];
                        if (m & point) {
                            m &= ~point;
                            if (!m) { fail_unit = dir == 0 ? line : N + line; return -1; }
                            cand[cell] = m; changed++;
                            if (!(m & (m - 1))) queue[(*qn)++] = cell;
                        }
                    }
                }
                if (claim & restbox) {
                    for (int k = 0; k < N; k++) {
                        int cell = ucell[bu][k];
                        int r = cell / N, c = cell % N;
                        int online = dir == 0 ? r == line : c == line;
                        if (online) continue;
                        u64 m = cand[cell];
                        if (m & claim) {
                            m &= ~claim;
                            if (!m) { fail_unit = bu; return -1; }
                            cand[cell] = m; changed++;
                            if (!(m & (m - 1))) queue[(*qn)++] = cell;
                        }
                    }
                }
            }
        }
    }
    return changed;
}

/* naked pairs + hidden pairs per unit; returns -1 / changes */
static int pairs(u64 *cand, int *queue, int *qn) {
    int changed = 0;
    for (int u = 0; u < NU; u++) {
        int *uc = ucell[u];
        /* naked pairs */
        for (int i = 0; i < N; i++) {
            u64 m = cand[uc[i]];
            if (pc(m) != 2) continue;
            for (int j = i + 1; j < N; j++) {
                if (cand[uc[j]] != m) continue;
                for (int k = 0; k < N; k++) {
                    if (k == i || k == j) continue;
                    u64 x = cand[uc[k]];
                    if (x & m) {
                        x &= ~m;
                        if (!x) { fail_unit = u; return -1; }
                        cand[uc[k]] = x; changed++;
                        if (!(x & (x - 1))) queue[(*qn)++] = uc[k];
                    }
                }
            }
        }
        /* hidden pairs: values with exactly 2 places, same places */
        u64 place[MAXN];
        for (int v = 0; v < N; v++) {
            u64 p = 0, b = 1ULL << v;
            for (int k = 0; k < N; k++) if (cand[uc[k]] & b) p |= 1ULL << k;
            place[v] = p;
        }
        for (int v = 0; v < N; v++) {
            if (pc(place[v]) != 2) continue;
            for (int w = v + 1; w < N; w++) {
                if (place[w] != place[v]) continue;
                u64 keep = (1ULL << v) | (1ULL << w);
                u64 p = place[v];
                while (p) {
                    int k = __builtin_ctzll(p); p &= p - 1;
                    u64 x = cand[uc[k]];
                    if (x & ~keep) { cand[uc[k]] = x & keep; changed++; }
                }
            }
        }
    }
    return changed;
}

/* settle: naked + hidden singles to fixpoint, then optional rules; 0 on contradiction */
static int settle(u64 *cand, int *queue, int qn) {
    settles++;
    for (;;) {
        while (qn) {
            int c = queue[--qn];
            u64 b = cand[c];
            int *pp = peers + c * npeer;
            for (int i = 0; i < npeer; i++) {
                int p = pp[i];
                u64 m = cand[p];
                if (m & b) {
                    m ^= b;
                    if (!m) { fail_unit = common_unit(c, p); return 0; }
                    cand[p] = m;
                    if (!(m & (m - 1))) queue[qn++] = p;
                }
            }
        }
        for (int u = 0; u < NU; u++) {
            u64 once = 0, twice = 0;
            int *uc = ucell[u];
            for (int k = 0; k < N; k++) { u64 m = cand[uc[k]]; twice |= once & m; once |= m; }
            if (once != FULL) { fail_unit = u; return 0; }
            u64 hidden = once & ~twice;
            if (hidden) {
                for (int k = 0; k < N; k++) {
                    u64 m = cand[uc[k]], h = m & hidden;
                    if (h && (m & (m - 1))) {
                        if (h & (h - 1)) { fail_unit = u; return 0; }
                        cand[uc[k]] = h; queue[qn++] = uc[k];
                    }
                }
            }
        }
        if (qn) continue;
        if (opt_lc) {
            int r = locked(cand, queue, &qn);
            if (r < 0) return 0;
            if (r > 0) continue;
        }
        if (opt_pairs) {
            int r = pairs(cand, queue, &qn);
            if (r < 0) return 0;
            if (r > 0) continue;
        }
        return 1;
    }
}

static int queue_buf[MAXC * 8];
static u64 tmp[MAXC], tmp2[MAXC], joinb[MAXC];


/* generalized probing over disjunctions: cell (its candidates) and unit-value (its places) */
static int opt_R = 0, opt_score = 0, opt_Kc = 2, opt_Ku = 0, opt_join = 0, opt_order = 0;
typedef struct { int n; int cell[MAXN]; int val[MAXN]; long long e[MAXN]; long long score; } disj;
static disj la_d;  /* best disjunction of the last pass */
static int la_have;
static int totalbits(const u64 *a) { int t = 0; for (int i = 0; i < NC; i++) t += pc(a[i]); return t; }
static long long probes;

/* probe one disjunction; returns -1 contradiction, 1 changed state, 0 unchanged (fills d->e, score) */
static int probe_disj(u64 *cand, disj *d, int base) {
    int nok = 0, okidx[MAXN];
    int first = 1;
    for (int i = 0; i < d->n; i++) {
        int c = d->cell[i]; u64 b = 1ULL << d->val[i];
        memcpy(tmp, cand, sizeof(u64) * NC);
        tmp[c] = b; queue_buf[0] = c; probes++;
        if (settle(tmp, queue_buf, 1)) {
            d->e[i] = base - totalbits(tmp); okidx[nok++] = i;
            if (opt_join) {
                if (first) memcpy(joinb, tmp, sizeof(u64) * NC);
                else for (int j = 0; j < NC; j++) joinb[j] |= tmp[j];
                first = 0;
            }
        } else d->e[i] = -1;
    }
    if (nok == 0) return -1;
    if (nok < d->n) {
        /* remove failed literals */
        int qn = 0;
        for (int i = 0; i < d->n; i++) if (d->e[i] < 0) {
            int c = d->cell[i]; u64 x = cand[c] & ~(1ULL << d->val[i]);
            if (!x) return -1;
            if (x != cand[c]) { cand[c] = x; if (!(x & (x - 1))) queue_buf[qn++] = c; }
        }
        if (opt_join) for (int j = 0; j < NC; j++) {
            u64 x = cand[j] & joinb[j];
            if (x != cand[j]) { if (!x) return -1; cand[j] = x; if (!(x & (x - 1))) queue_buf[qn++] = j; }
        }
        if (!settle(cand, queue_buf, qn)) return -1;
        return 1;
    }
    if (opt_join) {
        int qn = 0, ch = 0;
        for (int j = 0; j < NC; j++) {
            u64 x = cand[j] & joinb[j];
            if (x != cand[j]) { ch = 1; cand[j] = x; if (!(x & (x - 1))) queue_buf[qn++] = j; }
        }
        if (ch) { if (!settle(cand, queue_buf, qn)) return -1; return 1; }
    }
    long long prod = 1, sum = 0;
    for (int i = 0; i < d->n; i++) { prod *= d->e[i] + 1; sum += d->e[i]; }
    long long mn = 1LL << 60; for (int i = 0; i < d->n; i++) if (d->e[i] < mn) mn = d->e[i];
    d->score = opt_score == 0 ? prod * 1024 + sum : opt_score == 1 ? mn * 100000 + sum : sum;
    return 0;
}

static int better(const disj *a, const disj *b) { /* a better than b? */
    if (a->n != b->n) return a->n < b->n;
    return a->score > b->score;
}

static int probe(u64 *cand) {
    int again = 1;
    disj d;
    while (again) {
        again = 0; la_have = 0;
        int base = totalbits(cand);
        for (int c = 0; c < NC && !(again && opt_R == 0); c++) {
            u64 m = cand[c];
            if (!(m & (m - 1))) continue;
            if (pc(m) > opt_Kc) continue;
            d.n = 0;
            while (m) { int v = __builtin_ctzll(m); m &= m - 1; d.cell[d.n] = c; d.val[d.n++] = v; }
            int r = probe_disj(cand, &d, base);
            if (r < 0) return 0;
            if (r > 0) { again = 1; if (opt_R == 0) break; base = totalbits(cand); continue; }
            if (!la_have || better(&d, &la_d)) { la_d = d; la_have = 1; }
        }
        if (opt_R && again) { /* finish the pass on units too */ }
        for (int u = 0; u < NU && !(again && opt_R == 0) && opt_Ku; u++) {
            int cnt[MAXN] = {0}; u64 solved = 0;
            for (int k = 0; k < N; k++) {
                u64 m = cand[ucell[u][k]];
                if (!(m & (m - 1))) { solved |= m; continue; }
                while (m) { int v = __builtin_ctzll(m); m &= m - 1; cnt[v]++; }
            }
            for (int v = 0; v < N && !(again && opt_R == 0); v++) {
                if ((solved >> v) & 1) continue;
                if (cnt[v] < 2 || cnt[v] > opt_Ku) continue;
                d.n = 0;
                for (int k = 0; k < N; k++) { int c = ucell[u][k]; if (cand[c] & (1ULL << v)) { d.cell[d.n] = c; d.val[d.n++] = v; } }
                if ((cand[ucell[u][0]] & 0) || 0) {}
                { int cc = 0; for (int k = 0; k < N; k++) if (cand[ucell[u][k]] & (1ULL << v)) cc++; if (cc < 2) continue; }
                int r = probe_disj(cand, &d, base);
                if (r < 0) return 0;
                if (r > 0) { again = 1; if (opt_R == 0) break; base = totalbits(cand); continue; }
                if (!la_have || better(&d, &la_d)) { la_d = d; la_have = 1; }
            }
        }
    }
    return 1;
}

typedef struct { u64 *state; int n, pos; int cell[MAXN], val[MAXN]; } frame;

static long long solutions;
static int stopped;
static clock_t t0;
static disj dstore[MAXC + 2]; static int hasd[MAXC + 2];

static void run(const char *line, int idx) {
    u64 *stack = malloc(sizeof(u64) * NC * (NC + 2));
    frame *fr = malloc(sizeof(frame) * (NC + 2));
    u64 *cand = stack;
    nodes = 0; settles = 0; solutions = 0; stopped = 0; probes = 0;
    int qn = 0;
    for (int c = 0; c < NC; c++) cand[c] = FULL;
    for (int c = 0; c < NC; c++) {
        char ch = line[c]; int v = 0;
        if (ch >= '1' && ch <= '9') v = ch - '0';
        else if (ch >= 'A' && ch <= 'Z') v = ch - 'A' + 10;
        if (v) { cand[c] = 1ULL << (v - 1); queue_buf[qn++] = c; }
    }
    t0 = clock();
    int depth = 0;
    long long first_nodes = -1;
    la_have = 0;
    int ok = settle(cand, queue_buf, qn) && (!opt_probe || probe(cand));
    hasd[0] = la_have; if (la_have) dstore[0] = la_d;
    if (ok) {
        for (;;) {
            u64 *st = stack + (size_t)depth * NC;
            frame *f = &fr[depth];
            int best = -1, bestk = 65;
            for (int c = 0; c < NC; c++) {
                u64 m = st[c];
                if (!(m & (m - 1))) continue;
                int k = pc(m);
                if (k < bestk) { best = c; bestk = k; if (k == 2) break; }
            }
            if (best < 0) {
                solutions++;
                if (first_nodes < 0) first_nodes = nodes;
                if (count_limit > 0 && solutions >= count_limit) break;
            } else {
                f->state = st; f->pos = 0; f->n = 0;
                if (hasd[depth]) {
                    disj *d = &dstore[depth];
                    int idxs[MAXN];
                    for (int i = 0; i < d->n; i++) idxs[i] = i;
                    if (opt_order) for (int i = 1; i < d->n; i++) {
                        int x = idxs[i], j = i - 1;
                        while (j >= 0 && (opt_order == 1 ? d->e[idxs[j]] > d->e[x] : d->e[idxs[j]] < d->e[x])) { idxs[j + 1] = idxs[j]; j--; }
                        idxs[j + 1] = x;
                    }
                    for (int i = 0; i < d->n; i++) { f->cell[i] = d->cell[idxs[i]]; f->val[i] = d->val[idxs[i]]; }
                    f->n = d->n;
                } else {
                    u64 m = st[best];
                    while (m) { int v = __builtin_ctzll(m); m &= m - 1; f->cell[f->n] = best; f->val[f->n++] = v; }
                }
                depth++;
            }
            for (;;) {
                if (depth <= 0) goto done;
                frame *g = &fr[depth - 1];
                if (g->pos >= g->n) { depth--; continue; }
                if (nodes >= node_limit || (double)(clock() - t0) / CLOCKS_PER_SEC > time_cap) { stopped = 1; goto done; }
                nodes++;
                u64 *ns = stack + (size_t)depth * NC;
                memcpy(ns, g->state, sizeof(u64) * NC);
                int cell = g->cell[g->pos], v = g->val[g->pos]; g->pos++;
                ns[cell] = 1ULL << v;
                queue_buf[0] = cell;
                la_have = 0;
                if (settle(ns, queue_buf, 1) && (!opt_probe || probe(ns))) {
                    hasd[depth] = la_have; if (la_have) dstore[depth] = la_d; break;
                }
            }
        }
    }
done:;
    double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("%2d count=%lld%s nodes=%lld first@%lld settles=%lld probes=%lld time=%.3f\n", idx, solutions,
           stopped ? "+" : "", nodes, first_nodes, settles, probes, t);
    fflush(stdout);
    free(stack); free(fr);
}

int main(int argc, char **argv) {
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        char *a = argv[i];
        if (a[1] == 'l') opt_lc = 1;
        else if (a[1] == 'p') opt_pairs = 1;
        else if (a[1] == 'b') opt_branch = atoi(a + 2);
        else if (a[1] == 'v') opt_val = atoi(a + 2);
        else if (a[1] == 'P') opt_probe = atoi(a + 2);
        else if (a[1] == 'K' && a[2] == 'c') opt_Kc = atoi(a + 3);
        else if (a[1] == 'K' && a[2] == 'u') opt_Ku = atoi(a + 3);
        else if (a[1] == 'J') opt_join = 1;
        else if (a[1] == 'R') opt_R = atoi(a + 2);
        else if (a[1] == 's') opt_score = atoi(a + 2);
        else if (a[1] == 'o') opt_order = atoi(a + 2);
        else if (a[1] == 'n') node_limit = atoll(argv[++i]);
        else if (a[1] == 'c') count_limit = atoll(argv[++i]);
        else if (a[1] == 't') time_cap = atof(argv[++i]);
    }
    const char *fn = argv[i++];
    FILE *fp = fopen(fn, "r");
    static char lines[64][MAXC + 8];
    int nl = 0;
    while (nl < 64 && fgets(lines[nl], sizeof lines[nl], fp)) nl++;
    fclose(fp);
    build(5, 5);
    double tot = 0;
    clock_t T = clock();
    if (i >= argc) for (int k = 0; k < nl; k++) run(lines[k], k + 1);
    else for (; i < argc; i++) { int k = atoi(argv[i]); run(lines[k - 1], k); }
    tot = (double)(clock() - T) / CLOCKS_PER_SEC;
    printf("total %.3f\n", tot);
    return 0;
}
