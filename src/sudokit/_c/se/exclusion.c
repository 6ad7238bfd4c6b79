/* se/exclusion.c -- SE's producers 20 and 22 in C: aligned pair and triple exclusion.
 *
 * Twins of aligned_pair / aligned_triple in sudokit/logic/se/basic.py: the same base cells and
 * excluders (in SE's house order), the same pairs in colex order, the same first hint.
 */

#include <string.h>

#include "se/basic.h"

typedef struct {
    int n;               /* base cells */
    int cells[81];       /* increasing */
    int nex[81];         /* per base cell index: its excluders, house order */
    int ex[81][20];
    se_cells exbits[81]; /* the same as cell sets */
    se_cells base;       /* the base cells as a set */
} base_set;

/* SE's base cells: 2+ candidates, no house cell with one candidate, some excluder (a house
   cell with 2..top candidates). */
static void base_cells(const uint16_t *cands, int top, base_set *s)
{
    s->n = 0;
    s->base = 0;
    for (int c = 0; c < 81; c++) {
        if (sk_pop32(cands[c]) < 2)
            continue;
        int single = 0, n = 0, j = s->n;
        se_cells bits = 0;
        for (int i = 0; i < 20; i++) {
            int d = se_house[c][i], k = sk_pop32(cands[d]);
            if (k == 1) {
                single = 1;
                break;
            }
            if (k >= 2 && k <= top) {
                s->ex[j][n++] = d;
                bits |= SE_BIT(d);
            }
        }
        if (!single && n) {
            s->cells[j] = c;
            s->nex[j] = n;
            s->exbits[j] = bits;
            s->base |= SE_BIT(c);
            s->n++;
        }
    }
}

static int sees(int a, int b) { return (int)(se_house_bits[a] >> b & 1); }

/* The candidates of the base cells no allowed combination uses (elims[j]); returns whether
   any.  A combination (one value per cell) is refused when two cells that see each other
   get the same value, or when a common excluder has all its candidates among the values. */
static int exclude(const uint16_t *cands, const int *base, int nb, se_cells common,
                   uint16_t *elims)
{
    unsigned ex[81];
    int ne = 0;
    for (int c = 0; c < 81; c++)
        if (common >> c & 1) {
            unsigned m = cands[c];
            int dup = 0;
            for (int i = 0; i < ne && !dup; i++)
                dup = ex[i] == m;
            if (!dup)
                ex[ne++] = m;
        }
    unsigned allowed[3] = {0, 0, 0}, full[3];
    for (int j = 0; j < nb; j++)
        full[j] = cands[base[j]];
    int c0 = base[0], c1 = base[1], c2 = nb == 3 ? base[2] : -1;
    int s01 = sees(c0, c1), s02 = nb == 3 && sees(c0, c2), s12 = nb == 3 && sees(c1, c2);
    for (unsigned m0 = full[0]; m0; m0 &= m0 - 1) {
        unsigned b0 = m0 & -m0;
        for (unsigned m1 = full[1]; m1; m1 &= m1 - 1) {
            unsigned b1 = m1 & -m1;
            if (b0 == b1 && s01)
                continue;
            if (nb == 2) {
                unsigned used = b0 | b1;
                int bad = 0;
                for (int i = 0; i < ne && !bad; i++)
                    bad = !(ex[i] & ~used);
                if (bad)
                    continue;
                allowed[0] |= b0;
                allowed[1] |= b1;
                if (allowed[0] == full[0] && allowed[1] == full[1])
                    return 0;
                continue;
            }
            for (unsigned m2 = full[2]; m2; m2 &= m2 - 1) {
                unsigned b2 = m2 & -m2;
                if ((b2 == b0 && s02) || (b2 == b1 && s12))
                    continue;
                unsigned used = b0 | b1 | b2;
                int bad = 0;
                for (int i = 0; i < ne && !bad; i++)
                    bad = !(ex[i] & ~used);
                if (bad)
                    continue;
                allowed[0] |= b0;
                allowed[1] |= b1;
                allowed[2] |= b2;
                if (allowed[0] == full[0] && allowed[1] == full[1] && allowed[2] == full[2])
                    return 0;
            }
        }
    }
    (void)c2;
    int any = 0;
    for (int j = 0; j < nb; j++) {
        elims[j] = (uint16_t)(full[j] & ~allowed[j]);
        any |= elims[j];
    }
    return any != 0;
}

static void exclusion_hint(se_hint *out, double rating, const int *base, int nb,
                           const uint16_t *elims, const char *name)
{
    se_hint_clear(out);
    out->rating = rating;
    for (int j = 0; j < nb; j++)
        out->elims[base[j]] = elims[j];
    se_set_name(out, name);
}

int se_aligned_pair(const se_ctx *x, se_hint *out)
{
    const uint16_t *cands = x->b->cands;
    static base_set s;  /* the rater runs under the GIL: one at a time */
    base_cells(cands, 2, &s);
    for (int i1 = 1; i1 < s.n; i1++)
        for (int i0 = 0; i0 < i1; i0++) {
            se_cells common = s.exbits[i0] & s.exbits[i1];
            if (sk_pop128(common) < 2)
                continue;
            int base[2] = {s.cells[i0], s.cells[i1]};
            uint16_t elims[3];
            if (exclude(cands, base, 2, common, elims)) {
                exclusion_hint(out, 6.2, base, 2, elims, "aligned pair exclusion");
                return SE_FOUND;
            }
        }
    return SE_NONE;
}

int se_aligned_triple(const se_ctx *x, se_hint *out)
{
    const uint16_t *cands = x->b->cands;
    static base_set s;
    static int index_of[81];
    base_cells(cands, 3, &s);
    if (s.n < 3)
        return SE_NONE;
    for (int j = 0; j < s.n; j++)
        index_of[s.cells[j]] = j;
    for (int i1 = 1; i1 < s.n; i1++)
        for (int i0 = 0; i0 < i1; i0++) {
            int c0 = s.cells[i0], c1 = s.cells[i1];
            se_cells common01 = s.exbits[i0] & s.exbits[i1];
            if (sk_pop128(common01) < 2)
                continue;
            se_cells seen = SE_BIT(c0) | SE_BIT(c1);
            for (int pass = 0; pass < 2; pass++) {
                int from = pass ? i1 : i0;
                for (int e = 0; e < s.nex[from]; e++) {
                    int c2 = s.ex[from][e];
                    if ((seen >> c2 & 1) || !(s.base >> c2 & 1))
                        continue;
                    seen |= SE_BIT(c2);
                    se_cells common = common01 & s.exbits[index_of[c2]];
                    if (sk_pop128(common) < 2)
                        continue;
                    int base[3] = {c0, c1, c2};
                    uint16_t elims[3];
                    if (exclude(cands, base, 3, common, elims)) {
                        exclusion_hint(out, 7.5, base, 3, elims, "aligned triple exclusion");
                        return SE_FOUND;
                    }
                }
            }
        }
    return SE_NONE;
}
