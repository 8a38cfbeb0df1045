#!/bin/bash
# Installs what is missing, builds, and runs the whole test suite (GoogleTest and pytest, through CTest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
cd build && ctest -j"$(nproc)" --output-on-failure
