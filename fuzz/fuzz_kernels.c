/* fuzz_kernels.c -- libFuzzer harness for the C kernels of sudokit (no Python).
 *
 * Links src/sudokit/_c/{fast9,anysize,dlx,learn}.c directly and checks every answer with a
 * checker written here (it shares no code or table with the kernels).  Build and run:
 * fuzz/run.sh (see fuzz/README.md).
 *
 * Input: up to MAX_RECORDS records, all run on ONE sk_work (as module.c's batch() reuses
 * its work area across records, so growth across shapes is exercised).  A record:
 *
 *   byte 0   kernel   % 8: 0 fast9 (+ propagate cross-check), 1 propagate, 2 backtrack,
 *                          3 dlx_sudoku, 4 dlx_count on a random small exact-cover problem,
 *                          5 and 7 all Sudoku kernels on one puzzle, learn (CDCL)
 *                          included (cross-checked; mode 7 also runs learn in steps
 *                          through sk_learn_start/resume/end: it must end where the
 *                          single call ended),
 *                          6 fast9 on raw bytes (bytes > 9 allowed: fast9 must defend)
 *   byte 1   shape    0xF8..0xFC 5x5, 0xFD 4x5, 0xFE 5x4, 0xFF 3x7, else SHAPES[b % 32]
 *                     (N <= 16); kernels 0 and 6 always use 3x3
 *   byte 2   limit    < 127: b % 8 (0 = count all; fast9 reads it as 1); 127: -1;
 *                     >= 128: b - 120
 *   byte 3,4 node limit base (little endian).  propagate/backtrack/dlx:
 *                     1 + base % cap (cap 4000 for N <= 9, 1000 for N <= 16, 300 above);
 *                     0 (unlimited) when N <= 4 and base % 8 == 0.  fast9: base (0 = none).
 *                     dlx_count on a random problem: base % 64 (0 = none; tiny problems).
 *   byte 5   flags    bit 0: generated puzzle (a valid grid, masked: solvable by
 *                     construction), bit 1: another record follows
 *   body     direct:    N*N bytes, byte b -> value b if b <= N, else 0 if b >= 0x80,
 *                       else b % (N+1) (missing bytes are 0 = empty)
 *            generated: N bytes permute the values, N bytes permute rows inside bands,
 *                       then one mask byte per 8 cells (bit set = keep the given)
 *            raw fast9: 81 bytes as they are
 *            dlx_count: n_primary = b % 7, n_secondary = b % 4, n_options = b % 13, then per
 *                       option 3 bytes: item mask (2 bytes), rotation of the item list
 *
 * Checks (each failure prints a line and calls __builtin_trap()):
 *  - count >= 0 (-1 = out of memory never happens here), count <= limit when limit > 0,
 *    stopped only with a node limit, nodes <= node_limit;
 *  - count > 0: the solution is a valid grid keeping every given (checker below), and
 *    sk_is_solution agrees; count == 0: the solution buffer is untouched;
 *  - generated (solvable) puzzle and not stopped: count >= 1;
 *  - N <= 4 and not stopped: count == min(reference count by brute force, limit);
 *  - kernels on one puzzle (modes 0, 5, 7): counts of all non-stopped kernels agree
 *    (fast9 vs propagate on 9x9 in particular), and a second propagate run on the reused
 *    work area gives the identical (count, solution, nodes, stopped);
 *  - raw fast9: any byte > 9 -> count 0, no guess, solution untouched;
 *  - dlx_count: count == brute-force count of exact covers (capped by limit) when not
 *    stopped; the first solution is sorted, covers each primary item exactly once and each
 *    secondary item at most once;
 *  - sk_is_solution and sk_givens_clash agree with the checkers here on every record body.
 * All buffers handed to the kernels are malloc'd at their exact size so ASan sees overruns.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast9.h"
#include "kernels.h"

#define MAX_RECORDS 4
#define SENTINEL 0xEE

static char g_ctx[160];   /* what the current record runs, printed on failure */

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "fuzz_kernels: CHECK failed at line %d: %s [%s]\n", __LINE__, \
                    #cond, g_ctx);                                                       \
            __builtin_trap();                                                            \
        }                                                                                \
    } while (0)

