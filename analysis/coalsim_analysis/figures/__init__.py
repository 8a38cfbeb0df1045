"""Figures. Every kind is a function (traces, title) -> list of (file stem, matplotlib Figure).

A kind that has nothing to show for these traces raises Skipped with the reason.
"""

from .common import Skipped, save
from .utilization import utilization_over_time, utilization_levels
from .response import response_cdf, response_by_job
from .shapes import placement_and_transfer_by_shape, spread_by_shape
from .queues import queue_length
from .failures import failures_by_shape
from .koala import claiming_utilization, delays_by_shape
from .gantt import gantt

FIGURE_KINDS = {
    "utilization": utilization_over_time,
    "utilization_levels": utilization_levels,
    "response_cdf": response_cdf,
    "response_by_job": response_by_job,
    "placement_transfer": placement_and_transfer_by_shape,
    "spread": spread_by_shape,
    "queue": queue_length,
    "failures": failures_by_shape,
    "claiming_utilization": claiming_utilization,
    "delays": delays_by_shape,
    "gantt": gantt,
}

__all__ = ["FIGURE_KINDS", "Skipped", "save"]
