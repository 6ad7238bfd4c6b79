/* logic/probe_memo.c -- the ladder's probe (logic/probe.h): the memo of the
 * techniques that look at one value at a time, and the techniques whose C twins already
 * search in C.
 *
 * Single-digit techniques (basic and finned fish, skyscraper, kite, turbot fish, empty
 * rectangle, colouring, the X-Chain verdict) decide value by value, and what they decide
 * for value v depends only on v's pattern: the cells holding v as a candidate (and which of
 * them are filled: a state's marks may keep candidates there), the cells where v is placed,
 * and the geometry.  Along a path most values keep their pattern from
 * one state to the next, so lp_each_value remembers each value's verdict per pattern, in a
 * direct-mapped table keyed by (memo code, geometry serial, v, pattern): a state then costs
 * only the values whose pattern changed.
 *
 * The C twins (logic/fish.c: finned and sashimi fish; logic/patterns.c: two strong links;
 * logic/misc.c: aligned pair exclusion, Sue de Coq) return exactly the records their Python finders turn
 * into steps (every record removes something), so "fires" is "the twin finds a record of
 * this technique": exact, both ways.
 */
#include "logic/probe.h"

#include <string.h>

typedef struct {
    lc_set cands, placed, odd;
    unsigned serial;
    uint8_t code, v, bits, used;
} memo_t;

#define MEMO_SIZE 8192
static memo_t MEMO[MEMO_SIZE];

static void need_vplaced(probe *p)
{
    if (p->have_vplaced)
        return;
    memset(p->vplaced, 0, sizeof p->vplaced);
    p->filled = LC_EMPTY;
    for (int c = 0; c < p->g->ncells; c++)
        if (p->s->values[c]) {
            lc_add(&p->vplaced[p->s->values[c]], c);
            lc_add(&p->filled, c);
        }
    p->have_vplaced = 1;
}

int lp_each_value(probe *p, int code, lp_value_fn fn, unsigned mask)
{
    need_vplaced(p);
    unsigned serial = p->g->serial;
    for (int v = 1; v <= p->g->n; v++) {
        lc_set cands = p->s->vcells[v], placed = p->vplaced[v];
        lc_set odd = lc_and(cands, p->filled);   /* filled cells with candidates (marks) */
        uint64_t h = cands.lo * 0x9E3779B97F4A7C15ull ^ cands.hi * 0xC2B2AE3D27D4EB4Full ^
                     placed.lo * 0x165667B19E3779F9ull ^ placed.hi * 0x27D4EB2F165667C5ull ^
                     (odd.lo ^ odd.hi) * 0x94D049BB133111EBull ^
                     ((uint64_t)serial << 32 | (uint64_t)code << 8 | (uint64_t)v) *
                         0xFF51AFD7ED558CCDull;
        memo_t *e = &MEMO[(h ^ h >> 31) % MEMO_SIZE];
        if (!(e->used && e->code == code && e->v == v && e->serial == serial &&
              lc_eq(e->cands, cands) && lc_eq(e->placed, placed) && lc_eq(e->odd, odd))) {
            e->bits = (uint8_t)fn(p, v);
            e->cands = cands;
            e->placed = placed;
            e->odd = odd;
            e->serial = serial;
            e->code = (uint8_t)code;
            e->v = (uint8_t)v;
            e->used = 1;
        }
        if (e->bits & mask)
            return 1;
    }
    return 0;
}

/* fish.py needs rows and columns (as logic/probe.c's lines); the Python plan sends these
 * codes only on such geometries.  One memo code per size for both kinds. */
static int finned2_v(probe *p, int v) { return (int)lc_finned_kinds_v(p->s, 2, v); }
static int finned3_v(probe *p, int v) { return (int)lc_finned_kinds_v(p->s, 3, v); }
static int finned4_v(probe *p, int v) { return (int)lc_finned_kinds_v(p->s, 4, v); }

int lp_finned2(probe *p) { return lp_each_value(p, P_FINNED_2, finned2_v, 1); }
int lp_sashimi2(probe *p) { return lp_each_value(p, P_FINNED_2, finned2_v, 2); }
int lp_finned3(probe *p) { return lp_each_value(p, P_FINNED_3, finned3_v, 1); }
int lp_sashimi3(probe *p) { return lp_each_value(p, P_FINNED_3, finned3_v, 2); }
int lp_finned4(probe *p) { return lp_each_value(p, P_FINNED_4, finned4_v, 1); }
int lp_sashimi4(probe *p) { return lp_each_value(p, P_FINNED_4, finned4_v, 2); }

/* One memo code for the three kinds of two strong links. */
static int two_v(probe *p, int v) { return (int)lc_two_kinds_v(p->s, v); }

int lp_skyscraper(probe *p) { return lp_each_value(p, P_SKYSCRAPER, two_v, 1); }
int lp_kite(probe *p) { return lp_each_value(p, P_SKYSCRAPER, two_v, 2); }
int lp_turbot(probe *p) { return lp_each_value(p, P_SKYSCRAPER, two_v, 4); }

int lp_ape(probe *p) { return lc_ape_any(p->s); }

/* misc.py find_sue_de_coq: sides of up to 6 cells (3 on grids over 9x9). */
int lp_sdc(probe *p) { return lc_sdc_any(p->s, p->g->n <= 9 ? 6 : 3); }
