/* se/se.h -- what the C twins of Sudoku Explainer's rater share (no Python here).
 *
 * The pure-Python rater (sudokit/rate/ today; logic/se/ after issue #30: basic.py,
 * chains.py, nested.py, unique.py, path.py) is the specification; every C producer gives
 * the hint its Python twin gives, and the C rating loop the same ER / EP / ED.
 *
 *   se_board      SE's grid: values[c] 0 or 1..9, cands[c] bit v-1 for value v (0 when
 *                 filled); c = 9 * row + col (logic/se/__init__.py Board)
 *   se_hint       one hint: rating, complexity and sort key (chaining), the candidates it
 *                 removes per cell, an optional placement, and its name as Python names it
 *   tables        SE's units (0..8 boxes, 9..17 rows, 18..26 cols; cells in SE's order),
 *                 a cell's (box, row, col) units and its 20 house cells in SE's order, the
 *                 same as cell sets (se_cells: bit c for cell c, 128 bits), a cell's
 *                 position in each unit; all built once by se_tables_init (se/tables.c)
 *   return codes  SE_FOUND / SE_NONE, SE_ERROR (out of memory, or the binding's poll
 *                 stopped the search), SE_LIMIT (the deadline passed)
 *   deadline      seconds on CLOCK_MONOTONIC, Python's time.monotonic(); <= 0: none
 *
 * Files: se/tables.c (the tables and moves), se/basic.c and se/exclusion.c (producers
 * 1-14, 16-18, 20, 22; se/basic.h), se/unique.c (15, 19), se/chains_static.c (21),
 * se/chains.c, se/nested.c, se/nested_static.c, se/engine.c (23-30; se/engine.h), se/path.c
 * (the rating loop; se/path.h).  bind/se.c is their Python surface.
 */

#ifndef SUDOKIT_SE_H
#define SUDOKIT_SE_H

#include <stdint.h>

#include "include/bits.h"

#define SE_FOUND 1
#define SE_NONE 0
#define SE_ERROR (-1)
#define SE_LIMIT (-2)

typedef struct {
    uint8_t values[81];
    uint16_t cands[81];
} se_board;

typedef struct {
    double rating;
    int complexity;      /* chaining hints; 0 otherwise */
    long long key;       /* SE's sort key (chaining, unique loops); 0 otherwise */
    uint16_t elims[81];  /* candidates removed, per cell */
    int place_cell;      /* -1: no placement */
    int place_value;
    char name[64];       /* the name the Python producer gives (Rating.hardest) */
} se_hint;

typedef sk_u128 se_cells;          /* a cell set: bit c for cell c */
#define SE_BIT(c) ((se_cells)1 << (c))

extern int se_unit_cells[27][9];  /* logic/se/__init__.py UNIT_CELLS */
extern int se_cell_units[81][3];  /* CELL_UNITS: box, row, col */
extern int se_house[81][20];      /* HOUSE: box cells, then row, then col, each once */
extern se_cells se_unit_bits[27];     /* the cells of unit u */
extern se_cells se_house_bits[81];    /* the house cells of c */
extern uint8_t se_unit_index[81][27]; /* position of cell c in unit u (if it is in it) */
extern uint8_t se_cell_pos[81][3];    /* position of cell c in its box, row, col */

void se_tables_init(void);        /* idempotent; every table above */
double se_now(void);              /* CLOCK_MONOTONIC seconds */
void se_board_from_line(se_board *b, const char *line81);  /* Board.from_line (R1, R2) */
void se_place(se_board *b, int cell, int value);           /* Board.place */
void se_apply(se_board *b, const se_hint *h);              /* Hint.apply */
void se_hint_clear(se_hint *h);
double se_length_penalty(int complexity);                  /* chains */

/* se/chains_static.c: producer 21 (cycles and forcing chains, static).
 *
 * se_static_search: the best hint of static_chains on 81 candidate masks into *b (b->found
 * 0: none); 0, -1 out of memory, -2 the deadline passed (checked per start cell).
 * se_static_hint: the same on a board as the rating loop's se_hint: SE_FOUND, SE_NONE,
 * SE_LIMIT or SE_ERROR (out of memory). */
typedef struct {
    int found;
    double rating;
    int complexity, sortkey, y, x, kind, place_cell, place_value;
    uint16_t elims[81];
} se_static_best;

int se_static_search(const uint16_t *cands, double deadline, se_static_best *b);
int se_static_hint(const se_board *b, double deadline, se_hint *out);

#endif /* SUDOKIT_SE_H */
