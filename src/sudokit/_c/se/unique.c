/* se/unique.c -- SE's uniqueness producers in C: unique rectangles / loops (15), BUG (19).
 *
 * Twins of sudokit/logic/se/unique.py: the same depth-first loop walk (with SE's quirk of the
 * extra values kept across siblings), the same loop types in the same order, the smallest
 * (rating, type) hint with discovery order on ties; BUG's types in SE's order.
 */

#include <string.h>

#include "se/basic.h"

static double loop_rating(int n)
{
    double r = 4.5;
    if (n >= 10)
        r += 0.3;
    if (n >= 8)
        r += 0.2;
    else if (n >= 6)
        r += 0.1;
    return r;
}

typedef struct {
    const se_ctx *x;
    const uint16_t *cands;
    unsigned pair;
    int v1, v2;
    int loop[81], len;
    se_cells in_loop;
    se_hint best, h;
    int found;
} walker;

static void offer(walker *w, const se_hint *h)
{
    if (!w->found || h->rating < w->best.rating
        || (h->rating == w->best.rating && h->key < w->best.key)) {
        w->best = *h;
        w->found = 1;
    }
}

static int is_valid(const walker *w)
{
    uint32_t odd = 0, even = 0;
    int flip = 0;
    for (int i = 0; i < w->len; i++) {
        uint32_t *side = flip ? &odd : &even;
        for (int t = 0; t < 3; t++) {
            uint32_t bit = 1u << se_cell_units[w->loop[i]][t];
            if (*side & bit)
                return 0;
            *side |= bit;
        }
        flip = !flip;
    }
    return odd == even;
}

static void type2(walker *w, const int *extra, int ne, int n)
{
    const uint16_t *cands = w->cands;
    unsigned value = cands[extra[0]] & ~w->pair;
    value &= -value;
    se_cells common = se_house_bits[extra[0]], ext = 0;
    for (int i = 0; i < ne; i++) {
        ext |= SE_BIT(extra[i]);
        if (i)
            common &= se_house_bits[extra[i]];
    }
    common &= ~ext;
    se_hint *h = &w->h;
    se_hint_clear(h);
    int any = 0;
    for (int c = 0; c < 81; c++)
        if ((common >> c & 1) && (cands[c] & value)) {
            h->elims[c] = (uint16_t)value;
            any = 1;
        }
    if (!any)
        return;
    h->rating = loop_rating(n);
    h->key = 2;
    se_set_name(h, "unique loop type 2");
    offer(w, h);
}

