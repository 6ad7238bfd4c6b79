/* solve/fast9.c -- band-based bitboard solver for 9x9 Sudoku (plain C99).
 *
 * Ideas from JCZSolve (zhouyundong_2012, champagne, JasonLion) and its Rust
 * port in Emerentius/sudoku; the code and tables here are written afresh.
 *
 * ---------------------------------------------------------------- data --
 *
 * The grid is cut into 3 bands of 3 rows.  A band has 27 cells, one bit
 * each, row by row:
 *
 *          col 0  1  2   3  4  5   6  7  8
 *   row 0    [ 0  1  2 |  3  4  5 |  6  7  8 ]   bits  0.. 8
 *   row 1    [ 9 10 11 | 12 13 14 | 15 16 17 ]   bits  9..17
 *   row 2    [18 19 20 | 21 22 23 | 24 25 26 ]   bits 18..26
 *               box 0      box 1      box 2
 *
 * cell = 27*band + bit.  Three adjacent bits of one row inside one box form
 * a *minirow*; a band has 9 minirows (3 rows x 3 boxes).
 *
 *   cand[value*3 + band]   27-bit word: cells of the band where `value`
 *                          (0-based) is still a candidate ("subband").
 *                          27 words; a solved cell keeps its own bit.
 *   prev[27]               cand as it was when last refined: a subband is
 *                          refined again only when cand != prev.
 *   unsolved[band]         27-bit word of cells not yet solved.
 *   pairs[band]            cells with exactly 2 candidates (guess targets),
 *                          fresh after each naked-single pass.
 *
 * Rejected: one 9-bit candidate mask per cell (Norvig-style) -- every
 * elimination then touches up to 20 peers one by one, and "where can value
 * v go in this unit" needs a gather; here it is a single word.  Rejected too:
 * 81-bit bitboards per value as 128-bit words -- the band split makes all
 * row/box logic local to one 32-bit word and keeps the code portable.
 *
 * ----------------------------------------------------------- algorithm --
 *
 * refine(subband): for one value in one band,
 *  1. shrink each 9-bit row to 3 bits "minirow not empty" -> a 3x3 matrix
 *     `seg` (row r, box k).  The value sits once in each row and once in
 *     each box of the band, so its minirows form a permutation matrix.
 *     COMPLEX[seg] is the union of the 6 permutation matrices that fit in
 *     seg, blown up to cells; 0 means no placement fits (contradiction).
 *     This one lookup does pointing and claiming (locked candidates) inside
 *     the band, box-hidden singles, and detects empty rows/boxes.
 *  2. if inside a box the value is left in one column only, that column
 *     is removed from the same value's other two bands (COLKEEP).  This is
 *     also what keeps a value once per column.
 *  3. a row left with one cell is a solved cell (hidden single in the row;
 *     a box-hidden single shows up here too after step 1): mark it solved
 *     and remove it from the other 8 values' subbands of the band.
 * settle: refine every subband that changed, until nothing changes.
 * naked singles: per band, count candidates per cell with three bitwise
 *     accumulators (>=1, >=2, >=3); a cell with none is a contradiction, a
 *     cell with exactly one is placed, cells with exactly two are kept as
 *     guess targets.  Placing value v at a cell only removes v from the
 *     rest of its row; settle derives all the rest.
 * column claims: only when the above is stuck, a value whose column has
 *     it in one band only must sit in that column of the band's box, so
 *     the box's other two columns drop it (CLAIMKEEP); a column single is
 *     the special case of one cell left.  With COMPLEX (rows/boxes inside a
 *     band) and COLKEEP (box to column) this completes locked candidates.
 *     Replacing plain column singles by it (2026-11-23): 9-11% fewer
 *     guesses on the hard sets, 1.04-1.09x faster there, the same on 17-clue.
 * guess: on the bivalue cell with the most unsolved cells in its row and
 *     box (ties: first in band order; the max of a packed key without a
 *     branch: 1.05x on hardest 1106 against the compare-and-branch loop); if no cell is bivalue, on the
 *     unsolved cell with the fewest candidates.  Values in increasing
 *     order; every alternative but the last runs on a copy of the board
 *     (60 words, on the C stack: recursion depth <= 81), the last in place.
 *
 * Termination: every step clears at least one candidate bit (at a settle
 * fixpoint a row holding a single cell is already marked solved, so
 * placing on an unsolved cell always removes something), so propagation
 * cannot loop and each guess level solves at least one more cell.
 *
 * Measured dead ends and what paid (details in
 * benchmarks/c/RESULTS-fast9.md):
 *  - `if (solved)` around the 8-value elimination in refine: 5-15% slower
 *    than doing the 9 ANDs every time (the branch is unpredictable).
 *  - refining subbands band-major instead of value-major: ~3% slower.
 *  - guessing the first bivalue cell (JCZSolve's choice): 1.4-1.7x the
 *    guesses of the busiest one, and slower on every set.  Scoring by column
 *    peers in the other bands too: 0.5% fewer guesses, slower overall.
 *  - gcc's SLP vectoriser packs column_claims' three band updates into
 *    16-byte vectors, which made it 1.1x slower overall on the hard sets:
 *    switched off for that one function (for the whole file: slower).
 *  - branching on a value-in-band with two permutations left (tdoku-style
 *    configuration branching) when no cell is bivalue: 1-2% fewer guesses,
 *    within noise in time; first instead of bivalue cells: 1.6x the guesses.
 *    Ordering the two values of the guess cell by how many peers hold them
 *    (either way): within noise.
 *  - triads (a minirow holds exactly 3 values: fewer reachable is a
 *    contradiction, exactly 3 lock, 3 locked clear the rest), run when
 *    stuck: 4-16% fewer guesses but 1.1-1.15x slower on the hard sets.
 *  - the stack version of COMPLEX (a value's (box, column) matrix in a stack
 *    is a permutation) instead of column claims: exactly the same guesses on
 *    all three sets, 1.05-1.1x slower.
 *  - scoring the bivalue cell by its unsolved plus its bivalue peers (row
 *    and box): 3-5% fewer guesses, time mixed (top1465 1.03-1.06x faster,
 *    forum_hardest counting 1.04x slower).
 *  - (2026-12-02, issue #32, against main's kernel in the same run, thread CPU
 *    time, the avx512 and baseline builds) settle driven by a 27-bit mask of
 *    the changed subbands (compared all at once, then refined bit by bit with
 *    the subband's index a variable): the same fixpoint and guesses, 1.1-1.25x
 *    slower.  Skipping a value's 3 subbands on one test when none changed:
 *    1.08-1.25x slower.  The REFINE chain of 27 tests is well predicted.
 *  - (same) naked singles reading a single's value from 4 bit planes instead
 *    of a loop over the 9 values: 0.94-1.05x, within noise; not kept.
 *  - (same) the whole file without gcc's SLP vectoriser at the avx512 level:
 *    0.87-0.97x.
 *  - no SIMD: the state is 27 independent 32-bit words and the hot path is
 *    table lookups; -march=native (AVX-512, popcnt, BMI2) measured within
 *    noise of the portable -O3 build, so there is no intrinsic anywhere.  This
 *    file is compiled again for AVX2 and AVX-512 (isa/isa.h): 1-6% faster
 *    there (benchmarks/README.md, "Instruction levels").  One function has a
 *    form of its own at those levels (#ifdef SK_ISA_SUFFIX): column_claims,
 *    plain C that gcc vectorises there and that is slower with SSE2 only.
 *
 * All lookup tables are `static const` and computed by the preprocessor,
 * so there is no init function and no mutable global: thread-safe.
 */
