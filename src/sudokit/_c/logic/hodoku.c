/* logic/hodoku.c -- two hot loops of HoDoKu's finders in C, each the twin of a Python
 * specification whose module docstring holds the rules: the tables' breadth-first
 * expansion (_Tabling._expand_one in sudokit/logic/hodoku/tabling.py), the forcing nets'
 * expansion (_NetTabling._expand_one in nets.py) and the simple chains' depth-first search
 * (chain_step in chains.py).
 *
 * The entries of a table are walked in order, those being appended included; each entry's
 * own table gives its direct entries, and every one not yet in the table is appended with
 * the entry as its source.  A full table (cap entries) stops the walk; an entry reached
 * while the table is full only becomes the source of the last entry (HoDoKu's rule).
 */
#include "logic/hodoku.h"

#include <stdlib.h>

int32_t hd_expand_table(const int32_t *off, const int32_t *len, const int32_t *list,
                        int32_t ninit, int32_t cap, uint32_t *mark, uint32_t stamp,
                        int32_t *nodes, int32_t *pred)
{
    int32_t n = ninit;
    for (int32_t i = 0; i < n; i++)
        mark[nodes[i]] = stamp;
    for (int32_t j = 1; j < n; j++) {
        if (n >= cap)
            break;
        int32_t node = nodes[j];
        const int32_t *d = list + off[node];
        for (int32_t i = 0; i < len[node]; i++) {
            int32_t k = d[i];
            if (mark[k] == stamp)
                continue;
            if (n >= cap) {
                pred[n - 1] = node;
                continue;
            }
            mark[k] = stamp;
            nodes[n] = k;
            pred[n] = node;
            n++;
        }
    }
    return n;
}

/* --- net tables ------------------------------------------------------------------------- */

/* The rules: sudokit/logic/hodoku/nets.py (_NetTabling._expand_one and _mark).  Only the
 * appended entries are ever expanded, so marks (a new source at a shorter distance, or the
 * last entry of a full table) touch appended entries only. */
int32_t hd_net_expand_table(const int32_t *off, const int32_t *len, const int32_t *list,
                            const int32_t *ldist, const int32_t *src, int32_t ninit, int32_t cap,
                            uint32_t *mark, int32_t *pos, uint32_t stamp, int32_t *nodes,
                            int32_t *dist, int32_t *ret, uint8_t *on, uint8_t *ext)
{
    int32_t n = ninit;
    for (int32_t i = 0; i < n; i++) {        /* a repeated node: its last position */
        mark[nodes[i]] = stamp;
        pos[nodes[i]] = i;
        ret[i] = -1, on[i] = 0, ext[i] = 0;
    }
    for (int32_t j = 1; j < n; j++) {
        if (n >= cap)
            break;
        int32_t node = nodes[j], base = dist[j];
        int32_t from_ext = node >= 1620, from_on = !from_ext && (node & 1);
        int32_t s = src[node];
        const int32_t *d = list + off[node], *dd = ldist + off[node];
        for (int32_t i = 0; i < len[node]; i++) {
            int32_t k = d[i], nd = (base + dd[i]) & 0x1FF, o;
            if (mark[k] == stamp) {
                o = pos[k];
                if (o < ninit || dist[o] <= nd)     /* only expanded entries move */
                    continue;
            } else if (n >= cap) {
                o = n - 1;
            } else {
                o = n++;
                mark[k] = stamp;
                pos[k] = o;
                nodes[o] = k;
                on[o] = 0, ext[o] = 0;
            }
            ret[o] = s;
            if (from_ext)
                ext[o] = 1;
            else if (from_on)
                on[o] = 1;
            dist[o] = nd;
        }
    }
    return n;
}

/* --- simple chains ----------------------------------------------------------------------- */

typedef struct {
    uint8_t cell, val, strong;
} hd_link;

