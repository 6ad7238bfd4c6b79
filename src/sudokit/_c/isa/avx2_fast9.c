/* isa/avx2_fast9.c -- solve/fast9.c for the avx2 level (isa/isa.h). */
#include "isa/level.h"
#ifdef SK_ISA_X86
SK_ISA_BEGIN(SK_ISA_AVX2_TARGET)
#define SK_HW_POPCOUNT 1
#define SK_ISA_SUFFIX _avx2
#include "isa/names.h"
#include "solve/fast9.c"
SK_ISA_END
#endif