#include "solve/fast9.h"

#include "include/bits.h"

#include <stddef.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define F9_INLINE static inline __attribute__((always_inline))
#define F9_NOINLINE static __attribute__((noinline))
#define F9_CTZ(x) ((int)__builtin_ctz(x))
#else
#define F9_INLINE static inline
#define F9_NOINLINE static
static int f9_ctz(uint32_t x)
{
    int n = 0;
    while (!(x & 1u)) { x >>= 1; n++; }
    return n;
}
#define F9_CTZ(x) f9_ctz(x)
#endif

#define ALL27 0x7FFFFFFu
#define ROW9 0x1FFu

/* ------------------------------------------------------------ tables -- */
/* Each table has 512 entries indexed by a 9-bit mask; the T512 macro
 * expands an entry formula F(n) for n = 0..511. */
#define T4(F, n) F(n), F((n) + 1), F((n) + 2), F((n) + 3)
#define T16(F, n) T4(F, n), T4(F, (n) + 4), T4(F, (n) + 8), T4(F, (n) + 12)
#define T64(F, n) T16(F, n), T16(F, (n) + 16), T16(F, (n) + 32), T16(F, (n) + 48)
#define T512(F) T64(F, 0), T64(F, 64), T64(F, 128), T64(F, 192), \
                T64(F, 256), T64(F, 320), T64(F, 384), T64(F, 448)

