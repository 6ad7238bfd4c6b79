/* solve/kernels.h -- the internal C API shared by the binding and the kernels (no Python here).
 *
 * Every Sudoku kernel has the shape of the pure-Python specification (_kernels.py):
 *
 *     count = kernel(shape, work, values, limit, node_limit, solution, &nodes, &stopped, poll)
 *
 *   values      N*N bytes, row-major, 0 = empty, each byte 0..N (trusted: the binding checks)
 *   limit       stop after this many solutions; <= 0: count them all
 *   node_limit  stop before the (node_limit+1)-th node; 0: no limit
 *   solution    N*N bytes receiving the first solution (untouched when count == 0); may be NULL
 *   nodes       the node count, exactly as the Python twin counts it
 *   stopped     1 if the node limit cut the search short (count is then a lower bound)
 *   poll        asked every so often whether to abandon the search (include/poll.h); may be NULL
 *   returns     the count (>= 0), -1 if memory ran out, SK_INTERRUPTED (-2) if poll said stop
 *
 * Counts are 64-bit.  A kernel asked for every solution (limit <= 0) would only wrap after
 * 2^63 of them (centuries); the binding asks for at most LLONG_MAX instead and reports a
 * count that reached it as stopped (a lower bound), so a count never wraps silently.
 *
 * A geometry (tables of units, peers and weak links, still called sk_shape here) is built
 * once and only read afterwards, so kernels on one geometry may run in several threads at
 * once.  A work area holds the search stacks; it grows on demand (never per node) and may be
 * reused across calls by one thread at a time.
 */
#ifndef SUDOKIT_KERNELS_H
#define SUDOKIT_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "include/poll.h"

#define SK_MAX_SIZE 64

/* The tables of one geometry (geometry.py): variable-length lists, each "start" array one
 * longer than its owner count, so the entries of x are list[start[x] .. start[x+1]-1].
 *
 *   unit_start/unit_cells   the cells of each unit, ascending.  Units 0..nfull-1 have n
 *                           cells (every value once: hidden singles); the rest fewer
 *                           (each value at most once).  Classic: rows 0..n-1, cols n..2n-1,
 *                           boxes 2n..3n-1, and nothing else.
 *   cu_start/cell_units     the units of each cell, ascending, so its full units come first;
 *                           cell_nfull[c] of them are full.  Classic: exactly 3 per cell, so
 *                           cell_units + 3*c is (row, col, box).
 *   peer_start/peers        cells that cannot hold c's value (units and pairs), ascending
 *   pair_start/pair_cells   the peers of c through "cannot be equal" pairs alone (no unit)
 *   link_start/link_cell    weak links of c: c = a excludes the values
 *   link_masks              link_masks[k*n + a-1] of cell link_cell[k] (both directions are
 *                           listed).  Same-value relations are peers, never links.
 *   link_back               the same link read backwards: link_back[k*n + b-1] = the values
 *                           of c excluded when link_cell[k] holds b (backtrack's question)
 *
 *      cell c:  peers   | p0 p1 ... |          (every kernel: a placed value leaves them)
 *               links   | (j, masks[0..n-1]) ... |   (c = a removes masks[a-1] from j)
 */
typedef struct {
    int box_rows, box_cols;  /* the box shape when classic, else 0, 0 */
    int classic;        /* 1: rows, cols, boxes and nothing else (box arithmetic is allowed) */
    int n;              /* size N (1..64) */
    int ncells;         /* N*N */
    int nunits, nfull;  /* units, of which the first nfull have n cells */
    int maxcu;          /* the most units any cell is in */
    uint64_t full;      /* the N low bits set */
    int32_t *unit_start;
    int16_t *unit_cells;
    int32_t *cu_start;
    int16_t *cell_units;
    int16_t *cell_nfull;
    int32_t *peer_start;
    int16_t *peers;
    int32_t *pair_start;
    int16_t *pair_cells;
    int32_t *link_start;
    int16_t *link_cell;
    uint64_t *link_masks;
    uint64_t *link_back;
    /* The rules over many cells (solve/rules.c; _propagators.py is their specification),
     * nprops = 0 for every geometry without them (then nothing below is read):
     *
     *   prop_kind[k]    SK_SUM, SK_SETS, SK_SANDWICH or SK_MASK
     *   prop_start/prop_cells     the cells of propagator k, in its order
     *   prop_dstart/prop_data     its data: SK_SUM weights[0..m-1] then the total;
     *                             SK_SETS the masks; SK_SANDWICH the total; SK_MASK the mask
     *   cp_start/cell_props       the propagators of each cell, ascending
     *
     * and the same rules as learn's clauses (_propagators.learn_rules, computed in Python):
     * rule_aux more variables from N^3, rule_ngroups exactly-one groups (rg_start/rg_vars:
     * aux variables only, each in exactly one of them), rule_ncls clauses (rc_start/rc_lits,
     * 2 literals or more), rule_nfalse variables false from the start (rule_false). */
    int nprops;
    uint8_t *prop_kind;
    int32_t *prop_start;
    int16_t *prop_cells;
    int32_t *prop_dstart;
    int64_t *prop_data;
    int32_t *cp_start;
    int32_t *cell_props;
    int rule_aux, rule_ngroups, rule_ncls, rule_nfalse;
    int32_t *rg_start, *rg_vars, *rc_start, *rc_lits, *rule_false;
} sk_shape;

