"""The schedule of a run as core intervals: `/allocations` (and `/shares` for time-shared hosts) on each cluster's
core axis, and the check that no core ever holds two jobs at once.

Each cluster's vertical axis is its compute hosts' cores in host order (host 0's cores first, each host's cores in
order): row `offset[host] + core`. How many cores each host has, and its name, come in this order of preference
from the trace's `/hosts` table; from the platform file the trace names (root attribute `platform`, looked up as
given, next to the trace, then in the repository) when its clusters add up to the processors of `/clusters`; else
they are derived: the smallest number of cores per host that divides the cluster's processors, covers every core
an allocation names (and every share a time-shared host carried) and leaves a host for every host index seen,
with a host's name mapped to its index by the number that ends it (`fs1-7` is host 7: true of every shipped
platform, whose file server is the last host). Host names are what `/failures` rows `host_down`/`host_up` give.

The reading is lazy: `load_schedule(trace)` reads the tables only when asked, so the other figures do not pay
for a large `/allocations`.
"""

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

import h5py
import numpy as np

from .paths import REPO
from .trace import OPTIONAL_FIELDS, TABLE_FIELDS, TraceFormatError, read_table, text

ALLOCATION_FIELDS = TABLE_FIELDS["/allocations"]
SHARE_FIELDS = TABLE_FIELDS["/shares"]
SHARE_JOB_FIELDS = OPTIONAL_FIELDS["/shares"]  # per component; older traces have only the host's sum
HOST_FIELDS = TABLE_FIELDS["/hosts"]

# owner
GRID, LOCAL, DUMMY = 0, 1, 2
OWNER_NAMES = {GRID: "grid component", LOCAL: "local job", DUMMY: "band dummy job"}
# outcome
COMPLETED, FAILED, ABORTED, UNFINISHED = 0, 1, 2, 3

# What a rectangle on the chart is
RUN, HELD, FAILED_RUN, LOCAL_JOB, DUMMY_JOB, SHARE = 0, 1, 2, 3, 4, 5
KIND_NAMES = {RUN: "run", HELD: "held", FAILED_RUN: "failed", LOCAL_JOB: "local", DUMMY_JOB: "dummy", SHARE: "share"}



@dataclass
class ClusterLayout:
    """One cluster's core axis: cores per compute host (host index order) and where each host's rows start."""
    name: str
    host_cores: np.ndarray
    host_names: dict = field(default_factory=dict)  # host name -> index, when the platform file was read
    source: str = "derived"

    @property
    def offsets(self) -> np.ndarray:
        return np.concatenate(([0], np.cumsum(self.host_cores)[:-1])).astype(np.int64)

    @property
    def cores(self) -> int:
        return int(self.host_cores.sum())

    def host_index(self, name: str) -> int:
        """The index of the host called `name`; -1 when it is not a compute host of this cluster."""
        if self.host_names:
            return self.host_names.get(name, -1)
        match = re.search(r"(\d+)$", name)
        index = int(match.group(1)) if match else -1
        return index if 0 <= index < self.host_cores.size else -1


@dataclass
class Schedule:
    allocations: np.ndarray  # /allocations rows
    shares: np.ndarray       # /shares rows (empty when no host was time-shared)
    layouts: list            # ClusterLayout per cluster index


@dataclass
class Rectangles:
    """Rectangles on one cluster's core axis: time [x0, x1), rows [y0, y1), and what each one is."""
    x0: np.ndarray
    x1: np.ndarray
    y0: np.ndarray
    y1: np.ndarray
    kind: np.ndarray       # RUN, HELD, ...
    job: np.ndarray        # grid job id; for local and dummy jobs the /local_jobs id
    component: np.ndarray  # -1 for local and dummy jobs
    placement: np.ndarray  # 1-based attempt; -1 for local and dummy jobs and for shares

    def __len__(self):
        return self.x0.size

    def select(self, mask) -> "Rectangles":
        return Rectangles(*(getattr(self, f)[mask] for f in RECTANGLE_FIELDS))


