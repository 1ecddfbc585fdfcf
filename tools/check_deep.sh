#!/usr/bin/env bash
# make check-deep: long suites run through the minimax binary. Each section adds its own lines.
# Environment: MINIMAX_DEEP_JOBS (threads for the perft suites; default: every core),
#              MINIMAX_DEEP_FULL=1 (also perft_marcel.epd at D6: 4.2 trillion nodes, hours on one core).
set -u
build=${1:-build}; shared=${2:-../shared}
status=0
[ -d "$shared/data" ] || { echo "check-deep: $shared/data not found; deep suites need ../shared" >&2; exit 1; }

# --- perft (issue 2): every shared perft file to its deepest listed depth ---------------------
# Exceptions: perft_cpw.epd lists counts up to 69 trillion nodes "for reference"; entries above 10
# billion nodes are left out. perft_marcel.epd (6,838 positions) runs to D5 (136 billion nodes) unless
# MINIMAX_DEEP_FULL=1. Default run: about 700 billion nodes, some 15 minutes on one Zen 5 core.
jobs=${MINIMAX_DEEP_JOBS:-$(nproc 2>/dev/null || echo 1)}
perft() {
  local file=$1; shift
  echo "== perft $file $*"
  "$build/minimax" perft --epd "$shared/data/$file" --quiet --jobs "$jobs" "$@" || status=1
}
perft perft_cpw.epd --max-nodes 10000000000
perft perftsuite.epd
perft perft_stockfish_tests.epd
perft perft_whittington_stress.epd
perft perft_ferdy_double_checks.epd
perft perft_ferdy_enpassant.epd
perft perft960_ethereal_fischer.epd
if [ "${MINIMAX_DEEP_FULL:-0}" = 1 ]; then
  perft perft_marcel.epd
else
  perft perft_marcel.epd --depth 5
fi

exit $status
