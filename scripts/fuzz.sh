#!/bin/bash
# Builds the libFuzzer targets (clang, AddressSanitizer, UBSan) into build-sanitize/ (the build scripts/test.sh
# runs the suite in under the sanitizers) and runs each for SECONDS (default 25) from a seed corpus made of the
# shipped files. Exits non-zero when a target crashes; the input is kept in build-sanitize/fuzz/crashes/.
# Usage: bash scripts/fuzz.sh [SECONDS] [TARGET...]. See docs/errors.md.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-25}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_experiment fuzz_platform_check fuzz_swf_reader fuzz_gwf_reader)

build=${COALSIM_FUZZ_BUILD:-build-sanitize}
bash scripts/configure-sanitize.sh "$build"
mkdir -p "$build/fuzz"
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" > "$build/fuzz/build.log" 2>&1 ||
  { tail -30 "$build/fuzz/build.log"; exit 1; }

# Seeds: every shipped experiment and platform, and the first 8 kB of every shipped log (whole logs are too big
# for fuzz inputs).
corpus=$build/fuzz/corpus
rm -rf "$corpus" && mkdir -p "$corpus"/{fuzz_experiment,fuzz_platform_check,fuzz_swf_reader,fuzz_gwf_reader} "$build/fuzz/crashes"
cp workloads/default.yaml workloads/experiments/*.yaml "$corpus/fuzz_experiment/"
cp platforms/*.xml platforms/test/*.xml platforms/simgrid/*.xml "$corpus/fuzz_platform_check/"
cp fuzz/seeds/swf/* "$corpus/fuzz_swf_reader/"
cp fuzz/seeds/gwf/* "$corpus/fuzz_gwf_reader/"
for log in workloads/logs/*.swf workloads/logs/*.swf.gz; do
  name=$(basename "$log")
  if [[ "$log" == *.gz ]]; then (zcat "$log" || true) | head -c 8000 > "$corpus/fuzz_swf_reader/$name.head"
  else head -c 8000 "$log" > "$corpus/fuzz_swf_reader/$name.head"; fi
done

# The targets run side by side, as many at once as there are processors, each for SECONDS: the same fuzzing in half
# the time on two cores. Each leaves its log and its outcome; they are reported in order once all are done.
fuzz_one() {
  local target=$1 log=$build/fuzz/$1.log
  # libFuzzer checks each input for leaks too (LeakSanitizer).
  if "$build/$target" "$corpus/$target" -max_total_time="$seconds" -max_len=65536 \
       -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$build/fuzz/crashes/$target-" \
       > "$log" 2>&1; then
    echo ok > "$build/fuzz/$target.outcome"
  else
    echo crash > "$build/fuzz/$target.outcome"
  fi
}
for target in "${targets[@]}"; do
  rm -f "$build/fuzz/$target.outcome"
  fuzz_one "$target" &
  if [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; then
    wait -n || true # one has ended: room for the next
  fi
done
wait

status=0
for target in "${targets[@]}"; do
  log=$build/fuzz/$target.log
  if [ "$(cat "$build/fuzz/$target.outcome" 2>/dev/null)" = ok ]; then
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
    echo "fuzz: $target: $runs executions in ${seconds} s, no crash"
  else
    echo "fuzz: $target: CRASH (input kept in $build/fuzz/crashes/, log in $log):"
    grep -E "ERROR|SUMMARY|terminate|what\(\)" "$log" | head -5
    status=1
  fi
done
exit $status
