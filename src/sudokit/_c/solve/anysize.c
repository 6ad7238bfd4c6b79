/* solve/anysize.c -- the C twin of the pure-Python kernel `propagate` (_kernels.py) for every
 * geometry with N <= 64, and the independent checker every kernel's answer goes through.  Same
 * counts, same first solution, same node counts, same `stopped` as the specification; no
 * Python objects.  The geometry tables (sk_shape) and the work area (sk_work) are built in
 * solve/shape.c; the twin of `backtrack` is in solve/backtrack.c (it runs in the same work
 * area).  This file is compiled once per instruction level (isa/isa.h).
 *
 * Representation
 * --------------
 *   cand[cell]: uint64_t, bit v-1 set <=> value v still possible (N <= 64: one word)
 *
 *        cell 0             cell 1                  cell N*N-1
 *      +------------------+------------------+- ... -+------------------+
 *      | 0...0 1 0 0 1 1 0| 0...0 0 0 0 0 0 1|       | 0...0 0 1 1 0 0 0|
 *      +------------------+------------------+- ... -+------------------+
 *        bit 63 ...   bit 0                   single bit = value known
 *
 *   propagate keeps one such array per search depth, in one block grown on demand:
 *
 *      states: | depth 0 (settled root) | depth 1 | ... | depth d (current) |
 *      frames: cell[d], rem[d] = values of cell[d] still to try at depth d
 *
 *   A node copies states[d] to states[d+1], fixes one value and settles the copy; a dead
 *   end simply overwrites states[d+1] with the next value (no undo log).
 *   (Rejected: an undo trail of changed cells.  For N <= 25 the copy is <= 5 KB, one
 *   memcpy, cheaper than logging every candidate change of a settle.)
 *
 *   settle() runs naked and hidden singles to the full fixpoint, as the Python settle()
 *   does, but with bookkeeping: a LIFO queue of cells that became single (their value
 *   leaves their peers), and a bitset of "dirty" units -- units with a cell whose
 *   candidates changed since the unit was last scanned for hidden singles.  Only dirty
 *   units are scanned.
 *
 *      dirty: uint64_t[3]   bit u = unit u (rows 0..N-1, cols N..2N-1, boxes 2N..3N-1)
 *
 *   Why this is node-for-node identical to the Python scan of all units: both apply
 *   only sound deductions and stop only at a fixpoint of naked + hidden singles; from a
 *   common start every deduction keeps the state a superset of any contradiction-free
 *   fixpoint, so the fixpoint (or the contradiction) is the same whatever the order.  A
 *   unit whose cells did not change cannot yield a new hidden single or lose a value, so
 *   skipping clean units changes nothing but the time.
 *
 *   The rules over many cells (solve/rules.c) run after the singles' fixpoint, every
 *   propagator once per round, until none changes anything (nprops = 0: not even a test
 *   per node); each change marks the cell's units dirty and queues a new single.  Their
 *   prunings are monotone too, so the common fixpoint, and every node, is Python's.
 *
 *   backtrack (solve/backtrack.c draws its arrays): used[row], used[N+col], used[2N+box] masks of
 *   placed values; the empty cells in row-major order; avail[i] / placed[i] per empty cell
 *   (an explicit stack).
 */
#include <stdlib.h>
#include <string.h>

#include "include/bits.h"
#include "solve/kernels.h"

#define POPCOUNT(x) sk_pop64(x)   /* include/bits.h: SWAR without -mpopcnt */
#define BITLEN(x) (64 - __builtin_clzll(x))   /* x != 0 */

/* Make room for depth+1 states of ncells words; 0 if out of memory.  The state buffer is
 * measured in words, not states, so a work area reused for a larger shape grows too. */
static int work_states(sk_work *w, size_t depth, int ncells)
{
    size_t words = (depth + 1) * (size_t)ncells;
    if (depth < w->cap_states && words <= w->state_words)
        return 1;
    size_t cap = w->cap_states ? w->cap_states : 16;
    while (cap <= depth)
        cap *= 2;
    if (cap * (size_t)ncells > w->state_words) {
        uint64_t *s = realloc(w->states, cap * (size_t)ncells * sizeof *s);
        if (!s)
            return 0;
        w->states = s;
        w->state_words = cap * (size_t)ncells;
    }
    if (cap > w->cap_states) {
        int32_t *fc = realloc(w->frame_cell, cap * sizeof *fc);
        if (!fc)
            return 0;
        w->frame_cell = fc;
        uint64_t *fr = realloc(w->frame_rem, cap * sizeof *fr);
        if (!fr)
            return 0;
        w->frame_rem = fr;
        w->cap_states = cap;
    }
    return 1;
}

