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

#include "logic/board.h"

/* Expand one table: nodes[0 .. ninit) hold its start node and direct entries; appends the
 * entries the expansion reaches to nodes (and their sources to pred) and returns the new
 * count.  cap: the most entries a table holds (HoDoKu's 1000); nodes and pred hold at
 * least max(cap, ninit) entries.  mark: nid words, none equal to stamp on entry (stamp
 * tells this table's members from earlier tables'). */
int32_t hd_expand_table(const int32_t *off, const int32_t *len, const int32_t *list,
                        int32_t ninit, int32_t cap, uint32_t *mark, uint32_t stamp,
                        int32_t *nodes, int32_t *pred);

/* Expand one net table (the twin of _NetTabling._expand_one in
 * sudokit/logic/hodoku/nets.py): nodes[0 .. ninit) and dist[0 .. ninit) hold its start and
 * own entries; node x's own entries are list[off[x] .. off[x] + len[x]) with their
 * distances in ldist; src[x] is the source index an entry reached through x records
 * (x / 2 for a normal node, its group index for a group node).  Appends the entries the
 * expansion reaches and sets every appended entry's source (ret), distance, "on" and
 * "group" flags (the flags OR'ed as HoDoKu does); returns the new count.  mark and pos
 * hold nid words each, mark none equal to stamp on entry.  Arrays hold max(cap, ninit). */
int32_t hd_net_expand_table(const int32_t *off, const int32_t *len, const int32_t *list,
                            const int32_t *ldist, const int32_t *src, int32_t ninit, int32_t cap,
                            uint32_t *mark, int32_t *pos, uint32_t stamp, int32_t *nodes,
                            int32_t *dist, int32_t *ret, uint8_t *on, uint8_t *ext);

/* HoDoKu's simple chains (the twin of chain_step in sudokit/logic/hodoku/chains.py, which
 * holds the rules): builds the links of kind (HD_X_CHAIN, HD_XY_CHAIN, HD_REMOTE_PAIR,
 * HD_TURBOT) from the board (cands[81], where[v] the cells holding v, counts[u][v] the
 * count of cells of unit u holding v; units: rows 0-8, columns 9-17, boxes 18-26), runs
 * the depth-first search from every start and appends one hd_chain_hit per chain end
 * that deletes something, in the order the search meets them. */
enum { HD_X_CHAIN, HD_XY_CHAIN, HD_REMOTE_PAIR, HD_TURBOT };

#define HD_CHAIN_MAX 20          /* links of a chain (turbot fish: 3) */

typedef struct {
    uint8_t start, scand, end, length;   /* end: the chain's last cell; length: entries */
    uint8_t ncells;                      /* remote pairs: the chain's cells, else 0 */
    uint8_t cells[HD_CHAIN_MAX + 2];
} hd_chain_hit;

void hd_chains(int kind, const uint16_t *cands, const lc_set *where, const uint8_t (*counts)[10],
               lc_buf *out);

#endif /* SUDOKIT_LOGIC_HODOKU_H */
