/* isa/level.h -- which instruction levels this compiler builds, and how a level's file says
 * so.  Macros only, no declarations: a level's wrapper includes this first, then switches the
 * target (SK_ISA_BEGIN), then includes the kernel file it compiles again (isa/isa.h draws
 * the scheme).
 *
 *   SK_ISA_X86       1 on x86-64 with GCC or Clang: the avx2 level is built
 *   SK_ISA_X86_512   1 when that compiler also knows the AVX-512 targets (GCC >= 5, Clang
 *                    >= 4): the avx512 level is built
 *   elsewhere (other architectures, MSVC): the baseline only.
 *
 * The targets.  avx2: AVX2 with BMI1, BMI2 and POPCNT, what every AVX2 CPU has (Intel
 * Haswell 2013 on, AMD Excavator 2015 on, Zen); avx512: that with AVX-512 F, BW, VL and DQ
 * (Intel Skylake-SP 2017 on, AMD Zen 4 on).  isa/choose.c asks the CPU for exactly these.
 * (Not LZCNT, FMA, MOVBE: the kernels have no use for them.)
 *
 * GCC compiles the rest of the file for the target (#pragma GCC target) and defines the
 * target's macros (__AVX2__, __POPCNT__, ...) from there on; Clang applies the target
 * attribute to every function that follows (#pragma clang attribute) but defines no macro,
 * so the level sets SK_HW_POPCOUNT itself (include/bits.h: the popcnt instruction instead of
 * the SWAR count).
 */
#ifndef SUDOKIT_ISA_LEVEL_H
#define SUDOKIT_ISA_LEVEL_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SK_ISA_X86 1
#if defined(__clang__) ? __clang_major__ >= 4 : __GNUC__ >= 5
#define SK_ISA_X86_512 1
#endif
#endif

#define SK_ISA_AVX2_TARGET "avx2,bmi,bmi2,popcnt"
#define SK_ISA_AVX512_TARGET "avx2,bmi,bmi2,popcnt,avx512f,avx512bw,avx512vl,avx512dq"

#define SK_ISA_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define SK_ISA_BEGIN(t) \
    SK_ISA_PRAGMA(clang attribute push(__attribute__((target(t))), apply_to = function))
#define SK_ISA_END SK_ISA_PRAGMA(clang attribute pop)
#else
#define SK_ISA_BEGIN(t) SK_ISA_PRAGMA(GCC target(t))
#define SK_ISA_END
#endif

#endif /* SUDOKIT_ISA_LEVEL_H */
