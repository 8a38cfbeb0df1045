#!/bin/sh
# Runs every KOALA experiment (paper 001, Sections 7 and 8), then draws the figures and checks the
# published claims. Usage: scripts/run_koala.sh [OUTDIR] (default: koala-results). Needs build/simulate.
# The figures come from each file's own seed; the claims are checked on the means over seeds 1..SEEDS
# (default 10; the published claims are about averages, one seed's noise decides close ones).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-koala-results}
mkdir -p "$out"
for file in "$here"/workloads/experiments/koala-*.yaml; do
  name=$(basename "$file" .yaml | tr - _)
  "$here/build/simulate" -q -c "$file" -o "$out/$name.h5"
done
for group in w30 w50 spread unreliable; do
  /usr/bin/python3 "$here/analysis/plot.py" "$out"/koala_${group}*.h5 --out "$out/figures/$group" >/dev/null
done
seeds=${SEEDS:-10}
mkdir -p "$out/seeds"
for file in "$here"/workloads/experiments/koala-*.yaml; do
  name=$(basename "$file" .yaml | tr - _)
  s=1
  while [ "$s" -le "$seeds" ]; do
    "$here/build/simulate" -q --seed "$s" -c "$file" -o "$out/seeds/${name}_s$s.h5"
    s=$((s + 1))
  done
done
/usr/bin/python3 "$here/analysis/compare.py" --reference "$here/analysis/references/koala.yaml" "$out"/seeds/koala_*.h5
