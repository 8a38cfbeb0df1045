#!/bin/bash
# Runs every shipped experiment (workloads/default.yaml, workloads/experiments/, bench/) with two builds of
# simulate and compares their traces dataset by dataset (scripts/compare_traces.py). A restructuring must
# print "identical" for every file; an experiment only the new build runs prints "new only".
# With --allow-added, a trace the new build only adds to (a new dataset, a new table field) passes as
# "added to", provided every field both builds write holds the same values.
# Usage: scripts/compare-builds.sh [--allow-added] OLD_SIMULATE NEW_SIMULATE [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
compare=(/usr/bin/python3 scripts/compare_traces.py)
if [ "${1:-}" = --allow-added ]; then
  compare+=(--allow-added)
  shift
fi
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
  if "${compare[@]}" "$work/$name.old.h5" "$work/$name.new.h5" > "$work/$name.compare"; then
    if [ -s "$work/$name.compare" ]; then
      echo "added to   $experiment ($(sed 's/^[^:]*: //' "$work/$name.compare" | tr '\n' ' '))"
    else
      echo "identical  $experiment"
    fi
  else
    cat "$work/$name.compare"
    echo "DIFFERENT  $experiment"
    status=1
  fi
done
exit $status