/* --- input reader: 0 once the input is exhausted ------------------------------------ */

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static unsigned rd(reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

/* --- shapes ------------------------------------------------------------------------- */

static const struct { uint8_t r, c; } SHAPES[32] = {
    {3, 3}, {3, 3}, {3, 3}, {3, 3}, {1, 1}, {1, 2}, {2, 1}, {2, 2}, {2, 2}, {1, 3}, {3, 1},
    {1, 4}, {4, 1}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 4}, {4, 3}, {4, 4}, {2, 5}, {5, 2},
    {3, 5}, {5, 3}, {1, 9}, {9, 1}, {2, 8}, {8, 2}, {1, 16}, {16, 1}, {2, 6}, {6, 2},
};

static sk_shape *g_shapes[SK_MAX_SIZE + 1][SK_MAX_SIZE + 1];   /* built once, read-only */

static const sk_shape *get_shape(int br, int bc)
{
    if (!g_shapes[br][bc]) {
        g_shapes[br][bc] = sk_shape_new(br, bc);
        CHECK(g_shapes[br][bc] != NULL);
    }
    return g_shapes[br][bc];
}

static void pick_shape(unsigned b, int *br, int *bc)
{
    if (b >= 0xF8 && b <= 0xFC) {
        *br = 5, *bc = 5;
    } else if (b == 0xFD) {
        *br = 4, *bc = 5;
    } else if (b == 0xFE) {
        *br = 5, *bc = 4;
    } else if (b == 0xFF) {
        *br = 3, *bc = 7;
    } else {
        *br = SHAPES[b % 32].r, *bc = SHAPES[b % 32].c;
    }
}

/* --- the independent checkers -------------------------------------------------------- */

static int box_of(int br, int bc, int r, int c)
{
    int n = br * bc;
    return (r / br) * (n / bc) + c / bc;
}

/* 1 if sol (any bytes) is a complete grid, every unit a permutation of 1..N, keeping every
 * nonzero byte of givens (may be NULL). */
static int check_solution(int br, int bc, const uint8_t *givens, const uint8_t *sol)
{
    int n = br * bc;
    unsigned char seen[3][SK_MAX_SIZE][SK_MAX_SIZE + 1];
    memset(seen, 0, sizeof seen);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int v = sol[r * n + c];
            if (v < 1 || v > n)
                return 0;
            if (givens && givens[r * n + c] && givens[r * n + c] != v)
                return 0;
            int u[3] = {r, c, box_of(br, bc, r, c)};
            for (int j = 0; j < 3; j++) {
                if (seen[j][u[j]][v])
                    return 0;
                seen[j][u[j]][v] = 1;
            }
        }
    return 1;   /* n cells per unit, n distinct values in 1..n: a permutation */
}

/* 1 if two givens (values 1..N; other bytes ignored) share a unit. */
static int check_clash(int br, int bc, const uint8_t *values)
{
    int n = br * bc;
    unsigned char seen[3][SK_MAX_SIZE][SK_MAX_SIZE + 1];
    memset(seen, 0, sizeof seen);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int v = values[r * n + c];
            if (v < 1 || v > n)
                continue;
            int u[3] = {r, c, box_of(br, bc, r, c)};
            for (int j = 0; j < 3; j++) {
                if (seen[j][u[j]][v])
                    return 1;
                seen[j][u[j]][v] = 1;
            }
        }
    return 0;
}

/* Reference count for tiny grids (N <= 4): plain cell-order backtracking. */
static long long ref_count(int br, int bc, uint8_t *g, int cell)
{
    int n = br * bc;
    if (cell == n * n)
        return 1;
    if (g[cell])
        return ref_count(br, bc, g, cell + 1);
    int r = cell / n, c = cell % n, b = box_of(br, bc, r, c);
    long long total = 0;
    for (int v = 1; v <= n; v++) {
        int ok = 1;
        for (int k = 0; k < n * n && ok; k++) {
            if (g[k] != v)
                continue;
            int rk = k / n, ck = k % n;
            if (rk == r || ck == c || box_of(br, bc, rk, ck) == b)
                ok = 0;
        }
        if (ok) {
            g[cell] = (uint8_t)v;
            total += ref_count(br, bc, g, cell + 1);
            g[cell] = 0;
        }
    }
    return total;
}

