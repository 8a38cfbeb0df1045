"""Metric names, from the analysis package (one list of metrics for the whole project)."""

from ..names import is_metric_name

__all__ = ["is_metric_name"]
