/* solve/backtrack.c -- the C twin of the pure-Python kernel `backtrack` (_kernels.py) for every
 * geometry with N <= 64: the empty cells in row-major order, each given the values its
 * units, pair peers and weak links still allow, smallest first.  Same counts, same first
 * solution, same node counts, same `stopped` as the specification; no Python objects.
 * (solve/shape.c builds the geometry tables and the work area this kernel runs in.)
 *
 * Representation (arrays of the work area, sk_work in solve/kernels.h)
 * --------------
 *   used[u]      uint64_t per unit: bit v-1 set <=> value v is placed in unit u
 *                (classic: used[row], used[N+col], used[2N+box])
 *   cur[c]       the value of each cell so far, 0 = empty (pairs and links read it)
 *   units_of     classic only: the 3 units of empty cell i at units_of[3i .. 3i+2]
 *
 *   An explicit stack over the empty cells, i its top (no recursion):
 *
 *      i        0        1        2    ...   last
 *      empties  | c0     | c1     | c2     | ... |   the empty cells, row-major
 *      avail    | rem0   | rem1   | rem2   | ... |   values still to try at cell i
 *      placed   | b0     | b1     | 0      | ... |   the value placed now (one bit, 0: none)
 *
 *   A node places the lowest bit of avail[i] and moves on to i + 1 (at last: a solution);
 *   avail[i] empty: back to i - 1.
 */
#include <string.h>

#include "solve/kernels.h"

#define BITLEN(x) (64 - __builtin_clzll(x))   /* x != 0 */

/* The values cell c may take now: not used in its units, not held by a pair peer, not
 * excluded by a linked cell's value (cur[] holds givens and the values placed so far). */
static inline uint64_t allowed(const sk_shape *sh, const uint64_t *used, const uint8_t *cur,
                               int c)
{
    uint64_t taken = 0;
    for (int32_t k = sh->cu_start[c], end = sh->cu_start[c + 1]; k < end; k++)
        taken |= used[sh->cell_units[k]];
    for (int32_t k = sh->pair_start[c], end = sh->pair_start[c + 1]; k < end; k++) {
        int v = cur[sh->pair_cells[k]];
        if (v)
            taken |= (uint64_t)1 << (v - 1);
    }
    for (int32_t k = sh->link_start[c], end = sh->link_start[c + 1]; k < end; k++) {
        int v = cur[sh->link_cell[k]];
        if (v)
            taken |= sh->link_back[(size_t)k * sh->n + v - 1];
    }
    if (sh->nprops)   /* the rules over many cells (solve/rules.c) */
        return sk_rules_allow(sh, cur, c, sh->full & ~taken);
    return sh->full & ~taken;
}

static inline void toggle_used(const sk_shape *sh, uint64_t *used, int c, uint64_t b)
{
    for (int32_t k = sh->cu_start[c], end = sh->cu_start[c + 1]; k < end; k++)
        used[sh->cell_units[k]] ^= b;
}

/* The classic geometry: three units per cell and nothing else, unrolled (the general loop
 * of sk_backtrack below costs ~1.8x on easy 9x9 puzzles).  The same search, node for node.
 * Out of line: inlined, its registers followed the general loop's (8% slower once that loop
 * learned the rules over many cells). */
