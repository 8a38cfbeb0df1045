"""Failures by job shape and priority (KOALA fig 12): (a) run failure share, (b) co-allocated share."""

import matplotlib.pyplot as plt

from .. import metrics, shapes
from ..trace import PRIORITY_NAMES
from .common import Skipped, figure_title, grouped_bars, outside_legend


def _series(traces, quantity):
    """Bars per (trace, priority present); x groups are the job shapes."""
    labels = sorted({s for t in traces for s in shapes.group_by_shape(t.jobs)}, key=shapes.shape_key)
    series = []
    for trace in traces:
        for code, name in PRIORITY_NAMES.items():
            rows = trace.jobs[trace.jobs["priority"] == code]
            if rows.size == 0:
                continue
            grouped = shapes.group_by_shape(rows)
            label = f"{trace.label}, {name.replace('_', '-')} priority"
            series.append((label, [quantity(grouped[s]) if s in grouped else float("nan") for s in labels]))
    return labels, series


def failures_by_shape(traces, title=None):
    with_failures = [t for t in traces if metrics.has_failures(t)]
    if not with_failures:
        raise Skipped("no failures recorded (/failures is empty and no job has failed claims or runs)")
    fig, axes = plt.subplots(2, 1, figsize=(9, 7.5), layout="constrained")
    labels, series = _series(with_failures, lambda r: 100 * metrics.run_failure_share(r))
    grouped_bars(axes[0], labels, series, "failures (% of runs)")
    axes[0].set_title("(a) Failed runs as a share of the placements that started the job")
    labels, series = _series(with_failures, lambda r: 100 * metrics.mean(metrics.completed(r)["coallocated"]))
    grouped_bars(axes[1], labels, series, "co-allocated jobs (%)")
    axes[1].set_title("(b) Completed jobs placed on more than one cluster")
    for ax in axes:
        ax.set_xlabel("job shape (components x processors per component)")
    outside_legend(axes[0])
    fig.suptitle(figure_title("Failures by job shape and priority", with_failures, title))
    return [("failures_by_shape", fig)]
