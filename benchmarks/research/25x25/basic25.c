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

/* probing; returns 0 on contradiction; loops to fixpoint */
static int la_best, la_swap; static long long la_score;
static int totalbits(const u64 *a) { int t = 0; for (int i = 0; i < NC; i++) t += pc(a[i]); return t; }
static int probe(u64 *cand) {
    int again = 1;
    while (again) {
        again = 0; la_best = -1; la_score = -1;
        int base = totalbits(cand);
        for (int c = 0; c < NC; c++) {
            u64 m = cand[c];
            if (!(m & (m - 1))) continue;
            int k = pc(m);
            if (opt_probe <= 2 ? k != 2 : k > opt_K) continue;
            u64 rem = m, ok = 0;
            int first = 1; long long prod = 1, sum = 0; long long ev[2] = {0, 0}; int ei = 0;
            while (rem) {
                u64 b = rem & -rem; rem ^= b;
                memcpy(tmp, cand, sizeof(u64) * NC);
                tmp[c] = b; queue_buf[0] = c;
                if (settle(tmp, queue_buf, 1)) {
                    ok |= b;
                    { long long e = base - totalbits(tmp); prod *= e; sum += e; ev[ei & 1] = e; }
                    if (opt_probe == 2) {
                        if (first) memcpy(joinb, tmp, sizeof(u64) * NC);
                        else for (int i = 0; i < NC; i++) joinb[i] |= tmp[i];
                        first = 0;
                    }
                }
                ei++;
            }
            if (!ok) return 0;
            if (ok == m) { long long sc = prod * 1024 + sum; if (sc > la_score) { la_score = sc; la_best = c; la_swap = ev[1] < ev[0]; } }
            int changed = 0;
            if (opt_probe == 2 && ok == m) {
                for (int i = 0; i < NC; i++) if (cand[i] & ~joinb[i]) { changed = 1; break; }
                if (changed) {
                    int qn = 0;
                    for (int i = 0; i < NC; i++) {
                        u64 x = cand[i] & joinb[i];
                        if (x != cand[i]) { cand[i] = x; if (!(x & (x - 1))) queue_buf[qn++] = i; }
                    }
                    if (!settle(cand, queue_buf, qn)) return 0;
                    again = 1; base = totalbits(cand);
                }
            } else if (ok != m) {
                cand[c] = ok; int qn = 0;
                if (!(ok & (ok - 1))) queue_buf[qn++] = c;
                if (!settle(cand, queue_buf, qn)) return 0;
                again = 1; base = totalbits(cand);
            }
        }
    }
    return 1;
}

typedef struct { u64 *state; int cell; int unit; u64 rem; int order[MAXN]; int norder, pos; } frame;

static int places(const u64 *cand, int u, int v) {
    int n = 0; u64 b = 1ULL << v;
    for (int k = 0; k < N; k++) if (cand[ucell[u][k]] & b) n++;
    return n;
}

static long long solutions;
static int la_of[MAXC + 2], sw_of[MAXC + 2];
static int stopped;
static clock_t t0;

