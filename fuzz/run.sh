#!/bin/sh
# fuzz/run.sh -- build and run the libFuzzer harness, or the test suite on an ASan build.
#
#   fuzz/run.sh build             build fuzz/build/fuzz_kernels (clang, fuzzer+ASan+UBSan;
#                                 FUZZ_CPU=avx2: fuzz/build/fuzz_kernels_avx2, that level's kernels)
#   fuzz/run.sh fuzz [SECONDS]    build, make seeds, fuzz for SECONDS (default 600)
#   fuzz/run.sh coverage          llvm-cov report of the kernels over the corpus
#   fuzz/run.sh repro FILE...     run the harness once on each file (a crash reproducer)
#   fuzz/run.sh asan-tests        copy the tree to $ASAN_TREE (default /tmp/sudokit-asan/main), build
#                                 the extension there with SUDOKIT_SANITIZE=1 and run the C
#                                 kernel tests ($ASAN_TESTS) under ASan+UBSan (the in-place .so
#                                 is untouched)
#   fuzz/run.sh readers [SECONDS] atheris (pip install atheris) on fuzz/fuzz_readers.py: the
#                                 readers, with the extension built with ASan in a copy of the
#                                 tree ($ASAN_TREE, default /tmp/sudokit-asan/readers) and
#                                 atheris' own ASan+libFuzzer runtime preloaded (default 660 s)
#   fuzz/run.sh decoders [RUNS] [SEED]  fuzz_decoders.py (no build, no atheris needed): lz-string,
#                                 f-puzzles, JSON geometry and the server's request parser,
#                                 RUNS inputs (default 1000000), nice -n 10, log in
#                                 fuzz/build/decoders-RUNS-SEED.log
#   fuzz/run.sh decoders-atheris [SECONDS]  the same target under atheris (coverage guided)
#
# Environment: FUZZ_CPU (the instruction level of fast9 and propagate: baseline, avx2, avx512;
# the binary is fuzz/build/fuzz_kernels_LEVEL), EXTRA_CFLAGS (e.g. -DFUZZ_AVOID_WORK_STATES_BUG,
# see README), CLANG (default clang-14 or clang), JOBS (parallel fuzzing jobs, default 1),
# FUZZ_ARGS (extra libFuzzer flags), ASAN_TREE, PYTHON (default python).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
csrc="$root/src/sudokit/_c"
build="$here/build"
CLANG=${CLANG:-$(command -v clang-14 || command -v clang || true)}  # (none: only the Python targets run)
PYTHON=${PYTHON:-python}

# The kernels the harness links (src/sudokit/_c/solve/), and FUZZ_CPU: the instruction level
# whose copies of fast9 and propagate it calls (baseline, avx2, avx512; default baseline).  A
# level links its wrapper files (isa/avx2_fast9.c ...: the same source with the level's
# target) and compiles the harness with isa/names.h, so sk_fast9_solve is sk_fast9_solve_avx2
# there; the run refuses a level this CPU lacks (the harness would crash on it).
KERNELS="fast9 anysize shape backtrack dlx learn learn_groups learn_clauses rules"
FUZZ_CPU=${FUZZ_CPU:-baseline}
sources() {
    for k in $KERNELS; do printf '%s ' "$csrc/solve/$k.c"; done
    if [ "$FUZZ_CPU" != baseline ]; then
        printf '%s ' "$csrc/isa/${FUZZ_CPU}_fast9.c" "$csrc/isa/${FUZZ_CPU}_anysize.c"
    fi
}
level_flags() {
    case "$FUZZ_CPU" in
    baseline) ;;
    avx2|avx512) printf '%s ' "-DSK_ISA_SUFFIX=_$FUZZ_CPU" -include "$csrc/isa/names.h" ;;
    *) echo "FUZZ_CPU=$FUZZ_CPU: baseline, avx2 or avx512" >&2; exit 2 ;;
    esac
}
check_level() {
    [ "$FUZZ_CPU" = baseline ] && return 0
    "$PYTHON" -c "import sys, sudokit._ckernels as C; sys.exit('$FUZZ_CPU' not in C.cpu_levels())" ||
        { echo "FUZZ_CPU=$FUZZ_CPU: this CPU (or the built extension) does not run it" >&2; exit 2; }
}
out="$build/fuzz_kernels"
[ "$FUZZ_CPU" = baseline ] || out="$build/fuzz_kernels_$FUZZ_CPU"

