/* learn_driver.c -- run the learn kernel (sk_learn) on one line of a puzzle file, from C.
 *
 *   gcc -O3 -Isrc/sudokit/_c -o /tmp/drv benchmarks/research/25x25/learn_driver.c \
 *       src/sudokit/_c/learn.c src/sudokit/_c/anysize.c
 *   git show f3a854c:src/sudokit/_c/learn.c > /tmp/learn_old.c     # the session-2 kernel
 *   gcc -O3 -Isrc/sudokit/_c -o /tmp/drv0 benchmarks/research/25x25/learn_driver.c \
 *       /tmp/learn_old.c src/sudokit/_c/anysize.c
 *   for l in $(seq 1 18); do /tmp/drv0 ../shared/data/gecode_25x25.txt $l; \
 *       /tmp/drv ../shared/data/gecode_25x25.txt $l; done      # old and new alternately
 *
 * Prints the count, the decisions and the CPU seconds (clock()).  Square boxes only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s FILE LINE [LIMIT]\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char line[5000];
    int want = atoi(argv[2]), k = 0, found = 0;
    long long limit = argc > 3 ? atoll(argv[3]) : 1;
    while (fgets(line, sizeof line, f))
        if (++k == want) {
            found = 1;
            break;
        }
    fclose(f);
    if (!found) {
        fprintf(stderr, "no line %d\n", want);
        return 2;
    }
    int len = (int)strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    int n = 1, b = 1;
    while (n * n < len)
        n++;
    while (b * b < n)
        b++;
    if (n * n != len || b * b != n || n > SK_MAX_SIZE) {
        fprintf(stderr, "line %d: %d characters is not a square-box grid\n", want, len);
        return 2;
    }
    static uint8_t vals[SK_MAX_SIZE * SK_MAX_SIZE], sol[SK_MAX_SIZE * SK_MAX_SIZE];
    for (int i = 0; i < len; i++) {
        char c = line[i];
        vals[i] = (uint8_t)(c == '.' || c == '0' ? 0 : c <= '9' ? c - '0' : c - 'A' + 10);
    }
    sk_shape *sh = sk_shape_new(b, b);
    uint64_t nodes = 0;
    int stopped = 0;
    clock_t t = clock();
    long long cnt = sk_learn(sh, vals, limit, 0, sol, &nodes, &stopped, NULL);
    printf("line %d count %lld nodes %llu %.3fs\n", want, cnt, (unsigned long long)nodes,
           (double)(clock() - t) / CLOCKS_PER_SEC);
    sk_shape_free(sh);
    return 0;
}
