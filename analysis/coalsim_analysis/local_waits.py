"""Simulated versus recorded waits of a replayed log.

A replay (background ``model: replay`` with ``trace.local_jobs: true``) writes one /local_jobs row per local
job, with the job's number in the log (``trace_id``). The log itself records each job's wait (SWF field 3).
Matching the two by job number compares the simulated local scheduler with the one that really ran.
"""

from dataclasses import dataclass

import numpy as np

from .swf import swf_number, swf_records
from .trace import TraceFormatError


def recorded_waits(log_path):
    """{job number: recorded wait (s)} for the records of an SWF log (plain or gzip) that have a wait."""
    waits = {}
    for number, fields in swf_records(log_path, 3):
        wait = swf_number(log_path, number, fields, 2)
        if wait >= 0:
            waits[int(swf_number(log_path, number, fields, 0))] = wait
    return waits


@dataclass
class WaitComparison:
    jobs: int               # replayed jobs with a recorded wait
    simulated_mean: float
    simulated_median: float
    recorded_mean: float
    recorded_median: float


def compare_waits(local_jobs, recorded):
    """Compares the /local_jobs rows (a numpy structured array) with {job number: recorded wait}."""
    if local_jobs.dtype.names is None:  # a trace written before /local_jobs existed
        raise TraceFormatError("has no /local_jobs table (rerun with trace.local_jobs: true)")
    ids = local_jobs["trace_id"]
    keep = np.array([int(i) in recorded for i in ids], dtype=bool)
    if not keep.any():
        raise TraceFormatError("no replayed local job has a recorded wait in the log (is it the same log?)")
    simulated = local_jobs["wait_time"][keep]
    recorded_values = np.array([recorded[int(i)] for i in ids[keep]])
    return WaitComparison(int(keep.sum()), float(simulated.mean()), float(np.median(simulated)),
                          float(recorded_values.mean()), float(np.median(recorded_values)))
