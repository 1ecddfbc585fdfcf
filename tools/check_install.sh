#!/usr/bin/env bash
# `make install` into a fresh folder, then the installed minimax run from elsewhere with the build
# and source folders out of its sight: it must find its modules and its page beside itself
# (../lib/minimax, ../share/minimax/web) and read nothing of the source tree (plots and example
# trees are built in), and `endgame check krk` runs from there. Exit 0 when all holds; one line
# naming what failed otherwise.
#   tools/check_install.sh BUILD_DIR
set -u
build=${1:-build}
# The Syzygy tables are data beside the checkout (../shared/data/syzygy), not part of it.
syzygy=${SYZYGY_PATH:-$(cd "$(dirname "$0")/.." && pwd)/../shared/data/syzygy}
prefix=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null; rm -rf "$prefix"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }
cmake --install "$build" --prefix "$prefix" >/dev/null || fail "cmake --install failed"
bin=$prefix/bin/minimax
[ -x "$bin" ] || fail "no bin/minimax in the installed tree"
cd / || exit 1
env -i HOME="$prefix" PATH=/usr/bin:/bin "$bin" machines >/dev/null || fail "minimax machines failed"
# The server: its module from lib/minimax, not from the build folder.
out=$(env -i HOME="$prefix" PATH=/usr/bin:/bin "$bin" serve --port 0 --check 2>&1) ||
  fail "minimax serve --check: $out"
if [ -d "$build/web" ]; then
  case $out in *"API only"*) fail "the installed page was not found: $out" ;; esac
fi
log=$prefix/serve.log
env -i HOME="$prefix" PATH=/usr/bin:/bin "$bin" serve --port 0 --no-record >"$log" 2>&1 &
pid=$!
url=""
for _ in $(seq 50); do
  url=$(grep -o 'http://[^ ]*' "$log" | head -1)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || fail "the server did not start: $(cat "$log")"
curl -sf "${url}api/plots" | grep -q '"name"' || fail "no plots at ${url}api/plots"
curl -sf -X POST -d '{"game": "file", "name": "shannon_fig2"}' "${url}api/tree" | grep -q '"svg"' ||
  fail "no example tree at ${url}api/tree"
if [ -d "$build/web" ]; then
  curl -sf "$url" | grep -qi '<html' || fail "no page at $url"
fi
# The end-game measurement against Syzygy, from the installed program (skipped without the tables
# or without libfathom).
if [ -f "$syzygy/KRvK.rtbw" ]; then
  tb=$(env -i HOME="$prefix" PATH=/usr/bin:/bin "$bin" endgame check krk --tb "$syzygy" 2>&1)
  case $tb in
    *"exact: every won position won"*) ;;
    *"not built"* | *"without libfathom"*) ;;
    *) fail "endgame check krk: $tb" ;;
  esac
fi
echo "check_install: the installed minimax serves its page, plots and trees and checks KRK from $prefix"
