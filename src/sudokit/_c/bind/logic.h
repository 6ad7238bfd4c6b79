/* bind/logic.h -- what the bindings of the logic finders share (private to bind/logic*.c).
 *
 * bind/logic.c        geometry and state capsules, logic_where, the method table
 * bind/logic_finders.c  ALS, finned fish, APE, Sue de Coq, two strong links (records)
 * bind/logic_chains.c   the chains' graph, closure and reach, AIC, remote pairs, the
 *                       static forcing chains
 * bind/logic_dynamic.c  the dynamic branches (logic_dyn*)
 * bind/logic_probe.c    the ladder's probe, logic_placed, logic_ur_candidates, logic_run
 * bind/logic_hodoku.c   HoDoKu's table expansions and simple chains (hodoku_expand,
 *                       hodoku_net_expand, hodoku_chains)
 *
 * Every argument is validated here (sizes, ranges, types); the kernels trust their input.
 */
#ifndef SUDOKIT_BIND_LOGIC_H
#define SUDOKIT_BIND_LOGIC_H

#include "bind/module.h"
#include "logic/board.h"

/* The state of a capsule made by logic_state(), NULL with a TypeError. */
const lc_state *lc_state_of(PyObject *capsule);
/* A Python list of the cells of a set, increasing; NULL on error. */
PyObject *lc_cells_list(lc_set s);
/* A Python list of (cell, value) pairs, by cell then value, of per-value cell sets
 * elim[1..n]; NULL on error. */
PyObject *lc_pairs_list(const lc_set *elim, int n);
/* The Python int of top little-endian 64-bit words; NULL on error. */
PyObject *lc_words_int(const uint64_t *w, int top);

/* The finders' bindings, gathered in bind/logic.c's method table. */
PyObject *lc_py_als(PyObject *self, PyObject *args);
PyObject *lc_py_als_xz(PyObject *self, PyObject *args);
PyObject *lc_py_als_xy(PyObject *self, PyObject *args);
PyObject *lc_py_finned(PyObject *self, PyObject *args);
PyObject *lc_py_ape(PyObject *self, PyObject *args);
PyObject *lc_py_sdc(PyObject *self, PyObject *args);
PyObject *lc_py_two_links(PyObject *self, PyObject *cap);
PyObject *lc_py_closure(PyObject *self, PyObject *args);
PyObject *lc_py_reaches(PyObject *self, PyObject *cap);
PyObject *lc_py_links_graph(PyObject *self, PyObject *args);
PyObject *lc_py_aic(PyObject *self, PyObject *args);
PyObject *lc_py_remote_pair(PyObject *self, PyObject *cap);
PyObject *lc_py_static(PyObject *self, PyObject *cap);
PyObject *lc_py_static_next(PyObject *self, PyObject *args);
PyObject *lc_py_static_groups(PyObject *self, PyObject *cap);
PyObject *lc_py_dyn(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_contra(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_common(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_size(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_nested(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_nishio(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_first(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_branch(PyObject *self, PyObject *args);
PyObject *lc_py_dyn_proof(PyObject *self, PyObject *args);
PyObject *lc_py_probe(PyObject *self, PyObject *args);
PyObject *lc_py_placed(PyObject *self, PyObject *cap);
PyObject *lc_py_ur_candidates(PyObject *self, PyObject *args);
PyObject *lc_py_run(PyObject *self, PyObject *args);
PyObject *lc_py_hodoku_expand(PyObject *self, PyObject *args);
PyObject *lc_py_hodoku_chains(PyObject *self, PyObject *args);
PyObject *lc_py_hodoku_net_expand(PyObject *self, PyObject *args);

#endif /* SUDOKIT_BIND_LOGIC_H */