static void type3(walker *w, int c1, int c2, int n)
{
    const uint16_t *cands = w->cands;
    unsigned pair = w->pair;
    unsigned extra = (cands[c1] | cands[c2]) & ~pair;
    double base = loop_rating(n);
    se_hint *h = &w->h;
    for (int degree = sk_pop32(extra); degree < 8; degree++)
        for (int t = 0; t < 3; t++) {
            int u = se_cell_units[c1][t];
            if (u != se_cell_units[c2][t])
                continue;
            const int *cells = se_unit_cells[u];
            int empty = w->x->empties[u];
            int i1 = se_unit_index[c1][u], i2 = se_unit_index[c2][u];
            if (degree * 2 <= empty) {
                for (unsigned cm = se_colex_first(degree); cm < 512; cm = se_colex_next(cm)) {
                    if (!(cm >> i1 & 1) || (cm >> i2 & 1))
                        continue;
                    unsigned naked = extra & cands[c1] & cands[c2], uni = 0;
                    int ok = 1;
                    for (int i = 0; i < 9; i++) {
                        if (!(cm >> i & 1))
                            continue;
                        unsigned p;
                        if (i == i1) {
                            p = extra;
                        } else {
                            p = cands[cells[i]];
                            naked |= p;
                        }
                        if (sk_pop32(p) < 2)
                            ok = 0;
                        uni |= p;
                    }
                    if (sk_pop32(naked) != degree || !ok || sk_pop32(uni) != degree)
                        continue;
                    se_hint_clear(h);
                    int any = 0;
                    for (int i = 0; i < 9; i++) {
                        int c = cells[i];
                        if ((cm >> i & 1) && i != i1)
                            continue;
                        if (c == c1 || c == c2)
                            continue;
                        h->elims[c] = (uint16_t)(cands[c] & uni);
                        any |= h->elims[c];
                    }
                    if (any) {
                        h->rating = base + (sk_pop32(uni) - 1) * 0.1;
                        h->key = 3;
                        se_set_name(h, "unique loop type 3 naked");
                        offer(w, h);
                    }
                }
            }
            if (degree * 2 < empty) {
                int rem[9], nr = 0;
                for (int v = 1; v <= 9; v++)
                    if (v != w->v1 && v != w->v2 && !(extra >> (v - 1) & 1))
                        rem[nr++] = v;
                if (degree - 2 > nr)
                    continue;
                int k = degree - 2;
                unsigned cm = se_colex_first(k);
                for (;;) {
                    if (cm >= (1u << nr))
                        break;
                    unsigned hidden = (1u << (w->v1 - 1)) | (1u << (w->v2 - 1)), uni = 0;
                    int ok = 1;
                    for (int j = 0; j < nr; j++)
                        if (cm >> j & 1)
                            hidden |= 1u << (rem[j] - 1);
                    for (int v = 1; v <= 9; v++) {
                        if (!(hidden >> (v - 1) & 1))
                            continue;
                        unsigned p = w->x->upos[u][v] & ~(1u << i2);
                        if (!p)
                            ok = 0;
                        uni |= p;
                    }
                    if (ok && sk_pop32(uni) == degree) {
                        uni &= ~((1u << i1) | (1u << i2));
                        se_hint_clear(h);
                        int any = 0;
                        for (int i = 0; i < 9; i++)
                            if (uni >> i & 1) {
                                int c = cells[i];
                                h->elims[c] = (uint16_t)(cands[c] & ~hidden);
                                any |= h->elims[c];
                            }
                        if (any) {
                            h->rating = base + (sk_pop32(uni) - 1) * 0.1;
                            h->key = 3;
                            se_set_name(h, "unique loop type 3 hidden");
                            offer(w, h);
                        }
                    }
                    if (k == 0)
                        break;
                    cm = se_colex_next(cm);
                }
            }
        }
}

static void type4(walker *w, int c1, int c2, int n)
{
    const uint16_t *cands = w->cands;
    unsigned b1 = 1u << (w->v1 - 1), b2 = 1u << (w->v2 - 1);
    int r1 = 0, r2 = 0;
    for (int t = 0; t < 3; t++) {
        int u = se_cell_units[c1][t];
        if (u != se_cell_units[c2][t])
            continue;
        int has1 = 0, has2 = 0;
        for (int i = 0; i < 9; i++) {
            int c = se_unit_cells[u][i];
            if (c != c1 && c != c2) {
                has1 |= (cands[c] & b1) != 0;
                has2 |= (cands[c] & b2) != 0;
            }
        }
        r1 |= !has1;
        r2 |= !has2;
    }
    if (!r1 && !r2)
        return;
    unsigned gone = r1 ? b2 : b1;
    se_hint *h = &w->h;
    se_hint_clear(h);
    h->elims[c1] = (uint16_t)gone;
    h->elims[c2] |= (uint16_t)gone;
    h->rating = loop_rating(n);
    h->key = 4;
    se_set_name(h, "unique loop type 4");
    offer(w, h);
}

/* One closed loop found by the walk: its hints, offered in the Python twin's order. */
static void on_loop(walker *w)
{
    if (!is_valid(w))
        return;
    const uint16_t *cands = w->cands;
    int n = w->len, extra[81], ne = 0;
    for (int i = 0; i < n; i++)
        if (sk_pop32(cands[w->loop[i]]) > 2)
            extra[ne++] = w->loop[i];
    if (ne == 1) {
        se_hint *h = &w->h;
        se_hint_clear(h);
        h->elims[extra[0]] = (uint16_t)w->pair;
        h->rating = loop_rating(n);
        h->key = 1;
        se_set_name(h, "unique loop type 1");
        offer(w, h);
    } else if (ne > 2) {
        type2(w, extra, ne, n);
    } else if (ne == 2) {
        int c1 = extra[0], c2 = extra[1];
        unsigned rest = (cands[c1] | cands[c2]) & ~w->pair;
        if (sk_pop32(rest) == 1)
            type2(w, extra, ne, n);
        else if (sk_pop32(rest) >= 2)
            type3(w, c1, c2, n);
        type4(w, c1, c2, n);
    }
}

