/* solve/canon.c -- the canonical form of a 9x9 grid: the C twin of sudokit.symmetry._search.
 *
 * Data first.
 *
 *   g[t][r][c]    the grid in both orientations: g[0] as given, g[1] transposed
 *                 (g[1][r][c] = g[0][c][r]); values 0..9, 0 = blank.
 *   image         the answer being built, row by row; labels 1..9, blank = 10 (BLANK) so
 *                 that a blank sorts after every value; written out with 10 -> 0.
 *   cstate        one partial transform whose image so far equals the best image so far:
 *
 *      +---------+---------+---+------+-----+------+
 *      | lab[10] | perm[9] | t | last | nxt | used |      24 bytes
 *      +---------+---------+---+------+-----+------+
 *      lab[v]   label given to source value v so far (0 = not seen yet); lab[0] = BLANK
 *      perm[j]  output col j takes source col perm[j] of g[t] (fixed at level 0)
 *      t        orientation; last = source row of the last output row; used = bit per
 *               source row already chosen; nxt = labels handed out so far
 *
 *   Two arrays of cstate (this level, next level).  They start on the stack (STACK_STATES
 *   each) and move to the heap only when a grid has more tied partial transforms than that
 *   (complete grids start with 2 x 9 x 1296).  sk_canon9_many keeps one heap pair for all
 *   its records.
 *   Rejected: a column-order index into a 1296 x 9 table (smaller state, but the table needs
 *   an init step or a generated source file; 9 bytes per state costs nothing measurable).
 *
 * Algorithm (the same search as symmetry._search, so the same answer for every input):
 *
 *   level 0  for each orientation t and source row r, the smallest image of that row over
 *            the 1296 column orders (labels by first appearance).  A row whose givens are
 *            distinct has the image "stacks by given count, descending, givens first in each
 *            stack"; the column orders reaching it are exactly: stack orders with
 *            non-increasing counts x, in each stack, the givens before the blanks.  A row with
 *            a repeated value (an illegal grid) tries every column order.  Every (t, r,
 *            column order) reaching the smallest image over all rows becomes a state.
 *   level k  each state extends by each allowed source row (any row of an unused band at
 *            the start of a band, else an unused row of the current band); the image row is
 *            labelled with the state's labels, new values taking the next labels.  Only the
 *            extensions equal to the level's smallest image survive.  The comparison runs
 *            cell by cell and stops at the first cell larger than the best (labels are final
 *            once written, so this drops exactly the extensions the full comparison drops).
 *   stop     once every given is placed, the remaining rows are blank whatever follows.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/canon.h"

enum { BLANK = 10, STACK_STATES = 512 };

typedef struct {
    uint8_t lab[10];
    uint8_t perm[9];
    uint8_t t, last, nxt;
    uint16_t used;
} cstate;

typedef struct {
    cstate *buf[2];
    size_t cap[2];
    int heap[2]; /* buf[i] came from malloc */
} work;

/* The 6 orders of 3 things. */
static const uint8_t P3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* Room for one more state in w->buf[i] (holding count states); NULL if memory ran out. */
static cstate *slot(work *w, int i, size_t count)
{
    if (count == w->cap[i]) {
        size_t nc = w->cap[i] * 2;
        cstate *p;
        if (w->heap[i]) {
            p = realloc(w->buf[i], nc * sizeof(cstate));
        } else {
            p = malloc(nc * sizeof(cstate));
            if (p)
                memcpy(p, w->buf[i], count * sizeof(cstate));
        }
        if (!p)
            return NULL;
        w->buf[i] = p;
        w->cap[i] = nc;
        w->heap[i] = 1;
    }
    return &w->buf[i][count];
}

