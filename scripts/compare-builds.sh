#!/bin/bash
# Runs every shipped experiment (workloads/default.yaml, workloads/experiments/, bench/) with two builds of
# simulate and compares their traces dataset by dataset (scripts/compare_traces.py). A restructuring must
# print "identical" for every file; an experiment only the new build runs prints "new only".
# With COMPARE_ALLOW_ADDED=1, a change that only adds datasets or table fields prints "identical" when everything
# both traces have is (compare_traces.py --allow-added; the additions are listed).
# Usage: scripts/compare-builds.sh OLD_SIMULATE NEW_SIMULATE [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1") new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work"
status=0
for experiment in workloads/default.yaml workloads/experiments/*.yaml bench/*.yaml; do
  name=$(basename "$experiment" .yaml)
  # An experiment the old build refuses (it uses what the new one adds) has nothing to compare: the new build
  # must still run it.
  if ! "$old" --config "$experiment" --output "$work/$name.old.h5" > /dev/null 2> "$work/$name.old.err"; then
    "$new" --config "$experiment" --output "$work/$name.new.h5" > /dev/null
    echo "new only   $experiment (the old build refuses it: $(head -c 160 "$work/$name.old.err"))"
    continue
  fi
  "$new" --config "$experiment" --output "$work/$name.new.h5" > /dev/null
  if /usr/bin/python3 scripts/compare_traces.py ${COMPARE_ALLOW_ADDED:+--allow-added} "$work/$name.old.h5" \
    "$work/$name.new.h5"; then
    echo "identical  $experiment"
  else
    echo "DIFFERENT  $experiment"
    status=1
  fi
done
exit $status
