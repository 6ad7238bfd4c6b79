/* se/basic.c -- SE's producers 1-14 and 16-18 in C: singles, locking, naked and hidden
 * sets, fish, XY- and XYZ-wings.
 *
 * Twins of sudokit/logic/se/basic.py (the specification): the same scan orders, the same first
 * hint, the same ratings and names.  Unit-local positions (bit i = the i-th cell of a unit
 * in SE's order) come from the per-step context (se/basic.h).
 */

#include <string.h>

#include "se/basic.h"

/* SE's unit-type orders: boxes, cols, rows (BCR). */
static const int bcr_first[3] = {0, 18, 9};

void se_ctx_init(se_ctx *x, const se_board *b)
{
    x->b = b;
    memset(x->upos, 0, sizeof x->upos);
    memset(x->vc, 0, sizeof x->vc);
    for (int u = 0; u < 27; u++) {
        int e = 0;
        for (int i = 0; i < 9; i++) {
            int c = se_unit_cells[u][i];
            unsigned m = b->cands[c];
            e += !b->values[c];
            while (m) {
                int v = __builtin_ctz(m) + 1;
                x->upos[u][v] |= (uint16_t)(1u << i);
                m &= m - 1;
            }
        }
        x->empties[u] = e;
    }
    for (int c = 0; c < 81; c++) {
        unsigned m = b->cands[c];
        while (m) {
            x->vc[__builtin_ctz(m) + 1] |= SE_BIT(c);
            m &= m - 1;
        }
    }
}

static void place_hint(se_hint *out, double rating, int cell, int value, const char *name)
{
    se_hint_clear(out);
    out->rating = rating;
    out->place_cell = cell;
    out->place_value = value;
    se_set_name(out, name);
}

/* ------------------------------------------------------------------------------ singles */

int se_hidden_single(const se_ctx *x, se_hint *out)
{
    for (int alone = 1; alone >= 0; alone--)
        for (int t = 0; t < 3; t++)
            for (int u = bcr_first[t]; u < bcr_first[t] + 9; u++) {
                if ((x->empties[u] == 1) != alone)
                    continue;
                for (int v = 1; v <= 9; v++) {
                    unsigned p = x->upos[u][v];
                    if (p && !(p & (p - 1))) {
                        int cell = se_unit_cells[u][__builtin_ctz(p)];
                        if (alone)
                            place_hint(out, 1.0, cell, v, "full house");
                        else
                            place_hint(out, u < 9 ? 1.2 : 1.5, cell, v, "hidden single");
                        return SE_FOUND;
                    }
                }
            }
    return SE_NONE;
}

int se_naked_single(const se_ctx *x, se_hint *out)
{
    for (int c = 0; c < 81; c++) {
        unsigned m = x->b->cands[c];
        if (m && !(m & (m - 1))) {
            place_hint(out, 2.3, c, __builtin_ctz(m) + 1, "naked single");
            return SE_FOUND;
        }
    }
    return SE_NONE;
}

/* ------------------------------------------------------------------------------ locking */

/* (first unit of types1, first unit of types2): box-col, box-row, col-box, row-box */
static const int lock_pairs[4][2] = {{0, 18}, {0, 9}, {18, 0}, {9, 0}};

int se_locking(const se_ctx *x, int direct, se_hint *out)
{
    for (int p = 0; p < 4; p++) {
        int t1 = lock_pairs[p][0], t2 = lock_pairs[p][1];
        for (int u1 = t1; u1 < t1 + 9; u1++) {
            se_cells b1 = se_unit_bits[u1];
            for (int u2 = t2; u2 < t2 + 9; u2++) {
                se_cells b2 = se_unit_bits[u2];
                if (!(b1 & b2))
                    continue;
                for (int v = 1; v <= 9; v++) {
                    se_cells pos = x->vc[v] & b1;
                    if (!(pos & (pos - 1)) || (pos & ~b2))
                        continue;
                    if (direct) {
                        for (int u3 = t1; u3 < t1 + 9; u3++) {
                            if (u3 == u1 || !(se_unit_bits[u3] & b2))
                                continue;
                            se_cells pos3 = x->vc[v] & se_unit_bits[u3];
                            if (pos3 & (pos3 - 1)) {
                                se_cells rest = pos3 & ~b2;
                                if (se_one(rest)) {
                                    int pointing = u1 < 9;
                                    place_hint(out, pointing ? 1.7 : 1.9,
                                               sk_ctz128(rest), v,
                                               pointing ? "direct pointing" : "direct claiming");
                                    return SE_FOUND;
                                }
                            }
                        }
                    } else {
                        se_cells gone = x->vc[v] & b2 & ~b1;
                        if (gone) {
                            int pointing = u1 < 9;
                            se_hint_clear(out);
                            out->rating = pointing ? 2.6 : 2.8;
                            for (int c = 0; c < 81; c++)
                                if (gone >> c & 1)
                                    out->elims[c] = (uint16_t)(1u << (v - 1));
                            se_set_name(out, pointing ? "pointing" : "claiming");
                            return SE_FOUND;
                        }
                    }
                }
            }
        }
    }
    return SE_NONE;
}

