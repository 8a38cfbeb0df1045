"""The DCS experiments (thesis Ch. 6): per-seed metrics aggregated over replications, the table beside
the published values, the targets of issue 5, and the utilization figure of one run (figs 6.2-6.6)."""

import math
import statistics

import numpy as np

from . import metrics

# Columns of the thesis tables, in order.
COLUMNS = ("response_mean", "response_sd", "runtime_mean", "runtime_sd", "overhead_mean", "overhead_sd")
TOLERANCE = 0.25
PUBLISHED_ORDER = ("exp3", "exp1", "exp2", "exp5", "exp4")  # increasing mean response time
MAX_CONCURRENT = {"exp1": 7, "exp2": 5}


def batch_window(trace):
    """(first submission, end of the run): the experiment proper, after the background's warm-up."""
    jobs = trace.jobs
    start = float(np.min(jobs["submit_time"])) if jobs.size else 0.0
    return start, float(trace.end_time)


def window_loads(trace, t0, t1):
    """Time-weighted mean busy processors in [t0, t1] (grid, background) over the clusters of the run,
    as fractions of their processors. Sample i holds over (time[i-1], time[i]]."""
    time = np.asarray(trace.util_time, dtype=float)
    if time.size == 0 or t1 <= t0:
        return math.nan, math.nan
    lo = np.concatenate(([0.0], time[:-1]))
    overlap = np.clip(np.minimum(time, t1) - np.maximum(lo, t0), 0.0, None)
    total = overlap.sum()
    capacity = float(np.sum(trace.processors))
    if total <= 0 or capacity <= 0:
        return math.nan, math.nan
    grid = float(overlap @ trace.grid_busy.sum(axis=1)) / total / capacity
    background = float(overlap @ trace.background_busy.sum(axis=1)) / total / capacity
    return grid, background


def run_metrics(trace):
    """The table's metrics of one run, plus the largest number of DCS jobs at once and the loads."""
    m = metrics.compute_metrics(trace)
    out = {k: m[k] for k in COLUMNS}
    out["max_concurrent"] = m["max_concurrent"]
    out["n_completed"] = m["n_completed"]
    out["failures"] = int(np.sum(trace.jobs["submission_failures"]) + np.sum(trace.jobs["completion_failures"]))
    t0, t1 = batch_window(trace)
    out["makespan"] = t1 - t0
    out["load_dcs"], out["load_others"] = window_loads(trace, t0, t1)
    return out


def aggregate(runs):
    """Mean over replications of every metric; max_concurrent also as its list."""
    out = {}
    for key in runs[0]:
        values = [r[key] for r in runs]
        out[key] = statistics.fmean(values)
    out["max_concurrent_values"] = sorted(r["max_concurrent"] for r in runs)
    out["response_mean_min"] = min(r["response_mean"] for r in runs)
    out["response_mean_max"] = max(r["response_mean"] for r in runs)
    out["replications"] = len(runs)
    return out


def targets(simulated, published):
    """The checks of issue 5 as (description, passed, detail) rows. `simulated` and `published` map an
    experiment name to its metrics (simulated: aggregate(); published: the reference values)."""
    rows = []
    order = sorted(simulated, key=lambda e: simulated[e]["response_mean"])
    rows.append(("mean response times ordered exp 3 < 1 < 2 < 5 < 4", tuple(order) == PUBLISHED_ORDER,
                 " < ".join(order)))
    for name in sorted(published):
        sim, pub = simulated[name]["response_mean"], published[name]["response_mean"]
        dev = sim / pub - 1
        rows.append((f"{name} mean response within {TOLERANCE:.0%} of {pub}", abs(dev) <= TOLERANCE,
                     f"{sim:.1f} ({dev:+.0%})"))
    for name, limit in MAX_CONCURRENT.items():
        values = simulated[name]["max_concurrent_values"]
        within = sum(abs(v - limit) <= 1 for v in values)
        median = statistics.median(values)
        rows.append((f"{name} at most {limit} DCS jobs at once, within one job", abs(median - limit) <= 1,
                     f"median {median:g}, {within}/{len(values)} runs within one, values {values}"))
    return rows


def table(simulated, published):
    """Markdown: simulated (mean over replications) beside published, per experiment."""
    lines = ["| exp | | response avg (sd) | runtime avg (sd) | overhead avg (sd) | max DCS jobs at once |"
             " DCS / others' load |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for name in sorted(simulated):
        s, p = simulated[name], published.get(name, {})
        mc = p.get("max_concurrent")
        lines.append(f"| {name} | published | {p['response_mean']:.1f} ({p['response_sd']:.1f}) | "
                     f"{p['runtime_mean']:.1f} ({p['runtime_sd']:.1f}) | {p['overhead_mean']:.1f} "
                     f"({p['overhead_sd']:.1f}) | {f'{mc:g}' if mc is not None else '-'} | - |")
        lines.append(f"| | simulated | {s['response_mean']:.1f} ({s['response_sd']:.1f}) "
                     f"[{s['response_mean_min']:.0f}-{s['response_mean_max']:.0f}] | "
                     f"{s['runtime_mean']:.1f} ({s['runtime_sd']:.1f}) | {s['overhead_mean']:.1f} "
                     f"({s['overhead_sd']:.1f}) | {statistics.median(s['max_concurrent_values']):g} "
                     f"[{min(s['max_concurrent_values'])}-{max(s['max_concurrent_values'])}] | "
                     f"{100 * s['load_dcs']:.0f}% / {100 * s['load_others']:.0f}% |")
    return "\n".join(lines)


def utilization_figure(trace, title):
    """DCS load, others' load and the total over the batch, % of the clusters used (as figs 6.2-6.6)."""
    import matplotlib.pyplot as plt

    t0, t1 = batch_window(trace)
    time = np.asarray(trace.util_time, dtype=float)
    keep = (time > t0) & (time <= t1 + 1e-9)
    capacity = float(np.sum(trace.processors))
    # Sample i averages (time[i-1], time[i]]: the first kept one holds from the batch's start (x = 0) to its
    # end. Drawn with where="pre" from x = time[i] - t0, the first kept sample had no segment at all.
    x = np.concatenate(([0.0], time[keep] - t0)) if keep.any() else np.zeros(0)

    def steps(values):
        return np.concatenate((values, values[-1:])) if values.size else values

    grid = steps(100 * trace.grid_busy[keep].sum(axis=1) / capacity)
    others = steps(100 * trace.background_busy[keep].sum(axis=1) / capacity)
    fig, ax = plt.subplots(figsize=(7, 3.6), layout="constrained")
    ax.step(x, grid, where="post", color="tab:blue", label="DCS load")
    ax.step(x, others, where="post", color="tab:gray", label="others' load")
    ax.step(x, grid + others, where="post", color="black", linewidth=0.9, label="total load")
    ax.set_xlabel("time since the batch was submitted (s)")
    ax.set_ylabel(f"load (% of {capacity:.0f} processors)")
    ax.set_ylim(0, 105)
    ax.set_xlim(0, max(x[-1], 1.0) if x.size else 1.0)
    ax.legend(loc="upper right", fontsize="small")
    ax.set_title(title)
    return fig
