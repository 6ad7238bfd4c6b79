/* solve/batch.h -- many puzzles in one call, and the one switch over the Sudoku engines (no
 * Python here: bind/solve.c checks the arguments and hands over plain buffers).
 *
 * Buffers of a batch of n records (bind/solve.c draws them for Python):
 *
 *   in, out_solutions   n * N*N bytes, record i at offset i*N*N, values 0..N row-major
 *   out_counts          n int64 (native order, unaligned: written with memcpy)
 *   out_nodes           n uint64 (native order, unaligned)
 *   out_flags           n uint8, the FLAG_* bits below
 *   any out_* may be NULL.
 */
#ifndef SUDOKIT_BATCH_H
#define SUDOKIT_BATCH_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/kernels.h"

/* The bits of a record's out_flags (also constants of the Python module). */
enum { FLAG_STOPPED = 1,        /* the node limit ran out */
       FLAG_VERIFIED = 2,       /* a solution, checked by the independent checker */
       FLAG_BAD_SOLUTION = 4,   /* the checker rejected it (a bug) */
       FLAG_BAD_INPUT = 8,      /* a byte > N: the record was skipped */
       FLAG_CLASH = 16 };       /* the givens clash ("illegal") */

/* The engines (sk_run_engine); learn is not in batch. */
enum { SK_ENG_PROPAGATE, SK_ENG_BACKTRACK, SK_ENG_DLX, SK_ENG_FAST9, SK_ENG_LEARN };

/* What a kernel is asked when the caller wants a count: limit <= 0 (all) becomes LLONG_MAX
 * so that the count stops there instead of wrapping (and is then reported as stopped). */
static inline long long sk_kernel_limit(long long limit)
{
    return limit <= 0 ? LLONG_MAX : limit;
}

/* After a kernel: a count that reached LLONG_MAX when every solution was asked for is a
 * lower bound. */
static inline void sk_mark_saturated(long long limit, long long count, int *stopped)
{
    if (limit <= 0 && count == LLONG_MAX)
        *stopped = 1;
}

/* Run one engine on one trusted puzzle: limit <= 0 counts every solution, node_limit <= 0
 * has no limit; the count (-1 out of memory, SK_INTERRUPTED when poll said stop).  fast9
 * needs 3x3 boxes and dlx no rules over many cells: the caller checked. */
long long sk_run_engine(int engine, const sk_shape *sh, sk_work *w, const uint8_t *values,
                        long long limit, long long node_limit, uint8_t *solution,
                        uint64_t *nodes, int *stopped, sk_poll *poll);

/* One batch: the engine, its geometry and work area, the limits (as sk_run_engine), the
 * buffers drawn above, the poll. */
typedef struct {
    int engine;
    const sk_shape *sh;
    sk_work *w;
    long long limit, node_limit;
    const uint8_t *in;
    uint8_t *out_solutions, *out_flags;
    char *out_counts, *out_nodes;
    sk_poll *poll;
} sk_batch;

/* Solve records i, i+1, ... of b until end, or until `seconds` have passed (the clock is read
 * every 16 records); return the index after the last record written.  *status: 0, -1 when
 * memory ran out, SK_INTERRUPTED when the poll said stop (the record it stopped in is not
 * written). */
size_t sk_batch_run(const sk_batch *b, size_t i, size_t end, double seconds, int *status);

#endif /* SUDOKIT_BATCH_H */
