"""Utilization over time (DCS figs 6.2-6.6, KOALA figs 6, 8, 11) and overall levels per trace."""

import matplotlib.pyplot as plt

from .. import metrics
from .common import figure_title, grouped_bars, interval_steps, outside_legend, time_unit

GRID_COLOR, BACKGROUND_COLOR, TOTAL_COLOR = "tab:blue", "tab:gray", "black"


def _panel(ax, time, background, grid, capacity, title, scale):
    """Grid load stacked over background load, as % of the processors, with the total on top."""
    ax.set_title(title)
    ax.set_ylim(0, 105)
    if time.size == 0:  # a run stopped at time 0 (stop.max_time: 0) has no sample
        ax.set_xlim(0, 1)
        ax.text(0.5, 0.5, "no utilization samples", ha="center", va="center", transform=ax.transAxes)
        return
    bg = 100.0 * background / capacity
    gr = 100.0 * grid / capacity
    x, bg_s = interval_steps(time / scale, bg)
    _, total_s = interval_steps(time / scale, bg + gr)
    ax.fill_between(x, 0, bg_s, step="post", color=BACKGROUND_COLOR, alpha=0.5, label="background (others') load")
    ax.fill_between(x, bg_s, total_s, step="post", color=GRID_COLOR, alpha=0.6, label="grid load")
    ax.step(x, total_s, where="post", color=TOTAL_COLOR, linewidth=0.9, label="total")
    ax.set_xlim(0, x[-1])


def _one_trace(trace, title):
    names = trace.cluster_names
    n_cols = min(len(names), 3)
    n_rows = 1 + -(-len(names) // n_cols)
    fig = plt.figure(figsize=(4.2 * n_cols, 2.6 * n_rows + 0.6), layout="constrained")
    grid = fig.add_gridspec(n_rows, n_cols)
    scale, unit = time_unit(trace.end_time)
    levels = {k: metrics.utilization(trace, k) for k in ("grid", "background", "total")}
    ax = fig.add_subplot(grid[0, :])
    _panel(ax, trace.util_time, trace.background_busy.sum(axis=1), trace.grid_busy.sum(axis=1),
           trace.processors.sum(), f"system ({trace.processors.sum():.0f} processors): grid "
           f"{100 * levels['grid']['system']:.1f}%, total {100 * levels['total']['system']:.1f}% on average", scale)
    ax.set_ylabel("utilization (%)")
    ax.set_xlabel(f"time ({unit})")
    if trace.util_time.size:
        outside_legend(ax)
    for i, name in enumerate(names):
        ax = fig.add_subplot(grid[1 + i // n_cols, i % n_cols])
        _panel(ax, trace.util_time, trace.background_busy[:, i], trace.grid_busy[:, i], trace.processors[i],
               f"{name} ({trace.processors[i]:.0f} processors): grid {100 * levels['grid'][name]:.1f}%", scale)
        ax.set_xlabel(f"time ({unit})")
        ax.set_ylabel("utilization (%)")
    fig.suptitle(figure_title("Utilization over time", [trace], title or f"{trace.name} ({trace.policy})"))
    return fig


def utilization_over_time(traces, title=None):
    """One figure per trace: system-wide panel and one panel per cluster."""
    return [(f"utilization_{t.name}", _one_trace(t, title if len(traces) == 1 else None)) for t in traces]


def utilization_levels(traces, title=None):
    """Average grid, background and total utilization over [0, end_time], one bar per trace."""
    fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(traces) + 2.5), 3.8), layout="constrained")
    kinds = ("background", "grid", "total")
    series = [(kind, [100 * metrics.utilization(t, kind)["system"] for t in traces]) for kind in kinds]
    grouped_bars(ax, [t.label for t in traces], series, "utilization over the run (% of processors)",
                 colors=[BACKGROUND_COLOR, GRID_COLOR, "tab:green"])
    ax.set_ylim(0, 105)
    outside_legend(ax)
    ax.set_title(figure_title("Average utilization", traces, title))
    return [("utilization_levels", fig)]
