"""Shared figure helpers: Agg backend, time units, grouped bars, saving."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
import numpy as np  # noqa: E402

plt.rcParams.update({"figure.dpi": 100, "savefig.dpi": 120, "axes.grid": True, "grid.alpha": 0.3,
                     "axes.titlesize": 11, "legend.fontsize": 9,
                     "svg.hashsalt": "coalsim"})  # SVG ids from the content, not random: same traces, same file

# No creation date in the files: the same traces give byte-identical figures.
METADATA = {"pdf": {"CreationDate": None}, "svg": {"Date": None}}


class Skipped(Exception):
    """This figure kind has nothing to show for these traces; the message says why."""


def time_unit(end_time: float):
    """(divisor, label) so that the time axis reads in s, min or h."""
    if end_time > 3 * 3600:
        return 3600.0, "h"
    if end_time > 1800:
        return 60.0, "min"
    return 1.0, "s"


def interval_steps(time, values):
    """Interval averages as a step curve for `where="post"`: sample i, stamped at the end time[i] of its
    interval, holds over (time[i-1], time[i]] (the first from 0). No samples: empty arrays."""
    time, values = np.asarray(time, dtype=float), np.asarray(values, dtype=float)
    if time.size == 0:
        return time, values
    return np.concatenate(([0.0], time)), np.concatenate((values, values[-1:]))


def figure_title(what: str, traces, title: str | None) -> str:
    """'<what>: <experiment> (policy)' or, for several traces, the experiments and their policies."""
    if title:
        return f"{what}: {title}"
    return f"{what}: " + ", ".join(t.label for t in traces)


def value_text(value: float) -> str:
    """Bar annotation: three significant digits, no exponent for the usual ranges."""
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"


def outside_legend(ax):
    """Legend to the right of the axes, so it never hides a bar or a line."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)


def grouped_bars(ax, groups, series, ylabel, colors=None):
    """Bars per group (x) with one bar per series; series is [(label, [value per group])].

    Missing values (NaN) leave a gap. Each bar carries its value so it reads at a glance.
    """
    n = max(len(series), 1)
    width = 0.8 / n
    x = np.arange(len(groups))
    for i, (label, values) in enumerate(series):
        values = np.asarray(values, dtype=float)
        bars = ax.bar(x - 0.4 + width * (i + 0.5), np.nan_to_num(values), width, label=label,
                      color=colors[i] if colors else None)
        for bar, value in zip(bars, values):
            if np.isfinite(value):
                ax.annotate(value_text(value), (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                            ha="center", va="bottom", fontsize=7, xytext=(0, 1), textcoords="offset points")
    ax.set_xticks(x, groups)
    ax.set_ylabel(ylabel)
    ax.margins(y=0.12)
    ax.grid(axis="x", visible=False)


def save(fig, out_dir, stem, formats):
    """Write the figure in each format; return the paths written."""
    paths = []
    for fmt in formats:
        path = out_dir / f"{stem}.{fmt}"
        fig.savefig(path, bbox_inches="tight", metadata=METADATA.get(fmt))
        paths.append(path)
    plt.close(fig)
    return paths
