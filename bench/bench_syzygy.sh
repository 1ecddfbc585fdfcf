#!/usr/bin/env bash
# Does the engine convert won endings with Syzygy tables that it fails without them, and does it
# never lose a drawn one? (docs/syzygy.md)
#
# Random positions of KBNK, KQKR, KRK and KPK with White to move and winning, and of KRKR, KQKQ,
# KBKR and KKP drawn (in the last two White is the side that could lose), each checked by `minimax tb probe` (wins with DTZ >= MIN_DTZ, so none is a
# mate in one). The engine plays White in each from the position, once with SyzygyPath set and
# once without, against Stockfish with the same tables (a defender that knows the result) at
# MOVETIME ms a move each. The game loop ends a game on mate, the fifty-move rule, threefold
# repetition or dead material, so a 1-0 is a win converted within the fifty-move rule.
#
# Usage: bench/bench_syzygy.sh [BUILD] [TABLES] [PER_ENDING] [MOVETIME_MS] [SEED]
#   defaults: build ../shared/data/syzygy 6 20 1
set -euo pipefail
BUILD=${1:-build}
TABLES=${2:-../shared/data/syzygy}
PER=${3:-6}
MOVETIME=${4:-20}
SEED=${5:-1}
MIN_DTZ=${MIN_DTZ:-10}
MINIMAX=$BUILD/minimax
STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$MINIMAX" ] || { echo "bench_syzygy: no $MINIMAX (make build first)" >&2; exit 2; }
[ -x "$STOCKFISH" ] || { echo "bench_syzygy: stockfish is not installed (apt-get install stockfish)" >&2; exit 2; }
[ -d "$TABLES" ] || { echo "bench_syzygy: no tables directory '$TABLES'" >&2; exit 2; }
TABLES=$(cd "$TABLES" && pwd)
"$MINIMAX" tb probe "$TABLES" "8/8/8/2R5/1K6/8/5k2/8 w - - 0 1" >/dev/null ||
  { echo "bench_syzygy: $MINIMAX cannot probe Syzygy tables" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Stockfish reads the tables before the GUI's first command.
cat >"$work/stockfish_tb.sh" <<EOF
#!/bin/sh
{ echo "setoption name SyzygyPath value $TABLES"; cat; } | exec "$STOCKFISH"
EOF
chmod +x "$work/stockfish_tb.sh"

# Random legal positions, White to move, with the wanted table result.
python3 - "$MINIMAX" "$TABLES" "$PER" "$SEED" "$MIN_DTZ" >"$work/positions.txt" <<'PY'
import random, subprocess, sys
minimax, tables, per, seed, min_dtz = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(seed)
won = ["KBNvK", "KQvKR", "KRvK", "KPvK"]
drawn = ["KRvKR", "KQvKQ", "KBvKR", "KvKP"]

def fen_of(ending):
    white, black = ending.split("v")
    pieces = [c for c in white] + [c.lower() for c in black]
    while True:
        squares = rng.sample(range(64), len(pieces))
        if any(p in "Pp" and s // 8 in (0, 7) for p, s in zip(pieces, squares)):
            continue
        board = [[""] * 8 for _ in range(8)]
        for p, s in zip(pieces, squares):
            board[7 - s // 8][s % 8] = p
        rows = []
        for r in board:
            row, empty = "", 0
            for c in r:
                if c:
                    row += (str(empty) if empty else "") + c
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows) + " w - - 0 1"

def probe(fen):
    out = subprocess.run([minimax, "tb", "probe", tables, fen], capture_output=True, text=True)
    if out.returncode != 0:
        return None, None
    lines = dict(l.split(": ", 1) for l in out.stdout.splitlines() if ": " in l)
    if "dtz" not in lines:
        return None, None  # mate or stalemate already
    return lines["result"], int(lines["dtz"])

for kind, endings in (("won", won), ("drawn", drawn)):
    for ending in endings:
        found = 0
        while found < per:
            fen = fen_of(ending)
            result, dtz = probe(fen)
            if result is None:
                continue  # illegal (kings touching, the side not to move in check)
            if kind == "won" and (result != "win" or dtz < min_dtz):
                continue
            if kind == "drawn" and result != "draw":
                continue
            print(kind, ending, fen)
            found += 1
PY

play() {  # FEN WHITE-SPEC -> the game's result line
  "$MINIMAX" play chess --fen "$1" --white "$2" --black "uci:$work/stockfish_tb.sh" \
    --movetime "$MOVETIME" --pgn - --notation uci </dev/null 2>&1 | grep '^game over' | tail -1
}

declare -A total with_win without_win with_loss without_loss
printf '%-6s %-6s %-40s %-28s %s\n' kind ending position "with tables" "without"
while read -r kind ending board side castle ep half full; do
  fen="$board $side $castle $ep $half $full"
  a=$(play "$fen" "engine:SyzygyPath=$TABLES")
  b=$(play "$fen" "engine")
  printf '%-6s %-6s %-40s %-28s %s\n' "$kind" "$ending" "$board" "${a#game over: }" "${b#game over: }"
  key="$kind $ending"
  total[$key]=$((${total[$key]:-0} + 1))
  case "$a" in *" 1-0"*) with_win[$key]=$((${with_win[$key]:-0} + 1)) ;; *" 0-1"*) with_loss[$key]=$((${with_loss[$key]:-0} + 1)) ;; esac
  case "$b" in *" 1-0"*) without_win[$key]=$((${without_win[$key]:-0} + 1)) ;; *" 0-1"*) without_loss[$key]=$((${without_loss[$key]:-0} + 1)) ;; esac
done <"$work/positions.txt"

echo
echo "engine (White) v Stockfish with the tables, ${MOVETIME} ms a move; wins within the fifty-move rule / losses"
printf '%-13s %9s %16s %16s\n' ending positions "with tables" "without"
for key in "won KBNvK" "won KQvKR" "won KRvK" "won KPvK" "drawn KRvKR" "drawn KQvKQ" "drawn KBvKR" "drawn KvKP"; do
  [ -n "${total[$key]:-}" ] || continue
  printf '%-13s %9d   %3d won %2d lost   %3d won %2d lost\n' "$key" "${total[$key]}" \
    "${with_win[$key]:-0}" "${with_loss[$key]:-0}" "${without_win[$key]:-0}" "${without_loss[$key]:-0}"
done
