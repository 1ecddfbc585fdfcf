#!/usr/bin/env bash
# The soak (issue 14): a long series of fast games that must end with every count zero: crashes,
# illegal moves, time losses, disconnections, hangs.
#
#   bench/soak.sh [BUILD] [SHARED]     defaults: build ../shared
#   SOAK_FASTCHESS_GAMES=1600 SOAK_CHAOS_GAMES=300 SOAK_MATCH_GAMES=100   (the defaults: 2,000)
#   FASTCHESS=/tmp/fastchess/fastchess
#   SOAK_MINUTES=M   a time budget: the chaos games stop at 30% of it, the historical machines'
#                    pairings at 50%, and no fastchess batch starts after it (the summary then
#                    counts fewer games than asked)
#
# Parts 2 and 3 run first, then part 1 (which a deadline can cut short).
# 1. Engine games under fastchess (minimax against itself), in batches of 50, each batch with its
#    own random settings: Threads 1 or 2, Hash 1..256 MB, Move Overhead 0..200 ms, 1+0.02 or
#    2+0.05 (fastchess has no pondering; part 2 covers it). Terminations are read from the PGN.
# 2. bench/uci_chaos.py: self-play through `minimax uci` with Ponder on, stop and ponderhit at
#    random moments, go infinite stopped at random, every move checked by Stockfish.
# 3. `minimax match` of the historical machines (shannon-a, shannon-b, turochamp, somac, random).
# Everything goes to bench/out/soak-<date>/; the last line is the summary.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
shared=${2:-$here/../shared}
fc=${FASTCHESS:-/tmp/fastchess/fastchess}
n_fc=${SOAK_FASTCHESS_GAMES:-1600}
n_chaos=${SOAK_CHAOS_GAMES:-300}
n_match=${SOAK_MATCH_GAMES:-100}
seed=${SOAK_SEED:-1}
deadline= chaos_deadline= match_deadline=
if [ -n "${SOAK_MINUTES:-}" ]; then
  now=$(date +%s)
  deadline=$((now + SOAK_MINUTES * 60))
  chaos_deadline=$((now + SOAK_MINUTES * 60 * 3 / 10))   # the chaos games: the first 30%
  match_deadline=$((now + SOAK_MINUTES * 60 * 5 / 10))   # the historical machines: up to 50%
fi
out=$here/bench/out/soak-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
mm=$build/minimax
[ -x "$mm" ] || { echo "soak: no $mm (make build)" >&2; exit 1; }
[ -x "$fc" ] || { echo "soak: no fastchess at $fc (set FASTCHESS)" >&2; exit 1; }
book=$shared/data/openings/4mvs_+90_+99.epd
RANDOM=$seed

crashes=0 illegal=0 time_losses=0 disconnects=0 hangs=0 games=0
count() { grep -c "$1" "$2" 2>/dev/null || true; }

if [ "$n_chaos" -gt 0 ]; then
  chaos=$(CHAOS_DEADLINE=$chaos_deadline python3 "$here/bench/uci_chaos.py" "$mm" "$n_chaos" "$seed" 2>"$out/chaos.log")
  echo "chaos: $chaos" | tee -a "$out/summary.txt"
  read -r c_g c_c c_i c_t c_h < <(python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(d['games'], d['crashes'], d['illegal'], d['time_losses'], d['hangs'])" "$chaos")
  games=$((games + c_g)) crashes=$((crashes + c_c)) illegal=$((illegal + c_i))
  time_losses=$((time_losses + c_t)) hangs=$((hangs + c_h))
fi

if [ "$n_match" -gt 0 ]; then
  machines=(shannon-a shannon-b turochamp somac random)
  per=$(((n_match + 9) / 10))
  for ((i = 0; i < ${#machines[@]}; i++)); do
    for ((j = i + 1; j < ${#machines[@]}; j++)); do
      a=${machines[$i]} b=${machines[$j]}
      if [ -n "$match_deadline" ] && [ "$(date +%s)" -ge "$match_deadline" ]; then
        echo "match: $a-$b and later pairings skipped at the deadline" | tee -a "$out/summary.txt"
        break 2
      fi
      "$mm" match "$a" "$b" --games "$per" --seed $((seed + i * 7 + j)) --pgn "$out/match-$a-$b.pgn" \
        >"$out/match-$a-$b.log" 2>&1 || crashes=$((crashes + 1))
      played=$(grep -c '^\[Result ' "$out/match-$a-$b.pgn" 2>/dev/null || echo 0)
      games=$((games + played))
      illegal=$((illegal + $(count -i 'illegal' "$out/match-$a-$b.log")))
      time_losses=$((time_losses + $(count -i 'on time' "$out/match-$a-$b.log")))
    done
  done
  echo "match: $((games - ${c_g:-0})) games" | tee -a "$out/summary.txt"
fi

batch=0
fc_games=0
while [ $fc_games -lt "$n_fc" ]; do
  if [ -n "$deadline" ] && [ "$(date +%s)" -ge "$deadline" ]; then
    echo "fastchess: stopped at the deadline (SOAK_MINUTES=$SOAK_MINUTES)" | tee -a "$out/summary.txt"
    break
  fi
  batch=$((batch + 1))
  t1=$((RANDOM % 2 + 1)) t2=$((RANDOM % 2 + 1))
  h1=$((RANDOM % 256 + 1)) h2=$((RANDOM % 256 + 1))
  o1=$((RANDOM % 201)) o2=$((RANDOM % 201))
  tc=$([ $((RANDOM % 2)) = 0 ] && echo 1+0.02 || echo 2+0.05)
  n=$((n_fc - fc_games < 50 ? n_fc - fc_games : 50))
  pgn=$out/fastchess-$batch.pgn log=$out/fastchess-$batch.log
  echo "batch $batch: Threads $t1/$t2 Hash $h1/$h2 Move Overhead $o1/$o2 tc $tc, $n games" | tee -a "$out/settings.txt"
  "$fc" -engine cmd="$mm" args=uci name=a option.Threads=$t1 option.Hash=$h1 "option.Move Overhead=$o1" \
    -engine cmd="$mm" args=uci name=b option.Threads=$t2 option.Hash=$h2 "option.Move Overhead=$o2" \
    -each tc=$tc proto=uci -rounds $(((n + 1) / 2)) -games 2 -repeat -concurrency 1 \
    -openings file="$book" format=epd order=random -srand $((seed + batch)) \
    -resign movecount=3 score=800 -draw movenumber=40 movecount=8 score=10 \
    -pgnout file="$pgn" -recover >"$log" 2>&1
  played=$(grep -c '^\[Result ' "$pgn" 2>/dev/null || echo 0)
  games=$((games + played)) fc_games=$((fc_games + played))
  time_losses=$((time_losses + $(count 'Termination "time forfeit"' "$pgn")))
  illegal=$((illegal + $(count 'illegal move' "$pgn")))
  disconnects=$((disconnects + $(count 'Termination "abandoned"' "$pgn") + $(count -i 'disconnect' "$log")))
  crashes=$((crashes + $(count -i 'crash\|stall' "$log")))
  [ "$played" = 0 ] && { echo "soak: batch $batch played no game (see $log)" >&2; crashes=$((crashes + 1)); break; }
done
echo "fastchess: $fc_games games of $n_fc" | tee -a "$out/summary.txt"
summary="soak: $games games; crashes $crashes, illegal moves $illegal, time losses $time_losses, disconnections $disconnects, hangs $hangs"
echo "$summary" | tee -a "$out/summary.txt"
[ $((crashes + illegal + time_losses + disconnects + hangs)) = 0 ]
