/* logic/hodoku.h -- HoDoKu's tables expanded breadth-first (logic/hodoku.c), for their
 * binding (bind/logic_hodoku.c): the twin of _Tabling._expand_one in
 * sudokit/logic/hodoku/tabling.py.
 *
 * Nodes are ids 0..nid-1.  Node x's direct list is list[off[x] .. off[x] + len[x]) (the
 * direct entries of x's own table, repeats allowed; len[x] = 0 when x has no table).
 */
#ifndef SUDOKIT_LOGIC_HODOKU_H
#define SUDOKIT_LOGIC_HODOKU_H

#include <stdint.h>

/* Expand one table: nodes[0 .. ninit) hold its start node and direct entries; appends the
 * entries the expansion reaches to nodes (and their sources to pred) and returns the new
 * count.  cap: the most entries a table holds (HoDoKu's 1000); nodes and pred hold at
 * least max(cap, ninit) entries.  mark: nid words, none equal to stamp on entry (stamp
 * tells this table's members from earlier tables'). */
int32_t hd_expand_table(const int32_t *off, const int32_t *len, const int32_t *list,
                        int32_t ninit, int32_t cap, uint32_t *mark, uint32_t stamp,
                        int32_t *nodes, int32_t *pred);

#endif /* SUDOKIT_LOGIC_HODOKU_H */
