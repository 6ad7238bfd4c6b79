/* logic_probe3.c -- the ladder's probe for the techniques whose C twins already search in
 * C (logic_probe.h): finned and sashimi fish (logic_fish.c), skyscraper, two-string kite
 * and turbot fish (logic_misc.c's two strong links), aligned pair exclusion and Sue de Coq
 * (logic_misc.c).  Each twin returns exactly the records its Python finder turns into
 * steps (every record removes something), so "fires" is "the twin finds a record of this
 * technique": exact, both ways.  One search serves the finned and the sashimi fish of a
 * size, one the three two-link kinds (kept in the probe while it looks at one state).
 */
#include "logic_probe.h"

/* fish.py needs rows and columns (logic_probe.c's lines); the Python plan sends these
 * codes only on such geometries. */
static int fin(probe *p, int k, int sashimi)
{
    if (!p->have_fin[k]) {
        p->fin_kinds[k] = lc_finned_kinds(p->s, k);
        p->have_fin[k] = 1;
    }
    return (int)(p->fin_kinds[k] >> sashimi & 1);
}

int lp_finned2(probe *p) { return fin(p, 2, 0); }
int lp_sashimi2(probe *p) { return fin(p, 2, 1); }
int lp_finned3(probe *p) { return fin(p, 3, 0); }
int lp_sashimi3(probe *p) { return fin(p, 3, 1); }
int lp_finned4(probe *p) { return fin(p, 4, 0); }
int lp_sashimi4(probe *p) { return fin(p, 4, 1); }

static int two(probe *p, int kind)
{
    if (!p->have_two) {
        p->two_kinds = lc_two_kinds(p->s);
        p->have_two = 1;
    }
    return (int)(p->two_kinds >> kind & 1);
}

int lp_skyscraper(probe *p) { return two(p, 0); }
int lp_kite(probe *p) { return two(p, 1); }
int lp_turbot(probe *p) { return two(p, 2); }

int lp_ape(probe *p) { return lc_ape_any(p->s); }

/* misc.py find_sue_de_coq: sides of up to 6 cells (3 on grids over 9x9). */
int lp_sdc(probe *p) { return lc_sdc_any(p->s, p->g->n <= 9 ? 6 : 3); }