/* SHRINK[row bits] -> 3 bits: which of the row's 3 minirows are not empty */
#define SHRINK_F(x) ((((x) & 7) != 0) | ((((x) >> 3) & 7) != 0) << 1 | \
                     ((((x) >> 6) & 7) != 0) << 2)
static const uint8_t SHRINK[512] = {T512(SHRINK_F)};

/* COMPLEX[seg] -> 27-bit mask of the cells kept.  seg bit 3*r+k = minirow
 * (row r, box k) not empty.  The 6 permutation matrices, in octal (one
 * digit per row, bit k of the digit = box k):
 *   0421 0241 0412 0142 0214 0124                                        */
#define PM(s, m) ((((s) & (m)) == (m)) ? (m) : 0)
#define PERMS(s) (PM(s, 0421) | PM(s, 0241) | PM(s, 0412) | \
                  PM(s, 0142) | PM(s, 0214) | PM(s, 0124))
/* minirow bit j -> cells 3j..3j+2 */
#define BLOW(a) ((((a) >> 0) & 1u) * (7u << 0) | (((a) >> 1) & 1u) * (7u << 3) | \
                 (((a) >> 2) & 1u) * (7u << 6) | (((a) >> 3) & 1u) * (7u << 9) | \
                 (((a) >> 4) & 1u) * (7u << 12) | (((a) >> 5) & 1u) * (7u << 15) | \
                 (((a) >> 6) & 1u) * (7u << 18) | (((a) >> 7) & 1u) * (7u << 21) | \
                 (((a) >> 8) & 1u) * (7u << 24))
#define COMPLEX_F(s) BLOW((unsigned)PERMS(s))
static const uint32_t COMPLEX[512] = {T512(COMPLEX_F)};

/* COLKEEP[columns of the band still used by a value] -> 27-bit mask to keep
 * in the value's other two bands: a box using a single column claims it. */
#define ONEOF3(t) (((t) == 1 || (t) == 2 || (t) == 4) ? (t) : 0)
#define CLAIMED(c) (ONEOF3((c) & 7) | ONEOF3(((c) >> 3) & 7) << 3 | \
                    ONEOF3(((c) >> 6) & 7) << 6)
#define COLKEEP_F(c) (ALL27 & ~((uint32_t)CLAIMED(c) * 0x40201u))
static const uint32_t COLKEEP[512] = {T512(COLKEEP_F)};

/* CLAIMKEEP[columns where the value is left in this band only] -> 27-bit
 * mask to keep in this band: a box holding such a column keeps only it. */
