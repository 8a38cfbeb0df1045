#!/usr/bin/python3
"""Write synthetic traces in the documented layout (docs/trace-format.md).

Two kinds:
- `write_small_trace(path)`: a tiny trace whose metrics are computed by hand in the unit tests
  (the expected values are in SMALL_EXPECTED below, derived in the comments).
- `write_random_trace(path, ...)`: a plausible 5-cluster DAS-2 run, internally consistent (the
  utilization series are integrated from the job components, the cores each held are in /allocations), for
  developing the figures.
- `write_lane_trace(path, n_jobs)`: a large schedule (/allocations only) for the Gantt chart's benchmark.
- `write_gantt_trace(path)`: a tiny hand-made schedule (/allocations, /shares, outages, host failures) whose
  Gantt chart the tests check rectangle by rectangle (GANTT_EXPECTED).

Usage: make_synthetic_trace.py OUT.h5 [--jobs N] [--seed S] [--policy P] [--failures] [--small | --gantt | --lanes]
"""

import argparse
import math

import h5py
import numpy as np

CLUSTER_DTYPE = np.dtype([("index", "<i4"), ("name", "S32"), ("site", "S32"), ("processors", "<i4")])
JOB_DTYPE = np.dtype([
    ("id", "<i8"), ("request_type", "i1"), ("priority", "i1"), ("status", "i1"),
    ("n_components", "<i4"), ("processors", "<i4"), ("n_clusters", "<i4"), ("clusters", "S48"),
    ("job_spread", "<f8"), ("coallocated", "i1"), ("submit_time", "<f8"), ("placement_time", "<f8"),
    ("start_time", "<f8"), ("end_time", "<f8"), ("completion_time", "<f8"), ("response_time", "<f8"),
    ("wait_time", "<f8"), ("runtime", "<f8"), ("overhead", "<f8"), ("file_transfer_time", "<f8"),
    ("file_size", "<f8"), ("placement_tries", "<i4"), ("submission_failures", "<i4"),
    ("completion_failures", "<i4")])
COMPONENT_DTYPE = np.dtype([("job_id", "<i8"), ("index", "<i4"), ("cluster", "<i4"), ("processors", "<i4"),
                            ("file_site", "<i4"), ("transfer_time", "<f8"), ("host", "<i4"), ("cpu_work", "<f8")])
FAILURE_DTYPE = np.dtype([("time", "<f8"), ("job_id", "<i8"), ("cluster", "<i4"), ("kind", "S16")])
HOST_FAILURE_DTYPE = np.dtype(FAILURE_DTYPE.descr + [("host", "S32")])
ALLOCATION_DTYPE = np.dtype([("owner", "i1"), ("job_id", "<i8"), ("component", "<i4"), ("placement", "<i4"),
                             ("cluster", "<i4"), ("host", "<i4"), ("first_core", "<i4"), ("cores", "<i4"),
                             ("claimed_at", "<f8"), ("started_at", "<f8"), ("released_at", "<f8"),
                             ("outcome", "i1")])
SHARE_DTYPE = np.dtype([("time", "<f8"), ("cluster", "<i4"), ("host", "<i4"), ("taken", "<f8"),
                        ("components", "<i4"), ("job_id", "<i8"), ("component", "<i4"), ("share", "<f8")])
HOST_DTYPE = np.dtype([("cluster", "<i4"), ("index", "<i4"), ("name", "S32"), ("cores", "<i4")])
LOCAL_JOB_DTYPE = np.dtype([("trace_id", "<i8"), ("cluster", "<i4"), ("processors", "<i4"), ("submit_time", "<f8"),
                            ("start_time", "<f8"), ("end_time", "<f8"), ("wait_time", "<f8"), ("estimate", "<f8"),
                            ("id", "<i8")])
NAN = math.nan


