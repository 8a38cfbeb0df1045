#!/bin/sh
# Regenerates the figures of docs/experiments-dcs.md and docs/experiments-koala.md in docs/figures/: runs the
# DCS experiments with 5 seeds and the KOALA experiments with 3 (and each KOALA file's own seed) in a temporary
# folder, and draws small PNGs with the analysis package. About a minute on two cores. The same build gives
# byte-identical files. Usage: scripts/render-doc-figures.sh [SIMULATE] (default build/simulate)
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
exec /usr/bin/python3 "$here/analysis/render_doc_figures.py" --simulate "${1:-$here/build/simulate}"
