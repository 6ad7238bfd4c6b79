/* solve/shape.c -- what every kernel shares and none searches in: the geometry tables
 * (sk_shape, drawn in solve/kernels.h) and the work area (sk_work).  Built once per geometry
 * or per call, never per node; no Python.
 *
 * (Split from solve/anysize.c so that the search and the checker there are the only code
 * the instruction levels compile again: isa/isa.h.)
 */
#include <stdlib.h>
#include <string.h>

#include "solve/kernels.h"

/* --- geometry tables ---------------------------------------------------------------- */

/* Classic box geometry: rows, cols, boxes, built here so the C side needs no Python. */
sk_shape *sk_shape_new(int box_rows, int box_cols)
{
    int n = box_rows * box_cols;
    if (box_rows < 1 || box_cols < 1 || n > SK_MAX_SIZE)
        return NULL;
    int ncells = n * n;
    int32_t *start = malloc(sizeof(int32_t) * (3 * n + 1));
    int16_t *cells = malloc(sizeof(int16_t) * 3 * ncells);
    int *fill = calloc(3 * n, sizeof(int));
    sk_shape *sh = NULL;
    if (start && cells && fill) {
        for (int u = 0; u <= 3 * n; u++)
            start[u] = u * n;
        int per_band = n / box_cols;  /* boxes side by side in one band */
        for (int c = 0; c < ncells; c++) {
            int r = c / n, k = c % n;
            int us[3] = {r, n + k, 2 * n + (r / box_rows) * per_band + k / box_cols};
            for (int j = 0; j < 3; j++)
                cells[us[j] * n + fill[us[j]]++] = (int16_t)c;
        }
        sh = sk_shape_build(n, box_rows, box_cols, 1, 3 * n, start, cells, 0, NULL, 0, NULL,
                            NULL);
    }
    free(start);
    free(cells);
    free(fill);
    return sh;
}

/* Append the cells marked in seen[] (ascending) to list at *len; clears the marks. */
static void take_marked(unsigned char *seen, int ncells, int16_t *list, int32_t *len)
{
    for (int p = 0; p < ncells; p++)
        if (seen[p]) {
            list[(*len)++] = (int16_t)p;
            seen[p] = 0;
        }
}

sk_shape *sk_shape_build(int n, int box_rows, int box_cols, int classic, int nunits,
                         const int32_t *unit_start, const int16_t *unit_cells, int npairs,
                         const int16_t *pairs, int nlinks, const int16_t *links,
                         const uint64_t *masks)
{
    sk_shape *sh = calloc(1, sizeof *sh);
    if (!sh)
        return NULL;
    int ncells = n * n;
    size_t total = (size_t)unit_start[nunits];
    sh->box_rows = classic ? box_rows : 0;
    sh->box_cols = classic ? box_cols : 0;
    sh->classic = classic;
    sh->n = n;
    sh->ncells = ncells;
    sh->nunits = nunits;
    sh->full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (int u = 0; u < nunits && unit_start[u + 1] - unit_start[u] == n; u++)
        sh->nfull = u + 1;
    sh->unit_start = malloc(sizeof(int32_t) * (nunits + 1));
    sh->unit_cells = malloc(sizeof(int16_t) * (total ? total : 1));
    sh->cu_start = calloc(ncells + 1, sizeof(int32_t));
    sh->cell_units = malloc(sizeof(int16_t) * (total ? total : 1));
    sh->cell_nfull = calloc(ncells, sizeof(int16_t));
    sh->peer_start = calloc(ncells + 1, sizeof(int32_t));
    sh->pair_start = calloc(ncells + 1, sizeof(int32_t));
    sh->pair_cells = malloc(sizeof(int16_t) * (2 * (size_t)npairs + 1));
    sh->link_start = calloc(ncells + 1, sizeof(int32_t));
    sh->link_cell = malloc(sizeof(int16_t) * ((size_t)nlinks + 1));
    sh->link_masks = malloc(sizeof(uint64_t) * ((size_t)nlinks * n + 1));
    sh->link_back = calloc((size_t)nlinks * n + 1, sizeof(uint64_t));
    unsigned char *seen = calloc(ncells, 1);
    unsigned char *paired = calloc((size_t)ncells, 1);
    int32_t *fill = calloc(ncells + 1, sizeof(int32_t));
    /* peers: at most every other cell, for each cell */
    sh->peers = malloc(sizeof(int16_t) * (size_t)ncells * (ncells > 1 ? ncells - 1 : 1));
    if (!sh->unit_start || !sh->unit_cells || !sh->cu_start || !sh->cell_units ||
        !sh->cell_nfull || !sh->peer_start || !sh->pair_start || !sh->pair_cells ||
        !sh->link_start || !sh->link_cell || !sh->link_masks || !sh->link_back || !seen || !paired || !fill ||
        !sh->peers) {
        free(seen);
        free(paired);
        free(fill);
        sk_shape_free(sh);
        return NULL;
    }
    memcpy(sh->unit_start, unit_start, sizeof(int32_t) * (nunits + 1));
    memcpy(sh->unit_cells, unit_cells, sizeof(int16_t) * total);
    /* units of each cell, ascending (so full units first) */
    for (size_t k = 0; k < total; k++)
        sh->cu_start[unit_cells[k] + 1]++;
    for (int c = 0; c < ncells; c++)
        sh->cu_start[c + 1] += sh->cu_start[c];
    for (int u = 0; u < nunits; u++)
        for (int32_t k = unit_start[u]; k < unit_start[u + 1]; k++) {
            int c = unit_cells[k];
            sh->cell_units[sh->cu_start[c] + fill[c]++] = (int16_t)u;
            if (u < sh->nfull)
                sh->cell_nfull[c]++;
        }
    for (int c = 0; c < ncells; c++) {
        int m = sh->cu_start[c + 1] - sh->cu_start[c];
        if (m > sh->maxcu)
            sh->maxcu = m;
    }
    /* pair peers: pairs whose cells share no unit, both directions, ascending */
    for (int c = 0; c < ncells; c++) {
        for (int32_t k = sh->cu_start[c]; k < sh->cu_start[c + 1]; k++) {
            int u = sh->cell_units[k];
            for (int32_t q = unit_start[u]; q < unit_start[u + 1]; q++)
                seen[unit_cells[q]] = 1;
        }
        seen[c] = 0;
        for (int k = 0; k < npairs; k++) {
            int a = pairs[2 * k], b = pairs[2 * k + 1];
            int other = a == c ? b : b == c ? a : -1;
            if (other >= 0 && !seen[other])
                paired[other] = 1;
        }
        for (int p = 0; p < ncells; p++)
            if (paired[p])
                seen[p] = 1;
        sh->peer_start[c + 1] = sh->peer_start[c];
        take_marked(seen, ncells, sh->peers, &sh->peer_start[c + 1]);
        sh->pair_start[c + 1] = sh->pair_start[c];
        take_marked(paired, ncells, sh->pair_cells, &sh->pair_start[c + 1]);
    }
    /* links, grouped by their first cell in the order given */
    for (int k = 0; k < nlinks; k++)
        sh->link_start[links[2 * k] + 1]++;
    for (int c = 0; c < ncells; c++)
        sh->link_start[c + 1] += sh->link_start[c];
    memset(fill, 0, sizeof(int32_t) * (ncells + 1));
    for (int k = 0; k < nlinks; k++) {
        int c = links[2 * k];
        int at = sh->link_start[c] + fill[c]++;
        sh->link_cell[at] = links[2 * k + 1];
        memcpy(sh->link_masks + (size_t)at * n, masks + (size_t)k * n, sizeof(uint64_t) * n);
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                if (masks[(size_t)k * n + a] >> b & 1)
                    sh->link_back[(size_t)at * n + b] |= (uint64_t)1 << a;
    }
    free(seen);
    free(paired);
    free(fill);
    return sh;
}

