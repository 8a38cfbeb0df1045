"""Load one `simulate` trace into numpy arrays, checking it against the documented layout.

Only the layout documented in docs/trace-format.md is read. Anything missing is reported
with the file and the dataset or field that is missing: a mismatch between the simulator and this
reader must never be papered over.
"""

from dataclasses import dataclass, field
from pathlib import Path

import h5py
import numpy as np

ROOT_ATTRIBUTES = ("simulator", "simulator_version", "policy", "seed", "platform", "clusters",
                   "runtime_model", "end_time", "config")

# Every field of each table, in the file's order: the schema simulate declares once (sim/trace/TraceSchema.cpp).
# analysis/tests/test_docs.py holds these equal to the field tables of docs/trace-format.md, which
# tests/unit/test_trace_schema.cpp holds equal to the schema.
FIELDS = {
    "/clusters": ("index", "name", "site", "processors"),
    "/jobs": ("id", "request_type", "priority", "status", "coallocated", "n_components", "processors", "n_clusters",
              "clusters", "job_spread", "submit_time", "placement_time", "start_time", "end_time", "completion_time",
              "response_time", "wait_time", "runtime", "overhead", "file_transfer_time", "file_size",
              "placement_tries", "submission_failures", "completion_failures", "total_placement_time",
              "estimated_ftt", "jst", "start_delay", "pgt", "pwt", "claiming_tries", "placements", "submission_site",
              "rejection"),
    "/placements": ("job_id", "placement", "queued_at", "placed_at", "placement_time", "tries", "estimated_ftt",
                    "jst", "started_at", "ended_at", "outcome"),
    "/components": ("job_id", "index", "cluster", "processors", "file_site", "transfer_time", "host", "cpu_work"),
    "/hosts": ("cluster", "index", "name", "cores"),
    "/allocations": ("owner", "job_id", "component", "placement", "cluster", "host", "first_core", "cores",
                     "claimed_at", "started_at", "released_at", "outcome"),
    "/local_jobs": ("id", "trace_id", "cluster", "processors", "submit_time", "start_time", "end_time", "wait_time",
                    "estimate"),
    "/shares": ("time", "cluster", "host", "taken", "components", "job_id", "component", "share"),
    "/economy": ("job_id", "estimate", "deadline", "budget", "cost", "charge", "load", "accepted", "met", "rejection"),
    "/cluster_energy": ("cluster", "joules", "grid_joules", "local_joules", "idle_joules", "off_joules", "boot_joules",
                        "boots", "mean_watts"),
    "/job_energy": ("job_id", "component", "placement", "cluster", "joules"),
    "/failures": ("time", "job_id", "cluster", "kind", "host"),
    "/messages": ("sent", "received", "from", "to", "kind", "bytes", "job_id", "failed_at", "route_latency",
                  "route_bandwidth"),
    "/migrations": ("time", "job_id", "from", "to"),
    "/migration_checks": ("time", "started", "site", "examined", "migrated"),
    "/decisions": ("time", "round", "job_id", "deciding_site", "cluster", "host", "outcome", "reason"),
    "/decision_terms": ("round", "cluster", "host", "name", "value"),
}

# The fields the reader does not require, which traces written before they were added lack: KOALA's claiming
# figures (NaN for other policies), the site a job was submitted to (-1 for central policies), its rejection code,
# what an auditor of messages reads, a time-shared component's host and CPU work, a share's component.
OPTIONAL_FIELDS = {
    "/jobs": ("total_placement_time", "estimated_ftt", "jst", "start_delay", "pgt", "pwt", "claiming_tries",
              "placements", "submission_site", "rejection"),
    "/components": ("host", "cpu_work"),
    "/local_jobs": ("id",),
    "/shares": ("job_id", "component", "share"),
    "/failures": ("host",),
    "/messages": ("failed_at", "route_latency", "route_bandwidth"),
}

# The fields a trace's table must have to be read.
TABLE_FIELDS = {name: tuple(f for f in fields if f not in OPTIONAL_FIELDS.get(name, ()))
                for name, fields in FIELDS.items()}
OPTIONAL_SERIES = ("/utilization/held", "/utilization/gained")

# /placements outcomes: how the attempt that followed a placement ended
PLACEMENT_OUTCOMES = ("completed", "run_failed", "claim_failed", "component_failed", "preempted", "tries_exceeded",
                      "unfinished")

