#!/usr/bin/env bash
# make bench: every benchmark script in bench/, each comparing minimax with a reference in one run.
set -u
build=${1:-build}
status=0
for s in bench/bench_*.sh; do
  [ -e "$s" ] || continue
  echo "== $s"
  bash "$s" "$build" || status=1
done
exit $status