static void walk(walker *w, int cell, int allowed, unsigned extra, int last)
{
    w->loop[w->len++] = cell;
    w->in_loop |= SE_BIT(cell);
    for (int t = 0; t < 3; t++) {
        if (t == last)
            continue;
        const int *cells = se_unit_cells[se_cell_units[cell][t]];
        for (int i = 0; i < 9; i++) {
            int nxt = cells[i];
            if (nxt == w->loop[0] && w->len >= 4) {
                on_loop(w);
            } else if (!(w->in_loop >> nxt & 1)) {
                unsigned p = w->cands[nxt];
                if ((p & w->pair) == w->pair) {
                    extra |= p & ~w->pair;  /* kept across siblings (SE's quirk) */
                    int card = sk_pop32(p);
                    if (card == 2 || sk_pop32(extra) == 1 || allowed > 0)
                        walk(w, nxt, card > 2 ? allowed - 1 : allowed, extra, t);
                }
            }
        }
    }
    w->len--;
    w->in_loop &= ~SE_BIT(cell);
}

int se_unique_loops(const se_ctx *x, se_hint *out)
{
    static walker w;  /* under the GIL: one rating at a time */
    w.x = x;
    w.cands = x->b->cands;
    w.found = 0;
    for (int cell = 0; cell < 81; cell++) {
        unsigned m = w.cands[cell];
        if (sk_pop32(m) != 2)
            continue;
        w.pair = m;
        w.v1 = __builtin_ctz(m) + 1;
        w.v2 = 31 - __builtin_clz(m) + 1;
        w.len = 0;
        w.in_loop = 0;
        walk(&w, cell, 2, 0, -1);
    }
    if (!w.found)
        return SE_NONE;
    *out = w.best;
    return SE_FOUND;
}

/* ------------------------------------------------------------------------------ BUG */

static int shared_unit(const int *cells, int n, int t)
{
    int u = se_cell_units[cells[0]][t];
    for (int i = 1; i < n; i++)
        if (se_cell_units[cells[i]][t] != u)
            return -1;
    return u;
}

static int bug4(const uint16_t *cands, const int *bc, const uint16_t *bvals, unsigned all_bug,
                se_hint *out)
{
    int c1 = bc[0], c2 = bc[1];
    unsigned shared = cands[c1] & cands[c2] & ~all_bug;
    if (sk_pop32(shared) != 1)
        return SE_NONE;
    for (int t = 0; t < 3; t++)
        if (shared_unit(bc, 2, t) >= 0) {
            se_hint_clear(out);
            out->rating = 5.7;
            out->elims[c1] = (uint16_t)(cands[c1] & ~bvals[c1] & ~shared);
            out->elims[c2] = (uint16_t)(cands[c2] & ~bvals[c2] & ~shared);
            se_set_name(out, "BUG type 4");
            return SE_FOUND;
        }
    return SE_NONE;
}

static int bug3(const uint16_t *cands, const int *bc, int nb, unsigned all_bug,
                const int *common, int ncommon, se_hint *out)
{
    for (int t = 0; t < 3; t++) {
        int u = shared_unit(bc, nb, t);
        if (u < 0)
            continue;
        int region[20], nr = 0;
        for (int i = 0; i < ncommon; i++)
            if (se_unit_bits[u] >> common[i] & 1)
                region[nr++] = common[i];
        for (int degree = 2; degree <= 6; degree++) {
            if (nr < degree)
                continue;
            int k = degree - 1;
            for (unsigned cm = se_colex_first(k); cm < (1u << nr); cm = se_colex_next(cm)) {
                unsigned other = 0;
                int ok = 1;
                for (int j = 0; j < nr; j++)
                    if (cm >> j & 1) {
                        other |= cands[region[j]];
                        if (sk_pop32(cands[region[j]]) < 2)
                            ok = 0;
                    }
                if (sk_pop32(other) != degree)
                    continue;
                unsigned uni = other | all_bug;
                if (!ok || sk_pop32(all_bug) < 2 || sk_pop32(uni) != degree)
                    continue;
                se_hint_clear(out);
                int any = 0;
                for (int j = 0; j < nr; j++) {
                    int c = region[j], isbug = 0;
                    for (int i = 0; i < nb; i++)
                        isbug |= bc[i] == c;
                    if ((cm >> j & 1) || isbug)
                        continue;
                    out->elims[c] = (uint16_t)(cands[c] & uni);
                    any |= out->elims[c];
                }
                if (any) {
                    out->rating = 5.7 + (sk_pop32(uni) - 1) * 0.1;
                    se_set_name(out, "BUG type 3");
                    return SE_FOUND;
                }
            }
        }
    }
    return SE_NONE;
}

