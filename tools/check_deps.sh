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
# Syzygy probes for `minimax endgame check` (optional in CMake: the command says when it is off).
[ -f /usr/include/tbprobe.h ] || need+=(libfathom-dev)
if [ "${1:-}" = "--bench" ]; then
  command -v stockfish >/dev/null 2>&1 || [ -x /usr/games/stockfish ] || need+=(stockfish)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "minimax: installing missing packages: ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${need[@]}" >/dev/null 2>&1 || {
    apt-get update -q >/dev/null 2>&1
    apt-get install -y -q "${need[@]}" >/dev/null 2>&1
  } || { echo "minimax: could not install: ${need[*]} (try: apt-get install ${need[*]})" >&2; exit 1; }
else
  echo "minimax: missing build dependencies: ${need[*]}" >&2
  echo "minimax: install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
