#!/usr/bin/env bash
# The engine's strength against a reference engine, measured with fastchess (issue 4).
#
#   bench/bench_engine_match.sh [OPPONENT] [GAMES] [TC]
#
# OPPONENT: glaurung (default), stockfish, stockfish2000, stockfish2400, toga2, gnuchess, ethereal,
#           or without-STEPS (e.g. without-11 or without-10,14): minimax with those search-recipe
#           steps switched off (UCI option Disable Steps), to measure what the steps are worth;
#           or minimax (the built-in table), to measure a tuned table given in PARAMS;
#           or hand: minimax with its hand-crafted evaluation (UCI Eval hand), to measure the
#           built-in network (or the EvalFile of FIRST_OPTIONS) against it;
#           or old:PATH, another build of minimax (e.g. the one before a refactoring)
# GAMES:    number of games (default 400; played in pairs, each opening with both colours)
# TC:       time control, fastchess syntax (default 10+0.1)
# Environment:
#   FASTCHESS  the fastchess binary (built outside the project; default /work/tools/fastchess/fastchess)
#   MINIMAX    the minimax binary (default build/minimax)
#   OPENINGS   an EPD or PGN file of openings, .gz allowed
#              (default ../shared/data/openings/UHO_4060_v4.epd.gz)
#   CONCURRENCY games at once (default 1)
#   OUT        directory for the PGN and the log (default bench/out)
#   PARAMS     an evaluation table written by `minimax tune` for the first engine (UCI Eval Params)
#   FIRST_OPTIONS  more UCI options of the first engine, "Name=Value" separated by ';'
#              (e.g. "OwnBook=true;SyzygyPath=../shared/data/syzygy"; bench/bench_book_tb.sh)
#   VARIANT    standard (default) or fischerandom (Chess960; use OPENINGS=.../FRC_openings.epd)
#   SRAND      the seed of the openings' random order (fastchess -srand), so that two runs at once
#              play different openings; unset: fastchess's own
#   OVERHEAD   minimax's Move Overhead in ms (default 30: a loaded machine delays the pipes)
#   ADJUDICATE 1 (default): a game ends when both engines have scored it beyond 6 pawns for 4
#              moves in a row (resign, two-sided), or after move 40 when both have stayed within
#              0.10 pawn for 8 moves (draw) -- the usual testing practice, it saves a third of
#              the time; 0 plays every game to mate or a rules draw
# Prints fastchess's summary: score, Elo difference with its error bars, and any illegal moves,
# time losses or crashes (fastchess names them in its results).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
opponent="${1:-glaurung}"
games="${2:-400}"
tc="${3:-10+0.1}"
fastchess="${FASTCHESS:-/work/tools/fastchess/fastchess}"
minimax="${MINIMAX:-$here/build/minimax}"
openings="${OPENINGS:-$here/../shared/data/openings/UHO_4060_v4.epd.gz}"
concurrency="${CONCURRENCY:-1}"
out="${OUT:-$here/bench/out}"
overhead="${OVERHEAD:-30}"
variant="${VARIANT:-standard}"
params=()
adjudicate=()
srand=()
[ -n "${SRAND:-}" ] && srand=(-srand "$SRAND")
[ "${ADJUDICATE:-1}" = 1 ] && adjudicate=(-resign movecount=4 score=600 twosided=true -draw movenumber=40 movecount=8 score=10)
[ -n "${PARAMS:-}" ] && params=("option.Eval Params=$PARAMS")
if [ -n "${FIRST_OPTIONS:-}" ]; then
  IFS=';' read -r -a first_options <<<"$FIRST_OPTIONS"
  for o in "${first_options[@]}"; do params+=("option.$o"); done
fi