/* --- one kernel run ------------------------------------------------------------------ */

enum { K_FAST9, K_PROPAGATE, K_BACKTRACK, K_DLX, K_LEARN, K_NKERNELS };
static const char *const KNAMES[] = {"fast9", "propagate", "backtrack", "dlx_sudoku", "learn"};

typedef struct {
    long long count;
    uint64_t nodes;
    int stopped;
    uint8_t *solution;   /* malloc'd N*N */
} result;

typedef struct {
    int br, bc, n, nn;
    const sk_shape *sh;
    const uint8_t *values;   /* malloc'd N*N, each 0..N */
    long long limit;
    uint64_t node_limit;     /* for propagate/backtrack/dlx */
    uint64_t node_limit9;    /* for fast9 */
    int solvable;            /* generated from a valid grid */
    long long ref;           /* reference count, -1 if unknown */
} puzzle;

static void run_kernel(int k, const puzzle *p, sk_work *w, result *res)
{
    memset(res->solution, SENTINEL, p->nn);
    res->nodes = 0xDEADBEEF;
    res->stopped = -1;
    uint64_t nl = k == K_FAST9 ? p->node_limit9 : p->node_limit;
    snprintf(g_ctx, sizeof g_ctx, "%s shape %dx%d limit %lld node_limit %llu solvable %d",
             KNAMES[k], p->br, p->bc, p->limit, (unsigned long long)nl, p->solvable);
    switch (k) {
    case K_FAST9: {
        int lim = p->limit > 1000000 ? 1000000 : (int)p->limit;
        res->count = sk_fast9_solve(p->values, lim, nl, res->solution, &res->nodes,
                                    &res->stopped, NULL);
        CHECK(res->count <= (lim < 1 ? 1 : lim));
        break;
    }
    case K_PROPAGATE:
        res->count = sk_propagate(p->sh, w, p->values, p->limit, nl, res->solution, &res->nodes,
                                  &res->stopped, NULL);
        break;
    case K_BACKTRACK:
        res->count = sk_backtrack(p->sh, w, p->values, p->limit, nl, res->solution, &res->nodes,
                                  &res->stopped, NULL);
        break;
    case K_DLX:
        res->count = sk_dlx_sudoku(p->sh, p->values, p->limit, nl, res->solution, &res->nodes,
                                   &res->stopped, NULL);
        break;
    default:
        res->count = sk_learn(p->sh, p->values, p->limit, nl, res->solution, &res->nodes,
                              &res->stopped, NULL);
        break;
    }
    CHECK(res->count >= 0);
    CHECK(p->limit <= 0 || res->count <= p->limit);
    CHECK(res->stopped == 0 || res->stopped == 1);
    CHECK(!res->stopped || nl > 0);
    CHECK(nl == 0 || res->nodes <= nl);
    if (res->count > 0) {
        CHECK(check_solution(p->br, p->bc, p->values, res->solution));
        CHECK(sk_is_solution(p->br, p->bc, p->values, res->solution) == 1);
    } else {
        for (int i = 0; i < p->nn; i++)
            CHECK(res->solution[i] == SENTINEL);
    }
    if (p->solvable && !res->stopped)
        CHECK(res->count >= 1);
    if (p->ref >= 0 && !res->stopped && k != K_FAST9)
        CHECK(res->count == (p->limit > 0 && p->ref > p->limit ? p->limit : p->ref));
}

/* Counts of two non-stopped runs on one puzzle must agree (a: fast9 allowed). */
static void compare(const puzzle *p, int ka, const result *a, int kb, const result *b)
{
    if (a->stopped || b->stopped)
        return;
    snprintf(g_ctx, sizeof g_ctx, "%s=%lld vs %s=%lld shape %dx%d limit %lld", KNAMES[ka],
             a->count, KNAMES[kb], b->count, p->br, p->bc, p->limit);
    if (ka == K_FAST9 || kb == K_FAST9) {
        long long flim = p->limit < 1 ? 1 : p->limit;
        const result *f = ka == K_FAST9 ? a : b, *o = ka == K_FAST9 ? b : a;
        CHECK(f->count == (o->count < flim ? o->count : flim));
    } else {
        CHECK(a->count == b->count);
    }
}

