#!/usr/bin/env bash
# Configures and builds bporcheck in build/ (Release). Extra arguments go to cmake.
# BPOR_BUILD_DIR names another build folder (for example one per git worktree); ccache is used
# when installed, so that several worktrees share their unchanged objects. BPOR_TARGETS names
# the targets to build (default: all of them, the tests and benchmarks too).
#
# BPOR_PGO=1 makes the build profile-guided (GCC; cmake/BporProfile.cmake): the first time (or
# with BPOR_PGO=refresh) an instrumented bporcheck is built in <build>-profile/ and run on the
# training programs (scripts/pgo-train.sh, which are not the benchmark rows), then <build>/ is
# built with that profile; later builds reuse it. That costs a second build and the training
# the first time, and saves 10 to 20 % of the CPU time of long searches (docs/results.md,
# "Profile-guided build"). The default, BPOR_PGO=0, builds once, without a profile.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BPOR_BUILD_DIR:-$root/build}
pgo=${BPOR_PGO:-0}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$root")}
fi
configure() { # folder, extra cmake arguments
  local dir=$1
  shift
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@" >/dev/null
}

profile_args=(-DBPOR_PROFILE_USE= -DBPOR_PROFILE_GENERATE=)
if [ "$pgo" != 0 ] && "${CXX:-c++}" -v 2>&1 | grep -q "^gcc version"; then
  profile_build=$build-profile
  profile=$profile_build/profile
  if [ "$pgo" = refresh ] || [ ! -f "$profile_build/trained" ]; then
    echo "build: profile-guided build, step 1 of 2: an instrumented bporcheck in $profile_build"
    rm -rf "$profile"
    rm -f "$profile_build/trained"
    configure "$profile_build" -DBPOR_PROFILE_GENERATE="$profile" -DBPOR_PROFILE_USE= "$@"
    ninja -C "$profile_build" -j"$(nproc)" tools/bporcheck/bporcheck
    "$root/scripts/pgo-train.sh" "$profile_build/tools/bporcheck/bporcheck"
    touch "$profile_build/trained"
    # Objects built with another profile (or none) must be rebuilt with this one.
    if [ -f "$build/build.ninja" ]; then
      ninja -C "$build" -t clean >/dev/null
    fi
    echo "build: step 2 of 2: $build with the profile"
  fi
  profile_args=(-DBPOR_PROFILE_USE="$profile" -DBPOR_PROFILE_GENERATE=)
fi
configure "$build" "${profile_args[@]}" "$@"
read -r -a targets <<< "${BPOR_TARGETS:-}"
ninja -C "$build" -j"$(nproc)" "${targets[@]}"
