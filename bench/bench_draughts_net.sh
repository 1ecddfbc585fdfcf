#!/usr/bin/env bash
# The draughts engine's speed with its network against the hand-set evaluation (issue 36): the same
# 24 positions (after the first 24 three-move ballots) searched to the same depth with one thread,
# no databases; prints each run's nodes a second and their ratio. Both runs are in this one call,
# on this machine.
# Usage: bench/bench_draughts_net.sh BUILD_DIR [DEPTH]   (DEPTH 13 by default)
set -u
build=${1:-build}
depth=${2:-13}
minimax="$build/minimax"
[ -x "$minimax" ] || { echo "bench_draughts_net: $minimax not built" >&2; exit 1; }
nps() { "$minimax" bench --game draughts --eval "$1" "$depth" | awk '/^Nodes\/second/ { print $3 }'; }
hand=$(nps hand)
net=$(nps net) || { echo "bench_draughts_net: no network built in"; exit 0; }
[ -n "$net" ] || { echo "bench_draughts_net: no network built in"; exit 0; }
awk -v h="$hand" -v n="$net" -v d="$depth" \
  'BEGIN { printf "draughts engine D%d: hand-set %.2f Mnps, network %.2f Mnps, ratio %.2f\n", d, h / 1e6, n / 1e6, n / h }'
