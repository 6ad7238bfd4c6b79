/* solve/dlx.c -- the C twin of exact_cover.dlx_count: Knuth's Algorithm X with dancing links
 * (dlx1), line for line the Python _search, so counts, first solution and node counts agree.
 *
 * Data layout (as in exact_cover.py).  Item k of the caller (0-based, primary first) is
 * item i = k+1 here; N = n_primary + n_secondary.
 *
 *    items   LLINK/RLINK (int32, size N+2)
 *      0            root of the circular list of active primary items
 *      1 .. N1      primary items            (N1 = n_primary)
 *      N1+1 .. N    secondary items
 *      N+1          root of the circular list of active secondary items
 *
 *    nodes   TOP/ULINK/DLINK (int32, size 1 + N + n_options + 1 + len(option_items))
 *      0            unused
 *      1 .. N       column headers: TOP[i] = i, LEN[i] = options still in column i
 *      N+1          spacer before option 0
 *      ...          option k's nodes, one per item, then a spacer:
 *
 *      index:   N+1      N+2  N+3  N+4   N+5     N+6  N+7   N+8
 *      TOP:     0   |    a    b    c  |  -1   |  a    d  |  -2   ...
 *             spacer    option 0       spacer   option 1  spacer
 *      spacer before option k: TOP = -k, ULINK = first node of option k-1,
 *                              DLINK = last node of option k
 *
 *    x[0..level-1]  the choice stack (option nodes; x[level] briefly a header)
 *
 * (Rejected: one struct per node {top, up, down}.  Parallel int32 arrays keep the Python
 * twin readable side by side; the struct layout measured no faster on Sudoku covers.)
 */
#include <stdlib.h>
#include <string.h>

#include "include/bits.h"
#include "solve/kernels.h"

typedef struct {
    int32_t *LLINK, *RLINK, *TOP, *ULINK, *DLINK, *LEN;
} links;

static void links_free(links *L)
{
    free(L->LLINK);
    free(L->RLINK);
    free(L->TOP);
    free(L->ULINK);
    free(L->DLINK);
    free(L->LEN);
}

/* The link arrays of a fresh problem; 0 if out of memory. */
static int build_links(links *L, int n_primary, int n_secondary, int n_options,
                       const int32_t *option_starts, const int32_t *option_items)
{
    int n = n_primary + n_secondary;
    size_t n_items_total = (size_t)option_starts[n_options];
    size_t size = (size_t)n + 1 + (size_t)n_options + 1 + n_items_total;
    L->LLINK = malloc(sizeof(int32_t) * (n + 2));
    L->RLINK = malloc(sizeof(int32_t) * (n + 2));
    L->TOP = malloc(sizeof(int32_t) * size);
    L->ULINK = malloc(sizeof(int32_t) * size);
    L->DLINK = malloc(sizeof(int32_t) * size);
    L->LEN = calloc((size_t)n + 1, sizeof(int32_t));
    if (!L->LLINK || !L->RLINK || !L->TOP || !L->ULINK || !L->DLINK || !L->LEN)
        return 0;
    int32_t *LLINK = L->LLINK, *RLINK = L->RLINK, *TOP = L->TOP, *ULINK = L->ULINK,
            *DLINK = L->DLINK, *LEN = L->LEN;
    int heads[2][3] = {{0, 1, n_primary}, {n + 1, n_primary + 1, n}};
    for (int h = 0; h < 2; h++) {
        int head = heads[h][0], lo = heads[h][1], hi = heads[h][2];
        int prev = head;
        for (int i = lo; i <= hi; i++) {
            LLINK[i] = prev;
            RLINK[prev] = i;
            prev = i;
        }
        LLINK[head] = prev;
        RLINK[prev] = head;
    }
    for (size_t k = 0; k < size; k++)
        TOP[k] = ULINK[k] = DLINK[k] = (int32_t)k;
    int32_t p = n + 1;
    TOP[p] = 0;
    ULINK[p] = 0;
    for (int k = 0; k < n_options; k++) {
        int32_t spacer = p;
        int32_t start = p + 1;
        for (int32_t j = option_starts[k]; j < option_starts[k + 1]; j++) {
            p++;
            int32_t i = option_items[j] + 1;
            TOP[p] = i;
            LEN[i]++;
            int32_t u = ULINK[i];
            ULINK[p] = u;
            DLINK[p] = i;
            DLINK[u] = p;
            ULINK[i] = p;
        }
        DLINK[spacer] = p;
        p++;
        TOP[p] = -(k + 1);
        ULINK[p] = start;
    }
    DLINK[p] = 0;
    return 1;
}

