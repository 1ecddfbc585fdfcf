#!/bin/sh
# Shannon (1950): against the random player he "was able to checkmate generally in four or five
# moves". For one machine: GAMES games against `random` (colours alternating, seeded), then the
# games it won by mate, the mean and the distribution of the move number of the mate (the
# mating side's move count), and how the other games ended. docs/random.md quotes the output.
# Usage: tools/mates_against_random.sh MACHINE [GAMES] [BUILD_DIR] [EXTRA MATCH FLAGS...]
set -eu
MACHINE=$1
GAMES=${2:-1000}
BUILD=${3:-build}
shift $(( $# < 3 ? $# : 3 ))
nice -n 19 "$BUILD/minimax" match "$MACHINE" random --games "$GAMES" --seed 1950 --max-moves 200 "$@" |
  awk -v m="$MACHINE" '
    /^game [0-9]+:/ {
      games++
      # "game N: WHITE - BLACK  RESULT  (how, K moves)"
      white = $3; black = $5; result = $6
      won = (result == "1-0" && white == m) || (result == "0-1" && black == m)
      if (won && $0 ~ /checkmate/) {
        match($0, /checkmate, [0-9]+ moves/)
        k = substr($0, RSTART + 11, RLENGTH - 17) + 0
        n++; sum += k; dist[k]++
        if (k > maxk) maxk = k
      } else {
        match($0, /\([^,]*/); other[substr($0, RSTART + 1, RLENGTH - 1) " " result]++
      }
    }
    END {
      printf "%s against random: %d games, %d won by mate", m, games, n
      if (n) printf ", mean %.2f moves to mate", sum / n
      printf "\nmoves to mate: count\n"
      for (k = 1; k <= maxk; k++) if (dist[k]) { printf "  %d: %d\n", k, dist[k] }
      for (o in other) printf "other: %s x%d\n", o, other[o]
    }'
