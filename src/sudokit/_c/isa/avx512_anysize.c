/* isa/avx512_anysize.c -- solve/anysize.c for the avx512 level (isa/isa.h). */
#include "isa/level.h"
#ifdef SK_ISA_X86_512
SK_ISA_BEGIN(SK_ISA_AVX512_TARGET)
#define SK_HW_POPCOUNT 1
#define SK_ISA_SUFFIX _avx512
#include "isa/names.h"
#include "solve/anysize.c"
SK_ISA_END
#endif
