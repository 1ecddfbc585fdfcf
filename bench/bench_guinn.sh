#!/usr/bin/env bash
# The draughts engine against GuiNN Checkers 2.06 (issue 36): `minimax match` (the referee: the
# rules and the draw rules, the games saved as PDN) between minimax's engine and GuiNN behind
# bench/guinn_hub.py (the Hub protocol in front of GuiNN's line protocol), over the ACF three-move
# ballots, each with both colours, a fixed time a move, both without opening books, GuiNN with its
# 4-piece database and minimax with its own databases. Prints every game, then the score, the
# Elo difference with its 95% interval and each side's mean time a move where it had a choice.
#
# Usage: GUINN=/path/to/guinn_cli bench/bench_guinn.sh BUILD_DIR [GAMES] [MOVETIME_MS] [ENGINE]
#   GAMES 200, MOVETIME_MS 100, ENGINE "engine" (any draughts player: engine:Eval=hand,
#   engine:Threads=2 for two search threads where GuiNN has one, ...).
#   The games go to $BENCH_OUT (default /tmp/minimax-bench-guinn.pdn).
# GuiNN is built by ../shared/tools/guinn/build.sh (its README); its licence makes it an opponent
# only, never part of minimax.
set -u
build=${1:-build}
games=${2:-200}
movetime=${3:-100}
engine=${4:-engine}
out=${BENCH_OUT:-/tmp/minimax-bench-guinn.pdn}
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${GUINN:-}" ] || [ ! -x "${GUINN:-}" ]; then
  echo "bench_guinn: skipped (GUINN=/path/to/guinn_cli not set or not executable; ../shared/tools/guinn/README.md builds it)"
  exit 0
fi
[ -x "$build/minimax" ] || { echo "bench_guinn: $build/minimax not built" >&2; exit 1; }
rm -f "$out"
echo "bench_guinn: $engine against GuiNN 2.06, $games games at $movetime ms a move over the ballots; games in $out"
"$build/minimax" match "$engine" "hub:python3 $here/guinn_hub.py $GUINN" --game draughts \
  --openings ballots --games "$games" --movetime "$movetime" --pgn "$out"
