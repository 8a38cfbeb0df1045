#!/bin/bash
# Runs every shipped experiment (workloads/default.yaml, workloads/experiments/, bench/) with two builds of
# simulate and compares their traces dataset by dataset (scripts/compare_traces.py). A restructuring must
# print "identical" for every file; an experiment only the new build runs prints "new only".
# With --allow-added, a trace the new build only adds to (a new dataset, a new table field) passes as
# "added to", provided every field both builds write holds the same values.
# With --seeds "1 2 ...", each experiment is run once per seed given (--seed N) instead of at its own seed: the
# campaigns' points are the shipped experiment files at seeds 1..n (workloads/sweeps/*.yaml).
# With --explain (a change meant to move results), a differing trace also says which tables only hold their rows in
# another order, and which headline metrics moved, old -> new (compare_traces.py --explain).
# With --only PATTERN, only the experiments whose path matches the shell pattern (e.g. '*koala*').
# Usage: scripts/compare-builds.sh [--allow-added] [--explain] [--seeds LIST] [--only PATTERN] OLD_SIMULATE NEW_SIMULATE [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
compare=(/usr/bin/python3 scripts/compare_traces.py)
seeds=("") only='*'
while [ $# -gt 0 ]; do
  case "$1" in
    --allow-added) compare+=(--allow-added); shift ;;
    --explain) compare+=(--explain); shift ;;
    --seeds) read -r -a seeds <<< "$2"; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) break ;;
  esac
done
old=$(realpath "$1") new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work"
status=0
for experiment in workloads/default.yaml workloads/experiments/*.yaml bench/*.yaml; do
  # shellcheck disable=SC2053 # a pattern on purpose
  [[ $experiment == $only ]] || continue
  for seed in "${seeds[@]}"; do
    name=$(basename "$experiment" .yaml)${seed:+-seed$seed}
    seed_option=(${seed:+--seed "$seed"})
    # An experiment the old build refuses (it uses what the new one adds) has nothing to compare: the new build
    # must still run it.
    if ! "$old" --config "$experiment" "${seed_option[@]}" --output "$work/$name.old.h5" > /dev/null 2> "$work/$name.old.err"; then
      "$new" --config "$experiment" "${seed_option[@]}" --output "$work/$name.new.h5" > /dev/null
      echo "new only   $experiment${seed:+ seed $seed} (the old build refuses it: $(head -c 160 "$work/$name.old.err"))"
      continue
    fi
    "$new" --config "$experiment" "${seed_option[@]}" --output "$work/$name.new.h5" > /dev/null
    if "${compare[@]}" "$work/$name.old.h5" "$work/$name.new.h5" > "$work/$name.compare"; then
      if [ -s "$work/$name.compare" ]; then
        echo "added to   $experiment${seed:+ seed $seed} ($(sed 's/^[^:]*: //' "$work/$name.compare" | tr '\n' ' '))"
      else
        echo "identical  $experiment${seed:+ seed $seed}"
      fi
    else
      cat "$work/$name.compare"
      echo "DIFFERENT  $experiment${seed:+ seed $seed}"
      status=1
    fi
  done
done
exit $status
