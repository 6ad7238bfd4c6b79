/* logic.h -- what the C twins of sudokit.logic's hot finders share (private).
 *
 * The pure-Python techniques (src/sudokit/logic/techniques/) are the specification: each C
 * finder searches the same candidates in the same order and hands back the raw evidence of
 * the steps its Python twin yields, in that order; Python builds the Step objects (text,
 * evidence dicts) exactly as before.  Only grids of at most LC_MAXC cells (sizes up to
 * 10x10: 4x4, 6x6, 8x8, 9x9 and their variants) are handled here; larger grids stay in
 * Python (sudokit/logic/_cfast.py chooses).
 *
 *   lc_set     a cell set (bit c for cell c) of up to 128 cells: two 64-bit words
 *   lc_geo     one geometry's tables (units in their order, peers with the extra pairs,
 *              rows, cols, boxes/regions, crossings of full units): built once per
 *              geometry by logic_geometry() from the Python Tables, held by a capsule
 *   lc_state   one state's values and candidates (+ vcells[v]: the cells holding v),
 *              built once per state by logic_state(), held by a capsule that keeps its
 *              geometry alive
 *
 * Files: logic_bind.c (the boundary: capsules, validation, method table), logic_als.c
 * (ALS-XZ, ALS-XY-Wing), logic_fish.c (finned and sashimi fish), logic_misc.c (aligned
 * pair exclusion, Sue de Coq, two strong links), logic_dyn.c (the verdicts of the forcing
 * chains' dynamic branches), logic_graph.c (the chains' dense graph, its reach and closure
 * verdicts, the remote pairs' verdict; logic_graph.h) with its users logic_aic.c (the AIC
 * search in one call) and logic_static.c (the static forcing chains).  Kernels trust their
 * input: the binding validated it.
 */
#ifndef SUDOKIT_LOGIC_H
#define SUDOKIT_LOGIC_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define LC_MAXN 10     /* values 1..n */
#define LC_MAXC 128    /* cells */
#define LC_MAXU 128    /* units */
#define LC_MAXX 1024   /* crossings */

typedef struct {
    uint64_t lo, hi;
} lc_set;

#if defined(__GNUC__) || defined(__clang__)
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
#define LC_POP64(x) __builtin_popcountll(x)
#else
/* x86 without -mpopcnt: the builtin is a call into libgcc (a table walk); this inline
 * bit count is several times faster there */
static inline int LC_POP64(uint64_t x)
{
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)(x * 0x0101010101010101ull >> 56);
}
#endif
#define LC_CTZ64(x) __builtin_ctzll(x)
#else
static inline int LC_POP64(uint64_t x)
{
    int k = 0;
    while (x) {
        x &= x - 1;
        k++;
    }
    return k;
}
static inline int LC_CTZ64(uint64_t x)
{
    int k = 0;
    while (!(x & 1)) {
        x >>= 1;
        k++;
    }
    return k;
}
#endif

static const lc_set LC_EMPTY = {0, 0};
static const lc_set LC_ALL = {~(uint64_t)0, ~(uint64_t)0};

static inline lc_set lc_or(lc_set a, lc_set b) { lc_set r = {a.lo | b.lo, a.hi | b.hi}; return r; }
static inline lc_set lc_and(lc_set a, lc_set b) { lc_set r = {a.lo & b.lo, a.hi & b.hi}; return r; }
static inline lc_set lc_andnot(lc_set a, lc_set b) { lc_set r = {a.lo & ~b.lo, a.hi & ~b.hi}; return r; }
static inline int lc_any(lc_set a) { return (a.lo | a.hi) != 0; }
static inline int lc_meets(lc_set a, lc_set b) { return ((a.lo & b.lo) | (a.hi & b.hi)) != 0; }
static inline int lc_within(lc_set a, lc_set b) { return ((a.lo & ~b.lo) | (a.hi & ~b.hi)) == 0; }
static inline int lc_eq(lc_set a, lc_set b) { return a.lo == b.lo && a.hi == b.hi; }
static inline int lc_count(lc_set a) { return LC_POP64(a.lo) + LC_POP64(a.hi); }
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
static inline int lc_first(lc_set a) { return a.lo ? LC_CTZ64(a.lo) : 64 + LC_CTZ64(a.hi); }
/* Remove and return the lowest cell of a non-empty set. */
static inline int lc_pop(lc_set *a)
{
    if (a->lo) {
        int c = LC_CTZ64(a->lo);
        a->lo &= a->lo - 1;
        return c;
    }
    int c = 64 + LC_CTZ64(a->hi);
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
    int b = LC_CTZ64((uint64_t)*m);
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
    unsigned serial;                        /* a number of its own (the probes' memos) */
} lc_geo;

