#!/usr/bin/env bash
# make fuzz: build the libFuzzer targets (fuzz/fuzz_*.cpp) with clang, AddressSanitizer and UBSan,
# and run each for FUZZ_SECONDS (default 60) of CPU time (user + system, measured), one after
# the other.
#
#   make fuzz                         every target, 60 s each
#   make fuzz FUZZ_SECONDS=600        10 minutes each
#   make fuzz FUZZ_TARGETS="pgn uci"  only these (names without fuzz_)
#   make fuzz FUZZ_MERGE=1            afterwards, merge what was found into fuzz/corpus/ (minimized)
#   FUZZ_SUMMARY=FILE                 the summary file (default build-fuzz/summary.txt), so that two
#                                     runs of different targets can share one build folder
#
# The seed corpora are fuzz/corpus/<target>/ (small, kept in the repository); what a run finds goes
# to build-fuzz/corpus/<target>/ and crashes to build-fuzz/crashes/<target>/. A summary line per
# target (CPU seconds, executions, corpus size, crashes) goes to build-fuzz/summary.txt.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-$here/build-fuzz}
seconds=${FUZZ_SECONDS:-60}
jobs=${JOBS:-2}
summary=${FUZZ_SUMMARY:-$build/summary.txt}

if ! command -v clang++ >/dev/null; then
  echo "make fuzz: clang++ is missing (apt-get install clang libfuzzer-14-dev)" >&2
  exit 1
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  CXX=clang++ cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMINIMAX_FUZZ=ON \
    -DMINIMAX_TESTS=OFF >/dev/null || exit 1
else
  cmake "$build" >/dev/null || exit 1  # targets added since the last run
fi
targets=()
if [ -n "${FUZZ_TARGETS:-}" ]; then
  for t in $FUZZ_TARGETS; do targets+=("fuzz_$t"); done
else
  for f in "$here"/fuzz/fuzz_*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi
cmake --build "$build" -j "$jobs" --target "${targets[@]}" || exit 1

: >"$summary"
status=0
for t in "${targets[@]}"; do
  name=${t#fuzz_}
  work="$build/corpus/$name" crashes="$build/crashes/$name"
  rm -rf "$crashes"  # what an earlier run found was fixed and kept as a test and a seed
  mkdir -p "$work" "$crashes" "$here/fuzz/corpus/$name"
  log="$build/$t.log"
  timeout=20
  [ "$name" = serve ] && timeout=60  # the page's solver may take its 20 s
  # libFuzzer's -max_total_time is wall time; on a busy machine that is less CPU. Run slices until
  # the CPU time (user + system, every thread, measured by /usr/bin/time) reaches the target.
  : >"$log"
  cpu=0 execs=0 rc=0 slices=0
  while [ "$rc" -eq 0 ] && [ "$cpu" -lt "$seconds" ] && [ "$slices" -lt 20 ]; do
    slice=$((seconds - cpu))
    [ "$slice" -lt 30 ] && slice=30
    ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      /usr/bin/time -f "cpu %U %S" -o "$build/$t.time" \
      "$build/$t" -max_total_time="$slice" -timeout="$timeout" -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$crashes/" "$work" "$here/fuzz/corpus/$name" >>"$log" 2>&1
    rc=$?
    used=$(awk '/^cpu/ {printf "%d", $2 + $3}' "$build/$t.time")
    cpu=$((cpu + ${used:-0}))
    n=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    execs=$((execs + ${n:-0}))
    slices=$((slices + 1))
  done
  found=$(ls "$crashes" | wc -l)
  corpus=$(ls "$work" "$here/fuzz/corpus/$name" | grep -vc ':$')
  line="$name: ${cpu} s CPU in $slices runs, ${execs} executions, corpus $corpus inputs, crashes $found (exit $rc)"
  echo "$line" | tee -a "$summary"
  [ "$rc" -ne 0 ] && { status=1; echo "  see $log and $crashes" >&2; }
  if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    "$build/$t" -merge=1 "$here/fuzz/corpus/$name" "$work" >/dev/null 2>&1
  fi
done
exit $status
