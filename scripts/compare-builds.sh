#!/bin/bash
# Runs every shipped experiment (workloads/default.yaml, workloads/experiments/, bench/) with two builds of
# simulate and compares their traces dataset by dataset (scripts/compare_traces.py). A restructuring must
# print "identical" for every file.
# Usage: scripts/compare-builds.sh OLD_SIMULATE NEW_SIMULATE [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1") new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work"
status=0
for experiment in workloads/default.yaml workloads/experiments/*.yaml bench/*.yaml; do
  name=$(basename "$experiment" .yaml)
  "$old" --config "$experiment" --output "$work/$name.old.h5" > /dev/null
  "$new" --config "$experiment" --output "$work/$name.new.h5" > /dev/null
  if /usr/bin/python3 scripts/compare_traces.py "$work/$name.old.h5" "$work/$name.new.h5"; then
    echo "identical  $experiment"
  else
    echo "DIFFERENT  $experiment"
    status=1
  fi
done
exit $status