static void run(const char *line, int idx) {
    u64 *stack = malloc(sizeof(u64) * NC * (NC + 2));
    frame *fr = malloc(sizeof(frame) * (NC + 2));
    u64 *cand = stack;
    for (int i = 0; i < NU; i++) wt[i] = 1;
    nodes = 0; settles = 0; solutions = 0; stopped = 0;
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
    int ok = settle(cand, queue_buf, qn) && (!opt_probe || probe(cand));
    la_of[0] = la_best; sw_of[0] = la_swap;
    long long first_nodes = -1;
    if (ok) {
        for (;;) {
            u64 *st = stack + (size_t)depth * NC;
            /* choose */
            int best = -1, bestk = 65;
            double bests = 1e300;
            for (int c = 0; c < NC; c++) {
                u64 m = st[c];
                if (!(m & (m - 1))) continue;
                int k = pc(m);
                if (opt_branch == 2 || opt_branch == 3) {
                    double s = k / (wt[cunit[c][0]] + wt[cunit[c][1]] + wt[cunit[c][2]]);
                    if (s < bests) { bests = s; best = c; bestk = k; }
                } else if (k < bestk) { best = c; bestk = k; if (k == 2 && opt_branch == 0) break; }
            }
            frame *f = &fr[depth];
            if (opt_branch == 4 && best >= 0 && la_of[depth] >= 0) { best = la_of[depth]; bestk = pc(st[best]); }
            if (best < 0) {
                solutions++;
                if (first_nodes < 0) first_nodes = nodes;
                if (count_limit > 0 && solutions >= count_limit) break;
            } else {
                f->state = st; f->cell = best; f->unit = -1; f->pos = 0; f->norder = 0;
                if ((opt_branch == 1 || opt_branch == 3) && bestk > 2) {
                    int bu = -1, bv = -1, bn = bestk;
                    for (int u = 0; u < NU && bn > 1; u++) {
                        u64 once = 0, twice = 0, three = 0; /* quick: count places per value */
                        int cnt[MAXN] = {0};
                        for (int k = 0; k < N; k++) {
                            u64 m = st[ucell[u][k]];
                            if (!(m & (m - 1))) continue;
                            while (m) { int v = __builtin_ctzll(m); m &= m - 1; cnt[v]++; }
                        }
                        (void)once; (void)twice; (void)three;
                        for (int v = 0; v < N; v++) if (cnt[v] >= 2 && cnt[v] < bn) { bn = cnt[v]; bu = u; bv = v; }
                    }
                    if (bu >= 0) {
                        f->unit = bu; f->cell = bv;
                        for (int k = 0; k < N; k++) if (st[ucell[bu][k]] & (1ULL << bv)) f->order[f->norder++] = ucell[bu][k];
                    }
                }
                if (f->unit < 0) {
                    u64 m = st[best];
                    while (m) { int v = __builtin_ctzll(m); m &= m - 1; f->order[f->norder++] = v; }
                    if (opt_branch == 4 && opt_val >= 3 && best == la_of[depth] && f->norder == 2) {
                        int sw = sw_of[depth]; if (opt_val == 4) sw = !sw;
                        if (sw) { int t = f->order[0]; f->order[0] = f->order[1]; f->order[1] = t; }
                    }
                    if (opt_val) {
                        int key[MAXN];
                        for (int i = 0; i < f->norder; i++) {
                            int v = f->order[i], s = 0;
                            for (int j = 0; j < 3; j++) s += places(st, cunit[best][j], v);
                            key[i] = opt_val == 1 ? s : -s;
                        }
                        for (int i = 1; i < f->norder; i++) { /* stable insertion sort */
                            int kv = key[i], ov = f->order[i], j = i - 1;
                            while (j >= 0 && key[j] > kv) { key[j + 1] = key[j]; f->order[j + 1] = f->order[j]; j--; }
                            key[j + 1] = kv; f->order[j + 1] = ov;
                        }
                    }
                }
                depth++;
            }
            /* advance */
            for (;;) {
                if (depth <= 0) goto done;
                frame *g = &fr[depth - 1];
                if (g->pos >= g->norder) { depth--; continue; }
                if (nodes >= node_limit || (double)(clock() - t0) / CLOCKS_PER_SEC > time_cap) { stopped = 1; goto done; }
                nodes++;
                u64 *ns = stack + (size_t)depth * NC;
                memcpy(ns, g->state, sizeof(u64) * NC);
                int cell, x = g->order[g->pos++];
                if (g->unit < 0) { cell = g->cell; ns[cell] = 1ULL << x; }
                else { cell = x; ns[cell] = 1ULL << g->cell; }
                queue_buf[0] = cell;
                if (settle(ns, queue_buf, 1) && (!opt_probe || probe(ns))) { la_of[depth] = la_best; sw_of[depth] = la_swap; break; }
                if (opt_branch >= 2) wt[fail_unit] += 1;
            }
        }
    }
done:;
    double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("%2d count=%lld%s nodes=%lld first@%lld settles=%lld time=%.3f\n", idx, solutions,
           stopped ? "+" : "", nodes, first_nodes, settles, t);
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
        else if (a[1] == 'K') opt_K = atoi(a + 2);
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
