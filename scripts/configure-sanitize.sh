#!/bin/bash
# Configures the clang build with AddressSanitizer, UBSan and the libFuzzer targets (default folder build-sanitize/),
# the one build both the sanitized suite (scripts/test.sh) and the fuzz targets (scripts/fuzz.sh) use, with the same
# options whichever configures it first. File by file, without the precompiled header: each source of the core must
# compile on its own includes. -O1, as AddressSanitizer's documentation advises, and line tables only for the reports'
# stack traces (file, line, function): full debug information and -O2 took a seventh more of the build's time.
# Usage: bash scripts/configure-sanitize.sh [FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
CC=clang CXX=clang++ cmake -S . -B "${1:-build-sanitize}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOALSIM_SANITIZE=ON \
  -DCOALSIM_FUZZ=ON -DCOALSIM_WERROR=ON -DCOALSIM_UNITY=OFF -DCOALSIM_PCH=OFF \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" > /dev/null
