#!/bin/bash
# Installs the Debian 12 packages coalsim needs, only those missing (run as root).
set -euo pipefail
packages=(g++ cmake make pkg-config libsimgrid-dev libyaml-cpp-dev libhdf5-dev libboost-program-options-dev
          libgtest-dev zlib1g-dev libexpat1-dev clang libclang-rt-dev python3 python3-h5py python3-numpy python3-matplotlib python3-yaml python3-pytest)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
fi
