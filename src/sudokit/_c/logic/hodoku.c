/* logic/hodoku.c -- HoDoKu's tables expanded breadth-first: the twin of
 * _Tabling._expand_one in sudokit/logic/hodoku/tabling.py (the specification; the rules
 * are in its module docstring).
 *
 * The entries of a table are walked in order, those being appended included; each entry's
 * own table gives its direct entries, and every one not yet in the table is appended with
 * the entry as its source.  A full table (cap entries) stops the walk; an entry reached
 * while the table is full only becomes the source of the last entry (HoDoKu's rule).
 */
#include "logic/hodoku.h"

int32_t hd_expand_table(const int32_t *off, const int32_t *len, const int32_t *list,
                        int32_t ninit, int32_t cap, uint32_t *mark, uint32_t stamp,
                        int32_t *nodes, int32_t *pred)
{
    int32_t n = ninit;
    for (int32_t i = 0; i < n; i++)
        mark[nodes[i]] = stamp;
    for (int32_t j = 1; j < n; j++) {
        if (n >= cap)
            break;
        int32_t node = nodes[j];
        const int32_t *d = list + off[node];
        for (int32_t i = 0; i < len[node]; i++) {
            int32_t k = d[i];
            if (mark[k] == stamp)
                continue;
            if (n >= cap) {
                pred[n - 1] = node;
                continue;
            }
            mark[k] = stamp;
            nodes[n] = k;
            pred[n] = node;
            n++;
        }
    }
    return n;
}