#define BOXCOLS(m, k) ((((m) >> (3 * (k))) & 7u) ? ((~((m) >> (3 * (k))) & 7u) << (3 * (k))) : 0u)
#define CLAIMDROP(m) (BOXCOLS(m, 0) | BOXCOLS(m, 1) | BOXCOLS(m, 2))
#define CLAIMKEEP_F(m) (ALL27 & ~((uint32_t)CLAIMDROP(m) * 0x40201u))
#ifndef SK_ISA_SUFFIX
static const uint32_t CLAIMKEEP[512] = {T512(CLAIMKEEP_F)};
#endif

/* ONE9[row bits] -> the row bits if exactly one is set, else 0 */
#define ONE9_F(x) (((x) != 0 && ((x) & ((x) - 1)) == 0) ? (x) : 0)
static const uint16_t ONE9[512] = {T512(ONE9_F)};

/* ------------------------------------------------------------- board -- */
typedef struct {
    uint32_t cand[27];    /* value*3 + band */
    uint32_t prev[27];
    uint32_t unsolved[3];
    uint32_t pairs[3];
} board;

typedef struct {
    long long limit;
    long long count;
    int stopped;
    int interrupted;       /* poll said stop (stopped is set too, to unwind) */
    sk_poll *poll;
    uint64_t node_limit;   /* 0 = unlimited */
    uint64_t guesses;
    uint8_t *solution;
} search_ctx;

/* row of `bit` (a single band bit) as a 27-bit mask */
F9_INLINE uint32_t row_of(uint32_t bit)
{
    return bit <= ROW9 ? ROW9 : bit <= (ROW9 << 9) ? (ROW9 << 9) : (ROW9 << 18);
}

/* value of subband i goes to `bit`: drop the value from the rest of the
 * row; refine() then does every other consequence. */
F9_INLINE void place(board *s, int i, uint32_t bit)
{
    s->cand[i] &= ~(row_of(bit) ^ bit);
}

/* Refine subband i (steps 1-3 above).  Returns 0 on a contradiction. */
F9_INLINE int refine(board *s, const int i)
{
    const int d = i / 3, b = i % 3;
    uint32_t f = s->cand[i];
    uint32_t seg = SHRINK[f & ROW9] | (uint32_t)SHRINK[(f >> 9) & ROW9] << 3 |
                   (uint32_t)SHRINK[f >> 18] << 6;
    f &= COMPLEX[seg];
    if (!f)
        return 0;
    s->cand[i] = s->prev[i] = f;
    uint32_t keep = COLKEEP[(f | f >> 9 | f >> 18) & ROW9];
    s->cand[d * 3 + (b + 1) % 3] &= keep;
    s->cand[d * 3 + (b + 2) % 3] &= keep;
    uint32_t solved = ((uint32_t)ONE9[f & ROW9] | (uint32_t)ONE9[(f >> 9) & ROW9] << 9 |
                       (uint32_t)ONE9[f >> 18] << 18) & s->unsolved[b];
    /* no `if (solved)`: the branch is unpredictable, the 9 ANDs are cheap
     * (measured 5-15% faster without it) */
    s->unsolved[b] &= ~solved;
    for (int e = 0; e < 9; e++)
        if (e != d)
            s->cand[e * 3 + b] &= ~solved;
    return 1;
}

#define REFINE(i) \
    if (s->cand[i] != s->prev[i]) { changed = 1; if (!refine(s, i)) return 0; }

/* Refine until nothing changes.  Returns 0 on a contradiction. */
static int settle(board *s)
{
    int changed;
    do {
        changed = 0;
        REFINE(0) REFINE(1) REFINE(2) REFINE(3) REFINE(4) REFINE(5)
        REFINE(6) REFINE(7) REFINE(8) REFINE(9) REFINE(10) REFINE(11)
        REFINE(12) REFINE(13) REFINE(14) REFINE(15) REFINE(16) REFINE(17)
        REFINE(18) REFINE(19) REFINE(20) REFINE(21) REFINE(22) REFINE(23)
        REFINE(24) REFINE(25) REFINE(26)
    } while (changed);
    return 1;
}

