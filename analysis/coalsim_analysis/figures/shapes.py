"""Per job shape bars: FTT and placement time (KOALA figs 7, 9), job spread and co-allocation (fig 10)."""

import matplotlib.pyplot as plt
import numpy as np

from .. import metrics, shapes
from .common import Skipped, figure_title, grouped_bars, outside_legend


def _by_shape(traces, quantity):
    """All shapes among completed jobs, and per trace the value of quantity(rows) for each shape."""
    grouped = [shapes.group_by_shape(metrics.completed(t.jobs)) for t in traces]
    labels = sorted({s for g in grouped for s in g}, key=shapes.shape_key)
    if not labels:
        raise Skipped("no completed jobs")
    series = [(t.label, [quantity(g[s]) if s in g else np.nan for s in labels]) for t, g in zip(traces, grouped)]
    return labels, series


def _shape_axis(ax):
    ax.set_xlabel("job shape (components x processors per component)")


def placement_and_transfer_by_shape(traces, title=None):
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2), layout="constrained")
    panels = (("Average file transfer time (FTT)", lambda r: metrics.mean(r["file_transfer_time"]), "FTT (s)"),
              ("Average placement time", lambda r: metrics.mean(metrics.placement_times(r)), "placement time (s)"))
    for ax, (what, quantity, ylabel) in zip(axes, panels):
        labels, series = _by_shape(traces, quantity)
        grouped_bars(ax, labels, series, ylabel)
        _shape_axis(ax)
        ax.set_title(what)
    outside_legend(axes[-1])
    fig.suptitle(figure_title("File transfer and placement time by job shape", traces, title))
    return [("placement_transfer_by_shape", fig)]


def spread_by_shape(traces, title=None):
    fig, axes = plt.subplots(2, 1, figsize=(8, 7), layout="constrained")
    labels, series = _by_shape(traces, lambda r: metrics.mean(r["job_spread"]))
    grouped_bars(axes[0], labels, series, "job spread (clusters / components)")
    axes[0].set_ylim(0, 1.15)
    axes[0].set_title("Average job spread")
    labels, series = _by_shape(traces, lambda r: 100 * metrics.mean(r["coallocated"]))
    grouped_bars(axes[1], labels, series, "co-allocated jobs (%)")
    axes[1].set_ylim(0, 110)
    axes[1].set_title("Share of jobs placed on more than one cluster")
    for ax in axes:
        _shape_axis(ax)
    outside_legend(axes[0])
    fig.suptitle(figure_title("Job spread and co-allocation by job shape", traces, title))
    return [("spread_by_shape", fig)]
