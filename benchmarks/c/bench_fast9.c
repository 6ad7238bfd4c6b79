/* bench_fast9.c -- benchmark and correctness checks for sk_fast9_solve.
 *
 * Build (see Makefile here; run from the repository root):
 *   gcc -O3 -std=c99 -Wall -Wextra -Isrc/sudokit/_c -o benchmarks/c/bench_fast9 \
 *       benchmarks/c/bench_fast9.c src/sudokit/_c/solve/fast9.c
 *
 * Usage:
 *   bench_fast9 [-w] [-r REPS] FILE... time first-solution and count-to-2 per file
 *                                      (best of REPS passes, default 5, after an
 *                                      untimed verifying pass; thread CPU time,
 *                                      or wall-clock time with -w)
 *   bench_fast9 --golden FILE          lines puzzle:count[:solution]; counts must be exact
 *   bench_fast9 --multi FILE           every puzzle must have >= 2 solutions
 *   bench_fast9 --edge                 hand-made edge cases (empty grid, full grids, limits)
 *   bench_fast9 --fuzz N               N random puzzles (clashing, unsolvable, multi-solution)
 *                                      checked against a slow reference solver
 *
 * Every solution returned is checked independently (rows, cols, boxes each a
 * permutation of 1..9, givens kept) -- in the benchmark too, outside the timed
 * loop.  Exit status 0 = all checks passed.
 */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve/fast9.h"

/* Thread CPU time by default: the machine is shared, and time spent
 * preempted is not the solver's.  -w switches to wall-clock time. */
static clockid_t clock_id = CLOCK_THREAD_CPUTIME_ID;

