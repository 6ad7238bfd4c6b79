/* se/chains_static.c -- Sudoku Explainer's producer 21 (cycles and forcing chains, static) in C.
 *
 * The twin of sudokit/logic/se/chains.py static_chains(board) (the specification): the same
 * searches in the same order, the same node counts, the same double arithmetic, and the
 * same choice (the first hint with the smallest (rating, complexity, sort key)).
 *
 * Representation:
 *
 *   cands[c]   uint16, bit v-1 set when value v is a candidate of cell c (0..80)
 *   key        ((c * 9 + v - 1) << 1) | on          0 .. 1457; key ^ 1 is the opposite node
 *   node i     nkey[i], npar[i] (index of the main parent, -1 for a start node): a static
 *              node has one parent, so a chain is a linked list towards its start
 *   links      offs[key]: the off nodes an on node implies (SE's order, one per key);
 *              ons[key]: the on nodes an off node implies; computed once per key and pass
 *              (the grid does not change during a static search)
 *
 * Rejected: recursion or Python objects for nodes; a node is two ints in a growing arena,
 * and membership tests use generation stamps instead of clearing arrays.
 */

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "se/se.h"

#define NKEYS 1458

typedef struct {
    uint16_t cands[81];
    int y, x;
    /* links, per key: up to 32 off keys, up to 4 on keys; -1: not computed yet */
    int16_t noffs[NKEYS], nons[NKEYS];
    int16_t offs[NKEYS][32], ons[NKEYS][4];
    /* node arena */
    int *nkey, *npar;
    size_t nn, cap;
    /* queues */
    int *qon, *qoff;
    size_t con, coff;
    /* stamps */
    unsigned gen_on[NKEYS], gen_off[NKEYS], gen;
} search;

static int grow(int **arr, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 1024;
    while (ncap < need)
        ncap *= 2;
    int *p = realloc(*arr, ncap * sizeof(int));
    if (!p)
        return -1;
    *arr = p;
    *cap = ncap;
    return 0;
}

static int new_node(search *s, int key, int parent)
{
    if (s->nn >= s->cap) {
        size_t ncap = s->cap ? 2 * s->cap : 4096;
        int *k = realloc(s->nkey, ncap * sizeof(int));
        if (!k)
            return -1;
        s->nkey = k;
        int *p = realloc(s->npar, ncap * sizeof(int));
        if (!p)
            return -1;
        s->npar = p;
        s->cap = ncap;
    }
    s->nkey[s->nn] = key;
    s->npar[s->nn] = parent;
    return (int)s->nn++;
}

/* The off keys an on key implies (on_to_off without parents). */
static void off_links(search *s, int key)
{
    if (s->noffs[key] >= 0)
        return;
    int cv = key >> 1, cell = cv / 9, v0 = cv % 9, n = 0;
    unsigned bit = 1u << v0;
    if (s->y) {
        for (int w = 0; w < 9; w++)
            if (w != v0 && (s->cands[cell] >> w & 1))
                s->offs[key][n++] = (int16_t)((cell * 9 + w) << 1);
    }
    int start = n;
    for (int t = 0; t < 3; t++) {
        const int *cells = se_unit_cells[se_cell_units[cell][t]];
        for (int i = 0; i < 9; i++) {
            int c = cells[i];
            if (c != cell && (s->cands[c] & bit)) {
                int k = (c * 9 + v0) << 1, dup = 0;
                for (int j = start; j < n; j++)
                    if (s->offs[key][j] == k) {
                        dup = 1;
                        break;
                    }
                if (!dup)
                    s->offs[key][n++] = (int16_t)k;
            }
        }
    }
    s->noffs[key] = (int16_t)n;
}

/* The on keys an off key implies (off_to_on without parents; x always as asked). */
static void on_links(search *s, int key, int x)
{
    if (s->nons[key] >= 0)
        return;
    int cv = key >> 1, cell = cv / 9, v0 = cv % 9, n = 0;
    unsigned bit = 1u << v0;
    if (s->y) {
        unsigned m = s->cands[cell];
        if (sk_pop32(m) == 2) {
            int a = __builtin_ctz(m), b = __builtin_ctz(m & (m - 1));
            int other = a != v0 ? a : b;
            s->ons[key][n++] = (int16_t)(((cell * 9 + other) << 1) | 1);
        }
    }
    if (x) {
        int start = n;
        for (int t = 0; t < 3; t++) {
            const int *cells = se_unit_cells[se_cell_units[cell][t]];
            int first = -1, second = -1, count = 0;
            for (int i = 0; i < 9 && count < 3; i++)
                if (s->cands[cells[i]] & bit) {
                    count++;
                    if (count == 1)
                        first = cells[i];
                    else if (count == 2)
                        second = cells[i];
                }
            if (count == 2) {
                int other = first == cell ? second : first;
                int k = ((other * 9 + v0) << 1) | 1, dup = 0;
                for (int j = start; j < n; j++)
                    if (s->ons[key][j] == k) {
                        dup = 1;
                        break;
                    }
                if (!dup)
                    s->ons[key][n++] = (int16_t)k;
            }
        }
    }
    s->nons[key] = (int16_t)n;
}