/* The 9x9 units as HoDoKu numbers them, each cell's units and peers (made once). */
static lc_set unit_bits[27], peer_bits[81];
static uint8_t cell_units[81][3];
static int tables_made;

static void make_tables(void)
{
    if (tables_made)
        return;
    for (int c = 0; c < 81; c++) {
        int r = c / 9, k = c % 9, b = r / 3 * 3 + k / 3;
        cell_units[c][0] = (uint8_t)r;
        cell_units[c][1] = (uint8_t)(9 + k);
        cell_units[c][2] = (uint8_t)(18 + b);
        for (int i = 0; i < 3; i++)
            lc_add(&unit_bits[cell_units[c][i]], c);
    }
    for (int c = 0; c < 81; c++) {
        lc_set p = LC_EMPTY;
        for (int i = 0; i < 3; i++)
            p = lc_or(p, unit_bits[cell_units[c][i]]);
        peer_bits[c] = lc_andnot(p, lc_bit(c));
    }
    tables_made = 1;
}

static int pop9(unsigned m) { return sk_pop64((uint64_t)m); }

/* The links of every (cell, value) node (cell * 10 + value): first[node] .. first[node + 1]
 * in links; _links in chains.py. */
static void build_links(int kind, const uint16_t *cands, const lc_set *where,
                        const uint8_t (*counts)[10], int *first, hd_link *links)
{
    int xlike = kind == HD_X_CHAIN || kind == HD_TURBOT;
    lc_set reach = LC_ALL;
    if (!xlike) {
        reach = LC_EMPTY;
        for (int c = 0; c < 81; c++)
            if (pop9(cands[c]) == 2)
                lc_add(&reach, c);
    }
    int n = 0;
    for (int node = 0; node < 810; node++) {
        first[node] = n;
        int cell = node / 10, v = node % 10;
        unsigned m = cands[cell];
        if (!v || !(m >> (v - 1) & 1) || (!xlike && pop9(m) != 2))
            continue;
        lc_set ok = reach;
        if (kind == HD_REMOTE_PAIR) {
            ok = LC_EMPTY;
            for (int c = 0; c < 81; c++)
                if (cands[c] == m)
                    lc_add(&ok, c);
        }
        ok = lc_andnot(ok, lc_bit(cell));
        if (pop9(m) == 2 && !xlike) {
            unsigned other = m & ~(1u << (v - 1));
            links[n++] = (hd_link){(uint8_t)cell, (uint8_t)(sk_ctz64(other) + 1), 1};
        }
        const uint8_t *u = cell_units[cell];
        lc_set line = lc_or(unit_bits[u[0]], unit_bits[u[1]]);
        lc_set wv = lc_and(where[v], ok);
        for (int k = 0; k < 3; k++) {
            lc_set cm = lc_and(wv, unit_bits[u[k]]);
            if (k == 2)
                cm = lc_andnot(cm, line);
            uint8_t strong = (uint8_t)(xlike && counts[u[k]][v] == 2);
            while (lc_any(cm))
                links[n++] = (hd_link){(uint8_t)lc_pop(&cm), (uint8_t)v, strong};
        }
    }
    first[810] = n;
}