# /jobs status codes
COMPLETED, FAILED, REJECTED, UNFINISHED = 0, 1, 2, 3
STATUS_NAMES = {COMPLETED: "completed", FAILED: "failed", REJECTED: "rejected", UNFINISHED: "unfinished"}
PRIORITY_NAMES = {0: "super_high", 1: "high", 2: "low", 3: "super_low"}
REQUEST_TYPE_NAMES = {0: "ordered", 1: "unordered", 2: "flexible", 3: "total"}


class TraceFormatError(Exception):
    """The file is not a trace in the documented layout."""


@dataclass
class Trace:
    path: Path
    attrs: dict
    clusters: np.ndarray
    jobs: np.ndarray
    components: np.ndarray
    failures: np.ndarray
    util_time: np.ndarray
    grid_busy: np.ndarray
    background_busy: np.ndarray
    util_interval: float
    queue_time: np.ndarray
    queue_length: np.ndarray
    local_jobs: np.ndarray = None  # /local_jobs (empty unless the run set trace.local_jobs)
    placements: np.ndarray = None  # /placements: one row per placement of a grid job (empty in older traces)
    economy: np.ndarray = None  # /economy: one row per job with a deadline (empty when the jobs have none)
    messages: np.ndarray = None    # /messages: messages between sites' schedulers (empty when the run sent none)
    migrations: np.ndarray = None  # /migrations (empty when the run migrated no job)
    migration_checks: np.ndarray = None  # /migration_checks (empty when the run checked no queue for migration)
    cluster_energy: np.ndarray = None  # /cluster_energy (empty on a platform without power properties)
    job_energy: np.ndarray = None  # /job_energy (empty on a platform without power properties)
    extra: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        """Experiment name: the file stem."""
        return self.path.stem

    @property
    def policy(self) -> str:
        return self.attrs["policy"]

    @property
    def end_time(self) -> float:
        return float(self.attrs["end_time"])

    @property
    def cluster_names(self) -> list:
        return [text(n) for n in self.clusters["name"]]

    @property
    def processors(self) -> np.ndarray:
        """Processors per cluster, in cluster index order."""
        return self.clusters["processors"].astype(float)

    @property
    def label(self) -> str:
        """Legend label: experiment name and policy."""
        return f"{self.name} ({self.policy})"


def text(value) -> str:
    """A fixed-length (bytes) or variable-length HDF5 string as str."""
    if isinstance(value, (bytes, np.bytes_)):
        return value.decode("utf-8", "replace").rstrip("\0")
    if isinstance(value, np.ndarray) and value.shape == ():
        return text(value[()])
    return str(value)


def _attribute(value):
    """HDF5 attribute value as a Python scalar or str (fixed or variable length strings alike)."""
    if isinstance(value, (bytes, np.bytes_, str)):
        return text(value)
    if isinstance(value, np.ndarray):
        if value.shape in ((), (1,)):
            return _attribute(value.reshape(-1)[0])
        return value
    if isinstance(value, np.generic):
        return value.item()
    return value


def _dataset(h5, name, path):
    if name not in h5:
        raise TraceFormatError(f"{path}: missing dataset '{name}'")
    try:
        node = h5[name]
        if not isinstance(node, h5py.Dataset):
            raise TraceFormatError(f"{path}: '{name}' is a group, expected a dataset")
        return node[()]
    except (KeyError, OSError, RuntimeError) as error:  # a damaged object header or a dangling link
        raise TraceFormatError(f"{path}: dataset '{name}' cannot be read ({error})") from error


def read_table(h5, name, path, fields=()):
    """Dataset `name` of an open trace as a 1-D table holding at least `fields`; TraceFormatError otherwise."""
    data = _dataset(h5, name, path)
    if data.dtype.names is None:
        raise TraceFormatError(f"{path}: dataset '{name}' is not a table (compound type expected)")
    missing = [f for f in fields if f not in data.dtype.names]
    if missing:
        raise TraceFormatError(f"{path}: dataset '{name}' lacks field(s) {', '.join(missing)}")
    return np.atleast_1d(data)


def _table(h5, name, path):
    return read_table(h5, name, path, TABLE_FIELDS[name])


def _array(h5, name, path, ndim):
    raw = _dataset(h5, name, path)
    try:
        data = np.asarray(raw, dtype=float)
    except (ValueError, TypeError) as error:
        raise TraceFormatError(f"{path}: dataset '{name}' is not numeric ({error})") from error
    if data.ndim != ndim:
        raise TraceFormatError(f"{path}: dataset '{name}' has {data.ndim} dimension(s), expected {ndim}")
    return data


