#!/usr/bin/env bash
# Runs an instrumented bporcheck (scripts/build.sh, cmake/BporProfile.cmake) on
# the training programs: the examples, the small bench programs, the bug programs and the
# spinning programs, under the searches users run most (optimal DPOR, DPOR, source-DPOR, BPOR
# with a bound, the bug hunt, the stateful search), and programs written for it that make longer
# searches (scripts/pgo-train/). The benchmark rows measured in docs/results.md (bench/large, and
# the issue's sizes of its programs) are not among them. The lit test programs are not either:
# with them the profile made the rows slower (docs/results.md, "Profile-guided build"). Every
# run is bounded (about 10 seconds in all, instrumented); verdicts are not checked here.
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
# Longer searches, so that the searches' own code weighs in the profile beside start-up and the
# interpreter: programs written for the training (a bank, a mailbox, flags, a reference count).
for f in "$root"/scripts/pgo-train/*.c; do
  run --max-executions=20000 "$f"
  run --por=source --max-executions=5000 "$f"
  run --por=dpor --max-executions=5000 "$f"
  run --preemptions=2 --max-executions=5000 "$f"
done
