#!/usr/bin/env bash
# make check-sanitize: the whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/), then the engine's thread tests under ThreadSanitizer (build-tsan/): Lazy SMP with
# 2 and 4 threads through search, stop, ponderhit, Clear Hash and quit (tests/uci/uci_threads_test.cpp)
# and the UCI conformance suite; the mate solver's threads sharing one table; the draughts engine's
# Lazy SMP.
#
#   tools/check_sanitize.sh            both
#   tools/check_sanitize.sh asan       only ASan/UBSan (CI runs this with ASAN_SKIP set)
#   tools/check_sanitize.sh tsan       only TSan
#   ASAN_SKIP='QaCliFuzz.*:PerftFiles.*' ...   gtest patterns left out of the ASan run (CI leaves
#                                      out the slowest, which test speed and breadth, not memory)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
what=${1:-all}
status=0

asan() {
  local b=$here/build-asan
  cmake -S "$here" -B "$b" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_UNITY_BUILD=ON >/dev/null || return 1
  # -g1: line tables for the reports' stacks, without the full debug information that would
  # make this build about 40% slower (one file timed); every target in unity batches of 8 (the
  # release build does this for the command line and the tests only, to leave the engine's code
  # as it is). What ctest runs: the binary, the fast tests and (with node) the page; not the deep
  # tests.
  local targets=(minimax minimax_tests)
  cmake --build "$b" --target help | grep -q minimax_web && targets+=(minimax_web)
  cmake --build "$b" -j "$jobs" --target "${targets[@]}" || return 1
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  # The tests run in $jobs gtest shards, one process each, not one process a test as ctest runs
  # them: an ASan process takes about 0.45 s to start and to check for leaks at its exit, which
  # over 600 tests was half of this run. Every test passes in a shared process (they are written
  # to: no test leaves state behind). A failure names its test; a leak is reported at the
  # shard's exit with its stack.
  local filter=${ASAN_SKIP:+-$ASAN_SKIP}
  local pids=() i
  for ((i = 0; i < jobs; i++)); do
    (cd "$b" && GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$i ./minimax_tests --gtest_brief=1 \
      ${filter:+--gtest_filter=$filter} >"$b/asan-shard-$i.log" 2>&1) &
    pids+=($!)
  done
  local failed=0
  for ((i = 0; i < jobs; i++)); do
    if wait "${pids[$i]}"; then
      tail -n 3 "$b/asan-shard-$i.log"
    else
      failed=1
      echo "ASan shard $i of $jobs failed:" >&2
      grep -v '^\[ *OK \]' "$b/asan-shard-$i.log" | tail -n 80 >&2
    fi
  done
  # The page's test (node driving minimax_web under ASan) and the layer check run from ctest.
  (cd "$b" && ctest -j "$jobs" --timeout 1800 --output-on-failure -R '^(web_page|layers)$') || failed=1
  return $failed
}

tsan() {
  local b=$here/build-tsan
  cmake -S "$here" -B "$b" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" >/dev/null || return 1
  cmake --build "$b" -j "$jobs" --target minimax minimax_tests || return 1
  # A race reported makes the engine exit with 66, which the tests see as a failure.
  export TSAN_OPTIONS=halt_on_error=1:exitcode=66:second_deadlock_stack=1
  (cd "$b" && "$b/minimax_tests" \
    --gtest_filter='*UciThreads*:Uci.*:MateSolver.ThreadsGiveTheSameSolution:SolveCli.ThreadsGiveTheSameSolution:MateSolver.IntelligentHelpPlayFindsThePlainLines:DraughtsEngine.TwoThreadsProveWhatTheDatabasesSay' \
    --gtest_brief=1)
}

case $what in
  asan) asan || status=1 ;;
  tsan) tsan || status=1 ;;
  all) asan || status=1; tsan || status=1 ;;
  *) echo "usage: tools/check_sanitize.sh [asan|tsan|all]" >&2; exit 2 ;;
esac
[ $status = 0 ] && echo "check-sanitize: clean" || echo "check-sanitize: FAILED" >&2
exit $status
