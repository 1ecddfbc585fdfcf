#!/bin/sh
# The tournament of the 1950s machines (issue 5): every registered historical machine and the
# engine, a round robin of GAMES games per pairing, colours alternating, at a fast limit.
# Writes docs/tournament/{crosstable.md,tournament.svg,games.pgn}; docs/tournament.md quotes them.
# Usage: tools/run_tournament.sh [BUILD_DIR] [GAMES] [MOVETIME_MS]
set -eu
BUILD=${1:-build}
GAMES=${2:-20}
MOVETIME=${3:-30}
BIN=$BUILD/minimax
OUT=docs/tournament
mkdir -p "$OUT"
PLAYERS="random shannon-a shannon-b turochamp somac"
# The engine plays when it is registered.
if "$BIN" match engine random --games 1 --max-moves 1 >/dev/null 2>&1; then PLAYERS="$PLAYERS engine"; fi
rm -f "$OUT/games.pgn"
# nice: the build machine is shared.
nice -n 19 "$BIN" tournament $PLAYERS --games "$GAMES" --movetime "$MOVETIME" --max-moves 150 --seed 1950 \
  --pgn "$OUT/games.pgn" --svg "$OUT/tournament.svg" | tee "$OUT/log.txt"
sed -n '/^| # | player |/,$p' "$OUT/log.txt" > "$OUT/crosstable.md"
