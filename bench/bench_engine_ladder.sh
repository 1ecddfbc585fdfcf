#!/usr/bin/env bash
# The engine against each rung of issue 4's ladder in turn, with bench_engine_match.sh:
# gnuchess, toga2, ethereal, Stockfish limited to UCI_Elo 2000 and 2400, and full Stockfish.
#
#   bench/bench_engine_ladder.sh [GAMES] [TC] [OPPONENT...]
#
# GAMES per opponent (default 40), TC (default 10+0.1); the environment of bench_engine_match.sh
# applies (CONCURRENCY, OUT, FASTCHESS, MINIMAX, OPENINGS). Prints one summary line per opponent
# after all matches: wins, losses, draws, score and Elo with its error.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
games="${1:-40}"
tc="${2:-10+0.1}"
shift $(( $# > 2 ? 2 : $# ))
opponents=("$@")
[ ${#opponents[@]} -gt 0 ] || opponents=(gnuchess toga2 ethereal stockfish2000 stockfish2400 stockfish)
summary=()
for o in "${opponents[@]}"; do
  log="$(mktemp)"
  "$here/bench/bench_engine_match.sh" "$o" "$games" "$tc" | tee "$log"
  elo="$(grep -E '^Elo' "$log" | tail -1 || true)"
  wld="$(grep -E '^Games' "$log" | tail -1 || true)"
  summary+=("$o: $wld | $elo")
  rm -f "$log"
done
echo
echo "ladder, $games games each at $tc:"
printf '  %s\n' "${summary[@]}"