/* --- records ------------------------------------------------------------------------- */

static uint8_t map_value(unsigned b, int n)
{
    if (b <= (unsigned)n)
        return (uint8_t)b;
    if (b >= 0x80)
        return 0;
    return (uint8_t)(b % (unsigned)(n + 1));
}

/* A valid grid: value (bc*(r%br) + r/br + c) % N + 1, then values and rows permuted. */
static void generate(reader *in, int br, int bc, uint8_t *g)
{
    int n = br * bc;
    uint8_t perm[SK_MAX_SIZE + 1], rows[SK_MAX_SIZE];
    for (int v = 0; v <= n; v++)
        perm[v] = (uint8_t)v;
    for (int i = n; i > 1; i--) {   /* permute 1..n */
        int j = 1 + (int)(rd(in) % (unsigned)i);
        uint8_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int r = 0; r < n; r++)
        rows[r] = (uint8_t)r;
    for (int band = 0; band < n / br; band++)
        for (int i = br - 1; i > 0; i--) {
            int j = (int)(rd(in) % (unsigned)(i + 1));
            uint8_t t = rows[band * br + i];
            rows[band * br + i] = rows[band * br + j];
            rows[band * br + j] = t;
        }
    for (int r = 0; r < n; r++) {
        int s = rows[r];
        for (int c = 0; c < n; c++)
            g[r * n + c] = perm[(bc * (s % br) + s / br + c) % n + 1];
    }
    CHECK(check_solution(br, bc, NULL, g));
    unsigned mask = 0;
    for (int i = 0; i < n * n; i++) {
        if (i % 8 == 0)
            mask = rd(in);
        if (!(mask >> (i % 8) & 1))
            g[i] = 0;
    }
}

static int g_work_cells;   /* cells of the shape the work area last served (0: fresh) */

