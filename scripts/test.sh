#!/usr/bin/env bash
# Second command of the README: build and run the whole test suite (unit, lit, sv-benchmarks).
# Slow tests (label "slow") are left out; run them with: ctest --test-dir build -L slow
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
ctest --test-dir "$root/build" --output-on-failure -j"$(nproc)" -LE slow