/* --- propagate ---------------------------------------------------------------------- */

/* Room for the rules' memo (sk_prune_all's snap), cleared: nothing is known yet.  0 if out
 * of memory. */
static int work_snap(sk_work *w, const sk_shape *sh)
{
    size_t need = (size_t)sh->prop_start[sh->nprops] + 1;
    if (w->cap_snap < need) {
        uint64_t *s = realloc(w->snap, need * sizeof *s);
        if (!s)
            return 0;
        w->snap = s;
        w->cap_snap = need;
    }
    memset(w->snap, 0, need * sizeof *w->snap);   /* (no live candidate set is 0) */
    return 1;
}

/* Mark the full units of cell c dirty (they come first in its unit list). */
static inline void mark_dirty(const sk_shape *sh, uint64_t *dirty, int c)
{
    const int16_t *cu = sh->cell_units + sh->cu_start[c];
    for (int k = 0, m = sh->cell_nfull[c]; k < m; k++)
        dirty[cu[k] >> 6] |= (uint64_t)1 << (cu[k] & 63);
}

/* What a rule's pruning must tell settle(): the cells it changed (their full units become
 * dirty; a cell left with one candidate goes on the queue). */
typedef struct {
    const sk_shape *sh;
    const uint64_t *cand;
    uint64_t *dirty;
    int32_t *queue;
    int qlen;
} settle_ctx;

static void rule_changed(void *ctx, int c, uint64_t old)
{
    settle_ctx *x = ctx;
    uint64_t m = x->cand[c];
    mark_dirty(x->sh, x->dirty, c);
    if (!(m & (m - 1)) && (old & (old - 1)))
        x->queue[x->qlen++] = c;
}

/* One round of every rule over many cells at the singles' fixpoint (queue empty, no unit
 * dirty): -1 on a contradiction, 0 when nothing changed, else 1 + the new singles queued.
 * Out of line, so that settle()'s loops compile as they did before the rules. */
static __attribute__((noinline)) int rules_round(const sk_shape *sh, uint64_t *cand,
                                                 int32_t *queue, uint64_t *dirty,
                                                 uint64_t *snap)
{
    settle_ctx ctx = {sh, cand, dirty, queue, 0};
    int r = sk_prune_all(sh, cand, snap, rule_changed, &ctx);
    return r < 0 ? -1 : r == 0 ? 0 : 1 + ctx.qlen;
}

/* Naked and hidden singles (and weak links) to the fixpoint; 0 on a contradiction (a cell
 * with no candidate, a value with no place in a full unit, two values forced into one cell).
 * queue[0..qlen-1] holds the single cells whose value has not yet left their peers. */
static __attribute__((noinline, aligned(64))) int settle(const sk_shape *sh, uint64_t *cand,
                                                        int32_t *queue, int qlen,
                                                        uint64_t *dirty)
{
    const int n = sh->n, nwords = (sh->nfull + 63) >> 6;
    const uint64_t full = sh->full;
    const int16_t *peers = sh->peers;
    const int32_t *pstart = sh->peer_start, *lstart = sh->link_start;
    for (;;) {
        while (qlen) {
            int c = queue[--qlen];
            uint64_t b = cand[c];
            for (int32_t k = pstart[c], end = pstart[c + 1]; k < end; k++) {
                int p = peers[k];
                uint64_t m = cand[p];
                if (m & b) {
                    m ^= b;
                    if (!m)
                        return 0;
                    cand[p] = m;
                    mark_dirty(sh, dirty, p);
                    if (!(m & (m - 1)))
                        queue[qlen++] = p;
                }
            }
            /* (Rejected: a branch-free version of this loop, masks instead of the m & b
             * test; measured 20% slower on hard 9x9 puzzles.) */
            for (int32_t k = lstart[c], end = lstart[c + 1]; k < end; k++) {
                int p = sh->link_cell[k];
                uint64_t x = sh->link_masks[(size_t)k * n + __builtin_ctzll(b)];
                uint64_t m = cand[p];
                if (m & x) {
                    m &= ~x;
                    if (!m)
                        return 0;
                    cand[p] = m;
                    mark_dirty(sh, dirty, p);
                    if (!(m & (m - 1)))
                        queue[qlen++] = p;
                }
            }
        }
        int w = 0;
        while (w < nwords && !dirty[w])
            w++;
        if (w == nwords)
            return 1;
        int u = (w << 6) + __builtin_ctzll(dirty[w]);
        dirty[w] &= dirty[w] - 1;
        const int16_t *unit = sh->unit_cells + sh->unit_start[u];
        uint64_t once = 0, twice = 0;
        for (int k = 0; k < n; k++) {
            uint64_t m = cand[unit[k]];
            twice |= once & m;
            once |= m;
        }
        if (once != full)
            return 0;
        uint64_t hidden = once & ~twice;
        if (hidden) {
            for (int k = 0; k < n; k++) {
                int c = unit[k];
                uint64_t m = cand[c];
                uint64_t h = m & hidden;
                if (h && (m & (m - 1))) {
                    if (h & (h - 1))
                        return 0;
                    cand[c] = h;
                    mark_dirty(sh, dirty, c);
                    queue[qlen++] = c;
                }
            }
        }
    }
}