def write_trace(path, *, attrs, clusters, jobs, components, failures, util_time, grid_busy,
                background_busy, interval, queue_length, held=None, gained=None, allocations=None, shares=None,
                local_jobs=None, hosts=None):
    """Write the file exactly as documented. Table arguments are lists of tuples in field order (failures with
    a sixth field, the host, when any row has one); the optional tables only when given."""
    with h5py.File(path, "w", track_order=False) as h5:
        for key, value in attrs.items():
            h5.attrs[key] = value
        h5.create_dataset("clusters", data=np.array(clusters, dtype=CLUSTER_DTYPE))
        h5.create_dataset("jobs", data=np.array(jobs, dtype=JOB_DTYPE))
        # Components on whole processors: no host, no CPU work (the last two fields) unless a row gives them.
        components = [tuple(c) + (-1, NAN) if len(c) == 6 else tuple(c) for c in components]
        h5.create_dataset("components", data=np.array(components, dtype=COMPONENT_DTYPE))
        with_host = any(len(f) > 4 for f in failures)
        h5.create_dataset("failures", data=np.array([tuple(f) + (b"",) * (5 - len(f)) if with_host else f
                                                     for f in failures],
                                                    dtype=HOST_FAILURE_DTYPE if with_host else FAILURE_DTYPE))
        if allocations is not None:
            h5.create_dataset("allocations", data=np.array(allocations, dtype=ALLOCATION_DTYPE))
        if shares is not None:
            h5.create_dataset("shares", data=np.array(shares, dtype=SHARE_DTYPE))
        if local_jobs is not None:
            h5.create_dataset("local_jobs", data=np.array(local_jobs, dtype=LOCAL_JOB_DTYPE))
        if hosts is not None:
            h5.create_dataset("hosts", data=np.array(hosts, dtype=HOST_DTYPE))
        util = h5.create_group("utilization")
        util.attrs["interval"] = np.float64(interval)
        util.create_dataset("time", data=np.asarray(util_time, dtype="<f8"))
        util.create_dataset("grid_busy", data=np.asarray(grid_busy, dtype="<f8").reshape(len(util_time), -1))
        util.create_dataset("background_busy",
                            data=np.asarray(background_busy, dtype="<f8").reshape(len(util_time), -1))
        if held is not None:  # optional KOALA claiming series
            util.create_dataset("held", data=np.asarray(held, dtype="<f8"))
            util.create_dataset("gained", data=np.asarray(gained, dtype="<f8"))
        queues = h5.create_group("queues")
        queues.create_dataset("time", data=np.asarray(util_time, dtype="<f8"))
        queues.create_dataset("length", data=np.asarray(queue_length, dtype="<f8"))


def root_attrs(policy, seed, clusters, end_time):
    return {"simulator": "coalsim", "simulator_version": "synthetic", "policy": policy,
            "seed": np.int64(seed), "platform": "synthetic.xml", "clusters": ",".join(clusters),
            "runtime_model": "delay", "end_time": np.float64(end_time),
            "config": f"policy: {policy}\nseed: {seed}\n"}


def job_row(job_id, *, status, n_components, processors, clusters, submit, placement=NAN, start=NAN,
            end=NAN, completion=NAN, overhead=0.0, ftt=0.0, file_size=0.0, priority=1, request_type=1,
            tries=0, submission_failures=0, completion_failures=0):
    names = list(dict.fromkeys(clusters))
    n_clusters = len(names)
    spread = n_clusters / n_components if n_components else NAN
    return (job_id, request_type, priority, status, n_components, processors, n_clusters,
            "+".join(names).encode(), spread, int(n_clusters > 1), submit, placement, start, end,
            completion, completion - submit, start - submit, end - start, overhead, ftt, file_size,
            tries, submission_failures, completion_failures)


# ------------------------------------------------------------------ the hand-computed trace
#
# Clusters: fsA 8 processors, fsB 4 processors (12 in all). Samples end at 10, 20, 30, 35
# (interval 10 s, the last one covers 5 s), end_time 35.
#   grid_busy       fsA: 4, 4, 8, 0   fsB: 0, 2, 2, 0
#   background_busy fsA: 2, 0, 0, 0   fsB: 2, 2, 0, 4
# Grid processor-seconds: fsA 40+40+80+0 = 160, fsB 0+20+20+0 = 40 -> system 200.
# Background: fsA 20, fsB 20+20+0+20 = 60 -> system 80.
# Capacity: fsA 8*35 = 280, fsB 4*35 = 140, system 420.
# Jobs (completion order, then failed/rejected by id):
#   0: 2x2 on fsA+fsB, submit 0, placed 1, start 2, end 12, done 13, overhead 3, ftt 0.5
#   1: 1x4 on fsA,     submit 0, placed 5, start 6, end 26, done 27, overhead 2, ftt 0
#   2: 2x4 on fsA+fsA, submit 5, placed 15, start 20, end 30, done 31, overhead 1, ftt 4; an earlier run
#      failed on fsA at 17 (one completion failure)
#   3: 2x2, failed: claim failure at 8 on fsB, dropped at 25
#   4: 1x4, rejected
# Running intervals [2,12), [6,26), [20,30) -> at most 2 at once.
# Queue length 1, 2, 0, 0 -> time average (10 + 20) / 35.

