#!/usr/bin/env bash
# Configures and builds bporcheck in build/ (Release). Extra arguments go to cmake.
# BPOR_BUILD_DIR names another build folder (for example one per git worktree); ccache is used
# when installed, so that several worktrees share their unchanged objects.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BPOR_BUILD_DIR:-$root/build}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$root")}
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@" >/dev/null
ninja -C "$build" -j"$(nproc)"