/* settle(), then the rules over many cells (if any), until neither changes anything: the
 * fixpoint of the Python settle().  (Both out of line: settle() compiles exactly as before
 * the rules, and so does sk_propagate's loop; either inlined cost classic puzzles 3-7%, and
 * so did settle() starting mid cache line: it is aligned to 64 bytes, as it happened to be.) */
static __attribute__((noinline)) int settle_all(const sk_shape *sh, sk_work *w, uint64_t *cand,
                                               int32_t *queue, int qlen, uint64_t *dirty)
{
    for (;;) {
        if (!settle(sh, cand, queue, qlen, dirty))
            return 0;
        if (!sh->nprops)
            return 1;
        int r = rules_round(sh, cand, queue, dirty, w->snap);
        if (r <= 0)
            return r == 0;
        qlen = r - 1;
    }
}

static void write_solution(const uint64_t *cand, int ncells, uint8_t *solution)
{
    for (int c = 0; c < ncells; c++)
        solution[c] = (uint8_t)BITLEN(cand[c]);
}

long long sk_propagate(const sk_shape *sh, sk_work *w, const uint8_t *values, long long limit,
                       uint64_t node_limit, uint8_t *solution, uint64_t *nodes_out, int *stopped,
                       sk_poll *poll)
{
    const int ncells = sh->ncells, n = sh->n, nwords = (sh->nfull + 63) >> 6;
    const uint64_t full = sh->full;
    long long count = 0;
    uint64_t nodes = 0;
    *stopped = 0;
    *nodes_out = 0;
    if (!sk_work_cells(w, ncells, sh->nunits) || !work_states(w, 1, ncells))
        return -1;
    uint64_t *cand = w->states;
    int32_t *queue = w->queue;
    uint64_t *dirty = w->dirty;
    int qlen = 0;
    for (int c = 0; c < ncells; c++)
        cand[c] = full;
    for (int c = 0; c < ncells; c++) {
        int v = values[c];
        if (v) {
            uint64_t b = (uint64_t)1 << (v - 1);
            cand[c] = b;
            /* givens first: a clash is seen before any inference */
            for (int32_t k = sh->peer_start[c]; k < sh->peer_start[c + 1]; k++)
                if (cand[sh->peers[k]] == b)
                    return 0;
            for (int32_t k = sh->link_start[c]; k < sh->link_start[c + 1]; k++) {
                uint64_t m = cand[sh->link_cell[k]];
                if (!(m & (m - 1)) && (m & sh->link_masks[(size_t)k * n + v - 1]))
                    return 0;
            }
            queue[qlen++] = c;
        }
    }
    if (sh->nprops && !work_snap(w, sh))
        return -1;
    memset(dirty, 0, sizeof(uint64_t) * nwords);
    for (int u = 0; u < sh->nfull; u++)
        dirty[u >> 6] |= (uint64_t)1 << (u & 63);
    if (!settle_all(sh, w, cand, queue, qlen, dirty))
        return 0;

    size_t depth = 0;        /* states[depth] is the current state */
    size_t frames = 0;       /* frames 0..frames-1 branch at states[0..frames-1] */
    for (;;) {
        uint64_t *state = w->states + depth * (size_t)ncells;
        int best = -1, best_count = 65;
        for (int c = 0; c < ncells; c++) {
            uint64_t m = state[c];
            if (m & (m - 1)) {
                int k = POPCOUNT(m);
                if (k < best_count) {
                    best = c;
                    best_count = k;
                    if (k == 2)
                        break;
                }
            }
        }
        if (best < 0) {
            if (count == 0 && solution)
                write_solution(state, ncells, solution);
            count++;
            if (limit > 0 && count >= limit)
                break;
        } else {
            /* push a frame branching at the current state (its depth is `depth`) */
            w->frame_cell[depth] = best;
            w->frame_rem[depth] = state[best];
            frames = depth + 1;
        }
        int advanced = 0;
        while (frames) {
            size_t top = frames - 1;
            uint64_t rem = w->frame_rem[top];
            if (!rem) {
                frames--;
                continue;
            }
            uint64_t b = rem & (~rem + 1);
            w->frame_rem[top] = rem ^ b;
            if (node_limit > 0 && nodes >= node_limit) {
                *stopped = 1;
                *nodes_out = nodes;
                return count;
            }
            nodes++;
            if (sk_poll_stop(poll, nodes)) {
                *nodes_out = nodes;
                return SK_INTERRUPTED;
            }
            if (!work_states(w, top + 1, ncells)) {
                *nodes_out = nodes;
                return -1;
            }
            uint64_t *parent = w->states + top * (size_t)ncells;
            uint64_t *child = parent + ncells;
            memcpy(child, parent, (size_t)ncells * sizeof *child);
            int cell = w->frame_cell[top];
            child[cell] = b;
            memset(dirty, 0, sizeof(uint64_t) * nwords);
            mark_dirty(sh, dirty, cell);
            queue[0] = cell;
            if (settle_all(sh, w, child, queue, 1, dirty)) {
                depth = top + 1;
                advanced = 1;
                break;
            }
        }
        if (!advanced)
            break;
    }
    *nodes_out = nodes;
    return count;
}