/* ------------------------------------------------------------------------------ subsets */

static const double hidden_rating[5] = {0, 0, 3.4, 4.0, 5.4};
static const double naked_rating[5] = {0, 0, 3.0, 3.6, 5.0};
static const double fish_rating[5] = {0, 0, 3.2, 3.8, 5.2};
static const char *const hidden_name[5] = {"", "", "hidden set 2", "hidden set 3",
                                           "hidden set 4"};
static const char *const naked_name[5] = {"", "", "naked set 2", "naked set 3", "naked set 4"};
static const char *const fish_name[5] = {"", "", "fish 2", "fish 3", "fish 4"};

int se_hidden_set(const se_ctx *x, int k, int direct, se_hint *out)
{
    const se_board *b = x->b;
    for (int t = 0; t < 3; t++)
        for (int u = bcr_first[t]; u < bcr_first[t] + 9; u++) {
            int empty = x->empties[u];
            if (!(empty > 2 * k || (direct && empty > k)))
                continue;
            const uint16_t *pos = x->upos[u];  /* pos[v], v = 1..9 */
            int vals[9], n = 0;
            for (int v = 1; v <= 9; v++) {
                int cnt = sk_pop32(pos[v]);
                if (cnt >= 2 && cnt <= k)
                    vals[n++] = v;
            }
            if (n < k)
                continue;
            for (unsigned sub = se_colex_first(k); sub < (1u << n); sub = se_colex_next(sub)) {
                unsigned uni = 0, vmask = 0;
                for (int j = 0; j < n; j++)
                    if (sub >> j & 1) {
                        uni |= pos[vals[j]];
                        vmask |= 1u << (vals[j] - 1);
                    }
                if (sk_pop32(uni) != k)
                    continue;
                if (direct) {
                    for (int v = 1; v <= 9; v++) {
                        if (vmask >> (v - 1) & 1)
                            continue;
                        unsigned p = pos[v];
                        if (p & (p - 1)) {
                            unsigned rest = p & ~uni;
                            if (rest && !(rest & (rest - 1))) {
                                place_hint(out, k == 2 ? 2.0 : 2.5,
                                           se_unit_cells[u][__builtin_ctz(rest)], v,
                                           k == 2 ? "direct hidden pair" : "direct hidden triple");
                                return SE_FOUND;
                            }
                        }
                    }
                    continue;
                }
                int any = 0;
                uint16_t el[9];
                for (int i = 0; i < 9; i++) {
                    el[i] = 0;
                    if (uni >> i & 1) {
                        el[i] = b->cands[se_unit_cells[u][i]] & (uint16_t)~vmask;
                        any |= el[i];
                    }
                }
                if (any) {
                    se_hint_clear(out);
                    out->rating = hidden_rating[k];
                    for (int i = 0; i < 9; i++)
                        out->elims[se_unit_cells[u][i]] = el[i];
                    se_set_name(out, hidden_name[k]);
                    return SE_FOUND;
                }
            }
        }
    return SE_NONE;
}

int se_naked_set(const se_ctx *x, int k, se_hint *out)
{
    const se_board *b = x->b;
    for (int t = 0; t < 3; t++)
        for (int u = bcr_first[t]; u < bcr_first[t] + 9; u++) {
            if (x->empties[u] < 2 * k)
                continue;
            const int *cells = se_unit_cells[u];
            int idx[9], n = 0;
            for (int i = 0; i < 9; i++) {
                int cnt = sk_pop32(b->cands[cells[i]]);
                if (cnt >= 2 && cnt <= k)
                    idx[n++] = i;
            }
            if (n < k)
                continue;
            for (unsigned sub = se_colex_first(k); sub < (1u << n); sub = se_colex_next(sub)) {
                unsigned uni = 0, chosen = 0;
                for (int j = 0; j < n; j++)
                    if (sub >> j & 1) {
                        uni |= b->cands[cells[idx[j]]];
                        chosen |= 1u << idx[j];
                    }
                if (sk_pop32(uni) != k)
                    continue;
                int any = 0;
                for (int i = 0; i < 9; i++)
                    if (!(chosen >> i & 1))
                        any |= b->cands[cells[i]] & uni;
                if (any) {
                    se_hint_clear(out);
                    out->rating = naked_rating[k];
                    for (int i = 0; i < 9; i++)
                        if (!(chosen >> i & 1))
                            out->elims[cells[i]] = b->cands[cells[i]] & (uint16_t)uni;
                    se_set_name(out, naked_name[k]);
                    return SE_FOUND;
                }
            }
        }
    return SE_NONE;
}

