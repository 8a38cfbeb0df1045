#!/bin/bash
# Installs what building and running simulate needs (only what is missing), builds simulate alone (no tests), and
# runs the default DAS-2 experiment with Close-to-Files. With --install, also installs simulate, trace_stats and
# sweep on the PATH (/usr/local/bin), with the shipped platforms, experiments, sweeps and logs in
# /usr/local/share/coalsim, and the Python modules the sweep tool and analysis/ need.
set -euo pipefail
cd "$(dirname "$0")/.."
install=0
for argument in "$@"; do
  case "$argument" in
    --install) install=1 ;;
    *) echo "quickstart.sh: Invalid option '$argument' (expected: --install)" >&2; exit 2 ;;
  esac
done
if [ $install = 1 ]; then
  bash scripts/install-deps.sh analysis
else
  bash scripts/install-deps.sh build
fi
# No tests: they need GoogleTest, and take most of a full build's time (scripts/test.sh builds them).
echo "Building simulate in build/"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF > /dev/null
if [ $install = 1 ]; then
  cmake --build build -j"$(nproc)" --target simulate trace_stats > /dev/null
  cmake --install build > /dev/null
  echo "Installed simulate, trace_stats and sweep in $(grep -m1 '^CMAKE_INSTALL_PREFIX:' build/CMakeCache.txt | cut -d= -f2)/bin"
else
  cmake --build build -j"$(nproc)" --target simulate > /dev/null
fi
build/simulate --platform das2.xml --policy cf --output trace.h5