static double now(void)
{
    struct timespec ts;
    clock_gettime(clock_id, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ checks -- */
static int is_solution(const uint8_t *puzzle, const uint8_t *sol)
{
    for (int i = 0; i < 81; i++) {
        if (sol[i] < 1 || sol[i] > 9)
            return 0;
        if (puzzle[i] && puzzle[i] != sol[i])
            return 0;
    }
    for (int u = 0; u < 9; u++) {
        int rm = 0, cm = 0, bm = 0;
        for (int k = 0; k < 9; k++) {
            rm |= 1 << sol[u * 9 + k];
            cm |= 1 << sol[k * 9 + u];
            bm |= 1 << sol[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
        }
        if (rm != 0x3FE || cm != 0x3FE || bm != 0x3FE)
            return 0;
    }
    return 1;
}

/* Slow, obviously-correct reference: count solutions up to limit, by
 * backtracking on the empty cell with the fewest candidates. */
static int ref_count(uint8_t *g, int limit)
{
    int best = -1, bestn = 10, bestmask = 0;
    for (int x = 0; x < 81; x++) {
        if (g[x])
            continue;
        int used = 0, r = x / 9, c = x % 9, br = r / 3 * 3, bc = c / 3 * 3;
        for (int k = 0; k < 9; k++) {
            used |= 1 << g[r * 9 + k];
            used |= 1 << g[k * 9 + c];
            used |= 1 << g[(br + k / 3) * 9 + bc + k % 3];
        }
        int m = ~used & 0x3FE, n = __builtin_popcount(m);
        if (n < bestn) {
            bestn = n;
            best = x;
            bestmask = m;
            if (n == 0)
                return 0;
        }
    }
    if (best < 0)
        return 1;
    int total = 0;
    for (int v = 1; v <= 9 && total < limit; v++)
        if (bestmask & (1 << v)) {
            g[best] = (uint8_t)v;
            total += ref_count(g, limit - total);
            g[best] = 0;
        }
    return total;
}

static int givens_clash(const uint8_t *g)
{
    for (int x = 0; x < 81; x++) {
        if (!g[x])
            continue;
        for (int y = x + 1; y < 81; y++) {
            if (g[y] != g[x])
                continue;
            int rx = x / 9, cx = x % 9, ry = y / 9, cy = y % 9;
            if (rx == ry || cx == cy || (rx / 3 == ry / 3 && cx / 3 == cy / 3))
                return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------- input -- */
typedef struct {
    uint8_t *p;    /* n * 81 */
    long *count;   /* expected count or -1 */
    uint8_t *sol;  /* n * 81, zero if none */
    size_t n;
} puzzle_set;

static int parse81(const char *s, uint8_t *out)
{
    for (int i = 0; i < 81; i++) {
        char ch = s[i];
        if (ch >= '1' && ch <= '9')
            out[i] = (uint8_t)(ch - '0');
        else if (ch == '.' || ch == '0')
            out[i] = 0;
        else
            return 0;
    }
    return 1;
}

static void unload(puzzle_set *ps)
{
    free(ps->p);
    free(ps->sol);
    free(ps->count);
}

static int load(const char *path, puzzle_set *ps)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 0;
    }
    size_t cap = 1024;
    ps->n = 0;
    ps->p = malloc(cap * 81);
    ps->sol = malloc(cap * 81);
    ps->count = malloc(cap * sizeof(long));
    char line[1024];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (len == 0 || line[0] == '#')
            continue;
        if (ps->n == cap) {
            cap *= 2;
            ps->p = realloc(ps->p, cap * 81);
            ps->sol = realloc(ps->sol, cap * 81);
            ps->count = realloc(ps->count, cap * sizeof(long));
        }
        uint8_t *p = ps->p + ps->n * 81, *sol = ps->sol + ps->n * 81;
        if (len < 81 || !parse81(line, p) || (len > 81 && line[81] != ':')) {
            fprintf(stderr, "%s:%ld: bad puzzle line\n", path, lineno);
            fclose(f);
            return 0;
        }
        ps->count[ps->n] = -1;
        memset(sol, 0, 81);
        if (len > 81) {
            char *end;
            ps->count[ps->n] = strtol(line + 82, &end, 10);
            if (*end == ':' && !parse81(end + 1, sol)) {
                fprintf(stderr, "%s:%ld: bad solution\n", path, lineno);
                fclose(f);
                return 0;
            }
        }
        ps->n++;
    }
    fclose(f);
    return 1;
}

/* --------------------------------------------------------- benchmark -- */
static int bench_file(const char *path, int reps)
{
    puzzle_set ps;
    if (!load(path, &ps))
        return 1;
    int bad = 0;
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    for (int limit = 1; limit <= 2; limit++) {
        /* untimed verification pass (doubles as warm-up) */
        uint8_t sol[81];
        uint64_t total_guesses = 0;
        long counts[3] = {0, 0, 0};
        for (size_t i = 0; i < ps.n; i++) {
            uint64_t g;
            int st;
            memset(sol, 0, 81);
            int n = sk_fast9_solve(ps.p + i * 81, limit, 0, sol, &g, &st, NULL);
            total_guesses += g;
            counts[n < 0 || n > 2 ? 0 : n]++;
            if (n < 0 || n > limit || st || (n >= 1 && !is_solution(ps.p + i * 81, sol))) {
                if (bad++ < 5)
                    fprintf(stderr, "%s #%zu: bad result n=%d stopped=%d\n", name, i, n, st);
            }
        }
        double best = 1e30;
        for (int r = 0; r < reps; r++) {
            uint64_t sink = 0;
            double t0 = now();
            for (size_t i = 0; i < ps.n; i++)
                sink += (uint64_t)sk_fast9_solve(ps.p + i * 81, limit, 0, sol, NULL, NULL, NULL);
            double t = now() - t0;
            if (sink == 0xdeadbeef)
                puts("");
            if (t < best)
                best = t;
        }
        printf("%-34s %-7s %9.0f puzzles/s %8.3f us/puzzle %8.2f guesses/puzzle"
               "  (n=%zu, 0/1/2 sols: %ld/%ld/%ld)\n",
               name, limit == 1 ? "first" : "count2", ps.n / best, best * 1e6 / ps.n,
               (double)total_guesses / ps.n, ps.n, counts[0], counts[1], counts[2]);
    }
    unload(&ps);
    return bad != 0;
}

/* ------------------------------------------------------- correctness -- */
static int check_golden(const char *path)
{
    puzzle_set ps;
    if (!load(path, &ps))
        return 1;
    int bad = 0;
    for (size_t i = 0; i < ps.n; i++) {
        const uint8_t *p = ps.p + i * 81;
        long want = ps.count[i];
        uint8_t sol[81];
        uint64_t g;
        int st;
        int n = sk_fast9_solve(p, 1000000, 0, sol, &g, &st, NULL);
        int ok = n == want && !st;
        if (n >= 1 && !is_solution(p, sol))
            ok = 0;
        if (want == 1 && ps.sol[i * 81] && memcmp(sol, ps.sol + i * 81, 81) != 0)
            ok = 0;
        /* small limits must clip the count */
        for (int lim = 1; lim <= 3; lim++) {
            int m = sk_fast9_solve(p, lim, 0, sol, NULL, &st, NULL);
            if (m != (want < lim ? want : lim) || st || (m >= 1 && !is_solution(p, sol)))
                ok = 0;
        }
        if (!ok) {
            bad++;
            fprintf(stderr, "golden line %zu: want %ld, got %d\n", i + 1, want, n);
        }
    }
    printf("golden %s: %zu puzzles, %d wrong\n", path, ps.n, bad);
    unload(&ps);
    return bad != 0;
}

static int check_multi(const char *path)
{
    puzzle_set ps;
    if (!load(path, &ps))
        return 1;
    int bad = 0;
    for (size_t i = 0; i < ps.n; i++) {
        uint8_t sol[81];
        int st;
        int n = sk_fast9_solve(ps.p + i * 81, 2, 0, sol, NULL, &st, NULL);
        if (n != 2 || st || !is_solution(ps.p + i * 81, sol)) {
            if (bad++ < 5)
                fprintf(stderr, "multi #%zu: count %d\n", i, n);
        }
    }
    printf("multi %s: %zu puzzles, %d not counted as 2\n", path, ps.n, bad);
    unload(&ps);
    return bad != 0;
}

static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)((rng_state >> 11) % n);
}

/* Random puzzles: a solved grid from the golden-file style seed (a valid
 * grid permuted), with givens dropped and sometimes random givens added
 * (may clash or make it unsolvable). Counts are compared with ref_count. */
static int fuzz(long n)
{
    static const char *seed =
        "652483917978162435314975628825736149791824563436519872269348751547291386183657294";
    int bad = 0;
    long kinds[4] = {0, 0, 0, 0};
    for (long t = 0; t < n; t++) {
        uint8_t g[81], perm[10];
        for (int v = 0; v <= 9; v++)
            perm[v] = (uint8_t)v;
        for (int v = 9; v > 1; v--) {
            int j = 1 + (int)rnd((uint32_t)v);
            uint8_t tmp = perm[v];
            perm[v] = perm[j];
            perm[j] = tmp;
        }
        int transpose = (int)rnd(2);
        for (int x = 0; x < 81; x++) {
            int y = transpose ? (x % 9) * 9 + x / 9 : x;
            g[x] = perm[seed[y] - '0'];
        }
        int keep = 22 + (int)rnd(40);
        for (int x = 0; x < 81; x++)
            if ((int)rnd(81) >= keep)
                g[x] = 0;
        int extra = (int)rnd(4) == 0 ? 1 + (int)rnd(3) : 0;
        for (int k = 0; k < extra; k++)
            g[rnd(81)] = (uint8_t)(1 + rnd(9));
        uint8_t work[81];
        memcpy(work, g, 81);
        int want = givens_clash(g) ? 0 : ref_count(work, 3);
        kinds[want]++;
        uint8_t sol[81];
        int st;
        uint64_t gs;
        int ok = 1;
        for (int lim = 1; lim <= 3; lim++) {
            int m = sk_fast9_solve(g, lim, 0, sol, &gs, &st, NULL);
            if (m != (want < lim ? want : lim) || st || (m >= 1 && !is_solution(g, sol)))
                ok = 0;
        }
        /* node limit: never more guesses than allowed; stopped only if short */
        int m = sk_fast9_solve(g, 3, 1, sol, &gs, &st, NULL);
        if (gs > 1 || m > (want < 3 ? want : 3) || (!st && m != (want < 3 ? want : 3)))
            ok = 0;
        if (!ok && bad++ < 5) {
            fprintf(stderr, "fuzz #%ld: want %d\n", t, want);
            for (int x = 0; x < 81; x++)
                fputc(g[x] ? '0' + g[x] : '.', stderr);
            fputc('\n', stderr);
        }
    }
    printf("fuzz: %ld puzzles (0/1/2/3+ solutions: %ld/%ld/%ld/%ld), %d wrong\n", n,
           kinds[0], kinds[1], kinds[2], kinds[3], bad);
    return bad != 0;
}

/* Hand-made edge cases: empty grid, full grids, limits, node limits. */
static int edge_cases(void)
{
    static const char *full =
        "652483917978162435314975628825736149791824563436519872269348751547291386183657294";
    uint8_t g[81], sol[81];
    uint64_t gs;
    int st, bad = 0, n;
#define EXPECT(cond, what) do { if (!(cond)) { bad++; fprintf(stderr, "edge: %s\n", what); } } while (0)
    memset(g, 0, 81);
    n = sk_fast9_solve(g, 1, 0, sol, &gs, &st, NULL);
    EXPECT(n == 1 && !st && is_solution(g, sol), "empty grid, limit 1");
    n = sk_fast9_solve(g, 5000, 0, sol, &gs, &st, NULL);
    EXPECT(n == 5000 && !st && is_solution(g, sol), "empty grid, limit 5000");
    n = sk_fast9_solve(g, 1000000, 50, NULL, &gs, &st, NULL);
    EXPECT(st == 1 && gs == 50 && n < 1000000, "empty grid, node limit 50");
    n = sk_fast9_solve(g, 0, 0, NULL, NULL, NULL, NULL);
    EXPECT(n == 1, "limit 0 is read as 1");
    for (int x = 0; x < 81; x++)
        g[x] = (uint8_t)(full[x] - '0');
    n = sk_fast9_solve(g, 2, 0, sol, &gs, &st, NULL);
    EXPECT(n == 1 && gs == 0 && !st && !memcmp(g, sol, 81), "full valid grid");
    g[0] = g[1];
    n = sk_fast9_solve(g, 2, 0, sol, &gs, &st, NULL);
    EXPECT(n == 0 && !st, "full grid with a row clash");
    for (int x = 0; x < 81; x++)
        g[x] = (uint8_t)(full[x] - '0');
    g[0] = 0;
    g[1] = 0;
    n = sk_fast9_solve(g, 2, 0, sol, &gs, &st, NULL);
    EXPECT(n == 1 && is_solution(g, sol), "two holes");
    /* same value twice in a column, in different bands */
    memset(g, 0, 81);
    g[4] = 7;
    g[76] = 7;
    n = sk_fast9_solve(g, 2, 0, sol, &gs, &st, NULL);
    EXPECT(n == 0 && !st, "column clash across bands");
    /* same value twice in a box, different rows */
    memset(g, 0, 81);
    g[0] = 3;
    g[10] = 3;
    n = sk_fast9_solve(g, 2, 0, sol, &gs, &st, NULL);
    EXPECT(n == 0 && !st, "box clash");
    /* no clash, but no solution: row 0 needs a 9 that every free cell sees */
    memset(g, 0, 81);
    for (int c = 0; c < 8; c++)
        g[c] = (uint8_t)(c + 1);
    g[9 * 4 + 8] = 9;
    n = sk_fast9_solve(g, 2, 0, sol, &gs, &st, NULL);
    EXPECT(n == 0 && !st, "unsolvable without a clash");
    printf("edge cases: %d wrong\n", bad);
    return bad != 0;
#undef EXPECT
}

int main(int argc, char **argv)
{
    int reps = 5, rc = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s [-w] [-r REPS] FILE... | --golden FILE | --multi FILE | --fuzz N\n",
                argv[0]);
        return 2;
    }
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-w"))
            clock_id = CLOCK_MONOTONIC;
        else if (!strcmp(argv[a], "-r") && a + 1 < argc)
            reps = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--golden") && a + 1 < argc)
            rc |= check_golden(argv[++a]);
        else if (!strcmp(argv[a], "--multi") && a + 1 < argc)
            rc |= check_multi(argv[++a]);
        else if (!strcmp(argv[a], "--edge"))
            rc |= edge_cases();
        else if (!strcmp(argv[a], "--fuzz") && a + 1 < argc)
            rc |= fuzz(atol(argv[++a]));
        else
            rc |= bench_file(argv[a], reps);
    }
    return rc;
}