int se_bug(const se_ctx *x, se_hint *out)
{
    const uint16_t *cands = x->b->cands;
    const uint8_t *values = x->b->values;
    uint16_t temp[81], bvals[81] = {0};
    memcpy(temp, cands, sizeof temp);
    int bc[81], nb = 0, common[20], ncommon = -1;  /* -1: None */
    unsigned all_bug = 0;
    static const int brc_first[3] = {0, 9, 18};
    for (int t = 0; t < 3; t++)
        for (int u = brc_first[t]; u < brc_first[t] + 9; u++)
            for (int v = 1; v <= 9; v++) {
                unsigned bit = 1u << (v - 1), pos = x->upos[u][v];
                int np = sk_pop32(pos);
                if (np == 0 || np == 2)
                    continue;
                int nnew = 0, c = -1;
                for (int i = 0; i < 9; i++)
                    if ((pos >> i & 1) && sk_pop32(cands[se_unit_cells[u][i]]) >= 3) {
                        nnew++;
                        c = se_unit_cells[u][i];
                    }
                if (nnew == 1) {
                    int known = 0;
                    for (int i = 0; i < nb; i++)
                        known |= bc[i] == c;
                    if (!known)
                        bc[nb++] = c;
                    bvals[c] |= (uint16_t)bit;
                    all_bug |= bit;
                    temp[c] &= (uint16_t)~bit;
                    if (ncommon < 0) {
                        ncommon = 20;
                        memcpy(common, se_house[c], sizeof common);
                    } else {
                        int k = 0;
                        for (int i = 0; i < ncommon; i++)
                            if (se_house_bits[c] >> common[i] & 1)
                                common[k++] = common[i];
                        ncommon = k;
                    }
                    int k = 0;
                    for (int i = 0; i < ncommon; i++) {
                        int isbug = 0;
                        for (int j = 0; j < nb; j++)
                            isbug |= bc[j] == common[i];
                        if (!isbug)
                            common[k++] = common[i];
                    }
                    ncommon = k;
                    if (nb > 1 && sk_pop32(all_bug) > 1 && ncommon == 0)
                        return SE_NONE;
                }
                if (nnew == 0)
                    return SE_NONE;
            }
    for (int c = 0; c < 81; c++)
        if (!values[c] && sk_pop32(temp[c]) != 2)
            return SE_NONE;
    for (int u = 0; u < 27; u++)
        for (int v = 1; v <= 9; v++) {
            unsigned bit = 1u << (v - 1);
            int n = 0;
            for (int i = 0; i < 9; i++)
                n += (temp[se_unit_cells[u][i]] & bit) != 0;
            if (n != 0 && n != 2)
                return SE_NONE;
        }
    if (nb == 1) {
        int c = bc[0];
        se_hint_clear(out);
        out->rating = 5.6;
        out->elims[c] = (uint16_t)(cands[c] & ~all_bug);
        se_set_name(out, "BUG type 1");
        return SE_FOUND;
    }
    if (sk_pop32(all_bug) == 1) {
        if (ncommon > 0) {
            se_hint_clear(out);
            int any = 0;
            for (int i = 0; i < ncommon; i++)
                if (cands[common[i]] & all_bug) {
                    out->elims[common[i]] = (uint16_t)all_bug;
                    any = 1;
                }
            if (any) {
                out->rating = 5.7;
                se_set_name(out, "BUG type 2");
                return SE_FOUND;
            }
        }
        if (nb == 2)
            return bug4(cands, bc, bvals, all_bug, out);
        return SE_NONE;
    }
    if (ncommon > 0) {
        if (nb == 2 && bug4(cands, bc, bvals, all_bug, out) == SE_FOUND)
            return SE_FOUND;
        return bug3(cands, bc, nb, all_bug, common, ncommon, out);
    }
    return SE_NONE;
}
