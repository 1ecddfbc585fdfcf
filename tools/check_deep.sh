#!/usr/bin/env bash
# make check-deep: long suites run through the minimax binary. Each section adds its own lines.
set -u
build=${1:-build}; shared=${2:-../shared}
status=0
[ -d "$shared/data" ] || { echo "check-deep: $shared/data not found; deep suites need ../shared" >&2; exit 1; }
exit $status
