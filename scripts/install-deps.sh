#!/usr/bin/env bash
# Installs what bporcheck needs on Debian bookworm, skipping what is already there.
set -euo pipefail
packages=(
  build-essential cmake ninja-build python3 git
  # The check of YAML witnesses against the format's rules (tests/lit/svcomp/Inputs).
  python3-yaml
  llvm-19-dev llvm-19-tools clang-19 lld-19
  libfmt-dev libgtest-dev libgmock-dev
  zlib1g-dev libzstd-dev libxml2-dev libffi-dev libz3-dev
  libc6-dev-i386 gcc-multilib
  # The tests of the pictures of a trace: a headless browser loads --trace-html's page,
  # Graphviz reads --trace-dot's digraph (without them those lit tests are unsupported).
  chromium graphviz
  # The distributed search (mpirun -np N bporcheck): Open MPI; without it bporcheck builds and
  # runs on one machine.
  libopenmpi-dev openmpi-bin
)
# Clang's static libraries and headers: with them bporcheck compiles C and C++ inputs inside its
# own process (tools/bporcheck/clang/); without them it runs clang as a second process, slower
# to start. Failing to install them is a warning, not an error.
optional=(libclang-19-dev)

missingFrom() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
mapfile -t missing < <(missingFrom "${packages[@]}")
mapfile -t missingOptional < <(missingFrom "${optional[@]}")
if [ ${#missing[@]} -eq 0 ] && [ ${#missingOptional[@]} -eq 0 ]; then
  exit 0
fi
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
install() {
  "${sudo_cmd[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
      --no-install-recommends "$@"
}
if [ ${#missing[@]} -ne 0 ]; then
  echo "installing: ${missing[*]}"
  install "${missing[@]}"
fi
if [ ${#missingOptional[@]} -ne 0 ]; then
  echo "installing: ${missingOptional[*]}"
  install "${missingOptional[@]}" ||
    echo "install-deps: could not install ${missingOptional[*]}: C inputs will be compiled by a" \
      "second clang process" >&2
fi