static int cmp_int32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

long long sk_dlx_count(int n_primary, int n_secondary, int n_options, const int32_t *option_starts,
                       const int32_t *option_items, long long limit, uint64_t node_limit,
                       int32_t *first, int *first_len, uint64_t *nodes_out, int *stopped,
                       sk_poll *poll)
{
    links L;
    memset(&L, 0, sizeof L);
    int32_t *x = malloc(sizeof(int32_t) * ((size_t)n_primary + 1));
    *stopped = 0;
    *nodes_out = 0;
    *first_len = -1;
    if (!x || !build_links(&L, n_primary, n_secondary, n_options, option_starts, option_items)) {
        free(x);
        links_free(&L);
        return -1;
    }
    int32_t *LLINK = L.LLINK, *RLINK = L.RLINK, *TOP = L.TOP, *ULINK = L.ULINK,
            *DLINK = L.DLINK, *LEN = L.LEN;
    const int32_t n = n_primary + n_secondary;
    long long count = 0;
    uint64_t nodes = 0;
    int level = 0;
    int32_t i, p, q, w, t, u, d, l, r, j, xl;
    for (;;) {
        /* X2. [Enter level.] All primary items covered: visit a solution. */
        if (RLINK[0] == 0) {
            count++;
            if (*first_len < 0) {
                for (int k = 0; k < level; k++) {
                    int32_t z = x[k];
                    while (TOP[z] > 0)
                        z--;
                    first[k] = -TOP[z];
                }
                qsort(first, (size_t)level, sizeof(int32_t), cmp_int32);
                *first_len = level;
            }
            if (count == limit)
                break;
        } else {
            /* X3. [Choose i.] Fewest options (MRV), leftmost on ties. */
            i = p = RLINK[0];
            int32_t best = LEN[p];
            p = RLINK[p];
            while (p && best) {
                int32_t s = LEN[p];
                if (s < best) {
                    best = s;
                    i = p;
                }
                p = RLINK[p];
            }
            if (best) {
                /* X4. [Cover i.] */
                p = DLINK[i];
                while (p != i) {
                    q = p + 1;
                    while (q != p) {
                        t = TOP[q];
                        if (t <= 0) {
                            q = ULINK[q];
                        } else {
                            u = ULINK[q];
                            d = DLINK[q];
                            DLINK[u] = d;
                            ULINK[d] = u;
                            LEN[t]--;
                            q++;
                        }
                    }
                    p = DLINK[p];
                }
                l = LLINK[i];
                r = RLINK[i];
                RLINK[l] = r;
                LLINK[r] = l;
                x[level++] = i;   /* the header: "no option tried yet" */
            }
            /* else: an item with no options left is a dead end; nothing was covered. */
        }
        /* X5-X8. Advance the choice on top of the stack to its next option, or backtrack. */
        int advanced = 0;
        while (level) {
            level--;
            xl = x[level];
            if (xl > n) {
                /* X6. [Try again.] Uncover the other items of x_l, right to left. */
                q = xl - 1;
                while (q != xl) {
                    j = TOP[q];
                    if (j <= 0) {
                        q = DLINK[q];
                    } else {
                        l = LLINK[j];
                        r = RLINK[j];
                        RLINK[l] = j;
                        LLINK[r] = j;
                        p = ULINK[j];
                        while (p != j) {
                            w = p - 1;
                            while (w != p) {
                                t = TOP[w];
                                if (t <= 0) {
                                    w = DLINK[w];
                                } else {
                                    u = ULINK[w];
                                    d = DLINK[w];
                                    DLINK[u] = w;
                                    ULINK[d] = w;
                                    LEN[t]++;
                                    w--;
                                }
                            }
                            p = ULINK[p];
                        }
                        q--;
                    }
                }
            }
            i = TOP[xl];
            xl = DLINK[xl];
            if (xl != i) {
                /* X5. [Try x_l.] Cover the other items of x_l, left to right. */
                if (node_limit > 0 && nodes == node_limit) {
                    *stopped = 1;
                    goto done;
                }
                nodes++;
                if (sk_poll_stop(poll, nodes)) {
                    count = SK_INTERRUPTED;
                    goto done;
                }
                q = xl + 1;
                while (q != xl) {
                    j = TOP[q];
                    if (j <= 0) {
                        q = ULINK[q];
                    } else {
                        p = DLINK[j];
                        while (p != j) {
                            w = p + 1;
                            while (w != p) {
                                t = TOP[w];
                                if (t <= 0) {
                                    w = ULINK[w];
                                } else {
                                    u = ULINK[w];
                                    d = DLINK[w];
                                    DLINK[u] = d;
                                    ULINK[d] = u;
                                    LEN[t]--;
                                    w++;
                                }
                            }
                            p = DLINK[p];
                        }
                        l = LLINK[j];
                        r = RLINK[j];
                        RLINK[l] = r;
                        LLINK[r] = l;
                        q++;
                    }
                }
                x[level++] = xl;
                advanced = 1;
                break;
            }
            /* X7. [Backtrack.] No options left for i: uncover(i). */
            l = LLINK[i];
            r = RLINK[i];
            RLINK[l] = i;
            LLINK[r] = i;
            p = ULINK[i];
            while (p != i) {
                w = p - 1;
                while (w != p) {
                    t = TOP[w];
                    if (t <= 0) {
                        w = DLINK[w];
                    } else {
                        u = ULINK[w];
                        d = DLINK[w];
                        DLINK[u] = w;
                        ULINK[d] = w;
                        LEN[t]++;
                        w--;
                    }
                }
                p = ULINK[p];
            }
            /* X8. [Leave level l.] Loop to the previous level. */
        }
        if (!advanced)
            break;   /* level 0 exhausted: the search is complete */
    }
done:
    *nodes_out = nodes;
    free(x);
    links_free(&L);
    return count;
}

