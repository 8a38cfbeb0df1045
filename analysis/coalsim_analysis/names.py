"""Metric names, checked statically so that a typo in a reference file is an error, not 'no data'."""

import re

from .economy import ECONOMY_METRICS
from .energy import ENERGY_METRICS
from .metrics import SUMMARY_COLUMNS
from .trace import PRIORITY_NAMES

JOB_FAMILIES = [f"{p}_{s}" for p in SUMMARY_COLUMNS for s in ("mean", "sd")] + [
    "spread_mean", "coallocated_share", "failure_share", "run_failure_share", "n_jobs", "n_completed"]
COUNT_METRICS = ["n_failed", "n_rejected", "n_unfinished", "end_time", "last_submit", "drain_time",
                 "max_concurrent", "queue_mean", "queue_max", "failures_claim", "failures_drop",
                 "placement_tries_mean", "messages_per_job", "message_bytes_per_job", "migrations_per_job"]

_JOB = "|".join(JOB_FAMILIES)
_PRIORITY = "|".join(PRIORITY_NAMES.values())
_PATTERNS = [
    re.compile(rf"(?:{_JOB})(?:_\d+x\d+(?:p\d+)?|_(?:{_PRIORITY}))?"),
    re.compile("|".join(COUNT_METRICS)),
    re.compile("|".join(ECONOMY_METRICS)),
    re.compile("|".join(ENERGY_METRICS)),
    re.compile(r"util_(?:grid|background|total)(?:_peak|_[A-Za-z0-9_.-]+)?"),
]


def is_metric_name(name: str) -> bool:
    """True for the names compute_metrics can produce (per-shape, per-priority, per-cluster included)."""
    return any(p.fullmatch(name) for p in _PATTERNS)


def describe() -> str:
    """One line for error messages: the families of metric names."""
    return (f"{', '.join(JOB_FAMILIES)} (optionally suffixed _<n>x<size> or _<priority>), "
            f"{', '.join(COUNT_METRICS)}, {', '.join(ECONOMY_METRICS)}, {', '.join(ENERGY_METRICS)}, util_grid|background|total (optionally _peak or _<cluster>)")
