#!/bin/bash
# Runs one shipped experiment with the local jobs traced and audits its trace (analysis/audit.py): the CTest
# entries audit.<experiment>. A run that fails (a replayed log missing, say) fails the test with its message.
# Usage: tests/audit_experiment.sh SIMULATE PYTHON EXPERIMENT.yaml WORK_DIR [SIMULATE_ARGUMENT ...]
# (the arguments after WORK_DIR go to simulate, e.g. --set key=value; the trace is named after the test then)
set -euo pipefail
simulate=$1 python=$2 experiment=$3 work=$4
shift 4
source_dir=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
trace="$work/$(basename "$experiment" .yaml)${1:+-$$}.h5"
rm -f "$trace"
"$simulate" --config "$experiment" --set trace.local_jobs=true "$@" --output "$trace" > /dev/null
"$python" "$source_dir/analysis/audit.py" --verbose "$trace"
rm -f "$trace"
