#!/bin/bash
# Runs the benchmarks of bench/ on a Release build (build/ by default). Not a test: it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
# The two issue workloads, then the replay of the full RICC log (447,784 jobs) under FCFS and EASY.
for experiment in bench/das2-100k-delay.yaml bench/coalloc-10k-network.yaml \
                  workloads/experiments/ricc-replay-fcfs.yaml workloads/experiments/ricc-replay-easy.yaml; do
  "$build/bench_run" "$experiment"
done
# Libra's time-shared nodes, and the same workload space-shared (its FCFS baseline).
"$build/bench_run" bench/libra-100k.yaml
"$build/bench_run" bench/libra-100k.yaml --set policy.name=fcfs_budget
