#!/bin/sh
# the link-heavy sets of benchmarks/bench_logic.py (issue #32): one puzzle per seed
set -e
out=${1:-tests/data/links}
: > $out/nonconsecutive.json; : > $out/thermo.json; : > $out/kropki.json
for k in $(seq 1 20); do
  sudokit generate --rules nonconsecutive --minimal --seed $k --to json >> $out/nonconsecutive.json
done
for k in $(seq 1 10); do
  sudokit generate --rules thermo --minimal --seed $k --to json >> $out/thermo.json
  sudokit generate --rules kropki --minimal --engine learn --seed $k --to json >> $out/kropki.json
done