void sk_shape_free(sk_shape *sh)
{
    if (!sh)
        return;
    free(sh->unit_start);
    free(sh->unit_cells);
    free(sh->cu_start);
    free(sh->cell_units);
    free(sh->cell_nfull);
    free(sh->peer_start);
    free(sh->peers);
    free(sh->pair_start);
    free(sh->pair_cells);
    free(sh->link_start);
    free(sh->link_cell);
    free(sh->link_masks);
    free(sh->link_back);
    free(sh->prop_kind);
    free(sh->prop_start);
    free(sh->prop_cells);
    free(sh->prop_dstart);
    free(sh->prop_data);
    free(sh->cp_start);
    free(sh->cell_props);
    free(sh->rg_start);
    free(sh->rg_vars);
    free(sh->rc_start);
    free(sh->rc_lits);
    free(sh->rule_false);
    free(sh);
}

void sk_work_init(sk_work *w)
{
    memset(w, 0, sizeof *w);
}

void sk_work_free(sk_work *w)
{
    free(w->states);
    free(w->frame_cell);
    free(w->frame_rem);
    free(w->queue);
    free(w->empties);
    free(w->avail);
    free(w->placed);
    free(w->cur);
    free(w->units_of);
    free(w->used);
    free(w->dirty);
    free(w->snap);
    sk_work_init(w);
}

/* Make room for per-cell arrays of ncells entries and per-unit arrays of nunits; 0 if out
 * of memory (shared with solve/backtrack.c through solve/kernels.h). */
int sk_work_cells(sk_work *w, int ncells, int nunits)
{
    if (w->cap_units < (size_t)nunits + 64) {
        size_t m = (size_t)nunits + 64;
        uint64_t *u = realloc(w->used, m * sizeof *u);
        if (u) w->used = u;
        uint64_t *d = realloc(w->dirty, (m / 64 + 1) * sizeof *d);
        if (d) w->dirty = d;
        if (!u || !d)
            return 0;
        w->cap_units = m;
    }
    if (w->cap_cells >= (size_t)ncells)
        return 1;
    size_t n = (size_t)ncells;
    int32_t *q = realloc(w->queue, n * sizeof *q);
    if (q) w->queue = q;
    int32_t *e = realloc(w->empties, n * sizeof *e);
    if (e) w->empties = e;
    uint64_t *a = realloc(w->avail, n * sizeof *a);
    if (a) w->avail = a;
    uint64_t *p = realloc(w->placed, n * sizeof *p);
    if (p) w->placed = p;
    uint8_t *v = realloc(w->cur, n * sizeof *v);
    if (v) w->cur = v;
    int16_t *u = realloc(w->units_of, 3 * n * sizeof *u);
    if (u) w->units_of = u;
    if (!q || !e || !a || !p || !v || !u)
        return 0;
    w->cap_cells = n;
    return 1;
}

