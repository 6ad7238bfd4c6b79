/* se/tables.c -- SE's grid tables and moves for the rater's C twins (see se/se.h): the
 * twin of logic/se/__init__.py (UNIT_CELLS, CELL_UNITS, HOUSE, Board.from_line, place, apply).
 */

#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include <string.h>
#include <time.h>

#include "se/se.h"

int se_unit_cells[27][9];
int se_cell_units[81][3];
int se_house[81][20];
se_cells se_unit_bits[27];
se_cells se_house_bits[81];
uint8_t se_unit_index[81][27];
uint8_t se_cell_pos[81][3];
static int ready = 0;

void se_tables_init(void)
{
    if (ready)
        return;
    for (int b = 0; b < 9; b++)
        for (int i = 0; i < 9; i++)
            se_unit_cells[b][i] = 9 * (3 * (b / 3) + i / 3) + 3 * (b % 3) + i % 3;
    for (int r = 0; r < 9; r++)
        for (int i = 0; i < 9; i++) {
            se_unit_cells[9 + r][i] = 9 * r + i;
            se_unit_cells[18 + r][i] = 9 * i + r;
        }
    for (int c = 0; c < 81; c++) {
        se_cell_units[c][0] = 3 * (c / 27) + (c % 9) / 3;
        se_cell_units[c][1] = 9 + c / 9;
        se_cell_units[c][2] = 18 + c % 9;
        int n = 0;
        uint8_t seen[81] = {0};
        seen[c] = 1;
        for (int t = 0; t < 3; t++)
            for (int i = 0; i < 9; i++) {
                int d = se_unit_cells[se_cell_units[c][t]][i];
                if (!seen[d]) {
                    seen[d] = 1;
                    se_house[c][n++] = d;
                }
            }
    }
    for (int u = 0; u < 27; u++) {
        se_unit_bits[u] = 0;
        for (int i = 0; i < 9; i++) {
            se_unit_bits[u] |= SE_BIT(se_unit_cells[u][i]);
            se_unit_index[se_unit_cells[u][i]][u] = (uint8_t)i;
        }
    }
    for (int c = 0; c < 81; c++) {
        se_house_bits[c] = 0;
        for (int i = 0; i < 20; i++)
            se_house_bits[c] |= SE_BIT(se_house[c][i]);
        for (int t = 0; t < 3; t++)
            se_cell_pos[c][t] = se_unit_index[c][se_cell_units[c][t]];
    }
    ready = 1;
}

double se_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void se_board_from_line(se_board *b, const char *line81)
{
    se_tables_init();
    for (int c = 0; c < 81; c++) {
        char ch = line81[c];
        b->values[c] = (ch >= '1' && ch <= '9') ? (uint8_t)(ch - '0') : 0;
    }
    for (int c = 0; c < 81; c++) {
        uint16_t m = 0;
        if (!b->values[c]) {
            m = 511;
            for (int i = 0; i < 20; i++) {
                int v = b->values[se_house[c][i]];
                if (v)
                    m &= (uint16_t)~(1u << (v - 1));
            }
        }
        b->cands[c] = m;
    }
}

void se_place(se_board *b, int cell, int value)
{
    uint16_t off = (uint16_t)~(1u << (value - 1));
    b->values[cell] = (uint8_t)value;
    b->cands[cell] = 0;
    for (int i = 0; i < 20; i++)
        b->cands[se_house[cell][i]] &= off;
}

void se_apply(se_board *b, const se_hint *h)
{
    for (int c = 0; c < 81; c++)
        b->cands[c] &= (uint16_t)~h->elims[c];
    if (h->place_cell >= 0)
        se_place(b, h->place_cell, h->place_value);
}

void se_hint_clear(se_hint *h)
{
    memset(h, 0, sizeof *h);
    h->place_cell = -1;
}

/* SE's getLengthDifficulty (logic/se/chains.py length_penalty): 0.1 for each ladder step 4, 6,
   8, 12, 16, ... that complexity - 2 passes. */
double se_length_penalty(int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}
