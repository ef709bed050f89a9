#!/usr/bin/env bash
# The parallel searches under ThreadSanitizer: builds the checker's unit tests (no LLVM) in
# build-tsan/ (BPOR_TSAN_BUILD_DIR names another folder) and runs the tests of the workers
# (-j: checker/parallel/, checker/optimal/SharedStates). A data race or a lock-order problem
# fails the run. Not part of CI (a build of its own); run it after changing the parallel code.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BPOR_TSAN_BUILD_DIR:-$root/build-tsan}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS=-fsanitize=thread -DCMAKE_CXX_FLAGS=-fsanitize=thread \
  -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread >/dev/null
ninja -C "$build" bpor_optimal_tests
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
"$build/tests/unit/optimal/bpor_optimal_tests" --gtest_filter='ParallelSearch.*'
