/* logic/fish.c -- the C twin of the finned and sashimi fish search of
 * sudokit/logic/techniques/fish.py (_finned_all: the specification, with the rules and
 * the order in its docstring).
 *
 * Masks over line indices (bit j: line j), as fish.py's line_masks: m[i] = the cover lines
 * of base line i where value v is a candidate (0 when v is placed in line i);
 * inbox[b][i] = the cover lines of box b's cells on base line i.  The search is fish.py's
 * loop for loop: value, orientation (rows as base, then columns), box (Tables.boxes order),
 * base lines (combinations of the usable lines, lexicographic, pruned as the union of
 * their cells outside the box grows past k), then the extra cover lines taken among the
 * fin-free inside columns (combinations, lexicographic).
 *
 * lc_finned(state, k, out): one 9-byte record per fish that _finned_step turns into
 * a step, in order: value, orientation, box index (in Tables.boxes), base lines l0..l3
 * (k of them, the rest 255), cover mask low byte, high byte.  Python rebuilds each step
 * from its record with the same code as the pure search (fish.py _finned_from_c).
 */
#include "logic/board.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const lc_state *s;
    int n, k;
    unsigned m[LC_MAXN], inside[LC_MAXN], out[LC_MAXN];
    unsigned touched;                 /* lines i with inside[i] != 0 */
    int usable[LC_MAXN], nusable;
    int combo[LC_MAXN];
    int v, o, box;
    lc_buf *recs;  /* the records (NULL when kinds_only) */
    int oom;       /* out of memory, or (kinds_only) every kind found: the search stops */
    int kinds_only;
    unsigned kinds; /* kinds_only: bit 0 a finned fish found, bit 1 a sashimi one */
} fish_t;

static void emit(fish_t *f, unsigned cover)
{
    if (f->kinds_only) {   /* fish.py _finned_step: sashimi when a base line has one body cell */
        int sashimi = 0;
        for (int q = 0; q < f->k; q++)
            sashimi |= sk_pop64(f->m[f->combo[q]] & cover) == 1;
        f->kinds |= 1u << sashimi;
        f->oom = f->kinds == 3;
        return;
    }
    uint8_t r[9];
    r[0] = (uint8_t)f->v;
    r[1] = (uint8_t)f->o;
    r[2] = (uint8_t)f->box;
    for (int q = 0; q < 4; q++)
        r[3 + q] = q < f->k ? (uint8_t)f->combo[q] : 255;
    r[7] = (uint8_t)(cover & 0xff);
    r[8] = (uint8_t)(cover >> 8);
    lc_put(f->recs, r, 9);
    f->oom = f->recs->oom;
}

/* _finned_step's tests: every base line has a body cell, a fin, an elimination. */
static void try_cover(fish_t *f, unsigned cm, unsigned reach, unsigned cover)
{
    unsigned fins = 0;
    for (int q = 0; q < f->k; q++) {
        int i = f->combo[q];
        if (!(f->m[i] & cover))
            return;
        fins |= f->inside[i] & ~cover;
    }
    if (!fins || !(reach & cover))
        return;
    emit(f, cover);
}

/* The extra cover lines: combinations of r of the bits of free (lexicographic). */
static void extras(fish_t *f, unsigned cm, unsigned reach, unsigned cover, unsigned free, int r)
{
    if (r == 0) {
        try_cover(f, cm, reach, cover);
        return;
    }
    while (free && !f->oom) {
        int j = sk_ctz64(free);
        free &= free - 1;
        if (sk_pop64(free) < r - 1)
            return;
        extras(f, cm, reach, cover | 1u << j, free, r - 1);
    }
}

/* Base line combinations (lexicographic over usable), union of out[] at most k lines. */
static void combos(fish_t *f, int depth, int start, unsigned must, unsigned cm)
{
    if (depth == f->k) {
        unsigned free = 0, reach = 0;
        for (unsigned t = f->touched; t;) {
            int i = lc_popm(&t);
            if (cm >> i & 1)
                free |= f->inside[i];
            else
                reach |= f->inside[i];
        }
        free &= ~must;
        if (!free || !(reach & (must | free)))
            return;
        int r = f->k - sk_pop64(must);
        if (r <= sk_pop64(free))
            extras(f, cm, reach, must, free, r);
        return;
    }
    for (int a = start; a <= f->nusable - (f->k - depth) && !f->oom; a++) {
        int i = f->usable[a];
        unsigned u = must | f->out[i];
        if (depth > 0 && sk_pop64(u) > f->k)
            continue;
        f->combo[depth] = i;
        combos(f, depth + 1, a + 1, u, cm | 1u << i);
    }
}

