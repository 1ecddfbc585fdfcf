#!/usr/bin/env bash
# make bench: speed and strength against reference programs, each measured in one run as a ratio.
#   1. perft against Stockfish's `go perft` (issue 2)            bench/bench_perft.sh
#   2. the mate solver against Stockfish's `go mate N` (issue 6)  bench/bench_mate.sh
#   2a. the problem solver beside Popeye, plain and intelligent, class by class (issue 19)
#       bench/bench_problems.sh (builds Popeye in /tmp the first time; MINIMAX_BENCH_PROBLEM_LIMIT
#       seconds a problem, default 30)
#   2b. draughts perft speed, Mnps from the start (issue 10)     bench/bench_draughts_perft.sh
#   2c. the draughts engine's speed with its network against the hand-set evaluation, and against
#       GuiNN Checkers (issue 36; GUINN=/path/to/guinn_cli, 200 games at 100 ms a move, about
#       45 minutes): bench/bench_draughts_net.sh, bench/bench_guinn.sh
#   3. engine matches with fastchess (issue 4): long (400 games at 10+0.1 took 1 h 32 min on two
#      cores with CONCURRENCY=2), so they run only with MINIMAX_BENCH_MATCH=1 and a fastchess binary
#      (FASTCHESS=...): the Glaurung bar, then the ladder (bench_engine_ladder.sh, 20 games a rung);
#      WAC tactics: bench/bench_engine_wac.py.
set -u
build=${1:-build}
status=0
run() {
  echo "== $*"
  "$@" || status=1
}
run bash bench/bench_perft.sh "$build"
run bash bench/bench_mate.sh "$build" --limit 10 --every 3
run bash bench/bench_problems.sh "$build" --limit "${MINIMAX_BENCH_PROBLEM_LIMIT:-30}"
run bash bench/bench_draughts_perft.sh "$build" 11
run bash bench/bench_draughts_net.sh "$build"
run bash bench/bench_guinn.sh "$build" "${MINIMAX_BENCH_GUINN_GAMES:-200}" 100
if [ "${MINIMAX_BENCH_MATCH:-0}" = "1" ]; then
  run bash bench/bench_engine_match.sh glaurung 400 10+0.1
  run bash bench/bench_engine_ladder.sh 20 10+0.1
else
  echo "== engine matches skipped (MINIMAX_BENCH_MATCH=1 FASTCHESS=/path/to/fastchess make bench to run them)"
fi
exit $status
