/* se/path.h -- SE's rating loop (se/path.c) for its binding (bind/se.c).
 *
 * se_path_loop: the loop from board b (changed in place) with the state st: SE_RUN_DONE,
 * SE_RUN_STUCK (er set to 20.0), SE_RUN_ASK (b is the grid to ask producers 23.. on),
 * SE_RUN_LIMIT (the deadline passed), SE_RUN_ERROR (out of memory, or the cache's poll
 * said stop).  cache: what producers 23-30 keep between steps (se/engine.h).
 * se_produce: producer p (1..22) on a step's context: SE_FOUND (out filled), SE_NONE,
 * SE_LIMIT or SE_ERROR.
 */
#ifndef SUDOKIT_SE_PATH_H
#define SUDOKIT_SE_PATH_H

#include "se/basic.h"
#include "se/engine.h"

#define SE_ASK (-3)   /* a producer's answer: ask Python (unused while C chaining answers) */

enum { SE_RUN_DONE = 0, SE_RUN_STUCK = 1, SE_RUN_ASK = 2, SE_RUN_LIMIT = 3, SE_RUN_ERROR = -1 };

typedef struct {
    double er, ep, ed;
    char hardest[64];
    int steps;
} se_path_state;

int se_path_loop(se_board *b, se_path_state *st, double deadline, int max_producer,
                 void *cache);
int se_produce(const se_ctx *x, int p, double deadline, se_hint *out);

#endif /* SUDOKIT_SE_PATH_H */
