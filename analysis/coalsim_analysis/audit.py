"""The physical invariants of a trace, checked from its datasets alone (docs/audit.md).

`audit_trace(path)` runs every check that the trace's datasets allow, in a fixed order, and raises `Violation`
naming the first row that breaks one (its dataset, its row number and the values involved); a trace that is
not one (`TraceFormatError`) cannot be audited. A check whose dataset or field is absent (an older trace, a run
that wrote no such table) is skipped and listed as such, never passed silently.
"""

import math
from dataclasses import dataclass, field

import h5py
import numpy as np
import yaml

from .trace import (COMPLETED, FAILED, PLACEMENT_OUTCOMES, REJECTED, STATUS_NAMES, TABLE_FIELDS, UNFINISHED,
                    TraceFormatError, load_trace, read_table, text)

# /allocations codes (docs/trace-format.md)
GRID, LOCAL, DUMMY = 0, 1, 2
OWNER_NAMES = {GRID: "grid component", LOCAL: "local job", DUMMY: "dummy job"}
RAN, KILLED, ABORTED, HELD_AT_STOP = 0, 1, 2, 3
ALLOCATION_OUTCOMES = {RAN: "completed", KILLED: "failed or killed", ABORTED: "aborted before the start",
                       HELD_AT_STOP: "unfinished"}
ALLOCATION_FIELDS = TABLE_FIELDS["/allocations"]

SHARE_TOLERANCE = 1e-9  # shares are sums of fractions (the engine's own tolerance)
WORK_TOLERANCE = 1e-6   # relative: CPU work done against the estimate
MESSAGE_TOLERANCE = 1e-9  # relative: a message's duration against its route's bound
CORES_PER_BLOCK = 4_000_000  # cores held checked at once (memory)

# Job shapes (docs/configuration.md, job_shape): how a cluster's jobs of p processors hold its cores.
POOL, NODES, WHOLE_NODES = 0, 1, 2
SHAPE_KINDS = {"pool": POOL, "nodes": NODES, "whole_nodes": WHOLE_NODES}
SHAPE_NAMES = {code: name for name, code in SHAPE_KINDS.items()}


class Violation(Exception):
    """A row of the trace breaks a physical invariant."""

    def __init__(self, dataset, row, message):
        self.dataset, self.row, self.message = dataset, row, message
        where = dataset if row is None else f"{dataset} row {row}"
        super().__init__(f"{where}: {message}")


@dataclass
class AuditResult:
    path: str
    checked: list = field(default_factory=list)  # the checks that ran, in order
    skipped: list = field(default_factory=list)  # (check, why) for those the trace has no data for


def _fmt(value):
    if isinstance(value, (float, np.floating)):
        return "NaN" if math.isnan(value) else f"{float(value):.10g}"
    return str(value)


def _values(table, row, names):
    return ", ".join(f"{name}={_fmt(table[name][row])}" for name in names)


def _first(mask):
    """The first True index of a boolean array, or None."""
    hits = np.flatnonzero(mask)
    return int(hits[0]) if hits.size else None


def _optional_table(h5, name, path, fields=()):
    return read_table(h5, name, path, fields) if name in h5 else None


def _read_shape(node, base, where):
    """One `job_shape` node (the section or a cluster's override) as the simulator reads it
    (sim/engine/JobShapeConfig.cpp): (kind, cores_per_node); what it leaves out comes from `base`."""
    if node is None:
        return base
    if not isinstance(node, dict):
        raise Violation("the config attribute", None, f"{where} is not a map ({node!r})")
    kind = node.get("kind", SHAPE_NAMES[base[0]])
    if kind not in SHAPE_KINDS:
        raise Violation("the config attribute", None, f"{where}.kind '{kind}' is none of {', '.join(SHAPE_KINDS)}")
    if SHAPE_KINDS[kind] != NODES:
        return SHAPE_KINDS[kind], 1
    per_node = node.get("cores_per_node", base[1] if base[0] == NODES else 1)
    if isinstance(per_node, bool) or not isinstance(per_node, int) or per_node < 1:
        raise Violation("the config attribute", None, f"{where}.cores_per_node is {per_node!r}, not a whole number "
                                                      f"of at least 1")
    return NODES, per_node