/* --- Sudoku as exact cover (sudoku_cover.build_cover) --------------------------------- */

/* The items of sudoku_cover._layout, read from a geometry's tables (solve/kernels.h), for any
 * geometry (0-based value v = value-1):
 *
 *    primary    cell c                                 c
 *               full unit u holds v   (u < nfull)      N*N + u*N + v
 *    secondary  smaller unit u holds v (u >= nfull)    N*N + u*N + v
 *               pair k holds v                         pair_base + k*N + v
 *               star s of a weak link                  s  (from star_base on)
 *
 *   pair_id[e]    the number k of the pair of pair entry e (pair_cells[e]): pairs in
 *                 geometry.pairs order, i.e. lower cell ascending, then upper cell
 *   star[e*N+a]   for a link entry e from cell i to j > i: the star item "i = a+1 or j
 *                 takes a value it excludes" (-1 when a+1 excludes nothing)
 *   owner[e]      for a link entry e from j to i < j: the entry from i to j, whose stars
 *                 the options of j join (option v of j: the stars a of i with v in
 *                 masks_i[a], i.e. the a in masks_e[v], both directions being listed)
 *
 * Rebuilt per call: nothing to do for a classic grid (no pairs, no links), a few passes
 * over the pair and link entries otherwise; the tables stay read-only (thread-safe). */
typedef struct {
    int32_t *pair_id, *star, *owner;
    int32_t n_primary, n_secondary, pair_base;
} cover_layout;

static void layout_free(cover_layout *lay)
{
    free(lay->pair_id);
    free(lay->star);
    free(lay->owner);
}