/* The first pass after setup, where every subband is new (prev is 0): all 27
 * refined without settle's tests, which the branch predictor, trained on the
 * later passes where most subbands are unchanged, gets wrong here.  Returns 0
 * on a contradiction (also for a subband emptied before its turn, which
 * settle would skip, prev being 0 too, and naked_singles would catch); settle()
 * goes on from there.  At the avx2/avx512 levels only (SK_ISA_SUFFIX): there
 * serg 1.11-1.28x and hardest 1106 1.02-1.14x (10 alternations, bench_fast9),
 * in the baseline build 0.87-0.93x on serg: the portable build does without. */
#ifdef SK_ISA_SUFFIX
F9_NOINLINE int first_pass(board *s)
{
#define FIRST(i) if (!refine(s, i)) return 0;
    FIRST(0) FIRST(1) FIRST(2) FIRST(3) FIRST(4) FIRST(5) FIRST(6) FIRST(7) FIRST(8)
    FIRST(9) FIRST(10) FIRST(11) FIRST(12) FIRST(13) FIRST(14) FIRST(15) FIRST(16)
    FIRST(17) FIRST(18) FIRST(19) FIRST(20) FIRST(21) FIRST(22) FIRST(23) FIRST(24)
    FIRST(25) FIRST(26)
#undef FIRST
    return 1;
}
#else
#define first_pass(s) 1
#endif

/* Place every naked single; refresh pairs.  Returns -1 on a contradiction,
 * 0 if there was no single, 1 if some were placed. */
static int naked_singles(board *s)
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t c1 = 0, c2 = 0, c3 = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = s->cand[d * 3 + b];
            c3 |= c2 & x;
            c2 |= c1 & x;
            c1 |= x;
        }
        if (c1 != ALL27)
            return -1;
        s->pairs[b] = c2 & ~c3;
        uint32_t single = c1 & ~c2 & s->unsolved[b];
        while (single) {
            uint32_t bit = single & (0u - single);
            single ^= bit;
            int d = 0;
            while (d < 9 && !(s->cand[d * 3 + b] & bit))
                d++;
            if (d == 9)     /* emptied by a single placed just before */
                return -1;
            place(s, d * 3 + b, bit);
            placed = 1;
        }
    }
    return placed;
}

/* Column claiming: a value left in one band only in some column must sit
 * there, so the box of that column drops the value from its other columns
 * (a column single is a special case).  Run only when settle and naked
 * singles are stuck.  Returns -1 on a contradiction (a column without the
 * value), 1 if anything changed, else 0.
 *
 * Two forms, the same results.  The baseline build: a value at a time, CLAIMKEEP looked
 * up.  The avx2 and avx512 levels (isa/, which define SK_ISA_SUFFIX): fixed-length loops
 * over all 27 subbands, the kept columns computed instead of looked up, no branch, which
 * gcc turns into vector code: 1.02-1.05x on hardest 1106 there, but 0.96-0.99x in the
 * baseline build (SSE2), hence the two. */
