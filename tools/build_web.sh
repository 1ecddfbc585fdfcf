#!/bin/sh
# Bundles the page of `minimax serve` (web/) into OUT (build/web); CMake runs it at make build.
# Without web/node_modules (tools/check_deps.sh runs npm ci) it says so and builds nothing.
# Usage: tools/build_web.sh NODE OUT
web="$(dirname "$0")/../web"
if [ ! -d "$web/node_modules/esbuild" ] || [ ! -d "$web/node_modules/chessground" ]; then
  echo "minimax: web/node_modules is missing (cd web && npm ci): the page is not built" >&2
  exit 0
fi
exec "$1" "$web/build.mjs" "$2"
