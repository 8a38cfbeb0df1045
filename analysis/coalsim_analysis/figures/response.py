"""Response times: distribution (CDF) and per job in submission order."""

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator
import numpy as np

from .. import metrics
from .common import Skipped, figure_title, outside_legend


def response_cdf(traces, title=None):
    fig, ax = plt.subplots(figsize=(6.4, 4.0), layout="constrained")
    shown = 0
    for trace in traces:
        values = np.sort(metrics.completed(trace.jobs)["response_time"])
        if values.size == 0:
            continue
        fraction = np.arange(1, values.size + 1) / values.size
        ax.step(np.concatenate(([0.0], values)), np.concatenate(([0.0], fraction)), where="post",
                label=f"{trace.label}: mean {values.mean():.0f} s, n={values.size}")
        shown += 1
    if not shown:
        plt.close(fig)
        raise Skipped("no completed jobs")
    ax.set_xlabel("response time (s)")
    ax.set_ylabel("fraction of completed jobs")
    ax.set_ylim(0, 1.02)
    ax.set_xlim(left=0)
    ax.legend(loc="lower right")
    ax.set_title(figure_title("Response time CDF", traces, title))
    return [("response_cdf", fig)]


def response_by_job(traces, title=None):
    """Response time of each completed job against its submission order, split into wait and the rest."""
    fig, ax = plt.subplots(figsize=(10, 4.0), layout="constrained")
    shown = 0
    for trace in traces:
        done = np.sort(metrics.completed(trace.jobs), order="id")
        if done.size == 0:
            continue
        line, = ax.plot(done["id"], done["response_time"], marker="o", markersize=3, linewidth=0.8,
                        label=f"{trace.label}: response")
        ax.plot(done["id"], done["wait_time"], linestyle=":", linewidth=0.9, color=line.get_color(),
                label=f"{trace.label}: wait (submission to start)")
        shown += 1
    if not shown:
        plt.close(fig)
        raise Skipped("no completed jobs")
    ax.set_xlabel("job (in order of submission)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # job numbers, never 0.25
    ax.set_ylabel("time (s)")
    ax.set_ylim(bottom=0)
    outside_legend(ax)
    ax.set_title(figure_title("Response time per job", traces, title))
    return [("response_by_job", fig)]
