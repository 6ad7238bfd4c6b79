/* se/engine.h -- Sudoku Explainer's producers 23-30 (Nishio, multiple, dynamic and nested
 * forcing chains) in C: the twin of sudokit/logic/se/chains.py Chaining and _nested.py
 * (logic/se/chains.py and nested.py after issue #30).
 *
 * Public entry (for the C rating loop):
 *
 *   void *se_chaining_cache_new(void);        NULL when out of memory
 *   void  se_chaining_cache_free(void *cache);
 *   int   se_chaining_hint(void *cache, const se_board *b, int producer, double deadline,
 *                          se_hint *out);
 *
 *   producer is SE's number 23..30 (23 Nishio, 24 multiple, 25 dynamic, 26-30 nested levels
 *   1-5); returns SE_FOUND (out filled: the first hint SE emits), SE_NONE, SE_LIMIT (the
 *   deadline, CLOCK_MONOTONIC seconds, passed; <= 0: none) or SE_ERROR (out of memory, or
 *   the cache's poll said stop).  The cache keeps, per producer, the last grid
 *   and its answer (SE's Chaining caches its last grid's hints) and the engine's memory, so
 *   that one cache serves one rating run; it is not thread-safe.
 *
 * Internal (se/engine.c engine, se/chains.c propagation and hint lists, se/nested.c nested
 * rules, se/nested_static.c producer 21 as nodes; bind/se.c is the Python binding):
 *
 *   calls      go round on purpose: se/chains.c's chainer asks se/nested.c's rules, which
 *              run chainers (and se/nested_static.c) one level down, all on se/engine.c's
 *              arena: SE's nesting is that recursion.  This one header declares the ring;
 *              the headers themselves form a DAG (se/se.h <- se/engine.h <- se/path.h).
 *
 *   node       key ((cell * 9 + v - 1) << 1) | on, cause (0 start, 1 cell, 2/3/4 box/row/col,
 *              5 advanced), parents (the first is the main parent), nest (the nested chain
 *              record of an advanced node, -1 for none)
 *   arena      a stack of blocks that never move: mark / release in stack order; every node,
 *              propagation and hint of one top-level call lives there, and what a nested rule
 *              computes is released once its new off nodes are known
 *   errors     out of memory and the deadline unwind with longjmp to the entry point (all
 *              memory belongs to the engine)
 */

#ifndef SUDOKIT_SE_ENGINE_H
#define SUDOKIT_SE_ENGINE_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "se/se.h"

#define SE_NKEYS 1458

void *se_chaining_cache_new(void);
void se_chaining_cache_free(void *cache);
int se_chaining_hint(void *cache, const se_board *b, int producer, double deadline,
                     se_hint *out);
/* poll() is called with the deadline (every 4096 nodes); < 0 ends the search with SE_ERROR.
   The binding passes sk_check_signals (Ctrl-C, GIL held), which leaves its exception set. */
void se_chaining_cache_poll(void *cache, int (*poll)(void));

/* ---- internal ------------------------------------------------------------------------- */

typedef struct dnode {
    int16_t key;
    uint8_t cause;
    uint8_t pad;
    uint16_t npar;
    int nest;
    struct dnode *par[];
} dnode;

typedef struct {
    double rating;
    int complexity, flat, sortkey, kind, unit, seq;
    int ntargets;
    dnode **targets;
    int nel;            /* eliminations: nel (cell, mask) pairs, cells increasing */
    int16_t *ecell;
    uint16_t *emask;
    int place_cell, place_value;
    uint64_t ehash;
} dhint;

enum { K_BINARY, K_CELL, K_REGION, K_CYCLE, K_FORCING };

typedef struct {
    dhint *h;
    int n, cap;
} dhints;

typedef struct ablock {
    struct ablock *next;
    size_t size, used;
    char data[];
} ablock;

typedef struct {
    ablock *blk;
    size_t used;
} amark;

typedef struct {
    int multiple, dynamic, nishio, level;
} chainer;