static int ancestors(const search *s, int node)
{
    static unsigned seen[NKEYS], stamp = 0;
    if (++stamp == 0) {
        memset(seen, 0, sizeof seen);
        stamp = 1;
    }
    int n = 0;
    for (int q = node; q >= 0; q = s->npar[q])
        if (seen[s->nkey[q]] != stamp) {
            seen[s->nkey[q]] = stamp;
            n++;
        }
    return n;
}


static void consider(se_static_best *b, double rating, int cx, int key, const search *s, int kind,
                     const uint16_t *elims, int place_cell, int place_value)
{
    if (b->found && !(rating < b->rating || (rating == b->rating && (cx < b->complexity
            || (cx == b->complexity && key < b->sortkey)))))
        return;
    b->found = 1;
    b->rating = rating;
    b->complexity = cx;
    b->sortkey = key;
    b->y = s->y;
    b->x = s->x;
    b->kind = kind;
    memcpy(b->elims, elims, sizeof b->elims);
    b->place_cell = place_cell;
    b->place_value = place_value;
}

/* Whether a hint of rating base + L(cx), or any of larger complexity, would lose against
   the best so far (consider keeps the first of equal keys): such searches can stop. */
static int cannot_win(const se_static_best *b, double base, int cx)
{
    if (!b->found)
        return 0;
    double r = base + se_length_penalty(cx);
    return r > b->rating || (r == b->rating && cx > b->complexity);
}

#define PUSH(q, n, capv, val)                                                           \
    do {                                                                                 \
        if (grow(&(q), &(capv), (n) + 1) < 0)                                            \
            return -1;                                                                   \
        (q)[(n)++] = (val);                                                              \
    } while (0)

/* A new node for key k reached from node p, marked seen in this search (mark[k]) and put
   at the tail of its queue; -1 when out of memory. */
static int enqueue(search *s, int k, int p, unsigned *mark, int **queue, size_t *tail,
                   size_t *cap)
{
    int q = new_node(s, k, p);
    if (q < 0)
        return -1;
    mark[k] = s->gen;
    PUSH(*queue, *tail, *cap, q);
    return 0;
}

static unsigned chain_mark[NKEYS], chain_stamp = 0;

/* Whether an off node for key k, created now, could give anything when its turn comes: an
   on node not yet reached in this search, or (close) the closing key of a cycle.  Nodes
   are only ever marked, never unmarked, so one that fails now fails then: SE would create
   it and process it to no effect, and leaving it out changes no hint. */
static int useful_off(search *s, int k, int x, int close_key, int close)
{
    on_links(s, k, x);
    for (int j = 0; j < s->nons[k]; j++) {
        int o = s->ons[k][j];
        if ((close && o == close_key) || s->gen_on[o] != s->gen)
            return 1;
    }
    return 0;
}

/* Cycles from the start node: the closing nodes in *found (indices), count in *nfound. */
static int cycles(search *s, int skey, int **found, size_t *nfound, size_t *capfound,
                  size_t *capon, size_t *capoff, const se_static_best *b)
{
    double base = (s->x && s->y) ? 7.0 : 6.5;
    s->gen++;
    int root = new_node(s, skey, -1);
    if (root < 0)
        return -1;
    s->gen_on[skey] = s->gen;
    size_t hon = 0, ton = 0, hoff = 0, toff = 0;
    PUSH(s->qon, ton, *capon, root);
    int length = 0;
    while (hon < ton || hoff < toff) {
        /* a cycle closed from here has complexity >= length + 2 (and >= 4): when even that
           loses, every later one does */
        if (cannot_win(b, base, length + 2 < 4 ? 4 : length + 2))
            break;
        length++;
        while (hon < ton) {
            int p = s->qon[hon++];
            int k0 = s->nkey[p];
            off_links(s, k0);
            /* is_parent(p, k) for every link at once: p's ancestors' keys stamped */
            if (++chain_stamp == 0) {
                memset(chain_mark, 0, sizeof chain_mark);
                chain_stamp = 1;
            }
            for (int q = s->npar[p]; q >= 0; q = s->npar[q])
                chain_mark[s->nkey[q]] = chain_stamp;
            for (int j = 0; j < s->noffs[k0]; j++) {
                int k = s->offs[k0][j];
                if (chain_mark[k] != chain_stamp && useful_off(s, k, s->x, skey, length + 1 >= 4)) {
                    int q = new_node(s, k, p);
                    if (q < 0)
                        return -1;
                    PUSH(s->qoff, toff, *capoff, q);
                }
            }
        }
        hon = ton = 0;
        length++;
        while (hoff < toff) {
            int p = s->qoff[hoff++];
            int k0 = s->nkey[p];
            on_links(s, k0, s->x);
            for (int j = 0; j < s->nons[k0]; j++) {
                int k = s->ons[k0][j];
                if (length >= 4 && k == skey) {
                    int q = new_node(s, k, p);
                    if (q < 0)
                        return -1;
                    PUSH(*found, *nfound, *capfound, q);
                }
                if (s->gen_on[k] != s->gen &&
                    enqueue(s, k, p, s->gen_on, &s->qon, &ton, capon) < 0)
                    return -1;
            }
        }
        hoff = toff = 0;
    }
    return 0;
}

