#!/bin/sh
# Runs the five DCS experiments (20 seeds each), prints the simulated table beside the thesis's and the
# targets, and writes the utilization figures. Usage: scripts/run-dcs-experiments.sh [OUT_DIR] [SEEDS]
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
exec /usr/bin/python3 "$here/analysis/dcs_experiments.py" --simulate "$here/build/simulate" \
  --out "${1:-dcs-results}" --seeds "${2:-20}"
