/* include/bits.h -- bit counts and lowest bits, shared by every kernel (no Python).
 *
 * The twin of the bit helpers of sudokit/logic/core/bits.py (int.bit_count, lowest set
 * bit).  setup.py builds for baseline x86-64, which has no popcnt instruction: there
 * __builtin_popcount is a call into libgcc (a table walk, measured ~2x slower in the
 * solvers' branch selection), so the counts below are SWAR (a dozen ALU ops) unless the
 * compiler may use the instruction (-mpopcnt, -march=native, other architectures, the
 * avx2 and avx512 levels of isa/).
 * Rejected: a 512-entry table for 9-bit masks (the SE chaining had one): no faster than
 * the SWAR count, and one more copy of the same fact.
 *
 *   sk_pop32(x), sk_pop64(x)      set bits of a 32- / 64-bit word
 *   sk_ctz64(x)                   index of the lowest set bit, x != 0
 *   sk_u128, sk_pop128, sk_ctz128 the same on a 128-bit cell set (bit c: cell c of a 9x9
 *                                 grid), GCC and Clang
 */
#ifndef SUDOKIT_BITS_H
#define SUDOKIT_BITS_H

#include <stdint.h>

#if !defined(SK_HW_POPCOUNT) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__)))
#define SK_HW_POPCOUNT 1   /* (the avx2 and avx512 levels define it themselves: isa/level.h) */
#endif

static inline int sk_pop32(uint32_t x)
{
#ifdef SK_HW_POPCOUNT
    return __builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}

static inline int sk_pop64(uint64_t x)
{
#ifdef SK_HW_POPCOUNT
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

#if defined(__GNUC__) || defined(__clang__)
static inline int sk_ctz64(uint64_t x) { return __builtin_ctzll(x); }

typedef unsigned __int128 sk_u128;

static inline int sk_pop128(sk_u128 s)
{
    return sk_pop64((uint64_t)s) + sk_pop64((uint64_t)(s >> 64));
}

static inline int sk_ctz128(sk_u128 s)  /* s != 0 */
{
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}
#else
static inline int sk_ctz64(uint64_t x)
{
    int k = 0;
    while (!(x & 1)) {
        x >>= 1;
        k++;
    }
    return k;
}
#endif

#endif /* SUDOKIT_BITS_H */
