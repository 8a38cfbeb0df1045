"""Metrics computed from the trace tables.

Conventions (stated once, used everywhere):
- Per-job statistics (response, wait, runtime, overhead, placement time, file transfer time, job
  spread, co-allocation) are over *completed* jobs (status 0), like the published tables.
- Standard deviations are sample standard deviations (n - 1 in the denominator); NaN for fewer
  than two jobs. Means of an empty set are NaN.
- Utilization is a fraction of processors (0..1) integrated over [0, end_time].
- Shares are fractions (0..1), not percentages.
"""

import math

import numpy as np

from .trace import COMPLETED, FAILED, REJECTED, UNFINISHED, PRIORITY_NAMES, text
from . import shapes
from .economy import economy_metrics
from .energy import energy_metrics


def completed(jobs: np.ndarray) -> np.ndarray:
    return jobs[jobs["status"] == COMPLETED]


def mean(values) -> float:
    values = np.asarray(values, dtype=float)
    return float(values.mean()) if values.size else math.nan


def sd(values) -> float:
    values = np.asarray(values, dtype=float)
    return float(values.std(ddof=1)) if values.size > 1 else math.nan


def placement_times(jobs: np.ndarray) -> np.ndarray:
    """Time from arrival to the successful placement decision; for KOALA jobs, which may be placed
    several times, the total placement time (the sum of all placement times, Mohamed and Epema 2008 Section 6.1)."""
    first = jobs["placement_time"] - jobs["submit_time"]
    if "total_placement_time" not in (jobs.dtype.names or ()):
        return first
    total = jobs["total_placement_time"].astype(float)
    return np.where(np.isfinite(total), total, first)


def job_column(jobs: np.ndarray, name: str) -> np.ndarray:
    """A per-job quantity by metric name: a /jobs field, or 'placement' (derived). NaN for a KOALA
    field that an older trace lacks."""
    if name == "placement":
        return placement_times(jobs)
    if name not in (jobs.dtype.names or ()):
        return np.full(jobs.shape, np.nan)
    return jobs[name].astype(float)


# ---------------------------------------------------------------- utilization

def interval_durations(time: np.ndarray, end_time: float) -> np.ndarray:
    """Length of each sample interval clipped to [0, end_time]; sample i covers (time[i-1], time[i]]."""
    clipped = np.minimum(np.asarray(time, dtype=float), end_time)
    return np.diff(np.concatenate(([0.0], clipped))).clip(min=0.0)


def busy_integral(time, busy, end_time) -> np.ndarray:
    """Processor-seconds per cluster over [0, end_time] from interval-averaged busy counts."""
    return interval_durations(time, end_time) @ np.asarray(busy, dtype=float)


def utilization(trace, kind: str) -> dict:
    """Utilization fraction over [0, end_time]: per cluster name and 'system'.

    kind is 'grid', 'background' or 'total'.
    """
    end = trace.end_time
    grid = busy_integral(trace.util_time, trace.grid_busy, end)
    background = busy_integral(trace.util_time, trace.background_busy, end)
    busy = {"grid": grid, "background": background, "total": grid + background}[kind]
    capacity = trace.processors * end
    result = {name: float(b / c) if c > 0 else math.nan
              for name, b, c in zip(trace.cluster_names, busy, capacity)}
    result["system"] = float(busy.sum() / capacity.sum()) if capacity.sum() > 0 else math.nan
    return result


def system_load_series(trace, kind: str) -> np.ndarray:
    """Per-sample system-wide busy fraction ('grid', 'background' or 'total')."""
    series = {"grid": trace.grid_busy, "background": trace.background_busy,
              "total": trace.grid_busy + trace.background_busy}[kind]
    return series.sum(axis=1) / trace.processors.sum()


# ---------------------------------------------------------------- concurrency and queues

def max_concurrent(jobs: np.ndarray, end_time: float) -> int:
    """Most grid jobs running at once (start <= t < end). Jobs never ended run until end_time."""
    started = jobs[np.isfinite(jobs["start_time"])]
    if started.size == 0:
        return 0
    ends = np.where(np.isfinite(started["end_time"]), started["end_time"], end_time)
    # At equal times ends (-1) sort before starts (+1): a job ending at t frees room for one starting at t.
    events = sorted([(t, -1) for t in ends] + [(t, +1) for t in started["start_time"]])
    running = peak = 0
    for _, step in events:
        running += step
        peak = max(peak, running)
    return peak


def queue_mean(trace) -> float:
    """Time-averaged placement-queue length over [0, end_time]."""
    durations = interval_durations(trace.queue_time, trace.end_time)
    total = durations.sum()
    return float(durations @ trace.queue_length / total) if total > 0 else math.nan


# ---------------------------------------------------------------- failures

def failures_per_job(jobs: np.ndarray) -> np.ndarray:
    """Failed attempts of each job: failed claims (submission) plus failed runs (completion)."""
    return jobs["submission_failures"].astype(float) + jobs["completion_failures"].astype(float)


def _share_of_attempts(failures: np.ndarray, jobs: np.ndarray) -> float:
    """Failed attempts over all attempts: a completed job made one more attempt, which succeeded."""
    attempts = failures + (jobs["status"] == COMPLETED)
    return float(failures.sum() / attempts.sum()) if attempts.sum() > 0 else math.nan


