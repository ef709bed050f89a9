#!/usr/bin/env bash
# First command of the README: install what is missing, build, and check a bundled example
# (a racy counter: bporcheck must find the lost update and print its trace).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
# bporcheck alone: the tests and benchmarks are built by scripts/test.sh.
BPOR_TARGETS=${BPOR_TARGETS:-tools/bporcheck/bporcheck} "$root/scripts/build.sh"
echo
echo "\$ build/tools/bporcheck/bporcheck examples/racy_counter.c"
set +e
"$root/build/tools/bporcheck/bporcheck" "$root/examples/racy_counter.c"
code=$?
set -e
if [ $code -ne 1 ]; then
  echo "setup: expected bporcheck to report the race (exit 1), got exit $code" >&2
  exit 1
fi
echo
echo "bporcheck is built: build/tools/bporcheck/bporcheck (exit code 1 above means: bug found)."