[ -x "$fastchess" ] || { echo "bench_engine_match: no fastchess at '$fastchess' (set FASTCHESS)" >&2; exit 2; }
[ -x "$minimax" ] || { echo "bench_engine_match: no minimax at '$minimax' (make build)" >&2; exit 2; }
[ -f "$openings" ] || { echo "bench_engine_match: no openings at '$openings' (set OPENINGS)" >&2; exit 2; }
mkdir -p "$out"

# fastchess reads plain files: unpack a .gz once.
case "$openings" in
  *.gz) plain="$out/$(basename "${openings%.gz}")"; [ -f "$plain" ] || gunzip -c "$openings" > "$plain"; openings="$plain";;
esac
case "$openings" in
  *.pgn) format=pgn;;
  *) format=epd;;
esac

case "$opponent" in
  glaurung) opp=(-engine cmd=/usr/games/glaurung name=glaurung option.Threads=1 option.Ponder=false option.OwnBook=false);;
  stockfish) opp=(-engine cmd=/usr/games/stockfish name=stockfish option.Threads=1 option.Ponder=false);;
  stockfish2000|stockfish2400)
    opp=(-engine cmd=/usr/games/stockfish name="$opponent" option.Threads=1 option.Ponder=false
         option.UCI_LimitStrength=true option.UCI_Elo="${opponent#stockfish}");;
  toga2) opp=(-engine cmd="$(command -v toga2 || echo /usr/games/toga2)" name=toga2 option.Ponder=false option.OwnBook=false);;  # single-threaded: no Threads option
  gnuchess) opp=(-engine cmd="$(command -v gnuchess || echo /usr/games/gnuchess)" args="-u" name=gnuchess option.Ponder=false option.OwnBook=false);;
  ethereal) opp=(-engine cmd="$(command -v ethereal-chess || echo /usr/games/ethereal-chess)" name=ethereal option.Threads=1 option.Ponder=false);;
  minimax) opp=(-engine cmd="$minimax" args="uci" name="minimax-builtin" option.Threads=1 option.Ponder=false
           "option.Move Overhead=$overhead");;
  hand) opp=(-engine cmd="$minimax" args="uci" name="minimax-hand" option.Threads=1 option.Ponder=false
        "option.Move Overhead=$overhead" option.Eval=hand);;
  old:*) opp=(-engine cmd="${opponent#old:}" args="uci" name="minimax-old" option.Threads=1 option.Ponder=false
         "option.Move Overhead=$overhead");;
  without-*) opp=(-engine cmd="$minimax" args="uci" name="minimax-$opponent" option.Threads=1 option.Ponder=false
              "option.Move Overhead=$overhead" "option.Disable Steps=${opponent#without-}");;
  *) echo "bench_engine_match: unknown opponent '$opponent'" >&2; exit 2;;
esac
opp_cmd="${opp[1]#cmd=}"
[ -x "$opp_cmd" ] || { echo "bench_engine_match: no $opponent at '$opp_cmd' (tools/check_deps.sh --bench installs the reference engines)" >&2; exit 2; }

stamp="$(date -u +%Y%m%dT%H%M%S)"
opponent="${opponent%%:*}"  # old:/path -> old, for the file names
echo "minimax $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?') vs $opponent, $games games, tc $tc, $variant, openings $(basename "$openings"), concurrency $concurrency"
"$fastchess" \
  -engine cmd="$minimax" args="uci" name=minimax option.Threads=1 option.Hash=16 option.Ponder=false "option.Move Overhead=$overhead" "${params[@]}" \
  "${opp[@]}" \
  -each tc="$tc" option.Hash=16 \
  -variant "$variant" \
  -openings file="$openings" format="$format" order=random \
  -games 2 -rounds $(( (games + 1) / 2 )) -repeat -concurrency "$concurrency" "${srand[@]}" \
  -recover "${adjudicate[@]}" \
  -pgnout file="$out/match_${opponent}_${stamp}.pgn" \
  -log file="$out/match_${opponent}_${stamp}.log" level=warn \
  | tee "$out/match_${opponent}_${stamp}.txt"
