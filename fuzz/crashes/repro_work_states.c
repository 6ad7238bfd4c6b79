/* Standalone reproducer: sk_propagate overruns w->states when one sk_work is reused for a
 * larger shape.  work_states() keeps its capacity in *states* (cap_states) but sizes the
 * block as cap_states * ncells of the call that grew it, so a later call with more cells
 * and depth < cap_states skips the realloc and memcpy()s past the end (anysize.c:352).
 *
 *   gcc -g -O1 -fsanitize=address,undefined -I src/sudokit/_c \
 *       fuzz/crashes/repro_work_states.c src/sudokit/_c/anysize.c -o /tmp/repro && /tmp/repro
 */
#include <stdio.h>
#include "kernels.h"

int main(void)
{
    sk_work w;
    sk_work_init(&w);
    uint8_t v1[1] = {0}, s1[1], v9[81] = {0}, s9[81];
    uint64_t nodes;
    int stopped;
    sk_shape *one = sk_shape_new(1, 1), *nine = sk_shape_new(3, 3);
    sk_propagate(one, &w, v1, 0, 0, s1, &nodes, &stopped, NULL);   /* states: 16 x 1 cell */
    long long n = sk_propagate(nine, &w, v9, 1, 0, s9, &nodes, &stopped, NULL);   /* 81 cells */
    printf("count %lld nodes %llu\n", n, (unsigned long long)nodes);
    sk_work_free(&w);
    sk_shape_free(one);
    sk_shape_free(nine);
    return 0;
}