enum { SK_SUM = 0, SK_SETS = 1, SK_SANDWICH = 2, SK_MASK = 3 };

/* Search stacks, grown on demand. */
typedef struct {
    size_t cap_states;      /* frames allocated (frame_cell, frame_rem) */
    size_t state_words;     /* uint64 words allocated in states (cap_states * the largest ncells) */
    uint64_t *states;       /* propagate: one candidate array per depth */
    int32_t *frame_cell;    /* propagate: branch cell per depth */
    uint64_t *frame_rem;    /* propagate: values still to try per depth */
    size_t cap_cells;       /* entries allocated in the per-cell arrays below */
    int32_t *queue;         /* propagate: cells whose single value must leave their peers */
    int32_t *empties;       /* backtrack */
    uint64_t *avail;        /* backtrack */
    uint64_t *placed;       /* backtrack */
    uint8_t *cur;           /* backtrack: the value of each cell so far (0 = empty) */
    int16_t *units_of;      /* backtrack, classic: the 3 units of each empty cell */
    size_t cap_units;       /* entries allocated in used and dirty */
    uint64_t *used;         /* backtrack: values placed in each unit */
    uint64_t *dirty;        /* propagate: full units to rescan, one bit each */
    size_t cap_snap;        /* words allocated in snap */
    uint64_t *snap;         /* propagate, rules over many cells: each propagator's cells'
                             * candidates after its last pruning (solve/rules.c) */
} sk_work;

sk_shape *sk_shape_new(int box_rows, int box_cols);   /* classic; NULL if out of memory */
/* Any geometry from its units (unit_start[nunits+1], unit_cells: full units first), its
 * "cannot be equal" pairs (pairs[2k], pairs[2k+1]; pairs inside a unit are ignored) and its
 * weak links (links[2k] = i, links[2k+1] = j, masks[k*n + a-1], one direction each: the
 * caller lists both).  Trusted (geometry.py checks).  NULL if out of memory. */
sk_shape *sk_shape_build(int n, int box_rows, int box_cols, int classic, int nunits,
                         const int32_t *unit_start, const int16_t *unit_cells, int npairs,
                         const int16_t *pairs, int nlinks, const int16_t *links,
                         const uint64_t *masks);
void sk_shape_free(sk_shape *sh);
/* Attach the rules over many cells to sh (solve/rules.c), from two flat arrays built by
 * _backend._c_tables:
 *   props  int64: per propagator kind, m, cells[m], nd, data[nd]   (len words)
 *   rules  int32: aux, ngroups, (size, vars[size]) per group, nclauses, (size, lits[size])
 *          per clause, nfalse, vars[nfalse]                         (rlen words)
 * 0, or -1 (sh unchanged) when the arrays are malformed (a cell or variable out of range, a
 * wrong data length), -2 out of memory. */
int sk_shape_set_rules(sk_shape *sh, const int64_t *props, size_t len, const int32_t *rules,
                       size_t rlen);
/* propagate's pruning: every propagator to its fixpoint once (solve/rules.c); a cell whose
 * candidates change is handed to changed(ctx, cell, old).  -1 contradiction, 1 changed, 0 not.
 * snap (prop_start[nprops] words, all 0 at the start of a search; NULL: none) remembers each
 * propagator's cells after its pruning: a propagator whose cells are unchanged since is at
 * its own fixpoint and is skipped. */
typedef void (*sk_changed_fn)(void *ctx, int cell, uint64_t old);
int sk_prune_all(const sk_shape *sh, uint64_t *cand, uint64_t *snap, sk_changed_fn changed,
                 void *ctx);
/* backtrack's filter: the values of free that cell c may take given the placed values cur
 * (0 = empty), under every propagator of c. */