/* _search in chains.py: the depth-first search from chain[0..1]. */
static void search(int kind, const uint16_t *cands, const int *first, const hd_link *links,
                   uint8_t *chain, int cell, int cand, int strong_only, int start, int scand,
                   lc_set start_set, int max_len, lc_buf *out)
{
    int rp = kind == HD_REMOTE_PAIR, xy = rp || kind == HD_XY_CHAIN;
    int xlike = kind == HD_X_CHAIN || kind == HD_TURBOT;
    unsigned start_mask = cands[start];
    int s_cell[HD_CHAIN_MAX + 2], s_cand[HD_CHAIN_MAX + 2], s_strong[HD_CHAIN_MAX + 2];
    int s_at[HD_CHAIN_MAX + 2];
    int level = 1, at = first[cell * 10 + cand], end = first[cell * 10 + cand + 1];
    s_cell[1] = cell, s_cand[1] = cand, s_strong[1] = strong_only;
    lc_set used = lc_bit(start);
    for (;;) {
        if (at >= end) {                        /* back up (HoDoKu drops that cell) */
            if (--level <= 0)
                return;
            cell = s_cell[level], cand = s_cand[level], strong_only = s_strong[level];
            at = s_at[level], end = first[cell * 10 + cand + 1];
            used = lc_andnot(used, lc_bit(cell));
            continue;
        }
        hd_link l = links[at++];
        int c2 = l.cell, v2 = l.val, strong = l.strong;
        if (strong_only && !strong)
            continue;
        if (cell == c2 && cand == v2)
            continue;
        if (rp && cands[c2] != start_mask)
            continue;
        if (xlike && v2 != scand)
            continue;
        if (xy && (pop9(cands[c2]) != 2 || (strong_only && c2 != cell)))
            continue;
        int loop = 0;
        if (lc_has(used, c2)) {
            if (c2 != start)
                continue;
            loop = 1;
        }
        lc_add(&used, cell);
        if (!strong_only && strong)
            strong = 0;
        chain[level + 1] = (uint8_t)c2;
        if (level > 0 && strong && v2 == scand && lc_meets(start_set, peer_bits[c2])) {
            int hit = kind == HD_X_CHAIN || kind == HD_XY_CHAIN
                      || (kind == HD_TURBOT && level == 2) || (rp && level >= 6);
            if (hit) {
                hd_chain_hit h;
                memset(&h, 0, sizeof h);
                h.start = (uint8_t)start, h.scand = (uint8_t)scand, h.end = (uint8_t)c2;
                h.length = (uint8_t)(level + 1);
                if (rp) {
                    h.ncells = (uint8_t)(level + 2);
                    memcpy(h.cells, chain, (size_t)level + 2);
                }
                lc_put(out, &h, sizeof h);
            }
        }
        if (level + 1 < max_len && !loop) {     /* go down to the new entry */
            s_at[level] = at;
            level++;
            cell = c2, cand = v2, strong_only = !strong_only;
            at = first[cell * 10 + cand], end = first[cell * 10 + cand + 1];
            s_cell[level] = cell, s_cand[level] = cand, s_strong[level] = strong_only;
        } else {                                /* an end: backs up to this entry at once */
            used = lc_andnot(used, lc_bit(cell));
        }
    }
}

void hd_chains(int kind, const uint16_t *cands, const lc_set *where, const uint8_t (*counts)[10],
               lc_buf *out)
{
    make_tables();
    int first[811];
    hd_link *links = malloc(81 * 9 * 22 * sizeof *links);   /* a node has 21 links at most */
    if (!links) {
        out->oom = 1;
        return;
    }
    build_links(kind, cands, where, counts, first, links);
    int max_len = kind == HD_TURBOT ? 3 : HD_CHAIN_MAX;
    int xlike = kind == HD_X_CHAIN || kind == HD_TURBOT;
    uint8_t chain[HD_CHAIN_MAX + 2];
    for (int start = 0; start < 81; start++) {
        unsigned m = cands[start];
        for (unsigned mm = m; mm; mm &= mm - 1) {
            int scand = sk_ctz64(mm) + 1;
            int node = start * 10 + scand;
            for (int i = first[node]; i < first[node + 1]; i++) {
                hd_link f = links[i];
                if (!f.strong)
                    continue;
                if (xlike && f.val != scand)
                    continue;
                if (!xlike && (pop9(cands[f.cell]) != 2 || f.cell != start))
                    continue;
                chain[0] = (uint8_t)start;
                chain[1] = f.cell;
                search(kind, cands, first, links, chain, f.cell, f.val, !f.strong, start, scand,
                       lc_and(peer_bits[start], where[scand]), max_len, out);
            }
        }
    }
    free(links);
}
