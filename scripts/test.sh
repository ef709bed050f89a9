#!/usr/bin/env bash
# Second command of the README: build and run the whole test suite (unit, lit, sv-benchmarks).
# Left out: the slow tests (label "slow"; ctest --test-dir build -L slow) and the heaviest
# validations, which CI runs after this script (label "ci"; ctest --test-dir build -L ci).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
ctest --test-dir "$root/build" --output-on-failure -j"$(nproc)" -LE "^(slow|ci)$"
