/* tdoku_harness.c -- times a peer 9x9 solver with tdoku's C signature, for bench_tdoku.py.
 *
 * sudokit's own code: no line of tdoku is here.  The peer is loaded at run time (dlopen)
 * from a shared library that exports tdoku's entry point
 *
 *     size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t config,
 *                                     char *solution, size_t *guesses);
 *
 * (puzzle: 81 characters '1'..'9' or '.', followed by a byte below '.'; the solution is
 * written only when limit is 1; the return value is the number of solutions found, up to
 * limit).  Loading it at run time keeps this file independent of the peer's sources: it
 * is compiled by bench_tdoku.py with the system C compiler, while the peer's library is
 * built by the peer's own build, with the peer's flags.  A call through the function
 * pointer costs a few nanoseconds against microseconds a puzzle.
 *
 * Usage:  tdoku_harness LIBRARY MAX NAME=FILE...
 *   MAX: keep the first MAX puzzles of each file (0: all).  A file is read as
 *   bench.py reads it: each line stripped of surrounding white space, the lines of
 *   exactly 81 characters kept ('0' read as '.'); other lines (blank, '#' comments,
 *   headers) are skipped.
 * Then commands on stdin, one a line; each answer is one line of JSON on stdout:
 *   run NAME LIMIT REPS   REPS passes over the set, timed together by the thread's CPU
 *                         clock (CLOCK_THREAD_CPUTIME_ID: time spent preempted on a shared
 *                         machine is not counted) -> {"set", "limit", "puzzles", "reps",
 *                         "seconds", "guesses" (total of one pass), "found" (total)}
 *   answers NAME LIMIT    one untimed pass (also the warm-up) -> {"set", "limit",
 *                         "puzzles", "counts": one digit a puzzle, "solutions": 81
 *                         characters a puzzle, dots where none was returned}
 *   quit
 * A first line {"ready": ..., "sets": {NAME: puzzles}} says the library was loaded.
 * Errors: one line on stderr, exit status 2.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef size_t (*solver_fn)(const char *, size_t, uint32_t, char *, size_t *);

enum { RECORD = 82, MAX_SETS = 16 };  /* 81 characters and a terminating 0 a puzzle */

typedef struct {
    char name[64];
    char *puzzles;  /* RECORD bytes each */
    size_t n;
} puzzle_set;

static puzzle_set sets[MAX_SETS];
static int nsets;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "tdoku_harness: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keep the line if it is a 9x9 puzzle; return 1 if kept. */
static int keep_line(char *line, char *record)
{
    char *start = line, *end = line + strlen(line);
    while (*start == ' ' || *start == '\t' || *start == '\r' || *start == '\n')
        start++;
    while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'
                           || end[-1] == '\n'))
        end--;
    if (end - start != 81)
        return 0;
    for (int i = 0; i < 81; i++) {
        char ch = start[i];
        if (ch == '0')
            ch = '.';
        if (ch != '.' && (ch < '1' || ch > '9'))
            return 0;
        record[i] = ch;
    }
    record[81] = 0;  /* below '.': the solver reads a plain 81-cell puzzle */
    return 1;
}

static void load(const char *spec, size_t max)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof sets[0].name)
        die("a set is NAME=FILE", spec);
    if (nsets == MAX_SETS)
        die("too many sets", spec);
    puzzle_set *s = &sets[nsets++];
    memcpy(s->name, spec, (size_t)(eq - spec));
    s->name[eq - spec] = 0;
    FILE *fh = fopen(eq + 1, "r");
    if (!fh)
        die("cannot open", eq + 1);
    size_t cap = 1024;
    s->puzzles = malloc(cap * RECORD);
    char *line = NULL;
    size_t len = 0;
    while ((max == 0 || s->n < max) && getline(&line, &len, fh) >= 0) {
        if (s->n == cap) {
            cap *= 2;
            s->puzzles = realloc(s->puzzles, cap * RECORD);
        }
        if (!s->puzzles)
            die("out of memory", NULL);
        if (keep_line(line, s->puzzles + s->n * RECORD))
            s->n++;
    }
    free(line);
    fclose(fh);
}