int se_fish(const se_ctx *x, int k, se_hint *out)
{
    const se_board *b = x->b;
    int placed[10] = {0};
    for (int c = 0; c < 81; c++)
        placed[b->values[c]]++;
    int wanted[9], nw = 0;
    for (int v = 1; v <= 9; v++)
        if (placed[v] + 2 * k <= 9)
            wanted[nw++] = v;
    static const int sides[2][2] = {{18, 9}, {9, 18}};  /* (base, cover): cols/rows, rows/cols */
    for (int s = 0; s < 2; s++) {
        int base0 = sides[s][0], cover0 = sides[s][1];
        unsigned valid[10] = {0};
        for (int w = 0; w < nw; w++) {
            int v = wanted[w];
            for (int i = 0; i < 9; i++) {
                int cnt = sk_pop32(x->upos[base0 + i][v]);
                if (cnt >= 2 && cnt <= k)
                    valid[v] |= 1u << i;
            }
        }
        for (unsigned cm = se_colex_first(k); cm < 512; cm = se_colex_next(cm)) {
            for (int w = 0; w < nw; w++) {
                int v = wanted[w];
                if (cm & ~valid[v])
                    continue;
                unsigned cover = 0;
                for (int i = 0; i < 9; i++)
                    if (cm >> i & 1)
                        cover |= x->upos[base0 + i][v];
                if (sk_pop32(cover) != k)
                    continue;
                /* cover line j, cell i of it lies in base line i */
                uint16_t bit = (uint16_t)(1u << (v - 1));
                int any = 0;
                for (int j = 0; j < 9; j++)
                    if (cover >> j & 1)
                        any |= x->upos[cover0 + j][v] & ~cm;
                if (any) {
                    se_hint_clear(out);
                    out->rating = fish_rating[k];
                    for (int j = 0; j < 9; j++)
                        if (cover >> j & 1) {
                            unsigned gone = x->upos[cover0 + j][v] & ~cm;
                            for (int i = 0; i < 9; i++)
                                if (gone >> i & 1)
                                    out->elims[se_unit_cells[cover0 + j][i]] = bit;
                        }
                    se_set_name(out, fish_name[k]);
                    return SE_FOUND;
                }
            }
        }
    }
    return SE_NONE;
}

/* ------------------------------------------------------------------------------ wings */

int se_wing(const se_ctx *x, int xyz, se_hint *out)
{
    const uint16_t *cands = x->b->cands;
    int size = xyz ? 3 : 2, common = xyz ? 1 : 0;
    for (int pivot = 0; pivot < 81; pivot++) {
        unsigned xy = cands[pivot];
        if (sk_pop32(xy) != size)
            continue;
        for (int a = 0; a < 20; a++) {
            int xzc = se_house[pivot][a];
            unsigned xz = cands[xzc];
            if (sk_pop32(xz) != 2 || sk_pop32(xy & ~xz) != 1)
                continue;
            for (int bb = 0; bb < 20; bb++) {
                int yzc = se_house[pivot][bb];
                unsigned yz = cands[yzc];
                if (sk_pop32(yz) != 2)
                    continue;
                if (sk_pop32(xy | xz | yz) != 3 || sk_pop32(xy & xz & yz) != common)
                    continue;
                unsigned z = xz & yz;
                z &= -z;
                se_cells victims = se_house_bits[xzc] & se_house_bits[yzc];
                if (xyz)
                    victims &= se_house_bits[pivot];
                victims &= ~(SE_BIT(pivot) | SE_BIT(xzc) | SE_BIT(yzc));
                victims &= x->vc[__builtin_ctz(z) + 1];
                if (victims) {
                    se_hint_clear(out);
                    out->rating = xyz ? 4.4 : 4.2;
                    for (int c = 0; c < 81; c++)
                        if (victims >> c & 1)
                            out->elims[c] = (uint16_t)z;
                    se_set_name(out, xyz ? "XYZ-wing" : "XY-wing");
                    return SE_FOUND;
                }
            }
        }
    }
    return SE_NONE;
}