/* Per-value line masks of s, rows as base (o = 0) and columns as base (o = 1):
 * lines[o][v][i] the cover lines of base line i holding v as a candidate; placed[o][i]
 * the values placed in base line i. */
typedef struct {
    unsigned lines[2][LC_MAXN + 1][LC_MAXN];
    unsigned placed[2][LC_MAXN];
} views_t;

static void views(const lc_state *s, views_t *w)
{
    const lc_geo *g = s->g;
    int n = g->n;
    memset(w, 0, sizeof *w);
    for (int c = 0; c < g->ncells; c++) {
        int r = c / n, q = c % n;
        if (s->values[c]) {
            w->placed[0][r] |= 1u << (s->values[c] - 1);
            w->placed[1][q] |= 1u << (s->values[c] - 1);
            continue;
        }
        for (unsigned mm = s->cands[c]; mm;) {
            int v = lc_popm(&mm) + 1;
            w->lines[0][v][r] |= 1u << q;
            w->lines[1][v][q] |= 1u << r;
        }
    }
}

/* The search of value v (f set up for size k on s). */
static void search_value(fish_t *f, const views_t *w, int v)
{
    const lc_geo *g = f->s->g;
    int n = g->n, k = f->k;
    for (int o = 0; o < 2 && !f->oom; o++) {
        int nlines = 0;
        for (int i = 0; i < n; i++) {
            f->m[i] = w->placed[o][i] >> (v - 1) & 1 ? 0 : w->lines[o][v][i];
            nlines += sk_pop64(f->m[i]) >= 2;
        }
        if (nlines < k)
            continue;
        f->v = v;
        f->o = o;
        for (int bi = 0; bi < g->nboxes && !f->oom; bi++) {
            unsigned inbox[LC_MAXN] = {0};
            int u = g->boxes[bi];
            for (int q = 0; q < g->unit_len[u]; q++) {
                int c = g->unit_cells[u][q], r = c / n, col = c % n;
                if (o == 0)
                    inbox[r] |= 1u << col;
                else
                    inbox[col] |= 1u << r;
            }
            f->touched = 0;
            for (int i = 0; i < n; i++) {
                f->inside[i] = f->m[i] & inbox[i];
                f->out[i] = f->m[i] & ~inbox[i];
                if (f->inside[i])
                    f->touched |= 1u << i;
            }
            if (sk_pop64(f->touched) < 2)
                continue;
            f->nusable = 0;
            for (int i = 0; i < n; i++)
                if (sk_pop64(f->m[i]) >= 2 && sk_pop64(f->out[i]) <= k)
                    f->usable[f->nusable++] = i;
            f->box = bi;
            combos(f, 0, 0, 0, 0);
        }
    }
}

/* The search of fish size k on s into f (f zeroed but for kinds_only): value by value. */
static void search(const lc_state *s, int k, fish_t *f)
{
    if (!s->g->nboxes)
        return;
    views_t w;
    views(s, &w);
    f->s = s;
    f->n = s->g->n;
    f->k = k;
    for (int v = 1; v <= f->n && !f->oom; v++)
        search_value(f, &w, v);
}

unsigned lc_finned_kinds_v(const lc_state *s, int k, int v)
{
    if (!s->g->nboxes)
        return 0;
    views_t w;
    views(s, &w);
    fish_t f;
    memset(&f, 0, sizeof f);
    f.kinds_only = 1;
    f.s = s;
    f.n = s->g->n;
    f.k = k;
    search_value(&f, &w, v);
    return f.kinds;
}

void lc_finned(const lc_state *s, int k, lc_buf *out)
{
    fish_t f;
    memset(&f, 0, sizeof f);
    f.recs = out;
    search(s, k, &f);
}
