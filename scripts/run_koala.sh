#!/bin/sh
# Runs every KOALA experiment (paper 001, Sections 7 and 8), then draws the figures and checks the
# published claims. Usage: scripts/run_koala.sh [OUTDIR] (default: koala-results). Needs build/simulate.
# The figures come from each file's own seed; the claims are checked on the means over seeds 1..SEEDS
# (default 10; the published claims are about averages, one seed's noise decides close ones).
# Everything is written into a hidden folder in OUTDIR and moved in only once every step succeeded, so a
# failed or interrupted run leaves OUTDIR as it was.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-koala-results}
mkdir -p "$out"
stage=$(mktemp -d "$out/.partial-XXXXXX")
trap 'rm -rf "$stage"' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
for file in "$here"/workloads/experiments/koala-*.yaml; do
  name=$(basename "$file" .yaml | tr - _)
  "$here/build/simulate" -q -c "$file" -o "$stage/$name.h5"
done
for group in w30 w50 spread unreliable; do
  /usr/bin/python3 "$here/analysis/plot.py" "$stage"/koala_${group}*.h5 --out "$stage/figures/$group" >/dev/null
done
seeds=${SEEDS:-10}
mkdir -p "$stage/seeds"
for file in "$here"/workloads/experiments/koala-*.yaml; do
  name=$(basename "$file" .yaml | tr - _)
  s=1
  while [ "$s" -le "$seeds" ]; do
    "$here/build/simulate" -q --seed "$s" -c "$file" -o "$stage/seeds/${name}_s$s.h5"
    s=$((s + 1))
  done
done
# The claims table names the traces where they will be.
/usr/bin/python3 "$here/analysis/compare.py" --reference "$here/analysis/references/koala.yaml" "$stage"/seeds/koala_*.h5 \
  > "$stage/claims.md"
rm -rf "$out/seeds" "$out/figures"
sed -i "s|$stage|$out|g" "$stage/claims.md"
mv "$stage"/* "$out"/
cat "$out/claims.md"
