#!/bin/bash
# Installs what is missing, builds, and runs the default DAS-2 experiment with Close-to-Files.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh > /dev/null
build/simulate --platform platforms/das2.xml --policy cf --output trace.h5