#ifndef SK_ISA_SUFFIX
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-slp-vectorize")))
#endif
static int column_claims(board *s)
{
    int changed = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t *w = s->cand + d * 3;
        uint32_t c0 = (w[0] | w[0] >> 9 | w[0] >> 18) & ROW9;
        uint32_t c1 = (w[1] | w[1] >> 9 | w[1] >> 18) & ROW9;
        uint32_t c2 = (w[2] | w[2] >> 9 | w[2] >> 18) & ROW9;
        if ((c0 | c1 | c2) != ROW9)
            return -1;
        uint32_t n0 = w[0] & CLAIMKEEP[c0 & ~(c1 | c2)];
        uint32_t n1 = w[1] & CLAIMKEEP[c1 & ~(c0 | c2)];
        uint32_t n2 = w[2] & CLAIMKEEP[c2 & ~(c0 | c1)];
        changed |= (n0 != w[0]) | (n1 != w[1]) | (n2 != w[2]);
        w[0] = n0; w[1] = n1; w[2] = n2;
    }
    return changed;
}
#else
static int column_claims(board *s)
{
    uint32_t fold[27], only[27], bad = 0, changed = 0;
    for (int i = 0; i < 27; i++)
        fold[i] = (s->cand[i] | s->cand[i] >> 9 | s->cand[i] >> 18) & ROW9;
    for (int d = 0; d < 9; d++) {
        uint32_t c0 = fold[3 * d], c1 = fold[3 * d + 1], c2 = fold[3 * d + 2];
        bad |= (c0 | c1 | c2) ^ ROW9;
        only[3 * d] = c0 & ~(c1 | c2);
        only[3 * d + 1] = c1 & ~(c0 | c2);
        only[3 * d + 2] = c2 & ~(c0 | c1);
    }
    for (int i = 0; i < 27; i++) {
        uint32_t m = only[i], drop = 0;
        for (int k = 0; k < 3; k++) {
            uint32_t t = (m >> (3 * k)) & 7u;
            drop |= (0u - ((t + 7u) >> 3)) & (~t & 7u) << (3 * k);  /* box k claims: keep t */
        }
        uint32_t n = s->cand[i] & ~(drop * 0x40201u);
        changed |= n ^ s->cand[i];
        s->cand[i] = n;
    }
    return bad ? -1 : changed != 0;
}
#endif

/* settle + naked singles + column claims until stuck.
 * Returns 0 on a contradiction. */
static int propagate(board *s)
{
    for (;;) {
        if (!settle(s))
            return 0;
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2]))
            return 1;
        int r = naked_singles(s);
        if (r < 0)
            return 0;
        if (r == 0) {
            r = column_claims(s);
            if (r < 0)
                return 0;
            if (r == 0)
                return 1;
        }
    }
}

/* 8 bits to the low bit of 8 bytes (bit j -> byte j): the low 7 by one multiply whose 7
 * products land on distinct bits, the 8th by a shift. */
#define SPREAD8(x) (((((x) & 0x7Full) * 0x40810204081ull) & 0x0101010101010101ull) | \
                    (((x) & 0x80ull) << 49))

/* Write the solved board's values, 81 bytes.  The 4 bits of the values as 4 bit planes
 * over the 81 cells (a value's 3 subbands OR-ed into the planes of its set bits), then 8
 * cells a step: no loop over the cells' bits (the bit loop it replaces ended 27 times
 * on an unpredictable branch). */
static void extract(const board *s, uint8_t *out)
{
    uint64_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
    for (unsigned d = 0; d < 9; d++) {
        const uint32_t *w = s->cand + 3 * d;
        uint64_t l = w[0] | (uint64_t)w[1] << 27 | (uint64_t)w[2] << 54, h = w[2] >> 10;
        for (unsigned k = 0; k < 4; k++) {
            uint64_t on = 0u - (uint64_t)((d + 1) >> k & 1u);
            lo[k] |= l & on;
            hi[k] |= h & on;
        }
    }
    uint8_t buf[88];
    for (int j = 0; j < 11; j++) {
        uint64_t bytes = 0;
        for (unsigned k = 0; k < 4; k++) {
            uint64_t x = (j < 8 ? lo[k] >> (8 * j) : hi[k] >> (8 * (j - 8))) & 0xFFu;
            bytes |= SPREAD8(x) << k;
        }
        for (int t = 0; t < 8; t++)
            buf[8 * j + t] = (uint8_t)(bytes >> (8 * t));
    }
    memcpy(out, buf, 81);
}

