#!/usr/bin/env bash
# Perft speed, minimax against Stockfish (issue 2): the same positions and depths in one run, one
# thread each, no hashing of perft results; Stockfish's `go perft N` counts the last ply in bulk,
# as minimax does. Each side runs every position 5 times and its best time counts. Prints each
# side's nodes per second and the ratio; the bar is minimax >= 1.5 x Stockfish on each position.
# Usage: bench/bench_perft.sh BUILD_DIR   (needs /usr/games/stockfish or STOCKFISH=path)
set -u
build=${1:-build}
minimax="$build/minimax"
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
repeats=${PERFT_BENCH_REPEATS:-5}
bar=1.5
[ -x "$minimax" ] || { echo "bench_perft: $minimax not built" >&2; exit 1; }
[ -x "$stockfish" ] || { echo "bench_perft: Stockfish not found (apt-get install stockfish)" >&2; exit 1; }

positions=(
  "start position|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "Kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "position 3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|6"
)

# Stockfish: one process; time from sending "go perft" to reading "Nodes searched".
coproc SF { "$stockfish"; }
sf_send() { echo "$1" >&"${SF[1]}"; }
sf_wait() { local line; while read -r line <&"${SF[0]}"; do [[ $line == $1* ]] && { echo "$line"; return; }; done; }
sf_send "uci"; sf_wait "uciok" >/dev/null
sf_send "setoption name Threads value 1"
sf_send "setoption name Hash value 1"
sf_send "isready"; sf_wait "readyok" >/dev/null
sf_version=$(echo "quit" | "$stockfish" 2>/dev/null | head -1)

sf_perft() {  # fen depth -> "nodes seconds"
  sf_send "position fen $1"
  sf_send "isready"; sf_wait "readyok" >/dev/null
  local t0 t1 line
  t0=$(date +%s%N)
  sf_send "go perft $2"
  line=$(sf_wait "Nodes searched")
  t1=$(date +%s%N)
  echo "${line#Nodes searched: } $(awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.6f", ns / 1e9 }')"
}

mm_perft() {  # fen depth [--by-play] -> "nodes seconds" (the time minimax reports for the count itself)
  "$minimax" perft "$@" | awk '/^Nodes:/ { n = $2 } /^Time:/ { t = $2 } END { print n, t }'
}

best() {  # command... -> the run with the smallest time
  local b="" r
  for ((i = 0; i < repeats; ++i)); do
    r=$("$@")
    if [ -z "$b" ] || awk -v a="${r#* }" -v c="${b#* }" 'BEGIN { exit !(a < c) }'; then b=$r; fi
  done
  echo "$b"
}

echo "perft: minimax vs $sf_version, 1 thread each, best of $repeats"
printf "%-15s %5s %12s %14s %14s %8s   %s\n" position depth nodes "minimax Mnps" "Stockfish Mnps" ratio \
  "(minimax --by-play Mnps: the search path, for information)"
status=0
for p in "${positions[@]}"; do
  IFS='|' read -r name fen depth <<<"$p"
  read -r mn mt <<<"$(best mm_perft "$fen" "$depth")"
  read -r sn st <<<"$(best sf_perft "$fen" "$depth")"
  read -r pn pt <<<"$(best mm_perft "$fen" "$depth" --by-play)"
  if [ "$mn" != "$sn" ]; then
    echo "bench_perft: $name D$depth: minimax counted $mn, Stockfish $sn" >&2
    status=1
    continue
  fi
  awk -v name="$name" -v d="$depth" -v n="$mn" -v mt="$mt" -v st="$st" -v pt="$pt" -v bar="$bar" 'BEGIN {
    m = n / mt / 1e6; s = n / st / 1e6; r = m / s
    printf "%-15s %5d %12d %14.1f %14.1f %7.2fx   %.1f%s\n", name, d, n, m, s, r, n / pt / 1e6,
      (r >= bar ? "" : "  below the bar")
    exit (r >= bar ? 0 : 1) }' || status=1
done
sf_send "quit"
exit $status
