"""KOALA's claiming (Mohamed and Epema 2008): utilization with processor gained and wasted time (fig. 6, 8 lines PGT
and PWT), and total placement time and start delay by job shape and priority (fig. 13)."""

import matplotlib.pyplot as plt
import numpy as np

from .. import metrics, shapes
from ..trace import PRIORITY_NAMES
from .common import Skipped, figure_title, grouped_bars, interval_steps, outside_legend, time_unit


def claiming_utilization(traces, title=None):
    """Per trace: total, background and grid utilization over time, with the PGT and PWT shares."""
    usable = [t for t in traces if "held" in t.extra and "gained" in t.extra]
    if not usable:
        raise Skipped("no trace has the /utilization/held and /utilization/gained series (KOALA claiming)")
    out = []
    for trace in usable:
        fig, ax = plt.subplots(figsize=(9, 3.8), layout="constrained")
        scale, unit = time_unit(trace.end_time)
        capacity = trace.processors.sum()
        grid = trace.grid_busy.sum(axis=1)
        background = trace.background_busy.sum(axis=1)
        for values, label, style in ((grid + background, "total", "k-"), (background, "background", "-"),
                                     (grid, "co-allocation (KOALA)", "-"),
                                     (trace.extra["gained"], "processor gained time (PGT)", "--"),
                                     (trace.extra["held"], "processor wasted time (PWT)", ":")):
            # sample i is the average over (time[i-1], time[i]]: drawn over that interval, not the next one
            x, y = interval_steps(trace.util_time / scale, 100 * values / capacity)
            ax.step(x, y, style, where="post", label=label, linewidth=1)
        ax.set_ylim(0, 105)
        ax.set_xlabel(f"time ({unit})")
        ax.set_ylabel("utilization (% of processors)")
        outside_legend(ax)
        ax.set_title(figure_title("Utilization with PGT and PWT", [trace], title or trace.label))
        out.append((f"claiming_utilization_{trace.name}", fig))
    return out


def delays_by_shape(traces, title=None):
    """Total placement time and start delay by job shape, one bar per trace and priority present."""
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2), layout="constrained")
    groups = []
    for t in traces:
        done = metrics.completed(t.jobs)
        for code, name in PRIORITY_NAMES.items():
            rows = done[done["priority"] == code]
            if rows.size:
                groups.append((f"{t.name} {name}", shapes.group_by_shape(rows)))
    labels = sorted({s for _, g in groups for s in g}, key=shapes.shape_key)
    if not labels:
        raise Skipped("no completed jobs")
    panels = (("Total placement time", lambda r: metrics.mean(metrics.placement_times(r)), "time (s)"),
              ("Start delay", lambda r: metrics.mean(metrics.job_column(r, "start_delay")), "time (s)"))
    for ax, (what, quantity, ylabel) in zip(axes, panels):
        series = [(name, [quantity(g[s]) if s in g else np.nan for s in labels]) for name, g in groups]
        grouped_bars(ax, labels, series, ylabel)
        ax.set_xlabel("job shape (components x processors per component)")
        ax.set_title(what)
    outside_legend(axes[-1])
    fig.suptitle(figure_title("Placement times and start delays by job shape and priority", traces, title))
    return [("delays_by_shape", fig)]
