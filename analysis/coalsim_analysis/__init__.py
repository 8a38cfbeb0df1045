"""Analysis of coalsim HDF5 traces (layout: docs/trace-format.md)."""

from .trace import Trace, TraceFormatError, load_trace
from .metrics import compute_metrics

__all__ = ["Trace", "TraceFormatError", "load_trace", "compute_metrics"]