static void sudoku_record(reader *in, sk_work *w, int mode, const uint8_t *h)
{
    int br, bc;
    if (mode == 0 || mode == 6)
        br = bc = 3;
    else
        pick_shape(h[1], &br, &bc);
    int n = br * bc, nn = n * n;
    puzzle p;
    memset(&p, 0, sizeof p);
    p.br = br, p.bc = bc, p.n = n, p.nn = nn;
    p.sh = get_shape(br, bc);
    p.limit = h[2] < 127 ? h[2] % 8 : h[2] == 127 ? -1 : (long long)h[2] - 120;
    unsigned base = h[3] | (unsigned)h[4] << 8;
    unsigned cap = n <= 9 ? 4000 : n <= 16 ? 1000 : 300;
    p.node_limit = (n <= 4 && base % 8 == 0) ? 0 : 1 + base % cap;
    p.node_limit9 = base;
    p.ref = -1;
#ifdef FUZZ_AVOID_WORK_STATES_BUG
    /* Known bug (fuzz/README.md): sk_propagate overruns a work area grown for fewer cells.
     * With this defined the work area is reused only within one shape (as module.c does). */
    if (nn != g_work_cells) {
        sk_work_free(w);
        g_work_cells = nn;
    }
#endif

    uint8_t *values = malloc(nn);
    CHECK(values != NULL);
    if (mode == 6) {
        for (int i = 0; i < nn; i++)
            values[i] = (uint8_t)rd(in);
    } else if (h[5] & 1) {
        generate(in, br, bc, values);
        p.solvable = 1;
    } else {
        for (int i = 0; i < nn; i++)
            values[i] = map_value(rd(in), n);
    }
    p.values = values;

    /* the library's checkers against ours, on whatever bytes we have */
    snprintf(g_ctx, sizeof g_ctx, "checkers shape %dx%d", br, bc);
    CHECK(sk_is_solution(br, bc, NULL, values) == check_solution(br, bc, NULL, values));
    CHECK(sk_givens_clash(br, bc, values) == check_clash(br, bc, values));

    result res[K_NKERNELS + 1];
    for (int k = 0; k <= K_NKERNELS; k++) {
        res[k].solution = malloc(nn);
        CHECK(res[k].solution != NULL);
    }

    if (mode == 6) {
        int bad = 0;
        for (int i = 0; i < nn; i++)
            bad |= values[i] > 9;
        if (bad) {
            snprintf(g_ctx, sizeof g_ctx, "fast9 raw bytes > 9");
            memset(res[0].solution, SENTINEL, nn);
            uint64_t guesses = 12345;
            int stopped = 7;
            int lim = p.limit > 1000000 ? 1000000 : (int)p.limit;
            int count = sk_fast9_solve(values, lim, p.node_limit9, res[0].solution, &guesses,
                                       &stopped, NULL);
            CHECK(count == 0);
            CHECK(guesses == 0);
            CHECK(stopped == 0);
            for (int i = 0; i < nn; i++)
                CHECK(res[0].solution[i] == SENTINEL);
            /* NULL outputs are allowed */
            CHECK(sk_fast9_solve(values, lim, p.node_limit9, NULL, NULL, NULL, NULL) == 0);
        } else {
            run_kernel(K_FAST9, &p, w, &res[0]);
        }
    } else if (mode >= 1 && mode <= 3) {
        if (n <= 4) {
            uint8_t g[16];
            memcpy(g, values, nn);
            p.ref = check_clash(br, bc, values) ? 0 : ref_count(br, bc, g, 0);
        }
        run_kernel(mode, &p, w, &res[0]);
    } else {
        /* mode 0: fast9 + propagate; modes 5, 7: every kernel (learn included), then
         * propagate again on the reused work area, and (mode 7) learn again */
        if (n <= 4) {
            uint8_t g[16];
            memcpy(g, values, nn);
            p.ref = check_clash(br, bc, values) ? 0 : ref_count(br, bc, g, 0);
        }
        int first = n == 9 && br == 3 ? K_FAST9 : K_PROPAGATE;
        int last = mode == 0 ? K_PROPAGATE : K_LEARN;
        for (int k = first; k <= last; k++)
            run_kernel(k, &p, w, &res[k]);
        for (int a = first; a <= last; a++)
            for (int b = a + 1; b <= last; b++)
                compare(&p, a, &res[a], b, &res[b]);
        if (mode != 0) {
            result *again = &res[K_NKERNELS];
            run_kernel(K_PROPAGATE, &p, w, again);
            snprintf(g_ctx, sizeof g_ctx, "propagate rerun on reused work, shape %dx%d", br, bc);
            CHECK(again->count == res[K_PROPAGATE].count);
            CHECK(again->nodes == res[K_PROPAGATE].nodes);
            CHECK(again->stopped == res[K_PROPAGATE].stopped);
            CHECK(memcmp(again->solution, res[K_PROPAGATE].solution, nn) == 0);
            if (mode == 7) {
                /* learn in steps (start, resume every `step` decisions up to the same node
                 * limit, end) must end exactly where the one sk_learn call ended */
                uint64_t step = 1 + h[3] % 8, nl = p.node_limit, nodes = 0;
                int stopped = 0, calls = 0;
                long long count = 0;
                snprintf(g_ctx, sizeof g_ctx, "learn in steps of %llu, shape %dx%d limit %lld "
                         "node_limit %llu", (unsigned long long)step, br, bc, p.limit,
                         (unsigned long long)nl);
                memset(again->solution, SENTINEL, nn);
                sk_learn_run *lr = sk_learn_start(p.sh, p.values);
                CHECK(lr != NULL);
                do {
                    uint64_t more = step;
                    if (nl && nl - nodes < more)
                        more = nl - nodes;
                    uint64_t before = nodes;
                    count = sk_learn_resume(lr, p.limit, more, again->solution, &nodes, &stopped, NULL);
                    CHECK(count >= 0 && nodes >= before && nodes <= before + more);
                    calls++;
                } while (stopped && (!nl || nodes < nl));
                sk_learn_end(lr);
                CHECK(count == res[K_LEARN].count);
                CHECK(nodes == res[K_LEARN].nodes);
                CHECK(stopped == res[K_LEARN].stopped);
                CHECK(memcmp(again->solution, res[K_LEARN].solution, nn) == 0);
                CHECK(calls >= 1);
            }
        }
    }
    for (int k = 0; k <= K_NKERNELS; k++)
        free(res[k].solution);
    free(values);
}