/* --- the independent checker -------------------------------------------------------- */

/* The independent checks below share no table with the solvers: they recompute every
 * unit from the box shape.  mark_units() puts each value of grid into the masks of its row,
 * column and box and returns 1 as soon as a unit would hold a value twice, or (strict)
 * holds a cell outside 1..n; without strict such cells are blanks.  No division in the cell
 * loop (the box is counted along) and only the n used masks are cleared: with a variable
 * divisor and full clears this cost about 1 us per 9x9 grid, as much as fast9 takes to
 * solve an easy puzzle. */
static int mark_units(int box_rows, int box_cols, const uint8_t *grid, int strict,
                      uint64_t *rows, uint64_t *cols, uint64_t *boxes)
{
    int n = box_rows * box_cols;
    memset(rows, 0, (size_t)n * sizeof rows[0]);
    memset(cols, 0, (size_t)n * sizeof cols[0]);
    memset(boxes, 0, (size_t)n * sizeof boxes[0]);
    for (int r = 0, band = 0, rr = 0; r < n; r++) {
        for (int k = 0, x = band, kk = 0; k < n; k++) {
            int v = grid[r * n + k];
            if (v >= 1 && v <= n) {
                uint64_t b = (uint64_t)1 << (v - 1);
                if ((rows[r] | cols[k] | boxes[x]) & b)
                    return 1;
                rows[r] |= b;
                cols[k] |= b;
                boxes[x] |= b;
            } else if (strict) {
                return 1;
            }
            if (++kk == box_cols) {
                kk = 0;
                x++;
            }
        }
        if (++rr == box_rows) {
            rr = 0;
            band += box_rows;
        }
    }
    return 0;
}

/* sk_is_solution for 9x9, where the batch's check of every solution is a tenth of an easy
 * puzzle's solve: the same verdict without a branch or an early exit.  Each cell's value
 * becomes one bit of a 16-bit word; a unit is the OR of its 9 words and must be exactly bits
 * 1..9 (9 cells covering 9 bits: each value once).  The columns and the boxes' row triples
 * are ORs of whole rows, fixed-length loops the compiler turns into vector code.  Measured
 * by benchmarks/c/bench_check.c (a pass of checks after fast9's, thread CPU time): 0.05-0.07
 * us a grid at the avx512 level against 0.15-0.21 for the any-size loop below, 0.12-0.18
 * against 0.14-0.27 in the baseline build. */
