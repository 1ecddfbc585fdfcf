#!/usr/bin/env bash
# SOMAC on a human scale (issue 41, docs/somac.md): the one-move and the two-ply machine against
# Stockfish 15.1 held to its lowest UCI_Elo, and the checks that say what that level means here.
#
#   STOCKFISH=/usr/games/stockfish bench/bench_somac_ladder.sh [BUILD_DIR] [GAMES] [CAL_GAMES]
#
# 1. The ladder: `somac` and `somac:Lookahead=2` against Stockfish at UCI_Elo 1350 (its lowest),
#    GAMES games each (default 100) at 100 ms a move from the start, colours alternating.
# 2. The calibration, CAL_GAMES games each (default 40):
#    a. the same two-ply pairing at 60+0.6, the clock at which Stockfish's UCI_Elo was fitted: if
#       the scores agree, 100 ms a move is enough time for the level to mean what it says;
#    b. UCI_Elo 1350 against UCI_Elo 1700 at 100 ms: the levels' own spread (350 Elo expected).
# The matches run two at a time (JOBS=2; one thread each). Prints each match's last line.
set -u
build=${1:-build}
games=${2:-100}
cal_games=${3:-40}
jobs=${JOBS:-2}
sf=${STOCKFISH:-/usr/games/stockfish}
[ -x "$sf" ] || sf=$(command -v stockfish || true)
if [ -z "$sf" ] || [ ! -x "$sf" ]; then
  echo "bench_somac_ladder: skipped (no Stockfish: STOCKFISH=/path/to/stockfish, or tools/check_deps.sh installs it)"
  exit 0
fi
[ -x "$build/minimax" ] || { echo "bench_somac_ladder: $build/minimax not built" >&2; exit 1; }
level() { echo "uci:$sf:UCI_LimitStrength=true,UCI_Elo=$1,Threads=1,Hash=16"; }
logs=$(mktemp -d)
run() {  # NAME ARGS...: one match, its output in $logs/NAME
  local name=$1
  shift
  "$build/minimax" match "$@" >"$logs/$name" 2>&1
}
export -f run 2>/dev/null
matches=(
  "1-one-move|somac|$(level 1350)|--games|$games|--movetime|100|--max-moves|150"
  "1-two-ply|somac:Lookahead=2|$(level 1350)|--games|$games|--movetime|100|--max-moves|150"
  "2a-two-ply-60+0.6|somac:Lookahead=2|$(level 1350)|--games|$cal_games|--tc|60+0.6|--max-moves|150"
  "2b-1350-v-1700|$(level 1350)|$(level 1700)|--games|$cal_games|--movetime|100|--max-moves|150"
)
running=0
for m in "${matches[@]}"; do
  IFS='|' read -r -a args <<<"$m"
  run "${args[@]}" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait
for m in "${matches[@]}"; do
  name=${m%%|*}
  echo "$name: $(tail -1 "$logs/$name")"
done
rm -rf "$logs"