/* --- a random small exact-cover problem ---------------------------------------------- */

#define XC_MAX_OPTIONS 12

static void dlx_record(reader *in, const uint8_t *h)
{
    int np = (int)(rd(in) % 7), ns = (int)(rd(in) % 4), nopt = (int)(rd(in) % (XC_MAX_OPTIONS + 1));
    int nitems = np + ns;
    int32_t *starts = malloc(sizeof(int32_t) * (nopt + 1));
    int32_t *items = malloc(sizeof(int32_t) * (nopt * nitems + 1));
    unsigned optmask[XC_MAX_OPTIONS];
    CHECK(starts && items);
    starts[0] = 0;
    int total = 0;
    for (int k = 0; k < nopt; k++) {
        unsigned m = (rd(in) | rd(in) << 8) & ((1u << nitems) - 1);
        unsigned rot = rd(in);
        optmask[k] = m;
        int list[16], len = 0;
        for (int i = 0; i < nitems; i++)
            if (m >> i & 1)
                list[len++] = i;
        for (int j = 0; j < len; j++)
            items[total++] = list[(j + rot) % len];
        starts[k + 1] = total;
    }
    long long limit = h[2] < 127 ? h[2] % 8 : h[2] == 127 ? -1 : (long long)h[2] - 120;
    uint64_t node_limit = (h[3] | (unsigned)h[4] << 8) % 64;
    snprintf(g_ctx, sizeof g_ctx, "dlx_count np %d ns %d options %d limit %lld node_limit %llu",
             np, ns, nopt, limit, (unsigned long long)node_limit);

    /* brute force: sets of options, each holding a primary item, covering every primary
     * item exactly once and every secondary item at most once (what Algorithm X finds) */
    unsigned prim = (1u << np) - 1;
    long long bf = 0;
    for (unsigned s = 0; s < (1u << nopt); s++) {
        unsigned cov = 0;
        int ok = 1;
        for (int k = 0; k < nopt && ok; k++) {
            if (!(s >> k & 1))
                continue;
            if (!(optmask[k] & prim) || (cov & optmask[k]))
                ok = 0;
            cov |= optmask[k];
        }
        if (ok && (cov & prim) == prim)
            bf++;
    }

    int32_t *first = malloc(sizeof(int32_t) * (np > 0 ? np : 1));
    CHECK(first != NULL);
    int first_len = -7, stopped = -1;
    uint64_t nodes = 0xDEADBEEF;
    long long count = sk_dlx_count(np, ns, nopt, starts, items, limit, node_limit, first,
                                   &first_len, &nodes, &stopped, NULL);
    CHECK(count >= 0);
    CHECK(limit <= 0 || count <= limit);
    CHECK(stopped == 0 || stopped == 1);
    CHECK(!stopped || node_limit > 0);
    CHECK(node_limit == 0 || nodes <= node_limit);
    if (!stopped)
        CHECK(count == (limit > 0 && bf > limit ? limit : bf));
    if (count > 0) {
        CHECK(first_len >= 0 && first_len <= np);
        unsigned cov = 0;
        for (int j = 0; j < first_len; j++) {
            CHECK(first[j] >= 0 && first[j] < nopt);
            CHECK(j == 0 || first[j] > first[j - 1]);
            CHECK(optmask[first[j]] & prim);
            CHECK(!(cov & optmask[first[j]]));
            cov |= optmask[first[j]];
        }
        CHECK((cov & prim) == prim);
    } else {
        CHECK(first_len == -1);
    }
    free(first);
    free(starts);
    free(items);
}

/* --- entry point --------------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader in = {data, size};
    sk_work w;
    sk_work_init(&w);
    g_work_cells = 0;
    for (int rec = 0; rec < MAX_RECORDS && in.n >= 6; rec++) {
        uint8_t h[6];
        for (int i = 0; i < 6; i++)
            h[i] = (uint8_t)rd(&in);
        int mode = h[0] % 8;
        if (mode == 4)
            dlx_record(&in, h);
        else
            sudoku_record(&in, &w, mode == 7 ? 5 : mode, h);
        if (!(h[5] & 2))
            break;
    }
    sk_work_free(&w);
    return 0;
}
