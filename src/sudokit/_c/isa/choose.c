/* isa/choose.c -- the baseline's table, what the CPU runs, and the level in use (isa/isa.h).
 * No Python: bind/isa.c reads SUDOKIT_CPU and says what was chosen.
 *
 * What the CPU runs is asked once per question of __builtin_cpu_supports (GCC, Clang), which
 * also checks that the OS saves the wider registers (XGETBV): a CPU with AVX-512 under an OS
 * that does not save the zmm registers reports no AVX-512 there, and the avx2 level is used.
 */
#include "isa/isa.h"

#include <string.h>

const sk_isa_fns sk_isa_baseline = SK_ISA_TABLE("baseline");

const sk_isa_fns *sk_isa = &sk_isa_baseline;

static const char *const NAMES[SK_ISA_COUNT] = {"baseline", "avx2", "avx512"};

const sk_isa_fns *sk_isa_table(int level)
{
    switch (level) {
    case SK_ISA_BASELINE:
        return &sk_isa_baseline;
#ifdef SK_ISA_X86
    case SK_ISA_AVX2:
        return &sk_isa_avx2;
#endif
#ifdef SK_ISA_X86_512
    case SK_ISA_AVX512:
        return &sk_isa_avx512;
#endif
    default:
        return NULL;
    }
}

int sk_isa_runs(int level)
{
    if (!sk_isa_table(level))
        return 0;
#ifdef SK_ISA_X86
    if (level == SK_ISA_BASELINE)
        return 1;
    __builtin_cpu_init();
    int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
               __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    if (level == SK_ISA_AVX2)
        return avx2;
    return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
#else
    return level == SK_ISA_BASELINE;
#endif
}

int sk_isa_best(void)
{
    int level = SK_ISA_COUNT - 1;
    while (level > SK_ISA_BASELINE && !sk_isa_runs(level))
        level--;
    return level;
}

const char *sk_isa_name(int level)
{
    return level >= 0 && level < SK_ISA_COUNT ? NAMES[level] : "?";
}

int sk_isa_level_of(const char *name)
{
    for (int level = 0; level < SK_ISA_COUNT; level++)
        if (strcmp(name, NAMES[level]) == 0)
            return level;
    return -1;
}

int sk_isa_use(int level)
{
    if (level >= SK_ISA_COUNT)
        level = SK_ISA_COUNT - 1;
    while (level > SK_ISA_BASELINE && !sk_isa_runs(level))
        level--;
    if (level < SK_ISA_BASELINE)
        level = SK_ISA_BASELINE;
#if defined(__GNUC__) || defined(__clang__)
    __atomic_store_n(&sk_isa, sk_isa_table(level), __ATOMIC_RELEASE);
#else
    sk_isa = sk_isa_table(level);
#endif
    return level;
}
