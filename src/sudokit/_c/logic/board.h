/* logic/board.h -- what the C twins of sudokit.logic's finders share: the twin of
 * logic/core/bits.py (cell sets), tables.py (one geometry's tables) and board.py (one
 * state's values and candidates).  No Python here: bind/logic*.c build these from the
 * Python objects and turn the finders' plain results back into them.
 *
 * The pure-Python techniques (src/sudokit/logic/techniques/) are the specification: each C
 * finder searches the same candidates in the same order and hands back the raw evidence of
 * the steps its Python twin yields, in that order; Python builds the Step objects (text,
 * evidence dicts) exactly as before.  Only grids of at most LC_MAXC cells (sizes up to
 * 10x10: 4x4, 6x6, 8x8, 9x9 and their variants) are handled here; larger grids stay in
 * Python (sudokit/logic/_cfast.py chooses).
 *
 *   lc_set     a cell set (bit c for cell c) of up to 128 cells: two 64-bit words
 *                 +--------- lo ---------+--------- hi ---------+
 *                 | cells 0..63 (bit c)  | cells 64..127        |
 *   lc_geo     one geometry's tables (units in their order, peers with the extra pairs,
 *              rows, cols, boxes/regions, crossings of full units, the weak links
 *              between cells of thermometers, dots and negative rules): built once per
 *              geometry by bind/logic.c from the Python Tables
 *   lc_state   one state's values and candidates (cands[c] bit v-1 for value v;
 *              vcells[v]: the cells holding v), built once per state by bind/logic.c
 *   lc_buf     a growing byte buffer of fixed-size records (a finder's output)
 *
 * Files: logic/als.c (ALS-XZ, ALS-XY-Wing), fish.c (finned and sashimi fish), misc.c
 * (aligned pair exclusion, Sue de Coq), patterns.c (two strong links), links.c (the chains'
 * dense graph, its reach and closure; links.h) with its users chains.c (AIC, remote pairs)
 * and forcing.c (the static forcing chains), propagate.c (the dynamic branches of
 * propagate.py; propagate.h) with propagate_record.c (recorded branches, their proofs),
 * probe.c, probe_memo.c, probe_patterns.c (the ladder's probe; probe.h) and run.c (the
 * easy stretch).  Kernels trust their input: the binding validated it.
 */
#ifndef SUDOKIT_LOGIC_H
#define SUDOKIT_LOGIC_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "include/bits.h"

#define LC_MAXN 10     /* values 1..n */
#define LC_MAXC 128    /* cells */
#define LC_MAXU 128    /* units */
#define LC_MAXX 1024   /* crossings */
#define LC_MAXLK 4096  /* the geometry's weak links between cells, each way (Geometry.cell_links) */

typedef struct {
    uint64_t lo, hi;
} lc_set;

static const lc_set LC_EMPTY = {0, 0};
static const lc_set LC_ALL = {~(uint64_t)0, ~(uint64_t)0};