static int is_solution9(const uint8_t *values, const uint8_t *solution)
{
    uint16_t bit[81];
    unsigned bad = 0;
    for (int c = 0; c < 81; c++) {
        unsigned v = solution[c];
        bad |= (unsigned)(v - 1u > 8u);
        bit[c] = (uint16_t)(1u << (v & 15u));
    }
    if (values)
        for (int c = 0; c < 81; c++)
            bad |= (unsigned)(values[c] != 0 && values[c] != solution[c]);
    uint16_t col[9] = {0}, tri[3][9] = {{0}};
    for (int r = 0; r < 9; r++)
        for (int k = 0; k < 9; k++) {
            col[k] |= bit[9 * r + k];
            tri[r / 3][k] |= bit[9 * r + k];
        }
    unsigned wrong = 0;
    for (int r = 0; r < 9; r++) {
        unsigned row = 0;
        for (int k = 0; k < 9; k++)
            row |= bit[9 * r + k];
        wrong |= row ^ 0x3FEu;
    }
    for (int k = 0; k < 9; k++)
        wrong |= col[k] ^ 0x3FEu;
    for (int t = 0; t < 3; t++)
        for (int j = 0; j < 3; j++)
            wrong |= (unsigned)(tri[t][3 * j] | tri[t][3 * j + 1] | tri[t][3 * j + 2]) ^ 0x3FEu;
    return !(bad | wrong);
}

/* Is solution a complete valid grid that keeps every given of values (NULL: none)? */
int sk_is_solution(int box_rows, int box_cols, const uint8_t *values, const uint8_t *solution)
{
    if (box_rows == 3 && box_cols == 3)
        return is_solution9(values, solution);
    int n = box_rows * box_cols;
    uint64_t full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    uint64_t rows[SK_MAX_SIZE], cols[SK_MAX_SIZE], boxes[SK_MAX_SIZE];
    if (values)
        for (int c = 0; c < n * n; c++)
            if (values[c] && values[c] != solution[c])
                return 0;
    if (mark_units(box_rows, box_cols, solution, 1, rows, cols, boxes))
        return 0;
    for (int u = 0; u < n; u++)
        if (rows[u] != full || cols[u] != full || boxes[u] != full)
            return 0;
    return 1;
}

/* Do two givens (values 1..n; anything else is a blank) share a unit? */
int sk_givens_clash(int box_rows, int box_cols, const uint8_t *values)
{
    uint64_t rows[SK_MAX_SIZE], cols[SK_MAX_SIZE], boxes[SK_MAX_SIZE];
    return mark_units(box_rows, box_cols, values, 0, rows, cols, boxes);
}

/* Does grid break a rule of sh (values outside 1..n count as blanks unless strict)? */
static int geometry_broken(const sk_shape *sh, const uint8_t *grid, int strict)
{
    const int n = sh->n;
    for (int c = 0; c < sh->ncells; c++)
        if (grid[c] < 1 || grid[c] > n) {
            if (strict)
                return 1;
        }
    for (int u = 0; u < sh->nunits; u++) {
        uint64_t seen = 0;
        for (int32_t k = sh->unit_start[u]; k < sh->unit_start[u + 1]; k++) {
            int v = grid[sh->unit_cells[k]];
            if (v < 1 || v > n)
                continue;
            uint64_t b = (uint64_t)1 << (v - 1);
            if (seen & b)
                return 1;
            seen |= b;
        }
    }
    for (int c = 0; c < sh->ncells; c++) {
        int v = grid[c];
        if (v < 1 || v > n)
            continue;
        for (int32_t k = sh->pair_start[c]; k < sh->pair_start[c + 1]; k++)
            if (grid[sh->pair_cells[k]] == v)
                return 1;
        for (int32_t k = sh->link_start[c]; k < sh->link_start[c + 1]; k++) {
            int w = grid[sh->link_cell[k]];
            if (w >= 1 && w <= n && (sh->link_masks[(size_t)k * n + v - 1] >> (w - 1) & 1))
                return 1;
        }
    }
    return 0;
}

int sk_geometry_is_solution(const sk_shape *sh, const uint8_t *values, const uint8_t *solution)
{
    if (values)
        for (int c = 0; c < sh->ncells; c++)
            if (values[c] && values[c] != solution[c])
                return 0;
    return !geometry_broken(sh, solution, 1) && (!sh->nprops || sk_rules_hold(sh, solution));
}

int sk_geometry_clash(const sk_shape *sh, const uint8_t *values)
{
    return geometry_broken(sh, values, 0);
}