class _Audit:
    def __init__(self, path):
        self.path = str(path)
        self.trace = load_trace(path)
        try:
            with h5py.File(path, "r") as h5:
                self.allocations = _optional_table(h5, "/allocations", path, ALLOCATION_FIELDS)
                self.hosts = _optional_table(h5, "/hosts", path, ("cluster", "index", "cores"))
                self.shares = _optional_table(h5, "/shares", path, ("time", "cluster", "host", "taken", "components"))
                self.decisions = _optional_table(h5, "/decisions", path,
                                                 ("time", "round", "job_id", "deciding_site", "cluster", "outcome"))
        except (KeyError, OSError, RuntimeError, ValueError, TypeError) as error:
            raise TraceFormatError(f"{path}: unreadable trace ({type(error).__name__}: {error})") from error
        t = self.trace
        self.jobs, self.placements, self.components = t.jobs, t.placements, t.components
        self.n_clusters = len(t.clusters)
        self.processors = t.clusters["processors"].astype(np.int64)
        self.row_of_job = {int(j): i for i, j in enumerate(self.jobs["id"])}
        self.result = AuditResult(self.path)
        self.host_cores = None  # {(cluster, host): cores}
        if self.hosts is not None:
            self.host_cores = {(int(c), int(h)): int(n) for c, h, n in
                               zip(self.hosts["cluster"], self.hosts["index"], self.hosts["cores"])}
        self._read_shapes()

    def _read_shapes(self):
        """Each cluster's job shape from the `config` attribute (`job_shape`, with its per-cluster overrides):
        `shape_kind` and `cores_per_node` per cluster index. A trace without the attribute or the section is
        the pool everywhere (every holding exactly its processors)."""
        self.shape_kind = np.full(self.n_clusters, POOL, dtype=np.int64)
        self.cores_per_node = np.ones(self.n_clusters, dtype=np.int64)
        self.host_count_of_cluster = np.zeros(self.n_clusters, dtype=np.int64)
        self.host_cores_table = None
        try:
            config = yaml.safe_load(str(self.trace.attrs.get("config", ""))) or {}
        except yaml.YAMLError:
            config = {}
        section = config.get("job_shape") if isinstance(config, dict) else None
        if section is None:
            return
        base = _read_shape(section, (POOL, 1), "job_shape")
        overrides = section.get("clusters") or {}
        if not isinstance(overrides, dict):
            raise Violation("the config attribute", None, f"job_shape.clusters is not a map ({overrides!r})")
        names = self.trace.cluster_names
        for index, name in enumerate(names):
            kind, per_node = _read_shape(overrides.get(name), base, f"job_shape.clusters.{name}")
            self.shape_kind[index], self.cores_per_node[index] = kind, per_node
        # whole_nodes takes ceil(p / k) hosts, k the cores of the cluster's hosts (one count on a shaped cluster;
        # 0 here when /hosts is absent or gives the cluster several counts).
        if self.hosts is not None and len(self.hosts):
            width = max(int(self.hosts["index"].max()) + 1, 1)
            self.host_cores_table = np.full((self.n_clusters, width), -1, dtype=np.int64)
            known = (self.hosts["cluster"] >= 0) & (self.hosts["cluster"] < self.n_clusters) & \
                (self.hosts["index"] >= 0)
            self.host_cores_table[self.hosts["cluster"][known], self.hosts["index"][known]] = \
                self.hosts["cores"][known]
            for cluster in range(self.n_clusters):
                counts = set(map(int, self.hosts["cores"][known & (self.hosts["cluster"] == cluster)]))
                if len(counts) == 1:
                    self.host_count_of_cluster[cluster] = counts.pop()

    def _shape_text(self, cluster, processors):
        """What the cluster's shape makes a holding of `processors` processors hold ('' for the pool)."""
        kind, per_node = int(self.shape_kind[cluster]), int(self.cores_per_node[cluster])
        if kind == NODES:
            return f" (nodes of {per_node} cores: {per_node} on each of {-(-processors // per_node)} distinct hosts)"
        if kind == WHOLE_NODES:
            k = int(self.host_count_of_cluster[cluster])
            if k > 0:
                return f" (whole_nodes: {-(-processors // k)} distinct hosts of {k} cores, each whole)"
            return f" (whole_nodes: distinct hosts, each whole, at least {processors} cores and no host to spare)"
        return ""

    def _held_as_shaped(self, cluster, processors, group, host, cores):
        """Per holding (cluster[i], processors[i]): whether its cores (the rows with group == i, each `cores` on
        `host`) are what its cluster's shape makes of its processors. Pool: exactly p cores. nodes of c cores: c
        cores on each of ceil(p / c) distinct hosts. whole_nodes: distinct hosts each held whole (its /hosts cores),
        ceil(p / k) of them (k the cluster's cores per host); without /hosts, or if the cluster's hosts differ in
        cores: hosts held alike (or whole), at least p cores in all and none to spare (without any one host, fewer
        than p)."""
        cluster, processors = np.asarray(cluster, np.int64), np.asarray(processors, np.int64)
        group, host, cores = np.asarray(group, np.int64), np.asarray(host, np.int64), np.asarray(cores, np.int64)
        n = cluster.size
        total = np.bincount(group, weights=cores, minlength=n).astype(np.int64)
        kind = self.shape_kind[cluster] if n else np.zeros(0, dtype=np.int64)
        pool = total == processors
        if not (kind != POOL).any():
            return pool
        width = int(host.max()) + 1 if host.size else 1
        pairs, at = np.unique(group * width + host, return_inverse=True)
        pair_group, pair_host = pairs // width, pairs % width
        pair_cores = np.bincount(at.ravel(), weights=cores).astype(np.int64)
        n_hosts = np.bincount(pair_group, minlength=n)
        low = np.full(n, np.iinfo(np.int64).max)
        high = np.zeros(n, dtype=np.int64)
        np.minimum.at(low, pair_group, pair_cores)
        np.maximum.at(high, pair_group, pair_cores)
        per_node = self.cores_per_node[cluster]
        nodes = (n_hosts == -(-processors // per_node)) & (low == per_node) & (high == per_node)
        if self.host_cores_table is not None:
            table = self.host_cores_table
            inside = pair_host < table.shape[1]
            whole_pair = np.zeros(pair_host.size, dtype=bool)
            whole_pair[inside] = pair_cores[inside] == table[cluster[pair_group[inside]], pair_host[inside]]
        else:
            whole_pair = pair_cores == high[pair_group]  # the hosts' cores unknown: alike, at least
        all_whole = np.ones(n, dtype=bool)
        np.logical_and.at(all_whole, pair_group, whole_pair)
        k = self.host_count_of_cluster[cluster]
        enough = np.where(k > 0, n_hosts == -(-processors // np.maximum(k, 1)),
                          (total >= processors) & (total - low < processors))
        whole = all_whole & (n_hosts >= 1) & enough
        return np.select([kind == NODES, kind == WHOLE_NODES], [nodes, whole], pool)

    def run(self):
        for check in (self.jobs_once_with_a_final_status, self.job_times_in_order, self.placements_match_jobs,
                      self.components_match_jobs, self.utilization_within_clusters, self.allocations_well_formed,
                      self.allocations_match_jobs, self.no_core_holds_two_jobs, self.no_cluster_over_its_processors,
                      self.shares_within_host_cores, self.time_shared_hosts_hold_no_cores,
                      self.cpu_work_equals_estimate, self.messages_no_faster_than_routes,
                      self.migrated_jobs_were_waiting, self.chosen_clusters_were_placed):
            skipped = check()
            name = check.__name__
            if skipped:
                self.result.skipped.append((name, skipped))
            else:
                self.result.checked.append(name)
        return self.result

    # ------------------------------------------------------------------ grid jobs

    def jobs_once_with_a_final_status(self):
        jobs = self.jobs
        ids = jobs["id"].astype(np.int64)
        order = np.argsort(ids, kind="stable")
        repeated = _first(ids[order][1:] == ids[order][:-1])
        if repeated is not None:
            second = int(order[repeated + 1])
            first = int(order[repeated])
            raise Violation("/jobs", second, f"job {ids[second]} appears twice (rows {first} and {second})")
        expected = np.arange(ids.size)
        gap = _first(ids[order] != expected)
        if gap is not None:
            raise Violation("/jobs", None, f"job {gap} is missing: ids are 0-based in order of submission, and "
                                           f"{ids.size} rows hold ids up to {int(ids.max())}")
        status = jobs["status"].astype(int)
        bad = _first(~np.isin(status, list(STATUS_NAMES)))
        if bad is not None:
            raise Violation("/jobs", bad, f"job {ids[bad]} has no final status (status={status[bad]})")
        start, end, completion = jobs["start_time"], jobs["end_time"], jobs["completion_time"]
        rules = (
            (status == COMPLETED) & ~(np.isfinite(start) & np.isfinite(end) & np.isfinite(completion)),
            "completed without a start, an end and a completion",
            (status == FAILED) & ~np.isfinite(completion), "failed without the time it was dropped (completion_time)",
            (status == REJECTED) & np.isfinite(start), "rejected, yet started",
            (status == UNFINISHED) & np.isfinite(completion), "unfinished, yet with a completion time",
        )
        for mask, what in zip(rules[::2], rules[1::2]):
            bad = _first(mask)
            if bad is not None:
                raise Violation("/jobs", bad, f"job {ids[bad]} {what} ("
                                f"{_values(jobs, bad, ('status', 'start_time', 'end_time', 'completion_time'))})")

    def job_times_in_order(self):
        jobs = self.jobs
        names = ("submit_time", "placement_time", "start_time", "end_time", "completion_time")
        times = np.column_stack([jobs[n].astype(float) for n in names])
        # Every time that happened is at or after the last one before it that happened.
        latest = np.fmax.accumulate(np.where(np.isnan(times), -np.inf, times), axis=1)
        broken = np.isfinite(times[:, 1:]) & (times[:, 1:] < latest[:, :-1])
        bad = _first(broken.any(axis=1))
        if bad is not None:
            raise Violation("/jobs", bad, f"job {jobs['id'][bad]}: submit <= placement <= start <= end <= "
                                          f"completion broken ({_values(jobs, bad, names)})")

    def placements_match_jobs(self):
        p, jobs = self.placements, self.jobs
        if p.dtype.names is None:
            return "no /placements dataset"
        ids = p["job_id"].astype(np.int64)
        unknown = _first(~np.isin(ids, jobs["id"]))
        if unknown is not None:
            raise Violation("/placements", unknown, f"job {ids[unknown]} is not in /jobs")
        outcomes = np.array([text(o) for o in p["outcome"]])
        bad = _first(~np.isin(outcomes, PLACEMENT_OUTCOMES))
        if bad is not None:
            raise Violation("/placements", bad, f"job {ids[bad]}: unknown outcome '{outcomes[bad]}'")
        names = ("queued_at", "placed_at", "started_at", "ended_at")
        times = np.column_stack([p[n].astype(float) for n in names])
        latest = np.fmax.accumulate(np.where(np.isnan(times), -np.inf, times), axis=1)
        broken = np.isfinite(times[:, 1:]) & (times[:, 1:] < latest[:, :-1])
        bad = _first(broken.any(axis=1) | np.isnan(times[:, 1]))
        if bad is not None:
            raise Violation("/placements", bad, f"job {ids[bad]} placement {p['placement'][bad]}: queued <= placed "
                                                f"<= started <= ended broken ({_values(p, bad, names)})")
        # Grouped by job, numbered 1..k in order; every attempt but the last failed.
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]]) if ids.size else np.zeros(0, dtype=int)
        ends = np.r_[starts[1:], ids.size]
        seen = set()
        for first, last in zip(starts, ends):
            job = int(ids[first])
            if job in seen:
                raise Violation("/placements", int(first), f"job {job}'s rows are not together")
            seen.add(job)
            numbers = p["placement"][first:last]
            if not np.array_equal(numbers, np.arange(1, last - first + 1)):
                raise Violation("/placements", int(first), f"job {job}'s placements are numbered "
                                                           f"{list(map(int, numbers))}, not 1..{last - first}")
            j = self.row_of_job[job]
            submit = float(jobs["submit_time"][j])
            early = _first(p["queued_at"][first:last] < submit)
            if early is not None:
                raise Violation("/placements", int(first + early), f"job {job} queued at "
                                f"{_fmt(p['queued_at'][first + early])}, before its submission at {_fmt(submit)}")
            for row in range(first, last - 1):
                if outcomes[row] in ("completed", "unfinished"):
                    raise Violation("/placements", row, f"job {job} placement {p['placement'][row]} is "
                                                        f"'{outcomes[row]}' but is not the job's last")
            last_row = last - 1
            status = int(jobs["status"][j])
            if status == COMPLETED and (outcomes[last_row] != "completed" or
                                        p["ended_at"][last_row] != jobs["completion_time"][j]):
                raise Violation("/placements", last_row, f"job {job} completed at "
                                f"{_fmt(jobs['completion_time'][j])}, but its last placement ended "
                                f"'{outcomes[last_row]}' at {_fmt(p['ended_at'][last_row])}")
            if status != COMPLETED and outcomes[last_row] == "completed":
                raise Violation("/placements", last_row, f"job {job} is {STATUS_NAMES[status]}, but its last "
                                                         f"placement completed")
            if p["placed_at"][last_row] != jobs["placement_time"][j]:
                raise Violation("/placements", last_row, f"job {job}'s last placement was decided at "
                                f"{_fmt(p['placed_at'][last_row])}, /jobs says {_fmt(jobs['placement_time'][j])}")
            start = float(jobs["start_time"][j])
            if math.isfinite(start) and p["started_at"][last_row] != start:
                raise Violation("/placements", last_row, f"job {job} started at {_fmt(start)}, its last placement "
                                                         f"at {_fmt(p['started_at'][last_row])}")
        placed = np.isfinite(jobs["placement_time"])
        missing = _first(placed & ~np.isin(jobs["id"], ids))
        if missing is not None:
            raise Violation("/jobs", missing, f"job {jobs['id'][missing]} was placed at "
                                              f"{_fmt(jobs['placement_time'][missing])} but has no /placements row")
        return None

    def components_match_jobs(self):
        c, jobs = self.components, self.jobs
        ids = c["job_id"].astype(np.int64)
        unknown = _first(~np.isin(ids, jobs["id"]))
        if unknown is not None:
            raise Violation("/components", unknown, f"job {ids[unknown]} is not in /jobs")
        bad = _first((c["cluster"] < 0) | (c["cluster"] >= self.n_clusters) | (c["processors"] < 1))
        if bad is not None:
            raise Violation("/components", bad, f"job {ids[bad]}: {_values(c, bad, ('index', 'cluster', 'processors'))}"
                                                f" (clusters 0..{self.n_clusters - 1}, at least 1 processor)")
        rows_of = {}
        for row, job in enumerate(ids):
            rows_of.setdefault(int(job), []).append(row)
        names = self.trace.cluster_names
        for j in range(len(jobs)):
            job = int(jobs["id"][j])
            rows = rows_of.get(job, [])
            started = math.isfinite(float(jobs["start_time"][j]))
            if not started:
                if rows:
                    raise Violation("/components", rows[0], f"job {job} never started but has components")
                continue
            if len(rows) != int(jobs["n_components"][j]) or not np.array_equal(c["index"][rows],
                                                                                np.arange(len(rows))):
                raise Violation("/jobs", j, f"job {job} started with {jobs['n_components'][j]} components; "
                                            f"/components has indices {list(map(int, c['index'][rows]))}")
            if int(c["processors"][rows].sum()) != int(jobs["processors"][j]):
                raise Violation("/jobs", j, f"job {job} has {jobs['processors'][j]} processors, its components "
                                            f"{int(c['processors'][rows].sum())}")
            used = list(dict.fromkeys(names[k] for k in c["cluster"][rows]))
            if "+".join(used) != text(jobs["clusters"][j]):
                raise Violation("/jobs", j, f"job {job} ran on '{text(jobs['clusters'][j])}', its components on "
                                            f"'{'+'.join(used)}'")
        return None

    # ------------------------------------------------------------------ processors and cores

    def utilization_within_clusters(self):
        t = self.trace
        if len(t.util_time) == 0:
            return "no utilization samples"
        busy = t.grid_busy + t.background_busy
        over = busy > self.processors[None, :] * (1 + 1e-9) + 1e-9
        bad = _first(over.any(axis=1))
        if bad is not None:
            c = int(np.flatnonzero(over[bad])[0])
            raise Violation("/utilization/grid_busy", bad, f"cluster {t.cluster_names[c]} busy with "
                            f"{_fmt(t.grid_busy[bad, c])} grid + {_fmt(t.background_busy[bad, c])} background "
                            f"processors on average over the sample ending at {_fmt(t.util_time[bad])}, of "
                            f"{self.processors[c]}")
        return None

    def allocations_well_formed(self):
        a = self.allocations
        if a is None:
            return "no /allocations dataset"
        checks = [
            (~np.isin(a["owner"], list(OWNER_NAMES)), "unknown owner"),
            (~np.isin(a["outcome"], list(ALLOCATION_OUTCOMES)), "unknown outcome"),
            ((a["cluster"] < 0) | (a["cluster"] >= self.n_clusters), f"cluster not in 0..{self.n_clusters - 1}"),
            ((a["host"] < 0) | (a["first_core"] < 0) | (a["cores"] < 1), "a negative host or core, or no cores"),
            (~(a["claimed_at"] <= a["released_at"]), "released before it was claimed"),
            (np.isfinite(a["started_at"]) & ((a["started_at"] < a["claimed_at"]) |
                                             (a["started_at"] > a["released_at"])),
             "started outside [claimed_at, released_at]"),
            ((a["outcome"] == ABORTED) & np.isfinite(a["started_at"]), "aborted before the start, yet started"),
            (np.isin(a["outcome"], (RAN, KILLED)) & ~np.isfinite(a["started_at"]), "ran without a start"),
            ((a["owner"] == GRID) & ((a["component"] < 0) | (a["placement"] < 1)),
             "a grid component without its component index and placement number"),
            ((a["owner"] != GRID) & (a["started_at"] != a["claimed_at"]),
             "a local or dummy job that did not start when it took its cores"),
        ]
        if self.host_cores is not None:
            cores_of = np.array([self.host_cores.get((int(c), int(h)), -1) for c, h in zip(a["cluster"], a["host"])],
                                dtype=np.int64)
            checks.append((a["first_core"].astype(np.int64) + a["cores"] > cores_of, "cores beyond its host's (/hosts)"))
        for mask, what in checks:
            bad = _first(mask)
            if bad is not None:
                raise Violation("/allocations", bad, f"{what} ({_values(a, bad, ALLOCATION_FIELDS)})")
        return None

    def allocations_match_jobs(self):
        a, p = self.allocations, self.placements
        if a is None:
            return "no /allocations dataset"
        if p.dtype.names is None:
            return "no /placements dataset"
        grid = np.flatnonzero(a["owner"] == GRID)
        placement_row = {(int(j), int(n)): i for i, (j, n) in enumerate(zip(p["job_id"], p["placement"]))}
        outcomes = [text(o) for o in p["outcome"]]
        cores = {}  # (job, placement, component) -> (cluster, cores)
        on_hosts = {}  # (job, placement, component) -> {host: cores}
        for row in grid:
            job, number = int(a["job_id"][row]), int(a["placement"][row])
            if job not in self.row_of_job:
                raise Violation("/allocations", int(row), f"grid job {job} is not in /jobs")
            i = placement_row.get((job, number))
            if i is None:
                raise Violation("/allocations", int(row), f"job {job} has no placement {number} in /placements")
            started, ended = float(p["started_at"][i]), float(p["ended_at"][i])
            s = float(a["started_at"][row])
            if not (s == started or (math.isnan(s) and math.isnan(started))):
                raise Violation("/allocations", int(row), f"job {job} placement {number}: the cores say it started at "
                                                          f"{_fmt(s)}, /placements at {_fmt(started)}")
            outcome, released = int(a["outcome"][row]), float(a["released_at"][row])
            if (outcome in (KILLED, ABORTED) and released != ended) or (outcome == RAN and not released <= ended) or \
                    (outcome == HELD_AT_STOP and outcomes[i] != "unfinished"):
                raise Violation("/allocations", int(row), f"job {job} placement {number}: cores released at "
                                f"{_fmt(released)} ({ALLOCATION_OUTCOMES[outcome]}), the attempt ended "
                                f"'{outcomes[i]}' at {_fmt(ended)}")
            key = (job, number, int(a["component"][row]))
            cluster, held = cores.get(key, (int(a["cluster"][row]), 0))
            if cluster != int(a["cluster"][row]):
                raise Violation("/allocations", int(row), f"job {job} component {key[2]} holds cores on clusters "
                                                          f"{cluster} and {a['cluster'][row]}")
            cores[key] = (cluster, held + int(a["cores"][row]))
            host = on_hosts.setdefault(key, {})
            host[int(a["host"][row])] = host.get(int(a["host"][row]), 0) + int(a["cores"][row])
        # The components of each started job's last attempt held their processors, as their cluster's shape holds
        # them (the pool: exactly; nodes or whole nodes: whole nodes' worth).
        shares_hosts = self._time_shared_components()
        last_placement = {}
        for job, number in zip(p["job_id"], p["placement"]):
            last_placement[int(job)] = max(int(number), last_placement.get(int(job), 0))
        c = self.components
        keys = [(int(job), last_placement.get(int(job), 0), int(k)) for job, k in zip(c["job_id"], c["index"])]
        held_rows = [(row, host, n) for row, key in enumerate(keys) for host, n in on_hosts.get(key, {}).items()]
        group, host, n = (np.array(column, dtype=np.int64) for column in zip(*held_rows)) if held_rows else \
            (np.zeros(0, dtype=np.int64),) * 3
        as_shaped = self._held_as_shaped(c["cluster"], c["processors"], group, host, n)
        for row, (key, cluster, processors) in enumerate(zip(keys, c["cluster"], c["processors"])):
            job, k = key[0], key[2]
            if key not in cores and shares_hosts(row):
                continue
            got = cores.get(key, (int(cluster), 0))
            if got[0] != int(cluster) or not as_shaped[row]:
                shaped = self.shape_kind[int(cluster)] != POOL
                hosts = (" (" + ", ".join(f"host {h}: {n}" for h, n in sorted(on_hosts.get(key, {}).items())) +
                         ")") if shaped else ""
                raise Violation("/components", row, f"job {job} component {k} ran with {processors} processors on "
                                f"cluster {cluster}{self._shape_text(int(cluster), int(processors))}; /allocations "
                                f"gives placement {key[1]} {got[1]} cores on cluster {got[0]}{hosts}")
        # Local jobs that ended held their processors from their start to their end.
        local = self.trace.local_jobs
        owned = np.flatnonzero(a["owner"] == LOCAL)
        if owned.size == 0 or len(local) == 0 or "id" not in local.dtype.names:
            return None
        # Per local job (numbers index the arrays): its rows' cores summed, their first and last cluster and times.
        jobs_of = a["job_id"][owned].astype(np.int64)
        size = int(max(jobs_of.max(), local["id"].max())) + 1
        cores = np.bincount(jobs_of, weights=a["cores"][owned], minlength=size)
        spans = {}
        for name in ("cluster", "claimed_at", "released_at"):
            values = a[name][owned].astype(float)
            low, high = np.full(size, np.inf), np.full(size, -np.inf)
            np.minimum.at(low, jobs_of, values)
            np.maximum.at(high, jobs_of, values)
            spans[name] = (low, high)
        split = _first(np.isin(np.arange(size), jobs_of) &
                       np.any([low != high for low, high in spans.values()], axis=0))
        if split is not None:
            row = int(owned[_first(jobs_of == split)])
            raise Violation("/allocations", row, f"local job {split}'s rows differ in cluster or times")
        ids = local["id"].astype(np.int64)
        # Held as the cluster's shape holds the job's processors (per job number; the cluster that /local_jobs
        # names, which the comparison below checks against its rows').
        cluster_of = np.zeros(size, dtype=np.int64)
        processors_of = np.zeros(size, dtype=np.int64)
        cluster_of[ids] = np.clip(local["cluster"], 0, max(self.n_clusters - 1, 0))
        processors_of[ids] = local["processors"]
        as_shaped = self._held_as_shaped(cluster_of, processors_of, jobs_of, a["host"][owned], a["cores"][owned])
        wrong = ~as_shaped[ids] | (spans["cluster"][0][ids] != local["cluster"]) | \
            (spans["claimed_at"][0][ids] != local["start_time"]) | (spans["released_at"][0][ids] != local["end_time"])
        bad = _first(wrong)
        if bad is not None:
            j = int(ids[bad])
            cluster = int(cluster_of[j])
            shaped = self.shape_kind[cluster] != POOL
            hosts = ""
            if shaped and cores[j]:
                mine = owned[jobs_of == j]
                per_host = {}
                for h, n in zip(a["host"][mine], a["cores"][mine]):
                    per_host[int(h)] = per_host.get(int(h), 0) + int(n)
                hosts = " on " + ", ".join(f"host {h}: {n}" for h, n in sorted(per_host.items()))
            held_text = "nothing" if cores[j] == 0 else (
                f"cluster={int(spans['cluster'][0][j])}, cores={int(cores[j])}{hosts}, from "
                f"{_fmt(spans['claimed_at'][0][j])} to {_fmt(spans['released_at'][0][j])}")
            values = _values(local, bad, ("cluster", "processors", "start_time", "end_time"))
            raise Violation("/local_jobs", bad, f"local job {j} ({values}) is not what /allocations holds for it "
                                                f"({held_text}){self._shape_text(cluster, int(local['processors'][bad]))}")
        return None

    def _time_shared_components(self):
        """Whether a /components row ran on a share of a host (so it has no /allocations rows)."""
        c = self.components
        if "host" in c.dtype.names:
            return lambda row: int(c["host"][row]) >= 0
        timeshared = str(self.trace.attrs.get("runtime_model")) == "timeshared"
        return lambda row: timeshared

    def _per_core(self, rows):
        """The rows' cores one by one: (core key, claimed_at, released_at, row)."""
        a = self.allocations
        counts = a["cores"][rows].astype(np.int64)
        row_of = np.repeat(rows, counts)
        offset = np.arange(row_of.size) - np.repeat(np.cumsum(counts) - counts, counts)
        core = a["first_core"][row_of].astype(np.int64) + offset
        key = (a["host"][row_of].astype(np.int64) << 32) + core
        return key, a["claimed_at"][row_of], a["released_at"][row_of], row_of

    def no_core_holds_two_jobs(self):
        a = self.allocations
        if a is None:
            return "no /allocations dataset"
        for cluster in range(self.n_clusters):
            rows = np.flatnonzero(a["cluster"] == cluster)
            if rows.size == 0:
                continue
            # By blocks of hosts, so that a large trace's cores one by one fit in memory.
            rows = rows[np.argsort(a["host"][rows], kind="stable")]
            total = np.cumsum(a["cores"][rows].astype(np.int64))
            host = a["host"][rows]
            begin = 0
            while begin < rows.size:
                end = int(np.searchsorted(total, total[begin] - a["cores"][rows[begin]] + CORES_PER_BLOCK))
                end = max(end, begin + 1)
                if end < rows.size:  # a block ends at a host's end
                    end = int(np.searchsorted(host, host[end - 1], side="right"))
                self._cores_held_once(cluster, rows[begin:end])
                begin = end
        return None

    def _cores_held_once(self, cluster, rows):
        a = self.allocations
        key, claimed, released, row_of = self._per_core(rows)
        order = np.lexsort((released, claimed, key))
        key, claimed, released, row_of = key[order], claimed[order], released[order], row_of[order]
        # Sorted by core then claim: a core held twice at once overlaps its previous holding.
        clash = _first((key[1:] == key[:-1]) & (claimed[1:] < released[:-1]))
        if clash is not None:
            first, second = int(row_of[clash]), int(row_of[clash + 1])
            core = int(key[clash] & 0xFFFFFFFF)
            raise Violation("/allocations", second, f"core {core} of host {a['host'][second]} of cluster "
                            f"{self.trace.cluster_names[cluster]} held by {self._holder(second)} from "
                            f"{_fmt(a['claimed_at'][second])} while {self._holder(first)} (row {first}) held it "
                            f"from {_fmt(a['claimed_at'][first])} to {_fmt(a['released_at'][first])}")

    def _holder(self, row):
        a = self.allocations
        owner = int(a["owner"][row])
        if owner == GRID:
            return f"job {a['job_id'][row]} component {a['component'][row]} (placement {a['placement'][row]})"
        return f"{OWNER_NAMES[owner]} {a['job_id'][row]}"

    def no_cluster_over_its_processors(self):
        a = self.allocations
        if a is None:
            return "no /allocations dataset"
        for cluster in range(self.n_clusters):
            rows = np.flatnonzero(a["cluster"] == cluster)
            if rows.size == 0:
                continue
            times = np.concatenate((a["claimed_at"][rows], a["released_at"][rows]))
            delta = np.concatenate((a["cores"][rows], -a["cores"][rows])).astype(np.int64)
            # At one instant the releases come before the claims.
            order = np.lexsort((delta, times))
            held = np.cumsum(delta[order])
            over = _first(held > self.processors[cluster])
            if over is not None:
                row = int(np.concatenate((rows, rows))[order][over])
                raise Violation("/allocations", row, f"cluster {self.trace.cluster_names[cluster]} holds "
                                f"{held[over]} cores at {_fmt(times[order][over])}, of {self.processors[cluster]} "
                                f"({self._holder(row)} took {a['cores'][row]})")
        return None

    # ------------------------------------------------------------------ time-shared hosts

    def shares_within_host_cores(self):
        s = self.shares
        if s is None:
            return "no /shares dataset (no time-shared host)"
        if self.host_cores is None:
            return "no /hosts dataset (the hosts' cores are unknown)"
        previous = {}
        for row in range(len(s)):
            host = (int(s["cluster"][row]), int(s["host"][row]))
            if host not in self.host_cores:
                raise Violation("/shares", row, f"host {host[1]} of cluster {host[0]} is not in /hosts")
            taken, components = float(s["taken"][row]), int(s["components"][row])
            if components < 0 or taken < -SHARE_TOLERANCE or (components == 0 and abs(taken) > SHARE_TOLERANCE):
                raise Violation("/shares", row, f"{_values(s, row, ('time', 'cluster', 'host', 'taken', 'components'))}")
            # A share admitted (one more component) must fit; a running share may rise above (docs/trace-format.md).
            if components > previous.get(host, 0) and taken > self.host_cores[host] + SHARE_TOLERANCE:
                raise Violation("/shares", row, f"host {host[1]} of cluster {host[0]} admitted a share that takes "
                                f"{_fmt(taken)} of its {self.host_cores[host]} cores at {_fmt(s['time'][row])}")
            previous[host] = components
        return None

    def time_shared_hosts_hold_no_cores(self):
        s, a = self.shares, self.allocations
        if s is None:
            return "no /shares dataset (no time-shared host)"
        if a is None:
            return "no /allocations dataset"
        since = {}
        intervals = {}  # (cluster, host) -> [(from, to)] while time-shared
        for row in range(len(s)):
            host = (int(s["cluster"][row]), int(s["host"][row]))
            if int(s["components"][row]) > 0 and host not in since:
                since[host] = float(s["time"][row])
            elif int(s["components"][row]) == 0 and host in since:
                intervals.setdefault(host, []).append((since.pop(host), float(s["time"][row])))
        for host, start in since.items():
            intervals.setdefault(host, []).append((start, math.inf))
        for row in range(len(a)):
            for start, stop in intervals.get((int(a["cluster"][row]), int(a["host"][row])), ()):
                if a["claimed_at"][row] < stop and start < a["released_at"][row]:
                    raise Violation("/allocations", row, f"{self._holder(row)} holds cores of host {a['host'][row]} "
                                    f"of cluster {a['cluster'][row]} from {_fmt(a['claimed_at'][row])} to "
                                    f"{_fmt(a['released_at'][row])} while it is time-shared ({_fmt(start)} to "
                                    f"{_fmt(stop)}, /shares)")
        return None

    def cpu_work_equals_estimate(self):
        c = self.components
        if "cpu_work" not in c.dtype.names:
            return "no /components.cpu_work field"
        economy = self.trace.economy
        if len(economy) == 0:
            return "no /economy rows (no estimates)"
        if not self._exact_estimates():
            return "estimates are not exact (workload.estimate_factor is not 1)"
        shared = self._time_shared_components()
        work = {}
        for row in range(len(c)):
            if shared(row):
                work[int(c["job_id"][row])] = work.get(int(c["job_id"][row]), 0.0) + float(c["cpu_work"][row])
        status = dict(zip(map(int, self.jobs["id"]), map(int, self.jobs["status"])))
        for row in range(len(economy)):
            job = int(economy["job_id"][row])
            if status.get(job) != COMPLETED or job not in work:
                continue
            estimate = float(economy["estimate"][row])
            if abs(work[job] - estimate) > WORK_TOLERANCE * max(1.0, estimate):
                raise Violation("/components", int(np.flatnonzero(c["job_id"] == job)[0]),
                                f"job {job} completed after {_fmt(work[job])} s of CPU work, its estimate is "
                                f"{_fmt(estimate)} s (exact estimates)")
        return None

    def _exact_estimates(self):
        try:
            config = yaml.safe_load(str(self.trace.attrs.get("config", ""))) or {}
        except yaml.YAMLError:
            return False
        workload = config.get("workload", {}) if isinstance(config, dict) else {}
        if not isinstance(workload, dict) or workload.get("replay"):
            return False
        factor = workload.get("estimate_factor")
        if isinstance(factor, (int, float)):
            return float(factor) == 1.0
        if isinstance(factor, dict):
            values = [factor.get(k) for k in ("value", "min", "max", "mean") if k in factor]
            spread = [factor.get(k) for k in ("sd", "stddev", "scale") if k in factor]
            return bool(values) and all(v == 1 for v in values) and all(v == 0 for v in spread)
        return False

    # ------------------------------------------------------------------ messages and migrations

    def messages_no_faster_than_routes(self):
        m = self.trace.messages
        if len(m) == 0:
            return "no /messages rows"
        names = m.dtype.names
        if "route_latency" not in names or "route_bandwidth" not in names:
            return "no /messages.route_latency and route_bandwidth fields"
        delivered = np.isfinite(m["received"])
        bound = m["route_latency"] + m["bytes"] / m["route_bandwidth"]
        took = m["received"] - m["sent"]
        bad = _first(delivered & (took < bound - MESSAGE_TOLERANCE * np.maximum(1.0, bound)))
        if bad is not None:
            raise Violation("/messages", bad, f"took {_fmt(took[bad])} s, less than its route's latency plus size "
                            f"over bandwidth ({_fmt(bound[bad])} s; "
                            f"{_values(m, bad, ('sent', 'received', 'bytes', 'route_latency', 'route_bandwidth'))})")
        if "failed_at" in names:
            bad = _first(~delivered & ~(m["failed_at"] >= m["sent"]))
            if bad is not None:
                raise Violation("/messages", bad, f"failed before it was sent ({_values(m, bad, ('sent', 'failed_at'))})")
        return None

    def migrated_jobs_were_waiting(self):
        g = self.trace.migrations
        if len(g) == 0:
            return "no /migrations rows"
        p = self.placements
        if p.dtype.names is None:
            return "no /placements dataset"
        for row in range(len(g)):
            job, time = int(g["job_id"][row]), float(g["time"][row])
            j = self.row_of_job.get(job)
            if j is None:
                raise Violation("/migrations", row, f"job {job} is not in /jobs")
            if time < self.jobs["submit_time"][j]:
                raise Violation("/migrations", row, f"job {job} migrated at {_fmt(time)}, before its submission at "
                                                    f"{_fmt(self.jobs['submit_time'][j])}")
            for i in np.flatnonzero(p["job_id"] == job):
                # At one instant a job may arrive at its new site, then be placed there (or end an attempt, then
                # move): only a placement decided before the move and not yet ended makes it not waiting.
                if p["placed_at"][i] < time < p["ended_at"][i] or (p["placed_at"][i] < time and
                                                                   math.isnan(p["ended_at"][i])):
                    raise Violation("/migrations", row, f"job {job} migrated at {_fmt(time)} while placed, not "
                                    f"waiting (placement {p['placement'][i]}: placed at {_fmt(p['placed_at'][i])}, "
                                    f"started at {_fmt(p['started_at'][i])}, ended at {_fmt(p['ended_at'][i])})")
        return None


    # ------------------------------------------------------------------ the decision log

    def chosen_clusters_were_placed(self):
        d = self.decisions
        if d is None or len(d) == 0:
            return "no /decisions rows (trace.decisions off)"
        p = self.placements
        if p.dtype.names is None:
            return "no /placements dataset"
        placed = {(int(j), float(t)) for j, t in zip(p["job_id"], p["placed_at"])}
        central = (d["deciding_site"] == -1) & (np.char.strip(d["outcome"].astype("S16")) == b"chosen")
        chosen_by_round = {}
        for row in np.flatnonzero(central):
            chosen_by_round.setdefault(int(d["round"][row]), []).append(int(row))
        for rows in chosen_by_round.values():
            first = rows[0]
            job, time = int(d["job_id"][first]), float(d["time"][first])
            if (job, time) not in placed:
                raise Violation("/decisions", first, f"round {int(d['round'][first])} chose cluster "
                                f"{int(d['cluster'][first])} for job {job} at {_fmt(time)}, but /placements has no "
                                f"placement of job {job} at that instant")
        return None


def audit_trace(path) -> AuditResult:
    """Audits one trace: the checks that ran and those skipped (with why); raises Violation at the first broken
    invariant and TraceFormatError when the file is not a trace."""
    return _Audit(path).run()