build() {
    mkdir -p "$build"
    check_level
    # the harness first, alone: with isa/names.h it calls the level's kernels
    # shellcheck disable=SC2046
    "$CLANG" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -fno-omit-frame-pointer -g -O1 -std=c11 -Wall -Wextra -I"$csrc" -I"$csrc/solve" \
        ${EXTRA_CFLAGS:-} $(level_flags) -c "$here/fuzz_kernels.c" -o "$build/harness-$FUZZ_CPU.o"
    # shellcheck disable=SC2046
    "$CLANG" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -fno-omit-frame-pointer -g -O1 -std=c11 -Wall -Wextra -Wno-unused-parameter -I"$csrc" \
        ${EXTRA_CFLAGS:-} "$build/harness-$FUZZ_CPU.o" $(sources) -o "$out"
    echo "built $out"
}

case "${1:-fuzz}" in
build)
    build
    ;;
fuzz)
    secs=${2:-600}
    build
    "$PYTHON" "$here/make_corpus.py" "$here/corpus"
    mkdir -p "$build/corpus" "$build/artifacts"
    # new inputs go to build/corpus (not committed); the seeds in fuzz/corpus are only read
    cd "$build"
    ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        "$out" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=4096 \
            -print_final_stats=1 -artifact_prefix="$build/artifacts/" \
            -jobs="${JOBS:-1}" -workers="${JOBS:-1}" ${FUZZ_ARGS:-} \
            "$build/corpus" "$here/corpus"
    ;;
coverage)
    # line/branch coverage of the kernels reached by the corpus (seeds + what fuzzing found)
    mkdir -p "$build/cov"
    # shellcheck disable=SC2046
    "$CLANG" -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping -g -O1 -std=c11 \
        -I"$csrc" -I"$csrc/solve" ${EXTRA_CFLAGS:-} "$here/fuzz_kernels.c" $(sources) \
        -o "$build/cov/fuzz_kernels_cov"
    mkdir -p "$build/corpus"
    LLVM_PROFILE_FILE="$build/cov/run.profraw" \
        "$build/cov/fuzz_kernels_cov" -runs=0 "$build/corpus" "$here/corpus" 2>&1 | tail -1
    llvm-profdata-14 merge -sparse "$build/cov/run.profraw" -o "$build/cov/run.profdata"
    # shellcheck disable=SC2046
    llvm-cov-14 report "$build/cov/fuzz_kernels_cov" -instr-profile="$build/cov/run.profdata" \
        $(sources) "$here/fuzz_kernels.c"
    ;;
repro)
    shift
    build
    "$out" "$@"
    ;;
asan-tests)
    # The tests find the public data at <tree>/../shared/data: give the copy such a parent.
    tree=${ASAN_TREE:-/tmp/sudokit-asan/main}
    mkdir -p "$tree"
    shared=$(dirname "$root")/shared
    [ -e "$(dirname "$tree")/shared" ] || ln -s "$shared" "$(dirname "$tree")/shared"
    rm -rf "$tree" && mkdir -p "$tree"
    tar -C "$root" --exclude=./.git --exclude='*.so' --exclude=./build --exclude=./fuzz/build \
        --exclude=__pycache__ --exclude='*.egg-info' -cf - . | tar -C "$tree" -xf -
    cd "$tree"
    SUDOKIT_SANITIZE=1 SUDOKIT_REQUIRE_C=1 "$PYTHON" setup.py -q build_ext --inplace --force
    # ASan must be the first DSO loaded: preload gcc's runtime (setup.py builds with gcc).
    # CPython's own allocations show up as leaks at exit, so leak detection is off.
    asan=$(gcc -print-file-name=libasan.so)
    LD_PRELOAD="$asan" \
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    PYTHONPATH="$tree/src" SUDOKIT_PUREPYTHON= \
        "$PYTHON" -c "import sudokit, sudokit._ckernels as c; print('sudokit', sudokit.__file__, sudokit.backend(), c.__file__)"
    LD_PRELOAD="$asan" \
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    PYTHONPATH="$tree/src" SUDOKIT_PUREPYTHON= \
        "$PYTHON" -m pytest ${ASAN_TESTS:-tests/engine/test_ckernels.py tests/test_solver.py \
            tests/engine/test_learn.py tests/engine/test_portfolio.py} -q -p no:cacheprovider ${PYTEST_ARGS:-}
    ;;
