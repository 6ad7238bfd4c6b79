/* bench_check.c -- what the batch's check of every 9x9 solution costs beside fast9.
 *
 * The batch loop (solve/batch.c) checks each solution it returns with the any-size checker
 * sk_is_solution (solve/anysize.c) before trusting it.  On easy puzzles (17-clue, serg:
 * about 2 us a puzzle) that check is a visible share of the time, and tdoku, which
 * sudokit is compared with (bench_tdoku.py), checks nothing.  This times, per file:
 *   solve       sk_fast9_solve on every puzzle (limit from the command line)
 *   check       sk_is_solution on every (puzzle, solution) pair, a second pass (since
 *               2026-12-02 it has a 9x9 form of its own, is_solution9 in anysize.c)
 *   check9      a check written here for 9x9 only (27 masks of 9 bits, below), the one
 *               that was compared with the any-size loop before is_solution9
 * best of ROUNDS rounds, thread CPU time, µs a puzzle.  Both checks must agree on every
 * pair (exit status 1 otherwise).
 *
 * Build and run (from the repository root; see the Makefile here, target check-cost):
 *   make -C benchmarks/c check-cost
 *   benchmarks/c/bench_check LIMIT ROUNDS FILE...
 */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve/fast9.h"
#include "solve/kernels.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* 9x9 only: every row, column and box holds 1..9, and the givens are kept.  The 81 value
 * bits are made first, then each unit is OR-ed from them in registers (no read-modify-write
 * of a mask array, whose store-to-load chains made a first version slower than the
 * any-size check). */
static int check9(const uint8_t *puzzle, const uint8_t *sol)
{
    uint16_t bit[81];
    unsigned bad = 0;
    for (int c = 0; c < 81; c++) {
        unsigned v = sol[c];
        bad |= (v - 1u > 8u) | (puzzle[c] && puzzle[c] != v);
        bit[c] = (uint16_t)(1u << (v & 15));
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        int b0 = (u / 3) * 27 + (u % 3) * 3;
        for (int k = 0; k < 9; k++) {
            row |= bit[u * 9 + k];
            col |= bit[k * 9 + u];
            box |= bit[b0 + (k / 3) * 9 + k % 3];
        }
        bad |= (row != 0x3FE) | (col != 0x3FE) | (box != 0x3FE);
    }
    return !bad;
}

static size_t load(const char *path, uint8_t **out)
{
    FILE *fh = fopen(path, "r");
    if (!fh) {
        perror(path);
        exit(2);
    }
    size_t n = 0, cap = 1024;
    uint8_t *p = malloc(cap * 81);
    char line[512];
    while (p && fgets(line, sizeof line, fh)) {
        size_t len = strcspn(line, "\r\n");
        if (len != 81)
            continue;
        if (n == cap)
            p = realloc(p, (cap *= 2) * 81);
        if (!p)
            break;
        for (int i = 0; i < 81; i++)
            p[n * 81 + i] = (uint8_t)(line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0);
        n++;
    }
    fclose(fh);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    *out = p;
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_check LIMIT ROUNDS FILE...\n");
        return 2;
    }
    long limit = atol(argv[1]), rounds = atol(argv[2]);
    int status = 0;
    for (int f = 3; f < argc; f++) {
        uint8_t *puzzles;
        size_t n = load(argv[f], &puzzles);
        uint8_t *sols = calloc(n ? n * 81 : 1, 1);
        long long *counts = calloc(n ? n : 1, sizeof *counts);
        double best[3] = {1e30, 1e30, 1e30};
        long agree = 0, disagree = 0;
        for (long r = 0; r < rounds; r++) {
            double t0 = now();
            for (size_t i = 0; i < n; i++)
                counts[i] = sk_fast9_solve(puzzles + 81 * i, limit, 0, sols + 81 * i, NULL,
                                           NULL, NULL);
            double t1 = now();
            long a = 0, b = 0;
            for (size_t i = 0; i < n; i++)
                if (counts[i] > 0)
                    a += sk_is_solution(3, 3, puzzles + 81 * i, sols + 81 * i);
            double t2 = now();
            for (size_t i = 0; i < n; i++)
                if (counts[i] > 0)
                    b += check9(puzzles + 81 * i, sols + 81 * i);
            double t3 = now();
            double t[3] = {t1 - t0, t2 - t1, t3 - t2};
            for (int k = 0; k < 3; k++)
                best[k] = t[k] < best[k] ? t[k] : best[k];
            agree = a;
            disagree += a != b;
        }
        if (disagree)
            status = 1;
        printf("%-34s limit %ld  solve %.3f us  check %.3f us  check9 %.3f us  "
               "(%zu puzzles, %ld solutions checked%s)\n", strrchr(argv[f], '/')
               ? strrchr(argv[f], '/') + 1 : argv[f], limit, best[0] / n * 1e6,
               best[1] / n * 1e6, best[2] / n * 1e6, n, agree,
               disagree ? ", THE CHECKS DISAGREE" : "");
        free(puzzles);
        free(sols);
        free(counts);
    }
    return status;
}
