/* isa/avx2.c -- the avx2 level's table (isa/isa.h): its entry points, under the names
 * isa/names.h gives them. */
#include "isa/level.h"
#ifdef SK_ISA_X86
#define SK_ISA_SUFFIX _avx2
#include "isa/names.h"
#include "isa/isa.h"

const sk_isa_fns sk_isa_avx2 = SK_ISA_TABLE("avx2");
#endif
