#!/usr/bin/env bash
# The CI step after the Release tests: a Debug build with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/ (BPOR_ASAN_BUILD_DIR names another folder), without
# the extras no default test runs (BPOR_BUILD_EXTRAS), then the default test suite on it but the
# lit tests (the labels "slow" and "ci" left out, as scripts/test.sh leaves them): every unit and
# pipeline test reaches its code paths, and the validations check a tenth to a fortieth of their
# programs there (tests/support/ValidationScale.h). The lit tests (some 1,400 runs of bporcheck)
# take longer under the sanitizers than CI can give them (docs/design.md, "Other tests"): after
# this script, `ctest --test-dir build-asan -L lit` runs them. Any sanitizer report fails the
# test that triggered it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BPOR_ASAN_BUILD_DIR:-$root/build-asan}
# A unity build (16 sources a compilation) with -g1 (line tables, enough for the sanitizers'
# stack traces) builds in about a third of the time of one file at a time with -g, which keeps CI
# well inside its limit; it also makes sure no two sources of one target define the same
# file-local name, the rule the code keeps so that it can be built this way.
BPOR_PGO=0 BPOR_BUILD_DIR=$build "$root/scripts/build.sh" -DCMAKE_BUILD_TYPE=Debug -DBPOR_SANITIZE=ON \
  -DBPOR_BUILD_EXTRAS=OFF -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DCMAKE_C_FLAGS_DEBUG=-g1
# detect_leaks=0: this step checks memory errors and undefined behaviour; whether the suite is
# also leak-free (LLVM's unsanitized libraries, exits on bad usage) has not been checked yet.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0:halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" -LE "^(slow|ci|lit)$"
