#!/usr/bin/env bash
# The problem benchmark (issue 19): minimax's solver beside Popeye 4.104, plain and (for help and
# series play) intelligent, class by class, on the same problems in one run; every solution set
# compared, solved counts and summed times per class.
#
#   bench/bench_problems.sh [BUILD] [--limit S] [--per N] [--classes "h#3 h#3c ser-#3 #8 s#2 ..."]
#       defaults: build, 60 s a problem and a program, 10 problems a class, every class below.
#
# Popeye: $POPEYE if set, else /tmp/popeye/py, else cloned from $POPEYE_GIT (default the public
# thomas-maeder/popeye on GitHub) into /tmp/popeye and built there (about 10 minutes on 2 cores);
# never committed.
# Problems: help and series classes are drawn from matetrack's positions with the stipulation set
# (popeye_problems.py sample, seed 11, kept where Popeye's intelligent mode finds 1 to 12
# solutions within the limit); direct mates #N are matetrack's "bm #N" positions (seeded draw);
# selfmates are the composed problems of bench/data/selfmates.txt (its header says where each comes
# from) and the s#N problems of vaeth/chessproblem's tests (the same position counted once), the
# whole set of each length (the first $per with --per); the classes ending in c (h#2c h#3c h#4c
# h#5c h=3c h=4c h=5c, and h#6c h#7c ser-h#8c ... on request) are the composed helpmates of
# bench/data/helpmates.txt, every one of each stipulation (the first $per with --per); the classes
# h#4s ... h#7s (on request) are helpmates of few units with moves to spare on both sides, drawn
# (seed N for h#N) from 3,000 random positions of 2-3 white and 4-6 black units
# (popeye_problems.py sparse, seed 5) and kept where Popeye's intelligent mode finds 1 to 12
# solutions within the limit; spg is the
# published proof games of bench/data/proof_games.txt (Popeye's "dia N"), also solved by Euclide
# where $EUCLIDE names its console program (svart-riddare/euclide, built in /tmp: cmake in
# euclide-console/build/linux with CXXFLAGS="-include limits -include cstdint"; a reference only,
# never committed; /tmp/euclide/euclide-console/build/bin/euclide-console is used if present). Drawn sets
# are kept in bench/out/problems/ and reused.
# The run's rows and table go to bench/out/problems-<date>/; the table is printed last.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then build=$1; shift; fi
limit=60 per=10 composed=all
classes="h#2 h#3 h#4 h#5 h=2 h=3 ser-#3 ser-=3 ser-h#3 ser-h#5 ser-h=3 #2 #3 #4 #5 #6 #7 #8 #9 #10 #11 #12 s#2 s#3 s#4 s#5 h#2c h#3c h#4c h#5c h=3c h=4c h=5c spg"
while [ $# -gt 0 ]; do
  case $1 in
    --limit) limit=$2; shift 2 ;;
    --per) per=$2 composed=$2; shift 2 ;;
    --classes) classes=$2; shift 2 ;;
    *) echo "bench_problems: unknown argument '$1' (--limit S, --per N, --classes LIST)" >&2; exit 2 ;;
  esac
done
shared=${SHARED:-$here/../shared}
mm=$build/minimax
tool=$here/bench/popeye_problems.py
[ -x "$mm" ] || { echo "bench_problems: no $mm (make build)" >&2; exit 1; }
[ -d "$shared/data/matetrack" ] || { echo "bench_problems: $shared/data/matetrack not found" >&2; exit 1; }

popeye=${POPEYE:-/tmp/popeye/py}
if [ ! -x "$popeye" ]; then
  src=/tmp/popeye
  if [ ! -d "$src/.git" ]; then
    git clone -q "${POPEYE_GIT:-https://github.com/thomas-maeder/popeye.git}" "$src" ||
      { echo "bench_problems: cannot clone Popeye (set POPEYE=/path/to/py)" >&2; exit 1; }
  fi
  echo "bench_problems: building Popeye in $src" >&2
  make -C "$src" -f makefile.unx >"$src/build.log" 2>&1 ||
    { echo "bench_problems: Popeye did not build (see $src/build.log)" >&2; exit 1; }
  popeye=$src/py
fi

cache=$here/bench/out/problems
out=$here/bench/out/problems-$(date +%Y%m%d-%H%M%S)
mkdir -p "$cache" "$out"
epd=$shared/data/matetrack/matetrack.epd
# The first N lines of the input, or all of them for N = all.
first() { if [ "$1" = all ]; then cat; else head -n "$1"; fi; }
for c in $classes; do
  # Composed sets are read again each run (their files grow); drawn ones are kept.
  case $c in s\#* | *c | spg) n=$composed fresh=1 ;; *) n=$per fresh=0 ;; esac
  f=$cache/$(echo "$c" | tr '#=' 'MS')-$n.txt
  if [ ! -s "$f" ] || [ $fresh = 1 ]; then
    case $c in
      s\#*) { python3 "$tool" selfmates "$here/bench/data/selfmates.txt"
        python3 "$tool" selfmates "$shared/data/mates/vaeth_chessproblem_tests.epd"; } |
        grep "^$c " | awk -F' ; ' '!seen[$2]++' | first "$n" >"$f.tmp" ;;
      *c) python3 "$tool" helpmates "$here/bench/data/helpmates.txt" |
        awk -F' ; ' -v c="$c" '$4 == c' | first "$n" >"$f.tmp" ;;
      \#*) python3 "$tool" mates "$epd" "${c#\#}" "$per" --seed 11 >"$f.tmp" ;;
      spg) grep -v '^#' "$here/bench/data/proof_games.txt" | grep . | first "$n" >"$f.tmp" ;;
      h\#*s) [ -s "$cache/sparse.epd" ] ||
        python3 "$tool" sparse 600 2v5,3v5,2v6,3v4,2v4 --seed 5 >"$cache/sparse.epd"
        python3 "$tool" sample "$popeye" "$cache/sparse.epd" "${c%s}" "$per" --seed "${c//[^0-9]/}" \
          --limit "$limit" --prefilter "$mm" --intelligent | sed "s/\$/ ; $c/" >"$f.tmp" ;;
      *) python3 "$tool" sample "$popeye" "$epd" "$c" "$per" --seed 11 --limit "$limit" \
        --prefilter "$mm" --intelligent >"$f.tmp" ;;
    esac
    mv "$f.tmp" "$f"
  fi
  cat "$f" >>"$out/cases.txt"
done
echo "bench_problems: $(grep -c . "$out/cases.txt") problems, limit $limit s, Popeye $popeye" >&2
# minimax's direct mates and selfmates use both cores of the issue's 2-core machine (Popeye has
# one thread); MINIMAX_SOLVE_ARGS="" measures it with one.
export MINIMAX_SOLVE_ARGS=${MINIMAX_SOLVE_ARGS---threads 2}
echo "bench_problems: minimax with '$MINIMAX_SOLVE_ARGS'" >&2
euclide=${EUCLIDE:-/tmp/euclide/euclide-console/build/bin/euclide-console}
euclide_args=()
if [ -x "$euclide" ]; then
  euclide_args=(--euclide "$euclide")
  echo "bench_problems: proof games also by Euclide $euclide" >&2
fi
python3 "$tool" compare "$popeye" "$mm" "$out/cases.txt" --limit "$limit" --intelligent \
  "${euclide_args[@]}" >"$out/rows.txt"
status=$?
sed -n '/^| class/,$p' "$out/rows.txt" | tee "$out/table.md"
exit $status
