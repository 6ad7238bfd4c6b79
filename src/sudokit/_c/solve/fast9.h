/* solve/fast9.h -- the fast 9x9 Sudoku kernel of sudokit (plain C99, no Python).
 *
 * One function, plain buffers in and out.  The representation and the
 * algorithm are explained at the top of solve/fast9.c.
 *
 * Thread safety: the kernel keeps no mutable global state.  Its lookup
 * tables are `static const` arrays computed by the compiler, so there is
 * NO init function to call: sk_fast9_solve may be called from any number
 * of threads at once, with the GIL released, from the first call on.
 *
 * Guess (the unit of *guesses and of node_limit): one value tried at a
 * branching cell after propagation has stalled.  Every alternative that is
 * tried counts, the last remaining one included: a cell with candidates
 * {3,7} whose first value leads to a dead end costs 2 guesses; if the
 * search stops (solution limit reached) after the first value, 1 guess.
 * A puzzle solved by propagation alone costs 0 guesses.
 */
#ifndef SUDOKIT_FAST9_H
#define SUDOKIT_FAST9_H

#include <stdint.h>

#include "include/poll.h"

#ifdef __cplusplus
extern "C" {
#endif

/* values: 81 bytes, row-major, 0 = empty, 1..9 = given.  The caller
 *   guarantees each byte is 0..9; the givens may still clash or be
 *   unsolvable: then the result is 0 (never a crash, never a loop).
 * limit >= 1: stop after this many solutions (a limit < 1 is read as 1).
 * node_limit: maximum number of guesses (see above), 0 = unlimited.
 * poll: asked every SK_POLL_EVERY guesses whether to give up (include/poll.h);
 *   NULL: never.  A search given up returns SK_INTERRUPTED (-2).
 * Returns the number of solutions found (0..limit).  If >= 1, solution
 *   (81 bytes, 1..9, row-major) holds the first one found; solution may be
 *   NULL to skip it.  On a return of 0 solution is left untouched.
 * *guesses (may be NULL) receives the number of guesses made.
 * *stopped (may be NULL) is set to 1 if node_limit ran out before the
 *   search finished (then the count is only a lower bound), else 0.
 *   A search that stops because it reached `limit` solutions is not
 *   "stopped" in this sense. */
long long sk_fast9_solve(const uint8_t *values, long long limit, uint64_t node_limit,
                         uint8_t *solution, uint64_t *guesses, int *stopped, sk_poll *poll);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_FAST9_H */