uint64_t sk_rules_allow(const sk_shape *sh, const uint8_t *cur, int c, uint64_t free);
/* 1 when the complete grid keeps every propagator. */
int sk_rules_hold(const sk_shape *sh, const uint8_t *grid);
void sk_work_init(sk_work *w);
void sk_work_free(sk_work *w);
/* Grow w's per-cell arrays to ncells entries and per-unit arrays to nunits (solve/shape.c, used
 * by propagate and backtrack); 1, or 0 if out of memory. */
int sk_work_cells(sk_work *w, int ncells, int nunits);

long long sk_propagate(const sk_shape *sh, sk_work *w, const uint8_t *values, long long limit,
                       uint64_t node_limit, uint8_t *solution, uint64_t *nodes, int *stopped,
                       sk_poll *poll);
long long sk_backtrack(const sk_shape *sh, sk_work *w, const uint8_t *values, long long limit,
                       uint64_t node_limit, uint8_t *solution, uint64_t *nodes, int *stopped,
                       sk_poll *poll);

/* CDCL with native exactly-one groups (solve/learn.c), the twin of _kernels.learn; nodes =
 * decisions.  Allocates its own state per call (freed before returning); thread-safe. */
long long sk_learn(const sk_shape *sh, const uint8_t *values, long long limit,
                   uint64_t node_limit, uint8_t *solution, uint64_t *nodes, int *stopped,
                   sk_poll *poll);
/* The same search in steps: start (NULL if out of memory), resume any number of times (each
 * time until the count reaches limit, <= 0: all, or `more` further decisions are made, 0: no
 * budget, or the search is over; returns the count so far, *nodes the decisions so far,
 * *stopped 1 if the budget ran out; the first solution is copied once there is one), end.
 * sk_learn is start + one resume + end.  A run is used by one thread at a time.  A resume
 * interrupted by poll returns SK_INTERRUPTED and leaves the run resumable (nothing lost). */
typedef struct sk_learn_run sk_learn_run;
sk_learn_run *sk_learn_start(const sk_shape *sh, const uint8_t *values);
long long sk_learn_resume(sk_learn_run *r, long long limit, uint64_t more, uint8_t *solution,
                          uint64_t *nodes, int *stopped, sk_poll *poll);
void sk_learn_end(sk_learn_run *r);
/* The solution a resume stopped at (its count reached the limit): 1 and its values written
 * to solution; 0 when the run is not paused at a solution.  (sk_learn_resume hands back the
 * first solution; the last one is what "a solution other than this one" needs.) */
int sk_learn_last(const sk_learn_run *r, uint8_t *solution);

/* The independent checker (not a solver): 1 if solution is a complete grid whose rows, cols
 * and boxes are permutations of 1..N and which keeps every given of values (may be NULL). */
int sk_is_solution(int box_rows, int box_cols, const uint8_t *values, const uint8_t *solution);
/* 1 if two givens of values share a unit with the same value ("illegal" puzzle). */
int sk_givens_clash(int box_rows, int box_cols, const uint8_t *values);
/* The same two checks for any geometry, read from its tables: every value 1..n, no value
 * twice in a unit, no pair holding one value twice, no weak link broken, givens kept. */
int sk_geometry_is_solution(const sk_shape *sh, const uint8_t *values, const uint8_t *solution);
int sk_geometry_clash(const sk_shape *sh, const uint8_t *values);

/* Exact cover (solve/dlx.c), the twin of exact_cover.dlx_count.  Items 0..n_primary+n_secondary-1,
 * option k = option_items[option_starts[k] .. option_starts[k+1]-1]; trusted (each item in
 * range, no item twice in one option, starts non-decreasing from 0).  first (capacity
 * n_primary entries) receives the sorted option indices of the first solution and *first_len
 * their number (-1 when no solution was found). */
long long sk_dlx_count(int n_primary, int n_secondary, int n_options, const int32_t *option_starts,
                       const int32_t *option_items, long long limit, uint64_t node_limit,
                       int32_t *first, int *first_len, uint64_t *nodes, int *stopped,
                       sk_poll *poll);

/* Sudoku through the exact-cover kernel: the cover of sudoku_cover.build_cover, same nodes. */
long long sk_dlx_sudoku(const sk_shape *sh, const uint8_t *values, long long limit,
                        uint64_t node_limit, uint8_t *solution, uint64_t *nodes, int *stopped,
                        sk_poll *poll);

#endif /* SUDOKIT_KERNELS_H */
