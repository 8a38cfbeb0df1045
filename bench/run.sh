#!/bin/bash
# Runs the benchmarks of bench/ on a Release build (build/ by default). Not a test: it measures.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
# The two issue workloads.
for experiment in bench/das2-100k-delay.yaml bench/coalloc-10k-network.yaml; do
  "$build/bench_run" "$experiment"
done
# (h): (a) with Worst-Fit written in Python (examples/policies/worst_fit.py), against (a).
"$build/bench_run" bench/das2-100k-delay.yaml --set policy.name=python:examples/policies/worst_fit.py
# The full RICC log (447,784 jobs) under FCFS and EASY, then its first 20 days under all three disciplines,
# alternately (conservative cannot replay the whole log in reasonable time: bench/README.md).
/usr/bin/python3 bench/replay_disciplines.py --build "$build" --disciplines fcfs easy
/usr/bin/python3 bench/replay_disciplines.py --build "$build" --days 20
# The default workload on 10, 100 and 1,000 clusters in regions, with and without files: microseconds per job
# against the grid's size.
/usr/bin/python3 bench/grid_clusters.py --build "$build"
# Libra's time-shared nodes, and the same workload space-shared (its FCFS baseline).
"$build/bench_run" bench/libra-100k.yaml
"$build/bench_run" bench/libra-100k.yaml --set policy.name=fcfs_budget
