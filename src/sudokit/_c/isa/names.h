/* isa/names.h -- a level's names for the external functions of the files compiled once per
 * level: included by every level file (isa/avx2*.c, isa/avx512*.c) after it has defined
 * SK_ISA_SUFFIX (_avx2, _avx512) and before anything else of the kernels, so that the
 * definitions, the calls between these files and their declarations in the headers all
 * take the level's name: sk_propagate becomes sk_propagate_avx2, and a level's batch loop
 * calls its own level's fast9.  Calls to any other function (backtrack, dlx, learn, rules,
 * the logic twins) reach the one baseline copy.
 *
 * Every name below must be defined by the level's files (isa/isa.h lists them); a name
 * left out links the level's copy under the baseline name, twice: the link fails.
 */
#ifndef SK_ISA_SUFFIX
#error "isa/names.h: define SK_ISA_SUFFIX first"
#endif

#define SK_ISA_CAT2(a, b) a##b
#define SK_ISA_CAT(a, b) SK_ISA_CAT2(a, b)
#define SK_ISA_NAME(name) SK_ISA_CAT(name, SK_ISA_SUFFIX)

/* solve/fast9.c */
#define sk_fast9_solve SK_ISA_NAME(sk_fast9_solve)
/* solve/anysize.c */
#define sk_propagate SK_ISA_NAME(sk_propagate)
#define sk_is_solution SK_ISA_NAME(sk_is_solution)
#define sk_givens_clash SK_ISA_NAME(sk_givens_clash)
#define sk_geometry_is_solution SK_ISA_NAME(sk_geometry_is_solution)
#define sk_geometry_clash SK_ISA_NAME(sk_geometry_clash)
/* solve/text.c */
#define sk_read_line SK_ISA_NAME(sk_read_line)
#define sk_line_kind SK_ISA_NAME(sk_line_kind)
/* solve/batch.c */
#define sk_run_engine SK_ISA_NAME(sk_run_engine)
#define sk_batch_run SK_ISA_NAME(sk_batch_run)
/* logic/probe.c, probe_patterns.c, probe_memo.c, run.c (logic/probe.h) */
#define lc_probe SK_ISA_NAME(lc_probe)
#define lc_placed SK_ISA_NAME(lc_placed)
#define lc_ur_candidates SK_ISA_NAME(lc_ur_candidates)
#define lc_run SK_ISA_NAME(lc_run)
#define lp_first SK_ISA_NAME(lp_first)
#define lp_init SK_ISA_NAME(lp_init)
#define lp_fires SK_ISA_NAME(lp_fires)
#define lp_need_placed SK_ISA_NAME(lp_need_placed)
#define lp_need_links SK_ISA_NAME(lp_need_links)
#define lp_any_with SK_ISA_NAME(lp_any_with)
#define lp_ur1 SK_ISA_NAME(lp_ur1)
#define lp_ur2 SK_ISA_NAME(lp_ur2)
#define lp_ur3 SK_ISA_NAME(lp_ur3)
#define lp_ur4 SK_ISA_NAME(lp_ur4)
#define lp_hidden_rect SK_ISA_NAME(lp_hidden_rect)
#define lp_bug SK_ISA_NAME(lp_bug)
#define lp_empty_rect SK_ISA_NAME(lp_empty_rect)
#define lp_simple_colors SK_ISA_NAME(lp_simple_colors)
#define lp_multi_colors SK_ISA_NAME(lp_multi_colors)
#define lp_x_chain SK_ISA_NAME(lp_x_chain)
#define lp_xy_chain SK_ISA_NAME(lp_xy_chain)
#define lp_each_value SK_ISA_NAME(lp_each_value)
#define lp_finned2 SK_ISA_NAME(lp_finned2)
#define lp_sashimi2 SK_ISA_NAME(lp_sashimi2)
#define lp_finned3 SK_ISA_NAME(lp_finned3)
#define lp_sashimi3 SK_ISA_NAME(lp_sashimi3)
#define lp_finned4 SK_ISA_NAME(lp_finned4)
#define lp_sashimi4 SK_ISA_NAME(lp_sashimi4)
#define lp_skyscraper SK_ISA_NAME(lp_skyscraper)
#define lp_kite SK_ISA_NAME(lp_kite)
#define lp_turbot SK_ISA_NAME(lp_turbot)
#define lp_ape SK_ISA_NAME(lp_ape)
#define lp_sdc SK_ISA_NAME(lp_sdc)