/* The forcing search of SE from start key skey: a breadth-first search (on nodes lead to
 * off nodes, off nodes to on nodes, each key once) that stops at the first node for the
 * opposite key skey ^ 1.  Its hint depends only on that key and on the level d it is found
 * at (the chain holds d + 1 distinct keys: complexity d + 1), so only d is computed here.
 *
 * Meet in the middle: the links are contrapositive-symmetric (X -> Y exactly when
 * not Y -> not X), so a path skey -> ... -> X -> ... -> not skey of length d gives a path
 * skey -> ... -> not X of length d - i when X is at i, and d = min over X of
 * level(X) + level(not X).  After level L is complete, every pair with both levels <= L is
 * known; the best sum m is d as soon as m <= 2L (a shorter path would split into two
 * halves of at most L levels), and no d <= 2L is left otherwise.  So the search goes about
 * half as deep.  Returns d, or -1 when there is none or it cannot win against b. */
static int16_t dist_level[NKEYS];
static unsigned dist_seen[NKEYS], dist_stamp = 0;
static int dist_queue[NKEYS];

static int forcing_dist(search *s, int skey, const se_static_best *b)
{
    double base = s->y ? 7.0 : 6.6;
    if (++dist_stamp == 0) {
        memset(dist_seen, 0, sizeof dist_seen);
        dist_stamp = 1;
    }
    int head = 0, tail = 0, best = INT_MAX;
    dist_seen[skey] = dist_stamp;
    dist_level[skey] = 0;
    dist_queue[tail++] = skey;
    for (int level = 0;; level++) {
        /* every key of levels <= level is known, and so is every pair among them */
        if (best <= 2 * level)
            return cannot_win(b, base, best + 1) ? -1 : best;
        if (head == tail || cannot_win(b, base, 2 * level + 2))
            return best < INT_MAX && !cannot_win(b, base, best + 1) ? best : -1;
        int end = tail;
        while (head < end) {
            int k0 = dist_queue[head++];
            int n;
            const int16_t *links;
            if (k0 & 1) {
                off_links(s, k0);
                n = s->noffs[k0];
                links = s->offs[k0];
            } else {
                on_links(s, k0, 1);
                n = s->nons[k0];
                links = s->ons[k0];
            }
            for (int j = 0; j < n; j++) {
                int k = links[j];
                if (dist_seen[k] == dist_stamp)
                    continue;
                dist_seen[k] = dist_stamp;
                dist_level[k] = (int16_t)(level + 1);
                dist_queue[tail++] = k;
                if (dist_seen[k ^ 1] == dist_stamp && level + 1 + dist_level[k ^ 1] < best)
                    best = level + 1 + dist_level[k ^ 1];
            }
        }
    }
}

static void cycle_hint(search *s, int dst, se_static_best *b)
{
    /* rating and complexity first: a cycle that cannot be chosen needs no eliminations */
    int cx = ancestors(s, dst);
    double base = (s->x && s->y) ? 7.0 : 6.5;
    int key = (s->x && s->y) ? 4 : (s->y ? 3 : 2);
    double rating = base + se_length_penalty(cx);
    if (b->found && !(rating < b->rating || (rating == b->rating && (cx < b->complexity
            || (cx == b->complexity && key < b->sortkey)))))
        return;
    uint8_t incell[81] = {0};
    for (int q = dst; s->npar[q] >= 0; q = s->npar[q])
        incell[(s->nkey[q] >> 1) / 9] = 1;
    uint16_t forw[81] = {0}, back[81] = {0};
    for (int q = dst; s->npar[q] >= 0; q = s->npar[q]) {
        int cv = s->nkey[q] >> 1, cell = cv / 9, v0 = cv % 9;
        uint16_t bit = (uint16_t)(1u << v0);
        uint16_t *side = (s->nkey[q] & 1) ? forw : back;
        for (int i = 0; i < 20; i++) {
            int c = se_house[cell][i];
            if (!incell[c] && (s->cands[c] & bit))
                side[c] |= bit;
        }
    }
    uint16_t elims[81];
    int any = 0;
    for (int c = 0; c < 81; c++) {
        elims[c] = forw[c] & back[c];
        any |= elims[c];
    }
    if (!any)
        return;
    consider(b, rating, cx, key, s, 0, elims, -1, 0);
}