/* Fill lay for sh; 0 if out of memory. */
static int layout_build(const sk_shape *sh, cover_layout *lay)
{
    const int n = sh->n, nn = sh->ncells;
    const int32_t npe = sh->pair_start[nn], nle = sh->link_start[nn];
    lay->n_primary = nn + sh->nfull * n;
    lay->pair_base = nn + sh->nunits * n;
    lay->n_secondary = lay->pair_base - lay->n_primary;
    if (!npe && !nle)
        return 1;   /* units only (every classic grid): no tables */
    lay->pair_id = malloc(sizeof(int32_t) * ((size_t)npe + 1));
    lay->star = malloc(sizeof(int32_t) * ((size_t)nle * n + 1));
    lay->owner = malloc(sizeof(int32_t) * ((size_t)nle + 1));
    if (!lay->pair_id || !lay->star || !lay->owner)
        return 0;
    int32_t npairs = 0;
    for (int c = 0; c < nn; c++)
        for (int32_t e = sh->pair_start[c]; e < sh->pair_start[c + 1]; e++) {
            int j = sh->pair_cells[e];
            if (j < c)
                continue;   /* numbered from j's side already */
            lay->pair_id[e] = npairs;
            for (int32_t f = sh->pair_start[j]; f < sh->pair_start[j + 1]; f++)
                if (sh->pair_cells[f] == c)
                    lay->pair_id[f] = npairs;
            npairs++;
        }
    int32_t s = lay->pair_base + npairs * n;
    for (int c = 0; c < nn; c++)
        for (int32_t e = sh->link_start[c]; e < sh->link_start[c + 1]; e++) {
            int j = sh->link_cell[e];
            if (j < c)
                continue;
            for (int a = 0; a < n; a++)
                lay->star[(size_t)e * n + a] = sh->link_masks[(size_t)e * n + a] ? s++ : -1;
            for (int32_t f = sh->link_start[j]; f < sh->link_start[j + 1]; f++)
                if (sh->link_cell[f] == c)
                    lay->owner[f] = e;
        }
    lay->n_secondary = s - lay->n_primary;
    return 1;
}

/* The values (bit v) the givens rule out in cell c: its units, its pairs, its weak links. */
static uint64_t blocked_by_givens(const sk_shape *sh, const uint64_t *used, const uint8_t *values,
                                  int c)
{
    const int n = sh->n;
    uint64_t taken = 0;
    for (int32_t k = sh->cu_start[c]; k < sh->cu_start[c + 1]; k++)
        taken |= used[sh->cell_units[k]];
    for (int32_t e = sh->pair_start[c]; e < sh->pair_start[c + 1]; e++) {
        int w = values[sh->pair_cells[e]];
        if (w)
            taken |= (uint64_t)1 << (w - 1);
    }
    for (int32_t e = sh->link_start[c]; e < sh->link_start[c + 1]; e++) {
        int w = values[sh->link_cell[e]];
        if (w)   /* the values a of c with w in masks[a] */
            for (int a = 0; a < n; a++)
                if (sh->link_masks[(size_t)e * n + a] >> (w - 1) & 1)
                    taken |= (uint64_t)1 << a;
    }
    return taken;
}

/* An upper bound on the option items of the cover (every value of every cell). */
static size_t items_bound(const sk_shape *sh)
{
    const int n = sh->n, nn = sh->ncells;
    /* the cell, its units and its pairs: every cell has as many unit entries as units list it */
    size_t total = (size_t)n * ((size_t)nn + (size_t)sh->cu_start[nn] + (size_t)sh->pair_start[nn]);
    if (!sh->link_start[nn])
        return total;
    for (int c = 0; c < nn; c++) {
        for (int32_t e = sh->link_start[c]; e < sh->link_start[c + 1]; e++) {
            if (sh->link_cell[e] > c)
                total += (size_t)n;
            else
                for (int v = 0; v < n; v++)
                    total += (size_t)sk_pop64(sh->link_masks[(size_t)e * n + v]);
        }
    }
    return total;
}

/* Options: one "put v in cell" per value the givens do not rule out, in cell order then
 * value order; a given cell has the one option of its value.  Each option lists the cell,
 * its units ascending, its pairs, its stars (see cover_layout): sudoku_cover.build_cover. */