/* Cells of a band sharing a row or a box with band bit p (p included). */
#define ROWBOX(p) ((ROW9 << ((p) / 9 * 9)) | (0x1C0E07u << ((p) % 9 / 3 * 3)))
static const uint32_t ROWBOX27[27] = {
    ROWBOX(0), ROWBOX(1), ROWBOX(2), ROWBOX(3), ROWBOX(4), ROWBOX(5), ROWBOX(6),
    ROWBOX(7), ROWBOX(8), ROWBOX(9), ROWBOX(10), ROWBOX(11), ROWBOX(12), ROWBOX(13),
    ROWBOX(14), ROWBOX(15), ROWBOX(16), ROWBOX(17), ROWBOX(18), ROWBOX(19), ROWBOX(20),
    ROWBOX(21), ROWBOX(22), ROWBOX(23), ROWBOX(24), ROWBOX(25), ROWBOX(26)};

/* The guess cell among the bivalue cells: the one with the most unsolved
 * cells in its row and box (a guess there settles the most).  Ties: the
 * first in band order.  The first bivalue cell costs 1.4-1.7x the
 * guesses. */
F9_INLINE void busiest_pair(const board *s, int *band, uint32_t *cellbit)
{
    /* key: score, then the earlier band and bit win ties; a max without a branch */
    uint32_t best = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t m = s->pairs[b], u = s->unsolved[b];
        while (m) {
            int p = F9_CTZ(m);
            m &= m - 1;
            uint32_t key = (uint32_t)sk_pop32(u & ROWBOX27[p]) << 7 |
                           (uint32_t)(3 - b) << 5 | (uint32_t)(31 - p);
            best = key > best ? key : best;
        }
    }
    *band = 3 - (int)((best >> 5) & 3);
    *cellbit = 1u << (31 - (best & 31));
}

/* The guess cell when no cell is bivalue: fewest candidates. */
F9_NOINLINE void fewest_cell(const board *s, int *band, uint32_t *cellbit)
{
    int best = 99;
    for (int b = 0; b < 3; b++) {
        uint32_t m = s->unsolved[b];
        while (m) {
            int p = F9_CTZ(m);
            m &= m - 1;
            int n = 0;
            for (int d = 0; d < 9; d++)
                n += (int)((s->cand[d * 3 + b] >> p) & 1u);
            if (n < best) {
                best = n;
                *band = b;
                *cellbit = 1u << p;
            }
        }
    }
}

static void search(search_ctx *c, board *s)
{
    for (;;) {
        if (!propagate(s))
            return;
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
            if (c->count++ == 0 && c->solution)
                extract(s, c->solution);
            return;
        }
        int b = 0;
        uint32_t bit = 0;
        if (s->pairs[0] | s->pairs[1] | s->pairs[2])
            busiest_pair(s, &b, &bit);
        else
            fewest_cell(s, &b, &bit);
        uint32_t values = 0;
        for (int d = 0; d < 9; d++)
            if (s->cand[d * 3 + b] & bit)
                values |= 1u << d;
        if (!values)
            return;
        /* every alternative but the last, on a copy */
        while (values & (values - 1)) {
            int d = F9_CTZ(values);
            values &= values - 1;
            if (c->node_limit && c->guesses >= c->node_limit) {
                c->stopped = 1;
                return;
            }
            c->guesses++;
            if (sk_poll_stop(c->poll, c->guesses)) {
                c->interrupted = c->stopped = 1;
                return;
            }
            board t = *s;
            place(&t, d * 3 + b, bit);
            search(c, &t);
            if (c->count >= c->limit || c->stopped)
                return;
        }
        /* the last one in place */
        if (c->node_limit && c->guesses >= c->node_limit) {
            c->stopped = 1;
            return;
        }
        c->guesses++;
        if (sk_poll_stop(c->poll, c->guesses)) {
            c->interrupted = c->stopped = 1;
            return;
        }
        place(s, F9_CTZ(values) * 3 + b, bit);
    }
}