RECTANGLE_FIELDS = ("x0", "x1", "y0", "y1", "kind", "job", "component", "placement")


def holds_cores(schedule, job) -> bool:
    """Whether grid job `job` has an allocation or a share in the schedule."""
    rows, shares = schedule.allocations, schedule.shares
    if rows.size and (rows["job_id"][rows["owner"] == GRID] == job).any():
        return True
    return bool(shares.size and "job_id" in shares.dtype.names and (shares["job_id"] == job).any())


def has_allocations(trace) -> bool:
    with h5py.File(trace.path, "r") as h5:
        return "allocations" in h5


def load_schedule(trace) -> Schedule:
    """Read /allocations and /shares of a loaded trace; TraceFormatError when /allocations is missing."""
    path = trace.path
    try:
        with h5py.File(path, "r") as h5:
            if "allocations" not in h5:
                raise TraceFormatError(f"{path}: missing dataset '/allocations' (written by simulate versions that "
                                       "record which cores each job held)")
            allocations = read_table(h5, "/allocations", path, ALLOCATION_FIELDS)
            shares = read_table(h5, "/shares", path, SHARE_FIELDS) if "shares" in h5 else np.zeros(0)
            hosts = read_table(h5, "/hosts", path, HOST_FIELDS) if "hosts" in h5 else None
    except (KeyError, OSError, RuntimeError, ValueError, TypeError) as error:
        raise TraceFormatError(f"{path}: unreadable trace ({type(error).__name__}: {error})") from error
    return Schedule(allocations, shares, cluster_layouts(trace, allocations, shares, hosts))


# ------------------------------------------------------------------ the core axis of each cluster

