#!/usr/bin/env bash
# Runs an instrumented bporcheck (scripts/build.sh with BPOR_PGO=1, cmake/BporProfile.cmake) on
# the training programs: the examples, the small bench programs, the bug programs and the
# spinning programs, under the searches users run most (optimal DPOR, DPOR, source-DPOR, BPOR
# with a bound, the bug hunt, the stateful search). The benchmark rows measured in
# docs/results.md (bench/large, and the issue's sizes of its programs) are not among them. The
# lit test programs are not either: with them the profile made the rows slower (docs/results.md,
# "Profile-guided build"). Every run is bounded (about 3 seconds in all); verdicts are not
# checked here.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bporcheck=$1
run() { # options, program: at most 20 seconds unless the options give a time limit
  case " $* " in *" --time-limit="*) ;; *) set -- --time-limit=20 "$@" ;; esac
  "$bporcheck" --no-progress "$@" >/dev/null 2>&1 || true
}
for f in "$root"/bench/programs/*.c "$root"/examples/*.c; do
  run "$f"
  run --por=dpor "$f"
  run --por=source "$f"
  run --preemptions=2 "$f"
done
for f in "$root"/bench/bugs/*.c; do
  run --max-executions=2000 "$f"
  run --find-bug --time-limit=2 "$f"
done
for f in "$root"/bench/spin/*.c; do
  run --max-executions=2000 "$f"
done