/* 8 bytes as a little-endian word (one load where the compiler sees the pattern). */
F9_INLINE uint64_t load_le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* Bit 0 of each of 8 bytes, gathered into 8 bits (byte j -> bit j): the 8 products of the
 * multiply land on distinct bits, the top byte holding them in order. */
#define GATHER8(x) ((((x) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56)

/* Load the givens: each value's subband is the band's empty cells outside the rows where
 * the value is given, plus its givens.  Built as whole words, with no branch on the cells:
 * the 4 bits of the 81 values are gathered into 4 bit planes (8 cells a multiply), a value's
 * givens are where the planes spell it.  (The loop over the givens it replaces, a branch
 * per cell and 9 stores per given, was 7-9% of an easy puzzle's time.)  What this leaves
 * for settle() is what placing the givens one by one left: a given is solved by settle
 * (its row holds one cell for its value), and two equal givens in one row (each cell left
 * with one value, the row with two cells for it) make a contradiction there or in
 * naked_singles.  Returns 0 if a byte is above 15 (the caller promises 0..9; 10..15 leave
 * a cell without a value: a contradiction too). */
static int setup(board *s, const uint8_t *values)
{
    uint8_t buf[88];
    memcpy(buf, values, 81);
    memset(buf + 81, 0, 7);
    uint64_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0}, high = 0;
    for (int j = 0; j < 11; j++) {
        uint64_t x = load_le64(buf + 8 * j);
        high |= x & 0xF0F0F0F0F0F0F0F0ull;
        for (int k = 0; k < 4; k++) {
            uint64_t g = GATHER8(x >> k);
            if (j < 8)
                lo[k] |= g << (8 * j);
            else
                hi[k] |= g << (8 * (j - 8));
        }
    }
    if (high)
        return 0;
    for (int b = 0; b < 3; b++) {
        uint32_t pl[4];
        for (int k = 0; k < 4; k++)
            pl[k] = (uint32_t)(b == 0 ? lo[k] : b == 1 ? lo[k] >> 27 : lo[k] >> 54 | hi[k] << 10)
                    & ALL27;
        const uint32_t empty = ~(pl[0] | pl[1] | pl[2] | pl[3]) & ALL27;
        for (unsigned v = 1; v <= 9; v++) {
            uint32_t g = (v & 1 ? pl[0] : ~pl[0]) & (v & 2 ? pl[1] : ~pl[1]) &
                         (v & 4 ? pl[2] : ~pl[2]) & (v & 8 ? pl[3] : ~pl[3]) & ALL27;
            uint32_t rows = ((g & ROW9) ? ROW9 : 0) | ((g & (ROW9 << 9)) ? ROW9 << 9 : 0) |
                            ((g & (ROW9 << 18)) ? ROW9 << 18 : 0);
            s->cand[(v - 1) * 3 + b] = (empty & ~rows) | g;
        }
        s->unsolved[b] = ALL27;
        s->pairs[b] = 0;
    }
    for (int i = 0; i < 27; i++)
        s->prev[i] = 0;
    return 1;
}

long long sk_fast9_solve(const uint8_t *values, long long limit, uint64_t node_limit,
                         uint8_t *solution, uint64_t *guesses, int *stopped, sk_poll *poll)
{
    search_ctx c;
    board s;
    c.limit = limit < 1 ? 1 : limit;
    c.count = 0;
    c.stopped = 0;
    c.interrupted = 0;
    c.poll = poll;
    c.node_limit = node_limit;
    c.guesses = 0;
    c.solution = solution;
    if (setup(&s, values) && first_pass(&s))
        search(&c, &s);
    if (guesses)
        *guesses = c.guesses;
    if (stopped)
        *stopped = c.stopped;
    return c.interrupted ? SK_INTERRUPTED : c.count;
}
