"""Metric names, from the analysis package (one list of metrics for the whole project)."""

import sys
from pathlib import Path

_ANALYSIS = Path(__file__).resolve().parents[2] / "analysis"
if str(_ANALYSIS) not in sys.path:
    sys.path.insert(0, str(_ANALYSIS))

from coalsim_analysis.names import is_metric_name  # noqa: E402,F401

__all__ = ["is_metric_name"]