static __attribute__((noinline)) long long backtrack_classic(const sk_shape *sh, sk_work *w, const uint8_t *values,
                                   long long limit, uint64_t node_limit, uint8_t *solution,
                                   uint64_t *nodes_out, int *stopped, sk_poll *poll)
{
    const int ncells = sh->ncells;
    const uint64_t full = sh->full;
    long long count = 0;
    uint64_t nodes = 0;
    uint64_t *used = w->used;
    memset(used, 0, sizeof(uint64_t) * sh->nunits);
    int32_t *empties = w->empties;
    uint64_t *avail = w->avail, *placed = w->placed;
    int16_t *units_of = w->units_of;
    int nempty = 0;
    for (int c = 0; c < ncells; c++) {
        int v = values[c];
        const int16_t *cu = sh->cell_units + 3 * c;
        if (v) {
            uint64_t b = (uint64_t)1 << (v - 1);
            if ((used[cu[0]] | used[cu[1]] | used[cu[2]]) & b)
                return 0;
            used[cu[0]] |= b;
            used[cu[1]] |= b;
            used[cu[2]] |= b;
        } else {
            units_of[3 * nempty] = cu[0];
            units_of[3 * nempty + 1] = cu[1];
            units_of[3 * nempty + 2] = cu[2];
            empties[nempty++] = c;
        }
    }
    int last = nempty - 1;
    if (last < 0) {
        if (solution)
            memcpy(solution, values, ncells);
        return 1;
    }
    for (int i = 0; i <= last; i++)
        placed[i] = 0;
    avail[0] = full & ~(used[units_of[0]] | used[units_of[1]] | used[units_of[2]]);
    int i = 0;
    while (i >= 0) {
        const int16_t *u = units_of + 3 * i;
        uint64_t b = placed[i];
        if (b) {
            used[u[0]] ^= b;
            used[u[1]] ^= b;
            used[u[2]] ^= b;
            placed[i] = 0;
        }
        uint64_t a = avail[i];
        if (!a) {
            i--;
            continue;
        }
        b = a & (~a + 1);
        avail[i] = a ^ b;
        if (node_limit > 0 && nodes >= node_limit) {
            *stopped = 1;
            break;
        }
        nodes++;
        if (sk_poll_stop(poll, nodes)) {
            *nodes_out = nodes;
            return SK_INTERRUPTED;
        }
        used[u[0]] |= b;
        used[u[1]] |= b;
        used[u[2]] |= b;
        placed[i] = b;
        if (i == last) {
            if (count == 0 && solution) {
                memcpy(solution, values, ncells);
                for (int j = 0; j <= last; j++)
                    solution[empties[j]] = (uint8_t)BITLEN(placed[j]);
            }
            count++;
            if (limit > 0 && count >= limit)
                break;
            continue;
        }
        i++;
        u = units_of + 3 * i;
        avail[i] = full & ~(used[u[0]] | used[u[1]] | used[u[2]]);
    }
    *nodes_out = nodes;
    return count;
}

long long sk_backtrack(const sk_shape *sh, sk_work *w, const uint8_t *values, long long limit,
                       uint64_t node_limit, uint8_t *solution, uint64_t *nodes_out, int *stopped,
                       sk_poll *poll)
{
    const int ncells = sh->ncells;
    long long count = 0;
    uint64_t nodes = 0;
    *stopped = 0;
    *nodes_out = 0;
    if (!sk_work_cells(w, ncells, sh->nunits))
        return -1;
    if (sh->classic)
        return backtrack_classic(sh, w, values, limit, node_limit, solution, nodes_out, stopped,
                                 poll);
    uint64_t *used = w->used;
    uint8_t *cur = w->cur;
    memset(used, 0, sizeof(uint64_t) * sh->nunits);
    memset(cur, 0, (size_t)ncells);
    int32_t *empties = w->empties;
    uint64_t *avail = w->avail, *placed = w->placed;
    int nempty = 0;
    for (int c = 0; c < ncells; c++) {
        int v = values[c];
        if (v) {
            uint64_t b = (uint64_t)1 << (v - 1);
            if (!(allowed(sh, used, cur, c) & b))
                return 0;
            toggle_used(sh, used, c, b);
            cur[c] = (uint8_t)v;
        } else {
            empties[nempty++] = c;
        }
    }
    int last = nempty - 1;
    if (last < 0) {
        if (solution)
            memcpy(solution, values, ncells);
        return 1;
    }
    for (int i = 0; i <= last; i++)
        placed[i] = 0;
    avail[0] = allowed(sh, used, cur, empties[0]);
    int i = 0;
    while (i >= 0) {
        int c = empties[i];
        uint64_t b = placed[i];
        if (b) {
            toggle_used(sh, used, c, b);
            cur[c] = 0;
            placed[i] = 0;
        }
        uint64_t a = avail[i];
        if (!a) {
            i--;
            continue;
        }
        b = a & (~a + 1);
        avail[i] = a ^ b;
        if (node_limit > 0 && nodes >= node_limit) {
            *stopped = 1;
            break;
        }
        nodes++;
        if (sk_poll_stop(poll, nodes)) {
            *nodes_out = nodes;
            return SK_INTERRUPTED;
        }
        toggle_used(sh, used, c, b);
        cur[c] = (uint8_t)BITLEN(b);
        placed[i] = b;
        if (i == last) {
            if (count == 0 && solution)
                memcpy(solution, cur, ncells);
            count++;
            if (limit > 0 && count >= limit)
                break;
            continue;
        }
        i++;
        avail[i] = allowed(sh, used, cur, empties[i]);
    }
    *nodes_out = nodes;
    return count;
}
