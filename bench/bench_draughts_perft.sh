#!/usr/bin/env bash
# Draughts perft speed (issue 10): minimax perft draughts from the start, by move and by jump path,
# each run PERFT_BENCH_REPEATS times (default 3), the best time counting. Prints nodes, seconds and
# Mnps (millions of leaf nodes a second; the last ply is counted in bulk), and fails if a count is
# not the published one. With GUINN=/path/to/guinn_cli (../shared/tools/guinn) GuiNN Checkers'
# own perft runs in the same call, its times printed beside minimax's.
# Usage: bench/bench_draughts_perft.sh BUILD_DIR [DEPTH]   (DEPTH 11 or 12; default 11)
set -u
build=${1:-build}
depth=${2:-11}
minimax="$build/minimax"
repeats=${PERFT_BENCH_REPEATS:-3}
[ -x "$minimax" ] || { echo "bench_draughts_perft: $minimax not built" >&2; exit 1; }
declare -A expected=([11]=85242128 [12]=388617999 [11p]=85242128 [12p]=388623673)
[ -n "${expected[$depth]:-}" ] || { echo "bench_draughts_perft: depth 11 or 12" >&2; exit 1; }
status=0
for mode in "" --paths; do
  key=$depth${mode:+p}
  best="" nodes=""
  for ((i = 0; i < repeats; ++i)); do
    read -r n t < <("$minimax" perft draughts "$depth" $mode | awk '/^Nodes:/ { n = $2 } /^Time:/ { t = $2 } END { print n, t }')
    nodes=$n
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  [ "$nodes" = "${expected[$key]}" ] || { echo "FAIL draughts D$depth $mode: $nodes, expected ${expected[$key]}"; status=1; }
  awk -v d="$depth" -v m="${mode:-(moves)}" -v n="$nodes" -v t="$best" \
    'BEGIN { printf "draughts perft D%s %-8s %12d nodes  %8.3f s  %6.1f Mnps\n", d, m, n, t, n / t / 1e6 }'
done
if [ -n "${GUINN:-}" ] && [ -x "${GUINN:-}" ]; then
  for mode in "" raw; do
    key=$depth${mode:+p}
    best="" nodes=""
    for ((i = 0; i < repeats; ++i)); do
      read -r n t < <(printf 'perft %s %s\nquit\n' "$depth" "$mode" | "$GUINN" 2>/dev/null | awk '/^perft/ { print $3, $5 / 1000 }')
      nodes=$n
      if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    [ "$nodes" = "${expected[$key]}" ] || echo "GuiNN D$depth $mode: $nodes, expected ${expected[$key]}"
    awk -v d="$depth" -v m="${mode:-(moves)}" -v n="$nodes" -v t="$best" \
      'BEGIN { printf "GuiNN perft D%s    %-8s %12d nodes  %8.3f s  %6.1f Mnps\n", d, m, n, t, n / t / 1e6 }'
  done
fi
exit $status
