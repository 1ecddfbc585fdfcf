#!/usr/bin/env bash
# The engine with an opening book and endgame tablebases against the same engine without them
# (issue 12): fastchess games, score and Elo with its error.
#
#   bench/bench_book_tb.sh [GAMES] [TC]        defaults: 100 games at 10+0.1
#
# The first engine gets OwnBook with Debian's gnuchess book (BOOK=FILE for another) and
# SyzygyPath ../shared/data/syzygy (TB=DIR); the second is the same binary with neither. Every
# game starts from the initial position, where a GUI game starts and the book has its moves (the
# project's opening suites are out of the gnuchess book in 59 of 60 sampled positions); the
# games differ by the book's weighted choice and the clock. No tablebase adjudication, which would
# hide what the tables are worth. Other settings as
# bench/bench_engine_match.sh (FASTCHESS, OUT, CONCURRENCY, ADJUDICATE).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
book="${BOOK:-/usr/share/games/gnuchess/book.bin}"
tb="${TB:-$here/../shared/data/syzygy}"
[ -f "$book" ] || { echo "bench_book_tb: no book at '$book' (apt install gnuchess-book, or BOOK=FILE)" >&2; exit 2; }
[ -d "$tb" ] || { echo "bench_book_tb: no tablebases at '$tb' (TB=DIR)" >&2; exit 2; }
export FIRST_OPTIONS="OwnBook=true;BookFile=$book;SyzygyPath=$tb"
out="${OUT:-$here/bench/out}"
mkdir -p "$out"
if [ -z "${OPENINGS:-}" ]; then
  echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" >"$out/startpos.epd"
  export OPENINGS="$out/startpos.epd"
fi
exec "$here/bench/bench_engine_match.sh" minimax "${1:-100}" "${2:-10+0.1}"
