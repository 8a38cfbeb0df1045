#!/bin/bash
# Configures and builds coalsim (Release) into build/, tests included. COALSIM_WERROR=ON (scripts/test.sh) makes a
# compiler warning an error.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON -DCOALSIM_WERROR="${COALSIM_WERROR:-OFF}" > /dev/null
cmake --build build -j"$(nproc)"