SMALL_EXPECTED = {
    "util_grid_fsA": 160 / 280, "util_grid_fsB": 40 / 140, "util_grid": 200 / 420,
    "util_background_fsA": 20 / 280, "util_background_fsB": 60 / 140, "util_background": 80 / 420,
    "util_total": 280 / 420,
    "util_grid_peak": 10 / 12,  # third sample: 8 + 2 of 12
    "response_mean": (13 + 27 + 26) / 3,
    "response_sd": float(np.std([13, 27, 26], ddof=1)),
    "wait_mean": (2 + 6 + 15) / 3,
    "runtime_mean": (10 + 20 + 10) / 3,
    "overhead_mean": 2.0,
    "placement_mean": (1 + 5 + 10) / 3,
    "ftt_mean": 4.5 / 3,
    "spread_mean": (1.0 + 1.0 + 0.5) / 3,
    "coallocated_share": 1 / 3,
    "max_concurrent": 2,
    "queue_mean": 30 / 35,
    "queue_max": 2.0,
    "n_jobs": 5, "n_completed": 3, "n_failed": 1, "n_rejected": 1, "n_unfinished": 0,
    "failures_claim": 1, "failures_drop": 1,
    "failure_share": 2 / 5,  # job 3: 1 failed claim, job 2: 1 failed run; submissions 3 (completed) + 2
    "run_failure_share": 1 / 4,  # job 2's failed run; runs 3 (completed) + 1 (job 3 never ran)
    "run_failure_share_2x4": 1 / 2, "run_failure_share_2x2": 0.0,
    "end_time": 35.0, "last_submit": 20.0, "drain_time": 15.0,
    "placement_mean_2x2": 1.0, "placement_mean_1x4": 5.0, "placement_mean_2x4": 10.0,
    "n_jobs_2x2": 2, "n_completed_2x2": 1, "failure_share_2x2": 1 / 2,
    "spread_mean_2x4": 0.5,
}


def write_small_trace(path, policy="wf"):
    clusters = [(0, b"fsA", b"siteA", 8), (1, b"fsB", b"siteB", 4)]
    jobs = [
        job_row(0, status=0, n_components=2, processors=4, clusters=["fsA", "fsB"], submit=0, placement=1,
                start=2, end=12, completion=13, overhead=3, ftt=0.5, file_size=1e9),
        job_row(1, status=0, n_components=1, processors=4, clusters=["fsA"], submit=0, placement=5, start=6,
                end=26, completion=27, overhead=2, tries=2),
        job_row(2, status=0, n_components=2, processors=8, clusters=["fsA", "fsA"], submit=5, placement=15,
                start=20, end=30, completion=31, overhead=1, ftt=4.0, file_size=2e9, priority=2,
                completion_failures=1),
        job_row(3, status=1, n_components=2, processors=4, clusters=[], submit=10, submission_failures=1),
        job_row(4, status=2, n_components=1, processors=4, clusters=[], submit=20),
    ]
    jobs[3] = jobs[3][:6] + (0, b"", NAN, 0) + jobs[3][10:]
    jobs[4] = jobs[4][:6] + (0, b"", NAN, 0) + jobs[4][10:]
    components = [(0, 0, 0, 2, 1, 0.5), (0, 1, 1, 2, 1, 0.0), (1, 0, 0, 4, -1, 0.0),
                  (2, 0, 0, 4, 1, 4.0), (2, 1, 0, 4, 1, 4.0)]
    failures = [(8.0, 3, 1, b"claim"), (17.0, 2, 0, b"component"), (25.0, 3, -1, b"drop")]
    write_trace(path, attrs=root_attrs(policy, 7, ["fsA", "fsB"], 35.0), clusters=clusters, jobs=jobs,
                components=components, failures=failures, util_time=[10, 20, 30, 35],
                grid_busy=[[4, 0], [4, 2], [8, 2], [0, 0]], background_busy=[[2, 2], [0, 2], [0, 0], [0, 4]],
                interval=10.0, queue_length=[1, 2, 0, 0], held=[0, 2, 0, 0], gained=[4, 0, 0, 0])


