/* se/path.c -- SE's rating loop in C (serate's Solver.getDifficulty).
 *
 * The twin of logic/se/path.py se_path (logic/se/path.py after issue #30): producers asked in
 * SE's order, the first hint found is applied, ER / EP / ED kept as se_path keeps them, the
 * unchanged-board rule, the deadline checked before every producer.  Producers 1-22 run
 * through se_produce (se/basic.c, se/exclusion.c, se/unique.c, se/chains_static.c);
 * producers 23-30 through their C twin (se/chains.c, se/nested.c) with the run's cache.
 * The hand-back code SE_RUN_ASK (the Python loop runs its Chaining producers for one step
 * and calls se_path_run again with the state) stays in the protocol, unused while the C
 * chaining answers.  The Python surface (se_path_run, se_producer) is bind/se.c.
 *
 *   se_path_state   er, ep, ed (doubles as se_path keeps them), hardest (the name of the
 *                   hint that set er), steps (hints applied)
 *   board           se_board (se/se.h), changed in place by each applied hint
 */

#include <string.h>

#include "se/path.h"

int se_produce(const se_ctx *x, int p, double deadline, se_hint *out)
{
    switch (p) {
    case 1: return se_hidden_single(x, out);
    case 2: return se_locking(x, 1, out);
    case 3: return se_hidden_set(x, 2, 1, out);
    case 4: return se_naked_single(x, out);
    case 5: return se_hidden_set(x, 3, 1, out);
    case 6: return se_locking(x, 0, out);
    case 7: return se_naked_set(x, 2, out);
    case 8: return se_fish(x, 2, out);
    case 9: return se_hidden_set(x, 2, 0, out);
    case 10: return se_naked_set(x, 3, out);
    case 11: return se_fish(x, 3, out);
    case 12: return se_hidden_set(x, 3, 0, out);
    case 13: return se_wing(x, 0, out);
    case 14: return se_wing(x, 1, out);
    case 15: return se_unique_loops(x, out);
    case 16: return se_naked_set(x, 4, out);
    case 17: return se_fish(x, 4, out);
    case 18: return se_hidden_set(x, 4, 0, out);
    case 19: return se_bug(x, out);
    case 20: return se_aligned_pair(x, out);
    case 21: return se_static_hint(x->b, deadline, out);
    case 22: return se_aligned_triple(x, out);
    default: return SE_NONE;
    }
}

static int solved(const se_board *b)
{
    for (int c = 0; c < 81; c++)
        if (!b->values[c])
            return 0;
    return 1;
}

/* se_path's bookkeeping for one applied hint; returns 1 when the board did not change
   (SE would repeat the hint forever: stuck). */
static int record(se_path_state *st, se_board *b, const se_hint *h)
{
    if (h->rating > st->er) {
        st->er = h->rating;
        memcpy(st->hardest, h->name, sizeof st->hardest);
    }
    se_board before = *b;
    se_apply(b, h);
    st->steps++;
    if (st->ep == 0.0) {
        if (st->ed == 0.0)
            st->ed = st->er;
        if (h->place_cell >= 0)
            st->ep = st->er;
    }
    return memcmp(&before, b, sizeof before) == 0;
}

int se_path_loop(se_board *b, se_path_state *st, double deadline, int max_producer, void *cache)
{
    se_ctx x;
    se_hint h;
    while (!solved(b)) {
        se_ctx_init(&x, b);
        int got = SE_NONE;
        for (int p = 1; p <= max_producer; p++) {
            if (deadline > 0 && se_now() > deadline)
                return SE_RUN_LIMIT;
            got = p <= 22 ? se_produce(&x, p, deadline, &h)
                          : se_chaining_hint(cache, b, p, deadline, &h);
            if (got == SE_FOUND)
                break;
            if (got == SE_ASK)
                return SE_RUN_ASK;
            if (got == SE_LIMIT)
                return SE_RUN_LIMIT;
            if (got == SE_ERROR)
                return SE_RUN_ERROR;
        }
        if (got != SE_FOUND || record(st, b, &h)) {
            st->er = 20.0;
            return SE_RUN_STUCK;
        }
    }
    return SE_RUN_DONE;
}
