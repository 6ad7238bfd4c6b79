#!/bin/bash
# Interleaved A/B of bench_fast9 builds on a noisy machine: best µs/puzzle per binary, set and mode.
#   gcc -O3 -std=c99 -Isrc/sudokit/_c -o /tmp/b_old benchmarks/c/bench_fast9.c OLD/fast9.c
#   gcc -O3 -std=c99 -Isrc/sudokit/_c -o /tmp/b_new benchmarks/c/bench_fast9.c src/sudokit/_c/solve/fast9.c
#   benchmarks/c/ab.sh 4 /tmp/b_old /tmp/b_new
# Columns: binary, set, mode, best µs/puzzle over the rounds, guesses/puzzle.
set -euo pipefail
rounds=$1; shift
data=${DATA:-$(dirname "$0")/../../../shared/data}
for _ in $(seq "$rounds"); do
    for b in "$@"; do
        "$b" -r 3 "$data/puzzles3_magictour_top1465" "$data/puzzles5_forum_hardest_1905_11+" \
            "$data/puzzles2_17_clue" | sed "s|^|$b |"
    done
done | awk '{k = $1 " " $2 " " $3; if (!(k in m) || $6 < m[k]) m[k] = $6; g[k] = $8}
            END {for (k in m) print k, m[k], g[k]}' | sort -k2,2 -k3,3 -k1,1