# ------------------------------------------------------------------ a plausible DAS-2 run

DAS2 = [("fs0", "vu", 144), ("fs1", "leiden", 64), ("fs2", "uva", 64), ("fs3", "delft", 64), ("fs4", "utrecht", 64)]


def _place(rng, free, n_components, size):
    """Worst-fit on the current free processors; None when a component does not fit."""
    free = free.copy()
    chosen = []
    for _ in range(n_components):
        best = int(np.argmax(free + rng.uniform(0, 0.5, free.size)))
        if free[best] < size:
            return None
        free[best] -= size
        chosen.append(best)
    return chosen


def _simulate_jobs(rng, n_jobs, capacity, failures):
    """A crude time-stepped grid scheduler (FCFS, 5-s steps) producing consistent job records."""
    free = capacity.astype(float) * 0.65  # the rest is background load
    arrivals = np.cumsum(rng.exponential(40.0, n_jobs))
    shapes = [(rng.choice([1, 2, 4]), rng.choice([8, 16])) for _ in range(n_jobs)]
    queue, running, rows, comps, fails, allocs = [], [], [], [], [], []
    busy_until = [np.zeros(int(c)) for c in capacity]  # per core; first fit, 2 cores per host
    t, next_job, step = 0.0, 0, 5.0
    while len(rows) < n_jobs:
        while next_job < n_jobs and arrivals[next_job] <= t:
            queue.append(next_job)
            next_job += 1
        for job in [r for r in running if r[1] <= t]:
            running.remove(job)
            for c in job[2]:
                free[c] += job[3]
        waiting = []
        for j in queue:
            n, size = shapes[j]
            chosen = _place(rng, free, n, size)
            if chosen is None or (waiting and rng.random() < 0.5):
                waiting.append(j)
                continue
            sub_fail = int(failures and rng.random() < 0.1 * n)
            if sub_fail:
                fails.append((t, j, chosen[-1], b"claim"))
            ftt = rng.uniform(0, 60) if len(set(chosen)) > 1 else rng.uniform(0, 20)
            start = t + 2 + ftt
            end = start + rng.uniform(90, 192)
            for c in chosen:
                free[c] -= size
            running.append((j, end, chosen, size))
            names = [DAS2[c][0] for c in chosen]
            rows.append(job_row(j, status=0, n_components=n, processors=n * size, clusters=names,
                                submit=arrivals[j], placement=t, start=start, end=end, completion=end + 3,
                                overhead=5.0, ftt=ftt, file_size=2e9, priority=int(rng.choice([1, 2])),
                                tries=int((t - arrivals[j]) // 60), submission_failures=sub_fail))
            comps += [(j, i, c, size, int(rng.integers(0, 5)), ftt) for i, c in enumerate(chosen)]
            for i, c in enumerate(chosen):
                cores = np.nonzero(busy_until[c] <= t)[0][:size]
                busy_until[c][cores] = end
                allocs += [(0, j, i, 1, c, host, first, n, t, start, end, 0) for host, first, n in _runs(cores, 2)]
        queue = waiting
        t += step
    return rows, comps, fails, allocs


def _runs(cores, per_host):
    """(host, first core, cores) of each run of consecutive cores on one host, for sorted core numbers."""
    runs = []
    for core in cores.tolist():
        host, first = divmod(core, per_host)
        if runs and runs[-1][0] == host and runs[-1][1] + runs[-1][2] == first:
            runs[-1][2] += 1
        else:
            runs.append([host, first, 1])
    return [tuple(r) for r in runs]


def write_random_trace(path, n_jobs=60, seed=1, policy="wf", failures=False, interval=30.0):
    rng = np.random.default_rng(seed)
    capacity = np.array([p for _, _, p in DAS2])
    rows, comps, fails, allocs = _simulate_jobs(rng, n_jobs, capacity, failures)
    rows.sort(key=lambda r: (r[14], r[0]))  # completion order, then id
    end_time = max(r[13] for r in rows)
    edges = np.arange(interval, end_time + interval, interval)
    edges[-1] = end_time
    starts = np.concatenate(([0.0], edges[:-1]))
    grid = np.zeros((edges.size, capacity.size))
    by_id = {r[0]: r for r in rows}
    for job_id, _, cluster, procs, _, _ in comps:
        s, e = by_id[job_id][12], by_id[job_id][13]
        overlap = (np.minimum(edges, e) - np.maximum(starts, s)).clip(min=0)
        grid[:, cluster] += procs * overlap / (edges - starts)
    background = capacity * (0.3 + 0.1 * np.sin(edges[:, None] / 600.0 + np.arange(capacity.size)))
    queue = np.array([sum(r[10] < e and r[11] >= e for r in rows) for e in edges], dtype=float)
    names = [n for n, _, _ in DAS2]
    write_trace(path, attrs=root_attrs(policy, seed, names, end_time),
                clusters=[(i, n.encode(), s.encode(), p) for i, (n, s, p) in enumerate(DAS2)],
                jobs=rows, components=comps, failures=sorted(fails), util_time=edges, grid_busy=grid,
                background_busy=background.round(), interval=interval, queue_length=queue,
                held=0.1 * grid.sum(axis=1), gained=0.2 * grid.sum(axis=1), allocations=allocs)


# ------------------------------------------------------------------ a hand-made schedule for the Gantt chart
#
# Clusters c0 and c1: 2 hosts of 2 cores (4 processors); c2: 1 host of 2 cores, time-shared. End 25 s.
# Rows of a cluster: host h core k is row 2h + k. Allocations (claimed, started, released):
#   job 0, co-allocated: component 0 on c0 host 0 cores 0-1, component 1 on c1 host 0 cores 0-1: 1, 2, 10
#   job 1: c0 host 1 cores 0-1: 3, 3, 8
#   job 2: attempt 1 on c1 host 1 cores 0-1 claimed at 4, never started, aborted at 6 (claim failed);
#          attempt 2 there: 12, 14, 20
#   job 3: attempt 1 on c0 host 1 core 0: 9, 9, failed at 11; attempt 2 there: 13, 13, 18
#   local job 0 on c0 host 0 cores 0-1: 11-16; band dummy job 1 on c1 host 0 cores 0-1: 12-19
# c2 host 0 shares (in cores): job 4 0.5 over [2, 8); job 5 1.0 over [5, 12) (stacked on job 4's until 8)
# /failures: c0 outage [20, 23); host c1-1 down [21, 24)
# With conflict=True the local job starts at 9 instead: one core of c0 host 0 held by it and job 0 over [9, 10).
# With hosts=True the trace has a /hosts table whose names do not end in the host's index (c1's host 1 is
# "node-c3"), and the host failure names it: only /hosts maps it to its rows.

GANTT_EXPECTED = {  # (x0, x1, y0, y1) per kind of rectangle per cluster, as drawn
    ("c0", "run"): [(2, 10, 0, 2), (3, 8, 2, 4), (13, 18, 2, 3)],
    ("c0", "held"): [(1, 2, 0, 2)],
    ("c0", "failed"): [(9, 11, 2, 3)],
    ("c0", "local"): [(11, 16, 0, 2)],
    ("c0", "down"): [(20, 23, 0, 4)],
    ("c1", "run"): [(2, 10, 0, 2), (14, 20, 2, 4)],
    ("c1", "held"): [(1, 2, 0, 2), (4, 6, 2, 4), (12, 14, 2, 4)],
    ("c1", "dummy"): [(12, 19, 0, 2)],
    ("c1", "down"): [(21, 24, 2, 4)],
    ("c2", "share"): [(2, 5, 0, 0.5), (5, 8, 0, 0.5), (5, 8, 0.5, 1.5), (8, 12, 0, 1.0)],
}


def write_gantt_trace(path, policy="koala", conflict=False, hosts=False):
    clusters = [(0, b"c0", b"site0", 4), (1, b"c1", b"site1", 4), (2, b"c2", b"site2", 2)]
    jobs = [
        job_row(0, status=0, n_components=2, processors=4, clusters=["c0", "c1"], submit=0, placement=1, start=2,
                end=10, completion=10),
        job_row(1, status=0, n_components=1, processors=2, clusters=["c0"], submit=0, placement=3, start=3, end=8,
                completion=8),
        job_row(2, status=0, n_components=1, processors=2, clusters=["c1"], submit=1, placement=12, start=14, end=20,
                completion=20, submission_failures=1),
        job_row(3, status=0, n_components=1, processors=1, clusters=["c0"], submit=5, placement=13, start=13, end=18,
                completion=18, completion_failures=1),
        job_row(4, status=0, n_components=1, processors=1, clusters=["c2"], submit=2, placement=2, start=2, end=8,
                completion=8),
        job_row(5, status=0, n_components=1, processors=1, clusters=["c2"], submit=4, placement=5, start=5, end=12,
                completion=12),
    ]
    components = [(0, 0, 0, 2, -1, 0.0), (0, 1, 1, 2, -1, 0.0), (1, 0, 0, 2, -1, 0.0), (2, 0, 1, 2, -1, 0.0),
                  (3, 0, 0, 1, -1, 0.0), (4, 0, 2, 1, -1, 0.0), (5, 0, 2, 1, -1, 0.0)]
    local_start = 9.0 if conflict else 11.0
    allocations = [
        (0, 0, 0, 1, 0, 0, 0, 2, 1, 2, 10, 0), (0, 0, 1, 1, 1, 0, 0, 2, 1, 2, 10, 0),
        (0, 1, 0, 1, 0, 1, 0, 2, 3, 3, 8, 0),
        (0, 2, 0, 1, 1, 1, 0, 2, 4, NAN, 6, 2), (0, 2, 0, 2, 1, 1, 0, 2, 12, 14, 20, 0),
        (0, 3, 0, 1, 0, 1, 0, 1, 9, 9, 11, 1), (0, 3, 0, 2, 0, 1, 0, 1, 13, 13, 18, 0),
        (1, 0, -1, -1, 0, 0, 0, 2, local_start, local_start, 16, 0),
        (2, 1, -1, -1, 1, 0, 0, 2, 12, 12, 19, 0),
    ]
    shares = [(2, 2, 0, 0.5, 1, 4, 0, 0.5), (5, 2, 0, 1.5, 2, 5, 0, 1.0), (8, 2, 0, 1.0, 1, 4, 0, 0.0),
              (12, 2, 0, 0.0, 0, 5, 0, 0.0)]
    local_jobs = [(-1, 0, 2, local_start, local_start, 16, 0, 5, 0), (-1, 1, 2, 12, 12, 19, 0, 7, 1)]
    down = b"node-c3" if hosts else b"c1-1"
    failures = [(6, 2, 1, b"claim", b""), (11, 3, 0, b"component", b""), (20, -1, 0, b"outage", b""),
                (21, -1, 1, b"host_down", down), (23, -1, 0, b"outage_end", b""), (24, -1, 1, b"host_up", down)]
    host_rows = [(0, 0, b"c0-0", 2), (0, 1, b"c0-1", 2), (1, 0, b"node-b7", 2), (1, 1, b"node-c3", 2), (2, 0, b"s-0", 2)]
    edges = np.array([5.0, 10, 15, 20, 25])
    grid, background = np.zeros((5, 3)), np.zeros((5, 3))
    for owner, _, _, _, cluster, _, _, cores, claimed, started, released, _ in allocations:
        begin = claimed if owner else started
        if math.isnan(begin):
            continue
        overlap = (np.minimum(edges, released) - np.maximum(edges - 5, begin)).clip(min=0) / 5
        (background if owner else grid)[:, cluster] += cores * overlap
    for time, job, share in ((2, 4, 0.5), (5, 5, 1.0)):
        end = 8 if job == 4 else 12
        grid[:, 2] += share * (np.minimum(edges, end) - np.maximum(edges - 5, time)).clip(min=0) / 5
    write_trace(path, attrs=root_attrs(policy, 1, ["c0", "c1", "c2"], 25.0), clusters=clusters, jobs=jobs,
                components=components, failures=failures, util_time=edges, grid_busy=grid,
                background_busy=background, interval=5.0, queue_length=[1, 1, 1, 0, 0], allocations=allocations,
                shares=shares, local_jobs=local_jobs, hosts=host_rows if hosts else None)


def write_lane_trace(out, jobs, seed=1):
    """A schedule of N grid jobs for bench/gantt_render.py: 1, 2 or 4 components of 8 cores, each on a lane of 4
    hosts of 2 cores apart (so 4 allocation rows), on DAS-2, one attempt each, started when all its lanes are free
    (held for a few seconds before), names platforms/das2.xml."""
    rng = np.random.default_rng(seed)
    capacity = [p for _, _, p in DAS2]
    lanes = []  # (cluster, [4 hosts])
    for cluster, cores in enumerate(capacity):
        hosts = rng.permutation(cores // 2)
        lanes += [(cluster, hosts[i:i + 4]) for i in range(0, hosts.size - 3, 4)]
    free = np.zeros(len(lanes))
    arrivals = np.cumsum(rng.exponential(1200.0 / len(lanes), jobs))
    sizes = rng.choice([1, 2, 4], jobs)
    runtimes = rng.uniform(90, 192, jobs)
    rows, job_rows, components = [], [], []
    for job in range(jobs):
        candidates = rng.choice(len(lanes), sizes[job] + 2, replace=False)
        chosen = candidates[np.argsort(free[candidates])[:sizes[job]]]
        start = max(arrivals[job], free[chosen].max()) + rng.uniform(1, 10)
        claimed = start - rng.uniform(0.5, 8)
        end = start + runtimes[job]
        free[chosen] = end
        names = []
        for index, lane in enumerate(chosen):
            cluster, hosts = lanes[lane]
            names.append(DAS2[cluster][0])
            rows += [(0, job, index, 1, cluster, int(h), 0, 2, claimed, start, end, 0) for h in hosts]
            components.append((job, index, cluster, 8, -1, 0.0))
        job_rows.append(job_row(job, status=0, n_components=int(sizes[job]), processors=8 * int(sizes[job]),
                                      clusters=names, submit=arrivals[job], placement=claimed, start=start, end=end,
                                      completion=end))
    end_time = float(free.max())
    edges = np.linspace(end_time / 100, end_time, 100)
    names = [n for n, _, _ in DAS2]
    write_trace(out, attrs=root_attrs("wf", seed, names, end_time),
                      clusters=[(i, n.encode(), s.encode(), p) for i, (n, s, p) in enumerate(DAS2)],
                      jobs=job_rows, components=components, failures=[], util_time=edges,
                      grid_busy=np.zeros((100, 5)), background_busy=np.zeros((100, 5)), interval=end_time / 100,
                      queue_length=np.zeros(100), allocations=rows)
    with h5py.File(out, "r+") as h5:
        h5.attrs["platform"] = "platforms/das2.xml"
    print(f"wrote a synthetic schedule of {jobs} jobs ({len(rows)} allocation rows): {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output")
    parser.add_argument("--jobs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="wf")
    parser.add_argument("--failures", action="store_true")
    parser.add_argument("--small", action="store_true", help="write the hand-computed trace instead")
    parser.add_argument("--gantt", action="store_true", help="write the hand-made schedule instead")
    parser.add_argument("--lanes", action="store_true", help="write a large schedule for bench/gantt_render.py")
    args = parser.parse_args()
    if args.lanes:
        write_lane_trace(args.output, args.jobs, args.seed)
    elif args.gantt:
        write_gantt_trace(args.output)
    elif args.small:
        write_small_trace(args.output, args.policy)
    else:
        write_random_trace(args.output, args.jobs, args.seed, args.policy, args.failures)


if __name__ == "__main__":
    main()