static inline lc_set lc_or(lc_set a, lc_set b) { lc_set r = {a.lo | b.lo, a.hi | b.hi}; return r; }
static inline lc_set lc_and(lc_set a, lc_set b) { lc_set r = {a.lo & b.lo, a.hi & b.hi}; return r; }
static inline lc_set lc_andnot(lc_set a, lc_set b) { lc_set r = {a.lo & ~b.lo, a.hi & ~b.hi}; return r; }
static inline int lc_any(lc_set a) { return (a.lo | a.hi) != 0; }
static inline int lc_meets(lc_set a, lc_set b) { return ((a.lo & b.lo) | (a.hi & b.hi)) != 0; }
static inline int lc_within(lc_set a, lc_set b) { return ((a.lo & ~b.lo) | (a.hi & ~b.hi)) == 0; }
static inline int lc_eq(lc_set a, lc_set b) { return a.lo == b.lo && a.hi == b.hi; }
static inline int lc_count(lc_set a) { return sk_pop64(a.lo) + sk_pop64(a.hi); }
static inline int lc_has(lc_set a, int c) { return (int)((c < 64 ? a.lo >> c : a.hi >> (c - 64)) & 1); }
static inline lc_set lc_bit(int c)
{
    lc_set r = {c < 64 ? (uint64_t)1 << c : 0, c < 64 ? 0 : (uint64_t)1 << (c - 64)};
    return r;
}
static inline void lc_add(lc_set *a, int c)
{
    if (c < 64)
        a->lo |= (uint64_t)1 << c;
    else
        a->hi |= (uint64_t)1 << (c - 64);
}
/* The lowest cell of a non-empty set. */
static inline int lc_first(lc_set a) { return a.lo ? sk_ctz64(a.lo) : 64 + sk_ctz64(a.hi); }
/* Remove and return the lowest cell of a non-empty set. */
static inline int lc_pop(lc_set *a)
{
    if (a->lo) {
        int c = sk_ctz64(a->lo);
        a->lo &= a->lo - 1;
        return c;
    }
    int c = 64 + sk_ctz64(a->hi);
    a->hi &= a->hi - 1;
    return c;
}
/* -1, 0, 1 as Python compares the two sets read as integers. */
static inline int lc_cmp(lc_set a, lc_set b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

static inline int lc_popm(unsigned *m)  /* remove and return the lowest bit index of a mask */
{
    int b = sk_ctz64((uint64_t)*m);
    *m &= *m - 1;
    return b;
}

typedef struct {
    int n, ncells, nunits, nfull, nboxes, ncross, nrows, ncols;
    uint8_t unit_len[LC_MAXU];
    uint8_t unit_cells[LC_MAXU][LC_MAXN];
    lc_set unit_bits[LC_MAXU];
    lc_set peers[LC_MAXC];
    uint8_t full[LC_MAXU];
    uint8_t rows[LC_MAXN], cols[LC_MAXN];   /* unit indices (a rows-and-cols geometry) */
    uint8_t boxes[LC_MAXU];                 /* Tables.boxes, in order */
    uint8_t cross_u[LC_MAXX], cross_v[LC_MAXX];
    lc_set cross_cells[LC_MAXX];
    uint8_t kind[LC_MAXU];                  /* 0 row, 1 col, 2 box or region, 3 other */
    int16_t box_of[LC_MAXC];                /* the box (region) unit of a cell, -1: none */
    /* Geometry.cell_links: cell i's weak links are k = link_at[i] .. link_at[i + 1] - 1,
     * each to cell link_cell[k]; link_mask[k][b] = the values (bit a - 1 for value a) of
     * that cell which i holding value b + 1 excludes.  nlinks = 0: none (peers only). */
    int nlinks;
    uint16_t link_at[LC_MAXC + 1];
    uint8_t link_cell[LC_MAXLK];
    uint16_t link_mask[LC_MAXLK][LC_MAXN];
    unsigned serial;                        /* a number of its own (the probes' memos) */
} lc_geo;

typedef struct {
    const lc_geo *g;
    uint8_t values[LC_MAXC];
    uint16_t cands[LC_MAXC];
    lc_set vcells[LC_MAXN + 1];             /* cells holding v as a candidate */
} lc_state;

/* A growing buffer of records: oom set (and nothing more stored) when memory runs out;
 * the caller frees p. */
typedef struct {
    uint8_t *p;
    size_t len, cap;
    int oom;
} lc_buf;

static inline void lc_put(lc_buf *b, const void *data, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 256;
        while (cap < b->len + n)
            cap *= 2;
        uint8_t *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

/* --- the finders that hand back records (each file's opening comment draws them) ------- */

void lc_finned(const lc_state *s, int k, lc_buf *out);        /* fish.c, 9-byte records */
void lc_ape(const lc_state *s, lc_buf *out);                  /* misc.c, (p, q) pairs */
void lc_sdc(const lc_state *s, int limit, lc_buf *out);       /* misc.c */
void lc_two_links(const lc_state *s, lc_buf *out);            /* patterns.c, 8 bytes each */

/* The C twins' verdicts for the ladder's probe (probe_memo.c): the kinds of finned fish
 * of size k and value v found (bit 0 finned, bit 1 sashimi; fish.c), the kinds of two
 * strong links of value v found (bit 0 skyscraper, 1 two-string kite, 2 turbot fish;
 * patterns.c), whether an aligned pair exclusion or a Sue de Coq (cells up to limit a
 * side) removes something (misc.c). */
unsigned lc_finned_kinds_v(const lc_state *s, int k, int v);
unsigned lc_two_kinds_v(const lc_state *s, int v);
int lc_ape_any(const lc_state *s);
int lc_sdc_any(const lc_state *s, int limit);

#endif /* SUDOKIT_LOGIC_H */
