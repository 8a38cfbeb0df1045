"""Where the checkout's files are, for the commands' defaults (build/simulate, analysis/references/, workloads/):
the package lives in analysis/ of the repository, run from the checkout or installed editable (pip install -e)."""

from pathlib import Path

ANALYSIS = Path(__file__).resolve().parent.parent
REPO = ANALYSIS.parent
