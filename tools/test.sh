#!/usr/bin/env bash
# Sets up and runs Concord's whole test suite:
#   1. gcc 12, -O2 (Release), warnings as errors: every test except the paced loopback tables (label net), which
#      run once, in pass 2; the 18/32-seat tables and the flood's slowdown bound run here;
#   2. clang 14, -O2 (Release, asserts off), warnings as errors: the Seal goldens, and every Seal of a few dozen
#      seeded games of each module compared with the gcc -O2 build's (tools/compare_seals.sh, issue 32);
#   3. clang 14, -O1, AddressSanitizer + UBSan, warnings as errors: every test (but the 18/32-seat tables);
#   4. clang libFuzzer targets: a bounded run of each over its committed corpus.
# The determinism golden test runs in all three builds, so gcc -O2, clang -O2 and clang -O1 are checked against the
# same committed Seal hashes. Set CONCORD_SKIP_ASAN=1 / CONCORD_SKIP_FUZZ=1 for a quicker local loop.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
jobs=$(nproc)
step() { printf '\n=== %s ===\n' "$*"; }
# A tree configured here first (a fresh clone, CI) builds in unity batches (CONCORD_UNITY, CMakeLists.txt): about
# half the compile time. A tree that exists keeps its own choice, so a developer's incremental builds stay per file.
unity_if_new() { [ -f "build/$1/CMakeCache.txt" ] || echo ON; }

step "gcc-release: build"
CONCORD_UNITY=$(unity_if_new gcc-release) bash tools/build.sh gcc-release
step "gcc-release: test"
# Every test but the paced multi-process ones (label net), which run once, under ASan below; the gcc pass keeps the
# net tests whose point is speed or scale: the 18- and 32-seat tables and the flood's slowdown bound (3x, -O2 only).
# (With CONCORD_SKIP_ASAN=1 every net test runs here instead.)
gcc_net=(-R '^net_(table_18|table_32|security_flood)$')
[ "${CONCORD_SKIP_ASAN:-0}" = 1 ] && gcc_net=(-L '^net$')
ctest --preset gcc-release -j "$jobs" --timeout 600 -LE '^net$'
ctest --preset gcc-release -j "$jobs" --timeout 600 "${gcc_net[@]}"

step "clang-release (-O2): build"
# Only what this pass runs (the Seal goldens, the digest player): they compile core/, lockstep/, replay/ and table/
# with NDEBUG under clang, where debug-only state would otherwise be an unused-field error (issue 32). File by file,
# as a user's `cmake -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++` builds: a unity batch hid that error.
CONCORD_UNITY=OFF bash tools/build.sh clang-release lockstep_golden_tests concord_seal_digest
step "clang-release (-O2): Seal goldens, gcc -O2 vs clang -O2"
build/clang-release/tests/lockstep_golden_tests
bash tools/compare_seals.sh gcc-O2=build/gcc-release/tests/concord_seal_digest clang-O2=build/clang-release/tests/concord_seal_digest

# The fuzz targets build in the background at the lowest priority while the ASan tests run: the paced net tests
# leave a core partly idle, and nice 19 keeps the build from slowing any test that measures time.
fuzz_wanted() { [ "${CONCORD_SKIP_FUZZ:-0}" != 1 ] && [ -f fuzz/CMakeLists.txt ] && grep -q add_executable fuzz/CMakeLists.txt; }
fuzz_targets() { grep -oE 'fuzz_[a-z_]+' fuzz/CMakeLists.txt | grep -v '_corpus$' | sort -u; }
fuzz_build_pid=""
fuzz_build_log=$(mktemp)
start_fuzz_build() {
  mapfile -t targets < <(fuzz_targets)
  targets+=(make_seeds)  # the corpus generator: built so it cannot rot unnoticed (it is not run here)
  CONCORD_UNITY=$(unity_if_new fuzz) setsid nice -n 19 bash tools/build.sh fuzz "${targets[@]}" >"$fuzz_build_log" 2>&1 &
  fuzz_build_pid=$!  # its own process group, stopped with everything in it if a test fails first
}
trap '[ -z "$fuzz_build_pid" ] || kill -- -"$fuzz_build_pid" 2>/dev/null || true' EXIT
finish_fuzz_build() {
  [ -n "$fuzz_build_pid" ] || start_fuzz_build
  if ! wait "$fuzz_build_pid"; then tail -60 "$fuzz_build_log"; echo "fuzz: the build failed (log above)"; exit 1; fi
  tail -1 "$fuzz_build_log"
}

if [ "${CONCORD_SKIP_ASAN:-0}" != 1 ]; then
  step "clang asan+ubsan (-O1): build"
  CONCORD_UNITY=$(unity_if_new asan) bash tools/build.sh asan
  fuzz_wanted && start_fuzz_build
  step "clang asan+ubsan (-O1): test"
  # net_table_18 and net_table_32 are the multi-process scale tests: they run in the gcc pass; under ASan 18-32 instrumented
  # processes on two cores measure the machine, not memory safety.
  # CONCORD_TEST_SCALE=4: the heaviest property loops run a quarter of their seeds here (all in the gcc pass).
  CONCORD_TEST_SCALE=4 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --preset asan -j "$jobs" --timeout 900 -E '^net_table_(18|32)$'
fi

if fuzz_wanted; then
  step "fuzz: bounded libFuzzer runs"
  # Only the fuzz targets (started beside the ASan tests): the test binaries were built and run by the passes above.
  finish_fuzz_build
  # Two fuzzers at a time (one per core); a crash stops the run with the fuzzer's log and the saved input.
  fuzz_one() {
    local bin=$1 name work corpus
    name=$(basename "$bin")
    corpus="fuzz/corpus/${name#fuzz_}"
    work=$(mktemp -d)
    [ -d "$corpus" ] && cp -r "$corpus"/. "$work"/ 2>/dev/null || true
    if ! "$bin" -max_total_time=30 -print_final_stats=1 -artifact_prefix="$work/" "$work" >"$work.log" 2>&1; then
      tail -40 "$work.log"; echo "$name: the fuzzer found a crash (input saved under $work/)"; return 1
    fi
    echo "$name: 30 s, $(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$work.log" | grep -oE '[0-9]+$') runs, no crash"
    rm -rf "$work" "$work.log"
  }
  bins=()
  for bin in build/fuzz/fuzz/fuzz_*; do [ -x "$bin" ] && bins+=("$bin"); done
  for ((i = 0; i < ${#bins[@]}; i += jobs)); do
    pids=()
    for bin in "${bins[@]:i:jobs}"; do fuzz_one "$bin" & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid" || exit 1; done
  done
fi
step "all tests passed"
