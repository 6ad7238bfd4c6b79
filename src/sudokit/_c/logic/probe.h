/* logic/probe.h -- what the files of the ladder's probe share (logic/probe.c: the probe's
 * loop, basic fish, wings; logic/probe_patterns.c: uniqueness, empty rectangle,
 * colouring; logic/probe_memo.c: the per-value memo, finned fish, two strong links,
 * aligned pair exclusion, Sue de Coq through their C twins; logic/run.c: the easy steps in
 * a row) and their binding (bind/logic_probe.c: the lc_* entries at the end).  These four
 * files are compiled again for each instruction level (isa/isa.h); bind/ calls the entries
 * of the level in use. */
#ifndef SUDOKIT_LOGIC_PROBE_H
#define SUDOKIT_LOGIC_PROBE_H

#include "logic/board.h"

enum {
    P_FULL_HOUSE, P_HIDDEN_SINGLE, P_NAKED_SINGLE, P_POINTING, P_CLAIMING,
    P_NAKED_2, P_NAKED_3, P_NAKED_4, P_HIDDEN_2, P_HIDDEN_3, P_HIDDEN_4,
    P_FISH_2, P_FISH_3, P_FISH_4, P_XY_WING, P_XYZ_WING, P_W_WING,
    P_UR1, P_UR2, P_UR3, P_UR4, P_HIDDEN_RECT, P_BUG, P_EMPTY_RECT,
    P_SIMPLE_COLORS, P_MULTI_COLORS, P_X_CHAIN, P_XY_CHAIN,
    P_FINNED_2, P_SASHIMI_2, P_FINNED_3, P_SASHIMI_3, P_FINNED_4, P_SASHIMI_4,
    P_SKYSCRAPER, P_KITE, P_TURBOT, P_APE, P_SDC, P_COUNT,
    P_OFF = 254,    /* a technique that cannot fire on this geometry: passed over */
    P_NONE = 255
};

typedef struct {
    const lc_state *s;
    const lc_geo *g;
    const uint8_t *givens;
    const uint8_t *rects;
    int nrects, flags;
    int have_placed, have_lines, have_links;
    int have_vplaced;
    lc_set vplaced[LC_MAXN + 1], filled;    /* the cells where v is placed, all filled */
    unsigned placed[LC_MAXU];               /* values placed in each unit */
    unsigned lines[2][LC_MAXN + 1][LC_MAXN]; /* fish line masks: [o][v][line] */
    /* strong links per value: full units without v placed where v has two cells */
    int nlinks[LC_MAXN + 1];
    uint8_t link_u[LC_MAXN + 1][LC_MAXU], link_a[LC_MAXN + 1][LC_MAXU],
        link_b[LC_MAXN + 1][LC_MAXU];
} probe;

static inline lc_set where(const probe *p, int u, int v)
{
    return lc_and(p->g->unit_bits[u], p->s->vcells[v]);
}

/* The first step of an easy technique (code <= LP_RUN_LAST) as logic/run.c reports it. */
#define LP_RUN_LAST P_HIDDEN_4
typedef struct {
    int code, a, b, c;        /* singles: cell, value, unit; locked: src, dst, value;
                                 subsets: unit, k */
    lc_set cells, gone;       /* locked: where, removed cells; hidden subset: cells */
    uint8_t list[LC_MAXN];    /* subsets: cells (naked, unit order) or values (hidden) */
    unsigned mask;            /* subsets: the values (naked) or the values kept (hidden) */
    lc_set elim[LC_MAXN + 1]; /* subsets: removed cells per value */
} lp_record;

/* logic/run.c: the first step its finder yields of technique code (<= LP_RUN_LAST) on p's
 * state, into r; 0 when there is none (the probe's verdict for these codes). */
int lp_first(probe *p, int code, lp_record *r);
/* A probe of state s (the tables filled on demand); givens, rects, flags as logic_probe. */
void lp_init(probe *p, const lc_state *s, const uint8_t *givens, const uint8_t *rects,
             int nrects, int flags);
/* True when the technique of probe code (< P_COUNT) fires on p's state. */
int lp_fires(probe *p, int code);
/* Fill p->placed (values placed per unit) once. */
void lp_need_placed(probe *p);
/* Fill the strong links per value (p->nlinks, link_u/a/b) once. */
void lp_need_links(probe *p);
/* True when some cell of cells holds a candidate of mask. */
int lp_any_with(const probe *p, lc_set cells, unsigned mask);

/* logic/probe_patterns.c */
int lp_ur1(probe *p);
int lp_ur2(probe *p);
int lp_ur3(probe *p);
int lp_ur4(probe *p);
int lp_hidden_rect(probe *p);
int lp_bug(probe *p);
int lp_empty_rect(probe *p);
int lp_simple_colors(probe *p);
int lp_multi_colors(probe *p);
int lp_x_chain(probe *p);
int lp_xy_chain(probe *p);

/* logic/probe_memo.c: the verdict of a technique that looks at one value at a time (fn(p, v):
 * bits, of which mask tells "fires"), remembered per value pattern (the cells holding v as
 * a candidate, the cells where v is placed) across states under memo code; 1 when some
 * value's bits meet mask. */
typedef int (*lp_value_fn)(probe *p, int v);
int lp_each_value(probe *p, int code, lp_value_fn fn, unsigned mask);
/* logic/probe_memo.c: the techniques whose C twins (fish.c, patterns.c, misc.c) decide */
int lp_finned2(probe *p);
int lp_sashimi2(probe *p);
int lp_finned3(probe *p);
int lp_sashimi3(probe *p);
int lp_finned4(probe *p);
int lp_sashimi4(probe *p);
int lp_skyscraper(probe *p);
int lp_kite(probe *p);
int lp_turbot(probe *p);
int lp_ape(probe *p);
int lp_sdc(probe *p);

/* --- the entries (bind/logic_probe.c validated their arguments) ------------------------- */

/* The index of the first position >= start of codes (one probe code per ladder position,
 * P_NONE: not probed here) whose technique fires or is not probed, or ncodes; givens: the
 * givens (0 elsewhere) per cell; rects: nrects rectangles of 4 cells where the
 * deadly-pattern argument holds (uniqueness._rectangles, in its order); flags: bit 0 =
 * BUG+1's geometry holds (every unit full, no pairs or links). */
int lc_probe(const lc_state *s, const uint8_t *codes, int ncodes, int start,
             const uint8_t *givens, const uint8_t *rects, int nrects, int flags);
/* The mask of the values placed in each unit into out[nunits] (State.placed_masks). */
void lc_placed(const lc_state *s, unsigned *out);
/* The rectangles of uniqueness._candidates as int triples (index, a, b) into out. */
void lc_ur_candidates(const lc_state *s, const uint8_t *rects, int nrects,
                      const uint8_t *givens, lc_buf *out);
/* The easy stretch (logic/run.c) from *st (changed in place): at most limit steps, their
 * lp_records into out; *stop: the position the ladder goes on from on the state reached
 * (0: it must start again).  0, or -1 when out of memory. */
int lc_run(lc_state *st, const uint8_t *codes, int ncodes, const uint8_t *givens,
           const uint8_t *rects, int nrects, int flags, int limit, lc_buf *out, int *stop);

#endif /* SUDOKIT_LOGIC_PROBE_H */