typedef struct engine {
    jmp_buf *fail;
    ablock *first, *cur;
    double deadline;
    long long ticks;
    int (*poll)(void);       /* with the deadline: < 0 stops (the binding: Ctrl-C); NULL: none */
    /* scratch (not re-entrant; used between recursive calls only) */
    unsigned stamp[SE_NKEYS], gen;
    dnode **bfs;
    /* nested chain records: signature (interned) and complexity */
    int *recsig, *reccx;
    int nrec, caprec;
    int *sigpool;
    size_t nsig, capsig;
    int *sigoff, *siglen;
    int nsigs, capsigs;
    int *sigtab;
    int captab;
    int *tmp;                /* a built signature */
    size_t ntmp, captmp;
    /* new off nodes of a nested rule, kept across the arena release */
    int *akey, *anest, *apar, *anpar;
    int na, capa;
    size_t napar, capapar;
    /* the new off nodes per (level, source grid, working grid): a pure function of them,
       and different propagations often run dry on the same working grid */
    struct rcache **rtab;
    int caprtab, nrtab;
    size_t rbytes;
    long long rhits, rmiss;
} engine;

/* se/engine.c */
engine *eng_new(void);
void eng_free(engine *e);
void eng_reset(engine *e);      /* forget everything of the last top-level call */
int dhint_cmp(const void *a, const void *b);  /* (rating, complexity, sort key, order) */
void *eng_alloc_slow(engine *e, size_t bytes);
static inline void *eng_alloc(engine *e, size_t bytes)
{
    bytes = (bytes + 15) & ~(size_t)15;
    ablock *b = e->cur;
    if (b && b->used + bytes <= b->size) {
        void *p = b->data + b->used;
        b->used += bytes;
        return p;
    }
    return eng_alloc_slow(e, bytes);
}
amark eng_mark(engine *e);
void eng_release(engine *e, amark m);
void eng_die(engine *e, int code);
void eng_tick_slow(engine *e);   /* the deadline and Ctrl-C, every 4096 nodes */
static inline dnode *eng_node(engine *e, int key, int cause, int npar, int nest)
{
    if ((++e->ticks & 4095) == 0)
        eng_tick_slow(e);
    dnode *n = eng_alloc(e, sizeof(dnode) + (size_t)npar * sizeof(dnode *));
    n->key = (int16_t)key;
    n->cause = (uint8_t)cause;
    n->npar = (uint16_t)npar;
    n->nest = nest;
    return n;
}
int eng_ancestors(engine *e, dnode *target);
void eng_finish(engine *e, dhint *h, double base);
dhint *hints_push(engine *e, dhints *list);
void hints_sort_merge(engine *e, dhints *list);
void set_single_elim(engine *e, dhint *h, int cell, uint16_t mask);

/* se/chains.c */
void chainer_hints(engine *e, const chainer *ch, const uint8_t *values, const uint16_t *cands,
                   dhints *out);

/* The hint list of producer 23..30 on b into *out (sorted and merged when all): SE_FOUND,
   SE_NONE, SE_LIMIT, SE_ERROR (out of memory); the list lives in e's arena until the next
   run.  se_dynamic_first: the hint SE emits; se_dynamic_name: its name as Python gives it. */
int se_dynamic_run(engine *e, const se_board *b, int producer, double deadline, int all,
                   dhints *out);
engine *se_dynamic_engine(void);
void se_dynamic_engine_free(engine *e);
const dhint *se_dynamic_first(const dhints *list);
void se_dynamic_name(int producer, const dhint *h, char *buf, size_t size);
/* A hint of producer's list as the se_hint the rating loop applies (name included). */
void se_dynamic_hint(int producer, const dhint *h, se_hint *out);

/* se/nested_static.c */
void nested_static_hints(engine *e, const uint8_t *values, const uint16_t *cands, dhints *out);

/* se/nested.c */
/* The new off nodes of the first rule with a usable hint, into e->akey... (see above). */
void nested_rules(engine *e, int level, const uint8_t *values, const uint16_t *work,
                  const uint16_t *source);
void nested_cache_clear(engine *e);

#endif /* SUDOKIT_SE_ENGINE_H */