def _root_attributes(h5, path):
    missing = [a for a in ROOT_ATTRIBUTES if a not in h5.attrs]
    if missing:
        raise TraceFormatError(f"{path}: missing root attribute(s) {', '.join(missing)}")
    return {key: _attribute(h5.attrs[key]) for key in h5.attrs}


def _check_shapes(trace):
    path, n_clusters = trace.path, len(trace.clusters)
    n = len(trace.util_time)
    for name, data in (("/utilization/grid_busy", trace.grid_busy),
                       ("/utilization/background_busy", trace.background_busy)):
        if data.shape != (n, n_clusters):
            raise TraceFormatError(f"{path}: dataset '{name}' has shape {data.shape}, expected "
                                   f"({n}, {n_clusters}) (samples of /utilization/time, rows of /clusters)")
    if trace.queue_length.shape != trace.queue_time.shape:
        raise TraceFormatError(f"{path}: dataset '/queues/length' has shape {trace.queue_length.shape}, "
                               f"expected {trace.queue_time.shape} like '/queues/time'")
    listed = [c for c in str(trace.attrs["clusters"]).split(",") if c]
    if listed != trace.cluster_names:
        raise TraceFormatError(f"{path}: root attribute 'clusters' ({trace.attrs['clusters']}) does not match "
                               f"the names in '/clusters' ({','.join(trace.cluster_names)})")
    if not np.array_equal(trace.clusters["index"], np.arange(n_clusters)):
        raise TraceFormatError(f"{path}: dataset '/clusters' field 'index' is not 0..{n_clusters - 1} in order")


def load_trace(path) -> Trace:
    """Read a trace file. Raises TraceFormatError naming the file and what is wrong."""
    path = Path(path)
    if not path.is_file():
        raise TraceFormatError(f"{path}: no such trace file")
    try:
        h5 = h5py.File(path, "r")
    except OSError as error:
        raise TraceFormatError(f"{path}: not a readable HDF5 file ({error})") from error
    try:
        with h5:
            trace = _read(h5, path)
    except (KeyError, OSError, RuntimeError, ValueError, TypeError) as error:
        # A damaged object header or symbol table, a dangling link, a dataset of the wrong type: h5py and
        # numpy raise these while reading; they mean the file is not a trace in the documented layout.
        raise TraceFormatError(f"{path}: unreadable trace ({type(error).__name__}: {error})") from error
    _check_shapes(trace)
    return trace


def _read(h5, path) -> Trace:
    attrs = _root_attributes(h5, path)
    if "/utilization" not in h5 or "interval" not in h5["/utilization"].attrs:
        raise TraceFormatError(f"{path}: missing attribute 'interval' of group '/utilization'")
    trace = Trace(
        path=path,
        attrs=attrs,
        clusters=_table(h5, "/clusters", path),
        jobs=_table(h5, "/jobs", path),
        components=_table(h5, "/components", path),
        failures=_table(h5, "/failures", path),
        util_time=_array(h5, "/utilization/time", path, 1),
        grid_busy=_array(h5, "/utilization/grid_busy", path, 2),
        background_busy=_array(h5, "/utilization/background_busy", path, 2),
        util_interval=float(_attribute(h5["/utilization"].attrs["interval"])),
        queue_time=_array(h5, "/queues/time", path, 1),
        queue_length=_array(h5, "/queues/length", path, 1),
        local_jobs=_table(h5, "/local_jobs", path) if "/local_jobs" in h5 else np.zeros(0),
        placements=_table(h5, "/placements", path) if "/placements" in h5 else np.zeros(0),
        economy=_table(h5, "/economy", path) if "/economy" in h5 else np.zeros(0),
        messages=_table(h5, "/messages", path) if "/messages" in h5 else np.zeros(0),
        migrations=_table(h5, "/migrations", path) if "/migrations" in h5 else np.zeros(0),
        migration_checks=_table(h5, "/migration_checks", path) if "/migration_checks" in h5 else np.zeros(0),
        cluster_energy=_table(h5, "/cluster_energy", path) if "/cluster_energy" in h5 else np.zeros(0),
        job_energy=_table(h5, "/job_energy", path) if "/job_energy" in h5 else np.zeros(0),
    )
    for name in OPTIONAL_SERIES:
        if name in h5:
            trace.extra[name.rsplit("/", 1)[1]] = _array(h5, name, path, 1)
    if "/energy/watts" in h5:  # a platform with power properties: each cluster's power over time
        trace.extra["energy_time"] = _array(h5, "/energy/time", path, 1)
        trace.extra["energy_watts"] = _array(h5, "/energy/watts", path, 2)
    return trace