def natural_key(name: str):
    """Numbers inside names compare as numbers (fs1-2 before fs1-10), as the engine orders hosts."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name) if part]


def _radical(spec: str):
    numbers = []
    for part in spec.split(","):
        low, _, high = part.partition("-")
        numbers += range(int(low), int(high or low) + 1)
    return numbers


def platform_hosts(platform_file) -> dict:
    """Cluster name -> [(host name, cores)] of its compute hosts in the engine's order (natural name order,
    the `file_server` left out), for the `<cluster>` and `<zone>` elements of a SimGrid platform file."""
    root = ElementTree.parse(platform_file).getroot()
    clusters = {}
    for element in root.iter():
        name = element.get("id")
        props = {p.get("id"): p.get("value") for p in element.findall("prop")}
        if element.tag == "cluster":
            cores = int(element.get("core", "1"))
            hosts = [(f"{element.get('prefix', '')}{i}{element.get('suffix', '')}", cores)
                     for i in _radical(element.get("radical", ""))]
        elif element.tag == "zone":
            hosts = [(h.get("id"), int(h.get("core", "1"))) for h in element.findall("host")]
        else:
            continue
        if not hosts:
            continue
        hosts.sort(key=lambda h: natural_key(h[0]))
        server = props.get("file_server")
        clusters[name] = [h for h in hosts if h[0] != server]
    return clusters


def _platform_of(trace):
    given = Path(str(trace.attrs.get("platform", "")))
    if not str(given):
        return None
    for candidate in (given, trace.path.parent / given, REPO / given):
        if candidate.is_file():
            try:
                return candidate, platform_hosts(candidate)
            except (ElementTree.ParseError, ValueError, OSError):
                return None
    return None


def _derived_cores_per_host(processors, need, hosts_seen):
    for cores in range(max(need, 1), processors + 1):
        if processors % cores == 0 and processors // cores >= hosts_seen:
            return cores
    return max(need, 1)


def _layout_from_hosts(trace, name, index, hosts):
    """The cluster's layout from the trace's /hosts rows; TraceFormatError when they do not make one."""
    rows = hosts[hosts["cluster"] == index]
    rows = rows[np.argsort(rows["index"], kind="stable")]
    if not np.array_equal(rows["index"], np.arange(rows.size)):
        raise TraceFormatError(f"{trace.path}: dataset '/hosts' does not number cluster {name}'s hosts 0..n-1")
    if int(rows["cores"].sum()) != int(trace.clusters["processors"][index]):
        raise TraceFormatError(f"{trace.path}: dataset '/hosts' gives cluster {name} {int(rows['cores'].sum())} "
                               f"cores, /clusters {int(trace.clusters['processors'][index])} processors")
    return ClusterLayout(name, rows["cores"].astype(np.int64), {text(n): i for i, n in enumerate(rows["name"])},
                         source="trace /hosts")


def cluster_layouts(trace, allocations, shares, hosts=None) -> list:
    names = trace.cluster_names
    processors = trace.clusters["processors"].astype(int)
    platform = None if hosts is not None else _platform_of(trace)
    layouts = []
    for index, name in enumerate(names):
        if hosts is not None:
            layouts.append(_layout_from_hosts(trace, name, index, hosts))
            continue
        if platform and name in platform[1]:
            listed = platform[1][name]
            cores = np.array([c for _, c in listed], dtype=np.int64)
            if cores.sum() == processors[index]:
                layouts.append(ClusterLayout(name, cores, {h: i for i, (h, _) in enumerate(listed)},
                                             source=f"platform {platform[0]}"))
                continue
        rows = allocations[allocations["cluster"] == index] if allocations.size else allocations
        need = int((rows["first_core"] + rows["cores"]).max()) if rows.size else 1
        hosts_seen = int(rows["host"].max()) + 1 if rows.size else 1
        if shares.size:
            on = shares[shares["cluster"] == index]
            if on.size:
                need = max(need, int(np.ceil(on["taken"].max() - 1e-9)))
                hosts_seen = max(hosts_seen, int(on["host"].max()) + 1)
        per_host = _derived_cores_per_host(int(processors[index]), need, hosts_seen)
        n_hosts = max(-(-int(processors[index]) // per_host), hosts_seen)
        layouts.append(ClusterLayout(name, np.full(n_hosts, per_host, dtype=np.int64)))
    return layouts


# ------------------------------------------------------------------ rectangles

def _released(allocations, end_time):
    released = allocations["released_at"].astype(float)
    return np.where(np.isnan(released), end_time, released)


def allocation_rectangles(schedule, cluster, end_time) -> Rectangles:
    """The /allocations rows of one cluster as rectangles: a grid attempt's held time (claimed, not yet started,
    or never started) and its run (failed or not) apart; local and dummy jobs whole."""
    rows = schedule.allocations
    rows = rows[rows["cluster"] == cluster] if rows.size else rows
    if not rows.size:
        return empty_rectangles()
    offsets = schedule.layouts[cluster].offsets
    host = rows["host"].astype(np.int64)
    if host.size and (host.min() < 0 or host.max() >= offsets.size):
        raise TraceFormatError(f"/allocations names host {int(host.max())} of cluster "
                               f"{schedule.layouts[cluster].name}, which has {offsets.size} compute hosts")
    y0 = (offsets[host] + rows["first_core"]).astype(float)
    y1 = y0 + rows["cores"]
    claimed = rows["claimed_at"].astype(float)
    started = rows["started_at"].astype(float)
    released = _released(rows, end_time)
    owner, outcome = rows["owner"], rows["outcome"]
    grid = owner == GRID
    ran = grid & ~np.isnan(started)
    held_end = np.where(ran, started, released)
    parts = [
        (grid & (held_end > claimed), claimed, held_end, HELD),
        (ran & (outcome != FAILED), started, released, RUN),
        (ran & (outcome == FAILED), started, released, FAILED_RUN),
        (owner == LOCAL, claimed, released, LOCAL_JOB),
        (owner == DUMMY, claimed, released, DUMMY_JOB),
    ]
    pieces = []
    for mask, start, end, kind in parts:
        if mask.any():
            pieces.append(Rectangles(start[mask], end[mask], y0[mask], y1[mask], np.full(mask.sum(), kind, np.int8),
                                     rows["job_id"][mask].astype(np.int64), rows["component"][mask].astype(np.int64),
                                     rows["placement"][mask].astype(np.int64)))
    return merge_adjacent(concatenate(pieces))


def merge_adjacent(rects) -> Rectangles:
    """One rectangle for rows of one job's component, attempt and kind over the same time that touch (a component
    on consecutive hosts is one block, not a stripe per host)."""
    if len(rects) < 2:
        return rects
    order = np.lexsort((rects.y0, rects.x1, rects.x0, rects.component, rects.placement, rects.job, rects.kind))
    r = rects.select(order)
    same = ((r.kind[1:] == r.kind[:-1]) & (r.job[1:] == r.job[:-1]) & (r.placement[1:] == r.placement[:-1])
            & (r.component[1:] == r.component[:-1]) & (r.x0[1:] == r.x0[:-1]) & (r.x1[1:] == r.x1[:-1])
            & (r.y0[1:] == r.y1[:-1]))
    if not same.any():
        return rects
    first = np.concatenate(([True], ~same))
    merged = r.select(first)
    merged.y1 = np.maximum.reduceat(r.y1, np.nonzero(first)[0])
    return merged


def share_rectangles(schedule, cluster, end_time) -> Rectangles:
    """A time-shared host's shares stacked in its rows: between two changes, each component's share (in cores) is a
    band, in the order the components arrived on the host. A trace without per-component shares gives one band
    per host: the sum `taken` (job -1)."""
    shares = schedule.shares
    if not shares.size:
        return empty_rectangles()
    shares = shares[shares["cluster"] == cluster]
    if not shares.size:
        return empty_rectangles()
    per_component = all(f in shares.dtype.names for f in SHARE_JOB_FIELDS)
    offsets = schedule.layouts[cluster].offsets
    order = np.argsort(shares["time"], kind="stable")
    shares = shares[order]
    out = {f: [] for f in RECTANGLE_FIELDS}
    for host in np.unique(shares["host"]):
        rows = shares[shares["host"] == host]
        base = float(offsets[int(host)])
        active = {}  # (job, component) -> share, in arrival order
        previous = None
        times = np.append(rows["time"].astype(float), end_time)
        for i, row in enumerate(rows):
            t = float(row["time"])
            if per_component:
                key = (int(row["job_id"]), int(row["component"]))
                active.pop(key, None) if row["share"] <= 0 else active.__setitem__(key, float(row["share"]))
            else:
                active = {(-1, -1): float(row["taken"])} if row["components"] > 0 else {}
            previous = t
            following = times[i + 1]
            if following <= previous or not active:
                continue
            level = base
            for (job, component), share in active.items():
                for key, value in (("x0", previous), ("x1", following), ("y0", level), ("y1", level + share),
                                   ("kind", SHARE), ("job", job), ("component", component), ("placement", -1)):
                    out[key].append(value)
                level += share
    return Rectangles(*(np.asarray(out[f], dtype=_DTYPES[f]) for f in RECTANGLE_FIELDS))


_DTYPES = {"x0": float, "x1": float, "y0": float, "y1": float, "kind": np.int8, "job": np.int64,
           "component": np.int64, "placement": np.int64}


def empty_rectangles() -> Rectangles:
    return Rectangles(*(np.zeros(0, dtype=_DTYPES[f]) for f in RECTANGLE_FIELDS))


def concatenate(pieces) -> Rectangles:
    if not pieces:
        return empty_rectangles()
    return Rectangles(*(np.concatenate([getattr(p, f) for p in pieces]).astype(_DTYPES[f])
                        for f in RECTANGLE_FIELDS))


def clip(rects, window) -> Rectangles:
    """Keep what overlaps [t0, t1), cut to it (zero-length rectangles go)."""
    t0, t1 = window
    keep = (rects.x1 > t0) & (rects.x0 < t1) & (rects.x1 > rects.x0)
    kept = rects.select(keep)
    kept.x0 = np.maximum(kept.x0, t0)
    kept.x1 = np.minimum(kept.x1, t1)
    return kept


def down_intervals(trace, layout, cluster, end_time) -> list:
    """(start, end, first row, last row + 1) of each outage of the cluster (all its rows) and each host failure
    (that host's rows), from /failures; one still under way at the end of the trace lasts until `end_time`."""
    failures = trace.failures
    if not failures.size:
        return []
    rows = failures[failures["cluster"] == cluster]
    rows = rows[np.argsort(rows["time"], kind="stable")]
    has_host = "host" in rows.dtype.names
    offsets, intervals = layout.offsets, []
    outage_since, host_since = None, {}
    for row in rows:
        kind, t = text(row["kind"]), float(row["time"])
        if kind == "outage" and outage_since is None:
            outage_since = t
        elif kind == "outage_end" and outage_since is not None:
            intervals.append((outage_since, t, 0, layout.cores))
            outage_since = None
        elif kind in ("host_down", "host_up") and has_host:
            host = layout.host_index(text(row["host"]))
            if host < 0:
                continue
            if kind == "host_down":
                host_since.setdefault(host, t)
            elif host in host_since:
                start = host_since.pop(host)
                intervals.append((start, t, int(offsets[host]), int(offsets[host] + layout.host_cores[host])))
    if outage_since is not None:
        intervals.append((outage_since, end_time, 0, layout.cores))
    for host, start in host_since.items():
        intervals.append((start, end_time, int(offsets[host]), int(offsets[host] + layout.host_cores[host])))
    return sorted(intervals)


# ------------------------------------------------------------------ checks

def core_conflicts(schedule, end_time=np.inf) -> list:
    """Every pair of allocations that held one core at one time, as text (empty when none): each row's cores over
    [claimed_at, released_at) (a release at t and a claim at t do not overlap). Sorting each core's intervals by
    start, an overlap exists iff two consecutive ones overlap, so checking neighbours finds every core in
    conflict. Also the cores a time-shared host lent out while it held shares."""
    rows = schedule.allocations
    problems = []
    if rows.size:
        claimed = rows["claimed_at"].astype(float)
        released = _released(rows, end_time)
        cores = rows["cores"].astype(np.int64)
        if (cores < 1).any():
            problems.append(f"{int((cores < 1).sum())} allocation(s) of fewer than one core")
            cores = np.maximum(cores, 0)
        index = np.repeat(np.arange(rows.size), cores)
        core = rows["first_core"][index].astype(np.int64) + (np.arange(index.size) -
                                                             np.repeat(np.cumsum(cores) - cores, cores))
        layouts = schedule.layouts
        global_row = np.array([0] + [l.cores for l in layouts]).cumsum()  # a row number per core of the grid
        cluster = rows["cluster"][index].astype(np.int64)
        offsets = [l.offsets for l in layouts]
        host = rows["host"][index].astype(np.int64)
        row = np.empty(index.size, dtype=np.int64)
        for c, layout in enumerate(layouts):
            on = cluster == c
            if not on.any():
                continue
            bad = (host[on] >= layout.host_cores.size) | (host[on] < 0)
            if not bad.any():
                bad = core[on] >= layout.host_cores[host[on]]
            if bad.any():
                problems.append(f"{int(bad.sum())} core(s) of cluster {layout.name} outside its "
                                f"{layout.host_cores.size} host(s) of {layout.host_cores.max()} core(s)")
                row[on] = -1
                continue
            row[on] = global_row[c] + offsets[c][host[on]] + core[on]
        keep = (row >= 0) & (released[index] > claimed[index])
        index, row = index[keep], row[keep]
        order = np.lexsort((claimed[index], row))
        index, row = index[order], row[order]
        clash = np.nonzero((row[1:] == row[:-1]) & (claimed[index[1:]] < released[index[:-1]]))[0]
        for i in clash[:20]:
            a, b = rows[index[i]], rows[index[i + 1]]
            problems.append(f"cluster {layouts[int(a['cluster'])].name} host {int(a['host'])}: a core held by "
                            f"{_who(a)} over [{a['claimed_at']:g}, {released[index[i]]:g}) and by {_who(b)} "
                            f"from {b['claimed_at']:g}")
        if clash.size > 20:
            problems.append(f"... {clash.size - 20} more overlapping pair(s)")
    problems += _shared_hosts_lent(schedule, end_time)
    return problems


def _who(row) -> str:
    if row["owner"] == GRID:
        return f"grid job {int(row['job_id'])} component {int(row['component'])} placement {int(row['placement'])}"
    return f"{OWNER_NAMES.get(int(row['owner']), 'owner ' + str(int(row['owner'])))} {int(row['job_id'])}"


def _shared_hosts_lent(schedule, end_time) -> list:
    """A host carrying shares is out of the space-shared pool: no allocation may hold its cores meanwhile."""
    shares, rows = schedule.shares, schedule.allocations
    if not shares.size or not rows.size:
        return []
    problems = []
    released = _released(rows, end_time)
    for cluster, host in {(int(c), int(h)) for c, h in zip(shares["cluster"], shares["host"])}:
        on = shares[(shares["cluster"] == cluster) & (shares["host"] == host)]
        on = on[np.argsort(on["time"], kind="stable")]
        times = on["time"].astype(float)
        busy_until = np.append(times[1:], end_time)
        held = rows[(rows["cluster"] == cluster) & (rows["host"] == host)]
        held_released = released[(rows["cluster"] == cluster) & (rows["host"] == host)]
        for start, end, n in zip(times, busy_until, on["components"]):
            if n <= 0 or end <= start:
                continue
            overlap = (held["claimed_at"] < end) & (held_released > start)
            if overlap.any():
                problems.append(f"cluster {schedule.layouts[cluster].name} host {host}: shared over [{start:g}, "
                                f"{end:g}) while {_who(held[overlap][0])} held cores of it")
                break
    return problems


def component_processors_mismatch(trace, schedule) -> list:
    """Each started component of /components holds, over its job's last attempt, as many cores as it has
    processors (grid rows only; components on time-shared hosts have no rows)."""
    rows = schedule.allocations
    if not rows.size or not trace.components.size:
        return []
    grid = rows[(rows["owner"] == GRID) & ~np.isnan(rows["started_at"].astype(float))]
    if not grid.size:
        return []
    last = {}
    for job, placement in zip(grid["job_id"], grid["placement"]):
        last[int(job)] = max(last.get(int(job), 0), int(placement))
    held = {}
    for job, component, placement, cores in zip(grid["job_id"], grid["component"], grid["placement"], grid["cores"]):
        if int(placement) == last[int(job)]:
            key = (int(job), int(component))
            held[key] = held.get(key, 0) + int(cores)
    problems = []
    for row in trace.components:
        key = (int(row["job_id"]), int(row["index"]))
        if key[0] in last and held.get(key, 0) != int(row["processors"]):
            problems.append(f"grid job {key[0]} component {key[1]}: {int(row['processors'])} processors in "
                            f"/components, {held.get(key, 0)} cores in /allocations over its last attempt")
    return problems[:20] + ([f"... {len(problems) - 20} more"] if len(problems) > 20 else [])


def check_schedule(trace, schedule=None) -> list:
    """Everything wrong with a trace's core intervals, as text (empty: none): no core held twice at once, no core
    outside its cluster, each started component holding its processors."""
    schedule = schedule or load_schedule(trace)
    return core_conflicts(schedule, trace.end_time) + component_processors_mismatch(trace, schedule)
