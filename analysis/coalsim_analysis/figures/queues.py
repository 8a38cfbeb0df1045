"""Placement-queue length over time (KOALA: saturation with W50)."""

import matplotlib.pyplot as plt
import numpy as np

from .. import metrics
from .common import Skipped, figure_title, outside_legend, time_unit


def queue_length(traces, title=None):
    fig, ax = plt.subplots(figsize=(10, 3.8), layout="constrained")
    scale, unit = time_unit(max(t.end_time for t in traces))
    shown = 0
    for trace in traces:
        if trace.queue_time.size == 0:
            continue
        x = np.concatenate(([0.0], trace.queue_time)) / scale
        y = np.concatenate((trace.queue_length, trace.queue_length[-1:]))
        line, = ax.step(x, y, where="post", linewidth=1.0,
                        label=f"{trace.label}: mean {metrics.queue_mean(trace):.1f}, max {y.max():.1f}")
        last = trace.jobs["submit_time"].max() if trace.jobs.size else np.nan
        if np.isfinite(last):
            ax.axvline(last / scale, color=line.get_color(), linestyle="--", linewidth=0.8)
        shown += 1
    if not shown:
        plt.close(fig)
        raise Skipped("no queue samples")
    ax.set_xlabel(f"time ({unit}); dashed: last arrival")
    ax.set_ylabel("jobs waiting (time average)")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    outside_legend(ax)
    ax.set_title(figure_title("Placement queue length", traces, title))
    return [("queue_length", fig)]