static void forcing_hint(search *s, int key, int cx, se_static_best *b)
{
    int cv = key >> 1, cell = cv / 9, v0 = cv % 9;
    uint16_t elims[81] = {0};
    int place_cell = -1, place_value = 0;
    if (key & 1) {
        elims[cell] = s->cands[cell] & (uint16_t)~(1u << v0);
        place_cell = cell;
        place_value = v0 + 1;
    } else {
        elims[cell] = (uint16_t)(1u << v0);
    }
    consider(b, (s->y ? 7.0 : 6.6) + se_length_penalty(cx), cx, s->y ? 4 : 2, s, 1, elims,
             place_cell, place_value);
}

/* The search state, allocated once and reused (the rater runs under the GIL). */
static search *the_search = NULL;
static int *found = NULL;
static size_t capfound = 0, capon = 0, capoff = 0;

/* Producer 21 on cands into *b: 0, -1 out of memory, -2 the deadline passed (checked per
   start cell; deadline <= 0: none). */
int se_static_search(const uint16_t *cands, double deadline, se_static_best *b)
{
    se_tables_init();
    if (!the_search && !(the_search = calloc(1, sizeof(search))))
        return -1;
    search *s = the_search;
    if (s->gen > 0xF0000000u) {
        memset(s->gen_on, 0, sizeof s->gen_on);
        memset(s->gen_off, 0, sizeof s->gen_off);
        s->gen = 0;
    }
    memcpy(s->cands, cands, sizeof s->cands);
    memset(b, 0, sizeof *b);
    size_t nfound = 0;
    static const int passes[3][2] = {{0, 1}, {1, 0}, {1, 1}};
    for (int pass = 0; pass < 3; pass++) {
        s->y = passes[pass][0];
        s->x = passes[pass][1];
        for (int k = 0; k < NKEYS; k++)
            s->noffs[k] = s->nons[k] = -1;
        for (int cell = 0; cell < 81; cell++) {
            int card = sk_pop32(s->cands[cell]);
            if (card < 2)
                continue;
            if (deadline > 0 && se_now() > deadline)
                return -2;
            if (!s->x && card > 2)
                continue;
            for (int v0 = 0; v0 < 9; v0++) {
                if (!(s->cands[cell] >> v0 & 1))
                    continue;
                int skey = ((cell * 9 + v0) << 1) | 1;
                s->nn = 0;
                nfound = 0;
                /* The links are symmetric (off a -> on b exactly when off b -> on a): an
                   off node leading back to skey exists only if skey's own off node leads to
                   some on node.  Without one, no cycle closes at skey and the search from
                   skey's off node never reaches skey: both would find nothing. */
                on_links(s, skey ^ 1, s->x);
                int back = s->nons[skey ^ 1] > 0;
                if (back && cycles(s, skey, &found, &nfound, &capfound, &capon, &capoff, b) < 0)
                    return -1;
                /* targets: not skey from skey, then skey from not skey */
                int d_on = s->x ? forcing_dist(s, skey, b) : -1;
                int d_off = s->x && back ? forcing_dist(s, skey ^ 1, b) : -1;
                for (size_t i = 0; i < nfound; i++)
                    cycle_hint(s, found[i], b);
                if (d_on >= 0)
                    forcing_hint(s, skey ^ 1, d_on + 1, b);
                if (d_off >= 0)
                    forcing_hint(s, skey, d_off + 1, b);
            }
        }
    }
    return 0;
}

static const char *static_name(const se_static_best *b)
{
    if (b->kind == 0)
        return b->x && b->y ? "XY cycle" : (b->y ? "Y cycle" : "X cycle");
    return b->y ? "forcing chain" : "forcing X-chain";
}

int se_static_hint(const se_board *board, double deadline, se_hint *out)
{
    static se_static_best b;
    int r = se_static_search(board->cands, deadline, &b);
    if (r == -1)
        return SE_ERROR;
    if (r == -2)
        return SE_LIMIT;
    if (!b.found)
        return SE_NONE;
    se_hint_clear(out);
    out->rating = b.rating;
    out->complexity = b.complexity;
    out->key = b.sortkey;
    memcpy(out->elims, b.elims, sizeof out->elims);
    out->place_cell = b.place_cell;
    out->place_value = b.place_value;
    const char *name = static_name(&b);
    for (int i = 0; name[i]; i++)
        out->name[i] = name[i];
    return SE_FOUND;
}