/* Label row (through perm) by first appearance into img; fill s's labels when s != NULL. */
static void label_row(const uint8_t *row, const uint8_t perm[9], uint8_t img[9], cstate *s)
{
    uint8_t lab[10] = {BLANK, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t nxt = 0;
    for (int j = 0; j < 9; j++) {
        uint8_t v = row[perm[j]];
        uint8_t x = lab[v];
        if (!x)
            x = lab[v] = ++nxt;
        img[j] = x;
    }
    if (s) {
        memcpy(s->lab, lab, 10);
        s->nxt = nxt;
    }
}

static void make_perm(int sp, int a, int b, int c, uint8_t perm[9])
{
    const int inner[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        for (int x = 0; x < 3; x++)
            perm[i * 3 + x] = (uint8_t)(P3[sp][i] * 3 + P3[inner[i]][x]);
}

/* Push the state (t, r, perm) into w->buf[0] at *n. */
static int push0(work *w, size_t *n, const uint8_t *row, const uint8_t perm[9], int t, int r)
{
    cstate *s = slot(w, 0, *n);
    uint8_t img[9];
    if (!s)
        return -1;
    label_row(row, perm, img, s);
    memcpy(s->perm, perm, 9);
    s->t = (uint8_t)t;
    s->last = (uint8_t)r;
    s->used = (uint16_t)(1u << r);
    (*n)++;
    return 0;
}

static int canon_core(const uint8_t *in, uint8_t *out, work *w)
{
    uint8_t g[2][9][9];
    int total = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            uint8_t v = in[r * 9 + c];
            g[0][r][c] = v;
            g[1][c][r] = v;
            total += v != 0;
        }
    if (!total) { /* the empty grid is its own canonical form */
        memset(out, 0, 81);
        return 0;
    }

    /* level 0 */
    uint8_t best[9], img[9], perm[9];
    uint8_t image[81];
    int have = 0;
    size_t n = 0;
    for (int t = 0; t < 2; t++) {
        for (int r = 0; r < 9; r++) {
            const uint8_t *row = g[t][r];
            unsigned seen = 0;
            int dup = 0, cnt[3] = {0, 0, 0};
            for (int c = 0; c < 9; c++) {
                uint8_t v = row[c];
                if (v) {
                    if (seen >> v & 1)
                        dup = 1;
                    seen |= 1u << v;
                    cnt[c / 3]++;
                }
            }
            if (!dup) { /* stacks by count descending, givens first, labels 1, 2, ... */
                int s[3] = {cnt[0], cnt[1], cnt[2]};
                for (int i = 0; i < 2; i++)
                    for (int k = i + 1; k < 3; k++)
                        if (s[k] > s[i]) {
                            int x = s[i];
                            s[i] = s[k];
                            s[k] = x;
                        }
                uint8_t lbl = 0;
                for (int i = 0; i < 3; i++)
                    for (int x = 0; x < 3; x++)
                        img[i * 3 + x] = x < s[i] ? ++lbl : BLANK;
            } else { /* an illegal row: the smallest image over every column order */
                int first = 1;
                for (int sp = 0; sp < 6; sp++)
                    for (int a = 0; a < 6; a++)
                        for (int b = 0; b < 6; b++)
                            for (int c = 0; c < 6; c++) {
                                uint8_t cand[9];
                                make_perm(sp, a, b, c, perm);
                                label_row(row, perm, cand, NULL);
                                if (first || memcmp(cand, img, 9) < 0) {
                                    memcpy(img, cand, 9);
                                    first = 0;
                                }
                            }
            }
            int cmp = have ? memcmp(img, best, 9) : -1;
            if (cmp > 0)
                continue;
            if (cmp < 0) {
                memcpy(best, img, 9);
                have = 1;
                n = 0;
            }
            if (!dup) { /* exactly the column orders reaching img */
                int ok[3][6], nok[3] = {0, 0, 0};
                for (int st = 0; st < 3; st++)
                    for (int p = 0; p < 6; p++) {
                        int prev = 1, good = 1;
                        for (int x = 0; x < 3; x++) {
                            int given = row[st * 3 + P3[p][x]] != 0;
                            if (given > prev)
                                good = 0;
                            prev = given;
                        }
                        if (good)
                            ok[st][nok[st]++] = p;
                    }
                for (int sp = 0; sp < 6; sp++) {
                    const uint8_t *so = P3[sp];
                    if (cnt[so[0]] < cnt[so[1]] || cnt[so[1]] < cnt[so[2]])
                        continue;
                    for (int ia = 0; ia < nok[so[0]]; ia++)
                        for (int ib = 0; ib < nok[so[1]]; ib++)
                            for (int ic = 0; ic < nok[so[2]]; ic++) {
                                make_perm(sp, ok[so[0]][ia], ok[so[1]][ib], ok[so[2]][ic], perm);
                                if (push0(w, &n, row, perm, t, r) < 0)
                                    return -1;
                            }
                }
            } else {
                for (int sp = 0; sp < 6; sp++)
                    for (int a = 0; a < 6; a++)
                        for (int b = 0; b < 6; b++)
                            for (int c = 0; c < 6; c++) {
                                uint8_t cand[9];
                                make_perm(sp, a, b, c, perm);
                                label_row(row, perm, cand, NULL);
                                if (memcmp(cand, img, 9) == 0 && push0(w, &n, row, perm, t, r) < 0)
                                    return -1;
                            }
            }
        }
    }
    memcpy(image, best, 9);
    int placed = 0;
    for (int j = 0; j < 9; j++)
        placed += best[j] != BLANK;

    /* levels 1..8 */
    int cur = 0, level;
    for (level = 1; level < 9; level++) {
        if (placed == total)
            break;
        int nb = 1 - cur, new_band = level % 3 == 0;
        size_t m = 0;
        have = 0;
        for (size_t i = 0; i < n; i++) {
            const cstate *s = &w->buf[cur][i];
            unsigned opts = 0; /* bit r: source row r may come next */
            if (new_band) {
                for (int b = 0; b < 3; b++)
                    if (!(s->used >> (3 * b) & 7))
                        opts |= 7u << (3 * b);
            } else {
                opts = (7u << (s->last / 3 * 3)) & ~(unsigned)s->used;
            }
            for (int r = 0; r < 9; r++) {
                if (!(opts >> r & 1))
                    continue;
                const uint8_t *row = g[s->t][r];
                uint8_t lab[10];
                memcpy(lab, s->lab, 10);
                uint8_t nxt = s->nxt;
                int cmp = have ? 0 : -1, dropped = 0;
                for (int j = 0; j < 9; j++) {
                    uint8_t v = row[s->perm[j]];
                    uint8_t x = lab[v];
                    if (!x)
                        x = lab[v] = ++nxt;
                    img[j] = x;
                    if (cmp == 0) {
                        if (x > best[j]) {
                            dropped = 1;
                            break;
                        }
                        if (x < best[j])
                            cmp = -1;
                    }
                }
                if (dropped)
                    continue;
                if (cmp < 0) {
                    memcpy(best, img, 9);
                    have = 1;
                    m = 0;
                }
                cstate *d = slot(w, nb, m);
                if (!d)
                    return -1;
                memcpy(d->lab, lab, 10);
                memcpy(d->perm, s->perm, 9);
                d->t = s->t;
                d->last = (uint8_t)r;
                d->nxt = nxt;
                d->used = (uint16_t)(s->used | 1u << r);
                m++;
            }
        }
        memcpy(image + 9 * level, best, 9);
        for (int j = 0; j < 9; j++)
            placed += best[j] != BLANK;
        cur = nb;
        n = m;
    }
    for (; level < 9; level++) /* every given placed: the rest is blank */
        memset(image + 9 * level, BLANK, 9);
    for (int k = 0; k < 81; k++)
        out[k] = image[k] == BLANK ? 0 : image[k];
    return 0;
}

static void work_free(work *w)
{
    for (int i = 0; i < 2; i++)
        if (w->heap[i])
            free(w->buf[i]);
}

int sk_canon9(const uint8_t in[81], uint8_t out[81])
{
    cstate a[STACK_STATES], b[STACK_STATES];
    work w = {{a, b}, {STACK_STATES, STACK_STATES}, {0, 0}};
    int rc = canon_core(in, out, &w);
    work_free(&w);
    return rc;
}

int sk_canon9_many(const uint8_t *in, uint8_t *out, size_t n)
{
    cstate a[STACK_STATES], b[STACK_STATES];
    work w = {{a, b}, {STACK_STATES, STACK_STATES}, {0, 0}};
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = canon_core(in + 81 * i, out + 81 * i, &w);
    work_free(&w);
    return rc;
}