typedef struct {
    const lc_geo *g;
    PyObject *geo_owner;                    /* the geometry capsule (a reference) */
    uint8_t values[LC_MAXC];
    uint16_t cands[LC_MAXC];
    lc_set vcells[LC_MAXN + 1];             /* cells holding v as a candidate */
} lc_state;

/* logic_bind.c: the state of a capsule made by logic_state(), NULL with a TypeError. */
const lc_state *lc_state_of(PyObject *capsule);
/* A Python list of the cells of a set, increasing; NULL on error. */
PyObject *lc_cells_list(lc_set s);
/* A Python list of (cell, value) pairs, by cell then value, of per-value cell sets
 * elim[1..n]; NULL on error. */
PyObject *lc_pairs_list(const lc_set *elim, int n, int ncells);

/* The C twins' verdicts for the ladder's probe (logic_probe3.c): the kinds of finned fish
 * of size k and value v found (bit 0 finned, bit 1 sashimi; logic_fish.c), the kinds of two
 * strong links of value v found (bit 0 skyscraper, 1 two-string kite, 2 turbot fish;
 * logic_misc.c), whether an aligned pair exclusion or a Sue de Coq (cells up to limit a
 * side) removes something. */
unsigned lc_finned_kinds_v(const lc_state *s, int k, int v);
unsigned lc_two_kinds_v(const lc_state *s, int v);
int lc_ape_any(const lc_state *s);
int lc_sdc_any(const lc_state *s, int limit);

/* The finders' bindings (each file's), gathered in logic_bind.c's method table. */
PyObject *lc_py_als(PyObject *self, PyObject *args);
PyObject *lc_py_als_xz(PyObject *self, PyObject *args);
PyObject *lc_py_als_xy(PyObject *self, PyObject *args);
PyObject *lc_py_finned(PyObject *self, PyObject *args);
PyObject *lc_py_ape(PyObject *self, PyObject *args);
PyObject *lc_py_sdc(PyObject *self, PyObject *args);
PyObject *lc_py_dyn(PyObject *self, PyObject *args);
PyObject *lc_py_closure(PyObject *self, PyObject *args);
PyObject *lc_py_two_links(PyObject *self, PyObject *cap);
PyObject *lc_py_reaches(PyObject *self, PyObject *cap);
PyObject *lc_py_dyn_contra(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_common(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_size(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_nishio(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_first(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_branch(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_proof(PyObject *self, PyObject *args);
PyObject *lc_py_probe(PyObject *self, PyObject *args);   /* logic_probe.c */
PyObject *lc_py_placed(PyObject *self, PyObject *cap);   /* logic_probe.c */
PyObject *lc_py_run(PyObject *self, PyObject *args);   /* logic_run.c */
PyObject *lc_py_ur_candidates(PyObject *self, PyObject *args);   /* logic_probe2.c */
PyObject *lc_py_aic(PyObject *self, PyObject *args);         /* logic_aic.c */
PyObject *lc_py_remote_pair(PyObject *self, PyObject *cap);  /* logic_graph.c */
PyObject *lc_py_links_graph(PyObject *self, PyObject *args); /* logic_graph.c */
PyObject *lc_py_static(PyObject *self, PyObject *cap);        /* logic_static.c */
PyObject *lc_py_static_next(PyObject *self, PyObject *args);  /* logic_static.c */
PyObject *lc_py_static_groups(PyObject *self, PyObject *cap); /* logic_static.c */




#endif /* SUDOKIT_LOGIC_H */
