/* isa/avx512.c -- the avx512 level's table (isa/isa.h): its entry points, under the names
 * isa/names.h gives them. */
#include "isa/level.h"
#ifdef SK_ISA_X86_512
#define SK_ISA_SUFFIX _avx512
#include "isa/names.h"
#include "isa/isa.h"

const sk_isa_fns sk_isa_avx512 = SK_ISA_TABLE("avx512");
#endif
