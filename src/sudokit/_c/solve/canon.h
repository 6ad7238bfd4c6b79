/* solve/canon.h -- the canonical form of a 9x9 Sudoku grid (plain C99, no Python).
 *
 * The C twin of sudokit.symmetry.canonical for 3x3 boxes: the lexicographically smallest
 * image of the grid under the whole validity-preserving group (relabelling, transposition,
 * rows within bands, bands, cols within stacks, stacks), the blank ordered after every
 * value.  Same answer as the Python search for every input: puzzles, complete grids and
 * illegal grids (givens that clash).  The algorithm is explained at the top of solve/canon.c.
 *
 * Thread safety: no mutable global state; the tables are `static const`.  Any number of
 * threads may call these functions at once (the binding calls them with the GIL released).
 */
#ifndef SUDOKIT_CANON_H
#define SUDOKIT_CANON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* in: 81 bytes, row-major, 0 = blank, 1..9 = given; the caller guarantees every byte is
 *   0..9 (larger bytes are undefined behaviour: validate at the boundary).
 * out: 81 bytes, the canonical form, 0 = blank (out may not overlap in).
 * Returns 0, or -1 if memory ran out (only grids with very many tied partial transforms,
 *   e.g. complete grids, need more than the on-stack buffer; out is then undefined). */
int sk_canon9(const uint8_t in[81], uint8_t out[81]);

/* n records of 81 bytes each, record i at offset 81*i; one work buffer reused for all.
 * Returns 0, or -1 if memory ran out. */
int sk_canon9_many(const uint8_t *in, uint8_t *out, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_CANON_H */
