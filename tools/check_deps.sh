#!/usr/bin/env bash
# Checks what the build needs and installs what is missing (Debian packages) when run as root;
# otherwise says exactly what to install. Usage: tools/check_deps.sh [--bench]
set -u
need=()
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
[ -f /usr/include/CLI/CLI.hpp ] || need+=(libcli11-dev)
command -v clang-format >/dev/null 2>&1 || need+=(clang-format)
command -v python3 >/dev/null 2>&1 || need+=(python3)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)
[ -f /usr/include/httplib.h ] || need+=(libcpp-httplib-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if [ "${1:-}" = "--bench" ]; then
  # The reference engines of bench/bench_engine_match.sh (Debian puts them in /usr/games).
  for engine in stockfish glaurung ethereal-chess toga2 gnuchess; do
    command -v "$engine" >/dev/null 2>&1 || [ -x "/usr/games/$engine" ] || need+=("$engine")
  done
fi
# Optional: installed when we can (as root with apt-get), else the build goes on without the
# feature and CMake or the tests say so.
want=()
[ -f /usr/include/tbprobe.h ] || want+=(libfathom-dev)  # Syzygy tablebases (Fathom), endgame check
# MPI, to share learning runs among processes and machines (mpirun -n K minimax learn).
command -v mpirun >/dev/null 2>&1 || want+=(openmpi-bin)
command -v mpicxx >/dev/null 2>&1 || want+=(libopenmpi-dev)
# The page of `minimax serve` is bundled with node and npm; its browser test drives chromium.
command -v node >/dev/null 2>&1 || want+=(nodejs)
command -v npm >/dev/null 2>&1 || want+=(npm)
command -v chromium >/dev/null 2>&1 || want+=(chromium)
# Debian's polyglot 2.0.4: the book test compares minimax's book with `polyglot make-book`'s.
command -v polyglot >/dev/null 2>&1 || [ -x /usr/games/polyglot ] || want+=(polyglot)
as_root_with_apt() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
export DEBIAN_FRONTEND=noninteractive
apt_install() { apt-get install -y -q "$@" >/dev/null 2>&1; }
apt_update() { apt-get update -q >/dev/null 2>&1; }
if [ ${#need[@]} -gt 0 ]; then
  if as_root_with_apt; then
    echo "minimax: installing missing packages: ${need[*]}" >&2
    apt_install "${need[@]}" || { apt_update; apt_install "${need[@]}"; } || { echo "minimax: could not install: ${need[*]} (try: apt-get install ${need[*]})" >&2; exit 1; }
  else
    echo "minimax: missing build dependencies: ${need[*]}" >&2
    echo "minimax: install them with: sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
fi
# The optional packages are installed apart from the required ones, one at a time where the whole
# set fails, so that a package this machine's archive lacks only costs its feature: a warning, never
# a failed build. One that could not be installed is not tried again on every make (a mark in /tmp
# says so; apt-get without a network can take long to fail).
marks=${TMPDIR:-/tmp}/minimax-optional-failed
tried=() untried=()
for pkg in "${want[@]}"; do
  if [ -e "$marks/$pkg" ]; then tried+=("$pkg"); else untried+=("$pkg"); fi
done
want=("${untried[@]}")
[ ${#tried[@]} -eq 0 ] ||
  echo "minimax: optional packages not installable here (features off; rm -r $marks to try again): ${tried[*]}" >&2
if [ ${#want[@]} -gt 0 ]; then
  if as_root_with_apt; then
    echo "minimax: installing optional packages: ${want[*]}" >&2
    if ! apt_install "${want[@]}"; then
      apt_update
      for pkg in "${want[@]}"; do
        apt_install "$pkg" || {
          echo "minimax: could not install optional package $pkg (its feature stays off)" >&2
          mkdir -p "$marks" && touch "$marks/$pkg"
        }
      done
    fi
  else
    echo "minimax: optional packages missing (features off): ${want[*]}" >&2
  fi
fi
# The page of `minimax serve` (web/): its packages come from npm, pinned by web/package-lock.json.
# Without node and npm the build goes on and the server answers its API only.
web="$(dirname "$0")/../web"
if [ -f "$web/package-lock.json" ] && [ ! -d "$web/node_modules" ]; then
  if command -v npm >/dev/null 2>&1 && command -v node >/dev/null 2>&1; then
    echo "minimax: installing the web page's packages (npm ci in web/)" >&2
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) ||
      echo "minimax: npm ci failed in web/: the page will not be built (the server still runs)" >&2
  else
    echo "minimax: node and npm are missing: the web page will not be built" \
      "(apt-get install nodejs npm; the rest builds without them)" >&2
  fi
fi
exit 0