static puzzle_set *find(const char *name)
{
    for (int i = 0; i < nsets; i++)
        if (!strcmp(sets[i].name, name))
            return &sets[i];
    return NULL;
}

static void run(solver_fn solve, puzzle_set *s, size_t limit, long reps)
{
    char solution[RECORD];
    size_t guesses = 0, found = 0;
    double t0 = thread_seconds();
    for (long r = 0; r < reps; r++) {
        guesses = 0;  /* (the same every pass: the solver is deterministic) */
        for (size_t i = 0; i < s->n; i++) {
            size_t g = 0;
            found += solve(s->puzzles + i * RECORD, limit, 0, solution, &g);
            guesses += g;
        }
    }
    double seconds = thread_seconds() - t0;
    printf("{\"set\": \"%s\", \"limit\": %zu, \"puzzles\": %zu, \"reps\": %ld, "
           "\"seconds\": %.9f, \"guesses\": %zu, \"found\": %zu}\n",
           s->name, limit, s->n, reps, seconds, guesses, found);
}

static void answers(solver_fn solve, puzzle_set *s, size_t limit)
{
    char *counts = malloc(s->n + 1), *sols = malloc(s->n * 81 + 1);
    if (!counts || !sols)
        die("out of memory", NULL);
    for (size_t i = 0; i < s->n; i++) {
        char solution[RECORD];
        size_t g = 0;
        memset(solution, '.', 81);
        size_t c = solve(s->puzzles + i * RECORD, limit, 0, solution, &g);
        counts[i] = (char)('0' + (c > 9 ? 9 : c));
        for (int k = 0; k < 81; k++)  /* only digits and dots reach the JSON text */
            sols[i * 81 + k] = (solution[k] >= '1' && solution[k] <= '9') ? solution[k] : '.';
    }
    counts[s->n] = 0;
    sols[s->n * 81] = 0;
    printf("{\"set\": \"%s\", \"limit\": %zu, \"puzzles\": %zu, \"counts\": \"%s\", "
           "\"solutions\": \"%s\"}\n", s->name, limit, s->n, counts, sols);
    free(counts);
    free(sols);
}

int main(int argc, char **argv)
{
    if (argc < 4)
        die("usage: tdoku_harness LIBRARY MAX NAME=FILE...", NULL);
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        die("cannot load the library", dlerror());
    solver_fn solve;
    *(void **)&solve = dlsym(lib, "TdokuSolverDpllTriadSimd");
    if (!solve)
        die("the library has no TdokuSolverDpllTriadSimd", argv[1]);
    size_t max = (size_t)strtoull(argv[2], NULL, 10);
    for (int i = 3; i < argc; i++)
        load(argv[i], max);
    printf("{\"ready\": \"tdoku_harness\", \"sets\": {");
    for (int i = 0; i < nsets; i++)
        printf("%s\"%s\": %zu", i ? ", " : "", sets[i].name, sets[i].n);
    printf("}}\n");
    fflush(stdout);

    char *line = NULL;
    size_t len = 0;
    while (getline(&line, &len, stdin) >= 0) {
        char cmd[16], name[64];
        unsigned long limit = 0;
        long reps = 1;
        int got = sscanf(line, "%15s %63s %lu %ld", cmd, name, &limit, &reps);
        if (got >= 1 && !strcmp(cmd, "quit"))
            break;
        puzzle_set *s = got >= 3 ? find(name) : NULL;
        if (!s || limit < 1)
            die("bad command", line);
        if (!strcmp(cmd, "run") && got == 4 && reps >= 1)
            run(solve, s, limit, reps);
        else if (!strcmp(cmd, "answers"))
            answers(solve, s, limit);
        else
            die("bad command", line);
        fflush(stdout);
    }
    free(line);
    return 0;
}
