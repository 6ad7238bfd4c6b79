/* solve/batch.c -- the batch loop and the switch over the engines (solve/batch.h), without
 * Python: bind/solve.c releases the GIL around sk_batch_run and checks for Ctrl-C between
 * its calls.  Compiled once per instruction level (isa/isa.h): a level's loop calls that
 * level's fast9, propagate and checker directly.
 *
 * Per record: a private copy of the input (checked, then trusted), the engine, the
 * independent checker on the first solution, and the clash scan only when there is no
 * verified solution (a verified solution holds every given, so they cannot clash).
 */
#define _POSIX_C_SOURCE 199309L   /* clock_gettime under -std=c11 */

#include "solve/batch.h"

#include <string.h>
#include <time.h>

#include "solve/fast9.h"

long long sk_run_engine(int engine, const sk_shape *sh, sk_work *w, const uint8_t *values,
                        long long limit, long long node_limit, uint8_t *solution,
                        uint64_t *nodes, int *stopped, sk_poll *poll)
{
    uint64_t nlim = node_limit > 0 ? (uint64_t)node_limit : 0;
    long long lim = sk_kernel_limit(limit), count;
    switch (engine) {
    case SK_ENG_PROPAGATE:
        count = sk_propagate(sh, w, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    case SK_ENG_BACKTRACK:
        count = sk_backtrack(sh, w, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    case SK_ENG_DLX:
        count = sk_dlx_sudoku(sh, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    case SK_ENG_LEARN:
        count = sk_learn(sh, values, lim, nlim, solution, nodes, stopped, poll);
        break;
    default:
        count = sk_fast9_solve(values, lim, nlim, solution, nodes, stopped, poll);
        break;
    }
    sk_mark_saturated(limit, count, stopped);
    return count;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

size_t sk_batch_run(const sk_batch *b, size_t i, size_t end, double seconds, int *status)
{
    const sk_shape *sh = b->sh;
    const size_t ncells = (size_t)sh->ncells;
    const double start = now_seconds();
    uint8_t puzzle[SK_MAX_SIZE * SK_MAX_SIZE], solution[SK_MAX_SIZE * SK_MAX_SIZE];
    *status = 0;
    for (; i < end; i++) {
        memcpy(puzzle, b->in + i * ncells, ncells);  /* private copy: checked, then trusted */
        int flag = 0, stopped = 0;
        uint64_t nodes = 0;
        long long count = 0;
        /* the largest byte, without an early exit: a max the compiler vectorises */
        uint8_t top = 0;
        for (size_t c = 0; c < ncells; c++)
            top = puzzle[c] > top ? puzzle[c] : top;
        if (top > sh->n) {
            flag = FLAG_BAD_INPUT;
        } else {
            count = sk_run_engine(b->engine, sh, b->w, puzzle, b->limit, b->node_limit,
                                  solution, &nodes, &stopped, b->poll);
            if (count < 0) {            /* out of memory, or SK_INTERRUPTED */
                *status = count == SK_INTERRUPTED ? SK_INTERRUPTED : -1;
                return i;
            }
            if (stopped)
                flag |= FLAG_STOPPED;
            if (count > 0)
                flag |= (sh->classic
                         ? sk_is_solution(sh->box_rows, sh->box_cols, puzzle, solution)
                         : sk_geometry_is_solution(sh, puzzle, solution))
                            ? FLAG_VERIFIED : FLAG_BAD_SOLUTION;
            /* a verified solution holds every given, so they cannot clash: the clash scan is
             * only needed without one (0.2 us of an easy 9x9's 2 us) */
            if (!(flag & FLAG_VERIFIED)
                && (sh->classic ? sk_givens_clash(sh->box_rows, sh->box_cols, puzzle)
                                : sk_geometry_clash(sh, puzzle)))
                flag |= FLAG_CLASH;
        }
        if (b->out_solutions) {
            if (count > 0)
                memcpy(b->out_solutions + i * ncells, solution, ncells);
            else
                memset(b->out_solutions + i * ncells, 0, ncells);
        }
        if (b->out_counts) {
            int64_t c64 = count;
            memcpy(b->out_counts + 8 * i, &c64, 8);
        }
        if (b->out_nodes)
            memcpy(b->out_nodes + 8 * i, &nodes, 8);
        if (b->out_flags)
            b->out_flags[i] = (uint8_t)flag;
        /* the clock every 16 records: an easy 9x9 takes about 2 us */
        if ((i & 15) == 15 && now_seconds() - start > seconds)
            return i + 1;
    }
    return i;
}
