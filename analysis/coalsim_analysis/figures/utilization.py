"""Utilization over time (DCS figs 6.2-6.6, KOALA figs 6, 8, 11) and overall levels per trace."""

import matplotlib.pyplot as plt
import numpy as np

from .. import metrics
from .common import figure_title, grouped_bars, interval_steps, outside_legend, time_unit

GRID_COLOR, BACKGROUND_COLOR, TOTAL_COLOR = "tab:blue", "tab:gray", "black"
# Up to this many clusters, a panel each; beyond, one row per cluster in two heat maps (a panel each for a grid of
# 1,000 clusters is a figure taller than any image format allows).
MAX_CLUSTER_PANELS = 12
HEATMAP_COLUMNS = 1000  # time columns of a heat map: each the average over its span


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


def column_averages(time, values, end, columns):
    """Averages of interval samples over `columns` equal spans of [0, end]: sample i holds over
    (time[i-1], time[i]] (the first from 0), as interval_steps draws it; after the last sample, the last value.
    values: (samples, series); returns (columns, series)."""
    time, values = np.asarray(time, dtype=float), np.asarray(values, dtype=float)
    bounds = np.concatenate(([0.0], time))
    area = np.concatenate((np.zeros((1, values.shape[1])), np.cumsum(values * np.diff(bounds)[:, None], axis=0)))
    edges = np.linspace(0.0, end, columns + 1)
    # The area up to each edge: the whole samples before it and the part of the one it falls in.
    k = np.clip(np.searchsorted(bounds, edges, side="right") - 1, 0, len(time) - 1)
    at_edges = area[k] + values[k] * (edges - bounds[k])[:, None]
    return np.diff(at_edges, axis=0) / np.diff(edges)[:, None]


def _heatmap(fig, ax, trace, percent, title, scale, unit):
    """One row per cluster (in the trace's order), time across, colour the % of the cluster's processors."""
    names = trace.cluster_names
    end = trace.util_time[-1]
    grid = column_averages(trace.util_time, percent, end, HEATMAP_COLUMNS).T
    image = ax.imshow(grid, aspect="auto", interpolation="nearest", cmap="viridis", vmin=0, vmax=100,
                      extent=(0, end / scale, len(names), 0))
    ax.set_title(title)
    ax.set_xlabel(f"time ({unit})")
    ax.set_ylabel("cluster (trace order)")
    ticks = np.unique(np.linspace(0, len(names) - 1, min(len(names), 11)).round().astype(int))
    ax.set_yticks(ticks + 0.5, [names[i] for i in ticks], fontsize=7)
    ax.grid(False)
    fig.colorbar(image, ax=ax, label="utilization (%)", pad=0.01)


def _one_trace_heatmaps(trace, title, levels, scale, unit):
    names = trace.cluster_names
    fig = plt.figure(figsize=(12.6, 12.0), layout="constrained")
    rows = fig.add_gridspec(3, 1, height_ratios=(1.0, 1.6, 1.6))
    ax = fig.add_subplot(rows[0])
    _system_panel(ax, trace, levels, scale, unit)
    if trace.util_time.size == 0:
        for row in (1, 2):
            empty = fig.add_subplot(rows[row])
            empty.text(0.5, 0.5, "no utilization samples", ha="center", va="center", transform=empty.transAxes)
    else:
        grid = 100.0 * trace.grid_busy / trace.processors
        total = 100.0 * (trace.grid_busy + trace.background_busy) / trace.processors
        _heatmap(fig, fig.add_subplot(rows[1]), trace, grid,
                 f"grid load of each of the {len(names)} clusters (% of its processors)", scale, unit)
        _heatmap(fig, fig.add_subplot(rows[2]), trace, total,
                 f"total utilization of each of the {len(names)} clusters (% of its processors)", scale, unit)
    fig.suptitle(figure_title("Utilization over time", [trace], title or f"{trace.name} ({trace.policy})"))
    return fig


def _system_panel(ax, trace, levels, scale, unit):
    _panel(ax, trace.util_time, trace.background_busy.sum(axis=1), trace.grid_busy.sum(axis=1),
           trace.processors.sum(), f"system ({trace.processors.sum():.0f} processors): grid "
           f"{100 * levels['grid']['system']:.1f}%, total {100 * levels['total']['system']:.1f}% on average", scale)
    ax.set_ylabel("utilization (%)")
    ax.set_xlabel(f"time ({unit})")
    if trace.util_time.size:
        outside_legend(ax)


def _one_trace(trace, title):
    names = trace.cluster_names
    scale, unit = time_unit(trace.end_time)
    levels = {k: metrics.utilization(trace, k) for k in ("grid", "background", "total")}
    if len(names) > MAX_CLUSTER_PANELS:
        return _one_trace_heatmaps(trace, title, levels, scale, unit)
    n_cols = min(len(names), 3)
    n_rows = 1 + -(-len(names) // n_cols)
    fig = plt.figure(figsize=(4.2 * n_cols, 2.6 * n_rows + 0.6), layout="constrained")
    grid = fig.add_gridspec(n_rows, n_cols)
    _system_panel(fig.add_subplot(grid[0, :]), trace, levels, scale, unit)
    for i, name in enumerate(names):
        ax = fig.add_subplot(grid[1 + i // n_cols, i % n_cols])
        _panel(ax, trace.util_time, trace.background_busy[:, i], trace.grid_busy[:, i], trace.processors[i],
               f"{name} ({trace.processors[i]:.0f} processors): grid {100 * levels['grid'][name]:.1f}%", scale)
        ax.set_xlabel(f"time ({unit})")
        ax.set_ylabel("utilization (%)")
    fig.suptitle(figure_title("Utilization over time", [trace], title or f"{trace.name} ({trace.policy})"))
    return fig


def utilization_over_time(traces, title=None):
    """One figure per trace: system-wide panel and one panel per cluster, or, beyond MAX_CLUSTER_PANELS clusters, a heat
    map of each cluster's grid load and one of its total utilization over time."""
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
