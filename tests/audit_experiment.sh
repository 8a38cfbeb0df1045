#!/bin/bash
# Runs one shipped experiment with the local jobs traced and audits its trace (analysis/audit.py): the CTest
# entries audit.<experiment>. A run that fails (a replayed log missing, say) fails the test with its message.
# Usage: tests/audit_experiment.sh SIMULATE PYTHON EXPERIMENT.yaml WORK_DIR
set -euo pipefail
simulate=$1 python=$2 experiment=$3 work=$4
source_dir=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
trace="$work/$(basename "$experiment" .yaml).h5"
rm -f "$trace"
"$simulate" --config "$experiment" --set trace.local_jobs=true --output "$trace" > /dev/null
"$python" "$source_dir/analysis/audit.py" --verbose "$trace"
rm -f "$trace"
