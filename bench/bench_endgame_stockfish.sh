#!/usr/bin/env bash
# Turing's "futile in the end game", measured (issue 17 item 5): TUROCHAMP against Stockfish from
# 8 won KPK positions (TUROCHAMP has the pawn) and 8 drawn ones (TUROCHAMP has the lone king),
# once as Turing built it (Endgame=none) and once with the end-game rule programs
# (Endgame=rules, docs/endgame-rules.md). TUROCHAMP plays White in every game: the drawn
# positions are given with the colours exchanged, so that its lone king is White. Syzygy's value
# of each position is printed beside it (minimax endgame play).
#   [SYZYGY_PATH=DIR] bench/bench_endgame_stockfish.sh [BUILD] [--movetime MS]
# (SYZYGY_PATH defaults to ../shared/data/syzygy beside the repository.)
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
movetime=100
[ "${1:-}" = "--movetime" ] && movetime=$2
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
[ -x "$stockfish" ] || { echo "bench_endgame_stockfish: stockfish not found" >&2; exit 1; }
minimax=$build/minimax
syzygy=${SYZYGY_PATH:-$(cd "$(dirname "$0")/.." && pwd)/../shared/data/syzygy}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Won for the side with the pawn, which is to move (White).
cat > "$tmp/won.txt" <<'FENS'
4k3/8/8/8/8/8/4P3/4K3 w - - 0 1
8/8/8/3k4/8/8/2PK4/8 w - - 0 1
8/8/8/8/7k/8/2P5/6K1 w - - 0 1
5k2/8/8/8/8/8/1P1K4/8 w - - 0 1
3k4/8/3K4/3P4/8/8/8/8 w - - 0 1
6k1/8/6K1/6P1/8/8/8/8 w - - 0 1
8/8/8/8/8/3k4/1P6/K7 w - - 0 1
8/5k2/8/8/8/2K5/3P4/8 w - - 0 1
FENS
# Drawn; the lone king is White (the pawn Black's).
cat > "$tmp/drawn.txt" <<'FENS'
8/8/8/4k3/4p3/8/8/4K3 w - - 0 1
8/8/6kp/1K6/8/8/8/8 w - - 0 1
8/2k5/2p5/8/8/8/2K5/8 w - - 0 1
4k3/4p3/8/8/4K3/8/8/8 w - - 0 1
6k1/7p/8/8/8/8/8/7K w - - 0 1
8/2k2p2/8/8/8/4K3/8/8 w - - 0 1
8/3k4/8/8/3p4/8/3K4/8 b - - 0 1
8/2pk4/8/2K5/8/8/8/8 b - - 0 1
FENS

for set in won drawn; do
  echo "== $set KPK positions (Syzygy, side to move):"
  while read -r fen; do
    echo "  $fen  $("$minimax" endgame play kpk "$fen" --tb "$syzygy" 2>&1 | sed -n 2p)"
  done < "$tmp/$set.txt"
  for mode in none rules; do
    out=""
    while read -r fen; do
      echo "$fen" > "$tmp/one.txt"
      game=$("$minimax" match "turochamp:Endgame=$mode" "uci:$stockfish" --openings "$tmp/one.txt" \
             --games 1 --movetime "$movetime" --max-moves 120 2>&1 | grep '^game')
      echo "    $fen: ${game#game 1: }"
      out="$out$game"$'\n'
    done < "$tmp/$set.txt"
    wins=$(echo "$out" | grep -c '^game.*turochamp - .*  1-0')
    draws=$(echo "$out" | grep -c '^game.*turochamp - .*  1/2-1/2')
    if [ "$set" = won ]; then
      echo "  turochamp:Endgame=$mode wins $wins of 8 won positions"
    else
      echo "  turochamp:Endgame=$mode holds $draws of 8 drawn positions"
    fi
  done
done
