/* isa/isa.h -- the hot kernels compiled for several instruction levels, one chosen at import.
 *
 * setup.py builds for baseline x86-64 (SSE2 only), so one wheel runs on every x86-64 CPU.
 * The hot files are compiled again for the levels below, each level's copy under its own
 * names, and bind/ calls them through a table of function pointers chosen once, when the
 * module is imported (bind/isa.c: SUDOKIT_CPU, else the best level the CPU runs):
 *
 *   level     compiled for (isa/level.h)              files compiled again
 *   baseline  x86-64 (SSE2), or any other architecture  (the one copy every build has)
 *   avx2      + AVX2, BMI1, BMI2, POPCNT                solve/fast9.c, solve/anysize.c
 *   avx512    + AVX-512 F, BW, VL, DQ                   (propagate and the checker),
 *                                                       solve/text.c, solve/batch.c, the
 *                                                       probe: logic/probe.c, probe_patterns.c,
 *                                                       probe_memo.c, run.c
 *
 * A level's copy is a file of this folder that sets the target for itself and #includes
 * the kernel file (isa/avx2_fast9.c: solve/fast9.c for avx2), after isa/names.h has renamed
 * the file's external functions (sk_fast9_solve -> sk_fast9_solve_avx2).  So the source is
 * the one the baseline compiles; no build machinery beyond setup.py's "every .c file"; and
 * on other architectures these files compile to nothing.
 *
 *     bind/solve.c ---> sk_isa->batch_run -----+--> sk_batch_run         (baseline)
 *                       (chosen at import)     +--> sk_batch_run_avx2    --> sk_fast9_solve_avx2
 *                                              +--> sk_batch_run_avx512  --> sk_fast9_solve_avx512
 *
 * Rejected: GCC's target_clones (an ifunc resolver per function): it clones only the
 * functions it marks, not the static functions they call (fast9's search, propagate's settle
 * stay baseline unless inlined), needs ifunc (not on musl, macOS or Windows), and the
 * resolver runs before Python could say SUDOKIT_CPU.  Rejected too: one object per level
 * from different compiler flags (build_clib libraries): setup.py would compile each file
 * three times with its own flags, i.e. new build machinery, for the same objects.
 *
 * Every level computes exactly what the baseline computes (same counts, solutions, nodes,
 * steps): the source is the same and the kernels compute in integers (the batch loop's
 * clock aside).  The tests compare the levels' answers and run the kernel tests at each
 * level the CPU has (tests/c/test_isa.py); cpu_level(name) switches the level in a running
 * process for them and for benchmarks/bench_levels.py.  Measured there: fast9 1-6% faster at
 * avx2 and avx512, the probe 2-8%, propagate and the line reader no faster (scalar code the
 * compiler finds nothing to widen in): a level pays when code is written for it, and this
 * folder is where such code goes.
 */
#ifndef SUDOKIT_ISA_H
#define SUDOKIT_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "isa/level.h"
#include "logic/probe.h"
#include "solve/batch.h"
#include "solve/text.h"

enum { SK_ISA_BASELINE, SK_ISA_AVX2, SK_ISA_AVX512, SK_ISA_COUNT };

/* One level's entry points: what bind/ calls through sk_isa. */
typedef struct {
    const char *name;    /* "baseline", "avx2", "avx512" */
    long long (*run_engine)(int engine, const sk_shape *sh, sk_work *w, const uint8_t *values,
                            long long limit, long long node_limit, uint8_t *solution,
                            uint64_t *nodes, int *stopped, sk_poll *poll);
    size_t (*batch_run)(const sk_batch *b, size_t i, size_t end, double seconds, int *status);
    int (*read_line)(const unsigned char *line, size_t len, const uint8_t table[256],
                     size_t ncells, uint8_t *out, size_t *where, size_t *found);
    int (*line_kind)(const unsigned char *line, size_t len);
    int (*probe)(const lc_state *s, const uint8_t *codes, int ncodes, int start,
                 const uint8_t *givens, const uint8_t *rects, int nrects, int flags);
    int (*logic_run)(lc_state *st, const uint8_t *codes, int ncodes, const uint8_t *givens,
                     const uint8_t *rects, int nrects, int flags, int limit, lc_buf *out,
                     int *stop);
    void (*placed)(const lc_state *s, unsigned *out);
    void (*ur_candidates)(const lc_state *s, const uint8_t *rects, int nrects,
                          const uint8_t *givens, lc_buf *out);
} sk_isa_fns;

/* The table of a level, written with the names in force where it is expanded (isa/names.h
 * makes them the level's). */
#define SK_ISA_TABLE(label)                                                              \
    {label, sk_run_engine, sk_batch_run, sk_read_line, sk_line_kind, lc_probe, lc_run,   \
     lc_placed, lc_ur_candidates}

/* The levels this build has: isa/choose.c (baseline), isa/avx2.c, isa/avx512.c. */
extern const sk_isa_fns sk_isa_baseline;
#ifdef SK_ISA_X86
extern const sk_isa_fns sk_isa_avx2;
#endif
#ifdef SK_ISA_X86_512
extern const sk_isa_fns sk_isa_avx512;
#endif

/* The level in use (isa/choose.c); never NULL.  A call reads it once (sk_isa_now) and runs
 * to its end at that level, even if cpu_level(name) switches levels meanwhile. */
extern const sk_isa_fns *sk_isa;
#if defined(__GNUC__) || defined(__clang__)
static inline const sk_isa_fns *sk_isa_now(void)
{
    return __atomic_load_n(&sk_isa, __ATOMIC_ACQUIRE);
}
#else
static inline const sk_isa_fns *sk_isa_now(void) { return sk_isa; }
#endif

/* The table of a level (SK_ISA_*), or NULL when this build does not have it. */
const sk_isa_fns *sk_isa_table(int level);
/* 1 when this build has the level and the CPU (and the OS: the registers are saved) runs it. */
int sk_isa_runs(int level);
/* The best level that runs here. */
int sk_isa_best(void);
/* The name of a level ("baseline", "avx2", "avx512"). */
const char *sk_isa_name(int level);
/* The level named name ("baseline", "avx2", "avx512"), or -1. */
int sk_isa_level_of(const char *name);
/* Use the level, or the best one below it that runs here; return the level now in use. */
int sk_isa_use(int level);

#endif /* SUDOKIT_ISA_H */
