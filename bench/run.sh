#!/bin/bash
# Runs the benchmarks of bench/ on a Release build (build/ by default). Not a test: it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
for experiment in bench/das2-100k-delay.yaml bench/coalloc-10k-network.yaml; do
  "$build/bench_run" "$experiment"
done
