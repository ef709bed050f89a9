#!/usr/bin/env bash
# Installs what bporcheck needs on Debian bookworm, skipping what is already there.
set -euo pipefail
packages=(
  build-essential cmake ninja-build python3 git
  llvm-19-dev llvm-19-tools clang-19 libclang-19-dev libclang-cpp19-dev
  libfmt-dev libgtest-dev libgmock-dev
  zlib1g-dev libzstd-dev libxml2-dev libffi-dev libz3-dev
  libc6-dev-i386 gcc-multilib
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