long long sk_dlx_sudoku(const sk_shape *sh, const uint8_t *values, long long limit,
                        uint64_t node_limit, uint8_t *solution, uint64_t *nodes, int *stopped,
                        sk_poll *poll)
{
    const int n = sh->n, nn = sh->ncells;
    cover_layout lay;
    memset(&lay, 0, sizeof lay);
    size_t max_options = (size_t)nn * n;
    uint64_t used_here[4 * SK_MAX_SIZE];   /* values given in each unit */
    uint64_t *used = sh->nunits <= 4 * SK_MAX_SIZE
        ? memset(used_here, 0, sizeof(uint64_t) * sh->nunits)
        : calloc((size_t)sh->nunits, sizeof(uint64_t));
    int32_t *starts = malloc(sizeof(int32_t) * (max_options + 1));
    int32_t *items = malloc(sizeof(int32_t) * (items_bound(sh) + 1));
    int32_t *meaning = malloc(sizeof(int32_t) * max_options);   /* cell * 128 + value */
    int32_t *first = NULL;
    long long count = -1;
    *nodes = 0;
    *stopped = 0;
    if (!used || !starts || !items || !meaning || !layout_build(sh, &lay))
        goto out;
    first = malloc(sizeof(int32_t) * ((size_t)lay.n_primary + 1));
    if (!first)
        goto out;
    int nopt = 0;
    int32_t nitems = 0;
    starts[0] = 0;
    /* Every cell in three units (its row, col and region; at least these, so a total of
     * 3*N*N means exactly these) and no pair or link: classic grids and jigsaws.  The same
     * options as the general loop below, unrolled: the cover is built on every call, and
     * this keeps the classic build as fast as before variants (~8 us per 9x9 call). */
    if (sh->cu_start[nn] == 3 * nn && !sh->pair_start[nn] && !sh->link_start[nn]) {
        for (int c = 0; c < nn; c++) {
            if (values[c]) {
                const int16_t *cu = sh->cell_units + 3 * c;
                uint64_t b = (uint64_t)1 << (values[c] - 1);
                used[cu[0]] |= b;
                used[cu[1]] |= b;
                used[cu[2]] |= b;
            }
        }
        for (int c = 0; c < nn; c++) {
            const int16_t *cu = sh->cell_units + 3 * c;
            const int32_t b0 = nn + cu[0] * n, b1 = nn + cu[1] * n, b2 = nn + cu[2] * n;
            uint64_t choices = values[c] ? (uint64_t)1 << (values[c] - 1)
                                         : sh->full & ~(used[cu[0]] | used[cu[1]] | used[cu[2]]);
            while (choices) {
                int v = __builtin_ctzll(choices);   /* 0-based value */
                choices &= choices - 1;
                items[nitems++] = c;
                items[nitems++] = b0 + v;
                items[nitems++] = b1 + v;
                items[nitems++] = b2 + v;
                meaning[nopt] = c * 128 + v + 1;
                starts[++nopt] = nitems;
            }
        }
        goto search;
    }
    for (int c = 0; c < nn; c++) {
        int v = values[c];
        if (v) {
            uint64_t b = (uint64_t)1 << (v - 1);
            for (int32_t k = sh->cu_start[c]; k < sh->cu_start[c + 1]; k++)
                used[sh->cell_units[k]] |= b;
        }
    }
    for (int c = 0; c < nn; c++) {
        const int32_t cu0 = sh->cu_start[c], cu1 = sh->cu_start[c + 1];
        const int32_t p0 = sh->pair_start[c], p1 = sh->pair_start[c + 1];
        const int32_t l0 = sh->link_start[c], l1 = sh->link_start[c + 1];
        uint64_t choices = values[c] ? (uint64_t)1 << (values[c] - 1)
                                     : sh->full & ~blocked_by_givens(sh, used, values, c);
        while (choices) {
            int v = __builtin_ctzll(choices);   /* 0-based value */
            choices &= choices - 1;
            items[nitems++] = c;
            for (int32_t k = cu0; k < cu1; k++)
                items[nitems++] = nn + sh->cell_units[k] * n + v;
            for (int32_t e = p0; e < p1; e++)
                items[nitems++] = lay.pair_base + lay.pair_id[e] * n + v;
            for (int32_t e = l0; e < l1; e++) {
                uint64_t m = sh->link_masks[(size_t)e * n + v];
                if (sh->link_cell[e] > c) {
                    if (m)
                        items[nitems++] = lay.star[(size_t)e * n + v];
                } else {
                    const int32_t *st = lay.star + (size_t)lay.owner[e] * n;
                    while (m) {
                        items[nitems++] = st[__builtin_ctzll(m)];
                        m &= m - 1;
                    }
                }
            }
            meaning[nopt] = c * 128 + v + 1;
            starts[++nopt] = nitems;
        }
    }
search:;
    int first_len;
    count = sk_dlx_count(lay.n_primary, lay.n_secondary, nopt, starts, items, limit, node_limit,
                         first, &first_len, nodes, stopped, poll);
    if (count > 0 && solution) {
        memset(solution, 0, nn);
        for (int k = 0; k < first_len; k++) {
            int32_t m = meaning[first[k]];
            solution[m / 128] = (uint8_t)(m % 128);
        }
    }
out:
    layout_free(&lay);
    if (used != used_here)
        free(used);
    free(starts);
    free(items);
    free(meaning);
    free(first);
    return count;
}