def failure_share(jobs: np.ndarray) -> float:
    """Failed claims and runs as a fraction of all submissions for execution (the DCS's failures)."""
    return _share_of_attempts(failures_per_job(jobs), jobs)


def run_failure_share(jobs: np.ndarray) -> float:
    """Failed runs as a fraction of the placements that started the job (KOALA fig. 12a).

    The paper's failure is a local resource manager failing to execute a component of a started job, and
    its share is taken over the placements "that resulted in the job being submitted for execution": a
    claim that fails before the job starts (KOALA: the JST came with components unclaimed) is neither.
    Under host or cluster failures the failed runs also count a component hit after its claim but before
    the start, and a file copy failed by an outage (`completion_failures`); the Section 8 model has neither.
    """
    return _share_of_attempts(jobs["completion_failures"].astype(float), jobs)


def has_failures(trace) -> bool:
    return trace.failures.size > 0 or bool(failures_per_job(trace.jobs).sum() > 0)


# ---------------------------------------------------------------- summary

SUMMARY_COLUMNS = {  # metric prefix -> per-job quantity
    "response": "response_time",
    "wait": "wait_time",
    "runtime": "runtime",
    "overhead": "overhead",
    "placement": "placement",
    "ftt": "file_transfer_time",
    "start_delay": "start_delay",  # KOALA: last JST minus first JST
    "pgt": "pgt",                  # KOALA: processor gained time (processor-seconds)
    "pwt": "pwt",                  # KOALA: processor wasted time (processor-seconds)
}


def job_statistics(jobs: np.ndarray, suffix: str = "") -> dict:
    """Means and sds of the per-job quantities, spread and co-allocation share of completed jobs."""
    done = completed(jobs)
    result = {}
    for prefix, column in SUMMARY_COLUMNS.items():
        values = job_column(done, column)
        result[f"{prefix}_mean{suffix}"] = mean(values)
        result[f"{prefix}_sd{suffix}"] = sd(values)
    result[f"spread_mean{suffix}"] = mean(done["job_spread"])
    result[f"coallocated_share{suffix}"] = mean(done["coallocated"])
    result[f"failure_share{suffix}"] = failure_share(jobs)
    result[f"run_failure_share{suffix}"] = run_failure_share(jobs)
    result[f"n_jobs{suffix}"] = int(jobs.size)
    result[f"n_completed{suffix}"] = int(done.size)
    return result


def count_metrics(trace) -> dict:
    status = trace.jobs["status"]
    submits = trace.jobs["submit_time"]
    last_submit = float(submits.max()) if submits.size else math.nan
    kinds = trace.failures["kind"]
    return {
        "n_failed": int((status == FAILED).sum()),
        "n_rejected": int((status == REJECTED).sum()),
        "n_unfinished": int((status == UNFINISHED).sum()),
        "end_time": trace.end_time,
        "last_submit": last_submit,
        "drain_time": trace.end_time - last_submit,
        "max_concurrent": max_concurrent(trace.jobs, trace.end_time),
        "queue_mean": queue_mean(trace),
        "queue_max": float(trace.queue_length.max()) if trace.queue_length.size else math.nan,
        "failures_claim": int(sum(text(k) == "claim" for k in kinds)),
        "failures_drop": int(sum(text(k) == "drop" for k in kinds)),
        "placement_tries_mean": mean(completed(trace.jobs)["placement_tries"]),
        **message_metrics(trace),
    }


def message_metrics(trace) -> dict:
    """Messages between sites' schedulers (/messages) and migrations, per grid job of the run; 0 for runs of a
    central scheduler, which send none."""
    jobs = max(int(trace.jobs.size), 1)
    messages = trace.messages if trace.messages is not None else np.zeros(0)
    migrations = trace.migrations if trace.migrations is not None else np.zeros(0)
    return {
        "messages_per_job": messages.size / jobs,
        "message_bytes_per_job": float(messages["bytes"].sum()) / jobs if messages.size else 0.0,
        "migrations_per_job": migrations.size / jobs,
    }


def utilization_metrics(trace) -> dict:
    result = {}
    for kind in ("grid", "background", "total"):
        levels = utilization(trace, kind)
        result[f"util_{kind}"] = levels.pop("system")
        for cluster, value in levels.items():
            result[f"util_{kind}_{cluster}"] = value
        series = system_load_series(trace, kind)
        result[f"util_{kind}_peak"] = float(series.max()) if series.size else math.nan
    return result


def compute_metrics(trace) -> dict:
    """Every scalar metric of one trace, by name (the names the reference files use)."""
    result = job_statistics(trace.jobs)
    result.update(count_metrics(trace))
    result.update(utilization_metrics(trace))
    for shape, rows in shapes.group_by_shape(trace.jobs).items():
        result.update(job_statistics(rows, suffix=f"_{shape}"))
    for code, name in PRIORITY_NAMES.items():
        rows = trace.jobs[trace.jobs["priority"] == code]
        if rows.size:
            result.update(job_statistics(rows, suffix=f"_{name}"))
    result.update(economy_metrics(trace))
    result.update(energy_metrics(trace))
    return result