readers)
    # gcc compiles the extension with -fsanitize=address but does not link gcc's runtime:
    # the runtime is atheris' asan_with_fuzzer.so (clang's ASan + libFuzzer), preloaded, so
    # libFuzzer sees the Python coverage (with gcc's libasan preloaded instead, atheris
    # warns that coverage is broken and the corpus stays at one input).
    secs=${2:-660}
    tree=${ASAN_TREE:-/tmp/sudokit-asan/readers}
    rm -rf "$tree" && mkdir -p "$tree" "$tree/obj"
    tar -C "$root" --exclude=./.git --exclude='*.so' --exclude=./build --exclude=./fuzz/build \
        --exclude=__pycache__ --exclude='*.egg-info' -cf - . | tar -C "$tree" -xf -
    inc=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_paths()['include'])")
    suffix=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
    find "$tree/src/sudokit/_c" -name '*.c' | while read -r f; do
        rel=${f#"$tree/src/sudokit/_c/"}
        gcc -fPIC -O1 -g -fsanitize=address -fno-omit-frame-pointer -std=c11 -I"$inc" \
            -I"$tree/src/sudokit/_c" -c "$f" -o "$tree/obj/$(echo "${rel%.c}" | tr / _).o"
    done
    gcc -shared "$tree"/obj/*.o -o "$tree/src/sudokit/_ckernels$suffix"
    runtime=$("$PYTHON" -c "import atheris, os; print(os.path.join(atheris.path(), 'asan_with_fuzzer.so'))")
    mkdir -p "$build/readers-corpus" "$build/readers-artifacts"
    "$PYTHON" "$here/make_reader_seeds.py" "$build/readers-corpus"
    LD_PRELOAD="$runtime" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    PYTHONPATH="$tree/src" SUDOKIT_PUREPYTHON= \
        "$PYTHON" "$here/fuzz_readers.py" -max_total_time="$secs" -max_len=20000 \
            -print_final_stats=1 -artifact_prefix="$build/readers-artifacts/" ${FUZZ_ARGS:-} \
            "$build/readers-corpus"
    ;;
decoders)
    runs=${2:-1000000}
    seed=${3:-33}
    mkdir -p "$build"
    PYTHONPATH="$root/src" nice -n 10 "$PYTHON" "$here/fuzz_decoders.py" \
        --runs "$runs" --seed "$seed" --max-rss 300 --crashes "$build/decoders-crashes" \
        2>&1 | tee "$build/decoders-$runs-$seed.log"
    ;;
decoders-atheris)
    secs=${2:-600}
    mkdir -p "$build/decoders-corpus" "$build/decoders-artifacts"
    PYTHONPATH="$root/src" "$PYTHON" "$here/fuzz_decoders.py" --write-seeds "$build/decoders-corpus"
    PYTHONPATH="$root/src" nice -n 10 "$PYTHON" "$here/fuzz_decoders.py" --atheris \
        -max_total_time="$secs" -max_len=65536 -rss_limit_mb=2048 -timeout=20 \
        -print_final_stats=1 -artifact_prefix="$build/decoders-artifacts/" ${FUZZ_ARGS:-} \
        "$build/decoders-corpus"
    ;;
*)
    sed -n '2,26p' "$0"
    exit 2
    ;;
esac
